"""The navigation features' shared test data: a valid kernel file, a broken one, a split one."""

from __future__ import annotations

from pathlib import Path

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext

DATA = Path(__file__).parent / "data" / "navigation"
KERNEL = (DATA / "kernel.mlir").read_text()
BROKEN = (DATA / "broken.mlir").read_text()
SPLIT = (DATA / "split.mlir").read_text()
URI = "file:///nav/test.mlir"


def context(text: str, encoding: str = "utf-16") -> FeatureContext:
    """The text analysed as a document at ``URI``, positions in ``encoding``."""
    return FeatureContext(Document(text, URI), encoding)  # type: ignore[arg-type]
