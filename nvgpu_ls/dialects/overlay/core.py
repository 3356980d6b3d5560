"""The project's own words about the ops around nvgpu code (builtin, func, cf, scf, arith,
memref, vector, gpu, llvm): a summary line and an explanation per op, shown by hover and
completion. Op structure is not here: it comes from the generated registry (``ods``)."""

from __future__ import annotations

from ...analysis.facts import OpWords, Requirement

_SHFL_SYNC = Requirement("sm_30", "6.0", note=(
    "convert-gpu-to-nvvm makes it shfl.sync (all_reduce: a butterfly of them), which LLVM 22's NVPTX back end "
    "cannot select below PTX ISA 6.0: 'Cannot select: intrinsic llvm.nvvm.shfl.sync' on sm_60 at its default "
    "PTX 5.0, accepted with +ptx60 (measured through the PTX pipeline)."))

WORDS: dict[str, OpWords] = {
    "builtin.module": OpWords(
        summary="Top-level container of an MLIR file",
        explanation=(
            "Holds the file's top-level operations in one graph region; it may carry a symbol name "
            "and module attributes such as `gpu.container_module`."
        ),
    ),
    "builtin.unrealized_conversion_cast": OpWords(
        summary="Placeholder cast left by partial type conversion",
        explanation=(
            "Converts any number of values to any number of types with no defined semantics; dialect "
            "conversion inserts it and expects a later pass to remove it."
        ),
    ),
    "func.func": OpWords(
        summary="Function definition or declaration",
        explanation=(
            "Defines a named function with a signature and, unless it is an external declaration, a "
            "body region whose entry block receives the arguments."
        ),
    ),
    "func.return": OpWords(
        summary="Return from a func.func",
        explanation="Terminates a func.func body, passing the function's result values.",
    ),
    "func.call": OpWords(
        summary="Direct call of a function symbol",
        explanation="Calls the function named by a flat symbol reference with the given operands.",
    ),
    "func.call_indirect": OpWords(
        summary="Call through a function-typed value",
        explanation="Calls the function value given as the first operand.",
    ),
    "func.constant": OpWords(
        summary="Function symbol as an SSA value",
        explanation="Materialises a reference to a function symbol as a value of function type.",
    ),
    "cf.br": OpWords(
        summary="Unconditional branch",
        explanation="Jumps to a successor block, passing block arguments.",
    ),
    "cf.cond_br": OpWords(
        summary="Conditional branch",
        explanation="Branches to one of two successors on an i1 condition.",
    ),
    "cf.switch": OpWords(
        summary="Multi-way branch on an integer",
        explanation="Selects a successor by matching an integer against case values.",
    ),
    "cf.assert": OpWords(
        summary="Runtime assertion",
        explanation="Aborts with a message when the i1 operand is false.",
    ),
    "scf.for": OpWords(
        summary="Counted loop with optional loop-carried values",
        explanation=(
            "Runs its single-block body for each induction value from lower bound (inclusive) to "
            "upper bound (exclusive) by step, threading iter_args through scf.yield."
        ),
    ),
    "scf.forall": OpWords(
        summary="Parallel loop nest with shared outputs",
        explanation=(
            "Executes its body once per point of a multi-dimensional iteration space, possibly mapped"
            " to GPU threads or blocks, combining per-iteration results into shared outputs."
        ),
    ),
    "scf.forall.in_parallel": OpWords(
        summary="Terminator of scf.forall that publishes partial results",
        explanation=(
            "Holds the parallel-combining ops (e.g. tensor.parallel_insert_slice) that write each "
            "iteration's results into scf.forall's shared outputs."
        ),
    ),
    "scf.parallel": OpWords(
        summary="Parallel loop with reductions",
        explanation=(
            "Runs its body for every point of a hyper-rectangular index space; values flow out only "
            "through scf.reduce."
        ),
    ),
    "scf.reduce": OpWords(
        summary="Terminator of scf.parallel carrying reduction operands",
        explanation=(
            "Passes one value per scf.parallel init to a reduction region that combines two partial "
            "values."
        ),
    ),
    "scf.reduce.return": OpWords(
        summary="Terminator of an scf.reduce region",
        explanation="Returns the combined value from a reduction region.",
    ),
    "scf.if": OpWords(
        summary="If-then-else with optional results",
        explanation=(
            "Executes the then region or the optional else region depending on an i1 condition; "
            "results come from the regions' scf.yield."
        ),
    ),
    "scf.while": OpWords(
        summary="General while loop",
        explanation=(
            "Runs a 'before' region that computes a continuation condition via scf.condition, then an"
            " 'after' region that yields the next loop-carried values."
        ),
    ),
    "scf.condition": OpWords(
        summary="Terminator of scf.while's before region",
        explanation=(
            "Decides whether the loop continues and forwards values to the after region (or out as "
            "results)."
        ),
    ),
    "scf.execute_region": OpWords(
        summary="Region executed exactly once",
        explanation=(
            "Allows multi-block code (e.g. with cf branches) where a single-block region is required;"
            " results come from scf.yield."
        ),
    ),
    "scf.index_switch": OpWords(
        summary="Switch on an index value with region cases",
        explanation=(
            "Executes the region whose case value matches the index operand, otherwise the default "
            "region."
        ),
    ),
    "scf.yield": OpWords(
        summary="Terminator yielding values from an scf region",
        explanation=(
            "Returns values from scf.for, scf.if, scf.while's after region, scf.execute_region or "
            "scf.index_switch regions."
        ),
    ),
    "arith.constant": OpWords(
        summary="Integer, float, index or vector/tensor constant",
        explanation="Produces an SSA value equal to its typed attribute.",
    ),
    "arith.addi": OpWords(
        summary="Integer addition",
        explanation=(
            "Adds two signless integers (or index values, or vectors/tensors of them) with "
            "wrap-around; `overflow<nsw, nuw>` makes overflow poison."
        ),
    ),
    "arith.subi": OpWords(
        summary="Integer subtraction",
        explanation="Subtracts two signless integers with wrap-around; overflow flags make overflow poison.",
    ),
    "arith.muli": OpWords(
        summary="Integer multiplication",
        explanation=(
            "Multiplies two signless integers keeping the low bits; overflow flags make overflow "
            "poison."
        ),
    ),
    "arith.divui": OpWords(
        summary="Unsigned integer division",
        explanation=(
            "Divides treating operands as unsigned, rounding toward zero; `exact` asserts no "
            "remainder."
        ),
    ),
    "arith.divsi": OpWords(
        summary="Signed integer division",
        explanation="Divides treating operands as signed, rounding toward zero; `exact` asserts no remainder.",
    ),
    "arith.ceildivui": OpWords(
        summary="Unsigned ceiling division",
        explanation="Divides as unsigned values, rounding toward positive infinity.",
    ),
    "arith.ceildivsi": OpWords(
        summary="Signed ceiling division",
        explanation="Divides as signed values, rounding toward positive infinity.",
    ),
    "arith.floordivsi": OpWords(
        summary="Signed floor division",
        explanation="Divides as signed values, rounding toward negative infinity.",
    ),
    "arith.remui": OpWords(
        summary="Unsigned remainder",
        explanation="Remainder of unsigned division.",
    ),
    "arith.remsi": OpWords(
        summary="Signed remainder",
        explanation="Remainder of signed division, with the sign of the dividend.",
    ),
    "arith.andi": OpWords(
        summary="Bitwise and",
        explanation="Bitwise AND of two signless integers.",
    ),
    "arith.ori": OpWords(
        summary="Bitwise or",
        explanation="Bitwise OR of two signless integers.",
    ),
    "arith.xori": OpWords(
        summary="Bitwise xor",
        explanation="Bitwise exclusive OR of two signless integers.",
    ),
    "arith.shli": OpWords(
        summary="Shift left",
        explanation="Shifts left by an unsigned amount; shifting by the bit width or more is poison.",
    ),
    "arith.shrui": OpWords(
        summary="Logical shift right",
        explanation="Shifts right filling with zeros; `exact` asserts no set bit is shifted out.",
    ),
    "arith.shrsi": OpWords(
        summary="Arithmetic shift right",
        explanation="Shifts right replicating the sign bit; `exact` asserts no set bit is shifted out.",
    ),
    "arith.maxsi": OpWords(
        summary="Signed integer maximum",
        explanation="Larger of two integers compared as signed.",
    ),
    "arith.maxui": OpWords(
        summary="Unsigned integer maximum",
        explanation="Larger of two integers compared as unsigned.",
    ),
    "arith.minsi": OpWords(
        summary="Signed integer minimum",
        explanation="Smaller of two integers compared as signed.",
    ),
    "arith.minui": OpWords(
        summary="Unsigned integer minimum",
        explanation="Smaller of two integers compared as unsigned.",
    ),
    "arith.addui_extended": OpWords(
        summary="Unsigned addition with carry-out",
        explanation=(
            "Adds two integers and also returns an i1 (or i1 vector) telling whether the unsigned sum"
            " overflowed."
        ),
    ),
    "arith.mulsi_extended": OpWords(
        summary="Signed full-width multiplication",
        explanation=(
            "Multiplies two integers as signed values and returns the low and high halves of the "
            "double-width product."
        ),
    ),
    "arith.mului_extended": OpWords(
        summary="Unsigned full-width multiplication",
        explanation=(
            "Multiplies two integers as unsigned values and returns the low and high halves of the "
            "product."
        ),
    ),
    "arith.negf": OpWords(
        summary="Floating-point negation",
        explanation="Flips the sign of a float (or vector/tensor of floats).",
    ),
    "arith.addf": OpWords(
        summary="Floating-point addition",
        explanation="Adds two floats; optional `fastmath<...>` flags relax IEEE rules.",
    ),
    "arith.subf": OpWords(
        summary="Floating-point subtraction",
        explanation="Subtracts two floats.",
    ),
    "arith.mulf": OpWords(
        summary="Floating-point multiplication",
        explanation="Multiplies two floats.",
    ),
    "arith.divf": OpWords(
        summary="Floating-point division",
        explanation="Divides two floats.",
    ),
    "arith.remf": OpWords(
        summary="Floating-point remainder",
        explanation="Remainder of float division, with the sign of the dividend.",
    ),
    "arith.maximumf": OpWords(
        summary="Float maximum propagating NaN",
        explanation="Larger of two floats; NaN if either is NaN, and -0.0 < +0.0.",
    ),
    "arith.maxnumf": OpWords(
        summary="Float maximum ignoring NaN",
        explanation="Larger of two floats; a NaN operand yields the other operand.",
    ),
    "arith.minimumf": OpWords(
        summary="Float minimum propagating NaN",
        explanation="Smaller of two floats; NaN if either is NaN, and -0.0 < +0.0.",
    ),
    "arith.minnumf": OpWords(
        summary="Float minimum ignoring NaN",
        explanation="Smaller of two floats; a NaN operand yields the other operand.",
    ),
    "arith.cmpi": OpWords(
        summary="Integer comparison",
        explanation=(
            "Compares two integers (or index values, or vectors of them) with a predicate and yields "
            "i1 (or an i1 vector/tensor of the same shape)."
        ),
    ),
    "arith.cmpf": OpWords(
        summary="Floating-point comparison",
        explanation="Compares two floats with an ordered/unordered predicate and yields i1 (or a shaped i1).",
    ),
    "arith.select": OpWords(
        summary="Choose between two values on a condition",
        explanation=(
            "Returns the true or false operand depending on an i1 condition, elementwise when the "
            "condition is a vector or tensor."
        ),
    ),
    "arith.extf": OpWords(
        summary="Float widening",
        explanation="Converts a float to a wider float type.",
    ),
    "arith.truncf": OpWords(
        summary="Float narrowing",
        explanation=(
            "Converts a float to a narrower float type, rounding per the optional rounding-mode "
            "keyword (e.g. `to_nearest_even`)."
        ),
    ),
    "arith.extsi": OpWords(
        summary="Sign extension",
        explanation="Widens an integer, replicating the sign bit.",
    ),
    "arith.extui": OpWords(
        summary="Zero extension",
        explanation="Widens an integer, filling with zero bits.",
    ),
    "arith.trunci": OpWords(
        summary="Integer truncation",
        explanation="Drops high bits to a narrower integer type; overflow flags make lost bits poison.",
    ),
    "arith.sitofp": OpWords(
        summary="Signed integer to float",
        explanation="Converts a signed integer to the nearest float.",
    ),
    "arith.uitofp": OpWords(
        summary="Unsigned integer to float",
        explanation="Converts an unsigned integer to the nearest float.",
    ),
    "arith.fptosi": OpWords(
        summary="Float to signed integer",
        explanation="Converts a float to a signed integer, rounding toward zero.",
    ),
    "arith.fptoui": OpWords(
        summary="Float to unsigned integer",
        explanation="Converts a float to an unsigned integer, rounding toward zero.",
    ),
    "arith.index_cast": OpWords(
        summary="Index/integer conversion (signed)",
        explanation="Converts between index and fixed-width integers (sign-extending when widening).",
    ),
    "arith.index_castui": OpWords(
        summary="Index/integer conversion (unsigned)",
        explanation="Converts between index and fixed-width integers (zero-extending when widening).",
    ),
    "arith.bitcast": OpWords(
        summary="Same-width reinterpretation",
        explanation="Reinterprets the bits of an integer or float as another type of the same bit width.",
    ),
    "arith.scaling_extf": OpWords(
        summary="Block-scaled float widening",
        explanation="Widens input floats and multiplies them by per-element scale values (OCP MX style).",
    ),
    "arith.scaling_truncf": OpWords(
        summary="Block-scaled float narrowing",
        explanation="Divides input floats by per-element scales and narrows them (OCP MX style).",
    ),
    "memref.alloc": OpWords(
        summary="Heap allocation of a memref",
        explanation=(
            "Allocates a buffer described by the result memref type; dynamic sizes and layout symbols"
            " are operands."
        ),
    ),
    "memref.alloca": OpWords(
        summary="Stack allocation of a memref",
        explanation=(
            "Allocates a buffer freed automatically when the enclosing allocation scope (e.g. the "
            "function) exits."
        ),
    ),
    "memref.dealloc": OpWords(
        summary="Free a memref buffer",
        explanation="Releases a buffer created by memref.alloc.",
    ),
    "memref.realloc": OpWords(
        summary="Resize a 1-D buffer",
        explanation="Moves/grows a 1-D buffer to a new size, keeping its contents.",
    ),
    "memref.load": OpWords(
        summary="Load one element",
        explanation="Reads the element at the given indices of a memref.",
    ),
    "memref.store": OpWords(
        summary="Store one element",
        explanation="Writes a value to the element at the given indices.",
    ),
    "memref.subview": OpWords(
        summary="Strided sub-view of a memref",
        explanation=(
            "Creates a view of a rectangular, strided region of a memref without copying; may drop "
            "unit dimensions."
        ),
    ),
    "memref.cast": OpWords(
        summary="Change static/dynamic shape information",
        explanation=(
            "Casts between compatible memref types (static to dynamic sizes or back, ranked to "
            "unranked)."
        ),
    ),
    "memref.memory_space_cast": OpWords(
        summary="Change a memref's memory space",
        explanation="Casts a memref to the same shape and layout in another memory space.",
    ),
    "memref.reinterpret_cast": OpWords(
        summary="Rebuild a memref descriptor",
        explanation="Makes a memref with the source's base pointer and new offset, sizes and strides.",
    ),
    "memref.reshape": OpWords(
        summary="Reshape by a shape operand",
        explanation="Reinterprets a contiguous memref with the shape held in a 1-D memref operand.",
    ),
    "memref.global": OpWords(
        summary="Global memref variable",
        explanation=(
            "Declares or defines a named, statically shaped global buffer, optionally constant and "
            "initialised."
        ),
    ),
    "memref.get_global": OpWords(
        summary="Address of a global memref",
        explanation="Returns a memref referring to a memref.global symbol.",
    ),
    "memref.dim": OpWords(
        summary="Size of one dimension",
        explanation="Returns the extent of a memref along a dimension index.",
    ),
    "memref.rank": OpWords(
        summary="Rank of a memref",
        explanation="Returns the number of dimensions as an index.",
    ),
    "memref.view": OpWords(
        summary="Typed view into an i8 buffer",
        explanation=(
            "Creates a contiguous memref of any element type at a byte offset inside a flat i8 "
            "buffer."
        ),
    ),
    "memref.collapse_shape": OpWords(
        summary="Merge contiguous dimensions",
        explanation="Produces a lower-rank view by merging groups of adjacent dimensions.",
    ),
    "memref.expand_shape": OpWords(
        summary="Split dimensions",
        explanation=(
            "Produces a higher-rank view by splitting dimensions; `output_shape` gives the result "
            "sizes."
        ),
    ),
    "memref.transpose": OpWords(
        summary="Permute dimensions (metadata only)",
        explanation="Returns a strided view with sizes and strides permuted.",
    ),
    "memref.copy": OpWords(
        summary="Copy between memrefs",
        explanation="Copies all elements from a source memref to a target of the same shape.",
    ),
    "memref.extract_strided_metadata": OpWords(
        summary="Decompose a strided memref",
        explanation="Returns the base buffer (rank 0), offset, sizes and strides of a strided memref.",
    ),
    "memref.extract_aligned_pointer_as_index": OpWords(
        summary="Aligned base pointer as an index",
        explanation="Returns a memref's aligned data pointer as an index value.",
    ),
    "memref.assume_alignment": OpWords(
        summary="Alignment assumption",
        explanation=(
            "Declares that a memref's data is aligned to the given byte count; LLVM 22 returns the "
            "same memref as a new value."
        ),
    ),
    "memref.atomic_rmw": OpWords(
        summary="Atomic read-modify-write with a predefined kind",
        explanation=(
            "Atomically combines a value into a memref element and returns the previous or new value "
            "(per kind)."
        ),
    ),
    "memref.generic_atomic_rmw": OpWords(
        summary="Atomic read-modify-write with a custom body",
        explanation=(
            "Atomically replaces a memref element with the value computed by its region from the "
            "current value."
        ),
    ),
    "memref.atomic_yield": OpWords(
        summary="Terminator of memref.generic_atomic_rmw",
        explanation="Yields the new value to store.",
    ),
    "memref.prefetch": OpWords(
        summary="Cache prefetch hint",
        explanation=(
            "Hints that an element will be read or written soon, with a locality level and cache "
            "kind."
        ),
    ),
    "memref.alloca_scope": OpWords(
        summary="Explicit scope for stack allocations",
        explanation="Runs its region once; memref.alloca buffers created inside are released when it exits.",
    ),
    "memref.alloca_scope.return": OpWords(
        summary="Terminator of memref.alloca_scope",
        explanation="Returns values from an alloca scope.",
    ),
    "vector.load": OpWords(
        summary="Load a vector from a memref",
        explanation="Reads a contiguous vector starting at the given memref indices.",
    ),
    "vector.store": OpWords(
        summary="Store a vector to a memref",
        explanation="Writes a vector contiguously starting at the given memref indices.",
    ),
    "vector.maskedload": OpWords(
        summary="Masked vector load",
        explanation="Loads the lanes enabled by a mask and takes the rest from a pass-through vector.",
    ),
    "vector.maskedstore": OpWords(
        summary="Masked vector store",
        explanation="Stores only the lanes enabled by a mask.",
    ),
    "vector.transfer_read": OpWords(
        summary="Read a vector from a memref or tensor with padding",
        explanation=(
            "Reads a (possibly permuted, possibly out-of-bounds) vector slice; out-of-bounds lanes "
            "take the padding value."
        ),
    ),
    "vector.transfer_write": OpWords(
        summary="Write a vector to a memref or tensor",
        explanation=(
            "Writes a (possibly permuted) vector slice; with a tensor destination it returns the "
            "updated tensor."
        ),
    ),
    "vector.gather": OpWords(
        summary="Gather lanes from computed addresses",
        explanation=(
            "Loads lanes from a base plus per-lane index offsets, under a mask, with pass-through "
            "values."
        ),
    ),
    "vector.scatter": OpWords(
        summary="Scatter lanes to computed addresses",
        explanation="Stores lanes to a base plus per-lane index offsets, under a mask.",
    ),
    "vector.extract": OpWords(
        summary="Extract a sub-vector or scalar at a position",
        explanation="Takes the element or lower-rank vector at a static or dynamic position of a vector.",
    ),
    "vector.insert": OpWords(
        summary="Insert a sub-vector or scalar at a position",
        explanation=(
            "Returns a copy of the destination vector with a value written at a static or dynamic "
            "position."
        ),
    ),
    "vector.extract_strided_slice": OpWords(
        summary="Extract a strided slice of a vector",
        explanation="Takes a strided sub-vector given by offsets, sizes and strides attributes.",
    ),
    "vector.insert_strided_slice": OpWords(
        summary="Insert a strided slice into a vector",
        explanation="Writes a smaller vector into a larger one at offsets with strides.",
    ),
    "vector.broadcast": OpWords(
        summary="Broadcast a scalar or vector to a larger vector",
        explanation="Replicates the source along leading (and unit) dimensions to the result shape.",
    ),
    "vector.from_elements": OpWords(
        summary="Build a vector from scalars",
        explanation="Creates a vector from one scalar per element.",
    ),
    "vector.to_elements": OpWords(
        summary="Split a vector into scalars",
        explanation="Returns every element of a vector as a separate value.",
    ),
    "vector.shape_cast": OpWords(
        summary="Reshape a vector",
        explanation="Reinterprets a vector with a different shape of the same element count.",
    ),
    "vector.bitcast": OpWords(
        summary="Reinterpret vector bits",
        explanation="Bitcasts the innermost dimension to another element type of equal total width.",
    ),
    "vector.type_cast": OpWords(
        summary="View a memref of scalars as a memref of vectors",
        explanation="Casts a statically shaped memref to a 0-D memref whose element is the whole vector.",
    ),
    "vector.transpose": OpWords(
        summary="Permute vector dimensions",
        explanation="Transposes a vector by a permutation of its dimensions.",
    ),
    "vector.shuffle": OpWords(
        summary="Shuffle elements of two vectors",
        explanation=(
            "Builds a vector by picking leading-dimension elements from the concatenation of two "
            "vectors."
        ),
    ),
    "vector.interleave": OpWords(
        summary="Interleave two vectors",
        explanation="Alternates the elements of two vectors along the last dimension.",
    ),
    "vector.deinterleave": OpWords(
        summary="Split even and odd elements",
        explanation="Returns the even-indexed and odd-indexed elements of the last dimension as two vectors.",
    ),
    "vector.contract": OpWords(
        summary="Generalised vector contraction",
        explanation=(
            "Multiplies two vectors and accumulates over the reduction dimensions given by indexing "
            "maps and iterator types."
        ),
    ),
    "vector.outerproduct": OpWords(
        summary="Outer product with optional accumulation",
        explanation=(
            "Forms the outer product of two 1-D vectors (or scales a vector by a scalar) and "
            "optionally adds an accumulator."
        ),
    ),
    "vector.fma": OpWords(
        summary="Fused multiply-add on vectors",
        explanation="Computes a*b+c elementwise with one rounding.",
    ),
    "vector.reduction": OpWords(
        summary="Reduce a 1-D vector to a scalar",
        explanation="Combines all elements with a combining kind, optionally with an accumulator.",
    ),
    "vector.multi_reduction": OpWords(
        summary="Reduce along chosen dimensions",
        explanation=(
            "Reduces an n-D vector along listed dimensions into an accumulator of the remaining "
            "shape."
        ),
    ),
    "vector.create_mask": OpWords(
        summary="Mask from dynamic bounds",
        explanation="Builds an i1 vector whose leading region, bounded by the operands, is set.",
    ),
    "vector.constant_mask": OpWords(
        summary="Mask from static bounds",
        explanation="Builds an i1 vector whose leading region given by constant sizes is set.",
    ),
    "vector.mask": OpWords(
        summary="Apply a mask to one maskable vector op",
        explanation=(
            "Wraps a single maskable op so that it only acts on enabled lanes, with an optional "
            "pass-through."
        ),
    ),
    "vector.yield": OpWords(
        summary="Terminator of vector.mask",
        explanation="Yields the masked op's results.",
    ),
    "vector.step": OpWords(
        summary="Vector of consecutive indices",
        explanation="Returns [0, 1, 2, ...] as a vector of index.",
    ),
    "vector.print": OpWords(
        summary="Debug print of a vector or scalar",
        explanation="Prints a value (or string) at run time for debugging.",
    ),
    "gpu.module": OpWords(
        summary="Device code module",
        explanation=(
            "A symbol-table container for code that runs on the GPU, optionally with target "
            "attributes such as `#nvvm.target`."
        ),
    ),
    "gpu.func": OpWords(
        summary="GPU function or kernel",
        explanation=(
            "A function inside a gpu.module; with `kernel` it is a launchable entry point, and it may"
            " declare workgroup (shared) and private buffers."
        ),
    ),
    "gpu.return": OpWords(
        summary="Return from a gpu.func",
        explanation="Terminates a gpu.func body with its results.",
    ),
    "gpu.launch": OpWords(
        summary="Launch a kernel written inline",
        explanation=(
            "Launches a grid of thread blocks (optionally clusters) that execute the op's region; "
            "sizes are operands and the ids are region arguments."
        ),
    ),
    "gpu.launch_func": OpWords(
        summary="Launch an outlined kernel",
        explanation=(
            "Launches a gpu.func kernel by symbol with grid, block and optional cluster sizes and "
            "kernel arguments."
        ),
    ),
    "gpu.terminator": OpWords(
        summary="Terminator of a gpu.launch body",
        explanation="Ends the region of gpu.launch.",
    ),
    "gpu.yield": OpWords(
        summary="Yield from a gpu region",
        explanation="Returns values from regions of gpu ops (e.g. all_reduce, warp_execute_on_lane_0).",
    ),
    "gpu.thread_id": OpWords(
        summary="Thread index within its block",
        explanation="Thread index within its block along dimension x, y or z, as an index value.",
    ),
    "gpu.block_id": OpWords(
        summary="Block index within the grid",
        explanation="Block index within the grid along dimension x, y or z, as an index value.",
    ),
    "gpu.block_dim": OpWords(
        summary="Number of threads per block",
        explanation="Number of threads per block along dimension x, y or z, as an index value.",
    ),
    "gpu.grid_dim": OpWords(
        summary="Number of blocks in the grid",
        explanation="Number of blocks in the grid along dimension x, y or z, as an index value.",
    ),
    "gpu.cluster_id": OpWords(
        summary="Cluster index within the grid",
        explanation="Cluster index within the grid along dimension x, y or z, as an index value.",
    ),
    "gpu.cluster_dim": OpWords(
        summary="Number of clusters in the grid",
        explanation="Number of clusters in the grid along dimension x, y or z, as an index value.",
    ),
    "gpu.cluster_block_id": OpWords(
        summary="Block index within its cluster",
        explanation="Block index within its cluster along dimension x, y or z, as an index value.",
    ),
    "gpu.cluster_dim_blocks": OpWords(
        summary="Number of blocks per cluster",
        explanation="Number of blocks per cluster along dimension x, y or z, as an index value.",
    ),
    "gpu.global_id": OpWords(
        summary="Global thread index",
        explanation="Global thread index along dimension x, y or z, as an index value.",
    ),
    "gpu.lane_id": OpWords(
        summary="Lane index within the subgroup",
        explanation="Returns the calling thread's lane within its warp/subgroup.",
    ),
    "gpu.subgroup_id": OpWords(
        summary="Subgroup index within the workgroup",
        explanation="Returns the warp index of the caller inside its block.",
    ),
    "gpu.num_subgroups": OpWords(
        summary="Number of subgroups per workgroup",
        explanation="Returns how many warps a block has.",
    ),
    "gpu.subgroup_size": OpWords(
        summary="Threads per subgroup",
        explanation="Returns the warp/subgroup width.",
    ),
    "gpu.barrier": OpWords(
        summary="Workgroup barrier",
        explanation="Synchronises all threads of a block, making prior memory accesses visible.",
    ),
    "gpu.printf": OpWords(
        summary="Device-side printf",
        explanation="Prints a formatted message from device code.",
    ),
    "gpu.alloc": OpWords(
        summary="Device memory allocation",
        explanation="Allocates GPU memory, optionally asynchronously or host-shared.",
    ),
    "gpu.dealloc": OpWords(
        summary="Device memory release",
        explanation="Frees memory from gpu.alloc, optionally asynchronously.",
    ),
    "gpu.memcpy": OpWords(
        summary="Device memory copy",
        explanation="Copies between memrefs on host or device.",
    ),
    "gpu.memset": OpWords(
        summary="Device memory fill",
        explanation="Sets every element of a memref to a scalar.",
    ),
    "gpu.wait": OpWords(
        summary="Wait for async GPU work",
        explanation=(
            "Blocks until its token dependencies finish, or with `async` merges them into a new "
            "token."
        ),
    ),
    "gpu.shuffle": OpWords(
        summary="Exchange values between lanes",
        explanation=(
            "Reads a value from another lane of the subgroup (xor, up, down or idx mode) and reports "
            "whether that lane was valid."
        ),
        requirement=_SHFL_SYNC,
        ptx=("shfl.sync.{bfly,up,down,idx}.b32 d|p, a, b, c, 0xffffffff;",),
    ),
    "gpu.all_reduce": OpWords(
        summary="Workgroup-wide reduction",
        explanation="Reduces a value across all threads of a block with a built-in kind or a custom region.",
        requirement=_SHFL_SYNC,
    ),
    "gpu.subgroup_reduce": OpWords(
        summary="Subgroup-wide reduction",
        explanation="Reduces a value across the lanes of a subgroup, optionally in clusters.",
    ),
    "gpu.dynamic_shared_memory": OpWords(
        summary="Dynamic shared memory base",
        explanation=(
            "Returns a 1-D i8 memref in workgroup memory covering the dynamically sized shared "
            "memory."
        ),
    ),
    "gpu.binary": OpWords(
        summary="Serialized GPU binary",
        explanation="Holds compiled device objects (e.g. cubin) under a symbol.",
    ),
    "gpu.host_register": OpWords(
        summary="Register host memory for device access",
        explanation="Maps an unranked host memref for device use.",
    ),
    "gpu.host_unregister": OpWords(
        summary="Unregister host memory",
        explanation="Undoes gpu.host_register.",
    ),
    "gpu.set_default_device": OpWords(
        summary="Select the default device",
        explanation="Sets the GPU used by later operations by index.",
    ),
    "gpu.warp_execute_on_lane_0": OpWords(
        summary="Run a region on lane 0 of a warp",
        explanation=(
            "Models warp-level vector code whose values are distributed across lanes; only lane 0 "
            "executes the body. Upstream's pipeline has no conversion for it; nvgpu-ls lowers it "
            "to an scf.if on `laneid == 0` and moves the values crossing the region through "
            "shfl.sync.idx: uniform operands pass as they are, 1-D vectors distributed over the "
            "32 lanes are gathered to lane 0 element by element, and results are broadcast from "
            "lane 0 (a distributed result: each lane keeps its slice at laneid * k)."
        ),
        requirement=Requirement("sm_70", "6.0", note=(
            "The specification's floor for the lowering: shfl.sync itself is sm_30 / PTX 6.0 (nvvm.shfl.sync's "
            "ODS), and the shuffles follow a region only lane 0 ran, which a warp reconverges from with "
            "independent thread scheduling (sm_70). ptxas 13.0 assembles no target below sm_75, so the "
            "sm_70 floor is not measured.")),
        lowers_to=("scf.if", "gpu.shuffle", "vector.extract", "vector.from_elements", "ub.poison"),
        ptx=("shfl.sync.idx.b32 d, a, lane, 31, 0xffffffff;",),
    ),
    "gpu.rotate": OpWords(
        summary="Rotate values across lanes",
        explanation="Moves each lane's value to lane (id + offset) mod width.",
    ),
    "gpu.subgroup_broadcast": OpWords(
        summary="Broadcast a lane's value to the subgroup",
        explanation="Makes a value uniform by taking it from the first active lane or a specified lane.",
    ),
    "gpu.subgroup_mma_load_matrix": OpWords(
        summary="Warp-cooperative matrix fragment load",
        explanation="Loads an A, B or C fragment for subgroup MMA from a memref.",
    ),
    "gpu.subgroup_mma_store_matrix": OpWords(
        summary="Warp-cooperative matrix fragment store",
        explanation="Stores a result fragment of subgroup MMA to a memref.",
    ),
    "gpu.subgroup_mma_compute": OpWords(
        summary="Warp-cooperative matrix multiply-accumulate",
        explanation="Computes C += A * B on subgroup MMA fragments.",
    ),
    "gpu.subgroup_mma_constant_matrix": OpWords(
        summary="Fragment filled with a scalar",
        explanation="Creates an MMA fragment whose elements all equal a scalar.",
    ),
    "gpu.subgroup_mma_elementwise": OpWords(
        summary="Elementwise op on fragments",
        explanation="Applies an elementwise operation to MMA fragments.",
    ),
    "gpu.subgroup_mma_extract_thread_local": OpWords(
        summary="Read a thread-local fragment element",
        explanation="Extracts the element a thread holds at a given index of its fragment.",
    ),
    "gpu.subgroup_mma_insert_thread_local": OpWords(
        summary="Write a thread-local fragment element",
        explanation="Replaces the element a thread holds at a given index of its fragment.",
    ),
    "llvm.func": OpWords(
        summary="LLVM dialect function",
        explanation=(
            "Defines or declares a function with an LLVM function type, linkage, calling convention "
            "and LLVM function attributes."
        ),
    ),
    "llvm.return": OpWords(
        summary="Return from an llvm.func",
        explanation="Terminates a function body with zero or one value.",
    ),
    "llvm.call": OpWords(
        summary="LLVM call",
        explanation="Calls a function symbol directly or a function pointer indirectly.",
    ),
    "llvm.call_intrinsic": OpWords(
        summary="Call an LLVM intrinsic by name",
        explanation="Calls the named LLVM intrinsic with the given operands.",
    ),
    "llvm.inline_asm": OpWords(
        summary="Inline assembly",
        explanation="Embeds a target assembly string with a constraint string and operands.",
    ),
    "llvm.mlir.constant": OpWords(
        summary="LLVM constant",
        explanation="Materialises a scalar, vector, string or aggregate constant.",
    ),
    "llvm.mlir.undef": OpWords(
        summary="Undefined value",
        explanation="Creates an undef value of any LLVM-compatible type.",
    ),
    "llvm.mlir.poison": OpWords(
        summary="Poison value",
        explanation="Creates a poison value of any LLVM-compatible type.",
    ),
    "llvm.mlir.zero": OpWords(
        summary="Zero value",
        explanation="Creates a zero-initialised value (null pointer, zero aggregate, ...).",
    ),
    "llvm.mlir.none": OpWords(
        summary="Empty token value",
        explanation="Creates the `none` token.",
    ),
    "llvm.mlir.addressof": OpWords(
        summary="Address of a global or function",
        explanation="Returns a pointer to an llvm.mlir.global or llvm.func symbol.",
    ),
    "llvm.mlir.global": OpWords(
        summary="LLVM global variable",
        explanation=(
            "Defines a global with linkage, optional constant initializer or initializer region, and "
            "an address space."
        ),
    ),
    "llvm.alloca": OpWords(
        summary="Stack allocation",
        explanation="Allocates stack memory for a number of elements of a given type.",
    ),
    "llvm.load": OpWords(
        summary="LLVM load",
        explanation="Reads a value through a pointer, optionally volatile, atomic or invariant.",
    ),
    "llvm.store": OpWords(
        summary="LLVM store",
        explanation="Writes a value through a pointer, optionally volatile or atomic.",
    ),
    "llvm.getelementptr": OpWords(
        summary="Pointer arithmetic (GEP)",
        explanation="Computes an address from a base pointer and indices into a typed aggregate.",
    ),
    "llvm.extractvalue": OpWords(
        summary="Read a struct/array member",
        explanation="Extracts an element of an aggregate at a constant position.",
    ),
    "llvm.insertvalue": OpWords(
        summary="Write a struct/array member",
        explanation="Returns an aggregate with one element replaced.",
    ),
    "llvm.extractelement": OpWords(
        summary="Read a vector element",
        explanation="Extracts one element of an LLVM vector at a dynamic position.",
    ),
    "llvm.insertelement": OpWords(
        summary="Write a vector element",
        explanation="Returns a vector with one element replaced.",
    ),
    "llvm.shufflevector": OpWords(
        summary="Permute two vectors",
        explanation="Builds a vector from lanes of two vectors by a constant mask.",
    ),
    "llvm.bitcast": OpWords(
        summary="LLVM bitcast cast",
        explanation="Reinterprets bits as another type of the same size.",
    ),
    "llvm.addrspacecast": OpWords(
        summary="LLVM addrspacecast cast",
        explanation="Converts a pointer to another address space.",
    ),
    "llvm.ptrtoint": OpWords(
        summary="LLVM ptrtoint cast",
        explanation="Converts a pointer to an integer.",
    ),
    "llvm.inttoptr": OpWords(
        summary="LLVM inttoptr cast",
        explanation="Converts an integer to a pointer.",
    ),
    "llvm.zext": OpWords(
        summary="LLVM zext cast",
        explanation="Zero-extends an integer.",
    ),
    "llvm.sext": OpWords(
        summary="LLVM sext cast",
        explanation="Sign-extends an integer.",
    ),
    "llvm.trunc": OpWords(
        summary="LLVM trunc cast",
        explanation="Truncates an integer to fewer bits.",
    ),
    "llvm.fpext": OpWords(
        summary="LLVM fpext cast",
        explanation="Widens a float.",
    ),
    "llvm.fptrunc": OpWords(
        summary="LLVM fptrunc cast",
        explanation="Narrows a float.",
    ),
    "llvm.sitofp": OpWords(
        summary="LLVM sitofp cast",
        explanation="Converts a signed integer to float.",
    ),
    "llvm.uitofp": OpWords(
        summary="LLVM uitofp cast",
        explanation="Converts an unsigned integer to float.",
    ),
    "llvm.fptosi": OpWords(
        summary="LLVM fptosi cast",
        explanation="Converts a float to a signed integer.",
    ),
    "llvm.fptoui": OpWords(
        summary="LLVM fptoui cast",
        explanation="Converts a float to an unsigned integer.",
    ),
    "llvm.add": OpWords(
        summary="LLVM add",
        explanation="Integer addition (wrapping; `overflow<nsw, nuw>` flags allowed).",
    ),
    "llvm.sub": OpWords(
        summary="LLVM sub",
        explanation="Integer subtraction (wrapping; overflow flags allowed).",
    ),
    "llvm.mul": OpWords(
        summary="LLVM mul",
        explanation="Integer multiplication (wrapping; overflow flags allowed).",
    ),
    "llvm.udiv": OpWords(
        summary="LLVM udiv",
        explanation="Unsigned integer division (`exact` allowed).",
    ),
    "llvm.sdiv": OpWords(
        summary="LLVM sdiv",
        explanation="Signed integer division (`exact` allowed).",
    ),
    "llvm.urem": OpWords(
        summary="LLVM urem",
        explanation="Unsigned remainder.",
    ),
    "llvm.srem": OpWords(
        summary="LLVM srem",
        explanation="Signed remainder.",
    ),
    "llvm.shl": OpWords(
        summary="LLVM shl",
        explanation="Shift left (overflow flags allowed).",
    ),
    "llvm.lshr": OpWords(
        summary="LLVM lshr",
        explanation="Logical shift right (`exact` allowed).",
    ),
    "llvm.ashr": OpWords(
        summary="LLVM ashr",
        explanation="Arithmetic shift right (`exact` allowed).",
    ),
    "llvm.and": OpWords(
        summary="LLVM and",
        explanation="Bitwise and.",
    ),
    "llvm.or": OpWords(
        summary="LLVM or",
        explanation="Bitwise or (`disjoint` allowed).",
    ),
    "llvm.xor": OpWords(
        summary="LLVM xor",
        explanation="Bitwise xor.",
    ),
    "llvm.fadd": OpWords(
        summary="LLVM fadd",
        explanation="Float addition (fast-math flags in the attribute dictionary).",
    ),
    "llvm.fsub": OpWords(
        summary="LLVM fsub",
        explanation="Float subtraction.",
    ),
    "llvm.fmul": OpWords(
        summary="LLVM fmul",
        explanation="Float multiplication.",
    ),
    "llvm.fdiv": OpWords(
        summary="LLVM fdiv",
        explanation="Float division.",
    ),
    "llvm.frem": OpWords(
        summary="LLVM frem",
        explanation="Float remainder.",
    ),
    "llvm.fneg": OpWords(
        summary="LLVM float negation",
        explanation="Negates a float.",
    ),
    "llvm.icmp": OpWords(
        summary="LLVM integer/pointer comparison",
        explanation="Compares integers or pointers with a predicate, yielding i1.",
    ),
    "llvm.fcmp": OpWords(
        summary="LLVM float comparison",
        explanation="Compares floats with an ordered/unordered predicate, yielding i1.",
    ),
    "llvm.select": OpWords(
        summary="LLVM select",
        explanation="Chooses one of two values on an i1 condition.",
    ),
    "llvm.freeze": OpWords(
        summary="Freeze undef/poison",
        explanation="Turns undef/poison into an arbitrary but fixed value.",
    ),
    "llvm.br": OpWords(
        summary="LLVM unconditional branch",
        explanation="Jumps to a successor block.",
    ),
    "llvm.cond_br": OpWords(
        summary="LLVM conditional branch",
        explanation="Branches on an i1 condition.",
    ),
    "llvm.switch": OpWords(
        summary="LLVM switch",
        explanation="Multi-way branch on an integer value.",
    ),
    "llvm.unreachable": OpWords(
        summary="Unreachable point",
        explanation="Marks a point control never reaches.",
    ),
    "llvm.fence": OpWords(
        summary="Memory fence",
        explanation="Orders memory operations with an atomic ordering and optional sync scope.",
    ),
    "llvm.atomicrmw": OpWords(
        summary="Atomic read-modify-write",
        explanation="Atomically applies a binary operation to memory and returns the old value.",
    ),
    "llvm.cmpxchg": OpWords(
        summary="Atomic compare-and-exchange",
        explanation=(
            "Atomically replaces memory if it equals an expected value; returns the old value and a "
            "success flag."
        ),
    ),
    "llvm.intr.dbg.value": OpWords(
        summary="Debug value record",
        explanation="Ties an SSA value to a source variable for debuggers.",
    ),
    "llvm.intr.dbg.declare": OpWords(
        summary="Debug declare record",
        explanation="Ties a variable's address to a source variable.",
    ),
    "llvm.intr.fma": OpWords(
        summary="Fused multiply-add intrinsic",
        explanation="Computes a*b+c with one rounding.",
    ),
    "llvm.intr.fabs": OpWords(
        summary="Absolute value intrinsic",
        explanation="Clears the sign bit of a float.",
    ),
    "llvm.intr.assume": OpWords(
        summary="Optimizer assumption",
        explanation="Tells the optimizer that a condition holds.",
    ),
}
