"""Space boundaries, re-derived from the file through the inverse attributes of IfcRelSpaceBoundary.

A space's ``BoundedBy`` and an element's ``ProvidesBoundaries`` carry the same names in IFC2X3 and
IFC4 (in IFC4 the relating side may also be an IfcExternalSpatialElement); subtypes such as
IfcRelSpaceBoundary2ndLevel are included. Boundaries without a related element relate nothing.
"""

from __future__ import annotations

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import entity, labels_where, require_unique_names


def _bounding_elements(space: ifcopenshell.entity_instance) -> set[int]:
    """Ids of the elements named by the space's boundaries."""
    rels = getattr(space, "BoundedBy", None) or ()
    return {rel.RelatedBuildingElement.id() for rel in rels if rel.RelatedBuildingElement is not None}


def _bounded_spaces(element: ifcopenshell.entity_instance) -> set[int]:
    """Ids of the spaces whose boundaries name the element."""
    rels = getattr(element, "ProvidesBoundaries", None) or ()
    return {rel.RelatingSpace.id() for rel in rels if rel.RelatingSpace is not None}


@verifier("relational.boundaries.elements_bounding_space")
def elements_bounding_space(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    bounding = _bounding_elements(entity(model, item.provenance["elements"][0]))
    return labels_where(model, item, lambda e: e.id() in bounding)


@verifier("relational.boundaries.spaces_bounded_by_element")
def spaces_bounded_by_element(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    spaces = _bounded_spaces(entity(model, item.provenance["elements"][0]))
    return labels_where(model, item, lambda e: e.id() in spaces)
