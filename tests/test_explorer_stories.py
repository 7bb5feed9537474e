"""Stories across outlets and languages (issue #43): the corpus's five shared stories each one story holding all their
pages and no story mixing two events; stories kept up to date as `ingest` stores articles (no rebuild), with ids that
survive a reindex and annotating again, and a merged story's id that leads to the story it joined; the JSON of
/api/stories and /api/stories/<id> (and `newsarchive stories --json`) as the contract shapes it."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import CORPUS, ROOT, cli_json, run_cli

from indexer.archive import Archive
from search_app import create_app

# corpus/README.md, "Shared stories": each story's pages by the start of their file names
GOLD = json.loads((ROOT / "benchmarks/data/corpus_stories.json").read_text(encoding="utf-8"))
SHARED: dict[str, list[str]] = GOLD["shared"]  # corpus/README.md's shared stories: pages by their names' start
SAME_WEEK: list[list[str]] = GOLD["apart"]  # the Como and Cologne, Novosibirsk and Toruń budgets, two court cases
STORY = {"id", "title", "languages", "sources", "articles", "first", "last"}


def _pages(*prefixes: str) -> list[Path]:
    return [p for p in sorted(CORPUS.rglob("*.htm*")) if str(p.relative_to(CORPUS)).startswith(prefixes)]


def _stories_by_page(data: Path) -> dict[str, str]:
    """{corpus page (lang/file name): the story it is filed under}."""
    with Archive(data, create=False) as archive:
        rows = archive.store.db.execute(
            "SELECT p.origin, m.story FROM pages p JOIN story_members m ON m.article_id=p.article_id").fetchall()
    return {str(Path(origin).resolve().relative_to(CORPUS)): story for origin, story in rows}


def test_each_shared_story_of_the_corpus_is_one_story_and_none_mixes_two_events(corpus_data):
    found = _stories_by_page(corpus_data)
    members = defaultdict(set)
    for page, story in found.items():
        members[story].add(page)
    for name, prefixes in SHARED.items():
        pages = [p for p in found if p.startswith(tuple(prefixes))]
        assert len(pages) == len(prefixes), name
        stories = {found[p] for p in pages}
        assert len(stories) == 1, f"{name} is split: {stories}"
        assert members[stories.pop()] == set(pages), f"{name}'s story holds other pages too"
    for one, other in SAME_WEEK:
        a = next(s for p, s in found.items() if p.startswith(one))
        b = next(s for p, s in found.items() if p.startswith(other))
        assert a != b, (one, other)
        assert len(members[a]) == len(members[b]) == 1
    assert len(members) == len(found) - sum(len(p) - 1 for p in SHARED.values()), "every other page is its own story"


def test_the_stories_api_lists_the_newest_first_with_the_contract_s_fields(corpus_data):
    client = create_app(corpus_data, TESTING=True).test_client()
    body = client.get("/api/stories").get_json()
    assert set(body) >= {"total", "stories"} and body["total"] == len(body["stories"]) == 20 or body["total"] > 20
    for story in body["stories"]:
        assert set(story) >= STORY
    lasts = [s["last"][:10] for s in body["stories"]]
    assert lasts == sorted(lasts, reverse=True), "newest first"
    march = client.get("/api/stories", query_string={"from": "2026-03-01", "to": "2026-03-31"}).get_json()
    assert [s["title"][:4] for s in march["stories"]] == ["Oder"]
    flood = march["stories"][0]
    assert flood["articles"] == 4 and set(flood["languages"]) == {"en", "de", "uk", "pl"}
    assert flood["first"].startswith("2026-03-14") and flood["last"].startswith("2026-03-15")
    ukrainian = client.get("/api/stories", query_string={"language": "uk", "limit": 100}).get_json()
    assert all("uk" in s["languages"] for s in ukrainian["stories"])
    assert ukrainian["total"] == len(list((CORPUS / "uk").glob("*.htm*"))), "the Ukrainian pages' stories"
    trains = client.get("/api/stories", query_string={"q": "Nachtzug"}).get_json()
    assert trains["total"] == 1 and trains["stories"][0]["articles"] == 5, "the German word finds the whole story"
    assert client.get("/api/stories", query_string={"from": "March"}).status_code == 400


def test_the_stories_dates_are_the_search_s_from_and_to(corpus_data):
    """A month or a year, each publication's own day, and from after to refused as the search refuses it (#40)."""
    client = create_app(corpus_data, TESTING=True).test_client()

    def titles(**dates):
        answer = client.get("/api/stories", query_string=dates)
        assert answer.status_code == 200, answer.get_json()
        return [s["title"][:4] for s in answer.get_json()["stories"]]

    assert titles(**{"from": "2026-03", "to": "2026-03"}) == ["Oder"]
    assert titles(**{"from": "2026-03-15", "to": "2026-03-15"}) == ["Oder"], "its Ukrainian report of the 15th"
    assert "Oder" not in titles(**{"from": "2026-03-16", "to": "2026-04"})
    assert "Oder" in titles(**{"from": "2026", "to": "2026", "limit": 100})
    backwards = client.get("/api/stories", query_string={"from": "2026-04-01", "to": "2026-03-01"})
    assert backwards.status_code == 400 and "swap the two dates" in backwards.get_json()["error"]
    assert client.get("/stories", query_string={"from": "2026-04-01", "to": "2026-03-01"}).status_code == 400


