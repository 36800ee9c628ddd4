"""Checking an answer by GlobalIds, not by a judge: every cited element exists and satisfies the plan."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial.classes import INVENTORY_VIAS, matches
from ifcqa.spatial.execute import Hit
from ifcqa.spatial.plan import Plan


def check(index: ModelIndex, plan: Plan, hits: Sequence[Hit]) -> list[str]:
    """The problems of ``hits`` against the index (empty: the answer passes).

    A hit fails when its GlobalId is not in the model, when the model puts it on another storey than
    the answer says or than the plan allows (included, not excluded), or when its class is not one
    the plan asked for.
    """
    problems: list[str] = []
    allowed = set(plan.storeys)
    excluded = set(plan.exclude)
    filters = [c for c in plan.classes if c.classes or c.type_classes]
    seen: set[int] = set()
    for hit in hits:
        if hit.step_id in seen:  # identity is the step id: elements may share a GlobalId
            problems.append(f"{hit.guid} (#{hit.step_id}) is cited twice")
            continue
        seen.add(hit.step_id)
        element = index.data.elements.get(hit.step_id)
        if element is None or element.guid != hit.guid:
            problems.append(f"{hit.guid} is not a GlobalId of this model")
            continue
        storey = index.key(index.data.elements[element.storey]) if element.storey is not None else None
        if storey != hit.storey:
            problems.append(f"{hit.guid} is on storey {storey}, not {hit.storey}")
        if allowed and storey not in allowed:
            problems.append(f"{hit.guid} is not on a storey the question asks for")
        if storey in excluded:
            problems.append(f"{hit.guid} is on an excluded storey")
        fits = [f for f in filters if matches(index, element, f)]
        if not filters:
            continue  # a text-retrieval answer: no class was asked for
        if not fits:
            problems.append(f"{hit.guid} ({element.ifc_class}) is not of the classes asked for")
        elif all(f.inventory for f in fits) and not plan.rooms and (
            element.storey_via not in INVENTORY_VIAS if allowed else element.container is None
        ):
            problems.append(f"{hit.guid} is not contained in the storey (an inventory lists contained elements)")
    return problems


_IFC_WORD = re.compile(r"(?<![\w])ifc[a-z0-9]{3,}(?![\w])", re.IGNORECASE)


def check_question(plan: Plan) -> list[str]:
    """Compare the plan with its question; what the plan did not take up makes it decline (returns why).

    Whatever made the plan (the rules or an LLM), an explicit IFC class name in the question must be one of the
    plan's classes, and a word the plan records as not understood must not be answered around. The plan is
    set to decline (``plan.declined``), naming the words, when either fails.
    """
    if plan.declined is not None:
        return []
    problems: list[str] = []
    missing: list[str] = []
    named = {c.key.casefold() for c in plan.classes} | {c.casefold() for c in plan.explicit}
    for found in _IFC_WORD.finditer(plan.question):
        if found.group(0).casefold() not in named:
            missing.append(found.group(0))
            problems.append(f"the question names {found.group(0)}, the plan does not")
    if plan.unconsumed:
        missing += [w for w in plan.unconsumed if w not in missing]
        problems.append("the plan did not take up " + ", ".join(repr(w) for w in plan.unconsumed))
    if problems:
        plan.intent = "declined"
        plan.declined = {
            "reason": "I did not understand " + ", ".join(repr(w) for w in missing) + " in this question, and "
                      "answering without it would answer a broader question",
            "not_understood": missing,
            "can_answer": "I can answer where elements, rooms and storeys are, counts, yes/no thresholds, property "
                          "filters (IsExternal, LoadBearing, widths) and quantities (areas, heights, volumes).",
        }
    return problems
