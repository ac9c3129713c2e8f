"""Push notifications: configs, encrypted secrets, callback URL checks, durable queues, delivery.

A2A seed "Push-Notification-Zustell-Backends" and "Push-Notification-Config-Methoden"; a2a.md §8;
iac-code-reference 1.5. The pieces, bottom up:

- `keyring`: Fernet keys for push secrets at rest (`IAC_CODE_A2A_PUSH_KEYRING` or
  `<persistence-dir>/push_keys.json`, 0600).
- `urls`: callback URL checks at store time and before each send (SSRF, DNS rebinding).
- `configs`: `PushConfigStore`, the configs on SQLite, owner-scoped, secrets encrypted.
- `jobs`: `PushJob` (headers encrypted) and `RetryPolicy`.
- `queue`: the `PushQueue` protocol and `LocalFileQueue`; `redis_queue`: `RedisStreamsQueue`
  (needs the optional `redis` extra, so it is not imported here).
- `worker`: `PushWorker` (claim, deliver, settle).
- `outbox`: `OutboxRelay`, which moves the notifications the task store committed (its outbox)
  into the queue, one job per config.
"""

from __future__ import annotations

from iaccode.tasks.push.configs import PushConfigStore, PushTarget
from iaccode.tasks.push.jobs import PushJob, RetryPolicy, job_for_config
from iaccode.tasks.push.keyring import (
    KeyringError,
    KeyringUnusableError,
    PushKeyring,
    load_keyring,
    open_keyring,
)
from iaccode.tasks.push.outbox import OutboxRelay
from iaccode.tasks.push.queue import ClaimedJob, LocalFileQueue, PushQueue, QueueCounts
from iaccode.tasks.push.urls import CallbackUrlError, check_resolved, check_url
from iaccode.tasks.push.worker import DeliveryResult, Outcome, PushWorker, deliver_once

__all__ = [
    "CallbackUrlError",
    "ClaimedJob",
    "DeliveryResult",
    "KeyringError",
    "KeyringUnusableError",
    "LocalFileQueue",
    "OutboxRelay",
    "Outcome",
    "PushConfigStore",
    "PushJob",
    "PushKeyring",
    "PushQueue",
    "PushTarget",
    "PushWorker",
    "QueueCounts",
    "RetryPolicy",
    "check_resolved",
    "check_url",
    "deliver_once",
    "job_for_config",
    "load_keyring",
    "open_keyring",
]
