"""Helpers for the lowering tests: lower text with the builtin engine, and ask upstream MLIR
(the torch-mlir bindings, in a child process so that a native abort fails one test, not
the run) whether it parses and verifies the result, or how its own conversion lowers a text."""

from __future__ import annotations

import json
import subprocess
import sys

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.lowering.engine import LoweringOptions, Lowered, lower_document
from nvgpu_ls.verify import CheckOptions

_SCRIPT = r"""
import json, sys
request = json.loads(sys.stdin.read())
from torch_mlir import ir, passmanager
with ir.Context() as ctx:
    ctx.allow_unregistered_dialects = request["unregistered"]
    try:
        module = ir.Module.parse(request["text"])
        if request["pipeline"]:
            passmanager.PassManager.parse(request["pipeline"]).run(module.operation)
        ok = module.operation.verify()
        print(json.dumps({"ok": bool(ok), "text": str(module), "error": ""}))
    except Exception as exc:
        print(json.dumps({"ok": False, "text": "", "error": str(exc)}))
"""


def lower(text: str, target: str | None = None, attach_targets: bool = False, path: str = "test.mlir",
          debug_info: bool = False) -> str:
    """The builtin engine's output for ``text``; fails the test on any error diagnostic."""
    result = lower_result(text, target, attach_targets, path, debug_info)
    errors = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert not errors and result.text is not None, "\n".join(f"{d.code}: {d.message}" for d in errors)
    return result.text


def lower_result(text: str, target: str | None = None, attach_targets: bool = False,
                 path: str = "test.mlir", debug_info: bool = False) -> Lowered:
    options = LoweringOptions(check=CheckOptions(target=target), attach_targets=attach_targets, debug_info=debug_info)
    return lower_document(Document(text), path, options)


def bindings(text: str, pipeline: str = "", unregistered: bool = False, timeout: float = 120.0) -> dict:
    """Upstream MLIR (the bindings) parses ``text``, runs ``pipeline`` (a pass pipeline string,
    e.g. ``builtin.module(convert-nvgpu-to-nvvm)``) and verifies: ``{ok, text, error}``."""
    request = json.dumps({"text": text, "pipeline": pipeline, "unregistered": unregistered})
    done = subprocess.run([sys.executable, "-c", _SCRIPT], input=request, capture_output=True, text=True,
                          timeout=timeout)
    if done.returncode != 0 or not done.stdout.strip():
        return {"ok": False, "text": "", "error": f"bindings exited {done.returncode}: {done.stderr[-2000:]}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def assert_upstream_accepts(text: str) -> str:
    """Upstream parses and verifies ``text``; returns its printed form."""
    found = bindings(text)
    assert found["ok"], f"upstream rejects the lowered text: {found['error']}\n{text}"
    return found["text"]


def upstream_lowering(text: str) -> str:
    """What upstream's ``convert-nvgpu-to-nvvm`` makes of ``text`` (printed by the bindings)."""
    found = bindings(text, "builtin.module(convert-nvgpu-to-nvvm)")
    assert found["ok"], found["error"]
    return found["text"]


def op_names(text: str) -> list[str]:
    """The op names of ``text`` in order, one per line that defines or is an op (casts excluded)."""
    import re
    names = []
    for line in text.splitlines():
        match = re.match(r"\s*(?:%[\w$.#:-]+(?:\s*,\s*%[\w$.#:-]+)*\s*=\s*)?\"?([a-z_][\w$]*\.[\w$.]+)", line)
        if match and match.group(1) != "builtin.unrealized_conversion_cast":
            names.append(match.group(1))
    return names


def generated_ops(text: str) -> list[str]:
    """The llvm/nvvm/vector/arith ops of lowered ``text``, with SSA names and locations blanked
    (casts left out), for comparing two lowerings op for op."""
    import re
    found = []
    for line in text.splitlines():
        line = re.sub(r"\s*loc\(.*\)\s*$", "", line).strip()
        if re.match(r"(%\S+ = )?(llvm|nvvm|vector|arith)\.", line):
            found.append(re.sub(r"%[\w#]+", "%", re.sub(r"^%\S+ = ", "", line)))
    return found
