"""Per-SM limits of each GPU nvgpu-ls targets: what the CUDA occupancy rules and the hazard
checks of shared memory read (one place for these facts).

The figures are the CUDA programming guide's tables of technical specifications and
shared-memory configurations, as the toolkit's ``cuda_occupancy.h`` also has them; sm_90's
were checked against an H200's driver (``tests/data/occupancy/h200_sm90.json``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

WARP_SIZE = 32
KIB = 1024


@dataclass(frozen=True)
class ChipLimits:
    """One compute capability's per-SM limits."""

    family: str
    """``sm_XY`` without the ``a``/``f`` suffix."""
    max_blocks: int
    max_warps: int
    shared_configs_kib: tuple[int, ...]
    """The shared-memory sizes the unified L1/shared storage can be carved to, ascending."""
    max_shared_per_block: int
    """With opt-in (``MAX_SHARED_MEMORY_PER_BLOCK_OPTIN``)."""
    reserved_shared: int
    """Shared memory the driver reserves per block."""
    registers: int = 64 * KIB
    max_registers_per_block: int = 64 * KIB
    max_registers_per_thread: int = 255
    register_unit: int = 256
    sub_partitions: int = 4
    shared_unit: int = 128
    max_threads_per_block: int = 1024

    @property
    def shared_per_sm(self) -> int:
        return self.shared_configs_kib[-1] * KIB


_VOLTA_CONFIGS = (0, 8, 16, 32, 64, 96)
_AMPERE_CONFIGS = (0, 8, 16, 32, 64, 100, 132, 164)
_GA10X_CONFIGS = (0, 8, 16, 32, 64, 100)
_HOPPER_CONFIGS = (0, 8, 16, 32, 64, 100, 132, 164, 196, 228)

CHIPS: dict[str, ChipLimits] = {limits.family: limits for limits in (
    ChipLimits("sm_70", 32, 64, _VOLTA_CONFIGS, 96 * KIB, 0, shared_unit=256),
    ChipLimits("sm_72", 32, 64, _VOLTA_CONFIGS, 96 * KIB, 0, shared_unit=256),
    ChipLimits("sm_75", 16, 32, (32, 64), 64 * KIB, 0, shared_unit=256),
    ChipLimits("sm_80", 32, 64, _AMPERE_CONFIGS, 163 * KIB, KIB),
    ChipLimits("sm_86", 16, 48, _GA10X_CONFIGS, 99 * KIB, KIB),
    ChipLimits("sm_87", 16, 48, _AMPERE_CONFIGS, 163 * KIB, KIB),
    ChipLimits("sm_89", 24, 48, _GA10X_CONFIGS, 99 * KIB, KIB),
    ChipLimits("sm_90", 32, 64, _HOPPER_CONFIGS, 227 * KIB, KIB),
    ChipLimits("sm_100", 32, 64, _HOPPER_CONFIGS, 227 * KIB, KIB),
    ChipLimits("sm_103", 32, 64, _HOPPER_CONFIGS, 227 * KIB, KIB),
    ChipLimits("sm_110", 24, 48, _HOPPER_CONFIGS, 227 * KIB, KIB),
    ChipLimits("sm_120", 24, 48, _GA10X_CONFIGS, 99 * KIB, KIB),
    ChipLimits("sm_121", 24, 48, _GA10X_CONFIGS, 99 * KIB, KIB),
)}
"""Per-SM limits of the chips nvgpu-ls targets (sm_70 to sm_121): the CUDA programming guide's
tables of technical specifications and shared-memory configurations, as the toolkit's
``cuda_occupancy.h`` also has them (where NVIDIA's Blackwell tuning guide gives sm_120 32
blocks and 128 KiB, it counts the unified L1/shared storage, not what blocks may use). The
barrier limit of sm_90 and later (two or one named-barrier sets per block slot) is not
modelled: it binds only kernels with more named barriers than any here."""

_CHIP = re.compile(r"sm_(\d+)[af]?")


def chip_limits(chip: str) -> ChipLimits | None:
    """The limits of ``chip`` (``sm_90a`` is ``sm_90``'s); None for a chip not in the table."""
    match = _CHIP.fullmatch(chip.strip())
    return CHIPS.get(f"sm_{match.group(1)}") if match else None
