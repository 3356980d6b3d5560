"""``nvgpu.hazard.tx-bytes`` (nvgpu_ls/verify/hazards/transactions.py): the bytes an mbarrier phase
is told to expect against the bytes its TMA loads bring. The hazard kernels of
tests/data/hazards/ (which hung on an H200) and the fixed GEMM, then small kernels for each
part of the rule and each place it stays silent, and no hazard on any valid kernel we have."""

from __future__ import annotations

from pathlib import Path

import pytest

from nvgpu_ls.code_pages import code_url
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

from .conftest import DATA, ROOT

CODE = "nvgpu.hazard.tx-bytes"


def hazards(text: str) -> list:
    doc = Document(text)
    return [(doc.lines.line_of(d.start), d) for d in check_document(doc) if d.code.startswith("nvgpu.hazard")]


def test_too_many_bytes_announced_is_an_error_naming_both_loads():
    text = (DATA / "hazards" / "tx_bytes_too_many.mlir").read_text()
    [(line, found)] = hazards(text)
    lines = text.splitlines()
    assert "nvgpu.mbarrier.arrive.expect_tx" in lines[line] and found.code == CODE
    assert "expect 24704 bytes" in found.message and "bring 24576 (16384 + 8192)" in found.message
    assert "never completes" in found.message and "announce 24576" in found.message
    doc = Document(text)
    assert [doc.lines.line_of(r.start) for r in found.related] == [line + 1, line + 3]
    assert [r.message for r in found.related] == ["this TMA load brings 16384 bytes", "this TMA load brings 8192 bytes"]


def test_too_few_bytes_announced_says_the_phase_completes_early():
    [(_, found)] = hazards((DATA / "hazards" / "tx_bytes_too_few.mlir").read_text())
    assert "expect 16384 bytes" in found.message
    assert "complete before the last 8192 bytes have landed" in found.message


