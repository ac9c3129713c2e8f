"""A subscriber's bounded event queue: one producer, one consumer, a few hundred bytes.

Every open stream holds one (tasks/broker.py). A `trio.open_memory_channel` pair costs about
1.8 KB before the first event (its state's deque, two ordered dicts of waiting tasks, a set of
tasks per end), most of an idle stream's budget (issue 18: <= 12 KB). This queue keeps what a
subscription needs: `send_nowait` (never waits), `receive` / `receive_nowait`, `close` on either
end, and `statistics()` as far as the broker reads it, with a memory channel's semantics for them:

* `send_nowait`: `trio.WouldBlock` when full, `trio.ClosedResourceError` once this end closed,
  `trio.BrokenResourceError` once the consumer closed;
* `receive`: the events in order, then `trio.EndOfChannel` once the producer closed (what was
  queued is read first); `trio.ClosedResourceError` once the consumer closed; a checkpoint;
  `trio.BusyResourceError` if a second task waits on it at the same time (one consumer only).
"""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs
import outcome
import trio

T = TypeVar("T")


@attrs.frozen
class QueueStatistics:
    """The part of `trio.MemoryChannelStatistics` the broker reads."""

    current_buffer_used: int
    open_send_channels: int


class _State(Generic[T]):
    __slots__ = ("capacity", "events", "receiving", "sending", "waiter")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.events: list[T] = []  # short: a deque's first block alone is 600 bytes
        self.sending = True
        self.receiving = True
        self.waiter: trio.lowlevel.Task | None = None

    def wake(self, result: outcome.Outcome[T]) -> None:
        waiter, self.waiter = self.waiter, None
        if waiter is not None:
            trio.lowlevel.reschedule(waiter, result)


class EventSender(Generic[T]):
    """The producer's end."""

    __slots__ = ("_state",)

    def __init__(self, state: _State[T]) -> None:
        self._state = state

    def send_nowait(self, event: T) -> None:
        """Queue `event`, or hand it to the waiting consumer. Raises `trio.WouldBlock` (full),
        `trio.ClosedResourceError` (this end closed), `trio.BrokenResourceError` (the consumer
        closed)."""
        state = self._state
        if not state.sending:
            raise trio.ClosedResourceError
        if not state.receiving:
            raise trio.BrokenResourceError
        if state.waiter is not None:
            state.wake(outcome.Value(event))
        elif len(state.events) >= state.capacity:
            raise trio.WouldBlock
        else:
            state.events.append(event)

    def close(self) -> None:
        """No more events: the consumer reads what is queued, then `trio.EndOfChannel`."""
        state = self._state
        if state.sending:
            state.sending = False
            state.wake(outcome.Error(trio.EndOfChannel()))


class EventReceiver(Generic[T]):
    """The consumer's end."""

    __slots__ = ("_state",)

    def __init__(self, state: _State[T]) -> None:
        self._state = state

    def receive_nowait(self) -> T:
        """The next event. Raises `trio.WouldBlock` (none queued), `trio.EndOfChannel` (none
        will come), `trio.ClosedResourceError` (this end closed)."""
        state = self._state
        if not state.receiving:
            raise trio.ClosedResourceError
        if state.events:
            return state.events.pop(0)
        if not state.sending:
            raise trio.EndOfChannel
        raise trio.WouldBlock

    async def receive(self) -> T:
        """The next event, waiting for it; raises as `receive_nowait` does (never WouldBlock),
        and `trio.BusyResourceError` when another task is waiting already."""
        await trio.lowlevel.checkpoint_if_cancelled()
        try:
            event = self.receive_nowait()
        except trio.WouldBlock:
            pass
        else:
            await trio.lowlevel.cancel_shielded_checkpoint()
            return event
        state = self._state
        if state.waiter is not None:
            raise trio.BusyResourceError("another task is receiving from this queue")
        state.waiter = trio.lowlevel.current_task()

        def abort(_: object) -> trio.lowlevel.Abort:
            state.waiter = None
            return trio.lowlevel.Abort.SUCCEEDED

        received: T = await trio.lowlevel.wait_task_rescheduled(abort)
        return received

    def statistics(self) -> QueueStatistics:
        state = self._state
        return QueueStatistics(len(state.events), 1 if state.sending else 0)

    def close(self) -> None:
        """Stop reading: queued events are dropped, a waiting `receive` raises
        `trio.ClosedResourceError`, and the producer's next send `trio.BrokenResourceError`."""
        state = self._state
        if state.receiving:
            state.receiving = False
            state.events.clear()
            state.wake(outcome.Error(trio.ClosedResourceError()))


def open_event_queue(capacity: int) -> tuple[EventSender[T], EventReceiver[T]]:
    """A queue holding at most `capacity` (>= 1) events: its producer's and consumer's ends."""
    state: _State[T] = _State(max(capacity, 1))
    return EventSender(state), EventReceiver(state)
