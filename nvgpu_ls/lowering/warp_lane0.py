"""``gpu.warp_execute_on_lane_0`` lowered: a lane-0 ``scf.if``, with ``gpu.shuffle`` moving the
values that cross its boundary.

Upstream's pipeline has no conversion for the op (``mlir-opt-22 --gpu-lower-to-nvvm-pipeline``
fails to legalize it); its description sketches one through memory. This one keeps everything
in registers:

* the body runs under ``scf.if`` on ``laneid == 0``; the region's arguments stand for the op's
  operands through identity casts, so the body is kept as written (nested nvgpu ops are lowered
  in place like any other) and its ``gpu.yield`` becomes ``scf.yield``;
* an operand whose type the region argument shares is uniform and passes as it is; a
  distributed one (``vector<k x T>`` per lane, ``vector<32k x T>`` in the region) is gathered
  to lane 0 with one ``gpu.shuffle idx`` per element of every lane (lane ``l``'s element ``e``
  is element ``l*k + e``, block-cyclic as the op's description says);
* a result of the yielded type is broadcast from lane 0, one shuffle per element; a distributed
  one (``vector<32k x T>`` yielded, ``vector<k x T>`` per lane) is broadcast whole and each lane
  takes its ``k`` elements at ``laneid * k``.

Elements of other than 32 or 64 bits are widened to ``i32`` for the shuffle and narrowed back
(``index`` goes through ``i64``). ``laneid`` must be the lane's position in its warp (what
``gpu.lane_id`` gives) and ``warp_size`` the hardware's 32, since lane 0's values are read from
hardware lane 0. ``gpu.shuffle`` becomes ``shfl.sync.idx.b32`` in ``convert-gpu-to-nvvm``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from ..analysis.ir import Block, Operation
from ..analysis.values import FloatType, IndexType, IntegerType, Type, VectorType
from ..dialects.instance_forms import numel
from .builder import LoweringError

if TYPE_CHECKING:
    from .engine import LoweringRun

OP_NAME = "gpu.warp_execute_on_lane_0"
HARDWARE_WARP = 32
MAX_SHUFFLES = 4096
"""More shuffles than this for one op is refused: a value that large belongs in shared memory."""

@dataclass
class _Text:
    """The lines written before the op and after it, with fresh names from the run."""

    run: "LoweringRun"
    loc: str
    lines: list[str] = field(default_factory=list)
    shuffles: int = 0

    def fresh(self) -> str:
        return self.run.fresh_name()

    def value(self, text: str) -> str:
        name = self.fresh()
        self.lines.append(f"{name} = {text} {self.loc}")
        return name


def lower_warp_execute(run: "LoweringRun", op: Operation) -> list[tuple[int, int, str]]:
    """The text edits that lower one ``gpu.warp_execute_on_lane_0`` (module docstring); raises
    ``LoweringError`` for what it cannot lower (a distributed value of rank > 1, a warp size
    other than 32, an element type a shuffle cannot carry, the generic form)."""
    doc = run.doc
    if op.generic:
        raise LoweringError(f"'{OP_NAME}' is lowered from its custom form only, not the generic form")
    if not op.regions or len(op.regions[0].blocks) != 1 or not op.operands:
        raise LoweringError(f"'{OP_NAME}' needs its lane id and one block to be lowered")
    region, block = op.regions[0], op.regions[0].blocks[0]
    header = doc.text[op.name_end:region.start]
    warp = re.search(r"\[\s*(\d+)\s*\]", header)
    if warp is None or int(warp.group(1)) != HARDWARE_WARP:
        raise LoweringError(f"'{OP_NAME}' is lowered for a warp of {HARDWARE_WARP} lanes only")
    loc = run.location_of(op)
    text = _Text(run, loc)
    lane = op.operands[0].name
    zero = text.value("arith.constant 0 : index")
    condition = text.value(f"arith.cmpi eq, {lane}, {zero} : index")
    width = text.value(f"arith.constant {HARDWARE_WARP} : i32")
    args = op.operands[1:]
    arg_types = [ref.type for ref in op.operand_types.get("args", [])]
    inner_types = [arg.type.type if arg.type is not None else None for arg in block.args]
    if len(arg_types) != len(args) or len(inner_types) != len(args):
        raise LoweringError(f"the arguments of this '{OP_NAME}' could not be read")
    passed = [_into_lane_0(text, use.name, outer, inner, width)
              for use, outer, inner in zip(args, arg_types, inner_types)]
    result_types = [ref.type for ref in op.result_types]
    terminator = block.ops[-1] if block.ops and block.ops[-1].name == "gpu.yield" else None
    yielded = [ref.type for ref in terminator.types] if terminator is not None else []
    if len(yielded) != len(result_types):
        raise LoweringError(f"this '{OP_NAME}' yields {len(yielded)} values for {len(result_types)} results")

    indent = _indent(doc.text, op.start)
    body_indent = indent + "  "
    if_name = text.fresh() if result_types else ""
    typed = ", ".join(str(t) for t in yielded)
    opening = f"{if_name}:{len(yielded)} = scf.if {condition} -> ({typed}) {{" if len(yielded) > 1 else (
        f"{if_name} = scf.if {condition} -> ({typed}) {{" if yielded else f"scf.if {condition} {{")
    casts = [f"{arg.name} = builtin.unrealized_conversion_cast {value} : {t} to {t} {loc}"
             for arg, value, t in zip(block.args, passed, inner_types)]
    head = ("\n" + indent).join(text.lines + [opening])
    header_end = _block_header_end(doc.text, block) if block.label is not None else region.start + 1
    edits = [(op.start, header_end, head + "".join(f"\n{body_indent}{line}" for line in casts))]
    if terminator is not None:
        edits.append((terminator.name_start, terminator.name_end, "scf.yield"))

    after = _Text(run, loc)
    closing = [f"}} {loc}"]
    if yielded:
        poisons = [after.value(f"ub.poison : {t}") for t in yielded]
        closing = ["} else {"] + [f"  {line}" for line in after.lines] + [
            f"  scf.yield {', '.join(poisons)} : {typed} {loc}", f"}} {loc}"]
        after.lines = []
        values = [f"{if_name}#{i}" if len(yielded) > 1 else if_name for i in range(len(yielded))]
        finals = [_out_of_lane_0(after, value, inner, outer, lane, width)
                  for value, inner, outer in zip(values, yielded, result_types)]
        prefix = doc.text[op.start:op.name_start]
        types = ", ".join(str(t) for t in result_types)
        closing += after.lines + [f"{prefix}builtin.unrealized_conversion_cast {', '.join(finals)} : {types} "
                                  f"to {types} {loc}"]
    if text.shuffles + after.shuffles > MAX_SHUFFLES:
        raise LoweringError(f"this '{OP_NAME}' moves too many values through shuffles to lower "
                            f"({text.shuffles + after.shuffles} > {MAX_SHUFFLES}); pass them through shared memory")
    edits.append((region.end - 1, op.end, ("\n" + indent).join(closing)))
    return edits


def _block_header_end(text: str, block: Block) -> int:
    """The offset after the ``:`` that ends the block's ``^bb0(%arg : type, ...)`` header."""
    at = block.args[-1].type.end if block.args and block.args[-1].type is not None else block.label_end
    match = re.compile(r"[^:]*:").match(text, at)
    return match.end() if match else block.label_end


