"""Schema and model identifiers written in a question (round 17, ifcid17): "IsExternal", "ThermalTransmittance",
"NetFloorArea", "Pset_WallCommon.LoadBearing", "Qto_SpaceBaseQuantities.NetFloorArea", "BaseQuantities.GrossArea",
often in parentheses after the plain words that say the same ("external walls (IsExternal)").

IFC-literate users (BIM coordinators, developers) name what they mean by its identifier. Each identifier is
resolved against the MODEL (the property and quantity sets its elements hold, as the index read them) and the
SCHEMA (the standard property and quantity names of ``ifcopenshell.util.pset``'s templates) before any word pass:

* :func:`rewrite` (on the question, before every other word pass):

  - a set-qualified identifier ``Set.Name`` whose set the model does not hold declines naming the set (with the
    held set names closest to it: "Pset_WindowCommon" for "Pset_indowCommon"); a held set that does not hold the
    name declines naming the name and what the set holds; a held ``Set.Name`` is recorded
    (``plan.resolved["identifier_sets"]``) for :func:`check`;
  - a held non-boolean name (dotted or bare CamelCase: "ThermalTransmittance", "NetFloorArea", "GrossArea") is
    written as its words ("thermal transmittance"), which the property, quantity and lookup passes read; a boolean
    name stays as written (the parser reads "IsExternal = TRUE" itself); a dotted name whose property the model
    holds in another set too stays dotted (the lookup reads it in that set only);
  - a bare CamelCase name the model holds nowhere but the schema's standard sets name ("ThermalTransmittance" on a
    model that records none) declines naming it, never dropped; words of the model's own names ("GroundFloor")
    are left alone;
  - a boolean identifier alone in parentheses ("external walls (IsExternal)", "internal doors
    (Pset_DoorCommon.IsExternal)") restates the words before it: it is taken out of the text and recorded; with a
    value ("(IsExternal = FALSE)") it stays, read by the parser as a qualifier.

* :func:`check` (on the finished plan): a restated boolean the plan has no qualifier on declines (the parenthesis
  names a property the words did not ask about); two qualifiers on one boolean property are one qualifier said
  twice when their values agree (the second dropped) and a contradiction when they differ (declined, naming both);
  a recorded ``Set.Name`` that none of the asked elements hold declines, saying which sets they hold.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any

from ifcqa.ifc import schema as ifc_schema
from ifcqa.spatial.plan import Plan

_DATA = json.loads(resources.files("ifcqa.spatial.data").joinpath("identifier_words.json").read_text(encoding="utf-8"))
_SET_SHAPES = [re.compile(p, re.IGNORECASE) for p in _DATA["set_shapes"]]
_TRUE = frozenset(_DATA["true"])
_FALSE = frozenset(_DATA["false"])
_KEEP = frozenset(_DATA["keep_camel"])
_ENTITY_FORMS = [(re.compile(p, re.IGNORECASE), r) for p, r in _DATA["entity_forms"]]
_ENTITY_WORDS = {k.casefold(): v for k, v in _DATA["entity_words"].items()}
_ENTITY = re.compile(r"(?P<open>\(\s*)?\b(?P<name>Ifc[A-Z][A-Za-z0-9]*)\b(?P<close>\s*\))?")
_BOUNDING_WORDS = {k.casefold(): v for k, v in _DATA["bounding_entities"].items()}
_BOUNDARY = r"(?:IfcRelSpaceBoundar(?:y|ies)|(?:2nd[\s-]level\s+)?space[\s-]boundar(?:y|ies))"
_BOUNDING_ASKED = re.compile(
    r"\b(?P<which>(?:which|what|list|list\s+all|all)\s+(?:the\s+)?)?(?P<ifc>Ifc[A-Za-z]+?)s?(?:\s+(?:elements?|objects?|"
    rf"entities|instances|occurrences))?\s+(?:that\s+|which\s+)?(?:are|is)\s+(?:the\s+|an?\s+)?{_BOUNDARY}\s+(?:of|for)\s+",
    re.IGNORECASE)
_STANDARD_SET = re.compile(r"p?set_|qto_|basequantities$", re.IGNORECASE)  # the IFC standard's sets

_IDENT = r"(?:[A-Za-z][A-Za-z0-9]*_)?[A-Za-z][A-Za-z0-9_]*\.[A-Z][A-Za-z0-9]+|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+"
_DOTTED = re.compile(r"(?<![\w.])(?P<set>(?:[A-Za-z][A-Za-z0-9]*_)?[A-Za-z][A-Za-z0-9_]*)\.(?P<name>[A-Z][A-Za-z0-9]+)"
                     r"(?![\w.])")
_CAMEL = re.compile(r"(?<![\w.])(?P<name>[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)(?![\w.])")
_VALUE_WORDS = "|".join(re.escape(w) for w in sorted(_TRUE | _FALSE, key=len, reverse=True))
_VALUE_FOLLOWS = re.compile(rf"\s*(?:[=:(!<>]|(?:is|ist|set|of|for|values?|property|attribute|{_VALUE_WORDS})\b)",
                            re.IGNORECASE)
_NOT_BEFORE = re.compile(r"\b(?:not|nicht|aren't|isn't|aren’t|isn’t)\s+$", re.IGNORECASE)
_VALUE_FORMS = [(re.compile(p, re.IGNORECASE), r) for p, r in _DATA["value_forms"]]
_COMPARED = re.compile(r"\s*(?:[<>]|(?:over|above|below|under|greater|more|less|larger|smaller|higher|lower|"
                       r"exceeding|at\s+least|at\s+most|über|unter)\b)", re.IGNORECASE)
_PAREN = re.compile(rf"\(\s*(?P<id>{_IDENT})\s*(?:(?:=|:|is|ist)\s*(?P<val>{_VALUE_WORDS}))?\s*\)", re.IGNORECASE)


class _Catalogue:
    """What the model holds: set -> name -> kind ("bool", "number", "text"), set -> classes holding it, and the
    words of the model's own names."""

    def __init__(self, index: Any) -> None:
        self.sets: dict[str, dict[str, str]] = {}
        self.set_classes: dict[str, set[str]] = {}
        self.class_sets: dict[str, set[str]] = {}
        self.pair_classes: dict[tuple[str, str], set[str]] = {}  # (set, casefolded name) -> classes holding it
        words: set[str] = set()
        for e in index.data.elements.values():
            for text in (e.name, e.long_name, e.object_type):
                if text:
                    words.update(w.casefold() for w in re.findall(r"[^\W_]+", text))
            for group in (e.psets, e.qtos):
                for set_name, props in group.items():
                    if not set_name:
                        continue
                    held = self.sets.setdefault(set_name, {})
                    self.set_classes.setdefault(set_name, set()).add(e.ifc_class)
                    self.class_sets.setdefault(e.ifc_class, set()).add(set_name)
                    for name, value in props.items():
                        self.pair_classes.setdefault((set_name, name.casefold()), set()).add(e.ifc_class)
                        v = getattr(value, "value", value)
                        kind = "bool" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else "text"
                        if held.get(name) != "bool":
                            held[name] = kind
        self.name_words = frozenset(words)
        self.by_name: dict[str, dict[str, str]] = {}  # casefolded name -> set -> kind
        for set_name, props in self.sets.items():
            for name, kind in props.items():
                self.by_name.setdefault(name.casefold(), {})[set_name] = kind
        self.set_by_fold = {s.casefold(): s for s in self.sets}


