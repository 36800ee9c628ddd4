"""Typo bench (issue 22, round 9): answered questions with ONE content word misspelled, generated.

    python bench/spatial/typos.py --bases-from RUN_ROOT      # refresh typo_bases.json from a score_all run
    python bench/spatial/typos.py [--ifc-dir ../shared/ifc] [-o bench/spatial/typo_cases.json] [--check]
    python bench/spatial/typos.py --report RUN_DIR           # per perturbation kind, from a spatial-bench run

**Bases.** The questions of the development sets (every oracle-style set of ``score_all.sh`` except the held-out
ones: nothing named ``*sixth_b*``, ``people_sixth.json`` or ``*seventh*`` is read) that main answered with score
1.0 and whose oracle is not a decline. Which ones is read once from a ``score_all.sh`` run's ``records.jsonl``
(``--bases-from``) and committed as ``typo_bases.json`` (set, id), so the generation below depends on no run.

**Cases (metamorphic).** Each case is one base question with ONE content word changed by one realistic error; its
oracle is the base question's oracle (computed with plain IfcOpenShell by the base set's oracle script). Content
words: class, storey, room, property, measure and German words (the hand list :data:`CONTENT` below) and the words
of the model's storey names and space names / long names (read with ``ifcopenshell``). Kinds:

=================  ============================================================================================
kind               error
=================  ============================================================================================
t_neighbour        one interior letter replaced by a QWERTY neighbour ("doots")
t_transpose        two neighbouring letters swapped, not the first ("dorrs" no: "doros")
t_drop             one letter dropped, not the first ("dors", "Erdgechoss")
t_double           one letter doubled ("doorrs")
t_spacing          a space taken out or put in, or a hyphen ("groundfloor", "ground-floor", "bath room", "Level1")
t_spelling         British vs American spelling ("story", "meters", "center")
t_umlaut           an umlaut spelled out, dropped or an ß ("Tueren", "Turen", "Geschoß")
t_case             caps lock or shouting ("dOORS", "LEVEL")
t_number           a plural written singular ("how many door")
t_abbreviation     an abbreviation ("lvl", "flr", "rm", "qty", "ext.", "EG" for Erdgeschoss)
=================  ============================================================================================

**Real-word check.** A letter-level error that makes another real word is not a typo but a different question: the
changed word is looked up in the model (every word of every string it holds, umlauts also spelled out), in the
parser's vocabularies (``src/ifcqa/spatial/data/*.json`` and the class words) and in :data:`ENGLISH` / :data:`GERMAN`
(word lists written here: common words one edit from the content words, "hall", "widow", "stain", "roam"); a hit
drops that variant and the next one is tried. Generation is seeded per base id and kind: deterministic.

``--report`` reads ``records.jsonl`` of ``ifcqa spatial-bench bench/spatial/typo_cases.json`` and prints per kind:
n, right (score 1), declined, wrong (an answer that is not the base's and no decline) and broadenings.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generated_bench  # noqa: E402
from generated_bench import dumps  # noqa: E402
from generated_bench import seed as _seed  # noqa: E402

ROOT = HERE.parents[1]
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "typo_cases.json"
BASES = HERE / "typo_bases.json"
PER_KIND = 34  # cases per perturbation kind (fewer where fewer bases allow the error)
PER_BASE = 2  # at most this many cases from one base question

# the development sets read for bases (score_all.sh's oracle-style sets; the held-out ones are not named here)
SETS = ("people", "people_third", "people_heldout", "people_fourth", "dev_round2", "dev_round3_filters",
        "dev_round3_lookup", "dev_round3_measure", "dev_round5_fourth", "dev_round5_gaps", "dev_round5_fifth",
        "dev_round6_rooms", "dev_round6_lookup", "people_fifth_a", "people_fifth_b", "dev_round7_lookup",
        "dev_round7_rooms", "dev_round7_measure", "people_sixth_a")

KINDS = ("t_neighbour", "t_transpose", "t_drop", "t_double", "t_spacing", "t_spelling", "t_umlaut", "t_case",
         "t_number", "t_abbreviation")

# --- words ------------------------------------------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CONTENT = _words("""
door doors window windows wall walls slab slabs column columns beam beams stair stairs staircase staircases railing
railings roof roofs furniture space spaces room rooms storey storeys story stories floor floors level levels
basement ground first second third upper attic building elements element covering coverings ceiling ceilings
plate plates member members curtain opening openings pipe pipes duct ducts radiator radiators toilet toilets sink
sinks lamp lamps light lights fixture fixtures equipment table tables chair chairs desk desks bed beds shelf
kitchen kitchens bathroom bathrooms bedroom bedrooms office offices corridor corridors hallway living dining
storage garage laundry lobby meeting conference toilet restroom
external exterior internal interior bearing loadbearing load fire rating rated width height area volume length
thickness perimeter total average largest smallest biggest tallest widest highest lowest deepest longest
elevation gross net quantity quantities number count metres meters metre meter square cubic material materials
concrete steel timber wood glass brick insulation
""") | _words("""
türen tür fenster wände wand räume raum geschoss geschosse stockwerk stockwerke etage etagen erdgeschoss
obergeschoss dachgeschoss kellergeschoss keller decke decken treppe treppen treppenhaus stütze stützen träger
möbel fläche flächen höhe breite länge volumen grundfläche nettogrundfläche bruttogrundfläche wohnfläche
außenwände außenwand innenwände innenwand tragende tragend küche bad badezimmer schlafzimmer wohnzimmer büro
büros flur flure zimmer besprechungsraum labor heizkörper dach gebäude bauteile elemente anzahl gesamt
""")

# common English words one edit from the content words (and other frequent ones): a variant that lands on one
# of these is another question, not a typo
ENGLISH = _words("""
a an the and or of to in on at by for with from as is are was were be been it its this that these those there
here what which who whom whose where when why how all any each every some many much more most less least few
hall halls ball balls call calls walk walks well wells will tall mall malls wail wails wale gall fall falls
odor odors dorm dorms boor boors dour poor doom doomed dose does done dots door's moors moor
widow widows winnow winnows windy wind winds
flour flours flood floods flop flow flown floo fluor
lever levers revel revels bevel bevels lover
roam roams boom booms root roots rook rooks zoom doom broom groom rout
hoof hoofs proof
slob slobs slam slams stab stabs scab scabs slap slaps slat slats
bean beans team teams seam seams beat beats bear bears beak
star stars stain stains stairs chair chairs stir stirs sair
spice spices spade spades scape spaced spacer
column columns solemn
area arena aria areas
total tidal toil
tale tales table tables tablet cable cables fable
light lights night nights fight might sight right tight eight
height heights weight weights eighth
width widths with
length lengths
voume volume volumes
floors flours
roof roofs rood
level levels
bed beds bad bead bees bet bid bud
desk desks dusk disk disks
sink sinks sank sunk sick silk
lamp lamps lump limp ramp ramps camp damp
pipe pipes pips pope wipe ripe
duct ducts duck ducks dust
plate plates plat plant plants slate late
steel steal steer steep sheel
glass grass class gloss
brick bricks trick prick
wood woods word words good hood food mood
beam beams
count counts court courts county
number numbers lumber
meter meters metre metres mater
square squares
office offices
storey storeys story stories store stores storm
ground grounds round around
first fist firs
second seconds
third thirds
upper super supper
attic antic
basement casement
gross grass grosse
net nets nest next
tallest
largest
kitchen
bathroom
bedroom
lobby hobby
exterior
internal eternal infernal
external
fire fires fir hire wire tire fibre fiber
rated rates rate dated
rating dating
load loads lead loan road toad
bearing hearing wearing bearings
ceiling sealing
cover covers
member members
open opens
rooms rooms
space spaces
name names same game came
type types tape
side sides wide wider
many
""")

GERMAN = _words("""
hohe hohen hoher hohes hof hefe
raum raume rauma rahmen
wand wande wanne wandel
tur tor tour turm
decke dicke
bad bade baden
dach fach bach
flur flug
keller kellner
treppe
etage
gesamt
anzahl
zimmer
breite breit
lange langes langen lang
fenster
""")

# one error per kind, hand-listed where it is a fixed form
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "level": ("lvl",), "levels": ("lvls",), "floor": ("flr",), "floors": ("flrs",), "room": ("rm",),
    "rooms": ("rms",), "quantity": ("qty",), "quantities": ("qtys",), "external": ("ext.",),
    "exterior": ("ext.",), "number": ("no.",), "building": ("bldg",), "basement": ("bsmt",),
    "average": ("avg",), "maximum": ("max",), "minimum": ("min",), "erdgeschoss": ("EG",),
    "obergeschoss": ("OG",), "dachgeschoss": ("DG",), "kellergeschoss": ("KG",), "elevation": ("elev.",),
    "approximately": ("approx.",), "bathroom": ("bath",), "department": ("dept",), "mechanical": ("mech",),
    "electrical": ("elec",), "thickness": ("thk",), "dimensions": ("dims",), "information": ("info",),
    "square metres": ("sqm",), "square meters": ("sqm",), "first floor": ("1st floor",),
    "second floor": ("2nd floor",), "third floor": ("3rd floor",), "ground floor": ("GF",),
    "apartment": ("apt",), "storage": ("stor.",), "kitchen": ("kit.",), "corridor": ("corr.",),
}
SPELLINGS: dict[str, str] = {
    "storey": "story", "storeys": "stories", "story": "storey", "stories": "storeys", "metre": "meter",
    "metres": "meters", "meter": "metre", "meters": "metres", "centre": "center", "center": "centre",
    "colour": "color", "color": "colour", "grey": "gray", "gray": "grey", "aluminium": "aluminum",
    "aluminum": "aluminium", "fibre": "fiber", "fiber": "fibre", "litre": "liter", "liters": "litres",
    "litres": "liters", "theatre": "theater", "organisation": "organization", "cosy": "cozy",
}
COMPOUNDS: dict[str, tuple[str, ...]] = {  # a compound written apart or hyphenated
    "bathroom": ("bath room",), "bathrooms": ("bath rooms",), "bedroom": ("bed room",), "bedrooms": ("bed rooms",),
    "staircase": ("stair case",), "staircases": ("stair cases",), "stairwell": ("stair well",),
    "classroom": ("class room",), "storeroom": ("store room",), "restroom": ("rest room",),
    "hallway": ("hall way",), "loadbearing": ("load bearing",), "erdgeschoss": ("Erd-Geschoss", "Erd geschoss"),
    "obergeschoss": ("Ober-Geschoss", "Ober geschoss"), "dachgeschoss": ("Dach-Geschoss", "Dach geschoss"),
    "kellergeschoss": ("Keller-Geschoss",), "außenwände": ("Außen-Wände",), "innenwände": ("Innen-Wände",),
    "treppenhaus": ("Treppen-Haus",), "wohnzimmer": ("Wohn-Zimmer",), "schlafzimmer": ("Schlaf-Zimmer",),
    "badezimmer": ("Bade-Zimmer",), "besprechungsraum": ("Besprechungs-Raum",), "grundfläche": ("Grund-Fläche",),
    "nettogrundfläche": ("Netto-Grundfläche",), "wohnfläche": ("Wohn-Fläche",), "furniture": (),
    "groundfloor": ("ground floor",), "1stfloor": ("1st floor",),
}
PLURALS = {  # plural -> singular (class words people count and list)
    "doors": "door", "windows": "window", "walls": "wall", "slabs": "slab", "columns": "column", "beams": "beam",
    "stairs": "stair", "railings": "railing", "rooms": "room", "spaces": "space", "plates": "plate",
    "members": "member", "coverings": "covering", "toilets": "toilet", "sinks": "sink", "tables": "table",
    "chairs": "chair", "beds": "bed", "lamps": "lamp", "radiators": "radiator", "bedrooms": "bedroom",
    "bathrooms": "bathroom", "kitchens": "kitchen", "offices": "office", "corridors": "corridor",
    "ceilings": "ceiling", "roofs": "roof", "openings": "opening", "elements": "element", "storeys": "storey",
    "floors": "floor", "levels": "level", "türen": "tür", "wände": "wand", "räume": "raum", "stützen": "stütze",
    "decken": "decke", "treppen": "treppe", "geschosse": "geschoss", "büros": "büro",
}

QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def _neighbours() -> dict[str, str]:
    out: dict[str, str] = {}
    for r, row in enumerate(QWERTY):
        for c, ch in enumerate(row):
            near = [row[c - 1]] if c else []
            near += [row[c + 1]] if c + 1 < len(row) else []
            for rr in (r - 1, r + 1):
                if 0 <= rr < len(QWERTY):
                    near += [QWERTY[rr][cc] for cc in (c - 1, c, c + 1) if 0 <= cc < len(QWERTY[rr])]
            out[ch] = "".join(near)
    return out


NEIGHBOURS = _neighbours()
WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*|\d+(?:st|nd|rd|th)?[^\W\d_]+")


def _ascii(text: str) -> str:
    return text.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")


def _same_case(template: str, word: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


# --- the model's words ------------------------------------------------------------------------------------


class Model:
    """Every word of every string of one IFC file, and its storey and space name words."""

    def __init__(self, path: Path) -> None:
        f = ifcopenshell.open(str(path))
        words: set[str] = set()
        for e in f:
            words.update(w.lower() for w in re.findall(r"[^\W\d_]+", e.is_a()))
            for value in e:
                for s in _strings(value):
                    for w in re.findall(r"[^\W\d_]+", s.lower()):
                        words.add(w)
                        words.add(_ascii(w))
        self.words = frozenset(words)
        names: set[str] = set()
        for e in list(f.by_type("IfcBuildingStorey")) + list(f.by_type("IfcSpace")):
            for s in (e.Name, getattr(e, "LongName", None)):
                if isinstance(s, str):
                    names.update(w.lower() for w in re.findall(r"[^\W\d_]+", s) if len(w) >= 4)
        self.names = frozenset(names)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, ifcopenshell.entity_instance):
        if value.id() == 0:
            inner = value.wrappedValue
            if isinstance(inner, str):
                yield inner
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _strings(v)


def vocabulary_words() -> frozenset[str]:
    """Every word of the parser's data files and class words: a variant that is one of them is a real word."""
    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out.update(w.lower() for w in re.findall(r"[^\W\d_]+", value))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((ROOT / "src" / "ifcqa" / "spatial" / "data").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    sys.path.insert(0, str(ROOT / "src"))
    from ifcqa.spatial.vocabulary import CLASS_WORDS  # data only: the class words

    walk(list(CLASS_WORDS))
    return frozenset(out)


# --- perturbations ----------------------------------------------------------------------------------------

Variant = tuple[int, int, str, str]  # start, end, the words replaced, the replacement


def _letter_variants(kind: str, word: str, rng: random.Random) -> list[str]:
    low = word
    out: list[str] = []
    if kind == "t_neighbour":
        for i in range(1, len(low) - 1):
            ch = low[i].lower()
            for n in NEIGHBOURS.get(ch, ""):
                out.append(low[:i] + (n.upper() if low[i].isupper() else n) + low[i + 1:])
    elif kind == "t_transpose":
        for i in range(1, len(low) - 1):
            if low[i] != low[i + 1]:
                out.append(low[:i] + low[i + 1] + low[i] + low[i + 2:])
    elif kind == "t_drop":
        out = [low[:i] + low[i + 1:] for i in range(1, len(low)) if low[i] != low[i - 1]]
    elif kind == "t_double":
        out = [low[:i + 1] + low[i] + low[i + 1:] for i in range(1, len(low)) if low[i].isalpha()
               and low[i] != low[i - 1] and (i + 1 == len(low) or low[i] != low[i + 1])]
    elif kind == "t_umlaut":
        for a, subs in (("ä", ("ae", "a")), ("ö", ("oe", "o")), ("ü", ("ue", "u")), ("ß", ("ss",)),
                        ("Ä", ("Ae", "A")), ("Ö", ("Oe", "O")), ("Ü", ("Ue", "U"))):
            if a in low:
                out += [low.replace(a, s, 1) for s in subs]
        for a, s in (("ae", "ä"), ("oe", "ö"), ("ue", "ü")):
            if a in low.lower() and low.lower() not in ("queue",):
                out.append(low.replace(a, s, 1))
        if low.lower().endswith("ss") and low.lower().endswith(("geschoss", "schoss")):
            out.append(low[:-2] + "ß")
    elif kind == "t_case":
        out = [low.upper() if not low.isupper() else low.lower(), low.swapcase()]
    rng.shuffle(out)
    return [v for v in dict.fromkeys(out) if v != word]


def variants(kind: str, query: str, content: Callable[[str], bool], rng: random.Random) -> Iterator[Variant]:
    """Candidate single-word (or single-phrase) errors of ``kind`` in ``query``, in a seeded order."""
    quoted = [(m.start(), m.end()) for m in re.finditer(r"\"[^\"]*\"|'[^']{2,}'|“[^”]*”", query)]
    tokens = [m for m in WORD.finditer(query)
              if not any(a <= m.start() < b for a, b in quoted) and content(m.group(0).lower())]
    rng.shuffle(tokens)
    low = query.lower()
    if kind in ("t_neighbour", "t_transpose", "t_drop", "t_double", "t_umlaut", "t_case"):
        for m in tokens:
            word = m.group(0)
            if len(word) < 4 and kind != "t_umlaut" or "-" in word or "'" in word:
                continue
            for v in _letter_variants(kind, word, rng):
                yield m.start(), m.end(), word, v
    elif kind == "t_number":
        for m in tokens:
            single = PLURALS.get(m.group(0).lower())
            if single:
                yield m.start(), m.end(), m.group(0), _same_case(m.group(0), single)
    elif kind == "t_spelling":
        for m in tokens:
            other = SPELLINGS.get(m.group(0).lower())
            if other:
                yield m.start(), m.end(), m.group(0), _same_case(m.group(0), other)
    elif kind == "t_abbreviation":
        phrases = sorted(ABBREVIATIONS, key=lambda p: (-len(p), p))
        spots = [(m.start(), m.end(), p) for p in phrases for m in re.finditer(rf"(?<!\w){re.escape(p)}(?!\w)", low)]
        rng.shuffle(spots)
        for start, end, p in spots:
            for a in ABBREVIATIONS[p]:
                yield start, end, query[start:end], a
    elif kind == "t_spacing":
        spots: list[Variant] = []
        for m in tokens:
            for apart in COMPOUNDS.get(m.group(0).lower(), ()):
                spots.append((m.start(), m.end(), m.group(0), _same_case(m.group(0), apart)))
        for m in re.finditer(r"(?<!\w)([^\W\d_]{3,})([ -])([^\W\d_]{3,}|\d+)(?!\w)", query):
            a, sep, b = m.group(1), m.group(2), m.group(3)
            if not (content(a.lower()) and (content(b.lower()) or b.isdigit())):
                continue
            if any(q0 <= m.start() < q1 for q0, q1 in quoted):
                continue
            joined = [a + b, a + "-" + b] if sep == " " else [a + b, a + " " + b]
            if b.isdigit():  # "Level 1": "Level1", "Level-1"
                joined = [a + b, a + "-" + b] if sep == " " else [a + b]
            spots += [(m.start(), m.end(), m.group(0), j) for j in joined]
        rng.shuffle(spots)
        yield from spots


def real_word(old: str, changed: str, model: Model, vocab: frozenset[str]) -> str | None:
    """Why ``changed`` (the new text for ``old``) is another real word, or None (an umlaut spelled out is the same
    word: "Tueren" for "Türen")."""
    if _ascii(changed.lower()) == _ascii(old.lower()):
        return None
    for w in re.findall(r"[^\W\d_]+", changed.lower()):
        for form in dict.fromkeys((w, _ascii(w))):
            if form in model.words:
                return f"{form!r} is a word of the model"
            if form in vocab:
                return f"{form!r} is a word of the parser's vocabularies"
            if form in ENGLISH or form in GERMAN:
                return f"{form!r} is a common word"
    return None


# --- building ---------------------------------------------------------------------------------------------


def read_bases(run_root: Path) -> list[list[str]]:
    """(set, id) of every non-decline question of :data:`SETS` that the run scored 1.0."""
    return generated_bench.read_bases(SETS, HERE, run_root)


def build(ifc_dir: Path, salt: str = "") -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The cases; ``salt`` draws another sample (other bases and errors) by the same rules."""
    bases = json.loads(BASES.read_text(encoding="utf-8"))
    sets: dict[str, dict[str, dict[str, Any]]] = {}
    for name, _ in bases:
        if name not in sets:
            sets[name] = {c["id"]: c for c in json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))}
    vocab = vocabulary_words()
    models: dict[str, Model] = {}
    dropped: dict[str, int] = defaultdict(int)
    used: dict[str, int] = defaultdict(int)
    cases: list[dict[str, Any]] = []
    for kind in KINDS:
        order = sorted(bases, key=lambda b: _seed(salt, kind, *b) if salt else _seed(kind, *b))
        taken = 0
        per_model: dict[str, int] = defaultdict(int)
        cap = PER_KIND // 8 + 2  # spread over the models
        for name, bid in order:
            if taken == PER_KIND:
                break
            base = sets[name][bid]
            fname = base["ifc_filename"]
            if used[bid] >= PER_BASE or per_model[fname] >= cap:
                continue
            if fname not in models:
                models[fname] = Model(ifc_dir / fname)
            model = models[fname]

            def content(w: str, model: Model = model) -> bool:
                return w in CONTENT or w in model.names

            rng = random.Random(_seed(salt, kind, name, bid) if salt else _seed(kind, name, bid))
            for start, end, old, new in variants(kind, base["query"], content, rng):
                if kind not in ("t_case", "t_spelling", "t_number", "t_abbreviation", "t_spacing"):
                    why = real_word(old, new, model, vocab)
                    if why is not None:
                        dropped[kind] += 1
                        continue
                query = base["query"][:start] + new + base["query"][end:]
                cases.append({
                    "id": f"typo-{kind[2:]}-{bid}", "query": query, "ifc_filename": fname, "kind": base["kind"],
                    "perturbation": kind, "base": bid, "base_set": name, "base_query": base["query"],
                    "changed": [old, new], "oracle": base["oracle"],
                    "oracle_rule": f"the base question's oracle ({name} {bid}): {old!r} written {new!r} asks the "
                                   f"same; {base.get('oracle_rule', '')}",
                    "source": "ifcopenshell",
                })  # fmt: skip
                taken += 1
                used[bid] += 1
                per_model[fname] += 1
                break
    cases.sort(key=lambda c: c["id"])
    return cases, dict(dropped)


# --- the report -------------------------------------------------------------------------------------------


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    wrong: list[str] = []
    for r in records:
        case = cases[r["id"]]
        for key in (case["perturbation"], "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
            row["broadened"] += bool(r["broadened"])
        if not r["declined"] and r["score"] < 1.0:
            wrong.append(f"- {case['perturbation']} {r['id']} ({r['score']:.2f}): {r['query']} -> "
                         f"{(r['answer'] or '')[:140]}")
    lines = ["| perturbation | n | mean score | right | declined | wrong (answered, not the base's) | broadenings |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for key in (*KINDS, "all"):
        row = rows.get(key)
        if not row:
            continue
        lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                     f"{int(row['declined'])} | {int(row['wrong'])} | {int(row['broadened'])} |")
    if wrong:
        lines += ["", "Wrong (answered, not the base's answer):", *wrong]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    ap.add_argument("--bases-from", type=Path, metavar="RUN_ROOT", help="write typo_bases.json from a score run")
    ap.add_argument("--report", type=Path, metavar="RUN_DIR", help="per-kind table of a spatial-bench run")
    ap.add_argument("--salt", default="", help="draw another sample by the same rules (typo_cases_b.json: 'b')")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report, args.out))
        return 0
    if args.bases_from:
        bases = read_bases(args.bases_from)
        BASES.write_text(json.dumps(bases, indent=0) + "\n", encoding="utf-8")
        print(f"{len(bases)} bases -> {BASES}")
        return 0
    cases, dropped = build(args.ifc_dir, args.salt)
    body = dumps(cases)
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == body
        print("up to date" if same else f"{args.out} differs from what the script computes")
        return 0 if same else 1
    args.out.write_text(body, encoding="utf-8")
    per: dict[str, int] = defaultdict(int)
    for c in cases:
        per[c["perturbation"]] += 1
    print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {args.out}")
    print("  " + ", ".join(f"{k} {n}" for k, n in sorted(per.items())))
    print("  variants dropped as real words: " + (", ".join(f"{k} {n}" for k, n in sorted(dropped.items()))
                                                   or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
