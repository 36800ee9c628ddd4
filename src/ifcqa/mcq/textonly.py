"""The text-only guesser: answers an item from its question and option texts alone, without the model.

It stands for a reader who matches strings: every option is scored by its overlap with the question
(the option's whole text inside the question, shared words, shared numbers, word stems such as
``wall`` in ``IfcWallStandardCase`` and in "Basic Wall:...", and words of the option inside longer
words of the question). The highest-scoring option is chosen (the first on a tie); multi-choice
items get every option with a positive score. With no overlap at all it guesses like the ``random``
baseline (one label, or a non-empty subset for multi-choice items, drawn uniformly), from an RNG
seeded by the item id: deterministic, and needing nothing but the item.

Two uses: the ``text-only`` baseline agent (:mod:`ifcqa.agents.baselines`) and the pipeline's leak
check (:func:`leaks`): an item whose key the guesser picks on a signal, or whose key text is in
the question, is re-phrased or skipped.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache

from ifcqa.mcq.items import Item
from ifcqa.mcq.text import NO, YES, normalise

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"\d+(?:\.\d+)?|[^\W\d_]+")
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")
_GUID = re.compile(r"(?<![0-9A-Za-z_$])[0-3][0-9A-Za-z_$]{21}(?![0-9A-Za-z_$])")  # a GlobalId: no words in it
# Words every question or option may carry: no signal in them.
_STOP_WORDS = (
    "a an and are as at be by count de der die do does element elements for from has have i in is it its "
    "of on or s set that the this to what which with ifc type types model property quantity value global id"
)
_STOP = frozenset(_STOP_WORDS.split(" "))
WHOLE_TEXT = 3.0  # the option's whole text is in the question
NUMBER_MATCH = 2.0  # a number of the option is a number of the question
WORD_MATCH = 1.0  # a word (or its stem) of the option is a word of the question
PART_MATCH = 0.5  # a word of 4+ letters of the option is inside a longer word of the question


def words(text: str) -> list[str]:
    """Lower-case words of ``text``: class names split at capitals (``IfcWallStandardCase`` -> wall, standard, case)."""
    return list(_words(text))


@lru_cache(maxsize=1 << 14)  # a question is read once per option, an option once per phrasing
def _words(text: str) -> tuple[str, ...]:
    text = _GUID.sub(" ", text)
    text = _CAMEL.sub(" ", text.replace("Ifc", " ").replace("²", "").replace("³", ""))
    out = []
    for raw in _WORD.findall(normalise(text)):
        if _NUMBER.match(raw):
            out.append(_number(raw))
        elif len(raw) > 1:  # single letters (x, m) say nothing
            out.append(raw)
    return tuple(out)


def _number(text: str) -> str:
    return text.rstrip("0").rstrip(".") if "." in text else text.lstrip("0") or "0"


@lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    if word.isdigit() or len(word) <= 3:
        return word
    for suffix in ("ies", "es", "s", "ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def contains_phrase(haystack: str, needle: str) -> bool:
    r"""Whether ``needle`` is in ``haystack`` as a whole word or run of words: no letter or digit right before or
    after it (what ``(?<![^\W_])needle(?![^\W_])`` finds, without compiling a pattern per needle)."""
    size = len(needle)
    at = haystack.find(needle)
    while at != -1:
        end = at + size
        if (at == 0 or not haystack[at - 1].isalnum()) and (end >= len(haystack) or not haystack[end].isalnum()):
            return True
        at = haystack.find(needle, at + 1)
    return False


@lru_cache(maxsize=1 << 12)  # one question is scored against each of its options
def _question_words(question: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The question's word stems (stop words aside) and its words of 5+ letters."""
    q_words = words(question)
    return frozenset(_stem(w) for w in q_words if w not in _STOP), tuple(w for w in q_words if len(w) >= 5)


