"""The IFC-MCQ pipeline for one file: index -> generators -> items -> verifiers -> structural checks.

Per category, the subtypes' generators are drawn from in turn until ``cap`` items are retained or
every generator is exhausted. Each candidate is assembled; screened on the re-opened file
(:mod:`ifcqa.mcq.screen`: contradictions, duplicate names in a set, values with a recoverable parse
problem); skipped at once when the near-duplicate cap of its model refuses it in every phrasing (most
candidates of a large model: storey, material or type questions whose answers are used up); checked
for leaks and re-phrased or skipped (:mod:`ifcqa.mcq.quality`); held against the near-duplicate cap of
its model; then verified by its independent verifier and structurally checked. What happens to it is
counted per subtype (the manifest's candidates / skipped / rejected / retained; skip reasons include
``leak``, ``duplicate_answer``, ``same_options``, ``contradiction``, ``duplicate_quantity`` and
``recoverable_defect``).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ifcopenshell

from ifcqa.ifc.open import open_model
from ifcqa.index.cache import IndexCache
from ifcqa.index.model_index import ModelIndex, load_index
from ifcqa.mcq.assemble import assemble, item_id
from ifcqa.mcq.checks import structural_problems
from ifcqa.mcq.generate._api import Draft, GenContext, Skip
from ifcqa.mcq.generate.geometry import prefetch as prefetch_boxes
from ifcqa.mcq.items import FileEntry, Item, SubtypeCounts
from ifcqa.mcq.quality import LEAK, MAX_PER_ANSWER, DuplicateGuard, unleaked
from ifcqa.mcq.registry import GeneratorSpec, get_generators, get_verifiers
from ifcqa.mcq.screen import screen, warned_ids
from ifcqa.mcq.seeded import SeededRandom
from ifcqa.mcq.taxonomy import CATEGORIES
from ifcqa.native.worker import offer

DEFAULT_SEED = 10
DEFAULT_CAP = 40
GEOMETRIC = "geometric.geometry"  # the category whose questions read boxes


def rng_for(seed: int, sha256: str, subtype: str) -> random.Random:
    """The RNG of one subtype on one file: reproducible, independent of other subtypes (its shuffle inlined)."""
    return SeededRandom(f"{seed}:{sha256}:{subtype}")


def judge(
    model: ifcopenshell.file, item: Item, warned: frozenset[int] = frozenset(), *, screened: bool = False
) -> str | None:
    """Verify one item; ``None`` when it passes, else the reason it is rejected.

    ``warned``: step ids of entities with a recoverable parse problem (an item touching one is refused).
    ``screened``: the item (or the phrasing it was made from: re-phrasing keeps the provenance the screen
    reads) already passed :func:`~ifcqa.mcq.screen.screen` on ``model`` with ``warned``, so it is not screened again.
    """
    problems = structural_problems(item)
    if problems:
        return "structural: " + problems[0]
    if not screened:
        try:
            reason = screen(model, item, warned)
        except Exception as exc:  # noqa: BLE001 — a screen failure rejects the item, with its reason logged
            return f"verifier error: {type(exc).__name__}: {exc}"
        if reason is not None:
            return f"screen: {reason}"
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
    max_per_answer: int | None = MAX_PER_ANSWER,
) -> tuple[list[Item], FileEntry]:
    """Generate, verify and keep up to ``cap`` items per category for one IFC file.

    ``max_per_answer``: items kept per (subtype, answer) (``None``: no near-duplicate cap, for tests
    that need every candidate; identical option sets are still refused).
    """
    started = time.perf_counter()
    index = load_index(path, cache=cache, use_cache=use_cache)
    with _index_frozen():
        return _generate(index, path, seed, cap, categories, max_per_answer, started)


@contextmanager
def _index_frozen() -> Iterator[None]:
    """Keep the objects alive now (the index, the opened model) out of the cyclic collector's full passes.

    Generation allocates many short-lived objects, and each full collection traversed the index's hundreds of
    thousands of records as well (full collections 0.12 -> 0.07 s CPU of a cold 100k run, docs/SCALE.md): they
    live until the file is done anyway. ``gc.unfreeze`` afterwards hands them back, so nothing is kept longer
    than the file's generation (a later file, a long-lived service). Only collector scheduling: no value changes.
    A process that froze objects itself (another thread's generation, a pre-forking server) is left as it is.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _generate(
    index: ModelIndex,
    path: str | Path,
    seed: int,
    cap: int,
    categories: list[str] | None,
    max_per_answer: int | None,
    started: float,
) -> tuple[list[Item], FileEntry]:
    warnings = list(getattr(index.data, "warnings", None) or [])
    model = verifier_model(index, path)
    offer(path, model)  # a geometry worker forked from here (verify.geometry) starts with it open: no second parse
    if categories is None or GEOMETRIC in categories:
        prefetch_boxes(index)  # shaped in a worker while the categories before it are drafted
    entry = FileEntry(path=str(path), sha256=index.data.source.sha256, schema=index.schema)
    entry.warnings = [w.to_json() if hasattr(w, "to_json") else dict(w) for w in warnings]
    run = _FileRun(index, model, str(path), entry, warned_ids(warnings), DuplicateGuard(max_per_answer))
    items: list[Item] = []
    generators = get_generators()
    for category in categories or list(CATEGORIES):
        specs = [spec for code, spec in generators.items() if code.rsplit(".", 1)[0] == category]
        items.extend(_run_category(run, specs, seed, cap))
    entry.seconds = round(time.perf_counter() - started, 3)
    return items, entry


