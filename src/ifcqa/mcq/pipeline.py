"""The IFC-MCQ pipeline for one file: index -> generators -> items -> verifiers -> structural checks.

Per category, the subtypes' generators are drawn from in turn until ``cap`` items are retained or
every generator is exhausted. Each candidate is assembled, verified on the re-opened file by its
independent verifier, and structurally checked; what happens to it is counted per subtype (the
manifest's candidates / skipped / rejected / retained).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ifcopenshell

from ifcqa.ifc.open import open_model
from ifcqa.index.cache import IndexCache
from ifcqa.index.model_index import ModelIndex, load_index
from ifcqa.mcq.assemble import assemble
from ifcqa.mcq.checks import structural_problems
from ifcqa.mcq.generate._api import Draft, GenContext, Skip
from ifcqa.mcq.items import FileEntry, Item, SubtypeCounts
from ifcqa.mcq.registry import GeneratorSpec, get_generators, get_verifiers
from ifcqa.mcq.taxonomy import CATEGORIES

DEFAULT_SEED = 10
DEFAULT_CAP = 40


def rng_for(seed: int, sha256: str, subtype: str) -> random.Random:
    """The RNG of one subtype on one file: reproducible, independent of other subtypes."""
    return random.Random(f"{seed}:{sha256}:{subtype}")


def judge(model: ifcopenshell.file, item: Item) -> str | None:
    """Verify one item; ``None`` when it passes, else the reason it is rejected."""
    problems = structural_problems(item)
    if problems:
        return "structural: " + problems[0]
    verify = get_verifiers().get(item.subtype)
    if verify is None:
        return "no verifier registered"
    try:
        truth = verify(model, item)
    except Exception as exc:  # noqa: BLE001 — any verifier failure rejects the item, with its reason logged
        return f"verifier error: {type(exc).__name__}: {exc}"
    key = set(item.answer)
    if truth == key:
        return None
    if key < truth:
        return "structural: a distractor is also true"
    return "disagreement: verifier re-derived a different key"


def generate_for_file(
    path: str | Path,
    *,
    seed: int = DEFAULT_SEED,
    cap: int = DEFAULT_CAP,
    categories: list[str] | None = None,
    cache: IndexCache | None = None,
    use_cache: bool = True,
) -> tuple[list[Item], FileEntry]:
    """Generate, verify and keep up to ``cap`` items per category for one IFC file."""
    started = time.perf_counter()
    index = load_index(path, cache=cache, use_cache=use_cache)
    model = open_model(path)  # the verifiers' own reading of the file
    entry = FileEntry(path=str(path), sha256=index.data.source.sha256, schema=index.schema)
    items: list[Item] = []
    generators = get_generators()
    for category in categories or list(CATEGORIES):
        specs = [spec for code, spec in generators.items() if code.rsplit(".", 1)[0] == category]
        items.extend(_run_category(index, model, specs, str(path), seed, cap, entry))
    entry.seconds = round(time.perf_counter() - started, 3)
    return items, entry


def _run_category(
    index: ModelIndex,
    model: ifcopenshell.file,
    specs: list[GeneratorSpec],
    source_file: str,
    seed: int,
    cap: int,
    entry: FileEntry,
) -> list[Item]:
    sha = index.data.source.sha256
    streams: dict[str, tuple[GeneratorSpec, random.Random, Iterator[Draft | Skip]]] = {}
    for spec in specs:
        rng = rng_for(seed, sha, spec.subtype)
        streams[spec.subtype] = (spec, rng, iter(spec.function(GenContext(index, rng))))
        entry.counts.setdefault(spec.subtype, SubtypeCounts())
    kept: list[Item] = []
    seen_ids: set[str] = set()
    while streams and len(kept) < cap:
        for subtype in list(streams):
            if len(kept) >= cap:
                break
            spec, rng, stream = streams[subtype]
            drawn = next(stream, None)
            if drawn is None:
                del streams[subtype]
                continue
            item = _consider(drawn, spec, rng, model, source_file, sha, entry.counts[subtype], entry)
            if item is not None and item.id not in seen_ids:
                seen_ids.add(item.id)
                kept.append(item)
    return kept


def _consider(
    drawn: Draft | Skip,
    spec: GeneratorSpec,
    rng: random.Random,
    model: ifcopenshell.file,
    source_file: str,
    sha: str,
    counts: SubtypeCounts,
    entry: FileEntry,
) -> Item | None:
    if isinstance(drawn, Skip):
        counts.skipped[drawn.reason] = counts.skipped.get(drawn.reason, 0) + 1
        return None
    counts.candidates += 1
    item = assemble(drawn, spec, source_file, sha, rng)
    if isinstance(item, Skip):
        counts.skipped[item.reason] = counts.skipped.get(item.reason, 0) + 1
        return None
    reason = judge(model, item)
    if reason is not None:
        counts.rejected[reason.split(":")[0]] = counts.rejected.get(reason.split(":")[0], 0) + 1
        entry.rejections.append(_rejection(item, reason))
        return None
    counts.retained += 1
    return item


def _rejection(item: Item, reason: str) -> dict[str, Any]:
    return {"subtype": item.subtype, "question": item.question, "answer": item.answer, "reason": reason}
