"""The log's writer: access lines queued and written in batches by a worker thread, in order with
every other record, flushed on shutdown, and dropped (and counted in the log) when the queue is
full."""

from __future__ import annotations

import io
import json
import logging
import threading
import time
from pathlib import Path

import httpx
import pytest

from iaccode.transports.log_writer import LineHandler, line_handler_for
from tests.process import ServerProcess


def record(message: str, level: int = logging.WARNING) -> logging.LogRecord:
    return logging.makeLogRecord(
        {"name": "iaccode.a2a", "levelno": level, "levelname": logging.getLevelName(level),
         "msg": message}
    )  # fmt: skip


def test_lines_keep_their_order_across_the_queue_and_direct_records() -> None:
    out = io.StringIO()
    handler = LineHandler(out, batch_seconds=60)  # the worker would wait a minute
    handler.access("GET /a 200 0.1ms principal=-", {})
    handler.access("GET /b 200 0.1ms principal=-", {})
    handler.emit(record("a warning"))  # written at once, after what was queued before it
    assert [line.split(": ", 1)[1] for line in out.getvalue().splitlines()] == [
        "GET /a 200 0.1ms principal=-",
        "GET /b 200 0.1ms principal=-",
        "a warning",
    ]
    handler.access("GET /c 200 0.1ms principal=-", {})
    assert "GET /c" not in out.getvalue()  # queued, not written on the caller's thread
    handler.close()  # ...until the close writes it
    assert (
        out.getvalue()
        .splitlines()[-1]
        .endswith("INFO iaccode.access: GET /c 200 0.1ms principal=-")
    )


def test_a_full_queue_drops_lines_and_says_how_many() -> None:
    out = io.StringIO()
    handler = LineHandler(out, limit=2, batch_seconds=60)
    for n in range(5):
        handler.access(f"GET /{n} 200 0.1ms principal=-", {})
    assert handler.dropped == 3
    handler.close()
    lines = out.getvalue().splitlines()
    assert [line.split("iaccode.access: ")[1] for line in lines] == [
        "GET /0 200 0.1ms principal=-",
        "GET /1 200 0.1ms principal=-",
        "3 access log line(s) dropped: the log output fell behind",
    ]
    assert " WARNING " in lines[2]


def test_json_access_lines_carry_the_fields() -> None:
    out = io.StringIO()
    handler = LineHandler(out, "json", batch_seconds=60)
    handler.access("GET /health 200 0.1ms principal=-", {"status": 200, "task_id": None})
    handler.close()
    line = json.loads(out.getvalue())
    assert line["message"] == "GET /health 200 0.1ms principal=-" and line["status"] == 200
    assert line["level"] == "INFO" and line["logger"] == "iaccode.access"
    assert line["time"][10] == "T" and line["task_id"] is None


def test_records_that_go_elsewhere_too_stay_records() -> None:
    root = logging.getLogger()
    saved = list(root.handlers)
    handler = LineHandler(io.StringIO())
    try:
        root.handlers[:] = [handler]
        assert line_handler_for(logging.getLogger("iaccode.access")) is handler
        root.handlers.append(logging.NullHandler())  # a capture beside it: records for both
        assert line_handler_for(logging.getLogger("iaccode.access")) is None
    finally:
        root.handlers[:] = saved
        handler.close()


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_server_writes_every_line_in_order_and_flushes_on_shutdown(
    tmp_path: Path, fmt: str
) -> None:
    with ServerProcess(tmp_path / "state", extra_args=["--log-format", fmt]) as server:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            for n in range(50):
                assert http.get(f"/probe-{n}").status_code == 404  # a line each, its own path
        # SIGTERM at once: the last lines are still queued for the worker's next batch
        assert server.terminate() == 0
        server.wait_for_log("/probe-49")
    if fmt == "json":
        access = [json.loads(line) for line in server.lines if '"iaccode.access"' in line]
        paths = [line["path"] for line in access]
        assert all(line["status"] == 404 and line["http_method"] == "GET" for line in access)
    else:
        paths = [line.split()[5] for line in server.lines if " iaccode.access: " in line]
    assert paths == [f"/probe-{n}" for n in range(50)]


def test_a_drop_while_the_note_is_written_is_counted_in_the_next() -> None:
    """The event loop drops lines while the worker writes: none may go uncounted."""
    out = io.StringIO()
    handler = LineHandler(out, limit=1, batch_seconds=60)
    handler.access("GET /0 200 0.1ms principal=-", {})
    handler.access("GET /1 200 0.1ms principal=-", {})  # dropped
    note = handler._drop_note

    def dropping_meanwhile(count: int) -> str:
        handler.dropped += 1  # another line dropped on the event loop's thread meanwhile
        return note(count)

    handler._drop_note = dropping_meanwhile  # type: ignore[method-assign]
    handler.flush()
    handler._drop_note = note  # type: ignore[method-assign]
    handler.close()
    counts = [int(line.split(": ")[1].split()[0]) for line in out.getvalue().splitlines()
              if "dropped" in line]  # fmt: skip
    assert sum(counts) == handler.dropped == 2


class Refusing(io.StringIO):
    """A stream whose writes fail `failures` times (a non-blocking stderr that is full)."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures

    def write(self, text: str) -> int:
        if self.failures:
            self.failures -= 1
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return super().write(text)


def test_lines_a_failed_write_lost_are_counted_in_the_log() -> None:
    out = Refusing(failures=2)
    handler = LineHandler(out, limit=1, batch_seconds=60)
    handler.access("GET /0 200 0.1ms principal=-", {})
    handler.access("GET /1 200 0.1ms principal=-", {})  # dropped: a note, told once
    handler.emit(record("a warning"))  # this write fails: two lines lost
    handler.emit(record("another"))  # and this one, with the note: three
    handler.emit(record("the next warning"))
    handler.close()
    lines = [line.split(": ", 1)[1] for line in out.getvalue().splitlines()]
    assert lines == [
        "3 log line(s) lost: writing the log failed (BlockingIOError)",
        "1 access log line(s) dropped: the log output fell behind",
        "the next warning",
    ]


class Stuck(io.StringIO):
    """A stream whose writes hang until `release` is set (a stderr nobody reads)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.entered = threading.Event()

    def write(self, text: str) -> int:
        self.entered.set()
        self.release.wait(30)
        return super().write(text)


def test_a_stuck_output_holds_neither_the_caller_nor_the_shutdown() -> None:
    """The worker hangs in a write: a record (SIGTERM's "received" line, say) must not hang the
    event loop behind it, nor the flush and close at exit; the record stays in order."""
    out = Stuck()
    handler = LineHandler(out, batch_seconds=0)
    try:
        handler.access("GET /0 200 0.1ms principal=-", {})
        assert out.entered.wait(5)  # the worker is in its write now, and stays there
        started = time.monotonic()
        handler.emit(record("SIGTERM received"))
        handler.flush()
        handler.close()
        assert time.monotonic() - started < 8  # close waits for the worker 5 s at most
    finally:
        out.release.set()
    assert handler._queue[-1].endswith("SIGTERM received")  # kept, behind what came before
