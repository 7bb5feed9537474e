"""Queued work through the real commands: `ingest --queue` returns a job at once, `newsarchive worker` processes (real
processes, on the SQLite file and on PostgreSQL) take its pages, and a worker killed mid-job loses and doubles nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import ROOT, page_html, run_cli
from solr_support import solr_cluster  # noqa: F401 (the fixture)
from store_support import store_url  # noqa: F401 (the fixture)

from indexer.jobs import Jobs
from indexer.queue import WorkQueue
from indexer.store import Store

TOPICS = ["harbour cranes", "night trains", "river ferries", "tram depots", "grain silos", "salt flats",
          "lighthouse keepers", "bridge tolls", "canal locks", "mountain huts", "bus shelters", "seed banks"]


def _pages(folder: Path, n: int) -> list[str]:
    """n distinct articles; their titles."""
    folder.mkdir(parents=True, exist_ok=True)
    titles = []
    for i in range(n):
        topic = TOPICS[i % len(TOPICS)]
        title = f"Council report {i} on {topic}"
        body = [f"The council of Ostervik published report number {i} about {topic} on Tuesday.",
                f'"We counted {i * 7 + 3} of them this year," said Mira Lindqvist, who led the survey.',
                f"Residents will discuss the {topic} findings at a meeting in the town hall next month."]
        (folder / f"page-{i:03d}.html").write_text(
            page_html(title, body, url=f"https://ostervik.example/news/{i}"), encoding="utf-8")
        titles.append(title)
    return titles


def _where(store_url, tmp_path: Path) -> list[str]:  # noqa: F811
    """The options that name the test's store (the SQLite file of a data folder, or a PostgreSQL database)."""
    data = ["--data", str(tmp_path / "data")]
    return data if isinstance(store_url, Path) else [*data, "--store", store_url]


def _store(store_url, tmp_path: Path) -> Store:  # noqa: F811
    return Store(tmp_path / "data" / "archive.sqlite3" if isinstance(store_url, Path) else store_url)


def _worker(where: list[str], *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "indexer.cli", "worker", *where, *extra], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONWARNINGS="ignore"))


def _stop(*procs: subprocess.Popen) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.communicate()


def _enqueue(where: list[str], *paths: str) -> int:
    started = time.monotonic()
    proc = run_cli("ingest", "--queue", *where, *paths)
    assert proc.returncode == 0, proc.stderr
    assert time.monotonic() - started < 60
    return int(proc.stdout.strip().splitlines()[-1])


def _jobs(where: list[str]) -> dict:
    proc = run_cli("jobs", "--json", *where)
    assert proc.returncode == 0, proc.stderr
    return {j["id"]: j for j in json.loads(proc.stdout)["jobs"]}


def _found_once(where: list[str], titles: list[str]) -> None:
    """Every page is one search hit: none missing from the index, none twice."""
    proc = run_cli("search", "--json", "--limit", "100", *where, '"council report"')
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    hits = sorted(h["title"] for h in found["hits"])
    assert found["total"] == len(titles) and hits == sorted(titles), hits


def test_queued_pages_are_taken_by_two_workers_and_each_is_stored_and_indexed_once(store_url, tmp_path):  # noqa: F811
    where = _where(store_url, tmp_path)
    titles = _pages(tmp_path / "pages", 10)
    (tmp_path / "pages" / "notes.txt").write_text("not a page")
    job = _enqueue(where, str(tmp_path / "pages"), str(tmp_path / "missing.html"))
    listed = _jobs(where)[job]
    assert listed["status"] == "queued" and listed["total"] == 11 and listed["done"] == 1  # the missing file: settled
    workers = [_worker(where, "--exit-when-idle") for _ in range(2)]
    try:
        for w in workers:
            w.wait(timeout=240)
    finally:
        _stop(*workers)
    assert all(w.returncode == 0 for w in workers), [w.stderr.read() if w.stderr else "" for w in workers]
    done = _jobs(where)[job]
    assert done["status"] == "done" and done["done"] == done["total"] == 11
    assert done["report"]["added"] == 10
    assert done["report"]["failed"] == [{"path": str(tmp_path / "missing.html"), "error": "no such file or directory"}]
    assert any("notes.txt" in s for s in done["report"]["skipped"]), "what was passed over is said"
    stats = json.loads(run_cli("stats", "--json", *where).stdout)
    assert stats["articles"] == stats["versions"] == 10
    _found_once(where, titles)
    check = json.loads(run_cli("check", "--json", *where).stdout)
    assert check["clean"], check


