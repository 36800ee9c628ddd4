"""The IFC model as a property graph: projection of the index, graph stores, read-only Cypher."""

from ifcqa.graph.projection import EDGE_TYPES, NODE_LABELS, GraphData, model_tag, project
from ifcqa.graph.readonly import CypherWriteError, check_read_only
from ifcqa.graph.store import GraphError, GraphStore, LoadReport, default_store_dir, graph_store, open_store

__all__ = [
    "EDGE_TYPES", "NODE_LABELS", "CypherWriteError", "GraphData", "GraphError", "GraphStore", "LoadReport",
    "check_read_only", "default_store_dir", "graph_store", "model_tag", "open_store", "project",
]
