"""Every fuzz harness (fuzz/fuzz_*.py) loads without atheris, has a seed corpus and a row in
fuzz/README.md, and is replayed by a test module that runs its whole corpus through it: a new
harness without a replay, or a replay dropped, fails here (fuzz/README.md, "CI replays the
corpora").
"""

from __future__ import annotations

import pytest

from tests.fuzz_harness import ROOT, corpus, harness_module

# The test module that replays each harness's corpus (`test_fuzz_harness_accepts_its_corpus`).
REPLAYS = {
    "agui": "tests/agui/test_inputs_fuzzed.py",
    "codec": "tests/model/test_codec_properties.py",
    "dispatch": "tests/a2a/test_dispatch_fuzzed.py",
    "grpc": "tests/a2a/test_grpc_fuzzed.py",
    "http": "tests/transports/test_http_fuzzed.py",
    "http_head": "tests/wire/test_http_head.py",
    "jsonrpc": "tests/wire/test_jsonrpc.py",
    "ndjson": "tests/wire/test_ndjson.py",
    "ros": "tests/iac/test_ros_fuzzed.py",
    "sse": "tests/wire/test_sse.py",
}


def test_every_harness_has_a_replay() -> None:
    harnesses = {path.stem.removeprefix("fuzz_") for path in ROOT.glob("fuzz/fuzz_*.py")}
    assert harnesses == set(REPLAYS)


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_the_harness_loads_without_atheris_and_its_corpus_is_replayed(name: str) -> None:
    module = harness_module(name)
    assert callable(module.TestOneInput)
    assert "atheris" not in vars(module)  # imported only under `if __name__ == "__main__"`

    seeds = corpus(name)
    assert len(seeds) >= 5 and all(seed.is_file() for seed in seeds)
    replay = (ROOT / REPLAYS[name]).read_text()
    assert f'corpus("{name}")' in replay
    assert "def test_fuzz_harness_accepts_its_corpus(" in replay
    assert f"| `fuzz_{name}.py` |" in (ROOT / "fuzz/README.md").read_text()
