"""Calls to one worker thread, grouped: every call queued while a trip runs goes into the next.

A turn crosses to a worker thread several times, and on a loaded core each crossing costs two
context switches (issue 18). `GroupedCalls` lets the calls that meet (8 contexts' turns writing
at once) share one crossing, without making any call wait for company: a call that finds no
trip running starts one at once; the calls that arrive meanwhile queue, and when the trip ends
the first of them leads the next trip for the whole queue. What one trip does with its calls
(one transaction, savepoints) is the caller's `run_group`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

import attrs
import outcome
import trio

from iaccode.tasks import offload

T = TypeVar("T")
C = TypeVar("C")  # what a call is given in the thread (a connection)


@attrs.define(eq=False)
class _Queued(Generic[C, T]):
    """A call waiting for its trip: `result` once the trip that took it ended."""

    fn: Callable[[C], T]
    result: outcome.Outcome[T] | None = None
    wake: trio.Event = attrs.field(factory=trio.Event)


RunGroup = Callable[[Sequence[Callable[[C], Any]]], list[outcome.Outcome[Any]]]


class GroupedCalls(Generic[C]):
    """Calls run by `run_group` in a worker thread, one trip at a time (`limiter` held for it)."""

    def __init__(self, run_group: RunGroup[C], limiter: trio.CapacityLimiter) -> None:
        self._run_group = run_group
        self._limiter = limiter
        self._queue: list[_Queued[C, Any]] = []  # the calls of the next trip
        self._running = False  # a trip is under way

    async def call(self, fn: Callable[[C], T]) -> T:
        """`fn`, run in the next trip; returns what its outcome holds once that trip ended.

        Raises what `run_group` gave as `fn`'s outcome; every call of the trip gets what
        `run_group` itself raises. Raises `trio.Cancelled` only before `fn` is queued: a queued
        call runs, and its caller waits for it (the trip running, then its own), so a cancelled
        caller never leaves a call it does not know the outcome of.
        """
        await trio.lowlevel.checkpoint_if_cancelled()
        queued: _Queued[C, T] = _Queued(fn)
        self._queue.append(queued)
        with trio.CancelScope(shield=True):
            while queued.result is None:
                if self._running:  # the trip after this one takes it (or wakes it to lead)
                    queued.wake = trio.Event()
                    await queued.wake.wait()
                else:
                    await self._trip()
        return cast("outcome.Outcome[T]", queued.result).unwrap()  # set: the loop ended

    async def _trip(self) -> None:
        """Run every queued call in one trip; then wake their callers, and the first of those
        queued meanwhile to lead the next trip."""
        self._running = True
        group, self._queue = self._queue, []
        try:
            results = await offload.run_sync(
                self._run_group, [queued.fn for queued in group], limiter=self._limiter
            )
        except BaseException as error:  # the trip failed as a whole: so did each of its calls
            results = [outcome.Error(error) for _ in group]  # each unwrapped once
        finally:
            self._running = False
        for queued, result in zip(group, results, strict=True):
            queued.result = result
            queued.wake.set()
        if self._queue:
            self._queue[0].wake.set()
