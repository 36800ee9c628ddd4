"""Rooms and spaces a question names: by Name ("A203"), LongName ("Kitchen"), number ("room 135") or function.

>>> [(m.term, m.how, len(m.guids)) for m in find_spaces(index, "where is the kitchen?")]
[('kitchen', 'function:kitchen', 2)]

Function words ("bathroom", "WC", "Besprechungsraum") come from ``data/space_functions.json`` and are matched
against what the model says of each space: its Name, LongName, ObjectType and the Name of its IfcSpaceType,
ignoring case, accents ("Büro" = "Buero"), spacing and plurals, German compounds included ("Technikraum II" is a
plant room). A mention that matches no space of the model is still returned, with ``guids == []``, so that the
caller can decline ("there is no server room in this model") instead of answering a broader question.

Everything is read from the warm index and prepared once per index (a few ms); a question then costs one
regular-expression scan per rule.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
import weakref
from dataclasses import dataclass, field
from importlib import resources

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element

_DIGRAPHS = re.compile(r"(?<=[a-z])(ae|oe|ue)")  # "Buero" is "Büro" transliterated: both fold to "buro"
_LETTER_DIGIT = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")
_TOKEN = re.compile(r"[^\W\d_]+|\d+")
_GERMAN_SUFFIXES = ("sraume", "sraum", "raume", "raum", "zimmer", "bereich", "en", "er", "e", "n", "s")
_NUMBER = r"(?:[a-z]{1,3}-?)?\d+(?:[.\-/]?[a-z]{0,2}\d+)*[a-z]?"  # 135, A203, A-203, 1.02, 2A12, K-1.03
_JOIN = r"\s*(?:,|&|\+|\band\b|\bor\b|\bund\b|\boder\b)\s*"


@dataclass
class SpaceMention:
    """Words of a question that name a room, and the spaces they name.

    Attributes:
        term: the words as the question wrote them.
        start, end: their span in the question (``question[start:end] == term``).
        guids: GlobalIds of the spaces meant, in step-id order; ``[]``: the model has no such space.
        how: ``name``, ``long_name``, ``name_and_long_name``, ``number`` or ``function:<function>``.
        weak: the words are also an element class word ("stair", "toilet", "roof"): the caller decides.
    """

    term: str
    start: int
    end: int
    guids: list[str]
    how: str
    weak: bool = False


# -- text folding ----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1 << 16)  # the same names and words are folded again on every question
def fold(text: str) -> str:
    """Text as matched: case-folded, accents dropped ("Küche" -> "kuche", "Buero" -> "buro"), ß as ss."""
    return fold_with_offsets(text)[0]


def fold_with_offsets(text: str) -> tuple[str, list[int]]:
    """:func:`fold`, and for each folded character the index of the question character it came from.

    The list has one entry more than the folded text (the end), so that ``offsets[end]`` is a span's end.
    """
    chars: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        for piece in unicodedata.normalize("NFKD", ch.casefold()):
            if unicodedata.combining(piece) or piece in "'’‘":  # "children's" reads as "childrens"
                continue
            piece = {"–": "-", "—": "-", "²": "2", "³": "3"}.get(piece, piece)
            chars.append(piece)
            offsets.append(i)
    folded = "".join(chars)
    keep = [True] * len(folded)
    for match in _DIGRAPHS.finditer(folded):
        keep[match.start() + 1] = False
    out = "".join(c for c, k in zip(folded, keep, strict=True) if k)
    kept = [o for o, k in zip(offsets, keep, strict=True) if k]
    kept.append(len(text))
    return out, kept


def tokens(text: str) -> list[str]:
    """The words and digit runs of a folded text ("kitchen5" -> ``["kitchen", "5"]``)."""
    return _TOKEN.findall(text)


def plurals(phrase: str) -> list[str]:
    """A folded phrase and its plural forms (the last word: English -s/-es/-ies, German -e/-en/-n/-er)."""
    head, _, last = phrase.rpartition(" ")
    forms = {last, last + "s", last + "es", last + "e", last + "en", last + "n", last + "er"}
    if last.endswith("y"):
        forms.add(last[:-1] + "ies")
    if last.endswith("um"):
        forms.add(last[:-2] + "a")
    return [f"{head} {f}".strip() for f in sorted(forms)]


# -- the function vocabulary -----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Vocabulary:
    words: dict[str, str]  # folded word (question and model) -> function
    model_words: dict[str, str]  # folded word matched in the model's texts only -> function
    room_nouns: tuple[str, ...]
    generic: frozenset[str]


@functools.cache
def vocabulary() -> _Vocabulary:
    """``data/space_functions.json``, folded."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/space_functions.json").read_text("utf-8"))
    words: dict[str, str] = {}
    model_words: dict[str, str] = {}
    for function, entry in raw["functions"].items():
        for w in entry["words"]:
            words.setdefault(_norm(w), function)
        for w in entry.get("model_words", ()):
            model_words.setdefault(_norm(w), function)
    nouns = tuple(sorted({_norm(w) for w in raw["room_nouns"]}, key=len, reverse=True))
    return _Vocabulary(words, model_words, nouns, frozenset(_norm(w) for w in raw["generic"]))


