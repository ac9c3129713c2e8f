"""The call layer: one typed entry point in front of `A2AService` for every binding.

A binding (JSON-RPC, HTTP+JSON, gRPC, the line transports, AG-UI's in-process upstream) decodes
its request into the 1.0 model object of an operation, says what it learnt outside the body in a
`CallMeta`, and calls `CallLayer.call`. The layer checks what every binding must check the same
way, in the same order (spec §3.6, a2a.md §12), then runs the operation:

1. the protocol version the caller asked for (`VersionNotSupportedError`, -32009);
2. the extensions this server requires (`ExtensionSupportRequiredError`, -32008);
3. the operation itself, with a `CallContext` (owner, extensions, dialect).

Bindings whose params can only be decoded after the version check (JSON-RPC answers a bad
version before bad params) call `check` first and `invoke` after decoding.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from iaccode.a2a.card import card_at, card_json
from iaccode.a2a.service import A2AService, CallContext
from iaccode.model import a2a as m
from iaccode.model.errors import (
    A2AError,
    ExtensionSupportRequiredError,
    InternalError,
    MethodNotFoundError,
    UnsupportedOperationError,
    VersionNotSupportedError,
)
from iaccode.model.ids import new_id
from iaccode.tasks.states import InvalidTransition
from iaccode.wire import json

log = logging.getLogger("iaccode.a2a")
_VERSION = re.compile(r"\s*(\d+)\.(\d+)(?:\.\d+)?\s*")
_CARD_PLACES = 16  # extended cards kept signed (two dialects, distinct Host / mount points)
SHUTTING_DOWN = "Server shutting down; retry later"


@attrs.frozen
class CallMeta:
    """What a binding learnt outside the request body (headers, gRPC metadata, the socket)."""

    version: str | None = None  # A2A-Version header, query parameter or metadata
    extensions: frozenset[str] = frozenset()  # A2A-Extensions the caller activated
    owner: str = ""  # the authenticated principal ("" when auth is off)
    session_id: str | None = None  # an AgentCore runtime session, recorded on new tasks
    language: str | None = None  # Accept-Language, when the binding carries one
    # The JSON-RPC URL this request reached the app at (a host serving the ASGI app, no
    # public-url): the extended card advertises it. None: the configured URL.
    served_at: str | None = None


@attrs.frozen
class Operation:
    """One A2A operation: its request type and the service method that runs it."""

    name: str
    params: type[Any]
    run: Callable[[A2AService, Any, CallContext], Awaitable[Any]]
    streaming: bool = False
    params_optional: bool = False  # JSON-RPC: `params` may be left out


OPERATIONS: dict[str, Operation] = {
    op.name: op
    for op in (
        Operation("SendMessage", m.SendMessageRequest, A2AService.send_message),
        Operation(
            "SendStreamingMessage",
            m.SendMessageRequest,
            A2AService.send_streaming_message,
            streaming=True,
        ),
        Operation("GetTask", m.GetTaskRequest, A2AService.get_task),
        Operation("ListTasks", m.ListTasksRequest, A2AService.list_tasks, params_optional=True),
        Operation("CancelTask", m.CancelTaskRequest, A2AService.cancel_task),
        Operation(
            "SubscribeToTask", m.SubscribeToTaskRequest, A2AService.subscribe, streaming=True
        ),
        Operation(
            "CreateTaskPushNotificationConfig",
            m.TaskPushNotificationConfig,
            A2AService.create_push_config,
        ),
        Operation(
            "GetTaskPushNotificationConfig",
            m.TaskPushNotificationConfigRequest,
            A2AService.get_push_config,
        ),
        Operation(
            "ListTaskPushNotificationConfigs",
            m.ListTaskPushNotificationConfigsRequest,
            A2AService.list_push_configs,
        ),
        Operation(
            "DeleteTaskPushNotificationConfig",
            m.TaskPushNotificationConfigRequest,
            A2AService.delete_push_config,
        ),
        Operation(
            "GetExtendedAgentCard",
            m.GetExtendedAgentCardRequest,
            A2AService.get_extended_card,
            params_optional=True,
        ),
    )
}


def operation(name: str) -> Operation:
    """The operation called `name` (a 1.0 method name).

    Raises:
        MethodNotFoundError: no such operation.
    """
    found = OPERATIONS.get(name)
    if found is None:
        raise MethodNotFoundError(f"Method not found: {name[:100]}")
    return found


class CallLayer:
    """Version negotiation and extension checks, then the service: what every binding calls.

    Beside the operations it holds what every binding shares: the admission of requests while
    the server runs (shutdown waits for those admitted), `max_depth` (`max-json-depth`, for the
    bindings that decode JSON or ProtoJSON themselves) and the extended card as served, signed.
    """

    def __init__(
        self,
        service: A2AService,
        *,
        required_extensions: frozenset[str] = frozenset(),
        max_depth: int = json.DEFAULT_MAX_DEPTH,
        sign_card: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> None:
        self.service = service
        self._required = required_extensions
        self.max_depth = max_depth
        self._sign_card = sign_card or (lambda card: card)
        # by dialect (legacy or not) and the URL it is served at (a few at most)
        self._signed_cards: dict[tuple[bool, str | None], dict[str, Any]] = {}
        # Requests a transport without its own count (stdio, Unix socket, WebSocket, Redis
        # Streams, gRPC) has read and not yet answered: shutdown waits for them, as for HTTP's.
        self.in_flight = 0
        self.closing = False

    # -- admission -------------------------------------------------------------------------------

    def admit(self) -> bool:
        """Count a request just read, before it is handed to a task. No checkpoint.

        Returns False once the server is closing (the binding answers that it is shutting
        down, `SHUTTING_DOWN`); each True is matched by one `release`.
        """
        if self.closing:
            return False
        self.in_flight += 1
        return True

    def release(self) -> None:
        """The answer to an admitted request is done."""
        self.in_flight -= 1

    def close(self) -> None:
        """Stop admitting requests: the server is shutting down."""
        self.closing = True

    # -- the extended card -----------------------------------------------------------------------

    def extended_card(
        self, card: m.AgentCard, legacy_dialect: bool = False, served_at: str | None = None
    ) -> dict[str, Any]:
        """The extended card (what GetExtendedAgentCard returned) as served: encoded (0.3
        fields with `legacy_dialect`) and signed, once per dialect and place (`served_at`, the
        URL a host serves the app at; None: the configured one), since it does not change
        while the server runs and signing canonicalises the whole card. No checkpoint."""
        key = (legacy_dialect, served_at)
        signed = self._signed_cards.get(key)
        if signed is None:
            served = card if served_at is None else card_at(card, served_at)
            signed = self._sign_card(card_json(served, legacy_fields=legacy_dialect))
            if len(self._signed_cards) < _CARD_PLACES:
                self._signed_cards[key] = signed
        return signed

    # -- operations ------------------------------------------------------------------------------

    def check(self, meta: CallMeta) -> None:
        """The checks made before an operation's params are even looked at.

        Raises:
            VersionNotSupportedError: `meta.version` is neither 1.x nor 0.3.
            ExtensionSupportRequiredError: a required extension is not in `meta.extensions`.
        """
        check_version(meta.version)
        missing = sorted(self._required - meta.extensions) if self._required else None
        if missing:
            raise ExtensionSupportRequiredError(
                f"This server requires the extensions {', '.join(missing)}; list them in the "
                "A2A-Extensions header",
                extensions=",".join(missing),
            )

    async def invoke(
        self, op: Operation, request: Any, meta: CallMeta, *, legacy: bool = False
    ) -> Any:
        """Run `op` on its decoded request (checked already with `check`).

        Returns what the service method returns: a model object, a `Subscription` for the
        streaming operations, None for DeleteTaskPushNotificationConfig.

        Raises:
            A2AError: the operation refused (task not found, invalid params, busy...); a task
                that changed state under the request is UnsupportedOperationError, and any
                other failure is logged and becomes InternalError with an error id (the caller
                never sees its details).
        """
        ctx = CallContext(
            owner=meta.owner,
            extensions=meta.extensions,
            session_id=meta.session_id,
            legacy=legacy,
        )
        try:
            return await op.run(self.service, request, ctx)
        except A2AError:
            raise
        except InvalidTransition:
            # The task changed state under the request (say, a cancel won the race).
            raise UnsupportedOperationError(
                "The task changed state meanwhile; fetch it again"
            ) from None
        except Exception:
            error_id = new_id()[:8]
            log.exception("%s failed (error id %s)", op.name, error_id)
            raise InternalError(f"Internal error (error id {error_id})") from None

    async def call(self, name: str, request: Any, meta: CallMeta) -> Any:
        """`check`, then `invoke` the operation `name` (a 1.0 method name) on `request`.

        Raises:
            MethodNotFoundError, VersionNotSupportedError, ExtensionSupportRequiredError,
            and whatever `invoke` raises.
        """
        op = operation(name)
        self.check(meta)
        return await self.invoke(op, request, meta)


def check_version(version: str | None) -> None:
    """Accept no version (0.3 clients, older 1.0 clients), 0.3 and any 1.x (spec §3.6.2).

    Raises:
        VersionNotSupportedError: any other version.
    """
    if version is None or version == "1.0" or not version.strip():  # "1.0": what most send
        return
    match = _VERSION.fullmatch(version)
    if match is not None:
        major, minor = int(match.group(1)), int(match.group(2))
        if major == 1 or (major, minor) == (0, 3):
            return
    raise VersionNotSupportedError(
        f"A2A version {version.strip()[:20]!r} is not supported (supported: 1.0, 0.3)",
        version=version.strip()[:20],
    )


__all__ = [
    "OPERATIONS",
    "SHUTTING_DOWN",
    "CallLayer",
    "CallMeta",
    "Operation",
    "check_version",
    "operation",
]
