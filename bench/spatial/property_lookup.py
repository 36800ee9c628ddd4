"""Property-lookup bench (issue 22, round 10 prop10): properties and attributes asked in people's words, generated.

    python bench/spatial/property_lookup.py [--ifc-dir ../shared/ifc] [--check]
        writes property_cases.json (dev) and property_cases_b.json (held back: scored only at the end)
    python bench/spatial/property_lookup.py --report RUN_DIR    # per phrasing and template, from a spatial-bench run

Written before the parser work of round 10 (prop10). People ask for a property in their own words and the model
names it in its own: "What output do the radiators on the EG have?" (the model holds
``Pset_SpaceHeaterTypeCommon.OutputCapacity``), "What's the floor finish in room 4?" (``'PSet_Revit_Identity
Data'.'Floor Finish'`` on the space), "type name of the water heater?" (the type object's Name).

**Subjects** (read with plain IfcOpenShell through ``people_oracles.Model``): a class on a storey (storey-deep, see
people_oracles), a class in a one-storey building, a space named by its Name ("room 4") or LongName ("the
kitchen"), a storey (its Elevation).

**Properties** of a subject: every property of a NAMED property or quantity set that
``ifcopenshell.util.element.get_psets`` gives (type sets inherited by occurrences, the occurrence's value first)
such that EVERY element of the subject holds it in exactly one set with a plain value (text, number, boolean; not
empty, not a placeholder repeating the property's name, not a GlobalId). Names holding a word the lookup vocabulary
or the quantity aggregates read by their own rules (width, height, area, material, type, weight ...: see
:data:`OWN_RULES`) are left to those benches. The oracle is a ``values`` oracle: the distinct values with how
many elements hold each, and the subject's GlobalIds.

**Phrasings** of a property name, the way people say it (``phrasing`` of each case):

==============  ===================================================================================================
full            the words of the CamelCase / spaced / punctuated name ("output capacity", "max operating
                temperature", "floor finish")
plural          the same with its last word plural ("fire ratings")
part            one distinctive word of the name alone, when no other property or attribute the subject's
                elements hold has that word ("output", "finish", "rating"), singular or plural
pset            the name with its set: "Pset_SpaceHeaterTypeCommon.OutputCapacity", "OutputCapacity (from
                Pset_SpaceHeaterTypeCommon)"
umlaut          a German name with its umlauts spelled out or dropped ("Hoehe zu Geschoss", "Oberflache")
==============  ===================================================================================================

**Templates** (``template``): "what X does/do Y have" / "Y's X" / "X of the Ys on <storey>" / "which X is used for
Y" / "what's the X in room N" / terse "Y X?" / e-mail and ticket framings / non-native word order. A third of the
templates (``HELD_TEMPLATES``) are used only in the held-back file, and the held-back file is a second seeded sample.

**Attributes**: the type's name ("type name of the boiler", "door type used on the 1stFloor", "which window type
is on Level 2"), ObjectType, Description, Tag, PredefinedType (the occurrence's own value, when every element
holds one other than NOTDEFINED / USERDEFINED), a storey's Elevation (a ``number`` oracle in the model's length
unit) and a space's LongName.

**Declines** (``decline``), each premise asserted by the generator:

* ``absent``: a property people ask for (:data:`ASKED`) none of whose words is a word of any property or attribute
  name the subject's elements hold ("acoustic rating of the doors" where no door holds anything with 'acoustic' or
  'rating');
* ``ambiguous``: a word that is a word of two or more different property names the subject's elements hold with
  values ("pressure" of the pipes: 'Max. Operating pressure' and 'Pressure loss in the pipe'): the answer must
  decline (and name both); nothing may be listed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import ifcopenshell.util.unit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import (  # noqa: E402
    dumps,  # noqa: E402
    not_in,
    sample_per_model,
)
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "property_cases.json"
DEFAULT_OUT_B = HERE / "property_cases_b.json"
SEED, SEED_B = 10, 1010
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"
PER_SUBJECT = 5  # property cases per subject (seeded choice), so that one rich subject does not fill the bench

# class words people use -> (IFC classes with subtypes, or a type class for IFC2X3 generic flow elements)
CLASSES: list[tuple[str, str, tuple[str, ...], str | None]] = [
    # (plural, singular, occurrence classes, type class standing for them)
    ("doors", "door", ("IfcDoor",), None),
    ("windows", "window", ("IfcWindow",), None),
    ("walls", "wall", ("IfcWall",), None),
    ("slabs", "slab", ("IfcSlab",), None),
    ("stairs", "stair", ("IfcStair",), None),
    ("railings", "railing", ("IfcRailing",), None),
    ("beams", "beam", ("IfcBeam",), None),
    ("columns", "column", ("IfcColumn",), None),
    ("pipes", "pipe", ("IfcPipeSegment",), None),
    ("pumps", "pump", ("IfcPump",), None),
    ("valves", "valve", ("IfcValve",), None),
    ("radiators", "radiator", ("IfcSpaceHeater",), "IfcSpaceHeaterType"),
    ("rooms", "room", ("IfcSpace",), None),
]

# words whose reading another rule owns (lookup vocabulary, quantity aggregates, place words): a property name
# holding one is left out, and such a word is never a "part" phrasing
OWN_RULES = frozenset([
    "width", "wide", "height", "high", "tall", "thickness", "thick", "depth", "deep", "diameter", "material",
    "materials", "type", "types", "typ", "name", "names", "kind", "weight", "mass", "heavy", "colour", "color",
    "area", "areas", "volume", "volumes", "length", "lengths", "perimeter", "size", "sizes", "elevation", "level",
    "levels", "floor", "storey", "story", "room", "rooms", "space", "spaces", "total", "sum", "number", "count",
    "net", "gross", "maximum", "minimum", "max", "min", "average", "mean", "largest", "smallest", "made",
    "manufacturer", "maker", "hersteller", "value", "values", "property", "attribute", "reference", "id", "guid",
    "ifc", "ifcguid", "geschoss", "ebene", "raum", "etage", "stock", "gebaude"
])
INTERNAL_SETS = re.compile(r"^(?:EPset_|BBIM_)")  # authoring-tool internals nobody asks about
GERMAN_SETS = re.compile(r"ArchiCAD|AC_Pset|Sachmerkmal|Fenster|Tür")  # German names: no English plural
# a name's first word alone stands for it when its last word only says what kind of quantity it is
# ("output" for OutputCapacity, "flow" for FlowRate); otherwise the head (last) word does ("finish", "rating")
QUALITY_WORDS = frozenset(["capacity", "value", "rate", "factor", "class", "code", "rating", "number", "size"])
PER_MODEL = {False: {"property": 12, "attribute": 6, "decline": 6}, True: {"property": 8, "attribute": 4, "decline": 4}}
ROOMS_PER_MODEL = 4
STOP = frozenset([
    "the", "a", "an", "of", "and", "or", "in", "on", "at", "to", "for", "by", "with", "from", "per", "is", "are",
    "be", "der", "die", "das", "des", "und", "von", "im", "am", "zu", "mit", "nach"
])
ATTRIBUTES = ("Name", "Description", "ObjectType", "Tag", "PredefinedType", "LongName")

# properties people ask for: (words as asked, the name words that would hold it)
ASKED = [
    ("acoustic rating", ("acoustic", "rating")), ("fire rating", ("fire", "rating")),
    ("security rating", ("security", "rating")), ("warranty", ("warranty",)), ("serial number", ("serial",)),
    ("finish", ("finish", "finishes")), ("output", ("output",)), ("flow rate", ("flow", "rate")),
    ("glazing type", ("glazing",)), ("install date", ("install", "installation", "date")),
    ("sound insulation", ("sound", "insulation", "acoustic")), ("fire resistance", ("fire", "resistance")),
    ("voltage", ("voltage",)), ("operating pressure", ("operating", "pressure")),
    ("barcode", ("barcode", "bar", "code")), ("slope", ("slope", "pitch")), ("lamp", ("lamp",)),
]

# templates: (id, text with {p} the property words, {the_subject}, {subject}, {Subject}); which subjects they fit
TEMPLATES: dict[str, tuple[str, str]] = {
    # subject kinds: "set" (a class on a storey / in the building), "one" (a named room)
    "what_do_have": ("set", "What {p} do the {subject} have?"),
    "of_the": ("set", "{P} of the {subject}"),
    "whats_the_of": ("any", "what's the {p} of {the_subject}?"),
    "terse": ("any", "{Subject} {p}?"),
    "which_used": ("set", "which {p} is used for the {subject}?"),
    "email": ("any", "Hi, could you send me the {p} for {the_subject}? Thanks"),
    "possessive": ("one", "What is {the_subject}'s {p}?"),
    "in_room": ("one", "What's the {p} in {subject}?"),
    "nonnative": ("set", "which {p} have the {subject}?"),
    "need_for": ("set", "I need the {p} for all {subject}."),
    "dash": ("any", "{Subject} - {p}?"),
    "tell_me": ("any", "tell me the {p} of {the_subject}"),
    "does_have": ("one", "what {p} does {subject} have"),
    "ticket": ("set", "FM ticket: please check the {p} of the {subject}"),
    "how_is": ("any", "what {p} is recorded for {the_subject}?"),
}
HELD_TEMPLATES = frozenset(["nonnative", "need_for", "dash", "tell_me", "ticket"])  # a third: held-back file only


def letters(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def name_words(name: str) -> list[str]:
    """ "OutputCapacity" -> [output, capacity]; "Max. Operating temperature" -> [max, operating, temperature]."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name)
    return [w for w in re.split(r"[^\w]+|_", spaced.casefold()) if w]


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _plural(word: str) -> str:
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "sh", "ch")):
        return word + "es"
    return word + "s"


