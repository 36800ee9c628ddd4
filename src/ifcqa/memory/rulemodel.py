"""A rule-based stand-in for the extraction LLM of the mem0 / Graphiti packages, for offline runs and tests.

Served by :class:`ifcqa.llm.scripted.ScriptedServer` (``ScriptedServer(extraction_model)``), it answers
each package's extraction requests in the JSON that package asks for, with every statement (sentence that is
not a question) of the message it is shown:

* mem0's additive extraction (``response_format`` ``json_object``): ``{"memory": [{"text": sentence}]}``
  from the prompt's "## New Messages" section;
* Graphiti's ``ExtractedEntities``: a ``Project`` entity and one entity per durable sentence of the
  ``<CURRENT MESSAGE>``; ``ExtractedEdges``: one ``Project -HAS_FACT-> entity`` edge per sentence, the
  sentence as its fact; any other schema (deduplication, summaries, attributes): its minimal valid
  instance (nothing duplicated, nothing to summarise).

So the packages run unchanged (their prompts, parsing, stores, deduplication and search) with an
idealised extractor that keeps each fact whole: what their storage and search retrieve when extraction
is not the problem (the paper found LLM extraction fragments facts). It is not a language model.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ifcqa.memory.facts import split_sentences


def _between(text: str, start: str, end: str) -> str:
    m = re.search(re.escape(start) + r"(.*?)" + re.escape(end), text, re.S)
    return m.group(1) if m else ""


def durable_sentences(text: str) -> list[str]:
    """The statements of a chat transcript (``role: text`` lines): every sentence that is not a question, as the
    IFC-aware, vector and graph memories keep every statement (no cue words needed: people rarely say them)."""
    lines = [re.sub(r"^\s*\"?(user|assistant)\s*:\s*", "", line) for line in text.splitlines()]
    return [s.strip(' "') for line in lines for s in split_sentences(line) if s.strip(' "') and not _asks(s)]


def _asks(sentence: str) -> bool:
    return sentence.rstrip(' "').endswith("?")


def _label(sentence: str) -> str:
    return "fact: " + " ".join(sentence.split()[:6])


def minimal_instance(schema: dict[str, Any], root: dict[str, Any] | None = None) -> Any:
    """The smallest value valid under a pydantic JSON schema (required fields only, empty lists)."""
    root = root or schema
    if "$ref" in schema:
        return minimal_instance(root["$defs"][schema["$ref"].split("/")[-1]], root)
    if "anyOf" in schema:
        return minimal_instance(next(s for s in schema["anyOf"] if s.get("type") != "null"), root)
    if "default" in schema:
        return schema["default"]
    kind = schema.get("type")
    if kind == "object":
        required = schema.get("required", [])
        return {k: minimal_instance(v, root) for k, v in schema.get("properties", {}).items() if k in required}
    return {"array": [], "string": "", "integer": 0, "number": 0.0, "boolean": False}.get(str(kind))


def extraction_model(request: dict[str, Any]) -> dict[str, Any]:
    """A :class:`~ifcqa.llm.scripted.ScriptedServer` step for one chat-completions request of either package."""
    prompt = str(request["messages"][-1]["content"])
    form = request.get("response_format") or {}
    if form.get("type") == "json_object":  # mem0's additive extraction
        facts = durable_sentences(_between(prompt, "## New Messages", "## Observation Date"))
        return {"content": json.dumps({"memory": [{"text": s} for s in facts]})}
    schema = form.get("json_schema", {})
    name = schema.get("name")
    if name == "ExtractedEntities":
        facts = durable_sentences(_between(prompt, "<CURRENT MESSAGE>", "</CURRENT MESSAGE>"))
        entities = [{"name": label, "entity_type_id": 0} for label in ["Project", *map(_label, facts)]]
        return {"content": json.dumps({"extracted_entities": entities})}
    if name == "ExtractedEdges":
        facts = durable_sentences(_between(prompt, "<CURRENT_MESSAGE>", "</CURRENT_MESSAGE>"))
        edges = [
            {"source_entity_name": "Project", "target_entity_name": _label(s), "relation_type": "HAS_FACT", "fact": s}
            for s in facts
        ]
        return {"content": json.dumps({"edges": edges})}
    return {"content": json.dumps(minimal_instance(schema.get("schema", {})))}
