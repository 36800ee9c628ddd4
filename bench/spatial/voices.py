"""Voice bench (issue 22, round 13): the same requests said indirectly, the way people talk and type, generated.

    python bench/spatial/voices.py [--ifc-dir ../shared/ifc] [--check]   # voice_cases.json + voice_cases_b.json
    python bench/spatial/voices.py --report RUN_DIR [--held]              # mean per voice kind of a spatial-bench run

people_tenth's form (d), "another voice", scored 0.71 where the terse and full-question forms of the same intents
scored 0.94-0.98: people put a FRAME around the request ("I need to know how many doors the ground floor has", "could
you tell me which walls ... are load-bearing", "would be great to get ...", "I'm after ...", "help me find ...",
"looking for ..."), a lead-in ("my question:", "quick one -", "not sure if the model has it but"), a fronted topic
("the doors on level 2, how many are there?"), a claim to confirm ("am I right that there are 6 external doors?"),
an embedded question ("wondering whether ..."), hedges and politeness ("if possible", "no rush", "thanks!"). The
taxonomy below was written from how people write chat, e-mail and FM tickets (and non-native English, German),
before any parser change.

**Base intents** (``BASES``): a storey + class request with its oracle computed here with plain IfcOpenShell through
``people_oracles.Model`` (storey-deep containment; booleans need their explicit value in the class's common
property set; radiators are elements typed by ``IfcSpaceHeaterType``; "what is in room X" = contained in the space).
Each base gives its pieces: ``Q`` the direct question, ``ind`` the embedded question ("how many doors are on Level
1"), ``has`` ("how many doors Level 1 has"), ``np`` a noun phrase ("the doors on Level 1"), ``topic`` / ``tail`` a
fronted topic and the question about it ("the doors on Level 1" / "how many are there?"); German bases give
``de_*`` pieces. A template is used with the bases that give the pieces it names; ``control`` is the base as asked,
so a miss of the base itself is told apart from a miss of the voice.

**Positive kinds (the frame asks exactly the base).**

============  =================================================================================================
kind          frame
============  =================================================================================================
v_need        first person needs and wants: "I need to know <ind>", "I'm after <np>", "all I need is <np>"
v_polite      politeness around it: "Could you tell me <ind>?", "would be great to get <np>", "<Q> thanks!",
              "<q> if possible", "If you could send me <np>, that would be great."
v_lead        lead-ins: "my question: <Q>", "quick one - <q>?", "not sure if the model has it but <q>?"
v_topic       a fronted topic: "<topic>, <tail>", "regarding <topic>: <tail>", "As for <topic>, <tail>"
v_embed       embedded questions: "wondering <ind>", "Do you know <ind>?", "I can't remember <ind>."
v_confirm     a count claim to confirm: "am I right that there are N <C> on <S>?", "<S> has N <C>, yes?" (yes/no;
              N the true count or one more)
v_search      searching: "help me find <np>", "looking for <np>", "trying to locate <np>"
v_hedge       hedges: "maybe you could tell me <ind>?", "<q>? no rush", "<q>? Just want the count."
v_nonnative   non-native English: "I want know <ind>", "Can you say me <ind>?", "Kindly provide <np>."
v_german      German frames on German models: "Kannst du mir sagen, <de_ind>?", "Ich bräuchte <de_np>."
============  =================================================================================================

**Negative kinds (the frame carries content, or the content cannot be grounded).**

============  =================================================================================================
n_keep        a frame that carries a qualifier or a storey, which must be kept: "I'm only after the external
              ones: <Q>" (the base's elements with IsExternal = TRUE), "<Q> Internal ones only, please." (FALSE),
              "For <S>, could you tell me how many <C> there are?" (the storey in the frame)
n_unknown     a voice template around a base with a word the model cannot ground inserted before the class
              ("broken", "squeaky", "blue" ...; premise: the file's text holds no such word): a decline
n_absent      a voice template around a base whose storey the model lacks ("the Mezzanine"): a decline
n_refuse      a frame around a write or a cost: "I need you to delete <np>", "I'm after what <np> cost": a decline
============  =================================================================================================

**Held-back part.** Every third template of each kind (index % 3 == 2), with another seeded draw of bases, goes only
into ``voice_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model, count, decline, elements, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "voice_cases.json"
OUT_HELD = HERE / "voice_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 3  # bases drawn per template
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
HOM = "ExampleHOM.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HEI = "Heizung-Elektro_080729.ifc"

CLASSES: dict[str, tuple[str, ...]] = {
    "doors": ("IfcDoor",), "windows": ("IfcWindow",), "walls": ("IfcWall",), "furniture": ("IfcFurnishingElement",),
    "footings": ("IfcFooting",), "slabs": ("IfcSlab",),
}
GERMAN = {"doors": "Türen", "windows": "Fenster", "walls": "Wände", "furniture": "Möbel", "radiators": "Heizkörper"}
PSET = {"doors": "Pset_DoorCommon", "windows": "Pset_WindowCommon", "walls": "Pset_WallCommon"}


@dataclass(frozen=True)
class Base:
    """One request: ``shape`` count | list | qual | yes | room; ``c`` the class word, ``s`` the storey as written."""

    bid: str
    model: str
    shape: str
    c: str
    s: str = ""
    qual: str = ""  # qual: the adjective ("external", "load-bearing")
    room: str = ""
    german: bool = False  # the storey is German: German frames apply
    de_s: str = ""  # the German storey phrase ("im Erdgeschoss")
    on: str = ""  # the storey phrase when not "on <s>" ("in the Keller")
    extra: dict[str, Any] = field(default_factory=dict)


BASES: tuple[Base, ...] = (
    Base("dup-doors-l1", DUP, "count", "doors", "Level 1"),
    Base("dup-windows-l2", DUP, "list", "windows", "Level 2"),
    Base("dup-furniture-l2", DUP, "list", "furniture", "Level 2"),
    Base("dup-extwalls-l1", DUP, "qual", "walls", "Level 1", qual="external"),
    Base("dup-extdoors-l1", DUP, "qual", "doors", "Level 1", qual="external"),
    Base("dup-doors-l1-list", DUP, "list", "doors", "Level 1"),
    Base("dup-windows-roof", DUP, "yes", "windows", "Roof"),
    Base("dup-footings-fdn", DUP, "yes", "footings", "T/FDN"),
    Base("dup-doors-roof", DUP, "yes", "doors", "Roof"),
    Base("dup-room-a103", DUP, "room", "", room="A103"),
    Base("fzk-windows-eg", FZK, "count", "windows", "Erdgeschoss", german=True, de_s="im Erdgeschoss"),
    Base("fzk-doors-eg", FZK, "list", "doors", "Erdgeschoss", german=True, de_s="im Erdgeschoss"),
    Base("fzk-windows-dg", FZK, "yes", "windows", "Dachgeschoss", german=True, de_s="im Dachgeschoss"),
    Base("ins-doors-1og", INS, "count", "doors", "1. Obergeschoss", german=True, de_s="im 1. Obergeschoss"),
    Base("ins-windows-keller", INS, "count", "windows", "Keller", german=True, de_s="im Keller", on="in the Keller"),
    Base("ins-lbwalls-eg", INS, "qual", "walls", "Erdgeschoss", qual="load-bearing", german=True,
         de_s="im Erdgeschoss"),
    Base("ins-extwalls-1og", INS, "qual", "walls", "1. Obergeschoss", qual="external", german=True,
         de_s="im 1. Obergeschoss"),
    Base("sh-furniture-gf", SH, "list", "furniture", "Ground Floor"),
    Base("sh-doors-gf", SH, "count", "doors", "Ground Floor"),
    Base("lb-doors-l1", LB, "count", "doors", "Level 1"),
    Base("lb-windows-l2", LB, "list", "windows", "Level 2"),
    Base("hom-doors-gf", HOM, "count", "doors", "GroundFloor"),
    Base("hom-windows-1f", HOM, "list", "windows", "1stFloor"),
    Base("edc-doors-eg", EDC, "count", "doors", "EG", german=True, de_s="im EG"),
    Base("edc-windows-2og", EDC, "list", "windows", "2.OG", german=True, de_s="im 2.OG"),
    Base("hei-radiators-eg", HEI, "count", "radiators", "EG", german=True, de_s="im EG"),
)


def _where(base: Base) -> str:
    return base.on or f"on {base.s}" if base.shape != "room" else f"in {base.room}"


def pieces(base: Base) -> dict[str, str]:
    """The base's phrase pieces (see the module doc)."""
    c, on = base.c, _where(base)
    p: dict[str, str] = {"C": c, "S": base.s}
    if base.shape == "count":
        p.update(Q=f"How many {c} are {on}?", ind=f"how many {c} are {on}", has=f"how many {c} {base.s} has",
                 np=f"the number of {c} {on}", topic=f"the {c} {on}", tail="how many are there?",
                 ind0=f"how many {c} there are", np0=f"the number of {c}", count="1")
    elif base.shape == "list":
        p.update(Q=f"Which {c} are {on}?", ind=f"which {c} are {on}", np=f"the {c} {on}", topic=f"the {c} {on}",
                 tail="which ones are there?", ind0=f"which {c} there are", np0=f"the {c}", list="1")
    elif base.shape == "qual":
        p.update(Q=f"Which {c} {on} are {base.qual}?", ind=f"which {c} {on} are {base.qual}",
                 np=f"the {base.qual} {c} {on}", topic=f"the {c} {on}", tail=f"which ones are {base.qual}?",
                 list="1")
    elif base.shape == "yes":
        p.update(Q=f"Are there any {c} {on}?", ind=f"whether there are any {c} {on}", topic=f"{c} {on}",
                 tail="are there any?")
    elif base.shape == "room":
        p.update(Q=f"What is in room {base.room}?", ind=f"what is in room {base.room}",
                 np=f"everything in room {base.room}", topic=f"room {base.room}", tail="what's in it?", list="1")
    p["q"] = p["Q"].rstrip("?")
    if base.german and base.c in GERMAN:
        de, s = GERMAN[base.c], base.de_s
        if base.shape == "count":
            p.update(de_Q=f"Wie viele {de} gibt es {s}?", de_ind=f"wie viele {de} es {s} gibt",
                     de_np=f"die Anzahl der {de} {s}")
        elif base.shape == "list":
            p.update(de_Q=f"Welche {de} gibt es {s}?", de_ind=f"welche {de} es {s} gibt", de_np=f"die {de} {s}")
        elif base.shape == "yes":
            p.update(de_Q=f"Gibt es {de} {s}?", de_ind=f"ob es {de} {s} gibt")
        if "de_Q" in p:
            p["de_q"] = p["de_Q"].rstrip("?")
    return p


