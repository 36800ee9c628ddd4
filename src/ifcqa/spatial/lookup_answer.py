"""The answer to an attribute lookup (see :mod:`ifcqa.spatial.lookup`): its text, its ``value`` (``number`` when
one element is asked or all hold one number; ``values``, the distribution; ``property``, where it was read),
its rule, or a decline saying what the model does not record."""

from __future__ import annotations

from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import multi_lookup, per_storey
from ifcqa.spatial.answer import Answerer
from ifcqa.spatial.classes import class_filter
from ifcqa.spatial.execute import Hit, storey_id
from ifcqa.spatial.lookup import Frame, layer_lookup, letters, lookup, same_number, show, words
from ifcqa.spatial.outcome import Outcome
from ifcqa.spatial.plan import Plan

_FLAT = ("IfcSlab", "IfcCovering", "IfcRoof", "IfcPlate")


def _decline(plan: Plan, reason: str, can: str) -> Outcome:
    plan.intent = "declined"
    plan.declined = {"reason": reason, "not_understood": [str((plan.lookup or {}).get("term", ""))],
                     "can_answer": can}
    return Outcome(hits=[], text=f"I cannot answer this: {reason}, so nothing is listed. {can}")


def _frame(plan: Plan) -> Frame:
    spec = plan.lookup or {}
    return Frame(str(spec.get("term", "")), spec.get("key"))


def _subject(answerer: Answerer, plan: Plan, n: int, hits: list[Hit] | None = None) -> str:
    if hits and all(h.ifc_class in ("IfcBuilding", "IfcBuildingStorey") for h in hits):
        return ", ".join(("the building" if h.ifc_class == "IfcBuilding" else "storey")
                         + (f" {h.name!r}" if h.name else "") for h in hits)
    if plan.elements and hits is not None and len(hits) <= 3:  # named by GlobalId: say which
        named = [f"{h.ifc_class} {h.guid}" + (f" ({h.name})" if h.name else "") for h in hits]
        return ", ".join(named)
    label = answerer.label(plan)
    return f"the {n} {label} {answerer.scope(plan)}" if n != 1 else f"the {label} {answerer.scope(plan)}"


