"""The layout of a chat log or a transcribed voice memo, told apart from the request (issue 22, round 16 chat16).

People paste a chat ("[09:14] Jan: which lights are on the EG?\\nMira: no idea, asking the model") or a voice memo
run through speech-to-text ("[voice memo, transcribed] yeah so um the surveyor wants to, uh, start tomorrow, what
doors are on level 2, right, that's it"). Read as words, the speakers' names, the timestamps, the medium's header and
the fillers decline the request, and a transcript has no sentences for round 11's ``message_sentences`` to read:
its clauses are joined by commas.

:func:`blank` blanks (spaces, newlines kept, every character of the request keeps its position) what is layout by
its FORM (``data/chat_layout.json``):

- the medium's header at a line's start ("Chat:", "[voice memo, transcribed]", "Sprachnachricht (transkribiert):");
- a timestamp at a line's start ("[09:14]", "14:02 -");
- speaker labels "Name:" at line starts, when the message holds two turns or a chat header (never a field of a
  mail: "Location:", "Subject:" ..., never a storey's name: "EG: ...");
- in a transcript (a voice header, or two fillers): the fillers (um, uh, ähm ...) wherever they stand, and the comma
  pieces that only say how it is said ("right", "that's it", "let me know", "ok bye").

Then, in a transcript, :func:`blank` finds the request as the longest run of comma pieces the parser answers on its
own, and sets aside each other piece only when it restricts nothing (parsed alone: no qualifier, bound, negation,
class, storey or room, no restricting word) and the request points back at nothing ("those", "them", "there").
Whatever is kept is read with the request, so a piece that restricts is applied or declines the answer. A chat's
turns are lines: round 11's ``message_sentences`` reads them as sentences (a reply like "exactly" is context).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ifcqa.spatial import message_sentences


@dataclass(frozen=True)
class _Words:
    header: re.Pattern[str]
    filler: re.Pattern[str]
    courtesy: frozenset[str]
    lead: re.Pattern[str]
    fields: frozenset[str]
    chat_words: frozenset[str]
    replies: frozenset[str]


def _alt(words: list[str]) -> str:
    return "|".join(r"[\s,]+".join(map(re.escape, w.split())) for w in sorted(words, key=len, reverse=True))


@functools.cache
def _words() -> _Words:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/chat_layout.json").read_text("utf-8"))
    mail = json.loads(resources.files("ifcqa.spatial").joinpath("data/mail_layout.json").read_text("utf-8"))
    head = _alt(raw["headers"])
    return _Words(
        # "[voice memo, transcribed]", "(transcribed voice message)", "Voice memo:", "[Voice message 0:24]"
        re.compile(rf"^\s*(?:[\[(]\s*(?:{head})(?:[\s,/-]+(?:{head}|\d{{1,2}}:\d{{2}}))*\s*[\])]\s*:?"
                   rf"|(?:{head})(?:[\s,/-]+(?:{head}))*\s*(?:\([^)]{{0,30}}\))?\s*:)\s*", re.I),
        # (never "um" before a number or an article: German "um 9 Uhr", "um die Ecke")
        re.compile(rf"(?<![\w'-])(?:{_alt(raw['fillers'])})(?![\w'-])(?!\s+(?:\d|die|den|das|der|dem|zu)\b)[,.]?",
                   re.I),
        frozenset(raw["courtesy"]),
        re.compile(rf"^\s*(?:(?:{_alt(raw['lead_words'])})(?![\w'-])[\s,]*)+", re.I),
        frozenset(w.casefold() for k in ("header_keys", "labels", "place_keys") for w in mail[k])
        | frozenset(w.casefold() for w in raw["headers"])
        | frozenset(("subject", "betreff", "re", "aw", "fw", "fwd", "wg", "ps", "p.s", "from", "to", "von", "an",
                     "date", "datum", "sent", "cc", "note", "nb", "fyi", "update", "q", "a", "question", "answer")),
        frozenset(w.casefold() for w in raw["headers"] if w in ("chat", "chat log", "whatsapp", "teams chat", "slack")),
        frozenset(raw["replies"]) | frozenset(raw["courtesy"]),
    )


_TIMESTAMP = re.compile(r"^\s*(?:\[\s*\d{1,2}[:.]\d{2}(?::\d{2})?\s*(?:am|pm)?\s*\]|\d{1,2}:\d{2}(?::\d{2})?\s*"
                        r"(?:am|pm)?\s*(?:[-\u2013|]\s*)?(?=[A-ZÄÖÜ]))\s*", re.I)
_SPEAKER = re.compile(r"(?P<name>[A-ZÄÖÜ][\w'.-]{0,20}(?:\s+[A-ZÄÖÜ][\w'.-]{0,20})?)\s*:\s*(?=\S)")
_PIECE_END = re.compile(r"[,;]\s*|(?<=[?!])\s*|(?<=[^\W\d_]{2}[.])\s+|\s+-+\s+")
_WORD = re.compile(r"[^\W\d_][\w'-]*")


def _spaces(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def blank(parser: Any, question: str, layout: list[str]) -> tuple[str, list[str]]:
    """``question`` with a chat's or a transcript's layout blanked (and, in a transcript, the pieces that restrict
    nothing asked), and ``layout`` with what was blanked added."""
    w = _words()
    lines = question.split("\n")
    out = list(lines)
    said: list[str] = []
    voice = chat = False
    labels: list[tuple[int, int, int, str]] = []
    for i, line in enumerate(lines):
        at = 0
        head = w.header.match(line)
        if head is not None and head.end() > 0:
            words = {x.casefold() for x in _WORD.findall(head.group(0))}
            chat = chat or bool(words & w.chat_words)
            voice = voice or not words <= w.chat_words
            out[i] = " " * head.end() + line[head.end():]
            said.append(repr(head.group(0).strip()))
            at = head.end()
        stamp = _TIMESTAMP.match(line, at)
        if stamp is not None and stamp.end() > at:
            out[i] = out[i][:at] + " " * (stamp.end() - at) + out[i][stamp.end():]
            said.append(repr(stamp.group(0).strip()))
            at = stamp.end()
        speaker = _SPEAKER.match(line, at + len(line[at:]) - len(line[at:].lstrip()))
        if speaker is not None and _is_name(parser, speaker["name"], w):
            labels.append((i, speaker.start(), speaker.end(), speaker["name"]))
    if len(labels) >= 2 or (labels and (chat or voice)):
        for i, a, b, _name in labels:
            out[i] = out[i][:a] + " " * (b - a) + out[i][b:]
            if _reply(out[i][b:], w):  # "Mira: no idea, asking the model": a turn answering, asking nothing
                said.append(repr(out[i].strip()))
                out[i] = _spaces(out[i])
        said.append("the speakers' names " + ", ".join(sorted({repr(n) for *_, n in labels})))
    text = "\n".join(out)
    if not voice and len([f for f in w.filler.findall(text) if f.strip(" ,.").casefold() != "um"]) >= 2:
        voice = True
    if voice:
        text, fillers = _fillers(text, w)
        said.extend(fillers)
        if not (parser._framing or parser._message):
            parser._message = True  # (the pieces are parsed as a message's parts are: Parser._by_sentences)
            try:
                text = _transcript(parser, text, said, w)
            finally:
                parser._message = False
    if text == question or not re.search(r"[^\W\d_]", text):
        return question, layout
    return text, [*layout, *said]


def _reply(turn: str, w: _Words) -> bool:
    """Whether a chat turn only answers or thanks: every comma piece a reply ("no idea, asking the model"), or no
    word at all ("\U0001f44d")."""
    if "?" in turn or message_sentences._RESTRICTS.search(re.sub(r"\bno\s+(?:idea|clue)\b", "", turn, flags=re.I)):
        return False
    pieces = [p.strip(" .!").casefold() for p in re.split(r"[,;.!]+\s*", turn) if p.strip(" .!")]
    return all(p in w.replies or not _WORD.search(p) for p in pieces)


def _is_name(parser: Any, name: str, w: _Words) -> bool:
    """Whether a line's "X:" lead is a speaker: no field of a mail or ticket, no storey or room of the model."""
    if name.casefold() in w.fields or name.casefold().rstrip(".") in w.fields:
        return False
    return not parser._context_names(name).places


