"""simplemma's lemma dictionaries behind SQLite files, so a process looks words up without loading whole languages.

simplemma ships each language as an lzma-compressed dictionary that it decompresses into memory on first use:
seconds and hundreds of MB per language (Polish: ~8 s, 420 MB). A search touches every language of the archive, so
each `newsarchive search` and each web worker would pay that for every language. Instead each dictionary is
written once into an SQLite file in a cache folder; later lookups read single rows (microseconds, a few MB).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from indexer.text.cache import cache_dir


def _version() -> str:
    from importlib.metadata import version

    return version("simplemma")


# Our language codes that simplemma files under another: Serbo-Croatian is one dictionary, Norwegian is Bokmål.
_SIMPLEMMA_CODES = {"hr": "hbs", "bs": "hbs", "sr": "hbs", "no": "nb"}


@lru_cache(maxsize=1)
def _supported() -> frozenset[str]:
    from simplemma.strategies.dictionaries.dictionary_factory import SUPPORTED_LANGUAGES

    return frozenset(SUPPORTED_LANGUAGES)


def simplemma_code(lang: str) -> str | None:
    """simplemma's code for one of our language codes ("hr" -> "hbs"), or None where it has no dictionary."""
    code = _SIMPLEMMA_CODES.get(lang, lang)
    return code if code in _supported() else None


def dictionary_path(lang: str) -> Path:
    return cache_dir() / f"lemmas-simplemma-{_version()}" / f"{lang}.sqlite3"


def _build(lang: str, target: Path) -> None:
    """Decode simplemma's shipped dictionary once and write it as a form -> lemma table (atomically)."""
    from simplemma.strategies.dictionaries.dictionary_factory import _load_dictionary_from_disk

    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be building the same language
        if target.exists():
            return
        tmp = target.with_suffix(f".tmp{os.getpid()}")
        tmp.unlink(missing_ok=True)
        try:
            entries = _load_dictionary_from_disk(lang)
            db = sqlite3.connect(tmp)
            db.execute("PRAGMA journal_mode=OFF")
            db.execute("PRAGMA synchronous=OFF")
            db.execute("CREATE TABLE forms (form BLOB PRIMARY KEY, lemma BLOB NOT NULL) WITHOUT ROWID")
            db.executemany("INSERT OR REPLACE INTO forms VALUES (?, ?)", sorted(entries.items()))
            db.commit()
            db.close()
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)  # (a failed build leaves nothing a later one would trip on)


class SqliteMapping(Mapping[str, str]):
    """Read-only str -> str view of one language's dictionary file."""

    def __init__(self, path: Path):
        self._path = path
        self._local = threading.local()

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = sqlite3.connect(f"file:{self._path}?mode=ro&immutable=1", uri=True,
                                                  check_same_thread=False)
        return db

    def __getitem__(self, key: str) -> str:
        row = self._db().execute("SELECT lemma FROM forms WHERE form=?", (key.encode("utf-8"),)).fetchone()
        if row is None:
            raise KeyError(key)
        return row[0].decode("utf-8")

    def get(self, key, default=None):  # noqa: D401 - Mapping.get, without the exception round trip
        row = self._db().execute("SELECT lemma FROM forms WHERE form=?", (key.encode("utf-8"),)).fetchone()
        return default if row is None else row[0].decode("utf-8")

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def lemmas_starting(self, prefix: str, limit: int = 2000) -> set[str]:
        """The lemmas of the forms that begin with prefix (an index range, not a scan): "Radio" → Radiosender, …"""
        rows = self._db().execute("SELECT lemma FROM forms WHERE form > ? AND form < ? LIMIT ?", (
            prefix.encode("utf-8"), (prefix + "\U0010ffff").encode("utf-8"), limit))
        return {lemma.decode("utf-8") for (lemma,) in rows}

    def __iter__(self) -> Iterator[str]:
        for (form,) in self._db().execute("SELECT form FROM forms"):
            yield form.decode("utf-8")

    def __len__(self) -> int:
        return self._db().execute("SELECT COUNT(*) FROM forms").fetchone()[0]


class SqliteDictionaryFactory:
    """simplemma DictionaryFactory protocol: one SqliteMapping per language, built on first use."""

    def __init__(self) -> None:
        self._maps: dict[str, SqliteMapping] = {}
        self._lock = threading.Lock()

    def get_dictionary(self, lang: str) -> Mapping[str, str]:
        with self._lock:
            found = self._maps.get(lang)
            if found is None:
                path = dictionary_path(lang)
                if not path.exists():
                    _build(lang, path)
                found = self._maps[lang] = SqliteMapping(path)
            return found


@lru_cache(maxsize=1)
def lemmatizer():
    """One simplemma Lemmatizer for the process, reading the SQLite dictionaries."""
    from simplemma import Lemmatizer
    from simplemma.strategies import DefaultStrategy

    return Lemmatizer(lemmatization_strategy=DefaultStrategy(dictionary_factory=SqliteDictionaryFactory()))


def lemma(word: str, lang: str) -> str:
    """simplemma's lemma of a word ("Києві" -> "Київ"); the word itself in a language it has no dictionary for."""
    code = simplemma_code(lang)
    if code is None:
        return word
    try:
        return lemmatizer().lemmatize(word, lang=code)
    except (ValueError, KeyError):
        return word
