"""A first look at a large file (``verify.first_look``) gives exactly what the complete check
gives for the functions it read, and nothing else: on every test input and upstream file here,
on the mutation fuzzer's mutants of them, at several screen heights. The server publishes it
before the complete diagnostics of a file just opened, announced as partial."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from generate import generate  # noqa: E402

from fuzz.mutate import mutate  # noqa: E402
from nvgpu_ls.analysis.document import Document  # noqa: E402
from nvgpu_ls.diagnostics import Diagnostic  # noqa: E402
from nvgpu_ls.verify import CheckOptions, check_document  # noqa: E402
from nvgpu_ls.verify.first_look import FirstLook, WholeFile, first_look, worth_a_first_look  # noqa: E402

from .conftest import every_mlir_file  # noqa: E402
from .lsp_support import run_session  # noqa: E402
from .test_incremental import summary  # noqa: E402

OPTIONS = CheckOptions("sm_90a")
HEIGHTS = (2, 12, 40)


def _corpus() -> list[str]:
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in every_mlir_file()]
    mutants: list[str] = []
    for text in texts:
        if len(text) < 20_000:
            rng = random.Random(text[:200])
            mutants += [mutate(rng, text, texts, cheap=True)[0] for _ in range(2)]
    return texts + mutants


def _key(d: Diagnostic) -> tuple:
    return d.start, d.end, d.code, d.message, d.severity, tuple((r.start, r.end, r.message) for r in d.related)


def _expected(complete: list[Diagnostic], look: FirstLook) -> list[tuple]:
    """What the complete check says inside the functions the first look checked, less the gate's."""
    def inside(d: Diagnostic, start: int, end: int) -> bool:
        return start <= d.start and d.end <= end and all(start <= r.start and r.end <= end for r in d.related)
    return [_key(d) for d in complete
            if any(inside(d, start, end) for start, end in look.checked)
            and not d.code.endswith("-gate") and not d.code.startswith("target.")]


def test_a_first_look_gives_what_the_complete_check_gives_for_the_functions_it_read():
    looks = reporting = skeletons = 0
    mismatches = []
    for text in _corpus():
        complete = None
        for height in HEIGHTS:
            look = first_look(text, OPTIONS, lines=height)
            if not isinstance(look, FirstLook):
                continue
            if complete is None:
                complete = check_document(Document(text), OPTIONS)
            looks += 1
            reporting += bool(look.diagnostics)
            skeletons += look.tokens is None  # the bodies were found in the raw text, never tokenized
            assert all(end <= look.through for _, end in look.checked)
            got, expected = [_key(d) for d in look.diagnostics], _expected(complete, look)
            if got != expected:
                mismatches.append((text[:120], height, set(got) ^ set(expected)))
    assert not mismatches, mismatches[:3]
    assert looks > 300 and reporting > 30 and skeletons > looks // 2, (looks, reporting, skeletons)


def _broken_top_and_bottom(lines: int) -> tuple[str, int, int]:
    """A generated file whose first and last function each hold an unknown type; their offsets."""
    text = generate(lines)
    good = "arith.constant 16 : index"
    top = text.index(good)
    text = text[:top] + "arith.constant 16 : i32x" + text[top + len(good):]
    bottom = text.rindex(good)
    return text[:bottom] + "arith.constant 16 : f32x" + text[bottom + len(good):], top, bottom


def test_a_first_look_reports_the_top_function_and_leaves_the_rest_for_later():
    text, top, bottom = _broken_top_and_bottom(600)
    look = first_look(text, OPTIONS)
    assert look is not None and top < look.through < bottom
    complete = check_document(Document(text), OPTIONS)
    assert len(complete) == 2 and complete[0].start > top and complete[1].start > bottom
    assert [_key(d) for d in look.diagnostics] == [_key(complete[0])]


def _one_function(lines: int) -> str:
    """One function of ``lines`` constants, ending with a use of an undefined value."""
    body = "".join(f"  %c{i} = arith.constant {i} : i32\n" for i in range(lines))
    return "func.func @f() {\n" + body + "  %u = arith.addi %c0, %x : i32\n  return\n}\n"


def test_a_short_file_gets_no_first_look_and_one_read_whole_is_handed_on():
    short = generate(300)
    assert not worth_a_first_look(short[:short.index("\n", 150 * 40)], 100)
    assert first_look(short[:400], OPTIONS, lines=60) is None
    one_function = _one_function(400)
    whole = first_look(one_function, OPTIONS, lines=10)
    assert isinstance(whole, WholeFile) and whole.doc.deferred == []
    assert summary(whole.doc) == summary(Document(one_function))


