"""The parts of scripts/cluster that speak HTTP or JSON: Solr's Collections API, status, waiting.

Standard library only, so the script runs with any python3. Everything the cluster knows lives in small
files under the cluster folder (see scripts/cluster); this module reads them and never prints the
password: error messages go through `masked`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

# The index URL names aliases; each points at a collection of its own (a reindex into a new collection switches
# the aliases: a schema change without an empty window)
ALIASES = {"newsarchive": "newsarchive_v1", "newsarchive_quotes": "newsarchive_v1_quotes"}
CONFIGSET = "newsarchive"
SHARDS = 2


def fail(message: str, code: int = 1) -> None:
    print(f"cluster: {message}", file=sys.stderr)
    sys.exit(code)


def read(path: Path, default: str = "") -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return default


def secret(root: Path) -> tuple[str, str]:
    return read(root / "user"), read(root / "password")


def masked(root: Path, text: str) -> str:
    password = read(root / "password")
    return text.replace(password, "*****") if password else text


def node_dirs(root: Path) -> list[Path]:
    nodes = root / "nodes"
    if not nodes.is_dir():
        return []
    return sorted((p for p in nodes.iterdir() if p.name.isdigit()), key=lambda p: int(p.name))


def pid_alive(pid_file: Path, marker: str) -> int | None:
    """The recorded pid when that process still runs and is ours (its command line names `marker`)."""
    text = str(recorded_pid(pid_file) or "")
    if not text:
        return None
    try:
        cmdline = Path(f"/proc/{text}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        stat = Path(f"/proc/{text}/stat").read_text()
    except OSError:
        return None
    if stat.rsplit(")", 1)[-1].split()[0] == "Z" or marker not in cmdline:
        return None
    return int(text)


def recorded_pid(pid_file: Path) -> int | None:
    text = read(pid_file).split("\n", 1)[0].strip()
    return int(text) if text.isdigit() else None


def node_marker(node: Path) -> str:
    return f"-Dnewsarchive.cluster.node={node}"


def pg_pid_file(root: Path) -> Path:
    """PostgreSQL's own record of its postmaster (the first line of data/postmaster.pid): a server restarted with
    pg_ctl has another pid than the one `up` recorded."""
    own = Path(read(root / "postgresql" / "home") + "/data/postmaster.pid")
    return own if read(own) else root / "postgresql" / "pid"


def pg_marker(root: Path) -> str:
    return read(root / "postgresql" / "home") + "/data"


def zk_marker(root: Path) -> str:
    return str(root / "zookeeper" / "zoo.cfg")


def request(root: Path, port: int | str, path: str, params: dict | None = None, timeout: float = 30,
            auth: bool = True) -> tuple[int, dict]:
    """GET a Solr path on one node; (status, parsed JSON or {}). Connection errors give status 0."""
    query = urllib.parse.urlencode({**(params or {}), "wt": "json"})
    req = urllib.request.Request(f"http://127.0.0.1:{port}/solr/{path}?{query}")
    if auth:
        user, password = secret(root)
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        req.add_header("Authorization", f"Basic {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as err:
        body = err.read()
        try:
            return err.code, json.loads(body or b"{}")
        except ValueError:
            return err.code, {"error": {"msg": body[:500].decode(errors="replace")}}
    except (OSError, ValueError):
        return 0, {}


def live_ports(root: Path) -> list[str]:
    return [read(n / "port") for n in node_dirs(root) if pid_alive(n / "pid", node_marker(n))]


def cluster_status(root: Path) -> dict | None:
    """CLUSTERSTATUS from the first node that answers, or None."""
    for port in live_ports(root):
        code, body = request(root, port, "admin/collections", {"action": "CLUSTERSTATUS"}, timeout=10)
        if code == 200:
            return body.get("cluster", {})
    return None


# --- subcommands -------------------------------------------------------------------------------------


def cmd_ports(count: str) -> None:
    """Free TCP ports on 127.0.0.1, all held open at once so they differ."""
    socks = []
    for _ in range(int(count)):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    print(" ".join(str(s.getsockname()[1]) for s in socks))
    for s in socks:
        s.close()


def cmd_port_free(port: str) -> None:
    """Exit 1 when something already listens on 127.0.0.1:port (start must reuse a node's port).

    SO_REUSEADDR like Jetty's connector: connections of the killed node lingering in TIME_WAIT do not count.
    """
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", int(port)))
            s.listen()
        except OSError:
            sys.exit(1)


def cmd_password() -> None:
    print(secrets.token_urlsafe(24))


def cmd_security(root: str, template: str, out: str) -> None:
    """security.json with Solr's Sha256AuthenticationProvider credential: sha256(sha256(salt+pw)) salt."""
    user, password = secret(Path(root))
    salt = secrets.token_bytes(32)
    digest = hashlib.sha256(hashlib.sha256(salt + password.encode()).digest()).digest()
    credential = f"{base64.b64encode(digest).decode()} {base64.b64encode(salt).decode()}"
    text = Path(template).read_text().replace("@USER@", user).replace("@CREDENTIAL@", credential)
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


def cmd_wait_node(root: str, index: str, timeout: str) -> None:
    """Wait until node `index` answers an authenticated request; fail early when its JVM died."""
    base = Path(root)
    node = base / "nodes" / index
    port = read(node / "port")
    deadline = time.monotonic() + float(timeout)
    while time.monotonic() < deadline:
        if not pid_alive(node / "pid", node_marker(node)):
            fail(f"node {index} (port {port}) exited during start-up")
        code, _ = request(base, port, "admin/info/system", timeout=5)
        if code == 200:
            return
        time.sleep(0.5)
    fail(f"node {index} (port {port}) did not come up within {timeout} s")


def cmd_wait_live(root: str, timeout: str) -> None:
    """Wait until ZooKeeper lists every running node as live."""
    base = Path(root)
    deadline = time.monotonic() + float(timeout)
    wanted = {f"127.0.0.1:{p}_solr" for p in live_ports(base)}
    missing = wanted
    while time.monotonic() < deadline:
        status = cluster_status(base)
        if status is not None:
            missing = wanted - set(status.get("live_nodes", []))
            if not missing:
                return
        time.sleep(0.5)
    fail(f"nodes not live in ZooKeeper after {timeout} s: {', '.join(sorted(missing))}")


def cmd_create(root: str) -> None:
    """Create both collections (2 shards, 2 replicas each; one with a single node) and the aliases naming them."""
    base = Path(root)
    port = live_ports(base)[0]
    replicas = min(2, len(node_dirs(base)))
    for alias, name in ALIASES.items():
        for params in ({"action": "CREATE", "name": name, "numShards": SHARDS, "replicationFactor": replicas,
                        "collection.configName": CONFIGSET, "waitForFinalState": "true"},
                       {"action": "CREATEALIAS", "name": alias, "collections": name}):
            code, body = request(base, port, "admin/collections", params, timeout=180)
            if code != 200:
                fail(masked(base, f"{params['action']} {params['name']} failed (HTTP {code}): "
                                  f"{json.dumps(body)[:2000]}"))


def replicas(status: dict) -> list[tuple[str, str, dict]]:
    return [(cname, sname, rep)
            for cname, coll in sorted(status.get("collections", {}).items())
            for sname, shard in sorted(coll.get("shards", {}).items())
            for rep in shard.get("replicas", {}).values()]


def cmd_wait_active(root: str, timeout: str) -> None:
    """Wait until every replica on a running node is active. A shard whose replicas on running nodes wait for a
    leader that only a stopped node could be (after all of a shard's replicas were down, Solr waits for every one of
    them before it elects a leader, up to leaderVoteWait: 3 minutes) fails the wait at once, naming the nodes to
    start: waiting here would not help."""
    base = Path(root)
    deadline = time.monotonic() + float(timeout)
    pending, seen = ["no answer from any node"], ""
    while time.monotonic() < deadline:
        status = cluster_status(base)
        if status is not None:
            running = running_nodes(base)
            live = set(status.get("live_nodes", [])) & set(running)
            names = set(status.get("collections", {})) | set(status.get("aliases", {}))
            pending = [f"{c} missing" for c in ALIASES if c not in names]
            pending += [f"{c}/{s} on {running[r['node_name']]}: {r.get('state')}" for c, s, r in replicas(status)
                        if r.get("node_name") in running
                        and (r.get("state") != "active" or r.get("node_name") not in live)]
            waiting = waiting_for(base, status, running)
            if not pending and not waiting:
                return
            if waiting and waiting == seen:  # the same twice, two seconds apart: not a moment of an election
                fail(waiting)
            seen = waiting
        time.sleep(2)
    fail(f"replicas not active after {timeout} s: {'; '.join(pending)}")


def running_nodes(base: Path) -> dict[str, str]:
    """Solr's names (HOST:PORT_solr) of the nodes whose process runs, and ours for them (node1, …)."""
    return {f"127.0.0.1:{read(n / 'port')}_solr": f"node{n.name}" for n in node_dirs(base)
            if pid_alive(n / "pid", node_marker(n))}


def waiting_for(base: Path, status: dict, running: dict[str, str]) -> str:
    """What the shards without a leader wait for: their replicas on nodes that are not running ('' when none)."""
    ours = {f"127.0.0.1:{read(n / 'port')}_solr": n.name for n in node_dirs(base)}
    stopped: set[str] = set()
    shards = []
    for cname, coll in sorted(status.get("collections", {}).items()):
        for sname, shard in sorted(coll.get("shards", {}).items()):
            reps = list(shard.get("replicas", {}).values())
            if any(_leads(r) and r.get("node_name") in running for r in reps):
                continue
            away = {ours.get(r.get("node_name"), r.get("node_name")) for r in reps if r.get("node_name") not in running}
            if away and any(r.get("node_name") in running for r in reps):
                stopped |= away
                shards.append(f"{cname}/{sname}")
    if not shards:
        return ""
    nodes = sorted(stopped, key=lambda n: int(n) if n.isdigit() else 0)
    them = "it" if len(nodes) == 1 else "them"
    return (f"{len(shards)} shard(s) ({', '.join(shards[:4])}{', …' if len(shards) > 4 else ''}) have no leader: "
            f"they wait for their replicas on node {', '.join(nodes)}, which {'is' if len(nodes) == 1 else 'are'} "
            f"not running. Start {them} too (scripts/cluster start {' '.join(nodes)} --dir {base}); after all of a "
            "shard's replicas were down, Solr elects a leader only once every one is back, or after 3 minutes "
            "from those it has (a replica that missed updates then loses them). After a full outage, start every "
            "node in one command (scripts/cluster start 1 2 3)")


def _leads(replica: dict) -> bool:
    return str(replica.get("leader", "false")).lower() == "true" and replica.get("state") == "active"


def cmd_reload(root: str) -> None:
    base = Path(root)
    ports = live_ports(base)
    if not ports:
        fail("no Solr node is running")
    for name in sorted((cluster_status(base) or {}).get("collections", {})):
        code, body = request(base, ports[0], "admin/collections", {"action": "RELOAD", "name": name},
                             timeout=180)
        if code != 200:
            fail(masked(base, f"reloading {name} failed (HTTP {code}): {json.dumps(body)[:2000]}"))
        print(f"reloaded {name}", file=sys.stderr)


def zookeeper_answers(base: Path) -> bool:
    """ZooKeeper's own answer to `ruok` (its four-letter health word, allowed in zoo.cfg): imok."""
    try:
        with socket.create_connection(("127.0.0.1", int(read(base / "zookeeper" / "port") or 0)), timeout=3) as s:
            s.sendall(b"ruok")
            return s.recv(16) == b"imok"
    except (OSError, ValueError):
        return False


def port_answers(port: str) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", int(port or 0)), timeout=3):
            return True
    except (OSError, ValueError):
        return False


def status_document(base: Path) -> dict:
    """Solr's view (CLUSTERSTATUS) beside our own: a node is up only while its process runs *and* ZooKeeper lists
    it live, so a node killed a moment ago is down at once, though Solr lists its replicas active until its
    ZooKeeper session expires (10 s). Each replica says whether it can answer now (`live`)."""
    status = cluster_status(base) or {}
    live = set(status.get("live_nodes", []))
    nodes, names, up_nodes = [], {}, set()
    for node in node_dirs(base):
        port = read(node / "port")
        pid = pid_alive(node / "pid", node_marker(node))
        solr_name = f"127.0.0.1:{port}_solr"
        names[solr_name] = f"node{node.name}"
        up = bool(pid) and solr_name in live
        if up:
            up_nodes.add(solr_name)
        nodes.append({"name": f"node{node.name}", "url": f"http://127.0.0.1:{port}/solr",
                      "pid": recorded_pid(node / "pid"), "up": up, "running": bool(pid), "live": solr_name in live})
    zk_pid = pid_alive(base / "zookeeper" / "pid", zk_marker(base))
    pg_pid = pid_alive(pg_pid_file(base), pg_marker(base))
    pg_port = read(base / "postgresql" / "port")
    user = read(base / "user")
    collections: dict = {}
    for cname, sname, rep in replicas(status):
        shards = collections.setdefault(cname, {"shards": {}})["shards"]
        shards.setdefault(sname, []).append({
            "node": names.get(rep.get("node_name"), rep.get("node_name")),
            "state": rep.get("state"), "leader": str(rep.get("leader", "false")).lower() == "true",
            "live": rep.get("state") == "active" and rep.get("node_name") in up_nodes})
    doc = {
        "nodes": nodes,
        "zookeeper": {"address": f"127.0.0.1:{read(base / 'zookeeper' / 'port')}",
                      "pid": recorded_pid(base / "zookeeper" / "pid"),
                      "up": bool(zk_pid) and zookeeper_answers(base)},
        "postgresql": {"url": f"postgresql://{user}@127.0.0.1:{pg_port}/newsarchive",
                       "pid": recorded_pid(pg_pid_file(base)),
                       "up": bool(pg_pid) and port_answers(pg_port)},
        "collections": collections,
        "aliases": dict(status.get("aliases", {})),
    }
    doc["health"], doc["problems"] = health(doc)
    return doc


HEALTH_CODES = {"healthy": 0, "degraded": 1, "down": 2}


def health(doc: dict) -> tuple[str, list[str]]:
    """down: no Solr node up, or ZooKeeper or PostgreSQL down; degraded: some node or replica down."""
    down = [f"{name} is down" for name in ("zookeeper", "postgresql") if not doc[name]["up"]]
    if not any(n["up"] for n in doc["nodes"]):
        down.append("no Solr node is live")
    degraded = [f"{n['name']} is down" + ("" if n["running"] or not n["live"] else
                                         " (its process is gone; Solr still lists it live until its ZooKeeper "
                                         "session expires)")
                for n in doc["nodes"] if not n["up"]]
    for cname, coll in doc["collections"].items():
        for sname, reps in coll["shards"].items():
            dead = [r for r in reps if not r["live"]]
            if len(dead) == len(reps):
                degraded.append(f"{cname}/{sname} has no live replica: its searches and writes fail")
            elif not any(r["live"] and r["leader"] for r in reps):
                degraded.append(f"{cname}/{sname} has no leader: its writes fail")
            elif dead:
                degraded.append(f"{cname}/{sname}: {len(dead)} of {len(reps)} replicas down")
    if down:
        return "down", down + degraded
    return ("degraded", degraded) if degraded else ("healthy", [])


def _replica_cell(r: dict) -> str:
    """node1 active (leader); a replica on a node that is down: node2 DOWN (Solr: active, leader)."""
    leader = ", leader" if r["leader"] else ""
    if r["live"]:
        return f"{r['node']} {r['state']}" + (" (leader)" if leader else "")
    if r["state"] == "active":
        return f"{r['node']} DOWN (Solr: active{leader})"
    return f"{r['node']} {r['state'] or 'DOWN'}" + (" (leader)" if leader else "")


def cmd_status(root: str, as_json: str = "") -> None:
    """Print the status; exit 0 healthy, 1 degraded, 2 down."""
    doc = status_document(Path(root))
    if as_json:
        print(json.dumps(doc, indent=2))
        sys.exit(HEALTH_CODES[doc["health"]])
    up = {True: "up", False: "DOWN"}
    for node in doc["nodes"]:
        print(f"{node['name']:<10} {up[node['up']]:<5} pid {node['pid'] or '-':<8} {node['url']}")
    zk, pg = doc["zookeeper"], doc["postgresql"]
    print(f"{'zookeeper':<10} {up[zk['up']]:<5} pid {zk['pid'] or '-':<8} {zk['address']}")
    print(f"{'postgresql':<10} {up[pg['up']]:<5} pid {pg['pid'] or '-':<8} {pg['url']}")
    for cname, coll in doc["collections"].items():
        for sname, reps in coll["shards"].items():
            cells = ", ".join(_replica_cell(r) for r in reps)
            print(f"{cname}/{sname}: {cells}")
    for alias, target in doc["aliases"].items():
        print(f"alias {alias} -> {target}")
    if not doc["collections"] and any(n["up"] for n in doc["nodes"]):
        print("no collections")
    print(f"{doc['health']}" + (": " + "; ".join(doc["problems"]) if doc["problems"] else ""))
    sys.exit(HEALTH_CODES[doc["health"]])


def cmd_mask(root: str) -> None:
    """Copy stdin to stdout with the password replaced (log tails in error messages)."""
    sys.stdout.write(masked(Path(root), sys.stdin.read()))


COMMANDS = {
    "ports": cmd_ports, "port-free": cmd_port_free, "password": cmd_password, "security": cmd_security,
    "wait-node": cmd_wait_node, "wait-live": cmd_wait_live, "create": cmd_create,
    "wait-active": cmd_wait_active, "reload": cmd_reload, "status": cmd_status, "mask": cmd_mask,
}

if __name__ == "__main__":
    COMMANDS[sys.argv[1]](*sys.argv[2:])