def test_the_fixed_gemm_has_no_hazard():
    assert hazards((DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()) == []


TMAP = "!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>"
BARRIERS = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>"


def kernel(body: str) -> str:
    return f"""\
!tmap = {TMAP}
!barriers = {BARRIERS}
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {{
  gpu.func @k(%map: !tmap, %tile: memref<64x64xf16, 3>, %p: i1, %n: index, %mask: i16) kernel {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %c2 = arith.constant 2 : index
    %half = arith.divui %c8192, %c2 : index
    %parity = arith.constant false
    %bar = nvgpu.mbarrier.create -> !barriers
{body}
    gpu.return
  }}
}}
"""


LOAD = "    nvgpu.tma.async.load %map[%c0, %c0], %bar[{id}] to %tile{extra} : !tmap, !barriers -> memref<64x64xf16, 3>\n"
EXPECT = "    nvgpu.mbarrier.arrive.expect_tx %bar[{id}], {bytes}{extra} : !barriers\n"
WAIT = "    nvgpu.mbarrier.try_wait.parity %bar[{id}], %parity, %c1 : !barriers\n"


def load(id: str = "%c0", extra: str = "") -> str:
    return LOAD.format(id=id, extra=extra)


def expect(bytes: str, id: str = "%c0", extra: str = "") -> str:
    return EXPECT.format(id=id, bytes=bytes, extra=extra)


def wait(id: str = "%c0") -> str:
    return WAIT.format(id=id)


@pytest.mark.parametrize("body", [
    expect("%c8192") + load() + wait(),                 # 64x64 f16 = 8192 bytes
    load() + expect("%c8192") + wait(),                 # the load may come first
    expect("%c4096") + expect("%half") + load() + wait(),  # announcements add up (4096 + 8192/2)
    expect("%c8192") + load() + wait() + expect("%c8192") + load() + wait(),  # one phase after the other
    expect("%c8192") + load() + load("%c1") + expect("%c8192", "%c1") + wait(),  # two barriers of a group
])
def test_bytes_that_add_up_are_silent(body):
    assert hazards(kernel(body)) == []


@pytest.mark.parametrize("body, announced, loaded", [
    (expect("%c4096") + load() + wait(), 4096, 8192),
    (expect("%c8192") + load() + load() + wait(), 8192, 16384),
    (expect("%c8192") + load() + wait() + expect("%c4096") + load() + wait(), 4096, 8192),  # the second phase
    (expect("%c8192") + load("%c1") + expect("%c8192", "%c1") + load("%c1") + wait("%c1"), 8192, 16384),
])
def test_bytes_that_do_not_add_up_are_an_error(body, announced, loaded):
    [(_, found)] = hazards(kernel(body))
    assert found.code == CODE and (found.data["announced"], found.data["loaded"]) == (announced, loaded)


@pytest.mark.parametrize("body", [
    expect("%n") + load() + wait(),                                  # a byte count not known
    expect("%c4096") + load(extra=" multicast_mask = %mask") + wait(),  # multicast with a mask not known
    expect("%c4096", extra=", predicate = %p") + load() + wait(),    # announced and loaded under different predicates
    expect("%c4096") + load("%n") + wait(),                          # a load on an unknown barrier
    expect("%c4096") + "    scf.if %p {\n" + load() + "    }\n" + wait(),  # a load in a nested region
    expect("%c4096") + wait(),                                       # no load in the block: loaded elsewhere
    # other threads announce in the other arm, in the same phase
    "    scf.if %p {\n" + expect("%c4096") + load() + "    } else {\n" + expect("%c4096") + "    }\n" + wait(),
    "    scf.if %p {\n" + expect("%c4096") + load() + wait() + "    } else {\n" + expect("%c4096") + wait()
    + "    }\n",
    # an announcement after the arm, before the wait that ends the phase
    "    scf.if %p {\n" + expect("%c4096") + load() + "    }\n" + expect("%c4096") + wait(),
])
def test_the_check_stays_silent_where_it_cannot_count(body):
    text = kernel(body)
    assert not [d for d in check_document(Document(text)) if d.severity.name == "ERROR" and
                not d.code.startswith("nvgpu.hazard")], "the sample itself must be valid"
    assert hazards(text) == []


def test_the_other_arm_announcing_nothing_leaves_the_arm_that_loads_countable():
    # upstream's first sm_90 TMA tests: thread 0 announces and loads, every other thread announces 0
    arms = "    scf.if %p {{\n" + load() + expect("{bytes}") + "    }} else {{\n" + expect("%c0") + "    }}\n" + wait()
    assert hazards(kernel(arms.format(bytes="%c8192"))) == []
    [(_, found)] = hazards(kernel(arms.format(bytes="%c4096")))
    assert (found.data["announced"], found.data["loaded"]) == (4096, 8192)


def _valid_kernels() -> list[Path]:
    own = [p for p in sorted(DATA.rglob("*.mlir")) if "hazards" not in p.parts and "diagnostics" not in p.parts]
    shared = [p for folder in ("conformance", "realworld") for p in sorted((ROOT.parent / "shared" / folder).rglob("*.mlir"))]
    return own + shared


def test_no_hazard_on_any_valid_kernel_we_have():
    found = []
    for path in _valid_kernels():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        found += [(str(path), line + 1, d.code) for line, d in hazards(text)]
    assert found == []


def test_hover_on_the_announcement_explains_the_rule():
    from lsprotocol import types as lsp

    from nvgpu_ls.features.context import FeatureContext
    from nvgpu_ls.features.hover import hover

    text = (DATA / "hazards" / "tx_bytes_too_many.mlir").read_text()
    doc = Document(text)
    ctx = FeatureContext(doc, "utf-16", diagnostics=check_document(doc))
    line = next(i for i, text_line in enumerate(text.splitlines()) if "arrive.expect_tx" in text_line)
    column = text.splitlines()[line].index("nvgpu.mbarrier") + 3
    shown = hover(ctx, lsp.Position(line, column)).contents.value
    assert f"**Hazard** [`nvgpu.hazard.tx-bytes`]({code_url('nvgpu.hazard.tx-bytes')})" in shown and "the waits on it hang" in shown
    fixed = Document((DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text())
    ctx = FeatureContext(fixed, "utf-16", diagnostics=check_document(fixed))
    line = next(i for i, text_line in enumerate(fixed.text.splitlines()) if "arrive.expect_tx" in text_line)
    assert "Hazard" not in hover(ctx, lsp.Position(line, column)).contents.value


@pytest.mark.parametrize("name", ["tx_bytes_too_many.mlir", "tx_bytes_too_few.mlir"])
def test_the_quick_fix_announces_what_the_loads_bring_and_clears_the_hazard(name):
    from nvgpu_ls.features.fixes import apply_edits, fixes_for

    text = (DATA / "hazards" / name).read_text()
    doc = Document(text)
    [found] = [d for d in check_document(doc) if d.code == CODE]
    [fix] = fixes_for(doc, found)
    assert fix.title == "Announce 24576 bytes (what the phase's TMA loads bring)" and fix.preferred
    fixed = apply_edits(text, fix.edits)
    assert "%step_bytes = arith.constant 24576 : index" in fixed
    assert hazards(fixed) == []


def test_no_quick_fix_where_the_constant_has_other_uses():
    from nvgpu_ls.features.fixes import fixes_for

    text = kernel(expect("%c4096") + load() + wait())  # %c4096 may be used elsewhere: not ours to change
    text = text.replace("    %half = arith.divui %c8192, %c2 : index", "    %half = arith.divui %c4096, %c2 : index")
    doc = Document(text)
    [found] = [d for d in check_document(doc) if d.code == CODE]
    assert fixes_for(doc, found) == []
