"""Stored ProtoJSON text decoded once: the model objects of recently read rows, by their text.

Every turn reads its context's earlier messages (up to 200) and ListTasks a page of tasks with
their histories; decoding each row's JSON into model objects again cost more than the rest of a
turn's bookkeeping (issue 18). A row's text decides its value completely and the model objects
are frozen, so the object decoded from the same text is handed out again, as the task cache
already shares a record's messages with every snapshot.

A page's tasks are held the same way, by the texts of their rows (`TaskRows`): an unchanged
task is the same Task object on every ListTasks, so its encoded text can be kept too
(`protojson.ResultTexts`).

Bounded by the characters of the texts held (the objects are about as large again); long texts
are decoded every time rather than held. Safe across the store's worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from iaccode.tasks.lru import SizedLRU

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

MAX_CHARS = 4_000_000  # texts held at once, in characters
MAX_TEXT = 64 * 1024  # a longer text is not held


class DecodedTexts(Generic[K, T]):
    """`load(text)`: `decode(text)`, remembered for the texts read most recently.

    A text is a `str` (its size its length) or, with `size`, any key made of texts (a tuple of
    a row's texts, its size their lengths).
    """

    def __init__(
        self,
        decode: Callable[[K], T],
        *,
        size: Callable[[K], int] = len,  # type: ignore[assignment]  # K is str without `size`
        max_chars: int = MAX_CHARS,
        max_text: int = MAX_TEXT,
    ) -> None:
        self._decode = decode
        self._size = size
        self._max_text = max_text
        self._held: SizedLRU[K, T] = SizedLRU(max_size=max_chars)
        self._lock = threading.Lock()

    def load(self, text: K) -> T:
        """The object `text` decodes to. Raises what `decode` raises (nothing is held then)."""
        with self._lock:
            found = self._held.get(text)
        if found is not None:
            return found
        value = self._decode(text)
        size = self._size(text)
        if size <= self._max_text:
            with self._lock:
                if text not in self._held:
                    self._held.put(text, value, size)
        return value

    def clear(self) -> None:
        with self._lock:
            self._held.clear()

    @property
    def chars(self) -> int:
        """The characters of the texts held."""
        with self._lock:
            return self._held.size
