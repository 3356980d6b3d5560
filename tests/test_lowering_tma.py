"""The TMA patterns: tma.async.load/store/reduce, tma.prefetch.descriptor, tma.fence.descriptor
and the host-side tma.create.descriptor."""

from __future__ import annotations

import re

import pytest

from .lowering_support import assert_upstream_accepts, lower, lower_result, upstream_lowering

SHAPES = {1: "128", 2: "16x32", 3: "2x16x32", 4: "2x2x8x32", 5: "2x2x2x8x32"}


def descriptor(rank: int, element: str = "f32", swizzle: str = "none", l2promo: str = "none", oob: str = "zero",
               layout: str = "") -> str:
    return (f"!nvgpu.tensormap.descriptor<tensor = memref<{SHAPES[rank]}x{element}{layout}, 3>, swizzle = {swizzle}, "
            f"l2promo = {l2promo}, oob = {oob}, interleave = none>")


def kernel(body: str, rank: int = 2, ptx: str = "80", layout: str = "", extra_args: str = "") -> str:
    coords = ", ".join(f"%i{k}" for k in range(rank))
    args = ", ".join(f"%i{k}: index" for k in range(5))
    tile = f"memref<{SHAPES[rank]}xf32{layout}, 3>"
    return f"""\
!tm = {descriptor(rank, layout=layout)}
!mb = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx{ptx}">] {{
  gpu.func @k(%t: !tm, %tile: {tile}, %mb: !mb, %id: index, %mask: i16, %p: i1, {args}{extra_args}) kernel {{
    {body.format(coords=coords, tile=tile)}
    gpu.return
  }}
}}
"""


def skeleton(text: str) -> list[str]:
    """The nvvm./llvm. ops of ``text`` with SSA names blanked out (casts and locations are not ops
    here); the module-level llvm.func declarations are left out (their place differs)."""
    lines = []
    for line in text.splitlines():
        line = re.sub(r"\s*loc\(.*\)\s*$", "", line.strip())
        line = re.sub(r"^%[\w#$.-]+ = ", "", line)
        if not line.startswith(("nvvm.", "llvm.")) or line.startswith("llvm.func"):
            continue
        lines.append(re.sub(r"%[\w#$.-]+", "%", line))
    return lines


def assert_matches_upstream(source: str) -> str:
    """Our lowering is accepted by upstream and, printed back by upstream, has the same ops with
    the same attributes and operand kinds, in the same order, as upstream's own conversion."""
    ours = assert_upstream_accepts(lower(source))
    assert skeleton(ours) == skeleton(upstream_lowering(source))
    return ours


# ---------------------------------------------------------------- tma.async.load
@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_load_of_every_rank_matches_upstream(rank):
    text = assert_matches_upstream(kernel(
        "nvgpu.tma.async.load %t[{coords}], %mb[%id] to %tile : !tm, !mb -> {tile}", rank))
    assert text.count("llvm.trunc") == rank
    assert f"box[{', '.join(['%'] * rank)}]" in skeleton(text)[-1]


@pytest.mark.parametrize("clause, words", [
    (" multicast_mask = %mask", ["multicast_mask = %"]),
    (", predicate = %p", ["predicate = %"]),
    (" multicast_mask = %mask, predicate = %p", ["multicast_mask = %", "predicate = %"]),
])
def test_load_threads_multicast_mask_and_predicate(clause, words):
    source = kernel("nvgpu.tma.async.load %t[{coords}], %mb[%id] to %tile" + clause + " : !tm, !mb -> {tile}", 2)
    op = skeleton(assert_matches_upstream(source))[-1]
    assert op.startswith("nvvm.cp.async.bulk.tensor.shared.cluster.global")
    assert all(word in op for word in words)


def test_load_writes_through_a_cluster_shared_pointer_and_signals_the_chosen_barrier():
    text = lower(kernel("nvgpu.tma.async.load %t[{coords}], %mb[%id] to %tile : !tm, !mb -> {tile}"))
    assert "llvm.addrspacecast" in text and "!llvm.ptr<3> to !llvm.ptr<7>" in text
    assert re.search(r"llvm.getelementptr %nv\d+\[%nv\d+\] : \(!llvm.ptr<3>, i64\) -> !llvm.ptr<3>, i64", text)


