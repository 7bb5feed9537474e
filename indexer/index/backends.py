"""Which search engine serves an archive: the one place that knows every backend (the engines themselves know only
the interface in `engine`, so the arrows point one way)."""

from __future__ import annotations

import os
from pathlib import Path

from indexer.index.engine import INDEX_DIR, SearchEngine


def open_engine(data_dir: Path | str, url: str | None = None) -> SearchEngine:
    """The search engine of the archive in `data_dir`: Whoosh in its `index` folder, or the backend `url` names.

    Raises ValueError for a URL whose scheme no backend serves.
    """
    if not url:
        from indexer.index.whoosh_engine import WhooshEngine

        return WhooshEngine(Path(data_dir) / INDEX_DIR)
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in ("solr", "solrs"):
        from indexer.index.solr.engine import SolrEngine

        return SolrEngine(url, write_retry=_seconds(WRITE_RETRY_ENV, 60.0))
    raise ValueError(f"No search backend serves the index URL {url!r} (scheme {scheme or 'missing'!r}); leave the "
                     "URL out to use the index in the data directory.")


WRITE_RETRY_ENV = "NEWSARCHIVE_WRITE_RETRY"  # how long a write to a remote index keeps trying (a node restarting)


def _seconds(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    try:
        return max(0.0, float(value)) if value else default
    except ValueError:
        raise ValueError(f"${name} must be a number of seconds, not {value!r}") from None
