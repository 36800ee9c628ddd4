"""Words the class vocabulary does not know, grounded in the model itself: modifiers of a class word ("glass
panels", "duplex receptacles", "communication outlets", "revolving door", "steel beams") and nouns no class word
names ("fridges", "trees", "Pufferspeicher", "fire alarm panel").

A phrase is grounded, in this order, as

1. a **material** (``data/grounding_words.json``: "concrete" holds "concrete" or "beton", so "Stahlbeton" and
   "Leichtbeton" count) of the head class's elements: a qualifier on the material names
   (:class:`~ifcqa.spatial.qualifiers.QualifierMention` with ``how == "material"``);
2. a **predefined type** of the head class: the schema's PredefinedType enumeration of its occurrence and type
   classes (``classes.enumeration_values``), a value containing every modifier word ("communication" ->
   ``COMMUNICATIONSOUTLET``, "fridge" -> ``FRIDGE_FREEZER``);
3. a **name**: the element's Name, its type object's Name or its free-text predefined type (ObjectType) holding
   the words in order as whole words (camel case and punctuation split: "IFC2x_DoorRevolving" holds "revolving
   door"? no: "door revolving"; words may come in any order within one name, but every one must be there).

Grounded as a predefined type or a name, the phrase becomes a *kind* filter (:class:`ClassFilter` with ``kind``,
``predefined``, ``names``, ``type_names``): exactly the test both routes run (``classes.matches``, Cypher
``execute._KIND``). Nothing found: the caller declines naming the words, as before; never a broader answer.
"""

from __future__ import annotations

import functools
import json
import re
import weakref
from dataclasses import dataclass, replace
from importlib import resources

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial import name_codes, name_forms
from ifcqa.spatial.classes import enumeration_values, matches
from ifcqa.spatial.plan import ClassFilter
from ifcqa.spatial.qualifiers import QualifierMention
from ifcqa.spatial.spaces import fold

_CAMEL = re.compile(r"(?<=[a-zäöü])(?=[A-ZÄÖÜ])")
_TOKEN = re.compile(r"[^\W\d_]+")  # letters only: "Hobby2" is "hobby", "IFC2x_DoorRevolving" "ifc x door revolving"
_NOT_A_KIND = frozenset(["NOTDEFINED", "USERDEFINED"])
_SKIPPED = frozenset(["IfcOpeningElement", "IfcOpeningStandardCase", "IfcVirtualElement", "IfcSpace", "IfcZone",
                      "IfcBuildingStorey", "IfcBuilding", "IfcSite", "IfcProject", "IfcAnnotation", "IfcGrid"])


@dataclass(frozen=True)
class Words:
    materials: dict[str, tuple[str, ...]]
    material_nouns: frozenset[str]
    material_links: tuple[str, ...]
    honorifics: frozenset[str]
    bounding_verbs: tuple[str, ...]


@functools.cache
def words() -> Words:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/grounding_words.json").read_text("utf-8"))
    return Words(
        materials={fold(k): tuple(fold(v) for v in vs) for k, vs in raw["materials"].items()},
        material_nouns=frozenset(fold(w) for w in raw["material_nouns"]),
        material_links=tuple(sorted((fold(w) for w in raw["material_links"]), key=len, reverse=True)),
        honorifics=frozenset(fold(w) for w in raw["honorifics"]),
        bounding_verbs=tuple(sorted((fold(w) for w in raw["bounding_verbs"]), key=len, reverse=True)),
    )


