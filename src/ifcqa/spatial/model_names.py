"""The model named as the source of the answer or by its own name (issue 22, round 18 lead).

People say where the answer should come from and which model they mean: "how many doors does the model record?",
"according to the IFC, ...", "what does the file say, which windows are on Level 2?", "Wie viele Türen sind im
Modell erfasst?", "In ExampleHOM, how many windows?", "the walls of the IfcOpenHouse", "FZK-Haus: which doors are on
the Erdgeschoss?". The model is the only source and the only building asked about, so these phrases scope nothing:
:func:`blank` blanks them (spaces: positions stay) and says what it blanked.

- **Source phrases** (``data/model_source.json``): the model, the file or the IFC as the grammatical subject of a
  verb of holding or saying ("does the model record / say / state / list", "are recorded / documented / stored in
  the model", "according to / as per the file", "laut Modell", "im Modell erfasst"); the verb form only after the
  thing asked ("how many doors does the model record", never "Does the model record any doors?", a yes/no question
  whose words stay to be read). Never when the question asks
  who recorded something or when ("when were the windows recorded in the model?"): that asks about the recording,
  which no IFC file holds, and the words stay to be declined.
- **Own names**: the model's file name and stem, the distinctive first part of the stem ("IfcOpenHouse" of
  "IfcOpenHouse_IFC4"), and its IfcProject / IfcSite / IfcBuilding names worth saying (not "Default", "My Project",
  placeholders or numbers; a site's or building's only in a model with one: with several, the name says which), as
  whole tokens, with "the" before and "model / file / project / building" after. A name that is also one of the
  model's storey or space names is left alone.
- **Another model's name** (:func:`other_name`): a name-shaped lead ("Duplex_A_20110907: ...", "Casa3Habitaciones -
  ...", "FZK-Haus: ..."; digits, underscores, ".ifc", or a hyphened building noun) that is not this model's and
  names nothing the model holds would be set aside as a heading by the talk passes; it names another model or
  building, and the question declines naming it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("model_source.json").read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=1)
def _source() -> tuple[re.Pattern[str], re.Pattern[str]]:
    d = _data()
    return (re.compile("|".join(f"(?:{p})" for p in d["source_phrases"])),
            re.compile("|".join(f"(?:{p})" for p in d["asks_about_recording"])))


def _placeholder(name: str) -> bool:
    d = _data()
    folded = name.casefold().strip()
    return (not re.search(r"[^\W\d_]{3,}", folded) or folded in d["placeholder_names"]
            or bool(re.search(d["placeholder_pattern"], folded)))


def own_names(stem: str, names: Iterable[str | None], taken: Iterable[str | None]) -> frozenset[str]:
    """The model's own names, case-folded: the file's name and stem, the stem's distinctive first part, and the
    project / site / building names worth saying; none that is also a storey or space name (``taken``)."""
    held = {n.casefold().strip() for n in taken if n}
    out = {stem.casefold(), f"{stem.casefold()}.ifc"}
    first = re.split(r"_", stem)[0]
    if first != stem and len(re.findall(r"[^\W\d_]", first)) >= 5 and not re.fullmatch(r"(?i)ifc\w{0,4}", first):
        out.add(first.casefold())
    out |= {n.casefold().strip() for n in names if n and not _placeholder(n) and len(n.strip()) >= 4}
    out |= spoken_names(stem)
    return frozenset(n for n in out if n not in held)


def spoken_names(stem: str) -> set[str]:
    """The building the file name calls by a building noun, said as words (round 24): "sample house" of
    "Ifc4_SampleHouse", "large building" of "LargeBuilding", "fzk haus" of "AC20-FZK-Haus"; the one or two words
    before the noun, letters only (never "ifc", a version or a number), so a class word in a file name
    ("AirTerminal") is never taken."""
    tokens = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", stem)
    nouns = set(_data()["building_nouns"])
    out = set()
    for i, token in enumerate(tokens):
        if token.casefold() not in nouns:
            continue
        for j in (i - 1, i - 2):
            words = tokens[j:i + 1] if j >= 0 else []
            if not words or not all(w.isalpha() and not re.fullmatch(r"(?i)ifc", w) for w in words[:-1]):
                break
            out.add(" ".join(w.casefold() for w in words))
    return out


def blank(text: str, own: frozenset[str]) -> tuple[str, list[str]]:
    """``text`` (normalised, lower case) with the source phrases and the model's own names blanked, and what was
    blanked."""
    said: list[str] = []

    def take(m: re.Match[str]) -> str:
        said.append(m.group(0).strip(" ,"))
        return " " * len(m.group(0))

    source, recording = _source()
    if not recording.search(text):
        text = source.sub(take, text)
    if own:
        names = "|".join(re.escape(n) for n in sorted(own, key=len, reverse=True))
        text = re.sub(rf"(?<![\w.\-])(?:(?:the|this|das|dem|im)\s+)?(?P<name>{names})"
                      rf"(?:\s+(?:model|file|project|building|modell|datei|projekt))?(?![\w\-]|\.\w)(?:\s*(?::|-+(?=\s)))?",
                      take, text)
    return text, said


_LEAD = re.compile(r"^\s*(?P<name>[^\s:,]+)\s*(?:[:,]|\s-+)\s")


def other_name(text: str, own: frozenset[str], names_nothing: Callable[[str], bool]) -> str | None:
    """The name-shaped lead of ``text`` (normalised) that is not one of this model's ``own`` names and names nothing
    the model holds (``names_nothing``): another model or building, or None."""
    found = _LEAD.match(text)
    if found is None or found["name"] in own:
        return None
    name = found["name"]
    generic = "|".join(_data()["building_nouns"])
    shaped = len(name) >= 5 and (re.search(r"[^\W\d_]", name) and (re.search(r"\d|_", name) or name.endswith(".ifc")
                                                 or re.search(rf"-(?:{generic})$", name)))
    return name if shaped and names_nothing(name) else None
