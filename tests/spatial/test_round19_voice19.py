"""Round 19, questions in another voice (bench/spatial/voice_forms.py, src/ifcqa/spatial/voice_forms.py, and the
forms comparative_shapes.py / purpose_clauses.py own).

Naming forms ("the floor that is called X", "das Geschoss namens X"), superlatives said around the noun ("on which
storey the number of doors is the highest"), non-native relatives ("windows who are external"), notes ("qty of doors
1.OG?"), need forms ("Required is the count of ..."), comments on what to count ("both counted", "1.OG not
counted"), non-native comparatives ("more doors then on 1.OG") and conditionals after the request are read as the
request they say; each has a variant that really restricts (or names what the model lacks), which still declines.
No message below is one of the bench's; answers are checked against the IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.voice_forms import canonical, conditional

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "voice_forms.py"
DEV = REPO / "bench" / "spatial" / "voice19_cases.json"
HELD = REPO / "bench" / "spatial" / "voice19_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model), for which
    ``where`` holds."""
    def get(name: str, cls: str, *storeys: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls)
                if (not storeys or storey_of(e) in storeys) and (where is None or where(e))}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


def test_naming_forms_are_read_only_for_a_storey_of_the_model() -> None:
    storeys = {"level 1": "level 1", "level 2": "level 2", "attic": "roof", "roof": "roof"}
    assert canonical("how many doors are on the floor that is called level 2?", storeys).text == (
        "how many doors are on level 2?")
    assert canonical("doors on the storey named 'attic'", storeys).text == "doors on roof"  # its LongName
    german = canonical("die türen auf dem geschoss namens level 1 bitte", storeys)
    assert german.text == "die türen auf dem level 1 bitte"
    other = canonical("how many doors are on the storey called mezzanine?", storeys)
    assert other.decline is not None and other.decline[1] == ["mezzanine"]
    quoted = canonical("how many windows are on storey 'attic floor'?", storeys)
    assert quoted.decline is not None and quoted.decline[1] == ["attic floor"]
    # a quote after a noun alone may be a type's name: left to the passes after
    assert canonical("the floor 'finish floor' slabs", storeys).decline is None