def test_no_first_look_where_the_first_screens_functions_run_through_most_of_the_file():
    text = _one_function(400) + "".join(f"func.func @g{i}() {{\n  return\n}}\n" for i in range(40))
    assert text.index("@g0") > len(text) * 0.5
    assert first_look(text, OPTIONS, lines=10) is None
    later = "".join(f"func.func @g{i}() {{\n  return\n}}\n" for i in range(40)) + _one_function(400)
    assert isinstance(first_look(later, OPTIONS, lines=10), FirstLook)


def test_the_server_reads_a_file_a_first_look_read_whole_only_once(monkeypatch):
    """One function spanning the file: the first look reads all of it, and the analysis takes
    that Document instead of reading the file a second time."""
    import asyncio

    import nvgpu_ls.documents as documents

    text = _one_function(400)
    made: list[str] = []

    def counted(*args, **kwargs) -> Document:
        made.append(args[0] if args else kwargs["text"])
        return Document(*args, **kwargs)

    monkeypatch.setattr(documents, "Document", counted)
    published: list[list] = []

    async def main() -> None:
        done = asyncio.Event()
        store = documents.DocumentStore(lambda uri: OPTIONS, lambda uri, version, diagnostics, doc, options: (
            published.append(diagnostics), done.set()))
        store.ready.set()
        store.open("file:///one.mlir", text, 1)
        await asyncio.wait_for(done.wait(), 20)
        assert store.first_looks == 0 and store.open_documents["file:///one.mlir"].doc.deferred == []
        store.shutdown()

    asyncio.run(main())
    assert made == [] and [d.code for d in published[0]] == ["ssa.undefined"]


def test_the_text_before_the_first_unread_body_reads_as_in_the_complete_document():
    text = generate(600)
    look = first_look(text, OPTIONS, lines=60)
    assert look is not None
    partial, complete = look.doc, Document(text)
    assert partial.deferred and not complete.deferred
    before = [(op.name, op.start, op.end) for op in partial.ops() if op.end <= look.through]
    assert before == [(op.name, op.start, op.end) for op in complete.ops() if op.end <= look.through]
    assert all(not region.blocks[0].ops for region in partial.deferred)


@pytest.mark.parametrize("client", ["neovim-0.7.2"])
def test_the_server_publishes_a_first_look_then_the_whole_file(client):
    broken, _, _ = _broken_top_and_bottom(600)

    async def scenario(s):
        complete = await s.open("big.mlir", broken)
        return s.first_looks[complete.uri], complete

    looks, complete = run_session(scenario, client)
    ((through, first),) = looks
    assert first.version == complete.version == 1
    assert [d.range.start.line for d in first.diagnostics] == [d.range.start.line for d in complete.diagnostics][:1]
    assert len(complete.diagnostics) == 2 and complete.diagnostics[1].range.start.line > through


def test_a_first_look_overtaken_by_an_edit_is_not_published():
    """A change that arrives while the first look of the opened version is being computed: that
    look is dropped, and the new version gets its own first look and its complete diagnostics."""
    import asyncio
    import threading

    from nvgpu_ls.documents import DocumentStore

    broken, _, _ = _broken_top_and_bottom(600)
    looking, resume = threading.Event(), threading.Event()
    published: list[tuple[str, int]] = []

    def options_for(uri: str) -> CheckOptions:
        if not resume.is_set():  # the first look of version 1 asks first: hold it until the edit is in
            looking.set()
            resume.wait(30)
        return OPTIONS

    async def main() -> DocumentStore:
        done = asyncio.Event()
        store = DocumentStore(options_for, lambda uri, version, diagnostics, doc, options: (
            published.append(("all", version)), done.set()))
        store.publish_partial = lambda uri, version, line: published.append(("partial", version))
        store.ready.set()
        store.open("file:///big.mlir", broken, 1)
        await asyncio.get_running_loop().run_in_executor(None, looking.wait, 30)
        store.change("file:///big.mlir", broken.replace("i32x", "i64x"), 2)
        resume.set()
        while published.count(("all", 2)) < 2:  # the first look's, then the complete one
            done.clear()
            await asyncio.wait_for(done.wait(), 60)
        store.shutdown()
        return store

    store = asyncio.run(main())
    assert published == [("partial", 2), ("all", 2), ("all", 2)] and store.first_looks == 1
