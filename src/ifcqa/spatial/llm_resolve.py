"""An LLM's plan (:class:`~ifcqa.spatial.llm_schema.LLMPlan`, by names) validated against the model and made a
:class:`~ifcqa.spatial.plan.Plan` the pipeline runs.

Every storey, space, class, predefined type, property path and quantity the LLM names must exist: a storey or
space by its name (or a space by a function word the rules' room reader resolves), a class as a class key or an
IFC class of the file's schema, a predefined type as a value of that class's enumeration or one an element of the
model carries, a property path as a set and property some element holds. A name that does not is collected with
the closest real names, and the plan declines naming it: a filter is never dropped to answer a broader question.
"""

from __future__ import annotations

import difflib
import fnmatch
import functools
import re
from dataclasses import dataclass, field
from typing import Any

import ifcopenshell.ifcopenshell_wrapper as wrapper
from pydantic import BaseModel

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import lookup, measures, qualifiers, resolve, spaces, units_asked
from ifcqa.spatial.classes import class_filter, enumeration_values, subclasses
from ifcqa.spatial.parser import Parser, normalise
from ifcqa.spatial.plan import ClassFilter, Plan, QualifierRef, RoomRef, StoreyRef
from ifcqa.spatial.vocabulary import CLASS_GROUPS, CLASS_WORDS, PREDEFINED_KINDS

_SPACE_QUANTITIES = frozenset(["floor_area", "area", "volume", "ceiling_area", "perimeter"])
_SIZE_ATTRIBUTES = ("OverallWidth", "OverallHeight")


@dataclass
class Unknown:
    """Names the LLM used that this model does not have, each with the closest real ones."""

    items: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (what, name, closest)

    def add(self, what: str, name: str, candidates: list[str]) -> None:
        self.items.append((what, name, difflib.get_close_matches(name, candidates, n=3, cutoff=0.5)))

    def decline(self, plan: Plan) -> None:
        said = "; ".join(f"no {what} {name!r}" + (f" (closest: {', '.join(map(repr, close))})" if close else "")
                         for what, name, close in self.items)
        plan.intent = "declined"
        plan.declined = {
            "reason": f"the plan names what this model does not have: {said}; answering without it would answer "
                      "a broader question",
            "not_understood": [name for _, name, _ in self.items],
            "can_answer": "Ask with the model's own names: " + "; ".join(
                f"{name!r}: {', '.join(map(repr, close))}" for _, name, close in self.items if close)
            if any(close for _, _, close in self.items) else "Ask with the model's own storey, room and class names.",
        }


@functools.cache
def _schema_classes(schema: str) -> dict[str, str]:
    """Lower-cased IFC class name -> its spelling, for the classes of ``schema`` and of the other IFC versions (as
    the rules honour "IfcFan" on an IFC2X3 model: a class its schema lacks has no elements there)."""
    out: dict[str, str] = {}
    for name in (*_VERSIONS, schema):
        out.update({str(d.name()).casefold(): str(d.name()) for d in wrapper.schema_by_name(name).declarations()
                    if hasattr(d, "as_entity") and d.as_entity() is not None})
    return out


_VERSIONS = ("IFC2X3", "IFC4", "IFC4X3_ADD2")