@pytest.mark.parametrize("layout", [", strided<[32, 1], offset: 512>", ", strided<[32, 1], offset: ?>"])
def test_load_into_a_subview_adds_the_offset_to_the_tile_address(layout):
    source = kernel("nvgpu.tma.async.load %t[{coords}], %mb[%id] to %tile : !tm, !mb -> {tile}", 2, layout=layout)
    ops = skeleton(assert_matches_upstream(source))
    gep = next(i for i, op in enumerate(ops) if op.startswith("llvm.getelementptr"))
    assert ops[gep + 1] == "llvm.addrspacecast % : !llvm.ptr<3> to !llvm.ptr<7>"


# ---------------------------------------------------------------- tma.async.store
@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("predicate", ["", ", predicate = %p"])
def test_store_of_every_rank_matches_upstream(rank, predicate):
    source = kernel("nvgpu.tma.async.store %tile to %t[{coords}]" + predicate + " : {tile} -> !tm", rank)
    op = skeleton(assert_matches_upstream(source))[-1]
    assert op.startswith("nvvm.cp.async.bulk.tensor.global.shared.cta")
    assert ("predicate = %" in op) == bool(predicate)


def test_store_from_a_subview_reads_at_its_offset():
    source = kernel("nvgpu.tma.async.store %tile to %t[{coords}] : {tile} -> !tm", 2,
                    layout=", strided<[32, 1], offset: 64>")
    text = assert_matches_upstream(source)
    assert "llvm.mlir.constant(64 : index) : i64" in text


# ---------------------------------------------------------------- prefetch and fence
@pytest.mark.parametrize("predicate, expected", [
    ("", "nvvm.prefetch tensormap, % : !llvm.ptr"),
    (", predicate = %p", "nvvm.prefetch tensormap, %, predicate = % : !llvm.ptr, i1"),
])
def test_prefetch_is_the_tensormap_form_of_nvvm_prefetch(predicate, expected):
    text = assert_matches_upstream(kernel("nvgpu.tma.prefetch.descriptor %t" + predicate + " : !tm"))
    assert skeleton(text) == [expected]


def test_fence_acquires_the_128_descriptor_bytes_at_system_scope():
    text = assert_matches_upstream(kernel("nvgpu.tma.fence.descriptor %t : !tm", ptx="83"))
    assert skeleton(text) == ["llvm.mlir.constant(128 : i32) : i32", "nvvm.fence.proxy.acquire <sys> %, %"]


# ---------------------------------------------------------------- tma.async.reduce
def reduce_kernel(kind: str, rank: int = 2, predicate: str = "", element: str = "f32") -> str:
    shape = SHAPES[rank]
    tile = f"memref<{shape}x{element}, 3>"
    coords = ", ".join(f"%i{k}" for k in range(rank))
    return f"""\
!tm = {descriptor(rank, element)}
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {{
  gpu.func @k(%t: !tm, %tile: {tile}, %p: i1, %i0: index, %i1: index, %i2: index, %i3: index, %i4: index) kernel {{
    nvgpu.tma.async.reduce %tile to %t[{coords}] kind = {kind}{predicate} : {tile} -> !tm
    gpu.return
  }}
}}
"""


@pytest.mark.parametrize("kind, element", [
    ("add", "f32"), ("min", "i32"), ("max", "f16"), ("inc", "i32"), ("dec", "i32"), ("and", "i32"), ("or", "i64"),
    ("xor", "i32"),
])
def test_reduce_is_the_cp_reduce_instruction_of_its_kind(kind, element):
    text = lower(reduce_kernel(kind, 2, element=element))
    assert (f'"cp.reduce.async.bulk.tensor.2d.global.shared::cta.{kind}.tile.bulk_group [$0, {{$2, $3}}], [$1];", '
            '"l,r,r,r"') in text
    assert "(!llvm.ptr, !llvm.ptr<3>, i32, i32) -> ()" in text
    assert_upstream_accepts(text)


@pytest.mark.parametrize("rank", [1, 3, 5])
def test_reduce_names_the_rank_and_one_i32_per_coordinate(rank):
    text = lower(reduce_kernel("add", rank))
    operands = ", ".join(f"${2 + k}" for k in range(rank))
    assert f"tensor.{rank}d.global.shared::cta.add.tile.bulk_group [$0, {{{operands}}}], [$1];" in text
    assert text.count("llvm.trunc") == rank
    assert_upstream_accepts(text)


