"""The atheris harnesses of fuzz/, loaded as plain modules so the suite replays their corpora
without atheris (fuzz/README.md)."""

from __future__ import annotations

import functools
import importlib.util
import types
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def harness_module(name: str) -> types.ModuleType:
    """fuzz/fuzz_<name>.py, imported once."""
    spec = importlib.util.spec_from_file_location(f"fuzz_{name}", ROOT / f"fuzz/fuzz_{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def harness(name: str) -> Callable[[bytes], None]:
    """The harness's entry point: raises on any broken invariant."""
    entry: Callable[[bytes], None] = harness_module(name).TestOneInput
    return entry


def corpus(name: str) -> list[Path]:
    """The seed corpus, fuzz/corpus/<name>/."""
    return sorted((ROOT / "fuzz/corpus" / name).iterdir())
