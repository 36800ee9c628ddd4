"""The report's tables, as plain data: runs side by side, overall and per taxonomy level.

Each table is a :class:`Table` of strings, rendered to Markdown and HTML by :mod:`ifcqa.eval.report`.
The baselines are always present: :func:`computed_baselines` answers the runs' items with
``first-option``, ``random`` and ``text-only`` from the benchmark file itself, so no
baseline run is needed; a baseline that is itself one of the runs compared is shown once, as that run.

Failed requests are never hidden in the accuracy: the overall table has an error column and both
accuracies (over all items, over answered items), and :func:`failures_table` lists every failed and
every wrong item of each run.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ifcqa.agents.base import AgentResult
from ifcqa.agents.base import baselines as baseline_agents
from ifcqa.errors import IfcqaError
from ifcqa.eval.grading import expected_chance_accuracy
from ifcqa.eval.loaders import RunData
from ifcqa.eval.records import RunRecord, make_record
from ifcqa.eval.runner import bench_sha256
from ifcqa.eval.summary import BREAKDOWNS, accuracy_cell, answered_cell, usage
from ifcqa.mcq.benchfile import read_items
from ifcqa.mcq.taxonomy import SUBTYPES

SPARSE = 10  # the paper's reporting threshold: fewer items than this are flagged
MAX_LISTED = 200  # failed and wrong items listed per run (all are in its records.jsonl)
ERROR_CHARS = 160


@dataclass
class Table:
    """A titled table of text cells."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    note: str = ""
    key: str = ""  # a stable identifier (used for HTML ids and tests)


@dataclass
class Baselines:
    """The on-the-fly baseline runs, and why some runs have none."""

    runs: list[RunData] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def pct(value: float) -> str:
    """``0.8125`` -> ``81.2%``."""
    return f"{100 * value:.1f}%"


def cell(records: Sequence[RunRecord]) -> str:
    """``accuracy (n)``, flagged with ``†`` below the reporting threshold, or ``–`` for no items."""
    if not records:
        return "–"
    acc = accuracy_cell(records)
    flag = "†" if acc["n"] < SPARSE else ""
    return f"{pct(acc['accuracy'])} ({acc['n']}){flag}"


def computed_baselines(runs: Sequence[RunData]) -> Baselines:
    """``first-option`` and ``random`` answers for every item the runs answered, read from their benchmarks."""
    wanted: dict[Path, set[str]] = defaultdict(set)
    out = Baselines()
    for run in runs:
        if run.bench is None:
            out.notes.append(f"{run.label}: the run names no benchmark file, so it has no baseline rows.")
        elif not run.bench.is_file():
            out.notes.append(f"{run.label}: benchmark {run.bench} not found, so it has no baseline rows.")
        elif run.bench_sha256 and bench_sha256(run.bench) != run.bench_sha256:
            out.notes.append(f"{run.label}: benchmark {run.bench} changed since the run, so it has no baseline rows.")
        else:
            wanted[run.bench].update(r.item_id for r in run.records)
    choosers = baseline_agents()
    records: dict[str, dict[str, RunRecord]] = {name: {} for name in choosers}
    for bench, ids in wanted.items():
        try:
            items = [item for item in read_items(bench) if item.id in ids]
        except IfcqaError as error:
            out.notes.append(f"{bench}: {error}")
            continue
        for name, choose in choosers.items():
            for item in items:
                result = AgentResult(selected=choose(item), raw_answer=", ".join(choose(item)))
                records[name].setdefault(item.id, make_record(item, result, name, None))
    for name, by_id in records.items():
        out.runs.append(
            RunData(
                path=Path(name),
                agent=name,
                model=None,
                records=list(by_id.values()),
                baseline=True,
                label=f"baseline: {name}",
            )
        )
    return out