def _adjective_base(word: str) -> str:
    """The noun an adjective is made from, for enumeration values written with the noun ("directional" ->
    "direction": DIRECTIONSOURCE); the word itself when it has no such ending or the base would be short."""
    for ending in ("ical", "al", "ic"):
        if word.endswith(ending) and len(word) - len(ending) >= 5:
            return word[: -len(ending)]
    return word


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A word without its plural or possessive ending ("switches" -> "switch", "Meier's" -> "meier", "Steckdosen"
    -> "steckdos"); the same rule on both sides (question and model), so only equality matters."""
    w = fold(word).strip("'-.")
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    for ending in ("ches", "shes", "sses", "xes"):
        if len(w) > 5 and w.endswith(ending):
            return w[:-2]
    for ending in ("en", "es", "s", "e", "n"):
        if len(w) > len(ending) + 3 and w.endswith(ending) and not w.endswith("ss"):
            return w[: -len(ending)]
    return w


def text_tokens(text: str | None) -> list[str]:
    """The stemmed words of a model text: camel case, digits and punctuation split ("DoorRevolving" -> door,
    revolving)."""
    if not text:
        return []
    return [stem(t) for t in _TOKEN.findall(_CAMEL.sub(" ", text)) if not t.isdigit()]


def holds_forms(text: str | None, stems: list[str], heads: frozenset[str] = frozenset()) -> list[str] | None:
    """The tokens of ``text`` writing each stem in the model's language or abbreviation (``name_forms``: "Dbl" for
    "double", "Schiebetür" for "sliding"), or None when one stem has none; at least one must be another form."""
    if not text or not stems:
        return None
    have = text_tokens(text)
    found = [name_forms.match(s, have) for s in stems]
    if any(f is None for f in found) or all(f == s for f, s in zip(found, stems, strict=True)):
        return None
    if any(name_forms.contested(s, have, heads) for s in stems):  # "DblDoorSnglSwing" is no single door
        return None
    return [str(f) for f in found]


def holds(text: str | None, stems: list[str]) -> bool:
    """Whether every stem is a whole word of ``text``."""
    if not text or not stems:
        return False
    have = set(text_tokens(text))
    return all(s in have for s in stems)


@dataclass
class Grounding:
    """How a phrase was grounded: ``how`` = material / predefined / name / type_name; ``filter`` replaces the head
    class (or is the subject when there was none); ``qualifier`` narrows by material; ``rule`` says it."""

    term: str
    how: str
    filter: ClassFilter | None
    qualifier: QualifierMention | None
    rule: str
    n: int


class _Texts:
    """Per model: the products (no openings, spatial elements, types) with their texts, built once."""

    def __init__(self, index: ModelIndex) -> None:
        elements = index.data.elements
        self.products: list[Element] = [
            e for e in index.elements() if e.ifc_class not in _SKIPPED and not e.ifc_class.endswith(("Type", "Style"))
            and e.template_of is None and (e.storey is not None or e.container is not None or e.parent is not None)
        ]
        self.words: frozenset[str] | None = None  # see model_words
        self.type_name: dict[int, str | None] = {
            e.id: (t.name if (t := elements.get(e.type)) is not None else None) if e.type is not None else None
            for e in self.products
        }


_TEXTS: weakref.WeakKeyDictionary[ModelIndex, _Texts] = weakref.WeakKeyDictionary()


def model_words(index: ModelIndex) -> frozenset[str]:
    """The stemmed words of the model's element, type and material names (once per index): a question word among
    them is a name the model uses ("Casement", "Rundfenster"), not a misspelled storey word."""
    texts = _texts(index)
    if texts.words is None:
        found: set[str] = set()
        for e in texts.products:
            for t in (e.name, e.object_type, texts.type_name.get(e.id), *_material_texts(index, e)):
                found.update(text_tokens(t))
        for e in index.by_class("IfcSpace"):
            found.update(text_tokens(e.name))
            found.update(text_tokens(e.long_name))
        texts.words = frozenset(w for w in found if len(w) >= 3)
    return texts.words


def products(index: ModelIndex) -> list[Element]:
    """The model's products, as grounding reads them (once per index)."""
    return _texts(index).products


def _texts(index: ModelIndex) -> _Texts:
    found = _TEXTS.get(index)
    if found is None:
        found = _TEXTS[index] = _Texts(index)
    return found


