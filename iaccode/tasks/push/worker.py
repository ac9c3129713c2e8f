"""The push worker: claims jobs, POSTs them to their callbacks, and settles each one.

DESIGN.md "Who owns what": the push worker lives in the server's nursery, one `fail_after` per
attempt, backoff, dead letter. a2a.md §8 fixes the request: POST of the JSON body with
`Content-Type: application/json` and a Content-Length (the TCK's receiver reads the body by
Content-Length only, so never chunked), plus the job's `Authorization` and
`X-A2A-Notification-Token` headers. Issue 4 fixes the failure handling: timeouts, 5xx and early
closes are retried with exponential backoff and jitter, then dead-lettered with the last error,
and the server keeps serving meanwhile.

How an answer is judged (`classify`):

- 2xx: delivered.
- 408, 425, 429, 5xx, 3xx, timeouts, connection and protocol errors, DNS failures: retried.
  Redirects are never followed (a redirect could lead past the URL checks); a 3xx is retried in
  case the receiver is being moved. `Retry-After` in seconds lengthens the wait, up to the cap.
- Any other 4xx: dead at once. The receiver understood the request and refused it; sending the
  same bytes again cannot change its answer, and a dead letter keeps the job and the status.
- A URL refused by `check_resolved` at send time (DNS rebinding) or headers that no longer decrypt:
  dead at once, never retried. The POST goes to the address that check passed, not to a
  second lookup of the name (`_pinned_request`).

One bad job never stops the worker: every failure settles that job, and a queue that is down
(Redis restarting) only pauses claiming, with backoff. A worker cancelled mid-delivery releases
its job in a shielded, bounded cleanup; if even that fails, the job's lease brings it back.
Logs name the job, task and config, never the URL (it may carry a secret) or the headers.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import itertools
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs
import httpx
import trio

from iaccode import __version__
from iaccode.tasks.failpoints import crash_point
from iaccode.tasks.push.jobs import PushJob, RetryPolicy
from iaccode.tasks.push.keyring import KeyringError, PushKeyring
from iaccode.tasks.push.queue import ClaimedJob, PushQueue
from iaccode.tasks.push.urls import CallbackUrlError, IPAddress, check_resolved

log = logging.getLogger("iaccode.push")

USER_AGENT = f"iaccode/{__version__}"
_RETRIED_4XX = frozenset({408, 425, 429})
_BODY_LIMIT = 64 * 1024  # read this much of an answer, so the connection can be reused
_CLEANUP_SECONDS = 2.0


class Outcome(enum.Enum):
    DELIVERED = "delivered"
    RETRY = "retry"
    DEAD = "dead"


@attrs.frozen
class DeliveryResult:
    outcome: Outcome
    error: str | None = None
    status: int | None = None
    retry_after: float | None = None  # seconds the receiver asked us to wait


def classify(status: int, headers: Mapping[str, str] | None = None) -> DeliveryResult:
    """What an HTTP answer means for the job (see the module docstring)."""
    if 200 <= status < 300:
        return DeliveryResult(Outcome.DELIVERED, status=status)
    if 400 <= status < 500 and status not in _RETRIED_4XX:
        return DeliveryResult(Outcome.DEAD, f"HTTP {status} (refused by the receiver)", status)
    after = (headers or {}).get("retry-after", "").strip()
    return DeliveryResult(
        Outcome.RETRY, f"HTTP {status}", status, float(after) if after.isdigit() else None
    )


async def deliver_once(
    client: httpx.AsyncClient,
    job: PushJob,
    keyring: PushKeyring,
    *,
    allow_loopback: bool = False,
) -> DeliveryResult:
    """One attempt at delivering `job`: the send-time URL check, then the POST.

    Unbounded, as trio functions are: the caller sets the deadline (`PushWorker` wraps each
    attempt in `trio.move_on_after(timeout)` and counts a timeout as a failed attempt).
    """
    try:
        headers = {
            **job.plain_headers(keyring),
            "Content-Type": "application/json",
            "Content-Length": str(len(job.payload)),  # a plain body, never chunked
            "User-Agent": USER_AGENT,
        }
        addresses = await check_resolved(job.url, allow_loopback=allow_loopback)
        request = _pinned_request(client, job, headers, addresses[0])
        response = await client.send(request, stream=True, follow_redirects=False)
        try:
            received = 0
            async for chunk in response.aiter_raw():
                received += len(chunk)
                if received > _BODY_LIMIT:
                    break
        finally:
            await response.aclose()
    except CallbackUrlError as exc:
        return DeliveryResult(Outcome.DEAD, f"Callback URL refused at send time: {exc.message}")
    except KeyringError:
        return DeliveryResult(Outcome.DEAD, "The job's headers do not decrypt with the keyring.")
    except (httpx.InvalidURL, httpx.UnsupportedProtocol, httpx.LocalProtocolError) as exc:
        return DeliveryResult(Outcome.DEAD, f"Request not sendable: {_describe(exc)}")
    except httpx.TransportError as exc:
        return DeliveryResult(Outcome.RETRY, _describe(exc))
    except OSError as exc:  # the host did not resolve
        return DeliveryResult(Outcome.RETRY, f"Callback host lookup failed: {exc.strerror or exc}")
    return classify(response.status_code, response.headers)


def _pinned_request(
    client: httpx.AsyncClient, job: PushJob, headers: dict[str, str], address: IPAddress
) -> httpx.Request:
    """The POST to the address `check_resolved` just checked, never to a second lookup of the
    name (DNS rebinding: the second answer could be a private address). The name stays in
    `Host` and, for https, in SNI and the certificate check; an https connection is not reused,
    since the pool knows it by address only and another name may share that address."""
    url = httpx.URL(job.url)
    extensions: dict[str, Any] = {}
    headers = {**headers, "Host": url.netloc.decode("ascii")}
    if url.scheme == "https":
        extensions["sni_hostname"] = url.host
        headers["Connection"] = "close"
    pinned = url.copy_with(host=str(address))
    return client.build_request(
        "POST", pinned, content=job.payload, headers=headers, extensions=extensions
    )


def _describe(exc: Exception) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


@attrs.define
class WorkerStats:
    delivered: int = 0
    retried: int = 0
    dead: int = 0


class PushWorker:
    """Runs in the server's nursery: `await nursery.start(worker.run)`."""

    def __init__(
        self,
        queue: PushQueue,
        keyring: PushKeyring,
        *,
        client: httpx.AsyncClient | None = None,
        policy: RetryPolicy | None = None,
        timeout: float = 10.0,
        allow_loopback: bool = False,
        poll_interval: float = 0.5,
        concurrency: int = 4,
        recover_interval: float = 30.0,
        rng: random.Random | None = None,
    ) -> None:
        self.queue = queue
        self.keyring = keyring
        self.policy = policy or RetryPolicy()
        self.timeout = timeout
        self.allow_loopback = allow_loopback
        self.poll_interval = poll_interval
        self.concurrency = concurrency
        self.recover_interval = recover_interval
        self.stats = WorkerStats()
        self._client = client
        self._rng = rng or random.Random()
        self._wakeup = trio.Event()
        self._recover_failures = 0

    def kick(self) -> None:
        """New jobs were enqueued: claim now instead of at the next poll."""
        self._wakeup.set()
        self._wakeup = trio.Event()

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Deliver until cancelled: `concurrency` claim loops and a recovery loop.

        Reports started at once: a queue that is down (Redis) delays deliveries, not the server.
        """
        async with contextlib.AsyncExitStack() as stack:
            client = self._client
            if client is None:
                # No proxies from the environment, no redirects: the checked host is the one
                # contacted. Connections are reused across deliveries.
                # httpx's own timeout is a backstop; the attempt's deadline normally fires first.
                client = httpx.AsyncClient(
                    trust_env=False, follow_redirects=False, timeout=self.timeout + 1.0
                )
                stack.push_async_callback(_close_client, client)
            async with trio.open_nursery() as nursery:
                for _ in range(self.concurrency):
                    nursery.start_soon(self._claim_loop, client)
                nursery.start_soon(self._recover_loop)
                task_status.started()

    async def _claim_loop(self, client: httpx.AsyncClient) -> None:
        failures = 0
        while True:
            try:
                claimed = await self.queue.claim(time.time())
            except Exception as exc:
                failures += 1
                if failures == 1:
                    log.warning("push queue unavailable, retrying: %s", _describe(exc))
                await trio.sleep(min(5.0, self.poll_interval * 2 ** min(failures, 6)))
                continue
            if failures:
                log.info("push queue available again")
                failures = 0
            if claimed is None:
                with trio.move_on_after(self.poll_interval):
                    await self._wakeup.wait()
                continue
            crash_point("claim")
            await self._process(client, claimed)

    async def _process(self, client: httpx.AsyncClient, claimed: ClaimedJob) -> None:
        job = claimed.job
        try:
            with trio.move_on_after(self.timeout) as attempt:
                result = await deliver_once(
                    client, job, self.keyring, allow_loopback=self.allow_loopback
                )
            if attempt.cancelled_caught:
                result = DeliveryResult(Outcome.RETRY, f"Timed out after {self.timeout:g} s.")
        except trio.Cancelled:
            with trio.move_on_after(_CLEANUP_SECONDS, shield=True):
                try:
                    await self.queue.release(claimed)
                except Exception as exc:
                    log.warning(
                        "%s not released (its lease brings it back): %s",
                        job.describe(),
                        _describe(exc),
                    )
            raise
        except Exception:
            log.exception("%s: unexpected error while delivering", job.describe())
            result = DeliveryResult(Outcome.RETRY, "Internal error while delivering.")
        await self._settle(claimed, result)

    async def _settle(self, claimed: ClaimedJob, result: DeliveryResult) -> None:
        job = claimed.job
        attempts = job.attempt + 1
        error = result.error or "Delivery failed."
        settle: Callable[[], Awaitable[None]]
        if result.outcome is Outcome.DELIVERED:
            log.debug("%s delivered (HTTP %s)", job.describe(), result.status)
            crash_point("deliver")
            self.stats.delivered += 1
            settle = functools.partial(self.queue.ack, claimed)
        elif result.outcome is Outcome.DEAD or self.policy.exhausted(attempts):
            log.warning("%s dead after %d attempt(s): %s", job.describe(), attempts, error)
            self.stats.dead += 1
            settle = functools.partial(self.queue.dead, claimed, error)
        else:
            delay = self.policy.delay(attempts, self._rng)
            if result.retry_after is not None:
                delay = max(delay, min(result.retry_after, self.policy.cap))
            log.info(
                "%s attempt %d/%d failed: %s; retry in %.1f s",
                job.describe(),
                attempts,
                self.policy.max_attempts,
                error,
                delay,
            )
            self.stats.retried += 1
            at = time.time() + delay
            settle = functools.partial(self.queue.retry, claimed, error, at)
        for failures in itertools.count():
            try:
                await settle()
                crash_point("ack")
                return
            except Exception as exc:
                if time.time() >= claimed.lease_until:
                    log.warning(
                        "%s not settled (its lease brings it back): %s",
                        job.describe(),
                        _describe(exc),
                    )
                    return
                if failures == 0:
                    log.warning("%s cannot be settled yet: %s", job.describe(), _describe(exc))
                await trio.sleep(min(5.0, 0.05 * 2**failures))

    async def _recover_loop(self) -> None:
        while True:  # at once first: jobs a crashed predecessor held come back now
            await self._recover()
            await trio.sleep(self.recover_interval)

    async def _recover(self) -> None:
        try:
            count = await self.queue.recover(time.time())
        except Exception as exc:
            self._recover_failures += 1
            if self._recover_failures == 1:  # once per outage, not once per interval
                log.warning("push queue recovery failed: %s", _describe(exc))
            return
        self._recover_failures = 0
        if count:
            log.info("push queue: %d job(s) back in line", count)
            self.kick()


async def _close_client(client: httpx.AsyncClient) -> None:
    with trio.move_on_after(_CLEANUP_SECONDS, shield=True):
        await client.aclose()
