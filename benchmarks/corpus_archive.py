"""The bundled corpus as an archive, for the benchmarks that measure on it."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def corpus_archive(data: Path | None) -> Iterator[Path]:
    """`data` when given (an archive of corpus/ made before), else corpus/ ingested into a temporary folder that is
    removed afterwards (about a minute)."""
    if data is not None:
        yield data
        return
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "data"
        print("ingesting corpus/ …", file=sys.stderr)
        subprocess.run([str(Path(sys.executable).with_name("newsarchive")), "ingest", "--data", str(fresh),
                        str(ROOT / "corpus")], check=False, stdout=subprocess.DEVNULL)
        yield fresh
