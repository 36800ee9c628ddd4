"""Class groups resolved for a schema, predefined-type kinds resolved for a model, and the one matching rule.

Kinds ("tables", "radiators", "skylights"; :data:`~ifcqa.spatial.vocabulary.PREDEFINED_KINDS`) are a class
group plus a test on the element's *effective predefined type*: the index's ``Element.predefined_type``
(the type object's PredefinedType unless NOTDEFINED/USERDEFINED/unset, else the occurrence's own;
USERDEFINED reads as ObjectType/ElementType: ``ifcopenshell.util.element.get_predefined_type``'s rule), which
the graph carries as ``predefined_type``. :func:`resolve_kind` decides, per model:

1. the kind's enumeration values the schema has (``TABLE``; IFC2X3's furniture has none) are accepted;
2. so are free-text predefined types (a USERDEFINED ObjectType such as "Chair - Dining", IFC2X3's ObjectType),
   element names (Revit's "M_Table-Coffee:0610 x 0610mm:1234") and type object names ("Table") whose first
   word naming a kind of the group names this kind (:func:`kind_named`), for elements whose effective
   predefined type is not an enumeration value (when it is, the enumeration has said what the element is);
3. when that finds nothing and *no* element of the group is told apart at all (no enumeration value, no
   name of any kind of the group: common in IFC2X3 exports), the kind cannot be told apart in this model: the
   filter is the whole group marked ``untold``, and the question is declined saying so (the whole group would
   answer a broader question; until round 16 it was listed with a note); when the model does tell its elements
   apart and none is of this kind, the answer is none, with a note naming how many of the group there are.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from functools import cache
from typing import Any

from ifcqa.ifc import schema as ifc_schema
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial.plan import ClassFilter
from ifcqa.spatial.vocabulary import CLASS_GROUPS, CLASS_WORDS, PREDEFINED_KINDS, counted_form

INVENTORY_VIAS = ("contained",)


def direct_inventory(plan: Any) -> bool:
    """Whether an inventory lists only what is contained directly (no storey asked: "what's in the model other than
    pipes" lists the contained products, as on the graph).

    The documented rule (round 7): an inventory of storeys is **storey-deep**, whatever its shape: "what is on
    Level 2", "everything that isn't on Level 1", "alles außer dem EG" and "everything on Level 1 except the walls"
    list the physical elements a person would find on those storeys: contained directly, in one of their spaces,
    or part of / filling an element that is; openings, virtual elements, spaces, annotations and grids are left out
    (:func:`not_inventoried`). Before, a plain or storey-negated inventory listed the directly contained products
    only (BIM-Graph's rule) and counted the rest in a note; the sets disagreed, and a user who asks what is on a
    floor means the furniture in its rooms too."""
    return not getattr(plan, "storeys", None) and not getattr(plan, "exclude", None) and not getattr(
        plan, "exclude_classes", None)  # round 9: "everything except the walls" is storey-deep, as on a storey


@functools.cache
def not_inventoried(schema: str) -> frozenset[str]:
    """Classes a storey-deep inventory leaves out: openings and other feature elements, virtual elements, spaces
    (it lists the physical elements; a space is a room, asked as such), annotations and grids (drawing content)."""
    return frozenset(c for name in ("IfcFeatureElement", "IfcVirtualElement", "IfcSpatialElement",
                                    "IfcSpatialStructureElement", "IfcAnnotation", "IfcGrid")
                     for c in subclasses(schema, name))


@functools.cache
def not_inventoried_anywhere(schema: str) -> frozenset[str]:
    """What an inventory of the whole model that takes classes out ("what's in the model other than the pipes",
    round 9) also leaves out: ports, proxies and structural-analysis items, which no storey holds (no IfcElement;
    a storey's inventory keeps its own rule, :func:`not_inventoried`)."""
    return not_inventoried(schema) | frozenset(
        c for name in ("IfcPort", "IfcProxy", "IfcStructuralItem", "IfcStructuralActivity")
        for c in subclasses(schema, name))


subclasses = ifc_schema.subclasses  # ``ifc_class`` and every subclass of it (empty when the schema lacks it)


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


def _of_classes(index: ModelIndex, element: Element, wanted: ClassFilter) -> bool:
    if element.ifc_class in wanted.classes:
        return True
    if wanted.type_classes and element.type is not None:
        type_object = index.data.elements.get(element.type)
        return type_object is not None and type_object.ifc_class in wanted.type_classes
    return False


def matches(index: ModelIndex, element: Element, wanted: ClassFilter) -> bool:
    """Whether ``element`` is of the filter's classes (or typed by one of its type classes) and, for a kind,
    passes its predefined-type-or-name test (exactly what ``execute._KIND`` tests in Cypher)."""
    if not _of_classes(index, element, wanted):
        return False
    if not wanted.kind:
        return True
    value = element.predefined_type
    if value is not None and value in wanted.predefined:
        return True
    if value is not None and value in wanted.enumerated:
        return False  # the enumeration has said what it is: names are not read
    if wanted.names and element.name in wanted.names:
        return True
    if wanted.type_names and element.type is not None:
        type_object = index.data.elements.get(element.type)
        return type_object is not None and type_object.name in wanted.type_names
    return False


_NOT_A_KIND = frozenset(["NOTDEFINED", "USERDEFINED"])


@cache
def enumeration_values(schema: str, classes: tuple[str, ...]) -> frozenset[str]:
    """Every PredefinedType enumeration value of ``classes`` in ``schema``, without NOTDEFINED/USERDEFINED."""
    kinds = (ifc_schema.predefined_types(schema, ifc_class, kinds_only=True) for ifc_class in classes)
    return frozenset(value for values in kinds for value in values)


_CAMEL = re.compile(r"(?<=[a-zäöüß])(?=[A-ZÄÖÜ])")
_WORD = re.compile(r"[^\W\d_]+")
_ENDINGS = ("", "s", "es", "e", "en", "n")


def _fold(word: str) -> str:
    return word.casefold().replace("ß", "ss")


_Words = tuple[dict[str, str], tuple[tuple[str, str], ...]]


def _word_table(pairs: list[tuple[str, str]]) -> _Words:
    """For (word, key) pairs: every whole-word form (word plus a plural ending) -> its key, and the pairs
    long enough to end a compound."""
    whole: dict[str, str] = {}
    for word, key in pairs:
        for ending in _ENDINGS:
            whole.setdefault(word + ending, key)
    return whole, tuple((w, k) for w, k in pairs if len(w) >= 5)


@cache
def _group_words(group: str) -> _Words:
    """The words of the kinds of class group ``group`` (see :func:`_word_table`)."""
    return _word_table([(_fold(w), k) for k, (g, _, _, words) in PREDEFINED_KINDS.items() if g == group for w in words])


@cache
def _class_words(key: str) -> _Words:
    """The one-word names of class group ``key`` ("tank", "speicher"; see :func:`_word_table`)."""
    return _word_table([(_fold(w), key) for w, k in CLASS_WORDS.items() if k == key and " " not in w])


def _first_named(text: str, words: _Words) -> str | None:
    whole, compounds = words
    for token in _WORD.findall(_fold(_CAMEL.sub(" ", text))):
        if token in whole:
            return whole[token]
        for word, key in compounds:
            if token.endswith(word):
                return key
    return None


@functools.lru_cache(maxsize=65536)
def kind_named(text: str | None, group: str) -> str | None:
    """The kind of class group ``group`` that ``text`` (a name, a type name, a free-text predefined type) names
    first, or None. A word counts whole (with a plural ending: "Chairs") or, five letters or more, as the end
    of a compound ("Couchtisch", "armchair"); within one word a whole match beats a compound one (a
    "Schreibtisch" is a desk, not a table). The first word naming a kind decides ("Table_Dining_w-Chairs" is a
    table): names put the thing first and what it comes with after. Else a kind word written as names write it
    in the other language or abbreviated (``data/name_forms.json``: "Wendeltreppe" is a spiral stair)."""
    if not text:
        return None
    found = _first_named(text, _group_words(group))
    return found if found is not None else _named_by_forms(text, group)


def _named_by_forms(text: str, group: str) -> str | None:
    from ifcqa.spatial import name_forms
    from ifcqa.spatial.grounding import stem

    tokens = _WORD.findall(_fold(_CAMEL.sub(" ", text)))
    forms = name_forms.table()
    for key, (g, label, _, _) in PREDEFINED_KINDS.items():
        said = [stem(w) for w in label.split()[:-1]]  # "spiral stairs": every word before the class noun
        if g == group and said and all(w in forms and name_forms.match(w, tokens) is not None for w in said):
            return key
    return None


@functools.lru_cache(maxsize=65536)
def class_named(text: str | None, key: str) -> bool:
    """Whether ``text`` names class group ``key`` by one of its one-word names, as :func:`kind_named` reads
    words ("Pufferspeicher" names tanks: "speicher" ends the compound)."""
    if not text:
        return False
    return _first_named(text, _class_words(key)) is not None


def _counted(label: str, n: int) -> str:
    return f"{n} {counted_form(label, n)}"


def resolve_kind(index: ModelIndex, key: str) -> ClassFilter:
    """The filter of predefined-type kind ``key`` for this model (the rule is in the module docstring)."""
    group, label, values, _ = PREDEFINED_KINDS[key]
    base = class_filter(index.schema, group)
    enumerated = enumeration_values(index.schema, base.classes + base.type_classes)
    accepted = tuple(v for v in values if v in enumerated)
    elements = index.data.elements
    members = [e for e in index.elements() if _of_classes(index, e, base)]
    texts: set[str] = set()
    names: set[str] = set()
    type_names: set[str] = set()
    told_apart = False
    for e in members:
        value = e.predefined_type
        if value in enumerated:
            told_apart = True
            continue
        type_object = elements.get(e.type) if e.type is not None else None
        for text, found in ((value if value not in _NOT_A_KIND else None, texts), (e.name, names),
                            (type_object.name if type_object is not None else None, type_names)):
            named = kind_named(text, group)
            told_apart = told_apart or named is not None
            if named == key and text is not None:
                found.add(text)
    kind = replace(base, label=label, kind=key, predefined=accepted + tuple(sorted(texts)),
                   enumerated=tuple(sorted(enumerated)), names=tuple(sorted(names)),
                   type_names=tuple(sorted(type_names)))
    hits = [e for e in members if matches(index, e, kind)]
    by_name = [e for e in hits if e.predefined_type not in accepted]
    if by_name:
        first = by_name[0]
        type_object = elements.get(first.type) if first.type is not None else None
        said_by = ((first.predefined_type, texts), (first.name, names),
                   (type_object.name if type_object is not None else None, type_names))
        example = next(t for t, found in said_by if t is not None and t in found)
        kind = replace(kind, note=(
            f"{_counted(label, len(by_name)).capitalize()} told apart by name, as no predefined type says so "
            f"(e.g. {example[:60]!r})."
        ))
    if hits or not members:
        return kind
    if not told_apart:  # listing all would answer a broader question: the plan declines (check.check_question)
        return replace(base, untold=label, note=(
            f"the model does not say which {base.label} are {label}: none of its "
            f"{_counted(base.label, len(members))} has a predefined type or a name telling what it is"
        ))
    said = f"predefined type {' or '.join(accepted)} or a name" if accepted else "a name (this schema has no "\
        f"predefined type for {label})"
    return replace(kind, note=(
        f"None of the model's {_counted(base.label, len(members))} is one of the {label} by {said}."
    ))




@cache
def generic_classes(schema: str, classes: tuple[str, ...], type_classes: tuple[str, ...]) -> tuple[
        tuple[str, ...], frozenset[str]]:
    """The generic classes an export may have used instead of a filter's own, and the type classes that make
    an occurrence of one of them something else.

    Generic: the instantiable direct supertype of each class (``IfcFlowStorageDevice`` for ``IfcTank``), the
    occurrence class of each type class's supertype (IFC2X3's ``IfcFlowMovingDevice`` for ``IfcPumpType``),
    and ``IfcBuildingElementProxy``; none of the filter's own. Something else: the subtypes of their type
    classes (an ``IfcFlowStorageDevice`` typed ``IfcElectricFlowStorageDeviceType`` is a battery).
    """
    parents = {"IfcBuildingElementProxy"}
    parents.update(chain[1] for name in classes if len(chain := ifc_schema.supertypes(schema, name)) > 1)
    parents.update(
        chain[1][: -len("Type")]
        for name in type_classes
        if len(chain := ifc_schema.supertypes(schema, name)) > 1 and chain[1].endswith("Type")
    )
    generic = tuple(sorted(
        p for p in parents
        if p not in classes and ifc_schema.is_entity(schema, p) and not ifc_schema.is_abstract(schema, p)
    ))  # fmt: skip
    specific = frozenset(t for p in generic for t in subclasses(schema, p + "Type") if t != p + "Type")
    return generic, specific


def generic_named(index: ModelIndex, wanted: ClassFilter) -> list[Element]:
    """Elements of a generic class (:func:`generic_classes`) not typed as something else, whose name, type name
    or ObjectType names the filter's class group by one of its words ("Pufferspeicher" for tanks): what an
    answer by class does not count but should mention. None for a kind or an inventory."""
    if wanted.kind or wanted.inventory or wanted.key not in CLASS_GROUPS:
        return []
    generic, specific = generic_classes(index.schema, wanted.classes, wanted.type_classes)
    found = []
    for ifc_class in generic:
        for element in index.by_class(ifc_class, exact=True):
            type_object = index.data.elements.get(element.type) if element.type is not None else None
            if type_object is not None and type_object.ifc_class in specific:
                continue
            texts = (element.name, type_object.name if type_object is not None else None, element.object_type)
            if any(class_named(text, wanted.key) for text in texts):
                found.append(element)
    return found
