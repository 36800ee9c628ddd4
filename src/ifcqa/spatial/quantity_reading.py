"""What a quantity question measures and how it aggregates, where measures.py's word lists alone misread it.

Round 10 (qty10) read quantities as people ask them (``bench/spatial/quantities.py``). Three rules, each a table
read from ``data/measure_words.json`` so that a new word is data, not code:

* **A room's quantity said with a class word** ("floor space", "living space", "ceiling height", "room volume"): a
  quantity phrase of a room quantity (floor area, height, volume, perimeter) whose words hold a class word is one
  quantity, never the class ("how much floor space do the Bad and the Kitchen have together" sums their floor areas;
  it does not list spaces; "average ceiling height of Labor K3 and Seminarraum" is the rooms' height, not the
  ceilings bounding them). :func:`room_quantity_spans` gives the spans the class reader leaves alone, and
  :func:`names_rooms` says such a measure is measured on the spaces when no class is named ("average ceiling height
  on level 2").
* **Net and gross said** ("net floor space", "gross volume"): the quantity read must carry that word in its name
  (NetFloorArea, GrossVolume, Nettofläche); a plain or opposite name is not it, so a model holding only NetFloorArea
  answers "gross floor area" by declining, naming what it does hold (:func:`name_fits`; measures.choose_path).
* **The word that joins the aggregate to its subject** ("the mean floor area *across* A and B", "the average height
  *among* the offices"): read with the measure (:data:`JOINERS`), so it is no unread word.

>>> name_fits("NetFloorArea", gross=True, net=False)
False
>>> name_fits("GrossFloorArea", gross=True, net=False)
True
>>> says_net("what is the net floor space of the bad")
True
"""

from __future__ import annotations

import functools
import re

from ifcqa.spatial.spaces import fold

# the quantities a room has, whose phrases may hold a class word ("floor space", "ceiling height")
ROOM_QUANTITIES = ("floor_area", "height", "volume", "perimeter")
# a word after the measure that joins it to what it is taken over ("the mean area across the offices")
JOINERS = ("across", "among", "amongst")

_NET = re.compile(
    r"(?<![\w])(?:netto\w*|ngf|nfa|nia|nrf|net(?=\s+(?:\w+\s+)?(?:area|areas|floor|volume|volumes|weight|surface|side|"
    r"footprint|space|length|height|perimeter|flache|flachen|volumen)\b))")
_GROSS_NAME = re.compile(r"gross|brutto", re.IGNORECASE)
_NET_NAME = re.compile(r"net(?!work)|netto", re.IGNORECASE)


def says_net(folded: str) -> bool:
    """The (folded) question asks for Net quantities: "net floor area", "Netto-", "NGF"; not "network"."""
    return _NET.search(folded) is not None


def name_fits(name: str, *, gross: bool, net: bool) -> bool:
    """Whether a quantity named ``name`` is the one asked: "gross" asked needs Gross/Brutto in the name, "net" asked
    Net/Netto; neither asked (or both, "net and gross"): any name."""
    if gross == net:
        return True
    return bool((_GROSS_NAME if gross else _NET_NAME).search(name)) and not (
        (_NET_NAME if gross else _GROSS_NAME).search(name))


@functools.cache
def _room_phrases() -> tuple[re.Pattern[str] | None, frozenset[str]]:
    """The room-quantity phrases holding a class word, as one pattern over normalised text, and the phrases."""
    from ifcqa.spatial.measures import words
    from ifcqa.spatial.vocabulary import CLASS_WORDS

    class_words = {w.casefold() for w in CLASS_WORDS}
    phrases = {p for p, q in words().quantities.items() if q in ROOM_QUANTITIES and len(p.split()) > 1
               and any(w in class_words for w in p.split())}
    if not phrases:
        return None, frozenset()
    ordered = sorted(phrases, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w])(?:" + "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered)
                         + r")(?![\w])")
    return pattern, frozenset(phrases)


def room_quantity_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (normalised: lower case) that say a room's quantity with a class word ("floor space")."""
    pattern, _ = _room_phrases()
    if pattern is None:
        return []
    folded = fold(text)
    if len(folded) != len(text):  # folding changed the length: match the text as it is
        folded = text
    return [m.span() for m in pattern.finditer(folded)]


def inside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(a <= start and end <= b for a, b in spans)


def names_rooms(term: str) -> bool:
    """The measure's words hold a room-quantity phrase ("how much floor space", "average ceiling height")."""
    pattern, _ = _room_phrases()
    return pattern is not None and pattern.search(" ".join(fold(term).split())) is not None


def joiner_after(text: str, end: int) -> tuple[int, int] | None:
    """The span of a joining word right after a measure ending at ``end`` ("across"), or None."""
    found = re.match(r"\s*(" + "|".join(JOINERS) + r")(?![\w])", text[end:])
    return (end + found.start(1), end + found.end(1)) if found is not None else None


# the quantities a lookup never answers (a property is one value; these are summed or averaged by the measures)
SUMMED = ("floor_area", "area", "volume", "wall_area", "ceiling_area")
_QUALIFIED = re.compile(r"^(?:(?:net|gross|netto|brutto|total|usable)\s+)*")


