"""The subscriber's event queue behaves as the trio memory channel it replaces, for what the
broker does with it, in a fraction of the memory."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import pytest
import trio
import trio.testing
from hypothesis import given
from hypothesis import strategies as st

from iaccode.tasks.event_queue import open_event_queue

operations = st.lists(
    st.one_of(
        st.tuples(st.just("send"), st.integers(0, 99)),
        st.tuples(st.sampled_from(["receive", "close_send", "close_receive", "stats"])),
    ),
    max_size=40,
)


def apply(ends: tuple[Any, Any], operation: tuple[Any, ...]) -> object:
    send, receive = ends
    try:
        if operation[0] == "send":
            return send.send_nowait(operation[1])
        if operation[0] == "receive":
            return receive.receive_nowait()
        if operation[0] == "close_send":
            return send.close()
        if operation[0] == "close_receive":
            return receive.close()
        stats = receive.statistics()
        return (stats.current_buffer_used, stats.open_send_channels)
    except (trio.WouldBlock, trio.EndOfChannel, trio.ClosedResourceError) as exc:
        return type(exc)
    except trio.BrokenResourceError as exc:
        return type(exc)


@given(st.integers(1, 4), operations)
def test_the_same_answers_as_a_memory_channel(capacity: int, script: list[tuple[Any, ...]]) -> None:
    ours = open_event_queue(capacity)
    theirs = trio.open_memory_channel[int](capacity)
    for operation in script:
        assert apply(ours, operation) == apply(theirs, operation), operation


async def test_a_waiting_receiver_gets_the_next_event_then_the_end() -> None:
    send, receive = open_event_queue(2)
    got: list[object] = []

    async def consume() -> None:
        while True:
            try:
                got.append(await receive.receive())
            except trio.EndOfChannel:
                got.append("end")
                return

    async with trio.open_nursery() as nursery:
        nursery.start_soon(consume)
        await trio.testing.wait_all_tasks_blocked()
        send.send_nowait(1)  # handed to the waiting task, not queued
        assert receive.statistics().current_buffer_used == 0
        await trio.testing.wait_all_tasks_blocked()
        send.send_nowait(2)
        send.send_nowait(3)
        send.close()
    assert got == [1, 2, 3, "end"]


async def test_closing_the_consumer_wakes_its_waiting_receive() -> None:
    send, receive = open_event_queue(1)
    async with trio.open_nursery() as nursery:

        async def waiting() -> None:
            with pytest.raises(trio.ClosedResourceError):
                await receive.receive()

        nursery.start_soon(waiting)
        await trio.testing.wait_all_tasks_blocked()
        receive.close()
    with pytest.raises(trio.BrokenResourceError):
        send.send_nowait(1)


async def test_a_cancelled_receive_leaves_the_queue_usable() -> None:
    send, receive = open_event_queue(1)
    with trio.move_on_after(0.01):
        await receive.receive()
    send.send_nowait(7)
    assert await receive.receive() == 7


async def test_a_second_waiting_receiver_is_refused() -> None:
    _, receive = open_event_queue(1)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(receive.receive)
        await trio.testing.wait_all_tasks_blocked()
        with pytest.raises(trio.BusyResourceError):
            await receive.receive()
        nursery.cancel_scope.cancel()


def test_a_fraction_of_a_memory_channel_pair() -> None:
    def allocated(make: Any) -> int:
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            kept = [make() for _ in range(500)]
            size = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        del kept
        return size

    ours = allocated(lambda: open_event_queue(256))
    theirs = allocated(lambda: trio.open_memory_channel[object](256))
    assert ours * 3 < theirs
