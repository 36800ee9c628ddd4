"""What an answer says beyond its element list: the contract keys ``count``, ``value``, ``yes_no``, ``storeys``
and ``rule`` (notes/spatial-contract.md), and the text of the answers that need them (thresholds, storey
comparisons, quantity aggregates and superlatives, "which floor is the kitchen on").

Every answer that lists elements states its rule ("doors with Pset_DoorCommon.IsExternal = TRUE on Level 1"),
so a reader can tell what was selected; a declined answer has none of these keys set.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import aggregate_phrasing, resolve
from ifcqa.spatial.answer import Answerer, counted
from ifcqa.spatial.classes import matches
from ifcqa.spatial.execute import Hit
from ifcqa.spatial.plan import Plan, RoomRef
from ifcqa.spatial.vocabulary import BOUNDING_KEYS, COUNTED_LABELS, counted_form

_OPS = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
        "=": lambda a, b: a == b}
_OP_WORDS = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "=": "exactly"}
_AGG_WORDS = {"sum": "total", "mean": "mean", "max": "largest", "min": "smallest"}


@dataclass
class Outcome:
    """The contract keys of one answer; ``hits``/``text`` replace the pipeline's when set."""

    count: int | None = None
    value: dict[str, Any] | None = None
    yes_no: bool | None = None
    storeys: list[str] | None = None
    rule: str | None = None
    hits: list[Hit] | None = None
    text: str | None = None

    def keys(self, plan: Plan) -> dict[str, Any]:
        """The added answer keys, in contract order (all null when the plan declined)."""
        if plan.declined is not None:
            return {"declined": plan.declined, "count": None, "value": None, "yes_no": None, "storeys": None,
                    "rule": None}
        return {"declined": None, "count": self.count, "value": self.value, "yes_no": self.yes_no,
                "storeys": self.storeys, "rule": self.rule}


def rule_of(answerer: Answerer, plan: Plan) -> str:
    """The rule an answer applied: "doors with Pset_DoorCommon.IsExternal = TRUE bounding 'kitchen' on Level 1"."""
    return f"{answerer.label(plan)} {answerer.scope(plan)}"


