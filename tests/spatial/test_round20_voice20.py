"""Round 20, the request in another voice read by the kinds of its words (bench/spatial/voice20_cases.py,
src/ifcqa/spatial/word_forms.py, asking_order.py, voice_reading.py).

Verb forms ("I am needing", "Telling me"), plurals and hyphenated compounds of the model's names ("FBH-Kreise"),
contractions ("gibts", "hat's", "wie viel", "I'm"), the attribute asked last ("Beams of Level 2 - the material is
what?") and a yes/no tag ("or not") are read as the request they say; each has a variant where the same kind of
word restricts (a participle on the elements, a stem no vocabulary holds, a tag after a wh-question), which still
declines. No message below is one of the bench's; answers are checked against the IFC file read with plain
IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.asking_order import read as read_order
from ifcqa.spatial.word_forms import german_verb_forms, noun_bases, verb_bases

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "voice20_cases.py"
DEV = REPO / "bench" / "spatial" / "voice20_cases.json"
HELD = REPO / "bench" / "spatial" / "voice20_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
HOM = "ExampleHOM.ifc"


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


def test_verb_forms_and_plurals_by_rule() -> None:
    assert "need" in verb_bases("needing") and "needing" not in verb_bases("needing")
    assert "run" in verb_bases("running") and "lie" in verb_bases("lying") and "stand" in verb_bases("stands")
    assert verb_bases("needed") == verb_bases("painted") == set()  # a past participle is never read
    assert "kreis" in noun_bases("Kreise") and "storey" in noun_bases("storeys")
    assert german_verb_forms("braucht")[0][0] == "brauche"


def test_a_verb_form_said_by_the_asker_is_read(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(KIT).ask("The count of windows on 2.OG I am wanting, for the facade team.")
    if answer["declined"] is not None and "facade" in answer["answer"]:  # the purpose is another helper's
        answer = qa(KIT).ask("The count of windows on 2.OG I am wanting.")
    assert answer["count"] == len(on(KIT, "IfcWindow", "2.OG")) > 0, answer["answer"]
    assert any("read 'wanting' as 'want'" in n for n in answer["plan"]["notes"]), answer["plan"]["notes"]
    answer = qa(DUPLEX).ask("Telling me the windows of Level 2 please")
    assert _guids(answer) == on(DUPLEX, "IfcWindow", "Level 2") != set(), answer["answer"]
    answer = qa(DUPLEX).ask("How many doors on Level 2 I'm needing?")
    assert answer["count"] == len(on(DUPLEX, "IfcDoor", "Level 2")) > 0, answer["answer"]


def test_a_verb_form_on_the_elements_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    # the same verbs as participles say which elements are meant ("needed", "listed"): not read
    _declined(qa(DUPLEX).ask("How many needed doors are on Level 2?"), "needed")
    _declined(qa(DUPLEX).ask("Which windows on Level 2 are listed?"), "listed")
    _declined(qa(DUPLEX).ask("Which windows of Level 2 are showing?"), "showing")
    # a verb form whose stem no vocabulary holds
    _declined(qa(KIT).ask("Which windows on 2.OG are rattling?"), "rattling")


def test_posture_verbs_are_containment(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(FZK).ask("What windows stands in the Dachgeschoss?")
    assert _guids(answer) == on(FZK, "IfcWindow", "Dachgeschoss") != set(), answer["answer"]
    # a posture with a state ("stand open") still declines on the state
    _declined(qa(FZK).ask("Which doors stand open in the Erdgeschoss?"), "open")


def test_a_plural_of_the_models_type_name_in_a_hyphenated_compound(qa: Callable[[str], SpatialQA],
                                                                   shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / WP))
    circuits = {e.GlobalId for e in f.by_type("IfcSpaceHeater")
                if (t := ue.get_type(e)) is not None and "FBH Kreis" in (t.Name or "")}
    answer = qa(WP).ask("Die FBH-Kreise, wie viele sind im Modell?")
    assert answer["count"] == len(circuits) > 0, answer["answer"]
    # the same shape over words no name of the model holds in that order still declines
    _declined(qa(WP).ask("Die Pumpen-Kreise, wie viele sind im Modell?"), "Kreise")


def test_german_contractions(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(FZK).ask("Im Erdgeschoss, wie viel Türen hat's?")
    assert _guids(answer) == on(FZK, "IfcDoor", "Erdgeschoss") != set(), answer["answer"]
    answer = qa(KIT).ask("Treppen gibts im EG wieviele?")
    assert _guids(answer) == on(KIT, "IfcStair", "EG"), answer["answer"]
    # a contraction never stands for a restriction the message adds
    _declined(qa(FZK).ask("Im Erdgeschoss, wie viel kaputte Türen gibts?"), "kaputte")


def test_an_attribute_asked_last(qa: Callable[[str], SpatialQA], on: Any) -> None:
    assert read_order("Columns on Level 2 - the material is what?").text == (
        "what is the material of Columns on Level 2?")
    assert read_order("Slabs of EG: what thickness they have?").text == "what is the thickness of Slabs of EG?"
    assert read_order("how many doors - the material is what?").text == "how many doors - the material is what?"
    answer = qa(DUPLEX).ask("Walls on Level 2 - the material is what?")
    assert _guids(answer) == on(DUPLEX, "IfcWall", "Level 2") != set(), answer["answer"]
    assert "material" in (answer["rule"] or ""), answer["rule"]
    # an attribute the model does not hold still declines, in either order
    _declined(qa(DUPLEX).ask("Walls on Level 2 - the supplier is what?"), "supplier")


def test_an_attribute_split_over_the_dash(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / "revit_quantities.ifc"))
    space = next(s for s in f.by_type("IfcSpace") if s.Name == "4")
    held = ue.get_psets(space)["PSet_Revit_Identity Data"]["Wall Finish"]
    answer = qa("revit_quantities.ifc").ask("Space 4 wall - what finish it has?")  # the model's 'Wall Finish'
    assert answer["declined"] is None and held in answer["answer"], answer["answer"]
    assert "Wall Finish" in (answer["rule"] or ""), answer["rule"]
    # 'wall colour' is no name the model holds: the walls' colour is asked, which the model does not record
    assert qa("revit_quantities.ifc").ask("Space 4 wall - what colour it has?")["declined"] is not None


def test_a_yes_no_tag(qa: Callable[[str], SpatialQA], on: Any) -> None:
    assert read_order("Is a boiler on EG or not?").yes_no
    assert not read_order("Which doors are external or not?").yes_no  # a tag after a wh-question is kept
    answer = qa(HOM).ask("Stairs - is one existing on GroundFloor or not?")
    assert answer["yes_no"] is (len(on(HOM, "IfcStair", "GroundFloor")) > 0), answer["answer"]
    answer = qa(KIT).ask("Are columns on 1.OG existing, yes or no?")
    assert answer["yes_no"] is (len(on(KIT, "IfcColumn", "1.OG")) > 0), answer["answer"]
    _declined(qa(KIT).ask("Which doors on 1.OG are external or not?"), "not")


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from voice20_cases.py: run `python bench/spatial/voice20_cases.py`")
