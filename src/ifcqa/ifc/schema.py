"""Questions about the IFC schema itself (EXPRESS declarations), asked of IfcOpenShell.

An IFC schema (IFC2X3, IFC4, IFC4X3) declares entities (``IfcWall``) in a single-inheritance tree
(``IfcWall`` is an ``IfcBuildingElement`` is an ``IfcElement`` ... is an ``IfcRoot``), each with
attributes whose types are simple types, defined types, enumerations (``IfcDoorTypeEnum``: the
predefined types of a door), selects (one of several types) or aggregates (lists, sets) of these.

Every question ifcqa asks of that tree goes through this module, over ``ifcopenshell.util.schema``,
``ifcopenshell.util.attribute`` and IfcOpenShell's schema wrapper: callers pass a schema name and a
class name and get plain strings back, never a wrapper object, and a class or schema the schema does
not declare is an empty answer (``None``, ``()``, ``False``), never an exception. Answers are cached
per schema, since the same few classes are asked about for every element of a model.
"""

from __future__ import annotations

import threading
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell.ifcopenshell_wrapper as wrapper
    import ifcopenshell.util.attribute as util_attribute
    import ifcopenshell.util.schema as util_schema
else:  # imported on first use, so a warm index answers without IfcOpenShell (see ifcqa.lazy)
    wrapper = lazy_import("ifcopenshell.ifcopenshell_wrapper")
    util_attribute = lazy_import("ifcopenshell.util.attribute")
    util_schema = lazy_import("ifcopenshell.util.schema")

_NOT_A_KIND = frozenset(["NOTDEFINED", "USERDEFINED"])


_LOADING = threading.Lock()  # IfcOpenShell loads a schema on first use: one thread at a time


@cache
def definition(schema: str) -> Any | None:
    """IfcOpenShell's definition of ``schema`` (``IFC4``), or ``None`` for a schema it does not know."""
    with _LOADING:
        try:
            return wrapper.schema_by_name(schema)
        except (RuntimeError, IndexError):
            return None


@lru_cache(maxsize=8192)  # bounded: names can come from users' questions
def declaration(schema: str, name: str) -> Any | None:
    """The declaration of ``name`` (an entity, a type, an enumeration or a select), or ``None`` if undeclared."""
    found = definition(schema)
    if found is None:
        return None
    try:
        return found.declaration_by_name(name)
    except (RuntimeError, IndexError):
        return None


def entity(schema: str, name: str) -> Any | None:
    """The entity declaration of ``name``, or ``None`` when ``name`` is not an entity of ``schema``."""
    found = declaration(schema, name)
    return found.as_entity() if found is not None else None


@cache
def entity_names(schema: str) -> dict[str, str]:
    """Lower-case name -> name, of every entity ``schema`` declares (empty for an unknown schema)."""
    found = definition(schema)
    return {str(e.name()).lower(): str(e.name()) for e in found.entities()} if found is not None else {}


def is_entity(schema: str, name: str) -> bool:
    """Whether ``name`` is an entity (a class of instances with step ids), not a type or an enumeration."""
    return entity(schema, name) is not None


@lru_cache(maxsize=8192)
def supertypes(schema: str, name: str) -> tuple[str, ...]:
    """``name`` followed by its supertypes up to the root (``IfcWall``, ``IfcBuildingElement``, ..., ``IfcRoot``)."""
    found = entity(schema, name)
    if found is None:
        return ()
    return (str(found.name()), *(str(s.name()) for s in util_schema.get_supertypes(found)))


def is_subclass(schema: str, name: str, ancestor: str) -> bool:
    """Whether entity ``name`` is ``ancestor`` or one of its subtypes (exact spelling of ``ancestor``)."""
    return ancestor in supertypes(schema, name)


@lru_cache(maxsize=8192)
def subclasses(schema: str, name: str) -> tuple[str, ...]:
    """``name`` and every subtype of it, abstract ones included, sorted (empty when the schema lacks ``name``)."""
    found = entity(schema, name)
    if found is None:
        return ()
    names: list[str] = []
    pending = [found]
    while pending:
        current = pending.pop()
        names.append(str(current.name()))
        pending.extend(current.subtypes())
    return tuple(sorted(names))


def is_abstract(schema: str, name: str) -> bool:
    """Whether ``name`` is an abstract entity (it can have no instances of its own)."""
    found = entity(schema, name)
    return bool(found is not None and found.is_abstract())


@lru_cache(maxsize=8192)
def attribute_names(schema: str, name: str) -> tuple[str, ...]:
    """The attributes of entity ``name``, inherited ones first, in the order a STEP instance lists them."""
    found = entity(schema, name)
    return tuple(str(a.name()) for a in found.all_attributes()) if found is not None else ()


def attribute_name(schema: str, name: str, index: int | None) -> str | None:
    """The name of attribute ``index`` of entity ``name`` (``None`` when out of range or unknown)."""
    names = attribute_names(schema, name)
    return names[index] if index is not None and 0 <= index < len(names) else None


@lru_cache(maxsize=8192)
def predefined_types(schema: str, name: str, *, kinds_only: bool = False) -> tuple[str, ...]:
    """The items of ``name``'s PredefinedType enumeration (``()`` when it has none).

    ``kinds_only``: without NOTDEFINED and USERDEFINED, the two items that name no kind.
    """
    found = entity(schema, name)
    if found is None:
        return ()
    for attribute in found.all_attributes():
        if attribute.name() != "PredefinedType":
            continue
        try:
            items = tuple(str(item) for item in util_attribute.get_enum_items(attribute))
        except (AssertionError, AttributeError):  # not an enumeration (a label in some IFC2X3 classes)
            return ()
        return tuple(item for item in items if item not in _NOT_A_KIND) if kinds_only else items
    return ()


def select_members(kind: Any) -> frozenset[str]:
    """The names a select type admits: its entities with their subtypes, its defined types and enumerations.

    What ``ifcopenshell.validate.get_select_members`` returns, computed here so a cold call need not
    import that module (argparse and the EXPRESS rule executor come with it).
    """
    names: set[str] = set()
    pending = list(kind.select_list())
    while pending:
        member = pending.pop()
        if isinstance(member, wrapper.select_type):
            pending.extend(member.select_list())
        elif isinstance(member, wrapper.entity):
            names.add(str(member.name()))
            pending.extend(member.subtypes())
        elif isinstance(member, wrapper.type_declaration | wrapper.enumeration_type):
            names.add(str(member.name()))
    return frozenset(names)


def type_name(kind: Any) -> str:
    """How a schema type reads in a message: ``IfcLabel``, ``list of IfcLengthMeasure``, ``real``."""
    while isinstance(kind, wrapper.named_type):
        kind = kind.declared_type()
    if isinstance(kind, wrapper.aggregation_type):
        return f"list of {type_name(kind.type_of_element())}"
    name = getattr(kind, "name", None)
    if callable(name):
        return str(name())
    return str(kind.declared_type()) if isinstance(kind, wrapper.simple_type) else str(kind)