def _join_names(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _tie(a: float, b: float) -> bool:
    """Equal up to the float noise of an export (30.14164524999992 and ...97 m² are the same room size)."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _spoken(index: Any, answerer: Any, hit: Any) -> str:
    """How the text names an element; a space by its Name and LongName ("7 Galerie", round 19)."""
    shown: str = answerer.display(hit)
    element = index.find(hit.guid) if hit.ifc_class == "IfcSpace" else None
    long_name = getattr(element, "long_name", None)
    return f"{shown} {long_name}" if long_name and long_name not in shown else shown


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _unrecorded(index: ModelIndex, plan: Plan, guids: list[str], *, each: bool) -> str:
    """The property paths of the plan's qualifiers under which none of the elements ``guids`` records a value, so
    that a yes/no about them would rest on nothing the file says; '' when they record one (or there are none).

    ``each``: the elements the question names ("is Innentuer-1 a fire exit?"): the paths of the first qualifier
    none of them records, an attribute or a quantity skipped. Otherwise the elements that would make the answer no
    ("is the Haustuer external?" over every asked element): every qualifier's paths together, and '' as soon as one
    qualifier is an attribute or a quantity (the index always knows those)."""
    from ifcqa.spatial.qualifiers import _value

    elements = [e for g in guids if (e := index.find(g)) is not None]
    if not elements:
        return ""
    together: list[str] = []
    for q in plan.resolved.get("qualifiers", []):
        paths = list(getattr(q, "paths", []) or [q.path])
        if any("." not in p for p in paths):
            if each:
                continue
            return ""
        if not each:
            together += paths
        elif not any(_value(e, p) is not None for e in elements for p in paths):
            return " or ".join(paths)
    if each or not together or any(_value(e, p) is not None for e in elements for p in together):
        return ""
    return " or ".join(dict.fromkeys(together))


def _placed_in(question: str, term: str) -> bool:
    """'how many rooms are in the sauna', 'wie viele Räume sind in der Sauna': the room said after a place word is
    where the things are counted (a subject read as the counted room otherwise)."""
    return re.search(rf"\b(?:in|inside|within|im|in\s+der|in\s+dem)\s+(?:(?:the|a|an|our|der|dem|die)\s+)?"
                     rf"{re.escape(term)}\b", question, re.IGNORECASE) is not None


def _number(x: float) -> float:
    return round(x, 3)


def _shown(x: float) -> str:
    """A number as the answer's text states it: to 3 decimals and 6 significant digits below 100000, whole above,
    never in exponent form ("1861234 mm", not "1.86123e+06 mm")."""
    value = _number(x)
    return f"{value:g}" if abs(value) < 1e5 else f"{value:.0f}"


def outcome(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit]) -> Outcome:
    """The contract keys (and, for the intents that need them, the text) of a plan answered with ``hits``."""
    if plan.lookup is not None and plan.intent == "lookup":  # "what is the X of Y" (spatial/lookup.py)
        from ifcqa.spatial.lookup_answer import answer as lookup_answer

        return lookup_answer(index, answerer, plan, hits)
    if plan.resolved.get("room_counts") and plan.intent == "compare":  # "more rooms called 'Room' than offices?"
        return _room_counts(index, answerer, plan)
    if plan.resolved.get("element_compare") and plan.intent == "compare":  # "is door A wider than door B?"
        return _element_compare(index, plan, hits)
    out = Outcome(rule=rule_of(answerer, plan))
    label, scope, n = answerer.label(plan), answerer.scope(plan), len(hits)
    measure = plan.resolved.get("measure")
    if plan.rooms and not any(r.guids for r in plan.rooms):
        terms = " or ".join(repr(r.term) for r in plan.rooms)
        out.text = f"This model has no space named like {terms}, so nothing is listed."
        # a room the model lacks, taken out ("rooms besides the atrium"), leaves no question to answer; counting
        # the rooms themselves ("how many server rooms") is 0, while counting what is in or around a room the
        # model lacks ("how many windows in the sauna") has no answer, like a storey the model lacks
        negated = any(r.negated for r in plan.rooms)
        where = any(r.role != "subject" or _placed_in(plan.question, r.term) for r in plan.rooms)
        if plan.intent == "exists" and not negated:
            out.yes_no = False
            out.text = f"No: this model has no space named like {terms}."
        elif plan.intent == "count" and not where and not negated:
            out.count = 0
        else:  # nothing to list: declined
            plan.declined = {"reason": f"this model has no space named like {terms}",
                             "not_understood": [r.term for r in plan.rooms],
                             "can_answer": "Ask about one of its rooms by name, number or function."}
        out.hits = []
        return out
    if measure is not None and plan.intent == "compare" and plan.resolved.get("compare_rooms"):
        return _compare_rooms(index, answerer, plan, hits, measure, out)
    if measure is not None and plan.resolved.get("rank_sum"):
        return _ranked_sums(index, answerer, plan, hits, measure, out)
    if measure is not None and plan.intent not in ("compare",):
        return _measured(index, answerer, plan, hits, measure, out)
    unrecorded = _unrecorded(index, plan, plan.elements, each=True) if plan.intent == "exists" else ""
    if unrecorded:  # "is Innentuer-1 a fire exit?" where it holds no FireExit: not recorded, never "no"
        plan.declined = {"reason": f"this model does not record {unrecorded} for the element(s) the question names",
                         "not_understood": [q.term for q in plan.qualifiers],
                         "can_answer": "Ask which properties the element holds, or its width, type or material."}
        out.text = f"I cannot answer this: {plan.declined['reason']}, so I cannot say yes or no."
        out.hits = []
        return out
    asked_all = plan.resolved.get("unqualified", [])
    if n == 0 and asked_all and plan.intent in ("list", "count", "exists") and (
            unheld := _unrecorded(index, plan, [h.guid for h in asked_all], each=True)):
        # "radiators with an output above 2000 W" where no radiator records the power read: not "none found"
        asked_label = counted([c.label for c in plan.classes], len(asked_all))
        plan.declined = {"reason": f"none of the {len(asked_all)} {asked_label} {scope} records {unheld}, the "
                                   "property the question's filter was read as",
                         "not_understood": [q.term for q in plan.qualifiers],
                         "can_answer": "Ask which properties these elements hold, then filter on one of them."}
        out.text = f"I cannot answer this: {plan.declined['reason']}, so nothing is listed."
        out.hits = []
        return out
    if plan.universal and plan.intent == "exists":  # "are the walls of room A203 load-bearing?": all of them?
        asked = plan.resolved.get("unqualified", hits)
        kept = {h.guid for h in hits}
        undecided = _unrecorded(index, plan, [h.guid for h in asked if h.guid not in kept], each=False)
        if undecided:  # "is the Haustuer external?" where it records no IsExternal: not known, never "no"
            plan.declined = {"reason": f"this model does not record {undecided} for the "
                             f"{'element' if len(asked) == 1 else 'elements'} that would make the answer no",
                             "not_understood": [q.term for q in plan.qualifiers],
                             "can_answer": "Ask which elements have the property, or which properties they hold."}
            out.text = f"I cannot answer this: {plan.declined['reason']}, so I cannot say yes or no."
            out.hits = []
            return out
        out.yes_no = bool(asked) and len(kept) == len(asked)
        out.count = n
        whom = [("not " if q.negated else "") + q.rule for q in plan.qualifiers if q.subject]
        base = counted([c.label for c in plan.classes], len(asked)) + (
            " with " + " and ".join(whom) if whom else "") + answerer.narrowing(plan, qualifiers=False)
        quals = " and ".join(("not " if q.negated else "") + q.rule for q in plan.qualifiers if not q.subject)
        out.text = (f"{'Yes' if out.yes_no else 'No'}: {n} of the {len(asked)} {base} {scope} "
                    f"{'has' if n == 1 else 'have'} {quals}." if asked else f"No: there are no {base} {scope}.")
        return out
    if plan.intent in ("most", "breakdown") and plan.group_by == "space":
        return _most_per_space(index, answerer, plan, hits, out)
    if plan.every_storey and plan.intent == "exists":  # "does every storey have a WC?"
        per = Counter(h.storey for h in hits)
        order = plan.storeys or [s.guid for s in answerer.resolver.storeys]
        lacking = [answerer.storey_name(g) or g for g in order if not per.get(g)]
        out.yes_no = bool(order) and not lacking
        out.count = n
        out.rule = f"{out.rule}, at least one on each storey"
        counts = ", ".join(f"{answerer.storey_name(g) or g}: {per.get(g, 0)}" for g in order)
        verb = "has" if len(lacking) == 1 else "have"
        said = f"{_join_names(lacking)} {verb} no {label}" if lacking else f"every storey has {label}"
        out.text = f"{'Yes' if out.yes_no else 'No'}: {said} ({counts})."
        return out
    if plan.threshold is not None and plan.intent in ("most", "exists") and plan.resolved.get("storey_filter"):
        # "which floors have no windows / more than 10 doors": the storeys where the count passes the threshold
        op, k = plan.threshold["op"], plan.threshold["n"]
        per = Counter(h.storey for h in hits)
        order = plan.storeys or [s.guid for s in answerer.resolver.storeys]
        vs = plan.threshold.get("vs")
        if vs is not None:  # "which floor has more rooms than the Keller": that storey's count is the bound
            k = per.get(vs, 0)
            order = [g for g in order if g != vs]
        chosen = [g for g in order if _OPS[op](per.get(g, 0), k)]
        out.storeys = [answerer.storey_name(g) or g for g in chosen]
        out.hits = [h for h in hits if h.storey in set(chosen)]
        what = label + answerer.narrowing(plan)
        out.rule = f"storeys where the number of {what} is {_OP_WORDS[op]} {k}" + (
            f" (the number on {answerer.storey_name(vs) or vs})" if vs is not None else "")
        counts = ", ".join(f"{answerer.storey_name(g) or g}: {per.get(g, 0)}" for g in order)
        out.text = (f"{_join_names(out.storeys) or 'No storey'} ({out.rule}; per storey: {counts}).")
        if plan.intent == "exists":  # "is there any floor without doors?": yes when some storey passes
            out.yes_no = bool(chosen)
            out.text = f"{'Yes' if chosen else 'No'}: {out.text}"
        return out
    if plan.threshold is not None:
        op, k = plan.threshold["op"], plan.threshold["n"]
        out.count = n
        out.yes_no = bool(_OPS[op](n, k))
        word = "Yes" if out.yes_no else "No"
        what = counted([c.label for c in plan.classes], n) + answerer.narrowing(plan)
        out.text = (f"{word}: there {'is' if n == 1 else 'are'} {n} {what} "
                    f"{scope}, {'' if out.yes_no else 'not '}{_OP_WORDS[op]} {k} (rule: {out.rule}).")
        return out
    if plan.resolved.get("all_same"):  # "do all floors have the same number of windows?"
        per = Counter(h.storey for h in hits)
        order = [s.guid for s in answerer.resolver.storeys]
        on_each = {g: per.get(g, 0) for g in order}
        out.yes_no = len(set(on_each.values())) <= 1
        out.count = n
        out.rule = f"the number of {label} on every storey, compared"
        shown = ", ".join(f"{answerer.storey_name(g) or g}: {c}" for g, c in on_each.items())
        out.text = f"{'Yes' if out.yes_no else 'No'}: {shown} ({out.rule})."
        return out
    if plan.intent == "compare":
        return _compare_counts(index, answerer, plan, hits, out)
    if plan.intent == "count":
        out.count = n
    elif plan.intent == "exists":
        out.yes_no = n > 0
        out.count = n
    elif plan.intent == "most":
        per = Counter(h.storey for h in hits)
        order = plan.storeys or [s.guid for s in answerer.resolver.storeys]
        values = [per.get(g, 0) for g in order]
        if values and any(values):
            best = min(values) if plan.least else max(values)
            out.storeys = [answerer.storey_name(g) or g for g in order if per.get(g, 0) == best]
        else:
            out.storeys = []
        asked = plan.resolved.get("is_most")
        if asked is not None:  # "is the EG the floor with the most doors?": a yes/no on the ranking of every storey
            return _is_first(answerer, plan, out, asked, {g: float(per.get(g, 0)) for g in order}, label)
    if plan.asks_storey:
        guids = [h.guid for h in hits]
        spaces = [h.guid for h in hits if h.ifc_class == "IfcSpace"]
        storeys = resolve.storeys_of(index, spaces) if spaces else []
        storeys += [h.storey for h in hits if h.storey and h.ifc_class != "IfcSpace"]
        names = [answerer.storey_name(g) or g for g in dict.fromkeys(storeys)]
        out.storeys = names
        counting = bool(plan.resolved.get("count_storeys"))  # "how many floors have windows": the storeys counted
        if guids and not names and not counting:
            return _on_no_storey(answerer, plan, out, label, n)
        if counting:
            out.count = len(names)
        elif plan.resolved.get("count_too"):  # "how many doors are there and where": the count and the storeys
            out.count = n
        if not guids:
            out.text = (f"0 storeys: no {label} found {scope}." if counting
                        else f"No {label} found {scope}, so no storey can be named.")
        else:
            what = counted([c.label for c in plan.classes], n) + answerer.narrowing(plan)
            shown = "; ".join(f"{answerer.display(h)} on {answerer.storey_name(h.storey) or 'no storey'}"
                              for h in hits[:10])
            per = Counter(answerer.storey_name(h.storey) or "no storey" for h in hits)
            each = f" ({', '.join(f'{k}: {v}' for k, v in per.items())})" if out.count == n and len(per) > 1 else ""
            out.text = ((f"{len(names)} storey{'s' if len(names) != 1 else ''}: " if counting else "")
                        + f"{' and '.join(names) or 'No storey'}: {n} {what}{each} ({out.rule}): {shown}"
                        + (f" and {n - 10} more." if n > 10 else "."))
    return out


def _compare_counts(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit], out: Outcome) -> Outcome:
    """ "Does A have more X than B?", "at least twice as many X on A as on B?", "the same number of X on A and B?",
    "more doors than windows on Level 1?": count side A, count side B (two storeys, or two classes in one scope),
    and compare A with factor x B by the plan's operator. A yes/no that states both counts and the rule."""
    op = plan.compare_op or ("<" if plan.least else ">")
    k = max(1, plan.compare_factor)
    label = answerer.label(plan)
    if plan.compare_classes:
        fa, fb = plan.classes[0], plan.classes[1]
        elements = [index.find(h.guid) for h in hits]
        na = sum(1 for e in elements if e is not None and matches(index, e, fa))
        nb = sum(1 for e in elements if e is not None and matches(index, e, fb))
        a_text, b_text = f"{na} {fa.label}", f"{nb} {fb.label}"
        out.rule = f"number of {fa.label} {op} {'' if k == 1 else f'{k} x '}number of {fb.label} {answerer.scope(plan)}"
        if plan.resolved.get("which_class"):  # "are there more doors or windows?": which one, with both counts
            won = [f for f, c in ((fa, na), (fb, nb)) if c == (min(na, nb) if plan.least else max(na, nb))]
            out.hits = [h for h in hits if (e := index.find(h.guid)) is not None and any(matches(index, e, f)
                                                                                         for f in won)]
            out.rule = f"number of {fa.label} and of {fb.label} {answerer.scope(plan)}, compared"
            head = "the same number" if len(won) == 2 else f"{'fewer' if plan.least else 'more'} {won[0].label}"
            out.text = f"{_capital(head)}: {a_text} and {b_text} {answerer.scope(plan)}."
            return out
    else:
        a, b = plan.compare
        na = sum(1 for h in hits if h.storey == a)
        nb = sum(1 for h in hits if h.storey == b)
        name_a, name_b = answerer.storey_name(a) or a, answerer.storey_name(b) or b
        a_text, b_text = f"{name_a} has {na} {label}", f"{name_b} has {nb}"
        out.rule = f"number of {label} on {name_a} {op} {'' if k == 1 else f'{k} x '}number on {name_b}"
    if op == "-":  # "how many more X does A have than B": a count, the difference
        signed = plan.resolved.get("difference") == "signed"  # "how many more": A - B; "the difference": |A - B|
        out.count = (nb - na if plan.least else na - nb) if signed else abs(na - nb)
        out.rule = out.rule.replace(" - ", " minus ") + (" (how many fewer: the second minus the first)"
                                                          if signed and plan.least else "")
        out.text = f"{out.count}: {a_text} and {b_text} (asked: {out.rule})."
        return out
    out.yes_no = bool(_OPS[op](na, k * nb))
    out.text = f"{'Yes' if out.yes_no else 'No'}: {a_text} and {b_text} (asked: {out.rule})."
    return out


def _room_sides(plan: Plan) -> list[RoomRef]:
    """The two sides of a room comparison: the rooms themselves, or ("A larger than B and C together",
    ``resolved["compare_sides"]``) each side's rooms as one, their spaces summed."""
    sides = plan.resolved.get("compare_sides")
    if not sides:
        return list(plan.rooms)
    by_term = {r.term: r for r in plan.rooms}
    return [RoomRef(" and ".join(side) + (" together" if len(side) > 1 else ""), "name",
                    [g for t in side for g in by_term[t].guids]) for side in sides]


def _compare_rooms(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit], measure: resolve.Measure,
                   out: Outcome) -> Outcome:
    """ "Is the kitchen bigger than the living room?": the floor area of each (summed over its spaces)."""
    several = [r for r in plan.rooms if len(r.guids) != 1]
    if several:  # "the kitchen" of a duplex is two kitchens: which one is compared is not said
        names = {h.guid: h.name or h.guid for h in hits}
        said = "; ".join(f"{r.term!r} names {len(r.guids)} spaces ("
                         + ", ".join(str(names.get(g, g)) for g in r.guids[:6]) + ")" for r in several)
        plan.declined = {"reason": f"a comparison needs one room on each side: {said}",
                         "not_understood": [r.term for r in several],
                         "can_answer": "Name each room by its number, e.g. 'is A103 bigger than A102?'"}
        out.hits = []
        out.text = answerer.declined(plan)
        return out
    values = []
    for room in _room_sides(plan):
        agg = resolve.aggregate(index, [h.guid for h in hits if h.guid in set(room.guids)], measure)
        values.append((room, agg))
    if any(a.number is None for _, a in values):
        lacking = " and ".join(repr(r.term) for r, a in values if a.number is None)
        out.hits = []
        out.text = f"I cannot compare them: {lacking} has no floor area in its quantity sets, so I give no answer."
        plan.declined = {"reason": f"{lacking} has no floor area in its quantity sets", "not_understood": [],
                         "can_answer": "Ask which rooms are on a storey, or compare rooms by count."}  # round 17
        return out
    (ra, a), (rb, b) = values
    assert a.number is not None and b.number is not None
    if plan.resolved.get("compare_rooms") == "which":  # "which is bigger, A or B?": the larger (smaller) room
        first = a.number < b.number if plan.least else a.number > b.number
        tie = _tie(a.number, b.number)
        won = [ra, rb] if tie else [ra if first else rb]
        keep = {g for r in won for g in r.guids}
        out.hits = [h for h in hits if h.guid in keep]
        out.rule = f"{a.quantity} of {ra.term!r} vs {rb.term!r} ({a.source})"
        best = "the same size" if tie else f"{(ra if first else rb).term!r} is {'smaller' if plan.least else 'bigger'}"
        out.text = (f"{best}: {ra.term!r} has {_shown(a.number)} {a.unit or ''} and {rb.term!r} "
                    f"{_shown(b.number)} {b.unit or ''} ({a.quantity}, {a.source}).")
        return out
    out.yes_no = a.number < b.number if plan.least else a.number > b.number
    unit = a.unit or ""
    out.value = {"number": _number(a.number), "unit": a.unit, "op": "sum", "quantity": a.quantity, "source": a.source}
    out.rule = f"{a.quantity} of {ra.term!r} vs {rb.term!r} ({a.source})"
    word = "smaller" if plan.least else "bigger"
    out.text = (f"{'Yes' if out.yes_no else 'No'}: {ra.term!r} has {_shown(a.number)} {unit} and {rb.term!r} "
                f"{_shown(b.number)} {b.unit or ''} ({a.quantity}, {a.source}), so {ra.term!r} is "
                f"{'' if out.yes_no else 'not '}{word}.")
    return out


