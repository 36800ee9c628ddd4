"""Properties a question names by their own words (issue 22, round 5a).

The qualifier vocabulary (``data/qualifier_words.json``) knows the common filters people write ("external",
"load-bearing", "fire-rated"), but every model carries properties no vocabulary lists: IFC's own
``Pset_OutletTypeCommon.IsPluggableOutlet``, ``Pset_CableSegmentTypeConductorSegment.IsFireResistant``,
``Pset_SwitchingDeviceTypeToggleSwitch.IsIlluminated``, ``Pset_WallCommon.ExtendToStructure``, a vendor set's
"Phase Created" or a custom ``StatusConstruction``. People name them with the words of the property's name:

- **a boolean property** by its name's words, without the ``Is``/``Has``/``Can`` prefix, and optionally without
  a last word the question puts after it ("pluggable outlets" = IsPluggableOutlet, "which cables are fire
  resistant" = IsFireResistant, "walls that extend to structure" = ExtendToStructure, "illuminated switches"):
  that property = TRUE (the caller reads a negation before it);
- **a text property** by one word of its name next to one of the values the asked elements hold, written out in
  full ("windows with status new construction" = StatusConstruction 'New Construction', "light fixtures with
  lamp A-21" = Lamp 'A-21', "doors whose phase created is New Construction").

The words are matched against what the asked classes' elements carry (the model's own names, so the
mechanism covers every property of every model, not a list). A value the elements do not hold matches nothing,
so its words stay unread and the question is declined naming them ("windows with status demolished").
"""

from __future__ import annotations

import functools
import json
import re
import weakref
from dataclasses import dataclass
from importlib import resources

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import qualifiers
from ifcqa.spatial.qualifiers import QualifierMention
from ifcqa.spatial.spaces import fold

_PREFIXES = frozenset(["is", "has", "can", "ist", "hat"])
_JOINERS = r"(?:\s+(?:the|a|an|to|of|der|die|das|dem))*"  # "extend to the structure"
_LEADS = r"(?:(?:whose|with|where|having|with\s+a|with\s+an|of|mit)\s+(?:the\s+)?)?"
_LINKS = r"\s*(?:(?:is|are|=|:|equals?|equal\s+to|set\s+to|of|ist|gleich)\s*)?"
_WITH = re.compile(r"\b(?:with|without|w/o|have|has|having|mit|ohne)\s+(?:(?:a|an|the|no|any)\s+)?$")
_MAX_TEXT_VALUES = 60  # a property with more distinct values is an identifier (names, ids), not a category


@dataclass(frozen=True)
class _Property:
    name: str  # as the model spells it
    paths: tuple[str, ...]  # Set.Prop, Pset_* first
    words: tuple[str, ...]  # the name's words, folded, prefix dropped
    values: tuple[str, ...]  # text values held (empty for a boolean)
    boolean: bool


def name_words(name: str) -> tuple[str, ...]:
    """``IsPluggableOutlet`` -> ("is", "pluggable", "outlet"), "Phase Created" -> ("phase", "created")."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name)
    return tuple(w for w in re.split(r"[\s_\-./]+", fold(spaced)) if w)


def _stem(word: str) -> str:
    for tail in ("ing", "ed", "es", "s"):
        if word.endswith(tail) and len(word) - len(tail) >= 4:
            return word[: -len(tail)]
    return word


_CACHE: weakref.WeakKeyDictionary[ModelIndex, dict[tuple[str, ...], list[_Property]]] = weakref.WeakKeyDictionary()


def _properties(index: ModelIndex, ifc_classes: list[str]) -> list[_Property]:
    per_index = _CACHE.setdefault(index, {})
    key = tuple(sorted(ifc_classes))
    if key in per_index:
        return per_index[key]
    found = qualifiers.carried(index, list(key))
    out: list[_Property] = []
    for folded, sets in found.props.items():
        spelled = found.names[folded]
        paths = tuple(f"{s}.{spelled}" for s, _ in sorted(
            sets.items(), key=lambda kv: (not kv[0].startswith("Pset_"), -kv[1], kv[0])))
        held = [v.value for e in found.elements for sets_ in (e.psets,)
                for p in paths if (v := sets_.get(p.partition(".")[0], {}).get(spelled)) is not None]
        words = name_words(spelled)
        if words and words[0] in _PREFIXES and len(words) > 1:
            words = words[1:]
        if held and all(isinstance(v, bool) for v in held):
            out.append(_Property(spelled, paths, words, (), True))
            continue
        texts = sorted({v.strip() for v in held if isinstance(v, str) and v.strip()})
        if texts and len(texts) <= _MAX_TEXT_VALUES:
            out.append(_Property(spelled, paths, words, tuple(texts), False))
    per_index[key] = out
    return out


@functools.cache
def _forms() -> dict[str, tuple[str, ...]]:
    """word -> every word of its group in ``data/property_word_forms.json`` (itself first), folded."""
    raw = json.loads(resources.files("ifcqa.spatial.data").joinpath("property_word_forms.json").read_text(
        encoding="utf-8"))
    out: dict[str, tuple[str, ...]] = {}
    for group in raw["groups"]:
        folded = [fold(w) for w in group]
        for w in folded:
            out[w] = (w, *(o for o in folded if o != w))
    return out


def _spellings(word: str) -> str:
    """A name's word as the question may write it: its stem, or a word of its group ("colour", "farbe")."""
    forms = _forms().get(word, (word,))
    return "(?:" + "|".join(dict.fromkeys([re.escape(_stem(forms[0])), *map(re.escape, forms[1:])])) + r")\w*"


