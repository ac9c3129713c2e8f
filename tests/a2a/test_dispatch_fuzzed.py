"""The dispatcher fuzz harness (fuzz/fuzz_dispatch.py) replayed against the test server, without
atheris: every seed's requests get well-formed answers, and nothing is logged as an error.
"""

from __future__ import annotations

import logging
import pathlib
from collections.abc import Callable
from typing import Any

import pytest

from iaccode.a2a.dispatch import Dispatcher
from tests.fuzz_harness import corpus, harness_module

CORPUS = corpus("dispatch")


HARNESS = harness_module("dispatch")  # also registers its engine, for the server below


def test_corpus_exists() -> None:
    assert len(CORPUS) >= 10


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
async def test_fuzz_harness_accepts_its_corpus(
    seed: pathlib.Path,
    start_server: Callable[..., Any],
    workspace: pathlib.Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = await start_server(engine=HARNESS.ENGINE)
    dispatcher = Dispatcher(server.service, max_body=1 << 20, max_depth=64)
    with caplog.at_level(logging.ERROR, logger="iaccode"):
        await HARNESS.check_input(dispatcher, seed.read_bytes(), workspace)
    assert not caplog.records