def _material_texts(index: ModelIndex, e: Element) -> list[str]:
    names = list(e.materials) + [layer.material for layer in e.layers if getattr(layer, "material", None)]
    return [fold(n) for n in names if n]


def _material(index: ModelIndex, members: list[Element], phrase: str) -> tuple[list[str], list[Element]] | None:
    """The material names of ``members`` the phrase names (longest material word first), and who holds one."""
    table = words().materials
    wanted = table.get(phrase)
    if wanted is None:
        if len(phrase) < 4:
            return None
        wanted = (phrase,)  # a material word not in the table: the model's own material names ("Leichtbeton")
    names: set[str] = set()
    holding = []
    for e in members:
        hits = [n for n in _material_texts(index, e) if any(w in n for w in wanted)]
        if hits:
            names.update(hits)
            holding.append(e)
    return (sorted(names), holding) if holding else None


def material_words(phrase: str) -> bool:
    return fold(phrase) in words().materials


def ground(index: ModelIndex, phrase: list[str], head: ClassFilter | None, *, material_only: bool = False,
           whole: bool = True) -> Grounding | None:
    """``phrase`` (the question's words, in order) grounded against ``head``'s elements (None: every product).

    With a head, ``phrase`` holds the modifier words only; without one, the whole noun phrase. ``whole=False``
    skips the reading of the phrase as one name (used when its words are also class words).
    """
    phrase = " ".join(phrase).split()
    texts = _texts(index)
    members = texts.products if head is None else [e for e in texts.products if matches(index, e, head)]
    if not members or not phrase:
        return None
    term = " ".join(phrase)
    # 1. a material ("concrete walls", "glass panels", "walls made of steel")
    if head is not None:
        found = _material(index, members, fold(term))
        if found is not None:
            materials, holding = found
            q = QualifierMention(term, 0, 0, "material", "~", term, None, "material", materials, term)
            return Grounding(term, "material", None, q, f"material holds {term!r} ({', '.join(materials[:4])}"
                             + (f" and {len(materials) - 4} more" if len(materials) > 4 else "") + ")",
                             len(holding))
    if material_only:
        return None
    stems = [stem(w) for w in phrase if stem(w) not in words().honorifics]
    if not stems:
        return None
    # 2. a predefined type of the head's classes ("communication outlets" -> COMMUNICATIONSOUTLET), or, without a
    # head, a predefined type an element of the model has whose words are the phrase's ("fridges" -> FRIDGE_FREEZER)
    if head is not None:
        enumerated = enumeration_values(index.schema, head.classes + head.type_classes)
        values = tuple(sorted(v for v in enumerated if all(len(s) >= 4 and (
            s in v.casefold().replace("_", "") or _adjective_base(s) in v.casefold().replace("_", "")) for s in stems)))
        if values:
            hits = [e for e in members if e.predefined_type in values]
            kind = replace(head, label=f"{term} {head.label}", kind="grounded:" + term, predefined=values,
                           enumerated=tuple(sorted(enumerated)), names=(), type_names=(),
                           note=f"'{term} {head.label}' read as predefined type {' or '.join(values)}.")
            typed = Grounding(term, "predefined", kind, None, f"predefined type {' or '.join(values)}", len(hits))
            if hits:
                return typed
            named = _names(index, texts, members, head, term, stems, whole)  # "spiral stair": Wendeltreppe
            return named if named is not None else typed
    else:
        present = {e.predefined_type for e in members if e.predefined_type and e.predefined_type not in _NOT_A_KIND}
        values = tuple(sorted(v for v in present if set(stems) <= set(text_tokens(v))))
        if values:
            hits = [e for e in members if e.predefined_type in values]
            return Grounding(term, "predefined", _kind_of(index, hits, term, values, (), ()),
                             None, f"predefined type {' or '.join(values)}", len(hits))
    # 3. names: the element's, its type's, its free-text predefined type
    return _names(index, texts, members, head, term, stems, whole)


