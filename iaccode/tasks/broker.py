"""Fan-out of task events to streaming subscribers.

The producer (a turn) never waits on a subscriber: every subscriber has its own small bounded
queue (tasks/event_queue.py) filled with `send_nowait`. A subscriber whose queue is full has
fallen behind; it is cut off, reads what it already has, then gets one `SubscriberOverflow` and
its stream ends. It may subscribe again and start from a fresh snapshot. A task takes at most
`max_subscribers` streams at once (`max-subscribers-per-task`); one more is refused with
`SubscriberLimitReached`.

Subscribing and taking the snapshot happen without a checkpoint in between, so no event can fall
between the snapshot and the first live event; every subscriber of a task sees the same events in
the same order (spec §3.5.2).

When a subscription ends:
* after a terminal status update, always;
* after an interrupted one (INPUT_REQUIRED, AUTH_REQUIRED) when it asked for that
  (SendStreamingMessage does, spec §11.7; SubscribeToTask stays until the turn ends);
* when the turn that produced the events ends (`finish`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

import attrs
import trio

from iaccode.model.a2a import StreamEvent, TaskStatusUpdateEvent
from iaccode.tasks.event_queue import EventReceiver, EventSender, open_event_queue


class SubscriberLimitReached(Exception):
    """The task already has `limit` open subscriptions; nothing was opened."""

    def __init__(self, task_id: str, limit: int) -> None:
        super().__init__(f"task {task_id} has {limit} subscribers")
        self.task_id = task_id
        self.limit = limit


@attrs.frozen
class SubscriberOverflow:
    """Delivered once to a subscriber that fell too far behind; its stream then ends."""

    task_id: str


class _Source(Protocol):
    """What feeds a subscription, told when it closes."""

    def _remove(self, sub: Subscription) -> None: ...


@attrs.define(eq=False)
class Subscription:
    """One subscriber's view of one task's events. Use it as an async context manager."""

    task_id: str
    close_on_interrupt: bool
    # The broker's own subscriptions use the light queue; a shared broker's remote ones (fed
    # from Redis) a memory channel.
    _send: EventSender[StreamEvent] | trio.MemorySendChannel[StreamEvent]
    _receive: EventReceiver[StreamEvent] | trio.MemoryReceiveChannel[StreamEvent]
    _broker: _Source | None
    overflowed: bool = False
    _overflow_reported: bool = False
    # Awaited before the last event (`ends_with`) is handed out: among replicas, until the
    # leases the ended turn gave back are written, so that a caller who sends its next message
    # on that event, to any replica, finds the context free (SendStreamingMessage).
    before_end: Callable[[], Awaitable[None]] | None = None
    _held: StreamEvent | None = None  # the last event, taken by `receive_nowait` early

    async def receive(self) -> StreamEvent | SubscriberOverflow:
        """The next event; raises `trio.EndOfChannel` when the stream is over."""
        if self._held is None:
            try:
                event = await self._receive.receive()
            except trio.EndOfChannel:
                return self._end()
            if self.before_end is None or not self.ends_with(event):
                return event
            self._held = event
        assert self.before_end is not None  # only a last event waiting for it is held
        # Held until the wait is over: a read cancelled meanwhile (a heartbeat's deadline)
        # leaves the event for the next one.
        await self.before_end()
        event, self._held = self._held, None
        return event

    def receive_nowait(self) -> StreamEvent | SubscriberOverflow:
        """Like `receive`, or `trio.WouldBlock` when nothing is queued (for coalescing writes)
        or the last event must wait for `before_end` (then `receive` hands it out)."""
        if self._held is not None:
            raise trio.WouldBlock
        try:
            event = self._receive.receive_nowait()
        except trio.EndOfChannel:
            return self._end()
        if self.before_end is not None and self.ends_with(event):
            self._held = event
            raise trio.WouldBlock
        return event

    @property
    def ended(self) -> bool:
        """Nothing more will come: the producer closed the stream and it is drained."""
        stats = self._receive.statistics()
        drained = stats.current_buffer_used == 0 and self._held is None
        return stats.open_send_channels == 0 and drained

    def _end(self) -> SubscriberOverflow:
        if self.overflowed and not self._overflow_reported:
            self._overflow_reported = True
            return SubscriberOverflow(self.task_id)
        raise trio.EndOfChannel

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> StreamEvent | SubscriberOverflow:
        try:
            return await self.receive()
        except trio.EndOfChannel:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.close()

    @classmethod
    def of(cls, event: StreamEvent) -> Subscription:
        """A finished stream of one event (a direct reply, a refused message's task)."""
        send: EventSender[StreamEvent]
        receive: EventReceiver[StreamEvent]
        send, receive = open_event_queue(1)
        send.send_nowait(event)
        send.close()
        task_id = getattr(event, "id", None) or getattr(event, "task_id", None) or ""
        return cls(task_id, True, send, receive, None)

    def close(self) -> None:
        if self._broker is not None:
            self._broker._remove(self)
        self._send.close()
        self._receive.close()

    def ends_with(self, event: StreamEvent) -> bool:
        """Whether `event` is the last this subscription takes (module docstring)."""
        if not isinstance(event, TaskStatusUpdateEvent):
            return False
        state = event.status.state
        return state.is_terminal or (state.is_interrupted and self.close_on_interrupt)

    def _offer(self, event: StreamEvent) -> bool:
        """Queue `event`; False when the subscriber is full and has been cut off."""
        try:
            self._send.send_nowait(event)
        except trio.WouldBlock:
            self.overflowed = True
            self._send.close()
            return False
        except trio.ClosedResourceError:
            return False
        return True


class EventBroker:
    """Per-task lists of subscriptions; `publish` is synchronous and never blocks."""

    def __init__(self, buffer: int = 256, max_subscribers: int | None = None) -> None:
        self._buffer = buffer
        self.max_subscribers = max_subscribers  # per task; None: no limit
        self._subscribers: dict[str, list[Subscription]] = {}

    def subscribe(
        self,
        task_id: str,
        first: StreamEvent | None = None,
        *,
        close_on_interrupt: bool,
        force: bool = False,
    ) -> Subscription:
        """Open a subscription; `first` (usually the task snapshot) is its first event.

        Raises SubscriberLimitReached when the task is full, unless `force` (the caller checked
        `check_room` before it changed anything it could not undo).
        """
        if not force:
            self.check_room(task_id)
        send: EventSender[StreamEvent]
        receive: EventReceiver[StreamEvent]
        send, receive = open_event_queue(self._buffer)
        sub = Subscription(task_id, close_on_interrupt, send, receive, self)
        if first is not None:
            sub._offer(first)
        self._subscribers.setdefault(task_id, []).append(sub)
        return sub

    def subscriber_count(self, task_id: str) -> int:
        return len(self._subscribers.get(task_id, ()))

    def check_room(self, task_id: str) -> None:
        """Raise SubscriberLimitReached if the task cannot take one more subscription."""
        limit = self.max_subscribers
        if limit is not None and self.subscriber_count(task_id) >= limit:
            raise SubscriberLimitReached(task_id, limit)

    def publish(self, task_id: str, event: StreamEvent) -> None:
        subs = self._subscribers.get(task_id)
        if not subs:
            return
        for sub in list(subs):
            delivered = sub._offer(event)
            if not delivered or sub.ends_with(event):
                self._detach(sub)

    def finish(self, task_id: str) -> None:
        """The turn for `task_id` ended: every open subscription ends after what it has."""
        for sub in self._subscribers.pop(task_id, []):
            sub._send.close()

    def _detach(self, sub: Subscription) -> None:
        sub._send.close()
        self._remove(sub)

    def _remove(self, sub: Subscription) -> None:
        subs = self._subscribers.get(sub.task_id)
        if subs is None:
            return
        try:
            subs.remove(sub)
        except ValueError:
            return
        if not subs:
            del self._subscribers[sub.task_id]
