"""How a question's word may be written in an element's Name or type Name: the other language and the
abbreviations of CAD exports ("sliding" -> "Schiebetür", "double" -> "Dbl" / "Doppel", "exterior" -> "Ext",
"spiral" -> "Wendeltreppe"), from ``data/name_forms.json``.

:func:`match` says whether a stemmed question word is one of a name's tokens (``grounding.text_tokens``): as
written, else as one of its forms (a whole token), else a token starting with one of its prefixes (a German
compound, at least four letters); it returns the form found, so the answer can say by which rule it read the name
("type name holds 'Schiebetür' for 'sliding'"). A word the table does not list is read only as written.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from ifcqa.spatial.spaces import fold


@dataclass(frozen=True)
class Forms:
    forms: frozenset[str]
    prefixes: tuple[str, ...]
    opposite: str = ""  # "single" for "double": both in one name ("DblDoorSnglSwing"), the one before the head decides


@functools.cache
def table() -> dict[str, Forms]:
    """Stemmed word -> its forms (keyed as ``grounding.stem`` writes a question's word: "double" -> "doubl")."""
    from ifcqa.spatial.grounding import stem  # grounding imports this module

    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/name_forms.json").read_text("utf-8"))["forms"]
    out: dict[str, Forms] = {}
    for word, spec in raw.items():
        spec = raw[spec["same"]] if "same" in spec else spec
        forms = Forms(frozenset(fold(f) for f in spec["forms"]) | frozenset(stem(f) for f in spec["forms"]),
                      tuple(fold(p) for p in spec["prefixes"] if len(p) >= 4), stem(spec.get("opposite", "")))
        out.setdefault(fold(word), forms)
        out.setdefault(stem(word), forms)
    return out


def match(stem: str, tokens: Iterable[str]) -> str | None:
    """The token of ``tokens`` that writes ``stem`` (the word itself, one of its forms, or a compound starting with
    one of its prefixes), or None."""
    have = list(tokens)
    if stem in have:
        return stem
    forms = table().get(stem)
    if forms is None:
        return None
    for token in have:
        if token in forms.forms or any(token.startswith(p) for p in forms.prefixes):
            return token
    return None


def _written(forms: Forms, token: str, word: str) -> bool:
    return token == word or token in forms.forms or any(token.startswith(p) for p in forms.prefixes)


def contested(stem: str, tokens: list[str], heads: Iterable[str]) -> bool:
    """Whether a name writes both ``stem`` and its opposite ("IFC2x_DblDoorSnglSwing": double and single) and the
    form right before a head-noun token (``heads``: "door", "tür") is not ``stem``'s: then it is not ``stem``'s."""
    forms = table().get(stem)
    if forms is None or not forms.opposite or forms.opposite not in table():
        return False
    other = table()[forms.opposite]
    if not any(_written(other, t, forms.opposite) for t in tokens):
        return False
    head_set = set(heads)  # "DblDoor": the form right before the head noun names the element's kind
    return not any(tokens[i + 1] in head_set and _written(forms, t, stem) for i, t in enumerate(tokens[:-1]))


def known(stem: str) -> bool:
    """Whether the table lists other forms for ``stem``."""
    return stem in table()