def _names(index: ModelIndex, texts: _Texts, members: list[Element], head: ClassFilter | None, term: str,
           stems: list[str], whole: bool) -> Grounding | None:
    """Step 3 of :func:`ground`: the elements whose Name / type Name / free-text type holds the words (as written,
    else in the model's language or abbreviation, ``name_forms``); a phrase with a number is read as a code
    (``name_codes``: "150W", "three-way" for "3-Wege")."""
    if name_codes.is_code(term):
        return _codes(index, texts, members, head, term)
    if head is not None or whole:
        names: set[str] = set()
        type_names: set[str] = set()
        free: set[str] = set()
        hits = []
        for e in members:
            tname = texts.type_name.get(e.id)
            hit = False
            if e.name and holds(e.name, stems):
                names.add(e.name)
                hit = True
            if tname and holds(tname, stems):
                type_names.add(tname)
                hit = True
            if e.predefined_type and e.predefined_type not in _NOT_A_KIND and holds(e.predefined_type, stems):
                free.add(e.predefined_type)
                hit = True
            if hit:
                hits.append(e)
        forms: dict[str, str] = {}
        if not hits and any(name_forms.known(s) for s in stems):  # "sliding" -> "Schiebetür", "double" -> "Dbl"
            heads = _head_tokens(head)
            for e in members:
                tname = texts.type_name.get(e.id)
                hit = False
                for text, bucket in ((e.name, names), (tname, type_names)):
                    got = holds_forms(text, stems, heads)
                    if text and got is not None:
                        bucket.add(text)
                        forms.update({s: f for s, f in zip(stems, got, strict=True) if f != s})
                        hit = True
                if hit:
                    hits.append(e)
        if hits:
            how = "type_name" if type_names and not names else "name"
            shown = sorted(type_names or names or free)
            written = {stem(t): t for t in _TOKEN.findall(_CAMEL.sub(" ", " ".join(shown)))}
            said = " ".join(repr(written.get(f, f)) for f in forms.values())  # as the model writes it
            rule = (f"{'type name' if how == 'type_name' else 'name'} holds {said if forms else repr(term)}"
                    + (f" (the model's word for {term!r})" if forms else "")
                    + f" (e.g. {shown[0][:60]!r}" + (f", {len(shown)} distinct" if len(shown) > 1 else "") + ")")
            if head is not None:
                kind = replace(head, label=f"{term} {head.label}", kind="grounded:" + term,
                               predefined=tuple(sorted(free)), enumerated=(), names=tuple(sorted(names)),
                               type_names=tuple(sorted(type_names)), note=f"'{term}' read as: {rule}.")
            else:
                kind = _kind_of(index, hits, term, tuple(sorted(free)), tuple(sorted(names)),
                                tuple(sorted(type_names)), rule)
            return Grounding(term, how, kind, None, rule, len(hits))
    return None


def _codes(index: ModelIndex, texts: _Texts, members: list[Element], head: ClassFilter | None,
           term: str) -> Grounding | None:
    """The elements whose Name / type Name / free-text type holds the code ``term`` (``name_codes.holds``)."""
    names: set[str] = set()
    type_names: set[str] = set()
    free: set[str] = set()
    hits = []
    for e in members:
        tname = texts.type_name.get(e.id)
        hit = False
        for text, bucket in ((e.name, names), (tname, type_names)):
            if text and name_codes.holds(text, term):
                bucket.add(text)
                hit = True
        if e.predefined_type and e.predefined_type not in _NOT_A_KIND and name_codes.holds(e.predefined_type, term):
            free.add(e.predefined_type)
            hit = True
        if hit:
            hits.append(e)
    if not hits:
        return None
    how = "type_name" if type_names and not names else "name"
    shown = sorted(type_names or names or free)
    rule = (f"{'type name' if how == 'type_name' else 'name'} holds the code {term!r} (digits, number words and the "
            f"model's words read alike; e.g. {shown[0][:60]!r}" + (f", {len(shown)} distinct" if len(shown) > 1 else "")
            + ")")
    if head is not None:
        kind = replace(head, label=f"{term} {head.label}", kind="grounded:" + term, predefined=tuple(sorted(free)),
                       enumerated=(), names=tuple(sorted(names)), type_names=tuple(sorted(type_names)),
                       note=f"'{term}' read as: {rule}.")
    else:
        kind = _kind_of(index, hits, term, tuple(sorted(free)), tuple(sorted(names)), tuple(sorted(type_names)), rule)
    return Grounding(term, how, kind, None, rule, len(hits))


