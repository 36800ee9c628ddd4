"""Context around a request (issue 22, round 17 ctx17): the sentences and clauses of e-mails, FM tickets, voice
memos and chat that say who asks, why, what is planned or what happens to other parts, generated.

    python bench/spatial/context_forms.py [--ifc-dir ../shared/ifc] [--check]   # context_cases.json + _b
    python bench/spatial/context_forms.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People say around a request who asks ("the site engineer wants to know"), why ("for the yearly test", "we lay a
new floor there and must adjust the thresholds"), what is planned or what happens to other parts of the building
("The {S2} ones were done last month.", "the kitchen is next week"), restate what the request names ("I'm
surveying the facade. Which external walls are on Level 2?", "we work on the Erdgeschoss today") and sign with
names, roles and companies ("Best, Lukas from the moving company"). None of it restricts the request; a context
that DOES restrict ("The ones facing the garden only.") or adds ("Also the {S2} ones.") must be honoured: answered
(both storeys) or declined. The taxonomy was written first, from how such messages are written, not from the parser.

**Bases** (generated here, oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep): "Which
{class} are on {S}?" (elements) and "How many {class} are on {S}?" (count) for doors, windows, walls, stairs and
columns on every storey holding some, over 8 shared models; German bases ("Welche Türen sind im {S}?") for the
German kinds.

**Positive kinds (oracle = the base's oracle).**

===========  ==========================================================================================
p_class      a context sentence naming a class-like word beside words the model does not hold ("I'm ordering
             fly screens for the windows.", "the door handles came today")
p_restate    a context sentence restating the request's own storey or class ("we work on {S} today")
p_after      a sentence after the request naming another storey or room only to say it is done / later
p_inner      a context clause inside the request's sentence ("..., the site engineer wants to know", "need the
             {cls} on {S} for the yearly test", a purpose after the request, "the carpenter asks")
p_signoff    contractions, greetings and sign-offs with names, roles and companies
p_german     German mails and memos around a German base
p_nonnative  non-native English around the base
===========  ==========================================================================================

**Adding kind (oracle = the base's class on both storeys, storey-deep).**

===========  ==========================================================================================
a_add        a sentence after the request adds another storey ("Also the {S2} ones.", "And {S2}.",
             "{S2} too please."): answered for both, or declined (never the request's storey alone)
===========  ==========================================================================================

**Decline kinds.**

===========  ==========================================================================================
d_restrict   the context restricts in a way the model cannot ground ("The ones facing the garden only.",
             "Only the broken ones.", "Not the ones in the east wing.")
d_add        the context adds a place the model does not name ("Also the ones in the garage.")
===========  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``context_cases_b.json``, scored once at the end of the round.
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
from people_oracles import Model, count, elements  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "context_cases.json"
OUT_HELD = HERE / "context_cases_b.json"
PER_KIND = 10
PER_KIND_HELD = 5
HOLD_EVERY = 3
MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc",
          "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc", "AC11-FZK-Haus-IFC.ifc"]
# class word (plural, singular), German plural, IFC class
CLASSES = [("doors", "door", "Türen", "IfcDoor"), ("windows", "window", "Fenster", "IfcWindow"),
           ("walls", "wall", "Wände", "IfcWall"), ("stairs", "stair", "Treppen", "IfcStair"),
           ("columns", "column", "Stützen", "IfcColumn")]
_GERMAN_NAME = re.compile(r"geschoss|keller|^\d?\.?\s*og$|^eg$|^ug$", re.I)

# slots: {Q} the base question, {q} the same without its mark, lower-cased first letter; {cls}/{one} the class
# (plural/singular); {S} the base's storey; {S2} another storey of the model; {R2} a room on another storey
TEMPLATES: dict[str, list[str]] = {
    "p_class": [
        "Hello,\nI'm ordering fly screens for the cottage. {Q}\nRegards",
        "Hi,\nthe new {one} fittings came today. {Q}\nThanks",
        "We're pricing {one} paint for the whole house. {Q}",
        "Morning,\nthe {one} cleaner comes on Friday. {Q}\nCheers, Ana",
        "Hi team,\nour {one} supplier sent the catalogue. {Q}",
        "FYI the {one} sealant arrived. {Q}",
    ],
    "p_restate": [
        "I'm surveying the {cls} on {S} this week. {Q}",
        "Hi,\nwe work on {S} today. {Q}\nThanks",
        "The survey of {S} starts tomorrow. {Q}",
        "Hello,\nI'm checking the {cls} for the insurer. {Q}\nBest, Tom",
        "We're on {S} all week. {Q}",
        "Quick one about {S}. {Q}",
    ],
    "p_after": [
        "{Q} The {S2} ones were done last month.",
        "Hi,\n{Q} {S2} comes next week.\nThanks",
        "{Q} We finished {S2} already.",
        "{Q} The {R2} is next week.",
        "Hello,\n{Q} The {S2} was painted in May.\nBest",
        "{Q} {S2} is scheduled for the autumn.",
    ],
    "p_inner": [
        "{q}, the site engineer wants to know",
        "need the {cls} on {S} for the yearly test",
        "{Q} We lay a new floor there and must adjust the thresholds.",
        "{q}? the carpenter asks",
        "{q}, we're preparing the handover",
        "Hi, {q}? My colleague needs it for the fire inspection.",
    ],
    "p_signoff": [
        "Dear Dr. Roth,\n{Q}\nThanks, a parent",
        "{Q}\nBest, Lukas from the moving company",
        "Hi there,\n{Q}\nCheers, Jo (site manager, Bauer GmbH)",
        "Dear Ms Weber,\n\n{Q}\n\nKind regards\nPaul Stein\nHead of Facilities",
        "{Q}\nThanks a lot,\nthe caretaker",
        "Hello Mr. Okafor,\n{Q}\nBR, Jana from accounting",
    ],
    "p_german": [
        "Hallo, das Bad wird nächste Woche gefliest und die alten Armaturen kommen raus. {Q} Gruß, Familie Kurz",
        "Guten Tag,\nder Maler kommt am Montag. {Q}\nViele Grüße, Hausverwaltung Meier",
        "Hallo,\n{Q} Das {S2} ist schon fertig.\nGruß",
        "Moin, wir sind heute im {S}. {Q}",
        "Hallo Frau Berg,\nfür die Jahresprüfung: {q}?\nDanke, Ihr Hausmeister",
        "{Q} Das {S2} kommt später dran. LG Tim",
    ],
    "p_nonnative": [
        "Hello, I am the new caretaker, I start Monday. {Q} Thank you very much",
        "hi, the electric guy he come tomorrow for check. {Q}",
        "Good day, we are make the offer for cleaning. {Q} Best regards, Dimitri",
        "{Q} The {S2} we do after, is not urgent.",
        "Hello sir, my boss is ask me this. {Q}",
        "{Q} pls, is for the insurance company. thanks",
    ],
    "a_add": [
        "{Q} Also the {S2} ones.",
        "{Q} And {S2}.",
        "{Q} {S2} too please.",
        "{Q} Plus the ones on {S2}.",
        "{Q} The {S2} ones as well.",
        "{Q} And the {S2} ones also.",
    ],
    "d_restrict": [
        "{Q} The ones facing the garden only.",
        "{Q} Only the broken ones.",
        "{Q} Not the ones in the east wing.",
        "Hi,\n{Q} Only those the painter marked.\nThanks",
        "{Q} Just the ones the tenant complained about.",
        "{Q} Only the ones facing the street.",
    ],
    "d_add": [
        "{Q} Also the ones in the garage.",
        "{Q} And the ones in the east wing too.",
        "{Q} Plus the ones in the annex.",
        "{Q} The ones in the shed as well.",
        "{Q} And the carport.",
        "{Q} Also the ones in the north block.",
    ],
}


def _bases(model: Model, fname: str) -> list[dict[str, Any]]:
    """Every (class, storey) base of a model with its oracle, in English and German."""
    out = []
    storeys = [s for s in model.storey_names() if s]
    for s in storeys:
        if storeys.count(s) != 1:
            continue
        for plural, single, german, ifc in CLASSES:
            found = model.on(s, ifc)
            if not found:
                continue
            prep = "im" if _GERMAN_NAME.search(s) else "auf"
            for form in ("which", "how_many"):
                en = f"Which {plural} are on {s}?" if form == "which" else f"How many {plural} are on {s}?"
                de = (f"Welche {german} sind {prep} {s}?" if form == "which"
                      else f"Wie viele {german} gibt es {prep} {s}?")
                out.append({"ifc_filename": fname, "storey": s, "cls": plural, "one": single, "ifc": ifc,
                            "form": form, "en": en, "de": de,
                            "oracle": elements(found) if form == "which" else count(found)})
    return out


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    query = base["de"] if kind == "p_german" else base["en"]
    slots = {"Q": query, "q": query[:1].lower() + query[1:].rstrip("?"), "cls": base["cls"], "one": base["one"],
             "S": base["storey"]}
    storeys = [s for s in model.storey_names() if s]
    if "{S2}" in template:
        others = sorted(s for s in storeys if s != base["storey"] and storeys.count(s) == 1
                        and s.lower() not in base["storey"].lower() and base["storey"].lower() not in s.lower())
        if not others:
            return None
        slots["S2"] = rng.choice(others)
    if "{R2}" in template:
        rooms = sorted({n for sp in model.spaces() if model.storey_name(sp) not in (base["storey"], None)
                        for n in (sp.LongName, sp.Name) if n and re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+)?", n)
                        and n.lower() not in ("room", "roof", "space")})
        if not rooms:
            return None
        slots["R2"] = rng.choice(rooms)
    if "{Q}" not in template and "{q}" not in template and base["form"] != "which":
        return None  # "need the {cls} on {S}": a list
    text = template.format(**slots)
    oracle = base["oracle"]
    if kind == "a_add":
        both = model.on({base["storey"], slots["S2"]}, base["ifc"])
        oracle = elements(both) if base["form"] == "which" else count(both)
        if oracle == base["oracle"]:
            return None  # the other storey holds none: nothing added
    if kind.startswith("d_"):
        oracle = {"type": "decline"}
    return text, oracle


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "ctx17-held" if held else "ctx17"
    models = {f: Model(ifc_dir / f) for f in MODELS}
    bases = [b for f in MODELS for b in _bases(models[f], f)]
    quota = PER_KIND_HELD if held else PER_KIND
    cap = quota // 4 + 1
    cases: list[dict[str, Any]] = []
    for kind, templates in TEMPLATES.items():
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        used: dict[int, int] = {}
        per_model: dict[str, int] = {}
        taken = 0
        for base in sorted(bases, key=lambda b: seed(salt, kind, b["ifc_filename"], b["en"])):
            if taken == quota:
                break
            fname = base["ifc_filename"]
            if per_model.get(fname, 0) >= cap:
                continue
            rng = random.Random(seed(salt, kind, fname, base["en"]))
            for i, template in sorted(mine, key=lambda it: (used.get(it[0], 0), rng.random())):
                got = _fill(template, base, models[fname], rng, kind)
                if got is None:
                    continue
                text, oracle = got
                bid = f"{Path(fname).stem}:{base['storey']}:{base['cls']}:{base['form']}"
                cases.append({
                    "id": f"ctx-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
                    "kind": "german" if kind == "p_german" else "storey_class", "context": kind,
                    "template": template, "base": bid,
                    "base_query": base["de"] if kind == "p_german" else base["en"], "oracle": oracle,
                    "oracle_rule": {"a_add": "the base's class on both storeys (storey-deep, people_oracles.Model)",
                                    "d_restrict": "decline: the context restricts with what the model cannot ground",
                                    "d_add": "decline: the context adds a place the model does not name",
                                    }.get(kind, "the base's class on its storey (storey-deep, "
                                                "people_oracles.Model); the message asks the same"),
                    "source": "ifcopenshell",
                })  # fmt: skip
                used[i] = used.get(i, 0) + 1
                per_model[fname] = per_model.get(fname, 0) + 1
                taken += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases


def report(run: Path, cases_path: Path) -> str:
    """Mean score per context kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "context", show_model=True)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("context", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
