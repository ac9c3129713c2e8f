"""Blocking calls in worker threads (tasks/offload.py): off the event loop, results and errors
back to the caller, bounded by their limiter, and never abandoned by a cancellation."""

from __future__ import annotations

import contextvars
import threading

import pytest
import trio

from iaccode.tasks import offload

_seen: contextvars.ContextVar[str] = contextvars.ContextVar("seen", default="unset")


async def test_the_call_runs_in_another_thread_and_returns_its_result() -> None:
    loop_thread = threading.get_ident()
    assert await offload.run_sync(threading.get_ident) != loop_thread
    assert await offload.run_sync(divmod, 7, 2) == (3, 1)


async def test_an_exception_reaches_the_caller() -> None:
    with pytest.raises(ZeroDivisionError):
        await offload.run_sync(divmod, 1, 0)


async def test_context_variables_are_copied_into_the_thread() -> None:
    _seen.set("caller")
    assert await offload.run_sync(_seen.get) == "caller"


async def test_a_limiter_of_one_runs_one_call_at_a_time() -> None:
    limiter = trio.CapacityLimiter(1)
    running, most = 0, 0
    lock = threading.Lock()

    def work() -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        threading.Event().wait(0.01)
        with lock:
            running -= 1

    async with trio.open_nursery() as nursery:
        for _ in range(5):
            nursery.start_soon(lambda: offload.run_sync(work, limiter=limiter))
    assert most == 1


async def test_a_cancelled_caller_waits_for_the_call_to_finish() -> None:
    release = threading.Event()
    finished = threading.Event()

    def slow() -> str:
        release.wait(5)
        finished.set()
        return "done"

    results: list[str] = []

    async def caller(task_status: trio.TaskStatus[trio.CancelScope]) -> None:
        with trio.CancelScope() as scope:
            task_status.started(scope)
            results.append(await offload.run_sync(slow))
            await trio.lowlevel.checkpoint()  # where the cancellation takes effect
            results.append("not reached")

    async with trio.open_nursery() as nursery:
        scope = await nursery.start(caller)
        await trio.sleep(0.05)
        scope.cancel()  # the call is running: the cancellation waits for it
        await trio.sleep(0.05)
        assert not finished.is_set()
        release.set()
    assert results == ["done"]
    assert scope.cancelled_caught


async def test_a_caller_cancelled_while_waiting_for_the_limiter_never_runs() -> None:
    limiter = trio.CapacityLimiter(1)
    calls: list[str] = []
    gate = threading.Event()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(lambda: offload.run_sync(gate.wait, 5, limiter=limiter))
        await trio.sleep(0.05)
        with trio.move_on_after(0.05) as waiting:
            await offload.run_sync(calls.append, "ran", limiter=limiter)
        gate.set()
    assert waiting.cancelled_caught
    assert calls == []
