"""What the generated spatial benches share (typos.py, relations.py, framing.py, broaden.py, negation.py,
property_lookup.py, ...): the case files' layout, the seeded choices, the base questions a scored run answered,
the command line and the per-kind report.

Each generator writes its cases with :func:`dumps` (the committed files are compared with a fresh run by the
tests, so the layout is one function), draws with :func:`seed` (stable across machines and Python versions, unlike
``hash``) and, when it perturbs questions ifcqa already answers, reads them with :func:`read_bases`.
:func:`bench_main` is the command line of the generators that write a dev and a held-back file (absences.py,
german_forms.py, storey_sets.py, exclusions.py, voices.py, message_refs.py, aggregates.py, lookups.py,
lookup_forms.py); :func:`draw_bases` draws the cases of the generators that wrap answered base questions in
templates (messages.py, mail_forms.py, mail_more.py, several_requests.py); :func:`sample_per_model` and
:func:`not_in` draw the dev and held-back cases of the generators that build both in one pass;
:func:`report_by`, :func:`report_groups` and :func:`report_table` are their ``--report`` summaries.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any


def sample_per_model(cases: list[dict[str, Any]], prefix: str, seed_: int, quota: dict[str, int],
                     scale: float | None = None) -> list[dict[str, Any]]:
    """A seeded sample of ``cases`` per (model, ``group``): ``quota[group]`` of each (times ``scale``, at least one,
    when given), the first of each model's equal questions only, in their order, numbered ``prefix-group-NNN``
    (lookups.py, lookup_forms.py, property_lookup.py, value_lookups.py, identifier_forms.py,
    model_source_forms.py)."""
    rng = random.Random(seed_)
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for c in cases:
        groups[(c["ifc_filename"], c["group"])].append(c)
    kept = {id(c) for (_, group), cs in groups.items() for c in rng.sample(cs, min(len(cs), (
        quota[group] if scale is None else max(1, round(quota[group] * scale)))))}
    seen: set[tuple[str, str]] = set()
    out = []
    counts: Counter[str] = Counter()
    for c in cases:
        key = (c["ifc_filename"], c["query"].casefold())
        if id(c) not in kept or key in seen:
            continue
        seen.add(key)
        counts[c["group"]] += 1
        out.append({"id": f"{prefix}-{c['group']}-{counts[c['group']]:03d}", **c})
    return out


def not_in(cases: list[dict[str, Any]], dev: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``cases`` asking no question ``dev`` asks of the same model (the held-back draw)."""
    asked = {(c["ifc_filename"], c["query"].casefold()) for c in dev}
    return [c for c in cases if (c["ifc_filename"], c["query"].casefold()) not in asked]


def dumps(cases: list[dict[str, Any]]) -> str:
    return json.dumps(cases, indent=1, ensure_ascii=False) + "\n"


def seed(*parts: str) -> int:
    """A stable integer from ``parts`` (for ``random.Random`` and seeded orders)."""
    return int(hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:12], 16)


def read_bases(sets: Iterable[str], here: Path, run_root: Path) -> list[list[str]]:
    """(set, id) of every non-decline question of ``sets`` (files ``here/<set>.json``) that the run under
    ``run_root`` (``score_all.sh``'s layout: ``<set>/records.jsonl``) scored 1.0."""
    out: list[list[str]] = []
    for name in sets:
        cases = {c["id"]: c for c in json.loads((here / f"{name}.json").read_text(encoding="utf-8"))}
        path = run_root / name / "records.jsonl"
        if not path.is_file():
            raise SystemExit(f"{path} is missing: run score_all.sh first")
        for line in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            case = cases.get(r["id"])
            if case is None or r.get("score", r.get("f1")) != 1.0:
                continue
            if (case.get("oracle") or {}).get("type") in (None, "decline"):
                continue
            out.append([name, r["id"]])
    return out


def draw_bases(
    ifc_dir: Path, held: bool, templates: dict[str, list[str]], *, bases_path: Path, salt: str, quota: int, cap: int,
    hold_every: int, usable: Callable[[dict[str, Any], str], bool],
    fill: Callable[[str, dict[str, Any], Any, random.Random, str], tuple[str, Any] | None],
    case: Callable[[str, str, str, str, dict[str, Any], str, Any], dict[str, Any]], distinct: bool = True,
) -> list[dict[str, Any]]:
    """The cases of a bench that wraps base questions (``bases_path``: [set, id] pairs of answered questions) in
    templates (messages.py, mail_forms.py, mail_more.py, several_requests.py): per kind, the bases in a seeded order
    (``salt``), at most ``cap`` per model and ``quota`` per kind, each base once per kind (once over all kinds when
    ``distinct``), the kind's dev or held-back templates (every ``hold_every``-th) least used first; ``fill`` gives
    the text and oracle or None, ``case(kind, set, id, template, base, text, oracle)`` the case."""
    from people_oracles import Model

    sets: dict[str, dict[str, dict[str, Any]]] = {}
    bases = json.loads(bases_path.read_text(encoding="utf-8"))
    for name, _ in bases:
        if name not in sets:
            sets[name] = {c["id"]: c for c in json.loads((bases_path.parent / f"{name}.json").read_text("utf-8"))}
    models: dict[str, Model] = {}
    cases: list[dict[str, Any]] = []
    for kind, kind_templates in templates.items():
        mine = [(i, t) for i, t in enumerate(kind_templates) if (i % hold_every == hold_every - 1) == held]
        taken = 0
        used: set[str] = set()
        per_template: dict[int, int] = defaultdict(int)
        per_model: dict[str, int] = defaultdict(int)
        for name, bid in sorted(bases, key=lambda b: seed(salt, kind, *b)):
            if taken == quota:
                break
            base = sets[name][bid]
            if (distinct and bid in used) or not usable(base, kind) or per_model[base["ifc_filename"]] >= cap:
                continue
            rng = random.Random(seed(salt, kind, name, bid))
            fname = base["ifc_filename"]
            if fname not in models:
                models[fname] = Model(ifc_dir / fname)
            for i, template in sorted(mine, key=lambda it: (per_template[it[0]], rng.random())):
                got = fill(template, base, models[fname], rng, kind)
                if got is None:
                    continue
                cases.append(case(kind, name, bid, template, base, *got))
                per_template[i] += 1
                per_model[fname] += 1
                used.add(bid)
                taken += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases


