"""Property retrieval, re-derived from the file with ``ifcopenshell.util.element.get_psets``.

A value is read the way a person checking one element would: ``get_psets(element)`` (type values
inherited, the occurrence's own winning), the property entity's unit or else the project's unit for
its measure (``ifcopenshell.util.unit.get_property_unit``), and the option text formatted from that.
A set defined twice for the element (on the occurrence and on its type, or twice on one of them)
makes the question ambiguous: the verifier refuses it. The boolean and existence verifiers read
properties through :func:`read_property` too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util
import ifcopenshell.util.unit as unit_util

from ifcqa.ifc.diagnostics import set_name
from ifcqa.ifc.units import get_unit_symbol
from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import format_value
from ifcqa.mcq.verify._api import VerificationError, entity, get_sets, labels_with_texts, require_unique_names

_QUANTITIES = ("IfcQuantity", "IfcPhysical")  # quantity classes, as get_psets(verbose=True) names them


@dataclass(frozen=True)
class Reading:
    """A property as read from the file: its Python value and the symbol of its unit."""

    value: Any
    unit: str | None

    @property
    def text(self) -> str:
        return format_value(self.value, self.unit)


def set_definitions(element: ifcopenshell.entity_instance, pset: str) -> int:
    """How many property sets (not quantity sets) named ``pset`` the element has: its own and its type's."""
    if element.is_a("IfcTypeObject"):
        return _named(element.HasPropertySets or (), pset)
    definitions: list[ifcopenshell.entity_instance] = []
    for rel in getattr(element, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByProperties"):
            definition = rel.RelatingPropertyDefinition
            is_set = definition.is_a("IfcPropertySetDefinitionSet")
            definitions.extend(definition.wrappedValue if is_set else (definition,))
    type_ = element_util.get_type(element)
    return _named(definitions, pset) + (_named(type_.HasPropertySets or (), pset) if type_ is not None else 0)


def _named(definitions: Iterable[ifcopenshell.entity_instance], pset: str) -> int:
    return sum(1 for d in definitions if set_name(d) == pset and not d.is_a("IfcElementQuantity"))


def read_property(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance, pset: str, prop: str, inherit: bool = True
) -> Reading | None:
    """``Pset.Prop`` of ``element`` (``get_psets`` semantics), or ``None`` when the element lacks it.

    Raises:
        VerificationError: the set is ambiguous, the property is neither a single nor an enumerated
            value nor a text/boolean attribute of a predefined set (IfcDoorLiningProperties...).
    """
    sets = get_sets(element, should_inherit=inherit)
    entry = (sets.get(pset) or {}).get(prop)
    if entry is None or (isinstance(entry, dict) and str(entry.get("class", "")).startswith(_QUANTITIES)):
        return None  # absent, or a quantity of a same-named quantity set
    if set_definitions(element, pset) > 1:
        raise VerificationError(f"property set {pset!r} is defined more than once for the element")
    if not isinstance(entry, dict):  # an attribute of a predefined property set: no unit is stated
        if not isinstance(entry, str | bool):
            raise VerificationError(f"{pset}.{prop} is a predefined set attribute without a stated unit")
        return Reading(entry, None)
    if entry.get("class") not in ("IfcPropertySingleValue", "IfcPropertyEnumeratedValue"):
        raise VerificationError(f"{pset}.{prop} is not a single or enumerated property value")
    value = entry.get("value")
    if entry.get("value_type") == "IfcLogical" and value == "UNKNOWN":
        value = None
    unit = unit_util.get_property_unit(model.by_id(entry["id"]), model)
    return Reading(value, get_unit_symbol(unit) if unit is not None else None)


def _subject(model: ifcopenshell.file, item: Item) -> ifcopenshell.entity_instance:
    require_unique_names(model, item)
    return entity(model, item.provenance["elements"][0])


def _stated(reading: Reading | None, what: str) -> str:
    if reading is None or reading.value is None:
        raise VerificationError(f"the element has no value for the property {what}")
    return reading.text


@verifier("direct.property.instance_value")
def instance_value(model: ifcopenshell.file, item: Item) -> set[str]:
    """The value set on the occurrence itself (its own sets only)."""
    element = _subject(model, item)
    pset, prop = item.provenance["pset"], item.provenance["property"]
    own = read_property(model, element, pset, prop, inherit=False)
    return labels_with_texts(item, {_stated(own, "on the element itself")})


@verifier("direct.property.type_inherited_value")
def type_inherited_value(model: ifcopenshell.file, item: Item) -> set[str]:
    """The value the element gets from its type: the type has it, the occurrence does not set it."""
    element = _subject(model, item)
    pset, prop = item.provenance["pset"], item.provenance["property"]
    type_ = element_util.get_type(element)
    if type_ is None or element.is_a("IfcTypeObject"):
        raise VerificationError("the element has no type object")
    if read_property(model, element, pset, prop, inherit=False) is not None:
        raise VerificationError("the element sets the property itself")
    from_type = _stated(read_property(model, type_, pset, prop), "on its type object")
    merged = _stated(read_property(model, element, pset, prop), "after inheritance")
    if merged != from_type:
        raise VerificationError("the inherited value differs from the type's value")
    return labels_with_texts(item, {merged})