def _indent(text: str, at: int) -> str:
    line_start = text.rfind("\n", 0, at) + 1
    indent = text[line_start:at]
    return indent if not indent.strip() else ""


def _into_lane_0(text: _Text, value: str, outer: Type, inner: Type | None, width: str) -> str:
    """What the region's argument stands for: the operand itself when uniform, else every
    lane's elements gathered to lane 0."""
    if inner is None or str(inner) == str(outer):
        return value
    k, n, element = _distribution(outer, inner)
    elements = [text.value(f"vector.extract {value}[{e}] : {element} from {outer}") for e in range(k)]
    gathered = []
    for source in range(HARDWARE_WARP):
        lane = text.value(f"arith.constant {source} : i32")
        gathered += [_shuffle(text, x, element, lane, width) for x in elements]
    return text.value(f"vector.from_elements {', '.join(gathered)} : {inner}")


def _out_of_lane_0(text: _Text, value: str, inner: Type, outer: Type, lane: str, width: str) -> str:
    """Each lane's value of a result: lane 0's broadcast, or its own slice of it."""
    source = text.value("arith.constant 0 : i32")
    if str(inner) == str(outer):
        if not isinstance(inner, VectorType):
            return _shuffle(text, value, inner, source, width)
        if len(inner.shape) == 1:
            return _broadcast(text, value, inner, source, width)
        flat = VectorType((numel(inner) or 0,), inner.element)
        line = text.value(f"vector.shape_cast {value} : {inner} to {flat}")
        whole = _broadcast(text, line, flat, source, width)
        return text.value(f"vector.shape_cast {whole} : {flat} to {inner}")
    k, _, element = _distribution(outer, inner)
    assert isinstance(inner, VectorType)
    whole = _broadcast(text, value, inner, source, width)
    slice_size = text.value(f"arith.constant {k} : index")
    base = text.value(f"arith.muli {lane}, {slice_size} : index")
    mine = []
    for e in range(k):
        offset = text.value(f"arith.constant {e} : index")
        at = text.value(f"arith.addi {base}, {offset} : index")
        mine.append(text.value(f"vector.extract {whole}[{at}] : {element} from {inner}"))
    return text.value(f"vector.from_elements {', '.join(mine)} : {outer}")


