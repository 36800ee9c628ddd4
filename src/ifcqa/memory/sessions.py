"""Prior sessions: seeded ones (a fact said, a real tool call answered) and distractors (real model
questions answered by really running the tools, small talk, near-miss facts about other things).

Every tool turn is the rendered result of :func:`ifcqa.tools.registry.call_tool` on the model (cut at
:data:`TOOL_CHARS`, as an agent's observation is); every final answer is written from that result.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.memory.modelfacts import CLASS_WORDS, ModelFacts
from ifcqa.memory.tasks import Session, Turn
from ifcqa.tools.registry import call_tool, render

TOOL_CHARS = 1500
# Small talk and chatter are said from parts, so that a batch of tasks does not repeat the same few
# sentences (a memory must not be able to tell seeded sessions from distractors by their wording).
GREETINGS = ("Morning", "Hi", "Hello again", "Hey", "Good afternoon", "Right", "OK", "Quick one", "Sorry, me again",
             "Back again", "Evening", "Hi there")  # fmt: skip
PURPOSES = (
    "quick model check before the site visit", "I'm prepping the coordination meeting",
    "the architect asked me to double-check something", "I'm finishing the minutes",
    "need a number for the design team",
    "the QS is chasing me", "doing the weekly model review", "the client wants figures by tonight",
    "checking a few things for the tender", "I'm on site without the model open", "getting ready for the planning call",
    "the structural engineer asked", "updating the risk register", "trying to close out some RFIs",
    "putting the monthly report together", "the contractor sent a query", "I'm reviewing the latest model drop",
)  # fmt: skip
TAILS = ("", " before lunch", " for Thursday", " for tomorrow's call", " ahead of the workshop", " this afternoon",
         " before I head out", " for the client pack", " while I remember", " for the progress meeting")  # fmt: skip
WHO = ("The structural engineer", "Our QS", "The client's PM", "The MEP lead", "The site manager",
       "The planning consultant",
       "The landscape architect", "Building control", "The cost consultant", "Our BIM coordinator", "The surveyor",
       "The contractor's design manager", "The interior designer", "The facade consultant")  # fmt: skip
WHAT = (
    "is on holiday", "wants the drawings as PDFs", "moved the coordination meeting",
    "asked for the clash report as BCF",
    "is sending revised drawings", "will join the call", "still hasn't replied about the survey",
    "wants a walkthrough of the model", "is off sick", "asked for the meeting notes in the shared folder",
    "is visiting site", "wants the model published to the CDE", "has a new email address",
    "needs the A1 sheet template", "raised an RFI about the setting-out", "asked for a copy of the programme",
    "is waiting on the topographic survey", "sent over the updated schedule", "wants to move the workshop",
    "will review the model",
)  # fmt: skip
WHEN = ("", " on Thursday", " next week", " tomorrow", " after the holidays", " before the planning deadline",
        " until Monday", " this Friday", " at the end of the month", " later today", " first thing tomorrow",
        " once the survey is in")  # fmt: skip
OPENERS = ("", "", "", "Quick question: ", "Can you check: ", "For the report, ", "Out of interest, ",
           "While you're at it, ", "Another one: ", "Next: ", "Sorry, one more: ", "For my notes: ")  # fmt: skip
CONNECTORS = ("By the way: ", "Also, for the record: ", "Before I forget - ", "One thing from the meeting: ",
              "Note for later: ", "And another thing. ", "FYI: ", "Oh, and: ", "", "")  # fmt: skip
REMINDERS = ("Also remind me what we agreed on {topic}.", "And what did we settle on {topic}?",
             "Can you also put {topic} in your answer, I've lost track.", "Plus remind me of {topic}, please.",
             "Also, what was {topic} again?")  # fmt: skip
AGREED = ("As agreed earlier: ", "For reference, from earlier: ", "As you told me before: ",
          "From your earlier message: ",
          "What we had noted: ")  # fmt: skip


def small_talk(rng: random.Random) -> str:
    """A greeting and why the user is here, from parts."""
    return f"{rng.choice(GREETINGS)}, {rng.choice(PURPOSES)}{rng.choice(TAILS)}."


def chatter(rng: random.Random) -> str:
    """A project remark that holds no fact about the building, from parts."""
    return f"{rng.choice(WHO)} {rng.choice(WHAT)}{rng.choice(WHEN)}."


def _opened(question: str, rng: random.Random) -> str:
    opener = rng.choice(OPENERS)
    return f"{opener}{question[:1].lower()}{question[1:]}" if opener else question


class ToolTurns:
    """Runs tool calls on one model and writes the assistant/tool turns they give."""

    def __init__(self, mf: ModelFacts) -> None:
        self.mf = mf
        self.calls = 0

    def exchange(self, call: tuple[str, dict[str, Any]], at: datetime, session: str) -> tuple[list[Turn], str]:
        """The assistant's call, the tool's real output, and a summary of it for the final answer."""
        name, args = call
        self.calls += 1
        call_id = f"{session}-call{self.calls}"
        try:
            result = call_tool(self.mf.index, name, args)
            output = render(result)
            summary = summarize(name, args, result)
        except IfcqaError as exc:  # the tool refused: the session shows that, as a real one would
            output, summary = render(exc.to_dict()), f"The query failed: {str(exc).splitlines()[0]}"
        if len(output) > TOOL_CHARS:
            output = output[:TOOL_CHARS] + f"...[cut at {TOOL_CHARS} of {len(output)} characters]"
        turns = [
            Turn("assistant", None, iso(at), tool_calls=[{"id": call_id, "name": name, "arguments": args}]),
            Turn("tool", output, iso(at + timedelta(seconds=2)), tool_call_id=call_id, name=name),
        ]
        return turns, summary


def summarize(name: str, args: dict[str, Any], result: dict[str, Any]) -> str:
    """One or two sentences an assistant would write from a tool result."""
    where = f" on {args['storey']}" if args.get("storey") else ""
    if name == "count_elements":
        if result.get("groups"):
            parts = ", ".join(f"{g['group']}: {g['count']}" for g in result["groups"][:8])
            return f"By {args.get('group_by')}: {parts}."
        return f"The model has {result.get('count')} {args.get('ifc_class')} elements{where}."
    if name == "aggregate_values":
        value = result.get("value")
        shown = f"{value:.2f}" if isinstance(value, float) else str(value)
        return (
            f"The {args.get('stat')} of {args.get('quantity')} over {result.get('n_used')} "
            f"{args.get('ifc_class')} elements{where} is {shown} {result.get('unit') or ''}."
        ).replace(" .", ".")
    if name == "find_elements":
        rows = result.get("elements") or []
        names = [str(r[3] if isinstance(r, list) else r.get("name")) for r in rows[:8]]
        more = f" and {result.get('total', len(rows)) - len(names)} more" if result.get("total", 0) > len(names) else ""
        found = f"{result.get('total', len(rows))} {args.get('ifc_class') or 'elements'}{where}"
        return f"Found {found}: {', '.join(names)}{more}."
    if name == "list_storeys":
        return "The storeys are " + ", ".join(f"{s['name']} ({s['elevation']})" for s in result["storeys"]) + "."
    if name == "get_materials":
        return f"{result['element'].get('name')} is made of {', '.join(result.get('materials') or ['no material'])}."
    if name == "get_element":
        e = result.get("element") or result
        return f"That is {e.get('class')} {e.get('name')} ({e.get('guid')})."
    return "Here is what the model says: " + json.dumps(result, ensure_ascii=False)[:200]


def iso(at: datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def model_questions(mf: ModelFacts) -> list[tuple[str, tuple[str, dict[str, Any]]]]:
    """The distractor pool: real questions about this model, each asked several ways, and the tool call answering it."""
    from ifcqa.memory.subjects import CLASS_SAYINGS, storey_places

    index = mf.index
    out: list[tuple[str, tuple[str, dict[str, Any]]]] = [
        (q, ("list_storeys", {}))
        for q in ("Which storeys does the model have?", "What levels are in this model?", "List the storeys, please.",
                  "How many floors does the building have, and what are they called?")
    ]  # fmt: skip
    for s in mf.storeys:
        wheres, _ = storey_places(mf, s)
        for ifc_class, n in sorted(s.classes.items()):
            if not n:
                continue
            count = ("count_elements", {"ifc_class": ifc_class, "storey": s.name})
            listing = ("find_elements", {"ifc_class": ifc_class, "storey": s.name, "compact": True, "limit": 10})
            for words in CLASS_SAYINGS.get(ifc_class, (CLASS_WORDS[ifc_class],))[:2]:
                for where in wheres:
                    out += [(q, count) for q in (f"How many {words} are there {where}?",
                                                 f"What's the number of {words} {where}?",
                                                 f"Count the {words} {where}, please.")]  # fmt: skip
                    out += [(q, listing) for q in (f"Show me the {words} {where}.", f"Which {words} are {where}?",
                                                   f"List the {words} {where}.")]  # fmt: skip
    for ifc_class in ("IfcWall", "IfcWindow", "IfcDoor", "IfcSpace", "IfcSlab"):
        if index.by_class(ifc_class):
            words = CLASS_WORDS[ifc_class]
            call = ("count_elements", {"ifc_class": ifc_class, "group_by": "storey"})
            out += [(q, call) for q in (f"Break the {words} down by storey.",
                                        f"How are the {words} spread over the levels?",
                                        f"Give me the {words} per storey.")]  # fmt: skip
    for wall in index.by_class("IfcWall")[:6]:
        if wall.materials:
            call = ("get_materials", {"element": wall.guid})
            name = wall.name or wall.guid
            out += [(f"What is wall {name} made of?", call), (f"Which material is {name}?", call)]
    return out


def distractor_session(
    sid: str, at: datetime, mf: ModelFacts, rng: random.Random, questions: list[Any], near_miss: list[str]
) -> Session:
    """A session with one or two real model questions, small talk and maybe a near-miss fact."""
    tools = ToolTurns(mf)
    turns: list[Turn] = []
    now = at
    for n in range(rng.choice([1, 1, 2])):
        question, call = rng.choice(questions)
        question = _opened(question, rng)
        lead = small_talk(rng) + " " if n == 0 and rng.random() < 0.6 else ""
        extra = ""
        if n == 0 and near_miss and rng.random() < 0.6:
            extra = " " + rng.choice(near_miss)
        elif rng.random() < 0.4:
            extra = " " + chatter(rng)
        turns.append(Turn("user", f"{lead}{question}{extra}", iso(now)))
        exchange, summary = tools.exchange(call, now + timedelta(seconds=5), sid)
        turns.extend(exchange)
        turns.append(Turn("assistant", summary, iso(now + timedelta(seconds=9)), final=True))
        now += timedelta(minutes=rng.randint(2, 9))
    return Session(sid, iso(at), turns)


def seeded_session(
    sid: str,
    at: datetime,
    mf: ModelFacts,
    rng: random.Random,
    statements: list[str],
    request: str,
    call: tuple[str, dict[str, Any]],
    topic: str,
    in_assistant: bool,
) -> tuple[Session, str]:
    """A session that says ``statements`` (in the user turn, or in the assistant's final answer when
    ``in_assistant``) next to a real model question; returns the session and the role holding them."""
    tools = ToolTurns(mf)
    said = " ".join(statements)
    if in_assistant:
        user = f"{small_talk(rng)} {request} {rng.choice(REMINDERS).format(topic=topic)}"
    else:
        user = rng.choice([f"{small_talk(rng)} {said} {_opened(request, rng)}",
                           f"{request} {rng.choice(CONNECTORS)}{said}",
                           f"{said} {_opened(request, rng)}"])
    turns = [Turn("user", user, iso(at))]
    exchange, summary = tools.exchange(call, at + timedelta(seconds=5), sid)
    turns.extend(exchange)
    final = f"{summary} {rng.choice(AGREED)}{said}" if in_assistant else summary
    turns.append(Turn("assistant", final, iso(at + timedelta(seconds=9)), final=True))
    return Session(sid, iso(at), turns), "assistant" if in_assistant else "user"
