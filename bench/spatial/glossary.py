"""Round 9 vocab9: a generated bench that varies ONE dimension of phrasing, the words for things and storeys.

    python bench/spatial/glossary.py [--ifc-dir ../shared/ifc] [--check]      # rewrite (or check) the three files
    python bench/spatial/glossary.py --report RUN_DIR                          # per dimension, from a spatial-bench run

Two data files, written before any of the parser's vocabulary was read, and one generated set:

* ``glossary_classes.json`` (hand-written): words and phrases people use for building elements and equipment
  (English UK/US and German; singular, plural, mass nouns; trade jargon and lay words), each mapped to the
  IFC4 class and, where the word means one, the PredefinedType value(s), validated here against
  ``ifcopenshell.ifcopenshell_wrapper.schema_by_name('IFC4')`` (class exists, every value is in the class's
  ``...TypeEnum``). ``source`` says where the mapping comes from (``schema class name``, ``schema
  enumeration``, ``common usage``); ``no_class`` words have no IFC home (costs, tenants, window sills);
  ``ambiguous`` words name two classes the word alone cannot settle ("Decken": slab or ceiling).
* ``storey_refs.json`` (computed by ``storey_refs`` below from the storey names and elevations, plain
  IfcOpenShell): per shared model, the ways people refer to each storey, each ``settled`` (one storey),
  ``ambiguous`` (UK vs US "first floor" where the naming does not settle it, a basement that is a foundation
  level: the answer must decline or state its reading; scored as a decline) or ``absent`` (no such storey:
  decline).
* ``glossary_cases.json`` (generated): spatial-bench questions, one field ``dim`` saying which dimension:

  ===================  ===========================================================================  ========
  dim                  question                                                                     oracle
  ===================  ===========================================================================  ========
  word_present         a glossary word on a model that holds it ("how many rads are there",        count /
                       "which skirting boards are on Level 1", "Welche Heizkörper gibt es im EG")   elements
  word_absent          a glossary word on a model whose schema has the class but holds none         count 0 /
                                                                                                    no / none
  word_no_class        a word with no IFC home ("how many tenants are there")                       decline
  word_ambiguous       a two-class word on a model holding both classes ("Wie viele Decken ...")    decline
  storey_ref           a settled storey reference ("doors on the GF", "im 1. OG", "in the cellar")  count /
                                                                                                    elements
  storey_ref_absent    a storey the model does not have ("on the third floor" of a 2-storey house)  decline
  storey_ref_ambiguous "first floor" where naming does not settle UK vs US                          decline
  ===================  ===========================================================================  ========

Oracle of a word on a model (plain IfcOpenShell, never ifcqa):

* the class: ``by_type`` with subtypes; in a schema without the IFC4 class (IFC2X3 ``IfcSpaceHeater``), the
  elements typed by its ``...Type`` class (a radiator = an IfcEnergyConversionDevice typed by
  IfcSpaceHeaterType); IfcElectricDistributionBoard is IfcElectricDistributionPoint in IFC2X3;
* a PredefinedType (``ifcopenshell.util.element.get_predefined_type``, occurrence over type): the element's
  value is one of the word's (IFC2X3 spellings: RADIATOR = SECTIONALRADIATOR / PANELRADIATOR /
  TUBULARRADIATOR); an element of the class whose value is unset, NOTDEFINED or USERDEFINED counts when its
  Name, ObjectType or type name holds one of the words of the same entry group (same class and values,
  any language: "Sparren" for rafters), and otherwise the case is **dropped** (the model does not settle it);
* **premise check**: when an element outside the class, or a space, is named with one of the group's words
  (the Duplex_Electrical smoke detectors modelled as protective devices, WC rooms for "toilets") the case is
  dropped, since a person would count them and the schema would not;
* storeys storey-deep (``people_oracles.Model.storey_of``: contained, in a space, or aggregated into /
  filling an element that is).

``tests/spatial/test_round9_vocab9.py`` fails when a committed file differs from what this script computes,
and scores a seeded sample of the cases.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ifcopenshell.ifcopenshell_wrapper as wrapper
import ifcopenshell.util.element as ue
import ifcopenshell.util.placement as up
import ifcopenshell.util.unit as uu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import Model, count, decline, dumps, elements, yes_no  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
GLOSSARY = HERE / "glossary_classes.json"
STOREY_REFS = HERE / "storey_refs.json"
CASES = HERE / "glossary_cases.json"
DIMS = ("word_present", "word_absent", "word_no_class", "word_ambiguous", "storey_ref", "storey_ref_absent",
        "storey_ref_ambiguous")  # fmt: skip

IFC4 = wrapper.schema_by_name("IFC4")
ALIAS_2X3 = {"IfcElectricDistributionBoard": "IfcElectricDistributionPoint"}
PREDEFINED_2X3 = {"RADIATOR": ("SECTIONALRADIATOR", "PANELRADIATOR", "TUBULARRADIATOR")}
UNSET = {None, "", "NOTDEFINED", "USERDEFINED"}
STOREY_DEEP = "storey-deep (contained, in one of its spaces, or part of / filling an element that is)"


# --- text -------------------------------------------------------------------------------------------------------


def fold(text: str) -> str:
    """Lower case, umlauts spelled out (ä -> ae), other accents dropped, non-alphanumerics as spaces."""
    text = text.lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def stem(token: str) -> str:
    for end in ("es", "en", "s", "e", "n"):
        if len(token) - len(end) >= 4 and token.endswith(end):
            return token[: -len(end)]
    return token


def phrase_in(phrase: str, text: str) -> bool:
    """Every token of ``phrase`` (stemmed) is inside a token of ``text`` (both folded): "WC pans" in "WC-Pan 1"."""
    tokens = fold(text).split()
    want = [stem(t) for t in fold(phrase).split()]
    if not want:
        return False
    return all(any(w in t if len(w) >= 4 else t == w or t.startswith(w) and len(t) <= len(w) + 2 for t in tokens)
               for w in want)


# --- the glossary ------------------------------------------------------------------------------------------------


def load_glossary(path: Path = GLOSSARY) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    for e in entries:
        for name in ([e["class"]] if e.get("class") else []) + list(e.get("ambiguous", [])):
            IFC4.declaration_by_name(name)  # raises on a name IFC4 lacks
        if e.get("predefined"):
            enum = IFC4.declaration_by_name(e["class"] + "TypeEnum").enumeration_items()
            bad = [p for p in e["predefined"] if p not in enum]
            if bad:
                raise ValueError(f"{e['word']!r}: {bad} not in {e['class']}TypeEnum")
    return entries


def group_key(e: dict[str, Any]) -> tuple[str, tuple[str, ...], bool]:
    """Entries that mean the same thing: same class, same PredefinedType values, both by name or not."""
    return (e["class"], tuple(e.get("predefined") or ()), bool(e.get("by_name")))


def group_words(entries: list[dict[str, Any]]) -> dict[tuple[str, tuple[str, ...], bool], list[str]]:
    words: dict[tuple[str, tuple[str, ...], bool], list[str]] = defaultdict(list)
    for e in entries:
        if e.get("class"):
            words[group_key(e)].append(e["word"])
    return words


# --- models -------------------------------------------------------------------------------------------------------


class GModel(Model):
    """A shared model with the class resolution and name texts the word oracles need."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.name = path.name
        self.schema = wrapper.schema_by_name(self.f.schema_identifier) if hasattr(self.f, "schema_identifier") \
            else wrapper.schema_by_name(self.f.schema)
        self._texts: dict[int, str] = {}
        self.pool = [e for e in self.f.by_type("IfcElement")
                     if not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement")]

    def has_decl(self, name: str) -> bool:
        try:
            self.schema.declaration_by_name(name)
        except Exception:
            return False
        return True

    def text(self, e: Any) -> str:
        if e.id() not in self._texts:
            t = ue.get_type(e)
            parts = [e.Name, getattr(e, "ObjectType", None), getattr(e, "LongName", None)]
            if t is not None:
                parts += [t.Name, getattr(t, "ElementType", None)]
            self._texts[e.id()] = " ".join(p for p in parts if isinstance(p, str))
        return self._texts[e.id()]

    def of_class(self, cls: str) -> tuple[list[Any], str] | None:
        """The instances of IFC4 ``cls`` in this model and how they were found; None if the schema cannot hold it."""
        if self.has_decl(cls):
            return list(self.f.by_type(cls)), f"{cls} (with subtypes)"
        alias = ALIAS_2X3.get(cls)
        if alias and self.has_decl(alias):
            return list(self.f.by_type(alias)), f"{alias} ({self.f.schema}'s class for {cls})"
        if self.has_decl(cls + "Type"):
            out = [e for e in self.pool if (t := ue.get_type(e)) is not None and t.is_a(cls + "Type")]
            return out, f"elements typed by {cls}Type ({self.f.schema} has no {cls} occurrence class)"
        return None

    def enum(self, cls: str) -> set[str]:
        for name in (cls + "TypeEnum", ALIAS_2X3.get(cls, "-") + "TypeEnum"):
            if self.has_decl(name):
                return set(self.schema.declaration_by_name(name).enumeration_items())
        return set()

    def storeys(self) -> list[tuple[str, float]]:
        """(name, elevation in metres) of the named storeys, Elevation else the placement's z, lowest first."""
        scale = uu.calculate_unit_scale(self.f)
        out = []
        for s in self.f.by_type("IfcBuildingStorey"):
            if not s.Name:
                continue
            if s.Elevation is not None:
                z = float(s.Elevation) * scale
            elif s.ObjectPlacement is not None:
                z = float(up.get_local_placement(s.ObjectPlacement)[2][3]) * scale
            else:
                continue
            out.append((str(s.Name), round(z, 3)))
        return sorted(out, key=lambda x: x[1])


def resolve(m: GModel, entry: dict[str, Any], words: list[str]) -> dict[str, Any]:
    """The oracle elements of a glossary word on a model, or why the case is dropped / the model cannot hold it."""
    cls = entry["class"]
    found = m.of_class(cls)
    if found is None:
        return {"status": "no_schema"}
    pool, how = found
    wanted = set(entry.get("predefined") or ())
    for p in list(wanted):
        wanted.update(PREDEFINED_2X3.get(p, ()))
    enum = m.enum(cls)
    out, unsettled = [], []
    for e in pool:
        if entry.get("by_name"):
            if any(phrase_in(w, m.text(e)) for w in words):
                out.append(e)
            continue
        if not wanted:
            out.append(e)
            continue
        value = ue.get_predefined_type(e)
        if value in wanted:
            out.append(e)
        elif value in UNSET or value not in enum:
            (out if any(phrase_in(w, m.text(e)) for w in words) else unsettled).append(e)
    if unsettled:
        return {"status": "dropped", "why": f"{cls} with no PredefinedType and no name that says: {len(unsettled)}"}
    chosen = {e.id() for e in out}
    others = [e for e in m.pool + list(m.f.by_type("IfcSpace"))
              if e.id() not in chosen and any(phrase_in(w, m.text(e)) for w in words)]
    if others:
        names = sorted({f"{e.is_a()} {m.text(e)[:40]!r}" for e in others})[:2]
        return {"status": "dropped", "why": f"named like the word outside the class: {'; '.join(names)}"}
    if entry.get("by_name"):
        how += f" named with a word of the entry ({', '.join(words)})"
    rule = how + (f" with PredefinedType {'/'.join(sorted(wanted))} (or unset and named with a word of the entry)"
                  if wanted else "")
    return {"status": "ok", "elements": out, "rule": rule}


# --- storey references --------------------------------------------------------------------------------------------

ROOFISH = re.compile(r"^(roof|dach)$", re.I)
FOUNDATION = re.compile(r"fdn|foundation|fundament", re.I)
GERMAN = re.compile(r"\b(eg|og|kg|ug|dg)\b|geschoss|keller|ebene", re.I)
ORD_EN = ["first", "second", "third", "fourth", "fifth"]
ORD_EN_NUM = ["1st", "2nd", "3rd", "4th", "5th"]
ORD_DE = ["ersten", "zweiten", "dritten", "vierten", "fünften"]


def _og_number(name: str) -> int | None:
    """The N of a German numbered upper storey ("1. Obergeschoss", "2.OG", "OG 1"); 1 for a lone "Obergeschoss"."""
    n = fold(name)
    if match := re.fullmatch(r"(\d+) (og|obergeschoss)|(og|obergeschoss) (\d+)", n):
        return int(match.group(1) or match.group(4))
    if n in ("og", "obergeschoss"):
        return 1
    return None


def storey_refs(m: GModel) -> list[dict[str, Any]]:
    """Every reference of the glossary's storey vocabulary that this model settles, leaves ambiguous, or lacks."""
    storeys = m.storeys()
    if not storeys:
        return []
    names = [n for n, _ in storeys]
    floors = [(n, z) for n, z in storeys if not ROOFISH.match(n) and not FOUNDATION.search(n)]
    ground = [n for n, z in storeys if abs(z) < 0.01]
    g = ground[0] if len(ground) == 1 else None
    above = [n for n, z in floors if z > 0.01]
    below = [n for n, z in floors if z < -0.01]
    below_any = [n for n, z in storeys if z < -0.01]
    german = any(GERMAN.search(n) for n in names)
    level_names = {int(mt.group(1)): n for n in names if (mt := re.fullmatch(r"level (\d+)", n, re.I))}
    ebene = {int(mt.group(1)): n for n in names if (mt := re.fullmatch(r"ebene (\d+)", n, re.I))}
    og = {k: n for n in names if (k := _og_number(n)) is not None}
    refs: list[dict[str, Any]] = []

    def add(phrases: Iterable[tuple[str, str]], status: str, storey: str | None, rule: str,
            readings: list[str] | None = None) -> None:
        for text, lang in phrases:
            ref = {"ref": text, "lang": lang, "status": status, "storey": storey, "rule": rule}
            if readings:
                ref["readings"] = readings  # an ambiguous reference: stating one of these is also right
            refs.append(ref)

    if g is not None:
        add([("on the ground floor", "en"), ("on the ground level", "en"), ("on GF", "en-GB"),
             ("im Erdgeschoss", "de"), ("im EG", "de")], "settled", g, f"the storey at elevation 0: {g}")
        if 0 in level_names or 0 in ebene or not level_names:
            add([("on level 0", "en"), ("auf Ebene 0", "de")], "settled", g, f"level 0 = elevation 0: {g}")
        else:
            add([("on level 0", "en")], "ambiguous", None,
                f"the model numbers its storeys from Level 1 at elevation 0; 'level 0' may mean {g} or a lower level",
                [g])
    for k, n in sorted(level_names.items()):
        add([(f"on level {k}", "en"), (f"on L{k}", "en"), (f"on Lvl {k}", "en")], "settled", n, f"storey named {n}")
    if level_names:
        k = max(level_names) + 3
        add([(f"on level {k}", "en"), (f"on L{k}", "en")], "absent", None,
            f"no storey 'Level {k}' ({', '.join(names)})")
    # ordinals: UK (and German) count from the floor above ground, US from the ground floor itself
    if g is not None and g in [n for n, _ in floors]:
        for i in range(1, 6):
            uk = above[i - 1] if i - 1 < len(above) else None
            us = ([g] + above)[i - 1] if i - 1 < len(above) + 1 else None
            named = [n for n in names if re.match(rf"^{i}(st|nd|rd|th)\s*floor$", n, re.I)]
            phrases = [(f"on the {ORD_EN[i - 1]} floor", "en"), (f"on the {ORD_EN_NUM[i - 1]} floor", "en")]
            if named:
                add(phrases, "settled", named[0], f"storey named {named[0]}")
            elif german and og.get(i) is not None:
                add(phrases, "settled", og[i], f"German numbering (1. OG = first floor above ground): {og[i]}")
            elif uk is None and us is None:
                add(phrases, "absent", None, f"no {ORD_EN[i - 1]} floor under either reading ({', '.join(names)})")
            elif uk != us:
                add(phrases, "ambiguous", None, f"UK reading {uk}, US reading {us}: the model's names do not settle it",
                    [r for r in (uk, us) if r is not None])
            if og and i not in og and i > max(og):
                add([(f"im {i}. OG", "de"), (f"im {i}. Obergeschoss", "de")], "absent", None,
                    f"no {i}. Obergeschoss ({', '.join(names)})")
                break
            if uk is None and us is None:
                break
    for i, n in sorted(og.items()):
        add([(f"im {i}. OG", "de"), (f"im {i}.OG", "de"), (f"im OG {i}", "de"), (f"im {i}. Obergeschoss", "de"),
             (f"im {ORD_DE[i - 1]} Obergeschoss", "de")], "settled", n, f"German upper storey {i}: {n}")
    if german and not og and above:
        attic_first = bool(re.search(r"attic|dachgeschoss|^dg$", above[0], re.I))
        settled = len(above) == 1 and not attic_first
        add([("im 1. OG", "de"), ("im Obergeschoss", "de")], "settled" if settled else "ambiguous",
            above[0] if settled else None,
            f"the first storey above ground: {above[0]}" if settled else
            f"no storey named Obergeschoss; the first above ground is {above[0]}", None if settled else above[:1])
    if len(below) == 1:
        add([("in the basement", "en"), ("in the cellar", "en-GB"), ("im Keller", "de"), ("im KG", "de"),
             ("im UG", "de"), ("im Untergeschoss", "de")], "settled", below[0],
            f"the one storey below ground: {below[0]}")
    elif below_any:
        add([("in the basement", "en"), ("in the cellar", "en-GB")], "ambiguous", None,
            f"the only storey below ground, {below_any[0]}, is a foundation level, not a basement", below_any[:1])
    else:
        add([("in the basement", "en"), ("in the cellar", "en-GB"), ("im Keller", "de")], "absent", None,
            f"no storey below ground ({', '.join(names)})")
    attic = [n for n in names if re.search(r"attic|dachgeschoss|^dg$", n, re.I)]
    if len(attic) == 1:
        add([("in the attic", "en"), ("in the loft", "en-GB"), ("im Dachgeschoss", "de"), ("im DG", "de")], "settled",
            attic[0], f"storey named {attic[0]}")
    elif not any(ROOFISH.match(n) for n in names) and len(floors) > 1:
        add([("in the attic", "en"), ("im Dachgeschoss", "de")], "absent", None,
            f"no attic storey ({', '.join(names)})")
    roof = [n for n in names if ROOFISH.match(n)]
    if len(roof) == 1:
        add([("on the roof level", "en"), ("on the Roof storey", "en")], "settled", roof[0], f"storey named {roof[0]}")
    if len(floors) > 1:
        top, low = floors[-1][0], floors[0][0]
        add([("on the top floor", "en"), ("on the highest floor", "en"), ("im obersten Geschoss", "de")], "settled",
            top, f"the highest storey that is a floor (not a roof or foundation level): {top}")
        if storeys[0][0] != low:
            add([("on the lowest floor", "en"), ("on the bottom floor", "en"), ("im untersten Geschoss", "de")],
                "ambiguous", None, f"the lowest storey, {storeys[0][0]}, is a foundation level; the lowest floor "
                f"above it is {low}", [storeys[0][0], low])
        else:
            add([("on the lowest floor", "en"), ("on the bottom floor", "en"), ("im untersten Geschoss", "de")],
                "settled", low, f"the lowest storey that is a floor: {low}")
    if len(floors) == 2 and g == floors[0][0]:
        add([("upstairs", "en")], "settled", floors[1][0], f"two floors: the upper one, {floors[1][0]}")
        add([("downstairs", "en")], "settled", g, f"two floors: the lower one, {g}")
    for r in refs:
        r["model"] = m.name
    return refs


# --- cases --------------------------------------------------------------------------------------------------------

EN_PL = ("How many {w} are there?", "Which {w} are on {s}?", "how many {w} does {s} have", "list the {w} on {s}")
EN_SG = ("Is there a {w}?", "list each {w} on {s}")
EN_MASS = ("Show me all the {w}.", "list the {w} on {s}")
DE_PL = ("Wie viele {w} gibt es?", "Welche {w} gibt es {s}?", "Zeige alle {w} {s}")
DE_SG: tuple[str, ...] = ()  # German singulars are recorded, not asked: the article depends on the gender


def de_place(storey: str) -> str:
    return f"im {storey}" if GERMAN.search(storey) and not storey.lower().startswith("ebene") else f"auf {storey}"


def _templates(e: dict[str, Any]) -> tuple[str, ...]:
    """The phrasings a word is asked in (none for a German singular)."""
    if e["lang"] == "de":
        return DE_PL if e["form"] != "sg" else DE_SG
    return {"pl": EN_PL, "sg": EN_SG, "mass": EN_MASS}[e["form"]]


def _question(e: dict[str, Any], template: str, storey: str | None) -> str | None:
    if "{s}" in template and storey is None:
        return None
    place = (de_place(storey) if e["lang"] == "de" else storey) if storey else ""
    return template.format(w=e["word"], s=place)


def _oracle(template: str, es: list[Any]) -> dict[str, Any]:
    if template.startswith(("How many", "how many", "Wie viele")):
        return count(es)
    if template.startswith(("Is there", "Gibt es")):
        return yes_no(bool(es))
    return elements(es)


def word_cases(models: list[GModel], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    words = group_words(entries)
    out: list[dict[str, Any]] = []
    dropped = Counter[str]()
    for i, e in enumerate(entries):
        if not _templates(e):
            continue
        if e.get("no_class"):
            for j, m in enumerate(_rotate(models, i)[:2]):
                template = _templates(e)[j % len(_templates(e))]
                storey = _busiest(m, m.pool)
                q = _question(e, template, storey) or _question(e, _templates(e)[0], None)
                out.append(_case(m, q, "refuse", "word_no_class", decline(), e,
                                 f"decline: {e['word']!r} has no IFC home ({e.get('note', '')})"))
            continue
        if e.get("ambiguous"):
            for m in models:
                present = [c for c in e["ambiguous"] if (found := m.of_class(c)) is not None and found[0]]
                if len(present) >= 2:
                    q = _question(e, _templates(e)[0], None)
                    out.append(_case(m, q, "german" if e["lang"] == "de" else "edge", "word_ambiguous", decline(), e,
                                     f"decline: {e['word']!r} may mean {' or '.join(present)}, the model holds both"))
            continue
        group = words[group_key(e)]
        results = {m.name: resolve(m, e, group) for m in models}
        for why in (r["why"] for r in results.values() if r["status"] == "dropped"):
            dropped[why.split(":")[0]] += 1
        present = [m for m in _rotate(models, i) if results[m.name]["status"] == "ok" and results[m.name]["elements"]]
        for j, m in enumerate(present[:2]):
            r = results[m.name]
            es = r["elements"]
            template = _templates(e)[(i + j) % len(_templates(e))]
            storey = _busiest(m, es) if "{s}" in template else None
            q = _question(e, template, storey)
            if q is None:
                template = _templates(e)[0]
                q = _question(e, template, None)
                storey = None
            on = [x for x in es if storey is None or m.storey_of(x) is not None and m.storey_of(x).Name == storey]
            kind = "german" if e["lang"] == "de" else "storey_class"
            where = f" on {storey}, {STOREY_DEEP}" if storey else " in the whole model"
            out.append(_case(m, q, kind, "word_present", _oracle(template, on), e,
                             f"{e['word']!r} = {r['rule']}{where}"))
        absent = [m for m in _rotate(models, i) if results[m.name]["status"] == "ok" and not results[m.name]["elements"]
                  and m.pool and m.storeys()]
        for m in absent[:1]:
            template = _templates(e)[0]
            q = _question(e, template, None)
            out.append(_case(m, q, "german" if e["lang"] == "de" else "edge", "word_absent", _oracle(template, []), e,
                             f"{e['word']!r} = {results[m.name]['rule']}: the model holds none"))
    print("dropped word/model pairs: " + ", ".join(f"{k} {v}" for k, v in sorted(dropped.items())), file=sys.stderr)
    return out


def _rotate(models: list[GModel], i: int) -> list[GModel]:
    k = i % len(models)
    return models[k:] + models[:k]


def _busiest(m: GModel, es: list[Any]) -> str | None:
    c = Counter(s.Name for x in es if (s := m.storey_of(x)) is not None and s.Name)
    return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if c else None


def _case(m: GModel, query: str | None, kind: str, dim: str, oracle: dict[str, Any], e: dict[str, Any] | None,
          rule: str) -> dict[str, Any]:
    assert query is not None
    case = {"query": query, "ifc_filename": m.name, "kind": kind, "dim": dim, "oracle": oracle, "oracle_rule": rule,
            "source": "ifcopenshell"}
    if e is not None:
        case["word"] = e["word"]
    return case


STOREY_CLASSES = (("doors", "Türen", "IfcDoor"), ("windows", "Fenster", "IfcWindow"), ("walls", "Wände", "IfcWall"),
                  ("slabs", "Bodenplatten", "IfcSlab"), ("beams", "Balken", "IfcBeam"),
                  ("light fixtures", "Leuchten", "IfcLightFixture"), ("pipes", "Rohre", "IfcPipeSegment"))
EN_REF = ("How many {c} are {r}?", "Which {c} are {r}?", "list the {c} {r}")
DE_REF = ("Wie viele {c} gibt es {r}?", "Welche {c} sind {r}?")


def storey_cases(models: list[GModel], refs: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in models:
        for i, r in enumerate(refs.get(m.name, [])):
            de = r["lang"] == "de"
            templates = DE_REF if de else EN_REF
            template = templates[i % len(templates)]
            pick = None
            for en_word, de_word, cls in STOREY_CLASSES:
                found = m.of_class(cls)
                es = list(found[0]) if found else []
                if r["status"] == "settled":
                    es = [x for x in es if (s := m.storey_of(x)) is not None and s.Name == r["storey"]]
                if es:
                    pick = (de_word if de else en_word, cls, es)
                    break
            if pick is None:
                if r["status"] != "settled":
                    continue
                es = [x for x in m.pool if (s := m.storey_of(x)) is not None and s.Name == r["storey"]]
                if not es:
                    continue
                q = ("Was befindet sich {r}?" if de else "What is {r}?").format(r=r["ref"])
                out.append(_case(m, q, "storey_class", "storey_ref", elements(es), None,
                                 f"{r['ref']!r} -> {r['rule']}; every element on it, {STOREY_DEEP}"))
                continue
            word, cls, es = pick
            q = template.format(c=word, r=r["ref"])
            if r["status"] == "settled":
                oracle = count(es) if template.startswith(("How many", "Wie viele")) else elements(es)
                out.append(_case(m, q, "german" if de else "storey_class", "storey_ref", oracle, None,
                                 f"{r['ref']!r} -> {r['rule']}; {cls} on it, {STOREY_DEEP}"))
            else:
                dim = "storey_ref_absent" if r["status"] == "absent" else "storey_ref_ambiguous"
                case = _case(m, q, "edge", dim, decline(), None, f"decline: {r['ref']!r}: {r['rule']}")
                if r.get("readings"):  # decline-or-state: an answer naming one reading and right for it also passes
                    all_es = list((m.of_class(cls) or ([], ""))[0])
                    case["readings"] = {s: len([x for x in all_es if (t := m.storey_of(x)) is not None and t.Name == s])
                                        for s in r["readings"]}
                out.append(case)
    return out


def compute(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    entries = load_glossary()
    models = [GModel(p) for p in sorted(ifc_dir.glob("*.ifc"))]
    refs = {m.name: storey_refs(m) for m in models}
    ref_list = [r for m in models for r in refs[m.name]]
    cases = word_cases(models, entries) + storey_cases(models, refs)
    seen = Counter[str]()
    for c in cases:
        seen[c["dim"]] += 1
        c["id"] = f"glossary-{c['dim']}-{seen[c['dim']]:03d}"
    cases = [{"id": c.pop("id"), **c} for c in cases]
    return ref_list, cases


def _dump_refs(refs: list[dict[str, Any]]) -> str:
    return "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in refs) + "\n]\n"


def report(run_dir: Path, cases_path: Path = CASES) -> None:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    by: dict[str, list[float]] = defaultdict(list)
    broad: Counter[str] = Counter()
    declined: Counter[str] = Counter()
    for line in (run_dir / "records.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        case = cases.get(rec.get("id"))
        if case is None:
            continue
        by[case["dim"]].append(float(rec.get("score", 0.0)))
        broad[case["dim"]] += bool(rec.get("broadened"))
        declined[case["dim"]] += bool(rec.get("declined"))
    total = [s for v in by.values() for s in v]
    stated = [float(bool(r.get("declined")) or any(
        re.search(rf"\b{re.escape(s)}\b", r.get("answer", "")) and r.get("returned") == n
        for s, n in cases[r["id"]].get("readings", {}).items()))
        for r in map(json.loads, (run_dir / "records.jsonl").read_text(encoding="utf-8").splitlines())
        if cases.get(r.get("id"), {}).get("dim") == "storey_ref_ambiguous"]
    print(f"{'dim':22} {'n':>5} {'score':>7} {'broad':>6} {'declined':>9}")
    for dim in DIMS:
        if by[dim]:
            print(f"{dim:22} {len(by[dim]):5d} {sum(by[dim]) / len(by[dim]):7.3f} {broad[dim]:6d} {declined[dim]:9d}")
    if stated:
        print(f"{'  decline-or-state':22} {len(stated):5d} {sum(stated) / len(stated):7.3f}   (declined, or one "
              "reading named and answered right for it)")
    if total:
        print(f"{'all':22} {len(total):5d} {sum(total) / len(total):7.3f} {sum(broad.values()):6d} "
              f"{sum(declined.values()):9d}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--report", type=Path, help="a spatial-bench output directory of glossary_cases.json")
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    refs, cases = compute(args.ifc_dir)
    texts = {STOREY_REFS: _dump_refs(refs), CASES: dumps(cases)}
    if args.check:
        stale = [p for p, t in texts.items() if not p.is_file() or p.read_text(encoding="utf-8") != t]
        print("up to date" if not stale else f"differs: {', '.join(p.name for p in stale)}")
        return 1 if stale else 0
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
    print(f"{len(refs)} storey references, {len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models")
    print(", ".join(f"{k} {v}" for k, v in sorted(Counter(c["dim"] for c in cases).items())))
    print(", ".join(f"{k} {v}" for k, v in sorted(Counter(c["oracle"]["type"] for c in cases).items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
