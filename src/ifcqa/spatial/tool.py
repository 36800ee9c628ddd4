"""The ``ask_spatial`` tool: the spatial pipeline for MCP and agents (registered through ``ifcqa.tools``).

Registered from here (an ``ifcqa.tools`` entry point in pyproject.toml), so the core ``tools`` package
never imports ``spatial``. One pipeline per loaded index is kept for the life of the process. Its text
retrieval is BM25 only: embedding a model the first time takes tens of seconds, too long for a tool call.
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.tools.registry import tool
from ifcqa.tools.results import DEFAULT_PAGE, paginate

if TYPE_CHECKING:  # the pipeline (IfcOpenShell, openai...) is imported when the tool is first called
    from ifcqa.spatial.pipeline import SpatialQA

_PIPELINES: weakref.WeakKeyDictionary[ModelIndex, SpatialQA] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def pipeline_for(index: ModelIndex) -> SpatialQA:
    """The process-wide pipeline of ``index`` (created on first use)."""
    from ifcqa.spatial.pipeline import SpatialQA

    with _LOCK:
        qa = _PIPELINES.get(index)
        if qa is None:
            qa = _PIPELINES[index] = SpatialQA(index, embedder=None)  # BM25 only: tool calls stay fast
        return qa


@tool("spatial")
def ask_spatial(index: ModelIndex, question: str, offset: int = 0, limit: int = DEFAULT_PAGE) -> dict[str, Any]:
    """Answer a question about where elements are (storeys, classes, rooms, properties, quantities, counts,
    negation) with the exact elements, or decline, naming the words it did not understand.

    Understands storey names, aliases and ordinals ("ground floor", "Erdgeschoss", "first floor", "roof",
    "floors 1 and 2", "NOT on Level 1"), class groups (HVAC, plumbing, electrical, lighting, structural,
    furniture, spaces ...), kinds told apart by predefined type (tables, radiators, skylights, roof slabs, gates
    ...), rooms by name, number or function ("kitchen", "room A102"), property filters ("external doors",
    "load-bearing walls", "doors wider than 1 m"), quantities ("total floor area of the ground floor", "the
    tallest wall") and intents (list, count, exists, thresholds "more than 10?", which storey has the most,
    per-storey breakdown), attribute lookups ("what is the width of door <GlobalId>", "what are the walls on
    level 2 made of", "the fire rating of the internal doors", "the elevation of Level 2": ``value`` holds
    ``number`` and ``unit`` when one value answers, and ``values``, each distinct value with how many elements hold
    it). Writes, costs, schedules and opinions are declined. The result carries ``declined``,
    ``count``, ``value``, ``yes_no``, ``storeys`` and ``rule`` (the rule the answer applied).

    Args:
        question: the question in English or German, e.g. "How many doors are on Level 2?".
        offset: first element of the list to return (for the next page).
        limit: page size of the element list (at most 200).
    """
    answer = pipeline_for(index).ask(question)
    head = {k: answer[k] for k in ("question", "answer", "route", "declined", "count", "value", "yes_no", "storeys",
                                   "rule")}
    head["plan"] = {k: answer["plan"][k] for k in ("intent", "storey_names", "unresolved", "notes")}
    head["plan"]["classes"] = [c["label"] for c in answer["plan"]["classes"]]
    return paginate(answer["elements"], offset, min(max(limit, 1), 200), lambda page: head | {"elements": page})
