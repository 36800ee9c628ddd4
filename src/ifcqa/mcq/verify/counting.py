"""Counting, re-derived from the file: ``model.by_type``, each element's storey, a type's occurrences."""

from __future__ import annotations

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import format_value
from ifcqa.mcq.verify._api import VerificationError, entity, labels_with_texts, require_unique_names, storey_id


def in_type_template(element: ifcopenshell.entity_instance) -> bool:
    """Whether the element is a part of a type's template: aggregated or nested, at any depth, under a type object."""
    current = element
    for _ in range(64):
        wholes = [rel.RelatingObject for rel in (*(current.Decomposes or ()), *(getattr(current, "Nests", None) or ()))]
        if not wholes:
            return False
        if wholes[0].is_a("IfcTypeObject"):
            return True
        current = wholes[0]
    return False


@verifier("quantitative.count.by_class")
def by_class(model: ifcopenshell.file, item: Item) -> set[str]:
    """``len(by_type(C))``, with or without subclasses as the question says, less the parts of type templates."""
    subclasses = bool(item.provenance["subclasses"])
    found = model.by_type(item.provenance["ifc_class"], include_subtypes=subclasses)
    count = sum(not in_type_template(e) for e in found)
    return labels_with_texts(item, {format_value(count)})


@verifier("quantitative.count.by_class_on_storey")
def by_class_on_storey(model: ifcopenshell.file, item: Item) -> set[str]:
    """Elements of C (subclasses included) whose storey (container, aggregate's, host's) is S."""
    require_unique_names(model, item)
    storey = entity(model, item.provenance["storey"])
    if not storey.is_a("IfcBuildingStorey"):
        raise VerificationError("the storey of the item is not an IfcBuildingStorey")
    count = 0
    for element in model.by_type(item.provenance["ifc_class"]):
        if element.id() == storey.id():
            continue
        if storey_id(model, element) == storey.id():
            count += 1
    return labels_with_texts(item, {format_value(count)})


def occurrences(type_: ifcopenshell.entity_instance) -> set[int]:
    """Step ids of the objects a type defines, over every IfcRelDefinesByType that names it."""
    inverse = "ObjectTypeOf" if type_.file.schema == "IFC2X3" else "Types"
    return {o.id() for rel in getattr(type_, inverse, None) or () for o in rel.RelatedObjects or ()}


@verifier("quantitative.count.by_type")
def by_type(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    type_ = entity(model, item.provenance["type"])
    if not type_.is_a("IfcTypeObject"):
        raise VerificationError("the type of the item is not an IfcTypeObject")
    return labels_with_texts(item, {format_value(len(occurrences(type_)))})
