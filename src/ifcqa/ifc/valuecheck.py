"""Values IfcOpenShell does not check when it parses: every non-geometry value against its schema type.

IfcOpenShell keeps whatever token a file holds (a string where a reference belongs, a reference
where a number belongs, a non-finite real). :func:`check_values` reads every value of the entities
that are not geometry once (``IfcRepresentationItem`` and its subtypes are skipped: they are most
of a file, and the index reads none of them), checks it against the schema's type as
``ifcopenshell.validate`` checks types, and unsets the bad ones. A wrong-family reference inside a
relationship or an object is fatal (the spatial structure and the decompositions would be wrong);
every other bad value is a :class:`~ifcqa.ifc.diagnostics.ParseWarning`.

This pass is on the path of every cold call, so it is compiled per class and reads values by
position, accepting the one Python type always valid for an attribute without a call.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ifcqa.ifc import schema
from ifcqa.ifc.diagnostics import ParseWarning
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell
    import ifcopenshell.ifcopenshell_wrapper as wrapper
else:  # imported on first use (see ifcqa.lazy)
    ifcopenshell = lazy_import("ifcopenshell")
    wrapper = lazy_import("ifcopenshell.ifcopenshell_wrapper")

_REFERENCE_HOLDERS = ("IfcRelationship", "IfcObjectDefinition")
_ROOT = "IfcRoot"
_GEOMETRY = "IfcRepresentationItem"
_Check = Callable[
    [Any], "str | None"
]  # value -> None when valid, else "bad" (a wrong value) or "ref" (wrong reference)
# One attribute to check: (index, name, schema type name, the Python type that is always valid, its check).
_Attribute = tuple[int, str, str, "type | None", _Check]


def check_values(model: ifcopenshell.file) -> tuple[list[str], list[ParseWarning]]:
    """Check every non-geometry value against its schema type; unset the bad ones.

    Only the type of each value is checked (not aggregate bounds or WHERE rules, which real exports
    break without harm). A reference to an entity of another class of the same family (an
    ``IfcSystem`` listed where an ``IfcProduct`` belongs, as IFC2X3 exports contain circuits) is
    accepted, as IfcOpenShell and the index accept it.

    This pass is on the path of every cold call, so it is written for speed: each value is read once
    with ``get_argument`` (no bounds check in Python), a value of the one Python type that is always
    valid for its attribute (a ``str`` for a label) is accepted without a call, and the verdict on a
    reference is computed once per class of the referenced entity.

    Returns:
        The fatal problems (references into another family inside relationships and objects) and
        the warnings (every other bad value, now unset in ``model``).
    """
    checker = _TypeChecker(model.schema_identifier, zero_id=_has_id_zero(model))
    fatal: list[str] = []
    warnings: list[ParseWarning] = []
    for ifc_class in sorted(c for c in model.types() if not checker.is_geometry(c)):
        holds_structure, checks = checker.of_class(ifc_class)
        if not checks:
            continue
        for instance in model.by_type(ifc_class, include_subtypes=False):
            get = instance.get_argument
            for index, name, type_name, always_valid, check in checks:
                try:
                    value = get(index)
                except (RuntimeError, ValueError, TypeError, IndexError):
                    warnings.append(ParseWarning(instance.id(), ifc_class, name, "unreadable value; read as unset"))
                    _unset(instance, index)
                    continue
                if value is None or value.__class__ is always_valid:
                    continue
                verdict = check(value)
                if verdict is None:
                    continue
                problem = f"{_shown(value)} is not a valid {type_name}"
                if verdict == "ref" and holds_structure:
                    fatal.append(f"#{instance.id()} {ifc_class}.{name}: {problem}")
                    continue
                warnings.append(ParseWarning(instance.id(), ifc_class, name, f"{problem}; read as unset"))
                _unset(instance, index)
    return fatal, warnings


def _has_id_zero(model: ifcopenshell.file) -> bool:
    """Whether the file holds an entity ``#0`` (its id reads as "no id", as a typed value's does)."""
    try:
        model.by_id(0)
    except RuntimeError:
        return False
    return True


