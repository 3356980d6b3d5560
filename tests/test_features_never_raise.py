"""Every LSP feature answers at any position of broken text without raising.

The corpus is upstream's conformance files (when present) and our own test data, each as
written, cut in half, and with closing brackets removed — the shapes half-typed text takes.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features import (
    code_actions, completion, definition, folding, highlight, hover, inlay_hints, references, rename,
    semantic_tokens, symbols,
)
from nvgpu_ls.features.context import FeatureContext, FeatureError
from nvgpu_ls.verify import CheckOptions, check_document

CONFORMANCE = Path(__file__).resolve().parents[2] / "shared" / "conformance"
FILES = sorted(CONFORMANCE.rglob("*.mlir")) + sorted((Path(__file__).parent / "data").rglob("*.mlir"))
POSITIONS_PER_TEXT = 12


def variants(text: str) -> list[str]:
    return [text, text[: len(text) // 2], text.replace("}", "", 3), text.replace(">", "", 5)]


def whole_document_features(ctx: FeatureContext) -> dict[str, Callable[[], object]]:
    everything = lsp.Range(lsp.Position(0, 0), ctx.position(len(ctx.text)))
    return {
        "symbols": lambda: symbols.document_symbols(ctx),
        "folding": lambda: folding.folding_ranges(ctx),
        "semantic tokens": lambda: semantic_tokens.semantic_tokens(ctx),
        "inlay hints": lambda: inlay_hints.inlay_hints(ctx, everything),
    }


def positional_features(ctx: FeatureContext, p: lsp.Position) -> dict[str, Callable[[], object]]:
    here = lsp.Range(p, p)
    actions = lsp.CodeActionParams(text_document=lsp.TextDocumentIdentifier(ctx.uri), range=here,
                                   context=lsp.CodeActionContext(diagnostics=[]))
    return {
        "hover": lambda: hover.hover(ctx, p),
        "definition": lambda: definition.definition(ctx, p),
        "references": lambda: references.references(ctx, p, True),
        "highlight": lambda: highlight.document_highlight(ctx, p),
        "prepare rename": lambda: rename.prepare_rename(ctx, p),
        "rename": lambda: rename.rename(ctx, p, "%renamed"),
        "completion": lambda: completion.completion(ctx, p, None),
        "code actions": lambda: code_actions.code_actions(ctx, actions),
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_feature_answers_everywhere_in_broken_variants_of_the_file(path: Path):
    rng = random.Random(path.name)
    failures = []
    for text in variants(path.read_text(errors="replace")):
        doc = Document(text, uri="file:///corpus.mlir")
        ctx = FeatureContext(doc, diagnostics=check_document(doc, CheckOptions(target="sm_80")))
        calls = list(whole_document_features(ctx).items())
        for offset in rng.sample(range(len(text) + 1), min(POSITIONS_PER_TEXT, len(text) + 1)):
            calls += positional_features(ctx, ctx.position(offset)).items()
        for name, call in calls:
            try:
                call()
            except FeatureError:
                pass  # a refused rename is an answer
            except Exception as exc:  # noqa: BLE001
                failures.append(f"{name}: {type(exc).__name__}: {exc}")
    assert failures == []
