"""Rooms and what bounds them, asked as people ask (issue 22, round 19 rel19).

    python bench/spatial/room_relation_forms.py [--ifc-dir ../shared/ifc] [--check]  # room_relation_cases.json + _b
    python bench/spatial/room_relation_forms.py --report RUN_DIR [--held]             # per kind, from a run

IFC records which elements bound a space (``IfcRelSpaceBoundary``). People ask about them by pointing at a room
named earlier ("Kitchen3: the windows of this room?"), by a relation verb ("how many doors open onto the
Hallway?", "which walls enclose Bad"), by what a room lacks ("which rooms on Level 2 have no window?", "Räume
ohne Fenster"), by a count of what bounds it ("rooms with more than two doors"); and they ask for ONE room by a
superlative ("which room has the largest floor area?") or a sum over every room ("total net floor area over all
the rooms"). The taxonomy was written from how such questions are written, not from the parser.

**Oracles** in plain IfcOpenShell (``people_oracles.Model``): a space's bounding elements are the
``RelatedBuildingElement`` of its ``BoundedBy`` (``IfcRelSpaceBoundary``) of the asked class (with subtypes);
rooms of a storey are storey-deep (``Model.storey_name``); a room's floor area is its NetFloorArea (any quantity
set) or, where a model has none, its 'GSA Space Areas' 'GSA BIM Area'; a superlative is the value of the
room(s) with the largest (smallest) one, ties all of them; a sum is over every space.

**Positive kinds**

==========  =======================================================================================
p_pointer   the room named before, then "this / that room" or "it" ("{R}: the windows of this room?")
p_verb      a relation verb naming the room ("doors leading into {R}", "which walls enclose {R}")
p_none      rooms whose boundaries hold no element of the class, storey-deep or over the model
p_count     rooms by a count of the bounding elements of the class ("rooms with more than two doors")
p_super     the ONE room with the largest / smallest floor area, with its value
p_sum       the floor area summed over every room ("total floor area over all the rooms")
==========  =======================================================================================

**Decline kinds**

==============  ===================================================================================
d_noboundary    the p_pointer / p_none / p_count forms over models without any space boundary
d_missing       a room the model lacks (sauna, cinema, conservatory, gym) in the same forms
d_unrecorded    a relation the model cannot record (facing north, above, next to, adjacent) or a
                relation verb no vocabulary knows ("overlook", "guard")
==============  ===================================================================================

**Held back**: every third template of each kind goes only into ``room_relation_cases_b.json``.
"""

from __future__ import annotations

import math
import random
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_misses, seed  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import TIE, Model, count, elements, number  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "room_relation_cases.json"
OUT_HELD = HERE / "room_relation_cases_b.json"
PER_KIND = 12
PER_KIND_HELD = 6
DECLINE_PER_KIND = 7
DECLINE_PER_KIND_HELD = 4
HOLD_EVERY = 3
BOUNDED = ["3rooms_Heater_AirTerminal_Table_with_SB.ifc", "AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc",
           "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "ExampleHOM.ifc", "KIT-EDC_with_SB.ifc",
           "revit_quantities.ifc"]
UNBOUNDED = ["LargeBuilding.ifc", "Ifc4_SampleHouse.ifc"]
# plural, singular, German plural, IFC class
CLASSES = [("doors", "door", "Türen", "IfcDoor"), ("windows", "window", "Fenster", "IfcWindow"),
           ("walls", "wall", "Wände", "IfcWall")]
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}
MISSING = ["sauna", "cinema", "conservatory", "gym"]
_GERMAN_NAME = re.compile(r"geschoss|keller|^\d?\.?\s*og$|^eg$|^ug$", re.I)
_GENERIC = {"room", "space", "raum", "roof", "oldspaceguids_"}

