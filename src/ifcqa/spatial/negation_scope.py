"""Where a negation attaches, for the negation shapes the parser's passes did not read (issue 22, round 9).

The parser reads a negation where it attaches to a storey, a class, a qualifier, a room or a grounded word
(``parser.py``: ``_EXCLUDING``, ``_class_negation``, ``_QUALIFIER_NEGATION``, ``_ROOM_NEGATION``,
``_GROUNDED_NEGATION``). ``bench/spatial/negation.py`` (a generated bench, one part negated in many forms)
found the shapes it left unread; each was declined (never answered as if not negated), and this module reads
them. Two parts, both run on the normalised question before any other word pass:

* :func:`canonical` spells a negation shape out in the form the passes read, each rewrite named in the plan's
  notes: "anything but X" is "everything except X"; "everything ... without the X" is "... except the X";
  "not a piece of furniture" is "not furniture"; "neither a X nor a Y" is "not X or Y" (a class negation runs on
  through "or"); a German class word in the dative plural after an excluding preposition ("außer den Wänden",
  "ohne den Außenwänden") is its plural ("Wände", "Außenwände").
* :func:`negated_types` reads a **type** negated after the class asked: "doors that are not of type
  IFC_DoorSglSwing", "which doors aren't 810x2110mm?", "all windows except type Rundfenster", "doors other than
  the M_Single-Flush ones", "Fenster, die nicht vom Typ Rundfenster sind". The type is the text of a type
  object's Name held by elements of that class (the whole name, or its leading words up to a ":" or space, as
  written, at least four letters); the negation and the link words between ("of type", "vom Typ", "the") and a
  pronoun after ("ones", "type") are consumed and the plan takes those elements out of the class (a kind
  filter on the type names, ``plan.exclude_classes``; the answer's rule says "doors except doors of type
  'IFC_DoorSglSwing'"). A negation before a text no type of the asked class holds is left to the other passes
  (which decline it when nothing reads it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# the negation words a type negation starts with (normalised: "isn't" is "is not", "außer" is "ausser")
_NEG = re.compile(r"\b(?:not|except(?:\s+for)?|excluding|other\s+than|apart\s+from|aside\s+from|besides|"
                  r"but\s+not|nicht|ausser|ausgenommen|ohne|bis\s+auf)\b")
# what may stand between the negation and the type: "not of type", "except the", "nicht vom Typ", "other than type"
_LINK = re.compile(r"\s+(?:(?:of|from)\s+)?(?:(?:the|a|an|den|die|das|dem|der)\s+)?"
                   r"(?:(?:type|types|typ|typs|vom\s+typ|von\s+typ|des\s+typs)\s+)?")
# a pronoun or type noun after the type: "the M_Single-Flush ones", "the 0864 x 2032mm type"
_AFTER = re.compile(r"\s+(?:ones?|types?|typs?)\b")
# round 11: a quote around the type ("not of the 'Outside wall' type") and the words that say a type is meant
# before the negation ("whose type is not X", "that have a type other than X", "with a type name other than X")
_QUOTE = re.compile(r"\s*['\"`]")
_TYPE_BEFORE = re.compile(r"(?:\b(?:whose|with\s+an?|having\s+an?|have\s+an?|has\s+an?|of\s+an?)\s+)?"
                          r"\btype(?:\s+name)?\s+(?:is\s+|that\s+is\s+)?$")
# words that take something out as "except" does, in the shapes that cannot be arithmetic or a comparison
# ("minus the external ones", never "doors minus windows"; "less those on Level 1", never "less than")
_EXCEPT_SYNONYMS = (
    (r"\bminus\s+(?=(?:those|the\s+ones)\b|the\s+[\w-]+\s+ones\b)", "minus the ... ones"),
    (r"\bless\s+(?=(?:those|the\s+ones)\b|the\s+[\w-]+\s+ones\b)", "less those"),
    (r"\b(?:save|but)\s+for\s+", "save for"),
    (r"\bbarring\s+", "barring"),
    (r"\bexcepting\s+", "excepting"),
    (r"\bwith\s+the\s+exception\s+of\s+", "with the exception of"),
    (r"\bleaving\s+aside\s+", "leaving aside"),
    (r"\bmit\s+ausnahme\s+(?:von\s+|vom\s+|der\s+|des\s+|dem\s+)?", "mit Ausnahme von"),
    (r"\bexklusive\s+", "exklusive"),
)
# verbs that only say where something is: the storey or room after them is what the negation attaches to
_PLACE_VERBS = (r"(?:found|located|placed|situated|positioned|installed|mounted|fitted|sit|sits|sitting|stand|"
                r"stands|standing|lie|lies|lying|be|exist|exists|appear|appears)")


def _mask(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def canonical(text: str, class_words: Iterable[str]) -> tuple[str, list[str]]:
    """The question with the negation shapes the passes do not read spelled out in those they do, and a note
    per rewrite. ``class_words``: the vocabulary's class words (normalised), for the German dative plural."""
    notes: list[str] = []

    def sub(pattern: str, repl: str | Callable[[re.Match[str]], str], what: str, s: str) -> str:
        out = re.sub(pattern, repl, s)
        if out != s:
            notes.append(f"negation read: {what}")
        return out

    text = sub(r"\banything\s+but\b(?=\s+\w)", "everything except", '"anything but X" as "everything except X"', text)
    text = sub(r"\bnot-(?=[^\W\d_])", "non-", '"not-load-bearing" as "non-load-bearing"', text)
    for pattern, what in _EXCEPT_SYNONYMS:
        text = sub(pattern, "except ", f'"{what}" as "except"', text)
    text = sub(r"\b(?P<all>everything|all|alles)\s+but\s+(?=the\b|[^\W\d_]+s\b)", lambda m: f"{m['all']} except ",
               '"everything / all but X" as "everything except X"', text)
    text = sub(r",\s*(?P<x>[^,;?!]+?)\s+(?:excluded|not\s+included)\b", lambda m: f", except {m['x']}",
               '"..., X excluded" as "..., except X"', text)
    text = sub(r"\b(?P<noun>level|floor|storey|story)s?\s+(?P<neg>except|but|other\s+than)\s+(?P<n>\d{1,2})\b(?!\s*m)",
               lambda m: f"{m['noun']}s {m['neg']} {m['noun']} {m['n']}",
               '"any level except 1" as "any level except level 1"', text)
    # a verb of place or a label verb between the negation and what it negates: "doors that do not belong to
    # Level 1", "walls which don't sit on Level 2", "not found on", "not marked as external"
    text = sub(rf"\b(?:(?:do|does)\s+)?not\s+(?:be\s+)?{_PLACE_VERBS}\s+(?P<prep>on|in|at|inside|within)\b",
               lambda m: f"not {m['prep']}", '"not <verb of place> on X" as "not on X"', text)
    text = sub(r"\b(?:(?:do|does)\s+)?not\s+(?:be\s+)?(?:belong|belongs|belonging|assigned|attached)\s+to\b",
               "not on", '"not belong to X" as "not on X"', text)
    text = sub(r"\b(?P<be>are|is)\s+not\s+(?:marked|flagged|labell?ed|classified|tagged|defined|specified|"
               r"recorded|set)\s+as\b", lambda m: f"{m['be']} not", '"not marked as X" as "not X"', text)
    text = sub(r"(?<!lead )(?<!leads )(?<!leading )(?<!open )(?<!opens )(?<!opening )(?<!face )(?<!faces )"
               r"(?<!facing )\boutside\s+(?:of\s+)?(?=the\s+[^\W\d_])", "not in ",
               '"outside the X" as "not in the X"', text)
    text = sub(r"\b(?P<inv>everything|all\s+elements|elements|things|all\s+things|alles|bauteile|elemente)\b"
               r"(?P<mid>[^,;?!]*?)\bwithout\s+the\b", lambda m: f"{m['inv']}{m['mid']}except the",
               '"everything ... without the X" as "... except the X"', text)
    if re.search(r"\bneither\s+an?\s+", text) and re.search(r"\bnor\b", text):
        text = sub(r"\bneither\s+an?\s+", "not ", '"neither a X nor a Y" as "not X or Y"', text)
        text = re.sub(r"\bnor\s+(?:an?\s+)?", "or ", text)
    text = sub(r"\b(?P<neg>not|neither|nor|except|other\s+than|apart\s+from|besides|excluding)\s+(?:an?\s+)?"
               r"(?:piece|pieces)\s+of\s+furniture\b", lambda m: f"{m['neg']} furniture",
               '"not a piece of furniture" as "not furniture"', text)
    words = sorted({w for w in class_words if " " not in w and len(w) >= 4}, key=len, reverse=True)

    def dative(m: re.Match[str]) -> str:
        word = m["w"]
        if any(word[:-1].endswith(w) for w in words):
            return f"{m['pre']}{word[:-1]}"
        return m.group(0)

    text = sub(r"(?P<pre>\b(?:ausser|ausgenommen|ohne|bis\s+auf|abgesehen\s+von)\s+(?:den\s+)?)(?P<w>[^\W\d_]+n)\b",
               dative, "a German dative plural after an excluding word as its plural", text)
    return text, notes


