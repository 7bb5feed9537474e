"""Faults of a real SolrCloud under real use: a node killed while the web app serves journalists and an archivist
ingests, and a shard with no live replica at all. Real processes throughout (the server, the ingests, the nodes).

Each test starts what it kills again, also when it fails; the cluster is the session's (tests/solr_support.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest
from conftest import ROOT
from test_concurrency import Clients, _free_port, _get, _wait_for
from test_reliability import newsarchive, synthetic_pages


@pytest.fixture
def killable(solr_cluster):
    if solr_cluster.folder is None:
        pytest.skip("the cluster's folder is not known ($NEWSARCHIVE_TEST_SOLR_DIR): cannot kill a node")
    return solr_cluster


def _node_up(cluster, node: int) -> bool:
    status = subprocess.run([str(ROOT / "scripts" / "cluster"), "status", "--json", "--dir", str(cluster.folder)],
                            capture_output=True, text=True, timeout=120)
    return json.loads(status.stdout)["nodes"][node - 1]["up"]


def test_a_node_killed_while_the_web_app_serves_and_pages_are_ingested(killable, tmp_path):
    cluster = killable
    data = tmp_path / "data"
    synthetic_pages(tmp_path / "first", 0, 20)
    synthetic_pages(tmp_path / "outage", 100, 15)
    url = cluster.new_collections(shards=2, replicas=2)
    env = dict(os.environ, PYTHONWARNINGS="ignore", NEWSARCHIVE_INDEX=url)
    try:
        first = subprocess.run(newsarchive("ingest", "--data", str(data), str(tmp_path / "first")), cwd=ROOT,
                               env=env, capture_output=True, text=True, timeout=300)
        assert first.returncode == 0, first.stderr
        port = _free_port()
        # --log-level warning: no line per request; stderr is read at the end only, and a full pipe would stop the
        # server
        server = subprocess.Popen(newsarchive("serve", "--data", str(data), "--port", str(port),
                                              "--log-level", "warning"), cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_for(base, server)
            article_id = _get(base + "/api/search?q=council&limit=1")[1]["hits"][0]["id"]
            with Clients(base, article_id) as clients:
                try:
                    cluster.node("kill", 2)
                    killed_at = time.monotonic()
                    ingest = subprocess.run(newsarchive("ingest", "--data", str(data), str(tmp_path / "outage")),
                                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
                    ingested_at = time.monotonic()
                    time.sleep(1.0)
                finally:
                    cluster.node("start", 2)
        finally:
            server.terminate()
            _, server_err = server.communicate(timeout=30)
        assert ingest.returncode == 0, ingest.stderr
        assert set(clients.statuses) == {200}, (clients.statuses, server_err[-2000:])
        assert "Traceback" not in server_err
        during = [[t for at, t in thread if killed_at <= at <= ingested_at] for thread in clients.totals]
        assert sum(map(len, during)) >= 4, "the clients must have searched while the node was down"
        for thread in clients.totals:  # each client's totals only grow: nothing went missing while a node was down
            totals = [t for _, t in thread]
            assert totals == sorted(totals) and totals[0] >= 20, totals
        assert _node_up(cluster, 2), "the restarted node is live again (scripts/cluster start waited for active)"
        # every page ingested during the outage is searchable, once
        check = subprocess.run(newsarchive("check", "--data", str(data)), cwd=ROOT, env=env, capture_output=True,
                               text=True, timeout=300)
        assert check.returncode == 0, check.stdout + check.stderr
        found = subprocess.run(newsarchive("search", "--json", "--data", str(data), "--limit", "1", "council"),
                               cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert json.loads(found.stdout)["total"] == 35
        for i in (100, 107, 114):
            one = subprocess.run(newsarchive("search", "--json", "--data", str(data), f"item{i:04d}"), cwd=ROOT,
                                 env=env, capture_output=True, text=True, timeout=300)
            assert json.loads(one.stdout)["total"] == 1, f"page {i} of the outage is found exactly once"
    finally:
        cluster.drop_collections(url)


def test_ingest_exits_3_when_a_shard_cannot_be_written_and_check_repair_catches_up(killable, tmp_path):
    cluster = killable
    data = tmp_path / "data"
    synthetic_pages(tmp_path / "before", 0, 2)
    synthetic_pages(tmp_path / "during", 50, 4)
    url = cluster.new_collections(shards=1, replicas=1, on_nodes=[3])  # one copy, on node 3 only
    env = dict(os.environ, PYTHONWARNINGS="ignore", NEWSARCHIVE_INDEX=url, NEWSARCHIVE_WRITE_RETRY="3")
    password = url.split(":")[2].split("@")[0]

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(newsarchive(*args), cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)

    try:
        assert cli("ingest", "--data", str(data), str(tmp_path / "before")).returncode == 0
        try:
            cluster.node("kill", 3)
            failed = cli("ingest", "--data", str(data), str(tmp_path / "during"))
            stats = cli("stats", "--json", "--data", str(data))
        finally:
            cluster.node("start", 3)
        assert failed.returncode == 3, failed.stderr
        assert "check --repair" in failed.stderr and "stored" in failed.stderr and password not in failed.stderr
        assert json.loads(stats.stdout)["articles"] == 6, "the pages stay in the store"
        assert cli("check", "--data", str(data)).returncode == 1, "check sees the four missing articles"
        repaired = cli("check", "--repair", "--data", str(data))
        assert repaired.returncode == 0, repaired.stderr
        found = cli("search", "--json", "--data", str(data), "council")
        assert json.loads(found.stdout)["total"] == 6
    finally:
        cluster.drop_collections(url)
