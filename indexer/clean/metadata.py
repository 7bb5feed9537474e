"""Page metadata: JSON-LD, OpenGraph/article meta, itemprop, <time>, bylines — each field from its best source.

Publishers state the same facts several ways and some of them wrongly (a <title> with the site name glued on,
an author field holding a profile URL), so each field has an ordered list of sources and a sanity check.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from datetime import date
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup, Tag

from indexer.clean.dates import date_from_url, find_days, other_reading, parse_date
from indexer.clean.normalize import plain_field
from indexer.sources.origins import web_url

ARTICLE_TYPES = {"article", "newsarticle", "reportagenewsarticle", "blogposting", "analysisnewsarticle",
                 "opinionnewsarticle", "reviewnewsarticle", "backgroundnewsarticle", "socialmediaposting",
                 "scholarlyarticle", "techarticle", "report", "liveblogposting", "posting", "webpage"}

_LANG_3 = {"eng": "en", "deu": "de", "ger": "de", "fra": "fr", "fre": "fr", "spa": "es", "ita": "it", "por": "pt",
           "nld": "nl", "dut": "nl", "pol": "pl", "rus": "ru", "ukr": "uk", "ara": "ar", "zho": "zh", "chi": "zh",
           "jpn": "ja", "ces": "cs", "cze": "cs", "tur": "tr", "swe": "sv"}
TITLE_SEPARATORS = re.compile(r"\s+[|–—·•:»«\-/\\]+\s+|\s*::\s*|\s+-{1,2}\s+")


class PageIndex:
    """Every tag of the page by name, built in one pass, so metadata look-ups never re-walk a huge tree."""

    def __init__(self, soup: BeautifulSoup) -> None:
        self.soup = soup
        self.tags = [node for node in soup.descendants if isinstance(node, Tag)]
        self.by_name: dict[str, list[Tag]] = defaultdict(list)
        for tag in self.tags:
            self.by_name[tag.name].append(tag)

    def named(self, name: str) -> list[Tag]:
        return self.by_name.get(name, [])

    def with_attr(self, attr: str, pattern: re.Pattern) -> Iterator[Tag]:
        for tag in self.tags:
            value = tag.attrs.get(attr) if tag.attrs else None
            if value is None:
                continue
            if isinstance(value, list):
                value = " ".join(value)
            if pattern.search(str(value)):
                yield tag


def text_of(node: Tag | None) -> str:
    return " ".join(node.get_text(" ").split()) if node is not None else ""


def jsonld_objects(page: PageIndex) -> list[dict]:
    """All JSON-LD objects on the page, @graph and lists flattened; broken JSON is skipped, not fatal."""
    found: list[dict] = []
    scripts = [s for s in page.named("script") if "ld+json" in str(s.get("type", "")).lower()]
    for script in scripts:
        raw = (script.string or script.get_text() or "").strip()
        raw = re.sub(r"^\s*(?:<!--|(?://\s*)?<!\[CDATA\[)|(?:-->|(?://\s*)?\]\]>)\s*$", "", raw).strip()
        try:
            data = json.loads(raw, strict=False)
        except (ValueError, RecursionError):
            continue
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(reversed(item))
            elif isinstance(item, dict):
                found.append(item)
                if isinstance(item.get("@graph"), list):
                    stack.extend(reversed(item["@graph"]))
    return found


def types_of(obj: dict) -> set[str]:
    kind = obj.get("@type", "")
    kinds = kind if isinstance(kind, list) else [kind]
    return {str(k).lower() for k in kinds}


def main_jsonld(objects: list[dict]) -> dict:
    """The JSON-LD object describing the article itself (a NewsArticle beats a generic WebPage)."""
    ranked = sorted(
        (o for o in objects if types_of(o) & ARTICLE_TYPES),
        key=lambda o: ("webpage" in types_of(o), not (o.get("headline") or o.get("articleBody"))),
    )
    return ranked[0] if ranked else {}


def meta_map(page: PageIndex) -> dict[str, list[str]]:
    """<meta> values by lowercased name/property/itemprop, in page order."""
    values: dict[str, list[str]] = {}
    for meta in page.named("meta"):
        content = meta.get("content")
        if content is None:
            continue
        content = plain_field(str(content))
        if not content:
            continue
        for attr in ("property", "name", "itemprop", "http-equiv"):
            # name="x:title dc:title": a space-separated list names the same value several ways
            for key in str(meta.get(attr) or "").lower().split():
                values.setdefault(key, []).append(content)
    return values


def first_meta(meta: dict[str, list[str]], *keys: str) -> str:
    for key in keys:
        for value in meta.get(key, []):
            if value.strip():
                return value.strip()
    return ""


def names_of(value) -> list[str]:
    """Names from a JSON-LD author/publisher value: string, object with name, or a list of them."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str):
            return [name]
        if isinstance(name, list):
            return [n for n in name if isinstance(n, str)]
        given, family = value.get("givenName"), value.get("familyName")
        return [f"{given} {family}"] if isinstance(given, str) and isinstance(family, str) else []
    if isinstance(value, list):
        return [n for item in value for n in names_of(item)]
    return []


