"""Where a completion request stands, read from the text before the cursor.

While the user types, the op under the cursor is usually a syntax error, so the site is
worked out from the tokens of the statement being typed (from the start of the op the
IR recovered there, else from the start of the line) rather than from the IR alone:
the word being typed, the tokens before it, and the brackets still open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..analysis import tokens as tk
from ..analysis.document import Document
from ..analysis.ir import Operation

_ID = r"[A-Za-z0-9_$.\-]"
_SIGIL_WORD = re.compile(
    rf"(?:%{_ID}*(?:#[0-9]*)?"          # %value, %value#1
    rf"|(?:@{_ID}+::)*@{_ID}*"          # @symbol, @module::@kernel
    rf"|[\^!#]{_ID}*)$")
_BARE_WORD = re.compile(r"[A-Za-z0-9_$.]*$")
_MAX_STATEMENT = 20_000
"""How far back (in characters) a statement is read; longer ones start at the cursor's line."""


@dataclass
class Candidate:
    """One completion before it is filtered and turned into an LSP item."""

    label: str
    kind: int
    """An ``lsp.CompletionItemKind`` value."""
    detail: str = ""
    documentation: str = ""
    insert: str | None = None
    """The text that replaces the typed word; ``label`` when None."""
    group: int = 0
    """Sorting: lower groups first; within a group, the order the provider gave."""
    description: str = ""
    """Short note shown beside the label (``labelDetails.description``)."""
    signature: str = ""
    """Shown right after the label (``labelDetails.detail``), e.g. an op's syntax."""

    @property
    def text(self) -> str:
        return self.label if self.insert is None else self.insert


@dataclass
class Site:
    """The cursor's surroundings: the word being typed and the statement before it."""

    doc: Document
    offset: int
    start: int
    """Where the word being typed starts; completions replace ``start..offset``."""
    word: str
    tokens: list[tk.Token] = field(default_factory=list)
    """The statement's tokens before ``start``."""
    stack: list[int] = field(default_factory=list)
    """Indices into ``tokens`` of the brackets still open at ``start``, innermost last."""
    string: tk.Token | None = None
    """The string literal the cursor is in (``word`` is then its text up to the cursor)."""
    op: Operation | None = None
    """The op the IR recovered whose own text (not a region) holds the cursor."""

    @property
    def text(self) -> str:
        return self.doc.text

    def prev(self, back: int = 1) -> tk.Token | None:
        """The ``back``-th token before the word (1: the one right before it)."""
        return self.tokens[-back] if len(self.tokens) >= back else None

    def prev_is(self, *kinds: str, back: int = 1) -> bool:
        token = self.prev(back)
        return token is not None and token.kind in kinds

    @property
    def assigned(self) -> str | None:
        """The name in ``name = |`` (a bare word, then ``=``, right before the word)."""
        if self.prev_is("=") and self.prev_is(tk.BARE, back=2):
            return self.tokens[-2].text
        return None

    @property
    def opener(self) -> tk.Token | None:
        """The innermost open bracket."""
        return self.tokens[self.stack[-1]] if self.stack else None

    def before_opener(self, level: int = 1) -> tk.Token | None:
        """The token right before the ``level``-th innermost open bracket."""
        if len(self.stack) < level:
            return None
        index = self.stack[-level] - 1
        return self.tokens[index] if index >= 0 else None

    def level_tokens(self) -> list[tk.Token]:
        """The tokens inside the innermost open bracket at its own depth (nested brackets
        skipped), or the statement's top-level tokens when none is open."""
        begin = self.stack[-1] + 1 if self.stack else 0
        result: list[tk.Token] = []
        depth = 0
        for token in self.tokens[begin:]:
            if token.kind in tk.CLOSERS:
                if depth == 0:
                    result.append(token)
                depth += 1
            elif token.kind in _CLOSING:
                depth = max(depth - 1, 0)
            elif depth == 0:
                result.append(token)
        return result

    @property
    def op_name(self) -> str | None:
        """The op the statement spells: its first op-name token, else the IR's op."""
        for token in self.tokens:
            if token.kind == tk.BARE and "." in token.text:
                return token.text
            if token.kind == tk.BARE and token.text == "module":
                return "builtin.module"
            if token.kind == tk.STRING and "." in token.text and token is not self.string:
                return token.text.strip('"')
            if token.kind not in (tk.SSA, ",", ":", "=", tk.INT):
                break
        return self.op.name if self.op is not None and self.op.name else None

    @property
    def at_statement_start(self) -> bool:
        """Only results (``%a, %b:2 =``) or nothing precede the word in its statement."""
        tokens = self.tokens
        if not tokens:
            return True
        if tokens[-1].kind != "=":
            return False
        for index, token in enumerate(tokens[:-1]):
            if token.kind == tk.SSA or token.kind == ",":
                continue
            if token.kind == ":" and index + 1 < len(tokens) - 1 and tokens[index + 1].kind == tk.INT:
                continue
            if token.kind == tk.INT and index > 0 and tokens[index - 1].kind == ":":
                continue
            return False
        return True

    def line_start(self, offset: int | None = None) -> int:
        at = self.offset if offset is None else offset
        return self.text.rfind("\n", 0, at) + 1


