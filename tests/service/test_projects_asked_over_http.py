"""Questions over a project through the HTTP API (a real server), checked against the files read with IfcOpenShell."""

from __future__ import annotations

import json
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu
from service_helpers import start_server

from ifcqa.sample.federated import write_federated_project
from ifcqa.service.app import create_app


def _events(body: str) -> list[tuple[str, dict]]:
    events = []
    for block in body.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def test_a_project_question_counts_elements_of_every_file_on_the_aligned_level(tmp_path: Path) -> None:
    sample = write_federated_project(tmp_path / "models", storeys=2, rooms_per_storey=2)
    folder = sample.project.parent
    arc, stru = ifcopenshell.open(folder / "Sample-ARC.ifc"), ifcopenshell.open(folder / "Sample-STR.ifc")
    level1 = next(s for s in arc.by_type("IfcBuildingStorey") if s.Name == "Level 1")
    z = level1.Elevation * uu.calculate_unit_scale(arc)
    str_level1 = [s for s in stru.by_type("IfcBuildingStorey")
                  if abs(s.Elevation * uu.calculate_unit_scale(stru) - z) <= 0.5]  # "L1", placed 5 cm lower
    walls = {f"Sample-ARC.ifc#{w.GlobalId}" for w in arc.by_type("IfcWall") if ue.get_container(w) == level1}
    columns = {f"Sample-STR.ifc#{c.GlobalId}" for c in stru.by_type("IfcColumn") if ue.get_container(c) in str_level1}
    live = start_server(create_app(folder, embedder="none"))
    try:
        with live.client(timeout=300) as client:
            (project,) = client.get("/api/projects").json()["projects"]
            reply = client.post(f"/api/projects/{project['id']}/ask",
                                json={"question": "How many walls and columns are on Level 1?"})
            assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/event-stream")
            events = _events(reply.text)
            assert [name for name, _ in events] == ["plan", "final"]
            final = events[-1][1]
            assert final["count"] == len(walls) + len(columns) > len(walls) > 0
            assert {e["guid"] for e in final["elements"]} == walls | columns
            paged = _events(client.post(f"/api/projects/{project['id']}/ask",
                                        json={"question": "How many walls and columns are on Level 1?",
                                              "limit": 2}).text)[-1][1]
            assert paged["count"] == final["count"] and len(paged["elements"]) == 2
            refused = _events(client.post(f"/api/projects/{project['id']}/ask",
                                          json={"question": "Delete the columns on Level 1"}).text)[-1][1]
            assert refused["declined"] is not None and refused["elements"] == []
            missing = client.post("/api/projects/Nope/ask", json={"question": "walls?"})
            assert missing.status_code == 404 and "GET /api/projects" in missing.json()["error"]["message"]
    finally:
        live.stop()
