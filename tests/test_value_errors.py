"""Builtin and nvgpu types, and attribute dictionaries, as upstream's type parser reads them: where it stops, in its words and at its
place (a wrong token just past the text before it), and what each container holds — for the types
the grammar cannot read (``analysis/value_errors.py``) and the ones it reads but upstream refuses.
Every case is asked of ``mlir-opt-22`` too, so that a case cannot pin our own mistake."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.value_errors import element_problem, first_type_error

from .verify_support import MLIR_OPT, upstream_first_error_places

PREFIX = "func.func @f(%a: "
CASES: list[tuple[str, tuple[int, str] | None]] = [
    ('!nvgpu.device.async.token<>', None),
    ('!nvgpu.mbarrier.group', (21, "expected '<'")),
    ('!nvgpu.mbarrier.group<>', (22, 'expected valid keyword')),
    ('!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = -1>', None),
    ('!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4, num_barriers = 2>', (100, 'duplicate or unknown struct parameter name: num_barriers')),
    ('!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = x>', (82, 'expected integer value')),
    ('!nvgpu.mbarrier.group<memorySpace = , num_barriers = 2>', (35, 'expected attribute value')),
    ('!nvgpu.mbarrier.group<memorySpace = 3 num_barriers = 2>', (37, "expected '>'")),
    ('!nvgpu.mbarrier.group<memorySpace = 3, bogus = 2>', (47, 'duplicate or unknown struct parameter name: bogus')),
    ('!nvgpu.mbarrier.group<num_barriers = 2, memorySpace = 3>', None),
    ('!nvgpu.mbarrier.group<num_barriers = 4>', (38, 'struct is missing required parameter: memorySpace')),
    ('!nvgpu.tensormap.descriptor<swizzle = none, tensor = memref<64x64xf16, 3>, l2promo = none, oob = zero, interleave = none>', None),
    ('!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = 4, l2promo = none, oob = zero, interleave = none>', (69, 'expected valid keyword or string')),
    ('!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = bogus, l2promo = none, oob = zero, interleave = none>', (69, 'expected ::mlir::nvgpu::TensorMapSwizzleKind to be one of: none, swizzle_32b, swizzle_64b, swizzle_128b')),
    ('!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none, x = 1>', (120, "expected '>'")),
    ('!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero>', (101, "expected ','")),
    ('!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle none, l2promo = none, oob = zero, interleave = none>', (66, "expected '='")),
    ('!nvgpu.warpgroup.accumulator', (28, "expected '<'")),
    ('!nvgpu.warpgroup.accumulator<= vector<128x128xf32>>', (29, 'expected valid keyword')),
    ('!nvgpu.warpgroup.accumulator<>', (29, 'expected valid keyword')),
    ('!nvgpu.warpgroup.accumulator<fragmented = memref<4xf32>>', (42, "invalid kind of type specified: expected builtin.vector, but found 'memref<4xf32>'")),
    ('!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32> x>', (61, "expected '>'")),
    ('!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>,>', (61, "expected '>'")),
    ('!nvgpu.warpgroup.accumulator<fragmented vector<128x128xf32>>', (39, "expected '='")),
    ('!nvgpu.warpgroup.accumulator<fragmnted = vector<128x128xf32>>', (41, 'duplicate or unknown struct parameter name: fragmnted')),
    ('!nvgpu.warpgroup.descriptor<tensor = 4>', (36, 'expected non-function type')),
    ('!nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3> >', None),
    ('!nvgpu.warpgroup.descriptor<tensor = vector<4xf32>>', (37, "invalid kind of type specified: expected builtin.memref, but found 'vector<4xf32>'")),
    ('(i32 -> i32', (4, "expected ')'")),
    ('(i32) -> (i32, f32)', None),
    ('(i32) -> i32', None),
    ('(i32) i32', (5, "expected '->' in function type")),
    ('(i32, f32)', (10, "expected '->' in function type")),
    ('complex<f32', (11, "expected '>' in complex type")),
    ('complex<f32>', None),
    ('complex<f8E4M3FN>', None),
    ('complex<i32>', None),
    ('complex<index>', (8, 'invalid element type for complex')),
    ('complex<vector<4xf32>>', (8, 'invalid element type for complex')),
    ('i32', None),
    ('memref 4xf32>', (6, "expected '<' in memref type")),
    ('memref< <?x?xf32>', (7, 'expected non-function type')),
    ('memref<*f32>', (8, "expected 'x' in dimension list")),
    ('memref<*xf32, 1, 2>', (18, 'multiple memory spaces specified in memref type')),
    ('memref<*xf32, affine_map<(d0) -> (d0)>>', (38, 'cannot have affine map for unranked memref type')),
    ('memref<*xf32>', None),
    ('memref<0x4xf32>', None),
    ('memref<128x32xf16, 3,', (21, 'expected attribute value')),
    ('memref<128x8xf16, , 3>', (17, 'expected attribute value')),
    ('memref<18446744073709551616xf32>', (7, 'invalid dimension')),
    ('memref<4x!gpu.async.token>', (9, 'invalid memref element type')),
    ('memref<4x!gpu.mma_matrix<16x16xf16, "AOp">>', (9, 'invalid memref element type')),
    ('memref<4x!llvm.array<4 x i32>>', (9, 'invalid memref element type')),
    ('memref<4x!llvm.ptr<3>>', (9, 'invalid memref element type')),
    ('memref<4x!llvm.ptr>', (9, 'invalid memref element type')),
    ('memref<4x!llvm.struct<(i32)>>', (9, 'invalid memref element type')),
    ('memref<4x!nvgpu.device.async.token>', (9, 'invalid memref element type')),
    ('memref<4x!nvgpu.mbarrier.token>', (9, 'invalid memref element type')),
    ('memref<4x!ptr.ptr<#ptr.generic_space>>', None),
    ('memref<4x(i32)->i32>', (9, 'invalid memref element type')),
    ('memref<4x5f32>', (10, "expected 'x' in dimension list")),
    ('memref<4x8xf32, 3>', None),
    ('memref<4xcomplex<f32>>', None),
    ('memref<4xf32 3>', (12, "expected ',' or '>' in memref type")),
    ('memref<4xf32, "foo">', None),
    ('memref<4xf32, #gpu.address_space<"workgroup">>', None),
    ('memref<4xf32, #gpu.address_space<3>>', (33, 'expected valid keyword or string')),
    ('memref<4xf32, #gpu.address_space<bogus>>', (33, 'expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private')),
    ('memref<4xf32, #gpu.address_space<workgroup+>>', (42, "expected '>'")),
    ('memref<4xf32, #gpu.address_space<workgroup>, 1>', (46, 'multiple memory spaces specified in memref type')),
    ('memref<4xf32, #gpu.address_space>', (32, "expected '<'")),
    ('memref<4xf32, , 3>', (13, 'expected attribute value')),
    ('memref<4xf32, 1 : i64>', None),
    ('memref<4xf32, 1 : index>', None),
    ('memref<4xf32, 1, 2>', (18, 'multiple memory spaces specified in memref type')),
    ('memref<4xf32, 1, affine_map<(d0) -> (d0)>>', (41, 'expected memory space to be last in memref type')),
    ('memref<4xf32, 3', (15, "expected ',' or '>'")),
    ('memref<4xf32, 3 : i64>', None),
    ('memref<4xf32, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>>', None),
    ('memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>', None),
    ('memref<4xf32, strided<[1]>, strided<[1]>>', None),
    ('memref<4xf32,>', (13, 'expected list element')),
    ('memref<4xf32>', None),
    ('memref<4xfoo>', (9, 'expected non-function type')),
    ('memref<4xmemref<4xf32>>', None),
    ('memref<4xnone>', (9, 'invalid memref element type')),
    ('memref<4xtensor<4xf32>>', (9, 'invalid memref element type')),
    ('memref<4xtuple<i32>>', (9, 'invalid memref element type')),
    ('memref<4xvector<4xf32>>', None),
    ('memref<4xvector<[4]xf32>>', None),
    ('memref<9223372036854775807xf32>', None),
    ('memref<<xf32>', (7, 'expected non-function type')),
    ('memref<?x?xf32 to memref<*xf32>', (14, "expected ',' or '>' in memref type")),
    ('memref<?x?xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>', None),
    ('tensor 4xf32', (6, "expected '<' in tensor type")),
    ('tensor<*xf32>', None),
    ('tensor<18446744073709551616xf32>', (7, 'invalid dimension')),
    ('tensor<4x!gpu.async.token>', None),
    ('tensor<4x!gpu.mma_matrix<16x16xf16, "AOp">>', None),
    ('tensor<4x!llvm.array<4 x i32>>', None),
    ('tensor<4x!llvm.ptr<3>>', None),
    ('tensor<4x!llvm.ptr>', None),
    ('tensor<4x!llvm.struct<(i32)>>', None),
    ('tensor<4x!nvgpu.device.async.token>', None),
    ('tensor<4x!nvgpu.mbarrier.token>', None),
    ('tensor<4x!ptr.ptr<#ptr.generic_space>>', None),
    ('tensor<4x(i32)->i32>', (9, 'invalid tensor element type')),
    ('tensor<4xcomplex<f32>>', None),
    ('tensor<4xf32 3>', (12, "expected '>' in tensor type")),
    ('tensor<4xf32>', None),
    ('tensor<4xmemref<4xf32>>', (9, 'invalid tensor element type')),
    ('tensor<4xnone>', (9, 'invalid tensor element type')),
    ('tensor<4xtensor<4xf32>>', (9, 'invalid tensor element type')),
    ('tensor<4xtuple<i32>>', (9, 'invalid tensor element type')),
    ('tensor<4xvector<4xf32>>', None),
    ('tuple<(i32)->i32>', None),
    ('tuple<>', None),
    ('tuple<i32 f32>', (9, "expected '>' in tuple type")),
    ('tuple<i32, f32>', None),
    ('vector<0x0xf32>', (0, 'vector types must have positive constant sizes but got 0, 0')),
    ('vector<0xf32>', (0, 'vector types must have positive constant sizes but got 0')),
    ('vector<18446744073709551616xf32>', (7, 'invalid dimension')),
    ('vector<2x0xf32>', (0, 'vector types must have positive constant sizes but got 2, 0')),
    ('vector<2x2xf16 >', None),
    ('vector<2x2xf32,', (14, "expected '>' in vector type")),
    ('vector<2xf32 from vector<2x2xf32>', (12, "expected '>' in vector type")),
    ('vector<4x!gpu.async.token>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4x!gpu.mma_matrix<16x16xf16, "AOp">>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4x!llvm.array<4 x i32>>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4x!llvm.ptr<3>>', None),
    ('vector<4x!llvm.ptr>', None),
    ('vector<4x!llvm.struct<(i32)>>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4x!nvgpu.device.async.token>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4x!nvgpu.mbarrier.token>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4x!ptr.ptr<#ptr.generic_space>>', None),
    ('vector<4x0x2xf32>', (0, 'vector types must have positive constant sizes but got 4, 0, 2')),
    ('vector<4x8x>', (11, 'expected non-function type')),
    ('vector<4x>', (9, 'expected non-function type')),
    ('vector<4xcomplex<f32>>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<4xf32', (12, "expected '>' in vector type")),
    ('vector<4xf32, 3>', (12, "expected '>' in vector type")),
    ('vector<4xf32>', None),
    ('vector<4xf8E4M3FN>', None),
    ('vector<4xi1>', None),
    ('vector<4xindex>', None),
    ('vector<4xvector<4xf32>>', (0, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ('vector<[4]xf32>', None),
    ('vector<[4xf32>', (9, "missing ']' closing scalable dimension")),
    ('vector<x4xf32>', (7, 'expected non-function type')),
    ('x2xf16', (-1, 'expected non-function type')),
]
"""A type, and upstream's first error in it: (offset in the type, message), None when it is valid."""