def _most_per_space(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit], out: Outcome) -> Outcome:
    """ "Which room has the most doors": the elements in (or, for walls, doors, windows: bounding) each space."""
    bounding = {c.key for c in plan.classes} <= BOUNDING_KEYS
    wanted = {h.guid for h in hits}
    pool = set(plan.resolved.get("space_pool") or ())  # "bedrooms without windows": only the rooms named
    spaces = [e for e in index.data.elements.values() if e.ifc_class == "IfcSpace" and (not pool or e.guid in pool)
              and (not plan.storeys or (e.storey is not None and index.data.elements[e.storey].guid in plan.storeys))]
    if bounding and not any(s.bounded_by for s in spaces):  # round 19: declined, never an empty answer
        label = answerer.label(plan)
        return _declined(plan, out, answerer, f"this model has no space boundaries (IfcRelSpaceBoundary), so it does "
                         f"not say which {label} bound which room, and the question cannot be answered from this file",
                         f"Ask which {label} are on a storey, or what is contained in a room")
    per = {s.guid: sum(1 for g in resolve.elements_in_rooms(index, [s.guid], bounding=bounding) if g in wanted)
           for s in spaces}
    label = " and ".join(c.label for c in plan.classes) if pool else answerer.label(plan)  # the rooms said apart
    if (not per or not any(per.values())) and not plan.resolved.get("space_filter"):
        out.hits, out.text = [], f"No room has any {label} {answerer.scope(plan)}."
        return out
    how = "bounding" if bounding else "in"
    if plan.threshold is not None and plan.resolved.get("space_filter"):  # "which rooms have no furniture"
        op, k = plan.threshold["op"], plan.threshold["n"]
        chosen = [s for s in spaces if _OPS[op](per[s.guid], k)]
        out.hits = [Hit(s.guid, s.ifc_class, s.name, index.data.elements[s.storey].guid if s.storey is not None
                        else None) for s in chosen]
        named = " or ".join(repr(r.term) for r in plan.rooms) if pool else ""
        out.rule = (f"spaces{f' named like {named}' if named else ''} with {_OP_WORDS[op]} {k} "
                    f"{counted_form(label, k)} {how} them {answerer.scope(plan)}, counted per space")
        if bounding and op == "=" and k == 0:  # round 19: "2 spaces on Level 2 with no IfcWindow among their ..."
            kinds = " or ".join(dict.fromkeys(n for c in plan.classes for n in c.classes[:1])) or label
            out.rule = (f"spaces{f' named like {named}' if named else ''} {answerer.scope(plan)} with no {kinds} "
                        f"among their space boundaries")
        if plan.resolved.get("count_rooms"):  # "how many rooms have no windows": the spaces counted
            out.count = len(chosen)
        shown = ", ".join(f"{s.name or 'unnamed'}{' ' + s.long_name if s.long_name else ''}" for s in chosen[:25])
        spaces_word = "space" if len(chosen) == 1 else "spaces"
        out.text = (f"{len(chosen)} {spaces_word} ({out.rule})" + (f": {shown}" if chosen else "")
                    + (f" and {len(chosen) - 25} more." if len(chosen) > 25 else "."))
        return out
    if plan.intent == "breakdown":  # "how many doors per room": every space with its count, the elements listed
        out.rule = f"{label} {how} each space {answerer.scope(plan)}, counted per space"
        rows = sorted(spaces, key=lambda s: (-per[s.guid], s.name or ""))
        shown = ", ".join(f"{s.name or 'unnamed'}{' ' + s.long_name if s.long_name else ''}: {per[s.guid]}"
                          for s in rows[:25])
        more = f" and {len(rows) - 25} more spaces" if len(rows) > 25 else ""
        out.text = f"{_capital(label)} per space ({how} each, {answerer.scope(plan)}): {shown}{more}."
        return out
    best = (min if plan.least else max)(per.values())
    chosen = [s for s in spaces if per[s.guid] == best]
    out.hits = [Hit(s.guid, s.ifc_class, s.name, index.data.elements[s.storey].guid if s.storey is not None else None)
                for s in chosen]
    out.rule = f"{label} {how} each space {answerer.scope(plan)}, counted per space"
    names = "; ".join(answerer.display(h) + (f" {s.long_name}" if s.long_name else "") for h, s in zip(
        out.hits, chosen, strict=True))
    out.text = (f"{names} {'has' if len(chosen) == 1 else 'have'} the {'fewest' if plan.least else 'most'} {label} "
                f"({best}{' each' if len(chosen) > 1 else ''}; {how} the space, {answerer.scope(plan)}).")
    return out


