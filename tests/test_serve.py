"""`newsarchive serve` as an operator runs it (#44): no sample articles unless asked, and never in a cluster's store;
the sample articles shipped inside the package; a taken port in one line; a set number of threads; links and the
session cookie right behind a TLS proxy, and proxy headers ignored without one. Each test runs the real command."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT, page_html, run_cli
from web_server import newsarchive_serve

from indexer.archive import Archive

PAGES = {"flood.html": ("Oder flood forces evacuations in Wrocław", ["The Oder rose two metres overnight."]),
         "tram.html": ("City council approves new tram line", ["The council voted for a tram line."])}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    """A folder of two pages, standing in for the bundled sample articles where a test needs them ingested fast."""
    folder = tmp_path_factory.mktemp("serve") / "pages"
    folder.mkdir()
    for name, (title, paragraphs) in PAGES.items():
        url = f"https://www.test-courier.example/{name.removesuffix('.html')}/"
        (folder / name).write_text(page_html(title, paragraphs, url=url), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def archive(pages, tmp_path_factory) -> Path:
    """An archive of those pages, with a user."""
    from indexer.ingest.pipeline import ingest
    from search_app.accounts import Accounts

    data = tmp_path_factory.mktemp("serve-archive") / "data"
    with Archive(data) as opened:
        ingest(opened, [str(pages)])
        Accounts(opened.store).add("editor", "a quay in the morning fog")
    return data


def _get(url: str, headers: dict | None = None) -> tuple[dict, str]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=30) as r:
        return dict(r.headers), r.read().decode()


def _stats(url: str) -> dict:
    return json.loads(_get(url + "/api/stats")[1])


# -- no sample articles unless asked ----------------------------------------------------------------------------
def test_serve_on_a_new_folder_serves_an_empty_archive_and_says_how_to_fill_it(tmp_path, pages):
    with newsarchive_serve(tmp_path / "new", env={"NEWSARCHIVE_CORPUS": str(pages)}) as server:
        assert _stats(server.url)["articles"] == 0
    assert "is empty: add pages with `newsarchive ingest PATH`" in server.err and "--demo" in server.err


def test_serve_demo_fills_an_empty_archive_once(tmp_path, pages):
    data = tmp_path / "data"
    with newsarchive_serve(data, "--demo", env={"NEWSARCHIVE_CORPUS": str(pages)}) as server:
        assert _stats(server.url)["articles"] == 2
        assert "City council approves new tram line" in _get(server.url + "/search?q=tram")[1]
    assert "adding the bundled sample articles" in server.err and "Traceback" not in server.err
    with newsarchive_serve(data, "--demo", env={"NEWSARCHIVE_CORPUS": str(pages)}) as server:
        assert _stats(server.url)["articles"] == 2
    assert "is not empty: --demo adds nothing" in server.err


def test_serve_on_a_new_postgresql_store_serves_it_empty(tmp_path, pages):
    from store_support import fresh_database, test_store_url

    with fresh_database(test_store_url()) as url, \
            newsarchive_serve(tmp_path / "nowhere", "--store", url, env={"NEWSARCHIVE_CORPUS": str(pages)}) as server:
        assert _stats(server.url)["articles"] == 0, "a new cluster store gets no sample articles"
    assert "adding" not in server.err


@pytest.mark.parametrize("option", [("--store", "postgresql://editor:s3cret-pass@127.0.0.1:9/archive"),
                                    ("--index", "solr://editor:s3cret-pass@127.0.0.1:9/articles")])
def test_serve_demo_never_fills_a_cluster(tmp_path, option):
    proc = run_cli("serve", "--demo", *option, "--port", "0", data=tmp_path / "data", timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "--demo fills only an archive kept in a folder" in proc.stderr
    assert "s3cret" not in proc.stderr and "Traceback" not in proc.stderr


def test_the_sample_articles_are_package_data_of_an_installed_package(tmp_path):
    """Built into a wheel and unpacked (a pure-Python wheel unpacked is an installation): the installed package
    finds its own copy of every sample article, away from the repository. Built from a copy of what a build reads,
    so no earlier build's leftovers are packed (and none are left in the repository)."""
    source = tmp_path / "source"
    for part in ("indexer", "search_app", "corpus"):
        shutil.copytree(ROOT / part, source / part, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    for part in ("setup.cfg", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / part, source / part)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                            str(source)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr
    installed = tmp_path / "site"
    with zipfile.ZipFile(next(tmp_path.glob("newsarchive-*.whl"))) as wheel:
        wheel.extractall(installed)
    code = "from indexer.cli import bundled_corpus; print(bundled_corpus())"
    env = {k: v for k, v in os.environ.items() if k != "NEWSARCHIVE_CORPUS"} | {"PYTHONPATH": str(installed)}
    found = Path(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                                env=env, check=True).stdout.strip())
    assert found.is_relative_to(installed), found
    repository = ROOT / "corpus"
    expected = sorted(str(p.relative_to(repository)) for p in repository.rglob("*") if p.is_file())
    assert sorted(str(p.relative_to(found)) for p in found.rglob("*") if p.is_file()) == expected
    assert len([p for p in expected if ".htm" in p]) == 45