def test_predicated_reduce_guards_the_instruction_with_its_last_operand():
    text = lower(reduce_kernel("add", 2, ", predicate = %p"))
    assert '"@$4 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group' in text
    assert '"l,r,r,r,b" ' in text and "i32, i32, i1) -> ()" in text
    assert_upstream_accepts(text)


def test_reduce_with_a_cache_hint_is_the_l2_cache_hint_form_taking_the_policy_before_the_predicate():
    text = lower(reduce_kernel("add", 2, " l2_cache_hint = %h, predicate = %p").replace("%p: i1,", "%p: i1, %h: i64,"))
    assert ('"@$5 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint '
            '[$0, {$2, $3}], [$1], $4;", "l,r,r,r,l,b"') in text
    assert "i32, i32, i64, i1) -> ()" in text
    assert_upstream_accepts(text)


# ---------------------------------------------------------------- tma.create.descriptor
def host(rank: int, element: str = "f32", swizzle: str = "none", l2promo: str = "none", oob: str = "zero",
         inner: int = 32) -> str:
    boxes = ", ".join(f"%b{k}" for k in range(rank))
    args = ", ".join(f"%b{k}: index" for k in range(rank))
    shape = "x".join(SHAPES[rank].split("x")[:-1] + [str(inner)])
    desc = (f"!nvgpu.tensormap.descriptor<tensor = memref<{shape}x{element}, 3>, swizzle = {swizzle}, "
            f"l2promo = {l2promo}, oob = {oob}, interleave = none>")
    return f"""\
func.func @host(%u: memref<*x{element}>, {args}) -> {desc} {{
  %t = nvgpu.tma.create.descriptor %u box[{boxes}] : memref<*x{element}> -> {desc}
  return %t : {desc}
}}
"""


@pytest.mark.parametrize("rank, element, swizzle, l2promo, oob, inner", [
    (1, "f32", "none", "none", "nan", 128),
    (2, "f16", "swizzle_128b", "l2promo_64b", "zero", 64),
    (3, "bf16", "swizzle_64b", "l2promo_128b", "zero", 32),
    (4, "i32", "swizzle_32b", "l2promo_256b", "zero", 8),
    (5, "ui8", "none", "none", "zero", 32),
])
def test_create_descriptor_calls_the_runtime_encoder_as_upstream(rank, element, swizzle, l2promo, oob, inner):
    source = host(rank, element, swizzle, l2promo, oob, inner)
    text = assert_matches_upstream(source)
    assert text.count("llvm.store") == rank
    assert "llvm.func @mgpuTensorMapEncodeTiledMemref(i64, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr) -> !llvm.ptr" \
        in text


def test_create_descriptor_declares_the_encoder_once_for_every_call():
    source = host(2).replace("  return %t", "  %t2 = nvgpu.tma.create.descriptor %u box[%b0, %b1] : memref<*xf32> -> "
                             + descriptor(2) + "\n  return %t")
    text = lower(source)
    assert text.count("llvm.func @mgpuTensorMapEncodeTiledMemref") == 1
    assert text.count("llvm.call @mgpuTensorMapEncodeTiledMemref") == 2
    assert_upstream_accepts(text)


def test_create_descriptor_result_is_cast_back_for_the_unlowered_return():
    text = lower(host(1))
    assert re.search(r"%t = builtin.unrealized_conversion_cast %nv\d+ : !llvm.ptr to !nvgpu.tensormap.descriptor", text)


def test_create_descriptor_of_an_element_type_without_a_driver_code_is_not_lowered():
    result = lower_result(host(1, "i8"))
    assert result.text is None or "llvm.call" not in result.text
    assert any("Not supported data type" in d.message for d in result.diagnostics)


def test_every_generated_op_points_back_at_its_source_line():
    text = lower(kernel("nvgpu.tma.async.load %t[{coords}], %mb[%id] to %tile : !tm, !mb -> {tile}"))
    lines = [line for line in text.splitlines() if re.match(r"\s*(%\w+ = )?(nvvm|llvm)\.", line)]
    assert lines and all('loc("test.mlir":5:5)' in line for line in lines)