def overall_table(runs: Sequence[RunData]) -> Table:
    """One row per run: errors, accuracy over all items (with its CI) and over answered items, calls
    (and how many came as text), one-call rate, tokens, truncations, fallbacks, cache hits."""
    headers = ["Run", "Agent", "LLM", "Items", "Errors", "Accuracy (all items)", "95% CI", "Accuracy (answered)"]
    headers += ["Calls/item", "Text calls", "One-call", "Tokens in/item", "Tokens out/item", "Truncated obs."]
    headers += ["No answer", "Fallback", "Cached calls", "Latency s/item"]
    rows = []
    for run in runs:
        acc, answered, use = accuracy_cell(run.records), answered_cell(run.records), usage(run.records)
        rows.append(
            [run.label, run.agent, run.model or "–", str(acc["n"]), f"{acc['n_errors']} ({pct(use['error_rate'])})"]
            + [pct(acc["accuracy"]), f"{pct(acc['wilson_low'])}–{pct(acc['wilson_high'])}"]
            + [f"{pct(answered['accuracy_answered'])} ({answered['n_answered']})" if answered["n_answered"] else "–"]
            + [f"{use['mean_tool_calls']:.2f}", str(use["text_tool_calls"]), pct(use["one_call_rate"])]
            + [f"{use['mean_tokens_in']:.0f}", f"{use['mean_tokens_out']:.0f}", str(use["truncated_observations"])]
            + [pct(use["no_answer_rate"]), pct(use["fallback_rate"]), f"{use['cache_hits']}/{use['model_calls']}"]
            + [f"{use['mean_latency_s']:.2f}"]
        )
    note = (
        "Errors: items whose request failed (no answer; counted as not correct in Accuracy (all items), left out "
        "of Accuracy (answered)). Text calls: tool calls read from the reply's text. Cached calls: model calls "
        "answered from the response cache."
    )
    return Table("Overall", headers, rows, note=note, key="overall")


def failures_table(runs: Sequence[RunData]) -> Table:
    """Every failed item (request error) and every wrong answer of each run: id, subtype, answer given, key, error."""
    headers = ["Run", "Item", "Subtype", "Answer given", "Key", "Error"]
    rows: list[list[str]] = []
    cut: list[str] = []
    for run in runs:
        bad = [r for r in run.records if r.error is not None] + [
            r for r in run.records if r.error is None and not r.correct
        ]
        for record in bad[:MAX_LISTED]:
            error = " ".join((record.error or "").split())
            if len(error) > ERROR_CHARS:
                error = error[: ERROR_CHARS - 1] + "…"
            kind = f"[{record.error_kind}] " if record.error and record.error_kind else ""
            given = ",".join(record.selected) or ("(failed)" if record.error else "(no answer)")
            rows.append([run.label, record.item_id, record.subtype, given, ",".join(record.answer), kind + error])
        if len(bad) > MAX_LISTED:
            cut.append(f"{run.label}: {len(bad) - MAX_LISTED} more in its records.jsonl")
    note = "Failed items first, then wrong answers." + (f" Not listed: {'; '.join(cut)}." if cut else "")
    if not rows:
        note = "Every item of every run was answered correctly."
    return Table("Failed and wrong items", headers, rows, note=note, key="failures")


def bench_warning(runs: Sequence[RunData]) -> str | None:
    """A warning when the runs compared answered different benchmarks (by the SHA-256 each run records)."""
    digests = {run.bench_sha256 for run in runs if run.bench_sha256}
    if len(digests) <= 1:
        return None
    listed = "; ".join(
        f"{run.label}: {run.bench.name if run.bench else '?'} {run.bench_sha256[:12] if run.bench_sha256 else '?'}"
        for run in runs
    )
    return (
        f"These runs answered {len(digests)} different benchmarks ({listed}): their accuracies are not "
        "comparable side by side."
    )


