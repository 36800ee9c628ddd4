"""Templated answers: readable text plus the element list it is about.

The text names elements by Name (or class when unnamed) and storeys by name; it never prints a
GlobalId, so it can never cite one that is not in the list. Long lists are cut in the text with the
count of the rest, and the element list is paged only when a page is asked for, saying so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ifcqa.ifc.globalids import reference_note
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial.classes import generic_named
from ifcqa.spatial.execute import Hit
from ifcqa.spatial.named_otherwise import asked_heads, named_otherwise
from ifcqa.spatial.parser import normalise
from ifcqa.spatial.plan import Plan, RoomRef
from ifcqa.spatial.storeys import UPSTAIRS_RULE, StoreyResolver
from ifcqa.spatial.vocabulary import COUNTED_LABELS, counted_form

NAMES_IN_TEXT = 10
GENERIC_SHOWN = 5  # elements a generic class hides, named in the note (Answerer._generic)
NONE_AT_ALL = " The model has none at all."

CAPABILITIES = (
    "I can answer questions about where elements are: which elements of a class are on a storey "
    "(\"What doors are on Level 1?\"), how many (\"How many windows are on the ground floor?\"), whether "
    "there are any (\"Are there pumps in the basement?\"), which storey has the most of a class, per-storey "
    "breakdowns (\"How many walls per floor?\"), and everything on a storey, also with negation "
    "(\"everything not on Level 1\") and several storeys (\"floors 1 and 2\"); in English or German."
)


def _join(items: Sequence[str], word: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def counted(labels: Sequence[str], n: int) -> str:
    """The class labels for ``n`` elements: "1 door", "2 doors", "12 pieces of HVAC equipment"."""
    forms = [counted_form(label, n) for label in labels]
    return _join(forms, "or" if n == 1 else "and") or ("element" if n == 1 else "elements")


def _is_mass(labels: Sequence[str]) -> bool:
    """A single uncountable label ("HVAC equipment", "furniture"): "there is no furniture"."""
    return len(labels) == 1 and COUNTED_LABELS.get(labels[0], ("", ""))[1].startswith("pieces of")


def _as_asked(plan: Plan, term: str) -> str:
    """``term`` (lower-cased by the parser) as the question wrote it ("UG", not "ug"), when it can be found."""
    term = term.strip()
    found = re.search(re.escape(term).replace(r"\ ", r"\s+"), plan.question, re.IGNORECASE)
    return found.group(0) if found else term


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Answerer:
    """Writes answers for one model (needs its storeys for names and order)."""

    def __init__(self, resolver: StoreyResolver, index: ModelIndex | None = None) -> None:
        self.resolver = resolver
        self.index = index
        self.rank = {s.guid: s.rank for s in resolver.storeys}

    def storey_name(self, guid: str | None) -> str | None:
        if guid is None:
            return None
        return self.resolver.labels.get(guid, guid)

    def sort(self, hits: Sequence[Hit]) -> list[Hit]:
        big = len(self.rank) + 1
        return sorted(
            hits, key=lambda h: (self.rank.get(h.storey or "", big), h.ifc_class, h.name or "", h.guid or "", h.step_id)
        )

    def element_rows(self, hits: Sequence[Hit]) -> list[dict[str, Any]]:
        rows = []
        for h in hits:
            row: dict[str, Any] = {"guid": h.guid, "class": h.ifc_class, "name": h.name}
            row["storey"] = self.storey_name(h.storey)
            element = self.index.data.elements.get(h.step_id) if self.index is not None else None
            if element is not None and element.guid_issue is not None:  # the step id is what identifies it
                row |= {"id": element.id, "guid_note": reference_note(element.guid_issue, element.guid, element.id)}
            rows.append(row)
        return rows

    def scope(self, plan: Plan) -> str:
        """Where the answer looks, naming the storeys and the words they were read from: "on Level 1 (ground floor)"."""
        ordered = sorted(plan.exclude, key=lambda g: self.rank.get(g, 0))
        excluded = _join([self.storey_name(g) or g for g in ordered], "or")
        said = self._said(plan, negated=True)
        if not plan.storeys and plan.exclude:  # every storey excluded: only elements outside storeys are left
            return f"outside {excluded}{said} (the model has no other storey)"
        if not plan.storeys:
            return "in the model"
        included = _join([self.storey_name(g) or g for g in plan.storeys]) + self._said(plan, negated=False)
        if plan.exclude:
            terms = self._terms(plan, negated=True, quote_fuzzy=True)
            return f"on {included} (every storey except {excluded}" + (f", i.e. {', '.join(terms)})" if terms else ")")
        return "on " + included

    def _said(self, plan: Plan, *, negated: bool) -> str:
        """The question's own words for storeys it named by alias, ordinal or a misspelling: " (ground floor)"."""
        terms = self._terms(plan, negated=negated)
        return f" ({', '.join(terms)})" if terms else ""

    def _terms(self, plan: Plan, *, negated: bool, quote_fuzzy: bool = False) -> list[str]:
        names = {normalise(self.storey_name(g) or "") for g in (plan.exclude if negated else plan.storeys)}
        terms = []
        for m in plan.mentions:
            if m.negated != negated or not m.storeys or normalise(m.term) in names or m.how == "alias:all":
                continue
            words = _as_asked(plan, m.term)
            if m.how.startswith("alias") and re.match(r"(?:upstairs|oben)\b", normalise(m.term)):
                words += f": {UPSTAIRS_RULE}"  # which storey "upstairs" is, said (an attic is not)
            if m.how.startswith("fuzzy"):
                words = repr(words) if quote_fuzzy else f"read from {words!r}"
            terms.append(words)
        if not negated:  # round 13: a set of storeys said by its place ("the two lower floors"), which they are
            terms.extend(f"{_as_asked(plan, t)}, by elevation" for t in plan.resolved.get("storey_sets", []))
        return list(dict.fromkeys(t for t in terms if t))

    def label(self, plan: Plan) -> str:
        """The class labels with the plan's qualifiers and rooms: "doors with Pset_DoorCommon.IsExternal = TRUE"."""
        return (_join([c.label for c in plan.classes]) or "elements") + self.narrowing(plan)

    def narrowing(self, plan: Plan, *, qualifiers: bool = True) -> str:
        """What narrows the classes: " with Pset_WallCommon.LoadBearing = TRUE bounding 'room A203'" (or "")."""
        text = ""
        quals = [("not " if q.negated else "") + q.rule for q in plan.qualifiers] if qualifiers else []
        if quals:
            text += " with " + " and ".join(quals)
        if plan.rooms:
            how = {"of": "bounding", "in": "in", "subject": "named like"}[plan.rooms[0].role]
            shown = [r for r in plan.rooms if not r.negated]
            if shown:
                text += f" {how} " + _join([self._room_term(plan, r) for r in shown], "or")
            others = [r for r in plan.rooms if r.negated]
            if others:
                text += (" and" if shown else "") + f" not {how} " + _join(
                    [repr(_as_asked(plan, r.term)) for r in others], "or")
        if plan.exclude_classes:
            text += " except " + _join([c.label for c in plan.exclude_classes], "and")
        return text

    def _room_term(self, plan: Plan, room: RoomRef) -> str:
        """A room as asked, with the spaces it was read as when a function word found them and their names do not
        hold the word ("'pantry' (read as kitchen: Kitchen5)"): a reading is never silent."""
        term = repr(_as_asked(plan, room.term))
        if self.index is None or not room.how.startswith("function:") or not room.guids:
            return term
        spaces = [self.index.with_guid(g) for g in room.guids]  # (elements sharing a GlobalId: the first is named)
        names = [e.name or e.long_name or "unnamed" for same in spaces for e in same[:1]]
        texts = [normalise(f"{e.name or ''} {e.long_name or ''}") for same in spaces for e in same]
        if any(normalise(room.term) in text for text in texts):
            return term
        shown = _join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        return f"{term} (read as {room.how.split(':', 1)[1]}: {shown})"

    def declined(self, plan: Plan) -> str:
        """Why the question is declined, what was not understood, and what can be asked instead."""
        declined = plan.declined or {}
        reason = str(declined.get("reason", "I could not tell what to look for"))
        text = f"I cannot answer this: {reason}, so nothing is listed."
        can = str(declined.get("can_answer", ""))
        storeys = _join(self.resolver.names()) or "none"
        return f"{text} {can} Storeys of this model: {storeys}.".replace("  ", " ")

    def unanswerable(self, plan: Plan) -> str:
        storeys = _join(self.resolver.names()) or "none"
        head = "I could not tell what to look for in this question."
        if plan.unknown_words:
            head = (f"I know no element class for {' '.join(plan.unknown_words)!r}, so I list nothing rather than "
                    "guess.")
        return f"{head} {CAPABILITIES} Storeys of this model: {storeys}."

    def retrieved(self, plan: Plan, hits: Sequence[Hit], long_names: dict[str, str]) -> str:
        shown = [
            f"{h.name or 'unnamed ' + h.ifc_class}"
            + (f" {long_names[h.guid]}" if h.guid in long_names else "")
            + f" ({h.ifc_class}"
            + (f", on {self.storey_name(h.storey)})" if h.storey else ")")
            for h in hits
        ]
        if plan.unknown_words:
            head = f"I know no element class for {' '.join(plan.unknown_words)!r}"
        else:
            head = "The question names no storey and no element class"
        where = f" {self.scope(plan)}" if plan.storeys else ""
        return (
            f"{head}, so these are the closest matches by text{where} (names, types, property values), best first, "
            f"not a class filter: {'; '.join(shown)}."
        )

    def unknown_storey(self, plan: Plan) -> str:
        terms = _join([repr(t) for t in plan.unresolved], "or")
        storeys = _join(self.resolver.names()) or "none (the model has no storeys)"
        return f"This model has no storey matching {terms}, so nothing is listed. Its storeys are: {storeys}."

    def text(self, plan: Plan, hits: Sequence[Hit], elsewhere: Sequence[Hit], page: dict[str, int] | None) -> str:
        label, scope, n = self.label(plan), self.scope(plan), len(hits)
        notes = "".join(f" {c.note}" for c in plan.classes if c.note)  # how a kind ("tables") was told apart
        if plan.intent == "most":
            return self._most(plan, hits) + notes
        if plan.intent == "breakdown":
            return self._breakdown(plan, hits) + notes
        labels = [c.label for c in plan.classes]
        notes += self._generic(plan)
        narrowing = self.narrowing(plan)
        if n == 0:
            be = "is" if _is_mass(labels) and not narrowing else "are"
            head = {"count": f"There {be} no {label} {scope}.", "exists": f"No: there {be} no {label} {scope}."}.get(
                plan.intent, f"No {label} found {scope}."
            )
            return head + self._none_named(plan, self._elsewhere(plan, elsewhere)) + notes
        what = counted(labels, n) + narrowing
        if plan.intent == "count":
            head = f"There {'is' if n == 1 else 'are'} {n} {what} {scope}"
        elif plan.intent == "exists":
            head = f"Yes: there {'is' if n == 1 else 'are'} {n} {what} {scope}"
        else:
            head = f"{n} {what} {scope}"
        split = ""
        if len(plan.storeys) > 1:  # several storeys asked: say how the total splits
            rows = self._per_storey(plan, hits)
            split = " Per storey: " + ", ".join(f"{self.storey_name(g)}: {k}" for g, k in rows) + "."
        return head + ": " + self._names(hits) + "." + split + self._page_note(page, n) + notes

    def display(self, hit: Hit) -> str:
        """How the text names an element: its Name, else "unnamed <class>" with its type's name when it has one."""
        if hit.name:
            return hit.name
        text = f"unnamed {hit.ifc_class}"
        if self.index is not None:
            element = self.index.data.elements.get(hit.step_id)
            kind = self.index.data.elements.get(element.type) if element is not None and element.type else None
            if kind is not None and kind.name:
                text += f" of type {kind.name}"
        return text

    def _names(self, hits: Sequence[Hit]) -> str:
        """Up to :data:`NAMES_IN_TEXT` distinct names, repeated ones counted ("7 x unnamed IfcFlowTerminal")."""
        counts = Counter(self.display(h) for h in hits)
        shown = list(counts.items())[:NAMES_IN_TEXT]
        more = len(hits) - sum(k for _, k in shown)
        names = ", ".join(f"{k} x {name}" if k > 1 else name for name, k in shown)
        return names + (f" and {more} more (all {len(hits)} are in the element list)" if more > 0 else "")

    def _page_note(self, page: dict[str, int] | None, total: int) -> str:
        if not page or page["returned"] >= total:
            return ""
        first, last = page["offset"] + 1, page["offset"] + page["returned"]
        note = f" The element list holds {first}-{last} of {total}"
        if last < total:
            note += f"; ask again with offset {last} for the next page"
        return note + "."

    def _elsewhere(self, plan: Plan, elsewhere: Sequence[Hit]) -> str:
        if not plan.storeys and plan.exclude:
            return ""
        # with a room or a property asked, "none at all" would deny the class itself (a model with 14 doors, none
        # bounding the kitchen): say that the narrowed question has no answer anywhere instead
        none = " None anywhere in the model either." if plan.rooms or plan.qualifiers else NONE_AT_ALL
        if not plan.storeys:
            if plan.unknown_classes:
                return f" The {self.resolver_schema_note(plan)}"
            return "" if plan.rooms or plan.qualifiers else none
        if not elsewhere:
            return none
        asked = set(plan.storeys)  # an inventory may skip what sits in the spaces of the asked storeys
        elsewhere = [h for h in elsewhere if h.storey not in asked]
        if not elsewhere:
            return ""
        counts = Counter(self.storey_name(h.storey) or "no storey" for h in elsewhere)
        return " Elsewhere in the model: " + ", ".join(f"{name} ({k})" for name, k in counts.items()) + "."

    def _none_named(self, plan: Plan, elsewhere: str) -> str:
        """``elsewhere``, unless it says the model has none at all while elements of other classes are named with
        the question's own word (:mod:`ifcqa.spatial.named_otherwise`): then those, named and not counted."""
        if self.index is None or not elsewhere.endswith(NONE_AT_ALL):
            return elsewhere
        skip = {e.id for wanted in plan.classes for e in generic_named(self.index, wanted)}  # _generic names them
        found = named_otherwise(self.index, plan, skip)
        if not found:
            return elsewhere
        classes = _join(sorted({c for wanted in plan.classes for c in wanted.classes}), "or")
        classes = f" ({classes})" if classes else ""
        shown = [f"{e.name or 'unnamed'} ({e.ifc_class}{self._on(e)})" for e in found[:GENERIC_SHOWN]]
        more = f" and {len(found) - GENERIC_SHOWN} more" if len(found) > GENERIC_SHOWN else ""
        heads = _join([repr(h) for h in asked_heads(plan)], "or")
        many = len(found) != 1
        return (f" No element of the model is classed as {self.label(plan)}{classes}, but {len(found)} "
                f"element{'s' if many else ''} of other classes {'are' if many else 'is'} named with {heads} (not "
                f"counted, since the model does not class {'them' if many else 'it'} so): {'; '.join(shown)}{more}.")

    def _on(self, element: Element) -> str:
        if self.index is None or element.storey not in self.index.data.elements:
            return ""
        return f", on {self.storey_name(self.index.key(self.index.data.elements[element.storey]))}"

    def _generic(self, plan: Plan) -> str:
        """A note on the elements in scope that a generic class hides (an ``IfcFlowStorageDevice`` named
        "Pufferspeicher" when tanks are asked): not counted, since the model does not class them so, but named."""
        if self.index is None:
            return ""
        elements = self.index.data.elements
        big = len(self.rank) + 1
        found: dict[int, tuple[int, str, str, str]] = {}  # step id -> its order, as the element list's, and text
        for wanted in plan.classes:
            for element in generic_named(self.index, wanted):
                storey = self.index.key(elements[element.storey]) if element.storey in elements else None
                if (plan.storeys and storey not in plan.storeys) or (plan.exclude and storey in plan.exclude):
                    continue
                on = f", on {self.storey_name(storey)}" if storey is not None else ""
                name = element.name or "unnamed"
                found[element.id] = (self.rank.get(storey or "", big), element.ifc_class, name,
                                       f"{name} ({element.ifc_class}{on})")
        if not found:
            return ""
        # no GlobalIds: the text names only those of the element list
        shown = [row[-1] for row in sorted(found.values())[:GENERIC_SHOWN]]
        more = f" and {len(found) - GENERIC_SHOWN} more" if len(found) > GENERIC_SHOWN else ""
        what = "element of a generic class is" if len(found) == 1 else "elements of generic classes are"
        return (f" Not counted: {len(found)} {what} named like {self.label(plan)}, though the model does not "
                f"class {'it' if len(found) == 1 else 'them'} so: {'; '.join(shown)}{more}.")

    def resolver_schema_note(self, plan: Plan) -> str:
        return f"schema of this model has no class for {_join(plan.unknown_classes)}."

    def _per_storey(self, plan: Plan, hits: Sequence[Hit]) -> list[tuple[str, int]]:
        guids = plan.storeys or [s.guid for s in self.resolver.storeys]
        counts = Counter(h.storey for h in hits)
        return [(g, counts.get(g, 0)) for g in guids]

    def _most(self, plan: Plan, hits: Sequence[Hit]) -> str:
        label = self.label(plan)
        rows = self._per_storey(plan, hits)
        if not rows:
            return f"This model has no storeys, so no storey has the most {label}."
        if not any(k for _, k in rows):
            return f"No storey has any {label}." + (NONE_AT_ALL if not hits else "")
        best = (min if plan.least else max)(k for _, k in rows)
        winners = [self.storey_name(g) or g for g, k in rows if k == best]
        word = "fewest" if plan.least else "most"
        ranked = sorted(rows, key=lambda r: (r[1] if plan.least else -r[1], self.rank.get(r[0], 0)))
        listing = ", ".join(f"{self.storey_name(g)} ({k})" for g, k in ranked)
        verb = "has" if len(winners) == 1 else "have"
        each = " each" if len(winners) > 1 else ""
        return f"{_join(winners)} {verb} the {word} {label} ({best}{each}). Per storey: {listing}."

    def _breakdown(self, plan: Plan, hits: Sequence[Hit]) -> str:
        label = self.label(plan)
        rows = self._per_storey(plan, hits)
        listing = ", ".join(f"{self.storey_name(g)}: {k}" for g, k in rows)
        outside = sum(1 for h in hits if h.storey is None or h.storey not in {g for g, _ in rows})
        extra = f", not on a storey: {outside}" if outside else ""
        return f"{_capital(label)} per storey: {listing}{extra} ({len(hits)} in total)."


GUID = re.compile(r"(?<![\w$])[0-3][0-9A-Za-z_$]{21}(?![\w$])")


def scrub(text: str, allowed: set[str]) -> str:
    """``text`` with every GlobalId-shaped word that is not in ``allowed`` replaced (a name may look like one)."""
    return GUID.sub(lambda m: m.group(0) if m.group(0) in allowed else "[GlobalId not listed]", text)


def most_hits(plan: Plan, hits: Sequence[Hit], resolver: StoreyResolver) -> list[Hit]:
    """The hits on the storey(s) with the most (or fewest) matching elements: what a 'most' answer cites."""
    guids = plan.storeys or [s.guid for s in resolver.storeys]
    counts = Counter(h.storey for h in hits)
    values = [counts.get(g, 0) for g in guids]
    if not values or not any(values):
        return []
    best = min(values) if plan.least else max(values)
    winners = {g for g in guids if counts.get(g, 0) == best}
    return [h for h in hits if h.storey in winners]
