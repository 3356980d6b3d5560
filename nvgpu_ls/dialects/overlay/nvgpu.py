"""The project's own words about the nvgpu ops upstream defines: summaries, explanations, the
SM / PTX-ISA requirement of each (measured with ``ptxas``), what each lowers to, notes on each
operand, attribute and result, and the syntax of the era after LLVM 22 where it is not the one
``ods.strict_property_variant`` derives. The ops' structure (operands, attributes, results,
constraints, LLVM 22's assembly format) comes from the generated registry (``ods``).
"""

from __future__ import annotations

from ...analysis.facts import AttributeFact, OpWords, Requirement, requirement_forms

_KEYWORD_ERA = (
    "Two eras of syntax are read: LLVM 22's (inherent attributes in the attribute dictionary, "
    "`{numTiles = 4 : i32, transpose = false}`) and the newest upstream's strict property assembly "
    "format (llvm-project PR #217272), which spells them as keyword clauses; the keyword format is "
    "derived from LLVM 22's in ODS argument order unless the op's era formats say otherwise."
)

_MMA_SYNC_FORMS = requirement_forms({
    "m16n8k8.f16": Requirement("sm_75", "6.5", "mma.sync m16n8k8 f16 (ptxas 13.0)."),
    "m16n8k16.f16": Requirement("sm_80", "7.0", "mma.sync m16n8k16 f16: '.m16n8k16 requires sm_80' (ptxas 13.0)."),
    "m16n8k8.bf16": Requirement("sm_80", "7.0", "mma.sync .bf16 needs sm_80 (ptxas 13.0)."),
    "m16n8k16.bf16": Requirement("sm_80", "7.0", "mma.sync .bf16 needs sm_80 (ptxas 13.0)."),
    "m16n8k4.tf32": Requirement("sm_80", "7.0", "mma.sync .tf32 needs sm_80 (ptxas 13.0)."),
    "m16n8k8.tf32": Requirement("sm_80", "7.0", "mma.sync .tf32 needs sm_80 (ptxas 13.0)."),
    "m8n8k4.f64": Requirement("sm_80", "7.0", "mma.sync m8n8k4 f64: '.m8n8k4 with double types requires sm_80' (ptxas 13.0)."),
    "m8n8k16.i8": Requirement("sm_75", "6.5", "mma.sync m8n8k16 .satfinite s8 (ptxas 13.0)."),
    "m16n8k16.i8": Requirement("sm_80", "7.0", "mma.sync m16n8k16 s8 (ptxas 13.0)."),
    "m16n8k32.i8": Requirement("sm_80", "7.0", "mma.sync m16n8k32 s8 (ptxas 13.0)."),
    "m8n8k32.i4": Requirement("sm_75", "6.5", "mma.sync m8n8k32 .satfinite s4 (ptxas 13.0)."),
    "m16n8k32.i4": Requirement("sm_80", "7.0", "mma.sync m16n8k32 s4 (ptxas 13.0)."),
    "m16n8k64.i4": Requirement("sm_80", "7.0", "mma.sync m16n8k64 s4 (ptxas 13.0)."),
    "m16n8k32.f8E4M3FN": Requirement("sm_89", "8.4", "mma.sync m16n8k32 e4m3: sm_89 / PTX 8.4 (ptxas 13.0)."),
    "m16n8k32.f8E5M2": Requirement("sm_89", "8.4", "mma.sync m16n8k32 e5m2: sm_89 / PTX 8.4 (ptxas 13.0)."),
    "m16n8k16.f8E4M3FN": Requirement("sm_89", "8.7", "mma.sync m16n8k16 e4m3: sm_89 / PTX 8.7 (ptxas 13.0)."),
    "m16n8k16.f8E5M2": Requirement("sm_89", "8.7", "mma.sync m16n8k16 e5m2: sm_89 / PTX 8.7 (ptxas 13.0)."),
})


