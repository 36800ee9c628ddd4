"""More mails (issue 22, round 15 mail15): forwarded chains, ticket fields, PS lines, out-of-office text, generated.

    python bench/spatial/mail_more.py [--ifc-dir ../shared/ifc] [--check]   # mail_more_cases.json + _b
    python bench/spatial/mail_more.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

Round 14's mail bench holds one layout per mail. Real mails and tickets arrive as forwarded chains (several
"From:/Sent:/Subject:" blocks, "WG:"/"FW:"/"Begin forwarded message:"), ticket systems export their fields in any
order and language ("Meldung 4471 / Priorität: hoch / Melder: Hausmeister", "Incident INC0042117 / Short
description: ..."), the sender's signature or a context sentence names another storey or a room the request does
NOT restrict to ("the painters are on {S2} all week"), a "PS:" line carries an aside or the request itself, and an
out-of-office reply is pasted along. Some context DOES restrict ("Geschoss: {S}", "PS: only {S} please"), and some
restricts in a way no IFC file holds ("Location: Building C", "only the ones in the east wing"): those must decline.
The taxonomy was written first, from how mails and tickets are written, not from the parser.

**Bases.** ``typo_bases.json`` (round 9: development questions answered right with a non-decline oracle), as
``messages.py`` / ``mail_forms.py`` use them (English bases; the mail around them may be German).

**Positive kinds (oracle = the base's oracle, metamorphic).**

===========  ======================================================================================================
f_forward    a forwarded chain: forward headers (From/Date/Subject/To, "WG:", "Begin forwarded message:"), the
             request inside or above it
f_fields     ticket fields in other orders and languages, with a summary / short-description line, no place field
f_ctx_place  a context sentence or a signature naming another storey {S2} (and rooms) than the request's own
f_ps         a "PS:" line with an aside, or the request itself in the PS
f_ooo        an out-of-office reply pasted along (English or German), the request before or after it
===========  ======================================================================================================

**Restricting kind (oracle = the base's elements on storey {S}, storey-deep, ``people_oracles.Model``).**

===========  ======================================================================================================
r_scope      the context restricts to a storey the request does not name: a sentence ("this is only about {S}"),
             a ticket field in German or English ("Geschoss: {S}", "Status: open | Location: {S} | Prio: 2"), a PS
===========  ======================================================================================================

**Decline kind.**

===========  ======================================================================================================
d_scope      the context restricts in a way the model cannot ground ("Location: Building C", "Ort: Bauteil B,
             Nordflügel", "only the ones in the east wing", "PS: just the ones the auditor flagged")
===========  ======================================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into ``mail_more_cases_b.json``,
scored once at the end of the round.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, draw_bases, kinds_summary, report_misses  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from mail_forms import usable  # noqa: E402
from messages import fill as message_fill  # noqa: E402
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "mail_more_cases.json"
OUT_HELD = HERE / "mail_more_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 12
PER_KIND_HELD = 6
HOLD_EVERY = 3

# slots as in messages.py: {Q} the base asked, {q} without its mark, {S2} another storey than the base's, {S} a
# storey of the model the oracle restricts to
TEMPLATES: dict[str, list[str]] = {
    "f_forward": [
        "Fwd: Fwd: door survey\n\nSee below, can you help?\n\n---------- Forwarded message ---------\n"
        "From: Lisa Brandt <lisa.brandt@example.org>\nDate: Thu, 5 Mar 2026 at 11:02\nSubject: door survey\n"
        "To: FM Team <fm@example.org>\n\nHi,\n{Q}\nThanks, Lisa",
        "FW: question from the tenant\n\nFYI, see the tenant's question below.\n\nFrom: Tenant Services\n"
        "Sent: 04 March 2026 09:40\nTo: Facilities\nSubject: question\n\n{Q}",
        "WG: Anfrage Mieter\n\n-------- Weitergeleitete Nachricht --------\nBetreff: Anfrage\nDatum: 05.03.2026\n"
        "Von: Mieterservice\n\n{Q}",
        "Begin forwarded message:\n\nFrom: Paul Stein <p.stein@example.com>\nSubject: quick question\n"
        "Date: 6 March 2026 at 08:15:22 CET\n\n{Q}\n\nPaul",
        "Fwd: Re: Re: snagging\n\n{Q}\n\n---- Original message ----\nFrom: Ben\nThe snagging walk is done, list "
        "attached.\n\n---- Original message ----\nFrom: Ute\nWhen is the snagging walk?",
        "Can you answer this one? Thx\n\n> From: Site Office\n> Sent: Tuesday, 3 March 2026 14:20\n> {Q}",
    ],
    "f_fields": [
        "Status: open | Prio: 3 | Ticket-Nr. 20331\n{Q}",
        "Meldung 4471\nPriorität: hoch\nStatus: in Bearbeitung\nMelder: Hausmeister\nBeschreibung: {Q}",
        "Reporter: K. Wolf / Category: Inspection / ID: INC-0098812\n\n{Q}",
        "SR#88213 [P2] [Open]\nRequester: front desk\nIssue: {Q}",
        "Incident INC0042117\nShort description: survey data request\nDescription: {Q}\n"
        "Assignment group: FM-Data",
        "Auftrag Nr. 5512 - Dringlichkeit: normal - Status: neu\n{Q}",
    ],
    "f_ctx_place": [
        "Hi,\nthe painters are on {S2} all week, so it's noisy. {Q}\nThanks, Ole",
        "We had a leak on {S2} last night, the plumber fixed it. {Q}",
        "{Q}\n\nBest,\nKai Brenner\nFacility Management, office on {S2}",
        "FYI the lift to {S2} is out of order until Friday. {Q}",
        "Hallo,\nauf {S2} wird gerade gestrichen. {Q}\nGruß",
        "Morning, I'm sitting on {S2} today if you want to drop by. {Q} Cheers",
    ],
    "f_ps": [
        "Hi,\n{Q}\nThanks!\nMia\n\nPS: the coffee machine is broken again.",
        "Hello,\n{Q}\nBest, Jo\nP.S. I'll be in the office from 8 tomorrow.",
        "Hi Sam,\nquick question about the model.\n\nPS: {Q}",
        "{Q}\n\nThanks\nPS: sorry for the late reply, busy week.",
        "Hi,\nsee my question below.\nP.S.: {Q}",
        "Moin,\n{Q}\nGruß\nPS: Schlüssel liegen beim Hausmeister.",
    ],
    "f_ooo": [
        "{Q}\n\nThanks, Ana\n\n> Automatic reply: I am out of the office until Monday 9 March with limited access "
        "to e-mail. For urgent matters please contact the service desk.",
        "Hi Tom, I got your out-of-office, so asking the team instead: {q}?\nCheers",
        "Abwesenheitsnotiz: Ich bin bis zum 14.03. nicht im Büro. In dringenden Fällen wenden Sie sich bitte an "
        "facility@example.de.\n\n{Q}",
        "Out of office until 20 March. {Q}",
        "{Q}\n\nI'm on leave from tomorrow until the 28th, Jonas covers for me.\nRegards, Eva",
        "Automatic reply: RE: survey\nThank you for your e-mail. I am currently away.\n\n---\n{Q}",
    ],
    "r_scope": [
        "Hi,\nthis is only about {S}, the other floors are done.\n{Q}\nThanks",
        "Meldung 3381\nGeschoss: {S}\nPriorität: normal\n{Q}",
        "Status: open | Location: {S} | Prio: 2\n{Q}",
        "{Q}\n\nPS: only {S} please.",
        "Etage: {S} / Kategorie: Inspektion / Nr. 7781\n{Q}",
        "Hi,\nwe're only doing {S} this time.\n{Q}\nCheers",
    ],
    "d_scope": [
        "Hi,\n{Q}\nOnly the ones in the east wing, please.\nThanks",
        "Ticket 9021 | Location: Building C | Prio: low\n{Q}",
        "{Q}\nPS: just the ones the auditor flagged.",
        "Ort: Bauteil B, Nordflügel\n{Q}",
        "Hi,\nwe only need the ones in the tenant's area.\n{Q}",
        "{Q} Only the ones I marked in the attached PDF.\n\nSent from my iPhone",
    ],
}


def fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    """The mail and its oracle, or None when the base does not fit the template."""
    if kind == "d_scope" and base["oracle"].get("type") not in ("elements", "count"):
        return None
    got = message_fill(template, base, model, rng, "n_place" if kind == "r_scope" else "m_" + kind)
    if got is None:
        return None
    text, oracle = got
    return text, ({"type": "decline"} if kind.startswith("d_") else oracle)


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    def case(kind: str, name: str, bid: str, template: str, base: dict[str, Any], text: str,
             oracle: Any) -> dict[str, Any]:
        rule = {"r_scope": f"the base's ({name} {bid}) elements on the storey the context names "
                           "(storey-deep, people_oracles.Model); ",
                "d_scope": f"decline: the context restricts the base ({name} {bid}) with what the model "
                           "cannot ground; "}.get(kind, f"the base question's oracle ({name} {bid}); the mail "
                                                    "asks the same; ")
        return {
            "id": f"more-{kind}-{bid}", "query": text, "ifc_filename": base["ifc_filename"], "kind": base["kind"],
            "mail": kind, "template": template, "base": bid, "base_set": name,
            "base_query": base["query"], "oracle": oracle,
            "oracle_rule": rule + base.get("oracle_rule", ""), "source": "ifcopenshell",
        }  # fmt: skip

    quota = PER_KIND_HELD if held else PER_KIND
    return draw_bases(ifc_dir, held, TEMPLATES, bases_path=BASES, salt="mail15-held" if held else "mail15",
                      quota=quota, cap=quota // 4 + 1, hold_every=HOLD_EVERY, usable=usable, fill=fill, case=case)

def report(run: Path, cases_path: Path) -> str:
    """Mean score per mail kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "mail")


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("mail", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
