"""The target gate's diagnostics: codes, spans, messages, related places and quick-fix data."""

from __future__ import annotations

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify.gate import check_targets, instance_requirement

from .conftest import CONFORMANCE, needs_conformance

ACC = "!nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>"
WG_A = "!nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>"
WG_B = "!nvgpu.warpgroup.descriptor<tensor = memref<16x8xf16, 3>>"
DESC = ("!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, "
        "oob = zero, interleave = none>")
WGMMA = f"%d = nvgpu.warpgroup.mma %da, %db, %acc {{transposeB}} : {WG_A}, {WG_B}, {ACC} -> {ACC}"
ARGS = f"%da: {WG_A}, %db: {WG_B}, %acc: {ACC}, %desc: {DESC}, %x: vector<2xf32>, %a16: vector<4x2xf16>, " \
       "%b16: vector<2x2xf16>, %c32: vector<2x2xf32>, %a8: vector<2x2xf16>, %b8: vector<1x2xf16>, %rb: i32"


def module(body: str, targets: str = '[#nvvm.target<chip = "sm_80">]', name: str = "k", attrs: str = "") -> str:
    attributes = f" attributes {{{attrs}}}" if attrs else ""
    return (f"gpu.module @{name} {targets}{attributes} {{\n  func.func @f({ARGS}) {{\n    {body}\n"
            f"    return\n  }}\n}}\n")


def gate(text: str, target: str | None = None, origin: str = "--target"):
    doc = Document(text)
    assert not doc.diagnostics(), [d.message for d in doc.diagnostics()]
    return doc, check_targets(doc, target, origin)


def span_text(doc: Document, diag) -> str:
    return doc.text[diag.start:diag.end]


# ---------------------------------------------------------------------------- the gate
def test_sm_gate_message_span_related_and_data() -> None:
    doc, diags = gate(module(WGMMA))
    assert len(diags) == 1
    diag = diags[0]
    assert diag.code == "nvgpu.sm-gate" and diag.severity == Severity.ERROR
    assert diag.message == "'nvgpu.warpgroup.mma' requires sm_90a; this gpu.module targets sm_80"
    assert span_text(doc, diag) == "nvgpu.warpgroup.mma"
    assert len(diag.related) == 1
    assert doc.text[diag.related[0].start:diag.related[0].end] == '#nvvm.target<chip = "sm_80">'
    assert diag.data["lowestTarget"] == "sm_90a"
    assert diag.data["ptx"] == "8.0"
    assert diag.data["module"] == "@k"


def test_satisfied_target_is_silent() -> None:
    _, diags = gate(module(WGMMA, '[#nvvm.target<chip = "sm_90a">]'))
    assert diags == []


def test_a_feature_not_inherited_by_later_arch() -> None:
    _, diags = gate(module(WGMMA, '[#nvvm.target<chip = "sm_100a", features = "+ptx87">]'))
    assert [d.message for d in diags] == ["'nvgpu.warpgroup.mma' requires sm_90a; this gpu.module targets sm_100a"]


def test_ptx_gate_when_only_the_isa_is_too_old() -> None:
    body = f"nvgpu.tma.fence.descriptor %desc : {DESC}"
    doc, diags = gate(module(body, '[#nvvm.target<chip = "sm_90", features = "+ptx80">]'))
    assert len(diags) == 1
    assert diags[0].code == "nvgpu.ptx-gate"
    assert diags[0].message == ("'nvgpu.tma.fence.descriptor' requires PTX ISA 8.3; "
                                "this gpu.module targets PTX ISA 8.0 (add features = \"+ptx83\" to the #nvvm.target)")
    assert span_text(doc, diags[0]) == "nvgpu.tma.fence.descriptor"
    assert diags[0].data["lowestTarget"] == "sm_90" and diags[0].data["ptx"] == "8.3"
    _, fine = gate(module(body, '[#nvvm.target<chip = "sm_90", features = "+ptx83">]'))
    assert fine == []


def test_default_ptx_of_a_chip_counts() -> None:
    """sm_90 without features gets PTX 7.8, too old for TMA (8.0)."""
    body = f"nvgpu.tma.prefetch.descriptor %desc : {DESC}"
    _, diags = gate(module(body, '[#nvvm.target<chip = "sm_90">]'))
    assert [d.code for d in diags] == ["nvgpu.ptx-gate"]
    assert "targets PTX ISA 7.8" in diags[0].message


def test_instance_forms_refine_the_requirement() -> None:
    m16n8k8 = ("%d = nvgpu.mma.sync (%a8, %b8, %c32) {mmaShape = [16, 8, 8]} "
               ": (vector<2x2xf16>, vector<1x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>")
    m16n8k16 = ("%e = nvgpu.mma.sync (%a16, %b16, %c32) {mmaShape = [16, 8, 16]} "
                ": (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>")
    doc, diags = gate(module(f"{m16n8k8}\n    {m16n8k16}", '[#nvvm.target<chip = "sm_75", features = "+ptx65">]'))
    assert len(diags) == 1
    assert diags[0].message == "'nvgpu.mma.sync' requires sm_80; this gpu.module targets sm_75"
    second = [op for op in doc.ops() if op.name == "nvgpu.mma.sync"][1]
    assert (diags[0].start, diags[0].end) == (second.name_start, second.name_end)
    # sm_75's own default, PTX 6.3, is too old even for m16n8k8
    _, old_isa = gate(module(m16n8k8, '[#nvvm.target<chip = "sm_75">]'))
    assert [d.message for d in old_isa] == [
        "'nvgpu.mma.sync' requires PTX ISA 6.5; this gpu.module targets PTX ISA 6.3 (add features = \"+ptx65\" to the #nvvm.target)"]


def test_truncf_forms() -> None:
    rs = "%r = nvgpu.truncf %x, %rb <{rnd = #nvvm.fp_rnd_mode<rs>}> : vector<2xf32> to vector<2xf16>"
    nosat = "%s = nvgpu.truncf %x <{sat = #nvvm.sat_mode<none>}> : vector<2xf32> to vector<2xf16>"
    doc = Document(module(f"{rs}\n    {nosat}"))
    ops = [op for op in doc.ops() if op.name == "nvgpu.truncf"]
    assert instance_requirement(ops[0], doc).sm == "sm_100a"
    assert (instance_requirement(ops[1], doc).sm, instance_requirement(ops[1], doc).ptx) == ("sm_80", "7.0")
    _, diags = gate(module(f"{rs}\n    {nosat}", '[#nvvm.target<chip = "sm_100f">]'))
    assert [d.message for d in diags] == [
        "'nvgpu.truncf' requires sm_100a or sm_103a; this gpu.module targets sm_100f"]


def test_every_listed_target_is_checked() -> None:
    _, diags = gate(module(WGMMA, '[#nvvm.target<chip = "sm_90a">, #nvvm.target<chip = "sm_100a">]'))
    assert [d.message for d in diags] == ["'nvgpu.warpgroup.mma' requires sm_90a; this gpu.module targets sm_100a"]


def test_lowest_target_covers_every_gated_op_of_the_module() -> None:
    body = f"{WGMMA}\n    nvgpu.tma.fence.descriptor %desc : {DESC}"
    _, diags = gate(module(body, '[#nvvm.target<chip = "sm_80">]'))
    assert {d.data["lowestTarget"] for d in diags} == {"sm_90a"}
    assert {d.data["ptx"] for d in diags} == {"8.3"}


def test_conflicting_ops_have_no_lowest_target() -> None:
    body = (f"{WGMMA}\n    %m = nvgpu.truncf %x, %rb <{{rnd = #nvvm.fp_rnd_mode<rs>}}> "
            ": vector<2xf32> to vector<2xf16>")
    _, diags = gate(module(body, '[#nvvm.target<chip = "sm_80">]'))
    assert len(diags) == 2
    for diag in diags:
        assert diag.data["lowestTarget"] is None and diag.data["ptx"] is None
        assert "'nvgpu.warpgroup.mma' (sm_90a)" in diag.data["conflict"]
        assert "'nvgpu.truncf' (sm_100a or sm_103a)" in diag.data["conflict"]


def test_nv_tileaa_attributes() -> None:
    doc, diags = gate(module(WGMMA, "", attrs="nv_tileaa.compute_capability = 90 : i32"))
    assert [d.message for d in diags] == ["'nvgpu.warpgroup.mma' requires sm_90a; this gpu.module targets sm_90"]
    assert doc.text[diags[0].related[0].start:diags[0].related[0].end] == "nv_tileaa.compute_capability = 90 : i32"
    _, fine = gate(module(WGMMA, "", attrs='nv_tileaa.target_spec = "sm_90a"'))
    assert fine == []


