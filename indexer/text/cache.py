"""Tables that take seconds to build in every process, kept on disk between processes.

A table is stored under the digest of everything it is built from (data files, the source that builds it, the
versions of the packages it reads), so an edit or an upgrade builds it again instead of serving a stale copy. The
copies of the last few inputs are kept (KEEP): two versions of newsarchive sharing one cache (a server and a newer
CLI, two checkouts) would otherwise delete each other's copy and rebuild it, seconds each time, at every turn.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
KEEP = 3  # copies of one table kept, the most recently used


def cache_dir() -> Path:
    """$NEWSARCHIVE_CACHE, else $XDG_CACHE_HOME/newsarchive, else ~/.cache/newsarchive."""
    explicit = os.environ.get("NEWSARCHIVE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "newsarchive"


def stored_table(name: str, inputs: Iterable[bytes | str | Path], build: Callable[[], T]) -> T:
    """build(), or the copy pickled by an earlier process from the same inputs (the contents, for paths).

    An absent, unreadable or outdated file is built again; a read-only cache only costs the build."""
    digest = hashlib.sha256()
    for part in inputs:
        if isinstance(part, Path):
            data = part.read_bytes() if part.exists() else b"\0absent"
        else:
            data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    folder = cache_dir() / "tables"
    path = folder / f"{name}-{digest.hexdigest()[:24]}.pickle"
    try:
        with path.open("rb") as fh:
            table = pickle.load(fh)
        _used(path)
        return table
    except Exception:  # noqa: BLE001 - absent, partly written, or pickled by other code: build it again
        pass
    table = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.part")
        with part.open("wb") as fh:
            pickle.dump(table, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(part, path)
        copies = sorted(folder.glob(f"{name}-*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in copies[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
    return table


def _used(path: Path) -> None:
    """Mark a copy as just used, so the least recently used copies are the ones removed."""
    try:
        os.utime(path)
    except OSError:
        pass
