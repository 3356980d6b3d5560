"""The occupancy rules (nvgpu_ls/ptx/occupancy.py): every answer an H200's driver gave for 23
cubins (16 register counts from 8 to 205, static shared memory 0 to 32 KiB) over 13 block
sizes, 10 dynamic shared-memory sizes and 7 carve-out preferences, and the rules worked by hand
for sm_80 and sm_120 with kernels limited by each of registers, shared memory and block size."""

from __future__ import annotations

import json

import pytest

from nvgpu_ls.ptx.occupancy import (
    CHIPS, chip_limits, describe, max_threads_per_block, occupancy, shared_config, shared_per_block,
)

from .conftest import DATA

MEASURED = json.loads((DATA / "occupancy" / "h200_sm90.json").read_text())


def test_the_measured_device_is_an_sm_90_whose_limits_the_table_holds():
    limits = MEASURED["limits"]
    table = chip_limits("sm_90a")
    assert (limits["COMPUTE_CAPABILITY_MAJOR"], limits["COMPUTE_CAPABILITY_MINOR"]) == (9, 0)
    assert limits["MAX_BLOCKS_PER_MULTIPROCESSOR"] == table.max_blocks
    assert limits["MAX_THREADS_PER_MULTIPROCESSOR"] == table.max_warps * 32
    assert limits["MAX_SHARED_MEMORY_PER_MULTIPROCESSOR"] == table.shared_per_sm
    assert limits["MAX_SHARED_MEMORY_PER_BLOCK_OPTIN"] == table.max_shared_per_block
    assert limits["RESERVED_SHARED_MEMORY_PER_BLOCK"] == table.reserved_shared
    assert limits["MAX_REGISTERS_PER_MULTIPROCESSOR"] == table.registers


@pytest.mark.parametrize("function", sorted(MEASURED["functions"]))
def test_blocks_per_sm_equal_the_drivers_answers(function):
    measured = MEASURED["functions"][function]
    attributes = measured["attributes"]
    wrong = []
    for carveout, block, dynamic, blocks in measured["answers"]:
        got = occupancy("sm_90a", attributes["NUM_REGS"], attributes["SHARED_SIZE_BYTES"], block, dynamic, carveout)
        if got.blocks_per_sm != blocks:
            wrong.append((carveout, block, dynamic, blocks, got.blocks_per_sm))
    assert not wrong, f"(carveout, block, dynamic, driver, ours): {wrong[:10]} ({len(wrong)} of {len(measured['answers'])})"


@pytest.mark.parametrize("function", sorted(MEASURED["functions"]))
def test_max_threads_per_block_equals_the_drivers_attribute(function):
    attributes = MEASURED["functions"][function]["attributes"]
    declared = 32 if attributes["MAX_THREADS_PER_BLOCK"] == 32 else None  # .maxntid 32 of the launch kernels
    assert max_threads_per_block(chip_limits("sm_90"), attributes["NUM_REGS"], declared) == \
        attributes["MAX_THREADS_PER_BLOCK"]


def test_measured_kernels_cover_each_limit():
    seen = set()
    for measured in MEASURED["functions"].values():
        attributes = measured["attributes"]
        for carveout, block, dynamic, blocks in measured["answers"]:
            seen.add(occupancy("sm_90", attributes["NUM_REGS"], attributes["SHARED_SIZE_BYTES"], block, dynamic,
                               carveout).limited_by)
    assert {"registers", "shared memory", "warps", "blocks"} <= {part for name in seen for part in name.split(" and ")}
    assert {"registers", "shared memory", "warps"} <= seen


# ------------------------------------------------------------------ worked by hand
# sm_80: 64 warps, 32 blocks, 164 KiB shared per SM, 1 KiB reserved per block.
# sm_120: 48 warps, 24 blocks, 100 KiB shared per SM, 1 KiB reserved per block.
@pytest.mark.parametrize("chip, registers, static, threads, dynamic, blocks, limited_by", [
    # 128 regs -> 4096 per warp, 4 per sub-partition, 16 warps per SM; 8-warp blocks -> 2
    ("sm_80", 128, 0, 256, 0, 2, "registers"),
    ("sm_120", 128, 0, 256, 0, 2, "registers"),
    # 40 KiB static + 1 KiB -> 41 KiB; 164 // 41 = 4 on sm_80, 100 // 41 = 2 on sm_120
    ("sm_80", 32, 40 * 1024, 128, 0, 4, "shared memory"),
    ("sm_120", 32, 40 * 1024, 128, 0, 2, "shared memory"),
    # 1024-thread blocks: 64 // 32 = 2 on sm_80, 48 // 32 = 1 on sm_120 (16 regs fit 128 warps)
    ("sm_80", 16, 0, 1024, 0, 2, "warps"),
    ("sm_120", 16, 0, 1024, 0, 1, "warps"),
    # 32 regs fit exactly 64 warps: both limits allow 2
    ("sm_80", 32, 0, 1024, 0, 2, "warps and registers"),
    # one-warp blocks of a small kernel: the resident-block limit
    ("sm_80", 16, 0, 32, 0, 32, "blocks"),
    ("sm_120", 16, 0, 32, 0, 24, "blocks"),
    # dynamic shared memory counts with static: 20 + 30 + 1 = 51 KiB -> 164 // 51 = 3
    ("sm_80", 32, 20 * 1024, 128, 30 * 1024, 3, "shared memory"),
])
def test_occupancy_by_hand(chip, registers, static, threads, dynamic, blocks, limited_by):
    got = occupancy(chip, registers, static, threads, dynamic)
    assert (got.blocks_per_sm, got.limited_by) == (blocks, limited_by)


def test_a_block_that_needs_more_registers_than_a_block_may_have_cannot_launch():
    # 255 regs -> 8192 per warp; 1024 threads = 32 warps need 256 Ki registers
    got = occupancy("sm_90", 255, 0, 1024)
    assert got.blocks_per_sm == 0 and got.limited_by == "launch"
    assert "cannot launch" in describe(got)


def test_shared_memory_beyond_the_opt_in_limit_cannot_launch():
    assert occupancy("sm_120", 32, 100 * 1024, 128).limited_by == "launch"
    assert occupancy("sm_90", 32, 100 * 1024, 128).blocks_per_sm == 2


def test_carveout_picks_the_smallest_configuration_at_or_above_the_preference():
    limits = chip_limits("sm_90")
    assert shared_config(limits, 2048, None) == 228 * 1024
    assert shared_config(limits, 2048, 50) == 132 * 1024  # 114 KiB wanted
    assert shared_config(limits, 2048, 0) == 8 * 1024  # the 0 KiB configuration holds no block
    assert shared_config(limits, shared_per_block(limits, 8192), 0) == 16 * 1024


def test_every_chip_from_sm_70_to_sm_121_has_limits():
    for chip in ("sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90a", "sm_100a", "sm_103f", "sm_110", "sm_120a",
                 "sm_121"):
        assert chip_limits(chip) is not None, chip
    assert chip_limits("sm_61") is None and chip_limits("gfx90a") is None
    assert all(limits.shared_configs_kib == tuple(sorted(limits.shared_configs_kib)) for limits in CHIPS.values())


def test_description_names_blocks_share_and_limit():
    text = describe(occupancy("sm_90a", 90, 25600, 128))
    assert text == "5 blocks/SM of 128 threads (31% of warps, limited by registers)"