# A template is (text, the class keys it may take or None for any, the oracle form). Slots: {R} a room, {cls} /
# {one} / {cls_de} the class, {S} a storey, {prep} 'im' / 'auf' before it, {n} / {nw} a number (digits / words),
# {net} 'net ' where the model records a net floor area.
T = tuple[str, tuple[str, ...] | None, str]
TEMPLATES: dict[str, list[T]] = {
    "p_pointer": [
        ("{R}: the {cls} of this room?", None, "list"),
        ("I'm standing in {R}. Which {cls} bound that room?", None, "list"),
        ("{R} - how many {cls} bound this room?", None, "count"),
        ("We are renovating {R}. List the {cls} bounding that room.", None, "list"),
        ("Question about {R}: which {cls} belong to this room's boundary?", None, "list"),
        ("{R}: how many {cls} enclose it?", ("walls",), "count"),
        ("Take {R}. Which {cls} open onto that room?", ("doors",), "list"),
        ("{R} please: what {cls} does this room have in its boundary?", None, "list"),
        ("About {R} - the {cls} of that room, please.", None, "list"),
    ],
    "p_verb": [
        ("how many doors open onto {R}?", ("doors",), "count"),
        ("doors leading into {R}", ("doors",), "list"),
        ("which walls enclose {R}", ("walls",), "list"),
        ("what walls surround {R}?", ("walls",), "list"),
        ("which doors give onto {R}?", ("doors",), "list"),
        ("windows facing into {R}", ("windows",), "list"),
        ("list the doors opening into {R}", ("doors",), "list"),
        ("how many walls bound {R}?", ("walls",), "count"),
        ("Wie viele Türen führen in {R}?", ("doors",), "count"),
    ],
    "p_none": [
        ("which rooms on {S} have no {one}?", None, "none_storey"),
        ("rooms without any {cls}", None, "none"),
        ("rooms not having a {one}", None, "none"),
        ("list the rooms on {S} that don't have any {cls}", None, "none_storey"),
        ("which spaces have no {cls} at all?", None, "none"),
        ("Räume ohne {cls_de} {prep} {S}", None, "none_storey"),
        ("rooms lacking a {one}", None, "none"),
        ("Welche Räume haben keine {cls_de}?", None, "none"),
        ("rooms on {S} with no {cls}", None, "none_storey"),
    ],
    "p_count": [
        ("rooms with more than {nw} {cls}", None, "more"),
        ("which rooms have at least {n} {cls}?", None, "atleast"),
        ("rooms on {S} with more than {n} {cls}", None, "more_storey"),
        ("which rooms have fewer than {nw} {cls}?", None, "fewer"),
        ("rooms with exactly {nw} {cls}", None, "exactly"),
        ("which spaces have more than {n} {cls}?", None, "more"),
    ],
    "p_super": [
        ("which room has the largest floor area?", None, "max"),
        ("the biggest room by area", None, "max"),
        ("what room is the most big one (area)?", None, "max"),
        ("which room has the smallest floor area?", None, "min"),
        ("which space is the largest by floor area?", None, "max"),
        ("what's the smallest room in terms of area?", None, "min"),
        ("Welcher Raum hat die größte Fläche?", None, "max"),
        ("the room with the biggest floor area, please", None, "max"),
        ("which room is the smallest (area)?", None, "min"),
    ],
    "p_sum": [
        ("total {net}floor area over all the rooms", None, "sum"),
        ("sum the {net}floor area over every room", None, "sum"),
        ("what is the {net}floor area of all rooms added up?", None, "sum"),
        ("the combined {net}floor area of every room", None, "sum"),
        ("how much {net}floor area do all the rooms have together?", None, "sum"),
        ("Gesamtfläche über alle Räume", None, "sum"),
    ],
    "d_noboundary": [
        ("which rooms on {S} have no {one}?", None, "decline"),
        ("{R}: the {cls} of this room?", None, "decline"),
        ("rooms with more than {nw} {cls}", None, "decline"),
        ("rooms without any {cls}", None, "decline"),
        ("how many doors open onto {R}?", ("doors",), "decline"),
        ("Räume ohne {cls_de}", None, "decline"),
    ],
    "d_missing": [
        ("Sauna: the {cls} of this room?", None, "decline"),
        ("which doors open onto the {M}?", ("doors",), "decline"),
        ("which walls enclose the {M}?", ("walls",), "decline"),
        ("how many {cls} bound the {M}?", None, "decline"),
        ("the {cls} of the {M}", None, "decline"),
        ("I'm in the {M}. Which {cls} bound that room?", None, "decline"),
    ],
    "d_unrecorded": [
        ("which rooms have no {one} facing north?", ("windows",), "decline"),
        ("which {cls} overlook {R}?", ("windows",), "decline"),
        ("the {cls} next to {R}", None, "decline"),
        ("which rooms are adjacent to {R}?", None, "decline"),
        ("{cls} above {R}", None, "decline"),
        ("which doors guard {R}?", ("doors",), "decline"),
    ],
}


