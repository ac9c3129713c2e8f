"""Blocking calls in a worker thread, for the calls made several times in every request.

`trio.to_thread.run_sync` names the worker thread after the calling task for each call, and
back again after it (two `pthread_setname_np`, a formatted name, on every call): on the machines
the bench runs on that is about 45 of its 100 us per call, and a turn made seven such calls
(issue 18). `run_sync` here is the same call on trio's own thread cache, unnamed: the same
semantics for what the task store and the input preparation need (never abandoned: a cancelled
caller waits for its call to return, so no transaction is left half done; context variables
copied into the thread). A call that needs the event loop meanwhile passes the loop's token to
`trio.from_thread` (`trio_token=`): the thread does not know it by itself.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import trio

if TYPE_CHECKING:
    import outcome

T = TypeVar("T")


async def run_sync(
    fn: Callable[..., T], *args: Any, limiter: trio.CapacityLimiter | None = None
) -> T:
    """`fn(*args)` in a worker thread, one of `limiter`'s (trio's default limiter when None).

    Returns what `fn` returns. Raises what `fn` raises, and `trio.Cancelled` while waiting for
    the limiter only: once `fn` started, a cancellation waits for it to return and takes effect
    at the caller's next checkpoint.
    """
    async with limiter or trio.to_thread.current_default_thread_limiter():
        task = trio.lowlevel.current_task()
        token = trio.lowlevel.current_trio_token()
        call = functools.partial(contextvars.copy_context().run, fn, *args)

        def deliver(result: outcome.Outcome[T]) -> None:
            token.run_sync_soon(trio.lowlevel.reschedule, task, result)

        trio.lowlevel.start_thread_soon(call, deliver)
        result: T = await trio.lowlevel.wait_task_rescheduled(_never_abort)
        return result


def _never_abort(_: object) -> trio.lowlevel.Abort:
    return trio.lowlevel.Abort.FAILED