TEMPLATES: dict[str, tuple[str, ...]] = {
    "control": ("{Q}",),
    "v_need": (
        "I need to know {ind}.",
        "I need to know {has}.",
        "I'm after {np}.",
        "all I need is {np}",
        "I want to know {ind}",
        "I just need {np}, nothing fancy",
        "what I need is {np}",
        "I'm trying to find out {ind}.",
        "I'd need {np} please",
    ),
    "v_polite": (
        "Could you tell me {ind}?",
        "would be great to get {np}",
        "{Q} thanks!",
        "Would you mind telling me {ind}?",
        "{q} if possible",
        "please could you let me know {ind}",
        "{Q} Cheers",
        "If you could send me {np}, that would be great.",
        "{q}, please and thank you",
        "Sorry to bother you, {q}?",
        "Can you kindly list {np}?",
        "{Q} Thanks in advance :)",
    ),
    "v_lead": (
        "my question: {Q}",
        "quick one - {q}?",
        "not sure if the model has it but {q}?",
        "question for you: {Q}",
        "ok so {q}?",
        "Random question, {q}?",
        "one more thing: {Q}",
        "So basically, {q}?",
        "This might be a silly question, but {q}?",
    ),
    "v_topic": (
        "{topic}, {tail}",
        "regarding {topic}: {tail}",
        "As for {topic}, {tail}",
        "{topic} - {tail}",
        "About {topic}: {tail}",
        "Concerning {topic}, {tail}",
        "So {topic}... {tail}",
        "{topic}: {tail}",
        "Talking about {topic} - {tail}",
    ),
    "v_embed": (
        "wondering {ind}",
        "Do you know {ind}?",
        "I can't remember {ind}.",
        "I was wondering {ind}.",
        "Any idea {ind}?",
        "no idea {ind}, can you check?",
        "Curious {ind}.",
        "I'd love to find out {ind}.",
        "Tell me {ind}.",
    ),
    "v_confirm": (
        "am I right that there are {N} {C} on {S}?",
        "I think there are {N} {C} on {S}, correct?",
        "there are {N} {C} on {S}, right?",
        "Can you confirm there are {N} {C} on {S}?",
        "just to double check: {N} {C} on {S}?",
        "I was told {S} has {N} {C} - is that right?",
        "{S} has {N} {C}, yes?",
        "Correct me if I'm wrong, but there are {N} {C} on {S}?",
        "I count {N} {C} on {S} - does that match the model?",
    ),
    "v_search": (
        "help me find {np}",
        "looking for {np}",
        "I'm looking for {np}",
        "searching for {np}",
        "trying to locate {np}",
        "can you help me find {np}?",
        "need {np}",
        "I'm hunting for {np}.",
        "Help me with {np}, please.",
    ),
    "v_hedge": (
        "maybe you could tell me {ind}?",
        "{q}? no rush",
        "When you get a chance, {q}?",
        "{q}, if it's not too much trouble?",
        "I guess my question is {ind}.",
        "Possibly a dumb question but {q}?",
        "{q}? Just want the count.",
        "{q} - just the number is fine",
        "{q}? by any chance",
    ),
    "v_nonnative": (
        "please tell me {ind}",
        "I want know {ind}",
        "Can you say me {ind}?",
        "Please I need {np}",
        "Kindly provide {np}.",
        "Kindly let me know {ind}.",
        "i need information {ind}",
        "Please to give me {np}",
        "Is possible to know {ind}?",
    ),
    "v_german": (
        "Kannst du mir sagen, {de_ind}?",
        "Ich bräuchte {de_np}.",
        "Kurze Frage: {de_Q}",
        "{de_Q} Danke!",
        "Weißt du, {de_ind}?",
        "Ich möchte wissen, {de_ind}.",
        "Könntest du mir sagen, {de_ind}?",
        "Hallo, {de_q}? Viele Grüße",
        "Ich hätte gern {de_np}.",
    ),
    "n_keep": (
        "I'm only after the external ones: {Q}",
        "For {S}, could you tell me {ind0}?",
        "As for {S}, I'm after {np0}.",
        "{Q} Internal ones only, please.",
        "{Q} I only need the external ones.",
        "Just interested in the external ones - {q}?",
    ),
    "n_unknown": (
        "I need to know {ind}.",
        "Could you tell me {ind}?",
        "looking for {np}",
        "quick one - {q}?",
        "{topic}, {tail}",
        "I'm after {np}.",
        "wondering {ind}",
        "help me find {np}",
        "{q}? no rush",
    ),
    "n_absent": (
        "I need to know {ind}.",
        "would be great to get {np}",
        "my question: {Q}",
        "{topic}, {tail}",
        "Could you tell me {ind}?",
        "looking for {np}",
    ),
    "n_refuse": (
        "I need you to delete {np}.",
        "I'm after what {np} cost.",
        "would be great if you could move {np} to the other side",
        "Could you tell me how much {np} cost?",
        "help me remove {np}",
        "quick one - when will {np} be installed?",
    ),
}
UNKNOWN_WORDS = ("broken", "squeaky", "blue", "damaged", "dirty", "cracked", "noisy", "rusty", "sticky")
ABSENT_STOREYS = {"the Mezzanine": "mezzanine", "Zwischengeschoss": "zwischengeschoss", "the mezzanine level":
                  "mezzanine", "Level 9": "level 9"}  # the storey as written: its key word (absent from the file)