def _words_pattern(words: tuple[str, ...]) -> str:
    spaced = (_JOINERS + r"\s+").join(rf"\b{_spellings(w)}" for w in words) + r"\b"
    if len(words) < 2 or not all(w in _forms() for w in words):
        return spaced
    joined = "".join("(?:" + "|".join(map(re.escape, _forms()[w][1:] or _forms()[w])) + ")" for w in words)
    return rf"(?:{spaced}|\b{joined}\w*\b)"  # "Hauptfarbe": Main + Color as one German compound


@functools.lru_cache(maxsize=4096)
def _value_pattern(value: str) -> re.Pattern[str]:
    parts = [re.escape(p) for p in re.split(r"[\s_\-]+", fold(value)) if p]
    if len(parts) == 1 and (forms := _forms().get(fold(value))):  # "white" for a held 'weiss'
        parts = ["(?:" + "|".join(map(re.escape, forms)) + ")"]
    return re.compile(r"(?<![\w-])" + r"[\s_\-]+".join(parts) + r"(?![\w-])")


def find(index: ModelIndex, text: str, ifc_classes: list[str]) -> list[QualifierMention]:
    """The properties ``text`` (normalised, lower case; masked words are spaces) names by their own words, for
    elements of ``ifc_classes`` (empty: every product), left to right, never overlapping; spans in ``text``."""
    folded = fold(text)
    if len(folded) != len(text):  # accents folded away change offsets: match on the text as it is
        folded = text
    hits: list[tuple[int, int, QualifierMention]] = []
    for prop in _properties(index, ifc_classes):
        hits += _boolean(prop, folded) if prop.boolean else _text(prop, folded)
    chosen: list[tuple[int, int, QualifierMention]] = []
    for hit in sorted(hits, key=lambda h: (-(h[1] - h[0]), h[0])):
        if not any(hit[0] < c[1] and c[0] < hit[1] for c in chosen):
            chosen.append(hit)
    out = []
    for start, end, q in sorted(chosen, key=lambda h: h[0]):
        q.start, q.end, q.term = start, end, text[start:end]
        out.append(q)
    return out


def _boolean(prop: _Property, text: str) -> list[tuple[int, int, QualifierMention]]:
    variants = [prop.words] + ([prop.words[:-1]] if len(prop.words) > 1 else [])
    out = []
    for words in variants:
        if len("".join(words)) < 6:  # "lock", "open": too short to name one property
            continue
        for m in re.finditer(_words_pattern(words), text):
            if _WITH.search(text, 0, m.start()):
                continue  # "rooms with(out) air conditioning": the parser's with-property pass reads those
            q = QualifierMention("", 0, 0, prop.paths[0], "=", True, None, "boolean", list(prop.paths))
            out.append((m.start(), m.end(), q))
    return out


def _text(prop: _Property, text: str) -> list[tuple[int, int, QualifierMention]]:
    names = [w for w in prop.words if len(w) >= 4]
    if not names:
        return []
    out = []
    for value in prop.values:
        for m in _value_pattern(value).finditer(text):
            before = text[max(0, m.start() - 60): m.start()]
            for k in range(len(names), 0, -1):  # the longest run of the name's words right before the value
                for i in range(len(names) - k + 1):
                    lead = re.search(_LEADS + _words_pattern(tuple(names[i:i + k])) + _LINKS + r"$", before)
                    if lead is None:
                        continue
                    start = m.start() - (len(before) - lead.start())
                    q = QualifierMention("", 0, 0, prop.paths[0], "=", value, None, "text", list(prop.paths),
                                         asked=value)
                    out.append((start, m.end(), q))
                    break
                else:
                    continue
                break
    return out