@dataclass(frozen=True)
class TypeNegation:
    """A type negated after a class word: the class key, the type names it takes out, as written."""

    key: str
    type_names: tuple[str, ...]
    written: str


def _candidates(names: Iterable[str], normalise: Callable[[str], str]) -> dict[str, set[str]]:
    """Normalised text -> the type names it stands for: each whole name and its leading words up to ":" or a
    space (at least four letters), so that "Rundfenster" names "Rundfenster 13"."""
    out: dict[str, set[str]] = {}
    for name in names:
        full = normalise(name)
        # round 11: each part after a ":" too ("Basic Wall:Outside wall" is named "Outside wall": Revit's family
        # and type, the type as people say it)
        starts = [0] + [m.end() for m in re.finditer(r":", full)]
        for begin in starts:
            low = full[begin:].strip()
            cuts = [m.start() for m in re.finditer(r"[:\s]", low)] + [len(low)]
            for cut in cuts:
                phrase = low[:cut].strip()
                if len(re.findall(r"[^\W\d_]", phrase)) >= 4 or (cut == len(low) and re.search(r"[^\W\d_]", phrase)
                                                                 and len(phrase) >= 4):
                    out.setdefault(phrase, set())
    for phrase, held in out.items():
        pattern = re.compile(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])")
        held.update(n for n in names if pattern.search(normalise(n)))
    return out


