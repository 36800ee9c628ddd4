"""German question frames and inflections as people write them, read as the forms the parser knows.

Round 13 (german13). The vocabularies hold German class, storey and room words in their base forms; what people
write around them is read here, as data (``data/german_frames.json``):

* **frames**: "In welchen Geschossen gibt es Heizkörper?" (which storeys have), "Welche Fenster gehören zur Küche?"
  (the windows of the kitchen), "Welche Decken sind aus / bestehen aus Stahlbeton?" (made of), "haben das Material"
  (with material), "Wo gibt es überall ...";
* **a polite lead-in** made only of request words ("Könnten Sie mir bitte sagen, welche ...", "Mich würde
  interessieren, wie viele ...", "Bitte teilen Sie mir mit, wo ..."): filler, the question follows;
* **the genitive**: "des Kellers", "des 1. Obergeschosses", "des ersten Obergeschosses", "eines Bades": the noun
  after a genitive article loses its -s / -es when its stem is a storey name token of the model, a storey word or a
  room function word, so "Nettogrundfläche des Kellers" is the storey Keller, never the spaces named "Flur Keller";
* **a storey word cut before a hyphen** ("Erd- und Dachgeschoss"): its abbreviation (EG), see ``_storey_ellipsis``;
* **Obergeschoss on a model whose storeys are not named so** (:func:`only_upper`): the one storey right above the
  ground storey, when every storey above it is a roof or attic level (ExampleHOM's 1stFloor below its attic,
  Duplex's Level 2 below Roof); anything else reads no storey (declined, as before).

Every rewrite keeps the question's length (the rest of the parser reads spans of it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.spatial.storeys import Storey, StoreyResolver


@cache
def _data() -> dict[str, Any]:
    text = resources.files("ifcqa.spatial").joinpath("data/german_frames.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _frames() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(f["pattern"]), f["as"]) for f in _data()["frames"])


@cache
def _genitive() -> re.Pattern[str]:
    articles = "|".join(_data()["genitive_articles"])
    # "des Kellers", "des 1. Obergeschosses", "des ersten / gesamten Obergeschosses": one number or adjective between
    return re.compile(rf"\b(?:{articles})\s+(?P<mid>\d+\s*\.\s*|[^\W\d_]+en\s+)?(?P<w>[^\W\d_]{{3,}}?)(?P<end>es|s)\b")


@cache
def _known_words() -> frozenset[str]:
    """Storey words, room nouns and room function words (single words, folded) a genitive noun may stand for."""
    from ifcqa.spatial import vocabulary as v

    words: set[str] = set()
    for group in (v.GROUND_WORDS, v.BASEMENT_WORDS, v.ROOF_WORDS, v.TOP_WORDS, v.BOTTOM_WORDS, v.STOREY_NOUNS):
        words.update(w for w in group if " " not in w)
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/space_functions.json").read_text("utf-8"))
    for entry in raw["functions"].values():
        words.update(w for w in entry.get("words", []) if " " not in w)
    words.update(w for w in raw["room_nouns"] if " " not in w)  # "des Raumes 006", "des Zimmers"
    return frozenset(w.replace("ß", "ss") for w in words)


@cache
def _lead() -> tuple[re.Pattern[str], frozenset[str]]:
    raw = _data()["request_lead"]
    asks = "|".join(raw["question_words"])
    pattern = re.compile(rf"^\s*(?P<lead>(?:[^\W\d_]+\s+){{1,7}}[^\W\d_]+)\s*,\s*(?=(?:{asks})\b)")
    return pattern, frozenset(raw["words"])


def _request_lead(text: str, notes: list[str]) -> str:
    """ "Könnten Sie mir bitte sagen, welche ...": a lead-in made only of request words, read as filler."""
    pattern, words = _lead()
    m = pattern.match(text)
    if m is None or not set(m.group("lead").split()) <= words:
        return text
    notes.append(f"{m.group('lead')!r}: a polite request, the question follows")
    return _pad(text, 0, m.end())


def _pad(text: str, start: int, end: int, word: str = "") -> str:
    return text[:start] + word.ljust(end - start) + text[end:]


def canonical(text: str, storey_names: Iterable[str]) -> tuple[str, list[str]]:
    """``text`` (normalised) with German frames and genitives read; the notes say what was read."""
    notes: list[str] = []
    for pattern, known in _frames():
        for m in reversed(list(pattern.finditer(text))):
            if len(known) > len(m.group(0)):
                continue  # a known form longer than the frame never fits in its place
            notes.append(f"{m.group(0)!r} read as {known!r}" if known else f"{m.group(0)!r}: read as filler")
            text = _pad(text, m.start(), m.end(), known)
    text = _request_lead(text, notes)
    text = _storey_ellipsis(text, notes)
    tokens = {t for name in storey_names for t in re.findall(r"[^\W\d_]+", name.casefold().replace("ß", "ss"))}
    known_words = _known_words() | tokens
    for m in reversed(list(_genitive().finditer(text))):
        stem = m.group("w")
        if stem not in known_words and not (m.group("end") == "es" and stem + "e" in known_words):
            continue
        notes.append(f"{m.group('w') + m.group('end')!r} read as {stem!r} (the genitive)")
        # the blanks go before a bare stem: a room's term read on from it ("des Raumes 006") stays "raum 006"; after
        # it where a number or adjective leads the phrase ("des ersten Obergeschosses": "ersten obergeschoss")
        width = m.end("end") - m.start("w")
        text = text[:m.start("w")] + (stem.ljust(width) if m.group("mid") else stem.rjust(width)) + text[m.end("end"):]
    return text, notes


# "Erd- und Dachgeschoss", "Keller-, Erd- und Obergeschoss": a cut storey word, completed by the next "-geschoss"
_ELLIPSIS = re.compile(r"\b(?P<cut>[^\W\d_]{2,})-(?=(?:\s*,\s*[^\W\d_]+-)*\s*(?:,|und|oder|bzw\.?|sowie)\s+"
                       r"(?:\d+\s*\.\s*)?[^\W\d_]+geschoss)")


def _storey_ellipsis(text: str, notes: list[str]) -> str:
    for m in reversed(list(_ELLIPSIS.finditer(text))):
        short = m.group("cut")[0] + "g"  # EG, OG, DG, KG, UG: the abbreviations the storey pass reads
        notes.append(f"{m.group(0)!r} read as {short!r} (a storey word cut before '-geschoss')")
        text = _pad(text, m.start(), m.end(), short)
    return text


def only_upper(resolver: StoreyResolver) -> list[Storey]:
    """ "Obergeschoss" / "OG" where no storey is named so: the storey right above the ground storey, when every
    storey above it is a roof or attic level (a house's one upper floor); else none."""
    from ifcqa.spatial.storeys import _is_attic, _is_roof

    above = resolver.upper_all()
    if not above or _is_roof(above[0]) or _is_attic(above[0]):
        return []
    if any(not (_is_roof(s) or _is_attic(s)) for s in above[1:]):
        return []  # several upper floors: which one is "the" Obergeschoss is not said
    return above[:1]
