"""Scoring a question of the people format (issue 22) against its oracle, and spotting silent broadenings.

A question of that format carries its own oracle, computed with IfcOpenShell when the set was written
(``bench/spatial/people_oracles.py``)::

    {"id", "query", "ifc_filename", "kind", "oracle": {"type": ..., ...}, "oracle_rule", "source"}

Oracle types and the score of an answer (0..1):

``elements`` {"guids"}              F1 of the answer's element GlobalIds against ``guids``
``count``    {"value", "guids"}     1 if the answer's ``count`` equals ``value``; with no ``count``, 1 if it
                                    lists exactly ``value`` elements
``number``   {"value", "unit", "rel_tol", "guids"?}  1 if ``|value - number| <= rel_tol * |value|`` and the
                                    units agree (m2 and m² are the same unit; with the question, a number in
                                    another unit of one kind is converted when the question names no unit)
``yes_no``   {"value"}              1 if the answer's ``yes_no`` equals it
``storeys``  {"value"}              1 if the answer's ``storeys`` are the same set of names
``values``   {"value", "unit", "guids"}  an attribute lookup over several elements ("what are the walls made
                                    of"): ``value`` the distinct values with how many elements hold each
                                    (``[[v, n], ...]``, null = not recorded); F1 of the GlobalIds if the
                                    answer's ``value.values`` (``[{"value", "count"}]``) is the same
                                    distribution (text case-insensitive, numbers to 6 significant digits)
                                    and, when the oracle names a unit, ``value.unit`` is that unit; else 0
``decline``  {}                     1 if the answer is declined and lists and states nothing
``parts``    {"value": [oracle, ...], "guids"}  several attributes asked in one lookup ("the width and height
                                    of door X", round 5): one ``number`` / ``values`` / ``decline`` oracle per
                                    attribute, in the order asked, scored against the answer's
                                    ``value.parts[i]`` (a ``decline`` part: that attribute is said to be not
                                    recorded, ``{"declined": reason}``, while the others are answered); the
                                    mean of the parts (0 when the answer is declined as a whole)

A declined answer to any other oracle scores 0 (it is not a broadening). A **silent broadening** is an
answer to a ``decline`` oracle that lists elements or gives a count, value, yes/no or storeys; or an answer
that is not declined, states no ``rule`` and lists a strict superset of the GlobalIds of an oracle that
names its elements (elements, count, number with guids): more elements than asked, and with an oracle of
no elements ("IfcBoiler on Level 1" in a model without boilers) any element listed. Elements listed
beside a yes/no or storeys answer are not checked (the oracle does not say which elements it rests on).
A **wider answer** is the same strict superset with a ``rule`` stated: the rule tells the reader what was
answered, but it is still a broader question than the one asked (a storey or room of the question that
the rule left out), so it is counted apart, never as a pass.

Answers are read defensively: a key the answer lacks (``declined``, ``count``, ``value``, ``yes_no``,
``storeys``, ``rule``: answers from before issue 22 have none of them) counts as null.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ifcqa.spatial import units_asked
from ifcqa.spatial.parser import normalise

ORACLE_TYPES = ("elements", "count", "number", "yes_no", "storeys", "values", "decline", "parts")
KINDS = ("storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse")  # fmt: skip
EXTRA_KINDS = ("lookup", "levels",  # round 3's lookup set (dev_round3_lookup.json): attribute lookups, storey levels
               "storeys_attr", "units", "multi_attr", "names")  # round 5b's gaps (dev_round5_gaps.json)
_NEEDS = {"elements": ("guids",), "count": ("value",), "number": ("value", "unit"), "yes_no": ("value",),
          "storeys": ("value",), "values": ("value", "guids"), "decline": (), "parts": ("value", "guids")}  # fmt: skip


def is_people_format(query: dict[str, Any]) -> bool:
    """Whether ``query`` carries its own oracle (the people format) rather than BIM-Graph's fields."""
    return isinstance(query.get("oracle"), dict)


# bench/spatial/broaden_cases.json: answerable controls, and the same questions with one ungroundable constraint
BROADEN_KINDS = ("control", "b_adjective", "b_clause", "b_place", "b_class", "b_unit", "b_threshold", "b_german",
                 "b_negated", "b_grouping")  # fmt: skip


