"""The size- and count-bounded LRU map behind the store's caches."""

from __future__ import annotations

from iaccode.tasks.lru import SizedLRU


def test_the_least_recently_used_go_first_once_the_size_is_passed() -> None:
    held: SizedLRU[str, int] = SizedLRU(max_size=10)
    held.put("a", 1, 4)
    held.put("b", 2, 4)
    assert held.get("a") == 1  # now b is the least recently used
    held.put("c", 3, 4)
    assert "b" not in held and held.peek("a") == 1 and held.peek("c") == 3
    assert held.size == 8 and len(held) == 2


def test_the_number_of_entries_is_bounded_too() -> None:
    held: SizedLRU[int, int] = SizedLRU(max_size=1_000, max_entries=3)
    for key in range(5):
        held.put(key, key, 1)
    assert [key for key in range(5) if key in held] == [2, 3, 4]


def test_peek_does_not_mark_used_and_a_put_replaces() -> None:
    held: SizedLRU[str, str] = SizedLRU(max_size=2)
    held.put("a", "first", 1)
    held.put("b", "b", 1)
    assert held.peek("a") == "first"
    held.put("a", "second", 1)  # replaced: its old size no longer counts
    assert held.size == 2 and held.peek("a") == "second"
    held.put("c", "c", 1)
    assert "b" not in held  # "a" was put again after "b"


def test_a_resized_entry_counts_with_its_new_size_from_the_next_trim() -> None:
    held: SizedLRU[str, list[int]] = SizedLRU(max_size=10)
    held.put("old", [1], 3)
    held.put("new", [2], 3)
    held.resize("new", 9)  # grew in place
    assert held.size == 12 and "old" in held
    held.trim()
    assert "old" not in held and held.size == 9
    held.resize("gone", 5)  # nothing held: nothing changes
    assert held.pop("gone") is None and held.pop("new") == [2] and held.size == 0
