"""Several-requests bench (issue 22, round 15 two15): a message holding two or three requests, or one request and
a tail saying how to answer, in English, German and both, generated.

    python bench/spatial/several_requests.py [--ifc-dir ../shared/ifc] [--check]  # several_request_cases.json + _b
    python bench/spatial/several_requests.py --report RUN_DIR [--held]             # per kind, from a spatial-bench run

On merge14, "What's the height of the doors on Level 2? Und wie viele Türen gibt es auf Level 1? Gruß" listed the
heights of the doors on BOTH storeys and read the German sign-off 'Gruß' as 'Gross', and "How many doors on Level 1?
Which are external? Just the number." answered a narrowed question the round-14 rule declines without the tail.
The taxonomy was written first, from how people write several things in one message (chat, e-mail, FM ticket),
not from the parser's vocabulary.

**Bases.** ``typo_bases.json`` (round 9: development questions answered right, oracle not a decline), as in
``messages.py`` / ``mail_forms.py``; English bases for the English kinds, German bases for ``c_german``.

**Decline kinds (oracle: a decline; each request stands alone, so one answer would read two questions as one).**

==========  =======================================================================================================
t_two       the base and a second English request on another storey, joined by a newline, "?", "And", "Also,",
            "PS:", with and without a greeting and a closing
t_mixed     the base and a German second request ("Und wie viele Türen gibt es auf {S2}?"), German closings
t_three     the base and two more requests
t_back      the base and a second question reading its subject from it, about another storey ("Which are on
            {S2}?", "How many are on {S2}?", "Welche sind auf {S2}?"), with and without a number tail: read with the
            base it asks for more than either; one answer would merge two questions
==========  =======================================================================================================

**Answer kinds (oracle: the base's answer, in the form asked).**

==========  =======================================================================================================
f_count     a list base and a tail asking for the number ("Just the number.", "Nur die Anzahl bitte."): a count
            oracle (the number of the base's elements; scored with the answer's intent, see ``--report``)
f_list      a count base and a tail asking which ones ("Which ones?", "Welche?", "List them please."): the elements
f_back      the base and a tail only pointing back or saying the answer's form ("A number is fine.", "Can you
            check in the model?", "Danke dir!"): the base's oracle
f_narrow    a list or count base of doors, windows or walls, a narrowing question and a number tail ("Which are
            external? Just the number."): the number of the base's elements recording IsExternal = TRUE (the
            narrowing asks for part of the base, the tail for one number: that number, the rule said)
c_german    a German base and a German closing ("Gruß", "LG", "Danke dir", "Viele Grüße\\nAnna"): the base's oracle
==========  =======================================================================================================

Oracles in plain IfcOpenShell: the base's oracle (its set's script), restricted with
``ifcopenshell.util.element.get_psets`` (``framing.is_external``) for f_narrow, or declines. **Held back**: every
third template of each kind, drawn with another seed, goes only into ``several_request_cases_b.json``, scored once.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from framing import _AGGREGATE, _FRAMED, _GERMAN, _NEGATION, form, is_external, restricted, strip_mark  # noqa: E402
from generated_bench import draw_bases, dumps  # noqa: E402
from messages import _one_storey  # noqa: E402
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "several_request_cases.json"
OUT_HELD = HERE / "several_request_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 14
PER_KIND_HELD = 6
HOLD_EVERY = 3

# {Q}: the base as asked; {q}: without its closing mark; {R2}, {R3}: another request standing alone (English);
# {D2}: one in German; {S2}: a storey of the model the base does not name
TEMPLATES: dict[str, list[str]] = {
    "t_two": [
        "{Q}\n{R2}",
        "{Q} And {r2}?",
        "Hi,\n{Q} Also, {r2}?\nThanks, Ben",
        "{Q} PS: {R2}",
        "{q}? and {r2}?",
        "Hello, {Q} Also {r2}? Cheers",
        "{Q} Btw, {r2}?",
        "{Q} One more thing: {r2}?",
        "{Q} Oh and {r2}? Grüße",
    ],
    "t_mixed": [
        "{Q} Und {d2}? Gruß",
        "Hallo,\n{Q}\nUnd {d2}?\nViele Grüße\nAnna",
        "{Q} {D2} LG",
        "{Q} Also: {d2}? Danke dir",
        "{Q}\n{D2}\nGrüße, Tom",
        "{q}? Und {d2}? VG",
        "{Q} Außerdem: {d2}? Schöne Grüße",
        "{Q} Zudem {d2}? Grüßle, Eva",
        "{Q} Und noch was: {d2}? Tschüss",
    ],
    "t_three": [
        "{Q} {R2} {R3}",
        "Hi,\n{Q}\nAlso, {r2}?\nAnd {r3}?\nThanks",
        "{Q} Und {d2}? And {r3}?",
        "{Q} {R2} PS: {R3}",
        "{Q} And {r2}? Also {r3}? Gruß",
        "Hallo,\n{Q}\n{D2}\n{R3}\nLG",
    ],
    "t_back": [
        "{Q} Which are on {S2}?",
        "{Q} Und welche sind auf {S2}?",
        "{Q} Which ones are on {S2}? Just the number.",
        "{Q} How many are on {S2}?",
        "Hi, {q}? And which of them are on {S2}? Thanks",
        "{Q} Welche sind im {S2}? Nur die Anzahl bitte. Gruß",
    ],
    "f_count": [
        "{Q} Just the number.",
        "{Q} Nur die Anzahl bitte.",
        "Hi, {q}? Just the number please. Thanks",
        "{Q} The number is enough.",
        "{Q} Only the number, thanks.",
        "{Q}\nJust give me the count.\nGruß",
    ],
    "f_list": [
        "{Q} Which ones?",
        "{Q} Welche?",
        "Hi, {q}? Can you list them too? Thanks",
        "{Q} List them please.",
        "{Q} Which ones are they? LG",
        "{Q}\nWhich ones?\nCheers, Jo",
    ],
    "f_back": [
        "{Q} Can you check in the model?",
        "{Q} Danke dir!",
        "Hi, {q}? Could you look it up? Thanks",
        "{Q} What does the model show?",
        "{Q}\nDanke!\nLG Anna",
        "{Q} Thx, Grüße",
    ],
    "f_narrow": [
        "{Q} Which are external? Just the number.",
        "{Q} Which of them are external? The number is enough.",
        "{Q} Which are external? Nur die Anzahl bitte.",
        "Hi, {q}? Which ones are external? Just the number please.",
        "{Q} Which are external? Just the count, thanks.",
        "{Q}\nWhich of them are external?\nJust the number.",
    ],
    "c_german": [
        "{Q} Gruß",
        "{Q} LG",
        "{Q} Danke dir",
        "{Q}\nViele Grüße\nAnna",
        "{Q} Grüße",
        "Hallo,\n{Q}\nDanke und Gruß, Jens",
        "{Q} Schöne Grüße",
        "{Q}\nServus, Max",
        "{Q} Tschüss",
    ],
}

# second requests, each standing alone: (English, German) about a class on another storey
_SECOND = [
    ("how many windows are on {S}", "wie viele Fenster gibt es auf {S}"),
    ("which doors are on {S}", "welche Türen sind auf {S}"),
    ("how many walls are on {S}", "wie viele Wände gibt es auf {S}"),
    ("which windows are on {S}", "welche Fenster sind auf {S}"),
]
_FORM_TAILS = ("f_count", "f_list", "f_back", "f_narrow")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _second(q: str, storeys: list[str], rng: random.Random, avoid: set[str]) -> tuple[str, str, str] | None:
    """A second request standing alone (English, German, its storey) on a storey the base does not name, about
    another class than the base's."""
    own = {s for s in storeys if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", q, re.I)}
    options = sorted(s for s in storeys if s not in own and storeys.count(s) == 1 and s not in avoid
                     and not any(s.lower() in o.lower() or o.lower() in s.lower() for o in own))
    pairs = [p for p in _SECOND if p[0].split()[2 if p[0].startswith("how") else 1].rstrip("s") not in q.lower()]
    if not options or not pairs:
        return None
    s = rng.choice(options)
    en, de = rng.choice(pairs)
    return en.format(S=s), de.format(S=s), s


def fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    """The message and its oracle, or None when the base does not fit the template."""
    query = base["query"].strip()
    q = strip_mark(query)
    oracle = base["oracle"]
    slots: dict[str, str] = {"Q": _capital(query if query[-1:] in "?.!" else query + "?"), "q": q}
    storeys = [s for s in model.storey_names() if s]
    if kind.startswith("t_"):
        used: set[str] = set()
        for key in ("2", "3"):
            if f"{key}}}" not in template:
                continue
            got = _second(q, storeys, rng, used)
            if got is None:
                return None
            en, de, s = got
            used.add(s)
            slots[f"r{key}"], slots[f"R{key}"] = en, _capital(en) + "?"
            slots[f"d{key}"], slots[f"D{key}"] = de, _capital(de) + "?"
        oracle = {"type": "decline"}
    if kind == "t_back":
        own = _one_storey(q, storeys)
        others = sorted(s for s in storeys if own is not None and s != own and storeys.count(s) == 1
                        and s.lower() not in q.lower() and own.lower() not in s.lower())
        if own is None or not others or _AGGREGATE.search(q) or base["oracle"]["type"] not in ("elements", "count"):
            return None
        slots["S2"] = rng.choice(others)
        oracle = {"type": "decline"}
    guids = list(oracle.get("guids") or [])
    if kind in _FORM_TAILS and (_AGGREGATE.search(q) or oracle["type"] not in ("elements", "count") or not guids):
        return None
    if kind == "f_count":
        if oracle["type"] != "elements":
            return None
        oracle = {"type": "count", "value": len(guids), "guids": guids}
    if kind == "f_list":
        if oracle["type"] != "count" or oracle.get("value") != len(guids):
            return None
        oracle = {"type": "elements", "guids": guids}
    if kind == "f_narrow":
        if _NEGATION.search(q):
            return None
        by_guid = {g: model.f.by_guid(g) for g in guids}
        if not all(any(e.is_a(c) for c in ("IfcDoor", "IfcWindow", "IfcWall")) for e in by_guid.values()):
            return None
        keep = [g for g, e in by_guid.items() if is_external(e) is True]
        if not keep or len(keep) == len(guids):
            return None
        oracle = restricted({"type": "count", "value": len(keep), "guids": guids}, keep)
    text = template.format(**slots)
    text = re.sub(r"\?\s*\?", "?", text)
    text = re.sub(r"([?.!])\?", r"\1", text)
    return text, oracle


def usable(base: dict[str, Any], kind: str) -> bool:
    q = strip_mark(base["query"])
    if not q or len(q) >= 80 or _FRAMED.search(q) or "?" in q:
        return False
    german = bool(_GERMAN.search(q))
    if kind == "c_german":
        return german
    return not german and form(q) is not None


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    def case(kind: str, name: str, bid: str, template: str, base: dict[str, Any], text: str,
             oracle: Any) -> dict[str, Any]:
        form_asked = {"f_count": "count", "f_narrow": "count", "f_list": "list"}.get(kind)
        return {
            "id": f"two-{kind}-{bid}", "query": text, "ifc_filename": base["ifc_filename"], "kind": base["kind"],
            "several": kind, "template": template, "base": bid, "base_set": name,
            "base_query": base["query"], "oracle": oracle, **({"form": form_asked} if form_asked else {}),
            "oracle_rule": (f"{kind} of the base ({name} {bid}): "
                            + ("a decline: several requests, each standing alone" if kind.startswith("t_")
                               else "the base's answer in the form asked; ") + base.get("oracle_rule", "")),
            "source": "ifcopenshell",
        }  # fmt: skip

    quota = PER_KIND_HELD if held else PER_KIND
    return draw_bases(ifc_dir, held, TEMPLATES, bases_path=BASES, salt="two15-held" if held else "two15",
                      quota=quota, cap=quota // 4 + 1, hold_every=HOLD_EVERY, usable=usable, fill=fill, case=case,
                      distinct=False)


def report(run: Path, cases_path: Path) -> str:
    """Per kind: mean score, right, declined, wrong, broadenings, and answers in the wrong form (a list where a
    number was asked: the scorer's count also reads a list's length)."""
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        case = cases[r["id"]]
        want = case.get("form")
        # a count answer names its elements (round 14: "How many? Which ones?" is answered by it), so only a
        # number asked is checked: a list where a number was asked is the wrong form
        bad_form = want == "count" and not r["declined"] and r.get("intent") != "count"
        points = 0.0 if bad_form else r["score"]
        for key in (case["several"], "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += points
            row["right"] += points == 1.0
            row["declined"] += bool(r["declined"]) and points < 1.0
            row["wrong"] += not r["declined"] and points < 1.0
            row["broadened"] += bool(r["broadened"])
            row["form"] += bad_form
            row["named"] += case["several"].startswith("t_") and points == 1.0 and "two different questions" in (
                r["answer"] or "")
        if points < 1.0:
            misses.append(f"- {case['several']} {r['id']} ({points:.2f}{', declined' if r['declined'] else ''}"
                          f"{', wrong form' if bad_form else ''}): {r['query']!r} -> {(r['answer'] or '')[:150]!r}")
    lines = ["| kind | n | mean score (form checked) | right | declined | wrong | wrong form | broadenings | "
             "declined as several requests |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for key in (*TEMPLATES, "all"):
        row = rows.get(key)
        if row:
            lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                         f"{int(row['declined'])} | {int(row['wrong'])} | {int(row['form'])} | "
                         f"{int(row['broadened'])} | {int(row['named'])} |")
    return "\n".join([*lines, "", "Misses:", *misses])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    ap.add_argument("--report", type=Path, metavar="RUN_DIR", help="per-kind table of a spatial-bench run")
    ap.add_argument("--held", action="store_true", help="with --report: the held-back cases")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report, OUT_HELD if args.held else OUT))
        return 0
    status = 0
    for held, out in ((False, OUT), (True, OUT_HELD)):
        cases = build(args.ifc_dir, held)
        body = dumps(cases)
        if args.check:
            same = out.is_file() and out.read_text(encoding="utf-8") == body
            print(f"{out.name}: " + ("up to date" if same else "differs from what the script computes"))
            status |= not same
            continue
        out.write_text(body, encoding="utf-8")
        per: dict[str, int] = defaultdict(int)
        for c in cases:
            per[c["several"]] += 1
        print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {out}")
        print("  " + ", ".join(f"{k} {n}" for k, n in per.items()))
    return status


if __name__ == "__main__":
    sys.exit(main())
