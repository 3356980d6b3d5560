"""Target attachment: every lowered gpu.module gets one #nvvm.target built from its resolved target."""

from __future__ import annotations

import re

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.verify import CheckOptions

from .lowering_support import assert_upstream_accepts, lower_result

FLAGS = '"-Xopt", "-fma=0", "-pragma-unroll-threshold=9900000"'


def module(header: str, name: str = "m") -> str:
    """A gpu.module written as ``gpu.module @name<header> { kernel }`` with one lowered op."""
    return f"""\
gpu.module @{name}{header} {{
  gpu.func @k() kernel {{
    %g = nvgpu.device_async_create_group
    gpu.return
  }}
}}
"""


def attach(text: str, target: str | None = None, debug_info: bool = False, opt_level: int | None = None) -> str:
    options = LoweringOptions(check=CheckOptions(target=target), attach_targets=True, debug_info=debug_info,
                              opt_level=opt_level)
    result = lower_document(Document(text), "test.mlir", options)
    errors = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert not errors and result.text is not None, "\n".join(f"{d.code}: {d.message}" for d in errors)
    return result.text


def targets(text: str) -> list[str]:
    return re.findall(r"#nvvm\.target<[^\n]*?}>", text)


def test_target_is_rebuilt_from_the_modules_own_nvvm_target():
    text = attach(module(' [#nvvm.target<chip = "sm_80">]'))
    assert targets(text) == [f'#nvvm.target<O = 3, chip = "sm_80", flags = {{{FLAGS}}}>']
    assert "nvvm.cp.async.commit.group" in text
    assert_upstream_accepts(text)


def test_target_comes_from_the_tileaa_compute_capability():
    text = attach(module(" attributes {nv_tileaa.compute_capability = 90}"))
    assert targets(text) == [f'#nvvm.target<O = 3, chip = "sm_90", flags = {{{FLAGS}}}>']
    assert "attributes {nv_tileaa.compute_capability = 90}" in text
    assert_upstream_accepts(text)


def test_target_comes_from_the_tileaa_target_spec_of_an_enclosing_module():
    text = attach('module attributes {nv_tileaa.target_spec = "sm_100a"} {\n' + module("") + "}\n")
    assert targets(text) == [f'#nvvm.target<O = 3, chip = "sm_100a", flags = {{{FLAGS}}}>']
    assert_upstream_accepts(text)


def test_target_comes_from_the_fallback_when_the_file_names_none():
    text = attach(module(""), target="sm_86")
    assert targets(text) == [f'#nvvm.target<O = 3, chip = "sm_86", flags = {{{FLAGS}}}>']
    assert text.startswith('gpu.module @m [#nvvm.target<')
    assert_upstream_accepts(text)


def test_file_target_wins_over_the_fallback():
    text = attach(module(' [#nvvm.target<chip = "sm_90">]'), target="sm_80")
    assert 'chip = "sm_90"' in text and "sm_80" not in text


@pytest.mark.parametrize("chip", ["sm_90a", "sm_100f", "sm_120a"])
def test_architecture_suffix_is_kept(chip):
    text = attach(module(f' [#nvvm.target<chip = "{chip}">]'))
    assert f'chip = "{chip}"' in targets(text)[0]
    assert_upstream_accepts(text)


@pytest.mark.parametrize("written, feature", [
    ('features = "+ptx84"', ', features = "+ptx84"'),
    ('features = "+ptx86,+ptx81"', ', features = "+ptx86"'),
    ('features = "+ptx80"', ""),
    ('features = "+ptx70"', ""),
    ("", ""),
])
def test_ptx_feature_only_when_it_raises_the_chips_default(written, feature):
    params = f'chip = "sm_90a", {written}' if written else 'chip = "sm_90a"'
    text = attach(module(f" [#nvvm.target<{params}>]"))
    assert targets(text) == [f'#nvvm.target<O = 3, chip = "sm_90a"{feature}, flags = {{{FLAGS}}}>']
    assert_upstream_accepts(text)


