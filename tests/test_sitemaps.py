"""Sitemaps named in robots.txt: a site served on 127.0.0.1 whose articles no page links to; only its sitemaps (an
index, a news sitemap, a gzip-compressed archive sitemap) list them. The crawl must find them there, and still obey
robots.txt for each page listed."""

from __future__ import annotations

import gzip

from conftest import cli_json, page_html

# (path, title, paragraphs, language)
ARTICLES = [
    ("/news/2026/12/01/lighthouse-keeper.html", "Last lighthouse keeper of the fjord retires",
     ["After thirty-one years on the island, the keeper of the Skarholm light handed over the keys on Tuesday.",
      "The light has run by itself since the spring; a technician will visit it once a month."], "en"),
    ("/news/2026/12/01/bakery-cooperative.html", "Village bakery becomes a cooperative",
     ["Forty households in Lunde bought shares in the bakery that was about to close at the end of the year.",
      "The baker stays on as a paid employee and the opening hours remain as they were."], "en"),
    ("/nyheter/2026/11/30/fergekai.html", "Ny fergekai åpner i Vikvågen",
     ["Den nye fergekaien i Vikvågen ble åpnet mandag, to måneder tidligere enn planlagt.",
      "Pendlerne sparer et kvarter hver vei når den gamle kaien rives i vår."], "no"),
    ("/archive/2025/06/15/midsummer-market.html", "Midsummer market draws record crowd",
     ["More than six thousand visitors came to the harbour market on Saturday, the organisers said.",
      "Stalls sold out of smoked fish by noon, and the brass band played until midnight."], "en"),
]
HIDDEN = "/private/2026/12/01/board-minutes.html"  # listed in a sitemap, forbidden by robots.txt


def _urlset(base: str, paths: list[str], news: bool = False) -> str:
    entries = []
    for path in paths:
        extra = ("<news:news><news:publication><news:name>Fjord Post</news:name><news:language>en</news:language>"
                 "</news:publication><news:publication_date>2026-12-01</news:publication_date>"
                 "<news:title>A story</news:title></news:news>" if news else "")
        entries.append(f"<url><loc>{base}{path}</loc>{extra}<image:image><image:loc>{base}/img{path}.jpg"
                       "</image:loc></image:image></url>")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" '
            'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">' + "".join(entries) + "</urlset>")


def _fjord_site(site) -> None:
    site.add("/robots.txt", "User-agent: *\nDisallow: /private/\n\nSitemap: /sitemaps/index.xml\n",
             Content_Type="text/plain")
    site.add("/", "<!doctype html><html><head><title>Fjord Post</title></head><body><h1>Fjord Post</h1>"
                  "<p>Local news from the fjord villages.</p><a href='/about.html'>About us</a></body></html>")
    site.add("/about.html", page_html("About the Fjord Post", ["A small newsroom of four people."],
                                      source="Fjord Post"))
    for path, title, paragraphs, lang in ARTICLES:
        site.add(path, page_html(title, paragraphs, lang=lang, source="Fjord Post", url=f"{site.base}{path}"))
    site.add(HIDDEN, page_html("Board minutes", ["Not for the public."], source="Fjord Post"))
    site.add("/sitemaps/index.xml", f"""<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>{site.base}/sitemaps/news.xml</loc><lastmod>2026-12-01</lastmod></sitemap>
<sitemap><loc>{site.base}/sitemaps/archive-2025.xml.gz</loc></sitemap>
</sitemapindex>""", Content_Type="application/xml")
    site.add("/sitemaps/news.xml", _urlset(site.base, [p for p, *_ in ARTICLES[:3]] + [HIDDEN], news=True),
             Content_Type="application/xml")
    site.add("/sitemaps/archive-2025.xml.gz", gzip.compress(_urlset(site.base, [ARTICLES[3][0]]).encode()),
             Content_Type="application/gzip")


def test_articles_listed_only_in_sitemaps_named_in_robots_txt_are_crawled(tmp_path, site):
    _fjord_site(site)
    data = tmp_path / "data"
    summary = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-depth", "0", f"{site.base}/",
                       data=data)
    paths = site.paths()
    for path, *_ in ARTICLES:
        assert paths.count(path) == 1, f"{path} is listed in a sitemap only, and fetched once"
    assert HIDDEN not in paths, "robots.txt forbids it, sitemap or not"
    assert not [p for p in paths if p.startswith("/img/")], "an image's <image:loc> is not a page"
    assert "/about.html" not in paths, "depth 0: the front page's links are not followed"
    assert paths.count("/robots.txt") == 1
    assert summary["failed"] == []
    line = summary["passed_over"][0]
    assert "feeds and sitemaps read: 3" in line and "sitemaps named in robots.txt: 1" in line
    assert "1 links forbidden by robots.txt" in line
    for query, title in (("lighthouse keeper", ARTICLES[0][1]), ("fergekaien", ARTICLES[2][1]),
                         ("smoked fish", ARTICLES[3][1])):
        hits = cli_json("search", "--json", query, data=data)["hits"]
        assert [h["title"] for h in hits] == [title], query


def test_sitemap_indexes_are_followed_only_so_deep_and_so_many(tmp_path, site):
    """An index of 80 sitemaps, each listing one article: at most 50 sitemaps are read in a crawl."""
    site.add("/robots.txt", f"Sitemap: {site.base}/big-index.xml\n", Content_Type="text/plain")
    site.add("/", "<!doctype html><html><head><title>Many maps</title></head><body><p>Hello.</p></body></html>")
    entries = "".join(f"<sitemap><loc>{site.base}/maps/{n}.xml</loc></sitemap>" for n in range(80))
    site.add("/big-index.xml", '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/'
                               f'0.9">{entries}</sitemapindex>', Content_Type="application/xml")
    for n in range(80):
        site.add(f"/maps/{n}.xml", _urlset(site.base, [f"/story/{n}.html"]), Content_Type="application/xml")
        site.add(f"/story/{n}.html", page_html(f"Story number {n} of the day", [f"Body of story {n}."]))
    summary = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-depth", "0", "--max-pages",
                       "500", f"{site.base}/", data=tmp_path / "data")
    maps = [p for p in site.paths() if p.startswith("/maps/")]
    assert len(maps) == 49, "the index itself and 49 of its sitemaps: 50 sitemaps"
    assert "31 sitemaps not read (more than 50 in one crawl)" in summary["passed_over"][0]
