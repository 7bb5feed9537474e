"""Which annotator made an article's annotations, so an upgraded archive can say which articles are behind.

An article keeps the title, text, language, entities and quotes that cleaning and annotation gave it when it was
stored. A later release may read the same page better (a new speaker rule, a language's place adjectives), but
only `newsarchive reindex --reannotate` applies that to articles already stored. `check` compares each article's
annotator with this one to tell the archivist when that is worth running.

The annotator is a digest of everything the stages read: their source, their data files and the versions of the
packages they call. No number to remember to raise: any change to what could change an annotation changes it.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import metadata
from pathlib import Path

_INDEXER = Path(__file__).resolve().parents[1]
# the stages from a raw page to an annotated article (fetching, storing and indexing do not change annotations)
SOURCES = ("clean", "annotate", "text", "data", "language.py", "models.py")
PACKAGES = ("beautifulsoup4", "lxml", "langdetect", "simplemma", "natasha", "pymorphy3", "pymorphy3-dicts-uk",
            "pymorphy3-dicts-ru", "gender-guesser", "num2words")


@lru_cache(maxsize=1)
def annotator() -> str:
    """A short digest that two processes running the same code, data and packages agree on."""
    digest = hashlib.sha256()
    for name in SOURCES:
        root = _INDEXER / name
        files = sorted(root.rglob("*")) if root.is_dir() else [root]
        for path in files:
            if path.is_file() and path.suffix in (".py", ".tsv", ".gz", ".txt", ".json"):
                digest.update(str(path.relative_to(_INDEXER)).encode() + b"\0" + path.read_bytes())
    for package in PACKAGES:
        try:
            version = metadata.version(package)
        except metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"{package}={version}\0".encode())
    return digest.hexdigest()[:16]
