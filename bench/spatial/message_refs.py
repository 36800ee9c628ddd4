"""Message-reference bench (issue 22, round 13 ctx13): messages whose request points back at what an earlier
sentence set up, generated.

    python bench/spatial/message_refs.py [--ifc-dir ../shared/ifc] [--check]   # message_ref_cases.json + _b.json
    python bench/spatial/message_refs.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

people_tenth's form (c) (an e-mail or FM ticket with its context) scores 0.43, the weakest form. Many of its
messages set up a storey, a class or both in one sentence and ask in the next with a pronoun or an ellipsis:
"Level 2 gets new paint. How many doors are there?", "Re: Dachgeschoss windows - can you list them?",
"Subject: doors level 1 / how many do we have?", "Ticket #4411 - Location: Level 1 - Issue: door inspection",
"... the latter?". The kinds below were written first, from how e-mails, FM tickets and chat messages refer back
(greetings and signatures around them), not from the parser's vocabulary.

**Positive kinds** (exactly one antecedent of the kind the reference needs; oracle: the resolved question).

==============  =================================================================================================
r_place_there   a storey said in a context sentence, the request says "there" / "on that floor" / "up there"
r_thing_them    class and storey said in the context, the request says "them" / "those" / "how many are there"
r_subject       a subject / "Re:" line names class and storey, the body asks "how many do we have?" / "list them"
r_ticket        ticket fields ("Location: <S>", "Issue: <noun> inspection"), the request points back
r_wrapped       greeting and signature lines around a referring message ("Hi team," ... "Best, Anna",
                "Sent from my iPhone")
r_latter        two storeys named, the request says "the latter" / "the former"
r_which_of      the context's things, the request a qualifier on them ("Which of those are external?")
r_what_about    the context's things on one storey, the request "What about <S2>?" (the same things on S2)
==============  =================================================================================================

**Decline kinds** (the reference cannot be resolved; oracle: decline, nothing listed).

==============  =================================================================================================
d_two_places    two storeys in the context, the request says "that floor" / "there" (which one?)
d_two_things    two classes in different sentences, the request says "them" / "those" (which ones?)
d_missing       the context names a storey the model lacks ("Level 7"), the request says "there"
d_none          nothing in the message for the reference to stand for ("How many are on that floor?", "and on
                <S>?" with no subject anywhere, "the latter" with one storey)
d_modifier      the context says which of the things with a word not understood ("The broken doors on <S> ...
                How many are there?"): round 11's rule, the request declines
==============  =================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (storey-deep, class with subtypes) and
``ifcopenshell.util.element.get_psets`` (IsExternal: the explicit value TRUE in the class's common set, occurrence
over type). **Held-back part**: every third template of each kind, drawn with another seed, goes only into
``message_ref_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_bench import bench_main  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "message_ref_cases.json"
OUT_HELD = HERE / "message_ref_cases_b.json"
PER_KIND = 10
PER_KIND_HELD = 5
HOLD_EVERY = 3  # templates with index % 3 == 2 are held back

MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc",
          "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc", "AC11-FZK-Haus-IFC.ifc"]
# class noun -> IFC class (with subtypes); the singular for subject lines
NOUNS = {"doors": ("IfcDoor", "door"), "windows": ("IfcWindow", "window"), "walls": ("IfcWall", "wall"),
         "columns": ("IfcColumn", "column"), "slabs": ("IfcSlab", "slab")}
# storeys no shared model has, in the style of the model's own names
MISSING = {"Level": "Level 7", "geschoss": "3. Obergeschoss", "OG": "5.OG", "Floor": "4thFloor"}

# {S}, {S2}: storeys of the model; {noun}, {noun2}: class nouns (plural); {one}: the singular; {X}: a storey the
# model lacks
TEMPLATES: dict[str, list[str]] = {
    "r_place_there": [
        "We're checking {S} this week. How many {noun} are there?",
        "The inspector visits {S} on Monday. Which {noun} are on that floor?",
        "Painters start on {S} tomorrow. Can you list the {noun} up there?",
        "Hi, I'm on {S} right now. How many {noun} are on this level?",
        "Our tenant moves into {S} in May. Please list the {noun} on that storey.",
        "Cleaning crew is on {S} today - how many {noun} are there?",
    ],
    "r_thing_them": [
        "The {noun} on {S} are being inspected next week. How many of them are there?",
        "We are repainting the {noun} on {S}. Can you list them?",
        "The {noun} on {S} get checked on Friday. Which ones are they?",
        "I'm doing the {noun} on {S} tomorrow. How many are there?",
        "The {noun} on {S} were serviced last year. Please list those.",
        "Re-plastering of the {noun} on {S} starts Monday. How many of these are there?",
    ],
    "r_subject": [
        "Subject: {noun} {S}\n\nHi, how many do we have?",
        "Re: {S} {noun} - can you list them?",
        "Betreff: {noun} {S}\nHow many are there?",
        "Subject: {one} count {S}\nHow many {noun} are there?",
        "RE: {noun} on {S}\nCould you list them please?",
        "Fwd: {S} {noun}\n\nhow many do we have?",
    ],
    "r_ticket": [
        "Ticket #4411 - Location: {S} - Issue: {one} inspection\nHow many {noun} are there?",
        "Ticket 2207\nLocation: {S}\nIssue: {one} maintenance\nPlease list the {noun} there.",
        "FM ticket #318 - Location: {S}. How many {noun} are on that floor?",
        "Work order 77 - Location: {S} - Task: {one} check. Which {noun} are there?",
        "Ticket #90\nLocation: {S}\nHow many {noun} are there?",
        "Ticket #5120 - Location: {S} - Issue: {one} survey. List the {noun} on that level.",
    ],
    "r_wrapped": [
        "Hi team,\nwe're checking the {noun} on {S} this week. How many are there?\nBest, Anna",
        "Hello,\nthe {noun} on {S} get repainted soon. Can you list them?\nThanks, Tom\nSent from my iPhone",
        "Dear all,\nI'm on {S} tomorrow. How many {noun} are there?\nKind regards,\nPetra",
        "Hi,\nthe cleaners do {S} on Monday. Which {noun} are on that floor?\nCheers, Ben",
        "Good morning,\nwe're servicing the {noun} on {S}. Please list them.\nBest regards\nMaren",
        "Hi Sam,\nsurvey of {S} next week. How many {noun} are up there?\nSent from my iPhone",
    ],
    "r_latter": [
        "{S2} and {S} get new paint this year. How many {noun} are on the latter?",
        "{S} and {S2} are next on the list. How many {noun} are on the former?",
        "We're surveying {S2} and then {S}. Please list the {noun} on the latter.",
    ],
    "r_which_of": [
        "The {noun} on {S} are being inspected next week. Which of those are external?",
        "We are repainting the {noun} on {S}. How many of them are external?",
        "The {noun} on {S} get checked on Friday. Which of them are external?",
    ],
    "r_what_about": [
        "We did the {noun} on {S2} last week. What about {S}?",
        "The {noun} on {S2} are done. And on {S}?",
        "Thanks for the {noun} on {S2}. How about {S}?",
    ],
    "d_two_places": [
        "We're checking {S} and {S2} this week. How many {noun} are on that floor?",
        "The inspector visits {S} on Monday and {S2} on Tuesday. Which {noun} are there?",
        "Painters start on {S}, then {S2}. How many {noun} are on that level?",
    ],
    "d_two_things": [
        "We replaced the {noun} on {S} last year. The {noun2} are next. How many of them are there?",
        "The {noun} on {S} are done. The {noun2} get checked on Friday. Can you list them?",
        "We are repainting the {noun} on {S}. The {noun2} follow in May. Which ones are they?",
    ],
    "d_missing": [
        "We're checking {X} this week. How many {noun} are there?",
        "The inspector visits {X} on Monday. Which {noun} are on that floor?",
        "Ticket #4411 - Location: {X} - Issue: {one} inspection\nHow many {noun} are there?",
    ],
    "d_none": [
        "The inspector comes on Monday. How many {noun} are on that floor?",
        "And on {S}?",
        "{S} gets new paint this year. How many {noun} are on the latter?",
        "Same question for {S}.",
        "Hi, quick one. Can you list the ones you mentioned?",
        "What about {S}?",
    ],
    "d_modifier": [
        "The broken {noun} on {S} will be replaced. How many are there?",
        "Some {noun} on {S} were painted red. Can you list them?",
        "We need the new {noun} on {S}. How many of them are there?",
    ],
}


def _external(e: Any) -> bool:
    """IsExternal explicitly TRUE in the element's own or its type's common property set."""
    for cls in ("IfcDoor", "IfcWindow", "IfcWall", "IfcColumn", "IfcSlab"):
        if e.is_a(cls):
            return ue.get_pset(e, f"Pset_{cls[3:]}Common", "IsExternal") is True
    return False


def _missing(storeys: list[str]) -> str:
    for key, name in MISSING.items():
        if any(key in s for s in storeys):
            return name
    return "Level 7"


def fill(template: str, kind: str, model: Model, rng: random.Random) -> tuple[str, dict[str, Any], str] | None:
    """The message, its oracle and the oracle's rule, or None when the model does not fit the template."""
    names = [s for s in model.storey_names() if s]
    storeys = sorted(s for s in names if names.count(s) == 1)
    nouns = sorted(NOUNS)
    noun = rng.choice(nouns)
    cls, one = NOUNS[noun]
    on = {s: model.on(s, cls) for s in storeys}
    have = [s for s in storeys if on[s]]
    if not have:
        return None
    s = rng.choice(have)
    others = [x for x in storeys if x != s and s.lower() not in x.lower() and x.lower() not in s.lower()]
    slots = {"S": s, "noun": noun, "one": one, "X": _missing(names)}
    if "{S2}" in template:
        if not others:
            return None
        slots["S2"] = rng.choice(others)
    if "{noun2}" in template:
        slots["noun2"] = rng.choice([n for n in nouns if n != noun])
    text = template.format(**slots)
    mine = on[s]
    if kind.startswith("d_"):
        return text, {"type": "decline"}, f"{kind}: the reference has no single antecedent, or the context narrows"
    count = "how many" in text.lower() or "How many" in text
    if kind == "r_which_of":
        keep = [e for e in mine if _external(e)]
        if not keep or len(keep) == len(mine):
            return None
        mine = keep
        rule = f"{cls} on {s} (storey-deep) with IsExternal = TRUE (own or type common pset)"
    else:
        rule = f"{cls} on {s} (storey-deep, with subtypes)"
    guids = sorted(e.GlobalId for e in mine)
    if count:
        return text, {"type": "count", "value": len(guids), "guids": guids}, "count of " + rule
    return text, {"type": "elements", "guids": guids}, rule


