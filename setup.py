"""Native parts, each optional: where one cannot be built, nvgpu-ls runs the Python it was made
from, which stays the reference it is tested against (``NVGPU_LS_PURE_PYTHON=1`` forces it).

- ``nvgpu_ls/analysis/_ctokens.c``, the token scanner, and ``nvgpu_ls/_carenas.c``, which keeps
  freed memory arenas for the next analysis, built with the machine's C compiler;
- the analysis core (``nvgpu_ls/_compiled.py``'s ``COMPILED``), compiled by mypyc when it can be
  imported (the build requirements bring it), unless ``NVGPU_LS_NO_MYPYC`` is set.

Everything else is in pyproject.toml."""

import compileall
import importlib.util
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "nvgpu_ls"))  # _compiled.py alone, not the package (its imports are not built)
try:
    import _compiled
finally:
    sys.path.pop(0)

extensions = [Extension("nvgpu_ls." + name.replace("/", "."), [f"nvgpu_ls/{name}.c"], optional=True)
              for name in _compiled.NATIVE]


def _compiled_core() -> list:
    for stale in _compiled.stale_extensions(HERE / "nvgpu_ls"):
        stale.unlink()
    if os.environ.get("NVGPU_LS_NO_MYPYC") or importlib.util.find_spec("mypyc") is None:
        return []
    from mypyc.build import mypycify

    try:
        built = mypycify([f"nvgpu_ls/{relative}" for relative in _compiled.COMPILED], opt_level="3",
                         group_name=_compiled.RUNTIME.removesuffix("__mypyc"))
    except BaseException as exc:  # noqa: BLE001  (mypy's own errors end in SystemExit: run the sources instead)
        print(f"nvgpu-ls: not compiling the analysis core: {exc}", file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True
    return built


class BuildExtWithRecord(build_ext):
    """Builds the extensions, then writes what the compiled core was made from beside the modules it
    built: in the checkout for an in-place (editable) build, in the build folder for a wheel. A wheel
    built from a checkout thus never vouches for the checkout's older in-place modules. An in-place
    build also compiles the package's bytecode, as pip does when it installs a wheel, so that a
    start where bytecode cannot be written (``PYTHONDONTWRITEBYTECODE``, a read-only checkout)
    does not compile every module again."""

    def run(self) -> None:
        super().run()
        if CORE:
            where = HERE / "nvgpu_ls" if self.inplace else Path(self.build_lib) / "nvgpu_ls"
            where.mkdir(parents=True, exist_ok=True)
            _compiled.write_record(where, HERE / "nvgpu_ls")
        if self.inplace:
            compileall.compile_dir(str(HERE / "nvgpu_ls"), quiet=1)


CORE = _compiled_core()
setup(ext_modules=extensions + CORE, cmdclass={"build_ext": BuildExtWithRecord})
