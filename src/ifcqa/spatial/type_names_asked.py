"""A type of the model named by its own Name in a question, read whole before any word pass (issue 22, round 13).

Authoring tools name types with class words and codes: Revit's "Basic Wall:Outside wall", "M_Single-Flush:0915 x
2134mm", "Basic Roof:Generic - 400mm", ArchiCAD's "IFC Tür - Eine Öffnunsgrichtung", "IFC2x_WindowDoubleVert".
Read word by word, "walls of the Basic Wall:Outside wall type" became walls whose type name holds "basic" and
IsExternal ("outside"): 18 walls where 14 are of that type (a confident wrong answer on main), "400mm" a length
without a dimension, "IFC2x_WindowDoubleVert" a GlobalId. This module matches the model's type Names FIRST:

* :func:`read` finds, in the normalised question, the text of a type object's Name (case and spacing as
  normalised; the whole Name, or the part after a Revit family's ":" when that part names one type only), where
  the question says it is a type: quoted ("of type 'Rundfenster 13'"), written with its family colon
  ("M_Fixed:0915 x 1830mm windows"), after "type" / "of type" / "whose type is" / "typed as" / "vom Typ", before
  "type" ("the Outside wall type"), or written right before a class word when it holds a digit, "_" or ":"
  ("the 0813 x 2420mm doors"). The Name and its link words are blanked (no word pass reads "Wall" or "400mm" in
  it) and the type names are kept for :func:`narrow`. A type after a negation ("not of type X") is left to
  ``negation_scope``; a class word alone ("which window types") is never a type here.
* :func:`narrow` runs once the classes are read: each asked class holding elements of the type is narrowed to
  them (a kind filter on the type names: exactly the elements whose type object has that Name, the rule says
  "walls of type 'Basic Wall:Outside wall'"); with no class asked the type's own elements are the subject; a
  class none of whose elements is of the type declines, naming the classes that are.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ifcqa.index import ModelIndex
from ifcqa.spatial import relation_verbs
from ifcqa.spatial.classes import matches
from ifcqa.spatial.plan import ClassFilter, Plan

_QUOTES = "'\"`‘’“”„«»"
# link words before a type name: "of type", "of the type", "with type", "whose type is", "typed as", "vom Typ"
# (after the words of a typing verb phrase of relation_verbs.json, read with the type: "built with type X")
_VERBS = "|".join(sorted((re.escape(w) for w in relation_verbs.forms("typing")), key=len, reverse=True))
_BEFORE = re.compile(rf"(?:\b(?:{_VERBS})\s+){{0,2}}"
                     r"(?:\b(?:of|with|using|having|has|have|in|from|vom|von|des|mit)\s+)?(?:(?:the|a|an|dem|der)\s+)?"
                     r"(?:\bwhose\s+)?\b(?:type|types|typ|typs)(?:\s+name)?\s*(?:(?:is|=|:)\s*)?"
                     r"[" + _QUOTES + r"]?\s*$|\btyped\s+as\s+[" + _QUOTES + r"]?\s*$")
# "of the 'X' type", "number of X type walls": the type word after, and the "of the" before it
_AFTER = re.compile(r"\s*[" + _QUOTES + r"]?\s*-?\s*(?:types?|typs?)\b")
_OF_THE = re.compile(r"\b(?:of|from)\s+(?:the\s+|a\s+|an\s+)?[" + _QUOTES + r"]?\s*$")
_NEGATED = re.compile(r"\b(?:not|no|except(?:ing)?|exclud\w*|other\s+than|apart\s+from|aside\s+from|besides|"
                      r"nicht|ausser|ohne|without|leave|leaving|skip|skipping|ignore|ignoring|minus|barring|save\s+for|"
                      r"exception)\b"
                      r"[^.?!;]{0,24}$")
_WORD_AFTER = re.compile(r"\s*[" + _QUOTES + r"]?\s*([^\W\d_][\w-]*)")


@dataclass(frozen=True)
class Asked:
    """A type named in the question: ``written`` as normalised, ``names`` the type objects' Names it reads."""

    written: str
    names: tuple[str, ...]


def _key(text: str) -> str:
    return " ".join(text.casefold().replace("–", "-").replace("—", "-").replace("ß", "ss").split())


