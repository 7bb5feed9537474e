"""Direct quotations with their speakers, in every language of the archive.

Pipeline: pair quote marks (quote_marks; a closing mark whose opener was lost quotes back to its line start) →
(German: rules.unmarked) let a quote left open run on over lines that still sound spoken → join a quote interrupted
by its attribution → (German: rules.unmarked) add speech given without marks: after a colon frame, around a short
frame ("Nein, antwortete er"), before "war der Ruf" → flag short embedded fragments and titles → find the speaker
next to a verb of saying (attribution), a script label ("Rudolph."), a titled name in the sentence ("General
Ducrot"), someone heard speaking ("hörten Nils … sprechen"), or a newspaper named in marks beside the verb; a partial
quote takes the speaker whose words it is: who named it ("Ms. Ferrow called Idaho “…”", "den Speke als „…“
bezeichnet"), the speaker closing its sentence ("“…” and more, Ms. Harlan said"), the paper the sentence reports
("in der „Südd. Wbl.“ … ausgesprochen") → resolve pronouns (by sex, speaker_gender), dialogue turns (dialogue: a
question is answered by the other person), continuations, echoed phrases and "introduced by role, named later"
speakers → widen names to the fullest form the article uses.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from indexer.annotate.quotes.attribution import (
    AS_WORDS,
    CLAUSE_STOP,
    FR_INVERTED,
    NAME_RUN,
    PREPOSITIONS,
    TELL_VERBS,
    TITLE_STOP,
    clean_np,
    fullest_name,
    heard_speaking,
    is_pronoun,
    name_inventory,
    named_in_clause,
    person_name,
    speaker_after,
    speaker_before,
    speaker_before_found,
    speaker_kind,
    subject_before,
    verb_pattern,
    whose_words,
)
from indexer.annotate.quotes.blocks import block_quotes
from indexer.annotate.quotes.candidate import Candidate
from indexer.annotate.quotes.dialogue import dash_turns, dialogue_turn, question_turn, turn_opened
from indexer.annotate.quotes.lang import rules_for
from indexer.annotate.quotes.marks import (
    PAIRS,
    PAIRS_CHARS,
    PARA_SEP,
    QuoteSpan,
    find_quote_spans,
    straight_single_spans,
)
from indexer.annotate.quotes.partial import (
    PASSIVE_AUX,
    echoed,
    namer,
    namer_after,
    said_at_sentence_end,
    same_sentence_speaker,
)
from indexer.annotate.quotes.speaker_gender import (
    PRONOUN_GENDER,
    fits_gender,
    gender_by_surname,
    name_gender,
)
from indexer.annotate.quotes.speaker_words import DETERMINERS, NAME_PARTICLES, PERSON_ROLES, TITLES
from indexer.annotate.quotes.transcript import transcript_turns
from indexer.annotate.quotes.unmarked import unclosed_goes_on, unmarked_after_colon
from indexer.models import Quote

SENTENCE_END = ".!?。！？"
ABBREVIATIONS = set(
    "mr mrs ms dr prof gov sen rep reps sens gen lt col sgt st jr sr inc co corp ltd feb jan aug sept oct nov dec no vs"
    " hr fr ing mgr ew se".split()
)
BOUNDARY_BEFORE = ".!?:;,—–-(…。！？：；，、،؛؟"
SCRIPT_PUNCT = str.maketrans({"،": ",", "؛": ";", "؟": "?"})  # Arabic punctuation read like the Latin marks
OPENERS = "“„«»「『״\"‹›‚‘"




@dataclass
class _Event:
    """Someone introduced as saying something at pos (with or without a quote)."""

    pos: int
    speaker: str
    kind: str


@dataclass
class Found:
    """What the finder read in an article: its quotes, and (when asked for) the names written as the subject of a
    verb of saying anywhere in it ("said Anna Kowalska", "Kowalska sagte"), quoted or not: evidence that a name is
    a person's or a body's, for the entity recogniser."""

    quotes: list[Quote]
    said: set[str]


def extract_quotes(
    paragraphs: list[str], language: str, people: Sequence[str] = (), title: str = "", bodies: Sequence[str] = (),
    blockquotes: Collection[int] = (),
) -> list[Quote]:
    """The direct quotations of an article (see find_quotes)."""
    return find_quotes(paragraphs, language, people, title, bodies, blockquotes).quotes


def find_quotes(
    paragraphs: list[str], language: str, people: Sequence[str] = (), title: str = "", bodies: Sequence[str] = (),
    blockquotes: Collection[int] = (), evidence: bool = False,
) -> Found:
    """Direct quotations of the article with speakers normalised to the fullest name the article uses.

    start/end are offsets into "\n\n".join(paragraphs) of the quoted words; for a quote interrupted by its
    attribution ("…,” she said, “…") they run from the first part to the last, and text joins the parts.
    A multi-paragraph quote keeps its paragraph breaks in text, without the repeated opening marks.
    An interview printed as a transcript gives its answers as quotes (`title` names the interviewee).
    `people` and `bodies` are the names (and other forms) of the people and organisations the article names;
    `blockquotes` the indices of the paragraphs the page set as blockquotes (block statements).
    With `evidence`, Found.said holds the names the article writes beside verbs of saying.
    """
    text = PARA_SEP.join(paragraphs)
    lang = (language or "en").lower()[:2]
    rules = rules_for(lang)
    spans = find_quote_spans(text)
    if not rules.caseless and "'" in text:
        spans = sorted(spans + straight_single_spans(text, spans, lambda s, e: _attributed(text, s, e, lang)),
                       key=lambda sp: sp.start)
    turns = [t for t in dash_turns(text, lang) if not any(sp.start <= t.start < sp.end for sp in spans)]
    answers = transcript_turns(text, people, title) if people else []
    blocks = [b for b in block_quotes(text, paragraphs, blockquotes, lang, PARA_SEP)
              if not any(b.start <= sp.start < b.end for sp in spans)]  # a block quoting others: their quotes count
    if not spans and not turns and not rules.unmarked and not answers and not blocks and not evidence:
        return Found([], set())
    masked = _mask(text, spans + [QuoteSpan(s, e, s, e, "—") for t in turns + blocks for s, e in t.parts])
    sentences = _sentence_bounds(masked)
    if rules.unmarked:
        spans = [unclosed_goes_on(text, sp, rules.unmarked) for sp in spans]
    cands = [_split_dash_incise(_cand(text, s), text, lang) for s in spans]
    cands = _join_interrupted(cands, text, masked, lang)
    if turns or blocks:
        cands = sorted(cands + turns + blocks, key=lambda c: c.start)
    if rules.unmarked:
        cands = sorted(cands + unmarked_after_colon(masked, sentences, lang), key=lambda c: c.start)
    for c in cands:
        if not c.extra.get("block"):  # (its speaker was read off its signature or attribution line)
            _attribute(c, text, masked, sentences, lang, (*people, *bodies))
    _outlets_as_speakers(cands, text, masked, lang)
    _fragments_of_outlets(cands, text, masked, sentences, lang)
    events = _speech_events(masked, sentences, lang, people)
    names = name_inventory(text, people, lang)
    mentions = _person_mentions(masked, names, people, lang)
    _resolve(cands, events, mentions, text, lang, people, names, bodies)
    _reported_goes_on(cands, events, masked, sentences, rules, people)
    for c in cands:
        if c.speaker:  # "وزيرة …، ماريا خوسيه أورتيغا،", エル・イドリシ特使 … 「…」と特使は
            c.speaker = rules.name_beside_office(c.speaker, masked[: c.start])
    if rules.caseless:
        # no capitals to find names by: the full names written next to verbs of saying stand in for them
        for who in [c.speaker for c in cands if c.kind == "person"] + [e.speaker for e in events if e.kind == "person"]:
            name = person_name(who, lang) if who else None
            if name and (len(name.split()) > 1 or rules.no_spaces and len(name) > 2):
                if not any(n in name for n in names if n != name and len(n) > 2):
                    names[name] += 1  # not "工場近くで食堂を営む山田和子" when 山田和子 is known
    if answers:
        cands = sorted(cands + [a for a in answers if not _quoted_already(a, cands)], key=lambda c: c.start)
    said = _said(events, lang, names, text) if evidence else set()
    return Found([_to_quote(c, text, lang, names) for c in cands], said)


def _said(events: list[_Event], lang: str, names, text: str) -> set[str]:
    """The names of the people and bodies written as the subject of a verb of saying (not roles, not pronouns)."""
    found = set()
    for e in events:
        if e.kind not in ("person", "thing"):
            continue
        name = _normalise(e.speaker, e.kind, lang, names, text)
        toks = (name or "").split()
        if toks and toks[0][:1].isupper() and toks[0].lower() not in DETERMINERS:
            found.add(name)
    return found


def _quoted_already(answer: Candidate, cands: list[Candidate]) -> bool:
    """An answer set in quotation marks is found as the quote it is."""
    return any(not c.fragment and answer.start - 2 <= c.start <= answer.start + 2 for c in cands)


# ---------------------------------------------------------------- spans and sentences


def _attributed(text: str, start: int, end: int, lang: str) -> bool:
    """A verb of saying right after the closing mark ("…,' said Ben Carter") or a frame ending in a colon or comma
    right before the opening one ("Ben Carter said: '…"): the test a straight single mark must pass to quote."""
    after = re.split(r"[.!?\n]", text[end : end + 120])[0]
    if after[:1] in ",.!? " and after.strip(" ,") and speaker_after(after, lang)[1]:
        return True
    line_start = max(text.rfind("\n", 0, start), *(text.rfind(p, 0, start) for p in ". ! ?".split())) + 1
    before = text[line_start:start]
    return before.rstrip().endswith((":", ",")) and speaker_before_found(before, lang, False)[1]


def _cand(text: str, span: QuoteSpan) -> Candidate:
    s, e = span.inner_start, span.inner_end
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return Candidate(span.start, span.end, [(s, e)])


DASH_INCISE = re.compile(r"[,.!?…]?\s+[—–]\s+([^—–«»“”„\n]{3,80}?)[,.]?\s+[—–]\s+(?=\S)")
# « …, a-t-elle expliqué, … » / "…, dijo, …": an inverted verb of saying set off by commas inside the marks
COMMA_INCISE = re.compile(rf",\s+((?:[^,.;:!?—–«»“”„\n]|{TITLE_STOP}){{2,60}}?)\s*({CLAUSE_STOP})\s+(?=\S)")


def _split_dash_incise(c: Candidate, text: str, lang: str) -> Candidate:
    """«…, — добавил он. — …» / „… – opowiadała. – …” / « …, a-t-elle expliqué, … »: the attribution written
    inside one pair of marks is the writer's, not the speaker's; cut it out and keep the two parts as one
    statement. A comma closing a comma incise stays with the first part ("Si …, a-t-il dit, nous …" reads
    "Si …, nous …"); a full stop closing it ends the first part's sentence (added in _to_quote)."""
    if rules_for(lang).caseless or len(c.parts) != 1:
        return c
    s, e = c.parts[0]
    for pattern, words_max in ((DASH_INCISE, 8), (COMMA_INCISE, 7)):
        at = s
        while m := pattern.search(text, at, e):
            at = m.start() + 1  # matches may overlap: "Двор — это …, — заявила она. — …" has its incise second
            clause = m.group(1)
            if len(clause.split()) > words_max:
                continue
            _, found = speaker_after(clause, lang, max_words=1)
            if not found or pattern is COMMA_INCISE and not _opens_with_verb(clause, lang):
                continue
            if pattern is COMMA_INCISE:
                cut = m.start() + 1 if m.group(2) == "," else m.start()
            else:
                cut = m.start() + 1 if text[m.start()] in ",.!?…" else m.start()
            c.parts = [(s, cut), (m.end(), e)]
            c.extra["gap"] = (m.start(1), m.end(1))
            return c
    return c


