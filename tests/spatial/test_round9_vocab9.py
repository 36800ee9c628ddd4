"""Round 9, vocab9: class words from the IFC4 schema and a data file, words naming two classes, storey references.

The bench (bench/spatial/glossary.py: glossary_classes.json, storey_refs.json, glossary_cases.json) was written
before the mechanisms; the committed files equal what the script computes with plain IfcOpenShell, and a seeded
sample of its cases is scored here so that it cannot regress. Each sentence test checks an answer against the IFC
file read with plain IfcOpenShell.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
from plain_walks import ask as _ask
from plain_walks import guids as _guids
from plain_walks import storey_of as _storey

from bench_scripts import load_script
from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA, schema_words
from ifcqa.spatial.bench_score import score
from ifcqa.spatial.vocabulary import CLASS_WORDS, PREDEFINED_KINDS

Index = Callable[[str], ModelIndex]
Model = Callable[[str], ifcopenshell.file]
REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "glossary.py"
CASES = REPO / "bench" / "spatial" / "glossary_cases.json"
DUPLEX = "Duplex_A_20110907.ifc"
HEIZUNG = "Heizung-Elektro_080729.ifc"
DHW = "domestic-hot-water.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"


def _typed(f: ifcopenshell.file, type_class: str, storey: str | None = None) -> set[str]:
    return {e.GlobalId for e in f.by_type("IfcElement")
            if (t := ue.get_type(e)) is not None and t.is_a(type_class) and (storey is None or _storey(e) == storey)}


def _declined(answer: dict[str, Any], *words: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert answer["elements"] == [] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    said = " ".join(answer["declined"]["not_understood"]).casefold() + " " + answer["answer"].casefold()
    assert all(w.casefold() in said for w in words), answer["answer"]


# --- the data: derived from the schema, and current -----------------------------------------------------------

def test_schema_words_file_is_what_the_schema_derives() -> None:
    derived = schema_words.derive()
    committed = schema_words.schema_data()
    assert committed == json.loads(json.dumps(derived)), "run python -m ifcqa.spatial.schema_words --write"
    values = committed["classes"]["SanitaryTerminal"]["values"]
    assert values["WASHHANDBASIN"] == "wash hand basin" and values["TOILETPAN"] == "toilet pan"
    assert committed["classes"]["Outlet"]["values"]["DATAOUTLET"] == "data outlet"  # not "data out let"


def test_every_class_word_names_a_known_group_or_kind() -> None:
    from ifcqa.spatial.vocabulary import CLASS_GROUPS
    assert all(key in CLASS_GROUPS or key in PREDEFINED_KINDS for key in CLASS_WORDS.values())
    assert CLASS_WORDS["manholes"] == "distributionchamberelement:manhole"
    assert CLASS_WORDS["check valves"] == "valve:check"
    assert "double check" not in CLASS_WORDS and "standard" not in CLASS_WORDS  # modifiers only before the noun
    assert CLASS_WORDS["walls"] == "wall" and CLASS_WORDS["radiators"] == "radiator"  # hand-written words stay


def test_committed_bench_equals_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    refs, cases = script.compute(shared_ifc)
    assert (REPO / "bench" / "spatial" / "storey_refs.json").read_text(encoding="utf-8") == script._dump_refs(refs)
    assert CASES.read_text(encoding="utf-8") == script.dumps(cases), "run python bench/spatial/glossary.py"


# --- the bench, sampled -------------------------------------------------------------------------------------------


def test_a_seeded_sample_of_the_bench_holds(qa: Callable[[str], SpatialQA]) -> None:
    cases = json.loads(CASES.read_text(encoding="utf-8"))
    sample = random.Random(9).sample([c for c in cases if c["dim"] != "storey_ref_ambiguous"], 60)
    results = [(c, score(c["oracle"], qa(c["ifc_filename"]).ask(c["query"]))) for c in sample]
    broadened = [c["query"] for c, r in results if r.broadened]
    assert not broadened
    mean = sum(r.score for _, r in results) / len(results)
    failed = [f"{c['ifc_filename']}: {c['query']}" for c, r in results if r.score < 1]
    assert mean >= 0.95, failed


# --- sentences -----------------------------------------------------------------------------------------------------

def test_a_predefined_type_read_from_its_schema_words(index_of: Index, model: Model) -> None:
    f = model(DHW)
    basins = {e.GlobalId for e in f.by_type("IfcSanitaryTerminal") if ue.get_predefined_type(e) == "WASHHANDBASIN"}
    answer = _ask(index_of, DHW, "How many wash hand basins are there?")
    assert answer["count"] == len(basins) == 1 and _guids(answer) == basins
    answer = _ask(index_of, DHW, "how many check valves are there")  # IfcValveTypeEnum CHECK: the model's are taps
    assert answer["declined"] is None and answer["count"] == 0


def test_a_class_without_a_hand_written_word_is_answered_none(index_of: Index, model: Model) -> None:
    assert not model(DUPLEX).by_type("IfcDistributionChamberElement")
    for question in ("How many manholes are there?", "how many distribution chamber elements are there"):
        answer = _ask(index_of, DUPLEX, question)
        assert answer["declined"] is None and answer["count"] == 0, answer["answer"]


def test_a_trade_word_from_the_data_file(index_of: Index, model: Model) -> None:
    wanted = _typed(model(HEIZUNG), "IfcSpaceHeaterType", "EG")
    assert len(wanted) == 7
    assert _guids(_ask(index_of, HEIZUNG, "list the rads on EG")) == wanted


def test_a_word_naming_two_classes_is_declined_only_when_the_model_holds_both(index_of: Index, model: Model) -> None:
    assert model(DUPLEX).by_type("IfcSlab") and model(DUPLEX).by_type("IfcCovering")
    _declined(_ask(index_of, DUPLEX, "Wie viele Decken gibt es?"), "decken")
    assert not model(FZK).by_type("IfcCovering")
    slabs = {e.GlobalId for e in model(FZK).by_type("IfcSlab")}
    answer = _ask(index_of, FZK, "Wie viele Decken gibt es?")
    assert answer["count"] == len(slabs) and _guids(answer) == slabs
    _declined(_ask(index_of, HEIZUNG, "Wie viele Verteiler gibt es?"), "verteiler")


def test_a_derived_word_is_never_a_typo_target(index_of: Index) -> None:
    _declined(_ask(index_of, HEIZUNG, "How many contractors are there?"), "contractors")  # not "contactors"


def test_a_numbered_obergeschoss_of_a_model_with_one(index_of: Index, model: Model) -> None:
    wanted = _typed(model(HEIZUNG), "IfcSwitchingDeviceType", "Obergeschoss")
    assert wanted
    for question in ("Welche Schalter gibt es im 1. Obergeschoss?", "Welche Schalter gibt es im ersten Obergeschoss?"):
        assert _guids(_ask(index_of, HEIZUNG, question)) == wanted
    _declined(_ask(index_of, HEIZUNG, "Welche Schalter gibt es im 2. Obergeschoss?"))  # the next one is the DG


def test_the_attic_is_a_storey_named_so(index_of: Index, model: Model) -> None:
    assert not any("attic" in (s.Name or "").lower() or "dach" in (s.Name or "").lower()
                   for s in model(KIT).by_type("IfcBuildingStorey"))
    _declined(_ask(index_of, KIT, "Which doors are in the attic?"), "attic")
    doors = {e.GlobalId for e in model(FZK).by_type("IfcDoor") if _storey(e) == "Dachgeschoss"}
    answer = _ask(index_of, FZK, "Which doors are in the attic?")
    assert answer["declined"] is None and _guids(answer) == doors
