"""The end of a shutdown says what it waits for, and when it stops waiting (on a mock clock)."""

from __future__ import annotations

import logging

import pytest
import trio
import trio.testing

from iaccode.core import wind_down


@pytest.fixture
def autojump_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)


async def test_the_grace_is_logged_while_it_waits_and_when_it_is_over(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="iaccode.core")
    await wind_down(None, 5.0, lambda: True)
    said = [r.getMessage() for r in caplog.records if r.name == "iaccode.core"]
    assert any(
        line.startswith("waiting up to 5 s for the requests in progress") for line in said
    ), said
    assert any("grace of 5 s is over" in line for line in said), said


async def test_nothing_to_wait_for_says_nothing(
    autojump_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="iaccode.core")
    await wind_down(None, 5.0, lambda: False)
    assert not [r for r in caplog.records if r.name == "iaccode.core"]