def _opens_with_verb(clause: str, lang: str) -> bool:
    """An incise between commas is written verb first ("a-t-elle souligné", "dijo el alcalde", "sagte er") or
    pronoun and verb ("she said"); a clause of the quote itself that merely holds a verb ("…, so vergisst man, …")
    is none."""
    toks = clause.split()
    verbs = verb_pattern(lang)
    return bool(FR_INVERTED.search(toks[0]) or verbs.fullmatch(toks[0]) or len(toks) > 1 and verbs.fullmatch(toks[1]))


def _mask(text: str, spans: list[QuoteSpan]) -> str:
    """The text with quoted words blanked, so verbs inside quotes are not read as attribution."""
    chars = list(text.translate(SCRIPT_PUNCT))
    for sp in spans:
        for i in range(sp.inner_start, sp.inner_end):
            if chars[i] not in "\n":
                chars[i] = "_"
    return "".join(chars)


_MAY_END = re.compile("[\n" + re.escape(SENTENCE_END + "”»«“\"」』") + "]")


def _sentence_bounds(masked: str) -> list[tuple[int, int]]:
    """Sentence spans over the masked text: quoted words are blank, so a full stop inside a quote never splits."""
    bounds: list[tuple[int, int]] = []
    start = 0
    n = len(masked)
    for m in _MAY_END.finditer(masked):  # (only the characters that may end a sentence)
        i, ch = m.start(), m.group()
        end = None
        if ch == "\n":
            end = i
        elif ch in SENTENCE_END and (i + 1 == n or masked[i + 1].isspace() or ch in "。！？"):
            if ch == "." and _abbreviation(masked, i):
                continue
            end = i + 1
        elif ch in "”»«“\"」』" and i > 0 and masked[i - 1] == "_" and _ends_inner_sentence(masked, i):
            end = i + 1
        if end is not None:
            if masked[start:end].strip():
                bounds.append((start, end))
            start = end
    if masked[start:].strip():
        bounds.append((start, n))
    return bounds


def _ends_inner_sentence(masked: str, i: int) -> bool:
    """A closing mark followed by a capitalised word ends the sentence even without an outer full stop."""
    j = i + 1
    while j < len(masked) and masked[j] in " \u00a0":
        j += 1
    return j < len(masked) and masked[j] != "\n" and (masked[j].isupper() or masked[j] in OPENERS) and j > i + 1


def _abbreviation(text: str, i: int) -> bool:
    m = re.search(r"(\S+)$", text[max(0, i - 12) : i])
    if not m:
        return False
    word = m.group(1).lower().strip("(")
    ordinal = word.isdigit() and len(word) <= 2 and text[i + 1 : i + 2] == " " and text[i + 2 : i + 3].isalpha()
    initials = re.fullmatch(r"(?:[^\W\d_]\.)+[^\W\d_]", word) is not None  # "U.N.", "U.S.", "z.B."
    return word in ABBREVIATIONS or (len(word) == 1 and word.isalpha()) or ordinal or initials


