"""LLM phrasing of generated tasks: user turns and probe questions rewritten for naturalness, under guards.

The generator writes every task from templates first (:mod:`ifcqa.memory.generate`); with a chat model
(``ifcqa memory generate ... --model NAME``) :func:`phrase_task` then asks the model to reword each user
turn and the probe question. A rewrite is kept only when it passes every guard, else the template text
stays and the fallback is counted with its reason:

* ``protected``: every protected term of the template text survives verbatim: the model's names (storeys,
  spaces, elements, types, materials), storey aliases ("upper-floor"), room types, class words ("doors")
  and every token holding a digit. The request lists them, so the model knows.
* ``value dropped``: every key fact's (and superseded fact's) anchor the template text says ("EI 60",
  "85 EUR/m²", "QX4-") survives verbatim, in a sentence that keeps its revision cue when it had one
  (no memory drops a sentence any more, so the rule extractor's durability test is no longer asked). The
  key fact's ``statement`` becomes that sentence (its template sentence is kept in the task's
  ``metadata.phrasing.template_statements``).
* ``value gained``: no turn gains a key-fact value it did not say (anchor, or the number within 2% with
  its unit): distractor turns stay free of key facts, and a seeded turn says only its own.
* ``polarity changed``: the turn keeps its number of negations ("not", "no", "never", "won't", "kein",
  "nicht"...): "not in this phase" rewritten as "in this phase" keeps every value and flips the fact.
* ``answer leaked``: the probe gains neither the gold value nor any key fact's value, and stays a question.
* ``degenerate``: the reply is no rewrite: the prompt echoed ("KEEP:", "MESSAGE:"), the kept terms recited
  as a list, or a word looping. Such replies (SmolLM2-135M gave many) keep every value and protected term,
  so the guards above alone would let them through.
* ``error``: the request failed or the reply is empty or runaway (over 3x the template's length + 200).

Requests are deterministic (temperature 0, fixed prompts) and go through the client's response cache, so
a rerun reproduces the same task file. Assistant and tool turns are never rewritten (they come from real
tool runs). The task's ``metadata.phrasing`` records the model and, per user turn (``"s03/0"``: session,
turn position) and for the probe, which phrasing produced it (``template`` | ``llm``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ifcqa.memory.facts import REVISION, split_sentences
from ifcqa.memory.modelfacts import CLASS_WORDS, ModelFacts
from ifcqa.memory.scoring import has_value
from ifcqa.memory.tasks import KeyFact, Task

TURN_PROMPT = (
    "You rewrite one chat message that a member of a building project team sent to an AI assistant, so that it "
    "reads like a real person wrote it (vary the wording and sentence order, keep it about as long). Keep its "
    "meaning exactly: every statement, decision and question stays. Copy every term listed under KEEP exactly as "
    "written (same spelling, case and punctuation). Add no facts, numbers, values, names or units. Reply with the "
    "rewritten message only."
)
PROBE_PROMPT = (
    "You rephrase one question that a member of a building project team asks an AI assistant, so that it reads "
    "naturally. Keep it a question with exactly the same meaning. Copy every term listed under KEEP exactly as "
    "written. Do not answer it; add no facts, numbers, values, names or units. Reply with the question only."
)
MIN_NAME = 3  # shorter model names ("A", "01") are not protected as names (digit tokens still are)
_DIGIT_TOKEN = re.compile(r"[^\s,;:!?()\"']*\d[^\s,;:!?()\"']*")
LLM, TEMPLATE = "llm", "template"


@dataclass
class PhraseStats:
    """Counts over a generation: rewrites kept, and fallbacks to the template text by reason."""

    llm: int = 0
    template: int = 0
    fallbacks: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        return {"llm": self.llm, "template": self.template, "fallbacks": dict(self.fallbacks)}


class Phraser:
    """Rewrites texts with a chat model (a :class:`~ifcqa.llm.client.ChatClient` or compatible client).

    Args:
        client: Has ``complete(messages, temperature=...)`` and ``model``; its response cache makes reruns
            deterministic.
        workers: Requests in flight at once (within one task).
    """

    def __init__(self, client: Any, workers: int = 4) -> None:
        self.client = client
        self.model = str(getattr(client, "model", "llm"))
        self.workers = max(1, workers)
        self.stats = PhraseStats()

    def ask(self, kind: str, text: str, keep: list[str]) -> str | None:
        """The model's rewrite of ``text`` (``kind`` turn | probe), normalised; ``None`` when unusable."""
        prompt = PROBE_PROMPT if kind == "probe" else TURN_PROMPT
        listed = "\n".join(f"- {term}" for term in keep) or "- (none)"
        try:
            reply = self.client.complete(
                [
                    {"role": "system", "content": prompt},
                    {"role": "user", "content": f"KEEP:\n{listed}\nMESSAGE:\n{text}"},
                ],
                temperature=0,
                max_tokens=len(text) // 2 + 64,  # ~2x the text in tokens; a looping model stops here
            )
            content = reply.content
        except Exception:  # noqa: BLE001 - transport, refusal, malformed: the template text stays
            return None
        new = " ".join(str(content or "").split()).strip().strip('"').strip()
        if not new or len(new) > 3 * len(text) + 200:
            return None
        return new


