"""Fetching pages from the web, politely: against a real HTTP server on 127.0.0.1 that the tests start; the address
policy is tested only by refusals that happen before any connection is made."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from conftest import cli_json, page_html, run_cli

from indexer.sources.fetch import Fetcher, FetchError, Limits

ARTICLE = page_html("Night trains return to the Baltic coast",
                    ["The first night train in a decade left Berlin for Gdańsk on Friday, the operator said.",
                     "“We sold every sleeper berth within an hour,” said Marta Nowicka, a spokeswoman."])


def local(**kwargs) -> Fetcher:
    return Fetcher(Limits(allow_private=True, delay=kwargs.pop("delay", 0.0), **kwargs))


def test_ingest_url_follows_redirects_and_keeps_the_final_url(tmp_path, site):
    site.add("/robots.txt", "User-agent: *\nDisallow: /members/\n", Content_Type="text/plain")
    site.add("/story", status=301, Location="/2026/11/27/night-trains/")
    site.add("/2026/11/27/night-trains/", ARTICLE)
    data = tmp_path / "data"
    summary = cli_json("ingest", "--json", "--allow-private", "--delay", "0", f"{site.base}/story", data=data)
    assert summary["added"] == 1 and summary["failed"] == []
    assert site.paths() == ["/robots.txt", "/story", "/2026/11/27/night-trains/"]
    assert all(agent.startswith("newsarchive/") for _, _, agent in site.log)
    hit = cli_json("search", "--json", "sleeper berth", data=data)["hits"][0]
    assert hit["url"] == f"{site.base}/2026/11/27/night-trains/"
    assert cli_json("quotes", "--json", "--speaker", "Marta Nowicka", data=data)["total"] == 1


def test_robots_txt_disallow_is_obeyed_before_any_request_for_the_page(tmp_path, site):
    site.add("/robots.txt", "User-agent: newsarchive\nDisallow: /members/\n", Content_Type="text/plain")
    site.add("/members/secret", ARTICLE)
    proc = run_cli("ingest", "--json", "--allow-private", "--delay", "0", f"{site.base}/members/secret",
                   data=tmp_path / "data")
    assert proc.returncode == 1
    [failure] = json.loads(proc.stdout)["failed"]
    assert "robots.txt does not allow" in failure["error"]
    assert site.paths() == ["/robots.txt"]


def test_private_addresses_are_refused_without_a_single_request(tmp_path, site):
    site.add("/page", ARTICLE)
    proc = run_cli("ingest", "--json", f"{site.base}/page", data=tmp_path / "data")
    assert proc.returncode == 1
    [failure] = json.loads(proc.stdout)["failed"]
    assert "not a public internet address (loopback)" in failure["error"] and "--allow-private" in failure["error"]
    assert site.log == []


@pytest.mark.parametrize("url, reason", [
    ("http://10.1.2.3/news", "private"),
    ("http://192.168.0.1/", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local"),
    ("http://[::1]:8080/", "loopback"),
    ("http://[::ffff:127.0.0.1]/", "loopback"),
    ("http://[64:ff9b::7f00:1]/", r"carrying 127\.0\.0\.1\), which is not a public internet address \(loopback"),
    ("http://[64:ff9b::a9fe:a9fe]/latest/meta-data/", r"carrying 169\.254\.169\.254.*link-local"),
    ("http://[2002:c0a8:1::]/", r"carrying 192\.168\.0\.1.*private"),
    ("http://[::7f00:1]/", r"carrying 127\.0\.0\.1.*loopback"),
    ("http://[::a00:1]/", r"carrying 10\.0\.0\.1.*private"),
    ("http://[64:ff9b:1::a00:1]/", "local NAT64"),
    ("http://localhost:9/", "loopback"),
    ("http://0x7f000001/", "loopback"),
    ("http://2130706433/", "loopback"),
    ("http://0.0.0.0/", "not a public"),
    ("http://224.0.0.1/", "not a public"),
    ("file:///etc/passwd", "only http and https"),
    ("ftp://ftp.example.com/pub/", "only http and https"),
    ("http://admin:secret@news.example.com/", "user name or password"),
    ("http://[not-an-address/", "not a valid URL"),
    ("http:///no-host", "no host"),
])
def test_hostile_urls_are_refused_before_connecting(url, reason, monkeypatch):
    def no_connection(*args, **kwargs):
        raise AssertionError(f"a connection was attempted for {url}")

    monkeypatch.setattr(socket, "create_connection", no_connection)
    with pytest.raises(FetchError, match=reason):
        Fetcher().fetch_page(url)


def test_an_ipv6_literal_url_is_fetched_with_its_robots_txt(tmp_path, site6):
    """http://[::1]:port/… used to pass the address check and then fail at robots.txt (its brackets dropped)."""
    site6.add("/robots.txt", "User-agent: *\nDisallow: /members/\n", Content_Type="text/plain")
    site6.add("/2026/11/27/night-trains/", ARTICLE)
    site6.add("/members/secret", ARTICLE)
    summary = cli_json("ingest", "--json", "--allow-private", "--delay", "0", f"{site6.base}/2026/11/27/night-trains/",
                       data=tmp_path / "data")
    assert summary["added"] == 1 and summary["failed"] == []
    assert site6.paths() == ["/robots.txt", "/2026/11/27/night-trains/"]
    with pytest.raises(FetchError, match="robots.txt does not allow"):
        local().fetch_page(f"{site6.base}/members/secret")
    assert cli_json("search", "--json", "sleeper berth", data=tmp_path / "data")["hits"][0]["url"] == \
        f"{site6.base}/2026/11/27/night-trains/"