def _rooms(model: Model) -> list[tuple[str, Any]]:
    """(how a person names it, space) for each space a name picks out alone: a LongName or a Name with letters
    held by that space only, else 'room <Name>' for a numbered one."""
    spaces = model.spaces()
    out = []
    for sp in spaces:
        long, name = (sp.LongName or "").strip(), (sp.Name or "").strip()
        if long and long.lower() not in _GENERIC and re.search(r"[^\W\d_]", long) and \
                sum((s.LongName or "").strip().lower() == long.lower() for s in spaces) == 1 and \
                not any((s.Name or "").strip().lower() == long.lower() for s in spaces):
            out.append((long, sp))
        elif name and re.search(r"[^\W\d_]", name) and name.lower() not in _GENERIC and \
                sum((s.Name or "").strip().lower() == name.lower() for s in spaces) == 1:
            out.append((name, sp))
        elif name.isdigit() and sum((s.Name or "").strip() == name for s in spaces) == 1:
            out.append((f"room {name}", sp))
    return out


def _floor_area(model: Model) -> tuple[Any, str, bool] | None:
    """The key reading a space's floor area, its unit and whether it is a net area (None: the model has none)."""
    import ifcopenshell.util.element as ue

    def net(sp: Any) -> float | None:
        for props in ue.get_psets(sp, qtos_only=True).values():
            v = props.get("NetFloorArea")
            if isinstance(v, (int, float)):
                return float(v)
        return None

    def gsa(sp: Any) -> float | None:
        v = ue.get_pset(sp, "GSA Space Areas", "GSA BIM Area")
        return float(v) if isinstance(v, (int, float)) else None

    spaces = model.spaces()
    for key, is_net in ((net, True), (gsa, False)):
        if spaces and all(key(sp) is not None for sp in spaces):
            return key, model.unit("AREAUNIT"), is_net
    return None


def _storeys(model: Model) -> list[str]:
    names = [s for s in model.storey_names() if s]
    return [s for s in names if names.count(s) == 1 and any(model.storey_name(sp) == s for sp in model.spaces())]


def _holds(model: Model, sp: Any, ifc: str) -> int:
    return len(model.bounding(sp, ifc))


def _meets(form: str, k: int, n: int) -> bool:
    """Whether a room with ``k`` bounding elements is one the form asks for (``n`` the number said)."""
    if form.startswith("none"):
        return k == 0
    if form.startswith("more"):
        return k > n
    return {"atleast": k >= n, "fewer": k < n, "exactly": k == n}[form]


