"""Statements as said: every sentence of a session kept in its own words, with a fact read where it can be.

:func:`read_statements` turns the user turns and the assistant's answers of a session into
:class:`Statement` records, one per sentence (a question followed by its answer in the same turn is one
record: "WCs: floor-to-ceiling tiling? The client said yes."), each with the sentence before it in its
turn as ``lead`` (what "It's 52 a square metre now" is about). Tool outputs are model data, never
statements. Nothing is dropped: a sentence whose value cannot be read is still a statement.

:func:`read_value` reads the value and unit a sentence states, carefully: a fire-door label with a class
or suffix ("EI2 30-C5", "FD30") is a label, not minutes; "EI 60" is 60 min; "52 a square metre" is
52 EUR/m²; "640 each" a price per item; "Rw 32" 32 dB; "21 °C" a temperature; "phase two" a phase; numbers inside names
("Wand-002", "A202", "Railing:900mm ...") are not values. Numbers said without a unit ("go with the
60") are kept as ``bare``, and what a sentence retracts ("stop using the 45", "forget the 1.1", "she's
gone off the oak") as ``retracts``: the memory resolves both against earlier statements.
:func:`attribute_of` names what a sentence is about (fire rating, U-value, cost, finish...) by cue words
and by its unit.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from ifcqa.memory.tasks import Session

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")

ATTRIBUTE_CUES: dict[str, tuple[str, ...]] = {
    "fire_rating": ("fire", "fire-rated", "fire rating", "fire resistance", "fire door", "fire strategy", "ei",
                    "rei", "fire engineer", "building control"),
    "u_value": ("u-value", "u value", "u-values", "thermal", "transmittance", "energy consultant", "glazing spec"),
    "cost_rate": ("cost", "costs", "budget", "rate", "price", "priced", "pricing", "quote", "quoted", "eur", "€",
                  "square metre", "square meter", "each", "contingency", "allowance", "allow", "come to", "comes to"),
    "floor_finish": ("floor", "floors", "flooring", "floor finish", "underfoot", "carpet", "floor covering",
                     # what floors are finished with, named by itself ("the larch floorboards ... is dead")
                     "floorboards", "floor boards", "parquet", "terrazzo", "linoleum", "lino", "vinyl", "laminate",
                     "floor tiles", "floor tile", "floor tiling", "carpet tiles", "floor coverings"),
    "acoustic": ("acoustic", "acoustician", "sound", "db", "rw", "decibel", "noise", "sound insulation"),
    "security": ("security", "security class", "burglar", "insurer", "rc1", "rc2", "rc3", "rc4"),
    "supplier": ("supplier", "supplies", "supplied", "supplying", "supply", "delivers", "delivered", "comes from",
                 "coming from", "makes them", "making", "manufacturer", "order placed", "ordered from",
                 "getting them from", "buying", "buy", "bought", "purchase", "purchasing", "purchased", "sourcing",
                 "sourced"),
    "phase": ("phase", "nic", "not in contract", "landlord", "tenant", "by others", "package", "contract", "scope",
              "deferred", "fit-out", "fit out", "fitted out", "tender", "current works"),
    "naming_prefix": ("prefix", "numbering", "naming", "tag", "tags", "tagging", "mark", "marks", "signage",
                      "door schedule", "starts with", "start with",
                      # the convention asked by its verb ("how do we number the rooms"), never "the number of"
                      "number the", "we number", "numbered"),
    "finish": ("colour", "color", "nosings", "blinds", "balustrade", "tint", "film", "timber", "treads", "finish",
               "paint", "painted", "painting", "paintwork"),
    "heating": ("underfloor heating", "radiator", "heating", "temperature", "design temperature"),
    "height": ("height", "heights", "headroom", "clear height", "ceiling height"),
}  # fmt: skip
_CUE_RES = {
    name: re.compile(
        r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in sorted(cues, key=len, reverse=True)) + r")(?![\w-])"
    )
    for name, cues in ATTRIBUTE_CUES.items()
}
_UNIT_ATTRIBUTES = {"min": "fire_rating", "W/m²K": "u_value", "EUR/m²": "cost_rate", "EUR": "cost_rate",
                    "EUR each": "cost_rate", "dB": "acoustic", "°C": "heating"}  # fmt: skip
_STOREY_FLOOR = re.compile(
    r"\b(?:ground|first|second|third|fourth|top|upper|lower|middle|entrance|\d+(?:st|nd|rd|th))[- ](?:floor|storey)s?\b"
    r"|\bfloor area\b",
    re.IGNORECASE,
)
_NUM = r"(\d+(?:[.,]\d+)?)"
_FIRE = re.compile(r"(?<![\w-])((?:R?EI|EW|FD)(?:2|M|W)?\s?\d{2,3}(?:-[A-Za-z0-9]+)*)(?![\w-])")
_TYPED: list[tuple[re.Pattern[str], str]] = [
    (re.compile(_NUM + r"\s?(?:EUR|€|euros?)?\s?(?:/|per|a)\s?(?:m²|m2|sqm|square met(?:re|er))(?!\w)", re.I),
     "EUR/m²"),
    (re.compile(_NUM + r"\s?W/\(?m(?:²|2)\s?·?K\)?", re.I), "W/m²K"),
    (re.compile(_NUM + r"\s?U[- ]?values?\b|\bU[- ]?values?\s?(?:of|is|at|=|:)?\s?" + _NUM + r"(?![\w.])"), "W/m²K"),
    (re.compile(r"(?<![\w.])(?:Rw\s?)?" + _NUM + r"\s?dB\b"), "dB"),
    (re.compile(r"\bRw\s?" + _NUM + r"(?![\w.])"), "dB"),
    (re.compile(r"(?<![\w.])" + _NUM + r"\s?(?:%|percent|per cent)"), "%"),
    (re.compile(r"(?<![\w.])" + _NUM + r"\s?(?:°\s?C|deg(?:rees?)?\s?C(?:elsius)?)(?!\w)", re.I), "°C"),
    (re.compile(r"(?<![\w.])" + _NUM + r"\s?(?:EUR|€|euros?)?\s?(?:each|apiece|per (?:item|unit|window|door))\b", re.I),
     "EUR each"),
    (re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s?(?:EUR|€|euros?)(?!\s?(?:/|per)\s?m)", re.I), "EUR"),
    (re.compile(r"€\s?(\d[\d,]*(?:\.\d+)?)"), "EUR"),
    (re.compile(r"(?<![\w.:-])" + _NUM + r"\s?(mm|cm|min|minutes|kg|kN|kW|kWh|hours|days|weeks)\b"), ""),
    # metres last: "2.4 m", "2.65 metres" (never "m²", "m2" or "m/s", read above or not a length)
    (re.compile(r"(?<![\w.:-])" + _NUM + r"\s?(m|metres?|meters?)(?![\w²³/])"), ""),
]  # fmt: skip
_UNIT_NAMES = {"minutes": "min", "metre": "m", "metres": "m", "meter": "m", "meters": "m"}
_PHASE = re.compile(r"\bphase\s+(\d+|one|two|three|four|five)\b", re.IGNORECASE)
_SECURITY = re.compile(r"\b(RC\s?[1-6])\b")
# a firm named as chosen or winning work is its supplier, whatever it supplies ("Harrow Glazing won the tender for
# the roof slabs", "We went with Calder & Finch Ltd for the 1810-wide doors"): a name in capitals, not a value
_FIRM_CHOSEN = re.compile(
    r"\b(?:won|wins|winning|awarded)\s+(?:the\s+|that\s+|this\s+)?(?:tender|contract|order|package|job)\b"
    r"|\b(?:went|go|going|gone|goes)\s+with\s+(?:[A-Z][A-Za-z'.-]*|&)(?:\s+(?:[A-Z][A-Za-z'.-]*|&))*\s+for\b"
)
_FIRM = r"((?:[A-Z][A-Za-z'.-]*|&)(?:\s+(?:[A-Z][A-Za-z'.-]*|&))*)"
_FIRM_NAMED = (
    re.compile(
        _FIRM + r"(?=\s+(?:won|wins|has won|have won|got|was awarded|were awarded|is awarded)\s+"
        r"(?:the\s+|that\s+|this\s+)?(?:tender|contract|order|package|job)\b)"
    ),
    re.compile(r"\b(?:went|goes|go|going) with " + _FIRM + r"(?=\s+for\b)"),
)


# a colour said by its code is a colour whatever else the sentence says ("RAL 1015 light ivory, not RAL 9010",
# "NCS S 1005-Y20R for the hallways"): the code names the attribute as a cue word would
_COLOUR_CODE = re.compile(r"(?<![\w-])(RAL\s?\d{4}|NCS\s?(?:S\s?)?\d{4}-[A-Z]\d{0,2}[A-Z]?)(?![\w-])")
# the colour's own name after its code ("RAL 1015 light ivory", "RAL 7035 light grey") names no model thing: its
# "light" is no light fitting
_COLOUR_NAMED = re.compile(
    _COLOUR_CODE.pattern + r"(?:\s+(?!(?:for|on|in|is|are|to|at|with|and|or|not|which|the|throughout|instead|now|"
    r"rather|from|walls?|ceilings?|doors?|everywhere|please)\b)[a-z]+){0,3}"
)


def without_value_names(text: str) -> str:
    """``text`` with every colour said by its code and name, and every firm said as chosen, blanked, for reading
    the model things it names ("Harrow Glazing won the tender for the roof slabs" names slabs, not windows)."""
    text = _COLOUR_NAMED.sub(lambda m: " " * len(m.group(0)), text)
    for pattern in _FIRM_NAMED:
        text = pattern.sub(lambda m: m.group(0)[: m.start(1) - m.start()] + " " * len(m.group(1)), text)
    return text


_CODE = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{0,3}-)(?=[A-Z0-9]|\s|,|\.|$)")
_BARE = re.compile(r"(?<![\w.,:/-])(\d+(?:\.\d+)?)(?![\w:/-]|[.,]\d)")
_ROOMISH = re.compile(r"(?:room|space|bedroom|office|no\.?|number|level|the|on the)\s*$", re.IGNORECASE)
_RETRACT = re.compile(
    r"\b(?:stop(?:ped)? using|forg(?:et|ot)(?: about)?|scrap(?:ped)?|drop(?:ped)?|ditch(?:ed)?|bin|lose|gone off|"
    r"instead of|no longer(?: using| want(?:s)?)?|rather than|replac(?:e|es|ed|ing)|supersed(?:e|es|ed|ing)|"
    r"overrid(?:e|es|den|ing)|not going with|away from|swap(?:s|ped|ping)?(?:\s+out)?|"
    r"(?:changed?|went|gone|goes|moved|increased|reduced|raised|lowered|dropped|up|down) from|mov(?:e|ed|ing) off|"
    r"off the)\s+"
    r"(?:the\s+|that\s+|this\s+)?([A-Za-zÀ-ÿ][\w-]*|\d+(?:\.\d+)?)(?![\w.-])(?!\s+(?:to|down|up)\b)",
    re.IGNORECASE,
)
# "not Timeless any more", "Slate's out", "the 45 is out", "Timeless is off": the word named only to reject it
_RETRACT_AFTER = re.compile(
    r"\bnot\s+(?:the\s+|using\s+(?:the\s+)?|doing\s+(?:the\s+)?)?([A-Za-zÀ-ÿ][\w-]*(?:\s+[A-Za-zÀ-ÿ][\w-]*){0,2}?|"
    r"\d+(?:\.\d+)?)\s+any\s?more\b"
    r"|\b([A-Za-zÀ-ÿ][\w-]*|\d+(?:\.\d+)?)(?:(?:'s|’s|\s+is|\s+are|\s+has been|\s+have been|\s+was|\s+were|\s+got)\s+"
    r"(?:out|off|dead|gone|binned|scrapped|dropped|cancelled|canceled|rejected|vetoed)\b"
    # "the 0.9 didn't survive the value engineering", "the oak didn't make the cut"
    r"|\s+(?:didn't|didn’t|did not|won't|won’t|will not|never)\s+"
    r"(?:survive[ds]?|made? it|made? the cut|get through|fly)\b)"
    r"(?!\s+(?:of|for|to|on|in)\b)"
    # someone off or out for a while is away, not rejected ("our QS is off sick this Friday", "she's out today")
    r"(?!\s+(?:sick|ill|unwell|poorly|today|tomorrow|tonight|this|next|until|till|all\s+(?:day|week)))",
    re.IGNORECASE,
)
# a correction "A, not B": "it's the 60-minute doors, not the 30", "RAL 9016, not 9010", "Not terracotta in the
# kitchen after all - polished concrete": "not" opening a clause (never "is not", "we're not doing") and the phrase
# it negates (up to four words) ending the clause, or followed by "any more", "after all" or where it applies
_TOKEN = r"[A-Za-zÀ-ÿ0-9](?:[\w&'’]|[.-](?=\w))*"
_NOT_CORRECTION = re.compile(
    r"(?:^|[,;:(\u2013\u2014]\s*|\s-\s+|\b(?:and|but|so)\s+)(?:\W*)not\s+"
    r"(?:the\s+|a\s+|an\s+|that\s+|those\s+|these\s+|our\s+|her\s+|his\s+|their\s+)?"
    r"(" + _TOKEN + r"(?:\s+" + _TOKEN + r"){0,3}?)"
    r"(?=\s*(?:$|[,;.!?)\u2013\u2014]|\s-\s)"
    r"|\s+(?:any\s?more|after all|either|though|in|on|for|at|upstairs|downstairs)\b)",
    re.IGNORECASE,
)
_GENERIC_HEAD = frozenset("ones one option options version thing things stuff kind type".split())  # noqa: SIM905
# people and roles: "the design manager is off" is an absence, never a rejected value
_PEOPLE_WORDS = (
    "qs surveyor manager pm designer consultant foreman electrician plumber builder joiner engineer architect client "
    "contractor landlord tenant owner boss colleague team everyone everybody somebody someone person i you me"
)
_PEOPLE = frozenset(_PEOPLE_WORDS.split())
# the first preposition of a subject ("the 20 *for* the living rooms is dead"): the words before it are what is
# rejected, the words after it say what it was about
_QUALIFIER = re.compile(r"\b(?:for|of|on|in|at|throughout|across|to|from|with|under|over|above|below)\b", re.IGNORECASE)
_NOT_A_VALUE = frozenset(
    "it that this he she they we there what who which everything nothing something one budget meeting he's "  # noqa: SIM905
    "client contractor engineer architect programme schedule report drawing drawings model "
    # function words are never what is rejected: "the latest model drop before I head out" drops nothing
    "before after until till by into onto out in on at for with without of off up down over ahead behind later "
    "soon today tomorrow tonight yesterday again here and or but while whilst when as since because if though "
    "although so than once from yet sure ones now really just only quite enough much all every necessarily needed "
    "required included applicable exactly too very".split()
)
# what retracts the statement before it as a whole ("scrap that, 2700 it is", "forget what I said")
_RETRACT_PREVIOUS = re.compile(
    r"\b(?:scrap|scratch|forget|ignore|cancel|strike|disregard)\s+(?:that|this|it|what i said|my last)\b"
    r"|\bchange of plan\b|\b(?:changed|change)\s+(?:our|her|his|their|my)\s+minds?\b"
    # a correction of what was just said: "2.50 m. No wait, ... 2.65 m", "sorry, I meant 48", "I tell a lie"
    r"|^\W*no,?\s+wait\b|\bsorry,?\s+i\s+meant\b|\bi\s+tell\s+a\s+lie\b|\bmy\s+mistake\b",
    re.IGNORECASE,
)
# a new value said as a revision, without naming what it replaces ("make it Jasmine White", "2700 it is",
# "drop it to the 7", "gone for a composite door after all", "Anthracite instead")
REVISION_CUES = re.compile(
    r"\b(?:make it|make that|make them|\w+ it is|(?:drop|dropped|bring|brought|bump|bumped|push|pushed|put|move|"
    r"moved|take|took|cut|raise|raised|lower|lowered|up|down|change|changed|switch|switched)\s+(?:it|that|them|this)?"
    r"\s*(?:down|up)?\s*to|after all|instead|gone for|going for|went for|went with|going with|go with|settled on|"
    r"decided on|now|actually|revised|updated|update|replaces|replaced|no longer|rather|back to|"
    # a decision said as one, naming the new choice ("the meeting landed on terrazzo", "she opted for oak")
    r"landed on|opted for|plumped for|agreed on|chose|chosen|picked|"
    # a new value said with the time it holds from ("it's larch floorboards from today")
    r"from today|from now on|as of today|as from today|going forward|with immediate effect)\b"
    r"|\b\w+\s+(?:it|that|them|this)\s+(?:down\s+|up\s+|back\s+)?to\s+(?:the\s+)?\d",
    re.IGNORECASE,
)
# the cues that replace a value said in words without naming it ("gone for a composite door after all");
# "now", "update" and the like only revise a number ("it's 52 a square metre now")
REPLACING_CUES = re.compile(
    r"\b(?:make it|make that|make them|\w+ it is|after all|instead|gone for|going for|went for|went with|going with|"
    r"go with|settled on|decided on|rather|switch(?:ed)? to|change(?:d)? (?:it |that )?to|back to|"
    r"landed on|opted for|plumped for|agreed on|chose|chosen|picked|"
    r"change of plan|changed (?:our|her|his|their|my) minds?)\b",
    re.IGNORECASE,
)
# an agreement to what the assistant suggested just before ("yes", "go with that", "fine, order those")
CONFIRMS = re.compile(
    r"^(?:(?:yes|yeah|yep|yup|ok|okay|fine|sure|right|correct|exactly|agreed|perfect|great|lovely|good|spot on|"
    r"please do|yes please|sounds good|that works|works for me|that'll do|that's the one|ja|passt|genau)\b|"
    r"(?:we'll |let's |we |i'll )?(?:go|going) (?:with|for) (?:that|those|it|them|this|these|the first|the second|"
    r"the last|option)|go ahead|do (?:that|it)|let's (?:do|go with) (?:that|it|those)|"
    r"(?:order|book|use|note|take) (?:those|them|that|it|this|these)\b|we said yes|that one|those ones|"
    r"approved|confirmed|happy with (?:that|those|it)|we'll take (?:that|those|it))",
    re.IGNORECASE,
)
SUGGESTS = re.compile(
    r"\b(?:suggest|suggests|suggested|recommend|recommends|recommended|propose|proposed|could|option|options|"
    r"how about|what about|i'd|i would|would you like|shall i|shall we|should we|you might|consider|alternative|"
    r"alternatively|typical|typically|usual|usually|the standard|works well|a good choice|would|should|might|"
    r"may want|fits|would fit)\b",
    re.IGNORECASE,
)


_REQUEST = re.compile(  # a request to the assistant ("Show me the doors on 1.OG."), not a statement of fact
    r"^(?:[\w' ,!-]{0,40}[:,.!-]\s*)?(?:please\s+)?"
    r"(?:show|list|give|find|count|break|tell|check|pull up|can you|could you)\b",
    re.IGNORECASE,
)


# a request to the assistant to keep or change what it noted: a statement said politely, never a question to answer
# ("can you change the rate for the plasterboard to 48", "please note it's 2.4 m now", "would you mind putting
# the EG doors down as EI 60", "could you swap the slate for porcelain", "put in your notes that ..."); group 1
# notes a fact, group 2 changes one
_ASKS_TO_RECORD = re.compile(
    r"^(?:[^?]{0,40}?(?:[:,.!\u2013\u2014]|\s-)\s*)?"
    r"(?:(?:can|could|would|will)\s+(?:you|we)\s+(?:please\s+|just\s+|kindly\s+)?(?:mind\s+)?|please\s+|pls\s+|plz\s+|"
    r"kindly\s+|(?:i|we)\s+need\s+you\s+to\s+)(?:please\s+|just\s+)?"
    r"(?:(note|noting|record|recording|log|logging|remember|put (?:it |that |this )?(?:in|into) (?:your|the) notes|"
    r"make a note|jot down|write down|add (?:a note|to (?:your|the) notes))"
    r"|(change|changing|update|updating|amend|amending|correct|correcting|make|making|set|setting|put|putting|swap|"
    r"swapping|switch|switching|bump|bumping|drop|dropping|raise|raising|lower|lowering|replace|replacing|revise|"
    r"revising|adjust|adjusting|mark|marking|move|moving))\b",
    re.IGNORECASE,
)
_QUERY = re.compile(  # a question to the assistant about the model ("How many walls are on Erdgeschoss?")
    r"^(?:[^?]{0,40}[:.!,]\s*)?(?:how many|how much|what|which|where|who|when|show|list|break|can you|could you|"
    r"is there|are there|do we have|does the model)\b",
    re.IGNORECASE,
)
_ANSWERS = re.compile(  # a sentence that answers the question before it ("WCs: tiled? The client said yes.")
    r"^(?:yes|no|yep|nope|agreed|confirmed|(?:the client|she|he|they|we|i) (?:said|agreed|confirmed|decided)"
    r"|(?:that's|that is) (?:a )?(?:yes|no))\b",
    re.IGNORECASE,
)


@dataclass
class Statement:
    """One sentence as said, and the fact read from it where it could be."""

    text: str
    session: str
    at: str
    role: str  # user | assistant
    lead: str | None = None  # the sentence before it in its turn
    question: bool = False  # a question not answered in the same turn
    attribute: str | None = None
    value: float | str | None = None
    unit: str | None = None
    bare: list[float] = field(default_factory=list)  # numbers said without a unit
    retracts: list[str] = field(default_factory=list)  # what it says is no longer so ("45", "oak")
    retracts_previous: bool = False  # "scrap that", "change of plan": the statement before is no longer so
    revises: bool = False  # said as a revision ("make it ...", "... instead", "after all", "drop it to the 7")
    confirmed_by: str | None = None  # an assistant's suggestion the user agreed to: the user's words
    rejected_subject: list[str] = field(default_factory=list)  # the words of a longer subject said to be dead

    @property
    def rejects_only(self) -> bool:
        """Names what is no longer so and nothing new ("Slate's out.", "Not Timeless any more.")."""
        return (
            bool(self.retracts or self.retracts_previous)
            and self.value is None
            and not [b for b in self.bare if f"{b:g}" not in self.retracts]
            and not (self.revises and len(re.findall(r"[^\W\d_]{3,}", self.text)) > 2 + len(self.retracts))
        )


_ORDINAL_END = re.compile(r"(?:^|\s)\d{1,2}\.$")  # "screed on the 1." + "Obergeschoss ...": one sentence
_STOREY_NOUN = re.compile(r"(?:ober|unter|dach|keller|zwischen)?geschoss|og|ug|etage|stock|ebene|obergeschoß")


def split_sentences(text: str) -> list[str]:
    out: list[str] = []
    for piece in (s.strip() for s in _SENTENCE.split(text.replace("\n", " "))):
        if not piece:
            continue
        first = piece.split(maxsplit=1)[0].casefold()
        if out and _ORDINAL_END.search(out[-1]) and _STOREY_NOUN.match(first):
            out[-1] = f"{out[-1]} {piece}"  # a German ordinal storey ("1. Obergeschoss"), not a sentence end
        else:
            out.append(piece)
    return out


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "")) if text.count(",") and "." in text else float(text.replace(",", "."))
    except ValueError:
        return None


def read_value(text: str) -> tuple[float | str | None, str | None]:
    """The value and unit ``text`` states (see the module docstring); ``(None, None)`` when none."""
    fire = _FIRE.search(text)
    if fire:
        label = fire.group(1)
        plain = re.fullmatch(r"EI\s?(\d{2,3})", label)
        return (float(plain.group(1)), "min") if plain else (label, None)
    for pattern, unit in _TYPED:
        m = pattern.search(text)
        if m:
            number = _number(m.group(1) or m.group(2)) if unit else _number(m.group(1))
            if number is not None:
                found = unit or m.group(2)
                return number, _UNIT_NAMES.get(found.casefold(), found)
    for pattern in (_SECURITY, _PHASE, _COLOUR_CODE):
        m = pattern.search(text)
        if m:
            return m.group(0) if pattern is _PHASE else m.group(1).replace(" ", ""), None
    if attribute_of(text) == "naming_prefix":
        m = _CODE.search(text)
        if m:
            return m.group(1), None
    return None, None


def bare_numbers(text: str) -> list[float]:
    """Numbers said without a unit, outside names, room numbers, dates and times."""
    out = []
    for m in _BARE.finditer(text):
        after = text[m.end() : m.end() + 14].casefold()
        if re.match(r"\s?(?:%|mm|cm|m\b|m²|m2|db|eur|€|min|w/|a square|per|each|st\b|nd\b|rd\b|th\b|x\b|by\b)", after):
            continue
        if _ROOMISH.search(text[max(0, m.start() - 12) : m.start()]) and not re.search(
            r"(?:the|with|to|at)\s*$", text[max(0, m.start() - 6) : m.start()], re.IGNORECASE
        ):
            continue
        number = _number(m.group(1))
        if number is not None:
            out.append(number)
    return out


def attribute_of(text: str, unit: str | None = None) -> str | None:
    """What ``text`` is about, by its cue words (the most specific first) or its unit."""
    folded = _STOREY_FLOOR.sub(" ", text.casefold())
    found = [name for name, pattern in _CUE_RES.items() if pattern.search(folded)]
    if _COLOUR_CODE.search(text):
        found.append("finish")
    if _FIRM_CHOSEN.search(text):
        found.append("supplier")
    if unit in _UNIT_ATTRIBUTES:
        return _UNIT_ATTRIBUTES[unit]
    for preferred in ("fire_rating", "u_value", "acoustic", "security", "supplier", "naming_prefix", "phase",
                      "heating", "floor_finish", "finish", "height", "cost_rate"):  # fmt: skip
        if preferred in found:
            return preferred
    return None


def asks_assistant(text: str) -> bool:
    """Whether ``text`` asks the assistant something ("How many doors are on Erdgeschoss?", "List the doors.")."""
    return text.rstrip().endswith("?") or bool(_REQUEST.match(text))


@functools.cache
def cue_words() -> frozenset[str]:
    """Every word of the attribute cues ("landlord", "supplied", "pricing")."""
    return frozenset(w for cues in ATTRIBUTE_CUES.values() for c in cues for w in re.findall(r"[^\W\d_]+", c))


def attributes_of(text: str) -> set[str]:
    """Every attribute ``text`` has a cue for (a probe may ask two things)."""
    folded = _STOREY_FLOOR.sub(" ", text.casefold())
    found = {name for name, pattern in _CUE_RES.items() if pattern.search(folded)}
    found |= {"finish"} if _COLOUR_CODE.search(text) else set()
    return found | {"supplier"} if _FIRM_CHOSEN.search(text) else found


def corrected(text: str) -> list[str]:
    """What a correction "A, not B" negates: "the 60-minute doors, not the 30" -> 30; "white metro tiles, not the
    slate-effect porcelain" -> "slate-effect porcelain"; "RAL 9016 traffic white, not 9010" -> 9010. The numbers of
    the phrase come along ("not RAL 6021 pale green" -> also 6021), and its head without a generic noun ("not
    the slate-effect ones" -> "slate-effect"). A "not" that negates a place or a time ("not before the stair is
    in", "not the ones up in the loft", "not in contract") negates no value."""
    out: list[str] = []
    for m in _NOT_CORRECTION.finditer(text):
        words = m.group(1).split()
        if words[0].casefold() in _NOT_A_VALUE:
            continue
        while words and words[-1].casefold() in _GENERIC_HEAD:
            words.pop()
        if not words:
            continue
        out.append(" ".join(words))
        if len(words) > 1:
            out += [w for w in words if re.fullmatch(r"\d+(?:\.\d+)?", w)]
    return out


def retracted(text: str) -> list[str]:
    """What ``text`` says is no longer so: "stop using the 45" -> 45, "Slate's out" -> Slate, "A, not B" -> B."""
    found = [m.group(1) for m in _RETRACT.finditer(text)] + corrected(text)
    for m in _RETRACT_AFTER.finditer(text):
        if m.group(1):
            found.append(m.group(1))
        elif not _absent(m.group(2)):
            found.append(_head(text, m.start(2)) or m.group(2))
    found += [m.group(1) for m in _FROM_TO.finditer(text)]
    return [t for t in dict.fromkeys(found) if t.casefold() not in _NOT_A_VALUE]


# "the wall elements went from 0.6 to 0.9 W/m²K", "bumped from 38 to 45": the number it went from
_FROM_TO = re.compile(
    r"\b(?:went|gone|goes|going|changed?|moved|increased|reduced|raised|lowered|dropped|bumped|cut|come|came|up|down)"
    r"(?:\s+(?:up|down))?\s+from\s+(?:the\s+)?(\d+(?:\.\d+)?)(?![\d.])[^.;,]{0,12}?\s+to\b",
    re.IGNORECASE,
)


def _head(text: str, end: int) -> str | None:
    """The head of the subject that ends at ``end`` when a qualifier follows it: "The 20 for the living rooms
    is dead" rejects the 20, not the rooms (the rooms say which 20); None when the subject has no qualifier."""
    start = max((m.end() for m in _CLAUSE_START.finditer(text, 0, end)), default=0)
    qualifier = _QUALIFIER.search(text, start, end)
    if qualifier is None:
        return None
    words = re.findall(r"[A-Za-zÀ-ÿ0-9][\w.-]*", text[start : qualifier.start()])
    words = [w.rstrip(".") for w in words if w.casefold() not in _SUBJECT_FILLER]
    return words[-1] if words else None


def _absent(word: str) -> bool:
    """Whether "X is off / out" says a person is away ("our QS is off", "the design manager's out")."""
    return word.casefold() in _PEOPLE


def rejected_subject(text: str) -> list[str]:
    """The words of a longer subject said to be dead, out or off, up to where it applied ("the RAL 1015 light ivory
    for the offices is dead" -> RAL, 1015, light, ivory): the memory takes as rejected those an earlier statement
    holds that name no model entity."""
    found = [
        w
        for m in _RETRACT_AFTER.finditer(text)
        if m.group(2) and not _absent(m.group(2))
        for w in _clause_subject(text, m.start(2))
    ]
    return [w for w in dict.fromkeys(found) if w.casefold() not in _NOT_A_VALUE]


_CLAUSE_START = re.compile(r"[.,](?!\d)\s*|[;:!?\u2013\u2014]\s*|\s-\s+|\b(?:and|but|so|because)\s+", re.IGNORECASE)
_SUBJECT_FILLER = frozenset("the a an for of in on at to with all our your their its from throughout".split())  # noqa: SIM905


def _clause_subject(text: str, end: int) -> list[str]:
    """The words of the clause before ``end`` (its subject, when ``end`` is where "is dead" was said)."""
    start = max((m.end() for m in _CLAUSE_START.finditer(text, 0, end)), default=0)
    clause = text[start:end]
    # "the larch floorboards for the east-wing rooms is dead": what follows "for"/"in"/"on" after the head names
    # where it applied, never what is rejected (a group of rooms the linker does not know stays in place)
    place = re.search(r"(?<=\w)\s+(?:for|in|on|at|throughout)\s+", clause)
    if place:
        clause = clause[: place.start()]
    words = re.findall(r"\d+(?:\.\d+)?(?![\w-])|[A-Za-zÀ-ÿ0-9][\w-]*", clause)
    return [w for w in words if w.casefold() not in _SUBJECT_FILLER and (len(w) >= 3 or w.isdigit())]


def recorded_request(text: str) -> str | None:
    """``"note"`` when ``text`` asks the assistant to note a fact, ``"change"`` when to change one (see
    ``_ASKS_TO_RECORD``), else None."""
    m = _ASKS_TO_RECORD.match(text.strip())
    if m is None:
        return None
    return "note" if m.group(1) else "change"


def statement(text: str, session: str, at: str, role: str, lead: str | None, question: bool) -> Statement:
    st = _statement(text, session, at, role, lead, question)
    request = recorded_request(text) if role == "user" else None
    if request == "note":  # "put in your notes that the 1.OG windows get 0.7 W/m²K": the user's statement
        st.question = False
    elif request == "change" and (st.value is not None or st.bare or st.retracts):
        st.question = False  # "can you change the rate for the plasterboard to 48?": a revision, said politely
        st.revises = True
    return st


def _statement(text: str, session: str, at: str, role: str, lead: str | None, question: bool) -> Statement:
    value, unit = read_value(text)
    return Statement(
        text, session, at, role, lead, question, attribute_of(text, unit), value, unit,
        bare_numbers(text) if value is None or isinstance(value, str) else [],
        retracted(text), bool(_RETRACT_PREVIOUS.search(text)),
        bool(REVISION_CUES.search(text) or _RETRACT_PREVIOUS.search(text) or corrected(text)),
        rejected_subject=rejected_subject(text),
    )  # fmt: skip


def suggestion(answer: str) -> str | None:
    """The sentences of an assistant's answer that suggest something (what a "yes" agrees to), or None."""
    said = [s for s in split_sentences(answer) if SUGGESTS.search(s)]
    return " ".join(said) if said else None


def read_statements(session: Session) -> list[Statement]:
    """Every sentence of the session's user turns and assistant answers (never tool outputs), as said."""
    out: list[Statement] = []
    answer: str | None = None  # the assistant's last answer, while no user turn has followed it
    before: str | None = None  # the user's last sentence before it (what the suggestion answers)
    for turn in session.turns:
        if not turn.content or turn.role not in ("user", "assistant"):
            continue
        sentences = split_sentences(turn.content)
        merged: list[str] = []
        for sentence in sentences:  # a question answered in the same turn is one statement with its answer
            asked = merged[-1] if merged else ""
            if asked.endswith("?") and not _QUERY.match(asked) and _ANSWERS.match(sentence):
                merged[-1] = f"{merged[-1]} {sentence}"
            elif (
                merged
                and not asked.endswith("?")
                and not sentence.rstrip().endswith("?")  # a question after a rejection asks; it does not finish it
                and statement(asked, "", "", "", None, False).rejects_only
            ):
                merged[-1] = f"{merged[-1]} {sentence}"  # "Slate's out. Anthracite instead.": one revision
            else:
                merged.append(sentence)
        confirming = next((x for x in merged[:2] if CONFIRMS.match(x)), None) if turn.role == "user" else None
        if answer and confirming:
            suggested = suggestion(answer)
            if suggested:  # the user's decision, in the assistant's words, linked to the user's "yes"
                st = statement(suggested, session.id, turn.at, "user", before, False)
                st.confirmed_by = confirming
                st.attribute = st.attribute or (attribute_of(before) if before else None)
                out.append(st)
        answer = turn.content if turn.role == "assistant" else None
        if turn.role == "user":
            before = merged[-1] if merged else None
        lead = None
        for sentence in merged:
            asks = sentence.endswith("?") or bool(_REQUEST.match(sentence))
            out.append(statement(sentence, session.id, turn.at, turn.role, lead, asks))
            lead = sentence
    return out
