"""The project's own words and measurements about ``nvvm`` ops: a summary, an explanation,
the lowest SM and PTX ISA that ptxas 13.0 accepts for the instruction the op becomes
(``Requirement``; its note says where that differs from the ``NVVMRequiresSM`` annotation in
``NVVMOps.td``), and the PTX it is. Op structure is not here: it comes from the generated
registry (``ods``)."""

from __future__ import annotations

from ...analysis.facts import OpWords, Requirement, RequirementForm

WORDS: dict[str, OpWords] = {
    "nvvm.read.ptx.sreg.tid.x": OpWords(
        summary="Thread index in the CTA (x)",
        explanation="Reads the PTX special register holding the thread index within its CTA along x.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %tid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.tid.y": OpWords(
        summary="Thread index in the CTA (y)",
        explanation="Reads the PTX special register holding the thread index within its CTA along y.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %tid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.tid.z": OpWords(
        summary="Thread index in the CTA (z)",
        explanation="Reads the PTX special register holding the thread index within its CTA along z.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %tid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.ntid.x": OpWords(
        summary="CTA size (x)",
        explanation="Reads the PTX special register holding the number of threads per CTA along x.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ntid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.ntid.y": OpWords(
        summary="CTA size (y)",
        explanation="Reads the PTX special register holding the number of threads per CTA along y.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ntid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.ntid.z": OpWords(
        summary="CTA size (z)",
        explanation="Reads the PTX special register holding the number of threads per CTA along z.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ntid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.ctaid.x": OpWords(
        summary="CTA index in the grid (x)",
        explanation="Reads the PTX special register holding the CTA index within the grid along x.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ctaid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.ctaid.y": OpWords(
        summary="CTA index in the grid (y)",
        explanation="Reads the PTX special register holding the CTA index within the grid along y.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ctaid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.ctaid.z": OpWords(
        summary="CTA index in the grid (z)",
        explanation="Reads the PTX special register holding the CTA index within the grid along z.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ctaid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.nctaid.x": OpWords(
        summary="Grid size in CTAs (x)",
        explanation="Reads the PTX special register holding the number of CTAs in the grid along x.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %nctaid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.nctaid.y": OpWords(
        summary="Grid size in CTAs (y)",
        explanation="Reads the PTX special register holding the number of CTAs in the grid along y.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %nctaid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.nctaid.z": OpWords(
        summary="Grid size in CTAs (z)",
        explanation="Reads the PTX special register holding the number of CTAs in the grid along z.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %nctaid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.laneid": OpWords(
        summary="Lane index in the warp",
        explanation="Reads the calling thread's lane (0-31) within its warp.",
        requirement=Requirement("sm_10", "1.3"),
        ptx=(
            "mov.u32 %r, %laneid;",
        ),
    ),
    "nvvm.read.ptx.sreg.warpid": OpWords(
        summary="Warp index (not stable)",
        explanation="Reads the warp's identifier on its SM, which may change when the warp is rescheduled.",
        requirement=Requirement("sm_10", "1.3"),
        ptx=(
            "mov.u32 %r, %warpid;",
        ),
    ),
    "nvvm.read.ptx.sreg.nwarpid": OpWords(
        summary="Maximum warp ids per SM",
        explanation="Reads the number of warp identifiers an SM provides.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %nwarpid;",
        ),
    ),
    "nvvm.read.ptx.sreg.smid": OpWords(
        summary="SM index (not stable)",
        explanation="Reads the identifier of the SM running the thread.",
        requirement=Requirement("sm_10", "1.3"),
        ptx=(
            "mov.u32 %r, %smid;",
        ),
    ),
    "nvvm.read.ptx.sreg.nsmid": OpWords(
        summary="Maximum SM id",
        explanation="Reads the number of SM identifiers.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %nsmid;",
        ),
    ),
    "nvvm.read.ptx.sreg.gridid": OpWords(
        summary="Grid launch identifier",
        explanation="Reads a per-launch grid identifier.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u64 %rd, %gridid;",
        ),
    ),
    "nvvm.read.ptx.sreg.warpsize": OpWords(
        summary="Warp width",
        explanation="Reads the number of threads in a warp (32).",
        requirement=Requirement("sm_10", "1.0", note="Reads the WARP_SZ constant."),
        ptx=(
            "mov.u32 %r, WARP_SZ;",
        ),
    ),
    "nvvm.read.ptx.sreg.lanemask.eq": OpWords(
        summary="Mask of the own lane",
        explanation="Reads a 32-bit mask with only the calling lane's bit set.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_eq;",
        ),
    ),
    "nvvm.read.ptx.sreg.lanemask.le": OpWords(
        summary="Mask of lanes at or below",
        explanation="Reads a mask of lanes with id <= the calling lane.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_le;",
        ),
    ),
    "nvvm.read.ptx.sreg.lanemask.lt": OpWords(
        summary="Mask of lanes below",
        explanation="Reads a mask of lanes with id < the calling lane.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_lt;",
        ),
    ),
    "nvvm.read.ptx.sreg.lanemask.ge": OpWords(
        summary="Mask of lanes at or above",
        explanation="Reads a mask of lanes with id >= the calling lane.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_ge;",
        ),
    ),
    "nvvm.read.ptx.sreg.lanemask.gt": OpWords(
        summary="Mask of lanes above",
        explanation="Reads a mask of lanes with id > the calling lane.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_gt;",
        ),
    ),
    "nvvm.read.ptx.sreg.clusterid.x": OpWords(
        summary="Cluster index in the grid (x)",
        explanation="Reads the PTX special register holding the cluster index within the grid along x.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %clusterid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.clusterid.y": OpWords(
        summary="Cluster index in the grid (y)",
        explanation="Reads the PTX special register holding the cluster index within the grid along y.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %clusterid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.clusterid.z": OpWords(
        summary="Cluster index in the grid (z)",
        explanation="Reads the PTX special register holding the cluster index within the grid along z.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %clusterid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.nclusterid.x": OpWords(
        summary="Grid size in clusters (x)",
        explanation="Reads the PTX special register holding the number of clusters in the grid along x.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %nclusterid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.nclusterid.y": OpWords(
        summary="Grid size in clusters (y)",
        explanation="Reads the PTX special register holding the number of clusters in the grid along y.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %nclusterid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.nclusterid.z": OpWords(
        summary="Grid size in clusters (z)",
        explanation="Reads the PTX special register holding the number of clusters in the grid along z.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %nclusterid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.ctaid.x": OpWords(
        summary="CTA index in the cluster (x)",
        explanation="Reads the PTX special register holding the CTA index within its cluster along x.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %cluster_ctaid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.ctaid.y": OpWords(
        summary="CTA index in the cluster (y)",
        explanation="Reads the PTX special register holding the CTA index within its cluster along y.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %cluster_ctaid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.ctaid.z": OpWords(
        summary="CTA index in the cluster (z)",
        explanation="Reads the PTX special register holding the CTA index within its cluster along z.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %cluster_ctaid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.nctaid.x": OpWords(
        summary="Cluster size in CTAs (x)",
        explanation="Reads the PTX special register holding the number of CTAs per cluster along x.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %cluster_nctaid.x;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.nctaid.y": OpWords(
        summary="Cluster size in CTAs (y)",
        explanation="Reads the PTX special register holding the number of CTAs per cluster along y.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %cluster_nctaid.y;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.nctaid.z": OpWords(
        summary="Cluster size in CTAs (z)",
        explanation="Reads the PTX special register holding the number of CTAs per cluster along z.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %cluster_nctaid.z;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.ctarank": OpWords(
        summary="Linear CTA rank in the cluster",
        explanation="Reads the CTA's linear rank within its cluster.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8)."),
        ptx=(
            "mov.u32 %r, %cluster_ctarank;",
        ),
    ),
    "nvvm.read.ptx.sreg.cluster.nctarank": OpWords(
        summary="CTAs per cluster (linear)",
        explanation="Reads the number of CTAs in the cluster.",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries no "
                "annotation, but ptxas rejects the register below .target sm_90 and below PTX 7.8 "
                "(ptxas wins)."
            )),
        ptx=(
            "mov.u32 %r, %cluster_nctarank;",
        ),
    ),
    "nvvm.read.ptx.sreg.clock": OpWords(
        summary="32-bit cycle counter",
        explanation="Reads a per-SM 32-bit clock counter.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %clock;",
        ),
    ),
    "nvvm.read.ptx.sreg.clock64": OpWords(
        summary="64-bit cycle counter",
        explanation="Reads a per-SM 64-bit clock counter.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u64 %rd, %clock64;",
        ),
    ),
    "nvvm.read.ptx.sreg.globaltimer": OpWords(
        summary="Global nanosecond timer",
        explanation="Reads a 64-bit global timer in nanoseconds.",
        requirement=Requirement("sm_30", "3.1"),
        ptx=(
            "mov.u64 %rd, %globaltimer;",
        ),
    ),
    "nvvm.read.ptx.sreg.globaltimer.lo": OpWords(
        summary="Global timer, low 32 bits",
        explanation="Reads the low 32 bits of the global nanosecond timer.",
        requirement=Requirement("sm_30", "3.1"),
        ptx=(
            "mov.u32 %r, %globaltimer_lo;",
        ),
    ),
    "nvvm.read.ptx.sreg.total.smem.size": OpWords(
        summary="Total shared memory of the CTA",
        explanation="Reads the shared memory size (static plus dynamic) allocated to the CTA.",
        requirement=Requirement("sm_20", "4.1"),
        ptx=(
            "mov.u32 %r, %total_smem_size;",
        ),
    ),
    "nvvm.read.ptx.sreg.dynamic.smem.size": OpWords(
        summary="Dynamic shared memory of the CTA",
        explanation="Reads the dynamically allocated shared memory size of the CTA.",
        requirement=Requirement("sm_20", "4.1"),
        ptx=(
            "mov.u32 %r, %dynamic_smem_size;",
        ),
    ),
    "nvvm.read.ptx.sreg.aggr.smem.size": OpWords(
        summary="Aggregate shared memory of the CTA",
        explanation="Reads the total shared memory including the driver-reserved part.",
        requirement=Requirement("sm_90", "8.1", note="ODS: NVVMRequiresSM<90>; ptxas: sm_90 and PTX 8.1."),
        ptx=(
            "mov.u32 %r, %aggr_smem_size;",
        ),
    ),
    "nvvm.barrier0": OpWords(
        summary="CTA-wide barrier 0",
        explanation="Waits until every thread of the CTA reaches barrier 0.",
        requirement=Requirement("sm_10", "1.0", note=(
                "Lowers to the aligned CTA barrier with id 0 (`bar.sync 0`, all targets). The "
                "`barrier.sync.aligned` spelling of the same instruction needs PTX 6.0 and the "
                "`barrier.cta.*` spelling PTX 7.8 (ptxas)."
            )),
        ptx=(
            "bar.sync 0;",
        ),
    ),
    "nvvm.barrier": OpWords(
        summary="CTA-wide barrier with id, thread count or reduction",
        explanation=(
            "Synchronises the CTA on a named barrier, optionally for a subset of threads; LLVM 22 can"
            " also reduce an i32 predicate across the participants (popc/and/or) and return the "
            "result."
        ),
        requirement=Requirement("sm_10", "1.0", note=(
                "Plain and counted forms are `bar.sync` (all targets). The reduction form "
                "(`popc`/`and`/`or` with a predicate, LLVM 22) is `bar.red`, which ptxas accepts from"
                " sm_20 and PTX 2.0."
            )),
        ptx=(
            "bar.sync id{, count};",
            "bar.red.popc.u32 / bar.red.{and,or}.pred",
        ),
    ),
    "nvvm.barrier.arrive": OpWords(
        summary="Arrive at a CTA barrier without waiting",
        explanation="Signals arrival at a named barrier for a given thread count and continues.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "bar.arrive id, count;",
        ),
    ),
    "nvvm.cluster.arrive": OpWords(
        summary="Arrive at the cluster barrier",
        explanation="Marks the thread's arrival at the cluster-wide barrier (release semantics).",
        requirement=Requirement("sm_90", "7.8", note=(
                "ODS carries no NVVMRequiresSM annotation on this op, but ptxas needs sm_90 and PTX "
                "7.8 for barrier.cluster.arrive (ptxas wins)."
            )),
        ptx=(
            "barrier.cluster.arrive{.aligned};",
        ),
    ),
    "nvvm.cluster.arrive.relaxed": OpWords(
        summary="Arrive at the cluster barrier (relaxed)",
        explanation="Like cluster.arrive but without memory-ordering guarantees.",
        requirement=Requirement("sm_90", "8.0", note="ODS: NVVMRequiresSM<90>. ptxas: the `.relaxed` modifier needs PTX 8.0."),
        ptx=(
            "barrier.cluster.arrive.relaxed{.aligned};",
        ),
    ),
    "nvvm.cluster.wait": OpWords(
        summary="Wait at the cluster barrier",
        explanation="Waits until all threads of the cluster arrived.",
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees."),
        ptx=(
            "barrier.cluster.wait{.aligned};",
        ),
    ),
    "nvvm.fence.sc.cluster": OpWords(
        summary="Sequentially consistent cluster fence",
        explanation="Orders memory accesses at cluster scope.",
        requirement=Requirement("sm_90", "7.8", note="No ODS annotation; ptxas needs sm_90/PTX 7.8 for the .cluster scope."),
        ptx=(
            "fence.sc.cluster;",
        ),
    ),
    "nvvm.memory.barrier": OpWords(
        summary="Memory barrier at a scope",
        explanation=(
            "Makes prior memory accesses of the thread visible at the given scope (cta, cluster, gpu,"
            " sys)."
        ),
        requirement=Requirement("sm_10", "1.4", note=(
                "`cta` and `gpu` scopes are membar.cta/membar.gl (PTX 1.4); `sys` is membar.sys "
                "(sm_20, PTX 2.0); `cluster` is fence.sc.cluster (sm_90, PTX 7.8)."
            )),
        ptx=(
            "membar.cta;",
            "membar.gl;",
            "membar.sys;",
            "fence.sc.cluster;",
        ),
    ),
    "nvvm.fence.proxy": OpWords(
        summary="Proxy fence",
        explanation="Orders accesses made through different memory proxies (generic vs. async or alias).",
        requirement=Requirement("sm_70", "7.5", note=(
                "`alias` needs sm_70/PTX 7.5; the `async`, `async.global` and `async.shared` kinds "
                "need sm_90/PTX 8.0 (ptxas). ODS carries no annotation."
            )),
        ptx=(
            "fence.proxy.alias;",
            "fence.proxy.async{.global,.shared::{cta,cluster}};",
        ),
    ),
    "nvvm.fence.proxy.acquire": OpWords(
        summary="Acquire-side tensormap proxy fence",
        explanation=(
            "One-directional fence that makes generic-proxy writes to a tensor map visible to the "
            "tensormap proxy."
        ),
        requirement=Requirement("sm_90", "8.3", note=(
                "ptxas: uni-directional proxy fences need sm_90 and PTX 8.3; ODS carries no "
                "annotation."
            )),
        ptx=(
            "fence.proxy.tensormap::generic.acquire.<scope> [addr], 128;",
        ),
    ),
    "nvvm.fence.proxy.release": OpWords(
        summary="Release-side tensormap proxy fence",
        explanation="One-directional fence pairing with fence.proxy.acquire for tensor-map updates.",
        requirement=Requirement("sm_90", "8.3", note=(
                "ptxas: uni-directional proxy fences need sm_90 and PTX 8.3; ODS carries no "
                "annotation."
            )),
        ptx=(
            "fence.proxy.tensormap::generic.release.<scope>;",
        ),
    ),
    "nvvm.fence.mbarrier.init": OpWords(
        summary="Fence after mbarrier initialisation",
        explanation=(
            "Makes prior mbarrier.init operations visible to the cluster before other threads use the"
            " barriers."
        ),
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation; ptxas needs sm_90/PTX 8.0."),
        ptx=(
            "fence.mbarrier_init.release.cluster;",
        ),
    ),
    "nvvm.fence.sync_restrict": OpWords(
        summary="Restricted acquire/release fence",
        explanation=(
            "Fence limited to shared memory of the cluster/CTA, pairing with mbarrier-based "
            "synchronisation."
        ),
        requirement=Requirement("sm_90", "8.6", note="ptxas: `.sync_restrict` needs sm_90 and PTX 8.6."),
        ptx=(
            "fence.{acquire,release}.sync_restrict::shared::{cluster,cta}.cluster;",
        ),
    ),
    "nvvm.fence.proxy.sync_restrict": OpWords(
        summary="Restricted proxy fence",
        explanation="Proxy fence limited to shared memory, ordering generic accesses against the async proxy.",
        requirement=Requirement("sm_90", "8.6", note="ptxas: `.sync_restrict` needs sm_90 and PTX 8.6."),
        ptx=(
            (
                "fence.proxy.async::generic.{acquire,release}.sync_restrict::shared::{cluster,cta}.cluster;"
            ),
        ),
    ),
    "nvvm.setmaxregister": OpWords(
        summary="Change the per-thread register budget",
        explanation=(
            "Raises or lowers the maximum registers of the warps in a warpgroup (warp "
            "specialisation)."
        ),
        requirement=Requirement("sm_90a", "8.0", note=(
                "No ODS annotation. ptxas 13.0 accepts setmaxnreg on sm_90a (PTX 8.0) and on the "
                "sm_100f (sm_100a from 8.6, sm_100f/103a/103f from 8.8), sm_110f (sm_110a/110f, 9.0) "
                "and sm_120f (sm_120a from 8.7, sm_120f/121a/121f from 8.8) families, never on a "
                "plain target."
            ), also=(("sm_100f", "8.6"), ("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "setmaxnreg.{inc,dec}.sync.aligned.u32 N;",
        ),
    ),
    "nvvm.griddepcontrol": OpWords(
        summary="Programmatic dependent launch control",
        explanation=(
            "Waits for prerequisite grids (`wait`) or lets dependent grids start "
            "(`launch_dependents`)."
        ),
        requirement=Requirement("sm_90", "7.8", note="No ODS annotation; ptxas needs sm_90/PTX 7.8."),
        ptx=(
            "griddepcontrol.wait;",
            "griddepcontrol.launch_dependents;",
        ),
    ),
    "nvvm.shfl.sync": OpWords(
        summary="Warp shuffle",
        explanation=(
            "Exchanges a 32-bit value between lanes of a warp (bfly, up, down, idx), optionally also "
            "returning a validity flag."
        ),
        requirement=Requirement("sm_30", "6.0", note="ODS: NVVMRequiresSM<30>; ptxas agrees (PTX 6.0)."),
        ptx=(
            "shfl.sync.{bfly,up,down,idx}.b32 d{|p}, a, b, c, mask;",
        ),
    ),
    "nvvm.vote.sync": OpWords(
        summary="Warp vote",
        explanation="Evaluates a predicate across the warp (any, all, uni, ballot).",
        requirement=Requirement("sm_30", "6.0"),
        ptx=(
            "vote.sync.{any,all,uni}.pred d, p, mask;",
            "vote.sync.ballot.b32 d, p, mask;",
        ),
    ),
    "nvvm.bar.warp.sync": OpWords(
        summary="Warp barrier",
        explanation="Waits until all lanes named in the mask reach the barrier.",
        requirement=Requirement("sm_30", "6.0"),
        ptx=(
            "bar.warp.sync mask;",
        ),
    ),
    "nvvm.elect.sync": OpWords(
        summary="Elect one lane",
        explanation="Returns true in exactly one active lane of the mask.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation; ptxas needs sm_90/PTX 8.0."),
        ptx=(
            "elect.sync d|p, mask;",
        ),
    ),
    "nvvm.match.sync": OpWords(
        summary="Warp value matching",
        explanation=(
            "Finds lanes holding the same 32/64-bit value (any) or checks that all do (all, with a "
            "predicate)."
        ),
        requirement=Requirement("sm_70", "6.0", note="No ODS annotation; ptxas needs sm_70/PTX 6.0."),
        ptx=(
            "match.{any,all}.sync.{b32,b64} d{|p}, a, mask;",
        ),
    ),
    "nvvm.redux.sync": OpWords(
        summary="Warp reduction",
        explanation="Reduces a 32-bit value across the lanes of the mask and returns it to every lane.",
        requirement=Requirement("sm_80", "7.0", note=(
                "ODS: NVVMRequiresSM<80> (integer kinds). The f32 `fmin`/`fmax` kinds (and "
                "`abs`/`nan`) need sm_100a (also sm_100f, sm_103a) and PTX 8.6 per ptxas."
            )),
        ptx=(
            "redux.sync.{add,min,max,and,or,xor}.{s32,u32,b32} d, a, mask;",
            "redux.sync.{min,max}{.abs}{.NaN}.f32 d, a, mask;",
        ),
    ),
    "nvvm.nanosleep": OpWords(
        summary="Suspend the thread",
        explanation="Sleeps for approximately the given number of nanoseconds.",
        requirement=Requirement("sm_70", "6.2", note=(
                "The PTX ISA manual introduces nanosleep in PTX 6.3, but ptxas 13.0 already accepts "
                "it at .version 6.2 (ptxas wins)."
            )),
        ptx=(
            "nanosleep.u32 t;",
        ),
    ),
    "nvvm.rcp.approx.ftz.f": OpWords(
        summary="Approximate reciprocal (flush to zero)",
        explanation="Computes an approximate 1/x for f32 with denormals flushed.",
        requirement=Requirement("sm_10", "1.4"),
        ptx=(
            "rcp.approx.ftz.f32 d, a;",
        ),
    ),
    "nvvm.prmt": OpWords(
        summary="Byte permute",
        explanation="Selects bytes from two 32-bit values into a result according to a selector and mode.",
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "prmt.b32{.mode} d, a, b, c;",
        ),
    ),
    "nvvm.dot.accumulate.4way": OpWords(
        summary="Four-way byte dot product",
        explanation="Dot product of two 4 x 8-bit vectors accumulated into a 32-bit integer (dp4a).",
        requirement=Requirement("sm_61", "5.0"),
        ptx=(
            "dp4a.{u32,s32}.{u32,s32} d, a, b, c;",
        ),
    ),
    "nvvm.dot.accumulate.2way": OpWords(
        summary="Two-way 16x8-bit dot product",
        explanation=(
            "Dot product of 2 x 16-bit with half of 4 x 8-bit elements, accumulated into 32 bits "
            "(dp2a)."
        ),
        requirement=Requirement("sm_61", "5.0"),
        ptx=(
            "dp2a.{lo,hi}.{u32,s32}.{u32,s32} d, a, b, c;",
        ),
    ),
    "nvvm.exit": OpWords(
        summary="Terminate the thread",
        explanation="Ends execution of the calling thread.",
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "exit;",
        ),
    ),
    "nvvm.breakpoint": OpWords(
        summary="Debugger breakpoint",
        explanation="Suspends execution for an attached debugger.",
        requirement=Requirement("sm_11", "1.0"),
        ptx=(
            "brkpt;",
        ),
    ),
    "nvvm.pmevent": OpWords(
        summary="Trigger performance-monitor events",
        explanation="Signals one event by index or several by mask.",
        requirement=Requirement("sm_10", "1.4", note="The `mask` form (pmevent.mask) needs sm_20 and PTX 3.0."),
        ptx=(
            "pmevent id;",
            "pmevent.mask mask;",
        ),
    ),
    "nvvm.mapa": OpWords(
        summary="Map a shared address to another CTA of the cluster",
        explanation=(
            "Translates a shared-memory address to the corresponding address in a target CTA of the "
            "cluster."
        ),
        requirement=Requirement("sm_90", "7.8", note="ODS: NVVMRequiresSM<90>; ptxas agrees."),
        ptx=(
            "mapa{.shared::cluster}.{u32,u64} d, a, b;",
        ),
    ),
    "nvvm.st.bulk": OpWords(
        summary="Bulk zero-initialisation of memory",
        explanation="Sets a range of bytes (multiple of 8) to zero.",
        requirement=Requirement("sm_100", "8.6", note="No ODS annotation; ptxas needs sm_100 (no `a` needed) and PTX 8.6."),
        ptx=(
            "st.bulk.weak{.shared::cta} [a], size, 0;",
        ),
    ),
    "nvvm.clusterlaunchcontrol.try.cancel": OpWords(
        summary="Try to cancel a pending cluster launch",
        explanation=(
            "Asynchronously asks to cancel a not-yet-started cluster, writing a 16-byte response to "
            "shared memory tracked by an mbarrier."
        ),
        requirement=Requirement("sm_100", "8.6", note="ODS: NVVMRequiresSM<100>; ptxas agrees."),
        ptx=(
            (
                "clusterlaunchcontrol.try_cancel.async{.multicast::cluster::all}.shared::cta.mbarrier::complete_tx::bytes.b128"
                " [a], [mbar];"
            ),
        ),
    ),
    "nvvm.clusterlaunchcontrol.query.cancel": OpWords(
        summary="Decode a cancel response",
        explanation="Reads whether a try.cancel succeeded or the first CTA id of the cancelled cluster.",
        requirement=Requirement("sm_100", "8.6", note="ODS: NVVMRequiresSM<100>; ptxas agrees."),
        ptx=(
            (
                "clusterlaunchcontrol.query_cancel.{is_canceled.pred,get_first_ctaid::{x,y,z}.b32}.b128"
                " d, r;"
            ),
        ),
    ),
    "nvvm.inline_ptx": OpWords(
        summary="Inline PTX escape hatch",
        explanation=(
            "Embeds a PTX snippet with read-only, read-write and write-only operands and an optional "
            "predicate."
        ),
        requirement=Requirement("sm_10", "1.0", note=(
                "The floor depends entirely on the embedded PTX text; nothing can be gated from the "
                "op itself."
            )),
    ),
    "nvvm.cp.async.shared.global": OpWords(
        summary="Asynchronous global-to-shared copy",
        explanation=(
            "Starts a 4/8/16-byte copy from global to shared memory that completes asynchronously "
            "(cp.async)."
        ),
        requirement=Requirement("sm_80", "7.0", note="No ODS annotation; ptxas needs sm_80/PTX 7.0."),
        ptx=(
            "cp.async.{ca,cg}.shared.global [dst], [src], size{, src_size};",
        ),
    ),
    "nvvm.cp.async.commit.group": OpWords(
        summary="Commit pending cp.async copies",
        explanation="Groups all uncommitted cp.async copies of the thread.",
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.commit_group;",
        ),
    ),
    "nvvm.cp.async.wait.group": OpWords(
        summary="Wait for cp.async groups",
        explanation="Waits until at most N committed groups are pending.",
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.wait_group n;",
        ),
    ),
    "nvvm.cp.async.mbarrier.arrive": OpWords(
        summary="Track cp.async completion on an mbarrier",
        explanation="Makes an mbarrier observe completion of the thread's prior cp.async copies.",
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.mbarrier.arrive{.noinc}{.shared}.b64 [addr];",
        ),
    ),
    "nvvm.mbarrier.init": OpWords(
        summary="Initialise an mbarrier",
        explanation="Sets up an mbarrier object in shared memory with an expected arrival count.",
        requirement=Requirement("sm_80", "7.0", note="No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction."),
        ptx=(
            "mbarrier.init{.shared}.b64 [addr], count;",
        ),
    ),
    "nvvm.mbarrier.inval": OpWords(
        summary="Invalidate an mbarrier",
        explanation="Ends an mbarrier's life so its memory can be reused.",
        requirement=Requirement("sm_80", "7.0", note="No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction."),
        ptx=(
            "mbarrier.inval{.shared}.b64 [addr];",
        ),
    ),
    "nvvm.mbarrier.arrive": OpWords(
        summary="Arrive on an mbarrier",
        explanation="Records the thread's arrival and returns a state token for the current phase.",
        requirement=Requirement("sm_80", "7.0", note=(
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. The LLVM 22 "
                "form with a `count` operand needs sm_90/PTX 7.8. LLVM 22's `scope = cluster` emits "
                "`.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) and `relaxed = true` emits "
                "`.relaxed` (sm_90, PTX 8.6), per ptxas."
            )),
        ptx=(
            "mbarrier.arrive{.sem.scope}{.shared::cta}.b64 state, [addr]{, count};",
        ),
    ),
    "nvvm.mbarrier.arrive.nocomplete": OpWords(
        summary="Arrive without completing the phase",
        explanation="Arrives with a count but never triggers phase completion.",
        requirement=Requirement("sm_80", "7.0", note="No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction."),
        ptx=(
            "mbarrier.arrive.noComplete{.shared}.b64 state, [addr], count;",
        ),
    ),
    "nvvm.mbarrier.arrive_drop": OpWords(
        summary="Arrive and drop from future phases",
        explanation="Arrives and reduces the expected count of later phases.",
        requirement=Requirement("sm_80", "7.0", note=(
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. LLVM 22's "
                "`scope = cluster` emits `.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) and "
                "`relaxed = true` emits `.relaxed` (sm_90, PTX 8.6), per ptxas."
            )),
        ptx=(
            "mbarrier.arrive_drop{.sem.scope}{.shared::cta}.b64 state, [addr]{, count};",
        ),
    ),
    "nvvm.mbarrier.arrive_drop.nocomplete": OpWords(
        summary="Arrive-drop without completing the phase",
        explanation="Like arrive_drop with a count, never completing the phase.",
        requirement=Requirement("sm_80", "7.0", note="No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction."),
        ptx=(
            "mbarrier.arrive_drop.noComplete.b64 state, [addr], count;",
        ),
    ),
    "nvvm.mbarrier.arrive.expect_tx": OpWords(
        summary="Expect bytes and arrive",
        explanation=(
            "Adds an expected transaction byte count to the current phase and arrives (used with TMA "
            "copies)."
        ),
        requirement=Requirement("sm_90", "8.0", note=(
                "No ODS annotation; ptxas needs sm_90 and PTX 8.0. With `relaxed = true` (LLVM 22) "
                "PTX 8.6."
            )),
        ptx=(
            "mbarrier.arrive.expect_tx{.sem.scope}{.shared::cta}.b64 _, [addr], txcount;",
        ),
    ),
    "nvvm.mbarrier.arrive_drop.expect_tx": OpWords(
        summary="Expect bytes and arrive-drop",
        explanation="Adds expected transaction bytes and performs an arrive_drop.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            "mbarrier.arrive_drop.expect_tx{.sem.scope}{.shared::cta}.b64 _, [addr], txcount;",
        ),
    ),
    "nvvm.mbarrier.expect_tx": OpWords(
        summary="Expect transaction bytes",
        explanation="Raises the current phase's expected transaction count without arriving.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            "mbarrier.expect_tx.relaxed.{cta,cluster}.shared::{cta,cluster}.b64 [addr], txcount;",
        ),
    ),
    "nvvm.mbarrier.complete_tx": OpWords(
        summary="Complete transaction bytes",
        explanation="Lowers the pending transaction count as if bytes had arrived.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            (
                "mbarrier.complete_tx.relaxed.{cta,cluster}.shared::{cta,cluster}.b64 [addr], "
                "txcount;"
            ),
        ),
    ),
    "nvvm.mbarrier.test.wait": OpWords(
        summary="Non-blocking phase test",
        explanation=(
            "Returns whether the phase identified by a state token (or, in LLVM 22, a parity) has "
            "completed."
        ),
        requirement=Requirement("sm_80", "7.0", note=(
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. The parity "
                "form (an i32 phase operand, LLVM 22) is mbarrier.test_wait.parity, PTX 7.1. LLVM "
                "22's `scope = cluster` emits `.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) "
                "and `relaxed = true` emits `.relaxed` (sm_90, PTX 8.6), per ptxas."
            )),
        ptx=(
            "mbarrier.test_wait{.parity}{.shared}.b64 p, [addr], state;",
        ),
    ),
    "nvvm.mbarrier.try_wait": OpWords(
        summary="Potentially blocking phase test",
        explanation=(
            "Waits up to a system-defined (or given) time for a phase to complete and returns whether"
            " it did."
        ),
        requirement=Requirement("sm_90", "7.8", note=(
                "No ODS annotation; ptxas needs sm_90/PTX 7.8. LLVM 22's `scope = cluster` emits "
                "`.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) and `relaxed = true` emits "
                "`.relaxed` (sm_90, PTX 8.6), per ptxas."
            )),
        ptx=(
            "mbarrier.try_wait{.parity}{.sem.scope}{.shared::cta}.b64 p, [addr], state{, ticks};",
        ),
    ),
    "nvvm.mbarrier.try_wait.parity": OpWords(
        summary="Wait for a phase by parity",
        explanation=(
            "Blocks until the mbarrier phase with the given parity completes (emitted as a retry "
            "loop)."
        ),
        requirement=Requirement("sm_90", "7.8", note=(
                "No ODS annotation; ptxas needs sm_90/PTX 7.8. Lowered through inline PTX as a retry "
                "loop."
            )),
        ptx=(
            "mbarrier.try_wait.parity{.shared}.b64 p, [addr], phase, ticks;",
        ),
    ),
    "nvvm.cp.async.bulk.tensor.shared.cluster.global": OpWords(
        summary="TMA load: tensor tile from global to shared memory",
        explanation=(
            "Starts an asynchronous tensor-map-driven copy of a box of a global tensor into shared "
            "memory, completing on an mbarrier, optionally multicast to several CTAs."
        ),
        requirement=Requirement("sm_90", "8.0", note=(
                "ODS: NVVMRequiresSM<90>. ptxas: the shared::cta destination (`isCTAOnly`, LLVM 22) "
                "needs PTX 8.6; `group` (cta_group::1/2), `im2col_w`, `im2col_w_128` and "
                "`tile_gather4` modes need sm_100a and PTX 8.6."
            )),
        ptx=(
            (
                "cp.async.bulk.tensor.Nd.shared::cluster.global{.im2col}.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint}"
                " [dst], [tmap, {coords}], [mbar]{, im2col_offsets}{, mask}{, hint};"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.tensor.global.shared.cta": OpWords(
        summary="TMA store: tensor tile from shared to global memory",
        explanation=(
            "Starts an asynchronous tensor-map-driven copy of a shared-memory box to a global tensor,"
            " tracked by bulk async-groups."
        ),
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            (
                "cp.async.bulk.tensor.Nd.global.shared::cta{.im2col_no_offs}.bulk_group{.L2::cache_hint}"
                " [tmap, {coords}], [src]{, hint};"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.tensor.reduce": OpWords(
        summary="TMA reduction into global memory",
        explanation=(
            "Asynchronously combines a shared-memory box into a global tensor with "
            "add/min/max/inc/dec/and/or/xor."
        ),
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            (
                "cp.reduce.async.bulk.tensor.Nd.global.shared::cta.<redop>.{tile,im2col_no_offs}.bulk_group{.L2::cache_hint}"
                " [tmap, {coords}], [src];"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.tensor.prefetch": OpWords(
        summary="TMA prefetch into L2",
        explanation="Prefetches a tensor box from global memory into L2.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            (
                "cp.async.bulk.prefetch.tensor.Nd.L2.global{.tile,.im2col}{.L2::cache_hint} [tmap, "
                "{coords}]{, im2col_offsets};"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.shared.cluster.global": OpWords(
        summary="Bulk copy from global to cluster shared memory",
        explanation=(
            "Asynchronously copies a contiguous byte range into shared memory, completing on an "
            "mbarrier."
        ),
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            (
                "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint}"
                " [dst], [src], size, [mbar];"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.shared.cluster.shared.cta": OpWords(
        summary="Bulk copy from CTA to cluster shared memory",
        explanation="Asynchronously copies bytes from the CTA's shared memory to another CTA's shared memory.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            (
                "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [dst], [src],"
                " size, [mbar];"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.global.shared.cta": OpWords(
        summary="Bulk copy from shared to global memory",
        explanation="Asynchronously copies bytes from shared memory to global memory (bulk async-group).",
        requirement=Requirement("sm_90", "8.0", note=(
                "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0. The "
                "`byte_mask` form (.cp_mask) needs sm_100 and PTX 8.6."
            )),
        ptx=(
            (
                "cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}{.cp_mask} [dst], [src],"
                " size;"
            ),
        ),
    ),
    "nvvm.cp.async.bulk.prefetch": OpWords(
        summary="Bulk prefetch into L2",
        explanation="Prefetches a contiguous global range into L2.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0."),
        ptx=(
            "cp.async.bulk.prefetch.L2.global{.L2::cache_hint} [src], size;",
        ),
    ),
    "nvvm.cp.async.bulk.commit.group": OpWords(
        summary="Commit bulk async copies",
        explanation="Groups pending bulk copies into a bulk async-group.",
        requirement=Requirement("sm_90", "8.0", note="No ODS annotation; ptxas needs sm_90/PTX 8.0."),
        ptx=(
            "cp.async.bulk.commit_group;",
        ),
    ),
    "nvvm.cp.async.bulk.wait_group": OpWords(
        summary="Wait for bulk async-groups",
        explanation=(
            "Waits until at most N bulk groups are pending (or, with `read`, until their sources were"
            " read)."
        ),
        requirement=Requirement("sm_90", "8.0", note="ODS: NVVMRequiresSM<90>; ptxas: PTX 8.0 (also for `.read`)."),
        ptx=(
            "cp.async.bulk.wait_group{.read} N;",
        ),
    ),
    "nvvm.prefetch": OpWords(
        summary="Cache prefetch",
        explanation=(
            "Prefetches a line into L1/L2 (optionally uniform or with an eviction priority) or a "
            "tensor map into the constant cache."
        ),
        requirement=Requirement("sm_20", "2.0", note=(
                "Cache-level prefetch (L1/L2, `uniform`) works from sm_20/PTX 2.0; `evict_priority` "
                "needs sm_80/PTX 7.4; `tensormap` needs sm_90/PTX 8.0 (ptxas)."
            )),
        ptx=(
            "prefetch{.global,.local}.{L1,L2}{::evict_last,::evict_normal} [a];",
            "prefetchu.L1 [a];",
            "prefetch{.const,.param}.tensormap [a];",
        ),
    ),
    "nvvm.ldmatrix": OpWords(
        summary="Warp-cooperative matrix load from shared memory",
        explanation=(
            "Loads one, two or four 8x8 matrices (optionally transposed) from shared memory into "
            "per-thread registers."
        ),
        requirement=Requirement("sm_75", "6.5", note=(
                "No ODS annotation; ptxas: m8n8 b16 needs sm_75/PTX 6.5; the b8 shapes (m16n16, "
                "m8n16) need sm_100a (also sm_100f/103a/110a/120a/121a) and PTX 8.6."
            )),
        ptx=(
            "ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 {d...}, [p];",
        ),
    ),
    "nvvm.stmatrix": OpWords(
        summary="Warp-cooperative matrix store to shared memory",
        explanation="Stores one, two or four 8x8 matrices held in registers to shared memory.",
        requirement=Requirement("sm_90", "7.8", note=(
                "No ODS annotation; ptxas: m8n8 b16 needs sm_90/PTX 7.8; m16n8 b8 needs sm_100a and "
                "PTX 8.6."
            )),
        ptx=(
            "stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 [p], {s...};",
        ),
    ),
    "nvvm.mma.sync": OpWords(
        summary="Warp-level matrix multiply-accumulate",
        explanation=(
            "Computes D = A*B + C for one warp with tensor cores; fragments are per-thread register "
            "values."
        ),
        requirement=Requirement("sm_70", "6.4", note=(
                "Depends on shape and types (ptxas): m8n8k4 f16 sm_70/PTX 6.4; m16n8k8 f16 sm_75/PTX "
                "6.5; m16n8k16 f16/bf16, tf32, f64 m8n8k4, s8/u8/s4/u4/b1 shapes sm_80/PTX 7.0; "
                "e4m3/e5m2 m16n8k32 sm_89/PTX 8.4."
            )),
        ptx=(
            "mma.sync.aligned.mMnNkK.row.col{.satfinite}.dtype.atype.btype.ctype d, a, b, c;",
        ),
    ),
    "nvvm.wgmma.fence.aligned": OpWords(
        summary="Order registers before wgmma",
        explanation="Fences register accesses before warpgroup MMA reads them.",
        requirement=Requirement("sm_90a", "8.0", note=(
                "ODS: NVVMRequiresSMa<[90]>. ptxas accepts wgmma only on sm_90a (not on any sm_100 "
                "family target)."
            )),
        ptx=(
            "wgmma.fence.sync.aligned;",
        ),
    ),
    "nvvm.wgmma.commit.group.sync.aligned": OpWords(
        summary="Commit pending wgmma ops",
        explanation="Groups outstanding warpgroup MMAs into a wgmma-group.",
        requirement=Requirement("sm_90a", "8.0", note=(
                "ODS: NVVMRequiresSMa<[90]>. ptxas accepts wgmma only on sm_90a (not on any sm_100 "
                "family target)."
            )),
        ptx=(
            "wgmma.commit_group.sync.aligned;",
        ),
    ),
    "nvvm.wgmma.wait.group.sync.aligned": OpWords(
        summary="Wait for wgmma groups",
        explanation="Waits until at most N wgmma-groups are pending.",
        requirement=Requirement("sm_90a", "8.0", note=(
                "ODS: NVVMRequiresSMa<[90]>. ptxas accepts wgmma only on sm_90a (not on any sm_100 "
                "family target)."
            )),
        ptx=(
            "wgmma.wait_group.sync.aligned N;",
        ),
    ),
    "nvvm.wgmma.mma_async": OpWords(
        summary="Warpgroup matrix multiply-accumulate",
        explanation=(
            "Starts an asynchronous 128-thread MMA reading A/B through shared-memory descriptors and "
            "accumulating into a struct of registers."
        ),
        requirement=Requirement("sm_90a", "8.0", note=(
                "ODS carries no annotation on this op, but ptxas accepts wgmma.mma_async only on "
                "sm_90a (ptxas wins). Lowered through inline PTX."
            )),
        ptx=(
            (
                "wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype d, a-desc, b-desc, scale-d, "
                "imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;"
            ),
        ),
    ),
    "nvvm.tcgen05.alloc": OpWords(
        summary="Allocate tensor memory",
        explanation="Allocates tensor-memory columns and writes their address to shared memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.alloc on "
                "sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on "
                "sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects plain "
                "sm_100/103/110, sm_90a and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.alloc.cta_group::{1,2}.sync.aligned{.shared::cta}.b32 [dst], ncols;",
        ),
    ),
    "nvvm.tcgen05.dealloc": OpWords(
        summary="Free tensor memory",
        explanation="Releases tensor-memory columns.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.dealloc on "
                "sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on "
                "sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects plain "
                "sm_100/103/110, sm_90a and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.dealloc.cta_group::{1,2}.sync.aligned.b32 taddr, ncols;",
        ),
    ),
    "nvvm.tcgen05.relinquish_alloc_permit": OpWords(
        summary="Give up tensor-memory allocation rights",
        explanation="Declares that the CTA will allocate no more tensor memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles "
                "tcgen05.relinquish_alloc_permit on sm_100a and sm_100f/103a/103f (PTX 8.6 on "
                "sm_100a, 8.8 on the others), and on sm_110a/110f (PTX 9.0): the sm_100f and sm_110f "
                "families. It rejects plain sm_100/103/110, sm_90a and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.relinquish_alloc_permit.cta_group::{1,2}.sync.aligned;",
        ),
    ),
    "nvvm.tcgen05.fence": OpWords(
        summary="tcgen05 ordering fence",
        explanation="Orders tcgen05 operations around thread synchronisation.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.fence on "
                "sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on "
                "sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects plain "
                "sm_100/103/110, sm_90a and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.fence::{before,after}_thread_sync;",
        ),
    ),
    "nvvm.tcgen05.wait": OpWords(
        summary="Wait for tcgen05 loads or stores",
        explanation="Blocks until prior tcgen05.ld or tcgen05.st finish.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.wait on sm_100a"
                " and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a"
                " and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.wait::{ld,st}.sync.aligned;",
        ),
    ),
    "nvvm.tcgen05.commit": OpWords(
        summary="Signal tcgen05 completion on an mbarrier",
        explanation="Makes an mbarrier track completion of the thread's prior async tcgen05 operations.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.commit on "
                "sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on "
                "sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects plain "
                "sm_100/103/110, sm_90a and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            (
                "tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one{.shared::cluster}{.multicast::cluster}.b64"
                " [mbar]{, mask};"
            ),
        ),
    ),
    "nvvm.tcgen05.shift": OpWords(
        summary="Shift tensor-memory rows down",
        explanation="Shifts the rows of a tensor-memory matrix down by one.",
        requirement=Requirement("sm_100a", "8.6", note=(
                "ODS: NVVMRequiresSMa<[100, 101, 103]>. ptxas 13.0 accepts tcgen05.shift only on the "
                "architecture-specific targets sm_100a (PTX 8.6), sm_103a (8.8) and sm_110a (9.0); "
                "unlike the other tcgen05 ops it rejects sm_100f, sm_103f and sm_110f."
            ), also=(("sm_103a", "8.8"), ("sm_110a", "9.0"),)),
        ptx=(
            "tcgen05.shift.cta_group::{1,2}.down [taddr];",
        ),
    ),
    "nvvm.tcgen05.cp": OpWords(
        summary="Copy shared memory into tensor memory",
        explanation="Copies a matrix described by a shared-memory descriptor into tensor memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.cp (every "
                "shape/src_fmt) on sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the "
                "others), and on sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects"
                " plain sm_100/103/110, sm_90a and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.cp.cta_group::{1,2}.<shape>{.multicast}{.src_fmt} [taddr], s-desc;",
        ),
    ),
    "nvvm.tcgen05.ld": OpWords(
        summary="Load from tensor memory",
        explanation="Loads tensor-memory data collectively into registers.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.ld on sm_100a "
                "and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a"
                " and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.ld.sync.aligned.<shape>.xN{.pack::16b}.b32 {r...}, [taddr]{, offset};",
        ),
    ),
    "nvvm.tcgen05.st": OpWords(
        summary="Store to tensor memory",
        explanation="Stores registers collectively into tensor memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.st on sm_100a "
                "and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a"
                " and sm_120a/f."
            ), also=(("sm_110f", "9.0"),)),
        ptx=(
            "tcgen05.st.sync.aligned.<shape>.xN{.unpack::16b}.b32 [taddr]{, offset}, {r...};",
        ),
    ),
    "nvvm.tcgen05.mma": OpWords(
        summary="Fifth-generation tensor-core MMA",
        explanation="Issues an asynchronous MMA whose accumulator lives in tensor memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.mma (kinds f16,"
                " tf32, f8f6f4 and the block-scaled ones) on sm_100a and sm_100f/103a/103f (PTX 8.6 "
                "on sm_100a, 8.8 on the others), and on sm_110a/110f (PTX 9.0): the sm_100f and "
                "sm_110f families. It rejects plain sm_100/103/110, sm_90a and sm_120a/f. kind::i8 is"
                " architecture-specific: only sm_100a and sm_110a (see requirement_forms)."
            ), also=(("sm_110f", "9.0"),)),
        requirement_forms=(
            RequirementForm("kind=i8", Requirement("sm_100a", "8.6", note=(
                    "ptxas 13.0 accepts tcgen05.mma.kind::i8 only on sm_100a (PTX 8.6) and sm_110a "
                    "(PTX 9.0); sm_100f, sm_103a/f and sm_110f reject it."
                ), also=(("sm_110a", "9.0"),))),
        ),
        ptx=(
            (
                "tcgen05.mma.cta_group::{1,2}.kind::<kind> [d-tmem], a-desc|[a-tmem], b-desc, idesc, "
                "enable-input-d;"
            ),
        ),
    ),
    "nvvm.tcgen05.mma_smem_desc": OpWords(
        summary="Build a shared-memory matrix descriptor",
        explanation=(
            "Packs start address, offsets, base offset, mode and swizzle into the 64-bit descriptor "
            "tcgen05.mma uses."
        ),
        requirement=Requirement("sm_10", "1.0", note=(
                "Builds a 64-bit descriptor with ordinary integer arithmetic; no PTX instruction of "
                "its own, so no gate."
            )),
    ),
    "nvvm.convert.float.to.tf32": OpWords(
        summary="f32 to tf32 conversion",
        explanation="Rounds an f32 to TF32 precision, returned as i32 bits.",
        requirement=Requirement("sm_80", "7.0", note=(
                "Per ptxas: `rna` rounding sm_80/PTX 7.0; `rn`/`rz` (optionally `.relu`) sm_90/PTX "
                "7.8; `rn` with satfinite sm_100/PTX 8.6."
            )),
        ptx=(
            "cvt.rna{.satfinite}.tf32.f32 d, a;",
            "cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32 d, a;",
        ),
    ),
    "nvvm.convert.f32x2.to.f16x2": OpWords(
        summary="Pack two f32 into f16x2",
        explanation=(
            "Converts two f32 to a vector<2xf16>, with round-to-nearest/zero or stochastic rounding "
            "from random bits."
        ),
        requirement=Requirement("sm_80", "7.0", note=(
                "Round-to-nearest/zero packing is sm_80/PTX 7.0; stochastic rounding (`rnd = "
                "#nvvm.fp_rnd_mode<rs>` with the random-bits operand) needs sm_100a or sm_103a and "
                "PTX 8.7 (ptxas; not sm_100f)."
            )),
        ptx=(
            "cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b;",
            "cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits;",
        ),
    ),
    "nvvm.convert.f32x2.to.bf16x2": OpWords(
        summary="Pack two f32 into bf16x2",
        explanation="Converts two f32 to a vector<2xbf16>, with round-to-nearest/zero or stochastic rounding.",
        requirement=Requirement("sm_80", "7.0", note=(
                "Round-to-nearest/zero packing is sm_80/PTX 7.0; stochastic rounding (`rnd = "
                "#nvvm.fp_rnd_mode<rs>` with the random-bits operand) needs sm_100a or sm_103a and "
                "PTX 8.7 (ptxas; not sm_100f)."
            )),
        ptx=(
            "cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b;",
            "cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits;",
        ),
    ),
    "nvvm.convert.f32x2.to.f8x2": OpWords(
        summary="Pack two f32 into two 8-bit floats",
        explanation="Converts two f32 values to e4m3, e5m2 or ue8m0 and packs them into i16 or vector<2xi8>.",
        requirement=Requirement("sm_89", "8.1", note=(
                "ptxas 13.0: cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 needs sm_89 with PTX 8.1, "
                "while sm_90 and later accept it from PTX 7.8 (sm_90a from its 8.0). The ue8m0 "
                "destination (cvt.{rz,rp}.satfinite.ue8m0x2.f32) needs the sm_100f, sm_110f or "
                "sm_120f family and PTX 8.6; the gate does not tell it apart yet, so it holds it to "
                "the fp8 floor."
            ), also=(("sm_90", "7.8"),)),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b;",
            "cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 d, a, b;",
        ),
    ),
    "nvvm.convert.f16x2.to.f8x2": OpWords(
        summary="Pack f16x2 into two 8-bit floats",
        explanation="Converts a vector<2xf16> to e4m3/e5m2 pairs.",
        requirement=Requirement("sm_89", "8.1", note=(
                "ptxas 13.0: cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 needs sm_89 with PTX 8.1, "
                "while sm_90 and later accept it from PTX 7.8 (sm_90a from its 8.0)."
            ), also=(("sm_90", "7.8"),)),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a;",
        ),
    ),
    "nvvm.convert.bf16x2.to.f8x2": OpWords(
        summary="Pack bf16x2 into two 8-bit floats",
        explanation="Converts a vector<2xbf16> to a ue8m0 pair.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "No ODS annotation. ptxas 13.0 assembles cvt.{rz,rp}.satfinite.ue8m0x2.bf16x2 on the "
                "sm_100f, sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ), also=(("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2 d, a;",
        ),
    ),
    "nvvm.convert.f32x2.to.f6x2": OpWords(
        summary="Pack two f32 into two 6-bit floats",
        explanation="Converts two f32 to e2m3/e3m2 values, each in an i8, packed as i16 or vector<2xi8>.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.satfinite.{e2m3x2,e3m2x2}.f32 on the "
                "sm_100f, sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ), also=(("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.f32 d, a, b;",
        ),
    ),
    "nvvm.convert.f32x2.to.f4x2": OpWords(
        summary="Pack two f32 into two 4-bit floats",
        explanation="Converts two f32 to e2m1 and packs them into one i8.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.satfinite.e2m1x2.f32 on the sm_100f, "
                "sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ), also=(("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "cvt.rn.satfinite{.relu}.e2m1x2.f32 d, a, b;",
        ),
    ),
    "nvvm.convert.f8x2.to.f16x2": OpWords(
        summary="Unpack two 8-bit floats to f16x2",
        explanation="Widens a pair of e4m3/e5m2 values to vector<2xf16>.",
        requirement=Requirement("sm_89", "8.1", note=(
                "ptxas 13.0: cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} needs sm_89 with PTX 8.1, while "
                "sm_90 and later accept it from PTX 7.8 (sm_90a from its 8.0)."
            ), also=(("sm_90", "7.8"),)),
        ptx=(
            "cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a;",
        ),
    ),
    "nvvm.convert.f8x2.to.bf16x2": OpWords(
        summary="Unpack two ue8m0 values to bf16x2",
        explanation="Widens a pair of ue8m0 scales to vector<2xbf16>.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.bf16x2.ue8m0x2 on the sm_100f, "
                "sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ), also=(("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "cvt.rn.bf16x2.ue8m0x2 d, a;",
        ),
    ),
    "nvvm.convert.f6x2.to.f16x2": OpWords(
        summary="Unpack two 6-bit floats to f16x2",
        explanation="Widens a pair of e2m3/e3m2 values to vector<2xf16>.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.f16x2.{e2m3x2,e3m2x2} on the sm_100f,"
                " sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ), also=(("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "cvt.rn{.relu}.f16x2.{e2m3x2,e3m2x2} d, a;",
        ),
    ),
    "nvvm.convert.f4x2.to.f16x2": OpWords(
        summary="Unpack two 4-bit floats to f16x2",
        explanation="Widens the two e2m1 values packed in an i8 to vector<2xf16>.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.f16x2.e2m1x2 on the sm_100f, sm_110f "
                "and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), sm_110a/110f "
                "(9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain target and "
                "sm_90a."
            ), also=(("sm_110f", "9.0"), ("sm_120f", "8.7"),)),
        ptx=(
            "cvt.rn{.relu}.f16x2.e2m1x2 d, a;",
        ),
    ),
    "nvvm.convert.f32x4.to.f8x4": OpWords(
        summary="Pack four f32 into 8-bit floats (stochastic)",
        explanation="Stochastically rounds four f32 to e4m3/e5m2 with saturation, returning vector<4xi8>.",
        requirement=Requirement("sm_100a", "8.7", note=(
                "ODS: NVVMRequiresSMa<[100, 103]>. ptxas 13.0 accepts "
                "cvt.rs.satfinite.{e4m3x4,e5m2x4}.f32 only on sm_100a (PTX 8.7) and sm_103a (PTX "
                "8.8); sm_100f/103f, sm_110a and sm_120a reject `.rs`."
            ), also=(("sm_103a", "8.8"),)),
        ptx=(
            "cvt.rs.satfinite{.relu}.{e4m3x4,e5m2x4}.f32 d, {a, b, c, e}, rbits;",
        ),
    ),
    "nvvm.convert.f32x4.to.f6x4": OpWords(
        summary="Pack four f32 into 6-bit floats (stochastic)",
        explanation="Stochastically rounds four f32 to e2m3/e3m2 with saturation, returning vector<4xi8>.",
        requirement=Requirement("sm_100a", "8.7", note=(
                "ODS: NVVMRequiresSMa<[100, 103]>. ptxas 13.0 accepts "
                "cvt.rs.satfinite.{e2m3x4,e3m2x4}.f32 only on sm_100a (PTX 8.7) and sm_103a (PTX "
                "8.8); sm_100f/103f, sm_110a and sm_120a reject `.rs`."
            ), also=(("sm_103a", "8.8"),)),
        ptx=(
            "cvt.rs.satfinite{.relu}.{e2m3x4,e3m2x4}.f32 d, {a, b, c, e}, rbits;",
        ),
    ),
    "nvvm.convert.f32x4.to.f4x4": OpWords(
        summary="Pack four f32 into 4-bit floats (stochastic)",
        explanation="Stochastically rounds four f32 to e2m1 with saturation, returning i16.",
        requirement=Requirement("sm_100a", "8.7", note=(
                "ODS: NVVMRequiresSMa<[100, 103]>. ptxas 13.0 accepts cvt.rs.satfinite.e2m1x4.f32 "
                "only on sm_100a (PTX 8.7) and sm_103a (PTX 8.8); sm_100f/103f, sm_110a and sm_120a "
                "reject `.rs`."
            ), also=(("sm_103a", "8.8"),)),
        ptx=(
            "cvt.rs.satfinite{.relu}.e2m1x4.f32 d, {a, b, c, e}, rbits;",
        ),
    ),
    "nvvm.mma.sp.sync": OpWords(
        summary="Warp-level sparse matrix multiply-accumulate",
        explanation=(
            "Computes D = A*B + C for one warp where A is 2:4 structured sparse: A holds the non-zero half "
            "and a metadata register says which two of every four elements they are."
        ),
        requirement=Requirement("sm_80", "7.1", note=(
                "ptxas 13.0: mma.sp.sync (f16/bf16/tf32/s8/u8 shapes) needs sm_80 and PTX 7.1; the e4m3/e5m2 "
                "m16n8k64 form needs sm_89 and mma.sp::ordered_metadata (PTX 8.5); the orderedMetadata "
                "form needs PTX 8.5 on every target (see requirement_forms)."
            )),
        requirement_forms=(
            RequirementForm("orderedMetadata", Requirement("sm_80", "8.5", note=(
                    "ptxas 13.0: mma.sp::ordered_metadata needs PTX 8.5 (sm_80 and newer)."))),
        ),
        ptx=(
            "mma.sp{::ordered_metadata}.sync.aligned.mMnNkK.row.col.dtype.atype.btype.ctype d, a, b, c, e, f;",
        ),
    ),
    "nvvm.mma.block_scale": OpWords(
        summary="Warp-level block-scaled matrix multiply-accumulate",
        explanation=(
            "Computes D = (A*scaleA)*(B*scaleB) + C for one warp on MX formats (mxf8f6f4, mxf4, mxf4nvf4), "
            "with per-block ue8m0/ue4m3 scale factors."
        ),
        requirement=Requirement("sm_120f", "8.7", note=(
                "ptxas 13.0 accepts mma.sync.aligned.kind::mxf8f6f4.block_scale only on sm_120a (PTX 8.7), "
                "sm_120f and sm_121a (PTX 8.8): the sm_120f family; sm_90a, sm_100a/f and sm_110a/f reject it."
            )),
        ptx=(
            "mma.sync.aligned.mMnNkK.row.col.kind::K.block_scale.scale_vec::N.f32.atype.btype.f32.stype "
            "d, a, b, c, scaleA, {byteA, threadA}, scaleB, {byteB, threadB};",
        ),
    ),
    "nvvm.mma.sp.block_scale": OpWords(
        summary="Warp-level sparse block-scaled matrix multiply-accumulate",
        explanation="Like nvvm.mma.block_scale with a 2:4 structured-sparse A operand and its metadata.",
        requirement=Requirement("sm_120f", "8.7", note=(
                "ptxas 13.0 accepts mma.sp::ordered_metadata.sync.aligned.kind::mxf8f6f4.block_scale only on "
                "sm_120a (PTX 8.7), sm_120f and sm_121a (PTX 8.8): the sm_120f family."
            )),
        ptx=(
            "mma.sp::ordered_metadata.sync.aligned.mMnNkK.row.col.kind::K.block_scale.scale_vec::N... d, a, b, c, "
            "e, f, scaleA, {...}, scaleB, {...};",
        ),
    ),
    "nvvm.wmma.load": OpWords(
        summary="Load a WMMA matrix fragment",
        explanation="Cooperatively loads one A, B or C fragment of a warp-level WMMA from memory.",
        requirement=Requirement("sm_70", "6.0", note=(
                "wmma.load f16 shapes: sm_70 / PTX 6.0 (PTX ISA; ptxas 13.0 cannot assemble for sm_70 and "
                "accepts them on sm_75 with PTX 6.3); bf16 and tf32 fragments need sm_80 / PTX 7.0 "
                "(ptxas 13.0)."
            )),
        ptx=("wmma.load.{a,b,c}.sync.aligned.layout.shape{.ss}.atype r, [p]{, stride};",),
    ),
    "nvvm.wmma.mma": OpWords(
        summary="Warp-level WMMA multiply-accumulate",
        explanation="Computes D = A*B + C on WMMA fragments held by the warp's threads.",
        requirement=Requirement("sm_70", "6.0", note=(
                "wmma.mma f16: sm_70 / PTX 6.0 (PTX ISA; ptxas 13.0 cannot assemble for sm_70 and accepts "
                "it on sm_75 with PTX 6.3); bf16 and tf32 need sm_80 / PTX 7.0 (ptxas 13.0)."
            )),
        ptx=("wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c;",),
    ),
    "nvvm.wmma.store": OpWords(
        summary="Store a WMMA accumulator fragment",
        explanation="Cooperatively stores the D fragment of a warp-level WMMA to memory.",
        requirement=Requirement("sm_70", "6.0", note=(
                "wmma.store.d: sm_70 / PTX 6.0 (PTX ISA; ptxas 13.0 cannot assemble for sm_70 and accepts it "
                "on sm_75 with PTX 6.3)."
            )),
        ptx=("wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r{, stride};",),
    ),
    "nvvm.tcgen05.mma.ws": OpWords(
        summary="Fifth-generation tensor-core MMA, weight-stationary",
        explanation="Issues an asynchronous weight-stationary MMA whose accumulator lives in tensor memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ptxas 13.0 assembles tcgen05.mma.ws on sm_100a (PTX 8.6), sm_100f/103a/103f (PTX 8.8) "
                "and sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families; it rejects plain sm_100/110, "
                "sm_90a and sm_120a."
            ), also=(("sm_110f", "9.0"),)),
        ptx=("tcgen05.mma.ws.cta_group::1.kind::<kind> [d-tmem], a-desc|[a-tmem], b-desc, idesc, enable-input-d;",),
    ),
    "nvvm.tcgen05.mma.sp": OpWords(
        summary="Fifth-generation tensor-core sparse MMA",
        explanation="Issues an asynchronous MMA with a 2:4 structured-sparse A operand; the accumulator lives in tensor memory.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ptxas 13.0 assembles tcgen05.mma.sp on sm_100a (PTX 8.6), sm_100f/103a/103f (PTX 8.8) "
                "and sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families; it rejects plain sm_100/110, "
                "sm_90a and sm_120a."
            ), also=(("sm_110f", "9.0"),)),
        ptx=("tcgen05.mma.sp.cta_group::{1,2}.kind::<kind> [d-tmem], a-desc|[a-tmem], b-desc, [sp-meta-tmem], idesc, enable-input-d;",),
    ),
    "nvvm.tcgen05.mma.ws.sp": OpWords(
        summary="Fifth-generation tensor-core sparse MMA, weight-stationary",
        explanation="Issues an asynchronous weight-stationary MMA with a 2:4 structured-sparse A operand.",
        requirement=Requirement("sm_100f", "8.6", note=(
                "ptxas 13.0 assembles tcgen05.mma.ws.sp on sm_100a (PTX 8.6), sm_100f/103a/103f (PTX 8.8) "
                "and sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families; it rejects plain sm_100/110, "
                "sm_90a and sm_120a."
            ), also=(("sm_110f", "9.0"),)),
        ptx=("tcgen05.mma.ws.sp.cta_group::1.kind::<kind> [d-tmem], a-desc|[a-tmem], b-desc, [sp-meta-tmem], idesc, enable-input-d;",),
    ),
    "nvvm.tcgen05.mma.block_scale": OpWords(
        summary="Fifth-generation tensor-core block-scaled MMA",
        explanation="Issues an asynchronous MMA on MX formats with per-block scale factors held in tensor memory.",
        requirement=Requirement("sm_100f", "8.8", note=(
                "ptxas 13.0 assembles tcgen05.mma.kind::mxf8f6f4.block_scale on sm_100a (PTX 8.8), sm_100f/103a/103f (PTX 8.8) "
                "and sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families; it rejects plain sm_100/110, "
                "sm_90a and sm_120a."
            ), also=(("sm_110f", "9.0"),)),
        ptx=("tcgen05.mma.cta_group::{1,2}.kind::<kind>.block_scale [d-tmem], a-desc|[a-tmem], b-desc, idesc, [scaleA-tmem], [scaleB-tmem], enable-input-d;",),
    ),
    "nvvm.tcgen05.mma.sp.block_scale": OpWords(
        summary="Fifth-generation tensor-core sparse block-scaled MMA",
        explanation="Issues an asynchronous block-scaled MMA with a 2:4 structured-sparse A operand.",
        requirement=Requirement("sm_100f", "8.8", note=(
                "ptxas 13.0 assembles tcgen05.mma.sp.kind::mxf8f6f4.block_scale on sm_100a (PTX 8.8), sm_100f/103a/103f (PTX 8.8) "
                "and sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families; it rejects plain sm_100/110, "
                "sm_90a and sm_120a."
            ), also=(("sm_110f", "9.0"),)),
        ptx=("tcgen05.mma.sp.cta_group::{1,2}.kind::<kind>.block_scale [d-tmem], a-desc|[a-tmem], b-desc, [sp-meta-tmem], idesc, [scaleA-tmem], [scaleB-tmem], enable-input-d;",),
    ),
    **{
        f"nvvm.read.ptx.sreg.envreg{index}": OpWords(
            summary=f"Read %envreg{index}",
            explanation=f"Reads the driver-defined environment register %envreg{index} (i32).",
            requirement=Requirement("sm_10", "2.1", note=(
                "%envreg<32> has no SM floor in the PTX ISA (since PTX 2.1); ptxas 13.0 accepts "
                "`mov.u32 r, %envreg0;` on every target it assembles for."
            )),
            ptx=(f"mov.u32 r, %envreg{index};",),
        )
        for index in range(32)
    },
}


