"""Errors of the task layer.

`UnusableStateError` stops the server from starting: the command line reports it as a
configuration problem, one line on stderr, exit status 2, no traceback (`iaccode.cli`). This
layer is below the configuration, so it cannot raise `iaccode.config.ConfigError`; the CLI catches
this type beside it.

`StoreUnavailableError` is what a request gets while a shared store (PostgreSQL) cannot be
reached: an A2A error with a clear message, raised at once rather than after a hang.
"""

from __future__ import annotations

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


__all__ = ["CoordinationUnavailableError", "StoreUnavailableError", "UnusableStateError"]