class Vocabulary:
    """The protected terms of one model: names, storey aliases, room types and class words."""

    def __init__(self, mf: ModelFacts) -> None:
        names: set[str] = set(CLASS_WORDS.values())
        for s in mf.storeys:
            names.update(t for t in (s.name, s.alias) if t)
        names.update(mf.room_types)
        for e in mf.index.elements():
            names.update(str(t) for t in (e.name, e.long_name, *e.materials) if t)
        self.names = sorted((n.strip() for n in names if len(n.strip()) >= MIN_NAME), key=len, reverse=True)
        self._cache: dict[str, list[str]] = {}

    def protected(self, text: str) -> list[str]:
        """The terms of ``text`` a rewrite must keep verbatim (names as whole words, digit tokens)."""
        hit = self._cache.get(text)
        if hit is None:
            terms = {n for n in self.names if n in text and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}
            terms.update(m.group(0).rstrip(".") for m in _DIGIT_TOKEN.finditer(text) if m.group(0).rstrip("."))
            hit = self._cache[text] = sorted(terms)
        return hit


def _fold(text: str) -> str:
    return text.casefold()


def _says(text: str, fact: KeyFact) -> bool:
    return _fold(fact.anchor) in _fold(text) or has_value(text, fact.value, fact.unit)


_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nothing|neither|nor|without|cannot|kein\w*|nicht|nie)\b|n't\b", re.IGNORECASE
)


def negations(text: str) -> int:
    """How many negating words ``text`` holds ("not in this phase", "we won't", "kein ...")."""
    return len(_NEGATION.findall(text))


_WORD = re.compile(r"[^\W\d_]{3,}")
_PROMPT_MARKS = ("KEEP:", "MESSAGE:")


def degenerate(old: str, new: str) -> bool:
    """Whether ``new`` is no rewrite of ``old`` at all: the prompt echoed ("KEEP:", "MESSAGE:"), the kept-terms
    list recited as bullets ("- 120 - EI 120 - doors - doors ..."), or a word looping (found with a 135M model,
    whose such replies kept every value and protected term and so passed the other guards)."""
    if any(mark in new and mark not in old for mark in _PROMPT_MARKS):
        return True
    if new.count(" - ") >= 3 + old.count(" - ") or new.lstrip().startswith("- "):
        return True
    words, before = Counter(w.casefold() for w in _WORD.findall(new)), Counter(w.casefold() for w in _WORD.findall(old))
    return any(n >= 4 and n > 2 * before[w] + 1 for w, n in words.items())


def turn_problem(old: str, new: str, facts: Iterable[KeyFact], keep: list[str]) -> str | None:
    """Why the rewrite ``new`` of the user turn ``old`` is refused, or ``None``."""
    if degenerate(old, new):
        return "degenerate"
    if negations(new) != negations(old):
        return "polarity changed"  # "not in this phase" -> "in this phase" keeps every value and flips the fact
    for fact in facts:
        if fact.anchor in old:
            if fact.anchor not in new:
                return "value dropped"
            sentence = next((s for s in split_sentences(new) if fact.anchor in s), None)
            if sentence is None:
                return "value dropped"
            said = next((s for s in split_sentences(old) if fact.anchor in s), old)
            if any(c in said.casefold() for c in REVISION) and not any(c in sentence.casefold() for c in REVISION):
                return "value dropped"
        elif _says(new, fact) and not _says(old, fact):
            return "value gained"
    if any(t not in new for t in keep):
        return "protected"
    return None


