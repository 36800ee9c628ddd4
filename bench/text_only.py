"""How far the text-only guesser beats chance, per subtype of a benchmark (issue 12's leak target).

Usage: python bench/text_only.py BENCH.jsonl [BENCH2.jsonl ...]

For every subtype: items, the text-only guesser's accuracy, the random baseline's expected accuracy
and its 95% interval on the same items (mean +- 1.96 sd of a sum of Bernoullis), and whether the
guesser is inside it; the guesser's accuracy with its blind guesses (no option overlaps the question) counted at
their expectation (``expected``: what the text gives, without the luck of the seeded blind draws: on the 79
blind ``type_of_element`` items of the 16 shared models, 300 other seeds gave 16.4 +- 3.3 hits where the item-id
seed gave 27, so 32.6% looked like a leak that the text did not cause) and whether that is inside the interval;
the duplication figure (share of items whose model, subtype and answer repeat); the odd-one-out guesser's
accuracy (``pattern``: the largest option group sharing a name pattern,
:func:`ifcqa.mcq.textonly.pattern_guess`; the text-only guess when no group exists) and the share of items whose
keys, and only they, share a pattern (``exposed``: what an odd-one-out guesser that picks the right pattern gets,
:func:`ifcqa.mcq.textonly.pattern_exposed`). Reads only the benchmark file: no model is opened.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ifcqa.eval.grading import chance_sd, expected_chance_accuracy
from ifcqa.mcq.benchfile import read_items
from ifcqa.mcq.items import Item
from ifcqa.mcq.quality import duplication
from ifcqa.mcq.textonly import guess_item, pattern_exposed, pattern_guess, text_only_labels


def _expected_hit(item: Item) -> float:
    """1 or 0 when the guesser answers on a signal; the blind guess's chance of being right otherwise."""
    guessed = guess_item(item)
    if guessed.signal:
        return float(sorted(guessed.labels) == sorted(item.answer))
    return expected_chance_accuracy([(item.question_type, len(item.options))])


def report(bench: Path) -> None:
    items = read_items(bench)
    by_subtype: dict[str, list[Item]] = {}
    for item in items:
        by_subtype.setdefault(item.subtype, []).append(item)
    dup = duplication(items)
    print(f"\n{bench} ({len(items)} items)")
    print(
        f"{'subtype':48} {'n':>5} {'text-only':>9} {'random':>7} {'95% interval':>15} inside expected inside"
        "  dup. pattern exposed"
    )
    correct_all = 0
    outside = 0
    for subtype, members in sorted(by_subtype.items()):
        shape = [(item.question_type, len(item.options)) for item in members]
        mean, sd = expected_chance_accuracy(shape), chance_sd(shape)
        low, high = max(0.0, mean - 1.96 * sd), min(1.0, mean + 1.96 * sd)
        correct = sum(sorted(text_only_labels(item)) == sorted(item.answer) for item in members)
        expected = sum(_expected_hit(item) for item in members) / len(members)
        exposed = sum(pattern_exposed(item) for item in members) / len(members)
        guessed = [sorted(pattern_guess(item) or text_only_labels(item)) for item in members]
        by_pattern = sum(g == sorted(item.answer) for g, item in zip(guessed, members, strict=True)) / len(members)
        correct_all += correct
        accuracy = correct / len(members)
        inside = low <= accuracy <= high
        outside += not inside
        print(
            f"{subtype:48} {len(members):5d} {accuracy:9.1%} {mean:7.1%} {low:6.1%} - {high:6.1%} "
            f"{'yes' if inside else 'NO':>6} {expected:8.1%} {'yes' if low <= expected <= high else 'NO':>6} "
            f"{dup.get(subtype, 0.0):5.0%} {by_pattern:7.1%} {exposed:7.1%}"
        )
    shape = [(item.question_type, len(item.options)) for item in items]
    print(
        f"{'all':48} {len(items):5d} {correct_all / max(1, len(items)):9.1%} "
        f"{expected_chance_accuracy(shape):7.1%}   subtypes outside the interval: {outside}"
    )


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        report(Path(arg))