def _measured(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit], measure: resolve.Measure,
              out: Outcome) -> Outcome:
    """Aggregates ("total floor area of the ground floor") and superlatives ("the tallest wall on Level 2")."""
    if plan.resolved.get("is_extreme") is not None:
        return _is_extreme(index, answerer, plan, measure, out)
    if plan.resolved.get("storey_itself"):
        return _storey_itself(index, answerer, plan, measure, out)
    if (one := aggregate_phrasing.check(plan, hits, measure.op, bool(measure.raw and measure.raw.superlative),
                                        answerer.storey_name)) is not None:  # round 13: "how big is the kitchen"
        return _declined(plan, out, answerer, *one)
    agg = resolve.aggregate(index, [h.guid for h in hits], measure)
    label, scope = answerer.label(plan), answerer.scope(plan)
    if plan.resolved.get("sum_threshold") is not None and plan.resolved.get("storey_filter"):
        return _storeys_past_bound(index, answerer, plan, hits, measure, out)
    if not hits and agg.op == "sum" and plan.intent != "most" and not all(c.inventory for c in plan.classes) and (
            not plan.qualifiers and (any(r.guids for r in plan.rooms) or not plan.rooms)) and plan.storeys and any(
            matches(index, e, c) for e in index.data.elements.values() for c in plan.classes):
        # a total over nothing is 0, in the model's unit: only where the things asked for exist in the model but
        # none on the storey asked ("the kitchens on level 2"); with a condition nothing meets it is declined
        unit = resolve.model_unit(index, measure)
        out.hits = []
        out.value = {"number": 0.0, "unit": unit, "op": "sum", "quantity": measure.quantity, "source": "none"}
        said = measure.quantity.replace("_", " ")
        out.rule = f"total {said} of the 0 {label} {scope}"
        out.text = f"0 {unit or ''}: there are no {label} {scope}, so their total {said} is 0.".replace("0 :", "0:")
        return _sum_threshold(plan, out, 0.0, unit, index)
    if not hits:  # a mean, a largest or a smallest of nothing: no number to give
        return _declined(plan, out, answerer, f"there are no {label} {scope}, so there is no "
                         f"{_AGG_WORDS.get(agg.op, agg.op)} {measure.quantity.replace('_', ' ')} to give",
                         "Ask about a storey or room that has them.")
    if agg.number is None or not agg.per_element:
        said = measure.quantity.replace("_", " ")
        raw = measure.raw
        if raw is not None and raw.gross != raw.net:  # "gross floor area" where only NetFloorArea is held
            kind = "gross" if raw.gross else "net"
            held = resolve.aggregate(index, [h.guid for h in hits], dataclasses.replace(
                measure, raw=dataclasses.replace(raw, gross=False, net=False)))
            other = f": they hold {held.quantity} ({held.source})" if held.per_element and held.quantity else ""
            return _declined(plan, out, answerer, f"none of the {len(hits)} {label} {scope} has a {kind} {said} "
                             f"(a quantity whose name says {kind!r}){other}",
                             f"Ask for the {said} without {kind!r} to read what they hold.")
        article = "an" if said[:1] in "aeiou" else "a"
        return _declined(plan, out, answerer, f"none of the {len(hits)} {label} {scope} has {article} {said} "
                         "in its quantity sets or attributes (an area or volume is never read from a bounding box)",
                         "Ask for a quantity the model holds for them (their count, or another quantity).")
    if plan.resolved.get("sum_threshold") is not None:  # "is the wall area on EG more than 2000 m²?"
        measured = [h for h in hits if h.guid in agg.per_element]
        missing = len(hits) - len(measured)
        if missing and agg.op == "sum":
            return _declined(plan, out, answerer, f"{missing} of the {len(hits)} {label} {scope} have no "
                             f"{agg.quantity}, so their sum cannot be compared", "Ask for the total instead.")
        out.hits = measured
        out.value = {"number": _number(agg.number), "unit": agg.unit, "op": agg.op, "quantity": agg.quantity,
                     "source": agg.source}
        out.rule = f"{_AGG_WORDS[agg.op]} {agg.quantity} of {_the(len(measured), label)} {scope}"
        return _sum_threshold(plan, out, agg.number, agg.unit, index)
    unit = agg.unit or ""
    source = agg.source
    measured = [h for h in hits if h.guid in agg.per_element]
    if plan.resolved.get("each"):  # "the area of each office on the 1. Obergeschoss": every value, no total
        rows = sorted(measured, key=lambda h: -agg.per_element[h.guid])
        out.hits = rows
        out.rule = f"{agg.quantity} of each of {_the(len(measured), label)} {scope} ({source})"
        values = Counter(_number(agg.per_element[h.guid]) for h in rows)  # as a lookup's rows: value, how many
        out.value = {"number": None, "unit": unit or None, "op": "each", "quantity": agg.quantity, "source": source,
                     "values": [{"value": v, "count": k} for v, k in values.items()]}
        # the same name with the same value once, counted ("29 x Door: 1.5 m"), in the order of the values
        same = Counter(f"{answerer.display(h)}: {_shown(agg.per_element[h.guid])} {unit}".rstrip() for h in rows)
        shown = "; ".join(f"{k} x {text}" if k > 1 else text for text, k in list(same.items())[:30])
        rest = sum(list(same.values())[30:])
        missing = len(hits) - len(measured)
        out.text = (f"{_capital(out.rule)}: {shown}" + (f" and {rest} more" if rest else "")
                    + "." + (f" {missing} more {label} have no {agg.quantity}." if missing else ""))
        return out
    if plan.intent == "breakdown" and plan.group_by == "storey":  # "total area of the rooms on each floor"
        return _measured_per_storey(index, answerer, plan, measured, measure, out)
    if plan.intent == "most" and agg.op in ("max", "min"):  # "which floor has the largest room"
        best = (max if agg.op == "max" else min)(agg.per_element.values())
        chosen = [h for h in measured if _tie(agg.per_element[h.guid], best)]
        out.hits = chosen
        out.storeys = [answerer.storey_name(g) or g for g in dict.fromkeys(h.storey for h in chosen if h.storey)]
        out.value = {"number": _number(best), "unit": unit or None, "op": agg.op, "quantity": agg.quantity,
                     "source": source}
        if plan.resolved.get("is_most") is not None:  # "is the Keller the floor with the largest room?"
            name = answerer.storey_name(plan.resolved["is_most"]) or plan.resolved["is_most"]
            out.yes_no = name in out.storeys
            out.rule = f"the storey of the {_AGG_WORDS[agg.op]} {agg.quantity} of the {label} {scope}"
            out.text = (f"{'Yes' if out.yes_no else 'No'}: the {_AGG_WORDS[agg.op]} {agg.quantity} of the {label} "
                        f"{scope} is {_shown(best)} {unit} ({source}), "
                        + "; ".join(f"{answerer.display(h)} on {answerer.storey_name(h.storey) or 'no storey'}"
                                    for h in chosen) + ".")
            return out
        out.text = (f"{' and '.join(out.storeys) or 'No storey'}: the {_AGG_WORDS[agg.op]} {agg.quantity} of the "
                    f"{label} is {_shown(best)} {unit} ({source}), "
                    + "; ".join(answerer.display(h) for h in chosen) + ".")
        return out
    if agg.op in ("max", "min"):
        best = (max if agg.op == "max" else min)(agg.per_element.values())
        chosen = [h for h in measured if _tie(agg.per_element[h.guid], best)]
        out.hits = chosen
        out.value = {"number": _number(best), "unit": unit or None, "op": agg.op, "quantity": agg.quantity,
                     "source": source}
        out.rule = f"{_AGG_WORDS[agg.op]} {agg.quantity} of {_the(len(measured), label)} {scope}"
        names = "; ".join(_spoken(index, answerer, h) for h in chosen)
        out.text = (f"The {_AGG_WORDS[agg.op]} {agg.quantity} of {_the(len(measured), label)} {scope} is "
                    f"{_shown(best)} {unit} ({source}): {names}.")
        return out
    missing = len(agg.missing) if agg.total else len(hits) - len(measured)
    if missing and agg.op == "sum":  # a total that leaves elements out is not the total asked for
        return _declined(plan, out, answerer, f"{missing} of the {len(hits)} {label} {scope} have no {agg.quantity} "
                         f"(the other {len(measured)} total {_shown(agg.number)} {unit}, {source}), so their total "
                         "is not known", f"Ask for the mean or the largest {agg.quantity}, which the "
                         f"{len(measured)} that have one can answer.")
    out.hits = measured
    out.value = {"number": _number(agg.number), "unit": unit or None, "op": agg.op, "quantity": agg.quantity,
                 "source": source}
    single = len(measured) == 1 and agg.op in ("sum", "mean", "max", "min") and not missing  # no total of one
    out.rule = f"{'' if single else _AGG_WORDS[agg.op] + ' '}{agg.quantity} of {_the(len(measured), label)} {scope}"
    note = f" {missing} more {label} have no {agg.quantity} and are not counted." if missing else ""
    if missing:
        out.value["missing"] = missing
    out.text = f"{out.rule[0].upper()}{out.rule[1:]}: {_shown(agg.number)} {unit} ({source}).{note}"
    return out