def _sentence_of(sentences: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    for s, e in sentences:
        if s <= pos < e:
            return s, e
    return pos, pos


def _para_bounds(text: str, pos: int) -> tuple[int, int]:
    s = text.rfind(PARA_SEP, 0, pos)
    s = 0 if s < 0 else s + len(PARA_SEP)
    e = text.find(PARA_SEP, pos)
    return s, len(text) if e < 0 else e




# ---------------------------------------------------------------- joining and fragments


def _join_interrupted(cands: list[Candidate], text: str, masked: str, lang: str) -> list[Candidate]:
    """“…,” she said, “…” is one statement: join the parts around a short attribution ending in a comma."""
    out: list[Candidate] = []
    for c in cands:
        prev = out[-1] if out else None
        if prev and _interrupts(prev, c, text, masked, lang):
            prev.parts.extend(c.parts)
            prev.extra["gap"] = (prev.end, c.start)
            prev.end = c.end
            continue
        out.append(c)
    return out


def _interrupts(prev: Candidate, cur: Candidate, text: str, masked: str, lang: str) -> bool:
    gap = text[prev.end : cur.start]
    if "\n" in gap or len(gap) > 90 or "gap" in prev.extra:
        return False
    rules = rules_for(lang)
    first_inner = text[prev.parts[-1][0] : prev.parts[-1][1]].rstrip()
    sentence_done = first_inner[-1:] in ".!?。！？" and not text[cur.parts[0][0]].islower()
    if not first_inner or (sentence_done and not rules.caseless) or first_inner[-1:] in "。！？":
        return False  # “芯片短缺的教训，我们每个人都记得。”他说，“…” — two sentences, two quotes
    if any(not _abbreviation(masked, prev.end + m.start()) for m in re.finditer(r"[.!?。！？](?=\s+\S)", gap)):
        return False  # «…»، قالت X. وأضافت: «…» — the attribution closed a sentence and a new one began
    if rules.quote_then_verb and speaker_after(text[cur.end : cur.end + 30], lang)[1]:
        return False  # 「…」と述べ、「…」と笑顔を見せた — the second quote has its own verb
    goes_on = gap.rstrip().endswith(";") and text[cur.parts[0][0] : cur.parts[0][0] + 1].islower()
    if not gap.rstrip().endswith((",", ":", "，", "：")) and not rules.no_spaces and not goes_on:
        return False  # but "„…“, sagte Mr. Brummel; „die Einwohner …“": the sentence goes on after a semicolon
    if not rules.quote_then_verb and not gap.strip().lstrip(",").strip():
        return False
    lead = text[max(0, prev.start - 20) : prev.start].split()[-1:]
    if lead and (lead[0].lower() in DETERMINERS or lead[0].lower() in PREPOSITIONS):
        return False  # "… in der „Zeitschrift für den Obstbau“ schreibt, „…“": a title inside the sentence
    named = first_inner.split()
    if lead and lead[0][-1:].isalnum() and len(named) <= 3 and all(w[:1].isupper() for w in named) and (
            first_inner[-1:] not in ",，"):  # (but “Turkey,” I said, “what …”: the quote addresses someone)
        return False  # "Глава «Газпрома» Алексей Миллер заявил: «…»": a firm's name in marks inside the sentence
    _, found = speaker_after(gap.rstrip().rstrip(",:，："), lang)
    return found


def _is_fragment(c: Candidate, text: str, lang: str, attached: bool) -> bool:
    """A quoted word or phrase inside the writer's own sentence (or a title), not a statement given in full."""
    if "gap" in c.extra:
        return False
    inner = text[c.parts[0][0] : c.parts[-1][1]]
    if not inner:
        return True
    if _several_sentences(inner, lang):
        return False  # 「…ではない。…約束だ」 / «… ночи. А тут …»: a statement, wherever it stands
    before = text[: c.start].rstrip(" \t\u00a0\u202f")
    at_start = not before or before.endswith("\n") or before[-1] in BOUNDARY_BEFORE or before[-1] in "”»«“\"」』"
    first = inner.lstrip("…. ([")[:1]
    ending = inner.rstrip(PAIRS_CHARS)[-1:]
    rules = rules_for(lang)
    if rules.caseless:
        long_enough = len(inner) >= 8 or ending in "。！？!?.،"
        if (at_start or rules.quote_then_verb) and attached and len(inner) >= 4:
            return False  # 。「まだ課題は多い」と語った, 山本さんは「もう一度やる」と話した: short, but words said
        return not ((at_start or attached) and long_enough)
    if not at_start:
        return True
    after = text[c.end : c.end + 3].lstrip(" \u00a0")
    if _fills_line(c, text) and (ending in ".!?…" or after[:1] in ".!?…"):
        return False  # „Fünfhundert.“ on a line of its own: a turn in a dialogue, however short
    if len(inner.split()) <= 2 and ending not in ",.!?…" and not (attached and after[:1] in ",—–-"):
        return True  # a name or title ("„Sommerspuck“ erschien …"), even when a verb follows
    if after[:1] == ")" and _title_like(inner, lang):
        return True  # "(Orig.-Tel. d. „Mähr. Tagbl.“)": the paper a report came from
    if first.isalpha() and first.islower():
        # lowercase start: a statement only when it continues an attribution ("…, adding, “no, we …")
        return not (before.endswith((",", ":")) and attached)
    if attached or turn_opened(text, c.start) and (ending in ".!?…" or after[:1] in ".!?…"):
        return False  # "— „Vielleicht in Hamburg.“": a turn in a dialogue, however short
    # no attribution next to it: a statement only if it reads as one (several words, closing punctuation,
    # inside the marks in English, after them in French or Spanish: «…».)
    return not (len(inner.split()) >= 4 and (ending in ".!?…" or after[:1] in ".!?…"))


def _fills_line(c: Candidate, text: str) -> bool:
    """Nothing but a dash before the quote on its line and nothing but punctuation after it."""
    line_start = text.rfind("\n", 0, c.start) + 1
    line_end = text.find("\n", c.end)
    tail = text[c.end : len(text) if line_end < 0 else line_end]
    return not text[line_start : c.start].strip(" \t\u00a0—–-") and not tail.strip(" \t\u00a0.!?…")


def _speech_colon(before: str, lang: str) -> bool:
    """'… folgten pfeifend und rufend:', 'welche fortwährend rufen:', 'auf den alten Spruch:' — a colon right
    after a verb of saying or a noun for words said introduces them, whether or not a subject is written."""
    head = before.rstrip()
    if not head.endswith((":", "：")):
        return False
    if speaker_before_found(before, lang, False)[1]:
        return True
    lead = head[:-1].rstrip()
    return rules_for(lang).speech_lead(lead)


def _several_sentences(inner: str, lang: str) -> bool:
    """Two sentences or more inside the marks: nobody quotes a title or a phrase that long."""
    if rules_for(lang).caseless:
        return bool(re.search(r"[。！？.!?؟]\s*\S", inner.rstrip("。！？.!?؟ ")))
    return len(inner.split()) >= 6 and bool(re.search(r"\w[.!?…]\s+[A-ZÀ-ÖØ-ÞА-ЯЁІЇЄҐ]", inner))


# ---------------------------------------------------------------- attribution


def _after_clause(c: Candidate, masked: str) -> str:
    """The writer's words after the closing mark, up to the end of that sentence or the next quote."""
    window = masked[c.end : c.end + 300]
    for m in re.finditer(r"[.!?。！？\n]|[" + re.escape(OPENERS) + "]", window):
        if m.group(0) == "." and (_abbreviation(masked, c.end + m.start()) or window[m.start() + 1 : m.start() + 2] == ")"):
            continue  # "Sen. Harold Wexley III (R-Ida.) said"
        return window[: m.start() + 1]
    return window


def _before_clause(c: Candidate, masked: str, sentences: list[tuple[int, int]]) -> str:
    """The writer's words before the opening mark; an introduction ending in a colon may stand just before."""
    s, _ = _sentence_of(sentences, c.start)
    clause = masked[s : c.start]
    if clause.strip(" \t\n\u00a0—–-"):
        return clause
    prev = [b for b in sentences if b[1] <= s]
    if prev and masked[prev[-1][0] : prev[-1][1]].rstrip().endswith((":", "：")):
        return masked[prev[-1][0] : prev[-1][1]]
    return clause


def _attribute(
    c: Candidate, text: str, masked: str, sentences: list[tuple[int, int]], lang: str, known: Sequence[str] = ()
) -> None:
    """Fragment flag and the speaker phrase written next to the quote (not yet resolved)."""
    rules = rules_for(lang)
    after = _after_clause(c, masked)
    gap_speaker, gap_found = (None, False)
    if "gap" in c.extra:
        g0, g1 = c.extra["gap"]
        gap = text[g0:g1].translate(SCRIPT_PUNCT)  # the attribution may sit inside the marks (dash incise)
        gap_speaker, gap_found = speaker_after(gap.rstrip().rstrip(",:，："), lang)
    after_speaker, after_found = speaker_after(after, lang)
    last_inner = text[c.parts[-1][0] : c.parts[-1][1]].rstrip(PAIRS_CHARS)[-1:]
    said = verb_pattern(lang).search(after) if after_found else None
    if said and last_inner in ".!?…" and after.lstrip()[:1].isupper() and "," in after[: said.start()] and (
            (after_speaker or "") not in after.split(",")[0]):
        # "“Every time it’s different.” For instance, one sample held phenacetin, a painkiller added to …": a new
        # sentence that reaches its verb only after an aside is the writer's, not this quote's attribution (but
        # "“…!” Margarita Simonyan, the editor of RT, wrote" names its speaker before the aside)
        after_speaker, after_found = None, False
    if not after_found and known and "gap" not in c.extra and (last_inner in ",，" or after.lstrip()[:1] in ",—–"):
        after_speaker = named_in_clause(after, known, lang)
        after_found = after_speaker is not None
    if after_found and after_speaker and after_speaker[:1].islower() and after.rstrip()[-1:] in OPENERS:
        after_speaker = _named_after_mark(text, masked, c.end + len(after.rstrip()) - 1) or after_speaker
    if c.extra.get("colon"):
        after_speaker, after_found = None, False  # introduced by its colon frame; what follows is a new sentence
    last = text[c.parts[-1][0] : c.parts[-1][1]].rstrip(PAIRS_CHARS)[-1:]
    statement_like = last in ",.!?…。！？" or rules.caseless
    attached = after_found and (statement_like or after.lstrip()[:1] in ",—–-")
    before = _before_clause(c, masked, sentences)
    introduced = before.rstrip().endswith((":", ",", "：", "，")) and bool(speaker_before(before, lang, False))
    introduced = introduced or _speech_colon(before, lang)
    c.fragment = _is_fragment(c, text, lang, attached or introduced)
    if c.fragment and _statement_frame(c, text, before, lang):
        c.fragment = False  # 'Volgens de gemeente "gaat de brug in mei weer open".': a statement given in full
    before_speaker, before_found = speaker_before_found(before, lang, c.fragment)
    colon_frame = before.rstrip().endswith((":", "：")) and before_speaker and last in ".!?…。！？"
    if colon_frame and after.lstrip()[:1] not in ",，—–-":
        attached = False  # 'Varga said: "…." The mayor added later …': the frame before the colon speaks
    if gap_found:
        c.speaker, c.pro_drop = gap_speaker, gap_speaker is None
    elif attached and after_speaker:
        c.speaker = after_speaker
    elif before_speaker:
        c.speaker = before_speaker
        c.extra["framed"] = not before_found  # a frame with no verb of saying: any name in it was taken
    elif attached or before_found:
        c.pro_drop = True
    if not c.speaker and not c.fragment:
        c.speaker, incise = _incise_speaker(text[c.parts[0][0] : c.parts[-1][1]], lang)
        c.pro_drop = c.pro_drop or incise
    if not c.speaker and not c.fragment and not before.strip(" \t\n\u00a0—–-"):
        c.speaker = _speaker_label(c, masked, sentences, lang)
    if not c.speaker and not c.fragment and rules.topic_marked:
        c.speaker = rules.paragraph_topic(masked[_para_bounds(masked, c.start)[0] : c.start])
    if c.speaker:
        label = before.rstrip().endswith(":") and before.rstrip()[:-1].rstrip().endswith(c.speaker)
        checked = "no" if rules.article_noun(c.speaker, masked) and not label else rules.subject_check(c.speaker)
        if checked != "ok":
            c.speaker = None
            c.extra["writer"] = checked == "writer"  # "Ich ." before a quote: the writer, nobody to look for
    if not c.speaker and rules.heard_speaking:
        c.speaker = heard_speaking(before, lang)  # "hörten Nils … sprechen": a name, though "der Nils" elsewhere
    introduced = text[: c.start].rstrip().endswith((":", "："))
    if c.fragment:
        c.extra["titled"] = rules.titled_person(before)
    named_by = (namer(before, lang) or namer_after(before, after, lang) or whose_words(before, lang)
                ) if c.fragment else None
    if named_by:
        c.speaker = named_by  # "Baker nannte ihn „Albert Nyanza“": the name is Baker's word for it
    elif c.fragment and not introduced and (
        _title_like(text[c.parts[0][0] : c.parts[-1][1]], lang) or rules.names_a_work(before)
        or (text[c.start] in rules.title_marks and not after_found)
    ):
        c.speaker, c.pro_drop = None, False
        c.extra["title"] = True  # „Kurierem Nadwiślańskim”, «Ранковий Вісник»: a name, not words said
    elif c.fragment and not c.speaker and not rules.caseless and not verb_pattern(lang).search(before):
        c.speaker = said_at_sentence_end(masked[c.end : _sentence_of(sentences, c.start)[1]], lang)


def _named_after_mark(text: str, masked: str, opener: int) -> str | None:
    """"— сказав голова «Нафтогазу» Сергій Корецький": the office stands before a firm's name in marks, and the
    person holding it is named after the closing mark."""
    close = opener + 1
    while close < len(masked) and masked[close] == "_":
        close += 1
    if close >= len(masked) or len(text[opener + 1 : close].split()) > 3:
        return None
    name = NAME_RUN.match(masked[close + 1 :].lstrip())
    return name.group(0) if name else None


AS_SAID = re.compile(rf"^\W*(?:{'|'.join(AS_WORDS)})\s", re.IGNORECASE)
THAT_AR = re.compile(r"(?:^|\s)(?:إن|أن|فإن|بأن)\s*$")


def _statement_frame(c: Candidate, text: str, before: str, lang: str) -> bool:
    """A quote that fills the rest of its sentence right after a source frame ('according to X', 'Volgens X',
    'Według X', 'Как сообщили в мэрии,', Arabic 'قال … إن') and reads as a clause (several words, a sentence end
    after it) is the source's statement, not a phrase borrowed into the writer's sentence."""
    inner = text[c.parts[0][0] : c.parts[-1][1]]
    rules = rules_for(lang)
    if len(inner.split()) < 4 or rules.no_spaces or "_" in before:
        return False
    tail = text[c.end : c.end + 3].lstrip(" \u00a0")
    if not (tail[:1] in ".!?…\n" or not tail or inner.rstrip()[-1:] in ".!?…"):
        return False  # the writer's sentence goes on after the quote
    clause = re.split(r"[.!?;\n]\s", before)[-1]
    low = clause.lower()
    for phrase in rules.according_phrases() + rules.according_extra:
        at = re.search(rf"(?<!\w)و?{re.escape(phrase.lower().rstrip('ـ'))}", low)
        source = THAT_AR.sub("", clause[at.end() :]).strip().rstrip(",،").strip() if at else ""
        if source and len(source.split()) <= 6 and not re.search(r"[,،]", source):
            return True  # the source alone between the frame and the quote (not "…, the plan is “…”")
    said = verb_pattern(lang).search(clause)
    if said and AS_SAID.search(clause) and clause.rstrip().endswith(","):
        return True  # "Как сообщили в мэрии, «…»"
    return bool(said) and rules.said_that_states and bool(THAT_AR.search(clause))


def _outlets_as_speakers(cands: list[Candidate], text: str, masked: str, lang: str) -> None:
    """Die „Saarztg.“ schreibt: „…“ / „…“, schreibt die „Köln. Ztg.“: a newspaper named in quotation marks next
    to the verb of saying is the one speaking (the words around it give only 'Lage' or nothing)."""
    if rules_for(lang).caseless:
        return
    verbs = verb_pattern(lang)
    titles = [t for t in cands if t.extra.get("title")]
    for c in cands:
        if c.fragment or c.extra.get("title") or c.speaker and _surely_person(c.speaker, lang):
            continue
        for t in titles:
            if t.end <= c.start and c.start - t.end < 150:
                mid = masked[t.end : c.start]
                lead = masked[max(0, t.start - 60) : t.start].split()[-3:]
                at = [i for i, w in enumerate(lead) if verbs.fullmatch(w)]
                # "schreiben die protestantischen „…“", not "sagte Müller der „Bild“" (told to the paper)
                said = any(verbs.fullmatch(w) for w in mid.split()[:2]) or (
                    at and all(w[:1].islower() for w in lead[at[-1] + 1 :])
                )
                ok = mid.rstrip().endswith((":", ",")) and not re.search(r"[.!?_]", mid)
            elif t.start >= c.end and t.start - c.end < 40:
                mid = masked[c.end : t.start]
                said = verbs.search(mid)
                named = said and any(w[:1].isupper() or is_pronoun(w, lang) for w in mid[said.end() :].split())
                # "…“, meldet die „Hansa-Zeitung“", not "…», — сказав Бондар «Вечірньому Кур’єру»" (told to the paper)
                # nor "…», — сказал глава «Газпрома» Алексей Миллер" (the head of the firm, who is named after it)
                ok = mid.lstrip()[:1] in ",—–-" and len(mid.split()) <= 4 and "_" not in mid and not named and (
                    not NAME_RUN.match(masked[t.end :].lstrip()))
            else:
                continue
            if said and ok:
                c.speaker, c.pro_drop = _outlet_name(_clean_inner(text[t.parts[0][0] : t.parts[-1][1]])), False
                c.extra["outlet"] = True
                break


def _outlet_name(inner: str) -> str:
    """'N.\nfr. Pr.', 'Hamburger Nachr .' as the name reads: one line, no space before its full stops."""
    return re.sub(r"\s+(?=[.,])", "", " ".join(inner.split()))


PUBLISHED_IN = re.compile(
    r"(?<!\w)(?:in der|im|in dem|in the|dans le|dans la|en el|en la|nel|nella|in het|in de)\s*$", re.IGNORECASE
)
# a paper's words reported in the writer's sentence: "wurde in der „Südd. Wbl.“ ein harter Tadel ausgesprochen"
PUBLISHED_WORDS = re.compile(
    r"(?<!\w)(?:ausgesprochen|geschrieben|behauptet|gerügt|Rüge|Artikel|Leitartikel|Bericht|Meldung|"
    r"written|editorial|article|report)(?!\w)"
)


def _fragments_of_outlets(
    cands: list[Candidate], text: str, masked: str, sentences: list[tuple[int, int]], lang: str
) -> None:
    """'Neulich wurde in der „Südd. Wbl.“ ein harter Tadel ausgesprochen, … nur weil sein Tanzen „zur feinen Art“
    zählt': a phrase quoted in a sentence that reports what a paper (named in marks after 'in der') wrote is the
    paper's wording."""
    if rules_for(lang).caseless:
        return
    verbs = verb_pattern(lang)
    for i, c in enumerate(cands):
        if not c.fragment or c.speaker or c.extra.get("title"):
            continue
        s, _ = _sentence_of(sentences, c.start)
        for t in cands[:i]:
            inner = _clean_inner(text[t.parts[0][0] : t.parts[-1][1]])
            if t.end < s or not t.fragment or not inner[:1].isupper() or len(inner.split()) > 4:
                continue  # (a title may hold a line break, where the sentence splitter cut it)
            t_start, _ = _sentence_of(sentences, t.start)
            sentence = masked[t_start : c.start]
            if not PUBLISHED_IN.search(masked[t_start : t.start]) or not PUBLISHED_WORDS.search(sentence):
                continue
            if not verbs.search(sentence):  # "wie X in der „…“ schreibt": X wrote, not the paper
                c.speaker = _outlet_name(inner)
                c.extra["outlet"] = True
                break


def _surely_person(phrase: str, lang: str) -> bool:
    """A person's name beyond doubt; a lone capitalised German word may be any noun ('Lage', 'Kirche')."""
    name = person_name(phrase, lang)
    return bool(name) and (not rules_for(lang).nouns_capitalised or len(name.split()) > 1)


def _title_like(inner: str, lang: str) -> bool:
    """Every word capitalised (a newspaper, a book, a firm): a name set in quotation marks."""
    toks = [t for t in inner.split() if any(ch.isalnum() for ch in t)]  # "Hamburger Nachr ." as tokenised
    if rules_for(lang).caseless or not toks or len(toks) > 5:
        return False
    return all(t[:1].isupper() or t[:1].isdigit() for t in toks)


LABEL = re.compile(r"^[\s—–-]*((?:[A-ZÀ-ÖØ-Þ][\w’'.-]*\s+){0,2}[A-ZÀ-ÖØ-Þ][\w’'-]*)\s*[.:]\s*$")


def _speaker_label(c: Candidate, masked: str, sentences: list[tuple[int, int]], lang: str) -> str | None:
    """An interview or a scene written as a script: 'Rudolph. „Umgekehrt, lieber Freund …“' — a sentence that is
    only a name (or 'Der Redakteur:') stands before the quote and says who speaks."""
    s, _ = _sentence_of(sentences, c.start)
    prev = [b for b in sentences if b[1] <= s]
    if not rules_for(lang).script_labels or not prev or masked[prev[-1][1] : s].strip():
        return None  # elsewhere a one-word sentence before a quote is more often a dateline ("Washington.")
    m = LABEL.match(masked[prev[-1][0] : prev[-1][1]])
    if not m or len(m.group(1)) < 3:
        return None
    label = m.group(1)
    kind = speaker_kind(label, lang, ())
    return label if kind in ("person", "role") or kind.startswith("pronoun") else None


INCISE = re.compile(rf"(?:,|\s[—–])\s+((?:[^,.;:!?—–«»“”„]|{TITLE_STOP}){{2,60}}?)\s*(?:{CLAUSE_STOP}|\s[—–])")


def _incise_speaker(inner: str, lang: str) -> tuple[str | None, bool]:
    """« …, a-t-elle souligné. … » / „… – opowiadała. – …”: the attribution written inside the marks."""
    for m in INCISE.finditer(inner):
        clause = m.group(1)
        if len(clause.split()) > 7:
            continue
        speaker, found = speaker_after(clause, lang, max_words=1)
        if found:
            return speaker, True
    return None, False


def _speech_events(masked: str, sentences: list[tuple[int, int]], lang: str, people: Sequence[str]) -> list[_Event]:
    """Every 'X said …' in the article (quoted or not): the candidates pronouns and roles resolve to."""
    events: list[_Event] = []
    rules = rules_for(lang)
    pattern = verb_pattern(lang)
    for s, e in sentences:
        sent = masked[s:e]
        for m in pattern.finditer(sent):
            pre = sent[: m.start()]
            if "_" in pre[-3:] or pre.split()[-1:] and pre.split()[-1].lower() in PASSIVE_AUX:
                continue  # "The mayor, Ilse Varga, was asked about …": the one asked is no speaker yet
            subj = subject_before(pre, lang) if pre.strip() else None
            told = m.group(0).lower() in TELL_VERBS  # "he told the BBC": the one told is no speaker
            if not subj and not told:
                subj = speaker_after(sent[m.start() :], lang)[0]  # "Jak przyznał Hrycenko, …"
            elif pre.rstrip().endswith(",") and not told and rules.verb_second:
                # "Südostasien sei der Hotspot, sagt der Virologe": where the verb stands second, one after a comma
                # opens the attribution and its subject follows it (English: "Kyrylenko, the governor, said the
                # levees were holding")
                inverted = speaker_after(sent[m.start() :], lang)[0]
                toks = (inverted or "").split()
                named = len(toks) > 1 and all(t[:1].isupper() for t in toks[-2:]) or any(t in people for t in toks)
                if toks and toks[0] in [w.strip(".,;:!?") for w in sent[m.end() :].split()[:2]] and (
                        named or toks[0].lower() in DETERMINERS or is_pronoun(toks[0], lang)):
                    subj = inverted  # (not "…, rief Proteste der Kurie hervor": a noun alone is no one)
            kind = speaker_kind(subj, lang, people) if subj and "_" not in subj else ""
            if kind not in ("person", "thing") and not rules.caseless and not told:
                inverted = speaker_after(sent[m.start() :], lang)[0]  # "…, berichtete Hryzenko."
                right_after = inverted and inverted[:1].isupper() and sent[m.end() :].lstrip().startswith(inverted)
                if right_after and "_" not in inverted and speaker_kind(inverted, lang, people) == "person":
                    subj, kind = inverted, "person"
            if kind and rules.no_subject(subj, masked):
                kind = ""
            if kind and not kind.startswith("pronoun"):
                events.append(_Event(s + m.start(), subj, kind))
                break
    return events


# ---------------------------------------------------------------- resolution


def _person_mentions(masked: str, names, people: Sequence[str], lang: str = "en") -> list[_Event]:
    """Where each multi-word person name appears (outside quotes): 'she said' may point back to any of them.
    When the recogniser gave names, only those count (German capitalises every noun)."""
    found: list[_Event] = []
    rules = rules_for(lang)
    known = {tok for p in people for tok in p.split()}
    for name in names:
        cjk_name = rules.no_spaces and 2 <= len(name) <= 4 and " " not in name  # 何建国: no spaces to count
        if not cjk_name and (len(name.split()) < 2 or _org_name(name) or (known and not set(name.split()) & known)):
            continue
        at = masked.find(name)  # (a pattern compiled per name cost more than the search)
        while at != -1:
            prev = masked[max(0, at - 12) : at].split()[-1:]
            if not (prev and (prev[0] in PREPOSITIONS or prev[0] in ("van", "von", "of"))):
                # (after "van": "Ruud Hoekstra van Windkracht Flevo" is the firm he works for, not someone speaking)
                found.append(_Event(at, name, "person"))
            at = masked.find(name, at + len(name))
    taken = [(e.pos, e.pos + len(e.speaker)) for e in found]
    for name in {p for p in people if " " not in p.strip() and p[:1].isupper() and len(p) > 2}:
        # a surname alone the recogniser saw as a form of someone ("Doch Preetz entschied", "Skaik paused")
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", masked):
            if not any(s <= m.start() < e for s, e in taken) and not rules.no_spaces:
                found.append(_Event(m.start(), name, "person"))
    return sorted(found, key=lambda e: e.pos)


def _org_name(name: str) -> bool:
    return speaker_kind(name, "en", ()) == "thing"


def _resolve(
    cands: list[Candidate],
    events: list[_Event],
    mentions: list[_Event],
    text: str,
    lang: str,
    people: Sequence[str],
    names=None,
    bodies: Sequence[str] = (),
) -> None:
    """Turn pronouns, roles and unattributed continuations into the speaker a reader would name."""
    rules = rules_for(lang)
    sex = gender_by_surname(names or {})
    for c, nxt in reversed(list(zip(cands, cands[1:], strict=False))):
        # “First sentence.” “Second one,” he said. — both parts share the attribution that follows them
        gap = text[c.end : nxt.start]
        line_start = text.rfind("\n", 0, c.start) + 1
        opens_line = not text[line_start : c.start].strip()
        if not c.speaker and not c.fragment and nxt.speaker and not gap.strip() and "\n" not in gap and opens_line:
            c.speaker = nxt.speaker
    for c in cands:
        if c.speaker:  # a paper named in marks speaks as an organisation: "Südd. Wbl." is no "Wbl."
            c.kind = "thing" if c.extra.get("outlet") else speaker_kind(c.speaker, lang, people)
    _resolve_epithets(cands, events, mentions, text, rules)
    for c in cands:
        named = _named_in_colon_frame(c, mentions, text, people, bodies) if c.extra.get("framed") else None
        frame = text[max(0, c.start - 400) : c.start]
        at_named = frame.rfind(named[0]) if named else -1
        at_taken = frame.rfind(c.speaker) if c.speaker else -1
        if at_named >= 0 and (at_taken < 0 or at_named < at_taken):
            # "Alverson summed up the journey … in the Bering Sea …: “…”": the person named first (the subject),
            # not the sea; but "General Faidherbe hat … an das Corps erlassen:" stays Faidherbe's
            c.speaker, c.kind = named
    for i, c in enumerate(cands):
        if c.kind == "role" and not _indefinite(c.speaker):
            named = _named_later(c, events, text, lang, people) or _named_before(c, mentions, text)
            if named:
                c.speaker, c.kind = named, "person"
        elif c.kind.startswith("pronoun"):
            want = "thing" if c.kind.endswith("thing") else "person"
            gender = PRONOUN_GENDER.get((c.speaker or "").strip().lower())
            if rules.she_or_they and (c.speaker or "").strip().lower() == rules.she_or_they:
                # "fügte sie hinzu": she; "sie sagten uns:": they
                gender = rules.she_or_they_gender(text[c.end : c.end + 40], text[max(0, c.start - 60) : c.start])
            if want == "person" and (_plural(c.speaker, lang) or gender == "plural"):
                # "Ilse Varga and Tom Hale met. “…,” they said.": two people named together, never one alone
                found = _named_pair(c, mentions, text)
            else:
                found = _pronoun_antecedent(c, cands[:i], events, mentions, text, lang, want, gender, sex)
            if found:
                c.speaker, c.kind = found[0], found[1]
        elif not c.speaker and (c.pro_drop or not c.fragment) and not c.extra.get("writer"):
            found = (
                _named_in_colon_frame(c, mentions, text, people, bodies)
                or dialogue_turn(c, cands[:i], text)
                or question_turn(c, cands[:i], text)
                or _subject_just_before(c, cands[:i], mentions, text, lang, sex)
                or _continuation(c, cands[:i], events, mentions, text)
                or _introduced_before(c, cands[:i], events, mentions, text, lang)
            )
            if found:
                c.speaker, c.kind = found
        elif not c.speaker and c.fragment and not c.extra.get("title") and echoed(c, cands[:i], text):
            c.speaker, c.kind = echoed(c, cands[:i], text)
        elif not c.speaker and c.fragment and not c.extra.get("title"):
            para_start, _ = _para_bounds(text, c.start)
            said = [e for e in events if para_start <= e.pos < c.start and e.kind == "person"]
            if said and text[: c.start].rstrip()[-1:] in "–—-:":
                # "…, berichtete Hryzenko. Die meisten hätten ihn verschlafen – „und genau darum ging es“."
                c.speaker, c.kind = said[-1].speaker, "person"
            elif c.extra.get("titled"):
                c.speaker, c.kind = c.extra["titled"], "person"
            elif same_sentence_speaker(c, cands[:i], text):
                c.speaker, c.kind = same_sentence_speaker(c, cands[:i], text)
            else:
                found = _speaker_as_subject(c, cands[:i], events, text, lang, sex)
                if found:
                    c.speaker, c.kind = found
    _resolve_epithets(cands, events, mentions, text, rules)  # an epithet handed on to a pronoun or a fragment


def _pronoun_antecedent(c: Candidate, earlier: list[Candidate], events: list[_Event], mentions: list[_Event], text: str,
                        lang: str, want: str, gender: str | None, sex) -> tuple[str, str, int] | None:
    """The one a singular pronoun stands for: the last speaker of its kind (and sex), or the person its paragraph
    (or the one before) brings in."""
    rules = rules_for(lang)
    found = _last_speaker(c.start, earlier, events, want, lang, gender, sex)
    anchor = _introduced_at(c, text)
    named_here = _last_mention_in_paragraph(anchor, mentions, text, gender) if want == "person" else None
    if named_here and (not found or found[2] < _para_bounds(text, anchor)[0]):
        found = named_here  # "La ministre …, Haruka Sato, a … Elle a déclaré : «…»"
    elif found and want == "person" and not named_here:
        found = _subject_of_paragraph_before(c, earlier, mentions, text, gender, sex, found[2]) or found
    if not found and gender:
        found = _last_of_gender(c, mentions, gender, text)  # "Anna Kowalska met Peter Brenner. ¶ … she said"
    if not found and gender:
        found = _last_speaker_of_gender(earlier, gender, sex)  # »…«, fügte sie hinzu: Reiter, not Vogel
    if not found and want == "person" and not rules.nouns_capitalised:
        # "Глава района Игорь Орлов приехал. ¶ — …, — сказал он.": the person the paragraph before named
        found = _last_of_gender(c, mentions, gender, text, sex)
    return found


_SENTENCE_GAP = re.compile(r"[.!?]\s+")


def _speaker_as_subject(c: Candidate, earlier: list[Candidate], events: list[_Event], text: str, lang: str,
                        sex) -> tuple[str, str] | None:
    """'…, sagt Gutierrez. Er rechnet mit »viel Bewegung« und kann sich vorstellen, dass »…« stattfinden': a phrase
    quoted in a sentence whose subject is 'he' or 'she' standing for the one who spoke just before (in the same
    paragraph or the one before) gives that speaker's words."""
    para_start, _ = _para_bounds(text, c.start)
    starts = [m.end() for m in _SENTENCE_GAP.finditer(text, para_start, c.start) if not _abbreviation(text, m.start())]
    sent_start = starts[-1] if starts else para_start
    first = text[sent_start : c.start].split()[:2]
    if not first or rules_for(lang).pronoun(first[0]) != "person" or _plural(first[0], lang):
        return None
    gender = PRONOUN_GENDER.get(first[0].lower())
    if rules_for(lang).she_or_they and first[0].lower() == rules_for(lang).she_or_they:
        gender = None if len(first) < 2 or first[1].endswith("n") else "female"
    prev_start = _para_bounds(text, para_start - len(PARA_SEP) - 1)[0] if para_start else para_start
    found = _last_speaker(sent_start, [q for q in earlier if q.start >= prev_start],
                          [e for e in events if e.pos >= prev_start], "person", lang, gender, sex)
    return (found[0], found[1]) if found and found[2] >= prev_start else None


def _reported_goes_on(cands: list[Candidate], events: list[_Event], masked: str,
                      sentences: list[tuple[int, int]], rules, people: Sequence[str]) -> None:
    """'…, erklärt Dietmar Wolff. Das sei hoch gefährlich, denn „in einer Zeit …“': a quote in a sentence the writer
    puts in the mood of reported speech gives the words of the one who spoke last in its paragraph."""
    for i, c in enumerate(cands):
        if c.speaker or c.extra.get("title") or c.extra.get("writer"):
            continue
        s, e = _sentence_of(sentences, c.start)
        if not rules.reports_speech(masked[s:e].replace("_", "")):
            continue
        para_start, _ = _para_bounds(masked, c.start)
        pool = [(q.start, q.speaker, q.kind) for q in cands[:i] if q.speaker and q.start >= para_start
                and q.kind in ("person", "thing", "role", "nominal") and not q.fragment]
        pool += [(ev.pos, ev.speaker, ev.kind) for ev in events if para_start <= ev.pos < c.start
                 and ev.kind == "person" and ev.speaker[:1].isupper() and rules.subject_check(ev.speaker) == "ok"
                 and (len(ev.speaker.split()) > 1 or ev.speaker in people)]  # not "Niemand", "an den Minister"
        if pool:
            _, c.speaker, c.kind = max(pool, key=lambda t: t[0])


def _resolve_epithets(cands: list[Candidate], events: list[_Event], mentions: list[_Event], text: str, rules) -> None:
    """Quotes and 'X said' sentences whose speaker is an epithet ("añadió el ariete") take the person it stands for."""
    for e in events:
        if rules.epithet(e.speaker):
            found = _epithet_antecedent(e.pos, [q for q in cands if q.start < e.pos], events, mentions, text)
            if found:
                e.speaker, e.kind = found, "person"
    for i, c in enumerate(cands):
        if c.speaker and rules.epithet(c.speaker):
            found = _epithet_antecedent(_introduced_at(c, text), cands[:i], events, mentions, text)
            if found:
                c.speaker, c.kind = found, "person"


def _epithet_antecedent(
    at: int, earlier: list[Candidate], events: list[_Event], mentions: list[_Event], text: str
) -> str | None:
    """'«…», relató Molero. ¶ «…», añadió el ariete': an epithet refers back to the person named or quoted last,
    in its paragraph or the two before it (a court report names the accused once, then says "le prévenu")."""
    start = _para_bounds(text, at)[0]
    for _ in range(2):
        if start:
            start = _para_bounds(text, start - len(PARA_SEP) - 1)[0]
    pool = [(q.start, q.speaker) for q in earlier if q.speaker and q.kind == "person" and q.start >= start]
    pool += [(e.pos, e.speaker) for e in events + mentions if e.kind == "person" and start <= e.pos < at]
    return max(pool)[1] if pool else None


def _named_before(c: Candidate, mentions: list[_Event], text: str) -> str | None:
    """'…, Amina El Idrissi, defendió … la diplomática marroquí explicó:' — a definite role pointing back to the
    one person its paragraph names."""
    if (c.speaker or "").split()[0].lower() not in DETERMINERS:
        return None
    anchor = _introduced_at(c, text)
    para_start, _ = _para_bounds(text, anchor)
    named = {m.speaker for m in mentions if para_start <= m.pos < anchor}
    return named.pop() if len(named) == 1 else None


def _introduced_at(c: Candidate, text: str) -> int:
    """Where the quote's introduction stands: the previous paragraph when it ends in a colon ("Ze zei …:")."""
    para_start, _ = _para_bounds(text, c.start)
    if para_start and not text[para_start : c.start].strip() and text[:para_start].rstrip().endswith((":", "：")):
        return para_start - len(PARA_SEP)
    return c.start


def _indefinite(phrase: str | None) -> bool:
    first = (phrase or "").split()[:1]
    return bool(first) and first[0].lower() in {"a", "an", "ein", "eine", "un", "une", "uno", "una", "um", "uma", "een"}


def _named_later(c: Candidate, events: list[_Event], text: str, lang: str, people: Sequence[str]) -> str | None:
    """'Putin’s spokesman … told Sky News' followed by 'Dmitry Peskov said' in the next paragraph."""
    _, para_end = _para_bounds(text, c.start)
    _, next_end = _para_bounds(text, min(len(text) - 1, para_end + len(PARA_SEP)))
    for ev in events:
        if c.start < ev.pos <= next_end and ev.kind == "person":
            name = person_name(ev.speaker, lang) or ev.speaker
            if name not in text[: c.start]:
                return ev.speaker
    return None



def _last_of_gender(
    c: Candidate, mentions: list[_Event], gender: str | None, text: str, sex=None
) -> tuple[str, str, int] | None:
    """The last person named before the quote in its paragraph (or the previous one, when the quote opens its
    paragraph), known by given name or title to be of that sex. Not further: a surname alone ("Doch Preetz
    entschied …") is no mention we can see, and a full name further back would take its place."""
    para_start, _ = _para_bounds(text, c.start)
    if para_start and (sex is not None or not text[para_start : c.start].strip(" \t\u00a0—–-")):
        para_start, _ = _para_bounds(text, para_start - len(PARA_SEP) - 1)  # 他说：“…” after a paragraph naming him
    pos = c.start
    if sex is None:
        near = [m for m in mentions if para_start <= m.pos < pos and name_gender(m.speaker) == gender]
    else:  # any sex the name does not contradict
        near = [m for m in mentions if para_start <= m.pos < pos and fits_gender(m.speaker, gender, sex)]
    return (near[-1].speaker, "person", near[-1].pos) if near else None


def _last_speaker(
    pos: int,
    earlier: list[Candidate],
    events: list[_Event],
    want: str,
    lang: str = "en",
    gender: str | None = None,
    sex=None,
) -> tuple[str, str, int] | None:
    """Most recent speaker of the wanted kind (and, for 'he' or 'she', not of the other sex) before pos, from quotes
    and from 'X said' sentences (in German a bare noun phrase is no antecedent for 'er': every noun there looks
    like a name)."""
    pool: list[tuple[int, str, str]] = [(c.start, c.speaker, c.kind) for c in earlier if c.speaker]
    pool += [(e.pos, e.speaker, e.kind) for e in events if e.pos < pos]
    pool.sort(key=lambda t: t[0])
    nominal = set() if rules_for(lang).nouns_capitalised else {"nominal"}  # in German every noun looks like a name
    kinds = {"thing"} if want == "thing" else {"person", "role"} | nominal
    for at, speaker, kind in reversed(pool):
        if kind in kinds:
            # the latest speaker is of the other sex: someone not quoted so far, looked for among names by the caller
            return (speaker, kind, at) if fits_gender(speaker, gender, sex) else None
    return None


def _last_speaker_of_gender(earlier: list[Candidate], gender: str, sex) -> tuple[str, str, int] | None:
    """The latest person quoted so far who is known to be of that sex, however far back."""
    for q in reversed(earlier):
        if q.speaker and q.kind == "person" and sex(q.speaker) == gender:
            return q.speaker, q.kind, q.start
    return None


PLURAL_PRONOUNS = {"they", "ils", "elles", "они", "вони", "oni", "zij", "ellos", "ellas", "loro", "eles", "elas"}


def _plural(pronoun: str | None, lang: str) -> bool:
    return (pronoun or "").strip().lower() in PLURAL_PRONOUNS


def _named_pair(c: Candidate, mentions: list[_Event], text: str) -> tuple[str, str, int] | None:
    """The last two people written together as 'X and Y' in the quote's paragraph or the one before it."""
    para_start, _ = _para_bounds(text, c.start)
    if para_start:
        para_start, _ = _para_bounds(text, para_start - len(PARA_SEP) - 1)
    near = [m for m in mentions if para_start <= m.pos < c.start]
    for first, second in reversed(list(zip(near, near[1:], strict=False))):
        between = text[first.pos + len(first.speaker) : second.pos]
        if re.fullmatch(r"\s*(?:and|und|et|y|e|en|i|и|і|a|та)\s+", between):
            return f"{first.speaker} and {second.speaker}", "person", first.pos
    return None


def _subject_of_paragraph_before(
    c: Candidate, earlier: list[Candidate], mentions: list[_Event], text: str, gender, sex, since: int
) -> tuple[str, str, int] | None:
    """'Fiona Parry issued a plea … ¶ “…,” she said': a paragraph that quotes nobody and opens a sentence with a
    person's name brings that person in; a pronoun opening the next paragraph's quote points to them, not back to
    the speaker quoted before."""
    para_start, _ = _para_bounds(text, c.start)
    if not para_start or text[para_start : c.start].strip(" \t\u00a0—–-"):
        return None
    prev_start, prev_end = _para_bounds(text, para_start - len(PARA_SEP) - 1)
    if prev_start <= since or any(prev_start <= q.start < prev_end and not q.fragment for q in earlier):
        return None
    opening = [m for m in mentions if prev_start <= m.pos < prev_end and fits_gender(m.speaker, gender, sex)
               and (m.pos == prev_start or _opens_sentence(text, m.pos))]
    return (opening[-1].speaker, "person", opening[-1].pos) if opening else None


def _opens_sentence(text: str, pos: int) -> bool:
    """A full stop and a space before pos end a sentence, unless the stop is an abbreviation's ("Sen. Sanders")."""
    gap = re.search(r"([.!?])\s+$", text[max(0, pos - 6) : pos])
    return bool(gap) and not (gap.group(1) == "." and _abbreviation(text, pos - len(gap.group(0))))


def _last_mention_in_paragraph(
    pos: int, mentions: list[_Event], text: str, gender: str | None = None
) -> tuple[str, str, int] | None:
    para_start, _ = _para_bounds(text, pos)
    here = [m for m in mentions if para_start <= m.pos < pos and fits_gender(m.speaker, gender)]
    return (here[-1].speaker, "person", here[-1].pos) if here else None


def _named_in_colon_frame(c: Candidate, mentions: list[_Event], text: str, people: Sequence[str],
                          bodies: Sequence[str] = ()) -> tuple[str, str] | None:
    """"Verhandlungsführer Paul Schmidt verteidigte den Ausstand: „…“": a sentence that names one person (one the
    recogniser found) and ends in a colon introduces that person's words, whatever its verb; one that names no
    person but one organisation ("In der Zeitung Z heißt es dazu:") introduces the organisation's."""
    head = text[: c.start].rstrip()
    if not head.endswith((":", "：")) or not (people or bodies):
        return None
    start = max(head.rfind(end, 0, len(head) - 1) for end in (". ", "! ", "? ", "\n", "。"))
    named = {m.speaker for m in mentions if start < m.pos < len(head) and m.speaker in people}
    if named:
        return (named.pop(), "person") if len(named) == 1 else None
    frame = head[start + 1 :]
    found = {b for b in bodies if re.search(rf"(?<!\w){re.escape(b)}(?!\w)", frame)}
    found = {b for b in found if not any(b != other and b in other for other in found)}
    return (found.pop(), "thing") if len(found) == 1 else None


def _subject_just_before(c: Candidate, earlier: list[Candidate], mentions: list[_Event], text: str, lang: str,
                         sex) -> tuple[str, str] | None:
    """'Phillip Brändle, der die junge AbL vertrat, zeigte sich optimistisch, dass … . „Wenn …“': a quote with no
    attribution of its own, right after a sentence of its paragraph whose subject is a person (named at its start,
    or a pronoun for the last person of that sex named before it), is that person's."""
    para_start, _ = _para_bounds(text, c.start)
    head = text[para_start : c.start].rstrip()
    if not head.endswith((".", "!", "?", ":")) or any(para_start <= q.start < c.start for q in earlier):
        return None
    starts = [m.end() + para_start for m in re.finditer(r"[.!?]\s+(?=[^\W\d_])", head[:-1])
              if not _abbreviation(text, para_start + m.start())]  # not "in der 2. Liga"
    sent_start = starts[-1] if starts else para_start
    opening = re.match(r"(?:\S+\s+){0,2}\S+,\s", text[sent_start : c.start])  # "La ministra, María José Ortega,"
    named = [m for m in mentions if m.pos == sent_start or opening and m.pos == sent_start + opening.end()]
    if named:
        return named[0].speaker, "person"
    first = text[sent_start : sent_start + 12].split()[:2]
    if first and first[0].lower() in DETERMINERS and first[0][:1].isupper():
        # "Die Ministerin zeigte sich offen für die Forderung: „…“": an office, for the speakers' resolution (not
        # "Das Wichtigste gegen den Alkohol ist … geschehen.")
        np = clean_np(text[sent_start : c.start], lang)
        kind = speaker_kind(np, lang, ()) if np and len(np.split()) == 2 else ""
        return (np, kind) if kind in ("role", "thing") else None
    if not first or not is_pronoun(first[0], lang) or rules_for(lang).pronoun(first[0]) != "person":
        return None
    gender = PRONOUN_GENDER.get(first[0].lower())
    if rules_for(lang).she_or_they and first[0].lower() == rules_for(lang).she_or_they:
        gender = None if len(first) < 2 or first[1].endswith("n") else "female"  # "Sie setzt sich": she
    if not gender:
        return None
    before = [m for m in mentions if para_start <= m.pos < sent_start and fits_gender(m.speaker, gender, sex)]
    return (before[-1].speaker, "person") if before else None


CONTINUATION_REACH = 1500  # characters: a page kept as one long paragraph does not hand its first speaker on forever


def _continuation(
    c: Candidate, earlier: list[Candidate], events: list[_Event], mentions: list[_Event], text: str
) -> tuple[str, str] | None:
    """A quote with no attribution of its own continues the speaker of the same or the previous paragraph."""
    para_start, _ = _para_bounds(text, c.start)
    prev_start, _ = _para_bounds(text, max(0, para_start - len(PARA_SEP) - 1))
    window_start = prev_start if para_start else para_start
    pool = [(q.start, q.speaker, q.kind) for q in earlier if q.speaker and not q.fragment and q.start >= window_start]
    pool += [(q.start, None, "") for q in earlier if q.extra.get("writer") and q.start >= window_start]
    reach = max(para_start, c.start - CONTINUATION_REACH)
    pool += [(e.pos, e.speaker, e.kind) for e in events if reach <= e.pos < c.start]
    if c.pro_drop and text[c.start - 1 : c.start] != "\n" and _topic_drops(text, c.start):
        # "李文軍団長は…示した。ただ…、「…」と強調した": the topic of the paragraph is who speaks on
        pool += [(m.pos, m.speaker, "person") for m in mentions if para_start <= m.pos < c.start]
    if not pool and c.pro_drop:
        # "…”, añadió.": a dropped subject is the one who spoke last or the one its paragraph names, not someone
        # named in passing in a paragraph between ("… el teniente coronel Raúl Quispe, quien está detenido.")
        pool = [(q.start, q.speaker, q.kind) for q in earlier if q.speaker and not q.kind.startswith("pronoun")]
        pool += [(e.pos, e.speaker, e.kind) for e in events if e.pos < c.start]
        pool += [(e.pos, e.speaker, e.kind) for e in mentions if para_start <= e.pos < c.start]
        pool = pool or [(e.pos, e.speaker, e.kind) for e in mentions if e.pos < c.start]
    if not pool:
        return None
    pool.sort(key=lambda t: t[0])
    return (pool[-1][1], pool[-1][2]) if pool[-1][1] else None  # after "Ich: „…“" the writer goes on


def _topic_drops(text: str, at: int) -> bool:
    """Japanese and Chinese leave out a subject that the sentence before set as topic."""
    return bool(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text[max(0, at - 20) : at]))


