"""Which modules ``pip install`` compiles with mypyc, and when their Python source is used instead.

The analysis core (``COMPILED``) is compiled to C by mypyc where the build finds it (``setup.py``;
about twice as fast to parse). The Python files stay the reference: they are imported instead of
the compiled modules when ``NVGPU_LS_PURE_PYTHON`` is set, and whenever one of them differs from
what was compiled (the sources' digest is recorded at build time in ``SOURCES_RECORD``), so that
an edit to an editable install takes effect without a rebuild, only slower until the next one.
The choice is all or none: compiled and source modules are never mixed.

Standard library only: it runs before the rest of the package is imported.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Sequence

PACKAGE = Path(__file__).resolve().parent


def _package_modules(folder: str) -> tuple[str, ...]:
    """Every module of a package folder but its ``__init__`` (which imports them: compiled, a
    package ``__init__`` loses its submodules' search path)."""
    return tuple(sorted(f"{folder}/{path.name}" for path in (PACKAGE / folder).glob("*.py") if path.name != "__init__.py"))


COMPILED = ("analysis/ir.py", "analysis/parser.py", "analysis/formats.py", "analysis/document.py",
            "analysis/opview.py", "analysis/implied_types.py", "analysis/registry.py",
            *_package_modules("analysis/readers"),
            "verify/context.py", "verify/structure.py", "verify/usedef.py", "verify/regions.py", "verify/checking.py",
            *_package_modules("verify/rules"))
"""Paths relative to the package, as mypyc is given them."""
SOURCES_RECORD = "_compiled_sources.json"
RUNTIME = "nvgpu_ls._mypyc__mypyc"
"""The library every compiled module loads (mypyc's group, named in setup.py)."""


def module_name(relative: str) -> str:
    return "nvgpu_ls." + relative[:-len(".py")].replace("/", ".")


def sources_digest(package: Path | None = None) -> str:
    """One digest of every compiled module's source (in the installed package by default)."""
    package = package or PACKAGE
    digest = hashlib.sha256()
    for relative in COMPILED:
        digest.update(relative.encode() + b"\0" + (package / relative).read_bytes() + b"\0")
    return digest.hexdigest()


def write_record(where: Path, sources: Path | None = None) -> None:
    """Called by the build: what the compiled modules in ``where`` were made from (the package's
    sources in ``sources``, by default ``where`` itself)."""
    digest = sources_digest(sources or where)
    (where / SOURCES_RECORD).write_text(json.dumps({"digest": digest}) + "\n")


NATIVE = ("analysis/_ctokens", "_carenas")
"""The package's C extensions, relative to the package, without suffix (``setup.py`` builds
``<name>.c`` for each)."""


def stale_extensions(package: Path | None = None) -> list[Path]:
    """Extension files in the package that the build does not make (a module compiled by an earlier
    build and no longer in ``COMPILED``). An editable install builds in place and leaves them: one
    would shadow its source and fail to load against the new runtime, so the build removes them."""
    package = package or PACKAGE
    made = {relative[:-len(".py")] for relative in COMPILED} | set(NATIVE) | {RUNTIME.split(".", 1)[1]}
    stale = set()
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in package.rglob("*" + suffix):
            module = path.relative_to(package).parent / path.name.split(".", 1)[0]  # name.<abi tag>.so
            if module.as_posix() not in made:
                stale.add(path)
    return sorted(stale)


def compiled_present() -> bool:
    """Is a compiled module installed beside its source?"""
    parser = PACKAGE / "analysis"
    return any(parser.glob("parser.*" + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def use_sources() -> str | None:
    """Why the Python sources must be imported instead of the compiled modules, or None."""
    if os.environ.get("NVGPU_LS_PURE_PYTHON"):
        return "NVGPU_LS_PURE_PYTHON is set"
    try:
        recorded = json.loads((PACKAGE / SOURCES_RECORD).read_text())["digest"]
    except (OSError, ValueError, KeyError, TypeError):
        return "no record of what was compiled"
    if recorded != sources_digest():
        return "the sources changed since they were compiled"
    try:
        importlib.import_module(RUNTIME)
    except ImportError as exc:  # built for another Python, or half built
        return f"the compiled core cannot be loaded: {exc}"
    return None


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` files, ahead of the extension modules beside them."""

    def __init__(self, names: Sequence[str]) -> None:
        self.sources = {module_name(relative): PACKAGE / relative for relative in names}

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        return importlib.util.spec_from_file_location(fullname, source) if source is not None else None


SOURCES_REASON: str | None = None
"""Why the sources are in use although compiled modules are installed (None: compiled, or none built)."""


def choose() -> None:
    """Import the sources instead of the compiled modules when ``use_sources`` says so."""
    global SOURCES_REASON
    if not compiled_present():
        return
    SOURCES_REASON = use_sources()
    if SOURCES_REASON is not None and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst(COMPILED))


def in_use() -> bool:
    """Are the compiled modules the ones imported?"""
    module = sys.modules.get("nvgpu_ls.analysis.parser")
    return module is not None and not str(getattr(module, "__file__", "")).endswith(".py")
