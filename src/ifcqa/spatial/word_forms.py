"""A word the parser does not know read as the known word it is a form of (issue 22, round 20 voice20).

People who write in a second language or in a hurry inflect the words the parser knows otherwise: "I am needing",
"showing me", "what doors stands", "FBH-Kreise" for the model's type 'FBH Kreis', "gibts", "hat's". The mechanism
reads the **kind** of form, never a list of the words (the endings and contractions live in
``data/word_forms.json``):

- an **English verb form** ("needing", "shows"): every base the word's ending allows (the ending cut, an ``e``
  put back, a doubled consonant undone, ``ie`` for ``y``) that makes the word again by
  :func:`ifcqa.spatial.relation_verbs.inflections` (the same rule that makes the parser's relation verbs'
  forms, irregular ones from the tables). The base must be a word of the parser's vocabularies that is
  no content word (a function, framing or relation verb: "need", "want", "show"); a content word (a class,
  storey or room word) is never reached through a verb ending; a past participle ("needed", "painted") is never
  read: it says what was done to the elements, or is a passive frame ("Needed for the slabs ...") that other
  passes read as such;
- a **German verb form** ("braucht", "zeigt"): another personal ending of the same stem that the vocabularies
  hold as no content word ("brauche", "zeige");
- a **noun's plural** (English -s/-es/-ies; German -e/-en/-er/-n/-s/-es/-ern): the singular, when it is a
  word of the class vocabulary or of the model's own names ("Kreise" of the model's 'FBH Kreis');
- a **compound written with a hyphen** ("FBH-Kreise"): its parts read so, written apart when the parts so read
  are words of a name the model holds, in that order (a type's name: 'FBH Kreis:FBH');
- a **contraction** ("gibts", "wie viel"): the words it contracts (a one-word contraction only when no
  vocabulary or model name holds it);
- a **German enclitic** (round 22): a verb of a closed set of hosts (auxiliaries, modals, the verbs people ask
  with) with "'s" or "'n" written onto it ("hat'n", "gibt's", "will's", "is'n"), read as the verb and "es" /
  "denn".

A verb form is read only where it stands as a verb: never after an article or a copula whose subject is not the
asker ("the listed doors", "which doors are needing?" still decline; "I am needing" is read) nor before a content
word ("needed doors"), where it would say which elements are meant.

A word is read only when it is unknown (no vocabulary and no model name holds it) and exactly one base is
found; two bases with different meanings and the word is not read (the note names them). Nothing is dropped: a
word is replaced by the word it is a form of, so the reading is never broader than the question with that word
written as its base. The caller (:mod:`ifcqa.spatial.voice_reading`) keeps the reading only when the question
so read is understood as a whole.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import grounding, relation_verbs
from ifcqa.spatial.spaces import fold

if TYPE_CHECKING:
    from ifcqa.spatial.spelling import Speller

_TOKEN = re.compile(r"(?<![\w'’])[^\W\d_]+(?:['’][^\W\d_]+)?(?:-[^\W\d_]+)*(?![\w'’])")
_VOWELS = "aeiou"


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("word_forms.json").read_text(encoding="utf-8"))
    return data


@cache
def _irregular() -> dict[str, list[str]]:
    table = json.loads(resources.files("ifcqa.spatial.data").joinpath("relation_verbs.json")
                       .read_text(encoding="utf-8"))["irregular"]
    out: dict[str, list[str]] = {k: list(v) for k, v in table.items()}
    for verb, forms in _data()["irregular_verbs"].items():
        out.setdefault(verb, list(forms))
    return out


@dataclass(frozen=True)
class Reading:
    """One word (or contraction) read as the word(s) it is a form of."""

    start: int
    end: int
    word: str
    read_as: str
    how: str  # "verb form", "plural", "compound", "contraction"

    def note(self) -> str:
        return f"read {self.word!r} as {self.read_as!r} ({self.how})"


def verb_bases(word: str) -> set[str]:
    """The English verbs ``word`` is a form of, by rule (its ending cut and the verb's forms made again)."""
    w = word.casefold()
    bases: set[str] = set()
    for ending in _data()["verb_endings"]:
        if not w.endswith(ending) or len(w) - len(ending) < 2:
            continue
        stem = w[: -len(ending)]
        candidates = {stem, stem + "e"}
        if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
            candidates.add(stem[:-1])  # "running" -> "run"
        if stem.endswith("y"):
            candidates.add(stem[:-1] + "ie")  # "lying" -> "lie"
        for base in candidates:
            if base != w and w in relation_verbs.inflections(base, _irregular()):
                bases.add(base)
    return bases


def noun_bases(word: str) -> set[str]:
    """The singulars ``word`` may be the plural of (English and German endings)."""
    w = word.casefold()
    endings = _data()["noun_endings"]
    out: set[str] = set()
    for ending in endings["english"]:
        if w.endswith(ending) and len(w) - len(ending) >= 3:
            out.add(w[: -len(ending)] + ("y" if ending == "ies" else ""))
    for ending in endings["german"]:
        if w.endswith(ending) and len(w) - len(ending) >= 3:
            out.add(w[: -len(ending)])
    out.discard(w)
    return out


def german_verb_forms(word: str) -> list[list[str]]:
    """For each stem ``word`` may have as a German verb (its personal ending cut), the other forms of that stem,
    in the order of ``german_verb_endings`` ("braucht": [["brauche", "brauchen", ...]])."""
    w = word.casefold()
    endings: list[str] = _data()["german_verb_endings"]
    out = []
    for ending in sorted(endings, key=len, reverse=True):
        if w.endswith(ending) and len(w) - len(ending) >= 3:
            stem = w[: -len(ending)]
            out.append([stem + e for e in endings if stem + e != w])
    return out


def _enclitic_host(word: str) -> bool:
    """Whether ``word`` may carry a German clitic ('hat'n', 'hängen'n'): one of ``german_enclitics`` hosts, in any
    personal form of the host's stem ('hängen' is a form of the listed 'hängt')."""
    hosts = {h.casefold() for h in _data()["german_enclitics"]["hosts"]}
    w = word.casefold()
    return w in hosts or any(form in hosts for forms in german_verb_forms(w) for form in forms)


def _same(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return long in (short + "s", short + "es", short + "e", short + "n", short + "en")


class Forms:
    """The word forms of one model's questions (the speller's vocabularies and model words, the type names)."""

    def __init__(self, speller: Speller, names: Iterable[str]) -> None:
        self.speller = speller
        self.names = frozenset(" ".join(fold(n).replace("-", " ").split()) for n in names if n)

    def _model_word(self, w: str) -> bool:
        return grounding.stem(w) in self.speller.model_known

    def bases(self, word: str) -> list[tuple[str, str]]:
        """The known words ``word`` is a form of, with how (``verb form``, ``plural``), twins merged."""
        sp = self.speller
        found: list[tuple[str, str]] = []
        for base in sorted(verb_bases(word)):
            if base in sp.vocabulary and base not in sp.targets and not self._model_word(base):
                found.append((base, "verb form"))
        for forms in german_verb_forms(word):  # one stem's forms are one verb: its first known form
            known = next((f for f in forms if f in sp.vocabulary and f not in sp.targets and not self._model_word(f)),
                         None)
            if known is not None and all(known != b for b, _ in found):
                found.append((known, "verb form"))
        for base in sorted(noun_bases(word)):
            if len(base) >= 3 and (base in sp.targets or self._model_word(base)):
                found.append((base, "plural"))
        kept: list[tuple[str, str]] = []
        for base, how in found:
            if not any(k == base or _same(k, base) for k, _ in kept):
                kept.append((base, how))
        return kept

    def read(self, question: str) -> tuple[list[Reading], list[tuple[str, list[str]]]]:
        """The readings of the question's unknown words, and the words with two bases (not read)."""
        out: list[Reading] = []
        ambiguous: list[tuple[str, list[str]]] = []
        sp = self.speller
        for short, full in sorted(_data()["contractions"].items(), key=lambda kv: -len(kv[0])):
            pattern = r"\s+".join(re.escape(p) for p in short.split())
            for m in re.finditer(rf"(?<![\w'’]){pattern}(?![\w'’])", question, flags=re.IGNORECASE):
                words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", m.group(0))
                if any(r.start < m.end() and m.start() < r.end for r in out) or (
                        len(words) == 1 and sp.known(words[0])):
                    continue  # a one-word contraction only when no vocabulary or model name holds it
                out.append(Reading(m.start(), m.end(), m.group(0), _cased(m.group(0), full), "contraction"))
        enclitics = _data()["german_enclitics"]
        for m in re.finditer(r"(?<![\w'’])(?P<host>[^\W\d_]{2,})['’](?P<clitic>[sn])(?![\w'’])", question):
            if _enclitic_host(m["host"]) and not any(r.start < m.end() and m.start() < r.end for r in out):
                full = f"{m['host']} {enclitics['clitics'][m['clitic'].lower()]}"
                out.append(Reading(m.start(), m.end(), m.group(0), full, "contraction"))
        for m in _TOKEN.finditer(question):
            word = m.group(0)
            if any(r.start < m.end() and m.start() < r.end for r in out) or sp.known(word) or "'" in word \
                    or "’" in word:
                continue
            if "-" in word:
                reading = self._compound(m)
                if reading is not None:
                    out.append(reading)
                continue
            if len(word) < 4:
                continue
            bases = self.bases(word)
            if len(bases) == 1:
                base, how = bases[0]
                if how == "verb form" and not self._verbal(question, m.start(), m.end()):
                    continue  # "the needed doors", "doors that are listed": a participle saying which elements
                out.append(Reading(m.start(), m.end(), word, _cased(word, base), how))
            elif bases:
                ambiguous.append((word, [b for b, _ in bases]))
        out.sort(key=lambda r: r.start)
        return out, ambiguous

    def _verbal(self, question: str, start: int, end: int) -> bool:
        """Whether the word at ``start:end`` stands as a verb, not as an adjective on the elements: not after an
        article or a copula (unless the copula's subject is the asker: "I am needing", "we are wanting"), and not
        before a content word ("needed doors")."""
        d = _data()["verb_position"]
        before = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", question[:start].casefold())
        after = re.match(r"\s*([^\W\d_]+)", question[end:])
        if after is not None and (after.group(1).casefold() in self.speller.targets
                                  or self._model_word(after.group(1).casefold())):
            return False
        if before and before[-1] in d["articles"]:
            return False
        if before and before[-1] in d["copulas"]:
            return len(before) >= 2 and before[-2] in d["askers"]
        return True

    def _compound(self, m: re.Match[str]) -> Reading | None:
        """A hyphenated compound whose parts, each read as its base when unknown, are a name the model holds."""
        parts = m.group(0).split("-")
        read: list[str] = []
        for part in parts:
            if self.speller.known(part) or self._model_word(part.casefold()):
                read.append(part)
                continue
            bases = self.bases(part) if len(part) >= 4 else []
            if len(bases) != 1:
                return None
            read.append(_cased(part, bases[0][0]))
        phrase = " ".join(read)
        said = re.escape(" ".join(fold(phrase).split()))
        if not any(re.search(rf"(?<![^\W_]){said}(?![^\W_])", n) for n in self.names):
            return None
        return Reading(m.start(), m.end(), m.group(0), phrase, "compound")


def _cased(written: str, target: str) -> str:
    return target[:1].upper() + target[1:] if written[:1].isupper() else target
