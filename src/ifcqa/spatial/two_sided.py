"""Two-sided comparisons and exclusions by their connecting words (issue 22, round 17).

``bench/spatial/versus_forms.py`` (written first) found questions whose two sides, or whose excluded part, the
parser grounds alone but whose CONNECTING words it did not read: "all elements apart from the walls", "the whole
model minus the furniture", "what else is on S apart from X", "everything that is not one of the X", "X outside S,
i.e. on all the other storeys", "the X of the other floors (so not S)", "on S, do the X outnumber the Y?", "which
of the two rooms (A and B) is larger?". One function, :func:`spell_out`, runs once on the normalised question
(before the storey-set and comparison passes) and spells each such connective in the form the existing passes read
("except", "not on S", "are there more X than Y", "which is larger, A or B"); each rewrite is named in the plan's
notes. Only the connecting words change: every side and every excluded part stays as written and is grounded by
the passes after (a storey, room, class or qualifier), or the question declines naming it. A storey side must be
one of the model's storeys for the "other storeys" forms (else nothing is rewritten and the words decline).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

_WORDS: dict[str, Any] = json.loads(
    resources.files("ifcqa.spatial").joinpath("data/two_sided_words.json").read_text("utf-8"))


def _alt(key: str) -> str:
    """The phrases of ``data/two_sided_words.json`` under ``key`` as one regex group, longest first."""
    phrases = sorted(_WORDS[key], key=len, reverse=True)
    return "(?:" + "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in phrases) + ")"


# what an exclusion takes something out of: the whole inventory (of the model, or of a place said after it)
_INVENTORY = f"(?:{_alt('whole_model')}|{_alt('inventory')})"
# "but" only before what it takes out ("but the walls", "but not the walls", "but doors?"), never before a verb or
# clause ("but leave out the walls", "but ignore ...": read by the exclusion passes)
_EXCEPT = rf"(?:but\s+not|but(?=\s+(?:the|any|all|those|these)\b|\s+[^\W\d_]+\s*(?:[?.!]|$))|{_alt('except')})"
_AFTER_INVENTORY = re.compile(
    rf"\b(?P<inv>{_INVENTORY})(?P<mid>\s+(?:(?:that\s+is\s+|which\s+is\s+)?(?:on|in|of)\s+[^,;.?!()]*?))?"
    rf"\s*,?\s+{_EXCEPT}\s+(?=[^\W\d_])")
# "everything that is not one of the X", "everything which isn't any of the X"
# (only with "one of / any of": "everything that is not external / on S" is read by the qualifier and storey passes)
_NOT_ONE_OF = re.compile(rf"\b(?P<inv>{_INVENTORY})\s+(?:that|which)\s+(?:is|are)\s+not\s+(?:one|any)\s+of\s+"
                         r"(?=[^\W\d_])")
# "give me all elements, not the X though"
_NOT_THOUGH = re.compile(rf"\b(?P<inv>{_INVENTORY})\s*,\s*(?:but\s+)?not\s+(?P<x>(?:the\s+)?[^\W\d_][^,;.?!]*?)"
                         r"\s+(?:though|tho|please)\b")
# "everything on S, X excepted"
_EXCEPTED = re.compile(r"\s*,\s*(?P<x>(?:the\s+)?[^\W\d_][^,;.?!]*?)\s+(?:excepted|aside)\b")
# "what else is on S apart from X": "else" restates the exclusion after it
_ELSE = re.compile(rf"\b(?P<w>what|which\s+(?:elements|things|objects))\s+else\s+(?=(?:is|are|do|does|can)\b[^?.!]*?"
                   rf"\b(?:{_EXCEPT}|except)\b)")
_OTHER_STOREYS = _alt("other_storeys")
_IE = _alt("apposition")


def _storeys_alt(storeys: Iterable[str]) -> str | None:
    names = sorted((s for s in storeys if s), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(s) for s in names) + ")" if names else None


def spell_out(text: str, storeys: Iterable[str], is_class: Callable[[str], bool]) -> tuple[str, list[str]]:
    """``text`` (normalised) with the connecting forms of the module docstring spelled out, and a note per rewrite.
    ``storeys``: the model's storey names (normalised); ``is_class(word)``: a class word of the vocabulary."""
    notes: list[str] = []

    def sub(pattern: re.Pattern[str] | str, repl: str | Callable[[re.Match[str]], str], what: str, s: str) -> str:
        out = re.sub(pattern, repl, s)
        if out != s:
            notes.append(f"two-sided form read: {what}")
        return out

    def inventory(m: re.Match[str]) -> str:
        inv = m["inv"]
        return "everything" if re.match(r"the\s+|every\s", inv) else inv

    # --- exclusions: the connective after an inventory word is "except" --------------------------------------------
    text = sub(_ELSE, lambda m: f"{m['w']} ", '"what else ... apart from X" as "what ... except X"', text)
    text = sub(r"\s+(?:sonst\s+noch|sonst|noch)\s*,?\s*(?=(?:au(?:ß|ss)er)\b)", " ",
               '"was gibt es sonst noch, außer X" as "was gibt es außer X"', text)
    text = sub(_AFTER_INVENTORY, lambda m: f"{inventory(m)}{m['mid'] or ''} except ",
               '"everything but / apart from / besides / minus / other than X" as "everything except X"', text)
    text = sub(_NOT_ONE_OF, lambda m: f"{inventory(m)} except ",
               '"everything that is not one of the X" as "everything except the X"', text)
    text = sub(_NOT_THOUGH, lambda m: f"{inventory(m)} except {m['x']}",
               '"all elements, not the X though" as "all elements except the X"', text)
    if re.search(rf"\b{_INVENTORY}\b", text):
        text = sub(_EXCEPTED, lambda m: f" except {m['x']}", '"..., X excepted" as "except X"', text)
    # "furniture that is not in one of the kitchens": not in any of them, "not in the kitchens"
    text = sub(rf"\s+(?:that|which)\s+(?:is|are)\s+not\s+(?:{_alt('container_verbs')}\s+)?in\s+(?:one|any)\s+of\s+"
               r"the\s+(?=[^\W\d_])", " not in the ", '"that is not in one of the R" as "not in the R"', text)
    # --- the other storeys than S: "not on S" -------------------------------------------------------------------
    alt = _storeys_alt(storeys)
    if alt is not None:
        forms = (
            # "X outside S, i.e. on all the other storeys"; "X that are not on S, i.e. on any other floor"
            rf"\b(?:outside\s+(?:of\s+)?|(?:that\s+|which\s+)?(?:are\s+|is\s+)?not\s+(?:on|in)\s+)(?:the\s+)?"
            rf"(?P<s>{alt})\s*[,;(-]?\s*{_IE}\s*[,:]?\s*(?:on|in)\s+(?:all|any|every)\s+(?:of\s+)?(?:the\s+)?"
            rf"other\s+{_OTHER_STOREYS}?\b\s*\)?",
            # "the X of / on the other floors (so not S)"
            rf"\b(?:of|on|in)\s+the\s+other\s+{_OTHER_STOREYS}\s*[,;(-]?\s*(?:{_IE}\s*[,:]?\s*)?not\s+(?:on\s+|in\s+)?"
            rf"(?:the\s+)?(?P<s>{alt})\s*\)?",
            # "X on the other levels, apart from S"
            rf"\b(?:on|in)\s+the\s+other\s+{_OTHER_STOREYS}\s*,?\s*(?:apart\s+from|except|besides|other\s+than|"
            rf"but)\s+(?:the\s+)?(?P<s>{alt})\b",
            # German: "außerhalb des S, also in allen anderen Geschossen"
            rf"\bau(?:ß|ss)erhalb\s+(?:des|der|dem|vom|von)\s+(?P<s>{alt})s?\s*[,;(-]?\s*{_IE}\s*[,:]?\s*in\s+"
            rf"(?:allen\s+)?(?:anderen|übrigen|uebrigen)\s+{_OTHER_STOREYS}\b",
        )
        for form in forms:
            said = " nicht im " if form.startswith(r"\bau") else " not on "
            text = sub(form, lambda m, said=said: said + m["s"] + " ",  # type: ignore[misc]
                       '"outside S, i.e. on the other storeys" / "of the other floors (not S)" as "not on S"', text)
    # --- comparisons -------------------------------------------------------------------------------------------
    text = sub(r"(?:^|(?<=[.?!]\s))(?:(?P<pre>(?:on|in)\s+[^,:;?!]+?)\s*[,:]\s*)?(?:do|does)\s+(?:the\s+)?"
               r"(?P<x>[^\W\d_][^,;.?!]*?)\s+outnumber\s+(?:the\s+)?(?P<y>[^\W\d_][^,;.?!]*?)"
               r"(?P<post>\s+(?:on|in)\s+[^,;.?!]+?)?(?=\s*[?.!]|\s*$)",
               lambda m: f"are there more {m['x']} than {m['y']}{m['post'] or ''}{' ' + m['pre'] if m['pre'] else ''}"
               if is_class(m["x"]) and is_class(m["y"]) else m.group(0),
               '"do the X outnumber the Y" as "are there more X than Y"', text)
    if alt is not None:
        # "Level 1: doors or windows, which are more?": two classes on one storey, "are there more X or more Y on S"
        def classes_or(m: re.Match[str]) -> str:
            if not (is_class(m["x"]) and is_class(m["y"])):
                return m.group(0)
            return f"are there more {m['x']} or more {m['y']} on {m['s']}{m['end']}"

        text = sub(rf"^(?:(?:on|in)\s+)?(?:the\s+)?(?P<s>{alt})\s*[,:;-]\s*(?:the\s+)?(?P<x>[^\W\d_][^,;:?!]*?)\s+or\s+"
                   r"(?:the\s+)?(?P<y>[^\W\d_][^,;:?!-]*?)\s*[,;:-]?\s*(?:which|what)\s+(?:ones?\s+)?(?:are|is)\s+"
                   r"(?:there\s+)?more(?:\s+of)?(?:\s+there)?(?P<end>\s*[?.!]?\s*)$",
                   classes_or, '"S: X or Y, which are more?" as "are there more X or more Y on S"', text)
    # "which of the two rooms (A and B) is larger?": "which is larger, A or B?"
    text = sub(r"\bwhich\s+(?:one\s+)?of\s+the\s+(?:two|2|both)\s+(?:rooms|spaces)\s*\(\s*(?P<a>[^()]+?)\s+(?:and|&|or)"
               r"\s+(?P<b>[^()]+?)\s*\)\s*(?P<rest>(?:is|has)\s+[^?.!,]+)",
               lambda m: f"which {m['rest'].strip()}, {m['a']} or {m['b']}",
               '"which of the two rooms (A and B) is X" as "which is X, A or B"', text)
    return text, notes


