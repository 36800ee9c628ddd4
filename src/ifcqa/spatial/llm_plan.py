"""Plans by an LLM (``ifcqa ask --model M``): the same plan as the rules', checked against the model and the question.

The LLM fills :class:`~ifcqa.spatial.llm_schema.LLMPlan` (the plan's fields by the model's names) by structured
output (``response_format`` ``json_schema``; a server that refuses it gets the same request as text, and the reply
must be exactly one JSON object). The prompt lists this model's vocabulary (:func:`~ifcqa.spatial.llm_schema.
catalogue`). A reply that is not a valid plan is asked for once more with the error stated, then the rules' plan
is used and ``plan.parser`` says why (``rules (llm reply invalid: ...)``). A valid reply is resolved against the
model (:mod:`ifcqa.spatial.llm_resolve`): a name the model lacks makes the answer decline, naming it with the
closest real names. The rules' reading of the same question goes with the plan (``plan.resolved["evidence"]``) so
that :func:`~ifcqa.spatial.check.check_question` can tell when the LLM dropped a room, a qualifier, a storey or an
excluded class the question states. Questions the rules refuse (writes, costs, people) are not sent to the LLM.
``plan.parser`` is ``llm:<model>``, ``rules`` or ``rules (<why the LLM's plan was not used>)``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.llm.structured import complete_json, strict_json_object
from ifcqa.spatial.answer import GUID
from ifcqa.spatial.fallback import DEFAULT_MODE, MODES
from ifcqa.spatial.llm_resolve import Resolver
from ifcqa.spatial.llm_schema import LLMPlan, catalogue, field_guide, plan_schema
from ifcqa.spatial.parser import Parser
from ifcqa.spatial.plan import Plan

_SYSTEM = """You turn a question about one building model into a plan: one JSON object and nothing else (no text
around it). Its fields (only "intent" is required; leave out every field that stays empty, null or false):
{schema}
Rules: use only the names listed below for this model (storeys, spaces, IFC classes, class keys, predefined types,
property and quantity paths), exactly as written. Put every condition the question states in the plan: each storey,
room, property condition ("external" is a property such as Pset_DoorCommon.IsExternal = true), excluded storey or
class, count threshold and measured quantity. Never leave one out; if the question needs something the lists do not
have, use the question's own word and the answer will say it is missing. In "words", say what you read each word
of the question as when it is not literally a listed name ("oben" -> a storey name, "outside" -> a property path).
Prices, costs, dates, schedules, people and actions on the building (switch, turn on, order, move) are not in the
model: intent "unanswerable". Questions in German are fine.

