"""natasha's Russian and Ukrainian tagger: its spans, fixed where they run an organisation on into its verb, and the
places and organisations it misses."""

from __future__ import annotations

import re
from functools import lru_cache

from indexer.annotate.entities.core import Mention, paragraph_offsets
from indexer.annotate.entities.gazetteer import PERSON_TITLES, is_demonym, org_for, place_for
from indexer.annotate.entities.lang import rules_for
from indexer.annotate.entities.lang.slavic import (
    country_after,
    descriptor_start,
    extend_org_end,
    merge_phrase_orgs,
    split_bracketed_acronym,
)
from indexer.annotate.entities.run_types import (
    _ABBREVIATIONS,
    _at_sentence_start,
    _common_slavic_word,
    _lemma_name,
    _part_of_speech,
    _top_tag,
)
from indexer.text.names import _morph, readings


@lru_cache(maxsize=1)
def _natasha():
    """natasha's Russian and Ukrainian tagger with its embedding, kept in the tables cache under the versions of the
    packages it comes from: loading it took 0.57 s of a one-page ingest (reading navec's archive and computing
    similarity tables the tagger never reads). Its vocabulary of 250,000 words is kept as one string: unpickled as
    250,000 strings and a dict of them it took 0.12 s, split and indexed again 0.07 s."""
    from importlib.metadata import PackageNotFoundError, version

    from indexer.text.cache import stored_table

    try:
        installed = [f"{name}={version(name)}" for name in ("natasha", "slovnet", "navec")]
    except PackageNotFoundError:
        return None
    tagger, words = stored_table("natasha-ner", [*installed, "vocabulary as one string"], _load_natasha)
    vocab = tagger.infer.encoder.words_vocab
    if words is not None:
        vocab.items = words.split(_VOCABULARY_SEPARATOR)
        vocab.item_ids = dict(zip(vocab.items, range(len(vocab.items)), strict=True))
    return tagger


_VOCABULARY_SEPARATOR = "\0"


def _load_natasha():
    """(the tagger with an empty vocabulary, its words joined by NUL), or (the tagger, None) when a word holds a
    NUL."""
    from natasha import NewsEmbedding, NewsNERTagger

    tagger = NewsNERTagger(NewsEmbedding())
    vocab = tagger.infer.encoder.words_vocab
    if any(_VOCABULARY_SEPARATOR in w for w in vocab.items) or dict(
            zip(vocab.items, range(len(vocab.items)), strict=True)) != vocab.item_ids:
        return tagger, None
    words = _VOCABULARY_SEPARATOR.join(vocab.items)
    vocab.items, vocab.item_ids = [], {}
    return tagger, words


def _natasha_spans(tagger, text: str) -> list[tuple]:
    """(span, its tokens) for each name the tagger finds: what natasha's Doc.segment and Doc.tag_ner give, with the
    text split into tokens once (they split it three times: tokens, sentences nobody here reads, and the tagger's
    own tokens), a third of the tagger's time."""
    from natasha.span import envelop_spans
    from razdel import tokenize
    from slovnet.markup import BIOMarkup

    if not text.strip():
        return []
    tokens = list(tokenize(text))
    words = [t.text for t in tokens]
    infer = tagger.infer  # slovnet's NERInfer.__call__, given the words
    transitions = infer.model.head.crf.transitions.array
    tags = next(infer.decoder(ids for batch in infer.encoder([words]) for ids in _crf_decode(
        infer.model(batch.word_id, batch.shape_id, batch.pad_mask), ~batch.pad_mask, transitions)))
    spans = BIOMarkup.from_tuples(zip(words, tags, strict=True)).to_span(text).spans
    return list(zip(spans, envelop_spans(tokens, spans), strict=True))


def _crf_decode(emissions, mask, transitions) -> list:
    """The tagger's best tag ids per sequence (Viterbi over its CRF): slovnet's CRF.decode with the same sums in the
    same order, so the same tags, in five array operations a token instead of nine (its decoding was half of the
    tagger's time on a news page)."""
    import numpy as np

    batch_size, seq_len, _ = emissions.shape
    steps = emissions.swapaxes(1, 0)
    keep = mask.swapaxes(1, 0)[:, :, None]
    score = steps[0]
    history = []
    for i in range(1, seq_len):
        step = score[:, :, None] + transitions + steps[i][:, None, :]  # batch x previous tag x tag
        history.append(step.argmax(-2))
        score = np.where(keep[i], step.max(-2), score)
    sizes = mask.sum(1) - 1
    decoded = []
    for b in range(batch_size):
        tag = score[b].argmax()
        tags = [tag]
        for best in reversed(history[: sizes[b]]):
            tag = best[b][tag]
            tags.append(tag)
        tags.reverse()
        decoded.append(np.array(tags))
    return decoded


