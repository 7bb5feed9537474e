"""`newsarchive crawl` against a small news site served on 127.0.0.1: section pages, a feed, a gzip sitemap,
robots.txt, links to other sites that must never be visited."""

from __future__ import annotations

import gzip
import json

from conftest import cli_json, page_html, run_cli

STORIES = {
    "/2026/11/27/night-trains/": ("Night trains return to the Baltic coast",
                                  "The first night train in a decade left Berlin for Gdańsk on Friday."),
    "/2026/11/28/harbour-strike/": ("Harbour workers strike in Gdańsk",
                                    "Dock workers in Gdańsk stopped work on Saturday over pay, the union said."),
    "/2026/11/29/amber-museum/": ("Amber museum reopens after renovation",
                                  "The amber museum reopened on Sunday after two years of building work."),
    "/2026/11/30/ferry-fares/": ("Ferry fares to rise in spring",
                                 "Ferry fares between Gdańsk and Nynäshamn will rise by eight percent in April."),
}


def _section(links: list[str]) -> str:
    items = "".join(f'<li><a href="{href}">Story {i}</a></li>' for i, href in enumerate(links))
    return (f'<!doctype html><html><head><title>Baltic Courier</title>'
            f'<link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>'
            f'<body><nav><a href="/">Home</a> <a href="/members/">Members</a> '
            f'<a href="https://elsewhere.example/ad">Advertiser</a> <a href="/logo.png">logo</a></nav>'
            f'<ul>{items}</ul></body></html>')


def _news_site(site) -> None:
    site.add("/robots.txt", "User-agent: *\nDisallow: /members/\n", Content_Type="text/plain")
    site.add("/", _section(["/2026/11/27/night-trains/", "/section/coast/"]))
    site.add("/section/coast/", _section(["/2026/11/28/harbour-strike/#comments"]))
    for path, (title, text) in STORIES.items():
        site.add(path, page_html(title, [text, "Officials said more details would follow next week."],
                                 url=f"{site.base}{path}"))
    site.add("/members/", page_html("Members only", ["Secret."]))
    site.add("/feed.xml", f"""<?xml version="1.0"?><rss version="2.0"><channel><title>Baltic Courier</title>
<link>{site.base}/</link><item><title>Amber</title><link>{site.base}/2026/11/29/amber-museum/</link></item>
</channel></rss>""", Content_Type="application/rss+xml")
    sitemap = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>{site.base}/2026/11/30/ferry-fares/</loc></url><url><loc>{site.base}/2026/11/29/amber-museum/</loc></url>
