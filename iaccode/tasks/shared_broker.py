"""The `EventFanout` of replicas: the in-process broker, and every event on Redis as well.

Subscribers on the replica that runs a turn get its events from memory, as in one process; the
same events go to the task's Redis stream (`RedisCoordination.publish`, after their commit, in
publish order), from which `remote_subscription` feeds a subscriber on any other replica, from the
stream position its snapshot was taken at (see iaccode.tasks.coordination).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import trio

from iaccode.model import codec
from iaccode.model.a2a import (
    Message,
    StreamEvent,
    Task,
    TaskArtifactUpdateEvent,
    TaskStatusUpdateEvent,
)
from iaccode.tasks.broker import EventBroker, Subscription
from iaccode.tasks.coordination import RedisCoordination, RemoteFeed

_KINDS: dict[str, type[Any]] = {
    "status": TaskStatusUpdateEvent,
    "artifact": TaskArtifactUpdateEvent,
    "task": Task,
    "message": Message,
}
_NAMES = {cls: name for name, cls in _KINDS.items()}


def encode_event(event: StreamEvent) -> dict[str, Any]:
    return {"k": _NAMES[type(event)], "v": codec.unstructure(event)}


def decode_event(data: dict[str, Any]) -> StreamEvent:
    """Raises KeyError or InvalidParamsError for an entry that is not an event of ours."""
    event: StreamEvent = codec.structure(data["v"], _KINDS[data["k"]])
    return event


class SharedEventBroker(EventBroker):
    """`EventBroker` that also appends each event to the task's Redis stream."""

    def __init__(
        self,
        coordination: RedisCoordination,
        buffer: int = 256,
        max_subscribers: int | None = None,
    ) -> None:
        super().__init__(buffer, max_subscribers)
        self.coordination = coordination

    def publish(self, task_id: str, event: StreamEvent) -> None:
        super().publish(task_id, event)
        self.coordination.publish(task_id, encode_event(event))

    def finish(self, task_id: str) -> None:
        super().finish(task_id)
        self.coordination.finish(task_id)

    def subscriber_count(self, task_id: str) -> int:
        """This replica's streams of the task: its own turn's and those fed from Redis."""
        return super().subscriber_count(task_id) + self.coordination.followers(task_id)

    def remote_subscription(
        self, snapshot: Task, position: str, *, close_on_interrupt: bool
    ) -> Subscription:
        """A subscription starting with `snapshot`, then the task's stream after `position`
        (the stream id the snapshot stands at), until the turn ends or Redis fails."""
        send, receive = trio.open_memory_channel[StreamEvent](max(self._buffer, 1))
        source = _RemoteSource()
        sub = Subscription(snapshot.id, close_on_interrupt, send, receive, source)
        sub._offer(snapshot)
        state = snapshot.status.state
        if state.is_terminal or (state.is_interrupted and close_on_interrupt):
            send.close()
            return sub

        def deliver(data: dict[str, Any]) -> bool:
            try:
                event = decode_event(data)
            except Exception:  # not ours (another version's entry): skipped
                return True
            if not sub._offer(event) or sub.ends_with(event):
                send.close()
                return False
            return True

        def end(cut_off: bool) -> None:
            if cut_off:
                sub.overflowed = True  # the client gets SubscriberOverflow: subscribe again
            send.close()

        source.stop = self.coordination.follow(RemoteFeed(snapshot.id, position, deliver, end))
        return sub


def _nothing() -> None:
    return None


class _RemoteSource:
    def __init__(self) -> None:
        self.stop: Callable[[], None] = _nothing

    def _remove(self, sub: Subscription) -> None:
        self.stop()


__all__ = ["SharedEventBroker", "decode_event", "encode_event"]