def _unset(instance: ifcopenshell.entity_instance, index: int) -> None:
    # If IfcOpenShell refuses the assignment, the value stays as the file holds it.
    with contextlib.suppress(RuntimeError, ValueError, TypeError, AttributeError):
        instance[index] = None


def _shown(value: Any) -> str:
    if isinstance(value, ifcopenshell.entity_instance):
        return f"#{value.id()} {value.is_a()}" if value.id() else str(value)[:60]
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _simple_check(kind: str) -> tuple[type | None, _Check]:
    """The check of a simple type, and the Python type that always passes it (skipped without a call)."""

    def string(value: Any) -> str | None:
        return None if isinstance(value, str) else "bad"

    def integer(value: Any) -> str | None:
        return None if isinstance(value, int) and not isinstance(value, bool) else "bad"

    def real(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return "bad"
        return None if isinstance(value, int) or math.isfinite(value) else "bad"

    def boolean(value: Any) -> str | None:
        return None if isinstance(value, bool) else "bad"

    def logical(value: Any) -> str | None:
        return None if isinstance(value, bool) or value == "UNKNOWN" else "bad"

    checks: dict[str, tuple[type | None, _Check]] = {
        "string": (str, string),
        "binary": (str, string),
        "integer": (int, integer),
        "real": (int, real),  # a float must be finite: checked
        "number": (int, real),
        "boolean": (bool, boolean),
    }
    return checks.get(kind, (bool, logical))


def _ref_verdict(value: Any) -> str | None:
    return "ref"


def _bad_verdict(value: Any) -> str | None:
    return "bad"


def _valid(value: Any) -> str | None:
    return None


class _TypeChecker:
    """Fast value checks compiled from the schema, cached per class.

    ``zero_id``: the file holds an entity ``#0``. A reference to it is refused as "no entity" (as a
    typed value, which also has no id, is), so the per-class verdicts on references ask for the id
    only then.
    """

    def __init__(self, schema_name: str, zero_id: bool = False) -> None:
        self._schema = schema_name
        self._zero_id = zero_id
        self._classes: dict[str, tuple[bool, list[_Attribute]]] = {}
        self._is_a: dict[tuple[str, str], bool] = {}
        self._families: dict[str, str] = {}
        self._entities: dict[str, bool] = {}

    def of_class(self, ifc_class: str) -> tuple[bool, list[_Attribute]]:
        known = self._classes.get(ifc_class)
        if known is None:
            entity = schema.entity(self._schema, ifc_class)
            holds = any(schema.is_subclass(self._schema, ifc_class, name) for name in _REFERENCE_HOLDERS)
            checks: list[_Attribute] = []
            for index, attribute in enumerate(entity.all_attributes() if entity is not None else ()):
                kind = attribute.type_of_attribute()
                compiled = self._compile(kind)
                if compiled is not None:
                    always_valid, check = compiled
                    checks.append((index, str(attribute.name()), schema.type_name(kind), always_valid, check))
            known = (holds, checks)
            self._classes[ifc_class] = known
        return known

    def is_geometry(self, ifc_class: str) -> bool:
        """Whether ``ifc_class`` is a representation item (geometry, which the index never reads)."""
        return self._subtype(ifc_class, _GEOMETRY)

    def _subtype(self, value_class: str, name: str) -> bool:
        key = (value_class, name)
        known = self._is_a.get(key)
        if known is None:
            known = schema.is_subclass(self._schema, value_class, name)
            self._is_a[key] = known
        return known

    def _is_entity(self, name: str) -> bool:
        known = self._entities.get(name)
        if known is None:
            known = self._entities[name] = isinstance(schema.declaration(self._schema, name), wrapper.entity)
        return known

    def _family(self, name: str) -> str:
        """The broad kind a reference must be of: the child of IfcRoot above ``name``, else its top ancestor."""
        family = self._families.get(name)
        if family is None:
            chain = schema.supertypes(self._schema, name)
            family = chain[-2] if chain[-1] == _ROOT and len(chain) > 1 else chain[-1]
            self._families[name] = family
        return family

    def _compile(self, kind: Any) -> tuple[type | None, _Check] | None:
        """The check of a schema type and the Python type always valid for it; ``None``: nothing to check."""
        while isinstance(kind, wrapper.named_type):
            kind = kind.declared_type()
        if isinstance(kind, wrapper.type_declaration):
            return self._compile(kind.declared_type())
        if isinstance(kind, wrapper.simple_type):
            return _simple_check(str(kind.declared_type()))
        if isinstance(kind, wrapper.enumeration_type):
            items = frozenset(str(item) for item in kind.enumeration_items())
            return None, lambda value: None if isinstance(value, str) and value in items else "bad"
        if isinstance(kind, wrapper.entity):
            return None, self._entity_check(str(kind.name()))
        if isinstance(kind, wrapper.select_type):
            return None, self._select_check(kind)
        if isinstance(kind, wrapper.aggregation_type):
            return None, self._aggregate_check(self._compile(kind.type_of_element()))
        return None

    def _aggregate_check(self, element: tuple[type | None, _Check] | None) -> _Check:
        item_type, item_check = element if element is not None else (None, None)

        def aggregate(value: Any) -> str | None:
            if not isinstance(value, tuple):
                return "ref" if isinstance(value, ifcopenshell.entity_instance) else "bad"
            if item_check is None:
                return None
            found = None
            for item in value:
                if item is None or item.__class__ is item_type:
                    continue
                verdict = item_check(item)
                if verdict == "ref":
                    return "ref"
                if verdict:
                    found = "bad"
            return found

        return aggregate

    def _entity_check(self, name: str) -> _Check:
        family = self._family(name)
        verdicts: dict[str, str | None] = {}  # class of the referenced entity -> verdict
        instance_type = ifcopenshell.entity_instance
        zero_id = self._zero_id

        def verdict_of(value_class: str) -> str | None:
            if not self._is_entity(value_class):  # a typed value, not an entity
                return "ref"
            if self._subtype(value_class, name) or self._subtype(value_class, family):
                return None
            return "ref"

        def reference(value: Any) -> str | None:
            if value.__class__ is not instance_type and not isinstance(value, instance_type):
                return "ref"
            value_class = value.is_a()
            try:
                verdict = verdicts[value_class]
            except KeyError:
                verdict = verdicts[value_class] = verdict_of(value_class)
            if verdict is None and zero_id and not value.id():
                return "ref"
            return verdict

        return reference

    def _select_check(self, kind: Any) -> _Check:
        members = schema.select_members(kind)
        entity_members = [m for m in members if self._is_entity(m)]
        families = {self._family(m) for m in entity_members}
        by_class: dict[str, _Check] = {}  # class of the value -> its check (the same for every value of it)
        instance_type = ifcopenshell.entity_instance
        zero_id = self._zero_id

        def check_of(value_class: str) -> _Check:
            if self._is_entity(value_class):  # an entity
                if value_class in members or any(self._subtype(value_class, f) for f in families):
                    return _valid
                return _ref_verdict
            if value_class not in members:  # a typed value of a type the select does not hold
                return _bad_verdict
            compiled = self._compile(schema.declaration(self._schema, value_class))
            if compiled is None:
                return _valid
            always_valid, wrapped = compiled

            def typed(value: Any) -> str | None:
                inner = value.get_argument(0)  # the wrapped value (what ``wrappedValue`` reads)
                if inner.__class__ is always_valid:
                    return None
                return "bad" if wrapped(inner) else None

            return typed

        def select(value: Any) -> str | None:
            if value.__class__ is not instance_type and not isinstance(value, instance_type):
                return "ref" if entity_members else "bad"
            value_class = value.is_a()
            if zero_id and not value.id() and self._is_entity(value_class):  # entity #0 reads as a typed value
                return None if value_class in members else "bad"
            check = by_class.get(value_class)
            if check is None:
                check = by_class[value_class] = check_of(value_class)
            return check(value)

        return select

