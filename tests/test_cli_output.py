"""What the command line and the job page say: every summary line that counts inputs names them (twenty, then how
many more; --json and the API all of them), origins that tell pages of one folder apart, lines without empty fields,
long lists wrapped, singular and plural, and help for every option."""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import time

import pytest
from conftest import ROOT, page_html, run_cli

from indexer.archive import Archive
from indexer.cli import build_parser
from search_app import create_app
from search_app.accounts import Accounts
from search_app.service import SearchService

GALLERY = ROOT / "tests" / "page_kinds" / "gallery" / "en-gallery-og-article.html"
MANY = 21  # pages of their own outlet each, beside a/source.html and b/source.html: 23 articles in all


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """A folder whose two stories are both called source.html, 21 more pages from 21 outlets (one of them
    undated), a photo gallery and a file that is no page; ingested once through the command line."""
    root = tmp_path_factory.mktemp("named")
    pages = root / "pages"
    for name, title in (("a", "Ferry service resumes after storm"), ("b", "Old bridge closed for repairs")):
        (pages / name).mkdir(parents=True)
        (pages / name / "source.html").write_text(page_html(
            title, [f"{title}, the harbour master said on Monday in a statement to the press."],
            url=f"https://www.test-courier.example/{name}/"), encoding="utf-8")
    (pages / "many").mkdir()
    for n in range(MANY):
        (pages / "many" / f"page-{n:02}.html").write_text(page_html(
            f"Council report number {n}", [f"The council published report number {n} on the town's lighthouse."],
            url=f"https://outlet-{n}.example/report/", source=f"Outlet Number {n:02} Evening Post",
            published=None if n == 0 else "2026-03-14T10:00:00+01:00"), encoding="utf-8")
    shutil.copy(GALLERY, pages / "gallery.html")
    (pages / "notes.txt").write_text("not a page")
    data = root / "data"
    first = run_cli("ingest", str(pages), data=data, check=True)
    return {"data": data, "pages": pages, "first": first}


def lines_starting(output: str, prefix: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if line.strip().startswith(prefix)]


def test_an_ingest_names_what_it_added_twenty_at_most(archive):
    out = archive["first"].stdout
    added = lines_starting(out, "added: ")
    assert len(added) == 20
    assert added[0] == f"added: {archive['pages'] / 'a' / 'source.html'}"
    assert lines_starting(out, "…and ") == ["…and 3 more added (--json names them all)"]


def test_a_second_ingest_names_every_unchanged_page_in_json(archive):
    again = run_cli("ingest", "--json", str(archive["pages"]), data=archive["data"], check=True)
    report = json.loads(again.stdout)
    assert report["unchanged"] == 2 + MANY
    assert len(report["unchanged_paths"]) == 2 + MANY
    assert str(archive["pages"] / "b" / "source.html") in report["unchanged_paths"]
    assert report["added_paths"] == [] and report["updated_paths"] == []


def test_what_is_passed_over_is_named_with_the_reason(archive):
    out = archive["first"].stdout
    assert f"passed over (photo gallery): {archive['pages'] / 'gallery.html'}" in lines_starting(out, "passed over (")
    assert f"passed over (neither a page nor a WARC file): {archive['pages'] / 'notes.txt'}" in out


def test_an_origin_keeps_its_path_inside_the_folder_given(archive):
    with Archive(archive["data"], create=False) as a:
        service = SearchService(a)
        origins = {hit["title"]: [v["origin"] for v in service.article(hit["id"])["versions"]]
                   for hit in service.search("*", limit=50)["hits"]}
    assert origins["Ferry service resumes after storm"] == ["a/source.html"]
    assert origins["Old bridge closed for repairs"] == ["b/source.html"]
    assert origins["Council report number 3"] == ["many/page-03.html"]


