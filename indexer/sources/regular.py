"""Opening the files users give: regular files only. A device, a pipe or a socket under a page's name is no page:
/dev/zero would be read until memory runs out, a named pipe waited on for ever."""

from __future__ import annotations

import os
import stat

from indexer.models import InputError


def kind_of(mode: int) -> str:
    for test, name in ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def open_regular(path: str):
    """The file opened for reading, when it is a regular file: InputError for a device, a pipe or a socket (a file
    swapped for one after the folder was read: opening a pipe does not wait, reading /dev/zero does not begin)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise InputError(f"{path} is not a regular file ({kind_of(mode)}); only files are read")
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")