class Resolver:
    """Turns LLM plans about one model into plans (the parser gives storeys and class filters)."""

    def __init__(self, index: ModelIndex, parser: Parser) -> None:
        self.index = index
        self.parser = parser
        self.storeys = parser.resolver.storeys
        self.spaces = [e for e in index.data.elements.values() if e.ifc_class == "IfcSpace"]
        self._paths: set[str] | None = None

    def plan(self, question: str, raw: BaseModel, parser: str, unread: list[str] | None = None) -> Plan:
        """The plan of ``raw``; declined (``plan.declined``) when it names anything this model lacks.

        ``unread``: the words the rules could not read in the question; each must be one the LLM says it read as
        something in its plan (its ``words``), else it stays in ``plan.unconsumed`` (and the check declines).
        """
        data: dict[str, Any] = raw.model_dump()
        plan = Plan(question=question, intent=data["intent"], parser=parser, group_by=data["group_by"])
        unknown = Unknown()
        self._scope(plan, data, unknown)
        plan.classes = [f for name in dict.fromkeys(data["classes"]) if (f := self._class(name, unknown, plan))]
        plan.classes += [f for p in data["predefined"] if (f := self._predefined(p, unknown))]
        plan.exclude_classes = [f for n in dict.fromkeys(data["exclude_classes"]) if (f := self._class(n, unknown))]
        for name in (k for k in data if k not in _NAMED):  # the plan's plain fields (least ...), as given
            setattr(plan, name, data[name])
        self._rooms(plan, data["rooms"], unknown)
        self._qualifiers(plan, data["qualifiers"], unknown)
        self._measure(plan, data["measure"])
        self._elements(plan, data["elements"], unknown)
        self._lookup(plan, data, unknown)
        self._unit(plan, data["unit"], unknown)
        if data["threshold"] is not None:
            plan.threshold = {"op": data["threshold"]["op"], "n": data["threshold"]["n"],
                              "term": f"{data['threshold']['op']} {data['threshold']['n']}"}
        if plan.measure is not None and not plan.classes:  # "the height of level 2": of which elements?
            unknown.add("elements to measure", plan.measure["term"], [])
        if not plan.classes and plan.intent != "unanswerable":
            plan.classes = [class_filter(self.index.schema, "inventory")]
        self._account(plan, data["words"], unread or [])
        if unknown.items:
            unknown.decline(plan)
        return plan

    def _account(self, plan: Plan, words: list[dict[str, str]], unread: list[str]) -> None:
        """The words the rules could not read must each be read by the LLM as something the plan holds."""
        held = [spaces.fold(t) for t in self._held(plan) if t and len(spaces.fold(t)) >= 2]
        readings = {spaces.fold(w["word"]): w["read_as"] for w in words}
        for word in unread:
            read_as = readings.get(spaces.fold(word))
            target = spaces.fold(read_as or "")
            if read_as and target and any(_within(h, target) or _within(target, h) for h in held):
                plan.notes.append(f"read {word!r} as {read_as!r} ({plan.parser})")
            else:
                plan.unconsumed.append(word)

    def _held(self, plan: Plan) -> list[str]:
        """Every name and value the plan holds (what a word may have been read as)."""
        by_guid = self.parser.resolver.by_guid
        texts = [by_guid[g].name or "" for g in (*plan.storeys, *plan.exclude, *plan.compare)]
        texts += [t for c in (*plan.classes, *plan.exclude_classes) if not c.inventory  # "elements" limits nothing
                  for t in (c.key, c.label, c.kind, *c.predefined)]
        texts += [r.term for r in plan.rooms]
        texts += [t for s in self.spaces if any(s.guid in r.guids for r in plan.rooms) for t in (s.name, s.long_name)
                  if t]
        texts += [t for q in plan.resolved.get("qualifiers", []) for t in (q.path, str(q.value), *q.raw.paths)]
        if plan.measure:
            texts += [plan.measure["quantity"], plan.measure["op"]]
        if plan.lookup:
            texts += [str(p.get(k) or "") for p in plan.lookup.get("parts", [plan.lookup]) for k in ("term", "key")]
        texts += [t for g in plan.elements if (e := self.index.find(g)) is not None for t in (e.name, e.tag, g) if t]
        if plan.resolved.get("asked_unit"):
            texts += [plan.resolved["asked_unit"]["written"], plan.resolved["asked_unit"]["symbol"]]
        if plan.threshold:
            texts.append(str(plan.threshold["n"]))
        return texts

    # -- storeys and classes -------------------------------------------------------------------------------
    def _scope(self, plan: Plan, data: dict[str, Any], unknown: Unknown) -> None:
        """The plan's storeys: included, excluded (all others when only excluded), compared."""
        include = self._storeys(data["storeys"], unknown)
        exclude = self._storeys(data["exclude_storeys"], unknown)
        order = [s.guid for s in self.storeys]
        if exclude and not include:
            include = [g for g in order if g not in exclude]
        plan.storeys = sorted(dict.fromkeys(g for g in include if g not in exclude), key=order.index)
        plan.exclude = list(dict.fromkeys(exclude))
        plan.compare = self._storeys(data["compare"], unknown)
        if plan.intent == "compare" and len(plan.compare) != 2:
            unknown.add("pair of storeys to compare", " / ".join(data["compare"]) or "(none)", [])
        elif plan.intent == "compare" and plan.storeys:  # both storeys compared are in scope
            plan.storeys = sorted(dict.fromkeys([*plan.storeys, *plan.compare]), key=order.index)
        plan.storey_names = [self.parser.resolver.labels[g] for g in plan.storeys]
        by_guid = self.parser.resolver.by_guid
        plan.mentions = [StoreyRef(by_guid[g].name, "llm", [g]) for g in plan.storeys]
        plan.mentions += [StoreyRef(by_guid[g].name, "llm", [g], True) for g in plan.exclude]

    def _storeys(self, names: list[str], unknown: Unknown) -> list[str]:
        by_name: dict[str, list[str]] = {}  # a name may belong to storeys of several buildings
        for s in self.storeys:
            for label in (s.name, self.parser.resolver.labels.get(s.guid)):
                if label:
                    by_name.setdefault(label.casefold(), []).append(s.guid)
        out: list[str] = []
        for name in names:
            found = by_name.get(name.casefold().strip())
            if found:
                out += [g for g in dict.fromkeys(found) if g not in out]
            else:
                unknown.add("storey", name, [s.name for s in self.storeys if s.name])
        return out

    def _class(self, name: str, unknown: Unknown, plan: Plan | None = None) -> ClassFilter | None:
        key = name.strip()
        if key not in CLASS_GROUPS and key not in PREDEFINED_KINDS:  # "doors", "Türen": the rules' class words
            key = CLASS_WORDS.get(normalise(key), key)
        if key in CLASS_GROUPS or key in PREDEFINED_KINDS or key == "inventory":
            return self.parser.class_filter(key) if key != "inventory" else class_filter(self.index.schema, key)
        ifc = _schema_classes(self.index.schema).get(key.casefold())
        if ifc is None:
            present = sorted({e.ifc_class for e in self.index.data.elements.values()})
            unknown.add("class", name, [*present, *CLASS_GROUPS, *PREDEFINED_KINDS])
            return None
        if plan is not None:
            plan.explicit.append(ifc)
        types = tuple(t for suffix in ("Type", "Style") for t in subclasses(self.index.schema, ifc + suffix))
        return ClassFilter(ifc, f"{ifc} elements", subclasses(self.index.schema, ifc), types)

    def _predefined(self, raw: dict[str, str], unknown: Unknown) -> ClassFilter | None:
        ifc = _schema_classes(self.index.schema).get(raw["ifc_class"].casefold())
        if ifc is None:
            unknown.add("class", raw["ifc_class"], sorted({e.ifc_class for e in self.index.data.elements.values()}))
            return None
        classes = subclasses(self.index.schema, ifc)
        types = tuple(t for suffix in ("Type", "Style") for t in subclasses(self.index.schema, ifc + suffix))
        enumerated = enumeration_values(self.index.schema, classes + types)
        carried = {e.predefined_type for e in self.index.data.elements.values()
                   if e.ifc_class in classes and e.predefined_type}
        value = raw["predefined_type"].strip()
        match = next((v for v in (*enumerated, *carried) if v.casefold() == value.casefold()), None)
        if match is None:
            unknown.add(f"predefined type of {ifc}", value, sorted(enumerated | carried))
            return None
        return ClassFilter(ifc, f"{ifc} {match}", classes, types, kind=match.casefold(), predefined=(match,),
                           enumerated=tuple(sorted(enumerated)))

    # -- rooms -------------------------------------------------------------------------------------------
    def _rooms(self, plan: Plan, rooms: list[dict[str, str]], unknown: Unknown) -> None:
        names = [t for s in self.spaces for t in (s.name, s.long_name) if t]
        for room in rooms:
            term = room["name"].strip()
            folded = spaces.fold(term)
            guids = [s.guid for s in self.spaces if folded in {spaces.fold(t) for t in (
                s.name, s.long_name, f"{s.name or ''} {s.long_name or ''}".strip()) if t}]
            how = "llm:name"
            if not guids:  # a function word or a number, read as the rules read rooms
                found = [m for m in resolve.find_rooms(self.index, normalise(term)) if m.guids]
                whole = [m for m in found if spaces.fold(m.term).strip() == folded]
                if whole:
                    guids, how = list(whole[0].guids), f"llm:{whole[0].how}"
            if not guids:
                unknown.add("space", term, names)
                continue
            plan.rooms.append(RoomRef(term, how, guids, room["role"]))
        if plan.rooms and plan.rooms[0].role == "subject" and not any(c.key == "spaces" for c in plan.classes):
            plan.classes.append(class_filter(self.index.schema, "spaces"))

    # -- qualifiers and measures ---------------------------------------------------------------------------
    def known_paths(self) -> set[str]:
        """Every ``Set.Property`` / ``Set.Quantity`` path and attribute name an element of the model holds."""
        if self._paths is None:
            paths = {"Name", "type.Name"}
            for e in self.index.data.elements.values():
                for sets in (e.psets, e.qtos):
                    paths.update(f"{s}.{p}" for s, values in sets.items() for p in values)
                paths.update(a for a in e.attributes if a in _SIZE_ATTRIBUTES or a == "ObjectType")
            self._paths = paths
        return self._paths

    def _qualifiers(self, plan: Plan, items: list[dict[str, Any]], unknown: Unknown) -> None:
        kept: list[resolve.Qualifier] = []
        paths = self.known_paths()
        for item in items:
            wanted = item["path"].strip()
            matched = sorted(p for p in paths if fnmatch.fnmatchcase(p.casefold(), wanted.casefold()))
            if not matched:
                unknown.add("property", wanted, sorted(paths))
                continue
            mention = self._mention(matched, item)
            q = resolve.Qualifier(mention.term, 0, 0, mention.path, mention.op, mention.value, mention.unit,
                                  mention.how, raw=mention)
            kept.append(q)
            plan.qualifiers.append(QualifierRef(mention.term, qualifiers.describe(mention), item["negated"]))
        plan.resolved["qualifiers"] = kept

    def _mention(self, paths: list[str], item: dict[str, Any]) -> qualifiers.QualifierMention:
        """The resolvers' own mention of a condition on ``paths`` (several: a ``*`` path; the first held wins)."""
        mention = self._one_mention(paths[0], item)
        mention.paths = list(paths)
        if len(paths) > 1:
            mention.term = f"{item['path']} {item['op']} {item['value']}" + (f" {item['unit']}" if item["unit"] else "")
        return mention

    def _one_mention(self, path: str, item: dict[str, Any]) -> qualifiers.QualifierMention:
        op, value, unit = item["op"], item["value"], item["unit"]
        term = f"{path} {op} {value}" + (f" {unit}" if unit else "")
        if op == "~" or path in ("Name", "type.Name"):
            how = "name" if path == "Name" else "type"
            return qualifiers.QualifierMention(term, 0, 0, path, "~", str(value), None, how, [path])
        if value is None:
            return qualifiers.QualifierMention(term, 0, 0, path, "!=" if op == "!=" else "=", None, None, "set",
                                               [path])
        if isinstance(value, bool):
            return qualifiers.QualifierMention(term, 0, 0, path, op if op in ("=", "!=") else "=", value, None,
                                               "boolean", [path])
        if isinstance(value, int | float):
            number = float(value)
            if "." not in path and unit:  # an attribute holds the project's length unit: say the number in it
                model = self.index.units.get("LENGTHUNIT")
                given = qualifiers.unit_factor(self.index, unit)
                if model is not None and given:
                    number, unit = number * given / model.si_factor, model.symbol
            return qualifiers.QualifierMention(term, 0, 0, path, op if op != "~" else "=", number, unit, "number",
                                               [path])
        return qualifiers.QualifierMention(term, 0, 0, path, op if op in ("=", "!=") else "=", str(value), None,
                                           "label", [path])

    # -- attribute lookups, elements named, the unit asked (round 5b) ------------------------------------------
    def _elements(self, plan: Plan, names: list[str], unknown: Unknown) -> None:
        """Elements named by GlobalId, Name or Tag: exactly those (as the rules read them); one the model lacks is
        unknown."""
        idents = self.parser._identifiers()
        for name in names:
            element = self.index.find(name.strip())
            guids = [element.guid] if element is not None else idents.get(normalise(name.strip()), [])
            if not guids:
                unknown.add("element", name, sorted(idents)[:200])
                continue
            plan.elements += [g for g in guids if g not in plan.elements]
        if plan.elements and (not plan.classes or all(c.inventory for c in plan.classes)):
            found = [e for g in plan.elements if (e := self.index.find(g)) is not None]
            plan.classes = [ClassFilter(c, c, (c,)) for c in dict.fromkeys(e.ifc_class for e in found)]

    def _lookup(self, plan: Plan, data: dict[str, Any], unknown: Unknown) -> None:
        """The attributes asked: each a word of the lookup vocabulary or the name of a property, quantity or
        attribute some element holds (else unknown, with the closest held names); several are the lookup's parts."""
        items = data["lookup"]
        if not items:
            return
        held = lookup.held_names(self.index, list(self.index.data.elements.values()))
        parts: list[dict[str, Any]] = []
        for item in items:
            term = normalise(item["attribute"]).strip()
            key = lookup._vocabulary(term)
            if key is None and lookup.letters(term) not in held:
                unknown.add("attribute", item["attribute"], [*lookup.words().attributes, *held.values()])
                continue
            parts.append({"term": term, "key": key})
        if not parts:
            return
        plan.lookup = dict(parts[0])
        if len(parts) > 1:
            plan.lookup["parts"] = parts
        if data["each_storey"]:
            plan.lookup["each_storey"] = True
        plan.intent = "lookup"

    def _unit(self, plan: Plan, unit: str | None, unknown: Unknown) -> None:
        """The unit the answer is asked in, of the kind of the quantity asked (``units_asked``), else unknown."""
        if not unit:
            return
        symbol = units_asked.unit_of(unit.strip())  # a symbol ("mm", "ft²", "in"), else words ("square feet")
        found = units_asked.Asked(unit, symbol, 0, 0) if symbol is not None else units_asked.find(
            "in " + normalise(unit))
        term = " ".join(str(p.get("key") or p.get("term")) for p in (plan.lookup or {}).get("parts", [plan.lookup])
                        if p) if plan.lookup else (plan.measure or {}).get("quantity", "")
        if found is None or units_asked.kind_of(str(term)) != found.unit.kind:
            unknown.add(f"unit for {term or 'this answer'}", unit, ["m", "mm", "cm", "ft", "in", "m²", "ft²", "m³"])
            return
        plan.resolved["asked_unit"] = found.to_dict()

    def _measure(self, plan: Plan, raw: dict[str, Any] | None) -> None:
        if raw is None:
            return
        term = f"{raw['op']} {raw['quantity']}"
        mention = measures.MeasureMention(term, 0, 0, raw["quantity"], raw["op"], gross=raw["gross"],
                                          superlative=raw["op"] in ("max", "min"))
        plan.measure = {"term": term, "quantity": raw["quantity"], "op": raw["op"]}
        plan.resolved["measure"] = resolve.Measure(term, 0, 0, raw["quantity"], raw["op"], raw=mention)
        if not plan.classes and raw["quantity"] in _SPACE_QUANTITIES:  # "total floor area": of the spaces
            plan.classes.append(class_filter(self.index.schema, "spaces"))


def _within(part: str, text: str) -> bool:
    """Whether ``part`` occurs in ``text`` as whole words."""
    return re.search(rf"(?<![a-z0-9]){re.escape(part)}(?![a-z0-9])", text) is not None


_NAMED = frozenset(["intent", "storeys", "exclude_storeys", "classes", "predefined", "exclude_classes", "rooms",
                    "qualifiers", "measure", "threshold", "compare", "group_by", "words",
                    "lookup", "each_storey", "elements", "unit"])
