"""Property names as people write them, however the model spells them (issue 22, round 7).

Models name properties with punctuation, abbreviations and the class in front: ``Max. Operating temperature``,
``Min. power``, ``Heat Transfer Coefficient (U)``, ``Maximum Riser Height``, ``MaxOperatingTemperature`` next to
``MaximumOperatingTemperature``, ``SpaceTemperatureMax``. People write "max operating temperature", "the maximum
operating temperature", "heat transfer coefficient", "min tread depth", "max temperature of room 008".

:func:`keys` gives every spelling a property name may be asked by, as letters only: the abbreviations "max" /
"min" written out ("maximum" / "minimum"), a parenthesised symbol dropped ("(U)", "(R)"), a class word in front
dropped ("Space", "Door", "Window", "Wall") and a trailing max / min put first ("SpaceTemperatureMax" = "max
temperature"). :func:`key` is the asked words' spelling. :func:`join_mentions` finds, in a question, the words that
name a property the model holds *and* hold a word another pass would read otherwise (max / min / maximum / minimum
read as an aggregate, a dot or parentheses that split the words) and joins them into one token with underscores
("max_operating_temperature"), so the lookup frame reads it as one attribute and no aggregate reads its "max".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ifcqa.spatial.spaces import fold

# abbreviations people write in a property name, written out (also read by property_match)
SPELLED = {"max": "maximum", "min": "minimum", "maximal": "maximum", "minimal": "minimum", "temp": "temperature"}
_EXTREMES = frozenset(["maximum", "minimum"])
_CLASS_PREFIXES = frozenset(["space", "door", "window", "wall", "slab", "roof", "stair", "pipe", "duct", "pump",
                             "zone", "building", "storey"])
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", text)
    folded = spaced.casefold() if spaced.isascii() else fold(spaced)  # (fold keeps offsets: slower)
    return [SPELLED.get(w, w) for w in _WORD.findall(folded)]


def key(text: str) -> str:
    """The asked words' spelling: letters only, "max"/"min" written out."""
    return "".join(_words(text))


@functools.lru_cache(maxsize=65536)
def keys(name: str) -> frozenset[str]:
    """Every spelling ``name`` (a property name as the model writes it) may be asked by (see the module doc)."""
    plain = re.sub(r"\([^)]*\)", " ", name)
    out: set[str] = set()
    for variant in {name, plain}:
        words = _words(variant)
        if not words:
            continue
        forms = [words]
        if len(words) > 2 and words[0] in _CLASS_PREFIXES:
            forms.append(words[1:])
        for form in list(forms):
            if len(form) > 1 and form[-1] in _EXTREMES:
                forms.append([form[-1], *form[:-1]])
        out.update("".join(f) for f in forms)
    return frozenset(out)


_MENTION = re.compile(r"[^\W_][\w'-]*\.?|\(\s*[^\W_]{1,3}\s*\)")


def join_mentions(text: str, held: Iterable[str]) -> tuple[str, list[str]]:
    """``text`` with each run of 2-6 words that names a held property (``held``: its :func:`keys`) and holds an
    aggregate-looking word or punctuation joined by underscores; and the runs joined (as written)."""
    wanted = set(held)
    tokens = list(_MENTION.finditer(text))
    joined: list[str] = []
    out = text
    i = 0
    while i < len(tokens):
        for n in range(min(6, len(tokens) - i), 1, -1):
            run = tokens[i:i + n]
            if any(not re.fullmatch(r"\s*", text[a.end():b.start()]) for a, b in zip(run, run[1:], strict=False)):
                continue
            words = [w for t in run for w in _words(t.group(0))]
            if "".join(words) not in wanted:
                continue
            raw = text[run[0].start():run[-1].end()]
            if not (set(words) & _EXTREMES or re.search(r"[.()]", raw)):
                continue  # plain words: every pass reads them as they are
            start, end = run[0].start(), run[-1].end()
            if raw.endswith(".") and not re.search(r"[.]", raw[:-1]) and words[-1] not in ("maximum", "minimum"):
                end -= 1  # the sentence's full stop, not the property's
                raw = raw[:-1]
            token = "_".join(words)
            out = out[:start] + token.ljust(end - start) + out[end:]
            joined.append(raw)
            i += n
            break
        else:
            i += 1
    return out, joined
