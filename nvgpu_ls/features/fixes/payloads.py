"""What a few verifier payloads leave implicit, spelled out for the fixers.

Most verifiers attach the fix vocabulary themselves (``fix``, ``alternatives``,
``attribute`` + ``valid``/``expected``, ``memorySpace``; see ``attributes.py`` and
``types.py``). A few payloads are pinned by their own tests in an older, shorter shape;
for those the missing keys are derived here from the code, the payload and the op:

* ``nvgpu.async-copy.transfer-size`` ``{"valid"}`` -- the candidates are ``dstElements``;
* ``nvgpu.async-copy.bypass-l1`` ``{"dstElements"}`` -- dropping ``bypassL1`` is the safe
  fix (it is only a cache hint), the named element count the alternative;
* ``nvgpu.ldmatrix.result-shape`` / ``tile-count`` ``{"expected": [rows, columns]}`` --
  the result type the rule expects, and for a tile-count mismatch also ``numTiles`` set
  to the result's row count.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...analysis.values import VectorType
from ...diagnostics import Diagnostic
from ...analysis.opview import OpView


def completed_data(doc: Document, diag: Diagnostic) -> dict:
    """``diag.data`` with the keys its code implies added (never overriding what is there)."""
    data = dict(diag.data or {})
    code = diag.code
    if code == "nvgpu.async-copy.transfer-size":
        data.setdefault("attribute", "dstElements")
    elif code == "nvgpu.async-copy.bypass-l1" and isinstance(data.get("dstElements"), int):
        data.setdefault("fix", {"bypassL1": None})
        data.setdefault("alternatives", [{"dstElements": data["dstElements"]}])
    elif code in ("nvgpu.ldmatrix.result-shape", "nvgpu.ldmatrix.tile-count"):
        _ldmatrix_shapes(doc, diag, data)
    return data


def _ldmatrix_shapes(doc: Document, diag: Diagnostic, data: dict) -> None:
    expected = data.get("expected")
    op = doc.op_at(diag.start)
    while op is not None and op.name != "nvgpu.ldmatrix":
        op = op.parent_op()
    if op is None or not (isinstance(expected, list) and len(expected) == 2):
        return
    result = OpView(op, doc).result_type()
    if not isinstance(result, VectorType) or len(result.shape) != 2:
        return
    data.setdefault("resultType", f"vector<{expected[0]}x{expected[1]}x{result.element}>")
    rows = result.shape[0]
    if diag.code == "nvgpu.ldmatrix.tile-count" and rows in (1, 2, 4):
        data.setdefault("alternatives", [{"numTiles": rows}])
