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
SMALL_TALK = (
    "Thanks, that helps for the coordination meeting.",
    "Morning! Quick model check before the site visit.",
    "Let's look at the model again.",
    "The architect asked me to double-check something.",
    "Before I send the minutes out:",
    "One more thing for the design team.",
)
CHATTER = (
    "The next coordination meeting moves to Thursday at 10:00.",
    "Please use the A1 sheet template for the drawing issue.",
    "The structural engineer is on holiday until the 14th.",
    "Send the clash report to the MEP team as a BCF file.",
    "The site office will be set up next to the main entrance.",
    "We will publish the model to the common data environment every Friday.",
    "The planning submission went in on Monday.",
    "Use the shared folder for the meeting notes from now on.",
)


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
    """The distractor pool: real questions about this model and the tool call answering each."""
    index = mf.index
    out: list[tuple[str, tuple[str, dict[str, Any]]]] = [
        ("Which storeys does the model have?", ("list_storeys", {})),
    ]
    for s in mf.storeys:
        for ifc_class, n in sorted(s.classes.items()):
            if n:
                words = CLASS_WORDS[ifc_class]
                out.append(
                    (
                        f"How many {words} are on {s.name}?",
                        ("count_elements", {"ifc_class": ifc_class, "storey": s.name}),
                    )
                )
                out.append(
                    (
                        f"Show me the {words} on {s.name}.",
                        ("find_elements", {"ifc_class": ifc_class, "storey": s.name, "compact": True, "limit": 10}),
                    )
                )
    for ifc_class in ("IfcWall", "IfcWindow", "IfcDoor", "IfcSpace", "IfcSlab"):
        if index.by_class(ifc_class):
            out.append(
                (
                    f"Break the {CLASS_WORDS[ifc_class]} down by storey.",
                    ("count_elements", {"ifc_class": ifc_class, "group_by": "storey"}),
                )
            )
    for wall in index.by_class("IfcWall")[:6]:
        if wall.materials:
            out.append((f"What is wall {wall.name or wall.guid} made of?", ("get_materials", {"element": wall.guid})))
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
        lead = rng.choice(SMALL_TALK) + " " if n == 0 else ""
        extra = ""
        if n == 0 and near_miss and rng.random() < 0.6:
            extra = " " + rng.choice(near_miss)
        elif rng.random() < 0.4:
            extra = " " + rng.choice(CHATTER)
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
        user = f"{rng.choice(SMALL_TALK)} {request} Also remind me what we agreed on {topic}."
    else:
        user = rng.choice([f"{rng.choice(SMALL_TALK)} {said} {request}", f"{request} By the way: {said}"])
    turns = [Turn("user", user, iso(at))]
    exchange, summary = tools.exchange(call, at + timedelta(seconds=5), sid)
    turns.extend(exchange)
    final = f"{summary} As agreed earlier: {said}" if in_assistant else summary
    turns.append(Turn("assistant", final, iso(at + timedelta(seconds=9)), final=True))
    return Session(sid, iso(at), turns), "assistant" if in_assistant else "user"
