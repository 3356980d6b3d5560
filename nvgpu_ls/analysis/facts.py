"""The schema of the op-facts table.

Every consumer — the parser (custom assembly syntax), the verifiers (operand kinds,
attributes, enum values), the target gate (SM floor, PTX ISA minimum), hover (the
explanation) and the lowering (what an op becomes) — reads these records.  They are
plain frozen data so that one table can serve all of them without copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class OperandFact:
    """One operand group of an op, named as in upstream's ODS definition."""

    name: str
    kind: str
    """The type constraint in words a type checker can dispatch on, e.g. ``memref``,
    ``index``, ``i1``, ``vector``, ``!nvgpu.mbarrier.group``, ``any``."""
    variadic: bool = False
    optional: bool = False
    doc: str = ""
    constraint: str = ""
    """The registry's name of upstream's ODS constraint (``SignlessIntegerOrIndexLike``), when the
    facts were generated from it; its summary is the wording of upstream's diagnostics."""
    builds: str = ""
    """The type the constraint builds (``index``, ``i1``, ``!nvgpu.mbarrier.token``): the type a
    declarative format gives the operand when it does not spell one."""


@dataclass(frozen=True)
class AttributeFact:
    """One attribute (inherent attribute or property) of an op."""

    name: str
    kind: str
    """``i32``, ``i64``, ``unit``, ``bool``, ``f32``, ``string``, ``enum``,
    ``array<i64>``, ``dense_i64_array``, ``type``, ``symbol``..."""
    enum: tuple[str, ...] = ()
    """Allowed spellings when ``kind == "enum"``."""
    enum_attr: str = ""
    """The attribute's own syntax for an enum, e.g. ``#nvgpu.rcp_rounding_mode``."""
    default: str | None = None
    optional: bool = False
    doc: str = ""
    constraint: str = ""
    """The registry's name of upstream's ODS constraint, when generated (see ``OperandFact``)."""
    syntax: str = ""
    """How a declarative format spells the value, when generated: ``keyword`` (a bare enum case,
    ``slt``), ``angle`` (an enum case in angle brackets, ``<rn>``), ``dialect`` (the dialect
    attribute's own syntax without its ``#dialect.mnemonic``), or ``""`` (by ``kind``)."""
    enum_type: str = ""
    """The C++ name of the enum (``::mlir::NVVM::FPRoundingMode``), as upstream's messages name it."""
    separator: str = ""
    """For a bit enum, what separates its cases (``|`` or ``,``); empty for a plain enum."""


@dataclass(frozen=True)
class ResultFact:
    """One result group of an op."""

    name: str
    kind: str
    variadic: bool = False
    optional: bool = False
    doc: str = ""
    constraint: str = ""
    """The registry's name of upstream's ODS constraint, when generated (see ``OperandFact``)."""
    builds: str = ""
    """The type the constraint builds (see ``OperandFact``)."""


@dataclass(frozen=True)
class TypeRelation:
    """Types of an op's operands and results that upstream's ODS ties together, which a declarative
    format uses to give a value the type it does not spell: ``same`` (``AllTypesMatch``,
    ``SameOperandsAndResultType``, ``SameTypeOperands``: every named value has one type) or
    ``with`` (``TypesMatchWith``: ``names[1]``'s type is ``transform`` of ``names[0]``'s)."""

    kind: str
    names: tuple[str, ...]
    transform: str = ""
    """For ``with``: ``same``, ``element`` (the element type), ``i1-same-shape`` (``i1`` in the
    shape of the source); empty when upstream's transformer is not modelled."""


@dataclass(frozen=True)
class RegionFact:
    """One region of an op: its ODS name and constraint (``SizedRegion<1>``: one block)."""

    name: str
    constraint: str = ""
    variadic: bool = False


@dataclass(frozen=True)
class SuccessorFact:
    """One successor (block operand) group of an op."""

    name: str
    variadic: bool = False


@dataclass(frozen=True)
class Requirement:
    """What a GPU and its PTX ISA must offer for an op to be legal.

    ``sm`` is the lowest architecture, written as ptxas spells it (``sm_80``,
    ``sm_90a``); an ``a`` suffix means the architecture-specific feature set, which
    later architectures do not inherit. ``ptx`` is the lowest PTX ISA version as
    ``"major.minor"``.
    """

    sm: str
    ptx: str
    note: str = ""
    also: tuple[tuple[str, str], ...] = ()
    """Further ``(sm, ptx)`` pairs that accept the op too; the requirement is met when
    ``(sm, ptx)`` or any of these is. Needed where ptxas accepts an instruction on
    several architecture-specific or family targets (``sm_100a`` *or* ``sm_103a``),
    or from an older PTX ISA on a newer architecture (fp8 ``cvt``: sm_89 with PTX 8.1,
    sm_90 already with PTX 7.8). An ``f`` suffix (``sm_100f``) names a family feature:
    met by the ``f`` and ``a`` targets of the same family (same major version) from
    that minor version on (sm_100f, sm_100a, sm_103f, sm_103a)."""


