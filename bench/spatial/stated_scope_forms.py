"""Stated-scope bench (issue 22, round 18 back18): a scope said in a STATEMENT, then a question pointing back at it.

    python bench/spatial/stated_scope_forms.py [--ifc-dir ../shared/ifc] [--check]   # stated_scope_cases(_b).json
    python bench/spatial/stated_scope_forms.py --report RUN_DIR [--held]              # per kind, from a run

People first say which part of the building they mean, in a statement (a mail, a ticket, a chat line, a memo),
and then ask with a pointer: "the new signs are only for 1.OG and 2.OG; the EG keeps the old ones. How many doors
is that?", "He does the Keller and the Erdgeschoss first - how many windows is that in total?", "We only care
about the internal ones: which doors on Level 2 are those?", "every room on Level 1 apart from the bathrooms.
Which rooms are those?". The statement's scope (storeys, a qualifier, an exclusion; storeys named only to be set
aside: "the EG keeps the old ones", "2.OG next year", "(not the Dachgeschoss)") must be applied exactly, or the
question declines. The kinds were written from how such messages are phrased, before any code.

**Positive kinds** (oracle: the statement's scope applied to the request's class).

==============  =================================================================================================
s_two_storeys   two storeys in the statement (a third named only to be set aside), "how many X is that",
                "on those two floors combined", "Which X are those?", "Wie viele X sind das?"
s_one_storey    one storey in the statement ("We only care about S", "Nur S wird gestrichen"), the request
                "is that" / "in it" / "dort" / "there"
s_qualifier     "the internal / external ones" (or "the external X") in the statement, the request "which X on S
                are those" / "how many X on S is that" (IsExternal explicit in the class's common set)
s_rooms_except  every room on S "apart from / except / other than / besides / außer" a room word, the request
                "Which rooms are those?", "how many rooms is that", "list them"
s_not_storey    "i.e." / parenthesis lists with the storey excluded: "the upper floors only, i.e. A and B (not C)",
                "A and B, not C", "We skip C; A and B get ..."
s_need          a need said as a statement, the request points back: "I need the X on S. What does the model say?"
==============  =================================================================================================

**Decline kinds** (oracle: decline, nothing listed).

=============== ================================================================================================
d_two_scopes    two statements each name a scope, the request "is that" / "those" could mean either
d_contradicts   the statement's storeys and the request's own storey disagree ("only EG ... which doors on 1.OG
                are those?")
d_ungrounded    the statement restricts by words the model cannot ground ("the broken ones", "the ones we
                refurbished in 2015", "die defekten")
d_missing       the statement names a storey the model lacks
=============== ================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (storey-deep, class with subtypes; spaces on S whose
Name / LongName hold the room word, case-insensitive) and ``ifcopenshell.util.element.get_pset`` (IsExternal
explicitly TRUE / FALSE in ``Pset_<Class>Common``, occurrence over type; a qualifier case is drawn only where every
element in scope records the value). **Held-back part**: every third template of each kind, drawn with another
seed, goes only into ``stated_scope_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_bench import bench_main, report_table  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "stated_scope_cases.json"
OUT_HELD = HERE / "stated_scope_cases_b.json"
PER_KIND = 9
PER_KIND_HELD = 4
HOLD_EVERY = 3  # templates with index % 3 == 2 are held back

MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc",
          "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc", "AC11-FZK-Haus-IFC.ifc"]
# class noun -> (IFC class, German plural)
NOUNS = {"doors": ("IfcDoor", "Türen"), "windows": ("IfcWindow", "Fenster"), "walls": ("IfcWall", "Wände")}
QUALIFIERS = {"external": (True, "internal", "außenliegenden"), "internal": (False, "external", "innenliegenden")}
# model -> room words (as written in the message, the text the space's Name / LongName holds)
ROOMS: dict[str, list[tuple[str, str]]] = {
    "Duplex_A_20110907.ifc": [("bathrooms", "bathroom"), ("kitchen", "kitchen"), ("bedrooms", "bedroom"),
                              ("foyer", "foyer"), ("hallway", "hallway")],
    "ExampleHOM.ifc": [("kitchen", "kitchen"), ("corridors", "corridor"), ("bedroom", "bedroom")],
    "Ifc4_SampleHouse.ifc": [("bedroom", "bedroom"), ("living room", "living room")],
    "AC11-Institute-Var-2-IFC.ifc": [("WCs", "wc"), ("Labore", "labor"), ("Flure", "flur")],
    "AC20-FZK-Haus.ifc": [("Küche", "küche"), ("Flur", "flur"), ("Bad", "bad")],
    "AC11-FZK-Haus-IFC.ifc": [("Küche", "küche"), ("Flur", "flur"), ("Bad", "bad")],
}
MISSING = {"Level": "Level 7", "geschoss": "3. Obergeschoss", "OG": "5.OG", "Floor": "4thFloor"}

# {S}, {S1}, {S2}, {S3}: storeys of the model (S1, S2 hold the class; S3 another storey); {noun} English plural;
# {de} German plural; {q} / {nq} a qualifier and its opposite, {qde} German; {room} a room word; {X} a storey the
# model lacks
TEMPLATES: dict[str, list[str]] = {
    "s_two_storeys": [
        "the new signs are only for {S1} and {S2}; {S3} keeps the old ones. How many {noun} is that?",
        "He does {S1} and {S2} first - how many {noun} is that in total?",
        "we do {S1} and {S2} now, {S3} next year. how many {noun} on those two floors combined?",
        "Cleaning contract covers {S1} and {S2} only. Which {noun} are those?",
        "Wir machen zuerst {S1} und {S2}. Wie viele {de} sind das?",
        "Memo: {S1} and {S2} get new blinds, {S3} was done in 2019. Number of {noun} on those two floors?",
        "Hi Tom, the painters take {S1} and {S2} this month. Can you list the {noun} on those floors?",
        "Ticket 3311 - scope: {S1} and {S2}. How many {noun} is that?",
        "We start with {S1} and {S2}, {S3} comes later. how many {noun} are those in total?",
    ],
    "s_one_storey": [
        "We only care about {S}. How many {noun} is that?",
        "Die Reinigung betrifft nur {S}. Wie viele {de} sind dort?",
        "Our scope is {S} only - which {noun} are in it?",
        "Only {S} is in the tender. How many {noun} is that?",
        "fyi the survey covers {S} only. pls list the {noun} there",
        "Nur {S} wird gestrichen. Welche {de} sind das?",
    ],
    "s_qualifier": [
        "We only care about the {q} ones: which {noun} on {S} are those?",
        "the insulation covers only the {q} {noun}, the {nq} ones are not part of it. Which {noun} on {S} are those?",
        "Only the {q} {noun} matter: how many {noun} on {S} is that?",
        "New locks go on the {q} {noun} only. How many {noun} on {S} is that?",
        "Es geht nur um die {qde} {de}. Welche {de} im {S} sind das?",
        "pls only the {q} {noun} - which ones on {S} are those?",
    ],
    "s_rooms_except": [
        "the vinyl goes into every room on {S} apart from the {room}, those get tiles. Which rooms on {S} are those?",
        "all {S} rooms except the {room}. Which rooms are those?",
        "New carpets for every room on {S} other than the {room}. How many rooms is that?",
        "We repaint the rooms on {S} besides the {room}. List them please.",
        "Blinds for all rooms on {S} excluding the {room}: how many rooms is that?",
        "every room on {S} gets a sensor, apart from the {room}. which rooms are those?",
    ],
    "s_not_storey": [
        "film goes on two floors only, i.e. {S1} and {S2} (not {S3}). How many {noun} is that?",
        "The audit is about {S1} and {S2}, not {S3}. Which {noun} are those?",
        "Scope = {S1} and {S2} (i.e. not {S3}). how many {noun} is that?",
        "Die Folie kommt nur auf {S1} und {S2} (nicht {S3}). Wie viele {de} sind das?",
        "We skip {S3}; {S1} and {S2} get the new film. How many {noun} is that?",
        "new handles on {S1} and {S2} but not on {S3} - which {noun} are those?",
    ],
    "s_need": [
        "I need the {noun} on {S}. What does the model say?",
        "I need the number of {noun} on {S} - what does the model have?",
        "Ich brauche die Anzahl der {de} im {S}. Was sagt das Modell?",
        "We need to know how many {noun} there are on {S}. Can you check that?",
        "I need a list of the {noun} on {S}. What does the model say?",
        "For the quote I need the count of {noun} on {S}. Can you give me that?",
    ],
    "d_two_scopes": [
        "{S1} gets new paint. {S2} gets new carpets. How many {noun} is that?",
        "The painters do {S1} on Monday. The electricians do {S2} on Friday. Which {noun} are those?",
        "{S1} is done. {S2} starts next week. Which {noun} are those?",
        "Die Maler machen {S1}. Die Elektriker machen {S2}. Wie viele {de} sind das?",
    ],
    "d_contradicts": [
        "We only do {S1} this year. Which {noun} on {S2} are those?",
        "the new signs are only for {S1}. How many {noun} on {S2} is that?",
        "Die Reinigung betrifft nur {S1}. Welche {de} im {S2} sind das?",
        "Scope is {S1} only - how many {noun} on {S2} is that?",
    ],
    "d_ungrounded": [
        "We only care about the broken ones: which {noun} on {S} are those?",
        "Only the {noun} we refurbished in 2015 matter. How many {noun} on {S} is that?",
        "Nur die defekten {de} werden getauscht. Wie viele {de} im {S} sind das?",
        "The fire-damaged {noun} on {S} get replaced. Which ones are those?",
        "We only care about the squeaky ones: how many {noun} on {S} is that?",
        "only the repainted {noun} count. which {noun} on {S} are those?",
    ],
    "d_missing": [
        "the new signs are only for {S} and {X}. How many {noun} is that?",
        "We do {X} first - how many {noun} is that?",
        "Scope: {X} only. Which {noun} are those?",
        "Wir machen nur {X}. Wie viele {de} sind das?",
    ],
}


def _ext(e: Any, cls: str) -> Any:
    return ue.get_pset(e, f"Pset_{cls[3:]}Common", "IsExternal")


def _missing(storeys: list[str]) -> str:
    for key, name in MISSING.items():
        if any(key in s for s in storeys):
            return name
    return "Level 7"


def _room_has(space: Any, word: str) -> bool:
    return any(word in (t or "").casefold() for t in (space.Name, space.LongName))


def fill(template: str, kind: str, model: Model, name: str, rng: random.Random
         ) -> tuple[str, dict[str, Any], str] | None:
    """The message, its oracle and the oracle's rule, or None when the model does not fit the template."""
    names = [s for s in model.storey_names() if s]
    storeys = [s for s in names if names.count(s) == 1]
    noun = rng.choice(sorted(NOUNS))
    cls, de = NOUNS[noun]
    on = {s: model.on(s, cls) for s in storeys}
    have = [s for s in storeys if on[s]]
    slots: dict[str, str] = {"noun": noun, "de": de, "X": _missing(names)}
    count = any(w in template.lower() for w in ("how many", "wie viele", "number of", "count", "anzahl"))
    if kind == "s_rooms_except":
        words = ROOMS.get(name)
        if not words:
            return None
        room, stem = rng.choice(words)
        with_rooms = [s for s in storeys if (sp := model.on(s, "IfcSpace")) and any(_room_has(x, stem) for x in sp)
                      and not all(_room_has(x, stem) for x in sp)]
        if not with_rooms:
            return None
        s = rng.choice(with_rooms)
        keep = [x for x in model.on(s, "IfcSpace") if not _room_has(x, stem)]
        text = template.format(S=s, room=room)
        guids = sorted(x.GlobalId for x in keep)
        rule = f"IfcSpace on {s} whose Name / LongName lacks {stem!r}"
        if count:
            return text, {"type": "count", "value": len(guids), "guids": guids}, "count of " + rule
        return text, {"type": "elements", "guids": guids}, rule
    if kind in ("s_two_storeys", "s_not_storey", "d_two_scopes", "d_contradicts") or "{S1}" in template:
        if len(have) < (1 if kind == "d_contradicts" else 2):
            return None
        s1, s2 = sorted(rng.sample(have, 2)) if len(have) >= 2 else (have[0], "")
        if kind == "d_contradicts":
            rest = [x for x in storeys if x != s1]
            if not rest:
                return None
            s2 = rng.choice(rest)
        slots.update(S1=s1, S2=s2)
        if "{S3}" in template:
            rest = [x for x in storeys if x not in (s1, s2)]
            if not rest:
                return None
            slots["S3"] = rng.choice(rest)
        text = template.format(**slots)
        if kind.startswith("d_"):
            return text, {"type": "decline"}, f"{kind}: the pointer has no single scope, or it contradicts the question"
        mine = on[s1] + on[s2]
        rule = f"{cls} on {s1} and {s2} (storey-deep, with subtypes)"
    else:
        if not have:
            return None
        s = rng.choice(have)
        slots["S"] = s
        mine = on[s]
        rule = f"{cls} on {s} (storey-deep, with subtypes)"
        if kind == "s_qualifier":
            q = rng.choice(sorted(QUALIFIERS))
            value, nq, qde = QUALIFIERS[q]
            values = [_ext(e, cls) for e in mine]
            if any(v is None for v in values) or value not in values:
                return None
            mine = [e for e, v in zip(mine, values, strict=True) if v is value]
            slots.update(q=q, nq=nq, qde=qde)
            rule += f" with Pset_{cls[3:]}Common.IsExternal = {str(value).upper()}"
        text = template.format(**slots)
        if kind.startswith("d_"):
            return text, {"type": "decline"}, f"{kind}: the statement restricts by words not grounded, or names " \
                "a storey the model lacks"
    guids = sorted(e.GlobalId for e in mine)
    if count:
        return text, {"type": "count", "value": len(guids), "guids": guids}, "count of " + rule
    return text, {"type": "elements", "guids": guids}, rule


