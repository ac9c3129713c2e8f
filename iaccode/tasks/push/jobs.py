"""Push jobs and the retry policy: what the queues store and how often a delivery is retried.

A job is one POST of one event to one callback (a2a.md §8: body = the StreamResponse for 1.0
configs, the Task for 0.3 ones; headers `Authorization: <scheme> <credentials>` and
`X-A2A-Notification-Token`). Its JSON form follows iac-code-reference 1.5 (`jobId`, `taskId`,
`configId`, `url`, `payload`, `headers`, `attempt`, `nextAttemptAt`, `lastError`), so a job file
in `pending/` reads like the seed's. The header values are secrets: they are stored encrypted with
the push keyring and decrypted only to send (DESIGN.md "State and durability").

`attempt` counts the attempts that failed so far. The retry policy is the seed's: exponential
from 1 s, capped at 60 s, ±20 % jitter, at most 5 attempts (iac-code-reference 1.5).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.model.a2a import TaskPushNotificationConfig
from iaccode.model.ids import new_id
from iaccode.tasks.push.keyring import PushKeyring
from iaccode.wire import json

TOKEN_HEADER = "X-A2A-Notification-Token"
MAX_ERROR_CHARS = 500
_RNG = random.Random()


def _frozen_headers(value: Mapping[str, str]) -> Mapping[str, str]:
    return dict(value)


@attrs.frozen
class PushJob:
    """One delivery: `payload` is the exact body; `headers` hold ENCRYPTED values."""

    job_id: str
    task_id: str
    config_id: str
    url: str
    payload: bytes
    headers: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_headers)
    attempt: int = 0
    next_attempt_at: float = 0.0
    last_error: str | None = None
    created_at: float = 0.0

    @classmethod
    def create(
        cls,
        keyring: PushKeyring,
        *,
        task_id: str,
        config_id: str,
        url: str,
        payload: bytes | Mapping[str, Any],
        headers: Mapping[str, str],
        now: float | None = None,
        job_id: str | None = None,
    ) -> PushJob:
        """A new job; `headers` are given in clear and encrypted here."""
        moment = time.time() if now is None else now
        body = payload if isinstance(payload, bytes) else json.dumps(dict(payload))
        json.loads(body)  # the body must be one JSON document
        return cls(
            job_id=job_id or new_id(),
            task_id=task_id,
            config_id=config_id,
            url=url,
            payload=body,
            headers={name: keyring.encrypt(value) for name, value in headers.items()},
            next_attempt_at=moment,
            created_at=moment,
        )

    def plain_headers(self, keyring: PushKeyring) -> dict[str, str]:
        """The headers in clear, for sending only (raises `KeyringError`)."""
        return {name: keyring.decrypt(value) for name, value in self.headers.items()}

    def failed(self, error: str, next_attempt_at: float) -> PushJob:
        """This job after one more failed attempt."""
        return attrs.evolve(
            self,
            attempt=self.attempt + 1,
            last_error=error[:MAX_ERROR_CHARS],
            next_attempt_at=next_attempt_at,
        )

    def to_json(self) -> bytes:
        return json.dumps(
            {
                "jobId": self.job_id,
                "taskId": self.task_id,
                "configId": self.config_id,
                "url": self.url,
                "payload": json.loads(self.payload),
                "headers": dict(self.headers),
                "attempt": self.attempt,
                "nextAttemptAt": self.next_attempt_at,
                "lastError": self.last_error,
                "createdAt": self.created_at,
            }
        )

    @classmethod
    def from_json(cls, data: bytes | str) -> PushJob:
        """Parse a stored job; `ValueError` when it is not one."""
        try:
            value = json.loads(data)
            headers = value.get("headers") or {}
            if not isinstance(headers, dict) or not all(
                isinstance(v, str) for v in headers.values()
            ):
                raise ValueError("headers must map names to strings")
            last_error = value.get("lastError")
            return cls(
                job_id=_text(value["jobId"]),
                task_id=_text(value["taskId"]),
                config_id=_text(value["configId"]),
                url=_text(value["url"]),
                payload=json.dumps(value["payload"]),
                headers=headers,
                attempt=int(value.get("attempt") or 0),
                next_attempt_at=float(value.get("nextAttemptAt") or 0.0),
                last_error=None if last_error is None else str(last_error),
                created_at=float(value.get("createdAt") or 0.0),
            )
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
            raise ValueError(f"not a push job: {exc}") from None

    def describe(self) -> str:
        """For logs: which job, never its URL (it may carry a secret) or headers."""
        return f"push job {self.job_id} (task {self.task_id}, config {self.config_id})"


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("expected a string")
    return value


def delivery_headers(config: TaskPushNotificationConfig) -> dict[str, str]:
    """The secret headers a config asks for, in clear (a2a.md §8)."""
    headers: dict[str, str] = {}
    auth = config.authentication
    if auth is not None and auth.credentials:
        headers["Authorization"] = f"{auth.scheme} {auth.credentials}"
    if config.token:
        headers[TOKEN_HEADER] = config.token
    return headers


def job_for_config(
    keyring: PushKeyring,
    config: TaskPushNotificationConfig,
    payload: bytes | Mapping[str, Any],
    *,
    now: float | None = None,
    job_id: str | None = None,
) -> PushJob:
    """The job that delivers `payload` to the callback `config` describes."""
    if not config.task_id or not config.id:
        raise ValueError("a push config needs its task id and id to be delivered")
    return PushJob.create(
        keyring,
        task_id=config.task_id,
        config_id=config.id,
        url=config.url,
        payload=payload,
        headers=delivery_headers(config),
        now=now,
        job_id=job_id,
    )


@attrs.frozen
class RetryPolicy:
    """Exponential backoff with jitter: `base * 2**(n-1)` after the n-th failure, capped."""

    max_attempts: int = attrs.field(default=5, validator=attrs.validators.ge(1))
    base: float = attrs.field(default=1.0, validator=attrs.validators.ge(0.0))
    cap: float = attrs.field(default=60.0, validator=attrs.validators.ge(0.0))
    jitter: float = attrs.field(default=0.2, validator=attrs.validators.ge(0.0))

    def delay(self, attempt: int, rng: random.Random | None = None) -> float:
        """Seconds to wait after the `attempt`-th failed attempt (1-based)."""
        exponent = min(max(attempt - 1, 0), 62)
        delay = min(self.cap, self.base * 2.0**exponent)
        if self.jitter:
            delay *= 1.0 + (rng or _RNG).uniform(-self.jitter, self.jitter)
        return max(0.0, min(self.cap, delay))

    def exhausted(self, attempts: int) -> bool:
        """True when `attempts` failed attempts are all the policy allows."""
        return attempts >= self.max_attempts
