"""Completion through the real server over stdio, as Neovim 0.7.2 (no completion
context) and VS Code (trigger characters in the context) ask for it: on an opened file,
and after typing with incremental didChange edits."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from nvgpu_ls.analysis.positions import LineIndex
from nvgpu_ls.dialects import NVGPU_OPS
from tests.lsp_support import LspSession, SharedSession, position_of, shared_sessions

KERNEL = (Path(__file__).parent / "data" / "completion" / "kernel.mlir").read_text()
MBARRIER_OPS = sorted(name for name in NVGPU_OPS if name.startswith("nvgpu.mbarrier."))
server = shared_sessions()


async def complete(s: LspSession, name: str, position: lsp.Position, trigger: str | None = None
                   ) -> list[lsp.CompletionItem]:
    """Ask as the session's client would: with a context only where it declares support."""
    caps = s.capabilities.text_document
    context = None
    if caps is not None and caps.completion is not None and caps.completion.context_support:
        context = lsp.CompletionContext(trigger_kind=lsp.CompletionTriggerKind.TriggerCharacter,
                                        trigger_character=trigger) if trigger else \
            lsp.CompletionContext(trigger_kind=lsp.CompletionTriggerKind.Invoked)
    result = await s.request(s.client.text_document_completion_async(lsp.CompletionParams(
        text_document=s.doc(name), position=position, context=context)))
    assert isinstance(result, lsp.CompletionList) and result.is_incomplete is False
    return sorted(with_defaults(result), key=lambda item: item.sort_text or item.label)


def with_defaults(result: lsp.CompletionList) -> list[lsp.CompletionItem]:
    """The items as a client that takes list defaults sees them: the default edit range with the
    item's ``textEditText`` (else its label), the default ``data`` where the item has none."""
    defaults = result.item_defaults
    if defaults is None:
        return result.items
    for item in result.items:
        if item.text_edit is None and isinstance(defaults.edit_range, lsp.Range):
            item.text_edit = lsp.TextEdit(range=defaults.edit_range, new_text=item.text_edit_text or item.label)
        if item.data is None:
            item.data = defaults.data
    return result.items


def accept(text: str, item: lsp.CompletionItem) -> str:
    edit = item.text_edit
    assert isinstance(edit, lsp.TextEdit)
    lines = LineIndex(text)
    start = lines.offset(edit.range.start.line, edit.range.start.character)
    end = lines.offset(edit.range.end.line, edit.range.end.character)
    return text[:start] + edit.new_text + text[end:]


def omnifunc_accept(text: str, cursor: lsp.Position, items: list[lsp.CompletionItem], label: str) -> str:
    """What Neovim 0.7.2's ``vim.lsp.omnifunc`` does with the answer: the word starts where
    the items' text edits start (only when no item has a ``filterText``; else at ``\\k*$``),
    items whose ``newText`` does not start with the text typed since are dropped, and the
    chosen ``newText`` replaces that text (runtime/lua/vim/lsp.lua, ``adjust_start_col``)."""
    lines = text.split("\n")
    line = lines[cursor.line].encode()
    cursor_byte = len(lines[cursor.line].encode("utf-16-le")[:cursor.character * 2].decode("utf-16-le").encode())
    starts = {i.text_edit.range.start.character for i in items  # type: ignore[union-attr]
              if i.filter_text is None and i.text_edit is not None}
    if len(starts) == 1:
        (start_char,) = starts
        start = len(lines[cursor.line].encode("utf-16-le")[:start_char * 2].decode("utf-16-le").encode())
    else:
        start = cursor_byte
        while start > 0 and (chr(line[start - 1]).isalnum() or line[start - 1] in b"_"):
            start -= 1
    prefix = line[start:cursor_byte].decode()
    words = {i.label: i.text_edit.new_text for i in items if i.text_edit is not None}  # type: ignore[union-attr]
    kept = {name: word for name, word in words.items() if word.startswith(prefix)}
    assert label in kept, f"Neovim 0.7.2 would drop {label!r} (prefix {prefix!r})"
    lines[cursor.line] = (line[:start] + kept[label].encode() + line[cursor_byte:]).decode()
    return "\n".join(lines)


def accept_as(client: str, text: str, cursor: lsp.Position, items: list[lsp.CompletionItem], label: str) -> str:
    """``text`` after ``client`` accepts the item called ``label``."""
    if client == "neovim-0.7.2":
        return omnifunc_accept(text, cursor, items, label)
    return accept(text, next(i for i in items if i.label == label))


def end_of(text: str, needle: str) -> lsp.Position:
    return position_of(text, needle, after=len(needle))


def test_the_server_announces_its_trigger_characters(server: SharedSession):
    async def scenario(s: LspSession) -> lsp.InitializeResult | None:
        return s.initialize_result

    result = server.run(scenario)
    assert result is not None and result.capabilities.completion_provider is not None
    triggers = result.capabilities.completion_provider.trigger_characters or []
    assert {".", "%", "^", "@", "!", "#", "<", "=", '"', " "} <= set(triggers)


def test_op_prefix_in_an_opened_file_completes_over_the_typed_word(server: SharedSession):
    client = server.client_name
    text = KERNEL.replace("// CURSOR-AFTER-LOOP", "%t = nvgpu.mb")

    async def scenario(s: LspSession) -> list[lsp.CompletionItem]:
        await s.open("ops.mlir", text)
        return await complete(s, "ops.mlir", end_of(text, "%t = nvgpu.mb"), trigger=None)

    items = server.run(scenario)
    assert sorted(i.label for i in items) == MBARRIER_OPS
    cursor = end_of(text, "%t = nvgpu.mb")
    assert "      %t = nvgpu.mbarrier.arrive\n" in accept_as(client, text, cursor, items, "nvgpu.mbarrier.arrive")


