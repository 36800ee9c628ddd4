"""Class words derived from the IFC4 schema, and the words people use for classes, from data files (round 9).

The parser's hand-written class vocabulary (:mod:`ifcqa.spatial.vocabulary`) knows the classes someone wrote
words for; a question about any other kind of element ("how many manholes", "wash hand basins", "fire
dampers", "Umwälzpumpen") declined as not understood. This module extends it with three mechanisms, each
recorded in the answer through the class label and the plan's notes:

1. **Class names as words.** Every instantiable IFC4 element class is a class key of its own (unless the
   vocabulary has one: "valve" for ``IfcValve``), with its name split into words and put in the plural:
   ``IfcFireSuppressionTerminal`` -> "fire suppression terminal(s)", ``IfcDistributionChamberElement`` ->
   "distribution chamber element(s)".
2. **PredefinedType enumerations as words.** Every value of a class's ``...TypeEnum`` is a kind (the class
   plus a test on the element's predefined type, as the vocabulary's hand-written kinds are), read under its
   words: ``WASHHANDBASIN`` -> "wash hand basin(s)", ``CIRCUITBREAKER`` -> "circuit breaker(s)",
   ``CHECK`` of ``IfcValve`` -> "check valve(s)", ``CABLETRAYSEGMENT`` -> "cable tray(s)". Values written as
   one word are split into the words of the schema itself (entity names, enumeration values written with
   "_", property-set template names and descriptions): ``data/schema_words.json``, written by
   :func:`derive` (``python -m ifcqa.spatial.schema_words --write``; a test fails when it is stale).
   A one-word value that reads as a modifier ("shear", "isolating", "standard") is a word only before its
   class's noun ("shear walls"), never alone.
3. **The words people use** (trade jargon, lay words, UK/US spellings, German) in ``data/class_words.json``:
   a phrase -> an IFC4 class and optionally PredefinedType values; and words that name **two classes** the
   word alone cannot settle ("Decken": slabs or ceilings) -> :func:`ambiguous_in`, which the parser declines,
   naming both readings, when the model holds both.

Nothing here replaces a word the vocabulary already has; a derived phrase that is a filler, storey, room or
qualifier word elsewhere is not a class word.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from importlib import resources
from typing import Any

_DATA = "data/schema_words.json"
_USAGE = "data/class_words.json"
_SKIP = ("USERDEFINED", "NOTDEFINED")
# one-word enumeration values that describe rather than name a thing: used only before the class noun
_MODIFIER_END = re.compile(r"(ed|ing|al|ive|ic|ous|ar|ant|ent|able|ible|ory|ary|less|ful)$")
_MODIFIERS = frozenset(["standard", "solid", "shear", "straight", "spiral", "curved", "freeform", "flat", "rigid",
                        "flexible", "fixed", "double", "single", "twin", "round", "square", "dynamic", "static",
                        "active", "passive", "steam", "water", "gas", "oil", "air", "fire", "power", "data",
                        "floor", "roof", "base", "door", "window", "wall", "element", "complex", "partial",
                        "check", "light", "heat", "sink", "post", "brace", "chord", "plate", "member", "shelf",
                        "rectangular", "radial", "triangular", "irregular", "user", "winder", "gable", "hip",
                        "shed", "dome", "barrel", "rainbow", "butterfly", "pavilion", "mansard", "gambrel",
                        "bar", "wire", "strand", "coated", "shoe", "bracket", "gate", "bell", "cable", "pipe",
                        "duct", "opening", "recess", "spool", "culvert", "cross", "tee", "entry", "exit",
                        "connector", "transition", "obstruction", "junction", "bend", "reducer", "booster", "landing",
                        "plumbing", "parking", "external", "internal", "sump", "trench", "plain", "marker",
                        "expansion", "storage", "pressure", "constant", "variable"])


def _camel(name: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Z][a-z]+|[a-z]+|[A-Z]+(?![a-z])|\d+", name)]


def plural(word: str) -> str:
    """The English plural of one noun ("box" -> "boxes", "battery" -> "batteries", "chassis" stays)."""
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _plural_phrase(phrase: str) -> str:
    head, _, last = phrase.rpartition(" ")
    return (head + " " if head else "") + plural(last)


# --- derivation (run once; the result is the committed data file) ------------------------------------------------


def _schema_vocabulary() -> set[str]:
    """Every word the IFC4 schema and its property-set templates use (entity names, enumeration values written
    with "_", template names and descriptions): what one-word enumeration values are split into."""
    import ifcopenshell.ifcopenshell_wrapper as wrapper
    import ifcopenshell.util.pset as pset_util

    schema = wrapper.schema_by_name("IFC4")
    words: set[str] = set()
    for d in schema.declarations():
        name = d.name()
        words.update(_camel(name[3:] if name.startswith("Ifc") else name))
        if name.endswith("Enum"):
            for value in d.enumeration_items():
                words.update(p.lower() for p in value.split("_"))  # "TELEPHONE" splits "TELEPHONEOUTLET"
    for template in pset_util.get_template("IFC4").templates:
        for pset in template.by_type("IfcPropertySetTemplate"):
            words.update(_camel(pset.Name or ""))
            words.update(re.findall(r"[a-z]{3,}", (pset.Description or "").lower()))
            for prop in pset.HasPropertyTemplates or ():
                words.update(_camel(prop.Name or ""))
                words.update(re.findall(r"[a-z]{3,}", (prop.Description or "").lower()))
    return {w for w in words if len(w) >= 2 and w.isalpha()}


def _segment(value: str, vocabulary: set[str]) -> list[str]:
    """``value`` ("WASHHANDBASIN") split into schema words of three letters or more, the split into the fewest
    words ("data outlet", not "data out let"); the value as one word when no split covers it."""

    @functools.cache
    def split(rest: str) -> tuple[str, ...] | None:
        if not rest:
            return ()
        best: tuple[str, ...] | None = None
        for i in range(len(rest), 2, -1):
            if rest[:i] in vocabulary and (tail := split(rest[i:])) is not None:
                found = (rest[:i], *tail)
                if best is None or len(found) < len(best):
                    best = found
        return best

    out: list[str] = []
    for part in value.lower().split("_"):
        splits: list[tuple[str, ...]] = [(part[:i], *tail) for i in range(len(part) - 3, 2, -1)
                  if part[:i] in vocabulary and (tail := split(part[i:])) is not None and tail]
        best: tuple[str, ...] = min(splits, key=len) if splits else (part,)
        out.extend(best)
    return out


def derive() -> dict[str, Any]:
    """The class and enumeration words of every instantiable IFC4 element class (see the module docstring)."""
    import ifcopenshell.ifcopenshell_wrapper as wrapper

    schema = wrapper.schema_by_name("IFC4")
    vocabulary = _schema_vocabulary()
    element = schema.declaration_by_name("IfcElement")
    skip = [schema.declaration_by_name(n) for n in ("IfcFeatureElement", "IfcVirtualElement")]

    def under(d: Any, base: Any) -> bool:
        while d is not None:
            if d.name() == base.name():
                return True
            d = d.supertype()
        return False

    classes: dict[str, Any] = {}
    for d in schema.declarations():
        if not hasattr(d, "is_abstract") or d.is_abstract() or not under(d, element) or any(under(d, s) for s in skip):
            continue
        name = d.name()[3:]
        if name.endswith("StandardCase") or name.endswith("ElementedCase"):
            continue
        words = _camel(name)
        entry: dict[str, Any] = {"words": " ".join(words), "values": {}}
        try:
            enum = schema.declaration_by_name(d.name() + "TypeEnum").enumeration_items()
        except Exception:
            enum = ()
        for value in enum:
            if value not in _SKIP:
                entry["values"][value] = " ".join(_segment(value, vocabulary))
        classes[name] = entry
    return {"_doc": "Derived by ifcqa.spatial.schema_words.derive() from the IFC4 schema and its property-set "
                    "templates: per instantiable element class, its name as words and each PredefinedType value "
                    "split into schema words. Do not edit; rewrite with python -m ifcqa.spatial.schema_words --write.",
            "classes": classes}


# --- loading and extending the vocabulary ------------------------------------------------------------------------

CLASS_KEY_OF: dict[str, str] = {}  # IFC4 class name without "Ifc" -> the vocabulary's one-class key (set by extend)
GROUP_OF: dict[str, str] = {}  # IFC4 class name without "Ifc" -> the smallest hand-written group holding it
ADDED: set[str] = set()  # the phrases extend added: never a typo target (a misspelling is read as a listed word only)


def _read(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("ifcqa.spatial").joinpath(path).read_text(encoding="utf-8"))
    return data


@functools.cache
def schema_data() -> dict[str, Any]:
    return _read(_DATA)


@functools.cache
def usage_data() -> dict[str, Any]:
    return _read(_USAGE)


def _taken_words() -> set[str]:
    """Words other vocabularies already give a meaning (fillers, rooms, qualifiers, measures, units ...)."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.update(x.lower().split())
        elif isinstance(x, dict):
            for k, v in x.items():
                if not k.startswith("_"):
                    out.update(k.lower().split())
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for name in ("parser_words", "space_functions", "qualifier_words", "measure_words", "unit_words",
                 "lookup_words", "framing_words"):
        walk(_read(f"data/{name}.json"))
    return out


