"""Every diagnostic code has documentation (docs/diagnostics/, written by
tools/generate_diagnostic_docs.py), and every place that shows a diagnostic links to it: SARIF's
``helpUri``, LSP's ``codeDescription`` and hover."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls import cli
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.check_options import CheckOptions
from nvgpu_ls.chunks import split_chunks
from nvgpu_ls.code_pages import DOCS_URL, PAGES, code_url, page_of
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.diagnostics import to_lsp_diagnostic
from nvgpu_ls.features.hover import hover
from nvgpu_ls.verify import check_document

from .conftest import ROOT

DOCS = ROOT / "docs" / "diagnostics"
EXAMPLES = ROOT / "tests" / "data" / "diagnostics"
TARGETS = (None, "sm_70", "sm_90a")
LDMATRIX_IN_GLOBAL = (
    "func.func @f(%m: memref<128x128xf16>, %i: index) {\n"
    "  %r = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<128x128xf16> -> "
    "vector<4x2xf16>\n  return\n}\n")


def _anchors(page: str) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', (DOCS / f"{page}.md").read_text(encoding="utf-8")))


def _example_chunks() -> list[tuple[str, str]]:
    found = []
    for path in sorted(EXAMPLES.glob("*.mlir")):
        for _, chunk in split_chunks(path.read_text(encoding="utf-8")):
            code = re.search(r"// diagnostic: (\S+)", chunk)
            assert code is not None, f"a chunk of {path.name} names no code"
            found.append((code.group(1), chunk))
    return found


@pytest.mark.parametrize("code, text", _example_chunks(), ids=lambda value: value if "\n" not in value else "")
def test_each_example_input_gets_the_code_it_names(code: str, text: str) -> None:
    assert code in [d.code for d in check_document(Document(text))]


def test_every_code_the_test_inputs_produce_has_its_section_on_its_page() -> None:
    missing = set()
    for path in sorted((ROOT / "tests" / "data").rglob("*.mlir")):
        for _, chunk in split_chunks(path.read_text(encoding="utf-8", errors="replace")):
            for target in TARGETS:
                for diag in check_document(Document(chunk), CheckOptions(target=target)):
                    if diag.code not in _anchors(page_of(diag.code)):
                        missing.add((diag.code, str(path.relative_to(ROOT))))
    assert not missing, f"run tools/generate_diagnostic_docs.py: no section for {sorted(missing)[:10]}"


def test_every_page_exists_and_the_index_links_each() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for stem in PAGES:
        assert (DOCS / f"{stem}.md").is_file() and f"({stem}.md)" in index


@pytest.mark.parametrize("code", ["nvgpu.ldmatrix.memory-space", "ssa.dominance", "nvgpu.sm-gate",
                                  "nvgpu.hazard.tx-bytes", "syntax.unbalanced", "math.whatever.rule", "weird"])
def test_any_code_links_to_a_page_that_exists(code: str) -> None:
    url = code_url(code)
    assert url.startswith(DOCS_URL) and url.endswith(f"#{code}")
    assert (DOCS / url[len(DOCS_URL):].split("#")[0]).is_file()


def test_sarif_rules_carry_the_help_uri(tmp_path: Path, capsys) -> None:
    (tmp_path / "k.mlir").write_text(LDMATRIX_IN_GLOBAL)
    cli.main(["--check", str(tmp_path / "k.mlir"), "--format", "sarif"])
    rules = json.loads(capsys.readouterr().out)["runs"][0]["tool"]["driver"]["rules"]
    assert "nvgpu.ldmatrix.memory-space" in [rule["id"] for rule in rules]
    assert all(rule["helpUri"] == code_url(rule["id"]) for rule in rules)


def test_the_editor_gets_the_link_as_code_description_and_in_hover() -> None:
    doc = Document(LDMATRIX_IN_GLOBAL, "file:///k.mlir")
    ctx = FeatureContext(doc, diagnostics=check_document(doc))
    [diag] = [d for d in ctx.diagnostics if d.code == "nvgpu.ldmatrix.memory-space"]
    assert to_lsp_diagnostic(ctx, diag).code_description == lsp.CodeDescription(href=code_url(diag.code))
    found = hover(ctx, lsp.Position(line=1, character=LDMATRIX_IN_GLOBAL.splitlines()[1].index("memref<128x128xf16>")))
    assert found is not None and f"]({code_url(diag.code)})" in found.contents.value
