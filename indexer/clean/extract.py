"""HTML page → Article: the story's text in reading order plus its metadata, without the page around it.

How the body is found (the approach of readability/trafilatura, written for this project):
1. prune what is never story text: scripts, forms, navigation, hidden elements, and elements whose class/id/role
   names boilerplate (cookie banners, share bars, "read next", comments, ads, captions);
2. score every element by the running prose beneath it (paragraph length and commas, less link text) and take
   the best container plus its sibling paragraphs;
3. walk that container once, in order, emitting headings, paragraphs, list items, quotes and data tables;
4. drop link-heavy and boilerplate-phrase blocks and the byline/date lines that open many stories.
All tree walks are iterative, so markup nested hundreds of thousands deep cannot raise RecursionError.
"""

from __future__ import annotations

import itertools
import re
import warnings
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, Comment, NavigableString, Tag, XMLParsedAsHTMLWarning

from indexer.clean import bylines, credits, promotions
from indexer.clean import metadata as md
from indexer.clean.dates import parse_date
from indexer.clean.normalize import normalize_markup, plain_field
from indexer.models import Article, Block, InputError, RawPage
from indexer.sources.encoding import MAX_PAGE_BYTES, decode_html, prepare_bytes, require_markup
from indexer.sources.origins import web_url

__all__ = ["MAX_PAGE_BYTES", "decode_html", "clean", "InputError"]

DROP_TAGS = {"script", "style", "noscript", "template", "iframe", "svg", "canvas", "object", "embed", "video",
             "audio", "map", "button", "select", "input", "textarea", "nav", "aside", "footer", "figcaption",
             "link", "meta", "dialog", "menu", "head", "title", "picture", "source", "label", "option",
             "annotation", "annotation-xml"}  # a formula's TeX or other source beside its MathML
BLOCK_TAGS = {"address", "article", "aside", "blockquote", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
              "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
              "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "thead", "tfoot", "tr", "td", "th",
              "ul", "summary", "center", "caption", "body", "html", "menu"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}

_STRONG_NEGATIVE = re.compile(
    r"(?:^|[-_\s])(?:ads?|adv|advert\w*|adslot|adunit|dfp|gpt|banner|cookie\w*|consent|gdpr|comments?|commentary-"
    r"|disqus|discussion|share\w*|sharing|social\w*|sns|newsletter\w*|subscri\w*|signup|paywall|promo\w*|sponsor\w*"
    r"|related\w*|recommend\w*|read-?next|read-?more|more-?(?:stories|articles|news)|popular|trending|most-?read"
    r"|outbrain|taboola|modal|popup|overlay|print-?only|alerts?|toast|flash-?messages?|carousel|slider"
    r"|lizenz|licen[cs]e|sticky"
    r"|caption|credits?|copyright|login|signin|rating|reactions?|jump-?link|skip\w*"
    r"|pagination|pager|toolbar|byline\w*|dateline|about-?author|kicker|readtime"
    r"|reading-?time|commenti|comentarios?|comentários?|commentaires?|kommentare?|komentarze|reacties|reakcje"
    r"|etiquetas|schlagworte|bijschrift|didascalia|legende|légende|pie-?de-?foto|pic[-_]?title|occhiello|error)(?:$|[-_\s])",
    re.IGNORECASE)
_WEAK_NEGATIVE = re.compile(
    r"(?:^|[-_\s])(?:sidebar|footer|foot|header|masthead|nav\w*|menu\w*|breadcrumbs?|meta|tags?|tag-?list"
    r"|widget\w*|bio|topics?|keywords|tools|utility|actions|link-?list|secondary|aside|rail|teaser\w*|authors?"
    r"|autor(?:ia)?)(?:$|[-_\s])",
    re.IGNORECASE)
_POSITIVE = re.compile(
    r"article|body|content|entry|main|post|story|text|blog|prose|richtext|hentry|column|paragraph|chapter",
    re.IGNORECASE)
_DIALOG = re.compile(r"(?:^|\s)(?:modal|popup|dialog)(?:$|\s)", re.IGNORECASE)
_DROP_ROLES = {"navigation", "banner", "contentinfo", "complementary", "dialog", "alert", "alertdialog", "menu",
               "menubar", "search", "toolbar", "tablist"}
_HIDDEN_CLASS = re.compile(
    r"hidden|hide|invisible|is-hidden|d-none|visually-?hidden|sr-only|screen-?reader-?(?:text|only)|offscreen",
    re.IGNORECASE)
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
# Phrases that open boilerplate blocks (checked on blocks under 120 characters).
_BOILERPLATE_TEXT = re.compile(
    r"^(?:share (?:this|on)|follow us|folgen sie uns|read (?:more|next|also)|lesen sie (?:auch|mehr)|mehr zum thema"
    r"|lire (?:aussi|la suite)|à lire aussi|leer más|lee también|leggi anche|czytaj (?:też|także|więcej)"
    r"|читайте (?:также|також)|see also|more from|sign up|subscribe to|newsletter|we use cookies"
    r"|this (?:site|website) uses cookies|all rights reserved|©|copyright|click here|tap here|image:|photo:|foto:"
    r"|bild:|titelbild|beitragsbild|credit:|getty images|back to top|nach oben|skip to|externer inhalt"
    r"|das (?:thema )?könnte (?:dich|sie) auch interessieren|auch interessant|download (?:the|our) \w+ apps?"
    r"|\*?werbung\b.{0,20}(?:beitrag|enthält)|aktualisiert am|zuletzt aktualisiert|updated on"
    r"|comments are closed|kommentare sind geschlossen|subscribe now|jetzt abonnieren|you may also like"
    r"|similar posts|ähnliche (?:beiträge|artikel)|noch mehr infos|more stories|mehr artikel|zobacz (?:też|także)"
    r"|(?:additional )?reporting by|editing by|помітили помилку|заметили ошибку|found a (?:typo|mistake)"
    r"|(?:temas|tags|themen|sujets|tematy|теги|теми|schlagwörter)\s*:"
    r"|[（(]\s*(?:责任编辑|責任編輯|编辑|編輯|編集)\s*[:：]"
    r"|\d+\s*(?:min\.?|minutes?|minuten|minut)\s*(?:read|lesezeit|czytania|de lecture|de lectura))",
    re.IGNORECASE)