def test_naming_forms_answer_the_storey(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("How many windows are on the floor that is called Level 2?")
    assert answer["count"] == len(on(DUPLEX, "IfcWindow", "Level 2")) > 0, answer["answer"]
    answer = qa(FZK).ask("Zeig mir die Türen auf dem Geschoss mit dem Namen Erdgeschoss.")
    assert _guids(answer) == on(FZK, "IfcDoor", "Erdgeschoss") != set(), answer["answer"]
    # a name the model does not have declines naming it (main declined on 'called', and answered the quoted
    # 'Attic Floor' with the Roof storey, whose LongName is Attic)
    _declined(qa(KIT).ask("How many doors are on the storey called Level 7?"), "level 7")
    _declined(qa(DUPLEX).ask("How many doors are on storey 'Attic Floor'?"), "attic floor")


def test_a_superlative_said_around_the_noun(qa: Callable[[str], SpatialQA], on: Any) -> None:
    sizes = {s: len(on(KIT, "IfcDoor", s)) for s in ("EG", "1.OG", "2.OG")}
    best = max(sizes, key=lambda s: sizes[s])
    assert sorted(sizes.values())[-1] > sorted(sizes.values())[-2]
    for question in ("On which storey the number of doors is the highest?", "In which floor the doors are the most?",
                     "The level where are the most doors, which one is?"):
        answer = qa(KIT).ask(question)
        assert answer["declined"] is None and answer["answer"].startswith(f"{best} has the most doors"), (
            question, answer["answer"])
    # main answered the largest height of the walls for this shape
    _declined(qa(KIT).ask("On which floor the number of broken doors is highest?"), "broken")


def test_non_native_relatives(qa: Callable[[str], SpatialQA], on: Any) -> None:
    external = on(DUPLEX, "IfcWindow", "Level 1",
                  where=lambda e: any(p.Name == "IsExternal" and p.NominalValue.wrappedValue is True
                                      for r in e.IsDefinedBy if r.is_a("IfcRelDefinesByProperties")
                                      and r.RelatingPropertyDefinition.is_a("IfcPropertySet")
                                      for p in r.RelatingPropertyDefinition.HasProperties
                                      if p.is_a("IfcPropertySingleValue")))
    for question in ("Which windows on Level 1 who are external?", "The windows of Level 1 which is external, list",
                     "Show windows on Level 1 which they are external."):
        answer = qa(DUPLEX).ask(question)
        assert external and _guids(answer) == external, (question, answer["answer"])
    _declined(qa(DUPLEX).ask("Which doors on Level 1 what are painted red?"), "painted")


def test_notes_and_need_forms(qa: Callable[[str], SpatialQA], on: Any) -> None:
    for question, storey in (("qty of doors 1.OG?", "1.OG"), ("windows 2.OG - number?", "2.OG"),
                             ("Required is the count of doors on 1.OG.", "1.OG")):
        cls = "IfcDoor" if "door" in question else "IfcWindow"
        answer = qa(KIT).ask(question)
        assert answer["count"] == len(on(KIT, cls, storey)) > 0, (question, answer["answer"])
    _declined(qa(KIT).ask("nr of broken doors EG?"), "broken")
    # an exclusion inside a need clause restricts (main answered every door on 1.OG)
    _declined(qa(KIT).ask("The number of the doors on 1.OG is needed, the repaired ones not counted."), "repaired")


def test_terse_property_notes_and_german_request_verbs(qa: Callable[[str], SpatialQA], on: Any,
                                                        shared_ifc: Path) -> None:
    import ifcopenshell.util.element as ue

    f = open_cached(str(shared_ifc / FZK))
    windows = [e for e in f.by_type("IfcWindow") if storey_of(e) == "Erdgeschoss"]
    materials = {m.Name for e in windows for m in ue.get_materials(e)}
    answer = qa(FZK).ask("material windows Erdgeschoss")  # main: 'material' not understood
    assert answer["declined"] is None and materials and all(m in answer["answer"] for m in materials), answer["answer"]
    _declined(qa(FZK).ask("material broken windows Erdgeschoss"), "broken")
    # a storey named like a class ("Roof") right after the class asked is the storey (main: two classes)
    answer = qa(DUPLEX).ask("how many windows Roof pls")
    assert answer["count"] == len(on(DUPLEX, "IfcWindow", "Roof")) > 0, answer["answer"]
    assert qa(DUPLEX).ask("windows Roof broken?")["declined"] is not None
    answer = qa(FZK).ask("Die Türen im Erdgeschoss aufzählen bitte.")  # main: 'aufzählen' before 'bitte'
    assert _guids(answer) == on(FZK, "IfcDoor", "Erdgeschoss") != set(), answer["answer"]


def test_comments_on_what_to_count(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(KIT).ask("How many doors on EG and 1.OG, both counted?")
    assert answer["count"] == len(on(KIT, "IfcDoor", "EG", "1.OG")) > 0, answer["answer"]
    answer = qa(KIT).ask("How many windows in the building, 1.OG not counted?")  # main: 'not', 'counted'
    assert answer["count"] == len(on(KIT, "IfcWindow", "EG", "2.OG")) > 0, answer["answer"]
    answer = qa(DUPLEX).ask("How many doors on Level 1 and on Level 2, counting both floors?")  # the model has 4
    assert answer["count"] == len(on(DUPLEX, "IfcDoor", "Level 1", "Level 2")) > 0, answer["answer"]
    # "both" said of three storeys restates nothing
    _declined(qa(KIT).ask("How many doors on EG, 1.OG and 2.OG, both counted?"), "counted")


def test_non_native_comparatives(qa: Callable[[str], SpatialQA], on: Any) -> None:
    eg, og = len(on(KIT, "IfcDoor", "EG")), len(on(KIT, "IfcDoor", "1.OG"))
    assert eg != og
    answer = qa(KIT).ask("Are on EG more doors then on 1.OG?")
    assert answer["yes_no"] is (eg > og), answer["answer"]
    answer = qa(KIT).ask("Is the number of doors on 1.OG more big than on EG?")
    assert answer["yes_no"] is (og > eg), answer["answer"]
    _declined(qa(KIT).ask("Has EG more big doors then 1.OG?"), "")


def test_analytic_comparatives_of_a_measure(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    import ifcopenshell.util.element as ue

    f = open_cached(str(shared_ifc / DUPLEX))
    big = {s.GlobalId for s in f.by_type("IfcSpace")
           if (ue.get_pset(s, "PSet_Revit_Dimensions", "Area") or 0) > 20}
    small = {s.GlobalId for s in f.by_type("IfcSpace")
             if 0 < (ue.get_pset(s, "PSet_Revit_Dimensions", "Area") or 0) < 10}
    # main declined both on 'more ... than'
    assert big and _guids(qa(DUPLEX).ask("Which rooms are more big than 20 m2?")) == big
    assert small and _guids(qa(DUPLEX).ask("Which rooms are more small then 10 m2?")) == small
    _declined(qa(DUPLEX).ask("Which rooms are more big and nice than 20 m2?"), "nice")


def test_conditionals_after_the_request() -> None:
    found = conditional("How many doors on EG? If there are none the electrician needs no extra visit.")
    assert found is not None and found.about_answer and found.rest == "How many doors on EG?"
    assert found.words == "needs no extra visit"  # the trade noun is the subject, no class
    found = conditional("How many doors on EG? If they are older than ten years the fitter comes.")
    assert found is not None and not found.about_answer
    assert conditional("Which doors on EG, if possible?") is None  # a closer, the frames' own


def test_a_conditional_about_the_answer_is_set_aside(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("Which doors are on Level 1? If there are none the electrician needs no extra visit.")
    assert _guids(answer) == on(DUPLEX, "IfcDoor", "Level 1") != set(), answer["answer"]
    # a condition on the elements restricts what the model cannot ground (main answered every window)
    _declined(qa(KIT).ask("How many windows on EG? If they are older than ten years the fitter comes."), "older")
    # a conditional naming another storey is no restating of the request
    answer = qa(KIT).ask("How many doors on EG? If there are none on 1.OG the painter stays home.")
    assert answer["declined"] is not None and answer["count"] is None, answer["answer"]


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from voice_forms.py: run `python bench/spatial/voice_forms.py`")
