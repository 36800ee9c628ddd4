"""Facts that must not be asked, whatever their key: contradictions, duplicates and defective values.

Read from the opened file (never the index), per item, for both halves: the pipeline skips a
candidate :func:`screen` names a reason for (counted in the manifest), and :func:`ifcqa.mcq.pipeline.judge`
refuses an item of a written benchmark for the same reason, so generation and verification agree.

- ``contradiction``: an item about the predefined type of an element whose own PredefinedType and
  its type object's are both set (not NOTDEFINED / USERDEFINED) and differ: the file says two things.
- ``duplicate_quantity`` / ``duplicate_property``: a set the item reads (on an element it names, an
  element an option stands for, or an element of the set it aggregates) holds the asked name twice.
- ``recoverable_defect``: the item touches an entity with a recoverable parse problem (an invalid
  enumeration literal or simple value, read as unset): the element itself, or the set or property read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.ifc.diagnostics import set_name
from ifcqa.mcq.items import Item
from ifcqa.mcq.verify._api import storey_id

CONTRADICTION = "contradiction"
DUPLICATE_QUANTITY = "duplicate_quantity"
DUPLICATE_PROPERTY = "duplicate_property"
RECOVERABLE_DEFECT = "recoverable_defect"
_PLACEHOLDERS = (None, "NOTDEFINED", "USERDEFINED")
_SCOPED = ("quantitative.aggregate.", "quantitative.compare.largest", "quantitative.compare.smallest")
_GUID_KEYS = ("elements", "storey", "type")


def _by_guid(model: ifcopenshell.file, guid: object) -> ifcopenshell.entity_instance | None:
    if not isinstance(guid, str) or guid in _missing(model):
        return None
    try:
        return model.by_guid(guid)
    except RuntimeError:  # IfcOpenShell scans the whole file for a GlobalId it lacks: once per model is enough
        _missing(model).add(guid)
        return None


@lru_cache(maxsize=8)
def _missing(model: ifcopenshell.file) -> set[str]:
    return set()


def subjects(model: ifcopenshell.file, item: Item) -> list[ifcopenshell.entity_instance]:
    """The entities an item reads: those its provenance names, its options stand for, and its scope's members."""
    found = _named_subjects(model, item)
    if item.subtype.startswith(_SCOPED) and item.provenance.get("ifc_class"):
        for member in _scope_members(model, item):
            found.setdefault(member.id(), member)
    return [found[i] for i in sorted(found)]


def _named_subjects(model: ifcopenshell.file, item: Item) -> dict[int, ifcopenshell.entity_instance]:
    """The entities the item's provenance names and its options stand for, by step id."""
    guids: list[object] = []
    for key in _GUID_KEYS:
        value = item.provenance.get(key)
        guids.extend(value if isinstance(value, list) else [value])
    guids.extend(item.provenance.get("option_elements", {}).values())
    return {e.id(): e for e in (_by_guid(model, g) for g in guids) if e is not None}


def _scope_members(model: ifcopenshell.file, item: Item) -> list[ifcopenshell.entity_instance]:
    """The members of the item's scope, in step-id order."""
    key = (str(item.provenance["ifc_class"]), item.provenance.get("storey"))
    memo = _memo(model)["scopes"]
    if key not in memo:  # sums, means and extrema of one class and storey share their members
        read = {m.id(): m for m in _read_scope_members(model, *key)}
        memo[key] = [read[i] for i in sorted(read)]
    return list(memo[key])


def _scope_member_ids(model: ifcopenshell.file, item: Item) -> frozenset[int]:
    key = (str(item.provenance["ifc_class"]), item.provenance.get("storey"))
    memo = _memo(model)["scope_ids"]
    found: frozenset[int] | None = memo.get(key)
    if found is None:
        found = memo[key] = frozenset(m.id() for m in _scope_members(model, item))
    return found


def _read_scope_members(
    model: ifcopenshell.file, ifc_class: str, storey_guid: object
) -> list[ifcopenshell.entity_instance]:
    try:
        members = model.by_type(ifc_class)
    except RuntimeError:
        return []
    if not storey_guid:
        return list(members)
    storey = _by_guid(model, storey_guid)
    return [m for m in members if storey is not None and storey_id(model, m) == storey.id()]


@lru_cache(maxsize=8)
def _memo(model: ifcopenshell.file) -> dict[str, dict[Any, Any]]:
    """What the screen read of one model's entities, by question: scope members, and duplicate names per
    element and set (items of one class re-read the same members; the file is never edited meanwhile)."""
    return {"scopes": {}, "scope_ids": {}, "scope_findings": {}, "duplicates": {}, "definitions": {}, "held_twice": {}}