def _cases(model: Model, fname: str, kind: str, template: T, rng: random.Random) -> list[tuple[str, Any, str]]:
    """Every (text, oracle, rule) a template makes over a model (the caller draws among them)."""
    text, allowed, form = template
    out: list[tuple[str, Any, str]] = []
    classes = [c for c in CLASSES if allowed is None or c[0] in allowed]
    rooms = _rooms(model)
    if kind in ("p_super", "p_sum"):
        area = _floor_area(model)
        if area is None:
            return []
        key, unit, is_net = area
        spaces = model.spaces()
        q = text.replace("{net}", "net " if is_net and rng.random() < 0.5 else "")
        if form == "sum":
            return [(q, number(sum(key(s) for s in spaces), unit, spaces),
                     "the floor area summed over every IfcSpace")]
        values = [key(s) for s in spaces]
        best = (min if form == "min" else max)(values)
        winners = [s for s, v in zip(spaces, values, strict=True) if math.isclose(v, best, rel_tol=TIE)]
        return [(q, number(best, unit, winners), f"the {form} floor area of one IfcSpace (ties: all)")]
    for plural, single, german, ifc in classes:
        slots = {"cls": plural, "one": single, "cls_de": german}
        if kind == "d_missing":
            for m in MISSING:
                out.append((text.format(M=m, **slots), {"type": "decline"}, "decline: the model has no such room"))
            continue
        needs_room = "{R}" in text
        needs_storey = "{S}" in text
        for r, sp in (rooms if needs_room else [("", None)]):
            for s in (_storeys(model) if needs_storey else [""]):
                prep = "im" if _GERMAN_NAME.search(s) else "auf"
                for n in ((1, 2, 3) if "{n" in text else (0,)):
                    said = {**slots, "cls": single} if n == 1 else slots
                    q = text.format(R=r, S=s, prep=prep, n=n, nw=NUMBERS.get(n, n), **said)
                    if kind.startswith("d_"):
                        why = ("decline: the model records no space boundaries" if kind == "d_noboundary" else
                               "decline: a relation the model does not record, or a verb no vocabulary knows")
                        out.append((q, {"type": "decline"}, why))
                        continue
                    if sp is not None:
                        found = model.bounding(sp, ifc)
                        if not found and form == "list":
                            continue  # an empty list tells no reading apart
                        oracle = count(found) if form == "count" else elements(found)
                        out.append((q, oracle, f"the {ifc} among the space boundaries of {r}"))
                        continue
                    pool = [x for x in model.spaces() if not s or model.storey_name(x) == s]
                    hit = [x for x in pool if _meets(form, _holds(model, x, ifc), n)]
                    if not hit or len(hit) == len(model.spaces()):
                        continue  # no answer to tell apart from 'none' or from every room
                    out.append((q, elements(hit), f"the IfcSpaces{' on ' + s if s else ''} whose space boundaries "
                                                  f"hold {form} {n if n else ''} {ifc}"))
    return out


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "rel19-held" if held else "rel19"
    models: dict[str, Model] = {}
    cases: list[dict[str, Any]] = []
    for kind, templates in TEMPLATES.items():
        quota = (DECLINE_PER_KIND_HELD if held else DECLINE_PER_KIND) if kind.startswith("d_") else \
            (PER_KIND_HELD if held else PER_KIND)
        names = UNBOUNDED if kind == "d_noboundary" else BOUNDED
        if kind in ("p_super", "p_sum"):
            names = BOUNDED + UNBOUNDED
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        pool: list[tuple[int, str, str, Any, str]] = []
        for fname in names:
            if fname not in models:
                models[fname] = Model(ifc_dir / fname)
            for i, template in mine:
                rng = random.Random(seed(salt, kind, fname, template[0]))
                for text, oracle, rule in _cases(models[fname], fname, kind, template, rng):
                    pool.append((i, fname, text, oracle, rule))
        rng = random.Random(seed(salt, kind))
        rng.shuffle(pool)
        taken: list[tuple[int, str, str, Any, str]] = []
        per_template: dict[int, int] = {}
        per_model: dict[str, int] = {}
        seen: set[tuple[str, str]] = set()
        cap = quota // 3 + 1
        for entry in sorted(pool, key=lambda e: rng.random()):
            i, fname, text, _, _ = entry
            if len(taken) == quota:
                break
            if (fname, text.casefold()) in seen or per_model.get(fname, 0) >= cap or \
                    per_template.get(i, 0) >= max(1, quota // max(1, len(mine)) + 1):
                continue
            seen.add((fname, text.casefold()))
            per_model[fname] = per_model.get(fname, 0) + 1
            per_template[i] = per_template.get(i, 0) + 1
            taken.append(entry)
        for i, fname, text, oracle, rule in taken:
            cases.append({
                "id": f"rel-{kind}-{seed(kind, fname, text):012x}", "query": text, "ifc_filename": fname,
                "kind": "rooms", "relation": kind, "template": templates[i][0], "oracle": oracle,
                "oracle_rule": rule, "source": "ifcopenshell",
            })  # fmt: skip
    cases.sort(key=lambda c: c["id"])
    return cases


def report(run: Path, cases_path: Path) -> str:
    """Mean score per relation kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "relation", show_model=True)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("relation", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
