"""The `llm` engine: a model behind any OpenAI-compatible endpoint, with the agent's tools.

One turn is a loop: send the conversation to the model, stream its text and reasoning to the
caller as they arrive, run the tool calls it asks for (concurrently; writes ask permission), feed
the results back, and stop when the model answers without calling a tool, or after
`llm-max-steps` calls.

The conversation a model sees is rebuilt from the task store on every turn (the earlier user and
agent messages of the context), so it survives restarts. Within a turn, the engine saves its
progress (this turn's model messages, the batch of tool calls, the results so far) before each
permission question, so a question still open when the process stops is answered later by
continuing from there (`TurnOutput.save_state`).
Per-message `metadata.iac_code.iac_code_model` and `iac_code_api_key` override the model and the
key for that turn only; the key is never stored or logged.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs
import trio

from iaccode.agent.engine import EngineLoadError, TurnError, TurnInput, TurnOutput, TurnResult
from iaccode.agent.llm.errors import ProviderError
from iaccode.agent.llm.events import (
    Completion,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallArgumentsDelta,
    ToolCallStarted,
)
from iaccode.agent.llm.provider import DASHSCOPE_BASE_URL, ChatRequest, Provider, ProviderSettings
from iaccode.agent.permissions import PermissionRequest
from iaccode.agent.tools.base import Tool, ToolRunner
from iaccode.agent.tools.catalog import default_tools
from iaccode.model.a2a import Message, Role
from iaccode.wire import json

if TYPE_CHECKING:
    from iaccode.config import Config

log = logging.getLogger("iaccode.llm")

# provider -> (base URL, default model). The model is configurable; these are starting points.
PROVIDERS: Mapping[str, tuple[str | None, str | None]] = {
    "dashscope": (DASHSCOPE_BASE_URL, "qwen-plus"),
    "dashscope-intl": ("https://dashscope-intl.aliyuncs.com/compatible-mode/v1", "qwen-plus"),
    "openai": ("https://api.openai.com/v1", "gpt-4o-mini"),
    "openai-compatible": (None, None),
}
_KEYLESS = frozenset({"openai-compatible"})  # local servers (Ollama, vLLM...) need no key
HISTORY_CHARS = 200_000  # the newest part of the conversation a model is sent

SYSTEM_PROMPT = """\
You are iac-code, an infrastructure-as-code assistant for Alibaba Cloud. You write, review and \
fix Resource Orchestration Service (ROS) templates and Terraform, and convert Terraform to ROS.

Work in the user's workspace with the tools; paths are relative to it. Check every ROS template \
you write with check_ros_template and fix what it reports before you present the template, \
and draw it with render_diagram so the user sees its architecture. \
Prefer parameters over hard-coded zone ids, instance types and images. Never invent resource \
types or attributes. Answer in the language the user writes in, briefly, and show templates in \
fenced code blocks."""

LANGUAGE_NAMES = {
    "en": "English",
    "zh": "Chinese",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "ja": "Japanese",
    "pt": "Portuguese",
}

NO_KEY = (
    "No API key is configured for the language model. Set IAC_CODE_API_KEY (or the provider's "
    "own variable, such as DASHSCOPE_API_KEY) or llm-api-key in the server's configuration."
)
TOO_MANY_STEPS = "I stopped after {steps} model calls in this turn; ask me to continue."


class LlmEngine:
    name = "llm"

    def __init__(self, config: Config, *, tools: Sequence[Tool] | None = None) -> None:
        if config.llm_provider not in PROVIDERS:
            known = ", ".join(PROVIDERS)
            raise EngineLoadError(f"unknown llm-provider '{config.llm_provider}' (known: {known})")
        base_url, default_model = PROVIDERS[config.llm_provider]
        base_url = config.llm_base_url or base_url
        model = config.llm_model or default_model
        if base_url is None or model is None:
            raise EngineLoadError(
                f"llm-provider '{config.llm_provider}' needs llm-base-url and llm-model"
            )
        try:
            settings = ProviderSettings(
                base_url=base_url,
                api_key=config.llm_api_key,
                model=model,
                read_timeout=config.llm_timeout_seconds,
                max_retries=config.llm_max_retries,
            )
        except ValueError as exc:
            raise EngineLoadError(f"invalid llm settings: {exc}") from None
        self._settings = settings
        self._provider = Provider(settings)
        self._needs_key = config.llm_provider not in _KEYLESS
        self._max_steps = config.llm_max_steps
        self._media = config.media_types
        self._roots = config.workspace_roots()
        self._tools = tools

    def accepts_media_type(self, media_type: str) -> bool:
        return self._media.accepts(media_type)

    def warm_up(self) -> None:
        default_tools()
        self._provider.warm_up()

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        model = _override(turn.metadata, "iac_code_model") or self._settings.model
        api_key = _override(turn.metadata, "iac_code_api_key") or self._settings.api_key
        if self._needs_key and not api_key:
            raise TurnError(NO_KEY)
        available = self._tools if self._tools is not None else default_tools()
        runner = ToolRunner(available, cwd=turn.cwd, roots=self._roots)
        tools = [spec.openai_tool() for spec in runner.specs()]
        if turn.resume is None:
            progress = Progress(conversation(turn))
        else:
            progress = Progress.restore(turn.resume.state)
        decided = turn.resume.allowed if turn.resume is not None else None
        output = cast(TurnOutput, _SavingOutput(output, progress, decided))
        while True:
            if progress.calls:
                await _run_calls(runner, output, progress)
            if progress.steps >= self._max_steps:
                break
            request = ChatRequest(progress.messages, tools=tools, model=model, api_key=api_key)
            completion = await self._complete(request, runner, output)
            progress.steps += 1
            if completion.usage is not None:
                progress.used[0] += completion.usage.prompt_tokens
                progress.used[1] += completion.usage.completion_tokens
                await output.usage(*progress.used)
            if not completion.tool_calls:
                return None
            progress.messages.append(_assistant_message(completion))
            progress.calls = list(completion.tool_calls)
        await output.text("\n\n" + TOO_MANY_STEPS.format(steps=self._max_steps))
        return None

    async def _complete(
        self, request: ChatRequest, runner: ToolRunner, output: TurnOutput
    ) -> Completion:
        names: dict[str, str] = {}

        async def on_event(event: StreamEvent) -> None:
            if isinstance(event, TextDelta):
                await output.text(event.text)
            elif isinstance(event, ReasoningDelta):
                await output.reasoning(event.text)
            elif isinstance(event, ToolCallStarted):
                names[event.id] = event.name
                await runner.started(output, event.id, event.name)
            elif isinstance(event, ToolCallArgumentsDelta):
                await runner.input_delta(output, event.id, names.get(event.id, ""))

        try:
            return await self._provider.complete(request, on_event)
        except ProviderError as exc:
            log.warning("model request failed (%s): %s", exc.kind, exc.detail)
            raise TurnError(exc.safe_message) from None


