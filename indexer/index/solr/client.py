"""A small SolrCloud HTTP client: Basic auth, a timeout on every call, failover across the listed nodes, retries.

Stdlib only (http.client): each thread keeps one connection per node alive and reuses it, which saves a TCP
handshake and a Jetty accept per call (most of a call's time on a small index). Any node of a SolrCloud answers for
every collection, so a call goes to the node that answered last and moves on to the next when one refuses or times
out. Reads give up after `read_retry` seconds (5: the cluster needs a moment to route around a node that has just
died, and a user had rather wait a little than get an error; a cluster that is down answers 503 after that);
writes keep trying for `write_retry` seconds (a node restarting, a leader being elected). A read gives up at once
when no node of the list could even be connected to (the cluster is down, not settling), and while the cluster is
known to be down (indexer/outage.py) reads fail without trying. No message or exception text ever carries the
password.

`solrs://` speaks HTTPS to the nodes, checking their certificates against the system's authorities or, when
$NEWSARCHIVE_SOLR_CA names a file, against the authority (or certificate) in it.
"""

from __future__ import annotations

import base64
import http.client
import json
import logging
import os
import socket
import ssl
import threading
import time
import urllib.parse
from dataclasses import dataclass
from functools import lru_cache

from indexer import metrics, outage
from indexer.index.engine import EngineRefused, EngineUnavailable
from indexer.models import InputError

CA_ENV = "NEWSARCHIVE_SOLR_CA"  # a PEM file of the authority that signed the nodes' certificates (solrs://)
CONNECT_TIMEOUT = 0.5  # seconds for a node's machine to accept a connection: on a network it takes milliseconds
SCHEMES = {"solr": False, "solrs": True}  # scheme: over TLS

log = logging.getLogger("newsarchive.index")


class SolrError(EngineRefused):
    """Solr answered, and refused the request (a 4xx: our request is wrong; retrying would not help)."""


@dataclass(frozen=True)
class SolrURL:
    """`solr://USER:PASSWORD@HOST:PORT[,HOST:PORT…]/COLLECTION` (or `solrs://`, over HTTPS), parsed."""

    user: str
    password: str
    nodes: tuple[str, ...]  # "host:port"
    collection: str
    tls: bool = False

    @classmethod
    def parse(cls, url: str) -> SolrURL:
        scheme, sep, rest = url.partition("://")
        if not sep or scheme.lower() not in SCHEMES:
            raise ValueError("A Solr index URL starts with solr:// (or solrs:// for HTTPS)")
        auth, _, location = rest.rpartition("@")
        hosts, _, collection = location.partition("/")
        user, _, password = auth.partition(":")
        nodes = tuple(h.strip() for h in hosts.split(",") if h.strip())
        collection = collection.strip("/")
        if not nodes or not collection:
            raise ValueError(f"The Solr index URL {cls.redact(url)!r} needs nodes and a collection: "
                             "solr://USER:PASSWORD@HOST:PORT[,HOST:PORT...]/COLLECTION")
        return cls(urllib.parse.unquote(user), urllib.parse.unquote(password), nodes, collection,
                   SCHEMES[scheme.lower()])

    @staticmethod
    def redact(url: str) -> str:
        """The URL without its password (for messages and logs)."""
        head, sep, tail = url.rpartition("@")
        if not sep:
            return url
        scheme, _, auth = head.partition("://")
        return f"{scheme}://{auth.partition(':')[0]}:***@{tail}"

    @property
    def scheme(self) -> str:
        return "solrs" if self.tls else "solr"

    def public(self) -> str:
        return f"{self.scheme}://{self.user}:***@{','.join(self.nodes)}/{self.collection}"

    def cluster(self) -> str:
        """The nodes, without user or collection (for log lines and the nodes' states, shared by every client of
        them in a process)."""
        return f"{self.scheme}://{','.join(self.nodes)}"


