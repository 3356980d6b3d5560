"""Glob matching in time linear in the text, whatever the pattern.

Globs come from configuration files anyone can write (``[[overrides]] files``, ``[rules]`` keys).
A backtracking matcher (a glob translated to a regular expression) takes time exponential in the
number of ``*``: ``*a*a*a*a*a*a*a*a*b.mlir`` against a long name of ``a``\\ s ran for seconds per
file. Here a pattern is compiled to a small automaton and run over the text once, keeping the set
of pattern positions it can be at: O(len(text) × len(pattern)) at worst.

Two dialects share the machine:

* ``paths=True`` (``files`` globs over ``/``-separated paths): ``*``, ``?`` and ``[...]`` stay
  inside one segment; a ``**`` segment spans any number of directories (``a/**/b``), and at the
  end everything below (``a/**``);
* ``paths=False`` (rule codes, ``fnmatch`` style): ``*`` is any run of characters, ``?`` any one.

``[...]`` is a character class (``[!...]`` or ``[^...]`` negated, ``a-z`` ranges); a ``[`` with
no closing ``]`` is a literal.
"""

from __future__ import annotations

from functools import lru_cache

_LITERAL, _ONE, _CLASS, _STAR, _DIRS, _ALL = range(6)
"""Token kinds: a character; any one; a class; a run (``*``); whole directories (``**/``); the
rest of the text (a final ``**``, or ``*`` over codes)."""


def glob_match(pattern: str, text: str, paths: bool = False) -> bool:
    """Does ``pattern`` match all of ``text``?"""
    tokens = _compile(pattern, paths)
    end = len(tokens)
    states = _closure(tokens, {(0, False)})
    for char in text:
        following: set[tuple[int, bool]] = set()
        for index, inside in states:
            if index == end:
                continue
            kind, value = tokens[index]
            if kind == _LITERAL:
                if char == value:
                    following.add((index + 1, False))
            elif kind == _ONE:
                if not (paths and char == "/"):
                    following.add((index + 1, False))
            elif kind == _CLASS:
                if not (paths and char == "/") and _in_class(value, char):  # type: ignore[arg-type]
                    following.add((index + 1, False))
            elif kind == _STAR:
                if not (paths and char == "/"):
                    following.add((index, False))
            elif kind == _ALL:
                following.add((index, False))
            elif char != "/":  # _DIRS: inside a directory name
                following.add((index, True))
            elif inside:  # _DIRS: the name ends; another may follow, or what comes after
                following.add((index, False))
        if not following:
            return False
        states = _closure(tokens, following)
    return (end, False) in states


def _closure(tokens: tuple, states: set[tuple[int, bool]]) -> set[tuple[int, bool]]:
    """``states`` with every position reachable without reading a character (past a ``*``,
    ``**/`` or final ``**`` that matches nothing)."""
    found = set(states)
    pending = [state for state in states if not state[1]]
    while pending:
        index, _ = pending.pop()
        if index < len(tokens) and tokens[index][0] in (_STAR, _DIRS, _ALL):
            nxt = (index + 1, False)
            if nxt not in found:
                found.add(nxt)
                pending.append(nxt)
    return found


def _in_class(value: tuple[bool, tuple[tuple[str, str], ...]], char: str) -> bool:
    negated, ranges = value
    return any(low <= char <= high for low, high in ranges) != negated


@lru_cache(maxsize=256)
def _compile(pattern: str, paths: bool) -> tuple[tuple[int, object], ...]:
    if not paths:
        return tuple(_segment_tokens(pattern, star=_ALL))
    cleaned = pattern.replace("\\", "/")
    while cleaned.startswith("./"):
        cleaned = cleaned[2:]
    segments = [s for s in cleaned.strip("/").split("/") if s not in ("", ".")]
    tokens: list[tuple[int, object]] = []
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == "**":
            tokens.append((_ALL, None) if last else (_DIRS, None))
            continue
        tokens += _segment_tokens(segment, star=_STAR)
        if not last:
            tokens.append((_LITERAL, "/"))
    return tuple(tokens)


def _segment_tokens(segment: str, star: int) -> list[tuple[int, object]]:
    tokens: list[tuple[int, object]] = []
    i = 0
    while i < len(segment):
        char = segment[i]
        if char == "*":
            if not tokens or tokens[-1][0] != star:  # ``**`` inside a name is one run
                tokens.append((star, None))
        elif char == "?":
            tokens.append((_ONE, None))
        elif char == "[" and (close := segment.find("]", i + 2)) != -1:
            body = segment[i + 1:close]
            negated = body[:1] in ("!", "^")
            tokens.append((_CLASS, (negated, _ranges(body[1:] if negated else body))))
            i = close
        else:
            tokens.append((_LITERAL, char))
        i += 1
    return tokens


def _ranges(body: str) -> tuple[tuple[str, str], ...]:
    found = []
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            found.append((body[i], body[i + 2]))
            i += 3
        else:
            found.append((body[i], body[i]))
            i += 1
    return tuple(found)