KERNEL_ATTRIBUTE_REQUIREMENTS: dict[str, Requirement] = {
    "nvvm.cluster_dim": Requirement("sm_90", "7.8", note=(
        ".explicitcluster / .reqnctapercluster: sm_90 / PTX 7.8 (ptxas 13.0). LLVM 22's NVPTX back end drops the "
        "attribute on older targets without a word, so the kernel would launch without clusters.")),
    "nvvm.cluster_max_blocks": Requirement("sm_90", "7.8", note=(
        ".maxclusterrank: sm_90 / PTX 7.8 (ptxas 13.0); dropped by LLVM 22's NVPTX back end on older targets.")),
    "nvvm.blocksareclusters": Requirement("sm_90", "9.0", note=(
        ".blocksareclusters: PTX 9.0 (LLVM 22's NVPTX back end: 'blocksareclusters requires PTX version >= "
        "9.0'; ptxas 13.0 accepts it on sm_90 with .version 9.0); dropped on targets below sm_90.")),
}
"""What a kernel's cluster attributes need of its target, measured by compiling a kernel carrying each
through LLVM 22's NVPTX back end and ptxas 13.0 (``nvvm.reqntid``, ``.maxntid`` and ``.minnctapersm``
are older than every chip nvgpu-ls knows)."""