JA_AS_FOLLOWS = re.compile(r"(?:次のように|こう)(?:語|述べ|話し|説明し)")


def _introduced_before(
    c: Candidate, earlier: list[Candidate], events: list[_Event], mentions: list[_Event], text: str, lang: str
) -> tuple[str, str] | None:
    """A quote opening its paragraph after a paragraph that introduces someone ("… адвокат Ирина Лапина …
    После заседания она объяснила …", "se dirigió a los socios:"): the person named there is the speaker.
    When that paragraph only says 'said as follows' (次のように語った), the one before names the speaker."""
    para_start, _ = _para_bounds(text, c.start)
    if not para_start or text[para_start : c.start].strip():
        return None
    prev_start, prev_end = _para_bounds(text, para_start - len(PARA_SEP) - 1)
    if any(prev_start <= q.start < prev_end and not q.fragment for q in earlier):
        return None  # the previous paragraph quotes someone: _continuation already had its chance
    here = [m for m in mentions if prev_start <= m.pos < prev_end]
    if here:
        return here[-1].speaker, "person"
    said = verb_pattern(lang).search(text, prev_start, prev_end) or JA_AS_FOLLOWS.search(text, prev_start, prev_end)
    if not said or not prev_start:
        return None
    before_start, _ = _para_bounds(text, prev_start - len(PARA_SEP) - 1)
    pool = [(q.start, q.speaker, q.kind) for q in earlier if q.speaker and q.start >= before_start and not q.fragment]
    pool += [(e.pos, e.speaker, e.kind) for e in events + mentions if before_start <= e.pos < prev_start]
    pool = [p for p in pool if not p[2].startswith("pronoun")]
    return max(pool)[1:] if pool else None


