"""The target model: chip names, PTX ISA features, the satisfaction rules and resolution order."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.facts import Requirement
from nvgpu_ls.target import (
    KNOWN_CHIPS, Target, lowest_target, make_target, module_targets, parse_chip, parse_features, ptx_needed,
    requirement_text, resolve_target, satisfies,
)


def chip(name: str, ptx: tuple[int, int] | None = None) -> Target:
    target = parse_chip(name)
    assert isinstance(target, Target), target
    return target if ptx is None else target.with_ptx(ptx)


# ---------------------------------------------------------------------------- parse_chip
@pytest.mark.parametrize("name, arch, suffix, ptx", [
    ("sm_90", 90, "", (7, 8)),
    ("sm_90a", 90, "a", (8, 0)),
    ("sm_100f", 100, "f", (8, 8)),
    ("sm_120a", 120, "a", (8, 7)),
    ("sm_70", 70, "", (6, 0)),
    ("sm_80", 80, "", (7, 0)),
    ("sm_121f", 121, "f", (8, 8)),
    ("  sm_75 ", 75, "", (6, 3)),
])
def test_parse_chip_known(name: str, arch: int, suffix: str, ptx: tuple[int, int]) -> None:
    target = parse_chip(name)
    assert target == Target(arch, suffix, ptx)
    assert isinstance(target, Target) and target.chip == name.strip()


@pytest.mark.parametrize("name", ["compute_90", "sm_91", "sm_90f", "sm_80a", "garbage", "", "SM_90", "sm_90b", "lto_90"])
def test_parse_chip_rejects(name: str) -> None:
    error = parse_chip(name)
    assert isinstance(error, str)
    assert f"unknown chip '{name}'" in error
    assert "sm_90a" in error and "sm_100f" in error  # lists the valid chips


def test_virtual_architecture_hint() -> None:
    error = parse_chip("compute_90")
    assert isinstance(error, str) and "virtual architecture" in error and "'sm_90'" in error


def test_known_chips_are_the_documented_list() -> None:
    expected = {"sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86",
                "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a"}
    for arch in (100, 101, 103, 110, 120, 121):
        expected |= {f"sm_{arch}", f"sm_{arch}a", f"sm_{arch}f"}
    assert set(KNOWN_CHIPS) == expected


# ---------------------------------------------------------------------------- features
@pytest.mark.parametrize("features, ptx", [
    ("+ptx80", (8, 0)),
    ("+ptx87", (8, 7)),
    ("+ptx90", (9, 0)),
    ("+ptx60,+ptx83", (8, 3)),
    ("+ptx83, +ptx60", (8, 3)),
    ("", None),
    ("+sm_90a", None),
    ("-ptx80", None),
])
def test_parse_features(features: str, ptx: tuple[int, int] | None) -> None:
    assert parse_features(features) == ptx


def test_features_raise_but_never_lower_the_chip_default() -> None:
    assert make_target("sm_90a", "+ptx85") == Target(90, "a", (8, 5))
    assert make_target("sm_90a", "+ptx70") == Target(90, "a", (8, 0))  # NVPTX keeps the highest
    assert make_target("sm_90", "") == Target(90, "", (7, 8))
    assert isinstance(make_target("sm_91", "+ptx80"), str)


# ---------------------------------------------------------------------------- satisfies
def req(sm: str, ptx: str = "1.0", also: tuple[tuple[str, str], ...] = ()) -> Requirement:
    return Requirement(sm, ptx, also=also)


@pytest.mark.parametrize("target", ["sm_90", "sm_90a", "sm_100", "sm_100a", "sm_100f", "sm_103a", "sm_120", "sm_121f"])
def test_plain_requirement_met_by_every_later_arch(target: str) -> None:
    assert satisfies(chip(target), req("sm_90"))


@pytest.mark.parametrize("target", ["sm_80", "sm_89", "sm_75"])
def test_plain_requirement_not_met_by_earlier_arch(target: str) -> None:
    assert not satisfies(chip(target), req("sm_90"))


def test_a_feature_is_not_inherited() -> None:
    assert satisfies(chip("sm_90a"), req("sm_90a"))
    for target in ("sm_90", "sm_100", "sm_100a", "sm_100f", "sm_103a", "sm_120a", "sm_89"):
        assert not satisfies(chip(target), req("sm_90a")), target
    assert satisfies(chip("sm_100a"), req("sm_100a"))
    assert not satisfies(chip("sm_103a"), req("sm_100a"))


def test_family_feature() -> None:
    for target in ("sm_100f", "sm_100a", "sm_103f", "sm_103a", "sm_101a"):
        assert satisfies(chip(target), req("sm_100f")), target
    for target in ("sm_100", "sm_103", "sm_110f", "sm_110a", "sm_120f", "sm_120a", "sm_90a"):
        assert not satisfies(chip(target), req("sm_100f")), target
    assert satisfies(chip("sm_121a"), req("sm_120f"))
    assert not satisfies(chip("sm_120f"), req("sm_121f"))  # a family runs forward, not backward


def test_ptx_must_be_new_enough() -> None:
    assert satisfies(chip("sm_90", (8, 3)), req("sm_90", "8.3"))
    assert not satisfies(chip("sm_90", (8, 0)), req("sm_90", "8.3"))
    assert not satisfies(chip("sm_90"), req("sm_90", "8.0"))  # sm_90 defaults to PTX 7.8
    assert ptx_needed(chip("sm_90"), req("sm_90", "8.0")) == (8, 0)
    assert ptx_needed(chip("sm_80"), req("sm_90", "8.0")) is None


def test_alternatives() -> None:
    rs = req("sm_100a", "8.7", also=(("sm_103a", "8.7"),))
    assert satisfies(chip("sm_100a", (8, 7)), rs)
    assert satisfies(chip("sm_103a"), rs)
    assert not satisfies(chip("sm_100f", (9, 0)), rs)
    assert requirement_text(rs) == "sm_100a or sm_103a"
    fp8 = req("sm_89", "8.1", also=(("sm_90", "7.8"),))
    assert satisfies(chip("sm_90"), fp8)  # PTX 7.8 is enough on sm_90 ...
    assert not satisfies(chip("sm_89"), fp8)  # ... but not on sm_89
    assert ptx_needed(chip("sm_89"), fp8) == (8, 1)
    narrow = req("sm_100f", "8.6", also=(("sm_110f", "9.0"), ("sm_120f", "8.7")))
    assert requirement_text(narrow) == "sm_100f, sm_110f or sm_120f"


def test_none_requirement_always_met() -> None:
    assert satisfies(chip("sm_50"), None)


def test_lowest_target() -> None:
    assert lowest_target([req("sm_80", "7.0")]) == Target(80, "", (7, 0))
    assert lowest_target([req("sm_80", "7.0"), req("sm_90", "8.3")]) == Target(90, "", (8, 3))
    assert lowest_target([req("sm_90a", "8.0"), req("sm_80", "7.0")]) == Target(90, "a", (8, 0))
    assert lowest_target([req("sm_100f", "8.6")]) == Target(100, "f", (8, 8))
    assert lowest_target([req("sm_100f", "8.6"), req("sm_100a", "8.7")]) == Target(100, "a", (8, 7))
    assert lowest_target([req("sm_90a", "8.0"), req("sm_100a", "8.6")]) is None


# ---------------------------------------------------------------------------- resolution
MODULE = """module attributes {{{outer}}} {{
  gpu.module @k {targets} attributes {{{inner}}} {{
    func.func @f() {{
      return
    }}
  }}
}}
"""


def gpu_module(doc: Document):
    return next(op for op in doc.ops() if op.name == "gpu.module")


def resolve(text: str, fallback: str | None = None):
    doc = Document(text)
    assert not doc.diagnostics(), doc.diagnostics()
    return doc, resolve_target(doc, gpu_module(doc), fallback, "nvgpu-ls.toml")


def test_nvvm_target_wins_over_everything() -> None:
    text = MODULE.format(outer="nv_tileaa.compute_capability = 80 : i32",
                         targets='[#nvvm.target<chip = "sm_90a", features = "+ptx85">]',
                         inner='nv_tileaa.target_spec = "sm_89"')
    doc, found = resolve(text, "sm_75")
    assert found is not None and found.target == Target(90, "a", (8, 5))
    assert found.source == "#nvvm.target"
    assert found.span is not None
    assert doc.text[found.span[0]:found.span[1]] == '#nvvm.target<chip = "sm_90a", features = "+ptx85">'


def test_every_listed_nvvm_target() -> None:
    text = MODULE.format(outer="", targets='[#nvvm.target<chip = "sm_90a">, #nvvm.target<chip = "sm_100a">]',
                         inner="")
    doc = Document(text)
    found = module_targets(doc, gpu_module(doc), None, "--target")
    assert [f.target.chip for f in found if f.target] == ["sm_90a", "sm_100a"]
    assert [doc.text[f.span[0]:f.span[1]] for f in found if f.span] == [
        '#nvvm.target<chip = "sm_90a">', '#nvvm.target<chip = "sm_100a">']
    assert resolve_target(doc, gpu_module(doc), None, "--target").target.chip == "sm_90a"


def test_tileaa_target_spec_on_gpu_module() -> None:
    text = MODULE.format(outer="nv_tileaa.compute_capability = 80 : i32", targets="",
                         inner='nv_tileaa.target_spec = "sm_90a"')
    doc, found = resolve(text, "sm_75")
    assert found.target == Target(90, "a", (8, 0)) and found.source == "nv_tileaa.target_spec"
    assert doc.text[found.span[0]:found.span[1]] == 'nv_tileaa.target_spec = "sm_90a"'


def test_tileaa_compute_capability_on_enclosing_module() -> None:
    text = MODULE.format(outer="nv_tileaa.compute_capability = 89 : i32", targets="", inner="")
    doc, found = resolve(text, "sm_75")
    assert found.target == Target(89, "", (7, 8)) and found.source == "nv_tileaa.compute_capability"
    assert doc.text[found.span[0]:found.span[1]] == "nv_tileaa.compute_capability = 89 : i32"


def test_inner_module_attribute_beats_outer() -> None:
    text = MODULE.format(outer='nv_tileaa.target_spec = "sm_80"', targets="",
                         inner="nv_tileaa.compute_capability = 100 : i64")
    _, found = resolve(text)
    assert found.target.chip == "sm_100"


def test_fallback_last() -> None:
    text = MODULE.format(outer="", targets="", inner="")
    _, found = resolve(text, "sm_86")
    assert found.target == Target(86, "", (7, 1))
    assert found.source == "nvgpu-ls.toml" and found.span is None
    _, nothing = resolve(text, None)
    assert nothing is None


def test_unknown_chip_still_wins_but_carries_an_error() -> None:
    text = MODULE.format(outer="", targets='[#nvvm.target<chip = "sm_91">]', inner="")
    _, found = resolve(text, "sm_90a")
    assert found.target is None and "unknown chip 'sm_91'" in found.error
    _, bad_fallback = resolve(MODULE.format(outer="", targets="", inner=""), "compute_90")
    assert bad_fallback.target is None and "nvgpu-ls.toml" in bad_fallback.error


def test_bad_compute_capability() -> None:
    text = MODULE.format(outer="", targets="", inner="nv_tileaa.compute_capability = 91 : i32")
    _, found = resolve(text)
    assert found.target is None and "compute capability 91" in found.error


def test_file_level_code_uses_builtin_module_attributes() -> None:
    text = 'module attributes {nv_tileaa.target_spec = "sm_90"} {\n  func.func @f() {\n    return\n  }\n}\n'
    doc = Document(text)
    module = next(op for op in doc.ops() if op.name == "builtin.module")
    found = resolve_target(doc, module, "sm_75", "--target")
    assert found.target.chip == "sm_90"
    assert resolve_target(doc, None, "sm_75", "--target").target.chip == "sm_75"
