"""Push notifications on the A2A side: the four config methods and what a task event sends.

The storage, queues and delivery live in `iaccode.tasks.push`; this module knows the protocol:
which body a config gets (a 1.0 StreamResponse, or the bare Task for configs created through 0.3
methods, v0.3.0 spec §9.5), and which events are pushed: every settled state (terminal,
INPUT_REQUIRED, AUTH_REQUIRED), written to the task store's outbox in the commit that settles it
and moved to the queue by the `OutboxRelay` in the background, so a turn never waits for an fsync
or a Redis round trip and no crash loses a notification.

A config is answered without its secrets: `token` and `authentication.credentials` are used for
delivery and stored encrypted, never echoed by create, get or list (docs/a2a.md).

With `push-notifications: false` every method answers -32003 before anything else is checked
(the TCK expects -32003 even for a task that does not exist).
"""

from __future__ import annotations

import logging

import attrs

from iaccode.a2a import legacy
from iaccode.model.a2a import (
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse,
    TaskPushNotificationConfig,
    TaskPushNotificationConfigRequest,
)
from iaccode.model.errors import (
    InvalidParamsError,
    PushNotificationNotSupportedError,
    TaskNotFoundError,
)
from iaccode.tasks.push import CallbackUrlError, PushConfigStore, PushTarget
from iaccode.tasks.store import OutboxEntry
from iaccode.wire import json

log = logging.getLogger("iaccode.push")


class PushConfigs:
    """The config methods (the service checks the task is the caller's first)."""

    def __init__(self, store: PushConfigStore | None) -> None:
        self._store = store

    @property
    def enabled(self) -> bool:
        return self._store is not None

    def require(self) -> PushConfigStore:
        if self._store is None:
            raise PushNotificationNotSupportedError(
                "Push notifications are not enabled on this server (push-notifications: false)"
            )
        return self._store

    async def create(
        self, owner: str, config: TaskPushNotificationConfig, *, legacy: bool
    ) -> TaskPushNotificationConfig:
        try:
            return redacted(await self.require().create(owner, config, legacy=legacy))
        except CallbackUrlError as exc:
            raise InvalidParamsError(exc.message, field="url") from None

    async def get(
        self, owner: str, request: TaskPushNotificationConfigRequest
    ) -> TaskPushNotificationConfig:
        found = await self.require().get(owner, request.task_id, request.id)
        if found is None:
            raise TaskNotFoundError(
                f"Push notification config {request.id} not found",
                taskId=request.task_id,
                configId=request.id,
            )
        return redacted(found)

    async def list(
        self, owner: str, request: ListTaskPushNotificationConfigsRequest
    ) -> ListTaskPushNotificationConfigsResponse:
        configs, token = await self.require().list(
            owner, request.task_id, request.page_size, request.page_token
        )
        shown = [redacted(config) for config in configs]
        return ListTaskPushNotificationConfigsResponse(configs=shown, next_page_token=token)

    async def delete(self, owner: str, request: TaskPushNotificationConfigRequest) -> None:
        await self.require().delete(owner, request.task_id, request.id)


def redacted(config: TaskPushNotificationConfig) -> TaskPushNotificationConfig:
    """The config as a caller sees it: no token, no credentials (the scheme stays)."""
    auth = config.authentication
    if auth is not None and auth.credentials is not None:
        auth = attrs.evolve(auth, credentials=None)
    return attrs.evolve(config, token=None, authentication=auth)


def push_body(target: PushTarget, entry: OutboxEntry) -> bytes | None:
    """What a config gets for a settled state: the StreamResponse, or for a 0.3 config the
    Task as of the commit (None if it was not kept: the config came after the state)."""
    if not target.legacy:
        return json.dumps({"statusUpdate": entry.event})
    if entry.task is None:
        return None
    return json.dumps(legacy.task_to_v03(entry.task))
