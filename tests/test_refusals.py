"""What upstream verifies but will not lower is said alike by the verifier, the instance form
(hover's "lowers to") and the lowering pattern: one predicate (``dialects/refusals.py``) feeds
all three, so an instance one of them accepts is accepted by all."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.dialects.instance_forms import instance_form
from nvgpu_ls.lowering.engine import lower_document
from nvgpu_ls.verify import check_document

RCP_ATTRIBUTES = [
    ("{rounding = approx, ftz}", None),
    ("{rounding = approx}", "#nvgpu<rcp_rounding_mode approx> or non-ftz"),
    ("{rounding = rn, ftz}", "#nvgpu<rcp_rounding_mode rn> or non-ftz"),
    ("{approx = true, ftz = true}", None),
    ("{approx = false, ftz = true}", "non-approx or non-ftz"),
    ("{approx = true, ftz = true, rounding = #nvvm.fp_rnd_mode<rn>}", "#nvvm.fp_rnd_mode<rn>"),
]


def _rcp(attributes: str) -> str:
    return ("func.func @f(%v: vector<4xf32>) -> vector<4xf32> {\n"
            f"  %r = nvgpu.rcp %v {attributes} : vector<4xf32>\n"
            "  return %r : vector<4xf32>\n}\n")


@pytest.mark.parametrize("attributes, refused", RCP_ATTRIBUTES)
def test_rcp_limitation_is_one_answer_in_verifier_hover_and_lowering(attributes: str, refused: str | None) -> None:
    text = _rcp(attributes)
    limitation = [d.message for d in check_document(Document(text)) if d.code == "nvgpu.rcp.limitation"]
    doc = Document(text)
    form = instance_form(next(op for op in doc.ops() if op.name == "nvgpu.rcp"), doc)
    lowered = lower_document(Document(text))
    assert form is not None
    if refused is None:
        assert limitation == [] and form.ptx == ("rcp.approx.ftz.f32 d, a;",) and lowered.text is not None
        return
    message = f"'nvgpu.rcp' op has a limitation. {refused} is not supported yet."
    assert limitation == [message]
    assert form.ptx == () and form.notes == (f"not lowered: upstream's nvgpu.rcp {message.split(' op ', 1)[1]}",)
    assert message in [d.message for d in lowered.diagnostics] and lowered.text is None
