"""The one way tools name a property or quantity: the path ``SetName.PropName``.

``Pset_WallCommon.IsExternal``, ``Qto_SpaceBaseQuantities.NetFloorArea``, and for a set without a
Name its placeholder: ``(unnamed #123).NetArea``; ``(unnamed).NetArea`` is the element's one unnamed
set holding NetArea (to read one quantity across elements that each carry their own unnamed set). A
set name that itself holds a dot is matched against the names the elements carry (the longest that
fits wins), or may be quoted: ``"My.Set".Prop``. Names match exactly, else ignoring case when that is unambiguous.
"""

from __future__ import annotations

from collections.abc import Iterable

from ifcqa.errors import ToolError
from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, is_unnamed_set
from ifcqa.index.records import Element, Value

PATH_HELP = "'SetName.PropName', e.g. 'Pset_WallCommon.IsExternal' or 'Qto_SpaceBaseQuantities.NetFloorArea'"


def lookup(names: Iterable[str], wanted: str) -> str | None:
    """The name equal to ``wanted``, else the only one equal to it ignoring case, else ``None``."""
    names = list(names)
    if wanted in names:
        return wanted
    folded = [n for n in names if n.lower() == wanted.strip().lower()]
    return folded[0] if len(folded) == 1 else None


def split_path(text: str, set_names: Iterable[str] = ()) -> tuple[str, str]:
    """``(set name, property name)`` of a path, preferring set names in ``set_names`` (dots allowed in them).

    Raises:
        ToolError: the text has no ``.`` between a set and a property name.
    """
    text = text.strip()
    if text.startswith('"'):
        end = text.find('"', 1)
        if end > 0 and text[end + 1 : end + 2] == ".":
            return text[1:end], text[end + 2 :].strip().strip('"')
    known = [s for s in set_names if text.startswith(s + ".")]
    known = known or [s for s in set_names if text.lower().startswith(s.lower() + ".")]
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