# Words that are boilerplate when they are (nearly) the whole block.
_BOILERPLATE_WORD = re.compile(
    r"^(?:advertisement|anzeige|werbung|publicité|publicidad|pubblicità|reklama|реклама|sponsored|share|teilen"
    r"|partager|compartir|condividi|udostępnij|поделиться|поділитися|related(?: articles| stories| posts)?|comments?"
    r"|kommentare|commentaires|comentarios|commenti|komentarze|комментарии|коментарі|print|drucken|e-?mail|tweet"
    r"|whatsapp|facebook|twitter|linkedin|loading|log ?in|sign ?in|anmelden|subscribe|abonnieren|newsletter"
    r"|weiterlesen|read more|more|mehr|cookies|accept(?: all)?|close|schließen|menu|menü|search|suche|إعلان|広告"
    r"|广告|광고)\W*$",
    re.IGNORECASE)


@dataclass
class _Stats:
    """Per-element text and link-text lengths, computed once bottom-up (no recursion)."""

    text: dict[int, int] = field(default_factory=dict)
    links: dict[int, int] = field(default_factory=dict)
    paragraphs: dict[int, int] = field(default_factory=dict)  # text inside <p>, the surest sign of prose

    @classmethod
    def of(cls, root: Tag) -> _Stats:
        stats = cls()
        nodes = [root, *root.descendants]
        for node in reversed(nodes):
            parent = node.parent
            if isinstance(node, Tag):
                key = id(node)
                total = stats.text.get(key, 0)
                links = total if node.name == "a" else stats.links.get(key, 0)
                prose = total if node.name == "p" else stats.paragraphs.get(key, 0)
                stats.links[key] = links
                stats.paragraphs[key] = prose
                if parent is not None and node is not root:
                    up = id(parent)
                    stats.text[up] = stats.text.get(up, 0) + total
                    stats.links[up] = stats.links.get(up, 0) + links
                    stats.paragraphs[up] = stats.paragraphs.get(up, 0) + prose
            elif type(node) is NavigableString and parent is not None:
                size = len(node.strip())
                if size:
                    stats.text[id(parent)] = stats.text.get(id(parent), 0) + size
        return stats

    def holds_most_prose(self, tag: Tag, root: Tag, share: float = 0.5) -> bool:
        """Guard against wrappers whose class happens to name boilerplate ("modal-enabled", "body_overlay")."""
        total, prose = self.text.get(id(root), 0), self.paragraphs.get(id(root), 0)
        return (prose > 0 and self.paragraphs.get(id(tag), 0) >= share * prose) or (
            total > 0 and self.text.get(id(tag), 0) >= 0.6 * total)

    def length(self, tag: Tag) -> int:
        return self.text.get(id(tag), 0)

    def link_density(self, tag: Tag) -> float:
        total = self.text.get(id(tag), 0)
        return self.links.get(id(tag), 0) / total if total else 0.0


def clean(page: RawPage) -> Article:
    """Extract the article from a raw page; raises InputError for empty, binary or oversized input."""
    data = prepare_bytes(page.data)
    html = normalize_markup(decode_html(data, page.content_type))
    require_markup(html)
    html = _cap_nesting(html)
    require_few_elements(html)
    with warnings.catch_warnings():  # a page that looks like XML (an XHTML prologue) is read as HTML, deliberately
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        soup = BeautifulSoup(html, "lxml")
    index = md.PageIndex(soup)
    meta = md.meta_map(index)
    objects = md.jsonld_objects(index)
    ld = md.main_jsonld(objects)
    article = _metadata(index, meta, objects, ld, page)
    article.title = _title(index, meta, ld, article)
    article.title_extras = _title_extras(index, meta, ld, article)
    _plain_fields(article)
    link_count = sum(1 for a in index.named("a") if a.get("href"))
    body = soup.body or soup
    del index  # the tree is about to change
    _prune(body, article.title)
    article.blocks = _extract_blocks(body, article)
    article.is_article = _looks_like_article(article, link_count, _declared_kind(meta, ld, objects, article.url))
    _require_short_text(len(article.text))
    return article


def _require_short_text(chars: int, slack: int = 1) -> None:
    if chars > slack * MAX_TEXT_CHARS:
        raise InputError(f"too much text for a news article: {chars:,} characters, over the {MAX_TEXT_CHARS:,} "
                         "that are annotated in reasonable time (a long read has 100,000); the raw page is kept, "
                         "nothing was extracted; split it to archive it")


MAX_ELEMENTS = 250_000  # opening tags a page may have (news pages have thousands): time and memory grow with them
MAX_TEXT_CHARS = 1_000_000  # characters of text an article may have: annotation time grows faster than the text
_OPEN_TAG = re.compile(r"<[a-zA-Z]")


def require_few_elements(html: str) -> None:
    """Refuse a page with more elements than MAX_ELEMENTS before its tree is built: a 20 MiB page of small
    elements makes millions of them, gigabytes and minutes in BeautifulSoup, and is no news page. (The crawler asks
    too, before it reads a page's links.)"""
    if html.count("<") <= MAX_ELEMENTS or next(itertools.islice(_OPEN_TAG.finditer(html), MAX_ELEMENTS, None),
                                               None) is None:
        return
    raise InputError(f"too many HTML elements: the page has over {MAX_ELEMENTS:,} tags (a news page has a few "
                     "thousand), too many to read in reasonable time and memory; the raw page is kept, nothing was "
                     "extracted")


# ----------------------------------------------------------------------------------------------- metadata


