"""The property graph of one model index: nodes and edges as plain rows, ready for any graph store.

Node labels (one per table) and what falls in them:

==========  =========================================================================
label       records
==========  =========================================================================
Project     IfcContext (IfcProject, IfcProjectLibrary)
Site        IfcSite
Building    IfcBuilding
Storey      IfcBuildingStorey
Space       IfcSpace
Type        IfcTypeObject (wall types, door styles, ...)
System      IfcGroup (systems, zones, circuits, plain groups)
Element     every other product (walls, doors, pipes, openings, other spatial zones ...)
Material    one node per material name used in the model
==========  =========================================================================

Edge types, each from exactly one fact of the index (so edge counts equal the index's):

==============  ==========================  ====================================================
type            direction                   fact
==============  ==========================  ====================================================
CONTAINS        container -> element        IfcRelContainedInSpatialStructure (``Element.container``)
AGGREGATES      whole -> part               IfcRelAggregates (``Element.parent``)
HAS_TYPE        occurrence -> type          IfcRelDefinesByType (``Element.type``)
HAS_MATERIAL    element -> material         IfcRelAssociatesMaterial (``Element.materials``)
VOIDS           opening -> host             IfcRelVoidsElement (``Element.voids``)
FILLS           door/window -> opening      IfcRelFillsElement (``Element.fills``)
BOUNDS          element -> space            IfcRelSpaceBoundary (``Element.bounds``)
IN_SYSTEM       member -> group/system      IfcRelAssignsToGroup (``Element.groups``)
ON_STOREY       element -> storey           the index's resolved storey; ``via`` says how
==============  ==========================  ====================================================

Every node carries ``uid`` (``<model>:<step id>``, unique across models), ``model`` (the tag of its
file: the first 16 hex digits of its SHA-256), ``guid``, ``ifc_class``, ``name``, ``long_name``,
``predefined_type``, ``object_type``, ``step_id``, ``storey`` / ``storey_uid`` (the resolved storey),
``elevation`` (storeys), ``type_class`` and ``type_name`` (the class and name of its type object, also reachable
over ``HAS_TYPE``; kept on the node so that class and kind filters need no optional match). ``predefined_type``
is the index's effective one (the type object's unless NOTDEFINED/USERDEFINED/unset, USERDEFINED read as
ObjectType/ElementType: ``ifcopenshell.util.element.get_predefined_type``), so kind filters ("tables") agree
with the in-memory route.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element

NODE_LABELS = ("Project", "Site", "Building", "Storey", "Space", "Element", "Type", "System", "Material")
EDGE_TYPES = (
    "CONTAINS", "AGGREGATES", "HAS_TYPE", "HAS_MATERIAL", "VOIDS", "FILLS", "BOUNDS", "IN_SYSTEM", "ON_STOREY"
)
NODE_PROPERTIES: tuple[tuple[str, str], ...] = (
    ("uid", "STRING"),
    ("model", "STRING"),
    ("guid", "STRING"),
    ("ifc_class", "STRING"),
    ("name", "STRING"),
    ("long_name", "STRING"),
    ("predefined_type", "STRING"),
    ("object_type", "STRING"),
    ("step_id", "INT64"),
    ("storey", "STRING"),
    ("storey_uid", "STRING"),
    ("elevation", "DOUBLE"),
    ("type_class", "STRING"),
    ("type_name", "STRING"),
)
_BY_CLASS = (
    ("IfcContext", "Project"),
    ("IfcProject", "Project"),
    ("IfcSite", "Site"),
    ("IfcBuilding", "Building"),
    ("IfcBuildingStorey", "Storey"),
    ("IfcSpace", "Space"),
    ("IfcTypeObject", "Type"),
    ("IfcGroup", "System"),
)


_PLACED = ("Project", "Site", "Building", "Storey", "Space", "Element")
_OBJECTS = (*_PLACED, "System")  # files contain groups where products belong (IFC2X3 circuits in storeys)
# The node labels each edge type may join (from, to), wide enough for what the schema and real files allow
# (spatial zones bounding spaces, circuits contained in storeys); a store declares only these pairs, as all 81
# pairs per edge type made Kùzu's file about ten times larger. A pair outside them is a load error naming it.
EDGE_PAIRS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "CONTAINS": (_PLACED, _OBJECTS),
    "AGGREGATES": (_OBJECTS, _OBJECTS),
    "HAS_TYPE": (_OBJECTS, ("Type",)),
    "HAS_MATERIAL": ((*_OBJECTS, "Type"), ("Material",)),
    "VOIDS": (("Element",), _PLACED),
    "FILLS": (_PLACED, ("Element",)),
    "BOUNDS": (_PLACED, ("Space", "Element")),
    "IN_SYSTEM": ((*_OBJECTS, "Type"), ("System",)),
    "ON_STOREY": (_OBJECTS, ("Storey",)),
}


@dataclass
class GraphData:
    """The nodes and edges of one model: ``nodes[label]`` rows, ``edges[type]`` ``(from_uid, to_uid, via)``."""

    model: str
    nodes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    edges: dict[str, list[tuple[str, str, str | None]]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # uid -> label

    def digest(self) -> str:
        """A digest of every node and edge: a store holding another projection of the same file reloads it."""
        payload = json.dumps([self.nodes, self.edges], sort_keys=True, default=str).encode()
        return hashlib.sha256(payload).hexdigest()[:32]

    def node_count(self, label: str) -> int:
        return len(self.nodes.get(label, ()))

    def edge_count(self, edge_type: str) -> int:
        return len(self.edges.get(edge_type, ()))


def model_tag(index: ModelIndex) -> str:
    """The tag every node of this model carries: the first 16 hex digits of the file's SHA-256."""
    return index.data.source.sha256[:16]


