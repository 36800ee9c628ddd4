"""The spatial tree of a model for the viewer: project > site > building > storey > space > elements.

Built from the index alone: spatial elements hang under their aggregate parent (``IfcRelAggregates``);
other elements under their aggregate (a stair's flights under the stair), else their direct container
(``IfcRelContainedInSpatialStructure``: a storey, a space), else their resolved storey (a door through
its host wall), else under ``(not placed)`` at the top. Each node is
``{"guid", "name", "class", "children": [...]}``; the children are sorted spatial first (storeys by
elevation), then by class and name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.index.model_index import ModelIndex
    from ifcqa.index.records import Element

SPATIAL = ("IfcProject", "IfcSite", "IfcBuilding", "IfcBuildingStorey", "IfcSpace", "IfcSpatialZone",
           "IfcSpatialStructureElement", "IfcSpatialElement", "IfcFacility", "IfcFacilityPart")
HIDDEN = ("IfcOpeningElement",)  # cut out of their hosts: never drawn, not listed


def _is(index: ModelIndex, element: Element, classes: tuple[str, ...]) -> bool:
    return any(index.is_a(element, c) for c in classes)


def spatial_tree(index: ModelIndex) -> dict[str, Any]:
    """The tree (see the module docstring); ``{"roots": [...], "elements": n}``."""
    data = index.data
    wanted = [e for e in index.elements() if _is(index, e, ("IfcProduct", "IfcProject"))
              and not _is(index, e, HIDDEN)]
    ids = {e.id for e in wanted}
    nodes: dict[int, dict[str, Any]] = {
        e.id: {"guid": e.guid, "name": e.name or e.long_name or "", "class": e.ifc_class, "children": []}
        for e in wanted
    }
    spatial = {e.id for e in wanted if _is(index, e, SPATIAL)}
    roots: list[dict[str, Any]] = []
    loose: list[dict[str, Any]] = []
    for element in wanted:
        node = nodes[element.id]
        if element.id in spatial:
            above = element.parent
        else:
            above = next((i for i in (element.parent, element.container, element.storey)
                          if i is not None and i != element.id and i in ids), None)
        if above is not None and above in nodes:
            nodes[above]["children"].append(node)
        elif element.id in spatial:
            roots.append(node)
        else:
            loose.append(node)

    def order(node: dict[str, Any]) -> tuple[int, float, str, str]:
        element = data.elements[data.guids.get(node["guid"], -1)] if node["guid"] in data.guids else None
        elevation = element.elevation if element is not None and element.elevation is not None else 0.0
        return (0 if element is not None and element.id in spatial else 1, elevation, node["class"], node["name"])

    def sort(children: list[dict[str, Any]]) -> None:
        children.sort(key=order)
        for child in children:
            sort(child["children"])

    sort(roots)
    loose.sort(key=lambda n: (n["class"], n["name"]))
    if loose:
        roots.append({"guid": "", "name": "(not placed)", "class": "", "children": loose})
    return {"roots": roots, "elements": len(wanted)}
