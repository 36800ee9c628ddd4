"""Room-reference bench (issue 22, round 10): every space of the shared models named the ways people name rooms.

    python bench/spatial/room_refs.py [--ifc-dir ../shared/ifc] [--check]
    python bench/spatial/room_refs.py --report RUN_DIR        # per reference form, from a spatial-bench run

Written before the round-10 room work. People name a room the way they see it on a plan or a door sign, not the
way the file stores it: "In welchem Stockwerk liegt das Büro vom Hausmeister?" (LongName "Buero Hausmeister"),
"which is bigger by net floor area, Besprechungsraum I or II?" (the second room named only by its numeral),
"A104 (Bathroom 1, unit A) - what door leads in there?", "how much floor space do the Bad and the Kitchen have
together". The generator reads every IfcSpace of the shared models (Name, LongName, storey) with plain IfcOpenShell
and writes, per space, the reference FORMS below, each in several question TEMPLATES, with the oracle computed
from the same walk (``people_oracles.Model``; nothing of ifcqa).

==============  ============================================================================================
form            how the room is named
==============  ============================================================================================
number          the number alone: "room 104", "Raum 104", "no. 104", "#104", "A104" (a code with a letter)
label           the long name (or the Name when it is the only text) alone: "the Seminarraum", "Living Room"
owner           a distinctive word of the long name, as people say whose room it is: "the Hausmeister's
                office", "das Büro vom Hausmeister", "the office of Mr Schmidt"
spelling        umlauts written out or put back ("Büro Müller II" for "Buero Mueller II", "Kueche" for
                "Küche"), case ("LIVING ROOM") and hyphens ("Buero-Meier", "Living-Room")
num_label       number plus name: "104 Buero Hausmeister", "A104 (Bathroom 1)", "Bathroom 1 (A104)",
                "room 001 - Besprechungsraum I"
series          a numeral continuing a named series: "Besprechungsraum I or II", "bedrooms 1 and 2",
                "Technikraum I, II and III", "Labor K1 and K2"
multi           two or three rooms in one question: "the Bad and the Kitchen", "Küche, Bad and Flur"
decline         premises asserted false or ambiguous: a name part several spaces share ("Mueller's office"
                when seven offices hold it: the answer must name the candidates and list nothing), a room
                name no space holds ("the sauna"), a series member that does not exist ("Besprechungsraum
                III"), a number no space has ("room 777")
==============  ============================================================================================

Templates (English, German for German-named rooms): which storey is X on; what is in X (contained elements); what
doors lead into X (its IfcRelSpaceBoundary doors); the net floor area of X; is X on <storey> (yes/no; the other
storey seeded). A template is used only where the model holds what it asks (contained elements, door boundaries,
a floor-area quantity), so no case asks for nothing.

Oracle rules (``people_oracles`` semantics): a space's storey through IfcRelAggregates; **in X** = contained in the
space (IfcRelContainedInSpatialStructure); **the doors of X** = IfcDoor of the space's IfcRelSpaceBoundary; **the
area of X** = NetFloorArea of BaseQuantities / Qto_SpaceBaseQuantities, else "GSA BIM Area" (Duplex, Revit); two
or more rooms: the union (contents, doors), the sum (area) or the storeys of all; "which is bigger, A or B" the
space with the larger area. A singular reference to several spaces is a decline, except "which storey" when they
all lie on one storey (then that storey: the answer is the same whichever is meant), and a function word by itself
("the kitchen", "Flur", "Buero": ``FUNCTION_LABELS``) whose spaces all lie on one storey, which is every room of that
function there (the project's rule since round 7, ``dev_round7_rooms`` "Welche Fenster hat der Flur im EG?"; this
exception was added after the first score of the bench, see README "Round 10 room10").

Two files: ``room_cases.json`` (development: read, fixed against) and ``room_cases_b.json`` (held back: a seeded
third of the cases by id hash, scored only before and after the work). Deterministic (seeded per space and form).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from people_oracles import Model, decline, elements, number, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT_A = HERE / "room_cases.json"
OUT_B = HERE / "room_cases_b.json"

# the shared models with spaces people can name (Heizung, WP, domestic-hot-water, IfcOpenHouse, linear: none;
# Duplex_Electrical: one roof space)
MODELS = ("3rooms_Heater_AirTerminal_Table_with_SB.ifc", "AC11-FZK-Haus-IFC.ifc", "AC20-FZK-Haus.ifc",
          "AC11-Institute-Var-2-IFC.ifc", "Duplex_A_20110907.ifc", "ExampleHOM.ifc", "Ifc4_SampleHouse.ifc",
          "KIT-EDC_with_SB.ifc", "LargeBuilding.ifc", "revit_quantities.ifc")

JUNK_LABEL = re.compile(r"^(?:room|space_\d+|oldspaceguids_|none)$", re.I)
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
OFFICE_WORDS = ("buero", "büro", "office")
GERMAN_HINT = re.compile(r"(?i)buero|büro|raum|labor|flur|küche|kueche|bad$|wohnen|schlaf|galerie|dachboden|"
                         r"empfang|technik|seminar|besprechung|wc ")


@dataclass
class Room:
    space: Any
    label: str | None  # what a person reads on the plan (LongName, else the Name when it is text)
    num: str | None  # the room number (a Name of digits or a letter code, or a leading number)
    storey: str


def rooms_of(m: Model) -> list[Room]:
    out = []
    for s in m.spaces():
        name, long = (s.Name or "").strip(), (s.LongName or "").strip()
        label = long if long and not JUNK_LABEL.match(long) else None
        num = None
        if re.fullmatch(r"[A-Z]?\d{1,4}", name):
            num = name
        elif m_ := re.fullmatch(r"(\d+) - (.+)", name):  # "1 - Living room"
            num = m_.group(1)
        if label is None and re.fullmatch(r"[^\W\d_]+\d*", name) and not JUNK_LABEL.match(name):
            label = name  # "Bad", "Kitchen5"
        out.append(Room(s, label, num, m.storey_name(s) or ""))
    return out


def area_of(space: Any) -> float | None:
    for qset in ("BaseQuantities", "Qto_SpaceBaseQuantities"):
        v = Model.prop(space, qset, "NetFloorArea")
        if isinstance(v, (int, float)):
            return float(v)
    v = Model.prop(space, "GSA Space Areas", "GSA BIM Area")
    return float(v) if isinstance(v, (int, float)) else None


def is_german(label: str) -> bool:
    return bool(GERMAN_HINT.search(label))


# --- templates ------------------------------------------------------------------------------------------
Case = dict[str, Any]
Ctx = tuple[Model, list[Room], random.Random]


def t_storey(ref: str, rooms: list[Room], ctx: Ctx, german: bool) -> tuple[str, dict[str, Any], str] | None:
    r = ctx[2]
    forms = (["In welchem Stockwerk liegt {R}?", "In welchem Geschoss ist {R}?", "Auf welcher Etage ist {R}?"]
             if german else ["Which storey is {R} on?", "what floor is {R} on", "which level is {R} located on?",
                             "{R} - which floor?"])
    q = r.choice(forms).replace("{R}", ref)
    return q, storeys(x.storey for x in rooms), "the storey of the space(s) (IfcRelAggregates)"


def t_contents(ref: str, rooms: list[Room], ctx: Ctx, german: bool) -> tuple[str, dict[str, Any], str] | None:
    m, r = ctx[0], ctx[2]
    inside = [e for x in rooms for e in m.in_space(x.space)]
    if not inside:
        return None
    forms = ["Was steht in {R}?", "Was befindet sich in {R}?"] if german else [
        "What is in {R}?", "what's inside {R}", "list everything in {R}", "What elements are in {R}?"]
    return (r.choice(forms).replace("{R}", ref), elements(inside),
            "in X = contained in the space(s) (IfcRelContainedInSpatialStructure)")


def t_doors(ref: str, rooms: list[Room], ctx: Ctx, german: bool) -> tuple[str, dict[str, Any], str] | None:
    m, r = ctx[0], ctx[2]
    doors = [e for x in rooms for e in m.bounding(x.space, "IfcDoor")]
    if not doors:
        return None
    forms = ["Welche Türen hat {R}?", "Welche Türen führen in {R}?"] if german else [
        "What doors lead into {R}?", "which doors does {R} have", "doors of {R}?", "Which doors open into {R}?"]
    return (r.choice(forms).replace("{R}", ref), elements(doors),
            "the doors of X = IfcDoor of the space(s)' IfcRelSpaceBoundary")


def t_area(ref: str, rooms: list[Room], ctx: Ctx, german: bool,
           singular: bool = False) -> tuple[str, dict[str, Any], str] | None:
    r = ctx[2]
    values = [area_of(x.space) for x in rooms]
    if any(v is None for v in values):
        return None
    if len(rooms) == 1 or singular:
        forms = ["Wie groß ist {R}?", "Welche Nettogrundfläche hat {R}?"] if german else [
            "What is the net floor area of {R}?", "how big is {R} in m2", "floor area of {R}?"]
    else:
        forms = ["Wie groß sind {R} zusammen?"] if german else [
            "What is the total floor area of {R}?", "how much floor space do {R} have together",
            "combined net floor area of {R}?"]
    return (r.choice(forms).replace("{R}", ref), number(sum(v for v in values if v is not None), "m²",
                                                         [x.space for x in rooms]),
            "NetFloorArea (BaseQuantities / Qto_SpaceBaseQuantities) else GSA BIM Area, summed")


def t_is_on(ref: str, rooms: list[Room], ctx: Ctx, german: bool) -> tuple[str, dict[str, Any], str] | None:
    m, r = ctx[0], ctx[2]
    if len(rooms) != 1:
        return None
    others = [s for s in m.storey_names() if s != rooms[0].storey]
    truth = not others or r.random() < 0.5
    asked = rooms[0].storey if truth else r.choice(others)
    forms = ["Liegt {R} im {S}?", "Ist {R} im Geschoss {S}?"] if german else [
        "Is {R} on {S}?", "is {R} located on {S}", "{R} is on {S}, right?"]
    q = r.choice(forms).replace("{R}", ref).replace("{S}", asked)
    return q, yes_no(truth), f"whether the space's storey is {asked}"


TEMPLATES: dict[str, Callable[..., tuple[str, dict[str, Any], str] | None]] = {
    "storey": t_storey, "contents": t_contents, "doors": t_doors, "area": t_area, "is_on": t_is_on}


# labels that are a room function word by themselves: the project's rule (dev_round7_rooms, "der Flur im EG") reads
# them as every room of that function, so several on ONE storey are answered together; on several storeys declined
FUNCTION_LABELS = frozenset(["kitchen", "küche", "kueche", "foyer", "hallway", "flur", "living room", "wohnen", "bad",
                             "bathroom", "bedroom", "schlafzimmer", "buero", "büro", "office", "wc", "galerie",
                             "entrance hall", "corridor"])


def ambiguous_oracle(template: str, rooms: list[Room], ref: str) -> dict[str, Any] | None:
    """A singular reference to several spaces: decline (the answer must name the candidates and list nothing),
    except the storey when they all share one; a function word alone on one storey: None (answered together)."""
    one_storey = len({x.storey for x in rooms}) == 1
    if template == "storey" and one_storey:
        return storeys([rooms[0].storey])
    if one_storey and _plain(re.sub(r"^the (?:room )?", "", ref)) in {_plain(w) for w in FUNCTION_LABELS}:
        return None
    return decline()


# --- reference forms --------------------------------------------------------------------------------------
def refs_number(room: Room, all_rooms: list[Room], r: random.Random) -> list[tuple[str, list[Room]]]:
    if room.num is None:
        return []
    same = [x for x in all_rooms if x.num == room.num]
    n = room.num
    forms = [f"room {n}", f"Raum {n}", f"room no. {n}", f"room #{n}", f"rm {n}", f"space {n}"]
    if re.match(r"[A-Z]", n):
        forms += [n, n, f"{n[0]}-{n[1:]}"]
    return [(r.choice(forms), same)]


def _plain(text: str) -> str:
    return text.casefold().replace("ü", "ue").replace("ö", "oe").replace("ä", "ae").replace("ß", "ss")


def label_users(label: str, all_rooms: list[Room]) -> list[Room]:
    """The spaces a label names: those labelled so; for a function word by itself ("Buero") every space whose label
    holds it as a word ("Buero Meier" too)."""
    if _plain(label) in {_plain(w) for w in FUNCTION_LABELS}:
        return [x for x in all_rooms if x.label is not None
                and re.search(rf"(?<!\w){re.escape(_plain(label))}(?!\w)", _plain(x.label))]
    return [x for x in all_rooms if x.label is not None and x.label.casefold() == label.casefold()]


def refs_label(room: Room, all_rooms: list[Room], r: random.Random) -> list[tuple[str, list[Room]]]:
    if room.label is None:
        return []
    return [(r.choice([f"the {room.label}", room.label, f"the room {room.label}"]),
             label_users(room.label, all_rooms))]


def owner_word(room: Room) -> str | None:
    """The owner of an office: "Buero Hausmeister" -> "Hausmeister", "Buero Mueller II" -> "Mueller" (the word
    after the office word; several offices may share it)."""
    if room.label is None:
        return None
    words = room.label.split()
    if (len(words) >= 2 and words[0].casefold() in OFFICE_WORDS and words[1].isalpha() and len(words[1]) > 2
            and not re.search(r"[a-z][IVX]+$", words[1]) and words[1] not in ("IL",)):
        return words[1]
    return None


def owner_forms(owner: str, german: bool, r: random.Random) -> str:
    shown = owner.replace("ue", "ü") if r.random() < 0.3 else owner
    forms = [f"das Büro vom {shown}", f"das Büro von {shown}", f"das Buero von Herrn {shown}"] if german else [
        f"the {shown}'s office", f"{shown}'s office", f"the office of {shown}", f"the office of Mr {shown}"]
    if owner.casefold() in ("hausmeister", "studenten"):
        forms = [f"das Büro vom {shown}", f"the {shown}'s office", f"the office of the {shown}"]
    return r.choice(forms)


def refs_owner(room: Room, all_rooms: list[Room], r: random.Random) -> list[tuple[str, list[Room]]]:
    owner = owner_word(room)
    if owner is None:
        return []
    same = [x for x in all_rooms if owner_word(x) == owner]
    return [(owner_forms(owner, r.random() < 0.4, r), same)]


def respell(label: str, r: random.Random) -> str | None:
    options = []
    if re.search(r"ue|oe|ae", label):
        options.append(label.replace("ue", "ü").replace("oe", "ö").replace("ae", "ä"))
    if re.search(r"[äöüÄÖÜß]", label):
        options.append(label.replace("ü", "ue").replace("ö", "oe").replace("ä", "ae").replace("ß", "ss"))
    if " " in label:
        options.append(label.replace(" ", "-"))
    options.append(label.upper() if r.random() < 0.5 else label.lower())
    return r.choice(options)


def refs_spelling(room: Room, all_rooms: list[Room], r: random.Random) -> list[tuple[str, list[Room]]]:
    if room.label is None:
        return []
    text = respell(room.label, r)
    if text is None or text == room.label:
        return []
    return [(r.choice([f"the {text}", text]), label_users(room.label, all_rooms))]


def refs_num_label(room: Room, all_rooms: list[Room], r: random.Random) -> list[tuple[str, list[Room]]]:
    if room.num is None or room.label is None or room.label.casefold().startswith(room.num.casefold()):
        return []
    n, lab = room.num, room.label
    forms = [f"{n} ({lab})", f"{lab} ({n})", f"room {n} - {lab}", f"{lab}, room {n}"]
    if len(n) >= 3:  # "104 Buero Hausmeister" ("2 Buero" would be two offices)
        forms.append(f"{n} {lab}")
    return [(r.choice(forms), [room])]


SERIES = re.compile(r"^(?P<stem>.*?[^\W\d_])\s*(?P<num>[IVX]+|\d+|K\d+)$")


def series_of(all_rooms: list[Room]) -> dict[str, list[tuple[str, Room]]]:
    """Labels that continue a series: stem -> [(numeral, room)] with at least two members and unique labels."""
    out: dict[str, list[tuple[str, Room]]] = defaultdict(list)
    for x in all_rooms:
        if x.label is None or len(label_users(x.label, all_rooms)) != 1:
            continue
        m_ = SERIES.match(x.label)
        if m_ is None or not re.search(r"\s", x.label):
            continue
        num = m_.group("num")
        if num.startswith("K"):
            stem = f"{m_.group('stem')} K"
            num = num[1:]
        else:
            stem = m_.group("stem")
        if num in ROMAN or num.isdigit():
            out[stem].append((num, x))
    return {k: v for k, v in out.items() if len(v) >= 2}


def next_numeral(nums: list[str]) -> str:
    if all(n in ROMAN for n in nums):
        top = max(ROMAN.index(n) for n in nums)
        return ROMAN[top + 1] if top + 1 < len(ROMAN) else "X"
    return str(max(int(n) for n in nums) + 1)


def plural(stem: str) -> str:
    low = stem.casefold()
    if low.endswith("raum"):
        return stem[:-4] + "räume"
    if low.endswith(("room", "office")):
        return stem + "s"
    return stem


# --- generation -------------------------------------------------------------------------------------------
def seeded(*parts: str) -> random.Random:
    return random.Random(int(hashlib.sha256("|".join(parts).encode()).hexdigest()[:12], 16))


PER_MODEL = 10  # spaces per model (seeded sample) for each single-room form
CLASS_LABELS = frozenset(["stair", "roof"])  # a label that is also an element class word: either may be meant


def germanise(ref: str) -> str:
    """A reference as a German template takes it ("the room X" -> "Raum X", "the X" -> "X")."""
    ref = re.sub(r"^the room ", "Raum ", ref)
    ref = re.sub(r"^(?:the|room) ", lambda m_: "Raum " if m_.group(0) == "room " else "", ref)
    return ref


def generate(ifc_dir: Path) -> list[Case]:
    cases: list[Case] = []
    for model_name in MODELS:
        m = Model(ifc_dir / model_name)
        all_rooms = rooms_of(m)
        nameable = [x for x in all_rooms if not (x.label and x.label.casefold() in CLASS_LABELS)]
        for form, maker in (("number", refs_number), ("label", refs_label), ("owner", refs_owner),
                            ("spelling", refs_spelling), ("num_label", refs_num_label)):
            pool = [x for x in nameable if maker(x, all_rooms, seeded("probe"))]
            picked = seeded(model_name, form, "sample").sample(pool, min(PER_MODEL, len(pool)))
            for room in sorted(picked, key=lambda x: x.space.id()):
                r = seeded(model_name, room.space.GlobalId, form)
                for ref, meant in maker(room, all_rooms, r):
                    names = list(TEMPLATES)
                    r.shuffle(names)
                    german = room.label is not None and is_german(room.label) and r.random() < 0.5
                    if form == "owner":  # "das Büro vom Hausmeister" asks in German, "Meier's office" in English
                        german = ref.startswith("das ")
                    for tname in names:
                        asked = germanise(ref) if german else ref
                        if tname == "area":
                            made = t_area(asked, meant, (m, all_rooms, r), german, singular=True)
                        else:
                            made = TEMPLATES[tname](asked, meant, (m, all_rooms, r), german)
                        if made is None:
                            continue
                        q, oracle, rule = made
                        q = q.replace(" in das ", " im ")  # "Was steht im Büro vom Hausmeister?"
                        if len(meant) > 1:
                            amb = ambiguous_oracle(tname, meant, ref) or oracle
                            if amb["type"] == "decline":
                                rule = (f"'{ref}' names {len(meant)} spaces "
                                        f"({', '.join(sorted(x.space.Name for x in meant))}): decline naming them")
                                oracle = amb
                        cases.append(case(model_name, form if len(meant) == 1 else f"{form}_ambiguous", tname,
                                          q, oracle, rule))
                        break
        cases += series_cases(model_name, m, all_rooms)
        cases += multi_cases(model_name, m, [x for x in nameable])
        cases += decline_cases(model_name, m, all_rooms)
    seen: Counter[str] = Counter()
    for c in cases:
        seen[c["id"]] += 1
        c["id"] = f"{c['id']}-{seen[c['id']]:02d}"
    return cases


def case(model: str, form: str, template: str, q: str, oracle: dict[str, Any], rule: str) -> Case:
    return {"id": f"rr-{form}-{template}", "query": q, "ifc_filename": model, "kind": "rooms", "oracle": oracle,
            "oracle_rule": rule, "source": "ifcopenshell", "form": form, "template": template}


def series_cases(model_name: str, m: Model, all_rooms: list[Room]) -> list[Case]:
    out = []
    for stem, members in sorted(series_of(all_rooms).items()):
        r = seeded(model_name, stem, "series")
        members = sorted(members, key=lambda p: (ROMAN.index(p[0]) if p[0] in ROMAN else int(p[0])))
        k = 3 if len(members) >= 3 and r.random() < 0.4 else 2
        chosen = members[:k] if r.random() < 0.5 else members[-k:]
        nums = [n for n, _ in chosen]
        rooms = [x for _, x in chosen]
        joiner = r.choice([" and ", " or "]) if k == 2 else " and "
        listed = ", ".join(nums[:-1]) + joiner + nums[-1] if k == 3 else nums[0] + joiner + nums[1]
        german = is_german(stem)
        ref_plural = f"{plural(stem)} {listed}"
        ref_named = f"{stem} {listed}"
        if len({area_of(x.space) for x in rooms}) == k and None not in {area_of(x.space) for x in rooms} and k == 2:
            q = r.choice([f"which is bigger by net floor area, {stem} {nums[0]} or {nums[1]}?",
                          f"Which one is larger: {stem} {nums[0]} or {nums[1]}?",
                          f"Was ist größer, {stem} {nums[0]} oder {nums[1]}?" if german else
                          f"is {stem} {nums[0]} or {nums[1]} the bigger room?"])
            best = max(rooms, key=lambda x: area_of(x.space) or 0.0)
            out.append(case(model_name, "series", "bigger", q, elements([best.space]),
                            f"the space ({', '.join(x.space.Name for x in rooms)}) with the larger NetFloorArea"))
        done = 0
        names = ["storey", "doors", "area", "contents"]
        r.shuffle(names)
        for tname in names:
            if done >= 2:
                break
            ref = r.choice([ref_named, ref_plural, f"the {ref_plural}"]).replace(" or ", " and ")
            g = german and r.random() < 0.5
            if g:
                ref = germanise(ref).replace(" and ", " und ")
            made = TEMPLATES[tname](ref, rooms, (m, all_rooms, r), g)
            if made is None:
                continue
            out.append(case(model_name, "series", tname, *made))
            done += 1
        # a member that does not exist: decline
        missing = next_numeral([n for n, _ in members])
        ref = r.choice([f"{stem} {missing}", f"the {stem} {missing}"])
        made = TEMPLATES["storey"](ref, [members[0][1]], (m, all_rooms, r), german)
        assert made is not None
        out.append(case(model_name, "decline_series", "storey", made[0], decline(),
                        f"no space is labelled '{stem} {missing}' (the series has "
                        f"{', '.join(n for n, _ in members)}): decline"))
    return out


def multi_cases(model_name: str, m: Model, all_rooms: list[Room]) -> list[Case]:
    """Two or three uniquely labelled rooms (different labels, no series) in one question."""
    r = seeded(model_name, "multi")
    unique = [x for x in all_rooms if x.label and len(label_users(x.label, all_rooms)) == 1
              and not SERIES.match(x.label)]
    out = []
    for _ in range(3):
        if len(unique) < 2:
            break
        k = 3 if len(unique) >= 3 and r.random() < 0.3 else 2
        rooms = r.sample(unique, k)
        labels = [x.label or "" for x in rooms]
        the = r.random() < 0.5
        parts = [f"the {lab}" if the else lab for lab in labels]
        ref = ", ".join(parts[:-1]) + " and " + parts[-1]
        names = ["area", "storey", "doors", "contents"]
        r.shuffle(names)
        for tname in names:
            made = TEMPLATES[tname](ref, rooms, (m, all_rooms, r), False)
            if made is not None:
                out.append(case(model_name, "multi", tname, *made))
                break
    return out


ABSENT = ("the sauna", "the server room", "the Bibliothek", "the gym", "the wine cellar", "the Werkstatt")


def decline_cases(model_name: str, m: Model, all_rooms: list[Room]) -> list[Case]:
    r = seeded(model_name, "decline")
    out = []
    texts = " ".join(f"{x.space.Name} {x.space.LongName}" for x in all_rooms).casefold()
    absent = [a for a in ABSENT if a.split()[-1].casefold() not in texts]
    for a in r.sample(absent, 1):
        tname = r.choice(["storey", "area", "is_on"] if any(area_of(x.space) for x in all_rooms) else ["storey"])
        fake = all_rooms[0]
        made = TEMPLATES[tname](a, [fake], (m, all_rooms, r), False)
        if made is not None:
            out.append(case(model_name, "decline_absent", tname, made[0], decline(),
                            f"no space is named '{a[4:]}' (nor holds that function): decline"))
    nums = {x.num for x in all_rooms if x.num}
    if nums:
        sample = sorted(nums)[0]
        fake_num = ("A" if sample[0].isalpha() else "") + "777"
        ref = r.choice([f"room {fake_num}", f"Raum {fake_num}", f"room no. {fake_num}"])
        made = TEMPLATES["storey"](ref, [all_rooms[0]], (m, all_rooms, r), False)
        assert made is not None
        out.append(case(model_name, "decline_number", "storey", made[0], decline(),
                        f"no space is numbered {fake_num}: decline"))
    return out


def split(cases: list[Case]) -> tuple[list[Case], list[Case]]:
    """A seeded third of the cases (by id hash) is held back."""
    held = [c for c in cases if int(hashlib.sha256(c["id"].encode()).hexdigest(), 16) % 3 == 0]
    dev = [c for c in cases if c not in held]
    return dev, held


def dumps(cases: list[Case]) -> str:
    return json.dumps(cases, indent=1, ensure_ascii=False) + "\n"


def report(run_dir: Path, cases_file: Path) -> None:
    forms = {c["id"]: (c["form"], c["template"]) for c in json.loads(cases_file.read_text(encoding="utf-8"))}
    by: dict[str, list[float]] = defaultdict(list)
    for line in (run_dir / "records.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        form, template = forms.get(rec["id"], ("?", "?"))
        by[form].append(float(rec.get("score", 0.0)))
        by[f"  {template}"].append(float(rec.get("score", 0.0)))
    for key in sorted(by, key=lambda k: (k.startswith(" "), k)):
        v = by[key]
        print(f"{key:24s} n={len(v):3d} mean={sum(v) / len(v):.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--report", type=Path, help="a spatial-bench output folder: scores per form and template")
    parser.add_argument("--cases", type=Path, default=OUT_A, help="with --report: the cases file it ran")
    args = parser.parse_args(argv)
    if args.report is not None:
        report(args.report, args.cases)
        return 0
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    dev, held = split(generate(args.ifc_dir))
    ok = True
    for path, part in ((OUT_A, dev), (OUT_B, held)):
        text = dumps(part)
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            print(f"{path}: {'up to date' if same else 'differs from the generator'}")
            ok = ok and same
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{len(part)} cases -> {path}: " + ", ".join(
                f"{k} {v}" for k, v in sorted(Counter(c["form"] for c in part).items())))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