def test_public_addresses_carried_in_ipv6_are_allowed():
    """NAT64 and 6to4 are how IPv6-only networks reach public IPv4 sites: judged by the address they carry."""
    from indexer.sources.fetch import public_address

    for address in ("64:ff9b::808:808", "2002:808:808::1", "2001:4860:4860::8888"):
        assert public_address(address, 80) == address


def test_redirect_hops_are_checked_again(site):
    """A page that redirects to an internal address: the hop is refused before it is requested."""
    site.add("/robots.txt", "", Content_Type="text/plain")
    site.add("/out", status=302, Location="http://169.254.169.254/latest/meta-data/")
    fetcher = local()
    first_request = fetcher._request

    def then_public_only(*args):  # the local site stands in for a public one: private addresses end after /out
        result = first_request(*args)
        fetcher.limits.allow_private = args[4] != "/out"
        return result

    fetcher._request = then_public_only
    with pytest.raises(FetchError, match="169.254.169.254.*link-local"):
        fetcher.fetch_page(f"{site.base}/out")
    assert site.paths() == ["/robots.txt", "/out"]


def test_limits_size_time_type_status_and_redirect_loops(site):
    site.add("/robots.txt", "", Content_Type="text/plain")
    site.add("/huge", "<html><body>" + "x" * 5000 + "</body></html>")
    site.add("/slow", ARTICLE, pause=2.0)
    site.add("/report.pdf", b"%PDF-1.7 ...", Content_Type="application/pdf")
    site.add("/gone", status=410)
    site.add("/loop", status=302, Location="/loop")
    with pytest.raises(FetchError, match="over the 1000 bytes page limit"):
        local(max_bytes=1000).fetch_page(f"{site.base}/huge")
    with pytest.raises(FetchError, match="no answer within"):
        local(timeout=0.5).fetch_page(f"{site.base}/slow")
    with pytest.raises(FetchError, match="application/pdf, not an HTML page"):
        local().fetch_page(f"{site.base}/report.pdf")
    with pytest.raises(FetchError, match="HTTP 410"):
        local().fetch_page(f"{site.base}/gone")
    with pytest.raises(FetchError, match="more than 5 redirects"):
        local().fetch_page(f"{site.base}/loop")


def test_robots_txt_missing_allows_and_failing_forbids(site):
    site.add("/a", ARTICLE)
    assert b"Night trains" in local().fetch_page(f"{site.base}/a").data  # robots.txt is a 404: all allowed
    site.add("/robots.txt", "down for maintenance", status=503)
    with pytest.raises(FetchError, match=r"robots.txt could not be read \(HTTP 503\).*try again later"):
        local().fetch_page(f"{site.base}/a")
    assert site.paths().count("/a") == 1, "not fetched while the rules cannot be read"