def _norm(text: str) -> str:
    """Folded, punctuation as spaces, single-spaced."""
    return " ".join(re.sub(r"[^\w']+|_", " ", fold(text)).replace("'s", "s").replace("'", "").split())


@functools.lru_cache(maxsize=4096)
def function_of(text: str, strong: bool = False) -> str | None:
    """The room function a space text names ("WC Herren" -> bathroom, "Technikraum II" -> plant room), or None.

    A phrase of the vocabulary found in the text's words wins; else a word that starts or ends with a vocabulary
    word of at least three letters (German compounds: "Besprechungsraum", "Gästebad"); the longest word decides.
    ``strong``: only the words a question may use count, not the ``model_words`` ("Stair" names a stair core
    only weakly).
    """
    words = _LETTER_DIGIT.sub(" ", _norm(text)).split()
    forms, most = _model_phrases(strong)
    best: tuple[int, str] | None = None
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + most) + 1):
            phrase = " ".join(words[i:j])
            if phrase in forms and (best is None or len(phrase) > best[0]):
                best = (len(phrase), forms[phrase])
    if best is not None:
        return best[1]
    for token in words:
        for word, function in _model_stems(strong):
            fits = len(token) > len(word) and (token.startswith(word) or token.endswith(word))
            if fits and (best is None or len(word) > best[0]):
                best = (len(word), function)
    return best[1] if best else None


@functools.lru_cache(maxsize=4096)
def functions_of(text: str, strong: bool = False, stems: bool = True) -> frozenset[str]:
    """Every room function a space text names, one per word group: "Flur EG Eingang" is a corridor and an
    entrance. Phrases of the vocabulary first (longest first, each word read once); each word left then names
    the function of its longest vocabulary word start or end, as in :func:`function_of` ("Waschküche" is a
    laundry, not a kitchen: within one word the longest reading decides). ``stems=False``: the phrases
    only (their plurals included), for running text, where a word's start is no compound ("loose" is no
    "loo", "Slab-033" no "lab")."""
    words = _LETTER_DIGIT.sub(" ", _norm(text)).split()
    forms, most = _model_phrases(strong)
    found: set[str] = set()
    used: set[int] = set()
    for length in range(min(len(words), most), 0, -1):
        for i in range(len(words) - length + 1):
            if used & set(range(i, i + length)):
                continue
            phrase = " ".join(words[i : i + length])
            if phrase in forms:
                found.add(forms[phrase])
                used.update(range(i, i + length))
    if not stems:
        return frozenset(found)
    for i, token in enumerate(words):
        if i in used:
            continue
        best: tuple[int, str] | None = None
        for word, function in _model_stems(strong):
            fits = len(token) > len(word) and (token.startswith(word) or token.endswith(word))
            if fits and (best is None or len(word) > best[0]):
                best = (len(word), function)
        if best is not None:
            found.add(best[1])
    return frozenset(found)


