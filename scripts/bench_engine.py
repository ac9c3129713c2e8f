"""The llm engine's own overhead: what a turn and a tool call cost beyond the model requests.

In one process, against the fake OpenAI-compatible server of the tests (iaccode.testing) on
loopback: the floor is the bare `Provider.complete` of the same scripted answers, one request
after another; the figure is `LlmEngine.run_turn` producing the same requests, with the
conversation built from a history of earlier turns with their memories, a no-op read-only tool
run per call, and every output call made (into a sink, not a task store).

- per turn: a text answer; a turn's time minus one bare request;
- per tool call: a turn with a batch of parallel calls then the answer, minus two bare
  requests, divided by the calls.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import trio
from bench_common import Row, run_trio

from iaccode.agent.engine import TurnInput, TurnMemory
from iaccode.agent.llm.engine import LlmEngine
from iaccode.agent.llm.memory import turn_memory
from iaccode.agent.llm.provider import ChatRequest, Provider, ProviderSettings
from iaccode.agent.permissions import PermissionRequest
from iaccode.agent.tools.base import ToolContext, ToolResult, ToolSpec
from iaccode.config import Config
from iaccode.model.a2a import Artifact, Message, Part, Role
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks

NOTE = (
    "engine: the llm engine in-process against the tests' fake model on loopback; floor: the\n"
    "        bare provider requests the same turn makes. Overhead = figure minus floor."
)
HISTORY_TURNS = 20
CALLS = 8


class Noop:
    spec = ToolSpec("noop", "Does nothing.", {"type": "object"}, read_only=True)

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        return ToolResult({"ok": True})


class Sink:
    """A TurnOutput that keeps nothing."""

    async def text(self, delta: str) -> None:
        await trio.lowlevel.checkpoint()

    async def reasoning(self, delta: str) -> None:
        await trio.lowlevel.checkpoint()

    async def status(self, metadata: Mapping[str, Any]) -> None:
        await trio.lowlevel.checkpoint()

    async def tool_event(self, event: Mapping[str, Any]) -> None:
        await trio.lowlevel.checkpoint()

    async def usage(self, input_tokens: int, output_tokens: int) -> None:
        await trio.lowlevel.checkpoint()

    async def artifact(
        self, artifact: Artifact, *, append: bool = False, last_chunk: bool = True
    ) -> None:
        await trio.lowlevel.checkpoint()

    async def file_artifact(self, name: str, content: bytes, media_type: str) -> Artifact:
        return Artifact(artifact_id="a", parts=[Part(text="")])

    def save_state(self, state: Mapping[str, Any]) -> None:
        pass

    async def request_input(self, prompt: str | list[Part], metadata: Mapping[str, Any]) -> Message:
        raise RuntimeError("the bench asks nothing")

    async def permission(self, request: PermissionRequest) -> bool:
        return True


def history() -> tuple[tuple[Message, ...], dict[str, Mapping[str, Any]]]:
    messages: list[Message] = []
    memories: dict[str, Mapping[str, Any]] = {}
    for n in range(HISTORY_TURNS):
        ask = Message(message_id=f"u{n}", role=Role.ROLE_USER, parts=[Part(text=f"question {n}")])
        answer = Message(message_id=f"a{n}", role=Role.ROLE_AGENT, parts=[Part(text=f"answer {n}")])
        messages += [ask, answer]
        call = {"id": f"c{n}", "type": "function", "function": {"name": "noop", "arguments": "{}"}}
        memory: TurnMemory = turn_memory(
            f"u{n}",
            [
                {"role": "assistant", "content": "", "tool_calls": [call]},
                {"role": "tool", "tool_call_id": f"c{n}", "content": '{"ok": true}'},
                {"role": "assistant", "content": f"answer {n}"},
            ],
        )
        memories[memory.message_id] = memory.body
    return tuple(messages), memories


async def measure(work: Path, turns: int) -> tuple[float, float, float, float]:
    """(ms per text turn, ms per bare request, ms per tool call turn, its bare requests)."""
    fake = FakeOpenAI()
    async with trio.open_nursery() as nursery:
        base_url = await nursery.start(fake.serve)
        config = Config(
            engine="llm",
            llm_provider="openai-compatible",
            llm_base_url=base_url,
            llm_model="bench",
            llm_api_key="bench",
            persistence_dir=work,
        )
        engine = LlmEngine(config, tools=(Noop(),))
        provider = Provider(ProviderSettings(base_url=base_url, api_key="bench", model="bench"))
        earlier, memories = history()
        calls = [{"id": f"call_{i}", "name": "noop", "arguments": {}} for i in range(CALLS)]

        def turn(n: int) -> TurnInput:
            ask = Message(message_id=f"m{n}", role=Role.ROLE_USER, parts=[Part(text="go")])
            return TurnInput(f"t{n}", "c", work, ask, history=earlier, memories=memories)

        async def ignore(event: object) -> None:
            pass

        request = ChatRequest([{"role": "user", "content": "go"}])
        text_turns, bare, tool_turns, bare_pairs = [], [], [], []
        for n in range(turns):
            fake.enqueue(Script(text_chunks("done", pieces=3)))
            start = time.perf_counter()
            await engine.run_turn(turn(n), Sink())
            text_turns.append(time.perf_counter() - start)
            fake.enqueue(Script(text_chunks("done", pieces=3)))
            start = time.perf_counter()
            await provider.complete(request, ignore)
            bare.append(time.perf_counter() - start)
            fake.enqueue(Script(tool_call_chunks(calls)), Script(text_chunks("done", pieces=3)))
            start = time.perf_counter()
            await engine.run_turn(turn(n), Sink())
            tool_turns.append(time.perf_counter() - start)
            fake.enqueue(Script(tool_call_chunks(calls)), Script(text_chunks("done", pieces=3)))
            start = time.perf_counter()
            await provider.complete(request, ignore)
            await provider.complete(request, ignore)
            bare_pairs.append(time.perf_counter() - start)
        await provider.aclose()
        nursery.cancel_scope.cancel()
    ms = [statistics.median(x) * 1000 for x in (text_turns, bare, tool_turns, bare_pairs)]
    return ms[0], ms[1], ms[2], ms[3]


def engine_rows(work: Path, turns: int) -> list[Row]:
    (work / "engine").mkdir(exist_ok=True)
    text_ms, bare_ms, tools_ms, pairs_ms = run_trio(measure, work / "engine", turns)
    per_call = (tools_ms - pairs_ms) / CALLS
    return [
        (
            f"llm engine, text turn with {HISTORY_TURNS} remembered turns (median of {turns})",
            f"{text_ms:.2f} ms (+{text_ms - bare_ms:.2f} ms per turn)",
            f"{bare_ms:.2f} ms (one bare request)",
            f"{text_ms / bare_ms:.2f}",
            "",
        ),
        (
            f"llm engine, turn with {CALLS} parallel tool calls",
            f"{tools_ms:.2f} ms (+{per_call:.2f} ms per tool call)",
            f"{pairs_ms:.2f} ms (two bare requests)",
            f"{tools_ms / pairs_ms:.2f}",
            "",
        ),
    ]
