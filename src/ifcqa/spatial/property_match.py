"""A property asked in people's words, matched against the names the asked elements hold (issue 22, round 10).

People name a property in their own words and the model names it in its own: "what output do the radiators
have" (``Pset_SpaceHeaterTypeCommon.OutputCapacity``), "the floor finish in room 4" (``'PSet_Revit_Identity
Data'.'Floor Finish'``), "the transmittance of the walls" (``ThermalTransmittance``), "Oberflaechenbereich"
(``Oberflächenbereich``), "output capacities" (plural). :mod:`ifcqa.spatial.lookup` reads a property whose name
is spelled like the asked words (letters compared); this module reads the asked words as WORDS of a name:

* both sides are split into words: CamelCase, spaces, underscores, dots, hyphens; a parenthesised symbol dropped
  ("Heat Transfer Coefficient (U)"); umlauts folded and spelled-out umlauts folded the same way ("ä" = "ae" =
  "a"); a plural read as its singular ("capacities" = "capacity"); "max" / "min" written out;
* a held name **matches** when every asked word is one of its words; the asked words must hold one word of at least
  four letters (so "of" or "u" alone match nothing);
* one name matching is **read** (and the answer says which name the words were read as); two or more different
  names matching is **ambiguous**: the answer declines and names them ("finish": 'Floor Finish', 'Wall Finish',
  'Ceiling Finish'); none matching leaves the words unread.

The names are those the ASKED elements hold (their property and quantity sets, their set attributes), so what
"output" means is decided per subject, never by a word list.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ifcqa.spatial.property_names import SPELLED
from ifcqa.spatial.spaces import fold, fold_with_offsets

# words that say nothing about which property is asked ("the property", "its value", "the recorded X")
FILLER = frozenset(["the", "a", "an", "its", "their", "property", "properties", "value", "values", "attribute",
                    "attributes", "recorded", "stored", "given", "set", "field", "parameter", "parameters", "wert",
                    "eigenschaft", "der", "die", "das"])


def word_key(word: str) -> str:
    """One word as it is compared: folded, umlauts and spelled-out umlauts alike, singular, abbreviations out."""
    w = "".join(ch for ch in fold(word) if ch.isalnum())
    w = w.replace("ae", "a").replace("oe", "o").replace("ue", "u")
    w = SPELLED.get(w, w)
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


@functools.lru_cache(maxsize=65536)
def words(text: str) -> tuple[str, ...]:
    """ "OutputCapacity" -> (output, capacity); "Max. Operating temperature" -> (maximum, operating, temperature)."""
    plain = re.sub(r"\([^)]*\)", " ", text)
    spaced = re.sub(r"(?<=[a-zäöü0-9])(?=[A-ZÄÖÜ])|(?<=[A-ZÄÖÜ])(?=[A-ZÄÖÜ][a-zäöü])", " ", plain)
    return tuple(k for w in re.split(r"[\s_\-./,:;]+", spaced) if w and (k := word_key(w)))


def asked_words(term: str) -> tuple[str, ...]:
    return tuple(w for w in words(term) if w not in FILLER)


@dataclass
class Match:
    """What the asked words name among ``names``: ``name`` (one clear match) or ``candidates`` (ambiguous)."""

    term: str
    name: str | None = None
    candidates: list[str] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return self.name is None and len(self.candidates) > 1


def usable(term: str) -> bool:
    """Whether the asked words can name a property by their words (one word of four letters or more as written:
    "tags" can, "u" or "of" cannot)."""
    return any(len(w) >= 4 and word_key(w) not in FILLER for w in re.findall(r"[^\W_]+", term))


def match(term: str, names: Iterable[str]) -> Match:
    """The held name(s) ``term``'s words are words of (see the module doc)."""
    asked = asked_words(term)
    out = Match(term)
    if not asked or not usable(term):
        return out
    found: dict[str, str] = {}  # the name's words joined -> the name as held (one per spelling)
    for name in names:
        held = words(name)
        if held and set(asked) <= set(held):
            found.setdefault("".join(held), name)
    if len(found) == 1:
        out.name = next(iter(found.values()))
    else:  # "actual power loads": 'Actual Power Load', not 'Actual Power Load per area' (every word of it asked)
        whole = [name for name in found.values() if set(words(name)) - FILLER == set(asked)]
        if len({"".join(words(n)) for n in whole}) == 1:
            out.name = whole[0]
    out.candidates = sorted(found.values(), key=str.casefold)
    return out


