"""Folding ranges: every region that spans lines (nested ones too), runs of comment
lines, and the ``// -----`` chunks of a split file.

Ranges are whole lines with no character offsets, because the clients that matter
(VS Code, Neovim) fold lines only: a region folds from its ``{`` line through the line
before its closing ``}`` when that brace starts its line, so the brace stays visible
(``} else {`` stays visible too). Unclosed regions of a broken file fold to their
last line of text.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from ..analysis.positions import LineIndex
from .context import FeatureContext

_SPLIT = re.compile(r"//[ \t]*-----")


def folding_ranges(ctx: FeatureContext) -> list[lsp.FoldingRange]:
    """Foldable line ranges in text order; at most one range starts on any line (the
    widest), since line-folding clients keep only one per start line."""
    found: dict[int, tuple[int, lsp.FoldingRangeKind | None]] = {}

    def add(start: int, end: int, kind: lsp.FoldingRangeKind | None = None) -> None:
        if end > start and end > found.get(start, (-1, None))[0]:
            found[start] = (end, kind)

    for start, end in _region_lines(ctx):
        add(start, end)
    for start, end in _comment_runs(ctx.doc.lines):
        add(start, end, lsp.FoldingRangeKind.Comment)
    for start, end in _chunk_lines(ctx):
        add(start, end, lsp.FoldingRangeKind.Region)
    return [lsp.FoldingRange(start_line=start, end_line=end, kind=kind)
            for start, (end, kind) in sorted(found.items())]


def _region_lines(ctx: FeatureContext) -> list[tuple[int, int]]:
    text, lines = ctx.text, ctx.doc.lines
    spans = []
    for op in ctx.doc.ops():
        for region in op.regions:
            last = _last_text(text, region.start, region.end)
            start, end = lines.line_of(region.start), lines.line_of(last)
            if text[last:last + 1] == "}" and not text[lines.line_starts[end]:last].strip():
                end -= 1
            spans.append((start, end))
    return spans


def _last_text(text: str, start: int, end: int) -> int:
    """The offset of the last non-blank character of ``text[start:end]`` (``start`` if none)."""
    end = min(end, len(text))
    while end > start and text[end - 1].isspace():
        end -= 1
    return max(end - 1, start)


def _comment_runs(lines: LineIndex) -> list[tuple[int, int]]:
    """Runs of two or more lines holding only a ``//`` comment (split markers excluded)."""
    runs: list[tuple[int, int]] = []
    first = None
    for number in range(lines.line_count + 1):
        is_comment = number < lines.line_count and _is_comment_line(lines, number)
        if is_comment and first is None:
            first = number
        elif not is_comment and first is not None:
            runs.append((first, number - 1))
            first = None
    return runs


def _is_comment_line(lines: LineIndex, number: int) -> bool:
    stripped = lines.line_text(number).lstrip(" \t")
    return stripped.startswith("//") and not _SPLIT.match(stripped)


def _chunk_lines(ctx: FeatureContext) -> list[tuple[int, int]]:
    """Each chunk of a split file, from its ``// -----`` line (the first from the top) to
    its last line of text."""
    chunks = ctx.doc.chunks
    if len(chunks) < 2:
        return []
    lines = ctx.doc.lines
    spans = []
    for index, chunk in enumerate(chunks):
        start = chunks[index - 1].end if index else chunk.start
        spans.append((lines.line_of(start), lines.line_of(_last_text(ctx.text, start, chunk.end))))
    return spans
