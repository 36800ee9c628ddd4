"""IFCMemoryBench, the kinds of statement issue 23 names, every memory system side by side.

Run from the repository root::

    python bench/memory_kinds.py [--systems ifc-aware,file,vector,graph] [--k 5]

Small scenarios written by hand for this bench (not the task sets): revisions phrased without the
attribute or the old value ("make that 150", "scrap that, 2500 it is", "Silestone's out. Caesarstone
instead.", a rejection in one turn and the new value in the next), decisions the user confirms after
the assistant's suggestion (ingested under ``user+final``), and probes in other words than the
statement (German element names, abbreviations, jargon) over six shared models. Each scenario adds
three distractor sessions. A scenario passes at k when a hit among the first k holds the current value
and no hit before it holds only the stale one; top-1 is reported too. These sentences were written while
building the mechanisms (development data, not a blind set). Needs ../shared/ifc.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ifcqa.index.model_index import load_index
from ifcqa.memory.base import MemoryContext, make_memory, scoped
from ifcqa.memory.tasks import Session, Turn

MODELS = Path(__file__).resolve().parents[1].parent / "shared" / "ifc"
DISTRACTORS = [
    [("user", "The next coordination meeting moves to Thursday at 10:00."), ("assistant", "Noted.")],
    [("user", "Send the clash report to the MEP team as a BCF file."), ("assistant", "Will do.")],
    [("user", "The scaffolders start on the east side on Monday."), ("assistant", "Noted.")],
]
DUPLEX = "Duplex_A_20110907.ifc"


def _u(*said: str) -> list[tuple[str, str]]:
    return [("user", s) for s in said]


# (kind, model, sessions, probe, current, stale or None)
SCENARIOS = [
    (
        "revision",
        DUPLEX,
        [_u("Skirting's going to be 120 mm MDF."), _u("Make that 150.")],
        "How tall is the skirting?",
        "150",
        "120 mm",
    ),
    (
        "revision",
        DUPLEX,
        [_u("Ceiling height in the flats is 2400."), _u("Scrap that, 2500 it is.")],
        "What's the ceiling height in the flats?",
        "2500",
        "2400",
    ),
    (
        "revision",
        DUPLEX,
        [_u("Worktops: Silestone Eternal Calacatta."), _u("Silestone's out. Caesarstone instead.")],
        "Which worktops are we fitting?",
        "Caesarstone",
        "Silestone Eternal",
    ),
    (
        "revision",
        DUPLEX,
        [_u("The balustrade glass is 10 mm toughened."), _u("Bump it up to 12.")],
        "How thick is the glass in the balustrades?",
        "12",
        "10 mm",
    ),
    (
        "revision",
        DUPLEX,
        [_u("Client wants oak for the stair treads."), _u("She's changed her mind, walnut for the treads.")],
        "What timber are the stair treads?",
        "walnut",
        "wants oak",
    ),
    (
        "revision",
        DUPLEX,
        [_u("We're going with Velux for the rooflights."), _u("Velux is off, Fakro now.")],
        "Who are we using for the rooflights?",
        "Fakro",
        "going with Velux",
    ),
    (
        "revision",
        DUPLEX,
        [
            _u("Kitchen splashback in white metro tiles."),
            [("user", "Not the metro tiles any more."), ("assistant", "OK, what instead?"), ("user", "Green zellige.")],
        ],
        "What's the kitchen splashback?",
        "zellige",
        "white metro",
    ),
    (
        "revision",
        DUPLEX,
        [_u("Paint for the hallway: Dulux Timeless."), _u("Change of plan on the hallway, Jasmine White.")],
        "What colour is the hallway painted?",
        "Jasmine",
        "Dulux Timeless",
    ),
    (
        "revision",
        DUPLEX,
        [_u("Flooring budget is 45 a square metre."), _u("They've knocked it down to 40.")],
        "What's the flooring budget per square metre?",
        "40",
        "45 a square",
    ),
    (
        "revision",
        DUPLEX,
        [_u("The doors on Level 2 need EI 30."), _u("Fire engineer came back: 60 for the Level 2 doors.")],
        "What fire rating for the doors on Level 2?",
        "60",
        "EI 30",
    ),
    (
        "revision",
        DUPLEX,
        [
            _u("Front door colour is Slate."),
            [("user", "Slate's out."), ("assistant", "Noted."), ("user", "Anthracite for the front door.")],
        ],
        "What colour is the front door?",
        "Anthracite",
        "colour is Slate",
    ),
    (
        "revision",
        DUPLEX,
        [_u("Windows are triple glazed, 0.8 U-value."), _u("Budget cut: windows back to double glazing, 1.2.")],
        "What U-value are the windows?",
        "1.2",
        "0.8 U",
    ),
    (
        "confirmed",
        DUPLEX,
        [
            [
                ("user", "What should we do about the bathroom extract?"),
                ("assistant", "I'd recommend a Vent-Axia Lo-Carbon fan with humidistat, about 180 EUR each."),
                ("user", "Fine, order those."),
            ]
        ],
        "Which extract fans did we order for the bathrooms?",
        "Vent-Axia",
        None,
    ),
    (
        "confirmed",
        DUPLEX,
        [
            [
                ("user", "Any thoughts on the stair nosings?"),
                ("assistant", "A contrasting aluminium nosing is the usual choice; Gradus AS1 would work."),
                ("user", "Yep, Gradus it is."),
            ]
        ],
        "What nosings are going on the stairs?",
        "Gradus AS1",
        None,
    ),
    (
        "confirmed",
        DUPLEX,
        [
            [
                ("user", "Which insulation for the loft?"),
                ("assistant", "You could use 300 mm mineral wool between and over the joists."),
                ("user", "OK let's do that."),
            ]
        ],
        "How much insulation goes in the loft?",
        "300 mm",
        None,
    ),
    (
        "other words",
        "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
        [
            _u("The Zuluft and Abluft diffusers get white powder-coated faces."),
            _u("The heaters are Purmo Plan Compact, 600 high."),
        ],
        "What finish are the MVHR grilles?",
        "powder",
        None,
    ),
    (
        "other words",
        "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
        [_u("Air valves: Lindab, white."), _u("Radiators: Stelrad Compact."), _u("Sofa is client supplied.")],
        "Who makes the Heizkörper?",
        "Stelrad",
        None,
    ),
    (
        "other words",
        "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
        [_u("Air valves: Lindab, white."), _u("Radiators: Stelrad Compact."), _u("Sofa is client supplied.")],
        "Is the settee ours to supply?",
        "Sofa",
        None,
    ),
    (
        "other words",
        "domestic-hot-water.ifc",
        [_u("The water heater is an 80 litre unvented cylinder from Gledhill."), _u("Basin taps are Grohe Eurosmart.")],
        "Who supplies the DHW cylinder?",
        "Gledhill",
        None,
    ),
    (
        "other words",
        "domestic-hot-water.ifc",
        [_u("The TMV on the bath feed is set to 43 degrees."), _u("Basin taps are Grohe Eurosmart.")],
        "What's the Mischventil set to?",
        "43",
        None,
    ),
    (
        "other words",
        "domestic-hot-water.ifc",
        [_u("Basin taps are Grohe Eurosmart."), _u("Copper pipework throughout, 15 mm to the basin.")],
        "What are the Rohre made of?",
        "Copper",
        None,
    ),
    (
        "other words",
        "WP_Puffer_FWS_FBH10.ifc",
        [
            _u("The Wärmepumpe is a 9 kW Nibe unit."),
            _u("Pufferspeicher is 300 litres."),
            _u("FBH loops at 150 centres."),
        ],
        "What size is the ASHP?",
        "9 kW",
        None,
    ),
    (
        "other words",
        "WP_Puffer_FWS_FBH10.ifc",
        [
            _u("The Wärmepumpe is a 9 kW Nibe unit."),
            _u("Pufferspeicher is 300 litres."),
            _u("FBH loops at 150 centres."),
        ],
        "How big is the buffer tank?",
        "300",
        None,
    ),
    (
        "other words",
        "WP_Puffer_FWS_FBH10.ifc",
        [
            _u("The Wärmepumpe is a 9 kW Nibe unit."),
            _u("Pufferspeicher is 300 litres."),
            _u("FBH loops at 150 centres."),
        ],
        "What spacing for the underfloor heating pipes?",
        "150",
        None,
    ),
    (
        "other words",
        "WP_Puffer_FWS_FBH10.ifc",
        [
            _u("The Frischwasserstation is the Regudis unit from Oventrop."),
            _u("The heat pump comes from Stiebel Eltron."),
        ],
        "Who supplies the DHW module?",
        "Oventrop",
        None,
    ),
    (
        "other words",
        "Heizung-Elektro_080729.ifc",
        [
            _u("UV1 gets a 12-way board with RCBOs."),
            _u("The HAK is in the cellar."),
            _u("Earthing to the foundation electrode."),
        ],
        "What goes in sub-distribution board 1?",
        "12-way",
        None,
    ),
    (
        "other words",
        DUPLEX,
        [_u("Guarding on the landings is 1100 high, glass."), _u("Stair treads are oak.")],
        "What are the balustrades made of upstairs?",
        "glass",
        None,
    ),
    (
        "other words",
        DUPLEX,
        [_u("Sockets at 450 above FFL."), _u("Switches at 1200."), _u("Stair treads are oak.")],
        "How high above finished floor are the sockets?",
        "450",
        None,
    ),
    (
        "other words",
        "Ifc4_SampleHouse.ifc",
        [_u("All the Fenster get trickle vents."), _u("The Türen are painted white.")],
        "What do the windows get?",
        "trickle",
        None,
    ),
]


def _passes(hits: list[str], current: str, stale: str | None, k: int) -> bool:
    first = next((i for i, h in enumerate(hits[:k]) if current in h), None)
    return first is not None and not (stale and any(stale in h for h in hits[:first]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", default="ifc-aware,file,vector,graph")
    parser.add_argument("--k", type=int, default=5)
    args = parser.parse_args()
    if not MODELS.is_dir():
        print(f"needs the shared models in {MODELS}", file=sys.stderr)
        return 2
    systems = args.systems.split(",")
    kinds = list(dict.fromkeys(s[0] for s in SCENARIOS))
    table: dict[tuple[str, str], list[tuple[bool, bool]]] = {}
    started = time.perf_counter()
    for kind, model, sessions, probe, current, stale in SCENARIOS:
        index = load_index(MODELS / model)
        for system in systems:
            memory = make_memory(system, MemoryContext(index))
            for day, turns in enumerate([*DISTRACTORS, *sessions], start=1):
                at = f"2026-03-{day:02d}T10:00:00Z"
                said = [Turn(role, text, at, final=role == "assistant") for role, text in turns]
                memory.ingest(scoped(Session(f"s{day:02d}", at, said), "user+final"))
            hits = [h.text for h in memory.search(probe, args.k)]
            table.setdefault((kind, system), []).append((_passes(hits, current, stale, 1),
                                                          _passes(hits, current, stale, args.k)))  # fmt: skip
    print(f"{len(SCENARIOS)} scenarios, user+final, k = {args.k}, {time.perf_counter() - started:.0f} s\n")
    print("| kind | " + " | ".join(systems) + " |")
    print("|---|" + "---|" * len(systems))
    for kind in kinds:
        cells = []
        for system in systems:
            rows = table[(kind, system)]
            cells.append(
                f"{sum(a for a, _ in rows)}/{len(rows)} top-1, {sum(b for _, b in rows)}/{len(rows)} top-{args.k}"
            )
        print(f"| {kind} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