def test_robots_txt_wildcards_and_longest_match(site):
    """RFC 9309: '*' and '$' in paths, and the longest matching rule wins (Allow over a shorter Disallow)."""
    site.add("/robots.txt", "User-agent: *\nDisallow: /*/print\nDisallow: /archive/\nAllow: /archive/2026/\n",
             Content_Type="text/plain")
    for path in ("/story/print", "/archive/2025/x", "/archive/2026/x", "/story"):
        site.add(path, ARTICLE)
    fetcher = local()
    for path in ("/story/print", "/archive/2025/x"):
        with pytest.raises(FetchError, match="robots.txt does not allow"):
            fetcher.fetch_page(f"{site.base}{path}")
    for path in ("/archive/2026/x", "/story"):
        fetcher.fetch_page(f"{site.base}{path}")
    assert site.paths() == ["/robots.txt", "/archive/2026/x", "/story"]


def test_a_dripping_server_is_cut_off_at_the_deadline(site):
    site.add("/robots.txt", "", Content_Type="text/plain")
    site.add("/drip", ARTICLE, drip=0.2)
    started = time.monotonic()
    with pytest.raises(FetchError, match="took longer than 2 s"):
        local(timeout=1.0, deadline=2.0).fetch_page(f"{site.base}/drip")
    assert time.monotonic() - started < 10, "the deadline bounds the whole download"


def _raw_server(reply) -> str:
    """A one-request server on 127.0.0.1 that answers with `reply(connection)` (for replies no HTTP server sends);
    returns its base URL."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def serve() -> None:
        conn, _ = server.accept()
        conn.recv(4096)
        try:
            reply(conn)
        except OSError:
            pass
        conn.close()
        server.close()

    threading.Thread(target=serve, daemon=True).start()
    return f"http://127.0.0.1:{server.getsockname()[1]}"


def test_slowly_sent_headers_are_cut_off_at_the_deadline():
    """A server that sends its status line and headers one byte at a time: the page deadline still holds."""
    def drip_headers(conn) -> None:
        for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Padding: " + b"x" * 200:
            conn.send(bytes([byte]))
            time.sleep(0.1)

    with pytest.raises(FetchError, match="took longer than 2 s"):
        local(timeout=1.0, deadline=2.0).get(_raw_server(drip_headers) + "/slow", obey_robots=False)


def test_a_body_shorter_than_its_content_length_is_not_stored():
    """A connection that ends mid-page: the partial page must not pass for the whole one."""
    def half_page(conn) -> None:
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<html><p>Hal")

    with pytest.raises(FetchError, match="closed the connection after 12 of 1000 bytes"):
        local().get(_raw_server(half_page) + "/half", obey_robots=False)


def test_spaces_and_unicode_in_paths_are_sent_encoded(site):
    site.add("/robots.txt", "", Content_Type="text/plain")
    site.add("/news/%D0%BF%D0%BE%D1%80%D1%82%20report", ARTICLE)
    page = local().fetch_page(f"{site.base}/news/порт report")
    assert b"Night trains" in page.data


def test_requests_to_one_host_are_spaced_by_the_delay_and_crawl_delay(site):
    site.add("/robots.txt", "User-agent: *\nCrawl-delay: 1\n", Content_Type="text/plain")
    site.add("/a", ARTICLE)
    site.add("/b", ARTICLE)
    fetcher = local(delay=0.2)
    fetcher.fetch_page(f"{site.base}/a")
    fetcher.fetch_page(f"{site.base}/b")
    times = [t for t, path, _ in site.log if path in ("/a", "/b")]
    assert times[1] - times[0] >= 0.95, "robots.txt Crawl-delay (1 s) is longer than --delay and wins"


def test_a_slow_host_is_asked_one_request_at_a_time_with_the_pause_after_each_answer(site):
    """Threads of one fetcher never ask a host twice at once: the pause is left after an answer ends, so a slow
    site is not asked again while it is still answering."""
    site.add("/robots.txt", "", Content_Type="text/plain")
    for name in "abc":
        site.add(f"/{name}", ARTICLE, pause=0.6)
    fetcher = local(delay=0.3)
    threads = [threading.Thread(target=fetcher.fetch_page, args=(f"{site.base}/{name}",)) for name in "abc"]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    times = sorted(t for t, path, _ in site.log if path in ("/a", "/b", "/c"))
    assert len(times) == 3
    assert all(b - a >= 0.85 for a, b in zip(times, times[1:], strict=False)), \
        "each request waits for the answer before it (0.6 s) and the pause (0.3 s)"
