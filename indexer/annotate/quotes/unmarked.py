"""German direct speech written without quotation marks, and quotes whose closing mark never comes.

German papers (old ones above all) set speech after a colon frame ("Da rief der Professor: Gebt euch …!"), around
a short inverted frame ("Nein, antwortete derselbe, …") or before a naming sentence ("… war der Ruf"), with no marks
at all. The words count as someone's only when they sound spoken: first or second person, a question, an
exclamation; never the subjunctive of reported speech. Tuned on German only: the words that tell such speech
come from the language's rules (`Language.unmarked`, set in lang/de.py).
"""

from __future__ import annotations

import re

from indexer.annotate.quotes.attribution import SUBORDINATORS, verb_pattern
from indexer.annotate.quotes.candidate import Candidate, strip_span
from indexer.annotate.quotes.dialogue import TURN_DASHES
from indexer.annotate.quotes.lang import UnmarkedSpeech, rules_for
from indexer.annotate.quotes.marks import PAIRS_CHARS, PARA_SEP, QUOTE_CHARS, QuoteSpan

UNMARKED_MIN_WORDS = 3


def unmarked_after_colon(masked: str, sentences: list[tuple[int, int]], lang: str) -> list[Candidate]:
    """'Da rief die Lehrerin den Schülern zu: Macht euch keine falschen Hoffnungen!' — the sentence after a colon
    whose clause has a verb of saying is the speaker's own words, quotation marks or not; so is 'Jawohl, Herr Pfarrer,
    erwiderte der Knecht', words set before an inverted verb of saying."""
    found: list[Candidate] = []
    verbs = verb_pattern(lang)
    unmarked = rules_for(lang).unmarked
    if unmarked is None:
        return found
    for k, (s, e) in enumerate(sentences):
        sent = masked[s:e]
        colon = sent.rfind(":")
        said = colon >= 0 and (
            verbs.search(sent[:colon]) and len(sent[:colon].split()) <= 30 or unmarked.speech_nouns.search(sent[:colon])
        )  # "… erwiderte die Herzogin:", "…, der Ruf: Landgraf, werde hart!"
        cand = _said_around_frame(masked, s, e, lang, unmarked) or _named_after(masked, sentences, k, unmarked)
        if cand:
            found.append(cand)
        if not said or "_" in sent[:colon]:
            continue
        nxt = k + 1
        if not sent[colon + 1 :].strip() and k + 1 < len(sentences):
            s2, e2 = sentences[k + 1]  # the colon ends its line: the words said stand on the next one
            nxt = k + 2
            if masked[e:s2].count("\n") > 1:
                continue
        else:
            s2, e2 = s + colon + 1, e
        start, end = strip_span(masked, s2, e2)
        if not _reads_as_said(masked[start:end], unmarked, short_ok=bool(unmarked.speech_nouns.search(sent[:colon]))):
            continue
        end = _speech_goes_on(masked, sentences, nxt, end, unmarked)
        found.append(Candidate(start, end, [(start, end)], extra={"unmarked": True, "colon": True}))
    return found


def unclosed_goes_on(text: str, span: QuoteSpan, unmarked: UnmarkedSpeech) -> QuoteSpan:
    """A quote whose closing mark never comes stops at its line end; it runs on over the next lines of its
    paragraph while they still sound spoken ('„Meine Sache ist es … ⏎ Dieser Baum steht mir im Wege …')."""
    if span.closed or span.paragraphs > 1:
        return span
    end = span.inner_end
    para_end = text.find(PARA_SEP, end)
    para_end = len(text) if para_end < 0 else para_end
    pos = end
    while pos < para_end:
        stop = pos  # one sentence: lines up to one that ends in sentence punctuation
        while True:
            nl = text.find("\n", stop + 1, para_end)
            stop = para_end if nl < 0 else nl
            if text[:stop].rstrip()[-1:] in ".!?…:" or stop == para_end:
                break
        piece = text[pos:stop].strip()
        if not piece or piece.startswith(TURN_DASHES) or unmarked.indirect.search(piece):
            break  # "— Wird man gewiß nicht!": a dash opens someone else's turn (here the writer's retort)
        if any(ch in PAIRS_CHARS.replace(" ", "") for ch in piece):
            break
        if not (unmarked.speaking_voice.search(piece) or unmarked.second_person.search(piece) or piece[-1:] in "!?"):
            break
        end, pos = stop, stop
    if end == span.inner_end:
        return span
    end = strip_span(text, span.inner_start, end)[1]
    return QuoteSpan(span.start, end, span.inner_start, end, span.opener, False, 1)





def _named_after(masked: str, sentences: list[tuple[int, int]], k: int, unmarked: UnmarkedSpeech) -> Candidate | None:
    """'Halt, halt! ⏎ war die Warnung, die ihnen der Wächter nachrief.' / '… so geht es nicht weiter! Das ist der
    Ruf, den …': an exclamation or question that the next sentence calls a call, a warning or a language."""
    if k + 1 >= len(sentences):
        return None
    start, end = strip_span(masked, *sentences[k])
    said = masked[start:end]
    nxt_start, nxt_end = strip_span(masked, *sentences[k + 1])
    if masked[end:nxt_start].count("\n") > 1 or said[-1:] not in "!?" or "_" in said or len(said.split()) < 2:
        return None
    if not said[:1].isupper() or not unmarked.named_after.search(masked[nxt_start:nxt_end]):
        return None
    return Candidate(start, end, [(start, end)], extra={"unmarked": True})