def _storey_itself(index: ModelIndex, answerer: Answerer, plan: Plan, measure: resolve.Measure,
                   out: Outcome) -> Outcome:
    """ "the gross floor area of the Dachgeschoss as a whole": the storey's own quantity set, never its spaces'."""
    storeys = [e for g in plan.storeys if (e := index.find(g)) is not None]
    said = measure.quantity.replace("_", " ")
    agg = resolve.aggregate(index, [e.guid for e in storeys], measure)
    if agg.number is None or agg.missing or not storeys:
        names = ", ".join(e.name or e.guid for e in storeys)
        return _declined(plan, out, answerer, f"the storey {names} records no {said} of its own",
                         "Ask for the total floor area of its rooms instead.")
    names = _join_names([e.name or e.guid for e in storeys])
    out.hits = [Hit(e.guid, e.ifc_class, e.name, e.guid) for e in storeys]
    out.value = {"number": _number(agg.number), "unit": agg.unit, "op": agg.op, "quantity": agg.quantity,
                 "source": agg.source}
    out.rule = f"{agg.quantity} of the storey {names} itself ({agg.source})"
    out.text = (f"{agg.quantity} of {names} as a whole (the storey's own {agg.source}): "
                f"{_shown(agg.number)} {agg.unit or ''}.").replace(" .", ".")
    return out


