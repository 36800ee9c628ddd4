"""Tools that describe the model as a whole and find elements in it."""

from __future__ import annotations

from typing import Any

from ifcqa.errors import ToolError
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.selector import select
from ifcqa.tools.registry import tool
from ifcqa.tools.results import DEFAULT_PAGE, paginate, ref

_SKIP_IN_COUNTS = ("IfcOpeningElement", "IfcVirtualElement")


def summarize(index: ModelIndex) -> dict[str, Any]:
    """The ``ifcquery summary``-compatible overview (also used by ``ifcqa summary``)."""
    data = index.data
    project = data.elements.get(data.project) if data.project is not None else None
    counts = {
        cls: len(ids)
        for cls, ids in data.by_class.items()
        if "IfcProduct" in data.ancestors.get(cls, ()) and cls not in _SKIP_IN_COUNTS
    }
    return {
        "schema": index.schema,
        "file": index.path.name,
        "project": {
            "guid": project.guid if project else None,
            "name": project.name if project else None,
            "long_name": project.long_name if project else None,
            "description": project.description if project else None,
        },
        "units": {k.removesuffix("UNIT").lower(): u.symbol for k, u in index.units.items()},
        "counts": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        "storeys": [_storey_row(index, i) for i in index.storeys],
    }


def _storey_row(index: ModelIndex, storey_id: int) -> dict[str, Any]:
    storey = index.data.elements[storey_id]
    building = index.data.elements.get(storey.building) if storey.building is not None else None
    return {
        "guid": storey.guid,
        "name": storey.name,
        "elevation": storey.elevation,
        "building": building.name if building else None,
    }


@tool("model")
def model_summary(index: ModelIndex) -> dict[str, Any]:
    """Overview of the IFC model: schema, project, units, element counts per class, and storeys.

    Call this first to learn what the model contains and which units its numbers use.
    """
    return summarize(index)


@tool("model")
def list_classes(index: ModelIndex) -> dict[str, Any]:
    """Every IFC class present in the model with its number of instances (exact class, no subclasses).

    Use it to find valid class names for other tools (e.g. IfcWall vs IfcWallStandardCase).
    """
    rows = [{"class": cls, "count": len(ids)} for cls, ids in index.data.by_class.items()]
    return {"classes": rows, "total": len(rows)}


@tool("spatial")
def list_storeys(index: ModelIndex) -> dict[str, Any]:
    """The building storeys sorted by elevation, each with its building and number of elements on it.

    Elevations are in the model's length unit (see model_summary).
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
    unit = index.unit_symbol("LENGTHUNIT")
    return {"storeys": rows, "elevation_unit": unit, "total": len(rows)}


@tool("model")
def find_elements(
    index: ModelIndex,
    ifc_class: str | None = None,
    name: str | None = None,
    storey: str | None = None,
    selector: str | None = None,
    exact_class: bool = False,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """Find elements by class, name, storey and/or an IfcOpenShell selector; returns compact references.

    Args:
        ifc_class: IFC class, subclasses included unless exact_class (e.g. IfcWall includes IfcWallStandardCase).
        name: element Name; exact match (case-insensitive), or a substring when it starts with '~'.
        storey: storey name or GlobalId; keeps elements on that storey (see list_storeys).
        selector: IfcOpenShell selector, e.g. "IfcWall, Pset_WallCommon.IsExternal=TRUE".
        exact_class: count only the class itself, not its subclasses.
        offset: first result to return (for the next page).
        limit: page size (at most 200).
    """
    if not any((ifc_class, name, storey, selector)):
        raise ToolError("Give at least one of ifc_class, name, storey or selector (model_summary lists the classes).")
    candidates = select(index, selector) if selector else None
    if ifc_class:
        by_class = index.by_class(ifc_class, exact=exact_class)
        if candidates is None:
            candidates = by_class
        else:
            keep = {e.id for e in by_class}
            candidates = [e for e in candidates if e.id in keep]
    if candidates is None:
        candidates = [e for e in index.elements() if index.is_a(e, "IfcProduct")]
    if storey:
        storey_id = index.resolve_storey(storey).id
        candidates = [e for e in candidates if e.storey == storey_id and e.id != storey_id]
    if name:
        wanted = name[1:].lower() if name.startswith("~") else name.lower()
        if name.startswith("~"):
            candidates = [e for e in candidates if wanted in (e.name or "").lower()]
        else:
            candidates = [e for e in candidates if (e.name or "").lower() == wanted]
    rows = sorted(candidates, key=lambda e: e.id)
    return paginate(rows, offset, min(limit, 200), lambda page: {"elements": [ref(e) for e in page]})


@tool("attributes")
def get_element(index: ModelIndex, element: str) -> dict[str, Any]:
    """The attributes of one element: class, Name, Description, ObjectType, Tag, PredefinedType, type, storey.

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
    """
    e = index.get(element)
    data = index.data.elements
    out: dict[str, Any] = {
        "id": e.id,
        "guid": e.guid,
        "class": e.ifc_class,
        "name": e.name,
        "description": e.description,
        "object_type": e.object_type,
        "tag": e.tag,
        "predefined_type": e.predefined_type,
    }
    if e.long_name is not None:
        out["long_name"] = e.long_name
    if e.elevation is not None:
        out["elevation"] = e.elevation
    out["type"] = ref(data.get(e.type)) if e.type is not None else None
    out["storey"] = ref(data.get(e.storey)) if e.storey is not None else None
    out["container"] = ref(data.get(e.container)) if e.container is not None else None
    return out
