"""Round 20 (pointer20): messages whose request points back at a scope stated elsewhere in the message, with their
oracles computed by plain IfcOpenShell (never ifcqa).

A pointer ("that storey", "those two levels", "that room", "there", "da drin", "dieses Geschoss") stands for a
referent of its type named in another unit of the message (a ticket field, an earlier sentence, a chat turn); a
referent in a dismissing statement ("is finished already", "isn't getting any", "bleibt wie es ist") is no
antecedent. Each message is scored against the plain walk of what the bound request asks, or must decline (two
candidates, none, a storey or room the model lacks, a restriction that cannot be read).

Writes ``pointer20_cases.json`` (dev) and ``pointer20_cases_b.json`` (held out: written at the same time, scored
only at the end). Run: ``python bench/spatial/pointer20_cases.py`` from the repository root.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

IFC = Path(__file__).resolve().parents[2] / ".." / "shared" / "ifc"
HERE = Path(__file__).resolve().parent
CLASSES = {"doors": "IfcDoor", "windows": "IfcWindow", "walls": "IfcWall", "slabs": "IfcSlab",
           "furniture": "IfcFurnishingElement", "spaces": "IfcSpace"}


@cache
def model(name: str) -> ifcopenshell.file:
    return ifcopenshell.open(str(IFC / name))


def storey_of(e: ifcopenshell.entity_instance) -> str | None:
    """Storey-deep: contained in the storey, in one of its spaces, or part of / filling an element that is."""
    for _ in range(10):
        if e is None:
            return None
        if e.is_a("IfcBuildingStorey"):
            return str(e.Name)
        container = ue.get_container(e)
        if container is not None:
            e = container
            continue
        parent = ue.get_aggregate(e)
        if parent is not None:
            e = parent
            continue
        fills = getattr(e, "FillsVoids", None) or ()
        e = fills[0].RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement if fills else None
    return None


def on_storeys(m: str, cls: str, storeys: list[str]) -> list[str]:
    return sorted(e.GlobalId for e in model(m).by_type(CLASSES[cls]) if storey_of(e) in storeys)


def space(m: str, name: str) -> ifcopenshell.entity_instance:
    found = [s for s in model(m).by_type("IfcSpace") if name in (s.Name, s.LongName)]
    assert len(found) == 1, (m, name, found)
    return found[0]


def bounding(m: str, cls: str, room: str) -> list[str]:
    s = space(m, room)
    return sorted({b.RelatedBuildingElement.GlobalId for b in s.BoundedBy or ()
                   if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a(CLASSES[cls])})


def contained(m: str, cls: str, room: str) -> list[str]:
    s = space(m, room)
    return sorted(e.GlobalId for rel in s.ContainsElements or () for e in rel.RelatedElements
                  if e.is_a(CLASSES[cls]))


def external(m: str, cls: str, storeys: list[str], value: bool) -> list[str]:
    out = []
    for e in model(m).by_type(CLASSES[cls]):
        if storey_of(e) not in storeys:
            continue
        common = ue.get_psets(e).get(f"Pset_{CLASSES[cls][3:]}Common", {})
        if common.get("IsExternal") is value:
            out.append(e.GlobalId)
    return sorted(out)


def count(guids: list[str]) -> dict[str, Any]:
    return {"type": "count", "value": len(guids), "guids": guids}


def elements(guids: list[str]) -> dict[str, Any]:
    return {"type": "elements", "guids": guids}


DECLINE = {"type": "decline"}


def case(query: str, m: str, kind: str, oracle: dict[str, Any], rule: str) -> dict[str, Any]:
    digest = hashlib.sha1((m + query).encode()).hexdigest()[:10]
    bench_kind = KINDS[kind] if kind != "place" else ("rooms" if "contained in" in rule else "storey_class")
    return {"id": f"pointer20-{kind}-{digest}", "query": query, "ifc_filename": m, "kind": bench_kind,
            "pointer": kind, "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"}


# the pointer's type (``pointer``) -> the bench's kind of question
KINDS = {"storey": "storey_class", "storey_set": "multi_storey", "room": "rooms", "restricted": "qualifiers",
         "chooser": "comparison", "exclusion": "negation"}


D, K, H, F20, F11, R3, INST, S = ("Duplex_A_20110907.ifc", "KIT-EDC_with_SB.ifc", "ExampleHOM.ifc", "AC20-FZK-Haus.ifc",
                               "AC11-FZK-Haus-IFC.ifc", "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
                               "AC11-Institute-Var-2-IFC.ifc", "Ifc4_SampleHouse.ifc")


def dev() -> list[dict[str, Any]]:
    c = []
    # one storey, named in a ticket field or an earlier sentence
    c.append(case("Ticket 1204 | Category: Doors | Location: Level 2 | Question: how many doors does that level "
                  "have?", D, "storey", count(on_storeys(D, "doors", ["Level 2"])), "IfcDoor on Level 2"))
    c.append(case("Ticket 88 | Ort: Erdgeschoss | Anliegen: Fensterreinigung im Mai | Frage: wie viele Fenster hat "
                  "dieses Geschoss?", INST, "storey", count(on_storeys(INST, "windows", ["Erdgeschoss"])),
                  "IfcWindow on Erdgeschoss"))
    c.append(case("We start with the 2.OG, the EG was done in spring. How many doors are on that floor?", K, "storey",
                  count(on_storeys(K, "doors", ["2.OG"])), "IfcDoor on 2.OG (EG dismissed: was done)"))
    c.append(case("Hi,\n\nthe attic stays as it is, the cleaners only do the GroundFloor this time. Which windows "
                  "are on that storey?\n\nThanks, Ines", H, "storey",
                  elements(on_storeys(H, "windows", ["GroundFloor"])), "IfcWindow on GroundFloor (attic dismissed)"))
    c.append(case("Der Maler streicht das Dachgeschoss, das Erdgeschoss ist schon fertig. Wie viele Wände hat dieses "
                  "Geschoss?", F20, "storey", count(on_storeys(F20, "walls", ["Dachgeschoss"])),
                  "IfcWall on Dachgeschoss (Erdgeschoss dismissed)"))
    c.append(case("Scope: 1. Obergeschoss | Details: new door numbering | Question: list the doors on that storey",
                  INST, "storey", elements(on_storeys(INST, "doors", ["1. Obergeschoss"])),
                  "IfcDoor on 1. Obergeschoss"))
    c.append(case("Mo: the electrician does Level 1 first\nMo: @assistant how many walls are on that level?", D,
                  "storey", count(on_storeys(D, "walls", ["Level 1"])), "IfcWall on Level 1"))
    c.append(case("The slab inspection covers the 1.OG; the 2.OG was done last year. How many slabs does that storey "
                  "have?", K, "storey", count(on_storeys(K, "slabs", ["1.OG"])), "IfcSlab on 1.OG"))
    c.append(case("Voice memo: okay, the Erdgeschoss gets new sills, the Dachgeschoss isn't getting any. How many "
                  "windows on that storey?", F11, "storey", count(on_storeys(F11, "windows", ["Erdgeschoss"])),
                  "IfcWindow on Erdgeschoss (Dachgeschoss dismissed)"))
    # declines: two candidates, none, a storey the model lacks
    c.append(case("Level 1 and Level 2 both get new carpets next month. How many doors are on that level?", D,
                  "storey", DECLINE, "decline: 'that level' could be Level 1 or Level 2"))
    c.append(case("Location: 4.OG | Question: how many windows does that floor have?", K, "storey", DECLINE,
                  "decline: the model has no 4.OG"))
    c.append(case("Mike: Level 1 is finished already\nSue: and the Roof was done last week\nSue: @assistant how many "
                  "windows on that level?", D, "storey", DECLINE, "decline: every storey named is dismissed"))
    c.append(case("We are looking at the Erdgeschoss and the Dachgeschoss this week. How many walls does that storey "
                  "have?", F20, "storey", DECLINE, "decline: two candidates"))
    c.append(case("Location: Mezzanine | Question: how many doors are on that storey?", H, "storey", DECLINE,
                  "decline: no storey Mezzanine"))
    # a pair or set of storeys
    c.append(case("The film goes on Level 1 and Level 2; the Roof isn't getting any. How many windows on those two "
                  "levels?", D, "storey_set", count(on_storeys(D, "windows", ["Level 1", "Level 2"])),
                  "IfcWindow on Level 1 or Level 2"))
    c.append(case("Ticket 310 | Scope: Erdgeschoss, 1. Obergeschoss (the Keller is handled by the landlord) | "
                  "Question: how many doors on those two storeys altogether?", INST, "storey_set",
                  count(on_storeys(INST, "doors", ["Erdgeschoss", "1. Obergeschoss"])),
                  "IfcDoor on Erdgeschoss or 1. Obergeschoss"))
    c.append(case("We only redo the 1.OG and the 2.OG. How many doors are on those floors?", K, "storey_set",
                  count(on_storeys(K, "doors", ["1.OG", "2.OG"])), "IfcDoor on 1.OG or 2.OG"))
    c.append(case("Level 2 is finished already. How many windows are on those two levels?", D, "storey_set", DECLINE,
                  "decline: no pair of storeys left"))
    c.append(case("Kai: die Fenster im Erdgeschoss und im Dachgeschoss werden geputzt\nKai: @assistant wie viele "
                  "Fenster sind das auf diesen beiden Geschossen?", F20, "storey_set",
                  count(on_storeys(F20, "windows", ["Erdgeschoss", "Dachgeschoss"])),
                  "IfcWindow on Erdgeschoss or Dachgeschoss"))
    # a room
    c.append(case("Die Küche bekommt neue Vorhänge, die anderen Räume bleiben wie sie sind. Welche Fenster hat "
                  "dieser Raum?", F20, "room", elements(bounding(F20, "windows", "Küche")),
                  "IfcWindow bounding space Küche"))
    c.append(case("Ticket 77 | Room: Kitchen5 (GroundFloor) | Request: which windows does that room have?", H, "room",
                  elements(bounding(H, "windows", "Kitchen5")), "IfcWindow bounding Kitchen5"))
    c.append(case("Sara: the blinds are for Empfang only\nPaul: ok - which windows does that room have?", R3, "room",
                  elements(bounding(R3, "windows", "Empfang")), "IfcWindow bounding Empfang"))
    c.append(case("Ticket 12 | Area: Living1 | Issue: draught | Request: list the doors of that room", H, "room",
                  elements(bounding(H, "doors", "Living1")), "IfcDoor bounding Living1"))
    c.append(case("Küche und Bad bekommen neue Fliesen. Welche Fenster hat dieser Raum?", F20, "room", DECLINE,
                  "decline: two rooms"))
    c.append(case("Ticket 9 | Area: Sauna | Request: list the windows of that room", H, "room", DECLINE,
                  "decline: no space Sauna"))
    c.append(case("The movers empty Bedroom6 on Monday, Bath9 stays as it is. Which doors does that room have?", H,
                  "room", elements(bounding(H, "doors", "Bedroom6")), "IfcDoor bounding Bedroom6"))
    # a place of either type: there, dort, da drin
    c.append(case("Petra: Buero Studenten II wird am Montag geräumt.\nKlaus: Ok. Wie viele Möbel stehen da drin?", INST,
                  "place", count(contained(INST, "furniture", "Buero Studenten II")),
                  "IfcFurnishingElement contained in Buero Studenten II"))
    c.append(case("We are clearing out the Keller next week. How many pieces of furniture are down there?", INST,
                  "place", count(on_storeys(INST, "furniture", ["Keller"])), "IfcFurnishingElement on Keller"))
    c.append(case("Jo: only the 1stFloor gets new flooring\nJo: how many doors are there?", H, "place",
                  count(on_storeys(H, "doors", ["1stFloor"])), "IfcDoor on 1stFloor"))
    c.append(case("Lea: Level 1 and Level 2 get new paint\nLea: how many walls are up there?", D, "place",
                  count(on_storeys(D, "walls", ["Level 1", "Level 2"])),
                  "IfcWall on Level 1 or Level 2 (said together)"))
    c.append(case("Tom: the GroundFloor was done last year\nTom: the 1stFloor is done too\nTom: how many windows are "
                  "up there?", H, "place", DECLINE, "decline: every place named is dismissed"))
    c.append(case("Wir räumen den Keller und das Erdgeschoss nicht gleichzeitig. Wie viele Möbel stehen dort?", INST,
                  "place", DECLINE, "decline: two places said apart (not together)"))
    # a set of elements carrying a restriction
    c.append(case("Scope: Level 1 | Details: every door that leads outside gets a new lock | Question: which doors "
                  "on that level are those?", D, "restricted", elements(external(D, "doors", ["Level 1"], True)),
                  "IfcDoor on Level 1 with IsExternal = TRUE"))
    c.append(case("Scope: Level 1 | Details: every door with a broken hinge gets fixed | Question: which doors on "
                  "that level are those?", D, "restricted", DECLINE, "decline: 'broken hinge' cannot be read"))
    c.append(case("Only the external walls on Level 1 get insulation. Which walls on that level are those?", D,
                  "restricted", elements(external(D, "walls", ["Level 1"], True)),
                  "IfcWall on Level 1 with IsExternal = TRUE"))
    c.append(case("The cracked walls on the EG need repair. How many walls on that storey are those?", K, "restricted",
                  DECLINE, "decline: 'cracked' cannot be read"))
    # chooser pointers and exclusions
    c.append(case("Ticket 4 | Context: the blinds go to whichever of Level 1 or Level 2 has more windows | Question: "
                  "which of those two is it?", D, "chooser", {"type": "storeys", "value": [
                      max(["Level 1", "Level 2"], key=lambda s: len(on_storeys(D, "windows", [s])))]},
                  "the storey of the two with more IfcWindow"))
    c.append(case("Ute: we skip the Küche this year\nUte: the other rooms on the Erdgeschoss get new blinds\nUte: "
                  "which windows on that storey are those?", F11, "exclusion",
                  elements(sorted(set(on_storeys(F11, "windows", ["Erdgeschoss"]))
                                  - set(bounding(F11, "windows", "Küche")))),
                  "IfcWindow on Erdgeschoss not bounding Küche"))
    c.append(case("Location: Level 2 | Question: how many windows are on Level 2?", D, "storey",
                  count(on_storeys(D, "windows", ["Level 2"])), "IfcWindow on Level 2 (no pointer)"))
    c.append(case("Location: Level 1 | Question: how many doors are on Level 2?", D, "storey",
                  count(on_storeys(D, "doors", ["Level 2"])), "IfcDoor on Level 2 (the request's own storey)"))
    c.append(case("Ticket 61 | Location: attic | Question: how many windows does that storey have?", H, "storey",
                  count(on_storeys(H, "windows", ["attic"])), "IfcWindow on attic"))
    c.append(case("Ticket 51 | Location: Dachgeschoss | Question: how many windows does this floor have?", F11,
                  "storey", count(on_storeys(F11, "windows", ["Dachgeschoss"])), "IfcWindow on Dachgeschoss"))
    c.append(case("Hallo,\n\nim Bad werden die Fenster getauscht, der Flur bleibt wie er ist. Welche Fenster hat "
                  "dieser Raum?\n\nGruß, Uwe", F11, "room", elements(bounding(F11, "windows", "Bad")),
                  "IfcWindow bounding Bad"))
    return c


def held_out() -> list[dict[str, Any]]:
    c = []
    c.append(case("Work order 5512 | Location: Keller | Question: how many windows does that storey have?", INST,
                  "storey", count(on_storeys(INST, "windows", ["Keller"])), "IfcWindow on Keller"))
    c.append(case("The window cleaners do the 1stFloor on Friday; the GroundFloor was done already. Which windows are "
                  "on that floor?", H, "storey", elements(on_storeys(H, "windows", ["1stFloor"])),
                  "IfcWindow on 1stFloor"))
    c.append(case("Nina: the locksmith only does EG\nNina: how many doors does that floor have?", K, "storey",
                  count(on_storeys(K, "doors", ["EG"])), "IfcDoor on EG"))
    c.append(case("The 1.OG and the EG are on the list. How many walls are on that storey?", K, "storey", DECLINE,
                  "decline: two candidates"))
    c.append(case("Ort: 3. Obergeschoss | Frage: wie viele Türen hat dieses Geschoss?", INST, "storey", DECLINE,
                  "decline: no 3. Obergeschoss"))
    c.append(case("The Roof isn't getting any; it's Level 1 and Level 2. Can you list the doors on those two levels?",
                  D, "storey_set", elements(on_storeys(D, "doors", ["Level 1", "Level 2"])),
                  "IfcDoor on Level 1 or Level 2"))
    c.append(case("Scope: 2. Obergeschoss, Dachgeschoss (the Keller was done last year) | Question: how many windows "
                  "on those two storeys?", INST, "storey_set",
                  count(on_storeys(INST, "windows", ["2. Obergeschoss", "Dachgeschoss"])),
                  "IfcWindow on 2. Obergeschoss or Dachgeschoss"))
    c.append(case("Only the GroundFloor is ours. How many doors on those two floors?", H, "storey_set", DECLINE,
                  "decline: one storey for a pair"))
    c.append(case("Area: Wohnen | Request: which windows does that room have?", F20, "room",
                  elements(bounding(F20, "windows", "Wohnen")), "IfcWindow bounding Wohnen"))
    c.append(case("Lars: Children7 gets new curtains, Children10 stays as it is\nLars: which windows does that room "
                  "have?", H, "room", elements(bounding(H, "windows", "Children7")), "IfcWindow bounding Children7"))
    c.append(case("Wohnen and Bad both need new blinds. Which windows does that room have?", R3, "room", DECLINE,
                  "decline: two rooms"))
    c.append(case("Ticket 3 | Room: Wintergarten | Request: list the windows of that room", F11, "room", DECLINE,
                  "decline: no Wintergarten"))
    c.append(case("Der Seminarraum wird nächste Woche geräumt. Wie viele Möbel stehen dort drin?", INST, "place",
                  count(contained(INST, "furniture", "Seminarraum")), "IfcFurnishingElement in Seminarraum"))
    c.append(case("Eva: only the Dachgeschoss gets new windows\nEva: how many windows are up there now?", F20, "place",
                  count(on_storeys(F20, "windows", ["Dachgeschoss"])), "IfcWindow on Dachgeschoss"))
    c.append(case("Ben: the EG is done\nBen: the 2.OG is done too\nBen: how many doors are there?", K, "place",
                  DECLINE, "decline: every place dismissed"))
    c.append(case("Scope: Level 1 | Details: all doors that lead outside | Question: how many doors on that level are "
                  "those?", D, "restricted", count(external(D, "doors", ["Level 1"], True)),
                  "IfcDoor on Level 1 IsExternal TRUE"))
    c.append(case("Scope: Level 2 | Details: the doors with squeaky hinges | Question: which doors on that level are "
                  "those?", D, "restricted", DECLINE, "decline: squeaky hinges"))
    c.append(case("Only the internal walls on Level 2 get painted. Which walls on that level are those?", D,
                  "restricted", elements(external(D, "walls", ["Level 2"], False)),
                  "IfcWall on Level 2 IsExternal FALSE"))
    c.append(case("Location: Erdgeschoss | Question: how many doors are on Erdgeschoss?", F20, "storey",
                  count(on_storeys(F20, "doors", ["Erdgeschoss"])), "IfcDoor on Erdgeschoss (no pointer)"))
    c.append(case("Hallo,\n\ndas Erdgeschoss wird gestrichen, das Dachgeschoss bleibt wie es ist. Wie viele Wände hat "
                  "dieses Geschoss?\n\nGruß, Tim", F11, "storey", count(on_storeys(F11, "walls", ["Erdgeschoss"])),
                  "IfcWall on Erdgeschoss"))
    return c


def main() -> None:
    for name, cases in (("pointer20_cases.json", dev()), ("pointer20_cases_b.json", held_out())):
        (HERE / name).write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(name, len(cases), "declines:", sum(c["oracle"]["type"] == "decline" for c in cases))


if __name__ == "__main__":
    main()