# ---------------------------------------------------------------- output


def _normalise(speaker: str | None, kind: str, lang: str, names, text: str = "") -> str | None:
    rules = rules_for(lang)
    named = _named_institution(speaker.strip(" ,;:"), text) if speaker and kind in ("thing", "nominal") else None
    if named and not rules.caseless:
        speaker, kind = named, "thing"
    name = _normalised(speaker, kind, lang, names)
    return None if name and rules.subject_check(name) != "ok" else name


def _normalised(speaker: str | None, kind: str, lang: str, names) -> str | None:
    if not speaker or kind.startswith("pronoun"):
        return None
    speaker = speaker.strip(" ,;:")
    rules = rules_for(lang)
    pair = re.split(r"\s+(?:and|und|et|y|e|en|i|и|і|a)\s+", speaker)
    if kind == "person" and len(pair) == 2 and all(p[:1].isupper() for p in pair):
        # "Varga and Hale said": both speakers, each by the fullest name the article uses
        return " and ".join(_normalised(p, "person", lang, names) or p for p in pair)
    if kind == "person":
        known = [n for n in names if (len(n.split()) > 1 or rules.no_spaces and len(n) > 2) and n in speaker]
        name = max(known, key=len) if known else person_name(speaker, lang) or speaker
        return _drop_office(fullest_name(name, names, lang), lang)
    if kind in ("role", "nominal"):
        inside = _name_inside(speaker, lang, names)
        if inside:
            return _drop_office(fullest_name(inside, names, lang), lang)  # "Der Hausarzt Peter Schwab aus Hamborn" → "Peter Schwab"
    toks = speaker.split()
    if kind == "thing" and rules.strip_article_from_institution and len(toks) > 1 and toks[0].lower() in DETERMINERS:
        if toks[1][:1].isupper() and all(t[:1].isupper() or t.lower() in NAME_PARTICLES for t in toks[1:]):
            return " ".join(toks[1:])  # "die Deutsche Bahn" → "Deutsche Bahn"
    return speaker


