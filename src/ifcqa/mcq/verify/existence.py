"""Existence / absence, re-derived from the file: ``get_psets`` of the element, ``by_type`` of a class."""

from __future__ import annotations

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import NO, NOT_AVAILABLE, YES
from ifcqa.mcq.verify._api import VerificationError, entity, labels_with_texts, require_unique_names
from ifcqa.mcq.verify.properties import read_property


@verifier("direct.existence.value_or_null")
def value_or_null(model: ifcopenshell.file, item: Item) -> set[str]:
    """The value (type values inherited), or "Not available in the model" when the element lacks it."""
    require_unique_names(model, item)
    element = entity(model, item.provenance["elements"][0])
    reading = read_property(model, element, item.provenance["pset"], item.provenance["property"])
    if reading is None:
        return labels_with_texts(item, {NOT_AVAILABLE})
    if reading.value is None:
        raise VerificationError("the property is present without a value")
    return labels_with_texts(item, {reading.text})


@verifier("direct.existence.class_present")
def class_present(model: ifcopenshell.file, item: Item) -> set[str]:
    """Yes when ``by_type`` (which includes subclasses) finds any instance of the class."""
    cls = item.provenance["ifc_class"]
    try:
        instances = model.by_type(cls, include_subtypes=True)
    except RuntimeError:
        raise VerificationError(f"{cls} is not a class of {model.schema}") from None
    return labels_with_texts(item, {YES if instances else NO})