def option_score(question: str, option: str) -> float:
    """How much ``option`` overlaps ``question`` (0 when nothing is shared)."""
    if option in (YES, NO):
        return 0.0
    q_norm, o_norm = normalise(question), normalise(option)
    score = WHOLE_TEXT if len(o_norm) >= 2 and contains_phrase(q_norm, o_norm) else 0.0
    q_stems, q_long = _question_words(question)
    for word in dict.fromkeys(words(option)):
        if word in _STOP:
            continue
        if _stem(word) in q_stems:
            score += NUMBER_MATCH if _NUMBER.match(word) else WORD_MATCH
        elif len(word) >= 4 and not word.isdigit() and any(word in w for w in q_long):
            score += PART_MATCH
    return score


@dataclass(frozen=True)
class Guess:
    """The guesser's answer to one item, with every option's score."""

    labels: list[str]
    scores: dict[str, float]  # label -> score
    signal: bool  # some option overlaps the question (else the first option was taken)


def _blind(question_type: str, labels: list[str], seed_key: str) -> list[str]:
    rng = random.Random(f"text-only:{seed_key}")
    if question_type != "multi":
        return [rng.choice(labels)]
    mask = rng.randrange(1, 1 << len(labels))  # uniform over the non-empty subsets
    return sorted(label for bit, label in enumerate(labels) if mask >> bit & 1)


def guess(question: str, question_type: str, options: list[tuple[str, str]], seed_key: str = "") -> Guess:
    """Answer from texts alone: ``options`` as ``(label, text)`` pairs in their order.

    ``seed_key`` (the item id) seeds the blind guess made when no option overlaps the question.
    """
    scores = {label: option_score(question, text) for label, text in options}
    best = max(scores.values(), default=0.0)
    if best <= 0:
        return Guess(_blind(question_type, [label for label, _ in options], seed_key), scores, False)
    if question_type == "multi":
        return Guess(sorted(label for label, s in scores.items() if s > 0), scores, True)
    return Guess([next(label for label, _ in options if scores[label] == best)], scores, True)


def guess_item(item: Item) -> Guess:
    """:func:`guess` on an item's public parts (question, type, options)."""
    return guess(item.question, item.question_type, [(o.label, o.text) for o in item.options], item.id)


def text_only_labels(item: Item) -> list[str]:
    """The labels the text-only guesser selects for ``item``."""
    return guess_item(item).labels


# -- name patterns: the odd one out --------------------------------------------------------------------
# Revit names an instance "Family:Type:Id" and rooms "A204 Bathroom": the options of one answer often share a
# pattern the others lack. Each option text gets its pattern features, most specific first.
PATTERNS = ("stem", "masked", "family", "block", "word")


def name_features(text: str) -> dict[str, str]:
    """Pattern kind -> feature of an option text: Revit stem ("Family:Type" of "Family:Type:Id"), the text with
    numbers masked, its first ':'-part, the letters before a room number's digits ("A" of "A204"), each word.

    Words come as ``word:<w>`` keys (one per word). A GlobalId has no pattern: it is dropped first.
    """
    return dict(name_feature_items(text))


@lru_cache(maxsize=1 << 16)  # distractors are ranked against the keys for every candidate: the same names recur
def name_feature_items(text: str) -> tuple[tuple[str, str], ...]:
    """:func:`name_features` as (kind, feature) pairs, computed once per text."""
    text = normalise(_GUID.sub(" ", text))
    if not text:
        return ()
    out: dict[str, str] = {}
    if ":" in text:
        out["stem"] = text.rsplit(":", 1)[0]
        out["family"] = text.split(":", 1)[0]
    out["masked"] = re.sub(r"\d+(?:\.\d+)?", "#", text)
    block = re.match(r"^([^\W\d_]+)\d", text)
    if block:
        out["block"] = block.group(1)
    for word in dict.fromkeys(words(text)):
        if word not in _STOP and not _NUMBER.match(word):
            out[f"word:{word}"] = word
    return tuple(out.items())


