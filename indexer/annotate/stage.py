"""Annotation stage: language, entities, then quotes (which use the people found to name their speakers)."""

from __future__ import annotations

from indexer.annotate.entities import entity_key, extract_entities
from indexer.annotate.entities.lang import ar as arabic_names
from indexer.annotate.entities.lang.zh import ZH_SURNAMES
from indexer.annotate.quotes.finder import extract_quotes
from indexer.annotate.quotes.speakers import resolve_speakers
from indexer.annotate.release import annotator
from indexer.clean.extract import clean
from indexer.language import detect_language, detect_short, load_models
from indexer.models import AnnotatedArticle, Article, Entity, Quote, RawPage
from indexer.text.names import fold

QUOTE_LANGUAGE_MIN_CHARS = 60  # shorter quotes are too short for language identification to be trusted


def annotate(article: Article) -> AnnotatedArticle:
    language = detect_language(article.text, declared=article.declared_language, title=article.title)
    unconfirmed: list[Entity] = []  # names proposed without evidence: a quotation they speak confirms them
    entities = _not_the_outlet(extract_entities(article.paragraphs, language, article.title, unconfirmed),
                               article.source)
    people = _people_forms(entities, article.text)
    quotes = _names_are_no_quotes(extract_quotes(article.paragraphs, language, people, article.title,
                                                  _bodies_forms(entities, article.text), _blockquotes(article)), entities)
    for q in quotes:
        if len(q.text) < QUOTE_LANGUAGE_MIN_CHARS:
            continue
        quoted_in = detect_short(q.text)
        if quoted_in in ("und", language):
            continue
        q.language = quoted_in
        if q.speaker is None:
            _attribute_in_own_language(q, article.paragraphs, people)
    entities += _speakers_as_people(quotes, entities, language, article.text)
    entities += resolve_speakers(quotes, entities, article.text, language, _not_the_outlet(unconfirmed, article.source))
    return AnnotatedArticle(article=article, language=language, quotes=quotes, entities=entities,
                            annotator=annotator())


def _people_forms(entities: list[Entity], text: str) -> list[str]:
    """The people's names and the other forms the article writes them in ("Skaik" for Sobhi Skaik): the quote
    finder follows 'he said' back to any of them."""
    forms = [e.name for e in entities if e.type == "person"]
    return forms + [a for e in entities if e.type == "person" for a in e.aliases if a != e.name and a in text]


def _bodies_forms(entities: list[Entity], text: str) -> list[str]:
    """The organisations' names and forms in the article: a body may speak too ("…, kommentiert Facebook")."""
    return [f for e in entities if e.type == "organization" for f in dict.fromkeys((e.name, *e.aliases)) if f in text]


def _blockquotes(article: Article) -> list[int]:
    return [i for i, b in enumerate(article.blocks) if b.kind == "quote"]


def _not_the_outlet(entities: list[Entity], source: str | None) -> list[Entity]:
    """The outlet naming itself in its dateline or credits ("OSAKA, June 15 (Global Wire)", "told the Kurier") is
    no organisation the article is about: it would top the organisation facet of every search. The source facet
    already holds it."""
    own = [w[:5] for w in fold(source or "").split()]
    if not own:
        return entities

    def is_outlet(e: Entity) -> bool:
        words = [w[:5] for w in fold(e.name).split()]
        return e.type == "organization" and bool(words) and all(w in own for w in words) and (
            len(words) >= 2 or len(own) == 1)

    return [e for e in entities if not is_outlet(e)]


def _names_are_no_quotes(quotes: list[Quote], entities: list[Entity]) -> list[Quote]:
    """A name set in quotation marks ("the «Atlas Ventures» fund", "شركة «دفعة»") is named, not quoted."""
    names = {fold(alias) for e in entities for alias in (e.name, *e.aliases)}
    return [q for q in quotes if fold(q.text) not in names]


def _speakers_as_people(quotes: list[Quote], entities: list[Entity], language: str, text: str) -> list[Entity]:
    """In scripts without capitals, a quotation's speaker is often the only sign that a word is a person's name
    ("茶农何建国", "الحسين أوباها"): such speakers join the article's people."""
    if language not in ("zh", "ar"):
        return []
    known = [a for e in entities for a in (e.name, *e.aliases)]
    found: dict[str, Entity] = {}
    for q in quotes:
        name = q.speaker or ""
        if name in found or any(name in k or k in name for k in known) or not _looks_like_name(name, language):
            continue
        found[name] = Entity(name=name, type="person", mentions=max(1, text.count(name)), aliases=[name],
                             key=entity_key(name, "person"))
    return list(found.values())


def _looks_like_name(name: str, language: str) -> bool:
    if language == "ar":
        words = name.split()
        return 2 <= len(words) <= 4 and words[0] in arabic_names.given_names()
    return 2 <= len(name) <= 3 and name[0] in ZH_SURNAMES and all("\u4e00" <= ch <= "\u9fff" for ch in name)


def _attribute_in_own_language(quote: Quote, paragraphs: list[str], people: list[str]) -> None:
    """A quote in another language than its article often keeps that language's attribution ("…“, sagte X in an
    English report): read its paragraph again with that language's verbs of saying."""
    offset = 0
    for paragraph in paragraphs:
        end = offset + len(paragraph)
        if offset <= quote.start < end:
            for again in extract_quotes([paragraph], quote.language or "und", people):
                if again.text == quote.text and again.speaker:
                    quote.speaker, quote.fragment = again.speaker, again.fragment
            return
        offset = end + 2  # paragraphs are joined by a blank line


def process(page: RawPage) -> AnnotatedArticle:
    """Raw page to annotated article: the CPU-heavy part of ingest, run in worker processes."""
    return annotate(clean(page))


def warm_up() -> None:
    """Load the lazily built models (gazetteers, language models, the given names that tell 'he' from 'she')
    once, before worker processes are forked, so the workers share them instead of each building its own copy."""
    from indexer.annotate.entities.tagger import _natasha
    from indexer.annotate.quotes.speaker_gender import gender_detector
    from indexer.models import Block

    sample = Article(title="Warm-up", blocks=[Block("“Ready,” said Anna Kowalska in Kyiv on Monday.")])
    annotate(sample)
    gender_detector()  # the sample names its speaker, so no pronoun asked for the dictionary yet
    _natasha()  # the Russian and Ukrainian tagger: an English sample does not load it
    load_models()  # the byte n-gram model, asked only where a text's letters leave its language in doubt