def test_a_worker_killed_mid_job_loses_nothing_and_doubles_nothing(store_url, tmp_path):  # noqa: F811
    where = _where(store_url, tmp_path)
    titles = _pages(tmp_path / "pages", 8)
    job = _enqueue(where, str(tmp_path / "pages"))
    store = _store(store_url, tmp_path)
    doomed = _worker(where, "--lease", "5")
    rescuer = None
    try:
        deadline = time.monotonic() + 120
        held = []
        while not held and time.monotonic() < deadline and doomed.poll() is None:
            held = [r[0] for r in store.db.execute("SELECT id FROM queue WHERE status='taken' AND worker LIKE ?",
                                                   (f"%:{doomed.pid}",))]
            time.sleep(0.05)
        assert held, "the worker took a page"
        doomed.send_signal(signal.SIGKILL)
        doomed.wait(timeout=10)
        rescuer = _worker(where, "--lease", "5", "--exit-when-idle")
        rescuer.wait(timeout=240)
        assert rescuer.returncode == 0
    finally:
        _stop(doomed, *([rescuer] if rescuer else []))
    rows = {r["id"]: (r["status"], r["attempts"]) for r in store.db.execute("SELECT id, status, attempts FROM queue")}
    store.close()
    assert all(status == "done" for status, _ in rows.values()), rows
    assert all(rows[i][1] == 2 for i in held), "the killed worker's pages were taken again once their lease expired"
    finished = _jobs(where)[job]
    assert finished["status"] == "done" and finished["done"] == finished["total"] == 8
    stats = json.loads(run_cli("stats", "--json", *where).stdout)
    assert stats["articles"] == stats["versions"] == 8
    _found_once(where, titles)
    assert json.loads(run_cli("check", "--json", *where).stdout)["clean"]


def test_progress_moves_page_by_page_and_a_kill_after_storing_keeps_the_counts_right(store_url, tmp_path):  # noqa: F811
    """A worker indexes its pages in batches, so `done` jumps; `processed` moves with each page stored, and `jobs`
    shows the pages in hand per worker and the time left. Killed holding stored pages, the worker that takes them
    again finds them stored already: they are still counted added, not unchanged."""
    where = _where(store_url, tmp_path)
    titles = _pages(tmp_path / "pages", 24)
    job = _enqueue(where, str(tmp_path / "pages"))
    store = _store(store_url, tmp_path)
    doomed = _worker(where, "--lease", "5")
    rescuer = None
    try:
        seen, listed = [], None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and doomed.poll() is None:
            now_ = Jobs(store).get(job)
            if not seen or seen[-1] != (now_.done, now_.processed):
                seen.append((now_.done, now_.processed))
            if now_.stored >= 3:
                doomed.send_signal(signal.SIGKILL)
                doomed.wait(timeout=10)
                listed = _jobs(where)[job]
                break
            time.sleep(0.02)
        assert listed, f"the worker stored 3 pages without indexing them: {seen}"
        # processed moved before any page was indexed, and partway: seen below the job's size (a poll every 20 ms
        # may miss single steps when the worker stores quickly, so one value is enough)
        moved = [p for d, p in seen if d == 0 and p]
        assert moved and moved == sorted(moved) and moved[0] < len(titles), \
            f"processed moves before any page is indexed: {seen}"
        assert listed["status"] == "running" and listed["done"] == 0 and listed["stored"] >= 3
        assert listed["progress"]["processed"] == listed["stored"] and listed["in_hand"] >= listed["stored"]
        [mine] = listed["workers"]
        assert mine["worker"].endswith(f":{doomed.pid}") and mine["stored"] == listed["stored"] and mine["done"] == 0
        assert listed["eta_seconds"] is not None and listed["eta_seconds"] > 0
        human = run_cli("jobs", *where)
        assert f"{listed['stored']} processed" in human.stdout and f":{doomed.pid}: 0 done" in human.stdout, human.stdout
        rescuer = _worker(where, "--lease", "5", "--exit-when-idle")
        rescuer.wait(timeout=300)
        assert rescuer.returncode == 0
    finally:
        _stop(doomed, *([rescuer] if rescuer else []))
        store.close()
    finished = _jobs(where)[job]
    assert finished["status"] == "done" and finished["done"] == finished["total"] == 24
    assert (finished["report"]["added"], finished["report"]["unchanged"]) == (24, 0), finished["report"]
    assert finished["in_hand"] == 0 and finished["eta_seconds"] is None
    _found_once(where, titles)