def test_fallback_with_a_ptx_version_gives_the_feature():
    text = attach(module(""), target="sm_90+ptx85")
    assert 'chip = "sm_90", features = "+ptx85"' in text
    assert_upstream_accepts(text)


def test_debug_info_adds_the_g_flag_in_printed_order():
    text = attach(module(' [#nvvm.target<chip = "sm_90">]'), debug_info=True)
    assert 'flags = {"-Xopt", "-fma=0", "-g", "-pragma-unroll-threshold=9900000"}' in text
    assert_upstream_accepts(text)


def test_opt_level_is_the_targets_own_else_the_options_else_three_and_two_is_left_out_as_upstream_prints_it():
    bare = module(' [#nvvm.target<chip = "sm_90">]')
    assert "O = 1," in attach(bare, opt_level=1)
    assert "O = 3," in attach(bare)
    text = attach(bare, opt_level=2)
    assert targets(text) == [f'#nvvm.target<chip = "sm_90", flags = {{{FLAGS}}}>']
    assert_upstream_accepts(text)
    stated = attach(module(' [#nvvm.target<chip = "sm_90", O = 3>]'), opt_level=2)
    assert targets(stated) == [f'#nvvm.target<O = 3, chip = "sm_90", flags = {{{FLAGS}}}>']
    assert "O = 0," in attach(module(' [#nvvm.target<O = 0, chip = "sm_90">]'), opt_level=3)
    assert_upstream_accepts(stated)


@pytest.mark.parametrize("marker", ["nv_tileaa.libnvvm_use_nvgpucomp", "nv_tileaa.libnvvm_use_nvgpucomp = true"])
def test_nvgpucomp_attribute_sets_the_libnvvm_flag(marker):
    text = attach(module(f' [#nvvm.target<chip = "sm_90a">] attributes {{{marker}}}'))
    assert f"flags = {{{FLAGS}, libNVVMUseNVGpuComp = true}}" in text
    assert_upstream_accepts(text)


def test_nvgpucomp_on_the_enclosing_module_counts_and_false_does_not():
    inner = module(' [#nvvm.target<chip = "sm_90a">]')
    on = attach("module attributes {nv_tileaa.libnvvm_use_nvgpucomp} {\n" + inner + "}\n")
    off = attach("module attributes {nv_tileaa.libnvvm_use_nvgpucomp = false} {\n" + inner + "}\n")
    assert "libNVVMUseNVGpuComp = true" in on
    assert "libNVVMUseNVGpuComp" not in off
    assert_upstream_accepts(on)


def test_attribute_is_what_upstream_prints_back():
    text = attach(module(' [#nvvm.target<chip = "sm_90a", features = "+ptx84">] attributes '
                         '{nv_tileaa.libnvvm_use_nvgpucomp}'), debug_info=True)
    printed = assert_upstream_accepts(text)
    assert targets(printed) == targets(text)


def test_lowering_the_lowered_text_again_gives_one_target():
    once = attach(module(' [#nvvm.target<chip = "sm_90a", features = "+ptx84">]'), debug_info=True)
    twice = attach(once, debug_info=True)
    assert twice == once
    assert len(targets(twice)) == 1
    assert_upstream_accepts(twice)


def test_already_attached_target_from_a_fallback_is_replaced_not_duplicated():
    once = attach(module(""), target="sm_80")
    twice = attach(once, target="sm_90")
    assert targets(twice) == targets(once)


def test_offloading_handler_and_attributes_keep_their_places():
    text = attach(module(" <#gpu.select_object<0>> attributes {foo}"), target="sm_90")
    assert text.startswith(f'gpu.module @m <#gpu.select_object<0>> [#nvvm.target<O = 3, chip = "sm_90", '
                           f'flags = {{{FLAGS}}}>] attributes {{foo}} {{')
    assert_upstream_accepts(text)
    again = attach(text)
    assert len(targets(again)) == 1


