"""IfcOpenShell selector syntax (``IfcWall, Pset_WallCommon.IsExternal=TRUE``) evaluated on the index.

The query is parsed with IfcOpenShell's own grammar and its comparison rules, so a selector means
here what it means in ``ifcopenshell.util.selector.filter_elements``; the facets read the index
instead of the file. Facets the index does not hold (``classification``, ``query:``) are answered
by IfcOpenShell on the opened file, so every valid selector works, some just slower.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ifcqa.errors import ToolError
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell.util.selector as selector_util
    import lark
else:  # the grammar (and IfcOpenShell under it) only for selectors beyond plain class names
    selector_util = lazy_import("ifcopenshell.util.selector")
    lark = lazy_import("lark")

# Class names alone, joined by ',' or '+' ("IfcWall", "IfcDoor, IfcWindow"): answered without the grammar.
_CLASSES_ONLY = re.compile(r"^\s*[A-Za-z]\w*(?:\s*[,+]\s*[A-Za-z]\w*)*\s*$")


class _NeedsFile(Exception):
    """A facet that only the opened file can answer."""


@lru_cache(maxsize=1)
def _index_facets() -> type[Any]:
    """The facet transformer class (built on first use: its base class comes with the selector grammar)."""
    return _make_index_facets(selector_util.FacetTransformer)


def _make_index_facets(base: type[Any]) -> type[Any]:
    class _IndexFacets(base):  # type: ignore[misc]
        """FacetTransformer over step ids; reuses IfcOpenShell's parsing and comparison semantics."""

        elements: set[int]  # step ids here, where IfcOpenShell keeps entity instances
        has_additive_facet_in_current_list: bool

        def __init__(self, index: ModelIndex) -> None:
            super().__init__(None, None)
            self.index = index
            self.records = index.data.elements

        def add_default_elements(self) -> None:
            if self.has_additive_facet_in_current_list:
                return
            self.has_additive_facet_in_current_list = True
            is_a = self.index.is_a
            self.elements.update(
                e.id for e in self.records.values() if is_a(e, "IfcProduct") or is_a(e, "IfcTypeProduct")
            )

        def _filter(self, keep: Any) -> None:
            self.add_default_elements()
            self.elements = {i for i in self.elements if keep(self.records[i])}

        def instance(self, args: list[Any]) -> None:
            self.has_additive_facet_in_current_list = True
            negate = args[0].data != "globalid"
            guid = args[-1].children[0].value
            for element in self.index.with_guid(guid):  # every record holding it, when the file shares it
                (self.elements.discard if negate else self.elements.add)(element.id)

        def entity(self, args: list[Any]) -> None:
            self.has_additive_facet_in_current_list = True
            negate = args[0].data != "ifc_class"
            cls = args[-1].children[0].value
            try:
                ids = {e.id for e in self.index.by_class(cls)}
            except ToolError:
                ids = set()
            self.elements = self.elements - ids if negate else self.elements | ids

        def attribute(self, args: list[Any]) -> None:
            name, comparison, value = args
            field = {
                "Name": "name",
                "Description": "description",
                "ObjectType": "object_type",
                "Tag": "tag",
                "PredefinedType": "predefined_type",
                "GlobalId": "guid",
                "LongName": "long_name",
                "Elevation": "elevation",
            }.get(name.children[0].value)
            if field is None:
                raise _NeedsFile()
            self._filter(lambda e: self.compare(getattr(e, field), comparison, value))

        def type(self, args: list[Any]) -> None:
            comparison, value = args

            def keep(e: Element) -> bool:
                t = self.records.get(e.type) if e.type is not None else None
                name, guid = (t.name, t.guid) if t else (None, None)
                return bool(self.compare(name, comparison, value) or self.compare(guid, comparison, value))

            self._filter(keep)

        def material(self, args: list[Any]) -> None:
            raise _NeedsFile()  # IfcOpenShell also matches material categories, which the index does not keep

        def property(self, args: list[Any]) -> None:
            pset, prop, comparison, value = args
            if not (isinstance(pset, str) and isinstance(prop, str)):
                raise _NeedsFile()

            def keep(e: Element) -> bool:
                props = e.psets.get(pset) or e.qtos.get(pset) or {}
                found = props.get(prop)
                return bool(self.compare(found.value if found is not None else None, comparison, value))

            self._filter(keep)

        def location(self, args: list[Any]) -> None:
            raise _NeedsFile()

        def group(self, args: list[Any]) -> None:
            raise _NeedsFile()

        def parent(self, args: list[Any]) -> None:
            raise _NeedsFile()

        def classification(self, args: list[Any]) -> None:
            raise _NeedsFile()

        def query(self, args: list[Any]) -> None:
            raise _NeedsFile()

    return _IndexFacets


def _classes_only(index: ModelIndex, query: str) -> list[Element] | None:
    """Elements of a selector made of class names only, from the index alone; ``None`` for any other selector.

    Each class facet adds the class with its subclasses, as :meth:`_IndexFacets.entity` does; a class the
    model holds neither as such nor as a supertype of one of its classes is left to the grammar (which
    tells an unknown class from one with no instances here).
    """
    if not _CLASSES_ONLY.match(query):
        return None
    known = index.known_classes()
    ids: set[int] = set()
    for name in re.split(r"\s*[,+]\s*", query.strip()):
        canonical = known.get(name.lower()) or index.schema_classes().get(name.lower())  # any case, as by_class
        if canonical is None:
            return None
        ids.update(e.id for e in index.by_class(canonical, templates=True))
    return [index.data.elements[i] for i in sorted(ids) if i in index.data.elements]


def select(index: ModelIndex, query: str) -> list[Element]:
    """Elements matching an IfcOpenShell selector, sorted by step id.

    Raises:
        ToolError: the selector does not parse (the message quotes IfcOpenShell's parser).
    """
    query = query.strip()
    if not query:
        raise ToolError("The selector is empty. Give e.g. 'IfcWall' or 'IfcDoor, Pset_DoorCommon.IsExternal=TRUE'.")
    by_class = _classes_only(index, query)
    if by_class is not None:
        return by_class
    try:
        tree = selector_util.filter_elements_grammar.parse(query)
    except lark.exceptions.LarkError as exc:
        first = str(exc).strip().splitlines()[0]
        raise ToolError(
            f"Selector {query!r} does not parse: {first}. Syntax: 'IfcWall', 'IfcWall, Name=\"W1\"', "
            "'IfcDoor, Pset_DoorCommon.FireRating=\"EI30\"'; join alternatives with '+'."
        ) from None
    facets = _index_facets()(index)
    try:
        facets.transform(tree)
        ids = facets.get_results()
    except lark.exceptions.VisitError as exc:
        if not isinstance(exc.orig_exc, _NeedsFile):
            raise
        try:
            ids = {e.id() for e in selector_util.filter_elements(index.model(), query)}
        except lark.exceptions.VisitError as ifc_exc:  # e.g. a /regex/ pset meeting a set without a Name
            raise ToolError(
                f"Selector {query!r} cannot be evaluated on {index.path.name}: IfcOpenShell failed with "
                f"{ifc_exc.orig_exc!r}. Name the property set without a /regex/, or use find_elements."
            ) from None
    return [index.data.elements[i] for i in sorted(ids) if i in index.data.elements]
