"""A SolrCloud reached over HTTPS (`solrs://`), its certificate signed by an authority made in the test and named by
$NEWSARCHIVE_SOLR_CA; and the index going away under a running `newsarchive serve`: searches answer 503 within 2 s,
saying the index is down and naming no node or user, one log line says it went and one that it is back.

The TLS is a real TLS proxy process (tests/tls_relay.py) in front of a real node of the session's SolrCloud: a node
of that cluster cannot speak TLS alone (SolrCloud's urlScheme is one for the whole cluster), and a TLS cluster of
its own would add a minute of JVM starts to the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT
from test_reliability import synthetic_pages
from web_server import newsarchive_serve, stop, timed_get

from indexer.index.solr.client import SolrURL

FAST = 2.0


def _certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A self-signed authority, and a certificate for 127.0.0.1 it signed: (authority, certificate, key)."""
    def openssl(*args: str) -> None:
        done = subprocess.run(["openssl", *args], capture_output=True, text=True, cwd=folder, timeout=60)
        assert done.returncode == 0, done.stderr

    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=newsarchive test authority", "-keyout", "ca.key", "-out", "ca.pem")
    openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-subj", "/CN=127.0.0.1", "-keyout", "node.key", "-out", "node.csr")
    (folder / "node.ext").write_text("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "node.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", "node.ext", "-out", "node.pem")
    return folder / "ca.pem", folder / "node.pem", folder / "node.key"


class Relay:
    """The TLS proxy process in front of the node at `target`, on `port` (first a free one): start, stop, start
    again on the same port."""

    def __init__(self, cert: Path, key: Path, target: int):
        self.command = [sys.executable, str(ROOT / "tests" / "tls_relay.py"), str(cert), str(key), str(target)]
        self.port, self.proc = 0, None

    def start(self) -> int:
        self.proc = subprocess.Popen([*self.command, str(self.port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        line = self.proc.stdout.readline().strip()
        assert line.isdigit(), self.proc.stderr.read() if self.proc.poll() is not None else "no port"
        self.port = int(line)
        return self.port

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)
            self.proc.stdout.close()
            self.proc.stderr.close()
            self.proc = None


def test_solr_over_https_with_a_ca_file_and_a_vanishing_index(solr_cluster, tmp_path):
    if subprocess.run(["openssl", "version"], capture_output=True).returncode:
        pytest.skip("the openssl command is needed to make the test's certificates")
    authority, cert, key = _certificates(tmp_path)
    plain = solr_cluster.new_collections(shards=1, replicas=1)
    parsed = SolrURL.parse(plain)
    node = int(parsed.nodes[0].rpartition(":")[2])
    data = tmp_path / "data"
    synthetic_pages(tmp_path / "pages", 0, 2)
    relay = Relay(cert, key, node)
    try:
        port = relay.start()
        index = f"solrs://{parsed.user}:{parsed.password}@127.0.0.1:{port}/{parsed.collection}"
        env = {**os.environ, "PYTHONWARNINGS": "ignore", "NEWSARCHIVE_INDEX": index,
               "NEWSARCHIVE_SOLR_CA": str(authority)}
        ingest = subprocess.run([sys.executable, "-m", "indexer.cli", "ingest", "--data", str(data),
                                 str(tmp_path / "pages")], cwd=ROOT, env=env, capture_output=True, text=True,
                                timeout=300)
        assert ingest.returncode == 0, ingest.stderr
        del env["NEWSARCHIVE_SOLR_CA"]  # the system's authorities do not know the test's
        untrusted = subprocess.run([sys.executable, "-m", "indexer.cli", "search", "--data", str(data), "council"],
                                   cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert untrusted.returncode == 2 and "NEWSARCHIVE_SOLR_CA" in untrusted.stderr, untrusted.stderr
        assert parsed.password not in untrusted.stderr
        with newsarchive_serve(data, "--log-format", "json", env={"NEWSARCHIVE_INDEX": index,
                                                                   "NEWSARCHIVE_SOLR_CA": str(authority)}) as server:
            status, body, _ = timed_get(server.url + "/api/search?q=council")
            assert status == 200 and json.loads(body)["total"] == 2, body
            assert json.loads(timed_get(server.url + "/readyz")[1])["index"] == {"ok": True, "kind": "solrcloud",
                                                                            "articles": 2}
            relay.stop()  # the index's only address goes away
            down = [timed_get(server.url + path) for path in ("/api/search?q=council", "/api/search?q=plan",
                                                         "/readyz", "/api/quotes?q=council")]
            relay.start()  # and comes back on the same port
            deadline, back = time.monotonic() + 20, None
            while time.monotonic() < deadline and back != 200:
                back = timed_get(server.url + "/api/search?q=council")[0]
                time.sleep(0.3)
            time.sleep(0.3)
    finally:
        relay.stop()
        solr_cluster.drop_collections(plain)
    slow = [round(took, 2) for _, _, took in down if took > FAST]
    assert not slow, f"answers took longer than {FAST} s with the index down: {slow}"
    search, _, readiness, quotes = down
    for status, body, _ in (search, quotes):
        error = json.loads(body)["error"]
        assert status == 503 and "search index" in error, body
        assert "127.0.0.1" not in error and parsed.user not in error and str(port) not in error
    assert readiness[0] == 503 and json.loads(readiness[1])["index"]["ok"] is False
    assert back == 200, "the server searches again once the index answers"
    lines = [json.loads(line) for line in server.lines]
    events = [line["event"] for line in lines]
    assert events.count("index_unreachable") == 1 and events.count("index_recovered") == 1, events
    assert parsed.password not in "\n".join(server.lines)
