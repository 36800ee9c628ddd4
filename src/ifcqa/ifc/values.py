"""Turning IFC property and quantity entities into typed Python values.

IFC wraps every value in a measure type (``IfcLengthMeasure(3.0)``), says its unit only when it
differs from the project's, and has six kinds of property (single, enumerated, list, bounded,
table, reference) plus complex ones. This module is the one place that unwraps them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import ifcopenshell

from ifcqa.ifc.units import QUANTITY_UNIT_TYPES, Unit, get_measure_unit_type, get_unit_symbol


def unwrap(value: Any) -> Any:
    """Return the Python value inside an IFC measure (or the value itself)."""
    if isinstance(value, ifcopenshell.entity_instance):
        if value.id() == 0:  # a wrapped measure such as IfcLabel('x')
            return unwrap(value.get_argument(0))  # its wrappedValue, without the attribute lookup by name
        return value.Name if hasattr(value, "Name") else str(value)
    if isinstance(value, tuple):
        return [unwrap(v) for v in value]
    return value


def value_kind(python_value: Any, measure: str | None) -> str:
    """Classify a single value: ``bool``, ``logical``, ``number`` or ``text``."""
    if isinstance(python_value, bool):
        return "bool"
    if measure == "IfcLogical":
        return "logical"
    if isinstance(python_value, int | float):
        return "number"
    return "text"


def _unit_symbol(
    explicit: ifcopenshell.entity_instance | None, unit_type: str | None, units: dict[str, Unit]
) -> str | None:
    if explicit is not None:
        return get_unit_symbol(explicit)
    if unit_type and unit_type in units:
        return units[unit_type].symbol
    return None


@lru_cache(maxsize=512)
def _measure_unit_type(measure: str) -> str | None:
    return get_measure_unit_type(measure)


def read_property(
    prop: ifcopenshell.entity_instance, units: dict[str, Unit]
) -> tuple[Any, str, str | None, str | None]:
    """Read one IfcProperty as ``(value, kind, measure, unit_symbol)``."""
    cls = prop.is_a()
    if cls == "IfcPropertySingleValue":
        # Positional reads (Name, Description, NominalValue, Unit in every schema): the hot path of a build.
        # ``get_argument`` skips the bounds check of ``prop[i]``, and a measure's ``get_argument(0)`` is its
        # ``wrappedValue`` without the lookup by name (several times the cost of the read itself).
        nominal = prop.get_argument(2)
        if nominal is None:
            return None, "text", None, None
        measure = nominal.is_a()
        value = nominal.get_argument(0) if nominal.id() == 0 else nominal.wrappedValue
        if measure == "IfcLogical" and value == "UNKNOWN":
            value = None
        elif measure == "IfcLogical" and isinstance(value, str):
            value = value == "TRUE"
        unit = _unit_symbol(prop.get_argument(3), _measure_unit_type(measure), units)
        return value, value_kind(value, measure), measure, unit
    if cls == "IfcPropertyEnumeratedValue":
        values = [unwrap(v) for v in prop.EnumerationValues or ()]
        return values, "enum", "IfcPropertyEnumeratedValue", None
    if cls == "IfcPropertyListValue":
        items = prop.ListValues or ()
        measure = items[0].is_a() if items else None
        unit = _unit_symbol(prop.Unit, _measure_unit_type(measure) if measure else None, units)
        return [unwrap(v) for v in items], "list", measure, unit
    if cls == "IfcPropertyBoundedValue":
        bound = prop.UpperBoundValue or prop.LowerBoundValue
        measure = bound.is_a() if bound is not None else None
        unit = _unit_symbol(prop.Unit, _measure_unit_type(measure) if measure else None, units)
        value = {"lower": unwrap(prop.LowerBoundValue), "upper": unwrap(prop.UpperBoundValue)}
        return value, "bounded", measure, unit
    if cls == "IfcPropertyTableValue":
        value = {"defining": unwrap(prop.DefiningValues or ()), "defined": unwrap(prop.DefinedValues or ())}
        return value, "table", None, None
    if cls == "IfcPropertyReferenceValue":
        ref = prop.PropertyReference
        return (unwrap(ref) if ref is not None else None), "reference", None, None
    if cls == "IfcComplexProperty":
        value = {p.Name: read_property(p, units)[0] for p in prop.HasProperties or ()}
        return value, "complex", None, None
    return None, "text", None, None


def read_quantity(qty: ifcopenshell.entity_instance, units: dict[str, Unit]) -> tuple[Any, str, str, str | None]:
    """Read one IfcPhysicalQuantity as ``(value, kind, quantity_class, unit_symbol)``."""
    cls = qty.is_a()
    if cls == "IfcPhysicalComplexQuantity":
        value = {q.Name: read_quantity(q, units)[0] for q in qty.HasQuantities or ()}
        return value, "complex", cls, None
    # Positional reads: every IfcPhysicalSimpleQuantity is (Name, Description, Unit, <Value>, ...).
    value = qty.get_argument(3)  # LengthValue / AreaValue / VolumeValue / CountValue / WeightValue / TimeValue
    unit = _unit_symbol(qty.get_argument(2), QUANTITY_UNIT_TYPES.get(cls), units)
    return value, "number", cls, unit
