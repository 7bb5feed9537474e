"""Who wrote the story: the writers' names from JSON-LD, meta tags and byline elements.

Pages name their writers in several places, and a place often holds something else: the outlet or the company
behind the site ("Die FURCHE", "Hanns-Seidel-Stiftung e.V."), a placeholder or a prefix alone ("No Author",
"Unknown", "Artikel von"), a profile link's label ("Afficher mon profil complet"), the date of the same line
("Dezember 10, 2019 · von freeman1984"), credentials, the outlet, a place and a country after the names ("Anna
Berg, CNN", "Ilana Muhlstein, MS, RDN", "Sebastian Held, ebrosia, Germany"). So:

- each value is cut to the segment that reads as a byline and split into names; words that are not names go;
- parts that name the outlet, an organisation, a place or an abbreviation give way to the parts that name people
  in the same byline;
- sources are read in order (JSON-LD, meta tags, then the page's byline elements) and the first that names a writer
  wins; a source that names only the outlet or an organisation stands only when no source names a writer.
"""

from __future__ import annotations

import re

from bs4 import Tag

from indexer.clean.dates import parse_date
from indexer.clean.metadata import PageIndex, _in_aside, is_site_name, names_of, text_of, types_of
from indexer.clean.normalize import plain_field

_PREFIX_WORDS = (
    r"(?:(?:written|posted|reported|text|story|words|photos?|article|a\s+story)\s+by|by|von|par|por|di|da|door|av|"
    r"af|od|autor(?:in)?|auteur|author|text|texto|testo|tekst|interview|автор|автори|авторы|źródło|fuente|"
    r"von\s+unserem\s+\w+|(?:ein\s+)?(?:artikel|beitrag|gastbeitrag|bericht|kommentar)\s+von|"
    r"(?:geschrieben|verfasst)\s+von|(?:publié|écrit|rédigé)\s+par|(?:publicado|escrito)\s+por|"
    r"(?:scritto|pubblicato)\s+da|geplaatst\s+door|napisał[a]?)")
BYLINE_PREFIX = re.compile(rf"^\s*{_PREFIX_WORDS}\s*[:：]?\s+", re.IGNORECASE)
_PREFIX_ALONE = re.compile(rf"^\s*{_PREFIX_WORDS}\s*[:：]?\s*$", re.IGNORECASE)
_LIST_SPLIT = re.compile(r"\s*(?:[,;/、·|])\s*")
# "and" in the corpus languages; one-letter ones (Italian/Portuguese "e", Spanish "y", Catalan/Polish "i") only
# between spaces, so that "Hanns-Seidel-Stiftung e.V." stays whole
_AND_SPLIT = re.compile(r"\s*(?:&|\band\b|\bund\b|\bet\b|\s[yei]\s|\bи\b|\bта\b|\bі\b|\ben\b)\s*")
_SEGMENTS = re.compile(r"\s+[|•·–—-]\s+|\s{2,}|\(|\n")
_NOT_NAMES = {"name", "author", "autor", "auteur", "admin", "administrator", "by", "von", "par", "redaktion",
              "editor", "staff", "anonymous", "unknown", "guest", "no author", "none", "null", "n/a", "nobody",
              "kein autor", "unbekannt", "inconnu", "desconocido", "anonym", "anonyme", "anónimo"}
_NOT_NAME = re.compile(r"https?:|www\.|@|^\W+$", re.IGNORECASE)
_PARTICLES = {"de", "da", "do", "dos", "das", "del", "della", "di", "van", "von", "der", "den", "ter", "ten", "zu",
              "la", "le", "al", "el", "bin", "ibn", "y", "e", "af", "av", "du", "des", "st"}
