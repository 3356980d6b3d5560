"""PTX texts compared up to register numbering.

``instruction_stream`` keeps the instructions of each function body, in order, with every
register renamed by order of first appearance within its class (``%r``, ``%rd``, ``%f``,
``%p``, ...) and per function, and drops what does not change what the code does:
comments, ``.loc``/``.file`` debug directives, register declarations and labels' numbering.
Two PTX texts that differ only in how registers or labels are numbered give equal streams.
"""

from __future__ import annotations

import re

_FUNCTION = re.compile(r"^\s*(?:\.visible\s+|\.extern\s+|\.weak\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)\s*(?:\(|$)",
                       re.M)
_REGISTER = re.compile(r"%([a-z]+)(\d+)\b")
_LABEL = re.compile(r"\$L__[\w$]+")
_DROP = (".loc", ".file", ".reg", ".pragma")


def _strip_comments(ptx: str) -> str:
    ptx = re.sub(r"/\*.*?\*/", " ", ptx, flags=re.S)
    return re.sub(r"//[^\n]*", "", ptx)


def _bodies(ptx: str) -> list[tuple[str, str]]:
    """(name, body text) of each function with a body, in order."""
    found = []
    for match in _FUNCTION.finditer(ptx):
        open_brace = ptx.find("{", match.end())
        next_function = _FUNCTION.search(ptx, match.end())
        if open_brace == -1 or (next_function and next_function.start() < open_brace):
            continue  # a declaration
        depth = 0
        for index in range(open_brace, len(ptx)):
            if ptx[index] == "{":
                depth += 1
            elif ptx[index] == "}":
                depth -= 1
                if depth == 0:
                    found.append((match.group(2), ptx[open_brace + 1:index]))
                    break
    return found


def instruction_stream(ptx: str, function: str | None = None) -> list[str]:
    """The normalised instructions of every ``.entry``/``.func`` (or only of ``function``),
    each function's stream preceded by a ``.entry NAME``/``.func NAME`` line."""
    text = _strip_comments(ptx)
    stream: list[str] = []
    kinds = {m.group(2): m.group(1) for m in _FUNCTION.finditer(text)}
    for name, body in _bodies(text):
        if function is not None and name != function:
            continue
        stream.append(f".{kinds.get(name, 'func')} {name}")
        registers: dict[str, str] = {}
        counters: dict[str, int] = {}
        labels: dict[str, str] = {}

        def register(match: re.Match) -> str:
            key = match.group(0)
            if key not in registers:
                kind = match.group(1)
                counters[kind] = counters.get(kind, 0) + 1
                registers[key] = f"%{kind}{counters[kind]}"
            return registers[key]

        def label(match: re.Match) -> str:
            return labels.setdefault(match.group(0), f"$L{len(labels)}")

        for statement in re.split(r"[;\n]", body):
            statement = " ".join(statement.split())
            if not statement or statement in ("{", "}") or statement.startswith(_DROP):
                continue
            statement = _LABEL.sub(label, _REGISTER.sub(register, statement))
            stream.append(statement)
    return stream
