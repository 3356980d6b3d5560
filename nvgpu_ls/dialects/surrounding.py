"""Facts about the ops that surround nvgpu code in real MLIR files.

Files that use ``nvgpu`` also contain ``builtin``, ``func``, ``cf``, ``scf``, ``arith``,
``memref``, ``vector``, ``gpu``, ``llvm`` and ``nvvm`` ops. The tolerant parser needs their custom
assembly forms to recover results, operands with their types, regions and symbols; hover needs a
line of explanation; the target gate needs the SM floor and PTX ISA minimum of every ``nvvm`` op.
This module is that table.

Sources. Operand, attribute and result names, the assembly formats and the traits are taken from
the ODS records of LLVM 22 (Debian's ``libmlir-22-dev``, the release behind ``mlir-opt-22``); ops
and formats that LLVM 22 changed or removed are also given in their LLVM 19 form, because files of
that era (including the ``.shared`` mbarrier ops in upstream's own tests) still use them. The
summaries, explanations and notes are this project's own words. ``nvvm`` requirements were
measured with ptxas 13.0 (lowest ``.target`` and ``.version`` accepting a minimal kernel with the
instruction); the ``Requirement.note`` records where that differs from the ``NVVMRequiresSM``
annotations in ``NVVMOps.td``.

Conventions:

* ``formats`` hold declarative assembly formats, whitespace-normalised, newest first. A ``$name``
  that is neither an operand, an attribute nor a result names a region or a successor (the note
  lists them). An empty tuple means upstream parses the op with hand-written C++; the note then
  spells out the concrete syntax and which values the op defines as block arguments. Besides the
  usual directives, a bare ``operands`` (all operands, comma-separated) and ``oilist(a | b)``
  (``vector.print``) occur.
* Operand/result kinds: ``index``, ``iN``, ``fN``, ``integer`` (any signless integer),
  ``integer-like`` (signless integer or index, or a vector/tensor of them),
  ``float``/``float-like`` likewise, ``bool-like`` (i1 or shaped i1), ``vector``/``vector<NxT>``,
  ``memref``/``memref<*>``, ``tensor``, ``!llvm.ptr`` (any address space), ``!llvm.ptr<3>``
  (exactly that space; ``<0|3>`` lists choices), ``!llvm.struct``, ``!gpu.async.token``,
  ``!gpu.mma_matrix``, ``llvm-compatible`` (any type the LLVM dialect accepts), ``any``. ``a|b``
  means either.
* Attribute kinds: ``i32``, ``i64``, ``index``, ``unit``, ``bool``, ``string``, ``symbol`` (a
  symbol reference), ``symbol_name`` (the name an op defines), ``type``, ``typed_attr`` (any
  attribute that carries a type, as ``arith.constant`` takes), ``dense_i64_array``,
  ``dense_i32_array``, ``array``, ``affine_map``, ``enum`` (with ``enum`` cases and, for dialect
  enum attributes, ``enum_attr``), or a dialect attribute spelling such as ``#nvvm.shape``.
* Attribute variables in a format whose ODS constraint is one specific dialect attribute are
  printed without their ``#dialect.mnemonic`` prefix: enum attributes with an angle-bracket syntax
  appear as ``<f16>`` (``enum_attr`` gives the full spelling, which is accepted too), other enums
  as a bare keyword (``bfly``, ``slt``), and struct-like attributes as
  ``<m = 64, n = 32, k = 16>``.
* ``traits`` keep the structural ones that matter to analysis (``IsolatedFromAbove``,
  ``Terminator``, ``Symbol``, ``SymbolTable``, ``SingleBlockImplicitTerminator<op>``,
  ``HasParent<op>``, ``Pure``, ``SameOperandsAndResultType``, ``AllTypesMatch<...>``,
  ``TypesMatchWith<a -> b>``, ...); the last two say how operand types follow from the written
  ones.
"""

from __future__ import annotations

from .facts import AttributeFact, OperandFact, OpFacts, Requirement, RequirementForm, ResultFact

# ---------------------------------------------------------------------- builtin
BUILTIN_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="builtin.module",
        summary="Top-level container of an MLIR file",
        explanation=(
            "Holds the file's top-level operations in one graph region; it may carry a symbol name "
            "and module attributes such as `gpu.container_module`."
        ),
        attributes=(
            AttributeFact("sym_name", "symbol_name", optional=True),
            AttributeFact("sym_visibility", "string", optional=True),
        ),
        formats=(
            "($sym_name^)? attr-dict-with-keyword $bodyRegion",
        ),
        traits=(
            "AffineScope",
            "IsolatedFromAbove",
            "NoRegionArguments",
            "SymbolTable",
            "Symbol",
            "NoTerminator",
            "SingleBlock",
            "HasOnlyGraphRegion",
        ),
        note=(
            "Declarative format. The op is implicit when a file's top level is not wrapped: the "
            "parser then creates one unnamed module around everything. A named module (`module @m "
            "attributes {...} {...}`) defines symbol `@m`; `builtin.` may be omitted (`module`). "
            "Regions: `bodyRegion`."
        ),
    ),
    OpFacts(
        name="builtin.unrealized_conversion_cast",
        summary="Placeholder cast left by partial type conversion",
        explanation=(
            "Converts any number of values to any number of types with no defined semantics; "
            "dialect conversion inserts it and expects a later pass to remove it."
        ),
        operands=(
            OperandFact("inputs", "any", variadic=True),
        ),
        results=(
            ResultFact("outputs", "any", variadic=True),
        ),
        formats=(
            "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
        ),
        traits=("Pure",),
        note=(
            "`$inputs` may be empty (written as nothing before `to`). Example: `%1 = "
            "builtin.unrealized_conversion_cast %0 : vector<4xf32> to !llvm.array<4 x f32>`."
        ),
    ),
)


