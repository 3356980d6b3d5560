"""Editor settings: typed, validated, each invalid value reported and replaced by its default."""

from __future__ import annotations

import pytest

from nvgpu_ls.settings import ServerSettings, parse_settings


def test_missing_settings_are_the_defaults():
    assert parse_settings(None) == (ServerSettings(), [])
    assert parse_settings({}) == (ServerSettings(), [])


def test_every_setting_is_read_in_the_editor_spelling():
    settings, problems = parse_settings({
        "target": "SM_90A+ptx80", "configPath": "~/nvgpu-ls.toml", "rules": {"nvgpu.sm-gate": "Warning"},
        "loweringEngine": "upstream", "ptxasPath": "/opt/cuda/bin/ptxas", "idleMemoryRelease": 5,
        "trustedTools": ["/opt/cuda/bin/../bin/ptxas"]}, launch=True)
    assert problems == []
    assert settings.target == "sm_90a+ptx80"
    assert settings.config_path is not None and settings.config_path.endswith("/nvgpu-ls.toml")
    assert not settings.config_path.startswith("~")
    assert settings.rules == {"nvgpu.sm-gate": "warning"}
    assert settings.lowering_engine == "upstream"
    assert settings.ptxas_path == "/opt/cuda/bin/ptxas"
    assert settings.trusted_program(settings.ptxas_path) == "/opt/cuda/bin/ptxas"
    assert settings.idle_memory_release == 5.0


def test_settings_nested_under_the_section_name_are_found():
    settings, problems = parse_settings({"nvgpu-ls": {"target": "sm_80"}})
    assert (settings.target, problems) == ("sm_80", [])


def test_an_unknown_chip_is_reported_and_the_target_stays_unset():
    settings, problems = parse_settings({"target": "sm_99", "loweringEngine": "builtin"})
    assert settings.target is None and settings.lowering_engine == "builtin"
    (problem,) = problems
    assert "setting 'target'" in problem and "sm_99" in problem and "using the default" in problem


def test_each_invalid_value_keeps_its_own_default_and_the_valid_ones_apply():
    settings, problems = parse_settings({
        "target": 90, "rules": {"ssa.*": "loud", "nvgpu.*": "off"}, "loweringEngine": "llvm", "ptxasPath": "/p",
        "colour": "blue"}, launch=True, trusted_tools=frozenset({"/p"}))
    assert settings == ServerSettings(ptxas_path="/p", trusted_tools=frozenset({"/p"}))
    assert len(problems) == 4
    assert any("expected a string, got a number" in p for p in problems)
    assert any("ssa.* = 'loud'" in p for p in problems)
    assert any("expected one of builtin, upstream" in p for p in problems)
    assert any("unknown setting 'colour'" in p for p in problems)


def test_settings_that_are_not_an_object_are_reported():
    settings, (problem,) = parse_settings(["sm_90"])
    assert settings == ServerSettings() and "must be an object, not a list" in problem


@pytest.mark.parametrize("value", [-1, 86401, True, "30", float("nan"), None])
def test_an_idle_memory_release_that_is_not_seconds_keeps_the_default(value):
    settings, problems = parse_settings({"idleMemoryRelease": value})
    assert settings.idle_memory_release == 30.0
    (problem,) = problems
    assert "setting 'idleMemoryRelease': expected a number of seconds from 0 to 86400" in problem


def test_a_program_setting_runs_only_when_trusted_at_launch():
    """``ptxasPath`` can come from a project's workspace settings, merged by the editor: it is
    used only when ``initializationOptions`` also list it in ``trustedTools``."""
    settings, problems = parse_settings({"ptxasPath": "/tmp/checkout/ptxas"})
    assert settings.ptxas_path == "/tmp/checkout/ptxas" and settings.trusted_program(settings.ptxas_path) is None
    assert problems == ["setting 'ptxasPath': '/tmp/checkout/ptxas' is not among the trustedTools given at launch "
                        "(initializationOptions, from user settings); using the default ptxas"]
    launch, problems = parse_settings({"trustedTools": ["/opt/cuda/bin/ptxas"]}, launch=True)
    assert problems == [] and launch.trusted_tools == frozenset({"/opt/cuda/bin/ptxas"})
    later, problems = parse_settings({"ptxasPath": "/opt/cuda/bin/ptxas"}, trusted_tools=launch.trusted_tools)
    assert problems == [] and later.trusted_program(later.ptxas_path) == "/opt/cuda/bin/ptxas"


def test_trusted_tools_from_workspace_configuration_are_ignored():
    settings, problems = parse_settings({"trustedTools": ["/tmp/checkout/ptxas"], "ptxasPath": "/tmp/checkout/ptxas"},
                                        trusted_tools=frozenset({"/opt/cuda/bin/ptxas"}))
    assert settings.trusted_tools == frozenset({"/opt/cuda/bin/ptxas"})
    assert settings.trusted_program(settings.ptxas_path) is None
    assert problems[0] == ("setting 'trustedTools' is read only from initializationOptions, where a project cannot "
                           "put it; ignored")
    assert "is not among the trustedTools" in problems[1]


@pytest.mark.parametrize("value, why", [("/opt/ptxas", "expected a list of absolute paths, got a string"),
                                        (["ptxas"], "must be given by an absolute path")])
def test_trusted_tools_must_be_absolute_paths(value, why):
    settings, (problem,) = parse_settings({"trustedTools": value}, launch=True)
    assert settings.trusted_tools == frozenset() and why in problem


@pytest.mark.parametrize("value, expected", [(0, 0), (3, 3), (None, None)])
def test_opt_level_is_a_level_from_0_to_3_or_unset(value, expected):
    settings, problems = parse_settings({"optLevel": value})
    assert (settings.opt_level, problems) == (expected, [])


@pytest.mark.parametrize("value", [4, -1, True, "2", 2.0])
def test_an_opt_level_out_of_range_keeps_the_default(value):
    settings, (problem,) = parse_settings({"optLevel": value})
    assert settings.opt_level is None and "optimisation level 0, 1, 2 or 3" in problem


@pytest.mark.parametrize("value", ["off", "lineinfo", "full"])
def test_debug_info_is_one_of_the_lowerings_modes(value):
    settings, problems = parse_settings({"debugInfo": value})
    assert (settings.debug_info, problems) == (value, [])


def test_an_unknown_debug_info_mode_keeps_off():
    settings, (problem,) = parse_settings({"debugInfo": "-g"})
    assert settings.debug_info == "off" and "expected one of off, lineinfo, full" in problem