def report_misses(run: Path, cases_path: Path, key: str, *, show_model: bool = False) -> str:
    """:func:`report_by` on the case field ``key``, then every case of the run that scored below 1 (its kind, id,
    score, declined / BROADENED, with ``show_model`` the model, the question and the answer's start)."""
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    misses = []
    for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r["score"] < 1.0:
            model = f" [{cases[r['id']]['ifc_filename']}]" if show_model else ""
            misses.append(f"- {cases[r['id']][key]} {r['id']} ({r['score']:.2f}"
                          f"{', declined' if r['declined'] else ''}{', BROADENED' if r.get('broadened') else ''}):"
                          f"{model} {r['query']!r} -> {(r['answer'] or '')[:150]!r}")
    return "\n".join([report_by(run, cases_path, key), "", "Misses:", *misses])


def report_by(run: Path, cases_path: Path, key: str, width: int = 12) -> str:
    """Mean score and broadened count per value of the case field ``key`` of a spatial-bench run (its
    ``records.jsonl``) of ``cases_path``, then over all."""
    kinds = {c["id"]: c[key] for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    scores: dict[str, list[float]] = {}
    broad: Counter[str] = Counter()
    for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        kind = kinds[r["id"]]
        scores.setdefault(kind, []).append(float(r.get("score", r.get("f1", 0.0))))
        broad[kind] += bool(r.get("broadened"))
    rows = [f"{k:{width}s} n={len(v):3d} mean={sum(v) / len(v):.3f} broadened={broad[k]}"
            for k, v in sorted(scores.items())]
    every = [x for v in scores.values() for x in v]
    rows.append(f"{'all':{width}s} n={len(every):3d} mean={sum(every) / len(every):.3f} "
                f"broadened={sum(broad.values())}")
    return "\n".join(rows)


def report_table(run: Path, cases_path: Path, key: str, kinds: Iterable[str], positive: Callable[[str], bool],
                 negative: str = "negative") -> str:
    """A markdown table of a spatial-bench run per value of the case field ``key`` (rows in the order of ``kinds``),
    then ``positive`` / ``negative`` (by ``positive(kind)``) and ``all``: mean score, right, declined, wrong
    (answered, not the oracle), broadenings; then every miss with its answer (messages.py, mail_forms.py)."""
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        kind = cases[r["id"]][key]
        for row_key in (kind, "positive" if positive(kind) else negative, "all"):
            row = rows[row_key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
            row["broadened"] += bool(r["broadened"])
        if r["score"] < 1.0:
            misses.append(f"- {kind} {r['id']} ({r['score']:.2f}{', declined' if r['declined'] else ''}):"
                          f" {r['query']!r} -> {(r['answer'] or '')[:150]!r}")
    lines = ["| kind | n | mean score | right | declined | wrong (answered, not the oracle) | broadenings |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for row_key in (*kinds, "positive", negative, "all"):
        row = rows.get(row_key)
        if row:
            lines.append(f"| {row_key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                         f"{int(row['declined'])} | {int(row['wrong'])} | {int(row['broadened'])} |")
    return "\n".join([*lines, "", "Misses:", *misses])


def kind_lines(key: str) -> Callable[[list[dict[str, Any]], Path], str]:
    """The two lines printed after writing a case file: ``N cases over M models -> path`` and the count per value of
    the case field ``key`` in first-seen order (messages.py, mail_forms.py)."""

    def summary(cases: list[dict[str, Any]], path: Path) -> str:
        per = Counter(c[key] for c in cases)
        return (f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}\n  "
                + ", ".join(f"{k} {n}" for k, n in per.items()))

    return summary


def report_groups(run: Path, case_files: Iterable[Path]) -> str:
    """Score, declined and broadened per group, phrasing and template (lookups.py, lookup_forms.py) of a
    spatial-bench run whose cases are in ``case_files`` (both the dev and the held-back file)."""
    rows = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines() if line]
    cases = {c["id"]: c for f in case_files if f.exists() for c in json.loads(f.read_text(encoding="utf-8"))}
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        c = cases.get(r.get("id"), {})
        by[f"group={c.get('group')}"].append(r)
        by[f"phrasing={c.get('phrasing')}"].append(r)
        by[f"template={c.get('template')}"].append(r)
    out = []
    for key in sorted(by):
        rs = by[key]
        score = sum(float(r.get("score", 0.0)) for r in rs) / len(rs)
        out.append(f"{key:28s} n={len(rs):4d} score={score:.3f} "
                   f"declined={sum(bool(r.get('declined')) for r in rs):3d} "
                   f"broadened={sum(bool(r.get('broadened')) for r in rs)}")
    return "\n".join(out)


def kinds_summary(key: str, models: bool = False, ordered: bool = True) -> Callable[[list[dict[str, Any]], Path], str]:
    """The usual line printed after writing a case file: ``N cases [over M models] -> path: kind n, ...`` with
    the counts of the case field ``key`` (sorted by kind unless ``ordered`` is false: first-seen order)."""

    def summary(cases: list[dict[str, Any]], path: Path) -> str:
        kinds = Counter(c[key] for c in cases)
        items = sorted(kinds.items()) if ordered else list(kinds.items())
        over = f" over {len({c['ifc_filename'] for c in cases})} models" if models else ""
        return f"{len(cases)} cases{over} -> {path}: " + ", ".join(f"{k} {v}" for k, v in items)

    return summary


def bench_main(
    doc: str | None,
    build: Callable[[Path, bool], list[dict[str, Any]]],
    out: Path,
    out_held: Path,
    summary: Callable[[list[dict[str, Any]], Path], str] | None,
    default_ifc_dir: Path,
    argv: list[str] | None,
    *,
    report: Callable[[Path, Path], str] | None = None,
    held_option: bool = True,
    report_help: str = "a spatial-bench run directory: mean per kind",
    check_help: str = "compare with the committed files instead of writing",
    differs: str = "differs from the oracles",
    label: Callable[[Path], str] = str,
    check_first: bool = False,
    report_metavar: str | None = None,
    after_write: Callable[[list[dict[str, Any]], list[dict[str, Any]]], None] | None = None,
) -> int:
    """The command line of a generator of a dev file ``out`` and a held-back file ``out_held``.

    ``build(ifc_dir, held)`` makes one file's cases. Without ``--check`` it writes both files and prints
    ``summary(cases, path)`` after each (nothing when ``summary`` is None; ``after_write(dev, held)`` runs once
    both are written); with ``--check`` it prints ``<label(path)>: up to date`` (or ``differs``) for each and
    exits 1 when one differs. With ``report`` the options ``--report RUN`` (print ``report(RUN, cases file)``)
    and, when ``held_option``, ``--held`` (the held-back file's report) exist; ``check_first`` and
    ``report_metavar`` keep a script's own ``--help``.
    """
    ap = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    ap.add_argument("--ifc-dir", type=Path, default=default_ifc_dir)
    if check_first:
        ap.add_argument("--check", action="store_true", help=check_help)
    if report is not None:
        ap.add_argument("--report", type=Path, metavar=report_metavar, help=report_help)
        if held_option:
            ap.add_argument("--held", action="store_true", help="with --report: the held-back cases")
    if not check_first:
        ap.add_argument("--check", action="store_true", help=check_help)
    args = ap.parse_args(argv)
    if report is not None and args.report is not None:
        print(report(args.report, out_held if held_option and args.held else out))
        return 0
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    stale = 0
    built = []
    for held, path in ((False, out), (True, out_held)):
        cases = build(args.ifc_dir, held)
        built.append(cases)
        text = dumps(cases)
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            print(f"{label(path)}: {'up to date' if same else differs}")
            stale += not same
            continue
        path.write_text(text, encoding="utf-8")
        if summary is not None:
            print(summary(cases, path))
    if not args.check and after_write is not None:
        after_write(built[0], built[1])
    return 1 if stale else 0


def paired_main(doc: str | None, build_pair: Callable[[Path], tuple[list[dict[str, Any]], list[dict[str, Any]]]],
                out: Path, out_held: Path, summary: Callable[[list[dict[str, Any]], Path], str] | None,
                default_ifc_dir: Path, argv: list[str] | None) -> int:
    """:func:`bench_main` for a generator that builds its dev and held-back cases in one pass
    (``build_pair(ifc_dir) -> (dev, held)``: lookups.py, lookup_forms.py, value_lookups.py, identifier_forms.py),
    reporting per group with :func:`report_groups`."""
    pair: list[list[dict[str, Any]]] = []

    def one(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
        if not pair:
            pair.extend(build_pair(ifc_dir))
        return pair[held]

    return bench_main(doc, one, out, out_held, summary, default_ifc_dir, argv,
                      report=lambda run, _: report_groups(run, (out, out_held)), held_option=False,
                      report_help="a spatial-bench run directory to summarise", differs="differs from the generator",
                      check_first=True)
