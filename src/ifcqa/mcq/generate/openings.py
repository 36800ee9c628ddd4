"""Openings and fillings: which element hosts a door or window, what fills a host, how many openings it has.

The index records both ends of IfcRelVoidsElement (host -> ``openings``, opening -> ``voids``) and of
IfcRelFillsElement (filling -> ``fills`` and ``host``, host -> ``fillings``).

Naming: authoring tools often give an opening the name of the door or window that fills it (ArchiCAD:
door 'Innentuer-1' in opening 'Innentuer-1'). These questions name elements with their class ("the
IfcDoor 'Innentuer-1'") and never ask about openings by name, so here a name only has to be unique
among the records that are not openings (IfcFeatureElementSubtraction), as everywhere in ifcqa.mcq.
"""

from __future__ import annotations

from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import format_value

_MAX_OPTIONS = 4
_NEARBY = (-3, -2, -1, 1, 2, 3)


def _named_products(ctx: GenContext) -> list[Element]:
    return [e for e in ctx.products() if ctx.unique_name(e)]


@generator("relational.openings.host_of_filling", version=2)
def host_of_filling(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which element hosts door/window N?"; distractors: same-class elements and hosts on its storey."""
    products = _named_products(ctx)
    hosts = [e for e in products if e.openings]
    for filling in ctx.shuffled([e for e in products if e.host is not None]):
        host = ctx.elements[filling.host or 0]
        key = ctx.unique_name(host)
        if key is None:
            yield Skip("host name not unique")
            continue
        others = [e for e in products if e.id != host.id and e.id != filling.id]
        same_storey = [e for e in others if e.storey == host.storey]
        # elements of the host's class on its storey (hosts first), other hosts there, then hosts elsewhere
        same_class = ctx.shuffled([e for e in same_storey if e.ifc_class == host.ifc_class])
        ranked = sorted(same_class, key=lambda e: not e.openings)  # stable: each group stays shuffled
        ranked += ctx.shuffled([e for e in same_storey if e.ifc_class != host.ifc_class and e.openings])
        ranked += ctx.shuffled([e for e in hosts if e.id != host.id and e.storey != host.storey])
        distractors = distinct_texts((e.name or "" for e in ranked), exclude=[key], limit=_MAX_OPTIONS)
        if len(distractors) < 2:
            yield Skip("fewer than 2 other candidate hosts")
            continue
        yield Draft(
            question=(
                f"Which element hosts {ctx.describe(filling)}, i.e. is voided by the opening "
                "(IfcOpeningElement) that it fills?"
            ),
            question_type="single",
            correct=[key],
            distractors=distractors,
            provenance={"elements": [filling.guid], "host": host.guid},
            option_elements={e.name or "": e.guid for e in [host, *ranked] if e.name in [key, *distractors]},
        )


@generator("relational.openings.fillings_of_host", version=2)
def fillings_of_host(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these doors/windows are in host H?"; distractors: fillings of other hosts, same storey first."""
    products = _named_products(ctx)
    fillings = [e for e in products if e.host is not None]
    for host in ctx.shuffled([e for e in products if e.fillings]):
        own = ctx.shuffled([e for e in fillings if e.host == host.id])
        if not own:
            yield Skip("no filling with a unique name")
            continue
        other = [e for e in fillings if e.host != host.id]
        wrong = ctx.shuffled([e for e in other if e.storey == host.storey])
        wrong += ctx.shuffled([e for e in other if e.storey != host.storey])
        correct = distinct_texts((e.name or "" for e in own), limit=_MAX_OPTIONS)
        distractors = distinct_texts((e.name or "" for e in wrong), exclude=correct, limit=_MAX_OPTIONS)
        if not distractors or len(correct) + len(distractors) < 3:
            yield Skip("too few fillings of other hosts")
            continue
        picked = set(correct + distractors)
        yield Draft(
            question=(
                f"Which of the following elements (doors, windows...) fill an opening in {ctx.describe(host)}, "
                "i.e. an IfcOpeningElement that voids it?"
            ),
            question_type="multi",
            correct=correct,
            distractors=distractors,
            provenance={"elements": [host.guid]},
            option_elements={e.name or "": e.guid for e in own + wrong if e.name in picked},
        )


@generator("relational.openings.count_in_host", version=2)
def count_in_host(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "How many openings does H have?"; distractors: nearby integers (>= 0), drawn at random."""
    for host in ctx.shuffled([e for e in _named_products(ctx) if e.openings]):
        count = sum(1 for i in host.openings if ctx.index.is_a(ctx.elements[i], "IfcOpeningElement"))
        if count == 0:
            yield Skip("no IfcOpeningElement void")
            continue
        nearby = [count + d for d in _NEARBY if count + d >= 0]
        distractors = [format_value(n) for n in ctx.rng.sample(nearby, min(_MAX_OPTIONS, len(nearby)))]
        yield Draft(
            question=(
                f"How many openings (IfcOpeningElement voids) does {ctx.describe(host)} have? Count every "
                "IfcOpeningElement that voids it through IfcRelVoidsElement, whether or not it is filled."
            ),
            question_type="single",
            correct=[format_value(count)],
            distractors=distractors,
            provenance={"elements": [host.guid], "count": count},
        )
