"""The memory run's summary and report: coverage table systems x scopes with Wilson intervals,
retrieval relevance, answer accuracy (with an agent), per-template coverage, and paired comparisons
between systems on the same tasks (discordant pairs and an exact two-sided sign test)."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from ifcqa.eval.grading import wilson_interval
from ifcqa.files.atomic import write_atomic

REPORT_MD, REPORT_JSON, REPORT_PNG = "memory_report.md", "memory_report.json", "memory_coverage.png"


def _rate(successes: int, n: int) -> dict[str, Any]:
    low, high = wilson_interval(successes, n)
    return {
        "k": successes,
        "n": n,
        "rate": round(successes / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def sign_test(only_a: int, only_b: int) -> float:
    """Exact two-sided sign test (McNemar's exact test) on the discordant pairs."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(only_a, only_b) + 1)) / 2**n
    return float(min(1.0, 2 * tail))


def summarize(records: list[dict[str, Any]], config: Any = None) -> dict[str, Any]:
    """The summary of the latest records of a run (see the module docstring)."""
    cells: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        cells[(r["system"], r["scope"])].append(r)
    systems = list(dict.fromkeys(r["system"] for r in records))
    scopes = list(dict.fromkeys(r["scope"] for r in records))
    if config is not None:
        systems = [s for s in config.systems if s in systems] + [s for s in systems if s not in config.systems]
        scopes = [s for s in config.scopes if s in scopes] + [s for s in scopes if s not in config.scopes]
    table: dict[str, dict[str, Any]] = {}
    for system in systems:
        table[system] = {}
        for scope in scopes:
            rows = cells.get((system, scope), [])
            ok = [r for r in rows if not r.get("error") and "retrieval" in r]
            answered = [r for r in ok if r.get("answer")]
            truncated = sum(1 for r in ok for h in r.get("hits", []) if h.get("meta", {}).get("truncated"))
            whole = [r.get("retrieval_unbudgeted", r["retrieval"]) for r in ok]
            table[system][scope] = {
                "tasks": len(rows),
                "errors": len(rows) - len(ok),
                "coverage": _rate(sum(r["retrieval"]["covered"] for r in ok), len(ok)),
                "relevance": _rate(sum(r["retrieval"]["relevant"] for r in ok), len(ok)),
                "superseded_retrieved": sum(bool(r["retrieval"]["superseded_retrieved"]) for r in ok),
                "superseded_ahead": sum(bool(r["retrieval"].get("superseded_ahead")) for r in ok),
                "cut_to_budget": sum(
                    1 for r in ok if any(h.get("meta", {}).get("cut_to_budget") for h in r.get("hits", []))
                ),
                "coverage_unbudgeted": _rate(sum(w["covered"] for w in whole), len(whole)),
                "mean_retrieved_chars_unbudgeted": round(sum(w["retrieved_chars"] for w in whole) / len(whole))
                if whole
                else None,
                "accuracy": _rate(sum(r["answer"]["correct"] for r in answered), len(answered)) if answered else None,
                "mean_ingest_s": round(sum(r.get("ingest_s", 0) for r in ok) / len(ok), 4) if ok else None,
                "mean_retrieved_chars": round(sum(r["retrieval"]["retrieved_chars"] for r in ok) / len(ok))
                if ok
                else None,
                "context_truncated": truncated,
            }
    templates: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for (system, scope), rows in cells.items():
        by_template: dict[str, list[bool]] = defaultdict(list)
        for r in rows:
            if not r.get("error") and "retrieval" in r:
                by_template[r["template"]].append(bool(r["retrieval"]["covered"]))
        for template, values in by_template.items():
            templates[template][f"{system}|{scope}"] = _rate(sum(values), len(values))
    paired = []
    reference = "ifc-aware" if "ifc-aware" in systems else (systems[0] if systems else None)
    for scope in scopes:
        base = {r["task"]: r for r in cells.get((reference, scope), []) if not r.get("error")} if reference else {}
        for other in systems:
            if other == reference:
                continue
            other_rows = {r["task"]: r for r in cells.get((other, scope), []) if not r.get("error")}
            shared = sorted(set(base) & set(other_rows))
            a = [bool(base[t]["retrieval"]["covered"]) for t in shared]
            b = [bool(other_rows[t]["retrieval"]["covered"]) for t in shared]
            only_a = sum(x and not y for x, y in zip(a, b, strict=True))
            only_b = sum(y and not x for x, y in zip(a, b, strict=True))
            paired.append(
                {
                    "scope": scope,
                    "a": reference,
                    "b": other,
                    "tasks": len(shared),
                    "metric": "coverage",
                    "both": sum(x and y for x, y in zip(a, b, strict=True)),
                    "only_a": only_a,
                    "only_b": only_b,
                    "neither": sum(not x and not y for x, y in zip(a, b, strict=True)),
                    "p_sign_test": float(f"{sign_test(only_a, only_b):.3g}"),
                }
            )
    extractors = sorted({r.get("extractor", "rules") for r in records})
    judged = [r for r in records if r.get("judge") and not r.get("error") and "retrieval" in r]
    return {
        "kind": "ifcqa-memory-summary/1",
        "records": len(records),
        "tasks": len({r["task"] for r in records}),
        "systems": systems,
        "scopes": scopes,
        "extractors": extractors,
        "table": table,
        "per_template": dict(templates),
        "paired": paired,
        "models": sorted({r.get("model", "") for r in records}),
        "judges": _judges(judged) if judged else None,
    }


def _judges(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The LLM judges' rates and their agreement with the deterministic checks."""
    from ifcqa.memory.judges import agreement

    memory = [(r, r["judge"]["memory"]) for r in records if "error" not in r["judge"]["memory"]]
    answers = [
        (r, r["judge"]["answer"])
        for r in records
        if "answer" in r.get("judge", {}) and "error" not in r["judge"]["answer"] and r.get("answer")
    ]
    return {
        "judged": len(records),
        "errors": sum("error" in r["judge"]["memory"] for r in records)
        + sum("error" in r["judge"].get("answer", {}) for r in records),
        "coverage": _rate(sum(j["retrieval_covers_key_facts"] for _, j in memory), len(memory)),
        "relevance": _rate(sum(j["retrieval_relevant"] for _, j in memory), len(memory)),
        "answer_correct": _rate(sum(j["correct"] for _, j in answers), len(answers)) if answers else None,
        "agreement": {
            "coverage": agreement(
                [(bool(r["retrieval"]["covered"]), j["retrieval_covers_key_facts"]) for r, j in memory]
            ),
            "relevance": agreement([(bool(r["retrieval"]["relevant"]), j["retrieval_relevant"]) for r, j in memory]),
            "answer": agreement([(bool(r["answer"]["correct"]), j["correct"]) for r, j in answers]),
        },
    }


def _pct(cell: dict[str, Any] | None) -> str:
    if not cell or cell["n"] == 0:
        return "-"
    low, high = cell["ci95"]
    return f"{100 * cell['rate']:.1f}% [{100 * low:.0f}-{100 * high:.0f}] ({cell['k']}/{cell['n']})"


def render_markdown(summary: dict[str, Any], config: dict[str, Any] | None = None) -> str:
    scopes, systems, table = summary["scopes"], summary["systems"], summary["table"]
    lines = ["# IFCMemoryBench run", ""]
    lines.append(
        f"{summary['tasks']} tasks over {len(summary['models'])} model{'s' if len(summary['models']) != 1 else ''}; "
        "fact extraction: "
        f"{', '.join(summary['extractors'])}; k = {(config or {}).get('k', '?')}; full-context window "
        f"{(config or {}).get('window_tokens', '?')} tokens (characters / 4)."
    )
    budget = (config or {}).get("budget_chars")
    lines += [
        "",
        f"**Retrieval budget: {budget:,} characters for every system**, full-context included: each system is scored "
        "on what of its ranked hits fits the budget (the crossing hit cut; the full-context oracle keeps its newest "
        "end). On revision tasks a superseded value retrieved ahead of the current one is a miss."
        if budget
        else "No retrieval budget (a run from before budgets): systems returning more text are favoured.",
    ]
    for title, key in (
        ("Key-fact coverage", "coverage"),
        ("Retrieval relevance", "relevance"),
        ("Answer accuracy (deterministic check)", "accuracy"),
    ):
        if key == "accuracy" and not any(table[s][c]["accuracy"] for s in systems for c in scopes):
            lines += ["", f"## {title}", "", "No agent model configured: retrieval-only run, no answers scored."]
            continue
        if key == "accuracy":
            title += "; memory " + (
                "attached to the question (top-k) and searchable"
                if (config or {}).get("memory_mode") == "attached"
                else "reached only by the agent's own search_project_memory calls"
            )
        lines += [
            "",
            f"## {title} (95% Wilson interval)",
            "",
            "| system | " + " | ".join(scopes) + " |",
            "|---|" + "---|" * len(scopes),
        ]
        for system in systems:
            lines.append(f"| {system} | " + " | ".join(_pct(table[system][c][key]) for c in scopes) + " |")
        if key == "coverage" and budget:
            for system in systems:
                cut = [table[system][c].get("cut_to_budget", 0) for c in scopes]
                if any(cut):  # beyond the budget: the oracle it is, labelled so
                    cells = [
                        f"{_pct(table[system][c].get('coverage_unbudgeted'))}, "
                        f"{table[system][c].get('mean_retrieved_chars_unbudgeted')} ch"
                        for c in scopes
                    ]
                    label = f"{system}, beyond the budget (oracle, not comparable)"
                    lines.append(f"| {label} | " + " | ".join(cells) + " |")
    notes = [
        f"{s} / {c}: {table[s][c]['context_truncated']} contexts cut to the window"
        for s in systems
        for c in scopes
        if table[s][c]["context_truncated"]
    ]
    notes += [
        f"{s} / {c}: {table[s][c]['superseded_ahead']} tasks with a superseded value ranked ahead of the current one"
        for s in systems
        for c in scopes
        if table[s][c].get("superseded_ahead")
    ]
    errors = [f"{s} / {c}: {table[s][c]['errors']} errors" for s in systems for c in scopes if table[s][c]["errors"]]
    if notes or errors:
        lines += ["", *[f"- {n}" for n in notes + errors]]
    lines += [
        "",
        "## Mean retrieved characters (within the budget; without it) and ingest time",
        "",
        "| system | " + " | ".join(scopes) + " |",
        "|---|" + "---|" * len(scopes),
    ]
    for system in systems:
        cells = [
            f"{table[system][c]['mean_retrieved_chars']} ch "
            f"({table[system][c].get('mean_retrieved_chars_unbudgeted')}), {table[system][c]['mean_ingest_s']} s"
            for c in scopes
        ]
        lines.append(f"| {system} | " + " | ".join(cells) + " |")
    if summary["per_template"]:
        columns = [f"{s}|{c}" for s in systems for c in scopes if c == "user+final"] or [
            f"{s}|{c}" for s in systems for c in scopes
        ]
        lines += [
            "",
            "## Coverage per scenario (" + ("user+final" if "|user+final" in columns[0] else "all") + ")",
            "",
            "| scenario | kind | " + " | ".join(c.split("|")[0] for c in columns) + " |",
            "|---|---|" + "---|" * len(columns),
        ]
        from ifcqa.memory.scenarios import BY_NAME  # the scenario records: their kind

        for template, row in sorted(summary["per_template"].items()):
            kind = BY_NAME[template].kind if template in BY_NAME else "-"
            lines.append(f"| {template} | {kind} | " + " | ".join(_pct(row.get(c)) for c in columns) + " |")
    judges = summary.get("judges")
    if judges:
        agree = judges["agreement"]
        lines += [
            "",
            "## LLM judges against the deterministic checks",
            "",
            f"{judges['judged']} records judged, {judges['errors']} unreadable verdicts.",
            "",
            "| label | judge rate | agreement with the deterministic check | Cohen's kappa |",
            "|---|---|---|---|",
        ]
        for label, key in (
            ("key-fact coverage", "coverage"),
            ("retrieval relevance", "relevance"),
            ("answer correct", "answer"),
        ):
            cell = judges["answer_correct" if key == "answer" else key]
            a = agree[key]
            shown = "-" if a["agreement"] is None else f"{100 * a['agreement']:.1f}% (n={a['n']})"
            lines.append(f"| {label} | {_pct(cell)} | {shown} | {a['kappa'] if a['kappa'] is not None else '-'} |")
    else:
        lines += ["", "LLM judges: none configured (`--judge-model`); the deterministic checks only."]
    if summary["paired"]:
        lines += [
            "",
            "## Paired comparison of coverage (same tasks)",
            "",
            "| scope | A | B | tasks | both | only A | only B | neither | p (exact sign test) |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for p in summary["paired"]:
            lines.append(
                f"| {p['scope']} | {p['a']} | {p['b']} | {p['tasks']} | {p['both']} | {p['only_a']} | "
                f"{p['only_b']} | {p['neither']} | {p['p_sign_test']:.4g} |"
            )
    return "\n".join(lines) + "\n"


def coverage_figure(summary: dict[str, Any]) -> bytes:
    """Key-fact coverage per system (groups) and scope (bars), with 95% Wilson intervals, as PNG bytes."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    systems, scopes, table = summary["systems"], summary["scopes"], summary["table"]
    figure = Figure(figsize=(max(6.0, 1.3 * len(systems)), 3.6))
    axes = figure.add_subplot()
    width = 0.8 / max(1, len(scopes))
    for j, scope in enumerate(scopes):
        rates, low, high = [], [], []
        for system in systems:
            cell = table[system][scope]["coverage"]
            rate = cell["rate"] or 0.0
            rates.append(100 * rate)
            low.append(100 * (rate - cell["ci95"][0]))
            high.append(100 * (cell["ci95"][1] - rate))
        xs = [i + (j - (len(scopes) - 1) / 2) * width for i in range(len(systems))]
        axes.bar(xs, rates, width, yerr=[low, high], capsize=2, label=scope)
    axes.set_xticks(range(len(systems)), systems)
    axes.set_ylim(0, 105)
    axes.set_ylabel("key-fact coverage (%)")
    axes.legend(title="ingestion scope", fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    axes.set_title(f"IFCMemoryBench: {summary['tasks']} tasks, {len(summary['models'])} models")
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def write_memory_report(run_dir: Path, out: Path | None = None) -> list[Path]:
    """Write ``memory_report.md`` and ``memory_report.json`` for a memory run folder."""
    from ifcqa.memory.runner import RUN_FILE, MemoryRunError, latest, read_records

    run_file = run_dir / RUN_FILE
    if not run_file.is_file():
        raise MemoryRunError(f"{run_dir} is not a memory run folder (no {RUN_FILE}); run `ifcqa memory eval` first.")
    config = json.loads(run_file.read_text(encoding="utf-8"))
    if config.get("kind") != "ifcqa-memory-run/1":
        raise MemoryRunError(f"{run_dir} is not a memory run folder; `ifcqa report` reads IFC-MCQ runs.")
    records = list(latest(read_records(run_dir)).values())
    if not records:
        raise MemoryRunError(f"{run_dir} has no records yet; run `ifcqa memory eval ... -o {run_dir}`.")

    class _Config:
        systems = config.get("systems", [])
        scopes = config.get("scopes", [])

    summary = summarize(records, _Config())
    target = out or run_dir
    md, js = target / REPORT_MD, target / REPORT_JSON
    write_atomic(md, (render_markdown(summary, config) + f"\n![coverage]({REPORT_PNG})\n").encode())
    write_atomic(js, json.dumps(summary, indent=1, ensure_ascii=False).encode())
    png = target / REPORT_PNG
    write_atomic(png, coverage_figure(summary))
    return [md, js, png]


def is_memory_run(run_dir: Path) -> bool:
    """Whether ``run_dir`` holds a memory run (for ``ifcqa report`` to dispatch)."""
    from ifcqa.memory.runner import KIND, RUN_FILE

    try:
        return bool(json.loads((run_dir / RUN_FILE).read_text(encoding="utf-8")).get("kind") == KIND)
    except (OSError, ValueError, AttributeError):
        return False
