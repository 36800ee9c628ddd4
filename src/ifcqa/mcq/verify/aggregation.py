"""Aggregation, re-derived from the file: ``by_type(C)``, each element's storey and quantity, ``math.fsum``.

The set is every element of the class (subclasses included), filtered by :func:`storey_of` when the
question names a storey. Every element must have the quantity in one unit, as the generator
promised; otherwise the item is rejected rather than judged on part of the set.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import VerificationError, entity, require_unique_names, storey_id
from ifcqa.mcq.verify.quantities import quantity_labels, read_quantity

Measured = list[tuple[ifcopenshell.entity_instance, float]]


def scope_elements(model: ifcopenshell.file, item: Item) -> list[ifcopenshell.entity_instance]:
    """The elements of class C (subclasses included), on storey S if the item names one.

    Read once per model, class and storey: the sums, means and extrema of one set, and every candidate of them,
    ask for the same elements (a set that cannot be read raises each time it is asked for).
    """
    require_unique_names(model, item)
    key = (item.provenance["ifc_class"], item.provenance.get("storey"))
    memo = _scopes(model)
    if key not in memo:
        memo[key] = _read_scope(model, *key)
    return list(memo[key])


@lru_cache(maxsize=8)
def _scopes(model: ifcopenshell.file) -> dict[tuple[object, object], list[ifcopenshell.entity_instance]]:
    return {}


def _read_scope(model: ifcopenshell.file, ifc_class: Any, guid: Any) -> list[ifcopenshell.entity_instance]:
    elements = list(model.by_type(ifc_class))
    if guid is None:
        return elements
    storey = entity(model, guid)
    if not storey.is_a("IfcBuildingStorey"):
        raise VerificationError("the storey of the item is not an IfcBuildingStorey")
    on_storey = []
    for element in elements:
        if element.id() != storey.id() and storey_id(model, element) == storey.id():
            on_storey.append(element)
    return on_storey


def measure_scope(model: ifcopenshell.file, item: Item) -> tuple[Measured, str | None]:
    """Each element of the item's set with its quantity value, and their one unit."""
    measured: Measured = []
    units: set[str | None] = set()
    for element in scope_elements(model, item):
        read = read_quantity(model, element, item.provenance["qto"], item.provenance["quantity"])
        if read is None:
            raise VerificationError(f"#{element.id()} of the set lacks the quantity")
        measured.append((element, read[0]))
        units.add(read[1])
    if len(measured) < 2:
        raise VerificationError("fewer than 2 elements in the set")
    if len(units) != 1:
        raise VerificationError("the set states the quantity in several units")
    return measured, units.pop()


@verifier("quantitative.aggregate.sum")
def aggregate_sum(model: ifcopenshell.file, item: Item) -> set[str]:
    measured, unit = measure_scope(model, item)
    return quantity_labels(item, math.fsum(v for _, v in measured), unit)


@verifier("quantitative.aggregate.mean")
def aggregate_mean(model: ifcopenshell.file, item: Item) -> set[str]:
    measured, unit = measure_scope(model, item)
    return quantity_labels(item, math.fsum(v for _, v in measured) / len(measured), unit)