@functools.cache
def _model_phrases(strong: bool) -> tuple[dict[str, str], int]:
    forms: dict[str, str] = {}
    for form, function in _model_forms(strong):
        forms.setdefault(form, function)
    return forms, max(f.count(" ") + 1 for f in forms)


@functools.cache
def _model_forms(strong: bool) -> tuple[tuple[str, str], ...]:
    vocab = vocabulary()
    tables = (vocab.words,) if strong else (vocab.words, vocab.model_words)
    return tuple((form, f) for table in tables for w, f in table.items() for form in plurals(w))


@functools.cache
def _model_stems(strong: bool) -> tuple[tuple[str, str], ...]:
    vocab = vocabulary()
    tables = (vocab.words,) if strong else (vocab.words, vocab.model_words)
    return tuple((w, f) for table in tables for w, f in table.items() if " " not in w and len(w) >= 3)


# -- what one model holds --------------------------------------------------------------------------------
@dataclass
class _Catalog:
    spaces: list[Element]
    literal: dict[str, tuple[str, list[str]]]  # token key (see _key) of a Name / LongName -> (how, guids)
    longest: int  # the most tokens of a literal key
    functions: dict[str, list[str]]  # function -> guids of the spaces holding it
    strong: dict[str, list[str]]  # the same through question words only (no model_words)
    contents: dict[int, list[int]] = field(default_factory=dict)  # spatial element id -> directly contained ids


_CATALOGS: weakref.WeakKeyDictionary[ModelIndex, _Catalog] = weakref.WeakKeyDictionary()


_PLAIN_KINDS = frozenset(["NOTDEFINED", "USERDEFINED", "SPACE", "INTERNAL", "EXTERNAL", "GFA"])


def _space_texts(index: ModelIndex, space: Element) -> list[str]:
    """What the model says a space is: Name, LongName, ObjectType, its type's Name, a telling PredefinedType."""
    texts = [space.name, space.long_name, space.object_type]
    if space.predefined_type and space.predefined_type not in _PLAIN_KINDS:
        texts.append(space.predefined_type.replace("_", " "))  # PARKING, BERTH...
    if space.type is not None and space.type in index.data.elements:
        texts.append(index.data.elements[space.type].name)
    return [t for t in texts if t and t.strip()]


def catalog(index: ModelIndex) -> _Catalog:
    """The spaces of a model, their literal texts and functions (built once per index)."""
    cached = _CATALOGS.get(index)
    if cached is not None:
        return cached
    spaces = index.by_class("IfcSpace") if "ifcspace" in index.known_classes() else []
    vocab = vocabulary()
    literal: dict[str, tuple[str, list[str]]] = {}
    functions: dict[str, list[str]] = {}
    strong: dict[str, list[str]] = {}
    for space in spaces:
        both = f"{space.name} {space.long_name}" if space.name and space.long_name else None
        for how, text in (("name", space.name), ("long_name", space.long_name), ("name_and_long_name", both)):
            if not text or not _literal_worthy(_norm(text), vocab):
                continue
            folded = fold(text)
            # "Kitchen5" is also "Kitchen 5"; "A203" is not "a 203" ("a" is a word)
            loose = re.sub(r"(?<=[^\W\d_]{2})(?=\d)", " ", folded)
            # "Labor K3" is also "Labor K 3" (one letter after a word; "A203" alone is not "a 203")
            spaced = re.sub(r"(?<=\w\s[^\W\d_])(?=\d)", " ", folded)
            for variant in {_key(folded), _key(loose), _key(spaced)}:
                entry = literal.setdefault(variant, (how, []))
                if space.guid not in entry[1]:
                    entry[1].append(space.guid)
        for function in {f for t in _space_texts(index, space) for f in functions_of(t)}:
            functions.setdefault(function, []).append(space.guid)
        for function in {f for t in _space_texts(index, space) for f in functions_of(t, strong=True)}:
            strong.setdefault(function, []).append(space.guid)
    longest = max((k.count(" ") + k.count("|") + 1 for k in literal), default=0)
    contents: dict[int, list[int]] = {}
    for e in index.data.elements.values():
        if e.container is not None:
            contents.setdefault(e.container, []).append(e.id)
    built = _Catalog(spaces, literal, min(longest, 12), functions, strong, contents)
    _CATALOGS[index] = built
    return built


