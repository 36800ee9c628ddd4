"""The generator's leak check.

1. No probe answer is reachable from the IFC file alone: neither the gold value nor any key fact's
   anchor ("EI 60", "oak parquet", "QX4-") occurs in any text of the model (names, descriptions, types,
   tags, materials, text property values), and no property whose name concerns the fact's attribute
   (FireRating for a fire rating, ThermalTransmittance for a U-value, cost/price properties) holds the
   gold number (within 2%).
2. Every key fact (and every superseded fact) is said in the session and the role it names.
3. No distractor session contains a key fact's anchor.
"""

from __future__ import annotations

from dataclasses import dataclass

from ifcqa.index.model_index import ModelIndex
from ifcqa.memory.scenarios import SCENARIOS
from ifcqa.memory.tasks import KeyFact, Task

_BASE_PROPERTIES = {
    "fire_rating": ("fire",),
    "u_value": ("thermaltransmittance", "uvalue", "u-wert", "uwert"),
    "cost_rate": ("cost", "price", "rate", "kosten", "preis"),
    "floor_finish": ("finish", "covering", "belag"),
    "naming_prefix": ("prefix",),
    "phase": ("phase",),
    "supplier": ("supplier", "manufacturer", "vendor"),
}
# attribute -> words of property names that would hold its value (the scenarios' ``properties`` added)
ATTRIBUTE_PROPERTIES: dict[str, tuple[str, ...]] = {
    a: tuple(dict.fromkeys([*_BASE_PROPERTIES.get(a, ()),
                            *(p for s in SCENARIOS if s.attribute == a for p in s.properties)]))  # fmt: skip
    for a in dict.fromkeys([*_BASE_PROPERTIES, *(s.attribute for s in SCENARIOS)])
}


@dataclass
class ModelText:
    """Every text of a model (case-folded) and the numbers of attribute-like properties."""

    texts: list[str]
    numbers: dict[str, list[float]]  # attribute -> values of properties named like it

    def holds_text(self, needle: str) -> bool:
        needle = needle.casefold().strip()
        return bool(needle) and any(needle in t for t in self.texts)


def model_text(index: ModelIndex) -> ModelText:
    texts: set[str] = set()
    numbers: dict[str, list[float]] = {a: [] for a in ATTRIBUTE_PROPERTIES}
    for e in index.elements():
        for text in (e.name, e.long_name, e.description, e.object_type, e.tag, *e.materials):
            if text:
                texts.add(str(text).casefold())
        for sets in (e.psets, e.qtos):
            for props in sets.values():
                for prop, value in props.items():
                    if isinstance(value.value, str):
                        texts.add(value.value.casefold())
                    folded = prop.casefold().replace("_", "").replace(" ", "")
                    for attribute, hints in ATTRIBUTE_PROPERTIES.items():
                        if any(h in folded for h in hints):
                            if isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
                                numbers[attribute].append(float(value.value))
                            elif isinstance(value.value, str):
                                numbers[attribute].extend(_numbers(value.value))
    return ModelText(sorted(texts), numbers)


def _numbers(text: str) -> list[float]:
    import re

    return [float(m) for m in re.findall(r"\d+(?:\.\d+)?", text)]


def ifc_leak(facts: list[KeyFact], gold_value: float | str, model: ModelText) -> str | None:
    """Why the answer is reachable from the model alone, or ``None``."""
    for fact in facts:
        if model.holds_text(fact.anchor):
            return f"the model's text holds {fact.anchor!r}"
        if isinstance(fact.value, (int, float)):
            for number in model.numbers.get(fact.attribute, []):
                if abs(number - fact.value) <= 0.02 * abs(fact.value):
                    return f"a {fact.attribute} property of the model holds {number}"
    if isinstance(gold_value, str) and model.holds_text(gold_value):
        return f"the model's text holds {gold_value!r}"
    return None


def session_problems(task: Task) -> list[str]:
    """Checks 2 and 3 on a built task: empty when the sessions are seeded as the key facts say."""
    problems = []
    by_id = {s.id: s for s in task.sessions}
    seeded = set(task.metadata.get("seeded_sessions", []))
    for fact in [*task.key_facts, *task.superseded]:
        session = by_id.get(fact.session)
        if session is None or fact.statement not in session.text((fact.role,)):
            problems.append(f"key fact {fact.id} is not said by {fact.role} in session {fact.session}")
    for session in task.sessions:
        if session.id in seeded:
            continue
        text = session.text().casefold()
        for fact in task.key_facts:
            if fact.anchor.casefold() in text:
                problems.append(f"distractor session {session.id} contains key fact {fact.id} ({fact.anchor!r})")
    return problems