# the words between a class and a kind of it taken out of it: "flow terminals on Level 1 that are not receptacles"
_KIND_OUT = re.compile(
    r"\s*(?:(?:on|in|of|at)\s+[^,;:()]*?)?\s*[,;:]?\s*(?:(?:(?:that|which)\s+)?(?:are|is)\s+not|(?:(?:that|which)\s+)?"
    r"(?:are|is)n't|except(?:\s+for)?|other\s+than|without|but\s+not|apart\s+from|aside\s+from|excluding|besides|"
    r"minus)\s+(?:the\s+|any\s+)?")


def kind_taken_out(between: str, outer: Any, inner: Any, excluded: Iterable[Any],
                   matches: Callable[[Any, Any], bool], elements: Iterable[Any]) -> bool:
    """Whether ``inner`` (a class filter the question takes out: in ``excluded``) is a sub-kind of ``outer`` in
    this model, joined to it by an exclusion (``between``: the words between the two class words, a place
    allowed): every element ``inner`` matches is one of ``outer``'s, and there is at least one. Then the question
    asks ``outer`` less ``inner`` (a set difference), no relation between the two."""
    if _KIND_OUT.fullmatch(between) is None or not any(f.key == inner.key for f in excluded):
        return False
    found = [e for e in elements if matches(e, inner)]
    return bool(found) and all(matches(e, outer) for e in found)


