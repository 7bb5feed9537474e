"""Passwords kept off command lines (indexer/credentials.py), through the real commands and a PostgreSQL server of
the test's own: a store URL written without its password takes it from $NEWSARCHIVE_STORE_PASSWORD_FILE, for
`--store` and for `migrate --to-store` alike; a setting read from a $NAME_FILE that cannot be read is one line that
names the variable, and no answer shows the password."""

from __future__ import annotations

from conftest import run_cli
from pg_server import private_postgres

from indexer.archive import Archive
from search_app.accounts import Accounts

PASSWORD_FILE = "NEWSARCHIVE_STORE_PASSWORD_FILE"


def test_a_store_password_from_a_file_for_migrate_and_store(tmp_path, monkeypatch):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("editor", "a-long-password-for-the-desk")
    with private_postgres() as pg:
        bare = pg.url.replace(f":{pg.password}@", "@")
        refused = run_cli("migrate", "--to-store", bare, "--json", data=data)
        assert refused.returncode == 2, refused.stdout + refused.stderr

        (tmp_path / "secret").write_text(pg.password + "\n")
        monkeypatch.setenv(PASSWORD_FILE, str(tmp_path / "secret"))
        done = run_cli("migrate", "--to-store", bare, data=data)
        assert done.returncode == 0 and "verified" in done.stdout, done.stdout + done.stderr
        assert pg.password not in done.stdout + done.stderr

        # the copy is the store of any command given the same bare URL (here: `user list`, which reads the accounts)
        elsewhere = str(tmp_path / "elsewhere")
        listed = run_cli("user", "list", "--store", bare, "--data", elsewhere)
        assert listed.returncode == 0 and "editor" in listed.stdout, listed.stdout + listed.stderr

        monkeypatch.setenv(PASSWORD_FILE, str(tmp_path / "no-such-file"))
        unreadable = run_cli("user", "list", "--store", bare, "--data", elsewhere)
    assert unreadable.returncode == 2 and PASSWORD_FILE in unreadable.stderr, unreadable.stderr
    assert "Traceback" not in unreadable.stderr
