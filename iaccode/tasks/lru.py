"""Entries by key, least recently used first out, bounded by their number and their sizes.

The store's caches of decoded texts (`decoded.DecodedTexts`) and of conversation tails
(`tails.ConversationTails`) are both such a map; this is its one implementation. Not
thread-safe: each owner holds its own lock, which guards more than the map.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SizedLRU(Generic[K, V]):
    """At most `max_entries` entries (None: no such bound) whose sizes add up to at most
    `max_size`, the least recently used dropped first once a bound is passed."""

    def __init__(self, *, max_size: int, max_entries: int | None = None) -> None:
        self._max_size = max_size
        self._max_entries = max_entries
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._size = 0

    def get(self, key: K) -> V | None:
        """The value held for `key`, now the most recently used; None when none is held."""
        found = self._entries.get(key)
        if found is None:
            return None
        self._entries.move_to_end(key)
        return found[0]

    def peek(self, key: K) -> V | None:
        """The value held for `key`, without marking it used; None when none is held."""
        found = self._entries.get(key)
        return None if found is None else found[0]

    def put(self, key: K, value: V, size: int) -> None:
        """Hold `value` for `key` (replacing what was held) as the most recently used, then
        drop the least recently used until both bounds hold."""
        self.pop(key)
        self._entries[key] = (value, size)
        self._size += size
        self.trim()

    def resize(self, key: K, size: int) -> None:
        """The new size of the value held for `key` (changed in place); nothing is dropped
        until `trim` or `put`. Nothing happens when none is held."""
        found = self._entries.get(key)
        if found is not None:
            self._entries[key] = (found[0], size)
            self._size += size - found[1]

    def pop(self, key: K) -> V | None:
        """Drop what is held for `key` and return it; None when none is held."""
        found = self._entries.pop(key, None)
        if found is None:
            return None
        self._size -= found[1]
        return found[0]

    def trim(self) -> None:
        """Drop the least recently used entries until both bounds hold."""
        entries = self._entries
        while entries and (
            self._size > self._max_size
            or (self._max_entries is not None and len(entries) > self._max_entries)
        ):
            _, (_, size) = entries.popitem(last=False)
            self._size -= size

    def clear(self) -> None:
        self._entries.clear()
        self._size = 0

    @property
    def size(self) -> int:
        """The sizes of the entries held, added up."""
        return self._size

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries
