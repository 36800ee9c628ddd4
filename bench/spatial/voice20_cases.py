"""Requests in another voice, read by the kind of the words: inflections, word order, colloquial German (issue 22,
round 20 voice20).

    python bench/spatial/voice20_cases.py [--ifc-dir ../shared/ifc] [--check]   # voice20_cases.json + _b
    python bench/spatial/voice20_cases.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People who write in a second language or in a hurry say a request the parser knows with its words inflected
otherwise ("I am needing", "what doors stands", "does EG contains"), in another word order ("Doors on EG - the
number is what?", "Is it EG or 1.OG where are more doors?", "EG: how many doors it has?") or in colloquial German
("wieviel Fenster gibts", "hats im EG"). The taxonomy was written from how such notes are written, not from the
parser.

**Bases** (oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep): a class (doors, windows,
walls, stairs, columns, slabs) on a storey of 8 shared models (count, list, yes / no, the storey of two with more).

**Positive kinds.**

============  ==========================================================================================
p_inflect     English inflections of words the parser knows ("I am needing", "stands", "contains" after
              "does", "is having", "showing")
p_order       the asking word last or in the middle ("the number is what?", "which are these?", "how many
              it has?", "where are more {cls}", "is what I need")
p_german      colloquial German ("wieviel", "gibts", "hats", "verbaut")
p_exist       existence asked in another order ("is one existing on {S} or not?", "exists any ...")
============  ==========================================================================================

**Decline kinds.**

============  ==========================================================================================
d_unknown     an inflected word whose lemma restricts and is no word the model or the parser holds
              ("rusting", "leaking", "squeaking", "painted ones")
d_order       the other word order with a restriction that cannot be read ("the broken ones are which?",
              "where are more damaged {cls}"), or a storey the model lacks
============  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``voice20_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_misses, seed  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model, count, elements, storeys, yes_no  # noqa: E402
from voice_forms import _GERMAN_NAME, ABSENT_STOREYS, CLASSES, MODELS, _bases, _others  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "voice20_cases.json"
OUT_HELD = HERE / "voice20_cases_b.json"
PER_KIND = 9
PER_KIND_HELD = 5
PER_DECLINE = 7
PER_DECLINE_HELD = 4
HOLD_EVERY = 3

# "FORM|text". FORM: count / list (the class on {S}), more2 (the storey of {S} and {S2} with more of the class), any
# (yes: the class is on {S}), none (no: {absent} is not on {S}, though the model may hold it elsewhere), decline.
# Slots as in voice_forms.py; {absent} / {absent_one}: a class of CLASSES the storey does not hold.
TEMPLATES: dict[str, list[str]] = {
    "p_inflect": [
        "count|The number of {cls} on {S} I am needing.",
        "list|What {cls} stands on {S}?",
        "count|How many {cls} does {S} contains?",
        "list|Which {cls} {S} is having?",
        "list|Showing me the {cls} on {S} please.",
        "count|How many {cls} {S} is containing?",
        "count|The count of {cls} on {S} I am wanting.",
        "list|What {cls} are standing on {S}?",
        "list|Listing the {cls} of {S}, which are they?",
    ],
    "p_order": [
        "count|{Cls} on {S} - the number is what?",
        "count|The number of {cls} on {S} is what I need.",
        "list|{Cls} on {S}, which are these?",
        "count|{S}: how many {cls} it has?",
        "more2|Is it {S} or {S2} where are more {cls}?",
        "list|The {cls} on {S} are which ones?",
        "count|On {S} the {cls} are how many?",
        "more2|{S} or {S2}, where are the more {cls}?",
        "count|How many {cls} on {S} there are?",
    ],
    "p_german": [
        "count_de|{S}: wieviel {cls_de} gibts dort?",
        "count_de|Wieviele {cls_de} sind {prep} {S} verbaut?",
        "count_de|{Cls_de} {prep} {S}, wieviel gibt es?",
        "count_de|Wie viel {cls_de} hats {prep} {S}?",
        "count_de|Wieviel {cls_de} gibt's {prep} {S}?",
        "list_de|Welche {cls_de} gibts {prep} {S}?",
        "count_de|Wieviel {cls_de} hat's {prep} {S}?",
        "list_de|{Cls_de} {prep} {S}, welche sind das?",
        "count_de|Anzahl {cls_de} {prep} {S} - wieviel sind es?",
    ],
    "p_exist": [
        "any|{Cls} - is one existing on {S} or not?",
        "none|{Absent} - is one existing on {S} or not?",
        "any|{S}: are there {cls} existing or not?",
        "none|Exists any {absent_one} on {S} or not?",
        "any|{Cls} on {S} are existing, yes or no?",
        "none|On {S} a {absent_one} is existing?",
    ],
    "d_unknown": [
        "decline|Which {cls} on {S} are rusting?",
        "decline|How many {cls} on {S} are leaking?",
        "decline|The {cls} on {S} which are squeaking, which are these?",
        "decline|{Cls} on {S} - the painted ones are which?",
        "decline|Count the {cls} on {S} which got replaced.",
        "decline|How many {cls} on {S} are needing repairs?",
    ],
    "d_order": [
        "decline|{Cls} on {S}, the broken ones, which are these?",
        "decline|{Cls} on {S} - the old ones are how many?",
        "decline|Is it {S} or {S2} where are more damaged {cls}?",
        "decline|{Cls} on {X}, how many it has?",
        "decline|{S}: how many cracked {cls} it has?",
        "decline|{Cls} on {X} - the number is what?",
    ],
}

_RULES = {
    "d_unknown": "decline: an inflected word restricts and its lemma is no word the model or the parser holds",
    "d_order": "decline: the other word order keeps a restriction that cannot be read, or names a storey the model "
               "lacks",
}
_FORM_RULES = {
    "count": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "count_de": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "list": "the class on the storey, storey-deep (people_oracles.Model): the elements",
    "list_de": "the class on the storey, storey-deep (people_oracles.Model): the elements",
    "more2": "the class on the two storeys, storey-deep: the storey with more (equal counts left out)",
    "any": "yes: the class is on the storey, storey-deep",
    "none": "no: the storey holds none of the class, storey-deep",
}


def _oracle(form: str, base: dict[str, Any], model: Model, s2: str | None, absent: str | None) -> dict[str, Any] | None:
    if form in ("count", "count_de"):
        return count(base["found"])
    if form in ("list", "list_de"):
        return elements(base["found"])
    if form == "more2":
        assert s2 is not None
        a, b = len(base["found"]), len(model.on(s2, base["ifc"]))
        return storeys([base["storey"] if a > b else s2]) if a != b else None
    if form == "any":
        return yes_no(bool(base["found"]))
    if form == "none":
        assert absent is not None
        return yes_no(bool(model.on(base["storey"], absent)))
    return {"type": "decline"}


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random) -> tuple[str, Any] | None:
    form, text = template.split("|", 1)
    if form.endswith("_de") and not _GERMAN_NAME.search(base["storey"]) and "{prep}" in text:
        return None  # "auf Level 1" is no German people write
    slots = {"cls": base["cls"], "Cls": base["cls"].capitalize(), "one": base["one"], "S": base["storey"],
             "cls_de": base["cls_de"], "Cls_de": base["cls_de"], "prep": base["prep"]}
    s2 = absent = None
    if "{S2}" in text:
        others = [o for o in _others(model, base["storey"]) if model.on(o, base["ifc"])]
        if not others:
            return None
        s2 = slots["S2"] = rng.choice(others)
    if "{Absent}" in text or "{absent_one}" in text:
        lacking = [c for c in CLASSES if c[3] != base["ifc"] and not model.on(base["storey"], c[3])]
        if not lacking:
            return None
        pick = rng.choice(lacking)
        absent = pick[3]
        slots["Absent"], slots["absent_one"] = pick[0].capitalize(), pick[1]
    if "{X}" in text:
        names = " ".join(model.storey_names()).lower()
        slots["X"] = rng.choice([x for x in ABSENT_STOREYS if x.lower() not in names])
    oracle = _oracle(form, base, model, s2, absent)
    if oracle is None:
        return None
    return text.format(**slots), oracle


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "voice20-held" if held else "voice20"
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
                got = _fill(template, base, models[fname], rng)
                if got is None:
                    continue
                text, oracle = got
                form = template.split("|", 1)[0]
                bid = f"{Path(fname).stem}:{base['storey']}:{base['cls']}"
                cases.append({
                    "id": f"voice20-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
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
