"""Running a plan: on the graph (Cypher) or on the in-memory index (the deterministic fallback).

Both routes apply the same semantics: an element is on a storey when the index resolved it there
(``ON_STOREY`` edges: contained, in a space, part of an aggregate, hosted); inventories take only
products contained directly in the storey (elements in its spaces are counted in the answer text;
parts and openings belong to their whole). Without a storey constraint every matching element
counts, on a storey or not (inventories: every contained product).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ifcqa.graph.projection import label_of, model_tag
from ifcqa.graph.store import GraphStore
from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial.classes import INVENTORY_VIAS, direct_inventory, matches, not_inventoried, not_inventoried_anywhere
from ifcqa.spatial.plan import ClassFilter, Plan


@dataclass(frozen=True)
class Hit:
    """One element an answer cites; ``step_id`` is its identity (a GlobalId may be shared or empty)."""

    guid: str
    ifc_class: str
    name: str | None
    storey: str | None  # storey GlobalId
    via: str | None = None
    step_id: int = 0


def _filters(plan: Plan) -> list[ClassFilter]:
    return [c for c in plan.classes if c.classes or c.type_classes]


def _union(template: str, labels: tuple[str, ...] = ("Element", "Space")) -> str:
    """``template`` once per node label, joined by UNION ALL.

    Kùzu reads ``(e:Element:Space)`` as either label, Neo4j as both, and neither accepts the other's
    label alternative (``label(e)`` vs ``labels(e)``); a UNION ALL of one query per label is Cypher both run.
    """
    return "\nUNION ALL\n".join(template.replace("LABEL", label) for label in labels)


# A kind filter ("tables") also tests the effective predefined type, else (when that is no enumeration value) the
# element's or its type's name, as classes.matches does; $any_kind is true for plain class filters. Kùzu and Neo4j
# both read a NULL property IN a list as NULL, so unset values never match.
_KIND = (
    "($any_kind OR e.predefined_type IN $predefined OR ((e.predefined_type IS NULL OR NOT e.predefined_type IN "
    "$enumerated) AND (e.name IN $names OR e.type_name IN $type_names)))"
)
_ON_STOREYS = f"""
MATCH (s:Storey)<-[r:ON_STOREY]-(e:LABEL)
WHERE s.uid IN $storeys AND (e.ifc_class IN $classes OR e.type_class IN $types) AND {_KIND}
RETURN e.step_id AS step_id, e.guid AS guid, e.ifc_class AS class, e.name AS name, s.step_id AS storey, r.via AS via
"""

_ANYWHERE = f"""
MATCH (e:LABEL)
WHERE e.model = $model AND (e.ifc_class IN $classes OR e.type_class IN $types) AND {_KIND}
OPTIONAL MATCH (e)-[r:ON_STOREY]->(s:Storey)
RETURN e.step_id AS step_id, e.guid AS guid, e.ifc_class AS class, e.name AS name, s.step_id AS storey, r.via AS via
"""
_GRAPH_QUERY = _union(_ON_STOREYS)
_GRAPH_QUERY_ANYWHERE = _union(_ANYWHERE)
_SPACE_KINDS = frozenset(["IfcSpace", "IfcSpaceType"])


def _labels(wanted: ClassFilter) -> tuple[str, ...]:
    """The node labels a filter can match (see :func:`ifcqa.graph.projection.label_of`): fewer queries to run."""
    kinds = set(wanted.classes) | set(wanted.type_classes)
    labels = (("Element",) if kinds - _SPACE_KINDS else ()) + (("Space",) if kinds & _SPACE_KINDS else ())
    return labels or ("Element",)


_GRAPH_INVENTORY_ANYWHERE = """
MATCH (c)-[:CONTAINS]->(e:Element)
WHERE e.model = $model AND e.ifc_class IN $classes
OPTIONAL MATCH (e)-[r:ON_STOREY]->(s:Storey)
RETURN e.step_id AS step_id, e.guid AS guid, e.ifc_class AS class, e.name AS name, s.step_id AS storey, r.via AS via
"""


def run_graph(store: GraphStore, index: ModelIndex, plan: Plan) -> list[Hit]:
    """The plan as Cypher on ``store`` (the model must be loaded)."""
    tag = model_tag(index)
    hits: dict[int, Hit] = {}  # by step id: elements that share a GlobalId are all counted
    excluded = set(plan.exclude)  # only matters when every storey is excluded (then no storey is included)
    for wanted in _filters(plan):
        params: dict[str, Any] = {
            "classes": list(wanted.classes), "types": list(wanted.type_classes), "any_kind": not wanted.kind,
            "predefined": list(wanted.predefined), "enumerated": list(wanted.enumerated),
            "names": list(wanted.names), "type_names": list(wanted.type_names),
        }
        if plan.storeys:
            params["storeys"] = [f"{tag}:{storey_id(index, g)}" for g in plan.storeys]
            rows = store.run(_union(_ON_STOREYS, _labels(wanted)), params)
        elif wanted.inventory and direct_inventory(plan):  # else storey-deep: every element (round 9)
            rows = store.run(_GRAPH_INVENTORY_ANYWHERE, {"classes": params["classes"], "model": tag})
        else:
            rows = store.run(_union(_ANYWHERE, _labels(wanted)), params | {"model": tag})
        for row in rows:
            if wanted.inventory and plan.storeys and direct_inventory(plan) and row["via"] not in INVENTORY_VIAS:
                continue
            if wanted.inventory and not direct_inventory(plan) and row["class"] in _left_out(index, plan):
                continue
            storey = index.key(index.data.elements[row["storey"]]) if row["storey"] is not None else None
            if storey in excluded:
                continue
            hit = Hit(row["guid"], row["class"], row["name"], storey, row["via"], row["step_id"])
            hits.setdefault(hit.step_id, hit)
    return list(hits.values())


def _left_out(index: ModelIndex, plan: Plan) -> frozenset[str]:
    """The classes a storey-deep inventory leaves out: on storeys :func:`not_inventoried`, over the whole model
    also what no storey holds (:func:`not_inventoried_anywhere`, round 9)."""
    return not_inventoried(index.schema) if plan.storeys or plan.exclude else not_inventoried_anywhere(index.schema)


def storey_id(index: ModelIndex, key: str) -> int:
    """The step id of a storey the plan names by its key (GlobalId, or ``#<step id>`` when that is not unique)."""
    element = index.find(key)
    if element is None:
        raise KeyError(key)
    return element.id


def run_index(index: ModelIndex, plan: Plan) -> list[Hit]:
    """The plan evaluated on the in-memory index (no graph needed)."""
    elements = index.data.elements
    storey_ids = {storey_id(index, g) for g in plan.storeys}
    excluded = {storey_id(index, g) for g in plan.exclude}
    hits: dict[int, Hit] = {}
    filters = _filters(plan)
    for e in index.elements():
        if e.storey == e.id:
            continue
        if storey_ids and e.storey not in storey_ids or e.storey in excluded:
            continue
        for wanted in filters:
            if not matches(index, e, wanted) or label_of(index, e) not in ("Element", "Space"):
                continue
            if wanted.inventory and direct_inventory(plan) and (
                    e.storey_via not in INVENTORY_VIAS if storey_ids else e.container is None):
                continue
            if wanted.inventory and not direct_inventory(plan) and e.ifc_class in _left_out(index, plan):
                continue
            storey = index.key(elements[e.storey]) if e.storey is not None else None
            hits.setdefault(e.id, Hit(e.guid, e.ifc_class, e.name, storey, e.storey_via, e.id))
            break
    return list(hits.values())


SHARED_CYPHER = (_GRAPH_QUERY, _GRAPH_QUERY_ANYWHERE, _GRAPH_INVENTORY_ANYWHERE)  # every backend must run these


def rooms_hits(index: ModelIndex, plan: Plan, space_guids: list[str]) -> list[Hit]:
    """The elements in the spaces (contained in them; bounding them for a room's walls, doors, windows: role
    ``of``) that are of the plan's classes (any product for an inventory), each on its own storey."""
    from ifcqa.spatial import resolve  # the resolvers' modules import the index only

    bounding = any(r.role == "of" for r in plan.rooms)
    elements = index.data.elements
    filters = _filters(plan)
    excluded = {index.data.guids[g] for g in plan.exclude}
    storey_ids = {index.data.guids[g] for g in plan.storeys}
    hits: dict[str, Hit] = {}
    for guid in resolve.elements_in_rooms(index, space_guids, bounding=bounding):
        e = index.find(guid)
        if e is None or e.ifc_class in ("IfcSpace", "IfcOpeningElement"):
            continue
        if (storey_ids and e.storey not in storey_ids) or e.storey in excluded:
            continue
        if not any(f.inventory or matches(index, e, f) for f in filters):
            continue
        storey = elements[e.storey].guid if e.storey is not None else None
        hits.setdefault(e.guid, Hit(e.guid, e.ifc_class, e.name, storey, e.storey_via))
    return list(hits.values())
