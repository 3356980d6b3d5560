"""The parser recovers ops, regions, blocks, values, symbols and aliases with exact spans."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis import values as v
from nvgpu_ls.analysis.document import Document

from .conftest import DATA


def load() -> Document:
    return Document((DATA / "structure.mlir").read_text())


def find(doc: Document, name: str):
    return [op for op in doc.ops() if op.name == name]


def test_valid_structure_file_has_no_diagnostics():
    assert load().diagnostics() == []


def test_split_markers_make_chunks():
    doc = load()
    assert len(doc.chunks) == 2
    assert [op.name for op in doc.chunks[1].ops] == ["func.func"]
    assert doc.chunks[1].ops[0].symbol_name == "@second_chunk"


def test_aliases_are_recorded_with_structured_values():
    doc = load()
    aliases = doc.chunks[0].aliases
    assert aliases["#smem"].value == v.GPUAddressSpaceAttr("workgroup")
    assert isinstance(aliases["!barrierType"].value, v.MBarrierGroupType)
    assert doc.text[aliases["!barrierType"].start:aliases["!barrierType"].name_end] == "!barrierType"


def test_generic_form_binds_types_positionally_and_multi_results():
    doc = load()
    (two,) = find(doc, "test.two")
    assert two.generic and [r.name for r in two.results] == ["%pair#0", "%pair#1"]
    assert [str(r.type.type) for r in two.results] == ["i32", "f32"]
    add = find(doc, "arith.addi")[0]
    assert add.generic and [u.name for u in add.operands] == ["%pair#0", "%pair#0"]
    assert add.attributes["overflowFlags"].value.name == "arith.overflow"
    assert add.loc is not None and doc.text[add.loc[0]:add.loc[1]] == "loc(#loc1)"


def test_successors_resolve_to_blocks_and_block_arguments_are_values():
    doc = load()
    (br,) = find(doc, "cf.br")
    assert br.successors[0].block is not None and br.successors[0].block.label == "^bb1"
    block = br.successors[0].block
    assert [a.name for a in block.args] == ["%x"] and block.args[0].type.type == v.IntegerType(32)


def test_symbols_and_targets_of_gpu_module():
    doc = load()
    (mod,) = find(doc, "gpu.module")
    assert mod.symbol_name == "@kernels"
    targets = mod.attributes["targets"].value.elements
    assert targets[0] == v.NVVMTargetAttr(chip="sm_90a", features="+ptx80", params=targets[0].params)


def test_function_arguments_are_entry_block_arguments_with_types():
    doc = load()
    (func,) = find(doc, "gpu.func")
    entry = func.regions[0].blocks[0]
    assert [a.name for a in entry.args] == ["%a", "%n"]
    assert entry.args[0].type.type == v.MemRefType((64,), v.FloatType("f32"), None, v.IntegerAttr(1))


def test_scf_for_induction_variable_and_iter_args_are_region_arguments():
    doc = load()
    (loop,) = find(doc, "scf.for")
    args = [a.name for a in loop.regions[0].blocks[0].args]
    assert args == ["%i", "%acc"]
    (add,) = find(doc, "arith.addi")[1:] or [None]
    assert add is not None and {u.definition.name for u in add.operands} == {"%acc", "%i"}


def test_every_use_resolves_in_a_valid_file():
    doc = load()
    assert doc.undefined == [] and doc.duplicates == []


def test_uses_and_definitions_link_both_ways():
    doc = load()
    (constant,) = find(doc, "arith.constant")
    value = constant.results[0]
    assert [u.owner.name for u in value.uses] == ["test.two"]
    use = value.uses[0]
    assert doc.text[use.start:use.end] == "%c0"
    assert doc.value_at(use.start) is use
    assert doc.value_at(value.start) is value


def test_spans_are_exact():
    doc = load()
    for op in doc.ops():
        assert doc.text[op.name_start:op.name_end].strip('"') == op.name.split(".", 1)[-1] or \
            doc.text[op.name_start:op.name_end].strip('"') == op.name
        for use in op.operands:
            assert doc.text[use.start:use.end] == use.name
        for ref in op.types:
            assert doc.text[ref.start:ref.end].strip()


def test_values_used_across_an_isolated_boundary_are_resolved_and_recorded_as_breaks():
    # Upstream's parser resolves the name; its verifier rejects the use (usedef: ssa.isolation).
    doc = Document("func.func @a() {\n  %x = arith.constant 1 : i32\n  func.func @b() {\n"
                   "    %y = arith.addi %x, %x : i32\n    return\n  }\n  return\n}\n")
    assert not doc.undefined
    assert [u.name for u in doc.isolation_breaks] == ["%x", "%x"]


def test_op_at_finds_the_innermost_op():
    doc = load()
    offset = doc.text.index("%next = arith.addi")
    assert doc.op_at(offset + 10).name == "arith.addi"


SYMBOLS = """module {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
    func.func @helper() { return }
    func.func @caller() {
      func.call @helper() : () -> ()
      return
    }
  }
  func.func @host(%n: index) {
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    func.call @missing() : () -> ()
    return
  }
}
"""


def test_symbol_references_resolve_through_nested_tables():
    doc = Document(SYMBOLS)
    refs = {s.name: s for op in doc.ops() for s in op.symbols if not s.is_definition}
    assert refs["@helper"].target is not None and refs["@helper"].target.owner.name == "func.func"
    nested = refs["@kernels::@k"].target
    assert nested is not None and nested.owner.name == "gpu.func" and nested.name == "@k"
    assert refs["@missing"].target is None and doc.unresolved_symbols == [refs["@missing"]]
    assert refs["@helper"] in refs["@helper"].target.references


def test_ops_need_no_line_break_between_them():
    doc = Document("func.func @f(%a: i32) -> i32 { %0 = arith.addi %a, %a : i32 %1 = arith.muli %0, %0 : i32 "
                   "func.return %1 : i32 }\n")
    assert doc.diagnostics() == []
    assert [op.name for op in doc.ops()] == ["func.func", "arith.addi", "arith.muli", "func.return"]
    assert doc.undefined == []


def test_gpu_host_ops_read_by_their_formats_custom_directives_included():
    doc = Document("""module {
  func.func @host(%n: index, %m: memref<4xf32>) {
    %t = gpu.wait async
    %buf, %t2 = gpu.alloc async [%t] () : memref<64xf32>
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) : i64 args(%m : memref<4xf32>, %n : index)
    return
  }
  memref.global "private" @g : memref<4xf32, 3> = uninitialized
}
""")
    assert doc.diagnostics() == []
    by_name = {op.name: op for op in doc.ops()}
    for name in ("gpu.wait", "gpu.alloc", "gpu.launch_func", "memref.global"):
        assert by_name[name].syntax == "format", name
    assert [u.name for u in by_name["gpu.alloc"].operands] == ["%t"]
    assert [u.name for u in by_name["gpu.launch_func"].operands][-2:] == ["%m", "%n"]
    assert by_name["memref.global"].symbol_name == "@g"


_WG = "workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>)"
_PRIV = "private(%p : memref<4xf32, #gpu.address_space<private>>)"
GPU_FUNC_HEADERS_OUT_OF_ORDER = [
    # (clauses after `gpu.func @k()`, the text upstream's caret follows), as mlir-opt-22 reports them.
    (f"kernel {_WG}", "kernel"),
    (f"kernel {_PRIV}", "kernel"),
    (f"{_PRIV} {_WG}", _PRIV),
    (f"{_WG} {_WG}", _WG),
    (f"{_WG} kernel {_PRIV}", f"{_WG} kernel"),
    ("kernel kernel", "kernel"),
    ("attributes {a} kernel", "attributes {a}"),
    ("attributes {a} attributes {b}", "attributes {a}"),
    ("frobnicate", ""),
]


def _gpu_func(clauses: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k() {clauses} {{\n    gpu.return\n  }}\n}}\n"



@pytest.mark.parametrize("clauses,before", GPU_FUNC_HEADERS_OUT_OF_ORDER,
                         ids=[c for c, _ in GPU_FUNC_HEADERS_OUT_OF_ORDER])
def test_gpu_func_clause_out_of_order_expects_the_body_where_upstream_does(clauses, before):
    text = _gpu_func(clauses)
    doc = Document(text)
    errors = [d for d in doc.diagnostics() if d.code == "syntax.custom-form"]
    assert [d.message for d in errors] == ["expected '{' to begin a region"]
    # Upstream points just past the last clause it took: the end of `@k()` plus what it accepted.
    expected = text.index("@k()") + len("@k()") + (len(" " + before) if before else 0)
    assert errors[0].start == expected


def test_gpu_func_clauses_in_upstreams_order_are_accepted():
    text = _gpu_func(f"{_WG} {_PRIV} kernel attributes {{a}}")
    assert Document(text).diagnostics() == []
    results = ("gpu.module @m {\n  gpu.func @k(%x: f32) -> (f32, i32)\n      kernel\n"
               "      attributes {known_block_size = array<i32: 32, 1, 1>} {\n"
               "    %c = arith.constant 1 : i32\n    gpu.return %x, %c : f32, i32\n  }\n}\n")
    assert Document(results).diagnostics() == []


@pytest.mark.parametrize("header", [
    "func.func @f() -> (f32 {llvm.noundef})",
    "func.func @f() -> (f32 {llvm.noundef}, i32)",
    "gpu.func @f() -> (f32 {llvm.noundef, llvm.align = 4 : i64})",
])
def test_a_function_result_may_carry_an_attribute_dictionary(header):
    body = "  %c = arith.constant 1.0 : f32\n  %i = arith.constant 1 : i32\n"
    returned = "%c, %i : f32, i32" if "i32" in header.split("->")[1] else "%c : f32"
    ret = "gpu.return" if header.startswith("gpu") else "return"
    text = f"{header} {{\n{body}  {ret} {returned}\n}}\n"
    if header.startswith("gpu"):
        text = "gpu.module @m {\n" + text + "}\n"
    assert Document(text).diagnostics() == []


def test_an_op_result_type_list_takes_no_attribute_dictionary():
    text = 'func.func @g(%a: f32) {\n  %x = "test.op"(%a) : (f32) -> (f32 {a})\n  return\n}\n'
    assert [d.message for d in Document(text).diagnostics()] == ["expected ')'"]  # mlir-opt-22's words


def test_no_op_ever_appends_to_the_shared_empty_list() -> None:
    """Ops without successors, symbols or keywords share one empty list (``ir.NONE_YET``); reading
    every real file, broken ones included, and re-reading each after an edit must leave it empty."""
    from nvgpu_ls.analysis import ir
    from nvgpu_ls.analysis.document import Document

    from .conftest import every_mlir_file

    for path in every_mlir_file():
        text = path.read_text(encoding="utf-8", errors="replace")
        doc = Document(text)
        middle = len(text) // 2
        doc.update(text[:middle] + "^bb1 @f " + text[middle:])
        assert ir.NONE_YET == [], path
