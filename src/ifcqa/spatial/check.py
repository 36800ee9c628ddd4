"""Checking an answer by GlobalIds, not by a judge: every cited element exists and satisfies the plan."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import sentence_storeys
from ifcqa.spatial.classes import INVENTORY_VIAS, direct_inventory, matches
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
        elif all(f.inventory for f in fits) and not plan.rooms and direct_inventory(plan) and (
            element.storey_via not in INVENTORY_VIAS if allowed else element.container is None
        ):
            problems.append(f"{hit.guid} is not contained in the storey (an inventory lists contained elements)")
    return problems


_IFC_WORD = re.compile(r"(?<![\w])ifc[a-z0-9]{3,}(?![\w])", re.IGNORECASE)


def check_question(plan: Plan) -> list[str]:
    """Compare the plan with its question; what the plan did not take up makes it decline (returns why).

    Whatever made the plan (the rules or an LLM), an explicit IFC class name in the question must be one of the
    plan's classes, and a word the plan records as not understood must not be answered around. A plan made by an
    LLM carries the rules' reading of the same question (``plan.resolved["evidence"]``): every room, property
    condition, storey constraint, excluded storey or class, measured quantity and element class that reading found
    must be in the plan too (:func:`dropped`). The plan is set to decline (``plan.declined``), naming the words,
    when any of this fails.
    """
    if plan.declined is not None:
        return []
    problems: list[str] = []
    missing: list[str] = []
    left_out: list[tuple[str, str]] = []
    unlimited = False
    evidence = plan.resolved.get("evidence")
    if isinstance(evidence, Plan) and evidence is not plan:
        for term, what in dropped(plan, evidence):
            left_out.append((term, what))
            problems.append(f"the question states {what} {term!r}, the plan does not")
        unlimited = _unlimited(plan) and not any(c.inventory for c in evidence.classes)
        if unlimited:  # "hello?" read as "every element of the model"
            problems.append("the plan lists every element, and the question names no storey, class or room")
    untold = next((c for c in plan.classes if c.untold), None)
    if untold is not None:  # "the partition walls" where nothing tells them apart: never every wall
        plan.intent = "declined"
        plan.declined = {"reason": untold.note, "not_understood": [untold.untold], "can_answer":
                         f"Ask for the {untold.label} as a whole, or by a property the model holds (e.g. 'which "
                         f"{untold.label} are external?')."}
        return [untold.note]
    elsewhere = sentence_storeys.joined_from_elsewhere(plan)
    if elsewhere is not None:  # "which windows are on the GroundFloor? The upstairs ones are next month."
        term, told = elsewhere
        plan.intent = "declined"
        plan.declined = {"reason": f"{term!r} is named only in {told!r}, which asks nothing: it may say what is not "
                         "wanted or what comes later, and joining it to the storey asked would answer a broader "
                         "question", "not_understood": [term],
                         "can_answer": "Ask about each storey in the question itself (e.g. 'which windows are on "
                         "both floors?')."}
        return [plan.declined["reason"]]
    named = {c.key.casefold() for c in plan.classes} | {c.casefold() for c in plan.explicit} | {
        c.casefold() for c in plan.resolved.get("classes_read_as_words", ())} | {  # IfcBuildingStorey: the storeys
        n.casefold() for n in plan.resolved.get("model_names", ())}  # round 18: "IfcOpenHouse", the model's own name
    for found in _IFC_WORD.finditer(plan.question):
        if found.group(0).casefold() not in named:
            missing.append(found.group(0))
            problems.append(f"the question names {found.group(0)}, the plan does not")
    if plan.unconsumed:
        missing += [w for w in plan.unconsumed if w not in missing]
        problems.append("the plan did not take up " + ", ".join(repr(w) for w in plan.unconsumed))
    if problems:
        reasons = []
        if missing:
            reasons.append("I did not understand " + ", ".join(repr(w) for w in missing) + " in this question")
        if left_out:
            reasons.append(f"the plan ({plan.parser}) does not keep to what the question states: "
                           + ", ".join(f"{what} {term!r}" for term, what in left_out))
        if unlimited:
            reasons.append(f"the plan ({plan.parser}) asks for every element of the model, and the question names "
                           "no storey, element class, room or property I know")
        plan.intent = "declined"
        plan.declined = {
            "reason": "; ".join(reasons) + ", and answering without it would answer a broader question",
            "not_understood": missing + [w for w, _ in left_out if w not in missing],
            "can_answer": "I can answer where elements, rooms and storeys are, counts, yes/no thresholds, property "
                          "filters (IsExternal, LoadBearing, widths) and quantities (areas, heights, volumes).",
        }
    return problems


# storeys the question names outright: by name, or by a number their name carries ("2. OG"); not by an alias or an
# ordinal counted from the ground, which a reader may take otherwise
_BY_NAME = frozenset(["name", "fuzzy_name", "number"])


def _unlimited(plan: Plan) -> bool:
    """Whether the plan selects every element of the model (no storey, room, class, condition or measure)."""
    return plan.intent != "unanswerable" and not (plan.storeys or plan.exclude or plan.rooms or plan.qualifiers
                                                  or plan.measure) and all(c.inventory for c in plan.classes)


def _written(question: str, term: str) -> str:
    """``term`` (the parser's normalised words) as the question wrote it, when it can be found there."""
    found = re.search(re.escape(term.strip()).replace(r"\ ", r"\s+"), question, re.IGNORECASE)
    return found.group(0) if found else term.strip()


def _prop(path: str) -> str:
    return path.rpartition(".")[2].casefold()


def _truth(q: Any, negated: bool) -> bool | None:
    """A boolean condition's effective value ("not external": FALSE), ``None`` for other conditions."""
    if not isinstance(q.value, bool):
        return None
    return (q.value if q.op in ("=", "~") else not q.value) != negated


def _attribute(part: dict[str, Any]) -> str:
    """A lookup part as compared between plans: its vocabulary key, else its letters ("fire rating" = FireRating)."""
    return str(part.get("key") or "".join(ch for ch in str(part.get("term", "")).casefold() if ch.isalnum()))


def dropped(plan: Plan, evidence: Plan) -> list[tuple[str, str]]:
    """What the rules' reading of the question (``evidence``) found and ``plan`` leaves out: (words, what) pairs.

    Only omissions that would answer a broader (or another) question count: a room, a property condition (same
    property; for booleans the same value), any storey constraint (also one naming a storey the model lacks),
    the storeys the question names outright (the plan's must be exactly those), an excluded storey or class, a
    measured quantity, and the element classes (the plan's must meet the reading's when the reading names any).
    """
    out: list[tuple[str, str]] = []
    mine = list(zip(plan.resolved.get("qualifiers", []), plan.qualifiers, strict=False))
    for q, ref in zip(evidence.resolved.get("qualifiers", []), evidence.qualifiers, strict=False):
        prop, truth = _prop(q.path), _truth(q, ref.negated)
        if not any((prop in _prop(p.path) or _prop(p.path) in prop) and _truth(p, r.negated) == truth
                   for p, r in mine):
            out.append((ref.term, "the condition"))
    for room in evidence.rooms:
        if not any(set(room.guids) & set(r.guids) for r in plan.rooms):
            out.append((room.term, "the room"))
    named = [m for m in evidence.mentions if m.storeys and not m.negated and m.how in _BY_NAME]
    if (evidence.storeys or evidence.exclude or evidence.unresolved) and not (plan.storeys or plan.exclude):
        m = next((m for m in evidence.mentions if m.storeys or not m.negated), None)
        out.append((_written(evidence.question, m.term) if m else "a storey",
                    "the excluded storey" if m and m.negated else "the storey"))
    elif named and plan.storeys and (set(plan.storeys) - set(evidence.storeys) or not all(
            set(m.storeys) <= set(plan.storeys) for m in named)):  # storeys the question names are not read so
        out += [(_written(evidence.question, m.term), "the storey") for m in named
                if not set(m.storeys) <= set(plan.storeys)][:3] or [(", ".join(
                    _written(evidence.question, m.term) for m in named), "only the storeys")]
    elif evidence.exclude and not set(evidence.exclude) <= set(plan.exclude) and (
            not plan.storeys or set(plan.storeys) & set(evidence.exclude)):
        out += [(_written(evidence.question, m.term), "the excluded storey") for m in evidence.mentions
                if m.negated][:1]
    for f in evidence.exclude_classes:
        if not any(set(f.classes) & set(g.classes) for g in plan.exclude_classes):
            out.append((f.label, "the excluded class"))
    if evidence.measure is not None and plan.measure is None:
        out.append((evidence.measure["term"], "the measure"))
    if evidence.lookup is not None and plan.lookup is None:  # "what is the fire rating of ...": not a list
        out.append((str(evidence.lookup["term"]), "the attribute asked for"))
    elif evidence.lookup is not None and plan.lookup is not None:  # each attribute asked, per storey when asked so
        have = {_attribute(p) for p in plan.lookup.get("parts", [plan.lookup])}
        out += [(str(p["term"]), "the attribute asked for") for p in evidence.lookup.get("parts", [evidence.lookup])
                if _attribute(p) not in have]
        if evidence.lookup.get("each_storey") and not plan.lookup.get("each_storey"):
            out.append((str(evidence.lookup["term"]), "one value per storey"))
    unit = evidence.resolved.get("asked_unit")
    if unit and (plan.resolved.get("asked_unit") or {}).get("symbol") != unit["symbol"]:
        out.append((str(unit["written"]), "the unit asked"))
    if evidence.elements and not set(evidence.elements) <= set(plan.elements):  # GlobalIds / names written out
        out.append((", ".join(evidence.elements[:3]), "the elements named"))
    asked = {c for f in evidence.classes if not f.inventory for c in f.classes} - {"IfcSpace"}
    read = {c for f in plan.classes if not f.inventory for c in f.classes}
    if asked and not evidence.unconsumed and not asked & read:
        out.append((", ".join(f.label for f in evidence.classes if not f.inventory), "the elements"))
    return out
