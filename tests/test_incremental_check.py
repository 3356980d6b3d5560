"""IncrementalCheck equals check_document after every edit, and re-verifies only what an edit touches.

The property test applies a few hundred seeded random edits (characters typed and deleted,
attribute values changed, lines broken and joined, aliases, function signatures and
``#nvvm.target``\\ s edited, undos) to generated kernels, the test data files and a file full
of errors, and after each one compares the incremental check of the incrementally updated
Document with a fresh ``check_document`` of a fresh Document of the same text: the same
diagnostics, in the same order, with the same data.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic
from nvgpu_ls.verify import CheckOptions, check_document
from nvgpu_ls.verify.incremental import IncrementalCheck

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from generate import edit_site, generate  # noqa: E402

DATA = Path(__file__).parent / "data"

ERRORS = """\
#smem = #gpu.address_space<workgroup>
!tile = memref<64x64xf16, #smem>
!bar = !nvgpu.mbarrier.group<memorySpace = #smem>

module attributes {gpu.container_module} {
  gpu.module @old [#nvvm.target<chip = "sm_75">] {
    gpu.func @mma(%s: !tile, %i: index, %c: vector<2x2xf32>) kernel {
      %a = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = false} : !tile -> vector<4x2xf16>
      %b = nvgpu.ldmatrix %s[%i, %i] {numTiles = 3 : i32, transpose = true} : !tile -> vector<2x2xf16>
      %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %bar = nvgpu.mbarrier.create -> !bar
      gpu.return
    }
    gpu.func @copies(%g: memref<128x128xf16>, %s: !tile, %i: index) kernel {
      %t0 = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8 : memref<128x128xf16> to !tile
      %g0 = nvgpu.device_async_create_group %t0
      %g1 = nvgpu.device_async_create_group %t0
      nvgpu.device_async_wait %g1 {numGroups = -1 : i32}
      gpu.return
    }
    func.func @device_helper(%x: index) -> index {
      %t = nvgpu.tma.create.descriptor %u box[%x] : memref<*xf16> -> !nvgpu.tensormap.descriptor<tensor = memref<64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
      %y = arith.addi %z, %x : index
      %z = arith.addi %x, %x : index
      %y = arith.addi %x, %x : i32
      return %y : index
    }
  }
  gpu.module @new [#nvvm.target<chip = "sm_90a", features = "+ptx80">, #nvvm.target<chip = "sm_80">] {
    gpu.func @wg(%s: !tile, %i: index) kernel {
      %bar = nvgpu.mbarrier.create -> !bar
      %c1 = arith.constant 1 : index
      nvgpu.mbarrier.init %bar[%i], %c1 : !bar
      %tok = nvgpu.mbarrier.arrive %bar[%i] : !bar -> !nvgpu.mbarrier.token
      gpu.return
    }
  }
  func.func @host(%n: index) -> index {
    %r = scf.for %i = %n to %n step %n iter_args(%acc = %n) -> (index) {
      %next = arith.addi %acc, %missing : index
      scf.yield %next : index
    }
    "cf.br"()[^nowhere] : () -> ()
    %v = func.call @helper(%n) : (index) -> index
    return %r : index
  }
  func.func @helper(%x: index) -> index {
    return %x : index
  }
}

// -----

