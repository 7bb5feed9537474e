"""newsarchive indexer: takes news pages in, keeps them, cleans and annotates them, and indexes them for search."""

__version__ = "0.1.0"
