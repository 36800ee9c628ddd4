"""Two readings people_ninth found wrong, checked against plain IfcOpenShell.

- "On which IfcBuildingStorey entities are there IfcRailing elements?": the storeys holding a railing; it was read as
  two classes to list ("Yes: there are 12 IfcBuildingStorey elements and IfcRailing elements").
- "Everything that isn't a pipe segment or a pipe fitting?": both classes taken out; the article of the second ("or a
  pipe fitting") broke the list, and the answer was the one pipe fitting.
"""

from __future__ import annotations

from pathlib import Path

from plain_walks import Index, ask, guids, open_cached, storey_of

INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
HOT_WATER = "domestic-hot-water.ifc"


def test_the_storey_class_written_out_asks_for_the_storeys(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / INSTITUTE))
    holding = {storey_of(r) for r in f.by_type("IfcRailing")} - {None}
    lacking = {s.Name for s in f.by_type("IfcBuildingStorey")} - holding
    assert holding and lacking
    answer = ask(index_of, INSTITUTE, "On which IfcBuildingStorey entities are there IfcRailing elements?")
    assert answer["declined"] is None, answer["answer"]
    said = answer["answer"].split(":")[0]
    assert all(name in said for name in holding) and not any(name in said for name in lacking), answer["answer"]
    storeys = ask(index_of, INSTITUTE, "how many IfcBuildingStorey are there")
    assert storeys["count"] == len(f.by_type("IfcBuildingStorey")), storeys["answer"]


def test_a_negation_runs_on_through_a_list_with_articles(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOT_WATER))
    both = {e.GlobalId for cls in ("IfcPipeSegment", "IfcPipeFitting") for e in f.by_type(cls)}
    answer = ask(index_of, HOT_WATER, "Everything that isn't a pipe segment or a pipe fitting?")
    assert answer["declined"] is None and guids(answer), answer["answer"]
    assert not guids(answer) & both, answer["answer"]
