"""Class identification, re-derived from the file: ``entity.is_a()`` of the named elements."""

from __future__ import annotations

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import entity, labels_where, labels_with_texts, require_unique_names


@verifier("direct.class.of_named_element")
def of_named_element(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    element = entity(model, item.provenance["elements"][0])
    return labels_with_texts(item, {element.is_a()})


@verifier("direct.class.elements_of_class")
def elements_of_class(model: ifcopenshell.file, item: Item) -> set[str]:
    cls = item.provenance["ifc_class"]
    return labels_where(model, item, lambda e: e.is_a(cls))
