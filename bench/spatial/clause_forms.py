"""Context words inside the request's own sentence, and refusals fired by context (issue 22, round 18 ctx18).

    python bench/spatial/clause_forms.py [--ifc-dir ../shared/ifc] [--check]   # clause_cases.json + _b
    python bench/spatial/clause_forms.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People say why they ask, who asks and what they will do in the same sentence as the request ("can you list the
doors on Level 1 so I can order new handles?", "before I replace them all, how many windows are on Level 2?",
"Wie viele Türen sind im EG, damit ich das Angebot schreiben kann?") or in a sentence of everyday words around it
("I am ordering fly screens for the cottage. ... One screen per window."). The unknown words of such a clause are
no restriction. A cost or schedule word in the context ("we are pricing blinds, so ...") does not make a count a
price question; a request that ASKS a price or a date must still be refused. A clause that restricts ("only the
ones facing the street", "except the broken ones") or names a storey, room or class the request does not ask
about must decline. The taxonomy was written from how such messages are written, not from the parser.

**Bases** (oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep): "which {cls} are on {S}"
(elements), "how many {cls} are on {S}" (count), "how many {cls} are in the building" (count, all of the class)
for doors, windows, walls, stairs, columns, over 8 shared models; German bases for the German kinds.

**Positive kinds (oracle = the base's oracle).**

============  ==========================================================================================
p_purpose     a purpose / plan clause in the request's sentence ("so I can order ...", "before I repaint
              the frames", "to order carpet", "for the render quote", "in order to ...")
p_around      a sentence of everyday words before or after the request ("One screen per {one}.", "the new
              tenants move in on Monday.")
p_costctx     a cost or schedule word in the context of a count or list ("we are pricing blinds, so ...",
              "so I can price the testing", "The cleaners charge per room.")
p_german      German purpose clauses and context sentences ("damit ich das Angebot schreiben kann",
              "Ich bestelle Ersatzteile, eins pro ...", "um ... zu ...")
p_nonnative   non-native English purpose clauses ("for I can make the offer", "is for order new glass")
============  ==========================================================================================

**Decline kinds.**

============  ==========================================================================================
d_restrict    the clause restricts ("..., only the ones facing the street", "except the broken ones",
              "the ones I painted last year")
d_price       the request ASKS a price or a date, with a purpose clause ("what do the {cls} on {S} cost,
              so I can plan the budget?", "when are the {cls} installed, before I book the painter?")
d_other       the clause names a storey, room or class the request does not ask about ("so I can order
              blinds for {S2}", "before I paint the {other} on {S2}")
============  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``clause_cases_b.json``, scored once at the end of the round.
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
OUT = HERE / "clause_cases.json"
OUT_HELD = HERE / "clause_cases_b.json"
PER_KIND = 11
PER_KIND_HELD = 5
HOLD_EVERY = 3
MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc",
          "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc", "AC11-FZK-Haus-IFC.ifc"]
# class word (plural, singular), German plural, German singular, IFC class
CLASSES = [("doors", "door", "Türen", "Tür", "IfcDoor"), ("windows", "window", "Fenster", "Fenster", "IfcWindow"),
           ("walls", "wall", "Wände", "Wand", "IfcWall"), ("stairs", "stair", "Treppen", "Treppe", "IfcStair"),
           ("columns", "column", "Stützen", "Stütze", "IfcColumn")]
_GERMAN_NAME = re.compile(r"geschoss|keller|^\d?\.?\s*og$|^eg$|^ug$", re.I)

# slots: {Q} the base question, {q} the same without its mark, lower-cased first letter; {cls}/{one} the class
# (plural/singular); {S} the base's storey; {S2} another storey; {other} another class word (plural); {R2} a room
TEMPLATES: dict[str, list[str]] = {
    "p_purpose": [
        "can you tell me {q} so I can order spare parts?",
        "{q}, before I repaint the frames?",
        "{q}? I need the number to order the seals.",
        "{q} so that we can plan the cleaning?",
        "Before I replace them all, {q}?",
        "{q}, to order the new fittings?",
        "In order to prepare the quote, {q}?",
        "{q}, we want to book the painters.",
        "{q} so we can schedule the maintenance?",
    ],
    "p_around": [
        "I am ordering fly screens for the cottage. {Q} One screen per {one}.",
        "Hi Sven, the new tenants move in on Monday. {Q}",
        "{Q} One label per {one}.",
        "The tenant says it's cold in the evenings. {Q}",
        "We are moving the furniture next week. {Q} Thanks!",
        "{Q} I want to order a sticker for each.",
        "Hello, my name is Ana and I manage the property. {Q}",
        "{Q} The handyman will replace them.",
        "Quick question for the inventory. {Q}",
    ],
    "p_costctx": [
        "We are pricing new paint, so {q}?",
        "{q}? So I can price the testing.",
        "The cleaners charge per {one}. {Q}",
        "For the cost estimate: {q}?",
        "{Q} We need to budget the replacement.",
        "Our supplier quotes per piece. {Q}",
        "{q}, I need to get a price for the inspection.",
        "The budget meeting is on Friday. {Q}",
        "{q}? The invoice is per {one}.",
    ],
    "p_german": [
        "Ich bestelle Ersatzteile, eins pro {one_de}. {Q}",
        "{q}, damit ich das Angebot schreiben kann?",
        "Um die Reinigung zu planen: {q}?",
        "{q}? Ich brauche die Zahl für die Bestellung.",
        "Bevor ich alles streiche: {q}?",
        "{Q} Der Maler rechnet pro Stück ab.",
        "{q}, damit wir die Wartung planen können?",
        "Hallo, die neuen Mieter ziehen am Montag ein. {Q}",
        "{q}? Wir wollen die Dichtungen bestellen.",
    ],
    "p_nonnative": [
        "{q} for I can make the offer?",
        "please {q}, is for order the new glass",
        "{q}? we need for make the budget",
        "hello, {q}? I must to know for the cleaning contract",
        "{q}, because I want make the order of parts",
        "{q}? is for to plan the painting work. thank you",
        "my boss he ask me {q}, for the quotation",
        "{q}? I ask for prepare the maintenance",
        "good morning, {q}, so I can calculate the material",
    ],
    "d_restrict": [
        "{q}, only the ones facing the street?",
        "{q} except the broken ones?",
        "{q}, but just the ones I painted last year?",
        "{q} that still have the old locks, so I can order new ones?",
        "{q}, not the ones in the east wing, before I repaint?",
        "{q} which need new seals, so I can order them?",
        "{q}, only the ones the tenant complained about?",
        "{q} apart from the damaged ones, for the quote?",
        "{q}, the ones without a label, so I can print them?",
    ],
    "d_price": [
        "what do the {cls} on {S} cost, so I can plan the budget?",
        "when are the {cls} on {S} installed, before I book the painter?",
        "how much did the {cls} on {S} cost? I need it for the insurance.",
        "what is the price of the {cls} on {S}, so I can order more?",
        "when will the {cls} on {S} be delivered, so we can plan?",
        "Was kosten die {cls_de} {prep} {S}, damit ich planen kann?",
        "how much will the {cls} on {S} cost to replace, for the budget?",
        "what is the delivery date of the {cls} on {S}? the tenants move in on Monday",
        "Wann werden die {cls_de} {prep} {S} eingebaut? Der Maler fragt.",
    ],
    "d_other": [
        "{q} so I can order blinds for {S2} later?",
        "{q}, before I paint the {other} on {S2}?",
        "{q}, so I can order blinds for the {R2}?",
        "{q}, before I repaint {S2}?",
        "{q}? We also need the {other} for the quote.",
        "{q}, so I can check the {other} on {S2} next week?",
        "{q}? I want to replace the {other} too.",
        "{q}, so I can replace the {other} as well?",
        "{q} so I can plan the {R2}?",
    ],
}


def _bases(model: Model, fname: str) -> list[dict[str, Any]]:
    """Every (class, storey) base of a model with its oracle, in English and German."""
    out = []
    storeys = [s for s in model.storey_names() if s]
    for plural, single, german, german_one, ifc in CLASSES:
        everywhere = model.of(ifc)
        if everywhere:
            out.append({"ifc_filename": fname, "storey": None, "cls": plural, "one": single, "ifc": ifc,
                        "cls_de": german, "one_de": german_one, "prep": "im", "form": "how_many_all",
                        "en": f"How many {plural} are in the building?", "de": f"Wie viele {german} hat das Gebäude?",
                        "oracle": count(everywhere)})
        for s in storeys:
            if storeys.count(s) != 1:
                continue
            found = model.on(s, ifc)
            if not found:
                continue
            prep = "im" if _GERMAN_NAME.search(s) else "auf"
            for form in ("which", "how_many"):
                en = f"Which {plural} are on {s}?" if form == "which" else f"How many {plural} are on {s}?"
                de = (f"Welche {german} sind {prep} {s}?" if form == "which"
                      else f"Wie viele {german} gibt es {prep} {s}?")
                out.append({"ifc_filename": fname, "storey": s, "cls": plural, "one": single, "ifc": ifc,
                            "cls_de": german, "one_de": german_one, "prep": prep, "form": form, "en": en, "de": de,
                            "oracle": elements(found) if form == "which" else count(found)})
    return out


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    german = kind == "p_german"
    query = base["de"] if german else base["en"]
    slots = {"Q": query, "q": query[:1].lower() + query[1:].rstrip("?"), "cls": base["cls"], "one": base["one"],
             "S": base["storey"], "cls_de": base["cls_de"], "one_de": base["one_de"], "prep": base["prep"]}
    if "{S}" in template and base["storey"] is None:
        return None
    if kind == "d_price" and base["form"] != "which":
        return None  # one price question per (class, storey)
    storeys = [s for s in model.storey_names() if s]
    if "{S2}" in template:
        if base["storey"] is None:
            return None
        others = sorted(s for s in storeys if s != base["storey"] and storeys.count(s) == 1
                        and s.lower() not in base["storey"].lower() and base["storey"].lower() not in s.lower())
        if not others:
            return None
        slots["S2"] = rng.choice(others)
    if "{other}" in template:
        slots["other"] = rng.choice(sorted(c[0] for c in CLASSES if c[0] != base["cls"]))
    if "{R2}" in template:
        rooms = sorted({n for sp in model.spaces() if model.storey_name(sp) not in (base["storey"], None)
                        for n in (sp.LongName, sp.Name) if n and re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+)?", n)
                        and n.lower() not in ("room", "roof", "space", "raum")})
        if not rooms:
            return None
        slots["R2"] = rng.choice(rooms)
    text = template.format(**slots)
    oracle = {"type": "decline"} if kind.startswith("d_") else base["oracle"]
    return text, oracle


_RULES = {
    "d_restrict": "decline: the clause restricts with what the model cannot ground",
    "d_price": "decline: the request asks a price or a date, which an IFC file does not hold",
    "d_other": "decline: the clause names a storey, room or class the request does not ask about",
}


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "ctx18-held" if held else "ctx18"
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
                german = kind == "p_german" or "{cls_de}" in template
                cases.append({
                    "id": f"clause-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
                    "kind": "german" if german else "storey_class", "clause": kind,
                    "template": template, "base": bid,
                    "base_query": base["de"] if kind == "p_german" else base["en"], "oracle": oracle,
                    "oracle_rule": _RULES.get(kind, "the base's class on its storey or in the whole model "
                                                    "(storey-deep, people_oracles.Model); the message asks the same"),
                    "source": "ifcopenshell",
                })  # fmt: skip
                used[i] = used.get(i, 0) + 1
                per_model[fname] = per_model.get(fname, 0) + 1
                taken += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases


def report(run: Path, cases_path: Path) -> str:
    """Mean score per clause kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "clause", show_model=True)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("clause", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