def _storeys_past_bound(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit],
                        measure: resolve.Measure, out: Outcome) -> Outcome:
    """ "Which floors have a total room area over 450 m²?": each storey's sum against the bound."""
    bound = plan.resolved["sum_threshold"]
    label = answerer.label(plan)
    order = plan.storeys or [s.guid for s in answerer.resolver.storeys]
    sums: dict[str, float] = {}
    unit: str | None = None
    for g in order:
        agg = resolve.aggregate(index, [h.guid for h in hits if h.storey == g], measure)
        if agg.missing and agg.op == "sum":
            return _declined(plan, out, answerer, f"{len(agg.missing)} {label} on {answerer.storey_name(g) or g} have "
                             f"no {agg.quantity}, so that storey's total is not known", "Ask for the total per storey.")
        sums[g] = agg.number or 0.0
        unit = unit or agg.unit
    value = float(bound["value"])
    if bound.get("unit") and unit and bound["unit"] != unit:
        a, b = resolve.unit_factor(index, bound["unit"]), resolve.unit_factor(index, unit)
        if a and b:
            value = value * a / b
    chosen = [g for g in order if _OPS[bound["op"]](sums[g], value)]
    out.storeys = [answerer.storey_name(g) or g for g in chosen]
    out.hits = [h for h in hits if h.storey in set(chosen)]
    out.rule = (f"storeys where the {_AGG_WORDS.get(measure.op, measure.op)} {measure.quantity.replace('_', ' ')} of "
                f"the {label} is {bound['op']} {value:g} {unit or ''}").rstrip()
    shown = ", ".join(f"{answerer.storey_name(g) or g}: {_shown(v)} {unit or ''}".rstrip() for g, v in sums.items())
    out.text = f"{_join_names(out.storeys) or 'No storey'} ({out.rule}; per storey: {shown})."
    return out


