"""Tools that follow relationships: types, materials, spatial structure, openings, space boundaries, groups.

Every answer comes from the index, which read each objectified relationship (IfcRelDefinesByType,
IfcRelAssociatesMaterial, IfcRelContainedInSpatialStructure, IfcRelAggregates, IfcRelVoidsElement,
IfcRelFillsElement, IfcRelSpaceBoundary, IfcRelAssignsToGroup) once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Literal

from ifcqa.errors import ToolError
from ifcqa.index.model_index import NAME_PREFIX, ModelIndex
from ifcqa.index.records import Boundary, Element
from ifcqa.tools.batch import among, among_head, filtered, page_of
from ifcqa.tools.paths import matching
from ifcqa.tools.registry import tool
from ifcqa.tools.results import DEFAULT_PAGE, label, paginate, ref, round_number

_PARTS_SHOWN = 30
_SHARED_SHOWN = 5


def _ref_of(index: ModelIndex, element_id: int | None) -> dict[str, Any] | None:
    return ref(index.data.elements.get(element_id)) if element_id is not None else None


def _page_of_refs(
    index: ModelIndex,
    ids: Sequence[int],
    offset: int,
    limit: int,
    key: str,
    head: dict[str, Any],
    elements: list[str] | None = None,
    compact: bool = False,
) -> dict[str, Any]:
    """A page of records (kept to the ``elements`` filter when one is given) under ``key``."""
    wanted, unknown = among(index, elements)
    records = filtered(index.records(ids), wanted)
    return page_of(records, offset, limit, key, head | among_head(wanted, unknown), compact)


def _type_row(index: ModelIndex, type_element: Element) -> dict[str, Any]:
    row = ref(type_element) or {}
    return row | {"predefined_type": type_element.predefined_type, "instance_count": len(type_element.instances)}


def _is_type(index: ModelIndex, element: Element) -> bool:
    return index.is_a(element, "IfcTypeObject")


@tool("types")
def get_type(index: ModelIndex, element: str) -> dict[str, Any]:
    """The type object that defines an element (IfcRelDefinesByType), with its name and instance count, or null.

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
    """
    e = index.get(element)
    out: dict[str, Any] = {"element": ref(e), "type": None}
    if e.type is not None:
        out["type"] = _type_row(index, index.data.elements[e.type])
    elif _is_type(index, e):
        out["note"] = "This element is itself a type object; get_type_instances lists its instances."
    return out


@tool("types")
def list_types(
    index: ModelIndex, ifc_class: str | None = None, offset: int = 0, limit: int = DEFAULT_PAGE
) -> dict[str, Any]:
    """The type objects of the model (IfcWallType, IfcDoorStyle, ...) with their number of instances.

    Args:
        ifc_class: a type class (IfcDoorType) or an occurrence class (IfcDoor: types having door instances).
        offset: first type to return (for the next page).
        limit: page size (at most 200).
    """
    types = [e for e in index.elements() if _is_type(index, e)]
    if ifc_class:
        canonical = index.canonical_class(ifc_class)
        types = [
            t for t in types
            if index.is_a(t, canonical) or any(index.is_a(i, canonical) for i in index.records(t.instances))
        ]
    return paginate(types, offset, limit, lambda page: {"types": [_type_row(index, t) for t in page]})


def _resolve_type(index: ModelIndex, reference: str) -> Element:
    """A type object by GlobalId, step id or Name ('name:X' reads X as a Name); Names count among types only."""
    text = reference.strip()
    as_name = text.lower().startswith(NAME_PREFIX)
    if as_name:
        reference = text[len(NAME_PREFIX) :].strip()
    if not as_name and reference.strip() in index.data.shared_guids:
        index.resolve(reference)  # a GlobalId several entities share: the error names their step ids
    found = None if as_name else index.find(reference)
    if found is not None:
        if not _is_type(index, found):
            raise ToolError(f"{reference!r} is an {found.ifc_class}, not a type object. Use get_type to find its type.")
        return found
    wanted = reference.strip().lower()
    named = [e for e in index.elements() if _is_type(index, e) and (e.name or "").lower() == wanted]
    if len(named) == 1:
        return named[0]
    if named:
        guids = ", ".join(index.key(e) for e in named[:10])
        raise ToolError(f"Type name {reference!r} is used by {len(named)} type objects ({guids}); pass a GlobalId.")
    raise ToolError(f"No type object {reference!r}. Use list_types to get valid type names and GlobalIds.")


@tool("types")
def get_type_instances(
    index: ModelIndex,
    type: str,
    elements: list[str] | None = None,
    compact: bool = False,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """The elements defined by a type object (its occurrences), with their count.

    Args:
        type: GlobalId, step id or unique Name of the type object (see list_types).
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "which of these".
        compact: rows as [id, guid, class, name] (and long_name when a row has one; see columns) instead of objects.
        offset: first instance to return (for the next page).
        limit: page size (at most 200; 0 for the count only).
    """
    type_element = _resolve_type(index, type)
    head = {"type": _type_row(index, type_element)}
    return _page_of_refs(index, type_element.instances, offset, limit, "instances", head, elements, compact)


@tool("materials")
def get_materials(index: ModelIndex, element: str) -> dict[str, Any]:
    """The material names of an element, with layer, profile and constituent sets resolved to their materials.

    Materials assigned to the element's type count ("source": "type"). A layer set also gives its
    layers in order with their thicknesses and the total (in thickness_unit, the model's length unit).

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
    """
    e = index.get(element)
    out: dict[str, Any] = {
        "element": ref(e),
        "materials": list(e.materials),
        "material_set": e.material_set,
        "kind": e.material_kind,
        "source": e.material_source,
    }
    if e.layers:
        out["layers"] = [
            {"material": layer.material, "thickness": layer.thickness}
            | ({"name": layer.name} if layer.name else {})
            for layer in e.layers
        ]
        thicknesses = [layer.thickness for layer in e.layers if layer.thickness is not None]
        out["total_thickness"] = round_number(sum(thicknesses)) if thicknesses else None
        out["thickness_unit"] = index.unit_symbol("LENGTHUNIT")
    return out


@tool("materials")
def find_by_material(
    index: ModelIndex,
    material: str,
    ifc_class: str | None = None,
    elements: list[str] | None = None,
    compact: bool = False,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """Elements using a material (directly, in a layer/profile/constituent set, or through their type).

    A common material has hundreds of users: give elements to ask "which of these use it" in one
    call, or limit=0 for the count only (count_elements with group_by=material counts per material).

    Args:
        material: material name as the file spells it (else ignoring case, else also leading/trailing spaces).
        ifc_class: only elements of this class (subclasses included), e.g. IfcWall.
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "which of these".
        compact: rows as [id, guid, class, name] (and long_name when a row has one; see columns) instead of objects.
        offset: first result to return (for the next page).
        limit: page size (at most 200; 0 for the count only).
    """
    known = sorted({m for e in index.data.elements.values() for m in e.materials if m is not None})
    wanted = set(matching(known, material))  # as the file spells it (spaces included), else ignoring case/spaces
    if not wanted:
        shown = ", ".join(repr(m) for m in known[:60]) or "none"
        raise ToolError(f"No element uses material {material!r}. Materials in this model: {shown}.")
    scope = index.by_class(ifc_class) if ifc_class else [e for e in index.elements() if index.is_a(e, "IfcProduct")]
    ids = [e.id for e in scope if wanted.intersection(e.materials)]
    return _page_of_refs(index, ids, offset, limit, "elements", {"material": material}, elements, compact)


@tool("spatial")
def get_spatial_context(index: ModelIndex, element: str) -> dict[str, Any]:
    """Where an element sits: its storey (and how it was reached), building, site, container, aggregate parent, parts.

    "via" says how the storey was found: contained (directly), space (in a space on the storey),
    aggregate (through the whole it is part of), host (a door/window through its wall), self.

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
    """
    e = index.get(element)
    storey = index.data.elements.get(e.storey) if e.storey is not None else None
    storey_row = (ref(storey) or {}) | {"elevation": storey.elevation, "via": e.storey_via} if storey else None
    return {
        "element": ref(e),
        "storey": storey_row,
        "elevation_unit": index.unit_symbol("LENGTHUNIT"),
        "building": _ref_of(index, e.building),
        "site": _ref_of(index, e.site),
        "container": _ref_of(index, e.container),
        "parent": _ref_of(index, e.parent),
        "parts": [ref(p) for p in index.records(e.parts[:_PARTS_SHOWN])],
        "parts_total": len(e.parts),
    }


@tool("spatial")
def list_buildings(index: ModelIndex, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """The buildings of the model, each with its storeys (sorted by elevation, in the model's length unit).

    Args:
        offset: first building to return (for the next page).
        limit: page size (at most 200).
    """

    def row(building: Element) -> dict[str, Any]:
        storeys = [s for s in index.records(index.storeys) if s.building == building.id]
        head = (ref(building) or {}) | ({} if building.name else {"label": label(building)})
        return head | {"storeys": [(ref(s) or {}) | {"elevation": s.elevation} for s in storeys]}

    buildings = index.by_class("IfcBuilding")
    unit = index.unit_symbol("LENGTHUNIT")
    return paginate(
        buildings, offset, limit, lambda page: {"buildings": [row(b) for b in page], "elevation_unit": unit}
    )


@tool("openings")
def get_openings(index: ModelIndex, host: str, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """The openings cut into a host element (wall, slab...) and the doors/windows filling them, with counts.

    Args:
        host: GlobalId, step id (#123) or unique Name of the host element.
        offset: first opening to return (for the next page).
        limit: page size (at most 200).
    """
    e = index.get(host)
    filled_by: dict[int, list[int]] = {}
    for filling in index.records(e.fillings):
        if filling.fills is not None:
            filled_by.setdefault(filling.fills, []).append(filling.id)
    head: dict[str, Any] = {"host": ref(e), "opening_count": len(e.openings), "filling_count": len(e.fillings)}
    if e.fills is not None:
        head["note"] = "This element fills an opening itself; get_host gives its host."

    def wrap(page: list[Element]) -> dict[str, Any]:
        rows = [(ref(o) or {}) | {"filled_by": [_ref_of(index, f) for f in filled_by.get(o.id, [])]} for o in page]
        return head | {"openings": rows}

    return paginate(index.records(e.openings), offset, limit, wrap)


@tool("openings")
def get_host(index: ModelIndex, element: str) -> dict[str, Any]:
    """For a door or window: the opening it fills and the element (wall, slab...) hosting that opening.

    Args:
        element: GlobalId, step id (#123) or unique Name of the door, window or opening.
    """
    e = index.get(element)
    opening = e.fills if e.fills is not None else (e.id if e.voids is not None else None)
    host = e.host if e.fills is not None else e.voids
    out: dict[str, Any] = {"element": ref(e), "opening": _ref_of(index, opening), "host": _ref_of(index, host)}
    if opening is None:
        out["reason"] = "The element fills no opening (no IfcRelFillsElement) and is no opening itself."
    return out


def _flags(boundary: Boundary) -> str:
    """``PHYSICAL EXTERNAL`` (``?`` for an unset flag)."""
    return f"{boundary.physical or '?'} {boundary.internal or '?'}"


def _flag_filter(physical: str | None, internal: str | None) -> Callable[[Boundary], bool]:
    want_p = physical.strip().upper() if physical else None
    want_i = internal.strip().upper() if internal else None

    def keep(b: Boundary) -> bool:
        return (want_p is None or b.physical == want_p) and (want_i is None or b.internal == want_i)

    return keep


def _no_boundaries_note(index: ModelIndex) -> dict[str, str]:
    if any(x.boundaries for x in index.data.elements.values()):
        return {}
    return {"note": "This model has no space boundaries (IfcRelSpaceBoundary)."}


@tool("boundaries")
def get_space_boundaries(
    index: ModelIndex,
    element: str,
    physical: str | None = None,
    internal: str | None = None,
    elements: list[str] | None = None,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """For a space: the elements bounding it, grouped by class; for a building element: the spaces it bounds.

    Read from IfcRelSpaceBoundary. Each row has flags, one "PHYSICAL|VIRTUAL INTERNAL|EXTERNAL" text
    per boundary (PhysicalOrVirtualBoundary, InternalOrExternalBoundary); counts_by_flags sums them and
    virtual_without_element counts boundaries with no element. A model without boundaries gives empty lists.

    Args:
        element: GlobalId, step id (#123), Name or LongName of a space or a building element.
        physical: keep boundaries with this PhysicalOrVirtualBoundary: PHYSICAL, VIRTUAL or NOTDEFINED.
        internal: keep boundaries with this InternalOrExternalBoundary: INTERNAL, EXTERNAL,
            EXTERNAL_EARTH, EXTERNAL_WATER, EXTERNAL_FIRE or NOTDEFINED.
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "which of these".
        offset: first bounding element (or space) to return (for the next page).
        limit: page size (at most 200).
    """
    e = index.get(element)
    keep = _flag_filter(physical, internal)
    wanted, unknown = among(index, elements)
    head: dict[str, Any] = {**_no_boundaries_note(index), **among_head(wanted, unknown)}
    if not index.is_a(e, "IfcSpace"):
        flags: dict[int, list[str]] = {}
        for space in index.records(e.bounds):
            for b in space.boundaries:
                if b.element == e.id and keep(b):
                    flags.setdefault(space.id, []).append(_flags(b))
        spaces = filtered(index.records(sorted(flags)), wanted)

        def wrap_spaces(page: list[Element]) -> dict[str, Any]:
            rows = [(ref(x) or {}) | {"flags": sorted(set(flags[x.id]))} for x in page]
            return {"element": ref(e), **head, "spaces": rows}

        return paginate(spaces, offset, limit, wrap_spaces)
    kept = [b for b in e.boundaries if keep(b)]
    by_element: dict[int, list[str]] = {}
    for b in kept:
        if b.element is not None:
            by_element.setdefault(b.element, []).append(_flags(b))
    bounding = sorted(filtered(index.records(sorted(by_element)), wanted), key=lambda b: (b.ifc_class, b.id))
    head["counts_by_class"] = dict(sorted(Counter(b.ifc_class for b in bounding).items()))
    head["counts_by_flags"] = dict(sorted(Counter(_flags(b) for b in kept).items()))
    head["virtual_without_element"] = sum(1 for b in kept if b.element is None)

    def wrap(page: list[Element]) -> dict[str, Any]:
        groups: dict[str, list[dict[str, Any]]] = {}
        for b in page:
            groups.setdefault(b.ifc_class, []).append((ref(b) or {}) | {"flags": sorted(set(by_element[b.id]))})
        return {"space": ref(e), **head, "by_class": groups}

    return paginate(bounding, offset, limit, wrap)


@tool("boundaries")
def get_adjacent_spaces(
    index: ModelIndex,
    space: str,
    via: Literal["any", "boundary", "element"] = "any",
    through: str | None = None,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """The spaces next to a space, read from the space boundaries, each with what it shares with it.

    via="boundary": spaces across a 2nd-level boundary (its CorrespondingBoundary); via="element":
    spaces bounded by an element that also bounds this space (a shared wall, door, slab...); "any":
    either. through keeps shared elements of one class (IfcDoor: the spaces reached through a door).
    Spaces above and below share slabs, so pass through=IfcWall for neighbours on the same floor.

    Args:
        space: GlobalId, step id (#123), Name or LongName of the space.
        via: any, boundary or element (see above).
        through: only shared elements of this class (subclasses included), e.g. IfcDoor or IfcWall.
        offset: first space to return (for the next page).
        limit: page size (at most 200).
    """
    e = index.get(space)
    if not index.is_a(e, "IfcSpace"):
        raise ToolError(
            f"{e.ifc_class} #{e.id} is not a space. get_space_boundaries gives the spaces an element bounds."
        )
    through_class = index.canonical_class(through) if through else None
    across: set[int] = set()
    shared: dict[int, set[int]] = {}
    if via in ("any", "boundary") and through_class is None:
        across = {b.other_space for b in e.boundaries if b.other_space is not None}
    if via in ("any", "element"):
        for element in index.records(sorted(set(e.bounded_by))):
            if through_class is not None and not index.is_a(element, through_class):
                continue
            for other in element.bounds:
                if other != e.id:
                    shared.setdefault(other, set()).add(element.id)
    neighbours = index.records(sorted(across | set(shared)))

    def row(other: Element) -> dict[str, Any]:
        out = ref(other) or {}
        out["via"] = [v for v, hit in (("boundary", other.id in across), ("element", other.id in shared)) if hit]
        elements = index.records(sorted(shared.get(other.id, ())))
        if elements:
            out["shared"] = [f"{x.ifc_class} {label(x)}" for x in elements[:_SHARED_SHOWN]]
            if len(elements) > _SHARED_SHOWN:
                out["shared_total"] = len(elements)
        return out

    head: dict[str, Any] = {"space": ref(e), "via": via, **_no_boundaries_note(index)}
    if through_class:
        head["through"] = through_class
    return paginate(neighbours, offset, limit, lambda page: head | {"spaces": [row(x) for x in page]})


@tool("systems")
def get_system(index: ModelIndex, element: str, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """For a system, zone or group: its members; for any other element: the systems/groups it belongs to.

    Args:
        element: GlobalId, step id (#123) or unique Name of a group/system or of a member element.
        offset: first member to return (for the next page).
        limit: page size (at most 200).
    """
    e = index.get(element)
    if index.is_a(e, "IfcGroup"):
        counts = dict(sorted(Counter(m.ifc_class for m in index.records(e.members)).items()))
        return _page_of_refs(index, e.members, offset, limit, "members", {"group": ref(e), "counts_by_class": counts})
    return _page_of_refs(index, e.groups, offset, limit, "groups", {"element": ref(e)})


@tool("systems")
def list_systems(index: ModelIndex, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """The distribution systems, zones and other groups of the model with their number of members.

    Args:
        offset: first group to return (for the next page).
        limit: page size (at most 200).
    """
    groups = [e for e in index.elements() if index.is_a(e, "IfcGroup")]
    rows = [(ref(g) or {}) | {"members": len(g.members)} for g in groups]
    return paginate(rows, offset, limit, lambda page: {"groups": page})