def test_fallback_target_gates_modules_without_their_own() -> None:
    doc, diags = gate(module(WGMMA, ""), "sm_80", "nvgpu-ls.toml")
    assert [d.message for d in diags] == ["'nvgpu.warpgroup.mma' requires sm_90a; this gpu.module targets sm_80"]
    assert diags[0].related == ()  # the fallback has no place in the file ...
    assert diags[0].data["targetOrigin"] == "nvgpu-ls.toml"  # ... its origin travels in the data
    _, overridden = gate(module(WGMMA, '[#nvvm.target<chip = "sm_90a">]'), "sm_80", "nvgpu-ls.toml")
    assert overridden == []


def test_file_level_ops_are_gated_with_a_fallback() -> None:
    text = f"func.func @f({ARGS}) {{\n  {WGMMA}\n  return\n}}\n"
    doc, diags = gate(text, "sm_80", "--target")
    assert [d.message for d in diags] == ["'nvgpu.warpgroup.mma' requires sm_90a; this file targets sm_80"]
    assert diags[0].data["module"] is None


def test_host_side_ops_are_not_gated() -> None:
    text = ("func.func @h(%t: memref<*xf16>, %c: index) {\n"
            f"  %d = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf16> -> {DESC}\n  return\n}}\n")
    _, diags = gate(text, "sm_50", "--target")
    assert diags == []
    _, none = gate(text)
    assert none == []  # nothing gated, so no "target checks skipped" either


# ---------------------------------------------------------------------------- no target / bad target
def test_no_target_is_one_information() -> None:
    body = f"{WGMMA}\n    nvgpu.tma.fence.descriptor %desc : {DESC}"
    text = module(body, "", name="a") + module(body, "", name="b")
    doc, diags = gate(text)
    assert len(diags) == 1
    diag = diags[0]
    assert diag.code == "target.none" and diag.severity == Severity.INFORMATION
    assert "skipped" in diag.message
    for hint in ("#nvvm.target", "nvgpu-ls.toml", 'target = "sm_90a"', "--target"):
        assert hint in diag.message
    assert span_text(doc, diag) == "nvgpu.warpgroup.mma"
    assert diag.data["lowestTarget"] == "sm_90a"


def test_unknown_chip_on_the_attribute() -> None:
    doc, diags = gate(module(WGMMA, '[#nvvm.target<chip = "sm_91">]'), "sm_90a")
    assert len(diags) == 1
    assert diags[0].code == "target.unknown-chip" and diags[0].severity == Severity.ERROR
    assert span_text(doc, diags[0]) == '#nvvm.target<chip = "sm_91">'
    assert "unknown chip 'sm_91'" in diags[0].message and "sm_90a" in diags[0].message


def test_unknown_chip_reported_even_without_gated_ops() -> None:
    text = 'gpu.module @k [#nvvm.target<chip = "compute_90">] {\n}\n'
    doc, diags = gate(text)
    assert [d.code for d in diags] == ["target.unknown-chip"]
    assert span_text(doc, diags[0]) == '#nvvm.target<chip = "compute_90">'


def test_unknown_chip_in_tileaa_attribute() -> None:
    doc, diags = gate(module(WGMMA, "", attrs='nv_tileaa.target_spec = "sm_95"'))
    assert [d.code for d in diags] == ["target.unknown-chip"]
    assert span_text(doc, diags[0]) == 'nv_tileaa.target_spec = "sm_95"'


def test_unknown_fallback_chip() -> None:
    doc, diags = gate(module(WGMMA, ""), "sm_91", "--target")
    assert [d.code for d in diags] == ["target.unknown-chip"]
    assert "sm_91" in diags[0].message and "--target" in diags[0].message
    assert span_text(doc, diags[0]) == "nvgpu.warpgroup.mma"


# ---------------------------------------------------------------------------- nvvm ops
def test_nvvm_op_wording() -> None:
    text = ('gpu.module @t [#nvvm.target<chip = "sm_90">] {\n'
            "  func.func @f(%p: !llvm.ptr<3>, %n: i32) {\n    nvvm.tcgen05.alloc %p, %n : !llvm.ptr<3>, i32\n"
            "    return\n  }\n}\n")
    doc, diags = gate(text)
    assert [d.message for d in diags] == ["'nvvm.tcgen05.alloc' op is not supported on sm_90; it requires sm_100f or sm_110f"]
    assert diags[0].code == "nvvm.sm-gate"
    assert span_text(doc, diags[0]) == "nvvm.tcgen05.alloc"


def test_trivial_nvvm_requirements_are_not_gated() -> None:
    text = "func.func @f() {\n  %t = nvvm.read.ptx.sreg.tid.x : i32\n  return\n}\n"
    _, diags = gate(text)
    assert diags == []