_CATALOGUES: dict[int, tuple[Any, _Catalogue]] = {}


def _catalogue(index: Any) -> _Catalogue:
    held = _CATALOGUES.get(id(index))
    if held is None or held[0] is not index:
        if len(_CATALOGUES) > 8:
            _CATALOGUES.clear()
        held = (index, _Catalogue(index))
        _CATALOGUES[id(index)] = held
    return held[1]


@lru_cache(maxsize=4)
def _standard_names(schema: str) -> frozenset[str]:
    """The property and quantity names of the schema's standard sets (``ifcopenshell.util.pset`` templates)."""
    try:
        import ifcopenshell.util.pset as upset

        template = upset.get_template("IFC2X3" if schema.upper().startswith("IFC2") else "IFC4")
    except Exception:  # noqa: BLE001 - a schema without templates: no standard names
        return frozenset()
    names: set[str] = set()
    for f in template.templates:
        for ps in f.by_type("IfcPropertySetTemplate"):
            names.update(p.Name for p in ps.HasPropertyTemplates or () if p.Name)
    return frozenset(names)


def words_of(name: str) -> str:
    """ "ThermalTransmittance" -> "thermal transmittance"; "NetFloorArea" -> "net floor area"."""
    return " ".join(re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)).lower()


def _spoken(name: str, text: str, end: int) -> str:
    """The words an identifier is written as: a Net quantity compared with a number without its "net" (the
    comparison passes read the plain words, Net before Gross; :func:`check` declines when another name is read)."""
    spoken = words_of(name)
    if spoken.startswith("net ") and _COMPARED.match(text, end):
        return spoken[4:]
    return spoken


