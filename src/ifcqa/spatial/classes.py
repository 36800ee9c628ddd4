"""Class groups resolved for a schema, and the one rule that says whether an element matches."""

from __future__ import annotations

from functools import cache

import ifcopenshell.ifcopenshell_wrapper as wrapper

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial.plan import ClassFilter
from ifcqa.spatial.vocabulary import CLASS_GROUPS

INVENTORY_VIAS = ("contained",)


@cache
def subclasses(schema: str, ifc_class: str) -> tuple[str, ...]:
    """``ifc_class`` and every subclass of it in ``schema`` (empty when the schema lacks the class)."""
    try:
        declaration = wrapper.schema_by_name(schema).declaration_by_name(ifc_class)
    except (RuntimeError, IndexError):
        return ()
    out: list[str] = []
    stack = [declaration]
    while stack:
        d = stack.pop()
        out.append(str(d.name()))
        stack.extend(d.subtypes())
    return tuple(sorted(out))


@cache
def class_filter(schema: str, key: str) -> ClassFilter:
    """The filter of class group ``key`` (see :data:`~ifcqa.spatial.vocabulary.CLASS_GROUPS`) for ``schema``."""
    if key == "inventory":
        products = set(subclasses(schema, "IfcProduct"))
        products -= set(subclasses(schema, "IfcSpatialElement")) | set(subclasses(schema, "IfcSpatialStructureElement"))
        return ClassFilter("inventory", "elements", tuple(sorted(products)), (), inventory=True)
    label, kinds = CLASS_GROUPS[key]
    classes: set[str] = set()
    types: set[str] = set()
    for kind in kinds:
        classes.update(subclasses(schema, "Ifc" + kind))
        for suffix in ("Type", "Style"):
            types.update(subclasses(schema, "Ifc" + kind + suffix))
    return ClassFilter(key, label, tuple(sorted(classes)), tuple(sorted(types)))


def matches(index: ModelIndex, element: Element, wanted: ClassFilter) -> bool:
    """Whether ``element`` is of the filter's classes, or typed by one of its type classes."""
    if element.ifc_class in wanted.classes:
        return True
    if wanted.type_classes and element.type is not None:
        type_object = index.data.elements.get(element.type)
        return type_object is not None and type_object.ifc_class in wanted.type_classes
    return False


def matches_any(index: ModelIndex, element: Element, filters: list[ClassFilter]) -> bool:
    return any(matches(index, element, f) for f in filters)