def test_op_documentation_comes_inline_or_on_resolve_as_the_client_declares(server: SharedSession):
    client = server.client_name
    text = KERNEL.replace("// CURSOR-AFTER-LOOP", "%t = nvgpu.mb")

    async def scenario(s: LspSession) -> tuple[lsp.CompletionItem, lsp.CompletionItem]:
        await s.open("docs.mlir", text)
        items = await complete(s, "docs.mlir", end_of(text, "%t = nvgpu.mb"), trigger=None)
        listed = next(i for i in items if i.label == "nvgpu.mbarrier.arrive")
        resolved = await s.request(s.client.completion_item_resolve_async(listed))
        return listed, resolved

    listed, resolved = server.run(scenario)
    explanation = NVGPU_OPS["nvgpu.mbarrier.arrive"].explanation
    if client == "vscode":  # it resolves documentation: the list leaves it out
        assert listed.documentation is None and listed.data is not None
    else:
        assert isinstance(listed.documentation, lsp.MarkupContent) and explanation in listed.documentation.value
    assert isinstance(resolved.documentation, lsp.MarkupContent) and explanation in resolved.documentation.value


def test_resolving_after_the_text_moved_on_returns_the_item_unchanged(server: SharedSession):
    text = KERNEL.replace("// CURSOR-AFTER-LOOP", "%t = nvgpu.mb")

    async def scenario(s: LspSession) -> lsp.CompletionItem:
        await s.open("moved.mlir", text)
        stale = lsp.CompletionItem(label="nvgpu.mbarrier.arrive",
                                   data={"uri": s.doc("moved.mlir").uri, "offset": 10 ** 9, "trigger": None})
        return await s.request(s.client.completion_item_resolve_async(stale))

    resolved = server.run(scenario)
    assert resolved.label == "nvgpu.mbarrier.arrive" and resolved.documentation is None


def test_typing_with_incremental_changes_then_completing_at_the_new_cursor(server: SharedSession):
    client = server.client_name
    typed = ["nvgpu.tma.async.reduce ", "%dst to %d[%c0] ", "kind = "]

    async def scenario(s: LspSession) -> tuple[str, list[lsp.CompletionItem], list[lsp.CompletionItem]]:
        text = KERNEL
        await s.open("typing.mlir", text)
        marker = "// CURSOR-AFTER-LOOP"
        at = position_of(text, marker)
        end = lsp.Position(at.line, at.character + len(marker))
        await s.change("typing.mlir", edits=[(lsp.Range(at, end), "")], wait=False)
        text = text.replace(marker, "")
        cursor = at
        for chunk in typed:  # keystroke bursts, each an incremental edit at the cursor
            await s.change("typing.mlir", edits=[(lsp.Range(cursor, cursor), chunk)], wait=chunk is typed[-1])
            offset = LineIndex(text).offset(cursor.line, cursor.character)
            text = text[:offset] + chunk + text[offset:]
            cursor = lsp.Position(cursor.line, cursor.character + len(chunk))
        kinds = await complete(s, "typing.mlir", cursor, trigger=" ")
        await s.change("typing.mlir", edits=[(lsp.Range(cursor, cursor), "m")])
        offset = LineIndex(text).offset(cursor.line, cursor.character)
        text = text[:offset] + "m" + text[offset:]
        narrowed = await complete(s, "typing.mlir", lsp.Position(cursor.line, cursor.character + 1))
        return text, kinds, narrowed

    text, kinds, narrowed = server.run(scenario)
    assert [i.label for i in kinds] == ["add", "min", "max", "inc", "dec", "and", "or", "xor"]
    assert [i.label for i in narrowed] == ["min", "max"]
    assert "kind = max\n" in accept_as(client, text, end_of(text, "kind = m"), narrowed, "max")


def test_values_in_scope_after_typing_percent(server: SharedSession):
    client = server.client_name
    text = KERNEL.replace("// CURSOR-IN-LOOP", "// CURSOR-IN-LOOP\n        %s = arith.addf %v, ")

    async def scenario(s: LspSession) -> list[lsp.CompletionItem]:
        await s.open("values.mlir", text)
        cursor = end_of(text, "%s = arith.addf %v, ")
        await s.change("values.mlir", edits=[(lsp.Range(cursor, cursor), "%")])
        return await complete(s, "values.mlir", lsp.Position(cursor.line, cursor.character + 1), trigger="%")

    items = server.run(scenario)
    names = [i.label for i in items]
    assert names[:2] == ["%v", "%i"] and "%late" not in names and "%h" not in names
    typed = text.replace("%s = arith.addf %v, ", "%s = arith.addf %v, %")
    accepted = accept_as(client, typed, end_of(typed, "%s = arith.addf %v, %"), items, "%i")
    assert "%s = arith.addf %v, %i\n" in accepted
    assert next(i for i in items if i.label == "%c0").detail == "index"


def test_chip_names_inside_the_target_string_after_non_ascii_text(server: SharedSession):
    client = server.client_name
    text = 'gpu.module @"naïve✓😀" [#nvvm.target<chip = "sm_9">] {\n}\n'

    async def scenario(s: LspSession) -> list[lsp.CompletionItem]:
        await s.open("chips.mlir", text)
        return await complete(s, "chips.mlir", end_of(text, '"sm_9'), trigger=None)

    items = server.run(scenario)
    assert [i.label for i in items] == ["sm_90", "sm_90a"]
    edit = items[1].text_edit
    assert isinstance(edit, lsp.TextEdit)
    assert edit.range.start == position_of(text, "sm_9")
    accepted = accept_as(client, text, end_of(text, '"sm_9'), items, "sm_90a")
    assert accepted.startswith('gpu.module @"naïve✓😀" [#nvvm.target<chip = "sm_90a">]')