SCORER_KIND = {"count": "storey_class", "list": "storey_class", "yes": "storey_class", "qual": "qualifiers",
               "room": "rooms"}


def _class_elements(m: Model, base: Base, storey: str | None = None) -> list[Any]:
    s = storey or base.s
    if base.c == "radiators":
        return m.on(s, None, Model.typed("IfcSpaceHeaterType"))
    return m.on(s, CLASSES[base.c])


def _external(base: Base) -> Callable[[Any], bool | None]:
    pset = PSET.get(base.c)

    def value(e: Any) -> bool | None:
        v = ue.get_pset(e, pset, "IsExternal") if pset else None
        return v if isinstance(v, bool) else None
    return value


def base_oracle(m: Model, base: Base) -> tuple[dict[str, Any], str]:
    if base.shape == "room":
        space = m.space(name=base.room)
        return elements(m.in_space(space)), f"the elements contained in the space {base.room} (IfcSpace Name)"
    es = _class_elements(m, base)
    what = ("elements typed by IfcSpaceHeaterType" if base.c == "radiators"
            else "/".join(CLASSES[base.c]) + " (with subtypes)")
    rule = f"{what} on {base.s}, {STOREY_DEEP}"
    if base.shape == "count":
        return count(es), rule
    if base.shape == "list":
        return elements(es), rule
    if base.shape == "yes":
        return yes_no(bool(es)), rule + ": any?"
    prop = {"external": "IsExternal", "load-bearing": "LoadBearing"}[base.qual]
    keep = [e for e in es if ue.get_pset(e, PSET[base.c], prop) is True]
    assert keep and len(keep) < len(es), base
    return elements(keep), rule + f" with {PSET[base.c]}.{prop} = TRUE"


