"""Wire copies: one agency story run by several outlets is one story, whatever their headlines, bylines and
boilerplate; another outlet's own story on the same topic is not."""

from __future__ import annotations

from conftest import page_html

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from indexer.text.shingles import bands, containment, same_story, shingles
from search_app import create_app

AGENCY = [
    "Heavy rain closed the mountain pass above the valley town of Brezno on Monday, stranding dozens of lorries "
    "and forcing the regional road authority to open an emergency shelter in the school gymnasium.",
    "The authority said crews would work through the night to clear a landslide that buried two hundred metres of "
    "the road under mud and rock shortly after dawn, and that no one had been hurt.",
    "Drivers waiting at the foot of the pass were given blankets and hot meals by volunteers from the local fire "
    "brigade, who also checked on elderly residents of the villages cut off by the slide.",
    "Forecasters expect more rain on Tuesday, and the authority warned that the pass might stay closed until the "
    "weekend if the slopes above the road did not dry out quickly enough for engineers to inspect them.",
    "The pass is the only direct link between the valley and the regional capital, and local businesses said a long "
    "closure would cost them dearly at the start of the tourist season.",
]
OWN_STORY = [
    "Shopkeepers in Brezno counted the cost of a landslide on Monday as the mountain pass stayed shut and the "
    "first tourists of the season turned back at the roadblock.",
    "At the bakery on the main square, the owner said she had sold half her usual bread by noon, while the hotel "
    "next door reported three cancellations before lunch.",
    "The mayor asked the government for help with the repairs and promised that the town would be ready for "
    "visitors as soon as the road reopened, whenever that might be.",
    "Residents recalled a similar slide nine years ago that kept the pass closed for eleven days and left the "
    "valley's farmers unable to deliver milk to the dairy in the capital.",
]


def archive_of(root, runs) -> None:
    """An archive in root/data of one page per run: (slug, outlet, headline, paragraphs, published)."""
    pages = root / "pages"
    pages.mkdir()
    for slug, source, title, paragraphs, date in runs:
        (pages / f"{slug}.html").write_text(page_html(title, paragraphs, source=source, published=date,
                                                      url=f"https://{slug}.example/2026/05/04/pass/"),
                                            encoding="utf-8")
    with Archive(root / "data") as archive:
        ingest(archive, [str(pages)])


def test_an_edited_copy_is_one_story_and_a_story_on_the_same_topic_is_not():
    original = shingles("\n\n".join(AGENCY))
    edited = AGENCY[:2] + [AGENCY[2].replace("volunteers", "helpers")] + AGENCY[3:4] + [
        "This story was provided by a news agency. Sign up for our morning newsletter."]
    copy = shingles("\n\n".join(edited))
    cut = shingles("\n\n".join(AGENCY[:3]))
    other = shingles("\n\n".join(OWN_STORY))
    assert same_story(original, copy) and same_story(original, cut), (containment(original, copy),)
    assert not same_story(original, other) and containment(original, other) < 0.1
    assert set(bands(original)) & set(bands(copy)), "the copy is found as a candidate"
    assert bands(shingles("Too short to tell.")) == []


def test_copies_are_counted_on_hits_and_listed_on_the_article(tmp_path):
    runs = [("agency", "Central Agency", "Landslide shuts mountain pass above Brezno", AGENCY,
             "2026-05-04T07:10:00+02:00"),
            ("valley", "Valley Courier", "Lorries stranded as mud buries pass road",
             ["By our staff"] + AGENCY[:4] + ["Read more: our guide to the region's mountain roads."],
             "2026-05-04T09:30:00+02:00"),
            ("capital", "Capital Evening", "Brezno shops count the cost of the landslide", OWN_STORY,
             "2026-05-04T18:00:00+02:00")]
    archive_of(tmp_path, runs)
    client = create_app(tmp_path / "data", TESTING=True).test_client()
    hits = client.get("/api/search", query_string={"q": "Brezno"}).get_json()["hits"]
    copies = {h["source"]: h["copies"] for h in hits}
    assert copies == {"Central Agency": 1, "Valley Courier": 1, "Capital Evening": 0}
    valley = next(h["id"] for h in hits if h["source"] == "Valley Courier")
    record = client.get(f"/api/articles/{valley}").get_json()
    assert [c["source"] for c in record["also_published"]] == ["Central Agency"]
    page = client.get(f"/articles/{valley}").get_data(as_text=True)
    assert "Also published by" in page and "Central Agency" in page
    listing = client.get("/search", query_string={"q": "Brezno"}).get_data(as_text=True)
    assert "also run by 1 other outlet" in listing


