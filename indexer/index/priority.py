"""Cheap searches first: a costly search gives way to the cheap ones running beside it in the same process.

A server answers several searches at once, in threads that share one interpreter lock. A costly search (wildcards,
phrases, proximity operators: `query_limits.costly`) holds that lock for most of its time, and a cheap search
beside it waits for the lock again after each file it reads: behind three costly searches, each bounded by its
deadline, a one-word search took ten times as long (issue #41). So the search service says which searches are
cheap and which costly (`cheap`, `costly`), and a costly one, each time it looks at its deadline (`past`), waits
while a cheap one is running.

The time a search waits does not count against its deadline (its clock is `search_clock`), up to MAX_WAIT in all;
after that it no longer gives way: a stream of cheap searches delays a costly one, never stops it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

MAX_WAIT = 2.0  # seconds one costly search may spend giving way

_running = threading.Condition()
_cheap = 0  # cheap searches running in this process
# per thread: .cheap: counted in _cheap; .costly: runs a costly search; .budget: what it may still wait; .waited: in all
_mine = threading.local()


def search_clock() -> float:
    """The monotonic clock of this thread, without the time it spent giving way: what deadlines are measured on."""
    return time.monotonic() - getattr(_mine, "waited", 0.0)


def past(deadline: float) -> bool:
    """Whether this thread's search has passed its deadline, after giving way to the cheap searches running now
    (a costly search only)."""
    give_way()
    return search_clock() > deadline


@contextlib.contextmanager
def cheap() -> Iterator[None]:
    """This thread serves something cheap (a request, a plain search): costly searches give way until it ends.
    Nested in another `cheap` of the same thread, nothing more."""
    if getattr(_mine, "cheap", False):
        yield
        return
    _count(1)
    try:
        yield
    finally:
        _count(-1)


@contextlib.contextmanager
def costly() -> Iterator[None]:
    """This thread runs a costly search (also while it waits for its turn): it is not cheap meanwhile, and gives
    way to cheap ones (`give_way`), up to MAX_WAIT in all."""
    was_cheap = getattr(_mine, "cheap", False)
    if was_cheap:
        _count(-1)
    _mine.costly, _mine.budget = True, MAX_WAIT
    try:
        yield
    finally:
        _mine.costly = False
        if was_cheap:
            _count(1)


def _count(change: int) -> None:
    global _cheap
    with _running:
        _cheap += change
        _mine.cheap = change > 0
        if not _cheap:
            _running.notify_all()


def give_way() -> None:
    """In a costly search, wait while cheap searches run (within what is left of MAX_WAIT); else nothing."""
    if not _cheap or not getattr(_mine, "costly", False) or _mine.budget <= 0:
        return
    start = time.monotonic()
    with _running:
        while _cheap and (left := _mine.budget - (time.monotonic() - start)) > 0:
            _running.wait(left)
    waited = time.monotonic() - start
    _mine.budget -= waited
    _mine.waited = getattr(_mine, "waited", 0.0) + waited
