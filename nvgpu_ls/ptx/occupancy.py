"""How many blocks of a kernel fit on one SM of its chip: the CUDA occupancy rules.

``occupancy`` takes what ptxas says a kernel uses (registers per thread, static shared memory)
and how it is launched (threads per block, dynamic shared memory, the shared-memory carve-out
preference) and gives blocks per SM and the resource that limits them, as the driver's
``cuOccupancyMaxActiveBlocksPerMultiprocessor`` computes it:

- warps: a block takes ceil(threads / 32) warps of the SM's maximum;
- registers: a warp gets registers per thread x 32, rounded up to the allocation unit (256);
  the register file is split among the SM's 4 sub-partitions and a warp lives in one, so an
  SM holds (registers per sub-partition // registers per warp) x 4 warps; a block whose warps,
  rounded up to a multiple of 4, would need more than the per-block register limit cannot be
  launched at all (the same rule bounds ``max_threads_per_block``);
- shared memory: a block takes its static and dynamic shared memory plus what the driver
  reserves per block (1 KiB from sm_80 on), rounded up to the allocation unit (128 bytes);
  the SM's shared memory is the carve-out the driver picks: its largest configuration with
  no preference, else the smallest configuration at or above the preferred percentage of the
  largest, or failing that the smallest that holds one block;
- blocks: at most the chip's resident-block limit.

The per-chip figures are the CUDA programming guide's (``nvgpu_ls/chips.py``, which the
shared-memory hazard check reads too); the rules were checked against an
H200's answers for 23 cubins over block sizes, dynamic shared memory and carve-outs
(``tests/data/occupancy/h200_sm90.json``, measured by ``tools/run_kernels_on_gpu.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..chips import CHIPS, KIB, WARP_SIZE, ChipLimits, chip_limits

__all__ = ["CHIPS", "KIB", "WARP_SIZE", "ChipLimits", "Occupancy", "chip_limits", "describe", "max_threads_per_block",
           "occupancy", "registers_per_warp", "shared_config", "shared_per_block"]

def _round_up(value: int, unit: int) -> int:
    return -(-value // unit) * unit


@dataclass(frozen=True)
class Occupancy:
    """Blocks of one kernel resident per SM, and why no more."""

    chip: str
    block_threads: int
    blocks_per_sm: int
    warps_per_sm: int
    max_warps: int
    limited_by: str
    """``registers``, ``shared memory``, ``warps`` (the block size) or ``blocks`` (the chip's
    resident-block limit), several joined by ``and`` where they allow the same number, or
    ``launch`` (the block cannot be launched at all)."""
    limits: dict[str, int]
    """Blocks per SM each resource alone would allow."""
    shared_config: int
    """Bytes of shared memory per SM in the carve-out the driver picks."""

    @property
    def fraction(self) -> float:
        """Resident warps over the SM's maximum (the "occupancy" percentage / 100)."""
        return self.warps_per_sm / self.max_warps if self.max_warps else 0.0


def registers_per_warp(limits: ChipLimits, registers: int) -> int:
    """Registers a warp is given: registers per thread x 32, rounded up to the allocation unit."""
    return _round_up(registers * WARP_SIZE, limits.register_unit)


def max_threads_per_block(limits: ChipLimits, registers: int, declared: int | None = None) -> int:
    """The most threads a block of a kernel with ``registers`` per thread may have (what the
    driver's ``MAX_THREADS_PER_BLOCK`` attribute says), within ``declared`` (``.maxntid``)."""
    per_warp = registers_per_warp(limits, registers)
    warps = limits.max_threads_per_block // WARP_SIZE
    if per_warp:
        fitting = limits.max_registers_per_block // per_warp
        warps = min(warps, fitting - fitting % limits.sub_partitions)
    threads = warps * WARP_SIZE
    return min(threads, declared) if declared else threads


def shared_per_block(limits: ChipLimits, static: int, dynamic: int = 0) -> int:
    """Shared memory one block takes on the SM: its own, the driver's reserve, rounded up."""
    return _round_up(static + dynamic + limits.reserved_shared, limits.shared_unit)


def shared_config(limits: ChipLimits, per_block: int, carveout: int | None = None) -> int:
    """The SM's shared memory in the carve-out the driver picks for a block taking
    ``per_block`` bytes, with ``carveout`` the preferred percentage (None or -1: none)."""
    configs = [kib * KIB for kib in limits.shared_configs_kib]
    if carveout is None or carveout < 0:
        return configs[-1]
    wanted = limits.shared_per_sm * min(carveout, 100) // 100
    chosen = next(size for size in configs if size >= wanted)
    if chosen < per_block:
        chosen = next((size for size in configs if size >= per_block), configs[-1])
    return chosen


def occupancy(chip: str, registers: int, static_shared: int, block_threads: int, dynamic_shared: int = 0,
              carveout: int | None = None, limits: ChipLimits | None = None) -> Occupancy | None:
    """Blocks per SM of a kernel using ``registers`` per thread and ``static_shared`` bytes,
    launched with ``block_threads`` threads and ``dynamic_shared`` bytes; None for a chip not
    in the table."""
    limits = limits or chip_limits(chip)
    if limits is None or block_threads <= 0:
        return None
    warps_per_block = -(-block_threads // WARP_SIZE)
    per_warp = registers_per_warp(limits, registers)
    per_block = shared_per_block(limits, static_shared, dynamic_shared)
    config = shared_config(limits, per_block, carveout)
    found: dict[str, int] = {
        "warps": limits.max_warps // warps_per_block,
        "blocks": limits.max_blocks,
        "registers": (limits.registers // limits.sub_partitions // per_warp) * limits.sub_partitions
        // warps_per_block if per_warp else limits.max_blocks,
        "shared memory": config // per_block,
    }
    launchable = (block_threads <= limits.max_threads_per_block
                  and per_warp * _round_up(warps_per_block, limits.sub_partitions) <= limits.max_registers_per_block
                  and registers <= limits.max_registers_per_thread
                  and static_shared + dynamic_shared <= limits.max_shared_per_block)
    if not launchable:
        return Occupancy(chip, block_threads, 0, 0, limits.max_warps * 1, "launch", found, config)
    blocks = min(found.values())
    limited_by = " and ".join(name for name in ("warps", "blocks", "registers", "shared memory")
                              if found[name] == blocks)
    return Occupancy(chip, block_threads, blocks, blocks * warps_per_block, limits.max_warps, limited_by, found,
                     config)


def describe(result: Occupancy) -> str:
    """``2 blocks/SM (limited by shared memory)`` and the share of the SM's warps."""
    if result.limited_by == "launch":
        return f"cannot launch {result.block_threads} threads per block"
    plural = "block" if result.blocks_per_sm == 1 else "blocks"
    return (f"{result.blocks_per_sm} {plural}/SM of {result.block_threads} threads "
            f"({result.fraction:.0%} of warps, limited by {result.limited_by})")
