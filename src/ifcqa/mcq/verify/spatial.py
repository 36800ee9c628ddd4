"""Spatial structure, re-derived from the file: ``storey_of`` per element, ``get_aggregate`` up to a building."""

from __future__ import annotations

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import (
    VerificationError,
    entity,
    labels_where,
    labels_with_texts,
    require_unique_names,
    storey_of,
)

_MAX_DEPTH = 32


@verifier("relational.spatial.storey_of_element")
def storey_of_element(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    storey = storey_of(entity(model, item.provenance["elements"][0]), model)
    if storey is None or not storey.Name:
        return set()
    if sum(1 for s in model.by_type("IfcBuildingStorey") if s.Name == storey.Name) != 1:
        raise VerificationError(f"storey name {storey.Name!r} is not unique")
    return labels_with_texts(item, {storey.Name})


@verifier("relational.spatial.building_of_storey")
def building_of_storey(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    current = entity(model, item.provenance["storey"])
    if not current.is_a("IfcBuildingStorey"):
        raise VerificationError(f"{current.GlobalId} is not a storey")
    for _ in range(_MAX_DEPTH):
        current = element_util.get_aggregate(current)
        if current is None:
            break
        if current.is_a("IfcBuilding"):
            if sum(1 for b in model.by_type("IfcBuilding") if b.Name == current.Name) != 1:
                raise VerificationError(f"building name {current.Name!r} is not unique")
            return labels_with_texts(item, {current.Name})
    raise VerificationError("the storey belongs to no building")


@verifier("relational.spatial.elements_in_storey")
def elements_in_storey(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    storey_id = entity(model, item.provenance["elements"][0]).id()

    def on_storey(element: ifcopenshell.entity_instance) -> bool:
        storey = storey_of(element, model)
        return storey is not None and storey.id() == storey_id

    return labels_where(model, item, on_storey)
