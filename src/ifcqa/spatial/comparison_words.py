"""The words that frame a comparison of storeys or a set of storeys, read as the forms the readers take (issue 22,
round 11): "which level carries more windows", "more doors on A compared to B", "how many doors fewer does A have
than B", "... ? Yes or no is enough.", "Wie viele Türen haben Keller und Erdgeschoss zusammen?", "the walls of both
levels, 1 and 2", "which storey of the institute has the most doors".

People compare floors with the verbs, connectives, word orders and answer requests of everyday speech, not with the
few the comparison readers (``Parser._count_comparison``, :mod:`ifcqa.spatial.compose`) were written for. Each
reading below is a **shape**, not a word list for one question, and each rewrites the question to the form the readers
already take, keeping every other word where it stood (a rewrite is never longer than what it replaces: the rest is
blanked), so a word the readers do not understand still declines:

==================  ================================================================================================
shape               read as
==================  ================================================================================================
a having verb       a verb of holding right before a comparative or superlative amount ("carries / holds / houses /
                    contains / features / accommodates / includes / has got more X", "holds the most X"): "has"
                    ("have" for the plain form); the side is the verb's subject, the amount its object
than, said so       "compared to / with", "in comparison to / with", "relative to", "as against" after a
                    comparative of the same clause (and no "than" between): "than"
the amount last     "how many X more / fewer does A have than B": "how many more / fewer X does ..." (word order)
an echoed verb      "... than B does?": the auxiliary repeating the verb after the second side, taken out
which level, asked  "on which level are there fewer X, A or B": "which level has fewer X" (a choice between
  on                storeys by count, never the elevation that "on which level" asks alone)
the answer's form   "yes or no", "yes/no", "ja oder nein", "(just) yes or no (is enough / will do / please)" after a
                    question that is itself a yes/no question: taken out (it asks nothing more); after a statement
                    ("A has more X than B, ja oder nein?") it is the tag that makes it one: "yes or no"
a set's sum         "zusammen(genommen)" = "together"; "(have) between them" = "together"; "Gesamt(an)zahl" =
                    "Anzahl"; "across / over / throughout" before two or more storeys named = "on"
a count of storeys  "the two upper floors", "die beiden Obergeschosse": the count taken out when the description
                    names exactly that many storeys in this model (else left: which ones is not said, it declines)
the amount last, DE "wie viele X mehr hat A als B": "wie viele X hat A mehr als B"
the sides described  "which (one) of the two (living) levels ...: A or B": "which levels", when the rest of the
                    sentence names exactly that many storeys (the description stands for them; stated)
numbers apposed     "(of) both levels, 1 and 2", "the two floors, 1 and 2": "levels 1 and 2" (only when the count
                    the phrase says equals the numbers listed; else left, and the numbers decline)
the building        "of / in / for / across the <building noun>" ("the institute", "the duplex", "the school",
                    "das Institut"): taken out when the model holds at most one building (it restricts nothing:
                    the storeys asked are the building's own); with several buildings it is left (which one is not
                    said, so the noun declines)
==================  ================================================================================================

:func:`read` applies them and returns the notes saying what each read; it is called by the parser on every question
(``Parser.parse``) and by the composition of comparisons on the text it splits into sides.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from importlib import resources

_CMP_AMOUNT = (r"(?:the\s+)?(?:more|fewer|less|most|fewest|least|(?:largest|greatest|highest|biggest|smallest|lowest|"
               r"higher|larger|greater|bigger|smaller|lower)\s+(?:number|count|amount|total)|mehr|weniger|meisten|"
               r"wenigsten)\b")
_HAVING = re.compile(r"\b(?P<verb>carr(?:y|ies)|holds?|hous(?:e|es)|contains?|features?|accommodates?|includes?|"
                     r"(?:has|have)\s+got)\s+(?=" + _CMP_AMOUNT + ")")
_COMPARATIVE = re.compile(r"\b(?:more|fewer|less|higher|lower|greater|smaller|bigger|larger|mehr|weniger)\b")
_THAN_SAID = re.compile(r"\b(?:(?:as\s+)?compared\s+(?:to|with)|in\s+comparison\s+(?:to|with)|relative\s+to|"
                        r"as\s+against)\b")
_AMOUNT_LAST = re.compile(r"\bhow\s+many\s+(?P<x>(?:[^\W\d_][\w-]*\s+){1,3}?)(?P<cmp>more|fewer|less)\s+"
                          r"(?=(?:does|do|did|are|is|has|have|can|will)\b)")
_ECHO = re.compile(r"\bthan\s+(?:on\s+|in\s+|at\s+)?(?:the\s+)?[^?.!,;:]+?\s+(?P<aux>does|do|did|has|have)\s*"
                   r"(?=[?.!]*\s*$)")
_ON_WHICH = re.compile(r"\b(?:on|in|at)\s+which\s+(?P<noun>level|floor|storey|story|geschoss|etage)\s+"
                       r"(?:are\s+there|is\s+there|are|is|do\s+we\s+have|do\s+you\s+have|can\s+i\s+find)\s+"
                       r"(?=(?:the\s+)?(?:more|fewer|less)\b)")
_TAG = re.compile(r"(?P<lead>[,;:\-]\s*|\s)(?P<tag>(?:just\s+|only\s+|a\s+)?(?:yes\s+or\s+no|yes\s*/\s*no|"
                  r"ja\s+oder\s+nein)(?:\s+(?:is\s+(?:enough|fine|ok|okay|sufficient)|will\s+do|suffices|please|"
                  r"reicht|genügt|genuegt|bitte))?)\s*[?.!]*\s*$")
_YES_NO_LEAD = re.compile(r"^\s*(?:(?:quick\s+(?:check|question)|so|ok|okay)\s*[:,\-]?\s*)?(?:is|are|does|do|did|has|"
                          r"have|had|can|could|was|were|will|would|hat|haben|ist|sind|gibt|gibt\s+es|stimmt)\b")
_TOGETHER = re.compile(r"\b(?:zusammen(?:genommen)?|(?<=have\s)between\s+(?:the\s+two\s+of\s+)?them|"
                       r"(?<=has\s)between\s+(?:the\s+two\s+of\s+)?them)\b")
_NUMBERS_APPOSED = re.compile(r"\b(?:of\s+|on\s+|for\s+|in\s+)?(?P<count>both|the\s+two|all\s+two|all\s+three|"
                              r"the\s+three|beiden|beide)\s+(?P<noun>levels|floors|storeys|stories|ebenen|etagen)\s*,?\s+"
                              r"(?P<list>\d{1,2}(?:\s*(?:,|and|&|und|\+)\s*\d{1,2})+)\b")
_AMOUNT_LAST_DE = re.compile(r"\bwie\s+viele\s+(?P<x>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+(?P<cmp>mehr|weniger)\s+"
                             r"(?P<mid>(?:hat|haben|gibt\s+es|sind|stehen)\s+(?:[^?.!,;:]|\.(?=\s*\w))+?)\s+(?=als\b)")
_ACROSS = re.compile(r"\b(?:across|over|throughout)\s+(?=(?:the\s+)?[\w.])")
_TOTAL_DE = re.compile(r"\bgesamt(?:an)?zahl\b")
# "the two upper floors", "die beiden oberen Geschosse": a count said with a description of storeys (a count of the
# bare noun, "all three floors", is the parser's: every storey, or declined when the model has another number)
_COUNTED = re.compile(r"\b(?P<det>the|both|all|die|alle)\s+(?P<n>two|three|four|zwei|drei|vier|beiden)\s+"
                      r"(?P<desc>(?:[^\W\d_][\w-]*\s+){1,2}?(?:floors|levels|storeys|stories|geschosse|obergeschosse|"
                      r"etagen|ebenen|stockwerke))\b")
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "zwei": 2, "drei": 3, "vier": 4, "beiden": 2}
_COUNT_WORDS = {"both": 2, "the two": 2, "all two": 2, "beiden": 2, "beide": 2, "all three": 3, "the three": 3,
                "two": 2, "three": 3, "them": 0, "zwei": 2, "drei": 3}
# "which (one) of the two (living) levels ...: A or B", "welches der beiden Geschosse": the sides' description
_OF_THE_SIDES = re.compile(r"\b(?P<which>which|what|welche[rsmn]?)\s+(?:one\s+|eine?[rsmn]?\s+)?"
                           r"(?P<of>of\s+(?:the\s+)?(?P<count>two|three|both|them)|(?:von\s+)?(?:den|der|die)\s+"
                           r"(?P<count_de>beiden|zwei|drei))"
                           r"(?:\s+(?P<words>(?:[^\W\d_][\w-]*\s+){0,2}?)(?P<noun>levels|floors|storeys|stories|"
                           r"geschosse[n]?|etagen|ebenen|stockwerke[n]?))?\b")


@functools.lru_cache(maxsize=1)
def building_nouns() -> tuple[str, ...]:
    """Nouns naming a building as a whole (``data/comparison_words.json``), longest first."""
    data = json.loads(resources.files("ifcqa.spatial").joinpath("data/comparison_words.json").read_text("utf-8"))
    return tuple(sorted((str(w) for w in data["building_nouns"]), key=len, reverse=True))


def _put(text: str, start: int, end: int, new: str) -> str:
    """``text`` with ``[start, end)`` replaced by ``new`` padded with blanks to the same length."""
    assert len(new) <= end - start, (new, text[start:end])
    return text[:start] + new + " " * (end - start - len(new)) + text[end:]


def _building(text: str, buildings: int, notes: list[str], place_word: Callable[[str], bool] | None) -> str:
    if buildings > 1:
        return text
    nouns = "|".join(re.escape(n) for n in building_nouns())
    pattern = re.compile(rf"\b(?P<prep>of|in|for|across|at|im|in|des|vom)\s+(?P<art>the|this|our|das|dem|des|"
                         rf"diesem|unserem)\s+(?P<noun>{nouns})(?![\w-])(?=\s*(?:$|[?.!,;:(\-]|(?:has|have|had|is|are|was|were|"
                         rf"does|do|with|on|in|at|and|or|got|contains?|hat|haben|ist|sind|gibt|mit|im|auf|und|"
                         rf"oder)\b))")
    for found in reversed(list(pattern.finditer(text))):
        if found.group("noun") in ("building", "gebäude", "gebaeude"):
            continue
        if place_word is not None and any(place_word(w) for w in found.group("noun").split()):
            continue  # a room the model names so, or a room function ("in the school kitchen" is no building)
        notes.append(f"{found.group(0)!r}: the building as a whole (the model holds "
                     f"{'one building' if buildings == 1 else 'no building entity'})")
        text = _put(text, found.start(), found.end(), "")
    return text


def _of_the_sides(text: str, storeys_named: Callable[[str], int], notes: list[str]) -> str:
    """ "which of the two (living) levels has more X: A or B": the phrase describes the sides the rest of the
    sentence names; taken out (the noun kept) when that rest names exactly as many storeys as it says (and they are
    the sides), else left as written (its words then decline)."""
    for found in reversed(list(_OF_THE_SIDES.finditer(text))):
        said = _COUNT_WORDS.get(found.group("count") or found.group("count_de") or "", -1)
        rest = re.split(r"[?!.;]", text[found.end():], maxsplit=1)[0]
        named = storeys_named(rest)
        if named < 2 or (said > 0 and named != said) or (found.group("count") == "both" and named != 2):
            continue
        if found.group("words") and not found.group("noun"):
            continue
        noun = found.group("noun") or ""
        new = f"{found.group('which')} {noun}".strip() if noun else found.group("which")
        if len(new) > found.end() - found.start():
            continue
        notes.append(f"{found.group(0)!r}: the {named} storeys the question names (the sides compared)")
        text = _put(text, found.start(), found.end(), new)
    return text


def read(text: str, buildings: int = 1, storeys_named: Callable[[str], int] | None = None,
         place_word: Callable[[str], bool] | None = None) -> tuple[str, list[str]]:
    """The normalised question ``text`` with the comparison and storey-set shapes of the module doc read as the
    readers' forms (same length, other words in place) and a note per reading; ``buildings`` the number of
    IfcBuilding entities of the model, ``storeys_named(fragment)`` how many of the model's storeys a part of the
    question names (the sides a description such as "the two living levels" stands for), ``place_word(word)`` whether
    a word names one of the model's storeys, spaces or zones or a room function (never read as the building)."""
    notes: list[str] = []
    if storeys_named is not None:
        text = _of_the_sides(text, storeys_named, notes)
    for found in reversed(list(_HAVING.finditer(text))):
        verb = found.group("verb")
        new = "has" if verb.endswith("s") or verb.startswith("has") else "have"
        notes.append(f"{verb!r} before a compared amount: '{new}'")
        text = _put(text, found.start("verb"), found.end("verb"), new)
    for found in reversed(list(_THAN_SAID.finditer(text))):
        before = text[:found.start()]
        comparatives = list(_COMPARATIVE.finditer(before))
        comparative = comparatives[-1] if comparatives else None
        if comparative is None or re.search(r"\b(?:than|als)\b", before[comparative.end():]):
            continue
        clause = before[comparative.end():]
        if re.search(r"[?.!;]", clause):
            continue
        notes.append(f"{found.group(0)!r} after {comparative.group(0)!r}: 'than'")
        text = _put(text, found.start(), found.end(), "than")
    for found in reversed(list(_AMOUNT_LAST.finditer(text))):
        x, cmp = found.group("x"), found.group("cmp")
        notes.append(f"'how many {x.strip()} {cmp}': 'how many {cmp} {x.strip()}'")
        text = _put(text, found.start("x"), found.end("cmp"), f"{cmp} {x.strip()}")
    echo = _ECHO.search(text)
    if echo is not None and re.search(r"\b(?:more|fewer|less)\b", text[:echo.start()]):
        notes.append(f"{echo.group('aux')!r} after the second side: the verb repeated")
        text = _put(text, echo.start("aux"), echo.end("aux"), "")
    for found in reversed(list(_ON_WHICH.finditer(text))):
        new = f"which {found.group('noun')} has "
        if len(new) <= found.end() - found.start():
            notes.append(f"{found.group(0).strip()!r} before a compared amount: {new.strip()!r} (a choice of storey)")
            text = _put(text, found.start(), found.end(), new)
    tag = _TAG.search(text)
    if tag is not None:
        question = text[:tag.start()]
        sentence = re.split(r"(?<=[.!?])\s+", question.strip())[-1] if question.strip() else ""
        if _YES_NO_LEAD.search(sentence) or (not sentence.endswith(("?", ".", "!")) and _YES_NO_LEAD.search(
                re.split(r"(?<=[.!?])\s+", question.strip())[-1])):
            notes.append(f"{tag.group('tag')!r}: the answer's form, after a yes/no question")
            text = _put(text, tag.start("tag"), tag.end("tag"), "")
        elif not re.fullmatch(r"yes\s+or\s+no", tag.group("tag")):
            notes.append(f"{tag.group('tag')!r}: 'yes or no' (a statement asked as a yes/no)")
            text = _put(text, tag.start("tag"), tag.end("tag"), "yes or no")
    for found in reversed(list(_AMOUNT_LAST_DE.finditer(text))):
        x, cmp, mid = found.group("x"), found.group("cmp"), found.group("mid")
        notes.append(f"'wie viele {x} {cmp} {' '.join(mid.split())} als': 'wie viele {x} {' '.join(mid.split())} "
                     f"{cmp} als'")
        text = _put(text, found.start("x"), found.end(), f"{x} {mid} {cmp} ")
    for found in reversed(list(_TOTAL_DE.finditer(text))):
        notes.append(f"{found.group(0)!r}: 'anzahl' (the storeys' elements taken together)")
        text = _put(text, found.start(), found.end(), "anzahl")
    if storeys_named is not None:
        for found in reversed(list(_ACROSS.finditer(text))):
            rest = re.split(r"[?!.;]", text[found.end():], maxsplit=1)[0]
            if storeys_named(rest) >= 2 and not re.match(r"\s*(?:all|every|each|both|the\s+whole)\b", rest):
                notes.append(f"{found.group(0).strip()!r} before the storeys listed: 'on'")
                text = _put(text, found.start(), found.end() - 1, "on")
        for found in reversed(list(_COUNTED.finditer(text))):
            n = _NUMBER_WORDS[found.group("n")]
            named = storeys_named(f"{found.group('det')} {found.group('desc')}")
            if named != n:
                continue  # "the two upper floors" of a model with three: which two is not said; the count declines
            notes.append(f"{found.group(0)!r}: the {n} storeys '{found.group('det')} {found.group('desc')}' "
                         f"names in this model")
            text = _put(text, found.start("n"), found.end("n"), "")
    for found in reversed(list(_TOGETHER.finditer(text))):
        notes.append(f"{found.group(0)!r}: 'together' (the storeys' elements taken together)")
        text = _put(text, found.start(), found.end(), "together")
    for found in reversed(list(_NUMBERS_APPOSED.finditer(text))):
        numbers = re.findall(r"\d+", found.group("list"))
        if _COUNT_WORDS.get(" ".join(found.group("count").split())) != len(numbers):
            continue  # "both levels, 1, 2 and 3": the count said and the numbers listed disagree; left to decline
        noun = found.group("noun")
        new = f"{found.group(0)[:found.start('count') - found.start()]}{noun} " + " and ".join(numbers)
        if len(new) <= found.end() - found.start():
            notes.append(f"{found.group(0)!r}: {noun} " + " and ".join(numbers))
            text = _put(text, found.start(), found.end(), new)
    text = _building(text, buildings, notes, place_word)
    return text, notes