def test_generic_form_gets_the_list_beside_its_symbol_name():
    text = attach('"gpu.module"() <{sym_name = "m"}> ({\n^bb0:\n}) : () -> ()\n', target="sm_90")
    assert text.startswith('"gpu.module"() <{sym_name = "m", targets = [#nvvm.target<O = 3, chip = "sm_90", ')
    assert_upstream_accepts(text)


def test_a_module_listing_several_nvvm_targets_ends_with_exactly_one_the_first_with_a_note_on_each_dropped():
    source = '#t = #nvvm.target<chip = "sm_80">\n' + module(' [#t, #nvvm.target<chip = "sm_90">]')
    result = lower_result(source, attach_targets=True)
    assert targets(result.text) == [f'#nvvm.target<O = 3, chip = "sm_80", flags = {{{FLAGS}}}>']
    assert "[#t" not in result.text
    (note,) = [d for d in result.diagnostics if d.code == "lowering.target"]
    assert note.severity == Severity.INFORMATION and source[note.start:note.end] == '#nvvm.target<chip = "sm_90">'
    assert "(sm_90) is dropped" in note.message and "the first of its list (sm_80)" in note.message
    assert_upstream_accepts(result.text)


def test_another_dialects_target_stays_beside_the_one_nvvm_target():
    text = attach(module(' [#nvvm.target<chip = "sm_90">, #rocdl.target<chip = "gfx90a">, #nvvm.target<chip = "sm_80">]'))
    assert re.search(r'\[#nvvm.target<O = 3, chip = "sm_90", [^\]]*>, #rocdl.target<chip = "gfx90a">\]', text), text
    assert 'chip = "sm_80"' not in text
    assert_upstream_accepts(text)


def test_several_modules_get_their_own_targets():
    text = attach(module(' [#nvvm.target<chip = "sm_80">]', "a") + module(" attributes {nv_tileaa.compute_capability = 90}", "b")
                  + module("", "c"), target="sm_100a")
    assert [re.search(r'chip = "(\w+)"', t).group(1) for t in targets(text)] == ["sm_80", "sm_90", "sm_100a"]
    assert_upstream_accepts(text)


def test_no_target_is_upstreams_compute_capability_error_and_no_text():
    source = module("")
    result = lower_result(source, attach_targets=True)
    assert result.text is None
    errors = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert [(d.code, d.message) for d in errors] == [("lowering.target", "failed to get compute capability.")]
    assert source[errors[0].start:errors[0].end] == "gpu.module"


def test_only_the_module_without_a_target_is_reported():
    source = module(' [#nvvm.target<chip = "sm_80">]', "a") + module("", "b")
    result = lower_result(source, attach_targets=True)
    assert result.text is None
    errors = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert len(errors) == 1 and errors[0].start > source.index("@b") - 12


@pytest.mark.parametrize("header, target", [
    (' [#nvvm.target<chip = "sm_99">]', None),
    ("", "sm_99"),
    (" attributes {nv_tileaa.compute_capability = 77}", None),
])
def test_unknown_chip_is_an_error_naming_it(header, target):
    result = lower_result(module(header), target=target, attach_targets=True)
    assert result.text is None
    messages = [d.message for d in result.diagnostics if d.severity == Severity.ERROR]
    assert messages and any(("sm_99" in m or "sm_77" in m) for m in messages)


def test_a_chip_upstream_refuses_too_is_refused_in_upstreams_words():
    result = lower_result(module(' [#nvvm.target<chip = "sm_10">]'), attach_targets=True)
    assert result.text is None
    errors = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert [d.message for d in errors] == ["Minimum NVVM target SM version is sm_20"]
    assert "unknown chip 'sm_10'" in errors[0].explanation


def test_without_attach_targets_the_list_is_left_alone():
    source = module(' [#nvvm.target<chip = "sm_80">]')
    result = lower_result(source, attach_targets=False)
    assert result.text is not None and '[#nvvm.target<chip = "sm_80">]' in result.text
