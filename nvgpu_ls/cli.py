"""The command line: ``nvgpu-ls --check PATH...``, ``nvgpu-ls lower FILE`` (and, with no
arguments, the server).

``--check`` reads files or directories of ``.mlir`` files and reports what it finds
as text (``path:line:col: severity: message [code]`` and a summary), JSON, SARIF 2.1.0
or GitHub workflow commands (``--format``). Each file is checked with the settings of
the configuration file found from its directory up (``nvgpu_ls.config``), or of the
one ``--config`` names, or none with ``--no-config``; ``--target`` is the target for
files that neither name one nor get one from the configuration.

Exit status: 0 clean, 1 when any error was found, 2 for usage errors or unreadable
paths — which are reported, never raised; every command exits with ``OUTPUT_ERROR_STATUS``
(74) when its output could not be written and 141 when its reader closed it early. A problem in the configuration file counts
as an error: a CI run whose configuration was partly ignored (a misspelt target turns
the target checks off) must not pass as clean.

``lower FILE`` (recognised as the first argument) lowers the file's nvgpu ops to the NVVM
and LLVM dialects, with the builtin engine or upstream MLIR's ``convert-nvgpu-to-nvvm``
(``--engine``), and prints the result or writes it to ``-o``. Its target, configuration
and severities are the ones ``--check`` would use for the file; its diagnostics go to
standard error in ``--check``'s text format. Exit status: 0 lowered, 1 when the file
could not be lowered (or its configuration has a problem), 2 for usage errors, unreadable
files and an ``-o`` file that cannot be created.

``ptx FILE`` compiles the file's ``gpu.module``s to PTX (either lowering engine, the rest of
the GPU lowering through upstream MLIR, LLVM's NVPTX back end, in an isolated worker) and
prints it or writes it to ``-o``; ``--validate`` runs ``ptxas`` for each module's chip and
reports registers, spills and shared memory per kernel on standard error, beside the
diagnostics (``--check``'s text format; ptxas's errors are mapped to source lines). Exit
status: 0 compiled (and accepted), 1 when there is no PTX, ptxas rejected it or the file has
errors, 2 for usage errors, unreadable files and an ``-o`` file that cannot be created.
``ptx --sass`` also prints the SASS ptxas makes of it (nvdisasm), and ``sass FILE`` prints only
the SASS, each kernel's resources and occupancy on standard error; ``--format json`` gives one
object with the code, its source mapping and each kernel's figures. Same exit status.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence, TextIO, TypeVar

from .analysis.document import Document
from .config import (
    ConfigProblem, LoadedConfig, check_target, display_path, load_config, load_config_file, settings_for,
)
from .diagnostics import Diagnostic, Severity
from .files import MAX_SOURCE_BYTES, read_file, size_text, walk_sources
from .memory import keep_freed_arenas
from .output import (
    Finding, FindingEdit, FindingFix, RelatedFinding, Summary, shown_path, write_all, write_github, write_json,
    write_sarif, write_text, write_text_findings,
)
from .result_cache import FileResult, ResultCache, default_cache_dir
from .settings import ENGINES
from .check_options import OPT_LEVELS, CheckOptions
from .verify import apply_severities, check_document

if TYPE_CHECKING:
    from .ptx.preview import PtxasReport

FORMATS = ("text", "json", "sarif", "github")
DEFAULT_UPSTREAM_TIMEOUT = 60.0
DEFAULT_PTX_TIMEOUT = 120.0
T = TypeVar("T")


@dataclass
class FileReport:
    path: str
    doc: Document | None
    diagnostics: list[Diagnostic]
    problem: str = ""
    """Why the file could not be read, when it could not."""


def _arg_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nvgpu-ls",
        description="Language server and checker for MLIR files that use the nvgpu dialect. "
                    "With no arguments it serves the Language Server Protocol over stdio.",
        epilog="'nvgpu-ls lower FILE' lowers a file's nvgpu ops to NVVM (see 'nvgpu-ls lower --help'); "
               "'nvgpu-ls ptx FILE' compiles its gpu.modules to PTX (see 'nvgpu-ls ptx --help').",
    )
    parser.add_argument("--check", nargs="*", metavar="PATH",
                        help="check .mlir files (directories are searched recursively; '-' reads standard "
                             "input) and exit; paths may also follow the other options, as a pre-commit hook "
                             "passes them")
    parser.add_argument("paths", nargs="*", metavar="PATH", help=argparse.SUPPRESS)
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="output format for --check: text (default), json, sarif (SARIF 2.1.0, for code "
                             "scanning) or github (workflow commands that become annotations)")
    parser.add_argument("--target", metavar="CHIP",
                        help="target for files that name none and get none from the configuration, e.g. "
                             "sm_90a or sm_90a+ptx80")
    config = parser.add_mutually_exclusive_group()
    config.add_argument("--config", metavar="PATH",
                        help="read this configuration file (nvgpu-ls.toml, or a pyproject.toml's "
                             "[tool.nvgpu-ls]) instead of searching from each file's directory up")
    config.add_argument("--no-config", action="store_true", help="use no configuration file")
    parser.add_argument("--jobs", "-j", type=int, default=0, metavar="N",
                        help="check files in N processes (default 0: one per usable core, when there is "
                             "enough to check to pay for starting them)")
    cache = parser.add_mutually_exclusive_group()
    cache.add_argument("--cache-dir", metavar="DIR",
                       help="keep each file's findings here and reuse them while the file, its options and "
                            "nvgpu-ls are unchanged (default: $XDG_CACHE_HOME/nvgpu-ls/check)")
    cache.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    parser.add_argument("--upstream", action="store_true",
                        help="also run upstream MLIR's verifier (needs the torch-mlir bindings; its files are "
                             "checked one at a time and not cached)")
    parser.add_argument("--upstream-timeout", type=float, default=DEFAULT_UPSTREAM_TIMEOUT, metavar="SECONDS",
                        help=f"time limit of the upstream verifier per file (default {DEFAULT_UPSTREAM_TIMEOUT:g})")
    parser.add_argument("--tcp", metavar="HOST:PORT",
                        help="serve the Language Server Protocol on a TCP socket instead of stdio")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser


def collect_files(paths: Sequence[str], notes: list[str] | None = None) -> tuple[list[str], list[str]]:
    """The .mlir files named or found under ``paths``, and the paths that could not be used (a
    directory without one among them); links a directory walk does not follow are added to
    ``notes``. Whether a file can be read (a regular file, not too large) is decided when it is
    read (``read_source``)."""
    files: list[str] = []
    problems: list[str] = []
    for path in paths:
        if path == "-":
            files.append(path)
        elif os.path.isdir(path):
            walked = walk_sources(path)
            files.extend(walked.files)
            if not walked.files:  # a misspelt folder in a CI workflow must not pass green
                problems.append(f"{shown_path(path)}: no .mlir file in this directory, nothing to check")
            if notes is not None:
                notes.extend(f"{shown_path(skipped)}: {reason}" for skipped, reason in walked.skipped)
        elif os.path.lexists(path):
            files.append(path)
        else:
            problems.append(f"{shown_path(path)}: no such file or directory")
    return files, problems


def source_name(path: str) -> str:
    """How a path given on the command line is named in reports (``-`` is ``<stdin>``)."""
    return "<stdin>" if path == "-" else path


def read_source(path: str) -> tuple[str | None, str, list[Diagnostic]]:
    """Decode a file as UTF-8; bytes that are not UTF-8 are replaced and reported. Only a
    regular file of at most ``MAX_SOURCE_BYTES`` is read (``files.read_file``)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_SOURCE_BYTES + 1)
            if len(data) > MAX_SOURCE_BYTES:
                return None, f"input is too large (over {size_text(MAX_SOURCE_BYTES)}, the limit)", []
        else:
            data = read_file(path, MAX_SOURCE_BYTES)
    except OSError as exc:
        return None, exc.strerror or str(exc), []
    try:
        return data.decode("utf-8"), "", []
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        offset = len(data[:exc.start].decode("utf-8", errors="replace"))
        return text, "", [Diagnostic(offset, offset + 1, "file is not valid UTF-8; invalid bytes were replaced",
                                     "syntax.encoding", Severity.ERROR)]


