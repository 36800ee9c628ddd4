"""Turning a generator's draft into an item: sample the options, shuffle them, label them."""

from __future__ import annotations

import hashlib
import random

from ifcqa.mcq.generate._api import Draft, Skip
from ifcqa.mcq.items import LABELS, GeneratorInfo, Item, Option
from ifcqa.mcq.registry import GeneratorSpec
from ifcqa.mcq.taxonomy import SUBTYPES
from ifcqa.mcq.text import NO, YES


def assemble(draft: Draft, spec: GeneratorSpec, source_file: str, sha256: str, rng: random.Random) -> Item | Skip:
    """Build the item of a draft, or a :class:`Skip` when it cannot have valid options."""
    picked = _pick_options(draft, rng)
    if isinstance(picked, Skip):
        return picked
    correct, distractors = picked
    texts = correct + distractors
    rng.shuffle(texts)
    options = [Option(label=LABELS[i], text=t) for i, t in enumerate(texts)]
    answer = [o.label for o in options if o.text in correct]
    subtype = SUBTYPES.get(spec.subtype)
    provenance = dict(draft.provenance)
    if draft.option_elements:
        provenance["option_elements"] = {t: draft.option_elements[t] for t in texts if t in draft.option_elements}
    return Item(
        id=item_id(sha256, spec.subtype, draft.question, texts),
        source_file=source_file,
        source_sha256=sha256,
        group=subtype.group if subtype else "Custom",
        category=subtype.category if subtype else spec.subtype.rsplit(".", 1)[0],
        subtype=spec.subtype,
        question_type=draft.question_type,
        question=draft.question,
        options=options,
        answer=answer,
        provenance=provenance,
        generator=GeneratorInfo(name=spec.name, version=spec.version),
    )


def _pick_options(draft: Draft, rng: random.Random) -> tuple[list[str], list[str]] | Skip:
    correct, distractors = list(draft.correct), list(draft.distractors)
    if draft.question_type == "boolean":
        if len(correct) != 1 or correct[0] not in (YES, NO):
            return Skip("boolean draft without a Yes/No key")
        return correct, [NO if correct[0] == YES else YES]
    if not correct:
        return Skip("no correct option")
    if draft.question_type == "single":
        if len(correct) != 1:
            return Skip("single-choice draft with several keys")
        if len(distractors) < 2:
            return Skip("fewer than 2 distinct distractors")
        return correct, distractors[: min(4, len(distractors))]
    # multi: 3-5 options, at least one key and one distractor
    if not distractors or len(correct) + len(distractors) < 3:
        return Skip("too few options for a multi-choice item")
    n_correct = rng.randint(1, min(len(correct), 4))
    n_distractors = min(len(distractors), 5 - n_correct)
    if n_correct + n_distractors < 3:
        n_correct = min(len(correct), 3 - n_distractors)
    return rng.sample(correct, n_correct), rng.sample(distractors, n_distractors)


def item_id(sha256: str, subtype: str, question: str, texts: list[str]) -> str:
    """The stable id of an item: its subtype's short name and a digest of file, subtype, question and options."""
    digest = hashlib.sha256("\x1f".join([sha256, subtype, question, *sorted(texts)]).encode()).hexdigest()
    return f"{subtype.rsplit('.', 2)[-2]}-{digest[:12]}"
