"""Aggregation, re-derived from the file: ``by_type(C)``, each element's storey and quantity, ``math.fsum``.

The set is every element of the class (subclasses included), filtered by :func:`storey_of` when the
question names a storey. Every element must have the quantity in one unit, as the generator
promised; otherwise the item is rejected rather than judged on part of the set.
"""

from __future__ import annotations

import math

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.verify._api import VerificationError, entity, require_unique_names, storey_id
from ifcqa.mcq.verify.quantities import quantity_labels, read_quantity

Measured = list[tuple[ifcopenshell.entity_instance, float]]


def scope_elements(model: ifcopenshell.file, item: Item) -> list[ifcopenshell.entity_instance]:
    """The elements of class C (subclasses included), on storey S if the item names one."""
    require_unique_names(model, item)
    elements = list(model.by_type(item.provenance["ifc_class"]))
    guid = item.provenance.get("storey")
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