_KIND = {"s_qualifier": "qualifiers", "s_rooms_except": "rooms"}


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models = {name: Model(ifc_dir / name) for name in MODELS}
    cases: list[dict[str, Any]] = []
    salt = "back18-held" if held else "back18"
    quota = PER_KIND_HELD if held else PER_KIND
    for kind, templates in TEMPLATES.items():
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        taken = 0
        seen: set[str] = set()
        for attempt in range(300):
            if taken == quota:
                break
            rng = random.Random(_seed(salt, kind, str(attempt)))
            _, template = mine[attempt % len(mine)]
            name = MODELS[rng.randrange(len(MODELS))]
            got = fill(template, kind, models[name], name, rng)
            if got is None or (got[0], name) in seen:
                continue
            text, oracle, rule = got
            seen.add((text, name))
            cases.append({"id": f"scope-{kind}-{taken:02d}", "query": text, "ifc_filename": name,
                          "kind": _KIND.get(kind, "edge" if kind.startswith("d_") else "storey_class"),
                          "message": kind, "template": template, "oracle": oracle,
                          "oracle_rule": rule, "source": "ifcopenshell"})
            taken += 1
    return cases


def report(run: Path, cases_path: Path) -> str:
    """Per-kind table of a spatial-bench run (``generated_bench.report_table``), then its misses."""
    return report_table(run, cases_path, "message", TEMPLATES, lambda kind: kind.startswith("s_"), "decline")


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