_KIND = {"r_": "storey_class", "d_": "edge"}  # spatial-bench's kinds (a qualifier on the things: qualifiers)


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models = {name: Model(ifc_dir / name) for name in MODELS}
    cases: list[dict[str, Any]] = []
    salt = "ctx13-held" if held else "ctx13"
    quota = PER_KIND_HELD if held else PER_KIND
    for kind, templates in TEMPLATES.items():
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        taken = 0
        seen: set[str] = set()
        for attempt in range(200):
            if taken == quota:
                break
            rng = random.Random(_seed(salt, kind, str(attempt)))
            i, template = mine[attempt % len(mine)]
            name = MODELS[rng.randrange(len(MODELS))]
            got = fill(template, kind, models[name], rng)
            if got is None or (got[0], name) in {(c["query"], c["ifc_filename"]) for c in cases}:
                continue
            text, oracle, rule = got
            if text in seen:
                continue
            seen.add(text)
            cases.append({"id": f"ref-{kind}-{taken:02d}", "query": text, "ifc_filename": name,
                          "kind": _KIND[kind[:2]] if kind != "r_which_of" else "qualifiers",
                          "message": kind, "template": template, "oracle": oracle,
                          "oracle_rule": rule, "source": "ifcopenshell"})
            taken += 1
    return cases


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        case = cases[r["id"]]
        group = "positive" if case["message"].startswith("r_") else "decline"
        for key in (case["message"], group, "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
        if r["score"] < 1.0:
            misses.append(f"- {case['message']} {r['id']} {case['ifc_filename']} ({r['score']:.2f}"
                          f"{', declined' if r['declined'] else ''}): {r['query']!r} -> {(r['answer'] or '')[:140]!r}")
    lines = ["| kind | n | mean score | right | declined | wrong (answered, not the oracle) |",
             "|---|---:|---:|---:|---:|---:|"]
    for key in (*TEMPLATES, "positive", "decline", "all"):
        row = rows.get(key)
        if row:
            lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                         f"{int(row['declined'])} | {int(row['wrong'])} |")
    return "\n".join([*lines, "", "Misses:", *misses])


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    return f"{len(cases)} cases -> {path}"


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, _summary, DEFAULT_IFC_DIR, argv, report=report,
                      report_help="per-kind table of a spatial-bench run",
                      check_help="exit 1 when the committed cases differ",
                      differs="differs from what the script computes", label=lambda p: p.name,
                      check_first=True, report_metavar="RUN_DIR")


if __name__ == "__main__":
    sys.exit(main())
