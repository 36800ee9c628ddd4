"""Follow-up bench (issue 22, round 14 follow14): one message, a question and its follow-up, generated.

    python bench/spatial/follow_ups.py [--ifc-dir ../shared/ifc] [--check]   # follow_up_cases.json + _b.json
    python bench/spatial/follow_ups.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People ask a question and, in the same message, say it again another way or narrow it: "How many windows on EG?
Which ones?", "Which floors have radiators? Just the floor names please.", "List the walls on Level 2. Only the
external ones.", "What's in room 101? Just the furniture.", "Any columns on the 2. OG? If so how many?", "Wo gibt es
überall Fenster? Welche Geschosse?". The second sentence is one of three things, and the kinds below are written from
how people write e-mails, chat and FM tickets (English, German, chat shorthand), not from the parser's vocabulary:

**(a) the same request in another view** (count / list / storeys / names): answered once, in the view the follow-up
asks (the oracle is that view; the answer may give both).

==============  =================================================================================================
same_list       a count or yes/no, then "Which ones?" / "Can you list them too?" / "If so, which ones?": elements
same_count      a list or yes/no, then "How many?" / "If so how many?" / "Just give me the number.": count
same_storeys    "Where are the X?" / "Which floors have X?", then "Which storey?" / "Just the floor names please."
                / "Floor names only.": the storeys holding X
same_names      "Which rooms are on S?" / "Which X are on S?", then "Names only." / "Just the names.": elements
same_german     the same in German: "Wo gibt es überall Fenster? Welche Geschosse?", "Gibt es Stützen im 1.OG?
                Wenn ja, wie viele?", "Wie viele Türen hat das EG? Welche?", "Welche Räume liegen im EG? Nur die
                Namen bitte."
same_chat       chat forms: "doors on level 2?? how many", "quick q: any X on S? if so which", "where r the X?
                what floor"
==============  =================================================================================================

**(b) a narrowing of the first**: applied (the oracle is the narrowed request).

==============  =================================================================================================
narrow_qual     "List the X on S. Only the external ones." / "How many walls on S? Just the load-bearing ones."
                (IsExternal / LoadBearing explicitly TRUE in the class's common set, occurrence over type)
narrow_not      "Which X are on S? Not the external ones." / "Leave out the external ones." (IsExternal
                explicitly FALSE; only where every X asked records it, so "not TRUE" and "FALSE" are one set)
narrow_class    "What's on S? Just the windows." / "What is in room R? Only the furniture." (contained in the
                space, IfcRelContainedInSpatialStructure)
narrow_german   "Welche Wände sind im EG? Nur die tragenden.", "Was ist im Raum Wohnen? Nur die Möbel.", "Was
                gibt es im EG? Nur die Fenster."
==============  =================================================================================================

**(c) declines**: nothing may be listed or counted.

==============  =================================================================================================
d_other         a different question: another class or aggregate ("Which doors are on S? Which floor has the
                most windows?", "How many X on S? How many Y?"), a part of the things asked as its own question
                ("X on S - how many, and which are external?", "How many X on S? Which of them are external?")
d_unground      a narrowing the model cannot ground: "Only the broken ones.", "Just the damaged ones pls", "Nur
                die defekten." (premise: the file's text holds no such word)
d_place         a narrowing to a place the model lacks: "Which X are there? Only on Level 7.", "Just the ones in
                the east wing."
==============  =================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (storey-deep, class with subtypes; spaces lead to
their storey through IfcRelAggregates). **Held-back part**: every third template of each kind (index % 3 == 2),
drawn with another seed, goes only into ``follow_up_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "follow_up_cases.json"
OUT_HELD = HERE / "follow_up_cases_b.json"
PER_KIND = 12
PER_KIND_HELD = 6
HOLD_EVERY = 3  # templates with index % 3 == 2 are held back

MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc",
          "KIT-EDC_with_SB.ifc", "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc"]
GERMAN_MODELS = {"AC20-FZK-Haus.ifc", "AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc"}
# class noun -> (IFC class with subtypes, German noun, common property set of its booleans)
NOUNS: dict[str, tuple[str, str, str | None]] = {
    "doors": ("IfcDoor", "Türen", "Pset_DoorCommon"),
    "windows": ("IfcWindow", "Fenster", "Pset_WindowCommon"),
    "walls": ("IfcWall", "Wände", "Pset_WallCommon"),
    "slabs": ("IfcSlab", "Decken", "Pset_SlabCommon"),
    "columns": ("IfcColumn", "Stützen", "Pset_ColumnCommon"),
    "furniture": ("IfcFurnishingElement", "Möbel", None),
}
# storey-holding things for "where are the X" (stairs only here: their storeys are all that is asked)
WHERE_NOUNS = {**{k: v[0] for k, v in NOUNS.items()}, "stairs": "IfcStair"}
WHERE_DE = {"doors": "Türen", "windows": "Fenster", "walls": "Wände", "columns": "Stützen", "furniture": "Möbel",
            "stairs": "Treppen", "slabs": "Decken"}
# qualifier word -> (property, English "only" phrase, German "nur" phrase)
QUALS = {"external": ("IsExternal", "the external ones", "die außenliegenden"),
         "load-bearing": ("LoadBearing", "the load-bearing ones", "die tragenden")}
# words a narrowing may say that no shared model's text holds (checked per model: a word found is not used)
UNGROUNDED = ["broken", "damaged", "cracked", "squeaky", "rusty", "dirty"]
UNGROUNDED_DE = ["defekten", "beschädigten", "kaputten", "verschmutzten"]
MISSING = {"Level": "Level 7", "geschoss": "3. Obergeschoss", "OG": "5.OG", "Floor": "4thFloor"}

# {S}: a storey of the model; {noun} / {Noun}: an English class noun (lower / capitalised); {de}: its German noun;
# {noun2}: another class noun; {Q}: the "only" phrase of a qualifier ({q}: the adjective);
# {R}: a room ("room 101", "Galerie"; {Rl}: its label alone);
# {bad} / {bad_de}: a word the model's text does not hold; {X}: a storey the model lacks
TEMPLATES: dict[str, list[str]] = {
    "same_list": [
        "How many {noun} on {S}? Which ones?",
        "How many {noun} are there on {S}? Can you list them too?",
        "Are there any {noun} on {S}? If so, which ones?",
        "{Noun} on {S} - how many? And which ones exactly?",
        "How many {noun} does {S} have? Please list them as well.",
        "Any {noun} on {S}? If yes pls list them",
    ],
    "same_count": [
        "Which {noun} are on {S}? How many?",
        "List the {noun} on {S}. How many are there in total?",
        "Any {noun} on {S}? If so how many?",
        "Which {noun} are on {S}? Just give me the number.",
        "Are there {noun} on {S}? If yes, how many?",
        "What {noun} are on {S}? How many is that?",
    ],
    "same_storeys": [
        "Where are the {wnoun}? Which storey?",
        "Which floors have {wnoun}? Just the floor names please.",
        "Are there {wnoun} in the building? On which floors?",
        "Where are the {wnoun} located? Which levels?",
        "Where can I find {wnoun}? Just the storeys please.",
        "Where are the {wnoun}? Floor names only.",
    ],
    "same_names": [
        "Which rooms are on {S}? Names only.",
        "List the rooms on {S}. Just the names please.",
        "Which {noun} are on {S}? Just the names.",
        "What rooms does {S} have? Only the names.",
        "List the {noun} on {S} - names only.",
        "Which spaces are on {S}? I only need the names.",
    ],
    "same_german": [
        "Wo gibt es überall {wde}? Welche Geschosse?",
        "Wie viele {de} gibt es im {S}? Welche?",
        "Gibt es {de} im {S}? Wenn ja, wie viele?",
        "Welche {de} sind im {S}? Wie viele?",
        "Welche Räume liegen im {S}? Nur die Namen bitte.",
        "Wo sind die {wde}? Nur die Geschosse bitte.",
        "Wie viele {de} hat das {S}? Und welche sind das?",
        "Gibt es {de} im {S}? Wenn ja, welche?",
        "Wo finde ich {wde}? In welchen Geschossen?",
    ],
    "same_chat": [
        "{noun} on {S}?? how many",
        "hey, which {noun} are on {S}? and how many pls",
        "where r the {wnoun}? what floor",
        "quick q: any {noun} on {S}? if so which",
        "{noun} {S}? how many thx",
        "ok so which {noun} are on {S}... just the count",
    ],
    "narrow_qual": [
        "List the {noun} on {S}. Only {Q}.",
        "How many {noun} on {S}? Only {Q} please.",
        "Which {noun} are on {S}? Just {Q}.",
        "{Noun} on {S}? only {Q}",
        "How many {noun} are on {S}? Just count {Q}.",
        "Can you list the {noun} on {S}? Only {Q}, thanks.",
    ],
    "narrow_not": [
        "Which {noun} are on {S}? Not the external ones.",
        "List the {noun} on {S}. Leave out the external ones.",
        "How many {noun} are on {S}? Without the external ones.",
        "{Noun} on {S}? not the external ones pls",
        "Which {noun} are on {S}? Excluding the external ones.",
        "How many {noun} on {S}? Don't count the external ones.",
    ],
    "narrow_class": [
        "What's on {S}? Just the {noun}.",
        "What is in {R}? Only the furniture.",
        "What is on {S}? Only the {noun} please.",
        "List everything on {S}. Just the {noun} though.",
        "What's in the {R}? Just the furniture please.",
        "Which elements are on {S}? Only the {noun}.",
    ],
    "narrow_german": [
        "Welche {de} sind im {S}? Nur {Q_de}.",
        "Was ist im Raum {Rl}? Nur die Möbel.",
        "Was gibt es im {S}? Nur die {de}.",
        "Wie viele {de} gibt es im {S}? Nur {Q_de} bitte.",
        "Was steht im Raum {Rl}? Nur die Möbel bitte.",
        "Was befindet sich im {S}? Nur die {de}, bitte.",
    ],
    "d_other": [
        "Which {noun} are on {S}? Which floor has the most {noun2}?",
        "{Noun} on {S} - how many, and which are external?",
        "How many {noun} on {S}? Which of them are external?",
        "How many {noun} on {S}? How many {noun2}?",
        "Which {noun} are on {S}? And which rooms are on {S2}?",
        "Wie viele {de} gibt es im {S}? Welche davon sind außen?",
    ],
    "d_unground": [
        "List the {noun} on {S}. Only the {bad} ones.",
        "How many {noun} on {S}? Just the {bad} ones.",
        "Welche {de} sind im {S}? Nur die {bad_de}.",
        "{Noun} on {S}? just the {bad} ones pls",
        "Which {noun} are on {S}? Only those that are {bad}.",
        "What is on {S}? Only the {bad} {noun}.",
    ],
    "d_place": [
        "Which {noun} are there? Only on {X}.",
        "How many {noun} are in the building? Just the ones on {X}.",
        "List the {noun}. Only the ones in the east wing.",
        "Where are the {noun}? Only {X} please.",
        "How many {noun}? Just on {X}.",
        "Which {noun} are in the model? Only those in the north tower.",
    ],
}
GERMAN_ONLY = {"same_german", "narrow_german"}


def _flag(e: Any, prop: str) -> bool | None:
    """The boolean ``prop`` of the class's common set (occurrence over type), None when not recorded."""
    for cls, _de, pset in NOUNS.values():
        if pset is not None and e.is_a(cls):
            value = ue.get_pset(e, pset, prop)
            return value if isinstance(value, bool) else None
    return None