def holds_words(term: str, names: Iterable[str]) -> bool:
    """Whether some name among ``names`` holds every asked word of ``term`` (one or several: the frame is a lookup
    either way, the answer reads it or declines naming them)."""
    return bool(match(term, names).candidates)


def set_mention(text: str, sets: dict[str, frozenset[str]]) -> tuple[str, str | None, str]:
    """A property written with its set ("Pset_SpaceHeaterTypeCommon.OutputCapacity", "Wall Closure
    (PSet_Revit_Type_Construction)", "Top Offset (from Constraints)", "NetFloorArea in Qto_SpaceBaseQuantities"):
    ``text`` (normalised) with the set's words blanked, the set's name as the model spells it, and the words as
    written; ``sets`` maps each held set name to its property names' :func:`words` joined. A set is read only next
    to a property it holds (else the text is left whole)."""
    folded, offsets = fold_with_offsets(text)
    best: tuple[int, int, str] | None = None
    for name, props in sets.items():
        if not all(word in folded for word in fold(name).split()):  # a set not written: no pattern to compile
            continue
        spelled = re.escape(fold(name)).replace(r"\ ", r"\s+")
        for pattern, after in ((rf"(?<![\w.]){spelled}\s*[.:]\s*(?=\S)", True),
                               (rf"\s*\(\s*(?:from\s+|in\s+|aus\s+)?{spelled}\s*\)", False),
                               (rf"\s+(?:in|from|aus|im|of)\s+(?:the\s+|dem\s+)?(?:(?:property|quantity)\s+set\s+)?"
                                rf"{spelled}(?![\w.])", False)):  # round 18: "NetFloorArea in Qto_SpaceBaseQuantities"
            for m in re.finditer(pattern, folded):
                start, end = offsets[m.start()], offsets[m.end()]
                near = "".join(words(text[end:end + 80] if after else text[max(0, start - 80):start]))
                named = any(near.startswith(p) if after else near.endswith(p) for p in props if p)
                if named and (best is None or end - start > best[1] - best[0]):
                    best = (start, end, name)
    if best is None:
        return text, None, ""
    start, end, name = best
    return text[:start] + " " * (end - start) + text[end:], name, text[start:end].strip(" .:()")


_TOKEN = re.compile(r"[^\W_][\w'-]*")
_LINKS = frozenset(["of", "per", "for", "at", "in", "on", "to", "an", "der", "die", "das", "den", "dem", "von", "zu",
                    "zur", "zum", "im", "am", "pro"])


# a run opening with a counting word is a count or a sum people ask ("die Anzahl der Türen", "the number of doors"),
# even where a property is named so ('Anzahl der Türen' on ArchiCAD's spaces): never joined
_COUNTING = frozenset(["anzahl", "number", "count", "total", "sum", "summe", "gesamt", "menge", "amount"])


def join_names(text: str, held: frozenset[tuple[str, ...]]) -> tuple[str, list[str]]:
    """``text`` with each run of three to eight words that is, word for word, a held property name (``held``: the
    names' :func:`words`) and would not survive the lookup frames whole joined by underscores: a run of four words
    or more, or one holding a linking word or a number ("Latent Heat Gain per person", "Underside of Winders",
    "OmniClass Table 13 Category", "F/T Nominales Volumen der Öffnung"). The joined runs are returned as written."""
    tokens = list(_TOKEN.finditer(text))
    out, joined, i = text, [], 0
    while i < len(tokens):
        for n in range(min(8, len(tokens) - i), 2, -1):
            run = tokens[i:i + n]
            if any(not re.fullmatch(r"[\s/.-]*", text[a.end():b.start()]) for a, b in zip(run, run[1:], strict=False)):
                continue
            raw = [t.group(0) for t in run]
            if n < 4 and not any(w in _LINKS or w.isdigit() for w in raw) or word_key(raw[0]) in _COUNTING:
                continue
            if words(" ".join(raw)) not in held:
                continue
            start, end = run[0].start(), run[-1].end()
            out = out[:start] + "_".join(raw).ljust(end - start)[: end - start] + out[end:]
            joined.append(text[start:end])
            i += n
            break
        else:
            i += 1
    return out, joined
