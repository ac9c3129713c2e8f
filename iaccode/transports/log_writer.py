"""The log's output: lines written in order by one worker thread, access lines batched.

Stdlib logging costs a busy server a third of its GetTask rate when every request is one INFO
record (a caller lookup, a record, a formatter, a write and a flush per line, all on the event
loop). So the access log hands this writer a line it formatted itself (`access`), which only
appends it to a bounded queue; a worker thread writes what has queued up, one write and one flush
per batch. Every other record goes through `LineHandler.emit`, which writes the queued access
lines and then its own at once, on the caller's thread, so the log stays in order and a warning
is never late.

When the worker has hung in a write for `_STUCK_SECONDS` (a stderr nobody reads), `emit` queues
its line too, behind the access lines, so the event loop (logging that SIGTERM arrived) goes on;
`flush` and `close` then give the output 5 s at most, and the process exits without it.

The queue holds `limit` lines. A line that does not fit is dropped and counted, and the count is
written as a WARNING line with the next batch: the log says honestly that it is incomplete rather
than making the server wait for its stderr. `close()` (also at interpreter exit, through
`logging.shutdown`) writes what is left.
"""

from __future__ import annotations

import collections
import json
import logging
import threading
import time
from typing import IO, Any

_BATCH_SECONDS = 0.05  # how long queued access lines may wait for their write
_STUCK_SECONDS = 0.5  # a write this long: the output is stuck, records queue instead
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
ACCESS_LOGGER = "iaccode.access"
_RECORD_FIELDS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class LineHandler(logging.Handler):
    """The handler the command line installs on the root logger: text or JSON lines on `stream`.

    Records are formatted on the caller's thread; see the module docstring for the writing.
    """

    def __init__(
        self,
        stream: IO[str],
        fmt: str = "text",
        *,
        limit: int = 10_000,
        batch_seconds: float = _BATCH_SECONDS,
    ) -> None:
        super().__init__()
        self.stream = stream
        self.json = fmt == "json"
        self.setFormatter(JsonFormatter() if self.json else logging.Formatter(TEXT_FORMAT))
        self.limit = limit
        self.batch_seconds = batch_seconds
        self.dropped = 0  # access lines dropped since start
        self._reported = 0
        self._lost = 0  # lines failed writes took, not yet told
        self._lost_why = ""
        self._queue: collections.deque[str] = collections.deque()
        self._write_lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._pending = False
        self._closed = False
        self._stuck = False  # a write hung: records queue until one succeeds
        self._second = -1
        self._stamps = ("", "")
        self._worker: threading.Thread | None = None

    # -- the access log's fast path (event loop thread) --

    def access(self, message: str, fields: dict[str, Any] | None = None) -> None:
        """Queue one access line (`message` as the text format's message, `fields` for JSON:
        the text format does not read them)."""
        if len(self._queue) >= self.limit or self._closed:
            self.dropped += 1
            return
        now = time.time()
        if self.json:
            line = json.dumps(
                {
                    "time": f"{self._stamp_at(now)[1]}.{int(now % 1 * 1000):03d}",
                    "level": "INFO",
                    "logger": ACCESS_LOGGER,
                    "message": message,
                    **(fields or {}),
                },
                default=str,
                ensure_ascii=False,
            )
        else:
            stamp = self._stamp_at(now)[0]
            line = f"{stamp},{int(now % 1 * 1000):03d} INFO {ACCESS_LOGGER}: {message}"
        self._queue.append(line)
        self._nudge()

    def _nudge(self) -> None:
        """Have the worker write what is queued (started on the first line)."""
        if not self._pending:
            self._pending = True
            if self._worker is None:
                self._start()
            self._wake.set()

    def _stamp_at(self, now: float) -> tuple[str, str]:
        """The second of `now` as the text format and the JSON format write it: strftime once
        a second, not once a line."""
        second = int(now)
        if second != self._second:
            text = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second))
            self._stamps = (text, text.replace(" ", "T"))
            self._second = second
        return self._stamps

    def _start(self) -> None:
        self._worker = threading.Thread(target=self._run, name="iaccode-log", daemon=True)
        self._worker.start()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._closing.wait(self.batch_seconds)  # let a batch gather: one write, many lines
            self._wake.clear()
            self._pending = False  # after clear(): a line queued from now on wakes us again
            self._write(None)
            if self._closed:
                return

    # -- everything else, and the writes --

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
        except Exception:
            self.handleError(record)
            return
        # At once, unless the worker has been stuck in a write (a stderr nobody reads): then
        # the line joins the queue, in order, and the caller (the event loop, logging that
        # SIGTERM arrived) goes on.
        if not self._stuck and self._write_lock.acquire(timeout=_STUCK_SECONDS):
            try:
                self._write_locked(line)
            finally:
                self._write_lock.release()
            return
        self._stuck = True
        if len(self._queue) >= 2 * self.limit or self._closed:  # beyond the access lines' share
            self.dropped += 1
            return
        self._queue.append(line)
        if not self._closed:
            self._nudge()

    def _write(self, line: str | None, timeout: float = -1) -> None:
        """`_write_locked` under the lock, waiting for it at most `timeout` (-1: forever)."""
        if self._write_lock.acquire(timeout=timeout):
            try:
                self._write_locked(line)
            finally:
                self._write_lock.release()

    def _write_locked(self, line: str | None) -> None:
        """Write the queued access lines, a drop note if lines were dropped, then `line`; if
        the write fails (a full non-blocking stderr, a closed one), count the lines it took and
        say so in the next write that succeeds. The caller holds the write lock."""
        queue, lines = self._queue, []
        while queue:
            lines.append(queue.popleft())
        dropped = self.dropped  # read once: the event loop's thread may drop more meanwhile
        reported, notes = self._reported, 0
        if dropped != reported:
            lines.append(self._drop_note(dropped - reported))
            self._reported, notes = dropped, 1
        if line is not None:
            lines.append(line)
        if not lines:
            return
        if self._lost:  # an earlier write failed: say so before what follows it
            note = "%d log line(s) lost: writing the log failed (%s)"
            lines.insert(0, self._note(logging.WARNING, note, self._lost, self._lost_why))
            notes += 1
        try:
            self.stream.write("\n".join(lines) + "\n")
            self.stream.flush()
        except (OSError, ValueError) as exc:  # full (non-blocking), closed or gone
            self._lost += len(lines) - notes  # the notes are told again next time
            self._lost_why = type(exc).__name__
            self._reported = reported
        else:
            self._lost = 0
            self._stuck = False

    def _drop_note(self, count: int) -> str:
        message = "%d access log line(s) dropped: the log output fell behind"
        return self._note(logging.WARNING, message, count)

    def _note(self, level: int, message: str, *args: object) -> str:
        record = logging.makeLogRecord(
            {
                "name": ACCESS_LOGGER,
                "levelno": level,
                "levelname": logging.getLevelName(level),
                "msg": message,
                "args": args,
            }
        )
        return self.format(record)

    def flush(self) -> None:
        self._write(None, _STUCK_SECONDS if self._stuck else 5.0)  # a stuck output is given up

    def close(self) -> None:
        """Write what is queued and stop the worker; an output stuck for 5 s is given up."""
        self._closed = True
        self._closing.set()
        worker = self._worker
        if worker is not None:
            self._wake.set()
            worker.join(5)
        self._write(None, 0 if worker is not None and worker.is_alive() else 5.0)
        super().close()


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, and the record's extras (the
    access log's method, path, status, duration_ms, principal, task_id)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key == "access" and isinstance(value, dict):  # the access log's fields
                out.update(value)
            elif key not in _RECORD_FIELDS:
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


def line_handler_for(logger: logging.Logger) -> LineHandler | None:
    """The `LineHandler` that alone receives `logger`'s records, or None when they go anywhere
    else as well (a test's capture, a host application's handlers): then they must be records."""
    node: Any = logger
    while node.parent is not None:  # up to the root: no handler, every level propagating
        if node.handlers or not node.propagate:
            return None
        node = node.parent
    handlers = node.handlers
    if len(handlers) == 1 and type(handlers[0]) is LineHandler:
        return handlers[0]
    return None