def _missing(storeys: list[str]) -> str:
    for key, name in MISSING.items():
        if any(key in s for s in storeys):
            return name
    return "Level 7"


class Ctx:
    """One model and what the templates need of it (computed once)."""

    def __init__(self, path: Path) -> None:
        self.name = path.name
        self.m = Model(path)
        self.text = path.read_bytes().decode("latin-1").casefold()
        names = [s for s in self.m.storey_names() if s]
        self.storeys = sorted(s for s in names if names.count(s) == 1)
        self.missing = _missing(names)
        self.on = {(s, n): self.m.on(s, cls) for s in self.storeys for n, (cls, _de, _p) in NOUNS.items()}
        # rooms with something contained in them, by a name unique in the model (LongName, else Name)
        self.rooms: dict[str, Any] = {}
        spaces = self.m.spaces()
        for sp in spaces:
            if not self.m.in_space(sp):
                continue
            for label in (sp.LongName, sp.Name):
                if label and sum(label in (x.LongName, x.Name) for x in spaces) == 1 and " - " not in label:
                    self.rooms[label] = sp
                    break


def fill(template: str, kind: str, ctx: Ctx, rng: random.Random) -> tuple[str, dict[str, Any], str] | None:
    """The message, its oracle and the oracle's rule, or None when the model does not fit the template."""
    m = ctx.m
    if kind in GERMAN_ONLY and ctx.name not in GERMAN_MODELS:
        return None
    if ("{de}" in template or "{bad_de}" in template or "{wde}" in template) and ctx.name not in GERMAN_MODELS:
        return None
    if not ctx.storeys:
        return None
    slots: dict[str, str] = {}
    noun = rng.choice(sorted(NOUNS))
    cls, de, _pset = NOUNS[noun]
    s = rng.choice(ctx.storeys)
    slots.update(noun=noun, Noun=noun.capitalize(), de=de, S=s, X=ctx.missing)
    mine = ctx.on[(s, noun)]
    rooms_asked = "rooms" in template or "spaces" in template or "Räume" in template
    where = "{wnoun}" in template or "{wde}" in template

    if where:
        wnoun = rng.choice(sorted(WHERE_NOUNS))
        found = m.of(WHERE_NOUNS[wnoun])
        if not found:
            return None
        slots.update(wnoun=wnoun, wde=WHERE_DE[wnoun])
        text = template.format(**slots)
        names = sorted({n for n in (m.storey_name(e) for e in found) if n is not None})
        if not names:
            return None
        return (text, {"type": "storeys", "value": names},
                f"the storeys holding {WHERE_NOUNS[wnoun]} (storey-deep, with subtypes)")

    if kind.startswith("d_"):
        if "{noun2}" in template:
            slots["noun2"] = rng.choice([n for n in sorted(NOUNS) if n != noun])
        if "{S2}" in template:
            others = [x for x in ctx.storeys if x != s]
            if not others:
                return None
            slots["S2"] = rng.choice(others)
        if "{bad}" in template:
            choices = [w for w in UNGROUNDED if w not in ctx.text]
            slots["bad"] = rng.choice(choices)
        if "{bad_de}" in template:
            choices = [w for w in UNGROUNDED_DE if w[:-2] not in ctx.text]
            slots["bad_de"] = rng.choice(choices)
        if "{S}" in template and not mine:
            return None
        if "external" in template or "außen" in template:
            flags = [_flag(e, "IsExternal") for e in mine]
            if True not in flags:  # a part asked that the model can ground: the decline is for the two questions
                return None
        return template.format(**slots), {"type": "decline"}, f"{kind}: a different question, or a narrowing " \
            "the model cannot ground"

    if rooms_asked:
        if "{noun}" in template:
            return None
        mine = m.on(s, "IfcSpace")
        if not mine:
            return None
        text = template.format(**slots)
        return text, _oracle(text, mine), f"IfcSpace on {s} (through IfcRelAggregates)"

    if "{R}" in template or "{Rl}" in template:
        if not ctx.rooms:
            return None
        label = rng.choice(sorted(ctx.rooms))
        space = ctx.rooms[label]
        # a room by its number is "room 101"; by its name it stands alone ("What's in the Galerie?")
        slots["Rl"] = label
        slots["R"] = label if label == space.LongName and not label[:1].isdigit() else f"room {label}"
        keep = m.in_space(space, "IfcFurnishingElement")
        text = template.format(**slots)
        return text, _oracle(text, keep), (f"IfcFurnishingElement contained in the space {space.Name!r} / "
                                           f"{space.LongName!r} (IfcRelContainedInSpatialStructure)")

    if not mine:
        return None
    rule = f"{cls} on {s} (storey-deep, with subtypes)"
    if "{Q}" in template or "{Q_de}" in template:
        q = rng.choice(sorted(QUALS))
        prop, phrase, phrase_de = QUALS[q]
        keep = [e for e in mine if _flag(e, prop) is True]
        if not keep or len(keep) == len(mine):
            return None
        slots.update(Q=phrase, Q_de=phrase_de, q=q)
        mine = keep
        rule += f" with {prop} = TRUE (the class's common set, occurrence over type)"
    elif kind == "narrow_not":
        flags = [_flag(e, "IsExternal") for e in mine]
        if None in flags or True not in flags or False not in flags:
            return None
        mine = [e for e, f in zip(mine, flags, strict=True) if f is False]
        rule += " with IsExternal = FALSE (every one records it)"
    elif kind == "narrow_class" or kind == "narrow_german":
        everything = m.on(s)
        if len(everything) == len(mine):
            return None
        rule = f"{cls} on {s} (storey-deep, with subtypes), of the {len(everything)} elements there"
    text = template.format(**slots)
    return text, _oracle(text, mine), ("count of " if _counts(text) else "") + rule


