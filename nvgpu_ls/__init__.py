"""nvgpu-ls: language server and checker for MLIR's nvgpu dialect.

The package root wires the layers together: the analysis layer reads ops through an
``OpRegistry`` and never imports the op facts themselves (``dialects``); the registry it uses by
default is made here, from them, on first use.
"""

__version__ = "0.1.0"


def _choose_compiled_or_sources() -> None:
    from . import _compiled

    _compiled.choose()


_choose_compiled_or_sources()


def _install_default_registry() -> None:
    from .analysis import registry

    def made() -> "registry.OpRegistry":
        from .dialects import default_registry
        return default_registry()

    registry.install_default(made)


_install_default_registry()
