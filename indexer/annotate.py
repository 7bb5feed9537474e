"""Annotation stage: language, entities, then quotes (which use the people found to name their speakers)."""

from __future__ import annotations

from .clean import clean
from .entities import extract_entities
from .language import detect_language, detect_short
from .models import AnnotatedArticle, Article, Quote, RawPage
from .quotes import extract_quotes

QUOTE_LANGUAGE_MIN_CHARS = 60  # shorter quotes are too short for language identification to be trusted


def annotate(article: Article) -> AnnotatedArticle:
    language = detect_language(article.text, declared=article.declared_language, title=article.title)
    entities = extract_entities(article.paragraphs, language, title=article.title)
    people = [e.name for e in entities if e.type == "person"]
    quotes = extract_quotes(article.paragraphs, language, people)
    for q in quotes:
        if len(q.text) < QUOTE_LANGUAGE_MIN_CHARS:
            continue
        quoted_in = detect_short(q.text)
        if quoted_in in ("und", language):
            continue
        q.language = quoted_in
        if q.speaker is None:
            _attribute_in_own_language(q, article.paragraphs, people)
    return AnnotatedArticle(article=article, language=language, quotes=quotes, entities=entities)


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
    """Load the lazily built models (gazetteers, language profiles, the given names that tell 'he' from 'she')
    once, before worker processes are forked, so the workers share them instead of each building its own copy."""
    from .models import Block
    from .speaker_gender import gender_detector

    sample = Article(title="Warm-up", blocks=[Block("“Ready,” said Anna Kowalska in Kyiv on Monday.")])
    annotate(sample)
    gender_detector()  # the sample names its speaker, so no pronoun asked for the dictionary yet