def _fillers(text: str, w: _Words) -> tuple[str, list[str]]:
    said: list[str] = []

    def one(m: re.Match[str]) -> str:
        said.append(m.group(0).strip(" ,."))
        return " " * len(m.group(0))

    text = w.filler.sub(one, text)
    return text, ([f"the fillers {', '.join(repr(s) for s in sorted(set(said)))}"] if said else [])


def _pieces(text: str) -> list[tuple[int, int]]:
    """The comma pieces of a transcript (lines, then commas, sentence ends and spaced dashes)."""
    out: list[tuple[int, int]] = []
    at = 0
    for line in text.split("\n"):
        end = at + len(line)
        start = at
        for m in _PIECE_END.finditer(text, at, end):
            if text[start:m.start()].strip():
                out.append((start, m.start()))
            start = m.end()
        if text[start:end].strip():
            out.append((start, end))
        at = end + 1
    return out


def _transcript(parser: Any, text: str, said: list[str], w: _Words) -> str:
    """A transcript's courtesy pieces blanked, then its context pieces that restrict nothing asked."""
    pieces: list[tuple[int, int]] = []
    for a, b in _pieces(text):
        body = text[a:b].strip(" .!?")
        core = w.lead.sub("", body).strip(" .!?") if w.lead.match(body) else body
        if body.casefold() in w.courtesy or not core or core.casefold() in w.courtesy:
            text = text[:a] + _spaces(text[a:b]) + text[b:]
            said.append(repr(body))
            continue
        pieces.append((a, b))
    if len(pieces) < 2 or len(pieces) > 12:
        return text
    # the request: the longest run of pieces (short of all) answered alone, one asking by its form ('?', a question
    # word, a request verb) before one that does not ("the roofer called" reads as the roof storey); two such runs:
    # none is chosen
    found: list[tuple[bool, int, int]] = []
    for n in range(len(pieces) - 1, 0, -1):  # (the whole is the message itself, parsed as it is)
        for i in range(len(pieces) - n + 1):
            a, b = pieces[i][0], pieces[i + n - 1][1]
            if parser._asked_alone(_only(text, a, b)).answered:
                asks = "?" in text[a:b] or bool(message_sentences._REQUEST_FORM.match(w.lead.sub("", text[a:b])))
                found.append((asks, n, i))
        if found and any(f[0] for f in found):
            break
    top = sorted(found, reverse=True)[:2]
    if not top or (len(top) == 2 and top[0][:2] == top[1][:2]):
        return text
    best = (top[0][2], top[0][2] + top[0][1])
    request = text[pieces[best[0]][0]:pieces[best[1] - 1][1]]
    if not message_sentences.stands_alone(request):
        return text  # "... only those?": the request points back at a piece; read whole, resolved or declined
    asked = parser._asked_alone(_only(text, pieces[best[0]][0], pieces[best[1] - 1][1]))
    aside = []
    for k, (a, b) in enumerate(pieces):
        if best[0] <= k < best[1]:
            continue
        piece = text[a:b]
        names = parser._context_names(piece)
        # (a place said in a piece is context only when the request names its own: "I'm on Level 1, which doors
        # are on Level 2"; the request points back at nothing, checked above)
        if names.restricts or message_sentences._RESTRICTS.search(piece) or (names.places and not asked.place) or \
                names.modified or (names.classes and not asked.subject) or message_sentences._ABOUT_THEM.match(piece):
            continue
        aside.append((a, b))
    for a, b in aside:
        said.append(f"context {text[a:b].strip()!r}")
    kept = [(a, b) for k, (a, b) in enumerate(pieces) if (a, b) not in aside and not best[0] <= k < best[1]]
    start, end = pieces[best[0]][0], pieces[best[1] - 1][1]
    # everything but the request and the kept pieces blanked, the commas that joined them too
    mark = "?" not in request and text[end:end + 1] in (",", ";", ".")
    text = "".join(c if c == "\n" or start <= i < end or any(a <= i < b for a, b in kept) else " "
                   for i, c in enumerate(text))
    if mark:  # speech-to-text drops the question's mark: "fewer doors on Level 2 than Level 1, right" asks
        text = text[:end] + "?" + text[end + 1:]
    return text


def _only(text: str, a: int, b: int) -> str:
    """``text`` with everything outside ``[a, b)`` blanked."""
    return _spaces(text[:a]) + text[a:b] + _spaces(text[b:])


# a restriction that only points back, closing a sentence or a turn: "..., only those?", "Just them.", "nur die"
_BARE_BACK = re.compile(r"\b(?:only|just|nur)\s+(?:those|these|them|that\s+one|the\s+same\s+ones|diese|die)"
                        r"\s*[?.!]*\s*(?:\n|$)", re.I)


def points_back(question: str) -> str | None:
    """The bare restricting point-back of a message with something before it to point at ("Tom: the auditor flagged
    some\\nSara: list the windows on Level 2, only those?"), or None. Read as words, "only" and "those" restrict
    nothing, and the answer would list every window: the caller declines, naming it."""
    m = _BARE_BACK.search(question)
    if m is None or len([u for u in message_sentences.units(question) if u.start < m.start()]) < 2:
        return None
    return m.group(0).strip()