def oracle_problem(query: dict[str, Any]) -> str | None:
    """What is wrong with a people-format query's oracle, or None."""
    oracle = query["oracle"]
    kind = oracle.get("type")
    if kind not in ORACLE_TYPES:
        return f"oracle type {kind!r} is not one of {', '.join(ORACLE_TYPES)}"
    missing = [k for k in _NEEDS[kind] if k not in oracle]
    if missing:
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} oracle needs {', '.join(missing)}"
    known = KINDS + EXTRA_KINDS + BROADEN_KINDS
    if "kind" in query and query["kind"] not in known:
        return f"kind {query['kind']!r} is not one of {', '.join(known)}"
    return None


@dataclass(frozen=True)
class Reading:
    """The parts of an answer the scorer reads, each null when the answer lacks it."""

    guids: frozenset[str]
    declined: bool
    count: int | None
    number: float | None
    unit: str | None
    yes_no: bool | None
    storeys: frozenset[str] | None
    rule: str | None
    values: tuple[tuple[str | None, int], ...] | None = None  # a lookup's distribution, normalised (see value_key)

    @property
    def gives_something(self) -> bool:
        return bool(self.guids) or any(
            v is not None for v in (self.count, self.number, self.yes_no, self.storeys, self.values))


def read_answer(answer: dict[str, Any]) -> Reading:
    elements = answer.get("elements") or []
    guids = frozenset(str(e["guid"]) for e in elements if isinstance(e, dict) and e.get("guid"))
    value = answer.get("value")
    number = value.get("number") if isinstance(value, dict) else None
    unit = value.get("unit") if isinstance(value, dict) else None
    count = answer.get("count")
    yes_no = answer.get("yes_no")
    storeys = answer.get("storeys")
    rule = answer.get("rule")
    dist = value.get("values") if isinstance(value, dict) else None
    values = None
    if isinstance(dist, list):
        values = distribution((row.get("value"), row.get("count")) for row in dist if isinstance(row, dict))
    return Reading(
        values=values,
        guids=guids,
        declined=bool(answer.get("declined")),
        count=count if isinstance(count, int) and not isinstance(count, bool) else None,
        number=float(number) if isinstance(number, (int, float)) and not isinstance(number, bool) else None,
        unit=unit if isinstance(unit, str) else None,
        yes_no=yes_no if isinstance(yes_no, bool) else None,
        storeys=frozenset(str(s) for s in storeys) if isinstance(storeys, list) else None,
        rule=rule if isinstance(rule, str) and rule.strip() else None,
    )


def norm_unit(unit: str | None) -> str | None:
    """``m2``, ``m^2``, ``M²`` -> ``m²`` (and the same for ³); None stays None."""
    if unit is None:
        return None
    text = re.sub(r"[\s^()·*.]", "", unit.strip().lower())  # "W/(m²·K)" and "W/m²K" are one unit
    return re.sub(r"(?<=[a-z])([23])(?![\d])", lambda m: "²" if m.group(1) == "2" else "³", text)


