"""A small SolrCloud HTTP client: Basic auth, a timeout on every call, failover across the listed nodes, retries.

Stdlib only (http.client): each thread keeps one connection per node alive and reuses it, which saves a TCP
handshake and a Jetty accept per call (most of a call's time on a small index). Any node of a SolrCloud answers for
every collection, so a call goes to the node that answered last and moves on to the next when one refuses or times
out. Reads give up after `read_retry` seconds (5: the cluster needs a moment to route around a node that has just
died, and a user had rather wait a little than get an error; a cluster that is down answers 503 after that);
writes keep trying for `write_retry` seconds (a node restarting, a leader being elected). No message or exception
text ever carries the password.
"""

from __future__ import annotations

import base64
import http.client
import json
import threading
import time
import urllib.parse
from dataclasses import dataclass

from indexer.index.engine import EngineRefused, EngineUnavailable


class SolrError(EngineRefused):
    """Solr answered, and refused the request (a 4xx: our request is wrong; retrying would not help)."""


@dataclass(frozen=True)
class SolrURL:
    """`solr://USER:PASSWORD@HOST:PORT[,HOST:PORT…]/COLLECTION`, parsed."""

    user: str
    password: str
    nodes: tuple[str, ...]  # "host:port"
    collection: str

    @classmethod
    def parse(cls, url: str) -> SolrURL:
        if not url.lower().startswith("solr://"):
            raise ValueError("A Solr index URL starts with solr://")
        rest = url[len("solr://"):]
        auth, _, location = rest.rpartition("@")
        hosts, _, collection = location.partition("/")
        user, _, password = auth.partition(":")
        nodes = tuple(h.strip() for h in hosts.split(",") if h.strip())
        collection = collection.strip("/")
        if not nodes or not collection:
            raise ValueError(f"The Solr index URL {cls.redact(url)!r} needs nodes and a collection: "
                             "solr://USER:PASSWORD@HOST:PORT[,HOST:PORT...]/COLLECTION")
        return cls(urllib.parse.unquote(user), urllib.parse.unquote(password), nodes, collection)

    @staticmethod
    def redact(url: str) -> str:
        """The URL without its password (for messages and logs)."""
        head, sep, tail = url.rpartition("@")
        if not sep:
            return url
        scheme, _, auth = head.partition("://")
        return f"{scheme}://{auth.partition(':')[0]}:***@{tail}"

    def public(self) -> str:
        return f"solr://{self.user}:***@{','.join(self.nodes)}/{self.collection}"


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
        pairs = list(params.items()) if isinstance(params, dict) else list(params or [])
        target = f"/solr/{path}?" + urllib.parse.urlencode([("wt", "json"), *pairs], doseq=True)
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = self._headers | ({"Content-Type": "application/json"} if data is not None else {})
        deadline = time.monotonic() + (self.write_retry if write else self.read_retry)
        attempt = 0
        last = ""
        while True:
            nodes = self.url.nodes
            for step in range(len(nodes)):
                index = (self._preferred + step) % len(nodes)
                node = nodes[index]
                try:
                    status, payload = self._request(node, "GET" if data is None else "POST", target, data, headers)
                except (OSError, http.client.HTTPException, ValueError) as exc:
                    last = f"{node}: {exc or type(exc).__name__}"[:300]
                    continue
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
            if time.monotonic() >= deadline:
                raise EngineUnavailable(f"No Solr node of {self.url.public()} answered ({last}).")
            time.sleep(min(2.0, 0.25 * attempt))

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
                host, _, port = node.rpartition(":")
                connection = connections[node] = http.client.HTTPConnection(host, int(port), timeout=self.timeout)
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
