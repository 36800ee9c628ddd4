"""The element between two rooms (issue 22, round 7): "how thick is the wall between the kitchen and the corridor",
"what's the wall between Bath9 and Bedroom6 made of", "die Tür zwischen Flur und Bad".

A wall (door, window) lies between two rooms when it bounds both: it has a space boundary (IfcRelSpaceBoundary) to a
space of each, and the boundary is INTERNAL (an external wall that both rooms touch on the facade is not between
them). :func:`elements` gives those elements; the parser names them exactly (as a GlobalId would), so any question
can be asked of them, and declines when there is none.
"""

from __future__ import annotations

from ifcqa.index.model_index import ModelIndex


def _bounding(index: ModelIndex, space_guids: list[str]) -> set[int]:
    out: set[int] = set()
    for g in space_guids:
        sid = index.data.guids.get(g)
        space = index.data.elements.get(sid) if sid is not None else None
        if space is None:
            continue
        for b in space.boundaries:
            if b.element is not None and (b.internal or "").upper() == "INTERNAL":
                out.add(b.element)
    return out


def elements(index: ModelIndex, first: list[str], second: list[str], classes: list[str]) -> list[str]:
    """GlobalIds of the elements of ``classes`` with an INTERNAL boundary to a space of ``first`` and of
    ``second`` (spaces on both sides excluded), in step-id order."""
    both = _bounding(index, first) & _bounding(index, second)
    out = []
    for sid in sorted(both):
        e = index.data.elements.get(sid)
        if e is not None and e.guid and any(index.is_a(e, c) for c in classes):
            out.append(e.guid)
    return out
