"""Re-analysis after an edit touches only the enclosing op, and equals a fresh full parse."""

from __future__ import annotations

import random

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import CheckOptions, check_document

from .conftest import DATA


def summary(doc: Document) -> list:
    """Everything observable about a document, positions included."""
    rows = []
    for op in doc.ops():
        rows.append((op.name, op.start, op.end, op.name_start, tuple((u.name, u.start, u.end,
                     u.definition.start if u.definition else None) for u in op.operands),
                     tuple((r.name, r.start) for r in op.results),
                     tuple((t.start, t.end, str(t.type)) for t in op.types),
                     tuple((k, e.start, e.end) for k, e in sorted(op.attributes.items())),
                     tuple((s.name, s.start, s.target.start if s.target else None,
                            tuple(sorted(r.start for r in s.references))) for s in op.symbols),
                     tuple((b.label, b.start, tuple((a.name, a.start) for a in b.args))
                           for r in op.regions for b in r.blocks)))
    diags = [(d.start, d.end, d.message) for d in doc.diagnostics()]
    return [rows, diags, sorted(u.start for u in doc.undefined), sorted(s.start for s in doc.unresolved_symbols)]


def test_edit_inside_a_function_is_incremental_and_exact():
    text = (DATA / "structure.mlir").read_text()
    doc = Document(text)
    edited = text.replace("%next = arith.addi %acc, %i", "%next = arith.addi %acc, %acc2", 1)
    doc.update(edited)
    assert doc.last_update == "incremental"
    assert summary(doc) == summary(Document(edited))
    assert any(u.name == "%acc2" for u in doc.undefined)


def test_edit_that_unbalances_braces_falls_back_to_a_full_parse():
    text = (DATA / "structure.mlir").read_text()
    doc = Document(text)
    edited = text.replace("scf.yield %next : index", "scf.yield %next : index }", 1)
    doc.update(edited)
    assert summary(doc) == summary(Document(edited))


def test_random_edits_always_match_a_full_parse():
    base = (DATA / "structure.mlir").read_text()
    rng = random.Random(20261122)
    doc = Document(base)
    text = base
    alphabet = "%abc0123456789 :,()[]{}<>=\n\"#!^@.-x"
    incremental = 0
    for _ in range(300):
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + rng.choice((0, 0, 1, 2, 5)))
        insert = "".join(rng.choice(alphabet) for _ in range(rng.choice((0, 1, 1, 3))))
        text = text[:start] + insert + text[end:]
        doc.update(text)
        incremental += doc.last_update == "incremental"
        assert summary(doc) == summary(Document(text))
        if rng.random() < 0.05:  # start over now and then so the file stays mostly valid
            text = base
            doc.update(text)
    assert incremental > 30


def test_an_edit_in_an_op_whose_last_brace_closes_an_attribute_dictionary_is_read_whole():
    """The function runs to the end of the file, unclosed; its text ends with ``}`` of an attribute
    dictionary, which once passed for the function's closing brace (found by the fuzzer)."""
    text = ("func.func @f(%a: vector<4x2xf16>) -> vector<2x2xf32> {\n  // note\n"
            "  %0 = nvgpu.mma.sync(%a, %a, %a) {mmaShape = [16, 8, 16]}")
    doc = Document(text)
    edited = text.replace("// note", "// notes")
    doc.update(edited)
    assert summary(doc) == summary(Document(edited))
    assert any("to close the region" in d.message for d in doc.diagnostics())