def _metadata(index: md.PageIndex, meta: dict, objects: list[dict], ld: dict, page: RawPage) -> Article:
    canonical = next((link for link in index.named("link") if "canonical" in (link.get("rel") or [])), None)
    url, claim = md.article_url([md.absolute(canonical.get("href") if canonical else None, page.url),
                                 md.absolute(md.first_meta(meta, "og:url"), page.url)], page.url)
    publisher = md.names_of(ld.get("publisher")) or [
        n for o in objects if {"organization", "newsmediaorganization"} & md.types_of(o) for n in md.names_of(o)][:1]
    source = (md.first_meta(meta, "og:site_name", "application-name", "al:android:app_name", "twitter:app:name:iphone")
              or (publisher[0].strip() if publisher else "") or _site_in_title(index, meta, ld)
              or md.site_from_host(url or page.url))
    published, modified = md.published_and_modified(index, meta, ld, url or page.url)
    html_tags = index.named("html")
    lang = (html_tags[0].get("lang") or html_tags[0].get("xml:lang")) if html_tags else None
    lang_value = lang if isinstance(lang, str) else None
    ld_lang = ld.get("inLanguage") if isinstance(ld.get("inLanguage"), str) else None
    language = (md.normalize_language(lang_value)
                or md.normalize_language(md.first_meta(meta, "content-language", "language", "dc.language", "og:locale"))
                or md.normalize_language(ld_lang))
    image = md.first_meta(meta, "og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
    if not image:
        image = _ld_image(ld.get("image"))
    description = md.first_meta(meta, "og:description", "description", "twitter:description", "dc.description")
    if not description and isinstance(ld.get("description"), str):
        description = " ".join(ld["description"].split())
    sites = md.site_names(source, url or page.url) + [s for p in publisher for s in md.site_names(p, None)]
    return Article(authors=bylines.authors(index, meta, ld, sites), published=published, modified=modified,
                   source=source, url=url, canonical_claim=claim, declared_language=language,
                   description=description, image=web_url(md.absolute(image, url or page.url)))


def _plain_fields(article: Article) -> None:
    """Fields taken from structured data as written there (JSON escapes, entities escaped twice) in the page's
    one spelling (see normalize)."""
    article.title = plain_field(article.title)
    article.title_extras = [plain_field(t) for t in article.title_extras]
    article.authors = [plain_field(a) for a in article.authors]
    article.source = plain_field(article.source)
    article.description = plain_field(article.description)


def _site_in_title(index: md.PageIndex, meta: dict, ld: dict) -> str:
    """The outlet named in <title> beside the headline, checked against the <h1> and headline metadata."""
    doc_title, explicit = md.title_candidates(index, meta, ld)
    headings = [md.text_of(h) for h in index.named("h1")[:5] if not _in_logo(h)]
    return md.site_from_title(doc_title, [*explicit, *headings])


_LOGO = re.compile(r"logo|brand|site-?(?:title|name)|masthead", re.IGNORECASE)


def _in_logo(tag: Tag) -> bool:
    """An <h1> in the site's logo or masthead names the outlet, not the story."""
    for node in (tag, *list(tag.parents)[:3]):
        if isinstance(node, Tag) and _LOGO.search(" ".join([*(node.get("class") or []), str(node.get("id") or "")])):
            return True
    return False


def _ld_image(value) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        url = value.get("url") or value.get("contentUrl")
        return url if isinstance(url, str) else None
    if isinstance(value, list) and value:
        return _ld_image(value[0])
    return None


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def _title(index: md.PageIndex, meta: dict, ld: dict, article: Article) -> str:
    """The headline. In order: the <h1> minus a kicker it holds, when a title source gives the two together; the
    <h1> the JSON-LD headline repeats word for word; a headline that <title> and an explicit source (JSON-LD,
    Dublin Core, OpenGraph) agree on; the visible <h1> when a title source confirms it; the most explicit headline
    metadata; <title> minus the site name; the first <h1>. A title source that only names the site or a generic
    page ("Home", "Startseite") is no headline."""
    sites = md.site_names(article.source, article.url)
    doc_title, explicit = md.title_candidates(index, meta, ld)
    if _generic_title(doc_title, sites):
        doc_title = ""
    explicit = [t for t in explicit if not _generic_title(t, sites)]
    sites += _logo_names(index, doc_title)
    elements = [h for h in _headline_elements(index) if not md.is_site_name(md.text_of(h), sites)]
    headings = [h for h in (md.text_of(h) for h in elements) if h]
    for element in elements:
        kicker, headline = _kicker_split(element)
        if kicker and _confirms(md.text_of(element), [*explicit, doc_title], sites):
            return headline
    ld_headline = _norm(plain_field(ld["headline"])) if isinstance(ld.get("headline"), str) else ""
    for heading in headings:
        if ld_headline and _norm(heading) == ld_headline:
            return heading
    agreed = _agreed_title(doc_title, explicit, sites)
    if agreed:
        return agreed
    for heading in headings:
        if _confirms(heading, [*explicit, doc_title], sites):
            return heading
    if explicit:
        return md.strip_site_name(explicit[0], sites)
    if doc_title:
        return md.strip_site_name(doc_title, sites)
    return headings[0] if headings else ""


# Names of a site's generic pages, never a story's headline (a page whose og:title says "Home" holds the headline in
# its <h1>).
_GENERIC_TITLES = {"home", "homepage", "home page", "start", "startseite", "accueil", "page d accueil", "inicio",
                   "portada", "página principal", "pagina principale", "pagina iniziale", "strona główna", "главная",
                   "главная страница", "головна", "головна сторінка", "index", "untitled", "untitled document",
                   "welcome", "willkommen", "bienvenue", "bienvenido", "benvenuto", "welkom"}


def _generic_title(text: str, sites: list[str]) -> bool:
    """A title made only of generic page names and the site's own name ("Home | Harbour News"), word for word."""
    own = {site.replace(" ", "") for site in sites}
    parts = [_norm(p) for p in md.TITLE_SEPARATORS.split(text or "") if p.strip()]
    return bool(parts) and all(p in _GENERIC_TITLES or p.replace(" ", "") in own for p in parts)


def _kicker_split(heading: Tag) -> tuple[str, str]:
    """(kicker, headline) of a headline element that holds both: a first part named as a kicker
    (<span class="article-heading__kicker">), or a first part set off by an element holding only a separator
    (<span aria-hidden="true"> – </span>), the layout of a label shown above the headline. ("", text) otherwise."""
    parts = [c for c in heading.children if isinstance(c, Tag) or str(c).strip()]
    if len(parts) < 3 or not isinstance(parts[0], Tag):
        return "", md.text_of(heading)
    separator = isinstance(parts[1], Tag) and not re.search(r"\w", parts[1].get_text())
    if not (separator or _KICKER.search(" ".join(parts[0].get("class") or []))):
        return "", md.text_of(heading)
    rest = parts[2:] if separator else parts[1:]
    headline = " ".join(" ".join(p.get_text(" ") if isinstance(p, Tag) else str(p) for p in rest).split())
    headline = re.sub(r"^[\s:|–—-]+", "", headline)
    kicker = md.text_of(parts[0])
    if not headline or not kicker or len(kicker.split()) > 12:
        return "", md.text_of(heading)
    return kicker, headline


_KICKER = re.compile(r"(?:^|[-_\s])(?:kicker|overline|topline|dachzeile|roofline|surtitre|supertitle|antetitulo"
                     r"|occhiello|bovenkop|nadtytul)(?:$|[-_\s])", re.IGNORECASE)


def _title_extras(index: md.PageIndex, meta: dict, ld: dict, article: Article) -> list[str]:
    """The kicker right above the headline and explicit headline metadata that says more than the title (the
    cleaner drops kickers from the body: "Flut an der Elbe" is a label, not a sentence of the story)."""
    title = _norm(article.title)
    sites = md.site_names(article.source, article.url)
    found: list[str] = []
    for heading in _headline_elements(index):
        kicker, headline = _kicker_split(heading)
        if kicker and _norm(headline) == title:
            found.append(kicker)  # the kicker inside the <h1>
            break
        if _norm(md.text_of(heading)) != title:
            continue
        before = heading.find_previous_sibling()
        if isinstance(before, Tag) and _KICKER.search(" ".join(before.get("class") or [])):
            kicker = md.text_of(before)
            if 0 < len(kicker.split()) <= 12:  # a label, not a paragraph
                found.append(kicker)
        break
    for text in md.title_candidates(index, meta, ld)[1]:
        whole = _norm(text)
        if title and f" {title} " in f" {whole} ":
            # "Kicker: Headline | Outlet": only what the title lacks, without the outlet's name
            found += [rest for rest in f" {whole} ".split(f" {title} ") if rest.strip()
                      and not md.is_site_name(rest.strip(), sites)]
        elif text:
            found.append(md.strip_site_name(text, sites))
    seen = {title}
    extras = []
    for text in found:
        key = _norm(text)
        if key and key not in seen and f" {key} " not in f" {title} ":
            seen.add(key)
            extras.append(" ".join(text.split()))
    return extras


_NAV_WORDS = {"nav", "navbar", "navigation", "menu", "main-nav", "main-menu", "mainmenu", "site-nav", "site-navigation",
              "topnav", "top-nav"}
_HEADLINE_CLASS = re.compile(r"(?:^|[-_\s])(?:headline|(?:article|entry|post|story)[-_]?(?:title|headline))(?:$|[-_\s])",
                             re.IGNORECASE)


def _headline_elements(index: md.PageIndex) -> list[Tag]:
    """The <h1>s, then other headings marked as the headline (<h2 class="article-headline">, itemprop=headline).
    An <h1> inside a breadcrumb or menu repeats a page name for navigation; the story's headline is elsewhere."""
    h1s = [h for h in index.named("h1")[:20] if not _in_navigation(h)]
    marked = [tag for tag in index.with_attr("class", _HEADLINE_CLASS) if tag.name in ("h2", "h3", "div", "span", "p")]
    marked += [tag for tag in index.with_attr("itemprop", re.compile(r"^headline$", re.IGNORECASE))
               if tag.name not in ("meta", "h1")]
    return h1s + [tag for tag in marked[:10] if not _in_navigation(tag) and not tag.find(["h1", "p", "img"])]


def _in_navigation(tag: Tag) -> bool:
    """Inside a <nav>, a breadcrumb trail or a menu, below the story's own <article>/<main> if any."""
    for node in (tag, *list(tag.parents)[:6]):
        if not isinstance(node, Tag) or node.name in ("article", "main", "body"):
            return False
        words = [w.lower() for w in [*(node.get("class") or []), str(node.get("id") or "")]]
        if node.name == "nav" or node.get("role") == "navigation" or any(
                "breadcrumb" in w or w in _NAV_WORDS for w in words):
            return True
    return False


def _agreed_title(doc_title: str, explicit: list[str], sites: list[str]) -> str:
    """Pages often show a short display <h1> but name the story in full in <title> and the structured data;
    when those two independent sources agree word for word, that is the headline."""
    if not doc_title:
        return ""
    own = md.strip_site_name(doc_title, sites)
    if own == doc_title or len(_norm(own).split()) < 3:
        return ""  # nothing was cut off: a bare <title> is too often just a copy of og:title
    for candidate in explicit:
        if _norm(candidate) == _norm(own):
            return candidate
    return ""


def _frames(heading: str, ref: str) -> bool:
    """ "Series: Headline | Video from 16.10." holds the headline whole, set off by separators: the <h1> is the
    fuller form of the same title."""
    ref = " ".join(ref.split())
    if len(ref.split()) < 4 or ref not in heading or ref == heading:
        return False
    before, after = heading.split(ref, 1)
    return all(not side.strip() or re.search(r"[:|–—-]\s*$", side) for side in (before,)) and \
        all(not side.strip() or re.match(r"\s*[:|–—-]", side) for side in (after,))


def _logo_names(index: md.PageIndex, doc_title: str) -> list[str]:
    """An <h1> that equals the last segment of "Headline | Site" in <title> is the site's logo, not a headline."""
    parts = [p for p in md.TITLE_SEPARATORS.split(doc_title) if p.strip()] if doc_title else []
    if len(parts) < 2:
        return []
    return [_norm(t) for t in (md.text_of(h) for h in index.named("h1")[:5]) if _norm(t) == _norm(parts[-1])]


def _confirms(heading: str, references: list[str], sites: list[str]) -> bool:
    """An <h1> is the headline when a title source says the same, possibly with the site name around it."""
    norm = _norm(heading)
    if len(norm) < 4:
        return False
    for ref in references:
        if norm in (_norm(ref), _norm(md.strip_site_name(ref, sites))):
            return True
        if len(norm) > 8 and SequenceMatcher(None, norm, _norm(ref)).ratio() >= 0.9:
            return True  # "Nachhaltig leben" shown, "Nachhaltiger leben" in og:title: the same headline
        if _frames(heading, ref):
            return True
        whole = _norm(ref)
        if len(norm) > 15 and (whole.startswith(norm) or whole.endswith(norm)) and len(norm) >= 0.5 * len(whole):
            return True
    return False


# ----------------------------------------------------------------------------------------------- pruning


def _attr_names(tag: Tag) -> tuple[str, str]:
    """Class/id words to test for boilerplate, and the words to test for story content.

    A BEM class names a block and an element ("modal__body", "article__kicker"): either part can mark
    boilerplate, but only the element part says the element itself is content ("article__meta" is not).
    """
    classes = tag.get("class") or []
    if isinstance(classes, str):
        classes = [classes]
    ident = str(tag.get("id") or "")
    classes = [re.sub(r"([a-z])([A-Z])", r"\1-\2", c) for c in classes]  # camelCase "modTeaser" → "mod-Teaser"
    elements = [c.rsplit("__", 1)[-1] for c in classes]
    blocks = [c.rsplit("__", 1)[0] for c in classes if "__" in c]
    return " ".join([*elements, *blocks, ident]).strip(), " ".join([*elements, ident]).strip()


def _is_hidden(tag: Tag) -> bool:
    if tag.has_attr("hidden") or str(tag.get("aria-hidden", "")).lower() == "true":
        return True
    style = tag.get("style")
    if style and _HIDDEN_STYLE.search(str(style)):
        return True
    classes = tag.get("class") or []
    return any(_HIDDEN_CLASS.fullmatch(c) for c in (classes if isinstance(classes, list) else [classes]))


_TEMPLATE_TYPES = {"text/template", "text/html", "text/x-template", "text/ng-template"}


def _open_html_templates(body: Tag) -> None:
    """Some blogs ship the post as HTML inside <script type="text/template"> as the only content of its
    container; unpack it into a <div>."""
    for script in body.find_all("script"):
        if str(script.get("type", "")).lower() not in _TEMPLATE_TYPES:
            continue
        inner = (script.string or "").strip()
        parent = script.parent
        others = [c for c in parent.contents if c is not script and not (
            isinstance(c, Tag) and c.name in ("script", "noscript", "style"))] if parent is not None else []
        siblings_text = sum(len(c.get_text().strip() if isinstance(c, Tag) else str(c).strip()) for c in others)
        if not inner.startswith("<") or "<p" not in inner or siblings_text > 50:
            continue  # only markup, and only a container whose whole content is the template
        fragment = BeautifulSoup(inner, "lxml")
        holder = fragment.body or fragment
        script.name, script.attrs = "div", {}
        script.clear()
        for child in list(holder.contents):
            script.append(child.extract())


def _prune(body: Tag, title: str = "") -> None:
    """Remove what is never story text; a named-boilerplate element holding most of the page's text, or the
    story's own headline, is kept."""
    _remove([node for node in body.descendants if isinstance(node, Comment)])
    _open_html_templates(body)
    stats = _Stats.of(body)
    total = max(stats.length(body), 1)
    story = _around_headline(body, title)
    doomed: list[Tag] = []
    for tag in [node for node in body.descendants if isinstance(node, Tag)]:
        name = tag.name
        if name in DROP_TAGS or (name == "form" and stats.length(tag) < 0.5 * total):
            doomed.append(tag)
            continue
        if name in ("body", "html"):
            continue
        if _is_hidden(tag):
            doomed.append(tag)
            continue
        if (name == "header" or str(tag.get("role", "")).lower() in _DROP_ROLES) and not (
                stats.paragraphs.get(id(tag), 0) >= 100 or stats.holds_most_prose(tag, body)
                or _story_header(tag, stats)):
            doomed.append(tag)
            continue
        if id(tag) in story:
            continue  # a story opened in an overlay ("modal", "lightbox") over the page it was linked from
        if name == "article" and _teaser_inside_story(tag, stats):
            doomed.append(tag)
            continue
        names, own = _attr_names(tag)
        if _DIALOG.search(names) and stats.length(tag) < 0.5 * total:
            doomed.append(tag)  # a real dialog ("modal", "modal__body"), not a "modal-enabled" page wrapper
            continue
        if not names or stats.holds_most_prose(tag, body):
            continue
        if _STRONG_NEGATIVE.search(names) or (_WEAK_NEGATIVE.search(names) and not _POSITIVE.search(own)
                                              and not stats.holds_most_prose(tag, body, 0.25)
                                              and tag.find("math") is None):  # a formula's menu, not a menu
            doomed.append(tag)
    _remove(doomed)


def _remove(nodes: list) -> None:
    """Take the nodes (in document order) out of the tree, in time linear in the page: bs4 looks for a node's place
    among its siblings one by one, which made removing the 11,000 teasers of one list take 18 s of a 4 MiB page's
    25. Their places are looked up once; the last of them is taken out first, so the others' places stay right."""
    chosen = {id(node) for node in nodes}
    tops = [node for node in nodes if not any(id(up) in chosen for up in node.parents)]  # the rest go with them
    places = {id(child): n for parent in {id(node.parent): node.parent for node in tops}.values()
              for n, child in enumerate(parent.contents)}
    for node in reversed(tops):
        node.extract(_self_index=places[id(node)])
        node.decompose()


def _teaser_inside_story(tag: Tag, stats: _Stats) -> bool:
    """An <article> inside another one is, in HTML's own terms, content related to it: on news pages a teaser of
    another story (its headline linked to that story, an excerpt) set into or below the text."""
    outer = next((p for p in tag.parents if p.name == "article"), None)
    if outer is None or stats.length(tag) >= 0.25 * stats.length(outer):
        return False
    return any(h.find("a", href=True) is not None for h in tag.find_all(HEADINGS, limit=3))


def _around_headline(body: Tag, title: str) -> set[int]:
    """The elements that hold the page's story headline: an <h1> that reads as the article's title."""
    wanted = _norm(title)
    if not wanted:
        return set()
    for h1 in body.find_all("h1"):
        if _norm(h1.get_text(" ")) == wanted:
            return {id(a) for a in h1.parents}
    return set()


def _story_header(tag: Tag, stats: _Stats) -> bool:
    """A <header> inside the <article>/<main> is the story's own head (headline, standfirst, byline), not the
    site's: keep it when it holds a lead block, so the standfirst can join the text."""
    if tag.name != "header" or not any(p.name in ("article", "main") for p in tag.parents):
        return False
    return any(_LEAD.search(_attr_names(c)[1]) and 40 <= stats.length(c) <= 800 and stats.link_density(c) < 0.1
               for c in tag.find_all(True, limit=60) if _attr_names(c)[1])


# ----------------------------------------------------------------------------------------------- scoring


def _class_weight(tag: Tag) -> int:
    names, own = _attr_names(tag)
    weight = 0
    if names:
        if _STRONG_NEGATIVE.search(names) or _WEAK_NEGATIVE.search(names):
            weight -= 25
        if _POSITIVE.search(own):
            weight += 25
    if tag.get("itemprop") == "articleBody" or tag.name in ("article", "main"):
        weight += 25
    return weight


_TAG_BASE = {"div": 5, "article": 8, "main": 5, "section": 3, "pre": 3, "td": 3, "blockquote": 3, "form": -3,
             "ol": -3, "ul": -3, "dl": -3, "dd": -3, "dt": -3, "li": -3, "address": -3, "th": -5}
_COMMAS = re.compile(r"[,،、，;]")


def _direct_text(tag: Tag) -> str:
    return " ".join(str(c) for c in tag.children if type(c) is NavigableString).strip()


def _best_container(body: Tag, stats: _Stats) -> tuple[list[Tag], list[Tag]]:
    """Readability-style scoring: the top container plus siblings that also read as story, and the next-best
    candidates in score order."""
    scores: dict[int, float] = {}
    tags: dict[int, Tag] = {}
    for node in body.descendants:
        if not isinstance(node, Tag):
            continue
        if node.name in ("p", "pre", "td"):
            if stats.length(node) < 25:
                continue
            text = node.get_text()
        elif node.name in ("div", "section", "article", "span", "font", "center"):
            text = _direct_text(node)  # text written straight into a container, without <p>
            if len(text) < 25:
                continue
        else:
            continue
        text_len = len(text.strip())
        points = 1 + min(len(_COMMAS.findall(text)), 10) + min(text_len // 100, 3)
        if node.name not in ("p", "pre", "td"):
            _add(scores, tags, node, points)
        ancestor: Tag | None = node.parent
        for level in range(5):
            if ancestor is None or not isinstance(ancestor, Tag) or ancestor.name in ("html", "[document]"):
                break
            divider = 1 if level == 0 else 2 if level == 1 else level * 3
            _add(scores, tags, ancestor, points / divider)
            ancestor = ancestor.parent
    if not scores:
        return [body], []
    final = {key: score * (1 - stats.link_density(tags[key])) for key, score in scores.items()}
    runners_up = [tags[key] for key in sorted(final, key=final.get, reverse=True)[1:6]]
    top_key = max(final, key=final.get)
    top = tags[top_key]
    top_score = final[top_key]
    top = _climb_to_prose(_promote(top, top_score, final, tags), stats)
    top = _enclosing_article(top, stats)
    chosen = _with_twins(_with_siblings(top, final.get(id(top), top_score), final, stats), top, body, stats)
    lead = _lead_before(chosen[0], stats)
    return ([lead, *chosen] if lead is not None else chosen), runners_up


def _add(scores: dict[int, float], tags: dict[int, Tag], tag: Tag, points: float) -> None:
    key = id(tag)
    if key not in scores:
        scores[key] = _TAG_BASE.get(tag.name, 0) + _class_weight(tag)
        tags[key] = tag
    scores[key] += points


def _promote(top: Tag, top_score: float, final: dict[int, float], tags: dict[int, Tag]) -> Tag:
    """When other strong candidates share a near ancestor with the top one, the story spans that ancestor."""
    ranked = sorted(final, key=final.get, reverse=True)[1:6]
    strong = [tags[k] for k in ranked if final[k] >= 0.75 * top_score]
    if len(strong) < 2:
        return top
    near = [{id(a) for a in _ancestors(s, 8)} for s in strong]
    for ancestor in _ancestors(top, 8):
        if ancestor.name in ("body", "html"):
            break
        if sum(1 for ids in near if id(ancestor) in ids) >= 2:
            return ancestor
    return top


def _climb_to_prose(top: Tag, stats: _Stats) -> Tag:
    """A winner that is a lone cell or list beside the story's paragraphs gives way to their common parent."""
    own = max(stats.length(top), 1)
    for ancestor in _ancestors(top, 3):
        if ancestor.name in ("body", "html"):
            break
        if stats.paragraphs.get(id(ancestor), 0) >= 1.5 * own and stats.link_density(ancestor) < 0.25:
            return ancestor
    return top


def _enclosing_article(top: Tag, stats: _Stats) -> Tag:
    """Standfirst, lead and subheads often sit beside the body inside the same <article>: take the article
    when it adds little else (boilerplate inside it was pruned already)."""
    own = max(stats.length(top), 1)
    for ancestor in _ancestors(top, 6):
        if ancestor.name in ("body", "html"):
            break
        if ancestor.name == "article" or ancestor.get("itemprop") == "articleBody":
            if stats.length(ancestor) <= 2.0 * own + 300 and stats.link_density(ancestor) < 0.3:
                return ancestor
            break
    return top


def _with_twins(chosen: list[Tag], top: Tag, body: Tag, stats: _Stats) -> list[Tag]:
    """Bodies split around ads into several identical containers (div.story-text ×3): take them all, in order."""
    classes = top.get("class")
    if not classes:
        return chosen
    key = (top.name, tuple(classes))
    twins = [t for t in body.find_all(top.name, class_=classes[0])
             if (t.name, tuple(t.get("class") or ())) == key and stats.length(t) >= 100
             and stats.link_density(t) < 0.3]
    if len(twins) < 2:
        return chosen
    picked = list(chosen)
    for twin in twins:
        if any(twin is c or _inside(twin, c) or _inside(c, twin) for c in picked):
            continue
        picked.append(twin)
    if len(picked) == len(chosen):
        return chosen
    order = {id(node): i for i, node in enumerate(body.descendants)}
    return sorted(picked, key=lambda t: order.get(id(t), 0))


_LEAD = re.compile(r"lead|intro|standfirst|summary|abstract|excerpt|teaser|deck|dek|sub-?title|subline|chapeau"
                   r"|chapo|vorspann|anriss|entradilla|sottotitolo", re.IGNORECASE)


def _lead_before(first: Tag, stats: _Stats) -> Tag | None:
    """The standfirst often sits just before the body container, outside it: a short unlinked block named so."""
    node: Tag | None = first
    for _ in range(3):
        if node is None or not isinstance(node, Tag) or node.name in ("body", "html"):
            return None
        for count, sibling in enumerate(node.find_previous_siblings(True)):
            if count >= 3:
                break
            candidates = [sibling, *sibling.find_all(True, limit=40)]
            for cand in candidates:
                own = _attr_names(cand)[1]
                length = stats.length(cand)
                if own and _LEAD.search(own) and 40 <= length <= 800 and stats.link_density(cand) < 0.1:
                    return cand
        node = node.parent
    return None


def _inside(node: Tag, container: Tag) -> bool:
    return any(parent is container for parent in node.parents)


def _ancestors(tag: Tag, limit: int) -> list[Tag]:
    found = []
    node = tag.parent
    while isinstance(node, Tag) and len(found) < limit:
        found.append(node)
        node = node.parent
    return found


def _with_siblings(top: Tag, top_score: float, final: dict[int, float], stats: _Stats) -> list[Tag]:
    parent = top.parent
    if parent is None or not isinstance(parent, Tag) or top.name == "body":
        return [top]
    threshold = max(10.0, top_score * 0.2)
    chosen: list[Tag] = []
    for sibling in parent.children:
        if not isinstance(sibling, Tag):
            continue
        if sibling is top:
            chosen.append(sibling)
            continue
        score = final.get(id(sibling), 0.0)
        if _class_weight(sibling) > 0 and _class_weight(top) > 0:
            score += top_score * 0.2
        length, density = stats.length(sibling), stats.link_density(sibling)
        if score >= threshold:
            chosen.append(sibling)
        elif sibling.name == "p" and ((length > 80 and density < 0.25) or (
                0 < length <= 80 and density == 0 and re.search(r"[.!?。]\s*$", sibling.get_text()))):
            chosen.append(sibling)
    return chosen


# ----------------------------------------------------------------------------------------------- emitting


@dataclass
class _Piece:
    text: str
    kind: str
    link_chars: int
    emphasized: bool = False  # all of it in <i>, <em>, <b> or <strong> (a tagline, a pull quote)


def _is_data_table(table: Tag) -> bool:
    if table.find("table") is not None:
        return False
    if str(table.get("role", "")).lower() == "presentation":
        return False
    if table.find(["p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "blockquote"]) is not None:
        return False
    rows = table.find_all("tr")
    if len(rows) < 2:
        return False
    return table.find(["th", "thead", "caption"]) is not None or max(len(r.find_all(["td", "th"])) for r in rows) >= 2


def _table_text(table: Tag) -> str:
    lines = []
    for row in table.find_all("tr"):
        cells = [md.text_of(c) for c in row.find_all(["td", "th"])]
        if any(cells):
            lines.append(" | ".join(cells))
    return "\n".join(lines)


def _kind_for(tag: Tag, current: str) -> str:
    if tag.name in HEADINGS:
        return "h"
    if tag.name in ("li", "dt", "dd"):
        return "li"
    if tag.name == "blockquote":
        return "quote"
    if tag.name in ("p", "pre") and current in ("li", "quote"):
        return current
    return current if tag.name not in ("p", "pre", "div", "section", "article") else (
        current if current in ("li", "quote") else "p")


_BR = "\u2028"


def _sentence_across_breaks(parts: list[str]) -> list[str]:
    """Paragraphs split by <br><br>, with a sentence the break cuts in two joined again: a part of running text
    (100 characters or more, so no heading or label) that ends on a letter goes on in the next one ("… The Bahamas
    Alliance For Animal<br><br>Rights and Kindness (BAARK) with their work")."""
    out: list[str] = []
    for part in parts:
        if out and len(out[-1].strip()) >= 100 and out[-1].strip()[-1:].isalpha() and part.strip()[:1].isalnum():
            out[-1] = out[-1].rstrip() + " " + part.lstrip()
        else:
            out.append(part)
    return out
_EMPHASIS = {"i", "em", "b", "strong"}
_BLANKS = re.compile(r"[ \t\r\n\f\v]+")
_PARAGRAPH_BREAK = re.compile(rf"\s*{_BR}\s*{_BR}\s*")
_LINE_BREAK = re.compile(rf"\s*{_BR}\s*")
MIN_BODY_CHARS = 200  # below this the chosen container probably missed the story
MAX_NESTING = 512  # the depth at which browsers stop nesting elements (Chromium's HTML parser limit)
_OPEN_RUN = re.compile(r"(?:<[a-zA-Z][\w:-]*(?:\s[^<>]*)?>\s*)+")
_CLOSE_RUN = re.compile(r"(?:</[a-zA-Z][\w:-]*\s*>\s*)+")
_TAG = re.compile(r"<[^<>]*>")


def _cap_nesting(html: str) -> str:
    """Cut runs of hundreds of bare opening (or closing) tags down to MAX_NESTING, as browsers cap depth.

    Such runs are generated junk or attacks; parsing them whole costs seconds per 100k levels. Only pages with
    very many tags are scanned, so ordinary pages pay nothing. Each run is matched once, whole, and only a long one
    is cut (a pattern asking for 512 tags or more tried again from every tag of a shorter run: 6 s a MiB of runs of
    500 tags).
    """
    if html.count("<") < 20 * MAX_NESTING:
        return html

    def keep_first(match: re.Match) -> str:
        run = match.group(0)
        return run if run.count("<") <= MAX_NESTING else "".join(_TAG.findall(run)[:MAX_NESTING])

    return _CLOSE_RUN.sub(keep_first, _OPEN_RUN.sub(keep_first, html))


def _extract_blocks(body: Tag, article: Article) -> list[Block]:
    """Blocks of the best container; when its text is nearly all links, the next candidates get a turn."""
    stats = _Stats.of(body)
    containers, runners_up = _best_container(body, stats)
    # a container with twice the text an article may keep is refused before its blocks are read and filtered: what
    # the filters leave out (credits, boilerplate lines) is never half of it, and reading a 20 MiB page's 230,000
    # paragraphs only to refuse them took most of a minute
    _require_short_text(sum(stats.length(c) for c in containers), slack=2)
    blocks = _blocks_of(containers, article)
    if _text_size(blocks) >= MIN_BODY_CHARS:
        return blocks
    for candidate in runners_up:
        if any(candidate is c or _inside(candidate, c) for c in containers):
            continue
        other = _blocks_of([candidate], article)
        if _text_size(other) > _text_size(blocks):
            blocks = other
        if _text_size(blocks) >= MIN_BODY_CHARS:
            break
    return blocks


def _blocks_of(containers: list[Tag], article: Article) -> list[Block]:
    pieces: list[_Piece] = []
    for container in containers:
        pieces.extend(_walk(container))
    return _filter_blocks(pieces, article)


def _text_size(blocks: list[Block]) -> int:
    return sum(len(b.text) for b in blocks)


def _walk(root: Tag) -> list[_Piece]:
    """One in-order pass; inline text collects in a buffer that every block boundary flushes."""
    pieces: list[_Piece] = []
    buffer: list[str] = []
    link_chars = [0]
    plain_chars = [0]  # text outside emphasis
    kinds = ["quote" if root.name == "blockquote" else "li" if root.name == "li" else "p"]

    def flush() -> None:
        if not buffer:
            return
        raw = "".join(buffer)
        buffer.clear()
        chars, link_chars[0] = link_chars[0], 0
        plain, plain_chars[0] = plain_chars[0], 0
        text = _BLANKS.sub(" ", raw)
        for part in _sentence_across_breaks(_PARAGRAPH_BREAK.split(text)):
            part = _LINE_BREAK.sub("\n", part).strip()
            if part:
                pieces.append(_Piece(part, kinds[-1], min(chars, len(part)), emphasized=not plain))

    stack: list[tuple[object, bool]] = [(root, False)]
    link_depth = emphasis_depth = 0
    while stack:
        node, leaving = stack.pop()
        if leaving:
            tag = node
            if tag.name == "a":
                link_depth -= 1
            elif tag.name in _EMPHASIS:
                emphasis_depth -= 1
            if tag.name in BLOCK_TAGS:
                flush()
                kinds.pop()
            continue
        if isinstance(node, NavigableString):
            if type(node) is NavigableString:
                text = str(node)
                buffer.append(text)
                if link_depth:
                    link_chars[0] += len(text.strip())
                if not emphasis_depth:
                    plain_chars[0] += len(text.strip())
            continue
        if not isinstance(node, Tag):
            continue
        if node.name == "br":
            buffer.append(_BR)
            continue
        if node.name == "img":
            continue
        if node.name == "table" and _is_data_table(node):
            flush()
            text = _table_text(node)
            if text:
                pieces.append(_Piece(text, "table", 0))
            continue
        if node.name in BLOCK_TAGS:
            flush()
            kinds.append(_kind_for(node, kinds[-1]))
        if node.name == "a":
            link_depth += 1
        elif node.name in _EMPHASIS:
            emphasis_depth += 1
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node.contents))
    flush()
    return pieces


# ----------------------------------------------------------------------------------------------- filtering


def _filter_blocks(pieces: list[_Piece], article: Article) -> list[Block]:
    """Drop link lists, boilerplate phrases, the repeated headline, the opening byline/date lines and the lines
    that credit rather than tell (see credits)."""
    title = _norm(article.title)
    names = {_norm(a) for a in article.authors}
    blocks: list[Block] = []
    emphasized: list[bool] = []
    labels: list[int] = []
    seen_story = False
    for piece in pieces:
        text, size = piece.text, len(piece.text)
        if not re.search(r"\w", text):
            continue
        density = piece.link_chars / size if size else 0
        if piece.kind != "table" and (density >= 0.8 or (density > 0.5 and size < 120)):
            continue
        if (size < 120 and _BOILERPLATE_TEXT.match(text)) or (size < 40 and _BOILERPLATE_WORD.match(text)):
            continue
        if piece.kind in ("p", "li") and size < 40 and parse_date(text) and len(re.sub(r"[\d\W]", "", text)) < 12:
            continue
        norm = _norm(text)
        if piece.kind in ("h", "p") and title and (norm == title or piece.kind == "h" and _kicker_and(norm, title)):
            continue
        if size < 160 and _is_byline_or_date(text, norm, names, strict=seen_story):
            continue
        if piece.kind in ("p", "li") and credits.is_credit_line(text, article.authors):
            continue
        if piece.kind == "p":
            text = credits.without_signature(text)
        if not seen_story and piece.kind == "p" and size < 25 and not re.search(r"[.!?。！？:：»”\"]$", text):
            labels.append(len(blocks))  # a section label ("Region", "国際") if a story follows
        if piece.kind == "p" and _story_size(text) >= 120:
            seen_story = True
        blocks.append(Block(text, piece.kind))
        emphasized.append(piece.emphasized)
    gone = set(labels) if seen_story else set()
    texts = [b.text if b.kind in ("p", "li") else "" for b in blocks]
    gone |= credits.closing_credits(texts, emphasized, article.authors) | promotions.promotions(texts)
    blocks = [b for i, b in enumerate(blocks) if i not in gone]
    # a heading whose section was all boilerplate ("Read next" over a removed link list) goes too
    return [b for i, b in enumerate(blocks) if b.kind != "h" or (i + 1 < len(blocks) and blocks[i + 1].kind != "h")]


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _kicker_and(norm: str, title: str) -> bool:
    """A heading that is the headline with its kicker before it ("Klimaschutz: Bohren, bis es heiß wird")."""
    return norm.endswith(f" {title}") and len(norm.split()) - len(title.split()) <= 12


def _story_size(text: str) -> int:
    """Length in Latin-script terms: a Chinese or Japanese character carries about as much as two to three
    Latin letters, so a 60-character CJK paragraph is as much story as a 150-character English one."""
    return len(text) + 2 * len(_CJK.findall(text))


def _is_sentence(text: str) -> bool:
    """A dateline that opens the first sentence ("WARSAW, April 24 (Wire) – The train arrived …") is story:
    it ends like a sentence and has words beyond the place and date."""
    words = [w for w in text.split() if re.search(r"[^\W\d_]", w)]
    return bool(re.search(r"[.!?。！？»”\"]\s*$", text)) and len(words) >= 7


def _is_byline_or_date(text: str, norm: str, names: set[str], strict: bool = False) -> bool:
    """Byline and dateline blocks; once the story has started only unmistakable ones (naming the author)."""
    named = any(name and name in norm for name in names)
    if norm in names:
        return True
    if bylines.BYLINE_PREFIX.match(text) and len(text.split()) <= 12 and (named or not strict):
        return True
    if parse_date(text) and len(re.sub(r"[\d\W]", "", text)) < (40 if not strict else 25) and not _is_sentence(text):
        return True
    return not strict and any(name and norm.startswith(name) and len(norm) < len(name) + 40 for name in names)


def _declared_kind(meta: dict, ld: dict, objects: list[dict], url: str | None) -> str | None:
    """What the page says it is: "article" (og:type, JSON-LD article type or an article publication date),
    "index" (a site front or list page), or None."""
    og_type = md.first_meta(meta, "og:type").lower()
    kinds = set().union(*(md.types_of(o) for o in objects)) if objects else set()
    dated = bool(ld.get("datePublished") or md.first_meta(meta, "article:published_time"))
    if og_type == "article" or (md.types_of(ld) - {"webpage"}) or dated:
        return "article"
    path = urlsplit(url or "").path.strip("/")
    if kinds & {"collectionpage", "itemlist", "searchresultspage"} or (og_type == "website" and not path):
        return "index"
    return None


def _looks_like_article(article: Article, link_count: int, declared: str | None) -> bool:
    """Front and index pages are many links with little running prose between them."""
    prose = sum(len(b.text) for b in article.blocks if b.kind in ("p", "quote") and len(b.text) >= 80)
    cjk = sum(len(b.text) for b in article.blocks if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", b.text))
    if cjk:
        prose = max(prose, cjk * 3)
    if declared == "index":
        return False
    if declared == "article":  # a page that says it is an article only needs some running text
        return sum(len(b.text) for b in article.blocks if b.kind in ("p", "quote")) >= 80
    long_paragraphs = sum(1 for b in article.blocks if b.kind in ("p", "quote") and len(b.text) >= 80)
    if prose < 250 or long_paragraphs < 1:
        return False
    return prose >= 1000 or link_count < prose / 8