def _fold(text: str, mode: str) -> str:
    if mode == "spelled":
        return text.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss") \
            .replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue")
    return text.replace("ä", "a").replace("ö", "o").replace("ü", "u").replace("ß", "ss") \
        .replace("Ä", "A").replace("Ö", "O").replace("Ü", "U")


_GUID = re.compile(r"^[0-9A-Za-z_$]{22}$")


def _plain(value: Any, prop: str) -> bool:
    if isinstance(value, bool):
        return False  # a boolean is asked as a yes/no or a filter ("is room 4 accessible"), not "what X"
    if isinstance(value, (int, float)):
        return True
    if not isinstance(value, str) or not value.strip() or _GUID.match(value.strip()):
        return False
    return letters(prop) not in letters(value)


def held(e: Any) -> dict[str, list[tuple[str, Any]]]:
    """letters(property name) -> [(set, value)] of every named set the element holds (type sets inherited)."""
    out: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for pset, props in ue.get_psets(e).items():
        if not pset or pset == "None":
            continue
        for prop, value in props.items():
            if prop == "id":
                continue
            out[prop].append((pset, value))
    return out


def attribute_names(e: Any) -> list[str]:
    return [a for a in ATTRIBUTES if hasattr(e, a) and getattr(e, a) not in (None, "")]


