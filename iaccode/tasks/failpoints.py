"""Crash points for the fault-injection tests: die exactly where a real crash could strike.

`IAC_CODE_FAILPOINT=<name>` (read once, at import) makes the process SIGKILL itself the first time
it passes `crash_point("<name>")`; `<name>:<n>` the n-th time. Unset (always, in production) a
crash point is one dictionary lookup. The names mark the steps of the push path (issue 16):
`commit` (a settled state and its outbox row are committed, nothing published yet), `enqueue`
(the job is in the queue, its outbox row not yet marked done), `claim` (a worker holds the job),
`deliver` (the receiver answered 2xx, the job is not yet acked) and `ack`.
"""

from __future__ import annotations

import os
import signal

_SPEC = os.environ.get("IAC_CODE_FAILPOINT", "")
_NAME, _, _COUNT = _SPEC.partition(":")
_remaining = {_NAME: int(_COUNT or 1)} if _NAME else {}


def crash_point(name: str) -> None:
    """SIGKILL this process if the environment armed `name` and its count is reached."""
    if name in _remaining:
        _remaining[name] -= 1
        if _remaining[name] <= 0:
            os.kill(os.getpid(), signal.SIGKILL)