@dataclass(frozen=True)
class RequirementForm:
    """The requirement of one instance form of an op whose requirement depends on its
    operand types or attributes (``nvgpu.mma.sync`` by shape and element type,
    ``nvgpu.extf`` / ``nvgpu.truncf`` by source and destination type and rounding).

    ``key`` is the form as the target gate spells it for an instance (e.g.
    ``m16n8k16.f16``, ``f8E4M3FN->*``, ``f32->f16.rs``; each op's facts say how its keys
    read). ``requirement`` None means the form lowers to ordinary instructions that every
    target has, so it is not gated.
    """

    key: str
    requirement: Requirement | None


@dataclass(frozen=True)
class OpFacts:
    """Everything the project knows about one op."""

    name: str
    summary: str
    explanation: str
    operands: tuple[OperandFact, ...] = ()
    attributes: tuple[AttributeFact, ...] = ()
    results: tuple[ResultFact, ...] = ()
    formats: tuple[str, ...] = ()
    """Accepted custom assembly forms in upstream's declarative-format notation,
    newest first. An op with an empty tuple has only the generic form."""
    requirement: Requirement | None = None
    requirement_forms: tuple[RequirementForm, ...] = ()
    """Per-instance refinements of ``requirement`` (see :class:`RequirementForm`); an
    instance whose form is not listed is held to ``requirement``, the op's floor."""
    lowers_to: tuple[str, ...] = ()
    """The NVVM/LLVM ops the conversion emits for it."""
    ptx: tuple[str, ...] = ()
    """The PTX instruction form(s) the op ends up as."""
    upstream: bool = True
    """False for ops that the project's reference describes beyond today's upstream."""
    traits: tuple[str, ...] = ()
    """Structural traits that matter to analysis, e.g. ``IsolatedFromAbove``,
    ``Terminator``, ``Symbol``, ``SameOperandsAndResultType``."""
    note: str = ""
    regions: tuple[RegionFact, ...] = ()
    successors: tuple[SuccessorFact, ...] = ()
    parser: str = "format"
    """How upstream reads the custom form: ``format`` (a declarative assembly format, ``formats``),
    ``custom`` (a hand-written parser) or ``generic`` (only the generic form)."""
    verifier: bool = False
    """Whether upstream runs a hand-written verifier after the ODS checks."""
    type_relations: tuple[TypeRelation, ...] = ()
    """How the op's value types are tied together (generated from ODS traits)."""

    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def mnemonic(self) -> str:
        return self.name.split(".", 1)[1]

    def attribute(self, name: str) -> AttributeFact | None:
        """The attribute called ``name``, if the op has one."""
        for attr in self.attributes:
            if attr.name == name:
                return attr
        return None


@dataclass(frozen=True)
class OpWords:
    """The project's own words and measurements about an op whose structure is generated: what
    hover, completion and the target gate show beside the structure upstream's ODS gives."""

    summary: str = ""
    explanation: str = ""
    requirement: Requirement | None = None
    requirement_forms: tuple[RequirementForm, ...] = ()
    lowers_to: tuple[str, ...] = ()
    ptx: tuple[str, ...] = ()
    docs: tuple[tuple[str, str], ...] = ()
    """A note on each operand, attribute or result, by ODS name."""
    era_formats: tuple[str, ...] = ()
    """The op's formats in the eras after LLVM 22, where they are not the strict-property variant
    ``ods.strict_property_variant`` derives (they replace it)."""
    era_attributes: tuple[AttributeFact, ...] = ()
    """Attributes only the eras after LLVM 22 have (written in the attribute dictionary)."""
    note: str = ""


def requirement_forms(table: dict[str, Requirement | None]) -> tuple[RequirementForm, ...]:
    """``RequirementForm``s from a table of form key → requirement."""
    return tuple(RequirementForm(key, requirement) for key, requirement in table.items())


@dataclass(frozen=True)
class TypeParamFact:
    """One parameter of a dialect type, as written inside its ``<...>``."""

    name: str
    kind: str
    enum: tuple[str, ...] = ()
    default: str | None = None
    doc: str = ""


@dataclass(frozen=True)
class TypeFacts:
    """A dialect type: its spelling, parameters and what it means."""

    name: str
    """Full spelling without the ``!``, e.g. ``nvgpu.mbarrier.group``."""
    summary: str
    explanation: str
    params: tuple[TypeParamFact, ...] = ()
    lowers_to: str = ""


@dataclass(frozen=True)
class EnumFacts:
    """A dialect enum attribute and its cases."""

    name: str
    """Attribute spelling without ``#``, e.g. ``nvgpu.tensormap.swizzle``."""
    cases: tuple[str, ...]
    summary: str = ""
    case_docs: dict[str, str] = field(default_factory=dict)
    def __hash__(self) -> int:  # frozen dataclass with a dict field
        return hash((self.name, self.cases))
