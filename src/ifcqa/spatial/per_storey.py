"""The storeys as the subject of a lookup, one value each: "what is the elevation of each storey", "list the floor
levels with their elevations", "floor-to-floor height per level", "at what height is each storey", "Wie hoch ist
jedes Geschoss?".

:func:`find` reads the shape in the (normalised) question: a phrase naming every storey distributively ("each /
every / all (the) / per / for each <storey noun>", German "jedes / alle / pro Geschoss", or "the levels with / and
their <attribute>") and an attribute word of the lookup vocabulary (plural allowed: "elevations") or a height
question ("at what height / level is" = the elevation, "how high / wie hoch is" = the floor-to-floor height, as
for one storey). It returns the lookup frame with every span it read, so the parser masks them and accounts for the
rest of the question as usual (a word left over declines). :func:`answer` gives one value per storey, lowest
first, the storeys cited as the elements: the Elevation (not recorded when unset, said so), the height to the
next storey up (the top storey has none: *not recorded*), or any other attribute the storeys hold (else declined
saying the model does not record it for its storeys).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from ifcqa.spatial.lookup import HEIGHT_AT, Frame, _attribute_like, lookup, show, words

if TYPE_CHECKING:
    from ifcqa.index.model_index import ModelIndex
    from ifcqa.spatial.outcome import Outcome
    from ifcqa.spatial.plan import Plan

_NOUNS = (r"(?:floor\s+levels?|floors?|levels?|storeys?|stories|story|geschosse?|etagen?|stockwerke?|ebenen?|"
          r"building\s+levels?)")
_EACH = re.compile(r"\b(?:for\s+)?(?:each|every|all(?:\s+of)?(?:\s+the)?|per|jede[smrn]?|alle[nrs]?|pro|je)\s+"
                   r"(?:(?:of\s+the|der|die)\s+)?" + _NOUNS + r"\b")
_WITH_THEIR = re.compile(r"\b(?:the\s+|die\s+)?" + _NOUNS + r"\s+(?:with|and|along\s+with|mit|und)\s+"
                         r"(?:their|its|the|ihren?|deren)\s+")
_HEIGHT_Q = HEIGHT_AT  # "at what height / auf welcher Höhe is": the elevation
_HOW_HIGH = re.compile(r"\b(?:how\s+(?:high|tall)|wie\s+hoch)\s+(?:is|are|ist|sind)\b")
_LEAD = re.compile(r"^\s*(?:(?:please|pls|can\s+you|could\s+you)\s+)*(?:(?:what|which)\s+(?:is|are|was|were)|"
                   r"(?:list|show|give|tell)(?:\s+me)?|was\s+(?:ist|sind)|nenne|zeige?(?:\s+mir)?|liste)\b")
_LINK = re.compile(r"\b(?:the|of|for|die|der|des|von)\b")
_LINKS_ONLY = re.compile(r"(?:\s|\b(?:of|for|on|the|is|are|with|and|their|its|at|von|der|des|die|ist|sind|hat|haben|"
                         r"list|show|me|give|what|was)\b)*")


def _attribute(text: str, taken: list[tuple[int, int]]) -> tuple[str, str | None, int, int] | None:
    """The first vocabulary attribute in ``text`` outside ``taken`` (longest phrase first; a plural allowed)."""
    vocab = words().attributes
    best: tuple[str, str | None, int, int] | None = None
    for term in sorted(vocab, key=len, reverse=True):
        if len(term) < 3:
            continue
        for found in re.finditer(r"\b" + re.escape(term) + r"(?:s|es|n)?\b", text):
            if any(a < found.end() and found.start() < b for a, b in taken):
                continue
            if best is None or found.start() < best[2]:
                best = (found.group(0), str(vocab[term]["key"]), found.start(), found.end())
            break
    return best


def find(text: str, holds: Any) -> Frame | None:
    """The per-storey lookup in the normalised ``text`` (see the module doc), or None. ``holds(term)`` says
    whether the model holds a property of that name (a word outside the vocabulary: "the FireRating of each
    storey")."""
    each = _EACH.search(text) or _WITH_THEIR.search(text)
    if each is None or words().aggregates.search(text):  # "the total area of each floor": a measure per storey
        return None
    spans = [each.span()]
    height = _HEIGHT_Q.search(text)
    how_high = _HOW_HIGH.search(text)
    key: str | None
    if height is not None:
        term, key, start, end = height.group("q"), "elevation", height.start(), height.end()
    elif how_high is not None:
        term, key, start, end = "height", "floor-to-floor height", how_high.start(), how_high.end()
    else:
        found = _attribute(text, spans)
        if found is None:
            found = _property(text, spans, holds)
        if found is None:
            return None
        term, key, start, end = found
        if words().attributes.get(key or "", {}).get("subject") == "space":
            return None  # "the ceiling height of each floor": the rooms' height, read as for any storey
        if key == "height":  # the height of a storey is floor to floor (as for one storey)
            key = "floor-to-floor height"
    between = text[end:each.start()] if end <= each.start() else text[each.end():start] if start >= each.end() else ""
    if not _LINKS_ONLY.fullmatch(between):  # "what type of walls are on each floor": the walls', not the storeys'
        return None
    spans.append((start, end))
    lead = _LEAD.search(text)
    if lead is not None:
        spans.append(lead.span())
    frame = Frame(term, key, spans)
    return frame


def _property(text: str, taken: list[tuple[int, int]], holds: Any) -> tuple[str, str | None, int, int] | None:
    """ "the fire rating of each storey": words right before "of/for" + the storey phrase, read by property name
    (a property the model holds, or words that read as one and are then declined as not recorded)."""
    start = min(a for a, _ in taken)
    before = text[:start]
    found = re.search(r"(?:\bthe\s+)?(?P<attr>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2})\s+(?:of|for|on)\s*$", before)
    if found is None:
        return None
    term = found.group("attr").strip()
    term = re.sub(r"^(?:what|which)\s+(?:is|are)\s+(?:the\s+)?", "", term)
    if not term or not _attribute_like(term, holds):  # area, volume ...: measures per storey answer those
        return None
    return term, None, found.start("attr") + found.group("attr").index(term), found.end("attr")


def mask_links(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The link words ("the", "of", "for") between the frame's spans: read with the frame."""
    out = list(spans)
    lo, hi = min(a for a, _ in spans), max(b for _, b in spans)
    for found in _LINK.finditer(text, lo, hi):
        out.append(found.span())
    return out


# --- the answer ------------------------------------------------------------------------------------------------

def answer(index: ModelIndex, plan: Plan, frame: Frame) -> Outcome:
    """One value of ``frame``'s attribute per storey of the model, lowest first, the storeys cited."""
    from ifcqa.spatial.execute import Hit
    from ifcqa.spatial.outcome import Outcome

    storeys = sorted((index.data.elements[i] for i in index.data.storeys),
                     key=lambda s: (s.elevation is None, s.elevation or 0.0))
    if plan.rooms or plan.qualifiers or plan.elements or any(not c.inventory for c in plan.classes):
        return _decline(plan, "a value per storey is asked together with rooms, elements or conditions, which "
                        "this answer does not combine", "Ask for the value per storey alone, or for one storey.")
    if plan.storeys or plan.exclude:  # "each storey except the roof": only those
        keep = set(plan.storeys) or {s.guid for s in storeys}
        storeys = [s for s in storeys if s.guid in keep and s.guid not in set(plan.exclude)]
    if not storeys:
        return _decline(plan, "this model has no storeys", "Ask about its elements.")
    unit = index.units.get("LENGTHUNIT")
    symbol = unit.symbol if unit else None
    hits = [Hit(s.guid, s.ifc_class, s.name, None, step_id=s.id) for s in storeys]
    if frame.key == "elevation":
        got: dict[str, Any] = {s.guid: _recorded_elevation(s) for s in storeys}
        prop = "Elevation (IfcBuildingStorey)"
        unset = [s.name for s in storeys if _recorded_elevation(s) is None]
        note = f" (Elevation is not set on {', '.join(map(str, unset))}: not recorded)" if unset else ""
    elif frame.key in ("floor-to-floor height", "height"):  # a storey's height is floor to floor
        known = [s for s in storeys if _recorded_elevation(s) is not None]
        nxt = {a.guid: b for a, b in zip(known, known[1:], strict=False)}
        got = {s.guid: (float((_recorded_elevation(nxt[s.guid]) or 0.0) - (_recorded_elevation(s) or 0.0))
                        if s.guid in nxt else None) for s in storeys}
        prop = "difference of IfcBuildingStorey.Elevation to the next storey up"
        note = f" ({storeys[-1].name} is the top storey: no storey above to measure to)" if len(storeys) > 1 else ""
    else:
        result = lookup(index, frame, [s.guid for s in storeys])
        if not result.recorded:
            return _decline(plan, f"this model does not record '{frame.term}' for its storeys",
                            "Ask for each storey's elevation or floor-to-floor height.")
        got = {g: (r.value if r is not None else None) for g, r in result.readings.items()}
        prop = result.where()
        symbol = result.unit()
        note = ""
    if all(v is None for v in got.values()):
        return _decline(plan, f"this model does not record '{frame.term}' for its storeys",
                        "Ask what is on each storey instead.")
    suffix = f" {symbol}" if symbol else ""
    counts: Counter[Any] = Counter(round(v, 6) if isinstance(v, float) else v for v in got.values())
    rows = [{"value": v, "count": n} for v, n in sorted(counts.items(), key=lambda kv: (kv[0] is None, str(kv[0])))]
    per = [{"storey": s.name, "guid": s.guid, "value": got[s.guid]} for s in storeys]
    body = "; ".join(f"{s.name}: {show(got[s.guid])}" + (suffix if isinstance(got[s.guid], (int, float)) else "")
                     for s in storeys)
    label = "Floor-to-floor height" if frame.key in ("floor-to-floor height", "height") else (
        "Elevation" if frame.key == "elevation" else frame.term[:1].upper() + frame.term[1:])
    text = f"{label} of each storey, lowest first ({prop}): {body}.{note}"
    value = {"number": None, "unit": symbol, "values": rows, "property": prop, "per_storey": per}
    return Outcome(value=value, rule=f"{label.lower()} of each of the {len(storeys)} storeys", hits=hits, text=text)


def _recorded_elevation(storey: Any) -> float | None:
    """The storey's Elevation attribute; an unset one is not recorded (the z of its placement is no elevation the
    file states, the same rule as a lookup of one storey's elevation)."""
    return storey.elevation if storey.attributes.get("Elevation") is not None else None


def _decline(plan: Plan, reason: str, can: str) -> Outcome:
    from ifcqa.spatial.outcome import Outcome

    plan.intent = "declined"
    plan.declined = {"reason": reason, "not_understood": [str((plan.lookup or {}).get("term", ""))],
                     "can_answer": can}
    return Outcome(hits=[], text=f"I cannot answer this: {reason}, so nothing is listed. {can}")