class SolrClient:
    """JSON calls to any live node of one SolrCloud, over kept-alive connections (one per node and thread)."""

    def __init__(self, url: SolrURL, timeout: float = 10.0, write_retry: float = 60.0, read_retry: float = 5.0):
        self.url = url
        self.timeout = timeout
        self.write_retry = write_retry
        self.read_retry = read_retry
        token = base64.b64encode(f"{url.user}:{url.password}".encode()).decode("ascii")
        self._headers = {"Authorization": f"Basic {token}", "Accept": "application/json"}
        self._preferred = 0
        self._lock = threading.Lock()
        self._local = threading.local()  # .connections: node -> HTTPConnection of this thread
        self._open: set[http.client.HTTPConnection] = set()  # every thread's, for close()
        self._tls = _tls_context() if url.tls else None
        # one per collection: its probe asks that collection (another on the same nodes may have been dropped)
        self.outage = outage.watch("index", f"{url.cluster()}/{url.collection}",
                                   f"SolrCloud {url.cluster()}/{url.collection}", self._probe)
        self._nodes = _node_states(url.cluster())

    def get(self, path: str, params: dict | list | None = None) -> dict:
        return self.call(path, params=params)

    def post(self, path: str, body, params: dict | list | None = None, write: bool = False) -> dict:
        return self.call(path, params=params, body=body, write=write)

    def close(self) -> None:
        """Close every kept-alive connection (of all threads); a later call opens new ones."""
        with self._lock:
            connections, self._open = self._open, set()
        for connection in connections:
            connection.close()
        self._local = threading.local()

    def call(self, path: str, params: dict | list | None = None, body=None, write: bool = False) -> dict:
        """One request to `/solr/<path>`, on the first node that answers. Writes retry until `write_retry`."""
        if not write and self.outage.down:
            raise EngineUnavailable(f"No Solr node of {self.url.public()} answers ({self.outage.reason}).")
        try:
            answer = self._call(path, params, body, write)
        except EngineUnavailable as exc:
            self.outage.failed(str(exc))
            raise
        self.outage.answered()
        return answer

    def _call(self, path: str, params: dict | list | None, body, write: bool) -> dict:
        pairs = list(params.items()) if isinstance(params, dict) else list(params or [])
        target = f"/solr/{path}?" + urllib.parse.urlencode([("wt", "json"), *pairs], doseq=True)
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = self._headers | ({"Content-Type": "application/json"} if data is not None else {})
        deadline = time.monotonic() + (self.write_retry if write else self.read_retry)
        attempt = 0
        last = ""
        while True:
            nodes = self.url.nodes
            unreachable = 0  # nodes of this round that could not even be connected to
            for step in range(len(nodes)):
                index = (self._preferred + step) % len(nodes)
                node = nodes[index]
                if step or attempt:
                    metrics.backend_retry("index")
                try:
                    status, payload = self._request(node, "GET" if data is None else "POST", target, data, headers)
                except ssl.SSLCertVerificationError as exc:
                    raise EngineUnavailable(f"Solr at {node} showed a certificate this machine does not trust "
                                            f"({exc.verify_message}): set ${CA_ENV} to the PEM file of the authority "
                                            "that signed it.") from None
                except (OSError, http.client.HTTPException, ValueError) as exc:
                    last = f"{node}: {exc or type(exc).__name__}"[:300]
                    unreachable += isinstance(exc, _Unreachable)
                    self._nodes.down(node, last)
                    continue
                self._nodes.up(node)
                if status < 300:
                    try:
                        answer = json.loads(payload.decode("utf-8"))
                    except ValueError:
                        last = f"{node}: HTTP {status}, not JSON"
                        continue
                    with self._lock:
                        self._preferred = index
                    return answer
                detail = _solr_message(payload)
                if status in (401, 403):
                    raise EngineUnavailable(f"Solr at {node} refused the credentials of "
                                            f"{self.url.public()} (HTTP {status}).")
                if 400 <= status < 500 and status not in (404, 408, 409, 429):
                    raise SolrError(f"Solr refused the request to {path} (HTTP {status}): {detail}")
                last = f"{node}: HTTP {status} {detail}"[:300]
            attempt += 1
            if time.monotonic() >= deadline or (not write and unreachable == len(nodes)):
                raise EngineUnavailable(f"No Solr node of {self.url.public()} answered ({last}).")
            time.sleep(min(2.0, 0.25 * attempt))

    def _probe(self) -> None:
        """Whether the collection answers again (every shard of it), for the cluster's Outage."""
        self._call(f"{self.url.collection}/select", {"q": "*:*", "rows": 0}, None, write=False)

    def _request(self, node: str, method: str, target: str, data: bytes | None,
                 headers: dict) -> tuple[int, bytes]:
        """(status, body) from `node` on this thread's kept-alive connection to it. A connection the server closed
        while idle fails on reuse: that one is retried once on a fresh connection before the node counts as down."""
        connections = self._local.__dict__.setdefault("connections", {})
        for fresh in (False, True):
            connection = connections.get(node)
            reused = connection is not None and not fresh
            if connection is None or fresh:
                self._drop(connections, node)
                connection = connections[node] = self._connect(node)
                with self._lock:
                    self._open.add(connection)
            try:
                connection.request(method, target, body=data, headers=headers)
                response = connection.getresponse()
                payload = response.read()
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine) as exc:
                self._drop(connections, node)
                if reused:
                    continue
                raise exc from None
            except BaseException:
                self._drop(connections, node)
                raise
            if response.will_close:
                self._drop(connections, node)
            return response.status, payload
        raise AssertionError("unreachable")

    def _connect(self, node: str) -> http.client.HTTPConnection:
        """A new connection to `node`, open: CONNECT_TIMEOUT for the machine to accept it (else _Unreachable: the
        kernel answers, however busy Solr is), then `timeout` for the TLS handshake (Solr's own work) and each
        answer."""
        host, _, port = node.rpartition(":")
        try:
            sock = socket.create_connection((host, int(port)), CONNECT_TIMEOUT)
        except OSError as exc:
            raise _Unreachable(exc.strerror or str(exc) or type(exc).__name__) from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # (as http.client's own connect)
        sock.settimeout(self.timeout)
        if self._tls is None:
            connection = http.client.HTTPConnection(host, int(port), timeout=self.timeout)
        else:
            connection = http.client.HTTPSConnection(host, int(port), timeout=self.timeout, context=self._tls)
            try:
                sock = self._tls.wrap_socket(sock, server_hostname=host)
            except BaseException:
                sock.close()
                raise
        connection.sock = sock
        return connection

    def _drop(self, connections: dict, node: str) -> None:
        connection = connections.pop(node, None)
        if connection is not None:
            connection.close()
            with self._lock:
                self._open.discard(connection)