def _set_shaped(name: str) -> bool:
    return any(p.search(name) for p in _SET_SHAPES)


def _decline(plan: Plan, reason: str, words: list[str], can: str) -> None:
    from ifcqa.spatial.parser import _decline as decline

    decline(plan, reason, words, can)


def _held_list(names: list[str], limit: int = 8) -> str:
    shown = sorted(names)[:limit]
    return ", ".join(shown) + (f" and {len(names) - limit} more" if len(names) > limit else "")


def rewrite(plan: Plan, text: str, index: Any) -> str:
    """The question with its identifiers resolved (see the module doc); declines ``plan`` on an identifier the
    model does not hold."""
    if plan.declined is not None or not re.search(r"[A-Z][a-z]+[A-Z]|\.[A-Z]|\bIfc", text, re.IGNORECASE):
        return text
    text = _entities(plan, text, str(getattr(index, "schema", "IFC4")))
    if plan.declined is not None:
        return text
    cat = _catalogue(index)
    for pattern, repl in _VALUE_FORMS:  # "What values does Pset_WallCommon.FireRating take on the walls?"
        found = pattern.search(text)
        if found is not None and (re.fullmatch(_IDENT, found["id"]) or found["id"].casefold() in cat.by_name):
            text = text[:found.start()] + found.expand(repl) + text[found.end():]
            plan.notes.append(f"{found.group(0).strip()!r}: the values of {found['id']}")
    text = _parentheses(plan, text, cat)
    out: list[str] = []
    pos = 0
    for m in _DOTTED.finditer(text):
        set_written, name = m["set"], m["name"]
        if not _set_shaped(set_written) and set_written.casefold() not in cat.set_by_fold:
            continue
        set_name = cat.set_by_fold.get(set_written.casefold())
        if set_name is None:
            close = difflib.get_close_matches(set_written, list(cat.sets), n=2, cutoff=0.8)
            hint = f" (did you mean {' or '.join(close)}?)" if close else ""
            holding = sorted(cat.by_name.get(name.casefold(), {}))
            where = (f" It holds {name} in {', '.join(holding)}." if holding else "")
            _decline(plan, f"this model holds no property or quantity set '{set_written}'{hint}.{where}",
                     [set_written], "Ask with a set the model holds, or name the property alone.")
            return text
        kinds = {n.casefold(): (n, k) for n, k in cat.sets[set_name].items()}
        if name.casefold() not in kinds:
            _decline(plan, f"the set '{set_name}' holds no '{name}' in this model; it holds: "
                     f"{_held_list(list(cat.sets[set_name]))}", [f"{set_written}.{name}"],
                     "Ask about a property the set holds.")
            return text
        held_name, kind = kinds[name.casefold()]
        plan.resolved.setdefault("identifier_sets", []).append((set_name, held_name, m.group(0)))
        plan.notes.append(f"{m.group(0)!r}: the {kind} {held_name!r} of the set {set_name!r} the model holds")
        mine = cat.pair_classes[(set_name, name.casefold())]
        if kind == "bool" or any(s != set_name and cat.pair_classes[(s, name.casefold())] & mine
                                 for s in cat.by_name[name.casefold()]):
            continue  # the parser reads a boolean's name; a name its holders hold in two sets stays with its set
        spoken = _spoken(held_name, text, m.end())
        plan.resolved.setdefault("identifier_words", []).append((held_name, spoken, set_name))
        out.append(text[pos:m.start()] + spoken)
        pos = m.end()
    text = "".join(out) + text[pos:]
    if plan.declined is not None:
        return text
    return _bare(plan, text, cat, str(getattr(index, "schema", "IFC4")))