# A byline's role beside the names ("Tom Reddaway, Local Democracy Reporter", "Anna Berg, Korrespondentin in Kiew"):
# words for the people who write the news, in the corpus languages. A byline of roles only ("Staff Reporter") stays.
_ROLE = re.compile(
    r"(?<!\w)(?:reporter|reporterin|correspondent|korrespondent|korrespondentin|editor|writer|columnist|journalist|"
    r"journalistin|contributor|photographer|redakteur|redakteurin|correspondant|correspondante|envoyée?|journaliste|"
    r"rédacteur|rédactrice|corresponsal|redactora?|periodista|enviad[oa]|corrispondente|inviat[oa]|giornalista|"
    r"redattore|redattrice|correspondente|repórter|jornalista|verslaggever|verslaggeefster|redacteur|dziennikarz|"
    r"dziennikarka|korespondent|korespondentka|redaktor|redaktorka|корреспондент|журналист|кореспондент|журналіст|"
    r"редактор)(?!\w)",
    re.IGNORECASE,
)
# Organisations by their legal form or by the institution word that ends a compound ("Landesanstalt").
_ORGANISATION = re.compile(
    r"(?<!\w)(?:e\.\s?V\.|GmbH|AG|Inc\.?|Ltd\.?|LLC|S\.A\.|Corp\.?|plc)(?!\w)|\w(?:stiftung|verband|verein|anstalt|"
    r"institut|gesellschaft|verlag|redaktion|agentur|ministerium|zeitung|rundfunk|fernsehen)\b", re.IGNORECASE)
# Credentials and agency codes after a writer's name ("MS, RDN", "PhD", "CNN"): short capitals, or a degree.
_ABBREVIATION = re.compile(r"(?:[A-Z]\.?){2,5}|Ph\.?\s?D\.?|M\.?\s?Sc\.?|B\.?\s?Sc\.?|M\.?A\.|B\.?A\.|Dipl\.?[-\w.]*")


def authors(page: PageIndex, meta: dict, ld: dict, sites: list[str]) -> list[str]:
    """The writers: the first source (JSON-LD, meta tags, byline elements) that names a person, else the first that
    names anyone (an outlet's or an organisation's byline)."""
    fallback: list[str] = []
    for names, organisation in _sources(page, meta, ld, sites):
        if not names:
            continue
        if not organisation and any(_writer(n, sites) for n in names):
            return names
        fallback = fallback or names
    return fallback


def _sources(page: PageIndex, meta: dict, ld: dict, sites: list[str]):
    """(names, named as an organisation) per source, in order of trust; computed lazily."""
    for key in ("author", "creator"):
        value = ld.get(key)
        people = value if isinstance(value, list) else [value] if value else []
        typed = [p for p in people if isinstance(p, dict)]
        organisation = bool(typed) and all(types_of(p) & {"organization", "newsmediaorganization", "corporation"}
                                           for p in typed)
        yield clean_authors(names_of(people), sites), organisation
    for key in ("author", "article:author", "dc.creator", "parsely-author", "sailthru.author", "byl", "dcterms.creator",
                "citation_author", "twitter:creator"):
        yield clean_authors([v for v in meta.get(key, []) if not v.startswith("@")], sites), False
    for node, handle in _byline_nodes(page):
        yield clean_authors([node], sites, handle=handle), False


_BYLINE_ATTR = re.compile(r"byline|author|autor|auteur|writer|by-line|creator|journalist", re.IGNORECASE)


def _byline_nodes(page: PageIndex):
    """Byline texts of the page (itemprop=author, rel=author, elements named byline/author), outside comments and
    related stories; whether the element names its author explicitly enough for a user name ("eseppelt") to count."""
    for node in page.with_attr("itemprop", re.compile(r"^author$", re.IGNORECASE)):
        name = node.find(attrs={"itemprop": "name"})
        yield (name.get("content") or text_of(name) if name else text_of(node)), True
    for node in page.with_attr("rel", re.compile(r"\bauthor\b", re.IGNORECASE)):
        if not _in_aside(node):
            yield text_of(node), True
    for count, node in enumerate(page.with_attr("class", _BYLINE_ATTR)):
        if count >= 30:
            break
        if node.name in ("body", "html", "article", "main") or node.find(["p", "img"]) is not None or _in_aside(node):
            continue
        text = text_of(node)
        if 2 < len(text) < 120:
            yield text, _names_author(node)