def answer(index: ModelIndex, answerer: Answerer, plan: Plan, hits: list[Hit]) -> Outcome:
    """The lookup plan answered on ``hits`` (the subject's elements, already narrowed)."""
    if plan.rooms and not any(r.guids for r in plan.rooms):  # a room the model lacks: never every element
        terms = " or ".join(repr(r.term) for r in plan.rooms)
        plan.lookup = dict(plan.lookup or {}, term=", ".join(r.term for r in plan.rooms))
        return _decline(plan, f"this model has no space named like {terms}",
                        "Ask about one of its rooms by name, number or function.")
    if (plan.lookup or {}).get("parts"):  # "the width and height of door X": each attribute on the same subject
        return multi_lookup.answer(plan, lambda sub: answer(index, answerer, sub, hits))
    frame = _frame(plan)
    if (plan.lookup or {}).get("each_storey"):  # "the elevation of each storey": one value per storey
        return per_storey.answer(index, plan, frame)
    spec = words().attributes.get(frame.key or "", {})
    inventory = bool(plan.classes) and all(c.inventory for c in plan.classes) and not plan.rooms \
        and not plan.elements and not plan.qualifiers
    if inventory and plan.storeys and frame.key == "height":  # "the height of the top floor": storey to storey
        return _storeys(index, answerer, plan, Frame(frame.term, "floor-to-floor height"))
    if spec.get("subject") == "storey":
        return _storeys(index, answerer, plan, frame)
    if inventory and spec.get("subject") != "space":  # the subject is a storey or the model itself, never all in it
        kinds = ("IfcBuildingStorey",) if plan.storeys else ("IfcBuilding",)
        wanted_storeys = set(plan.storeys)
        hits = [Hit(e.guid, e.ifc_class, e.name, None, step_id=e.id) for e in index.data.elements.values()
                if e.ifc_class in kinds and (not wanted_storeys or index.key(e) in wanted_storeys)]
        plan.classes = []
        if not hits:
            return _decline(plan, f"'{frame.term}' is asked of the building and this model has no IfcBuilding",
                            "Ask about its storeys or elements.")
    if plan.elements:
        wanted = set(plan.elements)
        got = {h.guid for h in hits}
        other = [g for g in plan.elements if g not in got]
        if other:
            e = index.find(other[0])
            what = e.ifc_class if e is not None else "element"
            return _decline(plan, f"the element {other[0]} is an {what}, not one of the "
                            f"{answerer.label(plan)} the question names", f"Ask about the {what} itself.")
        hits = [h for h in hits if h.guid in wanted]
    if spec.get("subject") == "space" and inventory:  # "the room height on level 1": the storey's spaces
        ids = {storey_id(index, g) for g in plan.storeys}
        hits = [Hit(e.guid, e.ifc_class, e.name, index.key(index.data.elements[e.storey]) if e.storey else None,
                    step_id=e.id) for e in index.data.elements.values()
                if e.ifc_class == "IfcSpace" and (not ids or e.storey in ids)]
        plan.classes = [class_filter(index.schema, "spaces")]
    if spec.get("subject") == "space":
        hits = [h for h in hits if h.ifc_class == "IfcSpace"]
        if not hits:
            return _decline(plan, f"'{frame.term}' is a room's height and the question names no room",
                            "Ask for the ceiling height of a room by its name or number.")
    hits, exact = _named_exactly(index, plan, hits)
    if not hits:
        label = answerer.label(plan)  # a value of things the model lacks: the premise fails, declined (round 11)
        return _decline(plan, f"there are no {label} {answerer.scope(plan)} to read the {frame.key or frame.term} of",
                        "Ask about elements the model holds.")
    singular = (plan.lookup or {}).get("singular")
    if singular and len(hits) > 1 and not exact:  # round 11: "the door's width" where there are 18 doors
        label, scope, what = answerer.label(plan), answerer.scope(plan), frame.key or frame.term
        return _decline(plan, f"it asks for the {what} of one {singular} ('the {singular}') and there are "
                        f"{len(hits)} {label} {scope}", f"Ask for the {what} of each {singular} {scope}, or "
                        f"name the {singular} (its name, GlobalId or room).")
    layer = (plan.lookup or {}).get("layer")
    if layer:  # "the thickness of the insulation of the external walls": the insulation layers only
        result = layer_lookup(index, frame, [h.guid for h in hits], str(layer))
        if not result.recorded:
            return _decline(plan, f"none of {_subject(answerer, plan, len(hits), hits)} has a material layer "
                            f"named like {layer!r}", "Ask for the materials of their layers.")
    else:
        result = lookup(index, frame, [h.guid for h in hits], (plan.lookup or {}).get("set"))
    recorded = result.recorded
    subject = _subject(answerer, plan, len(hits), hits)
    matched = result.matched
    if matched is not None and matched.ambiguous:  # "finish": 'Floor Finish', 'Wall Finish' ... never a guess
        shown = ", ".join(repr(n) for n in matched.candidates[:8]) + (
            f" and {len(matched.candidates) - 8} more" if len(matched.candidates) > 8 else "")
        return _decline(plan, f"'{frame.term.replace('_', ' ')}' names {len(matched.candidates)} different "
                        f"properties of {subject} "
                        f"({shown}), and I will not guess which one is meant",
                        "Ask for one of them by its name.")
    if not result.sources or all(r is None for r in result.readings.values()):
        held = _held(index, hits)
        flat = frame.key == "height" and any(h.ifc_class.startswith(_FLAT) for h in hits)
        hint = (" (a slab's, ceiling's or roof's height in the model is its thickness: ask how thick it is, or for "
                "the ceiling height of a room)") if flat else ""
        only_set = (plan.lookup or {}).get("set")
        in_set = f" in the property set {only_set!r}" if only_set else ""
        return _decline(plan, f"this model does not record '{frame.key or frame.term}'{in_set} for {subject}{hint}",
                        f"They hold: {held}." if held else "They hold no properties or quantities.")
    if not recorded and frame.key == "material":
        return _decline(plan, f"this model assigns no material to {subject} (no IfcRelAssociatesMaterial)",
                        "Ask about their type, size or properties.")
    if not recorded:
        names = sorted({f"{r.source}.{r.name}" for r in result.readings.values() if r is not None})
        return _decline(plan, f"this model does not record '{frame.term}' for {subject}: "
                        f"{', '.join(names)} is empty or only a placeholder",
                        "Ask which of them carry another property, or about their size or type.")
    hits = [h for h in hits if h.guid in result.readings]
    dist = result.distribution()
    unit = result.unit()
    number = same_number(result)
    rows = [{"value": v, "count": n} for v, n in sorted(dist.items(), key=lambda kv: (kv[0] is None, -kv[1],
                                                                                         str(kv[0])))]
    where = result.where()
    value: dict[str, Any] = {"number": number, "unit": unit, "values": rows, "property": where}
    suffix = f" {unit}" if unit else ""
    if number is not None:
        body = f"{show(number)}{suffix}" + (f" (all {len(hits)})" if len(hits) > 1 else "")
    else:
        body = ", ".join(_shown(r["value"], suffix) + (
            f" x {r['count']}" if r["count"] > 1 or (r["value"] is None and len(hits) > 1) else "") for r in rows)
    head = where if where else frame.term
    rule = f"{head} of {subject}"
    text = f"{_capital(head)} of {subject}: {body}."
    if frame.key == "material":
        text += " (counts are elements holding each material)" if len(hits) > 1 else ""
    if layer and len(recorded) < len(hits):
        text += f" ('not recorded': the element has no material layer named like {layer!r})"
    if unit is None and words().attributes.get(frame.key or "", {}).get("positive") and any(
            isinstance(r.value, (int, float)) for r in recorded.values()):  # a weight with no unit: said so
        text += (" No unit is recorded for it (a plain number in the property set, and no unit named beside it), so"
                 " the number is given as the model writes it.")
    if matched is not None and matched.name is not None:  # said, never silent: which name the words were read as
        text += (f" ('{frame.term.replace('_', ' ')}' read as {where or matched.name}: the one property of theirs "
                 "whose name holds "
                 "these words.)")
        value["read_as"] = matched.name
    grounded = [c.note for c in plan.classes if c.kind and c.kind.startswith("grounded:") and c.note]
    if exact:  # "the Frischwasserstation": the element named so, not the pipes whose names mention it
        text += " " + exact
    elif grounded:  # "the entrance door": which elements the words were read as, said
        text += " " + " ".join(dict.fromkeys(grounded))
    return Outcome(value=value, rule=rule, hits=hits, text=text)