def test_sigterm_lets_a_worker_finish_its_pages_and_stop(tmp_path):
    where = _where(tmp_path / "archive.sqlite3", tmp_path)
    _pages(tmp_path / "pages", 30)
    job = _enqueue(where, str(tmp_path / "pages"))
    store = _store(tmp_path / "x", tmp_path)
    worker = _worker(where)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not store.db.execute(
                "SELECT 1 FROM queue WHERE status IN ('taken', 'done') AND worker IS NOT NULL").fetchone():
            time.sleep(0.05)
        worker.send_signal(signal.SIGTERM)
        asked = time.monotonic()
        worker.wait(timeout=60)
        assert time.monotonic() - asked < 60
    finally:
        _stop(worker)
    assert worker.returncode == 0
    statuses = [r[0] for r in store.db.execute("SELECT status FROM queue")]
    done = statuses.count("done")
    assert "taken" not in statuses, "what it had taken it finished (stored and indexed) before stopping"
    assert 1 <= done < 30 and statuses.count("queued") == 30 - done
    stats = json.loads(run_cli("stats", "--json", *where).stdout)
    assert stats["articles"] == done
    assert _jobs(where)[job]["status"] == "running", "the rest waits for the next worker"
    store.close()


def test_an_item_whose_lease_expires_three_times_is_failed_with_the_reason(store_url, tmp_path):  # noqa: F811
    store = _store(store_url, tmp_path)
    queue = WorkQueue(store)
    job = queue.create_job("ada", ["https://ostervik.example/news/1"])
    queue.add(job, [("https://ostervik.example/news/1", None, "https://ostervik.example/news/1")])
    queue.close_job(job)
    for attempt in range(3):  # a lease of 1 s: on a busy machine 0.2 s ran out before the second take
        item = queue.take("stuck-worker", lease=1.0)
        assert item is not None and item.attempts == attempt + 1
        assert queue.take("other", lease=1.0) is None, "a leased item is nobody else's"
        time.sleep(1.1)
    assert queue.take("other", lease=1.0) is None, "after three expired leases it is not taken again"
    row = store.db.execute("SELECT status, detail FROM queue").fetchone()
    assert row["status"] == "failed" and "taken 3 times" in row["detail"]
    status, report = store.db.execute("SELECT status, report FROM jobs WHERE id=?", (job,)).fetchone()
    assert status == "done" and "taken 3 times" in json.loads(report)["failed"][0]["error"]
    assert not queue.finish(item.id, "stuck-worker", "added"), "a late finish by the stuck worker counts for nothing"
    store.close()


def test_cancelling_a_queued_job_leaves_its_pages_untaken(tmp_path):
    where = _where(tmp_path / "archive.sqlite3", tmp_path)
    _pages(tmp_path / "pages", 4)
    job = _enqueue(where, str(tmp_path / "pages"))
    from indexer.jobs import Jobs

    with _store(tmp_path / "x", tmp_path) as store:
        assert Jobs(store).cancel(job).status == "cancelled"
    worker = _worker(where, "--exit-when-idle")
    try:
        worker.wait(timeout=120)
    finally:
        _stop(worker)
    cancelled = _jobs(where)[job]
    assert cancelled["status"] == "cancelled" and cancelled["done"] == cancelled["total"] == 4
    assert json.loads(run_cli("stats", "--json", *where).stdout)["articles"] == 0


def test_workers_share_the_pause_per_host(store_url, tmp_path, site):  # noqa: F811
    """Two workers fetching from one host keep its pause between them: politeness holds across processes."""
    where = _where(store_url, tmp_path)
    for i in range(6):
        site.add(f"/news/{i}", page_html(f"Ferry timetable change {i}", [
            f"The ferry to Holmsund leaves {i + 2} minutes later from Monday, the operator said.",
            "Passengers with season tickets need not change anything, according to the notice."]))
    site.add("/robots.txt", "User-agent: *\nAllow: /\n", Content_Type="text/plain")
    job = _enqueue(where, *[f"{site.base}/news/{i}" for i in range(6)])
    workers = [_worker(where, "--exit-when-idle", "--allow-private", "--delay", "0.5") for _ in range(2)]
    try:
        for w in workers:
            w.wait(timeout=180)
    finally:
        _stop(*workers)
    times = sorted(t for t, path, _ in site.log if path.startswith("/news/"))
    assert len(times) == 6
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert min(gaps) > 0.45, gaps
    assert _jobs(where)[job]["report"]["added"] == 6


