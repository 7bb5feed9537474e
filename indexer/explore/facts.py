"""What the explorer files of an article, read from the store's own tables: its day, its entities with every spelling
its annotation knows for them (and which of those its text writes), the speakers of its quotations, its wire copies
and the figures of its text."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from indexer.index.dates import own_day
from indexer.text.names import keys_may_match, partial_person_key

# a number written in digits, with thousands apart by a dot, comma or space, and decimals by a dot or comma
_FIGURE = re.compile(r"(?<![\d.,])\d{1,3}(?:([.,\u00a0\u202f ])\d{3})?(?:\1\d{3})*(?:[.,]\d+)?(?![\d])|\d+(?:[.,]\d+)?")
MAX_FIGURES = 40
BATCH = 400  # ids per IN (...) list
CAMEL_FREE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")  # scripts written without spaces


@dataclass(frozen=True)
class QuoteFact:
    idx: int
    text: str
    speaker: str | None  # the entity key of its speaker (None for an unnamed one or a role)
    language: str
    fragment: bool


@dataclass
class Facts:
    article_id: str
    day: str  # YYYY-MM-DD: the publication's own calendar day, else the day the archive first saw it
    published: str | None
    title: str
    language: str
    source: str
    names: dict[str, tuple[str, list[str]]] = field(default_factory=dict)  # key -> (type, spellings known)
    written: dict[str, list[str]] = field(default_factory=dict)  # key -> the spellings its title or text writes
    entity_keys: set[str] = field(default_factory=set)  # the keys named as entities (not only as speakers)
    quotes: list[QuoteFact] = field(default_factory=list)
    copies: list[str] = field(default_factory=list)  # the article's wire copies (the same text elsewhere)
    figures: list[str] = field(default_factory=list)  # numbers its headline and text write in digits

    def forms(self) -> dict[str, str]:
        """{every spelling the article used: its entity key} (speakers' names too)."""
        return {form: key for key, (_, spellings) in self.names.items() for form in spellings}


def plain(text: str) -> str:
    """A spelling as it is looked for: composed characters, one space for any run of white space."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def writes(text: str, form: str) -> bool:
    """Does `text` (composed: NFC) write the spelling (`plain`) as words of its own: "Wrocław" in "we Wrocławiu" no,
    in "Wrocław, Breslau" yes. An annotation's spellings are more than its text's: the name in the dictionary form
    (Вроцлав for "у Вроцлаві") and the gazetteer's names in other languages and scripts (Breslau, Вроцлав for
    Wrocław), which find the entity but were not written."""
    at = text.find(form) if form else -1
    if at < 0 or CAMEL_FREE.search(form):  # (scripts without spaces have no word edges to look for)
        return at >= 0
    while at >= 0:  # (str.find, not a regular expression per spelling: filing checks thousands of them)
        end = at + len(form)
        if not (at and _in_word(text[at - 1])) and not (end < len(text) and _in_word(text[end])):
            return True
        at = text.find(form, at + 1)
    return False


def _in_word(char: str) -> bool:
    return char.isalnum() or char == "_" or unicodedata.category(char).startswith("M")


_plain_form = lru_cache(maxsize=65536)(plain)  # (an entity's spellings recur in article after article)


def written(spellings: dict[str, list[str]], text: str) -> dict[str, list[str]]:
    """{entity key: those of its spellings the text writes}, keys it writes none of left out. A name of several
    words is also looked for with the text's runs of white space as one space (a line break, a no-break space);
    the text is only made so when such a name is not found as it is (filing reads every article)."""
    text, flat = unicodedata.normalize("NFC", text), None
    found: dict[str, list[str]] = {}
    for key, forms in spellings.items():
        for form in forms:
            look = _plain_form(form)
            hit = writes(text, look)
            if not hit and " " in look and look[:look.index(" ")] in text:
                flat = flat if flat is not None else " ".join(text.split())
                hit = writes(flat, look)
            if hit:
                found.setdefault(key, []).append(form)
    return found


def texts(db, article_ids: list[str]) -> dict[str, str]:
    """{article id: its current version's headline and text} for the articles stored."""
    found: dict[str, str] = {}
    for chunk in _chunks(list(dict.fromkeys(article_ids))):
        for r in db.execute(f"SELECT a.id, v.record FROM articles a JOIN versions v ON v.article_id=a.id AND "
                            f"v.version=a.current_version WHERE a.id IN ({','.join('?' * len(chunk))})", chunk):
            record = json.loads(r[1])["article"]
            found[r[0]] = "\n".join([record.get("title") or "", *(b["text"] for b in record.get("blocks", []))])
    return found


def calendar_day(published: str | None, first_seen: str | None = None) -> str:
    """The publication's own calendar day ("2026-03-14T23:30:00+01:00" is the 14th, not the 13th in UTC)."""
    return own_day(published) or own_day(first_seen) or "0000-00-00"


def figures(text: str) -> list[str]:
    """The numbers a text writes in digits, as one spelling whatever the language's separators: 8,000, 8.000,
    8 000 and 8000 are "8000"; 6,4 and 6.4 are "6.4" (a separator before exactly three digits groups thousands, else
    it starts decimals). Whole numbers below 10 say too little to keep. Translations keep their figures, so two
    reports of one event in two languages share them."""
    found: dict[str, None] = {}
    for match in _FIGURE.finditer(text):
        raw = match.group(0)
        parts = re.split(r"[.,\u00a0\u202f ]", raw)
        if len(parts) > 1 and len(parts[-1]) != 3:
            number = "".join(parts[:-1]) + "." + parts[-1]
        else:
            number = "".join(parts)
        whole, _, decimals = number.partition(".")
        whole, decimals = whole.lstrip("0") or "0", decimals.rstrip("0")
        if decimals or int(whole) >= 10:
            found.setdefault(f"{whole}.{decimals}" if decimals else whole)
        if len(found) >= MAX_FIGURES:
            break
    return list(found)


def _chunks(ids: list[str]):
    for start in range(0, len(ids), BATCH):
        yield ids[start:start + BATCH]


def read(db, article_ids: list[str]) -> list[Facts]:
    """The facts of these articles (those still stored), in the order asked."""
    found: dict[str, Facts] = {}
    for chunk in _chunks(list(dict.fromkeys(article_ids))):
        marks = ",".join("?" * len(chunk))
        for r in db.execute(f"SELECT id, published, first_seen, title, language, source FROM articles "
                            f"WHERE id IN ({marks})", chunk):
            found[r[0]] = Facts(r[0], calendar_day(r[1], r[2]), r[1], r[3] or "", r[4] or "und", r[5] or "")
        for r in db.execute(f"SELECT article_id, key, name, type, aliases FROM entities WHERE article_id IN ({marks})",
                            chunk):
            facts = found.get(r[0])
            if facts is None:
                continue
            kind, spellings = facts.names.setdefault(r[1], (r[3], []))
            for form in (r[2], *json.loads(r[4] or "[]")):
                if form and form not in spellings:
                    spellings.append(form)
            facts.entity_keys.add(r[1])
        for r in db.execute(f"SELECT article_id, idx, text, speaker, speaker_key, fragment, language FROM quotes "
                            f"WHERE article_id IN ({marks}) ORDER BY article_id, idx", chunk):
            facts = found.get(r[0])
            if facts is None:
                continue
            key = _speaker(r[4], facts)
            if key and r[3]:
                kind, spellings = facts.names.setdefault(key, (key.split(":", 1)[0], []))
                if r[3] not in spellings:
                    spellings.append(r[3])
            facts.quotes.append(QuoteFact(r[1], r[2], key, r[6] or facts.language, bool(r[5])))
        for article_id, text in texts(db, chunk).items():
            f = found[article_id]
            f.figures = figures(text)
            f.written = written({key: spellings for key, (_, spellings) in f.names.items()}, text)
        for r in db.execute(f"SELECT s.article_id, t.article_id FROM stories s JOIN stories t ON t.story=s.story "
                            f"WHERE s.article_id IN ({marks}) AND t.article_id<>s.article_id", chunk):
            if r[0] in found:
                found[r[0]].copies.append(r[1])
    return [found[i] for i in article_ids if i in found]


def _speaker(key: str | None, facts: Facts) -> str | None:
    """A speaker's key, with a surname alone ("Wiśniewska said") taken as the one person of that surname the
    article names in full."""
    if not key or not partial_person_key(key):
        return key
    full = [k for k in facts.entity_keys if k.startswith("person:") and not partial_person_key(k)
            and keys_may_match(key, k)]
    return full[0] if len(full) == 1 else key