def _key(folded: str) -> str:
    """The words and digit runs of a folded text, joined by ``|`` where adjacent ("a203" -> "a|203") else by a space."""
    parts: list[str] = []
    end = None
    for m in _TOKEN.finditer(folded):
        if parts:
            parts.append("|" if m.start() == end else " ")
        parts.append(m.group(0))
        end = m.end()
    return "".join(parts)


def _literal_worthy(key: str, vocab: _Vocabulary) -> bool:
    """Whether a space's text can be recognised as written: not a bare number, a letter or a generic word."""
    if len(key) < 2 or key in vocab.generic:
        return False
    return not re.fullmatch(r"[\d\s.\-/]+", key)


# -- the question ----------------------------------------------------------------------------------------
@functools.cache
def _function_forms() -> tuple[dict[str, str], int]:
    """Every question form of every function word (plurals, German compounds) as a token key -> its function."""
    forms: dict[str, str] = {}
    for word, function in vocabulary().words.items():
        for form in plurals(word):
            forms.setdefault(_key(form), function)
        if " " not in word and len(word) >= 3 and not word.endswith(("raum", "zimmer")):
            for suffix in _GERMAN_SUFFIXES[:6]:
                forms.setdefault(word + suffix, function)
    return forms, max(k.count(" ") + 1 for k in forms)


@functools.cache
def _room_nouns() -> frozenset[str]:
    return frozenset(_key(n) for n in vocabulary().room_nouns)


_NUMBER_AFTER = re.compile(
    rf"\s*(?:(?:number|no|nr|num)\b\.?\s*)?#?\s*(?P<nums>{_NUMBER}(?:{_JOIN}#?{_NUMBER})*)(?![\w])"
)


def _weak_words() -> frozenset[str]:
    try:
        from ifcqa.spatial.vocabulary import CLASS_WORDS, ROOF_WORDS
    except ImportError:  # the parser's vocabulary is optional here
        return frozenset()
    return frozenset(_norm(w) for w in (*CLASS_WORDS, *ROOF_WORDS))


_WEAK = functools.cache(_weak_words)


@dataclass
class _Candidate:
    start: int  # in the folded text
    end: int
    guids: list[str]
    how: str
    rank: int  # on equal spans: lower wins