def _modifier(word: str, alone: bool = True) -> bool:
    """Whether ``word`` describes rather than names a thing ("shear", "isolating"); a phrase's last word is judged by
    the list only ("strip footing", "suspended ceiling" end in nouns with adjective endings)."""
    return word in _MODIFIERS or alone and _MODIFIER_END.search(word) is not None


def extend(groups: dict[str, tuple[str, tuple[str, ...]]], words: dict[str, str],
           kinds: dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...]]], reserved: set[str]) -> list[str]:
    """Add the derived and data-file class words to the vocabulary's tables (in place); the ambiguous words.

    ``reserved``: words of the vocabulary's own storey, count and negation lists, never a class word alone.
    """
    taken = _taken_words() | reserved
    single = CLASS_KEY_OF  # IFC4 class name (no "Ifc") -> its one-class group key
    for key, (_, members) in sorted(groups.items(), key=lambda kv: len(kv[1][1])):
        if len(members) == 1:
            single.setdefault(members[0], key)
        for name in members:
            GROUP_OF.setdefault(name, key)
    by_value: dict[tuple[str, str], str] = {}  # (group key, value) -> an existing kind key
    for key, (group, _, values, _) in kinds.items():
        for value in values:
            by_value.setdefault((group, value), key)

    def add(phrase: str, key: str) -> None:
        phrase = phrase.lower()
        if phrase in words or not phrase.strip():
            return
        if " " not in phrase and phrase in taken:
            return
        words[phrase] = key
        ADDED.add(phrase)

    def add_plural(phrase: str, key: str) -> None:
        # round 21: an inflection reads exactly as its base: the plural of a phrase the vocabulary already holds
        # takes the base's reading ("furnitures" is "furniture", the furnishing elements, never IfcFurniture alone)
        add(_plural_phrase(phrase), words.get(phrase.lower(), key))

    classes: dict[str, Any] = schema_data()["classes"]
    for name, entry in sorted(classes.items()):
        found = single.get(name)
        label = _plural_phrase(entry["words"])
        if found is not None:
            key = found
        else:
            key = name.lower()
            if key in groups:
                key = "ifc" + key
            groups[key] = (label, (name,))
            single[name] = key
        GROUP_OF.setdefault(name, key)
        add(entry["words"], key)
        add_plural(entry["words"], key)
    for name, entry in sorted(classes.items()):
        key = single[name]
        head = entry["words"].split()[-1]
        one_word_class = " " not in entry["words"]
        for value, phrase in entry["values"].items():
            kind = by_value.get((key, value))
            parts = phrase.split()
            if kind is None:
                kind = f"{key}:{value.lower()}"
                label_phrase = f"{phrase} {head}" if one_word_class and parts[-1] != head and _modifier(
                    parts[-1], alone=len(parts) == 1) else phrase  # "check valves", "skirting boards"
                kinds[kind] = (key, _plural_phrase(label_phrase), (value,), (value.lower().replace("_", ""),))
                by_value[(key, value)] = kind
            forms: list[str] = []
            if len(parts) > 1 and parts[-1] == head or not _modifier(parts[-1], alone=len(parts) == 1) and len(
                    parts[-1]) >= 3 and parts[-1] not in ("over", "off", "out") and (
                    len(parts) > 1 or parts[0] not in taken):
                forms.append(phrase)  # "wash hand basin", "manhole"; never "double check" or "standard" alone
            whole = value.lower().replace("_", "")
            if len(parts) > 1 and not _modifier(whole) and whole not in taken:
                forms.append(whole)  # "manhole" as well as "man hole"
            if one_word_class and parts[-1] != head:
                forms.append(f"{phrase} {head}")
            if len(parts) > 1 and parts[-1] == head and head in ("segment", "fitting", "element", "device", "unit"):
                forms.append(" ".join(parts[:-1]))  # "cable tray segment" -> "cable tray"
            for form in forms:
                add(form, kind)
                add_plural(form, kind)
    usage = usage_data()
    for phrase, target in usage["words"].items():
        cls, _, values = target.partition(".")
        name = cls[3:]
        if name not in single:
            continue
        key = single[name]
        if values:
            wanted = tuple(values.split("|"))
            kind = next((by_value[(key, v)] for v in wanted if (key, v) in by_value
                         and set(kinds[by_value[(key, v)]][2]) >= set(wanted)), None)
            if kind is None:
                kind = f"{key}:{'|'.join(v.lower() for v in wanted)}"
                kinds.setdefault(kind, (key, phrase if phrase.endswith("s") else _plural_phrase(phrase), wanted, ()))
                for v in wanted:
                    by_value.setdefault((key, v), kind)
            key = kind
        if phrase.lower() not in words:
            words[phrase.lower()] = key
            ADDED.add(phrase.lower())
    return sorted(usage.get("ambiguous", {}))


@functools.cache
def _ambiguous_pattern() -> re.Pattern[str] | None:
    table = usage_data().get("ambiguous", {})
    if not table:
        return None
    ordered = sorted(table, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(w.lower()) for w in ordered) + r")(?![\w])")


def ambiguous_in(text: str) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """Words of ``text`` (normalised, lower case) that name two IFC classes: (start, end, word, the classes)."""
    pattern = _ambiguous_pattern()
    if pattern is None:
        return []
    table = {k.lower(): tuple(v) for k, v in usage_data()["ambiguous"].items()}
    return [(m.start(), m.end(), m.group(0), table[m.group(0)]) for m in pattern.finditer(text)]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = json.dumps(derive(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    path = resources.files("ifcqa.spatial").joinpath(_DATA)
    if "--write" in args:
        with resources.as_file(path) as target:
            target.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    same = path.read_text(encoding="utf-8") == text
    print(f"{path}: {'up to date' if same else 'stale: run with --write'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