_BEFORE_EXPLICIT = re.compile(rf"\b(?:{_INVENTORY}|everything\s+(?:(?:on|in|of)\s+[^,;.?!()]*?))\s*,?\s*"
                              r"(?P<x>except(?:\s+for)?\s+(?:the\s+|any\s+)?)$")


def explicit_taken_out(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of the exclusion around an IFC class name written out at ``start:end`` ("everything except the
    IfcWall ones", "all elements on Level 1 except IfcDoor"), when it takes the class out of the whole inventory;
    else None."""
    found = _BEFORE_EXPLICIT.search(text, 0, start)
    if found is None:
        return None
    after = re.match(rf"\s+{_alt('explicit_after')}\b", text[end:])
    return found.start("x"), end + (after.end() if after is not None else 0)


def join_frame(question: str, storeys: Iterable[str]) -> str:
    """``question`` (as written) with the frame of two sides joined to its question by a comma: "Zwischen A und B:
    wo sind mehr X?", "between A and B - which has more X?" (else the message reader takes the frame for context
    and the question, read alone, asks about every storey). ``storeys``: the model's storey names as written."""
    alt = _storeys_alt([s for s in storeys if s])
    if alt is None:
        return question
    return re.sub(rf"(?i)\b(?P<w>between|zwischen)\s+(?P<a>(?:the\s+|dem\s+)?{alt})\s+(?P<and>and|und)\s+"
                  rf"(?P<b>(?:the\s+|dem\s+)?{alt})\s*(?:[:;]|\s-+|\s–)\s+",
                  lambda m: f"{m['w']} {m['a']} {m['and']} {m['b']}, ", question)
