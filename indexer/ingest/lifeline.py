"""Child processes that end with their parent, however the parent ends (a SIGKILL or the OOM killer included).

A killed ingest used to leave its worker processes running with parent 1, each holding the annotation models
(hundreds of MiB), until someone found and killed them. Two ways, because either alone can miss: on Linux the kernel
sends the child SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG); everywhere, a watchdog thread checks every
half second that the parent is still the one it started with and ends the process when it is not.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
WATCH_INTERVAL = 0.5  # seconds between two looks at the parent


def end_with_parent(parent: int) -> None:
    """Call first thing in a child process (a pool's initializer, a job's entry point); `parent` is the pid of the
    process that started it, taken there before the start (by the time the child runs, its parent may be gone)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass  # no usable libc: the watchdog alone does it
    if os.getppid() != parent:  # the parent died before the kernel was asked to tell us
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="newsarchive-lifeline", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os.kill(os.getpid(), signal.SIGKILL)  # nothing to clean up: the parent owned the store and the index
