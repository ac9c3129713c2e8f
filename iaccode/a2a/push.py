"""Push notifications on the A2A side: the four config methods and what a task event sends.

The storage, queues and delivery live in `iaccode.tasks.push`; this module knows the protocol:
which body a config gets (a 1.0 StreamResponse, or the bare Task for configs created through 0.3
methods, v0.3.0 spec §9.5), and which events are pushed: every settled state (terminal,
INPUT_REQUIRED, AUTH_REQUIRED), after it is committed. Enqueueing (an fsync, or a Redis round
trip) runs in a background task so a turn never waits for it.

A config is answered without its secrets: `token` and `authentication.credentials` are used for
delivery and stored encrypted, never echoed by create, get or list (docs/a2a.md).

With `push-notifications: false` every method answers -32003 before anything else is checked
(the TCK expects -32003 even for a task that does not exist).
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import attrs
import trio

from iaccode.a2a import legacy
from iaccode.model import codec
from iaccode.model.a2a import (
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse,
    TaskPushNotificationConfig,
    TaskPushNotificationConfigRequest,
    TaskStatusUpdateEvent,
)
from iaccode.model.errors import (
    InvalidParamsError,
    PushNotificationNotSupportedError,
    TaskNotFoundError,
)
from iaccode.tasks.manager import TaskRecord
from iaccode.tasks.push import CallbackUrlError, PushConfigStore, PushNotifier, PushTarget
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


@attrs.define
class PushPublisher:
    """Hands settled task states to the notifier, in the background of the server."""

    notifier: PushNotifier
    nursery: trio.Nursery

    def on_settled(self, record: TaskRecord, event: TaskStatusUpdateEvent) -> None:
        task = record.snapshot()
        update = json.dumps({"statusUpdate": codec.unstructure(event)})  # encoded once

        @functools.cache
        def legacy_body() -> bytes:  # the same for every 0.3 config of the task
            return json.dumps(legacy.task_to_v03(codec.unstructure(task)))

        def body(target: PushTarget) -> bytes:
            return legacy_body() if target.legacy else update

        self.nursery.start_soon(self._notify, record.id, body)

    async def _notify(self, task_id: str, body: Any) -> None:
        try:
            await self.notifier.notify(task_id, body)
        except Exception:
            log.exception("push notifications for task %s could not be queued", task_id)
