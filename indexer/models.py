"""Plain records passed one way through the pipeline: fetch → store → clean → detect → annotate → index.

Each stage takes the previous stage's record and returns its own; no stage reaches back. Keeping them as
dataclasses (not dicts) makes the hand-offs visible and lets every stage be tested on its own.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field

ENTITY_TYPES = ("person", "place", "organization")


class InputError(ValueError):
    """A user-supplied input that cannot be processed; the message says what to do about it."""


@dataclass(frozen=True)
class RawPage:
    """A page exactly as received: bytes untouched, plus where and when it came from."""

    data: bytes
    origin: str  # file path or URL, as the user gave it
    url: str | None = None  # the page's address on the web, when known
    content_type: str | None = None  # HTTP Content-Type header, when fetched
    received_at: str = ""  # ISO 8601 UTC

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


@dataclass
class Block:
    """One unit of the article body in reading order: kind is p, h (heading), li, quote or table."""

    text: str
    kind: str = "p"


@dataclass
class Article:
    """What the cleaner pulled out of a page; everything later is derived from this."""

    title: str = ""
    # other headline lines of the page, searched with the title but never shown as it: the kicker over the
    # headline ("Flut an der Elbe" above "Dresden sperrt die Altstadt") and headline metadata that differs
    # from the title (an og:title with the kicker before the headline)
    title_extras: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    authors: list[str] = field(default_factory=list)
    published: str | None = None  # ISO 8601, with time zone when the page gives one
    modified: str | None = None
    source: str = ""  # site / outlet name
    url: str | None = None  # canonical URL when the page declares one, else the address it came from (http(s) only)
    # a canonical URL on another site than the address the page came from: not trusted to name the article (it
    # would make the page a version of another outlet's story), kept to be seen (indexer.clean.metadata.article_url)
    canonical_claim: str | None = None
    declared_language: str | None = None
    description: str = ""
    image: str | None = None
    is_article: bool = True  # False for front pages, index pages and other non-articles

    @property
    def paragraphs(self) -> list[str]:
        return [b.text for b in self.blocks]

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)

    @property
    def byline(self) -> str:
        return ", ".join(self.authors)


@dataclass
class Quote:
    """A direct quotation. start/end are offsets into Article.text (end exclusive)."""

    text: str
    speaker: str | None = None
    fragment: bool = False  # a quoted word or phrase embedded in the writer's own sentence
    start: int = -1
    end: int = -1
    language: str | None = None  # set when the quote is in another language than its article


@dataclass
class Entity:
    """A named person, place or organisation, with every surface form the article used for it."""

    name: str  # the fullest form used in the article (or the canonical gazetteer name)
    type: str  # one of ENTITY_TYPES
    mentions: int = 1
    aliases: list[str] = field(default_factory=list)  # surface forms seen, and known variants
    key: str = ""  # the same entity across articles and scripts gets the same key


@dataclass
class AnnotatedArticle:
    """An article with its language, quotes and entities: the unit that is stored and indexed."""

    article: Article
    language: str = "und"
    quotes: list[Quote] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    annotator: str = ""  # which code made the annotations (indexer.annotate.release); "" before it was recorded

    def to_json(self, path: str | None = None) -> dict:
        """The `annotate --json` record (the outside contract), plus extra fields."""
        a = self.article
        record = {
            "path": path,
            "url": a.url,
            "title": a.title,
            "byline": a.byline,
            "published": a.published,
            "source": a.source,
            "language": self.language,
            "text": a.text,
            "quotes": [{"text": q.text, "speaker": q.speaker, "fragment": q.fragment} for q in self.quotes],
            "entities": [{"name": e.name, "type": e.type, "mentions": e.mentions} for e in self.entities],
            # additions beyond the contract
            "authors": a.authors,
            "modified": a.modified,
            "declared_language": a.declared_language,
            "description": a.description,
            "image": a.image,
            "canonical_claim": a.canonical_claim,
            "is_article": a.is_article,
            "entity_aliases": {e.name: e.aliases for e in self.entities if e.aliases},
        }
        return record

    def to_record(self) -> dict:
        """Everything, for storage as JSON in the article store."""
        return asdict(self)

    @classmethod
    def from_record(cls, record: dict) -> AnnotatedArticle:
        art = dict(record["article"])
        art["blocks"] = [Block(**b) for b in art.get("blocks", [])]
        return cls(
            article=Article(**art),
            language=record.get("language", "und"),
            quotes=[Quote(**q) for q in record.get("quotes", [])],
            entities=[Entity(**e) for e in record.get("entities", [])],
            annotator=record.get("annotator", ""),
        )
