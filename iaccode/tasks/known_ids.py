"""Which task ids may exist: so that GetTask on an unknown id needs no trip to the database.

A miss used to cost a worker-thread hand-off to SQLite on every call (the hand-off, not SQLite,
halved the request rate). The index holds an 8-byte digest of every id the store holds (read once
at start-up) and of every task created since, in a sorted array plus a small set of recent ones
merged into it now and then: about 8 bytes per task, so a million tasks take 8 MB.

It may say yes for an id that does not exist (a digest collision, or a task retention deleted):
the store is asked then, as before. It never says no for a task that exists, as long as every
task is created through `TaskManager.create` (the only writer) after the index was filled.
"""

from __future__ import annotations

import bisect
import hashlib
import heapq
from array import array
from collections.abc import Iterable

_MERGE_AT = 4096  # recent ids kept apart before they are merged into the sorted array (at least)


def digest(task_id: str) -> int:
    """A stable 64-bit digest of a task id."""
    raw = hashlib.blake2b(task_id.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(raw, "little")


class KnownIds:
    """A set of task ids that answers "maybe" or "certainly not"."""

    def __init__(self, task_ids: Iterable[str] = ()) -> None:
        self._sorted = array("Q", sorted({digest(t) for t in task_ids}))
        self._recent: set[int] = set()

    def add(self, task_id: str) -> None:
        self._recent.add(digest(task_id))
        # Merging is linear in the size: done once per 1/16 of it, it costs a few steps per add.
        if len(self._recent) >= max(_MERGE_AT, len(self._sorted) // 16):
            self._sorted = array("Q", heapq.merge(self._sorted, sorted(self._recent)))
            self._recent.clear()

    def might_exist(self, task_id: str) -> bool:
        key = digest(task_id)
        if key in self._recent:
            return True
        index = bisect.bisect_left(self._sorted, key)
        return index < len(self._sorted) and self._sorted[index] == key

    def __len__(self) -> int:
        return len(self._sorted) + len(self._recent)


__all__ = ["KnownIds", "digest"]
