"""The one way tools name a property or quantity: the path ``SetName.PropName``.

``Pset_WallCommon.IsExternal``, ``Qto_SpaceBaseQuantities.NetFloorArea``, and for a set without a
Name its placeholder: ``(unnamed #123).NetArea``; ``(unnamed).NetArea`` is the element's one unnamed
set holding NetArea (to read one quantity across elements that each carry their own unnamed set). A
set name that itself holds a dot is matched against the names the elements carry (the longest that
fits wins), or may be quoted: ``"My.Set".Prop``.

Names (of sets, properties, materials, elements) match as the file spells them, spaces included
(``ArchiCADQuantities.Brutto-Volumen der Wand `` with its trailing space, the material `` <Unnamed>``);
else ignoring case, else ignoring case and leading/trailing spaces, each only when unambiguous. A match
found only by ignoring spaces is noted (:func:`note_loose_match`): :func:`~ifcqa.tools.registry.call_tool`
adds the notes to the result as ``names_matched``, so the caller learns the file's spelling.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ifcqa.errors import ToolError
from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, is_unnamed_set
from ifcqa.index.records import Element, Value

PATH_HELP = "'SetName.PropName', e.g. 'Pset_WallCommon.IsExternal' or 'Qto_SpaceBaseQuantities.NetFloorArea'"


_NOTES: ContextVar[list[str] | None] = ContextVar("ifcqa_name_notes", default=None)


@contextmanager
def collecting_name_notes() -> Iterator[list[str]]:
    """Collect the notes of names matched only by ignoring spaces, made inside the block (one tool call)."""
    notes: list[str] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def note_loose_match(wanted: str, found: str) -> None:
    """Say that ``wanted`` named ``found`` only once leading/trailing spaces were ignored."""
    notes = _NOTES.get()
    text = f"{wanted!r} matched {found!r} only ignoring leading/trailing spaces: the file spells it {found!r}"
    if notes is not None and text not in notes:
        notes.append(text)


def same_name(name: str, wanted: str) -> bool:
    """Whether ``name`` is ``wanted`` ignoring case, or ignoring case and leading/trailing spaces (noted)."""
    if name.casefold() == wanted.casefold():
        return True
    if name.strip().casefold() == wanted.strip().casefold():
        note_loose_match(wanted, name)
        return True
    return False


def matching(names: Iterable[str], wanted: str) -> list[str]:
    """Every name ``wanted`` stands for: the one spelt so (spaces included), else all equal to it ignoring
    case, else all equal ignoring case and leading/trailing spaces (noted, see :func:`note_loose_match`)."""
    names = list(names)
    if wanted in names:
        return [wanted]
    folded = [n for n in names if n.casefold() == wanted.casefold()]
    if folded:
        return folded
    loose = [n for n in names if n.strip().casefold() == wanted.strip().casefold()]
    for name in loose:
        note_loose_match(wanted, name)
    return loose


def lookup(names: Iterable[str], wanted: str) -> str | None:
    """The name spelt ``wanted`` (spaces included), else the only one equal to it ignoring case, else the
    only one equal ignoring case and leading/trailing spaces (noted, see :func:`note_loose_match`), else ``None``."""
    names = list(names)
    if wanted in names:
        return wanted
    folded = [n for n in names if n.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded[0]
    if folded:
        return None
    loose = [n for n in names if n.strip().casefold() == wanted.strip().casefold()]
    if len(loose) == 1:
        note_loose_match(wanted, loose[0])
        return loose[0]
    return None


def split_path(text: str, set_names: Iterable[str] = ()) -> tuple[str, str]:
    """``(set name, property name)`` of a path, preferring set names in ``set_names`` (dots allowed in them).

    Raises:
        ToolError: the text has no ``.`` between a set and a property name.
    """
    set_names = list(set_names)
    if text.strip().startswith('"'):  # a quoted set name: the spaces inside the quotes are the name's
        text = text.strip()
        end = text.find('"', 1)
        if end > 0 and text[end + 1 : end + 2] == ".":
            return text[1:end], text[end + 2 :].strip('"')
    known = [s for s in set_names if text.startswith(s + ".")]  # as spelt, spaces included
    known = known or [s for s in set_names if text.casefold().startswith(s.casefold() + ".")]
    if not known:  # spaces around the whole path, or in the set name, ignored
        bare = text.lstrip().casefold()
        known = [s for s in set_names if bare.startswith(s.strip().casefold() + ".")]
        if known:
            name = max(known, key=len)
            note_loose_match(text.lstrip()[: len(name.strip())], name)
            return name, text.lstrip()[len(name.strip()) + 1 :]
    if known:
        name = max(known, key=len)
        return name, text[len(name) + 1 :]
    head, dot, tail = text.partition(".")
    if not dot or not head or not tail:
        raise ToolError(f"{text!r} is not a property path. Give {PATH_HELP}.")
    return head, tail


def join_path(pset: str | None, prop: str) -> str:
    """The path of the older two-argument form (``pset`` and ``property``); ``prop`` alone when no set is given."""
    return f"{pset}.{prop}" if pset else prop


def find_value(element: Element, path: str) -> tuple[str | None, str | None, Value | None]:
    """(set name, property name, value) of a path on an element, names matched leniently."""
    sets = {**element.qtos, **element.psets}
    wanted_set, wanted_prop = split_path(path, sets)
    if wanted_set == UNNAMED_FAMILY:  # the element's one unnamed set holding the property
        holding = [s for s, props in sets.items() if is_unnamed_set(s) and lookup(props, wanted_prop) is not None]
        if len(holding) == 1:
            wanted_set = holding[0]
    set_name = lookup(sets, wanted_set)
    if set_name is None:
        return None, None, None
    prop_name = lookup(sets[set_name], wanted_prop)
    return set_name, prop_name, sets[set_name][prop_name] if prop_name is not None else None
