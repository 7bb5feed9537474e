"""A job's cancel takes effect within seconds, also in the middle of a page: the web server signals the job's process,
which gives up the page in hand, keeps and indexes what it processed before, and ends."""

from __future__ import annotations

import io
import re
import time

from conftest import page_html

from indexer.archive import Archive
from search_app import create_app
from search_app.accounts import Accounts

PASSWORD = "tram-line-to-the-airport"
SMALL = [page_html(f"Harbour report number {n}", [f"Dockers in Gdańsk unloaded {n} ships on Monday, the port said."],
                   url=f"https://courier.example/harbour/{n}") for n in range(24)]  # the first batch of the job
QUOTE = ("“The harbour will stay closed until the owners talk to us,” said Mary Ashford, who leads the union in "
         "Leeds, on the steps of the town hall. ")


def _large(n: int) -> str:
    """A story of about 900,000 characters of quotations with their speakers: tens of seconds to annotate."""
    return page_html(f"Everything the union said, part {n}",
                     [QUOTE + f"Paragraph {i} of part {n}." for i in range(5600)],
                     url=f"https://courier.example/union/{n}")


def _token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_a_cancel_ends_the_page_in_hand_and_keeps_what_came_before(tmp_path):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("editor", PASSWORD)
    client = create_app(data, TESTING=True).test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD, "csrf_token": token})
    token = _token(client.get("/archive").get_data(as_text=True))
    pages = [page.encode() for page in SMALL] + [_large(n).encode() for n in range(3)]
    files = [(io.BytesIO(page), f"{n:02d}.html") for n, page in enumerate(pages)]
    job_id = int(client.post("/archive/add", data={"files": files, "urls": "", "csrf_token": token})
                 .headers["Location"].rsplit("/", 1)[1])

    first, rest = sum(map(len, pages[:24])), sum(map(len, pages[24:]))
    deadline = time.monotonic() + 600
    while client.get(f"/api/jobs/{job_id}").get_json()["done"] < first + rest // 2:  # the large pages are received:
        assert time.monotonic() < deadline, "the job did not reach its large pages"  # the first is in hand
        time.sleep(0.1)
    client.post(f"/archive/jobs/{job_id}/cancel", data={"csrf_token": token})
    cancelled = time.monotonic()
    while (job := client.get(f"/api/jobs/{job_id}").get_json())["status"] in ("running", "cancelling"):
        assert time.monotonic() < deadline, "the job did not end"
        time.sleep(0.1)
    took = time.monotonic() - cancelled

    assert job["status"] == "cancelled" and job["report"]["stopped"]
    assert job["report"]["added"] == 24 and job["report"]["failed"] == [], "the first batch is kept; no large page"
    assert "cancelled in the middle of a page" in " ".join(job["report"]["passed_over"])
    assert client.get("/api/search?q=harbour report").get_json()["total"] == 24, "and indexed"
    assert took < 120, f"the cancel took {took:.0f} s: it waited for the pages in hand (each takes tens of seconds)"
    with Archive(data) as archive:
        received = archive.store.db.execute("SELECT COUNT(*) FROM pages WHERE status='received'").fetchone()[0]
    assert received == 3, "the large pages are stored as they came, for the next run to finish"
