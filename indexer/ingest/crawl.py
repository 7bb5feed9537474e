"""A polite crawl: from start pages, RSS/Atom feeds and XML sitemaps to the article pages they lead to, breadth first.

Depth counts links followed from HTML pages: what a feed or a sitemap lists is at the depth of the feed or sitemap
itself, so `--max-depth 0` on a feed fetches exactly the feed's articles. Links in pages are followed only on the
sites the crawl started from (where the start pages really are, after redirects); feeds and sitemaps may point
anywhere (their publisher chose those pages), but the pages they list do not widen the crawl. At most ten requests
per page allowed are made, so chains of feeds or sitemaps end. Every fetch goes through the Fetcher: public
addresses only, robots.txt, a pause per host, size and time limits.

The sitemaps a start site names in its robots.txt (`Sitemap:` lines) are read too, at the start page's depth: many
sites list their articles only there. Sitemap indexes are followed at most MAX_SITEMAP_NESTING levels down and at
most MAX_SITEMAPS sitemaps are read per crawl; news sitemaps (`<news:news>`) and gzip-compressed ones are sitemaps
like any other, and only a `<url>`'s own `<loc>` is a page (not the `<image:loc>` beside it).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterator
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup

from indexer.archive import Archive
from indexer.clean.extract import require_few_elements
from indexer.ingest.pipeline import IngestReport, _worker_count, store_pages
from indexer.models import InputError, RawPage
from indexer.sources.encoding import MAX_PAGE_BYTES, decode_html
from indexer.sources.fetch import Fetcher, FetchError, Limits, Response, normal_url
from indexer.sources.inflate import Corrupt, TooLarge, inflate
from indexer.store import now

_NOT_PAGES = re.compile(r"\.(?:jpe?g|png|gif|webp|svg|ico|pdf|zip|gz|mp[34]|m4a|avi|mov|webm|css|js|json|woff2?|"
                        r"ttf|docx?|xlsx?|pptx?|epub)$", re.I)
_FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/feed+json")
MAX_SITEMAP_NESTING = 3  # sitemap index → sitemap index → … : levels followed below a sitemap given or named
MAX_SITEMAPS = 50  # sitemaps (and sitemap indexes) read in one crawl
MAX_SITEMAP_BYTES = 50 * 2**20  # a sitemap's limit once decompressed (sitemaps.org); a page's is MAX_PAGE_BYTES


def crawl(archive: Archive, seeds: list[str], *, limits: Limits | None = None, max_pages: int = 100,
          max_depth: int = 2, progress: Callable[[int], None] | None = None,
          on_total: Callable[[int], None] | None = None) -> IngestReport:
    """Crawl from the seeds and ingest every HTML page reached, at most max_pages of them."""
    report = IngestReport()
    if on_total:
        on_total(max_pages)
    crawler = Crawler(Fetcher(limits or Limits(), turns=archive.store), report)
    pages = crawler.pages(seeds, max_pages=max_pages, max_depth=max_depth)
    store_pages(archive, pages, report, _worker_count(max_pages), progress)
    crawler.summarise()
    report.sum_up_not_articles()
    return report


class Crawler:
    """Keeps the frontier, what was seen, and counts of what was passed over (reported, never silent)."""

    def __init__(self, fetcher: Fetcher, report: IngestReport):
        self.fetcher = fetcher
        self.report = report
        self.passed: Counter = Counter()
        self.feeds = 0
        self.sitemaps = 0
        self.from_robots = 0  # sitemaps found in the start sites' robots.txt
        self._booked: set[str] = set()  # sitemaps read or queued, counted against MAX_SITEMAPS

    def pages(self, seeds: list[str], *, max_pages: int, max_depth: int) -> Iterator[tuple[str, RawPage, int]]:
        """(url, page, 1) for each HTML page fetched, in breadth-first order."""
        frontier = deque((normal_url(u), 0, True, 0) for u in seeds)  # (url, depth, is a seed, sitemap nesting)
        seen = {u for u, _, _, _ in frontier}
        sites = {urlsplit(u).hostname for u, _, _, _ in frontier}
        robots_read: set[str] = set()
        fetched = requests = 0
        max_requests = 10 * max_pages + 10  # feeds and sitemaps count too: a chain of them must end
        while frontier and fetched < max_pages and requests < max_requests:
            url, depth, is_seed, nesting = frontier.popleft()
            requests += 1
            try:
                response = self.fetcher.get(url)
                if response.status != 200:
                    raise FetchError(f"{url}: the server answered HTTP {response.status}")
            except FetchError as exc:
                if is_seed:
                    self.report.failed.append((url, str(exc)))
                else:
                    self.passed[_reason(str(exc))] += 1
                continue
            if is_seed:  # http://site → https://www.site: the site is where the start page really is
                sites.add(urlsplit(response.url).hostname)
                named = [u for u in self._robots_sitemaps([url, response.url], robots_read) if u not in seen]
                for sitemap in self._book(named):
                    seen.add(sitemap)
                    frontier.append((sitemap, depth, False, 0))
            try:
                kind, links = classify(response)
            except InputError as exc:  # a bomb, or a page too big to read: refused, the crawl goes on
                if is_seed:
                    self.report.failed.append((url, f"{url}: {exc}"))
                else:
                    self.passed[_reason(str(exc))] += 1
                continue
            if kind == "page":
                fetched += 1
                yield url, RawPage(response.body, url, response.url, response.content_type, now()), 1
                if depth >= max_depth:
                    continue
                elsewhere = [link for link in links if urlsplit(link).hostname not in sites]
                if elsewhere:
                    self.passed["links to other sites (not followed)"] += len(elsewhere)
                links = [link for link in links if urlsplit(link).hostname in sites]
                depth += 1
            elif kind in ("sitemap", "sitemap index"):
                self.sitemaps += 1
                self._booked.add(url)  # a start point, or a sitemap a page or feed linked to
                if kind == "sitemap index":
                    if nesting >= MAX_SITEMAP_NESTING:
                        self.passed[f"sitemaps not read (nested more than {MAX_SITEMAP_NESTING} levels deep)"] += \
                            len(links)
                        continue
                    links = self._book([link for link in links if link not in seen])
                    nesting += 1
            elif kind == "feed":
                self.feeds += 1
            else:
                if is_seed:
                    self.report.failed.append((url, f"{url} is {kind}, not a page, feed or sitemap"))
                else:
                    self.passed["links that are not HTML pages"] += 1
                continue
            for link in links:
                if link not in seen:
                    seen.add(link)
                    frontier.append((link, depth, False, nesting))
        if frontier and requests >= max_requests and fetched < max_pages:
            self.passed[f"links not visited ({max_requests} requests made, most of them feeds or sitemaps)"] += \
                len(frontier)
        elif frontier:
            self.passed[f"links not visited (--max-pages {max_pages} reached)"] += len(frontier)

    def _book(self, sitemaps: list[str]) -> list[str]:
        """The sitemaps that still fit in the crawl's MAX_SITEMAPS; those that do not are counted as passed over."""
        room = max(0, MAX_SITEMAPS - len(self._booked))
        if len(sitemaps) > room:
            self.passed[f"sitemaps not read (more than {MAX_SITEMAPS} in one crawl)"] += len(sitemaps) - room
        self._booked.update(sitemaps[:room])
        return sitemaps[:room]

    def _robots_sitemaps(self, urls: list[str], done: set[str]) -> list[str]:
        """The `Sitemap:` URLs in the robots.txt of the sites these URLs are on, each site once."""
        found = []
        for url in urls:
            site = urlsplit(url)._replace(path="", query="", fragment="").geturl()
            if site in done:
                continue
            done.add(site)
            listed = _usable(self.fetcher.sitemaps(url), pages=False)
            self.from_robots += len(listed)
            found += listed
        return found

    def summarise(self) -> None:
        read = self.feeds + self.sitemaps
        parts = [f"feeds and sitemaps read: {read}"] if read else []
        if self.from_robots:
            parts.append(f"sitemaps named in robots.txt: {self.from_robots}")
        parts += [f"{n} {reason}" for reason, n in self.passed.most_common()]
        if parts:
            self.report.passed_over.append("crawl: " + ", ".join(parts))


