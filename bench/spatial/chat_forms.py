"""Requests inside a chat log, a voice-memo transcript or an e-mail with context around them (issue 22, round 16
chat16), generated.

    python bench/spatial/chat_forms.py [--ifc-dir ../shared/ifc] [--check]   # chat_cases.json + _b
    python bench/spatial/chat_forms.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People paste what they got: a chat log ("Lea: the electrician is coming at 9\\nOla: which lights are on the
EG?\\nLea: thx"), a transcribed voice memo ("[voice memo, transcribed] yeah so um the surveyor wants to, uh, start
tomorrow, {q}, right, that's it"), an e-mail whose context comes before AND after the request, naming other storeys
the request does not restrict to ("The basement comes later."). Speaker names, timestamps, fillers and the other
speakers' lines that ask nothing are no part of the request; a line that restricts it is, and must be applied or
declined. The taxonomy was written first, from how chats, memos and mails are written, not from the parser.

**Bases.** ``typo_bases.json`` (round 9: development questions answered right with a non-decline oracle), as
``mail_more.py`` uses them.

**Positive kinds (oracle = the base's oracle, metamorphic).**

=============  ====================================================================================================
c_chat         a chat log of 2-3 speakers ("Name: text", timestamps, "[09:14]"), the request one speaker's turn,
               the others' lines context (before and after: "exactly", "thx", "no idea, asking the model")
c_chat_place   a chat log whose context lines name another storey {S2} than the request's own
c_voice        a voice-memo / call transcript: framing ("[voice memo, transcribed]"), fillers (um, uh, yeah so,
               like, right, ok so, "that's it"), context before and after the request
c_mail_after   an e-mail with context sentences before AND after the request, one naming another storey {S2}
c_german       German chat or voice memo around a German base
c_nonnative    non-native English chat or memo ("he come tomorrow for check", "pls tell me")
=============  ====================================================================================================

**Restricting kind (oracle = the base's elements on storey {S}, storey-deep, ``people_oracles.Model``).**

=============  ====================================================================================================
r_scope        another speaker's line or a memo sentence restricts to a storey the request does not name
               ("Lea: only {S} today", "it's only about {S}, ok")
=============  ====================================================================================================

**Decline kind.**

=============  ====================================================================================================
d_scope        a context line restricts in a way the model cannot ground ("Lea: only the ones in the east wing",
               "just the ones the painter marked", "um, only the broken ones"), or the request points back at a
               context line the model cannot ground ("the ones Jan flagged")
=============  ====================================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into ``chat_cases_b.json``,
scored once at the end of the round.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, draw_bases, kinds_summary, report_misses  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from mail_forms import usable as mail_usable  # noqa: E402
from mail_more import fill  # noqa: E402 (the same kinds of fill as round 15's mails: r_scope, d_scope, m_*)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "chat_cases.json"
OUT_HELD = HERE / "chat_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 12
PER_KIND_HELD = 6
HOLD_EVERY = 3

# slots as in messages.py: {Q} the base asked, {q} without its mark, {S2} another storey than the base's, {S} a
# storey of the model the oracle restricts to
TEMPLATES: dict[str, list[str]] = {
    "c_chat": [
        "Chat:\nLea: the electrician is coming at 9\nOla: {Q}\nLea: thx",
        "[09:12] Jan: morning all\n[09:13] Mira: morning! the scaffolding goes up tomorrow\n[09:14] Jan: {Q}\n"
        "[09:15] Mira: no idea, asking the model",
        "Tom: did anyone see the delivery note?\nSara: it's in the container\nTom: ok. {Q}\nSara: good question",
        "Ben: {Q}\nAnna: exactly, I was wondering that too\nBen: 👍",
        "Kai: the client meeting moved to Thursday\nUte: ok noted\nKai: also, {q}?",
        "Nina: hey\nNina: {Q}\nPaul: no clue tbh\nNina: ok I'll ask the model",
    ],
    "c_chat_place": [
        "Lea: the painters are on {S2} all week\nOla: {Q}\nLea: thanks",
        "[14:02] Max: I'm on {S2} now, the lift works again\n[14:03] Ida: great. {Q}",
        "Sven: {Q}\nJule: no idea, I was on {S2} all day\nSven: ok",
        "Eva: the plumber finished {S2} yesterday\nTim: nice\nEva: {Q}",
        "Ali: the cleaners start on {S2} at 7\nBea: ok\nAli: {q}?\nBea: good q",
        "Rob: {Q}\nLiv: the keys for {S2} are at reception btw",
    ],
    "c_voice": [
        "[voice memo, transcribed] yeah so um the surveyor wants to, uh, start tomorrow, {q}, right, that's it",
        "Voice memo: ok so, uh, I'm in the car, um, {q}? yeah. thanks, bye",
        "Transcript: hi it's Marc, um, the glazier called back, he can come Friday, so, uh, {q}? ok that's it, "
        "call me back",
        "(transcribed voice message) hey, so like, the client is asking again, {q}, yeah, let me know",
        "[Voice message 0:24] um yeah hi, quick one, {q}? uh, the inspection is next week. ok bye",
        "Sprachnachricht (transkribiert): ok so um yeah, {q}? that's all, thanks",
    ],
    "c_mail_after": [
        "Hi Kim,\n\nthe glazier starts on Monday. {Q} The {S2} comes later.\n\nCheers",
        "Hello,\n\nwe had the site walk today. {Q} {S2} is already done, the painter finished it last week.\n\n"
        "Best, Jo",
        "Hi,\n{Q}\nThe cleaners will do {S2} next month, no rush there.\nThanks, Mia",
        "Dear all,\n\nthe tender goes out on Friday. {Q} The report for {S2} follows tomorrow.\n\nRegards, Ute",
        "Hi Sam,\n\n{Q} I'll be on {S2} all afternoon if you want to talk.\n\nThanks",
        "Morning,\n\nthe scaffolding is up. {Q} We start with {S2} after Easter.\n\nBR, Lars",
    ],
    "c_german": [
        "Chat:\nLea: der Elektriker kommt um 9\nOla: {Q}\nLea: danke",
        "Sprachnachricht: ähm ja also, der Gutachter will morgen anfangen, äh, {q}? ok, das wars",
        "Jan: Moin\nMira: der Maler kommt am Montag\nJan: {Q}\nMira: keine Ahnung, frag das Modell",
        "[Sprachmemo, transkribiert] also ähm, {q}? genau. danke, tschüss",
        "Hallo Kim,\n\nder Glaser fängt am Montag an. {Q} Der Rest kommt später.\n\nGruß",
        "Tom: hast du den Lieferschein?\nSara: liegt im Container\nTom: ok. {Q}",
    ],
    "c_nonnative": [
        "Chat:\nPiotr: the electric guy he come tomorrow for check\nAna: {Q}\nPiotr: ok thank you very much",
        "voice memo: hello, eh, is Marco, the client he ask me again, eh, {q}? ok, thank you",
        "Hi,\n\nwe have meeting with owner on friday. pls tell me, {q}? after this I send the offer.\n\n"
        "thanks, Dimitri",
        "Li: good morning, painter is start next week\nLi: {Q}\nOmar: i dont know, sorry",
        "Memo: ok so, the inspector he want to see the building, ehm, {q}? that is all",
        "Raj: hello team, the drawings is uploaded now\nRaj: {Q}\nKeiko: thank you Raj",
    ],
    "r_scope": [
        "Lea: we're only doing {S} today\nOla: {Q}",
        "[voice memo] um, so this is only about {S}, ok, {q}? thanks",
        "Jan: {Q}\nMira: only {S} please, the rest is done",
        "Tom: the crew only works on {S} this week\nSara: ok. {Q}",
        "Hi,\n\nthis is only about {S}. {Q}\n\nThanks",
        "Ben: just {S} for now\nAnna: ok\nBen: {Q}",
    ],
    "d_scope": [
        "Lea: only the ones in the east wing\nOla: {Q}",
        "[voice memo] um, {q}, uh, only the ones the painter marked, right, thanks",
        "Jan: {Q}\nMira: just the ones in the tenant's area pls",
        "Tom: the auditor flagged some\nSara: {q}, only those?",
        "Hi,\n\n{Q} Only the ones Jan photographed yesterday.\n\nCheers",
        "Ben: the broken ones are the problem\nAnna: {Q} Just them.",
    ],
}


def usable(base: dict[str, Any], kind: str) -> bool:
    return mail_usable(base, "e_german" if kind == "c_german" else "e_" + kind)


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    def case(kind: str, name: str, bid: str, template: str, base: dict[str, Any], text: str,
             oracle: Any) -> dict[str, Any]:
        rule = {"r_scope": f"the base's ({name} {bid}) elements on the storey the context names "
                           "(storey-deep, people_oracles.Model); ",
                "d_scope": f"decline: the context restricts the base ({name} {bid}) with what the model "
                           "cannot ground; "}.get(kind, f"the base question's oracle ({name} {bid}); the chat, "
                                                    "memo or mail asks the same; ")
        return {
            "id": f"chat-{kind}-{bid}", "query": text, "ifc_filename": base["ifc_filename"], "kind": base["kind"],
            "chat": kind, "template": template, "base": bid, "base_set": name,
            "base_query": base["query"], "oracle": oracle,
            "oracle_rule": rule + base.get("oracle_rule", ""), "source": "ifcopenshell",
        }  # fmt: skip

    quota = PER_KIND_HELD if held else PER_KIND
    return draw_bases(ifc_dir, held, TEMPLATES, bases_path=BASES, salt="chat16-held" if held else "chat16",
                      quota=quota, cap=quota // 4 + 1, hold_every=HOLD_EVERY, usable=usable, fill=fill, case=case)


def report(run: Path, cases_path: Path) -> str:
    """Mean score per chat kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "chat")


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("chat", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
