"""Loops and conditionals that carry nvgpu values: ``scf.for`` / ``scf.if`` / ``scf.yield`` re-typed.

A wgmma K-loop carries its accumulator through ``scf.for``'s iter_args; a pipelined loop
carries mbarrier tokens. Upstream's conversion re-types such structural ops along with the
nvgpu ops (its SCF structural type conversions), so that the loop carries the LLVM struct
and the rest of the pipeline never meets an nvgpu type. This does the same for the iter_args
and results of ``scf.for`` and the results of ``scf.if`` whose type is an nvgpu type, and
for the ``scf.yield``\\ s that feed them:

* the type written for that position becomes its LLVM type;
* the value entering the loop is the converted one (a lowered op's replacement, or a cast);
* the block argument and the result stand for converted values: lowered ops use them
  directly, any other op gets a cast back to the nvgpu type;
* a yield passes the converted value of what it yields.

Only positions of nvgpu type change: index and memref positions are left to the rest of the
pipeline, which converts them the same way either engine's output reaches it.
"""

from __future__ import annotations

from ..analysis.ir import Operation, TypeRef, ValueDef
from ..analysis.values import (
    DeviceAsyncTokenType, MBarrierGroupType, MBarrierTokenType, TensorMapDescriptorType, Type,
    WarpgroupAccumulatorType, WarpgroupDescriptorType,
)
from ..analysis.opview import OpView
from .builder import Value
from .llvm_types import UnconvertibleType, convert_type
from .patterns import PATTERNS

NVGPU_TYPES = (DeviceAsyncTokenType, MBarrierGroupType, MBarrierTokenType, TensorMapDescriptorType,
               WarpgroupAccumulatorType, WarpgroupDescriptorType)
STRUCTURAL_OPS = ("scf.for", "scf.if", "scf.yield")


class StructuralConversion:
    """Re-types the structural ops of one lowering run (see the module docstring)."""

    def __init__(self, run) -> None:
        self.run = run
        self.edits: list = []
        self._positions: dict[int, dict[int, Type]] = {}
        """id(scf.for / scf.if) → {position: converted type} of the positions it re-types."""
        self.converted_uses: set[int] = set()
        """id(ValueUse) of the operands this conversion rewrote to converted values."""

    def visit(self, op: Operation) -> None:
        """Re-type ``op`` if it is a structural op carrying nvgpu values."""
        if op.name == "scf.for":
            self._for(op)
        elif op.name == "scf.if":
            self._if(op)
        elif op.name == "scf.yield":
            self._yield(op)

    # ------------------------------------------------------------------ the ops
    def _for(self, op: Operation) -> None:
        if not op.regions or not op.regions[0].blocks:
            return
        args = op.regions[0].blocks[0].args[1:]
        inits = op.operands[3:]
        types = [ref for ref in op.types if ref.start > (inits[-1].end if inits else op.start)]
        if not args or len(args) != len(inits) or len(types) < len(args):
            return
        for index, (source_type, converted) in self._retype(op, types[:len(args)]).items():
            use = inits[index]
            value = self._converted_use(use.definition, use.name, source_type, converted, op)
            self._replace_text(use.start, use.end, value.name)
            self.converted_uses.add(id(use))
            self._stand_for(args[index], converted, source_type, at_body=op)
            if index < len(op.results):
                self._stand_for(op.results[index], converted, source_type, after=op)

    def _if(self, op: Operation) -> None:
        if not op.results:
            return
        types = [ref for ref in op.types if ref.start < (op.regions[0].start if op.regions else op.end)]
        if len(types) != len(op.results):
            return
        for index, (source_type, converted) in self._retype(op, types).items():
            self._stand_for(op.results[index], converted, source_type, after=op)

    def _yield(self, op: Operation) -> None:
        parent = op.parent_op()
        positions = self._positions.get(id(parent)) if parent is not None else None
        if not positions:
            return
        view = OpView(op, self.run.doc)
        for index, converted in positions.items():
            if index >= len(op.operands):
                continue
            use = op.operands[index]
            written = [ref for ref in op.types]
            source_type = view.resolve(written[index].type) if index < len(written) else None
            value = self._converted_use(use.definition, use.name, source_type, converted, op)  # type: ignore[arg-type]
            self._replace_text(use.start, use.end, value.name)
            self.converted_uses.add(id(use))
            if index < len(written):
                self._replace_text(written[index].start, written[index].end, str(converted))

    # ------------------------------------------------------------------ helpers
    def _retype(self, op: Operation, types: list[TypeRef]) -> dict[int, tuple[Type, Type]]:
        """Rewrite each written type of nvgpu type among ``types`` to its LLVM type; the source and
        converted type of each position rewritten, which ``op``'s yields then follow."""
        view = OpView(op, self.run.doc)
        found = {}
        for index, ref in enumerate(types):
            resolved = view.resolve(ref.type)
            if not isinstance(resolved, NVGPU_TYPES):
                continue
            try:
                converted = convert_type(resolved)  # type: ignore[arg-type]
            except UnconvertibleType:
                continue
            found[index] = (resolved, converted)
            self._replace_text(ref.start, ref.end, str(converted))
        if found:
            self._positions[id(op)] = {index: converted for index, (_, converted) in found.items()}
        return found  # type: ignore[return-value]

    def _converted_use(self, definition: ValueDef | None, name: str, source_type: Type | None, converted: Type,
                       at: Operation) -> Value:
        """The converted value of an operand of ``at``: known, or a cast written just before ``at``."""
        if definition is not None:
            known = self.run.replaced.get(id(definition))
            if known is not None:
                return known
        fresh = self.run.fresh_name()
        self._insert_before(at, f"{fresh} = builtin.unrealized_conversion_cast {name} : {source_type} to "
                                f"{converted} {self.run.location_of(at)}")
        return Value(fresh, converted)

    def _stand_for(self, value: ValueDef, converted: Type, source_type: Type | None, *,
                   at_body: Operation | None = None, after: Operation | None = None) -> None:
        """``value`` now has the converted type: lowered users take it as it is, others get a cast."""
        self.run.replaced[id(value)] = Value(value.name, converted)
        others = [use for use in value.uses
                  if use.owner.name not in PATTERNS and use.owner.name not in STRUCTURAL_OPS]
        if not others:
            return
        fresh = self.run.fresh_name()
        anchor = at_body or after
        cast = (f"{fresh} = builtin.unrealized_conversion_cast {value.name} : {converted} to {source_type} "
                f"{self.run.location_of(anchor)}")  # type: ignore[arg-type]
        if at_body is not None:
            body = at_body.regions[0]
            indent = self._indent_of(body.blocks[0].ops[0]) if body.blocks[0].ops else "  "
            self.edits.append((body.start + 1, body.start + 1, f"\n{indent}{cast}"))
        else:
            indent = self._indent_of(after)  # type: ignore[arg-type]
            self.edits.append((after.end, after.end, f"\n{indent}{cast}"))  # type: ignore[union-attr]
        for use in others:
            self._replace_text(use.start, use.end, fresh)

    def _insert_before(self, op: Operation, line: str) -> None:
        self.edits.append((op.start, op.start, f"{line}\n{self._indent_of(op)}"))

    def _replace_text(self, start: int, end: int, new: str) -> None:
        self.edits.append((start, end, new))

    def _indent_of(self, op: Operation) -> str:
        text = self.run.doc.text
        line_start = text.rfind("\n", 0, op.start) + 1
        indent = text[line_start:op.start]
        return indent if not indent.strip() else ""