def negated_types(text: str, class_pattern: re.Pattern[str], class_keys: dict[str, str],
                  type_names: Callable[[str], tuple[str, ...]], normalise: Callable[[str], str],
                  ) -> tuple[str, list[TypeNegation]]:
    """The question with each type negated after a class word masked, and what each takes out (see the module
    docstring). ``type_names(key)``: the type objects' Names of the elements of class key ``key``."""
    found: list[TypeNegation] = []
    for neg in list(_NEG.finditer(text)):
        before = list(class_pattern.finditer(text, 0, neg.start()))
        if not before:
            continue
        key = class_keys.get(before[-1].group(0))
        if key is None:
            continue
        names = type_names(key)
        if not names:
            continue
        link = _LINK.match(text, neg.end())
        at = link.end() if link is not None else neg.end()
        quote = _QUOTE.match(text, at)
        if quote is not None:
            at = quote.end()
        candidates = _candidates(names, normalise)
        hit = next((p for p in sorted(candidates, key=len, reverse=True)
                    if text.startswith(p, at) and not re.match(r"\w", text[at + len(p): at + len(p) + 1])), None)
        if hit is None:
            continue
        end = at + len(hit)
        if quote is not None:
            closing = _QUOTE.match(text, end)
            if closing is None:
                continue  # the quoted text goes on beyond the type: another name
            end = closing.end()
        after = _AFTER.match(text, end)
        if after is not None:
            end = after.end()
        start = neg.start()
        before_type = _TYPE_BEFORE.search(text, max(0, start - 40), start)
        if before_type is not None and before_type.start() >= before[-1].end():
            start = before_type.start()
        found.append(TypeNegation(key, tuple(sorted(candidates[hit])), hit))
        text = _mask(text, start, end)
    return text, found


_NOR = re.compile(r"\b(?:nor|noch)(?:\s+(?:the|any|die|der|den))?\s*$")
_NEITHER_NOR = re.compile(r"\b(?:neither|weder|not|nicht)\b.*\b(?:nor|noch)\b")


