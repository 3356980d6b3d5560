"""Generated nvgpu kernels of a chosen size, for benchmarks (parse, server latency, lowering).

Every function is a small, valid sm_80/sm_90 kernel fragment in the attribute-dictionary
syntax that Debian's mlir-opt-22 reads, so the same file can be timed against upstream.
"""

from __future__ import annotations

import argparse

_FUNCTION = """\
  gpu.func @kernel_{n}(%gmem: memref<128x128xf16>, %out: memref<128x128xf32>) kernel {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %tid = gpu.thread_id x
    %smem = memref.alloc() : memref<64x64xf16, 3>
    %t0 = nvgpu.device_async_copy %gmem[%tid, %c0], %smem[%tid, %c0], 8 {{bypassL1}} : memref<128x128xf16> to memref<64x64xf16, 3>
    %g0 = nvgpu.device_async_create_group %t0
    nvgpu.device_async_wait %g0 {{numGroups = 1 : i32}}
    %a = nvgpu.ldmatrix %smem[%tid, %c0] {{numTiles = 4 : i32, transpose = false}} : memref<64x64xf16, 3> -> vector<4x2xf16>
    %b = nvgpu.ldmatrix %smem[%c0, %tid] {{numTiles = 2 : i32, transpose = true}} : memref<64x64xf16, 3> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%c = %zero) -> (vector<2x2xf32>) {{
      %d = nvgpu.mma.sync(%a, %b, %c) {{mmaShape = [16, 8, 16]}} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      scf.yield %d : vector<2x2xf32>
    }}
    %bar = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    nvgpu.mbarrier.init %bar[%c0], %c16 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    %tok = nvgpu.mbarrier.arrive %bar[%c0] : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>> -> !nvgpu.mbarrier.token
    %done = nvgpu.mbarrier.test.wait %bar[%c0], %tok : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>, !nvgpu.mbarrier.token
    %e = vector.extract %acc[0, 0] : f32 from vector<2x2xf32>
    memref.store %e, %out[%tid, %c0] : memref<128x128xf32>
    gpu.return
  }}
"""
_LINES_PER_FUNCTION = _FUNCTION.count("\n")


def generate(lines: int) -> str:
    """A module of about ``lines`` lines: one gpu.module of kernels."""
    count = max(1, (lines - 6) // _LINES_PER_FUNCTION)
    body = "".join(_FUNCTION.format(n=n) for n in range(count))
    return ("module attributes {gpu.container_module} {\n"
            '  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {\n'
            + body.replace("\n  ", "\n    ").replace("  gpu.func", "    gpu.func", 1)
            + "  }\n}\n")


def edit_site(text: str, function: int) -> int:
    """Offset of a spot inside the body of kernel ``function`` where one character can be typed."""
    head = text.index(f"@kernel_{function}(")
    return text.index("%c16 = arith.constant 16", head) + len("%c16 = arith.constant 1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lines", type=int)
    args = parser.parse_args()
    print(generate(args.lines), end="")


if __name__ == "__main__":
    main()
