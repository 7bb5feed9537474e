"""The data folder's secrets (the SQLite file with the password hashes and unpublished pages, the cookie key, the
uploads waiting for their job) are readable by the server's own user only, whatever the umask."""

from __future__ import annotations

import io
import os
import stat

import pytest
from werkzeug.datastructures import FileStorage

from indexer.archive import Archive
from search_app import create_app
from search_app.accounts import Accounts
from search_app.jobs import save_upload, upload_folder


@pytest.fixture
def umask_022():
    """The usual umask, which leaves new files readable by every user of the machine."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_archive_file_and_its_journal_are_owner_only(tmp_path, umask_022):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("chief", "a long enough password")
        files = [data / f"archive.sqlite3{suffix}" for suffix in ("", "-wal", "-shm")]
        assert all(f.exists() for f in files), "WAL mode keeps its journal beside the file while it is open"
        assert {f.name: _mode(f) for f in files} == {f.name: 0o600 for f in files}


def test_an_archive_made_readable_before_is_closed_when_opened(tmp_path, umask_022):
    data = tmp_path / "data"
    Archive(data).close()
    os.chmod(data / "archive.sqlite3", 0o644)
    Archive(data).close()
    assert _mode(data / "archive.sqlite3") == 0o600


def test_the_cookie_key_is_owner_only(tmp_path, umask_022):
    data = tmp_path / "data"
    create_app(data)
    assert _mode(data / "secret_key") == 0o600
    os.chmod(data / "secret_key", 0o644)  # made by an older version
    create_app(data)
    assert _mode(data / "secret_key") == 0o600


def test_uploads_are_owner_only(tmp_path, umask_022):
    data = tmp_path / "data"
    Archive(data).close()
    folder = upload_folder(data)
    save_upload(FileStorage(io.BytesIO(b"<html><p>a draft</p></html>"), "draft.html"), folder / "001-draft.html")
    assert _mode(data / "uploads") == 0o700 and _mode(folder) == 0o700
    assert _mode(folder / "001-draft.html") == 0o600
    assert (folder / "001-draft.html").read_bytes() == b"<html><p>a draft</p></html>"
