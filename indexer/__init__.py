"""newsarchive indexer: takes news pages in, keeps them, cleans and annotates them, and indexes them for search."""

from pathlib import Path

__version__ = "0.1.0"

DATA = Path(__file__).resolve().parent / "data"  # gazetteers and name lists shipped with the package