def test_edits_of_files_cut_short_match_a_full_parse():
    """Files ending inside a region (every prefix of a real one), edited with brackets and words:
    where a region left open ends decides what its parent holds, so no edit may keep a stale reading."""
    texts = [path.read_text() for path in sorted(DATA.rglob("*.mlir"))[:40]]
    rng = random.Random(3)
    for _ in range(1000):
        text = rng.choice(texts)
        text = text[:rng.randrange(len(text) // 2, len(text) + 1)]
        doc = Document(text)
        for _ in range(2):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(["}", "{", "x", " ", "%", "}\n", "{x}", ")"]) + text[at:]
            doc.update(text)
            assert summary(doc) == summary(Document(text))


def test_symbol_links_survive_an_edit_inside_a_function():
    text = ("module {\n  func.func @callee() {\n    return\n  }\n  func.func @caller() {\n"
            "    %c = arith.constant 1 : i32\n    func.call @callee() : () -> ()\n    return\n  }\n}\n")
    doc = Document(text)
    edited = text.replace("arith.constant 1", "arith.constant 12")
    doc.update(edited)
    assert doc.last_update == "incremental"
    assert summary(doc) == summary(Document(edited))
    (call,) = [op for op in doc.ops() if op.name == "func.call"]
    assert call.symbols[0].target.owner.symbol_name == "@callee"


def test_an_edit_inside_an_op_without_regions_reads_it_alone_and_exactly():
    """A file of many top-level ops was read whole for each keystroke (issue 16): only ops with
    regions were read again alone. An edit in an op's first token, which reading the op before it
    looked at, reads that op again too; inside a function the function is the fallback."""
    line = '"test.op"() : () -> ()\n'
    text = line * 40 + "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"
    body = text.index("%0 = arith")
    edits = [(20 * len(line) + 15, "x"), (20 * len(line) + 3, "y"), (body + 1, "1"), (body + 12, "u"),
             (20 * len(line) + 10, "()")]
    for offset, insert in edits:
        doc = Document(text)
        edited = text[:offset] + insert + text[offset:]
        doc.update(edited)
        assert doc.last_update == "incremental", (offset, insert)
        assert summary(doc) == summary(Document(edited)), (offset, insert)


WORDS = ["arith.addi", "i32", "index", "memref<4xf32>", "%0", "%c1", "loc(#l)", "{a = 1}", ": i32", "->",
         "nvgpu.ldmatrix", "vector<4xf16>", '"x"', '"']


@pytest.mark.parametrize("name", ["lowering/warpgroup_kloop.mlir", "code_actions/unknown_chip_wgmma.mlir",
                                  "verify/warpgroup/valid.mlir"])
def test_random_edits_of_words_and_characters_match_a_full_parse(name):
    """Whole tokens typed into ops of every kind, in sequences (the model after one incremental
    update is the start of the next), each compared with a fresh parse: diagnostics in order,
    spans, links and the checks' findings. The same over every test and upstream file, 80,000
    edits, found the four cases pinned below."""
    base = (DATA / name).read_text()
    rng = random.Random(name)
    alphabet = "%abc0123456789 :,()[]{}<>=\n\"#!^@.-x"
    doc, text, incremental = Document(base), base, 0
    for _ in range(200):
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + rng.choice((0, 0, 1, 2, 5)))
        insert = rng.choice(WORDS) if rng.random() < 0.3 else \
            "".join(rng.choice(alphabet) for _ in range(rng.choice((0, 1, 1, 3))))
        text = text[:start] + insert + text[end:]
        doc.update(text)
        incremental += doc.last_update == "incremental"
        fresh = Document(text)
        assert summary(doc) == summary(fresh)
        assert _findings(doc) == _findings(fresh)
        if rng.random() < 0.05:
            text = base
            doc.update(text)
    assert incremental > 5


def _findings(doc: Document) -> list:
    return sorted((d.start, d.end, d.message) for d in check_document(doc, CheckOptions()))


def _matches_a_full_parse_after(before: str, after: str) -> Document:
    """``before`` updated to ``after``, checked against a fresh parse of ``after``."""
    doc = Document(before)
    doc.update(after)
    assert summary(doc) == summary(Document(after))
    return doc


def test_an_op_whose_error_recovery_reads_past_the_scanned_tokens_is_not_spliced():
    """Recovery skips to the next token that starts an op; comments hold none, so that token may
    lie past the tokens scanned after the op, and the op then ended early (found by fuzzing)."""
    before = ("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n"
              + ("  // " + "x" * 60 + "\n") * 10 + "7\n  return %0 : i32\n}\n")
    at = before.index(": i32\n")
    _matches_a_full_parse_after(before, before[:at] + "]9]" + before[at + 1:])


def test_a_string_left_open_to_the_end_of_the_line_is_read_whole():
    before = ("func.func @m(%x: vector<4x1xf32>, %y: vector<2x1xf32>, %z: vector<2x2xf32>) -> vector<2x2xf32> {\n"
              "  %d = nvgpu.mma.sync (%x, %y, %z) {mmaShape = [16, 8, 8]} : (vector<4x1xf32>, vector<2x1xf32>, "
              "vector<2x2xf32>) -> vector<2x2xf32> // d\n  return %d : vector<2x2xf32>\n}\n")
    at = before.index("%y, %z)")
    _matches_a_full_parse_after(before, before[:at] + '"' + before[at + 3:])


def test_two_problems_at_one_place_keep_the_order_of_the_ops_that_found_them():
    """An op re-read reports at the next op's name, where that op reports too: a full parse lists
    the first op's problem first, and so must the update."""
    before = ("!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>\n"
              "func.func @f(%e: !acc, %out: memref<64x128xf32, 3>) {\n"
              "  nvgpu.warpgroup.mma.store %e, %out : !acc to memref<64x128xf32, 3>\n"
              "  nvgpu.warpgrma.store %e, %out : !acc to memref<64x128xf32, 3>\n  return\n}\n")
    at = before.index("!acc to memref")
    assert _matches_a_full_parse_after(before, before[:at] + "!ac7x9memref" + before[at + 14:]).last_update == \
        "incremental"


def test_what_a_re_read_op_looked_at_moves_to_the_op_after_it():
    """A sequence of 56 edits (found by fuzzing): after an op is read again, the op after it must
    know how far that reading looked into it, or a later edit there is read without it."""
    import json

    recorded = json.loads((DATA / "incremental" / "stale_prefix_reach.json").read_text())
    text = (DATA / recorded["base"]).read_text()
    doc = Document(text)
    for start, end, insert in recorded["edits"]:
        text = text[:start] + insert + text[end:]
        doc.update(text)
        assert summary(doc) == summary(Document(text))