def test_a_story_has_its_articles_earliest_first_and_its_quotations(corpus_data):
    client = create_app(corpus_data, TESTING=True).test_client()
    flood = client.get("/api/stories", query_string={"q": "Wrocław"}).get_json()["stories"][0]
    record = client.get(f"/api/stories/{flood['id']}").get_json()
    assert set(record) >= STORY | {"quotes"}
    assert [set(a) >= {"id", "title", "url", "language", "source", "published"} for a in record["articles"]] == [True] * 4
    assert record["articles"][-1]["language"] == "uk", "the Ukrainian report came a day later"
    speakers = {q["speaker"] for q in record["quotes"]}
    assert {"Katarzyna Wiśniewska", "Катажина Вишневська"} & speakers
    assert {e["key"] for e in record["entities"]} >= {"wroclaw", "katarzyna-wisniewska"}
    assert client.get("/api/stories/20990101-nothing").status_code == 404
    page = client.get(f"/stories/{flood['id']}").get_data(as_text=True)
    assert "4 reports in 4 languages from 4 outlets" in page and "Who was quoted" in page
    assert cli_json("stories", "--json", "Wrocław", data=corpus_data)["stories"][0]["id"] == flood["id"]


def test_a_search_hit_names_its_story(corpus_data):
    client = create_app(corpus_data, TESTING=True).test_client()
    hits = client.get("/api/search", query_string={"q": "Kitahara"}).get_json()["hits"]
    assert {h["story"] for h in hits if h["language"] in ("en", "ja", "zh")} == {hits[0]["story"]}
    assert all(h["story_reports"]["articles"] == 3 for h in hits if h["story"] == hits[0]["story"])
    page = client.get("/search", query_string={"q": "Kitahara"}).get_data(as_text=True)
    assert "3 reports in 3 languages" in page


def test_ingest_files_each_article_into_its_story_before_it_returns(tmp_path):
    """One ingest per page, as pages arrive: the second report joins the first's story, with no rebuild."""
    data = tmp_path / "data"
    english, german, polish = _pages(*SHARED["oder-flood"][:2], SHARED["oder-flood"][3])
    assert run_cli("ingest", str(english), data=data).returncode == 0
    first = cli_json("stories", "--json", data=data)
    assert first["total"] == 1 and first["stories"][0]["articles"] == 1
    story = first["stories"][0]["id"]
    for page, languages in ((german, {"en", "de"}), (polish, {"en", "de", "pl"})):
        assert run_cli("ingest", str(page), data=data).returncode == 0
        now = cli_json("stories", "--json", data=data)
        assert now["total"] == 1 and now["stories"][0]["id"] == story
        assert set(now["stories"][0]["languages"]) == languages
    hit = cli_json("search", "--json", "Breslau", data=data)["hits"][0]
    assert hit["story"] == story