def test_collapse_folds_a_story_into_its_earliest_matching_article(tmp_path):
    # the agency's copy is the earliest; a regional paper ran it later under its own headline, another outlet
    # wrote its own story; a second agency story on another subject stands alone
    runs = [("valley", "Valley Courier", "Lorries stranded as mud buries pass road", AGENCY[:4],
             "2026-05-04T09:30:00+02:00"),
            ("agency", "Central Agency", "Landslide shuts mountain pass above Brezno", AGENCY,
             "2026-05-04T07:10:00+02:00"),
            ("capital", "Capital Evening", "Brezno shops count the cost of the landslide", OWN_STORY,
             "2026-05-05T18:00:00+02:00"),
            ("late", "Late Post", "Pass above Brezno stays shut", AGENCY[:3] + ["Our reporter adds: the queue grew."],
             "2026-05-04T05:20:00+00:00")]
    archive_of(tmp_path, runs)
    client = create_app(tmp_path / "data", TESTING=True).test_client()
    every = client.get("/api/search", query_string={"q": "Brezno"}).get_json()
    assert every["total"] == 4 and every["collapse"] is False
    folded = client.get("/api/search", query_string={"q": "Brezno", "collapse": "yes"}).get_json()
    assert folded["collapse"] is True and folded["total"] == 2
    by_source = {h["source"]: h for h in folded["hits"]}
    # Late Post's "05:20+00:00" reads earlier as text than the agency's "07:10+02:00", but is later as an instant
    assert set(by_source) == {"Central Agency", "Capital Evening"}
    assert by_source["Central Agency"]["folded"] == 2 and by_source["Capital Evening"]["folded"] == 0
    assert by_source["Central Agency"]["copies"] == 2
    assert sum(b["count"] for b in folded["histogram"]["buckets"]) + folded["histogram"]["undated"] == 2
    # the facets still count every outlet that ran the story
    sources = {v["value"] for v in folded["facets"]["source"]}
    assert {"Valley Courier", "Late Post", "Central Agency"} <= sources
    # a filter that keeps only a later copy shows that copy: a result is always an article that matched
    alone = client.get("/api/search", query_string={"q": "Brezno", "source": "Late Post", "collapse": "yes"}).get_json()
    assert [h["source"] for h in alone["hits"]] == ["Late Post"] and alone["hits"][0]["folded"] == 0
    # the pages of a folded list count stories
    second = client.get("/api/search", query_string={"q": "Brezno", "collapse": "yes", "limit": 1, "page": 2}).get_json()
    assert second["total"] == 2 and len(second["hits"]) == 1
    assert second["hits"][0]["id"] != client.get("/api/search", query_string={
        "q": "Brezno", "collapse": "yes", "limit": 1}).get_json()["hits"][0]["id"]
    newest = client.get("/api/search", query_string={"q": "Brezno", "collapse": "yes", "sort": "newest"}).get_json()
    assert [h["source"] for h in newest["hits"]] == ["Capital Evening", "Central Agency"]
    bad = client.get("/api/search", query_string={"q": "Brezno", "collapse": "perhaps"})
    assert bad.status_code == 400 and "yes or no" in bad.get_json()["error"]


def test_search_from_the_shell_folds_copies(tmp_path):
    import subprocess
    import sys
    archive_of(tmp_path, [("a", "Central Agency", "Pass closed", AGENCY, "2026-05-04T07:10:00+02:00"),
                          ("b", "Valley Courier", "Pass closed", AGENCY[:4], "2026-05-04T09:30:00+02:00")])
    run = subprocess.run([sys.executable, "-m", "indexer.cli", "search", "--data", str(tmp_path / "data"),
                          "--collapse", "Brezno"], capture_output=True, text=True, check=True)
    assert run.stdout.startswith("1 story matches 'Brezno'") and "Central Agency" in run.stdout
    assert "and 1 copy in these results" in run.stdout and "Valley Courier ·" not in run.stdout  # a hit line
