"""Re-analysis after an edit touches only the enclosing op, and equals a fresh full parse."""

from __future__ import annotations

import random

from nvgpu_ls.analysis.document import Document

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