def test_story_ids_survive_a_reindex_and_annotating_again(tmp_path):
    data = tmp_path / "data"
    pages = _pages(*SHARED["night-train"], *SHARED["osaka-chip-plant"], SAME_WEEK[0][0])
    assert run_cli("ingest", *map(str, pages), data=data).returncode == 0

    def stories() -> dict[str, int]:
        return {s["id"]: s["articles"] for s in cli_json("stories", "--json", "--limit", "100", data=data)["stories"]}

    before = stories()
    assert sorted(before.values()) == [1, 3, 5]
    assert run_cli("reindex", data=data).returncode == 0
    assert stories() == before
    assert run_cli("reindex", "--reannotate", data=data).returncode == 0
    assert stories() == before


LONG_STRIKE = [  # one strike over a week: its first and last reports six days apart, a report between them
    ("2026-10-01T09:00:00+02:00", "Dockers in Gdańsk vote to strike",
     "Dockers at the Gdańsk container terminal voted on Thursday to strike, said Marek Sobczak of the Pomeranian "
     "Dockers' Union. The Baltic Box Terminal has offered a raise of 6 per cent."),
    ("2026-10-07T09:00:00+02:00", "Gdańsk dockers end their strike",
     "The strike at the Gdańsk container terminal ended on Wednesday, Marek Sobczak of the Pomeranian Dockers' Union "
     "said. The Baltic Box Terminal agreed to a raise of 11 per cent."),
    ("2026-10-04T09:00:00+02:00", "Ships queue outside Gdańsk as dockers strike",
     "Thirty ships waited outside Gdańsk on Sunday as the strike at the Baltic Box Terminal went on. Marek Sobczak "
     "of the Pomeranian Dockers' Union said talks would resume on Monday."),
]


def test_a_report_that_joins_two_stories_merges_them_and_the_younger_id_leads_to_the_older(tmp_path, write_page):
    data = tmp_path / "data"
    ids = []
    for n, (published, title, text) in enumerate(LONG_STRIKE):
        page = write_page(f"strike-{n}.html", title, [text], published=published,
                          url=f"https://harbour.example/strike-{n}/")
        assert run_cli("ingest", str(page), data=data).returncode == 0
        ids.append([s["id"] for s in cli_json("stories", "--json", data=data)["stories"]])
    assert len(ids[1]) == 2, "six days apart: two stories, until a report between them"
    assert len(ids[2]) == 1, ids
    kept, = ids[2]
    gone, = set(ids[1]) - {kept}
    assert kept.startswith("20261001"), "the older story keeps its id"
    client = create_app(data, TESTING=True).test_client()
    moved = client.get(f"/api/stories/{gone}")
    assert moved.status_code == 301 and moved.headers["Location"].endswith(f"/api/stories/{kept}")
    assert client.get(f"/stories/{gone}").headers["Location"].endswith(f"/stories/{kept}")
    assert client.get(f"/api/stories/{kept}").get_json()["count"] == 3


def test_the_stories_command_explains_itself(corpus_data):
    proc = run_cli("stories", "Oder", data=corpus_data)
    assert proc.returncode == 0 and proc.stdout.splitlines()[0] == "1 story with articles matching 'Oder'"
    assert "4 articles · de, pl, en, uk · Rheinische Abendpost" in proc.stdout
    bad = run_cli("stories", "--json", "--from", "last week", data=corpus_data)
    assert bad.returncode == 2 and "ISO 8601" in json.loads(bad.stdout)["error"]
    assert "--language" in run_cli("stories", "--help").stdout


def test_story_pages_write_nothing_to_a_store_they_only_read(corpus_data):
    before = (corpus_data / "archive.sqlite3").stat().st_mtime_ns
    client = create_app(corpus_data, TESTING=True).test_client()
    client.get("/")
    client.get("/api/stories")
    assert (corpus_data / "archive.sqlite3").stat().st_mtime_ns == before


@pytest.mark.parametrize("path", ["/", "/stories", "/stories?all=yes&language=ru"])
def test_the_front_page_and_the_list_of_stories_link_on(corpus_data, path):
    client = create_app(corpus_data, TESTING=True).test_client()
    page = client.get(path).get_data(as_text=True)
    assert "/stories/20" in page
    if path == "/":
        assert "/entities/" in page and "/quotes/" in page


