"""The JSON record of one element, as ``ifcqa info`` prints it and the HTTP API serves it.

Every attribute (measures as plain numbers), the predefined type, property and quantity sets as plain values
(no units), type, materials, storey, container and, when asked, the bounding box. A face that shows progress
wraps the call (the box is the only slow part).
"""

from __future__ import annotations

from typing import Any

from ifcqa.index import Element, ModelIndex, Value
from ifcqa.tools.results import attribute_json, ref


def element_info(index: ModelIndex, element: Element, with_bbox: bool = True) -> dict[str, Any]:
    """The ``ifcqa info`` record of one element (property values without their units).

    Args:
        index: the model index.
        element: the element to describe.
        with_bbox: compute the bounding box (from this element's shape alone, unless every box is cached).
    """
    records = index.data.elements
    storey = records.get(element.storey) if element.storey is not None else None
    box = index.bbox(element) if with_bbox else None
    note = index.geometry_note(element) if with_bbox and box is None else None
    return {
        "id": element.id,
        "guid": element.guid,
        "class": element.ifc_class,
        "name": element.name,
        # as tools.model.element_attributes (not imported: it would load the tool registry)
        "attributes": {name: attribute_json(index, value) for name, value in element.attributes.items()},
        "derived": {"predefined_type": element.predefined_type},
        "psets": _plain(element.psets),
        "qtos": _plain(element.qtos),
        "type": ref(records.get(element.type)) if element.type is not None else None,
        "materials": list(element.materials),
        "storey": {"guid": storey.guid, "name": storey.name} if storey is not None else None,
        "container": ref(records.get(element.container)) if element.container is not None else None,
        "bbox": {"min": list(box[:3]), "max": list(box[3:])} if box is not None else None,
    } | ({"bbox_note": note} if note is not None else {})


def _plain(sets: dict[str, dict[str, Value]]) -> dict[str, dict[str, Any]]:
    return {name: {prop: value.value for prop, value in values.items()} for name, values in sets.items()}