@attrs.define
class Progress:
    """Where a turn is: what a resumed turn needs to go on (JSON, no secrets)."""

    messages: list[dict[str, Any]]
    calls: list[ToolCall] = attrs.field(factory=list)  # the batch the model asked for last
    done: dict[str, str] = attrs.field(factory=dict)  # call id -> result text, of that batch
    steps: int = 0
    used: list[int] = attrs.field(factory=lambda: [0, 0])
    asking: str = ""  # the call whose permission question the saved turn waited for

    def saved(self, asking: str) -> dict[str, Any]:
        calls = [[c.id, c.name, c.arguments, c.index] for c in self.calls]
        return {
            "version": 1,
            "messages": self.messages,
            "calls": calls,
            "done": dict(self.done),
            "steps": self.steps,
            "used": list(self.used),
            "asking": asking,
        }

    @classmethod
    def restore(cls, state: Mapping[str, Any]) -> Progress:
        if state.get("version") != 1:
            raise TurnError("This paused turn was saved by another version and cannot go on.")
        return cls(
            messages=list(state["messages"]),
            calls=[ToolCall(*fields) for fields in state["calls"]],
            done=dict(state["done"]),
            steps=int(state["steps"]),
            used=list(state["used"]),
            asking=str(state["asking"]),
        )


class _SavingOutput:
    """The turn's output, saving the progress before each permission question. On a resumed
    turn the question that was answered is not asked again (the supervisor audited it)."""

    def __init__(self, output: TurnOutput, progress: Progress, decided: bool | None = None):
        self._output = output
        self._progress = progress
        self._decided = decided

    def __getattr__(self, name: str) -> Any:
        return getattr(self._output, name)

    async def permission(self, request: PermissionRequest) -> bool:
        if self._decided is not None and request.tool_use_id == self._progress.asking:
            decided, self._decided = self._decided, None
            return decided
        self._output.save_state(self._progress.saved(request.tool_use_id))
        return await self._output.permission(request)


async def _run_calls(runner: ToolRunner, output: TurnOutput, progress: Progress) -> None:
    """Run the batch's tool calls concurrently (those without a result yet), then hand every
    result to the model in the calls' order."""

    async def run(call: ToolCall) -> None:
        try:
            args: dict[str, Any] | None = call.parsed_arguments()
        except ValueError:
            args = None
        result = await runner.run(output, call.id, call.name, args, announce=False)
        progress.done[call.id] = result.to_model_text()

    async with trio.open_nursery() as nursery:
        for call in progress.calls:
            if call.id not in progress.done:
                nursery.start_soon(run, call)
    progress.messages.extend(
        {"role": "tool", "tool_call_id": call.id, "content": progress.done[call.id]}
        for call in progress.calls
    )
    progress.calls, progress.done = [], {}


def conversation(turn: TurnInput) -> list[dict[str, Any]]:
    """System prompt, the newest earlier messages that fit, then this turn's user message."""
    earlier: list[dict[str, Any]] = []
    budget = HISTORY_CHARS
    for message in reversed(turn.history):
        text = _message_text(message)
        if not text or len(text) > budget:
            break
        budget -= len(text)
        role = "user" if message.role == Role.ROLE_USER else "assistant"
        earlier.append({"role": role, "content": text})
    prompt = turn.prompt.text
    manifest = turn.prompt.manifest()
    content = f"{prompt}\n\n{manifest}" if manifest else prompt
    system = SYSTEM_PROMPT
    if turn.language is not None:  # preferredLanguage: the caller's choice for this turn
        system += f"\n\nAnswer in {LANGUAGE_NAMES[turn.language]}."
    return [
        {"role": "system", "content": system},
        *reversed(earlier),
        {"role": "user", "content": content},
    ]


def _message_text(message: Message) -> str:
    pieces = []
    for part in message.parts:
        if part.text is not None:
            pieces.append(part.text)
        elif part.data is not None:
            pieces.append(json.dumps(part.data).decode("utf-8"))
    return "\n".join(pieces)


def _assistant_message(completion: Completion) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": completion.text or "",
        "tool_calls": [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments},
            }
            for call in completion.tool_calls
        ],
    }


def _override(metadata: Mapping[str, Any], key: str) -> str | None:
    value = metadata.get(key)
    return value.strip() if isinstance(value, str) and value.strip() else None


__all__ = ["LlmEngine"]
