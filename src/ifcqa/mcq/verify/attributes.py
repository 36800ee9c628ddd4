"""Attribute retrieval, re-derived from the file: entity attributes and ``get_predefined_type``."""

from __future__ import annotations

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import VerificationError, entity, labels_with_texts, require_unique_names

_PLAIN_ATTRIBUTES = ("ObjectType", "Description", "Tag")


def _attribute(model: ifcopenshell.file, item: Item) -> str:
    """The value of the attribute the item asks about, as the file gives it."""
    require_unique_names(model, item)
    element = entity(model, item.provenance["elements"][0])
    attribute = item.provenance["attribute"]
    if attribute == "PredefinedType":
        value = element_util.get_predefined_type(element)
    elif attribute in _PLAIN_ATTRIBUTES:
        value = getattr(element, attribute, None)
    else:
        raise VerificationError(f"unknown attribute {attribute!r}")
    if not isinstance(value, str) or not value.strip():
        raise VerificationError(f"the element has no {attribute}")
    return value


@verifier("direct.attribute.name_of_guid")
def name_of_guid(model: ifcopenshell.file, item: Item) -> set[str]:
    element = entity(model, item.provenance["elements"][0])
    return labels_with_texts(item, {element.Name or ""})


@verifier("direct.attribute.object_type_or_predefined")
def object_type_or_predefined(model: ifcopenshell.file, item: Item) -> set[str]:
    return labels_with_texts(item, {_attribute(model, item)})


@verifier("direct.attribute.description_or_tag")
def description_or_tag(model: ifcopenshell.file, item: Item) -> set[str]:
    return labels_with_texts(item, {_attribute(model, item)})