def _candidates(type_names: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """normalised text -> the type Names it reads: each whole Name, and the part after a family's ":" that no other
    Name holds."""
    names = sorted({n for n in type_names if n})
    out: dict[str, set[str]] = {}
    for n in names:
        key = _key(n)
        if len(key) >= 3:
            out.setdefault(key, set()).add(n)
    for n in names:
        part = _key(n.rpartition(":")[2]) if ":" in n else ""
        if len(part) >= 4 and re.search(r"[^\W\d_]", part) and part not in out and \
                sum(part in _key(m) for m in names) == 1:
            out.setdefault(part, set()).add(n)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def read(plan: Plan, text: str, type_names: Iterable[str], is_class_word: Callable[[str], bool]) -> str:
    """``text`` (normalised) with the type names it says blanked; what they read kept in
    ``plan.resolved["types_asked"]`` and the notes (see the module docstring)."""
    found: list[Asked] = plan.resolved.setdefault("types_asked", [])
    cands = _candidates(type_names)
    if not cands:
        return text
    taken: list[tuple[int, int]] = []
    for key in sorted(cands, key=len, reverse=True):
        for m in re.finditer(r"(?<![\w])" + re.escape(key) + r"(?![\w])", text):
            s, e = m.span()
            if any(s < b and a < e for a, b in taken):
                continue
            before, after = text[:s], text[e:]
            if _NEGATED.search(before[-40:]):
                continue  # "doors not of type X": negation_scope's
            quoted = s > 0 and text[s - 1] in _QUOTES and e < len(text) and text[e] in _QUOTES
            link = _BEFORE.search(before)
            tail = _AFTER.match(after)
            word = _WORD_AFTER.match(after)
            before_class = word is not None and is_class_word(word.group(1)) and bool(re.search(r"[\d_:]", key))
            whole = ":" in key and any(_key(n) == key for n in cands[key])
            if not (quoted or link or tail or whole or before_class):
                continue
            if is_class_word(key) and not (link or (quoted and tail)):
                continue  # "which window types": a class word is a type only after "of type" or quoted as one
                # ('slabs of type Roof', round 22: read as "slabs and roofs", both slabs where one is of type Roof)
            start, end = s, e
            if link is not None:
                start = link.start()
            elif tail is not None and (of := _OF_THE.search(before)) is not None:
                start = of.start()
            elif quoted:
                start = s - 1
            if tail is not None:
                end = e + tail.end()
            elif quoted:
                end = e + 1
            taken.append((start, end))
            found.append(Asked(key, cands[key]))
            plan.notes.append(f"{text[start:end].strip()!r}: the model's type {' / '.join(map(repr, cands[key]))}, "
                              "read whole")
            text = text[:start] + " " * (end - start) + text[end:]
    return text


def narrow(plan: Plan, index: ModelIndex, decline: Callable[[Plan, str, list[str]], object]) -> None:
    """The asked classes narrowed to the elements of the types :func:`read` found (see the module docstring)."""
    found: list[Asked] = plan.resolved.pop("types_asked", [])
    if not found or plan.declined is not None:
        return
    names = tuple(sorted({n for a in found for n in a.names}))
    written = " or ".join(repr(n) for n in names)
    data = index.data.elements
    typed = [e for e in data.values() if e.type is not None and (t := data.get(e.type)) is not None
             and t.name in names]
    asked = [c for c in plan.classes if not c.inventory]
    if not asked:
        classes = tuple(sorted({e.ifc_class for e in typed}))
        if not classes:
            decline(plan, f"no element of this model is of type {written}", [a.written for a in found])
            return
        plan.classes = [ClassFilter("type", f"elements of type {written}", classes, (), kind="type:" + names[0],
                                    predefined=(), enumerated=(), names=(), type_names=names,
                                    note=f"elements whose type object is named {' or '.join(map(repr, names))}")]
        return
    narrowed = []
    for c in plan.classes:
        if c.inventory:
            continue
        holding = [e for e in typed if matches(index, e, dataclasses.replace(c, kind="", note=""))]
        if not holding or c.kind:
            held = sorted({e.ifc_class for e in typed})
            decline(plan, f"none of the {c.label} is of type {written}" + (
                f" (elements of {', '.join(held)} are)" if held else ""), [a.written for a in found])
            return
        narrowed.append(dataclasses.replace(c, label=f"{c.label} of type {written}", kind="type:" + names[0],
                                            predefined=(), enumerated=(), names=(), type_names=names))
    plan.classes = narrowed
