"""Hand-written development tasks in voices the other sets do not use (issue 23, eighth pass).

Written on 2026-12-02 by hand, before the eighth pass changed any memory code (see bench/memory/README.md),
in the format of ``handwritten_source.py`` (whose per-model distractor pool they reuse). The facts are said
the way they reach a project memory from meetings and site visits, in voices the first sets do not use:

* RFIs and their responses ("RFI 014 closed out. Architect's answer: ..."), site diary entries
  ("Diary 19/4: ..."), phone notes ("Phone note - Dave, 10:40: ..."), a supplier's e-mail forwarded
  ("Fwd: ... 'Dear Sirs, we confirm ...'"), minutes with numbered items and action owners ("MoM DTM 7,
  item 3: ... Action JB: ..."), a non-native speaker ("client has change his mind, he want now ..."), and
  German mixed into English ("die zwei Rundfenster im DG: Fenster Huber liefert").
* Elements named indirectly: by room function ("the toilets", "the kids' rooms", "the lab rooms"), by a
  storey nickname ("the bedroom level", "the basement", "the highest floor", "entrance level"), by type
  dimensions ("the 813 doors, the 2.42 m high ones", "the two 810s", "the 915 by 1830 fixed lights"), and
  back-references ("the one we discussed").
* Revisions phrased in new ways ("rev C supersedes rev B", "agreed with client to go with ...", "not more
  the grey", "vetoed ..., ... instead", "now 2.9 m instead 2.7 m"), negations ("except the Flur", "no
  bathtub"), and 1-3 key facts a task (a rate with a flat delivery charge; a delivery week and a glass value
  in one e-mail; a room's floor, wall colour and temperature in one set of minutes).

Every tool turn is a real ``call_tool`` run (``handwritten_build.py --source bench/memory/meetings7_source.py``).
These tasks are development data for the eighth pass, not a blind score.
"""

# ruff: noqa: E501 - hand-written data: one sentence a line reads better than wrapped
from __future__ import annotations

from handwritten_source import POOL as _POOL
from handwritten_source import K, T, X, area, count, find

PREFIX = "meet"  # task ids: meet-<id>
SEED = "meetings7"  # the session layout's seed: meetings7:<id>

DX = "Duplex_A_20110907"
FZK = "AC20-FZK-Haus"
EDC = "KIT-EDC_with_SB"
INST = "AC11-Institute-Var-2-IFC"
HOM = "ExampleHOM"
SH = "Ifc4_SampleHouse"
LB = "LargeBuilding"

POOL = _POOL