_NATASHA_TYPES = {"PER": "person", "LOC": "place", "ORG": "organization"}


def _natasha_mentions(paragraphs: list[str], language: str, weak_first: bool) -> list[Mention] | None:
    tagger = _natasha()
    if tagger is None:
        return None
    text = "\n\n".join(paragraphs)
    title_end = len(paragraphs[0]) if weak_first and paragraphs else -1
    mentions: list[Mention] = []
    covered: set[int] = set()
    for span, span_tokens in _natasha_spans(tagger, text):  # one call: per-paragraph calls are ~20x slower
        kind = _NATASHA_TYPES.get(span.type)
        toks = [t for t in span_tokens if t.text not in "()«»\"„“”"]
        if not kind or not toks or (len(toks) == 1 and _common_slavic_word(toks[0].text, language) and (
            kind == "person" or not (place_for(toks[0].text, language) or org_for(toks[0].text))
        )) or (kind == "person" and len(toks) == 1 and _sentence_initial_noun(toks[0].text, text, toks[0].start,
                                                                              language)):
            continue
        covered.update(range(span.start, span.stop))
        mentions.extend(_fix_natasha_span(toks, text, kind, language, span.start < title_end))
    for pi, (base, para) in enumerate(paragraph_offsets(paragraphs)):
        shifted = {i - base for i in covered if base <= i < base + len(para)}
        mentions.extend(_slavic_gazetteer_mentions(para, language, base, shifted, weak_first and pi == 0))
    if rules_for(language).tagger_spans:
        return merge_phrase_orgs(mentions, paragraphs, language, lambda surface, start, kind="organization",
                                 canonical=None: Mention(surface, kind, start, canonical,
                                                         weak=weak_first and start < len(paragraphs[0])))
    return mentions


_SEA = re.compile(r"\b[А-ЯІЇЄҐ][а-яіїєґ'’]+\s+мор(?:е|і|я|ем|ю|ях)\b")
_REGION = re.compile(  # "Донецької області", "Волинської та Львівської областей"
    r"\b([А-ЯІЇЄҐ][а-яіїєґ'’]+(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]*)"
    r"(?:\s+(?:та|і|й)\s+[А-ЯІЇЄҐ][а-яіїєґ'’]+(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]*)?\s+(област[а-яіїєґ]*|обл\.|район[а-яіїєґ]*|"
    r"кра[йяюе][а-яіїєґ]*)"
)
_LEGAL_FORMS = ("ПрАТ", "ТзОВ", "LLC")  # (the legal forms in capitals, "ТОВ", "ООО", are short acronyms too)
# A legal form or any short acronym, optionally a kind ("Виробнича компанія"), then the quoted name: "ТОВ «Пакт-3»",
# "ДТГО «Південно-Західна залізниця»", "ТОВ Виробнича компанія «Промтехбуд»".
_QUOTED_ORG = re.compile(r"\b(?:" + "|".join(_LEGAL_FORMS) + r"|(?!США|РФ|ЄС|ООН|НАТО|СРСР|СССР|УРСР)[А-ЯІЇЄҐ]{2,6})(?:\s+[А-ЯІЇЄҐ][а-яіїєґ'’]+\s+[а-яіїєґ'’]+)?"
                         r"\s*[«\"„“]\s*[^»\"“”\n]{1,90}?\s*[»\"“”]")
_CYR_WORD = re.compile(r"[А-ЯІЇЄҐЁ][а-яіїєґё'’\-]+")


def _slavic_gazetteer_mentions(para: str, language: str, base: int, covered: set[int],
                               weak: bool) -> list[Mention]:
    """Places the tagger missed: gazetteer cities/countries in any case form, and "<adjective> oblast"."""
    out = []
    for m in _REGION.finditer(para):
        covered.update(range(m.start(), m.end()))
        out.append(Mention(m.group(0), "place", base + m.start(), None, weak=weak))
    for m in _CYR_WORD.finditer(para):
        if any(i in covered for i in range(m.start(), m.end())) or _at_sentence_start(para, m.start()):
            continue
        place = place_for(m.group(0), language)
        if place and place.population >= 50_000 and not _common_slavic_word(m.group(0), language):
            out.append(Mention(m.group(0), "place", base + m.start(), place.name, weak=weak))
    return out