def _definitions(element: ifcopenshell.entity_instance) -> Iterator[ifcopenshell.entity_instance]:
    """Property and quantity set definitions of ``element``: its own, then its type's."""
    if element.is_a("IfcTypeObject"):
        yield from element.HasPropertySets or ()
        return
    for rel in getattr(element, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByProperties"):
            definition = rel.RelatingPropertyDefinition
            yield from definition.wrappedValue if definition.is_a("IfcPropertySetDefinitionSet") else (definition,)
    type_ = element_util.get_type(element)
    if type_ is not None:
        yield from type_.HasPropertySets or ()


def _members(definition: ifcopenshell.entity_instance) -> list[ifcopenshell.entity_instance]:
    if definition.is_a("IfcElementQuantity"):
        return list(definition.Quantities or ())
    if definition.is_a("IfcPropertySet"):
        return list(definition.HasProperties or ())
    return []


def _read_sets(item: Item) -> list[tuple[str, str | None]]:
    """(set name, member name or None) pairs the item reads."""
    pairs: list[tuple[str, str | None]] = []
    if item.provenance.get("qto"):
        pairs.append((str(item.provenance["qto"]), item.provenance.get("quantity")))
    if item.provenance.get("pset"):
        pairs.append((str(item.provenance["pset"]), item.provenance.get("property")))
    return pairs


def _touched(element: ifcopenshell.entity_instance, pairs: list[tuple[str, str | None]]) -> Iterable[int]:
    yield element.id()
    type_ = element_util.get_type(element) if not element.is_a("IfcTypeObject") else None
    if type_ is not None:
        yield type_.id()
    for definition in _definitions(element):
        for wanted, member in pairs:
            if set_name(definition) != wanted:
                continue
            yield definition.id()
            yield from (m.id() for m in _members(definition) if member is None or m.Name == member)


def _contradicts(element: ifcopenshell.entity_instance) -> bool:
    own = getattr(element, "PredefinedType", None)
    type_ = element_util.get_type(element) if not element.is_a("IfcTypeObject") else None
    theirs = getattr(type_, "PredefinedType", None) if type_ is not None else None
    return own not in _PLACEHOLDERS and theirs not in _PLACEHOLDERS and own != theirs


def _duplicate(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance, pairs: list[tuple[str, str | None]]
) -> str | None:
    for definition, name in _set_names(model, element):
        for wanted, member in pairs:
            if member is None or name != wanted:
                continue
            is_quantity, counts = _member_counts(model, definition)
            if counts.get(member, 0) > 1:
                return DUPLICATE_QUANTITY if is_quantity else DUPLICATE_PROPERTY
    return None


def _set_names(
    model: ifcopenshell.file, element: ifcopenshell.entity_instance
) -> list[tuple[ifcopenshell.entity_instance, str]]:
    """Each set definition of ``element`` (:func:`_definitions` order) and its name. Read once per element and
    model (the opened ``model``, never ``element.file``: that wrapper does not own the file, so its address could
    later name another model); a set's members are read only when an item asks about that set."""
    memo = _memo(model)["duplicates"]
    found: list[tuple[ifcopenshell.entity_instance, str]] | None = memo.get(element.id())
    if found is None:
        found = memo[element.id()] = [(definition, set_name(definition)) for definition in _definitions(element)]
    return found


def _held_twice(model: ifcopenshell.file, wanted: str, member: str) -> bool:
    """Whether any set definition of the model named ``wanted`` (:func:`set_name`) holds ``member`` twice: the
    one way :func:`_duplicate` can find anything, on any element. Each set name's sets are read once per model."""
    memo = _memo(model)["held_twice"]  # set name -> the member names some set of that name holds twice
    twice: frozenset[str] | None = memo.get(wanted)
    if twice is None:
        repeated: set[str] = set()
        for definition in _named_sets(model).get(wanted, ()):
            seen: set[str] = set()
            for name in (m.Name for m in _members(definition)):
                (repeated if name in seen else seen).add(name)
        twice = memo[wanted] = frozenset(repeated)
    return member in twice


def _named_sets(model: ifcopenshell.file) -> dict[str, list[ifcopenshell.entity_instance]]:
    """The model's property and quantity sets (the only definitions :func:`_members` reads) by :func:`set_name`."""
    memo = _memo(model)
    if "named_sets" not in memo:
        named: dict[str, list[ifcopenshell.entity_instance]] = {}
        for cls in ("IfcElementQuantity", "IfcPropertySet"):
            try:
                definitions = model.by_type(cls)
            except RuntimeError:  # a schema without the class
                continue
            for definition in definitions:
                named.setdefault(set_name(definition), []).append(definition)
        memo["named_sets"] = named
    found: dict[str, list[ifcopenshell.entity_instance]] = memo["named_sets"]
    return found


def _member_counts(
    model: ifcopenshell.file, definition: ifcopenshell.entity_instance
) -> tuple[bool, dict[str, int]]:
    """Whether a set definition holds quantities, and how often each member name occurs in it; read once per
    model and definition (a type's sets are read for each of its occurrences)."""
    memo = _memo(model)["definitions"]
    found: tuple[bool, dict[str, int]] | None = memo.get(definition.id())
    if found is None:
        counts: dict[str, int] = {}
        for m in _members(definition):
            counts[m.Name] = counts.get(m.Name, 0) + 1
        found = memo[definition.id()] = (definition.is_a("IfcElementQuantity"), counts)
    return found


def screen(model: ifcopenshell.file, item: Item, warned: frozenset[int] = frozenset()) -> str | None:
    """Why ``item`` must not be asked (a reason above), or ``None``.

    The reasons are looked for over every entity the item reads (:func:`subjects`): a contradiction on any
    of them, else a duplicate name on the first of them (by step id) that has one, else a recoverable defect
    on any. The members of an aggregated scope are judged once per model and scope (a sum, a mean and the
    extrema over one class and storey, and every candidate of them, read the same hundreds of members).
    An item that does not read PredefinedType, on a file without warnings, can only be refused for a duplicate
    name: when no set of the model with the asked set's name holds the asked member twice, no entity's can, and
    the item passes without its entities being looked up (most candidates, scopes of hundreds of members too).
    """
    pairs = _read_sets(item)
    predefined = item.provenance.get("attribute") == "PredefinedType"
    if not predefined and not warned and not any(m is not None and _held_twice(model, s, m) for s, m in pairs):
        return None  # _findings would find no contradiction, no duplicate and no defect on any entity
    named = _named_subjects(model, item)
    if not (item.subtype.startswith(_SCOPED) and item.provenance.get("ifc_class")):
        return _reason(_findings(model, [named[i] for i in sorted(named)], pairs, predefined, warned))
    key = (str(item.provenance["ifc_class"]), item.provenance.get("storey"), tuple(pairs), predefined, warned)
    verdicts = _memo(model)["scope_findings"]
    in_scope = verdicts.get(key)
    if in_scope is None:
        in_scope = verdicts[key] = _findings(model, _scope_members(model, item), pairs, predefined, warned)
    members = _scope_member_ids(model, item)
    rest = _findings(model, [named[i] for i in sorted(named) if i not in members], pairs, predefined, warned)
    return _reason(_Findings(
        in_scope.contradiction or rest.contradiction,
        min((f for f in (in_scope.duplicate, rest.duplicate) if f is not None), default=None),
        in_scope.defect or rest.defect,
    ))


class _Findings(NamedTuple):
    """What the screen found on some entities: a contradiction, the first (step id, reason) of a duplicate name,
    a recoverable defect."""

    contradiction: bool
    duplicate: tuple[int, str] | None
    defect: bool


def _findings(
    model: ifcopenshell.file,
    entities: list[ifcopenshell.entity_instance],
    pairs: list[tuple[str, str | None]],
    predefined: bool,
    warned: frozenset[int],
) -> _Findings:
    """The screen's findings on ``entities`` (in step-id order)."""
    contradiction = predefined and any(_contradicts(e) for e in entities)
    duplicate = None
    if pairs:
        for element in entities:
            found = _duplicate(model, element, pairs)
            if found is not None:
                duplicate = (element.id(), found)
                break
    defect = bool(warned) and any(i in warned for e in entities for i in _touched(e, pairs))
    return _Findings(contradiction, duplicate, defect)


def _reason(findings: _Findings) -> str | None:
    if findings.contradiction:
        return CONTRADICTION
    if findings.duplicate is not None:
        return findings.duplicate[1]
    return RECOVERABLE_DEFECT if findings.defect else None


def warned_ids(warnings: Iterable[object]) -> frozenset[int]:
    """The entity ids of parse warnings (``ParseWarning`` objects or their JSON dicts).

    A shared or empty GlobalId unsets no value: those warnings are left out (the pipeline keeps items from
    naming such elements by GlobalId, see :func:`ifcqa.mcq.pipeline.not_by_guid`).
    """
    ids: set[int] = set()
    for warning in warnings:
        attribute = warning.get("attribute") if isinstance(warning, dict) else getattr(warning, "attribute", None)
        if attribute == "GlobalId":
            continue
        entity_id = warning.get("entity_id") if isinstance(warning, dict) else getattr(warning, "entity_id", None)
        if isinstance(entity_id, int) and entity_id > 0:
            ids.add(entity_id)
    return frozenset(ids)
