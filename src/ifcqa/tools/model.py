"""Tools that describe the model as a whole and find elements in it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ifcqa.ifc import schema as ifc_schema
from ifcqa.index.model_index import ModelIndex, Resolved
from ifcqa.index.records import Element
from ifcqa.tools.batch import page_of
from ifcqa.tools.filters import filter_elements
from ifcqa.tools.overview import storey_row as _storey_row
from ifcqa.tools.overview import summarize as summarize  # re-exported: ifcqa summary, the service
from ifcqa.tools.registry import render, tool
from ifcqa.tools.results import DEFAULT_PAGE, MAX_OUTPUT_CHARS, MAX_PAGE, attribute_json, paginate, ref

_REFERENCED_BY = 10  # entities listed as referring to a non-element entity


@tool("model")
def model_summary(index: ModelIndex) -> dict[str, Any]:
    """Overview of the IFC model: schema, project, units, element counts per class, and storeys.

    Call this first to learn what the model contains and which units its numbers use.
    """
    return summarize(index)


@tool("model")
def list_classes(index: ModelIndex, offset: int = 0, limit: int = MAX_PAGE) -> dict[str, Any]:
    """Every IFC class present in the model with its number of instances (exact class, no subclasses).

    Use it to find valid class names for other tools (e.g. IfcWall vs IfcWallStandardCase).

    Args:
        offset: first class to return (for the next page).
        limit: page size (at most 200).
    """
    rows = [{"class": cls, "count": len(ids)} for cls, ids in index.data.by_class.items()]
    return paginate(rows, offset, limit, lambda page: {"classes": page})


@tool("spatial")
def list_storeys(index: ModelIndex, offset: int = 0, limit: int = MAX_PAGE) -> dict[str, Any]:
    """The building storeys sorted by elevation, each with its building and number of elements on it.

    Elevations are in the model's length unit (see model_summary).

    Args:
        offset: first storey to return (for the next page).
        limit: page size (at most 200).
    """
    counts: dict[int, int] = {}
    for element in index.data.elements.values():
        if element.storey is not None and element.storey != element.id and index.is_a(element, "IfcElement"):
            counts[element.storey] = counts.get(element.storey, 0) + 1
    rows = []
    for storey_id in index.storeys:
        row = _storey_row(index, storey_id)
        row["id"] = storey_id
        row["elements"] = counts.get(storey_id, 0)
        rows.append(row)
    head: dict[str, Any] = {"elevation_unit": index.unit_symbol("LENGTHUNIT")}
    if not rows:
        head["note"] = (
            "This model has no building storeys (infrastructure models place elements in facilities and their "
            "parts): group elements with count_elements(group_by='container' or 'site'), and see where one "
            "element sits with get_spatial_context."
        )
    return paginate(rows, offset, limit, lambda page: {"storeys": page} | head)


@tool("model")
def find_elements(
    index: ModelIndex,
    ifc_class: str | None = None,
    name: str | None = None,
    storey: str | None = None,
    selector: str | None = None,
    elements: list[str] | None = None,
    exact_class: bool = False,
    compact: bool = False,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """Find elements by class, name, storey and/or an IfcOpenShell selector; returns compact references.

    Give elements (candidate names or ids) to ask "which of these are IfcDoor / on storey S / match the
    selector" in one call; limit=0 returns only the total.

    Args:
        ifc_class: IFC class, subclasses included unless exact_class (e.g. IfcWall includes IfcWallStandardCase).
        name: Name or LongName (a space's "OPEN OFFICE"); exact match ignoring case, or a substring when it
            starts with '~'.
        storey: storey name or GlobalId; keeps elements on that storey (see list_storeys).
        selector: IfcOpenShell selector, e.g. "IfcWall, Pset_WallCommon.IsExternal=TRUE".
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "which of these".
        exact_class: count only the class itself, not its subclasses.
        compact: rows as [id, guid, class, name] (and long_name when a row has one; see columns) instead of
            objects: more rows per page.
        offset: first result to return (for the next page).
        limit: page size (at most 200; 0 for the total only).
    """
    chosen = filter_elements(index, ifc_class, name, storey, selector, elements, exact_class)
    return page_of(chosen.elements, offset, limit, "elements", chosen.head, compact)


@lru_cache(maxsize=256)
def _attribute_unit_types(schema: str, ifc_class: str) -> tuple[tuple[str, str], ...]:
    from ifcqa.index.build import attribute_unit_type  # the index builder (IfcOpenShell) only when asked

    declaration = ifc_schema.entity(schema, ifc_class)
    found = ((a.name(), attribute_unit_type(a)) for a in (declaration.all_attributes() if declaration else ()))
    return tuple((name, unit) for name, unit in found if unit)


def attribute_units(index: ModelIndex, ifc_class: str) -> dict[str, str]:
    """Attribute -> unit symbol, for the class's attributes that are measures (OverallHeight -> m)."""
    units = {}
    for name, unit_type in _attribute_unit_types(index.schema, ifc_class):
        symbol = index.unit_symbol(unit_type)
        if symbol:
            units[name] = symbol
    return units


def element_attributes(index: ModelIndex, element: Element) -> dict[str, Any]:
    """Every attribute of the element's class, true to the schema: values unwrapped, references as refs."""
    return {name: attribute_json(index, value) for name, value in element.attributes.items()}


@tool("attributes")
def get_element(index: ModelIndex, element: str) -> dict[str, Any]:
    """Every attribute of one entity (as the schema defines its class), plus its type, storey and container.

    attributes are the class's own attributes, true to the schema (a door's OverallHeight, a space's
    LongName and InteriorOrExteriorSpace...); attribute_units gives the unit of measure attributes.
    derived holds values ifcqa works out: predefined_type follows ifcopenshell's get_predefined_type
    (the type object's value first; USERDEFINED, or a class without the attribute, gives the
    ObjectType). matched_by says how the reference was read: step_id, global_id, name or long_name.
    Any entity can be shown by step id (a property, a material...), with its attributes.

    Args:
        element: GlobalId, step id (#123, or a number: the entity with that id if the file has one),
            Name or LongName; 'name:140' reads 140 as a Name.
    """
    resolved = index.resolve(element)
    if resolved.element is None:
        return _entity_json(index, resolved)
    e = resolved.element
    out: dict[str, Any] = (ref(e) or {}) | {"matched_by": resolved.matched_by}
    if resolved.note:
        out["note"] = resolved.note
    out["attributes"] = element_attributes(index, e)
    units = attribute_units(index, e.ifc_class)
    if units:
        out["attribute_units"] = units
    derived: dict[str, Any] = {"predefined_type": e.predefined_type}
    if e.elevation is not None:
        derived["elevation"] = e.elevation
    out["derived"] = derived
    data = index.data.elements
    out["type"] = ref(data.get(e.type)) if e.type is not None else None
    out["storey"] = ref(data.get(e.storey)) if e.storey is not None else None
    out["container"] = ref(data.get(e.container)) if e.container is not None else None
    return _fit(out)


def _fit(out: dict[str, Any]) -> dict[str, Any]:
    """Cut long list attributes (a relationship's 500 related elements) until the result fits the output cap."""
    keep = 50
    while len(render(out)) > MAX_OUTPUT_CHARS and keep > 1:
        keep //= 2
        for name, value in out["attributes"].items():
            if isinstance(value, list) and len(value) > keep:
                out.setdefault("shortened", {})[name] = out.get("shortened", {}).get(name, len(value))
                out["attributes"][name] = value[:keep]
    if "shortened" in out:
        out["note_shortened"] = "shortened lists the list attributes cut to fit, with their full length."
    return out


def _entity_json(index: ModelIndex, resolved: Resolved) -> dict[str, Any]:
    """An entity the index does not hold as an element, read from the file: class, attributes, who refers to it."""
    from ifcqa.index.build import plain  # the index builder (IfcOpenShell) only when asked

    entity = index.entity(resolved.step_id)
    info = entity.get_info(include_identifier=False, recursive=False)
    cls = str(info.pop("type"))
    referrers = sorted(index.model().get_inverse(entity), key=lambda x: x.id())
    by = [attribute_json(index, plain(x)) for x in referrers[:_REFERENCED_BY]]
    out: dict[str, Any] = {
        "id": resolved.step_id,
        "class": cls,
        "matched_by": resolved.matched_by,
        "note": f"#{resolved.step_id} is not an element (product, type, group or project); shown from the file.",
        "attributes": {name: attribute_json(index, plain(value)) for name, value in info.items()},
        "referenced_by": by,
    }
    if len(referrers) > _REFERENCED_BY:
        out["referenced_by_total"] = len(referrers)
    return _fit(out)