def probe_problem(old: str, new: str, task: Task, keep: list[str]) -> str | None:
    """Why the rewrite ``new`` of the probe ``old`` is refused, or ``None``."""
    if degenerate(old, new):
        return "degenerate"
    if any(t not in new for t in keep):
        return "protected"
    gold = task.gold
    if has_value(new, gold.value, gold.unit) and not has_value(old, gold.value, gold.unit):
        return "answer leaked"
    if any(_says(new, f) and not _says(old, f) for f in [*task.key_facts, *task.superseded]):
        return "answer leaked"
    if "?" in old and "?" not in new:
        return "answer leaked"  # no longer a question: it may state the answer
    return None


def phrase_task(task: Task, phraser: Phraser, vocabulary: Vocabulary) -> None:
    """Rewrite the user turns and the probe of ``task`` in place (see the module docstring)."""
    facts = [*task.key_facts, *task.superseded]
    jobs: list[tuple[str, str, int]] = []  # (session id, turn | probe, turn position); the probe: ("", "probe", -1)
    for session in task.sessions:
        for i, turn in enumerate(session.turns):
            if turn.role == "user" and turn.content:
                jobs.append((session.id, "turn", i))
    jobs.append(("", "probe", -1))
    by_id = {s.id: s for s in task.sessions}

    def original(job: tuple[str, str, int]) -> str:
        sid, kind, pos = job
        return task.probe["question"] if kind == "probe" else str(by_id[sid].turns[pos].content)

    def keep_of(text: str) -> list[str]:
        anchors = [f.anchor for f in facts if f.anchor in text]
        return sorted({*vocabulary.protected(text), *anchors})

    requests = sorted({(job[1], original(job)) for job in jobs})
    with ThreadPoolExecutor(phraser.workers) as pool:
        replies = dict(zip(requests, pool.map(lambda r: phraser.ask(r[0], r[1], keep_of(r[1])), requests), strict=True))

    record: dict[str, str] = {}
    template_statements: dict[str, str] = {}
    reasons: Counter[str] = Counter()
    for job in jobs:
        sid, kind, pos = job
        old = original(job)
        new = replies[(kind, old)]
        keep = keep_of(old)
        if new is None:
            problem: str | None = "error"
        elif kind == "probe":
            problem = probe_problem(old, new, task, keep)
        else:
            problem = turn_problem(old, new, facts, keep)
        key = "probe" if kind == "probe" else f"{sid}/{pos}"
        if problem is not None or new is None:
            record[key] = TEMPLATE
            reasons[problem or "error"] += 1
            continue
        record[key] = LLM
        if kind == "probe":
            task.probe["question"] = new
            continue
        by_id[sid].turns[pos].content = new
        for fact in facts:  # the statement is the sentence as it is said now
            if fact.session == sid and fact.role == "user" and fact.anchor in old:
                sentence = next(s for s in split_sentences(new) if fact.anchor in s)
                template_statements[fact.id] = fact.statement
                fact.statement = sentence
    kept = sum(1 for v in record.values() if v == LLM)
    phraser.stats.llm += kept
    phraser.stats.template += len(record) - kept
    phraser.stats.fallbacks.update(reasons)
    task.metadata["phrasing"] = {
        "model": phraser.model,
        "probe": record.pop("probe"),
        "turns": record,
        "fallbacks": dict(reasons),
        "template_statements": template_statements,
    }


def template_phrasing(task: Task) -> dict[str, Any]:
    """``metadata.phrasing`` of a task written from templates only."""
    turns = {f"{s.id}/{i}": TEMPLATE for s in task.sessions for i, t in enumerate(s.turns) if t.role == "user"}
    return {"model": None, "probe": TEMPLATE, "turns": turns, "fallbacks": {}, "template_statements": {}}
