"""Spatial questions over a project: one plan, read by the single-file parser, run on every file.

>>> qa = ProjectQA(indexes, align_storeys(project, indexes))
>>> qa.ask("Which outlets are in the kitchen?")["rule"]
"outlets in 'kitchen' (2 spaces of Duplex_A_20110907.ifc); ... 12 by geometry (box centre in the space's box)"

How a question is answered:

1. :mod:`ifcqa.project.readings` takes out what only a project says ("across both models", "in the rooms of
   Level 1", "which rooms ... have X"); the rest goes to :class:`ifcqa.spatial.parser.Parser` (its public
   ``parse`` and ``class_filter``), never to a parser of our own.
2. The reference file (the project's first, the architecture) parses it: its storeys, rooms, classes,
   qualifiers, measure and intent are *the* plan. When the reference declines and another file does not (a
   class only that file's schema has), that file's plan is the plan. Every file declines: the project does.
3. Per file, the plan's storeys become that file's storeys through the alignment (:mod:`ifcqa.project.align`:
   "Level 1" of the architect is "01 - Level 1" of the HVAC model); a level a file lacks gives nothing from it.
   Classes are resolved again for the file's schema by their key; :func:`ifcqa.spatial.execute.run_index` runs
   the plan, the qualifiers are applied with :func:`ifcqa.spatial.resolve.apply_qualifier`.
4. Rooms are the reference file's spaces. An element of any file is in one when
   :func:`ifcqa.project.locate.locate_in_spaces` puts it there: contained (the file says so) or by geometry
   (the centre of its box in the space's box); every answer's rule says how many of each.
5. Counts, yes/no, thresholds, "which floor has the most" and sums are computed over the merged hits, with
   storeys named by the reference file's levels. Elements are cited ``FILE#GlobalId``.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ifcqa.graph.store import GraphStore
from ifcqa.index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.project.align import Alignment
from ifcqa.project.disciplines import discipline_of
from ifcqa.project.locate import Location, locate_in_spaces
from ifcqa.project.readings import Reading, every_before, read
from ifcqa.spatial import resolve
from ifcqa.spatial.answer import Answerer, counted
from ifcqa.spatial.classes import matches, subclasses
from ifcqa.spatial.execute import Hit, run_index
from ifcqa.spatial.parser import Parser
from ifcqa.spatial.plan import ClassFilter, Plan

if TYPE_CHECKING:
    from ifcqa.project.graph import ProjectGraph, ProjectLoad

ANSWER_KEYS = ("question", "answer", "elements", "plan", "route", "timings_ms", "declined", "count", "value",
               "yes_no", "storeys", "rule")
SHOWN = 10
_OPS = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
        "=": lambda a, b: a == b}
_OP_WORDS = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "=": "exactly"}


@dataclass(frozen=True)
class ProjectHit:
    """One element an answer cites: its file, the single-file hit, its level and (for rooms) where it was located."""

    file: str
    hit: Hit
    level: str | None  # the reference level's name, or the file's own storey name when no level holds it
    location: Location | None = None

    @property
    def ref(self) -> str:
        return f"{self.file}#{self.hit.guid}"


class ProjectQA:
    """Answers spatial questions over the files of a project (``indexes`` in project order, reference first).

    The answer has :class:`~ifcqa.spatial.pipeline.SpatialQA`'s keys; elements are ``FILE#GlobalId`` with
    ``file``, ``file_guid``, ``storey`` (the level), and for rooms ``space`` and ``via`` (contained|geometry).
    """

    def __init__(self, indexes: dict[str, ModelIndex], alignment: Alignment) -> None:
        self.graph: ProjectGraph | None = None  # set by use_graph(): Cypher answers what it can express
        self._routes: set[str] = set()  # how the last question's hits were found: graph, index
        if not indexes:
            raise ValueError("a project needs at least one file")
        self.indexes = indexes
        self.alignment = alignment
        self.files = list(indexes)
        self.reference = self.files[0]
        self.parsers = {file: Parser(index) for file, index in indexes.items()}
        self.answerers = {file: Answerer(parser.resolver, indexes[file]) for file, parser in self.parsers.items()}
        self._located: dict[tuple[str, int], Location] = {}

    def use_graph(self, store: GraphStore, name: str) -> ProjectLoad:
        """Answer through the project's graph in ``store`` from now on (loaded here: see
        :mod:`ifcqa.project.graph`); plans Cypher cannot express are still answered in memory."""
        from ifcqa.project.graph import ProjectGraph

        graph = ProjectGraph(store, self, name)
        report = graph.load()
        self.graph = graph
        return report

    # -- the plan ---------------------------------------------------------------------------------------------
    def plan(self, question: str) -> tuple[Reading, str, Plan, dict[str, Plan]]:
        """The project readings, the file whose plan leads, that plan, and every file's own plan."""
        reading = read(question)
        plans = {file: parser.parse(reading.text) for file, parser in self.parsers.items()}
        lead = self.reference
        if plans[lead].declined is not None and not _refused(plans[lead]):
            lead = next((file for file in self.files if plans[file].declined is None), lead)
        return reading, lead, plans[lead], plans

    def storeys_in(self, lead: str, guids: list[str], file: str) -> list[str] | None:
        """The storeys of ``file`` that the lead file's storeys ``guids`` are (``None``: not one of them aligned)."""
        out: list[str] = []
        for guid in guids:
            if file == lead:
                out.append(guid)
                continue
            level = self.alignment.level_of(lead, guid)
            if level is None:
                continue
            if level.reference.file == file:
                out.append(level.reference.guid)
            elif file in level.members:
                out.append(level.members[file][0].guid)
        return out or None

    def level_name(self, file: str, storey_guid: str | None) -> str | None:
        """A file's storey named as the project's level (the reference storey's name), else its own name."""
        if storey_guid is None:
            return None
        level = self.alignment.level_of(file, storey_guid)
        if level is not None:
            return level.reference.name or storey_guid
        return self.answerers[file].storey_name(storey_guid)

    def levels(self) -> list[str]:
        """The project's level names, bottom up (the reference file's storeys)."""
        return [level.reference.name or level.reference.guid for level in self.alignment.levels]

    # -- locating ---------------------------------------------------------------------------------------------
    def locate(self, file: str, elements: list[Element]) -> dict[int, Location]:
        """Where ``elements`` of ``file`` are among the reference file's spaces (cached per element)."""
        todo = [e for e in elements if (file, e.id) not in self._located]
        if todo:
            found = locate_in_spaces(self.indexes[file], file, self.indexes[self.reference], self.reference, todo)
            for element, location in zip(todo, found, strict=True):
                self._located[(file, element.id)] = location
        return {e.id: self._located[(file, e.id)] for e in elements}

    def spaces_on(self, storey_guids: list[str] | None) -> list[Element]:
        """The reference file's spaces (on those of its storeys, when given)."""
        index = self.indexes[self.reference]
        found = [index.find(g) for g in storey_guids or []]
        wanted = None if not storey_guids else {e.id for e in found if e is not None}
        return [s for s in index.by_class("IfcSpace") if wanted is None or s.storey in wanted]

    # -- answering --------------------------------------------------------------------------------------------
    def ask(self, question: str) -> dict[str, Any]:
        """Answer ``question`` over every file (see the module docstring for how)."""
        start = time.perf_counter()
        reading, lead, plan, plans = self.plan(question)
        notes = reading.notes()
        answer = _empty(question)
        answer["plan"] = {"lead": lead, "reading": reading.text, "notes": notes, **_plan_dict(plan),
                          "per_file": {f: {"declined": p.declined is not None} for f, p in plans.items()}}
        answer["route"] = "project"
        self._routes = set()
        if plan.declined is not None:
            answer["declined"] = plan.declined
            answer["answer"] = self.answerers[lead].declined(plan)
            return _timed(answer, start)
        if plan.intent == "unanswerable":
            answer["declined"] = {"reason": "the question names no element class or storey I know",
                                  "not_understood": list(plan.unknown_words),
                                  "can_answer": "Ask about a class of element on a storey or in a room"}
            answer["answer"] = self.answerers[lead].unanswerable(plan)
            return _timed(answer, start)
        if plan.unresolved and not plan.storeys and not plan.exclude:
            names = ", ".join(self.levels())
            answer["declined"] = {"reason": "this project has no storey matching " + ", ".join(
                repr(t) for t in plan.unresolved), "not_understood": list(plan.unresolved),
                "can_answer": f"Ask about one of its levels: {names}"}
            answer["answer"] = (f"This project has no storey matching {', '.join(map(repr, plan.unresolved))}, "
                                f"so nothing is listed. Its levels: {names}.")
            return _timed(answer, start)
        rooms = [g for r in plan.rooms for g in r.guids]
        if plan.rooms and not rooms:
            terms = " or ".join(repr(r.term) for r in plan.rooms)
            answer["rule"] = f"spaces of {lead} named like {terms}"
            if plan.intent == "exists":
                answer |= {"yes_no": False, "count": 0, "answer": f"No: this project has no space named like {terms}."}
            elif plan.intent == "count":
                answer |= {"count": 0, "answer": f"This project has no space named like {terms}, so 0."}
            else:
                answer["declined"] = {"reason": f"this project has no space named like {terms}",
                                      "not_understood": [r.term for r in plan.rooms],
                                      "can_answer": "Ask about one of its rooms by name, number or function."}
                answer["rule"] = None
                answer["answer"] = f"This project has no space named like {terms}, so nothing is listed."
            return _timed(answer, start)
        hits, rooms_rule = self._hits(reading, lead, plan)
        answer |= self._outcome(reading, lead, plan, hits, rooms_rule)
        answer["route"] = "project:" + "+".join(sorted(self._routes)) if self._routes else "project"
        answer["plan"]["notes"] = notes + list(plan.notes)
        return _timed(answer, start)

    def _hits(self, reading: Reading, lead: str, plan: Plan) -> tuple[list[ProjectHit], str]:
        """Every file's hits of the plan, narrowed to the rooms it names; and how rooms were read (rule text)."""
        role = plan.rooms[0].role if plan.rooms else None
        room_guids = {g for r in plan.rooms for g in r.guids}
        all_rooms = _any_room(reading, plan)
        out: list[ProjectHit] = []
        graphed: list[ProjectHit] = []
        for file, index in self.indexes.items():
            if role == "subject" and file != self.reference:
                continue  # the rooms themselves: the reference file's spaces
            if role == "of" and file != self.reference:
                continue  # what bounds a room: only the file that has the room's boundaries
            file_plan = self._file_plan(lead, plan, file, rooms_only=reading.holding is not None)
            if file_plan is None:
                continue
            by_graph = self._graph_hits(file, lead, plan, file_plan, reading)
            if by_graph is not None:
                graphed += by_graph
                self._routes.add("graph")
                continue
            self._routes.add("index")
            hits = run_index(index, file_plan)
            hits = self._narrow(index, lead, plan, file_plan, hits)
            if role == "subject":
                hits = [h for h in hits if h.guid in room_guids]
            elif role == "of":
                bounding = set(resolve.elements_in_rooms(index, sorted(room_guids), bounding=True))
                hits = [h for h in hits if h.guid in bounding]
            out += [ProjectHit(file, h, self.level_name(file, h.storey)) for h in hits]
        if role == "in" or all_rooms:
            out = self._in_rooms(out, room_guids if role == "in" else None,
                                 self._room_storeys(lead, plan) if all_rooms else None)
        out += graphed
        rule = ""
        if role == "in" or all_rooms:
            ways = Counter(h.location.how for h in out if h.location is not None)
            rule = (f"; located in the spaces of {self.reference}: {ways.get('contained', 0)} contained in the space, "
                    f"{ways.get('geometry', 0)} by geometry (box centre in the space's box)")
        elif role == "of":
            rule = f"; bounding the space in {self.reference} (IfcRelSpaceBoundary; other files have no boundaries)"
        return out, rule

    def _graph_hits(self, file: str, lead: str, plan: Plan, file_plan: Plan,
                    reading: Reading) -> list[ProjectHit] | None:
        """``file``'s hits through the project graph, when there is one and Cypher can express the plan."""
        if self.graph is None or any("IfcSpace" in c.classes for c in file_plan.classes):
            return None
        role = plan.rooms[0].role if plan.rooms else None
        spaces: list[str] | None = None
        if role == "in":
            spaces = sorted({g for r in plan.rooms for g in r.guids})
        elif _any_room(reading, plan):
            spaces = [s.guid for s in self.spaces_on(self._room_storeys(lead, plan))]
        levels: list[str] | None = None
        if plan.storeys and reading.holding is None:
            levels = self.storeys_in(lead, plan.storeys, self.reference)
            if levels is None or len(levels) != len(plan.storeys):
                return None  # a storey on no level: only the in-memory route knows it
        return self.graph.hits(file, plan, file_plan, levels, spaces)

    def _room_storeys(self, lead: str, plan: Plan) -> list[str] | None:
        return self.storeys_in(lead, plan.storeys, self.reference) if plan.storeys else None

    def _in_rooms(self, hits: list[ProjectHit], rooms: set[str] | None,
                  storeys: list[str] | None) -> list[ProjectHit]:
        """The hits located in the reference file's spaces ``rooms`` (``None``: any space, on ``storeys``)."""
        wanted = rooms if rooms is not None else {s.guid for s in self.spaces_on(storeys)}
        out = []
        for file in self.files:
            mine = [h for h in hits if h.file == file]
            index = self.indexes[file]
            elements = [index.data.elements[h.hit.step_id] for h in mine]
            located = self.locate(file, [e for e in elements if index.is_a(e, "IfcElement")
                                         and not index.is_a(e, "IfcFeatureElement")])
            for h in mine:
                where = located.get(h.hit.step_id)
                if where is not None and where.space is not None and where.space.guid in wanted:
                    out.append(dataclasses.replace(h, location=where))
        return out

    def _file_plan(self, lead: str, plan: Plan, file: str, *, rooms_only: bool = False) -> Plan | None:
        """The plan for one file: its storeys through the alignment, its classes for its schema (``None``: the
        plan names storeys this file has none of, so it contributes nothing). ``rooms_only``: the storeys
        named choose the rooms, not the elements ("which rooms on Level 1 have an outlet").

        A class group naming this file's discipline ("electrical equipment" in the electrical model) takes
        every element of the file (:mod:`ifcqa.project.disciplines`)."""
        storeys = self.storeys_in(lead, plan.storeys, file) if plan.storeys and not rooms_only else []
        if plan.storeys and not rooms_only and storeys is None:
            return None
        exclude = (self.storeys_in(lead, plan.exclude, file) or []) if plan.exclude else []
        parser = self.parsers[file]
        discipline = discipline_of(file)
        classes = [_whole_file(self.indexes[file].schema, c, file) if c.key == discipline else _refilter(parser, c)
                   for c in plan.classes]
        return dataclasses.replace(
            plan, storeys=storeys or [], exclude=exclude, rooms=[], classes=classes,
            exclude_classes=[_refilter(parser, c) for c in plan.exclude_classes],
        )

    def _narrow(self, index: ModelIndex, lead: str, plan: Plan, file_plan: Plan, hits: list[Hit]) -> list[Hit]:
        if file_plan.exclude_classes:
            hits = [h for h in hits if not any(matches(index, index.data.elements[h.step_id], f)
                                               for f in file_plan.exclude_classes)]
        for q, ref in zip(plan.resolved.get("qualifiers", []), plan.qualifiers, strict=False):
            ok = set(resolve.apply_qualifier(index, q, [h.guid for h in hits]))
            hits = [h for h in hits if (h.guid in ok) != ref.negated]
        return hits

    # -- the answer's keys --------------------------------------------------------------------------------------
    def _outcome(self, reading: Reading, lead: str, plan: Plan, hits: list[ProjectHit],
                 rooms_rule: str) -> dict[str, Any]:
        answerer = self.answerers[lead]
        label = answerer.label(plan)
        scope = self._scope(lead, plan)
        whole = [f for f in self.files for c in plan.classes if discipline_of(f) == c.key]
        label += "".join(f" (every element of the {discipline_of(f)} model {f})" for f in whole)
        rule = f"{label} {scope}{rooms_rule}"
        n = len(hits)
        levels = self.levels()
        out: dict[str, Any] = {"rule": rule}
        if reading.holding is not None:
            return out | self._holding(plan, lead, hits, label, scope, rooms_rule)
        measure = plan.resolved.get("measure")
        if measure is not None and plan.intent != "compare":
            return out | self._measured(plan, hits, measure, label, scope)
        if plan.threshold is not None:
            op, k = plan.threshold["op"], plan.threshold["n"]
            yes = bool(_OPS[op](n, k))
            text = (f"{'Yes' if yes else 'No'}: there {'is' if n == 1 else 'are'} {n} {counted(_labels(plan), n)} "
                    f"{scope} across {len(self.files)} files, {'' if yes else 'not '}{_OP_WORDS[op]} {k}.")
            return out | {"count": n, "yes_no": yes, "answer": text, "elements": self._rows(hits)}
        if plan.intent == "compare" and len(plan.compare) == 2:
            a, b = (self.level_name(lead, g) for g in plan.compare)
            na, nb = (sum(1 for h in hits if h.level == name) for name in (a, b))
            yes = na < nb if plan.least else na > nb
            word = "fewer" if plan.least else "more"
            text = (f"{'Yes' if yes else 'No'}: {a} has {na} {label} and {b} has {nb}, so {a} has "
                    f"{'' if yes else 'not '}{word}.")
            return out | {"yes_no": yes, "answer": text, "elements": self._rows(hits)}
        if plan.intent in ("most", "breakdown") and plan.group_by == "space":
            return out | self._per_space(plan, lead, hits, label, scope)
        if plan.intent in ("most", "breakdown"):
            per = Counter(h.level for h in hits)
            order = [self.level_name(lead, g) for g in plan.storeys] if plan.storeys else levels
            order += [name for name in per if name not in order and name is not None]
            shown = ", ".join(f"{name}: {per.get(name, 0)}" for name in order)
            if plan.intent == "breakdown":
                return out | {"answer": f"{label[:1].upper()}{label[1:]} per level ({scope}): {shown}.",
                              "elements": self._rows(hits)}
            values = [per.get(name, 0) for name in order]
            if not any(values):
                return out | {"storeys": [], "answer": f"No level has any {label} {scope}."}
            best = min(values) if plan.least else max(values)
            chosen = [name for name in order if per.get(name, 0) == best and name is not None]
            word = "fewest" if plan.least else "most"
            verb = "has" if len(chosen) == 1 else "have"
            text = f"{' and '.join(chosen)} {verb} the {word} {label} ({best}); {shown}."
            return out | {"storeys": chosen, "answer": text,
                          "elements": self._rows([h for h in hits if h.level in chosen])}
        rows = self._rows(hits)
        what = counted(_labels(plan), n) + answerer.narrowing(plan)
        if plan.asks_storey:
            names = [name for name in dict.fromkeys(self._level_of_hit(h) for h in hits) if name]
            text = (f"{' and '.join(names) or 'No level'}: {n} {what} ({rule})." if hits
                    else f"No {label} found {scope}, so no storey can be named.")
            return out | {"storeys": names, "answer": text, "elements": rows}
        if plan.intent == "count":
            return out | {"count": n, "answer": f"There {'is' if n == 1 else 'are'} {n} {what} {scope}"
                          f"{self._by_file(hits)}.", "elements": rows}
        if plan.intent == "exists":
            if plan.rooms and any(every_before(reading.question, r.term) for r in plan.rooms):
                return out | self._every_room(plan, hits, label)
            text = (f"Yes: {n} {what} {scope}{self._by_file(hits)}: {self._names(hits)}" if hits
                    else f"No: there are no {label} {scope}.")
            return out | {"yes_no": n > 0, "count": n, "answer": text, "elements": rows}
        text = (f"{n} {what} {scope}{self._by_file(hits)}: {self._names(hits)}" if hits
                else f"There are no {label} {scope} in any file of the project.")
        return out | {"answer": text, "elements": rows}

    def _level_of_hit(self, h: ProjectHit) -> str | None:
        if h.hit.ifc_class == "IfcSpace":
            storeys = resolve.storeys_of(self.indexes[h.file], [h.hit.guid])
            return self.level_name(h.file, storeys[0]) if storeys else None
        return h.level

    def _holding(self, plan: Plan, lead: str, hits: list[ProjectHit], label: str, scope: str,
                 rooms_rule: str) -> dict[str, Any]:
        """ "Which rooms on Level 1 have a power outlet": the spaces (of the storeys named) holding a hit."""
        held = Counter(h.location.space.guid for h in hits if h.location is not None and h.location.space is not None)
        spaces = [s for s in self.spaces_on(self._room_storeys(lead, plan)) if held.get(s.guid)]
        rows = [self._space_row(s, held[s.guid]) for s in spaces]
        shown = ", ".join(f"{s.name}{' ' + s.long_name if s.long_name else ''} ({held[s.guid]})" for s in spaces)
        text = (f"{len(rows)} spaces {scope} hold {label}: {shown}." if rows
                else f"No space {scope} holds any {label}.")
        return {"elements": rows, "count": len(rows), "answer": text,
                "rule": f"spaces of {self.reference} {scope} holding {label}{rooms_rule}"}

    def _space_row(self, space: Element, holds: int) -> dict[str, Any]:
        """A reference space as an answer row, with how many of the asked elements it holds."""
        index = self.indexes[self.reference]
        storey = index.data.elements[space.storey].guid if space.storey is not None else None
        return {"guid": f"{self.reference}#{space.guid}", "file": self.reference, "file_guid": space.guid,
                "class": space.ifc_class, "name": space.name, "long_name": space.long_name,
                "storey": self.level_name(self.reference, storey), "holds": holds}

    def _every_room(self, plan: Plan, hits: list[ProjectHit], label: str) -> dict[str, Any]:
        """ "Is there a light fixture in every bedroom": each space the rooms name holds one."""
        held = Counter(h.location.space.guid for h in hits if h.location is not None and h.location.space is not None)
        index = self.indexes[self.reference]
        spaces = [index.find(g) for r in plan.rooms for g in r.guids]
        empty = [s.name or s.guid for s in spaces if s is not None and not held.get(s.guid)]
        yes = bool(spaces) and not empty
        terms = " or ".join(repr(r.term) for r in plan.rooms)
        text = (f"Yes: each of the {len(spaces)} spaces named like {terms} holds {label}." if yes
                else f"No: {len(empty)} of the {len(spaces)} spaces named like {terms} hold no {label}: "
                     + ", ".join(empty) + ".")
        return {"yes_no": yes, "count": len(hits), "answer": text, "elements": self._rows(hits)}

    def _per_space(self, plan: Plan, lead: str, hits: list[ProjectHit], label: str, scope: str) -> dict[str, Any]:
        held = Counter(h.location.space.guid for h in hits if h.location is not None and h.location.space is not None)
        spaces = self.spaces_on(self._room_storeys(lead, plan))
        if not held:
            return {"answer": f"No room holds any {label} {scope}.", "elements": []}
        if plan.intent == "breakdown":  # "how many outlets per room": every space with its count
            ranked = sorted(spaces, key=lambda s: (-held.get(s.guid, 0), s.name or ""))
            rows = [self._space_row(s, held.get(s.guid, 0)) for s in ranked]
            shown = ", ".join(f"{s.name}{' ' + s.long_name if s.long_name else ''}: {held.get(s.guid, 0)}"
                              for s in ranked[:25])
            more = f" and {len(ranked) - 25} more spaces" if len(ranked) > 25 else ""
            return {"answer": f"{label[:1].upper()}{label[1:]} per room ({scope}): {shown}{more}.", "elements": rows,
                    "rule": f"{label} located in each space of {self.reference} {scope}, counted per space"}
        best = (min if plan.least else max)(held.get(s.guid, 0) for s in spaces)
        chosen = [s for s in spaces if held.get(s.guid, 0) == best]
        rows = [self._space_row(s, best) for s in chosen]
        names = ", ".join(f"{s.name}{' ' + s.long_name if s.long_name else ''}" for s in chosen)
        return {"answer": f"{names}: the {'fewest' if plan.least else 'most'} {label} ({best}).", "elements": rows}

    def _measured(self, plan: Plan, hits: list[ProjectHit], measure: Any, label: str,
                  scope: str) -> dict[str, Any]:
        """Sums, means, largest and smallest of a quantity over every file's hits (one unit, else declined)."""
        per_file = []
        for file in self.files:
            mine = [h for h in hits if h.file == file]
            if mine:
                agg = resolve.aggregate(self.indexes[file], [h.hit.guid for h in mine], measure)
                if agg.per_element:
                    per_file.append((file, agg))
        if not per_file:
            return {"answer": f"None of the {len(hits)} {label} {scope} has a {measure.quantity}, so I give no "
                    "number.", "elements": []}
        units = {agg.unit for _file, agg in per_file}
        if len(units) > 1:
            return {"answer": f"The files give {measure.quantity} in different units ({', '.join(map(str, units))}),"
                    " so I give no number.", "elements": []}
        values = {(file, guid): v for file, agg in per_file for guid, v in agg.per_element.items()}
        op = per_file[0][1].op
        numbers = list(values.values())
        number = {"sum": sum(numbers), "mean": sum(numbers) / len(numbers), "max": max(numbers),
                  "min": min(numbers)}.get(op, sum(numbers))
        quantity, source, unit = per_file[0][1].quantity, per_file[0][1].source, per_file[0][1].unit
        kept = [h for h in hits if (h.file, h.hit.guid) in values]
        if op in ("max", "min"):
            kept = [h for h in kept if values[(h.file, h.hit.guid)] == number]
        words = {"sum": "total", "mean": "mean", "max": "largest", "min": "smallest"}.get(op, op)
        rule = f"{words} {quantity} of the {len(values)} {label} {scope}"
        missing = len(hits) - len(values)
        note = f" {missing} more {label} have no {quantity} and are not counted." if missing else ""
        return {"value": {"number": round(number, 6), "unit": unit, "op": op, "quantity": quantity, "source": source},
                "rule": rule, "answer": f"{rule[:1].upper()}{rule[1:]}: {round(number, 6):g} {unit or ''} ({source})."
                + note, "elements": self._rows(kept)}

    # -- text helpers ---------------------------------------------------------------------------------------
    def _scope(self, lead: str, plan: Plan) -> str:
        if not plan.storeys and not plan.exclude:
            return "in the project"
        names = [self.level_name(lead, g) or g for g in plan.storeys]
        excluded = [self.level_name(lead, g) or g for g in plan.exclude]
        if not plan.storeys:
            return "outside " + " or ".join(excluded)
        text = "on " + " and ".join(names)
        return text + (f" (not {' or '.join(excluded)})" if excluded else "")

    def _by_file(self, hits: list[ProjectHit]) -> str:
        per = Counter(h.file for h in hits)
        return " (" + ", ".join(f"{n} in {file}" for file, n in per.items()) + ")" if len(per) > 1 else (
            f" (all in {next(iter(per))})" if per else "")

    def _names(self, hits: list[ProjectHit]) -> str:
        shown = "; ".join(f"{h.hit.name or h.hit.ifc_class}" + (f" in {h.location.space_name}" if h.location and
                          h.location.space_name else "") + (f" on {h.level}" if h.level else "") for h in hits[:SHOWN])
        return shown + (f" and {len(hits) - SHOWN} more." if len(hits) > SHOWN else ".")

    def _rows(self, hits: list[ProjectHit]) -> list[dict[str, Any]]:
        order = {name: i for i, name in enumerate(self.levels())}
        ranked = sorted(hits, key=lambda h: (order.get(h.level or "", len(order)), self.files.index(h.file),
                                             h.hit.ifc_class, h.hit.name or "", h.hit.guid))
        rows = []
        for h in ranked:
            row: dict[str, Any] = {"guid": h.ref, "file": h.file, "file_guid": h.hit.guid, "class": h.hit.ifc_class,
                                   "name": h.hit.name, "storey": h.level}
            if h.location is not None and h.location.space is not None:
                row |= {"space": str(h.location.space), "space_name": h.location.space_name, "via": h.location.how}
            rows.append(row)
        return rows


