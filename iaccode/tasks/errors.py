"""Errors of the task layer.

`UnusableStateError` stops the server from starting: the command line reports it as a
configuration problem, one line on stderr, exit status 2, no traceback (`iaccode.cli`). This
layer is below the configuration, so it cannot raise `iaccode.config.ConfigError`; the CLI catches
this type beside it.

`StoreUnavailableError` is what a request gets while a shared store (PostgreSQL) cannot be
reached: an A2A error with a clear message, raised at once rather than after a hang.
`ServerBusyError` is a configured limit reached (docs/operations.md, load shedding).
"""

from __future__ import annotations

from typing import Any

from iaccode.model.errors import A2AError


class UnusableStateError(Exception):
    """State the server keeps (a file under persistence-dir, or the push keyring the environment
    names) that it cannot start with. The text is one line for the operator: the file's role and
    its configured path, never its contents or a secret."""


class StoreUnavailableError(A2AError):
    """The task store cannot be reached just now (its server is down or unreachable); nothing
    of the request was stored. Never names the host, the user or the driver's message."""

    reason = "UNAVAILABLE"
    default_message = "The task store is unavailable; try again shortly"


class CoordinationUnavailableError(A2AError):
    """Coordination across replicas (Redis, `coordination-url`) cannot be reached just now, or
    the replica running the task did not answer; nothing of the request was changed. Never names
    the host or the client's message."""

    reason = "UNAVAILABLE"
    default_message = "Coordination across replicas (Redis) is unavailable; try again shortly"


class ServerBusyError(A2AError):
    """A configured limit is reached; the caller may retry later. A2A defines no busy error, so
    this is JSON-RPC's -32603 (A2AError's code) with a `google.rpc.ErrorInfo` of our own domain
    naming the limit (`metadata.limit`, `metadata.max`). HTTP+JSON answers it 503 `UNAVAILABLE`
    with `Retry-After` (`iaccode.a2a.rest`), gRPC `UNAVAILABLE` (`iaccode.a2a.grpc_codec`)."""

    reason = "RESOURCE_EXHAUSTED"
    default_message = "Server busy; retry later"

    def v1_data(self) -> list[dict[str, Any]]:
        data = super().v1_data()
        data[0]["domain"] = "iac-code"  # the reason is ours, not one of A2A's
        return data


def turns_busy(limit: int) -> ServerBusyError:
    """The refusal of a turn beyond `max-concurrent-turns` (`limit`)."""
    return ServerBusyError(
        f"Server busy: {limit} turns are already running (max-concurrent-turns); retry later",
        limit="max-concurrent-turns",
        max=str(limit),
    )


def subscribers_busy(task_id: str, limit: int) -> ServerBusyError:
    """The refusal of a stream beyond `max-subscribers-per-task` (`limit`) on `task_id`."""
    return ServerBusyError(
        f"Task {task_id} already has {limit} open streams (max-subscribers-per-task); "
        "close one or retry later",
        limit="max-subscribers-per-task",
        max=str(limit),
        taskId=task_id,
    )


__all__ = [
    "CoordinationUnavailableError",
    "ServerBusyError",
    "StoreUnavailableError",
    "UnusableStateError",
    "subscribers_busy",
    "turns_busy",
]
