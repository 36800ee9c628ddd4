"""Helpers verifiers share: IfcOpenShell lookups by element, unit symbols, and option truth.

Everything here reads the opened file per element with ``ifcopenshell.util``, the way a person
checking one question by hand would; nothing is precomputed over the whole model. What one element
reads is remembered per model (:func:`storey_id`), since items about a storey re-read every member
of their class.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.ifc.diagnostics import unnamed_set_name
from ifcqa.ifc.globalids import global_id_problems, listing
from ifcqa.ifc.units import get_project_units
from ifcqa.mcq.items import Item
from ifcqa.mcq.text import normalise

_NAMED_ROOTS = ("IfcProduct", "IfcTypeObject", "IfcGroup", "IfcProject")


class VerificationError(Exception):
    """The item's provenance does not fit the file (unknown GlobalId, name not unique...)."""


def entity(model: ifcopenshell.file, guid: str) -> ifcopenshell.entity_instance:
    """The entity with this GlobalId, or a :class:`VerificationError` (also when several entities share it)."""
    shared = global_id_problems(model).shared.get(guid) if isinstance(guid, str) else None
    if shared is not None:  # by_guid would pick one of them: the item does not name one element
        raise VerificationError(f"GlobalId {guid} is shared by {len(shared)} entities ({listing(shared)})")
    try:
        return model.by_guid(guid)
    except RuntimeError:
        raise VerificationError(f"no entity with GlobalId {guid}") from None


def name_count(model: ifcopenshell.file, name: str) -> int:
    """How many products (openings aside: they are never asked about), types, groups and projects are called ``name``.

    An element is called by its Name, its LongName and "Name LongName" ('WC' is a toilet's Name and a
    space's LongName: two). Names are compared case-insensitively (as option texts are): 'h1' and 'H1'
    count as one name.
    """
    return _name_counts(model).get(normalise(name), 0)


@lru_cache(maxsize=8)
def _name_counts(model: ifcopenshell.file) -> dict[str, int]:
    counts: dict[str, int] = {}
    seen: set[int] = set()
    long_name_at: dict[str, int | None] = {}
    for root in _NAMED_ROOTS:
        for e in model.by_type(root):
            if e.id() in seen or e.is_a("IfcFeatureElementSubtraction"):
                continue
            seen.add(e.id())
            cls = e.is_a()
            if cls not in long_name_at:
                names = list(e.get_attribute_names())
                long_name_at[cls] = names.index("LongName") if "LongName" in names else None
            at = long_name_at[cls]
            long_name = e.get_argument(at) if at is not None else None
            texts = {normalise(t) for t in (e.Name, long_name) if t and t.strip()}
            if e.Name and e.Name.strip() and long_name and long_name.strip():
                texts.add(normalise(f"{e.Name.strip()} {long_name.strip()}"))
            for text in texts:
                counts[text] = counts.get(text, 0) + 1
    return counts


def require_unique_names(model: ifcopenshell.file, item: Item) -> None:
    """Every element the question names must be the only one with its name."""
    for guid in item.provenance.get("elements", []):
        element = entity(model, guid)
        name = element.Name
        # a space reads as "'140 Open Office'": its Name opens the quoted text, and the label must be unique too
        if name and f"'{name}" in item.question and name_count(model, name) != 1:
            raise VerificationError(f"name {name!r} is not unique in the file")
        long_name = element.LongName if "LongName" in element.get_attribute_names() else None
        label = f"{name.strip()} {long_name.strip()}" if name and long_name and long_name.strip() else None
        if label and f"'{label}'" in item.question and name_count(model, label) != 1:
            raise VerificationError(f"{label!r} is not unique in the file")


def get_sets(
    element: ifcopenshell.entity_instance, *, qtos_only: bool = False, should_inherit: bool = True
) -> dict[str, Any]:
    """``get_psets(element, verbose=True)`` with every set that has no Name kept under its placeholder name.

    ``get_psets`` files unnamed sets under ``None`` (merged into one); here each is read on its own
    with ``get_property_definition`` and named ``(unnamed #<step id>)``
    (:func:`ifcqa.ifc.diagnostics.unnamed_set_name`), the name generated questions use.
    An occurrence's unnamed set never merges with its type's.
    """
    sets: dict[Any, Any] = element_util.get_psets(
        element, qtos_only=qtos_only, should_inherit=should_inherit, verbose=True
    )
    sets.pop(None, None)
    sets.pop("", None)
    for definition in set_definitions_of(element, should_inherit):
        if definition.Name or (qtos_only and not definition.is_a("IfcElementQuantity")):
            continue
        sets[unnamed_set_name(definition.id())] = element_util.get_property_definition(definition, verbose=True)
    return sets