def verifier_model(index: ModelIndex, path: str | Path) -> ifcopenshell.file:
    """The opened file the screen and the verifiers read, with IfcOpenShell, never through the index.

    After a cold build, the model the build parsed (:meth:`~ifcqa.index.model_index.ModelIndex.opened_model`):
    the same :func:`~ifcqa.ifc.open.open_model` of the same bytes, which the build only read, so parsing it
    again would give the same entities and values (the index's own derivation, relationship-first records,
    stays apart from the verifiers' per-element ``ifcopenshell.util`` walks). From a cached index, the file is
    opened here; its values are checked again unless the index found the same bytes without a single problem,
    when that check would unset nothing.
    """
    opened = index.opened_model()
    if opened is not None:
        return opened
    warnings = getattr(index.data, "warnings", None)
    return open_model(path, known_clean=None if warnings else index.data.source.sha256)


class _FileRun:
    """What every candidate of one file is checked against."""

    def __init__(
        self,
        index: ModelIndex,
        model: ifcopenshell.file,
        source_file: str,
        entry: FileEntry,
        warned: frozenset[int],
        guard: DuplicateGuard,
    ) -> None:
        self.index = index
        self.model = model
        self.source_file = source_file
        self.entry = entry
        self.warned = warned
        self.guard = guard
        self.sha = index.data.source.sha256

    def name_of(self, guid: str) -> str | None:
        step = self.index.data.guids.get(guid)
        element = self.index.data.elements.get(step) if step is not None else None
        return element.name if element is not None else None

    def new_id(self, item: Item) -> str:
        return item_id(self.sha, item.subtype, item.question, [o.text for o in item.options])


def _run_category(run: _FileRun, specs: list[GeneratorSpec], seed: int, cap: int) -> list[Item]:
    streams: dict[str, tuple[GeneratorSpec, random.Random, Iterator[Draft | Skip]]] = {}
    for spec in specs:
        rng = rng_for(seed, run.sha, spec.subtype)
        streams[spec.subtype] = (spec, rng, iter(spec.function(GenContext(run.index, rng))))
        run.entry.counts.setdefault(spec.subtype, SubtypeCounts())
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
            item = _consider(drawn, spec, rng, run, run.entry.counts[subtype], seen_ids)
            if item is not None:
                seen_ids.add(item.id)
                kept.append(item)
    return kept


def _skip(counts: SubtypeCounts, reason: str) -> None:
    counts.skipped[reason] = counts.skipped.get(reason, 0) + 1


def _consider(
    drawn: Draft | Skip,
    spec: GeneratorSpec,
    rng: random.Random,
    run: _FileRun,
    counts: SubtypeCounts,
    seen_ids: set[str],
) -> Item | None:
    if isinstance(drawn, Skip):
        _skip(counts, drawn.reason)
        return None
    counts.candidates += 1
    assembled = assemble(drawn, spec, run.source_file, run.sha, rng)
    if isinstance(assembled, Skip):
        _skip(counts, assembled.reason)
        return None
    if not_by_guid(run.index, assembled):
        _skip(counts, GUID_NOT_UNIQUE)
        return None
    screened = screen(run.model, assembled, run.warned)
    if screened is not None:
        _skip(counts, screened)
        return None
    doomed = run.guard.refuses_every_phrasing(assembled)  # the cap refuses it whatever the leak check does
    if doomed is not None:
        _skip(counts, doomed)
        return None
    item = unleaked(assembled, run.name_of, run.new_id)
    if item is None:
        _skip(counts, LEAK)
        return None
    duplicate = run.guard.reason(item)
    if duplicate is not None or item.id in seen_ids:
        _skip(counts, duplicate or "same item")
        return None
    reason = judge(run.model, item, run.warned, screened=True)  # screened above
    if reason is not None:
        counts.rejected[reason.split(":")[0]] = counts.rejected.get(reason.split(":")[0], 0) + 1
        run.entry.rejections.append(_rejection(item, reason))
        return None
    run.guard.keep(item)
    counts.retained += 1
    return item


GUID_NOT_UNIQUE = "names an element by a shared or empty GlobalId"
_GUID_KEYS = ("elements", "storey", "type", "host")


def not_by_guid(index: ModelIndex, item: Item) -> bool:
    """Whether the item's provenance names an element by a GlobalId that does not identify one entity.

    Such elements (copies with their GlobalId, blanked GlobalIds) are still counted in every count and
    aggregate; they are only never the element a question, an option or a verifier looks up by GlobalId.
    """
    refs: list[object] = []
    for key in _GUID_KEYS:
        value = item.provenance.get(key)
        refs.extend(value if isinstance(value, list) else [value] if value is not None else [])
    refs.extend(item.provenance.get("option_elements", {}).values())
    return any(not isinstance(r, str) or r not in index.data.guids for r in refs)


def _rejection(item: Item, reason: str) -> dict[str, Any]:
    return {"subtype": item.subtype, "question": item.question, "answer": item.answer, "reason": reason}
