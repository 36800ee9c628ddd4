"""The records a model index holds.

Plain slotted dataclasses: they pickle fast (the warm-load path) and read without a schema. An
:class:`Element` stands for every IfcObjectDefinition ifcqa indexes: products (walls, doors,
storeys, spaces...), type objects (IfcWallType...), groups and systems, and the project itself.
"""

from __future__ import annotations

import pickle
from dataclasses import MISSING, dataclass, field, fields
from types import MappingProxyType
from typing import Any, NamedTuple

from ifcqa.ifc.diagnostics import ParseWarning
from ifcqa.ifc.units import Unit

INDEX_FORMAT = 9  # bump when a record changes: old cache entries are then ignored


class Value(NamedTuple):
    """A property or quantity value, typed, with its unit and where it was set.

    Attributes:
        value: ``bool``, ``int``, ``float``, ``str``, a list of these, or ``None`` (no value).
        kind: ``bool``, ``logical`` (IfcLogical UNKNOWN), ``number``, ``text``, ``enum``, ``list``,
            ``bounded``, ``table``, ``reference`` or ``complex``.
        measure: the IFC measure class (``IfcLengthMeasure``) or quantity class (``IfcQuantityArea``).
        unit: the unit symbol the value is stated in (``m``, ``m²``), or ``None``.
        source: ``occurrence`` or ``type`` (set on the element's type object).
    """

    value: Any
    kind: str
    measure: str | None = None
    unit: str | None = None
    source: str = "occurrence"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # tuple.__new__ is a C call; the default goes through NamedTuple's Python __new__ per value.
        return (tuple.__new__, (Value, tuple(self)))


class EntityRef(NamedTuple):
    """A reference to another entity of the file, as an attribute value: its step id and class."""

    id: int
    ifc_class: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (tuple.__new__, (EntityRef, tuple(self)))


class Boundary(NamedTuple):
    """One IfcRelSpaceBoundary of a space.

    Attributes:
        rel: the step id of the IfcRelSpaceBoundary.
        element: the bounding element's step id (``None`` for a virtual boundary without one).
        physical: PhysicalOrVirtualBoundary (``PHYSICAL``, ``VIRTUAL``, ``NOTDEFINED``) or ``None``.
        internal: InternalOrExternalBoundary (``INTERNAL``, ``EXTERNAL``, ``EXTERNAL_EARTH``...) or ``None``.
        level: ``1`` or ``2`` for IfcRelSpaceBoundary1stLevel / 2ndLevel, else ``None``.
        other_space: for a 2nd-level boundary, the space of its CorrespondingBoundary (the one across).
    """

    rel: int
    element: int | None
    physical: str | None
    internal: str | None
    level: int | None = None
    other_space: int | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (tuple.__new__, (Boundary, tuple(self)))


class Layer(NamedTuple):
    """One layer of a material layer set: its material, thickness (model length unit) and name."""

    material: str | None
    thickness: float | None
    name: str | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (tuple.__new__, (Layer, tuple(self)))