def _chain(schema: str, name: str) -> tuple[str, ...] | None:
    """The entity and its supertypes in the schema (a type or enumeration: its name alone), or None when the
    schema declares no such name."""
    chain = ifc_schema.supertypes(schema, name)
    if chain:
        return chain
    found = ifc_schema.declaration(schema, name)
    return (str(found.name()),) if found is not None else None


def _entities(plan: Plan, text: str, schema: str) -> str:
    """A relationship or resource entity of the schema: read as the relation its known forms say ("Which
    IfcMaterial is associated with the walls": their material; "are space boundaries of A101": bound A101), a
    parenthesised restatement of words that say it dropped, and otherwise declined naming it (it is no element
    placed in the building: never read as a class of elements)."""
    if "ifc" not in text.casefold():
        return text
    read: list[str] = plan.resolved.setdefault("classes_read_as_words", [])  # the check's "named" entities

    def form(m: re.Match[str], repl: str) -> str:
        read.extend(re.findall(r"\bIfc\w+", m.group(0), re.IGNORECASE))
        plan.notes.append(f"{m.group(0).strip()!r}: an entity named with its relation, read as {m.expand(repl)!r}")
        return m.expand(repl)

    def bounding(m: re.Match[str]) -> str:
        word = _BOUNDING_WORDS.get(m["ifc"].casefold())
        if word is None:
            return m.group(0)
        read.extend([m["ifc"], *re.findall(r"\bIfcRel\w+", m.group(0), re.IGNORECASE)])
        plan.notes.append(f"{m.group(0).strip()!r}: the {word} bounding the space (IfcRelSpaceBoundary)")
        return f"{m['which'] or ''}{word} that bound "

    text = _BOUNDING_ASKED.sub(bounding, text)
    for pattern, repl in _ENTITY_FORMS:
        text = pattern.sub(functools.partial(form, repl=repl), text)
    out: list[str] = []
    pos = 0
    for m in _ENTITY.finditer(text):
        chain = _chain(schema, m["name"])
        if chain is None or "IfcObjectDefinition" in chain:
            continue  # an element, type, spatial or group class (or none of the schema): the class passes read it
        name = chain[0]
        words = _ENTITY_WORDS.get(name.casefold(), [])
        rest = (text[:m.start()] + " " + text[m.end():]).casefold()
        said = any(re.search(rf"\b{re.escape(w)}\b", rest) for w in words)
        if m["open"] and m["close"] and said:
            plan.notes.append(f"{m.group(0)!r}: restates the relation the words say")
            read.append(m["name"])
            out.append(text[pos:m.start()] + " " * len(m.group(0)))
            pos = m.end()
            continue
        kind = chain[-2] if len(chain) > 1 else chain[-1]
        _decline(plan, f"'{name}' is an {kind} entity, not an element placed "
                 "in the building, so it cannot be listed or counted by storey or room",
                 [m["name"]], "Ask for the elements it relates: e.g. 'the doors bounding room X', 'the material of "
                 "the walls on Level 1', 'the parts of the stair'.")
        return text
    return "".join(out) + text[pos:]


