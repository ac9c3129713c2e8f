"""Giving memory back after large requests (issue 16: 8 concurrent 15 MB messages took the
server from 48 MB to 772 MB and left it at 657 MB).

Two glibc settings, no-ops elsewhere:

- `tune_allocator()`, once at start-up: allocations of 1 MiB and more are always their own
  mmap, so freeing a request body or its decoded text returns it to the system at once. (glibc
  raises this threshold by itself after such a free, up to 32 MiB, and from then on large
  blocks come from heaps it rarely shrinks.)
- `release_free_memory()`, every `TRIM_SECONDS`: `malloc_trim(0)` returns the free pages that
  are left in the heaps of the main thread and the worker threads (after collecting the young
  generations, where a refused request's cycles hold its body).

The budget this gives (docs/operations.md, "Memory"): request bodies held at once are bounded
by `max-buffered-body-bytes`, the text one message brings into a task by 4 MiB, and what a burst
of large requests leaves behind is given back within `TRIM_SECONDS`. `scripts/bench --only
memory` measures it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys

import trio

log = logging.getLogger("iaccode.memory")

TRIM_SECONDS = 10.0
_M_MMAP_THRESHOLD = -3  # mallopt parameter (glibc malloc.h)
_MMAP_THRESHOLD = 1024 * 1024


def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt  # noqa: B018 (glibc has it; musl does not)
        libc.malloc_trim  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()


def tune_allocator() -> None:
    """Fix glibc's mmap threshold at 1 MiB (see the module docstring); a no-op elsewhere."""
    if _LIBC is not None and not _LIBC.mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD):
        log.debug("mallopt(M_MMAP_THRESHOLD) refused")


def release_free_memory() -> None:
    """`malloc_trim(0)`: blocking (it walks the heaps), so call it in a worker thread."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


async def release_free_memory_periodically(seconds: float = TRIM_SECONDS) -> None:
    """Until cancelled: `release_free_memory` every `seconds`, in a worker thread."""
    while True:
        await trio.sleep(seconds)
        # The young generations first: a refused request's traceback forms a cycle with the
        # frames that hold its body, and an idle server allocates too little for the collector
        # to run by itself. Cheap: the old generation is left to the collector.
        gc.collect(1)
        await trio.to_thread.run_sync(release_free_memory)