WORDS: dict[str, OpWords] = {
    'nvgpu.ldmatrix': OpWords(
        summary="Warp-cooperative load of 8x8 matrix tiles from shared memory into registers.",
        explanation=(
            "All 32 threads of a warp together load one, two or four 8x8 tiles of 16-bit "
            "elements (numTiles) from shared memory; threads 0-7, 0-15 or 0-31 (for 1, 2 or 4 "
            "tiles) each supply the address of one 16-byte row, and every thread receives 32 "
            "bits of every tile, in exactly the register layout that "
            "mma.sync expects for its A/B operands. Use it to feed nvgpu.mma.sync instead of "
            "per-thread vector loads. The result is vector<numTiles x (32/bitwidth) x T>, "
            "e.g. vector<4x2xf16>. The source must be in shared memory, its element type must "
            "match the result's, elements can be at most 32 bits, and transpose = true "
            "(delivering the transposed tile, handy for the B operand) works only for 16-bit "
            "elements. All 32 lanes must execute it (it is .sync.aligned); row addresses must be "
            "16-byte aligned."
        ),
        requirement=Requirement(
            sm="sm_75",
            ptx="6.5",
            note="ptxas 13.0: 'Feature ldmatrix requires PTX ISA .version 6.5'; sm_75 is also the oldest target ptxas 13 assembles.",
        ),
        lowers_to=(
            "nvvm.ldmatrix",
            "llvm.getelementptr",
            "llvm.mlir.poison",
            "llvm.extractvalue",
            "llvm.bitcast",
            "llvm.insertvalue",
        ),
        ptx=(
            "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {d0}, [addr];",
            "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {d0, d1}, [addr];",
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {d0, d1, d2, d3}, [addr];",
            "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {d0, d1, d2, d3}, [addr];",
        ),
        docs=(
            ('srcMemref', 'shared-memory (address space 3 / workgroup) source'),
            ('indices', "one index per srcMemref dimension: this thread's row start"),
            ('transpose', 'deliver each 8x8 tile transposed (.trans); 16-bit elements only'),
            ('numTiles', 'number of 8x8 tiles loaded: 1, 2 or 4 (.x1/.x2/.x4); equals result dim 0'),
            ('res', 'vector<numTiles x (32/bitwidth) x T>'),
        ),
        era_formats=(
            '$srcMemref `[` $indices `]` `numTiles` `=` $numTiles `transpose` `=` $transpose attr-dict `:` type($srcMemref) `->` type($res)',
        ),
        note=_KEYWORD_ERA
            + " The keyword form is confirmed by upstream's fold-memref-alias-ops.mlir "
            "(`numTiles = 4 transpose = false`); both keywords are required.",
    ),
    'nvgpu.mma.sync': OpWords(
        summary="Warp-level tensor-core multiply-accumulate D = A*B + C on register fragments.",
        explanation=(
            "Performs one warp-wide mma.sync of shape mmaShape = [m, n, k]; each operand is "
            "the calling thread's fragment, a 2-D vector whose shape the verifier derives "
            "from the element type (e.g. m16n8k16 f16: A vector<4x2xf16>, B vector<2x2xf16>, "
            "C/D vector<2x2xf16 or f32>). A and B must have the same element type; supported "
            "inputs are f16, bf16, tf32 (f32 vectors plus tf32Enabled), f64 (m8n8k4), i8, i4 "
            "and, in the newest upstream, f8E4M3FN/f8E5M2. f32 operands without tf32Enabled "
            "verify but fail to lower. The fragment layout is fixed by PTX (row-major A, "
            "column-major B), so feed it from nvgpu.ldmatrix or a matching distribution. "
            "All 32 lanes must execute it together."
        ),
        requirement=Requirement(
            sm="sm_75",
            ptx="6.5",
            note=(
                "Floor over the shapes nvgpu accepts (ptxas 13.0): m16n8k8 f16, m8n8k16 s8 "
                "and m8n8k32 s4 need sm_75/PTX 6.5; m16n8k16 f16/bf16, tf32, f64 m8n8k4, "
                "m16n8k16/k32 s8 and m16n8k32/k64 s4 need sm_80/PTX 7.0; f8 (e4m3/e5m2) "
                "m16n8k32 needs sm_89/PTX 8.4 and f8 m16n8k16 sm_89/PTX 8.7. "
                "requirement_forms refine it by mmaShape and element type."
            ),
        ),
        requirement_forms=_MMA_SYNC_FORMS,
        lowers_to=("nvvm.mma.sync", "llvm.extractvalue", "llvm.bitcast", "llvm.insertvalue"),
        ptx=(
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d...}, {a...}, {b...}, {c...};",
            "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {d...}, {a...}, {b...}, {c...};",
            "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {d...}, {a}, {b}, {c...};",
            "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {d...}, {a...}, {b...}, {c...};",
            "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {d...}, {a...}, {b...}, {c...};",
        ),
        docs=(
            ('matrixA', "this thread's A fragment"),
            ('matrixB', "this thread's B fragment; same element type as A"),
            ('matrixC', "this thread's accumulator fragment"),
            ('mmaShape', 'warp-level [m, n, k] (I64ArrayAttr), e.g. [16, 8, 16]'),
            ('tf32Enabled', 'treat f32 operands as tf32; required for f32 inputs to lower'),
            ('res', "this thread's D fragment, same type as matrixC"),
        ),
        note=_KEYWORD_ERA + " Keyword spelling of mmaShape/tf32Enabled is reconstructed (no test in the corpus shows it).",
    ),
    'nvgpu.mma.sp.sync': OpWords(
        summary="Warp-level 2:4 structured-sparse tensor-core MMA with sparsity metadata.",
        explanation=(
            "Like nvgpu.mma.sync, but A is 2:4 structured sparse: matrixA holds only the "
            "non-zero half of A (so its fragment is half the dense size) and sparseMetadata "
            "(vector<2xi16>, one 32-bit word per thread) says which two of every four "
            "elements they are. sparsitySelector (0 or 1) picks which threads of each quad "
            "supply the metadata. f64 is not allowed. Use it to double tensor-core "
            "throughput on pruned weights; the metadata must be produced in PTX's layout, "
            "which is easy to get wrong. The lowering emits inline PTX without "
            "::ordered_metadata, for which ptxas prints a performance advisory."
        ),
        requirement=Requirement(
            sm="sm_80",
            ptx="7.1",
            note="ptxas 13.0: 'Sparse MMA requires PTX ISA .version 7.1'; works on sm_80+ with an advisory to use .sp::ordered_metadata (PTX 8.5).",
        ),
        lowers_to=("llvm.inline_asm", "llvm.bitcast", "llvm.extractvalue"),
        ptx=(
            "mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {d...}, {a...}, {b...}, {c...}, meta, 0x0;",
            "mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 {d...}, {a...}, {b...}, {c...}, meta, 0x1;",
        ),
        docs=(
            ('matrixA', "non-zero half of this thread's A fragment"),
            ('matrixB', "this thread's B fragment; same element type as A"),
            ('matrixC', "this thread's accumulator fragment"),
            ('sparseMetadata', 'vector<2xi16>: sparsity indices'),
            ('mmaShape', 'warp-level [m, n, k] of the dense problem'),
            ('sparsitySelector', '0 or 1: which thread pair provides the metadata'),
            ('tf32Enabled', 'treat f32 operands as tf32'),
            ('res', "this thread's D fragment"),
        ),
        note=_KEYWORD_ERA
            + " The PR text names only 'MMA' ops; mma.sp.sync carries the same properties "
            "(mmaShape, sparsitySelector, tf32Enabled) and so must have changed with "
            "mma.sync under strict mode, but its keyword spelling is inferred, not seen.",
    ),
    'nvgpu.device_async_copy': OpWords(
        summary="Start an asynchronous global-to-shared copy of 4, 8 or 16 bytes (cp.async).",
        explanation=(
            "Each thread issues its own non-blocking copy of dstElements elements from a "
            "global memref into a shared memref and gets a token back. The copy is 4, 8 or "
            "16 bytes in total (dstElements x element width); with the optional srcElements "
            "operand only that many elements are read and the rest of the destination is "
            "zero-filled, which is how out-of-bounds tails are handled. bypassL1 requests the "
            "L2-only (.cg) path and is only legal for 16-byte copies. The data is not "
            "visible until the copy's group is committed with nvgpu.device_async_create_group "
            "and waited for with nvgpu.device_async_wait; other threads additionally need a "
            "barrier. Both memrefs need a unit-stride innermost dimension, the same element "
            "type, and one index per dimension."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="ptxas 13.0: cp.async requires PTX 7.0 and sm_80 (rejected on sm_75)."),
        lowers_to=(
            "nvvm.cp.async.shared.global",
            "llvm.getelementptr",
            "llvm.addrspacecast",
            "llvm.mlir.constant",
            "llvm.trunc",
            "llvm.mul",
            "llvm.lshr",
        ),
        ptx=(
            "cp.async.cg.shared.global [dst], [src], 16;",
            "cp.async.ca.shared.global [dst], [src], 4;",
            "cp.async.ca.shared.global [dst], [src], 16, src_bytes;",
        ),
        docs=(
            ('dst', 'shared-memory destination (written)'),
            ('dstIndices', 'one index per dst dimension'),
            ('src', 'global-memory source (read)'),
            ('srcIndices', 'one index per src dimension'),
            ('srcElements', 'elements actually read; the remainder is zero-filled'),
            ('dstElements', 'IndexAttr: elements written; 4, 8 or 16 bytes in total'),
            ('bypassL1', 'hint to bypass L1 (.cg); requires a 16-byte copy'),
            ('asyncToken', 'token to put into a group'),
        ),
        note=_KEYWORD_ERA
            + " The keyword form is confirmed by upstream's fold-memref-alias-ops.mlir and "
            "transform-create-async-groups.mlir (`8 bypassL1 :`, `4, %sz bypassL1 :`). "
            "Operands are in ODS order (dst first) although the syntax writes src first. "
            "The lowering picks .cg only when bypassL1 is set and the copy is 16 bytes.",
    ),
    'nvgpu.device_async_create_group': OpWords(
        summary="Commit all of this thread's pending async copies as one group (cp.async.commit_group).",
        explanation=(
            "Closes the current batch of nvgpu.device_async_copy operations issued by this "
            "thread into a group and returns a token for it. The token operands document "
            "which copies belong to the group, but the hardware simply commits every copy "
            "this thread issued since the previous commit, so copies are grouped by program "
            "order, not by the tokens listed. Groups complete in the order they are created. "
            "Typical use in a multi-stage pipeline: issue the copies for one stage, create a "
            "group, then wait until only the newest groups are still in flight."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="cp.async.commit_group: sm_80 / PTX 7.0 (ptxas 13.0)."),
        lowers_to=("nvvm.cp.async.commit.group", "llvm.mlir.constant"),
        ptx=("cp.async.commit_group;",),
        docs=(
            ('inputTokens', 'tokens of the copies in the group'),
            ('asyncToken', 'token of the group'),
        ),
        note="No inherent attributes, so the syntax did not change in the strict-property era.",
    ),
    'nvgpu.device_async_wait': OpWords(
        summary="Block the thread until at most numGroups committed async-copy groups are pending.",
        explanation=(
            "Waits for this thread's committed cp.async groups. Without numGroups it waits "
            "for all of them (cp.async.wait_group 0); with numGroups = N it returns as soon "
            "as only the N most recent groups may still be in flight, which keeps a software "
            "pipeline N stages deep. The token operand is only an SSA link: the wait is not "
            "tied to that particular group. The wait makes the data visible to the issuing "
            "thread only; add a barrier (gpu.barrier) before other threads read the shared "
            "memory."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="cp.async.wait_group: sm_80 / PTX 7.0 (ptxas 13.0)."),
        lowers_to=("nvvm.cp.async.wait.group",),
        ptx=("cp.async.wait_group N;",),
        docs=(
            ('asyncDependencies', 'group token (SSA dependency only)'),
            ('numGroups', 'groups allowed to stay pending; absent means 0 (wait for all)'),
        ),
        note=_KEYWORD_ERA
            + " Keyword spelling of numGroups is reconstructed. The corpus variant "
            "2dbb60534c29 writes `nvgpu.device_async_wait {numGroups = 1 : i32}` with no "
            "token: that comes from the unmerged llvm-project PR #130482 (token-less "
            "create_group/wait) and is not accepted by any upstream release.",
    ),
    'nvgpu.mbarrier.create': OpWords(
        summary="Allocate a group of mbarrier objects (a private shared-memory global).",
        explanation=(
            "Reserves num_barriers 64-bit mbarrier objects in the memory space named by the "
            "result type and returns the group. It emits no instruction: the conversion "
            "creates a module-level memref.global and returns it via memref.get_global, so "
            "every execution of the op in a kernel refers to the same storage. The barriers "
            "are uninitialised; one thread must run nvgpu.mbarrier.init on each before any "
            "other mbarrier op, followed by a CTA barrier so all threads see the init."
        ),
        requirement=Requirement(
            sm="sm_80",
            ptx="7.0",
            note="Emits no instruction; carries the requirement of mbarrier.init (sm_80 / PTX 7.0), the only way to use the barriers.",
        ),
        lowers_to=("memref.global", "memref.get_global"),
        ptx=(".shared .align 8 .b64 __mbarrier[num_barriers];  // declaration, no instruction",),
        docs=(
            ('barriers', 'the new group'),
        ),
    ),
    'nvgpu.mbarrier.get': OpWords(
        summary="Return the shared-memory address of one mbarrier of a group as an integer.",
        explanation=(
            "Computes the address of barrier `mbarId` of the group and returns it as i32 "
            "(a shared-window offset, what most PTX needs) or i64. Use it to hand an "
            "mbarrier to code outside the nvgpu dialect, e.g. inline PTX or NVVM ops that "
            "take a raw address. It emits only address arithmetic. The index is not bounds "
            "checked against num_barriers."
        ),
        requirement=Requirement(
            sm="sm_80",
            ptx="7.0",
            note="Emits only address arithmetic; carries the requirement of the mbarrier instructions the address is for (sm_80 / PTX 7.0).",
        ),
        lowers_to=("llvm.getelementptr", "llvm.ptrtoint"),
        ptx=("mov.u32 r, __mbarrier;  // plus the element offset",),
        docs=(
            ('barriers', 'the group'),
            ('mbarId', 'which barrier of the group'),
            ('mbarrierPointer', 'i32 or i64 address'),
        ),
        note=(
            "Present in NVGPUOps.td d54644a7 (not in 04b2c5eb). Its lowering "
            "(strided element pointer + llvm.ptrtoint) is absent from the mid-2025 "
            "NVGPUToNVVM.cpp the corpus describes, but the torch-mlir bindings have it."
        ),
    ),
    'nvgpu.mbarrier.init': OpWords(
        summary="Initialise one mbarrier with its expected arrival count.",
        explanation=(
            "Sets barrier `mbarId` to expect `count` arrivals per phase and resets it to "
            "phase 0. Run it from a single thread (or guard it with `predicate`) before any "
            "other use, then make it visible to the rest of the CTA with a barrier (and, for "
            "TMA, a fence.mbarrier_init / proxy fence when cluster peers or the async proxy "
            "will touch it). count must be in 1..2^20-1 and is truncated to i32. "
            "Re-initialising a barrier that still has pending arrivals or transactions is "
            "undefined."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="mbarrier.init: sm_80 / PTX 7.0 (ptxas 13.0 rejects sm_75 and PTX 6.5)."),
        lowers_to=("nvvm.mbarrier.init", "llvm.getelementptr", "llvm.trunc"),
        ptx=("mbarrier.init.shared.b64 [addr], count;",),
        docs=(
            ('barriers', 'the group'),
            ('count', 'expected arrivals per phase'),
            ('mbarId', 'which barrier of the group'),
            ('predicate', 'execute only where true'),
        ),
        note="Operand order in ODS is (barriers, count, mbarId, predicate); the syntax writes mbarId first.",
    ),
    'nvgpu.mbarrier.arrive': OpWords(
        summary="Arrive on an mbarrier (count 1) and get the phase token.",
        explanation=(
            "Records one arrival of the calling thread on barrier `mbarId` and returns a "
            "token identifying the current phase; when the pending count reaches zero (and "
            "no transactions are outstanding) the phase completes and the barrier flips to "
            "the next phase. Pass the token to nvgpu.mbarrier.test.wait, or ignore it and "
            "wait by phase parity. Every thread counted in init must arrive exactly once per "
            "phase, otherwise waiters hang."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="mbarrier.arrive (with a result register): sm_80 / PTX 7.0 (ptxas 13.0)."),
        lowers_to=("nvvm.mbarrier.arrive", "llvm.getelementptr"),
        ptx=("mbarrier.arrive.shared.b64 state, [addr];",),
        docs=(
            ('barriers', 'the group'),
            ('mbarId', 'which barrier of the group'),
            ('token', 'phase state'),
        ),
    ),
    'nvgpu.mbarrier.arrive.nocomplete': OpWords(
        summary="Arrive `count` times on an mbarrier without being allowed to complete the phase.",
        explanation=(
            "Decrements the pending count of barrier `mbarId` by `count` and returns the "
            "phase token, but guarantees it is not the arrival that completes the phase. "
            "Use it when one thread arrives on behalf of several participants while someone "
            "else is certain to perform the final arrival; if this arrival would in fact "
            "complete the phase, behaviour is undefined. count is truncated to i32."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="mbarrier.arrive.noComplete: sm_80 / PTX 7.0 (ptxas 13.0)."),
        lowers_to=("nvvm.mbarrier.arrive.nocomplete", "llvm.getelementptr", "llvm.trunc"),
        ptx=("mbarrier.arrive.noComplete.shared.b64 state, [addr], count;",),
        docs=(
            ('barriers', 'the group'),
            ('mbarId', 'which barrier of the group'),
            ('count', 'number of arrivals'),
            ('token', 'phase state'),
        ),
        note="Op name is all lower case (`nocomplete`); upstream's description example misspells it `noComplete`.",
    ),
    'nvgpu.mbarrier.arrive.expect_tx': OpWords(
        summary="Arrive on an mbarrier and announce txcount bytes of incoming async transactions.",
        explanation=(
            "Adds txcount to the barrier's expected transaction count and performs an "
            "arrival; the phase then completes only after all arrivals happened and the TMA "
            "(or bulk-copy) engine has delivered that many bytes to the barrier. This is the "
            "producer half of a TMA load: one thread calls it with the total byte size of "
            "all nvgpu.tma.async.load operations that signal this barrier in the phase. "
            "txcount is in BYTES, not elements (despite upstream's wording), is truncated to "
            "i32, and must match exactly, or the wait never finishes / finishes early. Guard "
            "it with `predicate` so only one thread issues it."
        ),
        requirement=Requirement(
            sm="sm_90",
            ptx="8.0",
            note=(
                "ptxas 13.0 contradicts the reference PTX 7.8: 'Feature "
                "mbarrier.arrive.expect_tx requires PTX ISA .version 8.0 or later' (with or "
                "without the `_` sink); ptxas wins. sm_90 confirmed (rejected on sm_89)."
            ),
        ),
        lowers_to=("nvvm.mbarrier.arrive.expect_tx", "llvm.getelementptr", "llvm.trunc"),
        ptx=("mbarrier.arrive.expect_tx.shared.b64 _, [addr], txcount;",),
        docs=(
            ('barriers', 'the group'),
            ('txcount', 'bytes the async operations will deliver'),
            ('mbarId', 'which barrier of the group'),
            ('predicate', 'execute only where true'),
        ),
        note="Operand order in ODS is (barriers, txcount, mbarId, predicate); the syntax writes mbarId first.",
    ),
    'nvgpu.mbarrier.test.wait': OpWords(
        summary="Non-blocking check whether the phase identified by a token has completed.",
        explanation=(
            "Returns true once the phase that `token` (from an arrive) belongs to has "
            "completed on barrier `mbarId`; it never blocks, so spin on it in a loop (e.g. "
            "scf.while) if you must wait. It also acts as an acquire for memory written by "
            "the other participants when it returns true. Prefer "
            "nvgpu.mbarrier.try_wait.parity on sm_90, which can suspend the thread instead "
            "of spinning."
        ),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="mbarrier.test_wait: sm_80 / PTX 7.0 (ptxas 13.0)."),
        lowers_to=("nvvm.mbarrier.test.wait", "llvm.getelementptr"),
        ptx=("mbarrier.test_wait.shared.b64 waitComplete, [addr], state;",),
        docs=(
            ('barriers', 'the group'),
            ('token', 'phase token from an arrive'),
            ('mbarId', 'which barrier of the group'),
            ('waitComplete', 'true when the phase has completed'),
        ),
    ),
    'nvgpu.mbarrier.try_wait.parity': OpWords(
        summary="Wait until the mbarrier phase with the given parity has completed.",
        explanation=(
            "Blocks until the phase of barrier `mbarId` whose parity is phaseParity (false = "
            "even, true = odd) has completed. The lowering loops around PTX "
            "mbarrier.try_wait.parity, which may suspend the thread for up to `ticks` (a "
            "time hint, truncated to i32) before retrying, so it always returns after "
            "completion. Consumers of a TMA pipeline track the parity themselves and flip it "
            "each time they wrap around the ring of barriers; waiting on the wrong parity "
            "either returns immediately (stale data) or hangs."
        ),
        requirement=Requirement(sm="sm_90", ptx="7.8", note="mbarrier.try_wait.parity: sm_90 / PTX 7.8 (ptxas 13.0; rejected on sm_89 and PTX 7.7)."),
        lowers_to=("nvvm.mbarrier.try_wait.parity", "llvm.zext", "llvm.trunc", "llvm.getelementptr"),
        ptx=("mbarrier.try_wait.parity.shared.b64 p, [addr], phaseParity, suspendTimeHint;  // in a retry loop",),
        docs=(
            ('barriers', 'the group'),
            ('phaseParity', 'parity of the phase to wait for (index in older releases)'),
            ('ticks', 'suspend-time hint'),
            ('mbarId', 'which barrier of the group'),
        ),
        note=(
            "phaseParity is I1 in current upstream (lowered with llvm.zext to i32); older "
            "releases declared it Index, so older IR passes an index value (e.g. %c0) there. "
            "The format text is the same in both. Operand order in ODS is (barriers, "
            "phaseParity, ticks, mbarId)."
        ),
    ),
    'nvgpu.tma.async.load': OpWords(
        summary="TMA: asynchronously copy one tile of a global tensor into shared memory.",
        explanation=(
            "Asks the Tensor Memory Accelerator to fetch the box whose origin is "
            "`coordinates` (innermost dimension first, one per descriptor dimension, up to "
            "5) from the global tensor described by the tensor map into `dst`, and to "
            "report the delivered bytes to barrier `mbarId`. The copy is issued by a single "
            "thread (use `predicate`); consumers wait on the barrier after a producer called "
            "nvgpu.mbarrier.arrive.expect_tx with the byte count. dst must be in shared "
            "memory with exactly the descriptor's tile shape and element type. "
            "multicast_mask (i16) broadcasts the tile to the CTAs of a cluster it names."
        ),
        requirement=Requirement(
            sm="sm_90",
            ptx="8.0",
            note="cp.async.bulk.tensor: sm_90 / PTX 8.0 (ptxas 13.0). With multicast_mask ptxas advises sm_90a for performance.",
        ),
        lowers_to=("nvvm.cp.async.bulk.tensor.shared.cluster.global", "llvm.getelementptr", "llvm.trunc"),
        ptx=(
            "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [tmap, {c0, c1}], [mbar];",
            "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [dst], [tmap, {c0, c1}], [mbar], mask;",
        ),
        docs=(
            ('dst', 'shared-memory destination tile'),
            ('barriers', 'group holding the completion barrier'),
            ('tensorMapDescriptor', 'the tensor map'),
            ('coordinates', 'tile origin, 1 to 5 values (truncated to i32)'),
            ('mbarId', 'which barrier of the group'),
            ('multicastMask', 'cluster CTA mask for multicast'),
            ('predicate', 'issue only where true'),
        ),
        note=(
            "Older releases had no multicast_mask/predicate groups; the optional groups "
            "cover them. Note there is no comma before `multicast_mask`. ODS operand order "
            "is (dst, barriers, tensorMapDescriptor, coordinates, mbarId, multicastMask, "
            "predicate)."
        ),
    ),
    'nvgpu.tma.async.store': OpWords(
        summary="TMA: asynchronously copy a shared-memory tile into a global tensor.",
        explanation=(
            "Asks the Tensor Memory Accelerator to write the shared-memory tile `src` to the "
            "box at `coordinates` of the global tensor described by the tensor map. Issue it "
            "from one thread (use `predicate`) after all threads finished writing the tile "
            "and a proxy fence (fence.proxy.async.shared::cta) made those writes visible to "
            "the async proxy. Completion is tracked with bulk groups, for which nvgpu has no "
            "op: use nvvm.cp.async.bulk.commit.group / nvvm.cp.async.bulk.wait_group before "
            "reusing the shared buffer or exiting. src must match the descriptor's tile "
            "shape and element type."
        ),
        requirement=Requirement(sm="sm_90", ptx="8.0", note="cp.async.bulk.tensor (global <- shared::cta, bulk_group): sm_90 / PTX 8.0 (ptxas 13.0)."),
        lowers_to=("nvvm.cp.async.bulk.tensor.global.shared.cta", "llvm.getelementptr", "llvm.trunc"),
        ptx=("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [tmap, {c0, c1}], [src];",),
        docs=(
            ('src', 'shared-memory source tile'),
            ('tensorMapDescriptor', 'the tensor map (written through)'),
            ('coordinates', 'tile origin, 1 to 5 values'),
            ('predicate', 'issue only where true'),
        ),
    ),
    'nvgpu.tma.prefetch.descriptor': OpWords(
        summary="Prefetch a tensor map into the cache ahead of TMA operations.",
        explanation=(
            "Brings the cache line holding the 128-byte tensor map closer to the SM so the "
            "first nvgpu.tma.async.load using it does not stall on fetching the descriptor. "
            "Issue it once, early in the kernel, from one thread (use `predicate`). It is a "
            "pure performance hint with no effect on results."
        ),
        requirement=Requirement(sm="sm_90", ptx="8.0", note="prefetch.tensormap: sm_90 / PTX 8.0 (ptxas 13.0; rejected on sm_89 and PTX 7.8)."),
        lowers_to=("nvvm.prefetch",),
        ptx=("prefetch.tensormap [tmap];",),
        docs=(
            ('tensorMapDescriptor', 'the tensor map'),
            ('predicate', 'issue only where true'),
        ),
        note="In LLVM 22 the NVVM op is spelled `nvvm.prefetch tensormap, %p`.",
    ),
    'nvgpu.tma.fence.descriptor': OpWords(
        summary="Acquire fence making a modified tensor map visible to later TMA operations.",
        explanation=(
            "TMA reads descriptors through the tensor-map proxy, which does not see ordinary "
            "stores. If the descriptor's 128 bytes were changed after the kernel started "
            "(by the host with cudaMemcpy, or on the device), run this fence before the next "
            "TMA operation that uses it; it is a system-scope acquire of the tensormap proxy "
            "on that address. Unneeded (and costly) for descriptors that never change."
        ),
        requirement=Requirement(
            sm="sm_90",
            ptx="8.3",
            note=(
                "fence.proxy.tensormap::generic.acquire needs PTX 8.3, not the TMA baseline "
                "8.0: ptxas 13.0 'fence.proxy with unidirection proxy fence requires PTX ISA "
                ".version 8.3'; rejected on sm_89."
            ),
        ),
        lowers_to=("nvvm.fence.proxy.acquire", "llvm.mlir.constant"),
        ptx=("fence.proxy.tensormap::generic.acquire.sys [tmap], 128;",),
        docs=(
            ('tensorMapDescriptor', 'the tensor map'),
        ),
    ),
    'nvgpu.tma.create.descriptor': OpWords(
        summary="Host-side: encode a TMA tensor map for a global tensor (cuTensorMapEncodeTiled).",
        explanation=(
            "Runs on the host: given the global tensor as an unranked memref and the box "
            "size per dimension, it calls the CUDA driver (through the MLIR runtime helper "
            "mgpuTensorMapEncodeTiledMemref) to build the 128-byte tensor map described by "
            "the result type (tile shape, swizzle, L2 promotion, OOB fill). Pass the result "
            "to the kernel. boxDimensions should equal the descriptor's tile shape and "
            "respect TMA limits (at most 5 dimensions, each 1..256, innermost box a multiple "
            "of 16 bytes). It cannot be used inside device code."
        ),
        requirement=None,
        lowers_to=("llvm.alloca", "llvm.getelementptr", "llvm.store", "llvm.call", "llvm.func"),
        ptx=(),
        docs=(
            ('tensor', 'unranked memref (AnyUnrankedMemRef), e.g. memref<*xf16>'),
            ('boxDimensions', 'box size per dimension, at most 5'),
            ('tensorMap', 'the descriptor'),
        ),
        note=(
            "requirement is None: the op runs on the host and emits no PTX (a driver call "
            "needing CUDA 12+); the descriptor it builds is only usable by sm_90+ kernels, "
            "which the consuming TMA ops already gate."
        ),
    ),
    'nvgpu.warpgroup.generate.descriptor': OpWords(
        summary="Build the 64-bit wgmma matrix descriptor for a shared-memory operand tile.",
        explanation=(
            "Packs the shared-memory address of `tensor` together with the leading/stride "
            "byte offsets and swizzle mode implied by `tensorMap` into the descriptor that "
            "nvgpu.warpgroup.mma consumes. Use the same tensor map that TMA used to fill the "
            "tile, so the layout the hardware expects matches the layout TMA produced. "
            "Upstream supports only swizzle_128b and no interleave. It emits integer "
            "arithmetic only (no special instruction)."
        ),
        requirement=Requirement(
            sm="sm_90a",
            ptx="8.0",
            note="Emits only integer arithmetic; carries the requirement of wgmma (sm_90a / PTX 8.0), its only consumer.",
        ),
        lowers_to=("llvm.ptrtoint", "llvm.mlir.constant", "llvm.shl", "llvm.lshr", "llvm.or"),
        ptx=(),
        docs=(
            ('tensor', 'the operand tile in shared memory'),
            ('tensorMap', "tensor map that describes the tile's layout"),
            ('descriptor', 'wgmma descriptor'),
        ),
    ),
    'nvgpu.warpgroup.mma': OpWords(
        summary="Warpgroup (128-thread) asynchronous tensor-core GEMM on shared-memory operands (wgmma).",
        explanation=(
            "Computes D = A*B + C where A and B are described by wgmma descriptors into "
            "shared memory and C/D are warpgroup accumulators in registers. The shape comes "
            "from the types: A is M x K, B is K x N, C/D are M x N, and the op unrolls into "
            "as many m64nNk16 (k8 for tf32, k32 for f8) wgmma instructions as needed, "
            "wrapped in wgmma.fence / commit_group / wait_group (waitGroup, default 1, is "
            "how many groups may remain pending). All four warps of a warpgroup must execute "
            "it together. Upstream supports only non-transposed A with transposed "
            "(column-major) B, so set transposeB; f16/bf16 inputs with f32 or f16 "
            "accumulation, and f32 accumulation for tf32/f8. Ensure the TMA loads "
            "completed (mbarrier wait) before issuing it."
        ),
        requirement=Requirement(
            sm="sm_90a",
            ptx="8.0",
            note="wgmma.*: sm_90a / PTX 8.0 (ptxas 13.0). Arch-specific: rejected on sm_90 and on sm_100a.",
        ),
        lowers_to=(
            "nvvm.wgmma.fence.aligned",
            "nvvm.wgmma.mma_async",
            "nvvm.wgmma.commit.group.sync.aligned",
            "nvvm.wgmma.wait.group.sync.aligned",
            "llvm.add",
            "llvm.mlir.poison",
            "llvm.extractvalue",
            "llvm.insertvalue",
        ),
        ptx=(
            "wgmma.fence.sync.aligned;",
            "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {d...}, descA, descB, p, 1, 1, 0, 1;",
            "wgmma.commit_group.sync.aligned;",
            "wgmma.wait_group.sync.aligned N;",
        ),
        docs=(
            ('descriptorA', 'descriptor of A (M x K)'),
            ('descriptorB', 'descriptor of B (K x N)'),
            ('matrixC', 'input accumulator (M x N)'),
            ('waitGroup', 'wgmma groups left pending by the final wait_group'),
            ('transposeA', 'A is transposed (requires transposeB)'),
            ('transposeB', 'B is transposed (column-major); the supported layout'),
            ('matrixD', 'result accumulator; same type as matrixC'),
        ),
        note=_KEYWORD_ERA
            + " `transposeB` as a keyword is confirmed by the corpus README; waitGroup and "
            "transposeA spellings and the clause order are reconstructed. Operands in ODS "
            "order are (descriptorA, descriptorB, matrixC) - the attributes sit between B "
            "and C in the .td arguments list. Early upstream versions (LLVM 18) had variadic "
            "accumulators (`%r1, %r2 = nvgpu.warpgroup.mma %a, %b, %acc1, %acc2`); that form "
            "is not modelled.",
    ),
    'nvgpu.warpgroup.mma.store': OpWords(
        summary="Scatter a warpgroup accumulator from registers into a memref.",
        explanation=(
            "Each of the 128 threads writes the accumulator elements it owns to their "
            "(row, column) positions in dstMemref, following the wgmma register fragment "
            "layout, so afterwards the memref holds the whole M x N tile. All four warps of "
            "the warpgroup must execute it. Upstream accepts only f32 accumulators, and the "
            "memref's first two dimensions must equal the accumulator shape. The stores are "
            "plain, uncoalesced-per-thread stores; for global output consider staging in "
            "shared memory and a TMA store."
        ),
        requirement=Requirement(
            sm="sm_90a",
            ptx="8.0",
            note="Emits ordinary stores; carries the requirement of wgmma (sm_90a / PTX 8.0), which alone produces the accumulator it stores.",
        ),
        lowers_to=(
            "nvvm.read.ptx.sreg.tid.x",
            "llvm.urem",
            "llvm.udiv",
            "llvm.mul",
            "llvm.add",
            "llvm.mlir.constant",
            "llvm.extractvalue",
            "arith.index_cast",
            "memref.store",
        ),
        ptx=(),
        docs=(
            ('matrixD', 'accumulator to store (f32 only)'),
            ('dstMemref', 'destination, M x N'),
        ),
    ),
    'nvgpu.warpgroup.mma.init.accumulator': OpWords(
        summary="Create a zero-filled warpgroup accumulator.",
        explanation=(
            "Produces an accumulator of the result type whose every element is zero, to "
            "start a K loop of nvgpu.warpgroup.mma. The type must fit wgmma: M a multiple "
            "of 64 and N a valid wgmma N for the element type. It only materialises zero "
            "registers; no tensor-core instruction is issued."
        ),
        requirement=Requirement(
            sm="sm_90a",
            ptx="8.0",
            note="Emits only register moves; carries the requirement of wgmma (sm_90a / PTX 8.0), its only consumer.",
        ),
        lowers_to=("llvm.mlir.constant", "llvm.mlir.poison", "llvm.extractvalue", "llvm.insertvalue"),
        ptx=(),
        docs=(
            ('matrixC', 'zero accumulator'),
        ),
    ),
    'nvgpu.rcp': OpWords(
        summary="Element-wise fast approximate reciprocal of an f32 vector.",
        explanation=(
            "Computes 1/x for every element of an f32 vector with the hardware's "
            "approximate reciprocal (about 1 ulp, not IEEE-rounded). Today only "
            "`rounding = approx` together with `ftz` (denormal inputs and results flushed "
            "to zero) passes the verifier, so write `{rounding = approx, ftz}`. Use it where "
            "speed matters more than exact rounding, e.g. softmax normalisation; use "
            "arith.divf when you need a correctly rounded result. Input and result have the "
            "same vector type; n-D vectors are unrolled."
        ),
        requirement=Requirement(
            sm="sm_70",
            ptx="6.0",
            note=(
                "sm_70 is the project lead's anchor; PTX 6.0 is the oldest ISA that can "
                "target sm_70. rcp.approx.ftz.f32 itself has no SM floor in the PTX ISA "
                "(.ftz since PTX 1.4). ptxas 13.0 cannot assemble for sm_70 at all (oldest "
                "target sm_75, where it accepts the instruction with PTX 6.3), so the anchor "
                "could not be checked with ptxas."
            ),
        ),
        lowers_to=("nvvm.rcp.approx.ftz.f", "llvm.mlir.poison", "llvm.mlir.constant", "llvm.extractelement", "llvm.insertelement"),
        ptx=("rcp.approx.ftz.f32 d, a;",),
        docs=(
            ('in', 'vector of f32 (non-zero rank)'),
            ('rounding', 'only approx is accepted today; printed bare in the op'),
            ('ftz', 'flush denormals to zero; required today'),
            ('out', 'same type as `in`'),
        ),
        era_formats=(
            '$in attr-dict `:` type($out)',
        ),
        era_attributes=(
            AttributeFact(name="approx", kind="bool", optional=True,
                          doc="newest upstream: the approximate reciprocal (required today, with ftz = true)"),
        ),
        note=(
            "Two eras. LLVM 22 (mlir-opt-22): `{rounding = approx, ftz}` with the nvgpu rounding enum, "
            "written by the format. Newer upstream (the torch-mlir 20261001 bindings, measured): BoolAttr "
            "properties `approx` and `ftz` and an NVVM `rounding` (#nvvm.fp_rnd_mode, default none) in the "
            "attribute dictionary, `nvgpu.rcp %x {approx = true, ftz = true} : vector<4xf32>`; its verifier "
            "wants approx and ftz true and rounding none. The attribute facts hold both eras' names; the "
            "verifier tells the eras apart by the attributes written."
        ),
    ),
}
