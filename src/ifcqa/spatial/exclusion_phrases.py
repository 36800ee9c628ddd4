"""Exclusion and inclusion as people phrase them (issue 22, round 11): spelled out in the forms the negation passes
read, or consumed when they restate what the question already asks.

``bench/spatial/exclusions.py`` (written first) found the shapes new authors use that round 9's negation passes
(``negation_scope.py``) left unread. One function, :func:`spell_out`, runs on the normalised question right before
``negation_scope.canonical``; each rewrite is named in the plan's notes. What it reads, by structure (the words an
exclusion attaches to are whatever follows it; the parser's passes then read that as a class, storey, room,
qualifier or type, or decline naming it: nothing here drops a word it does not understand):

* **"are no X"** ("which spaces are no offices", German "keine"): "are not X" (never "there is no X"); "everything
  but X" and "non-X elements" with X a class word: "everything except X"; "if you don't count X": "except X";
  "ignore the rest": nothing else.
* **exclusion verbs** before what they take out (or around it: "please leave the X out"): "(but) leave out the
  X", "skip the X", "(but) ignore the X",
  "not counting the X", "not including the X", "disregard the X", "X left out", "no X please", "minus the X" after
  an inventory word: "except the X"; "without the X ones" ("ones" stands for the elements asked: a part of them
  taken out, never an absence) and "but except / but without" (the "but" joins the exclusion) as "except". A
  reason after it that only restates the exclusion ("we don't care about
  them", "we do not need those") is consumed with it.
* **what is left** after an explicit negation: "which X are left, i.e. the ones that aren't on S" is "which X are
  not on S"; "the remaining X, the ones not on S" is "the X not on S".
* **the rest of the building** after a context sentence saying a storey is done ("Level 1 is already done",
  "the cleaners already did Level 1 last week"): "in the rest of the building", "on the other floors", "which X
  are left" / "which X remain" is "not on S" (only when exactly one storey is named done); the context sentence
  is consumed when the question then takes that storey out (it says why, not what).
* **inclusion** that is no negation: "not only A but also B" is "A and B"; "(and) don't forget the B" is "and the
  B"; "and the B as well, not just the A" is "and the B"; "nothing else", "and nothing more" are consumed; "X
  included" / "including X" / "inklusive X" are consumed when X is inside what is asked (a class word after
  "everything", a room word after "rooms" / "spaces"), else left (and declined unread); "nothing left out" after
  "everything" is consumed; a hedge before the question ("I'm not sure whether ..., but", "no idea if ..., but",
  "not sure I'm asking this right:") is consumed.

:func:`negated_by_spelling` says whether a misspelled word stands in an exclusion's scope ("außer den Saunen"):
the spelling pass does not read such a word by an edit that changes a letter (a swap of two letters, "exteiror",
is still read), since a wrong reading there answers a broader question (everything less something else) with
confidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

# a verb (phrase) that takes out what follows it, as "except" does
_EXCLUDE_VERBS = re.compile(
    r"(?:,\s*|\s+)(?:but\s+|and\s+|please\s+)?(?:please\s+)?"
    r"(?:leave\s+out|leaving\s+out|skip|skipping|ignore|ignoring|disregard|disregarding|omit|omitting|"
    r"not\s+counting|not\s+including|without\s+counting|exclude)\s+(?=(?:the|all|any|those|these)\b|[^\W\d_])")
# the verb split around what it takes out: "(please) leave the furniture out"
_LEAVE_X_OUT = re.compile(r"(?:,\s*|\s+-\s*|\s+)(?:but\s+|and\s+)?(?:please\s+)?leave\s+"
                          r"(?P<x>(?:the|all|any|those|these)\s+[^,;.?!]{1,40}?|[^\W\d_]+)\s+out\b")
# "X left out" / "X excluded" after a comma: ", the furniture left out"
_LEFT_OUT = re.compile(r",\s*(?P<x>(?:the\s+)?[^,;.?!]+?)\s+(?:left\s+out|omitted|skipped)\b")
# "no X please" / "but no X" after a comma
_NO_PLEASE = re.compile(r"(?:,\s*|\s+-\s*)(?:but\s+)?no\s+(?P<x>[^\W\d_][^,;.?!]*?)(?:(?:\s*,)?\s+please\b|"
                        r"\s*(?=[.!?]|$))")
# a reason that restates an exclusion: "we don't care about them", "we do not need those"
_RESTATED = re.compile(r"\s*[,;.-]?\s*(?:since\s+|as\s+|because\s+)?(?:we|i)\s+(?:do\s+not|dont)\s+"
                       r"(?:care\s+about|need|want)\s+(?:them|it|those|these|that)\b\s*(?:at\s+all\b)?")
_INVENTORY = re.compile(r"\b(?:everything|elements|objects|items|components|things|stuff|rooms|spaces|alles|"
                        r"bauteile|elemente|räume|raume)\b")
# "which X are left, i.e. the ones that are not on S": the negation after the apposition
_LEFT_APPOSITION = re.compile(
    r"\b(?P<be>are|is)\s+(?:still\s+)?left(?:\s+over)?\s*[,;:(-]?\s*(?:(?:i\.?\s*e\.?|that\s+is|meaning|namely)\s*"
    r"[,:]?\s*)?(?:the\s+ones|those|the\s+ones)\s+(?:that\s+|which\s+)?(?:are\s+)?(?=not\b)")
_REMAINING_APPOSITION = re.compile(
    r"\b(?:the\s+)?(?:remaining|rest\s+of\s+the|other)\s+(?P<x>[^\W\d_]+)\s*[,;:(-]\s*(?:(?:i\.?\s*e\.?|that\s+is|"
    r"meaning|namely)\s*[,:]?\s*)?(?:the\s+ones|those)\s+(?:that\s+|which\s+)?(?:are\s+)?(?=not\b)")
# the rest of the building, relative to a storey named done
_REST = re.compile(r"\b(?:in|on)\s+the\s+(?:rest\s+of\s+the\s+(?:building|house|model)|other\s+(?:floors|levels|"
                   r"storeys|stories)|remaining\s+(?:floors|levels|storeys|stories))\b")
_ARE_LEFT = re.compile(r"\b(?:(?P<be>are|is)\s+(?:still\s+)?left(?:\s+over)?|(?:still\s+)?remains?)(?=\s*[?.!]|\s*$)")
_DONE_AFTER = (r"\s+(?:is|was|are|has\s+been|have\s+been)\s+(?:already\s+|now\s+)?(?:done|finished|covered|"
               r"complete|completed|checked|cleaned|surveyed|painted|inspected)\b")
_DONE_BEFORE = (r"\b(?:already|have|has|just)\s+(?:did|done|finished|covered|cleaned|checked|surveyed|painted|"
                r"inspected|completed)\s+(?:the\s+)?")
# "doors without the Keller ones": "ones" stands for the elements asked, so "without" takes a part of them out (an
# absence, "doors without closers", has no "ones")
_WITHOUT_ONES = re.compile(r"\bwithout\s+(?:the\s+|those\s+)?(?P<x>(?:[\w.-]+\s+){1,3}?)ones\b")
# ", but except the X" / "but without the X ones": the "but" joins the exclusion to the request
_BUT_EXCEPT = re.compile(r"\bbut\s+(?=(?:except|excluding|without|other\s+than|apart\s+from|besides)\b)")
# inclusion that is no negation
_NOT_ONLY = re.compile(r"\bnot\s+only\s+(?P<a>(?:the\s+)?[^,;.?!]+?)\s*,?\s+but\s+also\s+")
_DONT_FORGET = re.compile(r"(?:\s+-\s*|\s*,\s*|\s+)(?:and\s+)?(?:please\s+)?do\s+not\s+forget\s+(?:about\s+)?"
                          r"(?=the\b|[^\W\d_])")
_AS_WELL_NOT_JUST = re.compile(r"\s+(?:as\s+well|too)\s*,?\s*not\s+(?:just|only)\s+(?:the\s+)?[^,;.?!]+?"
                               r"(?=\s*[?.!]|\s*$)")
_NOTHING_ELSE = re.compile(r"\s*[,;-]?\s*(?:and\s+)?nothing\s+(?:else|more)\b(?:\s+please\b)?")
_NOTHING_LEFT_OUT = re.compile(r"\s*[,;-]?\s*(?:with\s+)?nothing\s+left\s+out\b|\s*[,;-]?\s*(?:do\s+not|dont)\s+"
                               r"leave\s+anything\s+out\b")
_INCLUDED = re.compile(
    r"\s*(?:\(\s*|,\s*|\s-\s*)(?P<pre>including\s+|incl\.?\s+|inklusive\s+|einschliesslich\s+|samt\s+)?"
    r"(?P<x>(?:the\s+|all\s+|die\s+|der\s+|den\s+)?[^\W\d_][^(),;.?!]*?)(?(pre)|\s+(?:included|inclusive|"
    r"eingeschlossen|inbegriffen))\s*(?:\)|(?=[,;.?!])|$)")
_HEDGE = re.compile(
    r"^(?:(?:hi|hello|hey)\b[^,.:;!?]*[,.!]\s*)?(?:(?:i\s+am|i'm|im)\s+)?(?:not\s+(?:quite\s+)?sure|no\s+idea|"
    r"unsure|(?:i\s+)?(?:do\s+not|dont)\s+know)\s+(?:whether|if)\b[^,:;?!]*?[,:;-]\s*(?:but\s+)?"
    r"|^(?:(?:i\s+am|i'm|im)\s+)?not\s+sure\s+(?:i\s+am|i'm|im)\s+asking\s+this\s+(?:right|correctly)\s*[,:;-]\s*"
    r"|^(?:i\s+have\s+)?no\s+idea\s+where\s+(?:the\s+)?(?P<x>[^\W\d_]+)\s+are\s*[.;:!-]\s*")


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def spell_out(text: str, storeys: Iterable[str], is_class: Callable[[str], bool],
              is_room: Callable[[str], bool]) -> tuple[str, list[str]]:
    """The question with the exclusion and inclusion shapes of the module docstring spelled out or consumed, and a
    note per rewrite. ``storeys``: the model's storey names (normalised); ``is_class(phrase)``: a class word;
    ``is_room(phrase)``: a room function or room noun."""
    notes: list[str] = []

    def sub(pattern: re.Pattern[str] | str, repl: str | Callable[[re.Match[str]], str], what: str, s: str) -> str:
        if repl == "":  # a consumed phrase is blanked: the later passes read positions of the question as written
            repl = lambda m: " " * len(m.group(0))  # noqa: E731
        out = re.sub(pattern, repl, s)
        if out != s:
            notes.append(f"exclusion read: {what}")
        return out

    # hedges before the question: "I'm not sure whether this is in the model, but ..."
    hedge = _HEDGE.search(text)
    if (hedge is not None and re.search(r"[^\W\d_]", text[hedge.end():])
            and (hedge["x"] is None or hedge["x"] in text[hedge.end():])):
        notes.append(f"exclusion read: the hedge {hedge.group(0).strip()!r} (no restriction)")
        text = _blank(text, hedge.start(), hedge.end())
    # inclusion
    text = sub(_NOT_ONLY, lambda m: f"{m['a']} and ", '"not only A but also B" as "A and B"', text)
    text = sub(_DONT_FORGET, " and ", '"don\'t forget the B" as "and the B"', text)
    text = sub(_AS_WELL_NOT_JUST, "", '"B as well, not just A" as "and B"', text)
    text = sub(_NOTHING_ELSE, "", '"nothing else" (what is asked, no more)', text)
    if re.search(r"\b(?:everything|alles|all\s+elements)\b", text):
        text = sub(_NOTHING_LEFT_OUT, "", '"nothing left out" after "everything"', text)

    def included(m: re.Match[str]) -> str:
        before = text[: m.start()]
        parts = [p for p in re.split(r"\s*(?:,|\band\b|\bund\b|&)\s*", m["x"]) if p]
        words = [re.sub(r"^(?:the|all|die|der|den)\s+", "", p).strip() for p in parts]
        if not words:
            return m.group(0)
        if re.search(r"\b(?:everything|alles|all\s+elements|elements|bauteile)\b", before) and all(
                is_class(w) for w in words):
            notes.append(f"exclusion read: {m.group(0).strip()!r} (inside everything asked)")
            return " " * len(m.group(0))
        if re.search(r"\b(?:rooms|spaces|räume|raume)\b", before) and all(is_room(w) for w in words):
            notes.append(f"exclusion read: {m.group(0).strip()!r} (inside the rooms asked)")
            return " " * len(m.group(0))
        return m.group(0)

    text = _INCLUDED.sub(included, text)
    # "doors on Level 1, ignore the rest": nothing else (before "ignore" reads as "except")
    text = sub(r"\s*[,;-]?\s*(?:and\s+)?(?:please\s+)?(?:ignore|skip|forget(?:\s+about)?)\s+the\s+rest\b", "",
               '"ignore the rest" (what is asked, no more)', text)
    # "if you don't count the furniture": "except the furniture"
    text = sub(r"\s*,?\s*(?:if|when)\s+(?:you|we|i)\s+(?:do\s+not|dont)\s+(?:count|include)\s+", " except ",
               '"if you don\'t count X" as "except X"', text)

    def but_class(m: re.Match[str]) -> str:
        return f"{m['inv']} except {m['x']}" if is_class(m["x"]) else m.group(0)

    # "everything but furniture" (a class word, any ending; round 9 read "everything but the X" / "... but Xs")
    text = sub(r"\b(?P<inv>everything|alles)\s+but\s+(?P<x>[^\W\d_]+)\b", but_class,
               '"everything but X" as "everything except X"', text)

    def non_class(m: re.Match[str]) -> str:
        return f"{m['inv']} except {m['x']}" if is_class(m["x"]) else m.group(0)

    # "all non-furniture elements": "all elements except furniture"
    text = sub(r"\bnon-?\s*(?P<x>[^\W\d_]+)\s+(?P<inv>elements|items|objects|components|things)\b", non_class,
               '"non-X elements" as "elements except X"', text)
    # "which spaces are no offices" (German "keine"): "are not offices"; never "there is no X"
    text = sub(r"(?<!\bthere )\b(?P<be>are|is)\s+no\s+(?=[^\W\d_])", lambda m: f"{m['be']} not ",
               '"are no X" as "are not X"', text)
    text = sub(_WITHOUT_ONES, lambda m: f"except the {m['x']}ones", '"without the X ones" as "except the X ones"',
               text)
    text = sub(_BUT_EXCEPT, "", '"but except X" as "except X"', text)
    # exclusion verbs
    text = sub(_EXCLUDE_VERBS, " except ", '"leave out / skip / ignore / not counting X" as "except X"', text)
    text = sub(_LEAVE_X_OUT, lambda m: f" except {m['x']}", '"leave the X out" as "except the X"', text)
    text = sub(_LEFT_OUT, lambda m: f", except {m['x']}", '"X left out" as "except X"', text)
    if _INVENTORY.search(text):  # "all elements on S, no walls (please)": an inventory less a part
        text = sub(_NO_PLEASE, lambda m: f", except {m['x']}", '"no X please" as "except X"', text)
        text = sub(r"\bminus\s+(?=the\b|all\b)", "except ", '"minus the X" after an inventory word as "except"',
                   text)
    if re.search(r"\bexcept\b", text):
        text = sub(_RESTATED, "", "a reason restating the exclusion (\"we don't care about them\")", text)
    # what is left after an explicit negation
    text = sub(_LEFT_APPOSITION, lambda m: f"{m['be']} ", '"which X are left, i.e. the ones not on S" as "which X '
               'are not on S"', text)
    text = sub(_REMAINING_APPOSITION, lambda m: f"the {m['x']} ", '"the remaining X, the ones not on S" as "the X '
               'not on S"', text)
    text = _rest_of_building(text, storeys, notes)
    return text, notes


def _rest_of_building(text: str, storeys: Iterable[str], notes: list[str]) -> str:
    """"S is already done. Which X are in the rest of the building / are left?": "not on S"; a context sentence
    saying S is done is consumed when the question then takes S out."""
    names = sorted({s for s in storeys if s}, key=len, reverse=True)
    if not names:
        return text
    alt = "|".join(re.escape(n) for n in names)
    done = [m for m in re.finditer(rf"(?<![\w])(?P<s>{alt})(?![\w]){_DONE_AFTER}", text)]
    done += [m for m in re.finditer(rf"{_DONE_BEFORE}(?P<s>{alt})(?![\w])", text)]
    if len({m["s"] for m in done}) != 1:
        return text
    storey = done[0]["s"]
    sentence = _sentence_of(text, done[0].start())
    if sentence is None:
        return text
    start, end = sentence
    if len(re.findall(rf"(?<![\w])(?:{alt})(?![\w])", text[start:end])) != 1:
        return text  # "Level 2 and Level 1 are done": which are done is not one storey; left unread (declines)
    rest = text[end:]
    read = False
    if _REST.search(rest):
        rest = _REST.sub(f"not on {storey}", rest, count=1)
        read = True
    elif _ARE_LEFT.search(rest):
        rest = _ARE_LEFT.sub(lambda m: f"{m['be'] or 'are'} not on {storey}", rest, count=1)
        read = True
    elif re.search(rf"\b(?:not|except|ausser|nicht)\b(?:\s+\w+){{0,3}}?\s+{re.escape(storey)}(?![\w])", rest):
        read = True  # the question takes the storey out itself: the sentence says why
    if not read:
        return text
    notes.append(f"exclusion read: {text[start:end].strip()!r} says {storey!r} is done: the question asks for the "
                 f"rest (not on {storey})")
    return text[:start] + " " * (end - start) + rest


def _sentence_of(text: str, at: int) -> tuple[int, int] | None:
    """The sentence of ``text`` holding position ``at`` (ended by ". " / "! " / ": "), when another follows."""
    start = max(text.rfind(". ", 0, at), text.rfind("! ", 0, at), text.rfind("? ", 0, at))
    start = 0 if start < 0 else start + 2
    found = re.compile(r"[.!:;]\s+").search(text, at)
    if found is None:
        return None
    return start, found.end()


_SCOPE = re.compile(r"\b(?:except(?:\s+for)?|excluding|other\s+than|apart\s+from|besides|without|but\s+not|"
                    r"ausser|ausgenommen|ohne|bis\s+auf|leave\s+out|skip|ignore|not\s+counting|"
                    r"keine?[nrs]?|lacking|missing)"  # round 13: an absence ("keine Saunen") is a scope too
                    r"(?:\s+(?:the|all|any|den|die|der|dem|das))?\s+$")


def negated_by_spelling(question_before: str) -> bool:
    """Whether the words right before a misspelled word (``question_before``, normalised) are an exclusion that
    takes it out ("außer den ", "except the "): such a word is not read by edit distance (module docstring)."""
    return _SCOPE.search(question_before) is not None
