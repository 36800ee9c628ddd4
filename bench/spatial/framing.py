"""Framing bench (issue 22, round 10): answered questions wrapped in who asks and why, generated.

    python bench/spatial/framing.py [--ifc-dir ../shared/ifc] [--check]    # framing_cases.json + framing_cases_b.json
    python bench/spatial/framing.py --report RUN_DIR [--held]               # per kind, from a spatial-bench run

People wrap a question in its framing: who they are, who wants the answer, why, where they are going, greetings and
signatures ("The client wants an inventory of the furniture on the Ground Floor, can you pull it?", "Electrician
here. Before I start in the Kellergeschoss: how many outlets are down there?"). The taxonomy below was written from
how people write e-mails, FM tickets and chat (and ``../shared/questions/ifc-bench-v1.csv``), before the parser's
framing words were read.

**Bases.** ``typo_bases.json`` (round 9): the development-set questions that main answered with score 1.0 and whose
oracle is not a decline (no held-out file is read). A base is used when its form lets the framing wrap it: a
wh-question ("which / how many / what / where ..."), a yes/no question, an imperative ("list ...", "show me ...") or a
bare noun phrase ("doors on Level 1?"); an indirect form ("could you check how many ...") needs a wh-question, a
noun-phrase form ("can you pull the doors on Level 1") a noun phrase the base yields.

**Positive kinds (oracle = the base's oracle, metamorphic).**

=============  ==================================================================================================
kind           framing
=============  ==================================================================================================
f_intro        a speaker introduction ("Electrician here.", "This is Anna from facilities -", "Hi, site manager
               speaking.", "New caretaker here, quick one:")
f_requester    a third party who wants the answer ("The client wants to know how many ...", "my boss asked me
               which ...", "the architect would like a list of ...", "Procurement is asking: are there ...?")
f_purpose      a reason or purpose before or after ("We're repainting next month.", "... for the hardware schedule",
               "... for next week's fire inspection", "... because the locks are being swapped", "... before I
               order parts"), including purpose words that are also refusal words (schedule, cost estimate,
               tender, budget, demolition plan): the question stays answerable
f_email        e-mail wrappers ("Hi Tom,", "Thanks!", "Best, Tom", "Sent from my phone")
f_request      request verbs and indirect questions ("can you pull ...", "could you check how many ...", "I'd like
               to know which ...", "do you happen to know ...", "would be great to get ...")
f_context      a context sentence naming the storey or room, and the question pointing back to it ("We're redoing
               the living room. What furniture is in it?", "Before I start on Level 1: how many doors are there?")
=============  ==================================================================================================

**Negative kinds (the framing restricts or changes the request).**

=============  ==================================================================================================
n_qualifier    a framing that adds a qualifier ("We only care about the external ones."): the base's elements that
               record ``IsExternal`` = TRUE (doors, windows, walls; skipped when that keeps every element)
n_negation     a framing that negates ("the client wants the ones that are not external"): the base's elements
               whose ``IsExternal`` is explicitly FALSE (the project's rule for "not external", round 9)
n_refusal      a real refusal in the request ("can you delete the doors on Level 1", "... and what will they
               cost?"): a decline
n_place        a context sentence naming a storey before a question that names no place ("Before I start on
               Level 1: how many doors are there?"): the base's elements on that storey (storey-deep)
=============  ==================================================================================================

Oracles in plain IfcOpenShell: a positive case keeps the base's oracle (computed by its set's oracle script); a
negative case's oracle is the base's GlobalIds filtered with ``ifcopenshell.util.element.get_psets`` (IsExternal of
the element's own or its type's property sets) or with ``people_oracles.Model.on`` (storey-deep), or a decline.

**Held-back part.** Every third template of each kind (and another seeded draw of bases) goes only into
``framing_cases_b.json``, which is scored once, at the end of the round, to check that the mechanism is not fitted
to the templates of ``framing_cases.json``.
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

import ifcopenshell.util.element

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_bench import dumps  # noqa: E402
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "framing_cases.json"
OUT_HELD = HERE / "framing_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 30  # dev cases per kind (fewer where fewer bases fit)
PER_KIND_HELD = 15

# --- the taxonomy ----------------------------------------------------------------------------------------
# {Q}: the base as asked; {q}: the base without its closing mark; {ind}: as an indirect question ("how many doors
# are on Level 1", "whether there are doors on Level 1"); {np}: as a noun phrase ("the doors on Level 1");
# {S}: a storey of the model; {R}: a room named in the base; {A}: the base with its place as an anaphor

TEMPLATES: dict[str, list[str]] = {
    "f_intro": [
        "Electrician here. {Q}",
        "This is Anna from facilities - {q}?",
        "Hi, site manager speaking. {Q}",
        "New caretaker here, quick one: {q}?",
        "Hello, this is Marek from the FM team. {Q}",
        "Plumber here. {Q}",
        "Hey, it's Jonas from HVAC. {Q}",
        "Good morning, Priya here from the estates office. {Q}",
        "Site engineer here - {q}?",
    ],
    "f_requester": [
        "The client wants to know {ind}.",
        "my boss asked me {ind}",
        "The architect would like to know {ind}.",
        "Our project manager needs to know {ind}",
        "the fire officer asked {ind}",
        "Sarah from procurement is asking {ind}",
        "The client wants {np}, can you pull it?",
        "the architect would like a list of {np}",
        "My boss needs {np} by Friday.",
    ],
    "f_purpose": [
        "{q} for the hardware schedule?",
        "We're repainting next month. {Q}",
        "{q}? It's for next week's fire inspection.",
        "{q}, because the locks are being swapped?",
        "{q} - before I order parts",
        "For the cost estimate: {q}?",
        "{q}? Need it for the tender.",
        "I'm updating the maintenance schedule. {Q}",
        "{q} (for the budget)",
        "{q}? We're drawing up the demolition plan.",
        "We're preparing the insurance review. {Q}",
        "{q}? It's for the handover documents.",
    ],
    "f_email": [
        "Hi Tom,\n{Q}\nThanks!",
        "{Q}\n\nBest, Tom",
        "{Q} Sent from my phone",
        "Hello team, quick question: {q}? Cheers, Anna",
        "Good morning! {Q} Many thanks in advance.",
        "Hi all - {q}? Thx",
        "Dear colleagues, {q}? Kind regards, M. Weber",
        "{Q} Thanks a lot!",
        "Hey, {q}? ty",
    ],
    "f_request": [
        "can you pull {np}?",
        "could you check {ind}?",
        "I'd like to know {ind}.",
        "do you happen to know {ind}?",
        "would be great to get {np}",
        "Could you tell me {ind}?",
        "any chance you could check {ind}?",
        "I was wondering {ind}.",
        "Can you send me {np}?",
    ],
    "f_context": [
        "Before I start on {S}: {A}",
        "We're working on {S} next week. {A}",
        "I'm on {S} right now. {A}",
        "We're redoing the {R}. {A}",
        "I'm standing in the {R}. {A}",
        "Heading to {S} in a bit. {A}",
    ],
    "n_qualifier": [
        "{Q} We only care about the external ones.",
        "The client only wants the external ones: {q}?",
        "{q}? Just the exterior ones, please.",
    ],
    "n_negation": [
        "{Q} The client wants the ones that are not external.",
        "{q}? We don't need the external ones, only the internal ones.",
        "{q}, but only the ones that aren't external?",
    ],
    "n_refusal": [
        "can you delete {np}?",
        "{Q} And what will they cost?",
        "please remove {np} from the model",
        "what will {np} cost for the schedule?",
        "The client wants {np} moved to the other side.",
        "{Q} Then please delete them.",
    ],
    "n_place": [
        "Before I start on {S}: {Q}",
        "I'm heading to {S} now. {Q}",
        "We're working on {S} next week. {Q}",
    ],
}

HOLD_EVERY = 3  # templates with index % 3 == 2 are held back (framing_cases_b.json only)

# --- base forms --------------------------------------------------------------------------------------------

_WH = re.compile(r"^(?:how\s+many|how\s+much|which|what|where|who|in\s+which|on\s+which|how\s+(?:big|large|tall|"
                 r"high|wide|long))\b", re.I)
_YN = re.compile(r"^(?P<v>are|is)\s+there\b", re.I)
_IMP = re.compile(r"^(?:please\s+)?(?:list|show(?:\s+me)?|give\s+me|find|name)\s+(?:(?:all|every)\s+)?(?P<np>.+)$",
                  re.I)
_WHICH_ON = re.compile(r"^(?:which|what)\s+(?P<noun>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+(?:are|is)\s+"
                       r"(?P<where>(?:on|in|at)\s+.+)$", re.I)
# a base in German or with a word that already frames it is no base here (its framing would be doubled)
_GERMAN = re.compile(r"\b(?:wie|welche\w*|gibt|im|der|die|das|und|sind|hat|haben|auf|wo|liste|zeige?|alle|nicht)\b",
                     re.I)
_FRAMED = re.compile(r"\b(?:i|we|my|our|me|please|pls|need|want|client|thanks|hi|hello)\b|[:;]|\s-\s|\n|\?.", re.I)
# (a base naming the whole model, "how many doors does the building have", is not narrowed by where the asker goes)
_PLACE_WORDS = re.compile(r"\b(?:building|model|house|total|overall|altogether|everywhere|on|in|at|outside|inside|"
                          r"außer|ausser|dem|alles|bath\w*|toilet\w*|wc|level|floor|storey|story|room|rooms|upstairs|"
                          r"downstairs|basement|attic|"
                          r"geschoss|eg|og|ug|kg|dg|roof|bathroom|kitchen|office|per|each|every|floors|storeys|levels|"
                          r"where|which\s+floor|not|isn't|aren't|except|than|other)\b", re.I)
# a base whose answer is not a plain set of elements (a superlative, an aggregate, per storey): a restriction
# would change what is compared, not filter the answer
_AGGREGATE = re.compile(r"\b(?:\w+est|most|fewest|least|each|per|every|average|total|sum|combined|all\s+floors|"
                        r"which\s+floor|which\s+level|which\s+storey|more|fewer|less|than)\b", re.I)
_NEGATION = re.compile(r"\b(?:not|no|none|exclud\w*|isn't|aren't|except|without|apart|other\s+than|but|external|"
                       r"exterior|internal|interior|outside|inside)\b|n't\b", re.I)


def strip_mark(query: str) -> str:
    return query.strip().rstrip("?.! ").strip()


def form(query: str) -> str | None:
    q = strip_mark(query)
    if _WH.match(q):
        return "wh"
    if _YN.match(q):
        return "yn"
    if _IMP.match(q):
        return "imp"
    if len(q.split()) <= 8 and not re.match(r"(?:is|are|do|does|did|has|have|can|could|was|were|should)\b", q, re.I):
        return "np"
    return None


def first_lower(text: str) -> str:
    """The first letter lowered unless the first word looks like a name (an IFC class, a code, all caps)."""
    word = text.split()[0] if text.split() else ""
    if word[:1].isupper() and word[1:2].islower() and not word.startswith("Ifc"):
        return text[0].lower() + text[1:]
    return text


def indirect(query: str) -> str | None:
    """The base as an indirect question ("how many doors are on Level 1", "whether there are doors on Level 1")."""
    q = strip_mark(query)
    f = form(q)
    if f == "wh":
        return first_lower(q)
    if f == "yn":
        m = _YN.match(q)
        assert m is not None
        return f"whether there {m['v'].lower()}{q[m.end():]}"
    return None


def noun_phrase(query: str) -> str | None:
    """The base as a noun phrase ("the doors on Level 1"), or None."""
    q = strip_mark(query)
    f = form(q)
    if f == "imp":
        m = _IMP.match(q)
        assert m is not None
        np = m["np"]
    elif f == "np":
        np = q
    else:
        m = _WHICH_ON.match(q)
        if m is None:
            return None
        np = f"{m['noun']} {m['where']}"
    np = first_lower(np)
    if re.match(r"(?:the|all|every|each|any|a|an)\b", np, re.I):
        return np
    return "the " + np


# --- places in a base ----------------------------------------------------------------------------------------


def storey_phrase(query: str, storeys: list[str]) -> tuple[int, int, str] | None:
    """(start, end, storey name) of "on [the] <storey name>" in the base, one storey named once."""
    hits = []
    for name in sorted(storeys, key=len, reverse=True):
        for m in re.finditer(rf"\b(?:on|in|at)\s+(?:the\s+)?{re.escape(name)}(?![\w-])", query, re.I):
            if not any(a <= m.start() < b for a, b, _ in hits):
                hits.append((m.start(), m.end(), name))
    return hits[0] if len(hits) == 1 else None


def room_phrase(query: str, model: Model) -> tuple[int, int, str] | None:
    """(start, end, room word) of "in [the] <space name or long name>" in the base."""
    names = {s.Name for s in model.spaces() if s.Name} | {s.LongName for s in model.spaces() if s.LongName}
    for name in sorted(names, key=len, reverse=True):
        if len(name) < 3 or not re.search(r"[^\W\d_]{3}", name):
            continue
        m = re.search(rf"\bin\s+(?:the\s+)?(?:room\s+)?{re.escape(name)}(?![\w-]|\s*\d)", query, re.I)
        if m is not None:
            return m.start(), m.end(), name
    return None


def anaphor(query: str, start: int, end: int, rng: random.Random, *, room: bool, basement: bool) -> str:
    if room:
        options = ["in it", "in there", "in that room"]
    elif basement:
        options = ["down there", "there", "on that floor"]
    else:
        options = ["there", "on that floor", "on that level"]
    phrase = rng.choice(options)
    q = query[:start] + phrase + query[end:]
    q = re.sub(r"\bthere\s+there\b", "there", q)
    return q[0].upper() + q[1:]


_BASEMENT = re.compile(r"keller|basement|cellar|\bug\b|\bkg\b|untergeschoss", re.I)

# --- negative oracles ------------------------------------------------------------------------------------------


def is_external(e: Any) -> bool | None:
    """IsExternal of the element's own or its type's common property set (None: not recorded)."""
    value = None
    for pset, props in ifcopenshell.util.element.get_psets(e).items():
        if (pset or "").endswith("Common") and "IsExternal" in props:
            value = props["IsExternal"]
    return value if isinstance(value, bool) else None


_EXTERNAL_CLASSES = ("IfcDoor", "IfcWindow", "IfcWall")


def restricted(oracle: dict[str, Any], keep: list[str]) -> dict[str, Any]:
    if oracle["type"] == "count":
        return {"type": "count", "value": len(keep), "guids": sorted(keep)}
    return {"type": "elements", "guids": sorted(keep)}


# --- building -------------------------------------------------------------------------------------------------


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    """The wrapped question and its oracle, or None when the base does not fit the template."""
    query = base["query"].strip()
    q = strip_mark(query)
    oracle = base["oracle"]
    slots: dict[str, str] = {"Q": query if query[-1:] in "?.!" else query + "?", "q": q}
    if "{ind}" in template:
        ind = indirect(q)
        if ind is None:
            return None
        slots["ind"] = ind
    if "{np}" in template:
        np = noun_phrase(q)
        if np is None:
            return None
        slots["np"] = np
    if kind == "f_context":
        storeys = [s for s in model.storey_names() if s]
        if "{R}" in template:
            hit = room_phrase(q, model)
            if hit is None:
                return None
            slots["R"] = hit[2]
            slots["A"] = anaphor(q, hit[0], hit[1], rng, room=True, basement=False) + "?"
        else:
            hit = storey_phrase(q, storeys)
            if hit is None or sum(bool(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", q, re.I))
                                  for n in storeys) != 1:
                return None  # one storey named, once
            slots["S"] = hit[2]
            slots["A"] = anaphor(q, hit[0], hit[1], rng, room=False, basement=bool(_BASEMENT.search(hit[2]))) + "?"
    if kind in ("n_qualifier", "n_negation"):
        if oracle["type"] not in ("elements", "count") or _NEGATION.search(q) or not oracle.get("guids") or \
                _AGGREGATE.search(q):
            return None
        by_guid = {g: model.f.by_guid(g) for g in oracle["guids"]}
        if not all(any(e.is_a(c) for c in _EXTERNAL_CLASSES) for e in by_guid.values()):
            return None
        wanted = kind == "n_qualifier"
        keep = [g for g, e in by_guid.items() if is_external(e) is wanted]
        if len(keep) == len(by_guid) or not keep:
            return None  # the framing would not change the answer, or would leave nothing
        oracle = restricted(oracle, keep)
    if kind == "n_refusal":
        oracle = {"type": "decline"}
    if kind == "n_place":
        if oracle["type"] not in ("elements", "count") or _PLACE_WORDS.search(q) or not oracle.get("guids") or \
                _AGGREGATE.search(q) or any(n.lower() in q.lower() for n in model.storey_names() if n):
            return None
        storeys = [s for s in model.storey_names() if s]
        by_storey: dict[str, list[str]] = defaultdict(list)
        for g in oracle["guids"]:
            name = model.storey_name(model.f.by_guid(g))
            if name is not None:
                by_storey[name].append(g)
        options = sorted(s for s in storeys if by_storey.get(s) and len(by_storey[s]) < len(oracle["guids"])
                         and storeys.count(s) == 1)
        if not options:
            return None
        s = rng.choice(options)
        slots["S"] = s
        oracle = restricted(oracle, by_storey[s])
    text = template.format(**slots)
    text = re.sub(r"\?\s*\?", "?", text)
    text = re.sub(r"([?.!])\?", r"\1", text)
    return _capital(text) if text[:1].islower() and rng.random() < 0.5 else text, oracle


def usable(base: dict[str, Any]) -> bool:
    q = strip_mark(base["query"])
    return bool(q) and form(q) is not None and not _GERMAN.search(q) and not _FRAMED.search(q) and len(q) < 90


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    bases = json.loads(BASES.read_text(encoding="utf-8"))
    sets: dict[str, dict[str, dict[str, Any]]] = {}
    for name, _ in bases:
        if name not in sets:
            sets[name] = {c["id"]: c for c in json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))}
    models: dict[str, Model] = {}
    cases: list[dict[str, Any]] = []
    salt = "held" if held else ""
    quota = PER_KIND_HELD if held else PER_KIND
    for kind, templates in TEMPLATES.items():
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        order = sorted(bases, key=lambda b: _seed(salt, kind, *b))
        taken = 0
        used: set[str] = set()  # a base at most once per kind
        per_template: dict[int, int] = defaultdict(int)
        per_model: dict[str, int] = defaultdict(int)
        cap = quota // 6 + 2
        for name, bid in order:
            if taken == quota:
                break
            base = sets[name][bid]
            if bid in used or not usable(base) or per_model[base["ifc_filename"]] >= cap:
                continue
            rng = random.Random(_seed(salt, kind, name, bid))
            fname = base["ifc_filename"]
            if fname not in models:
                models[fname] = Model(ifc_dir / fname)
            for i, template in sorted(mine, key=lambda it: (per_template[it[0]], rng.random())):
                got = fill(template, base, models[fname], rng, kind)
                if got is None:
                    continue
                text, oracle = got
                cases.append({
                    "id": f"frame-{kind[2:]}-{bid}", "query": text, "ifc_filename": fname, "kind": base["kind"],
                    "framing": kind, "template": template, "base": bid, "base_set": name,
                    "base_query": base["query"], "oracle": oracle,
                    "oracle_rule": (f"the base question's oracle ({name} {bid}); the framing asks the same; "
                                    if kind.startswith("f_") else f"{kind} of the base ({name} {bid}): ")
                                   + base.get("oracle_rule", ""),
                    "source": "ifcopenshell",
                })  # fmt: skip
                per_template[i] += 1
                per_model[fname] += 1
                used.add(bid)
                taken += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        case = cases[r["id"]]
        for key in (case["framing"], "positive" if case["framing"].startswith("f_") else "negative", "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
            row["broadened"] += bool(r["broadened"])
        if r["score"] < 1.0:
            misses.append(f"- {case['framing']} {r['id']} ({r['score']:.2f}{', declined' if r['declined'] else ''}):"
                          f" {r['query']!r} -> {(r['answer'] or '')[:150]!r}")
    lines = ["| framing | n | mean score | right | declined | wrong (answered, not the oracle) | broadenings |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for key in (*TEMPLATES, "positive", "negative", "all"):
        row = rows.get(key)
        if row:
            lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                         f"{int(row['declined'])} | {int(row['wrong'])} | {int(row['broadened'])} |")
    return "\n".join([*lines, "", "Misses:", *misses])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
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
            per[c["framing"]] += 1
        print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {out}")
        print("  " + ", ".join(f"{k} {n}" for k, n in per.items()))
    return status


if __name__ == "__main__":
    sys.exit(main())
