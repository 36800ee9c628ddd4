"""The request inside its framing: who asks, who wants it and why, read by the sentence's structure (issue 22,
round 10).

People wrap a question in who they are ("Electrician here.", "Good morning, Priya here from the estates office."),
who wants the answer ("The client wants to know how many ...", "my boss asked me which ...", "the architect would
like a list of ..."), how they ask ("could you check how many ...", "do you happen to know which ...", "would be
great to get ...", "can you pull ...") and why ("... for the hardware schedule", "..., because the locks are being
swapped", "... - before I order parts"), with e-mail wrappers around it ("Many thanks in advance.", "Kind regards,
M. Weber"). :func:`read` finds the request core by the parts' roles, not by lists of who may ask:

- a **self-introduction**: a sentence "<person> here / speaking" or "this is <person> (from <team>)", in first
  position; the person is any phrase there (an unknown name or trade word is the person because of where it stands);
- a **requester frame**: a clause opening with a subject and a desire or communication verb ("<someone>
  wants / needs / would like / asked (me) / is asking (to know)"), or the asker's own request verb ("can you pull",
  "could you check", "do you happen to know", "I'd like to know", "I was wondering", "would be great to get",
  "any chance you could check"): what follows is the request: a question word starts the question itself, "whether
  there are ..." is the yes/no question "are there ...", "a list of / an inventory of X" is X, "the number of X" is
  how many X, and a noun phrase is asked as written; a trailing "can you pull it?" points back at it;
- a **purpose**: "for (the / next week's ...) <topic> <document>" where the document is a closed class of nouns
  (schedule, estimate, tender, budget, plan, inspection, review, documents ...): what the answer is for, so a
  refusal word in it ("schedule", "cost estimate") refuses nothing; a **reason clause** after the question (",
  because ...", " - before I ...", ", so that ...") or a **reason sentence** without a question;
- a **sign-off**: "Thanks (a lot / in advance)", "Best / Kind regards / Cheers, <name>", "Sent from my phone".

Nothing that restricts is ever dropped: every framing part is checked by the caller's ``frees`` callback (the
parser parses it alone: no storey, room, qualifier, negation, number, comparison or explicit class; class words are
allowed only in the person's phrase, where a trade word names a person, and in a purpose's topic, where it names the
document's topic). A part that fails stays in the text and is read (or declined) as usual.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ifcqa.spatial.framing import _PART_OF_BUILDING

# the closed classes this reads with (grammar, not vocabulary of who asks)
_DET = r"(?:the|my|our|your|their|his|her|a|an|one\s+of\s+(?:the|our|my))"
_DESIRE = (r"(?:(?:only|just|really|mainly|mostly)\s+)?(?:care\s+about|cares\s+about|(?:are|is|am)\s+"
           r"(?:only\s+|just\s+|mainly\s+)?(?:interested\s+in|after)|wants|want|wanted|needs|need|needed|would\s+like|'d\s+like|would\s+love|'d\s+love|asked|asks|ask|"
           r"is\s+asking|are\s+asking|was\s+asking|were\s+asking|has\s+asked|have\s+asked|requested|requests|"
           r"is\s+requesting|are\s+requesting|wonders|wondered|is\s+wondering|was\s+wondering|am\s+wondering|"
           r"wanted\s+to\s+know|has\s+to\s+know|must\s+know|is\s+after|are\s+after|was\s+after)")
_TO_KNOW = r"(?:to\s+(?:know|see|get|have|find\s+out|check|hear|learn|understand|receive))"
_OBJ = r"(?:me|us|you|him|her|them)"
_REQUEST_VERB = (r"(?:pull(?:\s+up|\s+out)?|send(?:\s+over)?|get|fetch|give|find|check|tell|show|list|look\s+up|"
                 r"dig\s+out|grab|export|count|let\s+me\s+know|provide|share|compile|put\s+together|"
                 r"figure\s+out|work\s+out|find\s+out|say)")
_ASKER_REQUEST = re.compile(
    r"^(?:(?:so|ok|okay|quick\s+(?:one|question)|one\s+more\s+thing)\s*[,:!-]?\s+)?"
    r"(?:(?:can|could|would|will)\s+(?:you|u|someone|somebody|anyone|one\s+of\s+you)\s+(?:please\s+|pls\s+|maybe\s+|"
    rf"quickly\s+|just\s+|kindly\s+)*{_REQUEST_VERB}"
    rf"|(?:any\s+chance|is\s+there\s+any\s+chance|is\s+it\s+possible)\s+(?:you\s+)?(?:could|can)\s+{_REQUEST_VERB}"
    rf"|(?:please|pls|kindly)\s+{_REQUEST_VERB}"
    r"|do\s+(?:you|u|we)\s+(?:happen\s+to\s+|by\s+any\s+chance\s+)?know"
    r"|(?:does\s+)?(?:anyone|anybody|someone|somebody)\s+know"
    rf"|(?:i|we)(?:'d|\s+would)\s+(?:like|love|want)\s+{_TO_KNOW}?"
    r"|(?:i|we)(?:'d|\s+would)\s+(?:like|love)"
    rf"|(?:i|we)(?:'m|\s+am|\s+are|'re|\s+was|\s+were)\s+(?:just\s+)?(?:wondering|curious)(?:\s+(?:about|to\s+know))?"
    r"|i\s+wonder"
    rf"|(?:it\s+)?would\s+be\s+(?:great|good|nice|helpful|useful|brilliant|awesome|lovely|handy)\s+"
    rf"(?:{_TO_KNOW}|if\s+(?:you|someone)\s+could\s+{_REQUEST_VERB})"
    rf"|(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:get|have|see|know|ask)"
    rf"|(?:i|we)\s+(?:need|want|require)(?:\s+{_TO_KNOW})?"
    r"|(?:i|we)(?:'ve|\s+have)\s+(?:been\s+)?asked\s+(?:to\s+(?:find\s+out|check|get|provide|list|count))?"
    rf"|tell\s+me|let\s+me\s+know|show\s+me|give\s+me)"
    rf"(?:\s+(?:{_OBJ}|for\s+{_OBJ}))?\b\s*[:,]?\s*")
# "<someone> wants (to know)": a subject of up to five words (no question word, no verb of its own), then the verb
_REQUESTER = re.compile(
    rf"^(?P<who>(?:{_DET}\s+)?(?!(?:how|which|what|where|who|when|why|is|are|do|does|can|could|list|show|give|"
    r"tell|count|find|welche\w*|wie|wo|was)\b)[^\W\d_][\w'.-]*(?:\s+(?!" + _DESIRE + r"\b)[^\s,:;?!]+){0,5}?)"
    rf"\s+{_DESIRE}\b(?:\s+{_OBJ}\b)?(?:\s+{_TO_KNOW}\b)?\s*[:,]?\s*")
# "Electrician here", "Hi, site manager speaking", "This is Anna from facilities", "Priya here from the estates office"
_HELLO = r"(?:(?:hi|hello|hey|hiya|morning|good\s+(?:morning|afternoon|evening)|greetings|dear\s+\w+)\s*[,!.:-]?\s*)"
_INTRO = re.compile(
    rf"^{_HELLO}?(?:(?P<a>(?:this\s+is|it\s+is|it's|i\s+am|i'm|my\s+name\s+is)\s+(?P<who1>[^\W\d_][\w'.-]*"
    r"(?:\s+[^\s,:;?!]+){0,3}?)(?:\s+(?P<via1>from|of|with|at)\s+(?P<org1>[^\s,:;?!]+(?:\s+[^\s,:;?!]+){0,3}?))?)"
    rf"|(?P<b>(?:{_DET}\s+)?(?P<who2>[^\W\d_][\w'.-]*(?:\s+[^\s,:;?!]+){{0,3}}?)\s+(?:here|speaking|writing)"
    r"(?:\s+(?P<via2>from|of|with|at)\s+(?P<org2>[^\s,:;?!]+(?:\s+[^\s,:;?!]+){0,3}?))?))"
    r"\s*(?:[.!:;,]+\s*|\s-+\s+|$)")
_GREETING = re.compile(r"^(?:hi|hello|hey|hiya|morning|good\s+(?:morning|afternoon|evening)|greetings|dear)"
                       r"(?P<who>(?:\s+[^\s,!.:;?-]+){0,3}?)\s*(?:[,!.:;]+|\s-+)\s*")
_SIGN_OFF = re.compile(
    r"(?:^|(?<=[?.!,])\s*|\s)(?P<s>(?:(?:many|big|huge)\s+)?(?:thanks|thank\s+you|thx|thnx|ty|tia|cheers|ta|"
    r"(?:best|kind|warm)\s+regards|regards|best(?:\s+wishes)?|br|kr|greetings|all\s+the\s+best|sent\s+from\s+my\s+"
    r"(?:phone|iphone|ipad|mobile|android|samsung(?:\s+\w+)?|galaxy(?:\s+\w+)?))"
    r"(?:\s+(?:a\s+lot|so\s+much|in\s+advance|again|heaps|loads|very\s+much))*"
    r"\s*[,!.]*(?:\s+(?P<name>[^\W\d_][\w'.-]*(?:\s+[^\W\d_][\w'.-]*){0,2}))?\s*[.!]*\s*)$")
# who the asker asks for, closing the sentence: "... ? asking for the insurance", "(asking for a colleague)"
_ASKING_FOR = re.compile(r"(?:^|(?<=[?.!,;])|\s-+|\s\(|\s)\s*(?:(?:i'm|i\s+am|we're|we\s+are|just)\s+)?asking\s+"
                         r"(?:this\s+)?(?:for|on\s+behalf\s+of)\s+(?P<who>(?:(?:the|a|an|my|our|their)\s+)?"
                         r"[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})\s*\)?\s*[.!]*\s*$")
# what the answer is for: "for the hardware schedule", "for next week's fire inspection", "(for the budget)"
_DOCUMENT = (r"(?:schedule|schedules|estimate|estimation|tender|tenders|budget|budgeting|plan|plans|planning|"
             r"inspection|review|documents|documentation|docs|report|audit|survey|quote|quotation|offer|bid|order|"
             r"records|files|list|checklist|spreadsheet|handover|meeting|presentation|submission|application|"
             r"assessment|appraisal|calculation|calc|calcs|specification|spec|programme|program|proposal|"
             r"paperwork|file|register|log|database|inventory|walkthrough|walk|visit|check|statement|invoice)")
_PURPOSE = re.compile(
    r"(?P<lead>(?:^|(?<=[\s,(]))(?:(?:(?:i|we)\s+)?need(?:ed)?\s+(?:them|it|this|these|those|that|the\s+(?:list|"
    r"numbers?|count|info))\s+|(?:it|this)(?:'s|\s+is)\s+|(?:that|this)\s+is\s+)?)"
    r"for\s+(?:the|a|an|our|my|this|their|next\s+week's|next\s+month's|tomorrow's|today's|friday's|monday's|"
    r"the\s+upcoming|an\s+upcoming|the\s+next|our\s+next)\s+"
    rf"(?P<topic>(?:[^\W\d_][\w'-]*\s+){{0,3}}?){_DOCUMENT}(?![\w-])")
# who the request comes from, opening the sentence: "Per the client's request,", "As requested by the architect,",
# "At the request of the FM team:", "On behalf of Anna -"
_ON_BEHALF = re.compile(r"^\s*(?:(?:per|at|on|following|after)\s+(?:the|my|our|a|an|their)\s+(?P<w1>[^\W\d_][\w'-]*"
                        r"(?:\s+[^\W\d_][\w'-]*){0,2}?)(?:'s|s')\s+(?:request|instructions?|behalf|query|question)"
                        r"|as\s+(?:requested|asked|instructed)\s+by\s+(?P<w2>(?:(?:the|my|our|a|an)\s+)?[^\W\d_][\w'-]*"
                        r"(?:\s+[^\W\d_][\w'-]*){0,2}?)"
                        r"|(?:at\s+the\s+request\s+of|on\s+behalf\s+of)\s+(?P<w3>(?:(?:the|my|our|a|an)\s+)?"
                        r"[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2}?))\s*(?:[,:]|\s-+)\s*")
# the asker doing something with a document before the question: "I'm putting together a door schedule -",
# "We're updating the maintenance plan:", "Working on the fire strategy report."
_DOCUMENT_CLAUSE = re.compile(
    r"^\s*(?P<clause>(?P<doing>(?:(?:i|we)(?:'m|'re|\s+am|\s+are|'ve\s+been|\s+have\s+been)?\s+)?"
    r"(?:(?:currently|just|still)\s+)?[^\W\d_]+ing(?:\s+(?:up|together|out|on))?)\s+"
    r"(?:a|an|the|our|my|this|next\s+week's|the\s+new)\s+(?P<topic>(?:[^\W\d_][\w'-]*\s+){0,3}?)"
    + _DOCUMENT + r"(?![\w-]))\s*(?:[.!:;]+|\s-+)\s+(?=\S)")
# a reason or time clause after the question: ", because the locks are being swapped", " - before I order parts"
_REASON = re.compile(r"(?:,|\s-+|;)\s*(?P<clause>(?:because|since|as|so\s+that|so|before|after|once|while|when|"
                     r"until|in\s+case)\s+(?:i|we|you|they|the|our|my|it|someone|somebody|he|she|there)\b[^?]*?)"
                     r"\s*(?P<mark>[?.!]*)\s*$")
_QUESTION_START = re.compile(r"\s*(?:how|which|what|where|who|whom|whose|when|why|is|are|do|does|did|can|could|"
                             r"has|have|was|were|will|would|should|list|show|give|tell|count|name|find|welche\w*|"
                             r"wie|wo|was|gibt|sind|ist|zeig\w*)\b")
_WH = re.compile(r"\s*(?:how|which|what|where|who|whom|whose|when|why|in\s+which|on\s+which|welche\w*|wie|wo)\b")
_WHETHER = re.compile(r"\s*(?:whether|if|ob)\s+(?:or\s+not\s+)?(?P<s>.+)$")
_LIST_OF = re.compile(r"\s*(?:(?:a|an|the)\s+)?(?:(?:full|complete|quick|short|rough|proper)\s+)?"
                      r"(?P<what>list|listing|inventory|overview|rundown|breakdown|schedule|register|count|number|"
                      r"tally|total\s+number)\s+of\s+(?P<np>.+)$")
_POINT_BACK = re.compile(r"(?:,|\s-+|;|\.)?\s*(?:(?:can|could|would)\s+(?:you|u|someone)\s+(?:please\s+)?"
                         r"(?:pull|send|get|grab|dig\s+out|find|put\s+together|do|sort)(?:\s+(?:up|out|over))?"
                         r"\s+(?:it|them|that|this|those|these)(?:\s+(?:for\s+(?:me|us|them|him|her)|out|up|over))*"
                         r"(?:\s+(?:please|pls))?|please|pls|thanks|thx)\s*[?.!]*\s*$")
_SENTENCE = re.compile(r"(?<=[?!])\s+|(?<=[^\W\d_]{2}[.])\s+(?=\S)")


@dataclass
class Reading:
    """The request core and what was consumed as framing."""

    text: str
    framing: list[str] = field(default_factory=list)
    confirm: bool = False


# a person's phrase holds no verb form and no preposition ("I'm heading to the roof now" is no introduction)
_NOT_IN_PERSON = re.compile(r"\b(?:to|in|on|at|into|onto|for|near|by|up|down|over|under|inside|outside|now|today|"
                            r"here|there|going|heading|working|standing|sitting|walking|looking|about|around|"
                            r"that|which|who|whom|whose|where|when|what|how|all|every|each|any|some|"
                            r"[^\W\d_]+ing|[^\W\d_]+ed)\b")


def person_shaped(who: str) -> bool:
    """Whether ``who`` can be the phrase naming a person or a team ("Anna", "the site manager", "Priya", "a new
    caretaker"): up to five words, no verb form and no preposition."""
    words = who.split()
    return 0 < len(words) <= 5 and _NOT_IN_PERSON.search(who) is None


def _sentences(text: str) -> list[tuple[int, int]]:
    """Spans of the sentences of ``text`` (a '?' or '!' ends one, a '.' after a word of two letters or more: never
    "2. OG", "M. Weber", "approx. 3")."""
    spans, start = [], 0
    for m in _SENTENCE.finditer(text):
        if text[start:m.start()].strip():
            spans.append((start, m.start()))
        start = m.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def _as_question(rest: str) -> tuple[str, bool] | None:
    """The request after a frame as the question it asks, and whether it asks to confirm ("whether the model has
    ..."); None when nothing is left."""
    rest = rest.strip(" ,:-")
    if not re.search(r"[^\W\d_]", rest):
        return None
    found = _WHETHER.match(rest)
    if found is not None:
        s = found["s"].rstrip(" ?.!")
        there = re.match(r"there\s+(?P<v>is|are|were|was)\s+(?P<r>.+)$", s)
        if there is not None:
            return f"{there['v']} there {there['r']}?", False
        return f"is it true that {s}?", True
    found = _LIST_OF.match(rest)
    if found is not None:
        np = found["np"].rstrip(" ?.!")
        if found["what"] in ("count", "number", "tally", "total number"):
            bare = re.sub(r"^(?:the|all)\s+", "", np)
            return f"how many {bare}?", False
        return f"list {np}", False
    return rest, False


def read(text: str, frees: Callable[[str, str], bool]) -> Reading:
    """``text`` (normalised) with its framing consumed; ``frees(words, role)`` says whether ``words`` in framing
    role ``role`` ("person", "topic", "reason") restrict nothing (the parser parses them alone)."""
    out = Reading(text)
    spans = _sentences(text)
    if not spans:
        return out
    parts = [text[a:b] for a, b in spans]
    asks = [bool("?" in p or _QUESTION_START.match(p)) for p in parts]
    kept: list[str] = []
    for i, part in enumerate(parts):
        part = _strip_frames(part, i == 0, frees, out, aside=any(asks) and not asks[i])
        if part.strip():
            kept.append(part)
    if not kept:
        return Reading(text)  # nothing but framing: the question is read as written
    out.text = " ".join(p.strip() for p in kept)
    return out


def _request(part: str, end: int, aside: bool, frees: Callable[[str, str], bool]) -> tuple[str, bool] | None:
    """What a frame ending at ``end`` asks; in a sentence beside the question (``aside``) only a restriction of the
    same thing ("The client wants the ones that are not external."), never a new subject or place."""
    asked = _as_question(part[end:])
    if asked is None or not aside or _WH.match(asked[0]):
        return asked
    rest = asked[0]
    return asked if re.search(r"\bones\b", rest) and frees(rest, "ones") else None


def _strip_frames(part: str, first: bool, frees: Callable[[str, str], bool], out: Reading, *,
                  aside: bool = False) -> str:
    """One sentence with its framing taken out: what is left (empty when all of it was framing)."""
    original = part
    if first:
        found = _INTRO.match(part)
        if found is not None:
            who = found["who1"] or found["who2"] or ""
            org = found["org1"] or found["org2"] or ""
            via = found["via1"] or found["via2"]
            # an organisation people come from may be named like a room ("from the estates office"); after any
            # other preposition it may be where they are ("at the kitchen"), read as a person's phrase
            if person_shaped(who) and frees(who, "person") and (
                    not org or frees(org, "org" if via == "from" else "person")):
                out.framing.append(f"{found.group(0).strip(' ,.:-')!r}: who asks")
                part = part[found.end():]
        found = _GREETING.match(part)
        if found is not None and (not found["who"].strip() or frees(found["who"], "person")):
            out.framing.append(f"{found.group(0).strip(' ,.:-')!r}: a greeting")
            part = part[found.end():]
    found = _SIGN_OFF.search(part)
    if found is not None and (found.start("s") > 0 or not first) and (
            not found["name"] or frees(found["name"], "person")):
        out.framing.append(f"{found['s'].strip()!r}: a sign-off")
        part = part[:found.start("s")]
    if not part.strip():
        return ""
    found = _PURPOSE.match(part.lstrip())  # "For our FM records, could you let me know ...": the purpose first
    if found is not None and re.match(r"\s*[,:-]", part.lstrip()[found.end():]) and not _PART_OF_BUILDING.search(
            found["topic"]) and (
            not found["topic"].strip() or frees(found["topic"].strip(), "topic")):
        out.framing.append(f"{found.group(0).strip()!r}: what it is for")
        part = re.sub(r"^\s*[,:-]\s*", "", part.lstrip()[found.end():])
    found = _ON_BEHALF.match(part)  # "Per the client's request,", "As requested by the architect,"
    who = (found["w1"] or found["w2"] or found["w3"] or "") if found is not None else ""
    if found is not None and person_shaped(who) and frees(who, "person"):
        out.framing.append(f"{found.group(0).strip(' ,:-')!r}: who wants it")
        part = part[found.end():]
    found = _DOCUMENT_CLAUSE.match(part)  # "I'm putting together a door schedule - how many doors ...?"
    if found is not None and not _PART_OF_BUILDING.search(found["topic"]) and (
            not found["topic"].strip() or frees(found["topic"].strip(), "topic")) and frees(
            found["doing"], "reason"):
        out.framing.append(f"{found['clause'].strip()!r}: what the asker is doing")
        part = part[found.end():]
    found = _ASKING_FOR.search(part)  # "... ? asking for the insurance", "(asking for a colleague)"
    if found is not None and (found.start() > 0 or not first) and person_shaped(found["who"]) and frees(
            found["who"], "person"):
        out.framing.append(f"{found.group(0).strip(' ,.;-()')!r}: who it is for")
        part = part[:found.start()]
    for _ in range(2):  # "My boss asked me: could you check how many ..."
        found = _REQUESTER.match(part)
        if found is not None and (found["who"] in ("i", "we") or person_shaped(found["who"])) and frees(
                found["who"], "person"):
            asked = _request(part, found.end(), aside, frees)
            if asked is not None:
                out.framing.append(f"{found.group(0).strip(' ,:')!r}: who wants it")
                part, confirm = asked
                out.confirm |= confirm
                continue
        found = _ASKER_REQUEST.match(part)
        if found is not None and found.end() > 0:
            asked = _request(part, found.end(), aside, frees)
            if asked is not None:
                out.framing.append(f"{found.group(0).strip(' ,:')!r}: how it is asked")
                part, confirm = asked
                out.confirm |= confirm
                continue
        break
    found = _POINT_BACK.search(part)
    if found is not None and found.start() > 0 and re.search(r"[^\W\d_]", part[:found.start()]):
        out.framing.append(f"{found.group(0).strip(' ,.-?')!r}: the request pointing back at what it names")
        part = part[:found.start()] + "?"
    for found in reversed(list(_PURPOSE.finditer(part))):
        topic = found["topic"].strip()
        if not _PART_OF_BUILDING.search(topic) and (not topic or frees(topic, "topic")):
            out.framing.append(f"{found.group(0).strip(' ,(')!r}: what it is for")
            part = part[:found.start()] + part[found.end():]
    found = _REASON.search(part)
    if found is not None and found.start() > 0 and frees(found["clause"], "reason"):
        out.framing.append(f"{found['clause'].strip()!r}: why it is asked")
        part = part[:found.start()] + (found["mark"] or "")
    part = re.sub(r"\(\s*\)", " ", part)
    if part is not original and not part.strip(" ,.:;!-?()"):
        return ""
    return part if part.strip(" ,.:;!-()") else ""


# the asker saying where they will be or work: "Before I start on Level 1", "I'm heading to the EG now", "We're
# working on 2.OG next week" (a first-person clause, optionally after a time conjunction; nothing that restricts)
_ASKER_WHERE = re.compile(r"^\s*(?:(?:before|after|when|once|while|until|as\s+soon\s+as)\s+)?"
                          r"(?:i|we|i'm|we're|i'll|we'll|i've|we've|my\s+team|our\s+team|my\s+crew|our\s+crew)\b")
_RESTRICTING = re.compile(r"\b(?:only|just|except|excluding|without|not|no|none|nor|unless|but|ones|all|every|"
                          r"each|both|and|or)\b|n't\b|\?")


def asker_where(context: str) -> bool:
    """Whether ``context`` is the asker saying where they will be (the parser then checks it names one storey and
    nothing else it reads)."""
    return _ASKER_WHERE.match(context) is not None and _RESTRICTING.search(context) is None