def classify(response: Response) -> tuple[str, list[str]]:
    """What the response is ('page', 'feed', 'sitemap', 'sitemap index', or its content type) and the links it
    offers."""
    body = _ungzip(response.body)
    declared = (response.content_type or "").split(";")[0].strip().lower()
    head = body[:1024].lstrip().lower()
    if b"<sitemapindex" in head:
        return "sitemap index", _sitemap_links(body, response.url, "sitemap")
    if b"<urlset" in head:
        return "sitemap", _sitemap_links(body, response.url, "url")
    if b"<rss" in head or b"<feed" in head or b"<rdf:rdf" in head or declared in _FEED_TYPES:
        return "feed", _feed_links(body, response.url)
    if declared in ("text/html", "application/xhtml+xml", "") or head.startswith((b"<!doctype html", b"<html")):
        if len(body) > MAX_PAGE_BYTES:
            raise TooLarge(f"it decompresses to over the {MAX_PAGE_BYTES // 2**20} MiB page limit; nothing of it "
                           "was kept")
        return "page", _page_links(body, response)
    return declared, []


def _page_links(body: bytes, response: Response) -> list[str]:
    html = decode_html(body, response.content_type)
    require_few_elements(html)  # (the cleaner would refuse the page; its tree is not built here either)
    soup = BeautifulSoup(html, "lxml")
    base_tag = soup.find("base", href=True)
    base = urljoin(response.url, base_tag["href"]) if base_tag else response.url
    links = []
    for tag in soup.find_all(["a", "link"], href=True):
        rel = " ".join(tag.get("rel") or []).lower()
        if tag.name == "link" and not ("alternate" in rel and tag.get("type", "").lower() in _FEED_TYPES):
            continue
        if "nofollow" in rel:
            continue
        links.append(urljoin(base, tag["href"].strip()))
    return _usable(links)