def set_definitions_of(
    element: ifcopenshell.entity_instance, inherit: bool = True
) -> list[ifcopenshell.entity_instance]:
    """The property and quantity set definitions of an element: its type's (when ``inherit``), then its own."""
    if element.is_a("IfcTypeObject"):
        return list(element.HasPropertySets or ())
    found: list[ifcopenshell.entity_instance] = []
    type_ = element_util.get_type(element) if inherit else None
    if type_ is not None:
        found.extend(type_.HasPropertySets or ())
    for rel in getattr(element, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByProperties"):
            definition = rel.RelatingPropertyDefinition
            found.extend(definition.wrappedValue if definition.is_a("IfcPropertySetDefinitionSet") else (definition,))
    return found


def storey_of(
    entity_: ifcopenshell.entity_instance, model: ifcopenshell.file | None = None
) -> ifcopenshell.entity_instance | None:
    """The storey of an element: its container, a space's storey, its aggregate's, or its host's.

    ``model``: the opened file ``entity_`` belongs to; with it, which relationship lists an element as contained
    is read once per model (see :func:`_container`) instead of scanning the element's inverses.
    """
    current = entity_
    for _ in range(32):
        if current.is_a("IfcBuildingStorey"):
            return current
        container = _container(current, model)
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


def storey_id(model: ifcopenshell.file, entity_: ifcopenshell.entity_instance) -> int | None:
    """The step id of :func:`storey_of` ``entity_``, read once per element and model."""
    memo = _storey_ids(model)
    key = entity_.id()
    if key not in memo:
        found = storey_of(entity_, model)
        memo[key] = found.id() if found is not None else None
    return memo[key]


@lru_cache(maxsize=8)
def _storey_ids(model: ifcopenshell.file) -> dict[int, int | None]:
    return {}


def _container(
    entity_: ifcopenshell.entity_instance, model: ifcopenshell.file | None = None
) -> ifcopenshell.entity_instance | None:
    """``get_container``, else the structure whose IfcRelContainedInSpatialStructure lists the entity.

    IFC2X3 declares the ContainedInStructure inverse on IfcElement only, but the relationship may list
    any product (a port, an annotation): read from the relationship's side, it is still contained.
    With ``model``, the relationships that list the entity come from a map of every containment
    relationship of the model (built once): none means not contained, one is the answer, and only an
    entity listed by several is looked up among its inverses (a space or a building has thousands).
    """
    container = element_util.get_container(entity_) if model is None else _get_container(model, entity_)
    if container is not None:
        return container
    if model is not None:
        listing = _contained_by(model).get(entity_.id(), [])
        if len(listing) < 2:
            return listing[0].RelatingStructure if listing else None
    for rel in entity_.file.get_inverse(entity_):
        if rel.is_a("IfcRelContainedInSpatialStructure") and entity_ in (rel.RelatedElements or ()):
            return rel.RelatingStructure
    return None


def _get_container(
    model: ifcopenshell.file, entity_: ifcopenshell.entity_instance
) -> ifcopenshell.entity_instance | None:
    """``element_util.get_container(entity_)`` (its first ContainedInStructure's structure, else its parent's
    container), remembered per model and entity: the containers of a storey's hundreds of spaces are all read
    through the same storey, building and site, whose inverse lists are long."""
    memo = _containers(model)
    key = entity_.id()
    if key not in memo:
        if contained := getattr(entity_, "ContainedInStructure", None):
            memo[key] = contained[0].RelatingStructure
        else:
            parent = element_util.get_parent(entity_)
            memo[key] = _get_container(model, parent) if parent else None
    return memo[key]


@lru_cache(maxsize=8)
def _containers(model: ifcopenshell.file) -> dict[int, ifcopenshell.entity_instance | None]:
    return {}


@lru_cache(maxsize=8)
def _contained_by(model: ifcopenshell.file) -> dict[int, list[ifcopenshell.entity_instance]]:
    """Step id -> the IfcRelContainedInSpatialStructure relationships that list it among their RelatedElements."""
    found: dict[int, list[ifcopenshell.entity_instance]] = {}
    for rel in model.by_type("IfcRelContainedInSpatialStructure"):
        for element in rel.RelatedElements or ():
            listed = found.setdefault(element.id(), [])
            if rel not in listed:
                listed.append(rel)
    return found


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