def _function(type_text: str) -> str:
    return f"{PREFIX}{type_text}) {{\n  return\n}}\n"


@pytest.mark.parametrize(("type_text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_builtin_type_gets_upstreams_first_error_at_upstreams_place(type_text: str,
                                                                     expected: tuple[int, str] | None) -> None:
    doc = Document(_function(type_text))
    errors = sorted(doc.diagnostics(), key=lambda d: d.start)
    if expected is None:
        assert errors == [], errors
        return
    assert errors, "no error"
    offset, message = expected
    assert (errors[0].start - len(PREFIX), errors[0].message) == (offset, message)


def test_upstream_gives_these_verdicts() -> None:
    if MLIR_OPT is None:
        pytest.skip("mlir-opt-22 is not installed")
    found = upstream_first_error_places([_function(t) for t, _ in CASES])
    wrong = []
    for index, (type_text, expected) in enumerate(CASES):
        verdict = found.get(index)
        want = None if expected is None else (0, expected[0] + len(PREFIX) + 1, expected[1])
        if verdict != want:
            wrong.append((type_text, verdict))
    assert not wrong, wrong


ATTRIBUTE_PREFIX = "func.func @f() attributes "
ATTRIBUTE_CASES: list[tuple[str, tuple[int, str] | None]] = [
    ('{numGroups = 1 1 : i32}', (14, "expected '}' in attribute dictionary")),
    ('{offsets = [0, 0], sizes = [2, 2], strides = [1, 1-}', (50, "expected ',' or ']'")),
    ('{numGroups = = 1 : i32}', (12, 'expected attribute value')),
    ('{in_bounds = [true true, true, true]}', (18, "expected ',' or ']'")),
    ('{alignment = 1024  i64}', (17, "expected '}' in attribute dictionary")),
    ('{a = 1, b = "x" : i32, c = [1, [2, 3]], d = {e}, f = @g::@h, g = dense<1> : tensor<2xi32>}', None),
    ('{a = foo}', (4, 'expected attribute value')),
    ('{a = [1, ]}', (8, 'expected attribute value')),
    ('{a = 1,}', (7, 'expected attribute name')),
    ('{1 = 2}', (1, 'expected attribute name')),
    ('{a = 0 : }', (8, 'expected non-function type')),
    ('{a = array<i64: 1, 2>, b = affine_map<(d0) -> (d0)>, c = unit, d = f32, e = -3}', None),
    ('{a = [1, 2}', (10, "expected ',' or ']'")),
    ('{a = "s" : }', (10, 'expected non-function type')),
    ('{a = [[1], [2}]}', (13, "expected ',' or ']'")),
]
"""An attribute dictionary, and upstream's first error in it: (offset in the dictionary, message)."""


def _with_attributes(dictionary: str) -> str:
    return f"{ATTRIBUTE_PREFIX}{dictionary} {{\n  return\n}}\n"


@pytest.mark.parametrize(("dictionary", "expected"), ATTRIBUTE_CASES, ids=[c[0] for c in ATTRIBUTE_CASES])
def test_an_attribute_dictionary_gets_upstreams_first_error_at_upstreams_place(
        dictionary: str, expected: tuple[int, str] | None) -> None:
    errors = sorted(Document(_with_attributes(dictionary)).diagnostics(), key=lambda d: d.start)
    if expected is None:
        assert errors == [], errors
        return
    assert errors, "no error"
    assert (errors[0].start - len(ATTRIBUTE_PREFIX), errors[0].message) == expected


def test_upstream_gives_these_attribute_verdicts() -> None:
    if MLIR_OPT is None:
        pytest.skip("mlir-opt-22 is not installed")
    found = upstream_first_error_places([_with_attributes(d) for d, _ in ATTRIBUTE_CASES])
    wrong = [(dictionary, found.get(index)) for index, (dictionary, expected) in enumerate(ATTRIBUTE_CASES)
             if found.get(index) != (None if expected is None else (0, expected[0] + len(ATTRIBUTE_PREFIX) + 1,
                                                                    expected[1]))]
    assert not wrong, wrong


def test_a_type_the_reader_finds_nothing_wrong_with_is_left_to_the_grammar() -> None:
    assert first_type_error("memref<4xf32, #alias, 3>") is None  # an alias may be a layout or a space
    assert first_type_error("vector<4xf32>") is None


@pytest.mark.parametrize(("container", "element", "holds"), [
    ("vector", "!llvm.ptr<3>", True), ("vector", "!llvm.struct<(i32)>", False), ("vector", "!mine.t", True),
    ("memref", "!ptr.ptr<#ptr.generic_space>", True), ("memref", "!nvgpu.mbarrier.token", False),
    ("tensor", "!gpu.async.token", True), ("complex", "index", False), ("memref", "!alias", True),
])
def test_what_a_container_holds(container: str, element: str, holds: bool) -> None:
    assert (element_problem(container, element) is None) == holds