def is_summed_quantity(term: str) -> bool:
    """The words name a summed quantity and nothing else ("gross area", "floor area", "net volume"): the measures
    read it (a lookup of a property named so would decline what the quantity sets answer)."""
    from ifcqa.spatial.measures import words

    phrase = " ".join(fold(term).split())
    phrase = _QUALIFIED.sub("", phrase, count=1)
    return words().quantities.get(phrase) in SUMMED


# a sum word closes the question when only the unit asked or a courtesy follows ("the area of A and B combined, in
# sq ft, please"): it sums the quantity named before it, however many room names part them
_CLOSING_REST = re.compile(r"^\W*(?:(?:in|as|im|als)\b(?:\W*[^\W_]+){0,3}\W*)?"
                           r"(?:please|pls|thanks|thank\s+you|bitte|danke)?\W*$")
# the words that ask every one's value, not their total ("how big are A and B each", "einzeln", "jeweils")
_EACH = re.compile(r"\beach(?=\s*[?.!]*\s*$)|"
                   r"\b(?:individually|separately|respectively|jeweils|for\s+each\s+of\s+them)\b")


def closes(rest: str) -> bool:
    """``rest`` (folded, after a sum word) holds no word but a unit asked or a courtesy."""
    return _CLOSING_REST.match(rest) is not None


def each_one(text: str) -> re.Match[str] | None:
    """The words asking each one's value that end the question or say so outright ("individually")."""
    return _EACH.search(text)


def repeated_ops(text: str, op: str) -> list[tuple[int, int]]:
    """Spans of ``text`` holding another word of the aggregate ``op`` already read ("how many square metres do A
    and B make up", "total ... altogether"): the same ask said twice, read with the measure. Only sums and means."""
    from ifcqa.spatial.measures import words
    from ifcqa.spatial.spaces import fold_with_offsets

    if op not in ("sum", "mean"):
        return []
    vocab = words()
    folded, offsets = fold_with_offsets(text)
    return [(offsets[m.start()], offsets[m.end()]) for m in vocab.op_pattern.finditer(folded)
            if vocab.ops.get(" ".join(m.group(0).split())) == op]


# words that may stand between an aggregate word and its quantity without narrowing it ("the total of the floor
# area", "how big is the floor area", "wie groß ist die Fläche")
_FUNCTION_WORDS = frozenset([
    "the", "a", "an", "of", "is", "are", "was", "were", "be", "do", "does", "did", "have", "has", "there", "in", "on",
    "at", "for", "to", "its", "their", "all", "my", "our", "this", "these", "those", "it", "they", "that", "what",
    "which", "der", "die", "das", "des", "den", "dem", "ein", "eine", "einer", "eines", "ist", "sind", "war", "hat",
    "haben", "von", "vom", "im", "am", "zu", "zur", "zum", "alle", "aller", "ihre", "ihr", "sein", "seine", "s"])


@functools.cache
def _measure_vocabulary() -> frozenset[str]:
    """Every word of the measure vocabulary (ops, quantities, compounds, superlatives, net / gross), folded."""
    from ifcqa.spatial.measures import words

    vocab = words()
    phrases = [*vocab.ops, *vocab.quantities, *vocab.compounds, *vocab.superlatives, *vocab.class_quantities]
    return frozenset(w for p in phrases for w in p.split()) | {"net", "gross", "netto", "brutto"}


def name_words(names: list[str]) -> frozenset[str]:
    """The words of quantity (and quantity set) names, folded: "NetSideArea" -> net, side, area; "GSA BIM Area"."""
    out: set[str] = set()
    for name in names:
        for part in re.findall(r"[A-ZÄÖÜ]?[a-zäöüß]+|[A-ZÄÖÜ]+(?![a-zäöüß])|\d+", name):
            out.add(fold(part))
    return frozenset(out)


def consumed(word: str, held: frozenset[str] = frozenset()) -> bool:
    """Whether a word inside a measure's span is read with it: a word of the measure vocabulary, of a quantity name
    the model holds (``held``: "the GSA BIM area", "gross side area"), a German class+quantity compound
    ("Raumgröße") or a function word. Any other word there ("how much *heated* floor area") narrows the question and
    is left for the check to name."""
    from ifcqa.spatial.measures import class_compounds

    folded = fold(word).strip("?.,!;:'\"()")
    return not folded or folded in _FUNCTION_WORDS or folded in _measure_vocabulary() or folded in held or bool(
        re.fullmatch(r"[\d.,]+|m[²³23]?|mm|cm|ft[²³23]?|sq|qm|cbm", folded)) or bool(class_compounds(folded))


def near_reading(word: str) -> str | None:
    """A word inside a measure's span one edit from exactly one measure-vocabulary word of four letters or more
    ("total net *flor* area", "total *grss* side area"): that word (the phrase around it says which one is meant,
    where alone 'flor' is as close to 'flow' and 'Flur'); else None. Stated by the parser in the plan's notes."""
    from ifcqa.spatial.spelling import distance

    folded = fold(word).strip("?.,!;:'\"()")
    if len(folded) < 4 or not folded.isalpha():
        return None
    close = [v for v in _measure_vocabulary() if len(v) >= 4 and v != folded and distance(folded, v, 1) <= 1]
    return close[0] if len(close) == 1 else None