@needs_conformance
def test_upstream_target_tests() -> None:
    expectations = {
        "mlir/test/Dialect/LLVMIR/nvvm-target-invalid.mlir": "'nvvm.tcgen05.alloc' op is not supported on sm_90",
        "mlir/test/Dialect/LLVMIR/nvvm/invalid-convert-stochastic-rounding.mlir":
            "'nvvm.convert.f32x4.to.f8x4' op is not supported on sm_100",
    }
    for path, expected in expectations.items():
        doc = Document((CONFORMANCE / path).read_text())
        messages = [d.message for d in check_targets(doc, None, "--target") if d.code == "nvvm.sm-gate"]
        assert any(expected in m for m in messages), (path, messages)


# ---------------------------------------------------------------------------- kernel attributes
def kernel_with(attrs: str, targets: str) -> str:
    return (f"gpu.module @k {targets} {{\n  gpu.func @f() kernel attributes {{{attrs}}} {{\n    gpu.return\n  }}\n}}\n")


CLUSTERS = ("nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.reqntid = array<i32: 128, 1, 1>, "
            "nvvm.cluster_max_blocks = 4 : i32, nvvm.blocksareclusters, nvvm.maxnreg = 64 : i32")


def test_cluster_attributes_below_sm_90_are_sm_gated_on_their_names_as_silently_dropped() -> None:
    doc, diags = gate(kernel_with(CLUSTERS, '[#nvvm.target<chip = "sm_80">]'))
    assert [(d.code, span_text(doc, d)) for d in diags] == [
        ("nvvm.sm-gate", "nvvm.cluster_dim"), ("nvvm.sm-gate", "nvvm.cluster_max_blocks"),
        ("nvvm.sm-gate", "nvvm.blocksareclusters")]
    assert diags[0].message == ("attribute 'nvvm.cluster_dim' requires sm_90; this gpu.module targets sm_80: LLVM's "
                                "NVPTX back end drops it without a word, and the kernel launches without it")
    assert diags[0].data["lowestTarget"] == "sm_90"
    assert [r.message for r in diags[0].related] == ['target sm_80 (PTX ISA 7.0) set here (#nvvm.target)']


def test_blocks_are_clusters_needs_ptx_9_0_on_sm_90_and_the_fix_data_says_so() -> None:
    doc, diags = gate(kernel_with(CLUSTERS, '[#nvvm.target<chip = "sm_90">]'))
    assert [(d.code, span_text(doc, d)) for d in diags] == [("nvvm.ptx-gate", "nvvm.blocksareclusters")]
    assert 'add features = "+ptx90" to the #nvvm.target' in diags[0].message
    assert (diags[0].data["lowestTarget"], diags[0].data["ptx"]) == ("sm_90", "9.0")
    assert gate(kernel_with(CLUSTERS, '[#nvvm.target<chip = "sm_90a", features = "+ptx90">]'))[1] == []


def test_every_target_of_the_list_gates_a_cluster_attribute_and_a_fallback_does_too() -> None:
    _, diags = gate(kernel_with("nvvm.cluster_dim = array<i32: 2, 1, 1>",
                                '[#nvvm.target<chip = "sm_90">, #nvvm.target<chip = "sm_86">]'))
    assert [d.data["target"] for d in diags] == ["sm_86"]
    _, diags = gate(kernel_with('"nvvm.cluster_max_blocks" = 2 : i32', ""), target="sm_89")
    assert [(d.code, d.data["targetOrigin"]) for d in diags] == [("nvvm.sm-gate", "--target")]


def test_gpu_shuffle_and_all_reduce_need_ptx_6_0_for_the_shfl_sync_they_become() -> None:
    body = ("    %c0 = arith.constant 0 : i32\n    %w = arith.constant 32 : i32\n"
            "    %r, %v = gpu.shuffle idx %a, %c0, %w : f32\n"
            "    %s = gpu.all_reduce add %a uniform {} : (f32) -> f32\n")
    text = ('gpu.module @k [#nvvm.target<chip = "sm_60">] {\n  gpu.func @f(%a: f32) kernel {\n'
            f"{body}    gpu.return\n  }}\n}}\n")
    doc, diags = gate(text)
    assert [(d.code, span_text(doc, d)) for d in diags] == [("gpu.ptx-gate", "gpu.shuffle"),
                                                             ("gpu.ptx-gate", "gpu.all_reduce")]
    assert 'add features = "+ptx60"' in diags[0].message
    assert gate(text.replace('chip = "sm_60"', 'chip = "sm_60", features = "+ptx60"'))[1] == []
