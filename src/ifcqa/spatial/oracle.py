"""The benchmark oracle: expected GlobalIds computed from the IFC file with IfcOpenShell only.

Independent of :mod:`ifcqa.index` and the graph (it walks each element's inverse attributes), so a
mistake in the index, the projection or the parser shows up as a lower score instead of being copied.

Query format: BIM-Graph's ``{"id", "query", "ifc_filename", "target_floor", "oracle_ifc_types",
"category"}``, whose oracle is the elements contained (IfcRelContainedInSpatialStructure) directly
in the storey named ``target_floor`` (case-insensitive), filtered to exactly ``oracle_ifc_types`` when
given. Extensions (all optional):

``target_floors``        several storeys (any of them)
``exclude_floors``       every storey except these (negation)
``oracle_type_classes``  also elements typed by these type classes (IFC2X3 generic Flow* classes)
``oracle_predefined_types``  only elements whose predefined type (``ifcopenshell.util.element.get_predefined_type``:
                         the type object's first, USERDEFINED read as ObjectType/ElementType) is one of these
``oracle_scope``         ``contained`` (BIM-Graph's, the default), ``located`` (the element's storey
                         through containment, its space, its aggregate or its host) or ``inventory``
                         (``located`` for physical elements: no openings, virtual elements, spatial elements,
                         annotations or grids; without a storey: every contained product)
``oracle_intent``        ``most`` / ``fewest``: the elements on the storey with the most / fewest
``expected_storey``      for ``most``: the storey name the answer must pick
``expected_count``       the number of elements (checked against the oracle when the set is built)
``expect_empty``         ``true``: nothing is to be listed (absent class, unknown storey, not a question)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element

from ifcqa.ifc.open import open_model


@dataclass
class OracleResult:
    guids: set[str]
    storey: str | None = None  # for most/fewest
    problems: list[str] = field(default_factory=list)


def _parent(element: Any) -> Any:
    for rel in getattr(element, "Decomposes", None) or ():
        return rel.RelatingObject
    return None


def _up_to_storey(container: Any) -> Any:
    seen: set[int] = set()
    while container is not None and container.id() not in seen:
        seen.add(container.id())
        if container.is_a("IfcBuildingStorey"):
            return container
        container = _parent(container)
    return None


def containers(model: ifcopenshell.file) -> dict[int, Any]:
    """Element step id -> its spatial container, read from the relationships themselves.

    (Not the inverse attribute: IFC2X3 gives IfcPort no ``ContainedInStructure``, yet files contain ports.)
    """
    out: dict[int, Any] = {}
    for rel in model.by_type("IfcRelContainedInSpatialStructure"):
        for element in rel.RelatedElements or ():
            out.setdefault(element.id(), rel.RelatingStructure)
    return out


def _container(element: Any, contained_in: dict[int, Any] | None) -> Any:
    if contained_in is not None:
        return contained_in.get(element.id())
    rels = getattr(element, "ContainedInStructure", None)
    return rels[0].RelatingStructure if rels else None


def located_storey(element: Any, contained_in: dict[int, Any] | None = None) -> Any:
    """The storey of ``element``: its container's, else its whole's, else its host's (as the IFC spec implies).

    ``contained_in`` is :func:`containers` of the model (read from the inverse attribute when omitted).
    """
    seen: set[int] = set()
    current = element
    while current is not None and current.id() not in seen:
        seen.add(current.id())
        container = _container(current, contained_in)
        if container is not None:
            return _up_to_storey(container)
        parent = _parent(current)
        if parent is not None:
            if parent.is_a("IfcBuildingStorey"):
                return parent
            current = parent
            continue
        fills = getattr(current, "FillsVoids", None)
        if fills:
            current = fills[0].RelatingOpeningElement
            continue
        voids = getattr(current, "VoidsElements", None)
        if voids:
            current = voids[0].RelatingBuildingElement
            continue
        return None
    return None


def _direct_storey(element: Any, contained_in: dict[int, Any]) -> Any:
    container = contained_in.get(element.id())
    return container if container is not None and container.is_a("IfcBuildingStorey") else None


# what a storey's inventory leaves out: openings and other features, virtual elements, spaces and other spatial
# elements, drawing content (annotations, grids)
_NOT_INVENTORIED = ("IfcFeatureElement", "IfcVirtualElement", "IfcSpatialElement", "IfcSpatialStructureElement",
                    "IfcAnnotation", "IfcGrid")


def _inventory_storey(element: Any, contained_in: dict[int, Any]) -> Any:
    """An inventory of a storey is storey-deep (the documented rule, ``classes.direct_inventory``): the element's
    storey through containment, its space, its aggregate or its host, for physical elements only."""
    if any(element.is_a(c) for c in _NOT_INVENTORIED):
        return None
    return located_storey(element, contained_in)


def _type_class(element: Any) -> str | None:
    for rel in getattr(element, "IsTypedBy", None) or getattr(element, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByType"):
            return str(rel.RelatingType.is_a())
    return None


class Oracle:
    """Expected answers for queries about one IFC file."""

    def __init__(self, path: str | Path) -> None:
        self.model: ifcopenshell.file = open_model(Path(path))
        self.storeys = sorted(
            self.model.by_type("IfcBuildingStorey"),
            key=lambda s: (s.Elevation is None, s.Elevation or 0.0, s.Name or ""),
        )
        spatial = ("IfcSite", "IfcBuilding", "IfcBuildingStorey")
        self.contained_in = containers(self.model)
        self.products = [p for p in self.model.by_type("IfcProduct") if not any(p.is_a(c) for c in spatial)]

    def _storeys_named(self, names: list[str]) -> tuple[list[Any], list[str]]:
        found, missing = [], []
        for name in names:
            hits = [s for s in self.storeys if (s.Name or "").strip().casefold() == name.strip().casefold()]
            (found.extend(hits) if hits else missing.append(name))
        return found, missing

    def expected(self, query: dict[str, Any]) -> OracleResult:
        result = OracleResult(set())
        if query.get("expect_empty"):
            return result
        floors = list(query.get("target_floors") or ([query["target_floor"]] if query.get("target_floor") else []))
        storeys, missing = self._storeys_named(floors)
        result.problems += [f"no storey named {m!r}" for m in missing]
        excluded, missing = self._storeys_named(list(query.get("exclude_floors") or []))
        result.problems += [f"no storey named {m!r}" for m in missing]
        if excluded:
            storeys = [s for s in (storeys or self.storeys) if s not in excluded]
        scope = query.get("oracle_scope") or "contained"
        locate = {"contained": _direct_storey, "located": located_storey, "inventory": _inventory_storey}[scope]
        contained_in = self.contained_in
        classes = set(query.get("oracle_ifc_types") or ())
        type_classes = set(query.get("oracle_type_classes") or ())
        predefined = set(query.get("oracle_predefined_types") or ())
        wanted_ids = {s.id() for s in storeys}
        constrained = bool(floors or excluded)
        on: dict[str, int | None] = {}
        for product in self.products:
            wanted = classes or type_classes
            if wanted and product.is_a() not in classes and _type_class(product) not in type_classes:
                continue
            if predefined and ifcopenshell.util.element.get_predefined_type(product) not in predefined:
                continue
            storey = locate(product, contained_in)
            if scope == "inventory" and storey is None and constrained:
                continue
            if constrained and (storey is None or storey.id() not in wanted_ids):
                continue
            if not constrained and scope == "inventory" and not _is_inventory(product, contained_in):
                continue
            on[product.GlobalId] = storey.id() if storey is not None else None
        intent = query.get("oracle_intent")
        if intent in ("most", "fewest"):
            scope_storeys = storeys if constrained else self.storeys
            counts = Counter(on.values())
            values = [counts.get(s.id(), 0) for s in scope_storeys]
            if values and any(values):
                best = max(values) if intent == "most" else min(values)
                winners = [s for s in scope_storeys if counts.get(s.id(), 0) == best]
                result.storey = ", ".join(s.Name or "" for s in winners)
                ids = {s.id() for s in winners}
                on = {g: sid for g, sid in on.items() if sid in ids}
            else:
                on = {}
        result.guids = set(on)
        return result


def _is_inventory(product: Any, contained_in: dict[int, Any]) -> bool:
    """Contained in some spatial element, and not one itself (IFC2X3: IfcSpatialStructureElement)."""
    spatial = product.is_a("IfcSpatialElement") or product.is_a("IfcSpatialStructureElement")
    return product.id() in contained_in and not spatial
