"""The project's configuration file: default target, rule severities, per-path overrides.

Found by walking up from a document's directory: in each directory ``nvgpu-ls.toml``
first, then the ``[tool.nvgpu-ls]`` table of ``pyproject.toml`` (a ``pyproject.toml``
without that table is passed over). The nearest file that has configuration wins;
files further up are not merged in. ::

    target = "sm_90a"                 # or "sm_90a+ptx80": chip, then the PTX ISA as in #nvvm.target's features

    [rules]                           # by diagnostic code, or a glob over codes
    "nvgpu.sm-gate" = "warning"       # error | warning | info | hint | off
    "ssa.*" = "off"

    [[overrides]]                     # globs relative to this file's directory; ** spans directories
    files = ["kernels/legacy/**/*.mlir"]
    target = "sm_80"
    rules = { "nvgpu.tma.*" = "off" }

The target is one string in the spelling ``--target`` takes, so that a value can move
between the command line and the file unchanged. A file's own ``#nvvm.target`` or
``nv_tileaa`` attributes still beat it; it beats ``--target`` and the editor setting.

A configuration is never a reason to stop: a file that cannot be read or parsed, a
value of the wrong type, an unknown key or severity is a ``ConfigProblem`` (with the
file and, where it can be found, the line) and the setting keeps its default.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from .diagnostics import Diagnostic, Severity
from .files import MAX_CONFIG_BYTES, read_file
from .globs import glob_match
from .target import make_target
from .check_options import SEVERITY_NAMES, CheckOptions, is_opt_level

CONFIG_FILE = "nvgpu-ls.toml"
PYPROJECT_FILE = "pyproject.toml"
PYPROJECT_TABLE = ("tool", "nvgpu-ls")
PROBLEM_CODE = "config.invalid"

_TARGET = re.compile(r"sm_[0-9]{2,3}[af]?(?:\+ptx[0-9]{2,3})?")
_TARGET_EXAMPLE = '"sm_90a" or "sm_90a+ptx80"'


# --------------------------------------------------------------------------- schema

@dataclass(frozen=True)
class Override:
    """Settings for the files that match one of ``files`` (globs relative to the config's directory)."""

    files: tuple[str, ...]
    target: str | None = None
    rules: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ProjectConfig:
    """The validated content of one configuration file."""

    target: str | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    """Severity (``error``, ``warning``, ``info``, ``hint``, ``off``) by code or glob over codes."""
    overrides: tuple[Override, ...] = ()
    opt_level: int | None = None
    """``opt-level``: the optimisation level (0-3) of gpu.modules whose ``#nvvm.target`` states none."""


@dataclass(frozen=True)
class ConfigProblem:
    """Something in a configuration file that was ignored or replaced by its default."""

    path: str
    """Absolute; ``display_path`` gives it as messages print it."""
    message: str
    line: int | None = None
    """1-based; ``None`` when the problem has no place in the file (it could not be read)."""
    column: int | None = None
    """1-based, in characters."""
    start: int = 0
    """Offsets into the file's text, for editors that show the problem in the file itself."""
    end: int = 0

    def format(self) -> str:
        """``path:line:col: error: message [config.invalid]``, as ``--check`` prints diagnostics."""
        shown = display_path(self.path)
        where = shown if self.line is None else f"{shown}:{self.line}:{self.column or 1}"
        return f"{where}: error: {self.message} [{PROBLEM_CODE}]"


@dataclass(frozen=True)
class LoadedConfig:
    """The configuration that applies to a document: which file it came from (``None``: none
    was found), what it says, and what in it was wrong."""

    path: Path | None = None
    config: ProjectConfig = field(default_factory=ProjectConfig)
    problems: tuple[ConfigProblem, ...] = ()

    @property
    def origin(self) -> str:
        """What messages call this configuration: the file's name."""
        return self.path.name if self.path is not None else ""


# --------------------------------------------------------------------------- finding and loading

@dataclass(frozen=True)
class _Parsed:
    """One file's reading, cached by (path, mtime). ``has_config`` is false for a
    ``pyproject.toml`` without our table, which discovery then walks past."""

    has_config: bool
    config: ProjectConfig
    problems: tuple[ConfigProblem, ...]


_CACHE: dict[Path, tuple[int, int, _Parsed]] = {}


def load_config(start_path: str | os.PathLike[str]) -> LoadedConfig:
    """The configuration for a document at ``start_path`` (or for a directory): the nearest
    ``nvgpu-ls.toml`` or ``pyproject.toml`` with ``[tool.nvgpu-ls]`` from there up, looking no
    higher than the repository's root (the first folder holding ``.git``, ``.hg``, ``.svn`` or
    ``.jj``): a file planted above a checkout must not configure it. Never raises."""
    start = os.path.abspath(start_path)  # plain strings: the server asks this on every analysis
    folder = start if os.path.isdir(start) else os.path.dirname(start)
    while True:
        for name in (CONFIG_FILE, PYPROJECT_FILE):
            candidate = os.path.join(folder, name)
            if not os.path.isfile(candidate):
                continue
            parsed = _read_cached(Path(candidate))
            if parsed.has_config:
                return LoadedConfig(Path(candidate), parsed.config, parsed.problems)
        parent = os.path.dirname(folder)
        if parent == folder or is_repository_root(folder):
            return LoadedConfig()
        folder = parent


REPOSITORY_MARKERS = (".git", ".hg", ".svn", ".jj")
"""What a version-controlled checkout has at its root (``.git`` is a file in a worktree or submodule)."""


def is_repository_root(folder: str | os.PathLike[str]) -> bool:
    """Is ``folder`` the root of a checkout (configuration search stops there)?"""
    return any(os.path.lexists(os.path.join(folder, marker)) for marker in REPOSITORY_MARKERS)


def load_config_file(path: str | os.PathLike[str]) -> LoadedConfig:
    """The configuration in one named file (``--config``): ``pyproject.toml`` is read for its
    ``[tool.nvgpu-ls]`` table, any other name as an ``nvgpu-ls.toml``. Never raises."""
    config_path = Path(os.path.abspath(path))
    parsed = _read_cached(config_path)
    problems = parsed.problems
    if not parsed.has_config:
        problems += (ConfigProblem(str(config_path), "no [tool.nvgpu-ls] table in this pyproject.toml; "
                                   "nothing was configured", 1, 1),)
    return LoadedConfig(config_path, parsed.config, problems)


def clear_cache() -> None:
    """Forget every parsed file (tests; an editor watching files relies on the mtime)."""
    _CACHE.clear()


def _read_cached(path: Path) -> _Parsed:
    try:
        stat = path.stat()
    except OSError as exc:
        return _Parsed(True, ProjectConfig(), (_unreadable(path, exc),))
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == stat.st_mtime_ns and cached[1] == stat.st_size:
        return cached[2]
    try:
        parsed = _read(path)
    except (RecursionError, MemoryError, ValueError) as exc:
        # Past the TOML reader the table is ours (someone else's file is passed over before):
        # whatever goes wrong in judging it is a problem of the file, never an exception.
        reason = "nested too deeply" if isinstance(exc, RecursionError) else type(exc).__name__
        parsed = _Parsed(True, ProjectConfig(), (_cannot_read_toml(path, reason),))
    _CACHE[path] = (stat.st_mtime_ns, stat.st_size, parsed)
    return parsed


def _cannot_read_toml(path: Path, reason: str) -> ConfigProblem:
    return ConfigProblem(str(path), f"invalid TOML: the file cannot be read ({reason}); nothing was configured")


def _unreadable(path: Path, exc: OSError) -> ConfigProblem:
    return ConfigProblem(str(path), f"cannot read the configuration: {exc.strerror or exc}")


def _read(path: Path) -> _Parsed:
    is_pyproject = path.name == PYPROJECT_FILE
    try:
        data = read_file(path, MAX_CONFIG_BYTES)
    except OSError as exc:
        return _Parsed(True, ProjectConfig(), (_unreadable(path, exc),))
    text = data.decode("utf-8", errors="replace")
    locator = _Locator(text)
    shown = str(path)
    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:  # tomllib recurses once per nesting level
        if is_pyproject and "nvgpu-ls" not in text:
            return _Parsed(False, ProjectConfig(), ())  # someone else's broken file, not ours to report
        if isinstance(exc, RecursionError):
            return _Parsed(True, ProjectConfig(), (_cannot_read_toml(path, "nested too deeply"),))
        message, line, column = _decode_error(exc)
        return _Parsed(True, ProjectConfig(), (locator.problem(shown, f"invalid TOML: {message}", line, column),))
    base: tuple[str | int, ...] = ()
    if is_pyproject:
        table: Any = document
        for key in PYPROJECT_TABLE:
            table = table.get(key) if isinstance(table, dict) else None
        if table is None:
            return _Parsed(False, ProjectConfig(), ())
        base = PYPROJECT_TABLE
        document = table
    if not isinstance(document, dict):
        problem = locator.locate(base)
        return _Parsed(True, ProjectConfig(), (ConfigProblem(
            shown, f"[tool.nvgpu-ls] must be a table, not {_kind(document)}; it was ignored", *problem),))
    reader = _Reader(shown, locator, base)
    config = reader.project(document)
    return _Parsed(True, config, tuple(reader.problems))


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as messages print it: relative to the working directory when under it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


def _decode_error(exc: tomllib.TOMLDecodeError) -> tuple[str, int | None, int | None]:
    text = str(exc)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", text)
    if match:
        return text[:match.start()], int(match.group(1)), int(match.group(2))
    match = re.search(r"\s*\(at end of document\)$", text)
    if match:
        return text[:match.start()] + " at the end of the file", None, None
    return text, None, None


# --------------------------------------------------------------------------- validation

def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def check_target(value: str) -> tuple[str | None, str]:
    """The target in its canonical spelling (``sm_90a``, ``sm_90a+ptx80``) and ``""``, or
    ``None`` and why ``value`` is not one. Shared by the file and ``--target``; the chips
    are the ones the target gate knows."""
    spelled = value.strip().lower()
    if not _TARGET.fullmatch(spelled):
        return None, f"expected a chip and optionally a PTX ISA, such as {_TARGET_EXAMPLE}"
    chip, plus, features = spelled.partition("+")
    made = make_target(chip, plus + features)
    if isinstance(made, str):
        return None, made
    return spelled, ""


def parse_target(value: str) -> str | None:
    """The target in its canonical spelling, or ``None`` if ``value`` is not one."""
    return check_target(value)[0]


class _Reader:
    """Validates one configuration table, collecting problems and keeping defaults."""

    def __init__(self, shown: str, locator: "_Locator", base: tuple[str | int, ...]) -> None:
        self.shown = shown
        self.locator = locator
        self.base = base
        self.problems: list[ConfigProblem] = []

    def report(self, key_path: tuple[str | int, ...], message: str) -> None:
        line, column, start, end = self.locator.locate(self.base + key_path)
        self.problems.append(ConfigProblem(self.shown, message, line, column, start, end))

    def project(self, table: dict[str, Any]) -> ProjectConfig:
        self.unknown_keys(table, (), ("target", "rules", "overrides", "opt-level"))
        target = self.target(table, ())
        rules = self.rules(table, ())
        overrides = self.overrides(table.get("overrides"))
        return ProjectConfig(target, rules, overrides, self.opt_level(table))

    def opt_level(self, table: dict[str, Any]) -> int | None:
        if "opt-level" not in table:
            return None
        value = table["opt-level"]
        if not is_opt_level(value):
            self.report(("opt-level",), f"'opt-level' must be 0, 1, 2 or 3, not {value!r}; it is not used")
            return None
        return value

    def unknown_keys(self, table: dict[str, Any], where: tuple[str | int, ...], known: Iterable[str]) -> None:
        known = tuple(known)
        for key in table:
            if key not in known:
                expected = ", ".join(f"'{k}'" for k in known)
                self.report(where + (key,), f"unknown key '{key}' was ignored (expected {expected})")

    def target(self, table: dict[str, Any], where: tuple[str | int, ...]) -> str | None:
        if "target" not in table:
            return None
        value = table["target"]
        if not isinstance(value, str):
            self.report(where + ("target",), f"'target' must be a string such as {_TARGET_EXAMPLE}, not "
                                             f"{_kind(value)}; no target is assumed")
            return None
        target, why = check_target(value)
        if target is None:
            self.report(where + ("target",), f"'target' is \"{value}\": {why}; no target is assumed")
        return target

    def rules(self, table: dict[str, Any], where: tuple[str | int, ...]) -> dict[str, str]:
        if "rules" not in table:
            return {}
        value = table["rules"]
        if not isinstance(value, dict):
            self.report(where + ("rules",), f"'rules' must be a table of code = severity, not {_kind(value)}; "
                                            "the default severities are used")
            return {}
        rules: dict[str, str] = {}
        names = " | ".join(name for name in SEVERITY_NAMES if name != "information")
        for key_path, level in _flatten(value, where + ("rules",)):
            here = key_path
            pattern = ".".join(str(k) for k in key_path[len(where) + 1:])
            if not pattern.strip():
                self.report(here, "an empty rule name was ignored")
            elif not isinstance(level, str):
                self.report(here, f"the severity of '{pattern}' must be a string ({names}), not {_kind(level)}; "
                                  "it keeps its default")
            elif level.strip().lower() not in SEVERITY_NAMES:
                self.report(here, f"unknown severity \"{level}\" for '{pattern}' (expected {names}); "
                                  "it keeps its default")
            else:
                rules[pattern.strip()] = level.strip().lower()
        return rules

    def overrides(self, value: Any) -> tuple[Override, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.report(("overrides",), f"'overrides' must be an array of tables ([[overrides]]), not "
                                        f"{_kind(value)}; it was ignored")
            return ()
        result = []
        for index, entry in enumerate(value):
            where: tuple[str | int, ...] = ("overrides", index)
            if not isinstance(entry, dict):
                self.report(where, f"override {index + 1} must be a table, not {_kind(entry)}; it was ignored")
                continue
            self.unknown_keys(entry, where, ("files", "target", "rules"))
            files = self.files(entry, where, index)
            target = self.target(entry, where)
            rules = self.rules(entry, where)
            if files:
                result.append(Override(files, target, rules))
        return tuple(result)

    def files(self, entry: dict[str, Any], where: tuple[str | int, ...], index: int) -> tuple[str, ...]:
        value = entry.get("files")
        if value is None:
            self.report(where, f"override {index + 1} has no 'files' (an array of globs); it was ignored")
            return ()
        if not isinstance(value, list) or not value:
            self.report(where + ("files",), f"'files' must be a non-empty array of globs, not "
                                            f"{'an empty array' if value == [] else _kind(value)}; "
                                            f"override {index + 1} was ignored")
            return ()
        globs = []
        for pattern in value:
            if isinstance(pattern, str) and pattern.strip():
                globs.append(pattern.strip())
            else:
                self.report(where + ("files",), f"a glob in 'files' must be a non-empty string, not "
                                                f"{'an empty string' if pattern == '' else _kind(pattern)}; "
                                                "it was ignored")
        return tuple(globs)


def _flatten(table: dict[str, Any], where: tuple[str | int, ...]) -> Iterable[tuple[tuple[str | int, ...], Any]]:
    """The entries of a rules table with dotted keys joined again: an unquoted
    ``nvgpu.sm-gate = "off"`` is a nested table to TOML, and means the code ``nvgpu.sm-gate``."""
    for key, value in table.items():
        if isinstance(value, dict) and value:
            yield from _flatten(value, where + (key,))
        else:
            yield where + (key,), value


# --------------------------------------------------------------------------- where keys are written

_BARE_KEY = r"[A-Za-z0-9_-]+"
_QUOTED_KEY = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_KEY = re.compile(rf"\s*({_BARE_KEY}|{_QUOTED_KEY})\s*")
_INLINE_KEY = re.compile(rf"(?:[{{,])\s*({_BARE_KEY}|{_QUOTED_KEY})\s*(?:=|\.)")


class _Locator:
    """Where each key of a TOML text is written. ``tomllib`` keeps no positions; this reads
    table headers, ``key =`` lines and the keys of one-line inline tables, which is how
    configuration files are written. A key it cannot find is placed at its nearest parent."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
        self.keys: dict[tuple[str | int, ...], tuple[int, int]] = {}
        """key path → (start offset, end offset) of the key's name."""
        self._scan()

    def _scan(self) -> None:
        table: tuple[str | int, ...] = ()
        arrays: dict[tuple[str | int, ...], int] = {}
        for line_start, line in zip(self.line_starts, self.text.split("\n")):
            stripped = line.lstrip()
            indent = line_start + len(line) - len(stripped)
            if stripped.startswith("[["):
                parts = _key_parts(stripped[2:])
                if parts is None:
                    continue
                names, _ = parts
                path = _with_indices(tuple(n for n, _s, _e in names[:-1]), arrays) + (names[-1][0],)
                arrays[path] = arrays.get(path, -1) + 1
                table = path + (arrays[path],)
                self.keys.setdefault(table, (indent, indent + len(stripped.rstrip())))
            elif stripped.startswith("["):
                parts = _key_parts(stripped[1:])
                if parts is None:
                    continue
                names, _ = parts
                table = _with_indices(tuple(n for n, _s, _e in names), arrays)
                self.keys.setdefault(table, (indent, indent + len(stripped.rstrip())))
            elif stripped and not stripped.startswith("#"):
                parts = _key_parts(stripped)
                if parts is None:
                    continue
                names, rest = parts
                if not rest.startswith("="):
                    continue
                path = table
                for name, start, end in names:
                    path = path + (name,)
                    self.keys.setdefault(path, (indent + start, indent + end))
                value_at = indent + len(stripped) - len(rest) + 1
                self._inline_keys(path, value_at, line_start + len(line))

    def _inline_keys(self, path: tuple[str | int, ...], start: int, end: int) -> None:
        segment = self.text[start:end]
        if not segment.lstrip().startswith("{"):
            return
        for match in _INLINE_KEY.finditer(segment):
            name = _unquote(match.group(1))
            self.keys.setdefault(path + (name,), (start + match.start(1), start + match.end(1)))

    def locate(self, path: tuple[str | int, ...]) -> tuple[int | None, int | None, int, int]:
        """1-based line and column, and offsets, of ``path`` or of its nearest written parent."""
        while path:
            span = self.keys.get(path)
            if span is not None:
                line, column = self.position(span[0])
                return line, column, span[0], span[1]
            path = path[:-1]
        return None, None, 0, 0

    def position(self, offset: int) -> tuple[int, int]:
        line = max(i for i, s in enumerate(self.line_starts) if s <= offset) if offset else 0
        return line + 1, offset - self.line_starts[line] + 1

    def problem(self, shown: str, message: str, line: int | None, column: int | None) -> ConfigProblem:
        """A problem at a 1-based position the TOML reader gave (``None``: the end of the file)."""
        if line is None:
            offset = len(self.text)
            line, column = self.position(offset)
        else:
            start = self.line_starts[min(line, len(self.line_starts)) - 1]
            offset = start + (column or 1) - 1
        line_end = self.text.find("\n", offset)
        end = len(self.text) if line_end == -1 else line_end
        return ConfigProblem(shown, message, line, column, offset, max(end, offset))


def _key_parts(text: str) -> tuple[list[tuple[str, int, int]], str] | None:
    """A dotted key at the start of ``text``: its parts with their offsets, and what follows."""
    names: list[tuple[str, int, int]] = []
    pos = 0
    while True:
        match = _KEY.match(text, pos)
        if match is None:
            return None
        names.append((_unquote(match.group(1)), match.start(1), match.end(1)))
        pos = match.end()
        if text.startswith(".", pos):
            pos += 1
            continue
        return names, text[pos:]


def _unquote(key: str) -> str:
    if key[:1] in "\"'":
        inner = key[1:-1]
        return inner.encode("utf-8").decode("unicode_escape") if key[0] == '"' and "\\" in inner else inner
    return key


def _with_indices(names: tuple[str | int, ...], arrays: Mapping[tuple[str | int, ...], int]) -> tuple[str | int, ...]:
    """A table header's path with the current index inserted after every array of tables in it."""
    path: tuple[str | int, ...] = ()
    for name in names:
        path = path + (name,)
        if path in arrays:
            path = path + (arrays[path],)
    return path


# --------------------------------------------------------------------------- settings for one file

def settings_for(loaded: LoadedConfig, file_path: str | os.PathLike[str] | None,
                 fallback_target: str | None = None, fallback_origin: str = "--target") -> CheckOptions:
    """The options to check the file at ``file_path`` with. The top level applies first, then
    every override whose globs match, in file order: a later one replaces the target and the
    severities an earlier one (or the top level) set for the same codes. ``fallback_target``
    (``--target``, the editor setting) is used only when the configuration names no target."""
    config = loaded.config
    target = config.target
    severities: dict[str, str] = dict(config.rules)
    if loaded.path is not None and file_path is not None and config.overrides:
        relative = _relative_to(Path(os.path.abspath(file_path)), loaded.path.parent)
        if relative is not None:
            for override in config.overrides:
                if not any(glob_matches(pattern, relative) for pattern in override.files):
                    continue
                if override.target is not None:
                    target = override.target
                for pattern, level in override.rules.items():
                    _override_rule(severities, pattern, level)
    if target is not None:
        return CheckOptions(target, loaded.origin, severities, config.opt_level)
    return CheckOptions(fallback_target, fallback_origin, severities, config.opt_level)


def _override_rule(severities: dict[str, str], pattern: str, level: str) -> None:
    """Set ``pattern``'s level so that it wins over what was set before it. Within one table
    an exact code beats a glob; across tables the later one wins, so earlier entries that
    ``pattern`` covers (``nvgpu.tma.load`` under ``nvgpu.tma.*``) are dropped."""
    for earlier in [key for key in severities if glob_match(pattern, key)]:  # ``*`` also covers a ``*``
        del severities[earlier]
    severities[pattern] = level


def _relative_to(path: Path, base: Path) -> str | None:
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return None


def glob_matches(pattern: str, relative_path: str) -> bool:
    """Whether a ``files`` glob matches a path relative to the configuration's directory.

    ``*`` and ``?`` stay inside one path segment, ``[...]`` is a character class and
    ``**`` spans any number of directories. A pattern that names a directory covers
    everything under it (``kernels/legacy`` = ``kernels/legacy/**``). Linear in the path
    (``globs.glob_match``): the pattern is anyone's to write."""
    if glob_match(pattern, relative_path, paths=True):
        return True
    parts = relative_path.split("/")
    return any(glob_match(pattern, "/".join(parts[:i]), paths=True) for i in range(1, len(parts)))


# --------------------------------------------------------------------------- reporting problems

def problem_diagnostics(loaded: LoadedConfig) -> list[Diagnostic]:
    """The problems of ``loaded`` as diagnostics in the configuration file's own text (for an
    editor that has the file open; offsets are into that file)."""
    return [Diagnostic(p.start, p.end, p.message, PROBLEM_CODE, Severity.ERROR) for p in loaded.problems]


def problem_messages(loaded: LoadedConfig) -> list[str]:
    """The problems of ``loaded`` as ``--check`` prints them."""
    return [problem.format() for problem in loaded.problems]
