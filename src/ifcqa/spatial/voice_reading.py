"""The request in another voice read by the kinds of its words: word forms and asking order (issue 22, round 20
voice20).

When the rules' plan declines (after the spelling reread), :func:`reread` reads the question again with

- its asking order canonical (:mod:`ifcqa.spatial.asking_order`: "TOPIC - the ATTRIBUTE is what?", a yes/no tag
  "or not" after a yes/no question), and
- its unknown words read as the known words they are forms of (:mod:`ifcqa.spatial.word_forms`: verb forms,
  plurals, hyphenated compounds of the model's names, contractions),

and parses it again through spelling. The new plan is kept only when it is understood as a whole (no decline, no
unknown storey) and the check of :func:`ifcqa.spatial.check.check_question` passes on the text so read; else the
first plan stands, with a note saying what was read and that it was still not understood. The readings are
recorded in ``plan.notes`` and ``plan.resolved["voice"]``; a word with two bases is named in the decline. Nothing
is dropped but a yes/no tag, which names nothing: the reading is never broader than the question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ifcqa.spatial import asking_order, several_requests, spelling, spoken_voice, word_forms
from ifcqa.spatial.check import check_question

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan


def _forms(parser: Parser) -> word_forms.Forms:
    found: word_forms.Forms | None = getattr(parser, "_word_forms", None)
    if found is None:
        found = word_forms.Forms(spelling.speller(parser), parser._all_type_names())
        parser._word_forms = found  # type: ignore[attr-defined]
    return found


def reread(parser: Parser, question: str, plan: Plan) -> Plan:
    """The plan of ``question`` read in its canonical order and with its word forms read, when ``plan`` declined
    and the question so read is understood as a whole; else ``plan``."""
    if not spelling._declined(plan) or any(n.startswith("refused") for n in plan.notes) \
            or plan.parser.startswith("llm:") or several_requests.settled(plan):
        return plan
    order = asking_order.read(question)
    tries = [(order.text, order.notes)]
    if order.other is not None:  # the topic's last noun read into the attribute: first when the model holds that name
        other = (order.other[0], [*order.notes[:-1], order.other[1]])
        tries.insert(0 if parser._holds_words(order.other[2]) else 1, other)
    noted: set[str] = set()
    kept = _first_understood(parser, question, plan, tries, order.yes_no, noted)
    if kept is not None:
        return kept
    # round 21 (spoken_voice): typed in a hurry or dictated: typos, dictated punctuation, totals, tails about the
    # question; tried only when the readings above did not make the question understood
    reason = plan.declined["reason"] if plan.declined is not None else ""
    spoken = []
    for said, said_notes in tries:
        got = spoken_voice.read(parser, said, reason, lambda text: _formed(parser, text))
        if got is not None:
            spoken.append((got.text, said_notes + got.notes))
    kept = _first_understood(parser, question, plan, spoken, order.yes_no, noted, quiet=True)
    if kept is None:
        return plan
    if kept.intent == "list" and any(n.startswith(spoken_voice.TOTAL_NOTE) for n in kept.notes):
        kept.intent = "count"  # "sum of both", "taken together": a total asks the number
    return kept


def _formed(parser: Parser, text: str) -> tuple[str, list[str]]:
    """``text`` with its unknown words read as the known words they are forms of, and the notes."""
    found, _ = _forms(parser).read(text)
    for r in reversed(found):
        text = text[:r.start] + r.read_as + text[r.end:]
    return text, [r.note() for r in found]


def _first_understood(parser: Parser, question: str, plan: Plan, tries: list[tuple[str, list[str]]], yes_no: bool,
                      noted: set[str], quiet: bool = False) -> Plan | None:
    """The plan of the first of ``tries`` (a text and its notes) understood as a whole with its word forms read,
    or None."""
    for said, said_notes in tries:
        found, ambiguous = _forms(parser).read(said)
        for word, options in ambiguous:
            note = f"{word!r} may be a form of " + " or of ".join(repr(o) for o in options[:3]) + ": not read as either"
            if note not in noted and not quiet:
                noted.add(note)
                plan.notes.append(note)
                if plan.declined is not None:
                    plan.declined["reason"] = plan.declined["reason"] + f" ({note})"
        text = said
        for r in reversed(found):
            text = text[:r.start] + r.read_as + text[r.end:]
        if text == question:
            return None
        notes = said_notes + [r.note() for r in found]
        again = spelling.reread(parser, text, spelling.parse(parser, text))
        if not (spelling._declined(again) or check_question(again) or again.declined is not None):
            return _kept(plan, question, again, notes, yes_no)
        plan.notes.append("voice: " + "; ".join(notes) + ", and the question was still not understood")
    return None


def _kept(plan: Plan, question: str, again: Plan, notes: list[str], yes_no: bool) -> Plan:
    if yes_no and again.intent in ("list", "count"):
        again.intent = "exists"
        notes.append("answered yes or no, as the tag asks")
    again.question = question
    again.parser = plan.parser
    again.notes = notes + again.notes
    again.resolved["voice"] = notes
    return again