def value_key(value: Any) -> str | None:
    """A lookup value as the scorer compares it: text case- and space-insensitive, booleans as true/false,
    numbers to 6 significant digits (export noise such as 0.8639999999999995 is 0.864); None stays None."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"{float(value):.6g}"
    return " ".join(str(value).split()).casefold()


def distribution(rows: Any) -> tuple[tuple[str | None, int], ...]:
    """``[(value, n), ...]`` -> a sorted tuple of ``(value_key, total n)`` (equal keys merged)."""
    totals: dict[str | None, int] = {}
    for value, n in rows:
        if isinstance(n, int) and not isinstance(n, bool):
            key = value_key(value)
            totals[key] = totals.get(key, 0) + n
    return tuple(sorted(totals.items(), key=lambda kv: (kv[0] is None, kv[0] or "")))


def _norm_storey(name: str) -> str:
    return " ".join(name.split()).casefold()


def f1(answer: frozenset[str] | set[str], expected: frozenset[str] | set[str]) -> float:
    if not answer and not expected:
        return 1.0
    hit = len(answer & expected)
    if not hit:
        return 0.0
    return 2 * hit / (len(answer) + len(expected))


@dataclass(frozen=True)
class Score:
    score: float
    broadened: bool
    declined: bool
    expected: frozenset[str]  # the oracle's GlobalIds (empty when it names none)
    wider: bool = False  # a strict superset of the oracle's elements with a rule stated


def _in_oracle_unit(got: Reading, unit: str | None, question: str | None) -> float | None:
    """The answer's number in the oracle's unit: as given when the units agree; converted when they are of one kind
    and the question names no unit ("the Roof's elevation": 2500 mm is 2.5 m); else None (a question asking "in m"
    must be answered in m)."""
    if got.number is None:
        return None
    if norm_unit(got.unit) == norm_unit(unit):
        return got.number
    target = units_asked.unit_of(unit)
    rate = units_asked.factor(got.unit, target) if target is not None else None
    if rate is None or question is None or units_asked.find(normalise(question)) is not None:
        return None
    return got.number * rate


def score(oracle: dict[str, Any], answer: dict[str, Any], question: str | None = None) -> Score:
    """Score ``answer`` (a ``SpatialQA.ask`` dict) against a people-format ``oracle``; with the ``question``, a
    number given in another unit of the same kind is converted when the question asked no unit."""
    got = read_answer(answer)
    kind = oracle["type"]
    expected = frozenset(oracle.get("guids") or ())
    if kind == "decline":
        ok = got.declined and not got.gives_something
        return Score(1.0 if ok else 0.0, got.gives_something, got.declined, expected)
    if kind == "parts":
        return _score_parts(oracle, answer, got, expected)
    names_elements = kind in ("elements", "count", "values") or (kind == "number" and bool(expected))
    superset = names_elements and not got.declined and got.guids > expected
    broadened = superset and got.rule is None
    wider = superset and got.rule is not None
    if got.declined:
        return Score(0.0, False, True, expected)
    value: Any = oracle.get("value")  # present: checked when the set was read
    if kind == "elements":
        points = f1(got.guids, expected)
    elif kind == "count":
        n = got.count if got.count is not None else len(got.guids)
        points = 1.0 if n == value else 0.0
    elif kind == "number":
        tol = float(oracle.get("rel_tol", 0.01)) * abs(float(value))
        number = _in_oracle_unit(got, oracle.get("unit"), question)
        points = 1.0 if number is not None and abs(number - float(value)) <= tol + 1e-9 else 0.0
    elif kind == "values":
        same = got.values is not None and got.values == distribution((v, n) for v, n in value)
        unit_ok = oracle.get("unit") is None or norm_unit(got.unit) == norm_unit(oracle.get("unit"))
        points = f1(got.guids, expected) if same and unit_ok else 0.0
    elif kind == "yes_no":
        points = 1.0 if got.yes_no is not None and got.yes_no == value else 0.0
    else:  # storeys
        want = {_norm_storey(s) for s in value}
        points = 1.0 if got.storeys is not None and {_norm_storey(s) for s in got.storeys} == want else 0.0
    return Score(points, broadened, False, expected, wider)


def _score_parts(oracle: dict[str, Any], answer: dict[str, Any], got: Reading, expected: frozenset[str]) -> Score:
    """A multi-attribute lookup: each part oracle against the answer's ``value.parts`` in order (mean)."""
    superset = not got.declined and got.guids > expected
    if got.declined:
        return Score(0.0, False, True, expected)
    value = answer.get("value")
    parts = value.get("parts") if isinstance(value, dict) else None
    wanted = oracle["value"]
    if not isinstance(parts, list) or not wanted:
        return Score(0.0, superset and got.rule is None, False, expected, superset and got.rule is not None)
    points = 0.0
    for i, part_oracle in enumerate(wanted):
        part = parts[i] if i < len(parts) and isinstance(parts[i], dict) else {}
        if part_oracle["type"] == "decline":
            points += 1.0 if part.get("declined") and part.get("number") is None and not part.get("values") else 0.0
            continue
        sub = {"elements": answer.get("elements"), "value": part, "declined": part.get("declined"),
               "rule": answer.get("rule")}
        points += score({**part_oracle, "guids": oracle.get("guids", [])}, sub).score
    if len(parts) != len(wanted):
        points = 0.0
    wider = superset and got.rule is not None
    return Score(points / len(wanted), superset and got.rule is None, False, expected, wider)