def _any_room(reading: Reading, plan: Plan) -> bool:
    """Whether the hits are to be located in any space (of the storeys named): "in the rooms of Level 1", "which
    rooms have", "which room has the most"."""
    return reading.all_rooms is not None or reading.holding is not None or (
        plan.group_by == "space" and not plan.rooms)


def _refused(plan: Plan) -> bool:
    return any(note.startswith("refused") for note in plan.notes)


def _refilter(parser: Parser, wanted: ClassFilter) -> ClassFilter:
    """The same class group or kind, resolved for another file's schema (the filter as is when the key is no
    class group: an explicit IFC class name)."""
    try:
        return parser.class_filter(wanted.kind or wanted.key)
    except (KeyError, ValueError):
        return wanted


def _whole_file(schema: str, wanted: ClassFilter, file: str) -> ClassFilter:
    """Every element of a discipline's file (IfcElement but features and virtual elements), under the label
    of the class group that named the discipline."""
    left_out = set(subclasses(schema, "IfcFeatureElement")) | set(subclasses(schema, "IfcVirtualElement"))
    classes = tuple(c for c in subclasses(schema, "IfcElement") if c not in left_out)
    return ClassFilter(wanted.key, wanted.label, classes, note=f"every element of {file} (its discipline)")


def _labels(plan: Plan) -> list[str]:
    return [c.label for c in plan.classes]


def _plan_dict(plan: Plan) -> dict[str, Any]:
    d = plan.to_dict()
    return {key: d[key] for key in ("intent", "storey_names", "rooms", "qualifiers", "measure", "threshold",
                                    "asks_storey", "group_by", "declined") if key in d} | {
        "classes": [c["label"] for c in d.get("classes", [])]}


def _empty(question: str) -> dict[str, Any]:
    return {"question": question, "answer": None, "elements": [], "plan": {}, "route": "project", "timings_ms": {},
            "declined": None, "count": None, "value": None, "yes_no": None, "storeys": None, "rule": None}


def _timed(answer: dict[str, Any], start: float) -> dict[str, Any]:
    answer["timings_ms"] = {"total": round((time.perf_counter() - start) * 1000, 3)}
    return {key: answer[key] for key in ANSWER_KEYS}