def check_file(path: str, options: CheckOptions | None = None) -> FileReport:
    """Analyse one file with ``options`` (default: no target, default severities); never
    raises for bad content."""
    text, problem, extra = read_source(path)
    shown = source_name(path)
    if text is None:
        return FileReport(shown, None, [], problem)
    return check_text(shown, text, extra, options)


def check_text(shown: str, text: str, extra: list[Diagnostic], options: CheckOptions | None) -> FileReport:
    """Analyse a file's text, with the diagnostics reading it gave (``read_source``)."""
    doc = Document(text, uri=shown)
    if options is not None:
        extra = apply_severities(extra, options.severities)
    diagnostics = sorted(extra + check_document(doc, options), key=lambda d: (d.start, d.end))
    return FileReport(shown, doc, diagnostics)


def result_of(report: FileReport) -> FileResult:
    """A read file's report as the output formats and the cache keep it: placed findings and counts."""
    return FileResult(report.path, findings_of(report),
                      sum(1 for d in report.diagnostics if d.severity == Severity.ERROR),
                      sum(1 for d in report.diagnostics if d.severity == Severity.WARNING))


def _check_in_worker(job: tuple[str, str, list[Diagnostic], CheckOptions]) -> FileResult:
    return result_of(check_text(*job))


PARALLEL_MIN_CHARACTERS = 64 * 1024
"""Below this much text to analyse, starting processes costs more than it saves."""