def _solr_message(body: bytes) -> str:
    try:
        payload = json.loads(body.decode("utf-8", "replace"))
        return str(payload.get("error", {}).get("msg", ""))[:300]
    except Exception:  # noqa: BLE001 - an error page that is not JSON: its status says enough
        return ""


class _Unreachable(OSError):
    """A node could not be connected to (nothing listens there, or nothing answers)."""


class _NodeStates:
    """Which nodes of one cluster this process found down: one log line when a node stops answering, one when it
    answers again (not one per request)."""

    def __init__(self, cluster: str):
        self.cluster = cluster
        self._down: set[str] = set()
        self._lock = threading.Lock()

    def down(self, node: str, reason: str) -> None:
        with self._lock:
            if node in self._down:
                return
            self._down.add(node)
        log.warning("Solr node %s does not answer (%s); the other nodes of %s are asked", node, reason.split(": ", 1)[-1],
                    self.cluster, extra={"event": "index_node_down", "node": node})

    def up(self, node: str) -> None:
        if node not in self._down:
            return
        with self._lock:
            if node not in self._down:
                return
            self._down.discard(node)
        log.warning("Solr node %s answers again", node, extra={"event": "index_node_up", "node": node})


_states: dict[str, _NodeStates] = {}
_states_lock = threading.Lock()


def _node_states(cluster: str) -> _NodeStates:
    with _states_lock:
        return _states.setdefault(cluster, _NodeStates(cluster))


def _tls_context() -> ssl.SSLContext:
    """Certificates checked against $NEWSARCHIVE_SOLR_CA's authority, else the system's."""
    return _tls_context_for(os.environ.get(CA_ENV) or None)


@lru_cache(maxsize=8)
def _tls_context_for(cafile: str | None) -> ssl.SSLContext:
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as exc:
        raise InputError(f"${CA_ENV} names {cafile}, which is not a readable PEM certificate file "
                         f"({getattr(exc, 'strerror', None) or exc}): give the file of the authority that signed the "
                         "Solr nodes' certificates.") from None