def normalize_language(value: str | None) -> str | None:
    """ISO 639-1 from en-US, en_GB, deu, "German"-free codes; None when it is not a language code."""
    if not value:
        return None
    code = re.split(r"[-_,;\s]", value.strip().lower(), maxsplit=1)[0]
    if len(code) == 3:
        return _LANG_3.get(code)
    return code if re.fullmatch(r"[a-z]{2}", code) else None


def site_from_host(url: str | None) -> str:
    host = urlsplit(url or "").hostname or ""
    return host[4:] if host.startswith("www.") else host


def absolute(url: str | None, base: str | None) -> str | None:
    if not url:
        return None
    url = url.strip()
    if url.startswith("//"):
        return "https:" + url
    return urljoin(base, url) if base else url


def same_site(url: str, other: str) -> bool:
    """The same host, whatever the scheme and port, and with or without www."""
    def host(u: str) -> str:
        name = (urlsplit(u).hostname or "").rstrip(".")
        return name[4:] if name.startswith("www.") else name

    return host(url) == host(other)


def article_url(declared: list[str | None], address: str | None) -> tuple[str | None, str | None]:
    """The article's URL, and a canonical URL the page claimed but is not trusted with (else None).

    A page with an address of its own (fetched, crawled, read from a WARC record) may only name a URL on its own
    site: one on another site would make the page a new version of another outlet's article, so the page keeps its
    own address and the claim is only noted. A page from a file or an upload has no address: what it declares
    stands. Only http(s) URLs count, the first of the declared ones (canonical link, then og:url)."""
    own = web_url(address)
    for url in map(web_url, declared):
        if url:
            return (url, None) if own is None or same_site(url, own) else (own, url)
    return own, None


def title_candidates(page: PageIndex, meta: dict, ld: dict) -> tuple[str, list[str]]:
    """The document <title> and the explicit headline sources (og:title, JSON-LD headline, twitter:title)."""
    titles = page.named("title")
    doc_title = plain_field(text_of(titles[0])) if titles else ""
    headline = ld.get("headline") or ld.get("name")
    # Dublin Core is rarely touched by social/SEO tooling, so it states the plain headline more often than og:title.
    explicit = [str(headline).strip() if isinstance(headline, str) else "",
                first_meta(meta, "dc:title", "dcterm:title", "dc.title", "dcterms.title"), first_meta(meta, "og:title"),
                first_meta(meta, "twitter:title"),
                first_meta(meta, "parsely-title", "sailthru.title", "headline", "title")]
    return doc_title, [plain_field(t) for t in explicit if t]


def site_names(source: str, url: str | None) -> list[str]:
    """Ways a page may name its own site in a title: the outlet name, the host, the host's main label."""
    host = site_from_host(url)
    names = [source, host, host.split(".")[0] if host else ""]
    return [_simple(n) for n in names if n and len(_simple(n)) >= 2]