def _reads_as_said(said: str, unmarked: UnmarkedSpeech, short_ok: bool = False) -> bool:
    """Words after a speech colon that a reader takes for the speaker's own: the speaking voice (first or second
    person, a question, an exclamation), not a listing, the writer's sentence going on, or reported speech."""
    words_said = said.split()
    if not words_said or "_" in said or ":" in said:
        return False
    asks = said.rstrip()[-1:] in "!?"
    if len(words_said) < UNMARKED_MIN_WORDS and not (short_ok and asks):
        return False  # "Rufe: Wer?" — a one-word call only after a noun for calling
    voice = bool(unmarked.speaking_voice.search(said))
    if not said[0].isupper() and not (voice and said[0].isalpha()):
        return False  # "1) Die Kammern …", "so wurde …"; but "sagen mußten: er gefällt uns nicht."
    if words_said[0].lower() in SUBORDINATORS and not asks:
        return False  # "daß …": the writer's sentence going on; "Wie kann …?" is a question asked
    if unmarked.indirect.search(said):
        return False  # "Wolken seyen allerdings dagewesen": the subjunctive reports, it does not quote
    return voice or asks  # "Die Polizei teilte mit: Der Verdächtige wurde festgenommen." is the writer's report


def _speech_goes_on(masked: str, sentences: list[tuple[int, int]], k: int, end: int, unmarked: UnmarkedSpeech) -> int:
    """Unmarked speech runs on over the sentences right after it while they still sound spoken (addressing
    someone, exclaiming): 'Macht euch keine falschen Hoffnungen! Schwere Zeiten kommen auf euch zu …'."""
    while k < len(sentences):
        s, e = sentences[k]
        if masked[end:s].count("\n") > 1:
            break
        start, stop = strip_span(masked, s, e)
        piece = masked[start:stop]
        if not piece or "_" in piece or unmarked.indirect.search(piece):
            break
        if not (unmarked.second_person.search(piece) or piece.rstrip()[-1:] in "!?:"):
            break  # not "wir", "ich": the writer's own voice takes over again ("Wir haben oben …")
        end = stop
        k += 1
    return end


FRAME_MAX_WORDS = 12



def _said_around_frame(masked: str, s: int, e: int, lang: str, unmarked: UnmarkedSpeech) -> Candidate | None:
    """'Jawohl, Herr Pfarrer, erwiderte der Knecht, und …' / 'Hat denn die Stadt, wird sich mancher Leser wohl
    fragen, aus dem letzten Winter nichts gelernt?': words around a short clause set off by commas that holds a verb
    of saying are quoted — only when they sound spoken, so 'Gestern, sagte er, sei …' stays the writer's report."""
    start, end = strip_span(masked, s, e)
    sent = masked[start:end]
    if "_" in sent or not sent[:1].isupper():
        return None
    commas = [m.start() for m in re.finditer(",", sent)]
    for k, c in enumerate(commas):
        frame_end = commas[k + 1] if k + 1 < len(commas) else len(sent)
        frame = sent[c + 1 : frame_end]
        toks = [t.strip(".!?;") for t in frame.split()]
        if not toks or len(toks) > FRAME_MAX_WORDS:
            continue
        verbs = verb_pattern(lang)
        inverted = bool(verbs.fullmatch(toks[0]))  # ", antwortete derselbe,"
        modal = bool(unmarked.finite_aux & set(toks[:2])) and bool(  # "mag sich … fragen", "man kann sagen"
            verbs.fullmatch(toks[-1]) or unmarked.speech_infinitives.fullmatch(toks[-1])
        )
        if not (inverted or modal) or {t.lower() for t in toks} & unmarked.writer:
            continue  # the finite verb comes early in a frame (late in a subordinate clause: ", obwohl das … schreit");
            # ", muss ich sagen,", ", sagen wir mal,": the writer hedging in their own words, nobody else quoted
        head = sent[:c].rstrip()
        tail = sent[frame_end + 1 :].strip() if frame_end < len(sent) else ""
        if tail.lower().startswith(unmarked.goes_on) or frame.rstrip()[-1:] in ".!?":
            tail = ""  # "…, antwortete derselbe, und Friedrich sagte": the writer's sentence goes on
        said = f"{head} {tail}".strip()
        if any(ch in said for ch in QUOTE_CHARS):
            return None  # 'Weiter gehe ich heute nicht", sagte sie': a stray mark, not words without marks
        if len(head.split()) < 2 and not unmarked.answer.search(head) or unmarked.indirect.search(said):
            return None
        if not (unmarked.answer.search(head) or unmarked.address.search(said) or said.rstrip()[-1:] in "!?"):
            return None  # not "wir", "unser": the writer's own editorial voice
        parts = [(start, start + len(head))]
        if tail:
            tail_start = start + frame_end + 1 + (len(sent[frame_end + 1 :]) - len(sent[frame_end + 1 :].lstrip()))
            parts.append((tail_start, end))
        cand = Candidate(parts[0][0], parts[-1][1], parts, extra={"unmarked": True})
        if tail:
            cand.extra["gap"] = (start + c + 1, start + frame_end)
        return cand
    return None





__all__ = ["unclosed_goes_on", "unmarked_after_colon"]
