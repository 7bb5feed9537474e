"""Every command that works on an existing archive refuses a folder that holds none, and creates nothing there:
a typo in --data must never start a second, empty archive (with its own first admin) beside the real one."""

from __future__ import annotations

import io

import pytest

from indexer.cli import main

COMMANDS = [
    ("search", "tram"),
    ("quotes",),
    ("stats",),
    ("check",),
    ("reindex",),
    ("export", "--format", "jsonl"),
    ("migrate", "--to-index", "solr://user:password@127.0.0.1:9/news"),
    ("user", "add", "chief", "--password-stdin"),
    ("user", "list"),
    ("user", "passwd", "chief", "--password-stdin"),
    ("user", "remove", "chief"),
]


def _with_data(command: tuple[str, ...], folder) -> list[str]:
    """--data goes after the (sub)command name, where argparse expects it."""
    at = 2 if command[0] == "user" else 1
    return [*command[:at], "--data", str(folder), *command[at:]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize("where", ["empty", "missing"])
def test_commands_refuse_a_folder_without_an_archive_and_create_nothing(tmp_path, capsys, monkeypatch, command,
                                                                        where):
    folder = tmp_path / "archive"
    if where == "empty":
        folder.mkdir()
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    assert main(_with_data(command, folder)) == 2
    err = capsys.readouterr().err
    assert f"There is no archive in {folder}" in err
    assert "--data" in err and "$NEWSARCHIVE_DATA" in err, "the message names the option to use"
    if where == "empty":
        assert list(folder.iterdir()) == [], "nothing is created in the folder"
    else:
        assert not folder.exists(), "the folder is not created"


def test_a_relative_folder_is_named_as_given_and_where_it_is(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["stats", "--data", "newsarchive-data"]) == 2
    err = capsys.readouterr().err
    assert f"There is no archive in newsarchive-data ({tmp_path / 'newsarchive-data'})" in err
    assert list(tmp_path.iterdir()) == []


def test_user_add_works_once_the_archive_exists(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "archive"
    assert main(["stats", "--data", str(folder)]) == 2
    from indexer.archive import Archive

    Archive(folder).close()  # what `ingest` or the first `serve` does
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    assert main(["user", "add", "--data", str(folder), "chief", "--password-stdin"]) == 0
    assert "created admin 'chief'" in capsys.readouterr().out