gpu.module @untargeted {
  gpu.func @k(%s: memref<64x64xf16, 3>, %i: index) kernel {
    %a = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, 3> -> vector<4x2xf16>
    gpu.return
  }
}
"""
"""Verifier errors and warnings in several functions (one with a line number in its message,
one whose related span lies outside its function), use-def errors, gate errors under two
modules with one and two targets, an untargeted chunk."""

OPTIONS = [
    CheckOptions(),
    CheckOptions(target="sm_80", target_origin="settings"),
    CheckOptions(severities={"nvgpu.*": "warning", "ssa.undefined": "off", "target.none": "hint"}),
    CheckOptions(target="sm_999", severities={"nvgpu.sm-gate": "info"}),
]


def full(diagnostics: list[Diagnostic]) -> list[tuple[Diagnostic, object]]:
    """Diagnostics with their data (``Diagnostic`` equality leaves data out)."""
    return [(d, d.data) for d in diagnostics]


def assert_same(checker: IncrementalCheck, doc: Document, options: CheckOptions, note: str = "") -> list[Diagnostic]:
    found = checker.check(doc, options)
    expected = check_document(Document(doc.text), options)
    assert full(found) == full(expected), note
    return found


# ---------------------------------------------------------------------------- random edits
CHARS = "0123456789abcfixz%@#!<>(){}[]:,=-. \n\"x"
CHIPS = ["sm_75", "sm_80", "sm_90", "sm_90a", "sm_100a", "sm_999"]


def _insert(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(CHARS) + text[at:]


def _delete(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text))
    return text[:at] + text[at + rng.randint(1, 3):]


def _replace_match(rng: random.Random, text: str, pattern: str, replacement) -> str | None:
    matches = list(re.finditer(pattern, text, re.M))
    if not matches:
        return None
    match = rng.choice(matches)
    new = replacement(match) if callable(replacement) else replacement
    return text[:match.start()] + new + text[match.end():]


def _number(rng: random.Random, text: str) -> str | None:
    return _replace_match(rng, text, r"\b\d+\b", str(rng.choice([0, 1, 2, 3, 4, 8, 16, 32, 64, 128])))


def _line(rng: random.Random, text: str) -> str | None:
    if rng.random() < 0.5:  # break a line at a space
        return _replace_match(rng, text, r"(?<=\S) (?=\S)", "\n")
    return _replace_match(rng, text, r"\n(?=\s*\S)", " ")  # join two lines


def _alias(rng: random.Random, text: str) -> str | None:
    swaps = [("workgroup", "global"), ("global", "workgroup"), ("f16", "f32"), ("64x64", "32x64"),
             ("#smem", "3"), ("= memref", "= memref<4xi8>  // "), ("<", "<<")]
    old, new = rng.choice(swaps)
    return _replace_match(rng, text, r"^[#!]\w+ = .*$", lambda m: m.group(0).replace(old, new, 1))


def _signature(rng: random.Random, text: str) -> str | None:
    swaps = [("index", "i32"), ("f16", "f32"), ("(%", "(%extra: index, %"), ("kernel", ""), ("@", "@renamed_")]
    old, new = rng.choice(swaps)
    return _replace_match(rng, text, r"^\s*(gpu\.func|func\.func) @.*$", lambda m: m.group(0).replace(old, new, 1))


def _target(rng: random.Random, text: str) -> str | None:
    choice = rng.random()
    if choice < 0.6:
        return _replace_match(rng, text, r'chip = "sm_\w+"', f'chip = "{rng.choice(CHIPS)}"')
    if choice < 0.8:
        return _replace_match(rng, text, r'features = "\+ptx\d+"', f'features = "+ptx{rng.choice([63, 70, 80, 86])}"')
    return _replace_match(rng, text, r" \[#nvvm\.target<[^\]]*\]", "")


def _in_body(rng: random.Random, text: str) -> str | None:
    """Type one character just after a random SSA name (inside some function body)."""
    return _replace_match(rng, text, r"(?<=\n)\s+%\w+", lambda m: m.group(0) + rng.choice("0123456789_x "))


EDITS = [(_insert, 3), (_delete, 3), (_number, 3), (_line, 2), (_alias, 1), (_signature, 1), (_target, 1),
         (_in_body, 4)]


def random_edit(rng: random.Random, text: str, history: list[str]) -> str:
    if history and rng.random() < 0.07:
        return rng.choice(history)  # undo to an earlier version
    while True:
        edit = rng.choices([e for e, _ in EDITS], weights=[w for _, w in EDITS])[0]
        new = edit(rng, text)
        if new is not None and new != text:
            return new


def _sources() -> list[tuple[str, str]]:
    return [
        ("generated", generate(150)),
        ("errors", ERRORS),
        ("nvgpu_syntax", (DATA / "nvgpu_syntax.mlir").read_text()),
        ("structure", (DATA / "structure.mlir").read_text()),
        ("copy_kernel", (DATA / "server" / "copy_kernel.mlir").read_text()),
    ]


@pytest.mark.parametrize("name,text", _sources(), ids=[name for name, _ in _sources()])
def test_random_edits_agree_with_a_fresh_check(name: str, text: str) -> None:
    rng = random.Random(f"incremental-check-{name}")
    doc = Document(text)
    checker = IncrementalCheck()
    assert_same(checker, doc, OPTIONS[0])
    history = [text]
    for step in range(100):
        text = random_edit(rng, text, history)
        history.append(text)
        options = OPTIONS[0] if rng.random() < 0.7 else rng.choice(OPTIONS)
        doc.update(text)
        assert_same(checker, doc, options, f"{name}, edit {step}")
        if rng.random() < 0.15:  # every so often a reset to the original, to keep the file mostly sane
            text = history[0]


# ---------------------------------------------------------------------------- named cases
def _kernel_text() -> str:
    return generate(150)


def test_an_edit_inside_one_function_reuses_the_others() -> None:
    text = _kernel_text()
    doc = Document(text)
    checker = IncrementalCheck()
    assert_same(checker, doc, CheckOptions())
    units = checker.computed
    assert units >= 5
    site = edit_site(text, 2)
    doc.update(text[:site] + "7" + text[site + 1:])
    assert_same(checker, doc, CheckOptions())
    assert (checker.reused, checker.computed) == (units - 1, 1)
    text = doc.text[:site] + "7" + doc.text[site:]  # an insertion moves every function after it
    doc.update(text)
    assert_same(checker, doc, CheckOptions())
    assert (checker.reused, checker.computed) == (units - 1, 1)


def test_a_broken_function_is_verified_again_and_the_rest_reused() -> None:
    text = _kernel_text()
    doc = Document(text)
    checker = IncrementalCheck()
    assert_same(checker, doc, CheckOptions())
    site = edit_site(text, 1)
    doc.update(text[:site] + "%" + text[site + 1:])  # ``arith.constant 1%``: a syntax error
    found = assert_same(checker, doc, CheckOptions())
    assert any(d.code.startswith("syntax") for d in found)
    assert checker.computed == 1
    doc.update(text)
    assert assert_same(checker, doc, CheckOptions()) == []


def test_alias_edit_reverifies_every_function() -> None:
    doc = Document(ERRORS)
    checker = IncrementalCheck()
    before = assert_same(checker, doc, CheckOptions())
    doc.update(ERRORS.replace("#smem = #gpu.address_space<workgroup>", "#smem = #gpu.address_space<global>"))
    after = assert_same(checker, doc, CheckOptions())
    assert checker.reused == 0
    assert full(after) != full(before)  # ldmatrix and mbarrier now see global memory


def test_target_edit_changes_the_gate_of_unedited_functions() -> None:
    doc = Document(ERRORS)
    checker = IncrementalCheck()
    before = assert_same(checker, doc, CheckOptions())
    assert any(d.code == "nvgpu.sm-gate" for d in before)
    doc.update(ERRORS.replace('#nvvm.target<chip = "sm_75">', '#nvvm.target<chip = "sm_90", features = "+ptx80">'))
    after = assert_same(checker, doc, CheckOptions())
    assert not any(d.code == "nvgpu.sm-gate" for d in after)


def test_signature_edit_of_a_called_function_reverifies_every_function() -> None:
    doc = Document(ERRORS)
    checker = IncrementalCheck()
    assert_same(checker, doc, CheckOptions())
    units = checker.computed
    doc.update(ERRORS.replace("func.func @helper(%x: index) -> index", "func.func @helper(%x: i32) -> index"))
    assert_same(checker, doc, CheckOptions())
    assert (checker.reused, checker.computed) == (0, units)


def test_severity_options_change_applies_to_reused_functions() -> None:
    doc = Document(ERRORS)
    checker = IncrementalCheck()
    assert_same(checker, doc, CheckOptions())
    plain = assert_same(checker, doc, CheckOptions())
    uncached = checker.computed  # @device_helper: its tma.host-only note points outside it
    assert uncached == 1
    relevelled = assert_same(checker, doc, OPTIONS[2])
    assert checker.computed == uncached  # nothing else re-verified, only re-levelled
    assert full(relevelled) != full(plain)
    assert not any(d.code == "ssa.undefined" for d in relevelled)
    with_target = assert_same(checker, doc, OPTIONS[1])
    assert any(d.code == "nvgpu.sm-gate" and "sm_80" in d.message for d in with_target) or with_target != plain


def test_line_numbers_in_messages_follow_a_line_break_above() -> None:
    doc = Document(ERRORS)
    checker = IncrementalCheck()
    before = assert_same(checker, doc, CheckOptions())
    assert any("created on line 16" in d.message for d in before)
    bar = "      %bar = nvgpu.mbarrier.create -> !bar\n"
    doc.update(ERRORS.replace(bar, bar + "\n", 1))  # a blank line inside @mma, above @copies
    after = assert_same(checker, doc, CheckOptions())
    assert any("created on line 17" in d.message for d in after)


def test_a_related_span_outside_the_function_is_not_cached() -> None:
    doc = Document(ERRORS)
    checker = IncrementalCheck()
    found = assert_same(checker, doc, CheckOptions())
    host_only = next(d for d in found if d.code == "nvgpu.tma.host-only")
    assert host_only.related[0].start < ERRORS.index("func.func @device_helper")
    text = ERRORS.replace("gpu.module @old", "gpu.module  @old")  # moves the module's own span
    doc.update(text)
    assert_same(checker, doc, CheckOptions())


# ---------------------------------------------------------------------------- Document.update cases
# Found by the random edits with other seeds: the incremental re-read of the model itself
# disagreed with a fresh parse (so the check of it did too).
def test_a_syntax_error_blamed_on_the_edited_function_moves_with_the_edit() -> None:
    """``-`` alone on a line is reported at the end of the line before it, the last token of
    @f, by the parse of what follows: re-reading @f does not report it again, so it must move."""
    text = "gpu.module @m {\n  gpu.func @f(%x: index) kernel {\n    %y = arith.addi %x, %x : index\n" \
           "    gpu.return\n  }\n-\n}\n"
    doc = Document(text)
    checker = IncrementalCheck()
    assert_same(checker, doc, CheckOptions())
    at = text.index("%y = ") + 2
    doc.update(text[:at] + "8" + text[at:])
    assert doc.last_update == "incremental"
    found = assert_same(checker, doc, CheckOptions())
    assert [d.code for d in found] == ["syntax.error"]


def test_undefined_values_of_a_re_read_module_are_not_kept_twice() -> None:
    """Editing the module header re-reads the whole module: the undefined uses found in the
    old one (at the old text's offsets) go, the new ones are found again."""
    text = 'module {\n  gpu.module @k [#nvvm.target<chip = "sm_90">] {\n  }\n' \
           '  func.func @h(%a: index) -> index {\n    return %r : index\n  }\n}\n'
    doc = Document(text)
    checker = IncrementalCheck()
    assert_same(checker, doc, CheckOptions())
    doc.update(text.replace(' [#nvvm.target<chip = "sm_90">]', ""))
    found = assert_same(checker, doc, CheckOptions())
    assert [d.code for d in found] == ["ssa.undefined"]
