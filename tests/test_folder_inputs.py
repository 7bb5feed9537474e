"""Folders are read as files: only regular files are read; devices, pipes and sockets are named and passed over; a
link that leads out of the folder is named and not followed unless `--follow-links`; a folder that cannot be read
is reported like a file that cannot be read, with a non-zero exit."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import socket
import subprocess

import pytest
from conftest import page_html, run_cli

MEMORY = 3 * 2**30  # reading /dev/zero into memory fails well before this; an ingest needs about 1.5 GiB
SECRET = "The treasurer's private note: the harbour fund holds 4.2 million in a numbered account."


@pytest.fixture
def folder(tmp_path):
    """in/: one story, and beside it a link to /dev/zero, a named pipe, a socket, links to a file and a folder
    outside (out/), a link back up to in/ itself; out/ holds a page of its own."""
    inside, outside = tmp_path / "in", tmp_path / "out"
    (inside / "sub").mkdir(parents=True)
    outside.mkdir()
    (inside / "story.html").write_text(page_html("Harbour workers strike in Gdańsk", [
        "Dock workers in Gdańsk stopped work on Saturday over pay, the union said."]))
    (outside / "secret.html").write_text(page_html("Treasurer's note", [SECRET]))
    (inside / "zero.html").symlink_to("/dev/zero")
    (inside / "passwd.html").symlink_to("/etc/passwd")
    (inside / "note.html").symlink_to(outside / "secret.html")
    (inside / "more").symlink_to(outside)
    (inside / "sub" / "up").symlink_to("..")
    (inside / "sub" / "same.html").symlink_to(inside / "story.html")  # inside the folder: read as it always was
    os.mkfifo(inside / "pipe.html")
    with contextlib.closing(socket.socket(socket.AF_UNIX)) as sock:
        sock.bind(str(inside / "sock.html"))
        yield tmp_path


def _ingest(*args: str, data, **kwargs):
    proc = run_cli("ingest", "--json", *args, data=data, timeout=120, memory=MEMORY, **kwargs)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc.returncode, json.loads(proc.stdout)


def test_special_files_and_links_out_of_the_folder_are_named_and_not_read(folder):
    data = folder / "data"
    code, summary = _ingest(str(folder / "in"), data=data)
    assert code == 0 and summary["failed"] == []
    assert summary["added"] == 1 and summary["unchanged"] == 1, "the story, and the link to it inside the folder"
    special, links = summary["passed_over"]
    assert special.startswith("passed over 2 special file(s)")
    assert "in/pipe.html (a named pipe)" in special and "in/sock.html (a socket)" in special
    assert links.startswith("passed over 4 link(s) that lead out of their folder, not followed (`--follow-links`")
    for name, target in (("zero.html", "/dev/zero"), ("passwd.html", "/etc/passwd"),
                         ("note.html", str(folder / "out" / "secret.html")), ("more", str(folder / "out"))):
        assert f"in/{name} → {target}" in links
    exported = run_cli("export", "--format", "warc", data=data, check=True).stdout
    assert "root:" not in exported and "numbered account" not in exported, "nothing from outside was stored"


def test_follow_links_reads_what_the_links_lead_to_and_never_a_device(folder):
    data = folder / "data"
    code, summary = _ingest("--follow-links", str(folder / "in"), data=data)
    assert summary["added"] == 2, "the story and the outside page (reached twice: by a file link and a folder link)"
    assert summary["unchanged"] == 2
    [(path, error)] = [(f["path"], f["error"]) for f in summary["failed"]]
    assert path.endswith("in/passwd.html") and "not an HTML page" in error and code == 1
    [special] = summary["passed_over"]
    assert "in/zero.html (a character device)" in special and "in/pipe.html (a named pipe)" in special
    hits = json.loads(run_cli("search", "--json", "numbered account", data=data, check=True).stdout)["hits"]
    assert [h["title"] for h in hits] == ["Treasurer's note"]


def test_a_special_file_named_on_the_command_line_is_refused(folder):
    code, summary = _ingest(str(folder / "in" / "pipe.html"), "/dev/zero", data=folder / "data")
    assert code == 1 and summary["added"] == 0
    errors = {f["path"]: f["error"] for f in summary["failed"]}
    assert "not a regular file (a named pipe)" in errors[str(folder / "in" / "pipe.html")]
    assert "not a regular file (a character device)" in errors["/dev/zero"]


def _without_root_powers() -> None:
    """In the child, before the command: root keeps its user id (the Python it runs lives in /root, which only
    root may enter) but loses the powers that let it read any folder (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: gone from what exec grants
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def test_an_unreadable_folder_is_reported_with_a_non_zero_exit(tmp_path):
    pages = tmp_path / "pages"
    (pages / "locked").mkdir(parents=True)
    (pages / "story.html").write_text(page_html("Harbour workers strike in Gdańsk", [
        "Dock workers in Gdańsk stopped work on Saturday over pay, the union said."]))
    (pages / "locked" / "draft.html").write_text(page_html("A draft", ["Not for publication yet, the editor said."]))
    (pages / "locked").chmod(0)
    try:
        powers = _without_root_powers if os.geteuid() == 0 else None
        if powers:
            try:
                run_cli("--version", preexec_fn=powers, check=True)
            except (AssertionError, OSError, subprocess.SubprocessError) as exc:
                pytest.skip(f"cannot drop root's powers here: {exc}")
        code, summary = _ingest(str(pages), data=tmp_path / "data", preexec_fn=powers)
    finally:
        (pages / "locked").chmod(0o755)
    assert code == 1, "like a file that cannot be read"
    assert summary["added"] == 1
    [failure] = summary["failed"]
    assert failure["path"] == str(pages / "locked")
    assert "cannot read this folder (Permission denied)" in failure["error"] and "permissions" in failure["error"]

