"""The event broker: ordered fan-out, the producer never waits, slow subscribers are cut off."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from iaccode.model.a2a import Task, TaskState, TaskStatus, TaskStatusUpdateEvent
from iaccode.tasks.broker import (
    EventBroker,
    SubscriberLimitReached,
    SubscriberOverflow,
    Subscription,
)


def status(state: TaskState, task_id: str = "t") -> TaskStatusUpdateEvent:
    return TaskStatusUpdateEvent(task_id=task_id, context_id="c", status=TaskStatus(state=state))


def snapshot(task_id: str = "t") -> Task:
    return Task(id=task_id, context_id="c", status=TaskStatus(state=TaskState.TASK_STATE_SUBMITTED))


def drain(sub: Subscription) -> list[object]:
    out: list[object] = []
    while True:
        try:
            out.append(sub.receive_nowait())
        except (trio.WouldBlock, trio.EndOfChannel):
            return out


WORKING = TaskState.TASK_STATE_WORKING


async def test_every_subscriber_gets_every_event_in_order() -> None:
    broker = EventBroker(buffer=16)
    subs = [broker.subscribe("t", snapshot(), close_on_interrupt=False) for _ in range(3)]
    events = [status(WORKING) for _ in range(5)]
    for event in events:
        broker.publish("t", event)
    broker.publish("other", status(WORKING, "other"))
    for sub in subs:
        assert drain(sub) == [snapshot(), *events]


async def test_terminal_event_ends_every_subscription() -> None:
    broker = EventBroker()
    sub = broker.subscribe("t", snapshot(), close_on_interrupt=False)
    done = status(TaskState.TASK_STATE_COMPLETED)
    broker.publish("t", done)
    assert await sub.receive() == snapshot()
    assert await sub.receive() == done
    with pytest.raises(trio.EndOfChannel):
        await sub.receive()
    assert broker.subscriber_count("t") == 0


async def test_interrupted_event_ends_only_the_subscriptions_that_asked() -> None:
    broker = EventBroker()
    streaming = broker.subscribe("t", None, close_on_interrupt=True)
    watching = broker.subscribe("t", None, close_on_interrupt=False)
    paused = status(TaskState.TASK_STATE_INPUT_REQUIRED)
    broker.publish("t", paused)
    broker.publish("t", status(WORKING))
    assert [e async for e in streaming] == [paused]
    assert drain(watching) == [paused, status(WORKING)]
    assert broker.subscriber_count("t") == 1
    broker.finish("t")
    with pytest.raises(trio.EndOfChannel):
        await watching.receive()


async def test_slow_subscriber_is_cut_off_without_blocking_the_producer() -> None:
    broker = EventBroker(buffer=4)
    slow = broker.subscribe("t", None, close_on_interrupt=False)
    fast = broker.subscribe("t", None, close_on_interrupt=False)
    received = []
    for _ in range(10):
        broker.publish("t", status(WORKING))  # synchronous: it cannot wait for anyone
        received += drain(fast)
    assert len(received) == 10
    got = drain(slow)
    assert got[:4] == [status(WORKING)] * 4
    assert got[4:] == [SubscriberOverflow("t")]
    assert broker.subscriber_count("t") == 1  # only the fast one is left
    with pytest.raises(trio.EndOfChannel):
        await slow.receive()


async def test_closing_a_subscription_unregisters_it() -> None:
    broker = EventBroker()
    async with broker.subscribe("t", None, close_on_interrupt=False):
        assert broker.subscriber_count("t") == 1
    assert broker.subscriber_count("t") == 0
    broker.publish("t", status(WORKING))  # nobody left: nothing to do, nothing raised


async def test_single_event_stream() -> None:
    sub = Subscription.of(snapshot())
    assert [e async for e in sub] == [snapshot()]


async def test_subscribers_per_task_are_limited() -> None:
    broker = EventBroker(max_subscribers=2)
    first = broker.subscribe("t", snapshot(), close_on_interrupt=False)
    broker.subscribe("t", snapshot(), close_on_interrupt=False)
    broker.subscribe("other", snapshot("other"), close_on_interrupt=False)  # per task
    with pytest.raises(SubscriberLimitReached) as refused:
        broker.subscribe("t", snapshot(), close_on_interrupt=False)
    assert refused.value.limit == 2 and broker.subscriber_count("t") == 2
    forced = broker.subscribe("t", snapshot(), close_on_interrupt=False, force=True)
    assert broker.subscriber_count("t") == 3
    forced.close()
    first.close()
    broker.check_room("t")  # room again


async def test_the_last_event_waits_for_before_end_and_the_others_do_not() -> None:
    # Among replicas SendStreamingMessage's last event waits until the ended turn's leases
    # are written; here a hook that waits for an event stands for that write.
    broker = EventBroker()
    sub = broker.subscribe("t", snapshot(), close_on_interrupt=True)
    written = trio.Event()
    calls: list[str] = []

    async def leases_written() -> None:
        calls.append("waited")
        await written.wait()

    sub.before_end = leases_written
    working, paused = status(WORKING), status(TaskState.TASK_STATE_INPUT_REQUIRED)
    broker.publish("t", working)
    broker.publish("t", paused)
    # Coalescing reads take what may go now and stop at the last event.
    assert drain(sub) == [snapshot(), working]
    assert not sub.ended and calls == []
    got: list[object] = []

    async def read_last() -> None:
        got.append(await sub.receive())

    async with trio.open_nursery() as nursery:
        nursery.start_soon(read_last)
        await trio.testing.wait_all_tasks_blocked()
        assert got == [] and calls == ["waited"]  # held until the write
        written.set()
    assert got == [paused] and sub.ended
    with pytest.raises(trio.EndOfChannel):
        await sub.receive()


async def test_without_before_end_the_last_event_comes_at_once() -> None:
    broker = EventBroker()
    sub = broker.subscribe("t", snapshot(), close_on_interrupt=False)
    done = status(TaskState.TASK_STATE_COMPLETED)
    broker.publish("t", done)
    assert drain(sub) == [snapshot(), done]


async def test_a_read_cancelled_while_the_last_event_waits_keeps_it_for_the_next() -> None:
    # The SSE writer reads under a heartbeat deadline, which may strike during the wait.
    broker = EventBroker()
    sub = broker.subscribe("t", snapshot(), close_on_interrupt=False)
    written = trio.Event()

    async def leases_written() -> None:
        await written.wait()

    sub.before_end = leases_written
    done = status(TaskState.TASK_STATE_COMPLETED)
    broker.publish("t", done)
    assert await sub.receive() == snapshot()
    with trio.move_on_after(0.01) as deadline:
        await sub.receive()
    assert deadline.cancelled_caught and not sub.ended
    written.set()
    assert await sub.receive() == done
    assert sub.ended
