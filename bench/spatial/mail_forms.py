"""Mail bench (issue 22, round 14 mail14): whole e-mails and FM tickets around one request, generated.

    python bench/spatial/mail_forms.py [--ifc-dir ../shared/ifc] [--check]   # mail_cases.json + mail_cases_b.json
    python bench/spatial/mail_forms.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

The e-mail / FM-ticket form is the weakest phrasing on every blind set (people_twelfth form c 0.48, people_tenth
form c 0.43). Round 11's message bench holds one context sentence around a question; people paste WHOLE messages:
a subject line, a greeting on its own line, one or two context sentences, the request (often no question: "I'd need
...", "please send over ...", "could someone pull ..."), thanks, a signature block (role, company, phone number,
e-mail address), "Sent from my iPhone", a quoted earlier mail ("> ..."), a ticket header ("Ticket #4411 | Prio:
high | Status: open"), bullet lists, chat lines with the speaker's name, German mails ("Hallo zusammen, ... Viele
Grüße"), and context sentences that have the form of a request but say what is planned ("We want to repaint the
stairwell in May.", "Wir möchten die Fenster tauschen lassen."). The taxonomy was written first, from how e-mails and
tickets are written (people_tenth / people_twelfth form (c) for ideas, none of their texts), not from the parser.

**Bases.** ``typo_bases.json`` (round 9: development questions answered right with a non-decline oracle), as in
``messages.py``; German bases only for ``e_german``.

**Positive kinds (oracle = the base's oracle, metamorphic; n_location: restricted).**

===========  ======================================================================================================
e_letter     greeting line, context, the question, thanks, a signature block (name, role, company, phone, address)
e_need       the request as a need or an imperative, no question ("I'd need {np} for the quote.", "Please send over
             {np}.", "Could someone pull {np} from the model.", "We need to know {ind}.")
e_quoted     a reply above a quoted earlier mail ("On Tue ... wrote:", "> ..." lines), subject "RE:"/"AW:"
e_ticket     an FM ticket: header fields (Ticket #, Prio, Status, Reporter, Category), a description, the request
e_bullets    context as a bullet list (crew, dates, access), then the request
e_mobile     a short mail from a phone ("Sent from my iPhone", "Von meinem iPhone gesendet")
e_intent     a context sentence of the request's FORM saying what is planned ("We want to repaint the stairwell.",
             "I'd like to get the glazier in before winter.")
e_purpose    the request with why it is asked in the same sentence ("..., so I can plan the crew?", "For the quote:
             ...?")
e_german     a German mail around a German base ("Hallo zusammen, ... Viele Grüße")
n_location   a ticket whose Location field names a storey, the request naming no place: the base's elements on that
             storey (storey-deep)
===========  ======================================================================================================

**Decline kinds.**

===========  ======================================================================================================
d_unknown    a context sentence narrowing with something an IFC file cannot ground ("We only need the ones the
             cleaners flagged last week.", "Nur die, die beim Rundgang beschädigt waren."): never the whole set
d_two        two different requests in one mail ("... Also, please send over the number of windows on {S2}.")
d_refusal    the mail's request writes, prices or schedules ("Please remove {np} from the model.")
===========  ======================================================================================================

Oracles in plain IfcOpenShell through ``messages.fill`` (the base's oracle, or ``people_oracles.Model``'s
storey-deep restriction for n_location), or declines. **Held back**: every third template of each kind, drawn with
another seed, goes only into ``mail_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from framing import _FRAMED, _GERMAN, form, strip_mark  # noqa: E402
from generated_bench import bench_main, draw_bases, kind_lines, report_table  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from messages import fill as message_fill  # noqa: E402
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "mail_cases.json"
OUT_HELD = HERE / "mail_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 13
PER_KIND_HELD = 7
HOLD_EVERY = 3

# slots as in messages.py: {Q} the base asked, {q} without its mark, {ind} indirect, {np} noun phrase, {S2} another
# storey than the base's, {S} a storey of the model
TEMPLATES: dict[str, list[str]] = {
    "e_letter": [
        "Hi Jonas,\n\nhope you're well. The fit-out crew starts on site on Monday and the foreman asked me to "
        "double-check a few things.\n\n{Q}\n\nThanks a lot!\nMaren\n\n--\nMaren Vogt | Project Coordinator\n"
        "Nordbau GmbH | Tel. +49 40 1234-567",
        "Dear Mr Keller,\n\nfollowing our call this morning, {q}?\n\nMany thanks in advance.\n\nKind regards,\n"
        "Brigitte Sommer\nFacility Management\nbrigitte.sommer@example.org",
        "Good morning all,\nquick one before the site meeting at 10:30. {Q}\nCheers,\nDave\nSite Manager, Block 7",
        "Hello,\n\nI've just taken over this project from Anna, who is on parental leave until October. {Q} "
        "Sorry if this has been asked before.\n\nBest wishes,\nTom Fischer\nMob: 0171 2345678",
        "Hi team,\nthe client meeting got moved to Thursday 3 pm. {Q}\nThanks,\nL.",
        "Dear colleagues,\n\nas discussed in yesterday's jour fixe, {q}?\n\nYours sincerely,\nDr. H. Brandt\n"
        "Head of Estates",
    ],
    "e_need": [
        "Hi,\nfor the quote I'd need {np}.\nThanks, Ola",
        "Morning,\nplease send over {np} when you get a chance.\nCheers, Rob",
        "Hi all,\ncould someone pull {np} from the model? The surveyor is here tomorrow.\nThx",
        "Hello,\nwe need to know {ind}.\nRegards, Facility Services",
        "Hi Jan, can you tell me {ind}? Thanks!",
        "Dear team,\nwould be great if someone could list {np} for me.\nBest, Priya",
    ],
    "e_quoted": [
        "Thanks Ben, that helps. One more thing: {q}?\n\nOn Tue, 3 Mar 2026 at 09:14, Ben Adler wrote:\n"
        "> Hi Sara,\n> the drawings are uploaded to the shared folder.\n> Ben",
        "RE: handover documents\n\n{Q}\n\nRegards, Ute\n\n-----Original Message-----\nFrom: Mike Lane\n"
        "Sent: Monday, 2 March 2026 16:02\nSubject: handover documents\n\nUte, the O&M manuals are on the way.",
        "AW: Begehung\n\nHi Klaus,\n{Q}\nDanke!\n\n> Am 02.03.2026 um 14:10 schrieb Klaus Meier:\n"
        "> Die Begehung ist am Freitag um 9.",
        "> When does the painter start?\n\nNext Monday. And {q}?\n\nSent from my iPad",
        "RE: RE: fire door survey\n\nHi again,\n{Q}\nThanks\n\n> From: Facilities\n> The survey report is "
        "attached, please review by Friday.",
        "Fwd: snagging list\n\n---------- Forwarded message ---------\nFrom: Site Office\nDate: Wed, 4 Mar 2026\n\n"
        "The snagging walk is done.\n\n----\n{Q}",
    ],
    "e_ticket": [
        "Ticket #4411 | Prio: high | Status: open | Reporter: J. Meyer\n{Q}",
        "[FM-2207] Category: Maintenance / Priority: 2 / Opened: 04.03.2026\nDescription: Tenant reports draughts "
        "in the morning.\nRequest: {q}?",
        "Work order WO-1183\nStatus: new\nAssigned to: caretaker team\n\n{Q}\n\n(auto-generated by CAFM)",
        "Helpdesk ticket 5530 - opened by reception\nSummary: annual inspection prep\nDetails: {Q}",
        "TICKET 77812\nPriority: Medium\nRequested by: Hausverwaltung Schulz\n---\n{Q}\n---\nDo not reply to "
        "this e-mail.",
        "Service request SR-90321 (created 05.03.2026 08:12)\nCaller: Mrs. Okafor\nNotes: {Q}",
    ],
    "e_bullets": [
        "Hi,\nplanning for next week:\n- crew: 3 people\n- start: Monday 7:00\n- access via the loading bay\n\n{Q}\n"
        "Thanks, Mo",
        "Some background:\n* the tenant leaves end of April\n* the handover walk is on the 28th\n* keys are with "
        "the caretaker\n\n{Q}",
        "Hello,\nstatus update:\n1. scaffolding is up\n2. the skip arrives tomorrow\n3. invoices go out Friday\n"
        "{Q}\nBest, Ina",
        "To do before the audit:\n- print the floor plans\n- book the meeting room\nand {q}?",
        "Hi,\n\n- weather looks fine for Thursday\n- crane booked 8-12\n\n{Q}\n\nCheers",
        "Notes from the site walk:\n• lots of dust on the stairs\n• the lift was serviced\n\n{Q}\nRegards",
    ],
    "e_mobile": [
        "{Q}\n\nSent from my iPhone",
        "hi, on site now. {q}? thx\n\nSent from my Samsung Galaxy smartphone.",
        "{Q}\nVon meinem iPhone gesendet",
        "quick one - {q}?\n\nGet Outlook for Android",
        "{Q} ta\n\nSent from my iPad",
        "Hi, {q}? Sorry for typos, on my phone.\n\nSent from Mail for Windows",
    ],
    "e_intent": [
        "Hi,\nwe want to repaint the stairwell in May. {Q}\nThanks, Kim",
        "I'd like to get the glazier in before winter. {Q}",
        "Hello, we would like to start the refurbishment after Easter. {Q} Best, Ola",
        "We want to swap the old light fittings next month. {Q}",
        "Hi Tom, I'd like to have the cleaners in on Saturday. {Q} Cheers",
        "We need to hand over the keys by Friday. {Q}",
    ],
    "e_purpose": [
        "Hi,\n{q}, so I can plan the crew for next week?\nThanks",
        "For the quote: {q}?",
        "{q}? I'm asking because the insurer wants the numbers by Friday.",
        "Hi, {q}? Need it for the tender documents.",
        "To book the right number of technicians - {q}?",
        "{Q} That's for the maintenance contract renewal.",
    ],
    "e_german": [
        "Hallo zusammen,\n\nnächste Woche kommt der Gutachter. {Q}\n\nViele Grüße\nKlaus Winter",
        "Hallo Frau Berger,\nwir möchten im Frühjahr die Fassade streichen lassen. {Q}\nMit freundlichen Grüßen\n"
        "Hausverwaltung Schulz",
        "Moin,\n{Q}\nDanke und Gruß\nJens",
        "Guten Tag,\nder Handwerker kommt am Montag um 8 Uhr. {Q}\nBeste Grüße, Petra",
        "Hi,\nkurze Frage wegen der Begehung: {q}?\nLG Anna\n\nVon meinem iPhone gesendet",
        "Sehr geehrte Damen und Herren,\n\nim Auftrag unseres Mandanten bitte ich um folgende Auskunft: {Q}\n\n"
        "Mit freundlichen Grüßen\nDr. M. Roth",
    ],
    "n_location": [
        "Ticket #5120 | Location: {S} | Prio: normal\n{Q}",
        "FM request\nLocation: {S}\nReported by: caretaker\n\n{Q}",
        "Work order 3317\nFloor: {S}\nDescription: annual check\n{Q}",
        "Ticket 812 - Ort: {S}\nBitte prüfen. {Q}",
        "Helpdesk | Location: {S} | Status: open\nDetails: {Q}",
        "Job 4410\nLevel: {S}\nTask: inspection\n{Q}",
    ],
    "d_unknown": [
        "Hi,\n{Q} We only need the ones the cleaners flagged last week.\nThanks, Ute",
        "Hello,\nonly the ones Tom marked on his printout matter. {Q}\nRegards",
        "{Q} Just the ones that were repainted in 2019, please.\n\nSent from my iPhone",
        "Ticket #6021 | Prio: low\nOnly the damaged ones. {Q}",
        "Hi, {q}? Only those with the old brass handles though.\nCheers",
        "Hallo,\n{Q} Nur die, die beim letzten Rundgang beschädigt waren.\nGruß",
    ],
    "d_two": [
        "Hi,\n{Q}\nAlso, please send over the number of windows on {S2}.\nThanks, Ben",
        "Hello,\ntwo things:\n1. {Q}\n2. What is the total floor area of {S2}?\nRegards",
        "{Q} And could someone pull the doors on {S2} as well?\n\nSent from my iPhone",
        "Ticket #7002 | Prio: high\n{Q}\nAlso: how many rooms are on {S2}?",
        "Hi,\n{Q} Plus I'd need the walls on {S2}.\nCheers",
        "Hallo,\n{Q}\nUnd wie viele Türen gibt es auf {S2}?\nGruß",
    ],
    "d_refusal": [
        "Hi,\nthe layout changes next month. Please remove {np} from the model.\nThanks, Kai",
        "Hello,\n{Q} And what would it cost to replace them?\nRegards",
        "Ticket #2290 | Prio: high\nPlease move {np} to the other side of the corridor.",
        "Hi, {Q} When are they due for replacement?\nCheers",
        "Dear all,\ncould someone delete {np}? They were demolished last year.\nBest",
        "{Q} Also, how much did they cost?\n\nSent from my iPhone",
    ],
}

# the kind messages.fill computes the oracle with (positive kinds keep the base's oracle)
_LOGIC = {"n_location": "n_place", "d_two": "n_two", "d_refusal": "n_refusal"}
# declines whose template needs a class the base lists (elements or a count of them)
_LISTS = ("d_unknown", "d_refusal")


def fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    """The mail and its oracle, or None when the base does not fit the template."""
    if kind in _LISTS and base["oracle"].get("type") not in ("elements", "count"):
        return None
    got = message_fill(template, base, model, rng, _LOGIC.get(kind, "m_" + kind))
    if got is None:
        return None
    text, oracle = got
    if kind.startswith("d_"):
        oracle = {"type": "decline"}
    return text, oracle


def usable(base: dict[str, Any], kind: str) -> bool:
    q = strip_mark(base["query"])
    if not q or len(q) >= 90 or _FRAMED.search(q):
        return False
    german = bool(_GERMAN.search(q))
    if kind == "e_german":
        return german
    return not german and form(q) is not None


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    def case(kind: str, name: str, bid: str, template: str, base: dict[str, Any], text: str,
             oracle: Any) -> dict[str, Any]:
        positive = kind.startswith("e_")
        return {
            "id": f"mail-{kind}-{bid}", "query": text, "ifc_filename": base["ifc_filename"],
            "kind": base["kind"], "mail": kind, "template": template, "base": bid, "base_set": name,
            "base_query": base["query"], "oracle": oracle,
            "oracle_rule": (f"the base question's oracle ({name} {bid}); the mail asks the same; "
                            if positive else f"{kind} of the base ({name} {bid}): ") + base.get("oracle_rule", ""),
            "source": "ifcopenshell",
        }  # fmt: skip

    quota = PER_KIND_HELD if held else PER_KIND
    return draw_bases(ifc_dir, held, TEMPLATES, bases_path=BASES, salt="mail14-held" if held else "mail14",
                      quota=quota, cap=quota // 4 + 1, hold_every=HOLD_EVERY, usable=usable, fill=fill, case=case)


def report(run: Path, cases_path: Path) -> str:
    return report_table(run, cases_path, "mail", TEMPLATES, lambda kind: kind.startswith(("e_", "n_")), "decline")


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kind_lines("mail"), DEFAULT_IFC_DIR, argv, report=report,
                      report_help="per-kind table of a spatial-bench run", report_metavar="RUN_DIR",
                      check_help="exit 1 when the committed cases differ",
                      differs="differs from what the script computes", label=lambda path: path.name)


if __name__ == "__main__":
    sys.exit(main())