_SITE_SPLIT = re.compile(rf"({TITLE_SEPARATORS.pattern}|\s*[：｜]\s*|(?<=\S)_(?=\S))")


def site_from_title(doc_title: str, headlines: list[str]) -> str:
    """The outlet's name from "Headline | Outlet" or "Outlet – Headline": the segments of <title> beside the part
    that the <h1> or headline metadata confirm as the headline. Without such a confirmation no guess is made
    (a "Topic: Headline" title would give the topic)."""
    pieces = _SITE_SPLIT.split(doc_title or "")
    parts, seps = [pieces[0].strip()], []
    for sep, part in zip(pieces[1::2], pieces[2::2], strict=False):
        if part.strip():
            parts.append(part.strip())
            seps.append(sep.strip() or "_")
    refs = [_simple(h) for h in headlines if h and len(_simple(h)) >= 4]
    if len(parts) < 2 or not parts[0] or not refs:
        return ""
    splits = [(parts[:k], parts[k:], seps[k - 1], seps[k:], True) for k in range(1, len(parts))] + [
        (parts[k:], parts[:k], seps[k - 1], seps[:k - 1], False) for k in range(1, len(parts))]
    for exact in (True, False):  # the part that is word for word the headline, before a looser match
        for head, site, between, inner, at_end in splits:
            if not _is_headline(head, refs, exact):
                continue
            name = _site_segments(site, between, inner, at_end)
            if len(name) > len(" ".join(head)):
                continue  # an outlet name longer than the headline: the "headline" was the site's own name
            return name if name and not any(_simple(name) in ref for ref in refs) else ""
    return ""


def _is_headline(parts: list[str], refs: list[str], exact: bool) -> bool:
    body = _simple(" ".join(parts))
    return any(body == ref or (not exact and len(body) >= 0.6 * len(ref) and len(ref) >= 0.6 * len(body)
                               and (body in ref or ref in body)) for ref in refs)


def _site_segments(site: list[str], between: str, inner: list[str], at_end: bool) -> str:
    """ "Headline | fboës - Der Blog": a separator unlike the one after the headline is part of the name;
    "Headline | Politics | Outlet" repeats it, and the outlet is the outermost segment."""
    if len(site) > 1 and all(sep != between for sep in inner):
        glue = [f" {sep} " if sep not in ("_", "：", "｜") else sep for sep in inner]
        name = site[0] + "".join(g + seg for g, seg in zip(glue, site[1:], strict=True))
    else:
        name = site[-1] if at_end else site[0]
    name = name.strip(" -–—|:·")
    words = [w for w in name.split() if re.search(r"\w", w)]
    return name if 2 <= len(name) <= 60 and len(words) <= 7 else ""


