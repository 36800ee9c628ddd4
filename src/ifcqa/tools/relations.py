"""Tools that follow relationships: types, materials, spatial structure, openings, space boundaries, groups.

Every answer comes from the index, which read each objectified relationship (IfcRelDefinesByType,
IfcRelAssociatesMaterial, IfcRelContainedInSpatialStructure, IfcRelAggregates, IfcRelVoidsElement,
IfcRelFillsElement, IfcRelSpaceBoundary, IfcRelAssignsToGroup) once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ifcqa.errors import ToolError
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.tools.registry import tool
from ifcqa.tools.results import DEFAULT_PAGE, paginate, ref

_PARTS_SHOWN = 30


def _ref_of(index: ModelIndex, element_id: int | None) -> dict[str, Any] | None:
    return ref(index.data.elements.get(element_id)) if element_id is not None else None


def _page_of_refs(
    index: ModelIndex, ids: Sequence[int], offset: int, limit: int, key: str, head: dict[str, Any]
) -> dict[str, Any]:
    elements = index.records(ids)
    return paginate(elements, offset, min(limit, 200), lambda page: head | {key: [ref(e) for e in page]})


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
    return paginate(types, offset, min(limit, 200), lambda page: {"types": [_type_row(index, t) for t in page]})


def _resolve_type(index: ModelIndex, reference: str) -> Element:
    found = index.find(reference)
    if found is not None:
        if not _is_type(index, found):
            raise ToolError(f"{reference!r} is an {found.ifc_class}, not a type object. Use get_type to find its type.")
        return found
    wanted = reference.strip().lower()
    named = [e for e in index.elements() if _is_type(index, e) and (e.name or "").lower() == wanted]
    if len(named) == 1:
        return named[0]
    if named:
        guids = ", ".join(e.guid for e in named[:10])
        raise ToolError(f"Type name {reference!r} is used by {len(named)} type objects ({guids}); pass a GlobalId.")
    raise ToolError(f"No type object {reference!r}. Use list_types to get valid type names and GlobalIds.")


@tool("types")
def get_type_instances(index: ModelIndex, type: str, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """The elements defined by a type object (its occurrences), with their count.

    Args:
        type: GlobalId, step id or unique Name of the type object (see list_types).
        offset: first instance to return (for the next page).
        limit: page size (at most 200).
    """
    type_element = _resolve_type(index, type)
    head = {"type": _type_row(index, type_element)}
    return _page_of_refs(index, type_element.instances, offset, limit, "instances", head)


@tool("materials")
def get_materials(index: ModelIndex, element: str) -> dict[str, Any]:
    """The material names of an element, with layer, profile and constituent sets resolved to their materials.

    Materials assigned to the element's type count ("source": "type").

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
    """
    e = index.get(element)
    return {
        "element": ref(e),
        "materials": list(e.materials),
        "material_set": e.material_set,
        "kind": e.material_kind,
        "source": e.material_source,
    }


@tool("materials")
def find_by_material(
    index: ModelIndex, material: str, ifc_class: str | None = None, offset: int = 0, limit: int = DEFAULT_PAGE
) -> dict[str, Any]:
    """Elements using a material (directly, in a layer/profile/constituent set, or through their type).

    Args:
        material: material name, exact but case-insensitive.
        ifc_class: only elements of this class (subclasses included), e.g. IfcWall.
        offset: first result to return (for the next page).
        limit: page size (at most 200).
    """
    wanted = material.strip().lower()
    known = sorted({m for e in index.data.elements.values() for m in e.materials if m is not None})
    if wanted not in {m.lower() for m in known}:
        shown = ", ".join(repr(m) for m in known[:60]) or "none"
        raise ToolError(f"No element uses material {material!r}. Materials in this model: {shown}.")
    elements = index.by_class(ifc_class) if ifc_class else [e for e in index.elements() if index.is_a(e, "IfcProduct")]
    ids = [e.id for e in elements if any((m or "").lower() == wanted for m in e.materials)]
    return _page_of_refs(index, ids, offset, limit, "elements", {"material": material})


@tool("spatial")
def get_spatial_context(index: ModelIndex, element: str) -> dict[str, Any]:
    """Where an element sits: its storey (and how it was reached), building, container, aggregate parent, parts.

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
        return (ref(building) or {}) | {"storeys": [(ref(s) or {}) | {"elevation": s.elevation} for s in storeys]}

    buildings = index.by_class("IfcBuilding")
    unit = index.unit_symbol("LENGTHUNIT")
    return paginate(
        buildings, offset, min(limit, 200), lambda page: {"buildings": [row(b) for b in page], "elevation_unit": unit}
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

    return paginate(index.records(e.openings), offset, min(limit, 200), wrap)


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


@tool("boundaries")
def get_space_boundaries(index: ModelIndex, element: str, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """For a space: the elements bounding it, grouped by class; for a building element: the spaces it bounds.

    Read from IfcRelSpaceBoundary; a model without space boundaries gives empty lists.

    Args:
        element: GlobalId, step id (#123) or unique Name of a space or a building element.
        offset: first bounding element (or space) to return (for the next page).
        limit: page size (at most 200).
    """
    e = index.get(element)
    note = {}
    if not any(x.bounds for x in index.data.elements.values()):
        note = {"note": "This model has no space boundaries (IfcRelSpaceBoundary)."}
    if not index.is_a(e, "IfcSpace"):
        return _page_of_refs(index, e.bounds, offset, limit, "spaces", {"element": ref(e), **note})
    bounding = sorted(index.records(e.bounded_by), key=lambda b: (b.ifc_class, b.id))
    counts = dict(sorted(Counter(b.ifc_class for b in bounding).items()))

    def wrap(page: list[Element]) -> dict[str, Any]:
        groups: dict[str, list[dict[str, Any] | None]] = {}
        for b in page:
            groups.setdefault(b.ifc_class, []).append(ref(b))
        return {"space": ref(e), "counts_by_class": counts, "by_class": groups, **note}

    return paginate(bounding, offset, min(limit, 200), wrap)


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
    return paginate(rows, offset, min(limit, 200), lambda page: {"groups": page})
