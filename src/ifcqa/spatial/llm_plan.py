"""Plan extraction by an LLM (``ifcqa ask --model M``), checked against the model, with the rules as fallback.

The model sees the question, this model's storey names (lowest first) and the class-group keys, and must
answer with one JSON object (``response_format`` ``json_object``; text around a JSON object is tolerated).
Every storey name and class key it returns must exist; otherwise, or when the call fails, the
deterministic parser's plan is used and ``plan.notes`` says why. The plan records which produced it:
``parser`` is ``llm:<model>`` or ``rules``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.spatial.answer import GUID
from ifcqa.spatial.parser import Parser
from ifcqa.spatial.plan import INTENTS, Plan, StoreyRef
from ifcqa.spatial.vocabulary import CLASS_GROUPS, PREDEFINED_KINDS

_SYSTEM = """You turn a question about one building model into a JSON plan. Reply with one JSON object only:
{"intent": "list" | "count" | "exists" | "most" | "fewest" | "breakdown" | "unanswerable",
 "storeys": [storey names to include, exactly as listed; [] = no storey constraint],
 "exclude_storeys": [storey names the question excludes ("not on", "except")],
 "classes": [class keys, exactly as listed; [] with "inventory": true means every element],
 "inventory": true | false}
Use only the storey names and class keys listed below. "most"/"fewest": which storey has the most/fewest;
"breakdown": a count per storey. Questions in German are fine."""


def _catalogue(parser: Parser) -> str:
    storeys = [f"- {s.name!r} (elevation {s.elevation})" for s in parser.resolver.storeys if s.name]
    classes = [f"- {key}: {label}" for key, (label, _) in CLASS_GROUPS.items()]
    classes += [f"- {key}: {label} (a kind of {CLASS_GROUPS[group][0]}, by predefined type)"
                for key, (group, label, _, _) in PREDEFINED_KINDS.items()]
    return "Storeys, lowest first:\n" + ("\n".join(storeys) or "(none)") + "\nClass keys:\n" + "\n".join(classes)


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        match = re.search(r"\{.*\}", text, re.S)
        if not match:
            raise ValueError("the reply holds no JSON object") from None
        value = json.loads(match.group(0))
    if not isinstance(value, dict):
        raise ValueError("the reply is not a JSON object")
    return value


_WRITER = """You answer a question about a building model from the facts given, in the question's language, in at
most four sentences. Use only the facts; keep every number exactly as given. Name elements by name; cite a
GlobalId only if it is in the element list. Do not add elements."""
MAX_ANSWER_CHARS = 2000


class LLMPlanner:
    """Plans questions about one model with ``client``; the rules parser is the fallback."""

    def __init__(self, index: ModelIndex, client: ChatClient, parser: Parser | None = None) -> None:
        self.index = index
        self.client = client
        self.parser = parser or Parser(index)

    def plan(self, question: str) -> Plan:
        try:
            reply = self.client.complete(
                [{"role": "system", "content": _SYSTEM + "\n\n" + _catalogue(self.parser)},
                 {"role": "user", "content": question}],
                temperature=0,
                response_format={"type": "json_object"},
            )
            return self._plan_of(question, _json_object(reply.content))
        except (IfcqaError, ValueError, json.JSONDecodeError) as exc:
            plan = self.parser.parse(question)
            plan.notes.append(f"LLM plan not used ({' '.join(str(exc).split())[:200]}): parsed by the rules")
            return plan

    def write(self, question: str, text: str, rows: list[dict[str, Any]]) -> tuple[str, str]:
        """An answer written by the model from the templated one and the element list, with a note.

        The written text is used only when every GlobalId it names is in ``rows``; otherwise (or when the
        call fails) the templated text stays and the note says why.
        """
        facts = json.dumps({"answer": text, "elements": rows[:60], "elements_total": len(rows)}, ensure_ascii=False)
        try:
            reply = self.client.complete(
                [{"role": "system", "content": _WRITER},
                 {"role": "user", "content": f"Question: {question}\nFacts: {facts}"}],
                temperature=0,
            )
        except IfcqaError as exc:
            return text, f"LLM answer not used ({' '.join(str(exc).split())[:160]}): templated answer"
        written = reply.content.strip()
        cited = set(GUID.findall(written))
        allowed = {r["guid"] for r in rows}
        if not written or len(written) > MAX_ANSWER_CHARS:
            return text, "LLM answer not used (empty or too long): templated answer"
        if not cited <= allowed:
            return text, f"LLM answer not used (it names GlobalIds not in the list: {sorted(cited - allowed)[:3]})"
        return written, f"answer written by llm:{self.client.model} (GlobalIds checked)"

    def _plan_of(self, question: str, raw: dict[str, Any]) -> Plan:
        intent = raw.get("intent")
        if intent not in (*INTENTS, "fewest"):
            raise ValueError(f"unknown intent {intent!r}")
        by_name: dict[str, list[str]] = {}  # a name may belong to storeys of several buildings
        for s in self.parser.resolver.storeys:
            if s.name:
                by_name.setdefault(s.name.casefold(), []).append(s.guid)

        def storeys(key: str) -> list[str]:
            names = raw.get(key) or []
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise ValueError(f"{key} is not a list of names")
            unknown = [n for n in names if n.casefold() not in by_name]
            if unknown:
                raise ValueError(f"no storey named {', '.join(map(repr, unknown))}")
            return [g for n in names for g in by_name[n.casefold()]]

        include, exclude = storeys("storeys"), storeys("exclude_storeys")
        keys = raw.get("classes") or []
        if not isinstance(keys, list) or any(k not in CLASS_GROUPS and k not in PREDEFINED_KINDS for k in keys):
            raise ValueError(f"unknown class keys in {keys!r}")
        plan = Plan(question=question, intent="most" if intent == "fewest" else str(intent),
                    least=intent == "fewest", parser=f"llm:{self.client.model}")
        order = [s.guid for s in self.parser.resolver.storeys]
        if exclude and not include:
            include = [g for g in order if g not in exclude]
        include = [g for g in include if g not in exclude]
        plan.storeys = sorted(dict.fromkeys(include), key=order.index)
        plan.exclude = list(dict.fromkeys(exclude))
        plan.storey_names = [self.parser.resolver.labels[g] for g in plan.storeys]
        plan.mentions = [StoreyRef(self.parser.resolver.by_guid[g].name, "llm", [g]) for g in plan.storeys]
        plan.mentions += [StoreyRef(self.parser.resolver.by_guid[g].name, "llm", [g], True) for g in plan.exclude]
        plan.classes = [self.parser.class_filter(key) for key in dict.fromkeys(keys)]
        if not plan.classes and (raw.get("inventory") or plan.intent != "unanswerable"):
            plan.classes = [self.parser.class_filter("inventory")]
        return plan
