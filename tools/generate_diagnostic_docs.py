"""Write ``docs/diagnostics/``: a page per family of diagnostic codes, a section per code.

Each section says what the code catches, why (the rule, and what ``mlir-opt-22`` says about the
same text, measured here), an example taken from the project's own test inputs (``tests/data``
and the case lists of the test modules) with the diagnostic it gets, the fix (the quick fixes
the server offers for it, or the explanation) and how to silence it. The pages' titles and
introductions are written below; everything per code is measured from the checker itself, so a
rerun after a change in wording or a new rule brings the pages up to date:

    python3 tools/generate_diagnostic_docs.py            # needs mlir-opt-22 for the upstream verdicts

``tests/test_diagnostic_docs.py`` checks that every code the test inputs produce has its section.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nvgpu_ls.analysis.document import Document  # noqa: E402
from nvgpu_ls.check_options import CheckOptions  # noqa: E402
from nvgpu_ls.chunks import split_chunks  # noqa: E402
from nvgpu_ls.code_pages import PAGES, page_of  # noqa: E402
from nvgpu_ls.diagnostics import Diagnostic  # noqa: E402
from nvgpu_ls.output import describe_code, explain_code  # noqa: E402
from nvgpu_ls.verify import check_document  # noqa: E402

DOCS = ROOT / "docs" / "diagnostics"
TARGETS = (None, "sm_70", "sm_90a")
"""Each input is checked as written, then on an old and a new chip, so that gates fire too."""
MAX_EXAMPLE_LINES = 24
_ANNOTATION = re.compile(r"^\s*//\s*(expected-|CHECK|RUN:)")

INTRODUCTIONS = {
    "syntax": "What MLIR's parser refuses: the text is not MLIR, or an op's custom form is not the one its "
              "dialect defines. nvgpu-ls reads on after a syntax error (upstream stops at the first), so "
              "every other diagnostic of the file is still there; fix the first syntax error first, as "
              "later ones can follow from it.",
    "ssa": "Values and blocks: a use without a definition, a definition twice, a use its definition does "
           "not dominate, a type that differs from the definition's, a block label that is not there. "
           "Upstream's verifier reports the same things with the same words.",
    "structure": "What every op's ODS definition asks of its instances: operand and result counts and types, "
                 "required attributes and their constraints, traits such as SameOperandsAndResultType, "
                 "parents and terminators. These are checked for every op of every dialect, from the "
                 "registry generated from LLVM 22's definitions.",
    "target": "Whether the GPU a gpu.module is compiled for can run an op: the SM architecture and the PTX ISA "
              "version each instance needs, measured with ptxas. The target is the module's #nvvm.target, "
              "else nvgpu-ls.toml's target, else --target / the editor setting; without one these checks are "
              "skipped and target.none says so. The quick fixes raise the target to the lowest one that runs "
              "every op of the module.",
    "hazards": "Cross-op checks: programs whose every op verifies but that hang or compute garbage on the GPU "
               "(an mbarrier waiting for bytes that never arrive, more shared memory than a block may have). "
               "They report only what the text fixes; anything unknown keeps them silent. docs/hazards.md "
               "tells each one at length.",
    "config": "Problems of nvgpu-ls.toml: the setting named keeps its default and the rest of the file applies.",
    "lowering": "Why our nvgpu -> nvvm lowering (nvgpu-ls lower, the preview) stops: an op upstream's "
                "conversion also refuses, or a form it cannot lower.",
    "ptx": "What LLVM's NVPTX back end, ptxas or nvdisasm said about the PTX built from the file (the preview "
           "and nvgpu-ls ptx).",
    "upstream": "Upstream MLIR's own parser and verifier, run in a worker beside ours (--upstream, or the "
                "server's upstream setting): what they report that nvgpu-ls did not.",
    "other-dialects": "Verifier rules of dialects without a page of their own (affine, cf, index, linalg, math, "
                      "builtin...), with upstream's messages.",
}
for _dialect in ("nvgpu", "nvvm", "gpu", "memref", "arith", "vector", "scf", "llvm", "func"):
    INTRODUCTIONS.setdefault(
        _dialect, f"The {_dialect} dialect's verifier rules, one section per rule: upstream's message first, "
                  "then what nvgpu-ls adds (the value at fault, an explanation, a quick fix where one is clear). "
                  "A rule marked beyond upstream is one mlir-opt-22 does not check; the others carry upstream's "
                  "words so that they can be searched for.")


@dataclass
class Example:
    """The smallest input of the corpus that gets a code, and what it gets."""

    origin: str
    text: str
    target: str | None
    diagnostic: Diagnostic
    fixes: list[str]
    alone: bool
    """No other error in the input."""


def corpus() -> Iterator[tuple[str, str]]:
    """``(origin, text)`` of every chunk of ``tests/data`` and every case text of the test modules."""
    for path in sorted((ROOT / "tests" / "data").rglob("*.mlir")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for _, chunk in split_chunks(text):
            yield str(path.relative_to(ROOT)), chunk
    sys.path.insert(0, str(ROOT))
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        try:
            module = importlib.import_module(f"tests.{path.stem}")
        except Exception:  # noqa: BLE001  (a test module that needs what this machine lacks)
            continue
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            if isinstance(value, str):
                items: list = [value]
            elif isinstance(value, (list, tuple, dict)):
                items = list(value.values() if isinstance(value, dict) else value)
            else:
                continue
            for item in items:
                for text in _texts(item):
                    yield f"tests/{path.name} {name.lstrip('_')}", text


def _texts(item: object) -> list[str]:
    text = getattr(item, "text", None)
    candidates = [text] if isinstance(text, str) else list(item) if isinstance(item, tuple) else [item]
    return [t for t in candidates if isinstance(t, str) and "\n" in t and "{" in t]


SAMPLES_PER_CODE = 6
"""How many inputs of each code are asked of mlir-opt-22 for UPSTREAM_CODES (the shortest)."""
UPSTREAM_CODES = ROOT / "nvgpu_ls" / "upstream_codes.json"


def examples() -> tuple[dict[str, Example], dict[str, list[Example]]]:
    """For each code the corpus produces, its best example (alone if possible, then the shortest),
    and its shortest few examples."""
    from nvgpu_ls.features.fixes import fixes_for

    best: dict[str, Example] = {}
    samples: dict[str, list[Example]] = {}
    for origin, text in corpus():
        if _ANNOTATION.search(text) and len(text) > 4000:
            continue
        for target in TARGETS:
            doc = Document(text)
            diagnostics = check_document(doc, CheckOptions(target=target))
            errors = [d for d in diagnostics if d.severity == 1]
            for diag in diagnostics:
                alone = errors in ([], [diag])
                samples.setdefault(diag.code, []).append(Example(origin, text, target, diag, [], alone))
                known = best.get(diag.code)
                if known is not None and (known.alone, -len(known.text)) >= (alone, -len(text)):
                    continue
                fixes = [fix.title for fix in fixes_for(doc, diag)]
                best[diag.code] = Example(origin, text, target, diag, fixes, alone)
    for code, found in samples.items():
        unique = {(e.text, e.diagnostic.message): e for e in found}
        samples[code] = sorted(unique.values(), key=lambda e: len(e.text))[:SAMPLES_PER_CODE]
    return best, samples


def upstream_codes(samples: dict[str, list[Example]]) -> list[str]:
    """The codes whose sampled inputs mlir-opt-22 all reports in the same words: what an editor
    running upstream's own server beside nvgpu-ls already shows (the ``beyondUpstream`` setting
    leaves them out). Only errors count: upstream's verifier reports no warnings of ours."""
    return sorted(code for code, found in samples.items()
                  if all(e.diagnostic.severity == 1 and upstream_verdict(e).startswith("mlir-opt-22 reports the same")
                         for e in found))


