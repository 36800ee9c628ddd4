"""The request said in another voice: the frames people put around it, taken out (issue 22, round 13).

People rarely type the bare request. They frame it: a lead-in ("quick one -", "ok so", "not sure if the model has it
but"), a frame whose complement is the request ("would you mind telling me which ...", "help me find the ...",
"looking for ...", "any idea how many ...", "Könntest du mir sagen, ..."), a fronted topic ("regarding the doors on
Level 1: which ones are external?"), a closer ("if possible", "no rush", "if it's not too much trouble"), a closer
asking for the number only ("... - just the number is fine": the count), a claim to confirm ("am I right that there
are 6 doors on Level 1?", "Level 1 has 7 doors, yes?", "I count 45 windows in the Keller - does that match the
model?": its yes/no question, a bare number before the class an exact count) and a restriction said in a desire frame
before the request ("I'm only after the external ones: ..."). :func:`unframe` reads these as a CLASS of
constructions: the frames are closed-class phrases of ``data/voice_frames.json`` (none holds a word naming a storey,
class, room, qualifier or measure), found by their place (sentence start, sentence end, around a claim); what they
frame is left as written (or rewritten as the question it is: "whether there are X" -> "are there X", "the number of
X" -> "how many X", "ob es X gibt" -> "gibt es X"). Nothing else is dropped: a word of the request the parser does
not understand still declines ("help me find the broken doors on Level 1"), and a restriction said in a frame is
kept. What was taken out is recorded in the plan's notes and framing (stated in the answer's rule).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ifcqa.spatial.request_core import _as_question

_DATA = json.loads((Path(__file__).parent / "data" / "voice_frames.json").read_text(encoding="utf-8"))


def _phrase(p: str) -> str:
    """A data phrase as a pattern: flexible spaces and hyphens, "i am" also "i'm", "it is" also "it's"."""
    out = re.escape(p).replace(r"\ ", r"[\s,-]+").replace(r"\-", r"[\s-]+")
    out = out.replace(r"i[\s,-]+am", r"i(?:\s+am|'m)").replace(r"it[\s,-]+is", r"it(?:\s+is|'s)")
    out = out.replace(r"we[\s,-]+are", r"we(?:\s+are|'re)")
    return out


def _alternation(key: str) -> str:
    return "|".join(_phrase(p) for p in sorted(_DATA[key], key=len, reverse=True))


_ASKS = (r"(?:how|which|what|where|who|whom|whose|when|why|is|are|do|does|did|can|could|has|have|was|were|will|"
         r"would|should|list|show|give|tell|count|name|find|any|the|all|every|everything|whether|if|wie|welche\w*|"
         r"was|wo|gibt|sind|ist|hat|haben|zeig\w*|nenn\w*|ob|die|der|den|das|alle)\b")
_WH_WORD = r"(?:how|which|what|where|who|whom|whose|when|why|welche\w*|welch\w*|wie|wo\w*|was|wem|wen)\b"
_SEP = r"(?:\s*(?:[,:;!.]+|\s-+|\s*\.\.\.)\s*|\s+(?=" + _ASKS + r"))"
_LEAD = re.compile(rf"^\s*(?P<f>(?:{_alternation('leads')}))(?![\w'-]){_SEP}(?=\S)")
_EMBED = re.compile(rf"^\s*(?P<f>(?:{_alternation('embedders')}))(?![\w'-])\s*[,:]?\s*(?=\S)")
_TOPIC = re.compile(rf"^\s*(?P<f>(?:{_alternation('topic_markers')}))\s+(?!{_WH_WORD})"
                    r"(?=[^,:;?]+?(?:[,:;]|\s-+|\.\.\.)\s*\S)")
_TRAIL = re.compile(rf"(?:^|[,;.!?]|\s-+|\s)\s*(?P<f>(?:{_alternation('trailers')}))[\s.!?:)]*$")
_COUNT_TRAIL = re.compile(rf"(?:^|[,;.!?]|\s-+|\s)\s*(?P<f>(?:{_alternation('count_trailers')}))[\s.!?:)]*$")
_CLAIM_LEAD = re.compile(rf"^\s*(?P<f>(?:{_alternation('claim_leads')}))(?![\w'-])\s*[,:-]?\s*(?=\S)")
_CLAIM_TAG = re.compile(rf"(?:[,;]|\s-+|\s)\s*(?P<f>(?:{_alternation('claim_tags')}))\s*\?+\s*$")
_ONLY_ONES = re.compile(
    r"^\s*(?P<f>(?:(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+)?(?:only|just|mainly)\s+(?:after|interested\s+in|care\s+about|"
    r"need|want))\s+(?P<ones>the\s+[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?\s+ones)\s*(?:[,:;]|\s-+)\s*(?P<rest>\S.*)$")
_QUESTION = re.compile(r"^\s*(?:how|which|what|where|who|when|why|is|are|do|does|did|can|could|has|have|was|were|"
                       r"will|would|should|wie|welche\w*|wo|gibt|sind|ist|hat|haben)\b")
# a claim: "there are 6 doors on level 1", "level 1 has 7 doors", "6 doors on level 1", "45 windows in the keller"
_THERE = re.compile(r"^there\s+(?:are|is|were)\s+(?P<n>\d+)\s+(?P<rest>[^\W\d_].*)$")
_HAS = re.compile(r"^(?P<who>.+?)\s+(?:has|have|contains|holds)\s+(?P<n>\d+)\s+(?P<rest>[^\W\d_].*)$")
_BARE = re.compile(r"^(?P<n>\d+)\s+(?P<rest>[^\W\d_].*)$")
# no claim: a question inside ("my question is how many ..."), the asker's own want ("i think i need ...")
_NO_CLAIM = re.compile(r"\b(?:how|which|what|where|whether|wie|welche\w*|ob)\b|^(?:i|we|my|our|you|es)\b")
_GERMAN_OB = re.compile(r"^ob\s+es\s+(?P<what>.+?)\s+gibt\s*[?.!]*$")


@dataclass
class Unframed:
    """The request with its frames taken out, and the frames (as said)."""

    text: str
    frames: list[str] = field(default_factory=list)


def _claim(statement: str) -> str | None:
    """A claim of a count as its exact-count yes/no question; None when ``statement`` is no such claim."""
    s = statement.strip().rstrip(" ?.!")
    if _QUESTION.match(s) or not s or _NO_CLAIM.search(s):
        return None  # a question ("i guess my question is how many ..."), the asker's own want ("i think i need")
    found = _THERE.match(s)
    if found is not None:
        return f"are there exactly {found['n']} {found['rest']}?"
    found = _HAS.match(s)
    if found is not None and re.search(r"[^\W\d_]", found["who"]):
        return f"does {found['who']} have exactly {found['n']} {found['rest']}?"
    found = _BARE.match(s)
    if found is not None:
        return f"are there exactly {found['n']} {found['rest']}?"
    return None  # a claim without a count is left to request_core's and framing's confirm readings


def read(text: str) -> Unframed:
    """``text`` (normalised) with the frames of its voice taken out (see the module doc)."""
    out = Unframed(text)
    t = text
    end_mark = "?" if t.rstrip().endswith("?") else ""
    for _ in range(3):  # closers: "..., if it's not too much trouble?", "? no rush", "- just the number is fine"
        found = _COUNT_TRAIL.search(t)
        if found is not None and found.start("f") > 0 and re.search(r"[^\W\d_]", t[:found.start()]):
            out.frames.append(f"{found['f']!r}: asks for the number only")
            t = t[:found.start("f")].rstrip(" ,;-")
            t = re.sub(r"^\s*(?:which|what)\s+", "how many ", t) if not re.match(r"\s*how\s+many\b", t) else t
            continue
        found = _TRAIL.search(t)
        if found is not None and found.start("f") > 0 and re.search(r"[^\W\d_]", t[:found.start()]):
            out.frames.append(f"{found['f']!r}: a closer")
            kept = t[:found.start("f")].rstrip(" ,;-")  # the mark before the closer kept ("any X? thanks.")
            t = kept + (end_mark if not kept.endswith("?") else "")
            continue
        break
    for _ in range(3):  # openers: "hey, quick one - ok so ..."
        found = _LEAD.match(t)
        if found is not None:
            out.frames.append(f"{found['f']!r}: a lead-in")
            t = t[found.end():]
            continue
        break
    found = _ONLY_ONES.match(t)  # "I'm only after the external ones: how many doors ...": the restriction kept
    if found is not None:
        out.frames.append(f"{found['f']!r}: who wants it ({found['ones']!r} kept)")
        t = f"{found['rest'].rstrip(' ?.!')}, only {found['ones']}{end_mark}"
    found = _TOPIC.match(t)  # "regarding the doors on level 1: which ones ...": the topic kept, its marker out
    if found is not None:
        out.frames.append(f"{found['f']!r}: marks the topic")
        t = t[found.end():]
    claimed = False
    found = _CLAIM_TAG.search(t)  # "level 1 has 7 doors, yes?", "... - does that match the model?"
    if found is not None and found.start() > 0:
        asked = _claim(_CLAIM_LEAD.sub("", t[:found.start()]))
        lead = _CLAIM_LEAD.match(t[:found.start()])
        if asked is not None:
            out.frames.append(f"{found['f']!r}: asks to confirm" + (f"; {lead['f']!r}" if lead else ""))
            t, claimed = asked, True
    if not claimed:
        found = _CLAIM_LEAD.match(t)  # "am i right that there are 6 doors on level 1?"
        if found is not None:
            asked = _claim(t[found.end():])
            if asked is not None:
                out.frames.append(f"{found['f']!r}: asks to confirm")
                t, claimed = asked, True
    if not claimed:
        found = _EMBED.match(t)  # "would you mind telling me which ...", "looking for the ..."
        if found is not None:
            rest = t[found.end():]
            rest = "" if re.match(r"to\s", rest) else rest  # "i need to know ...": request_core's frame
            ob = _GERMAN_OB.match(rest.strip())
            question = (f"gibt es {ob['what']}?", False) if ob is not None else _as_question(rest) if rest else None
            # (a complement "if/whether <statement>" is no request of this frame: "no idea if this is the right tool")
            if question is not None and not question[1] and re.search(r"[^\W\d_]", question[0]):
                out.frames.append(f"{found['f']!r}: how it is asked")
                t = question[0]
                if not _QUESTION.match(t) and end_mark and not t.rstrip().endswith("?"):
                    t = t.rstrip(" .!") + end_mark
    if out.frames:
        out.text = t
    return out


def unframe(plan: Any, text: str) -> str:
    """``text`` with its voice frames taken out, recorded in ``plan`` (notes, framing); the text unchanged when
    there are none."""
    found = read(text)
    if not found.frames or not re.search(r"[^\W\d_]", found.text):
        return text
    plan.notes.append("voice frames, not what is asked: " + "; ".join(found.frames))
    plan.resolved["framing"] = [*plan.resolved.get("framing", []), *found.frames]
    said = {w for f in found.frames if (m := re.match(r"(['\"])(.*?)\1", f)) for w in re.findall(r"[^\W\d_][\w']*",
                                                                                                 m.group(2))}
    plan.resolved["framing_words"] = sorted({*plan.resolved.get("framing_words", []), *said})
    if text.endswith(found.text):  # only an opener taken: blanked, so that what follows keeps its place
        return " " * (len(text) - len(found.text)) + found.text
    return found.text