@dataclass
class Element:
    """Facts about one IfcObjectDefinition (a product, type, group/system or the project).

    Relations hold step ids of other records in the same index. Lists are sorted by id. Records are
    read-only once built: a warm-loaded record shares immutable empty defaults (see ``__getstate__``).
    """

    id: int
    guid: str
    ifc_class: str
    name: str | None = None
    # "shared" (another entity of the file has this GlobalId) or "empty"; None: the GlobalId identifies it
    guid_issue: str | None = None
    description: str | None = None
    object_type: str | None = None
    tag: str | None = None
    predefined_type: str | None = None  # as ifcopenshell.util.element.get_predefined_type gives it
    element_type: str | None = None  # a type object's ElementType / ProcessType
    long_name: str | None = None
    elevation: float | None = None  # storeys, in the model's length unit
    # spatial structure
    container: int | None = None  # direct IfcRelContainedInSpatialStructure
    storey: int | None = None  # resolved storey (see ``storey_via``)
    storey_via: str | None = None  # contained | space | aggregate | host | self
    building: int | None = None
    site: int | None = None  # the IfcSite above the element (through storey, building, container, parent)
    # decomposition
    parent: int | None = None  # IfcRelAggregates RelatingObject
    parts: list[int] = field(default_factory=list)
    # a part of a type's template (aggregated or nested under a type object, not in the building): that type
    template_of: int | None = None
    # types
    type: int | None = None  # IfcRelDefinesByType RelatingType
    instances: list[int] = field(default_factory=list)  # for type objects
    # properties and quantities: set name -> property name -> value (type values overridden)
    psets: dict[str, dict[str, Value]] = field(default_factory=dict)
    qtos: dict[str, dict[str, Value]] = field(default_factory=dict)
    # set names defined more than once for this element (occurrence and type, or twice on one)
    ambiguous_sets: list[str] = field(default_factory=list)
    # materials
    materials: list[str] = field(default_factory=list)
    material_kind: str | None = None  # IfcMaterial, IfcMaterialLayerSetUsage, ...
    material_set: str | None = None  # name of the layer/profile/constituent set, if any
    material_source: str | None = None  # occurrence | type
    layers: list[Layer] = field(default_factory=list)  # the layers of a layer set, outside in
    # openings and fillings
    voids: int | None = None  # for an opening: the element it voids
    openings: list[int] = field(default_factory=list)  # for a host: its openings
    fills: int | None = None  # for a door/window: the opening it fills
    host: int | None = None  # for a door/window: the element hosting its opening
    fillings: list[int] = field(default_factory=list)  # for a host: doors/windows in its openings
    # space boundaries (IfcRelSpaceBoundary)
    bounded_by: list[int] = field(default_factory=list)  # for a space: elements bounding it
    bounds: list[int] = field(default_factory=list)  # for an element: spaces it bounds
    boundaries: list[Boundary] = field(default_factory=list)  # for a space: each boundary with its flags
    # groups and systems (IfcRelAssignsToGroup)
    groups: list[int] = field(default_factory=list)  # for an element: its groups/systems
    members: list[int] = field(default_factory=list)  # for a group/system: its members
    # every attribute of the entity's class, in schema order: values unwrapped, references as EntityRef
    attributes: dict[str, Any] = field(default_factory=dict)

    def __getstate__(self) -> dict[str, Any]:
        # Pickle only what is set: most fields are empty for most elements, and the warm load (one
        # pickle.load) is dominated by per-object work. Absent fields fall back to the class-level
        # empty defaults installed below. Property and quantity sets, the bulk of an index, travel as
        # one opaque blob per element and are unpickled on first access (see __getattr__).
        state = {  # id, guid (None for an unset GlobalId) and class always: they have no class-level default
            k: v
            for k, v in self.__dict__.items()
            if k not in _LAZY and (k in _KEPT or (v is not None and v != [] and v != {}))
        }
        if "psets" not in self.__dict__ and "_sets" in self.__dict__:
            state["_sets"] = self.__dict__["_sets"]  # loaded but never read: pass the blob on as it is
        elif self.psets or self.qtos or self.attributes:
            blob = (self.psets, self.qtos, self.attributes)
            state["_sets"] = pickle.dumps(blob, protocol=pickle.HIGHEST_PROTOCOL)
        return state

    def __getattr__(self, name: str) -> Any:
        # Only called when normal lookup fails: i.e. psets/qtos of a warm-loaded record, not yet read.
        if name not in _LAZY:
            raise AttributeError(name)
        blob = self.__dict__.pop("_sets", None)
        psets, qtos, attributes = pickle.loads(blob) if blob else ({}, {}, {})
        self.__dict__["psets"], self.__dict__["qtos"], self.__dict__["attributes"] = psets, qtos, attributes
        return self.__dict__[name]


_LAZY = ("psets", "qtos", "attributes")
_KEPT = frozenset(("id", "guid", "ifc_class", *_LAZY))  # the lazy sets are read together (see __getattr__)


def compact(element: Element) -> None:
    """Drop the fields that hold nothing (``None``, an empty list or dict) from a built record's ``__dict__``.

    They then read from the class-level defaults (``None``, ``()``, an empty read-only mapping), as on a
    warm-loaded record: a cold index holds what a warm one holds, instead of some 40 slots per record.
    The property/quantity/attribute dicts stay (``__getattr__`` restores those three together). Only for
    records that are finished (no more appends).
    """
    state = element.__dict__
    for key in [k for k, v in state.items() if (v is None or (type(v) in (list, dict) and not v)) and k not in _KEPT]:
        del state[key]


def _install_empty_defaults() -> None:
    for f in fields(Element):
        if f.name in _LAZY:
            continue  # no class attribute, so that a missing value reaches __getattr__
        if f.default is MISSING and f.default_factory is list:
            setattr(Element, f.name, ())
        elif f.default is MISSING and f.default_factory is dict:
            setattr(Element, f.name, MappingProxyType({}))


_install_empty_defaults()


@dataclass(slots=True)
class SourceInfo:
    """Where an index came from."""

    path: str
    sha256: str
    size: int
    schema: str
    max_id: int  # the highest step id: a free upper bound on the entity count


@dataclass(slots=True)
class IndexData:
    """Everything an index holds; what the cache stores."""

    format: int
    source: SourceInfo
    units: dict[str, Unit]
    elements: dict[int, Element]
    project: int | None
    storeys: list[int]  # sorted by elevation, then name
    ancestors: dict[str, tuple[str, ...]]  # class -> the class and its supertypes
    guids: dict[str, int]  # GlobalId -> step id, for the GlobalIds that identify one entity of the file
    by_class: dict[str, list[int]]  # exact class -> sorted step ids
    build_seconds: float = 0.0
    warnings: list[ParseWarning] = field(default_factory=list)  # recoverable problems of the file
    step_ids: bytes = b""  # a bitmap of every step id in the file (bit i set: entity #i exists)
    length_digits: int = 6  # decimals that resolve a micrometre in the model's length unit
    # GlobalId -> (step id, class) of every entity holding it, for GlobalIds two or more entities share
    shared_guids: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    def has_step_id(self, step_id: int) -> bool:
        """Whether the file holds an entity with this step id (indexed or not)."""
        byte = step_id >> 3
        return step_id >= 0 and byte < len(self.step_ids) and bool(self.step_ids[byte] & (1 << (step_id & 7)))
