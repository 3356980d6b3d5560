"""The builtin lowering engine: a Document's nvgpu ops rewritten to NVVM / LLVM ops, as MLIR text.

``lower_document`` runs the pattern of every op that has one (``patterns/``), in text order,
and splices what each writes into the source text in place of the op; everything else is
kept exactly as written. Where a lowered op's result is still used by an op that is not
lowered (an ``scf.yield`` of an accumulator, a ``vector.extract`` of an ldmatrix result), a
``builtin.unrealized_conversion_cast`` back to the source type keeps the source name
defined — the partial conversion upstream's ``convert-nvgpu-to-nvvm`` performs, which the
rest of the pipeline reconciles. Loops and conditionals that carry nvgpu values are re-typed
(``structural.py``). Then each ``gpu.module`` gets its ``#nvvm.target``
(``target_attachment.py``).

A file with errors is not lowered: the result carries the errors instead of text, since
what upstream would refuse to parse or verify has no lowering to show.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Callable

from ..analysis.document import Document
from ..analysis.tokens import line_starts
from ..analysis.ir import Block, Operation, ValueDef
from ..analysis.values import Type
from ..diagnostics import Diagnostic, Severity
from ..target import Target, resolve_target
from ..check_options import CheckOptions
from ..verify import check_document
from .builder import Builder, LoweringError, ModuleOp, Replacement, Value
from .llvm_types import UnconvertibleType
from .outlining import Outlined, has_launches, outline
from .patterns import PATTERNS
from .strings import mlir_string_body
from .structural import STRUCTURAL_OPS, StructuralConversion
from .warp_lane0 import OP_NAME as WARP_EXECUTE, lower_warp_execute

SOURCE = "nvgpu-ls.lowering"


@dataclass(frozen=True)
class LoweringOptions:
    """How to lower: the target where the file names none, and what to attach."""

    check: CheckOptions = field(default_factory=CheckOptions)
    attach_targets: bool = True
    debug_info: bool = False
    """Device debug (``-g``): ``debuginfo.value`` records become ``llvm.intr.dbg.value`` (their values
    pinned in registers), the attached targets' flags get ``-g``, and the PTX carries full DWARF.
    Without it the records are dropped: nothing pins a value the debugger will not ask for."""
    line_info: bool = False
    """Line info only (``-lineinfo``): the attached targets' flags get ``-lineinfo``; the PTX keeps its
    ``.loc`` directives and the records are dropped (``debug_info`` wins where both are set)."""
    opt_level: int | None = None
    """The optimisation level (``O``, 0-3) for modules whose ``#nvvm.target`` states none (one that
    states it keeps it) and the configuration file gives none (``check.opt_level``: it travels
    with the code, so it comes first); None: ``DEFAULT_LOWERING_OPT_LEVEL``."""

    @classmethod
    def debug_mode(cls, mode: str) -> dict[str, bool]:
        """The ``debug_info`` / ``line_info`` fields for a mode of ``check_options.DEBUG_INFO_MODES`` (the
        ``debugInfo`` setting; ``-g`` is ``full``, ``-lineinfo`` ``lineinfo``)."""
        return {"debug_info": mode == "full", "line_info": mode == "lineinfo"}

    @property
    def chosen_opt_level(self) -> int | None:
        """The level for modules whose target states none: the configuration's, else ``opt_level``."""
        return self.check.opt_level if self.check.opt_level is not None else self.opt_level


@dataclass
class Lowered:
    """The lowered text (None when the file could not be lowered) and what was found on the way."""

    text: str | None
    diagnostics: list[Diagnostic]
    lowered_ops: int = 0
    line_origins: list[int] | None = None
    """For each line of ``text`` (0-based), the source line it comes from: its own line where
    the source is kept, the replaced op's line where lines were written. None when every op
    of ``text`` carries its source location itself (the upstream engine)."""


