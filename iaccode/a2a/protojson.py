"""The ProtoJSON values of A2A 1.0 results (spec §5.5), shared by every JSON binding.

JSON-RPC puts them in its envelope's `result`, HTTP+JSON answers them bare and AG-UI's
in-process upstream hands them to the adapter as values: one encoding of a result, whatever
carries it. The 0.3 dialect's shapes are JSON-RPC's own (`iaccode.a2a.dispatch`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.wire import json

_TASK_TEXTS = 512  # task texts kept (the tasks GetTask and ListTasks answered most recently)


def result(name: str, value: Any) -> Any:
    """The ProtoJSON result of the unary operation `name` for what the service returned (the
    extended card excepted: it is served signed, `CallLayer.extended_card`)."""
    if name == "DeleteTaskPushNotificationConfig":
        return {}  # google.protobuf.Empty
    out = codec.unstructure(value)
    if name == "SendMessage":  # SendMessageResponse: the oneof member that is set
        return {"message": out} if isinstance(value, m.Message) else {"task": out}
    return out


class KeptByTask:
    """`encoded(task)`: what `encode` makes of `task`, kept for the same Task object (the tasks
    answered most recently).

    A task record gives the same Task object while it is unchanged (`TaskRecord.snapshot`), and
    the store the same one for an unchanged row (`sql_store._tasks`), so a polled task is
    encoded once per change. One per binding; not shared between threads.
    """

    def __init__(self, encode: Callable[[m.Task], bytes]) -> None:
        self._encode = encode
        self._kept: dict[int, tuple[m.Task, bytes]] = {}  # by id() of the Task held

    def encoded(self, task: m.Task) -> bytes:
        """`encode(task)`, kept for the same Task object; raises what `encode` raises."""
        found = self._kept.get(id(task))
        if found is not None and found[0] is task:
            return found[1]
        data = self._encode(task)
        if len(self._kept) >= _TASK_TEXTS:
            del self._kept[next(iter(self._kept))]  # the oldest
        self._kept[id(task)] = (task, data)  # holding the task keeps its id its own
        return data


def _task_text(task: m.Task) -> bytes:
    return json.dumps(codec.unstructure(task))


class ResultTexts:
    """`text(name, value)`: the bytes of `json.dumps(result(name, value))`, with the texts of
    the tasks answered most recently kept by object (`KeptByTask`), so that a polled task and
    a re-read ListTasks page are encoded once per change and spliced after that. One per
    binding; not shared between threads.
    """

    def __init__(self) -> None:
        self._tasks = KeptByTask(_task_text)

    def text(self, name: str, value: Any) -> bytes:
        """The ProtoJSON text of the unary operation `name`'s result `value`; raises what
        `json.dumps` raises for a value it cannot encode."""
        if name == "GetTask":
            return self.task(value)
        if name == "ListTasks":
            return self.page(value)
        return json.dumps(result(name, value))

    def task(self, task: m.Task) -> bytes:
        """The ProtoJSON text of `task`, kept for the same Task object."""
        return self._tasks.encoded(task)

    def page(self, page: m.ListTasksResponse) -> bytes:
        """The ProtoJSON text of a ListTasks page, its tasks' texts spliced in (`task`)."""
        rest = json.dumps(codec.unstructure(attrs.evolve(page, tasks=[])))
        head, empty = b'{"tasks":[', b'{"tasks":[]'
        if not rest.startswith(empty):  # pragma: no cover - the model puts tasks first
            return json.dumps(codec.unstructure(page))
        tasks = b",".join(self.task(task) for task in page.tasks)
        return head + tasks + b"]" + rest[len(empty) :]


def stream_response(event: m.StreamEvent) -> dict[str, Any]:
    """A 1.0 StreamResponse: the event wrapped in its oneof member (spec §9.4.2)."""
    if isinstance(event, m.TaskStatusUpdateEvent):
        return {"statusUpdate": codec.unstructure(event)}
    if isinstance(event, m.TaskArtifactUpdateEvent):
        return {"artifactUpdate": codec.unstructure(event)}
    if isinstance(event, m.Task):
        return {"task": codec.unstructure(event)}
    return {"message": codec.unstructure(event)}


def task_of(params: object) -> str | None:
    """The task a request's params name (`id`, `taskId`, `message.taskId`), for the access
    log; None when they name none."""
    if not isinstance(params, dict):
        return None
    for value in (params.get("taskId"), params.get("id"), params.get("task_id")):
        if isinstance(value, str):
            return value
    message = params.get("message")
    task_id = message.get("taskId") if isinstance(message, dict) else None
    return task_id if isinstance(task_id, str) else None


__all__ = ["KeptByTask", "ResultTexts", "result", "stream_response", "task_of"]
