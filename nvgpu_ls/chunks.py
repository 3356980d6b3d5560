"""Chunks of a ``// -----``-split file: where each begins, as ``mlir-opt-22 -split-input-file`` cuts.

Standard library only and importing nothing of the package: the native workers load this file
by path, and every layer that reads a file chunk by chunk (upstream verification, lowering, the
PTX differential) imports it from here.
"""

from __future__ import annotations

SPLIT_MARKER = "// -----"


def split_chunks(text: str) -> list[tuple[int, str]]:
    """``(offset, chunk)`` for every chunk of ``text``: each occurrence of ``// -----`` ends a
    chunk, wherever it stands, and the next chunk begins right after the marker (so
    ``// ------`` leaves a ``-`` behind)."""
    chunks = []
    start = 0
    while True:
        found = text.find(SPLIT_MARKER, start)
        if found == -1:
            chunks.append((start, text[start:]))
            return chunks
        chunks.append((start, text[start:found]))
        start = found + len(SPLIT_MARKER)


def chunk_origin(text: str, offset: int) -> tuple[int, int]:
    """0-based line of ``offset`` and the UTF-8 byte length of its line before it."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset), len(text[line_start:offset].encode("utf-8", "surrogatepass"))
