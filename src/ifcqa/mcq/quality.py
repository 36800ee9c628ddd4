"""Benchmark validity checks of the generation side: leaks, re-phrasing, and near-duplicates.

A *leak* is an item that can be answered without the model (see :func:`ifcqa.mcq.textonly.leak_reason`).
The pipeline first re-phrases a leaking item (:func:`rephrasings`): the elements its question names
by Name are named by GlobalId instead, and options that stand for elements (``option_elements``)
show the element's GlobalId instead of its name. An item that leaks in every phrasing is skipped with
the reason :data:`LEAK`.

*Near-duplicates* are items of one model that ask the same template with the same answer. The
:class:`DuplicateGuard` of one model keeps at most :data:`MAX_PER_ANSWER` items per (subtype, answer)
and as many per (subtype, option set) (a model with two storeys offers every storey question the
same options); :func:`duplication` is the share of a
benchmark's items whose model, subtype and answer repeat, per subtype (``mcq stats`` and the manifest).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from ifcqa.mcq.items import Item, Option
from ifcqa.mcq.text import normalise, quote
from ifcqa.mcq.textonly import leak_reason

LEAK = "leak"
DUPLICATE_ANSWER = "duplicate_answer"
SAME_OPTIONS = "same_options"
MAX_PER_ANSWER = 2  # items per (subtype, answer) per model

NameOf = Callable[[str], str | None]  # GlobalId -> Name (None when unknown)


def _question_by_guid(item: Item, name_of: NameOf) -> str:
    """The question with every element it names by Name (``provenance.elements``) named by GlobalId."""
    question = item.question
    for guid in item.provenance.get("elements", []):
        name = name_of(guid)
        if not name or quote(name) not in question:
            continue
        by_id = f"with GlobalId {quote(guid)}"
        question = question.replace(f"named {quote(name)}", by_id).replace(quote(name), by_id)
    return question


def _options_by_guid(item: Item) -> tuple[list[Option], dict[str, str]] | None:
    """Options that stand for elements shown as the elements' GlobalIds (``None`` when the item has none)."""
    mapping: dict[str, str] = item.provenance.get("option_elements", {})
    if not mapping or any(o.text not in mapping for o in item.options):
        return None
    options = [Option(label=o.label, text=mapping[o.text]) for o in item.options]
    return options, {mapping[o.text]: mapping[o.text] for o in item.options}


def rephrasings(item: Item, name_of: NameOf, new_id: Callable[[Item], str]) -> Iterator[Item]:
    """Other phrasings of ``item`` that name elements by GlobalId (question, then options, then both)."""
    question = _question_by_guid(item, name_of)
    by_guid = _options_by_guid(item)
    variants: list[tuple[str, tuple[list[Option], dict[str, str]] | None]] = []
    if question != item.question:
        variants.append((question, None))
    if by_guid is not None:
        variants.append((item.question, by_guid))
        if question != item.question:
            variants.append((question, by_guid))
    for text, options in variants:
        update: dict[str, object] = {"question": text}
        if options is not None:
            update["options"] = options[0]
            update["provenance"] = {**item.provenance, "option_elements": options[1]}
        variant = item.model_copy(update=update)
        yield variant.model_copy(update={"id": new_id(variant)})


def unleaked(item: Item, name_of: NameOf, new_id: Callable[[Item], str]) -> Item | None:
    """``item`` when it does not leak, else its first phrasing that does not, else ``None``."""
    if leak_reason(item) is None:
        return item
    return next((v for v in rephrasings(item, name_of, new_id) if leak_reason(v) is None), None)


def answer_signature(item: Item) -> tuple[str, ...]:
    """What makes two items of one subtype and model "the same answer": the key texts, normalised.

    A Yes/No key says little on its own, so boolean items add the fact asked (property or class).
    """
    keys = sorted(normalise(item.option_text(label)) for label in item.answer)
    if item.question_type == "boolean":
        keys += [str(item.provenance.get(k, "")) for k in ("pset", "property", "ifc_class", "qto", "quantity")]
    return (item.subtype, *keys)


def option_signature(item: Item) -> tuple[str, frozenset[str]]:
    """The subtype and the option set, normalised (order and labels ignored)."""
    return item.subtype, frozenset(normalise(o.text) for o in item.options)


class DuplicateGuard:
    """Near-duplicate control for the items of one model."""

    def __init__(self, max_per_answer: int | None = MAX_PER_ANSWER) -> None:
        self.max_per_answer = max_per_answer
        self.answers: Counter[tuple[str, ...]] = Counter()
        self.option_sets: Counter[tuple[str, frozenset[str]]] = Counter()

    def reason(self, item: Item) -> str | None:
        """Why ``item`` would be a near-duplicate of items already kept, or ``None``."""
        limit = self.max_per_answer
        if item.question_type != "boolean" and limit is not None and self.option_sets[option_signature(item)] >= limit:
            return SAME_OPTIONS
        if self.max_per_answer is not None and self.answers[answer_signature(item)] >= self.max_per_answer:
            return DUPLICATE_ANSWER
        return None

    def refuses_every_phrasing(self, item: Item) -> str | None:
        """Why ``item`` would be a near-duplicate however :func:`rephrasings` phrase it, or ``None``.

        Re-phrasing changes the option texts only when the options stand for elements (then they show
        GlobalIds), never the question type or the provenance the signatures read: when the item and its
        by-GlobalId options are both refused, the item is refused whatever the leak check makes of it,
        and the pipeline skips it before the costlier screen, leak check and verification.
        """
        reason = self.reason(item)
        if reason is None:
            return None
        by_guid = _options_by_guid(item)
        if by_guid is not None and self.reason(item.model_copy(update={"options": by_guid[0]})) is None:
            return None
        return reason

    def keep(self, item: Item) -> None:
        """Record a retained item."""
        self.answers[answer_signature(item)] += 1
        self.option_sets[option_signature(item)] += 1


def duplication(items: Iterable[Item]) -> dict[str, float]:
    """Per subtype: the share of items whose model, subtype and answer are shared with another item."""
    listed: Sequence[Item] = list(items)
    counts = Counter((item.source_sha256, answer_signature(item)) for item in listed)
    per_subtype: dict[str, list[bool]] = {}
    for item in listed:
        per_subtype.setdefault(item.subtype, []).append(counts[(item.source_sha256, answer_signature(item))] > 1)
    return {subtype: round(sum(flags) / len(flags), 4) for subtype, flags in sorted(per_subtype.items())}