</urlset>"""
    site.add("/sitemap.xml.gz", gzip.compress(sitemap.encode()), Content_Type="application/gzip")


def test_crawl_follows_links_on_the_site_obeys_robots_and_never_leaves_it(tmp_path, site):
    _news_site(site)
    data = tmp_path / "data"
    summary = cli_json("crawl", "--json", "--allow-private", "--delay", "0", f"{site.base}/", data=data)
    paths = site.paths()
    assert "/members/" not in paths, "robots.txt forbids /members/"
    assert "/logo.png" not in paths
    assert not [p for p in paths if "elsewhere" in p]
    for path in ("/2026/11/27/night-trains/", "/2026/11/28/harbour-strike/", "/2026/11/29/amber-museum/"):
        assert paths.count(path) == 1, f"{path} fetched once (fragment links are the same page)"
    assert summary["failed"] == []
    assert "links forbidden by robots.txt" in summary["passed_over"][0]
    assert summary["not_articles_by_kind"] == {"front": 1, "section": 1}, "the front and /section/coast/"
    assert summary["passed_over"][-1].startswith("2 passed over as not articles: 1 front page, 1 section page")
    titles = {h["title"] for h in cli_json("search", "--json", "Gdańsk OR amber", data=data)["hits"]}
    assert {"Harbour workers strike in Gdańsk", "Amber museum reopens after renovation"} <= titles
    assert cli_json("stats", "--json", data=data)["articles"] == summary["added"] == 3


def test_max_depth_and_max_pages(tmp_path, site):
    _news_site(site)
    shallow = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-depth", "0", f"{site.base}/",
                       data=tmp_path / "a")
    assert site.paths() == ["/robots.txt", "/"], "depth 0: only the start page"
    assert shallow["added"] == 0 and shallow["not_articles_by_kind"] == {"front": 1}, "the front is no article"
    site.log.clear()
    few = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-pages", "2", f"{site.base}/",
                   data=tmp_path / "b")
    assert few["added"] == 1 and len(few["not_articles"]) == 1, "two pages fetched: the front and one story"
    assert "--max-pages 2 reached" in few["passed_over"][0]


def test_feed_and_gzip_sitemap_as_start_points(tmp_path, site):
    _news_site(site)
    data = tmp_path / "data"
    summary = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-depth", "0",
                       f"{site.base}/feed.xml", f"{site.base}/sitemap.xml.gz", data=data)
    assert summary["added"] == 2, "the feed's and the sitemap's articles, the amber story only once"
    assert "feeds and sitemaps read: 2" in summary["passed_over"][0]
    assert "/" not in site.paths(), "the channel's home page link is not an article"
    assert cli_json("search", "--json", "ferry fares", data=data)["total"] == 1


def test_crawl_refuses_private_start_points_without_the_flag(tmp_path, site):
    _news_site(site)
    proc = run_cli("crawl", "--json", f"{site.base}/", data=tmp_path / "data")
    assert proc.returncode == 1
    [failure] = json.loads(proc.stdout)["failed"]
    assert "not a public internet address" in failure["error"]
    assert site.log == []


def test_a_chain_of_sitemaps_ends(tmp_path, site):
    """Sitemap indexes that point to ever new sitemaps: the crawl follows three levels below the one given."""
    site.add("/robots.txt", "", Content_Type="text/plain")
    for n in range(200):
        site.add(f"/chain-{n}.xml", f"""<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>{site.base}/chain-{n + 1}.xml</loc></sitemap></sitemapindex>""", Content_Type="application/xml")
    summary = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-pages", "3",
                       f"{site.base}/chain-0.xml", data=tmp_path / "data")
    assert site.paths() == ["/robots.txt", "/chain-0.xml", "/chain-1.xml", "/chain-2.xml", "/chain-3.xml"]
    assert "1 sitemaps not read (nested more than 3 levels deep)" in summary["passed_over"][0]


def test_a_chain_of_feeds_ends(tmp_path, site):
    """Feeds whose items are ever new feeds: the crawl stops after ten requests per page allowed."""
    site.add("/robots.txt", "", Content_Type="text/plain")
    for n in range(200):
        site.add(f"/feed-{n}.xml", f"""<?xml version="1.0"?><rss version="2.0"><channel><title>Chain</title>
<item><link>{site.base}/feed-{n + 1}.xml</link></item></channel></rss>""", Content_Type="application/rss+xml")
    summary = cli_json("crawl", "--json", "--allow-private", "--delay", "0", "--max-pages", "3",
                       f"{site.base}/feed-0.xml", data=tmp_path / "data")
    assert len(site.paths()) <= 41
    assert "40 requests made, most of them feeds or sitemaps" in summary["passed_over"][0]


def test_atom_entries_resolve_links_against_xml_base():
    """An Atom feed may set xml:base on the feed and on each entry; relative links resolve through both."""
    from indexer.ingest.crawl import classify
    from indexer.sources.fetch import Response

    atom = b"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://news.example/world/">
  <title>World</title><link href="/" />
  <entry xml:base="2026/11/"><title>Ferry</title><link rel="alternate" href="ferry-fares.html" /></entry>
  <entry><title>Rail</title><link href="rail-strike.html" /></entry>
</feed>"""
    kind, links = classify(Response("https://feeds.example/atom.xml", 200, "application/atom+xml", atom))
    assert kind == "feed"
    assert links == ["https://news.example/world/2026/11/ferry-fares.html", "https://news.example/world/rail-strike.html"]
