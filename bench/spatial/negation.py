"""Negation bench (issue 22, round 9): answerable questions, each negated or excluded in many forms.

    python bench/spatial/negation.py [--ifc-dir ../shared/ifc] [-o bench/spatial/negation_cases.json] [--check]
    python bench/spatial/negation.py --report RUN_DIR      # per negated part and form, from a spatial-bench run

Written before the parser work of round 9, from the pattern of ``bench/spatial/broaden.py``: a list of base
questions per shared model (a class on a storey, a class in the building, a class with a property qualifier,
the rooms of a storey, a class in a room, a class of a type) and, per base, the same question with ONE part
negated, in forms drawn (seeded, deterministic) from a list per negated part:

=============  =========================================================================================
``negates``    forms (English and German)
=============  =========================================================================================
storey         "not on", "isn't / aren't / are not", "which are not", "except those on", "other than the ones
               on", "apart from", "excluding", "besides", "everywhere but", "on every floor except", "but not
               the ones on", "without counting", "neither ... nor", "not on A or B"; "nicht im", "außer im",
               "ausgenommen", "ohne die im", "weder ... noch"
class          "everything on X except the walls", "other than", "apart from", "but not", "anything but",
               "that isn't a", "excluding A and B", "neither a ... nor a", "without the"; "alles außer", "ohne",
               "keine"
qualifier      "not external", "aren't exterior", "internal" / "interior" (IsExternal = FALSE), "except the
               external ones", "non-load-bearing", "not load bearing", "apart from the non-load-bearing ones"
               (a double negation: LoadBearing = TRUE); "nicht tragende", "die keine Außenwände sind", "außer den
               Außentüren"
room           "rooms that aren't kitchens", "other than", "all rooms except", "excluding", "besides the ...,
               which rooms", "but not", "non-X rooms"; "außer", "keine", "ohne"
contents       "furniture that isn't in the kitchen", "except the ones in", "nicht in der"
type           "not of type T", "aren't T", "except type T", "other than the T"; "nicht vom Typ", "außer"
storeys        "all storeys except the roof", "which floors other than X have doors", "which floors have no
               doors", "are there no doors on X"; "Welche Geschosse außer X", "keine"
decline        a negation whose scope cannot be grounded: a storey the model lacks ("not on Level 7"), a
               property no element of the class records ("not external" where no door holds IsExternal),
               an unknown qualifier, material or room negated ("not fire-rated", "not in the sauna")
=============  =========================================================================================

Every oracle is computed with plain IfcOpenShell through ``people_oracles.Model`` (nothing of ifcqa), with the
project's rules (people_oracles' docstring): **storey-deep** containment ("on X" = contained in the storey, in
one of its spaces, or part of / filling an element that is); **everything** = IfcElement less feature
(opening) and virtual elements; a **class word** = the IFC class with subtypes; **"not on X"** = on one of the
model's OTHER storeys (the complement within the building: an element on no storey is in neither); a negated
class = everything in the stated scope that is not of that class; **"not external" / "internal" /
"non-load-bearing"** = the property's explicit value FALSE (an element that leaves it unset is neither; the
rule says how many in scope leave it unset), and such a question where NO element of the class records the
property is a decline; **"apart from the non-load-bearing ones"** = LoadBearing = TRUE (every base used so
holds the value on every element in scope); a negated room = the spaces in scope whose Name/LongName lacks the
room word; **"not in room X"** = the elements of the class not contained (IfcRelContainedInSpatialStructure) in
a space named so, in the whole model; a negated type = the elements whose type object's Name lacks the type
text (untyped elements included); **"which floors other than X have Y"** = the storeys holding one, less X.

Beside the oracle each case records the **un-negated readings** (their element count and a hash of their
GlobalIds): ``positive`` (the negated part read as if affirmed: the doors ON Level 1) and ``dropped`` (the
negation left out: every door, everything on Level 1). ``--report`` counts an answer that gives either of
them (same number of elements, none of the oracle's; or all of the dropped reading) as **answered as if not
negated**, apart from the scorer's silent broadenings. Each base is also kept as a **control** (kind
``control``): a system that declines every question fails them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import dumps  # noqa: E402
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "negation_cases.json"
SEED = 9
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

DUP = "Duplex_A_20110907.ifc"
FZK4 = "AC20-FZK-Haus.ifc"
FZK2 = "AC11-FZK-Haus-IFC.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
LARGE = "LargeBuilding.ifc"
GERMAN = {FZK4, FZK2, INST, EDC}


@dataclass(frozen=True)
class Cls:
    """A class as people write it: English plural / singular, German plural / dative plural, IFC class."""

    en: str
    one: str
    de: str
    de_dat: str
    ifc: str


CLS = {
    "door": Cls("doors", "door", "Türen", "Türen", "IfcDoor"),
    "window": Cls("windows", "window", "Fenster", "Fenstern", "IfcWindow"),
    "wall": Cls("walls", "wall", "Wände", "Wänden", "IfcWall"),
    "slab": Cls("slabs", "slab", "Decken", "Decken", "IfcSlab"),
    "furniture": Cls("furniture", "piece of furniture", "Möbel", "Möbeln", "IfcFurnishingElement"),
    "railing": Cls("railings", "railing", "Geländer", "Geländern", "IfcRailing"),
    "beam": Cls("beams", "beam", "Träger", "Trägern", "IfcBeam"),
    "member": Cls("members", "member", "Stäbe", "Stäben", "IfcMember"),
    "space": Cls("rooms", "room", "Räume", "Räumen", "IfcSpace"),
    "covering": Cls("coverings", "covering", "Bekleidungen", "Bekleidungen", "IfcCovering"),
}
PSET = {"IfcDoor": "Pset_DoorCommon", "IfcWindow": "Pset_WindowCommon", "IfcWall": "Pset_WallCommon",
        "IfcSlab": "Pset_SlabCommon", "IfcBeam": "Pset_BeamCommon"}  # fmt: skip


@dataclass(frozen=True)
class Storey:
    name: str  # as the model spells it
    en: str  # as written after "on" ("Level 1", "the Erdgeschoss")
    de: str = ""  # with its German preposition ("im Erdgeschoss"); empty: no German forms


def st(name: str, en: str | None = None, de: str = "") -> Storey:
    return Storey(name, en or name, de)


# --- forms ----------------------------------------------------------------------------------------------
# A form is (template, oracle type); slots: {c} class (en plural), {c1} singular, {cd} German plural, {cdd}
# German dative plural, {s} storey (en), {sd} storey (de, with preposition), {s2}/{sd2} a second storey,
# {w} " on <storey>" or "", {wd} " <im storey>" or "", {x}/{x2} an excluded class (en plural), {x1}/{x21}
# singular, {xd}/{xdd} German, {r} room words (plural), {r1} singular, {rd}/{rd1} German, {t} type text.

F = tuple[str, str]

STOREY_FORMS: tuple[F, ...] = (
    ("which {c} are not on {s}?", "elements"),
    ("{c} that aren't on {s}", "elements"),
    ("list the {c} which are not on {s}", "elements"),
    ("all {c} except those on {s}", "elements"),
    ("{c} other than the ones on {s}", "elements"),
    ("show me the {c} apart from the ones on {s}", "elements"),
    ("{c}, excluding {s}", "elements"),
    ("how many {c} are there besides the ones on {s}?", "count"),
    ("{c} everywhere but {s}", "elements"),
    ("{c} on every floor except {s}", "elements"),
    ("how many {c} are not on {s}?", "count"),
    ("{c} on all storeys other than {s}", "elements"),
    ("are there any {c} that aren't on {s}?", "yes_no"),
    ("{c}, but not the ones on {s}", "elements"),
    ("which {c} isn't located on {s}", "elements"),
    ("count the {c} without counting {s}", "count"),
)
STOREY_FORMS_2: tuple[F, ...] = (
    ("count the {c} that are neither on {s} nor on {s2}", "count"),
    ("{c} not on {s} or {s2}", "elements"),
    ("which {c} are on neither {s} nor {s2}?", "elements"),
)
STOREY_FORMS_DE: tuple[F, ...] = (
    ("Welche {cd} sind nicht {sd}?", "elements"),
    ("{cd} außer {sd}", "elements"),
    ("alle {cd} ausgenommen die {sd}", "elements"),
    ("Wie viele {cd} sind nicht {sd}?", "count"),
    ("alle {cd} ohne die {sd}", "elements"),
)
STOREY_FORMS_DE_2: tuple[F, ...] = (("{cd}, die weder {sd} noch {sd2} sind", "elements"),)

CLASS_FORMS: tuple[F, ...] = (
    ("everything on {s} except the {x}", "elements"),
    ("all elements on {s} other than {x}", "elements"),
    ("what is on {s} apart from the {x}?", "elements"),
    ("everything on {s} but not the {x}", "elements"),
    ("anything but {x} on {s}", "elements"),
    ("list everything on {s} that isn't a {x1}", "elements"),
    ("how many elements on {s} are not {x}?", "count"),
    ("elements on {s} without the {x}", "elements"),
)
CLASS_FORMS_2: tuple[F, ...] = (
    ("everything on {s} excluding {x} and {x2}", "elements"),
    ("everything on {s} that is neither a {x1} nor a {x21}", "elements"),
)
CLASS_FORMS_WHOLE: tuple[F, ...] = (
    ("everything except the {x}", "elements"),
    ("what's in the building besides the {x}?", "elements"),
    ("list all elements apart from the {x}", "elements"),
)
CLASS_FORMS_DE: tuple[F, ...] = (
    ("alles {sd} außer den {xdd}", "elements"),
    ("alle Bauteile {sd} ohne die {xd}", "elements"),
    ("Wie viele Bauteile {sd} sind keine {xd}?", "count"),
)

EXT_FORMS: tuple[F, ...] = (
    ("which {c}{w} are not external?", "elements"),
    ("{c}{w} that aren't exterior", "elements"),
    ("internal {c}{w}", "elements"),
    ("interior {c}{w}", "elements"),
    ("{c}{w} except the external ones", "elements"),
    ("{c}{w} other than the exterior ones", "elements"),
    ("how many {c}{w} are not external?", "count"),
    ("{c}{w}, but not the external ones", "elements"),
    ("{c}{w} excluding external ones", "elements"),
)
EXT_FORMS_DE: tuple[F, ...] = (
    ("{cd}{wd}, die keine Außen{cdl} sind", "elements"),
    ("{cd}{wd} außer den Außen{cddl}", "elements"),
)
LB_FORMS: tuple[F, ...] = (
    ("non-load-bearing {c}{w}", "elements"),
    ("{c}{w} that are not load bearing", "elements"),
    ("which {c}{w} aren't load-bearing?", "elements"),
    ("how many {c}{w} are not loadbearing?", "count"),
    ("{c}{w} except the load-bearing ones", "elements"),
)
LB_TRUE_FORMS: tuple[F, ...] = (("{c}{w} apart from the non-load-bearing ones", "elements"),)
LB_FORMS_DE: tuple[F, ...] = (
    ("nicht tragende {cd}{wd}", "elements"),
    ("{cd}{wd}, die nicht tragend sind", "elements"),
    ("{cd}{wd} außer den tragenden", "elements"),
)

ROOM_FORMS: tuple[F, ...] = (
    ("which rooms{w} aren't {r}?", "elements"),
    ("rooms{w} other than the {r}", "elements"),
    ("all rooms{w} except the {r}", "elements"),
    ("spaces{w}, excluding the {r}", "elements"),
    ("how many rooms{w} are not {r}?", "count"),
    ("besides the {r}, which rooms are there{w}?", "elements"),
    ("rooms{w} but not the {r}", "elements"),
    ("non-{r1} rooms{w}", "elements"),
)
ROOM_FORMS_DE: tuple[F, ...] = (
    ("Räume{wd} außer {rdd}", "elements"),
    ("Welche Räume{wd} sind keine {rd}?", "elements"),
    ("alle Räume{wd} ohne {rda}", "elements"),
)
CONTENTS_FORMS: tuple[F, ...] = (
    ("{c} that isn't in the {r1}", "elements"),
    ("which {c} are not in the {r1}?", "elements"),
    ("{c} except the ones in the {r1}", "elements"),
    ("how many {c} are not in the {r1}?", "count"),
    ("is there any {c1} that is not in the {r1}?", "yes_no"),
)
CONTENTS_FORMS_DE: tuple[F, ...] = (("{cd}, die nicht {rin} stehen", "elements"),)
TYPE_FORMS: tuple[F, ...] = (
    ("{c} that are not of type {t}", "elements"),
    ("which {c} aren't {t}?", "elements"),
    ("all {c} except type {t}", "elements"),
    ("{c} other than the {t} ones", "elements"),
    ("how many {c} are not of type {t}?", "count"),
)
TYPE_FORMS_DE: tuple[F, ...] = (
    ("{cd}, die nicht vom Typ {t} sind", "elements"),
    ("{cd} außer Typ {t}", "elements"),
)
STOREYS_FORMS: tuple[F, ...] = (
    ("list all storeys except {s}", "storeys_list"),
    ("which floors other than {s} have {c}?", "storeys_having"),
    ("apart from {s}, which levels have {c}?", "storeys_having"),
    ("which floors have no {c}?", "storeys_lacking"),
    ("are there no {c} on {s}?", "yes_none"),
)
STOREYS_FORMS_DE: tuple[F, ...] = (
    ("Welche Geschosse außer {sd0} haben {cd}?", "storeys_having"),
    ("Gibt es keine {cd} {sd}?", "yes_none"),
)

# --- bases ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Base:
    id: str
    model: str
    negates: str  # storey | class | qualifier | room | contents | type | storeys | decline
    cls: str = ""  # CLS key
    storey: Storey | None = None
    storey2: Storey | None = None
    excl: tuple[str, ...] = ()  # excluded class keys (class negation)
    prop: str = ""  # IsExternal | LoadBearing
    room: tuple[str, str, str, str] = ("", "", "", "")  # en plural, en singular, de plural, de singular phrase
    keys: tuple[str, ...] = ()  # what a room / type name holds (case-insensitive), or a decline's premise
    text: str = ""  # a type as written, or a decline's question
    forms: int = 3  # English forms drawn
    de_forms: int = 1  # German forms drawn (German models only)
    extra: dict[str, str] = field(default_factory=dict)


L1, L2 = st("Level 1"), st("Level 2")
EG4 = st("Erdgeschoss", "the Erdgeschoss", "im Erdgeschoss")
DG4 = st("Dachgeschoss", "the Dachgeschoss", "im Dachgeschoss")
KE, OG1 = st("Keller", "the Keller", "im Keller"), st("1. Obergeschoss", "the 1. Obergeschoss", "im 1. Obergeschoss")
OG2 = st("2. Obergeschoss", "the 2. Obergeschoss", "im 2. Obergeschoss")
EDC_EG, EDC_1, EDC_2 = st("EG", "the EG", "im EG"), st("1.OG", "1.OG", "im 1.OG"), st("2.OG", "2.OG", "im 2.OG")
GF, ROOF = st("Ground Floor", "the ground floor"), st("Roof", "the roof")
HGF, H1, HA = st("GroundFloor", "the GroundFloor"), st("1stFloor", "the 1stFloor"), st("attic", "the attic")

B = Base
BASES: tuple[Base, ...] = (
    # ---- storey negated
    B("dup-s1", DUP, "storey", "door", L1, L2, forms=3),
    B("dup-s2", DUP, "storey", "window", L2, L1, forms=3),
    B("dup-s3", DUP, "storey", "wall", L1, st("T/FDN"), forms=3),
    B("dup-s4", DUP, "storey", "furniture", L1, forms=3),
    B("fzk4-s1", FZK4, "storey", "window", EG4, forms=3, de_forms=1),
    B("fzk4-s2", FZK4, "storey", "wall", DG4, forms=3, de_forms=1),
    B("fzk2-s1", FZK2, "storey", "wall", EG4, forms=3, de_forms=1),
    B("fzk2-s2", FZK2, "storey", "beam", DG4, forms=3, de_forms=1),
    B("inst-s1", INST, "storey", "door", KE, st("Erdgeschoss", "the Erdgeschoss", "im Erdgeschoss"), forms=3,
      de_forms=1),
    B("inst-s2", INST, "storey", "window", EG4, KE, forms=3, de_forms=1),
    B("inst-s3", INST, "storey", "wall", st("Dachgeschoss", "the Dachgeschoss", "im Dachgeschoss"), OG1, forms=3,
      de_forms=1),
    B("inst-s4", INST, "storey", "railing", EG4, forms=3, de_forms=1),
    B("sample-s1", SAMPLE, "storey", "slab", ROOF, forms=3),
    B("sample-s2", SAMPLE, "storey", "space", ROOF, forms=3),
    B("edc-s1", EDC, "storey", "door", EDC_EG, EDC_1, forms=3, de_forms=1),
    B("edc-s2", EDC, "storey", "window", EDC_2, forms=3, de_forms=1),
    B("edc-s3", EDC, "storey", "wall", EDC_1, EDC_EG, forms=3, de_forms=1),
    B("hom-s1", HOM, "storey", "window", HGF, forms=3),
    B("hom-s2", HOM, "storey", "door", H1, forms=3),
    B("hom-s3", HOM, "storey", "wall", HA, HGF, forms=3),
    B("large-s1", LARGE, "storey", "window", L1, forms=3),
    B("large-s2", LARGE, "storey", "wall", L2, forms=3),
    # ---- class negated (a storey or the whole building as the scope)
    B("dup-c1", DUP, "class", storey=L1, excl=("furniture", "door"), forms=2),
    B("dup-c2", DUP, "class", storey=L2, excl=("wall", "window"), forms=2),
    B("dup-c3", DUP, "class", excl=("wall",), forms=2),
    B("fzk4-c1", FZK4, "class", storey=DG4, excl=("railing", "member"), forms=2, de_forms=1),
    B("fzk4-c2", FZK4, "class", storey=EG4, excl=("wall", "window"), forms=2, de_forms=1),
    B("fzk2-c1", FZK2, "class", storey=EG4, excl=("furniture", "wall"), forms=2, de_forms=1),
    B("inst-c1", INST, "class", storey=DG4, excl=("wall", "slab"), forms=2, de_forms=1),
    B("inst-c2", INST, "class", storey=KE, excl=("furniture", "door"), forms=2, de_forms=1),
    B("sample-c1", SAMPLE, "class", storey=GF, excl=("member", "furniture"), forms=2),
    B("sample-c2", SAMPLE, "class", excl=("furniture",), forms=2),
    B("edc-c1", EDC, "class", storey=EDC_EG, excl=("wall", "door"), forms=2, de_forms=1),
    B("edc-c2", EDC, "class", storey=EDC_2, excl=("door",), forms=2, de_forms=1),
    B("hom-c1", HOM, "class", storey=HGF, excl=("window", "door"), forms=2),
    B("hom-c2", HOM, "class", excl=("wall",), forms=2),
    B("large-c1", LARGE, "class", storey=L2, excl=("window", "wall"), forms=2),
    B("large-c2", LARGE, "class", storey=L1, excl=("furniture",), forms=2),
    # ---- qualifier negated (only where the class records the property)
    B("dup-q1", DUP, "qualifier", "door", prop="IsExternal", forms=2),
    B("dup-q2", DUP, "qualifier", "wall", L2, prop="IsExternal", forms=2),
    B("dup-q3", DUP, "qualifier", "wall", L1, prop="LoadBearing", forms=2),
    B("dup-q4", DUP, "qualifier", "window", prop="IsExternal", forms=2),
    B("fzk2-q1", FZK2, "qualifier", "wall", EG4, prop="IsExternal", forms=2, de_forms=1),
    B("fzk2-q2", FZK2, "qualifier", "wall", prop="LoadBearing", forms=2, de_forms=2),
    B("fzk2-q3", FZK2, "qualifier", "door", prop="IsExternal", forms=2, de_forms=1),
    B("inst-q1", INST, "qualifier", "wall", KE, prop="LoadBearing", forms=2, de_forms=1),
    B("inst-q2", INST, "qualifier", "wall", OG1, prop="IsExternal", forms=2, de_forms=1),
    B("inst-q3", INST, "qualifier", "door", EG4, prop="IsExternal", forms=2, de_forms=1),
    B("sample-q1", SAMPLE, "qualifier", "wall", prop="IsExternal", forms=2),
    B("sample-q2", SAMPLE, "qualifier", "door", prop="IsExternal", forms=2),
    B("edc-q1", EDC, "qualifier", "wall", EDC_2, prop="IsExternal", forms=2, de_forms=1),
    B("edc-q2", EDC, "qualifier", "wall", EDC_EG, prop="IsExternal", forms=2, de_forms=1),
    B("large-q1", LARGE, "qualifier", "slab", prop="IsExternal", forms=2),
    B("dup-q5", DUP, "qualifier", "wall", L2, prop="LoadBearing=TRUE", forms=1),
    B("fzk2-q4", FZK2, "qualifier", "wall", DG4, prop="LoadBearing=TRUE", forms=1),
    # ---- room negated (the spaces in scope whose names lack the word)
    B("dup-r1", DUP, "room", storey=L1, room=("kitchens", "kitchen", "", ""), keys=("kitchen",), forms=3),
    B("dup-r2", DUP, "room", storey=L2, room=("bathrooms", "bathroom", "", ""), keys=("bathroom",), forms=3),
    B("dup-r3", DUP, "room", room=("bedrooms", "bedroom", "", ""), keys=("bedroom",), forms=2),
    B("fzk4-r1", FZK4, "room", storey=EG4, room=("Bad", "Bad", "Bäder", ""), keys=("bad",), forms=2,
      de_forms=2, extra={"rdd": "dem Bad", "rda": "das Bad"}),
    B("fzk2-r1", FZK2, "room", room=("Flur", "Flur", "Flure", ""), keys=("flur",), forms=2, de_forms=1,
      extra={"rdd": "dem Flur", "rda": "den Flur"}),
    B("inst-r1", INST, "room", storey=KE, room=("labs", "lab", "Labore", ""), keys=("labor",), forms=3,
      de_forms=1, extra={"rdd": "den Laboren", "rda": "die Labore"}),
    B("inst-r2", INST, "room", storey=EG4, room=("offices", "office", "Büros", ""), keys=("buero",),
      forms=3, de_forms=2, extra={"rdd": "den Büros", "rda": "die Büros"}),
    B("sample-r1", SAMPLE, "room", room=("bedrooms", "bedroom", "", ""), keys=("bedroom",), forms=2),
    B("hom-r1", HOM, "room", storey=HGF, room=("corridors", "corridor", "", ""), keys=("corridor",), forms=3),
    B("hom-r2", HOM, "room", storey=H1, room=("children's rooms", "children's room", "", ""), keys=("children",),
      forms=2),
    # ---- contents of a room negated (the class's elements not contained in the named spaces)
    B("dup-n1", DUP, "contents", "furniture", room=("kitchens", "kitchens", "", ""), keys=("kitchen",), forms=3),
    B("sample-n1", SAMPLE, "contents", "furniture", room=("living rooms", "living room", "", ""),
      keys=("living room",), forms=3),
    B("fzk2-n1", FZK2, "contents", "furniture", room=("Küchen", "Küche", "", ""), keys=("küche",),
      forms=2, de_forms=1, extra={"rin": "in der Küche"}),
    B("inst-n1", INST, "contents", "furniture", room=("seminar rooms", "seminar room", "", ""),
      keys=("seminarraum",), forms=2, de_forms=1, extra={"rin": "im Seminarraum"}),
    # ---- type negated (elements whose type name lacks the text)
    B("dup-t1", DUP, "type", "door", text="0864 x 2032mm", keys=("0864 x 2032mm",), forms=3),
    B("fzk4-t1", FZK4, "type", "window", text="Rundfenster", keys=("rundfenster",), forms=2, de_forms=2),
    B("fzk2-t1", FZK2, "type", "door", text="Eingangstür", keys=("eingangstür",), forms=2, de_forms=1),
    B("inst-t1", INST, "type", "door", text="IFC_DoorSglSwing", keys=("ifc_doorsglswing",), forms=3, de_forms=1),
    B("sample-t1", SAMPLE, "type", "door", text="810x2110mm", keys=("810x2110mm",), forms=2),
    B("hom-t1", HOM, "type", "wall", text="OutsideWall_EnEV2002_Medium", keys=("outsidewall_enev2002_medium",),
      forms=3),
    B("large-t1", LARGE, "type", "door", text="M_Single-Flush", keys=("m_single-flush",), forms=2),
    # ---- storeys as the answer, with one excluded or lacking
    B("dup-f1", DUP, "storeys", "window", ROOF, forms=3),
    B("dup-f2", DUP, "storeys", "door", L2, forms=2),
    B("inst-f1", INST, "storeys", "door", st("Dachgeschoss", "the Dachgeschoss", "im Dachgeschoss"), forms=3,
      de_forms=1, extra={"sd0": "dem Dachgeschoss"}),
    B("edc-f1", EDC, "storeys", "wall", EDC_EG, forms=2, de_forms=1, extra={"sd0": "dem EG"}),
    B("hom-f1", HOM, "storeys", "window", HA, forms=3),
    B("sample-f1", SAMPLE, "storeys", "furniture", ROOF, forms=2),
    B("large-f1", LARGE, "storeys", "door", L2, forms=2),
    # ---- declines: a negation whose scope the model cannot ground
    B("dup-d1", DUP, "decline", text="which doors are not on Level 7?", keys=("level 7",)),
    B("dup-d2", DUP, "decline", text="walls that are not soundproofed", keys=("soundproof", "acoustic")),
    B("dup-d3", DUP, "decline", text="furniture that isn't in the sauna", keys=("sauna",)),
    B("dup-d4", DUP, "decline", text="windows except the ones on the mezzanine", keys=("mezzanine", "galerie")),
    B("fzk4-d1", FZK4, "decline", text="which walls are not external?", keys=("@IfcWall.IsExternal",)),
    B("fzk4-d2", FZK4, "decline", text="Türen, die nicht außen liegen", keys=("@IfcDoor.IsExternal",)),
    B("fzk4-d3", FZK4, "decline", text="non-load-bearing walls", keys=("@IfcWall.LoadBearing",)),
    B("fzk4-d4", FZK4, "decline", text="Fenster außer im 3. Obergeschoss", keys=("3. obergeschoss", "obergeschoss")),
    B("inst-d1", INST, "decline", text="Türen, die nicht im 5. Obergeschoss sind", keys=("5. obergeschoss",)),
    B("inst-d2", INST, "decline", text="walls that are not made of titanium", keys=("titan",)),
    B("inst-d3", INST, "decline", text="rooms that aren't saunas", keys=("sauna",)),
    B("hom-d1", HOM, "decline", text="which walls are not external?", keys=("@IfcWall.IsExternal",)),
    B("hom-d2", HOM, "decline", text="doors that aren't internal", keys=("@IfcDoor.IsExternal",)),
    B("hom-d3", HOM, "decline", text="windows not on Level 5", keys=("level 5",)),
    B("edc-d1", EDC, "decline", text="doors that are not soundproofed", keys=("sound", "acoustic", "schall")),
    B("edc-d2", EDC, "decline", text="Fenster, die nicht im 4.OG sind", keys=("4.og", "4. og")),
    B("sample-d1", SAMPLE, "decline", text="windows that aren't tinted", keys=("tint",)),
    B("sample-d2", SAMPLE, "decline", text="furniture other than the ones in the garage", keys=("garage",)),
    B("large-d1", LARGE, "decline", text="doors that are not soundproofed", keys=("soundproof", "acoustic")),
    B("large-d2", LARGE, "decline", text="everything except what is on Level 3", keys=("level 3",)),
    B("fzk2-d1", FZK2, "decline", text="Wände außer denen im Keller", keys=("keller",)),
    B("fzk2-d2", FZK2, "decline", text="windows that are not triple-glazed", keys=("triple", "dreifach")),
)  # fmt: skip


# --- oracles ---------------------------------------------------------------------------------------------


def _guids(es: Iterable[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def _digest(es: Iterable[Any]) -> dict[str, Any]:
    g = _guids(es)
    return {"n": len(g), "sha": hashlib.sha1("\n".join(g).encode()).hexdigest()[:16]}


def _oracle(kind: str, es: list[Any]) -> dict[str, Any]:
    g = _guids(es)
    if kind == "elements":
        return {"type": "elements", "guids": g}
    if kind == "count":
        return {"type": "count", "value": len(g), "guids": g}
    if kind == "yes_no":
        return {"type": "yes_no", "value": bool(g)}
    raise ValueError(kind)


def _is(e: Any, keys: Iterable[str]) -> bool:
    return any(e.is_a(CLS[k].ifc) for k in keys)


def _room_match(s: Any, keys: tuple[str, ...]) -> bool:
    for k in keys:
        if k.startswith("="):
            if (s.Name or "") == k[1:]:
                return True
        elif k in f"{s.Name or ''} {s.LongName or ''}".lower():
            return True
    return False


def _type_match(e: Any, keys: tuple[str, ...]) -> bool:
    import ifcopenshell.util.element as ue

    t = ue.get_type(e)
    name = (t.Name or "") if t is not None else ""
    return any(re.search(r"(?<![\w])" + re.escape(k) + r"(?![\w])", name.lower()) for k in keys)


def _others(m: Model, *names: str) -> list[str]:
    return [n for n in m.storey_names() if n not in names]


def _where(base: Base) -> tuple[str, str]:
    s = base.storey
    return (f" on {s.en}", f" {s.de}" if s.de else "") if s else ("", "")


def _slots(base: Base) -> dict[str, str]:
    slots: dict[str, str] = dict(base.extra)
    if base.cls:
        c = CLS[base.cls]
        slots |= {"c": c.en, "c1": c.one, "cd": c.de, "cdd": c.de_dat, "cdl": c.de.lower(), "cddl": c.de_dat.lower()}
    if base.storey:
        slots |= {"s": base.storey.en, "sd": base.storey.de}
    if base.storey2:
        slots |= {"s2": base.storey2.en, "sd2": base.storey2.de}
    slots["w"], slots["wd"] = _where(base)
    for i, key in enumerate(base.excl[:2]):
        x = CLS[key]
        suffix = "" if i == 0 else "2"
        slots |= {f"x{suffix}": x.en, f"x{suffix}1": x.one, f"x{suffix}d": x.de, f"x{suffix}dd": x.de_dat}
    slots["x21"] = slots.get("x21", "")
    r_en, r1, r_de, r_de1 = base.room
    slots |= {"r": r_en, "r1": r1, "rd": r_de, "rd1": r_de1, "t": base.text}
    return slots


def _forms(base: Base) -> tuple[list[F], list[F]]:
    """The English and German forms a base may take (its slots decide which fit)."""
    n = base.negates
    de = base.model in GERMAN
    two = base.storey2 is not None
    if n == "storey":
        return list(STOREY_FORMS) + (list(STOREY_FORMS_2) if two else []), (
            list(STOREY_FORMS_DE) + (list(STOREY_FORMS_DE_2) if two and base.storey2 and base.storey2.de else [])
            if de and base.storey and base.storey.de else [])
    if n == "class":
        if base.storey is None:
            return list(CLASS_FORMS_WHOLE), []
        en = list(CLASS_FORMS) + (list(CLASS_FORMS_2) if len(base.excl) > 1 else [])
        return en, list(CLASS_FORMS_DE) if de and base.storey.de else []
    if n == "qualifier":
        if base.prop == "LoadBearing=TRUE":
            return list(LB_TRUE_FORMS), []
        if base.prop == "LoadBearing":
            return list(LB_FORMS), list(LB_FORMS_DE) if de and base.cls == "wall" else []
        de_ok = de and base.cls in ("wall", "door") and (base.storey is None or base.storey.de)
        return list(EXT_FORMS), list(EXT_FORMS_DE) if de_ok else []
    if n == "room":
        plain = base.room[1].islower() and "'" not in base.room[1]  # "non-kitchen rooms", not "non-Bad rooms"
        en = [f for f in ROOM_FORMS if not f[0].startswith("non-") or plain]
        return en, list(ROOM_FORMS_DE) if de and base.room[2] else []
    if n == "contents":
        return list(CONTENTS_FORMS), list(CONTENTS_FORMS_DE) if de and "rin" in base.extra else []
    if n == "type":
        return list(TYPE_FORMS), list(TYPE_FORMS_DE) if de else []
    if n == "storeys":
        return list(STOREYS_FORMS), list(STOREYS_FORMS_DE) if de and base.storey and base.storey.de else []
    return [], []


def _scope(m: Model, base: Base, classes: str | tuple[str, ...] | None) -> list[Any]:
    return m.on(base.storey.name, classes) if base.storey else m.of(classes)


def _readings(m: Model, base: Base, kind: str) -> tuple[list[Any], list[Any], list[Any], str]:
    """(oracle elements, positive reading, dropped reading, rule) of a negated base."""
    n = base.negates
    if n == "storey":
        c = CLS[base.cls].ifc
        two = base.storey2 is not None and ("{s2}" in kind or "{sd2}" in kind)
        out = [base.storey.name] + ([base.storey2.name] if two and base.storey2 else [])
        others = _others(m, *out)
        neg = m.on(others, c) if others else []
        pos = m.on(out, c)
        rule = f"{c} (with subtypes) on a storey other than {' and '.join(out)}, {STOREY_DEEP}"
        return neg, pos, m.of(c), rule
    if n == "class":
        xs = tuple(CLS[k].ifc for k in base.excl)
        used = xs if ("{x2}" in kind or "{x21}" in kind) else xs[:1]
        keys = base.excl[: len(used)]
        scope = _scope(m, base, None)
        neg = [e for e in scope if not _is(e, keys)]
        pos = [e for e in scope if _is(e, keys)]
        where = f"on {base.storey.name}, {STOREY_DEEP}" if base.storey else "in the whole model"
        rule = (f"every element (IfcElement less openings and virtual elements) {where}, that is not "
                f"{' or '.join(used)}")
        return neg, pos, scope, rule
    if n == "qualifier":
        c = CLS[base.cls].ifc
        pset = PSET[c]
        prop, want = (base.prop.split("=")[0], base.prop.endswith("=TRUE"))
        scope = _scope(m, base, c)
        unset = [e for e in scope if Model.prop(e, pset, prop) is None]
        neg = [e for e in scope if Model.prop(e, pset, prop) is want]
        pos = [e for e in scope if Model.prop(e, pset, prop) is (not want)]
        where = f" on {base.storey.name}, {STOREY_DEEP}" if base.storey else " (whole model)"
        rule = f"{c} with {pset}.{prop} = {'TRUE' if want else 'FALSE'}{where}"
        rule += f"; {len(unset)} of the {len(scope)} in scope leave it unset (neither)" if unset else \
            f"; every one of the {len(scope)} in scope holds the value"
        if want and unset:
            raise ValueError(f"{base.id}: a double negation needs the value on every element")
        return neg, pos, scope, rule
    if n == "room":
        scope = _scope(m, base, "IfcSpace")
        neg = [s for s in scope if not _room_match(s, base.keys)]
        pos = [s for s in scope if _room_match(s, base.keys)]
        where = f" on {base.storey.name}" if base.storey else ""
        rule = f"IfcSpace{where} whose Name/LongName does not hold {' or '.join(map(repr, base.keys))}"
        return neg, pos, scope, rule
    if n == "contents":
        c = CLS[base.cls].ifc
        rooms = [s for s in m.spaces() if _room_match(s, base.keys)]
        scope = m.of(c)
        pos = [e for e in scope if m.container.get(e.id()) in rooms]
        neg = [e for e in scope if e not in pos]
        rule = (f"{c} (whole model) not contained (IfcRelContainedInSpatialStructure) in the space(s) "
                f"{', '.join(repr(s.Name) for s in rooms)}")
        return neg, pos, scope, rule
    if n == "type":
        c = CLS[base.cls].ifc
        scope = m.of(c)
        pos = [e for e in scope if _type_match(e, base.keys)]
        neg = [e for e in scope if not _type_match(e, base.keys)]
        rule = f"{c} whose type object's Name does not hold {base.text!r} (untyped elements included)"
        return neg, pos, scope, rule
    raise ValueError(n)


def _storeys_case(m: Model, base: Base, kind: str) -> tuple[dict[str, Any], str]:
    c = CLS[base.cls].ifc
    s = base.storey.name
    if kind == "storeys_list":
        return {"type": "storeys", "value": sorted(_others(m, s))}, f"every IfcBuildingStorey but {s}"
    if kind == "storeys_having":
        having = [n for n in _others(m, s) if m.on(n, c)]
        return {"type": "storeys", "value": sorted(having)}, f"storeys other than {s} holding one {c}, {STOREY_DEEP}"
    if kind == "storeys_lacking":
        lacking = [n for n in m.storey_names() if not m.on(n, c)]
        return {"type": "storeys", "value": sorted(lacking)}, f"storeys holding no {c}, {STOREY_DEEP}"
    if kind == "yes_none":
        return {"type": "yes_no", "value": not m.on(s, c)}, f"yes iff {s} holds no {c}, {STOREY_DEEP}"
    raise ValueError(kind)


def _text(template: str, slots: dict[str, str]) -> str:
    text = template.format(**slots)
    return " ".join(text.split()).replace(" ,", ",").replace(" ?", "?")


def _control(m: Model, base: Base) -> tuple[str, dict[str, Any], str] | None:
    """The un-negated question of a base, its oracle and rule (None for storeys/decline bases)."""
    n = base.negates
    w = f" on {base.storey.en}" if base.storey else ""
    if n == "storey":
        c = CLS[base.cls]
        return f"which {c.en} are on {base.storey.en}?", _oracle("elements", m.on(base.storey.name, c.ifc)), \
            f"{c.ifc} on {base.storey.name}, {STOREY_DEEP}"
    if n == "class":
        x = CLS[base.excl[0]]
        return f"which {x.en} are there{w}?", _oracle("elements", _scope(m, base, x.ifc)), \
            f"{x.ifc}{w}, {STOREY_DEEP}"
    if n == "qualifier":
        c = CLS[base.cls]
        return f"list the {c.en}{w}", _oracle("elements", _scope(m, base, c.ifc)), f"{c.ifc}{w}, {STOREY_DEEP}"
    if n == "room":
        return f"which rooms are there{w}?", _oracle("elements", _scope(m, base, "IfcSpace")), f"IfcSpace{w}"
    if n in ("contents", "type"):
        c = CLS[base.cls]
        return f"list all {c.en}", _oracle("elements", m.of(c.ifc)), f"{c.ifc} (whole model)"
    return None


def build(ifc_dir: Path) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    cases: list[dict[str, Any]] = []
    for base in BASES:
        if base.model not in models:
            models[base.model] = Model(ifc_dir / base.model)
        m = models[base.model]
        if base.negates == "decline":
            _premise(m, base)
            cases.append({"id": f"neg-{base.id}", "query": base.text, "ifc_filename": base.model, "kind": "negation",
                          "negates": "decline", "form": base.text, "oracle": {"type": "decline"},
                          "oracle_rule": "decline: the model holds nothing matching "
                                         f"{', '.join(map(repr, base.keys))} (the negated part cannot be grounded)",
                          "source": "ifcopenshell"})  # fmt: skip
            continue
        control = _control(m, base)
        if control is not None:
            query, oracle, rule = control
            cases.append({"id": f"neg-{base.id}-control", "query": query[0].upper() + query[1:],
                          "ifc_filename": base.model, "kind": "control", "negates": base.negates, "form": "-",
                          "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"})  # fmt: skip
        en, de = _forms(base)
        rng = random.Random(f"{SEED}-{base.id}")
        chosen = rng.sample(en, min(base.forms, len(en))) + (rng.sample(de, min(base.de_forms, len(de))) if de else [])
        slots = _slots(base)
        for i, (template, kind) in enumerate(chosen, 1):
            query = _text(template, slots)
            case: dict[str, Any] = {"id": f"neg-{base.id}-{i}", "query": query, "ifc_filename": base.model,
                                    "kind": "negation", "negates": base.negates, "form": template}
            if base.negates == "storeys":
                case["oracle"], case["oracle_rule"] = _storeys_case(m, base, kind)
            else:
                neg, pos, dropped, rule = _readings(m, base, template)
                case["oracle"] = _oracle(kind, neg)
                case["oracle_rule"] = rule + ("; count" if kind == "count" else "; yes iff any" if kind == "yes_no"
                                              else "")
                case["positive"], case["dropped"] = _digest(pos), _digest(dropped)
            case["source"] = "ifcopenshell"
            cases.append(case)
    return cases


def _premise(m: Model, base: Base) -> None:
    """A decline case must rest on a true premise: the model holds none of its keys."""
    import ifcopenshell.util.element as ue

    text: set[str] = {n.lower() for n in m.storey_names()}
    for e in m.f:
        text.add(e.is_a().lower())
        for value in e:
            if isinstance(value, str):
                text.add(value.lower())
    for e in m.f.by_type("IfcElement"):
        for props in ue.get_psets(e).values():
            text.update(k.lower() for k in props)
    blob = "\n".join(text)
    for key in base.keys:
        if key.startswith("@"):  # "@IfcWall.IsExternal": no element of the class records the property
            cls, prop = key[1:].split(".")
            if any(prop in props for e in m.of(cls) for props in ue.get_psets(e).values()):
                raise ValueError(f"{base.id}: some {cls} records {prop}: not a decline")
            continue
        if key in blob or key.replace(" ", "") in blob:
            raise ValueError(f"{base.id}: the model holds {key!r}: not a decline")


# --- the report ----------------------------------------------------------------------------------------------


def as_if_not_negated(case: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether an answer gives the positive or dropped reading of a negated question instead of its oracle."""
    if record["score"] == 1.0 or record["declined"] or "positive" not in case:
        return False
    got = record["returned"]
    oracle_n = len(case["oracle"].get("guids", ()))
    pos, dropped = case["positive"]["n"], case["dropped"]["n"]
    if got and got == pos and pos != oracle_n and record["precision"] == 0.0:
        return True
    return bool(got and got == dropped and dropped != oracle_n and record["recall"] == 1.0)


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    wrong: list[str] = []
    for r in records:
        case = cases[r["id"]]
        key = "control" if r["kind"] == "control" else case["negates"]
        row = rows[key]
        row["n"] += 1
        row["score"] += r["score"]
        row["declined"] += bool(r["declined"]) and case["oracle"]["type"] != "decline"
        row["broadened"] += bool(r["broadened"])
        row["unneg"] += as_if_not_negated(case, r)
        if r["score"] < 1.0:
            flag = " [AS IF NOT NEGATED]" if as_if_not_negated(case, r) else " [BROADENED]" if r["broadened"] else ""
            wrong.append(f"- {r['id']} ({r['score']:.2f}){flag}: {r['query']} -> {(r['answer'] or '')[:140]}")
    lines = ["| negated part | n | mean score | declined (answerable) | silent broadenings | as if not negated |",
             "|---|---:|---:|---:|---:|---:|"]
    total: dict[str, float] = defaultdict(float)
    order = ("storey", "class", "qualifier", "room", "contents", "type", "storeys", "decline")
    for key in order:
        row = rows.get(key)
        if not row:
            continue
        lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['declined'])} | "
                     f"{int(row['broadened'])} | {int(row['unneg'])} |")
        for k in ("n", "score", "declined", "broadened", "unneg"):
            total[k] += row[k]
    if total["n"]:
        lines.append(f"| **all negated** | {int(total['n'])} | {total['score'] / total['n']:.3f} | "
                     f"{int(total['declined'])} | {int(total['broadened'])} | {int(total['unneg'])} |")
    c = rows.get("control")
    if c:
        lines += ["", f"Controls: {int(c['n'])}, mean score {c['score'] / c['n']:.3f}, declined {int(c['declined'])}."]
    if wrong:
        lines += ["", "Not right:", *wrong]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    ap.add_argument("--report", type=Path, metavar="RUN_DIR", help="per negated part, from a spatial-bench run")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report, args.out))
        return 0
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    body = dumps(build(args.ifc_dir))
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == body
        print("up to date" if same else f"{args.out} differs from what the script computes")
        return 0 if same else 1
    args.out.write_text(body, encoding="utf-8")
    cases = json.loads(body)
    per: dict[str, int] = defaultdict(int)
    for case in cases:
        per["control" if case["kind"] == "control" else case["negates"]] += 1
    print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {args.out}")
    print("  " + ", ".join(f"{k} {n}" for k, n in sorted(per.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
