"""Polite HTTP for pages on the web: public addresses only, robots.txt obeyed, one request per host at a time with a
pause between them, bounded size and time. Everything that refuses a URL says why and what to do.

The address is checked and then used: each request connects to the exact IP that passed the check (no second DNS
lookup that could be steered to an internal host), and every redirect hop is checked again.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import quote, urldefrag, urljoin, urlsplit

from protego import Protego

from indexer import __version__
from indexer.interrupt import interruptible
from indexer.models import InputError, RawPage
from indexer.sources.encoding import MAX_PAGE_BYTES
from indexer.store import now

USER_AGENT = f"newsarchive/{__version__} (news archive indexer; obeys robots.txt)"
ROBOTS_AGENT = "newsarchive"
MAX_REDIRECTS = 5
MAX_ROBOTS_BYTES = 512 * 1024
MAX_CRAWL_DELAY = 30.0  # a robots.txt asking for more gets this much: an hour per page would stall every job
HELD_POLL = 0.2  # seconds between looks at a host another request is still asking


class HostTurns(Protocol):
    """Whose turn it is to ask a host (Store keeps them for every process of an archive; see Store.claim_host)."""

    def claim_host(self, host: str, hold: float) -> float: ...

    def release_host(self, host: str, pause: float) -> None: ...


@dataclass
class _LocalTurns:
    """HostTurns for one process alone (no store shares them)."""

    _next_at: dict[str, float] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def claim_host(self, host: str, hold: float) -> float:
        with self._lock:
            now = time.monotonic()  # (one process: no clock shared with others, so none that may jump)
            if now < self._next_at.get(host, 0.0):
                return self._next_at[host] - now
            self._next_at[host] = now + hold
            return 0.0

    def release_host(self, host: str, pause: float) -> None:
        with self._lock:
            self._next_at[host] = time.monotonic() + pause


class FetchError(InputError):
    """A URL that was not fetched: refused by policy, or the server did not deliver a page."""


@dataclass
class Limits:
    """How polite and how patient the fetcher is. The defaults suit news sites; a crawl may pass its own."""

    delay: float = 1.0  # seconds from the end of one request to a host to the next (robots.txt Crawl-delay raises it)
    timeout: float = 20.0  # seconds for connecting and for each read
    deadline: float = 60.0  # seconds for a whole response
    max_bytes: int = MAX_PAGE_BYTES
    allow_private: bool = False  # loopback, private, link-local … addresses: only when the user says so


def _scheme_port(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path+query) of an http(s) URL, or FetchError explaining what is wrong with it."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
        host = parts.hostname.encode("idna").decode("ascii") if parts.hostname else None  # Unicode domain names
    except (ValueError, UnicodeError) as exc:
        raise FetchError(f"{url!r} is not a valid URL ({exc})") from exc
    if parts.scheme not in ("http", "https"):
        raise FetchError(f"{url!r}: only http and https URLs can be fetched (for files on disk, give their path)")
    if not host:
        raise FetchError(f"{url!r} has no host name")
    if parts.username or parts.password:
        raise FetchError(f"{url!r} carries a user name or password; newsarchive does not send credentials")
    # spaces and non-ASCII letters percent-encoded as a browser sends them; what is already encoded stays
    path = quote(parts.path or "/", safe="/%:@!$&'()*+,;=~") + (
        f"?{quote(parts.query, safe='/%:@!$&()*+,;=~?')}" if parts.query else "")
    return parts.scheme, host, port or (443 if parts.scheme == "https" else 80), path


def _site(scheme: str, host: str, port: int) -> str:
    """scheme://host:port, an IPv6 literal in brackets (http://[2001:db8::1]:80), as a URL writes it."""
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def public_address(host: str, port: int, allow_private: bool = False) -> str:
    """The IP address to connect to for host, after checking that every address it resolves to is public.

    All addresses are checked (not just the first) so a name that resolves to a public and a private address
    cannot be used to reach the private one.
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise FetchError(f"cannot resolve host {host!r} ({exc}); check the spelling or the network") from exc
    addresses = [info[4][0] for info in infos]
    if not allow_private:
        for address in addresses:
            given = ipaddress.ip_address(address.split("%")[0])
            ip = _carried(given)
            if not ip.is_global or ip.is_multicast or ip in _LOCAL_NAT64:
                carries = f" (carrying {ip})" if ip != given else ""
                raise FetchError(
                    f"refused: {host} resolves to {address}{carries}, which is not a public internet address "
                    f"({_kind(ip)}); newsarchive only fetches from the public web (on the command line, "
                    "--allow-private lifts this for an intranet or a test server)")
    return addresses[0]


_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: the IPv4 address in the last 32 bits
_LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215: a translator of the local network's own


def _carried(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """The IPv4 address an IPv6 address leads to, when it carries one: IPv4-mapped (::ffff:a.b.c.d),
    IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::); it is that address that
    is reached, and that must be public. Any other address stands for itself."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return ip
    if ip.ipv4_mapped or ip.sixtofour:
        return ip.ipv4_mapped or ip.sixtofour
    if ip in _NAT64 or 1 < int(ip) < 2**32:  # (:: and ::1 are IPv6's own unspecified and loopback addresses)
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip


def _kind(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    if ip in _LOCAL_NAT64:
        return "a local NAT64 prefix"
    for attr, name in (("is_loopback", "loopback"), ("is_link_local", "link-local"), ("is_private", "private"),
                       ("is_multicast", "multicast"), ("is_unspecified", "unspecified"), ("is_reserved", "reserved")):
        if getattr(ip, attr):
            return name
    return "not globally routable"


class _PinnedHTTP(http.client.HTTPConnection):
    """Connects to the address that passed the check, whatever the host name resolves to now."""

    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = self.raw_sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self.raw_sock = self._context.wrap_socket(sock, server_hostname=self.host)


@dataclass
class Response:
    url: str  # after redirects
    status: int
    content_type: str | None
    body: bytes


@dataclass
class Fetcher:
    """One per ingest or crawl: it remembers each host's robots.txt and when the host may be asked again.

    `turns` shares the turns per host between processes (workers on many machines): one request to a host at a
    time, with the pause after it (Store.claim_host); without it, they are kept in this process."""

    limits: Limits = field(default_factory=Limits)
    turns: HostTurns | None = None
    _robots: dict[str, Protego | str | None] = field(default_factory=dict)
    _local: _LocalTurns = field(default_factory=_LocalTurns)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def fetch_page(self, url: str) -> RawPage:
        """The page at url as a RawPage (bytes as the server sent them), or FetchError saying why not."""
        url = normal_url(url)
        response = self.get(url)
        if response.status != 200:
            raise FetchError(f"{url}: the server answered HTTP {response.status}; nothing was stored")
        declared = (response.content_type or "").split(";")[0].strip().lower()
        if declared and declared not in ("text/html", "application/xhtml+xml"):
            raise FetchError(f"{url} is {declared}, not an HTML page; nothing was stored")
        return RawPage(data=response.body, origin=url, url=response.url, content_type=response.content_type,
                       received_at=now())

    def get(self, url: str, *, obey_robots: bool = True) -> Response:
        """GET with redirects followed by hand, so that each hop is checked against the policy and robots.txt."""
        for _ in range(MAX_REDIRECTS + 1):
            scheme, host, port, path = _scheme_port(url)
            address = public_address(host, port, self.limits.allow_private)
            if obey_robots and not self._allowed(url, scheme, host, port):
                raise FetchError(f"{url}: the site's robots.txt does not allow {ROBOTS_AGENT} to fetch this page; "
                                 "nothing was requested")
            host_key = _site(scheme, host, port)
            turns, pause = self._wait_turn(host_key)
            try:
                with interruptible():  # a job's cancel ends the download (indexer.interrupt)
                    status, headers, body = self._request(scheme, host, port, address, path, url)
            finally:
                turns.release_host(host_key, pause)
            location = headers.get("location")
            if status in (301, 302, 303, 307, 308) and location:
                target = urljoin(url, location)
                if urlsplit(target).scheme not in ("http", "https"):
                    raise FetchError(f"{url} redirects to {target!r}, which is not an http(s) address; not followed")
                url = target
                continue
            return Response(url, status, headers.get("content-type"), body)
        raise FetchError(f"{url}: more than {MAX_REDIRECTS} redirects; giving up")

    def _request(self, scheme: str, host: str, port: int, address: str, path: str,
                 url: str) -> tuple[int, dict[str, str], bytes]:
        """One GET; a watchdog ends the connection at the deadline, however slowly the server sends."""
        cls = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
        conn = cls(host, port, address, self.limits.timeout)
        expired = threading.Event()
        watchdog = threading.Timer(self.limits.deadline, _cut_off, args=(conn, expired))
        watchdog.daemon = True
        watchdog.start()
        too_slow = (f"{url}: the download took longer than {self.limits.deadline:.0f} s; nothing was stored "
                    "(try again later)")
        try:
            conn.request("GET", path, headers={"User-Agent": USER_AGENT, "Accept": "text/html,*/*;q=0.5",
                                               "Accept-Encoding": "identity"})
            resp = conn.getresponse()
            headers = {k.lower(): v for k, v in resp.getheaders()}
            declared = int(headers["content-length"]) if headers.get("content-length", "").isdigit() else None
            limit = _size(self.limits.max_bytes)
            if declared is not None and declared > self.limits.max_bytes:
                raise FetchError(f"{url} is {_size(declared)}, over the {limit} page limit; nothing was stored")
            chunks, total = [], 0
            while chunk := resp.read1(64 * 1024):
                total += len(chunk)
                if total > self.limits.max_bytes:
                    raise FetchError(f"{url} is over the {limit} page limit; nothing was stored")
                chunks.append(chunk)
            if expired.is_set():  # the watchdog's shutdown reads as the end of the body: the page is cut short
                raise FetchError(too_slow)
            if declared is not None and total < declared and resp.status == 200:
                raise FetchError(f"{url}: the server closed the connection after {total} of {declared} bytes; "
                                 "nothing was stored (try again later)")
            return resp.status, headers, b"".join(chunks)
        except (OSError, http.client.HTTPException) as exc:  # TimeoutError is an OSError
            if expired.is_set():
                raise FetchError(too_slow) from exc
            if isinstance(exc, TimeoutError):
                raise FetchError(f"{url}: no answer within {self.limits.timeout:.0f} s; nothing was stored "
                                 "(try again later)") from exc
            raise FetchError(f"{url}: the connection failed ({type(exc).__name__}: {exc}); nothing was stored") \
                from exc
        finally:
            watchdog.cancel()
            conn.close()

    def _wait_turn(self, host_key: str) -> tuple[HostTurns, float]:
        """Sleep until this host is ours to ask; give back who keeps the turns and the pause to leave after asking.
        While another request to the host is under way, look again every HELD_POLL seconds."""
        with self._lock:
            robots = self._robots.get(host_key)
            asked = float(robots.crawl_delay(ROBOTS_AGENT) or 0) if isinstance(robots, Protego) else 0.0
        pause = max(self.limits.delay, min(asked, MAX_CRAWL_DELAY))
        turns = self.turns or self._local
        hold = self.limits.deadline + self.limits.timeout + pause  # a request never lasts longer (the watchdog)
        while (wait := turns.claim_host(host_key, hold)) > 0:
            with interruptible():  # (as the wait for a site's Crawl-delay may be long)
                time.sleep(wait if wait <= pause else min(wait, HELD_POLL))
        return turns, pause

    def sitemaps(self, url: str) -> list[str]:
        """The `Sitemap:` lines of the robots.txt of url's site, as absolute URLs (none when it cannot be read)."""
        try:
            scheme, host, port, _ = _scheme_port(url)
            public_address(host, port, self.limits.allow_private)
            self._allowed(url, scheme, host, port)
        except FetchError:
            return []
        robots = self._robots.get(_site(scheme, host, port))
        return [urljoin(url, s.strip()) for s in robots.sitemaps] if isinstance(robots, Protego) else []

    def _allowed(self, url: str, scheme: str, host: str, port: int) -> bool:
        key = _site(scheme, host, port)
        if key not in self._robots:
            self._robots[key] = self._load_robots(f"{key}/robots.txt")
        robots = self._robots[key]
        if isinstance(robots, str):
            raise FetchError(f"{url}: the site's robots.txt could not be read ({robots}); newsarchive stays away "
                             "until it can (RFC 9309): try again later")
        return robots is None or robots.can_fetch(url, ROBOTS_AGENT)

    def _load_robots(self, robots_url: str) -> Protego | str | None:
        """The host's rules (Protego: RFC 9309 with wildcards, longest match wins); None when it has none (a 4xx:
        everything allowed); a reason string when it could not be read, which means 'stay away for now'."""
        try:
            response = self.get(robots_url, obey_robots=False)
        except FetchError as exc:
            return str(exc).split(": ", 1)[-1]
        if 400 <= response.status < 500:
            return None
        if response.status != 200:
            return f"HTTP {response.status}"
        return Protego.parse(response.body[:MAX_ROBOTS_BYTES].decode("utf-8", "replace"))


def _cut_off(conn: http.client.HTTPConnection, expired: threading.Event) -> None:
    """The deadline passed: end the connection, whatever the server is (slowly) sending."""
    expired.set()
    sock = getattr(conn, "raw_sock", None)  # kept: http.client drops conn.sock once a closing response begins
    try:
        if sock is not None:
            sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _size(n: int) -> str:
    return f"{n / 2**20:.0f} MiB" if n >= 2**20 else f"{n} bytes"


def normal_url(url: str) -> str:
    """One spelling per page: no fragment, scheme and host in lower case."""
    try:
        url = urldefrag(url.strip())[0]
        parts = urlsplit(url)
    except ValueError:
        return url  # not a URL at all: the fetch says what is wrong with it
    if not parts.scheme:
        return url
    return parts._replace(scheme=parts.scheme.lower(), netloc=parts.netloc.lower()).geturl()


def is_url(argument: str) -> bool:
    return argument.lower().startswith(("http://", "https://"))
