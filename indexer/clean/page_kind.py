"""What kind of page this is: an article, or a page that only leads to articles (a site's front, a section, a tag
page, a photo gallery). Only articles are stored as articles and indexed; the others are kept as raw pages, marked
with their kind, so the summary can say what was passed over and why.

The decision reads a few named signals, as trafilatura and readability do, and gives the benefit of the doubt to the
article: a page is passed over only when something speaks for a list (many headline links with little running text
between them, a declared CollectionPage or ImageGallery, many photos and few sentences), never merely because an
article is short. The signals are kept in `PageKind.signals` so a wrong call can be explained.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import lxml.html
from lxml import etree

from indexer.clean.metadata import ARTICLE_TYPES
from indexer.models import Article, RawPage
from indexer.sources.encoding import decode_html, prepare_bytes

KINDS = ("article", "front", "section", "tag", "gallery")
NAMES = {"front": ("front page", "front pages"), "section": ("section page", "section pages"),
         "tag": ("tag page", "tag pages"), "gallery": ("photo gallery", "photo galleries")}

LIST_TYPES = {"collectionpage", "itemlist", "searchresultspage", "website"}
GALLERY_TYPES = {"imagegallery", "mediagallery", "photograph"}
_ARTICLE_TYPES = ARTICLE_TYPES - {"webpage"}  # every page is a WebPage

MIN_ARTICLE_TEXT = 250  # characters of running text (a CJK character counts three) that make a page an article
MIN_TEASERS = 6  # headline links that make a page with less running text a list
MIN_PHOTOS = 6  # photos that make a page with less running text a gallery

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_BOILERPLATE = re.compile(r"related|recommend|more-|popular|trending|sidebar|widget|promo|footer|menu|nav|"
                          r"breadcrumb|share|social|comment|newsletter|teaser-rail|most-read|outbrain|taboola", re.I)
_CHROME = {"nav", "header", "footer", "aside", "form", "script", "style", "noscript", "template"}
_TAG_PATH = re.compile(r"(?:^|/)(?:tags?|topics?|themen?|thema|schlagw(?:ort|orte)|stichwort|tema|temas|temi|"
                       r"argomenti?|sujets?|mots?-cles?|etiquetas?|etiqueta|tagi|onderwerp(?:en)?|label|keywords?|"
                       r"тег|теги|тема|темы|теми|tagged|хэштег)(?:/|$)", re.I)
_GALLERY_PATH = re.compile(r"(?:^|/)(?:galler(?:y|ies)|galerie|galeria|galleria|bildergalerie|fotos?|photos?|"
                           r"in-pictures|fotogalerie|fotostrecke|photo-?gallery|slideshow|фото(?:галерея)?)(?:/|$)",
                           re.I)
_FRONT_PATH = re.compile(r"^(?:index\.\w+|home|start|[a-z]{2}(?:-[a-z]{2})?)?$", re.I)


@dataclass(frozen=True)
class Signals:
    """The evidence, each readable on its own."""

    declared: str | None  # "article", "list", "front" or "gallery": og:type / schema.org @type
    dated: bool  # the page states an article publication date (article:published_time, datePublished)
    paragraphs: int  # paragraphs (and list items) of running text in the main text the cleaner found
    running_chars: int  # their length, a CJK character counting three (it carries about a word)
    teasers: int  # distinct links with headline-like text outside menus, headers, footers and sidebars
    links: int  # distinct links to other pages outside menus, headers, footers and sidebars
    photos: int  # images outside menus, headers and footers
    main_chars: int  # length of the main text the cleaner found (0: the page has no text of its own)
    main_link_density: float  # share of the main text's characters that are whole links (teaser lists)
    url_hint: str | None  # "front", "tag" or "gallery" from the address's shape (a weak hint)


@dataclass(frozen=True)
class PageKind:
    kind: str  # one of KINDS
    reason: str  # why, in words, for the summary and for debugging
    signals: Signals

    @property
    def is_article(self) -> bool:
        return self.kind == "article"


def counted(kind: str, n: int) -> str:
    """"3 tag pages", "1 photo gallery": for summaries."""
    return f"{n} {NAMES[kind][0 if n == 1 else 1]}"


def page_kind(page: RawPage, article: Article) -> PageKind:
    """The kind of a page, from its raw bytes and what the cleaner extracted from them."""
    signals = _signals(page, article)
    kind, reason = _decide(signals)
    return PageKind(kind, reason, signals)


def _decide(s: Signals) -> tuple[str, str]:
    """First rule that holds wins; each names the evidence it went by."""
    few_words = s.running_chars < MIN_ARTICLE_TEXT
    if s.declared == "gallery" and few_words:
        return "gallery", "declared an image gallery"
    if s.declared == "article":  # publishers rarely call a list an article; a gallery often is one
        if not s.paragraphs and _mostly_photos(s):
            return "gallery", f"{s.photos} photos and no running text"
        return "article", "declared an article"
    if not few_words:
        return "article", f"{s.paragraphs} paragraphs of running text"
    if s.dated and s.paragraphs:
        return "article", "dated as an article, with running text"
    if _mostly_photos(s):
        return "gallery", f"{s.photos} photos and few words"
    if s.declared == "list" or (s.declared == "front" and s.url_hint == "front"):
        return _list_kind(s), "declared a collection of pages"
    # the address (/tag/…, the site's root) is a weak hint: it only lowers the number of headlines needed
    if s.teasers >= (MIN_TEASERS // 2 if s.url_hint in ("front", "tag") else MIN_TEASERS):
        return _list_kind(s), f"{s.teasers} headline links and few words"
    if s.main_link_density > 0.5 and s.teasers >= 3:
        return _list_kind(s), "its main text is mostly links"
    if s.main_chars == 0 and s.links:
        return _list_kind(s), f"{s.links} links and no text of its own"
    return "article", "nothing speaks for a list"


def _mostly_photos(s: Signals) -> bool:
    """Many photos (fewer at a gallery address), and far fewer headline links than photos (a front has both)."""
    return 2 * s.teasers < s.photos and s.photos >= (MIN_PHOTOS // 2 if s.url_hint == "gallery" else MIN_PHOTOS)


def _list_kind(s: Signals) -> str:
    return s.url_hint if s.url_hint in ("front", "tag") else "section"


# ----------------------------------------------------------------------------------------------- signals


def _signals(page: RawPage, article: Article) -> Signals:
    try:
        root = lxml.html.document_fromstring(_text(page))
    except (etree.ParserError, ValueError):
        root = None
    anchors, teasers, links, photos = set(), set(), set(), 0
    declared, dated = None, False
    if root is not None:
        declared, dated = _declared(root)
        for a in root.iter("a"):
            text = " ".join(a.text_content().split())
            if text:
                anchors.add(text)
            href = (a.get("href") or "").strip()
            if href and not href.startswith(("#", "?", "javascript:", "mailto:")) and not _in_chrome(a):
                links.add(href)
                if _headline(text):
                    teasers.add(href)
        photos = sum(1 for img in root.iter("img") if not _in_chrome(img))
    summaries = _teaser_summaries(root) if root is not None else set()
    prose = [b.text for b in article.blocks if b.kind in ("p", "li", "quote") and _running(b.text)
             and " ".join(b.text.split()) not in anchors | summaries]
    main = sum(len(t) for t in article.paragraphs)
    linked = sum(len(b.text) for b in article.blocks if " ".join(b.text.split()) in anchors)
    url = page.url or article.url or ""
    return Signals(declared=declared, dated=dated, paragraphs=len(prose),
                   running_chars=sum(len(t) + 2 * len(_CJK.findall(t)) for t in prose),
                   teasers=len(teasers), links=len(links), photos=photos, main_chars=main,
                   main_link_density=linked / main if main else 0.0,
                   url_hint=_url_hint(url))


def _teaser_summaries(root) -> set[str]:
    """Texts of paragraphs that sum up another page: each sits in a small box (one or two paragraphs) with a
    headline link of its own, as on a front or a section page. A story's paragraphs share one large container.

    Linear in the page: the paragraphs under each element are counted once, bottom up (counting them again for
    every paragraph took 77 s on a 4 MB story), and a box is only searched for links when it is small."""
    elements = list(root.iter())  # (kept: lxml gives an element the same proxy while one is alive)
    paragraphs: dict = {}  # element → <p> elements below it
    for element in reversed(elements):
        parent = element.getparent()
        if parent is not None:
            paragraphs[parent] = paragraphs.get(parent, 0) + paragraphs.get(element, 0) + (element.tag == "p")
    headline: dict = {}  # <a> → whether its text reads like a headline

    def is_headline(a) -> bool:
        if a not in headline:
            headline[a] = _headline(" ".join(a.text_content().split()))
        return headline[a]

    found = set()
    for p in root.iter("p"):
        for box in list(itertools.islice(p.iterancestors(), 2)):
            if paragraphs.get(box, 0) > 2:
                break
            if any(is_headline(a) for a in box.iter("a") if p not in a.iterancestors()):
                found.add(" ".join(p.text_content().split()))
                break
    return found


def _text(page: RawPage) -> str:
    """The page as text: most pages are UTF-8, which needs no guessing (the cleaner has guessed for the others)."""
    data = prepare_bytes(page.data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return decode_html(data, page.content_type)


def _declared(root) -> tuple[str | None, bool]:
    """What og:type and the JSON-LD @type say the page is, and whether it states an article date."""
    og = ""
    dated = False
    for meta in root.iter("meta"):
        prop = (meta.get("property") or meta.get("name") or "").lower()
        if prop == "og:type":
            og = (meta.get("content") or "").strip().lower()
        elif prop in ("article:published_time", "og:article:published_time") and meta.get("content"):
            dated = True
    types: set[str] = set()
    for script in root.iter("script"):
        if (script.get("type") or "").lower() != "application/ld+json":
            continue
        try:
            data = json.loads(script.text or "")
        except ValueError:
            continue
        for obj in _objects(data):
            kinds = {t.lower() for t in (obj.get("@type") if isinstance(obj.get("@type"), list)
                                         else [obj.get("@type")]) if isinstance(t, str)}
            types |= kinds
            if kinds & _ARTICLE_TYPES and obj.get("datePublished"):
                dated = True
    if types & GALLERY_TYPES or og in ("gallery", "image.gallery"):
        return "gallery", dated
    if types & _ARTICLE_TYPES or og == "article":
        return "article", dated
    if types & LIST_TYPES - {"website"}:
        return "list", dated
    if "website" in types or og == "website":
        return "front", dated  # a site describing itself, not a story; weak unless the address agrees
    return None, dated


def _objects(data) -> list[dict]:
    """Every JSON-LD object, @graph members included (one level is what publishers use)."""
    items = data if isinstance(data, list) else [data]
    out = []
    for item in items:
        if isinstance(item, dict):
            out.append(item)
            graph = item.get("@graph")
            if isinstance(graph, list):
                out += [g for g in graph if isinstance(g, dict)]
    return out


def _in_chrome(node) -> bool:
    """Inside the site's menus, header, footer or a sidebar of related links: not the page's own content."""
    for parent in node.iterancestors():
        if parent.tag in _CHROME:
            return True
        marks = f"{parent.get('class') or ''} {parent.get('id') or ''} {parent.get('role') or ''}"
        if marks.strip() and _BOILERPLATE.search(marks):
            return True
    return False


def _headline(text: str) -> bool:
    """Link text that reads like a story's headline, not like a menu item ("Sport", "Next page")."""
    if _CJK.search(text):
        return len(text) >= 8
    return len(text) >= 20 and len(text.split()) >= 4


def _running(text: str) -> bool:
    """A paragraph of running text: long enough to be more than a caption or a teaser's line."""
    return len(text) >= (25 if _CJK.search(text) else 80)


def _url_hint(url: str) -> str | None:
    if not url.startswith(("http://", "https://")):
        return None  # a file on disk says nothing
    path = urlsplit(url).path.strip("/")
    if _FRONT_PATH.match(path):
        return "front"
    if _TAG_PATH.search(path):
        return "tag"
    if _GALLERY_PATH.search(path):
        return "gallery"
    return None
