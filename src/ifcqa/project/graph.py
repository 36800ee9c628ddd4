"""One graph for a project, in the embedded Kùzu store: every file's graph plus the edges only a project knows.

Each file is loaded as :meth:`ifcqa.graph.store.GraphStore.load` loads one model: every node carries
``model``, the tag of its file (the first 16 hex digits of its SHA-256), and the ``Model`` table maps the tag to
the file. A project adds (tables created on first use, Kùzu DDL):

============  ==========================  =========================================================================
table         what                        rows
============  ==========================  =========================================================================
ProjectFile   node: one per file          ``uid`` (``project:file``), ``project``, ``file`` (as the project lists
                                          it), ``model`` (the nodes' tag), ``position`` (0: the reference)
SAME_LEVEL    Storey -> Storey            each storey of each file -> the reference storey of its level
                                          (:mod:`ifcqa.project.align`); the reference storey -> itself, so one
                                          pattern reaches every file's storeys of a level. ``project``,
                                          ``matched_by`` (reference|both|elevation|name|override), ``delta_m``
IN_SPACE      Element -> Space            an element of any file -> the reference file's space holding it
                                          (:func:`ifcqa.project.locate.locate_in_spaces`), ``project``, ``via``
                                          (contained|geometry)
============  ==========================  =========================================================================

Every project edge carries its ``project`` name, so several projects (sharing files) live in one store;
loading a project again replaces its edges. :meth:`ProjectGraph.hits` answers the plans Cypher can express
(classes on levels, in rooms, both) with the same hits as the in-memory route of :class:`~ifcqa.project.qa.ProjectQA`
(``tests/project/test_project_graph.py`` compares them); anything else (qualifiers, excluded classes or storeys,
what bounds a room) returns ``None`` and the in-memory route answers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ifcqa.graph.projection import model_tag
from ifcqa.graph.store import GraphStore
from ifcqa.project.locate import Location, located_elements
from ifcqa.project.project import ElementRef
from ifcqa.spatial.classes import INVENTORY_VIAS
from ifcqa.spatial.execute import Hit
from ifcqa.spatial.plan import ClassFilter, Plan

if TYPE_CHECKING:
    from ifcqa.project.qa import ProjectHit, ProjectQA

_DDL = (
    ("ProjectFile", "CREATE NODE TABLE ProjectFile(uid STRING PRIMARY KEY, project STRING, file STRING, model STRING, "
                    "position INT64)"),
    ("SAME_LEVEL", "CREATE REL TABLE SAME_LEVEL(FROM Storey TO Storey, project STRING, matched_by STRING, "
                   "delta_m DOUBLE)"),
    ("IN_SPACE", "CREATE REL TABLE IN_SPACE(FROM Element TO Space, project STRING, via STRING)"),
)
# a kind filter (see ifcqa.spatial.plan.ClassFilter): the effective predefined type, else the name or type name
_KIND = (
    "($any_kind OR e.predefined_type IN $predefined OR ((e.predefined_type IS NULL OR NOT e.predefined_type IN "
    "$enumerated) AND (e.name IN $names OR e.type_name IN $type_names)))"
)
_CLASSES = f"e.model = $model AND (e.ifc_class IN $classes OR e.type_class IN $types) AND {_KIND}"
_RETURN = ("e.step_id AS step_id, e.guid AS guid, e.ifc_class AS class, e.name AS name, s.step_id AS storey, "
           "r.via AS via")
ON_LEVELS = f"""
MATCH (e:Element)-[r:ON_STOREY]->(s:Storey)-[l:SAME_LEVEL]->(ref:Storey)
WHERE l.project = $project AND ref.uid IN $levels AND {_CLASSES}
RETURN {_RETURN}
"""
ANYWHERE = f"""
MATCH (e:Element)
WHERE {_CLASSES}
OPTIONAL MATCH (e)-[r:ON_STOREY]->(s:Storey)
RETURN {_RETURN}
"""
IN_SPACES = f"""
MATCH (e:Element)-[i:IN_SPACE]->(sp:Space)
WHERE i.project = $project AND sp.uid IN $spaces AND {_CLASSES}
OPTIONAL MATCH (e)-[r:ON_STOREY]->(s:Storey)
RETURN {_RETURN}, sp.guid AS space, sp.name AS space_name, i.via AS how
"""


@dataclass
class ProjectLoad:
    """What :meth:`ProjectGraph.load` wrote."""

    project: str
    files: int
    same_level: int
    in_space: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"project": self.project, "files": self.files, "same_level": self.same_level,
                "in_space": self.in_space, "seconds": round(self.seconds, 3)}


class ProjectGraph:
    """A project's graph in ``store`` (a Kùzu store: the project tables are created with Kùzu DDL)."""

    def __init__(self, store: GraphStore, qa: ProjectQA, name: str) -> None:
        self.store = store
        self.qa = qa
        self.name = name
        self.tags = {file: model_tag(index) for file, index in qa.indexes.items()}

    def load(self) -> ProjectLoad:
        """Load every file (unchanged files are kept) and write the project's nodes and edges again."""
        start = time.perf_counter()
        for index in self.qa.indexes.values():
            self.store.load(index)
        tables = {row["name"] for row in self.store.run("CALL show_tables() RETURN name")}
        for table, ddl in _DDL:
            if table not in tables:
                self.store.run(ddl)
        p = {"p": self.name}
        self.store.run("MATCH (:Storey)-[l:SAME_LEVEL]->(:Storey) WHERE l.project = $p DELETE l", p)
        self.store.run("MATCH (:Element)-[i:IN_SPACE]->(:Space) WHERE i.project = $p DELETE i", p)
        self.store.run("MATCH (f:ProjectFile) WHERE f.project = $p DELETE f", p)
        files = [{"uid": f"{self.name}:{file}", "project": self.name, "file": file, "model": self.tags[file],
                  "position": position} for position, file in enumerate(self.qa.files)]
        self.store.run("UNWIND $rows AS r CREATE (:ProjectFile {uid: r.uid, project: r.project, file: r.file, "
                       "model: r.model, position: r.position})", {"rows": files})
        levels = self._same_level()
        self.store.run("UNWIND $rows AS r MATCH (a:Storey {uid: r.a}), (b:Storey {uid: r.b}) CREATE (a)-[:SAME_LEVEL "
                       "{project: $p, matched_by: r.how, delta_m: r.delta}]->(b)", {"rows": levels, "p": self.name})
        spaces = self._in_space()
        self.store.run("UNWIND $rows AS r MATCH (a:Element {uid: r.a}), (b:Space {uid: r.b}) CREATE (a)-[:IN_SPACE "
                       "{project: $p, via: r.via}]->(b)", {"rows": spaces, "p": self.name})
        return ProjectLoad(self.name, len(files), len(levels), len(spaces), time.perf_counter() - start)

    def _uid(self, file: str, guid: str) -> str:
        element = self.qa.indexes[file].find(guid)
        assert element is not None
        return f"{self.tags[file]}:{element.id}"

    def _same_level(self) -> list[dict[str, Any]]:
        rows = []
        for level in self.qa.alignment.levels:
            ref = level.reference
            target = self._uid(ref.file, ref.guid)
            rows.append({"a": target, "b": target, "how": "reference", "delta": 0.0})
            for file, (storey, how) in level.members.items():
                delta = None if storey.elevation_m is None or ref.elevation_m is None else \
                    round(storey.elevation_m - ref.elevation_m, 4)
                rows.append({"a": self._uid(file, storey.guid), "b": target, "how": how, "delta": delta})
        return rows

    def _in_space(self) -> list[dict[str, Any]]:
        rows = []
        reference = self.qa.reference
        for file, index in self.qa.indexes.items():
            for step_id, where in self.qa.locate(file, located_elements(index)).items():
                if where.space is not None:
                    rows.append({"a": f"{self.tags[file]}:{step_id}",
                                 "b": self._uid(reference, where.space.guid), "via": where.how})
        return rows

    # -- answering -------------------------------------------------------------------------------------------
    def hits(self, file: str, plan: Plan, file_plan: Plan, levels: list[str] | None,
             spaces: list[str] | None) -> list[ProjectHit] | None:
        """``file``'s hits of a plan by Cypher (``None``: Cypher here cannot express the plan).

        Args:
            plan: the lead plan; file_plan: its classes resolved for ``file`` (:meth:`ProjectQA._file_plan`).
            levels: GlobalIds of the reference storeys (levels) the elements must be on (``None``: any).
            spaces: GlobalIds of the reference file's spaces the elements must be located in (``None``: any).
        """
        from ifcqa.project.qa import ProjectHit

        if plan.qualifiers or plan.exclude or plan.exclude_classes or (plan.rooms and plan.rooms[0].role != "in"):
            return None
        reference = self.qa.reference
        out: dict[int, ProjectHit] = {}
        index = self.qa.indexes[file]
        for wanted in file_plan.classes:
            if not (wanted.classes or wanted.type_classes):
                continue
            params = _params(wanted) | {"model": self.tags[file], "project": self.name}
            if spaces is not None:
                rows = self._run(IN_SPACES, params | {"spaces": [self._uid(reference, g) for g in spaces]})
                if levels is not None:
                    on = {r["step_id"] for r in self._run(ON_LEVELS, params | {"levels": self._levels(levels)})}
                    rows = [r for r in rows if r["step_id"] in on]
            elif levels is not None:
                rows = self._run(ON_LEVELS, params | {"levels": self._levels(levels)})
            else:
                rows = self._run(ANYWHERE, params)
            for row in rows:
                if wanted.inventory and levels is not None and row["via"] not in INVENTORY_VIAS:
                    continue
                storey = index.data.elements[row["storey"]].guid if row["storey"] is not None else None
                hit = Hit(row["guid"], row["class"], row["name"], storey, row["via"], row["step_id"])
                location = None
                if spaces is not None:
                    location = Location(ElementRef(file, row["guid"]), row["name"], row["class"],
                                        ElementRef(reference, row["space"]), row["space_name"], row["how"])
                out.setdefault(row["step_id"], ProjectHit(file, hit, self.qa.level_name(file, storey), location))
        return list(out.values())

    def _run(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """``query`` with the parameters it names (Kùzu refuses others)."""
        return self.store.run(query, {k: v for k, v in params.items() if f"${k}" in query})

    def _levels(self, guids: list[str]) -> list[str]:
        return [self._uid(self.qa.reference, g) for g in guids]


def _params(wanted: ClassFilter) -> dict[str, Any]:
    return {"classes": list(wanted.classes), "types": list(wanted.type_classes), "any_kind": not wanted.kind,
            "predefined": list(wanted.predefined), "enumerated": list(wanted.enumerated),
            "names": list(wanted.names), "type_names": list(wanted.type_names)}
