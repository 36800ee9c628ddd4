"""Material association, re-derived from the file: ``ifcopenshell.util.element.get_materials`` names.

``get_materials`` reads the element's own material association, else its type's, and opens layer,
profile and constituent sets (and their usages) and material lists into their materials.
"""

from __future__ import annotations

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import VerificationError, entity, labels_where, labels_with_texts, require_unique_names


def material_names(element: ifcopenshell.entity_instance) -> set[str]:
    """The names of the materials an element uses (its own association, else its type's)."""
    try:
        materials = element_util.get_materials(element)
    except (AssertionError, TypeError) as exc:  # a lone layer/profile/constituent, or a set without members
        raise VerificationError(f"cannot resolve the materials of {element.GlobalId}: {exc}") from None
    return {m.Name for m in materials if m is not None and m.Name}


@verifier("relational.material.of_element")
def of_element(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    return labels_with_texts(item, material_names(entity(model, item.provenance["elements"][0])))


@verifier("relational.material.elements_with_material")
def elements_with_material(model: ifcopenshell.file, item: Item) -> set[str]:
    material = item.provenance["material"]
    return labels_where(model, item, lambda e: material in material_names(e))
