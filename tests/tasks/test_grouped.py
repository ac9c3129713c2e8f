"""`GroupedCalls`: calls that meet share one worker-thread trip, each keeps its own outcome, and
a queued call is never lost to a cancellation."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import outcome
import pytest
import trio
import trio.testing

from iaccode.tasks.grouped import GroupedCalls


class Recorder:
    """A `run_group` that records each trip's calls (their results) and the thread it ran in."""

    def __init__(self) -> None:
        self.trips: list[list[Any]] = []
        self.threads: set[int] = set()

    def __call__(self, group: Sequence[Callable[[str], Any]]) -> list[outcome.Outcome[Any]]:
        self.threads.add(threading.get_ident())
        results = [outcome.capture(fn, "connection") for fn in group]
        self.trips.append([r.value if isinstance(r, outcome.Value) else "error" for r in results])
        return results


async def test_calls_queued_meanwhile_share_the_next_trip() -> None:
    recorder = Recorder()
    calls = GroupedCalls(recorder, trio.CapacityLimiter(1))
    got: dict[int, str] = {}

    async def ask(index: int) -> None:
        got[index] = await calls.call(lambda db: f"{db} {index}")

    async with trio.open_nursery() as nursery:
        for index in range(10):
            nursery.start_soon(ask, index)
    assert got == {index: f"connection {index}" for index in range(10)}
    assert [len(trip) for trip in recorder.trips] == [1, 9]  # the first alone, then the rest
    assert threading.get_ident() not in recorder.threads  # off the event loop
    await calls.call(lambda db: "alone")
    assert recorder.trips[-1] == ["alone"]  # nobody waits for company


async def test_each_call_keeps_its_own_outcome() -> None:
    recorder = Recorder()
    calls = GroupedCalls(recorder, trio.CapacityLimiter(1))
    got: dict[int, Any] = {}

    def fn(index: int) -> Callable[[str], int]:
        def run(db: str) -> int:
            if index == 3:
                raise KeyError(index)
            return index

        return run

    async def ask(index: int) -> None:
        try:
            got[index] = await calls.call(fn(index))
        except KeyError as error:
            got[index] = error

    async with trio.open_nursery() as nursery:
        for index in range(6):
            nursery.start_soon(ask, index)
    assert isinstance(got.pop(3), KeyError)
    assert got == {0: 0, 1: 1, 2: 2, 4: 4, 5: 5}
    assert [len(trip) for trip in recorder.trips] == [1, 5]  # one of them failed in a trip
    assert sorted(str(result) for trip in recorder.trips for result in trip) == [
        "0",
        "1",
        "2",
        "4",
        "5",
        "error",
    ]


async def test_a_failed_trip_fails_each_of_its_calls() -> None:
    def refuse(group: Sequence[Callable[[str], Any]]) -> list[outcome.Outcome[Any]]:
        raise OSError("disk gone")

    calls: GroupedCalls[str] = GroupedCalls(refuse, trio.CapacityLimiter(1))
    failed: list[int] = []

    async def ask(index: int) -> None:
        with pytest.raises(OSError, match="disk gone"):
            await calls.call(lambda db: index)
        failed.append(index)

    async with trio.open_nursery() as nursery:
        for index in range(4):
            nursery.start_soon(ask, index)
    assert sorted(failed) == [0, 1, 2, 3]


async def test_a_queued_call_runs_though_its_caller_is_cancelled() -> None:
    calls = GroupedCalls(Recorder(), trio.CapacityLimiter(1))
    ran: list[str] = []
    gate = threading.Event()  # holds the first trip in its thread

    with trio.CancelScope() as cancelled:
        cancelled.cancel()
        with pytest.raises(trio.Cancelled):
            await calls.call(lambda db: ran.append("cancelled before it queued"))

    def slow(db: str) -> None:
        gate.wait(5)
        ran.append("first")

    async def first() -> None:
        await calls.call(slow)

    scope = trio.CancelScope()

    async def queued() -> None:
        with scope:
            await calls.call(lambda db: ran.append("queued"))
            ran.append("told")  # its outcome came back, though it was cancelled meanwhile
            await trio.sleep(0)  # where the cancellation takes effect

    async with trio.open_nursery() as nursery:
        nursery.start_soon(first)
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(queued)
        await trio.testing.wait_all_tasks_blocked()
        scope.cancel()  # while it waits in the queue for the first trip to end
        await trio.testing.wait_all_tasks_blocked()
        gate.set()
    assert ran == ["first", "queued", "told"]
    assert scope.cancelled_caught