def _bare(plan: Plan, text: str, cat: _Catalogue, schema: str) -> str:
    out: list[str] = []
    pos = 0
    standard = _standard_names(schema if isinstance(schema, str) else "IFC4")
    for m in _CAMEL.finditer(text):
        name = m["name"]
        if name.startswith("Ifc") or name in _KEEP or name.casefold() in cat.name_words:
            continue
        if any(w in cat.name_words for w in words_of(name).split()) and name.casefold() not in cat.by_name:
            continue  # "GroundFloor" where the model's names hold "ground": a name, not an identifier
        sets = cat.by_name.get(name.casefold())
        if sets is None:
            if name in standard:
                _decline(plan, f"this model holds no property or quantity '{name}' on any element",
                         [name], "Ask about a property or quantity the model holds.")
                return text
            continue
        kinds = set(sets.values())
        plan.resolved.setdefault("identifier_sets", []).append((None, name, name))
        if "bool" in kinds:
            if not _VALUE_FOLLOWS.match(text, m.end()):  # "IsExternal doors", "walls that are not IsExternal"
                neg = _NOT_BEFORE.search(text, pos, m.start())
                plan.notes.append(f"{name!r} without a value: the boolean's {'FALSE' if neg else 'TRUE'}")
                out.append(text[pos:neg.start() if neg else m.start()] + name + (" = false" if neg else " = true"))
                pos = m.end()
            continue
        plan.notes.append(f"{name!r}: the {'/'.join(sorted(kinds))} held in {', '.join(sorted(sets))}")
        held_name = next(n for s in sets for n in cat.sets[s] if n.casefold() == name.casefold())
        spoken = _spoken(held_name, text, m.end())
        plan.resolved.setdefault("identifier_words", []).append((held_name, spoken, None))
        out.append(text[pos:m.start()] + spoken)
        pos = m.end()
    return "".join(out) + text[pos:]


def _parentheses(plan: Plan, text: str, cat: _Catalogue) -> str:
    """A boolean identifier alone in parentheses restates the words before it: taken out and recorded."""
    def bare(m: re.Match[str]) -> str:
        ident = m["id"]
        name = ident.split(".")[-1]
        sets = cat.by_name.get(name.casefold())
        if m["val"] is not None or not sets or "bool" not in sets.values():
            return m.group(0)
        if "." in ident:  # the set is checked by the dotted pass: keep it for that, outside the words
            set_written = ident.split(".")[0]
            set_name = cat.set_by_fold.get(set_written.casefold())
            if set_name is not None:
                plan.resolved.setdefault("identifier_sets", []).append((set_name, name, ident))
            elif _set_shaped(set_written):
                return m.group(0)  # declined by the dotted pass
        plan.resolved.setdefault("identifier_restated", []).append((name, m.group(0)))
        plan.notes.append(f"{m.group(0)!r}: restates the words before it")
        return " " * len(m.group(0))

    return _PAREN.sub(bare, text)


def _effective(q: Any, negated: bool) -> tuple[str, bool] | None:
    """(property name, value) of a boolean qualifier, or None."""
    if q.op not in ("=", "!=") or not isinstance(q.value, bool):
        return None
    value = q.value if q.op == "=" else not q.value
    return str(q.path).split(".")[-1].casefold(), value != negated