def test_on_solrcloud_and_postgresql_each_ingest_files_its_articles_into_stories_and_entities(tmp_path, solr_cluster,
                                                                                             monkeypatch):
    """The cluster set-up (SolrCloud index, PostgreSQL store): the same stories and entity pages, kept up to date
    as each page is ingested."""
    from store_support import fresh_database, test_store_url

    index = solr_cluster.new_collections()
    try:
        with fresh_database(test_store_url()) as url:
            where = ["--data", str(tmp_path / "data"), "--store", url, "--index", index]
            for page in _pages(*SHARED["oder-flood"]):
                assert run_cli("ingest", *where, str(page)).returncode == 0
                found = json.loads(run_cli("stories", "--json", *where).stdout)
                assert found["total"] == 1, found
            assert found["stories"][0]["articles"] == 4
            other, = _pages(SHARED["osaka-chip-plant"][0])  # (with only one story, no entity is named more than
            assert run_cli("ingest", *where, str(other)).returncode == 0  # chance says with another)
            assert json.loads(run_cli("stories", "--json", *where).stdout)["total"] == 2
            entity = json.loads(run_cli("entity", "--json", *where, "Breslau").stdout)
            assert entity["key"] == "wroclaw" and entity["articles"]["total"] == 4
            assert {lang["code"] for lang in entity["languages"]} == {"en", "de", "uk", "pl"}
            assert entity["related"] and entity["timeline"]["buckets"]
            monkeypatch.setenv("NEWSARCHIVE_STORE", url)
            monkeypatch.setenv("NEWSARCHIVE_INDEX", index)
            client = create_app(tmp_path / "data", TESTING=True).test_client()
            flood = found["stories"][0]["id"]
            for path in ("/", "/stories", f"/stories/{flood}", "/entities/wroclaw", "/api/entities?q=Вроцлав",
                         "/api/stories?q=Oder"):
                answer = client.get(path)
                assert answer.status_code == 200, (path, answer.get_data(as_text=True)[-500:])
            front = client.get("/").get_data(as_text=True)
            assert f"/stories/{flood}" in front and "/entities/" in front
    finally:
        solr_cluster.drop_collections(index)


def test_queued_pages_are_in_their_stories_when_the_workers_have_taken_them(tmp_path):
    """`ingest --queue` and `newsarchive worker`: each worker files what it stored into its story."""
    data = tmp_path / "data"
    job = run_cli("ingest", "--queue", *map(str, _pages(*SHARED["osaka-chip-plant"])), data=data)
    assert job.returncode == 0, job.stderr
    worker = run_cli("worker", "--exit-when-idle", data=data, timeout=600)
    assert worker.returncode == 0, worker.stderr
    found = cli_json("stories", "--json", data=data)
    assert found["total"] == 1 and set(found["stories"][0]["languages"]) == {"en", "ja", "zh"}


def test_the_front_page_quotes_the_newest_named_speakers_as_quote_search_finds_them(corpus_data):
    """The front page's latest quotations (read from the store's filed articles) are the ones the quote search
    gives, newest first, from the front page's first day: whole statements by a named speaker, each linking to
    that speaker's page."""
    from search_app.context import get_service
    from search_app.explore import Explorer

    client = create_app(corpus_data, TESTING=True).test_client()
    with client.application.app_context():
        news = Explorer(get_service().archive).front()
    assert news["quotes"], news
    found = client.get(f"/api/quotes?sort=newest&fragments=no&from={news['since']}&limit=100").get_json()["quotes"]
    named = [q for q in found if q["speaker"] and q.get("speaker_key")]
    assert [q["id"] for q in news["quotes"]] == [q["id"] for q in named[:len(news["quotes"])]]
    for quote in news["quotes"]:
        assert not quote["fragment"] and quote["published"][:10] >= news["since"]
        assert client.get(f"/entities/{quote['speaker_key']}").status_code == 200


def test_the_front_page_sums_up_the_archive_as_its_statistics_do(corpus_data):
    client = create_app(corpus_data, TESTING=True).test_client()
    stats = client.get("/api/stats").get_json()
    page = " ".join(client.get("/").get_data(as_text=True).split())
    assert (f"{stats['articles']} articles in {len(stats['languages'])} languages from {len(stats['sources'])} "
            f"sources, with {stats['quotes']} quotations") in page
