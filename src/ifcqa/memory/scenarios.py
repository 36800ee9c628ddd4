"""The generator's scenarios as records: what kind of project fact, about what, said how, asked how.

Every scenario of IFCMemoryBench task generation is one :class:`Scenario` in :data:`SCENARIOS`; the
generator (:mod:`ifcqa.memory.templates`), the leak check (:mod:`ifcqa.memory.leak`), the report and
the tests read them from here. A record says:

* ``kind``: the paper's kind of knowledge (specification requirement, client decision, convention,
  cost rate, phase or exclusion, supplier) and ``attribute`` (what the fact sets, as key facts name it);
* the value pattern: ``values`` (what may be said) and ``anchor`` (how a value is written, ``{v}`` the
  value: "EI {v}"), with ``unit``; the key fact is the sentence that gives the anchor about the subject;
* ``subject``: what the fact is about (:mod:`ifcqa.memory.subjects` picks one from the model and says
  how people refer to it): ``storey_class`` (a class on one storey: "the doors upstairs"), ``class``
  (every element of a class), ``room`` (the rooms of one function: "the bathrooms"), ``type`` (the
  elements of one type, often by its dimensions: "the 864-wide doors", "the tall narrow windows"),
  ``material`` (everything made of one material), and ``classes`` (which IFC classes it may be);
* ``live``: the live query the probe also needs (a real tool call) and ``gold`` how the answer follows
  (``value``: the fact's value; ``rate_x_area``/``rate_x_count``: the rate times a quantity measured in
  the model);
* ``phrasings``: how people state it (``{subject}``/``{Subject}``: a reference to the subject;
  ``{anchor}``: the value as written; ``{other}``: another value of the pattern, said as what it is not),
  ``probes``: how the question is asked later (``{subject}``: the probe's reference, never the one the
  fact used);
* ``revisable``: a task may state an earlier value first and revise it later (:data:`REVISIONS`, said
  any way: "stop using the 45", "scrap that", "make it 0.9 instead");
* ``properties``: words of IFC property names that would hold such a value (the leak check refuses a
  task whose answer a property of the model already holds).

Add a scenario: one record here (and, for a new subject or live query kind, a function in
:mod:`ifcqa.memory.subjects`).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("requirement", "decision", "convention", "cost", "phase", "supplier")
SUBJECTS = ("storey_class", "class", "room", "type", "material")
LIVES = ("count", "area", "room", "materials", "class_count", "type_count")
GOLDS = ("value", "rate_x_area", "rate_x_count")


@dataclass(frozen=True)
class Scenario:
    """One kind of project fact (see the module docstring)."""

    name: str
    kind: str
    attribute: str
    unit: str | None
    values: tuple[float | str, ...]
    anchor: str
    subject: str
    classes: tuple[str, ...]
    live: str
    gold: str
    key: str  # what counts as the key fact, in words
    phrasings: tuple[str, ...]
    probes: tuple[str, ...]
    revisable: bool = False
    properties: tuple[str, ...] = ()
    ask: str = ""  # how a user asks the assistant to restate it ("what we said about {subject}")

    def anchor_of(self, value: float | str) -> str:
        return self.anchor.format(v=_number_text(value))


def _number_text(value: float | str) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# A revision of an earlier value: {subject} as the fact says it, {old} the earlier value said bare ("45",
# "oak"), {anchor} the new value as written. Said the way people revise in meetings and chats.
REVISIONS: tuple[str, ...] = (
    "Scrap that {old} for {subject}, make it {anchor} instead.",
    "About {subject}: stop using the {old}, go with {anchor}.",
    "Change of heart on {subject}, it's {anchor} now rather than {old}.",
    "Forget the {old} I gave you for {subject}; {anchor} is what we're going with.",
    "Small correction on {subject} - {anchor}, not {old}.",
    "{Subject}: we've moved off the {old}, it's {anchor} from today.",
    "The {old} for {subject} is dead, the meeting landed on {anchor}.",
    "Can you update your notes, {subject} went from {old} to {anchor} after the review.",
    "Make it {anchor} for {subject} - the {old} didn't survive the value engineering.",
    "Latest on {subject}: {anchor}, which supersedes the {old} from before.",
)

_MINUTES = (30.0, 45.0, 60.0, 90.0, 120.0)
_RATES = (38.0, 46.0, 52.0, 55.0, 64.0, 72.0, 85.0, 96.0, 112.0, 128.0, 145.0)
_SUPPLIERS = (
    "Nordhall Baustoffe", "Calder & Finch Ltd", "Vestergaard Materialer", "Okapi Supply Co", "Brennan Timberworks",
    "Lumio Interiors", "Harrow Glass & Glazing", "Pietrasanta Stone", "Marlowe Joinery", "Kestrel Fabrications",
)  # fmt: skip

SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "fire_rating",
        "requirement",
        "fire_rating",
        "min",
        _MINUTES,
        "EI {v}",
        "storey_class",
        ("IfcDoor",),
        "count",
        "value",
        "the fire rating required for those doors",
        (
            "The fire strategy report says {subject} need a fire resistance of {anchor}.",
            "Fire engineer came back: {subject} have to be {anchor}.",
            "Just so it's written down somewhere, {subject} are {anchor}, not {other}.",
            "{Subject} - {anchor} per building control's comments.",
            "Had the call with the fire consultant, she wants {anchor} on {subject}.",
        ),
        (
            "What fire resistance do the {things} need, and how many are there?",
            "For the door schedule, which fire rating goes on the {things}?",
            "Remind me what the {things} have to achieve for fire, and how many there are?",
        ),
        revisable=True,
        properties=("fire",),
        ask="what the fire engineer wanted for {subject}",
    ),
    Scenario(
        "wall_fire_rating",
        "requirement",
        "fire_rating",
        "min",
        _MINUTES,
        "REI {v}",
        "storey_class",
        ("IfcWall", "IfcSlab", "IfcStair"),
        "count",
        "value",
        "the fire resistance required for those elements",
        (
            "Structural fire: {subject} must hold {anchor}.",
            "The fire strategy puts {subject} at {anchor}.",
            "We need {anchor} for {subject}, that came out of the fire review.",
            "Building control accepted {anchor} for {subject}.",
        ),
        (
            "What fire resistance period do the {things} need, and how many of them are there?",
            "Which fire resistance did we settle on for the {things}?",
        ),
        revisable=True,
        properties=("fire",),
        ask="the fire resistance we agreed for {subject}",
    ),
    Scenario(
        "acoustic_rating",
        "requirement",
        "acoustic",
        "dB",
        (38.0, 42.0, 45.0, 48.0, 52.0, 55.0),
        "Rw {v} dB",
        "storey_class",
        ("IfcWall", "IfcDoor"),
        "count",
        "value",
        "the sound insulation required for those elements",
        (
            "Acoustician wants {anchor} for {subject}.",
            "{Subject} need to get to {anchor}, otherwise the neighbours will complain.",
            "The acoustic report asks for {anchor} on {subject}.",
            "For {subject} we're designing to {anchor}.",
        ),
        (
            "What sound insulation do the {things} have to reach?",
            "Which acoustic rating applies to the {things}, and how many are there?",
        ),
        revisable=True,
        properties=("acoustic", "sound"),
        ask="the acoustic figure for {subject}",
    ),
    Scenario(
        "security_class",
        "requirement",
        "security",
        None,
        ("RC2", "RC3", "RC4"),
        "{v}",
        "storey_class",
        ("IfcDoor", "IfcWindow"),
        "count",
        "value",
        "the burglar resistance class of those elements",
        (
            "The insurer insists on {anchor} for {subject}.",
            "{Subject} go up to {anchor}, police advice.",
            "Security consultant says {anchor} on {subject}, {other} isn't enough.",
        ),
        (
            "What burglar resistance do the {things} need, and how many are affected?",
            "Which security class did the insurer ask for on the {things}?",
        ),
        properties=("security", "burglar"),
        ask="the security class for {subject}",
    ),
    Scenario(
        "u_value",
        "requirement",
        "u_value",
        "W/m²K",
        (1.3, 1.1, 0.95, 0.9, 0.8, 0.7, 0.6),
        "{v} W/m²K",
        "class",
        ("IfcWindow", "IfcDoor", "IfcWall"),
        "class_count",
        "value",
        "the thermal target for that class",
        (
            "Energy consultant's number for {subject} is {anchor}.",
            "The thermal target for {subject} is {anchor}.",
            "{Subject} have to reach {anchor} or the energy calc fails.",
            "We're assuming {anchor} across {subject} in the heat loss model.",
        ),
        (
            "What U-value do the {things} have to meet now, and how many of them are in the model?",
            "Which thermal transmittance are we holding the {things} to?",
            "What's the current insulation target for the {things}?",
        ),
        revisable=True,
        properties=("thermaltransmittance", "uvalue", "u-wert", "uwert"),
        ask="the thermal target for {subject}",
    ),
    Scenario(
        "room_finish",
        "decision",
        "floor_finish",
        None,
        (
            "oak parquet",
            "polished concrete",
            "anthracite ceramic tiles",
            "slate-grey linoleum",
            "terrazzo",
            "sisal carpet",
            "larch floorboards",
            "cork tiles",
        ),
        "{v}",
        "room",
        ("IfcSpace",),
        "room",
        "value",
        "the floor finish the client chose for those rooms",
        (
            "The client has chosen {anchor} for {subject}.",
            "She wants {anchor} in {subject}.",
            "No {other} in {subject}, the client said {anchor}.",
            "{Subject} get {anchor}, decided at the client meeting.",
            "We're doing {anchor} throughout {subject}.",
        ),
        (
            "What's going on the floor in {things}?",
            "Which flooring did the client pick for {things}?",
            "What floor covering do we specify for {things}?",
        ),
        revisable=True,
        properties=("finish", "covering", "belag"),
        ask="what the client picked for {subject}",
    ),
    Scenario(
        "room_wall_colour",
        "decision",
        "finish",
        None,
        (
            "RAL 9010 pure white",
            "RAL 1015 light ivory",
            "NCS S 1005-Y20R",
            "RAL 7035 light grey",
            "RAL 6021 pale green",
        ),
        "{v}",
        "room",
        ("IfcSpace",),
        "room",
        "value",
        "the wall colour chosen for those rooms",
        (
            "Walls in {subject} are painted {anchor}.",
            "The client went for {anchor} on the walls of {subject}.",
            "{Subject}: {anchor} on all walls, ceilings stay white.",
        ),
        (
            "What colour are the walls in {things} going to be?",
            "Which paint colour was chosen for {things}?",
        ),
        revisable=True,
        properties=("colour", "color", "farbe"),
        ask="the paint colour for {subject}",
    ),
    Scenario(
        "room_temperature",
        "requirement",
        "temperature",
        "°C",
        (18.0, 20.0, 21.0, 22.0, 24.0),
        "{v} °C",
        "room",
        ("IfcSpace",),
        "room",
        "value",
        "the design temperature of those rooms",
        (
            "Design temperature for {subject} is {anchor}.",
            "Keep {subject} at {anchor}, the heating engineer agreed.",
            "{Subject} are heated to {anchor}.",
        ),
        (
            "What temperature should {things} be heated to?",
            "Which design temperature applies in {things}?",
        ),
        revisable=True,
        properties=("temperature", "temperatur"),
        ask="the design temperature for {subject}",
    ),
    Scenario(
        "cost_rate",
        "cost",
        "cost_rate",
        "EUR/m²",
        _RATES,
        "{v} EUR/m²",
        "storey_class",
        ("IfcSpace", "IfcWall", "IfcSlab"),
        "area",
        "rate_x_area",
        "the rate per square metre for that work",
        (
            "QS confirmed {anchor} for {work} {where}.",
            "{Work} {where} comes in at {anchor}.",
            "The {work} people rang back: {anchor} {where}.",
            "Cost plan has {work} {where} at {anchor}.",
            "For {work} {where} we're carrying {anchor} in the budget.",
        ),
        (
            "What will the {work} {where} cost at the rate we agreed?",
            "Can you price the {work} {where} with our rate?",
            "Give me a budget figure for {work} {where}.",
        ),
        revisable=True,
        properties=("cost", "price", "rate", "kosten", "preis"),
        ask="the rate for {work} {where}",
    ),
    Scenario(
        "item_cost",
        "cost",
        "cost_rate",
        "EUR each",
        (145.0, 185.0, 240.0, 320.0, 410.0, 640.0, 780.0),
        "{v} EUR each",
        "storey_class",
        ("IfcDoor", "IfcWindow"),
        "count",
        "rate_x_count",
        "the price per item for those elements",
        (
            "Quote for {subject} is {anchor}, supply and fit.",
            "Ironmongery and fixing for {subject} comes to {anchor}.",
            "The joiner priced {subject} at {anchor}.",
            "Allow {anchor} for {subject}.",
        ),
        (
            "How much will the {things} cost in total at the quoted price?",
            "What's the total for the {things} at our price per unit?",
        ),
        revisable=True,
        properties=("cost", "price", "kosten", "preis"),
        ask="the price per unit for {subject}",
    ),
    Scenario(
        "naming_convention",
        "convention",
        "naming_prefix",
        None,
        ("QX", "ZR", "KV", "WT", "JP", "XL", "HB", "MG"),
        "{v}-",
        "storey_class",
        ("IfcSpace", "IfcDoor"),
        "count",
        "value",
        "the numbering prefix for those elements",
        (
            "Naming convention: {subject} are numbered {anchor}01, {anchor}02 and so on.",
            "We tag {subject} with {anchor} in front of the number.",
            "For {subject} the marks start {anchor}, the office standard.",
            "Numbering {subject}: {anchor} then two digits.",
        ),
        (
            "How do we number the {things}?",
            "What prefix goes on the {things} in the schedules?",
        ),
        properties=("prefix",),
        ask="how we number {subject}",
    ),
    Scenario(
        "classification_code",
        "convention",
        "classification",
        None,
        ("Ss_25_10_30", "Pr_20_93_52", "EF_25_10", "Ss_30_12_25", "Pr_30_59_24"),
        "{v}",
        "class",
        ("IfcWall", "IfcSlab", "IfcWindow", "IfcDoor"),
        "class_count",
        "value",
        "the classification code those elements carry",
        (
            "We classify {subject} as {anchor} in Uniclass.",
            "{Subject} get the Uniclass code {anchor}.",
            "BIM manager says {subject} go under {anchor}.",
        ),
        (
            "Which Uniclass code do the {things} get?",
            "What classification did we agree for the {things}?",
        ),
        properties=("classification", "uniclass"),
        ask="the classification of {subject}",
    ),
    Scenario(
        "not_in_phase",
        "phase",
        "phase",
        None,
        ("phase 2", "phase 3", "phase 4"),
        "{v}",
        "storey_class",
        (
            "IfcStair",
            "IfcRailing",
            "IfcWindow",
            "IfcDoor",
            "IfcWall",
            "IfcSlab",
            "IfcCovering",
            "IfcFurnishingElement",
            "IfcColumn",
            "IfcBeam",
        ),
        "count",
        "value",
        "the phase those elements are deferred to",
        (
            "No, {subject} are not in this phase; they move to {anchor}.",
            "{Subject} are out for now, pushed to {anchor}.",
            "We're not doing {subject} yet - {anchor}.",
            "Leave {subject} out of this package, the client has put them in {anchor}.",
        ),
        (
            "Are the {things} part of the current works?",
            "Do the {things} go into this tender?",
            "When are the {things} being built?",
        ),
        properties=("phase",),
        ask="whether {subject} are in this phase",
    ),
    Scenario(
        "exclusion",
        "phase",
        "exclusion",
        None,
        ("landlord-supplied", "client-supplied", "tenant fit-out"),
        "{v}",
        "storey_class",
        ("IfcFurnishingElement", "IfcCovering", "IfcFlowTerminal", "IfcDoor", "IfcRailing"),
        "count",
        "value",
        "who provides those elements (not in our contract)",
        (
            "{Subject} are {anchor}, NIC.",
            "Just so we don't price it: {subject} are {anchor}.",
            "Take {subject} out of our scope, they're {anchor}.",
        ),
        (
            "Are we pricing the {things}?",
            "Who provides the {things}, is that us?",
        ),
        properties=("supplied", "contract"),
        ask="who does {subject}",
    ),
    Scenario(
        "material_supplier",
        "supplier",
        "supplier",
        None,
        _SUPPLIERS,
        "{v}",
        "material",
        (),
        "materials",
        "value",
        "the supplier agreed for that material",
        (
            "Procurement decision: all {subject} comes from {anchor}.",
            "We're getting {subject} from {anchor}.",
            "{anchor} won the tender for {subject}.",
            "{Subject} - order placed with {anchor} this morning.",
        ),
        (
            "Who supplies what {element} is made of?",
            "Which firm delivers the material of {element}?",
            "Where are we buying the material {element} is made of?",
        ),
        properties=("supplier", "manufacturer", "vendor"),
        ask="who supplies {subject}",
    ),
    Scenario(
        "type_supplier",
        "supplier",
        "supplier",
        None,
        _SUPPLIERS,
        "{v}",
        "type",
        ("IfcDoor", "IfcWindow"),
        "type_count",
        "value",
        "the supplier agreed for elements of that type",
        (
            "{Subject} are coming from {anchor}.",
            "{anchor} is making {subject}.",
            "We went with {anchor} for {subject}.",
        ),
        (
            "Who makes the {things}, and how many do we need?",
            "Which supplier did we pick for the {things}?",
        ),
        properties=("supplier", "manufacturer", "vendor"),
        ask="who makes {subject}",
    ),
    Scenario(
        "type_fire_rating",
        "requirement",
        "fire_rating",
        "min",
        _MINUTES,
        "EI {v}",
        "type",
        ("IfcDoor",),
        "type_count",
        "value",
        "the fire rating required for doors of that type",
        (
            "{Subject} have to be {anchor}.",
            "Fire consultant wants {anchor} on {subject}.",
            "We're upgrading {subject} to {anchor}.",
        ),
        (
            "What fire rating do the {things} need, and how many are there?",
            "Which fire resistance do the {things} get?",
        ),
        revisable=True,
        properties=("fire",),
        ask="the fire rating for {subject}",
    ),
)

BY_NAME: dict[str, Scenario] = {s.name: s for s in SCENARIOS}

# What a person means by "floor finish" work and the like for an area rate: class -> (work, Work).
AREA_WORK: dict[str, tuple[str, ...]] = {
    "IfcSpace": ("floor finishes", "flooring", "the floor finish"),
    "IfcWall": ("wall painting", "decorating", "painting the walls"),
    "IfcSlab": ("screed", "the screed", "floor screed"),
}


def problems(scenario: Scenario) -> list[str]:
    """What is wrong with a scenario record (empty when it is usable)."""
    out = []
    if scenario.kind not in KINDS:
        out.append(f"kind {scenario.kind!r} is not one of {KINDS}")
    if scenario.subject not in SUBJECTS:
        out.append(f"subject {scenario.subject!r} is not one of {SUBJECTS}")
    if scenario.live not in LIVES:
        out.append(f"live {scenario.live!r} is not one of {LIVES}")
    if scenario.gold not in GOLDS:
        out.append(f"gold {scenario.gold!r} is not one of {GOLDS}")
    if len(scenario.values) < 3 or len(set(scenario.values)) != len(scenario.values):
        out.append("values: at least 3, all different")
    if "{v}" not in scenario.anchor:
        out.append("anchor must hold {v}")
    if len(scenario.phrasings) < 3 or len(scenario.probes) < 2:
        out.append("at least 3 phrasings and 2 probes")
    for text in scenario.phrasings:
        if "{anchor}" not in text:
            out.append(f"phrasing {text!r} does not say the value ({{anchor}})")
    if scenario.gold != "value" and scenario.unit is None:
        out.append("arithmetic needs a unit")
    if not scenario.properties:
        out.append("properties (for the leak check) are empty")
    return out
