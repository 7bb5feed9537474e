"""scripts/cluster with real processes: ZooKeeper, three SolrCloud nodes and PostgreSQL on 127.0.0.1.

One cluster serves the whole module (starting one takes most of a minute); the last test takes it down and the
fixture always runs `down` again, so nothing stays running when a test fails.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = str(ROOT / "scripts" / "cluster")


def _pg_bindir() -> Path | None:
    try:
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        out = ""
    for candidate in (out, "/usr/lib/postgresql/15/bin"):
        if candidate and (Path(candidate) / "initdb").exists() and (Path(candidate) / "psql").exists():
            return Path(candidate)
    return None


PG_BIN = _pg_bindir()
MISSING = [name for name in ("java", "javac", "mvn", "python3") if shutil.which(name) is None]
if PG_BIN is None:
    MISSING.append("PostgreSQL server programs")
if os.geteuid() == 0 and shutil.which("runuser") is None:
    MISSING.append("runuser")
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"cluster needs {', '.join(MISSING)}")

INDEX_LINE = re.compile(r"NEWSARCHIVE_INDEX=solr://(\w+):([^@\s]+)@((?:127\.0\.0\.1:\d+,?)+)/newsarchive")
STORE_LINE = re.compile(r"NEWSARCHIVE_STORE=postgresql://(\w+):([^@\s]+)@127\.0\.0\.1:(\d+)/newsarchive")


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=timeout)


class Cluster:
    def __init__(self, folder: Path, stdout: str):
        self.folder = folder
        self.stdout = stdout
        self.user = (folder / "user").read_text().strip()
        self.password = (folder / "password").read_text().strip()

    def status(self, code: int = 0) -> dict:
        """`status --json`, which must exit with `code`: 0 healthy, 1 degraded, 2 down."""
        proc = run("status", "--json", "--dir", str(self.folder), timeout=120)
        assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
        doc = json.loads(proc.stdout)
        assert doc["health"] == ("healthy", "degraded", "down")[code]
        return doc

    def replicas(self, status: dict) -> list[dict]:
        return [r for c in status["collections"].values() for reps in c["shards"].values() for r in reps]

    def get(self, url: str, auth: bool = True) -> int:
        req = urllib.request.Request(url)
        if auth:
            token = base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
            req.add_header("Authorization", f"Basic {token}")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status
        except urllib.error.HTTPError as err:
            return err.code


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")
    try:
        proc = run("up", "--nodes", "3", "--dir", str(folder), timeout=600)
        assert proc.returncode == 0, f"up failed:\n{proc.stderr[-4000:]}"
        yield Cluster(folder, proc.stdout)
    finally:
        down = run("down", "--dir", str(folder), timeout=300)
        assert down.returncode == 0, down.stderr


def pid_alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def listening(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket the process listens on, read from /proc (IPv4 and IPv6)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] != "0A" or fields[9] not in inodes:  # 0A: LISTEN
                continue
            address, port = fields[1].split(":")
            if len(address) == 8:
                ip = ".".join(str(b) for b in reversed(bytes.fromhex(address)))
            else:
                ip = "ipv6:" + address
            found.append((ip, int(port, 16)))
    return found


def test_help_and_errors_are_clear():
    top = run("--help")
    assert top.returncode == 0 and "up [--nodes N]" in top.stdout
    for command in ("up", "status", "kill", "start", "down", "configset"):
        proc = run(command, "--help")
        assert proc.returncode == 0 and proc.stdout.startswith(f"usage: scripts/cluster {command}")
    bad = run("explode")
    assert bad.returncode != 0 and "unknown command explode" in bad.stderr


def test_up_prints_exactly_the_two_connection_lines(cluster):
    lines = cluster.stdout.splitlines()
    assert len(lines) == 2
    index, store = INDEX_LINE.fullmatch(lines[0]), STORE_LINE.fullmatch(lines[1])
    assert index and store
    assert index.group(1) == store.group(1) == cluster.user
    assert index.group(2) == store.group(2) == cluster.password
    ports = [int(hp.split(":")[1]) for hp in index.group(3).split(",")]
    assert len(set(ports)) == 3
    assert [n["url"] for n in cluster.status()["nodes"]] == [f"http://127.0.0.1:{p}/solr" for p in ports]
    assert (cluster.folder / "password").stat().st_mode & 0o777 == 0o600


def test_solr_requires_the_password(cluster):
    for node in cluster.status()["nodes"]:
        url = f"{node['url']}/newsarchive/select?q=*:*"
        assert cluster.get(url, auth=False) == 401
        assert cluster.get(url) == 200
        assert cluster.get(f"{node['url']}/admin/collections?action=CLUSTERSTATUS", auth=False) == 401


def test_status_shows_every_replica_active_on_distinct_nodes(cluster):
    status = cluster.status()
    assert set(status) == {"nodes", "zookeeper", "postgresql", "collections", "aliases", "health", "problems"}
    assert status["problems"] == []
    assert [n["name"] for n in status["nodes"]] == ["node1", "node2", "node3"]
    assert all(n["up"] and isinstance(n["pid"], int) for n in status["nodes"])
    assert status["zookeeper"]["up"] and status["zookeeper"]["address"].startswith("127.0.0.1:")
    assert status["postgresql"]["up"] and cluster.password not in status["postgresql"]["url"]
    assert status["postgresql"]["url"].startswith(f"postgresql://{cluster.user}@127.0.0.1:")
    assert set(status["collections"]) == {"newsarchive_v1", "newsarchive_v1_quotes"}
    assert status["aliases"] == {"newsarchive": "newsarchive_v1", "newsarchive_quotes": "newsarchive_v1_quotes"}
    names = {n["name"] for n in status["nodes"]}
    for collection in status["collections"].values():
        assert len(collection["shards"]) == 2
        for replicas in collection["shards"].values():
            assert len(replicas) == 2
            assert {r["state"] for r in replicas} == {"active"}
            assert len({r["node"] for r in replicas}) == 2 and {r["node"] for r in replicas} <= names
            assert sum(r["leader"] for r in replicas) == 1
    human = run("--dir", str(cluster.folder), "status")
    assert human.returncode == 0 and "node2" in human.stdout and "newsarchive_v1_quotes/shard1" in human.stdout
    assert human.stdout.splitlines()[-1] == "healthy"


def test_every_listener_is_on_loopback(cluster):
    status = cluster.status()
    expected = {int(n["url"].split(":")[2].split("/")[0]) for n in status["nodes"]}
    expected.add(int(status["zookeeper"]["address"].split(":")[1]))
    expected.add(int(status["postgresql"]["url"].rsplit(":", 1)[1].split("/")[0]))
    seen = set()
    pids = [n["pid"] for n in status["nodes"]] + [status["zookeeper"]["pid"], status["postgresql"]["pid"]]
    for pid in pids:
        sockets = listening(pid)
        assert sockets, f"pid {pid} listens nowhere"
        assert all(ip == "127.0.0.1" for ip, _ in sockets), sockets
        seen.update(port for _, port in sockets)
    assert expected <= seen


def test_no_log_holds_the_password(cluster):
    folders = [cluster.folder]
    home = Path((cluster.folder / "postgresql" / "home").read_text().strip())
    if home.exists():
        folders.append(home)
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and path.name not in ("password", "env"):
                assert cluster.password.encode() not in path.read_bytes(), path


def test_postgresql_takes_the_password_only(cluster):
    port = STORE_LINE.fullmatch(cluster.stdout.splitlines()[1]).group(3)
    base = [str(PG_BIN / "psql"), "-X", "-w", "-h", "127.0.0.1", "-p", port, "-U", cluster.user,
            "-d", "newsarchive", "-At", "-c", "select current_database()"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env["PGPASSFILE"] = "/dev/null"
    good = subprocess.run(base, env={**env, "PGPASSWORD": cluster.password}, capture_output=True, text=True,
                          timeout=30, stdin=subprocess.DEVNULL)
    assert good.returncode == 0 and good.stdout.strip() == "newsarchive", good.stderr
    bad = subprocess.run(base, env=env, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert bad.returncode != 0
    wrong = subprocess.run(base, env={**env, "PGPASSWORD": "not-the-password"}, capture_output=True, text=True,
                           timeout=30, stdin=subprocess.DEVNULL)
    assert wrong.returncode != 0 and "password authentication failed" in wrong.stderr


def test_killed_node_is_down_at_once_and_returns_when_started(cluster):
    killed = run("kill", "2", "--dir", str(cluster.folder))
    assert killed.returncode == 0, killed.stderr
    # at once: Solr lists node 2 live and its replicas active until ZooKeeper expires its session (10 s)
    status = cluster.status(code=1)
    assert [n["up"] for n in status["nodes"]] == [True, False, True]
    assert not status["nodes"][1]["running"]
    assert not pid_alive(status["nodes"][1]["pid"])
    on_node2 = [r for r in cluster.replicas(status) if r["node"] == "node2"]
    assert on_node2 and not any(r["live"] for r in on_node2)
    assert all(r["live"] for r in cluster.replicas(status) if r["node"] != "node2")
    assert "node2 is down" in status["problems"][0]
    human = run("status", "--dir", str(cluster.folder))
    assert human.returncode == 1 and human.stdout.splitlines()[-1].startswith("degraded: node2 is down")
    assert re.search(r"node2 (DOWN \(Solr: active|down)", human.stdout), human.stdout
    node1, node2_url = status["nodes"][0]["url"], status["nodes"][1]["url"]
    # Until ZooKeeper expires node 2's session (10 s) Solr may still route to it; each replica has a twin.
    deadline = time.monotonic() + 30
    codes = []
    while time.monotonic() < deadline:
        codes = [cluster.get(f"{node1}/{c}/select?q=*:*") for c in ("newsarchive", "newsarchive_quotes")]
        if codes == [200, 200]:
            break
        time.sleep(1)
    assert codes == [200, 200]

    again = run("--dir", str(cluster.folder), "start", "2", "--timeout", "120")
    assert again.returncode == 0, again.stderr
    status = cluster.status()
    assert all(n["up"] for n in status["nodes"])
    assert status["nodes"][1]["url"] == node2_url
    states = [r["state"] for r in cluster.replicas(status)]
    assert states and set(states) == {"active"}
    assert any(r["node"] == "node2" for r in cluster.replicas(status))


def test_after_a_full_outage_the_nodes_start_together(cluster):
    """With every node down, a shard elects a leader only once all its replicas are back (or after 3 minutes):
    one node started alone says which to start too, at once; all started in one command come back."""
    killed = run("kill", "1", "2", "3", "--dir", str(cluster.folder))
    assert killed.returncode == 0, killed.stderr
    down = cluster.status(code=2)
    assert "no Solr node is live" in down["problems"]
    alone = run("start", "1", "--dir", str(cluster.folder), "--timeout", "120", timeout=400)
    assert alone.returncode == 1
    said = alone.stderr.strip().splitlines()[-1]
    assert "have no leader" in said and "scripts/cluster start 2 3" in said and "start 1 2 3" in said, said
    assert run("kill", "1", "--dir", str(cluster.folder)).returncode == 0
    together = run("start", "1", "2", "3", "--dir", str(cluster.folder), "--timeout", "180", timeout=600)
    assert together.returncode == 0, together.stderr
    status = cluster.status()
    assert all(n["up"] for n in status["nodes"])
    assert {r["state"] for r in cluster.replicas(status)} == {"active"}
    assert all(sum(r["leader"] for r in reps) == 1 for c in status["collections"].values()
               for reps in c["shards"].values())
    for c in ("newsarchive", "newsarchive_quotes"):
        assert cluster.get(f"{status['nodes'][0]['url']}/{c}/select?q=*:*") == 200


def test_postgresql_stopped_is_down_and_back_when_started(cluster):
    data = Path((cluster.folder / "postgresql" / "home").read_text().strip()) / "data"
    as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def pg_ctl(*args: str) -> None:
        proc = subprocess.run([*as_pg, str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-t", "60", *args],
                              capture_output=True, text=True, timeout=120, cwd="/")
        assert proc.returncode == 0, proc.stderr

    pg_ctl("-m", "fast", "stop")
    try:
        status = cluster.status(code=2)
        assert not status["postgresql"]["up"] and status["problems"] == ["postgresql is down"]
        assert all(n["up"] for n in status["nodes"]) and status["zookeeper"]["up"]
    finally:
        pg_ctl("-l", str(data.parent / "postgresql.log"), "start")
    status = cluster.status()  # the restarted server has another pid, read from its own postmaster.pid
    assert status["postgresql"]["up"] and pid_alive(status["postgresql"]["pid"])


def test_node_numbers_are_checked(cluster):
    for args, said in ((("start",), "needs a node number"), (("kill", "4"), "from 1 to 3"),
                       (("kill", "2", "2"), "named twice"), (("status", "1"), "unexpected argument 1")):
        proc = run(*args, "--dir", str(cluster.folder))
        assert proc.returncode != 0 and said in proc.stderr, (args, proc.stderr)


def test_down_stops_every_recorded_process(cluster):
    status = cluster.status()
    pids = [n["pid"] for n in status["nodes"]] + [status["zookeeper"]["pid"], status["postgresql"]["pid"]]
    assert all(pid_alive(pid) for pid in pids)
    down = run("down", "--dir", str(cluster.folder))
    assert down.returncode == 0, down.stderr
    assert [pid for pid in pids if pid_alive(pid)] == []
    after = cluster.status(code=2)
    assert not any(n["up"] for n in after["nodes"])
    assert {"zookeeper is down", "postgresql is down", "no Solr node is live"} <= set(after["problems"])
    assert not after["zookeeper"]["up"] and not after["postgresql"]["up"]