TASKS: list[T] = [
    # ------------------------------------------------------------------ Duplex_A_20110907
    T("dx-rfi-utility-vinyl", DX, "revision",
      "What goes on the floor in the utility rooms on the bedroom level?",
      ("safety vinyl", None, "safety vinyl (RFI 014, replacing the ceramic tile)"),
      [[X("Finishes schedule rev A is out: the utility rooms upstairs get ceramic floor tile, 300 square. Which rooms are on Level 2?",
          find("IfcSpace", "Level 2"))],
       [X("RFI 014 closed out. Architect's answer: utility rooms change to safety vinyl, rev B of the finishes schedule to follow.")]],
      [K("safety vinyl", "safety vinyl", None, "floor_finish", 1)],
      superseded=[K("ceramic floor tile", "ceramic floor tile", None, "floor_finish", 0)],
      near=[[X("Bathrooms on Level 2 keep the porcelain, the RFI didn't touch those.")]]),
    T("dx-minutes-tall-doors", DX, "specification",
      "What fire rating did the design team give the extra-tall doors?",
      (60, "min", "EI 60 for the two 0813 x 2420mm doors"),
      [[X("MoM DTM 7, item 3, fire: the 813 doors, the 2.42 m high ones by the stair, go to EI 60. Action JB: tell the joiner before he orders. "
          "Item 4: scaffold strike moved to week 12. Show me the doors on Level 1.", find("IfcDoor", "Level 1"))]],
      [K("EI 60", 60, "min", "fire_rating", 0)],
      near=[[X("MoM DTM 6, item 2: the 762 doors to the bathrooms stay EI 30, no action.")]]),
    T("dx-phone-sanding-cost", DX, "cost_rate",
      "What will sanding and oiling the floors upstairs come to altogether?",
      (0.0, "EUR", "9.50 EUR/m² x the Level 2 floor area"),
      [[X("Phone note - Dave (floors), 10:40: sanding and oiling the boards on Level 2, he says nine fifty a square metre, materials in. "
          "What's the floor area up there?", area("IfcSpace", "GSA Space Areas.GSA BIM Area", "Level 2"))]],
      [K("nine fifty a square metre", 9.5, "EUR/m²", "cost_rate", 0)],
      near=[[X("Phone note - Sam (decorator): ground floor walls and ceilings, 14 a square metre, two coats.")]],
      gold_call=area("IfcSpace", "GSA Space Areas.GSA BIM Area", "Level 2"), gold_of="9.5 * r['value']"),
    # ------------------------------------------------------------------ AC20-FZK-Haus
    T("fzk-rundfenster-huber", FZK, "supplier",
      "Who's making the two porthole windows in the loft?",
      ("Fenster Huber", None, "Fenster Huber"),
      [[X("Quick update vom Fensterbauer - die zwei Rundfenster im DG: Fenster Huber liefert, Auftrag ist raus. Show me the windows on Dachgeschoss.",
          find("IfcWindow", "Dachgeschoss"))]],
      [K("Fenster Huber", "Fenster Huber", None, "supplier", 0)],
      near=[[X("Die Fenster im EG macht weiterhin Weru, das Angebot steht.")]]),
    T("fzk-patio-door-uvalue", FZK, "specification",
      "What U-value does the big patio door in the living room have to meet?",
      (1.1, "W/m²K", "Uw 1.1 W/m²K maximum for the three-part sliding door"),
      [[X("Hello, about the big sliding door in the living, the three parts one: energy consultant say yesterday it must be maximum Uw 1.1 W/m²K, please you keep this for the order. How many doors are in Erdgeschoss?",
          count("IfcDoor", "Erdgeschoss"))]],
      [K("Uw 1.1 W/m²K", 1.1, "W/m²K", "u_value", 0)],
      near=[[X("For the normal windows downstairs he say Uw 1.3 is enough, no problem.")]]),
    T("fzk-ufh-except-flur", FZK, "negation",
      "Does the hallway on the ground floor get underfloor heating?",
      ("except the Flur", None, "no: every EG room except the Flur (manifold cupboard)"),
      [[X("Site visit Tue with the heating engineer: UFH loops in every room on the EG except the Flur - the manifold cupboard sits there, no pipes in that floor. "
          "Which rooms are on Erdgeschoss?", find("IfcSpace", "Erdgeschoss"))]],
      [K("except the Flur", "except the Flur", None, "heating", 0)],
      near=[[X("The Galerie upstairs stays on the one radiator, she doesn't want the floor raised.")]]),
    # ------------------------------------------------------------------ KIT-EDC_with_SB
    T("edc-fwd-window-delivery", EDC, "supplier",
      "When do the windows arrive, and what glass value did the supplier confirm?",
      ("week 14", None, "delivery in week 14, Ug 0.6"),
      [[X("Fwd: Angebot 2231 / Fenster. See below from Sugar Fenster GmbH: 'Dear Sirs, we confirm delivery of all window elements type Sugar Window in week 14, glazing Ug 0.6 as tendered. Best regards, K. Brandl.' "
          "How many windows are there in total?", count("IfcWindow"))]],
      [K("week 14", "week 14", None, "delivery", 0), K("Ug 0.6", 0.6, "W/m²K", "u_value", 0)],
      near=[[X("Fwd from the door supplier: the Gingerbread doors come week 18, they're waiting on the hinges.")]]),
    T("edc-rev-c-partitions", EDC, "revision",
      "What Rw do the partitions on the highest floor need now?",
      (47, "dB", "Rw 47 dB for the walls on 2.OG (acoustic report rev C)"),
      [[X("Acoustic report rev B: partition walls on 2.OG Rw 42 dB. How many walls on 2.OG?", count("IfcWall", "2.OG"))],
       [X("Minutes item 2.1: acoustic report rev C issued, supersedes rev B - top-floor partitions now Rw 47 dB. Action: AK to update the wall types.")]],
      [K("Rw 47 dB", 47, "dB", "acoustic", 1)],
      superseded=[K("Rw 42 dB", 42, "dB", "acoustic", 0)],
      near=[[X("Rev C leaves the 1.OG partitions at Rw 44 dB.")]]),
    T("edc-phone-door-leaves", EDC, "cost_rate",
      "What will the doors on the entrance level cost us fitted?",
      (0.0, "EUR", "385 EUR each x the doors on EG"),
      [[X("Phone call Schreinerei Vogt, 14:10 - door leaves for the EG, 385 a piece fitted, price holds till March. How many doors on EG?",
          count("IfcDoor", "EG"))]],
      [K("385 a piece", 385, "EUR", "cost_rate", 0)],
      near=[[X("Vogt also said the 2.OG doors would be 410 a piece because of the crane, but we haven't asked for those.")]],
      gold_call=count("IfcDoor", "EG"), gold_of="385 * r['count']"),
    # ------------------------------------------------------------------ AC11-Institute-Var-2-IFC
    T("inst-mom-basement-labs", INST, "specification",
      "What temperature should the lab rooms down in the Keller run at?",
      (19, "°C", "19 °C in Labor K1-K5"),
      [[X("MoM 14/02 - 3. HVAC: labs in the basement to be held at 19 °C, plus or minus one. Action: TGA to confirm chiller size. 4. Im Keller keine Kühlung für die Technikräume. "
          "How many rooms on the Keller?", count("IfcSpace", "Keller"))]],
      [K("19 °C", 19, "°C", "temperature", 0)],
      near=[[X("MoM 14/02 - 5. Offices on the Erdgeschoss at 22 °C, as the client asked.")]]),
    T("inst-toilets-anthracite", INST, "revision",
      "What floor tile did the client settle on for the toilets?",
      ("anthracite", None, "anthracite (the grey was dropped)"),
      [[X("WC floors on all floors: grey tile 30x60, matt. How many rooms on the Erdgeschoss?", count("IfcSpace", "Erdgeschoss"))],
       [X("About the toilets floor: client has change his mind, he want now the anthracite one, not more the grey. Sorry for my English.")]],
      [K("anthracite", "anthracite", None, "floor_finish", 1)],
      superseded=[K("grey tile 30x60", "grey tile", None, "floor_finish", 0)],
      near=[[X("Corridor floors stay linoleum, blue, no change from the client.")]]),
    T("inst-diary-stair-balustrades", INST, "phase",
      "When do the handrails in the stairwell go in?",
      ("phase 3", None, "phase 3, after the screed has cured"),
      [[X("Site diary Thu 5/3: scaffold up on the south side. Stair balustrades - the Schlosser fits them after the screed has cured, so not before phase 3. "
          "Show me the stairs.", find("IfcStair"))]],
      [K("phase 3", "phase 3", None, "phase", 0)],
      near=[[X("Site diary Fri 6/3: roofers back Monday, felt on the Dachgeschoss in phase 2.")]]),
    T("inst-revolving-door-boon", INST, "supplier",
      "Who is supplying the revolving door?",
      ("Boon Edam", None, "Boon Edam"),
      [[X("Let's look at the main entrance. Show me the doors on Erdgeschoss.", find("IfcDoor", "Erdgeschoss")),
        X("The revolving one at the entrance is the one I'm worried about, lead times are long."),
        X("Good news on the one we discussed: Boon Edam confirmed, order placed yesterday.")]],
      [K("Boon Edam", "Boon Edam", None, "supplier", 0)],
      near=[[X("The double doors to the stair are from Hörmann, same as the last job.")]]),
    T("inst-seminar-minutes-three", INST, "client_decision",
      "For the Seminarraum: what floor, which wall colour and what temperature?",
      ("carpet tiles", None, "carpet tiles (Interface), RAL 9002 walls, 21 °C"),
      [[X("Fit-out meeting minutes, 1. Seminar room in the basement: carpet tiles from Interface, walls RAL 9002 grey white, 21 °C. 2. Next meeting 3 weeks. "
          "Show me the rooms in the Keller.", find("IfcSpace", "Keller"))]],
      [K("carpet tiles", "carpet tiles", None, "floor_finish", 0), K("RAL 9002", "RAL 9002", None, "colour", 0),
       K("21 °C", 21, "°C", "temperature", 0)],
      near=[[X("Fit-out minutes: the Besprechungsraum rooms get vinyl plank and RAL 9010, 20 °C.")]]),
    # ------------------------------------------------------------------ ExampleHOM
    T("hom-kids-rooms-pink", HOM, "revision",
      "What colour are the walls in Children7 and Children10 going to be?",
      ("Sulking Room Pink", None, "Sulking Room Pink (the blue was vetoed)"),
      [[X("Kids' rooms walls: Skylight by Farrow & Ball, she's ordered the tester pots. Show me the rooms on 1stFloor.", find("IfcSpace", "1stFloor"))],
       [X("Mrs K texted - the kids vetoed the blue, both children's rooms will be Sulking Room Pink instead.")]],
      [K("Sulking Room Pink", "Sulking Room Pink", None, "colour", 1)],
      superseded=[K("Skylight", "Skylight", None, "colour", 0)],
      near=[[X("Master bedroom walls stay Cornforth White, nobody's vetoing that.")]]),
    T("hom-fwd-lime-plaster", HOM, "cost_rate",
      "What will plastering the ground-floor walls cost including the delivery?",
      (0.0, "EUR", "23.80 EUR/m² x the GroundFloor wall area + 150 EUR delivery"),
      [[X("FW: Quote 5512. 'Hi, as discussed, lime plaster to the GroundFloor walls at 23.80 EUR/m² applied, plus 150 EUR for the delivery. Regards, Putz Roth.' "
          "What's the wall area on the GroundFloor?", area("IfcWall", "Qto_WallBaseQuantities.NetSideArea", "GroundFloor"))]],
      [K("23.80 EUR/m²", 23.8, "EUR/m²", "cost_rate", 0), K("150 EUR for the delivery", 150, "EUR", "cost_rate", 0)],
      near=[[X("Roth's price for the 1stFloor walls was 26 EUR/m² but that was gypsum, not lime.")]],
      gold_call=area("IfcWall", "Qto_WallBaseQuantities.NetSideArea", "GroundFloor"), gold_of="23.8 * r['value'] + 150"),
    T("hom-bath-no-tub", HOM, "negation",
      "Is there a bathtub going into the bathroom upstairs?",
      ("walk-in shower only", None, "no: walk-in shower only in Bath9"),
      [[X("Site visit with Mrs K: bath upstairs - no bathtub, walk-in shower only, she's adamant. Show me the rooms on 1stFloor.", find("IfcSpace", "1stFloor"))]],
      [K("walk-in shower only", "walk-in shower only", None, "decision", 0)],
      near=[[X("The WC downstairs gets a tiny basin, the 35 cm one.")]]),
    # ------------------------------------------------------------------ Ifc4_SampleHouse
    T("sh-diary-hall-porcelain", SH, "revision",
      "What's being laid in the hallway by the front door?",
      ("10 mm porcelain", None, "10 mm porcelain (the terracotta was too thick)"),
      [[X("Site diary 11/4: client on site, chose terracotta for the entrance hall floor. How many rooms on the Ground Floor?", count("IfcSpace", "Ground Floor"))],
       [X("Diary 19/4: tiler queried the terracotta - too thick for the threshold. Agreed with client to go with 10 mm porcelain in the hall.")]],
      [K("10 mm porcelain", "10 mm porcelain", None, "floor_finish", 1)],
      superseded=[K("terracotta for the entrance hall", "terracotta", None, "floor_finish", 0)],
      near=[[X("Diary 12/4: living room floor stays the oak, sanded and oiled.")]]),
    T("sh-810s-handles", SH, "specification",
      "Which lever handles go on the single internal doors?",
      ("Hoppe Amsterdam", None, "Hoppe Amsterdam, satin stainless, on the 810x2110mm doors"),
      [[X("Ironmongery schedule, rev 1: the two 810s get lever on rose, Hoppe Amsterdam, satin stainless. The big front door is a separate schedule. Show me the doors.",
          find("IfcDoor"))]],
      [K("Hoppe Amsterdam", "Hoppe Amsterdam", None, "ironmongery", 0)],
      near=[[X("Ironmongery for the front pair: long pull handles, the locksmith supplies.")]]),
    T("sh-roof-pir", SH, "specification",
      "How thick is the insulation going on the roof?",
      ("200 mm PIR", None, "200 mm PIR"),
      [[X("For the roof, the energy assessor he want 200 mm PIR, not less, otherwise the calculation don't pass. Show me the slabs.", find("IfcSlab"))]],
      [K("200 mm PIR", "200 mm PIR", None, "insulation", 0)],
      near=[[X("Under the ground floor slab it's 100 mm XPS, that's from the structural drawings.")]]),
    # ------------------------------------------------------------------ LargeBuilding
    T("lb-rfi-glass-doors-rc2", LB, "specification",
      "What resistance class do the wide glazed double doors need?",
      ("RC2", None, "RC2 for the two 1500 x 2000mm double glass doors"),
      [[X("RFI 22 response from the security consultant: the two glazed double doors, the 1500 x 2000 ones, need RC2; the single flush doors inside don't need a class. Show me the doors on Level 1.",
          find("IfcDoor", "Level 1"))]],
      [K("RC2", "RC2", None, "security", 0)],
      near=[[X("RFI 23: the plant room door on the roof gets a padlock hasp, nothing more.")]]),
    T("lb-festverglasung-price", LB, "cost_rate",
      "What do all the fixed windows cost at the glazier's price?",
      (0.0, "EUR", "420 EUR each x the 0915 x 1830mm windows"),
      [[X("Angebot vom Glaser ist da: die Festverglasungen 915 x 1830, 420 Euro pro Stück inkl. Einbau. How many windows in the building?", count("IfcWindow"))]],
      [K("420 Euro pro Stück", 420, "EUR", "cost_rate", 0)],
      near=[[X("Der Glaser will für die Glastüren extra 900 Euro, aber das ist noch nicht beauftragt.")]],
      gold_call=count("IfcWindow"), gold_of="420 * r['count']"),
    T("lb-ceiling-height-instead", LB, "revision",
      "What height are the ceilings going in at in the ground-floor rooms?",
      (2.9, "m", "2.9 m in the rooms on Level 1"),
      [[X("Suspended ceiling in the rooms on Level 1: 600 grid, Armstrong, at 2.7 m. How many rooms on Level 1?", count("IfcSpace", "Level 1"))],
       [X("Hi, little change from client side: ceiling height in the Level 1 rooms is now 2.9 m instead 2.7 m, because of the ducts.")]],
      [K("2.9 m", 2.9, "m", "height", 1)],
      superseded=[K("at 2.7 m", 2.7, "m", "height", 0)],
      near=[[X("Level 2 has no suspended ceiling, exposed soffit.")]]),
]
