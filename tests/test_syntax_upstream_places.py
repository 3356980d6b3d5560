"""Syntax errors at upstream's place with upstream's words: dialect bodies scanned by character,
alias definitions, enum keywords, a type that does not close, dotted names."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document

from .upstream_cases import Case, assert_ours, assert_upstream_agrees

CASES = [
    Case('attribute-alias-without-equals', '#map1  affine_map<()[s0] -> (-s0 + 32)>\nfunc.func @f() {\n  return\n}\n', 1,
         "expected '=' in attribute alias definition"),
    Case('type-alias-without-equals', '!b !nvgpu.warpgroup.descriptor =<tensor = memref<64x128xf16, 3>>\nfunc.func @f() {\n  return\n}\n', 1,
         "expected '=' in type alias definition"),
    Case('unbalanced-dialect-body', '!b = !nvgpu.mbarrier.group<<memorySpace = #gpu.address_space<workgroup>>\nmemref.global "private" @tileB : memref<64x64xf16, 3> {alignment = 1024 : i64}\nfunc.func @f() {\n  return\n}\n', 2,
         "unbalanced '<' character in pretty dialect name"),
    Case('enum-keyword-missing', 'func.func @f() {\n  %c = gpu.thread_id\n  %1 = arith.cmpi eq, %c, %c : index\n  return\n}\n', 3,
         "custom op 'gpu.thread_id' expected valid keyword or string"),
    Case('attribute-dictionary-not-closed', 'func.func @f(%a: index) {\n  %d = arith.addi %a, %a {mmaShape = [16, 8, 64]-> : index\n  return\n}\n', 2,
         "expected '}' in attribute dictionary"),
    Case('undefined-alias', 'func.func @f(%a: !t) {\n  return\n}\n', 1,
         "undefined symbol alias id 't'"),
    Case('dots-0', '!u.t = f32\nfunc.func @f() {\n  return\n}\n', 1,
         "type names with a '.' are reserved for dialect-defined names"),
    Case('dots-1', '#u.t = 1\nfunc.func @f() {\n  return\n}\n', 1,
         "attribute names with a '.' are reserved for dialect-defined names"),
    Case('dots-2', 'func.func @f(%a: !u.t) {\n  return\n}\n', 1,
         '`!"u"<"t">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used'),
    Case('dots-3', 'func.func @f() attributes {x = #u.t} {\n  return\n}\n', 1,
         '#"u"<"t"> : \'none\' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used'),
    Case('dots-4', 'func.func @f() attributes {x = #gpu.foo} {\n  return\n}\n', 1,
         'unknown attribute `foo` in dialect `gpu`'),
    Case('dots-5', 'func.func @f() attributes {x = #nvvm.foo} {\n  return\n}\n', 1,
         'unknown attribute `foo` in dialect `nvvm`'),
    Case('dots-6', 'func.func @f(%a: !gpu.foo) {\n  return\n}\n', 1,
         'unknown gpu type: foo'),
    Case('dots-7', 'func.func @f(%a: !nvvm.foo) {\n  return\n}\n', 1,
         "dialect 'nvvm' provides no type parsing hook"),
    Case('vector-alias-0', '!t0 = f32\nfunc.func @f(%v: vector<2x!t0>) {\n  return\n}\n', None),
    Case('vector-alias-1', '!t0 = memref<2xf32>\nfunc.func @f(%v: vector<2x!t0>) {\n  return\n}\n', 2,
         "failed to verify 'elementType': VectorElementTypeInterface instance"),
    Case('vector-alias-2', '!t0 = f32\n!t1 = !t0\nfunc.func @f() {\n  %c = arith.constant dense<1.0> : vector<2x!t1>\n  return\n}\n', None),
    Case('stray-brace-own-line', 'func.func @f() {\n  return\n}\n}\n', 3, "expected operation name in quotes"),
    Case('stray-brace-same-line', 'func.func @f() {\n  return\n} }\n', 3, "expected operation name in quotes"),
    Case('stray-brace-after-comments', 'func.func @f() {\n  return\n}\n\n// a comment\n}\n', 3,
         "expected operation name in quotes"),
    Case('stray-brace-first', '}\nfunc.func @f() {\n  return\n}\n', 1, "expected operation name in quotes"),
    Case('operand-list-trailing-comma', 'func.func @f(%m: memref<4x4xf32>, %i: index) {\n  %v = memref.load %m[%i, ] : memref<4x4xf32>\n  return\n}\n', 2,
         "expected SSA operand"),
    Case('operand-list-double-comma', 'gpu.module @k {\n  gpu.func @g(%a: f32) kernel {\n    gpu.return %a, , %a : f32, f32\n  }\n}\n', 3,
         "expected SSA operand"),
    Case('functional-type-without-arrow', 'func.func private @p(memref<4xf16>)\nfunc.func @f(%a: memref<4xf16>) {\n  call @p(%a) : (memref<4xf16>) ] ()\n  return\n}\n', 3,
         "expected '->' in function type"),
    Case('functional-type-not-a-function', 'func.func private @p(memref<4xf16>)\nfunc.func @f(%a: memref<4xf16>) {\n  call @p(%a) : memref<4xf16>\n  return\n}\n', 3,
         "custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'memref<4xf16>'"),
    Case('issue-0', 'func.func @f(%a: index, %b: index) {\n  %c = arith.addi %a %b : index\n  return\n}\n', 2,
         "expected ','"),
    Case('issue-2', 'func.func @f(%m: memref<4x4xf32>, %a: index, %b: index) {\n  %v = memref.load %m[%a %b] : memref<4x4xf32>\n  return\n}\n', 2,
         "expected ']'"),
    Case('issue-3', 'gpu.module @k {\n  gpu.func @g() kernel {\n    %c0 = arith.constant 0 : index\n    gpu.return %c0 %c0\n  }\n}\n', 4,
         "expected ':'"),
    Case('issue-4', 'gpu.module @k {\n  gpu.fun @g() kernel {\n    gpu.return\n  }\n}\n', 2,
         "custom op 'gpu.fun' is unknown"),
    Case('issue-5', 'func.func @f(%a: index, %b: index) {\n  %c = arith.remi %a, %b : index\n  return\n}\n', 2,
         "custom op 'arith.remi' is unknown"),
    Case('issue-6', 'gpu.module {\n}\n', 1,
         "custom op 'gpu.module' expected valid '@'-identifier for symbol name"),
    Case('issue-7', 'func.func (%a: index) {\n  return\n}\n', 1,
         "custom op 'func.func' expected valid '@'-identifier for symbol name"),
    Case('issue-8', 'func.func @f() {\n  %t = gpu.thread_id\n  return\n}\n', 3,
         "custom op 'gpu.thread_id' expected ::mlir::gpu::Dimension to be one of: x, y, z"),
    Case('issue-11', 'func.func @f(%a: !undefined) {\n  return\n}\n', 1,
         "undefined symbol alias id 'undefined'"),
    Case('issue-12', 'func.func @f(%x: f32) {\n  %r = nvvm.read.ptx.sreg.tid.x : i64\n  return\n}\n', None),
    Case('issue-13', 'llvm.func @f(%p: !llvm.ptr<3>) {\n  %r = llvm.load %p : !llvm.ptr<3> -> i32\n  nvvm.cp.async.shared.global %p, %p, 16, cache = zz : !llvm.ptr<3>, !llvm.ptr<1>\n  llvm.return\n}\n', 3,
         "custom op 'nvvm.cp.async.shared.global' expected ::mlir::NVVM::LoadCacheModifierKind to be one of: ca, cg, cs, lu, cv"),
    Case('issue-14', 'llvm.func @f(%p: !llvm.ptr<3>, %q: !llvm.ptr<1>) {\n  nvvm.cp.async.shared.global %p, %q, 16, cache = zz : !llvm.ptr<3>, !llvm.ptr<1>\n  llvm.return\n}\n', 2,
         "custom op 'nvvm.cp.async.shared.global' expected ::mlir::NVVM::LoadCacheModifierKind to be one of: ca, cg, cs, lu, cv"),
    Case('issue-15', 'llvm.func @f(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {\n  nvvm.cp.async.shared.global %p, %q, 16, cache = ca : !llvm.ptr<1>, !llvm.ptr<1>\n  llvm.return\n}\n', 2,
         "'nvvm.cp.async.shared.global' op operand #0 must be LLVM pointer in address space 3, but got '!llvm.ptr<1>'"),
    Case('issue-17', '!t0 = f32\nfunc.func @f(%v: vector<2x!t0>) {\n  return\n}\n', None),
    Case('issue-18', 'func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n', 4,
         "redefinition of symbol named 'f'"),
    Case('issue-19', 'func.func @f() {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb1\n^bb1:\n  return\n}\n', 5,
         "redefinition of block '^bb1'"),
    Case('issue-20', 'func.func @f(%m: memref<1x2x3x4xf32>) {\n  %t = memref.transpose %m (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<1x2x3x4xf32> to memref<1x3x2x4xf32, strided<[24, 4, 12, 1]>>\n  return\n}\n', None),
    Case('issue-21', 'func.func @f(%a: index, %b: index) -> index {\n  %0 = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 4)>()[%a, %b]\n  %1 = affine.min affine_map<(d0) -> (d0, 4)>(%0)\n  return %1 : index\n}\n', None),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_syntax_error_is_upstreams(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)


def test_a_stray_brace_is_shown_where_upstream_reports_it_and_named_in_a_note() -> None:
    text = 'func.func @f() {\n  return\n}\n\n}\n'
    (diag,) = Document(text).diagnostics()
    assert text[diag.start:diag.end] == "}" and diag.start == text.index("}")
    assert diag.explanation == "there is one '}' more than '{' before it"
    assert [(r.start, r.message) for r in diag.related] == [(text.rindex("}"), "this '}' closes no region")]
