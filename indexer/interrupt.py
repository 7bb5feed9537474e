"""Cancelling a job in the middle of a page: a signal ends the page in hand at once, not after it.

A web job's process reads its pages one at a time in its main thread; a large page could take a minute, and a cancel
used to wait for it. The web server's job thread sends the job's process SIGUSR1 when the job is cancelled
(search_app/jobs.py); from then on, work in an `interruptible()` block (reading, fetching and processing a page:
computation on bytes in memory, never a write to the store or the index) ends with Interrupted at the next Python
instruction, and any later such block ends as it starts. The pipeline keeps what was done before and stops
(indexer/ingest/pipeline.py; indexer/sources/fetch.py for downloads and the pauses between them).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Interrupted(BaseException):  # (not an Exception: no `except Exception` on the way may swallow it)
    """The page in hand was given up: its job was cancelled."""


_requested = threading.Event()
_busy = False  # the main thread is inside an interruptible() block


def _handler(signum, frame) -> None:
    _requested.set()
    if _busy:
        raise Interrupted


def listen(signum: int = getattr(signal, "SIGUSR1", 0)) -> bool:
    """From now on, `signum` cancels this process's work (call in the main thread, before anyone may send it);
    False where there is no such signal (Windows: the job stops after the page in hand)."""
    if not signum:
        return False
    signal.signal(signum, _handler)
    return True


def requested() -> bool:
    """Whether the signal came."""
    return _requested.is_set()


@contextmanager
def interruptible() -> Iterator[None]:
    """Work that the signal may end: in the main thread, Interrupted when the signal comes (or came before)."""
    global _busy
    if threading.current_thread() is not threading.main_thread() or _busy:
        yield
        return
    if _requested.is_set():
        raise Interrupted
    _busy = True
    try:
        yield
    finally:
        _busy = False