def _named_institution(speaker: str, text: str) -> str | None:
    """'the agency said' in an article that names the Environment Agency (and no other agency): the institution
    by its name. Only a determiner and one lowercase noun, and only when exactly one name ends (or starts) in it."""
    toks = speaker.split()
    if len(toks) != 2 or toks[0].lower() not in DETERMINERS or not toks[1].isalpha() or not toks[1].islower():
        return None
    head = re.escape(toks[1].capitalize())
    found = {
        re.sub(r"^(?:The|Der|Die|Das|La|Le|El|Il|De|Het)\s+", "", m.group(0).strip())
        for m in re.finditer(
            rf"(?<![\w-])(?:[A-Z][\w&’'.-]*\s+){{0,4}}{head}(?![\w-])"
            rf"(?:\s+(?:of|for|de|du|des|del|di|van|für)\s+(?:the\s+)?[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*){{0,3}})?",
            text,
        )
    }
    found = {f.strip() for f in found if len(f.split()) > 1}
    return found.pop() if len(found) == 1 else None


def _name_inside(phrase: str, lang: str, names) -> str | None:
    """The person's name inside an office-and-name phrase: a known name, or the name after a CJK office."""
    rules = rules_for(lang)
    known = [
        n for n in names
        if n != phrase and n in phrase and (len(n.split()) > 1 or rules.caseless and len(n) > 1)
        and not re.search(re.escape(n) + r"[’']", phrase)  # "Donald Trump’s son" is not Donald Trump
    ]
    if known:
        return _drop_office(max(known, key=lambda n: (names[n], len(n))), lang)
    if rules.caseless:
        name = person_name(phrase, lang)
        if name and name != phrase and ("·" in name or rules.no_spaces and len(name) >= 2 and name in names):
            return name  # 西班牙生态转型大臣玛丽亚·何塞·奥尔特加 → 玛丽亚·何塞·奥尔特加
    return None