def _is_extreme(index: ModelIndex, answerer: Answerer, plan: Plan, measure: resolve.Measure, out: Outcome) -> Outcome:
    """ "Is the living room the biggest room (on Level 1)?": the named room(s) against every space in scope."""
    named = set(plan.resolved["is_extreme"])
    storeys = set(plan.storeys)
    pool = [e for e in index.data.elements.values() if e.ifc_class == "IfcSpace" and (not storeys or (
        e.storey is not None and index.data.elements[e.storey].guid in storeys))]
    agg = resolve.aggregate(index, [e.guid for e in pool], measure)
    if agg.number is None or any(g not in agg.per_element for g in named):
        return _declined(plan, out, answerer, f"the spaces {answerer.scope(plan)} do not all have a "
                         f"{measure.quantity.replace('_', ' ')}, so they cannot be ranked", "Ask for each room's size.")
    best = agg.number
    chosen = [e for e in pool if e.guid in agg.per_element and _tie(agg.per_element[e.guid], best)]
    out.yes_no = any(e.guid in named for e in chosen)
    out.hits = [Hit(e.guid, e.ifc_class, e.name, index.data.elements[e.storey].guid if e.storey is not None else None)
                for e in chosen]
    word = _AGG_WORDS[agg.op]
    out.value = {"number": _number(best), "unit": agg.unit, "op": agg.op, "quantity": agg.quantity,
                 "source": agg.source}
    out.rule = f"the {word} {agg.quantity} of the {len(agg.per_element)} spaces {answerer.scope(plan)}"
    mine = ", ".join(f"{e.name or e.guid}: {_shown(agg.per_element[e.guid])} {agg.unit or ''}".rstrip()
                     for e in pool if e.guid in named)
    out.text = (f"{'Yes' if out.yes_no else 'No'}: {out.rule} is {_shown(best)} {agg.unit or ''} ({agg.source}), "
                + "; ".join(e.name or e.guid for e in chosen) + f"; the room asked about has {mine}.")
    return out


def _is_first(answerer: Answerer, plan: Plan, out: Outcome, asked: str, values: dict[str, float],
              what: str, measured: bool = False) -> Outcome:
    """Whether storey ``asked`` is (one of) the storeys ranked first by ``values``; ``out.storeys`` holds them."""
    name = answerer.storey_name(asked) or asked
    out.yes_no = name in (out.storeys or [])
    shown = ", ".join(f"{answerer.storey_name(g) or g}: {_shown(v)}" for g, v in values.items())
    word = ("smallest" if plan.least else "largest") if measured else "fewest" if plan.least else "most"
    out.rule = f"{out.rule}, every storey ranked by its {what}"
    out.text = (f"{'Yes' if out.yes_no else 'No'}: {_join_names(out.storeys or []) or 'no storey'} "
                f"{'has' if len(out.storeys or []) == 1 else 'have'} the {word} ({shown}).")
    return out


def _element_compare(index: ModelIndex, plan: Plan, hits: list[Hit]) -> Outcome:
    """Two named elements compared by an attribute (``parser._compare_elements``): both values, their units."""
    spec = plan.resolved["element_compare"]
    (sa, ga, va, ua, wa), (sb, gb, vb, ub, wb) = spec["sides"]
    if ua != ub:
        plan.declined = {"reason": f"the two {spec['attribute']}s are recorded in different units ({ua}, {ub})",
                         "not_understood": [], "can_answer": f"Ask for the {spec['attribute']} of each element."}
        return Outcome(hits=[], text=f"I cannot answer this: {plan.declined['reason']}, so nothing is listed.")
    unit = f" {ua}" if ua else ""
    holds = va > vb if spec["larger"] else va < vb
    shown = f"{sa}: {va:g}{unit} ({wa}); {sb}: {vb:g}{unit} ({wb})"
    rule = f"{spec['attribute']} of {sa} vs {sb}"
    by_guid = {h.guid: h for h in hits}
    if spec["which"]:
        if math.isclose(va, vb, rel_tol=1e-9):
            return Outcome(rule=rule, hits=list(by_guid.values()), text=f"Neither: the same {spec['attribute']}. "
                                                                           f"{shown}.")
        winner = ga if holds else gb
        return Outcome(rule=rule, hits=[by_guid[winner]] if winner in by_guid else [],
                       text=f"{sa if holds else sb} is {spec['comparative']}: {shown}.")
    return Outcome(rule=rule, hits=list(by_guid.values()), yes_no=holds,
                   text=f"{'Yes' if holds else 'No'}: {shown}.")


def _room_counts(index: ModelIndex, answerer: Answerer, plan: Plan) -> Outcome:
    """Two groups of rooms compared by count (``parser._room_count_comparison``), within the storeys asked."""
    wanted = set(plan.storeys)
    sides: list[tuple[str, list[Hit]]] = []
    for term, guids in plan.resolved["room_counts"]:
        side = []
        for g in dict.fromkeys(guids):
            e = index.find(g)
            storey = index.data.elements[e.storey].guid if e is not None and e.storey is not None else None
            if e is not None and (not wanted or storey in wanted):
                side.append(Hit(e.guid, e.ifc_class, e.name, storey, step_id=e.id))
        sides.append((term, side))
    (ta, a), (tb, b) = sides
    holds = {"<": len(a) < len(b), "=": len(a) == len(b)}.get(plan.compare_op or ">", len(a) > len(b))
    rule = f"count of spaces named like {ta!r} {plan.compare_op} count named like {tb!r} {answerer.scope(plan)}"
    text = (f"{'Yes' if holds else 'No'}: {len(a)} space{'s' if len(a) != 1 else ''} named like {ta!r} and "
            f"{len(b)} named like {tb!r} {answerer.scope(plan)} ({len(a)} {plan.compare_op} {len(b)} is "
            f"{'true' if holds else 'false'}).")
    return Outcome(rule=rule, hits=a + b, text=text, yes_no=holds)


def _the(n: int, label: str) -> str:
    """"the 12 spaces", "the 1 space named like 'offices'": a measured set's size with its class label in number
    (a label of several classes, "doors and windows", stays as it is)."""
    if label in COUNTED_LABELS:
        return f"the {n} {counted_form(label, n)}"
    head, _, rest = label.partition(" ")
    if re.match(r"(?:and|or|und|oder)\b", rest):
        return f"the {n} {label}"
    return f"the {n} {counted_form(head, n)}{' ' + rest if rest else ''}"