def _names_author(node: Tag) -> bool:
    classes = " ".join(node.get("class") or []).lower()
    return "vcard" in classes or bool(re.search(r"(?:^|[-_\s])(?:author|fn)(?:$|[-_\s])", classes))


def clean_authors(raw: list[str], sites: list[str] | None = None, handle: bool = False) -> list[str]:
    """Person names without "By"/"Von"/"Par", dates, roles after a comma, URLs or duplicates; the outlet, places,
    organisations and abbreviations beside a person's name go. With `handle`, the value comes from an element that
    marks its author explicitly, and a user name written in lower case or with digits ("freeman1984") counts."""
    names: list[str] = []
    for value in raw:
        value = plain_field(value)  # "Redacci&oacute;n" escaped twice must not split at ";"
        if re.match(r"(?:https?:|www\.)", value, re.IGNORECASE):
            continue  # a profile address, not a name ("https://www.facebook.com/HenningLobin/posts/")
        value = _byline_segment(value)
        for _ in range(2):
            value = BYLINE_PREFIX.sub("", value)
        value = re.sub(r"\b(?:updated|published|aktualisiert|veröffentlicht|mis à jour|publié)\b.*$", "", value,
                       flags=re.IGNORECASE)
        # an organisation's name is one name, "and" included ("Landesanstalt für Wald und Forstwirtschaft")
        parts = [p for item in _LIST_SPLIT.split(value)
                 for p in ([item] if _ORGANISATION.search(item) else _AND_SPLIT.split(item))]
        for part in parts:
            part = part.strip(" .:-–—")
            if _is_name(part, handle and " " not in part) and part.lower() not in (n.lower() for n in names):
                names.append(part)
    people = [n for n in names if _writer(n, sites or [])]
    return people or names  # ("Staff Reporter" or "Die FURCHE" alone is the byline of an unsigned story)


def _byline_segment(value: str) -> str:
    """ "Dezember 10, 2019 · von freeman1984 · in Uncategorized": the segment a byline prefix opens, else the first."""
    segments = [s for s in _SEGMENTS.split(value) if s.strip()]
    return next((s for s in segments if BYLINE_PREFIX.match(s)), segments[0] if segments else "")


def _is_name(part: str, handle: bool) -> bool:
    if not part or _NOT_NAME.search(part) or parse_date(part) or len(part) > 60 or _PREFIX_ALONE.match(part):
        return False
    if part.lower() in _NOT_NAMES or ":" in part or part.endswith("*"):
        return False  # form labels ("Name *") and theme credits ("Theme: …")
    if handle:  # a user name, not the site's administrator account ("jdadmin")
        return len(part) >= 3 and bool(re.search(r"[^\W\d_]", part)) and "admin" not in part.lower()
    words = part.split()
    if len(words) > (8 if _ORGANISATION.search(part) else 5) or not re.search(r"[^\W\d_]", part):
        return False
    if part[0].islower() or re.search(r"\d{3,}|\b\d+\b", part):
        return False  # a lowercase start is a dateline or role ("à Valence", "in Berlin"); a number, a date
    lower = sum(1 for w in words if w[0].islower() and w.lower() not in _PARTICLES)
    return 2 * lower <= len(words)  # mostly lower-case words are a phrase ("Afficher mon profil complet")


def _writer(name: str, sites: list[str]) -> bool:
    """Whether a byline name can be a person: not a role, the outlet, an organisation, a place or an abbreviation."""
    if _ROLE.search(name) or _ORGANISATION.search(name) or _ABBREVIATION.fullmatch(name):
        return False
    if sites and (is_site_name(name, sites) or any(_outlet_word(w, sites) for w in name.split())):
        return False
    from indexer.annotate.entities.gazetteer import has_org_word, place_for  # (the archive's one gazetteer)

    return not has_org_word(name.split()) and place_for(name, "en") is None


def _outlet_word(word: str, sites: list[str]) -> bool:
    """ "Cleveland.com", "ebrosia": a word of the byline that is the site's own name."""
    simple = re.sub(r"[^\w]", "", word.casefold())
    return len(simple) >= 4 and any(simple == site.replace(" ", "") for site in sites)