def find_spaces(index: ModelIndex, text: str) -> list[SpaceMention]:
    """The rooms a question names, left to right; overlapping readings resolved longest first.

    Rules: a space's Name, LongName or "Name LongName" as written (not bare numbers or generic words such as
    "Room"); a room noun or function word followed by a number ("room 135", "Raum 1.02", "bedroom 201": the space
    whose Name is, or ends in, that number; "rooms 201 and 202" names two); a function word ("kitchen", "WCs",
    "Besprechungsräume"). On equal spans a reading that finds spaces wins, then a Name over a number over a
    function; a LongName that is itself a function word ("Kitchen") is read as the function, which includes it.
    """
    cat = catalog(index)
    folded, offsets = fold_with_offsets(text)
    found: list[_Candidate] = []
    words = list(_TOKEN.finditer(folded))
    forms, form_words = _function_forms()
    nouns = _room_nouns()
    longest = max(cat.longest, form_words)
    for i in range(len(words)):
        if i and words[i].start() == words[i - 1].end():
            continue  # a reading does not start inside "a203"
        key = ""
        for j in range(i, min(len(words), i + longest)):
            if j > i:
                key += "|" if words[j].start() == words[j - 1].end() else " "
            key += words[j].group(0)
            if j + 1 < len(words) and words[j + 1].start() == words[j].end():
                continue  # nor end inside it
            start, end = words[i].start(), words[j].end()
            hit = cat.literal.get(key)
            if hit is not None:
                found.append(_Candidate(start, end, list(hit[1]), hit[0], 1))
            function = forms.get(key)
            if function is not None:
                found.append(_Candidate(start, end, list(cat.functions.get(function, [])), f"function:{function}", 2))
            if function is not None or key in nouns:
                found.extend(_numbers_after(cat, folded, start, end, function))
    found += _noun_before_name(found, folded, words, nouns)
    found += _hyphenated_codes(cat, folded)
    chosen: list[_Candidate] = []
    for cand in sorted(found, key=lambda c: (-(c.end - c.start), not c.guids, c.rank, c.start)):
        if any(cand.start < c.end and c.start < cand.end for c in chosen):
            continue
        chosen.append(cand)
    chosen = _number_with_name(cat, folded, sorted(chosen, key=lambda c: c.start))
    weak = _WEAK()
    mentions: list[SpaceMention] = []
    for cand in sorted(chosen, key=lambda c: c.start):
        start, end = offsets[cand.start], offsets[cand.end]
        term = text[start:end]
        order = {s.guid: s.id for s in cat.spaces}
        guids = sorted(set(cand.guids), key=lambda g: order.get(g, 0))
        how = cand.how
        if how in ("name", "long_name", "name_and_long_name"):
            function = forms.get(_key(fold(term)))
            if function is not None:  # "Kitchen" is a LongName and a function word: all kitchens are meant
                how = f"function:{function}"  # (by the question's words: "Flur" is not also the "Galerie")
                guids = sorted(set(guids) | set(cat.strong.get(function, [])), key=lambda g: order.get(g, 0))
        mentions.append(SpaceMention(term, start, end, guids, how, weak=_norm(term) in weak and how != "number"))
    return mentions


_LABELS = ("name", "long_name", "name_and_long_name")
_CODE = re.compile(r"[a-z]{0,2}-?\d+[a-z]?")  # what a room number looks like written alone: "104", "A104", "A-104"
_BARE = rf"(?:(?:room|raum|rm|no|nr)\.?\s*)?#?(?P<num>{_NUMBER})"
_NUMBER_GLOSS = re.compile(rf"\s*\(\s*{_BARE}\s*\)")  # "Buero Meyer (110)", "Flur (1)", "Bedroom 1 (B202)"
_GLOSSED_NUMBER = re.compile(rf"(?:^|(?<=[\s:,;]))(?P<num>{_NUMBER})\s*\(\s*$")  # "110 (Buero Meyer)"
_NUMBER_BEFORE = re.compile(rf"(?:^|(?<=[\s:,;]))(?P<num>{_NUMBER})\s+$")  # "104 Buero Hausmeister"
_PAIR_GAP = re.compile(r"\s*(?:\(|,|-|:|/)?\s*")  # "room 001 - Besprechungsraum I", "Foyer, room A101"


def _is_label(c: _Candidate) -> bool:
    return c.how in _LABELS or c.how.startswith("function:")


def _is_number(c: _Candidate, folded: str) -> bool:
    text = folded[c.start:c.end]
    return c.how == "number" or (c.how == "name" and _CODE.fullmatch(text.replace(" ", "")) is not None)


