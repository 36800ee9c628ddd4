"""Boolean properties, re-derived from the file: ``get_psets`` value of each named element."""

from __future__ import annotations

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import NO, YES
from ifcqa.mcq.verify._api import VerificationError, entity, labels_where, labels_with_texts, require_unique_names
from ifcqa.mcq.verify.properties import read_property


def _truth(model: ifcopenshell.file, element: ifcopenshell.entity_instance, item: Item) -> bool | None:
    """The boolean value of the item's property on ``element``; ``None`` when it lacks the property."""
    reading = read_property(model, element, item.provenance["pset"], item.provenance["property"])
    if reading is None:
        return None
    if not isinstance(reading.value, bool):
        raise VerificationError(f"the property value {reading.value!r} is not true or false")
    return reading.value


@verifier("direct.boolean.value")
def boolean_value(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    value = _truth(model, entity(model, item.provenance["elements"][0]), item)
    if value is None:
        raise VerificationError("the element has no such property")
    return labels_with_texts(item, {YES if value else NO})


@verifier("direct.boolean.elements_true")
def elements_true(model: ifcopenshell.file, item: Item) -> set[str]:
    return labels_where(model, item, lambda element: _truth(model, element, item) is True)
