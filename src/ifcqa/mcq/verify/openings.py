"""Openings and fillings, re-derived from the file through inverse attributes.

A host's ``HasOpenings`` (IfcRelVoidsElement) gives its openings, an opening's ``HasFillings``
(IfcRelFillsElement) its fillings; a filling's ``FillsVoids`` gives its opening, whose
``VoidsElements`` gives the host. The attribute names are the same in IFC2X3 and IFC4.

Openings often carry their filling's name, so a named element must be unique among everything but
openings (the generator names elements with their class and never asks about openings by name).
"""

from __future__ import annotations

import ifcopenshell

from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import format_value
from ifcqa.mcq.verify._api import entity, labels_where, labels_with_texts, require_unique_names


def _hosts_of(filling: ifcopenshell.entity_instance) -> set[int]:
    """Ids of the elements voided by the openings this element fills."""
    hosts: set[int] = set()
    for fills in getattr(filling, "FillsVoids", None) or ():
        for voids in getattr(fills.RelatingOpeningElement, "VoidsElements", None) or ():
            hosts.add(voids.RelatingBuildingElement.id())
    return hosts


def _openings_of(host: ifcopenshell.entity_instance) -> list[ifcopenshell.entity_instance]:
    """The distinct features voiding ``host`` (openings and, in IFC4, other voiding features)."""
    found: dict[int, ifcopenshell.entity_instance] = {}
    for rel in getattr(host, "HasOpenings", None) or ():
        found[rel.RelatedOpeningElement.id()] = rel.RelatedOpeningElement
    return list(found.values())


@verifier("relational.openings.host_of_filling")
def host_of_filling(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    hosts = _hosts_of(entity(model, item.provenance["elements"][0]))
    return labels_where(model, item, lambda e: e.id() in hosts)


@verifier("relational.openings.fillings_of_host")
def fillings_of_host(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    host = entity(model, item.provenance["elements"][0])
    fillings = {
        rel.RelatedBuildingElement.id()
        for opening in _openings_of(host)
        for rel in getattr(opening, "HasFillings", None) or ()
    }
    return labels_where(model, item, lambda e: e.id() in fillings)


@verifier("relational.openings.count_in_host")
def count_in_host(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    host = entity(model, item.provenance["elements"][0])
    count = sum(1 for opening in _openings_of(host) if opening.is_a("IfcOpeningElement"))
    return labels_with_texts(item, {format_value(count)})
