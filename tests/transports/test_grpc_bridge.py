"""The grpcio-to-Trio bridge on its own, with a stand-in for grpcio's call context."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

import pytest
import trio

from iaccode.transports.grpc import Call, OpenStream, TrioBridge


class Context:
    """What the bridge uses of grpcio's ServicerContext."""

    def __init__(self) -> None:
        self.callbacks: list[Callable[[], None]] = []

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return ()

    def add_callback(self, callback: Callable[[], None]) -> bool:
        self.callbacks.append(callback)
        return True

    def terminate(self) -> None:  # the client cancelled: grpcio runs the callbacks
        for callback in self.callbacks:
            callback()


class Admission:
    def __init__(self) -> None:
        self.in_flight = 0

    def admit(self) -> bool:
        self.in_flight += 1
        return True

    def release(self) -> None:
        self.in_flight -= 1


async def test_a_cancelled_stream_is_released_though_grpcio_never_closes_it() -> None:
    # grpcio stops iterating a cancelled stream's generator without closing it: its `finally`
    # runs whenever the generator is collected (late, with a reference cycle). The stream must
    # not wait for that to give back its subscription and its place in the shutdown count.
    admission = Admission()
    send, receive = trio.open_memory_channel[bytes](10)
    released = trio.Event()

    async def opener(raw: bytes, call: Call) -> OpenStream:
        await send.send(b"first")
        return OpenStream(receive, lambda item: item, released.set)

    bridge = TrioBridge(admission, trio.lowlevel.current_trio_token())  # type: ignore[arg-type]
    handler = bridge.stream(opener)
    context = Context()
    kept: list[Any] = []

    def client() -> None:
        stream = handler(b"", context)
        assert next(stream) == b"first"
        kept.append(stream)  # held, never closed: as a cycle would hold it
        context.terminate()

    await trio.to_thread.run_sync(client)
    with trio.fail_after(5):
        await released.wait()
    assert admission.in_flight == 0
    # Collected at last, here in the loop's own thread: its `finally` must not hop into Trio.
    unraisable: list[Any] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "unraisablehook", unraisable.append)
        kept.clear()
        gc.collect()
    assert unraisable == []
