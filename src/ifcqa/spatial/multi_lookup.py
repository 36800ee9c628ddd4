"""Several attributes asked in one lookup: "what are the width and height of door X", "the width, height and
material of GroundFloor_Door1", "fire rating and material of the doors on level 1", "how wide and how tall is the
Haustuer", "U-value and thickness of the external walls".

:func:`split` finds a list of attribute terms joined by commas and "and / & / as well as / plus / und" in the
(normalised) question, each term a word of the lookup vocabulary (``data/lookup_words.json``) or the name of a
property the model holds (or words that read as one: "fire rating"), and keeps only the first term in the text
(the rest blanked), so the frame and the subject are read exactly as for one attribute. The parts ride in
``plan.lookup["parts"]``; :func:`answer` answers each part on the same subject and gives
``value.parts`` (one lookup value per attribute, in the order asked; a part the elements do not record is
``{"term", "declined": reason}`` while the others are answered) and one text naming each. A term that is no
attribute leaves the list alone (the question is then read as before, and a word it cannot read declines).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ifcqa.spatial.lookup import _attribute_like, _vocabulary, words

if TYPE_CHECKING:
    from ifcqa.spatial.outcome import Outcome
    from ifcqa.spatial.plan import Plan

_JOINERS = frozenset([",", "and", "&", "und", "plus", "sowie"])
_ARTICLES = frozenset(["the", "its", "their", "a", "an", "die", "der", "das", "den", "how", "wie"])
_AFTER = frozenset(["of", "for", "von", "vom", "des", "der", "is", "are", "ist", "sind", "on", "in"])
_TOKEN = re.compile(r"[^\W\d_][\w'-]*|[,&?]")
_HOW = re.compile(r"\b(?:how|wie)\s+(?P<list>(?P<first>wide|tall|high|thick|deep|breit|hoch|dick|tief)"
                  r"(?:" + r"(?:\s*,\s*|\s+(?:and|&|und)\s+)(?:(?:how|wie)\s+)?" +
                  r"(?:wide|tall|high|thick|deep|breit|hoch|dick|tief)){1,3})\s+(?:is|are|ist|sind)\b")
_HOW_SPLIT = re.compile(r"\s*,\s*|\s+(?:and|&|und)\s+(?:(?:how|wie)\s+)?")


def _vocab(term: str) -> str | None:
    key = _vocabulary(term)
    if key is None and term.endswith("s"):
        key = _vocabulary(term[:-1])
    return key


def _term(tokens: list[re.Match[str]], at: int, step: int, holds: Callable[[str], bool]
          ) -> tuple[int, str | None] | None:
    """The attribute term next to the joiner at ``at`` (``step`` -1: ending before it, +1: starting after it):
    (index of its far token, key); a vocabulary word first, then a property the model holds, then words that read
    as one (at most two)."""
    near = at + step
    if step > 0:
        while near < len(tokens) and tokens[near].group(0) in _ARTICLES:
            near += 1
    spans = []
    for k in (1, 2, 3):
        far = near + step * (k - 1)
        if not 0 <= far < len(tokens) or near < 0 or near >= len(tokens):
            break
        lo, hi = min(near, far), max(near, far)
        chunk = [t.group(0) for t in tokens[lo:hi + 1]]
        if any(w in _JOINERS or w in "?" or (w in _ARTICLES and i > 0) for i, w in enumerate(chunk)):
            break
        spans.append((far, " ".join(chunk)))
    for far, term in reversed(spans):
        if _vocab(term) is not None:
            return far, _vocab(term)
    for far, term in reversed(spans):
        if holds(term):
            return far, None
    for far, term in reversed(spans[:2]):
        if _attribute_like(term, holds):
            return far, None
    return None


_SECOND = re.compile(r"\s*,?\s+(?:and|und|&)\s+"
                     r"(?:what|which|how\s+(?:high|wide|tall|thick|deep|heavy)|was|welche[srmn]?)"
                     r"\s+(?:is|are|was|ist|sind)?\s*(?:its|their|the|his|her|sein[e]?|ihr[e]?)\s+"
                     r"(?P<attr>[^\W\d][\w'-]*(?:\s+[^\W\d][\w'-]*){0,2}?)\s*[?.!]*\s*$")


def second_clause(text: str, holds: Callable[[str], bool]) -> tuple[str, dict[str, Any]] | None:
    """ "what do the pumps weigh and what is their max. operating pressure?": a second question on the same subject,
    asked back with "its / their" after "and what": the text without it, and its attribute as a part (a vocabulary
    word or a property the model holds, else None)."""
    found = _SECOND.search(text)
    if found is None:
        return None
    term = found.group("attr").strip()
    key = _vocab(term)
    if key is None and not holds(term):
        return None
    return text[:found.start()] + " " * (len(text) - found.start()), {"term": term, "key": key}


def split(text: str, holds: Callable[[str], bool]) -> tuple[str, list[dict[str, Any]]]:
    """``text`` with a list of attributes reduced to its first term, and the parts ([] when there is no list)."""
    found = _HOW.search(text)
    if found is not None:
        terms = [t for t in _HOW_SPLIT.split(found.group("list")) if t]
        how = words().how
        parts = [{"term": t, "key": _vocabulary(how.get(t, t))} for t in terms]
        if len(parts) > 1 and all(p["key"] for p in parts):
            start, end = found.end("first"), found.end("list")
            return text[:start] + " " * (end - start) + text[end:], parts
    tokens = list(_TOKEN.finditer(text))
    i = 0
    while i < len(tokens):
        if tokens[i].group(0) not in _JOINERS or tokens[i].group(0) == ",":
            i += 1
            continue
        left = _term(tokens, i, -1, holds)
        right = _term(tokens, i, +1, holds)
        if left is None or right is None:
            i += 1
            continue
        first_lo = left[0]
        parts = []
        # walk back over a comma list ("the width, height and material")
        while first_lo >= 2 and tokens[first_lo - 1].group(0) == ",":
            back = _term(tokens, first_lo - 1, -1, holds)
            if back is None:
                break
            first_lo = back[0]
        # every term from first_lo to the right term, split at joiners
        end_index = right[0]
        chunk: list[re.Match[str]] = []
        for t in [*tokens[first_lo:end_index + 1], None]:
            if t is None or t.group(0) in _JOINERS:
                words_ = [x.group(0) for x in chunk if x.group(0) not in _ARTICLES]
                if words_:
                    term = " ".join(words_)
                    parts.append({"term": term, "key": _vocab(term)})
                chunk = []
            else:
                chunk.append(t)
        after = tokens[end_index + 1].group(0) if end_index + 1 < len(tokens) else "?"
        if len(parts) < 2 or after not in _AFTER | {"?"}:
            i += 1
            continue
        first_words = str(parts[0]["term"]).split()
        first_end = next(t.end() for t in tokens[first_lo:] if t.group(0) == first_words[-1])
        end = tokens[end_index].end()
        return text[:first_end] + " " * (end - first_end) + text[end:], parts
    return text, []


def answer(plan: Plan, one: Callable[[Plan], Outcome]) -> Outcome:
    """Each part of ``plan.lookup["parts"]`` answered by ``one`` on a copy of the plan; combined."""
    from ifcqa.spatial.outcome import Outcome

    spec = plan.lookup or {}
    values: list[dict[str, Any]] = []
    texts: list[str] = []
    rules: list[str] = []
    hits = None
    for part in spec.get("parts", []):
        sub = copy.copy(plan)
        sub.lookup = {"term": part["term"], "key": part["key"]}
        if spec.get("each_storey"):  # "the elevation and floor-to-floor height of each storey"
            sub.lookup["each_storey"] = True
        sub.declined = None
        sub.intent = "lookup"
        got = one(sub)
        if sub.declined is not None:
            reason = str(sub.declined.get("reason", "not recorded"))
            values.append({"term": part["term"], "declined": reason})
            texts.append(f"{part['term']}: not answered ({reason})")
            continue
        values.append(dict(got.value or {}, term=part["term"]))
        texts.append((got.text or "").rstrip("."))
        if got.rule:
            rules.append(got.rule)
        if got.hits is not None and (hits is None or len(got.hits) > len(hits)):
            hits = got.hits
    if all("declined" in v for v in values):
        plan.intent = "declined"
        plan.declined = {"reason": "; ".join(str(v["declined"]) for v in values),
                         "not_understood": [str(v["term"]) for v in values],
                         "can_answer": "Ask which properties the elements hold."}
        return Outcome(hits=[], text=f"I cannot answer this: {plan.declined['reason']}, so nothing is listed.")
    value = {"number": None, "unit": None, "parts": values,
             "property": ", ".join(str(v.get("property") or v["term"]) for v in values)}
    return Outcome(value=value, rule="; ".join(rules), hits=hits, text=". ".join(texts) + ".")
