"""SharedEventBroker: events cross to Redis as they were published, and a remote subscription
starts with its snapshot and ends by the same rules as a local one."""

from __future__ import annotations

import pytest
import trio

from iaccode.model.a2a import (
    Artifact,
    Part,
    Task,
    TaskArtifactUpdateEvent,
    TaskState,
    TaskStatus,
    TaskStatusUpdateEvent,
)
from iaccode.tasks.coordination import RedisCoordination
from iaccode.tasks.shared_broker import SharedEventBroker, decode_event, encode_event
from iaccode.wire import json

pytest.importorskip("redis", reason="the redis extra is not installed")


def task(state: TaskState) -> Task:
    return Task(id="t1", context_id="c1", status=TaskStatus(state=state))


def test_events_cross_as_they_were() -> None:
    events = [
        TaskStatusUpdateEvent(
            task_id="t1", context_id="c1", status=TaskStatus(state=TaskState.TASK_STATE_WORKING)
        ),
        TaskArtifactUpdateEvent(
            task_id="t1",
            context_id="c1",
            artifact=Artifact(artifact_id="a1", parts=[Part(text="x")]),
            append=True,
        ),
        task(TaskState.TASK_STATE_WORKING),
    ]
    for event in events:
        assert decode_event(json.loads(json.dumps(encode_event(event)))) == event


async def test_remote_subscription_ends_by_the_local_rules() -> None:
    # No Redis needed: the client connects on first use, and following is in memory.
    broker = SharedEventBroker(RedisCoordination("redis://127.0.0.1:1/0"))
    paused = broker.remote_subscription(
        task(TaskState.TASK_STATE_INPUT_REQUIRED), "0-0", close_on_interrupt=True
    )
    assert (await paused.receive()).status.state == TaskState.TASK_STATE_INPUT_REQUIRED
    with trio.fail_after(5), pytest.raises(trio.EndOfChannel):  # ends on a pause: over
        await paused.receive()
    watching = broker.remote_subscription(
        task(TaskState.TASK_STATE_INPUT_REQUIRED), "0-0", close_on_interrupt=False
    )
    await watching.receive()
    assert not watching.ended and broker.subscriber_count("t1") == 1  # SubscribeToTask stays
    watching.close()
    assert broker.subscriber_count("t1") == 0