def label_of(index: ModelIndex, element: Element) -> str:
    """The node label of an index record (see the module table)."""
    for ifc_class, label in _BY_CLASS:
        if index.is_a(element, ifc_class):
            return label
    return "Element"


def uid(model: str, step_id: int) -> str:
    return f"{model}:{step_id}"


def project(index: ModelIndex) -> GraphData:
    """The graph of ``index``: one node per record and per material name, one edge per relationship fact."""
    tag = model_tag(index)
    elements = index.data.elements
    graph = GraphData(model=tag, nodes={label: [] for label in NODE_LABELS}, edges={t: [] for t in EDGE_TYPES})
    for e in index.elements():
        label = label_of(index, e)
        storey = elements.get(e.storey) if e.storey is not None else None
        kind = elements.get(e.type) if e.type is not None else None
        row = {
            "uid": uid(tag, e.id),
            "model": tag,
            "guid": e.guid,
            "ifc_class": e.ifc_class,
            "name": e.name,
            "long_name": e.long_name,
            "predefined_type": e.predefined_type,
            "object_type": e.object_type,
            "step_id": e.id,
            "storey": storey.name if storey is not None else None,
            "storey_uid": uid(tag, storey.id) if storey is not None else None,
            "elevation": e.elevation,
            "type_class": kind.ifc_class if kind is not None else None,
            "type_name": kind.name if kind is not None else None,
        }
        graph.nodes[label].append(row)
        graph.labels[uid(tag, e.id)] = label
    materials: dict[str, str] = {}
    for e in index.elements():
        me = uid(tag, e.id)
        edges = graph.edges
        if e.container is not None:
            edges["CONTAINS"].append((uid(tag, e.container), me, None))
        if e.parent is not None:
            edges["AGGREGATES"].append((uid(tag, e.parent), me, None))
        if e.type is not None:
            edges["HAS_TYPE"].append((me, uid(tag, e.type), None))
        for name in dict.fromkeys(e.materials):
            if name not in materials:
                materials[name] = f"{tag}:material:{len(materials)}"
                graph.nodes["Material"].append(_material_row(tag, materials[name], name))
                graph.labels[materials[name]] = "Material"
            edges["HAS_MATERIAL"].append((me, materials[name], e.material_source))
        if e.voids is not None:
            edges["VOIDS"].append((me, uid(tag, e.voids), None))
        if e.fills is not None:
            edges["FILLS"].append((me, uid(tag, e.fills), None))
        for space in e.bounds:
            edges["BOUNDS"].append((me, uid(tag, space), None))
        for group in e.groups:
            edges["IN_SYSTEM"].append((me, uid(tag, group), None))
        if e.storey is not None and e.storey != e.id:
            edges["ON_STOREY"].append((me, uid(tag, e.storey), e.storey_via))
    # drop edges whose far end is not an indexed record (a relation to something the index skips)
    for edge_type, rows in graph.edges.items():
        graph.edges[edge_type] = [r for r in rows if r[0] in graph.labels and r[1] in graph.labels]
    return graph


def _material_row(tag: str, material_uid: str, name: str) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys((p for p, _ in NODE_PROPERTIES), None)
    row.update({"uid": material_uid, "model": tag, "ifc_class": "IfcMaterial", "name": name})
    return row