def _sitemap_links(body: bytes, base: str, entry: str) -> list[str]:
    """The <loc> of each <url> of a urlset (pages, news sitemaps included) or each <sitemap> of a sitemapindex (more
    sitemaps, often .xml.gz); lxml-xml copes with namespaces and bad markup. Only an entry's own <loc> counts, not
    an extension's (<image:loc>, <video:content_loc>)."""
    soup = BeautifulSoup(body, "lxml-xml")
    locs = [loc for item in soup.find_all(entry) if not item.prefix
            for loc in item.find_all("loc", recursive=False) if not loc.prefix]
    return _usable([urljoin(base, loc.get_text(strip=True)) for loc in locs], pages=entry == "url")


def _feed_links(body: bytes, base: str) -> list[str]:
    """The article link of each RSS item or Atom entry (not the channel's link to the home page)."""
    soup = BeautifulSoup(body, "lxml-xml")
    links = []
    for item in soup.find_all(["item", "entry"]):
        link = item.find("link", href=True, rel=lambda r: r in (None, "alternate")) or item.find("link")
        guid = item.find("guid")
        if link is not None and (link.get("href") or link.get_text(strip=True)):
            links.append(urljoin(_xml_base(link, base), link.get("href") or link.get_text(strip=True)))
        elif guid is not None and guid.get("isPermaLink", "true") != "false":
            links.append(urljoin(_xml_base(guid, base), guid.get_text(strip=True)))
    return _usable(links)


def _xml_base(tag, base: str) -> str:
    """Atom's xml:base (RFC 3986 resolution on each enclosing element, outermost first) over the feed's address."""
    for element in reversed([tag, *tag.parents]):
        if element.get("xml:base"):
            base = urljoin(base, element["xml:base"].strip())
    return base


def _usable(links: list[str], pages: bool = True) -> list[str]:
    """http(s) links, each once; when they should be pages, not those whose name says image, archive, script …"""
    out, seen = [], set()
    for link in links:
        link = normal_url(link)
        if link.startswith(("http://", "https://")) and not (pages and _NOT_PAGES.search(urlsplit(link).path)) \
                and link not in seen:
            seen.add(link)
            out.append(link)
    return out


def _ungzip(body: bytes) -> bytes:
    """Sitemaps are often served as .xml.gz files: undone up to the sitemap protocol's 50 MiB (a bomb is refused);
    a body that only starts like gzip is taken as it is."""
    if body[:2] != b"\x1f\x8b":
        return body
    try:
        return inflate(body, "gzip", MAX_SITEMAP_BYTES)
    except Corrupt:
        return body


def _reason(message: str) -> str:
    """A countable reason for a link that was not fetched."""
    for needle, reason in (("robots.txt could not be read", "links on sites whose robots.txt could not be read"),
                           ("robots.txt", "links forbidden by robots.txt"),
                           ("not a public internet address", "links to non-public addresses"),
                           ("HTTP ", "links answered with an HTTP error"),
                           ("decompresses to over", "responses that decompress to over the size limit (bombs)"),
                           ("page limit", "pages over the size limit"),
                           ("too many HTML elements", "pages with too many HTML elements to read"),
                           ("only http and https", "links that are not http(s)")):
        if needle in message:
            return reason
    return "links that could not be fetched"
