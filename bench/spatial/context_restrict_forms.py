"""Context sentences that cannot restrict the request, and context that agrees with it (issue 22, round 19 ctx19).

    python bench/spatial/context_restrict_forms.py [--ifc-dir ../shared/ifc] [--check]  # the cases + _b
    python bench/spatial/context_restrict_forms.py --report RUN_DIR [--held]             # per kind, from a run

Real messages (e-mails with a greeting and a sign-off naming a person and role, helpdesk tickets with fields,
two-person chats with timestamps, voice-memo transcripts with fillers, forwarded mails) wrap ONE question in
sentences about people, dates, deliveries, trades and reasons ("The installer arrives on Thursday.", "The boxes hold
ten each.", "Sealant needs a dry day.", "Der Monteur kommt nächste Woche."). Such a sentence names nothing the request
asks, no place and no scope word: it cannot restrict, and the request must be answered alone. A sentence that agrees
with the request (names its own storey, sets aside storeys the request does not ask) cannot restrict either. A
context that DOES restrict (a modifier on the asked class, a place the request lacks, "only the ones ...", a storey
the request asks said to be left out) must decline. The taxonomy was written from how such messages are written,
before the parser was changed.

**Bases** (``context_forms._bases``: oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep):
"Which {class} are on {S}?" (elements) and "How many {class} are on {S}?" (count) for doors, windows, walls, stairs
and columns on every storey holding some, over 8 shared models; the German base for the German templates.

**Positive kinds (oracle = the base's oracle).**

===========  ==========================================================================================
p_mail       a mail whose context sentences say who comes, when, what was delivered, what a trade needs, with a
             greeting and a sign-off naming a person and a role
p_ticket     a helpdesk ticket with fields (Reporter, Category, Due ...) and a description holding such sentences
p_chat       a two-speaker chat with timestamps, the question in the last turn
p_memo       a voice-memo transcript with fillers (um, uh, so yeah)
p_forward    a forwarded mail (a "Forwarded message" header) with a note on top
p_pronoun    a context whose subject is a person or a delivery ("he", "they", "it" with a person-verb or a
             delivery verb: "They deliver on Friday.", "It comes on two pallets.")
p_german     German mails and memos around the German base
p_whole      a request over the whole building ("How many {cls} are in the building?") with a context naming no
             place (a meeting, a quote, a delivery)
p_turns      a chat whose earlier turns ask and answer something else ("did the hinges arrive?" - "yes, two
             boxes") before the question
p_agree      a context that agrees with the request: it names the request's own storey ("We start on {S}."),
             or sets aside a storey the request does not ask ("{S2} was done last month, so this time only {S}.")
===========  ==========================================================================================

**Decline kinds.**

===========  ==========================================================================================
d_modifier   the context restricts the asked class with a modifier ("Only the {cls} facing the street.",
             "The ones with the old locks.", "Just the ones the tenant reported.")
d_place      the context names a place the request lacks ("They are all in the east wing.", "I mean the ones
             in the annex.", "We only work in the north block.")
d_whole      a request over the whole building with a context that restricts its place or its things ("We only
             work in the east wing.", "Just the ones in the guest house.")
d_contra     the context contradicts the request's storey or narrows it ("{S} is not part of the job.",
             "This time only {S2}.", "Only the ones on {S2}.")
===========  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``context_restrict_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from context_forms import CLASSES, MODELS  # noqa: E402
from context_forms import _bases as bases_of  # noqa: E402
from generated_bench import bench_main, kinds_summary, report_misses, seed  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model, count  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "context_restrict_cases.json"
OUT_HELD = HERE / "context_restrict_cases_b.json"
PER_KIND = 8
PER_KIND_HELD = 4
PER_DECLINE = 10
PER_DECLINE_HELD = 5
HOLD_EVERY = 3

# slots: {Q} the base question, {q} the same without its mark, lower-cased first letter; {cls}/{one} the class
# (plural/singular); {S} the base's storey; {S2} another storey of the model
TEMPLATES: dict[str, list[str]] = {
    "p_mail": [
        "Hi Tom,\nthe installer arrives on Thursday. {Q}\nBest, Maria (site manager)",
        "Hello,\nthe boxes hold ten each and the van is booked. {Q}\nRegards,\nJan Petersen\nProcurement",
        "Dear Ms Weber,\nsealant needs a dry day, so we wait for the forecast. {Q}\nKind regards\nPaul Stein\nHead of "
        "Facilities",
        "Hi all,\nthe scaffolding comes down on Monday and the skip is full. {Q}\nThanks, Ines, office manager",
        "Morning Sven,\nthe invoice went out yesterday and the client paid the deposit. {Q}\nCheers, Bea (accounts)",
        "Hi Lars,\nour apprentice starts next week and needs a tour. {Q}\nBest regards, Olga Brandt, HR",
    ],
    "p_ticket": [
        "Ticket #7731\nReporter: K. Novak\nCategory: maintenance\nDescription: The contractor quoted two days for the "
        "job. {Q}",
        "[FM-2291] hinge order\nPriority: normal\nDue: Friday\nDetails: The supplier needs the numbers by noon. {Q}",
        "Ticket 4410 - paint order\nOpened by: Ruth Baker\nDescription: The primer is out of stock until March. {Q}",
        "Helpdesk request #88\nFrom: caretaker\nText: The lift inspection went fine yesterday. {Q}",
        "Ticket #1207\nAssigned to: M. Ortiz\nDescription: Budget approved by the owner last week. {Q}",
        "WO-5530 cleaning contract\nStatus: open\nNotes: The cleaners charge by the hour and bring their own kit. {Q}",
    ],
    "p_chat": [
        "[09:14] Anna: the glazier called, he can come Tuesday\n[09:15] Ben: great\n[09:16] Anna: {q}?",
        "[14:02] Mo: truck is stuck in traffic again\n[14:03] Lea: typical\n[14:04] Mo: {q}?",
        "[08:30] Kim: coffee machine is broken lol\n[08:31] Raj: noo\n[08:32] Kim: anyway, {q}?",
        "[11:20] Ute: the architect sent new drawings\n[11:21] Pia: ok will look\n[11:22] Ute: {q}?",
        "[16:45] Dan: crane rental ends friday\n[16:46] Eli: noted\n[16:47] Dan: {q}?",
        "[07:58] Jo: running late, train cancelled\n[07:59] Sam: np\n[08:00] Jo: {q}?",
    ],
    "p_memo": [
        "[voice memo, transcribed] um so yeah the truck is stuck in traffic, uh, {q}, thanks",
        "(transcribed voice message) hi it's Max, uh, the electrician is booked for Wednesday, um, {q}?",
        "[voice memo, transcribed] ok so, the client called, she's happy with the samples, uh, {q}?",
        "(transcribed voice message) um, quick one, the delivery got pushed to Monday, so, {q}? cheers",
        "[voice memo, transcribed] uh hi, the weather is awful today, um, {q}? ok bye",
        "(transcribed voice message) so the foreman is off sick, uh, {q}? thanks",
    ],
    "p_forward": [
        "FYI, see below.\n\n---------- Forwarded message ---------\nFrom: Kai Novak\nSubject: Fwd: survey\n\nThe "
        "surveyor is booked for March. {Q}",
        "Can you help with this one?\n\n-----Original Message-----\nFrom: Eva Roth\nSent: Monday\nSubject: question\n\n"
        "Hi, the movers come at eight. {Q}\nEva",
        "Forwarding from the client.\n\n---------- Forwarded message ---------\nFrom: Lena Brook\n\nOur insurer wants "
        "a report by the end of the month. {Q}\nThanks, Lena",
        "See the client's note below.\n\n-----Original Message-----\nFrom: Tom Reyes\n\nThe keys are with the "
        "neighbour. {Q}",
        "Passing this on.\n\n---------- Forwarded message ---------\nFrom: Ali Demir\nSubject: Fwd: numbers\n\nThe "
        "bank needs the figures for the loan. {Q}",
        "Please see below.\n\n-----Original Message-----\nFrom: Nora Fink\n\nThe painter charges per day, not per "
        "hour. {Q}",
    ],
    "p_pronoun": [
        "The movers called. They deliver on Friday morning. {Q}",
        "The new fittings are ordered. It comes on two pallets. {Q}",
        "Our electrician phoned. He can start on Monday. {Q}",
        "The samples arrived today. They look good. {Q}",
        "The surveyor is booked. She needs an hour per visit. {Q}",
        "The quote came back. It was cheaper than expected. {Q}",
    ],
    "p_german": [
        "Hallo,\nder Monteur kommt nächste Woche. {Q}\nGruß, Jens (Bauleitung)",
        "Guten Tag,\ndie Lieferung verspätet sich um zwei Tage. {Q}\nViele Grüße, Hausverwaltung Meier",
        "[Sprachnachricht, transkribiert] ähm, der Kran ist bis Freitag gemietet, äh, {Q}",
        "Hallo Frau Berg,\ndie Rechnung ist raus und der Kunde hat bezahlt. {Q}\nDanke, Ihr Hausmeister",
        "Moin, der Elektriker ist krank. {Q} LG Tim",
        "Hallo,\ndas Gerüst wird am Montag abgebaut. {Q}\nGruß, Eva",
    ],
    "p_agree": [
        "We start on {S} on Monday. {Q}",
        "{S2} was done last month, so this time only {S}. {Q}",
        "Hi,\nthe crew is on {S} all week. {Q}\nThanks, Jo",
        "{Q} {S2} stays as it is.",
        "This round is only about {S}. {Q}",
        "{Q} We leave {S2} for next year.",
    ],
    "p_whole": [
        "Hi,\nwe had a site meeting with the client yesterday. {Q}\nThanks, Ole (project lead)",
        "The boxes hold ten each. {Q}",
        "[09:14] Ana: the fitter charges per day\n[09:15] Ben: ok\n[09:16] Ana: {q}?",
        "Ticket #3310\nReporter: H. Lind\nDescription: Our insurer asked for a report. {Q}",
        "We got three quotes and picked the cheapest. {Q} Cheers, Raj",
        "(transcribed voice message) uh, the budget got approved, um, {q}?",
    ],
    "p_turns": [
        "[09:14] Anna: did the new hinges arrive?\n[09:15] Ben: yes, two boxes\n[09:16] Anna: {q}?",
        "[10:02] Mo: when does the fitter come?\n[10:03] Lea: thursday I think\n[10:04] Mo: ok, {q}?",
        "[13:40] Kim: is the van booked?\n[13:41] Raj: yep\n[13:42] Kim: {q}?",
        "[15:10] Ute: who has the keys?\n[15:11] Pia: the caretaker\n[15:12] Ute: thanks. {Q}",
        "[08:05] Dan: did the painter call back?\n[08:06] Eli: not yet\n[08:07] Dan: {q}?",
        "[11:30] Jo: can you send me the quote?\n[11:31] Sam: sent\n[11:32] Jo: great, {q}?",
    ],
    "d_modifier": [
        "{Q} Only the {cls} facing the street.",
        "Hi,\n{Q} The ones with the old locks.\nThanks",
        "{Q} Just the ones the tenant reported.",
        "The {cls} near the stairs are the problem. {Q}",
        "{Q} I only need the ones that were repainted.",
        "{Q} Only the damaged ones, please.",
    ],
    "d_place": [
        "{Q} They are all in the east wing.",
        "Hi,\nI mean the ones in the annex. {Q}\nBest, Kai",
        "We only work in the north block. {Q}",
        "{Q} The ones in the garage.",
        "[10:01] Ana: we are in the west tower today\n[10:02] Ben: ok\n[10:03] Ana: {q}?",
        "{Q} Just the part above the shop.",
    ],
    "d_whole": [
        "We only work in the east wing. {Q}",
        "Hi,\nthe kitchen is being redone. {Q} Only the ones in there.\nThanks",
        "{Q} Just the ones in the guest house.",
        "[09:14] Ana: we are in the annex today\n[09:15] Ben: ok\n[09:16] Ana: {q}?",
        "{Q} Only the ones facing the garden.",
        "{Q} I mean the ones in the north block.",
    ],
    "d_contra": [
        "{Q} This time only {S2}.",
        "{S} is not part of the job. {Q}",
        "{Q} Only the ones on {S2}.",
        "Hi,\nwe skip {S} this round. {Q}\nThanks",
        "{Q} But only on {S2} please.",
        "{Q} {S} is done already, we only need {S2}.",
    ],
}


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    query = base["de"] if kind == "p_german" else base["en"]
    slots = {"Q": query, "q": query[:1].lower() + query[1:].rstrip("?"), "cls": base["cls"], "one": base["one"],
             "S": base["storey"]}
    if (base["storey"] is None) != kind.endswith("_whole"):
        return None  # the whole-building bases only in the whole-building kinds
    storeys = [s for s in model.storey_names() if s]
    if "{S2}" in template:
        others = sorted(s for s in storeys if s != base["storey"] and storeys.count(s) == 1
                        and s.lower() not in base["storey"].lower() and base["storey"].lower() not in s.lower())
        if not others:
            return None
        slots["S2"] = rng.choice(others)
    text = template.format(**slots)
    oracle = {"type": "decline"} if kind.startswith("d_") else base["oracle"]
    return text, oracle


def _whole(model: Model, fname: str) -> list[dict[str, Any]]:
    """"How many {class} are in the building?" for every class of ``CLASSES`` the model holds: all of it."""
    out = []
    for plural, single, german, ifc in CLASSES:
        found = model.of(ifc)
        if found:
            out.append({"ifc_filename": fname, "storey": None, "cls": plural, "one": single, "ifc": ifc,
                        "form": "how_many", "en": f"How many {plural} are in the building?",
                        "de": f"Wie viele {german} gibt es im Gebäude?", "oracle": count(found)})
    return out


_RULES = {"d_whole": "decline: the context restricts the whole building's things or names a place the request lacks",
          "d_modifier": "decline: the context restricts the asked class with a modifier the model cannot ground",
          "d_place": "decline: the context names a place the request lacks",
          "d_contra": "decline: the context leaves out the request's storey or narrows it to another"}


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "ctx19-held" if held else "ctx19"
    models = {f: Model(ifc_dir / f) for f in MODELS}
    bases = [b for f in MODELS for b in [*bases_of(models[f], f), *_whole(models[f], f)]]
    cases: list[dict[str, Any]] = []
    for kind, templates in TEMPLATES.items():
        quota = (PER_DECLINE_HELD if held else PER_DECLINE) if kind.startswith("d_") else (
            PER_KIND_HELD if held else PER_KIND)
        cap = quota // 4 + 1
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
                    "id": f"crf-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
                    "kind": "german" if kind == "p_german" else "storey_class", "context": kind,
                    "template": template, "base": bid,
                    "base_query": base["de"] if kind == "p_german" else base["en"], "oracle": oracle,
                    "oracle_rule": _RULES.get(kind, "the base's class on its storey (storey-deep, "
                                                    "people_oracles.Model); the context cannot restrict it"),
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