# ---------------------------------------------------------------------- func
FUNC_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="func.func",
        summary="Function definition or declaration",
        explanation=(
            "Defines a named function with a signature and, unless it is an external declaration, "
            "a body region whose entry block receives the arguments."
        ),
        attributes=(
            AttributeFact("sym_name", "symbol_name"),
            AttributeFact("function_type", "type"),
            AttributeFact("sym_visibility", "string", optional=True),
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
            AttributeFact("no_inline", "unit", optional=True),
        ),
        traits=(
            "AffineScope",
            "AutomaticAllocationScope",
            "FunctionOpInterface",
            "IsolatedFromAbove",
            "Symbol",
        ),
        note=(
            "Hand-written parser. Syntax: `func.func [private|public|nested] @name(%a: type "
            "{arg-attrs}, ...) [-> (type {res-attrs}, ...)] [attributes {...}] [{ body }]`. A "
            "single unattributed result may be written without parentheses. A declaration has no "
            "body and may list bare types: `func.func private @ext(i32, f32) -> i32`. With a body, "
            "the named parameters become the entry block's arguments in order, e.g. `func.func "
            "@add(%a: f32, %b: f32) -> f32 { ... }` defines `%a` and `%b`. The visibility keyword "
            "fills `sym_visibility`; `@name` fills `sym_name` and defines the symbol. Regions: "
            "`body`."
        ),
    ),
    OpFacts(
        name="func.return",
        summary="Return from a func.func",
        explanation="Terminates a func.func body, passing the function's result values.",
        operands=(
            OperandFact("operands", "any", variadic=True),
        ),
        formats=(
            "attr-dict ($operands^ `:` type($operands))?",
        ),
        traits=("Pure", "HasParent<func.func>", "ReturnLike", "Terminator"),
        note=(
            "Inside a func.func body the printer drops the `func.` prefix, so `return %x : f32` is "
            "the usual spelling."
        ),
    ),
    OpFacts(
        name="func.call",
        summary="Direct call of a function symbol",
        explanation="Calls the function named by a flat symbol reference with the given operands.",
        operands=(
            OperandFact("operands", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("callee", "symbol"),
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
            AttributeFact("no_inline", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "any", variadic=True, doc="unnamed in ODS"),
        ),
        formats=(
            "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
        ),
        traits=("CallOpInterface", "SymbolUserOpInterface"),
        note=(
            "Example: `%r = func.call @f(%a) : (i32) -> i32`; inside func.func bodies the printer "
            "writes `call @f(...)`. The trailing functional type gives operand and result types."
        ),
    ),
    OpFacts(
        name="func.call_indirect",
        summary="Call through a function-typed value",
        explanation="Calls the function value given as the first operand.",
        operands=(
            OperandFact("callee", "function"),
            OperandFact("callee_operands", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        formats=(
            "$callee `(` $callee_operands `)` attr-dict `:` type($callee)",
        ),
        traits=(
            "CallOpInterface",
            "TypesMatchWith<callee -> callee_operands>",
            "TypesMatchWith<callee -> results>",
        ),
        note="Example: `%r = func.call_indirect %fn(%a) : (i32) -> i32`.",
    ),
    OpFacts(
        name="func.constant",
        summary="Function symbol as an SSA value",
        explanation="Materialises a reference to a function symbol as a value of function type.",
        attributes=(
            AttributeFact("value", "symbol"),
        ),
        results=(
            ResultFact("result", "any", doc="unnamed in ODS"),
        ),
        formats=(
            "attr-dict $value `:` type(results)",
        ),
        traits=("ConstantLike", "Pure", "SymbolUserOpInterface"),
        note="Example: `%f = func.constant @fn : (i32) -> i32`.",
    ),
)


# ---------------------------------------------------------------------- cf
CF_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="cf.br",
        summary="Unconditional branch",
        explanation="Jumps to a successor block, passing block arguments.",
        operands=(
            OperandFact("destOperands", "any", variadic=True),
        ),
        formats=(
            "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict",
        ),
        traits=("BranchOpInterface", "Pure", "Terminator"),
        note="Example: `cf.br ^bb1(%x : i32)`. Successors: `dest`.",
    ),
    OpFacts(
        name="cf.cond_br",
        summary="Conditional branch",
        explanation="Branches to one of two successors on an i1 condition.",
        operands=(
            OperandFact("condition", "i1"),
            OperandFact("trueDestOperands", "any", variadic=True),
            OperandFact("falseDestOperands", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("branch_weights", "dense_i32_array", optional=True),
        ),
        formats=(
            (
                "$condition (`weights` `(` $branch_weights^ `)` )? `,` $trueDest (`(` "
                "$trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` "
                "$falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict"
            ),
        ),
        traits=("AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"),
        note=(
            "Declarative format (not a hand-written parser) in LLVM 22. Example: `cf.cond_br %c, "
            "^bb1(%x : i32), ^bb2`; LLVM 22 also accepts `weights([90, 10])` after the condition. "
            "Successors: `trueDest`, `falseDest`."
        ),
    ),
    OpFacts(
        name="cf.switch",
        summary="Multi-way branch on an integer",
        explanation="Selects a successor by matching an integer against case values.",
        operands=(
            OperandFact("flag", "integer"),
            OperandFact("defaultOperands", "any", variadic=True),
            OperandFact("caseOperands", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("case_values", "dense_int_elements", optional=True),
            AttributeFact("case_operand_segments", "dense_i32_array"),
        ),
        formats=(
            (
                "$flag `:` type($flag) `,` `[` `\\n` "
                "custom<SwitchOpCases>(ref(type($flag)),$defaultDestination, $defaultOperands, "
                "type($defaultOperands), $case_values, $caseDestinations, $caseOperands, "
                "type($caseOperands)) `]` attr-dict"
            ),
        ),
        traits=("AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"),
        note=(
            "Example: `cf.switch %v : i32, [default: ^bb1, 42: ^bb2(%x : f32)]`. Successors: "
            "`defaultDestination`, `caseDestinations`. custom<SwitchOpCases> (cf flavour) parses "
            "what sits inside the literal brackets: `default: ^bb(%a : type)` followed by `, "
            "<int>: ^bb(...)` entries, each successor with optional operands."
        ),
    ),
    OpFacts(
        name="cf.assert",
        summary="Runtime assertion",
        explanation="Aborts with a message when the i1 operand is false.",
        operands=(
            OperandFact("arg", "i1"),
        ),
        attributes=(
            AttributeFact("msg", "string"),
        ),
        formats=(
            "$arg `,` $msg attr-dict",
        ),
        note="Example: `cf.assert %ok, \"index out of range\"`.",
    ),
)


# ---------------------------------------------------------------------- scf
SCF_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="scf.for",
        summary="Counted loop with optional loop-carried values",
        explanation=(
            "Runs its single-block body for each induction value from lower bound (inclusive) to "
            "upper bound (exclusive) by step, threading iter_args through scf.yield."
        ),
        operands=(
            OperandFact("lowerBound", "integer|index"),
            OperandFact("upperBound", "integer|index"),
            OperandFact("step", "integer|index"),
            OperandFact("initArgs", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("unsignedCmp", "unit", optional=True),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "AutomaticAllocationScope",
            "LoopLikeOpInterface",
            "AllTypesMatch<lowerBound, upperBound, step>",
            "RegionBranchOpInterface",
            "SingleBlock",
            "SingleBlockImplicitTerminator<scf.yield>",
            "RecursiveMemoryEffects",
        ),
        note=(
            "Hand-written parser. Syntax: `scf.for [unsigned] %iv = %lb to %ub step %step "
            "[iter_args(%acc = %init, ...) -> (types)] [: iv-type] { body }`. The entry block "
            "arguments are `%iv` followed by one value per iter_arg (`%acc`, ...); the op returns "
            "one result per iter_arg. Bounds are index unless `: i32` (etc.) follows the step; "
            "`unsigned` selects unsigned comparison. Example: `%s = scf.for %i = %c0 to %n step "
            "%c1 iter_args(%acc = %zero) -> (f32) {` defines `%i` and `%acc` inside and `%s` "
            "outside. A body without results may omit its scf.yield. Regions: `region`."
        ),
    ),
    OpFacts(
        name="scf.forall",
        summary="Parallel loop nest with shared outputs",
        explanation=(
            "Executes its body once per point of a multi-dimensional iteration space, possibly "
            "mapped to GPU threads or blocks, combining per-iteration results into shared outputs."
        ),
        operands=(
            OperandFact("dynamicLowerBound", "index", variadic=True),
            OperandFact("dynamicUpperBound", "index", variadic=True),
            OperandFact("dynamicStep", "index", variadic=True),
            OperandFact("outputs", "tensor", variadic=True),
        ),
        attributes=(
            AttributeFact("staticLowerBound", "dense_i64_array"),
            AttributeFact("staticUpperBound", "dense_i64_array"),
            AttributeFact("staticStep", "dense_i64_array"),
            AttributeFact("mapping", "array", optional=True),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "AttrSizedOperandSegments",
            "AutomaticAllocationScope",
            "LoopLikeOpInterface",
            "RecursiveMemoryEffects",
            "SingleBlock",
            "SingleBlockImplicitTerminator<scf.forall.in_parallel>",
            "RegionBranchOpInterface",
        ),
        note=(
            "Hand-written parser. Syntax: `scf.forall (%i, %j) in (%ub0, 8) [shared_outs(%o = %t) "
            "-> (tensor<...>)] { body } [{mapping = [...]}]` (zero lower bounds, unit steps) or "
            "`scf.forall (%i) = (%lb) to (%ub) step (%s) ...`; bounds and steps mix SSA values and "
            "integer literals. Entry block arguments are the induction variables followed by one "
            "value per shared_out. The body ends in scf.forall.in_parallel (inserted implicitly "
            "when empty). Results: one per shared_out. Regions: `region`."
        ),
    ),
    OpFacts(
        name="scf.forall.in_parallel",
        summary="Terminator of scf.forall that publishes partial results",
        explanation=(
            "Holds the parallel-combining ops (e.g. tensor.parallel_insert_slice) that write each "
            "iteration's results into scf.forall's shared outputs."
        ),
        traits=(
            "Pure",
            "Terminator",
            "HasParent<scf.forall>",
            "NoTerminator",
            "SingleBlock",
            "HasOnlyGraphRegion",
        ),
        note=(
            "Hand-written parser. Syntax: `scf.forall.in_parallel { ... }`; the region has one "
            "block and no arguments. It is omitted from the printed form when empty. Regions: "
            "`region`."
        ),
    ),
    OpFacts(
        name="scf.parallel",
        summary="Parallel loop with reductions",
        explanation=(
            "Runs its body for every point of a hyper-rectangular index space; values flow out "
            "only through scf.reduce."
        ),
        operands=(
            OperandFact("lowerBound", "index", variadic=True),
            OperandFact("upperBound", "index", variadic=True),
            OperandFact("step", "index", variadic=True),
            OperandFact("initVals", "any", variadic=True),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "AutomaticAllocationScope",
            "AttrSizedOperandSegments",
            "LoopLikeOpInterface",
            "RecursiveMemoryEffects",
            "RegionBranchOpInterface",
            "SingleBlock",
            "SingleBlockImplicitTerminator<scf.reduce>",
        ),
        note=(
            "Hand-written parser. Syntax: `scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) "
            "step (%s0, %s1) [init (%v0, ...)] [-> types] { body }`. Entry block arguments are the "
            "induction variables only; the body ends in scf.reduce, with one reduction region per "
            "init value. Regions: `region`."
        ),
    ),
    OpFacts(
        name="scf.reduce",
        summary="Terminator of scf.parallel carrying reduction operands",
        explanation=(
            "Passes one value per scf.parallel init to a reduction region that combines two "
            "partial values."
        ),
        operands=(
            OperandFact("operands", "any", variadic=True),
        ),
        formats=(
            "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict",
        ),
        traits=("Terminator", "HasParent<scf.parallel>", "RecursiveMemoryEffects"),
        note=(
            "Example: `scf.reduce(%x : f32) { ^bb0(%lhs: f32, %rhs: f32): ... scf.reduce.return %r "
            ": f32 }`; with no reductions it is just `scf.reduce`. Each reduction region's block "
            "declares its two arguments explicitly. Regions: `reductions`."
        ),
    ),
    OpFacts(
        name="scf.reduce.return",
        summary="Terminator of an scf.reduce region",
        explanation="Returns the combined value from a reduction region.",
        operands=(
            OperandFact("result", "any"),
        ),
        formats=(
            "$result attr-dict `:` type($result)",
        ),
        traits=("HasParent<scf.reduce>", "Pure", "Terminator"),
        note="Example: `scf.reduce.return %r : f32`.",
    ),
    OpFacts(
        name="scf.if",
        summary="If-then-else with optional results",
        explanation=(
            "Executes the then region or the optional else region depending on an i1 condition; "
            "results come from the regions' scf.yield."
        ),
        operands=(
            OperandFact("condition", "i1"),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "RegionBranchOpInterface",
            "InferTypeOpInterface",
            "SingleBlock",
            "SingleBlockImplicitTerminator<scf.yield>",
            "RecursiveMemoryEffects",
            "NoRegionArguments",
        ),
        note=(
            "Hand-written parser. Syntax: `scf.if %cond [-> (types)] { then } [else { else }] "
            "[attr-dict]`. The regions have no block arguments. With results, both regions must "
            "end in scf.yield. Example: `%r = scf.if %c -> (f32) { scf.yield %a : f32 } else { "
            "scf.yield %b : f32 }`. Regions: `thenRegion`, `elseRegion`."
        ),
    ),
    OpFacts(
        name="scf.while",
        summary="General while loop",
        explanation=(
            "Runs a 'before' region that computes a continuation condition via scf.condition, then "
            "an 'after' region that yields the next loop-carried values."
        ),
        operands=(
            OperandFact("inits", "any", variadic=True),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "RegionBranchOpInterface",
            "LoopLikeOpInterface",
            "RecursiveMemoryEffects",
            "SingleBlock",
        ),
        note=(
            "Hand-written parser. Syntax: `scf.while (%a = %init, ...) : (init-types) -> "
            "(result-types) { before } do { ^bb0(%x: type, ...): after }`. The before region's "
            "entry arguments are the names given in the parenthesised assignment list (`%a`, ...); "
            "the after region declares its own arguments in its `^bb0(...)` header, one per value "
            "forwarded by scf.condition. Results match the after-region arguments. Regions: "
            "`before`, `after`."
        ),
    ),
    OpFacts(
        name="scf.condition",
        summary="Terminator of scf.while's before region",
        explanation=(
            "Decides whether the loop continues and forwards values to the after region (or out as "
            "results)."
        ),
        operands=(
            OperandFact("condition", "i1"),
            OperandFact("args", "any", variadic=True),
        ),
        formats=(
            "`(` $condition `)` attr-dict ($args^ `:` type($args))?",
        ),
        traits=("HasParent<scf.while>", "Pure", "Terminator"),
        note="Example: `scf.condition(%keep_going) %a, %b : f32, i32`.",
    ),
    OpFacts(
        name="scf.execute_region",
        summary="Region executed exactly once",
        explanation=(
            "Allows multi-block code (e.g. with cf branches) where a single-block region is "
            "required; results come from scf.yield."
        ),
        attributes=(
            AttributeFact("no_inline", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "any", variadic=True, doc="unnamed in ODS"),
        ),
        traits=("RegionBranchOpInterface", "RecursiveMemoryEffects"),
        note=(
            "Hand-written parser. Syntax: `scf.execute_region [-> types] [no_inline] { body }` (no "
            "block arguments; `no_inline` exists in LLVM 22). Regions: `region`."
        ),
    ),
    OpFacts(
        name="scf.index_switch",
        summary="Switch on an index value with region cases",
        explanation=(
            "Executes the region whose case value matches the index operand, otherwise the default "
            "region."
        ),
        operands=(
            OperandFact("arg", "index"),
        ),
        attributes=(
            AttributeFact("cases", "dense_i64_array"),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        formats=(
            (
                "$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) "
                "`\\n` `` `default` $defaultRegion"
            ),
        ),
        traits=(
            "RecursiveMemoryEffects",
            "SingleBlock",
            "SingleBlockImplicitTerminator<scf.yield>",
            "RegionBranchOpInterface",
        ),
        note=(
            "Example: `%r = scf.index_switch %i -> f32 case 2 { scf.yield %a : f32 } default { "
            "scf.yield %b : f32 }`. Regions: `defaultRegion`, `caseRegions`. custom<SwitchCases> "
            "accepts zero or more `case <integer> <region>` entries; each case contributes one "
            "region and one value of the `cases` array."
        ),
    ),
    OpFacts(
        name="scf.yield",
        summary="Terminator yielding values from an scf region",
        explanation=(
            "Returns values from scf.for, scf.if, scf.while's after region, scf.execute_region or "
            "scf.index_switch regions."
        ),
        operands=(
            OperandFact("results", "any", variadic=True),
        ),
        formats=(
            "attr-dict ($results^ `:` type($results))?",
        ),
        traits=(
            "Pure",
            "ReturnLike",
            "Terminator",
            "HasParent<scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while>",
        ),
        note=(
            "Example: `scf.yield %v : f32`; may be omitted (inserted implicitly) when the region "
            "yields nothing."
        ),
    ),
)


# ---------------------------------------------------------------------- arith
ARITH_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="arith.constant",
        summary="Integer, float, index or vector/tensor constant",
        explanation="Produces an SSA value equal to its typed attribute.",
        attributes=(
            AttributeFact("value", "typed_attr"),
        ),
        results=(
            ResultFact("result", "any"),
        ),
        formats=(
            "attr-dict $value",
        ),
        traits=("ConstantLike", "Pure", "AllTypesMatch<value, result>"),
        note=(
            "Declarative format `attr-dict $value` (no hand-written parser): the value carries its "
            "own type, e.g. `%c = arith.constant 42 : i32`, `%f = arith.constant 1.0 : f32`, `%v = "
            "arith.constant dense<0.0> : vector<4xf32>`. The result type is the value's type."
        ),
    ),
    OpFacts(
        name="arith.addi",
        summary="Integer addition",
        explanation=(
            "Adds two signless integers (or index values, or vectors/tensors of them) with "
            "wrap-around; `overflow<nsw, nuw>` makes overflow poison."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                enum_attr="#arith.overflow",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.subi",
        summary="Integer subtraction",
        explanation=(
            "Subtracts two signless integers with wrap-around; overflow flags make overflow poison."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                enum_attr="#arith.overflow",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.muli",
        summary="Integer multiplication",
        explanation=(
            "Multiplies two signless integers keeping the low bits; overflow flags make overflow "
            "poison."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                enum_attr="#arith.overflow",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.divui",
        summary="Unsigned integer division",
        explanation=(
            "Divides treating operands as unsigned, rounding toward zero; `exact` asserts no "
            "remainder."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)",
        ),
        traits=("SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.divsi",
        summary="Signed integer division",
        explanation=(
            "Divides treating operands as signed, rounding toward zero; `exact` asserts no "
            "remainder."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)",
        ),
        traits=("SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.ceildivui",
        summary="Unsigned ceiling division",
        explanation="Divides as unsigned values, rounding toward positive infinity.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.ceildivsi",
        summary="Signed ceiling division",
        explanation="Divides as signed values, rounding toward positive infinity.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.floordivsi",
        summary="Signed floor division",
        explanation="Divides as signed values, rounding toward negative infinity.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.remui",
        summary="Unsigned remainder",
        explanation="Remainder of unsigned division.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.remsi",
        summary="Signed remainder",
        explanation="Remainder of signed division, with the sign of the dividend.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.andi",
        summary="Bitwise and",
        explanation="Bitwise AND of two signless integers.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.ori",
        summary="Bitwise or",
        explanation="Bitwise OR of two signless integers.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.xori",
        summary="Bitwise xor",
        explanation="Bitwise exclusive OR of two signless integers.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.shli",
        summary="Shift left",
        explanation=(
            "Shifts left by an unsigned amount; shifting by the bit width or more is poison."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                enum_attr="#arith.overflow",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.shrui",
        summary="Logical shift right",
        explanation="Shifts right filling with zeros; `exact` asserts no set bit is shifted out.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.shrsi",
        summary="Arithmetic shift right",
        explanation=(
            "Shifts right replicating the sign bit; `exact` asserts no set bit is shifted out."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.maxsi",
        summary="Signed integer maximum",
        explanation="Larger of two integers compared as signed.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.maxui",
        summary="Unsigned integer maximum",
        explanation="Larger of two integers compared as unsigned.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.minsi",
        summary="Signed integer minimum",
        explanation="Smaller of two integers compared as signed.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.minui",
        summary="Unsigned integer minimum",
        explanation="Smaller of two integers compared as unsigned.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("result", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        traits=("Commutative", "Pure", "SameOperandsAndResultType", "Elementwise"),
        note="Operands and result share one type, written once after `:`.",
    ),
    OpFacts(
        name="arith.addui_extended",
        summary="Unsigned addition with carry-out",
        explanation=(
            "Adds two integers and also returns an i1 (or i1 vector) telling whether the unsigned "
            "sum overflowed."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("sum", "integer-like"),
            ResultFact("overflow", "bool-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)",
        ),
        traits=("Pure", "Commutative", "AllTypesMatch<lhs, rhs, sum>", "Elementwise"),
        note="Example: `%sum, %carry = arith.addui_extended %a, %b : i32, i1`.",
    ),
    OpFacts(
        name="arith.mulsi_extended",
        summary="Signed full-width multiplication",
        explanation=(
            "Multiplies two integers as signed values and returns the low and high halves of the "
            "double-width product."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("low", "integer-like"),
            ResultFact("high", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($lhs)",
        ),
        traits=("Pure", "Commutative", "AllTypesMatch<lhs, rhs, low, high>", "Elementwise"),
        note=(
            "Example: `%lo, %hi = arith.mulsi_extended %a, %b : i32` (both results have the "
            "operand type)."
        ),
    ),
    OpFacts(
        name="arith.mului_extended",
        summary="Unsigned full-width multiplication",
        explanation=(
            "Multiplies two integers as unsigned values and returns the low and high halves of the "
            "product."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("low", "integer-like"),
            ResultFact("high", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($lhs)",
        ),
        traits=("Pure", "Commutative", "AllTypesMatch<lhs, rhs, low, high>", "Elementwise"),
        note="Example: `%lo, %hi = arith.mului_extended %a, %b : i32`.",
    ),
    OpFacts(
        name="arith.negf",
        summary="Floating-point negation",
        explanation="Flips the sign of a float (or vector/tensor of floats).",
        operands=(
            OperandFact("operand", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.addf",
        summary="Floating-point addition",
        explanation="Adds two floats; optional `fastmath<...>` flags relax IEEE rules.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "Commutative", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.subf",
        summary="Floating-point subtraction",
        explanation="Subtracts two floats.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.mulf",
        summary="Floating-point multiplication",
        explanation="Multiplies two floats.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "Commutative", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.divf",
        summary="Floating-point division",
        explanation="Divides two floats.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.remf",
        summary="Floating-point remainder",
        explanation="Remainder of float division, with the sign of the dividend.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.maximumf",
        summary="Float maximum propagating NaN",
        explanation="Larger of two floats; NaN if either is NaN, and -0.0 < +0.0.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "Commutative", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.maxnumf",
        summary="Float maximum ignoring NaN",
        explanation="Larger of two floats; a NaN operand yields the other operand.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "Commutative", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.minimumf",
        summary="Float minimum propagating NaN",
        explanation="Smaller of two floats; NaN if either is NaN, and -0.0 < +0.0.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "Commutative", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.minnumf",
        summary="Float minimum ignoring NaN",
        explanation="Smaller of two floats; a NaN operand yields the other operand.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        ),
        traits=("Pure", "Commutative", "SameOperandsAndResultType", "Elementwise"),
        note=(
            "Operands and result share one type, written once after `:`; fast-math flags are "
            "written `fastmath<fast>` before the colon."
        ),
    ),
    OpFacts(
        name="arith.cmpi",
        summary="Integer comparison",
        explanation=(
            "Compares two integers (or index values, or vectors of them) with a predicate and "
            "yields i1 (or an i1 vector/tensor of the same shape)."
        ),
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "predicate",
                "enum",
                enum=("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"),
            ),
        ),
        results=(
            ResultFact("result", "bool-like"),
        ),
        formats=(
            "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
        ),
        traits=("Pure", "SameTypeOperands", "TypesMatchWith<lhs -> result>", "Elementwise"),
        note=(
            "The predicate is a bare keyword: `%b = arith.cmpi slt, %x, %y : i32`; the type after "
            "`:` is the operand type, the result type is derived."
        ),
    ),
    OpFacts(
        name="arith.cmpf",
        summary="Floating-point comparison",
        explanation=(
            "Compares two floats with an ordered/unordered predicate and yields i1 (or a shaped "
            "i1)."
        ),
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "predicate",
                "enum",
                enum=(
                    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge",
                    "ult", "ule", "une", "uno", "true",
                ),
            ),
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "bool-like"),
        ),
        formats=(
            "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)",
        ),
        traits=("Pure", "SameTypeOperands", "TypesMatchWith<lhs -> result>", "Elementwise"),
        note="Example: `%b = arith.cmpf olt, %x, %y : f32`.",
    ),
    OpFacts(
        name="arith.select",
        summary="Choose between two values on a condition",
        explanation=(
            "Returns the true or false operand depending on an i1 condition, elementwise when the "
            "condition is a vector or tensor."
        ),
        operands=(
            OperandFact("condition", "bool-like"),
            OperandFact("true_value", "any"),
            OperandFact("false_value", "any"),
        ),
        results=(
            ResultFact("result", "any"),
        ),
        traits=("Pure", "AllTypesMatch<true_value, false_value, result>", "Elementwise"),
        note=(
            "Hand-written parser. Syntax: `arith.select %cond, %t, %f : type` when the condition "
            "is a scalar i1, or `arith.select %cond, %t, %f : cond-type, type` when the condition "
            "is shaped (e.g. `: vector<4xi1>, vector<4xf32>`). The result has the type of the "
            "true/false operands."
        ),
    ),
    OpFacts(
        name="arith.extf",
        summary="Float widening",
        explanation="Converts a float to a wider float type.",
        operands=(
            OperandFact("in", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                optional=True,
            ),
        ),
        results=(
            ResultFact("out", "float-like"),
        ),
        formats=(
            "$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.extf %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.truncf",
        summary="Float narrowing",
        explanation=(
            "Converts a float to a narrower float type, rounding per the optional rounding-mode "
            "keyword (e.g. `to_nearest_even`)."
        ),
        operands=(
            OperandFact("in", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "roundingmode",
                "enum",
                enum=("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"),
                optional=True,
            ),
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                optional=True,
            ),
        ),
        results=(
            ResultFact("out", "float-like"),
        ),
        formats=(
            (
                "$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` "
                "type($out)"
            ),
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.truncf %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.extsi",
        summary="Sign extension",
        explanation="Widens an integer, replicating the sign bit.",
        operands=(
            OperandFact("in", "integer-like"),
        ),
        results=(
            ResultFact("out", "integer-like"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.extsi %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.extui",
        summary="Zero extension",
        explanation="Widens an integer, filling with zero bits.",
        operands=(
            OperandFact("in", "integer-like"),
        ),
        results=(
            ResultFact("out", "integer-like"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.extui %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.trunci",
        summary="Integer truncation",
        explanation=(
            "Drops high bits to a narrower integer type; overflow flags make lost bits poison."
        ),
        operands=(
            OperandFact("in", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                enum_attr="#arith.overflow",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("out", "integer-like"),
        ),
        formats=(
            "$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.trunci %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.sitofp",
        summary="Signed integer to float",
        explanation="Converts a signed integer to the nearest float.",
        operands=(
            OperandFact("in", "integer-like"),
        ),
        results=(
            ResultFact("out", "float-like"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.sitofp %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.uitofp",
        summary="Unsigned integer to float",
        explanation="Converts an unsigned integer to the nearest float.",
        operands=(
            OperandFact("in", "integer-like"),
        ),
        results=(
            ResultFact("out", "float-like"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.uitofp %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.fptosi",
        summary="Float to signed integer",
        explanation="Converts a float to a signed integer, rounding toward zero.",
        operands=(
            OperandFact("in", "float-like"),
        ),
        results=(
            ResultFact("out", "integer-like"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.fptosi %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.fptoui",
        summary="Float to unsigned integer",
        explanation="Converts a float to an unsigned integer, rounding toward zero.",
        operands=(
            OperandFact("in", "float-like"),
        ),
        results=(
            ResultFact("out", "integer-like"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.fptoui %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.index_cast",
        summary="Index/integer conversion (signed)",
        explanation=(
            "Converts between index and fixed-width integers (sign-extending when widening)."
        ),
        operands=(
            OperandFact("in", "integer-like|memref"),
        ),
        results=(
            ResultFact("out", "integer-like|memref"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.index_cast %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.index_castui",
        summary="Index/integer conversion (unsigned)",
        explanation=(
            "Converts between index and fixed-width integers (zero-extending when widening)."
        ),
        operands=(
            OperandFact("in", "integer-like|memref"),
        ),
        results=(
            ResultFact("out", "integer-like|memref"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.index_castui %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.bitcast",
        summary="Same-width reinterpretation",
        explanation=(
            "Reinterprets the bits of an integer or float as another type of the same bit width."
        ),
        operands=(
            OperandFact("in", "integer-like|float-like|memref"),
        ),
        results=(
            ResultFact("out", "integer-like|float-like|memref"),
        ),
        formats=(
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        traits=("Pure", "SameOperandsAndResultShape", "Elementwise"),
        note="Example: `%y = arith.bitcast %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="arith.scaling_extf",
        summary="Block-scaled float widening",
        explanation=(
            "Widens input floats and multiplies them by per-element scale values (OCP MX style)."
        ),
        operands=(
            OperandFact("in", "float-like"),
            OperandFact("scale", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                optional=True,
            ),
        ),
        results=(
            ResultFact("out", "float-like"),
        ),
        formats=(
            (
                "$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` "
                "type($scale) `to` type($out)"
            ),
        ),
        traits=("Pure", "Elementwise"),
        note="Example: `%r = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32`.",
    ),
    OpFacts(
        name="arith.scaling_truncf",
        summary="Block-scaled float narrowing",
        explanation="Divides input floats by per-element scales and narrows them (OCP MX style).",
        operands=(
            OperandFact("in", "float-like"),
            OperandFact("scale", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "roundingmode",
                "enum",
                enum=("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"),
                optional=True,
            ),
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                optional=True,
            ),
        ),
        results=(
            ResultFact("out", "float-like"),
        ),
        formats=(
            (
                "$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` "
                "type($in) `,` type($scale) `to` type($out)"
            ),
        ),
        traits=("Pure", "Elementwise"),
        note="Example: `%r = arith.scaling_truncf %x, %s : f32, f8E8M0FNU to f4E2M1FN`.",
    ),
)


# ---------------------------------------------------------------------- memref
MEMREF_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="memref.alloc",
        summary="Heap allocation of a memref",
        explanation=(
            "Allocates a buffer described by the result memref type; dynamic sizes and layout "
            "symbols are operands."
        ),
        operands=(
            OperandFact("dynamicSizes", "index", variadic=True),
            OperandFact("symbolOperands", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("memref", "memref"),
        ),
        formats=(
            "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `%m = memref.alloc(%n)[%s] {alignment = 64 : i64} : memref<8x?xf32, 3>`; "
            "`(%n)` binds the dynamic dimensions in order, `[%s]` the layout map's symbols."
        ),
    ),
    OpFacts(
        name="memref.alloca",
        summary="Stack allocation of a memref",
        explanation=(
            "Allocates a buffer freed automatically when the enclosing allocation scope (e.g. the "
            "function) exits."
        ),
        operands=(
            OperandFact("dynamicSizes", "index", variadic=True),
            OperandFact("symbolOperands", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("memref", "memref"),
        ),
        formats=(
            "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
        ),
        traits=("AttrSizedOperandSegments",),
        note="Same syntax as memref.alloc: `%m = memref.alloca() : memref<4xf32>`.",
    ),
    OpFacts(
        name="memref.dealloc",
        summary="Free a memref buffer",
        explanation="Releases a buffer created by memref.alloc.",
        operands=(
            OperandFact("memref", "memref"),
        ),
        formats=(
            "$memref attr-dict `:` type($memref)",
        ),
        note="Example: `memref.dealloc %m : memref<8xf32>`.",
    ),
    OpFacts(
        name="memref.realloc",
        summary="Resize a 1-D buffer",
        explanation="Moves/grows a 1-D buffer to a new size, keeping its contents.",
        operands=(
            OperandFact("source", "memref"),
            OperandFact("dynamicResultSize", "index", optional=True),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("result", "memref", doc="unnamed in ODS"),
        ),
        formats=(
            "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)",
        ),
        note="Example: `%b = memref.realloc %a(%n) : memref<?xf32> to memref<?xf32>`.",
    ),
    OpFacts(
        name="memref.load",
        summary="Load one element",
        explanation="Reads the element at the given indices of a memref.",
        operands=(
            OperandFact("memref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("nontemporal", "bool", default="false", optional=True),
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("result", "any"),
        ),
        formats=(
            "$memref `[` $indices `]` attr-dict `:` type($memref)",
        ),
        traits=("TypesMatchWith<memref -> result>",),
        note=(
            "Example: `%v = memref.load %m[%i, %j] : memref<4x4xf32>`; the result type is the "
            "memref's element type."
        ),
    ),
    OpFacts(
        name="memref.store",
        summary="Store one element",
        explanation="Writes a value to the element at the given indices.",
        operands=(
            OperandFact("value", "any"),
            OperandFact("memref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("nontemporal", "bool", default="false", optional=True),
            AttributeFact("alignment", "i64", optional=True),
        ),
        formats=(
            "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
        ),
        traits=("TypesMatchWith<memref -> value>",),
        note=(
            "Example: `memref.store %v, %m[%i, %j] : memref<4x4xf32>`; the value's type is the "
            "element type."
        ),
    ),
    OpFacts(
        name="memref.subview",
        summary="Strided sub-view of a memref",
        explanation=(
            "Creates a view of a rectangular, strided region of a memref without copying; may drop "
            "unit dimensions."
        ),
        operands=(
            OperandFact("source", "memref"),
            OperandFact("offsets", "index", variadic=True),
            OperandFact("sizes", "index", variadic=True),
            OperandFact("strides", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("static_offsets", "dense_i64_array"),
            AttributeFact("static_sizes", "dense_i64_array"),
            AttributeFact("static_strides", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            (
                "$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
                "custom<DynamicIndexList>($sizes, $static_sizes) "
                "custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) "
                "`to` type($result)"
            ),
        ),
        traits=("AttrSizedOperandSegments", "Pure"),
        note=(
            "Example: `%s = memref.subview %m[%off, 0][4, 4][1, 1] : memref<16x16xf32> to "
            "memref<4x4xf32, strided<[16, 1], offset: ?>>`: three bracketed lists (offsets, sizes, "
            "strides) follow the source with no separator. custom<DynamicIndexList> accepts a "
            "bracketed list mixing SSA values and integer literals, e.g. `[%a, 4, %b]`; the SSA "
            "values fill the variadic operand and the literals (with a dynamic marker at SSA "
            "positions) fill the dense i64 array attribute."
        ),
    ),
    OpFacts(
        name="memref.cast",
        summary="Change static/dynamic shape information",
        explanation=(
            "Casts between compatible memref types (static to dynamic sizes or back, ranked to "
            "unranked)."
        ),
        operands=(
            OperandFact("source", "memref"),
        ),
        results=(
            ResultFact("dest", "memref"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `to` type($dest)",
        ),
        traits=("Pure", "SameOperandsAndResultShape"),
        note="Example: `%d = memref.cast %m : memref<4xf32> to memref<?xf32>`.",
    ),
    OpFacts(
        name="memref.memory_space_cast",
        summary="Change a memref's memory space",
        explanation="Casts a memref to the same shape and layout in another memory space.",
        operands=(
            OperandFact("source", "memref"),
        ),
        results=(
            ResultFact("dest", "memref"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `to` type($dest)",
        ),
        traits=("Pure", "SameOperandsAndResultElementType", "SameOperandsAndResultShape"),
        note="Example: `%g = memref.memory_space_cast %m : memref<4xf32, 3> to memref<4xf32>`.",
    ),
    OpFacts(
        name="memref.reinterpret_cast",
        summary="Rebuild a memref descriptor",
        explanation=(
            "Makes a memref with the source's base pointer and new offset, sizes and strides."
        ),
        operands=(
            OperandFact("source", "memref"),
            OperandFact("offsets", "index", variadic=True),
            OperandFact("sizes", "index", variadic=True),
            OperandFact("strides", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("static_offsets", "dense_i64_array"),
            AttributeFact("static_sizes", "dense_i64_array"),
            AttributeFact("static_strides", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            (
                "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) "
                "`` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` "
                "`strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict "
                "`:` type($source) `to` type($result)"
            ),
        ),
        traits=("AttrSizedOperandSegments", "Pure"),
        note=(
            "Example: `%r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: "
            "[4, 1] : memref<*xf32> to memref<?x4xf32>`. custom<DynamicIndexList> accepts a "
            "bracketed list mixing SSA values and integer literals, e.g. `[%a, 4, %b]`; the SSA "
            "values fill the variadic operand and the literals (with a dynamic marker at SSA "
            "positions) fill the dense i64 array attribute."
        ),
    ),
    OpFacts(
        name="memref.reshape",
        summary="Reshape by a shape operand",
        explanation="Reinterprets a contiguous memref with the shape held in a 1-D memref operand.",
        operands=(
            OperandFact("source", "memref"),
            OperandFact("shape", "memref"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        ),
        traits=("Pure",),
        note=(
            "Example: `%r = memref.reshape %m(%shape) : (memref<4x1xf32>, memref<1xi32>) -> "
            "memref<4xf32>`."
        ),
    ),
    OpFacts(
        name="memref.global",
        summary="Global memref variable",
        explanation=(
            "Declares or defines a named, statically shaped global buffer, optionally constant and "
            "initialised."
        ),
        attributes=(
            AttributeFact("sym_name", "symbol_name"),
            AttributeFact("sym_visibility", "string", optional=True),
            AttributeFact("type", "type"),
            AttributeFact("initial_value", "any", optional=True),
            AttributeFact("constant", "unit", optional=True),
            AttributeFact("alignment", "i64", optional=True),
        ),
        formats=(
            (
                "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` "
                "custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict"
            ),
        ),
        traits=("Symbol",),
        note=(
            "Declarative format (no hand-written parser in LLVM 22). Examples: `memref.global "
            "\"private\" constant @c : memref<2xf32> = dense<[1.0, 2.0]>`, `memref.global @buf : "
            "memref<64xf32, 3> = uninitialized`; defines symbol `@c`. The quoted visibility fills "
            "`sym_visibility`. custom<GlobalMemrefOpTypeAndInitialValue> accepts a memref type "
            "optionally followed by `= uninitialized` or `= <elements attribute>` (e.g. "
            "`memref<2xf32> = dense<0.0>`)."
        ),
    ),
    OpFacts(
        name="memref.get_global",
        summary="Address of a global memref",
        explanation="Returns a memref referring to a memref.global symbol.",
        attributes=(
            AttributeFact("name", "symbol"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            "$name `:` type($result) attr-dict",
        ),
        traits=("Pure", "SymbolUserOpInterface"),
        note="Example: `%g = memref.get_global @c : memref<2xf32>`.",
    ),
    OpFacts(
        name="memref.dim",
        summary="Size of one dimension",
        explanation="Returns the extent of a memref along a dimension index.",
        operands=(
            OperandFact("source", "memref"),
            OperandFact("index", "index"),
        ),
        results=(
            ResultFact("result", "index"),
        ),
        formats=(
            "attr-dict $source `,` $index `:` type($source)",
        ),
        note="Example: `%n = memref.dim %m, %c0 : memref<?x4xf32>`.",
    ),
    OpFacts(
        name="memref.rank",
        summary="Rank of a memref",
        explanation="Returns the number of dimensions as an index.",
        operands=(
            OperandFact("memref", "memref"),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$memref attr-dict `:` type($memref)",
        ),
        traits=("Pure",),
        note="Example: `%r = memref.rank %m : memref<*xf32>`.",
    ),
    OpFacts(
        name="memref.view",
        summary="Typed view into an i8 buffer",
        explanation=(
            "Creates a contiguous memref of any element type at a byte offset inside a flat i8 "
            "buffer."
        ),
        operands=(
            OperandFact("source", "memref<?xi8>"),
            OperandFact("byte_shift", "index"),
            OperandFact("sizes", "index", variadic=True),
        ),
        results=(
            ResultFact("result", "memref", doc="unnamed in ODS"),
        ),
        formats=(
            (
                "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` "
                "type(results)"
            ),
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = memref.view %buf[%offset][%n] : memref<2048xi8> to memref<?x4xf32>`; "
            "the first brackets hold the byte shift, the second the dynamic sizes."
        ),
    ),
    OpFacts(
        name="memref.collapse_shape",
        summary="Merge contiguous dimensions",
        explanation="Produces a lower-rank view by merging groups of adjacent dimensions.",
        operands=(
            OperandFact("src", "memref"),
        ),
        attributes=(
            AttributeFact("reassociation", "array<array<i64>>"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        ),
        traits=("Pure",),
        note=(
            "Example: `%c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x4x8xf32> into "
            "memref<8x8xf32>`."
        ),
    ),
    OpFacts(
        name="memref.expand_shape",
        summary="Split dimensions",
        explanation=(
            "Produces a higher-rank view by splitting dimensions; `output_shape` gives the result "
            "sizes."
        ),
        operands=(
            OperandFact("src", "memref"),
            OperandFact("output_shape", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("reassociation", "array<array<i64>>"),
            AttributeFact("static_output_shape", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            (
                "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, "
                "$static_output_shape) attr-dict `:` type($src) `into` type($result)"
            ),
            "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        ),
        traits=("Pure",),
        note=(
            "Example: `%e = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<8xf32> "
            "into memref<2x4xf32>`; files from LLVM 18 and older omit `output_shape` (second "
            "format, from LLVM 18's ODS). custom<DynamicIndexList> accepts a bracketed list mixing "
            "SSA values and integer literals, e.g. `[%a, 4, %b]`; the SSA values fill the variadic "
            "operand and the literals (with a dynamic marker at SSA positions) fill the dense i64 "
            "array attribute."
        ),
    ),
    OpFacts(
        name="memref.transpose",
        summary="Permute dimensions (metadata only)",
        explanation="Returns a strided view with sizes and strides permuted.",
        operands=(
            OperandFact("in", "memref"),
        ),
        attributes=(
            AttributeFact("permutation", "affine_map"),
        ),
        results=(
            ResultFact("result", "memref", doc="unnamed in ODS"),
        ),
        traits=("Pure",),
        note=(
            "Hand-written parser. Syntax: `memref.transpose %m (d0, d1) -> (d1, d0) : "
            "memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>`: the permutation is an inline "
            "affine map without `affine_map<>`."
        ),
    ),
    OpFacts(
        name="memref.copy",
        summary="Copy between memrefs",
        explanation="Copies all elements from a source memref to a target of the same shape.",
        operands=(
            OperandFact("source", "memref"),
            OperandFact("target", "memref"),
        ),
        formats=(
            "$source `,` $target attr-dict `:` type($source) `to` type($target)",
        ),
        traits=("SameOperandsElementType", "SameOperandsShape"),
        note="Example: `memref.copy %a, %b : memref<4xf32> to memref<4xf32>`.",
    ),
    OpFacts(
        name="memref.extract_strided_metadata",
        summary="Decompose a strided memref",
        explanation=(
            "Returns the base buffer (rank 0), offset, sizes and strides of a strided memref."
        ),
        operands=(
            OperandFact("source", "memref"),
        ),
        results=(
            ResultFact("base_buffer", "memref"),
            ResultFact("offset", "index"),
            ResultFact("sizes", "index", variadic=True),
            ResultFact("strides", "index", variadic=True),
        ),
        formats=(
            "$source `:` type($source) `->` type(results) attr-dict",
        ),
        traits=("Pure", "SameVariadicResultSize", "InferTypeOpInterface"),
        note=(
            "Example: `%base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : "
            "memref<?x?xf32> -> memref<f32>, index, index, index, index, index`."
        ),
    ),
    OpFacts(
        name="memref.extract_aligned_pointer_as_index",
        summary="Aligned base pointer as an index",
        explanation="Returns a memref's aligned data pointer as an index value.",
        operands=(
            OperandFact("source", "memref"),
        ),
        results=(
            ResultFact("aligned_pointer", "index"),
        ),
        formats=(
            "$source `:` type($source) `->` type(results) attr-dict",
        ),
        traits=("Pure", "SameVariadicResultSize"),
        note="Example: `%p = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index`.",
    ),
    OpFacts(
        name="memref.assume_alignment",
        summary="Alignment assumption",
        explanation=(
            "Declares that a memref's data is aligned to the given byte count; LLVM 22 returns the "
            "same memref as a new value."
        ),
        operands=(
            OperandFact("memref", "memref"),
        ),
        attributes=(
            AttributeFact("alignment", "i32"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            "$memref `,` $alignment attr-dict `:` type($memref)",
        ),
        traits=("Pure", "SameOperandsAndResultType"),
        note=(
            "LLVM 22: `%a = memref.assume_alignment %m, 16 : memref<4xf32>` (has a result). LLVM "
            "19 had no result: `memref.assume_alignment %m, 16 : memref<4xf32>`."
        ),
    ),
    OpFacts(
        name="memref.atomic_rmw",
        summary="Atomic read-modify-write with a predefined kind",
        explanation=(
            "Atomically combines a value into a memref element and returns the previous or new "
            "value (per kind)."
        ),
        operands=(
            OperandFact("value", "integer|float"),
            OperandFact("memref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=(
                    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
                    "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori",
                ),
            ),
        ),
        results=(
            ResultFact("result", "integer|float"),
        ),
        formats=(
            (
                "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` "
                "type($memref) `)` `->` type($result)"
            ),
        ),
        traits=("AllTypesMatch<value, result>", "TypesMatchWith<memref -> value>"),
        note="Example: `%old = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<8xf32>) -> f32`.",
    ),
    OpFacts(
        name="memref.generic_atomic_rmw",
        summary="Atomic read-modify-write with a custom body",
        explanation=(
            "Atomically replaces a memref element with the value computed by its region from the "
            "current value."
        ),
        operands=(
            OperandFact("memref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        results=(
            ResultFact("result", "integer|float"),
        ),
        traits=(
            "SingleBlock",
            "SingleBlockImplicitTerminator<memref.atomic_yield>",
            "TypesMatchWith<memref -> result>",
        ),
        note=(
            "Hand-written parser. Syntax: `%r = memref.generic_atomic_rmw %m[%i] : memref<8xf32> { "
            "^bb0(%cur: f32): ... memref.atomic_yield %new : f32 }`. The region's single block "
            "argument is the element's current value; the result type is the element type. "
            "Regions: `atomic_body`."
        ),
    ),
    OpFacts(
        name="memref.atomic_yield",
        summary="Terminator of memref.generic_atomic_rmw",
        explanation="Yields the new value to store.",
        operands=(
            OperandFact("result", "any"),
        ),
        formats=(
            "$result attr-dict `:` type($result)",
        ),
        traits=("HasParent<memref.generic_atomic_rmw>", "Pure", "Terminator", "ReturnLike"),
        note="Example: `memref.atomic_yield %new : f32`.",
    ),
    OpFacts(
        name="memref.prefetch",
        summary="Cache prefetch hint",
        explanation=(
            "Hints that an element will be read or written soon, with a locality level and cache "
            "kind."
        ),
        operands=(
            OperandFact("memref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("isWrite", "bool"),
            AttributeFact("localityHint", "i32"),
            AttributeFact("isDataCache", "bool"),
        ),
        note=(
            "Hand-written parser. Syntax: `memref.prefetch %m[%i, ...], read|write, "
            "locality<0..3>, data|instr : memref<...>`."
        ),
    ),
    OpFacts(
        name="memref.alloca_scope",
        summary="Explicit scope for stack allocations",
        explanation=(
            "Runs its region once; memref.alloca buffers created inside are released when it exits."
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "AutomaticAllocationScope",
            "RegionBranchOpInterface",
            "SingleBlock",
            "SingleBlockImplicitTerminator<memref.alloca_scope.return>",
            "RecursiveMemoryEffects",
            "NoRegionArguments",
        ),
        note=(
            "Hand-written parser. Syntax: `[%r =] memref.alloca_scope [-> (types)] { ... }`; no "
            "block arguments; results come from memref.alloca_scope.return. Regions: `bodyRegion`."
        ),
    ),
    OpFacts(
        name="memref.alloca_scope.return",
        summary="Terminator of memref.alloca_scope",
        explanation="Returns values from an alloca scope.",
        operands=(
            OperandFact("results", "any", variadic=True),
        ),
        formats=(
            "attr-dict ($results^ `:` type($results))?",
        ),
        traits=("HasParent<memref.alloca_scope>", "Pure", "ReturnLike", "Terminator"),
        note="Example: `memref.alloca_scope.return %v : f32`; optional when empty.",
    ),
)


# ---------------------------------------------------------------------- vector
VECTOR_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="vector.load",
        summary="Load a vector from a memref",
        explanation="Reads a contiguous vector starting at the given memref indices.",
        operands=(
            OperandFact("base", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("nontemporal", "bool", default="false", optional=True),
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
        ),
        note="Example: `%v = vector.load %m[%i, %j] : memref<8x8xf16, 3>, vector<8xf16>`.",
    ),
    OpFacts(
        name="vector.store",
        summary="Store a vector to a memref",
        explanation="Writes a vector contiguously starting at the given memref indices.",
        operands=(
            OperandFact("valueToStore", "vector"),
            OperandFact("base", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("nontemporal", "bool", default="false", optional=True),
            AttributeFact("alignment", "i64", optional=True),
        ),
        formats=(
            (
                "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` "
                "type($valueToStore)"
            ),
        ),
        note="Example: `vector.store %v, %m[%i, %j] : memref<8x8xf16, 3>, vector<8xf16>`.",
    ),
    OpFacts(
        name="vector.maskedload",
        summary="Masked vector load",
        explanation=(
            "Loads the lanes enabled by a mask and takes the rest from a pass-through vector."
        ),
        operands=(
            OperandFact("base", "memref"),
            OperandFact("indices", "index", variadic=True),
            OperandFact("mask", "vector<i1>"),
            OperandFact("pass_thru", "vector"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            (
                "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
                "type($mask) `,` type($pass_thru) `into` type($result)"
            ),
        ),
        note=(
            "Example: `%v = vector.maskedload %m[%i], %mask, %pass : memref<?xf32>, vector<8xi1>, "
            "vector<8xf32> into vector<8xf32>`."
        ),
    ),
    OpFacts(
        name="vector.maskedstore",
        summary="Masked vector store",
        explanation="Stores only the lanes enabled by a mask.",
        operands=(
            OperandFact("base", "memref"),
            OperandFact("indices", "index", variadic=True),
            OperandFact("mask", "vector<i1>"),
            OperandFact("valueToStore", "vector"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        formats=(
            (
                "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
                "type($mask) `,` type($valueToStore)"
            ),
        ),
        note=(
            "Example: `vector.maskedstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, "
            "vector<8xf32>`."
        ),
    ),
    OpFacts(
        name="vector.transfer_read",
        summary="Read a vector from a memref or tensor with padding",
        explanation=(
            "Reads a (possibly permuted, possibly out-of-bounds) vector slice; out-of-bounds lanes "
            "take the padding value."
        ),
        operands=(
            OperandFact("base", "shaped"),
            OperandFact("indices", "index", variadic=True),
            OperandFact("padding", "any"),
            OperandFact("mask", "vector<i1>", optional=True),
        ),
        attributes=(
            AttributeFact("permutation_map", "affine_map"),
            AttributeFact("in_bounds", "array<bool>"),
        ),
        results=(
            ResultFact("vector", "vector"),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Hand-written parser. Syntax: `%v = vector.transfer_read %src[%i, %j], %pad [, %mask] "
            "[{in_bounds = [...], permutation_map = ...}] : memref<...>|tensor<...>, vector<...>` "
            "(the padding value is mandatory). The types are the source type and the result vector "
            "type."
        ),
    ),
    OpFacts(
        name="vector.transfer_write",
        summary="Write a vector to a memref or tensor",
        explanation=(
            "Writes a (possibly permuted) vector slice; with a tensor destination it returns the "
            "updated tensor."
        ),
        operands=(
            OperandFact("valueToStore", "vector"),
            OperandFact("base", "shaped"),
            OperandFact("indices", "index", variadic=True),
            OperandFact("mask", "vector<i1>", optional=True),
        ),
        attributes=(
            AttributeFact("permutation_map", "affine_map"),
            AttributeFact("in_bounds", "array<bool>"),
        ),
        results=(
            ResultFact("result", "tensor", optional=True),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Hand-written parser. Syntax: `[%t =] vector.transfer_write %vec, %dst[%i, %j] [, "
            "%mask] [{in_bounds = [...], permutation_map = ...}] : vector<...>, "
            "memref<...>|tensor<...>`; there is a result only when the destination is a tensor."
        ),
    ),
    OpFacts(
        name="vector.gather",
        summary="Gather lanes from computed addresses",
        explanation=(
            "Loads lanes from a base plus per-lane index offsets, under a mask, with pass-through "
            "values."
        ),
        operands=(
            OperandFact("base", "memref|tensor"),
            OperandFact("offsets", "index", variadic=True),
            OperandFact("indices", "vector"),
            OperandFact("mask", "vector<i1>"),
            OperandFact("pass_thru", "vector"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            (
                "$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` "
                "type($base) `,` type($indices) `,` type($mask) `,` type($pass_thru) `into` "
                "type($result)"
            ),
        ),
        note=(
            "Example: `%g = vector.gather %m[%c0][%idx], %mask, %pass : memref<16xf32>, "
            "vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>`."
        ),
    ),
    OpFacts(
        name="vector.scatter",
        summary="Scatter lanes to computed addresses",
        explanation="Stores lanes to a base plus per-lane index offsets, under a mask.",
        operands=(
            OperandFact("base", "memref|tensor"),
            OperandFact("offsets", "index", variadic=True),
            OperandFact("indices", "vector"),
            OperandFact("mask", "vector<i1>"),
            OperandFact("valueToStore", "vector"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
        ),
        results=(
            ResultFact("result", "tensor", optional=True),
        ),
        formats=(
            (
                "$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` "
                "type($base) `,` type($indices) `,` type($mask) `,` type($valueToStore) (`->` "
                "type($result)^)?"
            ),
        ),
        note=(
            "Example: `vector.scatter %m[%c0][%idx], %mask, %v : memref<16xf32>, vector<4xi32>, "
            "vector<4xi1>, vector<4xf32>`."
        ),
    ),
    OpFacts(
        name="vector.extract",
        summary="Extract a sub-vector or scalar at a position",
        explanation=(
            "Takes the element or lower-rank vector at a static or dynamic position of a vector."
        ),
        operands=(
            OperandFact("source", "vector"),
            OperandFact("dynamic_position", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("static_position", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "any"),
        ),
        formats=(
            (
                "$source `` custom<DynamicIndexList>($dynamic_position, $static_position) "
                "attr-dict `:` type($result) `from` type($source)"
            ),
        ),
        traits=("Pure", "InferTypeOpInterface"),
        note=(
            "Example: `%e = vector.extract %v[3, %i] : f32 from vector<4x8xf32>`; positions mix "
            "literals and index values (LLVM 19 and 22 alike). custom<DynamicIndexList> accepts a "
            "bracketed list mixing SSA values and integer literals, e.g. `[%a, 4, %b]`; the SSA "
            "values fill the variadic operand and the literals (with a dynamic marker at SSA "
            "positions) fill the dense i64 array attribute."
        ),
    ),
    OpFacts(
        name="vector.insert",
        summary="Insert a sub-vector or scalar at a position",
        explanation=(
            "Returns a copy of the destination vector with a value written at a static or dynamic "
            "position."
        ),
        operands=(
            OperandFact("valueToStore", "any"),
            OperandFact("dest", "vector"),
            OperandFact("dynamic_position", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("static_position", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            (
                "$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, "
                "$static_position) attr-dict `:` type($valueToStore) `into` type($dest)"
            ),
        ),
        traits=("Pure", "AllTypesMatch<dest, result>"),
        note=(
            "Example: `%r = vector.insert %s, %v[3, %i] : f32 into vector<4x8xf32>`. "
            "custom<DynamicIndexList> accepts a bracketed list mixing SSA values and integer "
            "literals, e.g. `[%a, 4, %b]`; the SSA values fill the variadic operand and the "
            "literals (with a dynamic marker at SSA positions) fill the dense i64 array attribute."
        ),
    ),
    OpFacts(
        name="vector.extractelement",
        summary="Extract one element (removed op)",
        explanation="Takes one element of a 1-D vector at a dynamic position.",
        operands=(
            OperandFact("vector", "vector"),
            OperandFact("position", "integer|index", optional=True),
        ),
        results=(
            ResultFact("result", "any"),
        ),
        formats=(
            "$vector `[` ($position^ `:` type($position))? `]` attr-dict `:` type($vector)",
        ),
        traits=("Pure", "TypesMatchWith<vector -> result>"),
        note=(
            "Example (LLVM 19): `%e = vector.extractelement %v[%i : i32] : vector<4xf32>`; "
            "replaced by vector.extract. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="vector.insertelement",
        summary="Insert one element (removed op)",
        explanation="Writes one element of a 1-D vector at a dynamic position.",
        operands=(
            OperandFact("source", "any"),
            OperandFact("dest", "vector"),
            OperandFact("position", "integer|index", optional=True),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            (
                "$source `,` $dest `[` ($position^ `:` type($position))? `]` attr-dict `:` "
                "type($result)"
            ),
        ),
        traits=("Pure", "TypesMatchWith<result -> source>", "AllTypesMatch<dest, result>"),
        note=(
            "Example (LLVM 19): `%r = vector.insertelement %s, %v[%i : i32] : vector<4xf32>`; "
            "replaced by vector.insert. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="vector.extract_strided_slice",
        summary="Extract a strided slice of a vector",
        explanation="Takes a strided sub-vector given by offsets, sizes and strides attributes.",
        operands=(
            OperandFact("source", "vector"),
        ),
        attributes=(
            AttributeFact("offsets", "array<i64>"),
            AttributeFact("sizes", "array<i64>"),
            AttributeFact("strides", "array<i64>"),
        ),
        results=(
            ResultFact("result", "vector", doc="unnamed in ODS"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `to` type(results)",
        ),
        traits=("Pure",),
        note=(
            "Example: `%s = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], "
            "strides = [1, 1]} : vector<4x8xf16> to vector<2x4xf16>`."
        ),
    ),
    OpFacts(
        name="vector.insert_strided_slice",
        summary="Insert a strided slice into a vector",
        explanation="Writes a smaller vector into a larger one at offsets with strides.",
        operands=(
            OperandFact("valueToStore", "vector"),
            OperandFact("dest", "vector"),
        ),
        attributes=(
            AttributeFact("offsets", "array<i64>"),
            AttributeFact("strides", "array<i64>"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)",
        ),
        traits=("Pure", "AllTypesMatch<dest, result>"),
        note=(
            "Example: `%r = vector.insert_strided_slice %s, %v {offsets = [0, 2], strides = [1, "
            "1]} : vector<2x4xf16> into vector<4x8xf16>`."
        ),
    ),
    OpFacts(
        name="vector.broadcast",
        summary="Broadcast a scalar or vector to a larger vector",
        explanation=(
            "Replicates the source along leading (and unit) dimensions to the result shape."
        ),
        operands=(
            OperandFact("source", "any"),
        ),
        results=(
            ResultFact("vector", "vector"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `to` type($vector)",
        ),
        traits=("Pure",),
        note="Example: `%b = vector.broadcast %s : f32 to vector<4xf32>`.",
    ),
    OpFacts(
        name="vector.splat",
        summary="Splat a scalar to a vector (removed op)",
        explanation="Fills a vector with copies of a scalar.",
        operands=(
            OperandFact("input", "integer|index|float"),
        ),
        results=(
            ResultFact("aggregate", "vector"),
        ),
        formats=(
            "$input attr-dict `:` type($aggregate)",
        ),
        traits=("Pure", "TypesMatchWith<aggregate -> input>"),
        note=(
            "Example (LLVM 19): `%v = vector.splat %s : vector<4xf32>`; LLVM 22 uses "
            "vector.broadcast instead. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="vector.from_elements",
        summary="Build a vector from scalars",
        explanation="Creates a vector from one scalar per element.",
        operands=(
            OperandFact("elements", "any", variadic=True),
        ),
        results=(
            ResultFact("dest", "vector"),
        ),
        formats=(
            "$elements attr-dict `:` type($dest)",
        ),
        traits=("Pure",),
        note="Example: `%v = vector.from_elements %a, %b : vector<2xf32>`.",
    ),
    OpFacts(
        name="vector.to_elements",
        summary="Split a vector into scalars",
        explanation="Returns every element of a vector as a separate value.",
        operands=(
            OperandFact("source", "vector"),
        ),
        results=(
            ResultFact("elements", "any", variadic=True),
        ),
        formats=(
            "$source attr-dict `:` type($source)",
        ),
        traits=("InferTypeOpInterface", "Pure"),
        note="Example: `%a, %b = vector.to_elements %v : vector<2xf32>`.",
    ),
    OpFacts(
        name="vector.shape_cast",
        summary="Reshape a vector",
        explanation="Reinterprets a vector with a different shape of the same element count.",
        operands=(
            OperandFact("source", "vector"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `to` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%r = vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>`.",
    ),
    OpFacts(
        name="vector.bitcast",
        summary="Reinterpret vector bits",
        explanation=(
            "Bitcasts the innermost dimension to another element type of equal total width."
        ),
        operands=(
            OperandFact("source", "vector"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `to` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%r = vector.bitcast %v : vector<4xf16> to vector<2xi32>`.",
    ),
    OpFacts(
        name="vector.type_cast",
        summary="View a memref of scalars as a memref of vectors",
        explanation=(
            "Casts a statically shaped memref to a 0-D memref whose element is the whole vector."
        ),
        operands=(
            OperandFact("memref", "memref"),
        ),
        results=(
            ResultFact("result", "memref"),
        ),
        formats=(
            "$memref attr-dict `:` type($memref) `to` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%r = vector.type_cast %m : memref<8x8xf32> to memref<vector<8x8xf32>>`.",
    ),
    OpFacts(
        name="vector.transpose",
        summary="Permute vector dimensions",
        explanation="Transposes a vector by a permutation of its dimensions.",
        operands=(
            OperandFact("vector", "vector"),
        ),
        attributes=(
            AttributeFact("permutation", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%r = vector.transpose %v, [1, 0] : vector<2x4xf32> to vector<4x2xf32>`.",
    ),
    OpFacts(
        name="vector.shuffle",
        summary="Shuffle elements of two vectors",
        explanation=(
            "Builds a vector by picking leading-dimension elements from the concatenation of two "
            "vectors."
        ),
        operands=(
            OperandFact("v1", "vector"),
            OperandFact("v2", "vector"),
        ),
        attributes=(
            AttributeFact("mask", "dense_i64_array"),
        ),
        results=(
            ResultFact("vector", "vector"),
        ),
        formats=(
            "operands $mask attr-dict `:` type(operands)",
        ),
        traits=("Pure", "InferTypeOpInterface"),
        note="Example: `%r = vector.shuffle %a, %b [0, 4, 1, 5] : vector<4xf32>, vector<4xf32>`.",
    ),
    OpFacts(
        name="vector.interleave",
        summary="Interleave two vectors",
        explanation="Alternates the elements of two vectors along the last dimension.",
        operands=(
            OperandFact("lhs", "vector"),
            OperandFact("rhs", "vector"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)",
        ),
        traits=("Pure", "AllTypesMatch<lhs, rhs>", "TypesMatchWith<lhs -> result>"),
        note="Example: `%r = vector.interleave %a, %b : vector<4xf32> -> vector<8xf32>`.",
    ),
    OpFacts(
        name="vector.deinterleave",
        summary="Split even and odd elements",
        explanation=(
            "Returns the even-indexed and odd-indexed elements of the last dimension as two "
            "vectors."
        ),
        operands=(
            OperandFact("source", "vector"),
        ),
        results=(
            ResultFact("res1", "vector"),
            ResultFact("res2", "vector"),
        ),
        formats=(
            "$source attr-dict `:` type($source) `->` type($res1)",
        ),
        traits=("Pure", "AllTypesMatch<res1, res2>"),
        note="Example: `%even, %odd = vector.deinterleave %v : vector<8xf32> -> vector<4xf32>`.",
    ),
    OpFacts(
        name="vector.contract",
        summary="Generalised vector contraction",
        explanation=(
            "Multiplies two vectors and accumulates over the reduction dimensions given by "
            "indexing maps and iterator types."
        ),
        operands=(
            OperandFact("lhs", "vector"),
            OperandFact("rhs", "vector"),
            OperandFact("acc", "any"),
        ),
        attributes=(
            AttributeFact("indexing_maps", "array"),
            AttributeFact("iterator_types", "array"),
            AttributeFact(
                "kind",
                "enum",
                enum=(
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
                    "or", "xor", "maximumf", "minimumf",
                ),
                enum_attr="#vector.kind",
                default="add",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "any", doc="unnamed in ODS"),
        ),
        traits=("Pure",),
        note=(
            "Hand-written parser. Syntax: `%r = vector.contract {indexing_maps = [...], "
            "iterator_types = [...], kind = #vector.kind<add>} %lhs, %rhs, %acc : lhs-type, "
            "rhs-type into acc-type`: the leading dictionary holds the contraction attributes "
            "(extra attributes may follow the operands)."
        ),
    ),
    OpFacts(
        name="vector.outerproduct",
        summary="Outer product with optional accumulation",
        explanation=(
            "Forms the outer product of two 1-D vectors (or scales a vector by a scalar) and "
            "optionally adds an accumulator."
        ),
        operands=(
            OperandFact("lhs", "vector"),
            OperandFact("rhs", "any"),
            OperandFact("acc", "vector", optional=True),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=(
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
                    "or", "xor", "maximumf", "minimumf",
                ),
                enum_attr="#vector.kind",
                default="add",
                optional=True,
            ),
        ),
        results=(
            ResultFact("result", "vector", doc="unnamed in ODS"),
        ),
        traits=("Pure",),
        note=(
            "Hand-written parser. Syntax: `%r = vector.outerproduct %lhs, %rhs [, %acc] [{kind = "
            "#vector.kind<...>}] : lhs-type, rhs-type` where rhs may be a scalar (AXPY form); the "
            "result type is derived."
        ),
    ),
    OpFacts(
        name="vector.fma",
        summary="Fused multiply-add on vectors",
        explanation="Computes a*b+c elementwise with one rounding.",
        operands=(
            OperandFact("lhs", "vector"),
            OperandFact("rhs", "vector"),
            OperandFact("acc", "vector"),
        ),
        results=(
            ResultFact("result", "vector"),
        ),
        formats=(
            "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
        ),
        traits=("Pure", "AllTypesMatch<lhs, rhs, acc, result>", "Elementwise"),
        note="Example: `%r = vector.fma %a, %b, %c : vector<4xf32>`.",
    ),
    OpFacts(
        name="vector.reduction",
        summary="Reduce a 1-D vector to a scalar",
        explanation="Combines all elements with a combining kind, optionally with an accumulator.",
        operands=(
            OperandFact("vector", "vector"),
            OperandFact("acc", "any", optional=True),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=(
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
                    "or", "xor", "maximumf", "minimumf",
                ),
                enum_attr="#vector.kind",
            ),
            AttributeFact(
                "fastmath",
                "enum",
                enum=("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"),
                enum_attr="#arith.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("dest", "any"),
        ),
        formats=(
            (
                "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` "
                "type($vector) `into` type($dest)"
            ),
        ),
        traits=("Pure", "OptionalTypesMatchWith<dest -> acc>"),
        note="Example: `%s = vector.reduction <add>, %v : vector<16xf32> into f32`.",
    ),
    OpFacts(
        name="vector.multi_reduction",
        summary="Reduce along chosen dimensions",
        explanation=(
            "Reduces an n-D vector along listed dimensions into an accumulator of the remaining "
            "shape."
        ),
        operands=(
            OperandFact("source", "vector"),
            OperandFact("acc", "any"),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=(
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
                    "or", "xor", "maximumf", "minimumf",
                ),
                enum_attr="#vector.kind",
            ),
            AttributeFact("reduction_dims", "dense_i64_array"),
        ),
        results=(
            ResultFact("dest", "any"),
        ),
        formats=(
            (
                "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` "
                "type($dest)"
            ),
        ),
        traits=("Pure", "AllTypesMatch<dest, acc>", "InferTypeOpInterface"),
        note=(
            "Example: `%r = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to "
            "vector<4xf32>`."
        ),
    ),
    OpFacts(
        name="vector.create_mask",
        summary="Mask from dynamic bounds",
        explanation="Builds an i1 vector whose leading region, bounded by the operands, is set.",
        operands=(
            OperandFact("operands", "index", variadic=True),
        ),
        results=(
            ResultFact("result", "vector<i1>", doc="unnamed in ODS"),
        ),
        formats=(
            "$operands attr-dict `:` type(results)",
        ),
        traits=("Pure",),
        note="Example: `%m = vector.create_mask %n : vector<8xi1>`.",
    ),
    OpFacts(
        name="vector.constant_mask",
        summary="Mask from static bounds",
        explanation="Builds an i1 vector whose leading region given by constant sizes is set.",
        attributes=(
            AttributeFact("mask_dim_sizes", "dense_i64_array"),
        ),
        results=(
            ResultFact("result", "vector<i1>", doc="unnamed in ODS"),
        ),
        formats=(
            "$mask_dim_sizes attr-dict `:` type(results)",
        ),
        traits=("Pure",),
        note="Example: `%m = vector.constant_mask [2] : vector<4xi1>`.",
    ),
    OpFacts(
        name="vector.mask",
        summary="Apply a mask to one maskable vector op",
        explanation=(
            "Wraps a single maskable op so that it only acts on enabled lanes, with an optional "
            "pass-through."
        ),
        operands=(
            OperandFact("mask", "vector<i1>"),
            OperandFact("passthru", "any", optional=True),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "SingleBlock",
            "SingleBlockImplicitTerminator<vector.yield>",
            "RecursiveMemoryEffects",
            "NoRegionArguments",
        ),
        note=(
            "Hand-written parser. Syntax: `[%r =] vector.mask %mask [, %passthru] { <one maskable "
            "op> [vector.yield ...] } : mask-type [-> result-types]`. The region has one block and "
            "no arguments. Regions: `maskRegion`."
        ),
    ),
    OpFacts(
        name="vector.yield",
        summary="Terminator of vector.mask",
        explanation="Yields the masked op's results.",
        operands=(
            OperandFact("operands", "any", variadic=True),
        ),
        formats=(
            "attr-dict ($operands^ `:` type($operands))?",
        ),
        traits=("Pure", "ReturnLike", "Terminator"),
        note="Example: `vector.yield %v : vector<4xf32>`.",
    ),
    OpFacts(
        name="vector.step",
        summary="Vector of consecutive indices",
        explanation="Returns [0, 1, 2, ...] as a vector of index.",
        results=(
            ResultFact("result", "vector<index>"),
        ),
        formats=(
            "attr-dict `:` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%s = vector.step : vector<4xindex>`.",
    ),
    OpFacts(
        name="vector.print",
        summary="Debug print of a vector or scalar",
        explanation="Prints a value (or string) at run time for debugging.",
        operands=(
            OperandFact("source", "any", optional=True),
        ),
        attributes=(
            AttributeFact(
                "punctuation",
                "enum",
                enum=("no_punctuation", "newline", "comma", "open", "close"),
                enum_attr="#vector.punctuation",
                default="newline",
                optional=True,
            ),
            AttributeFact("stringLiteral", "string", optional=True),
        ),
        formats=(
            (
                "($source^ `:` type($source))? oilist( `str` $stringLiteral | `punctuation` "
                "$punctuation) attr-dict"
            ),
        ),
        note=(
            "Example: `vector.print %v : vector<4xf32>`; `vector.print str \"hello\"` prints text. "
            "The format's `oilist(...)` directive accepts each `|`-separated alternative at most "
            "once, in any order, e.g. `vector.print %v : vector<4xf32> punctuation <comma>`."
        ),
    ),
)


# ---------------------------------------------------------------------- gpu
GPU_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="gpu.module",
        summary="Device code module",
        explanation=(
            "A symbol-table container for code that runs on the GPU, optionally with target "
            "attributes such as `#nvvm.target`."
        ),
        attributes=(
            AttributeFact("sym_name", "symbol_name"),
            AttributeFact("targets", "array", optional=True),
            AttributeFact("offloadingHandler", "any", optional=True),
        ),
        formats=(
            (
                "$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword "
                "$bodyRegion"
            ),
        ),
        traits=(
            "IsolatedFromAbove",
            "NoRegionArguments",
            "SymbolTable",
            "Symbol",
            "NoTerminator",
            "SingleBlock",
            "HasOnlyGraphRegion",
        ),
        note=(
            "Declarative format in LLVM 22 (the older releases used a hand-written parser for the "
            "same syntax): `gpu.module @kernels [#nvvm.target<chip = \"sm_90\">] attributes {...} "
            "{ ... }`; an optional `<#handler>` offloading attribute may precede the target list. "
            "Defines symbol `@kernels`; its body has no terminator in LLVM 22 (LLVM 19 printed "
            "none but had an implicit gpu.module_end). Regions: `bodyRegion`."
        ),
    ),
    OpFacts(
        name="gpu.func",
        summary="GPU function or kernel",
        explanation=(
            "A function inside a gpu.module; with `kernel` it is a launchable entry point, and it "
            "may declare workgroup (shared) and private buffers."
        ),
        attributes=(
            AttributeFact("function_type", "type"),
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
            AttributeFact("workgroup_attrib_attrs", "array<dictionary>", optional=True),
            AttributeFact("private_attrib_attrs", "array<dictionary>", optional=True),
            AttributeFact("known_block_size", "dense_i32_array"),
            AttributeFact("known_grid_size", "dense_i32_array"),
            AttributeFact("known_cluster_size", "dense_i32_array"),
        ),
        traits=(
            "HasParent<gpu.module>",
            "AutomaticAllocationScope",
            "FunctionOpInterface",
            "IsolatedFromAbove",
            "AffineScope",
            "Symbol",
        ),
        note=(
            "Hand-written parser. Syntax: `gpu.func @name(%a: type, ...) [-> (types)] "
            "[workgroup(%w : memref<...>, ...)] [private(%p : memref<...>, ...)] [kernel] "
            "[attributes {...}] { body }`. Entry block arguments are the function arguments, then "
            "the workgroup buffers, then the private buffers, in that order. "
            "`known_block_size`/`known_grid_size` appear in the attribute dictionary. Defines "
            "symbol `@name`. Regions: `body`."
        ),
    ),
    OpFacts(
        name="gpu.return",
        summary="Return from a gpu.func",
        explanation="Terminates a gpu.func body with its results.",
        operands=(
            OperandFact("operands", "any", variadic=True),
        ),
        formats=(
            "attr-dict ($operands^ `:` type($operands))?",
        ),
        traits=("HasParent<gpu.func>", "Pure", "Terminator"),
        note="Example: `gpu.return` or `gpu.return %v : f32`.",
    ),
    OpFacts(
        name="gpu.launch",
        summary="Launch a kernel written inline",
        explanation=(
            "Launches a grid of thread blocks (optionally clusters) that execute the op's region; "
            "sizes are operands and the ids are region arguments."
        ),
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
            OperandFact("gridSizeX", "index"),
            OperandFact("gridSizeY", "index"),
            OperandFact("gridSizeZ", "index"),
            OperandFact("blockSizeX", "index"),
            OperandFact("blockSizeY", "index"),
            OperandFact("blockSizeZ", "index"),
            OperandFact("clusterSizeX", "index", optional=True),
            OperandFact("clusterSizeY", "index", optional=True),
            OperandFact("clusterSizeZ", "index", optional=True),
            OperandFact("dynamicSharedMemorySize", "i32", optional=True),
        ),
        attributes=(
            AttributeFact("module", "symbol", optional=True),
            AttributeFact("function", "symbol", optional=True),
        ),
        results=(
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        traits=(
            "AffineScope",
            "AutomaticAllocationScope",
            "AttrSizedOperandSegments",
            "RecursiveMemoryEffects",
        ),
        note=(
            "Hand-written parser. Syntax: `[%t =] gpu.launch [async [%deps]] [clusters(%cx, %cy, "
            "%cz) in (%csx = %a, %csy = %b, %csz = %c)] blocks(%bx, %by, %bz) in (%gx = %a, %gy = "
            "%b, %gz = %c) threads(%tx, %ty, %tz) in (%sx = %a, %sy = %b, %sz = %c) "
            "[dynamic_shared_memory_size %n] [module(@m) function(@f)] [workgroup(%w : type, ...)] "
            "[private(%p : type, ...)] { body } [attr-dict]`. It defines twelve entry block "
            "arguments, in this order: %bx %by %bz (block ids), %tx %ty %tz (thread ids), %gx %gy "
            "%gz (grid sizes), %sx %sy %sz (block sizes); with `clusters`, six more follow: %cx "
            "%cy %cz (cluster ids) and %csx %csy %csz (cluster sizes); then the workgroup and "
            "private buffers. The operands are the values on the right of each `=`. The body ends "
            "in gpu.terminator. Regions: `body`."
        ),
    ),
    OpFacts(
        name="gpu.launch_func",
        summary="Launch an outlined kernel",
        explanation=(
            "Launches a gpu.func kernel by symbol with grid, block and optional cluster sizes and "
            "kernel arguments."
        ),
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
            OperandFact("gridSizeX", "index|i32|i64"),
            OperandFact("gridSizeY", "index|i32|i64"),
            OperandFact("gridSizeZ", "index|i32|i64"),
            OperandFact("blockSizeX", "index|i32|i64"),
            OperandFact("blockSizeY", "index|i32|i64"),
            OperandFact("blockSizeZ", "index|i32|i64"),
            OperandFact("clusterSizeX", "index|i32|i64", optional=True),
            OperandFact("clusterSizeY", "index|i32|i64", optional=True),
            OperandFact("clusterSizeZ", "index|i32|i64", optional=True),
            OperandFact("dynamicSharedMemorySize", "i32", optional=True),
            OperandFact("kernelOperands", "any", variadic=True),
            OperandFact("asyncObject", "any", optional=True),
        ),
        attributes=(
            AttributeFact("kernel", "symbol"),
        ),
        results=(
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        formats=(
            (
                "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) (`<` "
                "$asyncObject^ `:` type($asyncObject) `>`)? $kernel ( `clusters` `in` ` ` `(` "
                "$clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)` )? `blocks` `in` ` ` `(` "
                "$gridSizeX `,` $gridSizeY `,` $gridSizeZ `)` `threads` `in` ` ` `(` $blockSizeX "
                "`,` $blockSizeY `,` $blockSizeZ `)` custom<LaunchDimType>(type($gridSizeX), "
                "ref($clusterSizeX), type($clusterSizeX), type($clusterSizeY), "
                "type($clusterSizeZ)) (`dynamic_shared_memory_size` $dynamicSharedMemorySize^)? "
                "custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict"
            ),
        ),
        traits=(
            "AttrSizedOperandSegments",
            "AllTypesMatch<gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ>",
        ),
        note=(
            "Example: `gpu.launch_func @kernels::@k blocks in (%gx, %c1, %c1) threads in (%bx, "
            "%c1, %c1) dynamic_shared_memory_size %smem args(%a : memref<?xf32>)`; `$kernel` is a "
            "nested symbol reference `@module::@func`. custom<AsyncDependencies> accepts an "
            "optional `async` keyword (which makes the op return a `!gpu.async.token`) followed by "
            "an optional `[%t0, %t1]` list of `!gpu.async.token` dependencies. "
            "custom<LaunchDimType> accepts an optional `: type` after the size lists giving the "
            "type of all grid/block/cluster sizes (index, i32 or i64); absent means index. "
            "custom<LaunchFuncOperands> accepts an optional `args(%a : type, %b : type)` list of "
            "kernel operands with their types."
        ),
    ),
    OpFacts(
        name="gpu.terminator",
        summary="Terminator of a gpu.launch body",
        explanation="Ends the region of gpu.launch.",
        formats=(
            "attr-dict",
        ),
        traits=("HasParent<gpu.launch>", "Pure", "Terminator"),
        note="Example: `gpu.terminator`.",
    ),
    OpFacts(
        name="gpu.yield",
        summary="Yield from a gpu region",
        explanation=(
            "Returns values from regions of gpu ops (e.g. all_reduce, warp_execute_on_lane_0)."
        ),
        operands=(
            OperandFact("values", "any", variadic=True),
        ),
        formats=(
            "attr-dict ($values^ `:` type($values))?",
        ),
        traits=("Pure", "ReturnLike", "Terminator"),
        note="Example: `gpu.yield %v : f32`.",
    ),
    OpFacts(
        name="gpu.thread_id",
        summary="Thread index within its block",
        explanation="Thread index within its block along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.thread_id x` or `%i = gpu.thread_id x upper_bound 128` (LLVM 22); "
            "no type is written."
        ),
    ),
    OpFacts(
        name="gpu.block_id",
        summary="Block index within the grid",
        explanation="Block index within the grid along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.block_id x` or `%i = gpu.block_id x upper_bound 128` (LLVM 22); no "
            "type is written."
        ),
    ),
    OpFacts(
        name="gpu.block_dim",
        summary="Number of threads per block",
        explanation="Number of threads per block along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.block_dim x` or `%i = gpu.block_dim x upper_bound 128` (LLVM 22); "
            "no type is written."
        ),
    ),
    OpFacts(
        name="gpu.grid_dim",
        summary="Number of blocks in the grid",
        explanation="Number of blocks in the grid along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.grid_dim x` or `%i = gpu.grid_dim x upper_bound 128` (LLVM 22); no "
            "type is written."
        ),
    ),
    OpFacts(
        name="gpu.cluster_id",
        summary="Cluster index within the grid",
        explanation="Cluster index within the grid along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.cluster_id x` or `%i = gpu.cluster_id x upper_bound 128` (LLVM "
            "22); no type is written."
        ),
    ),
    OpFacts(
        name="gpu.cluster_dim",
        summary="Number of clusters in the grid",
        explanation="Number of clusters in the grid along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.cluster_dim x` or `%i = gpu.cluster_dim x upper_bound 128` (LLVM "
            "22); no type is written."
        ),
    ),
    OpFacts(
        name="gpu.cluster_block_id",
        summary="Block index within its cluster",
        explanation="Block index within its cluster along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.cluster_block_id x` or `%i = gpu.cluster_block_id x upper_bound "
            "128` (LLVM 22); no type is written."
        ),
    ),
    OpFacts(
        name="gpu.cluster_dim_blocks",
        summary="Number of blocks per cluster",
        explanation="Number of blocks per cluster along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.cluster_dim_blocks x` or `%i = gpu.cluster_dim_blocks x "
            "upper_bound 128` (LLVM 22); no type is written."
        ),
    ),
    OpFacts(
        name="gpu.global_id",
        summary="Global thread index",
        explanation="Global thread index along dimension x, y or z, as an index value.",
        attributes=(
            AttributeFact("dimension", "enum", enum=("x", "y", "z"), enum_attr="#gpu.dim"),
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index", doc="unnamed in ODS"),
        ),
        formats=(
            "$dimension (`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note=(
            "Example: `%i = gpu.global_id x` or `%i = gpu.global_id x upper_bound 128` (LLVM 22); "
            "no type is written."
        ),
    ),
    OpFacts(
        name="gpu.lane_id",
        summary="Lane index within the subgroup",
        explanation="Returns the calling thread's lane within its warp/subgroup.",
        attributes=(
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index"),
        ),
        formats=(
            "(`upper_bound` $upper_bound^)? attr-dict",
        ),
        traits=("Pure",),
        note="Example: `%l = gpu.lane_id` (no type).",
    ),
    OpFacts(
        name="gpu.subgroup_id",
        summary="Subgroup index within the workgroup",
        explanation="Returns the warp index of the caller inside its block.",
        attributes=(
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index"),
        ),
        formats=(
            "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%s = gpu.subgroup_id : index`.",
    ),
    OpFacts(
        name="gpu.num_subgroups",
        summary="Number of subgroups per workgroup",
        explanation="Returns how many warps a block has.",
        attributes=(
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index"),
        ),
        formats=(
            "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%n = gpu.num_subgroups : index`.",
    ),
    OpFacts(
        name="gpu.subgroup_size",
        summary="Threads per subgroup",
        explanation="Returns the warp/subgroup width.",
        attributes=(
            AttributeFact("upper_bound", "index", optional=True),
        ),
        results=(
            ResultFact("result", "index"),
        ),
        formats=(
            "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)",
        ),
        traits=("Pure",),
        note="Example: `%n = gpu.subgroup_size : index`.",
    ),
    OpFacts(
        name="gpu.barrier",
        summary="Workgroup barrier",
        explanation="Synchronises all threads of a block, making prior memory accesses visible.",
        formats=(
            "attr-dict",
        ),
        note="Example: `gpu.barrier`.",
    ),
    OpFacts(
        name="gpu.printf",
        summary="Device-side printf",
        explanation="Prints a formatted message from device code.",
        operands=(
            OperandFact("args", "integer|index|float", variadic=True),
        ),
        attributes=(
            AttributeFact("format", "string"),
        ),
        formats=(
            "$format attr-dict (`,` $args^ `:` type($args))?",
            "$format attr-dict ($args^ `:` type($args))?",
        ),
        note=(
            "LLVM 22: `gpu.printf \"%d\\n\", %x : i32` (comma before the arguments); LLVM 19 wrote "
            "the arguments without the comma. The second format is the LLVM 19 spelling, which "
            "files of that era still use."
        ),
    ),
    OpFacts(
        name="gpu.alloc",
        summary="Device memory allocation",
        explanation="Allocates GPU memory, optionally asynchronously or host-shared.",
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
            OperandFact("dynamicSizes", "index", variadic=True),
            OperandFact("symbolOperands", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("hostShared", "unit", optional=True),
        ),
        results=(
            ResultFact("memref", "memref"),
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        formats=(
            (
                "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) (` ` "
                "`host_shared` $hostShared^)? ` ` `(` $dynamicSizes `)` (`` `[` $symbolOperands^ "
                "`]`)? attr-dict `:` type($memref)"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `%m, %t = gpu.alloc async [%dep] host_shared (%n) : memref<?xf32>`. "
            "custom<AsyncDependencies> accepts an optional `async` keyword (which makes the op "
            "return a `!gpu.async.token`) followed by an optional `[%t0, %t1]` list of "
            "`!gpu.async.token` dependencies."
        ),
    ),
    OpFacts(
        name="gpu.dealloc",
        summary="Device memory release",
        explanation="Frees memory from gpu.alloc, optionally asynchronously.",
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
            OperandFact("memref", "memref"),
        ),
        results=(
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        formats=(
            (
                "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) $memref "
                "attr-dict `:` type($memref)"
            ),
        ),
        note=(
            "Example: `%t = gpu.dealloc async [%dep] %m : memref<?xf32>`. "
            "custom<AsyncDependencies> accepts an optional `async` keyword (which makes the op "
            "return a `!gpu.async.token`) followed by an optional `[%t0, %t1]` list of "
            "`!gpu.async.token` dependencies."
        ),
    ),
    OpFacts(
        name="gpu.memcpy",
        summary="Device memory copy",
        explanation="Copies between memrefs on host or device.",
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
            OperandFact("dst", "memref"),
            OperandFact("src", "memref"),
        ),
        results=(
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        formats=(
            (
                "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) $dst`,` $src `:` "
                "type($dst)`,` type($src) attr-dict"
            ),
        ),
        note=(
            "Example: `%t = gpu.memcpy async [%dep] %dst, %src : memref<?xf32>, memref<?xf32>`. "
            "custom<AsyncDependencies> accepts an optional `async` keyword (which makes the op "
            "return a `!gpu.async.token`) followed by an optional `[%t0, %t1]` list of "
            "`!gpu.async.token` dependencies."
        ),
    ),
    OpFacts(
        name="gpu.memset",
        summary="Device memory fill",
        explanation="Sets every element of a memref to a scalar.",
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
            OperandFact("dst", "memref"),
            OperandFact("value", "any"),
        ),
        results=(
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        formats=(
            (
                "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) $dst`,` $value "
                "`:` type($dst)`,` type($value) attr-dict"
            ),
        ),
        traits=("AllElementTypesMatch<dst, value>",),
        note=(
            "Example: `gpu.memset %m, %v : memref<?xf32>, f32`. custom<AsyncDependencies> accepts "
            "an optional `async` keyword (which makes the op return a `!gpu.async.token`) followed "
            "by an optional `[%t0, %t1]` list of `!gpu.async.token` dependencies."
        ),
    ),
    OpFacts(
        name="gpu.wait",
        summary="Wait for async GPU work",
        explanation=(
            "Blocks until its token dependencies finish, or with `async` merges them into a new "
            "token."
        ),
        operands=(
            OperandFact("asyncDependencies", "!gpu.async.token", variadic=True),
        ),
        results=(
            ResultFact("asyncToken", "!gpu.async.token", optional=True),
        ),
        formats=(
            "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) attr-dict",
        ),
        note=(
            "Examples: `gpu.wait [%t0, %t1]`, `%t = gpu.wait async [%t0]`. "
            "custom<AsyncDependencies> accepts an optional `async` keyword (which makes the op "
            "return a `!gpu.async.token`) followed by an optional `[%t0, %t1]` list of "
            "`!gpu.async.token` dependencies."
        ),
    ),
    OpFacts(
        name="gpu.shuffle",
        summary="Exchange values between lanes",
        explanation=(
            "Reads a value from another lane of the subgroup (xor, up, down or idx mode) and "
            "reports whether that lane was valid."
        ),
        operands=(
            OperandFact("value", "integer|float|vector"),
            OperandFact("offset", "i32"),
            OperandFact("width", "i32"),
        ),
        attributes=(
            AttributeFact(
                "mode",
                "enum",
                enum=("xor", "up", "down", "idx"),
                enum_attr="#gpu.shuffle_mode",
            ),
        ),
        results=(
            ResultFact("shuffleResult", "integer|float|vector"),
            ResultFact("valid", "i1"),
        ),
        formats=(
            "$mode $value `,` $offset `,` $width attr-dict `:` type($value)",
        ),
        traits=("Pure", "AllTypesMatch<value, shuffleResult>"),
        note="Example: `%v, %ok = gpu.shuffle xor %x, %offset, %width : f32`.",
    ),
    OpFacts(
        name="gpu.all_reduce",
        summary="Workgroup-wide reduction",
        explanation=(
            "Reduces a value across all threads of a block with a built-in kind or a custom region."
        ),
        operands=(
            OperandFact("value", "integer|float"),
        ),
        attributes=(
            AttributeFact(
                "op",
                "enum",
                enum=(
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
                    "or", "xor", "minimumf", "maximumf",
                ),
                enum_attr="#gpu.all_reduce_op",
                optional=True,
            ),
            AttributeFact("uniform", "unit", optional=True),
        ),
        results=(
            ResultFact("result", "integer|float"),
        ),
        formats=(
            (
                "custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body attr-dict `:` "
                "functional-type(operands, results)"
            ),
        ),
        traits=("SameOperandsAndResultType", "IsolatedFromAbove"),
        note=(
            "Example: `%s = gpu.all_reduce add %x {} : (f32) -> (f32)`; with a region the kind "
            "keyword is omitted and the region's block takes two values to combine. Regions: "
            "`body`. custom<AllReduceOperation> accepts an optional bare reduction keyword (add, "
            "mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, minimumf, maximumf)."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_reduce",
        summary="Subgroup-wide reduction",
        explanation="Reduces a value across the lanes of a subgroup, optionally in clusters.",
        operands=(
            OperandFact("value", "integer|float|vector"),
        ),
        attributes=(
            AttributeFact(
                "op",
                "enum",
                enum=(
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
                    "or", "xor", "minimumf", "maximumf",
                ),
                enum_attr="#gpu.all_reduce_op",
            ),
            AttributeFact("uniform", "unit", optional=True),
            AttributeFact("cluster_size", "i32", optional=True),
            AttributeFact("cluster_stride", "i32", default="1", optional=True),
        ),
        results=(
            ResultFact("result", "integer|float|vector"),
        ),
        formats=(
            (
                "custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? (`cluster` `(` "
                "`size` `=` $cluster_size^ (`,` `stride` `=` $cluster_stride^)? `)`)? attr-dict "
                "`:` functional-type(operands, results)"
            ),
        ),
        traits=("SameOperandsAndResultType",),
        note=(
            "Example: `%s = gpu.subgroup_reduce add %x : (f32) -> f32`. custom<AllReduceOperation> "
            "accepts an optional bare reduction keyword (add, mul, minui, minsi, minnumf, maxui, "
            "maxsi, maxnumf, and, or, xor, minimumf, maximumf)."
        ),
    ),
    OpFacts(
        name="gpu.dynamic_shared_memory",
        summary="Dynamic shared memory base",
        explanation=(
            "Returns a 1-D i8 memref in workgroup memory covering the dynamically sized shared "
            "memory."
        ),
        results=(
            ResultFact("resultMemref", "memref<?xi8>"),
        ),
        formats=(
            "attr-dict `:` type($resultMemref)",
        ),
        traits=("Pure",),
        note=(
            "Example: `%s = gpu.dynamic_shared_memory : memref<?xi8, "
            "#gpu.address_space<workgroup>>`."
        ),
    ),
    OpFacts(
        name="gpu.binary",
        summary="Serialized GPU binary",
        explanation="Holds compiled device objects (e.g. cubin) under a symbol.",
        attributes=(
            AttributeFact("sym_name", "symbol_name"),
            AttributeFact("offloadingHandler", "any", optional=True),
            AttributeFact("objects", "array"),
        ),
        formats=(
            "$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects",
        ),
        traits=("Symbol",),
        note=(
            "Example: `gpu.binary @kernels [#gpu.object<#nvvm.target, \"...\">]`. "
            "custom<OffloadingHandler> accepts an optional `<#attr>` offloading-handler attribute."
        ),
    ),
    OpFacts(
        name="gpu.host_register",
        summary="Register host memory for device access",
        explanation="Maps an unranked host memref for device use.",
        operands=(
            OperandFact("value", "memref<*>"),
        ),
        formats=(
            "$value attr-dict `:` type($value)",
        ),
        note="Example: `gpu.host_register %m : memref<*xf32>`.",
    ),
    OpFacts(
        name="gpu.host_unregister",
        summary="Unregister host memory",
        explanation="Undoes gpu.host_register.",
        operands=(
            OperandFact("value", "memref<*>"),
        ),
        formats=(
            "$value attr-dict `:` type($value)",
        ),
        note="Example: `gpu.host_unregister %m : memref<*xf32>`.",
    ),
    OpFacts(
        name="gpu.set_default_device",
        summary="Select the default device",
        explanation="Sets the GPU used by later operations by index.",
        operands=(
            OperandFact("devIndex", "i32"),
        ),
        formats=(
            "attr-dict $devIndex",
        ),
        note="Example: `gpu.set_default_device %idx`.",
    ),
    OpFacts(
        name="gpu.warp_execute_on_lane_0",
        summary="Run a region on lane 0 of a warp",
        explanation=(
            "Models warp-level vector code whose values are distributed across lanes; only lane 0 "
            "executes the body."
        ),
        operands=(
            OperandFact("laneid", "index"),
            OperandFact("args", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("warp_size", "i64"),
        ),
        results=(
            ResultFact("results", "any", variadic=True),
        ),
        traits=(
            "RegionBranchOpInterface",
            "SingleBlock",
            "SingleBlockImplicitTerminator<gpu.yield>",
            "RecursiveMemoryEffects",
        ),
        note=(
            "Hand-written parser. Syntax: `[%r =] gpu.warp_execute_on_lane_0(%laneid)[32] [args(%v "
            ": vector<...>, ...)] [-> (types)] { [^bb0(%x: vector<...>, ...):] ... gpu.yield ... "
            "}`. With `args`, the block declares one argument per forwarded value (with the "
            "undistributed type); results carry the distributed types. Regions: `warpRegion`."
        ),
    ),
    OpFacts(
        name="gpu.rotate",
        summary="Rotate values across lanes",
        explanation="Moves each lane's value to lane (id + offset) mod width.",
        operands=(
            OperandFact("value", "integer|float|vector"),
        ),
        attributes=(
            AttributeFact("offset", "i32"),
            AttributeFact("width", "i32"),
        ),
        results=(
            ResultFact("rotateResult", "integer|float|vector"),
            ResultFact("valid", "i1"),
        ),
        formats=(
            "$value `,` $offset `,` $width attr-dict `:` type($value)",
        ),
        traits=("Pure", "AllTypesMatch<value, rotateResult>"),
        note="Example: `%v, %ok = gpu.rotate %x, 1, 32 : f32`.",
    ),
    OpFacts(
        name="gpu.subgroup_broadcast",
        summary="Broadcast a lane's value to the subgroup",
        explanation=(
            "Makes a value uniform by taking it from the first active lane or a specified lane."
        ),
        operands=(
            OperandFact("src", "any"),
            OperandFact("lane", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "broadcast_type",
                "enum",
                enum=("first_active_lane", "specific_lane"),
                enum_attr="#gpu.broadcast",
            ),
        ),
        results=(
            ResultFact("result", "any"),
        ),
        formats=(
            "$src `,` $broadcast_type ($lane^)? attr-dict `:` type($result)",
        ),
        traits=("AllTypesMatch<result, src>", "Elementwise"),
        note="Example: `%u = gpu.subgroup_broadcast %x, first_active_lane : f32`.",
    ),
    OpFacts(
        name="gpu.subgroup_mma_load_matrix",
        summary="Warp-cooperative matrix fragment load",
        explanation="Loads an A, B or C fragment for subgroup MMA from a memref.",
        operands=(
            OperandFact("srcMemref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("leadDimension", "index"),
            AttributeFact("transpose", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "!gpu.mma_matrix"),
        ),
        formats=(
            "$srcMemref`[`$indices`]` attr-dict `:` type($srcMemref) `->` type($res)",
        ),
        note=(
            "Example: `%a = gpu.subgroup_mma_load_matrix %m[%i, %j] {leadDimension = 32 : index} : "
            "memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, \"AOp\">`."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_mma_store_matrix",
        summary="Warp-cooperative matrix fragment store",
        explanation="Stores a result fragment of subgroup MMA to a memref.",
        operands=(
            OperandFact("src", "!gpu.mma_matrix"),
            OperandFact("dstMemref", "memref"),
            OperandFact("indices", "index", variadic=True),
        ),
        attributes=(
            AttributeFact("leadDimension", "index"),
            AttributeFact("transpose", "unit", optional=True),
        ),
        formats=(
            "$src`,` $dstMemref`[`$indices`]` attr-dict `:` type($src)`,` type($dstMemref)",
        ),
        note=(
            "Example: `gpu.subgroup_mma_store_matrix %d, %m[%i, %j] {leadDimension = 32 : index} : "
            "!gpu.mma_matrix<16x16xf16, \"COp\">, memref<32x32xf16, 3>`."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_mma_compute",
        summary="Warp-cooperative matrix multiply-accumulate",
        explanation="Computes C += A * B on subgroup MMA fragments.",
        operands=(
            OperandFact("opA", "!gpu.mma_matrix"),
            OperandFact("opB", "!gpu.mma_matrix"),
            OperandFact("opC", "!gpu.mma_matrix"),
        ),
        attributes=(
            AttributeFact("a_transpose", "unit", optional=True),
            AttributeFact("b_transpose", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "!gpu.mma_matrix"),
        ),
        formats=(
            "$opA`,` $opB`,` $opC attr-dict `:` type($opA)`,` type($opB) `->` type($res)",
        ),
        traits=("Pure", "AllTypesMatch<opC, res>"),
        note=(
            "Example: `%d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "
            "\"AOp\">, !gpu.mma_matrix<16x16xf16, \"BOp\"> -> !gpu.mma_matrix<16x16xf16, \"COp\">`."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_mma_constant_matrix",
        summary="Fragment filled with a scalar",
        explanation="Creates an MMA fragment whose elements all equal a scalar.",
        operands=(
            OperandFact("value", "si8|ui8|i32|f16|f32"),
        ),
        results=(
            ResultFact("res", "!gpu.mma_matrix"),
        ),
        formats=(
            "$value attr-dict `:` type($res)",
        ),
        traits=("Pure", "TypesMatchWith<res -> value>"),
        note=(
            "Example: `%c = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf32, "
            "\"COp\">`."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_mma_elementwise",
        summary="Elementwise op on fragments",
        explanation="Applies an elementwise operation to MMA fragments.",
        operands=(
            OperandFact("args", "!gpu.mma_matrix", variadic=True),
        ),
        attributes=(
            AttributeFact(
                "opType",
                "enum",
                enum=(
                    "addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs",
                    "divu", "negatef", "negates", "extf",
                ),
                enum_attr="#gpu.mma_element_wise",
            ),
        ),
        results=(
            ResultFact("res", "!gpu.mma_matrix"),
        ),
        formats=(
            "$opType $args attr-dict `:` functional-type($args, $res)",
        ),
        traits=("Pure", "AllTypesMatch<args>"),
        note=(
            "Example: `%r = gpu.subgroup_mma_elementwise addf %a, %b : (!gpu.mma_matrix<16x16xf16, "
            "\"COp\">, !gpu.mma_matrix<16x16xf16, \"COp\">) -> !gpu.mma_matrix<16x16xf16, "
            "\"COp\">`."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_mma_extract_thread_local",
        summary="Read a thread-local fragment element",
        explanation="Extracts the element a thread holds at a given index of its fragment.",
        operands=(
            OperandFact("matrix", "!gpu.mma_matrix"),
            OperandFact("indices", "index", variadic=True),
        ),
        results=(
            ResultFact("res", "integer|float"),
        ),
        formats=(
            "$matrix`[`$indices`]` attr-dict `:` type($matrix) `->` type($res)",
        ),
        traits=("Pure", "TypesMatchWith<matrix -> res>"),
        note=(
            "Example: `%e = gpu.subgroup_mma_extract_thread_local %frag[%i] : "
            "!gpu.mma_matrix<16x16xf32, \"COp\"> -> f32`."
        ),
    ),
    OpFacts(
        name="gpu.subgroup_mma_insert_thread_local",
        summary="Write a thread-local fragment element",
        explanation="Replaces the element a thread holds at a given index of its fragment.",
        operands=(
            OperandFact("value", "integer|float"),
            OperandFact("matrix", "!gpu.mma_matrix"),
            OperandFact("indices", "index", variadic=True),
        ),
        results=(
            ResultFact("res", "!gpu.mma_matrix"),
        ),
        formats=(
            (
                "$value`,` $matrix`[`$indices`]` attr-dict `:` type($value)`,` type($matrix) `->` "
                "type($res)"
            ),
        ),
        traits=("Pure", "TypesMatchWith<matrix -> value>"),
        note=(
            "Example: `%f = gpu.subgroup_mma_insert_thread_local %v, %frag[%i] : f32, "
            "!gpu.mma_matrix<16x16xf32, \"COp\"> -> !gpu.mma_matrix<16x16xf32, \"COp\">`."
        ),
    ),
)


# ---------------------------------------------------------------------- llvm
LLVM_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="llvm.func",
        summary="LLVM dialect function",
        explanation=(
            "Defines or declares a function with an LLVM function type, linkage, calling "
            "convention and LLVM function attributes."
        ),
        attributes=(
            AttributeFact("sym_name", "string"),
            AttributeFact("sym_visibility", "string", optional=True),
            AttributeFact("function_type", "type"),
            AttributeFact("linkage", "#llvm.linkage", default="external", optional=True),
            AttributeFact("dso_local", "unit", optional=True),
            AttributeFact("CConv", "#llvm.cconv", default="ccc", optional=True),
            AttributeFact("comdat", "symbol", optional=True),
            AttributeFact("convergent", "unit", optional=True),
            AttributeFact("personality", "symbol", optional=True),
            AttributeFact("garbageCollector", "string", optional=True),
            AttributeFact("passthrough", "array", optional=True),
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
            AttributeFact("function_entry_count", "i64", optional=True),
            AttributeFact("memory_effects", "#llvm.memory_effects", optional=True),
            AttributeFact(
                "visibility_",
                "enum",
                enum=("", "hidden", "protected"),
                default="",
                optional=True,
            ),
            AttributeFact("arm_streaming", "unit", optional=True),
            AttributeFact("arm_locally_streaming", "unit", optional=True),
            AttributeFact("arm_streaming_compatible", "unit", optional=True),
            AttributeFact("arm_new_za", "unit", optional=True),
            AttributeFact("arm_in_za", "unit", optional=True),
            AttributeFact("arm_out_za", "unit", optional=True),
            AttributeFact("arm_inout_za", "unit", optional=True),
            AttributeFact("arm_preserves_za", "unit", optional=True),
            AttributeFact("section", "string", optional=True),
            AttributeFact(
                "unnamed_addr",
                "enum",
                enum=("", "local_unnamed_addr", "unnamed_addr"),
                optional=True,
            ),
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("vscale_range", "#llvm.vscale_range", optional=True),
            AttributeFact("frame_pointer", "#llvm.framePointerKind", optional=True),
            AttributeFact("target_cpu", "string", optional=True),
            AttributeFact("tune_cpu", "string", optional=True),
            AttributeFact("reciprocal_estimates", "string", optional=True),
            AttributeFact("prefer_vector_width", "string", optional=True),
            AttributeFact("target_features", "#llvm.target_features", optional=True),
            AttributeFact("no_infs_fp_math", "bool", optional=True),
            AttributeFact("no_nans_fp_math", "bool", optional=True),
            AttributeFact("no_signed_zeros_fp_math", "bool", optional=True),
            AttributeFact("denormal_fp_math", "string", optional=True),
            AttributeFact("denormal_fp_math_f32", "string", optional=True),
            AttributeFact("fp_contract", "string", optional=True),
            AttributeFact("instrument_function_entry", "string", optional=True),
            AttributeFact("instrument_function_exit", "string", optional=True),
            AttributeFact("no_inline", "unit", optional=True),
            AttributeFact("always_inline", "unit", optional=True),
            AttributeFact("inline_hint", "unit", optional=True),
            AttributeFact("no_unwind", "unit", optional=True),
            AttributeFact("will_return", "unit", optional=True),
            AttributeFact("optimize_none", "unit", optional=True),
            AttributeFact("vec_type_hint", "#llvm.vec_type_hint", optional=True),
            AttributeFact("work_group_size_hint", "dense_i32_array", optional=True),
            AttributeFact("reqd_work_group_size", "dense_i32_array", optional=True),
            AttributeFact("intel_reqd_sub_group_size", "i32", optional=True),
            AttributeFact("uwtable_kind", "#llvm.uwtableKind", optional=True),
        ),
        traits=(
            "AffineScope",
            "AutomaticAllocationScope",
            "IsolatedFromAbove",
            "FunctionOpInterface",
            "Symbol",
        ),
        note=(
            "Hand-written parser. Syntax: `llvm.func [linkage] [visibility] "
            "[unnamed_addr|local_unnamed_addr] [cconv] @name(%a: type {arg-attrs}, ...) [-> type "
            "{res-attrs}] [vscale_range(min, max)] [comdat(@c::@s)] [attributes {...}] [{ body "
            "}]`, e.g. `llvm.func internal fastcc @f(%x: i32) -> i32 attributes {nvvm.kernel} {`. "
            "A declaration lists bare types and may be variadic: `llvm.func @printf(!llvm.ptr, "
            "...) -> i32`. With a body, the named parameters are the entry block's arguments. "
            "Defines symbol `@name`. Regions: `body`."
        ),
    ),
    OpFacts(
        name="llvm.return",
        summary="Return from an llvm.func",
        explanation="Terminates a function body with zero or one value.",
        operands=(
            OperandFact("arg", "llvm-compatible", optional=True),
        ),
        formats=(
            "attr-dict ($arg^ `:` type($arg))?",
        ),
        traits=("Pure", "ReturnLike", "Terminator"),
        note="Example: `llvm.return %v : i32` or `llvm.return`.",
    ),
    OpFacts(
        name="llvm.call",
        summary="LLVM call",
        explanation="Calls a function symbol directly or a function pointer indirectly.",
        operands=(
            OperandFact("callee_operands", "llvm-compatible", variadic=True),
            OperandFact("op_bundle_operands", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("var_callee_type", "type", optional=True),
            AttributeFact("callee", "symbol", optional=True),
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
            AttributeFact("CConv", "#llvm.cconv", default="ccc", optional=True),
            AttributeFact("TailCallKind", "#llvm.tailcallkind", default="none", optional=True),
            AttributeFact("memory_effects", "#llvm.memory_effects", optional=True),
            AttributeFact("convergent", "unit", optional=True),
            AttributeFact("no_unwind", "unit", optional=True),
            AttributeFact("will_return", "unit", optional=True),
            AttributeFact("op_bundle_sizes", "dense_i32_array"),
            AttributeFact("op_bundle_tags", "array", optional=True),
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
            AttributeFact("no_inline", "unit", optional=True),
            AttributeFact("always_inline", "unit", optional=True),
            AttributeFact("inline_hint", "unit", optional=True),
            AttributeFact("access_groups", "array", optional=True),
            AttributeFact("alias_scopes", "array", optional=True),
            AttributeFact("noalias_scopes", "array", optional=True),
            AttributeFact("tbaa", "array", optional=True),
        ),
        results=(
            ResultFact("result", "llvm-compatible", optional=True),
        ),
        traits=("AttrSizedOperandSegments", "CallOpInterface", "SymbolUserOpInterface"),
        note=(
            "Hand-written parser. Syntax: `[%r =] llvm.call [cconv] [tail|musttail|notail] "
            "@callee(%args) [vararg(!llvm.func<...>)] [[bundles]] [{attrs}] : (arg-types) -> "
            "result-type`, or indirect: `llvm.call %fptr(%args) : !llvm.ptr, (arg-types) -> "
            "result-type` (the pointer is the first entry of `callee_operands`)."
        ),
    ),
    OpFacts(
        name="llvm.call_intrinsic",
        summary="Call an LLVM intrinsic by name",
        explanation="Calls the named LLVM intrinsic with the given operands.",
        operands=(
            OperandFact("args", "llvm-compatible", variadic=True),
            OperandFact("op_bundle_operands", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("intrin", "string"),
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
            AttributeFact("op_bundle_sizes", "dense_i32_array"),
            AttributeFact("op_bundle_tags", "array", optional=True),
            AttributeFact("arg_attrs", "array<dictionary>", optional=True),
            AttributeFact("res_attrs", "array<dictionary>", optional=True),
        ),
        results=(
            ResultFact("results", "llvm-compatible", optional=True),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Hand-written parser in LLVM 22 (declarative in LLVM 19 with the same spelling): `[%r "
            "=] llvm.call_intrinsic \"llvm.fma.f32\"(%a, %b, %c) [[\"tag\"(%x : i32)]] : (f32, "
            "f32, f32) -> f32 [attr-dict]`."
        ),
    ),
    OpFacts(
        name="llvm.inline_asm",
        summary="Inline assembly",
        explanation="Embeds a target assembly string with a constraint string and operands.",
        operands=(
            OperandFact("operands", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("asm_string", "string"),
            AttributeFact("constraints", "string"),
            AttributeFact("has_side_effects", "unit", optional=True),
            AttributeFact("is_align_stack", "unit", optional=True),
            AttributeFact("tail_call_kind", "#llvm.tailcallkind", default="none", optional=True),
            AttributeFact("asm_dialect", "enum", enum=("att", "intel"), optional=True),
            AttributeFact("operand_attrs", "array", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible", optional=True),
        ),
        formats=(
            (
                "(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? "
                "(`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? "
                "(`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints "
                "operands `:` functional-type(operands, results)"
            ),
        ),
        note=(
            "Example: `%r = llvm.inline_asm has_side_effects asm_dialect = att \"mov.b32 $0, "
            "$1;\", \"=r,r\" %x : (i32) -> i32`; NVVM ops lowered through inline PTX appear in "
            "this form."
        ),
    ),
    OpFacts(
        name="llvm.mlir.constant",
        summary="LLVM constant",
        explanation="Materialises a scalar, vector, string or aggregate constant.",
        attributes=(
            AttributeFact("value", "any"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "`(` $value `)` attr-dict `:` type($res)",
        ),
        traits=("Pure", "ConstantLike"),
        note=(
            "Example: `%c = llvm.mlir.constant(42 : i32) : i32`; the attribute sits in parentheses."
        ),
    ),
    OpFacts(
        name="llvm.mlir.undef",
        summary="Undefined value",
        explanation="Creates an undef value of any LLVM-compatible type.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        traits=("Pure", "ConstantLike"),
        note="Example: `%u = llvm.mlir.undef : !llvm.struct<(i32, f32)>`.",
    ),
    OpFacts(
        name="llvm.mlir.poison",
        summary="Poison value",
        explanation="Creates a poison value of any LLVM-compatible type.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        traits=("Pure", "ConstantLike"),
        note="Example: `%p = llvm.mlir.poison : !llvm.struct<(i32, f32)>`.",
    ),
    OpFacts(
        name="llvm.mlir.zero",
        summary="Zero value",
        explanation="Creates a zero-initialised value (null pointer, zero aggregate, ...).",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        traits=("Pure", "ConstantLike"),
        note="Example: `%z = llvm.mlir.zero : !llvm.ptr`.",
    ),
    OpFacts(
        name="llvm.mlir.none",
        summary="Empty token value",
        explanation="Creates the `none` token.",
        results=(
            ResultFact("res", "!llvm.token"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%n = llvm.mlir.none : !llvm.token`.",
    ),
    OpFacts(
        name="llvm.mlir.addressof",
        summary="Address of a global or function",
        explanation="Returns a pointer to an llvm.mlir.global or llvm.func symbol.",
        attributes=(
            AttributeFact("global_name", "symbol"),
        ),
        results=(
            ResultFact("res", "!llvm.ptr"),
        ),
        formats=(
            "$global_name attr-dict `:` qualified(type($res))",
        ),
        traits=("Pure", "ConstantLike", "SymbolUserOpInterface"),
        note="Example: `%p = llvm.mlir.addressof @g : !llvm.ptr<3>`.",
    ),
    OpFacts(
        name="llvm.mlir.global",
        summary="LLVM global variable",
        explanation=(
            "Defines a global with linkage, optional constant initializer or initializer region, "
            "and an address space."
        ),
        attributes=(
            AttributeFact("global_type", "type"),
            AttributeFact("constant", "unit", optional=True),
            AttributeFact("sym_name", "string"),
            AttributeFact("linkage", "#llvm.linkage"),
            AttributeFact("dso_local", "unit", optional=True),
            AttributeFact("thread_local_", "unit", optional=True),
            AttributeFact("externally_initialized", "unit", optional=True),
            AttributeFact("value", "any", optional=True),
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("addr_space", "i32", default="0", optional=True),
            AttributeFact(
                "unnamed_addr",
                "enum",
                enum=("", "local_unnamed_addr", "unnamed_addr"),
                optional=True,
            ),
            AttributeFact("section", "string", optional=True),
            AttributeFact("comdat", "symbol", optional=True),
            AttributeFact("dbg_exprs", "array", optional=True),
            AttributeFact(
                "visibility_",
                "enum",
                enum=("", "hidden", "protected"),
                default="",
                optional=True,
            ),
            AttributeFact("target_specific_attrs", "array", optional=True),
        ),
        traits=(
            "IsolatedFromAbove",
            "SingleBlock",
            "SingleBlockImplicitTerminator<llvm.return>",
            "Symbol",
        ),
        note=(
            "Hand-written parser. Syntax: `llvm.mlir.global [linkage] [visibility] [thread_local] "
            "[unnamed_addr] [constant] @name([value-attr]) [comdat(@c::@s)] [{attrs}] [: type] [{ "
            "initializer region }]`, e.g. `llvm.mlir.global internal constant @cst(42 : i32) "
            "{addr_space = 0 : i32} : i32` or `llvm.mlir.global external @smem() {addr_space = 3 : "
            "i32, alignment = 16 : i64} : !llvm.array<0 x i8>`. The initializer region has no "
            "arguments and ends in llvm.return. Defines symbol `@name`. Regions: `initializer`."
        ),
    ),
    OpFacts(
        name="llvm.alloca",
        summary="Stack allocation",
        explanation="Allocates stack memory for a number of elements of a given type.",
        operands=(
            OperandFact("arraySize", "integer"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("elem_type", "type"),
            AttributeFact("inalloca", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "!llvm.ptr"),
        ),
        note=(
            "Hand-written parser. Syntax: `%p = llvm.alloca [inalloca] %n x <element-type> "
            "[{alignment = 8 : i64}] : (i32) -> !llvm.ptr`; the element type fills `elem_type`."
        ),
    ),
    OpFacts(
        name="llvm.load",
        summary="LLVM load",
        explanation="Reads a value through a pointer, optionally volatile, atomic or invariant.",
        operands=(
            OperandFact("addr", "!llvm.ptr"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("volatile_", "unit", optional=True),
            AttributeFact("nontemporal", "unit", optional=True),
            AttributeFact("invariant", "unit", optional=True),
            AttributeFact("invariantGroup", "unit", optional=True),
            AttributeFact(
                "ordering",
                "enum",
                enum=(
                    "not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                    "seq_cst",
                ),
                default="not_atomic",
                optional=True,
            ),
            AttributeFact("syncscope", "string", optional=True),
            AttributeFact("dereferenceable", "#llvm.dereferenceable", optional=True),
            AttributeFact("access_groups", "array", optional=True),
            AttributeFact("alias_scopes", "array", optional=True),
            AttributeFact("noalias_scopes", "array", optional=True),
            AttributeFact("tbaa", "array", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            (
                "(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? "
                "$ordering^)? (`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? "
                "(`dereferenceable` `` $dereferenceable^)? attr-dict `:` qualified(type($addr)) "
                "`->` type($res)"
            ),
        ),
        note="Example: `%v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32`.",
    ),
    OpFacts(
        name="llvm.store",
        summary="LLVM store",
        explanation="Writes a value through a pointer, optionally volatile or atomic.",
        operands=(
            OperandFact("value", "llvm-compatible"),
            OperandFact("addr", "!llvm.ptr"),
        ),
        attributes=(
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("volatile_", "unit", optional=True),
            AttributeFact("nontemporal", "unit", optional=True),
            AttributeFact("invariantGroup", "unit", optional=True),
            AttributeFact(
                "ordering",
                "enum",
                enum=(
                    "not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                    "seq_cst",
                ),
                default="not_atomic",
                optional=True,
            ),
            AttributeFact("syncscope", "string", optional=True),
            AttributeFact("access_groups", "array", optional=True),
            AttributeFact("alias_scopes", "array", optional=True),
            AttributeFact("noalias_scopes", "array", optional=True),
            AttributeFact("tbaa", "array", optional=True),
        ),
        formats=(
            (
                "(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ "
                "`)`)? $ordering^)? (`invariant_group` $invariantGroup^)? attr-dict `:` "
                "type($value) `,` qualified(type($addr))"
            ),
        ),
        note="Example: `llvm.store %v, %p : f32, !llvm.ptr<3>`.",
    ),
    OpFacts(
        name="llvm.getelementptr",
        summary="Pointer arithmetic (GEP)",
        explanation="Computes an address from a base pointer and indices into a typed aggregate.",
        operands=(
            OperandFact("base", "!llvm.ptr"),
            OperandFact("dynamicIndices", "integer-like", variadic=True),
        ),
        attributes=(
            AttributeFact("rawConstantIndices", "dense_i32_array"),
            AttributeFact("elem_type", "type"),
            AttributeFact(
                "noWrapFlags",
                "enum",
                enum=("none", "inbounds_flag", "nusw", "nuw", "inbounds"),
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "!llvm.ptr"),
        ),
        formats=(
            (
                "($noWrapFlags^)? $base `[` custom<GEPIndices>($dynamicIndices, "
                "$rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` "
                "$elem_type"
            ),
        ),
        traits=("Pure",),
        note=(
            "Example: `%q = llvm.getelementptr inbounds %p[%i, 2] : (!llvm.ptr, i64) -> !llvm.ptr, "
            "!llvm.struct<(f32, i32, i8)>`: constant and SSA indices mix inside the brackets; the "
            "trailing type is the element type. LLVM 19 modelled `inbounds` as a unit attribute; "
            "LLVM 22 spells the same keyword (plus `nusw`, `nuw`) through the `noWrapFlags` "
            "property. custom<GEPIndices> accepts a comma-separated list mixing SSA values and "
            "integer literals inside the brackets, e.g. `[%i, 0, 2]`."
        ),
    ),
    OpFacts(
        name="llvm.extractvalue",
        summary="Read a struct/array member",
        explanation="Extracts an element of an aggregate at a constant position.",
        operands=(
            OperandFact("container", "!llvm.struct|!llvm.array"),
        ),
        attributes=(
            AttributeFact("position", "dense_i64_array"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            (
                "$container `` $position attr-dict `:` type($container) "
                "custom<InsertExtractValueElementType>(type($res), ref(type($container)), "
                "ref($position))"
            ),
        ),
        traits=("Pure",),
        note=(
            "Example: `%x = llvm.extractvalue %s[1, 0] : !llvm.struct<(i32, array<2 x f32>)>`; the "
            "result type is derived from the position. custom<InsertExtractValueElementType> "
            "parses nothing; the element type is derived from the container type and the position."
        ),
    ),
    OpFacts(
        name="llvm.insertvalue",
        summary="Write a struct/array member",
        explanation="Returns an aggregate with one element replaced.",
        operands=(
            OperandFact("container", "!llvm.struct|!llvm.array"),
            OperandFact("value", "llvm-compatible"),
        ),
        attributes=(
            AttributeFact("position", "dense_i64_array"),
        ),
        results=(
            ResultFact("res", "!llvm.struct|!llvm.array"),
        ),
        formats=(
            (
                "$value `,` $container `` $position attr-dict `:` type($container) "
                "custom<InsertExtractValueElementType>(type($value), ref(type($container)), "
                "ref($position))"
            ),
        ),
        traits=("Pure", "AllTypesMatch<container, res>"),
        note=(
            "Example: `%s2 = llvm.insertvalue %v, %s[1] : !llvm.struct<(i32, f32)>`. "
            "custom<InsertExtractValueElementType> parses nothing; the element type is derived "
            "from the container type and the position."
        ),
    ),
    OpFacts(
        name="llvm.extractelement",
        summary="Read a vector element",
        explanation="Extracts one element of an LLVM vector at a dynamic position.",
        operands=(
            OperandFact("vector", "vector"),
            OperandFact("position", "integer"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)",
        ),
        traits=("Pure", "TypesMatchWith<vector -> res>"),
        note="Example: `%e = llvm.extractelement %v[%i : i32] : vector<4xf32>`.",
    ),
    OpFacts(
        name="llvm.insertelement",
        summary="Write a vector element",
        explanation="Returns a vector with one element replaced.",
        operands=(
            OperandFact("vector", "vector"),
            OperandFact("value", "llvm-compatible"),
            OperandFact("position", "integer"),
        ),
        results=(
            ResultFact("res", "vector"),
        ),
        formats=(
            "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)",
        ),
        traits=("Pure", "TypesMatchWith<vector -> value>", "AllTypesMatch<res, vector>"),
        note="Example: `%r = llvm.insertelement %x, %v[%i : i32] : vector<4xf32>`.",
    ),
    OpFacts(
        name="llvm.shufflevector",
        summary="Permute two vectors",
        explanation="Builds a vector from lanes of two vectors by a constant mask.",
        operands=(
            OperandFact("v1", "vector"),
            OperandFact("v2", "vector"),
        ),
        attributes=(
            AttributeFact("mask", "dense_i32_array"),
        ),
        results=(
            ResultFact("res", "vector"),
        ),
        formats=(
            (
                "$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<ShuffleType>(ref(type($v1)), "
                "type($res), ref($mask))"
            ),
        ),
        traits=("Pure", "AllTypesMatch<v1, v2>"),
        note=(
            "Example: `%r = llvm.shufflevector %a, %b [0, 4, 1, 5] : vector<4xf32>`. "
            "custom<ShuffleType> parses nothing; the result vector type is derived from the first "
            "operand's type and the mask length."
        ),
    ),
    OpFacts(
        name="llvm.bitcast",
        summary="LLVM bitcast cast",
        explanation="Reinterprets bits as another type of the same size.",
        operands=(
            OperandFact("arg", "llvm-compatible"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.bitcast %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.addrspacecast",
        summary="LLVM addrspacecast cast",
        explanation="Converts a pointer to another address space.",
        operands=(
            OperandFact("arg", "!llvm.ptr"),
        ),
        results=(
            ResultFact("res", "!llvm.ptr"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.addrspacecast %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.ptrtoint",
        summary="LLVM ptrtoint cast",
        explanation="Converts a pointer to an integer.",
        operands=(
            OperandFact("arg", "!llvm.ptr"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.ptrtoint %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.inttoptr",
        summary="LLVM inttoptr cast",
        explanation="Converts an integer to a pointer.",
        operands=(
            OperandFact("arg", "integer-like"),
        ),
        attributes=(
            AttributeFact("dereferenceable", "#llvm.dereferenceable", optional=True),
        ),
        results=(
            ResultFact("res", "!llvm.ptr"),
        ),
        formats=(
            (
                "$arg (`dereferenceable` `` $dereferenceable^)? attr-dict `:` type($arg) `to` "
                "type($res)"
            ),
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.inttoptr %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.zext",
        summary="LLVM zext cast",
        explanation="Zero-extends an integer.",
        operands=(
            OperandFact("arg", "integer-like"),
        ),
        attributes=(
            AttributeFact("nonNeg", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.zext %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.sext",
        summary="LLVM sext cast",
        explanation="Sign-extends an integer.",
        operands=(
            OperandFact("arg", "integer-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.sext %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.trunc",
        summary="LLVM trunc cast",
        explanation="Truncates an integer to fewer bits.",
        operands=(
            OperandFact("arg", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$arg ($overflowFlags^)? attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.trunc %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.fpext",
        summary="LLVM fpext cast",
        explanation="Widens a float.",
        operands=(
            OperandFact("arg", "float-like"),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.fpext %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.fptrunc",
        summary="LLVM fptrunc cast",
        explanation="Narrows a float.",
        operands=(
            OperandFact("arg", "float-like"),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.fptrunc %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.sitofp",
        summary="LLVM sitofp cast",
        explanation="Converts a signed integer to float.",
        operands=(
            OperandFact("arg", "integer-like"),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.sitofp %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.uitofp",
        summary="LLVM uitofp cast",
        explanation="Converts an unsigned integer to float.",
        operands=(
            OperandFact("arg", "integer-like"),
        ),
        attributes=(
            AttributeFact("nonNeg", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.uitofp %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.fptosi",
        summary="LLVM fptosi cast",
        explanation="Converts a float to a signed integer.",
        operands=(
            OperandFact("arg", "float-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.fptosi %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.fptoui",
        summary="LLVM fptoui cast",
        explanation="Converts a float to an unsigned integer.",
        operands=(
            OperandFact("arg", "float-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$arg attr-dict `:` type($arg) `to` type($res)",
        ),
        traits=("Pure",),
        note="Example: `%r = llvm.fptoui %x : <source type> to <result type>`.",
    ),
    OpFacts(
        name="llvm.add",
        summary="LLVM add",
        explanation="Integer addition (wrapping; `overflow<nsw, nuw>` flags allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Commutative", "Pure"),
        note="Example: `%r = llvm.add %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.sub",
        summary="LLVM sub",
        explanation="Integer subtraction (wrapping; overflow flags allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.sub %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.mul",
        summary="LLVM mul",
        explanation="Integer multiplication (wrapping; overflow flags allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Commutative", "Pure"),
        note="Example: `%r = llvm.mul %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.udiv",
        summary="LLVM udiv",
        explanation="Unsigned integer division (`exact` allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType",),
        note="Example: `%r = llvm.udiv %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.sdiv",
        summary="LLVM sdiv",
        explanation="Signed integer division (`exact` allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType",),
        note="Example: `%r = llvm.sdiv %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.urem",
        summary="LLVM urem",
        explanation="Unsigned remainder.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.urem %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.srem",
        summary="LLVM srem",
        explanation="Signed remainder.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.srem %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.shl",
        summary="LLVM shl",
        explanation="Shift left (overflow flags allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact(
                "overflowFlags",
                "enum",
                enum=("none", "nsw", "nuw"),
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.shl %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.lshr",
        summary="LLVM lshr",
        explanation="Logical shift right (`exact` allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.lshr %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.ashr",
        summary="LLVM ashr",
        explanation="Arithmetic shift right (`exact` allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isExact", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.ashr %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.and",
        summary="LLVM and",
        explanation="Bitwise and.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.and %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.or",
        summary="LLVM or",
        explanation="Bitwise or (`disjoint` allowed).",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        attributes=(
            AttributeFact("isDisjoint", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.or %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.xor",
        summary="LLVM xor",
        explanation="Bitwise xor.",
        operands=(
            OperandFact("lhs", "integer-like"),
            OperandFact("rhs", "integer-like"),
        ),
        results=(
            ResultFact("res", "integer-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.xor %a, %b : i32`; one type for operands and result.",
    ),
    OpFacts(
        name="llvm.fadd",
        summary="LLVM fadd",
        explanation="Float addition (fast-math flags in the attribute dictionary).",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.fadd %a, %b : f32`.",
    ),
    OpFacts(
        name="llvm.fsub",
        summary="LLVM fsub",
        explanation="Float subtraction.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.fsub %a, %b : f32`.",
    ),
    OpFacts(
        name="llvm.fmul",
        summary="LLVM fmul",
        explanation="Float multiplication.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.fmul %a, %b : f32`.",
    ),
    OpFacts(
        name="llvm.fdiv",
        summary="LLVM fdiv",
        explanation="Float division.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.fdiv %a, %b : f32`.",
    ),
    OpFacts(
        name="llvm.frem",
        summary="LLVM frem",
        explanation="Float remainder.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$lhs `,` $rhs attr-dict `:` type($res)",
        ),
        traits=("SameOperandsAndResultType", "Pure"),
        note="Example: `%r = llvm.frem %a, %b : f32`.",
    ),
    OpFacts(
        name="llvm.fneg",
        summary="LLVM float negation",
        explanation="Negates a float.",
        operands=(
            OperandFact("operand", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "float-like"),
        ),
        formats=(
            "$operand attr-dict `:` type($res)",
        ),
        traits=("Pure", "SameOperandsAndResultType"),
        note="Example: `%r = llvm.fneg %a : f32`.",
    ),
    OpFacts(
        name="llvm.icmp",
        summary="LLVM integer/pointer comparison",
        explanation="Compares integers or pointers with a predicate, yielding i1.",
        operands=(
            OperandFact("lhs", "integer-like|!llvm.ptr"),
            OperandFact("rhs", "integer-like|!llvm.ptr"),
        ),
        attributes=(
            AttributeFact(
                "predicate",
                "enum",
                enum=("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"),
            ),
        ),
        results=(
            ResultFact("res", "bool-like"),
        ),
        traits=("Pure", "SameTypeOperands", "TypesMatchWith<lhs -> res>"),
        note=(
            "Hand-written parser. Syntax: `%b = llvm.icmp \"slt\" %a, %c : i32`: the predicate is "
            "a quoted string (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge) and the type is the "
            "operand type."
        ),
    ),
    OpFacts(
        name="llvm.fcmp",
        summary="LLVM float comparison",
        explanation="Compares floats with an ordered/unordered predicate, yielding i1.",
        operands=(
            OperandFact("lhs", "float-like"),
            OperandFact("rhs", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "predicate",
                "enum",
                enum=(
                    "_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge",
                    "ult", "ule", "une", "uno", "_true",
                ),
            ),
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "bool-like"),
        ),
        traits=("Pure", "SameTypeOperands", "TypesMatchWith<lhs -> res>"),
        note=(
            "Hand-written parser. Syntax: `%b = llvm.fcmp \"olt\" %a, %c [{fastmathFlags = "
            "#llvm.fastmath<...>}] : f32` (quoted predicate; type of the operands)."
        ),
    ),
    OpFacts(
        name="llvm.select",
        summary="LLVM select",
        explanation="Chooses one of two values on an i1 condition.",
        operands=(
            OperandFact("condition", "bool-like"),
            OperandFact("trueValue", "llvm-compatible"),
            OperandFact("falseValue", "llvm-compatible"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "operands attr-dict `:` type($condition) `,` type($res)",
        ),
        traits=("Pure", "AllTypesMatch<trueValue, falseValue, res>"),
        note="Example: `%r = llvm.select %c, %a, %b : i1, f32`.",
    ),
    OpFacts(
        name="llvm.freeze",
        summary="Freeze undef/poison",
        explanation="Turns undef/poison into an arbitrary but fixed value.",
        operands=(
            OperandFact("val", "llvm-compatible"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "$val attr-dict `:` type($val)",
        ),
        traits=("Pure", "SameOperandsAndResultType"),
        note="Example: `%r = llvm.freeze %x : i32`.",
    ),
    OpFacts(
        name="llvm.br",
        summary="LLVM unconditional branch",
        explanation="Jumps to a successor block.",
        operands=(
            OperandFact("destOperands", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("loop_annotation", "#llvm.loop_annotation", optional=True),
        ),
        formats=(
            "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict",
        ),
        traits=("BranchOpInterface", "Pure", "Terminator"),
        note="Example: `llvm.br ^bb1(%x : i32)`. Successors: `dest`.",
    ),
    OpFacts(
        name="llvm.cond_br",
        summary="LLVM conditional branch",
        explanation="Branches on an i1 condition.",
        operands=(
            OperandFact("condition", "i1"),
            OperandFact("trueDestOperands", "llvm-compatible", variadic=True),
            OperandFact("falseDestOperands", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("branch_weights", "dense_i32_array", optional=True),
            AttributeFact("loop_annotation", "#llvm.loop_annotation", optional=True),
        ),
        formats=(
            (
                "$condition ( `weights` `(` $branch_weights^ `)` )? `,` $trueDest (`(` "
                "$trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` "
                "$falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict"
            ),
        ),
        traits=("AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"),
        note=(
            "Example: `llvm.cond_br %c, ^bb1, ^bb2(%x : i32)`. Successors: `trueDest`, `falseDest`."
        ),
    ),
    OpFacts(
        name="llvm.switch",
        summary="LLVM switch",
        explanation="Multi-way branch on an integer value.",
        operands=(
            OperandFact("value", "integer"),
            OperandFact("defaultOperands", "any", variadic=True),
            OperandFact("caseOperands", "any", variadic=True),
        ),
        attributes=(
            AttributeFact("case_values", "dense_int_elements", optional=True),
            AttributeFact("case_operand_segments", "dense_i32_array"),
            AttributeFact("branch_weights", "dense_i32_array", optional=True),
        ),
        formats=(
            (
                "$value `:` type($value) `,` $defaultDestination (`(` $defaultOperands^ `:` "
                "type($defaultOperands) `)`)? custom<SwitchOpCases>(ref(type($value)), "
                "$case_values, $caseDestinations, $caseOperands, type($caseOperands)) attr-dict"
            ),
        ),
        traits=("AttrSizedOperandSegments", "BranchOpInterface", "Pure", "Terminator"),
        note=(
            "Example: `llvm.switch %v : i32, ^bb1 [ 1: ^bb2, 2: ^bb3(%x : f32) ]`. Successors: "
            "`defaultDestination`, `caseDestinations`. custom<SwitchOpCases> (llvm flavour) parses "
            "a bracketed list of cases after the default successor: `[ <int>: ^bb(%a : type), ... "
            "]`."
        ),
    ),
    OpFacts(
        name="llvm.unreachable",
        summary="Unreachable point",
        explanation="Marks a point control never reaches.",
        formats=(
            "attr-dict",
        ),
        traits=("Terminator",),
        note="Example: `llvm.unreachable`.",
    ),
    OpFacts(
        name="llvm.fence",
        summary="Memory fence",
        explanation="Orders memory operations with an atomic ordering and optional sync scope.",
        attributes=(
            AttributeFact(
                "ordering",
                "enum",
                enum=(
                    "not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                    "seq_cst",
                ),
            ),
            AttributeFact("syncscope", "string", optional=True),
        ),
        formats=(
            "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict",
        ),
        note="Example: `llvm.fence syncscope(\"agent\") acq_rel`.",
    ),
    OpFacts(
        name="llvm.atomicrmw",
        summary="Atomic read-modify-write",
        explanation="Atomically applies a binary operation to memory and returns the old value.",
        operands=(
            OperandFact("ptr", "!llvm.ptr"),
            OperandFact("val", "float|integer|!llvm.ptr|vector"),
        ),
        attributes=(
            AttributeFact(
                "bin_op",
                "enum",
                enum=(
                    "xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax",
                    "umin", "fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond",
                    "usub_sat", "fmaximum", "fminimum",
                ),
            ),
            AttributeFact(
                "ordering",
                "enum",
                enum=(
                    "not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                    "seq_cst",
                ),
            ),
            AttributeFact("syncscope", "string", optional=True),
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("volatile_", "unit", optional=True),
            AttributeFact("access_groups", "array", optional=True),
            AttributeFact("alias_scopes", "array", optional=True),
            AttributeFact("noalias_scopes", "array", optional=True),
            AttributeFact("tbaa", "array", optional=True),
        ),
        results=(
            ResultFact("res", "float|integer|!llvm.ptr|vector"),
        ),
        formats=(
            (
                "(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ "
                "`)`)? $ordering attr-dict `:` qualified(type($ptr)) `,` type($val)"
            ),
        ),
        traits=("TypesMatchWith<val -> res>",),
        note="Example: `%old = llvm.atomicrmw add %p, %v seq_cst : !llvm.ptr, i32`.",
    ),
    OpFacts(
        name="llvm.cmpxchg",
        summary="Atomic compare-and-exchange",
        explanation=(
            "Atomically replaces memory if it equals an expected value; returns the old value and "
            "a success flag."
        ),
        operands=(
            OperandFact("ptr", "!llvm.ptr"),
            OperandFact("cmp", "integer|!llvm.ptr"),
            OperandFact("val", "integer|!llvm.ptr"),
        ),
        attributes=(
            AttributeFact(
                "success_ordering",
                "enum",
                enum=(
                    "not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                    "seq_cst",
                ),
            ),
            AttributeFact(
                "failure_ordering",
                "enum",
                enum=(
                    "not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                    "seq_cst",
                ),
            ),
            AttributeFact("syncscope", "string", optional=True),
            AttributeFact("alignment", "i64", optional=True),
            AttributeFact("weak", "unit", optional=True),
            AttributeFact("volatile_", "unit", optional=True),
            AttributeFact("access_groups", "array", optional=True),
            AttributeFact("alias_scopes", "array", optional=True),
            AttributeFact("noalias_scopes", "array", optional=True),
            AttributeFact("tbaa", "array", optional=True),
        ),
        results=(
            ResultFact("res", "!llvm.struct"),
        ),
        formats=(
            (
                "(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` "
                "`(` $syncscope^ `)`)? $success_ordering $failure_ordering attr-dict `:` "
                "qualified(type($ptr)) `,` type($val)"
            ),
        ),
        traits=("TypesMatchWith<val -> cmp>", "TypesMatchWith<val -> res>"),
        note="Example: `%r = llvm.cmpxchg %p, %cmp, %new acq_rel monotonic : !llvm.ptr, i32`.",
    ),
    OpFacts(
        name="llvm.intr.dbg.value",
        summary="Debug value record",
        explanation="Ties an SSA value to a source variable for debuggers.",
        operands=(
            OperandFact("value", "llvm-compatible"),
        ),
        attributes=(
            AttributeFact("varInfo", "#llvm.di_local_variable"),
            AttributeFact("locationExpr", "#llvm.di_expression"),
        ),
        formats=(
            (
                "qualified($varInfo) (qualified($locationExpr)^)? `=` $value `:` "
                "qualified(type($value)) attr-dict"
            ),
        ),
        note=(
            "Example: `llvm.intr.dbg.value #di_local_var = %x : i32`; an optional "
            "`#llvm.di_expression<...>` may follow the variable."
        ),
    ),
    OpFacts(
        name="llvm.intr.dbg.declare",
        summary="Debug declare record",
        explanation="Ties a variable's address to a source variable.",
        operands=(
            OperandFact("addr", "!llvm.ptr"),
        ),
        attributes=(
            AttributeFact("varInfo", "#llvm.di_local_variable"),
            AttributeFact("locationExpr", "#llvm.di_expression"),
        ),
        formats=(
            (
                "qualified($varInfo) (qualified($locationExpr)^)? `=` $addr `:` "
                "qualified(type($addr)) attr-dict"
            ),
        ),
        note="Example: `llvm.intr.dbg.declare #di_local_var = %p : !llvm.ptr`.",
    ),
    OpFacts(
        name="llvm.intr.fma",
        summary="Fused multiply-add intrinsic",
        explanation="Computes a*b+c with one rounding.",
        operands=(
            OperandFact("a", "float-like"),
            OperandFact("b", "float-like"),
            OperandFact("c", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "`(` operands `)` attr-dict `:` functional-type(operands, results)",
        ),
        traits=("Pure", "SameOperandsAndResultType"),
        note="Example: `%r = llvm.intr.fma(%a, %b, %c) : (f32, f32, f32) -> f32`.",
    ),
    OpFacts(
        name="llvm.intr.fabs",
        summary="Absolute value intrinsic",
        explanation="Clears the sign bit of a float.",
        operands=(
            OperandFact("in", "float-like"),
        ),
        attributes=(
            AttributeFact(
                "fastmathFlags",
                "enum",
                enum=("none", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"),
                enum_attr="#llvm.fastmath",
                default="none",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "`(` operands `)` attr-dict `:` functional-type(operands, results)",
        ),
        traits=("Pure", "SameOperandsAndResultType"),
        note="Example: `%r = llvm.intr.fabs(%a) : (f32) -> f32`.",
    ),
    OpFacts(
        name="llvm.intr.assume",
        summary="Optimizer assumption",
        explanation="Tells the optimizer that a condition holds.",
        operands=(
            OperandFact("cond", "i1"),
            OperandFact("op_bundle_operands", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("op_bundle_sizes", "dense_i32_array"),
            AttributeFact("op_bundle_tags", "array", optional=True),
        ),
        formats=(
            (
                "$cond ( custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), "
                "$op_bundle_tags)^ )? `:` type($cond) attr-dict"
            ),
        ),
        note=(
            "Example: `llvm.intr.assume %c : i1`. custom<OpBundles> accepts `[\"tag\"(%v : type), "
            "...]` operand bundles."
        ),
    ),
)


# ---------------------------------------------------------------------- nvvm
# Requirements come from ptxas 13.0 probes (a minimal `.entry` per instruction, lowest accepted
# `.target` and `.version`); where NVVMOps.td's NVVMRequiresSM annotations differ, the note says so.
NVVM_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="nvvm.read.ptx.sreg.tid.x",
        summary="Thread index in the CTA (x)",
        explanation=(
            "Reads the PTX special register holding the thread index within its CTA along x."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %tid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.tid.x : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.tid.y",
        summary="Thread index in the CTA (y)",
        explanation=(
            "Reads the PTX special register holding the thread index within its CTA along y."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %tid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.tid.y : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.tid.z",
        summary="Thread index in the CTA (z)",
        explanation=(
            "Reads the PTX special register holding the thread index within its CTA along z."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %tid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.tid.z : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.ntid.x",
        summary="CTA size (x)",
        explanation="Reads the PTX special register holding the number of threads per CTA along x.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ntid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.ntid.x : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.ntid.y",
        summary="CTA size (y)",
        explanation="Reads the PTX special register holding the number of threads per CTA along y.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ntid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.ntid.y : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.ntid.z",
        summary="CTA size (z)",
        explanation="Reads the PTX special register holding the number of threads per CTA along z.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ntid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.ntid.z : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.ctaid.x",
        summary="CTA index in the grid (x)",
        explanation="Reads the PTX special register holding the CTA index within the grid along x.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ctaid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.ctaid.x : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.ctaid.y",
        summary="CTA index in the grid (y)",
        explanation="Reads the PTX special register holding the CTA index within the grid along y.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ctaid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.ctaid.y : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.ctaid.z",
        summary="CTA index in the grid (z)",
        explanation="Reads the PTX special register holding the CTA index within the grid along z.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %ctaid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.ctaid.z : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nctaid.x",
        summary="Grid size in CTAs (x)",
        explanation=(
            "Reads the PTX special register holding the number of CTAs in the grid along x."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %nctaid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nctaid.x : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nctaid.y",
        summary="Grid size in CTAs (y)",
        explanation=(
            "Reads the PTX special register holding the number of CTAs in the grid along y."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %nctaid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nctaid.y : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nctaid.z",
        summary="Grid size in CTAs (z)",
        explanation=(
            "Reads the PTX special register holding the number of CTAs in the grid along z."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %nctaid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nctaid.z : i32`; LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.laneid",
        summary="Lane index in the warp",
        explanation="Reads the calling thread's lane (0-31) within its warp.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.3"),
        ptx=(
            "mov.u32 %r, %laneid;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.laneid : i32`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.warpid",
        summary="Warp index (not stable)",
        explanation=(
            "Reads the warp's identifier on its SM, which may change when the warp is rescheduled."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.3"),
        ptx=(
            "mov.u32 %r, %warpid;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.warpid : i32`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nwarpid",
        summary="Maximum warp ids per SM",
        explanation="Reads the number of warp identifiers an SM provides.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %nwarpid;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nwarpid : i32`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.smid",
        summary="SM index (not stable)",
        explanation="Reads the identifier of the SM running the thread.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.3"),
        ptx=(
            "mov.u32 %r, %smid;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.smid : i32`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nsmid",
        summary="Maximum SM id",
        explanation="Reads the number of SM identifiers.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %nsmid;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nsmid : i32`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.gridid",
        summary="Grid launch identifier",
        explanation="Reads a per-launch grid identifier.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u64 %rd, %gridid;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.gridid : i64`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.warpsize",
        summary="Warp width",
        explanation="Reads the number of threads in a warp (32).",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_10",
            "1.0",
            "Reads the WARP_SZ constant.",
        ),
        ptx=(
            "mov.u32 %r, WARP_SZ;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.warpsize : i32`. LLVM 22 accepts an optional `range "
            "<i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.lanemask.eq",
        summary="Mask of the own lane",
        explanation="Reads a 32-bit mask with only the calling lane's bit set.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_eq;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.lanemask.eq : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.lanemask.le",
        summary="Mask of lanes at or below",
        explanation="Reads a mask of lanes with id <= the calling lane.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_le;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.lanemask.le : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.lanemask.lt",
        summary="Mask of lanes below",
        explanation="Reads a mask of lanes with id < the calling lane.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_lt;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.lanemask.lt : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.lanemask.ge",
        summary="Mask of lanes at or above",
        explanation="Reads a mask of lanes with id >= the calling lane.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_ge;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.lanemask.ge : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.lanemask.gt",
        summary="Mask of lanes above",
        explanation="Reads a mask of lanes with id > the calling lane.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u32 %r, %lanemask_gt;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.lanemask.gt : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.clusterid.x",
        summary="Cluster index in the grid (x)",
        explanation=(
            "Reads the PTX special register holding the cluster index within the grid along x."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %clusterid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.clusterid.x : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.clusterid.y",
        summary="Cluster index in the grid (y)",
        explanation=(
            "Reads the PTX special register holding the cluster index within the grid along y."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %clusterid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.clusterid.y : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.clusterid.z",
        summary="Cluster index in the grid (z)",
        explanation=(
            "Reads the PTX special register holding the cluster index within the grid along z."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %clusterid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.clusterid.z : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nclusterid.x",
        summary="Grid size in clusters (x)",
        explanation=(
            "Reads the PTX special register holding the number of clusters in the grid along x."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %nclusterid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nclusterid.x : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nclusterid.y",
        summary="Grid size in clusters (y)",
        explanation=(
            "Reads the PTX special register holding the number of clusters in the grid along y."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %nclusterid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nclusterid.y : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.nclusterid.z",
        summary="Grid size in clusters (z)",
        explanation=(
            "Reads the PTX special register holding the number of clusters in the grid along z."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %nclusterid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.nclusterid.z : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.ctaid.x",
        summary="CTA index in the cluster (x)",
        explanation=(
            "Reads the PTX special register holding the CTA index within its cluster along x."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %cluster_ctaid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.ctaid.x : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.ctaid.y",
        summary="CTA index in the cluster (y)",
        explanation=(
            "Reads the PTX special register holding the CTA index within its cluster along y."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %cluster_ctaid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.ctaid.y : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.ctaid.z",
        summary="CTA index in the cluster (z)",
        explanation=(
            "Reads the PTX special register holding the CTA index within its cluster along z."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %cluster_ctaid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.ctaid.z : i32`; LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.nctaid.x",
        summary="Cluster size in CTAs (x)",
        explanation=(
            "Reads the PTX special register holding the number of CTAs per cluster along x."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %cluster_nctaid.x;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.nctaid.x : i32`; LLVM 22 accepts an "
            "optional `range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.nctaid.y",
        summary="Cluster size in CTAs (y)",
        explanation=(
            "Reads the PTX special register holding the number of CTAs per cluster along y."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %cluster_nctaid.y;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.nctaid.y : i32`; LLVM 22 accepts an "
            "optional `range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.nctaid.z",
        summary="Cluster size in CTAs (z)",
        explanation=(
            "Reads the PTX special register holding the number of CTAs per cluster along z."
        ),
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %cluster_nctaid.z;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.nctaid.z : i32`; LLVM 22 accepts an "
            "optional `range <i32, lo, hi>` before the attribute dictionary to bound the value."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.ctarank",
        summary="Linear CTA rank in the cluster",
        explanation="Reads the CTA's linear rank within its cluster.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees (sm_90, PTX 7.8).",
        ),
        ptx=(
            "mov.u32 %r, %cluster_ctarank;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.ctarank : i32`. LLVM 22 accepts an optional "
            "`range <i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.cluster.nctarank",
        summary="CTAs per cluster (linear)",
        explanation="Reads the number of CTAs in the cluster.",
        attributes=(
            AttributeFact("range", "#llvm.constant_range", optional=True),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "(`range` $range^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS marks only some cluster registers with NVVMRequiresSM<90>; this one carries "
                "no annotation, but ptxas rejects the register below .target sm_90 and below PTX "
                "7.8 (ptxas wins)."
            ),
        ),
        ptx=(
            "mov.u32 %r, %cluster_nctarank;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%v = nvvm.read.ptx.sreg.cluster.nctarank : i32`. LLVM 22 accepts an "
            "optional `range <i32, lo, hi>` before the attribute dictionary."
        ),
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.clock",
        summary="32-bit cycle counter",
        explanation="Reads a per-SM 32-bit clock counter.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "mov.u32 %r, %clock;",
        ),
        note="Example: `%v = nvvm.read.ptx.sreg.clock : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.clock64",
        summary="64-bit cycle counter",
        explanation="Reads a per-SM 64-bit clock counter.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "mov.u64 %rd, %clock64;",
        ),
        note="Example: `%v = nvvm.read.ptx.sreg.clock64 : i64`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.globaltimer",
        summary="Global nanosecond timer",
        explanation="Reads a 64-bit global timer in nanoseconds.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_30", "3.1"),
        ptx=(
            "mov.u64 %rd, %globaltimer;",
        ),
        note="Example: `%v = nvvm.read.ptx.sreg.globaltimer : i64`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.globaltimer.lo",
        summary="Global timer, low 32 bits",
        explanation="Reads the low 32 bits of the global nanosecond timer.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_30", "3.1"),
        ptx=(
            "mov.u32 %r, %globaltimer_lo;",
        ),
        note="Example: `%v = nvvm.read.ptx.sreg.globaltimer.lo : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.total.smem.size",
        summary="Total shared memory of the CTA",
        explanation="Reads the shared memory size (static plus dynamic) allocated to the CTA.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "4.1"),
        ptx=(
            "mov.u32 %r, %total_smem_size;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.total.smem.size : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.dynamic.smem.size",
        summary="Dynamic shared memory of the CTA",
        explanation="Reads the dynamically allocated shared memory size of the CTA.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "4.1"),
        ptx=(
            "mov.u32 %r, %dynamic_smem_size;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.dynamic.smem.size : i32`.",
    ),
    OpFacts(
        name="nvvm.read.ptx.sreg.aggr.smem.size",
        summary="Aggregate shared memory of the CTA",
        explanation="Reads the total shared memory including the driver-reserved part.",
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.1",
            "ODS: NVVMRequiresSM<90>; ptxas: sm_90 and PTX 8.1.",
        ),
        ptx=(
            "mov.u32 %r, %aggr_smem_size;",
        ),
        traits=("Pure",),
        note="Example: `%v = nvvm.read.ptx.sreg.aggr.smem.size : i32`.",
    ),
    OpFacts(
        name="nvvm.barrier0",
        summary="CTA-wide barrier 0",
        explanation="Waits until every thread of the CTA reaches barrier 0.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_10",
            "1.0",
            (
                "Lowers to the aligned CTA barrier with id 0 (`bar.sync 0`, all targets). The "
                "`barrier.sync.aligned` spelling of the same instruction needs PTX 6.0 and the "
                "`barrier.cta.*` spelling PTX 7.8 (ptxas)."
            ),
        ),
        ptx=(
            "bar.sync 0;",
        ),
        note="Example: `nvvm.barrier0`.",
    ),
    OpFacts(
        name="nvvm.barrier",
        summary="CTA-wide barrier with id, thread count or reduction",
        explanation=(
            "Synchronises the CTA on a named barrier, optionally for a subset of threads; LLVM 22 "
            "can also reduce an i32 predicate across the participants (popc/and/or) and return the "
            "result."
        ),
        operands=(
            OperandFact("barrierId", "i32", optional=True),
            OperandFact("numberOfThreads", "i32", optional=True),
            OperandFact("reductionPredicate", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "reductionOp",
                "enum",
                enum=("popc", "and", "or"),
                enum_attr="#nvvm.reduction",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "i32", optional=True),
        ),
        formats=(
            (
                "(`id` `=` $barrierId^)? (`number_of_threads` `=` $numberOfThreads^)? "
                "(qualified($reductionOp)^ $reductionPredicate)? (`->` type($res)^)? attr-dict"
            ),
        ),
        requirement=Requirement(
            "sm_10",
            "1.0",
            (
                "Plain and counted forms are `bar.sync` (all targets). The reduction form "
                "(`popc`/`and`/`or` with a predicate, LLVM 22) is `bar.red`, which ptxas accepts "
                "from sm_20 and PTX 2.0."
            ),
        ),
        ptx=(
            "bar.sync id{, count};",
            "bar.red.popc.u32 / bar.red.{and,or}.pred",
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Examples: `nvvm.barrier`, `nvvm.barrier id = %id number_of_threads = %n`, LLVM 22: "
            "`%r = nvvm.barrier #nvvm.reduction<popc> %pred -> i32`."
        ),
    ),
    OpFacts(
        name="nvvm.barrier.arrive",
        summary="Arrive at a CTA barrier without waiting",
        explanation="Signals arrival at a named barrier for a given thread count and continues.",
        operands=(
            OperandFact("barrierId", "i32", optional=True),
            OperandFact("numberOfThreads", "i32"),
        ),
        formats=(
            "(`id` `=` $barrierId^)? `number_of_threads` `=` $numberOfThreads attr-dict",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "bar.arrive id, count;",
        ),
        note="Example: `nvvm.barrier.arrive id = %id number_of_threads = %n`.",
    ),
    OpFacts(
        name="nvvm.cluster.arrive",
        summary="Arrive at the cluster barrier",
        explanation="Marks the thread's arrival at the cluster-wide barrier (release semantics).",
        attributes=(
            AttributeFact("aligned", "unit", optional=True),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "ODS carries no NVVMRequiresSM annotation on this op, but ptxas needs sm_90 and "
                "PTX 7.8 for barrier.cluster.arrive (ptxas wins)."
            ),
        ),
        ptx=(
            "barrier.cluster.arrive{.aligned};",
        ),
        note="Example: `nvvm.cluster.arrive {aligned}`.",
    ),
    OpFacts(
        name="nvvm.cluster.arrive.relaxed",
        summary="Arrive at the cluster barrier (relaxed)",
        explanation="Like cluster.arrive but without memory-ordering guarantees.",
        attributes=(
            AttributeFact("aligned", "unit", optional=True),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "ODS: NVVMRequiresSM<90>. ptxas: the `.relaxed` modifier needs PTX 8.0.",
        ),
        ptx=(
            "barrier.cluster.arrive.relaxed{.aligned};",
        ),
        note="Example: `nvvm.cluster.arrive.relaxed`.",
    ),
    OpFacts(
        name="nvvm.cluster.wait",
        summary="Wait at the cluster barrier",
        explanation="Waits until all threads of the cluster arrived.",
        attributes=(
            AttributeFact("aligned", "unit", optional=True),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees.",
        ),
        ptx=(
            "barrier.cluster.wait{.aligned};",
        ),
        note="Example: `nvvm.cluster.wait {aligned}`.",
    ),
    OpFacts(
        name="nvvm.fence.sc.cluster",
        summary="Sequentially consistent cluster fence",
        explanation="Orders memory accesses at cluster scope.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "No ODS annotation; ptxas needs sm_90/PTX 7.8 for the .cluster scope.",
        ),
        ptx=(
            "fence.sc.cluster;",
        ),
        note="Example: `nvvm.fence.sc.cluster`.",
    ),
    OpFacts(
        name="nvvm.memory.barrier",
        summary="Memory barrier at a scope",
        explanation=(
            "Makes prior memory accesses of the thread visible at the given scope (cta, cluster, "
            "gpu, sys)."
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
            ),
        ),
        formats=(
            "$scope attr-dict",
        ),
        requirement=Requirement(
            "sm_10",
            "1.4",
            (
                "`cta` and `gpu` scopes are membar.cta/membar.gl (PTX 1.4); `sys` is membar.sys "
                "(sm_20, PTX 2.0); `cluster` is fence.sc.cluster (sm_90, PTX 7.8)."
            ),
        ),
        ptx=(
            "membar.cta;",
            "membar.gl;",
            "membar.sys;",
            "fence.sc.cluster;",
        ),
        note="Example: `nvvm.memory.barrier #nvvm.mem_scope<gpu>`.",
    ),
    OpFacts(
        name="nvvm.fence.proxy",
        summary="Proxy fence",
        explanation=(
            "Orders accesses made through different memory proxies (generic vs. async or alias)."
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
            ),
            AttributeFact(
                "space",
                "enum",
                enum=("cta", "cluster"),
                enum_attr="#nvvm.shared_space",
                optional=True,
            ),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_70",
            "7.5",
            (
                "`alias` needs sm_70/PTX 7.5; the `async`, `async.global` and `async.shared` kinds "
                "need sm_90/PTX 8.0 (ptxas). ODS carries no annotation."
            ),
        ),
        ptx=(
            "fence.proxy.alias;",
            "fence.proxy.async{.global,.shared::{cta,cluster}};",
        ),
        note=(
            "The kind lives in the attribute dictionary: `nvvm.fence.proxy {kind = "
            "#nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}`."
        ),
    ),
    OpFacts(
        name="nvvm.fence.proxy.acquire",
        summary="Acquire-side tensormap proxy fence",
        explanation=(
            "One-directional fence that makes generic-proxy writes to a tensor map visible to the "
            "tensormap proxy."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<0>"),
            OperandFact("size", "i32"),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
            ),
            AttributeFact(
                "fromProxy",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
                default="generic",
                optional=True,
            ),
            AttributeFact(
                "toProxy",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
                default="tensormap",
                optional=True,
            ),
        ),
        formats=(
            (
                "$scope $addr `,` $size (`from_proxy` `=` $fromProxy^)? (`to_proxy` `=` "
                "$toProxy^)? attr-dict"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.3",
            (
                "ptxas: uni-directional proxy fences need sm_90 and PTX 8.3; ODS carries no "
                "annotation."
            ),
        ),
        ptx=(
            "fence.proxy.tensormap::generic.acquire.<scope> [addr], 128;",
        ),
        note="Example: `nvvm.fence.proxy.acquire #nvvm.mem_scope<sys> %desc, %c128`.",
    ),
    OpFacts(
        name="nvvm.fence.proxy.release",
        summary="Release-side tensormap proxy fence",
        explanation=(
            "One-directional fence pairing with fence.proxy.acquire for tensor-map updates."
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
            ),
            AttributeFact(
                "fromProxy",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
                default="generic",
                optional=True,
            ),
            AttributeFact(
                "toProxy",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
                default="tensormap",
                optional=True,
            ),
        ),
        formats=(
            "$scope (`from_proxy` `=` $fromProxy^)? (`to_proxy` `=` $toProxy^)? attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.3",
            (
                "ptxas: uni-directional proxy fences need sm_90 and PTX 8.3; ODS carries no "
                "annotation."
            ),
        ),
        ptx=(
            "fence.proxy.tensormap::generic.release.<scope>;",
        ),
        note="Example: `nvvm.fence.proxy.release #nvvm.mem_scope<cta>`.",
    ),
    OpFacts(
        name="nvvm.fence.mbarrier.init",
        summary="Fence after mbarrier initialisation",
        explanation=(
            "Makes prior mbarrier.init operations visible to the cluster before other threads use "
            "the barriers."
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation; ptxas needs sm_90/PTX 8.0.",
        ),
        ptx=(
            "fence.mbarrier_init.release.cluster;",
        ),
        note="Example: `nvvm.fence.mbarrier.init`.",
    ),
    OpFacts(
        name="nvvm.fence.sync_restrict",
        summary="Restricted acquire/release fence",
        explanation=(
            "Fence limited to shared memory of the cluster/CTA, pairing with mbarrier-based "
            "synchronisation."
        ),
        attributes=(
            AttributeFact(
                "order",
                "enum",
                enum=("weak", "relaxed", "acquire", "release", "acq_rel", "sc", "mmio", "volatile"),
                enum_attr="#nvvm.mem_order",
            ),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.6",
            "ptxas: `.sync_restrict` needs sm_90 and PTX 8.6.",
        ),
        ptx=(
            "fence.{acquire,release}.sync_restrict::shared::{cluster,cta}.cluster;",
        ),
        note="Example: `nvvm.fence.sync_restrict {order = #nvvm.mem_order<acquire>}`.",
    ),
    OpFacts(
        name="nvvm.fence.proxy.sync_restrict",
        summary="Restricted proxy fence",
        explanation=(
            "Proxy fence limited to shared memory, ordering generic accesses against the async "
            "proxy."
        ),
        attributes=(
            AttributeFact(
                "order",
                "enum",
                enum=("weak", "relaxed", "acquire", "release", "acq_rel", "sc", "mmio", "volatile"),
                enum_attr="#nvvm.mem_order",
            ),
            AttributeFact(
                "fromProxy",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
                default="generic",
                optional=True,
            ),
            AttributeFact(
                "toProxy",
                "enum",
                enum=("alias", "async", "async.global", "async.shared", "tensormap", "generic"),
                enum_attr="#nvvm.proxy_kind",
                default="async",
                optional=True,
            ),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.6",
            "ptxas: `.sync_restrict` needs sm_90 and PTX 8.6.",
        ),
        ptx=(
            (
                "fence.proxy.async::generic.{acquire,release}."
                "sync_restrict::shared::{cluster,cta}.cluster;"
            ),
        ),
        note="Example: `nvvm.fence.proxy.sync_restrict {order = #nvvm.mem_order<release>}`.",
    ),
    OpFacts(
        name="nvvm.setmaxregister",
        summary="Change the per-thread register budget",
        explanation=(
            "Raises or lowers the maximum registers of the warps in a warpgroup (warp "
            "specialisation)."
        ),
        attributes=(
            AttributeFact("regCount", "i32"),
            AttributeFact(
                "action",
                "enum",
                enum=("decrease", "increase"),
                enum_attr="#nvvm.action",
            ),
        ),
        formats=(
            "$action $regCount attr-dict",
        ),
        requirement=Requirement(
            "sm_90a",
            "8.0",
            (
                "No ODS annotation. ptxas 13.0 accepts setmaxnreg on sm_90a (PTX 8.0) and on the "
                "sm_100f (sm_100a from 8.6, sm_100f/103a/103f from 8.8), sm_110f (sm_110a/110f, 9.0) "
                "and sm_120f (sm_120a from 8.7, sm_120f/121a/121f from 8.8) families, never on a "
                "plain target."
            ),
            also=(("sm_100f", "8.6"), ("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "setmaxnreg.{inc,dec}.sync.aligned.u32 N;",
        ),
        note="Example: `nvvm.setmaxregister increase 232`.",
    ),
    OpFacts(
        name="nvvm.griddepcontrol",
        summary="Programmatic dependent launch control",
        explanation=(
            "Waits for prerequisite grids (`wait`) or lets dependent grids start "
            "(`launch_dependents`)."
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("wait", "launch_dependents"),
                enum_attr="#nvvm.grid_dep_action",
            ),
        ),
        formats=(
            "$kind attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "No ODS annotation; ptxas needs sm_90/PTX 7.8.",
        ),
        ptx=(
            "griddepcontrol.wait;",
            "griddepcontrol.launch_dependents;",
        ),
        note="Example: `nvvm.griddepcontrol wait`.",
    ),
    OpFacts(
        name="nvvm.shfl.sync",
        summary="Warp shuffle",
        explanation=(
            "Exchanges a 32-bit value between lanes of a warp (bfly, up, down, idx), optionally "
            "also returning a validity flag."
        ),
        operands=(
            OperandFact("thread_mask", "i32"),
            OperandFact("val", "i32|f32"),
            OperandFact("offset", "i32"),
            OperandFact("mask_and_clamp", "i32"),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("bfly", "up", "down", "idx"),
                enum_attr="#nvvm.shfl_kind",
            ),
            AttributeFact("return_value_and_is_valid", "unit", optional=True),
        ),
        results=(
            ResultFact("res", "i32|f32|!llvm.struct"),
        ),
        formats=(
            (
                "$kind $thread_mask `,` $val `,` $offset `,` $mask_and_clamp attr-dict `:` "
                "type($val) `->` type($res)"
            ),
        ),
        requirement=Requirement(
            "sm_30",
            "6.0",
            "ODS: NVVMRequiresSM<30>; ptxas agrees (PTX 6.0).",
        ),
        ptx=(
            "shfl.sync.{bfly,up,down,idx}.b32 d{|p}, a, b, c, mask;",
        ),
        note=(
            "Example: `%r = nvvm.shfl.sync bfly %mask, %v, %off, %clamp : f32 -> f32`; with "
            "`{return_value_and_is_valid}` the result is `!llvm.struct<(f32, i1)>`."
        ),
    ),
    OpFacts(
        name="nvvm.vote.sync",
        summary="Warp vote",
        explanation="Evaluates a predicate across the warp (any, all, uni, ballot).",
        operands=(
            OperandFact("mask", "i32"),
            OperandFact("pred", "i1"),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("any", "all", "ballot", "uni"),
                enum_attr="#nvvm.vote_sync_kind",
            ),
        ),
        results=(
            ResultFact("res", "i32|i1"),
        ),
        formats=(
            "$kind $mask `,` $pred attr-dict `->` type($res)",
        ),
        requirement=Requirement("sm_30", "6.0"),
        ptx=(
            "vote.sync.{any,all,uni}.pred d, p, mask;",
            "vote.sync.ballot.b32 d, p, mask;",
        ),
        note="Example: `%b = nvvm.vote.sync ballot %mask, %p -> i32`; any/all/uni return i1.",
    ),
    OpFacts(
        name="nvvm.vote.ballot.sync",
        summary="Warp ballot (removed op)",
        explanation="Returns a mask of lanes whose predicate is true.",
        operands=(
            OperandFact("mask", "llvm-compatible"),
            OperandFact("pred", "llvm-compatible"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        requirement=Requirement("sm_30", "6.0"),
        ptx=(
            "vote.sync.ballot.b32 d, p, mask;",
        ),
        note=(
            "Hand-written parser (LLVM 19): `%b = nvvm.vote.ballot.sync %mask, %pred : i32`. LLVM "
            "22 replaced it by nvvm.vote.sync ballot. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.bar.warp.sync",
        summary="Warp barrier",
        explanation="Waits until all lanes named in the mask reach the barrier.",
        operands=(
            OperandFact("mask", "i32"),
        ),
        formats=(
            "$mask attr-dict `:` type($mask)",
        ),
        requirement=Requirement("sm_30", "6.0"),
        ptx=(
            "bar.warp.sync mask;",
        ),
        note="Example: `nvvm.bar.warp.sync %mask : i32`.",
    ),
    OpFacts(
        name="nvvm.elect.sync",
        summary="Elect one lane",
        explanation="Returns true in exactly one active lane of the mask.",
        operands=(
            OperandFact("membermask", "i32", optional=True),
        ),
        results=(
            ResultFact("pred", "i1"),
        ),
        formats=(
            "($membermask^)? attr-dict `->` type(results)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation; ptxas needs sm_90/PTX 8.0.",
        ),
        ptx=(
            "elect.sync d|p, mask;",
        ),
        note=(
            "Example: `%leader = nvvm.elect.sync -> i1` (LLVM 22 also accepts an explicit i32 "
            "member mask operand)."
        ),
    ),
    OpFacts(
        name="nvvm.match.sync",
        summary="Warp value matching",
        explanation=(
            "Finds lanes holding the same 32/64-bit value (any) or checks that all do (all, with a "
            "predicate)."
        ),
        operands=(
            OperandFact("thread_mask", "i32"),
            OperandFact("val", "i32|i64"),
        ),
        attributes=(
            AttributeFact("kind", "enum", enum=("any", "all"), enum_attr="#nvvm.match_sync_kind"),
        ),
        results=(
            ResultFact("res", "i32|!llvm.struct"),
        ),
        formats=(
            "$kind $thread_mask `,` $val attr-dict `:` type($val) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_70",
            "6.0",
            "No ODS annotation; ptxas needs sm_70/PTX 6.0.",
        ),
        ptx=(
            "match.{any,all}.sync.{b32,b64} d{|p}, a, mask;",
        ),
        note="Example: `%m = nvvm.match.sync any %mask, %v : i32 -> i32`.",
    ),
    OpFacts(
        name="nvvm.redux.sync",
        summary="Warp reduction",
        explanation=(
            "Reduces a 32-bit value across the lanes of the mask and returns it to every lane."
        ),
        operands=(
            OperandFact("val", "i32|f32"),
            OperandFact("mask_and_clamp", "i32"),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("add", "and", "max", "min", "or", "umax", "umin", "xor", "fmin", "fmax"),
                enum_attr="#nvvm.redux_kind",
            ),
            AttributeFact("abs", "bool", default="false", optional=True),
            AttributeFact("nan", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i32|f32"),
        ),
        formats=(
            "$kind $val `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "ODS: NVVMRequiresSM<80> (integer kinds). The f32 `fmin`/`fmax` kinds (and "
                "`abs`/`nan`) need sm_100a (also sm_100f, sm_103a) and PTX 8.6 per ptxas."
            ),
        ),
        ptx=(
            "redux.sync.{add,min,max,and,or,xor}.{s32,u32,b32} d, a, mask;",
            "redux.sync.{min,max}{.abs}{.NaN}.f32 d, a, mask;",
        ),
        traits=("AllTypesMatch<res, val>",),
        note="Example: `%s = nvvm.redux.sync add %v, %mask : i32 -> i32`.",
    ),
    OpFacts(
        name="nvvm.nanosleep",
        summary="Suspend the thread",
        explanation="Sleeps for approximately the given number of nanoseconds.",
        operands=(
            OperandFact("duration", "i32"),
        ),
        formats=(
            "attr-dict $duration",
        ),
        requirement=Requirement(
            "sm_70",
            "6.2",
            (
                "The PTX ISA manual introduces nanosleep in PTX 6.3, but ptxas 13.0 already "
                "accepts it at .version 6.2 (ptxas wins)."
            ),
        ),
        ptx=(
            "nanosleep.u32 t;",
        ),
        note=(
            "LLVM 22 takes the duration as an i32 SSA operand: `nvvm.nanosleep %ns`. Later "
            "upstream turned it into an integer attribute with the same format (`nvvm.nanosleep "
            "100`), so a literal there is also plausible input."
        ),
    ),
    OpFacts(
        name="nvvm.rcp.approx.ftz.f",
        summary="Approximate reciprocal (flush to zero)",
        explanation="Computes an approximate 1/x for f32 with denormals flushed.",
        operands=(
            OperandFact("arg", "f32"),
        ),
        results=(
            ResultFact("res", "f32"),
        ),
        formats=(
            "$arg attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_10", "1.4"),
        ptx=(
            "rcp.approx.ftz.f32 d, a;",
        ),
        traits=("Pure",),
        note="Example: `%r = nvvm.rcp.approx.ftz.f %x : f32`.",
    ),
    OpFacts(
        name="nvvm.prmt",
        summary="Byte permute",
        explanation=(
            "Selects bytes from two 32-bit values into a result according to a selector and mode."
        ),
        operands=(
            OperandFact("lo", "i32"),
            OperandFact("hi", "i32", optional=True),
            OperandFact("selector", "i32"),
        ),
        attributes=(
            AttributeFact(
                "mode",
                "enum",
                enum=("default", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"),
                enum_attr="#nvvm.permute_mode",
            ),
        ),
        results=(
            ResultFact("res", "i32"),
        ),
        formats=(
            "$mode $selector `,` $lo (`,` $hi^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement("sm_20", "2.0"),
        ptx=(
            "prmt.b32{.mode} d, a, b, c;",
        ),
        traits=("Pure",),
        note="Example: `%r = nvvm.prmt #nvvm.permute_mode<default> %sel, %lo, %hi : i32`.",
    ),
    OpFacts(
        name="nvvm.dot.accumulate.4way",
        summary="Four-way byte dot product",
        explanation=(
            "Dot product of two 4 x 8-bit vectors accumulated into a 32-bit integer (dp4a)."
        ),
        operands=(
            OperandFact("a", "vector<4xi8>"),
            OperandFact("b", "vector<4xi8>"),
            OperandFact("c", "i32"),
        ),
        attributes=(
            AttributeFact(
                "a_type",
                "enum",
                enum=("signed", "unsigned"),
                enum_attr="#nvvm.dot_accumulate_type",
            ),
            AttributeFact(
                "b_type",
                "enum",
                enum=("signed", "unsigned"),
                enum_attr="#nvvm.dot_accumulate_type",
            ),
        ),
        results=(
            ResultFact("res", "i32"),
        ),
        formats=(
            "$a $a_type `,` $b $b_type `,` $c attr-dict `:` type($a) `,` type($b)",
        ),
        requirement=Requirement("sm_61", "5.0"),
        ptx=(
            "dp4a.{u32,s32}.{u32,s32} d, a, b, c;",
        ),
        note=(
            "Example: `%r = nvvm.dot.accumulate.4way %a <signed>, %b <signed>, %c : vector<4xi8>, "
            "vector<4xi8>`."
        ),
    ),
    OpFacts(
        name="nvvm.dot.accumulate.2way",
        summary="Two-way 16x8-bit dot product",
        explanation=(
            "Dot product of 2 x 16-bit with half of 4 x 8-bit elements, accumulated into 32 bits "
            "(dp2a)."
        ),
        operands=(
            OperandFact("a", "vector<2xi16>"),
            OperandFact("b", "vector<4xi8>"),
            OperandFact("c", "i32"),
        ),
        attributes=(
            AttributeFact(
                "a_type",
                "enum",
                enum=("signed", "unsigned"),
                enum_attr="#nvvm.dot_accumulate_type",
            ),
            AttributeFact(
                "b_type",
                "enum",
                enum=("signed", "unsigned"),
                enum_attr="#nvvm.dot_accumulate_type",
            ),
            AttributeFact("b_hi", "bool"),
        ),
        results=(
            ResultFact("res", "i32"),
        ),
        formats=(
            "$a $a_type `,` $b $b_type `,` $c attr-dict `:` type($a) `,` type($b)",
        ),
        requirement=Requirement("sm_61", "5.0"),
        ptx=(
            "dp2a.{lo,hi}.{u32,s32}.{u32,s32} d, a, b, c;",
        ),
        note=(
            "Example: `%r = nvvm.dot.accumulate.2way %a <unsigned>, %b <signed>, %c {b_hi = false} "
            ": vector<2xi16>, vector<4xi8>`."
        ),
    ),
    OpFacts(
        name="nvvm.exit",
        summary="Terminate the thread",
        explanation="Ends execution of the calling thread.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement("sm_10", "1.0"),
        ptx=(
            "exit;",
        ),
        note="Example: `nvvm.exit`.",
    ),
    OpFacts(
        name="nvvm.breakpoint",
        summary="Debugger breakpoint",
        explanation="Suspends execution for an attached debugger.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement("sm_11", "1.0"),
        ptx=(
            "brkpt;",
        ),
        note="Example: `nvvm.breakpoint`.",
    ),
    OpFacts(
        name="nvvm.pmevent",
        summary="Trigger performance-monitor events",
        explanation="Signals one event by index or several by mask.",
        attributes=(
            AttributeFact("maskedEventId", "i16", optional=True),
            AttributeFact("eventId", "i32", optional=True),
        ),
        formats=(
            "attr-dict (`id` `=` $eventId^)? (`mask` `=` $maskedEventId^)?",
        ),
        requirement=Requirement(
            "sm_10",
            "1.4",
            "The `mask` form (pmevent.mask) needs sm_20 and PTX 3.0.",
        ),
        ptx=(
            "pmevent id;",
            "pmevent.mask mask;",
        ),
        note="Examples: `nvvm.pmevent id = 3`, `nvvm.pmevent mask = 5`.",
    ),
    OpFacts(
        name="nvvm.mapa",
        summary="Map a shared address to another CTA of the cluster",
        explanation=(
            "Translates a shared-memory address to the corresponding address in a target CTA of "
            "the cluster."
        ),
        operands=(
            OperandFact("a", "!llvm.ptr<0|3>"),
            OperandFact("b", "i32"),
        ),
        results=(
            ResultFact("res", "!llvm.ptr<0|7>"),
        ),
        formats=(
            "$a`,` $b attr-dict `:` type($a) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            "ODS: NVVMRequiresSM<90>; ptxas agrees.",
        ),
        ptx=(
            "mapa{.shared::cluster}.{u32,u64} d, a, b;",
        ),
        note="Example: `%p = nvvm.mapa %a, %rank : !llvm.ptr<3> -> !llvm.ptr<7>`.",
    ),
    OpFacts(
        name="nvvm.st.bulk",
        summary="Bulk zero-initialisation of memory",
        explanation="Sets a range of bytes (multiple of 8) to zero.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("size", "i64"),
        ),
        attributes=(
            AttributeFact("initVal", "i64", default="0", optional=True),
        ),
        formats=(
            "$addr `,` `size` `=` $size (`,` `init` `=` $initVal^)? attr-dict `:` type($addr)",
        ),
        requirement=Requirement(
            "sm_100",
            "8.6",
            "No ODS annotation; ptxas needs sm_100 (no `a` needed) and PTX 8.6.",
        ),
        ptx=(
            "st.bulk.weak{.shared::cta} [a], size, 0;",
        ),
        note="Example: `nvvm.st.bulk %p, size = %n : !llvm.ptr<3>`.",
    ),
    OpFacts(
        name="nvvm.clusterlaunchcontrol.try.cancel",
        summary="Try to cancel a pending cluster launch",
        explanation=(
            "Asynchronously asks to cancel a not-yet-started cluster, writing a 16-byte response "
            "to shared memory tracked by an mbarrier."
        ),
        operands=(
            OperandFact("smemAddress", "!llvm.ptr<3>"),
            OperandFact("mbarrier", "!llvm.ptr<3>"),
        ),
        attributes=(
            AttributeFact("multicast", "unit", optional=True),
        ),
        formats=(
            "(`multicast` $multicast^ `,`)? $smemAddress `,` $mbarrier attr-dict",
        ),
        requirement=Requirement(
            "sm_100",
            "8.6",
            "ODS: NVVMRequiresSM<100>; ptxas agrees.",
        ),
        ptx=(
            (
                "clusterlaunchcontrol.try_cancel.async{.multicast::cluster::all}.shared::cta."
                "mbarrier::complete_tx::bytes.b128 [a], [mbar];"
            ),
        ),
        note="Example: `nvvm.clusterlaunchcontrol.try.cancel %resp, %mbar`.",
    ),
    OpFacts(
        name="nvvm.clusterlaunchcontrol.query.cancel",
        summary="Decode a cancel response",
        explanation=(
            "Reads whether a try.cancel succeeded or the first CTA id of the cancelled cluster."
        ),
        operands=(
            OperandFact("try_cancel_response", "i128"),
        ),
        attributes=(
            AttributeFact(
                "query_type",
                "enum",
                enum=(
                    "is_canceled", "get_first_cta_id_x", "get_first_cta_id_y", "get_first_cta_id_z",
                ),
                enum_attr="#nvvm.cluster_launch_control_query_type",
            ),
        ),
        results=(
            ResultFact("res", "i1|i32"),
        ),
        formats=(
            "`query` `=` $query_type `,` $try_cancel_response attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_100",
            "8.6",
            "ODS: NVVMRequiresSM<100>; ptxas agrees.",
        ),
        ptx=(
            (
                "clusterlaunchcontrol.query_cancel.{is_canceled.pred,get_first_ctaid::{x,y,z}."
                "b32}.b128 d, r;"
            ),
        ),
        note=(
            "Example: `%ok = nvvm.clusterlaunchcontrol.query.cancel query = is_canceled, %resp : "
            "i1`."
        ),
    ),
    OpFacts(
        name="nvvm.inline_ptx",
        summary="Inline PTX escape hatch",
        explanation=(
            "Embeds a PTX snippet with read-only, read-write and write-only operands and an "
            "optional predicate."
        ),
        operands=(
            OperandFact("readOnlyArgs", "any", variadic=True),
            OperandFact("readWriteArgs", "any", variadic=True),
            OperandFact("predicate", "i1", optional=True),
        ),
        attributes=(
            AttributeFact("ptxCode", "string"),
        ),
        results=(
            ResultFact("writeOnlyArgs", "any", variadic=True),
        ),
        formats=(
            (
                "$ptxCode ( `ro` `(` $readOnlyArgs^ `:` type($readOnlyArgs) `)` )? ( `rw` `(` "
                "$readWriteArgs^ `:` type($readWriteArgs) `)` )? (`,` `predicate` `=` "
                "$predicate^)? attr-dict ( `->` type($writeOnlyArgs)^ )?"
            ),
        ),
        requirement=Requirement(
            "sm_10",
            "1.0",
            (
                "The floor depends entirely on the embedded PTX text; nothing can be gated from "
                "the op itself."
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note="Example: `%r = nvvm.inline_ptx \"mov.b32 $0, $1;\" ro(%x : i32) -> i32`.",
    ),
    OpFacts(
        name="nvvm.cp.async.shared.global",
        summary="Asynchronous global-to-shared copy",
        explanation=(
            "Starts a 4/8/16-byte copy from global to shared memory that completes asynchronously "
            "(cp.async)."
        ),
        operands=(
            OperandFact("dst", "!llvm.ptr<3>"),
            OperandFact("src", "!llvm.ptr<1>"),
            OperandFact("cpSize", "i32", optional=True),
        ),
        attributes=(
            AttributeFact("size", "i32"),
            AttributeFact(
                "modifier",
                "enum",
                enum=("ca", "cg", "cs", "lu", "cv"),
                enum_attr="#nvvm.load_cache_modifier",
            ),
        ),
        formats=(
            (
                "$dst `,` $src `,` $size `,` `cache` `=` $modifier (`,` $cpSize^)? attr-dict `:` "
                "type(operands)"
            ),
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0.",
        ),
        ptx=(
            "cp.async.{ca,cg}.shared.global [dst], [src], size{, src_size};",
        ),
        note=(
            "Example: `nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, "
            "!llvm.ptr<1>`; an optional trailing i32 operand gives the source size (zero-filling "
            "the rest)."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.commit.group",
        summary="Commit pending cp.async copies",
        explanation="Groups all uncommitted cp.async copies of the thread.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.commit_group;",
        ),
        note="Example: `nvvm.cp.async.commit.group`.",
    ),
    OpFacts(
        name="nvvm.cp.async.wait.group",
        summary="Wait for cp.async groups",
        explanation="Waits until at most N committed groups are pending.",
        attributes=(
            AttributeFact("n", "i32"),
        ),
        formats=(
            "$n attr-dict",
        ),
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.wait_group n;",
        ),
        note="Example: `nvvm.cp.async.wait.group 0`.",
    ),
    OpFacts(
        name="nvvm.cp.async.mbarrier.arrive",
        summary="Track cp.async completion on an mbarrier",
        explanation="Makes an mbarrier observe completion of the thread's prior cp.async copies.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
        ),
        attributes=(
            AttributeFact("noinc", "i1", default="0", optional=True),
        ),
        formats=(
            "$addr attr-dict `:` type(operands)",
        ),
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.mbarrier.arrive{.noinc}{.shared}.b64 [addr];",
        ),
        note=(
            "Example: `nvvm.cp.async.mbarrier.arrive %bar : !llvm.ptr`; `{noinc = true}` skips the "
            "pending-count increment."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.mbarrier.arrive.shared",
        summary="Track cp.async completion (shared pointer, removed op)",
        explanation="Shared-address-space variant of cp.async.mbarrier.arrive.",
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
        ),
        attributes=(
            AttributeFact("noinc", "i1", default="0", optional=True),
        ),
        formats=(
            "$addr attr-dict `:` type(operands)",
        ),
        requirement=Requirement("sm_80", "7.0"),
        ptx=(
            "cp.async.mbarrier.arrive{.noinc}{.shared}.b64 [addr];",
        ),
        note=(
            "Example (LLVM 19): `nvvm.cp.async.mbarrier.arrive.shared %bar : !llvm.ptr<3>`. "
            "Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.init",
        summary="Initialise an mbarrier",
        explanation="Sets up an mbarrier object in shared memory with an expected arrival count.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("count", "i32"),
            OperandFact("predicate", "i1", optional=True),
        ),
        formats=(
            "$addr `,` $count (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.init{.shared}.b64 [addr], count;",
        ),
        note=(
            "Example: `nvvm.mbarrier.init %bar, %count : !llvm.ptr<3>, i32` (LLVM 22 accepts "
            "generic or shared pointers); an optional `, predicate = %p` guards it."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.init.shared",
        summary="Initialise an mbarrier (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.init from LLVM 17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
            OperandFact("count", "i32"),
            OperandFact("predicate", "i1", optional=True),
        ),
        formats=(
            "$addr `,` $count (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.init{.shared}.b64 [addr], count;",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.init, which accepts `!llvm.ptr<3>` directly. "
            "Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.inval",
        summary="Invalidate an mbarrier",
        explanation="Ends an mbarrier's life so its memory can be reused.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
        ),
        formats=(
            "$addr attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.inval{.shared}.b64 [addr];",
        ),
        note="Example: `nvvm.mbarrier.inval %bar : !llvm.ptr<3>`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.inval.shared",
        summary="Invalidate an mbarrier (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.inval from LLVM 17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
        ),
        formats=(
            "$addr attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.inval{.shared}.b64 [addr];",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.inval, which accepts `!llvm.ptr<3>` directly. "
            "Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive",
        summary="Arrive on an mbarrier",
        explanation="Records the thread's arrival and returns a state token for the current phase.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3|7>"),
            OperandFact("count", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
            AttributeFact("relaxed", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i64", optional=True),
        ),
        formats=(
            "$addr (`,` $count^)? attr-dict `:` type($addr) (`->` type($res)^)?",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. The LLVM "
                "22 form with a `count` operand needs sm_90/PTX 7.8. LLVM 22's `scope = cluster` "
                "emits `.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) and `relaxed = true` "
                "emits `.relaxed` (sm_90, PTX 8.6), per ptxas."
            ),
        ),
        ptx=(
            "mbarrier.arrive{.sem.scope}{.shared::cta}.b64 state, [addr]{, count};",
        ),
        note=(
            "Example: `%tok = nvvm.mbarrier.arrive %bar : !llvm.ptr -> i64`; LLVM 22 allows a "
            "count operand (`%bar, %n`) and omits the result for shared::cluster pointers."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive.shared",
        summary="Arrive on an mbarrier (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.arrive from LLVM 17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "$addr attr-dict `:` qualified(type($addr)) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.arrive.shared.b64 state, [addr];",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.arrive, which accepts `!llvm.ptr<3>` directly. "
            "Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive.nocomplete",
        summary="Arrive without completing the phase",
        explanation="Arrives with a count but never triggers phase completion.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("count", "i32"),
        ),
        results=(
            ResultFact("res", "i64"),
        ),
        formats=(
            "$addr `,` $count attr-dict `:` type(operands) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.arrive.noComplete{.shared}.b64 state, [addr], count;",
        ),
        note="Example: `%tok = nvvm.mbarrier.arrive.nocomplete %bar, %n : !llvm.ptr, i32 -> i64`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive.nocomplete.shared",
        summary="Arrive without completing (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.arrive.nocomplete from "
            "LLVM 17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
            OperandFact("count", "i32"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "$addr `,` $count attr-dict `:` type(operands) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.arrive.noComplete{.shared}.b64 state, [addr], count;",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.arrive.nocomplete, which accepts `!llvm.ptr<3>` "
            "directly. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive_drop",
        summary="Arrive and drop from future phases",
        explanation="Arrives and reduces the expected count of later phases.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3|7>"),
            OperandFact("count", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
            AttributeFact("relaxed", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i64", optional=True),
        ),
        formats=(
            "$addr (`,` $count^)? attr-dict `:` type($addr) (`->` type($res)^)?",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. LLVM 22's "
                "`scope = cluster` emits `.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) "
                "and `relaxed = true` emits `.relaxed` (sm_90, PTX 8.6), per ptxas."
            ),
        ),
        ptx=(
            "mbarrier.arrive_drop{.sem.scope}{.shared::cta}.b64 state, [addr]{, count};",
        ),
        note="Example: `%tok = nvvm.mbarrier.arrive_drop %bar : !llvm.ptr<3> -> i64`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive_drop.nocomplete",
        summary="Arrive-drop without completing the phase",
        explanation="Like arrive_drop with a count, never completing the phase.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("count", "i32"),
        ),
        results=(
            ResultFact("res", "i64"),
        ),
        formats=(
            "$addr `,` $count attr-dict `:` type(operands) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction.",
        ),
        ptx=(
            "mbarrier.arrive_drop.noComplete.b64 state, [addr], count;",
        ),
        note=(
            "Example: `%tok = nvvm.mbarrier.arrive_drop.nocomplete %bar, %n : !llvm.ptr<3>, i32 -> "
            "i64`."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive.expect_tx",
        summary="Expect bytes and arrive",
        explanation=(
            "Adds an expected transaction byte count to the current phase and arrives (used with "
            "TMA copies)."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3|7>"),
            OperandFact("txcount", "i32"),
            OperandFact("predicate", "i1", optional=True),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
            AttributeFact("relaxed", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i64", optional=True),
        ),
        formats=(
            (
                "$addr `,` $txcount (`,` `predicate` `=` $predicate^)? attr-dict `:` "
                "type(operands) (`->` type($res)^)?"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            (
                "No ODS annotation; ptxas needs sm_90 and PTX 8.0. With `relaxed = true` (LLVM 22) "
                "PTX 8.6."
            ),
        ),
        ptx=(
            "mbarrier.arrive.expect_tx{.sem.scope}{.shared::cta}.b64 _, [addr], txcount;",
        ),
        note=(
            "Example: `nvvm.mbarrier.arrive.expect_tx %bar, %bytes : !llvm.ptr<3>, i32`; LLVM 22 "
            "may return an i64 state (`-> i64`)."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive.expect_tx.shared",
        summary="Expect bytes and arrive (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.arrive.expect_tx from "
            "LLVM 17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
            OperandFact("txcount", "i32"),
            OperandFact("predicate", "i1", optional=True),
        ),
        formats=(
            "$addr `,` $txcount (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            (
                "No ODS annotation; ptxas needs sm_90 and PTX 8.0. With `relaxed = true` (LLVM 22) "
                "PTX 8.6."
            ),
        ),
        ptx=(
            "mbarrier.arrive.expect_tx{.sem.scope}{.shared::cta}.b64 _, [addr], txcount;",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.arrive.expect_tx, which accepts `!llvm.ptr<3>` "
            "directly. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.arrive_drop.expect_tx",
        summary="Expect bytes and arrive-drop",
        explanation="Adds expected transaction bytes and performs an arrive_drop.",
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3|7>"),
            OperandFact("txcount", "i32"),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
            AttributeFact("relaxed", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i64", optional=True),
        ),
        formats=(
            "$addr `,` $txcount attr-dict `:` type(operands) (`->` type($res)^)?",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            "mbarrier.arrive_drop.expect_tx{.sem.scope}{.shared::cta}.b64 _, [addr], txcount;",
        ),
        note="Example: `nvvm.mbarrier.arrive_drop.expect_tx %bar, %bytes : !llvm.ptr<3>, i32`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.expect_tx",
        summary="Expect transaction bytes",
        explanation="Raises the current phase's expected transaction count without arriving.",
        operands=(
            OperandFact("addr", "!llvm.ptr<3|7>"),
            OperandFact("txcount", "i32"),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
        ),
        formats=(
            "$addr `,` $txcount attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            "mbarrier.expect_tx.relaxed.{cta,cluster}.shared::{cta,cluster}.b64 [addr], txcount;",
        ),
        note="Example: `nvvm.mbarrier.expect_tx %bar, %bytes : !llvm.ptr<3>, i32`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.complete_tx",
        summary="Complete transaction bytes",
        explanation="Lowers the pending transaction count as if bytes had arrived.",
        operands=(
            OperandFact("addr", "!llvm.ptr<3|7>"),
            OperandFact("txcount", "i32"),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
        ),
        formats=(
            "$addr `,` $txcount attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            "mbarrier.complete_tx.relaxed.{cta,cluster}.shared::{cta,cluster}.b64 [addr], txcount;",
        ),
        note="Example: `nvvm.mbarrier.complete_tx %bar, %bytes : !llvm.ptr<3>, i32`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.test.wait",
        summary="Non-blocking phase test",
        explanation=(
            "Returns whether the phase identified by a state token (or, in LLVM 22, a parity) has "
            "completed."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("stateOrPhase", "i64|i32"),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
            AttributeFact("relaxed", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i1"),
        ),
        formats=(
            "$addr `,` $stateOrPhase attr-dict `:` type(operands) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. The "
                "parity form (an i32 phase operand, LLVM 22) is mbarrier.test_wait.parity, PTX "
                "7.1. LLVM 22's `scope = cluster` emits `.release.cluster`/`.acquire.cluster` "
                "(sm_90, PTX 8.0) and `relaxed = true` emits `.relaxed` (sm_90, PTX 8.6), per "
                "ptxas."
            ),
        ),
        ptx=(
            "mbarrier.test_wait{.parity}{.shared}.b64 p, [addr], state;",
        ),
        note="Example: `%done = nvvm.mbarrier.test.wait %bar, %tok : !llvm.ptr, i64 -> i1`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.test.wait.shared",
        summary="Non-blocking phase test (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.test.wait from LLVM "
            "17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
            OperandFact("state", "llvm-compatible"),
        ),
        results=(
            ResultFact("res", "llvm-compatible"),
        ),
        formats=(
            "$addr `,` $state attr-dict `:` type(operands) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "No ODS annotation; ptxas needs sm_80/PTX 7.0 for the plain instruction. The "
                "parity form (an i32 phase operand, LLVM 22) is mbarrier.test_wait.parity, PTX "
                "7.1. LLVM 22's `scope = cluster` emits `.release.cluster`/`.acquire.cluster` "
                "(sm_90, PTX 8.0) and `relaxed = true` emits `.relaxed` (sm_90, PTX 8.6), per "
                "ptxas."
            ),
        ),
        ptx=(
            "mbarrier.test_wait{.parity}{.shared}.b64 p, [addr], state;",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.test.wait, which accepts `!llvm.ptr<3>` "
            "directly. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.try_wait",
        summary="Potentially blocking phase test",
        explanation=(
            "Waits up to a system-defined (or given) time for a phase to complete and returns "
            "whether it did."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("stateOrPhase", "i64|i32"),
            OperandFact("ticks", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "scope",
                "enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvvm.mem_scope",
                default="cta",
                optional=True,
            ),
            AttributeFact("relaxed", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i1"),
        ),
        formats=(
            "$addr `,` $stateOrPhase (`,` $ticks^)? attr-dict `:` type(operands) `->` type($res)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "No ODS annotation; ptxas needs sm_90/PTX 7.8. LLVM 22's `scope = cluster` emits "
                "`.release.cluster`/`.acquire.cluster` (sm_90, PTX 8.0) and `relaxed = true` emits "
                "`.relaxed` (sm_90, PTX 8.6), per ptxas."
            ),
        ),
        ptx=(
            "mbarrier.try_wait{.parity}{.sem.scope}{.shared::cta}.b64 p, [addr], state{, ticks};",
        ),
        note="Example: `%done = nvvm.mbarrier.try_wait %bar, %tok : !llvm.ptr<3>, i64 -> i1`.",
    ),
    OpFacts(
        name="nvvm.mbarrier.try_wait.parity",
        summary="Wait for a phase by parity",
        explanation=(
            "Blocks until the mbarrier phase with the given parity completes (emitted as a retry "
            "loop)."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<0|3>"),
            OperandFact("phase", "i32"),
            OperandFact("ticks", "i32"),
        ),
        formats=(
            "$addr `,` $phase `,` $ticks attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "No ODS annotation; ptxas needs sm_90/PTX 7.8. Lowered through inline PTX as a "
                "retry loop."
            ),
        ),
        ptx=(
            "mbarrier.try_wait.parity{.shared}.b64 p, [addr], phase, ticks;",
        ),
        note=(
            "Example: `nvvm.mbarrier.try_wait.parity %bar, %phase, %ticks : !llvm.ptr<3>, i32, "
            "i32`."
        ),
    ),
    OpFacts(
        name="nvvm.mbarrier.try_wait.parity.shared",
        summary="Wait for a phase by parity (shared pointer, removed op)",
        explanation=(
            "Shared-address-space (`!llvm.ptr<3>`) variant of nvvm.mbarrier.try_wait.parity from "
            "LLVM 17-21."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<3>"),
            OperandFact("phase", "i32"),
            OperandFact("ticks", "i32"),
        ),
        formats=(
            "$addr `,` $phase `,` $ticks attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "No ODS annotation; ptxas needs sm_90/PTX 7.8. Lowered through inline PTX as a "
                "retry loop."
            ),
        ),
        ptx=(
            "mbarrier.try_wait.parity{.shared}.b64 p, [addr], phase, ticks;",
        ),
        note=(
            "LLVM 22 folded it into nvvm.mbarrier.try_wait.parity, which accepts `!llvm.ptr<3>` "
            "directly. Removed in LLVM 22; the facts are LLVM 19's."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.tensor.shared.cluster.global",
        summary="TMA load: tensor tile from global to shared memory",
        explanation=(
            "Starts an asynchronous tensor-map-driven copy of a box of a global tensor into shared "
            "memory, completing on an mbarrier, optionally multicast to several CTAs."
        ),
        operands=(
            OperandFact("dstMem", "!llvm.ptr<3|7>"),
            OperandFact("tmaDescriptor", "!llvm.ptr<0>"),
            OperandFact("coordinates", "i32", variadic=True),
            OperandFact("mbar", "!llvm.ptr<3>"),
            OperandFact("im2colOffsets", "i16", variadic=True),
            OperandFact("multicastMask", "i16", optional=True),
            OperandFact("l2CacheHint", "i64", optional=True),
            OperandFact("predicate", "i1", optional=True),
        ),
        attributes=(
            AttributeFact(
                "mode",
                "enum",
                enum=("tile", "im2col", "im2col_w", "im2col_w_128", "tile_gather4"),
                enum_attr="#nvvm.tma_load_mode",
                default="tile",
                optional=True,
            ),
            AttributeFact("isCTAOnly", "bool", default="false", optional=True),
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                optional=True,
            ),
        ),
        formats=(
            (
                "$dstMem `,` $tmaDescriptor `,` $mbar `,` `box` `[`$coordinates `]` (`im2col` `[` "
                "$im2colOffsets^ `]` )? (`multicast_mask` `=` $multicastMask^ )? (`l2_cache_hint` "
                "`=` $l2CacheHint^ )? (`predicate` `=` $predicate^)? attr-dict `:` type($dstMem) "
                "`,` type($tmaDescriptor)"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            (
                "ODS: NVVMRequiresSM<90>. ptxas: the shared::cta destination (`isCTAOnly`, LLVM "
                "22) needs PTX 8.6; `group` (cta_group::1/2), `im2col_w`, `im2col_w_128` and "
                "`tile_gather4` modes need sm_100a and PTX 8.6."
            ),
        ),
        ptx=(
            (
                "cp.async.bulk.tensor.Nd.shared::cluster.global{.im2col}."
                "mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint} [dst], [tmap, "
                "{coords}], [mbar]{, im2col_offsets}{, mask}{, hint};"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %tmap, %bar, box[%x, "
            "%y] : !llvm.ptr<3>, !llvm.ptr`; optional parts: `im2col[...]`, `multicast_mask = %m`, "
            "`l2_cache_hint = %h`, `predicate = %p`."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.tensor.global.shared.cta",
        summary="TMA store: tensor tile from shared to global memory",
        explanation=(
            "Starts an asynchronous tensor-map-driven copy of a shared-memory box to a global "
            "tensor, tracked by bulk async-groups."
        ),
        operands=(
            OperandFact("tmaDescriptor", "!llvm.ptr<0>"),
            OperandFact("srcMem", "!llvm.ptr<3>"),
            OperandFact("coordinates", "i32", variadic=True),
            OperandFact("l2CacheHint", "i64", optional=True),
            OperandFact("predicate", "i1", optional=True),
        ),
        attributes=(
            AttributeFact(
                "mode",
                "enum",
                enum=("tile", "im2col", "tile_scatter4"),
                enum_attr="#nvvm.tma_store_mode",
                default="tile",
                optional=True,
            ),
        ),
        formats=(
            (
                "$tmaDescriptor `,` $srcMem `,` `box` `[`$coordinates `]` (`l2_cache_hint` `=` "
                "$l2CacheHint^ )? (`,` `predicate` `=` $predicate^)? attr-dict `:` "
                "type($tmaDescriptor) `,` type($srcMem)"
            ),
            (
                "$tmaDescriptor `,` $srcMem `,` `box` `[`$coordinates `]` (`,` `predicate` `=` "
                "$predicate^)? attr-dict `:` type(operands)"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            (
                "cp.async.bulk.tensor.Nd.global.shared::cta{.im2col_no_offs}.bulk_group{."
                "L2::cache_hint} [tmap, {coords}], [src]{, hint};"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example (LLVM 22): `nvvm.cp.async.bulk.tensor.global.shared.cta %tmap, %src, box[%x, "
            "%y] : !llvm.ptr, !llvm.ptr<3>`. LLVM 19 wrote every operand type after the colon (`: "
            "!llvm.ptr, !llvm.ptr<3>, i32, i32`). The second format is the LLVM 19 spelling, which "
            "files of that era still use."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.tensor.reduce",
        summary="TMA reduction into global memory",
        explanation=(
            "Asynchronously combines a shared-memory box into a global tensor with "
            "add/min/max/inc/dec/and/or/xor."
        ),
        operands=(
            OperandFact("tmaDescriptor", "!llvm.ptr"),
            OperandFact("srcMem", "!llvm.ptr<3>"),
            OperandFact("coordinates", "i32", variadic=True),
            OperandFact("l2CacheHint", "i64", optional=True),
        ),
        attributes=(
            AttributeFact(
                "redKind",
                "enum",
                enum=("add", "max", "min", "inc", "dec", "and", "or", "xor"),
                enum_attr="#nvvm.tma_redux_kind",
            ),
            AttributeFact(
                "mode",
                "enum",
                enum=("tile", "im2col", "tile_scatter4"),
                enum_attr="#nvvm.tma_store_mode",
                default="tile",
                optional=True,
            ),
        ),
        formats=(
            (
                "$tmaDescriptor `,` $srcMem `,` `box` `[`$coordinates `]` (`l2_cache_hint` `=` "
                "$l2CacheHint^ )? attr-dict `:` type($tmaDescriptor) `,` type($srcMem)"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            (
                "cp.reduce.async.bulk.tensor.Nd.global.shared::cta.<redop>.{tile,im2col_no_offs}."
                "bulk_group{.L2::cache_hint} [tmap, {coords}], [src];"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `nvvm.cp.async.bulk.tensor.reduce %tmap, %src, box[%x] {redKind = "
            "#nvvm.tma_redux_kind<add>} : !llvm.ptr, !llvm.ptr<3>`."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.tensor.prefetch",
        summary="TMA prefetch into L2",
        explanation="Prefetches a tensor box from global memory into L2.",
        operands=(
            OperandFact("tmaDescriptor", "!llvm.ptr<0>"),
            OperandFact("coordinates", "i32", variadic=True),
            OperandFact("im2colOffsets", "i16", variadic=True),
            OperandFact("l2CacheHint", "i64", optional=True),
        ),
        attributes=(
            AttributeFact(
                "mode",
                "enum",
                enum=("tile", "im2col", "im2col_w", "im2col_w_128", "tile_gather4"),
                enum_attr="#nvvm.tma_load_mode",
                default="tile",
                optional=True,
            ),
        ),
        formats=(
            (
                "$tmaDescriptor `,` `box` `[`$coordinates `]` (`im2col` `[` $im2colOffsets^ `]` )? "
                "(`l2_cache_hint` `=` $l2CacheHint^ )? attr-dict `:` type($tmaDescriptor)"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            (
                "cp.async.bulk.prefetch.tensor.Nd.L2.global{.tile,.im2col}{.L2::cache_hint} [tmap, "
                "{coords}]{, im2col_offsets};"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note="Example: `nvvm.cp.async.bulk.tensor.prefetch %tmap, box[%x, %y] : !llvm.ptr`.",
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.shared.cluster.global",
        summary="Bulk copy from global to cluster shared memory",
        explanation=(
            "Asynchronously copies a contiguous byte range into shared memory, completing on an "
            "mbarrier."
        ),
        operands=(
            OperandFact("dstMem", "!llvm.ptr<3|7>"),
            OperandFact("srcMem", "!llvm.ptr<1>"),
            OperandFact("mbar", "!llvm.ptr<3>"),
            OperandFact("size", "i32"),
            OperandFact("multicastMask", "i16", optional=True),
            OperandFact("l2CacheHint", "i64", optional=True),
        ),
        formats=(
            (
                "$dstMem `,` $srcMem `,` $mbar `,` $size (`multicast_mask` `=` $multicastMask^ )? "
                "(`l2_cache_hint` `=` $l2CacheHint^ )? attr-dict `:` type($dstMem) `,` "
                "type($srcMem)"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            (
                "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes{."
                "multicast::cluster}{.L2::cache_hint} [dst], [src], size, [mbar];"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `nvvm.cp.async.bulk.shared.cluster.global %dst, %src, %bar, %size : "
            "!llvm.ptr<7>, !llvm.ptr<1>`."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.shared.cluster.shared.cta",
        summary="Bulk copy from CTA to cluster shared memory",
        explanation=(
            "Asynchronously copies bytes from the CTA's shared memory to another CTA's shared "
            "memory."
        ),
        operands=(
            OperandFact("dstMem", "!llvm.ptr<7>"),
            OperandFact("srcMem", "!llvm.ptr<3>"),
            OperandFact("mbar", "!llvm.ptr<3>"),
            OperandFact("size", "i32"),
        ),
        formats=(
            "$dstMem `,` $srcMem `,` $mbar `,` $size attr-dict `:` type($dstMem) `,` type($srcMem)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            (
                "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [dst], "
                "[src], size, [mbar];"
            ),
        ),
        note=(
            "Example: `nvvm.cp.async.bulk.shared.cluster.shared.cta %dst, %src, %bar, %size : "
            "!llvm.ptr<7>, !llvm.ptr<3>`."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.global.shared.cta",
        summary="Bulk copy from shared to global memory",
        explanation=(
            "Asynchronously copies bytes from shared memory to global memory (bulk async-group)."
        ),
        operands=(
            OperandFact("dstMem", "!llvm.ptr<1>"),
            OperandFact("srcMem", "!llvm.ptr<3>"),
            OperandFact("size", "i32"),
            OperandFact("l2CacheHint", "i64", optional=True),
            OperandFact("byteMask", "i16", optional=True),
        ),
        formats=(
            (
                "$dstMem `,` $srcMem `,` $size (`l2_cache_hint` `=` $l2CacheHint^ )? (`byte_mask` "
                "`=` $byteMask^ )? attr-dict `:` type($dstMem) `,` type($srcMem)"
            ),
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            (
                "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0. The "
                "`byte_mask` form (.cp_mask) needs sm_100 and PTX 8.6."
            ),
        ),
        ptx=(
            (
                "cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}{.cp_mask} [dst], "
                "[src], size;"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `nvvm.cp.async.bulk.global.shared.cta %dst, %src, %size : !llvm.ptr<1>, "
            "!llvm.ptr<3>`."
        ),
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.prefetch",
        summary="Bulk prefetch into L2",
        explanation="Prefetches a contiguous global range into L2.",
        operands=(
            OperandFact("srcMem", "!llvm.ptr<1>"),
            OperandFact("size", "i32"),
            OperandFact("l2CacheHint", "i64", optional=True),
        ),
        formats=(
            "$srcMem `,` $size (`l2_cache_hint` `=` $l2CacheHint^ )? attr-dict `:` type($srcMem)",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation on the op's base form; ptxas needs sm_90 and PTX 8.0.",
        ),
        ptx=(
            "cp.async.bulk.prefetch.L2.global{.L2::cache_hint} [src], size;",
        ),
        note="Example: `nvvm.cp.async.bulk.prefetch %src, %size : !llvm.ptr<1>`.",
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.commit.group",
        summary="Commit bulk async copies",
        explanation="Groups pending bulk copies into a bulk async-group.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "No ODS annotation; ptxas needs sm_90/PTX 8.0.",
        ),
        ptx=(
            "cp.async.bulk.commit_group;",
        ),
        note="Example: `nvvm.cp.async.bulk.commit.group`.",
    ),
    OpFacts(
        name="nvvm.cp.async.bulk.wait_group",
        summary="Wait for bulk async-groups",
        explanation=(
            "Waits until at most N bulk groups are pending (or, with `read`, until their sources "
            "were read)."
        ),
        attributes=(
            AttributeFact("group", "i32"),
            AttributeFact("read", "unit", optional=True),
        ),
        formats=(
            "$group attr-dict",
        ),
        requirement=Requirement(
            "sm_90",
            "8.0",
            "ODS: NVVMRequiresSM<90>; ptxas: PTX 8.0 (also for `.read`).",
        ),
        ptx=(
            "cp.async.bulk.wait_group{.read} N;",
        ),
        note="Example: `nvvm.cp.async.bulk.wait_group 0 {read}`.",
    ),
    OpFacts(
        name="nvvm.prefetch",
        summary="Cache prefetch",
        explanation=(
            "Prefetches a line into L1/L2 (optionally uniform or with an eviction priority) or a "
            "tensor map into the constant cache."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr<1|5|0|4>"),
            OperandFact("predicate", "i1", optional=True),
        ),
        attributes=(
            AttributeFact(
                "cacheLevel",
                "enum",
                enum=("L1", "L2"),
                enum_attr="#nvvm.prefetch_cache_level",
                optional=True,
            ),
            AttributeFact(
                "evictPriority",
                "enum",
                enum=(
                    "evict_normal", "evict_first", "evict_last", "evict_unchanged", "no_allocate",
                ),
                enum_attr="#nvvm.cache_eviction_priority",
                optional=True,
            ),
            AttributeFact("tensormap", "unit", optional=True),
            AttributeFact("uniform", "unit", optional=True),
            AttributeFact("in_param_space", "unit", optional=True),
        ),
        formats=(
            (
                "(`level` `=` $cacheLevel^ (`uniform` $uniform^)? `,`)? (`tensormap` $tensormap^ "
                "(`in_param_space` $in_param_space^)? `,`)? (`evict_priority` `=` $evictPriority^ "
                "`,`)? $addr (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)"
            ),
        ),
        requirement=Requirement(
            "sm_20",
            "2.0",
            (
                "Cache-level prefetch (L1/L2, `uniform`) works from sm_20/PTX 2.0; "
                "`evict_priority` needs sm_80/PTX 7.4; `tensormap` needs sm_90/PTX 8.0 (ptxas)."
            ),
        ),
        ptx=(
            "prefetch{.global,.local}.{L1,L2}{::evict_last,::evict_normal} [a];",
            "prefetchu.L1 [a];",
            "prefetch{.const,.param}.tensormap [a];",
        ),
        note=(
            "Examples: `nvvm.prefetch level = L2, %p : !llvm.ptr<1>`, `nvvm.prefetch tensormap, "
            "%desc : !llvm.ptr`."
        ),
    ),
    OpFacts(
        name="nvvm.prefetch.tensormap",
        summary="Prefetch a tensor map (removed op)",
        explanation="Brings a TMA descriptor into the cache before use.",
        operands=(
            OperandFact("tmaDescriptor", "!llvm.ptr"),
            OperandFact("predicate", "i1", optional=True),
        ),
        formats=(
            "$tmaDescriptor (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)",
        ),
        requirement=Requirement("sm_90", "8.0"),
        ptx=(
            "prefetch.tensormap [a];",
        ),
        note=(
            "Example (LLVM 19): `nvvm.prefetch.tensormap %desc : !llvm.ptr`; LLVM 22 spells it "
            "`nvvm.prefetch tensormap, %desc : !llvm.ptr`. Removed in LLVM 22; the facts are LLVM "
            "19's."
        ),
    ),
    OpFacts(
        name="nvvm.ldmatrix",
        summary="Warp-cooperative matrix load from shared memory",
        explanation=(
            "Loads one, two or four 8x8 matrices (optionally transposed) from shared memory into "
            "per-thread registers."
        ),
        operands=(
            OperandFact("ptr", "!llvm.ptr<3>"),
        ),
        attributes=(
            AttributeFact("num", "i32"),
            AttributeFact("layout", "enum", enum=("row", "col"), enum_attr="#nvvm.mma_layout"),
            AttributeFact("shape", "#nvvm.ld_st_matrix_shape"),
            AttributeFact(
                "eltType",
                "enum",
                enum=("b16", "b8", "b8x16.b6x16_p32", "b8x16.b4x16_p64"),
                enum_attr="#nvvm.ld_st_matrix_elt_type",
            ),
        ),
        results=(
            ResultFact("res", "any"),
        ),
        formats=(
            "$ptr attr-dict `:` functional-type($ptr, $res)",
        ),
        requirement=Requirement(
            "sm_75",
            "6.5",
            (
                "No ODS annotation; ptxas: m8n8 b16 needs sm_75/PTX 6.5; the b8 shapes (m16n16, "
                "m8n16) need sm_100a (also sm_100f/103a/110a/120a/121a) and PTX 8.6."
            ),
        ),
        ptx=(
            "ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 {d...}, [p];",
        ),
        note=(
            "Example: `%r = nvvm.ldmatrix %p {num = 4 : i32, layout = #nvvm.mma_layout<row>} : "
            "(!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>`; LLVM 22 adds `shape`/`eltType` "
            "attributes for the b8 forms."
        ),
    ),
    OpFacts(
        name="nvvm.stmatrix",
        summary="Warp-cooperative matrix store to shared memory",
        explanation="Stores one, two or four 8x8 matrices held in registers to shared memory.",
        operands=(
            OperandFact("ptr", "!llvm.ptr<3>"),
            OperandFact("sources", "i32", variadic=True),
        ),
        attributes=(
            AttributeFact("layout", "enum", enum=("row", "col"), enum_attr="#nvvm.mma_layout"),
            AttributeFact("shape", "#nvvm.ld_st_matrix_shape"),
            AttributeFact(
                "eltType",
                "enum",
                enum=("b16", "b8", "b8x16.b6x16_p32", "b8x16.b4x16_p64"),
                enum_attr="#nvvm.ld_st_matrix_elt_type",
            ),
        ),
        formats=(
            "$ptr `,` $sources attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_90",
            "7.8",
            (
                "No ODS annotation; ptxas: m8n8 b16 needs sm_90/PTX 7.8; m16n8 b8 needs sm_100a "
                "and PTX 8.6."
            ),
        ),
        ptx=(
            "stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 [p], {s...};",
        ),
        note=(
            "Example: `nvvm.stmatrix %p, %r0, %r1 {layout = #nvvm.mma_layout<row>, shape = "
            "#nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : "
            "!llvm.ptr<3>, i32, i32`."
        ),
    ),
    OpFacts(
        name="nvvm.mma.sync",
        summary="Warp-level matrix multiply-accumulate",
        explanation=(
            "Computes D = A*B + C for one warp with tensor cores; fragments are per-thread "
            "register values."
        ),
        operands=(
            OperandFact("operandA", "llvm-compatible", variadic=True),
            OperandFact("operandB", "llvm-compatible", variadic=True),
            OperandFact("operandC", "llvm-compatible", variadic=True),
        ),
        attributes=(
            AttributeFact("shape", "#nvvm.shape"),
            AttributeFact(
                "b1Op",
                "enum",
                enum=("none", "xor_popc", "and_popc"),
                enum_attr="#nvvm.mma_b1op",
                optional=True,
            ),
            AttributeFact(
                "intOverflowBehavior",
                "enum",
                enum=("satfinite", "wrapped"),
                enum_attr="#nvvm.mma_int_overflow",
                optional=True,
            ),
            AttributeFact("layoutA", "enum", enum=("row", "col"), enum_attr="#nvvm.mma_layout"),
            AttributeFact("layoutB", "enum", enum=("row", "col"), enum_attr="#nvvm.mma_layout"),
            AttributeFact(
                "multiplicandAPtxType",
                "enum",
                enum=(
                    "f16", "f32", "tf32", "bf16", "s8", "u8", "s32", "s4", "u4", "b1", "f64",
                    "e4m3", "e5m2", "e3m2", "e2m3", "e2m1",
                ),
                enum_attr="#nvvm.mma_type",
                optional=True,
            ),
            AttributeFact(
                "multiplicandBPtxType",
                "enum",
                enum=(
                    "f16", "f32", "tf32", "bf16", "s8", "u8", "s32", "s4", "u4", "b1", "f64",
                    "e4m3", "e5m2", "e3m2", "e2m3", "e2m1",
                ),
                enum_attr="#nvvm.mma_type",
                optional=True,
            ),
        ),
        results=(
            ResultFact("res", "!llvm.struct"),
        ),
        requirement=Requirement(
            "sm_70",
            "6.4",
            (
                "Depends on shape and types (ptxas): m8n8k4 f16 sm_70/PTX 6.4; m16n8k8 f16 "
                "sm_75/PTX 6.5; m16n8k16 f16/bf16, tf32, f64 m8n8k4, s8/u8/s4/u4/b1 shapes "
                "sm_80/PTX 7.0; e4m3/e5m2 m16n8k32 sm_89/PTX 8.4."
            ),
        ),
        ptx=(
            "mma.sync.aligned.mMnNkK.row.col{.satfinite}.dtype.atype.btype.ctype d, a, b, c;",
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Hand-written parser. Syntax: `%d = nvvm.mma.sync A[%a0, %a1, ...] B[%b0, ...] C[%c0, "
            "...] {shape = #nvvm.shape<m = 16, n = 8, k = 16>, layoutA = #nvvm.mma_layout<row>, "
            "layoutB = #nvvm.mma_layout<col> [, multiplicandAPtxType = #nvvm.mma_type<...>, "
            "multiplicandBPtxType = ..., b1Op = ..., intOverflowBehavior = ...]} : "
            "(A-element-type, B-element-type, C-element-type) -> !llvm.struct<(...)>`. The three "
            "bracket lists fill operandA/operandB/operandC; the parenthesised list gives one type "
            "per group, and the PTX types are inferred from them when not written."
        ),
    ),
    OpFacts(
        name="nvvm.wgmma.fence.aligned",
        summary="Order registers before wgmma",
        explanation="Fences register accesses before warpgroup MMA reads them.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90a",
            "8.0",
            (
                "ODS: NVVMRequiresSMa<[90]>. ptxas accepts wgmma only on sm_90a (not on any sm_100 "
                "family target)."
            ),
        ),
        ptx=(
            "wgmma.fence.sync.aligned;",
        ),
        note="Example: `nvvm.wgmma.fence.aligned`.",
    ),
    OpFacts(
        name="nvvm.wgmma.commit.group.sync.aligned",
        summary="Commit pending wgmma ops",
        explanation="Groups outstanding warpgroup MMAs into a wgmma-group.",
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_90a",
            "8.0",
            (
                "ODS: NVVMRequiresSMa<[90]>. ptxas accepts wgmma only on sm_90a (not on any sm_100 "
                "family target)."
            ),
        ),
        ptx=(
            "wgmma.commit_group.sync.aligned;",
        ),
        note="Example: `nvvm.wgmma.commit.group.sync.aligned`.",
    ),
    OpFacts(
        name="nvvm.wgmma.wait.group.sync.aligned",
        summary="Wait for wgmma groups",
        explanation="Waits until at most N wgmma-groups are pending.",
        attributes=(
            AttributeFact("group", "i64"),
        ),
        formats=(
            "attr-dict $group",
        ),
        requirement=Requirement(
            "sm_90a",
            "8.0",
            (
                "ODS: NVVMRequiresSMa<[90]>. ptxas accepts wgmma only on sm_90a (not on any sm_100 "
                "family target)."
            ),
        ),
        ptx=(
            "wgmma.wait_group.sync.aligned N;",
        ),
        note="Example: `nvvm.wgmma.wait.group.sync.aligned 0`.",
    ),
    OpFacts(
        name="nvvm.wgmma.mma_async",
        summary="Warpgroup matrix multiply-accumulate",
        explanation=(
            "Starts an asynchronous 128-thread MMA reading A/B through shared-memory descriptors "
            "and accumulating into a struct of registers."
        ),
        operands=(
            OperandFact("inouts", "!llvm.struct"),
            OperandFact("descriptorA", "i64"),
            OperandFact("descriptorB", "i64"),
        ),
        attributes=(
            AttributeFact("shape", "#nvvm.shape"),
            AttributeFact(
                "typeA",
                "enum",
                enum=("f16", "tf32", "u8", "s8", "b1", "bf16", "e4m3", "e5m2", "f32", "s32"),
                enum_attr="#nvvm.wgmma_type",
            ),
            AttributeFact(
                "typeB",
                "enum",
                enum=("f16", "tf32", "u8", "s8", "b1", "bf16", "e4m3", "e5m2", "f32", "s32"),
                enum_attr="#nvvm.wgmma_type",
            ),
            AttributeFact(
                "typeD",
                "enum",
                enum=("f16", "tf32", "u8", "s8", "b1", "bf16", "e4m3", "e5m2", "f32", "s32"),
                enum_attr="#nvvm.wgmma_type",
            ),
            AttributeFact(
                "scaleD",
                "enum",
                enum=("zero", "one"),
                enum_attr="#nvvm.wgmma_scale_out",
            ),
            AttributeFact("scaleA", "enum", enum=("one", "neg"), enum_attr="#nvvm.wgmma_scale_in"),
            AttributeFact("scaleB", "enum", enum=("one", "neg"), enum_attr="#nvvm.wgmma_scale_in"),
            AttributeFact("layoutA", "enum", enum=("row", "col"), enum_attr="#nvvm.mma_layout"),
            AttributeFact("layoutB", "enum", enum=("row", "col"), enum_attr="#nvvm.mma_layout"),
            AttributeFact(
                "satfinite",
                "enum",
                enum=("satfinite", "wrapped"),
                enum_attr="#nvvm.mma_int_overflow",
                optional=True,
            ),
        ),
        results=(
            ResultFact("results", "!llvm.struct"),
        ),
        formats=(
            (
                "$descriptorA `,` $descriptorB `,` $inouts `,` $shape `,` `D` `[` $typeD `,` "
                "$scaleD (`,` $satfinite^)? `]` `,` `A` `[` $typeA `,` $scaleA `,` $layoutA `]` "
                "`,` `B` `[` $typeB `,` $scaleB `,` $layoutB `]` attr-dict `:` type($inouts) `->` "
                "type($results)"
            ),
        ),
        requirement=Requirement(
            "sm_90a",
            "8.0",
            (
                "ODS carries no annotation on this op, but ptxas accepts wgmma.mma_async only on "
                "sm_90a (ptxas wins). Lowered through inline PTX."
            ),
        ),
        ptx=(
            (
                "wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype d, a-desc, b-desc, "
                "scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;"
            ),
        ),
        note=(
            "Example: `%d = nvvm.wgmma.mma_async %descA, %descB, %acc, #nvvm.shape<m = 64, n = 32, "
            "k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : "
            "!llvm.struct<(...)> -> !llvm.struct<(...)>`; the printer drops the `#nvvm.shape` "
            "prefix (`<m = 64, n = 32, k = 16>`), and an optional `<satfinite>` may follow the D "
            "scale."
        ),
    ),
    OpFacts(
        name="nvvm.tcgen05.alloc",
        summary="Allocate tensor memory",
        explanation="Allocates tensor-memory columns and writes their address to shared memory.",
        operands=(
            OperandFact("addr", "!llvm.ptr"),
            OperandFact("nCols", "i32"),
        ),
        attributes=(
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                default="cta_1",
                optional=True,
            ),
        ),
        formats=(
            "$addr `,` $nCols attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.alloc on sm_100a "
                "and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a "
                "and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.alloc.cta_group::{1,2}.sync.aligned{.shared::cta}.b32 [dst], ncols;",
        ),
        note="Example: `nvvm.tcgen05.alloc %dst, %ncols : !llvm.ptr<3>, i32`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.dealloc",
        summary="Free tensor memory",
        explanation="Releases tensor-memory columns.",
        operands=(
            OperandFact("taddr", "!llvm.ptr<6>"),
            OperandFact("nCols", "i32"),
        ),
        attributes=(
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                default="cta_1",
                optional=True,
            ),
        ),
        formats=(
            "$taddr `,` $nCols attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.dealloc on "
                "sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on "
                "sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects plain "
                "sm_100/103/110, sm_90a and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.dealloc.cta_group::{1,2}.sync.aligned.b32 taddr, ncols;",
        ),
        note="Example: `nvvm.tcgen05.dealloc %taddr, %ncols : !llvm.ptr<6>, i32`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.relinquish_alloc_permit",
        summary="Give up tensor-memory allocation rights",
        explanation="Declares that the CTA will allocate no more tensor memory.",
        attributes=(
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                default="cta_1",
                optional=True,
            ),
        ),
        formats=(
            "attr-dict",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles "
                "tcgen05.relinquish_alloc_permit on sm_100a and sm_100f/103a/103f (PTX 8.6 on "
                "sm_100a, 8.8 on the others), and on sm_110a/110f (PTX 9.0): the sm_100f and sm_110f "
                "families. It rejects plain sm_100/103/110, sm_90a and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.relinquish_alloc_permit.cta_group::{1,2}.sync.aligned;",
        ),
        note="Example: `nvvm.tcgen05.relinquish_alloc_permit`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.fence",
        summary="tcgen05 ordering fence",
        explanation="Orders tcgen05 operations around thread synchronisation.",
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("before", "after"),
                enum_attr="#nvvm.tcgen05_fence",
            ),
        ),
        formats=(
            "$kind attr-dict",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.fence on sm_100a "
                "and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a "
                "and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.fence::{before,after}_thread_sync;",
        ),
        note="Example: `nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.wait",
        summary="Wait for tcgen05 loads or stores",
        explanation="Blocks until prior tcgen05.ld or tcgen05.st finish.",
        attributes=(
            AttributeFact("kind", "enum", enum=("load", "store"), enum_attr="#nvvm.tcgen05_wait"),
        ),
        formats=(
            "$kind attr-dict",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.wait on sm_100a "
                "and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a "
                "and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.wait::{ld,st}.sync.aligned;",
        ),
        note="Example: `nvvm.tcgen05.wait #nvvm.tcgen05_wait<load>`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.commit",
        summary="Signal tcgen05 completion on an mbarrier",
        explanation=(
            "Makes an mbarrier track completion of the thread's prior async tcgen05 operations."
        ),
        operands=(
            OperandFact("addr", "!llvm.ptr"),
            OperandFact("multicastMask", "i16", optional=True),
        ),
        attributes=(
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                default="cta_1",
                optional=True,
            ),
        ),
        formats=(
            "$addr (`,` `multicast_mask` `=` $multicastMask^)? attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.commit on sm_100a "
                "and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f "
                "(PTX 9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a "
                "and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            (
                "tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one{.shared::cluster}{."
                "multicast::cluster}.b64 [mbar]{, mask};"
            ),
        ),
        note="Example: `nvvm.tcgen05.commit %bar : !llvm.ptr<3>`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.shift",
        summary="Shift tensor-memory rows down",
        explanation="Shifts the rows of a tensor-memory matrix down by one.",
        operands=(
            OperandFact("taddr", "!llvm.ptr<6>"),
        ),
        attributes=(
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                default="cta_1",
                optional=True,
            ),
        ),
        formats=(
            "$taddr attr-dict `:` type(operands)",
        ),
        requirement=Requirement(
            "sm_100a",
            "8.6",
            (
                "ODS: NVVMRequiresSMa<[100, 101, 103]>. ptxas 13.0 accepts tcgen05.shift only on the "
                "architecture-specific targets sm_100a (PTX 8.6), sm_103a (8.8) and sm_110a (9.0); "
                "unlike the other tcgen05 ops it rejects sm_100f, sm_103f and sm_110f."
            ),
            also=(("sm_103a", "8.8"), ("sm_110a", "9.0")),
        ),
        ptx=(
            "tcgen05.shift.cta_group::{1,2}.down [taddr];",
        ),
        note="Example: `nvvm.tcgen05.shift %taddr : !llvm.ptr<6>`.",
    ),
    OpFacts(
        name="nvvm.tcgen05.cp",
        summary="Copy shared memory into tensor memory",
        explanation="Copies a matrix described by a shared-memory descriptor into tensor memory.",
        operands=(
            OperandFact("taddr", "!llvm.ptr<6>"),
            OperandFact("smem_desc", "i64"),
        ),
        attributes=(
            AttributeFact(
                "shape",
                "enum",
                enum=(
                    "shape_128x256b", "shape_4x256b", "shape_128x128b", "shape_64x128b",
                    "shape_32x128b",
                ),
                enum_attr="#nvvm.tcgen05_cp_shape",
            ),
            AttributeFact(
                "group",
                "enum",
                enum=("cta_1", "cta_2"),
                enum_attr="#nvvm.cta_group",
                default="cta_1",
                optional=True,
            ),
            AttributeFact(
                "multicast",
                "enum",
                enum=("none", "warpx2_02_13", "warpx2_01_23", "warpx4"),
                enum_attr="#nvvm.tcgen05_cp_multicast",
                default="none",
                optional=True,
            ),
            AttributeFact(
                "srcFormat",
                "enum",
                enum=("b6x16_p32", "b4x16_p64"),
                enum_attr="#nvvm.tcgen05_cp_src_fmt",
                optional=True,
            ),
        ),
        formats=(
            "$taddr`,` $smem_desc attr-dict",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.cp (every "
                "shape/src_fmt) on sm_100a and sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the "
                "others), and on sm_110a/110f (PTX 9.0): the sm_100f and sm_110f families. It rejects "
                "plain sm_100/103/110, sm_90a and sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.cp.cta_group::{1,2}.<shape>{.multicast}{.src_fmt} [taddr], s-desc;",
        ),
        note=(
            "Example: `nvvm.tcgen05.cp %taddr, %desc {shape = "
            "#nvvm.tcgen05_cp_shape<shape_128x256b>}`."
        ),
    ),
    OpFacts(
        name="nvvm.tcgen05.ld",
        summary="Load from tensor memory",
        explanation="Loads tensor-memory data collectively into registers.",
        operands=(
            OperandFact("tmemAddr", "!llvm.ptr<6>"),
            OperandFact("offset", "i64", optional=True),
        ),
        attributes=(
            AttributeFact("pack", "unit", optional=True),
            AttributeFact(
                "shape",
                "enum",
                enum=(
                    "shape_16x64b", "shape_16x128b", "shape_16x256b", "shape_32x32b",
                    "shape_16x32bx2",
                ),
                enum_attr="#nvvm.tcgen05_ldst_shape",
            ),
        ),
        results=(
            ResultFact("res", "i32|vector<Nxi32>"),
        ),
        formats=(
            "$tmemAddr (`,` $offset^)? (`pack` $pack^)? attr-dict `:` type($res)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.ld on sm_100a and "
                "sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f (PTX "
                "9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a and "
                "sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.ld.sync.aligned.<shape>.xN{.pack::16b}.b32 {r...}, [taddr]{, offset};",
        ),
        note=(
            "Example: `%v = nvvm.tcgen05.ld %taddr {shape = "
            "#nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>`."
        ),
    ),
    OpFacts(
        name="nvvm.tcgen05.st",
        summary="Store to tensor memory",
        explanation="Stores registers collectively into tensor memory.",
        operands=(
            OperandFact("tmemAddr", "!llvm.ptr<6>"),
            OperandFact("val", "i32|vector<Nxi32>"),
            OperandFact("offset", "i64", optional=True),
        ),
        attributes=(
            AttributeFact("unpack", "unit", optional=True),
            AttributeFact(
                "shape",
                "enum",
                enum=(
                    "shape_16x64b", "shape_16x128b", "shape_16x256b", "shape_32x32b",
                    "shape_16x32bx2",
                ),
                enum_attr="#nvvm.tcgen05_ldst_shape",
            ),
        ),
        formats=(
            "$tmemAddr `,` $val (`,` $offset^)? (`unpack` $unpack^)? attr-dict `:` type($val)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.st on sm_100a and "
                "sm_100f/103a/103f (PTX 8.6 on sm_100a, 8.8 on the others), and on sm_110a/110f (PTX "
                "9.0): the sm_100f and sm_110f families. It rejects plain sm_100/103/110, sm_90a and "
                "sm_120a/f."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        ptx=(
            "tcgen05.st.sync.aligned.<shape>.xN{.unpack::16b}.b32 [taddr]{, offset}, {r...};",
        ),
        note=(
            "Example: `nvvm.tcgen05.st %taddr, %v {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} "
            ": vector<4xi32>`."
        ),
    ),
    OpFacts(
        name="nvvm.tcgen05.mma",
        summary="Fifth-generation tensor-core MMA",
        explanation="Issues an asynchronous MMA whose accumulator lives in tensor memory.",
        operands=(
            OperandFact("matrixD", "!llvm.ptr<6>"),
            OperandFact("matrixA", "!llvm.ptr<6>|i64"),
            OperandFact("matrixB", "i64"),
            OperandFact("idesc", "i32"),
            OperandFact("enableInputD", "i1"),
            OperandFact("scaleInputD", "i64", optional=True),
            OperandFact("disableOutputLane", "vector<4xi32>|vector<8xi32>", optional=True),
        ),
        attributes=(
            AttributeFact(
                "kind",
                "enum",
                enum=("f8f6f4", "i8", "f16", "tf32"),
                enum_attr="#nvvm.tcgen05_mma_kind",
            ),
            AttributeFact("ctaGroup", "enum", enum=("cta_1", "cta_2"), enum_attr="#nvvm.cta_group"),
            AttributeFact(
                "collectorOp",
                "enum",
                enum=("discard", "lastuse", "fill", "use"),
                enum_attr="#nvvm.tcgen05_mma_collectorop",
                default="discard",
                optional=True,
            ),
            AttributeFact("aShift", "unit", optional=True),
        ),
        formats=(
            (
                "$matrixD `,` $matrixA `,` $matrixB `,` $idesc `,` $enableInputD (`scale` `=` "
                "$scaleInputD^)? (`mask` `=` $disableOutputLane^)? attr-dict `:` `(` "
                "type(operands) `)`"
            ),
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "ODS: NVVMRequiresSMa (`a` targets), but ptxas 13.0 assembles tcgen05.mma (kinds f16, "
                "tf32, f8f6f4 and the block-scaled ones) on sm_100a and sm_100f/103a/103f (PTX 8.6 on "
                "sm_100a, 8.8 on the others), and on sm_110a/110f (PTX 9.0): the sm_100f and sm_110f "
                "families. It rejects plain sm_100/103/110, sm_90a and sm_120a/f. kind::i8 is "
                "architecture-specific: only sm_100a and sm_110a (see requirement_forms)."
            ),
            also=(("sm_110f", "9.0"),),
        ),
        requirement_forms=(
            RequirementForm(
                "kind=i8",
                requirement=Requirement(
                    "sm_100a",
                    "8.6",
                    (
                        "ptxas 13.0 accepts tcgen05.mma.kind::i8 only on sm_100a (PTX 8.6) and "
                        "sm_110a (PTX 9.0); sm_100f, sm_103a/f and sm_110f reject it."
                    ),
                    also=(("sm_110a", "9.0"),),
                ),
            ),
        ),
        ptx=(
            (
                "tcgen05.mma.cta_group::{1,2}.kind::<kind> [d-tmem], a-desc|[a-tmem], b-desc, "
                "idesc, enable-input-d;"
            ),
        ),
        traits=("AttrSizedOperandSegments",),
        note=(
            "Example: `nvvm.tcgen05.mma %d, %a, %b, %idesc, %enable {kind = "
            "#nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, i64, i64, i32, i1)`."
        ),
    ),
    OpFacts(
        name="nvvm.tcgen05.mma_smem_desc",
        summary="Build a shared-memory matrix descriptor",
        explanation=(
            "Packs start address, offsets, base offset, mode and swizzle into the 64-bit "
            "descriptor tcgen05.mma uses."
        ),
        operands=(
            OperandFact("startAddr", "i32"),
            OperandFact("leadingDimOffset", "i32"),
            OperandFact("strideDimOffset", "i32"),
            OperandFact("baseOffset", "i8"),
            OperandFact("leadingDimMode", "i1"),
            OperandFact("swizzleMode", "i8"),
        ),
        results=(
            ResultFact("res", "i64"),
        ),
        formats=(
            "`(` operands `)` attr-dict `:` `(` type(operands) `)` `->` type($res)",
        ),
        requirement=Requirement(
            "sm_10",
            "1.0",
            (
                "Builds a 64-bit descriptor with ordinary integer arithmetic; no PTX instruction "
                "of its own, so no gate."
            ),
        ),
        note=(
            "Example: `%d = nvvm.tcgen05.mma_smem_desc (%a, %lo, %so, %bo, %mode, %swz) : (i32, "
            "i32, i32, i8, i1, i8) -> i64`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.float.to.tf32",
        summary="f32 to tf32 conversion",
        explanation="Rounds an f32 to TF32 precision, returned as i32 bits.",
        operands=(
            OperandFact("src", "f32"),
        ),
        attributes=(
            AttributeFact(
                "rnd",
                "enum",
                enum=("none", "rn", "rm", "rp", "rz", "rna", "rs"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="none",
                optional=True,
            ),
            AttributeFact(
                "sat",
                "enum",
                enum=("none", "satfinite"),
                enum_attr="#nvvm.sat_mode",
                default="none",
                optional=True,
            ),
            AttributeFact("relu", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("res", "i32"),
        ),
        formats=(
            "$src attr-dict",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "Per ptxas: `rna` rounding sm_80/PTX 7.0; `rn`/`rz` (optionally `.relu`) sm_90/PTX "
                "7.8; `rn` with satfinite sm_100/PTX 8.6."
            ),
        ),
        ptx=(
            "cvt.rna{.satfinite}.tf32.f32 d, a;",
            "cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32 d, a;",
        ),
        note="Example: `%r = nvvm.convert.float.to.tf32 %x {rnd = #nvvm.fp_rnd_mode<rna>}`.",
    ),
    OpFacts(
        name="nvvm.convert.f32x2.to.f16x2",
        summary="Pack two f32 into f16x2",
        explanation=(
            "Converts two f32 to a vector<2xf16>, with round-to-nearest/zero or stochastic "
            "rounding from random bits."
        ),
        operands=(
            OperandFact("src_hi", "f32"),
            OperandFact("src_lo", "f32"),
            OperandFact("random_bits", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "rnd",
                "enum",
                enum=("none", "rn", "rm", "rp", "rz", "rna", "rs"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="none",
                optional=True,
            ),
            AttributeFact(
                "sat",
                "enum",
                enum=("none", "satfinite"),
                enum_attr="#nvvm.sat_mode",
                default="none",
                optional=True,
            ),
            AttributeFact("relu", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("dst", "vector<2xf16>"),
        ),
        formats=(
            "$src_hi `,` $src_lo (`,` $random_bits^)? attr-dict `:` type($dst)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "Round-to-nearest/zero packing is sm_80/PTX 7.0; stochastic rounding (`rnd = "
                "#nvvm.fp_rnd_mode<rs>` with the random-bits operand) needs sm_100a or sm_103a and "
                "PTX 8.7 (ptxas; not sm_100f)."
            ),
        ),
        ptx=(
            "cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b;",
            "cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%r = nvvm.convert.f32x2.to.f16x2 %hi, %lo : vector<2xf16>`; stochastic: "
            "`%hi, %lo, %rbits {rnd = #nvvm.fp_rnd_mode<rs>}`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f32x2.to.bf16x2",
        summary="Pack two f32 into bf16x2",
        explanation=(
            "Converts two f32 to a vector<2xbf16>, with round-to-nearest/zero or stochastic "
            "rounding."
        ),
        operands=(
            OperandFact("src_hi", "f32"),
            OperandFact("src_lo", "f32"),
            OperandFact("random_bits", "i32", optional=True),
        ),
        attributes=(
            AttributeFact(
                "rnd",
                "enum",
                enum=("none", "rn", "rm", "rp", "rz", "rna", "rs"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="none",
                optional=True,
            ),
            AttributeFact(
                "sat",
                "enum",
                enum=("none", "satfinite"),
                enum_attr="#nvvm.sat_mode",
                default="none",
                optional=True,
            ),
            AttributeFact("relu", "bool", default="false", optional=True),
        ),
        results=(
            ResultFact("dst", "vector<2xbf16>"),
        ),
        formats=(
            "$src_hi `,` $src_lo (`,` $random_bits^)? attr-dict `:` type($dst)",
        ),
        requirement=Requirement(
            "sm_80",
            "7.0",
            (
                "Round-to-nearest/zero packing is sm_80/PTX 7.0; stochastic rounding (`rnd = "
                "#nvvm.fp_rnd_mode<rs>` with the random-bits operand) needs sm_100a or sm_103a and "
                "PTX 8.7 (ptxas; not sm_100f)."
            ),
        ),
        ptx=(
            "cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b;",
            "cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits;",
        ),
        traits=("Pure",),
        note="Example: `%r = nvvm.convert.f32x2.to.bf16x2 %hi, %lo : vector<2xbf16>`.",
    ),
    OpFacts(
        name="nvvm.convert.f32x2.to.f8x2",
        summary="Pack two f32 into two 8-bit floats",
        explanation=(
            "Converts two f32 values to e4m3, e5m2 or ue8m0 and packs them into i16 or "
            "vector<2xi8>."
        ),
        operands=(
            OperandFact("a", "f32"),
            OperandFact("b", "f32"),
        ),
        attributes=(
            AttributeFact(
                "rnd",
                "enum",
                enum=("none", "rn", "rm", "rp", "rz", "rna", "rs"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="none",
                optional=True,
            ),
            AttributeFact(
                "sat",
                "enum",
                enum=("none", "satfinite"),
                enum_attr="#nvvm.sat_mode",
                default="none",
                optional=True,
            ),
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16|vector<2xi8>"),
        ),
        formats=(
            "$a `,` $b attr-dict `:` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_89",
            "8.1",
            (
                "ptxas 13.0: cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 needs sm_89 with PTX 8.1, "
                "while sm_90 and later accept it from PTX 7.8 (sm_90a from its 8.0). The ue8m0 "
                "destination (cvt.{rz,rp}.satfinite.ue8m0x2.f32) needs the sm_100f, sm_110f or "
                "sm_120f family and PTX 8.6; the gate does not tell it apart yet, so it holds it to "
                "the fp8 floor."
            ),
            also=(("sm_90", "7.8"),),
        ),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b;",
            "cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 d, a, b;",
        ),
        note=(
            "Example: `%r = nvvm.convert.f32x2.to.f8x2 %a, %b {rnd = #nvvm.fp_rnd_mode<rn>, sat = "
            "#nvvm.sat_mode<satfinite>} : i16 (f8E4M3FN)`; the parenthesised type picks the 8-bit "
            "format."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f16x2.to.f8x2",
        summary="Pack f16x2 into two 8-bit floats",
        explanation="Converts a vector<2xf16> to e4m3/e5m2 pairs.",
        operands=(
            OperandFact("a", "vector<2xf16>"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16|vector<2xi8>"),
        ),
        formats=(
            "$a attr-dict `:` type($a) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_89",
            "8.1",
            (
                "ptxas 13.0: cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 needs sm_89 with PTX 8.1, "
                "while sm_90 and later accept it from PTX 7.8 (sm_90a from its 8.0)."
            ),
            also=(("sm_90", "7.8"),),
        ),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a;",
        ),
        note="Example: `%r = nvvm.convert.f16x2.to.f8x2 %v : vector<2xf16> -> i16 (f8E5M2)`.",
    ),
    OpFacts(
        name="nvvm.convert.bf16x2.to.f8x2",
        summary="Pack bf16x2 into two 8-bit floats",
        explanation="Converts a vector<2xbf16> to a ue8m0 pair.",
        operands=(
            OperandFact("a", "vector<2xbf16>"),
        ),
        attributes=(
            AttributeFact(
                "rnd",
                "enum",
                enum=("none", "rn", "rm", "rp", "rz", "rna", "rs"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="none",
                optional=True,
            ),
            AttributeFact(
                "sat",
                "enum",
                enum=("none", "satfinite"),
                enum_attr="#nvvm.sat_mode",
                default="none",
                optional=True,
            ),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16|vector<2xi8>"),
        ),
        formats=(
            "$a attr-dict `:` type($a) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "No ODS annotation. ptxas 13.0 assembles cvt.{rz,rp}.satfinite.ue8m0x2.bf16x2 on the "
                "sm_100f, sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ),
            also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2 d, a;",
        ),
        note=(
            "Example: `%r = nvvm.convert.bf16x2.to.f8x2 %v {rnd = #nvvm.fp_rnd_mode<rz>} : "
            "vector<2xbf16> -> i16 (f8E8M0FNU)`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f32x2.to.f6x2",
        summary="Pack two f32 into two 6-bit floats",
        explanation=(
            "Converts two f32 to e2m3/e3m2 values, each in an i8, packed as i16 or vector<2xi8>."
        ),
        operands=(
            OperandFact("a", "f32"),
            OperandFact("b", "f32"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16|vector<2xi8>"),
        ),
        formats=(
            "$a `,` $b attr-dict `:` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.satfinite.{e2m3x2,e3m2x2}.f32 on the "
                "sm_100f, sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ),
            also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.f32 d, a, b;",
        ),
        note="Example: `%r = nvvm.convert.f32x2.to.f6x2 %a, %b : i16 (f6E2M3FN)`.",
    ),
    OpFacts(
        name="nvvm.convert.f16x2.to.f6x2",
        summary="Pack f16x2 into two 6-bit floats",
        explanation="Converts a vector<2xf16> to e2m3/e3m2 values packed into i16 or vector<2xi8>.",
        operands=(
            OperandFact("a", "vector<2xf16>"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16|vector<2xi8>"),
        ),
        formats=(
            "$a attr-dict `:` type($a) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100f",
            "9.1",
            (
                "cvt.rn.satfinite.{e2m3x2,e3m2x2}.f16x2 is a PTX ISA 9.1 form (ptxas 13.0 stops at "
                "PTX 9.0). ptxas 13.1 (PTX 9.1) accepts it on sm_100a/100f/103a/103f, sm_110a/110f, "
                "sm_120a/120f/121a/121f with PTX 9.1 and rejects plain targets: the sm_100f, sm_110f "
                "and sm_120f families."
            ),
            also=(("sm_110f", "9.1"), ("sm_120f", "9.1")),
        ),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.f16x2 d, a;",
        ),
        upstream=False,
        note=(
            "Newer than LLVM 22 (present in upstream main, not in any released tool here); no ODS "
            "was available, so operand/attribute names and the format follow the sibling op "
            "nvvm.convert.f16x2.to.f8x2 and the printed form seen in upstream's conversion tests."
        ),
    ),
    OpFacts(
        name="nvvm.convert.bf16x2.to.f6x2",
        summary="Pack bf16x2 into two 6-bit floats",
        explanation=(
            "Converts a vector<2xbf16> to e2m3/e3m2 values packed into i16 or vector<2xi8>."
        ),
        operands=(
            OperandFact("a", "vector<2xbf16>"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16|vector<2xi8>"),
        ),
        formats=(
            "$a attr-dict `:` type($a) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100f",
            "9.1",
            (
                "cvt.rn.satfinite.{e2m3x2,e3m2x2}.bf16x2 is a PTX ISA 9.1 form (ptxas 13.0 stops at "
                "PTX 9.0). ptxas 13.1 (PTX 9.1) accepts it on sm_100a/100f/103a/103f, sm_110a/110f, "
                "sm_120a/120f/121a/121f with PTX 9.1 and rejects plain targets: the sm_100f, sm_110f "
                "and sm_120f families."
            ),
            also=(("sm_110f", "9.1"), ("sm_120f", "9.1")),
        ),
        ptx=(
            "cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.bf16x2 d, a;",
        ),
        upstream=False,
        note=(
            "Newer than LLVM 22 (present in upstream main, not in any released tool here); no ODS "
            "was available, so operand/attribute names and the format follow the sibling op "
            "nvvm.convert.f16x2.to.f8x2 and the printed form seen in upstream's conversion tests."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f32x2.to.f4x2",
        summary="Pack two f32 into two 4-bit floats",
        explanation="Converts two f32 to e2m1 and packs them into one i8.",
        operands=(
            OperandFact("a", "f32"),
            OperandFact("b", "f32"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i8"),
        ),
        formats=(
            "$a `,` $b attr-dict `:` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.satfinite.e2m1x2.f32 on the sm_100f, "
                "sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ),
            also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "cvt.rn.satfinite{.relu}.e2m1x2.f32 d, a, b;",
        ),
        note="Example: `%r = nvvm.convert.f32x2.to.f4x2 %a, %b : i8 (f4E2M1FN)`.",
    ),
    OpFacts(
        name="nvvm.convert.f8x2.to.f16x2",
        summary="Unpack two 8-bit floats to f16x2",
        explanation="Widens a pair of e4m3/e5m2 values to vector<2xf16>.",
        operands=(
            OperandFact("src", "vector<2xi8>"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("srcType", "type"),
        ),
        results=(
            ResultFact("dst", "vector<2xf16>"),
        ),
        formats=(
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
        ),
        requirement=Requirement(
            "sm_89",
            "8.1",
            (
                "ptxas 13.0: cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} needs sm_89 with PTX 8.1, while "
                "sm_90 and later accept it from PTX 7.8 (sm_90a from its 8.0)."
            ),
            also=(("sm_90", "7.8"),),
        ),
        ptx=(
            "cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a;",
        ),
        note=(
            "Example: `%r = nvvm.convert.f8x2.to.f16x2 %v : vector<2xi8> (f8E4M3FN) -> "
            "vector<2xf16>`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f8x2.to.bf16x2",
        summary="Unpack two ue8m0 values to bf16x2",
        explanation="Widens a pair of ue8m0 scales to vector<2xbf16>.",
        operands=(
            OperandFact("src", "vector<2xi8>"),
        ),
        attributes=(
            AttributeFact("srcType", "type"),
        ),
        results=(
            ResultFact("dst", "vector<2xbf16>"),
        ),
        formats=(
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.bf16x2.ue8m0x2 on the sm_100f, "
                "sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ),
            also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "cvt.rn.bf16x2.ue8m0x2 d, a;",
        ),
        note=(
            "Example: `%r = nvvm.convert.f8x2.to.bf16x2 %v : vector<2xi8> (f8E8M0FNU) -> "
            "vector<2xbf16>`. LLVM 22 takes only f8E8M0FNU; newer NVVM (the bindings) also takes "
            "f8E4M3FN / f8E5M2, which become cvt.rn.scaled::n2::ue8m0.bf16x2.{e4m3x2,e5m2x2} with "
            "unit scales (PTX ISA 9.2 on the sm_100f/sm_110f/sm_120f families)."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f6x2.to.f16x2",
        summary="Unpack two 6-bit floats to f16x2",
        explanation="Widens a pair of e2m3/e3m2 values to vector<2xf16>.",
        operands=(
            OperandFact("src", "vector<2xi8>"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("srcType", "type"),
        ),
        results=(
            ResultFact("dst", "vector<2xf16>"),
        ),
        formats=(
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.f16x2.{e2m3x2,e3m2x2} on the sm_100f, "
                "sm_110f and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), "
                "sm_110a/110f (9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain "
                "target and sm_90a."
            ),
            also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "cvt.rn{.relu}.f16x2.{e2m3x2,e3m2x2} d, a;",
        ),
        note=(
            "Example: `%r = nvvm.convert.f6x2.to.f16x2 %v : vector<2xi8> (f6E2M3FN) -> "
            "vector<2xf16>`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f6x2.to.bf16x2",
        summary="Unpack two 6-bit floats to bf16x2",
        explanation="Widens a pair of e2m3/e3m2 values to vector<2xbf16>.",
        operands=(
            OperandFact("src", "vector<2xi8>"),
        ),
        attributes=(
            AttributeFact("srcType", "type"),
        ),
        results=(
            ResultFact("dst", "vector<2xbf16>"),
        ),
        formats=(
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
        ),
        requirement=Requirement(
            "sm_100f",
            "9.2",
            (
                "LLVM's NVPTX back end selects cvt.rn.scaled::n2::ue8m0.bf16x2.{e2m3x2,e3m2x2} "
                "(with unit scales 0x7F7F) from PTX ISA 9.2 on the sm_100f/sm_110f/sm_120f families "
                "(hasNarrowFPToBF16x2ConversionSupport). ptxas 13.0 stops at PTX 9.0, so this is "
                "unverified with ptxas."
            ),
            also=(("sm_110f", "9.2"), ("sm_120f", "9.2")),
        ),
        ptx=(
            "cvt.rn.scaled::n2::ue8m0.bf16x2.{e2m3x2,e3m2x2} d, a, scale;",
        ),
        upstream=False,
        note=(
            "Newer than LLVM 22 (present in upstream main, not in any released tool here); no ODS "
            "was available, so operand/attribute names and the format follow the sibling op "
            "nvvm.convert.f6x2.to.f16x2 and the printed form seen in upstream's conversion tests."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f4x2.to.f16x2",
        summary="Unpack two 4-bit floats to f16x2",
        explanation="Widens the two e2m1 values packed in an i8 to vector<2xf16>.",
        operands=(
            OperandFact("src", "i8"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("srcType", "type"),
        ),
        results=(
            ResultFact("dst", "vector<2xf16>"),
        ),
        formats=(
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
        ),
        requirement=Requirement(
            "sm_100f",
            "8.6",
            (
                "No ODS annotation. ptxas 13.0 assembles cvt.rn.f16x2.e2m1x2 on the sm_100f, sm_110f "
                "and sm_120f families: sm_100a (PTX 8.6), sm_100f/103a/103f (8.8), sm_110a/110f "
                "(9.0), sm_120a (8.7), sm_120f/121a/121f (8.8); it rejects every plain target and "
                "sm_90a."
            ),
            also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        ptx=(
            "cvt.rn{.relu}.f16x2.e2m1x2 d, a;",
        ),
        note="Example: `%r = nvvm.convert.f4x2.to.f16x2 %v : i8 (f4E2M1FN) -> vector<2xf16>`.",
    ),
    OpFacts(
        name="nvvm.convert.f4x2.to.bf16x2",
        summary="Unpack two 4-bit floats to bf16x2",
        explanation="Widens the two e2m1 values packed in an i8 to vector<2xbf16>.",
        operands=(
            OperandFact("src", "i8"),
        ),
        attributes=(
            AttributeFact("srcType", "type"),
        ),
        results=(
            ResultFact("dst", "vector<2xbf16>"),
        ),
        formats=(
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
        ),
        requirement=Requirement(
            "sm_100f",
            "9.2",
            (
                "LLVM's NVPTX back end selects cvt.rn.scaled::n2::ue8m0.bf16x2.e2m1x2 (with unit "
                "scales 0x7F7F) from PTX ISA 9.2 on the sm_100f/sm_110f/sm_120f families "
                "(hasNarrowFPToBF16x2ConversionSupport). ptxas 13.0 stops at PTX 9.0, so this is "
                "unverified with ptxas."
            ),
            also=(("sm_110f", "9.2"), ("sm_120f", "9.2")),
        ),
        ptx=(
            "cvt.rn.scaled::n2::ue8m0.bf16x2.e2m1x2 d, a, scale;",
        ),
        upstream=False,
        note=(
            "Newer than LLVM 22 (present in upstream main, not in any released tool here); no ODS "
            "was available, so operand/attribute names and the format follow the sibling op "
            "nvvm.convert.f4x2.to.f16x2 and the printed form seen in upstream's conversion tests."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f32x4.to.f8x4",
        summary="Pack four f32 into 8-bit floats (stochastic)",
        explanation=(
            "Stochastically rounds four f32 to e4m3/e5m2 with saturation, returning vector<4xi8>."
        ),
        operands=(
            OperandFact("src", "vector<4xf32>"),
            OperandFact("rbits", "i32"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "vector<4xi8>"),
        ),
        formats=(
            "$src `,` $rbits attr-dict `:` type($src) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100a",
            "8.7",
            (
                "ODS: NVVMRequiresSMa<[100, 103]>. ptxas 13.0 accepts "
                "cvt.rs.satfinite.{e4m3x4,e5m2x4}.f32 only on sm_100a (PTX 8.7) and sm_103a (PTX "
                "8.8); sm_100f/103f, sm_110a and sm_120a reject `.rs`."
            ),
            also=(("sm_103a", "8.8"),),
        ),
        ptx=(
            "cvt.rs.satfinite{.relu}.{e4m3x4,e5m2x4}.f32 d, {a, b, c, e}, rbits;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%r = nvvm.convert.f32x4.to.f8x4 %v, %rbits : vector<4xf32> -> vector<4xi8> "
            "(f8E4M3FN)`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f32x4.to.f6x4",
        summary="Pack four f32 into 6-bit floats (stochastic)",
        explanation=(
            "Stochastically rounds four f32 to e2m3/e3m2 with saturation, returning vector<4xi8>."
        ),
        operands=(
            OperandFact("src", "vector<4xf32>"),
            OperandFact("rbits", "i32"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "vector<4xi8>"),
        ),
        formats=(
            "$src `,` $rbits attr-dict `:` type($src) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100a",
            "8.7",
            (
                "ODS: NVVMRequiresSMa<[100, 103]>. ptxas 13.0 accepts "
                "cvt.rs.satfinite.{e2m3x4,e3m2x4}.f32 only on sm_100a (PTX 8.7) and sm_103a (PTX "
                "8.8); sm_100f/103f, sm_110a and sm_120a reject `.rs`."
            ),
            also=(("sm_103a", "8.8"),),
        ),
        ptx=(
            "cvt.rs.satfinite{.relu}.{e2m3x4,e3m2x4}.f32 d, {a, b, c, e}, rbits;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%r = nvvm.convert.f32x4.to.f6x4 %v, %rbits : vector<4xf32> -> vector<4xi8> "
            "(f6E2M3FN)`."
        ),
    ),
    OpFacts(
        name="nvvm.convert.f32x4.to.f4x4",
        summary="Pack four f32 into 4-bit floats (stochastic)",
        explanation="Stochastically rounds four f32 to e2m1 with saturation, returning i16.",
        operands=(
            OperandFact("src", "vector<4xf32>"),
            OperandFact("rbits", "i32"),
        ),
        attributes=(
            AttributeFact("relu", "bool", default="false", optional=True),
            AttributeFact("dstTy", "type"),
        ),
        results=(
            ResultFact("dst", "i16"),
        ),
        formats=(
            "$src `,` $rbits attr-dict `:` type($src) `->` type($dst) `(` $dstTy `)`",
        ),
        requirement=Requirement(
            "sm_100a",
            "8.7",
            (
                "ODS: NVVMRequiresSMa<[100, 103]>. ptxas 13.0 accepts cvt.rs.satfinite.e2m1x4.f32 "
                "only on sm_100a (PTX 8.7) and sm_103a (PTX 8.8); sm_100f/103f, sm_110a and sm_120a "
                "reject `.rs`."
            ),
            also=(("sm_103a", "8.8"),),
        ),
        ptx=(
            "cvt.rs.satfinite{.relu}.e2m1x4.f32 d, {a, b, c, e}, rbits;",
        ),
        traits=("Pure",),
        note=(
            "Example: `%r = nvvm.convert.f32x4.to.f4x4 %v, %rbits : vector<4xf32> -> i16 "
            "(f4E2M1FN)`."
        ),
    ),
)


# ---------------------------------------------------------------------- debuginfo
DEBUGINFO_OPS: tuple[OpFacts, ...] = (
    OpFacts(
        name="debuginfo.value",
        summary="Source variable of a value, for debuggers",
        explanation=(
            "Says that a source variable holds this SSA value from here on; it has no effect on "
            "what the kernel computes. The lowering keeps the value alive in a register and "
            "records it with `llvm.intr.dbg.value`, one record per scalar piece of an aggregate."
        ),
        operands=(
            OperandFact("value", "any"),
        ),
        attributes=(
            AttributeFact("varInfo", "#llvm.di_local_variable"),
            AttributeFact("locationExpr", "#llvm.di_expression"),
        ),
        formats=(
            "$value `,` $varInfo `,` $locationExpr attr-dict `:` type($value)",
        ),
        upstream=False,
        note=(
            "An op of the reference toolchain, not of upstream MLIR. Example: `debuginfo.value %x, "
            "#var_x, #llvm.di_expression<> : f32` with `#var_x = #llvm.di_local_variable<...>` "
            "defined at the top of the file."
        ),
    ),
)


# ---------------------------------------------------------------------- index
_GROUPS: tuple[tuple[OpFacts, ...], ...] = (
    BUILTIN_OPS,
    FUNC_OPS,
    CF_OPS,
    SCF_OPS,
    ARITH_OPS,
    MEMREF_OPS,
    VECTOR_OPS,
    GPU_OPS,
    LLVM_OPS,
    NVVM_OPS,
    DEBUGINFO_OPS,
)

SURROUNDING_OPS: dict[str, OpFacts] = {op.name: op for group in _GROUPS for op in group}
"""Every op of this module, keyed by its full name (``dialect.mnemonic``)."""

assert len(SURROUNDING_OPS) == sum(len(group) for group in _GROUPS), "duplicate op name"