def upstream_verdict(example: Example) -> str:
    """What mlir-opt-22 says of the example's text: the same words, other words, or nothing. It is
    asked twice, and three times more where the two answers differ: a verdict it does not keep
    (it reads some targets differently from run to run) is said as such."""
    tool = shutil.which("mlir-opt-22")
    if tool is None:
        return ""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False, encoding="utf-8") as handle:
        handle.write(example.text)
    try:
        verdicts = [_verdict(tool, handle.name, example) for _ in range(2)]
        if verdicts[0] != verdicts[1]:
            verdicts += [_verdict(tool, handle.name, example) for _ in range(3)]
    finally:
        Path(handle.name).unlink()
    kinds = sorted(set(verdicts) - {""})
    if len(kinds) > 1:
        return (f"mlir-opt-22 answers this example differently from run to run ({len(verdicts)} runs): "
                + " / ".join(kinds))
    return kinds[0] if kinds else ""


def _verdict(tool: str, path: str, example: Example) -> str:
    try:
        run = subprocess.run([tool, "--allow-unregistered-dialect", path], capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    errors = re.findall(r":\d+:\d+: error: (.*)", run.stderr)
    if example.diagnostic.message in run.stderr:
        return "mlir-opt-22 reports the same words for this example."
    if run.returncode == 0:
        return "Beyond upstream: mlir-opt-22 accepts this example."
    if errors:
        return f"mlir-opt-22 rejects this example too, first with: `{errors[0]}`."
    return "mlir-opt-22 rejects this example too."


def snippet(example: Example) -> str:
    """The example's lines without test annotations, cut around the diagnostic when long."""
    text = example.text
    line = text.count("\n", 0, example.diagnostic.start)
    lines = text.split("\n")
    keep = [i for i, content in enumerate(lines) if not _ANNOTATION.search(content)]
    if len(keep) > MAX_EXAMPLE_LINES:
        at = min(range(len(keep)), key=lambda k: abs(keep[k] - line))
        low = max(0, at - MAX_EXAMPLE_LINES * 2 // 3)
        window = keep[low:low + MAX_EXAMPLE_LINES]
        shown = (["// ..."] if low > 0 else []) + [lines[i] for i in window]
        if low + MAX_EXAMPLE_LINES < len(keep):
            shown.append("// ...")
    else:
        shown = [lines[i] for i in keep]
    return "\n".join(shown).strip("\n")


def section(code: str, example: Example | None) -> str:
    """The Markdown section of one code."""
    parts = [f'<a id="{code}"></a>', f"### `{code}`", "", f"**What.** {what(code, example)}", ""]
    why = " ".join(p for p in (explain_code(code), upstream_verdict(example) if example else "") if p)
    if code.startswith("nvgpu.hazard."):
        why += f" The whole story, with what the GPU did: [hazards](../hazards.md#{code})."
    if why:
        parts += [f"**Why.** {why}", ""]
    if example is not None:
        diag = example.diagnostic
        target = f" (checked with `--target {example.target}`)" if example.target else ""
        parts += [f"**Example**{target}, from `{example.origin}`:", "", "```mlir", snippet(example), "```", "",
                  f"gets {diag.severity.label} `{diag.message}`", ""]
        if diag.explanation:
            parts += [f"and explains: {_sentence(diag.explanation)}", ""]
        for related in diag.related:
            parts += [f"- note: {related.message}"]
        if diag.related:
            parts.append("")
    if example is not None and example.fixes:
        fixes = "; ".join(f"“{title}”" for title in example.fixes)
        parts += [f"**Fix.** The quick fix{'es' if len(example.fixes) > 1 else ''} offered for the example: "
                  f"{fixes} (in the editor, and as `fixes` in `--format json`).", ""]
    elif example is not None and example.diagnostic.explanation:
        parts += ["**Fix.** What the explanation names: the value, type or attribute to change.", ""]
    family = f"; a glob such as `\"{code.rsplit('.', 1)[0]}.*\"` covers the family" if code.count(".") >= 2 else ""
    parts += [f"**Silence.** `\"{code}\" = \"off\"` under `[rules]` in nvgpu-ls.toml (or `\"warning\"` to keep "
              f"seeing it without failing `--check`){family}.", ""]
    return "\n".join(parts)


def what(code: str, example: Example | None) -> str:
    """The code's one-sentence description; for a verifier rule with only the generic one, the
    rule named by the words of its example's message."""
    described = describe_code(code)
    ops, _, check = code.rpartition(".")
    generic = described.startswith("The verifier of ")
    if example is None or not generic:
        return described
    return f"A rule of the {ops} verifier ({check.replace('-', ' ')}), reporting for example: {example.diagnostic.message}"


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def page(stem: str, sections: list[str]) -> str:
    title = PAGES[stem]
    head = [f"# {title}", "", INTRODUCTIONS[stem], "",
            "Written by `tools/generate_diagnostic_docs.py` from the checker and the project's test inputs; "
            "do not edit by hand. Codes of this family without a section below have no example in the test "
            "inputs yet: their message says what they check.", ""]
    return "\n".join(head + sections).rstrip("\n") + "\n"


def index(counts: dict[str, int]) -> str:
    lines = ["# Diagnostic codes", "",
             "Every diagnostic nvgpu-ls reports has a code (`nvgpu.ldmatrix.memory-space`, `ssa.dominance`). "
             "Editors link each one here (LSP `codeDescription`), so do SARIF reports (`helpUri`) and hover. "
             "Each section says what the code catches, why, an example, the fix and how to silence it.", ""]
    for stem, title in PAGES.items():
        lines.append(f"- [{title}]({stem}.md): {counts.get(stem, 0)} codes with a section")
    return "\n".join(lines) + "\n"


def described_codes() -> set[str]:
    """The codes with a description of their own, example or not (SARIF's and the hazards')."""
    from nvgpu_ls.output import _DESCRIPTIONS
    from nvgpu_ls.verify.hazards import SUMMARIES
    return set(_DESCRIPTIONS) | set(SUMMARIES)


def main() -> None:
    found, samples = examples()
    if shutil.which("mlir-opt-22") is not None:
        UPSTREAM_CODES.write_text(json.dumps({"codes": upstream_codes(samples)}, indent=0) + "\n", encoding="utf-8")
    else:
        print("mlir-opt-22 is not installed: upstream verdicts and nvgpu_ls/upstream_codes.json left as they are")
    by_page: dict[str, list[str]] = {stem: [] for stem in PAGES}
    for code in sorted(set(found) | described_codes()):
        by_page[page_of(code)].append(section(code, found.get(code)))
    DOCS.mkdir(parents=True, exist_ok=True)
    for stem, sections in by_page.items():
        (DOCS / f"{stem}.md").write_text(page(stem, sections), encoding="utf-8")
    (DOCS / "README.md").write_text(index({stem: len(s) for stem, s in by_page.items()}), encoding="utf-8")
    total = sum(len(sections) for sections in by_page.values())
    print(f"{total} codes documented ({len(found)} with an example) in {len(by_page)} pages under "
          f"{DOCS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