def _named_exactly(index: ModelIndex, plan: Plan, hits: list[Hit]) -> tuple[list[Hit], str]:
    """A lookup of one grounded name ("the Frischwasserstation", "the Pufferspeicher"): when some of the elements
    whose names hold the words are named exactly so (the whole Name, letters compared), the lookup reads those
    and says so; the others only mention it ("Rohr - Pumpe zu Frischwasserstation")."""
    grounded = [c for c in plan.classes if c.kind and c.kind.startswith("grounded:")]
    if len(grounded) != 1 or len(plan.classes) != 1 or plan.elements or not hits:
        return hits, ""
    term = letters(grounded[0].kind.partition(":")[2])
    exact = [h for h in hits if h.name and letters(h.name) == term]
    if not exact or len(exact) == len(hits):
        return hits, ""
    return exact, (f"'{grounded[0].kind.partition(':')[2]}' read as the {len(exact)} element(s) named exactly so "
                   f"({exact[0].name!r}), not the {len(hits) - len(exact)} whose names only mention it.")


def _shown(value: Any, suffix: str) -> str:
    """A value with its unit (numbers only: text, booleans and 'not recorded' carry none)."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return show(value) + (suffix if number else "")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _held(index: ModelIndex, hits: list[Hit]) -> str:
    names: dict[str, None] = {}
    for h in hits[:50]:
        e = index.find(h.guid)
        if e is None:
            continue
        for sets in (e.psets, e.qtos):
            for props in sets.values():
                for prop, v in props.items():
                    if v.value is not None and v.value != "" and len(names) < 12:
                        names.setdefault(prop)
    return ", ".join(names)


def _other_subject(plan: Plan) -> str:
    """What a storey lookup is asked of besides the storeys: element classes, rooms or elements ("" for none)."""
    said = [c.key for c in plan.classes if not c.inventory and c.key not in ("storeys", "storey")]
    said += [r.term for r in plan.rooms] + list(plan.elements)
    return ", ".join(f"'{w}'" for w in said)


def _storeys(index: ModelIndex, answerer: Answerer, plan: Plan, frame: Frame) -> Outcome:
    """A storey's elevation, or the floor-to-floor height between two storeys (to the next one above for one)."""
    unit = index.units.get("LENGTHUNIT")
    symbol = unit.symbol if unit else None
    suffix = f" {symbol}" if symbol else ""
    ordered = [index.data.elements[i] for i in index.data.storeys]
    chosen = [index.data.elements[storey_id(index, g)] for g in plan.storeys]
    if not chosen:
        return _decline(plan, f"'{frame.term}' is asked of a storey and the question names none",
                        "Ask for the elevation of one of its storeys.")
    asked = _other_subject(plan)
    if asked:  # "the elevation of the windows on Level 2": theirs, which is not the storey's
        return _decline(plan, f"'{frame.term}' is read here as a storey's and the question asks it of {asked}, "
                        "whose own heights the model does not give as a storey's elevation",
                        "Ask for the elevation of the storey itself, or for the elements' heights.")
    # an Elevation the file leaves unset is not recorded: the placement's z is no answer to "its elevation"
    missing = [s.name for s in chosen if s.elevation is None
               or (frame.key == "elevation" and s.attributes.get("Elevation") is None)]
    if missing:
        return _decline(plan, f"this model does not record the Elevation of {', '.join(map(str, missing))}",
                        "Ask what is on the storey instead.")
    if frame.key == "elevation":
        rows = [{"value": s.elevation, "count": 1} for s in chosen]
        number = chosen[0].elevation if len(chosen) == 1 else None
        body = "; ".join(f"{s.name}: {show(s.elevation)}{suffix}" for s in chosen)
        return Outcome(value={"number": number, "unit": symbol, "values": rows,
                              "property": "Elevation (IfcBuildingStorey)"},
                       rule=f"Elevation of {answerer.scope(plan)[3:]}", hits=[],
                       text=f"Elevation (IfcBuildingStorey.Elevation) of {body}.")
    if len(chosen) == 1:
        above = [s for s in ordered if s.elevation is not None and s.elevation > (chosen[0].elevation or 0.0)]
        if not above:
            return _decline(plan, f"{chosen[0].name} is the top storey, so it has no storey above to measure to",
                            "Ask for its elevation.")
        chosen = [chosen[0], min(above, key=lambda s: s.elevation or 0.0)]
    if len(chosen) != 2:
        return _decline(plan, "a floor-to-floor height is between two storeys and the question names "
                        f"{len(chosen)}", "Name two storeys.")
    low, high = sorted(chosen, key=lambda s: s.elevation or 0.0)
    diff = float((high.elevation or 0.0) - (low.elevation or 0.0))
    return Outcome(value={"number": diff, "unit": symbol, "values": [{"value": diff, "count": 1}],
                          "property": "difference of IfcBuildingStorey.Elevation"},
                   rule=f"Elevation({high.name}) - Elevation({low.name})", hits=[],
                   text=f"Floor-to-floor height from {low.name} ({show(low.elevation)}{suffix}) to {high.name} "
                        f"({show(high.elevation)}{suffix}): {show(diff)}{suffix} (difference of the storeys' "
                        "Elevation).")
