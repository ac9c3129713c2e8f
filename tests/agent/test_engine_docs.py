"""The example engine in docs/engines.md runs as documented, in a real server."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.client import A2AClient, results, states, text_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "engines.md"


@pytest.fixture
def wordcount_module(tmp_path: Path) -> Iterator[str]:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    example = next(block for block in blocks if "class WordCountEngine" in block)
    (tmp_path / "wordcount_doc_example.py").write_text(example)
    sys.path.insert(0, str(tmp_path))
    yield "wordcount_doc_example:WordCountEngine"
    sys.path.remove(str(tmp_path))
    sys.modules.pop("wordcount_doc_example", None)


async def test_documented_example_engine(
    start_server: Callable[..., Any], wordcount_module: str, workspace: Path
) -> None:
    server = await start_server(engine=wordcount_module)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        events = await a2a.send_stream("one two three")
        assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
        tool = results(events)[2]["statusUpdate"]["metadata"]["iac_code"]["tool"]
        assert tool == {"status": "started", "name": "count_words"}
        question = results(events)[-1]["statusUpdate"]["status"]["message"]
        assert "report.txt" in text_of(question)
        task_id = results(events)[0]["task"]["id"]

        events = await a2a.send_stream("yes", task_id=task_id)
        kinds = [next(iter(r)) for r in results(events)]
        assert kinds == ["task", "artifactUpdate", "statusUpdate", "statusUpdate"]
        final = results(events)[-1]["statusUpdate"]["status"]["message"]
        assert text_of(final) == "I wrote report.txt."
        assert (workspace / "report.txt").read_text() == "3 words\n"

        refused = await a2a.call(
            "SendMessage",
            {"message": a2a.message("", parts=[{"raw": "AAA=", "mediaType": "image/png"}])},
        )
        assert refused["error"]["code"] == -32005