{catalogue}"""
REPLY_TOKENS = 800
LOCAL_TIMEOUT_S = 1800.0  # measured: a model's first plan took up to 782 s on 2 shared cores (bench/spatial/README.md)
LOCAL_N_CTX = 16384  # the prompt is 5-7k tokens; llama.cpp's 8192 default leaves too little for a large model's lists
ERROR_CHARS = 300


def _short(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        text = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'plan'}: {e['msg']}" for e in exc.errors()[:4])
    else:
        text = str(exc)
    return " ".join(text.split())[:ERROR_CHARS]


_WRITER = """You answer a question about a building model from the facts given, in the question's language, in at
most four sentences. Use only the facts; keep every number exactly as given. Name elements by name; cite a
GlobalId only if it is in the element list. Do not add elements."""
MAX_ANSWER_CHARS = 2000


class LLMPlanner:
    """Plans questions about one model with ``client``; the rules parser is the fallback."""

    def __init__(self, index: ModelIndex, client: ChatClient, parser: Parser | None = None,
                 mode: str = "first") -> None:
        if mode not in MODES:
            raise IfcqaError(f"Unknown planner mode {mode!r}. Use one of: {', '.join(MODES)}.")
        self.index = index
        self.client = client
        self.mode = mode  # first: the LLM plans every question; fallback: only what the rules declined (pipeline)
        self.parser = parser or Parser(index)
        self.resolver = Resolver(index, self.parser)
        self._system: str | None = None
        self._structured = True
        self.calls: list[dict[str, Any]] = []  # each completion asked: seconds, tokens, the reply (a bench reads them)

    def system_prompt(self) -> str:
        """The system message: the plan's JSON schema and this model's vocabulary (built once)."""
        if self._system is None:
            self._system = _SYSTEM.format(schema=field_guide(), catalogue=catalogue(self.index, self.parser.resolver))
        return self._system

    def plan(self, question: str) -> Plan:
        """The LLM's plan of ``question`` resolved against the model, or the rules' plan saying why not."""
        rules = self.parser.parse(question)
        if any(n.startswith("refused") or n == "no words to parse" for n in rules.notes):
            rules.notes.append("declined by the rules before planning: not sent to the LLM")
            return rules
        messages: list[dict[str, Any]] = [{"role": "system", "content": self.system_prompt()},
                                          {"role": "user", "content": question}]
        problem = ""
        for attempt in (1, 2):
            asked = time.perf_counter()
            try:
                reply = complete_json(self.client, messages, plan_schema(), "spatial_plan", temperature=0,
                                      max_tokens=REPLY_TOKENS, structured=self._structured)
                self._structured = reply.mode == "json_schema"  # a server that refused it is not asked again
            except IfcqaError as exc:
                self.calls.append({"s": time.perf_counter() - asked, "error": _short(exc)})
                return self._fallback(rules, "llm unavailable: " + _short(exc))
            self.calls.append({"s": time.perf_counter() - asked, "tokens_in": reply.result.tokens_in,
                               "tokens_out": reply.result.tokens_out, "reply": reply.result.content})
            try:
                raw = LLMPlan.model_validate(strict_json_object(reply.result.content))
            except ValueError as exc:  # pydantic's ValidationError is a ValueError
                problem = _short(exc)
                messages += [{"role": "assistant", "content": reply.result.content},
                             {"role": "user", "content": f"That reply is not a valid plan: {problem}. Reply with "
                                                         "one JSON object matching the schema, and nothing else, "
                                                         f"for the question: {question}"}]
                # (the question restated: without it Qwen2.5-Coder-1.5B planned the words of this message instead)
                continue
            plan = self.resolver.plan(question, raw, f"llm:{self.client.model}", rules.unconsumed)
            plan.notes.append(f"planned by llm:{self.client.model} ({reply.mode}"
                              + (f"; the first reply was invalid: {problem})" if attempt > 1 else ")"))
            plan.resolved["evidence"] = rules
            return plan
        return self._fallback(rules, "llm reply invalid: " + problem)

    @staticmethod
    def _fallback(rules: Plan, why: str) -> Plan:
        rules.parser = f"rules ({why})"
        rules.notes.append(f"LLM plan not used ({why}): parsed by the rules")
        return rules

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


def planner_factory(model: str | None, base_url: str | None = None, api_key_env: str = "OPENAI_API_KEY",
                    mode: str = DEFAULT_MODE) -> Callable[[ModelIndex], LLMPlanner | None]:
    """A function index -> planner for ``--model`` (``None`` without one), its client made the way every ifcqa
    LLM client is (:func:`ifcqa.agents.answer.client_for`): ``local`` / ``local:PATH.gguf`` run in process.
    ``mode`` (:data:`~ifcqa.spatial.fallback.MODES`): ``fallback`` plans with the LLM only the questions the rules
    declined for not understanding them; ``first`` plans every question with it."""
    if mode not in MODES:
        raise IfcqaError(f"Unknown planner mode {mode!r}. Use one of: {', '.join(MODES)}.")
    if not model:
        return lambda index: None
    from ifcqa.agents.answer import client_for
    from ifcqa.agents.base import AgentConfig
    from ifcqa.llm.local import is_local_model

    local = is_local_model(model)
    # a cold CPU model reads the schema and vocabulary (5-7k tokens) slowly: minutes on a shared 2-core machine
    timeout = LOCAL_TIMEOUT_S if local else 60.0
    client = client_for(AgentConfig(model=model, base_url=base_url, api_key_env=api_key_env, timeout_s=timeout,
                                    max_retries=1, no_cache=True, extra={"n_ctx": LOCAL_N_CTX} if local else {}))
    return lambda index: LLMPlanner(index, client, mode=mode)