def pattern_groups(options: list[tuple[str, str]]) -> list[list[str]]:
    """Groups of option labels that share a name-pattern feature the other options lack (2 or more, not all).

    Most specific pattern first, then larger groups first; each group once.
    """
    features = {label: name_features(text) for label, text in options}
    groups: dict[tuple[str, str], list[str]] = {}
    for label, _ in options:
        for kind, value in features[label].items():
            groups.setdefault((kind.split(":", 1)[0], value), []).append(label)
    n = len(options)
    ranked = sorted(
        ((kind, members) for (kind, _), members in groups.items() if 2 <= len(members) < n),
        key=lambda kv: (PATTERNS.index(kv[0]), -len(kv[1])),
    )
    seen: set[tuple[str, ...]] = set()
    out = []
    for _, members in ranked:
        key = tuple(members)
        if key not in seen:
            seen.add(key)
            out.append(members)
    return out


def pattern_guess(item: Item) -> list[str] | None:
    """The odd-one-out guess of a multi-choice item: the largest option group sharing a name pattern, if any."""
    if item.question_type != "multi":
        return None
    groups = pattern_groups([(o.label, o.text) for o in item.options])
    if not groups:
        return None
    largest: list[str] = max(groups, key=len)
    return sorted(largest)


def leak_reason(item: Item) -> str | None:
    """Why ``item`` can be answered without the model, or ``None``.

    A leak is: a key's text (normalised, as a whole word or phrase) inside the question when no
    distractor's is; or the guesser separating the keys from the distractors: every key scores above
    every distractor, or (multi-choice) the guesser selects exactly the keys.
    Yes/No keys never leak by text; their questions are about facts, not names.
    """
    keys = set(item.answer)
    question = normalise(_GUID.sub(" ", item.question))
    inside = {
        option.label
        for option in item.options
        if option.text not in (YES, NO)
        and len(normalise(option.text)) >= 2
        and contains_phrase(question, normalise(option.text))
    }
    if inside & keys and not inside - keys:
        return "key text in the question"
    pattern = pattern_leak(item)
    if pattern is not None:
        return pattern
    guessed = guess_item(item)
    scores = guessed.scores
    key_scores = [s for label, s in scores.items() if label in keys]
    other = [s for label, s in scores.items() if label not in keys]
    if not key_scores or not other or not guessed.signal:
        return None
    if min(key_scores) > max(other):
        return "the text-only guesser picks the key"
    if item.question_type == "multi" and set(guessed.labels) == keys:
        return "the text-only guesser picks the key"
    return None


# The subtypes whose keys are siblings that authoring tools name alike: the instances of one type (Revit names
# them "Family:Type:Id"), the spaces or elements on one side of a boundary (rooms of one flat: "A203", "A204").
PATTERN_SUBTYPES = frozenset(
    (
        "relational.type.instances_of_type",
        "relational.boundaries.spaces_bounded_by_element",
        "relational.boundaries.elements_bounding_space",
    )
)


def pattern_leak(item: Item) -> str | None:
    """Why the options' name patterns give a multi-choice key away, or ``None``: the keys, and only they, share a
    pattern (Revit instances of one type share its "Family:Type" stem; rooms of one flat the block letter "A").

    Checked for :data:`PATTERN_SUBTYPES`, where the pattern follows from the answer; elsewhere options that
    share a word (the doors among windows) do so by chance, and ``bench/text_only.py`` reports the odd-one-out
    guesser on every subtype.
    """
    if item.subtype in PATTERN_SUBTYPES and pattern_exposed(item):
        return "the options' name pattern gives the key away"
    return None


def pattern_exposed(item: Item) -> bool:
    """Whether the keys of a multi-choice item, and only they, share a name pattern (any subtype)."""
    if item.question_type != "multi":
        return False
    keys = sorted(item.answer)
    return any(sorted(group) == keys for group in pattern_groups([(o.label, o.text) for o in item.options]))
