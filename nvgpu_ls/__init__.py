"""nvgpu-ls: language server and checker for MLIR's nvgpu dialect."""

__version__ = "0.1.0"
