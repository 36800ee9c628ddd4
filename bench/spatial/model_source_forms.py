"""Model-as-source bench (issue 22, round 18 lead): the model named as the SOURCE of the answer, or by its OWN NAME.

    python bench/spatial/model_source_forms.py [--ifc-dir ../shared/ifc] [--check]
        writes model_source_cases.json (dev) and model_source_cases_b.json (held back: scored only at the end)
    python bench/spatial/model_source_forms.py --report RUN_DIR    # per group and template, from a spatial-bench run

Written before the work of round 18 (lead). People say where the answer should come from ("how many doors does the
model record?", "according to the IFC, ...", "what does the file say: ...", "laut Modell") and name the model by
its file or project name ("In ExampleHOM, how many windows?", "the walls of the IfcOpenHouse", "FZK-Haus: which
doors are on the Erdgeschoss?"). Both scope nothing: the model is the only source and the only building asked about.

**Groups** (``group``), each oracle computed with plain IfcOpenShell (``people_oracles.Model``,
``ifcopenshell.util.element.get_materials``):

==========  ==================================================================================================
source      a count of a class in the model, a list of a class on a storey (storey-deep), or the materials of a
            class (IfcRelAssociatesMaterial names, counted per element), asked with the model or the file as the
            source ("recorded in the model", "according to the IFC", "what does the model say", "laut Modell")
own_name    the same requests with the model named by its file stem, its file name or its project / building
            name, where that name is a word people would use (not "Default", "My Building", "Project Number")
decline     ``other_source``: the answer asked from a source that is not the model ("according to the survey",
            "the architect's schedule says"); ``other_name``: the model named by ANOTHER shared model's name
            ("In the Duplex, ..." asked of the FZK-Haus); ``history``: who recorded it or when ("which doors did
            the architect add last week")
==========  ==================================================================================================

Every third template of each table is used only in the held-back file, which is also a second seeded draw.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import (  # noqa: E402
    not_in,
    paired_main,  # noqa: E402
    sample_per_model,
)
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "model_source_cases.json"
DEFAULT_OUT_B = HERE / "model_source_cases_b.json"
SEED, SEED_B = 18, 1818
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"
# model file -> the names people would use for it (file stem, file name, project / building names worth saying)
NAMES = {
    "AC20-FZK-Haus.ifc": ["AC20-FZK-Haus", "FZK-Haus", "AC20-FZK-Haus.ifc"],
    "AC11-FZK-Haus-IFC.ifc": ["AC11-FZK-Haus-IFC", "FZK-Haus", "AC11-FZK-Haus-IFC.ifc"],
    "AC11-Institute-Var-2-IFC.ifc": ["AC11-Institute-Var-2-IFC", "Buerogebaeude", "AC11-Institute-Var-2-IFC.ifc"],
    "Duplex_A_20110907.ifc": ["Duplex_A_20110907", "Duplex Apartment", "Duplex_A_20110907.ifc"],
    "ExampleHOM.ifc": ["ExampleHOM", "ExampleHOM.ifc"],
    "Ifc4_SampleHouse.ifc": ["Ifc4_SampleHouse", "Ifc4_SampleHouse.ifc"],
    "IfcOpenHouse_IFC4.ifc": ["IfcOpenHouse", "IfcOpenHouse_IFC4", "IfcOpenHouse_IFC4.ifc"],
    "KIT-EDC_with_SB.ifc": ["KIT-EDC_with_SB", "KIT-EDC", "Building B1", "KIT-EDC_with_SB.ifc"],
    "LargeBuilding.ifc": ["LargeBuilding", "LargeBuilding.ifc"],
    "3rooms_Heater_AirTerminal_Table_with_SB.ifc": ["Casa3Habitaciones", "3rooms_Heater_AirTerminal_Table_with_SB"],
}
# the names of OTHER models, asked of a model they do not name (a decline)
OTHER = {"AC20-FZK-Haus.ifc": "Duplex_A_20110907", "AC11-FZK-Haus-IFC.ifc": "KIT-EDC",
         "AC11-Institute-Var-2-IFC.ifc": "FZK-Haus", "Duplex_A_20110907.ifc": "ExampleHOM",
         "ExampleHOM.ifc": "IfcOpenHouse", "Ifc4_SampleHouse.ifc": "LargeBuilding",
         "IfcOpenHouse_IFC4.ifc": "Ifc4_SampleHouse", "KIT-EDC_with_SB.ifc": "AC11-Institute-Var-2-IFC",
         "LargeBuilding.ifc": "Casa3Habitaciones", "3rooms_Heater_AirTerminal_Table_with_SB.ifc": "AC20-FZK-Haus"}
CLASSES = {"IfcDoor": ("doors", "Türen"), "IfcWindow": ("windows", "Fenster"), "IfcWall": ("walls", "Wände"),
           "IfcSlab": ("slabs", "Decken"), "IfcSpace": ("rooms", "Räume")}

COUNT: dict[str, str] = {
    "record": "How many {word} does the model record?",
    "recorded_in": "How many {word} are recorded in the model?",
    "according": "According to the model, how many {word} are there?",
    "say": "What does the model say, how many {word} are there?",
    "per_ifc": "As per the IFC file, how many {word} in total?",
    "laut": "Wie viele {de} sind laut Modell vorhanden?",
    "erfasst": "Wie viele {de} sind im Modell erfasst?",
    "documented": "number of {word} documented in the model?",
    "file_state": "how many {word} does the IFC file state?",
}
LIST: dict[str, str] = {
    "list_record": "Which {word} does the model record on {storey}?",
    "list_according": "{storey}: which {word} are there according to the model?",
    "list_stored": "the {word} on {storey} as stored in the IFC?",
    "list_say": "What does the file say, which {word} are on {storey}?",
    "list_laut": "Welche {de} gibt es laut IFC auf {storey}?",
    "list_shown": "which {word} are shown in the model on {storey}",
}
MATERIAL: dict[str, str] = {
    "mat_record": "What material does the model record for the {word}?",
    "mat_check": "can you check which material the {word} are?",
    "mat_according": "Which material do the {word} have according to the IFC?",
    "mat_say": "what does the model say the {word} are made of?",
    "mat_laut": "Aus welchem Material sind die {de} laut Modell?",
    "mat_file": "material of the {word} as given in the file?",
}
OWN: dict[str, str] = {
    "own_in": "In {name}, how many {word} are there?",
    "own_have": "how many {word} does {name} have?",
    "own_colon": "{name}: which {word} are on {storey}?",
    "own_model": "which {word} are in the {name} model on {storey}?",
    "own_material": "what are the {word} of {name} made of?",
    "own_de": "Wie viele {de} hat {name}?",
    "own_the": "count the {word} in the {name} please",
    "own_file": "{name} - number of {word}?",
    "own_for": "For {name}, what material are the {word}?",
}
DECLINE: dict[str, str] = {
    "other_source": "According to the survey, how many {word} are there?",
    "other_source_schedule": "how many {word} does the architect's schedule list?",
    "other_source_de": "Wie viele {de} stehen laut Aufmaß im Plan?",
    "other_name": "In {other}, how many {word} are there?",
    "other_name_colon": "{other}: which {word} are on {storey}?",
    "other_name_de": "Wie viele {de} hat {other}?",
    "history": "which {word} did the architect record last week?",
    "history_when": "when were the {word} recorded in the model?",
    "history_who": "who recorded the {word} on {storey} in the model?",
}
WHY = {"other_source": "the answer is asked from a source that is not the model",
       "other_name": "{other!r} names another model, not {model}",
       "history": "who recorded an element, or when, is not held in the model"}
PER_MODEL = {"source": 5, "own_name": 4, "decline": 3}


def _case(model: str, group: str, template: str, query: str, oracle: dict[str, Any], rule: str) -> dict[str, Any]:
    kind = "edge" if group == "decline" else "lookup" if template.startswith(("mat", "own_material", "own_for")) \
        else "storey_class"
    return {"query": query, "ifc_filename": model, "kind": kind, "group": group, "template": template,
            "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"}


def _templates(table: dict[str, str], held_part: bool) -> list[str]:
    """Every third template is held back; the held-back file draws from all."""
    return [t for i, t in enumerate(table) if held_part or i % 3 != 2]


def _guids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def _materials(e: Any) -> list[str]:
    return list(dict.fromkeys(m.Name for m in ue.get_materials(e) if m.Name))


def _count(es: list[Any]) -> dict[str, Any]:
    return {"type": "count", "value": len(_guids(es)), "guids": _guids(es)}


def _material_oracle(es: list[Any]) -> dict[str, Any] | None:
    if not es or not all(_materials(e) for e in es):
        return None
    counts: Counter[str] = Counter(n for e in es for n in _materials(e))
    return {"type": "values", "value": [[v, n] for v, n in sorted(counts.items())], "unit": None,
            "guids": _guids(es)}


def _storeys(m: Model) -> list[str]:
    names = [n for n in m.storey_names() if n]
    return names if len(names) > 1 and len(set(names)) == len(names) else []


def _requests(m: Model, rng: random.Random, held_part: bool, tables: dict[str, dict[str, str]],
              fmt: dict[str, str]) -> list[tuple[str, str, dict[str, Any], str]]:
    """(template, query, oracle, rule) for a count, a storey list and a material request of the model."""
    out: list[tuple[str, str, dict[str, Any], str]] = []
    present = [ifc for ifc in CLASSES if m.of(ifc)]
    storeys = _storeys(m)
    for table_name, table in tables.items():
        for t in _templates(table, held_part):
            ifc = rng.choice(present)
            word, de = CLASSES[ifc]
            es = m.of(ifc)
            storey = None
            if "{storey}" in table[t]:
                held = [s for s in storeys if m.on(s, ifc)]
                if not held:
                    continue
                storey = rng.choice(held)
            if table_name == "material" or t in ("own_material", "own_for"):
                if ifc == "IfcSpace":
                    continue
                oracle = _material_oracle(es)
                if oracle is None:
                    continue
                rule = f"IfcRelAssociatesMaterial names (ue.get_materials) of the {ifc} in the model"
            elif storey:
                es = m.on(storey, ifc)
                oracle = {"type": "elements", "guids": _guids(es)}
                rule = f"{ifc} on {storey}, {STOREY_DEEP}"
            else:
                oracle = _count(es)
                rule = f"count of {ifc} (with subtypes) in the model ({len(es)})"
            out.append((t, table[t].format(word=word, de=de, storey=storey, **fmt), oracle, rule))
    return out


def generate(ifc_dir: Path, seed_: int, held_part: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed_)
    cases: list[dict[str, Any]] = []
    for model in NAMES:
        m = Model(ifc_dir / model)
        for t, query, oracle, rule in _requests(m, rng, held_part,
                                                {"count": COUNT, "list": LIST, "material": MATERIAL}, {}):
            cases.append(_case(model, "source", t, query, oracle, rule + "; the model named as the source"))
        for name in NAMES[model]:
            for t, query, oracle, rule in _requests(m, rng, held_part, {"own": OWN}, {"name": name}):
                cases.append(_case(model, "own_name", t, query, oracle,
                                   rule + f"; {name!r} is this model's own name (file or project/building)"))
        present = [ifc for ifc in CLASSES if m.of(ifc)]
        storeys = _storeys(m)
        for t in _templates(DECLINE, held_part):
            if "{storey}" in DECLINE[t] and not storeys:
                continue
            word, de = CLASSES[rng.choice(present)]
            query = DECLINE[t].format(word=word, de=de, other=OTHER[model], storey=storeys and rng.choice(storeys))
            why = next(v for k, v in WHY.items() if t.startswith(k)).format(other=OTHER[model], model=model)
            cases.append(_case(model, "decline", t, query, {"type": "decline"}, "decline: " + why))
    return cases


def build(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev = sample_per_model(generate(ifc_dir, SEED, False), "source18", SEED, PER_MODEL, 1.0)
    return dev, sample_per_model(not_in(generate(ifc_dir, SEED_B, True), dev), "source18b", SEED_B, PER_MODEL, 0.5)


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    groups = Counter(c["group"] for c in cases)
    return (f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}\n"
            "  " + ", ".join(f"{k} {v}" for k, v in sorted(groups.items())))


def main(argv: list[str] | None = None) -> int:
    return paired_main(__doc__, build, DEFAULT_OUT, DEFAULT_OUT_B, _summary, DEFAULT_IFC_DIR, argv)


if __name__ == "__main__":
    sys.exit(main())