def _slots(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", template))


def fits(kind: str, template: str, base: Base, m: Model) -> bool:
    p = pieces(base)
    if not _slots(template) - {"N"} <= set(p):
        return False
    if kind == "v_confirm":
        return base.shape == "count"
    if kind == "v_hedge" and "count" in template:
        return base.shape == "count"
    if kind == "n_keep":
        if "{S}" in template:
            return base.shape in ("count", "list") and base.c != "radiators"
        ext = _external(base)
        es = _class_elements(m, base) if base.shape in ("count", "list") else []
        values = [ext(e) for e in es]
        wanted = "Internal" not in template
        # every element records IsExternal, and the restriction keeps some but not all
        return bool(values) and None not in values and 0 < values.count(wanted) < len(values)
    if kind == "n_unknown":
        return base.shape in ("count", "list", "yes", "qual")
    if kind == "n_absent":
        return base.shape in ("count", "list", "yes", "qual")
    if kind == "n_refuse":
        return base.shape in ("list", "qual")
    return True


def _text(m: Model) -> str:
    return str(getattr(m, "_voice_text", ""))


def oracle_for(kind: str, template: str, base: Base, m: Model, rng: random.Random,
               p: dict[str, str]) -> tuple[dict[str, Any], str]:
    if kind in ("n_unknown", "n_absent", "n_refuse"):
        return decline(), {"n_unknown": "a word the model cannot ground ({X}) is said of the class: a decline",
                           "n_absent": "a storey the model lacks ({X}): a decline",
                           "n_refuse": "a write or a cost, which an IFC file cannot answer: a decline"}[kind]
    oracle, rule = base_oracle(m, base)
    if kind == "v_confirm":
        real = oracle["value"]
        claim = real if rng.random() < 0.5 else real + 1
        p["N"] = str(claim)
        return yes_no(claim == real), f"is the count {claim}? {rule} counts {real}"
    if kind == "n_keep" and "{S}" not in template:
        wanted = "Internal" not in template
        ext = _external(base)
        keep = [e for e in _class_elements(m, base) if ext(e) is wanted]
        sub = count(keep) if base.shape == "count" else elements(keep)
        return sub, rule + f" with {PSET[base.c]}.IsExternal = {'TRUE' if wanted else 'FALSE'} (said in the frame)"
    return oracle, rule


def _alter(kind: str, base: Base, p: dict[str, str], rng: random.Random, m: Model) -> str:
    """n_unknown: a word the file does not hold before the class word; n_absent: another storey. The word used."""
    if kind == "n_unknown":
        words = [w for w in UNKNOWN_WORDS if w not in _text(m)]
        word = rng.choice(words)
        for key, value in list(p.items()):
            if key not in ("C", "S") and base.c:
                p[key] = re.sub(rf"\b{re.escape(base.c)}\b", f"{word} {base.c}", value, count=1)
        return word
    if kind == "n_absent":
        names = " ".join(n.lower() for n in m.storey_names() if n)
        options = [s for s, key in ABSENT_STOREYS.items() if key not in names and key not in _text(m)
                   and not (key.startswith("level") and len(m.storey_names()) >= 9)]
        storey = rng.choice(options)
        for key, value in list(p.items()):
            if key != "C":
                p[key] = value.replace(f"the {base.s}", storey).replace(base.s, storey)
        return storey
    return ""


def _fill(template: str, p: dict[str, str]) -> str:
    text = template
    for key, value in p.items():
        if key in ("Q", "q", "de_Q", "de_q") and not template.startswith("{" + key + "}"):
            value = value[:1].lower() + value[1:]  # "quick one - how many ...", "Hallo, wie viele ..."
        text = text.replace("{" + key + "}", value)
    text = re.sub(r"\?\s*\?", "?", text)
    return text[0].upper() + text[1:] if text[:1].islower() and template.startswith("{") else text


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}

    def model(name: str) -> Model:
        if name not in models:
            m = Model(ifc_dir / name)
            m._voice_text = (ifc_dir / name).read_text(encoding="utf-8", errors="replace").lower()  # type: ignore[attr-defined]
            models[name] = m
        return models[name]

    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for kind, templates in TEMPLATES.items():
        for i, template in enumerate(templates):
            if kind == "control":
                if held:
                    continue
                chosen = list(BASES)
            else:
                if (i % HOLD_EVERY == HOLD_EVERY - 1) != held:
                    continue
                usable = [b for b in BASES if kind != "v_german" or b.german]
                order = sorted(usable, key=lambda b: _seed(salt, kind, str(i), b.bid))
                chosen = [b for b in order if fits(kind, template, b, model(b.model))][:PER_TEMPLATE]
            for base in chosen:
                m = model(base.model)
                rng = random.Random(_seed(salt, kind, str(i), base.bid))
                p = pieces(base)
                word = _alter(kind, base, p, rng, m)
                oracle, rule = oracle_for(kind, template, base, m, rng, p)
                scorer = ("refuse" if kind == "n_refuse" else "edge" if kind in ("n_unknown", "n_absent")
                          else SCORER_KIND[base.shape])
                out.append({
                    "id": f"voice{'b' if held else ''}-{kind}-{i:02d}-{base.bid}",
                    "query": _fill(template, p),
                    "ifc_filename": base.model,
                    "kind": scorer,
                    "voice": kind,
                    "template": template,
                    "base": base.bid,
                    "oracle": oracle,
                    "oracle_rule": rule.replace("{X}", word),
                    "source": "ifcopenshell",
                })
    return out