def check(plan: Plan, index: Any) -> None:
    """On the finished plan: restatements, a boolean said twice, sets the asked elements do not hold."""
    restated = plan.resolved.get("identifier_restated") or []
    sets = plan.resolved.get("identifier_sets") or []
    if plan.declined is not None:
        return
    refs, quals = plan.qualifiers, plan.resolved.get("qualifiers") or []
    parallel = len(refs) == len(quals)
    seen: dict[str, tuple[bool, str]] = {}
    drop: list[int] = []
    for i, q in enumerate(quals):
        got = _effective(q, refs[i].negated if parallel else False)
        if got is None:
            continue
        name, value = got
        if name in seen:
            if seen[name][0] != value:
                _decline(plan, f"'{seen[name][1]}' and '{q.term}' say opposite things about {q.path.split('.')[-1]}",
                         [seen[name][1], q.term], "Ask with one of them.")
                return
            drop.append(i)
        else:
            seen[name] = (value, q.term)
    if drop and parallel:
        plan.qualifiers = [r for i, r in enumerate(refs) if i not in drop]
        plan.resolved["qualifiers"] = [q for i, q in enumerate(quals) if i not in drop]
    if _read_otherwise(plan, index, quals):
        return
    for name, written in restated:
        if name.casefold() not in seen:
            _decline(plan, f"'{written.strip()}' names {name}, but the words before it ask about no {name}",
                     [written.strip()], f"Ask for the elements with {name} = TRUE or FALSE.")
            return
    if not sets:
        return
    cat = _catalogue(index)
    asked = {c for f in plan.classes for c in f.classes}
    if not asked:
        return
    labels = ", ".join(f.label for f in plan.classes)
    for set_name, name, written in sets:
        key = name.casefold()
        if set_name is None:
            holders = {c for (s, n), cs in cat.pair_classes.items() if n == key for c in cs}
        else:
            holders = cat.pair_classes.get((set_name, key), set())
        if any(_is_a(index, h, a) for h in holders for a in asked):
            continue
        mine = [cls for cls in cat.class_sets if any(_is_a(index, cls, a) for a in asked)]
        if set_name is None:
            theirs = sorted({n for (s, n), cs in cat.pair_classes.items() if set(mine) & cs})
            standard = [s for s in cat.sets if _STANDARD_SET.match(s)] or list(cat.sets)
            held = sorted({n for s in standard for n in cat.sets[s] if n.casefold() in theirs
                           and set(mine) & cat.pair_classes[(s, n.casefold())]})
            what = f"'{name}'"
        else:
            held = sorted({s for cls in mine for s in cat.class_sets[cls]})
            what = f"'{set_name}.{name}'"
        _decline(plan, f"none of the {labels} hold {what} (the model holds it on {', '.join(sorted(holders))}); "
                 f"they hold: {_held_list(held) or 'nothing'}", [written],
                 "Ask about what the asked elements hold.")
        return


def _read_otherwise(plan: Plan, index: Any, quals: list[Any]) -> bool:
    """An identifier written as its words must be read as itself: a qualifier on its words tests that name, and a
    measure reads that name (``measures.choose_path`` over the asked elements); else the plan is declined naming
    it ("GrossWeight over 5000" read as GrossSideArea, "FinishCeilingHeight" summed as Height): True then."""
    from ifcqa.spatial import measures

    for name, words, set_name in plan.resolved.get("identifier_words") or []:
        for q in quals:
            if words in str(q.term).casefold():
                paths = {str(p).split(".")[-1] for p in [q.path, *q.paths]}
                if name not in paths:
                    _decline(plan, f"'{name}' was read as {q.path}, not as the {name} the model holds",
                             [name], f"Ask about {name} of elements that hold it, in other words.")
                    return True
        measure = plan.resolved.get("measure")
        raw = getattr(measure, "raw", None)
        if raw is None or words not in str(raw.term).casefold() + " " + " ".join(plan.notes).casefold():
            continue
        asked = {c for f in plan.classes for c in f.classes} or {"IfcSpace"}
        elements = [e for e in index.data.elements.values() if any(_is_a(index, e.ifc_class, a) for a in asked)]
        chosen = measures.choose_path(elements, raw.quantity, gross=raw.gross, net=raw.net) if elements else None
        if chosen is None or chosen.name != name or (set_name is not None and chosen.set_name != set_name):
            read = chosen.text if chosen is not None else "no quantity"
            _decline(plan, f"'{name}' would be read as {read}, not as the {name} the model holds, so it is not "
                     "aggregated", [name], f"Ask for the {name} of each element (a lookup).")
            return True
    return False


def _is_a(index: Any, ifc_class: str, asked: str) -> bool:
    """Whether ``ifc_class`` is ``asked`` or one of its subtypes (schema)."""
    return ifc_class.casefold() == asked.casefold() or ifc_schema.is_subclass(index.schema, ifc_class, asked)
