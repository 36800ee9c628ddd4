"""Property and quantity sets through ``ifcopenshell.api.pset``, with missing values left out."""

from __future__ import annotations

import functools
from collections.abc import Mapping

import ifcopenshell
import ifcopenshell.api.pset
import ifcopenshell.util.pset

PropValue = bool | int | float | str | None


@functools.cache
def _template_names(schema: str, pset_name: str) -> frozenset[str] | None:
    """The property names the buildingSMART template defines, or None when there is no template."""
    template = ifcopenshell.util.pset.get_template(schema).get_by_name(pset_name)
    if template is None:
        return None
    return frozenset(prop.Name for prop in template.HasPropertyTemplates)


def set_pset(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance, name: str, props: Mapping[str, PropValue]
) -> None:
    """Add the property set ``name`` with the non-None ``props`` the schema's template knows.

    Values are typed by the template (IfcBoolean, IfcLabel, IfcThermalTransmittanceMeasure...). Nothing is
    written when no value is left, so an element may lack a property or the whole set.
    """
    known = _template_names(model.schema, name)
    values = {key: value for key, value in props.items() if value is not None and (known is None or key in known)}
    if not values:
        return
    pset = ifcopenshell.api.pset.add_pset(model, product=element, name=name)
    ifcopenshell.api.pset.edit_pset(model, pset=pset, properties=values)


def set_qto(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance, name: str, quantities: Mapping[str, float]
) -> None:
    """Add the quantity set ``name``; values are rounded to micrometres to hide float noise."""
    qto = ifcopenshell.api.pset.add_qto(model, product=element, name=name)
    rounded: dict[str, ifcopenshell.entity_instance | float | int | dict[str, object]] = {
        key: round(value, 6) for key, value in quantities.items()
    }
    ifcopenshell.api.pset.edit_qto(model, qto=qto, properties=rounded)