def report(run: Path, cases_path: Path) -> str:
    """Mean score per voice kind of a spatial-bench run of ``cases_path``, and the misses."""
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    scores: dict[str, list[float]] = defaultdict(list)
    broad: Counter[str] = Counter()
    misses = []
    for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        kind = cases[r["id"]]["voice"]
        s = float(r.get("score", r.get("f1", 0.0)))
        scores[kind].append(s)
        broad[kind] += bool(r.get("broadened"))
        if s < 1.0:
            misses.append(f"- {r['id']} ({s:.2f}{', declined' if r.get('declined') else ''}): {r['query']!r} -> "
                          f"{(r.get('answer') or '')[:140]!r}")
    rows = [f"{k:12s} n={len(v):3d} mean={sum(v) / len(v):.3f} broadened={broad[k]}" for k, v in scores.items()]
    every = [x for k, v in scores.items() if k != "control" for x in v]
    rows.append(f"{'all (voice)':12s} n={len(every):3d} mean={sum(every) / len(every):.3f} "
                f"broadened={sum(v for k, v in broad.items() if k != 'control')}")
    return "\n".join([*rows, "", "Misses:", *misses])


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("voice", models=True, ordered=False),
                      DEFAULT_IFC_DIR, argv, report=report)


if __name__ == "__main__":
    sys.exit(main())
