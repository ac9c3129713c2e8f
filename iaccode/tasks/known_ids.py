"""Which task ids may exist: so that GetTask on an unknown id needs no trip to the database.

A miss used to cost a worker-thread hand-off to SQLite on every call (the hand-off, not SQLite,
halved the request rate). The index holds an 8-byte digest of every id the store holds (read once
at start-up) and of every task created since, in a sorted array plus a small set of recent ones
merged into it now and then: about 8 bytes per task, so a million tasks take 8 MB.

It may say yes for an id that does not exist (a digest collision): the store is asked then, as
before. It never says no for a task that exists, as long as every task is created through
`TaskManager.create` (the only writer) after the index was filled. Tasks retention deletes are
taken out again (`discard`), so the index is as big as the store, not as every task the process
ever saw. Digests are counted, not merely present: taking out one id never takes out another that
shares its digest.
"""

from __future__ import annotations

import bisect
import hashlib
import heapq
from array import array
from collections import Counter
from collections.abc import Iterable

_MERGE_AT = 4096  # recent ids kept apart before they are merged into the sorted array (at least)


def digest(task_id: str) -> int:
    """A stable 64-bit digest of a task id."""
    raw = hashlib.blake2b(task_id.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(raw, "little")


class KnownIds:
    """A multiset of task-id digests that answers "maybe" or "certainly not"."""

    def __init__(self, task_ids: Iterable[str] = ()) -> None:
        self._sorted = array("Q", sorted(digest(t) for t in task_ids))  # duplicates kept
        self._recent: Counter[int] = Counter()  # added since the last merge
        self._gone: Counter[int] = Counter()  # discarded from `_sorted`, not yet compacted
        self._added = 0  # the total of `_recent`
        self._removed = 0  # the total of `_gone`

    def add(self, task_id: str) -> None:
        self._recent[digest(task_id)] += 1
        self._added += 1
        # Merging is linear in the size: done once per 1/16 of it, it costs a few steps per add.
        if self._added >= self._batch():
            self._sorted = array("Q", heapq.merge(self._sorted, sorted(self._recent.elements())))
            self._recent.clear()
            self._added = 0

    def discard(self, task_id: str) -> None:
        """Take out one id added before (a task the store deleted); nothing if it was not."""
        key = digest(task_id)
        if self._recent[key] > 0:
            self._recent[key] -= 1
            self._added -= 1
            if not self._recent[key]:
                del self._recent[key]
            return
        if self._in_sorted(key) <= 0:
            return
        self._gone[key] += 1
        self._removed += 1
        if self._removed >= self._batch():  # compacted as rarely as merged, for the same cost
            self._compact()

    def _compact(self) -> None:
        """Drop the discarded digests from the sorted part, in one pass (about as long as a
        merge); copies of a shared digest that are still held are put back."""
        dropped = self._gone.keys()
        kept = array("Q", [key for key in self._sorted if key not in dropped])
        if len(self._sorted) - len(kept) != self._removed:  # a digest held more than discarded
            held = Counter(key for key in self._sorted if key in dropped)
            back = sorted((held - self._gone).elements())
            kept = array("Q", heapq.merge(kept, back))
        self._sorted = kept
        self._gone = Counter()
        self._removed = 0

    def might_exist(self, task_id: str) -> bool:
        key = digest(task_id)
        return self._recent[key] > 0 or self._in_sorted(key) > 0

    def _in_sorted(self, key: int) -> int:
        """How many times `key` is in the sorted part, less what was discarded of it."""
        left = bisect.bisect_left(self._sorted, key)
        if left == len(self._sorted) or self._sorted[left] != key:
            return 0
        return bisect.bisect_right(self._sorted, key, lo=left) - left - self._gone[key]

    def _batch(self) -> int:
        return max(_MERGE_AT, len(self._sorted) // 16)

    def __len__(self) -> int:
        return len(self._sorted) - self._removed + self._added


__all__ = ["KnownIds", "digest"]