def _number_with_name(cat: _Catalog, folded: str, chosen: list[_Candidate]) -> list[_Candidate]:
    """A room named by its number AND its name, as door signs and room schedules write it: "104 Buero Hausmeister",
    "A104 (Bathroom 1)", "Bathroom 1 (A104)", "Buero Meyer (110)", "room 001 - Besprechungsraum I", "Foyer, room
    A101" is ONE room: the spaces both name (one mention, ``how`` ``number_and_name``). When they name different
    spaces the mention names none (the premise is false: the answer declines), never the two rooms."""
    out: list[_Candidate] = []
    i = 0
    while i < len(chosen):
        c = chosen[i]
        nxt = chosen[i + 1] if i + 1 < len(chosen) else None
        if nxt is not None and c.guids and nxt.guids and _pair(c, nxt, folded):
            out.append(_joined(c, nxt, folded))
            i += 2
            continue
        if _is_label(c) and not _is_number(c, folded):
            joined = _bare_number(cat, folded, c)
            if joined is not None:
                out.append(joined)
                i += 1
                continue
        out.append(c)
        i += 1
    return out


def _pair(a: _Candidate, b: _Candidate, folded: str) -> bool:
    """Whether two readings side by side are one room's number and name ("A104 (Bathroom 1)", "room 001 -
    Besprechungsraum I"); after a comma or slash only with a room word ("Foyer, room A101", never "Labor K3, K4")."""
    gap = folded[a.end:b.start]
    if not (_is_number(a, folded) and _is_label(b) or _is_label(a) and _is_number(b, folded)):
        return False
    if not _PAIR_GAP.fullmatch(gap):
        return False
    number = a if _is_number(a, folded) else b
    said = folded[number.start:number.end]
    return not re.search(r"[,/]", gap) or re.match(r"(?:room|raum|rm|no|nr)\b", said) is not None


def _joined(a: _Candidate, b: _Candidate, folded: str) -> _Candidate:
    end = b.end
    close = re.match(r"\s*\)", folded[end:])
    if "(" in folded[a.end:b.start] and close is not None:
        end += close.end()
    both = [g for g in a.guids if g in set(b.guids)]
    return _Candidate(a.start, end, both, "number_and_name", 0)


def _bare_number(cat: _Catalog, folded: str, c: _Candidate) -> _Candidate | None:
    """A number written with no room word right after a name in parentheses, or right before it ("Flur (1)",
    "110 (Buero Meyer)", "104 Buero Hausmeister": three characters at least, "2 Buero" is two offices)."""
    after = _NUMBER_GLOSS.match(folded, c.end)
    numbers = _by_number(cat, after.group("num")) if after is not None else []
    if after is not None and numbers:  # a room number ("Flur (1)"); "Kitchen (m²)" is the unit asked
        return _Candidate(c.start, after.end(), [g for g in c.guids if g in set(numbers)], "number_and_name", 0)
    before = folded[max(0, c.start - 24):c.start]
    glossed = _GLOSSED_NUMBER.search(before)
    numbers = _by_number(cat, glossed.group("num")) if glossed is not None else []
    if glossed is not None and numbers and re.match(r"\s*\)", folded[c.end:]):
        start = c.start - len(before) + glossed.start("num")
        end = c.end + re.match(r"\s*\)", folded[c.end:]).end()  # type: ignore[union-attr]
        return _Candidate(start, end, [g for g in c.guids if g in set(numbers)], "number_and_name", 0)
    plain = _NUMBER_BEFORE.search(before)
    if plain is not None and (len(plain.group("num")) >= 3 or not plain.group("num").isdigit()):
        numbers = _by_number(cat, plain.group("num"))
        if numbers:  # "104 Buero Hausmeister"; an amount before a name ("150 Buero") is not a room number
            start = c.start - len(before) + plain.start("num")
            return _Candidate(start, c.end, [g for g in c.guids if g in set(numbers)], "number_and_name", 0)
    return None


_HYPHENATED = re.compile(r"(?<![\w-])(?P<code>[a-z]{1,2}-\d+[a-z]?)(?![\w-])")


def _hyphenated_codes(cat: _Catalog, folded: str) -> list[_Candidate]:
    """ "A-205" for the space named "A205": a letter code written with a hyphen, when a space's Name is it without."""
    out = []
    for m in _HYPHENATED.finditer(folded):
        code = m.group("code").replace("-", "")
        guids = [s.guid for s in cat.spaces if "".join(fold(s.name or "").split()) == code]
        if guids:
            out.append(_Candidate(m.start(), m.end(), guids, "name", 1))
    return out


