"""Run kernels built from nvgpu-ls's own PTX on a real GPU and compare them with NumPy.

Two halves, because the GPU machine has CUDA and NumPy but not nvgpu-ls's dependencies:

    python3 tools/run_kernels_on_gpu.py build DIR   # here: our PTX, ptxas cubins, manifest.json
    python3 tools/run_kernels_on_gpu.py run DIR     # there: the CUDA driver (cuda-python), NumPy

``build`` compiles each case's ``.mlir`` with the builtin engine (``gpu.launch`` kernels are
outlined as ``nvgpu-ls ptx`` does), keeps the PTX, assembles it with ptxas for the GPU the
run will see (``--arch``, sm_90a by default: a Hopper card; an sm_80 cubin would not load
there, so the sm_80 kernels' PTX is assembled for it too, as PTX is forward compatible), and
writes each kernel's parameter list, read from the outlined ``gpu.func``'s signature.
``run`` loads every kernel twice, from the cubin and from the PTX through the driver's own
JIT, builds the inputs the case's upstream test builds (or random ones), launches it with
the geometry of its launch, and compares the output with NumPy's. Nothing in nvgpu-ls or its
tests depends on this script; its findings are in docs/gpu.md.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REALWORLD = ROOT.parent / "shared" / "realworld" / "llvm-project" / "mlir" / "test" / "Integration"

CASES = {
    # name: (source, the target its upstream RUN lines name, grid, block)
    "mma_sync_f32_tf32": (REALWORLD / "GPU/CUDA/TensorCore/transform-mma-sync-matmul-f32.generated.mlir",
                          "sm_80", (1, 1, 1), (32, 1, 1)),
    "mma_sync_f16_f16_accum": (REALWORLD / "GPU/CUDA/TensorCore/transform-mma-sync-matmul-f16-f16-accum.generated.mlir",
                               "sm_80", (1, 1, 1), (32, 1, 1)),
    "mma_sp_sync_f16_2_4": (REALWORLD / "Dialect/SparseTensor/GPU/CUDA/sparse-mma-2-4-f16.mlir",
                            "sm_80+ptx71", (1, 1, 1), (32, 1, 1)),
    "hopper_gemm_tma_wgmma": (ROOT / "tests/data/ptx/hopper_gemm_sm90a.mlir", None, (8, 16, 1), (128, 1, 1)),
    "warp_lane0_sum": (ROOT / "tests/data/ptx/warp_lane0_sm80.mlir", None, (1, 1, 1), (32, 1, 1)),
    "tensormap_retarget": (ROOT / "tests/data/ptx/tensormap_retarget_sm90a.mlir", None, (1, 1, 1), (128, 1, 1)),
}

BUILTIN_ONLY = {"warp_lane0_sum", "tensormap_retarget"}
"""Cases only the builtin engine lowers (upstream's pipeline has no conversion for
gpu.warp_execute_on_lane_0; the tensor-map editing ops are nvgpu-ls's)."""

HAZARDS = ROOT / "tests" / "data" / "hazards"
HAZARD_CASES = {
    # name: (source, block, dynamic shared bytes, opt in to that much): the Hopper GEMM broken
    # one way each (tests/data/hazards/), and launched in ways its resources do not allow; the
    # ones that may hang come last
    "smem_static_65k": (HAZARDS / "smem_static_65k.mlir", (128, 1, 1), 0, False),
    "smem_over_227k": (HAZARDS / "smem_over_227k.mlir", (128, 1, 1), 0, False),
    "dynamic_200k_no_optin": (CASES["hopper_gemm_tma_wgmma"][0], (128, 1, 1), 200 * 1024, False),
    "dynamic_200k_optin": (CASES["hopper_gemm_tma_wgmma"][0], (128, 1, 1), 200 * 1024, True),
    "dynamic_210k_optin": (CASES["hopper_gemm_tma_wgmma"][0], (128, 1, 1), 210 * 1024, True),
    "tma_misaligned": (HAZARDS / "tma_misaligned.mlir", (128, 1, 1), 0, False),
    "tma_align16": (HAZARDS / "tma_align16.mlir", (128, 1, 1), 0, False),
    "block_of_96_threads": (CASES["hopper_gemm_tma_wgmma"][0], (96, 1, 1), 0, False),
    "parity_fixed": (HAZARDS / "parity_fixed.mlir", (128, 1, 1), 0, False),
    "tx_bytes_too_few": (HAZARDS / "tx_bytes_too_few.mlir", (128, 1, 1), 0, False),
    "tx_bytes_too_many": (HAZARDS / "tx_bytes_too_many.mlir", (128, 1, 1), 0, False),
}


# ----------------------------------------------------------------------------- build (here)
def _parameters(text: str, kernel: str) -> list[dict]:
    """The kernel's arguments as the run needs them, read by nvgpu-ls's parser: memrefs with
    shape and element type, tensor maps with their box and swizzle, scalars."""
    from nvgpu_ls.analysis.document import Document
    from nvgpu_ls.analysis.opview import OpView
    from nvgpu_ls.analysis.values import MemRefType, TensorMapDescriptorType
    from nvgpu_ls.verify.usedef import check_names

    doc = Document(text)
    check_names(doc)
    function = next((op for op in doc.ops() if op.name == "gpu.func" and op.symbol_name == f"@{kernel}"), None)
    assert function is not None and function.regions, f"no gpu.func @{kernel}"
    view = OpView(function, doc)
    found: list[dict] = []
    for argument in function.regions[0].blocks[0].args:
        spelled = view.type_of_value(argument)
        if isinstance(spelled, MemRefType):
            found.append({"kind": "memref", "shape": [int(d) for d in spelled.shape], "dtype": str(spelled.element)})
        elif isinstance(spelled, TensorMapDescriptorType) and isinstance(spelled.tensor, MemRefType):
            found.append({"kind": "tensormap", "box": [int(d) for d in spelled.tensor.shape],
                          "dtype": str(spelled.tensor.element), "swizzle": spelled.swizzle})
        else:
            found.append({"kind": "scalar", "type": str(spelled)})
    return found


def _many_live_values(count: int) -> str:
    """PTX of a kernel that holds ``count`` loaded values live at once (summed in the reverse
    of their load order), so that ptxas needs about that many registers."""
    loads = "\n".join(f"  ld.volatile.global.f32 %f{i}, [%rd1+{4 * i}];" for i in range(count))
    adds = "\n".join(f"  add.f32 %f{count}, %f{count}, %f{i};" for i in reversed(range(count)))
    return (f".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry live_{count}(.param .u64 p)\n{{\n"
            f"  .reg .b64 %rd<2>;\n  .reg .f32 %f<{count + 1}>;\n  ld.param.u64 %rd1, [p];\n"
            f"  cvta.to.global.u64 %rd1, %rd1;\n{loads}\n  mov.f32 %f{count}, 0f00000000;\n{adds}\n"
            f"  st.global.f32 [%rd1], %f{count};\n  ret;\n}}\n")


def build(folder: Path, arch: str, ptxas: str) -> None:
    from nvgpu_ls.analysis.document import Document
    from nvgpu_ls.lowering.outlining import has_launches, outline
    from nvgpu_ls.ptx.preview import PreviewOptions, preview_ptx
    from nvgpu_ls.lowering.engine import LoweringOptions
    from nvgpu_ls.verify import CheckOptions

    folder.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for case_name, (source, target, grid, block) in CASES.items():
        for engine in ("builtin",) if case_name in BUILTIN_ONLY else ("builtin", "upstream"):
            name = case_name if engine == "builtin" else f"{case_name}__{engine}"
            text = source.read_text(encoding="utf-8")
            options = PreviewOptions(lowering=LoweringOptions(check=CheckOptions(target=target)), engine=engine)
            preview = preview_ptx(text, str(source), options)
            assert preview.ptx, f"{name}: no PTX: {[d.message for d in preview.diagnostics]}"
            doc = Document(text)
            kernel_text = outline(doc).text if has_launches(doc) else text
            kernels = re.findall(r"^\.visible \.entry (\w+)\(", preview.ptx, re.M)
            assert len(kernels) == 1, f"{name}: expected one kernel, found {kernels}"
            ptx_file = folder / f"{name}.ptx"
            ptx_file.write_text(preview.ptx, encoding="utf-8")
            cubin = folder / f"{name}.cubin"
            subprocess.run([ptxas, f"-arch={arch}", "-lineinfo", str(ptx_file), "-o", str(cubin)], check=True, timeout=300,
                           capture_output=True)
            manifest[name] = {"source": str(source.relative_to(ROOT.parent)), "engine": engine, "kernel": kernels[0],
                              "chip": preview.modules[0].chip, "cubin_arch": arch,
                              "grid": grid, "block": block, "parameters": _parameters(kernel_text, kernels[0])}
            print(f"built {name}: {kernels[0]} ({preview.modules[0].chip}), {len(manifest[name]['parameters'])} arguments")
    for hazard, (source, block, dynamic, optin) in HAZARD_CASES.items():
        name = f"hopper_gemm_tma_wgmma__hazard_{hazard}"
        text = source.read_text(encoding="utf-8")
        # nvgpu-ls's own hazard checks refuse these kernels: off, to build them as they are
        unchecked = LoweringOptions(check=CheckOptions(severities={"nvgpu.hazard.*": "off"}))
        preview = preview_ptx(text, str(source), PreviewOptions(lowering=unchecked))
        assert preview.ptx, f"{name}: no PTX: {[d.message for d in preview.diagnostics]}"
        (folder / f"{name}.ptx").write_text(preview.ptx, encoding="utf-8")
        done = subprocess.run([ptxas, f"-arch={arch}", "-lineinfo", str(folder / f"{name}.ptx"), "-o",
                               str(folder / f"{name}.cubin")], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            print(f"hazard {hazard}: ptxas refuses it: {done.stderr.strip()[:300]}")
            continue
        manifest[name] = {"source": str(source.relative_to(ROOT.parent)), "engine": "builtin",
                          "kernel": "gemm_128x64_f16_f32", "chip": "sm_90a", "cubin_arch": arch, "grid": (8, 16, 1),
                          "block": block, "dynamic_shared": dynamic, "opt_in": optin, "hazard": True,
                          "parameters": _parameters(text, "gemm_128x64_f16_f32")}
        print(f"built hazard {hazard}")
    # more kernels for the occupancy sweep: the GEMM with its registers capped, the other
    # sample kernels of the tests, and kernels that keep many values live (register-bound)
    extra = {f"capped_{cap}": (folder / "hopper_gemm_tma_wgmma.ptx", [f"-maxrregcount={cap}"]) for cap in (64, 72, 80)}
    for sample in sorted((ROOT / "tests/data/ptx").glob("*sm8*.mlir")) + sorted((ROOT / "tests/data/ptx").glob("*sm90*.mlir")) \
            + sorted((ROOT / "tests/data/lowering").glob("warpgroup_*.mlir")):
        preview = preview_ptx(sample.read_text(encoding="utf-8"), str(sample))
        if preview.ptx:
            (folder / f"sample_{sample.stem}.ptx").write_text(preview.ptx, encoding="utf-8")
            extra[f"sample_{sample.stem}"] = (folder / f"sample_{sample.stem}.ptx", [])
    for live in (120, 200):
        (folder / f"live_{live}.ptx").write_text(_many_live_values(live), encoding="utf-8")
        extra[f"live_{live}"] = (folder / f"live_{live}.ptx", [])
    for name, (ptx_file, flags) in extra.items():
        subprocess.run([ptxas, f"-arch={arch}", *flags, str(ptx_file), "-o", str(folder / f"{name}.cubin")],
                       check=True, timeout=300)
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")


# ------------------------------------------------------------------------------ run (there)
def _inputs(name: str, np):
    """The case's arrays, in argument order, the index of the one it writes, that array's
    expected value and the relative error allowed (``name__engine`` is the case ``name``)."""
    name = name.split("__")[0]
    if name == "mma_sync_f32_tf32":
        # as the test's host code: element (i, j) of an R x C matrix is i * C + j
        a = np.fromfunction(lambda i, j: i * 4 + j, (16, 4)).astype(np.float32)
        b = np.fromfunction(lambda i, j: i * 8 + j, (4, 8)).astype(np.float32)
        c = np.fromfunction(lambda i, j: i * 8 + j, (16, 8)).astype(np.float32)
        return [a, b, c], 2, a @ b + c, 0.0
    if name == "mma_sync_f16_f16_accum":
        a = (np.fromfunction(lambda i, j: i * 16 + j, (16, 16)) / 64).astype(np.float16)
        b = (np.fromfunction(lambda i, j: i * 8 + j, (16, 8)) / 64).astype(np.float16)
        c = (np.fromfunction(lambda i, j: i * 8 + j, (16, 8)) / 64).astype(np.float16)
        expected = a.astype(np.float32) @ b.astype(np.float32) + c.astype(np.float32)
        return [a, b, c], 2, expected, 5e-3
    if name == "mma_sp_sync_f16_2_4":
        # A is 16x32 with its nonzeros at columns 0 and 2 of every 4 (metadata 0x8888), given
        # compressed as 16x16; B is 32x8 given column-major as 8x32
        a = np.fromfunction(lambda i, j: i + j + 1, (16, 16)).astype(np.float16)
        meta = np.full((16, 2), 0x8888, dtype=np.uint16)
        b = np.fromfunction(lambda i, j: i - j, (8, 32)).astype(np.float16)
        c = np.zeros((16, 8), dtype=np.float16)
        dense = np.zeros((16, 32), dtype=np.float32)
        dense[:, 0::2] = a.astype(np.float32)
        expected = (dense @ b.astype(np.float32).T).astype(np.float16)
        return [a, meta, b, c], 3, expected, 0.0
    if name == "hopper_gemm_tma_wgmma":
        rng = np.random.default_rng(7)
        a = (rng.integers(-8, 9, (1024, 1024)) / 8).astype(np.float16)
        b = (rng.integers(-8, 9, (1024, 1024)) / 8).astype(np.float16)
        c = np.zeros((1024, 1024), dtype=np.float32)
        return [a, b, c], 2, a.astype(np.float32) @ b.astype(np.float32), 1e-5
    if name == "tensormap_retarget":
        # the template map describes A, the published one C; the kernel points its copy of the
        # template at B and loads through it, so the output must be B (A and C are -1 and -2)
        a = np.full((64, 64), -1, dtype=np.float16)
        c = np.full((64, 64), -2, dtype=np.float16)
        b = (np.arange(64 * 64).reshape(64, 64) % 1024 / 8).astype(np.float16)
        return [a, c, b, np.zeros((64, 64), dtype=np.float16)], 3, b, 0.0
    if name == "warp_lane0_sum":
        # lane 0 sums all 64 inputs (exact in f16 too: eighths below 64), every lane gets
        # 2 * its inputs + sum + f16(sum) + 7
        rng = np.random.default_rng(11)
        values = (rng.integers(-8, 9, 64) / 8).astype(np.float32)
        total = values.sum(dtype=np.float32)
        expected = 2 * values + total + np.float32(np.float16(total)) + 7
        return [values, np.zeros(64, dtype=np.float32)], 1, expected, 0.0
    raise KeyError(name)


_DTYPES = {"f16": "float16", "f32": "float32", "i16": "uint16", "i32": "int32", "f64": "float64", "bf16": "uint16"}
_TENSORMAP_TYPES = {"f16": 6, "f32": 7, "bf16": 9, "i32": 3, "i8": 0}
_SWIZZLES = {"none": 0, "swizzle_32b": 1, "swizzle_64b": 2, "swizzle_128b": 3}


def run(folder: Path, timeout: float, only: str = "") -> int:
    """Every case from its cubin and from its PTX, each in a process of its own (a kernel that
    faults takes its context with it; one that hangs is killed); the number that failed."""
    manifest = json.loads((folder / "manifest.json").read_text())
    failures, report = 0, {}
    for name in (name for name in manifest if only in name):
        for image_kind in ("cubin", "ptx"):
            label = f"{name} [{image_kind}]"
            try:
                done = subprocess.run([sys.executable, __file__, "run-one", str(folder), name, image_kind],
                                      capture_output=True, text=True, timeout=timeout)
                output = (done.stdout + done.stderr).strip()
                ok = done.returncode == 0
            except subprocess.TimeoutExpired:
                output, ok = f"FAIL {label}: no answer in {timeout:g} s (killed)", False
            print(output, flush=True)
            failures += not ok
            report[label] = {"ok": ok, "output": output}
    (folder / "report.json").write_text(json.dumps(report, indent=1))
    return failures


def run_one(folder: Path, name: str, image_kind: str) -> int:
    """One case from one image in this process: 0 when its output matches NumPy's."""
    import ctypes

    import numpy as np
    from cuda.bindings import driver as cu

    def check(result):
        error, *rest = result if isinstance(result, tuple) else (result,)
        if error != cu.CUresult.CUDA_SUCCESS:
            raise RuntimeError(f"CUDA error {cu.cuGetErrorName(error)[1].decode()}")
        return rest[0] if len(rest) == 1 else rest

    case = json.loads((folder / "manifest.json").read_text())[name]
    label = f"{name} [{image_kind}]"
    check(cu.cuInit(0))
    device = check(cu.cuDeviceGet(0))
    major = check(cu.cuDeviceGetAttribute(cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = check(cu.cuDeviceGetAttribute(cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    context = check(cu.cuDevicePrimaryCtxRetain(device))
    check(cu.cuCtxSetCurrent(context))
    libcuda = ctypes.CDLL("libcuda.so.1")
    libcuda.cuTensorMapEncodeTiled.restype = ctypes.c_int

    arrays, written, expected, tolerance = _inputs(name, np)
    image = (folder / f"{name}.{image_kind}").read_bytes()
    if image_kind == "ptx":
        image += b"\0"
    buffer = np.frombuffer(image, dtype=np.uint8).copy()
    module = check(cu.cuModuleLoadData(buffer.ctypes.data))
    function = check(cu.cuModuleGetFunction(module, case["kernel"].encode()))
    device_arrays = []
    for array in arrays:
        pointer = check(cu.cuMemAlloc(max(array.nbytes, 1)))
        check(cu.cuMemcpyHtoD(pointer, array.ctypes.data, array.nbytes))
        device_arrays.append(pointer)
    # the tensor-map arguments describe the first arrays, in order; memref arguments the rest
    tensormaps = [p for p in case["parameters"] if p["kind"] == "tensormap"]
    map_pointers, keep = [], []
    for index, parameter in enumerate(tensormaps):
        array = arrays[index]
        rank = array.ndim
        storage = np.zeros(256, dtype=np.uint8)
        address = storage.ctypes.data + (-storage.ctypes.data) % 64
        dims = (ctypes.c_uint64 * rank)(*reversed(array.shape))
        strides = (ctypes.c_uint64 * max(rank - 1, 1))(*[array.strides[d] for d in reversed(range(rank - 1))])
        box = (ctypes.c_uint32 * rank)(*reversed(parameter["box"]))
        ones = (ctypes.c_uint32 * rank)(*([1] * rank))
        status = libcuda.cuTensorMapEncodeTiled(
            ctypes.c_void_p(address), _TENSORMAP_TYPES[parameter["dtype"]], rank,
            ctypes.c_void_p(int(device_arrays[index])), dims, strides, box, ones, 0,
            _SWIZZLES[parameter["swizzle"]], 2, 0)
        if status != 0:
            raise RuntimeError(f"cuTensorMapEncodeTiled failed with status {status}")
        on_device = check(cu.cuMemAlloc(128))
        check(cu.cuMemcpyHtoD(on_device, address, 128))
        map_pointers.append(on_device)
        keep.append(storage)
    memrefs = iter(list(zip(device_arrays, arrays))[len(tensormaps):])
    maps = iter(map_pointers)
    values = []
    for parameter in case["parameters"]:
        if parameter["kind"] == "tensormap":
            values.append(np.array([int(next(maps))], dtype=np.uint64))
        elif parameter["kind"] == "memref":
            pointer, array = next(memrefs)
            assert list(array.shape) == parameter["shape"], (array.shape, parameter["shape"])
            strides = [s // array.itemsize for s in array.strides]
            # the memref descriptor, one field per kernel parameter: allocated and aligned
            # pointers, offset, sizes, strides
            for field in [int(pointer), int(pointer), 0, *array.shape, *strides]:
                values.append(np.array([field], dtype=np.uint64))
        else:
            raise RuntimeError(f"no value for a {parameter['type']} argument")
    addresses = np.array([v.ctypes.data for v in values], dtype=np.uint64)
    dynamic = case.get("dynamic_shared", 0)
    if case.get("opt_in"):
        check(cu.cuFuncSetAttribute(function, cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                    dynamic))
    check(cu.cuLaunchKernel(function, *case["grid"], *case["block"], dynamic, 0, addresses.ctypes.data, 0))
    check(cu.cuCtxSynchronize())
    out = np.empty_like(arrays[written])
    check(cu.cuMemcpyDtoH(out.ctypes.data, device_arrays[written], out.nbytes))
    got = out.astype(np.float64)
    want = np.asarray(expected, dtype=np.float64)
    error = float(np.max(np.abs(got - want) / np.maximum(np.abs(want), 1.0)))
    ok = bool(error <= tolerance)
    print(f"{'PASS' if ok else 'FAIL'} {label}: {case['kernel']} on sm_{major}{minor}, grid {tuple(case['grid'])} "
          f"block {tuple(case['block'])}: max relative error {error:.3g} (allowed {tolerance:g})")
    if not ok:
        np.save(folder / f"wrong_{name}_{image_kind}.npy", out)
        print("  got[0, :8] ", got.reshape(got.shape[0], -1)[0, :8])
        print("  want[0, :8]", want.reshape(want.shape[0], -1)[0, :8])
        print("  rows wrong:", int(np.sum(np.any(np.abs(got - want) > tolerance * np.maximum(np.abs(want), 1), axis=1))),
              "of", got.shape[0])
    return 0 if ok else 1


_BLOCK_SIZES = (32, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024)
_DYNAMIC_SHARED = (0, 1024, 8 * 1024, 20 * 1024, 33 * 1024, 48 * 1024, 70 * 1024, 100 * 1024, 150 * 1024, 200 * 1024)
_CARVEOUTS = (-1, 0, 10, 25, 50, 75, 100)


def occupancy(folder: Path) -> int:
    """The driver's occupancy answers (cuOccupancyMaxActiveBlocksPerMultiprocessor) for every
    cubin over block sizes, dynamic shared memory and carve-out preferences, with each
    function's attributes and the device's limits: facts to test nvgpu-ls's occupancy against."""
    import numpy as np
    from cuda.bindings import driver as cu

    def check(result):
        error, *rest = result if isinstance(result, tuple) else (result,)
        if error != cu.CUresult.CUDA_SUCCESS:
            raise RuntimeError(f"CUDA error {cu.cuGetErrorName(error)[1].decode()}")
        return rest[0] if len(rest) == 1 else rest

    check(cu.cuInit(0))
    device = check(cu.cuDeviceGet(0))
    context = check(cu.cuDevicePrimaryCtxRetain(device))
    check(cu.cuCtxSetCurrent(context))
    limits = {}
    for attribute in dir(cu.CUdevice_attribute):
        if attribute.startswith("CU_DEVICE_ATTRIBUTE_") and any(
                word in attribute for word in ("SHARED", "REGISTERS", "MULTIPROCESSOR", "COMPUTE_CAPABILITY",
                                               "MAX_THREADS_PER_BLOCK", "WARP_SIZE")):
            try:
                limits[attribute[len("CU_DEVICE_ATTRIBUTE_"):]] = check(
                    cu.cuDeviceGetAttribute(getattr(cu.CUdevice_attribute, attribute), device))
            except Exception as exc:
                limits[attribute[len("CU_DEVICE_ATTRIBUTE_"):]] = str(exc)
    found = {"device": check(cu.cuDeviceGetName(128, device)).split(b"\0")[0].decode(),
             "driver": check(cu.cuDriverGetVersion()), "limits": limits, "functions": {}}
    optin = limits.get("MAX_SHARED_MEMORY_PER_BLOCK_OPTIN", 48 * 1024)
    for cubin in sorted(folder.glob("*.cubin")):
        buffer = np.frombuffer(cubin.read_bytes(), dtype=np.uint8).copy()
        try:
            module = check(cu.cuModuleLoadData(buffer.ctypes.data))
        except RuntimeError as exc:
            print(f"{cubin.stem}: not loaded: {exc}")
            continue
        kernel = re.search(rb"\.text\.(\w+)", cubin.read_bytes()).group(1).decode()
        function = check(cu.cuModuleGetFunction(module, kernel.encode()))
        attributes = {name: check(cu.cuFuncGetAttribute(getattr(cu.CUfunction_attribute, "CU_FUNC_ATTRIBUTE_" + name),
                                                        function))
                      for name in ("NUM_REGS", "SHARED_SIZE_BYTES", "LOCAL_SIZE_BYTES", "CONST_SIZE_BYTES",
                                   "MAX_THREADS_PER_BLOCK", "BINARY_VERSION", "PTX_VERSION")}
        check(cu.cuFuncSetAttribute(function, cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                    optin - attributes["SHARED_SIZE_BYTES"]))
        answers = []
        for carveout in _CARVEOUTS:
            check(cu.cuFuncSetAttribute(
                function, cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, carveout))
            for block in _BLOCK_SIZES:
                if block > attributes["MAX_THREADS_PER_BLOCK"]:
                    continue
                for dynamic in _DYNAMIC_SHARED:
                    if dynamic + attributes["SHARED_SIZE_BYTES"] > optin:
                        continue
                    try:
                        blocks = check(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(function, block, dynamic))
                    except Exception as exc:
                        blocks = str(exc)
                    answers.append([carveout, block, dynamic, blocks])
        found["functions"][cubin.stem] = {"kernel": kernel, "attributes": attributes, "answers": answers}
        print(f"{cubin.stem}: {kernel} {attributes}, {len(answers)} answers")
        check(cu.cuModuleUnload(module))
    (folder / "occupancy.json").write_text(json.dumps(found, indent=None))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("build", "run", "run-one", "occupancy"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("case", nargs="*", help="run-one: the case and the image (cubin or ptx)")
    parser.add_argument("--arch", default="sm_90a", help="the chip the cubins are assembled for (build)")
    parser.add_argument("--ptxas", default="ptxas", help="the ptxas to assemble with (build)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds each case may take (run)")
    parser.add_argument("--only", default="", help="run only the cases whose name holds this (run)")
    args = parser.parse_args(argv)
    if args.step == "build":
        build(args.folder, args.arch, args.ptxas)
        return 0
    if args.step == "occupancy":
        return occupancy(args.folder)
    if args.step == "run-one":
        return run_one(args.folder, *args.case)
    return 1 if run(args.folder, args.timeout, args.only) else 0


if __name__ == "__main__":
    sys.exit(main())
