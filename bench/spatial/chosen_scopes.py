"""Chosen-scope bench (issue 22, round 14): a superlative that picks the scope of another question, generated.

    python bench/spatial/chosen_scopes.py [--ifc-dir ../shared/ifc] [--check]   # chosen_scope_cases.json + _b.json
    python bench/spatial/chosen_scopes.py --report RUN_DIR [--held]              # mean per kind of a spatial-bench run

People compose questions: "how many doors are on the floor with the most rooms", "which windows are in the biggest
room", "list the doors of the smallest office", "which storey has the most windows, and how many doors does it
have", "the room with the most windows - what's its area?", "Wie viele Türen hat das Geschoss mit den meisten
Räumen?". The superlative chooses ONE storey or room; the rest of the question is asked of it. Before round 14 they
declined (or, worse, answered over the whole model). A tie, a class the model has none of, or a measure the model
does not record cannot choose one: a decline, nothing listed.

The taxonomy, written from how people talk (e-mails, FM tickets, chat, non-native English, German) before any parser
change:

============  =====================================================================================================
kind          the superlative and what is asked of what it chooses
============  =====================================================================================================
cs_count      the storey with the most / fewest <class A> (storey-deep count), then how many / which <class B> on it
cs_area       the storey with the most / fewest <class A>, then the total floor area of its spaces
cs_size       the largest / biggest / smallest storey (total floor area of its spaces), then <class B> on it
cs_room       the largest / smallest room (or office ...), optionally on a storey, then the doors / windows of it
              (bounding it: IfcRelSpaceBoundary) or the furniture in it (contained in the space)
cs_room_n     the room with the most <doors / windows> (bounding it), then its floor area
cs_two        two clauses: "which storey has the most A, and how many B does it have?" - one answer, the second
              part on the storey the first picks
cs_german     German: "Wie viele Türen hat das Geschoss mit den meisten Räumen?", "im größten Raum"
============  =====================================================================================================

Declines are scenarios of every kind whose superlative cannot choose: a tie (Duplex: Level 1 and Level 2 have 10
rooms each; Institute: three storeys have 54 windows), a class the model has none of ("the floor with the most
columns" in a house without columns), a measure the model lacks (KIT-EDC's spaces record no area). Their scorer kind
is "edge".

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (nothing of ifcqa): storey-deep membership
(``Model.on``) for the class counts, the space floor area from the space's quantity sets (Qto_SpaceBaseQuantities /
BaseQuantities NetFloorArea, else the Revit export's "GSA Space Areas.GSA BIM Area"), summed per storey for "the
largest storey"; doors / windows of a room are the elements bounding it (``Model.bounding``), furniture in a room the
elements contained in it (``Model.in_space``).

**Held-back part.** Every third template of each kind (index % 3 == 2), with another seeded draw of scenarios,
goes only into ``chosen_scope_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_by  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model, count, decline, elements, number  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "chosen_scope_cases.json"
OUT_HELD = HERE / "chosen_scope_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 3

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"

# class word -> (English plural, German nominative plural, German dative plural, IFC classes)
CLASSES: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "rooms": ("rooms", "Räume", "Räumen", ("IfcSpace",)),
    "doors": ("doors", "Türen", "Türen", ("IfcDoor",)),
    "windows": ("windows", "Fenster", "Fenstern", ("IfcWindow",)),
    "walls": ("walls", "Wände", "Wänden", ("IfcWall",)),
    "furniture": ("furniture", "Möbel", "Möbeln", ("IfcFurnishingElement",)),
    "slabs": ("slabs", "Decken", "Decken", ("IfcSlab",)),
    "columns": ("columns", "Stützen", "Stützen", ("IfcColumn",)),
}
FLOOR_WORDS = ("floor", "storey", "level", "floor", "story", "level")
SIZE_WORDS = {"largest": ("largest", "biggest", "largest"), "smallest": ("smallest", "smallest", "smallest")}
AREA_QUANTITIES = (("Qto_SpaceBaseQuantities", "NetFloorArea"), ("BaseQuantities", "NetFloorArea"),
                   ("GSA Space Areas", "GSA BIM Area"))

Build = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Kind:
    name: str
    templates: tuple[str, ...]
    scenarios: tuple[dict[str, Any], ...]
    oracle: Build


class NoChoice(Exception):
    """The superlative chooses no single storey or room (a tie, no element of the class, no measure)."""


def _area(m: Model, space: Any) -> float | None:
    for qset, name in AREA_QUANTITIES:
        value = m.prop(space, qset, name)
        if isinstance(value, (int, float)):
            return float(value)
    return None


def _one(values: dict[Any, float], least: bool, what: str, label: Callable[[Any], str]) -> Any:
    best = (min if least else max)(values.values())
    winners = [k for k, v in values.items() if math.isclose(v, best, rel_tol=1e-6, abs_tol=1e-9)]
    if len(winners) != 1:
        raise NoChoice(f"tie for the {'fewest' if least else 'most'} {what}: "
                       + ", ".join(f"{label(w)} ({best:g})" for w in winners))
    return winners[0]


def chosen_storey_by_count(m: Model, c1: str, least: bool) -> tuple[str, int]:
    classes = CLASSES[c1][3]
    counts = {s: float(len(m.on(s, classes))) for s in m.storey_names()}
    if not any(counts.values()):
        raise NoChoice(f"the model has no {c1}")
    name = _one(counts, least, c1, str)
    return name, int(counts[name])


def storey_areas(m: Model) -> dict[str, float]:
    out: dict[str, float] = {}
    seen = False
    for s in m.storey_names():
        areas = [_area(m, x) for x in m.on(s, "IfcSpace")]
        seen = seen or any(a is not None for a in areas)
        out[s] = sum(a for a in areas if a is not None)
    if not seen:
        raise NoChoice("no space records a floor area")
    return out


def chosen_storey_by_area(m: Model, least: bool) -> str:
    return str(_one(storey_areas(m), least, "floor area", str))


def chosen_room_by_area(m: Model, s: dict[str, Any]) -> Any:
    spaces = m.on(s["storey"], "IfcSpace") if s.get("storey") else m.spaces()
    if s.get("room_word"):
        spaces = [x for x in spaces if m.named(*s["room_word"])(x)]
    areas = {x: a for x in spaces if (a := _area(m, x)) is not None}
    if not areas:
        raise NoChoice("no space records a floor area")
    return _one(areas, s.get("size") == "smallest", "floor area", lambda x: str(x.Name))


def chosen_room_by_count(m: Model, c1: str) -> Any:
    counts = {x: float(len(m.bounding(x, CLASSES[c1][3]))) for x in m.spaces()}
    if not any(counts.values()):
        raise NoChoice(f"no space is bounded by {c1}")
    return _one(counts, False, c1, lambda x: str(x.Name))


def _guarded(fn: Build) -> Build:
    def run(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
        try:
            return fn(m, s)
        except NoChoice as exc:
            return decline(), f"decline: the superlative chooses no single storey or room ({exc})"
    return run


# --- the oracles -------------------------------------------------------------------------------------------------
def _count_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    storey, n = chosen_storey_by_count(m, s["c1"], s.get("sup") == "fewest")
    classes = CLASSES[s["c2"]][3]
    found = m.on(storey, classes)
    how = "count" if s.get("ask", "count") == "count" else "list"
    rule = (f"{storey} has the {s.get('sup', 'most')} {s['c1']} ({n}, storey-deep); "
            f"{'/'.join(classes)} on {storey} (storey-deep)")
    return (count(found) if how == "count" else elements(found)), rule


def _area_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    storey, n = chosen_storey_by_count(m, s["c1"], s.get("sup") == "fewest")
    spaces = m.on(storey, "IfcSpace")
    areas = [a for x in spaces if (a := _area(m, x)) is not None]
    if not areas:
        raise NoChoice(f"the spaces on {storey} record no floor area")
    return (number(sum(areas), "m²", spaces),
            f"{storey} has the {s.get('sup', 'most')} {s['c1']} ({n}); sum of its spaces' floor area")


def _size_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    storey = chosen_storey_by_area(m, s["size"] == "smallest")
    classes = CLASSES[s["c2"]][3]
    found = m.on(storey, classes)
    how = s.get("ask", "count")
    return ((count(found) if how == "count" else elements(found)),
            f"{storey}: the {s['size']} total floor area of its spaces; {'/'.join(classes)} on it (storey-deep)")


def _room_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    room = chosen_room_by_area(m, s)
    classes = CLASSES[s["c2"]][3]
    if s["c2"] == "furniture":
        found, how = m.in_space(room, classes), "contained in"
    else:
        found, how = m.bounding(room, classes), "bounding"
    assert found, (s, room.Name)
    return elements(found), f"{room.Name} has the {s['size']} floor area; {'/'.join(classes)} {how} it"


def _room_n_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    room = chosen_room_by_count(m, s["c1"])
    area = _area(m, room)
    if area is None:
        raise NoChoice(f"{room.Name} records no floor area")
    return number(area, "m²", [room]), f"{room.Name} is bounded by the most {s['c1']}; its floor area"


# --- templates ---------------------------------------------------------------------------------------------------
COUNT_TEMPLATES = (
    "how many {C2} are on the {F} with the {SUP} {C1}?",
    "Which {C2} are on the {F} that has the {SUP} {C1}?",
    "list the {C2} on the {F} with the {SUP} {C1}",
    "Hi, quick one - how many {C2} does the {F} with the {SUP} {C1} have?",
    "FM ticket: need the number of {C2} on the {F} with the {SUP} {C1}.",
    "how many {C2} r on the {F} w/ the {SUP} {C1}",
    "Please list all the {C2} on the {F} having the {SUP} {C1}. Thanks, Tom",
    "{C2} on the {F} with the {SUP} {C1}?",
    "count the {C2} on whichever {F} has the {SUP} {C1}",
)
COUNT_SCENARIOS = (
    {"model": INS, "c1": "doors", "c2": "windows", "sup": "most"},
    {"model": INS, "c1": "rooms", "c2": "slabs", "sup": "fewest"},
    {"model": DUP, "c1": "windows", "c2": "doors", "sup": "most"},
    {"model": DUP, "c1": "furniture", "c2": "walls", "sup": "most"},
    {"model": EDC, "c1": "doors", "c2": "walls", "sup": "most"},
    {"model": HOM, "c1": "doors", "c2": "windows", "sup": "most"},
    {"model": LB, "c1": "windows", "c2": "doors", "sup": "most"},
    {"model": FZK, "c1": "rooms", "c2": "doors", "sup": "most"},
    {"model": SH, "c1": "furniture", "c2": "windows", "sup": "most"},
    {"model": DUP, "c1": "rooms", "c2": "doors", "sup": "most"},  # tie: Level 1 and Level 2, 10 each
    {"model": INS, "c1": "windows", "c2": "doors", "sup": "most"},  # tie: three storeys with 54
    {"model": SH, "c1": "columns", "c2": "windows", "sup": "most"},  # no column in the model
)
AREA_TEMPLATES = (
    "how much floor area is on the {F} with the {SUP} {C1}?",
    "total room area of the {F} with the {SUP} {C1}?",
    "What's the net floor area of the {F} that has the {SUP} {C1}, in m²?",
    "Hello, for the cleaning contract I need the floor area (m2) of the {F} with the {SUP} {C1}.",
    "sum of the space areas on the {F} with the {SUP} {C1}",
    "how many square metres has the {F} with the {SUP} {C1}",
)
AREA_SCENARIOS = (
    {"model": INS, "c1": "doors", "sup": "most"},
    {"model": FZK, "c1": "rooms", "sup": "most"},
    {"model": DUP, "c1": "windows", "sup": "most"},
    {"model": HOM, "c1": "doors", "sup": "most"},
    {"model": SH, "c1": "furniture", "sup": "most"},
    {"model": LB, "c1": "windows", "sup": "most"},
    {"model": EDC, "c1": "doors", "sup": "most"},  # no space records an area
    {"model": HOM, "c1": "rooms", "sup": "most"},  # tie: 5 and 5
)
SIZE_TEMPLATES = (
    "how many {C2} are on the {BIG} {F}?",
    "which {C2} are on the {BIG} {F}",
    "list the {C2} of the {BIG} {F} please",
    "Can you tell me how many {C2} the {BIG} {F} has?",
    "{BIG} {F} - how many {C2} on it?",
    "number of {C2} on the {BIG} {F} of the building",
)
SIZE_SCENARIOS = (
    {"model": INS, "size": "largest", "c2": "slabs"},
    {"model": HOM, "size": "largest", "c2": "walls"},
    {"model": FZK, "size": "largest", "c2": "doors"},
    {"model": FZK, "size": "smallest", "c2": "windows"},
    {"model": FZK11, "size": "largest", "c2": "walls"},
    {"model": DUP, "size": "largest", "c2": "windows"},
    {"model": INS, "size": "smallest", "c2": "doors"},  # tie: 1. and 2. Obergeschoss, 441.62 m² each
    {"model": EDC, "size": "largest", "c2": "doors"},  # no space records an area
)
ROOM_TEMPLATES = (
    "which {C2} are in the {BIG} {ROOM}{ON}?",
    "list the {C2} of the {BIG} {ROOM}{ON}",
    "What {C2} does the {BIG} {ROOM}{ON} have?",
    "Hi, I need the {C2} of the {BIG} {ROOM}{ON} for the survey.",
    "{C2} in the {BIG} {ROOM}{ON}?",
    "show me the {C2} in the {BIG} {ROOM}{ON} pls",
)
ROOM_SCENARIOS = (
    {"model": INS, "size": "largest", "storey": "Erdgeschoss", "c2": "doors"},
    {"model": INS, "size": "largest", "storey": "Keller", "c2": "windows"},
    {"model": SH, "size": "largest", "storey": "Ground Floor", "c2": "furniture"},
    {"model": R3, "size": "largest", "c2": "windows"},
    {"model": R3, "size": "smallest", "c2": "doors"},
    {"model": FZK11, "size": "largest", "storey": "Erdgeschoss", "c2": "doors"},
    {"model": INS, "size": "smallest", "room": "office", "room_word": ("buero",), "c2": "doors"},  # tie: 6 at 11.44
    {"model": LB, "size": "largest", "c2": "furniture"},  # tie: rooms 1 and 5, 49.92 m² each
)
ROOM_N_TEMPLATES = (
    "the room with the most {C1} - what's its area?",
    "how big is the room with the most {C1}?",
    "What is the floor area of the room that has the most {C1}?",
    "Room with most {C1}: area in m2?",
    "which room has the most {C1}, and how large is it?",
    "I'd like to know the area of the space with the most {C1}.",
)
ROOM_N_SCENARIOS = (
    {"model": R3, "c1": "windows"},
    {"model": R3, "c1": "doors"},
    {"model": INS, "c1": "windows"},
    {"model": FZK11, "c1": "doors"},
    {"model": DUP, "c1": "doors"},
    {"model": DUP, "c1": "windows"},  # tie: A203 and B203, 3 each
    {"model": EDC, "c1": "doors"},  # no space records an area
)
TWO_TEMPLATES = (
    "which {F} has the {SUP} {C1}, and how many {C2} does it have?",
    "Which {F} has the {SUP} {C1}? How many {C2} are on it?",
    "{F} with the {SUP} {C1} - how many {C2} there?",
    "Which {F} has the {SUP} {C1} and how many {C2} are on that {F}?",
    "find the {F} with the {SUP} {C1}; how many {C2} does it have",
    "what {F} has the {SUP} {C1}, and how many {C2} has it got?",
)
GERMAN_TEMPLATES = (
    "Wie viele {C2DE} hat das Geschoss mit den meisten {C1DAT}?",
    "Welche {C2DE} sind im Geschoss mit den meisten {C1DAT}?",
    "Wie viele {C2DE} gibt es auf der Etage mit den meisten {C1DAT}?",
    "Liste die {C2DE} im Stockwerk mit den meisten {C1DAT}",
    "Anzahl {C2DE} im Geschoss mit den meisten {C1DAT}?",
    "Wie viele {C2DE} hat die Etage mit den meisten {C1DAT}?",
)
GERMAN_SCENARIOS = tuple(s for s in COUNT_SCENARIOS if s["sup"] == "most" and s["c1"] != "columns")


def _two_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    return _count_oracle(m, {**s, "ask": "count"})


KINDS = (
    Kind("cs_count", COUNT_TEMPLATES, COUNT_SCENARIOS, _guarded(_count_oracle)),
    Kind("cs_area", AREA_TEMPLATES, AREA_SCENARIOS, _guarded(_area_oracle)),
    Kind("cs_size", SIZE_TEMPLATES, SIZE_SCENARIOS, _guarded(_size_oracle)),
    Kind("cs_room", ROOM_TEMPLATES, ROOM_SCENARIOS, _guarded(_room_oracle)),
    Kind("cs_room_n", ROOM_N_TEMPLATES, ROOM_N_SCENARIOS, _guarded(_room_n_oracle)),
    Kind("cs_two", TWO_TEMPLATES, COUNT_SCENARIOS, _guarded(_two_oracle)),
    Kind("cs_german", GERMAN_TEMPLATES, GERMAN_SCENARIOS, _guarded(_count_oracle)),
)
SCORER_KIND = {"cs_german": "german"}


def report(run: Path, cases_path: Path) -> str:
    """Mean score per kind (``chosen``) of a spatial-bench run of ``cases_path``."""
    return report_by(run, cases_path, "chosen")


def _fill(template: str, s: dict[str, Any], i: int) -> str:
    ctx = {"F": FLOOR_WORDS[i % len(FLOOR_WORDS)], "SUP": s.get("sup", "most"),
           "ROOM": s.get("room", "room"), "ON": f" on {s['storey']}" if s.get("storey") else ""}
    if "size" in s:
        ctx["BIG"] = SIZE_WORDS[s["size"]][i % 3]
    for key, short in (("c1", "C1"), ("c2", "C2")):
        if key in s:
            en, de, dat, _ = CLASSES[s[key]]
            ctx.update({short: en, short + "DE": de, short + "DAT": dat})
    text = template
    for key, value in ctx.items():
        text = text.replace("{" + key + "}", value)
    return text[0].upper() + text[1:] if template.startswith("{") else text


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for kind in KINDS:
        for i, template in enumerate(kind.templates):
            if (i % HOLD_EVERY == HOLD_EVERY - 1) != held:
                continue
            order = sorted(range(len(kind.scenarios)), key=lambda j: _seed(salt, kind.name, str(i), str(j)))
            for j in order[:PER_TEMPLATE]:
                s = dict(kind.scenarios[j])
                if kind.name in ("cs_count", "cs_german") and template.lower().startswith(("which", "list",
                                                                                          "welche", "liste",
                                                                                          "please list")):
                    s["ask"] = "list"
                if kind.name == "cs_size" and template.startswith(("which", "list")):
                    s["ask"] = "list"
                if s["model"] not in models:
                    models[s["model"]] = Model(ifc_dir / s["model"])
                oracle, rule = kind.oracle(models[s["model"]], s)
                out.append({
                    "id": f"cs{'b' if held else ''}-{kind.name}-{i:02d}-{j}",
                    "query": _fill(template, s, i + j),
                    "ifc_filename": s["model"],
                    "kind": "edge" if oracle["type"] == "decline" else SCORER_KIND.get(kind.name, "comparison"),
                    "chosen": kind.name,
                    "template": template,
                    "oracle": oracle,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                })
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("chosen", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