def baseline_table(runs: Sequence[RunData], baselines: Baselines) -> Table:
    """Each run's accuracy against both baselines on exactly the run's items, and the random chance rate."""
    by_name = {b.agent: {r.item_id: r for r in b.records} for b in baselines.runs}
    names = list(baseline_agents())
    headers = ["Run", "Items", "Accuracy"] + [f"{name} (baseline)" for name in names] + ["random (expected)"]
    rows = []
    for run in runs:
        row = [run.label, str(len(run.records)), cell(run.records)]
        for name in names:
            answers = by_name.get(name, {})
            complete = bool(run.records) and all(r.item_id in answers for r in run.records)
            row.append(cell([answers[r.item_id] for r in run.records]) if complete else "–")
        chance = expected_chance_accuracy([(r.question_type, r.n_options) for r in run.records])
        row.append(pct(chance) if run.records else "–")
        rows.append(row)
    note = " ".join(baselines.notes) + " Baselines answer the same items as the run; random is seeded (seed 0)."
    return Table("Against the chance baselines", headers, rows, note=note.strip(), key="baselines")


def _order(kind: str) -> list[str]:
    """Taxonomy order of the labels of a breakdown (unknown labels are sorted after)."""
    pick: dict[str, Callable[[str, str, str], str]] = {
        "by_group": lambda code, group, category: group,
        "by_category": lambda code, group, category: category,
        "by_subtype": lambda code, group, category: code,
    }
    if kind not in pick:
        return ["single", "boolean", "multi"] if kind == "by_question_type" else []
    return list(dict.fromkeys(pick[kind](s.code, s.group, s.category) for s in SUBTYPES.values()))


TITLES = {
    "by_group": "By group",
    "by_category": "By category",
    "by_subtype": "By subtype",
    "by_question_type": "By question type",
    "by_source": "By source model",
}


def breakdown_table(kind: str, runs: Sequence[RunData]) -> Table:
    """Runs (and baselines) as columns, one row per label of a breakdown (``by_category``...)."""
    key = BREAKDOWNS[kind]
    split: list[dict[str, list[RunRecord]]] = []
    for run in runs:
        groups: dict[str, list[RunRecord]] = defaultdict(list)
        for record in run.records:
            groups[key(record)].append(record)
        split.append(groups)
    present = {label for groups in split for label in groups}
    order = [label for label in _order(kind) if label in present] + sorted(present - set(_order(kind)))
    rows = [[label] + [cell(groups.get(label, [])) for groups in split] for label in order]
    headers = [TITLES[kind].removeprefix("By ").capitalize()] + [run.label for run in runs]
    note = f"accuracy (items); † fewer than {SPARSE} items."
    return Table(TITLES[kind], headers, rows, note=note, key=kind.removeprefix("by_"))


def llm_agent_table(runs: Sequence[RunData]) -> Table:
    """LLMs as rows and agents as columns, each cell pooling the runs of that pair (over all their items)."""
    pooled: dict[tuple[str, str], list[RunRecord]] = defaultdict(list)
    for run in runs:
        pooled[(run.model or "–", run.agent)].extend(run.records)
    models = list(dict.fromkeys(model for model, _ in pooled))
    agents = list(dict.fromkeys(agent for _, agent in pooled))
    rows = [[model] + [cell(pooled.get((model, agent), [])) for agent in agents] for model in models]
    return Table("LLMs × agents", ["LLM"] + agents, rows, note="accuracy (items), runs pooled.", key="llm_agent")


def baseline_columns(runs: Sequence[RunData], baselines: Baselines) -> list[RunData]:
    """The computed baselines not already among the runs (a reported baseline run is shown once)."""
    reported = {run.agent for run in runs}
    return [b for b in baselines.runs if b.agent not in reported]


def all_tables(runs: Sequence[RunData], baselines: Baselines) -> list[Table]:
    """Every table of the report, in reading order."""
    columns = list(runs) + baseline_columns(runs, baselines)
    tables = [overall_table(runs), baseline_table(runs, baselines)]
    tables += [breakdown_table(kind, columns) for kind in BREAKDOWNS]
    tables.append(llm_agent_table(runs))
    tables.append(failures_table(runs))
    return tables
