"""The store a test runs on: `store_url` gives each test the SQLite file in a fresh folder and, when
$NEWSARCHIVE_TEST_STORE names a PostgreSQL server (scripts/test sets it from `scripts/cluster up`), a fresh database
there, created for the test and dropped after it, whatever the test did."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import pytest

TEST_STORE_ENV = "NEWSARCHIVE_TEST_STORE"


def test_store_url() -> str:
    """The PostgreSQL server's URL, or a clean skip."""
    url = os.environ.get(TEST_STORE_ENV)
    if not url:
        pytest.skip(f"${TEST_STORE_ENV} is not set (scripts/test sets it from `scripts/cluster up`): no PostgreSQL "
                    "server to test the store on")
    return url


test_store_url.__test__ = False  # a helper, not a test


@contextmanager
def fresh_database(base: str) -> Iterator[str]:
    """A new, empty database on the server of `base`; its URL (same user and password)."""
    import psycopg

    name = f"newsarchive_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            parts = urlsplit(base)
            yield urlunsplit(parts._replace(path=f"/{name}"))
        finally:
            from indexer.store_db import release

            release(urlunsplit(parts._replace(path=f"/{name}")))
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """Where the test's store is: the default SQLite file of the data folder tmp_path, or a fresh PostgreSQL
    database's URL."""
    if request.param == "sqlite":
        yield tmp_path / "archive.sqlite3"
        return
    with fresh_database(test_store_url()) as url:
        yield url
