"""Attribute lookups: "what is the width of door X", "what are the walls on level 2 made of", "what is the
fire rating of the internal doors", "the elevation of Level 2", "floor-to-floor height between EG and 1.OG".

A lookup is a frame around a subject. :func:`find_frame` reads the frame in the (normalised) question and
says which words name the attribute; the rest of the question (the subject: a class with its storeys, rooms
and qualifiers, a room, a storey, or an element named by its GlobalId) is parsed as any list question, so
the subject means what it means everywhere else. :func:`answer` then reads the attribute on the subject's
elements, by a rule it states:

* the words of ``data/lookup_words.json`` (width, height, ceiling height, thickness, material, type, U-value,
  colour, elevation, floor-to-floor height ...), each an ordered list of sources (an IFC attribute, a quantity,
  a property, the material layer set's total thickness, the materials, the type object's Name, a storey's
  Elevation);
* any other words by the name of a property, quantity or attribute the asked elements hold, compared on
  letters only ("fire rating" = FireRating, "riser height" = RiserHeight, "LoadBearing property" = LoadBearing).

A value that is empty or a placeholder repeating the property's name (Revit's ``FireRating = 'Fire Rating'``)
is *not recorded*. Nothing recorded, or an attribute the elements do not hold: the answer declines, saying
what the model does not record and what it does hold. A dimension is never read from the wrong thing: a
"ceiling height" is a room's height (its quantity Height, FinishCeilingHeight or Revit's Unbounded Height),
never a ceiling covering's bounding box, and a question that names no room for it declines.

The answer: one element, or every element holding the same number -> ``value.number`` with its unit; always
``value.values``, the distinct values with how many elements hold each (``None``: not recorded), and
``value.property`` (the rule's attribute and where it was read).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Value
from ifcqa.spatial import measures, property_match, property_names, quantity_reading, ratio_properties
from ifcqa.spatial.qualifier_forms import FILTER_VERBS

_DATA = "lookup_words.json"
# A GlobalId: 22 characters of IFC's base-64 alphabet, with a digit, "_" or "$", or upper and lower case letters
# after the first (so an ordinary long word is not one)
_GUID = re.compile(r"(?<![\w$])[0-9A-Za-z_$]{22}(?![\w$])")
_LENGTH_MEASURES = ("IfcLengthMeasure", "IfcPositiveLengthMeasure", "IfcNonNegativeLengthMeasure",
                    "IfcQuantityLength")
_ATTR_UNITS = {"OverallWidth": "LENGTHUNIT", "OverallHeight": "LENGTHUNIT", "Elevation": "LENGTHUNIT"}
_FLAT = ("IfcSlab", "IfcCovering", "IfcRoof", "IfcPlate")
_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})


@dataclass(frozen=True)
class _Words:
    attributes: dict[str, dict[str, Any]]
    how: dict[str, str]
    trailing: tuple[str, ...]
    aggregates: re.Pattern[str]


@cache
def words() -> _Words:
    raw = json.loads(resources.files("ifcqa.spatial.data").joinpath(_DATA).read_text(encoding="utf-8"))
    attributes = {}
    for key, spec in raw["attributes"].items():
        attributes[key] = raw["attributes"][spec["same"]] | {"key": spec["same"]} if "same" in spec else \
            spec | {"key": key}
    aggregates = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in raw["aggregates"]) + r")\b")
    return _Words(attributes, dict(raw["how"]), tuple(raw["trailing"]), aggregates)


def letters(text: str) -> str:
    """Letters and digits only, case-folded, umlauts folded: how an attribute word meets a property name."""
    return "".join(ch for ch in text.casefold().translate(_FOLD) if ch.isalnum())


def explicit_guids(question: str, names: frozenset[str] = frozenset()) -> tuple[str, list[str]]:
    """The GlobalIds written in ``question`` and the question with them blanked (so no word pass splits them); a
    token in ``names`` (case-folded: the model's property set names, "PSet_Revit_Constraints" has 22 characters)
    is no GlobalId."""
    found: list[str] = []

    def take(match: re.Match[str]) -> str:
        g = match.group(0)
        if g.casefold() in names:
            return g
        rest = g[1:]
        if any(ch.isdigit() or ch in "_$" for ch in g) or (rest != rest.lower() and rest != rest.upper()):
            found.append(g)
            return " " * len(g)
        return g

    return _GUID.sub(take, question), found


@dataclass
class Frame:
    """The attribute a question asks for: ``term`` as written (normalised), ``key`` its vocabulary entry (or
    ``None``: read by property name), ``spans`` the frame's words in the normalised text (to mask)."""

    term: str
    key: str | None
    spans: list[tuple[int, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"term": self.term, "key": self.key}


_LEAD = (r"(?:(?:please|pls|plz|can you|could you|kindly)\s+)*"
         r"(?:(?:tell me|give me|show me|send me|get me|find|check|i need|i'd like|need)\s+)?")
_WORDS = r"[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)"  # one word and more (the count is added per pattern)
_OF = re.compile(r"\b(?:what|which|was|welche[srmn]?)\s+(?:is|are|was|were|ist|sind)\s+"
                 r"(?:the\s+|die\s+|der\s+|das\s+)?(?P<attr>" + _WORDS + r"{0,3}?)"
                 r"\s+(?P<prep>of|for|in|on|von|vom|des|der)\s+")
_TERSE = re.compile(r"^\s*" + _LEAD + r"(?:the\s+)?(?P<attr>" + _WORDS + r"{0,2}?)\s+"
                    r"(?P<prep>of|for|der|des|von|vom)\s+")
# "..., and need the material of the walls", "we need to know the width of door X": a request inside a longer
# sentence, its verb naming what is wanted (round 11)
_NEED = re.compile(r"\b(?:(?:i|we)(?:'d|\s+would)?|and|so)\s+(?:really\s+|also\s+|urgently\s+)?"
                   r"(?:need|needs|want|require|like)\s+(?:to\s+(?:know|have|get|see)\s+)?the\s+"
                   r"(?P<attr>" + _WORDS + r"{0,2}?)\s+(?P<prep>of|for)\s+")
_WHAT_ATTR = re.compile(r"\b(?:what|which|welche[srmn]?)\s+(?P<attr>" + _WORDS + r"{0,4}?)\s+"
                        r"(?:is|are|does|do|has|have|hat|haben|ist|sind)\b")
_MADE = re.compile(r"\b(?P<lead>(?:what|which)(?:\s+materials?)?)\s+(?:is|are)\b.*?\s"
                   r"(?P<made>(?:made|built|constructed)\s+"
                   r"(?:out\s+of|of|from))\b")
_MADE_DE = re.compile(r"\b(?:aus\s+welche[mn]?\s+(?:material(?:ien)?|stoff|baustoff)\s+(?:ist|sind|besteht|bestehen|"
                      r"wurde[n]?|werden)|woraus\s+(?:ist|sind|besteht|bestehen))\b")
# a terse "<class> made of <material>" states the material (no question word asks it)
_MADE_VALUE = re.compile(r"\b(?:made|built|constructed|manufactured)$")
_CLASS_TYPES = re.compile(r"^\s*(?P<lead>(?:(?:please\s+)?(?:list|show|name|give\s+me)\s+)?(?:all\s+)?(?:of\s+)?"
                          r"(?:the\s+)?)(?P<cls>[^\W\d_][\w-]*)\s+(?P<t>types|typen|type(?=\s+(?:used|fitted|installed|"
                          r"mounted|built|in|on|at|im|auf|am)\b))\b")  # "door type used on the 1stFloor"
# "door mark on level 1?", "window U-value in room 4": a class word, an attribute, a place; the terse lookup
_CLASS_ATTR = re.compile(r"^\s*" + _LEAD + r"(?:the\s+)?(?P<attr>" + _WORDS + r"{1,4}?)\s+"
                         r"(?P<prep>on|in|im|auf|am|at|for)\s+")
_KIND_OF = re.compile(r"\b(?:what|which)\s+(?P<attr>types?|kinds?|sorts?|materials?|colou?rs?)\s+of\b")
_HOW = re.compile(r"\b(?:how|wie)\s+(?P<adj>wide|tall|high|thick|deep|breit|hoch|dick|tief|heavy|schwer)\s+"
                  r"(?:is|are|ist|sind)\b")
# "what does the pump weigh", "how much do the valves weigh", "was wiegt die Pumpe": the weight
# "the Frischwasserstation - how heavy?", "Haustuer, how wide?": a subject, then "how <adjective>" closing the question
_HOW_LAST = re.compile(r"(?:\s*[-,:]\s*|\s+)(?:how|wie)\s+(?P<adj>wide|tall|high|thick|deep|breit|hoch|dick|tief|heavy|"
                       r"schwer)\s*[?.!]*\s*$")
# "what is the pump's weight", "what are the pumps' weights": the attribute after a possessive
_POSSESSIVE = re.compile(r"\b(?P<lead>(?:what|which)\s+(?:is|are|was|were)\s+)(?:the\s+)?\S.*?(?P<attr>(?:'s|s'|')\s+"
                         r"(?P<term>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2}?))"
                         # a place may follow: "the radiators' output on EG"
                         r"(?:\s+(?P<place>(?:on|in|im|auf|at)\s+[^'?!]+?))?\s*[?.!]*\s*$")
# "the only window on EG: what is its width?", "Level 2 - what's its elevation": the attribute of the subject named
# before it (round 11)
_ITS = re.compile(r"\b(?P<lead>(?:what|which)\s+(?:is|are|was|were)\s+)(?P<attr>(?:its|their)\s+(?P<term>"
                  r"[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2}?))(?:\s+(?:in|im)\s+\S+)?\s*[?.!]*\s*$")
_WEIGH = re.compile(r"\b(?P<lead>(?:what|how\s+much|how\s+many\s+(?:kg|kilos?|kilograms?|tons?|tonnes?|pounds?|lbs?))"
                    r"\s+(?:does|do|did|would|will|could|might)\b)(?P<subject>.*?)\b(?P<verb>weight?)(?:\s+each)?\b"
                    r"|\b(?P<de>(?:was|wie\s*viel)\s+wieg(?:t|en))\b")
_FLOOR = re.compile(r"(?:\b(?:what|which)\s+(?:is|are)\s+)?(?:\bthe\s+)?\b(?P<attr>floor[- ]to[- ]floor\s+heights?|"
                    r"stor(?:e)?y\s+heights?|geschossh(?:ö|oe|o)hen?)\b(?:\s+(?:between|from|of))?")
# "at what height is the Dachgeschoss", "auf welcher Höhe liegt das DG", "in welcher Höhe befindet sich ...": where a
# storey lies, its elevation (never the height to the next storey, which "how high is" asks)
HEIGHT_AT = re.compile(r"\b(?P<q>(?:at|on)\s+(?:what|which)\s+(?:height|level|elevation)|(?:in|auf)\s+welcher\s+"
                       r"h(?:ö|oe|o)hen?(?:lage)?)\s+"
                       r"(?:is|are|lies|lie|sits?|liegt|liegen|ist|sind|(?:befindet|befinden)\s+sich)\b")
_CEILING = re.compile(r"\bheight\s+of\s+the\s+ceilings?\s+(?:in|of)\b")
# "how many risers do the stairs have": a number of parts the subject records as a property ("NumberOfRiser")
_HOW_MANY_HAVE = re.compile(r"\b(?P<lead>how\s+many\s+(?P<noun>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+"
                            r"(?:does|do|did|will|would))"
                            r"\s+.+?\s+(?P<verb>have|has|got|contain)\b")
# "what is 2jTRqchjf7oB0yhQ6462T0 called", "wie heißt die Tür ...": the subject's name (a room's long name first)
_CALLED = re.compile(r"\b(?P<lead>(?:what|how)\s+(?:is|are|was|were))\s+.*?\b(?P<called>called|named)\s*[?.!]*\s*$")
_HEISST = re.compile(r"\bwie\s+(?:hei(?:ss|ß)t|hei(?:ss|ß)en|lautet\s+der\s+name\s+(?:von|des|der))\b")
# a fragment: "<subject> <attribute>?" ("Terrassentuer height?", "boiler manufacturer", "D12 fire rating?")
_FRAGMENT = re.compile(r"^\s*" + _LEAD + r"(?P<subject>\S.*?)\s+(?P<attr>" + _WORDS + r"{0,2})\s*[?.!]*\s*$")
_POLITE_END = re.compile(r"\s*,?\s+(?:please|pls|plz|thanks|thx|bitte|danke)(?=\s*[?.!]*\s*$)")
_NOT_FRAGMENT_START = frozenset(["what", "which", "how", "is", "are", "does", "do", "did", "has", "have", "can",
                                 "list", "show", "count", "where", "was", "welche", "welcher", "welches", "wie",
                                 "ist", "sind", "gibt", "hat", "haben", "wo", "are", "any", "all", "every", "no",
                                 "not", "none", "give", "tell", "find", "check", "name", "zeige", "liste"])
_PLACE_PREPOSITIONS = frozenset(["in", "im", "on", "at", "am", "auf", "of", "from", "to", "im", "unter", "über",
                                  "above", "below", "under", "inside", "within", "vom", "von", "zum", "zur", "des"])
# words that make the words before a trailing attribute a clause or a filter, never a fragment's subject
_CLAUSE_WORDS = frozenset(["that", "which", "who", "are", "is", "not", "were", "was", "be", "with", "without", "than",
                           "aren't", "isn't", "no", "die", "der", "das", "nicht", "sind", "ist", "mit", "ohne", "all",
                           "every", "each", "any", "and", "or", "und", "oder"]) | FILTER_VERBS  # round 11: "flagged as"
# "who made the boiler", "who is the manufacturer of door 285959", "wer ist der Hersteller der Pumpe": a product's
# maker is a property (Manufacturer), not a person the file would have to record
_WHO_MADE = re.compile(r"\b(?:who|wer)\s+(?:made|makes|manufactured|manufactures|produced|produces)\s+")
_WHO_IS = re.compile(r"\b(?P<who>who|wer)\s+(?P<verb>is|are|was|were|ist|war)\s+(?P<attr>(?:the\s+|der\s+|die\s+)?"
                     + _WORDS + r"{0,2}?)\s+(?P<prep>of|for|von|vom|des|der)\s+")


# verbs that say an element is in use, around a lookup's subject ("which door type is used", "what material is
# used for the walls", "what kind of doors are fitted"): they constrain nothing the frame does not ask
USE_VERBS = re.compile(r"\b(?:used|fitted|mounted|built[- ]in|put\s+in|employed|eingebaut|verbaut|verwendet|"
                       r"eingesetzt)\b")


def _vocabulary(term: str) -> str | None:
    w = words()
    folded = term.translate(_FOLD)
    for candidate in (term, folded, _strip_trailing(term), _strip_trailing(folded)):
        if candidate in w.attributes:
            return str(w.attributes[candidate]["key"])
    return None


def _strip_trailing(term: str) -> str:
    for tail in words().trailing:
        if term.endswith(" " + tail):
            return term[: -len(tail) - 1]
    return term


def rewrite(text: str) -> str:
    """ "the height of the ceiling in room A203" -> "the ceiling height of room A203" (a room's height)."""
    return _CEILING.sub("ceiling height of", text)


def who_asks_attribute(text: str, has_property: Any) -> str:
    """ "who made the boiler" -> "what is the manufacturer of the boiler"; "who is the manufacturer of X" -> "what
    is the manufacturer of X" when the words after "who is the" are an attribute (the vocabulary's, or a property
    the model holds). Any other "who" question is left alone (and refused: the file records no people)."""
    text = _WHO_MADE.sub("what is the manufacturer of ", text)
    found = _WHO_IS.search(text)
    if found is not None:
        term = re.sub(r"^(?:the|der|die)\s+", "", found.group("attr"))
        if _vocabulary(term) is not None or has_property(term):
            text = text[:found.start("who")] + "what" + text[found.end("who"):]
    return text


def find_frame(text: str, is_class_word: Any, has_property: Any, has_words: Any = None,
               has_value_words: Any = None) -> Frame | None:
    """The lookup frame of the normalised question ``text``, or None.

    ``is_class_word(words)`` says whether words name an element class (then "what are the doors of room X" is
    not a lookup); ``has_property(term)`` whether the model holds a property/quantity/attribute of that name;
    ``has_words(term)`` (default ``has_property``) whether it holds one whose name has the term's WORDS
    (``property_match``: "output" of OutputCapacity), asked only where the question asks FOR a value ("what is
    the X of", "X of the Y", "Y's X", "what X do the Y have", "Y X?"), never where the words would filter.
    ``has_value_words`` (default ``has_words``) is ``has_words`` over properties that are no booleans: a terse
    "<class> <property> on <place>" asks a value ("door mark on level 1?"), while "walls load bearing on level 1"
    filters. Aggregate words anywhere ("total", "largest", "how many") make it no lookup: measures answer those.
    """
    asks = has_words or has_property
    counted = _counted_property(text, is_class_word, has_property)
    if counted is not None:
        return counted
    if words().aggregates.search(text):
        return None
    found = _FLOOR.search(text)
    if found:
        return Frame(found.group("attr"), "floor-to-floor height", [(found.start(), found.end())])
    found = HEIGHT_AT.search(text)
    if found:
        return Frame(found.group("q"), "elevation", [found.span()])
    found = _MADE_DE.search(text)
    if found:  # "aus welchem Material sind die Wände", "woraus besteht die Decke"
        return Frame("material", "material", [found.span()])
    from ifcqa.spatial import materials_asked  # it builds this module's Frame

    asked = materials_asked.find(text)  # round 11: "the walls consist of which material", "what do X consist of"
    if asked is not None:
        return asked
    found = _MADE.search(text)
    if found:
        return Frame("material", "material", [found.span("lead"), found.span("made"),
                                              (found.end("lead"), found.end("lead") + 4)])
    found = _HOW.search(text)
    if found:
        key = words().how[found.group("adj")]
        return Frame(found.group("adj"), _vocabulary(key), [(found.start(), found.end())])
    found = _HOW_LAST.search(text)
    if found and text[:found.start()].strip():
        key = words().how[found.group("adj")]
        return Frame(found.group("adj"), _vocabulary(key), [(found.start(), found.end())])
    found = _POSSESSIVE.search(text)
    if found:
        term = found.group("term").strip()
        vocab = _vocabulary(term) or (_vocabulary(term[:-1]) if term.endswith("s") else None)
        if vocab is not None or ((not is_class_word(term) or _names_property(term, has_property)) and asks(term)):
            return Frame(term, vocab, [found.span("lead"), found.span("attr")])
    found = _ITS.search(text)
    if found:
        term = found.group("term").strip()
        vocab = _vocabulary(term) or (_vocabulary(term[:-1]) if term.endswith("s") else None)
        if vocab is not None or (not is_class_word(term) and asks(term)):
            return Frame(term, vocab, [found.span("lead"), found.span("attr")])
    found = _WEIGH.search(text)
    if found:
        spans = [found.span("de")] if found.group("de") else [found.span("lead"), found.span("verb")]
        return Frame("weigh", "weight", spans)
    for pattern in (_OF, _TERSE, _NEED):
        found = pattern.search(text)
        if not found:
            continue
        term = found.group("attr").strip()
        if pattern is _TERSE and _MADE_VALUE.search(term):
            continue  # "walls made of concrete": the material is given (a filter), not asked
        vocab = _vocabulary(term)
        compound = _class_then_attribute(found, is_class_word, None if asks(term) else _exactly(
            has_property, has_value_words or asks)) if vocab is None else None
        if compound is not None:  # "what is the door width on level 1": the class stays for the class pass
            return compound
        placed = found.group("prep") in ("in", "on") and not _held_not_place(term, has_property, asks)
        german_of = found.group("prep") == "der" and not has_property(term)  # "der": an article, or "of the" after
        # a held property's name ("der Umbau-Status der Wände")
        if vocab is None and (is_class_word(term) and not _names_property(term, has_property) or german_of
                              or placed):
            continue  # "what are the doors of room A102": a class; "what is the X in ...": only a known attribute
            # or a property the model holds ("what's the max temperature in the Seminarraum", "the floor finish")
        if vocab is None and not _attribute_like(term, asks, has_property):
            continue
        return Frame(term, vocab, [(found.start(), found.end())])
    found = _CLASS_ATTR.search(text)
    if found and found.group("attr").split()[0] not in _NOT_FRAGMENT_START and not measures.ops_said(text):
        # an aggregate said ("typical wall thickness on 1stFloor") is the measures' question, never a lookup
        compound = _class_then_attribute(found, is_class_word, _exactly(has_property, has_value_words or asks))
        if compound is not None:
            return compound
    found = _CALLED.search(text)
    if found:  # "what is 2jTRqchjf7oB0yhQ6462T0 called": its name
        return Frame("called", "called", [found.span("lead"), found.span("called")])
    found = _HEISST.search(text)
    if found:
        return Frame("heißt", "called", [found.span()])
    found = _CLASS_TYPES.search(text)
    if found and is_class_word(found.group("cls")):  # "list the window types", "door types on Level 2"
        return Frame(found.group("t"), "type", [found.span("lead"), found.span("t")])
    found = _KIND_OF.search(text)
    if found:  # "what type of doors are on level 1", "what kind of insulation": the asked elements' types
        term = found.group("attr")
        return Frame(term, _vocabulary(term), [(found.start(), found.end())])
    found = _WHAT_ATTR.search(text)
    if found:
        term = found.group("attr").strip()
        vocab = _vocabulary(term)
        compound = _class_then_attribute(found, is_class_word) if vocab is None else None
        if compound is not None:  # "which window type is on level 1": the windows' type, the class kept
            return compound
        recorded = _RECORDED.match(text, found.end())  # "what X is recorded for the Y": asked of the Y
        having = found.group(0).split()[-1] in ("does", "do", "has", "have", "hat", "haben") or bool(recorded)
        held = having and _asked_by_words(term) and asks(term)  # "what output do the radiators have"
        if vocab is not None or ((not is_class_word(term) or having and _names_property(term, has_property))
                                 and not _place_word(term) and (has_property(term) or held)):
            return Frame(term, vocab, [(found.start(), found.end())] + ([recorded.span()] if recorded else []))
    found = _EMBEDDED.search(text)
    if found:  # "can you tell me what the output of the radiators on EG is"
        term = found.group("attr").strip()
        vocab = _vocabulary(term)
        if vocab is not None or not is_class_word(term) and not _place_word(term) and _asked_by_words(term) \
                and asks(term):
            return Frame(term, vocab, [(found.start(), found.end("prep")), found.span("verb")])
    return _fragment(text, is_class_word, asks, has_property) or _name_first(
        text, _exactly(has_property, has_value_words or asks))


def _name_first(text: str, held: Any) -> Frame | None:
    """ "floor finish room 4", "fire rating doors level 1": a fragment opening with a held property's whole name of
    two to four words (no boolean's: "load bearing walls level 1" filters) and then its subject. The subject is
    parsed as in every lookup, so one it does not name declines."""
    lead = re.match(r"\s*(?:the\s+)?", text)
    start = lead.end() if lead else 0
    words_ = re.findall(r"[^\W_][\w'-]*", text[start:])
    if not words_ or words_[0] in _NOT_FRAGMENT_START:
        return None  # "what are the doors of room A102": a question, not a name
    for n in (4, 3, 2):
        term = " ".join(words_[:n])
        if len(words_) > n and text[start:].startswith(term) and _names_property(term, held) and not any(
                w in _CLAUSE_WORDS for w in words_[:n]):
            if quantity_reading.is_summed_quantity(term):
                return None  # "net floor area ground floor": a quantity the measures read (sum / mean)
            return Frame(term, _vocabulary(term), [(start, start + len(term))])
    return None


# "(tell me) what the X of the Y is": a question embedded in a request, its verb last
_EMBEDDED = re.compile(r"\b(?:what|which)\s+(?:the\s+)?(?P<attr>" + _WORDS + r"{0,3}?)\s+(?P<prep>of|for)\s+\S.*?"
                       r"\s(?P<verb>is|are|was|were)\s*[?.!]*\s*$")


def _asked_by_words(term: str) -> bool:
    """Words a held name may be read by (``property_match``), never a count or a quantity people sum ("area",
    "number": the measures read those)."""
    return term not in _NOT_ATTRIBUTES and not any(w in _SUMMABLE for w in re.split(r"[\s_-]+", term))


# "what X is recorded / given / used for Y": the X is asked of Y
_RECORDED = re.compile(r"\s+(?:recorded|given|stored|specified|set|used|entered|noted)\b")


def _exactly(exact: Any, value_words: Any) -> Any:
    """Words that are a held property's whole name (spelled so or plural) and no boolean's: after a class word
    ("door mark", never the "fixtures" of "light fixtures", never "load bearing", which filters)."""
    def check(term: str) -> bool:
        return bool(value_words(term)) and _spelled_held(term, exact)
    return check


def _names_property(term: str, exact: Any) -> bool:
    """Several words that are a held property's name, spelled so (``exact``: the parser's ``has_property``) or with
    the last word plural, a class or place word among them ("the wall function", "floor finishes"): the property,
    not the class. Some of a name's words are not enough ("light fixtures" of 'Light Fixture Wattage')."""
    return len(term.split()) > 1 and _spelled_held(term, exact)


def _spelled_held(term: str, exact: Any) -> bool:
    """``exact(term)``, or with the last word read singular ("floor finishes", "marks")."""
    parts = term.split()
    last = parts[-1]
    singular = last[:-3] + "y" if last.endswith("ies") else last[:-2] if last.endswith(("ches", "shes", "sses")) \
        else last[:-1] if last.endswith("s") else last
    return bool(exact(term)) or bool(exact(" ".join([*parts[:-1], singular])))


def _held_not_place(term: str, has_property: Any, asks: Any) -> bool:
    """ "what's the X in / on ...": X a held property and no place word ("which level is the door on"), or
    several words naming a held property with a place word among them ("the floor finish in room 4")."""
    if _place_word(term):
        return _names_property(term, has_property)
    return bool(asks(term))


def _counted_property(text: str, is_class_word: Any, has_property: Any) -> Frame | None:
    """ "how many risers do the stairs have", "how many treads does the stair have": a count of parts no element
    stands for, that the asked elements record as a "NumberOf..." property (Pset_StairCommon.NumberOfRiser): a lookup
    of that property. A class or place word counted ("how many doors does level 2 have", "how many storeys does the
    building have") stays a count of elements or storeys."""
    found = _HOW_MANY_HAVE.search(text)
    if found is None:
        return None
    noun = found.group("noun")
    if is_class_word(noun) or _place_word(noun):
        return None
    last = noun.split()[-1]
    singular = " ".join(noun.split()[:-1] + [re.sub(r"(?:ies)$", "y", last) if last.endswith("ies")
                                              else last[:-1] if last.endswith("s") else last])
    for term in (f"number of {noun}", f"number of {singular}", f"anzahl {noun}"):
        if has_property(term):
            return Frame(term, None, [found.span("lead"), found.span("verb")])
    return None


def _fragment(text: str, is_class_word: Any, has_property: Any, exact: Any = None) -> Frame | None:
    """ "Terrassentuer height?", "Frischwasserstation transmission power?", "boiler manufacturer": a subject and
    then, ending the question, an attribute (the longest last one to three words that the vocabulary knows or the
    model holds as a property, else words that read as an attribute). A question word or verb first is no
    fragment ("is door 12 external?", "list the doors"), and a class word is never the attribute."""
    polite = _POLITE_END.search(text)
    if polite is not None:  # "pumps - max operating pressure pls": the closing courtesy is no attribute word
        text = text[:polite.start()] + " " * (polite.end() - polite.start()) + text[polite.end():]
    found = _FRAGMENT.search(text)
    if found is None or found.group("subject").split()[0] in _NOT_FRAGMENT_START:
        return None
    subject = found.group("subject").split()
    words_ = found.group("attr").split()
    for k in range(len(words_)):
        term = " ".join(words_[k:])
        before = subject + words_[:k]
        vocab = _vocabulary(term)
        named = bool(has_property(term))  # a held property's name, or words of one
        if any(w in _CLAUSE_WORDS for w in before) or re.search(r"\d\s*\w{0,3}$", " ".join(before)) and (
                vocab not in _NOT_MEASURED and (vocab is not None or not named)):
            continue  # "walls that are not load bearing", "doors 88.5 cm wide": a filter, not a lookup (a property
            # the elements hold after a number ends a storey's name: "walls on Level 1 top offset?")
        if any(w in _PLACE_PREPOSITIONS for w in before[-2:]) and (_place_word(term) or not named):
            continue  # "Fenster im ersten Stock", "doors on the ground floor": the words end a place (unless they
            # name a held property: "radiators on EG output capacity?"; "Stock" is a storey word)
        held_name = _names_property(term, exact or has_property)  # "floor finish": a held name, place word and all
        if is_class_word(term) and not held_name or _place_word(term) and not held_name \
                or words_[k] in words().how or words_[k] in _CLAUSE_WORDS:
            continue
        if quantity_reading.is_summed_quantity(term):
            return None  # "Wohnen: gross area please": a quantity the measures read (sum / mean), not a property
        if vocab is None and len(letters(term)) < 4:
            continue  # "the bedrooms of apartment A": a label, not a property named "A"
        if vocab is not None or has_property(term) or (k == len(words_) - 1 or k == len(words_) - 2) and \
                _attribute_like(term, has_property, exact):
            start = found.start("attr") + len(" ".join(words_[:k])) + (1 if k else 0)
            spans = [(start, found.end("attr"))] + ([polite.span()] if polite is not None else [])
            return Frame(term, vocab, spans)
    return None


# attributes no number states as a filter: after a number ("windows on Level 2 types?") they are still asked
_NOT_MEASURED = frozenset(["type", "material", "name", "called", "manufacturer", "colour"])


def _class_then_attribute(found: re.Match[str], is_class_word: Any, asks: Any = None) -> Frame | None:
    """ "the door width", "the wall thickness": class words, then a vocabulary attribute (its last one or two
    words), or with ``asks`` words naming a held property ("the door mark on level 1"); the frame masks the lead,
    the attribute and the preposition, never the class words."""
    attr = found.group("attr")
    words_ = attr.split()
    for k in range(1, len(words_)):
        prefix, suffix = " ".join(words_[:k]), " ".join(words_[k:])
        key = _vocabulary(suffix)
        held = key is None and asks is not None and not is_class_word(suffix) and not _place_word(suffix) \
            and _asked_by_words(suffix) and bool(asks(suffix))  # never "window area": the measures sum it
        if (key is not None or held) and is_class_word(prefix):
            start = found.start("attr") + attr.rindex(suffix)
            return Frame(suffix, key, [(found.start(), found.start("attr")), (start, found.end())])
    return None


_NOT_ATTRIBUTES = frozenset(["number", "numbers", "area", "areas", "volume", "volumes", "length",
                             "lengths", "perimeter", "weight", "mass", "size", "sizes", "floor area", "net floor area",
                             "gross floor area", "difference", "ratio", "status", "list", "rest", "remainder", "sum",
                             "count", "amount", "anzahl", "menge", "summe"])


_SUMMABLE = frozenset(["area", "areas", "volume", "volumes", "length", "lengths", "perimeter", "weight", "mass",
                       "size", "sizes", "flache", "fläche", "flaeche", "volumen", "lange", "länge", "gewicht"])


def _place_word(term: str) -> bool:
    """ "which level / floor / room is X on": where it is (the storey question), not a property named Level."""
    return any(w in _PLACE_WORDS for w in term.split())


_PLACE_WORDS = frozenset(["floor", "floors", "level", "levels", "storey", "storeys", "story", "stories", "room",
                          "rooms", "space", "spaces", "geschoss", "etage", "raum", "building", "zone", "stock",
                          "stockwerk"])


def _attribute_like(term: str, has_property: Any, exact: Any = None) -> bool:
    """An attribute word outside the vocabulary: a property the model holds, or words that read as one ("fire
    rating", "serial number", "acoustic rating") and are then declined as not recorded. Area, volume, length
    and the like stay with the quantity aggregates (measures.py), which already answer "the area of room X"."""
    if term in _NOT_ATTRIBUTES or _place_word(term) and not _names_property(term, exact or has_property):
        return False
    if any(w in _SUMMABLE for w in re.split(r"[\s_-]+", term)):
        return _named_quantity(term, has_property)
    return bool(has_property(term)) or bool(re.search(r"(?:rating|number|colou?r|manufacturer|model|finish|"
                                                      r"class|code|value|property|classification|resistance)$",
                                                      term))


def _named_quantity(term: str, has_property: Any) -> bool:
    """ "storage volume" (Pset_TankTypeCommon's 'Storage volume'): words around a quantity word that name a property
    the model holds, none of them a word of the measure vocabulary ("net", "floor", "wall", "total": the quantity
    aggregates read those), are that property, looked up like any other."""
    from ifcqa.spatial.measures import words as measure_words

    parts = re.split(r"[\s_-]+", term)
    if len(parts) < 2 or not has_property(term):
        return False
    vocab = {w for phrase in measure_words().quantities for w in phrase.split()} | {"net", "gross", "total", "nett",
                                                                                      "netto", "brutto", "gesamt"}
    return not any(w in vocab for w in parts if w not in _SUMMABLE)


# --- reading -------------------------------------------------------------------------------------------------

def _placeholder(value: Any, name: str) -> bool:
    return value is None or (isinstance(value, str) and (not value.strip() or letters(name) in letters(value)))


@dataclass
class Reading:
    """One element's value and where it was read (``source``: "Pset_DoorCommon", "attribute", ...)."""

    value: Any
    name: str
    source: str
    unit: str | None = None


def _sets_in_order(sets: dict[str, dict[str, Value]]) -> list[tuple[str, dict[str, Value]]]:
    def rank(item: tuple[str, dict[str, Value]]) -> tuple[int, str]:
        name = item[0] or ""
        return (0 if name.startswith(("Pset_", "Qto_")) else 1 if name == "BaseQuantities" else 2, name)
    return sorted(sets.items(), key=rank)


_DERIVED = {"IfcThermalTransmittanceMeasure": "W/(m²·K)"}  # SI derived units people write, not kg/K.s3


def _unit_of(index: ModelIndex, value: Value | None, attribute: str | None = None) -> str | None:
    if value is not None and value.measure in _DERIVED:
        return _DERIVED[value.measure]
    if value is not None and value.unit:
        return value.unit
    unit_type = _ATTR_UNITS.get(attribute or "") or (
        "LENGTHUNIT" if value is not None and value.measure in _LENGTH_MEASURES else None)
    unit = index.units.get(unit_type) if unit_type else None
    return unit.symbol if unit else None


def _named(sets: dict[str, dict[str, Value]], name: str, kind: str, only_set: str | None = None) -> Reading | None:
    want = letters(name)
    placeholder: Reading | None = None
    for set_name, props in _sets_in_order(sets):
        if only_set is not None and set_name != only_set:
            continue
        for prop, value in props.items():
            if letters(prop) != want:
                continue
            if _placeholder(value.value, prop):
                placeholder = placeholder or Reading(None, prop, set_name or kind)
                continue
            return Reading(value.value, prop, set_name or kind, None)
    return placeholder


def read(index: ModelIndex, e: Element, source: str, only_set: str | None = None) -> Reading | None:
    """The value of ``source`` ("attribute:OverallWidth", "quantity:Height", "property:FireRating", "layers",
    "materials", "type", "predefined") on ``e``: a Reading (value None: present but not recorded), or None (absent);
    with ``only_set`` a property or quantity is read in that set only (and no attribute is read)."""
    kind, _, name = source.partition(":")
    if only_set is not None and kind not in ("quantity", "property"):
        return None
    if kind == "attribute":
        value = e.attributes.get(name)
        if value is None:
            return None
        return Reading(value, name, "attribute", _unit_of(index, None, name))
    if kind in ("quantity", "property"):
        reading = _named(e.qtos if kind == "quantity" else e.psets, name, kind, only_set)
        if reading is not None and reading.value is not None and reading.unit is None:
            sets = e.qtos if kind == "quantity" else e.psets
            raw = next((v for s in sets.values() for p, v in s.items() if p == reading.name), None)
            reading.unit = _unit_of(index, raw) or _sibling_unit(sets.get(reading.source, {}), reading)
        return reading
    if kind == "layers":
        if not e.layers or any(layer.thickness is None for layer in e.layers):
            return None
        length = index.units.get("LENGTHUNIT")
        return Reading(float(sum(layer.thickness or 0.0 for layer in e.layers)), "LayerThickness",
                       "material layer set (total)", length.symbol if length else None)
    if kind == "geometry" and name == "height":  # the box's z extent: a height only of what stands upright
        if any(index.is_a(e, c) for c in _FLAT):
            return None  # a slab's, ceiling's or roof's box height is its thickness, never its "height"
        box = index.bbox(e)
        if box is None:
            return None
        length = index.units.get("LENGTHUNIT")
        return Reading(float(box[5] - box[2]), "height", "geometry (bounding box)", length.symbol if length else None)
    if kind == "materials":
        return Reading(tuple(dict.fromkeys(e.materials)) or None, "material", "materials")
    if kind == "predefined":  # as ifcopenshell.util.element.get_predefined_type (round 18; after the attribute)
        return Reading(e.predefined_type, "PredefinedType", "its type's (the element records none)")
    if kind == "type":
        t = index.data.elements.get(e.type) if e.type is not None else None
        return Reading(t.name if t is not None else None, "type", f"type object ({t.ifc_class})" if t else "type")
    return None


_UNIT_SUFFIXES = ("einheit", "unit", "units", "masseinheit")


def _sibling_unit(props: dict[str, Value], reading: Reading) -> str | None:
    """The unit a numeric property's set names beside it ("Gewicht" 0.5 with "Gewichteinheit" = 'kg'): a text
    property named like the property plus "einheit" / "unit"; None when there is none."""
    if not isinstance(reading.value, (int, float)) or isinstance(reading.value, bool):
        return None
    base = letters(reading.name)
    for prop, value in props.items():
        if letters(prop) in {base + tail for tail in _UNIT_SUFFIXES} and isinstance(value.value, str) \
                and 0 < len(value.value.strip()) <= 8:
            return value.value.strip()
    return None


def held_names(index: ModelIndex, elements: list[Element]) -> dict[str, str]:
    """letters(name) -> name of every property, quantity and set attribute the elements hold; a property also under
    every spelling it may be asked by (``property_names.keys``: "max operating temperature" for "Max. Operating
    temperature", "heat transfer coefficient" for "Heat Transfer Coefficient (U)")."""
    out: dict[str, str] = {}
    seen: set[str] = set()
    for e in elements:
        for sets in (e.psets, e.qtos):
            for props in sets.values():
                for prop in props:
                    if prop in seen:
                        continue
                    seen.add(prop)
                    out.setdefault(letters(prop), prop)
                    for spelled in property_names.keys(prop):
                        out.setdefault(spelled, prop)
        for attr, value in e.attributes.items():
            if value is not None and not hasattr(value, "ifc_class"):
                out.setdefault(letters(attr), attr)
    return out


def sources_for(frame: Frame, elements: list[Element], index: ModelIndex) -> list[str]:
    """The sources to try for ``frame`` on ``elements`` (vocabulary first, else the property of that name)."""
    return _sources(frame, elements, index)[0]


def _sources(frame: Frame, elements: list[Element], index: ModelIndex) -> tuple[list[str], property_match.Match | None]:
    """:func:`sources_for`, and when no held name is spelled like the asked words, what their WORDS name among the
    elements' held names (``property_match``: one name read, or the names they are ambiguous between)."""
    if frame.key is not None:
        return list(words().attributes[frame.key]["sources"]), None
    held = held_names(index, elements)
    for candidate in (frame.term, _strip_trailing(frame.term)):
        name = held.get(letters(candidate)) or held.get(property_names.key(candidate))
        if name is not None:
            return _named_sources(elements, name), None
    found = property_match.match(_strip_trailing(frame.term), set(held.values()))
    found = ratio_properties.drop_ratios(found, index.schema) or found  # round 13: "widths", never PanelWidth
    if found.name is not None:  # "output" -> OutputCapacity, "floor finishes" -> 'Floor Finish'
        return _named_sources(elements, found.name), found
    return [], found if found.candidates else None


def _named_sources(elements: list[Element], name: str) -> list[str]:
    out = [f"attribute:{name}", f"quantity:{name}", f"property:{name}"]
    for other in _same_spelling(elements, name):  # "MaxOperatingTemperature", "MaximumOperatingTemperature"
        out += [f"quantity:{other}", f"property:{other}"]
    return out


def _same_spelling(elements: list[Element], name: str) -> list[str]:
    """The other property names the elements hold that are asked by the same words as ``name`` (one element's
    set may spell it "Max", another's "Maximum"), so that each element is read under its own spelling."""
    wanted = property_names.keys(name) | {letters(name)}
    out: dict[str, None] = {}
    for e in elements:
        for sets in (e.psets, e.qtos):
            for props in sets.values():
                for prop in props:
                    if prop != name and prop not in out and (property_names.keys(prop) & wanted):
                        out[prop] = None
    return list(out)


def value_key(value: Any) -> Any:
    """A value as it is counted: floats to 6 decimals (export noise), lists (a list property) as their items joined."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, list):
        return value_key(value[0]) if len(value) == 1 else ", ".join(str(v) for v in value)
    return value if value is None or isinstance(value, (str, int, bool)) else str(value)


def show(value: Any) -> str:
    if value is None:
        return "not recorded"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1000 else f"{value:.6g}"
    if isinstance(value, (int,)):
        return str(value)
    return repr(str(value))


@dataclass
class Result:
    """What a lookup read: per element GlobalId its Reading (None: absent)."""

    readings: dict[str, Reading | None]
    sources: list[str]
    matched: property_match.Match | None = None  # the asked words read as a held name by its words (or ambiguous)

    @property
    def recorded(self) -> dict[str, Reading]:
        return {g: r for g, r in self.readings.items() if r is not None and r.value is not None}

    def distribution(self) -> Counter[Any]:
        out: Counter[Any] = Counter()
        for r in self.readings.values():
            value = r.value if r is not None else None
            if isinstance(value, tuple):  # materials: each name counts the elements holding it
                for name in value:
                    out[name] += 1
            else:
                out[value_key(value)] += 1
        return out

    def where(self) -> str:
        names = Counter(f"{r.name} ({r.source})" for r in self.recorded.values())
        return ", ".join(n for n, _ in names.most_common())

    def unit(self) -> str | None:
        units = {r.unit for r in self.recorded.values()}
        return units.pop() if len(units) == 1 else None


def lookup(index: ModelIndex, frame: Frame, guids: list[str], only_set: str | None = None) -> Result:
    """Read ``frame``'s attribute on the elements ``guids`` (each element: its first source that it holds; with
    ``only_set``, the property in that property or quantity set only)."""
    elements = [e for g in guids if (e := index.find(g)) is not None]
    sources, matched = _sources(frame, elements, index)
    positive = bool(words().attributes.get(frame.key or "", {}).get("positive"))
    readings: dict[str, Reading | None] = {}
    for e in elements:
        got: Reading | None = None
        for source in sources:
            r = read(index, e, source, only_set)
            if r is None:
                continue
            if positive and isinstance(r.value, (int, float)) and not isinstance(r.value, bool) and r.value == 0:
                r = Reading(None, r.name, r.source)  # a weight of 0: the exporter's unset default, not recorded
            if r.value is not None:
                got = r
                break
            got = got or r  # present but not recorded: keep looking for a recorded source
        readings[e.guid] = got
    return Result(readings, sources, matched)


def layer_lookup(index: ModelIndex, frame: Frame, guids: list[str], word: str) -> Result:
    """``frame`` (thickness, material, type) read on the layers of each element whose material is named like ``word``
    ("the thickness of the insulation of the walls": the insulation layers' total thickness), ``spatial/layers.py``;
    an element with no such layer records none."""
    from ifcqa.spatial import layers

    length = index.units.get("LENGTHUNIT")
    readings: dict[str, Reading | None] = {}
    for e in (e for g in guids if (e := index.find(g)) is not None):
        found = layers.matching(e, word)
        if not found:
            readings[e.guid] = None
        elif frame.key == "thickness":
            known = [layer.thickness for layer in found]
            total = float(sum(t for t in known if t is not None)) if all(t is not None for t in known) else None
            readings[e.guid] = Reading(total, f"thickness of the {word} layer(s)", "material layer set",
                                       length.symbol if length else None)
        else:
            names = tuple(dict.fromkeys(layer.material for layer in found if layer.material))
            readings[e.guid] = Reading(names or None, f"material of the {word} layer(s)", "material layer set")
    return Result(readings, [f"layers:{word}"])


def same_number(result: Result) -> float | None:
    """The one number every element holds, or None."""
    values = [r.value for r in result.readings.values() if r is not None]
    if len(values) != len(result.readings) or not values:
        return None
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return None
    first = float(values[0])
    return first if all(math.isclose(float(v), first, rel_tol=1e-6) for v in values) else None
