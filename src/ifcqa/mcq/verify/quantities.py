"""Quantity retrieval, re-derived from the file: ``get_psets(qtos_only=True)`` and the quantity's unit.

A quantity's unit is its own ``Unit`` or else the project's unit for its measure
(``ifcopenshell.util.unit.get_property_unit``). An option is true when its text is the value in that
unit, or when it names another unit of the same dimension and denotes the same amount (to the
option's third decimal): so a "wrong-unit" distractor that is in fact a correct conversion is caught.
The aggregation and comparison verifiers read quantities through :func:`read_quantity` too.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

import ifcopenshell
import ifcopenshell.util.unit as unit_util

from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, in_unnamed_set
from ifcqa.ifc.units import get_unit_symbol
from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import format_value, normalise
from ifcqa.mcq.verify._api import (
    VerificationError,
    entity,
    get_sets,
    labels_with_texts,
    require_unique_names,
    unit_symbol,
)

# Units a verifier can convert between, by dimension: symbol -> scale to SI (metre, m², m³, kg).
_SCALES: dict[str, dict[str, float]] = {
    "length": {"m": 1.0, "mm": 0.001, "cm": 0.01, "ft": 0.3048, "in": 0.0254},
    "area": {"m²": 1.0, "mm²": 1e-6, "cm²": 1e-4, "ft²": 0.3048**2, "in²": 0.0254**2},
    "volume": {"m³": 1.0, "mm³": 1e-9, "cm³": 1e-6, "ft³": 0.3048**3, "in³": 0.0254**3},
    "mass": {"kg": 1.0, "g": 0.001, "t": 1000.0, "lb": 0.45359237},
}
_UNIT_TYPE_DIMENSION = {"LENGTHUNIT": "length", "AREAUNIT": "area", "VOLUMEUNIT": "volume"}
_NUMBER_AND_UNIT = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s+(\S+)\s*$")


def read_quantity(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance, qto: str, name: str
) -> tuple[float, str | None] | None:
    """``(value, unit symbol)`` of quantity ``qto.name`` of ``element`` (type values inherited), or ``None``.

    ``qto`` ``(unnamed)`` is the element's one set without a Name that holds ``name``. Read once per model,
    element and quantity: a sum, a mean and an extremum over one class read the same members.
    """
    memo = _read_memo(model)
    key = (element.id(), qto, name)
    if key not in memo:
        memo[key] = _read_quantity(model, element, qto, name)
    return memo[key]


@lru_cache(maxsize=8)
def _read_memo(model: ifcopenshell.file) -> dict[tuple[int, str, str], tuple[float, str | None] | None]:
    return {}


@lru_cache(maxsize=8)
def _sets_memo(model: ifcopenshell.file) -> dict[int, dict[str, Any]]:
    return {}


def _quantity_sets(model: ifcopenshell.file, element: ifcopenshell.entity_instance) -> dict[str, Any]:
    """``get_sets(element, qtos_only=True)``, read once per element and model (only read afterwards)."""
    memo = _sets_memo(model)
    sets = memo.get(element.id())
    if sets is None:
        sets = memo[element.id()] = get_sets(element, qtos_only=True)
    return sets


def _read_quantity(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance, qto: str, name: str
) -> tuple[float, str | None] | None:
    sets = _quantity_sets(model, element)
    entry = in_unnamed_set(sets, name) if qto == UNNAMED_FAMILY else (sets.get(qto) or {}).get(name)
    if not isinstance(entry, dict):
        return None
    value = entry.get("value")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value), _unit_of(model, model.by_id(entry["id"]))


def _unit_of(model: ifcopenshell.file, quantity: ifcopenshell.entity_instance) -> str | None:
    """The symbol of ``get_property_unit(quantity)``. A simple quantity's unit is its own ``Unit`` or the project's
    unit for its class's measure, so it is looked up once per model, class and ``Unit``, not once per quantity."""
    if not quantity.is_a("IfcPhysicalSimpleQuantity"):
        return _symbol(unit_util.get_property_unit(quantity, model))
    own = getattr(quantity, "Unit", None)
    memo = _units_memo(model)
    key = (quantity.is_a(), own.id() if own is not None else None)
    if key not in memo:
        memo[key] = _symbol(unit_util.get_property_unit(quantity, model))
    return memo[key]


def _symbol(unit: ifcopenshell.entity_instance | None) -> str | None:
    return get_unit_symbol(unit) if unit is not None else None


@lru_cache(maxsize=8)
def _units_memo(model: ifcopenshell.file) -> dict[tuple[str, int | None], str | None]:
    return {}


def _dimension_of(symbol: str) -> str | None:
    return next((d for d, scales in _SCALES.items() if symbol in scales), None)


def _same_amount(option: str, value: float, unit: str) -> bool:
    """Whether ``option`` (``"1250 mm"``) states ``value`` ``unit`` in another unit of the same dimension."""
    match = _NUMBER_AND_UNIT.match(option)
    dimension = _dimension_of(unit)
    if match is None or dimension is None:
        return False
    scales = _SCALES[dimension]
    number, symbol = float(match.group(1)), match.group(2)
    if symbol == unit or symbol not in scales:
        return False  # in the stated unit, only the formatted value itself is true
    return abs(number * scales[symbol] - value * scales[unit]) <= 0.0005 * scales[symbol] + 1e-12


def quantity_labels(item: Item, value: float, unit: str | None) -> set[str]:
    """Labels of the options that state ``value`` ``unit`` (as formatted, or converted to another unit)."""
    found = labels_with_texts(item, {format_value(value, unit)})
    if unit:
        found |= {o.label for o in item.options if _same_amount(o.text, value, unit)}
    return found


@verifier("quantitative.quantity.value")
def quantity_value(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    element = entity(model, item.provenance["elements"][0])
    read = read_quantity(model, element, item.provenance["qto"], item.provenance["quantity"])
    if read is None:
        raise VerificationError("the element has no such numeric quantity")
    return quantity_labels(item, *read)


@verifier("quantitative.quantity.unit")
def quantity_unit(model: ifcopenshell.file, item: Item) -> set[str]:
    """The option naming the assigned unit, by symbol or by scale (``calculate_unit_scale``)."""
    unit_type = item.provenance["unit_type"]
    symbol = unit_symbol(model, unit_type)
    if symbol is None:
        raise VerificationError(f"the project assigns no {unit_type}")
    found = labels_with_texts(item, {symbol})
    scale = float(unit_util.calculate_unit_scale(model, unit_type))
    known = _SCALES[_UNIT_TYPE_DIMENSION[unit_type]]
    for option in item.options:
        option_scale = known.get(option.text) or known.get(normalise(option.text))
        if option_scale is not None and math.isclose(option_scale, scale, rel_tol=1e-6):
            found.add(option.label)
    return found