@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]`` with ``new``."""

    start: int
    end: int
    new: str


class LoweringRun:
    """The state one ``lower_document`` call shares between its patterns."""

    def __init__(self, doc: Document, path: str, options: LoweringOptions) -> None:
        self.doc = doc
        self.options = options
        self.file = mlir_string_body(path or doc.uri or "<buffer>")
        self.replaced: dict[int, Value] = {}
        """id(ValueDef) → the value standing for it in the lowered text."""
        self.module_ops: dict[tuple[int, str], ModuleOp] = {}
        self._names = set(re.findall(r"%[\w$.-]+", doc.text))
        self._symbols: dict[int, set[str]] = {}
        """id(symbol table op) → the symbols defined directly in it, ours included."""
        self._next = 0
        self._targets: dict[int, Target | None] = {}
        self.definition_casts: dict[tuple[int, str], tuple[int, str, Value]] = {}
        """(id(ValueDef), converted type) → (offset, text, value) of its cast written after the
        definition (``cast_at_definition``)."""

    # ------------------------------------------------------------------ for builders
    def fresh_name(self) -> str:
        while True:
            name = f"%nv{self._next}"
            self._next += 1
            if name not in self._names:
                return name

    def location_of(self, op: Operation) -> str:
        line = self.doc.lines.line_of(op.start)
        line_start = self.doc.lines.offset(line, 0)
        column = len(self.doc.text[line_start:op.start].encode("utf-8")) + 1
        return f'loc("{self.file}":{line + 1}:{column})'

    def target_of(self, op: Operation) -> Target | None:
        scope = enclosing_gpu_module(op)
        key = id(scope)
        if key not in self._targets:
            check = self.options.check
            resolved = resolve_target(self.doc, scope, check.target, check.target_origin)
            self._targets[key] = resolved.target if resolved is not None else None
        return self._targets[key]

    def cast_at_definition(self, definition: ValueDef, value: Value, to: Type, loc: str) -> Value:
        """``value`` cast to ``to`` right after its definition (a block argument: at the start of
        its block), once for every op that asks: where upstream's conversion materialises the
        cast of a value an op inside a ``gpu.launch`` takes from outside it."""
        key = (id(definition), str(to))
        known = self.definition_casts.get(key)
        if known is not None:
            return known[2]
        cast = Value(self.fresh_name(), to)
        text = f"{cast} = builtin.unrealized_conversion_cast {value} : {value.type} to {to} {loc}"
        owner = definition.owner
        if isinstance(owner, Block):
            first = owner.ops[0] if owner.ops else None
            at = self.doc.text.rfind("\n", 0, first.start) + 1 if first is not None else owner.end
            text = f"{self._indent_at(first.start) if first is not None else ''}{text}\n"
        else:
            at = owner.end
            text = f"\n{self._indent_at(owner.start)}{text}"
        self.definition_casts[key] = (at, text, cast)
        return cast

    def _indent_at(self, offset: int) -> str:
        line_start = self.doc.text.rfind("\n", 0, offset) + 1
        indent = self.doc.text[line_start:offset]
        return indent if not indent.strip() else ""

    def add_module_op(self, op: Operation, base: str, text: Callable[[str], str], unique: bool,
                      at_end: bool = False) -> str:
        scope = enclosing_symbol_table(op)
        taken = self._symbols_of(scope)
        chunk_start = self.doc.chunk_at(op.start).start
        if not unique:
            key = (id(scope), base)
            if key not in self.module_ops and base not in taken:
                self.module_ops[key] = ModuleOp(scope, base, text(base), chunk_start, at_end)
            return base
        name = base
        suffix = 0
        while name in taken:
            name = f"{base}_{suffix}"
            suffix += 1
        taken.add(name)
        self.module_ops[(id(scope), name)] = ModuleOp(scope, name, text(name), chunk_start, at_end)
        return name

    def _symbols_of(self, scope: Operation | None) -> set[str]:
        """The symbols a symbol table defines (upstream uniques a new symbol per table)."""
        key = id(scope)
        if key not in self._symbols:
            if scope is None:
                ops = [op for chunk in self.doc.chunks for op in chunk.ops]
            else:
                ops = [inner for region in scope.regions for block in region.blocks for inner in block.ops]
            self._symbols[key] = {name.lstrip("@") for name in (op.symbol_name for op in ops) if name}
        return self._symbols[key]


def enclosing_symbol_table(op: Operation) -> Operation | None:
    """The nearest ``gpu.module`` / ``builtin.module`` (or other symbol table) around ``op``."""
    return op.enclosing(lambda parent: parent.is_symbol_table)


def enclosing_gpu_module(op: Operation) -> Operation | None:
    return op.enclosing(lambda parent: parent.name == "gpu.module")


def lower_document(doc: Document, path: str = "", options: LoweringOptions | None = None) -> Lowered:
    """Lower every op of ``doc`` that has a pattern (see the module docstring).

    Kernels written as ``gpu.launch`` go the way of upstream's ``gpu-lower-to-nvvm-pipeline``:
    their nvgpu ops are lowered in place (a value from outside the launch cast after its
    definition), then the launches are outlined (``outlining.py``) and the new gpu.modules get
    their targets. What is checked is the outlined source, as before lowering; what is found is
    placed at the source."""
    if not has_launches(doc):
        return _lower(doc, path, options)
    options = options or LoweringOptions()
    outlined_source, checked = checked_as_outlined(doc, options.check)
    if outlined_source is None:
        return Lowered(None, checked)
    found = lowering_edits(doc, path, replace(options, attach_targets=False), checked=checked)
    if found.edits is None:
        return Lowered(None, found.diagnostics)
    text, lowered_origins = apply_edits_with_origins(doc.text, found.edits)
    outlined = outline(Document(text, doc.uri, doc.registry))
    if outlined.problems:
        return Lowered(None, found.diagnostics + _at_lines(outlined.problem_diagnostics(), text, doc.text,
                                                           lowered_origins))
    kernels = Document(outlined.text, doc.uri, doc.registry)
    attached, problems = _target_edits(kernels, LoweringRun(kernels, path, options)) if options.attach_targets \
        else ([], [])
    placed = _at_lines(outlined.original_diagnostics(problems), text, doc.text, lowered_origins)
    if any(d.severity == Severity.ERROR for d in problems):
        return Lowered(None, found.diagnostics + placed)
    final, final_origins = apply_edits_with_origins(outlined.text, attached)
    origins = [lowered_origins[min(outlined.original_line(line), len(lowered_origins) - 1)]
               for line in final_origins]
    return Lowered(final, found.diagnostics + placed, found.lowered_ops, origins)


def checked_as_outlined(doc: Document, check: CheckOptions) -> tuple[Outlined | None, list[Diagnostic]]:
    """``doc`` with its launches outlined, as its kernels are compiled, and what the check finds
    in that, placed at the source; (None, outlining's problems) when a launch cannot be outlined."""
    outlined = outline(doc)
    if outlined.problems:
        return None, outlined.problem_diagnostics()
    return outlined, outlined.original_diagnostics(
        check_document(Document(outlined.text, doc.uri, doc.registry), check))


def _at_lines(diagnostics: list[Diagnostic], text: str, source: str, origins: list[int]) -> list[Diagnostic]:
    """``diagnostics`` of ``text`` (a lowering of ``source``) moved to the source line each of
    their lines comes from, at the same column (within that line)."""
    text_lines, source_lines = line_starts(text), line_starts(source)

    def moved(offset: int) -> int:
        line = max(0, bisect_right(text_lines, offset) - 1)
        origin = origins[min(line, len(origins) - 1)] if origins else 0
        start = source_lines[min(origin, len(source_lines) - 1)]
        line_end = source.find("\n", start)
        return min(start + offset - text_lines[line], len(source) if line_end < 0 else line_end)

    placed = []
    for d in diagnostics:
        start = moved(d.start)
        related = tuple(replace(r, start=moved(r.start), end=max(moved(r.start), moved(r.end))) for r in d.related)
        placed.append(replace(d, start=start, end=max(start, moved(d.end)), related=related))
    return placed


def _lower(doc: Document, path: str, options: LoweringOptions | None) -> Lowered:
    found = lowering_edits(doc, path, options)
    if found.edits is None:
        return Lowered(None, found.diagnostics)
    text, origins = apply_edits_with_origins(doc.text, found.edits)
    return Lowered(text, found.diagnostics, found.lowered_ops, origins)


@dataclass
class LoweringEdits:
    """The edits that lower a document (or one op), None when it cannot be lowered."""

    edits: list[Edit] | None
    diagnostics: list[Diagnostic]
    lowered_ops: int = 0


def lowering_edits(doc: Document, path: str = "", options: LoweringOptions | None = None,
                   only: Operation | None = None, checked: list[Diagnostic] | None = None) -> LoweringEdits:
    """The text edits ``lower_document`` applies; with ``only``, those lowering that one op in
    place (its module-level ops included, no target attached), which the editor offers as a
    refactoring of the op under the cursor. ``checked`` is what ``check_document(doc,
    options.check)`` found, where the caller has it already (the server does), to spare the check."""
    options = options or LoweringOptions()
    found = check_document(doc, options.check) if checked is None else checked
    errors = [d for d in found if d.severity == Severity.ERROR
              and (only is None or only.start <= d.start < only.end)]
    if errors:
        return LoweringEdits(None, errors)
    run = LoweringRun(doc, path, options)
    diagnostics: list[Diagnostic] = []
    replacements: list[Replacement] = []
    region_edits: list[tuple[int, int, str]] = []
    structural = StructuralConversion(run)
    for op in doc.ops() if only is None else [only]:
        if op.name == WARP_EXECUTE:
            try:
                region_edits += lower_warp_execute(run, op)
            except LoweringError as exc:
                diagnostics.append(_problem(op, exc.message, exc.code))
            continue
        lower = PATTERNS.get(op.name)
        if lower is None:
            if only is None and op.name in STRUCTURAL_OPS:
                structural.visit(op)
            if op.dialect == "nvgpu":
                diagnostics.append(_problem(op, f"'{op.name}' has no lowering", "lowering.no-pattern"))
            continue
        replacement = _lower_op(run, op, lower, diagnostics)
        if replacement is not None:
            replacements.append(replacement)
    if any(d.severity == Severity.ERROR for d in diagnostics):
        return LoweringEdits(None, diagnostics)
    lowered = {id(r.op) for r in replacements}
    edits = [_splice(doc, r, lowered, structural.converted_uses) for r in replacements]
    edits += _module_op_edits(doc, run)
    edits += [Edit(at, at, text) for at, text, _ in run.definition_casts.values()]
    edits += [Edit(start, end, new) for start, end, new in structural.edits + region_edits]
    if options.attach_targets and only is None:
        attached, problems = _target_edits(doc, run)
        edits += attached
        diagnostics += problems
        if any(d.severity == Severity.ERROR for d in problems):
            return LoweringEdits(None, diagnostics)
    return LoweringEdits(edits, diagnostics, len(replacements))


def _target_edits(doc: Document, run: LoweringRun) -> tuple[list[Edit], list[Diagnostic]]:
    """``target_attachment.target_edits`` (imported here: it imports this module)."""
    from .target_attachment import target_edits
    return target_edits(doc, run)


def _lower_op(run: LoweringRun, op: Operation, lower: Callable[[Builder], None],
              diagnostics: list[Diagnostic]) -> Replacement | None:
    """Run one pattern; its failure becomes a diagnostic on the op."""
    builder = Builder(run, op)
    try:
        lower(builder)
    except LoweringError as exc:
        start, end = exc.span or builder.view.span
        diagnostics.append(Diagnostic(start, end, exc.message, exc.code, Severity.ERROR, SOURCE))
        return None
    except UnconvertibleType as exc:
        diagnostics.append(_problem(op, str(exc), "lowering.type"))
        return None
    replacement = builder.finish()
    missing = [r.name for i, r in enumerate(op.results) if r.uses and i not in replacement.results]
    if missing:
        diagnostics.append(_problem(op, f"the lowering of '{op.name}' left {', '.join(missing)} undefined",
                                    "lowering.internal"))
        return None
    for index, value in replacement.results.items():
        if index < len(op.results):
            run.replaced[id(op.results[index])] = value
    return replacement


_OP_NAME = re.compile(r'^\s*(?:%[\w$.-]+(?::\d+)?(?:\s*,\s*%[\w$.-]+)*\s*=\s*)?"?([a-z_][\w$]*\.[\w.$]+)')


def emitted_ops(doc: Document, op: Operation, options: LoweringOptions | None = None) -> tuple[str, ...] | None:
    """The names of the ops the lowering writes for ``op`` alone, in the order it writes them
    (module-level ops such as a runtime function's declaration last), each once; None where
    ``op`` has no pattern or its pattern refuses this instance. What hover says an op lowers to
    is read from here, so that it is what the lowering does."""
    lower = PATTERNS.get(op.name)
    if lower is None:
        return None
    run = LoweringRun(doc, "", options or LoweringOptions())
    builder = Builder(run, op)
    try:
        lower(builder)
    except (LoweringError, UnconvertibleType):
        return None
    lines = builder.finish().lines + [module_op.text for module_op in run.module_ops.values()]
    names = (_OP_NAME.match(line) for line in lines)
    return tuple(dict.fromkeys(match.group(1) for match in names if match))


def _problem(op: Operation, message: str, code: str) -> Diagnostic:
    return Diagnostic(op.name_start, op.name_end, message, code, Severity.ERROR, SOURCE)


def _splice(doc: Document, replacement: Replacement, lowered: set[int], converted_uses: set[int]) -> Edit:
    """The edit putting ``replacement`` where its op is written, at the op's indentation, with a
    cast back to the source type for each result an unlowered op still uses (``converted_uses``:
    operands a re-typed loop or yield takes converted)."""
    op = replacement.op
    lines = list(replacement.lines)
    for index, value in sorted(replacement.results.items()):
        source = op.results[index]
        if value.name == source.name:
            continue
        if any(id(use.owner) not in lowered and id(use) not in converted_uses for use in source.uses):
            loc = lines[-1][lines[-1].rfind(" loc(") + 1:] if lines else ""
            lines.append(f"{source.name} = builtin.unrealized_conversion_cast {value} : {value.type} to "
                         f"{replacement.source_types[index]} {loc}".rstrip())
    line_start = doc.text.rfind("\n", 0, op.start) + 1
    indent = doc.text[line_start:op.start]
    if indent.strip():
        indent = ""
    return Edit(op.start, op.end, ("\n" + indent).join(lines))


def _module_op_edits(doc: Document, run: LoweringRun) -> list[Edit]:
    """Insert the module-level ops patterns asked for into their symbol tables: at the top the
    newest first (upstream inserts each at the start of the table's body), at the end in order."""
    by_place: dict[tuple[int, int, bool], list[ModuleOp]] = {}
    for added in run.module_ops.values():
        by_place.setdefault((id(added.scope), added.chunk_start, added.at_end), []).append(added)
    edits = []
    for (_, _, at_end), ops in by_place.items():
        if not at_end:
            ops = ops[::-1]
        scope = ops[0].scope
        if scope is None or not scope.regions:
            chunk = doc.chunk_at(ops[0].chunk_start)
            at = chunk.end if at_end else ops[0].chunk_start
            text = "".join(f"{o.text}\n" for o in ops)
            edits.append(Edit(at, at, ("\n" + text) if at_end else text))
            continue
        body = scope.regions[0]
        indent = _child_indent(doc, scope)
        if not at_end:
            edits.append(Edit(body.start + 1, body.start + 1, "".join(f"\n{indent}{o.text}" for o in ops)))
            continue
        close = body.end - 1
        line_start = doc.text.rfind("\n", 0, close) + 1
        text = "".join(f"{indent}{o.text}\n" for o in ops)
        if doc.text[line_start:close].strip():
            edits.append(Edit(close, close, "\n" + text))
        else:
            edits.append(Edit(line_start, line_start, text))
    return edits


def _child_indent(doc: Document, scope: Operation) -> str:
    line_start = doc.text.rfind("\n", 0, scope.start) + 1
    own = doc.text[line_start:scope.start]
    return (own if not own.strip() else "") + "  "


def apply_edits(text: str, edits: list[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` applied (insertions at one offset keep their order)."""
    return apply_edits_with_origins(text, edits)[0]


def apply_edits_with_origins(text: str, edits: list[Edit]) -> tuple[str, list[int]]:
    """``apply_edits``, and the source line each line of the result comes from (see
    ``Lowered.line_origins``)."""
    pieces: list[str] = []
    origins: list[int] = []
    cursor = 0
    line = 0
    at_line_start = True

    def add(piece: str, source_line: int | None) -> None:
        """Append ``piece``; its lines come from ``source_line`` (None: follow the source's own)."""
        nonlocal at_line_start, line
        for part in piece.splitlines(keepends=True):
            if at_line_start:
                origins.append(line if source_line is None else source_line)
            at_line_start = part.endswith("\n")
            if source_line is None and at_line_start:
                line += 1
        pieces.append(piece)

    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if edit.start < cursor:
            raise ValueError(f"overlapping lowering edits at offset {edit.start}")
        add(text[cursor:edit.start], None)
        add(edit.new, line)
        line += text.count("\n", edit.start, edit.end)
        cursor = edit.end
    add(text[cursor:], None)
    return "".join(pieces), origins

