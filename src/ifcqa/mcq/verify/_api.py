"""Helpers verifiers share: IfcOpenShell lookups by element, unit symbols, and option truth.

Everything here reads the opened file per element with ``ifcopenshell.util``, the way a person
checking one question by hand would; nothing is precomputed over the whole model.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.ifc.units import get_project_units
from ifcqa.mcq.items import Item
from ifcqa.mcq.text import normalise, quote

_NAMED_ROOTS = ("IfcProduct", "IfcTypeObject", "IfcGroup", "IfcProject")


class VerificationError(Exception):
    """The item's provenance does not fit the file (unknown GlobalId, name not unique...)."""


def entity(model: ifcopenshell.file, guid: str) -> ifcopenshell.entity_instance:
    """The entity with this GlobalId, or a :class:`VerificationError`."""
    try:
        return model.by_guid(guid)
    except RuntimeError:
        raise VerificationError(f"no entity with GlobalId {guid}") from None


def name_count(model: ifcopenshell.file, name: str) -> int:
    """How many products (openings aside: they are never asked about), types, groups and projects carry ``name``."""
    return _name_counts(model).get(name, 0)


@lru_cache(maxsize=8)
def _name_counts(model: ifcopenshell.file) -> dict[str, int]:
    counts: dict[str, int] = {}
    seen: set[int] = set()
    for root in _NAMED_ROOTS:
        for e in model.by_type(root):
            if e.id() not in seen and e.Name and not e.is_a("IfcFeatureElementSubtraction"):
                seen.add(e.id())
                counts[e.Name] = counts.get(e.Name, 0) + 1
    return counts


def require_unique_names(model: ifcopenshell.file, item: Item) -> None:
    """Every element the question names must be the only one with its name."""
    for guid in item.provenance.get("elements", []):
        name = entity(model, guid).Name
        if name and quote(name) in item.question and name_count(model, name) != 1:
            raise VerificationError(f"name {name!r} is not unique in the file")


def storey_of(entity_: ifcopenshell.entity_instance) -> ifcopenshell.entity_instance | None:
    """The storey of an element: its container, a space's storey, its aggregate's, or its host's."""
    current = entity_
    for _ in range(32):
        if current.is_a("IfcBuildingStorey"):
            return current
        container = element_util.get_container(current)
        if container is not None:
            current = container
            continue
        parent = element_util.get_aggregate(current)
        if parent is not None:
            current = parent
            continue
        host = _host(current)
        if host is None:
            return None
        current = host
    return None


def _host(entity_: ifcopenshell.entity_instance) -> ifcopenshell.entity_instance | None:
    for rel in getattr(entity_, "FillsVoids", None) or ():
        opening = rel.RelatingOpeningElement
        for void in getattr(opening, "VoidsElements", None) or ():
            return void.RelatingBuildingElement
    for rel in getattr(entity_, "VoidsElements", None) or ():
        return rel.RelatingBuildingElement
    return None


def unit_symbol(model: ifcopenshell.file, unit_type: str) -> str | None:
    """The symbol of the project's unit for ``unit_type`` (``LENGTHUNIT`` -> ``m``)."""
    unit = get_project_units(model).get(unit_type)
    return unit.symbol if unit else None


def labels_with_texts(item: Item, true_texts: set[str]) -> set[str]:
    """Labels of the options whose text (normalised) is one of ``true_texts``."""
    wanted = {normalise(t) for t in true_texts}
    return {o.label for o in item.options if normalise(o.text) in wanted}


def labels_where(
    model: ifcopenshell.file, item: Item, predicate: Callable[[ifcopenshell.entity_instance], bool]
) -> set[str]:
    """Labels of element options (``provenance.option_elements``) whose element satisfies ``predicate``."""
    mapping: dict[str, str] = item.provenance.get("option_elements", {})
    found = set()
    for option in item.options:
        guid = mapping.get(option.text)
        if guid is None:
            raise VerificationError(f"option {option.label} has no element in provenance.option_elements")
        if predicate(entity(model, guid)):
            found.add(option.label)
    return found
