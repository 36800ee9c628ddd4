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

from ifcqa.index.model_index import NAME_PREFIX
from ifcqa.mcq.text import format_value, normalise
from ifcqa.registry import Loader, kind

Observation = dict[str, Any]
Plan = Generator["Call", Observation, list[str]]
Step = Generator["Call", Observation, Any]  # a sub-plan, used with ``yield from``
Policy = Callable[["Question"], Plan]

_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*(.*?)\s*$", re.IGNORECASE)
_STOREY_RULE = re.compile(r" \(An element is on the storey that contains it.*?on its host's storey\.\)", re.DOTALL)
_UNNAMED_SET = re.compile(r" \(the file gives (?:this|these) (?:property|quantity) sets? no name;[^)]*\)")
_ELEMENT_GUID = re.compile(r"\b(the element) with GlobalId '([0-9A-Za-z_$]{22})'")
_GUID_REFERENCE = re.compile(r"\bwith GlobalId '([0-9A-Za-z_$]{22})'")
_GUID = re.compile(r"^[0-9A-Za-z_$]{22}$")
GUID_MARK = "\u2063"  # an invisible separator: marks a parsed 'name' that is a GlobalId
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
        """The named groups of ``pattern`` matched against the whole question, or :class:`GiveUp`.

        Questions may name an element by GlobalId where the template names it by Name ("the IfcWall
        with GlobalId 'G'" for "the IfcWall 'W1'"); unless the pattern itself reads GlobalIds, such
        a reference is read as the quoted name ``'GUID_MARK G'``, which :func:`reference` turns back
        into the GlobalId. The storey rule some scopes state in parentheses, and the explanation that follows
        the placeholder name of an unnamed set, are dropped.
        """
        text = _UNNAMED_SET.sub("", _STOREY_RULE.sub("", self.text))
        if "GlobalId '" not in pattern:
            text = _ELEMENT_GUID.sub(rf"\1 named '{GUID_MARK}\2'", text)
            text = _GUID_REFERENCE.sub(rf"'{GUID_MARK}\1'", text)
        match = re.search(pattern, text, re.DOTALL)
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

    def choose_rows(self, rows: Iterable[Any]) -> list[str]:
        """The labels of the options naming any of the element references ``rows`` (see :func:`texts_of`)."""
        return self.choose(text for row in rows for text in texts_of(row))

    def choose_row(self, row: Any) -> list[str]:
        """The one option naming the element reference ``row``; :class:`GiveUp` when there is none."""
        chosen = self.choose(texts_of(row))
        if len(chosen) != 1:
            raise GiveUp(f"no single option names {name_of(row)!r}")
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


# oracle_policy:<subtype code>; the modules of this package, then the ``ifcqa.oracle_policies`` plug-ins
ORACLE_POLICIES = kind(
    "oracle_policy",
    "oracle policies",
    Loader(packages=("ifcqa.agents.oracle_policies",), groups=("ifcqa.oracle_policies",)),
)


def policy(*subtypes: str) -> Callable[[Policy], Policy]:
    """Register a policy for one or more subtype codes (a code registered twice is refused)."""

    def register(function: Policy) -> Policy:
        for subtype in subtypes:
            ORACLE_POLICIES.register(subtype, function)
        return function

    return register


def registered() -> dict[str, Policy]:
    """Subtype code -> its policy."""
    return ORACLE_POLICIES.objects()


# -- reading observations -------------------------------------------------------------------


def checked(observation: Observation) -> Observation:
    """The observation, or :class:`GiveUp` with the tool's message when the call failed."""
    if "error" in observation:
        raise GiveUp(f"tool error: {observation['error'].get('message')}")
    if "unreadable" in observation:
        raise GiveUp("the observation was cut and cannot be read")
    return observation


def texts_of(row: Any) -> list[str]:
    """How an option may name an element reference: its Name, and with a LongName also "Name LongName".

    Questions name a space by its number and its everyday name ("140 Open Office").
    """
    if not isinstance(row, dict):
        return []
    texts = [str(row["guid"])] if row.get("guid") else []  # options may show elements by GlobalId
    if not row.get("name"):
        return texts
    name, long_name = str(row["name"]), row.get("long_name")
    return [*texts, name, f"{name.strip()} {str(long_name).strip()}"] if long_name else [*texts, name]


def name_of(row: Any) -> str | None:
    """The Name of an element reference (``None`` when the row is not one)."""
    return row.get("name") if isinstance(row, dict) else None


def is_opening(row: dict[str, Any]) -> bool:
    return str(row.get("class")) in _OPENINGS


def selector_string(text: str) -> str:
    """``text`` as a quoted IfcOpenShell selector value (which unescapes only ``\\"``)."""
    return '"' + text.replace('"', '\\"') + '"'


def property_path(pset: str, prop: str) -> str:
    """The tools' one way to name a property: ``SetName.PropName`` (quoted when the set name holds a dot)."""
    return f'"{pset}".{prop}' if "." in pset else f"{pset}.{prop}"


def names_selector(names: Iterable[str], *conditions: str) -> str:
    """An IfcOpenShell selector for the non-opening records named any of ``names`` that meet ``conditions``."""
    facets = ("!IfcFeatureElementSubtraction", *conditions)
    return " + ".join(", ".join((f"Name={selector_string(n)}", *facets)) for n in names)


# -- sub-plans ---------------------------------------------------------------------------------


def as_name(name: str) -> str:
    """A reference that reads ``name`` as a Name, never as a step id (``140`` may be entity #140)."""
    return NAME_PREFIX + name


def reference(text: str) -> str:
    """The tool reference for a name parsed from a question (a marked GlobalId, see Question.parse) or an option.

    A GlobalId is passed as it is (tools try GlobalIds first); any other text as a Name.
    """
    if text.startswith(GUID_MARK):
        return text[len(GUID_MARK) :]
    return text if _GUID.match(text) else as_name(text)


def storey_reference(text: str) -> str:
    """A storey named in a question: its name, or the GlobalId it was given by."""
    return text[len(GUID_MARK) :] if text.startswith(GUID_MARK) else text


def options_as_names(q: Question) -> list[str]:
    """The option texts as references: the ``elements`` filter of a "which of these" call."""
    return [reference(text) for text in q.texts]


def on_element(
    tool: str, name: str, ifc_class: str | None = None, args: dict[str, Any] | None = None, key: str = "element"
) -> Step:
    """Call ``tool`` on the element named ``name``; when the name does not resolve, find its GlobalId first."""
    args = args or {}
    observation = yield Call(tool, {key: reference(name), **args})
    if "error" not in observation or name.startswith(GUID_MARK):  # only a name that does not resolve needs the lookup
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
    return key_of(rows[0])


def key_of(row: dict[str, Any]) -> str:
    """The reference that reaches an element row: its GlobalId, or ``#<step id>`` when the row says it is not unique."""
    return f"#{row['id']}" if row.get("guid_note") and "id" in row else str(row["guid"])


def on_elements(tool: str, names: list[str], **args: Any) -> Step:
    """Call ``tool`` with ``elements=names``; when a name does not resolve, map names to GlobalIds first."""
    observation = yield Call(tool, {"elements": [reference(n) for n in names], **args})
    if "error" not in observation:  # only a name that does not resolve needs the lookup
        return checked(observation)
    found = checked((yield Call("find_elements", {"selector": names_selector(names)})))
    guids = {r["name"]: key_of(r) for r in found.get("elements", [])}
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