def _head_tokens(head: ClassFilter | None) -> frozenset[str]:
    """The tokens a name may write the head noun with ("door", "tür"; from the label and the IFC class names)."""
    if head is None:
        return frozenset()
    words_ = {stem(w) for w in text_tokens(head.label)} | {
        t for c in head.classes for t in text_tokens(c[3:]) if t not in ("standard", "case")}
    extra = {f for w in list(words_) if (forms := name_forms.table().get(w)) is not None for f in forms.forms}
    return frozenset(words_ | extra)


def _kind_of(index: ModelIndex, hits: list[Element], term: str, predefined: tuple[str, ...], names: tuple[str, ...],
             type_names: tuple[str, ...], rule: str = "") -> ClassFilter:
    """A filter for the elements a phrase without a class word named: their classes plus the kind test."""
    elements = index.data.elements
    classes = tuple(sorted({e.ifc_class for e in hits}))
    types = tuple(sorted({t.ifc_class for e in hits if e.type is not None and (t := elements.get(e.type))}))
    label = term
    how = rule or "predefined type is " + " or ".join(predefined)
    note = f"'{term}' is no class word: read as the elements whose {how}."
    return ClassFilter("grounded", label, classes, types if not classes else (), kind="grounded:" + term,
                       predefined=predefined, enumerated=(), names=names, type_names=type_names, note=note)


_IDENTIFIER = re.compile(r"\S*(?:_|[a-zäöü][A-ZÄÖÜ])\S*")


def _placeholders(spaces: list[Element]) -> frozenset[str]:
    """An exporter's placeholder among the spaces' texts: one identifier-shaped value (no space, an underscore or
    an inner capital: "oldSpaceGuids_") that EVERY space of the model (two or more) holds in the same field. It
    tells no space from another, so its camel-case pieces ("old") name no room (round 23 story23)."""
    if len(spaces) < 2:
        return frozenset()
    out = set()
    for field_ in ("name", "long_name", "object_type"):
        values = {getattr(e, field_, None) for e in spaces}
        if len(values) == 1 and (v := values.pop()) and _IDENTIFIER.fullmatch(v):
            out.add(v)
    return frozenset(out)


def spaces_named(index: ModelIndex, phrase: list[str]) -> list[str]:
    """GlobalIds of the spaces whose Name, LongName, ObjectType or type name hold every word of ``phrase`` as whole
    words ("the lobby" for "Main Lobby 1.02", "hobby room"? no: "room" must be there too); an identifier-shaped
    placeholder every space holds (:func:`_placeholders`) is no name."""
    stems = [stem(w) for w in " ".join(phrase).split() if stem(w) not in words().honorifics]
    if not stems:
        return []
    elements = index.data.elements
    spaces = index.by_class("IfcSpace")
    placeholder = _placeholders(spaces)
    out = []
    for e in spaces:
        typ = elements.get(e.type) if e.type is not None else None
        texts = " ".join(t for t in (e.name, e.long_name, e.object_type, typ.name if typ else None)
                         if t and t not in placeholder)
        if holds(texts, stems):
            out.append(e.guid)
    return out


def keeps_material(index: ModelIndex, q: QualifierMention, element: Element) -> bool:
    """Whether ``element`` holds one of the material names ``q`` was grounded to."""
    wanted = set(q.paths)
    return any(n in wanted for n in _material_texts(index, element))
