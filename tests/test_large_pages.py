"""Large pages (up to the 20 MiB limit) come out of `ingest` in bounded time and memory: stored, or refused with a
reason. Each page here took minutes to hours, or gigabytes, before the stage it stresses was made linear or bounded;
the subprocess's timeout and address-space cap are the bounds, not measurements (benchmarks/large_pages.py measures).
"""

from __future__ import annotations

import json

from conftest import run_cli

MIB = 2**20
MEMORY = 3 * 1024 * MIB  # the command's address space: a normal ingest needs about 1.5 GiB of it
HEAD = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title} | Baltic Courier</title>'
        '<meta property="article:published_time" content="2026-11-28T09:00:00Z"></head><body>')
STORY = "".join(f"<p>Dock workers in Gdańsk stopped work on Saturday over pay, and the harbour stayed closed all day, "
                f"the union said in statement {i}.</p>" for i in range(8))


def _ingest(folder, data) -> dict:
    proc = run_cli("ingest", "--json", str(folder), data=data, timeout=600, memory=MEMORY)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_large_pages_that_are_articles_or_fronts_are_read(tmp_path):
    """A story under 30,000 reader comments (page kind compared every paragraph with all the others: 52 s of CPU
    for 10,000 comments, hours for 30,000) and a front of 100,000 teasers (bs4 looked up each removed teaser's place
    among its siblings one by one)."""
    pages = tmp_path / "pages"
    pages.mkdir()
    comments = "".join(f'<div class="comment"><p>Reader {i} wrote that the strike was long overdue and that the '
                       f'port owners had ignored the workers for years.</p></div>' for i in range(30_000))
    (pages / "comments.html").write_text(
        HEAD.format(title="Harbour strike") + f'<article><h1>Harbour strike</h1>{STORY}</article>'
        f'<section class="comments">{comments}</section></body></html>')
    teasers = "".join(f'<div class="teaser"><a href="/2026/11/{i}/">Harbour news number {i} from the Baltic '
                      f'coast</a></div>' for i in range(100_000))
    (pages / "front.html").write_text(HEAD.format(title="Front page") + f"<main>{teasers}</main></body></html>")
    assert (pages / "front.html").stat().st_size > 9 * MIB

    summary = _ingest(pages, tmp_path / "data")
    assert summary["failed"] == [] and summary["added"] == 1
    assert summary["not_articles_by_kind"] == {"section": 1}, "the front: headline links and no text of its own"


def test_pages_at_the_limit_that_cannot_be_read_in_time_are_refused_with_a_reason(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    unit = "<p>The port authority said the harbour in Gdynia would stay closed until the strike ends.</p>\n"
    (pages / "novel.html").write_text(HEAD.format(title="Everything") + "<article><h1>Everything</h1>"
                                      + unit * ((20 * MIB - 2000) // len(unit)) + "</article></body></html>")
    cell = "<td>7</td>"
    (pages / "table.html").write_text(HEAD.format(title="Results") + "<table><tr>"
                                      + cell * ((20 * MIB - 2000) // len(cell)) + "</tr></table></body></html>")
    run = "<b>" * 500 + "deep "  # runs of bare tags, each a little short of the nesting cap
    (pages / "nesting.html").write_text(HEAD.format(title="Deep") + run * ((20 * MIB - 2000) // len(run))
                                        + "</body></html>")

    summary = _ingest(pages, tmp_path / "data")
    failed = {path.rsplit("/", 1)[-1]: error for path, error in ((f["path"], f["error"]) for f in summary["failed"])}
    assert set(failed) == {"novel.html", "table.html", "nesting.html"}
    assert "too much text for a news article: 19," in failed["novel.html"]
    assert "too many HTML elements" in failed["table.html"] and "too many HTML elements" in failed["nesting.html"]
    assert all("raw page is kept" in error for error in failed.values())
