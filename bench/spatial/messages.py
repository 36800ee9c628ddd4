"""Message bench (issue 22, round 11): answered questions inside e-mails, FM tickets and chat messages, generated.

    python bench/spatial/messages.py [--ifc-dir ../shared/ifc] [--check]   # message_cases.json + message_cases_b.json
    python bench/spatial/messages.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

On people_eighth the same intents score 0.98 asked tersely and 0.35 inside an e-mail or ticket with its context:
the context sentences are parsed together with the question. People write the request in one sentence and say
around it what happened, what is planned, who is coming and why, naming other things of the building, storeys,
rooms, dates, people and ACTIONS that are refusal words when asked for (pricing, replacing, moving, demolishing,
scheduling, ordering, "the cost estimate"). The taxonomy below was written first, from how e-mails, FM tickets and
chat messages are written (``../shared/questions/ifc-bench-v1.csv`` and people_eighth's form (c) for ideas), not
from the parser's vocabulary.

**Bases.** ``typo_bases.json`` (round 9; re-checked against the round-11 start run: the development-set questions
main answers with score 1.0, oracle not a decline; no held-out file is read), in a form a message can hold (a
wh-question, "are/is there", an imperative, a bare noun phrase; English).

**Positive kinds (oracle = the base's oracle, metamorphic).** The request is complete by itself; the context says
something else.

==============  =================================================================================================
kind            context around the request
==============  =================================================================================================
m_action        what is planned or happening, with action words that are refusals when asked ("We're pricing new
                blinds for the whole building.", "We have to replace all the door closers this year.")
m_other_thing   other things of a building named in the context ("Before sizing the boiler I want to check one
                thing.", "The new fridges get delivered tomorrow.")
m_people        people, dates, visits ("The locksmith is coming on Thursday at 9.")
m_other_place   another storey of the model named in the context, the request naming its own ("We finished the
                painting on <S2> last week.")
m_after         the reason after the request ("<Q> The insurer asks because of last month's water damage.")
m_middle        the request between context sentences and e-mail wrappers
m_imperative    the request as an imperative ("Please list <np>.") after a context sentence
m_need          the request as a need ("I need <np>.", "I need to know <ind>.")
m_ticket        ticket and subject lines ("Ticket #4711 - broken handles. <Q>", "RE: cost estimate phase 2")
m_chat          chat ("ok so the demo crew is coming tmrw. <q>?", "fyi the cleaners were complaining again.")
m_pointback     the request followed by a generic point-back ("<Q> What does the model show?")
==============  =================================================================================================

**Negative kinds (the context restricts, or the request is not answerable as written).**

==============  =================================================================================================
n_restrict      a context sentence with a qualifier of the asked class ("We only care about the external ones."):
                the base's elements recording ``IsExternal`` = TRUE
n_exclude       a context sentence excluding ("Leave out the external ones."): IsExternal explicitly FALSE (the
                project's rule for "not external", round 9)
n_place         a context sentence narrowing to a storey before a request naming no place ("We're only looking at
                <S>."): the base's elements on that storey (storey-deep)
n_needs         an incomplete request whose subject and place are in the context ("The <noun> on <S> are old. How
                many are there?"): the base's oracle; a reading of the request alone would answer everything
n_refusal       the request sentence itself writes, prices or schedules ("... Can you delete <np>?"): a decline
n_two           two request sentences asking different things ("<Q> And how many windows are on <S2>?"): a decline
==============  =================================================================================================

Oracles in plain IfcOpenShell: positive and n_needs cases keep the base's oracle (its set's oracle script); the
others filter the base's GlobalIds with ``ifcopenshell.util.element.get_psets`` (IsExternal of the element's own or
its type's common set) or ``people_oracles.Model`` (storey-deep), or are declines.

**Held-back part.** Every third template of each kind, drawn with another seed, goes only into
``message_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from framing import (  # noqa: E402
    _AGGREGATE,
    _BASEMENT,
    _FRAMED,
    _GERMAN,
    _NEGATION,
    _PLACE_WORDS,
    form,
    indirect,
    is_external,
    noun_phrase,
    restricted,
    storey_phrase,
    strip_mark,
)
from generated_bench import bench_main, draw_bases, kind_lines, report_table  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "message_cases.json"
OUT_HELD = HERE / "message_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 20
PER_KIND_HELD = 10
HOLD_EVERY = 3  # templates with index % 3 == 2 are held back

# {Q}: the base as asked; {q}: without its closing mark; {ind}: indirect; {np}: noun phrase; {S2}: another storey
# of the model than the one the base names; {S}: a storey of the model; {noun}: the base's class noun; {place}: the
# base's "on <storey>"
TEMPLATES: dict[str, list[str]] = {
    "m_action": [
        "Hi, we're pricing new blinds for the whole building. {Q} Thanks, Maren",
        "We have to replace all the door closers this year, one floor at a time. {Q}",
        "Next month we are demolishing the old annex. {Q}",
        "I'm ordering new light bulbs tomorrow. {Q}",
        "We're scheduling the maintenance visits for March. {Q}",
        "The cost estimate for the refurbishment is due on Friday. {Q}",
        "We are moving the archive to the new site in May. {Q}",
        "The contractor is replacing the carpets after Easter. {Q}",
        "Hello, we're preparing a quote for the cleaning contract. {Q} Best regards, Ina",
    ],
    "m_other_thing": [
        "Before sizing the boiler I want to check one thing. {Q}",
        "The new fridges get delivered tomorrow. {Q}",
        "The lift has been out of order since Monday. {Q}",
        "Our sprinkler contractor is on site this week. {Q}",
        "The heat pump was serviced last winter. {Q}",
        "We're getting new fire extinguishers next week. {Q}",
    ],
    "m_people": [
        "The locksmith is coming on Thursday at 9. {Q}",
        "Anna from the estates team is away until the 14th, so I'm covering. {Q}",
        "Our new tenant moves in on 1 March. {Q}",
        "The auditor visits next Tuesday. {Q}",
        "Dear Mr Klein, the surveyor called this morning. {Q} Kind regards, B. Sommer",
        "The caretaker retired last month. {Q}",
    ],
    "m_other_place": [
        "We finished the painting on {S2} last week. {Q}",
        "The cleaners already did {S2} yesterday. {Q}",
        "{S2} is done, the inspector signed it off. {Q}",
        "Hi, the electricians are working on {S2} this week. {Q} Thanks!",
        "The tenant on {S2} complained about draughts. {Q}",
        "Work on {S2} starts in June. {Q}",
    ],
    "m_after": [
        "{Q} The insurer asks because of last month's water damage.",
        "{Q} The fire inspector comes next week and I want to be prepared.",
        "{Q} We are replacing the flooring in spring.",
        "{Q} My manager is pricing the renovation.",
        "{Q} The client is planning to sell the building.",
        "{Q} Our budget for next year depends on it.",
    ],
    "m_middle": [
        "Hi Sam, the fit-out crew starts on Monday. {Q} They want to plan the deliveries. Thanks, Lea",
        "Good morning. We're reorganising the storage next week. {Q} Many thanks, Tom",
        "Hello, the demolition of the garage is scheduled for July. {Q} Regards, Petra",
        "Dear team, the new owners take over in autumn. {Q} Best, the FM office",
        "Hi! The removal company needs a plan for Monday. {Q} Cheers",
        "Hello all, we got the invoice for the windows today. {Q} Thank you, Jo",
    ],
    "m_imperative": [
        "We're pricing the cleaning contract. Please list {np}.",
        "The auditor comes on Friday. Please send me {np}.",
        "Our team is replacing the signage. Please give me {np}.",
        "We move out of the old office soon. List {np}, please.",
        "The budget meeting is on Monday. Kindly list {np}.",
        "New tenant next month. Please show me {np}.",
    ],
    "m_need": [
        "The tender goes out on Friday. I need {np}.",
        "We're drafting the fire strategy. I need to know {ind}.",
        "Before I send the order I need {np}.",
        "The movers come on Monday and I need to know {ind}.",
        "For the cost plan I'd need {np}.",
        "We're demolishing the shed next week. I need to know {ind}.",
    ],
    "m_ticket": [
        "Ticket #4711 - replace broken handles. {Q}",
        "FM ticket 2207: water damage after the storm. {Q}",
        "RE: cost estimate phase 2\n{Q}",
        "Fwd: schedule for the repaint\n\nHi, {q}? Thanks",
        "Ticket 318 (priority high): heating fails at night. {Q}",
        "Subject: tender documents\n{Q}",
    ],
    "m_chat": [
        "ok so the demo crew is coming tmrw. {q}?",
        "fyi the cleaners were complaining again. {Q}",
        "quick q, we're ordering stuff for the refurb. {q}?",
        "lol the printer died again. anyway {q}?",
        "morning! boss wants numbers for the budget. {q}?",
        "hey, painting starts monday. {q}?",
    ],
    "m_pointback": [
        "{Q} What does the model show?",
        "{Q} Can you check in the model?",
        "We're replacing the locks soon. {Q} Could you look it up?",
        "{Q} What does the model say?",
        "The auditor comes Friday. {Q} Can you check?",
        "{Q} Could you pull it from the model?",
    ],
    "n_restrict": [
        "The facade is being renovated. {Q} We only care about the external ones.",
        "The client only wants the external ones. {Q}",
        "{Q} Only the external ones matter for the facade survey.",
    ],
    "n_exclude": [
        "{Q} Leave out the external ones, we did those last year.",
        "We don't need the external ones. {Q}",
        "{Q} Not the external ones, please.",
    ],
    "n_place": [
        "We're only looking at {S} this time. {Q}",
        "{Q} Only on {S}, please.",
        "{Q} Just {S}, the rest is done.",
    ],
    "n_needs": [
        "The {noun} {place} are old. How many are there?",
        "We're replacing the {noun} {place}. Can you list them?",
        "The {noun} {place} need new paint. Which ones are there?",
    ],
    "n_refusal": [
        "We're refurbishing next year. Can you delete {np}?",
        "The budget is tight. {Q} And what will they cost?",
        "Hi, the fit-out starts soon. Please move {np} to the other side.",
        "{Q} When will they be replaced?",
        "Our tenant leaves. Please remove {np} from the model.",
        "{Q} How much did they cost?",
    ],
    "n_two": [
        "{Q} And how many windows are on {S2}?",
        "We're pricing the refurbishment. {Q} Also, which floor is the kitchen on?",
        "{Q} Also, what is the total area of {S2}?",
    ],
}

# a base whose own words already frame it or count as a message (no doubling)
_CLASS_NOUN = re.compile(r"^(?:which|what)\s+(?P<noun>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+(?:are|is)\s+"
                         r"(?P<where>(?:on|in)\s+(?:the\s+)?.+)$|^how\s+many\s+(?P<noun2>[^\W\d_][\w-]*"
                         r"(?:\s+[^\W\d_][\w-]*)?)\s+(?:are\s+there\s+|are\s+)?(?P<where2>(?:on|in)\s+(?:the\s+)?.+)$",
                         re.I)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _one_storey(q: str, storeys: list[str]) -> str | None:
    """The one storey name the base names (once), else None."""
    hit = storey_phrase(q, storeys)
    if hit is None or sum(bool(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", q, re.I)) for n in storeys) != 1:
        return None
    return hit[2]


def fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    """The message and its oracle, or None when the base does not fit the template."""
    query = base["query"].strip()
    q = strip_mark(query)
    oracle = base["oracle"]
    slots: dict[str, str] = {"Q": _capital(query if query[-1:] in "?.!" else query + "?"), "q": q}
    storeys = [s for s in model.storey_names() if s]
    if "{ind}" in template:
        ind = indirect(q)
        if ind is None:
            return None
        slots["ind"] = ind
    if "{np}" in template:
        np = noun_phrase(q)
        if np is None:
            return None
        slots["np"] = np
    if "{S2}" in template:
        own = _one_storey(q, storeys)
        others = sorted(s for s in storeys if own is not None and s != own and storeys.count(s) == 1
                        and s.lower() not in q.lower() and own.lower() not in s.lower())
        if own is None or not others or (kind == "n_two" and "windows" in q.lower()):
            return None
        slots["S2"] = rng.choice(others)
    if kind in ("n_restrict", "n_exclude"):
        if oracle["type"] not in ("elements", "count") or _NEGATION.search(q) or not oracle.get("guids") or \
                _AGGREGATE.search(q):
            return None
        by_guid = {g: model.f.by_guid(g) for g in oracle["guids"]}
        if not all(any(e.is_a(c) for c in ("IfcDoor", "IfcWindow", "IfcWall")) for e in by_guid.values()):
            return None
        wanted = kind == "n_restrict"
        keep = [g for g, e in by_guid.items() if is_external(e) is wanted]
        if len(keep) == len(by_guid) or not keep:
            return None
        oracle = restricted(oracle, keep)
    if kind == "n_place":
        if oracle["type"] not in ("elements", "count") or _PLACE_WORDS.search(q) or not oracle.get("guids") or \
                _AGGREGATE.search(q) or any(n.lower() in q.lower() for n in storeys):
            return None
        by_storey: dict[str, list[str]] = defaultdict(list)
        for g in oracle["guids"]:
            name = model.storey_name(model.f.by_guid(g))
            if name is not None:
                by_storey[name].append(g)
        options = sorted(s for s in storeys if by_storey.get(s) and len(by_storey[s]) < len(oracle["guids"])
                         and storeys.count(s) == 1 and not _BASEMENT.search(s))
        if not options:
            return None
        s = rng.choice(options)
        slots["S"] = s
        oracle = restricted(oracle, by_storey[s])
    if kind == "n_needs":
        m = _CLASS_NOUN.match(q)
        if m is None or oracle["type"] not in ("elements", "count") or _AGGREGATE.search(q) or _NEGATION.search(q):
            return None
        noun, where = (m["noun"], m["where"]) if m["noun"] else (m["noun2"], m["where2"])
        if noun.lower() in ("one", "ones", "rooms", "spaces", "elements", "things", "items", "objects") or \
                re.search(r"ifc|element", noun, re.I) or \
                not noun.lower().endswith("s") or _one_storey(q, storeys) is None or " " in where.strip() and \
                re.search(r"\b(?:and|or|with|that|which|than)\b", where, re.I):
            return None
        wants_count = template.startswith("The {noun} {place} are old")
        if wants_count != (oracle["type"] == "count"):
            return None
        slots["noun"] = noun.lower()
        slots["place"] = where
    if kind in ("n_refusal", "n_two"):
        oracle = {"type": "decline"}
    text = template.format(**slots)
    text = re.sub(r"\?\s*\?", "?", text)
    text = re.sub(r"([?.!])\?", r"\1", text)
    return text, oracle


def usable(base: dict[str, Any]) -> bool:
    q = strip_mark(base["query"])
    return bool(q) and form(q) is not None and not _GERMAN.search(q) and not _FRAMED.search(q) and len(q) < 90


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    def case(kind: str, name: str, bid: str, template: str, base: dict[str, Any], text: str,
             oracle: Any) -> dict[str, Any]:
        positive = kind.startswith("m_") or kind == "n_needs"
        return {
            "id": f"msg-{kind}-{bid}", "query": text, "ifc_filename": base["ifc_filename"],
            "kind": base["kind"], "message": kind, "template": template, "base": bid, "base_set": name,
            "base_query": base["query"], "oracle": oracle,
            "oracle_rule": (f"the base question's oracle ({name} {bid}); the message asks the same; "
                            if positive else f"{kind} of the base ({name} {bid}): ") + base.get("oracle_rule", ""),
            "source": "ifcopenshell",
        }  # fmt: skip

    quota = PER_KIND_HELD if held else PER_KIND
    return draw_bases(ifc_dir, held, TEMPLATES, bases_path=BASES, salt="msg11-held" if held else "msg11",
                      quota=quota, cap=quota // 5 + 2, hold_every=HOLD_EVERY,
                      usable=lambda base, _kind: usable(base), fill=fill, case=case)


def report(run: Path, cases_path: Path) -> str:
    return report_table(run, cases_path, "message", TEMPLATES, lambda kind: kind.startswith("m_"), "negative")


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kind_lines("message"), DEFAULT_IFC_DIR, argv, report=report,
                      report_help="per-kind table of a spatial-bench run", report_metavar="RUN_DIR",
                      check_help="exit 1 when the committed cases differ",
                      differs="differs from what the script computes", label=lambda path: path.name)


if __name__ == "__main__":
    sys.exit(main())
