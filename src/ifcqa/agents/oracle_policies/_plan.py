"""What an oracle policy is made of: the question it reads, the calls it makes, and how it picks options.

A policy is a generator function registered per subtype with :func:`policy`. It reads a
:class:`Question` (the item's public view and its taxonomy labels, never the key or provenance),
yields :class:`Call` objects and receives each observation back as the JSON the tool agent's
transcript carries (``{"error": {...}}`` for a tool error), and returns the chosen labels. It gives
up by raising :class:`GiveUp` with the reason, which the oracle reports as its answer text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any

from ifcqa.mcq.text import format_value, normalise

Observation = dict[str, Any]
Plan = Generator["Call", Observation, list[str]]
Step = Generator["Call", Observation, Any]  # a sub-plan, used with ``yield from``
Policy = Callable[["Question"], Plan]

_POLICIES: dict[str, Policy] = {}
_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*(.*?)\s*$", re.IGNORECASE)
_OPENINGS = ("IfcOpeningElement", "IfcOpeningStandardCase", "IfcVoidingFeature", "IfcFeatureElementSubtraction")
PAGE = 200


class GiveUp(Exception):
    """The policy cannot answer: the question did not parse, or the observations did not settle it."""


@dataclass(frozen=True)
class Call:
    """A tool call the policy wants made."""

    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Question:
    """What a policy may read: the public view of an item plus its subtype label."""

    text: str
    question_type: str
    options: tuple[tuple[str, str], ...]  # (label, text)
    subtype: str

    @classmethod
    def of(cls, view: dict[str, Any], subtype: str) -> Question:
        """The question of a :func:`~ifcqa.agents.base.public_view` and a taxonomy subtype code."""
        options = tuple((str(o["label"]), str(o["text"])) for o in view["options"])
        return cls(str(view["question"]), str(view["question_type"]), options, subtype)

    @property
    def texts(self) -> list[str]:
        return [text for _, text in self.options]

    def parse(self, pattern: str) -> dict[str, str]:
        """The named groups of ``pattern`` matched against the whole question, or :class:`GiveUp`."""
        match = re.search(pattern, self.text, re.DOTALL)
        if match is None:
            raise GiveUp(f"question does not read as {self.subtype}")
        return {k: v for k, v in match.groupdict().items() if v is not None}

    def choose(self, texts: Iterable[str | None]) -> list[str]:
        """The labels of the options equal (as normalised text) to any of ``texts``."""
        wanted = {normalise(t) for t in texts if t is not None}
        return [label for label, text in self.options if normalise(text) in wanted]

    def choose_one(self, text: str | None) -> list[str]:
        """The one option equal to ``text``; :class:`GiveUp` when there is none."""
        chosen = self.choose([text])
        if len(chosen) != 1:
            raise GiveUp(f"no single option reads {text!r}")
        return chosen

    def choose_yes_no(self, value: bool) -> list[str]:
        return self.choose_one(format_value(bool(value)))

    def choose_value(self, value: Any, unit: str | None = None) -> list[str]:
        """The option stating ``value`` (with ``unit``): the same text, else the number within rounding of it."""
        exact = self.choose([format_value(value, unit)])
        if len(exact) == 1:
            return exact
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise GiveUp(f"no single option reads {format_value(value, unit)!r}")
        near = [(abs(n - value), label) for label, text in self.options if (n := _number(text, unit)) is not None]
        if not near or min(near)[0] > max(1e-3, abs(value) * 1e-6):
            raise GiveUp(f"no option within rounding of {format_value(value, unit)!r}")
        return [min(near)[1]]


def _number(text: str, unit: str | None) -> float | None:
    match = _NUMBER.match(text)
    if match is None or match.group(2) != (unit or ""):
        return None
    value = float(match.group(1))
    return value if math.isfinite(value) else None


def policy(*subtypes: str) -> Callable[[Policy], Policy]:
    """Register a policy for one or more subtype codes."""

    def register(function: Policy) -> Policy:
        for subtype in subtypes:
            _POLICIES[subtype] = function
        return function

    return register


def registered() -> dict[str, Policy]:
    return dict(_POLICIES)


# -- reading observations -------------------------------------------------------------------


def checked(observation: Observation) -> Observation:
    """The observation, or :class:`GiveUp` with the tool's message when the call failed."""
    if "error" in observation:
        raise GiveUp(f"tool error: {observation['error'].get('message')}")
    if "unreadable" in observation:
        raise GiveUp("the observation was cut and cannot be read")
    return observation


def name_of(row: Any) -> str | None:
    """The Name of an element reference (``None`` when the row is not one)."""
    return row.get("name") if isinstance(row, dict) else None


def is_opening(row: dict[str, Any]) -> bool:
    return str(row.get("class")) in _OPENINGS


def selector_string(text: str) -> str:
    """``text`` as a quoted IfcOpenShell selector value (which unescapes only ``\\"``)."""
    return '"' + text.replace('"', '\\"') + '"'


def names_selector(names: Iterable[str], *conditions: str) -> str:
    """An IfcOpenShell selector for the non-opening records named any of ``names`` that meet ``conditions``."""
    facets = ("!IfcFeatureElementSubtraction", *conditions)
    return " + ".join(", ".join((f"Name={selector_string(n)}", *facets)) for n in names)


# -- sub-plans ---------------------------------------------------------------------------------


def on_element(
    tool: str, name: str, ifc_class: str | None = None, args: dict[str, Any] | None = None, key: str = "element"
) -> Step:
    """Call ``tool`` on the element named ``name``; when the name does not resolve, find its GlobalId first."""
    args = args or {}
    observation = yield Call(tool, {key: name, **args})
    if "error" not in observation:  # only a name that does not resolve needs the lookup
        return checked(observation)
    guid = yield from guid_of(name, ifc_class)
    return checked((yield Call(tool, {key: guid, **args})))


def guid_of(name: str, ifc_class: str | None = None) -> Step:
    """The GlobalId of the one non-opening element named exactly ``name`` (of ``ifc_class`` if given)."""
    query = {"name": name, **({"ifc_class": ifc_class} if ifc_class else {})}
    found = checked((yield Call("find_elements", query)))
    rows = [r for r in found.get("elements", []) if r.get("name") == name and not is_opening(r)]
    if len(rows) != 1:
        raise GiveUp(f"{len(rows)} elements are named {name!r}")
    return str(rows[0]["guid"])


def on_elements(tool: str, names: list[str], **args: Any) -> Step:
    """Call ``tool`` with ``elements=names``; when a name does not resolve, map names to GlobalIds first."""
    observation = yield Call(tool, {"elements": names, **args})
    if "error" not in observation:  # only a name that does not resolve needs the lookup
        return checked(observation)
    found = checked((yield Call("find_elements", {"selector": names_selector(names)})))
    guids = {r["name"]: r["guid"] for r in found.get("elements", [])}
    if any(n not in guids for n in names):
        raise GiveUp("not every element name resolves")
    return checked((yield Call(tool, {"elements": [guids[n] for n in names], **args})))


def pages(tool: str, args: dict[str, Any], key: str) -> Step:
    """Every row under ``key`` of a paginated tool, following ``next_offset`` (grouped rows flattened)."""
    rows: list[Any] = []
    offset = 0
    while True:
        observation = checked((yield Call(tool, {**args, "limit": PAGE} | ({"offset": offset} if offset else {}))))
        page = observation.get(key, [])
        rows.extend(sum(page.values(), []) if isinstance(page, dict) else page)
        if not observation.get("truncated"):
            return rows
        offset = int(observation["next_offset"])