def _drop_office(name: str, lang: str) -> str:
    """'Hausarzt Peter Schwab', 'Синоптикиня Наталія Диденко': German and Slavic offices are capitalised too."""
    toks = name.split()
    if len(toks) >= 3 and _office_word(toks[0]):
        return " ".join(toks[1:])
    return name


def _office_word(tok: str) -> bool:
    low = tok.lower()
    return low in PERSON_ROLES or low in TITLES or low.endswith(_OFFICE_AFFIXES) or low.startswith(_OFFICE_AFFIXES)


OFFICE_STEMS = {
    "arzt", "ärztin", "kämmerin", "kämmerer", "kurator", "synoptik", "синоптик", "trainer", "anwalt", "anwältin",
    "пасажир", "пассажир", "passagier", "pasażer",
}
_OFFICE_AFFIXES = tuple(sorted(r for r in PERSON_ROLES | OFFICE_STEMS if len(r) >= 4))  # one startswith each


def _to_quote(c: Candidate, text: str, lang: str, names) -> Quote:
    parts = list(c.parts)
    s, e = parts[-1]
    kept = _without_carrier_punctuation(text[s:e])
    if kept:
        parts[-1] = (s, s + len(kept))  # "“…,” she said": the comma is the carrying sentence's, not the speaker's
    pieces = [_clean_inner(text[s:e]) for s, e in parts]
    for k in range(1, len(parts)):
        between = text[parts[k - 1][1] : parts[k][0]]
        if re.search(r"[\w—–]\s*\.\s*[—–]?\s*$", between) and pieces[k - 1] and pieces[k - 1][-1] not in ".!?…":
            # "—No habrá cortes —dijo X—. Pero …", "…, a-t-elle souligné. Il …", "…, — заявила она. — Когда …":
            # the full stop after the incise ends the speaker's sentence (and takes the place of its comma)
            pieces[k - 1] = pieces[k - 1].rstrip(",") + "."
    body = " ".join(p for p in pieces if p)
    return Quote(
        text=body,
        speaker=_normalise(c.speaker, c.kind, lang, names, text),
        fragment=c.fragment,
        start=parts[0][0],
        end=parts[-1][1],
    )


# punctuation before the closing mark that belongs to the sentence around the quote: "“…,” she said", "“…;” and"
CARRIER_PUNCTUATION = ",;，；、"


def _without_carrier_punctuation(inner: str) -> str:
    """The quote's last part up to its end as the speaker's words: a trailing comma or semicolon (with the space
    around it) goes; '?', '!', '…' and a full stop stay, because they end the statement itself."""
    kept = inner.rstrip()
    while kept[-1:] and kept[-1] in CARRIER_PUNCTUATION:
        kept = kept[:-1].rstrip()
    return kept


def _clean_inner(inner: str) -> str:
    """Drop the opening mark a multi-paragraph quote repeats at each paragraph start."""
    return re.sub(r"\n\n\s*[" + re.escape("".join(PAIRS)) + r"]", "\n\n", inner).strip()


__all__ = ["extract_quotes"]
