"""Questions in another voice: non-native grammar, the passive, a reason after the question, comments on what to
count (issue 22, round 19 voice19).

    python bench/spatial/voice_forms.py [--ifc-dir ../shared/ifc] [--check]   # voice19_cases.json + _b
    python bench/spatial/voice_forms.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People who write in a second language, in a hurry or in notes say the same request differently: "The number of the
doors on Level 1 is needed.", "Windows on EG, a list would be needed.", "Doors on Level 1, how many? For the
locksmith.", "How many doors on EG and 1.OG, both counted?", "the storey having the most doors", "Has EG more
windows then 1.OG?", "doors what are external", "the storey called EG", "count doors Level 2 pls". The taxonomy was
written from how such notes are written, not from the parser.

**Bases** (oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep): a class (doors, windows,
walls, stairs, columns, slabs) on a storey (count or list), on two storeys (count), in the model without one storey
(count), per storey (the storey with the most), two storeys compared (yes / no), the external (or load-bearing)
ones by ``Pset_*Common`` (list), over 8 shared models.

**Positive kinds.**

============  ==========================================================================================
p_need        passive / need forms ("The number of the {cls} on {S} is needed.", "Needed: which ...",
              "{Cls} on {S}, a list would be needed.", "... the count is required (for the formwork).")
p_reason      a reason after the question, as a fragment, a short sentence or a conditional that restricts
              nothing ("For the locksmith.", "(paint choice)", "The fitter asks.", "If there are none the
              electrician needs no extra visit.")
p_counting    a comment on what to count, read as the inclusion / exclusion it states ("both counted",
              "({S2} not counting)", "without counting {S2}", "plus {S2}", "both storeys together")
p_compare     non-native comparatives and superlatives over storeys ("the storey having the most {cls}",
              "which floor the number of {cls} is highest", "more {cls} then {S2}", "more big than")
p_relative    non-native relatives ("{cls} what are external", "walls which is load bearing", "which are
              being external")
p_named       naming forms ("the storey called {S}", "the floor named {S}", "storey '{S}'", "das Geschoss
              namens {S}", "bitte auflisten", "aufzählen", "nennen")
p_terse       terse notes ("count {cls} {S} pls", "{cls} {S} how many", "{S} {cls} list pls")
============  ==========================================================================================

**Decline kinds.**

============  ==========================================================================================
d_restrict    the comment, reason or relative restricts with what the model cannot ground ("the broken ones
              not counted", "For the ones with old locks.", "which are needing new paint")
d_other       the reason or conditional names a storey or class the request does not ask about ("If there
              are none on {S2} ...", "needed for the {other} order")
d_named       a naming form naming a storey the model does not have ("the storey called Mezzanine")
============  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``voice19_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_misses, seed  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model, count, elements, ext, load_bearing, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "voice19_cases.json"
OUT_HELD = HERE / "voice19_cases_b.json"
PER_KIND = 11
PER_KIND_HELD = 5
PER_DECLINE = 6
PER_DECLINE_HELD = 3
HOLD_EVERY = 3
MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc",
          "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc", "AC11-FZK-Haus-IFC.ifc"]
# class word (plural, singular), German plural, IFC class, its common property set
CLASSES = [("doors", "door", "Türen", "IfcDoor", "Pset_DoorCommon"),
           ("windows", "window", "Fenster", "IfcWindow", "Pset_WindowCommon"),
           ("walls", "wall", "Wände", "IfcWall", "Pset_WallCommon"),
           ("stairs", "stair", "Treppen", "IfcStair", "Pset_StairCommon"),
           ("columns", "column", "Stützen", "IfcColumn", "Pset_ColumnCommon"),
           ("slabs", "slab", "Decken", "IfcSlab", "Pset_SlabCommon")]
_GERMAN_NAME = re.compile(r"geschoss|keller|^\d?\.?\s*og$|^eg$|^ug$", re.I)
ABSENT_STOREYS = ["Mezzanine", "Level 9", "Penthouse", "Attic Floor", "Sous-sol"]

# Each template is "FORM|text". FORM says which oracle the text asks: count / list (the class on {S}), two (the
# class on {S} and {S2}, a count), minus (the class in the model except {S2}, a count), most (the storey with the
# most of the class), more (yes / no: more of the class on {S} than on {S2}), ext / bearing (the external /
# load-bearing ones of the class on {S}, a list), decline.
# Slots: {Q} the base question (count or list by FORM), {q} the same lower-cased without its mark; {cls} / {Cls} /
# {one} the class; {cls_de} German; {S} the storey; {S2} another storey; {other} another class; {prep} im / auf.
TEMPLATES: dict[str, list[str]] = {
    "p_need": [
        "count|The number of the {cls} on {S} is needed.",
        "count|{Cls} of {S}: the count is required (for the formwork).",
        "list|Needed: which {cls} are on {S}.",
        "list|{Cls} on {S}, a list would be needed.",
        "count|For {S} the number of {cls} is required.",
        "list|A list of the {cls} on {S} is needed please.",
        "count|Required is the count of {cls} on {S}.",
        "list|The {cls} on {S} are needed as a list.",
        "count|How many {cls} are on {S} is needed for the offer.",
    ],
    "p_reason": [
        "count|{Cls} on {S}, how many? For the locksmith.",
        "list|Which {cls} are on {S} - needed for the order.",
        "list|Which {cls} are on {S}? (paint choice)",
        "count|How many {cls} are on {S}? The fitter asks.",
        "count|How many {cls} are on {S}? If there are none the electrician needs no extra visit.",
        "count|How many {cls} are on {S}, so I can book the van",
        "list|Which {cls} are on {S}? Is for the cleaning company.",
        "count|How many {cls} on {S}? Because of the insurance.",
        "list|{Cls} on {S} which ones? My boss is asking.",
    ],
    "p_counting": [
        "two|How many {cls} are on {S} and {S2}, both counted?",
        "minus|How many {cls} are in the building ({S2} not counting)?",
        "two|{Cls} on {S} and {S2} - both storeys together, how many?",
        "two|How many {cls} are on {S}, plus {S2}?",
        "minus|How many {cls} in the building, without counting {S2}?",
        "minus|How many {cls} are there in total, {S2} not included?",
        "two|Number of {cls} on {S} and on {S2}, counting both floors.",
        "minus|Count the {cls} of the building, {S2} not counted.",
        "two|How many {cls} on {S} together with {S2}?",
    ],
    "p_compare": [
        "most|Which storey is having the most {cls}?",
        "most|On which floor the number of {cls} is highest?",
        "more|Has {S} more {cls} then {S2}?",
        "most|Which is the storey with the more bigger number of {cls}?",
        "more|Is the number of {cls} on {S} more big than on {S2}?",
        "most|The floor where are the most {cls}, which one is?",
        "more|{S} has more {cls} then {S2}, yes or no?",
        "most|In which storey the {cls} are the most?",
        "more|Are on {S} more {cls} then on {S2}?",
    ],
    "p_relative": [
        "ext|Which {cls} on {S} what are external?",
        "bearing|Which walls which is load bearing are on {S}?",
        "ext|The {cls} on {S} which are being external, which ones?",
        "ext|List the {cls} of {S} who are external.",
        "bearing|Walls on {S} what are load bearing, list please.",
        "ext|Which are the {cls} on {S} that is external?",
        "ext|{Cls} which is external on {S}, please list.",
        "bearing|Which walls on {S} who are bearing load?",
        "ext|Show {cls} on {S} which they are external.",
    ],
    "p_named": [
        "count|How many {cls} are on the storey called {S}?",
        "list|Which {cls} are on the floor named {S}?",
        "count|How many {cls} are on storey '{S}'?",
        "list|Which {cls} are in the level which is called {S}?",
        "list_de|Die {cls_de} auf dem Geschoss namens {S} bitte auflisten.",
        "count|Count the {cls} on the storey with the name {S}.",
        "list_de|Bitte die {cls_de} {prep} {S} aufzählen.",
        "list_de|Die {cls_de} {prep} {S} nennen, bitte.",
        "count_de|Wie viele {cls_de} hat das Geschoss mit dem Namen {S}?",
    ],
    "p_terse": [
        "count|count {cls} {S} pls",
        "count|{cls} {S} how many",
        "list|{S} {cls} list pls",
        "count|nr of {cls} {S}?",
        "list|{cls} on {S}, list",
        "count|{S}: {cls} count?",
        "list|list {cls} {S} thx",
        "count|{cls} {S} - number?",
        "count|how many {cls} {S} pls",
    ],
    "d_restrict": [
        "decline|How many {cls} are in the building (the broken ones not counting)?",
        "decline|Which {cls} are on {S}? For the ones with old locks.",
        "decline|Which {cls} on {S} which are needing new paint?",
        "decline|The number of the {cls} on {S} is needed, the painted ones not included.",
        "decline|How many {cls} on {S}? If they are older than ten years the fitter comes.",
        "decline|{Cls} on {S}, a list would be needed, only the new ones.",
    ],
    "d_other": [
        "decline|How many {cls} are on {S}? If there are none on {S2} the electrician needs no extra visit.",
        "decline|Which {cls} are on {S} - needed for the {other} order.",
        "decline|The number of the {cls} on {S} is needed (for the {other} on {S2}).",
        "decline|How many {cls} are on {S}? Needed for the {other} of {S2}.",
        "decline|Which {cls} are on {S}? Is for the {other} of {S2}.",
        "decline|{Cls} on {S}, how many? For the {other}.",
    ],
    "d_named": [
        "decline|How many {cls} are on the storey called {X}?",
        "decline|Which {cls} are on the floor named {X}?",
        "decline|Die {cls_de} auf dem Geschoss namens {X} bitte auflisten.",
        "decline|Count the {cls} on the storey with the name {X}.",
        "decline|How many {cls} are on storey '{X}'?",
        "decline|Which {cls} are in the level which is called {X}?",
    ],
}


def _bases(model: Model, fname: str) -> list[dict[str, Any]]:
    """Every (class, storey) base of a model: the class on a storey it has, in English and German."""
    out = []
    names = [s for s in model.storey_names() if s]
    unique = [s for s in names if names.count(s) == 1]
    for plural, single, german, ifc, pset in CLASSES:
        for s in unique:
            found = model.on(s, ifc)
            if not found:
                continue
            prep = "im" if _GERMAN_NAME.search(s) else "auf"
            out.append({"ifc_filename": fname, "storey": s, "cls": plural, "one": single, "ifc": ifc, "pset": pset,
                        "cls_de": german, "prep": prep, "found": found})
    return out


def _others(model: Model, storey: str) -> list[str]:
    names = [s for s in model.storey_names() if s]
    return sorted(s for s in names if s != storey and names.count(s) == 1
                  and s.lower() not in storey.lower() and storey.lower() not in s.lower())


def _oracle(form: str, base: dict[str, Any], model: Model, s2: str | None) -> dict[str, Any] | None:
    """The oracle of ``form`` over ``base`` (None when the form has no unambiguous answer here)."""
    ifc, s = base["ifc"], base["storey"]
    if form in ("count", "count_de"):
        return count(base["found"])
    if form in ("list", "list_de"):
        return elements(base["found"])
    if form == "two":
        assert s2 is not None
        other = model.on(s2, ifc)
        return count(base["found"] + other) if other else None
    if form == "minus":
        assert s2 is not None
        rest = [e for e in model.of(ifc) if model.storey_name(e) != s2]
        return count(rest) if rest and len(rest) < len(model.of(ifc)) else None
    if form == "most":
        sizes = {n: len(model.on(n, ifc)) for n in set(model.storey_names()) if n}
        best = max(sizes.values())
        winners = [n for n, v in sizes.items() if v == best]
        return storeys(winners) if len(winners) == 1 and s in winners else None  # one per (class, model)
    if form == "more":
        assert s2 is not None
        a, b = len(base["found"]), len(model.on(s2, ifc))
        return yes_no(a > b) if a != b else None
    if form == "ext":
        if base["cls"] not in ("doors", "windows", "walls", "slabs"):
            return None
        hit = model.on(s, ifc, ext(base["pset"]))
        told = model.on(s, ifc, lambda e: isinstance(Model.prop(e, base["pset"], "IsExternal"), bool))
        return elements(hit) if hit and len(told) == len(base["found"]) else None
    if form == "bearing":
        if base["cls"] != "walls":
            return None
        hit = model.on(s, ifc, load_bearing(base["pset"]))
        told = model.on(s, ifc, lambda e: isinstance(Model.prop(e, base["pset"], "LoadBearing"), bool))
        return elements(hit) if hit and len(told) == len(base["found"]) else None
    return {"type": "decline"}


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    form, text = template.split("|", 1)
    if form.endswith("_de") and not _GERMAN_NAME.search(base["storey"]) and "{prep}" in text:
        return None  # "auf Level 1" is no German people write; the German forms over German storey names
    slots = {"cls": base["cls"], "Cls": base["cls"].capitalize(), "one": base["one"], "S": base["storey"],
             "cls_de": base["cls_de"], "prep": base["prep"]}
    s2 = None
    if "{S2}" in text:
        others = _others(model, base["storey"])
        if form in ("two", "more"):
            others = [o for o in others if model.on(o, base["ifc"])]
        if not others:
            return None
        s2 = slots["S2"] = rng.choice(others)
    if "{other}" in text:
        slots["other"] = rng.choice(sorted(c[0] for c in CLASSES if c[0] != base["cls"]))
    if "{X}" in text:
        names = " ".join(model.storey_names()).lower()
        absent = [x for x in ABSENT_STOREYS if x.lower() not in names]
        slots["X"] = rng.choice(absent)
    oracle = _oracle(form, base, model, s2)
    if oracle is None:
        return None
    return text.format(**slots), oracle


_RULES = {
    "d_restrict": "decline: the comment, reason or relative restricts with what the model cannot ground",
    "d_other": "decline: the reason or conditional names a storey or class the request does not ask about",
    "d_named": "decline: the named storey is not in the model",
}
_FORM_RULES = {
    "count": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "count_de": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "list": "the class on the storey, storey-deep (people_oracles.Model): the elements",
    "list_de": "the class on the storey, storey-deep (people_oracles.Model): the elements",
    "two": "the class on both storeys, storey-deep: a count of the union",
    "minus": "the class in the whole model except the storey named as not counted: a count",
    "most": "the class per storey, storey-deep: the one storey with the most (ties left out)",
    "more": "the class on the two storeys, storey-deep: yes when the first has more (equal counts left out)",
    "ext": "the class on the storey with Pset_*Common.IsExternal = TRUE (every one states it)",
    "bearing": "the walls on the storey with Pset_WallCommon.LoadBearing = TRUE (every one states it)",
}


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "voice19-held" if held else "voice19"
    models = {f: Model(ifc_dir / f) for f in MODELS}
    bases = [b for f in MODELS for b in _bases(models[f], f)]
    cases: list[dict[str, Any]] = []
    for kind, templates in TEMPLATES.items():
        decline = kind.startswith("d_")
        quota = (PER_DECLINE_HELD if held else PER_DECLINE) if decline else (PER_KIND_HELD if held else PER_KIND)
        cap = quota // 4 + 1
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        used: dict[int, int] = {}
        per_model: dict[str, int] = {}
        taken = 0
        for base in sorted(bases, key=lambda b: seed(salt, kind, b["ifc_filename"], b["storey"], b["cls"])):
            if taken == quota:
                break
            fname = base["ifc_filename"]
            if per_model.get(fname, 0) >= cap:
                continue
            rng = random.Random(seed(salt, kind, fname, base["storey"], base["cls"]))
            for i, template in sorted(mine, key=lambda it: (used.get(it[0], 0), rng.random())):
                got = _fill(template, base, models[fname], rng, kind)
                if got is None:
                    continue
                text, oracle = got
                form = template.split("|", 1)[0]
                bid = f"{Path(fname).stem}:{base['storey']}:{base['cls']}"
                cases.append({
                    "id": f"voice-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
                    "kind": "german" if form.endswith("_de") or "{cls_de}" in template else "storey_class",
                    "voice": kind, "form": form, "template": template.split("|", 1)[1], "base": bid,
                    "oracle": oracle, "oracle_rule": _RULES.get(kind, _FORM_RULES.get(form, "")),
                    "source": "ifcopenshell",
                })  # fmt: skip
                used[i] = used.get(i, 0) + 1
                per_model[fname] = per_model.get(fname, 0) + 1
                taken += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases


def report(run: Path, cases_path: Path) -> str:
    """Mean score per voice kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "voice", show_model=True)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("voice", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