def _noun_before_name(found: list[_Candidate], folded: str, words: list[re.Match[str]],
                      nouns: frozenset[str]) -> list[_Candidate]:
    """"room Kitchen", "Raum Küche", "the space Living room": a room noun right before a space's name names that
    space (the noun read with it, so "windows of room Kitchen" is the kitchen's windows, not a relation to rooms)."""
    out: list[_Candidate] = []
    for cand in found:
        if cand.rank != 1 or not cand.guids:
            continue
        before = [w for w in words if w.end() <= cand.start]
        if before and before[-1].group(0) in nouns and not folded[before[-1].end():cand.start].strip():
            out.append(_Candidate(before[-1].start(), cand.end, cand.guids, cand.how, cand.rank))
    return out


# a unit of measure right after a number: the number is a size, not a room's number
_MEASURE_AFTER = re.compile(r"\s?(?:m²|m2|m³|m3|sqm|sq\.?\s?m|qm|square|cubic|quadratmeter|mm|cm|m|metres?|meters?|"
                            r"millimet(?:re|er)s?|centimet(?:re|er)s?|ft|feet|foot|inch(?:es)?)(?![\w])")


def _numbers_after(cat: _Catalog, folded: str, start: int, end: int, function: str | None = None
                   ) -> list[_Candidate]:
    """"room 135", "rooms 201 and 202", "Raum Nr. 1.02", "rm. 1.05": one candidate per number after a room word
    (an abbreviated room noun may carry its full stop). After a function word ("bedroom B103") a numbered space
    the model gives another function (B103 is the Kitchen) is no space of that name: never the kitchen's
    contents for "the bedroom B103"."""
    if folded[start:end] in _ABBREVIATED_NOUNS and folded[end:end + 1] == ".":
        end += 1
    m = _NUMBER_AFTER.match(folded, end)
    if m is None:
        return []
    out = []
    prefix = ""
    for i, num in enumerate(re.finditer(_NUMBER, m.group("nums"))):
        if _MEASURE_AFTER.match(folded, m.start("nums") + num.end()):
            break  # "rooms 15 m² or larger": a measure (round 11, qualifiers), never room 15
        first = start if i == 0 else m.start("nums") + num.start()
        written = num.group(0)
        if i == 0:
            prefix = re.match(r"[a-z]*-?", written).group(0)  # type: ignore[union-attr]
        elif prefix and written.isdigit():  # "Labor K3, 4 and 5", "A101, 102": the letter carries on
            written = prefix + written
        guids = _by_number(cat, written)
        how = "number"
        if function is not None and guids and _another_function(cat, guids, function):
            guids = []
        if not guids:  # "bedrooms 1 and 2", "Labor K3, K4": the spaces NAMED so ("Bedroom 1"), when none is numbered so
            guids, how = _named_with_numeral(cat, folded[start:end], written)
        out.append(_Candidate(first, m.start("nums") + num.end(), guids, how, 0))
    return out


def _another_function(cat: _Catalog, guids: list[str], function: str) -> bool:
    """Whether none of the spaces is of ``function`` and one of them is of another function."""
    own = set(cat.functions.get(function, []))
    if own & set(guids):
        return False
    return any(set(guids) & set(members) for other, members in cat.functions.items() if other != function)


_SINGULAR_ENDINGS = (("raume", "raum"), ("rooms", "room"), ("ies", "y"), ("s", ""), ("en", ""), ("e", ""), ("n", ""))


def _named_with_numeral(cat: _Catalog, word: str, numeral: str) -> tuple[list[str], str]:
    """The spaces whose Name / LongName is the room word (singular) and the numeral ("bedrooms" 2 -> "Bedroom 2"),
    and which of their texts says so; ``([], "number")`` when none."""
    forms = [word] + [word[: len(word) - len(p)] + s for p, s in _SINGULAR_ENDINGS if word.endswith(p)
                      and len(word) > len(p) + 2]
    for form in forms:
        hit = cat.literal.get(_key(f"{form} {numeral}"))
        if hit is not None:
            return list(hit[1]), hit[0]
    return [], "number"


