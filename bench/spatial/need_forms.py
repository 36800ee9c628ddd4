"""Need-forms bench (issue 22, round 16 need16): a request stated as a NEED or with a PURPOSE / REASON clause
instead of a question, in English, German and non-native English, generated.

    python bench/spatial/need_forms.py [--ifc-dir ../shared/ifc] [--check]   # need_cases.json + need_cases_b.json
    python bench/spatial/need_forms.py --report RUN_DIR [--held]              # per kind, from a spatial-bench run

People write what they need and why, not a question: "The doors on Level 1 are needed for the lock order.", "Which
slabs are load bearing, we cannot drill them", "Anzahl der Türen im EG wird gebraucht, für das Angebot". On main such
inputs declined on the purpose words ('quote', 'locks', 'gebraucht'), and a reason clause holding a write verb
("we cannot drill them") declined as a write request. The taxonomy was written before the parser was read.

**Bases.** ``typo_bases.json`` (round 9: development questions answered right, oracle not a decline), as in
``framing.py`` / ``several_requests.py``; English bases for the English kinds, German bases for ``p_german``.

**Answer kinds (oracle: the base's oracle; the frame asks nothing).**

============  =====================================================================================================
p_needed      the request as a noun phrase said to be needed ("The doors on Level 1 are needed for the quote.",
              "I need the doors on Level 1 for the handrail quote", "I require ...")
p_purpose     the question and a purpose after it ("... I need them for the handrail quote.", "... Need it for
              the offer.", "..., we have to order new locks")
p_reason      the question and a reason clause (because / since / as / so that / we cannot / must not ...), reason
              verbs that are write verbs too (drill, remove, replace, paint)
p_german      a German base and a German need / purpose / reason frame (wird benötigt / gebraucht, brauche ... für,
              weil / da / damit ...)
p_nonnative   non-native English frames ("I am needing this for make the offer", "is needed for order of locks")
============  =====================================================================================================

**Restricting kinds.**

============  =====================================================================================================
r_external    a reason clause restricting to the external ones ("because only the external ones get new locks"):
              the base's doors / windows / walls recording IsExternal = TRUE (get_psets); a decline is no broadening
d_restrict    a purpose clause restricting in a way the model cannot ground, or naming another storey than the
              request ("I need them for {S2} only", "only the ones with brass handles get new locks"): a decline
d_write       a write verb in the main clause with a need / reason clause ("Delete the doors on Level 1, we do not
              need them"): a decline
============  =====================================================================================================

Oracles in plain IfcOpenShell: the base's oracle (its set's script), restricted with
``ifcopenshell.util.element.get_psets`` (``framing.is_external``) for r_external, or declines. **Held back**: every
third template of each kind, drawn with another seed, goes only into ``need_cases_b.json``, scored once.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from framing import (  # noqa: E402
    _AGGREGATE,
    _EXTERNAL_CLASSES,
    _FRAMED,
    _GERMAN,
    _NEGATION,
    form,
    indirect,
    is_external,
    noun_phrase,
    restricted,
    strip_mark,
)
from generated_bench import bench_main, draw_bases, kind_lines, report_table  # noqa: E402
from people_oracles import Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "need_cases.json"
OUT_HELD = HERE / "need_cases_b.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 12
PER_KIND_HELD = 5
HOLD_EVERY = 3

# {Q}: the base as asked; {q}: without its closing mark; {np}: the base as a noun phrase ("the doors on Level 1");
# {NP}: capitalised; {ind}: as an indirect question; {S2}: a storey of the model the base does not name
TEMPLATES: dict[str, list[str]] = {
    "p_needed": [
        "{NP} are needed for the handrail quote.",
        "I need {np} for the lock order.",
        "{NP} - required for the tender.",
        "We need {np}, it's for the insurance.",
        "I require {np} for the maintenance plan.",
        "{NP} would be needed for the offer, thanks.",
        "Need {np} for the quote please",
        "For the cleaning contract I need {np}.",
        "{NP} are wanted by the client for the fit-out budget.",
    ],
    "p_purpose": [
        "{Q} I need them for the handrail quote.",
        "{Q} Need it for the offer.",
        "{q}, we have to order new locks",
        "{Q} It's for the insurance renewal.",
        "{Q} We need this for the tender documents.",
        "{q} please, I need to prepare the quote",
        "{Q} Needed for the cost estimate.",
        "{Q} This is for the maintenance contract.",
        "{q}? I need to know {ind} for the order.",
    ],
    "p_reason": [
        "{q}, we cannot drill them",
        "{Q} Because we have to replace the locks.",
        "{q}, since the painters come on Monday",
        "{Q} We must not damage them during the works.",
        "{q}? As we need to order spare parts.",
        "{Q} So that I can plan the cleaning.",
        "{q}, because the fire inspector wants to see them",
        "{Q} We want to remove the old paint next month.",
        "{q} - the contractor has to paint them",
    ],
    "p_german": [
        "{Q} Wird für das Angebot benötigt.",
        "{Q} Brauche ich für die Ausschreibung.",
        "{q}, weil wir neue Schlösser bestellen müssen",
        "{Q} Das wird für die Kostenschätzung gebraucht.",
        "{q}? Da wir dort nicht bohren dürfen.",
        "{Q} Damit ich das Angebot schreiben kann.",
        "{Q} Ich benötige das für die Wartungsplanung.",
        "{q}, wir müssen die Schlösser tauschen",
        "{Q} Brauchen wir für den Reinigungsvertrag.",
    ],
    "p_nonnative": [
        "{Q} I am needing this for make the offer.",
        "{NP}, is needed for order of locks.",
        "{Q} We need for the quotation because locks must change.",
        "{Q} Is for the insurance, we must to send it.",
        "Please {np}, I need it for calculate the price.",
        "{q}, because we want make new painting",
        "{Q} I need it for the budget, thank you very much.",
        "{NP} is required for to prepare the tender.",
        "{q}? Is necessary for the cleaning company.",
    ],
    "r_external": [
        "{Q} Because only the external ones get new locks.",
        "{q}, I need only the external ones for the quote",
        "{Q} Only the exterior ones are needed for the paint job.",
        "{q}, since only the external ones must be replaced",
        "{Q} We need just the external ones for the tender.",
        "{q} - only the external ones, for the insurance",
    ],
    "d_restrict": [
        "{Q} I need them for {S2} only.",
        "{Q} Because only the ones with brass handles get new locks.",
        "{q}, I need only the ones painted last year for the quote",
        "{Q} Only the ones facing the street are needed.",
        "{q}, since only the ones in the east wing get replaced",
        "{Q} We need just the ones on {S2} for the tender.",
    ],
    "d_write": [
        "Delete {np}, we do not need them.",
        "Please remove {np} because the client does not want them.",
        "Move {np} to the next level, we need the space.",
        "Change {np} to fire rated ones, it's for the insurance.",
        "Remove {np} from the model, they are not needed anymore.",
        "Lösch bitte {np}, die brauchen wir nicht mehr.",
    ],
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(q: str, storeys: list[str]) -> set[str]:
    return {s for s in storeys if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", q, re.I)}


def fill(template: str, base: dict[str, Any], model: Model, rng: random.Random, kind: str) -> tuple[str, Any] | None:
    """The message and its oracle, or None when the base does not fit the template."""
    query = base["query"].strip()
    q = strip_mark(query)
    oracle = base["oracle"]
    slots: dict[str, str] = {"Q": _capital(query if query[-1:] in "?.!" else query + "?"), "q": _capital(q)}
    if "{np}" in template.lower():
        np = noun_phrase(q)
        if np is None or oracle["type"] != "elements":
            return None  # "I need the doors on Level 1" asks for the elements
        slots["np"], slots["NP"] = np, _capital(np)
    if "{ind}" in template:
        ind = indirect(q)
        if ind is None:
            return None
        slots["ind"] = ind
    storeys = [s for s in model.storey_names() if s]
    if "{S2}" in template:
        own = _names(q, storeys)
        if len(own) != 1:
            return None
        options = sorted(s for s in storeys if s not in own and storeys.count(s) == 1
                         and not any(s.lower() in o.lower() or o.lower() in s.lower() for o in own))
        if not options:
            return None
        slots["S2"] = rng.choice(options)
    if kind == "r_external":
        if oracle["type"] not in ("elements", "count") or _NEGATION.search(q) or not oracle.get("guids") or \
                _AGGREGATE.search(q):
            return None
        by_guid = {g: model.f.by_guid(g) for g in oracle["guids"]}
        if not all(any(e.is_a(c) for c in _EXTERNAL_CLASSES) for e in by_guid.values()):
            return None
        keep = [g for g, e in by_guid.items() if is_external(e) is True]
        if not keep or len(keep) == len(by_guid):
            return None
        oracle = restricted(oracle, keep)
    if kind == "d_restrict":
        if oracle["type"] not in ("elements", "count") or _AGGREGATE.search(q):
            return None
        oracle = {"type": "decline"}
    if kind == "d_write":
        oracle = {"type": "decline"}
    text = template.format(**slots)
    text = re.sub(r"\?\s*\?", "?", text)
    text = re.sub(r"([?.!])\?", r"\1", text)
    text = re.sub(r"\?,", ",", text)
    return text, oracle


def usable(base: dict[str, Any], kind: str) -> bool:
    q = strip_mark(base["query"])
    if not q or len(q) >= 80 or _FRAMED.search(q) or "?" in q:
        return False
    german = bool(_GERMAN.search(q))
    if kind == "p_german":
        return german
    return not german and form(q) is not None


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    def case(kind: str, name: str, bid: str, template: str, base: dict[str, Any], text: str,
             oracle: Any) -> dict[str, Any]:
        return {
            "id": f"need-{kind}-{bid}", "query": text, "ifc_filename": base["ifc_filename"], "kind": base["kind"],
            "need": kind, "template": template, "base": bid, "base_set": name, "base_query": base["query"],
            "oracle": oracle,
            "oracle_rule": (f"{kind} of the base ({name} {bid}): "
                            + ("a decline: the clause restricts in a way the model cannot ground, or the main "
                               "clause writes" if kind.startswith("d_")
                               else "the base's elements recording IsExternal = TRUE (get_psets); "
                               if kind == "r_external" else "the base's answer; the frame asks nothing; ")
                            + base.get("oracle_rule", "")),
            "source": "ifcopenshell",
        }  # fmt: skip

    quota = PER_KIND_HELD if held else PER_KIND
    return draw_bases(ifc_dir, held, TEMPLATES, bases_path=BASES, salt="need16-held" if held else "need16",
                      quota=quota, cap=quota // 4 + 1, hold_every=HOLD_EVERY, usable=usable, fill=fill, case=case,
                      distinct=False)


def report(run: Path, cases_path: Path) -> str:
    return report_table(run, cases_path, "need", TEMPLATES, lambda k: not k.startswith("d_"), negative="declines")


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kind_lines("need"), DEFAULT_IFC_DIR, argv, report=report)


if __name__ == "__main__":
    sys.exit(main())
