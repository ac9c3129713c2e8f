"""The ProtoJSON values of A2A 1.0 results (spec §5.5), shared by every JSON binding.

JSON-RPC puts them in its envelope's `result`, HTTP+JSON answers them bare and AG-UI's
in-process upstream hands them to the adapter as values: one encoding of a result, whatever
carries it. The 0.3 dialect's shapes are JSON-RPC's own (`iaccode.a2a.dispatch`).
"""

from __future__ import annotations

from typing import Any

from iaccode.model import a2a as m
from iaccode.model import codec


def result(name: str, value: Any) -> Any:
    """The ProtoJSON result of the unary operation `name` for what the service returned (the
    extended card excepted: it is served signed, `CallLayer.extended_card`)."""
    if name == "DeleteTaskPushNotificationConfig":
        return {}  # google.protobuf.Empty
    out = codec.unstructure(value)
    if name == "SendMessage":  # SendMessageResponse: the oneof member that is set
        return {"message": out} if isinstance(value, m.Message) else {"task": out}
    return out


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


__all__ = ["result", "stream_response", "task_of"]