def test_scripts_serve_passes_demo_only_without_an_archive_of_ones_own():
    script = (ROOT / "scripts" / "serve").read_text()
    # the part that decides, run as it is (not the set-up steps around it)
    decide = script[script.index("demo=(--demo)"):script.index("python3 -m venv")]
    for args, env, expected in ((["--port", "8080"], {}, "--demo"), (["--data", "/srv/archive"], {}, ""),
                                (["--store=postgresql://x"], {}, ""), ([], {"NEWSARCHIVE_DATA": "/srv/a"}, "")):
        clean = {k: v for k, v in os.environ.items() if not k.startswith("NEWSARCHIVE_")} | env
        out = subprocess.run(["bash", "-c", 'set -euo pipefail\n' + decide + 'echo ${demo[@]+"${demo[@]}"}', "serve",
                              *args], capture_output=True, text=True, env=clean, check=True).stdout.strip()
        assert out == expected, (args, env)


# -- a taken port, threads ----------------------------------------------------------------------------------------
def test_a_taken_port_is_one_line_that_says_how_to_choose_another(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = run_cli("serve", "--port", str(port), data=tmp_path / "data", timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert f"port {port} on 127.0.0.1 is already in use" in proc.stderr and "--port" in proc.stderr
    assert "serving" not in proc.stderr


def _threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_threads_sets_how_many_requests_are_answered_at_once(archive):
    counts = {}
    for n in (2, 7):
        with newsarchive_serve(archive, "--threads", str(n)) as server:
            assert _stats(server.url)["articles"] == 2
            counts[n] = _threads(server.proc.pid)
            assert f"with {n} threads" in server.err
    assert counts[7] - counts[2] == 5
    proc = run_cli("serve", "--threads", "0", data=archive)
    assert proc.returncode == 2 and "must be 1 or more" in proc.stderr


# -- links and cookies behind a proxy, and without one ------------------------------------------------------------
PROXIED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "archive.example.org", "X-Forwarded-For": "203.0.113.5",
           "Host": "forged.example"}


def _permalink(url: str, headers: dict) -> str:
    return json.loads(_get(url + "/api/search?q=tram", headers)[1])["hits"][0]["permalink"]


def _session_cookie(url: str, headers: dict) -> str:
    return _get(url + "/archive/sign-in", headers)[0]["Set-Cookie"]


def _wrong_password(url: str, name: str, client_address: str) -> int:
    """A wrong password for `name`, sent through a proxy that says the reader is at `client_address`."""
    forwarded = {"X-Forwarded-For": client_address}
    headers, page = _get(url + "/archive/sign-in", forwarded)
    form = urllib.parse.urlencode({"name": name, "password": "not the password, sorry",
                                   "csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)})
    request = urllib.request.Request(url + "/archive/sign-in", data=form.encode(),
                                     headers=forwarded | {"Cookie": headers["Set-Cookie"].split(";", 1)[0]})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as r:
        return r.code


def test_behind_a_proxy_links_and_the_cookie_follow_the_forwarded_https_address(archive):
    with newsarchive_serve(archive, "--behind-proxy") as server:
        assert _permalink(server.url, PROXIED).startswith("https://archive.example.org/articles/")
        assert "; Secure" in _session_cookie(server.url, PROXIED)
        plain = {"X-Forwarded-Proto": "http", "X-Forwarded-Host": "archive.example.org"}
        assert "; Secure" not in _session_cookie(server.url, plain)
        assert [_wrong_password(server.url, "proxied", "203.0.113.5") for _ in range(6)] == [401] * 5 + [429]
        assert _wrong_password(server.url, "proxied", "198.51.100.9") == 401, "each reader's address is their own"


def test_without_behind_proxy_forwarded_headers_and_the_host_header_are_ignored(archive):
    with newsarchive_serve(archive) as server:
        assert _permalink(server.url, PROXIED).startswith(server.url + "/articles/")
        assert "; Secure" not in _session_cookie(server.url, PROXIED)
        assert [_wrong_password(server.url, "direct", "203.0.113.5") for _ in range(5)] == [401] * 5
        assert _wrong_password(server.url, "direct", "198.51.100.9") == 429, "a made-up X-Forwarded-For is no escape"


def test_a_base_url_names_every_link_whatever_the_request_says(archive):
    with newsarchive_serve(archive, "--base-url", "https://news-archive.example.net/") as server:
        assert _permalink(server.url, PROXIED).startswith("https://news-archive.example.net/articles/")
        assert "; Secure" in _session_cookie(server.url, PROXIED), "readers come over https"
    assert "links point at https://news-archive.example.net" in server.err
    proc = run_cli("serve", "--base-url", "archive.example.org", data=archive)
    assert proc.returncode == 2 and "expected an http:// or https:// address" in proc.stderr


def test_the_feed_of_a_saved_search_links_to_the_base_url(archive):
    from search_app import create_app

    client = create_app(archive, TESTING=True, BASE_URL="https://news-archive.example.net").test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/archive/sign-in").get_data(as_text=True))
    client.post("/archive/sign-in", data={"name": "editor", "password": "a quay in the morning fog",
                                          "csrf_token": token.group(1)})
    form = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/saved-searches").get_data(as_text=True))
    client.post("/saved-searches", data={"csrf_token": form.group(1), "name": "Trams", "q": "tram"})
    feed = re.search(r'href="(/saved-searches/\d+/feed\.atom\?token=[^"]+)"',
                     client.get("/saved-searches").get_data(as_text=True)).group(1).replace("&amp;", "&")
    atom = client.get(feed, headers={"Host": "forged.example"}).get_data(as_text=True)
    links = re.findall(r'href="([^"]+)"', atom) + re.findall(r"<id>([^<]+)</id>", atom)
    assert len(links) >= 4 and all(link.startswith("https://news-archive.example.net/") for link in links), links
