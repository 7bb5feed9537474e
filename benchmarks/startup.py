"""Start-up and memory of real processes: what a journalist waits for, and what the web server holds.

    .venv/bin/python benchmarks/startup.py [--data DIR] [--pages N] [--port P]

Without --data, a fresh archive of the bundled corpus is made in a temporary folder (plus N synthetic pages with
--pages). Prints: seconds from `newsarchive serve` starting to its first answer of /api/search; the serving
process's memory (VmRSS, VmHWM) after a few searches and again after an upload job through the archivists' area
(and the memory of the process that ran the job, when another did); the wall time of `newsarchive search` from the
shell and of ingesting one new page. With --data the archive is changed: a user `startup-bench` is added and removed
again, and two new synthetic pages stay in it.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

CLI = [sys.executable, "-m", "indexer.cli"]
ENV = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
USER, PASSWORD = "startup-bench", "a long benchmark passphrase"
SEARCHES = [{"q": "x"}, {"q": "Kyiv"}, {"q": '"night train"'}, {"q": "language:de"},
            {"q": "minister said", "person": "Volodymyr Zelensky"}, {"q": "*", "place": "Київ"},
            {"q": "*", "speaker": "Дмитрий Песков"}]  # typed filters: their values are keyed as entities


def memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) in MiB, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) // 1024
    return fields


def children(pid: int) -> list[int]:
    """Processes started by any thread of pid."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system time of a running process (wall time on a shared machine also counts others' work)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(*args: str) -> tuple[float, float]:
    """Wall and CPU seconds of one CLI command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*CLI, *args], env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def new_page(folder: Path, n: int, language: str = "ru") -> Path:
    """A page no archive holds yet (the n-th synthetic article in `language`, with a unique title and URL).
    Russian by default: its annotation loads the most (the natasha tagger, pymorphy3)."""
    from synthetic import articles, html_page

    item = [a for a in articles(200) if a.language == language][n]
    unique = uuid.uuid4().hex
    page = html_page(item).replace(item.annotated.article.url.encode(), f"https://startup.example/{unique}".encode())
    path = folder / f"startup-{unique[:8]}.html"
    path.write_bytes(page.replace(b"<h1>", f"<h1>{unique} ".encode(), 1))
    return path


class Browser:
    """An archivist signed in to the archive area (cookies and CSRF tokens kept)."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=60) as r:
            return r.read().decode()

    def post(self, path: str, body: bytes, content_type: str) -> str:
        req = urllib.request.Request(self.base + path, data=body, headers={"Content-Type": content_type})
        with self.opener.open(req, timeout=60) as r:
            return r.geturl()

    def token(self, path: str) -> str:
        return re.search(r'name="csrf_token" value="([^"]+)"', self.get(path)).group(1)

    def sign_in(self) -> None:
        form = urllib.parse.urlencode({"name": USER, "password": PASSWORD, "csrf_token": self.token("/archive/sign-in")})
        self.post("/archive/sign-in", form.encode(), "application/x-www-form-urlencoded")

    def upload(self, page: Path) -> int:
        boundary = uuid.uuid4().hex
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                 f"{self.token('/archive')}\r\n".encode(),
                 f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{page.name}"\r\n'
                 f"Content-Type: text/html\r\n\r\n".encode() + page.read_bytes() + b"\r\n",
                 f"--{boundary}--\r\n".encode()]
        where = self.post("/archive/add", b"".join(parts), f"multipart/form-data; boundary={boundary}")
        return int(where.rsplit("/", 1)[1])

    def wait(self, job_id: int, timeout: float = 300) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            job = json.loads(self.get(f"/api/jobs/{job_id}"))
            if job["status"] in ("done", "failed", "cancelled"):
                return job
            time.sleep(0.1)
        raise RuntimeError(f"job {job_id} did not finish in {timeout} s")


def serve(data: Path, work: Path, port: int) -> None:
    from indexer.archive import Archive
    from search_app.accounts import AccountError, Accounts

    with Archive(data) as archive:
        accounts = Accounts(archive.store)
        if USER not in {u.name for u in accounts.all()}:
            accounts.add(USER, PASSWORD, "archivist")
    base = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    server = subprocess.Popen([*CLI, "serve", "--data", str(data), "--port", str(port)], env=ENV,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/search?q=x", timeout=60) as r:
                    if r.status == 200:
                        break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError("newsarchive serve stopped before answering") from None
                time.sleep(0.02)
        print(f"first answer after serve starts   {time.perf_counter() - start:6.2f} s  "
              f"(cpu {cpu_seconds(server.pid):.2f} s)")
        for query in SEARCHES:
            urllib.request.urlopen(f"{base}/api/search?{urllib.parse.urlencode(query)}", timeout=60).read()
        m = memory(server.pid)
        print(f"server after {len(SEARCHES)} searches           RSS {m['VmRSS']:5d} MiB   peak {m['VmHWM']:5d} MiB")
        browser = Browser(base)
        browser.sign_in()
        start = time.perf_counter()
        job_id = browser.upload(new_page(work, 0))
        worker = {}
        while (job := json.loads(browser.get(f"/api/jobs/{job_id}")))["status"] in ("queued", "running"):
            for pid in children(server.pid):  # sampled while it runs: a worker process may end with its job
                try:
                    worker = memory(pid)
                except OSError:
                    pass
            time.sleep(0.05)
        job = browser.wait(job_id)
        m = memory(server.pid)
        print(f"upload job ({job['status']}, {job['report'] and job['report']['added']} added)     "
              f"{time.perf_counter() - start:6.2f} s")
        print(f"server after the upload job       RSS {m['VmRSS']:5d} MiB   peak {m['VmHWM']:5d} MiB")
        if worker:
            print(f"job worker process while running  RSS {worker['VmRSS']:5d} MiB   peak {worker['VmHWM']:5d} MiB")
    finally:
        server.terminate()
        server.wait(timeout=30)
        with Archive(data) as archive:
            try:
                Accounts(archive.store).remove(USER)
            except AccountError as exc:  # the archive had no user, so the benchmark's became its admin
                print(f"user {USER} kept: {exc}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, help="an existing archive (changed: see above)")
    parser.add_argument("--pages", type=int, default=0, help="synthetic pages added to the fresh archive")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="newsarchive-startup-") as tmp:
        work = Path(tmp)
        data = args.data
        if data is None:
            data = work / "data"
            inputs = [str(ROOT / "corpus")]
            if args.pages:
                from synthetic import articles, html_page

                pages = work / "pages"
                pages.mkdir()
                for n, item in enumerate(articles(args.pages)):
                    (pages / f"{n:06d}.html").write_bytes(html_page(item))
                inputs.append(str(pages))
            print(f"building a fresh archive in {data} …", file=sys.stderr)
            subprocess.run([*CLI, "ingest", "--data", str(data), *inputs], env=ENV, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        serve(data, work, args.port or free_port())
        times = [run("search", "--data", str(data), "x") for _ in range(3)]
        print(f"newsarchive search x              {_median(times)}  (median of 3)")
        times = [run("ingest", "--data", str(data), str(new_page(work, n))) for n in (1, 2, 3)]
        print(f"newsarchive ingest one new page   {_median(times)}  (median of 3)")
    if sys.flags.dont_write_bytecode:
        print("note: PYTHONDONTWRITEBYTECODE is set, so every process compiled newsarchive's modules from source")


def _median(times: list[tuple[float, float]]) -> str:
    return f"{statistics.median(t[0] for t in times):6.2f} s  (cpu {statistics.median(t[1] for t in times):.2f} s)"


if __name__ == "__main__":
    main()
