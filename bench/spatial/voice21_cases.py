"""One-line requests in other voices: typos, tails that speak about the question, totals over listed storeys,
colloquial German, a storey's elevation in the user's word order (issue 22, round 21 voice21).

    python bench/spatial/voice21_cases.py [--ifc-dir ../shared/ifc] [--check]   # voice21_cases.json + _b
    python bench/spatial/voice21_cases.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People typing on a phone or dictating write a request the parser knows with a letter swapped or dropped ("whcih",
"how mnay", "colums"), chat abbreviations ("r", "pls", "thx"), dictated punctuation ("question mark"), a tail
naming who asks or why ("painter asks", "fragt der elektriker"), a total over two storeys ("sum of both", "taken
together", "zusammen") and a storey's elevation in their own word order ("elevation from EG in meter"). The
taxonomy was written from how such notes are written, not from the parser.

**Bases** (oracles in plain IfcOpenShell through ``people_oracles.Model``, storey-deep): a class (doors, windows,
walls, stairs, columns, slabs) on a storey of 8 shared models.

**Positive kinds.**

============  ==========================================================================================
p_typo        a letter swapped / dropped / doubled in a word of the request or the class, chat abbreviations
p_tail        dictated punctuation and a tail naming who asks or why, grounded in nothing the model holds
p_sum         the class on two storeys, a total ("sum of both", "taken together", "plus ... in sum")
p_german      colloquial German with a tail ("wie viel ... da verbaut, brauch die zahl für ...")
p_elev        a storey's elevation in the user's order and unit ("elevation from {S} in meter please")
============  ==========================================================================================

**Decline kinds.**

============  ==========================================================================================
d_tail        a tail that really restricts ("only the damaged ones"), a misspelt restriction ("brokn"),
              a storey the model lacks in a total or an elevation
============  ==========================================================================================

**Held back**: every third template of each kind, drawn with another seed, goes only into
``voice21_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_misses, seed  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model, count, elements, number  # noqa: E402
from voice_forms import _GERMAN_NAME, ABSENT_STOREYS, MODELS, _bases, _others  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "voice21_cases.json"
OUT_HELD = HERE / "voice21_cases_b.json"
PER_KIND = 6
PER_KIND_HELD = 3
PER_DECLINE = 12
PER_DECLINE_HELD = 6
HOLD_EVERY = 3
# a typo of each class word: one transposition, dropped or doubled letter
TYPOS = {"doors": "doros", "windows": "widnows", "walls": "wallls", "stairs": "stiars", "columns": "colums",
         "slabs": "slabbs"}

# "FORM|text". FORM: count / list (the class on {S}), two (the class on {S} and {S2}, a count), elev (the storey's
# Elevation in metres), decline. Slots as in voice_forms.py; {cls_typo}: the class word misspelt (TYPOS).
TEMPLATES: dict[str, list[str]] = {
    "p_typo": [
        "count|how mnay {cls} r on {S}?",
        "list|whcih {cls} r on {S}?",
        "count|how many {cls_typo} are on {S}?",
        "list|which {cls_typo} r on {S} pls",
        "count|{S}: how mnay {cls} thx",
        "list|waht {cls} are on {S}?",
    ],
    "p_tail": [
        "count|how many {cls} on {S} question mark thanks",
        "count|{S}: how many {cls} r there?? painter asks",
        "list|which {cls} are on {S}? electrician wants to know",
        "count|how many {cls} on {S} comma thanks a lot",
        "list|{cls} on {S} which ones? cleaning crew asks",
        "count|how many {cls} on {S}? site manager wants to know full stop",
    ],
    "p_sum": [
        "two|{cls} on {S} and on {S2}, sum of both pls",
        "two|How many {cls} are on {S} and {S2} taken together?",
        "two|{cls} of {S} plus {S2} ... how many in sum",
        "two|{Cls} on {S} and {S2} added up, how many?",
        "two|how many {cls} on {S} and {S2} in total?",
        "two|{cls} on {S} and {S2} both added up pls",
    ],
    "p_german": [
        "count_de|wie viel {cls_de} sind {prep} {S} verbaut, brauch die zahl für den maler",
        "list_de|{S}, welche {cls_de} sind da drin? wegen reinigung",
        "count_de|wie viel {cls_de} gibts {prep} {S}? fragt der elektriker",
        "count_de|wie viel {cls_de} {prep} {S}? brauch ich fürs angebot",
        "list_de|welche {cls_de} sind {prep} {S} verbaut? frage vom maler",
        "count_de|{S}: wie viel {cls_de} sind da? fragt der hausmeister",
    ],
    "p_elev": [
        "elev|elevation from {S} in meter please, surveyor",
        "elev|{S} elevation in m pls",
        "elev|what elevation has {S} in meters?",
        "elev|elevation of {S} in metre, stair builder asks",
        "elev|the elevation from {S} pls, in meters",
        "elev|{S}: elevation in meter? thx",
    ],
    "d_tail": [
        "decline|how many {cls} on {S}? only the damaged ones, insurance guy asks",
        "decline|which {cls} r on {X}? painter asks",
        "decline|{cls} on {S} and {X}, sum of both pls",
        "decline|how many brokn {cls} on {S}? glazier asks",
        "decline|how many {cls} on {S} r rustd?",
        "decline|elevation from {X} in meter please, surveyor",
        "decline|how many {cls} on {S}? the ones facing the street, window cleaner asks",
        "decline|wie viel {cls_de} sind {prep} {S} kaputt? fragt der hausmeister",
        "decline|how many {cls} on {S} taken together with the garage?",
    ],
}

_RULES = {
    "d_tail": "decline: a tail or word restricts and cannot be read (or names a storey the model lacks)",
}
_FORM_RULES = {
    "count": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "count_de": "the class on the storey, storey-deep (people_oracles.Model): a count",
    "list": "the class on the storey, storey-deep (people_oracles.Model): the elements",
    "list_de": "the class on the storey, storey-deep (people_oracles.Model): the elements",
    "two": "the class on the two storeys, storey-deep: a count over the union",
    "elev": "IfcBuildingStorey.Elevation in metres (the file's length unit converted)",
}


_KIND = {"count_de": "german", "list_de": "german", "elev": "lookup", "two": "multi_storey"}


def _elevation_m(model: Model, name: str) -> float:
    scale = {"m": 1.0, "mm": 0.001, "cm": 0.01}[model.unit("LENGTHUNIT")]
    return float(model.storey(name).Elevation) * scale


def _oracle(form: str, base: dict[str, Any], model: Model, s2: str | None) -> dict[str, Any] | None:
    if form in ("count", "count_de"):
        return count(base["found"])
    if form in ("list", "list_de"):
        return elements(base["found"])
    if form == "two":
        assert s2 is not None
        other = model.on(s2, base["ifc"])
        return count(base["found"] + other) if other else None
    if form == "elev":
        st = model.storey(base["storey"])
        return number(_elevation_m(model, base["storey"]), "m", [st]) if st.Elevation is not None else None
    return {"type": "decline"}


def _fill(template: str, base: dict[str, Any], model: Model, rng: random.Random) -> tuple[str, Any] | None:
    form, text = template.split("|", 1)
    if "{prep}" in text and not _GERMAN_NAME.search(base["storey"]):
        return None  # "auf Level 1" is no German people write
    slots = {"cls": base["cls"], "Cls": base["cls"].capitalize(), "one": base["one"], "S": base["storey"],
             "cls_de": base["cls_de"], "Cls_de": base["cls_de"], "prep": base["prep"],
             "cls_typo": TYPOS[base["cls"]]}
    s2 = None
    if "{S2}" in text:
        others = [o for o in _others(model, base["storey"]) if model.on(o, base["ifc"])]
        if not others:
            return None
        s2 = slots["S2"] = rng.choice(others)
    if "{X}" in text:
        words = set(" ".join(model.storey_names()).lower().split())  # 'Attic Floor' is ExampleHOM's 'attic'
        slots["X"] = rng.choice([x for x in ABSENT_STOREYS if not set(x.lower().split()) & words])
    oracle = _oracle(form, base, model, s2)
    if oracle is None:
        return None
    return text.format(**slots), oracle


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    salt = "voice21-held" if held else "voice21"
    models = {f: Model(ifc_dir / f) for f in MODELS}
    bases = [b for f in MODELS for b in _bases(models[f], f)]
    cases: list[dict[str, Any]] = []
    for kind, templates in TEMPLATES.items():
        decline = kind.startswith("d_")
        quota = (PER_DECLINE_HELD if held else PER_DECLINE) if decline else (PER_KIND_HELD if held else PER_KIND)
        cap = quota // 4 + 1
        mine = [(i, t) for i, t in enumerate(templates) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        used: dict[int, int] = {}
        per_model: dict[str, int] = {}
        taken = 0
        for base in sorted(bases, key=lambda b: seed(salt, kind, b["ifc_filename"], b["storey"], b["cls"])):
            if taken == quota:
                break
            fname = base["ifc_filename"]
            if per_model.get(fname, 0) >= cap:
                continue
            rng = random.Random(seed(salt, kind, fname, base["storey"], base["cls"]))
            for i, template in sorted(mine, key=lambda it: (used.get(it[0], 0), rng.random())):
                got = _fill(template, base, models[fname], rng)
                if got is None:
                    continue
                text, oracle = got
                form = template.split("|", 1)[0]
                bid = f"{Path(fname).stem}:{base['storey']}:{base['cls']}"
                cases.append({
                    "id": f"voice21-{kind}-{seed(kind, bid, text):012x}", "query": text, "ifc_filename": fname,
                    "kind": _KIND.get(form, "german" if "{cls_de}" in template else "storey_class"),
                    "voice": kind, "form": form, "template": template.split("|", 1)[1], "base": bid,
                    "oracle": oracle, "oracle_rule": _RULES.get(kind, _FORM_RULES.get(form, "")),
                    "source": "ifcopenshell",
                })  # fmt: skip
                used[i] = used.get(i, 0) + 1
                per_model[fname] = per_model.get(fname, 0) + 1
                taken += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases


def report(run: Path, cases_path: Path) -> str:
    """Mean score per voice kind of a spatial-bench run of ``cases_path``, then its misses."""
    return report_misses(run, cases_path, "voice", show_model=True)


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("voice", models=True), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
