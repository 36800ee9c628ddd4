"""The paper's LLM judges (when a judge model is configured), beside the deterministic checks.

* The **memory judge** reads the probe, the key facts and what was retrieved, and says whether the
  retrieval is relevant and whether it covers the key facts (and, with an answer, whether the answer
  uses the memory).
* The **answer judge** reads the probe, the gold answer and the system's answer, and says whether it
  is correct, complete and relevant (numbers within about 2%, units compatible).

Each judge is one chat request answered with JSON booleans; a reply that cannot be read is recorded
as an error, never guessed. :func:`agreement` compares a judge's labels with the deterministic ones
(share of agreement and Cohen's kappa).
"""

from __future__ import annotations

import json
from typing import Any

from ifcqa.llm.structured import complete_json
from ifcqa.memory.tasks import Task

MEMORY_JUDGE = (
    "You are an expert evaluator of an agent's long-term memory in a building-information (BIM) project. "
    "Given the probe question, the key facts needed to answer it and the memory content that was retrieved, "
    "judge: retrieval_relevant (the retrieved content is about the probe's topic), retrieval_covers_key_facts "
    "(every key fact's value and unit are in the retrieved content; exact wording is not required)"
    "{uses}. Reply with JSON only: {{{fields}}}."
)
ANSWER_JUDGE = (
    "You are an expert evaluator of answers about a building project. Given the probe question, the gold "
    "answer and the system answer, judge: correct (compatible with the gold answer; numbers within about 2%, "
    "compatible units), complete (gives everything the question asks), relevant (answers this question about "
    'this project). Reply with JSON only: {"correct": true|false, "complete": true|false, "relevant": true|false}.'
)


def _verdict(client: Any, system: str, user: str, keys: tuple[str, ...]) -> dict[str, Any]:
    try:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        schema = {
            "type": "object",
            "properties": {k: {"type": "boolean"} for k in keys},
            "required": list(keys),
            "additionalProperties": False,
        }
        # structured output where the server has it (llama.cpp, vLLM, OpenAI): exactly the verdict's booleans
        text = complete_json(client, messages, schema, "verdict", temperature=0, max_tokens=200).result.content
        data = json.loads(text[text.find("{") : text.rfind("}") + 1])
        if not all(isinstance(data.get(k), bool) for k in keys):
            raise ValueError(f"expected booleans {', '.join(keys)}")
        return {k: data[k] for k in keys}
    except Exception as exc:  # noqa: BLE001 - transport, JSON or shape: recorded, never guessed
        return {"error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"}


def judge_memory(client: Any, task: Task, retrieved: str, answer: str | None = None) -> dict[str, Any]:
    keys: tuple[str, ...] = ("retrieval_relevant", "retrieval_covers_key_facts")
    if answer is not None:
        keys += ("answer_uses_memory",)
    uses = ", answer_uses_memory (the answer uses the retrieved key facts without contradiction)" if answer else ""
    system = MEMORY_JUDGE.format(uses=uses, fields=", ".join(f'"{k}": true|false' for k in keys))
    facts = "\n".join(f"- {f.statement} (value {f.value}, unit {f.unit})" for f in task.key_facts)
    user = f"Probe: {task.probe['question']}\n\nKey facts:\n{facts}\n\nRetrieved memory:\n{retrieved or '(nothing)'}"
    if answer is not None:
        user += f"\n\nSystem answer: {answer}"
    return _verdict(client, system, user, keys)


def judge_answer(client: Any, task: Task, answer: str | None) -> dict[str, Any]:
    user = f"Probe: {task.probe['question']}\n\nGold answer: {task.gold.text}\n\nSystem answer: {answer or '(none)'}"
    return _verdict(client, ANSWER_JUDGE, user, ("correct", "complete", "relevant"))


def agreement(pairs: list[tuple[bool, bool]]) -> dict[str, Any]:
    """Agreement of two labelings: the share that agrees and Cohen's kappa (``None`` when undefined)."""
    n = len(pairs)
    if n == 0:
        return {"n": 0, "agreement": None, "kappa": None}
    observed = sum(a == b for a, b in pairs) / n
    pa, pb = sum(a for a, _ in pairs) / n, sum(b for _, b in pairs) / n
    expected = pa * pb + (1 - pa) * (1 - pb)
    kappa = None if expected == 1 else (observed - expected) / (1 - expected)
    return {"n": n, "agreement": round(observed, 4), "kappa": None if kappa is None else round(kappa, 4)}
