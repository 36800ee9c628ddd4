"""Units of a message that only report, explain or talk to someone else (issue 22, round 20 tails20).

    python bench/spatial/tails20_cases.py [--ifc-dir ../shared/ifc] [--check]   # tails20_cases.json + _b
    python bench/spatial/tails20_cases.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People ask inside messages: a reason or purpose after the request ("- the locksmith keeps asking me since
Monday", ", for the insurance offer", "wegen Umzug"), a chat where lines go to other people ("@Ana can you also
book the van?"), an FM ticket whose fields describe the background ("Category: Locksmith | Description: ... |
Question: ..."), a mail with a greeting, a signature with a role and a side request to a colleague ("(Tom - please
forward me the landlord's contact separately.)"). The taxonomy was written from how such messages are written, not
from the parser: the units around the request name nothing the model holds, so the request alone is answered.

**Bases** (oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep): a class (doors, windows,
walls, columns, slabs) on a storey of 8 shared models, counted or listed.

**Positive kinds.**

============  ==========================================================================================
p_dash        a reason after a spaced dash ("How many doors are on EG? - the locksmith keeps asking")
p_comma       a reason or purpose after a comma ("Please count the doors on EG, the movers come tomorrow.")
p_sentence    a reason as a sentence of its own, before or after the request
p_chat        a chat: lines between people, a line to another person ("@Ana can you book the van?"), the
              request to the assistant
p_ticket      an FM ticket: category, requester, a description of the background, the question field
p_mail        a mail: greeting, a reason, the request, a signature with a role, a side request to a colleague
p_german      German reasons ("wegen Umzug", ", die Umzugsfirma braucht es bis morgen")
============  ==========================================================================================

**Decline kinds.**

============  ==========================================================================================
d_restrict    a unit that restricts the asked things with what the model cannot ground ("only the ones the
              movers marked", "the ones with the old cylinders")
d_pointed     the request points into a unit addressed to another person ("how many of those ...")
d_condition   a condition about the asked things ("If the painter is late, skip the damaged ones.")
d_absent      the talk is harmless but the storey asked does not exist in the model
============  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``tails20_cases_b.json``, scored once at the end of the round.
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
OUT = HERE / "tails20_cases.json"
OUT_HELD = HERE / "tails20_cases_b.json"
PER_KIND = 7
PER_KIND_HELD = 4
PER_DECLINE = 4
PER_DECLINE_HELD = 2
HOLD_EVERY = 3
MODELS = ["Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc",
          "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc", "AC11-FZK-Haus-IFC.ifc"]
CLASSES = [("doors", "Türen", "IfcDoor"), ("windows", "Fenster", "IfcWindow"), ("walls", "Wände", "IfcWall"),
           ("columns", "Stützen", "IfcColumn"), ("slabs", "Decken", "IfcSlab")]
_GERMAN_NAME = re.compile(r"geschoss|keller|^\d?\.?\s*og$|^eg$|^ug$", re.I)
ABSENT_STOREYS = ["Level 9", "Penthouse", "Sous-sol", "Level 12"]  # (not "Mezzanine": a gallery is a room)
# reasons and errands that name nothing a building model holds
WHY = ["the locksmith keeps asking me since Monday", "the movers are coming tomorrow", "my boss wants it for the "
       "meeting", "the insurance needs it by Friday", "sorry for the rush", "the cleaning company sends its offer next "
       "week", "we are preparing the handover", "the auditor asked again this morning"]
PURPOSE = ["for the insurance offer", "for the cleaning quote", "for the handover protocol", "for the tender",
           "for the maintenance contract", "for my report"]
ERRANDS = ["book the van for Thursday", "call the landlord", "send the invoice to accounting", "order the coffee"]
DOCS = ["landlord's contact", "old invoice", "meeting notes"]
NAMES = [("Lena", "Tom"), ("Ana", "Ben"), ("Mia", "Jonas"), ("Sara", "Paul")]
ROLES = ["facility services", "site manager", "HR", "caretaker"]
WHY_DE = ["die Umzugsfirma braucht es bis morgen", "der Chef fragt schon seit Montag",
          "die Versicherung will es wissen"]
TOPIC_DE = ["Umzug", "Versicherung", "Angebot der Reinigungsfirma"]

# "FORM|text": count / list (the class on {S}), decline. Slots: {cls} {Cls} {cls_de} {S} {prep} {why} {Why}
# {purpose} {errand} {doc} {A} {B} {role} {n} {X} (a storey the model lacks) {why_de} {topic_de}
TEMPLATES: dict[str, list[str]] = {
    "p_dash": [
        "count|How many {cls} are on {S}? - {why}",
        "list|Which {cls} are on {S} - {why}",
        "count|{Cls} on {S}, how many - {why}",
        "list|list the {cls} on {S} pls - {purpose}",
        "count|need the {cls} qty for {S} pls - {why}",
        "list|{Cls} on {S}, which ones? - {purpose}",
    ],
    "p_comma": [
        "count|Please count the {cls} on {S}, {why}.",
        "list|Please list the {cls} on {S}, {purpose}.",
        "count|Number of {cls} on {S} please, {purpose}.",
        "list|Can you show me the {cls} on {S}, {why}.",
        "count|How many {cls} are there on {S}, {purpose}?",
        "list|Which {cls} are on {S}, {purpose}?",
    ],
    "p_sentence": [
        "count|How many {cls} are on {S}? {Why}.",
        "list|{Why}. Which {cls} are on {S}?",
        "count|{Why}. Can you tell me how many {cls} {S} has?",
        "list|Which {cls} are on {S}? It's {purpose}.",
        "count|How many {cls} on {S}? {Why}, thanks.",
        "list|Quick one. Which {cls} are on {S}? {Why}.",
    ],
    "p_chat": [
        "count|[09:12] {A}: {why}\n[09:13] {B}: ok. @{A} can you also {errand}?\n[09:13] {B}: @assistant how many "
        "{cls} are on {S}?",
        "list|{A}: {why}\n{B}: @assistant which {cls} are on {S}?",
        "count|{A}: @{B} can you {errand}?\n{B}: sure\n{A}: @assistant how many {cls} does {S} have?",
        "list|{A}: morning! {why}\n{B}: ugh ok\n{A}: @assistant list the {cls} on {S} please",
        "count|[14:02] {A}: @{B} did you {errand}?\n[14:03] {B}: not yet\n[14:03] {A}: @assistant how many {cls} "
        "are on {S}?",
        "list|{A}: {why}\n{B}: @{A} please {errand} first\n{A}: @assistant which {cls} are on {S}?",
    ],
    "p_ticket": [
        "count|Ticket #{n} | Category: Facility | Requester: {A} ({role}) | Description: {why} | Question: how many "
        "{cls} are on {S}?",
        "list|Ticket {n} | Reporter: {role} | Context: {why} | Request: list the {cls} on {S}",
        "count|Ticket {n} | Requester: {A} | Anliegen: {why} | Question: how many {cls} on {S}?",
        "list|Request type: Question\nFrom: {A} ({role})\nContext: {why}.\nQuestion: Which {cls} are on {S}?",
        "count|Ticket #{n} | Priority: low | Description: {why} | Question: number of {cls} on {S}?",
        "list|Case {n} | Requester: {role} | Background: {why} | Question: which {cls} are on {S}?",
    ],
    "p_mail": [
        "count|Hello,\n\n{why}. How many {cls} are on {S}?\n\nThanks,\n{A} ({role})",
        "list|Dear colleague,\n\ncould you list the {cls} on {S}? {Why}.\n\n({B} - please forward me the {doc} "
        "separately.)\n\nBest, {A}",
        "count|Hi,\n\nhow many {cls} are on {S}? {Why}.\n\nCheers, {A}",
        "list|Hi team,\n\n{why}. Which {cls} are on {S}?\n\n@{B}: please {errand}.\n\nKind regards\n{A}, {role}",
        "count|Hello,\n\nquick question: how many {cls} are on {S}?\n\n(@{B} can you {errand}?)\n\nBest,\n{A}",
        "list|Good morning,\n\nplease list the {cls} on {S}. {Why}.\n\nRegards, {A} ({role})",
    ],
    "p_german": [
        "count|Wie viele {cls_de} gibt es {prep} {S}? wegen {topic_de}",
        "count|Bitte die Anzahl {cls_de} {prep} {S} nennen, {why_de}.",
        "count|Wie viele {cls_de} sind {prep} {S}? {Why_de}.",
        "count|Anzahl {cls_de} {prep} {S} bitte - {why_de}",
        "count|Hallo, wie viele {cls_de} hat {S}? Gruß, {A}",
        "count|{A}: {why_de}\n{B}: @Assistent wie viele {cls_de} sind {prep} {S}?",
    ],
    "d_restrict": [
        "decline|How many {cls} are on {S}? - only the ones the movers marked",
        "decline|Ticket {n} | Description: the {cls} with the old cylinders get replaced | Question: how many of "
        "those are on {S}?",
        "decline|{A}: only the freshly painted {cls} count\n{B}: @assistant how many {cls} are on {S} then?",
        "decline|Which {cls} are on {S}? Except the ones the caretaker checked already.",
    ],
    "d_pointed": [
        "decline|{A}: @{B} the painter skipped a few {cls}, the dusty ones\n{B}: @assistant how many of those are "
        "on {S}?",
        "decline|{A}: @{B} remember the {cls} we marked yesterday?\n{B}: @assistant which of them are on {S}?",
        "decline|Hi,\n\n({B} - the damaged {cls} are the ones I mean.)\n\nWhich of those are on {S}?\n\nBest, {A}",
    ],
    "d_condition": [
        "decline|How many {cls} are on {S}? If the locksmith is late, skip the damaged ones.",
        "decline|Which {cls} are on {S}, unless they were repaired last year?",
        "decline|{A}: if the movers come, leave out the heavy {cls}\n{B}: @assistant how many {cls} are on {S}?",
    ],
    "d_absent": [
        "decline|How many {cls} are on {X}? - {why}",
        "decline|Ticket {n} | Description: {why} | Question: which {cls} are on {X}?",
        "decline|{A}: {why}\n{B}: @assistant how many {cls} are on {X}?",
    ],
}
_RULES = {
    "d_restrict": "decline: a unit restricts the asked things with words the model cannot ground",
    "d_pointed": "decline: the request points into a unit addressed to another person that says which ones",
    "d_condition": "decline: a condition about the asked things the model cannot ground",
    "d_absent": "decline: the storey asked is not in the model",
}
_FORM_RULES = {
    "count": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "list": "the class on the storey, storey-deep (people_oracles.Model): the elements",
}


def _bases(model: Model, fname: str) -> list[dict[str, Any]]:
    names = [s for s in model.storey_names() if s]
    unique = [s for s in names if names.count(s) == 1]
    out = []
    for plural, german, ifc in CLASSES:
        for s in unique:
            found = model.on(s, ifc)
            if found:
                out.append({"ifc_filename": fname, "storey": s, "cls": plural, "cls_de": german, "ifc": ifc,
                            "prep": "im" if _GERMAN_NAME.search(s) else "auf", "found": found})
    return out


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random) -> tuple[str, Any] | None:
    form, text = template.split("|", 1)
    if "{cls_de}" in text and not _GERMAN_NAME.search(base["storey"]):
        return None  # the German forms over German storey names
    a, b = rng.choice(NAMES)
    why, why_de = rng.choice(WHY), rng.choice(WHY_DE)
    names = " ".join(model.storey_names()).lower()
    slots = {"cls": base["cls"], "Cls": base["cls"].capitalize(), "cls_de": base["cls_de"], "S": base["storey"],
             "prep": base["prep"], "why": why, "Why": why[0].upper() + why[1:], "purpose": rng.choice(PURPOSE),
             "errand": rng.choice(ERRANDS), "doc": rng.choice(DOCS), "A": a, "B": b, "role": rng.choice(ROLES),
             "n": str(rng.randint(100, 9999)), "why_de": why_de, "Why_de": why_de[0].upper() + why_de[1:],
             "topic_de": rng.choice(TOPIC_DE),
             "X": rng.choice([x for x in ABSENT_STOREYS if x.lower() not in names])}
    if form == "count":
        oracle = count(base["found"])
    elif form == "list":
        oracle = elements(base["found"])
    else:
        oracle = {"type": "decline"}
    return text.format(**slots), oracle


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "tails20-held" if held else "tails20"
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
                    "id": f"tails20-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
                    "kind": "german" if "{cls_de}" in template else "storey_class",
                    "tail": kind, "form": form, "template": template.split("|", 1)[1], "base": bid,
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
    """Mean score per tail kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "tail", show_model=True)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("tail", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
