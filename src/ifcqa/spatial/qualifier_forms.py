"""The shapes a property filter takes in a sentence, read around the filter (issue 22, round 11).

:mod:`ifcqa.spatial.qualifiers` finds the filter itself ("external", "load-bearing", "IsExternal is true",
"thickness is more than 250 mm"); people wrap it in a frame that says how the model holds it, and each frame word
left unread made the whole answer decline ("I did not understand 'marked', 'as'"). This module reads the frames by
their structure, for any filter:

* **a frame before the filter** (:func:`frame_before`): a relative pronoun ("doors that are external", "walls which
  are load bearing", "walls whose thickness is more than 250 mm", "rooms where the floor area exceeds 20 m²") and/or
  a verb of recording ("marked as", "flagged as", "tagged", "set as", "classified as", "labelled", "defined as",
  "recorded as", "modelled as", "designated as"), with its copula ("are", "have been"). The frame is consumed only
  where it stands right before a filter the model reads; a negation before the frame still negates the filter
  ("walls not marked as external"). German: "als tragend markiert", "als außenliegend gekennzeichnet".
* **a boolean word that is also a class-group word** (:func:`qualifying_class_words`): "structural" names the group
  of structural elements, but with another class word as the head ("structural walls", "walls that are
  structural", "slabs tagged structural") it says which of them are load-bearing; a property written out with its
  value that a class word also covers ("rooms where AirConditioning is true": not the HVAC group) likewise.
* **"not X" where most elements leave X unset** (:func:`unset_for_most`): "walls that are not external" where 1 of
  8 walls records IsExternal cannot be answered: listing the explicit FALSE ones (none) or the complement (7 walls
  the model says nothing about) would both be confident answers to a question the model does not hold. Declined,
  saying how many record it.

Numbers without a unit whose unit is ambiguous (a two-digit length: "doors wider than 90", centimetres or
millimetres?) are told apart in :func:`ifcqa.spatial.qualifiers._dimension` (see :func:`bare_length_ambiguous`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import qualifiers

_RECORDING = ("marked", "flagged", "tagged", "set", "classified", "classed", "labelled", "labeled", "defined",
              "designated", "recorded", "identified", "modelled", "modeled", "specified", "declared", "entered",
              "registered", "categorised", "categorized", "listed", "noted", "shown")  # fmt: skip
# the recording verbs that only ever frame a filter, and the "as" of "set as" (never an attribute asked: "doors
# flagged as external" is no lookup of IsExternal's value; ``lookup`` reads a fragment's words after one as a filter)
FILTER_VERBS = frozenset(["marked", "flagged", "tagged", "classified", "classed", "labelled", "labeled",
                          "designated", "categorised", "categorized", "as"])
_PRONOUN = r"(?:that|which|who|whose|where|deren|dessen)(?:\s+(?:the|its|their))?"
_COPULA = r"(?:is|are|was|were|has|have|had|be)(?:\s+(?:been|being|all))?"
_VERB = rf"(?:{'|'.join(_RECORDING)})(?:\s+(?:as|to|with))?"
# the frame words right before a filter, longest first: "that are marked as", "whose", "which have been set to"
_FRAMES = (re.compile(rf"(?<![\w-]){_PRONOUN}\s+(?:{_COPULA}\s+)?(?:{_VERB}\s+)?$"),
           re.compile(rf"(?<![\w-])(?:{_COPULA}\s+)?{_VERB}\s+$"))
# German: "Wände, die als tragend markiert sind": "als" before, the verb after
_ALS = re.compile(r"(?<![\w-])(?:die\s+|welche\s+)?als\s+$")
_GERMAN_AFTER = re.compile(r"^\s+(?:markiert|gekennzeichnet|eingetragen|definiert|hinterlegt|erfasst|angegeben|"
                           r"klassifiziert|eingestuft)(?:\s+(?:sind|ist|wurden|wurde|werden))?(?![\w-])")


def frame_before(text: str, start: int, end: int, context: str | None = None) -> tuple[int, int]:
    """The span of the frame words around the filter at ``text[start:end]``: ``(frame_start, frame_end)`` with
    ``frame_start <= start`` and ``frame_end >= end`` (both unchanged when there is no frame). ``text`` is the
    parser's normalised (lower-case) text, masked words blank; ``context`` the same text before masking (same
    length): a frame is never the question's own opening ("where are the external doors?")."""
    whole = context if context is not None and len(context) == len(text) else text
    head = whole[:start]  # as written: a frame word another pass took ("set") is still the frame's
    for frame in _FRAMES:  # with its relative pronoun, else the verb alone ("which walls are marked as ...")
        found = frame.search(head)
        if found is not None and whole[: found.start()].strip():
            return found.start(), end
    als = _ALS.search(head)
    after = _GERMAN_AFTER.match(whole[end:]) if als is not None else None
    if als is not None and after is not None:
        return als.start(), end + after.end()
    return start, end


def qualifying_class_words(spans: Iterable[tuple[int, int, str]], key_of: Callable[[str], str | None],
                           is_boolean_word: Callable[[str], bool], property_spans: Iterable[tuple[int, int]] = ()
                           ) -> list[tuple[int, int, str]]:
    """The class-word spans that qualify another class word of the question instead of naming a class: a boolean
    qualifier word ("structural") while another class word with another key is asked ("walls"), and class words
    inside a property written out with its value (``property_spans``: "AirConditioning is true")."""
    spans = list(spans)
    props = list(property_spans)
    out = []
    for a, b, word in spans:
        others = [w for x, _, w in spans if x != a and key_of(w) != key_of(word)]
        inside = any(p <= a and b <= q for p, q in props)
        if others and (inside or is_boolean_word(word)):
            out.append((a, b, word))
    return out


def unset_for_most(index: ModelIndex, q: Any, classes: list[str], asks_false: bool, what: str = "elements"
                   ) -> str | None:
    """Why a boolean filter asked as FALSE ("not external", "internal", "non-load-bearing") cannot be answered: fewer
    than half of the asked elements record the property at all (``None`` when it can). ``q`` is the resolver's
    :class:`~ifcqa.spatial.qualifiers.QualifierMention`."""
    if not asks_false or q is None or q.how != "boolean":
        return None
    elements = qualifiers.elements_of(index, classes)
    if not elements:
        return None
    paths = q.paths or [q.path]
    holding = sum(1 for e in elements if any(qualifiers._value(e, p) is not None for p in paths))
    if 2 * holding >= len(elements):
        return None
    prop = q.path.rpartition(".")[2]
    return (f"only {holding} of the {len(elements)} {what} record {prop} at all, so which are not {prop} = TRUE "
            f"cannot be told for the other {len(elements) - holding}")


def boolean_word(word: str) -> bool:
    """Whether ``word`` is a boolean qualifier word of the vocabulary ("structural", "external")."""
    return any(qualifiers._phrase(word) in table for _, table in qualifiers.words().booleans)


def bare_length_ambiguous(number: float) -> bool:
    """A length written without a unit whose unit cannot be told: a two-digit number ("wider than 90": 90 cm or 90
    mm? "thicker than 25": 25 cm or 25 mm?). One-digit numbers read in metres and numbers of 100 or more in
    millimetres stay read so (and the answer says how)."""
    return 10 < number < 100
