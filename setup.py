"""The optional native token scanner (``nvgpu_ls/analysis/_ctokens.c``): built by ``pip install``
with the machine's C compiler; where it cannot be built, nvgpu-ls uses the pure-Python scanner,
which stays the reference the native one is tested against. Everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("nvgpu_ls.analysis._ctokens", ["nvgpu_ls/analysis/_ctokens.c"], optional=True)])