def _counts(text: str) -> bool:
    """Whether the view the message ends on is a count (the follow-up's view, or the one request's)."""
    low = text.casefold()
    last = low.rstrip(" ?.!").rsplit("?", 1)[-1] if "?" in low.rstrip(" ?.!") else low
    last = last.rsplit(". ", 1)[-1]
    counts = ("how many", "number", "count", "wie viele")
    lists = ("which", "list", "names", "welche")
    if any(w in last for w in counts):
        return True
    if any(w in last for w in lists):
        return False
    return any(w in low for w in counts)


def _oracle(text: str, found: list[Any]) -> dict[str, Any]:
    guids = sorted({e.GlobalId for e in found})
    if _counts(text):
        return {"type": "count", "value": len(guids), "guids": guids}
    return {"type": "elements", "guids": guids}


_KIND = {"same_german": "german", "narrow_german": "german", "narrow_qual": "qualifiers", "narrow_not": "negation",
         "d_other": "edge", "d_unground": "edge", "d_place": "edge"}


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    ctxs = {name: Ctx(ifc_dir / name) for name in MODELS}
    cases: list[dict[str, Any]] = []
    salt = "follow14-held" if held else "follow14"
    quota = PER_KIND_HELD if held else PER_KIND
    for kind, templates in TEMPLATES.items():
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        taken = 0
        seen: set[tuple[str, str]] = set()
        for attempt in range(400):
            if taken == quota:
                break
            rng = random.Random(_seed(salt, kind, str(attempt)))
            _i, template = mine[attempt % len(mine)]
            name = MODELS[rng.randrange(len(MODELS))]
            got = fill(template, kind, ctxs[name], rng)
            if got is None or (got[0], name) in seen:
                continue
            text, oracle, rule = got
            seen.add((text, name))
            cases.append({"id": f"fu-{kind}-{taken:02d}", "query": text, "ifc_filename": name,
                          "kind": _KIND.get(kind, "storey_class"), "follow": kind, "template": template,
                          "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"})
            taken += 1
    return cases


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        case = cases[r["id"]]
        group = {"s": "same view", "n": "narrowing", "d": "decline"}[case["follow"][0]]
        for key in (case["follow"], group, "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
            row["broadened"] += bool(r.get("broadened"))
        if r["score"] < 1.0:
            misses.append(f"- {case['follow']} {r['id']} {case['ifc_filename']} ({r['score']:.2f}"
                          f"{', declined' if r['declined'] else ''}): {r['query']!r} -> {(r['answer'] or '')[:140]!r}")
    lines = ["| kind | n | mean score | right | declined | wrong (answered, not the oracle) | broadened |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for key in (*TEMPLATES, "same view", "narrowing", "decline", "all"):
        got = rows.get(key)
        if got:
            lines.append(f"| {key} | {int(got['n'])} | {got['score'] / got['n']:.3f} | {int(got['right'])} | "
                         f"{int(got['declined'])} | {int(got['wrong'])} | {int(got['broadened'])} |")
    return "\n".join([*lines, "", "Misses:", *misses])


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    return f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}"


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, _summary, DEFAULT_IFC_DIR, argv, report=report,
                      report_help="per-kind table of a spatial-bench run",
                      check_help="exit 1 when the committed cases differ",
                      differs="differs from what the script computes", label=lambda p: p.name,
                      check_first=True, report_metavar="RUN_DIR")


if __name__ == "__main__":
    sys.exit(main())