def _on_no_storey(answerer: Answerer, plan: Plan, out: Outcome, label: str, n: int) -> Outcome:
    """ "Which floor are the signals on?" where none of them is on a storey (a rail model has none; an element
    placed outside every storey): there is no storey to name, so the question is declined saying why, never
    answered by listing the elements "on no storey" (round 7)."""
    why = ("this model has no storeys" if not answerer.resolver.storeys
           else "none of them is contained in a storey, one of its spaces or an element that is")
    return _declined(plan, out, answerer, f"the {n} {label} asked are on no storey: {why}",
                     "Ask which elements the model holds, or about their properties.")


def _declined(plan: Plan, out: Outcome, answerer: Answerer, reason: str, instead: str) -> Outcome:
    """A measure that cannot be given: declined, saying why (nothing listed, no number)."""
    plan.declined = {"reason": reason, "not_understood": [], "can_answer": instead}
    out.hits = []
    out.text = answerer.declined(plan)
    return out


def _sum_threshold(plan: Plan, out: Outcome, total: float, unit: str | None, index: ModelIndex) -> Outcome:
    """The yes/no of a bound on a sum ("do the WCs add up to more than 100 m²?"), the bound in its own unit."""
    bound = plan.resolved.get("sum_threshold")
    if bound is None:
        return out
    value = float(bound["value"])
    if bound.get("unit") and unit and bound["unit"] != unit:
        a, b = resolve.unit_factor(index, bound["unit"]), resolve.unit_factor(index, unit)
        if a and b:
            value = value * a / b
    out.yes_no = bool(_OPS[bound["op"]](total, value))
    words = {">": "more than", ">=": "at least", "<": "less than", "<=": "at most"}[bound["op"]]
    out.rule = f"{out.rule} {bound['op']} {value:g} {unit or ''}".rstrip()
    out.text = (f"{'Yes' if out.yes_no else 'No'}: the {out.rule.split(' ' + bound['op'])[0]} is {_shown(total)} "
                f"{unit or ''}, {'' if out.yes_no else 'not '}{words} {value:g} {unit or ''}.").replace(" ,", ",")
    return out


def _measured_per_storey(index: ModelIndex, answerer: Answerer, plan: Plan, measured: list[Hit],
                         measure: resolve.Measure, out: Outcome) -> Outcome:
    """A measure per storey ("the total room area on each floor", "average room size per level"): the aggregate
    of each storey's elements, every storey in scope named with its number (no single value is claimed)."""
    label, scope = answerer.label(plan), answerer.scope(plan)
    order = plan.storeys or [s.guid for s in answerer.resolver.storeys]
    rows = []
    for g in order:
        mine = [h.guid for h in measured if h.storey == g]
        agg = resolve.aggregate(index, mine, measure) if mine else None
        rows.append((answerer.storey_name(g) or g, agg))
    first = next((a for _, a in rows if a is not None and a.number is not None), None)
    if first is None:
        out.hits, out.text = [], f"None of the {label} {scope} has a {measure.quantity}, so I give no number."
        return out
    out.hits = measured
    out.rule = f"{_AGG_WORDS[first.op]} {first.quantity} of the {label} per storey {scope} ({first.source})"
    shown = "; ".join(f"{name}: {_shown(a.number)} {a.unit or ''}".rstrip() if a is not None and a.number is not None
                      else f"{name}: none" for name, a in rows)
    out.text = f"{_capital(out.rule)}: {shown}."
    return out


def _ranked_sums(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit], measure: resolve.Measure,
                 out: Outcome) -> Outcome:
    """The measure summed per storey, then "which floor has the most floor area" (the storey(s) with the largest,
    or with ``least`` the smallest, sum) or "is A's room area bigger than B's" (a yes/no on the two sums)."""
    label = answerer.label(plan)
    order = plan.compare or plan.storeys or [s.guid for s in answerer.resolver.storeys]
    sums: dict[str, float] = {}
    first: resolve.Aggregate | None = None
    for g in order:
        mine = [h.guid for h in hits if h.storey == g]
        agg = resolve.aggregate(index, mine, measure) if mine else None
        if agg is not None and agg.number is not None:
            sums[g] = agg.number
            first = first or agg
    if first is None:
        out.hits, out.text = [], f"None of the {label} has a {measure.quantity}, so I give no answer."
        return out
    name = {g: answerer.storey_name(g) or g for g in order}
    shown = ", ".join(f"{name[g]}: {_shown(sums.get(g, 0.0))} {first.unit or ''}".rstrip() for g in order)
    out.rule = f"total {first.quantity} of the {label} per storey ({first.source})"
    if plan.intent == "compare" and plan.compare_op == "-":  # "how much bigger is A than B": A minus B
        a, b = plan.compare
        va, vb = sums.get(a, 0.0), sums.get(b, 0.0)
        diff = vb - va if plan.least else va - vb
        out.value = {"number": _number(diff), "unit": first.unit, "op": "difference", "quantity": first.quantity,
                     "source": first.source}
        first_name, second_name = (name[b], name[a]) if plan.least else (name[a], name[b])
        out.rule += f", {first_name} minus {second_name}"
        out.text = f"{_shown(diff)} {first.unit or ''}: {shown} ({out.rule}).".replace(" :", ":")
        return out
    if plan.intent == "compare":
        a, b = plan.compare
        va, vb = sums.get(a, 0.0), sums.get(b, 0.0)
        out.yes_no = not _tie(va, vb) and (va < vb if plan.least else va > vb)
        out.rule += f", {name[a]} {'<' if plan.least else '>'} {name[b]}"
        out.text = f"{'Yes' if out.yes_no else 'No'}: {shown} ({out.rule})."
        return out
    values = [sums.get(g, 0.0) for g in order]
    best = min(values) if plan.least else max(values)
    chosen = [g for g in order if _tie(sums.get(g, 0.0), best)]
    out.storeys = [name[g] for g in chosen]
    if plan.resolved.get("is_most") is not None:
        out.hits = [h for h in hits if h.storey in set(chosen)]
        return _is_first(answerer, plan, out, plan.resolved["is_most"], {g: sums.get(g, 0.0) for g in order},
                         f"total {first.quantity} of the {label} ({first.unit or ''}, {first.source})", measured=True)
    out.hits = [h for h in hits if h.storey in set(chosen)]
    out.value = {"number": _number(best), "unit": first.unit, "op": "sum", "quantity": first.quantity,
                 "source": first.source}
    out.text = (f"{_join_names(out.storeys)} {'has' if len(chosen) == 1 else 'have'} the "
                f"{'smallest' if plan.least else 'largest'} {out.rule}: {shown}.")
    return out