def test_a_hit_without_a_date_has_no_empty_field(archive):
    out = run_cli("search", "report number 0", data=archive["data"], check=True).stdout
    assert out.splitlines()[0] == "1 article matches 'report number 0'"
    meta = [line.strip() for line in out.splitlines() if " · id " in line]
    # (an absent date is left out, or said in a word: never an empty field between two dots)
    assert meta and re.fullmatch(r"Outlet Number 00 Evening Post · (undated · )?en · id \w+", meta[0]), meta
    assert "·  ·" not in out
    assert run_cli("search", "lighthouse", data=archive["data"], check=True).stdout.startswith(
        f"{MANY} articles match 'lighthouse'")


def test_stats_wraps_the_sources_to_the_terminal(archive, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    out = run_cli("stats", data=archive["data"], check=True).stdout
    lists = out[out.index("languages:"):out.index("store:")]  # (the store's line is a path, as long as it is)
    assert max(len(line) for line in lists.splitlines()) <= 60, out
    sources = out[out.index("sources:"):out.index("store:")]
    assert all(f"Outlet Number {n:02} Evening Post 1" in " ".join(sources.split()) for n in range(MANY)), sources


def test_the_job_page_names_its_inputs(archive, tmp_path):
    """An upload of one page 22 times: added once, then unchanged 21 times, named 20 times and one more."""
    data = tmp_path / "data"
    with Archive(data) as a:
        Accounts(a.store).add("editor", "a-long-enough-password")
    client = create_app(data, TESTING=True).test_client()
    token = lambda html: re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)  # noqa: E731
    client.post("/archive/sign-in", data={"name": "editor", "password": "a-long-enough-password",
                                          "csrf_token": token(client.get("/archive/sign-in").get_data(as_text=True))})
    page = (archive["pages"] / "a" / "source.html").read_bytes()
    files = [(io.BytesIO(page), f"copy {n:02}.html") for n in range(22)] + [(io.BytesIO(GALLERY.read_bytes()),
                                                                               "gallery.html")]
    r = client.post("/archive/add", data={"files": files,
                                          "csrf_token": token(client.get("/archive").get_data(as_text=True))},
                    content_type="multipart/form-data")
    job_id = int(r.headers["Location"].rsplit("/", 1)[1])
    end = time.monotonic() + 180
    while (job := client.get(f"/api/jobs/{job_id}").get_json())["status"] not in ("done", "failed"):
        assert time.monotonic() < end, "the upload job did not finish"
        time.sleep(0.2)
    assert job["report"]["added_paths"] == ["001-copy-00.html"]
    assert len(job["report"]["unchanged_paths"]) == 21
    html = client.get(f"/archive/jobs/{job_id}").get_data(as_text=True)
    added = re.search(r'<ul class="added_paths">(.*?)</ul>', html, re.S).group(1)
    unchanged = re.search(r'<ul class="unchanged_paths">(.*?)</ul>', html, re.S).group(1)
    assert re.findall(r"<li>(.*?)</li>", added) == ["001-copy-00.html"]
    assert re.findall(r"<li>(.*?)</li>", unchanged) == [f"{n:03}-copy-{n - 1:02}.html" for n in range(2, 22)]
    assert "…and 1 more (the API lists them all)" in unchanged
    assert re.search(r"<strong>023-gallery.html</strong>: photo gallery", html)


def _actions(parser: argparse.ArgumentParser, name: str):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for sub, subparser in action.choices.items():
                yield f"{name} {sub}", "(the command itself)", helps.get(sub)
                yield from _actions(subparser, f"{name} {sub}")
        elif not isinstance(action, argparse._HelpAction | argparse._VersionAction):
            yield name, "/".join(action.option_strings) or action.metavar or action.dest, action.help


def test_help_describes_every_option_of_every_command():
    missing = [f"{command} {option}" for command, option, text in _actions(build_parser(), "newsarchive")
               if not text or not text.strip()]
    assert missing == []


def test_stats_of_one_article_speaks_in_the_singular(tmp_path, write_page):
    page = write_page("one.html", "Ferry service resumes after storm", ["The island ferry sailed again on Monday."])
    run_cli("ingest", str(page), data=tmp_path / "data", check=True)
    first = run_cli("stats", data=tmp_path / "data", check=True).stdout.splitlines()[0]
    assert first.startswith("1 article (1 version) from 1 page (0 failed); 0 quotes; "), first
