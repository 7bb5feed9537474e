"""docs/production.md's tested blocks, run as they stand against `scripts/cluster`'s SolrCloud and PostgreSQL: a Solr
user, the configset, collections behind aliases, a PostgreSQL role and database, the environment file, then
newsarchive ingesting and searching through them as that user and role, and replicas added on another node.
Everything the blocks made is removed afterwards (collections, aliases, configset, Solr user, database, role)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import ROOT, page_html, run_cli
from solr_support import solr_cluster  # noqa: F401 (the fixture)
from store_support import test_store_url

from indexer.index.solr.client import SolrClient, SolrURL

GUIDE = ROOT / "docs" / "production.md"
BLOCK = re.compile(r"<!-- tested: ([\w-]+) -->\n```bash\n(.*?)```", re.S)


def _blocks() -> dict[str, str]:
    return dict(BLOCK.findall(GUIDE.read_text(encoding="utf-8")))


def test_the_guide_marks_its_tested_blocks():
    assert list(_blocks()) == ["solr-user", "configset", "collections", "postgresql", "connect", "add-replicas"]


def _run(block: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", "set -euo pipefail\n" + block], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)


def _cleanup(admin: SolrClient, name: str, store: str) -> None:
    import psycopg

    aliases = admin.get("admin/collections", {"action": "LISTALIASES"}).get("aliases", {})
    for alias, colls in aliases.items():
        if name in alias or name in colls:
            admin.get("admin/collections", {"action": "DELETEALIAS", "name": alias})
    listed = admin.get("admin/collections", {"action": "LIST"}).get("collections", [])
    for coll in (f"{name}_v1", f"{name}_v1_quotes"):
        if coll in listed:
            admin.get("admin/collections", {"action": "DELETE", "name": coll})
    try:
        admin.get("admin/configs", {"action": "DELETE", "name": name})
    except Exception:  # never uploaded
        pass
    admin.post("admin/authentication", {"delete-user": [name]})
    with psycopg.connect(store, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        db.execute(f'DROP ROLE IF EXISTS "{name}"')


@pytest.fixture
def store() -> str:
    """The PostgreSQL server (skips without one, before a SolrCloud is started for nothing)."""
    return test_store_url()


def test_the_guide_prepares_a_cluster_newsarchive_then_uses(store, solr_cluster, tmp_path):  # noqa: F811
    solr = SolrURL.parse(solr_cluster.url)
    pg = urllib.parse.urlsplit(store)
    name = f"guide{os.getpid()}"
    (tmp_path / "etc").mkdir(mode=0o700)
    netrc = tmp_path / "etc" / "solr-admin.netrc"
    netrc.write_text(f"machine 127.0.0.1 login {solr.user} password {solr.password}\n")
    pgpass = tmp_path / "etc" / "pgpass"
    pgpass.write_text(f"127.0.0.1:{pg.port}:*:{pg.username}:{urllib.parse.unquote(pg.password)}\n")
    for secret in ("solr.password", "db.password"):
        (tmp_path / "etc" / secret).write_text(f"{name}-{secret[:2]}-Pw7q\n")
    for f in (netrc, pgpass):
        f.chmod(0o600)
    host, port = solr.nodes[0].split(":")
    admin = SolrClient(solr, timeout=300)
    status = admin.get("admin/collections", {"action": "CLUSTERSTATUS"})
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}", PYTHONPATH=str(ROOT),
               SOLR=f"http://{solr.nodes[0]}/solr", SOLR_NETRC=str(netrc), SOLR_NODES=",".join(solr.nodes),
               SOLR_USER=name, SOLR_PASSWORD_FILE=str(tmp_path / "etc" / "solr.password"), ARCHIVE=name,
               CONFIGSET=name, CONF=str(ROOT / "cluster" / "configset" / "newsarchive" / "conf"), DB_ROLE=name,
               DB_NAME=name, DB_HOST=pg.hostname, DB_PORT=str(pg.port),
               DB_PASSWORD_FILE=str(tmp_path / "etc" / "db.password"), ENV_FILE=str(tmp_path / "etc" / "env"),
               DATA=str(tmp_path / "data"), PGHOST=pg.hostname, PGPORT=str(pg.port), PGUSER=pg.username,
               PGPASSFILE=str(pgpass), NEW_NODE=status["cluster"]["live_nodes"][-1])
    for var in ("NEWSARCHIVE_INDEX", "NEWSARCHIVE_STORE", "PGPASSWORD", "PGDATABASE"):
        env.pop(var, None)
    blocks = _blocks()
    try:
        for step in ("solr-user", "configset", "collections", "postgresql", "connect"):
            done = _run(blocks[step], env)
            assert done.returncode == 0, (step, done.stdout, done.stderr)
        assert (tmp_path / "etc" / "env").stat().st_mode & 0o777 == 0o600
        lines = dict(line.split("=", 1) for line in (tmp_path / "etc" / "env").read_text().split())
        assert lines["NEWSARCHIVE_INDEX"].startswith(f"solr://{name}:") and lines["NEWSARCHIVE_INDEX"].endswith(
            f"/{name}")
        assert lines["NEWSARCHIVE_STORE"].startswith(f"postgresql://{name}:")
        assert SolrURL.parse(lines["NEWSARCHIVE_INDEX"]).user != solr.user, "newsarchive runs as its own Solr user"

        pages = tmp_path / "pages"
        pages.mkdir()
        for i, town in enumerate(("Ostervik", "Brannfjord", "Kalmsund")):
            (pages / f"{i}.html").write_text(page_html(
                f"The ferry to {town} runs again", [f"The ferry to {town} runs again after the winter storms.",
                                                    f"Harbour staff in {town} repaired the quay in six weeks."],
                url=f"https://coast.example/{i}"), encoding="utf-8")
        where = ["--data", str(tmp_path / "data"), "--index", lines["NEWSARCHIVE_INDEX"], "--store",
                 lines["NEWSARCHIVE_STORE"]]
        ingested = run_cli("ingest", *where, str(pages))
        assert ingested.returncode == 0, ingested.stderr
        found = json.loads(run_cli("search", "--json", *where, "ferry").stdout)
        assert found["total"] == 3
        aliases = admin.get("admin/collections", {"action": "LISTALIASES"})["aliases"]
        assert aliases[name] == f"{name}_v1" and aliases[f"{name}_quotes"] == f"{name}_v1_quotes"

        added = _run(blocks["add-replicas"], env)
        assert added.returncode == 0, added.stderr
        collections = admin.get("admin/collections", {"action": "CLUSTERSTATUS"})["cluster"]["collections"]
        for coll in (f"{name}_v1", f"{name}_v1_quotes"):
            for shard in collections[coll]["shards"].values():
                replicas = shard["replicas"].values()
                assert len(replicas) == 3 and {r["state"] for r in replicas} == {"active"}
                assert any(r["node_name"] == env["NEW_NODE"] for r in replicas)
        again = json.loads(run_cli("search", "--json", *where, "ferry").stdout)
        assert again["total"] == 3
    finally:
        _cleanup(admin, name, store)
        admin.close()

