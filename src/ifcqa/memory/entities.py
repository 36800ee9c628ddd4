"""Entity links for memory statements: which model entities a sentence talks about.

One function interface, :func:`link_entities` (text -> :class:`EntityLinks`), over one model index, so
that the memory does not depend on how the links are found: the spatial QA's room/space matching
(``ifcqa.spatial.spaces``, built in another branch) can later replace the room rules here behind the
same function. A link is a key ``kind:id``:

* ``storey:GUID`` - storeys by name, number, ordinal and alias ("upstairs", "the ground-floor doors", "2.OG"),
  from the spatial QA parser; "the middle floor" is the middle one of three or more storeys above ground.
* ``class:KEY`` - class groups of the spatial vocabulary ("doors", "the stair cores", "guard rails").
* ``room:WORD`` - a room function the model's spaces carry in their LongName or Name, folded to one word
  across languages and plurals ("the bedrooms" and "Bedroom 2", "the toilets" and "WC Herren",
  "the kids' rooms" and "Children7", "offices" and "Buero Meier").
* ``space:GUID`` - a space by its Name ("A202", "Labor K3") or by its number after a room word
  ("bedroom 201", "room 5", "room 3"); a space also links its function and storey.
* ``name:NAME`` - the spaces that carry one name (LongName or Name) said as written, where the name is more
  than a room function ("the Besprechungsraum II rooms", "the oldSpaceGuids_ rooms", "Bathroom 1"): a name
  tells the rooms apart that one function groups, so "Besprechungsraum I" and "Besprechungsraum II" (both
  meeting rooms) disagree; a space links its names.
* ``type:GUID`` - a type object by its name ("Gingerbread doors") or by a dimension its name carries
  ("the 1830-wide double doors" -> "1830 x 2134mm", "the 864-wide doors" -> "0864 x 2032mm");
  a type also links its instances' class.
* ``material:NAME`` - a material by its name or a distinctive word of it ("brick" -> "Masonry - Brick").
* ``element:GUID`` - an element by a distinctive Name ("Wand-002", "Treppe-EG"); it also links its class,
  storey, type and materials.

* ``term:N`` - a group of equivalent construction terms (jargon, abbreviations, German and English names of
  one kind of element: "guarding" ~ "balustrade", "DHW module" ~ "Frischwasserstation", "air valves" ~
  "grilles"), from the data file ``memory/data/construction_terms.json``; a model element whose Name or
  ObjectType or predefined type holds a term of the group is linked too, and so is a material whose name
  holds one, and the classes the expanded words name (both sides then resolve to the same elements,
  materials and classes). These links are soft, ``via-element:GUID``, ``via-material:NAME``,
  ``via-class:KEY``: a term group is broad ("concrete" names many things), so they add agreement when
  shared (:func:`soft_keys`) and never make two statements disagree.
  Abbreviations of the same file are expanded before linking ("FFL" -> "finished floor level";
  :func:`expand_terms` gives the words the memory adds to a record's text for ranking).

What a sentence says after "except", "apart from", "excluding" or "other than" (to the end of the
clause) is linked into :attr:`EntityLinks.excluded` instead ("oak upstairs except the bathrooms").
Linkers are kept for the last :data:`CACHED_MODELS` models (by the file's SHA-256).
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.memory.statements import without_value_names
from ifcqa.spatial.spaces import functions_of

CACHED_MODELS = 8
CACHED_TEXTS = 4096  # per model: distractor sentences recur across a model's tasks
KINDS = ("storey", "class", "room", "name", "space", "type", "material", "element", "term")
GROUP_ELEMENTS = 12  # a term group links model elements by name only when it names at most this many

# room functions, folded to one word (English, German, plurals, the words of the models' LongNames)
ROOM_WORDS: dict[str, str] = {
    **{w: "bathroom" for w in ("bathroom", "bathrooms", "bath", "baths", "bad", "bäder", "shower room", "en-suite")},
    **{w: "toilet" for w in ("toilet", "toilets", "wc", "wcs", "loo", "loos", "lavatory", "restroom", "restrooms")},
    **{w: "bedroom" for w in ("bedroom", "bedrooms", "schlafzimmer", "sleeping room")},
    **{w: "children" for w in ("children", "child", "kids", "kid", "childrens", "kinderzimmer", "nursery")},
    **{w: "kitchen" for w in ("kitchen", "kitchens", "kitchenette", "kitchenettes", "küche", "kueche")},
    **{w: "living" for w in ("living", "living room", "lounge", "wohnen", "wohnzimmer", "sitting room")},
    **{w: "corridor" for w in ("corridor", "corridors", "hallway", "hallways", "hall", "flur", "landing")},
    **{w: "foyer" for w in ("foyer", "entrance hall", "entrance", "lobby", "vestibule")},
    **{w: "office" for w in ("office", "offices", "buero", "büro", "bueros", "study")},
    **{w: "lab" for w in ("lab", "labs", "labor", "labore", "laboratory", "laboratories")},
    **{w: "meeting" for w in ("meeting", "meeting room", "meeting rooms", "besprechungsraum", "conference")},
    **{w: "seminar" for w in ("seminar", "seminar room", "seminarraum")},
    **{w: "plant" for w in ("plant room", "technikraum", "technical room", "mechanical room")},
    **{w: "utility" for w in ("utility", "utility room", "laundry")},
    **{w: "gallery" for w in ("gallery", "galerie", "mezzanine")},
    **{w: "stairwell" for w in ("stairwell", "stair", "stairs", "treppenhaus")},
    **{w: "hobby" for w in ("hobby", "hobby room", "workshop")},
    **{w: "attic" for w in ("attic", "loft")},
}
_ROOM_CUES = "room|rooms|space|raum|no\\.?|nr\\.?|number|#"
_EXCEPT = re.compile(r"\b(?:except(?: for)?|apart from|excluding|other than|but not)\b([^.;!?]*)", re.IGNORECASE)
_DIMENSION = re.compile(r"(?<![\w.,])0?(\d{3,4})(?![\d]|[.,]\d)")
_NOT_A_DIMENSION = re.compile(r"^\s*(?:%|percent|eur|€|euro|a square|per |/m|m²|m2|each|db|min\b|w/)", re.IGNORECASE)
_MIDDLE = re.compile(r"\bmiddle (?:floor|storey|story|level)\b", re.IGNORECASE)
# a storey named by its neighbour: "the floor above the ground floor", "the level below Dachgeschoss"
_RELATIVE = re.compile(
    r"\b(?:floor|storey|story|level)\s+(?:directly\s+|right\s+|just\s+)?(above|below|under|beneath)\s+((?:the\s+)?[^,.;:!?]+)",
    re.IGNORECASE,
)
_GENERIC_MATERIAL_WORDS = frozenset(
    "default layer misc unknown solid merged material materials frame panel door window wall floor roof "  # noqa: SIM905
    "generic basic finish barrier layer leer air handle architrave mullion sash "
    # what a material is used for, not what it is: "which flooring did the client pick" names no "Wood - Flooring"
    "flooring roofing cladding decking lining linings ceiling ceilings covering coverings sheathing".split()
)
IGNORED_CLASSES = frozenset({"inventory", "spaces"})
# a space's name that says nothing beyond a room word: the class or the storey, never a group of rooms of its own
_GENERIC_SPACE_NAMES = frozenset("room rooms space spaces roof area areas zone zones raum unit units".split())  # noqa: SIM905


@lru_cache(maxsize=1)
def _terms() -> tuple[dict[str, str], list[list[str]], re.Pattern[str], re.Pattern[str]]:
    """The abbreviations, the term groups, and one pattern for each (the data file, read once)."""
    data = json.loads(resources.files("ifcqa.memory").joinpath("data/construction_terms.json").read_text("utf-8"))
    abbreviations: dict[str, str] = data["abbreviations"]
    groups: list[list[str]] = [[t.casefold() for t in g] for g in data["groups"]]
    abbr = re.compile(
        r"(?<![\w&])(" + "|".join(re.escape(a) for a in sorted(abbreviations, key=len, reverse=True)) + r")s?(?![\w&])"
    )
    terms = sorted({t for g in groups for t in g}, key=len, reverse=True)
    term = re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in terms) + r")(?![\w-])", re.IGNORECASE)
    return abbreviations, groups, abbr, term


def term_groups(text: str) -> set[int]:
    """The term groups (indices into the data file's groups) ``text`` names, its abbreviations expanded."""
    _, groups, _, term = _terms()
    found = {m.group(1).casefold() for m in term.finditer(f"{text} {expand_abbreviations(text)}")}
    return {i for i, g in enumerate(groups) if found.intersection(g)}


def expand_abbreviations(text: str) -> str:
    """What the abbreviations of ``text`` stand for ("FFL" -> "finished floor level"), space-separated."""
    abbreviations, _, abbr, _ = _terms()
    return " ".join(dict.fromkeys(abbreviations[m.group(1)] for m in abbr.finditer(text)))


def expand_terms(text: str) -> str:
    """Words added to ``text`` for ranking: its abbreviations expanded and the first (English) term of each
    term group it names, so that "DHW module" and "Frischwasserstation" share "fresh water station"."""
    _, groups, _, _ = _terms()
    named = [groups[i][0] for i in sorted(term_groups(text))]
    return " ".join(dict.fromkeys([expand_abbreviations(text), *named])).strip()


@dataclass
class EntityLinks:
    """The entity keys a text links (``kind:id``) and those it names as excepted."""

    keys: set[str] = field(default_factory=set)
    excluded: set[str] = field(default_factory=set)

    def of(self, kind: str) -> set[str]:
        return {k for k in self.keys if k.startswith(kind + ":")}

    def soft(self) -> set[str]:
        """Every key with soft links as their plain kind (``via-element:X`` -> ``element:X``), terms included."""
        return {k.removeprefix("via-") for k in self.keys}

    def labels(self, linker: EntityLinker) -> list[str]:
        return sorted(linker.label(k) for k in self.keys)


def _storeys_said(plan: Any) -> list[Any]:
    """The plan's storeys, less those read only as a misspelling ("in round the dormers" -> ground) when the text
    names a storey as written: a statement in running prose that names its storey has no typo to forgive."""
    mentions = getattr(plan, "mentions", None) or []
    fuzzy = {s for m in mentions if m.how.startswith("fuzzy") for s in m.storeys}
    exact = {s for m in mentions if not m.how.startswith("fuzzy") for s in m.storeys}
    if not (fuzzy and exact):
        return list(plan.storeys)
    return [s for s in plan.storeys if s in exact or s not in fuzzy]


def _fold_word(word: str) -> str:
    return re.sub(r"[^\w -]+", " ", word.casefold().replace("'", "").replace("’", "")).strip()


def _space_name(name: str, storey_names: set[str]) -> bool:
    """Whether a space's name tells its rooms apart from others of their function: words beyond a room word
    ("Besprechungsraum II", "WC Herren", "Bathroom 1", "oldSpaceGuids_"), not a room word alone ("Kitchen",
    "Living Room"), a generic word ("Room", "Roof"), a storey's name, a number, or a Name with a number the
    space's own Name rule already reads ("A202", "Hobby2", "4 - Roof")."""
    folded = " ".join(name.casefold().split())
    if len(folded) < 4 or not re.search(r"[^\W\d_]", folded) or folded in storey_names:
        return False
    if folded in ROOM_WORDS or folded in _GENERIC_SPACE_NAMES:
        return False
    words = re.sub(r"[^\w]+", " ", folded).split()
    if any(c.isdigit() for c in folded) and len(words) == 1:
        return False  # "a202", "hobby2": the space's Name, read by number
    return not re.match(r"\d+\s*-", folded)  # "4 - roof": a numbered Name, read as the space's name


def _dimensions(name: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<!\d)0?(\d{3,4})(?!\d)", name) if 300 <= int(n) <= 6000}


class EntityLinker:
    """Resolves text against one model index (see the module docstring)."""

    def __init__(self, index: ModelIndex) -> None:
        from ifcqa.spatial.parser import Parser  # the spatial QA's storey and class rules

        self.index = index
        self.parser = Parser(index)
        self._seen: OrderedDict[str, EntityLinks] = OrderedDict()  # text -> links, the last CACHED_TEXTS
        self._classes: dict[str, frozenset[str]] = {}  # text -> the class groups it names (classes_said)
        self._labels: dict[str, str] = {}
        self.room_functions: dict[str, set[str]] = {}  # room word -> space GUIDs
        self.space_ids: dict[str, set[str]] = {}  # wordy Name ("a202", "labor k3") -> space GUIDs
        self.space_numbers: dict[str, set[str]] = {}  # a number ("201", "5", "0.02") -> space GUIDs
        self.space_keys: dict[str, set[str]] = {}  # space GUID -> the keys it implies
        self.space_names: dict[str, set[str]] = {}  # a name several or one space carries ("wc herren") -> GUIDs
        storey_names = {(self.index.get(s).name or "").casefold() for s in index.storeys}
        for space in index.by_class("IfcSpace"):
            implied = {f"space:{space.guid}"}
            for said in {n for n in (space.long_name, space.name) if n and _space_name(n, storey_names)}:
                folded = " ".join(said.casefold().split())
                self.space_names.setdefault(folded, set()).add(space.guid)
                implied.add(f"name:{folded}")
                self._labels[f"name:{folded}"] = f"rooms named {said.strip()}"
            self._labels[f"space:{space.guid}"] = f"space {space.name or space.guid}"
            if space.storey is not None:
                implied.add(f"storey:{index.get(space.storey).guid}")
            for text in (space.long_name, space.name):
                if not text:
                    continue
                folded = f" {_fold_word(re.sub(r'[0-9]+', ' ', text))} "
                for word, function in ROOM_WORDS.items():
                    if f" {word} " in folded and word not in storey_names:
                        self.room_functions.setdefault(function, set()).add(space.guid)
                        implied.add(f"room:{function}")
                if text.strip().casefold() not in storey_names:  # the spatial QA's functions (German compounds)
                    for function in functions_of(text):
                        self.room_functions.setdefault(function, set()).add(space.guid)
                        implied.add(f"room:{function}")
            name = (space.name or "").strip().casefold()
            if name:
                if any(c.isalpha() for c in name) and any(c.isdigit() for c in name) and len(name) >= 3:
                    self.space_ids.setdefault(name, set()).add(space.guid)
                number = re.search(r"(\d+(?:\.\d+)?)", name)
                if number and (name == number.group(1) or re.fullmatch(r"[a-z]{0,2}\d+(?:\.\d+)?", name)
                               or re.match(r"\d+\s*-", name)
                               or re.fullmatch(r"[^\W\d_]+\s+\d+(?:\.\d+)?", name)):  # fmt: skip
                    self.space_numbers.setdefault(number.group(1).lstrip("0") or "0", set()).add(space.guid)
            self.space_keys[space.guid] = implied
        self.class_of: dict[str, str] = {}
        self.type_names: dict[str, set[str]] = {}  # folded type name -> type GUIDs
        self.type_dimensions: dict[int, set[str]] = {}  # a dimension in a type's name -> type GUIDs
        self.type_keys: dict[str, set[str]] = {}
        self.materials: dict[str, str] = {}  # folded material name -> name
        self.material_words: dict[str, set[str]] = {}  # a distinctive word -> material names
        self.element_names: dict[str, list[Element]] = {}
        name_counts: dict[str, int] = {}
        elements = list(index.elements())
        for e in elements:
            if e.name and not e.instances:
                name_counts[e.name.casefold()] = name_counts.get(e.name.casefold(), 0) + 1
        for e in elements:
            for m in e.materials:
                if m and len(m) >= 3:
                    self.materials[m.casefold()] = m
            if e.instances and e.name:
                key = f"type:{e.guid}"
                self._labels[key] = f"type {e.name}"
                self.type_names.setdefault(e.name.casefold(), set()).add(e.guid)
                for d in _dimensions(e.name):
                    self.type_dimensions.setdefault(d, set()).add(e.guid)
                implied = {key}
                group = self._class_key(index.get(e.instances[0]).ifc_class)
                if group:
                    implied.add(f"class:{group}")
                self.type_keys[e.guid] = implied
            elif e.name and len(e.name) >= 4 and e.ifc_class not in ("IfcSpace", "IfcBuildingStorey"):
                folded = e.name.casefold()
                distinctive = (any(c.isdigit() or c in "-_" for c in folded) or len(folded) >= 6) and (
                    folded not in _GENERIC_MATERIAL_WORDS  # an element called "Default" is no name to find
                )
                # "Family:Type" names a type's worth of elements; "Family:Type:354788" (an export's element id) one
                unique = ":" not in folded or bool(re.search(r":\d{3,}$", folded))
                if distinctive and name_counts.get(folded, 0) <= 5 and unique:
                    self.element_names.setdefault(folded, []).append(e)
        for folded, name in self.materials.items():
            for word in re.findall(r"[^\W\d_]{5,}", folded):
                if word not in _GENERIC_MATERIAL_WORDS:
                    self.material_words.setdefault(word, set()).add(name)
        self.group_keys: dict[int, set[str]] = {}  # term group -> the keys of the elements its terms name
        _, groups, _, term = _terms()
        named: dict[int, list[Element]] = {}
        for e in elements:
            if e.ifc_class in ("IfcSpace", "IfcBuildingStorey", "IfcBuilding", "IfcSite", "IfcProject"):
                continue
            kind = e.predefined_type if e.predefined_type not in (None, "NOTDEFINED", "USERDEFINED") else None
            said = " ".join(t for t in (e.name, e.object_type, kind) if t).replace("_", " ")
            found = {m.group(1).casefold() for m in term.finditer(said)} if said else set()
            for i, g in enumerate(groups):
                if found.intersection(g):
                    named.setdefault(i, []).append(e)
        for i, members in named.items():
            if len(members) <= GROUP_ELEMENTS:
                self.group_keys[i] = {k for e in members for k in self._element_keys(e)}
        for folded, material in self.materials.items():  # "Beton C25/30" is what "the concrete" names
            found = {m.group(1).casefold() for m in term.finditer(folded)}
            for i, g in enumerate(groups):
                if found.intersection(g):
                    self.group_keys.setdefault(i, set()).add(f"material:{material}")
        # a group holding a class's own name ("window(s)" beside "glazing unit", "door(s)" beside "doorset") names
        # that class: a hard link, so that the doorsets and the glazing units disagree as the doors and windows do
        from ifcqa.spatial.vocabulary import CLASS_GROUPS

        self.group_class: dict[int, str] = {}
        for i, g in enumerate(groups):
            owned = [k for k, (label, _) in CLASS_GROUPS.items() if k not in IGNORED_CLASSES
                     and {label.casefold(), label.casefold().removesuffix("s")} & set(g)]  # fmt: skip
            if len(owned) == 1:
                self.group_class[i] = owned[0]
        numbered = {e.name for e in elements if e.name and len(e.name) >= 5 and any(c.isdigit() for c in e.name)}
        self._numbered_names = sorted(numbered, key=len, reverse=True)  # names whose numbers are not values
        self._type_patterns = sorted(self.type_names, key=len, reverse=True)
        self._element_patterns = sorted(self.element_names, key=len, reverse=True)
        above = [s for s in index.storeys if (index.get(s).elevation or 0.0) >= -0.5]
        above.sort(key=lambda s: index.get(s).elevation or 0.0)
        self.middle = index.get(above[len(above) // 2]).guid if len(above) >= 3 and len(above) % 2 == 1 else None
        ordered = sorted(index.storeys, key=lambda s: index.get(s).elevation or 0.0)
        self.by_elevation = [index.get(s).guid for s in ordered]

    def _element_keys(self, e: Element) -> set[str]:
        """An element's key and what it implies: its class group, storey, type and materials (a type: its own)."""
        if e.instances:
            return set(self.type_keys.get(e.guid, {f"type:{e.guid}"}))
        keys = {f"element:{e.guid}"}
        group = self._class_key(e.ifc_class)
        if group:
            keys.add(f"class:{group}")
        if e.storey is not None:
            keys.add(f"storey:{self.index.get(e.storey).guid}")
        if e.type is not None:
            keys.add(f"type:{self.index.get(e.type).guid}")
        keys |= {f"material:{m}" for m in e.materials if m.casefold() in self.materials}
        return keys

    def _class_key(self, ifc_class: str) -> str | None:
        if ifc_class not in self.class_of:
            from ifcqa.spatial.vocabulary import CLASS_GROUPS

            bare = re.sub(r"^Ifc|StandardCase$|ElementedCase$", "", ifc_class)
            self.class_of[ifc_class] = next(
                (k for k, (_, kinds) in CLASS_GROUPS.items() if bare in kinds and k not in IGNORED_CLASSES), ""
            )
        return self.class_of[ifc_class] or None

    def mask_names(self, text: str) -> str:
        """``text`` with the model's names that hold a number ("Wand-002", "Railing:900mm Handrail Only:151162")
        blanked, so that their numbers are not read as values."""
        if not any(c.isdigit() for c in text):
            return text
        for name in self._numbered_names:
            if name in text:
                text = text.replace(name, "#" * len(name))
        return text

    def label(self, key: str) -> str:
        if key in self._labels:
            return self._labels[key]
        kind, _, ident = key.partition(":")
        if kind.startswith("via-"):
            return "via " + self.label(key.removeprefix("via-"))
        if kind == "term" and ident.isdigit():
            return f"term {_terms()[1][int(ident)][0]}"
        if kind in ("storey", "element"):
            found = self.index.find(ident)
            return f"{kind} {found.name if found else ident}"
        return f"{kind} {ident}"

    def classes_said(self, text: str) -> frozenset[str]:
        """The class groups ``text`` names as the spatial parser reads them, the rooms included ("the 1stFloor
        rooms" -> spaces, "the door leaves" -> door): what kind of thing it is about, where the links leave rooms
        to their functions and names."""
        said = self._classes.get(text)
        if said is None:
            plan = self._plan(without_value_names(text))
            said = frozenset(c.key for c in plan.classes if c.key != "inventory")
            self._classes[text] = said
            if len(self._classes) > CACHED_TEXTS:
                self._classes.pop(next(iter(self._classes)))
        return said

    def link(self, text: str) -> EntityLinks:
        """The entity keys of ``text``; what follows "except" and the like goes to ``excluded``."""
        cached = self._seen.pop(text, None)
        if cached is None:
            cached = self._link(text)
        self._seen[text] = cached
        while len(self._seen) > CACHED_TEXTS:
            self._seen.popitem(last=False)
        return EntityLinks(set(cached.keys), set(cached.excluded))

    def _link(self, text: str) -> EntityLinks:
        links = EntityLinks()
        text = without_value_names(text)  # "RAL 1015 light ivory" names a colour, not a light fitting
        kept = text
        for match in _EXCEPT.finditer(text):
            links.excluded |= self._keys(match.group(1))
            kept = kept.replace(match.group(0), " ")
        links.keys = _narrowest(self._keys(kept))
        links.excluded -= links.keys
        return links

    def _plan(self, text: str) -> Any:
        """The spatial parser's reading of ``text``. A decline is about answering, not about what a statement
        names: a declined reading that found classes or storeys is kept as it is (the words it did not understand
        may be a whole span holding the subject: "structural fire: all the slabs"); one that found none (a
        request to change the model, "update your notes, the walls upstairs ...") is read again with the
        declining words masked."""
        plan = self.parser.parse(text.replace("-", " ") if "-" in text else text)
        declined = (plan.declined or {}).get("not_understood") or []
        if plan.intent == "declined" and declined and not (plan.classes or plan.storeys):
            for word in declined:
                text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text, flags=re.IGNORECASE)
            plan = self.parser.parse(text.replace("-", " ") if "-" in text else text)
        return plan

    def _keys(self, text: str) -> set[str]:
        keys: set[str] = set()
        if not text.strip():
            return keys
        for i in term_groups(text):  # other words for the same thing: soft links, "via-KIND:ID" (see module docs)
            keys.add(f"term:{i}")
            if i in self.group_class:  # "glazing units", "doorsets": another name of one class is that class
                keys.add(f"class:{self.group_class[i]}")
            keys |= {f"via-{k}" for k in self.group_keys.get(i, set())}
        expanded = expand_terms(text)
        if expanded:  # the parser reads classes in the expanded words too ("guarding" -> railings)
            plan = self.parser.parse(expanded)
            keys |= {f"via-class:{c.key}" for c in plan.classes if c.key not in IGNORED_CLASSES}
        relative = _RELATIVE.search(text)
        if relative:  # "the floor above the ground floor": the neighbour of the storey it names, not that storey
            storeys = self._plan(relative.group(2)).storeys
            step = 1 if relative.group(1).casefold() == "above" else -1
            for s in storeys[:1]:
                guid = self.index.get(s).guid
                at = self.by_elevation.index(guid) + step if guid in self.by_elevation else -1
                if 0 <= at < len(self.by_elevation):
                    keys.add(f"storey:{self.by_elevation[at]}")
            text = text[: relative.start()] + " " + text[relative.end() :]
        plan = self._plan(text)
        keys |= {f"storey:{self.index.get(s).guid}" for s in _storeys_said(plan)}
        keys |= {f"class:{c.key}" for c in plan.classes if c.key not in IGNORED_CLASSES}
        if self.middle and _MIDDLE.search(text):
            keys.add(f"storey:{self.middle}")
        folded = f" {_fold_word(text)} "
        for word, function in ROOM_WORDS.items():
            if function in self.room_functions and f" {word} " in folded:
                keys.add(f"room:{function}")
        for function in functions_of(text, strong=True, stems=False):  # "the plant rooms", "galleries"
            if function in self.room_functions:
                keys.add(f"room:{function}")
        plain = f" {text.casefold()} "
        for name, guids in self.space_ids.items():
            if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", plain):
                for guid in guids:
                    keys |= self.space_keys[guid]
        for name in self.space_names:  # "the Besprechungsraum II rooms": the rooms carrying that name
            if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", plain):
                keys.add(f"name:{name}")
        room_words = "|".join(re.escape(w) for w in sorted(ROOM_WORDS, key=len, reverse=True))
        for m in re.finditer(rf"\b(?:{room_words}|{_ROOM_CUES})\s+(\d+(?:\.\d+)?)\b", plain):
            number = m.group(1).lstrip("0") or "0"
            for guid in self.space_numbers.get(number, ()):
                keys |= self.space_keys[guid]
        for name in self._type_patterns:
            if len(name) >= 4 and name in plain:
                for guid in self.type_names[name]:
                    keys |= self.type_keys[guid]
        named = {f"class:{c.key}" for c in plan.classes if c.key not in IGNORED_CLASSES}
        for m in _DIMENSION.finditer(text):
            if _NOT_A_DIMENSION.match(text[m.end() :]):
                continue
            for guid in self.type_dimensions.get(int(m.group(1)), ()):
                type_classes = {k for k in self.type_keys[guid] if k.startswith("class:")}
                if named and type_classes and not type_classes & named:
                    continue  # "the 1810-wide doors": a window type 1810 wide is not what they name
                keys |= self.type_keys[guid]
        for name, material in self.materials.items():
            if len(name) >= 4 and name in plain:
                keys.add(f"material:{material}")
        words = set(re.findall(r"[^\W\d_]{5,}", plain))
        for word in words | {w[:-1] for w in words if w.endswith("s")}:
            for material in self.material_words.get(word, ()):
                keys.add(f"material:{material}")
        for name in self._element_patterns:
            if name in plain and re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", plain):
                for e in self.element_names[name]:
                    keys |= self._element_keys(e)
        return keys


def _narrowest(keys: set[str]) -> set[str]:
    """Without a class group that holds another class group the text names: "Structural fire: all the slabs"
    is about the slabs (the structural elements' group would make it agree with the walls)."""
    from ifcqa.spatial.vocabulary import CLASS_GROUPS

    named = {k.removeprefix("class:") for k in keys if k.startswith("class:")}
    kinds = {k: set(CLASS_GROUPS[k][1]) for k in named if k in CLASS_GROUPS}
    broad = {a for a in kinds for b in kinds if a != b and kinds[b] < kinds[a]}
    return keys - {f"class:{k}" for k in broad}


_LINKERS: OrderedDict[str, EntityLinker] = OrderedDict()


def linker_for(index: ModelIndex) -> EntityLinker:
    """The linker of ``index``'s model; the last :data:`CACHED_MODELS` models are kept (least recently used out)."""
    key = index.data.source.sha256
    linker = _LINKERS.pop(key, None) or EntityLinker(index)
    _LINKERS[key] = linker
    while len(_LINKERS) > CACHED_MODELS:
        _LINKERS.popitem(last=False)
    return linker


def link_entities(index: ModelIndex, text: str) -> EntityLinks:
    """The model entities ``text`` talks about (the one function the memory calls; see the module docstring)."""
    return linker_for(index).link(text)
