"""The SolrCloud the Solr tests run against, shared by the whole test session, and throwaway collections in it.

`scripts/test` starts one cluster for the run and passes its index URL in $NEWSARCHIVE_TEST_SOLR (and its folder in
$NEWSARCHIVE_TEST_SOLR_DIR, for the node-kill test). Without it, the `solr_cluster` fixture starts its own cluster
(`scripts/cluster up`, ~50 s) and always takes it down; it skips when Java or Maven is missing. Each engine a test
gets has its own pair of collections (2 shards, so facet refinement across shards is exercised), dropped after.
"""

from __future__ import annotations

import base64
import io
import itertools
import os
import re
import shutil
import subprocess
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = str(ROOT / "scripts" / "cluster")
SOLR_ENV, SOLR_DIR_ENV = "NEWSARCHIVE_TEST_SOLR", "NEWSARCHIVE_TEST_SOLR_DIR"
# the configset test collections are made from: "newsarchive" unless a branch uploaded its own changed schema beside
# it (scripts/cluster configset --name NAME), so that a shared cluster keeps serving other branches unchanged
CONFIGSET_ENV = "NEWSARCHIVE_TEST_SOLR_CONFIGSET"
_names = itertools.count()


@dataclass
class SolrCluster:
    url: str  # solr://USER:PASSWORD@NODES/newsarchive
    folder: Path | None  # the cluster's folder (scripts/cluster --dir), when known

    def node_port(self, node: int) -> str:
        return (self.folder / "nodes" / str(node) / "port").read_text().strip()

    def node(self, command: str, node: int) -> None:
        """`scripts/cluster kill|start NODE`: a kill waits until the process is gone, a start until every replica of
        the cluster is active again."""
        proc = subprocess.run([SCRIPT, command, str(node), "--dir", str(self.folder)], capture_output=True, text=True,
                              timeout=300)
        assert proc.returncode == 0, proc.stderr

    def collection_url(self, collection: str) -> str:
        return self.url.rsplit("/", 1)[0] + "/" + collection

    def new_collections(self, shards: int = 2, replicas: int = 1, on_nodes: list[int] | None = None,
                        configset: str | None = None) -> str:
        """A fresh empty pair of collections (articles, quotes) from the uploaded configset (or `configset`); its
        index URL. `on_nodes`: only on these nodes of the cluster (1, 2, …; needs the cluster's folder)."""
        from indexer.index.solr.client import SolrClient, SolrURL

        name = f"t{os.getpid()}_{next(_names)}"
        client = SolrClient(SolrURL.parse(self.url), timeout=120)
        placed = {}
        if on_nodes:
            placed["createNodeSet"] = ",".join(f"127.0.0.1:{self.node_port(n)}_solr" for n in on_nodes)
        for coll in (name, f"{name}_quotes"):
            configset = configset or os.environ.get(CONFIGSET_ENV) or "newsarchive"
            client.get("admin/collections", {"action": "CREATE", "name": coll, "collection.configName": configset,
                                             "numShards": shards, "replicationFactor": replicas,
                                             "waitForFinalState": "true", **placed})
        return self.collection_url(name)

    def new_aliased_collections(self, configset: str | None = None) -> str:
        """Like `new_collections`, behind aliases (as `scripts/cluster up` makes them): the index URL names the
        alias, so a reindex can fill new collections and switch."""
        from indexer.index.solr.client import SolrClient, SolrURL

        real = SolrURL.parse(self.new_collections(configset=configset)).collection
        alias = real + "a"
        client = SolrClient(SolrURL.parse(self.url), timeout=120)
        for name, coll in ((alias, real), (f"{alias}_quotes", f"{real}_quotes")):
            client.get("admin/collections", {"action": "CREATEALIAS", "name": name, "collections": coll})
        return self.collection_url(alias)

    def upload_configset(self, name: str, files: dict[str, bytes]) -> None:
        """Upload a configset (file name -> content) under `name` through Solr's configset API."""
        from indexer.index.solr.client import SolrURL

        packed = io.BytesIO()
        with zipfile.ZipFile(packed, "w") as folder:
            for file, content in files.items():
                folder.writestr(file, content)
        self._configs({"action": "UPLOAD", "name": name}, packed.getvalue(), SolrURL.parse(self.url))

    def delete_configset(self, name: str) -> None:
        from indexer.index.solr.client import SolrURL

        self._configs({"action": "DELETE", "name": name}, None, SolrURL.parse(self.url))

    @staticmethod
    def _configs(params: dict, body: bytes | None, url) -> None:
        token = base64.b64encode(f"{url.user}:{url.password}".encode()).decode("ascii")
        request = urllib.request.Request(f"http://{url.nodes[0]}/solr/admin/configs?"
                                         + urllib.parse.urlencode(params), data=body, method="POST",
                                         headers={"Authorization": f"Basic {token}",
                                                  "Content-Type": "application/octet-stream"})
        with urllib.request.urlopen(request, timeout=120) as answer:
            answer.read()

    def aliases(self) -> dict[str, str]:
        from indexer.index.solr.client import SolrClient, SolrURL

        return SolrClient(SolrURL.parse(self.url), timeout=60).get(
            "admin/collections", {"action": "LISTALIASES"}).get("aliases", {})

    def collections(self) -> set[str]:
        from indexer.index.solr.client import SolrClient, SolrURL

        return set(SolrClient(SolrURL.parse(self.url), timeout=60).get(
            "admin/collections", {"action": "LIST"}).get("collections", []))

    def drop_collections(self, url: str) -> None:
        from indexer.index.solr.client import SolrClient, SolrURL

        parsed = SolrURL.parse(url)
        client = SolrClient(parsed, timeout=120)
        names = (parsed.collection, f"{parsed.collection}_quotes")
        aliases = self.aliases()
        for alias in names:
            if alias in aliases:
                client.get("admin/collections", {"action": "DELETEALIAS", "name": alias})
        for coll in [aliases.get(n, n) for n in names]:
            client.get("admin/collections", {"action": "DELETE", "name": coll})


@pytest.fixture(scope="session")
def solr_cluster(tmp_path_factory):
    if os.environ.get(SOLR_ENV):
        folder = os.environ.get(SOLR_DIR_ENV)
        yield SolrCluster(os.environ[SOLR_ENV], Path(folder) if folder else None)
        return
    missing = [name for name in ("java", "javac", "mvn") if shutil.which(name) is None]
    if missing:
        pytest.skip(f"no SolrCloud: ${SOLR_ENV} is not set and starting one needs {', '.join(missing)}")
    folder = tmp_path_factory.mktemp("solr-cluster")
    try:
        proc = subprocess.run([SCRIPT, "up", "--dir", str(folder)], capture_output=True, text=True, timeout=600)
        found = re.search(r"^NEWSARCHIVE_INDEX=(solr://\S+)$", proc.stdout, re.M)
        if proc.returncode or not found:
            pytest.fail(f"scripts/cluster up failed: {proc.stderr[-2000:]}")
        yield SolrCluster(found.group(1), folder)
    finally:
        subprocess.run([SCRIPT, "down", "--dir", str(folder)], capture_output=True, text=True, timeout=300)
