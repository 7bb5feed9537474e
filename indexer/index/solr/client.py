"""A small SolrCloud HTTP client: Basic auth, a timeout on every call, failover across the listed nodes, retries.

Stdlib only (urllib): the client needs nothing that `requests` would add but connection reuse, and a search makes
only a few calls. Any node of a SolrCloud answers for every collection, so a call goes to the node that answered
last and moves on to the next when one refuses or times out. Reads give up after `read_retry` seconds (a user
waits: two rounds over the nodes at most); writes keep trying for `write_retry` seconds (a node restarting, a
leader being elected). No message or exception text ever carries the password.
"""

from __future__ import annotations

import base64
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from indexer.index.engine import EngineUnavailable


class SolrError(RuntimeError):
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
    """JSON calls to any live node of one SolrCloud."""

    def __init__(self, url: SolrURL, timeout: float = 10.0, write_retry: float = 60.0, read_retry: float = 2.0):
        self.url = url
        self.timeout = timeout
        self.write_retry = write_retry
        self.read_retry = read_retry
        token = base64.b64encode(f"{url.user}:{url.password}".encode()).decode("ascii")
        self._headers = {"Authorization": f"Basic {token}", "Accept": "application/json"}
        self._preferred = 0
        self._lock = threading.Lock()

    def get(self, path: str, params: dict | list | None = None) -> dict:
        return self.call(path, params=params)

    def post(self, path: str, body, params: dict | list | None = None, write: bool = False) -> dict:
        return self.call(path, params=params, body=body, write=write)

    def call(self, path: str, params: dict | list | None = None, body=None, write: bool = False) -> dict:
        """One request to `/solr/<path>`, on the first node that answers. Writes retry until `write_retry`."""
        pairs = list(params.items()) if isinstance(params, dict) else list(params or [])
        query = urllib.parse.urlencode([("wt", "json"), *pairs], doseq=True)
        data = None if body is None else json.dumps(body).encode("utf-8")
        deadline = time.monotonic() + (self.write_retry if write else self.read_retry)
        attempt = 0
        last = ""
        while True:
            nodes = self.url.nodes
            for step in range(len(nodes)):
                index = (self._preferred + step) % len(nodes)
                node = nodes[index]
                request = urllib.request.Request(f"http://{node}/solr/{path}?{query}", data=data,
                                                 headers=self._headers | (
                                                     {"Content-Type": "application/json"} if data else {}))
                try:
                    with urllib.request.urlopen(request, timeout=self.timeout) as response:
                        answer = json.loads(response.read().decode("utf-8"))
                    with self._lock:
                        self._preferred = index
                    return answer
                except urllib.error.HTTPError as exc:
                    detail = _solr_message(exc)
                    if exc.code in (401, 403):
                        raise EngineUnavailable(f"Solr at {node} refused the credentials of "
                                                f"{self.url.public()} (HTTP {exc.code}).") from None
                    if 400 <= exc.code < 500 and exc.code not in (404, 408, 409, 429):
                        raise SolrError(f"Solr refused the request to {path} (HTTP {exc.code}): {detail}") from None
                    last = f"{node}: HTTP {exc.code} {detail}"[:300]
                except (urllib.error.URLError, OSError, TimeoutError, ValueError) as exc:
                    reason = getattr(exc, "reason", exc)
                    last = f"{node}: {type(reason).__name__ if not str(reason) else reason}"[:300]
            attempt += 1
            if time.monotonic() >= deadline:
                raise EngineUnavailable(f"No Solr node of {self.url.public()} answered ({last}).")
            time.sleep(min(2.0, 0.25 * attempt))


def _solr_message(exc: urllib.error.HTTPError) -> str:
    try:
        payload = json.loads(exc.read().decode("utf-8", "replace"))
        return str(payload.get("error", {}).get("msg", ""))[:300]
    except Exception:  # noqa: BLE001 - an error page that is not JSON: its status says enough
        return ""