_CLOSING = frozenset(tk.CLOSERS.values())


def enclosing(doc: Document, offset: int) -> list[Operation]:
    """The ops around ``offset``, outermost first, like ``entities.enclosing_ops``; an op
    whose region was left unclosed (a half-typed file) also holds the blank text after it."""
    chain: list[Operation] = []
    ops = doc.chunk_at(offset).ops if doc.chunks else []
    while True:
        hit = next((op for op in ops if op.start <= offset < op.end or _open_until(doc, op, offset)), None)
        if hit is None:
            return chain
        chain.append(hit)
        ops = [inner for region in hit.regions for block in region.blocks for inner in block.ops]


def _open_until(doc: Document, op: Operation, offset: int) -> bool:
    if not op.regions or not op.start < offset or op.end > offset:
        return False
    region = op.regions[-1]
    return not doc.text[region.start:region.end].endswith("}") and not doc.text[op.end:offset].strip()


def read_site(doc: Document, offset: int) -> Site:
    """The completion site at ``offset`` (clamped into the text)."""
    text = doc.text
    offset = max(0, min(offset, len(text)))
    line_start = text.rfind("\n", 0, offset) + 1
    line_end = text.find("\n", offset)
    line_end = len(text) if line_end == -1 else line_end
    op, begin = _statement(doc, offset, line_start)
    tokens = [t for t in tk.tokenize(text, begin, line_end) if t.kind != tk.EOF]
    string = next((t for t in tokens if t.kind == tk.STRING and t.start < offset
                   and (offset < t.end or tk.is_unterminated_string(t))), None)
    if string is not None:
        start = string.start + 1
    else:
        before = text[line_start:offset]
        match = _SIGIL_WORD.search(before) or _BARE_WORD.search(before)
        assert match is not None  # the bare pattern matches the empty string
        start = line_start + match.start()
    site = Site(doc, offset, start, text[start:offset], string=string, op=op)
    preceding = [t for t in tokens if (t.start < string.start if string is not None else t.end <= start)]
    site.tokens, site.stack = _statement_tokens(preceding, line_start)
    return site


def _statement(doc: Document, offset: int, line_start: int) -> tuple[Operation | None, int]:
    """The recovered op whose own text holds the cursor, and where its statement starts."""
    if not doc.chunks:
        return None, line_start
    begin = line_start
    found: Operation | None = None
    for probe in (offset, offset - 1):
        op = doc.op_at(probe) if probe >= 0 else None
        if op is None or any(r.start <= probe < r.end for r in op.regions):
            continue
        op_line = doc.text.rfind("\n", 0, op.start) + 1
        if offset - op_line <= _MAX_STATEMENT:
            found = found or op
            begin = min(begin, op_line)
    return found, begin


def _statement_tokens(tokens: list[tk.Token], cursor_line: int) -> tuple[list[tk.Token], list[int]]:
    """The tokens from the start of the innermost statement, and the brackets open at its end.

    A ``{`` that ends its line (and does not follow ``attributes``) opens a region: the
    statement being typed starts after it; so it does after a ``}`` that closes nothing.
    """
    kept: list[tk.Token] = []
    stack: list[int] = []
    for index, token in enumerate(tokens):
        kind = token.kind
        if kind in _CLOSING:
            if stack and tk.CLOSERS.get(kept[stack[-1]].kind) == kind:
                stack.pop()
                kept.append(token)
                continue
            if kind == "}":
                kept, stack = [], []
                continue
            kept.append(token)
            continue
        if kind == "{" and _opens_region(tokens, index, cursor_line):
            kept, stack = [], []
            continue
        if kind in tk.CLOSERS:
            stack.append(len(kept))
        kept.append(token)
    return kept, stack


def _opens_region(tokens: list[tk.Token], index: int, cursor_line: int) -> bool:
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if following is None:
        ends_line = tokens[index].start < cursor_line  # nothing after it up to the cursor's line
    else:
        ends_line = following.newline_before
    previous = tokens[index - 1] if index > 0 else None
    return ends_line and not (previous is not None and previous.kind == tk.BARE and previous.text == "attributes")
