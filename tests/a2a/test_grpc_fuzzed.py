"""The gRPC codec fuzz harness (fuzz/fuzz_grpc.py) replayed without atheris, and a few thousand
arbitrary and mutated inputs through it."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz_harness import corpus, harness

CORPUS = corpus("grpc")
CHECK = harness("grpc")


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    CHECK(seed.read_bytes())


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CORPUS), st.integers(0, 200), st.binary(max_size=8))
def test_mutated_seeds(seed: pathlib.Path, at: int, junk: bytes) -> None:
    data = seed.read_bytes()
    at = min(at, len(data))
    CHECK(data[:at] + junk + data[at + len(junk) :])


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes(data: bytes) -> None:
    CHECK(data)