def _simple(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def _is_site(segment: str, sites: list[str]) -> bool:
    seg = _simple(segment)
    return bool(seg) and any(seg == s or seg in s or s in seg or seg.replace(" ", "") == s for s in sites)


def strip_site_name(title: str, sites: list[str]) -> str:
    """ "Headline | Outlet" → "Headline": cut at the segment naming the site, else keep the longest segment."""
    bracketed = re.match(r"^(.{10,}?)\s*[(\[]([^()\[\]]+)[)\]]$", title)
    if bracketed and _is_site(bracketed.group(2), sites):
        title = bracketed.group(1)
    title = _without_date_segments(title)
    parts = [p for p in TITLE_SEPARATORS.split(title) if p.strip()]
    if len(parts) < 2:
        return title
    marks = [i for i, part in enumerate(parts) if _is_site(part, sites)]
    if marks and marks[-1] == len(parts) - 1 and len(marks) < len(parts):
        # "Topic – Headline | Site": the site sits at the end; a topic word matching the site name stays
        end = len(parts) - 1
        while end > 1 and _is_site(parts[end - 1], sites):
            end -= 1
        return _join_like(title, parts[:end])
    if marks and len(marks) < len(parts):
        first = marks[0]
        kept = parts[:first] if first > 0 else [p for p in parts[1:] if not _is_site(p, sites)]
        return _join_like(title, kept)
    longest = max(parts, key=len)
    if len(longest.split()) >= 4 or len(longest) >= 20:
        return longest
    return title


def _without_date_segments(title: str) -> str:
    """ "Headline - 07.12.2017 - Outlet" → "Headline - Outlet": the day is page furniture, not headline."""
    pieces = re.split(f"({TITLE_SEPARATORS.pattern})", title)
    segments, seps = pieces[0::2], ["", *pieces[1::2]]
    kept = [(sep, seg) for sep, seg in zip(seps, segments, strict=True) if not _is_date_only(seg)]
    if not kept or len(kept) == len(segments):
        return title
    return "".join(seg if i == 0 else sep + seg for i, (sep, seg) in enumerate(kept))


def _is_date_only(segment: str) -> bool:
    """A title segment that is nothing but a date ("07.12.2017", "3. März 2019")."""
    return len(segment) <= 30 and bool(parse_date(segment)) and len(re.sub(r"[\d\W]", "", segment)) <= 12


def is_site_name(text: str, sites: list[str]) -> bool:
    """A whole text (a logo <h1>) that is the site's name or part of it; a headline that merely mentions the
    site ("Unsere MinusL Joghurts" on minusl.de) is not."""
    seg = _simple(text)
    return bool(seg) and any(seg == s or seg in s or seg.replace(" ", "") == s.replace(" ", "") for s in sites)


def _join_like(title: str, kept: list[str]) -> str:
    if len(kept) == 1:
        return kept[0]
    start = title.find(kept[0])
    end = title.rfind(kept[-1]) + len(kept[-1])
    return title[start:end] if start >= 0 and end > start else " ".join(kept)


def published_and_modified(page: PageIndex, meta: dict, ld: dict, url: str | None) -> tuple[str | None, str | None]:
    """Publication and update dates: explicit article metadata (moved to the local day the page shows, when it
    is a UTC stamp one day off), then the visible date, then generic date meta, then the first date in the page's
    text, then the URL, a date in <title>, and a script's state blob."""
    strong = (ld.get("datePublished"), ld.get("dateCreated"),
              first_meta(meta, "article:published_time", "og:published_time", "article:published",
                         "og:article:published_time", "datepublished", "publishdate", "publish-date", "publish_date",
                         "sailthru.date", "parsely-pub-date", "article.published", "originalpublicationdate",
                         "cxenseparse:recs:publishtime", "citation_publication_date"))
    weak = (first_meta(meta, "pubdate", "dc.date.issued", "dcterms.issued", "dcterms.created", "dc.date", "date",
                       "release_date", "citation_date", "dc.date.created", "created", "uploaddate", "datecreated"),)
    visible = _visible_date(page)
    published = (_local_day(_first_parsed(strong), [visible, date_from_url(url)]) or visible or _first_parsed(weak)
                 or _first_date_in_text(page) or date_from_url(url) or _date_in_title(page) or _date_in_page_state(page))
    published = _settled_by_text(published, [*strong, *weak], page)
    modified = None
    for value in (ld.get("dateModified"),
                  first_meta(meta, "article:modified_time", "og:updated_time", "datemodified", "last-modified",
                             "dcterms.modified", "dc.date.modified", "lastmod", "article:modified")):
        modified = parse_date(value if isinstance(value, str) else None)
        if modified:
            break
    return published, modified


def _settled_by_text(published: str | None, raw: list, page: PageIndex) -> str | None:
    """A metadata date that reads two ways ("11/01/2023") takes the reading the page's own text writes ("Erstellt am:
    01.11.2023", in the page's convention), when the text shows that day and not the other."""
    source = next((v for v in raw if isinstance(v, str) and published and parse_date(v) == published), None)
    other = other_reading(source)
    if not other:
        return published
    body = page.named("body")
    text = " ".join(s for s in body[0].strings if s.parent is not None and s.parent.name not in ("script", "style")) \
        if body else ""
    shown = find_days(text)
    return other if other[:10] in shown and published[:10] not in shown else published


def _local_day(machine: str | None, shown: list[str | None]) -> str | None:
    """CMSs often store UTC: a story published at 21:25 in Buenos Aires is "00:25Z" the next day. When the page
    shows a plain day (in the text or in its URL, /2019/11/18/) one day off a UTC timestamp, the shown day is the
    local publication day."""
    if not machine or not re.search(r"T\d\d:\d\d.*(?:Z|\+00:?00)$", machine):
        return machine
    for day in shown:
        if not day or len(day) != 10:
            continue
        try:
            gap = abs((date.fromisoformat(machine[:10]) - date.fromisoformat(day)).days)
        except ValueError:
            continue
        return day if gap == 1 else machine
    return machine


_ASIDE = re.compile(r"(?:^|[-_\s])(?:related\w*|comments?|recommend\w*|more-?stories|(?:swiper|slick)-slide|"
                    r"\w*slider|carousel\w*)(?:$|[-_\s])",
                    re.IGNORECASE)


def _in_aside(node: Tag) -> bool:
    """Dates of other stories (related links, recommendations, comments, teaser carousels) are not this page's
    date. ("Teaser" alone is not among them: German sites name the story's own intro so.)"""
    for parent in (node, *node.parents):
        if parent.name in ("body", "html"):
            return False
        words = " ".join([*(parent.get("class") or []), str(parent.get("id") or "")]) if parent.name else ""
        if words and _ASIDE.search(words):
            return True
    return False


_UPDATE_CUE = re.compile(r"update|modifi|edited|aktualisiert|geändert|bearbeitet|editiert|mis à jour|actualizado|"
                         r"aggiornato|zaktualizowano|обновлено|оновлено", re.IGNORECASE)


def _time_rank(node: Tag) -> int:
    """A <time> marked as the publication comes first and one labelled as an update ("Updated Nov 19") last: the
    page's first publication is the date an archive files a story under."""
    words = " ".join([*(node.get("class") or []), str(node.get("itemprop") or "")]).lower()
    if node.has_attr("pubdate") or "publish" in words:
        return 0
    before = node.previous_sibling
    lead = before.get_text(" ") if isinstance(before, Tag) else str(before or "")
    label = " ".join([words, text_of(node)[:40], lead[-30:]])  # "<b>Updated:</b> <time>…"
    return 2 if _UPDATE_CUE.search(label) else 1


# RDFa on the element itself (Drupal: <span property="dc:date dc:created" content="2019-02-08T00:00:00+01:00">)
_RDFA_DATE = re.compile(r"(?:^|\s)(?:dc|dcterms|schema):(?:date|created|issued|datePublished)(?:\s|$)", re.IGNORECASE)


def _visible_date(page: PageIndex) -> str | None:
    """itemprop/RDFa dates, <time> (publication before update), date-looking text in elements named
    date/time/byline/meta, then data-date attributes; dates of other stories and "today" widgets are skipped."""
    marked = [*page.with_attr("itemprop", re.compile(r"^date(published|created)$", re.IGNORECASE)),
              *page.with_attr("property", _RDFA_DATE)]
    for node in marked:
        if _in_aside(node):
            continue
        value = parse_date(node.get("datetime") or node.get("content") or text_of(node))
        if value:
            return value
    times = sorted(page.named("time"), key=_time_rank)
    for node in times:
        if _in_aside(node):
            continue
        value = parse_date(node.get("datetime")) or parse_date(text_of(node))
        if value:
            return value
    pattern = re.compile(r"date|time|byline|dateline|meta|publish|posted|info|author|datum|fecha|data", re.I)
    for count, node in enumerate(page.with_attr("class", pattern)):
        if count >= 60:
            break
        if _in_aside(node) or _NOT_STORY_DATE.search(" ".join(node.get("class") or [])):
            continue
        text = text_of(node)
        if len(text) < 200:
            value = parse_date(_story_date_text(node))
            if value:
                return value
    return _data_attribute_date(page)


# Classes of dates that are not the story's: the day the page was served ("current-date" widgets) and machine
# stamps hidden for search engines ("rich-snippet-hidden"). Not "updated": WordPress themes mark the publication
# day so (hAtom), often as the only date on the page.
_NOT_STORY_DATE = re.compile(r"current-?date|todays?-?date|date-?today|hidden", re.IGNORECASE)


def _story_date_text(node: Tag) -> str:
    """The node's text without the parts inside "today" widgets or hidden elements."""
    kept = [string for string in node.strings if not _marked_between(string.parent, node)]
    return " ".join(" ".join(kept).split())


def _marked_between(tag: Tag | None, top: Tag) -> bool:
    while tag is not None and tag is not top:
        if _NOT_STORY_DATE.search(" ".join(tag.get("class") or [])):
            return True
        tag = tag.parent
    return False


_DATE_ATTRS = ("data-date", "data-published", "data-publish-date", "data-pubdate", "data-date-published")


def _data_attribute_date(page: PageIndex) -> str | None:
    """Script-driven headers keep the shown date in an attribute (<div data-date="18. März 2020">)."""
    for node in page.tags:
        for attr in _DATE_ATTRS:
            value = node.attrs.get(attr) if node.attrs else None
            if isinstance(value, str) and not _in_aside(node):
                parsed = parse_date(value)
                if parsed:
                    return parsed
    return None


def _first_parsed(values: tuple) -> str | None:
    for value in values:
        parsed = parse_date(value) if isinstance(value, str) else None
        if parsed:
            return parsed
    return None


_DATE_CUE = re.compile(r"publi|posted|updated|modified|edited|geändert|bearbeitet|aktualisiert|veröffentlicht|erschienen"
                       r"|stand|datum|date|mis à jour|modifié|actualizado|aggiornato", re.IGNORECASE)


def _first_date_in_text(page: PageIndex, limit: int = 400) -> str | None:
    """Last resort: the first dateline near the top of the body ("vom 20.01.2022", "Zuletzt geändert am …").
    A date inside a longer sentence without such a cue is usually an event the story mentions, so it is skipped;
    a live blog's "Update vom 3. Mai" lines come newest first, so a labelled update only counts when nothing
    else is dated."""
    body = page.named("body")
    if not body:
        return None
    seen, first_update = 0, None
    for string in body[0].strings:
        text = string.strip()
        if not text or string.parent is None or string.parent.name in ("script", "style", "a", "option"):
            continue
        seen += 1
        if seen > limit:
            break
        if _in_aside(string.parent) or _marked_between(string.parent, body[0]):
            continue
        dateline = _DATELINE.match(text)
        if dateline or (6 <= len(text) <= 100 and (len(text) <= 40 or _DATE_CUE.search(text))):
            value = parse_date(dateline.group(1) if dateline else text)
            if value and _UPDATE_CUE.search(text):
                first_update = first_update or value
            elif value:
                return value
    return first_update


# "April 17, 2015 -- Imagine …", "BERLIN, 3. März 2019, 14:30 Uhr – Die …": a date opening the story's first line
_DATELINE = re.compile(r"^(.{0,60}?(?:19|20)\d\d(?:,?\s+\d{1,2}[:.]\d\d(?:\s*(?:Uhr|h|[ap]\.?m\.?))?)?)\s*(?:--|—|–)\s")


def _date_in_title(page: PageIndex) -> str | None:
    """Some outlets write the day into <title> ("Headline - 07.12.2017 - Outlet") and nowhere else."""
    titles = page.named("title")
    return parse_date(text_of(titles[0])) if titles else None


_STATE_DATE = re.compile(r'"(?:datePublished|publishedAt|published_at|publishDate|firstPublished|createdAt)"\s*:\s*'
                         r'"((?:19|20)\d\d-\d\d-\d\d[^"]{0,30})"')


def _date_in_page_state(page: PageIndex) -> str | None:
    """Script-rendered pages keep the story record in a JSON state blob: its first publication/creation stamp."""
    for script in page.named("script"):
        match = _STATE_DATE.search(script.string or "")
        if match:
            return parse_date(match.group(1))
    return None