def test_uploads_on_the_web_become_queued_work_with_a_postgresql_store(tmp_path, monkeypatch):
    """With a shared store the web server runs no job itself: the upload's pages are in the store, a worker (any
    machine) takes them, and nothing of the upload stays on the web server's disk."""
    import io

    from store_support import fresh_database, test_store_url
    from test_archive_area import PASSWORD, STORY, _signed_in, _token, _wait

    from search_app import create_app
    from search_app.accounts import Accounts

    with fresh_database(test_store_url()) as url:
        monkeypatch.setenv("NEWSARCHIVE_STORE", url)
        data = tmp_path / "web"
        with Store(url) as store:
            Accounts(store).add("editor", PASSWORD)
        client = _signed_in(create_app(data, TESTING=True))
        files = [(io.BytesIO(STORY.encode()), "tram line.html"), (io.BytesIO(b"%PDF-1.7 binary"), "report.pdf")]
        r = client.post("/archive/add", data={"files": files, "csrf_token": _token(
            client.get("/archive").get_data(as_text=True))}, content_type="multipart/form-data")
        assert r.status_code == 302
        job_id = int(r.headers["Location"].rsplit("/", 1)[1])
        queued = client.get(f"/api/jobs/{job_id}").get_json()
        assert queued["kind"] == "queue" and queued["total"] == 2 and queued["unit"] == "pages"
        assert not (data / "uploads").exists(), "nothing of the upload waits on the web server's disk"
        worker = _worker(["--data", str(tmp_path / "worker"), "--store", url, "--exit-when-idle"])
        try:
            worker.wait(timeout=180)
        finally:
            _stop(worker)
        job = _wait(client, job_id)
        assert job["status"] == "done" and job["report"]["added"] == 1
        [failure] = job["report"]["failed"]
        assert failure["path"] == "002-report.pdf" and "PDF" in failure["error"], "named as uploaded, with the reason"
        assert "1 added" in client.get(f"/archive/jobs/{job_id}").get_data(as_text=True)


def test_the_cluster_two_workers_without_data_folders_one_killed_mid_job(tmp_path, solr_cluster):  # noqa: F811
    """PostgreSQL store and SolrCloud index, as `scripts/cluster up` runs them: two workers with no folder of their
    own take one job; one is SIGKILLed while it holds pages; every page ends up stored and indexed once."""
    from store_support import fresh_database, test_store_url

    index = solr_cluster.new_collections()
    try:
        with fresh_database(test_store_url()) as url:
            nowhere = tmp_path / "no-such-folder"
            where = ["--data", str(nowhere), "--store", url, "--index", index]
            titles = _pages(tmp_path / "pages", 16)
            job = _enqueue(where, str(tmp_path / "pages"))
            doomed, steady = _worker(where, "--lease", "5"), _worker(where, "--lease", "5", "--exit-when-idle")
            try:
                with Store(url) as store:
                    deadline, held = time.monotonic() + 120, []
                    while not held and time.monotonic() < deadline and doomed.poll() is None:
                        held = [r[0] for r in store.db.execute(
                            "SELECT id FROM queue WHERE status='taken' AND worker LIKE ?", (f"%:{doomed.pid}",))]
                        time.sleep(0.05)
                assert held, "the doomed worker took pages"
                doomed.send_signal(signal.SIGKILL)
                _, said = steady.communicate(timeout=300)
                assert steady.returncode == 0, said
                from urllib.parse import urlsplit

                assert "stored and indexed" in said and urlsplit(url).password not in said, "no password in logs"
            finally:
                _stop(doomed, steady)
            assert not nowhere.exists(), "with both backends remote, a worker keeps nothing on its own disk"
            finished = _jobs(where)[job]
            assert finished["status"] == "done" and finished["done"] == finished["total"] == 16
            assert finished["report"]["added"] == 16
            stats = json.loads(run_cli("stats", "--json", *where).stdout)
            assert stats["articles"] == stats["versions"] == 16
            _found_once(where, titles)
            assert json.loads(run_cli("check", "--json", *where).stdout)["clean"]
    finally:
        solr_cluster.drop_collections(index)