def check_texts(jobs: list[tuple[str, str, list[Diagnostic], CheckOptions]], processes: int) -> list[FileResult]:
    """``check_text`` for each job, in order: in ``processes`` worker processes (0: one per
    usable core) when there is enough to check, else here."""
    if processes == 0:
        processes = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    processes = min(processes, len(jobs))
    if processes < 2 or sum(len(job[1]) for job in jobs) < PARALLEL_MIN_CHARACTERS:
        return [_check_in_worker(job) for job in jobs]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # fork shares the imported package with the workers; elsewhere each imports it once
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    try:
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context(method),
                                 initializer=keep_freed_arenas) as pool:
            return list(pool.map(_check_in_worker, jobs, chunksize=max(1, len(jobs) // (processes * 4))))
    except (BrokenProcessPool, OSError):  # a worker was killed, or none could start: do it here
        return [_check_in_worker(job) for job in jobs]


class Settings:
    """Where each file's ``CheckOptions`` come from: ``--config``, discovery, or nothing,
    with ``--target`` as the fallback. Remembers every configuration it used, so that
    each one's problems are reported once."""

    def __init__(self, config_path: str | None = None, no_config: bool = False,
                 target: str | None = None, opt_level: int | None = None) -> None:
        self.target = target
        self.opt_level = opt_level
        """``-O``: the optimisation level of modules whose ``#nvvm.target`` states none."""
        self.no_config = no_config
        self.explicit: LoadedConfig | None = load_config_file(config_path) if config_path else None
        self.used: dict[str, LoadedConfig] = {}
        self._by_directory: dict[str, LoadedConfig] = {}

    def options_for(self, path: str) -> CheckOptions:
        if self.no_config:
            return CheckOptions(self.target, "--target")
        loaded = self.explicit
        if loaded is None:
            directory = os.getcwd() if path == "-" else os.path.dirname(os.path.abspath(path))
            loaded = self._by_directory.get(directory)
            if loaded is None:
                loaded = self._by_directory[directory] = load_config(directory)
        if loaded.path is not None:
            self.used.setdefault(str(loaded.path), loaded)
        return settings_for(loaded, None if path == "-" else path, self.target)

    def problems(self) -> list[ConfigProblem]:
        return [problem for loaded in self.used.values() for problem in loaded.problems]


class Upstream:
    """``--upstream``: upstream MLIR's verifier beside ours. A problem running it (no
    bindings, a crash) is a note printed once; the check goes on without it."""

    def __init__(self, timeout: float, err: TextIO) -> None:
        self.timeout = timeout
        self.err = err
        self.notes: list[str] = []
        try:
            from .verify.upstream import merge_upstream, upstream_diagnostics
        except ImportError as exc:
            self.note(f"the upstream verifier is not available: {exc}")
            self.run = None
        else:
            self.run = upstream_diagnostics
            self.merge = merge_upstream

    def note(self, message: str) -> None:
        if message not in self.notes:
            self.notes.append(message)
            print(f"nvgpu-ls: note: {message}", file=self.err)

    def add_to(self, report: FileReport, options: CheckOptions) -> None:
        if self.run is None or report.doc is None:
            return
        text = report.doc.text
        try:
            theirs, problem = self.run(text, self.timeout)
        except Exception as exc:  # noqa: BLE001  (a broken helper must not end the check)
            self.note(f"the upstream verifier failed: {type(exc).__name__}: {exc}")
            return
        if problem:
            self.note(problem)
        theirs = apply_severities(list(theirs), options.severities)
        merged = self.merge(report.diagnostics, theirs, text)
        report.diagnostics = sorted(merged, key=lambda d: (d.start, d.end))


def findings_of(report: FileReport) -> list[Finding]:
    """A readable file's diagnostics placed at 1-based lines and character columns, each with the
    quick fixes the language server offers for it (JSON output lists them)."""
    from .features.fixes import fixes_for

    assert report.doc is not None
    lines = report.doc.lines

    def place(offset: int) -> tuple[int, int]:
        line, column = lines.position(offset, "utf-32")
        return line + 1, column + 1

    def excerpt(offset: int) -> str:
        return lines.line_text(lines.line_of(offset))

    def fixes(diagnostic: Diagnostic) -> tuple[FindingFix, ...]:
        return tuple(FindingFix(fix.title, tuple(FindingEdit(place(start), place(end), text)
                                                 for start, end, text in fix.edits), fix.preferred)
                     for fix in fixes_for(doc, diagnostic))

    doc = report.doc
    return [Finding(report.path, place(d.start), place(d.end), d.severity, d.code, d.message, d.source,
                    tuple(RelatedFinding(report.path, place(r.start), place(r.end), r.message, excerpt(r.start))
                          for r in d.related), excerpt(d.start), fixes(d), d.explanation)
            for d in report.diagnostics]


def finding_of_problem(problem: ConfigProblem) -> Finding:
    """A configuration problem as a finding in the configuration file."""
    path = display_path(problem.path)
    if problem.line is None:
        return Finding(path, None, None, Severity.ERROR, "config.invalid", problem.message)
    start = (problem.line, problem.column or 1)
    width = problem.end - problem.start
    return Finding(path, start, (start[0], start[1] + max(width, 0)), Severity.ERROR, "config.invalid",
                   problem.message)


def check_files(files: Sequence[str], settings: Settings, upstream: Upstream | None = None, jobs: int = 1,
                cache: ResultCache | None = None) -> list[FileResult]:
    """Each file's result, in order: from ``cache`` where the file, its options and nvgpu-ls are
    unchanged, else checked (in ``jobs`` processes, see ``check_texts``) and stored there."""
    results: list[FileResult | None] = [None] * len(files)
    pending: list[tuple[int, str | None]] = []
    work: list[tuple[str, str, list[Diagnostic], CheckOptions]] = []
    for index, path in enumerate(files):
        options = settings.options_for(path)
        text, problem, extra = read_source(path)
        shown = source_name(path)
        if text is None:
            results[index] = FileResult(shown, problem=problem)
            continue
        if upstream is not None:
            report = check_text(shown, text, extra, options)
            upstream.add_to(report, options)
            results[index] = result_of(report)
            continue
        key = None
        if cache is not None and path != "-":
            key = cache.key(shown, options, text + "".join(repr(d) for d in extra))
            results[index] = cache.load(key, shown)
            if results[index] is not None:
                continue
        pending.append((index, key))
        work.append((shown, text, extra, options))
    for (index, key), result in zip(pending, check_texts(work, jobs)):
        results[index] = result
        if cache is not None and key is not None:
            cache.store(key, result)
    if cache is not None:
        cache.prune()
    return [result for result in results if result is not None]


def run_check(paths: Sequence[str], fmt: str, out: TextIO, err: TextIO, settings: Settings | None = None,
              upstream: Upstream | None = None, jobs: int = 1, cache: ResultCache | None = None) -> int:
    """The ``--check`` command; returns the exit status."""
    settings = settings or Settings()
    notes: list[str] = []
    files, problems = collect_files(paths, notes)
    for note in notes:
        print(f"nvgpu-ls: note: {note}", file=err)
    results = check_files(files, settings, upstream, jobs, cache)
    problems += [f"{shown_path(r.path)}: {r.problem}" for r in results if not r.readable]
    for problem in problems:
        print(f"nvgpu-ls: error: {problem}", file=err)
    readable = [r for r in results if r.readable]
    config_findings = [finding_of_problem(p) for p in settings.problems()]
    findings = config_findings + [f for r in readable for f in r.findings]
    errors = sum(r.errors for r in readable)
    warnings = sum(r.warnings for r in readable)
    with_problems = sum(1 for r in readable if r.errors or r.warnings)
    summary = Summary(len(readable), errors, warnings, with_problems, len(config_findings))
    if fmt == "json":
        write_json(findings, out)
    elif fmt == "sarif":
        notifications = [("error", p) for p in problems] + [("note", n) for n in (upstream.notes if upstream else [])]
        write_sarif(findings, out, notifications, successful=not problems)
    elif fmt == "github":
        write_github(findings, summary, out)
    else:
        write_text(findings, summary, out)
    if problems:
        return 2
    return 1 if errors or config_findings else 0


BROKEN_PIPE_STATUS = 128 + 13
"""The status a shell reports for a program that SIGPIPE ended (``nvgpu-ls --check . | head``)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``nvgpu-ls`` command. A reader that stops early (``| head``) ends the
    output quietly, as it would for any Unix tool, rather than with a traceback."""
    keep_freed_arenas()  # every command analyses file after file, or version after version
    try:
        status = _dispatch(argv)
        if not sys.stdout.closed:  # serving LSP over stdio ends with the transport closing it
            sys.stdout.flush()
        return status
    except BrokenPipeError:
        _drop_unwritten_output()
        return BROKEN_PIPE_STATUS
    except OSError as exc:  # the output could not be written (a full disk, an I/O error)
        _drop_unwritten_output()
        try:
            print(f"nvgpu-ls: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        except OSError:
            pass
        return OUTPUT_ERROR_STATUS


OUTPUT_ERROR_STATUS = 74
"""The status when the output could not be written (``sysexits.h``'s ``EX_IOERR``): a run whose
report was lost must not look like one that found errors (1) or none (0)."""


def _drop_unwritten_output() -> None:
    """Whatever is still buffered for an output that failed must not be flushed again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _dispatch(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["lower"]:
        return lower_main(args_list[1:])
    if args_list[:1] == ["ptx"]:
        return ptx_main(args_list[1:])
    if args_list[:1] == ["sass"]:
        return ptx_main(args_list[1:], sass_only=True)
    parser = _arg_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse reports usage errors itself
        return 2 if exc.code not in (0, None) else 0
    if args.version:
        from . import __version__
        print(f"nvgpu-ls {__version__}")
        return 0
    if args.check is not None:
        args.check = args.check + args.paths
        if not args.check:
            parser.print_usage(sys.stderr)
            print("nvgpu-ls: error: --check needs at least one PATH", file=sys.stderr)
            return 2
        return _check(args, parser)
    if args.paths:
        parser.print_usage(sys.stderr)
        print(f"nvgpu-ls: error: to check {args.paths[0]!r}, use --check (with no arguments nvgpu-ls serves LSP)",
              file=sys.stderr)
        return 2
    if args.tcp:
        host, _, port = args.tcp.rpartition(":")
        if not port.isdigit() or not 0 < int(port) < 65536:
            print(f"nvgpu-ls: error: --tcp expects HOST:PORT (e.g. 127.0.0.1:2087), got {args.tcp!r}",
                  file=sys.stderr)
            return 2
        from .server import serve_tcp
        return serve_tcp(host or "127.0.0.1", int(port))
    from .server import serve_stdio
    return serve_stdio()


def _usage_problem(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[str | None, int | None]:
    """The checked ``--target`` of ``args``, or the exit status of a usage error (reported)."""
    target = None
    if args.target is not None:
        target, why = check_target(args.target)
        if target is None:
            parser.print_usage(sys.stderr)
            print(f"nvgpu-ls: error: --target {args.target!r}: {why}", file=sys.stderr)
            return None, 2
    if args.config is not None and not os.path.isfile(args.config):
        why = "not a regular file" if os.path.exists(args.config) else "no such file or directory"
        print(f"nvgpu-ls: error: --config {shown_path(args.config)}: {why}", file=sys.stderr)
        return None, 2
    for name in ("upstream_timeout", "timeout"):
        if getattr(args, name, 1) <= 0:
            print(f"nvgpu-ls: error: --{name.replace('_', '-')} must be positive", file=sys.stderr)
            return None, 2
    if getattr(args, "jobs", 0) < 0:
        print("nvgpu-ls: error: --jobs must be 0 (one per core) or more", file=sys.stderr)
        return None, 2
    return target, None


def _check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    target, status = _usage_problem(args, parser)
    if status is not None:
        return status
    try:
        settings = Settings(args.config, args.no_config, target)
        upstream = Upstream(args.upstream_timeout, sys.stderr) if args.upstream else None
        cache = None if args.no_cache or upstream is not None else \
            ResultCache(Path(args.cache_dir) if args.cache_dir else default_cache_dir())
        return run_check(args.check, args.format, sys.stdout, sys.stderr, settings, upstream, args.jobs, cache)
    except KeyboardInterrupt:
        return 130


# --------------------------------------------------------------------------- lower

def _file_command_parser(prog: str, description: str, verb: str, engine_help: str,
                         output_help: str) -> argparse.ArgumentParser:
    """The arguments ``lower`` and ``ptx`` share: the file, engine, target, configuration, -g, -o."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("file", metavar="FILE", help=f"the .mlir file to {verb} ('-' reads standard input)")
    parser.add_argument("--engine", choices=ENGINES, default="builtin", help=engine_help)
    parser.add_argument("--target", metavar="CHIP",
                        help="target where the file names none and the configuration gives none, e.g. sm_90a "
                             "or sm_90a+ptx80")
    config = parser.add_mutually_exclusive_group()
    config.add_argument("--config", metavar="PATH",
                        help="read this configuration file instead of searching from the file's directory up")
    config.add_argument("--no-config", action="store_true", help="use no configuration file")
    debug = parser.add_mutually_exclusive_group()
    debug.add_argument("-g", "--debug-info", action="store_true",
                       help="device debug info: debuginfo.value records kept (as llvm.intr.dbg.value), -g in the "
                            "attached targets, full DWARF in the PTX")
    debug.add_argument("-lineinfo", "--lineinfo", dest="line_info", action="store_true",
                       help="line info only: .loc directives kept, debuginfo.value records dropped, -lineinfo in "
                            "the attached targets (what the PTX gets by default)")
    parser.add_argument("-O", dest="opt_level", type=int, choices=OPT_LEVELS, metavar="N",
                        help="optimisation level 0-3 of gpu.modules whose #nvvm.target states none (written as "
                             "its O, and what LLVM compiles the PTX at; default 3); -O0 ... -O3")
    parser.add_argument("-o", "--output", metavar="OUT", help=output_help)
    return parser


def _parse_file_command(parser: argparse.ArgumentParser,
                        argv: Sequence[str]) -> tuple[argparse.Namespace | None, str | None, int | None]:
    """Parsed arguments and the fallback target, or the exit status of a usage problem (or --help)."""
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return None, None, 2 if exc.code not in (0, None) else 0
    target, status = _usage_problem(args, parser)
    return args, target, status


def _lower_parser() -> argparse.ArgumentParser:
    parser = _file_command_parser(
        "nvgpu-ls lower",
        "Lower the nvgpu ops of an MLIR file to the NVVM and LLVM dialects and print the result. "
        "Diagnostics go to standard error in the format of --check.",
        "lower",
        "builtin (default: nvgpu-ls's own patterns, keeping the text around the ops as written) or upstream "
        "(MLIR's convert-nvgpu-to-nvvm, needs the torch-mlir bindings)",
        "write the lowered text to OUT, not standard output")
    parser.add_argument("--upstream-timeout", type=float, default=DEFAULT_UPSTREAM_TIMEOUT, metavar="SECONDS",
                        help=f"time limit of the upstream engine (default {DEFAULT_UPSTREAM_TIMEOUT:g})")
    return parser


def lower_main(argv: Sequence[str]) -> int:
    """``nvgpu-ls lower ...``; returns the exit status."""
    args, target, status = _parse_file_command(_lower_parser(), argv)
    if status is not None or args is None:
        return status or 0
    try:
        settings = Settings(args.config, args.no_config, target, args.opt_level)
        return run_lower(args.file, settings, args.engine, args.debug_info, args.output, args.upstream_timeout,
                         sys.stdout, sys.stderr, line_info=args.line_info)
    except KeyboardInterrupt:
        return 130


def run_lower(path: str, settings: Settings, engine: str, debug_info: bool, output: str | None,
              timeout: float, out: TextIO, err: TextIO, line_info: bool = False) -> int:
    """Lower one file and report it (see the module docstring for the exit status)."""
    from .lowering.engine import Lowered, LoweringOptions, lower_document

    text, problem, extra = read_source(path)
    shown = source_name(path)
    label = shown_path(shown)
    if text is None:
        print(f"nvgpu-ls: error: {label}: {problem}", file=err)
        return 2
    check = settings.options_for(path)
    options = LoweringOptions(check=check, debug_info=debug_info, line_info=line_info, opt_level=settings.opt_level)
    doc = Document(text, uri=shown)
    extra = apply_severities(extra, check.severities)
    if any(d.severity == Severity.ERROR for d in extra):
        lowered: Lowered | None = Lowered(None, [])
    elif engine == "upstream":
        try:
            from .lowering.upstream_engine import lower_with_upstream
        except ImportError as exc:
            print(f"nvgpu-ls: error: the upstream engine is not available: {exc}", file=err)
            return 2
        lowered = _guarded(lambda: lower_with_upstream(text, shown, options, timeout), f"lowering {label}", err)
    else:
        lowered = _guarded(lambda: lower_document(doc, shown, options), f"lowering {label}", err)
    if lowered is None:
        return 1
    report = FileReport(shown, doc, sorted(extra + lowered.diagnostics, key=lambda d: (d.start, d.end)))
    config_findings = [finding_of_problem(p) for p in settings.problems()]
    write_text_findings(config_findings + findings_of(report), err)
    if lowered.text is None or config_findings:
        errors = sum(1 for d in report.diagnostics if d.severity == Severity.ERROR) + len(config_findings)
        print(f"nvgpu-ls: {label} was not lowered ({errors} error{'' if errors == 1 else 's'})", file=err)
        return 1
    return _write_result(lowered.text, output, out, err)


def _write_result(text: str, output: str | None, out: TextIO, err: TextIO) -> int:
    """``text`` to standard output or to the file ``output``: 0; 2 when ``output`` cannot be
    created (a usage problem); ``OUTPUT_ERROR_STATUS`` when writing it fails (a full disk).
    Standard output's own failures are ``main``'s to report."""
    if output is None:
        write_all(out, text)
        return 0
    try:
        handle = open(output, "w", encoding="utf-8")
    except OSError as exc:
        print(f"nvgpu-ls: error: cannot write {shown_path(output)}: {exc.strerror or exc}", file=err)
        return 2
    try:
        with handle:
            handle.write(text)
    except OSError as exc:
        print(f"nvgpu-ls: error: cannot write {shown_path(output)}: {exc.strerror or exc}", file=err)
        return OUTPUT_ERROR_STATUS
    return 0


def _guarded(run: Callable[[], T], what: str, err: TextIO) -> T | None:
    """Run an engine; a failure inside it is reported as one line, not a traceback."""
    try:
        return run()
    except Exception as exc:  # noqa: BLE001  (an engine bug must not print a traceback at the user)
        print(f"nvgpu-ls: error: {what} failed: {type(exc).__name__}: {exc}", file=err)
        return None


# --------------------------------------------------------------------------- ptx

def _ptx_parser(sass_only: bool = False) -> argparse.ArgumentParser:
    if sass_only:
        parser = _file_command_parser(
            "nvgpu-ls sass",
            "Compile the gpu.modules of an MLIR file that uses the nvgpu dialect to PTX, assemble it with ptxas "
            "(with line info) and print each kernel's SASS (nvdisasm), one instruction per line with the source "
            "line it came from. Diagnostics and each kernel's resources and occupancy go to standard error.",
            "compile",
            "how nvgpu ops are lowered: builtin (default, nvgpu-ls's own patterns) or upstream "
            "(MLIR's convert-nvgpu-to-nvvm)",
            "write the SASS to OUT, not standard output")
    else:
        parser = _file_command_parser(
            "nvgpu-ls ptx",
            "Compile the gpu.modules of an MLIR file that uses the nvgpu dialect to PTX and print it. "
            "Diagnostics (and, with --validate, ptxas's report per kernel) go to standard error.",
            "compile",
            "how nvgpu ops are lowered: builtin (default, nvgpu-ls's own patterns) or upstream "
            "(MLIR's convert-nvgpu-to-nvvm)",
            "write the PTX to OUT, not standard output")
        parser.add_argument("--validate", action="store_true",
                            help="assemble each module's PTX with ptxas for its chip and report registers, spills, "
                                 "shared memory, barriers, the largest block and the occupancy per kernel")
        parser.add_argument("--sass", action="store_true",
                            help="also disassemble what ptxas made (nvdisasm) and print each kernel's SASS after "
                                 "the PTX (implies --validate)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default), or one JSON object with the code, its source mapping and each "
                             "kernel's resources and occupancy (diagnostics stay on standard error)")
    parser.add_argument("--ptxas", metavar="PATH",
                        help="the ptxas to validate with (default: ptxas on PATH, else the nvidia-cuda-nvcc "
                             "wheel's)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_PTX_TIMEOUT, metavar="SECONDS",
                        help=f"time limit of each native step and of each ptxas run (default "
                             f"{DEFAULT_PTX_TIMEOUT:g})")
    return parser


def ptx_main(argv: Sequence[str], sass_only: bool = False) -> int:
    """``nvgpu-ls ptx ...`` (``nvgpu-ls sass ...`` with ``sass_only``); returns the exit status."""
    args, target, status = _parse_file_command(_ptx_parser(sass_only), argv)
    if status is not None or args is None:
        return status or 0
    if args.ptxas is not None and not (os.path.isfile(args.ptxas) and os.access(args.ptxas, os.X_OK)):
        why = "not an executable file" if os.path.exists(args.ptxas) else "no such file or directory"
        print(f"nvgpu-ls: error: --ptxas {shown_path(args.ptxas)}: {why}", file=sys.stderr)
        return 2
    try:
        settings = Settings(args.config, args.no_config, target, args.opt_level)
        shown = "sass" if sass_only else "ptx+sass" if args.sass else "ptx"
        return run_ptx(args.file, settings, args.engine, args.debug_info, sass_only or args.validate, args.ptxas,
                       args.output, args.timeout, sys.stdout, sys.stderr, shown, args.format, line_info=args.line_info)
    except KeyboardInterrupt:
        return 130


def run_ptx(path: str, settings: Settings, engine: str, debug_info: bool, validate: bool, ptxas: str | None,
            output: str | None, timeout: float, out: TextIO, err: TextIO, shown_code: str = "ptx",
            output_format: str = "text", line_info: bool = False) -> int:
    """Compile one file to PTX (and SASS: ``shown_code`` ``sass`` or ``ptx+sass``) and report it
    (see the module docstring for the exit status)."""
    from .lowering.engine import LoweringOptions

    text, problem, extra = read_source(path)
    shown = source_name(path)
    label = shown_path(shown)
    if text is None:
        print(f"nvgpu-ls: error: {label}: {problem}", file=err)
        return 2
    try:
        from .ptx.preview import PreviewOptions, preview_ptx
    except ImportError as exc:
        print(f"nvgpu-ls: error: the PTX pipeline is not available: {exc}", file=err)
        return 2
    check = settings.options_for(path)
    sass = shown_code != "ptx"
    lowering = LoweringOptions(check=check, debug_info=debug_info, line_info=line_info, opt_level=settings.opt_level)
    options = PreviewOptions(lowering=lowering,
                             engine=engine,
                             validate=validate or sass, ptxas_path=ptxas, timeout=timeout, sass=sass)
    doc = Document(text, uri=shown)
    extra = apply_severities(extra, check.severities)
    preview = None
    if not any(d.severity == Severity.ERROR for d in extra):
        preview = _guarded(lambda: preview_ptx(text, shown, options), f"compiling {label} to PTX", err)
        if preview is None:
            return 1
    found = apply_severities(list(preview.diagnostics), check.severities) if preview is not None else []
    report = FileReport(shown, doc, sorted(extra + found, key=lambda d: (d.start, d.end)))
    config_findings = [finding_of_problem(p) for p in settings.problems()]
    write_text_findings(config_findings + findings_of(report), err)
    if preview is not None:
        write_ptxas_reports(preview.ptxas, err)
    ptx = preview.ptx if preview is not None else None
    errors = sum(1 for d in report.diagnostics if d.severity == Severity.ERROR) + len(config_findings)
    rejected = [r for r in (preview.ptxas if preview is not None else []) if not r.ok]
    if ptx is None:
        print(f"nvgpu-ls: {label}: no PTX ({errors} error{'' if errors == 1 else 's'})", file=err)
        return 1
    assert preview is not None
    sass_text, _ = preview.sass_listing()
    if sass and not any(r.sass for r in preview.ptxas) and not rejected:
        errors = max(errors, 1)
    if output_format == "json":
        shown_json = preview.to_json()
        if sass:
            shown_json.update({key: value for key, value in preview.sass_json().items() if key != "ptxasReport"})
        if shown_code == "sass":
            shown_json.pop("ptx", None)
        result = json.dumps(shown_json, indent=1) + "\n"
    elif shown_code == "sass":
        result = sass_text
    elif shown_code == "ptx+sass":
        result = ptx + ("\n// ---------------------------------------------------------------- SASS\n" + sass_text
                        if sass_text else "")
    else:
        result = ptx
    status = _write_result(result, output, out, err)
    if status:
        return status
    if rejected:
        names = ", ".join(f"@{r.module} ({r.chip})" for r in rejected)
        print(f"nvgpu-ls: {label}: ptxas rejected the PTX of {names}", file=err)
        return 1
    if errors:
        print(f"nvgpu-ls: {label}: compiled with {errors} error{'' if errors == 1 else 's'}", file=err)
        return 1
    return 0


def write_ptxas_reports(reports: Sequence[PtxasReport], err: TextIO) -> None:
    """ptxas's verdict per module and its resource usage per kernel, one line each, and each
    kernel's occupancy on the module's chip."""
    from .ptx.occupancy import describe

    for report in reports:
        verdict = "accepted" if report.ok else "rejected"
        print(f"ptxas: gpu.module @{report.module} ({report.chip}): {verdict}", file=err)
        for kernel in report.kernels:
            usage = [(kernel.registers, "registers"), (kernel.spill_stores, "bytes spill stores"),
                     (kernel.spill_loads, "bytes spill loads"), (kernel.shared_bytes, "bytes shared memory"),
                     (kernel.stack_bytes, "bytes stack")]
            usage += [(kernel.barriers, "barriers"), (kernel.max_threads, "threads per block at most")]
            known = ", ".join(f"{value} {what}" for value, what in usage if value is not None)
            if kernel.occupancy is not None:
                assumed = "" if kernel.block_threads else ", no block size in the PTX: 128 threads assumed"
                known += f"; occupancy on {report.chip}: {describe(kernel.occupancy)}{assumed}"
            print(f"ptxas:   {kernel.name}: {known or 'no usage reported'}", file=err)