class Subject:
    """Elements asked about and how the question names them."""

    def __init__(self, kind: str, elements: list[Any], subject: str, the_subject: str, rule: str,
                 singular: str | None = None) -> None:
        self.kind = kind  # "set" or "one"
        self.elements = elements
        self.subject = subject  # "radiators on EG" / "room 4"
        self.the_subject = the_subject  # "the radiators on EG" / "room 4"
        self.rule = rule
        self.singular = singular


def subjects(m: Model, model: str) -> list[Subject]:
    out: list[Subject] = []
    storeys = [s for s in m.storey_names() if s]
    for plural, _singular_word, classes, type_class in CLASSES:
        if type_class is not None and m.f.schema == "IFC2X3":
            pool = [e for e in m.everything() if (t := ue.get_type(e)) is not None and t.is_a(type_class)]
            what = f"elements typed by {type_class}"
        else:
            pool = m.of(classes)
            what = "/".join(classes)
        if not pool:
            continue
        if len(storeys) == 1:
            out.append(Subject("set", pool, plural, f"the {plural}", f"{what} (the model has one storey)"))
        for s in storeys:
            es = [e for e in pool if m.storey_name(e) == s]
            if es:
                out.append(Subject("set", es, f"{plural} on {s}", f"the {plural} on {s}",
                                   f"{what} on {s}, {STOREY_DEEP}"))
    rooms: list[Subject] = []
    for sp in m.f.by_type("IfcSpace"):
        same = [x for x in m.f.by_type("IfcSpace") if x.Name == sp.Name]
        if sp.Name and len(same) == 1 and re.fullmatch(r"[A-Za-z]?\d{1,4}[A-Za-z]?", sp.Name):
            rooms.append(Subject("one", [sp], f"room {sp.Name}", f"room {sp.Name}", f"the IfcSpace named {sp.Name!r}"))
    return out + rooms[:: max(1, len(rooms) // ROOMS_PER_MODEL)][:ROOMS_PER_MODEL]  # spread over the model


def _prop_candidates(sub: Subject) -> dict[str, dict[str, Any]]:
    """Properties every element of the subject holds in exactly one set with a plain value."""
    per = [held(e) for e in sub.elements]
    common = set(per[0])
    for h in per[1:]:
        common &= set(h)
    out: dict[str, dict[str, Any]] = {}
    for prop in sorted(common):
        if any(w in OWN_RULES for w in name_words(prop)) or not name_words(prop) \
                or letters(prop) in {letters(a) for a in ATTRIBUTES}:
            continue
        sets = {tuple(s for s, _ in h[prop]) for h in per}
        if any(INTERNAL_SETS.match(s) for t in sets for s in t):
            continue
        if any(len(h[prop]) != 1 for h in per) or len(sets) != 1:
            continue
        values = [h[prop][0][1] for h in per]
        if not all(_plain(v, prop) for v in values):
            continue
        # the same letters under another spelling in another set would make two readings
        if sum(1 for p in per[0] if letters(p) == letters(prop)) > 1:
            continue
        out[prop] = {"set": next(iter(sets))[0], "values": values}
    return out


def _all_names(sub: Subject) -> dict[str, set[str]]:
    """word -> the property/attribute names (with a value on some element) holding it (singular forms)."""
    out: dict[str, set[str]] = defaultdict(set)
    for e in sub.elements:
        for prop, rows in held(e).items():
            if any(v not in (None, "") for _, v in rows):
                for w in name_words(prop):
                    out[_singular(w)].add(prop)
        for a in attribute_names(e):
            for w in name_words(a):
                out[_singular(w)].add(a)
    return out


def _distribution(values: list[Any]) -> list[list[Any]]:
    counts: Counter[Any] = Counter(round(v, 6) if isinstance(v, float) else v for v in values)
    return [[v, n] for v, n in sorted(counts.items(), key=lambda kv: (str(type(kv[0])), str(kv[0])))]


def _values_oracle(sub: Subject, values: list[Any]) -> dict[str, Any]:
    return {"type": "values", "value": _distribution(values), "unit": None,
            "guids": sorted({e.GlobalId for e in sub.elements})}


def _phrasings(prop: str, pset: str, names: dict[str, set[str]]) -> list[tuple[str, str]]:
    words = name_words(re.sub(r"\([^)]*\)", " ", prop))
    out = [("full", " ".join(words))]
    if not GERMAN_SETS.search(pset) and prop.isascii() and not words[-1].endswith(("s", "ed")) \
            and len(words[-1]) >= 4:
        out.append(("plural", " ".join(words[:-1] + [_plural(words[-1])])))
    heads = [words[-1]] + ([words[0]] if len(words) == 2 and words[-1] in QUALITY_WORDS else [])
    if any(w in ("at", "of", "per", "in", "on", "for") for w in words):
        heads = []  # "Wrapping at Ends": no one word of it is what people would say
    for w in heads if len(words) > 1 else []:
        sw = _singular(w)
        if len(w) >= 4 and w not in STOP and sw not in OWN_RULES and w not in OWN_RULES and not w.isdigit() \
                and w not in QUALITY_WORDS and not w.endswith("ed") and names.get(sw) == {prop}:
            out.append(("part", w))
    out.append(("pset", f"{pset}.{prop}" if " " not in prop and " " not in pset else f"{prop} ({pset})"))
    if prop != _fold(prop, "spelled"):
        out.append(("umlaut", " ".join(name_words(_fold(prop, "spelled")))))
        out.append(("umlaut", " ".join(name_words(_fold(prop, "plain")))))
    return out


def _fill(template: str, p: str, sub: Subject) -> str:
    text = template.format(p=p, P=p[:1].upper() + p[1:], subject=sub.subject, the_subject=sub.the_subject,
                           Subject=sub.the_subject[:1].upper() + sub.the_subject[1:] if sub.kind == "one"
                           else sub.subject[:1].upper() + sub.subject[1:])
    return text


def _templates(sub: Subject, held_part: bool) -> list[str]:
    return [t for t, (kinds, _) in TEMPLATES.items()
            if (kinds == "any" or kinds == sub.kind) and ((t in HELD_TEMPLATES) == held_part or held_part)]


def generate(ifc_dir: Path, seed: int, held_part: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for path in sorted(ifc_dir.glob("*.ifc")):
        model = path.name
        m = Model(path)
        for sub in subjects(m, model):
            tpls = _templates(sub, held_part)
            names = _all_names(sub)
            props = _prop_candidates(sub)
            chosen = rng.sample(sorted(props), min(PER_SUBJECT, len(props)))
            for prop in chosen:
                spec = props[prop]
                phr = _phrasings(prop, spec["set"], names)
                phrasing, p = rng.choice(phr)
                template = rng.choice(tpls)
                cases.append(_case(model, "property", phrasing, template, _fill(TEMPLATES[template][1], p, sub),
                                   _values_oracle(sub, spec["values"]),
                                   f"{spec['set']}.{prop} of {sub.rule} (get_psets, type sets inherited)"))
            cases += _attribute_cases(m, model, sub, rng, tpls)
            cases += _declines(model, sub, names, rng, tpls)
        cases += _storey_cases(m, model, rng, held_part)
    return cases


def _case(model: str, kind: str, phrasing: str, template: str, query: str, oracle: dict[str, Any],
          rule: str) -> dict[str, Any]:
    # the scorer's kinds: a lookup or (a decline) an edge case; ``group`` keeps this bench's own split
    return {"query": query, "ifc_filename": model, "kind": "edge" if kind == "decline" else "lookup", "group": kind,
            "phrasing": phrasing, "template": template,
            "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"}


_ATTR_WORDS = {
    "type": [("type name", "{P} of the {subject}"), ("type", "which {s} type is used on {storey}"),
             ("type name", "what's the type name of {the_subject}?"), ("types", "{Subject} types?")],
    "ObjectType": [("object type", "what's the object type of {the_subject}?"),
                   ("ObjectType", "ObjectType of the {subject}")],
    "Description": [("description", "what description do the {subject} have?"),
                    ("description", "{Subject} description?")],
    "Tag": [("tag", "what's the tag of {the_subject}?"), ("tags", "{Subject} tags")],
    "PredefinedType": [("predefined type", "what is the predefined type of {the_subject}?"),
                       ("PredefinedType", "PredefinedType of the {subject}")],
    "LongName": [("long name", "what is the long name of {the_subject}?"), ("long name", "{Subject} long name?")],
}


def _attribute_cases(m: Model, model: str, sub: Subject, rng: random.Random, tpls: list[str]) -> list[dict[str, Any]]:
    out = []
    for attr, forms in _ATTR_WORDS.items():
        values: list[Any] = []
        for e in sub.elements:
            if attr == "type":
                t = ue.get_type(e)
                values.append(t.Name if t is not None and t.Name else None)
            elif attr == "PredefinedType":
                v = getattr(e, "PredefinedType", None)
                values.append(v if v not in (None, "NOTDEFINED", "USERDEFINED") else None)
            else:
                v = getattr(e, attr, None) if hasattr(e, attr) else None
                values.append(v if isinstance(v, str) and v.strip() else None)
        if any(v is None for v in values):
            continue
        if attr not in ("type",) and any(letters(p) == letters(attr) for e in sub.elements for p in held(e)):
            continue  # a property of the attribute's name: two readings
        if attr == "LongName" and sub.kind != "one":
            continue
        word, template = rng.choice(forms)
        if "{storey}" in template:
            if " on " not in sub.subject:
                continue
            plural, _, storey = sub.subject.partition(" on ")
            singular = next((s for p, s, _, _ in CLASSES if p == plural), None)
            if singular is None:
                continue
            query = template.format(s=singular, storey=storey)
        else:
            if sub.kind == "one" and "{subject}" in template and "{the_subject}" not in template \
                    and "{Subject}" not in template:
                continue
            query = template.format(P=word[:1].upper() + word[1:], subject=sub.subject, the_subject=sub.the_subject,
                                    Subject=sub.subject[:1].upper() + sub.subject[1:])
        where = "the type object's Name (IfcRelDefinesByType)" if attr == "type" else f"the attribute {attr}"
        out.append(_case(model, "attribute", attr, "attr", query, _values_oracle(sub, values),
                         f"{where} of {sub.rule}"))
    return out


def _declines(model: str, sub: Subject, names: dict[str, set[str]], rng: random.Random,
              tpls: list[str]) -> list[dict[str, Any]]:
    out = []
    absent = [(asked, words) for asked, words in ASKED
              if not any(_singular(w) in names or w in names for w in words)
              and not any(_singular(w) in names for w in asked.split())]
    if absent:
        asked, _ = rng.choice(absent)
        template = rng.choice(tpls)
        out.append(_case(model, "decline", "absent", template, _fill(TEMPLATES[template][1], asked, sub),
                         {"type": "decline"},
                         f"decline: no property or attribute of {sub.rule} has a name with a word of {asked!r}"))
    # ambiguous: a word two different property names with values hold
    heads: dict[str, set[str]] = defaultdict(set)  # a head (last) word -> the names it ends
    for w, props in names.items():
        heads[w] = {p for p in props if p not in ATTRIBUTES and _singular(name_words(p)[-1]) == w}
    shared = sorted(w for w, props in heads.items() if len(props) >= 2 and len(w) >= 5 and w not in OWN_RULES
                    and w not in STOP and not w.isdigit()
                    and not any(a in props for a in ATTRIBUTES)
                    and len({letters(p) for p in props}) >= 2
                    and all(len(name_words(p)) > 1 for p in props))  # no property named by the word alone
    if shared:
        w = rng.choice(shared)
        template = rng.choice(tpls)
        props = sorted(heads[w])
        out.append(_case(model, "decline", "ambiguous", template, _fill(TEMPLATES[template][1], w, sub),
                         {"type": "decline"},
                         f"decline: {w!r} is a word of {len(props)} properties of {sub.rule}: "
                         + ", ".join(repr(p) for p in props[:6])))
    return out


def _storey_cases(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    forms = ["what is the elevation of {s}?", "{s} elevation?", "at what elevation is {s}?",
             "elevation of storey {s} please"]
    forms = forms[2:] if held_part else forms[:2]
    out = []
    try:
        unit = m.unit("LENGTHUNIT")
    except (KeyError, AttributeError):
        return out
    if ifcopenshell.util.unit.get_project_unit(m.f, "LENGTHUNIT").is_a("IfcConversionBasedUnit"):
        return out  # feet: the shared Model.unit spells metric units only
    for st in m.f.by_type("IfcBuildingStorey"):
        if not st.Name or st.Elevation is None or len([s for s in m.storey_names() if s == st.Name]) != 1:
            continue
        out.append(_case(model, "attribute", "Elevation", "storey", rng.choice(forms).format(s=st.Name),
                         {"type": "number", "value": round(float(st.Elevation), 6), "unit": unit, "rel_tol": 0.001,
                          "guids": []},
                         f"IfcBuildingStorey.Elevation of {st.Name} ({unit})"))
    return out


def build(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev = sample_per_model(generate(ifc_dir, SEED, False), "prop10", SEED, PER_MODEL[False])
    return dev, sample_per_model(not_in(generate(ifc_dir, SEED_B, True), dev), "prop10b", SEED_B, PER_MODEL[True])


def report(run_dir: Path) -> int:
    rows = [json.loads(line) for line in (run_dir / "records.jsonl").read_text(encoding="utf-8").splitlines() if line]
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    cases = {c["id"]: c for f in (DEFAULT_OUT, DEFAULT_OUT_B) if f.exists()
             for c in json.loads(f.read_text(encoding="utf-8"))}
    for r in rows:
        c = cases.get(r.get("id"), {})
        by[f"group={c.get('group')}"].append(r)
        by[f"phrasing={c.get('phrasing')}"].append(r)
        by[f"template={c.get('template')}"].append(r)
    for key in sorted(by):
        rs = by[key]
        score = sum(float(r.get("score", 0.0)) for r in rs) / len(rs)
        print(f"{key:28s} n={len(rs):4d} score={score:.3f} declined={sum(bool(r.get('declined')) for r in rs):3d} "
              f"broadened={sum(bool(r.get('broadened')) for r in rs)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--report", type=Path, help="a spatial-bench run directory to summarise")
    args = parser.parse_args(argv)
    if args.report is not None:
        return report(args.report)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    dev, held = build(args.ifc_dir)
    stale = False
    for out, cases in ((DEFAULT_OUT, dev), (DEFAULT_OUT_B, held)):
        text = dumps(cases)
        if args.check:
            same = out.is_file() and out.read_text(encoding="utf-8") == text
            stale |= not same
            print(f"{out}: {'up to date' if same else 'differs from the generator'}")
            continue
        out.write_text(text, encoding="utf-8")
        kinds = Counter(c["group"] for c in cases)
        phr = Counter(c["phrasing"] for c in cases)
        print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {out}")
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(phr.items())))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
