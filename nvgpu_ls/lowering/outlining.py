"""Kernel outlining: each ``gpu.launch`` becomes a ``gpu.func`` in a ``gpu.module`` of its own and a
``gpu.launch_func`` in its place, the way upstream's ``gpu-kernel-outlining`` pass does it, so that
PTX can be made of kernels written as launches inside a host function (how upstream's own
integration kernels are written).

What upstream does, as measured with ``mlir-opt-22 --gpu-kernel-outlining``:

- a launch in ``@f`` becomes ``gpu.module @f_kernel`` holding ``gpu.func @f_kernel``; a name in use
  gets ``_N`` from one counter for the whole file; ``module(@M) function(@F)`` name them;
- every value defined above the launch and used inside it becomes a kernel argument, in the order
  of its first use in a walk that visits an op's regions before its operands; nothing is sunk;
- the body starts with the twelve index ops (``gpu.block_id``, ``gpu.thread_id``, ``gpu.grid_dim``,
  ``gpu.block_dim``, x/y/z; then ``gpu.cluster_id`` / ``gpu.cluster_dim`` with clusters) the
  launch's own arguments stand for; ``gpu.terminator`` becomes ``gpu.return``;
- ``known_block_size`` / ``known_grid_size`` when all three sizes are integer constants in
  [0, 2^32); workgroup and private attributions carry over; ``dynamic_shared_memory_size`` and
  async dependencies go to the ``gpu.launch_func``;
- the new module follows the top-level op holding the launch; symbols the kernel refers to are
  copied into it after the function; the outer module gets ``gpu.container_module``.

It works on the text: the body's lines are copied as written (so every line of the kernel maps to
the line of the launch it came from, ``Outlined.line_origins``) and the ops it adds map to the
``gpu.launch`` line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import re

from ..analysis.document import Document, symbol_key
from ..analysis.ir import Block, Operation, Region, ValueDef
from ..analysis.tokens import line_starts
from ..analysis.values import BoolAttr, IntegerAttr
from ..diagnostics import Diagnostic, Severity
from ..chunks import SPLIT_MARKER, split_chunks

_INDEX_OPS = ("gpu.block_id", "gpu.thread_id", "gpu.grid_dim", "gpu.block_dim")
_CLUSTER_OPS = ("gpu.cluster_id", "gpu.cluster_dim")
_SIZE_GROUPS = ("gridSizeX", "blockSizeX", "clusterSizeX")
_CONSTANT_OPS = frozenset({"arith.constant", "index.constant", "llvm.mlir.constant"})
_LARGEST_KNOWN_SIZE = (1 << 32) - 1
_BARE_SYMBOL = re.compile(r"[A-Za-z_][\w$.]*")


def _symbol(name: str) -> str:
    """``@name`` as MLIR spells it: bare where it can be, else quoted."""
    if _BARE_SYMBOL.fullmatch(name):
        return "@" + name
    return '@"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass
class OutlinedKernel:
    """One launch and the kernel made of it."""

    module: str
    function: str
    launch_line: int
    """The 0-based line of the ``gpu.launch``."""
    arguments: list[str]
    """The outer values passed to the kernel, in order."""


@dataclass
class Outlined:
    """The file with its launches outlined."""

    text: str
    line_origins: list[int]
    """For each line of ``text``, the 0-based line of the original file it came from."""
    kernels: list[OutlinedKernel] = field(default_factory=list)
    problems: list[tuple[int, int, str]] = field(default_factory=list)
    """(start, end, message) of each launch that could not be outlined (left as it was)."""
    source: str = ""
    """The text that was outlined."""

    def original_line(self, line: int) -> int:
        """The 0-based line of the source a 0-based line of ``text`` came from."""
        if 0 <= line < len(self.line_origins):
            return self.line_origins[line]
        return max(self.source.count("\n"), 0)

    @cached_property
    def _text_lines(self) -> list[str]:
        return self.text.split("\n")

    @cached_property
    def _source_lines(self) -> list[str]:
        return self.source.split("\n")

    @cached_property
    def _source_starts(self) -> list[int]:
        return line_starts(self.source)

    def original_offset(self, offset: int) -> int:
        """Where in the source an offset of ``text`` is: the same column of the line it came
        from, moved by the difference in indentation (kernel lines are re-indented)."""
        offset = max(0, min(offset, len(self.text)))
        line = self.text.count("\n", 0, offset)
        line_start = self.text.rfind("\n", 0, offset) + 1
        origin = min(self.original_line(line), len(self._source_lines) - 1)
        there = self._source_lines[origin]
        column = offset - line_start + _indent(there) - _indent(self._text_lines[line])
        return self._source_starts[origin] + max(0, min(column, len(there)))

    def original_diagnostics(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """``diagnostics`` of ``text`` placed at the source, their related places too."""
        placed = []
        for d in diagnostics:
            start = self.original_offset(d.start)
            related = tuple(replace(r, start=at, end=max(at, self.original_offset(r.end)))
                            for r in d.related for at in [self.original_offset(r.start)])
            placed.append(replace(d, start=start, end=max(start, self.original_offset(d.end)), related=related))
        return placed

    def original_locations(self, lowered: str, file_name: str) -> str:
        """``lowered``'s MLIR locations in ``file_name`` (lines and columns of ``text``) made the
        source's, for text that went through upstream's passes with its locations."""
        spelled = '"' + file_name.replace("\\", "\\\\").replace('"', '\\"') + '"'

        def moved(match: re.Match[str]) -> str:
            line, column = int(match.group(1)) - 1, int(match.group(2))
            origin = min(self.original_line(line), len(self._source_lines) - 1)
            if 0 <= line < len(self._text_lines) and column > 0:
                column = max(1, column + _indent(self._source_lines[origin]) - _indent(self._text_lines[line]))
            return f"{spelled}:{origin + 1}:{column}"

        return re.sub(re.escape(spelled) + r":(\d+):(\d+)", moved, lowered)

    def problem_diagnostics(self) -> list[Diagnostic]:
        """The launches that could not be outlined, as errors at the source."""
        return [Diagnostic(start, end, f"this gpu.launch cannot be outlined into a kernel: {message}",
                           "lowering.outline", Severity.ERROR) for start, end, message in self.problems]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def has_launches(doc: Document) -> bool:
    """Does the file hold a ``gpu.launch`` outside any ``gpu.module``?"""
    return any(True for _ in _launches(doc))


def outline(doc: Document) -> Outlined:
    """``doc``'s text with every ``gpu.launch`` outside a ``gpu.module`` outlined (unchanged when
    there is none). A file split by ``// -----`` is outlined piece by piece, as upstream's pass
    outlines each piece of ``--split-input-file`` on its own."""
    pieces = split_chunks(doc.text)
    if len(pieces) == 1:
        return _Outliner(doc).run()
    whole = Outlined("", [], source=doc.text)
    texts: list[str] = []
    for number, (offset, piece) in enumerate(pieces):
        done = _Outliner(Document(piece, doc.uri, doc.registry)).run()
        first_line = doc.text.count("\n", 0, offset)
        origins = [line + first_line for line in done.line_origins]
        whole.line_origins += origins if number == 0 else origins[1:]  # the marker joins two lines
        texts.append(done.text)
        whole.problems += [(start + offset, end + offset, message) for start, end, message in done.problems]
        whole.kernels += [replace(kernel, launch_line=kernel.launch_line + first_line) for kernel in done.kernels]
    whole.text = SPLIT_MARKER.join(texts)
    return whole


def _launches(doc: Document):
    for op in doc.ops():
        if op.name == "gpu.launch" and op.enclosing(lambda parent: parent.name == "gpu.module") is None:
            yield op


def _outer_module(doc: Document) -> Operation | None:
    """The file's own outermost ``module`` (a file that is one ``module`` op); None where its top
    level is the implicit module around its ops."""
    ops = doc.chunks[0].ops if doc.chunks else []
    return ops[0] if len(ops) == 1 and ops[0].name == "builtin.module" else None


class _Outliner:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.text = doc.text
        self.lines = doc.lines
        self.edits: list[tuple[int, int, list[tuple[str, int]]]] = []
        """(start, end, lines): the text ``start..end`` replaced by ``lines`` (text, origin line)."""
        self.after: dict[int, list[list[tuple[str, int]]]] = {}
        """Modules to insert after the line where a top-level op ends, by that op's end offset."""
        self.result = Outlined("", [], source=doc.text)
        self.wrap_end: tuple[int, int] | None = None
        """(offset, line) after which the module made around a file without one closes."""
        self.outer = _outer_module(doc)
        """The module the file is, if it is one (else the new modules go in the implicit one)."""
        self.top_ops: list[Operation] = (
            [op for region in self.outer.regions for block in region.blocks for op in block.ops]
            if self.outer is not None else (doc.chunks[0].ops if doc.chunks else []))
        """The ops of the outermost module: new modules follow the one holding their launch."""
        self.symbols = {symbol_key(sym.name)[1:] for op in self.top_ops for sym in op.symbols if sym.is_definition}
        """The names of the file's top-level symbols, and of the modules made so far."""
        self.counter = 0
        self.gpu_modules = {symbol_key(op.symbol_name)[1:]: op for op in self.top_ops
                            if op.name == "gpu.module" and op.symbol_name}
        """The file's own top-level gpu.modules, by name: where ``module(@M)`` adds a kernel."""
        self.made: dict[str, list[tuple[str, int]]] = {}
        """The modules this pass made, by name: their lines (the last one closes the module)."""
        self.cloned: dict[str, set[int]] = {}
        """For each module kernels went to: the top-level ops already copied into it."""
        self.functions: dict[str, tuple[set[str], list[int]]] = {}
        """For each module kernels went to: the names taken in it and its name counter."""

    def line_of(self, offset: int) -> int:
        return self.lines.line_of(offset)

    def top_level(self, op: Operation) -> Operation:
        """The op of the outermost module that holds ``op``."""
        while True:
            parent = op.parent_op()
            if parent is None or parent is self.outer:
                return op
            op = parent

    # ------------------------------------------------------------------ names
    def unique(self, name: str) -> str:
        """``name``, or ``name_N`` with the next free N of the file's one counter (upstream's
        symbol-table uniquing)."""
        candidate = name
        while candidate in self.symbols:
            candidate = f"{name}_{self.counter}"
            self.counter += 1
        self.symbols.add(candidate)
        return candidate

    # ------------------------------------------------------------------ the pass
    def run(self) -> Outlined:
        launches = list(_launches(self.doc))
        if not launches:
            return Outlined(self.text, list(range(self.text.count("\n") + 1)), source=self.text)
        outlined_any = False
        for launch in launches:
            problem = self.outline_one(launch)
            if problem is not None:
                self.result.problems.append((launch.name_start, launch.name_end, problem))
            else:
                outlined_any = True
        if outlined_any:
            self.mark_container_module()
        self.result.text, self.result.line_origins = self.apply()
        return self.result

    def outline_one(self, launch: Operation) -> str | None:
        if not launch.regions or not launch.regions[0].blocks:
            return "the gpu.launch has no body"
        region = launch.regions[0]
        entry = region.blocks[0]
        clusters = bool(launch.operands_of("clusterSizeX"))
        fixed = 18 if clusters else 12
        if len(entry.args) < fixed:
            return "the gpu.launch's arguments could not be read"
        host = self.top_level(launch)
        function_op = launch.enclosing(lambda parent: parent.is_function_like)
        host_name = symbol_key(function_op.symbol_name)[1:] if function_op and function_op.symbol_name else ""
        named_module = self.named(launch, "module")
        named_function = self.named(launch, "function")
        function = named_function or f"{host_name}_kernel"
        captured = self.captured(region, entry)
        if captured is None:
            return "the gpu.launch uses a value that is not defined"
        origin = self.line_of(launch.name_start)
        module, into = self.module_for(named_module or named_function or f"{host_name}_kernel", named_module is not None)
        if into is not None:
            indent = " " * self.indent_of(into.start)
        elif module in self.made:
            first = self.made[module][0][0]
            indent = first[:len(first) - len(first.lstrip())]
        else:
            indent = " " * (self.indent_of(host.start) + 2)
        function = self.function_name(module, function, into)
        arguments = [self.argument_name(value) for value in captured]
        signature = ", ".join(f"{name}: {_type_text(value)}" for name, value in zip(arguments, captured))
        attributions = self.attributions(launch, entry, fixed)
        known = self.known_sizes(launch)
        header = f"{indent}gpu.module {_symbol(module)} {{"
        func = f"{indent}  gpu.func {_symbol(function)}({signature}){attributions} kernel"
        if known:
            func += " attributes {" + ", ".join(known) + "}"
        lines: list[tuple[str, int]] = [(func + " {", origin)]
        body_indent = indent + "    "
        names = [arg.name for arg in entry.args[:fixed]]  # in the index ops' order (``readers/gpu.py``)
        ops = [f"{op_name}  {axis}" for op_name in _INDEX_OPS + (_CLUSTER_OPS if clusters else ()) for axis in "xyz"]
        for name, op_text in zip(names, ops):
            lines.append((f"{body_indent}{name} = {op_text}", origin))
        lines += self.body_lines(launch, region, {id(value): name for value, name in zip(captured, arguments)}, body_indent)
        lines.append((f"{indent}  }}", self.line_of(region.end - 1)))
        for symbol_op in self.referenced_symbols(launch, module):
            lines += self.copied(symbol_op, indent + "  ")
        if into is not None:  # a kernel added to a gpu.module of the file: before its closing brace
            close = into.regions[0].end - 1 if into.regions else into.end
            at = self.text.rfind("\n", 0, close) + 1 if self.text[self.text.rfind("\n", 0, close) + 1:close].strip() == "" \
                else close
            self.edits.append((at, at, lines + [("", self.line_of(at))]))
        elif module in self.made:
            self.made[module][-1:-1] = lines
        else:
            self.made[module] = [(header, origin)] + lines + [(f"{indent}}}", origin)]
            self.after.setdefault(host.end, []).append(self.made[module])
        call = self.launch_func(launch, module, function, captured)
        self.edits.append((launch.start, launch.end, [(call, origin)]))
        self.result.kernels.append(OutlinedKernel(module, function, origin, [v.name for v in captured]))
        return None

    def named(self, launch: Operation, attribute: str) -> str | None:
        entry = launch.attributes.get(attribute)
        if entry is None:
            return None
        spelled = self.text[entry.value_start:entry.value_end].split("::")[0]
        return symbol_key(spelled)[1:] or None

    def module_for(self, name: str, named: bool) -> tuple[str, Operation | None]:
        """The module a kernel goes to: one the launch names (``module(@M)``) if the file or this
        pass made it, else a new one under a free name."""
        if named:
            if name in self.made:
                return name, None
            existing = self.gpu_modules.get(name)
            if existing is not None:
                return name, existing
        return self.unique(name), None

    def function_name(self, module: str, name: str, into: Operation | None) -> str:
        """``name``, or ``name_N`` where the module already has a symbol of that name."""
        if module not in self.functions:
            taken: set[str] = set()
            if into is not None:
                taken = {symbol_key(sym.name)[1:] for op in into.walk() if op.parent_op() is into
                         for sym in op.symbols if sym.is_definition}
            self.functions[module] = (taken, [0])
        taken, counter = self.functions[module]
        candidate = name
        while candidate in taken:
            candidate = f"{name}_{counter[0]}"
            counter[0] += 1
        taken.add(candidate)
        return candidate

    def indent_of(self, offset: int) -> int:
        start = self.text.rfind("\n", 0, offset) + 1
        line = self.text[start:offset]
        return len(line) - len(line.lstrip(" "))

    # ------------------------------------------------------------------ arguments
    def captured(self, region: Region, entry: Block) -> list[ValueDef] | None:
        """The values defined above the launch that its body uses, in upstream's order: a walk
        over the body in which an op's regions come before its own operands."""
        found: list[ValueDef] = []
        seen: set[int] = set()
        inside = (region.start, region.end)
        own = {id(arg) for arg in entry.args}

        def visit_region(r: Region) -> bool:
            for block in r.blocks:
                for op in block.ops:
                    for nested in op.regions:
                        if not visit_region(nested):
                            return False
                    for use in op.operands:
                        value = use.definition
                        if value is None:
                            return False
                        if id(value) in own or id(value) in seen or inside[0] <= value.start < inside[1]:
                            continue
                        seen.add(id(value))
                        found.append(value)
            return True

        return found if visit_region(region) else None

    def argument_name(self, value: ValueDef) -> str:
        """The kernel argument's name: the value's own, unless it is one result of a group
        (``%x#1`` is no argument name)."""
        if "#" not in value.name:
            return value.name
        base, _, number = value.name.partition("#")
        return f"{base}_r{number}"

    def attributions(self, launch: Operation, entry: Block, fixed: int) -> str:
        """``workgroup(...)`` and ``private(...)`` as the launch wrote them."""
        extra = entry.args[fixed:]
        if not extra:
            return ""
        private_at = next((start for word, start, _end in launch.keywords if word == "private"), None)
        groups: dict[str, list[str]] = {"workgroup": [], "private": []}
        for value in extra:
            kind = "private" if private_at is not None and value.start > private_at else "workgroup"
            groups[kind].append(f"{value.name} : {_type_text(value)}")
        return "".join(f" {kind}({', '.join(items)})" for kind, items in groups.items() if items)

    def known_sizes(self, launch: Operation) -> list[str]:
        known = []
        for group, attribute in (("blockSizeX", "known_block_size"), ("gridSizeX", "known_grid_size")):
            values = [_constant(use.definition) for use in launch.operands_of(group)]
            if len(values) == 3 and all(v is not None and 0 <= v <= _LARGEST_KNOWN_SIZE for v in values):
                shown = [v - (1 << 32) if v >= 1 << 31 else v for v in values]  # type: ignore[operator]
                known.append(f"{attribute} = array<i32: {', '.join(str(v) for v in shown)}>")
        return known

    # ------------------------------------------------------------------ the kernel body
    def body_lines(self, launch: Operation, region: Region, renamed: dict[int, str], indent: str
                   ) -> list[tuple[str, int]]:
        """The region's text between its braces, line by line (moved to ``indent``), with each
        ``gpu.terminator`` a ``gpu.return`` and each captured value spelled as its argument."""
        start, end = region.start + 1, region.end - 1
        replacements: list[tuple[int, int, str]] = []
        for op in launch.walk():
            if op is launch:
                continue
            if op.name == "gpu.terminator":
                spelled = self.text[op.name_start:op.name_end]
                replacements.append((op.name_start, op.name_end, spelled.replace("gpu.terminator", "gpu.return")))
            for use in op.operands:
                if use.definition is not None and id(use.definition) in renamed and use.name != renamed[id(use.definition)]:
                    replacements.append((use.start, use.end, renamed[id(use.definition)]))
        pieces = []
        cursor = start
        for at, until, new in sorted(replacements):
            pieces.append(self.text[cursor:at])
            pieces.append(new)
            cursor = until
        pieces.append(self.text[cursor:end])
        body = "".join(pieces)
        first_line = self.line_of(start)
        kept = [(line.rstrip(), first_line + number) for number, line in enumerate(body.split("\n")) if line.strip()]
        if not kept:
            return []
        own = min(len(line) - len(line.lstrip(" ")) for line, _origin in kept)
        return [(indent + line[own:] if line[:own].strip() == "" else indent + line.lstrip(), origin)
                for line, origin in kept]

    def referenced_symbols(self, launch: Operation, module: str) -> list[Operation]:
        """The top-level ops the kernel refers to by symbol, and those they refer to, in the
        order upstream copies them (a worklist, depth first); each once per module."""
        found: list[Operation] = []
        seen = self.cloned.setdefault(module, set())
        work = [sym for op in launch.walk() if op is not launch for sym in op.symbols if not sym.is_definition]
        while work:
            sym = work.pop(0)
            target = sym.target
            if target is None:
                continue
            owner = target.owner
            if id(owner) in seen or owner.name in ("gpu.module", "builtin.module"):
                continue
            seen.add(id(owner))
            found.append(owner)
            work += [s for op in owner.walk() for s in op.symbols if not s.is_definition]
        return found

    def copied(self, op: Operation, indent: str) -> list[tuple[str, int]]:
        """A top-level op's text, re-indented under ``indent``, line by line."""
        start = self.text.rfind("\n", 0, op.start) + 1
        text = self.text[start:op.end]
        first = self.line_of(op.start)
        lines = text.split("\n")
        own = self.indent_of(op.start)
        out = []
        for number, line in enumerate(lines):
            stripped = line[own:] if line[:own].strip() == "" else line.lstrip()
            out.append((indent + stripped.rstrip(), first + number))
        return out

    # ------------------------------------------------------------------ the host side
    def launch_func(self, launch: Operation, module: str, function: str, captured: list[ValueDef]) -> str:
        def names(group: str) -> str:
            return ", ".join(use.name for use in launch.operands_of(group))

        head = ""
        if launch.results:
            head = f"{launch.results[0].name} = "
        text = f"{head}gpu.launch_func "
        deps = launch.operands_of("asyncDependencies")
        if launch.results or deps or any(word == "async" for word, _s, _e in launch.keywords):
            text += "async " + (f"[{names('asyncDependencies')}] " if deps else "")
        text += f"{_symbol(module)}::{_symbol(function)}"
        if launch.operands_of("clusterSizeX"):
            text += f" clusters in ({names('clusterSizeX')})"
        text += f" blocks in ({names('gridSizeX')}) threads in ({names('blockSizeX')})"
        shared = launch.operands_of("dynamicSharedMemorySize")
        if shared:
            text += f" dynamic_shared_memory_size {shared[0].name}"
        if captured:
            text += " args(" + ", ".join(f"{v.name} : {_type_text(v)}" for v in captured) + ")"
        return text

    def mark_container_module(self) -> None:
        """``gpu.container_module`` on the outermost module (once), or a module around the file
        when it has none."""
        module = self.outer
        if module is None:
            first = self.top_ops[0].start if self.top_ops else 0
            last = self.top_ops[-1].end if self.top_ops else len(self.text)
            self.edits.append((first, first, [("module attributes {gpu.container_module} {", self.line_of(first)),
                                              ("", self.line_of(first))]))
            self.wrap_end = (last, self.line_of(max(last - 1, 0)))
            return
        if "gpu.container_module" in module.attributes:
            return
        region_start = module.regions[0].start if module.regions else module.end
        header = self.text[module.start:region_start]
        at = header.find("attributes")
        if at >= 0:
            brace = self.text.index("{", module.start + at)
            self.edits.append((brace + 1, brace + 1, [("gpu.container_module, ", -1)]))
        else:
            self.edits.append((region_start, region_start, [("attributes {gpu.container_module} ", -1)]))

    def apply(self) -> tuple[str, list[int]]:
        """The edited text and each of its lines' origin."""
        marks: list[tuple[int, int, int, str, list[int]]] = []
        for start, end, lines in self.edits:
            marks.append((start, 0, end, "\n".join(t for t, _o in lines), [o for _t, o in lines]))
        for op_end, modules in self.after.items():
            lines = [line for module in modules for line in module]
            line_end = self.text.find("\n", op_end)
            at = len(self.text) if line_end < 0 else line_end
            marks.append((at, 1, at, "\n" + "\n".join(t for t, _o in lines), [-1] + [o for _t, o in lines]))
        if self.wrap_end is not None:
            line_end = self.text.find("\n", self.wrap_end[0])
            at = len(self.text) if line_end < 0 else line_end
            marks.append((at, 2, at, "\n}", [-1, self.wrap_end[1]]))
        marks.sort(key=lambda m: (m[0], m[1]))
        segments: list[tuple[str, int, list[int]]] = []  # (text, first original line or -1, origins by piece)
        cursor = 0
        for start, _order, end, text, origins in marks:
            if start > cursor:
                segments.append((self.text[cursor:start], self.line_of(cursor), []))
            segments.append((text, -1, origins))
            cursor = max(cursor, end)
        segments.append((self.text[cursor:], self.line_of(cursor), []))
        line_origins: list[int] = []
        open_line = False
        last = 0
        for text, first, origins in segments:
            pieces = text.split("\n")
            for k, piece in enumerate(pieces):
                if k:
                    open_line = False
                if not open_line and (piece or k < len(pieces) - 1):
                    origin = first + k if first >= 0 else (origins[k] if k < len(origins) else -1)
                    last = origin if origin >= 0 else last
                    line_origins.append(last)
                    open_line = True
        if not open_line:
            line_origins.append(last)
        return "".join(t for t, _f, _o in segments), line_origins


def _type_text(value: ValueDef) -> str:
    """The value's type as MLIR spells it: its own, or (an op's result whose syntax leaves the type
    implied, ``arith.constant false``) the op's result type."""
    if value.type is not None:
        return str(value.type.type)
    owner = value.owner
    if isinstance(owner, Operation) and value.index < len(owner.result_types):
        return str(owner.result_types[value.index].type)
    if isinstance(owner, Operation) and owner.name == "arith.constant" and "value" in owner.attributes:
        constant = owner.attributes["value"].value
        if isinstance(constant, BoolAttr):  # `arith.constant true`: the one untyped form
            return "i1"
        typed = getattr(constant, "type", None)
        if typed is not None:
            return str(typed)
    return "none"


def _constant(value: ValueDef | None) -> int | None:
    """The integer a constant-like op gives ``value``, if it is one."""
    if value is None or not isinstance(value.owner, Operation) or value.owner.name not in _CONSTANT_OPS:
        return None
    entry = value.owner.attributes.get("value")
    if entry is not None and isinstance(entry.value, IntegerAttr):
        return entry.value.value
    return None