def _broadcast(text: _Text, value: str, vector: VectorType, source: str, width: str) -> str:
    """A 1-D vector of lane ``source``, in every lane: one shuffle per element."""
    moved = [_shuffle(text, text.value(f"vector.extract {value}[{e}] : {vector.element} from {vector}"),
                      vector.element, source, width) for e in range(vector.shape[0])]
    return text.value(f"vector.from_elements {', '.join(moved)} : {vector}")


def _distribution(per_lane: Type, whole: Type) -> tuple[int, int, Type]:
    """(elements per lane, elements in all, element type) of a distributed 1-D vector."""
    if not (isinstance(per_lane, VectorType) and isinstance(whole, VectorType)
            and len(per_lane.shape) == 1 and len(whole.shape) == 1
            and str(per_lane.element) == str(whole.element)
            and whole.shape[0] == per_lane.shape[0] * HARDWARE_WARP):
        raise LoweringError(f"'{OP_NAME}' is lowered for uniform values and 1-D vectors distributed over "
                            f"{HARDWARE_WARP} lanes, not {per_lane} across {whole}")
    return per_lane.shape[0], whole.shape[0], per_lane.element


def _shuffle(text: _Text, value: str, element: Type, lane: str, width: str) -> str:
    """``value`` of lane ``lane``, in every lane (``gpu.shuffle idx``), widened for the shuffle
    where its type is not 32 or 64 bits wide."""
    text.shuffles += 1
    if isinstance(element, IndexType):
        wide = text.value(f"arith.index_cast {value} : index to i64")
        moved = _plain_shuffle(text, wide, "i64", lane, width)
        return text.value(f"arith.index_cast {moved} : i64 to index")
    bits = element.width if isinstance(element, (IntegerType, FloatType)) else None
    if bits in (32, 64) and not (isinstance(element, IntegerType) and element.signedness):
        return _plain_shuffle(text, value, str(element), lane, width)
    if bits is None or bits > 32 or (isinstance(element, IntegerType) and element.signedness):
        raise LoweringError(f"'{OP_NAME}' cannot move a {element} value between lanes")
    integer = value
    if isinstance(element, FloatType):
        integer = text.value(f"arith.bitcast {value} : {element} to i{bits}")
    wide = text.value(f"arith.extui {integer} : i{bits} to i32")
    moved = _plain_shuffle(text, wide, "i32", lane, width)
    narrow = text.value(f"arith.trunci {moved} : i32 to i{bits}")
    return text.value(f"arith.bitcast {narrow} : i{bits} to {element}") if isinstance(element, FloatType) else narrow


def _plain_shuffle(text: _Text, value: str, type_text: str, lane: str, width: str) -> str:
    name = text.fresh()
    valid = text.fresh()
    text.lines.append(f"{name}, {valid} = gpu.shuffle idx {value}, {lane}, {width} : {type_text} {text.loc}")
    return name
