"""Type resolution, re-derived from the file: ``ifcopenshell.util.element.get_type`` per element."""

from __future__ import annotations

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import entity, labels_where, labels_with_texts, require_unique_names


@verifier("relational.type.type_of_element")
def type_of_element(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    type_entity = element_util.get_type(entity(model, item.provenance["elements"][0]))
    if type_entity is None or not type_entity.Name:
        return set()
    return labels_with_texts(item, {type_entity.Name})


@verifier("relational.type.instances_of_type")
def instances_of_type(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    type_id = entity(model, item.provenance["elements"][0]).id()

    def typed_by_it(element: ifcopenshell.entity_instance) -> bool:
        type_entity = element_util.get_type(element)
        return type_entity is not None and type_entity.id() == type_id

    return labels_where(model, item, typed_by_it)