def _by_number(cat: _Catalog, number: str) -> list[str]:
    """Spaces numbered ``number``, by the first rule that finds any.

    The Name equals it ("201", "A203"); else a Name of digits equal to it as an integer ("001" for 1); else a
    number in the Name equals it, or equals it without its letter prefix ("A203" and "Raum 1.02" for 203 and 1.02);
    else, written with separators the Name lacks, the Name equals it without them ("Raum 2.13" and "rm A-204" for
    the spaces named "213" and "A204": one numbering written two ways, never a different number).
    """
    wanted = number.lower()
    names = [(s, "".join(fold(s.name or "").split())) for s in cat.spaces]
    exact = [s.guid for s, n in names if n == wanted]
    if exact:
        return exact
    if wanted.isdigit():
        same = [s.guid for s, n in names if n.isdigit() and int(n) == int(wanted)]
        if same:
            return same
    within = []
    for s, _ in names:
        for token in _NUMBER_IN_NAME.findall(fold(s.name or "")):
            if wanted in (token, token.lstrip("abcdefghijklmnopqrstuvwxyz")):
                within.append(s.guid)
                break
    if within:
        return within
    bare = _SEPARATORS.sub("", wanted)
    if bare == wanted:
        return []
    return [s.guid for s, n in names if _SEPARATORS.sub("", n) == bare]


_SEPARATORS = re.compile(r"[.\-/]")
_ABBREVIATED_NOUNS = frozenset(["rm", "rms"])


_NUMBER_IN_NAME = re.compile(rf"(?<![a-z0-9]){_NUMBER}(?![a-z0-9])")


# -- what is in a space, and where it is ----------------------------------------------------------------
def elements_in_spaces(index: ModelIndex, space_guids: list[str], *, bounding: bool = False) -> list[str]:
    """GlobalIds of the elements in the spaces, in step-id order.

    ``bounding=False``: the elements contained in the spaces (IfcRelContainedInSpatialStructure), in the spaces
    aggregated into them, and the parts aggregated into those elements (a stair's flights). ``bounding=True``:
    the elements bounding the spaces through IfcRelSpaceBoundary ("the doors of room X"), the space itself and
    other spaces excluded.
    """
    cat = catalog(index)
    elements = index.data.elements
    space_ids = [index.data.guids[g] for g in space_guids if g in index.data.guids]
    found: set[int] = set()
    if bounding:
        for sid in space_ids:
            for b in elements[sid].bounded_by:
                e = elements.get(b)
                if e is not None and not index.is_a(e, "IfcSpatialElement" if _has_spatial_element(index)
                                                    else "IfcSpatialStructureElement"):
                    found.add(b)
    else:
        stack = list(space_ids)
        seen: set[int] = set(stack)
        while stack:
            current = stack.pop()
            record = elements.get(current)
            children = list(cat.contents.get(current, ()))
            if record is not None:
                children += list(record.parts)
            for child in children:
                if child in seen:
                    continue
                seen.add(child)
                stack.append(child)
                child_record = elements.get(child)
                if child_record is not None and not index.is_a(child_record, "IfcSpace"):
                    found.add(child)
    return [elements[i].guid for i in sorted(found)]


def _has_spatial_element(index: ModelIndex) -> bool:
    return "ifcspatialelement" in index.known_classes()


def storeys_of(index: ModelIndex, space_guids: list[str]) -> list[str]:
    """GlobalIds of the storeys the spaces belong to (through the spatial decomposition), lowest first."""
    elements = index.data.elements
    wanted = set()
    for g in space_guids:
        sid = index.data.guids.get(g)
        if sid is not None and elements[sid].storey is not None:
            wanted.add(elements[sid].storey)
    return [elements[i].guid for i in index.storeys if i in wanted]
