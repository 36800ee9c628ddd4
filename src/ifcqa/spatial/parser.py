"""The deterministic question parser: a question and a model index in, a :class:`Plan` out.

It works on the lower-cased question in passes; each pass masks the words it used so that later ones
do not read them twice: storey names, numbered storeys ("floors 1 and 2", "2. OG"), ordinals ("second
floor"), aliases ("ground floor", "Erdgeschoss", "roof", "upper level", "basement"), misspelled storey
names (close matches), then class words (longest phrase first, then close matches), then the intent.
A storey mentioned after a negation word ("not", "except", "außer") is excluded.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial import (
    absence_phrases,
    aggregate_phrasing,
    antecedent,
    between,
    building_scope,
    chat_layout,
    class_versus,
    comparative_shapes,
    comparison_words,
    context_clauses,
    context_restrict,
    context_units,
    contrast_classes,
    copula_kinds,
    count_asked,
    element_compare,
    exclusion_phrases,
    field_scope,
    follow_ups,
    framing,
    gap_questions,
    german_frames,
    german_requests,
    grounding,
    guessed_numbers,
    ids_asked,
    ifc_identifiers,
    layers,
    learner_forms,
    listed_kinds,
    lookup,
    mail_layout,
    message_antecedents,
    message_sentences,
    model_names,
    multi_lookup,
    name_codes,
    named_properties,
    negation_reading,
    negation_scope,
    per_storey,
    pointer_binding,
    property_match,
    property_names,
    property_values,
    purpose_clauses,
    qualifier_forms,
    qualifiers,
    quantity_reading,
    refusal_scope,
    relation_verbs,
    reported,
    request_core,
    request_decides,
    resolve,
    room_appositions,
    room_exclusions,
    room_names,
    room_parts,
    room_pointers,
    said_values,
    schema_words,
    singular_asked,
    stated_scope,
    storey_class_name,
    storey_refs,
    storey_sets,
    storey_values,
    system_nouns,
    terse_where,
    text_deixis,
    two_sided,
    type_names_asked,
    units_asked,
    value_lookups,
    voice_forms,
    voice_frames,
)
from ifcqa.spatial.classes import class_filter, matches, resolve_kind, subclasses
from ifcqa.spatial.classes import enumeration_values as classes_enumeration
from ifcqa.spatial.measures import ops_said
from ifcqa.spatial.measures import words as measure_words
from ifcqa.spatial.plan import ClassFilter, Plan, QualifierRef, RoomRef, StoreyRef
from ifcqa.spatial.restricting import RESTRICTS
from ifcqa.spatial.spaces import fold, fold_with_offsets, function_of, functions_of
from ifcqa.spatial.storeys import Storey, StoreyResolver, name_pattern
from ifcqa.spatial.vocabulary import (
    ABSENT_READINGS,
    ALL_STOREY_WORDS,
    BASEMENT_WORDS,
    BOTTOM_WORDS,
    BOUNDING_KEYS,
    BREAKDOWN_WORDS,
    CLASS_WORDS,
    COUNT_WORDS,
    EXISTS_WORDS,
    FILLER_WORDS,
    GROUND_WORDS,
    INVENTORY_WORDS,
    MODEL_ADJECTIVES,
    MOST_WORDS,
    NEGATION_WORDS,
    ORDINALS,
    PREDEFINED_KINDS,
    REFUSALS,
    ROOF_WORDS,
    STOREY_NOUNS,
    THRESHOLD_WORDS,
    TOP_WORDS,
    UPPER_PLURAL_WORDS,
)

_NOUN = r"(?:floors?|levels?|storeys?|stories|story|geschosse?|etagen?|ebenen?|stockwerke?|stock)"
_JOIN = r"\s*(?:,|\band\b|&|\bor\b|\bund\b|\boder\b|\bsowie\b|\bas\s+well\s+as\b|\+)\s*"
_NUMBERED = re.compile(
    rf"\b(?P<noun>{_NOUN})\s*(?P<nums>-?\d+(?:(?:{_JOIN}|\s*(?:-|\bto\b|\bthrough\b|\bbis\b)\s*)(?:{_NOUN}\s*)?\d+)*)\b"
)
_SHORT_NUMBERED = re.compile(  # L2, Lvl 2, Fl. 3, 2F, 1st fl, B1 (basement 1)
    r"\b(?:(?P<pre>l|lvl|lev|fl|flr)\.?\s?(?P<n>\d+)|(?P<n2>\d+)(?:st|nd|rd|th)?\s?(?P<post>f|fl|flr)\b\.?"
    r"|(?P<b>b|ug|kg)(?P<n3>\d+))\b"
)
_GERMAN_LIST = re.compile(
    r"\b(?P<first>(?P<n>\d+)\s*\.?)\s*(?:,|and|und|or|oder|&)\s*(?:the\s+|das\s+|dem\s+)?"
    r"(?=\d+\s*\.?\s*(?P<kind>obergeschoss|og|untergeschoss|ug)\b)"
)
_GERMAN_NUMBERED = re.compile(r"\b(?P<n>\d+)\s*\.?\s*(?P<kind>og|obergeschoss|ug|untergeschoss)\b"
                              r"|\b(?P<kind2>og|ug)\s*(?P<n2>\d+)\b")
_ORDINAL_WORD = "|".join(sorted((re.escape(w) for w in ORDINALS), key=len, reverse=True))
_ORDINAL = re.compile(
    rf"\b(?P<ords>(?:{_ORDINAL_WORD})(?:{_JOIN}(?:the\s+)?(?:{_ORDINAL_WORD}))*)\s+(?P<noun>{_NOUN}|obergeschoss|og|"
    # "the 2nd upper floor": Obergeschoss in English, counted above ground (round 7)
    r"upper\s+(?:floor|level|storey|story))\b"
)
_NOUN_WORD = re.compile(rf"\b(?P<noun>{_NOUN})\s+(?P<word>{_ORDINAL_WORD})\b")
_CARDINALS = frozenset(["zero", "one", "two", "three", "four", "eins", "zwei", "drei"])
_PLURAL_NOUNS = frozenset(["floors", "levels", "storeys", "stories", "geschosse", "etagen", "ebenen", "stockwerke"])
_RANGE = re.compile(r"(\d+)\s*(?:-|\bto\b|\bthrough\b|\bbis\b)\s*(\d+)")
STOREY_AFTER = re.compile(rf"\s+{_NOUN}\b")
_PREPOSITION = re.compile(r"(?:\bon|\bat|\bin|\bof|\bauf|\bim|\bfor|\bfrom|\bthe|\bdem|\bder)\s*$")
_STOP = frozenset([
    "a", "an", "the", "on", "in", "at", "of", "to", "for", "from", "is", "are", "was", "were", "be", "what",
    "which", "who", "where", "how", "many", "much", "any", "there", "all", "each", "every", "with", "and",
    "or", "not", "do", "does", "did", "have", "has", "list", "show", "give", "me", "tell", "find", "get",
    "elements", "element", "building", "model", "storey", "storeys", "floor", "floors", "level", "levels",
    "story", "stories", "please", "only", "per", "by", "than", "other", "except", "that", "this", "these",
    "those", "it", "its", "they", "their", "them", "we", "our", "you", "your", "here", "can", "could",
    "would", "should", "will", "my", "im", "auf", "dem", "der", "die", "das", "ist", "sind", "wie", "viele",
    "welche", "welcher", "welches", "gibt", "es", "im", "in", "und", "oder", "nicht",
])


@dataclass
class _Mention:
    start: int
    end: int
    term: str
    how: str
    storeys: list[Storey]


# contractions spelled out, so that every later pass reads one form: "don't" -> "do not", "where's" -> "where is"
_CONTRACTIONS = re.compile(r"\b(?P<w>do|does|did|is|are|was|were|has|have|had|wo|ca|should|would|could)n't\b"
                           r"|\b(?P<s>where|what|there|here|how|who|which|that|it)'s\b")
_SPELLED = {"wo": "will", "ca": "can"}
# the same contractions typed without the apostrophe ("whats in room 5", "doors that arent external"): only forms
# that are no other English word ("its", "wont", "cant", "hes", "well" are left alone)
_BARE_CONTRACTIONS = re.compile(r"\b(?P<w>do|does|did|is|are|was|were|has|have|had|should|would|could)nt\b"
                                r"|\b(?P<s>where|what|there|how|that)s\b")


# a number word after the word "number" (or no., nr., #) is an identifier written out: "room number three" is
# room number 3, never the filler "three" (round 22: it read as every room's total)
_NUMBER_WRITTEN_OUT = re.compile(r"(?<![\w-])(?P<mark>number|numbers|nummer|no\.|nr\.?|#)\s*(?P<word>[^\W\d_]+)"
                                 r"(?![\w-])")


@functools.cache
def _number_words() -> dict[str, int]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/name_forms.json").read_text("utf-8"))
    return {k: v for k, v in raw["numbers"].items() if not k.startswith("_")}


def normalise(question: str) -> str:
    """Lower case, NFC, typographic quotes and dashes made plain, contractions spelled out, whitespace collapsed."""
    text = unicodedata.normalize("NFC", question).casefold()
    text = text.replace("’", "'").replace("–", "-").replace("—", "-").replace("ß", "ss")
    text = _CONTRACTIONS.sub(lambda m: f"{_SPELLED.get(m['w'], m['w'])} not" if m["w"] else f"{m['s']} is", text)
    text = re.sub(r"(?<![\w/])w/o(?![\w/])", "without", text)  # "walls w/o the exterior ones"
    text = _BARE_CONTRACTIONS.sub(lambda m: f"{m['w']} not" if m["w"] else f"{m['s']} is", text)
    # a power typed with a caret or stars ("m^2", "ft**3"): the unit's superscript (round 5c)
    text = re.sub(r"(?<![\w^])(m|mm|cm|ft)\s*(?:\^|\*\*)\s*([23])(?![\w^])",
                  lambda m: m[1] + ("²" if m[2] == "2" else "³"), text)
    text = _NUMBER_WRITTEN_OUT.sub(lambda m: f"{m['mark']} {_number_words()[m['word']]}" if m["word"] in _number_words()
                         else m.group(0), text)
    if "most" in text:  # round 19: "the most big one" = "the biggest one"
        forms, pattern = _periphrastic()
        text = pattern.sub(lambda m: f"{m['the']}{forms[m['adj']]}", text)
    return " ".join(text.split())


@functools.cache
def _periphrastic() -> tuple[dict[str, str], re.Pattern[str]]:
    """'the most <adjective>' -> 'the <superlative>' (``measure_words.json`` ``periphrastic_superlatives``)."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/measure_words.json").read_text("utf-8"))
    forms = {k: v for k, v in raw["periphrastic_superlatives"].items() if not k.startswith("_")}
    return forms, re.compile(r"(?P<the>\bthe\s+)most\s+(?P<adj>" + "|".join(map(re.escape, forms)) + r")\b")


# a storey noun that is part of a room's quantity ("floor area", "floor space"): no storey (round 19 rel19)
_FLOOR_QUANTITY = re.compile(r"\b(?:floor|level)(?=\s+(?:area|areas|space|surface)\b)")


def _words_pattern(words: tuple[str, ...] | list[str]) -> re.Pattern[str]:
    return _compiled_words(tuple(words))


@functools.lru_cache(maxsize=256)
def _compiled_words(words: tuple[str, ...]) -> re.Pattern[str]:
    ordered = sorted({normalise(w) for w in words}, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(w) for w in ordered) + r")(?![\w])")


# a superlative is filler only as a word of its phrase ("the largest number of doors"): alone ("the doors on the
# largest storey") it says which ones, which the word accounting must see (round 13: it listed every door)
_FILLER = _STOP | frozenset(
    w
    for phrase in (*INVENTORY_WORDS, *COUNT_WORDS, *EXISTS_WORDS, *MOST_WORDS, *BREAKDOWN_WORDS, *NEGATION_WORDS,
                   *STOREY_NOUNS)
    for w in normalise(phrase).split() if " " not in normalise(phrase) or not w.endswith("est")
) | frozenset([
    "located", "placed", "situated", "sit", "sits", "present", "contained", "contain", "contains", "found",
    "inside", "within", "located", "show", "display", "everything", "anything", "whole", "entire", "building",
    "total", "altogether", "number", "list", "give", "tell", "need", "want", "know", "see", "please", "located",
    "befindet", "befinden", "sich", "zeige", "zeig", "liste", "alle", "gibt", "stehen", "steht", "hat", "haben",
    "welches", "welcher", "welche", "meisten", "wieviel", "viele", "gesamt", "insgesamt", "also", "too", "only",
    "just", "but", "than", "then", "here", "there", "this", "that", "these", "those", "what", "whats", "which",
    "where", "when", "does", "did", "has", "have", "got", "get", "are", "how", "many", "much", "any", "some",
    "model", "file", "ifc", "storey", "storeys", "etage", "ebene", "stock", "level", "levels", "floor", "floors",
]) | FILLER_WORDS
_CLASS_PATTERN = _words_pattern(list(CLASS_WORDS))
_CLASS_KEYS = {normalise(k): v for k, v in CLASS_WORDS.items()}


def _is_room_word(phrase: str) -> bool:
    """A room function a question may name ("corridors", "toilets", "WC"): for inclusion read (round 11)."""
    return function_of(phrase, strong=True) is not None

# the words a misspelling may be read as: the hand-written vocabulary's (schema-derived and data-file words added in
# round 9 are read as written only: "contractors" is never "contactors")
_ADDED_WORDS = frozenset(normalise(w) for w in schema_words.ADDED)
_TYPO_KEYS = {k: v for k, v in _CLASS_KEYS.items() if k not in _ADDED_WORDS}
# class words that end German compounds ("Außenwände", "Stahlbetonstützen"): one word, four letters or more, German
# plural or singular forms of the element classes (English compounds are written apart)
_COMPOUND_TAILS = sorted((w for w in _CLASS_KEYS if " " not in w and len(w) >= 4 and re.search(r"[äöü]|ss|en$|er$|e$|"
                                                                                                r"tür|wand|fenster", w)
                          and not w.isascii() or w in ("fenster", "wand", "decke", "decken", "treppe", "treppen",
                                                       "stütze", "stützen", "platten", "tür", "türen", "träger")),
                         key=len, reverse=True)
_NEGATION = _words_pattern(NEGATION_WORDS)
# Negation words are consumed only when they negate something (a storey or a qualifier): "doors that lead outside"
# must not read "outside" as filler and list every door.
_NEGATION_ONLY = frozenset(["not", "except", "excluding", "exclude", "other", "but", "apart", "aside", "besides",
                            "isn't", "aren't", "isnt", "arent", "outside", "nicht", "außer", "ausser", "ausgenommen",
                            "ohne", "without", "counting", "neither", "leaving", "ignoring", "disregarding",
                            "abgesehen", "weder", "skip", "skipping", "omit", "omitting",
                            "leave"])  # round 11: "leave the furniture out" was read as "the furniture" (filler)
_FILLER = _FILLER - _NEGATION_ONLY
_INVENTORY = _words_pattern(INVENTORY_WORDS)
# the storeys as the subject: "how many storeys does it have", "list the levels", "welche Geschosse gibt es"
# the heads that ask a count of what follows: "how many", "the number of", "Anzahl der"
_COUNT_HEAD = (r"(?:how\s+many|wie\s*viele[n]?|(?:the\s+)?(?:total\s+)?(?:number|count)\s+of|"
               r"(?:die\s+)?anzahl(?:\s+der)?)")
_STOREYS_ASKED = re.compile(r"^\s*(?:(?P<count>" + _COUNT_HEAD + r"|count|zähle?)|what|which|welche[n]?|list|"
                            r"show(?:\s+me)?|name|give\s+me|nenne|zeige?)\s+(?:(?:the|all|of\s+the|die|alle)\s+)*(?:storeys|stories|floors|"
                            r"levels|geschosse|etagen|stockwerke|ebenen)\b")
# round 24: the terse count after the noun, the whole message: "storey count", "levels total?", "Geschosse Anzahl"
_STOREYS_COUNTED_AFTER = re.compile(r"^\s*(?:the\s+)?(?:storeys?|stor(?:y|ies)|floors?|levels?|geschosse?|etagen?|"
                                    r"stockwerke?|ebenen?)\s+(?P<count>count|total|number|in\s+total|how\s+many|"
                                    r"anzahl|gesamt|insgesamt)\s*[?.!]*\s*$")
_SPACE_QUANTITIES = frozenset(["floor_area", "area", "volume", "ceiling_area", "perimeter"])
_ADDITIVE = frozenset(["floor_area", "area", "wall_area", "ceiling_area", "volume", "length", "weight"])  # summable
_WITH_TAIL = re.compile(r"\b(?:with|having|have|has|mit|haben|hat|(?P<without>without|ohne))\s+(?:an?\s+|einer?\s+)?"
                        r"(?P<pre>(?:[^\W\d_]+\s+){0,2}?)$")
_RELATION = re.compile(r"\b(?:with|without|having|have|has|that have|which have|containing|contain|contains|hosting|"
                       r"holding|in them|mit|ohne|haben|hat|enthalten|enthält)\b")
# two class words are a union ("doors and windows", "walls, slabs") only when joined so; any other words between
# them relate one to the other ("valves in the boiler room", "doors of the pump room"): declined, never a union
_COORDINATED = re.compile(r"(?:,|&|/|\+|\b(?:and|or|as well as|plus|along with|und|oder|sowie|bzw))")
_EXAMPLES_BETWEEN = re.compile(r"\(|,?\s*(?:like|such\s+as|e\.\s?g\.?|for\s+example|for\s+instance|z\.\s?b\.?)")
_PER_ROOM = re.compile(r"\b(?:per|each|every|by|for each|in each|pro|je)\s+(?:rooms?|spaces?|raum|zimmer)\b")
_CLASS_NEGATIONS = frozenset(["except", "except for", "excluding", "exclude", "other than", "but not", "apart from",
                              "aside from", "besides", "not", "außer", "ausser", "ausgenommen", "ohne", "nicht",
                              "is not", "are not", "skip", "skipping", "omit", "omitting",
                              "leave out"])  # "isn't", "aren't" as normalise spells them out
_ALIASES: list[tuple[str, re.Pattern[str]]] = [
    ("all", _words_pattern(ALL_STOREY_WORDS)),
    ("upper_all", _words_pattern(UPPER_PLURAL_WORDS)),
    ("bottom", _words_pattern(BOTTOM_WORDS)),
    ("basement", _words_pattern(BASEMENT_WORDS)),  # before "ground": "below ground", "lower ground floor"
    ("ground", _words_pattern(GROUND_WORDS)),
    ("top", _words_pattern(TOP_WORDS)),
    ("roof", _words_pattern(ROOF_WORDS)),
]
_ALIAS_VOCAB = sorted({normalise(w) for w in (*GROUND_WORDS, *BASEMENT_WORDS, *ROOF_WORDS) if len(w) >= 5})


_BOUNDING = BOUNDING_KEYS
_WORD = re.compile(r"[^\W\d_][\w'-]*")
_ROOM_AREAS = {"wall": "wallarea", "covering": "ceilingarea", "slab": "floorarea"}  # a class word + "area" of a room
_AREA_AFTER = re.compile(r"\s+(?:area|areas|surface|surfaces)\b")
_COORDINATOR = re.compile(r"\s*(?:,|or|nor|and|oder|und|noch|/)\s*(?:(?:the|any|a|an|die|der|das|ein|eine|einen)\s+)?")
_SMALLER = frozenset(["smaller", "kleiner", "tinier"])
_BIGGER = re.compile(r"\b(?P<word>bigger|larger|greater|smaller|tinier|grösser|grosser|größer|kleiner)"
                     r"\s+(?:than|als)\b")
# "does the kitchen have more floor space than the hobby room", "A vs B - which one has more floor area?",
# "welcher Raum hat mehr Fläche": two rooms compared by the area they offer (with "than": a yes/no; else which one)
_MORE_AREA = re.compile(r"\b(?P<word>more|less|larger|bigger|smaller|greater|mehr|weniger)\s+(?:(?:net|usable|"
                        r"living)\s+)?(?:floor\s+space|floor\s+area|floorspace|space|area|room|square\s+(?:metres|"
                        r"meters|feet|footage)|m²|qm|grundfläche|wohnfläche|fläche|platz)(?P<than>\s+(?:than|als))?"
                        r"(?![\w²])")
# a sum word after the rooms on one side of a comparison: "... than A and B put together / combined / zusammen"
_ROOMS_TOGETHER = re.compile(r"\b(?:put\s+together|taken\s+together|together|combined|zusammen(?:genommen)?)\b")
_WHICH_BIGGER = re.compile(r"\b(?:which|welche[rs]?|was)(?:\s+(?:one|room|space|raum|zimmer))?\s+(?:is|ist)\s+"
                           r"(?:the\s+)?"
                           r"(?P<word>bigger|larger|greater|smaller|tinier|grösser|grosser|größer|kleiner)\b")
_EVERY_STOREY = re.compile(r"\b(?:every|each|jede[snmr]?)\s+"
                           r"(?:floor|level|storey|story|geschoss|etage|ebene|stockwerk)\b")
_ZONE_WORD = re.compile(r"\b(?:zones?|zonen?|bereiche?|bereichs)\b")
_ZONE_VERBS = re.compile(r"\b(?:belong(?:s|ing)?\s+to|(?:are|is)\s+assigned\s+to|assigned\s+to|part\s+of|"
                         r"gehören\s+zu[rm]?|gehoeren\s+zu[rm]?|gehört\s+zu[rm]?)\b")
# a negation right before a room the question asks for ("rooms that are not bathrooms", "which rooms aren't offices")
# the phrases that take something out of what is asked ("except", "other than", "leaving out", "außer", "ohne"): one
# list for storeys' neighbours, rooms, qualifiers and grounded words, so every kind of filter reads the same shapes
_EXCLUDING = (r"except(?:\s+for)?|excluding|exclude|excl\.?|exkl\.?|not\s+including|other\s+than|apart\s+from|"
              r"aside\s+from|besides|but\s+not|"
              r"leaving\s+out|not\s+counting|ignoring|disregarding|without(?=\s+the\b)|neither|"
              r"skip(?:ping)?|omit(?:ting)?|leave\s+out|"
              r"ausser|ausgenommen|ohne|abgesehen\s+von|bis\s+auf|weder")
# a verb or question word that makes a question more than a terse noun phrase ("boiler in the model?")
_TERSE_VERB = re.compile(r"\b(?:is|are|was|were|has|have|does|do|did|which|what|where|how|who|list|show|count|give|"
                         r"ist|sind|hat|haben|gibt|welche[mnrs]?|wo|wie|was)\b")
# the noun after an IFC class name written out, which only restates it ("IfcSpace objects", "IfcDoor elements")
_EXPLICIT_NOUN = re.compile(r"\s+(?:objects?|entities|entity|elements?|instances?|items?|occurrences?|objekte)\b")
_ROOM_NEGATION = re.compile(rf"(?:(?P<neg>\bnot|\b\w*n't|\bnicht|\bkeine?[nrs]?|\b(?:{_EXCLUDING})|\bbut)"
                            r"\s+(?:(?:the|a|an|der|die|das|den|dem|ein|eine|einer)\s+)?|(?P<non>\bnon-\s*))\s*$")
# a room followed by the word that takes it out: "rooms, bedrooms excluded", "alle Räume, Küche ausgenommen"
_ROOM_EXCLUDED_AFTER = re.compile(r"\s+(?:excluded|not\s+included|ausgenommen|ausgeschlossen)\b")
# a negation right before a phrase grounded in the model: "not glass doors", "except the double doors"
# what joins a code to the class word before it: "light fixtures (that) are 150W", "boilers rated 147 kW",
# "valves (that are) not three-way", "lights except the 150W ones" (the pronoun after the code is required there)
_CODE_LINK = re.compile(r"(?:(?:(?:that|which)\s+)?(?:(?:are|is|sind|ist)\s+)?(?P<not>(?:not|nicht)\s+)?"
                        r"(?:(?:rated|rated\s+at|with|of|at|mit)\s+)?(?:a\s+|an\s+)?"
                        rf"|(?P<excl>(?:{_EXCLUDING}))(?:\s+(?:the|die|der|den))?)\s*", re.IGNORECASE)
_CODE_VERB = re.compile(r"rated|with|mit", re.IGNORECASE)
_STOREY_GAP = re.compile(r"(?:\b(?:on|in|at|im|auf|of)\s+(?:the\s+|dem\s+|der\s+)?)?\0+")
_CODE_TOKEN = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?(?:-?[^\W\d_][\w'-]*|\s[^\W\d_]{1,2}\b(?!['-]))?")


def _code_items(masked: str, items: list[tuple[int, int, str, str]],
                spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str, str]]:
    """Tokens with digits left unread, for grounding as codes of names ("150W", "3-way"); a bare number only next
    to a word no pass read ("DN 15", "147 kW"), never by itself ("the 3 largest rooms" is no code); a class word
    the token runs into is not part of it ("3-Wege-Ventile": the code "3-Wege" and the valves)."""
    out = []
    for m in _CODE_TOKEN.finditer(masked):
        start = m.start()
        end = min([a for a, _, _ in spans if start < a < m.end()] + [m.end()])
        token = masked[start:end].rstrip("-")
        end = start + len(token)
        if not token[-1].isdigit():
            out.append((start, end, "word", token))
            continue
        near = [it for it in items if re.fullmatch(r"[\s-]*", masked[it[1]:start] if it[1] <= start
                                                   else masked[end:it[0]])]
        if near:
            out.append((start, end, "word", token))
    return out


_GROUNDED_NEGATION = re.compile(rf"(?:\bnot|\bnon-?|\b\w*n't|\bnicht|\bkeine?n?|\b(?:{_EXCLUDING}))"
                                r"(?:\s+(?:the|any|those|die|der|den))?\s*$")
# a material named after what is asked of everything: "which elements are made of steel", "Bauteile aus Beton"
_MADE_OF = re.compile(r"\b(?:(?:made|built|constructed|manufactured)\s+(?:out\s+of|of|from)|consist(?:s|ing)?\s+of|"
                      r"(?:bestehend\s+|hergestellt\s+|gefertigt\s+)?aus)\s+(?:the\s+|dem\s+)?$")
# a bare "of" after what is asked of everything, before a material: "which elements are of Stahlbeton"
_EVERY = "|".join(re.escape(w) for w in INVENTORY_WORDS if not w.startswith(("what", "was ", "list ", "show ")))
_BARE_OF = re.compile(rf"\b(?:{_EVERY})\s+(?:(?:are|is|sind|ist)\s+)?(?P<of>of)\s+(?:the\s+)?$")
# the person a room belongs to, after it: "the office of Mr Schmidt", "das Büro von Herrn Schmidt"
_OWNER = re.compile(r"\s+(?:of|von|vom|des|der|belonging\s+to)\s+(?:the\s+|dem\s+)?"
                    r"(?:(?:mr|mrs|ms|miss|dr|prof|herrn?|frau)\.?\s+)?"
                    r"(?P<name>[^\W\d_][\w-]*)")
# a dwelling or wing of a building by the letter its space numbers start with: "unit B", "Wohnung A"
_UNIT = re.compile(r"\b(?:unit|apartment|apt|flat|dwelling|wohnung|wohneinheit|einheit|house|haus|home|building|"
                   r"gebäude|gebaeude|block|wing|flügel|fluegel|tower|turm)\s+(?P<x>[a-z]|\d{1,2})\b")
# head nouns that only say "one of them" after a class word or ending a compound with one: "door sets", "window
# units", "doorways", "Fensterelemente", "Türblätter"
# (round 7 rooms: also the verbs of what lies between two rooms: "which door connects A and B", "trennt")
_BETWEEN = re.compile(r"\b(?:between|zwischen|connecting|connects|connect|separating|separates|separate|joining|joins|"
                      r"verbindet|verbinden|trennt|trennen)\b")
_TYPES_AFTER = re.compile(r"[\s-]+(types|typen|kinds|sorts|styles)\b")
_GENERIC_HEAD_AFTER = re.compile(r"[\s-]+(sets?|units?|elements?|leaf|leaves|assembl(?:y|ies))\b")
_GENERIC_HEAD_END = re.compile(r"(?:sets?|units?|ways?|elements?|leaf|leaves|elemente?n?|blatt|blätter|blaetter)$")
# a property written out with a truth value: "HandicapAccessible true", "LoadBearing = false", "IsExternal: ja"
_PROPERTY_VALUE = re.compile(r"(?<![\w.])(?P<prop>[^\W\d_][\w.]{5,})\s*"
                             r"(?:(?:is|ist|are)(?:\s+(?:set\s+to|equal\s+to))?|=|==|:|equals?|set\s+to)?\s*"
                             r"(?P<val>true|false|yes|no|ja|nein|wahr|falsch)(?![\w])")
_TRUE_WORDS = frozenset(["true", "yes", "ja", "wahr"])
# "which rooms have a bed", "welcher Raum hat eine Badewanne", "which room is the sofa in" (see _rooms_holding)
_HOLDING = re.compile(r"\s*(?:(?:have|has)\s+got|got|have|has|had|contain|contains|hold|holds|with|hat|haben|enthält|"
                      r"enthalten|mit)\s+"
                      r"(?:(?:a|an|any|the|some|one|ein|eine|einen|einer|der|die|das|den)\s+)?")
_IS_THE = re.compile(r"\s*(?:is|are|ist|sind|steht|stehen|liegt|liegen)\s+(?:(?:the|a|an|der|die|das)\s+)?")
_IN_AFTER = re.compile(r"\s*(?:in|located\s+in|placed\s+in)?\s*[?.!]*\s*$")
_IN_WHICH_ROOM = re.compile(r"\b(?:in\s+which|in\s+welchem|im\s+welchem)\s+(?:rooms?|spaces?|raum|zimmer)\b")
# "furniture that is not in the living room", "Möbel nicht im Bad": what the asked classes hold outside the room
_ROOM_NOT_IN = re.compile(rf"(?P<neg>\bnot|\bnicht|\b(?:{_EXCLUDING})(?:\s+(?:the\s+ones|ones|those|die))?)\s+"
                          r"(?:in|inside|within|im|in\s+der|in\s+den)"
                          r"(?:\s+(?:the|a|an|der|die|das|den|dem))?\s*$")
# a negation right before a qualifier: "not external", "non-load-bearing", "excluding the external ones",
# "other than the load-bearing ones", "except for fire-rated"
_QUALIFIER_NEGATION = re.compile(rf"(?:\bnot|\bnon-?|n't|\bnicht|\bkeine?n?|\b(?:{_EXCLUDING}))"
                                 r"(?:\s+(?:the|any|those|die|der|den))?\s*$")
# "no windows", "do not have any doors", "with no stairs", "keine Türen": a count of zero (see Parser._none_of)
_NONE = re.compile(r"(?:\bno|\bnot\s+(?:have|has|contain|hold)\b|\bnot\s+any|\bwith\s+no|\bwithout|"
                   r"\bnot\s+(?:even\s+)?one|\bkeine?[nrs]?|\bohne)(?:\s+(?:any|single|an?))?\s*$")
# "without a single door", "not one single window", "ohne eine einzige Tür": "single" counts none, it names no kind
_NOT_A_SINGLE = re.compile(r"\b(?P<neg>not|without|no|nicht|ohne)\s+(?:even\s+)?(?:a|one|eine[ns]?|ein)\s+"
                           r"(?:single|einzige[nrs]?)\b")
_WHICH_STOREY = re.compile(r"\b(?:which|what|welche[mnrs]?|in welchem|on which|auf welche[mnrs]?)\s+"
                           r"(?:floors?|levels?|storeys?|stories|story|geschosse?|etagen?|ebenen?|stockwerke?)\b")
_HOW_MUCH_BIGGER = re.compile(r"\b(?:how\s+much|um\s+wie\s*viel)\s+(?:(?P<word>more|less|bigger|larger|smaller|"
                              r"greater|mehr|weniger|grösser|grosser|größer|kleiner)\b)")
_TOTAL_WORDS = re.compile(r"\b(?:total|sum|combined|overall|aggregate|gesamte?[nrs]?|insgesamt|summe)\b")
_ADDED_UP = re.compile(r"\b(?:add(?:ed|s)?\s+up|together|in\s+all|all\s+in\s+all|zusammen)\b")
_SUMMED = re.compile(r"\b(?:sum(?:med|s)?\s+up|summed|summieren|summiert|aufsummiert|addiert)\b")


def _totalled(question: str, every: str) -> re.Match[str] | None:
    """The words that ask the total over ``every`` ("every"/"each"/"jede..." before a room or class): "sum up the m²
    of every space", "the total area of every room", "each room's area added up" (never "the total area of each
    room", each one's total, nor "per room" or "one by one", which always list)."""
    word = every.split()[0] if every.split() else ""
    if word in ("every", "jeder", "jedes", "jeden", "jedem", "jede"):
        return _TOTAL_WORDS.search(question) or _ADDED_UP.search(question) or _SUMMED.search(question)
    return _ADDED_UP.search(question) or _SUMMED.search(question) if word == "each" else None
_WITH_THEIR = re.compile(r"\b(?:with|and|plus|mit)\s+(?:their|its|ihre[rnm]?|seine[rnm]?)\s+(?:[^\W\d_]+\s+)?"
                         r"(?:areas?|volumes?|lengths?|heights?|widths?|sizes?|flächen?|flaechen?|größen?|längen?|höhen?)\b")
# round 21: the size asked of several elements at once ("which rooms are on EG and how big are they", "how large
# are the bedrooms"): each one's, as "with their areas" (a total is asked by "total", "together", "combined" ...)
_EACH_SIZE = re.compile(r"\bhow\s+(?:big|large|small|wide|long|tall|high|thick|deep)\s+(?:are|were)\b|"
                        r"\b(?:wie\s+gro(?:ss|ß)\s+sind)\b")
_RANK_WORDS = re.compile(r"\b(?:most|more|larger|largest|bigger|biggest|greater|greatest|higher|highest|smaller|"
                         r"smallest|less|least|fewer|fewest|lower|lowest|meisten|mehr|grösser|grosser|größer|grösste|"
                         r"größte|kleiner|kleinste|weniger|wenigsten)\b")
_LEAST_MEASURE = re.compile(r"\b(?:smaller|smallest|less|least|fewer|fewest|lower|lowest|kleiner|kleinste|weniger|"
                            r"wenigsten)\b")
_WHICH_ROOM = re.compile(r"\b(?:which|what|welche[mnrs]?|list(?:\s+the|\s+all)?|show(?:\s+me)?(?:\s+the|\s+all)?)\s+"
                         r"(?:rooms?|spaces?|räume|raum|zimmer)\b")
# rooms or storeys as the subject of "none of X" without a "which" ("2.OG rooms with no windows", "the EG rooms
# that have no door", "floors without radiators"): the noun right before the negated relation (round 5c)
_LACKING_SUBJECT = re.compile(r"\b(?:(?P<rooms>rooms?|spaces?|räume|raeume|zimmer)|(?P<storeys>floors?|levels?|"
                              r"storeys?|stories|geschosse?|etagen?|stockwerke?))(?:\s+(?:that|which|die|welche))?"
                              r"(?:\s+(?:do|does))?(?:\s+(?:have|has|with|haben|hat|mit|contain|contains))?\s*$")
# "where ...", also after a request for it ("can you tell me where the children's rooms are", "weißt du, wo ...")
_WHERE_ASKED = re.compile(r"\s*(?:(?:yo|hi|hey|hello|hallo|so|ok|okay|and|und)\s*[,!]?\s+)?"
                          r"(?:(?:(?:can|could|would)\s+you\s+(?:please\s+)?|please\s+)?(?:tell|show)\s+me\s+|"
                          r"i\s+(?:want|need|would\s+like)\s+to\s+know\s+|do\s+you\s+know\s+|"
                          r"(?:weisst|weißt)\s+du,?\s+|wissen\s+sie,?\s+|(?:kannst\s+du|können\s+sie)\s+mir\s+sagen,?\s+)?"
                          r"(?:where|wo)\b")
# round 21: "where" asked after the request ("how many doors are in the house and where", "how many windows, and
# where are they?"): the storeys are asked too
_WHERE_AFTER = re.compile(r"(?:,|\band\b|\bund\b|[.?!])\s*(?:where|wo)(?:\s+(?:are|is|sind|ist|liegen|stehen)"
                          r"\s+(?:they|it|these|those|sie|es|die))?\s*\??\s*$")
# what joins rooms to the relation after them ("bedrooms that have no", "rooms which do not have", "Räume, die keine")
_RELATION_LINK = re.compile(r"(?:\s*,)?(?:\s+(?:that|which|die|welche))?(?:\s+(?:do|does|are|is|sind))?"
                            r"(?:\s+(?:have|has|with|haben|hat|mit|contain|contains|hold|holds))?\s*$")
# "rooms with more than 2 windows", "spaces on level 1 having at least one door": rooms counted per space
_ROOMS_WITH_BOUND = re.compile(r"\b(?:rooms?|spaces?|räume|raeume|zimmer)(?:\s+(?:on|in|im|auf|at)\s+(?:the\s+|dem\s+)?"
                               r"[\w.]+(?:\s+[\w.]+)?)?\s+(?:with|having|that\s+have|which\s+have|mit|die)\s+(?:more|"
                               r"fewer|less|at\s+least|at\s+most|over|under|exactly|mehr|weniger|mindestens|höchstens|"
                               r"genau)\b")
_STOREY_PREPOSITION = re.compile(r"(?:\s+(?:on|in|at|im|auf|of)(?:\s+(?:the|der|dem|den))?)?\s*$")
_BOUND_WORDS = re.compile(r"\b(?:at\s+least|at\s+most|the\s+least\s+bit)\b")
_NUMBER_WORDS = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|fünf|sechs|sieben|"
                           r"acht|neun|zehn)\b(?!\s+(?:floors|levels|storeys|stories|geschosse|etagen|ebenen))")
_ONE_LETTER_ASKED = re.compile(r"\b(?:in|im|as|als|per)\s+(?P<u>[^\W\d_a])(?![\w'²³.-])")
# a comparative with what is compared between it and "than" ("more windows than"; "more than 5" is a bound)
_COMPARATIVE = re.compile(r"\b(more|fewer|less|mehr|weniger)\s+(?!than\b|als\b)[^.?!]*?\b(than|als)\b")
# nouns of a part of the building that the word lists read as the whole model ("the apartment", "das Haus")
_PART_NOUNS = frozenset(["apartment", "apartments", "wohnung", "wohnungen", "haus", "häuser", "house", "houses", "home",
                         "homes", "flat", "flats", "dwelling", "dwellings", "unit", "units", "einheit", "wohneinheit"])
_DISTRIBUTIVE = re.compile(r"\b(?:per|pro|je|each|every|jede[mnrs]?) (?P<w>[^\W\d_][\w'-]*)")  # the next word
# the unit asked: spatial/units_asked.py ("in m", ", sq m", "(m3)", "[m²]")
_ANY_STOREY = re.compile(r"\b(?:any|a|an|some|one|ein|eine|einen)\s+(?:floors?|levels?|storeys?|story|stories|"
                         r"geschoss|etage|ebene|stockwerk)\b")
# count comparisons (see Parser._count_comparison)
_FACTORS = {"twice": 2, "two times": 2, "double": 2, "three times": 3, "thrice": 3, "four times": 4,
            "doppelt so": 2, "zweimal so": 2, "dreimal so": 3, "viermal so": 4}
_RATIO = re.compile(r"(?:\b(?P<bound>at least|at most|exactly|mindestens|höchstens|genau)\s+)?"
                    r"(?P<factor>\btwice|\bthrice|\bdouble|\b(?:two|three|four|\d+)\s+times|\b(?:doppelt|zweimal|"
                    r"dreimal|viermal)\s+so)\s+(?:as\s+)?(?:many|much|viele)\b(?:\s+as\b)?")
_SAME = re.compile(r"\b(?:the\s+)?(?:same|equal)\s+(?:number|amount|count)\s+of\b|\bas\s+many\b|"
                   r"\b(?:gleich|genauso|ebenso)\s+viele\b")
_MORE_THAN = re.compile(r"\b(?P<word>more|fewer|less|mehr|weniger|greater|larger|higher|bigger|lower|smaller|"
                        r"grösser|grosser|größer|kleiner|höher|niedriger)\b(?=.*\b(?:than|als)\b)")
# a yes/no comparison without its verb: it starts with the comparative and ends with a question mark
_ELLIPTIC_COMPARISON = re.compile(r"(?:more|fewer|less|as\s+many|(?:the\s+)?same\s+number\s+of|mehr|weniger|"
                                  r"gleich\s+viele)\b[^?]*\?\s*$")
_COUNT_COMPARATIVES = frozenset(["more", "fewer", "less", "mehr", "weniger"])
_LESS_WORDS = frozenset(["fewer", "less", "weniger", "lower", "smaller", "kleiner", "niedriger"])
_NUMBER_OF = re.compile(r"\b(?:number|count|amount|anzahl)\b")
_HOW_MANY_MORE = re.compile(r"\b(?:how\s+many|wie\s*viele)\s+(?P<word>more|fewer|less|mehr|weniger)\b")
_DIFFERENCE = re.compile(r"\b(?:the\s+)?(?:difference|unterschied)\b")
_DIFFERENCE_FILLER = re.compile(r"\b(?:between|zwischen|in|im|count|number|anzahl)\b")
_VERSUS = re.compile(r"\b(?:compare[sd]?|comparing|comparison|vs\.?|versus|vergleiche?n?|gegenüber)(?![\w])")
_AS_THAN = re.compile(r"\b(?:than|as|als|wie)\b")
_TAG = re.compile(r",?\s*(?:right|correct|true|is that (?:right|so|true|correct)|is it not|oder|stimmt(?:'s| das)?|"
                  r"nicht wahr)\s*\??\s*$")
# a number with a unit after it ("over 2 m", "more than 50 W", "above 3 kg") is a property compared, never a count:
# every unit the qualifiers read (``qualifier_words.json`` ``units``), and the area and volume words
_UNITS_AFTER = "|".join(re.escape(u).replace(r"\ ", r"\s+") for u in sorted(
    {*qualifiers.words().units, "m2", "m²", "m3", "m³", "sq", "square", "cubic", "%"}, key=len, reverse=True))
_THRESHOLD = re.compile(
    r"(?<![\w])(?P<word>" + "|".join(re.escape(w) for w in sorted(THRESHOLD_WORDS, key=len, reverse=True))
    + rf")\s+(?P<n>\d+|one|two|three|four|five|zero)(?![\w.,]|\s*(?:{_UNITS_AFTER})(?![\w]))"
)
_OR_MORE = re.compile(r"(?<![\w.,])(?P<n>\d+)(?:\s+(?:or|oder)\s+(?P<dir>more|fewer|less|above|mehr|weniger)\b|"
                      rf"\s*\+(?=\s+[^\W\d_]))(?!\s*(?:{_UNITS_AFTER})(?![\w]))")
# "which doors are more than 1 m wide", "which lights have more than 0.05 kW": a bound on a measured value, never
# "more" of a count compared between storeys
_MEASURED_BOUND = re.compile(r"\b(?:more|fewer|less|mehr|weniger)\s+(?:than|als)\s+\d+(?:[.,]\d+)?\s*"
                             rf"(?:{_UNITS_AFTER})(?![\w])")
_COUNT_COMPARATIVE = re.compile(r"\b(?P<dir>higher|greater|larger|bigger|lower|smaller|höher|hoeher|grösser|grosser|"
                                rf"größer|niedriger|kleiner)\s+(?:than|als)\s+(?P<n>\d+)(?![\w.,]|\s*(?:{_UNITS_AFTER})"
                                r"(?![\w]))")
_MOST_NUMBER = re.compile(r"\b(?:the\s+|die\s+)?(?P<w>greatest|largest|highest|biggest|smallest|lowest|fewest|grösste|"
                          r"grosste|grösste|höchste|geringste|kleinste|niedrigste)\s+(?:number|amount|count|quantity|"
                          r"anzahl|zahl)\s+(?:of\s+|an\s+)?")
_MORE_OR = re.compile(r"\b(?P<w>more|fewer|less|mehr|weniger)\b(?![^?]*\b(?:than|als)\b)(?=[^?]*\b(?:or|oder)\b)")
# a count of storeys said after a preposition of place ("on the two floors", "across both levels", "in beiden
# Geschossen"): every storey when the model has that many, the storeys named elsewhere when they are that many, the
# storeys the model calls by that noun when they are that many ("both levels" of Level 1, Level 2, Roof), else which
# ones is not said (declined; round 11)
_STOREY_COUNT = re.compile(r"\b(?:on|in|at|across|for|from|of|over|auf|im|an|von|über|ueber)\s+"
                           r"(?P<phrase>(?:(?:the|these|those|its|our|die|den|dem|allen)\s+)?(?P<n>both|two|three|four|beiden?|zwei|drei|vier)\s+"
                           r"(?P<noun>floors|levels|storeys|stories|geschossen?|etagen|ebenen|stockwerken?))\b")
_COUNT_OF = {"both": 2, "two": 2, "three": 3, "four": 4, "beide": 2, "beiden": 2, "zwei": 2, "drei": 3, "vier": 4}
# a question word asking which of the storeys named has more / fewer (no "than": no second side): "die beiden
# Obergeschosse: wo gibt es mehr Türen?", "which of the upper floors has fewer doors"
_WHICH_MORE = re.compile(r"\b(?:which|where|wo|welche[rsmn]?)\b[^?.!;:,]*?\b(?P<w>more|fewer|less|mehr|weniger)\b"
                         r"(?![^?]*\b(?:than|als)\b)")
_RANK_BY = re.compile(r"\b(?:rank|ranking|sort|sorted|order|ordered|list)\s+(?:the\s+|all\s+)?(?:floors|levels|storeys|"
                      r"stories|geschosse|etagen|ebenen)\s+by\b|\bsortiere?\s+(?:die\s+)?(?:geschosse|etagen)\s+nach\b")
_EACH_ONE = re.compile(r"\b(?:each|every|jede[snmr]?|(?:room|space)\s+by\s+(?:room|space))\b(?=\s+(?!(?:floor|level|"
                       r"storey|story|geschoss|etage|ebene|stock|stockwerk)\b)[^\W\d_])|\bone\s+by\s+one\b|"
                       r"\beinzeln\b")
_STOREYS_WITH_THEIR = re.compile(r"\b(?:floors|levels|storeys|stories|geschosse|etagen)\s+(?:with|and|mit)\s+"
                                 r"(?:their|its|the|ihre[rnm]?|der|den)\b")
_LEADS = re.compile(r"\b(?:lead|leads|leading|open|opens|opening|go|goes|going|führen|fuehren|führt|fuehrt)"
                    r"(?=\s+(?:to\s+|into\s+|onto\s+|nach\s+)?(?:the\s+)?(?:outside|outdoors|exterior|garden|"
                    r"street|terrace|balcony|aussen|außen|draussen|draußen)\b)")


# storeys by bare numbers at the end of a question that asks for a storey: "which level has more walls, 1 or 2?"
_BARE_NUMBERS = re.compile(r"\b(?:which|what|welche[rsmn]?)\s+(?P<noun>levels?|floors?|storeys?|geschoss|etage|ebene)\b"
                           r"[^,?]*,\s*(?P<list>\d{1,2}(?:\s*(?:,|or|and|oder|und)\s*\d{1,2})+)\s*[?.!]*\s*$")
_SMALL_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "zwei": 2, "drei": 3,
                  "vier": 4, "fünf": 5, "fuenf": 5, "sechs": 6}
_ALL_N_STOREYS = re.compile(r"\b(?:all|the|alle|die)\s+(?P<n>two|three|four|five|six|seven|eight|zwei|drei|vier|"
                            r"fünf|fuenf|sechs|\d)\s+(?P<noun>floors|levels|storeys|stories|geschosse|etagen|ebenen)\b")


# coordinators of several words, filler like "and": "doors on level 1 as well as level 2", "along with"
_PHRASE_COORDINATORS = re.compile(r"\b(?:as\s+well\s+as|along\s+with|together\s+with|in\s+addition\s+to|plus|"
                                  r"but\s+only|aber\s+nur)\b")  # and "but only" (restricts, like "only")


def _key(c: ClassFilter) -> str:
    """The vocabulary key a class filter was made for: a predefined kind's own key ("bed"), not its group's."""
    return c.kind if c.kind and c.kind in PREDEFINED_KINDS else c.key


def _only_filler(between: str) -> bool:
    """Whether the words between a negation and a storey mention only join them ("isn't on", "except those on")."""
    words = re.findall(r"[^\W\d_][\w'-]*", between)
    return len(words) <= 4 and all(w in _NEGATION_JOIN for w in words)


_NEGATION_JOIN = frozenset(["on", "in", "at", "the", "those", "that", "which", "are", "is", "located", "placed",
                            "for", "from", "of", "im", "auf", "dem", "der", "den", "die", "das", "ones", "any",
                            "elements", "items", "things", "objects", "and", "or", "but", "not", "sind", "ist",
                            "in", "within", "inside", "nicht", "nor", "noch", "a", "an", "und", "oder", "sowie", "bzw",
                            "what", "whatever", "was"])  # "everything except what is on the Roof": a relative pronoun


_UNUSABLE = {  # qualifier readings (spatial.qualifiers ``how``) that cannot be answered without broadening
    "not_in_model": "this model does not record {term!r} for its {what} ({path}), so I cannot tell which are",
    "ambiguous": "{term!r} does not say which dimension is meant (width, height, length?)",
    "unit_mismatch": "the unit in {term!r} does not fit what it compares",
    "unit_unclear": "{term!r} gives no unit, and a length of two digits may be centimetres or millimetres",
    "no_value": "this model writes {path} for its {what} but never with a value (empty or a placeholder), so I "
                "cannot tell which are {term!r}",
    "two_readings": "{term!r} is {path} of some {what} and in the type names of others: which is meant is not "
                    "said",  # round 22 (said_values.settle)
}


@functools.cache
def _qualifier_words() -> frozenset[str]:
    from ifcqa.spatial.qualifiers import words
    from ifcqa.spatial.spaces import fold

    return frozenset(fold(phrase) for _, table in words().booleans for phrase in table)


@functools.cache
def _dimension_words() -> frozenset[str]:
    """The dimension and comparison words of ``qualifier_words.json`` ("schmaler", "narrower", "breiter")."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/qualifier_words.json").read_text("utf-8"))
    words = {w for d in raw["dimensions"] for w in d["words"]}
    words |= {w for phrases in raw["comparisons"].values() for p in phrases for w in p.split()}
    return frozenset(normalise(w) for w in words if w.isalpha())


def _qualifier_word(word: str) -> bool:
    from ifcqa.spatial.spaces import fold

    return fold(word) in _qualifier_words()


def _join_words(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


# the letter around a question written as an e-mail or ticket: a subject prefix ("RE:", "AW:", "Fwd:"), a sign-off
# with a name at the end ("Thanks, Anna", "Best regards, J. Smith", "Grüße, Max"); masked like filler
_SUBJECT = re.compile(r"^\s*(?:(?:re|aw|fw|fwd|wg|ticket|subject|betreff)\s*(?:#?\d+)?\s*:\s*)+")
_SIGN_OFF = re.compile(r"[,.!?;\s]\s*(?:many\s+)?(?:thanks|thank\s+you|thx|cheers|regards|best(?:\s+regards)?|"
                       r"kind\s+regards|br|danke|vielen\s+dank|grüsse|gruesse|grüße|gruss|mfg|lg|vg|viele\s+grüsse|"
                       r"beste\s+grüsse)\s*[,.!]?(?P<name>(?:\s+[^\W\d_][\w.'-]*){0,3})\s*[.!]?\s*$")


# a verb's -ing form followed by where to ("heading to", "going up to"): never a misspelled class word (round 10)
_MOTION_AFTER = re.compile(r"\s+(?:(?:back|over|up|down|out|across|straight)\s+)?(?:to|towards|into|onto)\b")
# the whole model named in a question: a context's storey does not narrow it (round 10, ``_place_carried``)
_WHOLE_MODEL_SAID = re.compile(r"\b(?:building|model|house|project|file|site|in\s+total|overall|altogether|in\s+all|"
                               r"everywhere|anywhere|whole|entire|gebäude|gebaeude|haus|insgesamt|gesamt\w*)\b")
# words that restrict wherever they stand: never framing (round 10, request_core)
_FRAMING_RESTRICTS = re.compile(rf"{RESTRICTS.pattern}|\d", re.IGNORECASE)  # + any number (restricting.py)


def _mask_letter(text: str, question: str) -> str:
    """``text`` with the subject prefix and the sign-off masked; the words after a sign-off are masked only when
    the question writes each of them capitalised, as a name ("Thanks, Anna"; never "thanks, are external")."""
    found = _SUBJECT.match(text)
    if found is not None:
        text = _mask(text, found.start(), found.end())
    found = _SIGN_OFF.search(text)
    if found is None or found.start() == 0:
        return text
    for word in found.group("name").split():
        written = re.search(rf"(?<![\w]){re.escape(word.strip('.'))}", question, re.IGNORECASE)
        if written is None or not written.group(0)[:1].isupper():
            return text
    return _mask(text, found.start() + 1, found.end())


@functools.cache
def _measure_vocab() -> frozenset[str]:
    """The single operation, superlative and quantity words (folded, and as ``normalise`` writes them)."""
    vocab = measure_words()
    words = {w for phrase in (*vocab.ops, *vocab.quantities, *vocab.superlatives) for w in phrase.split()}
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/measure_words.json").read_text("utf-8"))
    written = {normalise(w) for key in ("ops", "quantities") for ws in raw[key].values() for p in ws for w in p.split()}
    written |= {normalise(w) for w in raw["superlatives"]}
    written |= {normalise(w) for phrase in raw["compounds"] for w in phrase.split()}
    return frozenset(w for w in words | written if w.isalpha())


@functools.cache
def _typo_targets() -> frozenset[str]:
    """What a misspelled measure word may be read as (``measure_words.json`` ``typo_targets``)."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/measure_words.json").read_text("utf-8"))
    return frozenset(normalise(w) for w in raw["typo_targets"])


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one insertion, deletion or change, or by swapping two neighbouring letters."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if len(long) - len(short) != 1:
        return False
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


# storey ranges and sums between two storey mentions (``Parser._storey_range``)
_STOREY_PLUS = re.compile(r"\s*(?:plus|together\s+with|along\s+with|\+)\s*(?:(?:the|dem|das|den)\s+)?")
_STOREY_THROUGH = re.compile(r"\s*(?:through|thru|bis\s+(?:zum|zur|ins|in\s+das)|bis(?:\s+einschließlich)?|"
                             r"up\s+to\s+and\s+including|to\s+and\s+including)\s*(?:(?:the|dem|das|den)\s+)?")
_STOREY_TO = re.compile(r"\s*(?:(?:all\s+the\s+way\s+)?(?:up|down)\s+)?(?:to|till|until|-|\u2013)\s*(?:the\s+)?")
# a storey as the bound of others: "every floor above the EG", "the floors below the 2.OG", "über dem Erdgeschoss"
_ABOVE = frozenset(["above", "over", "higher than", "über", "ueber", "oberhalb", "oberhalb des", "oberhalb vom"])
_RELATIVE = re.compile(r"(?:(?P<one>\bthe\s+(?:floor|level|storey|story)\s+)|\b)"
                       r"(?P<dir>above|below|over|under|higher\s+than|lower\s+than|über|ueber|unter|oberhalb|"
                       r"unterhalb)\s+(?:(?:the|dem|des|der|vom)\s+)?$")
_STOREY_FROM = re.compile(r"\b(?:from|von|vom)\s+(?:(?:the|dem|der)\s+)?$")


# a class word written without its space ("airterminals", "lightfixtures") and a short class word with a doubled
# letter written once ("dors", "wals"; five-letter words only: longer ones are difflib's, shorter too short)
_JOINED = {k.replace(" ", ""): k for k in _TYPO_KEYS if " " in k and len(k) >= 8 and k.replace(" ", "").isalpha()}
_DOUBLED = {k: frozenset(k[:i] + k[i + 1:] for i in range(len(k) - 1) if k[i] == k[i + 1])
            for k in _TYPO_KEYS if " " not in k and len(k) == 5 and k.isalpha()}


def _swaps(word: str) -> set[str]:
    """``word`` with two neighbouring letters swapped, the first letter kept (a swap there makes real words:
    "odor", "abths")."""
    return {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 1) if word[i] != word[i + 1]}


# a class word with two neighbouring letters swapped ("slbas", "doros", "stiars"): one class word only, never a
# class word itself (the variants two class words share are dropped)
_SWAP_OWNERS: dict[str, set[str]] = {}
for _k in _TYPO_KEYS:
    if " " not in _k and len(_k) >= 4 and _k.isalpha():
        for _v in _swaps(_k):
            _SWAP_OWNERS.setdefault(_v, set()).add(_k)
_SWAPPED = {v: next(iter(ks)) for v, ks in _SWAP_OWNERS.items() if len(ks) == 1 and v not in _CLASS_KEYS}


# the contents frame before a room ("what is in", "was steht im"): the room's contents, not the room
_CONTENTS = re.compile(r"\b(?:what(?:\s+is|'s|s)?\s+(?:in|inside(?:\s+of)?|within)|"
                       r"was\s+(?:ist|steht|befindet\s+sich|liegt)\s+(?:im|in))\b")
# the contents frame before a bare number: "what's inside 006?" (see Parser._numbered_contents)
_CONTENTS_NUMBER = re.compile(_CONTENTS.pattern + r"\s+(?:the\s+)?(?P<n>\d[\d.]*[a-z]?)\s*[?.!]*\s*$")
# "the caretaker's office (Hausmeister)": a possessor, its head noun (up to two words), the gloss in parentheses
_GLOSS = re.compile(r"\b(?P<owner>[^\W\d_]+)'s(?P<head>(?:\s+[^\W\d_]+){1,2}?)(?P<paren>\s*\((?P<gloss>[^\W\d_]+"
                    r"(?:\s+[^\W\d_]+)?)\))")


def _roof_level(s: Storey) -> bool:
    """A roof, attic or Dach- storey (never an "upper floor" counted above ground)."""
    return any(t in ("roof", "attic", "loft", "dg") or t.startswith("dach") for t in s.tokens)


def _numbers_by_name(storeys: list[Storey], kind: str) -> bool:
    """Whether storey names number the storeys of a German kind ("1. Obergeschoss", "2.OG"; "ug", "untergeschoss")."""
    nouns = ("ug", "untergeschoss") if kind.startswith("u") else ("og", "obergeschoss")
    return any(s.numbers and re.search(rf"\d\s*\.?\s*(?:{'|'.join(nouns)})\b", normalise(s.name or ""))
               for s in storeys)


def _declined_on_classes(sub: Plan) -> bool:
    """Whether a part parsed alone names elements of a class and declines for another reason than words it did not
    read ("the external radiators" in a model that records no IsExternal for them): it says which of them, so it is
    never talk. A part naming no class ("the facade crew wants ...") is judged on its words as before."""
    return bool(sub.classes) and sub.declined is not None and not set(
        sub.declined.get("not_understood") or ["?"]) <= set(sub.unconsumed)


def _class_keys_in(text: str) -> set[str]:
    """The class keys a stretch of text names (for a ticket's topic line, ``framing``)."""
    return {_CLASS_KEYS[m.group(0)] for m in _CLASS_PATTERN.finditer(text)}


# what may stand between a storey alias and a storey name that say the same storey ("upstairs on Level 2",
# "Level 2 (upstairs)", "oben im OG")
_APPOSITION_GAP = re.compile(r"[\s,(\-]*(?:(?:on|in|at|the|im|in|auf|der|dem|das)\s+)*")


def _apposed_to_name(text: str, match: re.Match[str], out: list[_Mention]) -> _Mention | None:
    """The storey named right beside the storey alias at ``match`` ("more windows upstairs on Level 2 than on Level
    1", "Level 2 (upstairs)"), or None: when both read one storey it is one mention of it, not a second storey; when
    they read different ones the question does not say which is meant."""
    for m in out:
        if not m.storeys or m.how.startswith("alias") or (m.start < match.end() and m.end > match.start()):
            continue
        if _APPOSITION_GAP.fullmatch(_between(text, match, m)):
            return m
    return None


def _between(text: str, match: re.Match[str], m: _Mention) -> str:
    return text[match.end():m.start] if m.start >= match.end() else text[m.end:match.start()]


def _free_storey_noun(text: str, plan: Plan) -> bool:
    """A storey noun ("floor", "level") outside the storeys the question names: "which floor has the largest room"
    asks a storey; in "which room is the biggest on the ground floor" the noun is part of the scope, and the room is
    asked (round 21)."""
    spans = plan.resolved.get("storey_spans") or []
    return any(not any(a <= m.start() < b for a, b in spans) for m in _words_pattern(STOREY_NOUNS).finditer(text))


def _subject_qualifiers(plan: Plan, kept: list[resolve.Qualifier]) -> None:
    """In "are all exterior walls load-bearing?" the qualifier before the class word says whom the question is
    about (the exterior walls) and the one after it is what is asked of them: the first is marked ``subject`` and
    narrows the population the yes/no is decided on, never the predicate. Only when both sides hold a qualifier:
    "are all walls external and load-bearing?" asks both of every wall."""
    spans = plan.resolved.get("class_spans") or []
    if len(plan.classes) != 1 or not spans:
        return
    head = min(span[0] for span in spans)
    refs = plan.qualifiers[-len(kept):] if kept else []
    before = [r for q, r in zip(kept, refs, strict=True) if q.end <= head]
    if before and len(before) < len(kept):
        for ref in before:
            ref.subject = True


def _mask(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


# the end of a sentence told before the question ("the plumber comes on monday. is the kitchen ..."); never the
# point of an ordinal ("1. og") or of a number
_TOLD_BEFORE = re.compile(r"(?<![\d.])[.!:;]\s+(?=\S)")


def _question_sentence(text: str) -> str:
    """The one sentence of ``text`` that ends in a question mark, from its start, when sentences told before it end
    in a full stop, an exclamation mark or a colon: where a yes/no question's verb stands ("der Handwerker kommt am
    Montag. Ist die Küche größer als 15 m²?"; a context set aside leaves blanks before it). ``text`` itself
    (from its first word) when it holds no or several question marks."""
    mark = text.find("?")
    if mark < 0 or "?" in text[mark + 1:]:
        return text.lstrip()
    told = [m.end() for m in _TOLD_BEFORE.finditer(text, 0, mark)]
    return text[told[-1]:] if told else text.lstrip()


def _as_written(question: str, term: str) -> str:
    """``term`` (normalised) as the question wrote it, when it can be found there."""
    found = re.search(re.escape(term.strip()).replace(r"\ ", r"\s+"), question, re.IGNORECASE)
    return found.group(0) if found else term.strip()


@functools.lru_cache(maxsize=512)
def _ifc_name(word: str) -> str | None:
    """The IFC class named ``word`` (any case) in IFC4X3, IFC4 or IFC2X3, spelled as the schema spells it."""
    from ifcqa.ifc import schema as ifc_schema

    for schema in ("IFC4X3_ADD2", "IFC4", "IFC2X3"):
        found = ifc_schema.declaration(schema, word)
        if found is not None:
            return str(found.name())
    return None


def _lookup_unit(plan: Plan, text: str, frame: lookup.Frame) -> str:
    """ "ceiling height of the bedroom, in mm?", "how wide is door X in cm": the unit an attribute lookup is asked
    in (``units_asked``), consumed when it is the attribute's kind of measure; the answer is converted to it."""
    return _take_unit(plan, text, f"{frame.term} {frame.key or ''}", frame.key or frame.term)


def _take_unit(plan: Plan, text: str, term: str, shown: str = "") -> str:
    """The unit asked for a quantity ``term`` names: consumed and recorded (``plan.resolved["asked_unit"]``) when
    of the quantity's kind, else recorded as a mismatch that declines the question naming it ("the width in kg")."""
    found = units_asked.find(text)
    if found is None:
        return text
    said = units_asked.kind_of(term)
    if said != found.unit.kind:
        plan.resolved["unit_mismatch"] = (found.written, found.unit.kind, said, (shown or term).strip())
    else:
        plan.resolved["asked_unit"] = found.to_dict()
        plan.notes.append(f"answer asked in {found.written!r} ({found.unit.symbol})")
    return _mask(text, found.start, found.end)


@functools.cache
def _vocabulary_words() -> frozenset[str]:
    """Every word and phrase of the spatial vocabularies (class words, the data files' strings), folded."""
    found: set[str] = set(_CLASS_KEYS)

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(normalise(value))
        elif isinstance(value, dict):
            for k, v in value.items():
                if not k.startswith("_"):
                    found.add(normalise(k))
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for name in ("measure_words", "qualifier_words", "parser_words", "space_functions", "lookup_words"):
        path = resources.files("ifcqa.spatial").joinpath(f"data/{name}.json")
        walk(json.loads(path.read_text("utf-8")))
    return frozenset(found)


def _hyphen_compounds(plan: Plan, text: str) -> str:
    """A word written with a hyphen that the vocabularies know only written as one word ("Netto-Grundfläche",
    "Wohn-Fläche", "sky-lights"): read as that word (length kept, a space after it); a hyphenated word they know
    ("load-bearing", "fire-rated") or whose joined form they lack stays as written (round 5c)."""
    known = _vocabulary_words()

    def join(m: re.Match[str]) -> str:
        word = m.group(0)
        joined = word.replace("-", "")
        if word in known or joined not in known:
            return word
        plan.notes.append(f"read {word!r} as {joined!r}")
        return joined + " " * (len(word) - len(joined))

    return re.sub(r"(?<![\w-])[^\W\d_]{2,}(?:-[^\W\d_]{2,})+(?![\w-])", join, text)


_COUNTING_HEAD = re.compile(r"(?<![\w-])(?P<word>[^\W\d_]{3,}?)(?P<joint>s?)(?P<head>stücke?|stueck(?:e)?|"
                            r"gegenst(?:ä|ae)nde?|objekte?)(?![\w-])")


def _counting_compounds(plan: Plan, text: str) -> str:
    """A German compound of a class word and a noun that only counts it ("Möbelstücke": pieces of furniture,
    "Einrichtungsgegenstände", "Leuchtenobjekte"): read as the class word (length kept); a compound whose first
    part is no class word stays as written (and declines when nothing else reads it)."""

    def read(m: re.Match[str]) -> str:
        word = m.group("word")
        if word not in _CLASS_KEYS or m.group(0) in _CLASS_KEYS:  # a compound the vocabulary knows is read as it
            return m.group(0)
        plan.notes.append(f"read {m.group(0)!r} as {word!r} (a compound that counts it)")
        return word + " " * (len(m.group(0)) - len(word))

    return _COUNTING_HEAD.sub(read, text)


_ITSELF = re.compile(r"\b(?:as\s+a\s+whole|in\s+its\s+entirety|itself|(?:the\s+)?(?:storey|floor|level)\s+itself|"
                     r"insgesamt\s+als\s+geschoss|als\s+ganzes)\b")
_LIST_ASK = re.compile(r"\b(?:which|what|list|show|name|welche[rsnm]?|zeige?)\b")
@functools.cache
def _storey_attributes() -> tuple[str, ...]:
    """The words of storey attributes in the lookup vocabulary (``subject: storey`` and their synonyms)."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/lookup_words.json").read_text("utf-8"))
    table = raw.get("attributes", {})
    keys = {k for k, v in table.items() if isinstance(v, dict) and v.get("subject") == "storey"}
    keys |= {k for k, v in table.items() if isinstance(v, dict) and v.get("same") in keys}
    return tuple(sorted(keys, key=len, reverse=True))


_VOWELS = re.compile(r"[aeiouyäöü]+")


@functools.cache
def _confusable() -> tuple[dict[tuple[str, str], list[str]], dict[tuple[str, str], list[str]]]:
    """Class words of at least five letters by their letters in order (a swap keeps them: "doros") and by their
    consonants with the first letter (a vowel confused keeps them: "recepticals", "furnature")."""
    swapped: dict[tuple[str, str], list[str]] = {}
    skeleton: dict[tuple[str, str], list[str]] = {}
    for w in _TYPO_KEYS:
        if " " in w or len(w) < 5 or not w.isalpha():
            continue
        swapped.setdefault((w[0], "".join(sorted(w))), []).append(w)
        skeleton.setdefault((w[0], _VOWELS.sub("", w[1:])), []).append(w)
    return swapped, skeleton


def _letters_confused(word: str) -> list[str]:
    """The one class word ``word`` misspells by two neighbouring letters swapped ("doros", "radaitors") or by its
    vowels ("recepticals", "furnature"; seven letters or more, never a word of the vocabularies), with its first
    letter kept; else nothing (two candidates are no reading)."""
    if not word.isalpha() or word in _vocabulary_words():
        return []
    swapped, skeleton = _confusable()
    found = [w for w in swapped.get((word[0], "".join(sorted(word))), []) if len(w) == len(word) and sum(
        a != b for a, b in zip(w, word, strict=True)) == 2 and any(
        w[i] == word[i + 1] and w[i + 1] == word[i] for i in range(len(w) - 1))]
    if not found and len(word) >= 7 and word not in _vocabulary_words():  # never "metres" for "motors"
        found = skeleton.get((word[0], _VOWELS.sub("", word[1:])), [])
    keys = {_CLASS_KEYS[w] for w in found}
    return found[:1] if len(keys) == 1 else []


# nouns for whatever a room holds ("what equipment is in room 102", "welche Ausstattung hat der Seminarraum"): read
# as the room's contents only right before "in"/"im" + the room or as the subject of "hat/has"; elsewhere ("equipment
# on level 2") they stay unread, since a storey's inventory also lists its walls and slabs
_HELD = re.compile(r"\b(?:equipment|gear|kit|furnishings|fittings|ausstattung|einrichtung|gegenstände|gegenstaende|"
                   r"ausrüstung|ausruestung)\b")
_HELD_BEFORE = re.compile(r"\s*(?:is|are|can\s+be\s+found|do\s+we\s+have|have\s+we\s+got|gibt\s+es|ist|sind|"
                          r"steht|stehen|befindet\s+sich|befinden\s+sich|hat|has|have)?\s*(?:located\s+)?"
                          r"(?:in|inside|within|im|in\s+(?:der|dem|den))?\s*(?:the|der|die|das|dem|den)?\s*"
                          r"(?:(?:room|raum|zimmer|rm\.?)\s*(?:no\.?\s*|nr\.?\s*)?)?$")


@functools.cache
def _bounding_verb_words() -> frozenset[str]:
    """The words of the verbs that relate a room to what bounds it ("leading into", "opens onto")."""
    folded = {w for verb in grounding.words().bounding_verbs for w in verb.split()}  # "fuhren" for "führen"
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/grounding_words.json").read_text("utf-8"))
    return frozenset(folded | {w for verb in raw["bounding_verbs"] for w in verb.split()})


def _held_noun(text: str, room_start: int) -> re.Match[str] | None:
    """A noun for what a room holds, asked right before the room ("what equipment is in R301"), if any."""
    found = list(_HELD.finditer(text, 0, room_start))
    if not found or not _HELD_BEFORE.match(text[found[-1].end():room_start]):
        return None
    return found[-1]


def _in_listed_kinds(text: str, start: int) -> bool:
    """Whether ``start`` lies in a parenthesis that opens right after a class word ("outlets (data, power)")."""
    opened = text.rfind("(", 0, start)
    if opened < 0 or ")" in text[opened:start]:
        return False
    before = text[:opened].rstrip()
    return any(m.end() == len(before) for m in _CLASS_PATTERN.finditer(before))


_ATTIC_ALIASES = frozenset(["attic", "loft", "dachgeschoss", "dg"])
_NUMBER_BEFORE = re.compile(rf"(?:\b\d+\s*\.?|\b(?:{_ORDINAL_WORD}))\s*$")


def _listed_before(text: str, end: int, out: list[_Mention]) -> bool:
    """ "on both Roof and Ground Floor", "Roof und Ground Floor zusammen": a storey named like a class, listed right
    before a storey name already read (round 11)."""
    return any(m.storeys and m.start > end and text[end:m.start].strip() and re.fullmatch(
        rf"{_JOIN}(?:(?:the|dem|das|den|im|on|in|auf)\s+)?", text[end:m.start]) for m in out)


def _numbered_before(text: str, start: int, storey: Storey) -> bool:
    """Whether a storey name without a number ("Obergeschoss", "OG") stands after a number or ordinal ("1.
    Obergeschoss", "im ersten OG"): a numbered storey, read by the number passes (round 9), not the name alone."""
    return not storey.numbers and _NUMBER_BEFORE.search(text[:start]) is not None and normalise(
        storey.name) in ("obergeschoss", "og", "untergeschoss", "ug")


def _decline(plan: Plan, reason: str, words: list[str], can: str = "") -> Plan:
    plan.intent = "declined"
    plan.declined = {"reason": reason, "not_understood": words,
                     "can_answer": can or "I can answer where elements, rooms and storeys are, counts, yes/no "
                     "thresholds, property filters (IsExternal, LoadBearing, widths) and quantities (areas, "
                     "heights, volumes) of the model."}
    return plan


# "which office has the most net floor area": the noun asked ("office"; blank when a room's name was read there)
_WHICH_NOUN = re.compile(r"\s*(?:which|what|welche[mnrs]?|welches)\s+(?P<noun>[^\W\d_]*)")
_MOST_BEFORE = re.compile(r"\b(?:the\s+)?(?:most|least|meiste[nr]?|wenigsten?)\s+(?:[^\W\d_]+\s+){0,2}$")

# "of the 'Outside wall' type", "of the DT01 type": a name written before the word type
_TYPE_NAMED_BEFORE = re.compile(r"\bof\s+(?:the\s+|a\s+)?(?P<q>['\"‘’“”]?)(?P<name>[^\W\d_][\w\s:-]{0,40}?|\w{2,20})"
                                r"(?P=q)\s*-?\s*type\b")


def _compared_storeys(text: str, match: re.Match[str], out: list[_Mention]) -> bool:
    """ "how many fewer doors does Roof have than Ground Floor?": a storey named like a class is the storey when a
    storey read before is on the other side of "than" / "als" (both sides of a comparison are storeys)."""
    than = re.search(r"\b(?:than|als)\b", text)
    if than is None:
        return False
    mine = match.end() <= than.start()
    return any(m.storeys and (m.start >= than.end() if mine else m.end <= than.start()) for m in out)

# a place said only by a pronoun: "what's in it", "what is in there", "how many are down there"
_PLACE_PRONOUN = re.compile(r"\b(?:in|inside|into|within|from)\s+(?:it|there|them|here)\b|\b(?:down|up|over)\s+there\b|"
                            r"\b(?:darin|dort|da\s+drin|drinnen)\b")

def _pronoun_given(plan: Plan, match: re.Match[str]) -> bool:
    """A place pronoun that names no place: with a class asked, "in them" is that class ("which walls have brick in
    them") and "in here" the model itself ("is there any IfcRamp in here?"); "in it" / "there" stay a place no part
    gave ("sauna - which doors are in it"), which declines."""
    return bool(plan.classes) and match.group(0).split()[-1].lower() in ("them", "here")


# a class word that heads its phrase ("the broken doors.", "the windows are"), not a modifier ("a door check")
_HEAD_END = re.compile(r"\s*(?:[.,:;!?)]|$|(?:are|is|was|were|on|in|of|at|for|that|which|have|has|had|will|should|"
                       r"must|need|needs|to|and|or|from|with|sind|ist|im|auf|haben|hat)\b)")

# a room noun right after a room the model has ("the Wohnen room", "kitchen space"): part of naming that room
_ROOM_NOUN_AFTER = re.compile(r"\s*\(?\s*(?:room|space|raum|zimmer)\b\)?")

class Parser:
    """Parses questions about one model (the storey rules need its storeys and elevations)."""

    def __init__(self, index: ModelIndex) -> None:
        self.index = index
        self.resolver = StoreyResolver(index)
        self._building_names: list[str] = []
        named: dict[str, list[Storey]] = {}  # one name may belong to several storeys (several buildings)
        for s in self.resolver.storeys:
            if s.name:
                named.setdefault(normalise(s.name), []).append(s)
        self._name_patterns = [
            (group, p) for name, group in named.items() if (p := name_pattern(name)) is not None
        ]
        self._name_patterns.sort(key=lambda gp: len(gp[0][0].name), reverse=True)
        self._kinds: dict[str, ClassFilter] = {}
        self._presence: dict[str, bool] = {}
        self._framing = False  # parsing a part of a question by itself (see _talk)
        self._message = False  # reading a message by its sentences (see _by_sentences)
        self._own_words: frozenset[str] | None = None  # the words of the building's own names (_building_itself)
        self._own_names: frozenset[str] | None = None  # the model's own names (_model_named)
        self._storey_said: dict[str, str] | None = None  # storey Name / LongName -> Name (voice_forms)
        self._conditioned = False  # parsing a question whose conditional was judged (see _conditional)
        self._one_building = True

    def class_filter(self, key: str) -> ClassFilter:
        """The filter of a class group or predefined-type kind key (kinds resolved once per model); a word with a
        second reading in IFC (``ABSENT_READINGS``: water heaters modelled as IfcBoiler) takes it, said in the
        answer, when the model holds none of the first and some of the second."""
        other = ABSENT_READINGS.get(key)
        if other is not None and not self._present(key) and self._present(other[0]):
            found = self._filter(other[0])
            return dataclasses.replace(found, note=(found.note + " " if found.note else "") + other[1])
        return self._filter(key)

    def _filter(self, key: str) -> ClassFilter:
        if key not in PREDEFINED_KINDS:
            return class_filter(self.index.schema, key)
        if key not in self._kinds:
            self._kinds[key] = resolve_kind(self.index, key)
        return self._kinds[key]

    def parse(self, question: str) -> Plan:
        token = context_restrict.remember(question)  # round 19: the message as sent, for its chat turns
        try:
            return self._parse_message(question)
        finally:
            context_restrict.forget(token)

    def _parse_message(self, question: str) -> Plan:
        question, gap = gap_questions.read(question)  # round 21: "the boilers are on level..?"
        question, deixis = text_deixis.read(question)  # round 24: "the storey given above", "(see the mail below)"
        plan = self._parse_layout(question)
        if gap is not None:
            plan.notes.append(gap)
        plan.notes.extend(deixis)
        return plan

    def _parse_layout(self, question: str) -> Plan:
        question, layout = mail_layout.blank(question)  # round 14: a mail's header, quote marks, signature
        question, layout = chat_layout.blank(self, question, layout)  # round 16: a chat's speakers, a voice memo
        question = two_sided.join_frame(question, (s.name for s in self.resolver.storeys))  # round 17
        question = comparative_shapes.join_chooser(question)  # round 18: "which of the two is larger: A or B?"
        context_restrict.outer(question)  # round 19
        if not (self._framing or self._message) and (back := chat_layout.points_back(question)) is not None:
            return _decline(Plan(question=question), f"{back!r} points back at what the message says around the "
                            "request, which I cannot read as a restriction", [back], "Name what you mean instead.")
        if not (self._framing or self._message) and (other := model_names.other_name(
                normalise(question), self._names_of_model(), lambda w: self._is_context(w, False))) is not None:
            other = _as_written(question, other)
            return _decline(Plan(question=question), f"{other!r} looks like the name of another model or building, "
                            f"and this model is {self.index.path.name!r}", [other],
                            "Ask about this model, or open the model you mean.")  # round 18: "Duplex_A: ..."
        if not (self._framing or self._message or self._conditioned) and (
                conditioned := self._conditional(question)) is not None:
            return conditioned  # round 19: "How many doors on EG? If there are none the electrician needs no visit."
        if not (self._framing or self._message) and (fields := field_scope.decline(self, question)) is not None:
            return fields  # round 23: "Location: Level 1 | Question: how many doors are on Level 2?"
        if not (self._framing or self._message) and (bound := pointer_binding.read(self, question)) is not None:
            return bound  # round 20: "Location: Keller | Question: how many doors does that storey have?"
        if not (self._framing or self._message) and (scoped := stated_scope.read(self, question)) is not None:
            return scoped  # round 18: "the EG keeps the old ones, 1.OG and 2.OG get new signs. How many doors is that?"
        if not (self._framing or self._message) and (followed := follow_ups.read(self, question)) is not None:
            followed.notes.extend(f"mail layout set aside: {x}" for x in layout)
            return followed  # round 14: "How many windows on EG? Which ones?", "... Only the external ones."
        plan = self._parse_whole(question)
        plan.notes.extend(f"mail layout set aside: {x}" for x in layout)
        if self._framing or self._message:
            return plan
        if (clause := context_clauses.read(self, question, plan)) is not None:
            return clause  # round 18: "which doors are on EG so I can order handles?", "Before I replace them all, ..."
        if (framed := purpose_clauses.read(self, question, plan)) is not None:
            return framed  # round 16: "Doors on EG, I need them for the quote", "..., we cannot drill them"
        if (kinds := copula_kinds.read(self, question, plan)) is not None:
            return kinds  # round 17: "which proxies on Level 1 are trees?"
        if (plan.declined is not None or not plan.rooms) and (
                pointed := room_pointers.read(self, question, plan)) is not None:
            return pointed  # round 19: "I'm standing in A205. Which doors bound that room?"
        if (referred := message_antecedents.resolve(self, question, plan)) is not None:
            return referred  # round 13: "We're checking Level 2. How many doors are on that floor?"
        if plan.declined is not None:
            # round 11: an e-mail's request without its context; round 15: still two requests when it holds two
            return self._two_requests(question, self._by_sentences(question)
                                      or context_restrict.read(self, question, plan) or plan)  # round 19
        return self._two_requests(question, plan)

    def _conditional(self, question: str) -> Plan | None:
        """A conditional after the request (spatial/voice_forms.py, round 19). About the answer only ("If there are
        none the electrician needs no extra visit."): the request read without it when the rest of the conditional
        names no storey, room, class or restriction. Else (it names one, or its condition is about the elements, "if
        they are older than ten years ..."): a request that answers without it declines naming it, unless the whole
        question reads it as a restriction. None: the question is read as before."""
        found = voice_forms.conditional(question)
        if found is None:
            return None
        sub = self.parse(found.rest)
        if found.about_answer:
            names = self._context_names(found.words) if re.search(r"[^\W\d_]{2}", found.words) else None
            if names is None or not (names.restricts or names.places or names.classes or names.storeys
                                     or names.modified):
                if sub.declined is not None:
                    return None
                sub.question = question
                sub.notes.append(f"conditional about the answer, set aside: {found.said!r}")
                sub.resolved["framing"] = [*sub.resolved.get("framing", []), f"conditional set aside: {found.said!r}"]
                return sub
        if sub.declined is not None:
            return None
        self._conditioned = True
        try:
            whole = self.parse(question)
        finally:
            self._conditioned = False
        if whole.declined is not None or purpose_clauses._restrictions(whole) > purpose_clauses._restrictions(sub):
            return whole  # declined already, or the condition read as a restriction
        whole.notes.append(f"conditional not read: {found.said!r}")
        return _decline(whole, f"the condition {found.said!r} speaks of what is asked in a way I cannot read as a "
                        "restriction, and answering without it could answer a broader question", [found.said],
                        "Ask without the condition, or name the restriction (a storey, a class, a property).")

    def _two_requests(self, question: str, plan: Plan) -> Plan:
        """A message whose sentences ask two different things, each answerable alone ("Which walls are brick? Also,
        which floor is the kitchen on?"), is declined: one answer would read them as one question (round 11)."""
        asked = message_sentences.requests(question)
        if len(asked) < 2:
            return plan
        self._message = True
        try:
            subs = [(a, self._parse_whole(a)) for a in asked]
        finally:
            self._message = False
        answered = [(a.strip(), s) for a, s in subs if s.declined is None and message_sentences.stands_alone(a) and (
            any(not c.inventory for c in s.classes) or s.rooms or s.explicit or s.asks_storey)]
        if len(answered) < 2:
            return plan

        def what(sub: Plan) -> tuple[object, ...]:
            return (sub.intent, tuple(sorted(c.key for c in sub.classes)), tuple(sorted(sub.storeys)),
                    tuple(sorted(g for r in sub.rooms for g in r.guids)), (sub.measure or {}).get("quantity"))

        if len({what(s) for _, s in answered}) < 2:
            return plan  # the same question asked again ("Which material? Which material does the model record?")
        said = " and ".join(repr(a) for a, _ in answered[:2])
        plan.notes.append(f"two requests: {said}")
        return _decline(plan, f"it asks two different questions ({said}), and one answer would read them as one",
                        [], "Ask them one at a time.")

    def _by_sentences(self, question: str) -> Plan | None:
        """The request of a message read without the context that restricts nothing asked
        (spatial/message_sentences.py); None when no context can be set aside or the request still declines."""
        self._message = True
        try:
            found = message_sentences.read(question, self._context_names, self._asked_alone)
            plan = self._parse_whole(found.text) if found is not None else None
        finally:
            self._message = False
        if found is None or plan is None or plan.declined is not None:
            return None
        if any(request_decides.write_of_listed(self, a) for a in found.aside):
            return None  # "... ? Then please delete them.": a write asked of what is listed is refused with the
            # message, never talk ("Tom, can you move the skip?" asks a person about something else)
        plan.question = question
        said = "; ".join(repr(a) for a in found.aside)
        plan.notes.append(f"read the request {found.request!r}; context set aside: {said}")
        plan.resolved["framing"] = [*plan.resolved.get("framing", []), f"context set aside: {said}"]
        return plan

    def _building_itself(self, plan: Plan, text: str) -> str:
        """The building named as the whole model ("of the institute", "this little house") blanked
        (spatial/building_scope.py), in a model with at most one building."""
        if self._own_words is None:
            buildings = [e for e in self.index.data.elements.values() if e.ifc_class == "IfcBuilding"]
            named = [e for e in self.index.data.elements.values()
                     if e.ifc_class in ("IfcProject", "IfcSite", "IfcBuilding")]
            held = Counter(e.ifc_class for e in self.index.data.elements.values())
            self._own_words = frozenset() if len(buildings) > 1 else building_scope.model_words(
                [self.index.path.stem, *(n for e in named for n in (e.name, e.long_name, e.description))]
            ) | building_scope.facility_nouns(held)  # round 22: "along this railway alignment"
            self._one_building = len(buildings) <= 1
        text = self._model_named(plan, text)  # round 18: "does the model record", "In ExampleHOM, ..."
        if not self._one_building:
            return text
        text, said = building_scope.blank(text, self._own_words)
        if said:
            plan.notes.append("the building itself (the whole model): " + "; ".join(repr(s.strip()) for s in said))
        return text

    def _asked_alone(self, text: str) -> message_sentences.Asked:
        """What the request units of a message name, read alone (their context blanked)."""
        plan = self._parse_whole(text)
        return message_sentences.Asked(
            answered=plan.declined is None,
            place=bool(plan.mentions or plan.rooms or plan.storeys or plan.compare or plan.asks_storey
                       or (plan.intent in ("most", "breakdown") and plan.group_by == "storey")),
            subject=bool(any(not c.inventory for c in plan.classes) or plan.rooms or plan.explicit or plan.lookup
                         or plan.asks_storey),
            classes=frozenset(_CLASS_KEYS.get(w, w) for _, _, w in plan.resolved.get("class_spans", [])),
            storeys=frozenset(plan.storeys), **context_units.named(plan, _CLASS_KEYS, asked=True))

    def _context_names(self, words: str) -> message_sentences.Names:
        """What a context unit of a message names, parsed alone (see :meth:`_frees`)."""
        self._framing = True
        try:
            sub = self.parse(words)
        finally:
            self._framing = False
        text = normalise(words)
        unknown = sub.unconsumed
        modified = frozenset(  # "We are checking the broken doors.", "The windows are dirty.", "the external
            _CLASS_KEYS.get(w, w) for a, b, w in sub.resolved.get("class_spans", [])  # radiators", "(fire doors
            if (_HEAD_END.match(text, b) and (unknown or sub.qualifiers or sub.declined))  # audit)": a class said
            or ((before := re.search(r"([^\W\d_][\w'-]*)\s+$", text[:a])) is not None  # with words it does not
                and before.group(1) in {w.casefold() for w in unknown}))  # understand
        return message_sentences.Names(
            restricts=bool(sub.qualifiers or sub.threshold or sub.exclude or sub.exclude_classes or sub.explicit
                           or sub.elements or sub.compare or any(m.negated for m in sub.mentions)),
            modified=modified, storeys=frozenset(sub.storeys),
            # (a storey's name read as a class, "I'm heading to Roof now", is still a place)
            places=bool([m for m in sub.mentions if m.how != "alias:all"] or sub.storeys or sub.rooms
                        or sub.unresolved or any(p.search(normalise(words)) for _, p in self._name_patterns)),
            classes=any(not c.inventory for c in sub.classes), **context_units.named(sub, _CLASS_KEYS))

    def _model_named(self, plan: Plan, text: str) -> str:
        """The model named as the source ("does the model record", "laut Modell") or by its own name ("In
        ExampleHOM, ...") blanked (spatial/model_names.py)."""
        own = self._names_of_model()
        text, said = model_names.blank(text, own)
        plan.resolved["model_names"] = [n for n in own if any(re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", x)
                                                               for x in said)]  # the check's "IfcOpenHouse"
        if said:
            plan.notes.append("the model itself (its source or its name): " + "; ".join(repr(s) for s in said))
        return text

    def _storey_names_said(self) -> dict[str, str]:
        """Each storey's Name and LongName (normalised) -> its Name (normalised), for the naming forms (round 19)."""
        if self._storey_said is None:
            self._storey_said = {}
            for e in self.index.data.elements.values():
                if e.ifc_class == "IfcBuildingStorey" and e.name:
                    for n in (e.long_name, e.name):
                        if n and normalise(n):
                            self._storey_said[normalise(n)] = normalise(e.name)
        return self._storey_said

    def _names_of_model(self) -> frozenset[str]:
        """The model's own names (file, project, site, building), cached (spatial/model_names.py)."""
        if self._own_names is None:
            data = self.index.data.elements.values()
            single = {c for c in ("IfcSite", "IfcBuilding") if sum(e.ifc_class == c for e in data) == 1}
            self._own_names = model_names.own_names(  # several buildings: a building's name says which (never blanked)
                self.index.path.stem, (n for e in data if e.ifc_class == "IfcProject" or e.ifc_class in single
                                       for n in (e.name, e.long_name)),
                (n for e in data if e.ifc_class in ("IfcBuildingStorey", "IfcSpace") for n in (e.name, e.long_name)))
        return self._own_names

    def _parse_whole(self, question: str) -> Plan:
        plan = Plan(question=question)
        self._asked = question  # as written (case kept): what the word passes may consult
        stripped, guids = lookup.explicit_guids(question, self._set_names())  # GlobalIds read whole, first
        if not self._framing:
            self._stripped = stripped  # GlobalIds blanked, spacing kept: where they stood (see _reported)
        text = normalise(ifc_identifiers.rewrite(plan, stripped, self.index))  # round 17: "Pset_SlabCommon.IsExternal"
        if plan.declined is not None:
            return plan
        text = guessed_numbers.read(text, plan.notes)  # round 24: "must be around 200 windows, how many exactly?"
        text = learner_forms.read(text, plan.notes)  # round 24: "which room no have window?", "room a two oh three"
        text = value_lookups.rewrite(plan, text, self._name_patterns)  # round 16: "door width mm"
        text = count_asked.rewrite(plan, text)  # round 17: "Ebene 0 pumps - just give me the number."
        text = count_asked.ranked_count(plan, text)  # round 19: "where is the number of doors the highest"
        text = ids_asked.blank(plan, text)  # round 19: "every window on My Storey, with its id"
        text = storey_class_name.read(plan, text)  # "on which IfcBuildingStorey entities": the storeys
        text = type_names_asked.read(plan, text, self._all_type_names(), _CLASS_KEYS.__contains__)  # round 13
        text = property_values.unquote_held(text, self._holds)  # round 14: "the 'Reference' of the doors"
        text = property_values.place_qualifiers(text)  # round 14: "walls on the outside of the building": external
        text = said_values.read(self.index, text, question, plan.notes, self._all_type_names(), _CLASS_KEYS,
                                self.class_filter)  # round 22: "Uw-value", "U 1.4", "of the 150 W type"
        text = terse_where.read(text, plan.notes, (s.name for s in self.resolver.storeys),  # r22: "boiler - storey?"
                                self._names_a_thing)  # round 24: "radiators storey"
        if not re.search(r"[^\W\d_]", text):
            plan.intent = "unanswerable"
            plan.notes.append("no words to parse")
            return _decline(plan, "there are no words to read in it", [])
        text = self._building_itself(plan, text)  # round 11: "of the institute", "this little house": the model
        text = _hyphen_compounds(plan, text)  # "Netto-Grundfläche": the vocabularies' "nettogrundfläche"
        text = _counting_compounds(plan, text)  # round 19: "Möbelstücke", "Einrichtungsgegenstände": the class
        text, read = german_requests.canonical(text)  # "Zählen Sie mal die Fenster", "Gib mir ...": known forms
        plan.notes.extend(read)
        text, read = german_frames.canonical(text, (s.name for s in self.resolver.storeys))  # "des Kellers"
        plan.notes.extend(read)
        # round 19: "the storey called X", "on which floor the number of X is highest", "doors what are external"
        text, versus = class_versus.read(text, _CLASS_KEYS.__contains__,  # round 24: "doors vs windows, more doors?"
                                         lambda a, b: _CLASS_KEYS[a] == _CLASS_KEYS[b])
        if versus is not None:
            plan.notes.append(versus)
        voiced = voice_forms.canonical(comparative_shapes.analytic(text), self._storey_names_said(),
                                       [s.name for s in self.resolver.storeys], _CLASS_KEYS.__contains__)
        plan.notes.extend(voiced.notes)
        if voiced.decline is not None:
            return _decline(plan, voiced.decline[0], voiced.decline[1], "Name one of the model's storeys.")
        text = voiced.text
        text = self._split_names(plan, text)  # "mineral wool": the model's "Mineralwool"
        text = self._talk(plan, text)  # "Dear ...,", "site walk tmrw -", "the contractor claims", "- does it?"
        text = self.plain_containment(text)  # round 10: "windows housed on EG", "those that sit on": "... on EG"
        text = self._two_sided(plan, text)  # round 17: "apart from", "outside S, i.e. on the other floors", "outnumber"
        text = self._comparative_shapes(plan, text)  # round 18: "the greater count of", "a dozen", "incl. the R"
        if plan.declined is not None:
            return plan
        text, stop = self._storey_sets(plan, text)  # round 13: "the two lower floors (EG and 1.OG)", "above ground"
        if stop:
            return plan
        text = self._comparison_words(plan, text)  # round 11: "which level carries more", "compared to", "zusammen"
        text = self._storey_numbers(plan, text)  # "which level has more walls, 1 or 2?", "all three floors"
        text = self._reported(plan, text)  # "door 285996: the handle is loose. which floor is it on?"
        text = lookup.who_asks_attribute(text, self._holds)  # "who made the boiler": its Manufacturer
        if not self._framing and self._refuse(plan, text):  # a part parsed alone: what it names (see _is_context)
            return plan
        text = self._antecedent(plan, text)  # "Before we open up the Keller: which walls down there ...?"
        text = self._confirm_frame(plan, text)  # "is it true that the model has no columns": its yes/no question
        text = self._not_a_single(text)  # "without a single door": without any door
        text = self._negation_shapes(plan, text)  # round 9: "anything but", "not of type X" (negation_scope.py)
        text = self._type_named_before(plan, text)  # "walls of the 'Outside wall' type": of type Outside wall
        text = self._glossed(plan, text)  # "the caretaker's office (Hausmeister)": the model's word for it
        text = self._measure_typos(plan, text)  # "avrage", "totl", "lenght": a measure word misspelled by one letter
        text = self._storey_attribute_after(plan, text)  # "level 2 elevation": the elevation of level 2
        if self._compare_elements(plan, text):  # "is door 285860 wider than door 285959?"
            return plan
        text = self._set_mentions(plan, text)  # "Pset_DoorCommon.FireRating": the property, read in that set
        text = self._property_mentions(plan, text)  # "max. operating temperature": one held property, no "max"
        text = self._long_names(plan, text)  # "latent heat gain per person": one held property, read whole
        text = relation_verbs.typing_fragment(text)  # round 10: "door type used on the 1stFloor": which type
        text, frame = self._lookup_frame(plan, text)
        text = _mask_letter(text, question)  # "RE: ...", "... Thanks, Anna": the e-mail around the question
        text, framed = framing.mask_context(text, lambda w: w in self._name_words(), _class_keys_in)
        plan.notes.extend(framed)  # "Door audit: ...", "... for the locksmith": who and why, not what
        masked, buildings = self._buildings(text)
        mentions: list[_Mention] = []
        masked = self._storeys_outside_room_names(masked, mentions)  # "Flur 1.OG West" is a room, not 1.OG + words
        mentions.sort(key=lambda m: m.start)
        plan.resolved["storey_spans"] = [(m.start, m.end) for m in mentions if m.storeys]
        for start, end in self._apply_mentions(plan, text, mentions):
            masked = _mask(masked, start, end)  # the negation words that negated a storey
        if buildings:  # "in Building B": only that building's storeys
            allowed = set(buildings)
            plan.storeys = [g for g in (plan.storeys or self.resolver.by_guid) if g in allowed]
            plan.storey_names = [self.resolver.labels[g] for g in plan.storeys]
            plan.notes.append("building: " + ", ".join(self._building_names))
        masked = _LEADS.sub(lambda m: " " * len(m.group(0)), masked)  # "doors that lead outside": the verb
        masked = self._relation_verbs(plan, text, masked)  # round 10: "leads into", "used", "feature", "next to"
        masked = _PHRASE_COORDINATORS.sub(lambda m: " " * len(m.group(0)), masked)  # "as well as": an "and"
        masked = self._explicit(plan, masked)
        masked = self._threshold(plan, masked)
        named_rooms = self._named_rooms(plan, masked)  # "rooms called 'Room'", "spaces named \"small office\""
        masked = named_rooms[1]
        masked = self._rooms_and_classes(plan, masked)
        masked = self._room_name_continuations(plan, masked)  # "Besprechungsraum I and II"
        self._named_room_roles(plan, named_rooms[0])
        masked = self._units(plan, masked)
        masked = self._between_rooms(plan, masked)  # "the wall between the kitchen and the corridor"
        masked = self._qualifying_class_words(plan, text, masked)  # round 11: "structural walls"
        masked = self._property_values(plan, masked, text)
        masked = self._named_properties(plan, masked, _places_read(text, plan))
        masked = self._qualifiers(plan, masked, _places_read(text, plan))
        masked = self._with_properties(plan, text, masked)
        masked = self._sum_threshold(plan, text, masked)
        masked = self._measure(plan, masked, text)
        self._storey_sizes(plan, masked)
        masked = self._storey_itself(plan, masked)
        masked = self._ground(plan, text, masked)
        masked = self._asked_unit(plan, masked, text)
        masked = self._rank_measure(plan, text, masked)
        masked = self._none_of(plan, text, masked)
        absence_phrases.nothing_asked(plan)  # round 13: "is there nothing on the Roof?"
        masked = self._room_count_comparison(plan, text, masked)  # "more rooms called 'Room' than small offices?"
        masked = self._count_comparison(plan, text, masked)
        self._rooms_holding(plan, text, masked)
        self._intent(plan, text, masked)
        self._rooms_asked_one_by_one(plan, text)  # round 10: "Liegt X im Keller?", "Technikraum V"
        self._is_the_most(plan, text)
        self._is_the_extreme_room(plan, text)
        self._storeys_by_measure(plan, text)
        self._values_listed(plan, text)
        masked = self._count_grammar(plan, text, masked)
        masked = self._relations_judged(plan, text, masked)  # round 10: before _relation ("connected to" named so)
        if plan.declined is None:
            self._relation(plan, text)
        self._clauses(plan, text)
        self._unit_read_with_measure(plan, text, masked)
        self._account(plan, masked)
        self._one_room_of_several(plan, text)  # round 10: "the Büro" when there are five
        self._storey_slab(plan, text)
        self._lookup_subject(plan, frame, guids)
        value_lookups.check(plan)  # round 16: "the width of EG-Fenster-7 in kg" declines
        ifc_identifiers.check(plan, self.index)  # round 17: "external walls (IsExternal = FALSE)" declines
        type_names_asked.narrow(plan, self.index, _decline)  # round 13: "walls of the Basic Wall:Outside wall type"
        self._storeys_asked(plan)
        return plan

    def _relation_skip(self, text: str) -> frozenset[str]:
        """The words of ``text`` the model's names hold: names, never relation verbs ("Supply", "Service")."""
        names = self._name_words() | grounding.model_words(self.index)
        return frozenset(w for w in re.findall(r"[^\W\d_]+", text) if w in names)

    def comparison_text(self, question: str) -> str:
        """The normalised ``question`` with its containment verbs and comparison words read (round 10, 11): the
        text a composed comparison splits into its sides (:mod:`ifcqa.spatial.compose`)."""
        text = comparative_shapes.analytic(normalise(question))  # round 19: "more big than"
        text = self._two_sided(Plan(question=question), self.plain_containment(text))  # round 17
        text = storey_sets.Sets(self.resolver.storeys, len(self.resolver.buildings)).read(text).text  # round 13
        return comparison_words.read(text, len(self.resolver.buildings), self._storeys_named, self._place_word)[0]

    def _place_word(self, word: str) -> bool:
        """Whether ``word`` is a word of the model's storey, space or zone names or a room function word."""
        return word in self._name_words() or function_of(word) is not None

    def plain_containment(self, text: str) -> str:
        """A containment verb before a place says what "on"/"in" says: taken out (:mod:`relation_verbs`)."""
        return relation_verbs.plain_containment(text, self._relation_skip(text), lambda w: w in _CLASS_KEYS)[0]

    def _relation_verbs(self, plan: Plan, text: str, masked: str) -> str:
        """Relation verbs and prepositions (:mod:`ifcqa.spatial.relation_verbs`): containment, existence and typing
        ones are read ("installed on", "does the EG feature", "door type used on"); unsupported ones are blanked;
        all are kept for ``_ground`` (boundary verbs) and :meth:`_relations_judged`. Words the model's names hold
        are names, not verbs."""
        before = masked
        masked, found = relation_verbs.consume(
            normalise(plan.question), text, masked, self._relation_skip(text),
            lambda w: w in _FILLER, lambda w: w in _CLASS_KEYS)
        # a verb read before ("doors that lead to the outside": IsExternal, see _LEADS) is no relation to judge
        plan.resolved["relations"] = [r for r in found if not before[r.start:r.start + 1].isspace()]
        return masked

    def _relations_judged(self, plan: Plan, text: str, masked: str) -> str:
        """The relation phrases read (:meth:`_relation_verbs`) judged once classes and rooms are known: a boundary
        verb is the room's space boundaries when bounding classes of a named room are asked (said in the notes),
        else it is put back as words not understood ("Türen, die nach draußen führen"), unless it also names an
        unsupported relation ("connected to the boiler"); an unsupported relation is declined naming it."""
        found: list[relation_verbs.Relation] = plan.resolved.pop("relations", [])
        if plan.declined is not None or not found:
            return masked
        keys = {c.key for c in plan.classes}
        bounding = any(r.role in ("of", "in") for r in plan.rooms) and bool(keys) and keys <= _BOUNDING
        why = relation_verbs.verdict(found, keys, frozenset(_BOUNDING), bounding)
        if why is not None:
            _decline(plan, why[0], why[1], "I can answer what is contained in a storey or room, the walls, doors and "
                     "windows bounding a room, and elements of a type.")
            return masked
        for rel in found:  # a typing verb is read by a type lookup or before a type named ("using type WT01")
            typed = bool(plan.resolved.get("lookup_frame") or plan.resolved.get("types_asked")) or re.match(
                r"\s*types?\b", text[rel.end:]) is not None  # a type read by its name (type_names_asked.py)
            if rel.kind == "typing" and not typed:  # "used" where no type is read: left unread ("doro type")
                masked = masked[:rel.start] + rel.phrase + masked[rel.end:]
            if rel.kind != "boundary":
                continue
            if bounding:
                plan.notes.append(f"{rel.phrase!r}: the elements bounding the room (its space boundaries)")
            else:
                masked = masked[:rel.start] + rel.phrase + masked[rel.end:]
        return masked

    def _values_listed(self, plan: Plan, text: str) -> None:
        """ "the areas of the rooms", "door widths", "the rooms with their area": a quantity asked in the plural
        (or "with/and their" quantity) of the elements of one scope is each element's value, listed, not their
        sum or mean (which "total", "added up", "average" ask). Not when several storeys are named ("the floor
        areas of EG and OG": a value per storey may be meant), nor for a breakdown, a comparison, a superlative or
        a bound."""
        m = plan.resolved.get("measure")
        if (m is None or plan.measure is None or plan.measure["op"] not in ("sum", "mean") or plan.intent != "list"
                or plan.resolved.get("each") or len(plan.storeys) > 1 or plan.compare or plan.threshold
                or plan.declined is not None or _TOTAL_WORDS.search(text) or _ADDED_UP.search(text)
                or ops_said(text) & {"sum", "mean"}):  # "average widths": the mean was asked
            return
        head = plan.measure["term"].split()[-1] if plan.measure["term"].split() else ""
        classes = [c for f in plan.classes for c in f.classes]
        plural = (head.endswith("s") and not head.endswith("ss") and (one := resolve.find_measure(
            self.index, head[:-1], classes)) is not None and one.quantity == m.quantity)
        if not plural and not _WITH_THEIR.search(text) and not _EACH_SIZE.search(text):
            return
        plan.resolved["each"] = True
        plan.notes.append(f"{plan.measure['term']!r}: the {m.quantity} of every one, listed (no total was asked)")

    def _storeys_asked(self, plan: Plan) -> None:
        """A question whose subject is the storeys themselves ("how many storeys does the building have", "list the
        levels", "welche Geschosse gibt es"): the model's storeys, never every element on them. Only when nothing else
        is asked (no class, room, qualifier, measure, lookup, bound or named storey) and no word was left unread."""
        said = storey_class_name.as_words(normalise(plan.question))
        found = _STOREYS_ASKED.match(said) or _STOREYS_COUNTED_AFTER.match(said)
        if found is None or plan.unconsumed or plan.rooms or plan.qualifiers or plan.measure or plan.lookup or (
                plan.threshold or plan.explicit or plan.compare or plan.exclude_classes
                or any(not c.inventory for c in plan.classes)
                or any(m.how != "alias:all" and not (m.negated and plan.exclude) for m in plan.mentions)):
            return  # round 9: storeys taken out ("list all storeys except the roof") are the others
        if plan.declined is not None and (plan.declined.get("not_understood") or any(
                n.startswith("refused") for n in plan.notes)):
            return
        plan.declined, plan.classes, plan.storeys, plan.storey_names = None, [], [], []
        plan.intent = "count" if found.group("count") else "list"
        plan.resolved["storeys_asked"] = True
        plan.notes.append("the storeys themselves are asked (IfcBuildingStorey, lowest first)")

    @staticmethod
    def _confirm_frame(plan: Plan, text: str) -> str:
        asked = framing.confirm_question(text)
        if asked is None:
            return text
        plan.notes.append(f"a statement to confirm, asked as {asked!r}")
        return normalise(asked)

    def _glossed(self, plan: Plan, text: str) -> str:
        """A possessor the question glosses in parentheses with the model's own word: "the caretaker's office
        (Hausmeister)" is the Hausmeister's office. Only when the possessor is no word the model's names hold and
        the gloss is one (else the parenthesis is left as written, and an unknown word in it declines)."""
        found = _GLOSS.search(text)
        if found is None:
            return text
        gloss, owner = found.group("gloss"), found.group("owner")
        names = self._name_words()
        if owner in names or not all(w in names for w in gloss.split()):
            return text
        plan.notes.append(f"{owner!r} glossed as {gloss!r} (the model's word, in parentheses)")
        return text[: found.start("owner")] + gloss + text[found.end("owner"): found.start("paren")] + \
            text[found.end("paren"):]

    def _two_sided(self, plan: Plan, text: str) -> str:
        """The connecting words of two-sided comparisons and exclusions spelled out (spatial/two_sided.py)."""
        text, notes = two_sided.spell_out(text, (normalise(s.name) for s in self.resolver.storeys if s.name),
                                          _CLASS_KEYS.__contains__)
        plan.notes.extend(notes)
        return text

    def _comparative_shapes(self, plan: Plan, text: str) -> str:
        """Comparatives, thresholds and inclusion / exclusion words spelled out, an included part checked against
        the set asked (spatial/comparative_shapes.py); a part that cannot be grounded declines naming it."""
        names = {s.guid: normalise(s.name) for s in self.resolver.storeys if s.name}

        def room_storeys(phrase: str) -> list[str] | None:
            guids = [g for r in resolve.find_rooms(self.index, phrase) for g in r.guids]
            return [names[g] for g in resolve.storeys_of(self.index, guids) if g in names] if guids else None

        def class_on(word: str, storeys: list[str]) -> bool:
            wanted, data = self.class_filter(_CLASS_KEYS[word]), self.index.data.elements
            return any(matches(self.index, e, wanted) and (not storeys or (
                e.storey is not None and names.get(data[e.storey].guid, "") in storeys)) for e in data.values())

        found = comparative_shapes.spell_out(text, comparative_shapes.Model(
            list(names.values()), _CLASS_KEYS.__contains__, room_storeys,
            [s.name for s in self.resolver.storeys if s.name], class_on))
        plan.notes.extend(found.notes)
        if found.decline is not None and not self._framing:  # a part parsed alone lacks what is around it, and is
            _decline(plan, found.decline[0], found.decline[1])  # no talk for that ("which one has more walls - EG ...")
        return found.text

    def _negation_shapes(self, plan: Plan, text: str) -> str:
        """Negation shapes spelled out as the passes read them, and types negated after a class word taken out of
        it (``negation_scope``; each named in the notes, the type in the answer's rule)."""
        names = {normalise(s.name) for s in self.resolver.storeys if s.name}
        text, notes = negation_reading.spell_out(text, negation_reading.Scopes(  # round 21: one scope per negation
            self._names_room, names.__contains__, _CLASS_KEYS.__contains__))
        plan.notes.extend(notes)
        text, notes, absent = absence_phrases.canonical(text, _CLASS_KEYS.__contains__, qualifier_forms.boolean_word,
                                                        names)  # round 13: "lacking", "no X, right?", "missing a"
        plan.notes.extend(notes)
        plan.resolved.update({f"absence_{k}": v for k, v in absent.items()})
        text, notes = contrast_classes.spell_out(text, _CLASS_PATTERN)  # round 13: "doors (not windows)"
        plan.notes.extend(notes)
        text, notes = exclusion_phrases.spell_out(text, names, _CLASS_KEYS.__contains__, _is_room_word)  # round 11
        plan.notes.extend(notes)
        text, notes = negation_scope.genitive_storeys(text, names.__contains__)
        plan.notes.extend(notes)
        text, notes = negation_scope.canonical(text, _CLASS_KEYS)
        plan.notes.extend(notes)
        text, notes = room_exclusions.spell_out(text, self._names_room, _CLASS_KEYS.__contains__,
                                                names.__contains__)  # round 20: "except Küche"
        plan.notes.extend(notes)
        text, notes = negation_scope.repeated_class(text, _CLASS_PATTERN, _CLASS_KEYS,
                                                     lambda w: w in _FILLER)
        plan.notes.extend(notes)
        text, types = negation_scope.negated_types(text, _CLASS_PATTERN, _CLASS_KEYS, self._type_names_of, normalise)
        for t in types:
            head = self.class_filter(t.key)
            plan.exclude_classes.append(dataclasses.replace(
                head, label=f"{head.label} of type {_as_written(plan.question, t.written)!r}", kind="type",
                predefined=(), enumerated=(), names=(), type_names=t.type_names))
            plan.notes.append(f"negation read: {head.label} of type {t.written!r} taken out (type names "
                              f"{', '.join(t.type_names)})")
        return text

    def _type_named_before(self, plan: Plan, text: str) -> str:
        """ "walls of the 'Outside wall' type", "doors of the DT01 type": a type name written before "type" is read
        as "of type <name>" (the type filter), never its words as qualifiers ("outside" is no IsExternal here),
        when its words stand whole, in order, in a type name of the model."""
        for m in reversed(list(_TYPE_NAMED_BEFORE.finditer(text))):
            name = m.group("name").strip()
            words = re.escape(name).replace(r"\ ", r"[\s_:-]+")
            if len(name) < 3 or not any(re.search(rf"(?<![^\W_]){words}(?![^\W_])", normalise(t))
                                        for t in self._all_type_names()):
                continue
            said = f"of type {name}"
            if len(said) > m.end() - m.start():
                continue
            plan.notes.append(f"{m.group(0).strip()!r}: a type name, read as {said!r}")
            text = text[:m.start()] + said.ljust(m.end() - m.start()) + text[m.end():]
        return text

    def _all_type_names(self) -> frozenset[str]:
        if not hasattr(self, "_every_type_name"):
            data = self.index.data.elements
            self._every_type_name = frozenset(t.name for e in data.values() if e.type is not None
                                              for t in [data.get(e.type)] if t is not None and t.name)
        return self._every_type_name

    def _type_names_of(self, key: str) -> tuple[str, ...]:
        """The Names of the type objects of the elements of class key ``key`` (once per model and key)."""
        cache: dict[str, tuple[str, ...]] = self.__dict__.setdefault("_type_names", {})
        if key not in cache:
            wanted = self.class_filter(key)
            names = set()
            for e in self.index.data.elements.values():
                if e.type is not None and matches(self.index, e, wanted):
                    t = self.index.data.elements.get(e.type)
                    if t is not None and t.name:
                        names.add(t.name)
            cache[key] = tuple(sorted(names))
        return cache[key]

    @staticmethod
    def _not_a_single(text: str) -> str:
        return _NOT_A_SINGLE.sub(lambda m: m.group("neg") + (" any" if m.group("neg") in ("not", "without") else ""),
                                 text)

    def _talk(self, plan: Plan, text: str) -> str:
        """The talk around the question blanked (spatial/framing.py): a part is dropped only when, parsed by
        itself, it names nothing of the model (no class, storey, room, qualifier or measure)."""
        if self._framing:
            return text
        before = text
        text, contrast = units_asked.blank_contrast(text)  # "in metres, not feet": the unit asked, restated
        if contrast is not None:
            plan.notes.append(f"{contrast!r}: only says which unit is asked")
        text, remark = units_asked.blank_model_unit(text)  # round 18: "(model is in feet I think)"
        if remark is not None:
            plan.notes.append(f"{remark!r}: says the model's unit; the answer states it")
        text = voice_frames.unframe(plan, text)  # round 13: "quick one -", "help me find", "am I right that ..."
        text = self._request_core(plan, text)  # round 10: "The client wants to know ...", "Electrician here."
        text, blanked, confirm = framing.mask_talk(text, self._is_context, self._topic_of, before, self._placed)
        if confirm:
            plan.resolved["confirm"] = True  # "the contractor claims ...", "... - true?": a yes/no question
        if blanked:
            plan.notes.append("talk around the question: " + "; ".join(repr(b) for b in blanked))
        return text

    def _request_core(self, plan: Plan, text: str) -> str:
        """The request inside who asks, who wants it and why (spatial/request_core.py): each framing part is
        consumed only when, parsed alone, it restricts nothing (:meth:`_frees`); the parts are stated in the notes
        and in the answer's rule."""
        found = request_core.read(text, self._frees)
        if not found.framing:
            return text
        plan.resolved["framing"] = list(found.framing)
        plan.resolved["framing_words"] = sorted({w for note in found.framing if (said := re.match(r"(['\"])(.*?)\1: ",
                                                                                                note))
                                                 for w in re.findall(r"[^\W\d_][\w']*", said.group(2))})
        plan.notes.append("framing, not what is asked: " + "; ".join(found.framing))
        if found.confirm:
            plan.resolved["confirm"] = True
        if found.text and text.endswith(found.text):  # only a lead taken ("show me ..."): blanked, so that what
            return " " * (len(text) - len(found.text)) + found.text  # follows keeps its place in the question
        return found.text

    def _frees(self, words: str, role: str) -> bool:
        """Whether ``words`` in framing role ``role`` restrict nothing: parsed alone they name no storey, room,
        qualifier, bound, number, negation, measure, GlobalId or explicit IFC class; a class word is allowed in the
        asker's phrase ("person": "Electrician here", "the fire officer"), an occasion's topic ("topic": "for the
        hardware schedule") and a reason ("reason": "because the locks are being swapped"), where it names who or
        what the occasion is about, never the elements asked; a word that asks to change the model is never
        framing."""
        if not words.strip():
            return True
        if role != "ones" and _FRAMING_RESTRICTS.search(words) or any(
                p.search(words.strip().replace("-", "_")) for p in REFUSALS["write"][0]):
            return False
        self._framing = True
        try:
            sub = self.parse(words)
        finally:
            self._framing = False
        places = [m for m in sub.mentions if m.how != "alias:all" or m.negated]
        if places or sub.storeys or sub.exclude or sub.exclude_classes or sub.threshold or sub.explicit or (
                sub.elements or sub.unresolved or sub.compare or sub.lookup):
            return False
        if sub.rooms and role != "org":
            return False
        if role == "ones":  # "the ones that are not external": a restriction of the thing asked, nothing new
            return sub.measure is None and all(c.inventory for c in sub.classes)
        if any(q.negated for q in sub.qualifiers) or (sub.qualifiers and role not in ("person", "org")):
            return False
        if sub.measure is not None and role not in ("topic", "person", "org"):
            return False
        if role == "person" and any(not c.inventory for c in sub.classes):
            # a class word names the person only as a modifier of the person's noun ("the heating engineer") or a
            # trade noun read through its stem ("Electrician here": 'electrical'); a phrase ending in a class word
            # as written ("Doors here") names the elements, never a person
            end = len(words.rstrip())
            return not any(b >= end and (words[a:b] == w or words[a:b].rstrip("s") == w.rstrip("s")
                                         or words[a:b] in (w + "es", w + "s"))
                           for a, b, w in sub.resolved.get("class_spans", []))
        # a class word in a purpose's topic may be another class than the one asked ("for the stair audit: the
        # windows"), so it keeps the purpose (round 4's rule); a reason or the asker's team may name one
        return all(c.inventory for c in sub.classes) or role in ("person", "org", "reason")

    def _comparison_words(self, plan: Plan, text: str) -> str:
        """The words framing a comparison of storeys or a set of storeys read as the comparison readers' forms
        (:mod:`ifcqa.spatial.comparison_words`), each reading stated in the notes."""
        text, notes = comparison_words.read(text, len(self.resolver.buildings), self._storeys_named, self._place_word)
        plan.notes.extend(notes)
        plan.resolved["compare_text"] = text  # what a composed comparison splits into its sides (pipeline)
        return text

    def _storey_sets(self, plan: Plan, text: str) -> tuple[str, bool]:
        """Sets of storeys said by their place in the elevation order or by the ground, restated or not, written as
        the storeys' names, or declined (:mod:`ifcqa.spatial.storey_sets`, round 13)."""
        found = storey_sets.Sets(self.resolver.storeys, len(self.resolver.buildings)).read(text)
        found = storey_refs.read(found, self.resolver, self._storey_mentions, self._space_names())  # round 14
        plan.notes.extend(found.notes)
        if found.said:  # said in the answer's rule: "on EG and 1.OG (the two lower floors, by elevation)"
            plan.resolved["storey_sets"] = [*plan.resolved.get("storey_sets", []), *found.said]
        if found.decline is not None:
            _decline(plan, found.decline, found.words, "Name the storeys, e.g. " + " and ".join(
                self.resolver.names()[:2]) + ".")
        return found.text, found.decline is not None

    def _storeys_named(self, fragment: str) -> int:
        """How many of the model's storeys ``fragment`` names (as the storey passes read them)."""
        out: list[_Mention] = []
        self._storey_mentions(fragment, out)
        return len({s.guid for m in out for s in m.storeys})

    def _storey_numbers(self, plan: Plan, text: str) -> str:
        """Storeys by bare numbers after the storey noun the question asks with ("which level has more walls, 1 or
        2?": level 1 or level 2), and "all three floors" read as every storey when the model has three (else left
        as written, so the number stays unread and the answer declines)."""
        found = _BARE_NUMBERS.search(text)
        if found is not None:
            noun = found["noun"].rstrip("s") if found["noun"] in ("levels", "floors", "storeys") else found["noun"]
            numbers = re.findall(r"\d+", found["list"])
            joiner = " or " if re.search(r"\b(?:or|oder)\b", found["list"]) else " and "
            listed = joiner.join(f"{noun} {n}" for n in numbers)
            plan.notes.append(f"'{found['list'].strip()}': {listed} (the storey noun asked with)")
            text = text[:found.start("list")] + " " + listed + text[found.end("list"):]
        for found in list(_ALL_N_STOREYS.finditer(text)):
            n = found["n"]
            count = int(n) if n.isdigit() else _SMALL_NUMBERS.get(n, -1)
            if count == len(self.resolver.storeys):
                plan.notes.append(f"{found.group(0)!r}: every storey (the model has {count})")
                text = text[:found.start()] + f"all {found['noun']}" + text[found.end():]
                break
        return text

    def _storey_itself(self, plan: Plan, masked: str) -> str:
        """ "the gross floor area of the Dachgeschoss as a whole", "... of the storey itself": the quantity the
        storey's own quantity set records (IfcBuildingStorey BaseQuantities), not a sum over its spaces; declined
        by the answer when the storey records none (round 5c)."""
        found = _ITSELF.search(masked)
        if found is None or plan.resolved.get("measure") is None or not plan.storeys or plan.rooms or any(
                c.key not in ("spaces", "inventory") for c in plan.classes):
            return masked
        plan.resolved["storey_itself"] = True
        plan.notes.append(f"{found.group(0).strip()!r}: the storey's own quantity, not its spaces'")
        return _mask(masked, found.start(), found.end())

    def _storey_attribute_after(self, plan: Plan, text: str) -> str:
        """A storey's attribute written after the storey's name ("level 2 elevation in m", "the EG's elevation",
        "T/FDN - elevation") or before it without "of" ("elevation level 2"), and the elevation asked in other
        words ("how high above zero is Keller", "at what height does Level 2 sit"): read as "<attribute> of
        <storey>", the order the lookup frame reads (round 5c; round 11 ``storey_values``). Only attributes of a
        storey (``lookup_words.json`` subject ``storey``) and only next to a name the model's storeys hold."""
        text, notes = storey_values.rewrite(text)
        plan.notes.extend(notes)
        attrs = _storey_attributes()
        if not attrs or not any(a in text for a in attrs):
            return text
        swapped, read = storey_values.swap(text, (pattern for _, pattern in self._name_patterns), attrs)
        if read is not None:
            plan.notes.append(f"read {read} as '<attribute> of <storey>'")
        return swapped

    def _split_names(self, plan: Plan, text: str) -> str:
        """Two or three words the model's names hold only written as one ("mineral wool" for the material
        "Mineralwool 035", "sand stone", "pipe fitting" is a class phrase and stays): read as that word, when none
        of them is a word of the vocabularies or of the model's names by itself (round 5c)."""
        names = grounding.model_words(self.index)
        known = _vocabulary_words()
        tokens = list(re.finditer(r"[^\W\d_]{3,}", text))
        for n in (3, 2):
            for i in range(len(tokens) - n + 1):
                run = tokens[i:i + n]
                if any(text[a.end():b.start()] != " " for a, b in zip(run, run[1:], strict=False)):
                    continue
                parts = [t.group(0) for t in run]
                joined = "".join(parts)
                if grounding.stem(joined) not in names or " ".join(parts) in known or any(
                        p in known or grounding.stem(p) in names or p in _STOP for p in parts):
                    continue
                start, end = run[0].start(), run[-1].end()
                if text[start:end] != " ".join(parts):
                    continue  # an earlier join took part of it
                plan.notes.append(f"read {' '.join(parts)!r} as {joined!r} (the model's names write it so)")
                text = text[:start] + joined + " " * (n - 1) + text[end:]
        return text

    def _antecedent(self, plan: Plan, text: str) -> str:
        """A question referring back to the sentence before it (spatial/antecedent.py): the context's storey, room
        and class put where the question says "down there", "which ones", "those", when every word of the context
        the parser does not read is a reason ("open up", "core-drill", "lock check"), never a modifier of what it
        names; otherwise the text is left as written (and its unread words are declined as usual)."""
        if self._framing:
            return text
        pair = antecedent.split(text)
        if pair is None:
            return self._reason_context(plan, text)
        if normalise(pair.context) != pair.context:
            return text
        self._framing = True
        try:
            sub, own = self.parse(pair.context), self.parse(pair.question)
        finally:
            self._framing = False
        said = [(a, b, w) for a, b, w in sub.resolved.get("class_spans", [])]
        rooms = [r for r in sub.rooms if r.guids and not r.negated]
        mentions = [m for m in sub.mentions if m.storeys and not m.negated]
        if not (said or rooms or mentions) or sub.exclude or sub.exclude_classes or sub.threshold is not None \
                or sub.measure is not None or sub.intent == "compare" or sub.unresolved or sub.unknown_classes \
                or any(q.negated for q in sub.qualifiers) or len(rooms) != len(sub.rooms):
            return text
        unread = list(sub.unconsumed)
        if not unread:
            return text  # a context the parser reads whole ("rooms on both GroundFloor and 1stFloor: how many?")
        if sub.declined is not None and not set(sub.declined.get("not_understood", [])) <= set(unread):
            return text  # declined for another reason than words that only say why
        named = [(a, b) for a, b, _ in said]
        for r in rooms:
            at = pair.context.find(r.term)
            if at >= 0:
                named.append((at, at + len(r.term)))
        places = list(sub.resolved.get("storey_spans", []))
        if antecedent.modifier_words(pair.context, unread, named, places) or antecedent.part_said(pair.context,
                                                                                                named):
            return text  # "the doors with panic bars on Level 1", "some walls": a constraint it cannot read, kept
        if message_antecedents.singular_storey(pair.question) and (
                len(mentions) > 1 or any(len(m.storeys) > 1 or message_antecedents.plural_storeys(m.term)
                                         for m in mentions)):
            return text  # round 19: "that storey" after "the Keller; the upper floors ...": never all of them
        place = " and ".join(m.term for m in mentions)
        place = f"on {place}" if place else ""
        for r in rooms:
            if r.role in ("in", "of"):
                place = f"{place} {r.role} {r.term}".strip()
        if not said and rooms and own.resolved.get("class_spans") and all(r.role == "subject" for r in rooms):
            # "We are retiling the Bad. Which walls is that?": the context names the room, the question the class
            of = {c.key for c in own.classes} <= _BOUNDING
            place = " and ".join([place] * bool(place) + [f"{'of' if of else 'in'} {r.term}" for r in rooms])
            rooms = []
        words = list(dict.fromkeys(w for _, _, w in said)) or [r.term for r in rooms if r.role == "subject"]
        thing = " ".join([*(q.term for q in sub.qualifiers if q.term), " and ".join(words)]).strip()
        asks_place = not own.mentions and not own.rooms
        asks_thing = not own.resolved.get("class_spans") and not own.rooms
        same = {c.key for c in own.classes} <= {c.key for c in sub.classes}
        new = antecedent.rewrite(pair, place=place, thing=thing, asks_place=asks_place, asks_thing=asks_thing,
                                 same_thing=same)
        if new is None:
            return text
        why = f" (why: {', '.join(repr(w) for w in unread)})" if unread else ""
        plan.notes.append(f"{pair.context!r}: the context{why}; the question refers back to it, read as {new!r}")
        return new

    def _reason_context(self, plan: Plan, text: str) -> str:
        """A sentence saying what the asker is doing before a question that stands by itself ("We're doing a window
        audit. How many windows are upstairs?", "Hello, we are checking the heating. Which radiators are on the
        Obergeschoss?"): the question alone, when it reads whole and the context adds nothing it does not say (no
        storey or room of its own, no qualifier, bound or measure, no word that modifies what it names)."""
        pair = antecedent.split_any(text)
        if pair is None or normalise(pair.context) != pair.context:
            return text
        if request_core.asker_where(pair.context):  # "Before I start on Level 1: ...": where the asker will be
            self._framing = True
            try:
                sub, own = self.parse(pair.context), self.parse(pair.question)
            finally:
                self._framing = False
            if own.declined is None and not own.unconsumed and (own.classes or own.rooms):
                carried = self._place_carried(plan, pair, sub, own)
                if carried is not None:
                    return " " * (len(text) - len(text.lstrip())) + carried
        if not framing.is_statement(pair.context):
            return text
        self._framing = True
        try:
            sub, own = self.parse(pair.context), self.parse(pair.question)
        finally:
            self._framing = False
        if own.declined is not None or own.unconsumed or not (own.classes or own.rooms):
            return text
        if _declined_on_classes(sub):
            return text  # "After the cleaning of the external radiators:": a word read, then not recorded, is kept
        if any(not c.inventory for c in sub.classes) and all(c.inventory for c in own.classes) and not own.rooms:
            return text  # round 10: "all doors need a check. how many are on level 1?": the question's thing is
            # the context's, never everything on the storey (was a broader answer)
        storey_names = {normalise(s.name) for s in self.resolver.storeys if s.name}
        if any(pair.context[a:b] in storey_names for a, b, _ in sub.resolved.get("class_spans", [])):
            return text  # round 10: "I'm heading to Roof now. which walls ...": a storey's name read as a class
        places = {g for m in sub.mentions if not m.negated and m.how != "alias:all" for g in m.storeys}
        spaces = {g for r in sub.rooms for g in r.guids}
        if not places <= set(own.storeys) or not spaces <= {g for r in own.rooms for g in r.guids} or any(
                r.negated or not r.guids for r in sub.rooms) or sub.qualifiers or sub.threshold is not None or (
                sub.measure is not None or sub.exclude or sub.exclude_classes or sub.unresolved
                or sub.unknown_classes or sub.intent == "compare" or sub.explicit or sub.elements):
            return text
        named = [(a, b) for a, b, _ in sub.resolved.get("class_spans", [])]
        named += [(a, b) for a, b in sub.resolved.get("room_spans", [])]
        if antecedent.modifier_words(pair.context, list(sub.unconsumed), named,
                                     list(sub.resolved.get("storey_spans", []))):
            return text  # "We need the broken doors. Which doors are on level 1?": a constraint, kept
        plan.notes.append(f"{pair.context!r}: what the asker is doing, not what is asked; read {pair.question!r}")
        return " " * (len(text) - len(text.lstrip())) + pair.question

    def _place_carried(self, plan: Plan, pair: antecedent.Pair, sub: Plan, own: Plan) -> str | None:
        """A context sentence saying where the asker will be or work ("Before I start on Level 1:", "I'm heading to
        the EG now.", "We're working on 2.OG next week.") before a question that names no place of its own: the
        question asked on that storey, said in the notes. Only when the context names exactly one storey and
        nothing else the parser reads (no class, room, qualifier, measure; its other words reasons, never
        modifiers), the question reads whole and names no storey, room or the whole model ("in the building", "in
        total"); otherwise ``None`` (and the context's words are declined as usual)."""
        mentions = [m for m in sub.mentions if m.storeys and not m.negated and m.how != "alias:all"]
        if len(mentions) != 1 or len(sub.mentions) != 1 or sub.rooms or sub.qualifiers or any(
                not c.inventory for c in sub.classes) or (
                sub.measure is not None or sub.threshold is not None or sub.exclude or sub.exclude_classes
                or sub.unresolved or sub.explicit or sub.elements):
            return None
        if own.mentions or own.storeys or own.rooms or own.exclude or own.unresolved or own.compare or (
                own.resolved.get("storeys_asked") or own.asks_storey or own.group_by != "storey"
                or _WHOLE_MODEL_SAID.search(pair.question)):
            return None
        if own.lookup is not None or own.elements or own.resolved.get("each") or own.every_storey or (
                own.intent not in ("list", "count", "exists")):
            return None  # a named element's attribute, or one value per element: no storey restricts it
        if antecedent.modifier_words(pair.context, list(sub.unconsumed), [],
                                     list(sub.resolved.get("storey_spans", []))):
            return None
        question = pair.question.rstrip(" ?.!")
        new = f"{question} on {mentions[0].term}?"
        plan.notes.append(f"{pair.context!r}: where the asker will be; the question names no place of its own, "
                          f"read as {new!r}")
        return new

    def _topic_of(self, words: str, act: str, question: str) -> bool:
        """Whether an occasion's ``words`` ("the handrail inspection", "the bleeding of the heating", "the
        inspection") read whole but for their action noun ``act`` and name nothing of the model but classes the
        ``question`` after them asks too, or a group holding them ("heating" holds the radiators): the occasion's
        topic, never a constraint ("the cleaning of the external radiators" keeps its qualifier, and declines)."""
        self._framing = True
        try:
            sub = self.parse(words)
            own = self.parse(question) if sub.classes else None
        finally:
            self._framing = False
        declined = set(sub.declined.get("not_understood") or ["?"]) if sub.declined is not None else set()
        if (set(sub.unconsumed) | declined) - {act} or sub.storeys or sub.exclude or sub.rooms or sub.qualifiers or (
                sub.measure or sub.threshold or sub.explicit or sub.elements or sub.unresolved
                or sub.unknown_classes or sub.mentions):
            return False
        if own is None:
            return True
        return bool(own.classes) and all(any(
            c.key == o.key or set(o.classes) <= set(c.classes) and set(o.type_classes) <= set(c.type_classes)
            for o in own.classes) for c in sub.classes)

    def _placed(self, words: str) -> bool:
        """Whether ``words``, parsed alone, name where: a storey, room, element or part of the building."""
        self._framing = True
        try:
            sub = self.parse(words)
        finally:
            self._framing = False
        return bool(sub.storeys or sub.exclude or sub.rooms or sub.elements or sub.mentions or sub.unresolved)

    def _is_context(self, words: str, topic: bool) -> bool:
        if any(p.search(words.strip().replace("-", "_")) for p in REFUSALS["write"][0]):
            return False  # "delete them - the walls on level 1": a write is never talk (a "move-in plan" is a noun)
        self._framing = True
        try:
            sub = self.parse(words)
        finally:
            self._framing = False
        if _declined_on_classes(sub):
            return False  # "after the cleaning of the external radiators": a word read, then not recorded, is no talk
        named_by_topic = topic and sub.measure is not None  # "glazing": the windows' area, a survey's topic
        # "I'm new in the building": the whole model named as a place restricts nothing
        places = [m for m in sub.mentions if m.how != "alias:all" or m.negated]
        whole = bool(sub.mentions) and not places and all(c.inventory for c in sub.classes)  # its inventory class
        return not ((sub.classes and not named_by_topic and not whole) or sub.storeys or sub.exclude or sub.rooms
                    or sub.qualifiers or (sub.measure and not topic) or sub.threshold or sub.explicit or sub.elements
                    or sub.unresolved or places or sub.unknown_classes)

    def _storey_slab(self, plan: Plan, text: str) -> None:
        """ "the ground floor slab", "the first floor slabs": the storey's floor (or base) slab, a kind, never every
        slab on the storey (IfcOpenHouse's only slabs are the roof's two, aggregated into its IfcRoof)."""
        spans = plan.resolved.get("storey_spans", [])
        if not any(text[start:end].endswith(("floor", "geschoss")) and re.match(r"\s+slabs?\b", text[end:])
                   for start, end in spans):
            return
        kinds = [self.class_filter("floorslab"), self.class_filter("baseslab")]
        swapped = False
        for i, c in enumerate(plan.classes):
            if c.key == "slab" and not c.kind:
                plan.classes[i:i + 1] = kinds
                swapped = True
                break
        if swapped:
            plan.notes.append("'<storey> slab': the storey's floor or base slab (PredefinedType FLOOR / BASESLAB)")

    # -- attribute lookups (round 3, spatial/lookup.py) -------------------------------------------------
    def _lookup_frame(self, plan: Plan, text: str) -> tuple[str, lookup.Frame | None]:
        """ "what is the X of ...", "what are ... made of", "how wide is ...": the attribute words, blanked so that
        the rest of the question is parsed as the subject (a class with its scope, a room, a storey)."""
        text = lookup.rewrite(text)
        frame = self._each_storey_parts(plan, text)  # "the elevation and floor-to-floor height of each storey"
        frame = frame or per_storey.find(text, self._holds)  # "the elevation of each storey": one value per storey
        if frame is not None:
            frame.spans = per_storey.mask_links(text, frame.spans)
            plan.resolved["each_storey"] = True
        else:
            frame = self._find_frame(plan, text)
            frame = None if frame is not None and self._where_not_elevation(frame, text) else frame
        if frame is None:
            return self._class_then_identifier(plan, text), None
        if plan.resolved.get("lookup_parts"):
            text = plan.resolved.pop("lookup_text")
        asked = units_asked.find(text)
        if asked is not None:  # "Fenster-009 width in meters?": the frame's words stop before the unit asked
            frame.spans = [(start, min(end, asked.start)) if start < asked.start < end else (start, end)
                           for start, end in frame.spans]
        for start, end in frame.spans:
            text = _mask(text, start, end)
        if frame.key in layers.KEYS and frame.spans:  # "the thickness of the insulation of the walls": a layer
            found_layer = layers.find(self.index, text, max(end for _, end in frame.spans))
            if found_layer is not None:
                plan.resolved["lookup_layer"] = found_layer[0]
                plan.notes.append(f"{found_layer[0]!r}: the material layers named so")
                text = _mask(text, *found_layer[1])
        for used in list(lookup.USE_VERBS.finditer(text)):  # "which door type is used in this house"
            plan.notes.append(f"{used.group(0)!r}: says the elements are in use, which every element is")
            text = _mask(text, used.start(), used.end())
        for match in list(re.finditer(r"(?<![\w-])[\w][\w./-]*[\w]", text)):  # "door Tür-014", "GroundFloor_Door1"
            token = match.group(0)
            found = self._identifiers().get(token) if re.search(r"[\d_]", token) else None
            if found:
                plan.elements.extend(found)
                plan.notes.append(f"{_as_written(plan.question, token)!r}: the element(s) named so ({len(found)})")
                text = _mask(text, match.start(), match.end())
        plan.resolved["lookup_frame"] = True
        plan.notes.append(f"lookup: {frame.term!r}" + (f" (read as {frame.key!r})" if frame.key else
                                                         " (read by property name)"))
        return _lookup_unit(plan, text, frame), frame

    def _compare_elements(self, plan: Plan, text: str) -> bool:
        """Two elements named exactly (GlobalId, Name, Tag) compared by the attribute a comparative names
        (``element_compare``): each side read as the lookup "<attribute> of <side>"; a yes/no (or, for "which is
        heavier, A or B", the element) stating both values. A side that names no single element leaves the question
        to the other passes; a side that records no number for the attribute declines saying so."""
        if self._framing:
            return False
        frame = element_compare.find(text)
        if frame is None:
            return False
        sides = []
        self._framing = True
        try:
            for side in (frame.a, frame.b):
                sub = self.parse(f"what is the {frame.attribute} of {side}")
                sides.append(sub)
        finally:
            self._framing = False
        if any(sub.declined is not None or sub.intent != "lookup" or len(set(sub.elements)) != 1 for sub in sides):
            return False
        key = lookup.words().attributes[frame.attribute]["key"]
        values = []
        for side, sub in zip((frame.a, frame.b), sides, strict=True):
            result = lookup.lookup(self.index, lookup.Frame(frame.attribute, key), sub.elements[:1])
            reading = next(iter(result.readings.values()), None)
            value = reading.value if reading is not None else None
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                _decline(plan, f"{side!r} records no {frame.attribute} as a number, so the two cannot be compared",
                         [], f"Ask for the {frame.attribute} of each element.")
                return True
            values.append((_as_written(plan.question, side), sub.elements[0], float(value),
                           reading.unit if reading else None,
                           f"{reading.name} ({reading.source})" if reading else ""))
        plan.elements = [values[0][1], values[1][1]]
        found = [e for g in plan.elements if (e := self.index.find(g)) is not None]
        plan.classes = [ClassFilter(c, c, (c,)) for c in dict.fromkeys(e.ifc_class for e in found)]
        plan.intent = "compare"
        plan.resolved["element_compare"] = {"comparative": frame.comparative, "attribute": frame.attribute,
                                            "larger": frame.larger, "which": frame.which, "sides": values}
        plan.notes.append(f"{frame.comparative!r}: the {frame.attribute} of {frame.a!r} and of {frame.b!r} compared")
        return True

    def _property_mentions(self, plan: Plan, text: str) -> str:
        """Words naming a property the model holds that another pass would misread ("max" as an aggregate, a dot
        or parentheses splitting them: "Max. Operating temperature", "Heat Transfer Coefficient (U)", "maximum
        riser height") joined into one token, so the lookup reads them as that property (``property_names``)."""
        if not hasattr(self, "_held"):
            self._holds("")
        text, joined = property_names.join_mentions(text, self._held)
        for raw in joined:
            plan.notes.append(f"{raw!r}: the name of a property the model holds, read as one attribute")
        return text

    def _reported(self, plan: Plan, text: str) -> str:
        """A fault reported on an element named exactly (GlobalId, Name, Tag), then a question referring back to it
        ("... window 145788 is leaking. What level is it on?", spatial/reported.py): the question asked of that
        element; the report's words say why and are not read. Otherwise the text is left as written."""
        if self._framing:
            return text
        after = reported.trailing(text)  # "What floor is window 286105 on? It's cracked."
        if after is not None and (self._names_in(after[0], " ".join(self._stripped.casefold().split(" ")))[0]):
            plan.notes.append(f"{after[1]!r}: a remark on the element the question names, not read")
            return after[0]
        which = reported.split_which(text)
        subject = self._reported_subject(which) if which is not None else None
        if which is not None and subject is not None:  # "door of room 9 squeaks. Which door is it?"
            plan.notes.append(f"{which.report!r}: a report on the {subject}, read as {'which ' + subject!r}")
            return "which " + subject
        pair = reported.split(text)
        raw = reported.split(" ".join(self._stripped.casefold().split(" ")))  # GlobalIds still blank runs here
        if pair is None or raw is None:
            return text
        own = self._names_in(pair.question)[0]
        if own or re.search(r"\s{22,}", raw.question):  # the question names an element itself
            if own is not None and own == self._names_in(pair.report, raw.report)[0]:
                plan.notes.append(f"{pair.report!r}: a report on what the question names, not read")
                return pair.question
            return text
        naming, cls = self._names_in(pair.report, raw.report)
        if naming is None or not naming.strip() or any(
                _CLASS_KEYS[m.group(0)] != cls for m in _CLASS_PATTERN.finditer(pair.report)):
            return text  # nothing named exactly (round 22: a blank name put in made "that room" the whole model),
            # or the report names other things too ("door 12 ... the windows")
        noun = pair.back.group("noun")
        if noun is not None:
            key = _CLASS_KEYS.get(noun)
            if key is None and noun not in ("one", "element", "thing", "unit", "item", "part"):
                return text  # "that floor", "this problem": no reference to the element
            if key is not None and cls is not None and key != cls:
                return text  # "window 145788 is leaking. which room is that door in?": another thing
        new = reported.rewrite(pair, naming)
        plan.notes.append(f"{pair.report!r}: a report on {naming.strip()}, which names it; "
                          f"the question refers back to it, read as {new!r}")
        return new

    def _reported_subject(self, pair: reported.Pair) -> str | None:
        """ "door of room 9 squeaks. Which door is it?", "the window in the kitchen is leaking - which window is
        that?": a fault reported on elements named by class and place, then "which <that class> is it": the
        report's subject. Only when the subject parsed alone reads whole, names that one class and a room or storey
        (never "the door squeaks. which door is it?": which one is not said), and the words after it, the fault,
        name nothing of the model (they say why, and are not read)."""
        asked = reported.WHICH_IS_IT.match(pair.question)
        key = _CLASS_KEYS.get(asked["noun"]) if asked is not None else None
        if key is None:
            return None
        self._framing = True
        try:
            sub = self.parse(pair.report)
            unread = [w.casefold() for w in sub.unconsumed]
            first = min((m.start() for w in unread
                         for m in re.finditer(rf"(?<![\w]){re.escape(w)}(?![\w])", pair.report)), default=None)
            if first is None:
                return None
            subject = reported.AUX_END.sub("", pair.report[:first]).strip()
            own = self.parse(subject)
        finally:
            self._framing = False
        if not self._is_context(pair.report[first:], False):
            return None
        if own.declined is not None or own.unconsumed or {c.key for c in own.classes} != {key} or not (
                own.rooms or any(m.storeys and not m.negated for m in own.mentions)) or (
                own.exclude or own.exclude_classes or own.threshold is not None or own.measure is not None
                or own.explicit or own.unresolved or any(r.negated for r in own.rooms)):
            return None
        return re.sub(r"^(?:the|a|an|our|der|die|das)\s+", "", subject)

    def _names_in(self, text: str, raw: str = "") -> tuple[str | None, str | None]:
        """The phrase that names elements exactly in ``text`` ("door 285996", "the Terrassentuer", "door" before a
        GlobalId blanked out) and its class key; (None, None) when it names none or several things."""
        found: list[tuple[str, str | None]] = []
        blank = re.search(r"(?:\b(?P<cls>[^\W\d_][\w-]*)\s)?\s{22,}", raw)
        if blank is not None:
            key = _CLASS_KEYS.get(blank.group("cls") or "")
            found.append((blank.group("cls") if key else "", key))
        vocabulary = _vocabulary_words()
        for match in re.finditer(r"(?<![\w-])[\w][\w./-]*[\w]", text):
            token = match.group(0)
            before = re.search(r"([^\W\d_]+)\s+$", text[:match.start()])
            key = _CLASS_KEYS.get(before.group(1)) if before is not None else None
            guids = self._identifiers().get(token, [])
            if not guids or token in _CLASS_KEYS or token in _FILLER:
                continue
            if not re.search(r"[^\W\d_]", token):  # a bare number names an element only after its class word
                if key is None:
                    continue
                wanted = self.class_filter(key).classes
                guids = [g for g in guids if (e := self.index.find(g)) is not None
                         and any(self.index.is_a(e, c) for c in wanted)]
            elif not re.search(r"[\d_]", token) and (token in vocabulary or len(token) < 5 or len(guids) > 5):
                continue  # an ordinary word some element happens to be named
            if guids:
                found.append((f"{before.group(1)} {token}" if key is not None and before is not None else token, key))
        for only in re.finditer(r"\b(?:the|der|die|das)\s+(?P<w>[^\W\d_][\w-]*)", text):  # "the boiler": the one
            key = _CLASS_KEYS.get(only.group("w"))
            if key is not None and key != "spaces" and not any(only.group("w") in f[0] for f in found) and len(
                    {e.id for c in self.class_filter(key).classes for e in self.index.by_class(c)}) == 1:
                found.append((only.group(0), key))
        if len(found) != 1:
            return None, None
        return found[0]

    def _class_then_identifier(self, plan: Plan, text: str) -> str:
        """Outside a lookup ("is door 285860 external?", "is Innentuer-2 a fire exit?"): an element's whole Name
        or Tag written as one token of letters with digits or "_" names those elements, as a GlobalId would; a
        bare number only right after a class word, and then only elements of that class (anywhere else a number is
        a count, a bound or a storey)."""
        for match in list(re.finditer(r"(?<![\w-])[\w][\w./-]*[\w]", text)):
            token = match.group(0)
            if not re.search(r"[\d_]", token):
                continue
            before = re.search(r"([^\W\d_]+)\s+$", text[:match.start()])
            after_class = before is not None and _CLASS_PATTERN.fullmatch(before.group(1)) is not None
            if not after_class and not re.search(r"[^\W\d_]", token):
                continue
            found = self._identifiers().get(token, [])
            if after_class and before is not None:
                key = _CLASS_KEYS.get(normalise(before.group(1)))
                wanted = self.class_filter(key).classes if key is not None else ()
                found = [g for g in found if (e := self.index.find(g)) is not None
                         and any(self.index.is_a(e, c) for c in wanted)]
            if found:
                plan.elements.extend(found)
                plan.notes.append(f"{_as_written(plan.question, token)!r}: the element(s) named or tagged so "
                                  f"({len(found)})")
                text = _mask(text, match.start(), match.end())
        return text

    def _each_storey_parts(self, plan: Plan, text: str) -> lookup.Frame | None:
        """Several attributes per storey: the list reduced to its first (``multi_lookup``), then read per storey."""
        reduced, parts = multi_lookup.split(text, self._holds)
        frame = per_storey.find(reduced, self._holds) if parts else None
        if frame is None or not (frame.term == parts[0]["term"] or frame.key == parts[0]["key"] or (
                frame.key == "floor-to-floor height" and parts[0]["key"] == "height")):
            return None
        plan.resolved["lookup_parts"] = [dict(p, key=p["key"] if i else frame.key) for i, p in enumerate(parts)]
        plan.resolved["lookup_text"] = reduced
        plan.notes.append("lookup of several attributes: " + ", ".join(repr(p["term"]) for p in parts))
        return frame

    def _where_not_elevation(self, frame: lookup.Frame, text: str) -> bool:
        """ "on which level is the kitchen": where it is (its storey), not an elevation, unless a storey is what
        the question names ("on what level is the Dachgeschoss" still asks the storey's elevation)."""
        if frame.key != "elevation" or not re.match(r"on\s+(?:what|which)\s+level", frame.term):
            return False
        return not any(pattern.search(text) for _, pattern in self._name_patterns)

    def _find_frame(self, plan: Plan, text: str) -> lookup.Frame | None:
        """The lookup frame; with a list of attributes ("the width and height of", ``multi_lookup``) the frame of
        its first, the parts kept in ``plan.resolved["lookup_parts"]`` when the frame reads that first term."""
        is_class = lambda words: bool(_CLASS_PATTERN.search(words))  # noqa: E731
        second = multi_lookup.second_clause(text, self._holds)  # "what do the pumps weigh and what is their X?"
        if second is not None:
            reduced, part = second
            frame = lookup.find_frame(reduced, is_class, self._holds, self._holds_words, self._holds_value_words)
            if frame is not None:
                plan.resolved["lookup_parts"] = [{"term": frame.term, "key": frame.key}, part]
                plan.resolved["lookup_text"] = reduced
                plan.notes.append(f"lookup of several attributes: {frame.term!r}, {part['term']!r} (a second clause)")
                return frame
        reduced, parts = multi_lookup.split(text, self._holds)
        if parts:
            frame = lookup.find_frame(reduced, is_class, self._holds, self._holds_words, self._holds_value_words)
            first = parts[0]
            if frame is not None and (frame.term == first["term"] or (frame.key and frame.key == first["key"])):
                plan.resolved["lookup_parts"] = [dict(p, key=p["key"] if i else frame.key)
                                                 for i, p in enumerate(parts)]
                plan.resolved["lookup_text"] = reduced
                plan.notes.append("lookup of several attributes: " + ", ".join(repr(p["term"]) for p in parts))
                return frame
        frame = lookup.find_frame(text, is_class, self._holds, self._holds_words, self._holds_value_words)
        asked = units_asked.find(text) if frame is None else None
        if asked is not None:  # round 11: "Fenster-009 width in meters?": the frame read with the unit set aside
            # (the unit pass reads it after, ``_lookup_unit``)
            frame = lookup.find_frame(_mask(text, asked.start, asked.end), is_class, self._holds, self._holds_words,
                                      self._holds_value_words)
        return frame

    def _identifiers(self) -> dict[str, list[str]]:
        """Element Names and Tags written as one token (normalised) -> GlobalIds; spatial elements are named by
        the room and storey passes, so they are left out. A label an opening (or other feature element) shares
        with a product names the product (Revit and ArchiCAD give a door's opening the door's Tag or Name); a
        label only a type object holds ("DT01") names the type's occurrences."""
        if not hasattr(self, "_idents"):
            products: dict[str, list[str]] = {}
            features: dict[str, list[str]] = {}
            types: dict[str, list[str]] = {}
            elements = self.index.data.elements
            for e in elements.values():
                if not e.guid or e.ifc_class in (
                        "IfcSpace", "IfcBuildingStorey", "IfcBuilding", "IfcSite", "IfcProject", "IfcZone"):
                    continue
                is_type = e.ifc_class.endswith(("Type", "Style")) or bool(e.instances)
                if is_type:
                    occurrences = [o.guid for i in e.instances if (o := elements.get(i)) is not None and o.guid]
                    if e.name and " " not in e.name.strip() and occurrences:
                        types.setdefault(normalise(e.name), []).extend(occurrences)
                    continue
                target = features if self.index.is_a(e, "IfcFeatureElement") else products
                for label in {e.name, e.tag}:
                    if label and " " not in label.strip():
                        target.setdefault(normalise(label), []).append(e.guid)
            out = dict(products)
            for label, guids in features.items():
                out.setdefault(label, guids)
            for label, guids in types.items():
                out.setdefault(label, list(dict.fromkeys(guids)))
            self._idents = out
        return self._idents

    def _holds(self, term: str) -> bool:
        """Whether any element of the model holds a property, quantity or attribute named like ``term``."""
        if not hasattr(self, "_held"):
            self._held = frozenset(lookup.held_names(self.index, list(self.index.data.elements.values())))
        return lookup.letters(term) in self._held or property_names.key(term) in self._held

    def _set_names(self) -> frozenset[str]:
        """The model's property and quantity set names, case-folded (never read as a 22-character GlobalId)."""
        if not hasattr(self, "_set_names_cache"):
            self._set_names_cache = frozenset(n.casefold() for e in self.index.data.elements.values()
                                              for group in (e.psets, e.qtos) for n in group if n) | frozenset(
                w.casefold() for t in self._all_type_names() for w in t.split())  # round 13: "IFC2x_WindowDoubleVert"
        return self._set_names_cache

    def _set_mentions(self, plan: Plan, text: str) -> str:
        """A property written with its set ("Pset_SpaceHeaterTypeCommon.OutputCapacity", "Wall Closure
        (PSet_Revit_Type_Construction)"): the set's words blanked and the set kept for the lookup, which then reads
        the property in that set only (``property_match.set_mention``)."""
        if not hasattr(self, "_set_props"):
            sets: dict[str, set[str]] = {}
            for e in self.index.data.elements.values():
                for group in (e.psets, e.qtos):
                    for name, props in group.items():
                        if name:
                            sets.setdefault(name, set()).update("".join(property_match.words(p)) for p in props)
            self._set_props = {k: frozenset(v) for k, v in sets.items()}
        text, set_name, written = property_match.set_mention(text, self._set_props)
        if set_name is not None:
            plan.resolved["lookup_set"] = set_name
            plan.notes.append(f"{written!r}: the property set {set_name!r}, the property read in it only")
        return text

    def _long_names(self, plan: Plan, text: str) -> str:
        """A held property's long name written word for word ("Latent Heat Gain per person", "Underside of
        Winders") joined into one token, so that no frame or pass splits it at its "of" / "per" / number
        (``property_match.join_names``)."""
        text, joined = property_match.join_names(text, self._value_name_words())
        for raw in joined:
            plan.notes.append(f"{raw!r}: the name of a property the model holds, read as one attribute")
        return text

    def _holds_value_words(self, term: str) -> bool:
        """:meth:`_holds_words` over the properties that hold no boolean ("mark", not "load bearing")."""
        if not self._holds_words(term):
            return False
        asked = set(property_match.asked_words(term))
        return any(asked <= set(held) for held in self._value_name_words())

    def _value_name_words(self) -> frozenset[tuple[str, ...]]:
        """The words of every held name but a boolean's (which filters: "walls that extend to structure")."""
        if not hasattr(self, "_held_words"):
            booleans = {p for e in self.index.data.elements.values() for group in (e.psets, e.qtos)
                        for props in group.values() for p, v in props.items() if isinstance(v.value, bool)}
            self._held_words = frozenset(property_match.words(n) for n in self._held_name_list() if n not in booleans)
        return self._held_words

    def _held_name_list(self) -> tuple[str, ...]:
        if not hasattr(self, "_held_names"):
            self._held_names = tuple(set(lookup.held_names(self.index, list(self.index.data.elements.values()))
                                         .values()))
        return self._held_names

    def _holds_words(self, term: str) -> bool:
        """Whether ``term`` names a held property by its spelling (``_holds``) or by its words (``property_match``:
        "output" of OutputCapacity, "floor finishes" of 'Floor Finish'); words that are all words of the model's
        storey and space names name a place, not a property."""
        if self._holds(term):
            return True
        asked = set(property_match.asked_words(term))
        if not property_match.usable(term) or asked <= {property_match.word_key(w) for w in self._name_words()}:
            return False
        return property_match.holds_words(term, self._held_name_list())

    def _lookup_subject(self, plan: Plan, frame: lookup.Frame | None, guids: list[str]) -> None:
        """GlobalIds written out name exactly those elements; a lookup frame makes the plan a lookup."""
        guids = guids + [g for g in plan.elements if g not in guids]  # and those named by Name/Tag
        if guids and plan.declined is not None and not plan.declined.get("not_understood") and not any(
                n.startswith("refused") for n in plan.notes):  # "how wide is GroundFloor_Door1": named, not unknown
            plan.declined, plan.intent = None, "list"
            if frame is None and plan.qualifiers and re.match(r"\W*(?:is|are|does|do|has|have|ist|sind|hat)\b",
                                                              normalise(plan.question)):
                plan.intent = "exists"  # "is Innentuer-2 a fire exit?": yes/no on the named element
        if guids and plan.declined is None:
            missing = [g for g in guids if self.index.find(g) is None]
            if missing:
                _decline(plan, "this model has no element with GlobalId " + ", ".join(repr(g) for g in missing),
                         [], "Ask about an element of this model by its GlobalId, name or room.")
                return
            plan.elements = list(dict.fromkeys(guids))
            if not plan.classes or all(c.inventory for c in plan.classes):
                found = [e for g in plan.elements if (e := self.index.find(g)) is not None]
                classes = list(dict.fromkeys(e.ifc_class for e in found))
                plan.classes = [ClassFilter(c, c, (c,)) for c in classes]
                if plan.intent in ("unanswerable",):
                    plan.intent = "list"
        if frame is None or plan.declined is not None:
            return
        plan.lookup = frame.to_dict()
        if plan.resolved.get("lookup_layer"):
            plan.lookup["layer"] = plan.resolved["lookup_layer"]
        if plan.resolved.get("lookup_set"):
            plan.lookup["set"] = plan.resolved["lookup_set"]
        if plan.resolved.get("each_storey"):
            plan.lookup["each_storey"] = True
        singular = singular_asked.find(normalise(plan.question), lambda w: w in _CLASS_KEYS)
        if singular is not None and not plan.lookup.get("layer") and any(
                c.key == _CLASS_KEYS[singular] for c in plan.classes):  # round 11: "the door's width": one door
            plan.lookup["singular"] = singular  # presumed (lookup_answer checks it); only the subject's own class
        if plan.resolved.get("lookup_parts"):
            plan.lookup["parts"] = plan.resolved["lookup_parts"]
        spec = lookup.words().attributes.get(frame.key or "", {})
        if spec.get("subject") == "storey" and not plan.storeys:
            self._storey_named_as_class(plan)  # round 11: "Roof - elevation?", the storey named Roof
        if spec.get("subject") != "storey" and plan.classes and all(c.inventory for c in plan.classes):
            for m in plan.mentions:  # "what is the roof made of": the roof, not the storey named Roof
                key = _CLASS_KEYS.get(normalise(m.term))
                if key is not None and m.storeys and not m.negated:
                    plan.storeys = [g for g in plan.storeys if g not in m.storeys]
                    plan.storey_names = [self.resolver.labels[g] for g in plan.storeys]
                    plan.classes = [self.class_filter(key)]
                    plan.notes.append(f"lookup: {m.term!r} read as the class, not the storey")
                    break
        plan.intent = "lookup"

    def _storey_named_as_class(self, plan: Plan) -> None:
        """A storey attribute ("elevation") asked of a word that is both a class word and the whole name of one of the
        model's storeys ("what is the elevation of Roof", "Roof - elevation?"): an IfcRoof has no elevation, the
        storey named so does. Only when every class the plan holds is such a name (round 11)."""
        text = normalise(plan.question)
        found: list[Storey] = []
        for group, pattern in self._name_patterns:
            if len(group) == 1 and pattern.search(text) and _CLASS_KEYS.get(normalise(group[0].name)) is not None:
                found.append(group[0])
        keys = {_CLASS_KEYS.get(normalise(s.name)) for s in found}
        if len(found) != 1 or not plan.classes or any(c.key not in keys for c in plan.classes):
            return
        plan.storeys = [found[0].guid]
        plan.storey_names = [self.resolver.labels[found[0].guid]]
        plan.classes = []
        plan.notes.append(f"lookup: {found[0].name!r} read as the storey (a storey's attribute is asked)")

    def _measure_typos(self, plan: Plan, text: str) -> str:
        """A word one letter away (an insertion, a deletion, a change or two letters swapped) from exactly one
        operation or quantity word of the data file's ``typo_targets`` ("avrage", "totl", "lenght", "heigth",
        "volumne") is read as that word, and the plan notes it; never a word the vocabularies or the model's storey,
        space and type names hold."""
        vocab = _measure_vocab()
        out = text
        for m in reversed(list(re.finditer(r"(?<![\w])[^\W\d_]{4,}(?![\w])", text))):
            word = m.group(0)
            if word in vocab or word in _FILLER or word in _CLASS_KEYS or word in self._name_words():
                continue
            close = [v for v in _typo_targets() if abs(len(v) - len(word)) <= 1 and _one_edit(word, v)]
            if len(close) != 1:
                continue
            out = out[:m.start()] + close[0] + out[m.end():]
            plan.notes.append(f"{word!r} read as {close[0]!r}")
        return out

    def _name_words(self) -> frozenset[str]:
        if not hasattr(self, "_names_cache"):
            names = [s.name or "" for s in self.resolver.storeys]
            names += [t for e in self.index.data.elements.values() if e.ifc_class in ("IfcSpace", "IfcZone")
                      for t in (e.name or "", e.long_name or "", e.object_type or "")]
            self._names_cache = frozenset(w for n in names for w in re.findall(r"[^\W\d_]+", normalise(n)))
        return self._names_cache

    # -- refusals, explicit classes, thresholds, rooms, qualifiers, measures (issue 22) ----------------
    def _refuse(self, plan: Plan, text: str) -> bool:
        """Writes, costs, schedules, opinions: what an IFC file cannot answer is declined, saying why."""
        for name, (patterns, why, instead) in REFUSALS.items():
            if name in refusal_scope.SCOPED and any(p.search(text) for p in patterns) and \
                    refusal_scope.said_only_beside(plan.question, patterns):  # round 24: a price of another thing
                plan.notes.append(f"not refused ({name}): its words are said beside the ask, of other things")
                continue
            for pattern in patterns:
                found = pattern.search(text)
                if found:
                    plan.notes.append(f"refused ({name}): {found.group(0)!r}")
                    _decline(plan, why, [_as_written(plan.question, found.group(0))],
                             f"Instead, {instead}.")
                    return True
        return False

    def _explicit(self, plan: Plan, text: str) -> str:
        """IFC class names written out ("IfcBoiler", "IFCWINDOW"): always honoured, exactly that class."""
        for match in list(re.finditer(r"(?<![\w])ifc[a-z0-9]{3,}(?![\w])", text)):
            word = match.group(0)
            name = _ifc_name(word)
            if name is None:
                plan.unconsumed.append(_as_written(plan.question, word))
                plan.notes.append(f"{word!r} is not an IFC class name")
            else:
                classes = subclasses(self.index.schema, name)
                types = tuple(t for suffix in ("Type", "Style") for t in subclasses(self.index.schema, name + suffix))
                if not classes and not types:
                    plan.notes.append(f"the {self.index.schema} schema has no {name}")
                plan.explicit.append(name)
                out = two_sided.explicit_taken_out(text, match.start(), match.end())  # round 17: "except IfcWall"
                (plan.classes if out is None else plan.exclude_classes).append(
                    ClassFilter(name, f"{name} elements", classes, types))
                text = text if out is None else _mask(text, *out)
            noun = _EXPLICIT_NOUN.match(text, match.end())  # round 18: "IfcSpace objects": the class's own noun,
            text = _mask(text, match.start(), noun.end() if noun else match.end())  # never what a room holds
        return text

    def _threshold(self, plan: Plan, text: str) -> str:
        """ "more than 10", "at least 3", "mehr als 5" before a bare number: a yes/no question on the count; "20 or
        more doors", "5 oder weniger"; with "the number of" also "higher / greater / lower than 10"."""
        found = _THRESHOLD.search(text)
        if found is None:
            return self._count_bound(plan, text)
        if self._dimension_before(text, found.start()):
            return text  # "a U-value above 3", "width over 900": a property compared, not a count
        n = found.group("n")
        plan.threshold = {"op": THRESHOLD_WORDS[found.group("word")], "n": int(n) if n.isdigit() else ORDINALS[n],
                          "term": found.group(0)}
        return _mask(text, found.start(), found.end())

    def _is_the_most(self, plan: Plan, text: str) -> None:
        """ "Is the EG the floor with the most doors?", "does Level 2 have the fewest windows?", "is the Keller the
        storey with the largest room area?": the storeys ranked over the whole model and a yes/no on whether the named
        one is (one of) the first, not the ranking of that storey alone."""
        named = [m for m in plan.mentions if m.storeys and not m.negated]
        yes_no = re.match(r"(?:is|are|does|do|has|have|hat|ist|sind)\b", _question_sentence(text))
        if (not yes_no or len(named) != 1 or len(named[0].storeys) != 1 or plan.group_by != "storey" or plan.compare
                or plan.declined is not None or plan.threshold is not None or plan.rooms or plan.every_storey):
            return
        measure = plan.resolved.get("measure")
        first = _words_pattern(("most", "fewest", "least", "meisten", "wenigsten")).search(_BOUND_WORDS.sub(" ", text))
        if measure is not None and measure.op in ("max", "min", "sum") and (first or measure.op != "sum"):
            if measure.raw is not None and (measure.raw.attached and measure.quantity in _ADDITIVE
                                            or _TOTAL_WORDS.search(text)):  # "the largest room area": the sums
                plan.resolved["rank_sum"] = True
                plan.resolved["measure"] = resolve.Measure(measure.term, measure.start, measure.end, measure.quantity,
                                                           "sum", raw=measure.raw)
                assert plan.measure is not None
                plan.measure["op"] = "sum"
            elif measure.op == "sum":
                return
            plan.least = bool(_LEAST_MEASURE.search(text))
        elif measure is not None or (plan.intent != "most" and first is None):
            return
        elif first is not None:
            plan.least = first.group(0) in ("fewest", "least", "wenigsten")
        plan.intent = "most"
        plan.resolved["is_most"] = named[0].storeys[0]
        plan.storeys, plan.storey_names = [], []
        plan.notes.append(f"is {named[0].term!r} the storey ranked first: every storey ranked")

    def _most_of_each(self, plan: Plan, text: str) -> None:
        """ "which office has the most net floor area": the one element (room) with the largest value, never the
        sum over all of them; "which storey has the most floor area" keeps the sums per storey."""
        measure = plan.resolved.get("measure")
        asked = _WHICH_NOUN.match(text)
        if measure is None or plan.measure is None or measure.op != "sum" or asked is None or len(plan.storeys) > 1:
            return
        before = text[max(0, measure.start - 30):measure.start]
        if asked.group("noun") in STOREY_NOUNS or not _MOST_BEFORE.search(before):
            return
        op = "min" if plan.least else "max"
        plan.resolved["measure"] = resolve.Measure(measure.term, measure.start, measure.end, measure.quantity, op,
                                                   raw=measure.raw)
        plan.measure["op"] = op
        plan.notes.append(f"'the {'least' if plan.least else 'most'} {measure.term}' of one of them: the {op}imum")

    def _storeys_by_measure(self, plan: Plan, text: str) -> None:
        """ "list the storeys with their floor area": the measure per storey; "which floors have a total room area
        over 450 m²", "which floors have more than 450 m² of rooms": the storeys whose sum passes the bound."""
        if plan.measure is None or plan.declined is not None or plan.rooms or plan.compare:
            return
        if _STOREYS_WITH_THEIR.search(text) and plan.measure["op"] in ("sum", "mean"):
            plan.intent, plan.group_by, plan.asks_storey = "breakdown", "storey", False
            return
        if plan.resolved.get("sum_threshold") is not None and _WHICH_STOREY.search(text):
            plan.intent, plan.asks_storey = "most", False
            plan.resolved["storey_filter"] = True
            plan.notes.append("the storeys whose sum passes the bound")

    def _is_the_extreme_room(self, plan: Plan, text: str) -> None:
        """ "Is the living room the biggest room?", "is B202 the smallest room on Level 2?": the named room(s) against
        every space in scope (the storeys named, else the model), a yes/no, not the named room's size."""
        measure = plan.resolved.get("measure")
        subjects = [r for r in plan.rooms if r.role == "subject" and not r.negated and r.guids]
        if (measure is None or measure.raw is None or not measure.raw.superlative or len(subjects) != 1
                or len(plan.rooms) != 1 or not re.match(r"(?:is|ist|are|sind)\b", text) or plan.declined is not None
                or not re.search(r"\b(?:rooms?|spaces?|raum|zimmer)\b", text[measure.end:])):
            return
        plan.resolved["is_extreme"] = list(subjects[0].guids)
        plan.intent = "exists"
        plan.notes.append(f"is {subjects[0].term!r} the {measure.term}: every space in scope compared")

    def _count_grammar(self, plan: Plan, text: str, masked: str) -> str:
        """More forms of count comparisons over storeys and classes:

        - "which floor has the greatest number of windows", "the lowest number of doors": most / fewest;
        - "where are most of the doors": the storey(s) with the most;
        - "are there more doors or windows (on Level 1)?": which of two classes has more (the counts stated);
        - "do all floors have the same number of windows?": a yes/no on every storey's count being equal;
        - "rank the floors by number of doors", "sort the storeys by window count": the count per storey.
        """
        if plan.declined is not None or plan.measure is not None or plan.rooms:
            return masked
        number = _MOST_NUMBER.search(text)
        if number is not None and plan.intent in ("list", "count") and not plan.compare and plan.threshold is None:
            plan.intent = "most"  # "which floor has the greatest number of windows"
            plan.least = number.group("w") in ("smallest", "lowest", "fewest", "geringste", "kleinste", "niedrigste")
            plan.asks_storey = False
            return _mask(masked, number.start(), number.end())
        if re.match(r"(?:where|wo)\b", text) and (most := re.search(r"\b(?:most|the most|die meisten)\s+(?:of\s+)?",
                                                                    masked)) and plan.intent == "list":
            plan.intent, plan.asks_storey = "most", False  # "where are most of the doors"
            return _mask(masked, most.start(), most.end())
        things = [c for c in plan.classes if c.key not in ("spaces", "inventory")]
        which = _MORE_OR.search(text)
        if which is not None and len(things) == 2 and not plan.compare and plan.threshold is None and not any(
                m.storeys and not m.negated for m in plan.mentions if m.how != "alias:all") or (
                which is not None and len(things) == 2 and len([m for m in plan.mentions if m.storeys]) <= 1):
            plan.intent, plan.compare_classes, plan.classes = "compare", True, things  # "more doors or windows?"
            plan.least = which.group("w") in ("fewer", "less", "weniger")
            plan.compare_op = "<" if plan.least else ">"
            plan.resolved["which_class"] = True
            plan.asks_storey = False
            return _mask(masked, which.start("w"), which.end("w"))
        named = {g for m in plan.mentions if m.storeys and not m.negated and m.how != "alias:all" for g in m.storeys}
        counted = things or [c for c in plan.classes if c.key == "spaces"]  # "more rooms in A or B?"
        if which is not None and len(counted) == 1 and len(named) == 2 and not plan.compare and \
                plan.threshold is None and plan.intent in ("list", "count", "exists"):
            plan.intent, plan.asks_storey = "most", False  # "more doors downstairs or upstairs?": the one with more
            plan.least = which.group("w") in ("fewer", "less", "weniger")
            plan.notes.append(f"{which.group('w')!r} ... or: which of the two storeys has {which.group('w')}")
            return _mask(masked, which.start("w"), which.end("w"))
        where_more = _WHICH_MORE.search(text)
        if where_more is not None and len(counted) == 1 and len(named) >= 2 and not plan.compare and \
                plan.threshold is None and plan.intent in ("list", "count", "exists"):
            plan.intent, plan.asks_storey = "most", False  # round 11: "die beiden Obergeschosse: wo gibt es mehr
            plan.least = where_more.group("w") in ("fewer", "less", "weniger")  # Türen?": which of them, not "yes"
            plan.notes.append(f"{where_more.group(0)!r} of the {len(named)} storeys named: which of them has "
                              f"{where_more.group('w')}")
            return _mask(masked, where_more.start("w"), where_more.end("w"))
        same = _SAME.search(text)
        every = any(m.how == "alias:all" for m in plan.mentions) or _EVERY_STOREY.search(text)
        if same is not None and every and len(things) >= 1 and plan.intent != "compare":
            plan.intent, plan.storeys, plan.storey_names = "exists", [], []  # "do all floors have the same number"
            plan.every_storey = False
            plan.resolved["all_same"] = True
            masked = _mask(masked, same.start(), same.end())
            return _EVERY_STOREY.sub(lambda m: " " * len(m.group(0)), masked)
        ranked = _RANK_BY.search(text)
        if ranked is not None and plan.intent in ("list", "count", "breakdown"):
            plan.intent, plan.asks_storey = "breakdown", False  # "rank the floors by number of doors"
            return _mask(masked, ranked.start(), ranked.end())
        return masked

    def _count_bound(self, plan: Plan, text: str) -> str:
        """The other forms of a bound on a count: "20 or more doors", "3 or fewer", "10+ windows", "20 oder mehr";
        "is the number of windows higher than 10" (a comparative of size bounds a count only after "number of":
        "windows higher than 2 m" is a height)."""
        found = _OR_MORE.search(text)
        if found is not None:
            op = "<=" if found.group("dir") in ("fewer", "less", "weniger") else ">="
        elif _NUMBER_OF.search(text) and (found := _COUNT_COMPARATIVE.search(text)) is not None:
            op = "<" if found.group("dir") in ("lower", "smaller", "niedriger", "kleiner") else ">"
        else:
            return text
        plan.threshold = {"op": op, "n": int(found.group("n")), "term": found.group(0)}
        return _mask(text, found.start(), found.end())

    @staticmethod
    def _dimension_before(text: str, start: int) -> bool:
        """Whether a dimension word of the qualifier vocabulary ("U-value", "width", "Höhe") stands right before
        ``start`` (at most two words between)."""
        from ifcqa.spatial.qualifiers import words
        from ifcqa.spatial.spaces import fold

        before = fold(text[max(0, start - 40):start])
        pattern = words().dimension_words[0]
        return any(len(before[m.end():].split()) <= 2 for m in pattern.finditer(before))

    def _rooms_and_classes(self, plan: Plan, text: str) -> str:
        """Rooms (by number, name or function) and class words; a word read both ways keeps the reading that
        matches something in this model (the class when both do)."""
        zones, text = self._zones(text)
        rooms = zones + [r for r in resolve.find_rooms(self.index, text) if r.term.strip()]
        rooms += self._numbered_contents(text, rooms)
        spans = [(m.start(), m.end()) for m in _CLASS_PATTERN.finditer(text)]
        measured = quantity_reading.room_quantity_spans(text)  # "the total living space": a quantity, no room
        kept = []
        for room in rooms:
            if quantity_reading.inside(measured, room.start, room.end):
                continue
            clash = [(a, b) for a, b in spans if a < room.end and room.start < b]
            # a room the model lacks yields to a class word only when its words are that class word and no more
            # ("toilets": the fixtures); "boiler room" names a room, and the answer says there is none
            covered = sum(min(b, room.end) - max(a, room.start) for a, b in clash if _CLASS_KEYS[text[a:b]] != "spaces")
            if clash and not room.guids and covered >= len(text[room.start:room.end].replace(" ", "")):
                continue
            keys = {_CLASS_KEYS[text[a:b]] for a, b in clash}
            if room.guids and room.how in ("long_name", "name_and_long_name", "number_and_name") and all(
                    room.start < a or b < room.end for a, b in clash):  # "Flur 2.OG Treppe": a word of the room's
                keys = set()  # whole name (the class word inside it, never the whole reading)
            if keys and keys != {"spaces"} and any(self._present(k) for k in keys - {"spaces"}):
                continue  # "toilets": the fixtures when the model has any, else the rooms
            if not room.guids and self._names_the_class(text, room, spans):
                continue  # "the entrance door" with no entrance room: the door named so (Eingangstür), grounded later
            kept.append(room)
        kept, unfit = room_appositions.join(text, kept)
        if unfit is not None:  # "B201 (the kitchen)" where B201 is no kitchen: never either room alone
            _decline(plan, room_appositions.unfit_reason(self.index, *unfit), [],
                     f"Name the room by one name, e.g. {unfit[0].term!r}.")
        for room in kept:
            text = _mask(text, room.start, room.end)
            said = _ROOM_NOUN_AFTER.match(text, room.end) if room.guids else None
            if said is not None:  # "the Wohnen room", "die Küche (Raum)": the room's own noun, never a class asked
                text = _mask(text, room.end, said.end())
        plan.resolved["room_spans"] = [(room.start, room.end) for room in kept]
        self._room_quantities = {q.casefold() for room in kept for g in room.guids if (e := self.index.find(g))
                                 for sets in (e.qtos, e.psets) for props in sets.values() for q in props}
        text = self._classes(plan, text)
        if not kept:
            return text
        keys = {c.key for c in plan.classes}
        things = keys - {"spaces", "IfcSpace"}  # round 18: "which IfcSpace objects are not offices": the rooms too
        bounding = bool(things) and things <= _BOUNDING
        role = "subject" if not things else "of" if bounding else "in"
        starts = {r.start for r in kept}
        listing = [m for m in _INVENTORY.finditer(text) if not (  # "list all the bedrooms": the rooms themselves
            m.group(0) in ("list all", "show all") and any(
                st >= m.end() and re.fullmatch(r"\s*(?:the\s+|of\s+the\s+)?(?:(?!(?:in|im|inside|within|on|at|of|from|"
                r"aus|auf)\b)[^\W\d_][\w'-]*\s+){0,2}", text[m.end():st])  # "list all small offices": words that
                for st in starts))]  # narrow the room (read by _room_modifiers), never a place
        held = _held_noun(text, min(starts)) if role == "subject" and not listing else None
        if held is not None:  # "what equipment is in room 102": what the room holds, nothing narrower
            text = _mask(text, *held.span())
            plan.notes.append(f"{held.group(0)!r}: what the room holds (its contents)")
        if role == "subject" and (listing or held is not None):  # "what is in room A101": its contents
            role = "in"
            plan.classes = [c for c in plan.classes if c.key != "spaces"]
        previous: tuple[int, bool] | None = None  # (end, negated) of the room before: "außer Bad und Flur"
        for room in kept:
            guids, start, text, words = self._room_modifiers(plan, text, room)
            negated = False
            neg = (_ROOM_NEGATION if role == "subject" else _ROOM_NOT_IN).search(text, max(0, start - 40), start)
            after = _ROOM_EXCLUDED_AFTER.match(text, room.end) if role == "subject" else None
            if neg is not None and neg.group("neg") == "but" and not re.search(r"\b(?:all|every|everything)\b",
                                                                               text[:neg.start()]):
                neg = None  # "but" takes out only after "all": "all rooms but the bedrooms"
            if neg is not None and (role == "subject" or len(kept) == 1):
                negated = True
                which = "neg" if neg.group("neg") else "non"
                text = _mask(text, neg.start(which), neg.end(which))
            elif after is not None:
                negated = True
                text = _mask(text, after.start(), after.end())
            elif previous is not None and previous[1] and _COORDINATOR.fullmatch(text[previous[0]:start]):
                negated = True  # the negation runs on through a list of rooms
            previous = (room.end, negated)
            plan.rooms.append(RoomRef(f"{words} {room.term}" if words else room.term, room.how, guids, role,
                                      negated))
        if role == "subject" and "spaces" not in keys:
            plan.classes.append(class_filter(self.index.schema, "spaces"))
        return text

    def _named_rooms(self, plan: Plan, text: str) -> tuple[list[RoomRef], str]:
        """Rooms named by a quoted name or after "called" / "named" (``room_names``): the spaces whose Name or
        LongName is exactly that; the words masked. Roles are set once the classes are known (_named_room_roles)."""
        refs = []
        for named in room_names.find(self.index, text):
            ref = RoomRef(named.name, "name", list(named.guids), "subject")
            refs.append(ref)
            plan.rooms.append(ref)
            plan.notes.append(f"{text[named.span[0]:named.span[1]].strip()!r}: the {len(named.guids)} space(s) "
                              f"whose Name or LongName is {named.name!r}")
            text = _mask(text, *named.span)
        return refs, text

    def _named_room_roles(self, plan: Plan, refs: list[RoomRef]) -> None:
        if not refs:
            return
        things = {c.key for c in plan.classes} - {"spaces"}
        role = "subject" if not things else "of" if things <= _BOUNDING else "in"
        for ref in refs:
            ref.role = role
        if role == "subject" and not any(c.key == "spaces" for c in plan.classes):
            plan.classes.append(class_filter(self.index.schema, "spaces"))

    def _between_rooms(self, plan: Plan, masked: str) -> str:
        """ "the wall between the kitchen and the corridor", "die Tür zwischen Flur und Bad": the elements of the asked
        class with an INTERNAL space boundary to a space of each room (``between.elements``), named exactly as a
        GlobalId would name them; none such declines saying so (never the walls of either room)."""
        found = _BETWEEN.search(masked)
        spans = plan.resolved.get("room_spans", [])
        if found is None or len(plan.rooms) != 2 or len(spans) != 2 or any(r.negated for r in plan.rooms):
            return masked
        (a0, a1), (b0, b1) = sorted(spans)
        if not (found.end() <= a0 and re.fullmatch(r"[\s\w]*?", masked[found.end():a0]) and len(
                masked[found.end():a0].split()) <= 1 and re.fullmatch(r"\s*(?:and|und|&)\s+(?:the\s+|dem\s+|der\s+)?"
                                                                      r"\s*", masked[a1:b0])):
            return masked
        things = [c for c in plan.classes if c.key != "spaces"]
        if not things:
            return masked
        first, second = plan.rooms
        guids = between.elements(self.index, first.guids, second.guids, [c for f in things for c in f.classes])
        said = f"{first.term!r} and {second.term!r}"
        plan.rooms = []
        plan.resolved["room_spans"] = []
        masked = _mask(masked, found.start(), found.end())
        joiner = re.search(r"\b(?:and|und)\b|&", masked[a1:b0])
        if joiner is not None:
            masked = _mask(masked, a1 + joiner.start(), a1 + joiner.end())
        if not guids:
            label = " or ".join(c.label for c in things)
            _decline(plan, f"none of the {label} has a space boundary (IfcRelSpaceBoundary, internal) to both "
                     f"{said}", [], "Ask for the walls, doors or windows of one of the rooms.")
            return masked
        plan.elements.extend(g for g in guids if g not in plan.elements)
        plan.notes.append(f"between {said}: the {len(guids)} element(s) with an internal space boundary to both")
        return masked

    def _room_count_comparison(self, plan: Plan, text: str, masked: str) -> str:
        """ "Are there more rooms called 'Room' than small offices?", "fewer bedrooms than bathrooms?": two groups of
        rooms (both the subject, none negated, nothing else asked) compared by count; a yes/no stating both."""
        rooms = [r for r in plan.rooms if r.role == "subject" and not r.negated]
        others = [c for c in plan.classes if c.key != "spaces"]
        if plan.declined is not None or plan.threshold is not None or len(rooms) != 2 or len(plan.rooms) != 2 \
                or others or plan.qualifiers or plan.measure is not None:
            return masked
        more = room_names.COMPARATIVE.search(masked)
        same = _SAME.search(masked)
        lead = _question_sentence(text)  # the question's own sentence: its verb first
        yes_no = re.match(r"(?:is|are|does|do|did|has|have|gibt|hat|haben|sind|ist)\b", lead) or _TAG.search(text) \
            or plan.resolved.get("confirm")
        if (more is None and same is None) or not yes_no:
            return masked
        plan.intent = "compare"
        if more is not None:
            plan.least = more.group("word") in _LESS_WORDS
            plan.compare_op = "<" if plan.least else ">"
        elif same is not None:  # "are there as many bathrooms as bedrooms?", "the same number of A and B"
            plan.compare_op = "="
            masked = _mask(masked, same.start(), same.end())
            for m in _AS_THAN.finditer(masked):
                masked = _mask(masked, m.start(), m.end())
            joiner = re.search(r"\b(?:and|und)\b", masked)
            if joiner is not None:
                masked = _mask(masked, joiner.start(), joiner.end())
        plan.resolved["room_counts"] = [(r.term, list(r.guids)) for r in rooms]
        plan.notes.append(f"count comparison of two groups of rooms: {rooms[0].term!r} {plan.compare_op} "
                          f"{rooms[1].term!r}")
        if more is not None:
            for name in ("word", "than"):
                masked = _mask(masked, more.start(name), more.end(name))
        tag = _TAG.search(masked)
        return _mask(masked, tag.start(), tag.end()) if tag is not None else masked

    def _units(self, plan: Plan, text: str) -> str:
        """ "unit B", "Wohnung A", "apartment 2": the spaces whose numbers start with that letter or number (A101,
        A102... form unit A); it narrows the rooms named, or is the rooms asked for. A unit no space number starts
        with, or one that holds every space, stays unconsumed (declined)."""
        for found in list(_UNIT.finditer(text)):
            prefix = re.compile(rf"{re.escape(found['x'])}[-_ .]?\d", re.IGNORECASE)
            spaces = [e for e in self.index.by_class("IfcSpace") if e.name and prefix.match(e.name.strip())]
            unit = {e.guid for e in spaces}
            keys = {c.key for c in plan.classes}
            narrowed = [[g for g in r.guids if g in unit] for r in plan.rooms]
            if not spaces or len(spaces) == len(self.index.by_class("IfcSpace")) or not (
                    (plan.rooms and all(narrowed)) or (not plan.rooms and keys == {"spaces"})):
                # "doors in apartment C": a part of the building the model does not number so, or whose elements
                # other than its rooms it cannot tell; never the whole building ("apartment" alone is filler)
                if not found["x"].isdigit():  # a number stays unconsumed by itself ("building 3": '3')
                    plan.unconsumed.append(_as_written(plan.question, found.group(0)))
                    text = _mask(text, found.start(), found.end())
                continue
            if plan.rooms:
                for room, guids in zip(plan.rooms, narrowed, strict=True):
                    room.guids = guids
            else:
                plan.rooms.append(RoomRef(found.group(0), "unit", sorted(unit), "subject"))
            plan.notes.append(f"{found.group(0)!r}: the {len(unit)} spaces numbered {found['x'].upper()}...")
            text = _mask(text, found.start(), found.end())
        return text

    def _names_the_class(self, text: str, room: resolve.Room, spans: list[tuple[int, int]]) -> bool:
        """A room word the model has no space for, right before a class word ("the entrance door", "kitchen
        windows"), that names some of that class's elements (as written or in the model's language: "Eingangstür"):
        the words are the elements' modifier, not a room (``grounding``: the rule is stated)."""
        after = next(((a, b) for a, b in spans if a > room.start and not text[room.end:a].strip()), None)
        if after is None or _CLASS_KEYS[text[after[0]:after[1]]] == "spaces":
            return False
        head = self.class_filter(_CLASS_KEYS[text[after[0]:after[1]]])
        found = grounding.ground(self.index, text[room.start:room.end].split(), head, whole=False)
        total = sum(1 for e in grounding.products(self.index) if matches(self.index, e, head))
        return found is not None and found.how in ("name", "type_name") and 0 < found.n < total

    def _zones(self, text: str) -> tuple[list[resolve.Room], str]:
        """Zones by name next to a zone word ("the Labor zone", "zone 'Leben'", "Zone Nord"): their spaces
        (IfcRelAssignsToGroup members, through nested zones), as one room mention each."""
        elements = self.index.data.elements
        zones = [e for e in elements.values() if e.ifc_class == "IfcZone" and e.name]
        if not zones or not _ZONE_WORD.search(text):
            return [], text
        out: list[resolve.Room] = []
        for zone in sorted(zones, key=lambda z: -len(z.name or "")):
            name = re.escape(normalise(zone.name or "")).replace(r"\ ", r"\s+")
            pattern = re.compile(rf"(?:{_ZONE_WORD.pattern})\s+['\"]?(?P<a>{name})['\"]?(?![\w])|"
                                 rf"(?<![\w])['\"]?(?P<b>{name})['\"]?\s+(?:{_ZONE_WORD.pattern})")
            for m in list(pattern.finditer(text)):
                out.append(resolve.Room(m.group(0), m.start(), m.end(), self._zone_spaces(zone), f"zone:{zone.name}"))
                text = _mask(text, m.start(), m.end())
        if out:
            text = _ZONE_VERBS.sub(lambda m: " " * len(m.group(0)), text)
        return out, text

    def _zone_spaces(self, zone: Element) -> list[str]:
        """The spaces of a zone (IfcRelAssignsToGroup members, through nested zones)."""
        elements = self.index.data.elements
        spaces: list[str] = []
        stack, seen = list(zone.members), set()
        while stack:
            i = stack.pop()
            if i in seen or i not in elements:
                continue
            seen.add(i)
            member = elements[i]
            if member.ifc_class == "IfcSpace":
                spaces.append(member.guid)
            elif member.ifc_class == "IfcZone":
                stack.extend(member.members)
        return spaces

    def _room_modifiers(self, plan: Plan, text: str, room: resolve.Room) -> tuple[list[str], int, str, str]:
        """Words right before a room mention that its spaces' names hold ("small offices", "Mr Meier's office"):
        the spaces narrowed to those holding every word (titles such as "Mr" only with a name found). Words no
        space of the mention holds stay unconsumed (the answer declines naming them)."""
        guids = list(room.guids)
        start = room.start
        if not guids or room.how.startswith("zone:"):
            return guids, start, text, ""
        run: list[re.Match[str]] = []
        for m in reversed(list(_WORD.finditer(text, 0, start))):
            if text[m.end():run[0].start() if run else start].strip() or m.group(0) in _FILLER:
                break
            run.insert(0, m)
        honorifics = grounding.words().honorifics
        while run:
            stems = [grounding.stem(m.group(0)) for m in run if grounding.stem(m.group(0)) not in honorifics]
            if stems:
                narrowed = [g for g in guids if (e := self.index.find(g)) is not None and grounding.holds(
                    " ".join(t for t in self._space_texts(e) if t), stems)]
                if not narrowed:  # "the ladies' toilets" for "WC Damen": the word in the model's language
                    narrowed = [g for g in guids if (e := self.index.find(g)) is not None and grounding.holds_forms(
                        " ".join(t for t in self._space_texts(e) if t), stems) is not None]
                if narrowed:
                    for m in run:
                        text = _mask(text, m.start(), m.end())
                    phrase = " ".join(m.group(0) for m in run)
                    plan.notes.append(f"{phrase!r}: the {len(narrowed)} of the {len(guids)} spaces named like "
                                      f"{room.term!r} whose names hold it")
                    return narrowed, run[0].start(), text, phrase
            run = run[1:]  # "which small offices": try the words nearest the room alone
        after = _OWNER.match(text, room.end)  # "das Büro von Herrn Schmidt", "the office of Dr. Meier"
        if after is not None and (stem := grounding.stem(after["name"])) not in honorifics:
            narrowed = [g for g in guids if (e := self.index.find(g)) is not None and grounding.holds(
                " ".join(t for t in self._space_texts(e) if t), [stem])]
            if narrowed:
                text = _mask(text, room.end, after.end())
                plan.notes.append(f"{after.group(0).strip()!r}: the {len(narrowed)} of the {len(guids)} spaces named "
                                  f"like {room.term!r} whose names hold {after['name']!r}")
                return narrowed, start, text, after["name"]
        return guids, start, text, ""

    def _space_texts(self, e: Element) -> list[str]:
        typ = self.index.data.elements.get(e.type) if e.type is not None else None
        return [e.name or "", e.long_name or "", e.object_type or "", typ.name if typ is not None and typ.name else ""]

    def _class_negation(self, text: str, start: int) -> tuple[int, int] | None:
        """The span of a negation word right before a class word ("except the walls", "ohne Fenster"), if any."""
        for found in _NEGATION.finditer(text, max(0, start - 40), start):
            if found.group(0) not in _CLASS_NEGATIONS:
                continue
            between = text[found.end():start]
            if _only_filler(between) and len(between.split()) <= 2:
                return found.span()
        return None

    def _present(self, key: str) -> bool:
        if key not in self._presence:  # once per model and class key (the serving path asks it often)
            wanted = self._filter(key)
            self._presence[key] = any(matches(self.index, e, wanted) for e in self.index.data.elements.values())
        return self._presence[key]

    def _named_classes(self, text: str, context: str | None) -> tuple[list[str], str]:
        """With no class word in the question ("is the Haustuer external?"): the classes of the elements a word of it
        names (its Name or type Name holds it, as the later grounding pass reads it), so that a qualifier is read for
        those elements' class and not for whichever class of the model records it; the words, for the answer."""
        spans = [(q.start, q.end) for q in resolve.find_qualifiers(self.index, text, [], context)]
        for a, b in spans:
            text = _mask(text, a, b)
        classes: list[str] = []
        said: list[str] = []
        for m in re.finditer(r"[^\W\d_][\w'-]{2,}", text):
            w = m.group(0)
            if w in _FILLER or w.strip("'-") in _FILLER or w in _STOP:
                continue
            found = grounding.ground(self.index, [w], None)
            if found is not None and found.how in ("name", "type_name") and found.filter is not None:
                classes += [c for c in found.filter.classes if c not in classes]
                said.append(w)
        return classes, " ".join(said)

    def _qualifiers(self, plan: Plan, text: str, context: str | None = None) -> str:
        classes = [c for f in plan.classes for c in f.classes]
        named = ""
        if not classes and plan.elements:  # "is Innentuer-1 external?": the class of the element named
            those = [e for g in plan.elements if (e := self.index.find(g)) is not None]
            classes = list(dict.fromkeys(e.ifc_class for e in those))
            named = ", ".join(dict.fromkeys(e.name or e.guid for e in those))
        elif not classes and not plan.rooms and not plan.mentions:
            classes, named = self._named_classes(text, context)  # "is the Haustuer external?": the door's class
        found = resolve.find_qualifiers(self.index, text, classes, context)
        found = resolve.for_kinds(self.index, found, [c for c in plan.classes if not c.inventory])  # a kind's own
        absence_phrases.values_unset(found, plan)  # round 13: "doors missing a fire rating"
        kept: list[resolve.Qualifier] = []
        for q in found:
            if q.how == "not_in_model" and not _QUALIFIER_NEGATION.search(text[max(0, q.start - 24):q.start]) \
                    and self._named_instead(plan, q):
                text = _mask(text, q.start, q.end)  # "outside walls" where the wall types are named "OutsideWall"
                continue
            asked = normalise(plan.question)
            if q.how == "no_value" and re.match(r"\s*(?:is|are|does|do|has|have|any|gibt|hat|haben|sind|ist)\b",
                                                asked) and not _LIST_ASK.search(asked):
                q.how = "set"
                if q.raw is not None:
                    q.raw.how = "set"  # "are any of the doors fire rated?": no, none holds a value (the note says so);
                # "which ones?" / "list the fire-rated doors" cannot be told apart and declines (round 5c)
            if q.how in _UNUSABLE:
                what = _join_words([c.label for c in plan.classes]) or (
                    f"{named} ({', '.join(classes)})" if named else "elements")
                _decline(plan, _UNUSABLE[q.how].format(term=_as_written(plan.question, q.term), what=what,
                                                       path=q.path), [_as_written(plan.question, q.term)])
                return text
            # round 11: "doors marked as external", "walls whose thickness is ...": the frame words go with it
            start, end = qualifier_forms.frame_before(text, q.start, q.end, context)
            before = text[max(0, start - 24): start]
            # "neither load-bearing nor external": the "nor" negates the second too (round 9, negation_scope)
            neg = _QUALIFIER_NEGATION.search(before) or negation_scope.nor_before(before, normalise(plan.question))
            negated = neg is not None
            of_class = any(not c.inventory for c in plan.classes)  # "what is inside 999": a room asked, no class
            why = qualifier_forms.unset_for_most(self.index, q.raw, classes, (q.value is False) != negated,
                                                 _join_words([c.label for c in plan.classes]) or "elements"
                                                 ) if of_class else None
            why = why or (property_values.numbers_unset_for_most(self.index, q.raw, classes, _join_words(
                [c.label for c in plan.classes]) or "elements") if of_class else None)  # round 14: 1 of 8 walls
            if why is not None:  # "walls that are not external" where 1 of 8 walls records IsExternal
                _decline(plan, why, [_as_written(plan.question, q.term)])
                return text
            plan.qualifiers.append(QualifierRef(q.term, resolve.describe(q), negated, q.note))
            if q.note:
                plan.notes.append(f"{q.term!r}: {q.note}")
            kept.append(q)
            text = _mask(text, start, end)
            if neg is not None:
                text = _mask(text, start - len(before) + neg.start(), start)
            elif (but := negation_scope.but_before(before, q.term)) is not None:  # "load-bearing but not external"
                text = _mask(text, q.start - len(before) + but.start(), q.start)
        plan.resolved["qualifiers"] = plan.resolved.get("qualifiers", []) + kept  # after _property_values'
        plan.universal = bool(kept) and bool(
            re.match(r"(?:are|is|sind|ist)\s+(?:all|alle|every|each|the|die|der|das)\b", text))
        if plan.universal:
            _subject_qualifiers(plan, kept)
        return text

    def _named_instead(self, plan: Plan, q: resolve.Qualifier) -> bool:
        """A boolean property word ("outside") for a class whose elements do not record the property (no
        IsExternal): the elements of that one class whose names or type names hold the word as written, when the
        model names some but not all of them so ("OutsideWall_EnEV2002"); the plan says which rule it used."""
        if q.raw is None or q.raw.value not in (True, False) or len(plan.classes) != 1:
            return False  # "interior walls" (IsExternal = FALSE) read by the names too: "Wand-Int-ERDG-1"
        head = plan.classes[0]
        if head.kind or head.inventory or head.key == "spaces":
            return False
        total = sum(1 for e in grounding.products(self.index) if matches(self.index, e, head))
        found = grounding.ground(self.index, [q.term], head, whole=False)  # the word as written, no synonym:
        if found is None or found.filter is None or found.how not in ("name", "type_name") or not (  # a name
                0 < found.n < total):  # holding "outside" is no evidence for "external"
            return False
        plan.classes = [dataclasses.replace(found.filter, label=f"{q.term} {head.label}")]
        plan.notes.append(f"{q.term!r}: no {head.label} records {q.path}; {found.rule} ({found.n} of the {total})")
        return True

    def _measure(self, plan: Plan, text: str, original: str = "") -> str:
        text = self._compare_rooms(plan, text, original)
        if plan.measure is not None:
            return text
        classes = [c for f in plan.classes for c in f.classes]
        text = aggregate_phrasing.space_as_area(normalise(plan.question), text)  # round 13: "how much space do ..."
        m = resolve.find_measure(self.index, text, classes)
        if m is None:
            return self._measure_of_filtered(plan, text, classes)
        if m.raw is not None and m.raw.head:  # "Raumgröße", "Fensterfläche": the compound's class word is the subject
            m = self._compound_subject(plan, text, m)
        plan.measure = {"term": m.term, "quantity": m.quantity, "op": m.op}
        plan.resolved["measure"] = m
        for a, b in resolve.measure_spans(m, text, self._quantity_name_words()):
            text = _mask(text, a, b)
        self._measure_misspelled(plan, m)  # "total net flor area": 'flor' read as 'floor' (said in the notes)
        joiner = quantity_reading.joiner_after(text, m.end)  # "the mean floor area across A and B"
        if joiner is not None:
            text = _mask(text, *joiner)
        for a, b in [*quantity_reading.repeated_ops(text, m.op),  # "how many m² do A and B make up"
                     *aggregate_phrasing.take_up_spans(normalise(plan.question), text, m.op)]:  # round 13 "take up"
            text = _mask(text, a, b)
        asked = normalise(plan.question)
        each = _EACH_ONE.search(asked) or quantity_reading.each_one(asked)
        totalled = _totalled(asked, each.group(0)) if each is not None else None
        if each is not None and totalled is not None:  # "sum up the m² of every space": the total over every one
            plan.notes.append(f"{each.group(0).strip()!r} with {totalled.group(0)!r}: every one's {m.quantity}, summed")
            text = _mask(text, each.start(), each.end())
        elif each is not None and m.op in ("sum", "mean") and len(asked) == len(text):
            # "the area of each office": every one's value, no total
            plan.resolved["each"] = True
            plan.notes.append(f"{each.group(0).strip()!r}: the {m.quantity} of every one, listed")
            text = _mask(text, each.start(), each.end())
        if not plan.classes and (m.quantity in _SPACE_QUANTITIES or quantity_reading.names_rooms(m.term)):
            plan.classes.append(class_filter(self.index.schema, "spaces"))  # "total floor area of the EG": spaces
        elif not plan.classes and m.quantity == "wall_area":  # "Summe der Wandflächen im EG": the walls' side area
            plan.classes.append(self.class_filter("wall"))
        elif not plan.classes:  # "the height of level 2": of what? (a storey's height is no element's quantity)
            _decline(plan, f"it asks for {m.term!r} without saying of which elements", [_as_written(plan.question,
                                                                                                   m.term)])
        return text

    def _measure_misspelled(self, plan: Plan, m: resolve.Measure) -> None:
        """Words of the measure's span one edit from one measure word ("flor", "grss") are read as it and said;
        "gross" / "net" so read are asked as such (only the quantity whose name says so is read)."""
        for word in dict.fromkeys(m.term.split()):
            if quantity_reading.consumed(word, self._quantity_name_words()):
                continue
            read = quantity_reading.near_reading(word)
            if read is None:
                continue
            plan.notes.append(f"read {word!r} as {read!r} (a word of the quantity asked)")
            if m.raw is not None and read in ("gross", "brutto"):
                m.raw.gross = True
            elif m.raw is not None and read in ("net", "netto"):
                m.raw.net = True

    def _quantity_name_words(self) -> frozenset[str]:
        """The words of the model's quantity names and sets ("net", "side", "gsa", "bim"), once per parser."""
        if not hasattr(self, "_qty_words"):
            self._qty_words = quantity_reading.name_words([n for e in self.index.data.elements.values()
                                                           for set_name, values in e.qtos.items()
                                                           for n in (set_name, *values)])
        return self._qty_words

    def _measure_of_filtered(self, plan: Plan, text: str, classes: list[str]) -> str:
        """ "total floor area of the rooms bigger than 20 m²", "average size of rooms over 20 m²": the qualifier read
        the quantity word with its bound; the operation word before it aggregates that quantity over what the
        qualifier keeps (never dropped: "total" alone would otherwise be read as filler and the rooms listed)."""
        vocab = measure_words()
        folded, offsets = fold_with_offsets(text)
        for q in plan.resolved.get("qualifiers") or []:
            if q.how != "number":
                continue
            quantity = vocab.quantity_pattern.match(fold(q.term))
            if quantity is None:
                continue
            op = None
            for found in vocab.op_pattern.finditer(folded):
                end = offsets[found.end()]
                if end <= q.start and len(text[end:q.start].split()) <= 1 and vocab.ops.get(
                        " ".join(found.group(0).split())) in ("sum", "mean", "max", "min"):
                    op = found
            if op is None:
                continue
            m = resolve.find_measure(self.index, f"{op.group(0)} {quantity.group(0)}", classes)
            if m is None:
                continue
            plan.measure = {"term": f"{op.group(0)} {quantity.group(0)}", "quantity": m.quantity, "op": m.op}
            plan.resolved["measure"] = m
            plan.notes.append(f"{op.group(0)!r} of {quantity.group(0)!r} over what {q.term!r} keeps")
            return _mask(text, offsets[op.start()], offsets[op.end()])
        return text

    def _storey_sizes(self, plan: Plan, masked: str) -> None:
        """ "Is the Keller larger than the Erdgeschoss?", "which is bigger, Level 1 or Level 2?", "how much bigger is
        the EG than the KG?": two storeys compared by size with no class or quantity named: the floor area of their
        spaces, summed per storey (then ranked or compared by :meth:`_rank_measure`)."""
        named = [m for m in plan.mentions if m.storeys and not m.negated]
        found = _BIGGER.search(masked) or _WHICH_BIGGER.search(masked) or _HOW_MUCH_BIGGER.search(masked)
        if (found is None or len(named) != 2 or plan.measure is not None or plan.classes or plan.rooms
                or plan.qualifiers or plan.declined is not None):
            return
        from ifcqa.spatial.measures import MeasureMention

        m = MeasureMention(found.group("word"), found.start("word"), found.end("word"), "floor_area", "sum")
        plan.measure = {"term": m.term, "quantity": "floor_area", "op": "sum"}
        plan.resolved["measure"] = resolve.Measure(m.term, m.start, m.end, m.quantity, m.op, raw=m)
        plan.classes.append(class_filter(self.index.schema, "spaces"))
        plan.notes.append(f"{m.term!r} of two storeys: the floor area of their spaces")

    def _compound_subject(self, plan: Plan, text: str, m: resolve.Measure) -> resolve.Measure:
        """A German compound of a class word and a quantity word ("durchschnittliche Raumgröße", "Fensterfläche im
        EG"): the class is added to the plan (unless a class is named already) and the quantity read for it."""
        assert m.raw is not None
        key = next((v for k, v in _CLASS_KEYS.items() if fold(k) == m.raw.head), None)
        if key is None or plan.classes:
            return m
        plan.classes.append(self.class_filter(key))
        plan.notes.append(f"{m.term!r}: the {plan.classes[-1].label} and their {m.quantity}")
        again = resolve.find_measure(self.index, text, [c for f in plan.classes for c in f.classes])
        return again if again is not None else m

    @staticmethod
    def _storey_itself_measured(plan: Plan, folded: str, q: resolve.Qualifier) -> bool:
        """Whether a yes/no asks whether a storey itself passes an area bound ("is the 1stFloor larger than 15 m²",
        "ist das 1. OG größer als 80 m²", "does the EG have more than 90 m² (of floor area)", "hat das EG mehr als
        80 m²"): no class named, one storey, and the storey is the sentence's subject."""
        if plan.classes or plan.rooms or len(plan.mentions) != 1 or len(plan.mentions[0].storeys) != 1 or \
                str(q.unit or "").replace("²", "2") not in ("m2", "sqm", "qm", "ft2", "sq ft"):
            return False
        said = re.escape(fold(plan.mentions[0].term)).replace(r"\ ", r"\s*")
        return re.search(  # ("does" folds to "dos")
            rf"(?:^|[.!:;]\s)\s*(?:(?:is|ist)|(?:dos|do|did)(?=.*\bhave\b)|(?:has|hat))\s+(?:the\s+|das\s+|die\s+|der\s+)?"
            rf"{said}\s+(?:have\s+)?(?:in\s+total\s+|a\s+total\s+of\s+|insgesamt\s+)?(?:larger|bigger|greater|smaller|"
            r"more|less|over|under|above|below|at\s+least|at\s+most|grosser|kleiner|mehr|weniger|uber|unter|mindestens|"
            r"hochstens)\b", folded) is not None

    def _sum_threshold(self, plan: Plan, text: str, masked: str) -> str:
        """ "Is the wall area on EG more than 2000 m²?", "do the WCs add up to more than 100 m²?", "is the total floor
        area over 200 m²?": a threshold on a quantity that is a yes/no on the *sum* over the elements asked, not a
        filter on each element ("are there rooms over 30 m²"). Read so when a sum word is said ("total", "add up to",
        "combined"), or the question asks whether "the <quantity>" (its subject) passes the bound."""
        kept = plan.resolved.get("qualifiers") or []
        numeric = [q for q in kept if q.how == "number" and q.op in (">", ">=", "<", "<=")
                   and isinstance(q.value, int | float)]
        if len(numeric) != 1 or len(kept) != 1 + sum(1 for q in kept if q.how == "boolean") or plan.declined:
            return masked
        q = numeric[0]
        folded = fold(text)
        which = _WHICH_STOREY.search(text) is not None  # "which floors have a total room area over 450 m²"
        # "which floors have more than 450 m² of rooms": an amount of the class, summed
        amount = re.search(r"\d\s*(?:m2|m3|m|mm|sqm|qm)\s+(?:of|an)\s+[^\W\d_]", folded) is not None
        if not (re.match(r"(?:is|are|do|does|did|has|have|ist|sind|hat|haben|will|would)\b", text.lstrip()) or which):
            return masked  # "how many rooms in total are over 20 m²": a count of rooms, each over the bound
        ops = {m: measure_words().ops.get(" ".join(m.group(0).split())) for m in
               measure_words().op_pattern.finditer(folded)}
        sums = [m for m, op in ops.items() if op == "sum"]
        means = [m for m, op in ops.items() if op == "mean"]  # "is the average bedroom bigger than 25 m²"
        wanted = "mean" if means and not sums else "sum"
        sums = sums or means
        masked_folded, offsets = fold_with_offsets(masked)
        subject = re.match(r"(?:is|ist|are|sind)\s+(?:the|die|der|das)\s+(?:total\s+|gesamte\s+)?(?:[^\W\d_]+\s+){0,2}?"
                           r"(?:area|floor\s+area|volume|length|weight|flache|grundflache|volumen|lange|gewicht)\b",
                           folded)
        storey_itself = self._storey_itself_measured(plan, folded, q)
        if not sums and subject is None and not amount and not storey_itself:
            return masked
        if storey_itself:  # "is the 1stFloor larger than 15 m²": the floor area of its spaces, never each element's
            plan.classes.append(class_filter(self.index.schema, "spaces"))
            plan.notes.append(f"{plan.mentions[0].term!r} {q.term!r}: the storey's floor area (its spaces, summed)")
        classes = [c for f in plan.classes for c in f.classes]
        m = resolve.find_measure(self.index, q.term, classes)
        if m is None or m.raw is None:
            return masked
        raw = dataclasses.replace(m.raw, op=wanted, superlative=False)  # "at least 150 m²": the bound's quantity
        m = resolve.Measure(m.term, m.start, m.end, m.quantity, wanted, raw=raw)
        plan.qualifiers = [r for r in plan.qualifiers if r.term != q.term]
        plan.resolved["qualifiers"] = [r for r in kept if r is not q]
        plan.measure = {"term": q.term, "quantity": m.quantity, "op": wanted}
        plan.resolved["measure"] = m
        plan.resolved["sum_threshold"] = {"op": q.op, "value": q.value, "unit": q.unit, "term": q.term}
        plan.intent = "exists"
        if not plan.classes and m.quantity in _SPACE_QUANTITIES:  # "is the total floor area over 200 m²": spaces
            plan.classes.append(class_filter(self.index.schema, "spaces"))
        for found in measure_words().op_pattern.finditer(masked_folded):
            if measure_words().ops.get(" ".join(found.group(0).split())) == wanted:
                masked = _mask(masked, offsets[found.start()], offsets[found.end()])
        plan.notes.append(f"{q.term!r}: a bound on the {'mean' if wanted == 'mean' else 'sum'}, not on each element")
        return masked

    def _names_head(self, found: grounding.Grounding, head: ClassFilter) -> bool:
        """Whether a whole noun phrase grounded by name ("smoke detectors") names elements of its own class word's
        class, when the model has that class: a name that only says the class word of other elements' parts
        ("M_Base Cabinet-Double Door & 2 Drawer" for "double doors") is no reading of the phrase."""
        if found.filter is None:
            return True
        return any(matches(self.index, e, found.filter) and matches(self.index, e, head)
                   for e in self.index.data.elements.values())

    def _ground(self, plan: Plan, text: str, masked: str) -> str:
        """Words no pass read, grounded in the model (see :mod:`ifcqa.spatial.grounding`): a modifier before a
        class word ("glass panels", "communication outlets", "duplex receptacles") as a material, predefined type
        or name of that class's elements; a material after it ("walls made of concrete", "walls with a concrete
        layer"); a noun phrase no class word names ("fridges", "fire alarm panel") as a predefined type or name of
        the model's elements; the verbs of "doors that lead into the kitchen" when a room's bounding elements are
        asked. What is not grounded stays unconsumed, so the answer declines naming it."""
        if plan.declined is not None:
            return masked
        if plan.rooms and {c.key for c in plan.classes} and {c.key for c in plan.classes} <= _BOUNDING:
            for verb in grounding.words().bounding_verbs:  # folded ("führen" -> "fuhren"): umlauts as written
                spelled = re.escape(verb).replace("a", "[aä]").replace("o", "[oö]").replace("u", "[uü]")
                for hit in list(re.finditer(rf"(?<![\w]){spelled}(?![\w])", masked)):
                    masked = _mask(masked, *hit.span())
                    plan.notes.append(f"{hit.group(0)!r}: the elements bounding the room")
        masked = self._project_words(plan, text, masked)
        spans = list(plan.resolved.get("class_spans", []))
        masked = self._listed_kinds(plan, text, masked, spans)  # "outlets (power, data, AV)"
        items: list[tuple[int, int, str, str]] = []
        for m in re.finditer(r"[^\W\d_][\w'-]*", masked):
            w = m.group(0)
            if w.strip("'-") in _FILLER or w in _FILLER or len(w.strip("'-")) < 2 or w in _NEGATION_ONLY:
                continue  # a negation before a phrase negates what the phrase is grounded to (below)
            items.append((m.start(), m.end(), "word", w))
        codes = _code_items(masked, items, spans)  # "150W", "3-way", "DN 15", "147 kW": codes names may hold
        items = [it for it in items if not any(a < it[1] and it[0] < b for a, b, _, _ in codes)] + codes
        for a, b, _w in spans:  # "Haustür": a filler word ("haus") that is the first part of a class compound names
            first_part = re.search(r"([^\W\d_]{3,})$", masked[:a])  # a kind of it, grounded below (or declined),
            if first_part is not None and first_part.group(1) in _FILLER and first_part.group(1) not in _STOP:
                items.append((first_part.start(1), first_part.end(1), "word", first_part.group(1)))
                whole = (first_part.start(1), first_part.end(1), text[first_part.start(1):b])
                plan.resolved.setdefault("compound_heads", []).append(whole)
        for a, _, w in spans:  # "check valves": a filler word right before a class word that names one of its
            word = re.search(r"([^\W\d_]{4,})\s+$", masked[:a])  # predefined types is that type, not filler
            if word is None or word.group(1) in _STOP or word.group(1) not in _FILLER:
                continue
            wanted = self.class_filter(_CLASS_KEYS[w])
            values = classes_enumeration(self.index.schema, wanted.classes + wanted.type_classes)
            if any(v.casefold().replace("_", "").startswith(word.group(1)) for v in values):
                items.append((word.start(1), word.end(1), "word", word.group(1)))
        absent = [sp for sp in spans if not self._present(_CLASS_KEYS[sp[2]]) and _CLASS_KEYS[sp[2]] != "spaces"]
        if not items and not absent and len(spans) < 2:
            return masked
        items += [(a, b, "class", w) for a, b, w in spans]
        items.sort()
        runs: list[list[tuple[int, int, str, str]]] = []
        for it in items:
            if runs and re.fullmatch(r"[\s-]*", text[runs[-1][-1][1]:it[0]]):
                runs[-1].append(it)
            else:
                runs.append([it])
        for run in runs:
            free = [it for it in run if it[2] == "word"]
            classes = [it for it in run if it[2] == "class"]
            if not free and not (len(classes) >= 2 or (classes and classes[0] in [(a, b, "class", w)
                                                                                 for a, b, w in absent])):
                continue
            words = [text[a:b] for a, b, _, _ in run]
            found: grounding.Grounding | None = None
            head_key: str | None = None
            link: tuple[int, int] | None = None
            if classes and run[-1][2] == "class":
                head_key = _CLASS_KEYS[run[-1][3]]
                head = next((c for c in plan.classes if _key(c) == head_key), None) or self.class_filter(head_key)
                if len(run) > 1:
                    found = grounding.ground(self.index, words[:-1], head)
                if found is None and len(run) > 1 and run[-2][1] == run[-1][0]:  # a compound ("Rundfenster",
                    found = grounding.ground(self.index, [words[-2] + words[-1]], head, whole=False)  # "Schiebetür")
                if found is None and (len(run) > 1 or not self._present(head_key)):
                    found = grounding.ground(self.index, words, None)  # "fire alarm panel", "smoke detectors"
                    if found is not None and self._present(head_key) and not self._names_head(found, head):
                        plan.notes.append(f"{' '.join(words)!r}: no {head.label} is named so; the name of "
                                          f"{found.n} other elements holds it ({found.rule}), not read as them")
                        found = None  # "double doors" are not the cabinets named "... Double Door & 2 Drawer"
                    head_key = head_key if found is None else None
            elif (not classes or len(classes) == 1 and run[0][2] == "class") and (code := self._code_after_class(
                    plan, text, masked, free, spans)) is not None:
                masked = code  # "light fixtures that are 150W", "valves that aren't three-way", "except the 150W ones"
                continue
            elif not classes:
                before = self._class_before(text, run[0][0], spans)
                if before is not None:  # "walls made of concrete", "walls with a concrete layer"
                    phrase = [w for w in words if w not in grounding.words().material_nouns] or words
                    head = next((c for c in plan.classes if c.key == before[0]), None) or self.class_filter(before[0])
                    found = grounding.ground(self.index, phrase, head, material_only=True)
                    head_key = None
                    link = (before[1], run[0][0])
                elif (made := self._made_of(text, run)) is not None and not plan.rooms and not any(
                        not c.inventory for c in plan.classes):  # "which elements are made of Stahlbeton"
                    head = next((c for c in plan.classes if c.inventory), None) or class_filter(self.index.schema,
                                                                                                 "inventory")
                    found = grounding.ground(self.index, words[made[1]:], head, material_only=True)
                    if found is not None and not any(c.inventory for c in plan.classes):
                        plan.classes.append(head)
                    link = (made[0], run[made[1]][0])
                elif not plan.rooms and not any(not c.inventory for c in plan.classes):
                    found = grounding.ground(self.index, words, None)
                if found is None and not plan.rooms and before is None:
                    masked = self._room_words(plan, text, masked, run, words)
            if found is None and not plan.rooms and len(run) > 1 and run[-1][2] == "class" and all(
                    k == "word" for _, _, k, _ in run[:-1]) and _CLASS_KEYS[run[-1][3]] == "spaces":
                masked = self._room_words(plan, text, masked, run[:-1], words[:-1])  # "the hobby room"
            if link is not None:  # "slabs made of marble": the link is read; a material not found is what declines
                masked = _mask(masked, *link)
            if found is None:
                continue
            start, end = run[0][0], run[-1][1]
            prefix = _GROUNDED_NEGATION.search(text[max(0, start - 24):start])
            negated = prefix is not None or (link is not None and re.search(
                r"\bnot\b|n't\b|\bnicht\b", text[link[0]:link[1]]) is not None)  # "walls that aren't made of"
            if negated and found.filter is not None and head_key is None:
                continue  # "not fridges": nothing to take them from; the words stay unconsumed (declined)
            plan.notes.append(f"{found.term!r} grounded: {found.rule} ({found.n} elements)")
            plan.resolved.setdefault("grounded", []).append(found)
            used = {_CLASS_KEYS[w] for _, _, k, w in run if k == "class"}
            if found.filter is not None and negated and prefix is not None:  # "doors that are not glass doors"
                assert head_key is not None  # the doors, less those
                if not any(_key(c) == head_key for c in plan.classes):
                    plan.classes.append(self.class_filter(head_key))
                plan.exclude_classes.append(found.filter)
                start -= len(prefix.group(0))
            elif found.filter is not None:
                keep_head = head_key is not None
                drop = used if not keep_head else used - {head_key}
                remaining = [sp for sp in spans if not (start <= sp[0] < end)]
                still = {_CLASS_KEYS[w] for _, _, w in remaining}
                plan.classes = [c for c in plan.classes if not (_key(c) in drop and _key(c) not in still)
                                and not (keep_head and _key(c) == head_key and _key(c) not in still)]
                plan.unknown_classes = [u for u in plan.unknown_classes if not any(
                    u == self.class_filter(k).label for k in used)]
                plan.classes.append(found.filter)
                spans = remaining + ([run[-1][:2] + (run[-1][3],)] if keep_head else [])
                spans.sort()
            else:
                assert found.qualifier is not None
                if negated and prefix is not None:
                    start -= len(prefix.group(0))
                q = found.qualifier
                wrapped = resolve.wrap(q, start, end)
                plan.qualifiers.append(QualifierRef(found.term, resolve.describe(wrapped), negated))
                plan.resolved.setdefault("qualifiers", []).append(wrapped)
                spans = [sp for sp in spans if not (start <= sp[0] < end) or sp == run[-1][:2] + (run[-1][3],)]
            for a, b, kind, _ in run:
                if kind == "word" or (found.filter is not None and not negated):
                    masked = _mask(masked, a, b)
            if negated and prefix is not None:
                masked = _mask(masked, start, start + len(prefix.group(0)))
        plan.resolved["class_spans"] = spans
        return masked

    def _made_of(self, text: str, run: list[tuple[int, int, str, str]]) -> tuple[int, int] | None:
        """Where a material link ("made of", "aus") before the run's material words starts, and the index of the
        run's first material word (the link's own words may open the run: "aus Stahlbeton"). A bare "of" right
        after the everything-word asked ("which elements are of Stahlbeton", German "Bauteile sind aus" read as
        "of") links a material only when the run names one of the model's materials."""
        for k in range(len(run)):
            found = _MADE_OF.search(text, 0, run[k][0])
            if found is not None:
                return found.start(), k
        bare = _BARE_OF.search(text, 0, run[0][0])
        if bare is not None and grounding.ground(self.index, [text[a:b] for a, b, _, _ in run],
                                                 class_filter(self.index.schema, "inventory"), material_only=True):
            return bare.start("of"), 0
        return None

    def _numbered_contents(self, text: str, rooms: list[resolve.Room]) -> list[resolve.Room]:
        """A bare number right after the contents frame ("what is inside 006?", "was ist in 101") that is exactly
        one space's Name is that room (a bare number elsewhere names no room: it may be a count or a storey)."""
        found = _CONTENTS_NUMBER.search(text)
        if found is None or any(r.start <= found.start("n") < r.end for r in rooms):
            return []
        spaces = [e for e in self.index.by_class("IfcSpace") if e.guid and (e.name or "").strip() == found["n"]]
        if len(spaces) != 1:
            return []
        return [resolve.Room(found["n"], found.start("n"), found.end("n"), [spaces[0].guid], "name")]

    def _room_words(self, plan: Plan, text: str, masked: str, run: list[tuple[int, int, str, str]],
                    words: list[str]) -> str:
        """Words no vocabulary knows that the model's space names hold as whole words ("the lobby" for a space
        "Main Lobby"): a room mention, with the role the asked classes give it (the rooms, their contents, or what
        bounds them). No space holds them: they stay unconsumed (declined)."""
        guids = grounding.spaces_named(self.index, words)
        how = "name_words"
        if not guids:  # a zone named exactly so ("Einzelzimmer", "Labor"): its spaces
            stems = [grounding.stem(w) for w in " ".join(words).split()]
            zones = [z for z in self.index.by_class("IfcZone") if grounding.text_tokens(z.name) == stems]
            guids = [g for z in zones for g in self._zone_spaces(z)]
            how = "zone:" + ", ".join(z.name or "" for z in zones)
        if not guids:
            return masked
        start, end = run[0][0], run[-1][1]
        keys = {c.key for c in plan.classes if not c.inventory}
        things = keys - {"spaces"}
        role = "subject" if not things else "of" if things <= _BOUNDING else "in"
        if role == "subject" and (any(c.inventory for c in plan.classes) or (
                "spaces" not in keys and _INVENTORY.search(text))):
            role = "in"  # "what is in the lobby": its contents
        head = next((sp for sp in plan.resolved.get("class_spans", []) if _CLASS_KEYS[sp[2]] == "spaces"
                     and re.fullmatch(r"\s*", text[end:sp[0]])), None)
        if role == "subject" and head is not None and _CONTENTS.search(text[:start]):
            role = "in"  # "what is in the Hausmeister's room": the room noun heads the mention; its contents
            plan.classes = [c for c in plan.classes if c.key != "spaces"] + [
                class_filter(self.index.schema, "inventory")]
            end = head[1]
        term = text[start:end]
        plan.rooms.append(RoomRef(term, how, guids, role))
        if role == "subject" and "spaces" not in keys:
            plan.classes = [c for c in plan.classes if not c.inventory] + [class_filter(self.index.schema, "spaces")]
        plan.notes.append(f"{term!r}: the {len(guids)} spaces whose names hold it")
        return _mask(masked, start, end)

    def _project_words(self, plan: Plan, text: str, masked: str) -> str:
        """ "How many bathrooms does the duplex have": words after "the"/"this" that the project's, site's or
        building's Name or LongName holds name the whole model (its one building), so they narrow nothing."""
        masked = self._file_name_words(plan, masked)
        masked = self._model_adjectives(plan, masked)
        masked = system_nouns.read(self.index, plan, text, masked)  # "in this system", "die Anlage"
        names, tokens = self._project_tokens()
        if not tokens:
            return masked
        for m in list(re.finditer(r"\b(?:the|this|our|das|dem|den|des|this)\s+(?P<w>[^\W\d_][\w'-]*"
                                  r"(?:\s+[^\W\d_][\w'-]*)?)", masked)):
            found = m.group("w").split()
            while found and not all(grounding.stem(w) in tokens for w in found):
                found = found[:-1]
            end = m.start("w") + len(" ".join(found))
            if found and end < len(text) and text[end].isalpha():
                continue  # "the Haustür": the first part of a compound names a door, not the house
            if found:
                masked = _mask(masked, m.start("w"), end)
                plan.notes.append(f"{text[m.start('w'):end]!r}: the project/building ({', '.join(names[:2])}), "
                                  "the whole model")
        return masked

    def _model_adjectives(self, plan: Plan, masked: str) -> str:
        """ "how many windows does this little house have", "im ganzen Gebäude": words that only describe the one
        building (``parser_words.json`` ``model_adjectives``) before a whole-model noun narrow nothing. With several
        buildings in the model "the small building" could single one out, so they are then left unread (declined)."""
        if sum(1 for _ in self.index.by_class("IfcBuilding", exact=True)) > 1:
            return masked
        for m in list(re.finditer(r"\b(?:the|this|that|our|my|your|im|das|dem|den|des|dieses|diesem|unser|unserem|"
                                  r"unseres)\s+(?P<w>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+"
                                  r"(?:house|home|building|model|project|file|haus|hauses|gebäude|gebäudes|gebaeude|"
                                  r"modell|modells|projekt|projekts)\b", masked)):
            if all(w in MODEL_ADJECTIVES for w in m.group("w").split()):
                masked = _mask(masked, *m.span("w"))
                plan.notes.append(f"{m.group('w')!r}: describes the one building, narrows nothing")
        return masked

    def _file_name_words(self, plan: Plan, masked: str) -> str:
        """ "does the sample house have a kitchen" (file Ifc4_SampleHouse.ifc): words of the model's file name
        before a whole-model noun ("house", "building", "model") name the model, so they narrow nothing; anywhere
        else they are read as any word ("the heater" of 3rooms_Heater_....ifc stays a heater)."""
        stem = Path(self.index.data.source.path).stem
        tokens = {grounding.stem(t) for t in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", stem) if len(t) >= 3}
        tokens -= {"ifc", "with"}
        for m in list(re.finditer(r"\b(?:the|this|our|das|dem|den|des)\s+(?P<w>[^\W\d_]+(?:[\s-]+[^\W\d_]+)?)\s+"
                                  r"(?:house|building|model|project|file|haus|gebäude|gebaeude|modell|projekt)\b",
                                  masked)):
            if tokens and all(grounding.stem(w) in tokens for w in re.split(r"[\s-]+", m.group("w"))):  # "hot-water"
                masked = _mask(masked, *m.span("w"))
                plan.notes.append(f"{m.group('w')!r}: words of the file name {stem!r} before a whole-model noun")
        return masked

    def _project_tokens(self) -> tuple[list[str], frozenset[str]]:
        """The names of the project, site and (one) building, and their words (once per model)."""
        if not hasattr(self, "_project"):
            kinds = ("IfcProject", "IfcSite", "IfcBuilding")
            found = [e for c in kinds for e in self.index.by_class(c, exact=True)]
            names = [t for e in found for t in (e.name, e.long_name) if t]
            tokens = {t for n in names for t in grounding.text_tokens(n) if len(t) >= 3}
            tokens -= {"default", "building", "project", "site", "gebaude", "gebaeude", "projekt", "grundstuck",
                       "unnamed"}
            several = sum(1 for e in found if e.ifc_class == "IfcBuilding") > 1
            self._project = (names, frozenset() if several else frozenset(tokens))
        return self._project

    def _listed_kinds(self, plan: Plan, text: str, masked: str, spans: list[tuple[int, int, str]]) -> str:
        """A class word followed by a parenthesised list of its kinds ("outlets (power, data, AV)",
        ``listed_kinds``): the union of those kinds, or after "all" the class itself; the list is then read."""
        for a, b, word in spans:
            key = _CLASS_KEYS[word]
            head = next((c for c in plan.classes if _key(c) == key), None) or self.class_filter(key)
            found = listed_kinds.read(self.index, text, b, a, head)
            if found is None or not re.search(r"[^\W\d_]", masked[found.start:found.end]):
                continue  # no list, or one another pass read ("(m²)", a storey's gloss)
            if not found.gloss:
                plan.classes = [c for c in plan.classes if _key(c) != key] + [found.filter]
            inside = {_CLASS_KEYS[w] for a2, b2, w in spans if found.start <= a2 and b2 <= found.end}
            outside = {_CLASS_KEYS[w] for a2, b2, w in spans if not (found.start <= a2 and b2 <= found.end)}
            if inside - outside:  # round 10: "outlets of any kind (power, data, TV)": 'TV' is an item, no class
                plan.classes = [c for c in plan.classes if _key(c) not in inside - outside]
            plan.notes.append(f"{text[found.start:found.end].strip()!r}: {found.rule}")
            masked = _mask(masked, found.start, found.end)
        return masked

    def _code_after_class(self, plan: Plan, text: str, masked: str, run: list[tuple[int, int, str, str]],
                          spans: list[tuple[int, int, str]]) -> str | None:
        """A code (``name_codes``: "150W", "three-way", "DN 15") said of the class word before it: "which light
        fixtures are 150W", "boilers rated 147 kW", "valves that aren't three-way", "lights except the 150W ones".
        Grounded in the names of that class's elements, it replaces the class (or, negated, takes those elements
        out of it); the masked text, or None when the run is no code after a class word (the caller goes on)."""
        while len(run) > 1 and _CODE_VERB.fullmatch(text[run[0][0]:run[0][1]]):
            run = run[1:]  # "boilers rated 147 kW": the verb joins the code to the class
        cut = next((i for i in range(1, len(run)) if re.search(r"\s-|-\s", text[run[i - 1][1]:run[i][0]])), len(run))
        run = run[:cut]  # "147 kW - where are they": a spaced dash ends the phrase
        words = [text[a:b] for a, b, _, _ in run]
        phrase = " ".join(words)
        if not name_codes.is_code(phrase):
            return None
        before = [sp for sp in spans if sp[1] <= run[0][0]]
        if not before:
            return None
        _, b_class, word = before[-1]
        gap = list(text[b_class:run[0][0]])
        for a, b in plan.resolved.get("storey_spans", []):  # "light fixtures on level 1 are not 100W"
            for i in range(max(a, b_class), min(b, run[0][0])):
                gap[i - b_class] = "\0"
        between = " ".join(_STOREY_GAP.sub(" ", "".join(gap)).split())
        link = _CODE_LINK.fullmatch(between + " " if between else "")
        after = text[run[-1][1]:]
        if link is None:
            return None
        if not (link.group("excl") or link.group("not")) and re.match(r"\s*(?:are|is|sind|ist)\b", text):
            return None  # "are all light fixtures on level 2 150W?": a claim about every one, not read: declined
        key = _CLASS_KEYS[word]
        head = next((c for c in plan.classes if _key(c) == key), None) or self.class_filter(key)
        found = grounding.ground(self.index, words, head, whole=False)
        if found is None or found.filter is None:
            return None
        negated = bool(link.group("not") or link.group("excl"))
        plan.notes.append(f"{found.term!r} grounded: {found.rule} ({found.n} elements)"
                          + (", taken out" if negated else ""))
        plan.resolved.setdefault("grounded", []).append(found)
        if negated:
            plan.exclude_classes.append(found.filter)
        else:
            plan.classes = [c for c in plan.classes if _key(c) != key] + [found.filter]
        end = run[-1][1]
        pronoun = re.match(r"\s*(?:ones?|those)\b", after)
        if pronoun is not None:
            end += pronoun.end()
        return _mask(masked, b_class, end)

    @staticmethod
    def _class_before(text: str, start: int, spans: list[tuple[int, int, str]]) -> tuple[str, int] | None:
        """The class key of a class word just before ``start`` joined to it by a material link ("walls made of",
        "walls that are made of", "walls with a"), and where the link starts."""
        for _, b, w in reversed(spans):
            if b > start:
                continue
            between = " ".join(text[b:start].split())
            between = re.sub(r"^(?:(?:that|which)\s+)?(?:are|is|sind|ist|aren't|isn't)(?:\s+(?:not|nicht))?(?:\s+|$)",
                             "", between)
            if between == "" or any(between in (link, link + " a", link + " an")
                                    for link in grounding.words().material_links):
                return _CLASS_KEYS[w], b
            return None
        return None

    def _compare_room_sums(self, plan: Plan, text: str, original: str, found: re.Match[str],
                           subjects: list[RoomRef]) -> str:
        """ "is the Seminarraum larger than Besprechungsraum I and II put together": rooms on one side of "than"
        whose floor areas a sum word ("together", "combined", "zusammen") adds, compared with the other side. Only
        with a comparative, "than", a sum word and each room named once; otherwise the comparison stays unread."""
        asked = original or text
        total = _ROOMS_TOGETHER.search(asked)
        terms = [r.term for r in subjects]
        if found.re is _WHICH_BIGGER or total is None or (found.re is _MORE_AREA and not found.group("than")) or (
                len(set(terms)) != len(terms)):
            return text
        sides: list[list[str]] = [[], []]
        for room in subjects:
            at = re.search(rf"\b{re.escape(room.term)}\b", asked)
            start = at.start() if at is not None else plan.resolved.get("room_starts", {}).get(room.term)
            if start is None:
                return text
            sides[start >= found.end()].append(room.term)
        if not all(sides) or len(sides[1]) < 2 and len(sides[0]) < 2:
            return text
        from ifcqa.spatial.measures import MeasureMention

        plan.intent = "compare"
        plan.least = found.group("word") in _SMALLER or found.group("word") in ("less", "weniger")
        m = MeasureMention(found.group(0), found.start(), found.end(), "floor_area", "sum")
        plan.measure = {"term": found.group(0), "quantity": "floor_area", "op": "sum"}
        plan.resolved["measure"] = resolve.Measure(m.term, m.start, m.end, m.quantity, m.op, raw=m)
        plan.resolved["compare_rooms"] = True
        plan.resolved["compare_sides"] = sides
        plan.notes.append(f"rooms compared by their summed floor areas: {sides[0]} vs {sides[1]}")
        return _mask(_mask(text, found.start(), found.end()), total.start(), total.end())

    def _storeys_outside_room_names(self, masked: str, mentions: list[_Mention]) -> str:
        """The storey mentions, read with the words of a space's whole name held back ("Flur 1.OG West", "Flur EG
        Eingang": the room, whose name holds a storey's; ``room_parts.name_spans``), those words then given back."""
        held = room_parts.name_spans(self.index, masked)
        hidden = masked
        for start, end in held:
            hidden = _mask(hidden, start, end)
        hidden = self._storey_mentions(hidden, mentions)
        for start, end in held:
            hidden = hidden[:start] + masked[start:end] + hidden[end:]
        return hidden

    def _rooms_asked_one_by_one(self, plan: Plan, text: str) -> None:
        """ "Liegt das Büro vom Hausmeister im EG?", "A104 is on Level 1, right?": whether the room is on that storey
        (a yes/no); a series member, a presupposed room or one of several rooms the model lacks: declined."""
        if plan.declined is not None:
            return
        if room_parts.on_storey_question(plan, plan.question):
            plan.intent = "exists"
            plan.notes.append("whether the room is on the storey named (a yes/no)")
        missing = room_parts.missing_series_member(plan, room_parts.space_names(self.index, normalise),
                                                   normalise(plan.question))
        if missing is not None:  # "the Technikraum V" of a model with Technikraum I-IV: never every Technikraum
            _decline(plan, f"this model has no space named '{_as_written(plan.question, missing)}'", [],
                     "Ask for a room by a name or number the model holds.")
            return
        lacking = [r for r in plan.rooms if not r.guids and not r.negated]
        if lacking and plan.intent == "exists" and (room_parts.presupposed(lacking[0], normalise(plan.question))
                                                     or room_parts.asks_what(normalise(plan.question))):
            _decline(plan, f"this model has no space named like '{_as_written(plan.question, lacking[0].term)}'",
                     [], "Ask for a room by a name or number the model holds.")  # "Is the Bibliothek on the EG?"
            return
        if lacking and len(lacking) < len(plan.rooms):  # "Besprechungsraum I and III": never the one there is
            said = " or ".join(repr(_as_written(plan.question, r.term)) for r in lacking)
            _decline(plan, f"this model has no space named like {said}", [],
                     "Ask for rooms by names or numbers the model holds.")
            return

    def _one_room_of_several(self, plan: Plan, text: str) -> None:
        """ "what is in the Büro" when five spaces are named so: declined naming them (never their union); after the
        word accounting, so that a word not understood is what the answer names first."""
        found = room_parts.ambiguous(self.index, plan, text)
        if found is None:
            return
        room, candidates = found
        shown = "; ".join(candidates[:8]) + (f"; and {len(candidates) - 8} more" if len(candidates) > 8 else "")
        _decline(plan, f"'{_as_written(plan.question, room.term)}' names {len(candidates)} spaces ({shown}), and "
                 "the question asks about one room, so I cannot tell which is meant", [],
                 "Ask again naming one of them by its number or full name.")
        plan.resolved["room_candidates"] = list(room.guids)

    def _room_name_continuations(self, plan: Plan, masked: str) -> str:
        """ "Besprechungsraum I and II", "office 1, 2 and 3", "Technikräume I, II and III", "bedrooms 1 and 2":
        numerals or letters listed right after a room named by a name ending in one, or after the plural of such a
        name's head (``room_parts.series``): each the space named so, with the first one's role; a numeral no space
        carries is no room: the answer declines saying so."""
        names = room_parts.space_names(self.index, normalise)
        asked = normalise(plan.question)
        for room in list(plan.rooms):
            head = re.fullmatch(r"(?P<head>.*\S)\s+(?:\d+|[ivx]+|[a-z]\d*)", room.term)
            heads = [head["head"]] if head is not None and room.term in names else []
            plural = not heads and room.how.startswith("function:")
            if plural:
                heads = room_parts.singular_heads(room.term, names)
            if not heads:
                continue
            found = next((f for f in re.finditer(re.escape(room.term) + r"\b", asked)
                          if not masked[f.start():f.end()].strip()), None)  # where the room was read
            if found is None:
                continue
            listed = room_parts.series(masked, found.end(), heads[0], names, first=plural)
            if plural and listed:
                plan.rooms.remove(room)  # "Technikräume I, II and III": the numbered ones, not every plant room
            for term, start, end, guids in listed:
                if not guids:  # "Besprechungsraum III": no space is named so; the numeral is what is not understood
                    _decline(plan, f"this model has no space named '{_as_written(plan.question, term)}'",
                             [_as_written(plan.question, term.rsplit(" ", 1)[-1])],
                             "Ask for a room by a name or number the model holds.")
                    masked = _mask(masked, start, end)
                    break
                plan.rooms.append(RoomRef(term, "name", guids, room.role, room.negated))
                plan.resolved.setdefault("room_starts", {})[term] = start  # where it stands (not spelled whole)
                plan.notes.append(f"{term!r}: listed after {room.term!r}, the space named so")
                masked = _mask(masked, start, end)
        return masked

    def _compare_rooms(self, plan: Plan, text: str, original: str = "") -> str:
        """ "Is the kitchen bigger than the living room?": two rooms compared by floor area (a yes/no)."""
        found = (_BIGGER.search(text) or _WHICH_BIGGER.search(text)  # "which is bigger, A or B": the larger one
                 or _MORE_AREA.search(original or text)  # the area words, read or not ("floor space")
                 or _WHICH_BIGGER.search(normalise(plan.question)))  # "Which one is larger: A or B?" (read as talk)
        subjects = [r for r in plan.rooms if r.role == "subject" and not r.negated]
        if found is not None and len(subjects) == 3 and len(plan.rooms) == 3 and room_parts.topic_group(
                subjects):  # "Keller meeting rooms: which is bigger, Besprechungsraum I or II?": the group asked from
            plan.rooms.remove(subjects[0])
            plan.notes.append(f"{subjects[0].term!r}: the rooms the two compared belong to (the topic)")
            subjects = subjects[1:]
        if found is not None and len(subjects) > 2 and len(plan.rooms) == len(subjects):
            return self._compare_room_sums(plan, text, original, found, subjects)
        if found is None or len(subjects) != 2 or len(plan.rooms) != 2:
            return text
        from ifcqa.spatial.measures import MeasureMention

        word = found.group("word")
        plan.intent = "compare"
        plan.least = word in _SMALLER or word in ("less", "weniger")
        m = MeasureMention(found.group(0), found.start(), found.end(), "floor_area", "sum")
        plan.measure = {"term": found.group(0), "quantity": "floor_area", "op": "sum"}
        plan.resolved["measure"] = resolve.Measure(m.term, m.start, m.end, m.quantity, m.op, raw=m)
        which = found.re is _WHICH_BIGGER or (found.re is _MORE_AREA and not found.group("than"))
        plan.resolved["compare_rooms"] = "which" if which else True
        text = _mask(text, found.start(), found.end())
        by = room_parts.BY_FLOOR_AREA.search(text)  # "which is bigger by net floor area": what "bigger" compares
        return _mask(text, by.start(), by.end()) if by is not None else text

    def _asked_unit(self, plan: Plan, masked: str, text: str) -> str:
        """ "how big is the entrance hall in m²", "total wall length in m", "in square feet": the unit the answer is
        asked in, consumed when it is the measure's kind (the answer is converted to it, ``units_asked``)."""
        measure = plan.resolved.get("measure")
        if measure is None or plan.resolved.get("asked_unit") or plan.resolved.get("unit_mismatch"):
            return masked
        return _take_unit(plan, masked, measure.quantity)

    def _unit_read_with_measure(self, plan: Plan, text: str, masked: str) -> None:
        """A unit phrase another pass read as part of the measure ("how big is the living room in sq ft": the
        measure words hold "sq ft"): still the unit the answer is asked in."""
        measure = plan.resolved.get("measure")
        if measure is None or plan.resolved.get("asked_unit") or plan.resolved.get("unit_mismatch"):
            return
        found = units_asked.find(text)
        if found is not None and not masked[found.unit_start:found.end].strip():
            _take_unit(plan, text, measure.quantity)
            return
        named = units_asked.named_by(measure.term)  # "how many square feet is the kitchen": the unit is the measure
        asked = re.search(r"\b(?:how\s+many|how\s+much|wie\s+viele?)\s+$", text[:measure.start])  # never a bound's
        if named is not None and asked is not None and named.unit.kind == units_asked.kind_of(measure.quantity):
            plan.resolved["asked_unit"] = named.to_dict()
            plan.notes.append(f"answer asked in {named.written!r} ({named.unit.symbol}): the measure named by its unit")

    def _rank_measure(self, plan: Plan, text: str, masked: str) -> str:
        """A measure summed per storey and the storeys compared by it: "which floor has the most floor area", "which
        floor has the biggest total room area" (not the biggest room), "which has the larger total window area,
        GroundFloor or 1stFloor?", "is the GroundFloor's room area bigger than the 1stFloor's?". Without a total
        word a superlative stays an element's ("which floor has the largest room")."""
        measure = plan.resolved.get("measure")
        if measure is None or plan.declined is not None or plan.resolved.get("compare_rooms") or any(
                r.role != "subject" or r.negated for r in plan.rooms) or plan.resolved.get("sum_threshold"):
            return masked  # rooms as the subject ("more office area than") are what is summed per storey
        difference = _HOW_MUCH_BIGGER.search(text)
        total = _TOTAL_WORDS.search(text) or (  # "which storey has the least room area": the quantity, summed
            measure.raw is not None and measure.raw.attached and measure.quantity in _ADDITIVE)
        ranking = _RANK_WORDS.search(masked) or difference  # "how much more floor area": the measure read "more"
        named = [m for m in plan.mentions if m.storeys and not m.negated]
        yes_no = re.match(r"(?:is|are|does|do|has|have|hat|ist|sind)\b", _question_sentence(text)) or (
            _HOW_MUCH_BIGGER.search(text) and len(named) == 2)  # "how much more floor area does A have than B"
        which = _WHICH_STOREY.search(text) or re.search(r"\b(?:which|welche[rs]?)\b", text) and len(named) == 2
        if not (total or measure.op == "sum") or not (which or yes_no and len(named) == 2 and ranking):
            return masked
        if not which and not _words_pattern(("than", "als")).search(text):
            return masked
        plan.resolved["rank_sum"] = True
        plan.least = bool(_LEAST_MEASURE.search(text))
        plan.resolved["measure"] = resolve.Measure(measure.term, measure.start, measure.end, measure.quantity, "sum",
                                                   raw=measure.raw)
        assert plan.measure is not None
        plan.measure["op"] = "sum"
        if which and not difference:
            plan.intent = "most"
        else:
            plan.intent = "compare"
            plan.compare = [named[0].storeys[0], named[1].storeys[0]]
            plan.compare_op = "-" if difference else "<" if plan.least else ">"
            if difference is not None:  # "how much bigger is A than B": A's sum minus B's
                masked = _mask(masked, difference.start(), difference.end())
        for m in [ranking, total]:
            if isinstance(m, re.Match):
                masked = _mask(masked, m.start(), m.end())
        for m in _AS_THAN.finditer(masked):
            masked = _mask(masked, m.start(), m.end())
        plan.notes.append("the measure summed per storey and the storeys ranked by it")
        return masked

    def _none_of(self, plan: Plan, text: str, masked: str) -> str:
        """ "Which floors have no windows?", "which storeys don't have any doors?", "are there no doors on the
        Dachgeschoss?", "Welche Geschosse haben keine Türen?": "none of X" is the count of X equal to 0, a threshold
        that composes with the storey question (the storeys where it holds) and with a yes/no."""
        spans = sorted(plan.resolved.get("class_spans", []))
        if plan.threshold is not None or not spans or plan.declined is not None:
            return masked
        found, word = next(((f, w) for a, _, w in spans if (f := _NONE.search(text, max(0, a - 40), a)) is not None),
                           (None, ""))
        # the yes/no verb opens the question, or its clause after a lead-in ("quick one: is there any level ...")
        yes_no = re.search(r"(?:^|[:;!?]\s*)(?:is|are|does|do|has|have|gibt|hat|haben|sind|ist)\b", text)
        subject = _LACKING_SUBJECT.search(text, 0, found.start()) if found is not None else None
        if subject is not None and any(a <= subject.start() < b for a, b in plan.resolved.get("storey_spans", [])):
            subject = None  # round 13: "Räume im Ground Floor haben keine": the storey's name, no storeys asked
        if subject is not None:  # "rooms with no door", "2.OG rooms with no windows": the rooms (storeys) asked
            plan.resolved["lacking"] = "rooms" if subject.group("rooms") else "storeys"
        key = _CLASS_KEYS.get(word)
        excluded = [c for c in plan.exclude_classes if c.key == key]
        rooms_named = self._rooms_before(plan, text, found.start(), bool(excluded)) if (
            found is not None and subject is None) else None
        # "bedrooms without windows", "rooms on level 2 without windows" (round 7)
        if found is None or not (_WHICH_STOREY.search(text) or _WHICH_ROOM.search(text) or yes_no or subject
                                 or rooms_named):
            return masked
        if excluded:  # "ein Geschoss ohne Fenster": the class counted (zero), not taken out of the answer
            plan.exclude_classes = [c for c in plan.exclude_classes if c.key != key]
            plan.classes += excluded
            # "Büros ohne Möbel": what is in / bounds them ("Räume im Erdgeschoss ohne Türen": no room read, the spaces)
            if rooms_named and plan.rooms and plan.rooms[0].role == "subject":
                plan.rooms[0].role = "of" if key in _BOUNDING else "in"
                plan.classes = [c for c in plan.classes if c.key != "spaces"]
        plan.threshold = {"op": "=", "n": 0, "term": found.group(0).strip()}
        return _mask(masked, found.start(), found.end())

    @staticmethod
    def _rooms_before(plan: Plan, text: str, at: int, excluded: bool = False) -> str | None:
        """Rooms as the subject of a relation starting at ``at`` ("bedrooms without windows", "rooms on level 2 with
        no windows", "which bathrooms have a window"): a room mention (its spaces become the pool the per-space count
        runs over, ``resolved["space_pool"]``) or the room noun, a storey allowed in between; else ``None``."""
        link = _RELATION_LINK.search(text, 0, at)
        end = link.start() if link is not None else at
        for a, b in plan.resolved.get("storey_spans", []):
            if b == end:  # "rooms on level 2 without windows": the storey scopes the rooms
                before = _STOREY_PREPOSITION.search(text, 0, a)
                end = before.start() if before is not None else a
                break
        named = [r for r in plan.rooms if not r.negated and r.guids and (r.role != "subject" or excluded)]
        if any(b == end for _, b in plan.resolved.get("room_spans", [])) and len(named) == len(plan.rooms) == 1:
            plan.resolved["lacking"] = "rooms"
            plan.resolved["space_pool"] = list(named[0].guids)
            return named[0].term
        if re.search(r"\b(?:rooms?|spaces?|räume|raeume|zimmer)\s*$", text[:end]) and not plan.rooms:
            plan.resolved["lacking"] = "rooms"
            return "rooms"
        return None

    def _count_comparison(self, plan: Plan, text: str, masked: str) -> str:
        """The grammar of count comparisons: a comparative ("more ... than", "fewer", "mehr ... als"), a ratio
        ("(at least) twice as many ... as", "three times as many", "doppelt so viele"), or an equality ("the same
        number of", "as many ... as", "gleich viele"), between two sides: two named storeys ("on Level 2 ... than on
        Level 1"), or two classes in one scope ("more doors than windows on Level 1"). A yes/no question (or a
        statement with a tag: "..., right?") becomes intent ``compare`` with ``compare_op`` / ``compare_factor``."""
        if plan.declined is not None or plan.threshold is not None or plan.rooms:
            return masked
        ratio = _RATIO.search(text)
        same = _SAME.search(text)
        more = _MORE_THAN.search(text)
        if more is not None and more.group("word") not in _COUNT_COMPARATIVES and not _NUMBER_OF.search(text):
            more = None  # "greater" compares counts only with "the number of" ("is Level 2 bigger": its area)
        tag = _TAG.search(text)
        lead = _question_sentence(text)  # the question's own sentence: its verb first
        yes_no = re.match(r"(?:is|are|does|do|did|has|have|any|gibt|hat|haben|existiert|sind|ist|can)\b", lead) or (
            _ELLIPTIC_COMPARISON.match(text.lstrip())) or (  # "more windows than doors on My Storey?": no verb
            plan.resolved.get("confirm"))  # "I heard the Keller has more doors than ..., or am I wrong?"
        difference = _HOW_MANY_MORE.search(text) or _DIFFERENCE.search(text)
        named = [m for m in plan.mentions if m.storeys and not m.negated]
        versus = _VERSUS.search(text)
        if versus is not None and not yes_no and not difference and len(named) >= 2 and plan.intent == "list" and (
                not _words_pattern((*MOST_WORDS, *COUNT_WORDS)).search(text)):  # "which has more": most; "how
            # many ... vs ...": the count, which says how it splits per storey
            plan.intent = "breakdown"  # "compare the doors on level 1 and level 2", "doors: L1 vs L2": per storey
            plan.resolved["versus"] = True
            plan.notes.append(f"{versus.group(0)!r}: counted per named storey")
            return _mask(masked, versus.start(), versus.end())
        if more is not None and not yes_no and not tag and _WHICH_STOREY.search(text) and len(named) == 1 and (
                _words_pattern(("than", "als")).search(text, more.end())):
            # "which floor has more rooms than the Keller": the storeys whose count beats that storey's
            vs = named[0].storeys[0]
            plan.threshold = {"op": "<" if more.group("word") in _LESS_WORDS else ">", "n": 0, "term": more.group(0),
                              "vs": vs}
            plan.storeys, plan.storey_names = [], []  # every storey counted; the named one is the bound
            masked = _mask(masked, more.start(), more.end())
            for m in _AS_THAN.finditer(masked):
                masked = _mask(masked, m.start(), m.end())
            return masked
        if difference is not None:
            more = difference if difference.re is _HOW_MANY_MORE else None
        elif not (ratio or same or more) or not (yes_no or tag):
            return masked
        things = [c for c in plan.classes if c.key != "spaces"] or plan.classes
        if len(named) == 2 and len(things) >= 1:
            plan.compare = [named[0].storeys[0], named[1].storeys[0]]
        elif len(named) <= 1 and len(things) == 2 and not plan.exclude_classes:
            plan.compare_classes = True
            plan.classes = things
        else:
            return masked
        plan.intent = "compare"
        if difference is not None:  # "how many more X does A have than B", "the difference in X between A and B"
            plan.compare_op = "-"
            plan.resolved["difference"] = "signed" if difference.re is _HOW_MANY_MORE else "absolute"
            plan.least = difference.re is _HOW_MANY_MORE and difference.group("word") in ("fewer", "less", "weniger")
            used = [difference]
            for m in _DIFFERENCE_FILLER.finditer(masked):
                masked = _mask(masked, m.start(), m.end())
        elif ratio is not None:
            bound = ratio.group("bound") or ""
            plan.compare_op = {"at most": "<=", "höchstens": "<=", "exactly": "=", "genau": "="}.get(bound, ">=")
            plan.compare_factor = _FACTORS.get(ratio.group("factor"), 0) or int(re.sub(r"\D", "", ratio.group(
                "factor")) or 1)
            used = [ratio]
        elif same is not None:
            plan.compare_op, used = "=", [same]
        else:
            assert more is not None
            plan.least = more.group("word") in _LESS_WORDS
            plan.compare_op, used = ("<" if plan.least else ">"), [more]
        if tag is not None:
            used.append(tag)
        for m in used:
            masked = _mask(masked, m.start(), m.end())
        for m in _AS_THAN.finditer(masked):  # the second side's "as" / "than" / "als"
            masked = _mask(masked, m.start(), m.end())
        plan.notes.append(f"count comparison: A {plan.compare_op} {plan.compare_factor} x B"
                          + (" (two classes)" if plan.compare_classes else " (two storeys)"))
        return masked

    def _clauses(self, plan: Plan, text: str) -> None:
        """ "walls on level 1 or slabs on level 2": each class with its own storey. The plan has one storey scope
        for all its classes, so answering would give both classes on both storeys: declined, naming the pairs."""
        if plan.declined is not None:
            return
        items = [(a, "class", w) for a, _, w in plan.resolved.get("class_spans", [])]
        items += [(a, "storey", text[a:b]) for a, b in plan.resolved.get("storey_spans", [])]
        items.sort()
        pairs: list[tuple[str, str]] = []
        current: str | None = None
        for _, kind, word in items:
            if kind == "class":
                current = word
            elif current is not None:
                pairs.append((current, word))
                current = None
        keys = {_CLASS_KEYS.get(c, c) for c, _ in pairs}
        if len(pairs) >= 2 and len(keys) >= 2 and len({st for _, st in pairs}) >= 2:
            shown = " and ".join(f"{c} on {st}" for c, st in pairs)
            _decline(plan, f"it pairs each class with its own storey ({shown}), and I answer one storey scope for "
                     "all classes at a time, which would list every class on every storey", [],
                     "Ask one question per class and storey, e.g. " + f"'{pairs[0][0]} on {pairs[0][1]}'.")

    def _relation(self, plan: Plan, text: str) -> None:
        """ "walls with windows", "rooms that have doors": a relation between two classes is not a union of them;
        declined (or, for "doors per room", counted per space) rather than listing both."""
        if plan.compare_classes:
            return  # "more doors than windows": two sides of a comparison, not a relation
        per_room = bool(_PER_ROOM.search(text))  # "doors per room": counted per space, no relation
        spans = sorted(plan.resolved.get("class_spans", [])) if plan.group_by != "space" and not per_room else []
        for (_, a_end, a_word), (b_start, _, b_word) in zip(spans, spans[1:], strict=False):
            between = text[a_end:b_start]
            if _CLASS_KEYS.get(a_word) == _CLASS_KEYS.get(b_word):
                continue  # "walls on 2.OG that are not exterior walls": one class named twice
            if not between.strip() and self._narrower_named(plan, a_word, b_word):
                continue  # round 18: "electrical sockets": every socket of the model is an electrical element
            if not between.strip():
                _decline(plan, f"it reads {a_word + ' ' + b_word!r} as two classes, {a_word!r} and {b_word!r}, and "
                         "knows no class of that name", [f"{a_word} {b_word}"])
                return
            if _EXAMPLES_BETWEEN.fullmatch(between.strip()) and self._kinds_listed(plan, text, spans, a_word, a_end):
                continue  # "sanitary terminals (basins, baths)", "heating like radiators": kinds of the class
            if two_sided.kind_taken_out(between, self.class_filter(_CLASS_KEYS[a_word]), self.class_filter(
                    _CLASS_KEYS[b_word]), plan.exclude_classes, lambda e, f: matches(self.index, e, f),
                    self.index.data.elements.values()):
                continue  # round 17: "flow terminals on Level 1 that are not receptacles": the outlets taken out
            if _RELATION.search(between) or not _COORDINATED.search(between):
                _decline(plan, f"it relates {a_word!r} to {b_word!r} ({between.strip()!r}), and I can only list "
                         "elements by storey, room, class and property, not by what they hold or touch",
                         [f"{a_word} {between.strip()} {b_word}"])
                return
        every = _PER_ROOM.search(text)
        if every is not None and plan.measure is not None and _totalled(normalise(plan.question), every.group(0)):
            plan.classes = [class_filter(self.index.schema, "spaces")]  # "sum up the m² of every space": the total
        elif per_room and plan.measure is not None and {c.key for c in plan.classes} <= {"spaces", "inventory"}:
            plan.resolved["each"] = True  # "floor area per room on the Keller": each room's, listed
            plan.classes = [class_filter(self.index.schema, "spaces")]
            plan.intent = "list"
        elif per_room and plan.intent in ("breakdown", "count", "list") and not plan.rooms:
            plan.intent = "breakdown"
            plan.group_by = "space"
            plan.classes = [c for c in plan.classes if c.key != "spaces"]

    def _narrower_named(self, plan: Plan, wide: str, narrow: str) -> bool:
        """ "electrical sockets", "structural columns": a class word right before another whose every element in
        the model is one of its own says nothing the second does not: the narrower class is asked (the wider one
        dropped, saying so). False when the model holds none of the narrower class or one that is not of the wider
        (then the pair is declined as before)."""
        outer, inner = self.class_filter(_CLASS_KEYS[wide]), self.class_filter(_CLASS_KEYS[narrow])
        elements = [e for e in self.index.data.elements.values() if matches(self.index, e, inner)]
        if not elements or not all(matches(self.index, e, outer) for e in elements):
            return False
        plan.classes = [c for c in plan.classes if _key(c) != _key(outer)]
        plan.notes.append(f"{wide + ' ' + narrow!r}: every one of the model's {narrow} is also one of its {wide} "
                          f"elements, so read as the {narrow}")
        return True

    def _kinds_listed(self, plan: Plan, text: str, spans: list[tuple[int, int, str]], head: str, end: int) -> bool:
        """Class words listed after a class word as its kinds: "sanitary terminals (basins, baths)" asks those
        kinds (the head class is dropped), "like / such as / e.g. basins and baths" or a list ending "and so on"
        gives examples (the class as a whole, which their union with it is). False (a relation, declined) when
        one of them is no kind of the head class."""
        opened = text[end:end + 40].lstrip().startswith("(")
        close = text.find(")", end) if opened else -1
        stop = close if close >= 0 else len(text)
        after = [(a, b, w) for a, b, w in spans if end < a < stop]
        if not after or (opened and close < 0):
            return False
        listed = [after[0][2]]
        for (_, b_prev, _), (a, _, w) in zip(after, after[1:], strict=False):  # "basins, baths and showers"
            if not _COORDINATED.fullmatch(text[b_prev:a].strip()):
                break
            listed.append(w)
        outer = self.class_filter(_CLASS_KEYS[head])
        kinds = [self.class_filter(_CLASS_KEYS[w]) for w in listed]
        if any(not set(k.classes) or not set(k.classes) <= set(outer.classes) for k in kinds):
            return False
        open_list = not opened or listed_kinds.open_tail(text[end:stop])
        if not open_list:
            keep = {_key(k) for k in kinds}
            plan.classes = [c for c in plan.classes if _key(c) != _key(outer) or _key(c) in keep]
        how = "examples of the class, all of it asked" if open_list else "the kinds asked"
        plan.notes.append(f"{', '.join(listed)} after {head!r}: {how}")
        return True

    def _with_properties(self, plan: Plan, text: str, masked: str) -> str:
        """ "rooms with air conditioning", "Räume mit natürlicher Lüftung": a class word after "with" that, with the
        words before it, names a boolean property the asked class's elements carry (AirConditioning on the spaces)
        is that property = TRUE, not a second class related to the first (see :meth:`_relation`)."""
        spans = sorted(plan.resolved.get("class_spans", []))
        for (_, _, a_word), (b_start, b_end, b_word) in zip(spans, spans[1:], strict=False):
            tail = _WITH_TAIL.search(text, 0, b_start)
            subject = next((c for c in plan.classes if c.key == _CLASS_KEYS.get(a_word)), None)
            other = next((c for c in plan.classes if c.key == _CLASS_KEYS.get(b_word)), None)
            if tail is None or subject is None or other is None or subject is other:
                continue
            phrase = f"{tail['pre']}{text[b_start:b_end]}"
            q = qualifiers.boolean_property(self.index, list(subject.classes), phrase)
            if q is None:
                continue
            q.term, q.start, q.end = phrase, tail.start("pre"), b_end
            if tail["without"]:  # "rooms without air conditioning": the property is FALSE (stated, not missing)
                q.value = False
            plan.classes = [c for c in plan.classes if c is not other]
            plan.resolved["class_spans"] = [sp for sp in spans if sp[0] != b_start]
            plan.qualifiers.append(QualifierRef(phrase, resolve.describe(resolve.wrap(q)), False))
            plan.resolved.setdefault("qualifiers", []).append(resolve.wrap(q))
            plan.notes.append(f"{phrase!r} after 'with': the property {q.path} of the {subject.label}")
            masked = _mask(masked, tail.start(), b_end)
        return masked

    def _qualifying_class_words(self, plan: Plan, text: str, masked: str) -> str:
        """Class words that qualify another class word of the question (:func:`qualifier_forms.
        qualifying_class_words`: "structural walls", "rooms where AirConditioning is true") are no class: their
        words are left to the property passes."""
        spans = list(plan.resolved.get("class_spans", []))
        props = [m.span("prop") for m in _PROPERTY_VALUE.finditer(text)]
        for a, b, word in qualifier_forms.qualifying_class_words(spans, _CLASS_KEYS.get, qualifier_forms.boolean_word,
                                                                 props):
            spans = [sp for sp in spans if sp[0] != a]
            if _CLASS_KEYS[word] not in {_CLASS_KEYS[w] for _, _, w in spans}:
                plan.classes = [c for c in plan.classes if _key(c) != _CLASS_KEYS[word]]
                if any(c.key == _CLASS_KEYS[word] for c in plan.exclude_classes):  # "walls that are not structural"
                    plan.exclude_classes = [c for c in plan.exclude_classes if c.key != _CLASS_KEYS[word]]
                    neg = _QUALIFIER_NEGATION.search(text, 0, a)  # its negation goes back to the qualifier
                    a = neg.start() if neg is not None and not masked[neg.start():a].strip() else a
            masked = masked[:a] + text[a:b] + masked[b:]
            plan.notes.append(f"{word!r} qualifies the {_join_words([c.label for c in plan.classes])}: not a class")
        plan.resolved["class_spans"] = spans
        return masked

    def _property_values(self, plan: Plan, masked: str, text: str | None = None) -> str:
        """A boolean property the asked elements carry, written out with its value: "rooms with
        HandicapAccessible true", "walls where LoadBearing = false", "Pset_WallCommon.IsExternal: yes"."""
        if plan.declined is not None:
            return masked
        classes = [c for f in plan.classes for c in f.classes]
        for found in list(_PROPERTY_VALUE.finditer(masked)):
            name = found["prop"].split(".")[-1]
            q = qualifiers.boolean_property(self.index, classes, name, camel=True)
            if q is None:
                continue
            q.value = found["val"] in _TRUE_WORDS
            q.term, q.start, q.end = found.group(0), found.start(), found.end()
            plan.qualifiers.append(QualifierRef(found.group(0), resolve.describe(resolve.wrap(q)), False))
            plan.resolved.setdefault("qualifiers", []).append(resolve.wrap(q))
            masked = _mask(masked, *qualifier_forms.frame_before(masked, found.start(), found.end(), text))
        return masked

    def _named_properties(self, plan: Plan, masked: str, context: str) -> str:
        """A property of the asked elements named by its own words (:mod:`ifcqa.spatial.named_properties`: "which
        outlets are pluggable", "walls that extend to structure", "light fixtures with lamp A-21"), unless the
        qualifier vocabulary reads the same words as a property the model holds (it knows their synonyms and
        negations). The name's words may be class words the class pass took ("structure", "lamp") when another
        class word stays the subject; the class they were read as is then dropped (unless named elsewhere)."""
        if plan.declined is not None:
            return masked
        classes = [c for f in plan.classes for c in f.classes]
        found = named_properties.find(self.index, context, classes)
        if not found:
            return masked
        known = [(q.start, q.end) for q in resolve.find_qualifiers(self.index, masked, classes, context)
                 if q.how not in _UNUSABLE]
        spans = list(plan.resolved.get("class_spans", []))
        for q in found:
            inside = [sp for sp in spans if q.start <= sp[0] and sp[1] <= q.end]
            outside = [sp for sp in spans if sp not in inside]
            free = all(masked[i] == context[i] or any(a <= i < b for a, b, _ in inside)
                       for i in range(q.start, q.end) if not context[i].isspace())
            if not free or (inside and not outside) or any(q.start < b and a < q.end for a, b in known):
                continue
            for sp in inside:  # "walls that extend to structure": "structure" is the property's, not a class
                key = _CLASS_KEYS[sp[2]]
                if key not in {_CLASS_KEYS[w] for _, _, w in outside}:
                    plan.classes = [c for c in plan.classes if _key(c) != key]
                spans.remove(sp)
            plan.resolved["class_spans"] = spans
            before = context[max(0, q.start - 24): q.start]
            neg = _QUALIFIER_NEGATION.search(before)
            wrapped = resolve.wrap(q)
            plan.qualifiers.append(QualifierRef(q.term, resolve.describe(wrapped), neg is not None))
            plan.resolved.setdefault("qualifiers", []).append(wrapped)
            plan.notes.append(f"{q.term.strip()!r}: the property {resolve.describe(wrapped)} (named by its words)")
            masked = _mask(masked, q.start, q.end)
            if neg is not None:
                masked = _mask(masked, q.start - len(before) + neg.start(), q.start)
        return masked

    def _account(self, plan: Plan, masked: str) -> None:
        """Every content word is a storey, class, room, qualifier, aggregate or filler, or the answer declines."""
        if plan.declined is not None:
            return
        mismatch = plan.resolved.get("unit_mismatch")
        if mismatch is not None:  # "how wide is door X in square metres": a unit of another kind, never converted
            written, kind, said, term = mismatch
            term = term.replace("_", " ")
            article = "an" if said and said[0] in "aeiou" else "a"
            what = f"'{term}' is {article + ' ' + said if said else 'no quantity with a unit'}"
            _decline(plan, f"the answer is asked in '{written}', a unit of {kind}, and {what}",
                     [written], f"Ask for it in a unit of {said} (or without a unit)." if said else
                     "Ask without a unit.")
            return
        words = [w for w in re.findall(r"[^\W\d_][\w'-]*", masked) if w.strip("'-") not in _FILLER
                 and w not in _FILLER and len(w.strip("'-")) >= 2]
        words += re.findall(r"(?<![\w.])\d+(?:[.,]\d+)?(?![\w])", masked)  # "walls in building 3": the 3
        # "which light fixtures are 150W": a number written with its unit or letters is a word like any other
        codes = re.findall(r"(?<![\w.])\d+(?:[.,]\d+)?-?[^\W\d_][\w'-]*", masked)
        words += codes
        parts = {p for c in codes for p in re.findall(r"[^\W\d_][\w'-]*|\d+(?:[.,]\d+)?", c)}
        words = [w for w in words if w not in parts or w in codes]  # "3-seater" said whole, not '3' and 'seater'
        words += [whole for a, b, whole in plan.resolved.get("compound_heads", []) if masked[a:b].strip()]
        # "the area of the Seminarraum in t", "how many doors, in m": one letter after "in" is a unit (or a name)
        # asked for, which the word passes did not read (one-letter words are otherwise not counted)
        words += [m.group("u") for m in _ONE_LETTER_ASKED.finditer(masked)]
        # "sauna - what's in it", "what is in there": a place said by a pronoun that no earlier part gave (antecedent.py
        # reads "in it" back to a room or storey named before it): never the whole model
        if not (plan.rooms or plan.storeys or plan.elements or plan.mentions or plan.exclude):
            words += [" ".join(m.group(0).split()) for m in _PLACE_PRONOUN.finditer(masked)
                      if not _pronoun_given(plan, m)]
        # "the three largest rooms", "which two rooms are the biggest": a number word with an extreme asks for the
        # top N, which no plan holds (the number words are otherwise filler: "the two levels")
        measure = plan.resolved.get("measure")
        if plan.intent == "most" or (measure is not None and measure.op in ("max", "min")):
            words += _NUMBER_WORDS.findall(masked)
        # "how many doors per apartment": a filler noun after a distributive word groups by a part no plan holds
        # (storeys and rooms were read before: "per floor", "each room"), never the whole model
        words += [m.group(0) for m in _DISTRIBUTIVE.finditer(masked) if m.group("w") in _PART_NOUNS]
        # "how many door types are there", "list the window types": the types of a class are asked, which only a
        # lookup reads ("which door types are used": their type names); "type" is otherwise filler ("of type DT01")
        if not plan.resolved.get("lookup_frame"):
            words += [m.group(1) for _, b, _ in plan.resolved.get("class_spans", [])
                      for m in [_TYPES_AFTER.match(masked, b)] if m is not None]
        # "which rooms are by / around / like the kitchen": rooms near (or like) a room, never the kitchens themselves
        # ("walls around room A104" stays the walls bounding it: the rooms are then where, not what, is asked)
        asked = normalise(plan.question)
        words += [found.group(0) for r in plan.rooms if r.role == "subject" and not r.negated
                  for found in [re.search(rf"(?<!would )(?<!'d )\b(?:by|around|like)\s+(?:the\s+|a\s+|an\s+)?"
                                          rf"{re.escape(r.term)}", asked)]
                  if found is not None]
        # "does the kitchen have more windows than the living room?": a comparative no pass turned into a comparison
        # or a bound (those set compare_op / threshold / a measure) was read as filler; never answer the rest
        compared = _COMPARATIVE.search(comparative_shapes.analytic(asked))  # round 19: "more big" is "bigger"
        if compared is not None and not plan.compare_op and plan.threshold is None and plan.measure is None and (
                plan.intent in ("exists", "count", "list")) and all(m.storeys for m in plan.mentions):
            # (a storey the model lacks, "level 5 ... than level 1", is declined naming that storey instead)
            words.append(f"{compared.group(1)} ... {compared.group(2)}")  # "more ... than": the words not read
        plan.unconsumed += [_as_written(plan.question, w) for w in words]
        plan.unconsumed = list(dict.fromkeys(plan.unconsumed))
        plan.unknown_words = list(plan.unconsumed)
        if plan.unconsumed and plan.intent != "declined":
            what = ", ".join(repr(w) for w in plan.unconsumed)
            _decline(plan, f"I did not understand {what} in this question, and answering without "
                     f"{'it' if len(plan.unconsumed) == 1 else 'them'} would answer a broader question",
                     list(plan.unconsumed))

    # -- buildings and storeys -------------------------------------------------------------
    def _buildings(self, text: str) -> tuple[str, list[str]]:
        """Building names in the question (models with several buildings): masked text, their storeys."""
        storeys: list[str] = []
        self._building_names = []
        for name in sorted(self.resolver.building_storeys, key=len, reverse=True):
            pattern = name_pattern(normalise(name))
            if pattern is None:
                continue
            for match in list(pattern.finditer(text)):
                storeys += self.resolver.building_storeys[name]
                self._building_names.append(name)
                text = text[: match.start()] + " " * (match.end() - match.start()) + text[match.end():]
        return text, storeys

    # -- storeys ---------------------------------------------------------------------------
    def _storey_mentions(self, text: str, out: list[_Mention]) -> str:
        r = self.resolver

        def take(match: re.Match[str], how: str, storeys: list[Storey], group: int | str = 0) -> None:
            nonlocal text
            start, end = match.span(group)
            out.append(_Mention(start, end, match.group(group), how, storeys))
            text = text[:start] + " " * (end - start) + text[end:]

        for match in list(_STOREY_COUNT.finditer(text)):  # round 11: "on the two floors" of a model with four
            said = _COUNT_OF[match.group("n")]
            others = text[:match.start()] + " " * (match.end() - match.start()) + text[match.end():]
            if said != len(r.storeys) and self._storeys_named(others) != said:
                stem = {"stories": "stor", "storeys": "storey"}.get(match.group("noun"), match.group("noun")[:5])
                called = [st for st in r.storeys if stem in normalise(st.name)]
                if len(called) == said:  # "both levels" of Level 1, Level 2 and Roof: the two storeys called levels
                    take(match, "count:called", called, "phrase")
                    continue
                take(match, f"ambiguous:{' '.join(match.group('phrase').split())!r} counts {said} storeys and this "
                     f"model has {len(r.storeys)}: which {said} is not said", [], "phrase")
        for match in list(_GERMAN_LIST.finditer(text)):  # "1. und 2. OG": the first number shares the noun
            kind = match.group("kind")
            storeys, how = r.by_number(int(match.group("n")), "og", below=kind.startswith("u"))
            take(match, how, storeys, "first")
        for group, pattern in self._name_patterns:
            for match in list(pattern.finditer(text)):
                if _numbered_before(text, match.start(), group[0]):
                    continue  # "im 1. Obergeschoss" of a model with one "Obergeschoss": read as numbered below
                if self._looks_like_class(text, match, group[0]) and not any(  # "on Level 2 and Roof": listed
                        re.fullmatch(rf"{_JOIN}(?:the\s+)?", text[m.end:match.start()]) for m in out if m.storeys) \
                        and not _listed_before(text, match.end(), out) and not _compared_storeys(text, match, out):
                    continue  # with a storey named before it (round 5c) or after it (round 11), it is the storey
                take(match, "name", group)
        text = self._name_continuations(text, out)
        for match in list(_NUMBERED.finditer(text)):
            nums = match.group("nums")
            if nums.startswith("-") and match.end("noun") == match.start("nums") and not r.by_number(
                    abs(self._numbers(nums)[0]), match.group("noun"), below=True)[0]:
                nums = nums[1:]  # "level-2 doors" with no storey below ground: a hyphenated "level 2"
            numbers = self._numbers(nums)
            noun = match.group("noun")
            found: list[Storey] = []
            hows = []
            missing = []
            for n in numbers:
                storeys, how = r.by_number(abs(n), noun, below=n < 0)
                found.extend(storeys)
                hows.append(how if storeys else "unresolved")
                if not storeys:
                    missing.append(f"{noun} {n}")
            take(match, "+".join(dict.fromkeys(hows)), found)
            if found and missing:  # "floors 1-9" in a 3-storey model: say which numbers match nothing
                shown = missing[:3] + ([f"{len(missing) - 3} more"] if len(missing) > 3 else [])
                out.append(_Mention(match.start(), match.start(), ", ".join(shown), "unresolved", []))
        space_names = self._space_names()
        for match in list(_SHORT_NUMBERED.finditer(text)):
            if match.group(0) in space_names:
                continue  # "bedroom B202", "L2" when a space is named so: the room, not basement 202 / level 2
            if match.group("n3"):
                storeys, how = r.by_number(int(match.group("n3")), None, below=True)
            else:
                storeys, how = r.by_number(int(match.group("n") or match.group("n2")), "level")
            take(match, how, storeys)
        for match in list(_NOUN_WORD.finditer(text)):
            storeys, how = r.by_number(ORDINALS[match.group("word")], match.group("noun"))
            take(match, how, storeys)
        for match in list(_GERMAN_NUMBERED.finditer(text)):
            n = int(match.group("n") or match.group("n2"))
            kind = match.group("kind") or match.group("kind2")
            storeys, how = r.by_number(n, "og", below=kind.startswith("u"))
            if how == "ordinal" and _numbers_by_name(r.storeys, kind):
                storeys, how = [], "number"  # "3. Obergeschoss" where the model names "1."/"2. Obergeschoss"
            elif how == "ordinal" and any(_roof_level(s) for s in storeys):
                storeys, how = [], "number"  # "2. OG" counted up to the Dachgeschoss: no such Obergeschoss
            take(match, how, storeys)
        for match in list(_ORDINAL.finditer(text)):
            words = re.findall(_ORDINAL_WORD, match.group("ords"))
            if all(w in _CARDINALS for w in words) and match.group("noun") in _PLURAL_NOUNS:
                continue  # "the two levels", "drei Geschosse": a count, not a storey
            numbers = [ORDINALS[w] for w in words]
            found, hows = [], []
            noun = "og" if match.group("noun").startswith("upper") else match.group("noun")
            upper = match.group("noun").startswith("upper")
            for n, word in zip(numbers, words, strict=True):
                storeys, how = r.by_number(n, noun)
                if how == "ordinal" and storeys and all("roof" in s.tokens or s.tokens == ("dach",) for s in storeys):
                    storeys, how = [], "unresolved"  # "the first floor" counted up to a bare roof level: no floor
                if upper and not _numbers_by_name(r.storeys, "og"):  # "the first upper floor" of Level 1 / Level 2:
                    storeys, how = [s for s in r.by_offset(n) if not _roof_level(s)], "ordinal"  # the
                    # storey n above ground (never "Level 1"; a roof level is no upper floor)
                elif upper and how == "ordinal":  # "third upper floor" where the names stop at "2. Obergeschoss"
                    storeys, how = [], "number"
                alone = len(numbers) == 1
                ambiguous = self._first_floor_ambiguous(word, noun, storeys, how) if alone else ""
                if ambiguous:
                    storeys, how = [], "ambiguous:" + ambiguous
                found.extend(storeys)
                hows.append(how if storeys or how.startswith("ambiguous") else "unresolved")
            take(match, "+".join(dict.fromkeys(hows)), found)
        for kind, pattern in _ALIASES:
            for match in list(pattern.finditer(text)):
                word = match.group(0)
                bare = kind in ("roof", "top") and word in ("roof", "dach")
                if bare and not _PREPOSITION.search(text[: match.start()]) and not re.match(
                    r"\s*(?:level|storey|floor|geschoss)", text[match.end():]
                ):
                    continue  # "roof" as a thing, not a storey ("roof elements" is a class)
                if bare and self._roof_kind(text, match.start(), match.end()):
                    continue  # "the volume of the roof slabs": the model's roof slabs (PredefinedType ROOF)
                if self._unit_written(word):
                    continue  # "... in kg": the unit an answer is asked in, never the Kellergeschoss (KG)
                storeys = self._alias(kind, word)
                beside = _apposed_to_name(text, match, out)
                if beside is not None and {s.guid for s in beside.storeys} == {s.guid for s in storeys}:
                    text = _mask(text, match.start(), match.end())  # "upstairs on Level 2": one storey, said twice
                    continue
                if beside is not None and storeys and kind != "all" and "," not in _between(text, match, beside):
                    # "downstairs on Level 2" where downstairs is Level 1: which one is meant is not said, never both
                    # (a list "KG, EG und DG" and "in total" beside a storey stay what they were)
                    take(match, f"ambiguous:'{word}' is {self._label(storeys)} in this model and the question names "
                         f"{self._label(beside.storeys)} beside it, so which storey is meant is not clear", [])
                    continue
                take(match, "alias:" + kind, storeys)
        return self._fuzzy(text, out)

    def _first_floor_ambiguous(self, word: str, noun: str, storeys: list[Storey], how: str) -> str:
        """ "the first floor" where the storey numbered 1 is the ground storey ("Level 1" at elevation 0, "Level 2"
        above it): in US usage that ground storey, in British usage the storey above it. The model's numbering
        does not say which the asker means (a name that says "first floor" / "1stFloor" does), so the question
        is declined naming both readings (the reason returned; "" when unambiguous), never answered on one of them.
        Only the first floor, alone: its two readings are the ground storey and an upper one; higher ordinals and a
        list of ordinals ("the first and second floors", counted in the model's numbering) follow the model's
        numbering."""
        if word not in ("first", "1st") or not noun.startswith("floor") or how != "number" or not storeys:
            return ""
        ground = {s.guid for s in self.resolver.ground()}
        if not all(s.guid in ground for s in storeys):
            return ""
        if any("floor" in t or t == "first" for s in storeys for t in s.tokens):
            return ""  # "First Floor", "1stFloor": the model's own word
        above = self.resolver.by_offset(1)
        if not above or {s.guid for s in above} & {s.guid for s in storeys}:
            return ""
        return (f"'{word} floor' is {self._label(storeys)} (the ground storey) in US usage and {self._label(above)} "
                f"(the storey above it) in British usage, and the model does not say which is meant; ask for the "
                f"storey by its name")

    def _label(self, storeys: list[Storey]) -> str:
        return " / ".join(self.resolver.labels[s.guid] for s in storeys)

    def _unit_written(self, word: str) -> bool:
        """A storey alias that is also a unit symbol ("kg") written in lower case after "in" or a number ("how many
        windows on Level 2 in kg?", "bigger than 20 kg"): a unit, never the storey ("im KG", "in the KG" stay one)."""
        if qualifiers.words().units.get(word) is None:
            return False
        return re.search(rf"(?:\bin\s+|\d\s*){re.escape(word)}(?![\w²³])", self._asked or "") is not None

    def _roof_kind(self, text: str, start: int, end: int) -> bool:
        """Whether "roof" at ``start`` begins a class phrase ("roof slabs") of a kind the model holds: then it is
        that kind, never every slab on the top storey (a wider answer)."""
        found = _CLASS_PATTERN.match(text, start)
        key = _CLASS_KEYS.get(found.group(0)) if found is not None and found.end() > end else None
        return isinstance(key, str) and key in PREDEFINED_KINDS and self._present(key)

    def _name_continuations(self, text: str, out: list[_Mention]) -> str:
        """ "Level 1 & 2", "Ebene 0 und 1": numbers listed right after a storey name that ends in a number name the
        storeys spelled the same with that number, when the model has them ("Level 2")."""
        names = {normalise(s.name): s for s in self.resolver.storeys if s.name}
        for m in [m for m in out if m.how == "name"]:
            head = re.fullmatch(r"(?P<head>.*?\D)\s*\d+", normalise(m.storeys[0].name or "")) if m.storeys else None
            if head is None:
                continue
            end = m.end
            while (nxt := re.match(rf"(?:{_JOIN})(?P<n>\d+)\b", text[end:])) is not None:
                group = [s for s in self.resolver.storeys if s.name and normalise(s.name) in (
                    f"{head['head']}{nxt['n']}", f"{head['head'].rstrip()} {nxt['n']}")]
                if not group or normalise(group[0].name or "") not in names:
                    break
                start = end + nxt.start("n")
                end += nxt.end()
                out.append(_Mention(start, end, text[start:end], "name", group))
                text = _mask(text, start, end)
        return text

    def _names_room(self, phrase: str) -> bool:
        """Whether ``phrase`` (normalised) names a room: a space's Name or LongName, "room <name>", or a room
        function word."""
        if not hasattr(self, "_space_labels"):
            self._space_labels = frozenset(normalise(t) for e in self.index.data.elements.values()
                                           if e.ifc_class == "IfcSpace" for t in (e.name, e.long_name) if t)
        numbered = re.fullmatch(r"(?:room|raum|zimmer|space)\s+(?P<n>\S+)", phrase)
        return phrase in self._space_labels or bool(numbered and numbered["n"] in self._space_labels) or \
            bool(functions_of(phrase, strong=True, stems=False))

    def _names_a_thing(self, phrase: str) -> bool:
        """``phrase`` (normalised) is, whole, a class word or the name of one of the model's spaces ("radiators",
        "Küche"), and no word a storey is called by ("roof", "entrance": "roof level" and "entrance level" are
        storeys; a room function is one too often, so it is not read)."""
        if any(phrase == w or phrase == w.split()[0] for w in (*GROUND_WORDS, *BOTTOM_WORDS, *BASEMENT_WORDS,
                                                              *ROOF_WORDS, *TOP_WORDS)):
            return False
        return phrase in _CLASS_KEYS or phrase in self._space_names() or any(
            normalise(e.long_name) == phrase for e in self.index.data.elements.values()
            if e.ifc_class == "IfcSpace" and e.long_name)

    def _space_names(self) -> frozenset[str]:
        if not hasattr(self, "_spaces_named"):
            self._spaces_named = frozenset(normalise(e.name) for e in self.index.data.elements.values()
                                           if e.ifc_class == "IfcSpace" and e.name)
        return self._spaces_named

    def _looks_like_class(self, text: str, match: re.Match[str], storey: Storey) -> bool:
        """A storey named like a class word ("Roof") counts only after a preposition or before a storey noun (or,
        see :meth:`_storey_mentions`, joined to a storey named before it: "walls on Level 2 and Roof")."""
        word = normalise(storey.name)
        if word not in _CLASS_KEYS and word not in ("roof", "dach"):
            return False
        before = text[: match.start()]
        return not (_PREPOSITION.search(before) or re.match(r"\s*(?:level|storey|floor)", text[match.end():]))

    def _alias(self, kind: str, word: str) -> list[Storey]:
        r = self.resolver
        if kind == "all":
            return list(r.storeys)
        if kind == "upper_all" and word in ("obergeschosse", "obergeschossen") and any(
                t in ("og", "obergeschoss") for s in r.storeys for t in s.tokens):
            return [s for s in r.storeys if any(t in ("og", "obergeschoss") for t in s.tokens)]  # "die Obergeschosse":
            # the storeys the model names so (1. and 2. Obergeschoss), not the Dachgeschoss above them
        if kind == "upper_all":
            return r.upper_all()
        if kind == "ground":
            return r.ground()
        if kind == "basement":
            return r.basement()
        if kind == "bottom":
            return r.bottom()
        if kind == "roof" and word in _ATTIC_ALIASES:  # "the attic" / "im DG": a storey named so, never merely the
            return [s for s in r.roof() if _roof_level(s)]  # highest one (an office's 2.OG; round 9)
        if kind == "roof":
            return r.roof()
        if word in ("og", "obergeschoss"):
            return r.upper_named() or german_frames.only_upper(r)  # round 13: a house's one upper floor
        if word.startswith("upstairs") or word == "oben":
            return r.upstairs()  # an attic is not "upstairs" (the answer says which storey it read)
        if word.startswith("upper"):
            return r.upper()
        return r.top()

    def _numbers(self, text: str) -> list[int]:
        numbers: list[int] = []
        for a, b in _RANGE.findall(text):
            lo, hi = sorted((int(a), int(b)))
            numbers.extend(range(lo, hi + 1))
        rest = _RANGE.sub(" ", text)
        numbers.extend(int(n) for n in re.findall(r"(?<![\d])-?\d+", rest))
        return list(dict.fromkeys(numbers))

    def _fuzzy(self, text: str, out: list[_Mention]) -> str:
        """Close matches for misspelled storey names and aliases ("Levle 2", "Erdgeshoss", "basment")."""
        names = {normalise(s.name): s for s in self.resolver.storeys if s.name and len(s.name) >= 4}
        for match in list(re.finditer(r"[^\W\d_][\w./-]*(?:\s+\d+)?", text)):
            word = match.group(0).strip()
            base = word.split()[0]
            if len(base) < 4 or base in _STOP or base in _CLASS_KEYS or base in STOREY_NOUNS:
                continue
            if grounding.stem(base) in grounding.model_words(self.index):
                continue  # "casement windows": a name the model uses (M_Casement), not "basement" misspelled
            close = difflib.get_close_matches(word, list(names), n=1, cutoff=0.8)
            storeys: list[Storey] = []
            how = ""
            if close:
                storeys, how = [names[close[0]]], "fuzzy_name"
            else:
                alias = difflib.get_close_matches(base, _ALIAS_VOCAB, n=1, cutoff=0.8)
                located = _PREPOSITION.search(text[:match.start()]) or STOREY_AFTER.match(text, match.end())
                ones = re.match(r"\s+ones?\b", text[match.start() + len(base):])  # "except the round ones": of
                located = located if ones is None else None  # the class asked (round 9), never a storey
                if alias and alias[0] != base and located:  # "in the basment", "grund floor"; not "round windows"
                    kind = next(k for k, p in _ALIASES if p.fullmatch(alias[0]))
                    storeys, how = self._alias(kind, alias[0]), "fuzzy_alias:" + kind
                    word = base
            if storeys:
                start = match.start()
                end = start + len(word)
                out.append(_Mention(start, end, text[start:end], how, storeys))
                text = text[:start] + " " * (end - start) + text[end:]
        return text

    def _apply_mentions(self, plan: Plan, text: str, mentions: list[_Mention]) -> list[tuple[int, int]]:
        """Sets the plan's storeys; returns the spans of the negation words that negated one."""
        spans = [m.span() for m in _NEGATION.finditer(text)]
        used: set[tuple[int, int]] = set()
        include: list[str] = []
        exclude: list[str] = []
        previous: _Mention | None = None
        carried = False
        specific = any(m.how != "alias:all" and m.storeys for m in mentions)
        for m in mentions:
            if m.how == "alias:all" and specific:  # "the walls in the Keller in total", "... on EG in the building":
                plan.notes.append(f"{m.term!r} read as a whole, not as every storey (a storey is named)")
                continue  # the named storey's total; never every storey's
            if previous is not None and m.storeys and re.fullmatch(r"\s*[(\[]\s*", text[previous.end:m.start]) and \
                    re.match(r"\s*[)\]]", text[m.end:]):  # "the Keller (KG)": a gloss of the storey before it
                if {s.guid for s in m.storeys} == {s.guid for s in previous.storeys}:
                    plan.notes.append(f"{m.term!r} in parentheses: the storey before it, glossed")
                    continue
                _decline(plan, f"'{_as_written(plan.question, m.term)}' in parentheses after "
                         f"'{_as_written(plan.question, previous.term)}' names another storey, so I cannot tell "
                         "which is meant", [_as_written(plan.question, m.term)])
                continue
            direct = [span for span in spans if span[1] <= m.start and _only_filler(text[span[1]:m.start])]
            used.update(direct)
            negated = bool(direct) or (
                carried and previous is not None and _only_filler(text[previous.end:m.start])
            )  # "not in the Keller or the Dachgeschoss": the negation runs on through the list
            between = self._storey_range(text, previous, m) if previous is not None else None
            if between is not None:  # "from the Keller up to the 2. OG": the storeys in between too
                negated = carried  # "except Keller through 1. OG": the negation runs on through the range
                span, inner = between
                used.add(span)
                (exclude if negated else include).extend(inner)
                plan.notes.append(f"{text[span[0]:m.end]!r}: a range of storeys")
            previous, carried = m, negated
            guids = [s.guid for s in m.storeys]
            term = m.term
            relative = self._relative(plan, text, m)
            if relative is not None:  # "every floor above the Erdgeschoss": the storeys above it, not it
                span, guids = relative
                used.add(span)
                term = " ".join(text[span[0]:m.end].split())
                if not guids:
                    continue
            plan.mentions.append(StoreyRef(term, m.how, guids, negated))
            if not guids and m.how == "alias:all" and not negated:  # "the model", "in total" with no storeys: the
                plan.notes.append(f"{m.term!r}: the whole model (it has no storeys)")  # whole model, no storey
                continue
            if not guids and m.how.startswith("ambiguous:"):
                _decline(plan, m.how.removeprefix("ambiguous:"), [m.term],
                         "Ask about one of its storeys: " + ", ".join(self.resolver.names()))
                continue
            if not guids:
                plan.unresolved.append(m.term)
                continue
            (exclude if negated else include).extend(guids)
        all_guids = [s.guid for s in self.resolver.storeys]
        if exclude and not include:
            include = [g for g in all_guids if g not in exclude]
        elif exclude:
            include = [g for g in include if g not in exclude]
        every = any(m.how == "alias:all" for m in mentions) and not specific
        if set(include) == set(all_guids) and not exclude and every:
            include = []  # "all floors": no constraint (elements outside storeys count too)
            plan.notes.append("all storeys")
        plan.storeys = list(dict.fromkeys(include))
        plan.exclude = list(dict.fromkeys(exclude))
        order = [s.guid for s in self.resolver.storeys]
        plan.storeys.sort(key=order.index)
        plan.storey_names = [self.resolver.labels[g] for g in plan.storeys]
        return sorted(used)

    def _relative(self, plan: Plan, text: str, m: _Mention) -> tuple[tuple[int, int], list[str]] | None:
        """A storey named as the bound of others ("every floor above the EG", "below the 2.OG", "über dem
        Erdgeschoss"): the span of the words and the storeys above / below it by elevation (only the next one
        after "the floor above"); none there declines saying so."""
        found = _RELATIVE.search(text, 0, m.start)
        if found is None or len(m.storeys) != 1 or m.how == "alias:all":
            return None
        rank = m.storeys[0].rank
        above = found["dir"] in _ABOVE
        ordered = sorted(self.resolver.storeys, key=lambda s: s.rank)
        chosen = [s for s in ordered if (s.rank > rank if above else s.rank < rank)]
        if found["one"] and chosen:  # "the floor above the EG": the next one only
            chosen = [chosen[0] if above else chosen[-1]]
        where = "above" if above else "below"
        if not chosen:
            _decline(plan, f"this model has no storey {where} {m.storeys[0].name}", [found["dir"]])
            return (found.start(), found.end()), []
        plan.notes.append(f"{found.group(0).strip()!r} {m.term!r}: the storeys {where} it "
                          f"({', '.join(s.name for s in chosen)})")
        return (found.start(), found.end()), [s.guid for s in chosen]

    def _storey_range(self, text: str, first: _Mention, last: _Mention) -> tuple[tuple[int, int], list[str]] | None:
        """Two storey mentions that bound a range ("from X (up) to Y", "X through Y", "X bis Y", "zwischen X und
        Y" is not one: its ends are ambiguous) or are added ("X plus Y"): the span of the words between them and the
        storeys strictly between (none for "plus"); ``None`` for any other words."""
        if len(first.storeys) != 1 or len(last.storeys) != 1:
            return None
        gap = text[first.end:last.start]
        if _STOREY_PLUS.fullmatch(gap):
            return (first.end, last.start), []
        bounded = _STOREY_THROUGH.fullmatch(gap)
        if bounded is None and not (_STOREY_TO.fullmatch(gap) and _STOREY_FROM.search(text[: first.start])):
            return None
        order = [s.guid for s in self.resolver.storeys]
        a, b = sorted((order.index(first.storeys[0].guid), order.index(last.storeys[0].guid)))
        span = (first.end, last.start)
        if _STOREY_FROM.search(text[: first.start]):
            found = _STOREY_FROM.search(text[: first.start])
            assert found is not None
            span = (found.start(), last.start)
        return span, order[a + 1: b]

    # -- classes and intent ----------------------------------------------------------------
    def _ambiguous_class_word(self, plan: Plan, text: str) -> str:
        """A word naming two classes ("Decken": slabs or ceilings; ``schema_words.ambiguous_in``) in a model holding
        both: declined, naming both readings (round 9). With one of them held, the vocabulary's reading stands."""
        for start, end, word, classes in schema_words.ambiguous_in(text):
            keys = [k for c in classes if (k := schema_words.GROUP_OF.get(c[3:])) is not None]
            held = [k for k in dict.fromkeys(keys) if self._present(k)]
            if len(held) >= 2:
                labels = [self._filter(k).label for k in held]
                _decline(plan, f"'{word}' may mean {' or '.join(labels)}, and this model holds both", [word],
                         can=f"Ask for the {labels[0]} or the {labels[1]}.")
                plan.notes.append(f"{word!r}: two classes ({', '.join(classes)}), both in the model")
                plan.resolved["ambiguous_class_word"] = word
                return _mask(text, start, end)
        return text

    def _classes(self, plan: Plan, text: str) -> str:
        text = self._ambiguous_class_word(plan, text)
        if plan.declined is not None:
            return text
        keys: list[str] = []
        negated: list[str] = []
        said: dict[str, str] = {}  # class key -> the word the question used for it
        previous: tuple[int, bool] | None = None  # (end, negated) of the class word before
        original = text
        room_quantities = quantity_reading.room_quantity_spans(text)  # "floor space", "ceiling height": a quantity
        for match in list(_CLASS_PATTERN.finditer(text)):
            if quantity_reading.inside(room_quantities, match.start(), match.end()):
                continue  # a room's quantity said with a class word, read by _measure (quantity_reading.py)
            if match.group(0) in _ADDED_WORDS and _in_listed_kinds(original, match.start()):
                continue  # "lights (point source, directional)": a kind listed after its class (_listed_kinds)
            if match.group(0) in _bounding_verb_words() and re.match(r"\s+(?:into|onto|to)\b", text[match.end():]):
                continue  # "doors opening into the hallway": the verb of a room's bounding elements, no class
            quantity = _ROOM_AREAS.get(_CLASS_KEYS[match.group(0)])
            if quantity and _AREA_AFTER.match(text, match.end()) and any(
                    quantity in q for q in getattr(self, "_room_quantities", ())):
                continue  # "the net wall area of Wohnen": the room's NetWallArea (its spaces hold one), not its walls
            negation = self._class_negation(text, match.start())
            carried = previous is not None and previous[1] and negation is None and _COORDINATOR.fullmatch(
                text[previous[0]:match.start()])
            previous = (match.end(), bool(negation or carried))  # "not doors or windows": neither
            (negated if negation or carried else keys).append(_CLASS_KEYS[match.group(0)])
            said.setdefault(_CLASS_KEYS[match.group(0)], match.group(0))
            plan.resolved.setdefault("class_spans", []).append((match.start(), match.end(), match.group(0)))
            if negation:
                text = _mask(text, *negation)
            text = text[: match.start()] + " " * (match.end() - match.start()) + text[match.end():]
        held_back = {span: text[span[0]:span[1]] for span in room_quantities}  # hidden from the passes below
        for a, b in held_back:  # (misspelled class words), given back for _measure at the end
            text = _mask(text, a, b)
        for match in list(re.finditer(r"[^\W\d_]{7,}", text)):  # German compounds: "Außenwände", "Betonwände"
            word = match.group(0)
            if word in _STOP or word in STOREY_NOUNS or word in _CLASS_KEYS:
                continue
            tail = next((w for w in _COMPOUND_TAILS if word.endswith(w) and len(word) - len(w) >= 3), None)
            if tail is None:
                continue
            start = match.end() - len(tail)  # the class word ends the compound; its first part is read by the
            keys.append(_CLASS_KEYS[tail])  # qualifier or grounding passes, or declines naming it
            plan.notes.append(f"read {word!r} as {word[: -len(tail)]!r} + {tail!r}")
            if _qualifier_word(word):  # "Außenwände": the qualifier pass reads the whole word (and masks it)
                continue
            plan.resolved.setdefault("class_spans", []).append((start, match.end(), tail))
            text = _mask(text, start, match.end())
        text = self._generic_heads(plan, text, keys)
        single = [w for w in _TYPO_KEYS if " " not in w and len(w) >= 5]
        for match in list(re.finditer(r"[^\W\d_]{5,}", text)):
            word = match.group(0)
            if word in _STOP or word in STOREY_NOUNS or word in FILLER_WORDS or word in COUNT_WORDS or (
                    word in _bounding_verb_words()) or (
                    (_qualifier_word(word) or word in _dimension_words()) and word not in _JOINED):
                continue  # a known filler ("thanks"), qualifier ("schmaler") or a room's bounding verb ("leading
                # into the kitchen", never "landing") is never a misspelled class
            if word.endswith("ing") and _MOTION_AFTER.match(text, match.end()):
                continue  # round 10: "I'm heading to Level 1": a verb of going, never "heating"
            close = [_JOINED[word]] if word in _JOINED else difflib.get_close_matches(word, single, n=1, cutoff=0.85)
            if not close and grounding.stem(word) not in grounding.model_words(self.index):
                close = _letters_confused(word)  # "doros", "recepticals": letters swapped or vowels confused
            if close:
                keys.append(_CLASS_KEYS[close[0]])
                plan.notes.append(f"read {word!r} as {close[0]!r}")
                plan.resolved.setdefault("class_spans", []).append((match.start(), match.end(), close[0]))
                text = text[: match.start()] + " " * len(word) + text[match.end():]
        for match in list(re.finditer(r"(?<![\w'-])[^\W\d_]{4}(?![\w'-])", text)):  # "dors": a doubled letter once
            word = match.group(0)
            if word in _STOP or word in FILLER_WORDS or word in COUNT_WORDS or word in self._name_words():
                continue
            close = [k for k, shorter in _DOUBLED.items() if word in shorter]
            if len(close) == 1:
                keys.append(_CLASS_KEYS[close[0]])
                plan.notes.append(f"read {word!r} as {close[0]!r} (a doubled letter written once)")
                plan.resolved.setdefault("class_spans", []).append((match.start(), match.end(), close[0]))
                text = _mask(text, match.start(), match.end())
        for match in list(re.finditer(r"(?<![\w'-])[^\W\d_]{4,}(?![\w'-])", text)):  # "doros": two letters swapped
            word = match.group(0)
            if word not in _SWAPPED or word in _STOP or word in FILLER_WORDS or word in STOREY_NOUNS or (
                    word in self._name_words() or _qualifier_word(word) or word in _dimension_words()):
                continue
            keys.append(_CLASS_KEYS[_SWAPPED[word]])
            plan.notes.append(f"read {word!r} as {_SWAPPED[word]!r} (two letters swapped)")
            plan.resolved.setdefault("class_spans", []).append((match.start(), match.end(), _SWAPPED[word]))
            text = _mask(text, match.start(), match.end())
        for key in dict.fromkeys(negated):  # "except the walls": those are taken out of the answer
            plan.exclude_classes.append(self.class_filter(key))
        for key in dict.fromkeys(keys):
            wanted = self._named_narrower(plan, self.class_filter(key), said.get(key))
            if not wanted.classes and not wanted.type_classes:
                plan.unknown_classes.append(wanted.label)
            if wanted.kind:
                plan.notes.append(f"{wanted.label}: predefined type in {list(wanted.predefined)[:8]}, else named so "
                                  f"({len(wanted.names)} element names, {len(wanted.type_names)} type names)")
            plan.classes.append(wanted)
        for (a, b), words in held_back.items():
            text = text[:a] + words + text[b:]
        return text

    @staticmethod
    def _generic_heads(plan: Plan, text: str, keys: list[str]) -> str:
        """A class word with a head noun that only says "one of them" ("door sets", "window units", "doorways",
        "Fensterelemente", "Türblätter"): the class. After a class word the head is masked; a compound of a class
        word and such a head is read as the class."""
        for _, b, w in list(plan.resolved.get("class_spans", [])):
            head = _GENERIC_HEAD_AFTER.match(text, b)
            if head is not None:
                text = _mask(text, head.start(1), head.end(1))
                plan.notes.append(f"{w + head.group(0)!r}: the {w}")
        for match in list(re.finditer(r"[^\W\d_]{6,}", text)):
            word = match.group(0)
            head = _GENERIC_HEAD_END.search(word)
            stem = word[: head.start()] if head is not None else ""
            if head is None or len(stem) < 3 or stem not in _CLASS_KEYS or _CLASS_KEYS[stem] == "spaces":
                continue
            keys.append(_CLASS_KEYS[stem])
            plan.notes.append(f"read {word!r} as {stem!r} + {head.group(0)!r}")
            plan.resolved.setdefault("class_spans", []).append((match.start(), match.end(), stem))
            text = _mask(text, match.start(), match.end())
        return text

    def _named_narrower(self, plan: Plan, wanted: ClassFilter, word: str | None) -> ClassFilter:
        """A class word narrower than the class it maps to ("thermostats" for the controllers, "toilets" for the
        sanitary terminals): when the model names some, but not all, of the class's elements so (their names or
        type names hold the word), the word means those; else the whole class, as the vocabulary says."""
        if word is None or wanted.kind or wanted.inventory or wanted.key == "spaces" or " " in word:
            return wanted
        stem = grounding.stem(word)
        if len(stem) < 5 or stem in grounding.stem(wanted.key) or stem in " ".join(
                grounding.stem(w) for w in wanted.label.split()):
            return wanted  # "doors", "controllers": the class's own word
        found = grounding.ground(self.index, [word], wanted, whole=False)
        if found is None or found.filter is None or found.how not in ("name", "type_name"):
            return wanted
        total = sum(1 for e in grounding.products(self.index) if matches(self.index, e, wanted))
        if not 0 < found.n < total:
            return wanted
        plan.notes.append(f"{word!r}: {found.rule} ({found.n} of the {total} {wanted.label})")
        return dataclasses.replace(found.filter, label=word)

    def _rooms_holding(self, plan: Plan, text: str, masked: str) -> None:
        """ "which rooms have a bed", "which room is the sofa in", "welcher Raum hat eine Badewanne": the spaces
        holding at least one element of the other class (contained in them; bounding them for doors, windows and
        walls) -- the per-space count threshold "at least 1" (see :meth:`_intent`), not a relation to decline."""
        if plan.rooms and plan.declined is None and plan.measure is None:
            self._named_rooms_holding(plan, text)
            return
        if plan.threshold is not None or plan.declined is not None or plan.measure is not None:
            return
        spans = sorted(plan.resolved.get("class_spans", []))
        keys = [_CLASS_KEYS.get(w) for _, _, w in spans]
        if len(spans) != 2 or keys[0] != "spaces" or keys[1] == "spaces" or len(plan.classes) != 2:
            return
        between = " ".join(masked[spans[0][1]:spans[1][0]].split()) + " "  # a grounded modifier is masked,
        between = re.sub(r"^(?:(?:on|in|at|of|the|im|auf|dem|der)\s+)+", "", between)  # and so is a storey
        after = masked[spans[1][1]:]
        holds = _HOLDING.fullmatch(between) or (_IS_THE.fullmatch(between) and _IN_AFTER.match(after))
        if holds is None or not (_WHICH_ROOM.search(text) or _IN_WHICH_ROOM.search(text)):
            return
        other = next(c for c in plan.classes if c.key != "spaces")
        bounding = _CLASS_KEYS.get(spans[1][2]) in _BOUNDING
        elements = self.index.data.elements
        if bounding:  # doors, windows, walls: through the spaces' boundaries
            placed = [s for s in self.index.by_class("IfcSpace") if s.bounded_by]
        else:  # anything else: contained in a space
            placed = [e for e in grounding.products(self.index) if e.container is not None and (
                c := elements.get(e.container)) is not None and c.ifc_class == "IfcSpace" and matches(
                self.index, e, other)]
        if not placed and any(matches(self.index, e, other) for e in grounding.products(self.index)):
            return  # the model puts none of them in a room (contained in the storey): it cannot say which room
        plan.threshold = {"op": ">=", "n": 1, "term": " ".join(between.split()) or "in"}
        plan.notes.append("which rooms hold one: the spaces with at least one")

    def _named_rooms_holding(self, plan: Plan, text: str) -> None:
        """ "which bathrooms have a window", "bedrooms with a bed", "welche Büros haben Fenster": the named rooms
        holding at least one of the class after them (bounding them for doors, windows and walls; in them
        otherwise), counted per space over only those rooms. Only when the rooms are what is asked ("which
        <rooms>", or the rooms opening the question) and the class follows them with "have / with / mit"."""
        spans = sorted(plan.resolved.get("class_spans", []))
        rooms = plan.resolved.get("room_spans", [])
        if len(plan.rooms) != 1 or len(rooms) != 1 or plan.rooms[0].negated or not plan.rooms[0].guids:
            return
        if plan.rooms[0].role == "subject" or not spans or len([c for c in plan.classes if c.key != "spaces"]) != 1:
            return
        start, end = rooms[0]
        after = next(((a, w) for a, _, w in spans if a >= end), None)
        if after is None:
            return
        between = text[end:after[0]]
        for a, b in plan.resolved.get("storey_spans", []):  # "which offices on the EG have ...": the storey scopes
            if end <= a and b <= after[0] and re.fullmatch(r"\s*(?:on|in|at|im|auf)(?:\s+(?:the|dem|der))?\s*",
                                                           text[end:a]):
                between = text[b:after[0]]
        bound = plan.threshold
        if bound is None and not _HOLDING.fullmatch(between + " "):
            return
        if bound is not None and not (bound.get("term") and bound["term"] in between and re.match(
                r"\s*(?:that\s+|which\s+|die\s+)?(?:have|has|with|having|hat|haben|mit)\b", between)):
            return  # "which offices have more than 4 windows": the bound is the rooms' (else it is not theirs)
        asked = re.match(r"\s*(?:(?:which|what|welche[mnrs]?|how\s+many|wie\s*viele|list(?:\s+(?:all\s+)?the)?|"
                         r"show(?:\s+me)?(?:\s+the)?)\s+)?"
                         r"(?:(?:all|the|die|alle)\s+)?$", text[:start])
        if asked is None:
            return
        plan.resolved["space_pool"] = list(plan.rooms[0].guids)
        plan.resolved["lacking"] = "rooms"  # the rooms are the answer: counted per space (see _intent)
        if bound is None:
            plan.threshold = {"op": ">=", "n": 1, "term": " ".join(between.split()) or "with"}
        plan.notes.append(f"which of the rooms {plan.rooms[0].term!r} hold one: those with at least one")

    @staticmethod
    def _one_asked_tersely(plan: Plan, lead: str) -> bool:
        """ "boiler in the model?", "a pump on Level 1?", "curtain walls?": a terse question (no question word, no
        verb) naming one class asks whether there is any; the yes/no answer lists and counts what it finds, so a
        reader who wanted the list or the number has it too (round 24: a plural too, "railings?" is "are there
        railings?"; before, only the singular was)."""
        spans = plan.resolved.get("class_spans", [])
        if len(spans) != 1 or plan.measure is not None or plan.lookup is not None or plan.rooms:
            return False
        word = spans[0][2]
        return (lead.rstrip().endswith("?") and _CLASS_KEYS.get(word) is not None and bool(
            re.match(rf"\s*(?:(?:a|an|one|any|ein|eine|einen|some)\s+)?{re.escape(word)}\b", lead))
            and not _TERSE_VERB.search(lead))

    def _intent(self, plan: Plan, text: str, masked: str) -> None:
        if plan.resolved.get("compare_rooms"):
            return  # "is the kitchen bigger than the living room?" (see _compare_rooms)
        if plan.intent == "compare" or plan.resolved.get("versus") or plan.resolved.get("rank_sum"):
            return  # a count comparison, or two storeys set side by side (see _count_comparison)
        others = [c for c in plan.classes if c.key != "spaces"]
        # "which rooms have no furniture / more than 3 doors", "rooms with no door": the spaces whose count passes
        if plan.threshold is not None and plan.declined is None and others and (
                not plan.rooms or plan.resolved.get("space_pool")) and (
                _WHICH_ROOM.search(text) or plan.resolved.get("lacking") == "rooms"
                or (_ROOMS_WITH_BOUND.search(text) and not plan.rooms)):
            plan.intent = "most"
            plan.group_by = "space"
            plan.classes = others
            plan.resolved["space_filter"] = True
            if re.match(r"\s*(?:how\s+many|wie\s*viele)\b", text):  # "how many bedrooms have a door": the rooms
                plan.resolved["count_rooms"] = True
            return
        lacking_yes_no = plan.resolved.get("lacking") == "storeys" and re.match(
            r"(?:are|is|do|does|gibt|sind)\s+(?:there\s+|es\s+)?(?:any\s+)?(?:floors?|levels?|storeys?|stories|geschosse?)\b",
            text)  # "are there floors without windows?": does some storey pass
        if plan.threshold is not None and plan.declined is None and (_ANY_STOREY.search(text) or lacking_yes_no) \
                and not plan.mentions:
            plan.intent = "exists"  # "is there any floor without doors?": does some storey pass the threshold
            plan.resolved["storey_filter"] = True
            if not plan.classes:
                plan.classes.append(class_filter(self.index.schema, "inventory"))
            return
        if plan.threshold is not None and (_WHICH_STOREY.search(text) or plan.resolved.get("lacking") == "storeys") \
                and plan.declined is None:
            plan.intent = "most"  # "which floors have no windows / more than 10 doors": the storeys where it holds
            plan.resolved["storey_filter"] = True
            if not plan.classes:
                plan.classes.append(class_filter(self.index.schema, "inventory"))
            return
        # round 19: "floor" in "floor area" is the quantity, never a storey ("which room has the largest floor
        # area", "which space is the largest by floor area": one room, not one per storey)
        worded = _FLOOR_QUANTITY.sub(lambda m: " " * len(m.group(0)), text)

        def has(words: tuple[str, ...]) -> bool:
            return _words_pattern(words).search(worded) is not None

        lead = _question_sentence(text)  # the question's own sentence: its verb first
        yes_no = bool(re.match(r"(?:is|are|does|do|did|has|have|any|gibt|hat|haben|existiert|sind|ist)\b", lead))
        comparing = _words_pattern(("more", "fewer", "mehr", "weniger")).search(_MEASURED_BOUND.sub(" ", text)) and (
            plan.threshold is None) and (
            len(plan.storeys) >= 2 or has(("which", "welche", "welches", "welcher"))
        )
        named = [m for m in plan.mentions if m.storeys and not m.negated]
        if yes_no and comparing and len(named) == 2 and has(("than", "als")):
            plan.intent = "compare"  # "does the EG have more doors than the 1.OG?"
            plan.compare = [named[0].storeys[0], named[1].storeys[0]]
            plan.least = has(("fewer", "less", "weniger"))
        elif (_words_pattern(("most", "meisten", "fewest", "least", "wenigsten", "am meisten")).search(
                _BOUND_WORDS.sub(" ", text)) or comparing) and (  # "at least 900 mm wide" is a bound, not "least"
            has(STOREY_NOUNS) or has(("which", "welche", "welches", "welcher"))
            or comparing and len(named) >= 2 and has(("where", "wo"))  # "A or B - where are more windows?"
        ):
            plan.intent = "most"
            plan.least = _words_pattern(("fewest", "least", "wenigsten", "fewer", "weniger")).search(
                _BOUND_WORDS.sub(" ", text)) is not None
            self._most_of_each(plan, text)
        elif plan.measure is not None and plan.measure["op"] in ("max", "min") and (
            _free_storey_noun(worded, plan) and has(("which", "what", "welche", "welches", "welcher", "welchem"))
        ) and not has(BREAKDOWN_WORDS):  # "what is the biggest room on each floor": one per storey (below)
            plan.intent = "most"  # "which floor has the largest room"
        elif has(BREAKDOWN_WORDS) and yes_no and _EVERY_STOREY.search(text):
            plan.intent = "exists"  # "does every storey have a WC?": yes/no over the storeys, not a breakdown
            plan.every_storey = True
        elif has(BREAKDOWN_WORDS):
            plan.intent = "breakdown"
        elif plan.threshold is not None:
            plan.intent = "exists"
        elif has(COUNT_WORDS):
            plan.intent = "count"
        elif self._one_asked_tersely(plan, lead):
            plan.intent = "exists"  # round 18: "boiler in the model?": is there one (and which, listed)
        elif not re.search(r"(?:^|[:\u2013\u2014]\s|\s-\s)\s*(?:which|what|welche[rs]?|was|list|show|zeige?)\b",
                           text) and (  # "Room 006: what is there inside?" asks what, after its topic
            has(EXISTS_WORDS) or yes_no
        ):
            plan.intent = "exists"
        others = [c for c in plan.classes if c.key != "spaces"]
        if plan.intent == "most" and plan.measure is None and others and not plan.rooms and re.search(
            r"\b(?:which|what|welche[mnrs]?|in welchem)\s+(?:rooms?|spaces?|raum|räume|zimmer)\b", text
        ):  # "which room has the most doors": counted per space, not per storey
            plan.group_by = "space"
            plan.classes = others
        # (never "how many level 2 doors": a storey named by its noun and number is where they are counted)
        counts_storeys = re.search(rf"\b{_COUNT_HEAD}\s+{_NOUN}\b(?!\s*\d)", text) is not None
        plan.asks_storey = plan.intent not in ("most", "breakdown", "compare") and bool(
            re.search(rf"\b(?:which|what|welche[mnrs]?|in welchem|on which|auf welche[mnrs]?)\s+{_NOUN}\b", text)
            or (_WHERE_ASKED.match(text) or _WHERE_AFTER.search(text)) and (plan.rooms or plan.classes)
            or counts_storeys
        )
        if plan.asks_storey:
            if plan.intent == "count" and not counts_storeys:
                plan.resolved["count_too"] = True  # "how many doors are in the house and where"
            plan.intent = "list"
            if counts_storeys:  # "how many floors have windows": the storeys counted, not the windows
                plan.resolved["count_storeys"] = True
        if not plan.classes and "ambiguous_class_word" not in plan.resolved:  # that decline stands (round 9)
            inventory = _words_pattern(INVENTORY_WORDS).search(text) is not None
            if plan.mentions or inventory or plan.intent in ("most", "breakdown", "compare") or plan.rooms or (
                    plan.resolved.get("each_storey")):  # "the elevation of each storey": the storeys are the subject
                plan.classes.append(class_filter(self.index.schema, "inventory"))
            elif not re.findall(r"[^\W\d_]{2,}", masked) or all(
                w in _FILLER for w in re.findall(r"[^\W\d_][\w'-]*", masked)
            ):
                plan.notes.append("names no storey, element class, room or inventory")
                _decline(plan, "it names no storey, element class, room or property I know", [])


def _places_read(text: str, plan: Plan) -> str:
    """``text`` with the rooms and storeys the question names written as the word "room" / "in" (same length):
    what the qualifier pass reads after a prepositional word, so "inside B102" / "outside the EG" is a place, never
    the internal / external qualifier ("outside walls" keeps its class word and stays the qualifier)."""
    spans = list(plan.resolved.get("room_spans", [])) + list(plan.resolved.get("storey_spans", []))
    for start, end in spans:
        size = end - start
        word = "room" if size >= 4 else "in" if size >= 2 else ""
        text = text[:start] + word.ljust(size) + text[end:]
    return text


def parse(index: ModelIndex, question: str) -> Plan:
    """Parse ``question`` about ``index`` into a :class:`Plan` (see :class:`Parser`)."""
    return Parser(index).parse(question)
