"""Native compilation steps (upstream MLIR through the torch-mlir bindings, LLVM through
llvmlite) in a process of their own.

Native code fed bad input may abort or hang, so ``native.py`` runs this file as a child
process and survives whatever happens here. Standard library only at import time, and
nothing imported from the ``nvgpu_ls`` package (the stdlib-only helpers it shares are
loaded by path): the child starts fast and does not depend on the rest of the package.

Protocol: JSON lines, so that one worker can serve many requests (it reads until end of
input). Each request line is an object ``{"id": any, "kind": str, ...}``. For each request
the worker writes, in order:

- ``{"id", "event": "stage", "stage": str, ...where}`` before each native step
  (``where`` names the chunk or the gpu.module), flushed at once: when the worker dies,
  the last stage line says in which step;
- one final ``{"id", "event": "done", "result": {...}}``, or
  ``{"id", "event": "error", "message": str}`` for a request it cannot serve.

Kinds:

``lower``: ``{"text", "pipeline"}`` → ``{"chunks": [{"ok", "text", "diagnostics"}]}``: each
``// -----`` chunk parsed in a context of its own, ``pipeline`` (a pass pipeline string)
run, the result printed with debug info. Locations of the parsed buffer are rewritten to
``file_name`` (a request key) with lines and columns of the whole text. Diagnostics are
``upstream_worker`` records.

``ptx``: ``{"text", "pipeline"}`` → ``{"modules": [{"name", "chip", "features",
"opt_level", "llvm_ir", "ptx"}], "problems": [{"stage", "message", "module"}]}``: the
text parsed, kernel signatures converted (``nvgpu_ls/ptx/signatures.py``), everything but
the gpu.modules dropped, ``pipeline`` run
(the text in pure LLVM dialect after it), each ``gpu.module``'s body translated to LLVM IR
and compiled by llvmlite for the module's ``#nvvm.target``, at its ``O``. ``"debug_level"`` is
``"none"`` (the default), ``"lines"`` — the PTX carries ``.file``/``.loc`` line directives and
nothing else of DWARF (the functions get ``DebugDirectivesOnly`` scopes, what ``nvcc -lineinfo``
gives, so ptxas still optimises as without them) — or ``"full"``: full DWARF and
``.target <chip>, debug`` (``-g``). ``"file_name"`` and ``"line_origins"`` (the builtin engine's
``Lowered.line_origins``) move the locations of ops without one of their own, which the
parser gives the lines of the lowered buffer, to the source lines they come from.

``ping`` → ``{}`` (the worker is alive and its imports work).

Exit status 0 at end of input; ``EXIT_NO_BINDINGS`` when a native library cannot be
imported (the reason on standard error, after an ``error`` line for the request).

Fault injection for tests: ``NVGPU_LS_NATIVE_FAULT=<stage>:abort`` (or ``:hang``) makes
the worker abort (hang) when it enters that stage.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable, TextIO

EXIT_NO_BINDINGS = 3
FAULT_VARIABLE = "NVGPU_LS_NATIVE_FAULT"

_HERE = Path(__file__).resolve().parent
_BUFFER_LOCATION = re.compile(r'"-":(\d+):(\d+)')
_CHIP = re.compile(r'chip\s*=\s*"([^"]*)"')
_FEATURES = re.compile(r'features\s*=\s*"([^"]*)"')
_OPT_LEVEL = re.compile(r'(?:<|,)\s*O\s*=\s*(\d)')
DEFAULT_CHIP = "sm_75"
DEFAULT_FEATURES = ""
"""What a ``#nvvm.target`` without them means: upstream's printer leaves an empty ``features``
out (NVPTX then emits the chip's own default PTX version) and uses sm_75 where no chip is
given (``gpu-nvvm-attach-target``'s default)."""
DEFAULT_OPT_LEVEL = 2
"""What a ``#nvvm.target`` without ``O`` means (upstream's default, which its printer leaves out)."""


def _load(name: str, path: Path) -> Any:
    """The module at ``path``, executed once per worker and then kept (callers ask per request)."""
    module = _LOADED.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None  # a .py path always has a loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _LOADED[name] = module
    return module


_LOADED: dict[str, Any] = {}


def _mlir_string_body(text: str) -> str:
    """``strings.mlir_string_body``, loaded by path (this worker does not import the package)."""
    return _load("_nvgpu_ls_strings", _HERE / "strings.py").mlir_string_body(text)


class NoBindings(Exception):
    """A native library could not be imported."""


class Session:
    """One request being served: writes its stage and final lines."""

    def __init__(self, out: TextIO, request_id: Any) -> None:
        self.out = out
        self.id = request_id

    def write(self, record: dict) -> None:
        self.out.write(json.dumps({"id": self.id, **record}) + "\n")
        self.out.flush()

    def stage(self, name: str, **where: Any) -> None:
        self.write({"event": "stage", "stage": name, **where})
        fault = os.environ.get(FAULT_VARIABLE, "")
        if fault.rpartition(":")[0] == name:
            if fault.endswith(":abort"):
                os.abort()
            if fault.endswith(":hang"):
                while True:
                    time.sleep(3600)


# ---------------------------------------------------------------------------- lower
def relocate(printed: str, file_name: str, origin: tuple[int, int]) -> str:
    """``printed`` with the parsed buffer's locations (``"-":L:C``) moved to ``file_name`` and
    to lines/columns of the whole text (the chunk starts at 0-based ``origin``)."""
    quoted = _mlir_string_body(file_name)

    def move(match: re.Match) -> str:
        line, column = int(match.group(1)), int(match.group(2))
        if line == 0:  # the implicit top-level module's location: no place in the text
            return f'"{quoted}":0:0'
        if line == 1:
            column += origin[1]
        return f'"{quoted}":{line + origin[0]}:{column}'

    return _BUFFER_LOCATION.sub(move, printed)


def serve_lower(session: Session, request: dict) -> dict:
    chunks_of = _load("_nvgpu_ls_chunks", _HERE.parent / "chunks.py")
    shared = _load("_nvgpu_ls_upstream_worker", _HERE.parent / "verify" / "upstream_worker.py")
    ir, passmanager = _bindings()
    text = request["text"]
    pipeline = request.get("pipeline", "builtin.module(convert-nvgpu-to-nvvm)")
    file_name = str(request.get("file_name", "-"))
    chunks = []
    for index, (offset, chunk) in enumerate(chunks_of.split_chunks(text)):
        origin = chunks_of.chunk_origin(text, offset)
        context = ir.Context()
        context.allow_unregistered_dialects = bool(request.get("allow_unregistered", False))
        context.enable_multithreading(False)
        records: list[dict] = []

        def keep(diagnostic: Any) -> bool:
            records.append(shared._record(diagnostic, "verifier", origin))
            return True
        handler = context.attach_diagnostic_handler(keep)
        result = {"ok": False, "text": "", "diagnostics": records}
        try:
            session.stage("parse", chunk=index)
            try:
                module = ir.Module.parse(chunk.encode("utf-8", "surrogatepass"), context)
            except ir.MLIRError as error:
                records.extend(shared._record(d, None, origin) for d in error.error_diagnostics)
                chunks.append(result)
                continue
            session.stage(_pipeline_stage(pipeline), chunk=index)
            try:
                passmanager.PassManager.parse(pipeline, context).run(module.operation)
            except ir.MLIRError as error:
                records.extend(shared._record(d, "verifier", origin) for d in error.error_diagnostics)
                chunks.append(result)
                continue
            session.stage("print", chunk=index)
            printed = module.operation.get_asm(enable_debug_info=True)
            result["text"] = relocate(printed, file_name, origin)
            result["ok"] = True
            chunks.append(result)
        finally:
            handler.detach()
    return {"chunks": chunks}


def _pipeline_stage(pipeline: str) -> str:
    """The stage name of a pipeline: its passes, without the anchors."""
    inner = pipeline
    while match := re.match(r"^[\w.]+\((.*)\)$", inner, re.S):
        inner = match.group(1)
    return inner


# ---------------------------------------------------------------------------- ptx
def target_of(module_op: Any) -> tuple[str, str, int]:
    """chip, features and optimisation level of a gpu.module's first ``#nvvm.target`` (their
    defaults without one)."""
    targets = module_op.attributes["targets"] if "targets" in module_op.attributes else None
    for target in targets or ():
        spelled = str(target)
        if spelled.startswith("#nvvm.target"):
            chip = _CHIP.search(spelled)
            features = _FEATURES.search(spelled)
            level = _OPT_LEVEL.search(spelled.split("flags", 1)[0])
            return (chip.group(1) if chip else DEFAULT_CHIP,
                    features.group(1) if features else DEFAULT_FEATURES,
                    int(level.group(1)) if level else DEFAULT_OPT_LEVEL)
    return DEFAULT_CHIP, DEFAULT_FEATURES, DEFAULT_OPT_LEVEL


def gpu_modules(op: Any) -> list[Any]:
    """The gpu.module ops in ``op`` (a module), outermost first, in order."""
    found = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                child = child.operation
                if child.name == "gpu.module":
                    found.append(child)
                elif child.name == "builtin.module":
                    found.extend(gpu_modules(child))
    return found


def _problem(stage: str, message: str, module: str | None = None) -> dict:
    return {"stage": stage, "message": message, "module": module}


def _error_text(error: Exception) -> str:
    diagnostics = getattr(error, "error_diagnostics", None)
    if diagnostics:
        return "; ".join(str(d.message) + f" at {d.location}" for d in diagnostics)
    return " ".join(str(error).split())[:2000]


def relocate_lowered(ir: Any, module: Any, file_name: str, line_origins: list[int]) -> Any:
    """``module`` parsed again with the locations of the lowered buffer (``"-":L:C``) moved to
    ``file_name`` at the source line ``line_origins`` gives line L (columns kept)."""
    quoted = _mlir_string_body(file_name)

    def move(match: re.Match) -> str:
        line, column = int(match.group(1)), int(match.group(2))
        if line < 1:
            return f'"{quoted}":0:0'
        source = line_origins[line - 1] + 1 if line - 1 < len(line_origins) else line
        return f'"{quoted}":{source}:{column}'

    printed = module.operation.get_asm(enable_debug_info=True)
    return ir.Module.parse(_BUFFER_LOCATION.sub(move, printed))


def serve_ptx(session: Session, request: dict) -> dict:
    ir, passmanager = _bindings()
    signatures = _load("_nvgpu_ls_signatures", _HERE.parent / "ptx" / "signatures.py")
    problems: list[dict] = []
    modules: list[dict] = []
    context = ir.Context()
    context.enable_multithreading(False)
    context.allow_unregistered_dialects = True  # host code upstream knows no op of is dropped anyway
    with context, ir.Location.unknown():
        session.stage("parse")
        try:
            module = ir.Module.parse(request["text"].encode("utf-8", "surrogatepass"))
        except ir.MLIRError as error:
            return {"modules": [], "problems": [_problem("parse", _error_text(error))]}
        debug_level = request.get("debug_level", "none")
        debug_info = debug_level in ("lines", "full")
        origins = request.get("line_origins")
        if debug_info and origins is not None:
            session.stage("locations")
            module = relocate_lowered(ir, module, str(request.get("file_name") or "-"), [int(o) for o in origins])
        session.stage("signature-conversion")
        problems += [_problem("signature-conversion", m) for m in signatures.convert_signatures(ir, module)]
        if problems:
            return {"modules": [], "problems": problems}
        session.stage("lower-to-llvm")
        drop_host_code(module)
        try:
            passmanager.PassManager.parse(request["pipeline"]).run(module.operation)
        except ir.MLIRError as error:
            return {"modules": [], "problems": [_problem("lower-to-llvm", _error_text(error))]}
        result: dict = {"modules": modules, "problems": problems}
        if request.get("keep_llvm_dialect"):
            result["llvm_dialect"] = str(module)
        for gpu_module in gpu_modules(module.operation):
            name = str(gpu_module.attributes["sym_name"]).strip('"')
            chip, features, opt_level = target_of(gpu_module)
            left = unlowered_ops(gpu_module)
            if left:
                problems.append(_problem("lower-to-llvm", "ops left that are not in the LLVM dialect: "
                                         + ", ".join(left), name))
                continue
            session.stage("translate-to-llvmir", module=name)
            try:
                llvm_ir = _translate(ir, passmanager, gpu_module, debug_info, debug_level == "full")
            except Exception as error:  # MLIRError, or a ValueError the bindings raise
                problems.append(_problem("translate-to-llvmir", _error_text(error), name))
                continue
            session.stage("llvm-codegen", module=name)
            try:
                ptx = _codegen(llvm_ir, chip, features, opt_level)
            except RuntimeError as error:
                problems.append(_problem("llvm-codegen", _error_text(error), name))
                continue
            modules.append({"name": name, "chip": chip, "features": features, "opt_level": opt_level,
                            "llvm_ir": llvm_ir, "ptx": ptx})
    return result


_TRANSLATABLE = ("llvm.", "nvvm.")


def unlowered_ops(gpu_module: Any) -> list[str]:
    """Names (with counts) of the ops in a gpu.module's body that LLVM IR translation cannot
    take: after the pipeline only llvm.* ops should remain (nvvm.* ops that translate
    directly to intrinsics are fine). Translating a module with others fails, and the bindings
    may crash after such a failure, so it is checked first."""
    counts: dict[str, int] = {}

    def visit(op: Any) -> None:
        for region in op.regions:
            for block in region.blocks:
                for child in block.operations:
                    child = child.operation
                    if not child.name.startswith(_TRANSLATABLE):
                        counts[child.name] = counts.get(child.name, 0) + 1
                    visit(child)

    visit(gpu_module)
    return [f"{name} ({count}x)" if count > 1 else name for name, count in sorted(counts.items())]


def drop_host_code(module: Any) -> None:
    """Erase every top-level op but the gpu.modules: the pipeline then converts function
    signatures module-wide, as upstream's does, without failing on host code it need not
    compile."""
    for op in list(module.body.operations):
        if op.operation.name != "gpu.module":
            op.operation.erase()


DEBUG_SCOPES = "builtin.module(ensure-debug-info-scope-on-llvm-func{emission-kind=DebugDirectivesOnly})"
"""Gives each llvm.func a DISubprogram, without which translation drops every location.
``DebugDirectivesOnly``: NVPTX then writes ``.file``/``.loc`` and no DWARF sections, and no
``debug`` on ``.target`` (with which ptxas compiles for the debugger: more registers)."""
FULL_DEBUG_SCOPES = "builtin.module(ensure-debug-info-scope-on-llvm-func{emission-kind=Full})"
"""Device debug (``"debug_level": "full"``, ``-g``): full DWARF, the variables' records kept, and
``.target <chip>, debug``."""


def _translate(ir: Any, passmanager: Any, gpu_module: Any, debug_info: bool = False, full_debug: bool = False) -> str:
    """The LLVM IR of a gpu.module's body (cloned into a builtin module of its own), with line
    directives (``debug_info``) or full debug info (``full_debug``)."""
    from torch_mlir.dialects import llvm as llvm_dialect
    inner = ir.Module.create()
    with ir.InsertionPoint(inner.body):
        for op in gpu_module.regions[0].blocks[0].operations:
            op.operation.clone()
    if debug_info or full_debug:
        passmanager.PassManager.parse(FULL_DEBUG_SCOPES if full_debug else DEBUG_SCOPES).run(inner.operation)
    return str(llvm_dialect.translate_module_to_llvmir(inner.operation))


def _codegen(llvm_ir: str, chip: str, features: str, opt_level: int) -> str:
    """PTX for ``llvm_ir``: LLVM's default pipeline at ``opt_level``, then llvmlite's NVPTX back
    end at that level, as upstream's ``gpu-module-to-binary`` does it (``ModuleToObject``: the
    tuning of ``makeOptimizingTransformer``, with loop and SLP vectorisation on)."""
    binding = _llvmlite()
    key = (chip, features, opt_level)
    machine = _MACHINES.get(key)
    if machine is None:
        target = binding.Target.from_triple("nvptx64-nvidia-cuda")
        machine = _MACHINES[key] = target.create_target_machine(cpu=chip, features=features, opt=opt_level)
    module = binding.parse_assembly(llvm_ir)
    module.triple = "nvptx64-nvidia-cuda"
    module.data_layout = str(machine.target_data)
    module.verify()
    tuning = binding.create_pipeline_tuning_options(speed_level=opt_level)
    tuning.loop_unrolling = tuning.loop_interleaving = True
    tuning.loop_vectorization = tuning.slp_vectorization = True
    builder = binding.create_pass_builder(machine, tuning)
    builder.getModulePassManager().run(module, builder)
    return machine.emit_assembly(module)


_LLVMLITE: Any = None
_MACHINES: dict[tuple[str, str, int], Any] = {}
"""Target machines by (chip, features, opt level): a long-lived worker makes each once."""


def _llvmlite() -> Any:
    global _LLVMLITE
    if _LLVMLITE is None:
        try:
            import llvmlite.binding as binding
        except ImportError as exc:
            raise NoBindings(f"PTX generation needs LLVM's NVPTX back end from the llvmlite package: "
                             f"pip install llvmlite ({type(exc).__name__}: {exc})") from exc
        binding.initialize_all_targets()
        binding.initialize_all_asmprinters()
        _LLVMLITE = binding
    return _LLVMLITE


def _bindings() -> tuple[Any, Any]:
    try:
        from torch_mlir import ir, passmanager
    except ImportError as exc:
        raise NoBindings(f"native compilation needs upstream MLIR's Python bindings from the torch-mlir package: "
                         f"pip install torch-mlir ({type(exc).__name__}: {exc})") from exc
    return ir, passmanager


# ---------------------------------------------------------------------------- main loop
SERVERS: dict[str, Callable[[Session, dict], dict]] = {
    "lower": serve_lower,
    "ptx": serve_ptx,
    "ping": lambda session, request: {},
}


def main() -> int:
    out = _load("_nvgpu_ls_upstream_worker", _HERE.parent / "verify" / "upstream_worker.py").private_stdout()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise TypeError("a request is a JSON object")
        except (ValueError, TypeError) as exc:
            Session(out, None).write({"event": "error", "message": f"bad request: {exc}"})
            continue
        session = Session(out, request.get("id"))
        server = SERVERS.get(request.get("kind", ""))
        if server is None:
            session.write({"event": "error", "message": f"unknown request kind {request.get('kind')!r}"})
            continue
        try:
            result = server(session, request)
        except NoBindings as exc:
            session.write({"event": "error", "message": str(exc), "no_bindings": True})
            print(exc, file=sys.stderr)
            return EXIT_NO_BINDINGS
        except (KeyError, TypeError) as exc:
            session.write({"event": "error", "message": f"bad request: {type(exc).__name__}: {exc}"})
            continue
        except Exception as exc:  # a bug here, or the bindings raising: one request fails, not the worker
            session.write({"event": "error", "message": f"internal error: {type(exc).__name__}: {exc}"})
            continue
        session.write({"event": "done", "result": result})
    return 0


if __name__ == "__main__":
    sys.exit(main())