def nor_before(before: str, question: str) -> re.Match[str] | None:
    """The "nor" / "noch" ending ``before`` (the words right before a qualifier) when a negation ("neither",
    "not", "weder", "nicht") comes before it in the question: "neither load-bearing nor external" and "not
    load-bearing nor external" negate both, never only the first (the first negation is consumed by the first
    qualifier, so the question as asked is read)."""
    found = _NOR.search(before)
    if found is None or _NEITHER_NOR.search(question) is None:
        return None
    return found


# a negation and up to two words before a class word: "except the", "not inside", "außer den"
_NEG_BEFORE = re.compile(r"\b(?:not|except(?:\s+for)?|excluding|other\s+than|apart\s+from|aside\s+from|besides|"
                         r"without|neither|nor|ausser|ausgenommen|ohne|nicht|weder|noch|bis\s+auf)"
                         r"(?P<between>(?:\s+[^\s,;?!]+){0,2}?)\s+$")
_PLACE_AFTER = re.compile(r"\s+(?:on|in|at|im|auf|inside|within)\b")


def repeated_class(text: str, class_pattern: re.Pattern[str], class_keys: dict[str, str],
                   filler: Callable[[str], bool]) -> tuple[str, list[str]]:
    """A class word after a negation that repeats the class already asked, read as "ones" when the negation would
    otherwise take the class out of itself (only filler words between, as the parser's class negation reads
    them): the negation is what comes with it. "all walls except the walls on Level 2" (the storey; before round 9
    "no walls except walls"), "walls that are not inside walls" (the qualifier: "inside" is a filler word there);
    a room noun only before a place ("all rooms except the rooms on level 2", never "except rooms 1 and 5").
    A modifier no filler ("except the double glass doors") is left to the grounding pass, which reads it."""
    notes: list[str] = []
    seen: set[str] = set()
    out = text
    for m in class_pattern.finditer(text):
        key = class_keys.get(m.group(0))
        if key is None:
            continue
        neg = _NEG_BEFORE.search(text, max(0, m.start() - 48), m.start()) if key in seen else None
        if neg is not None and all(filler(w) for w in neg["between"].split()) and (
                key != "spaces" or _PLACE_AFTER.match(text, m.end())):
            out = out[: m.start()] + "ones".ljust(m.end() - m.start()) + out[m.end():]
            notes.append(f"negation read: the repeated {m.group(0)!r} after the negation as 'ones' (the class "
                         "asked; the negation is what comes with it)")
        seen.add(key)
    return out, notes


_BUT = re.compile(r"\b(?:but|aber)\s*$")


def but_before(before: str, term: str) -> re.Match[str] | None:
    """The "but" / "aber" right before a qualifier whose own words negate it ("load-bearing but not external": the
    vocabulary's "not external" is IsExternal = FALSE): a conjunction there, read as "and" (before round 9 the
    "but" was left unread and the question declined)."""
    if not re.match(r"(?:not|non|nicht)\b", term):
        return None
    return _BUT.search(before)


_GENITIVE = re.compile(r"\b(?P<neg>ausserhalb|mit\s+ausnahme)\s+(?:des|der|vom|von\s+dem)\s+(?P<w>[^\W\d_][\w.]*)")


def genitive_storeys(text: str, is_storey: Callable[[str], bool]) -> tuple[str, list[str]]:
    """A storey in the German genitive after "außerhalb" or "mit Ausnahme" ("außerhalb des Kellers", "mit Ausnahme
    des Erdgeschosses"): "nicht im <storey>" / "except <storey>", when the word without its ending is a storey's
    name (``is_storey``); any other word is left as written (and declines unread)."""
    notes: list[str] = []

    def repl(m: re.Match[str]) -> str:
        word = m["w"]
        for stem in (word, word[:-1], word[:-2]):
            if stem and is_storey(stem):
                notes.append(f"negation read: {m.group(0)!r} as the storey {stem!r} taken out")
                return f"nicht im {stem}" if m["neg"] == "ausserhalb" else f"ausser {stem}"
        return m.group(0)

    return _GENITIVE.sub(repl, text), notes