def _cut_at_verb(words: list[str], language: str) -> list[str]:
    """The tagger sometimes runs an organisation on into its predicate ("Служба безпеки України розпочала")."""
    if _morph(language) is None:
        return words
    for i, w in enumerate(words[1:], start=1):
        if w[:1].islower() and _part_of_speech(w, language) in ("VERB", "INFN", "GRND", "PRTF", "PRTS", "ADVB"):
            return words[:i]
        if w[:1].islower() and _part_of_speech(w, language) != "NOUN" and any(
                tag.startswith("VERB") for _l, tag in readings(w, language)):
            return words[:i]  # "в Харкові зросла": Ukrainian lists the past tense's participle reading first
    return words


def _sentence_initial_noun(word: str, text: str, start: int, language: str) -> bool:
    """"Роман Хабибуллиной рассказывает…": a lone word opening a sentence whose likeliest reading is a common noun
    (the novel), though it can also be a given name, is that noun."""
    morph = _morph(language)
    opening = text[:start].rstrip(" «\"„“(—–-").endswith("\n") or not text[:start].strip()
    if morph is None or not (opening or _at_sentence_start(text, start)):
        return False
    top = _top_tag(word, language)
    return "NOUN" in top and not any(t in top for t in ("Name", "Surn", "Patr", "Geox", "Orgn", "anim"))


def _fix_natasha_span(toks: list, text: str, kind: str, language: str, weak: bool) -> list[Mention]:
    """Strip titles, cut organisations that run on into their verb, and look the result up in the gazetteers."""
    out = []
    while toks and (toks[0].text.casefold() in PERSON_TITLES or is_demonym(toks[0].text)):
        toks = toks[1:]
    toks = toks[: len(_cut_at_verb([t.text for t in toks], language))]
    if not toks or (len(toks) == 1 and toks[0].text.casefold() in _ABBREVIATIONS):
        return out  # "СМИ", "ЗМІ", "НДС": common abbreviations, not names
    surface = text[toks[0].start : toks[-1].stop]
    if kind == "organization" and split_bracketed_acronym(surface):
        name, acronym = split_bracketed_acronym(surface)  # "Федеральной службы по тарифам (ФСТ"
        out.append(Mention(acronym, kind, toks[-1].start + 1, weak=weak, lemma="@acronym-of:" + name))
        toks, surface = [t for t in toks if t.stop <= toks[0].start + len(name)], name
    if kind == "organization" and len(toks) <= 3 and country_after(text, toks[-1].stop, language):
        surface = text[toks[0].start : country_after(text, toks[-1].stop, language)]  # "МИД России"
    elif kind == "organization":
        surface = text[toks[0].start : extend_org_end(text, toks[0].start, toks[-1].stop, language)]
    canonical = None
    if kind in ("place", "organization"):
        org = org_for(surface) or org_for(_lemma_name(surface, "organization", language))
        place = place_for(surface, language)
        if org:
            kind, canonical = "organization", org
        elif place and kind == "place":
            canonical = place.name
    out.append(Mention(surface, kind, toks[0].start + 1, canonical, weak=weak))
    described = descriptor_start(text, toks[0].start, language, kind) if kind != "person" else None
    if described is not None:  # "компании «Вымпелком»", "замке Эльмау": a second name of the same entity
        lemma = canonical or _lemma_name(surface, kind, language)
        out.append(Mention(text[described : toks[-1].stop], kind, described + 1, canonical, weak=weak, lemma=lemma))
    return out


def _with_tagger_orgs(mentions: list[Mention], texts: list[str], language: str, weak_first: bool) -> list[Mention]:
    """Add the tagger's organisations (they run on in lower case, which rules cannot follow) to rule mentions."""
    tagged = _natasha_mentions(texts, language, weak_first) or []
    people = [m.surface for m in mentions if m.type == "person"]
    orgs = [m for m in tagged if m.type == "organization" and len(m.surface.split()) > 1
            and not any(p in m.surface for p in people)]
    regions = []
    for pi, (base, para) in enumerate(paragraph_offsets(texts)):
        for m in _REGION.finditer(para):
            regions.append(Mention(m.group(0), "place", base + m.start(), weak=weak_first and pi == 0))
        for m in _SEA.finditer(para):  # "у Чорному морі": the noun stays in lower case
            if sea := place_for(m.group(0), language):
                regions.append(Mention(m.group(0), "place", base + m.start(), sea.name, weak=weak_first and pi == 0))
        for m in _QUOTED_ORG.finditer(para):
            orgs.append(Mention(m.group(0), "organization", base + m.start(), weak=weak_first and pi == 0))
    covered = " | ".join(m.surface for m in orgs + regions)
    kept = [m for m in mentions if not (m.type != "person" and m.surface in covered)]
    return merge_phrase_orgs(kept + orgs + regions, texts, language, lambda surface, start, kind="organization",
                             canonical=None: Mention(surface, kind, start, canonical,
                                                     weak=weak_first and start < len(texts[0])))
