"""The `llm` engine: a model behind any OpenAI-compatible endpoint, with the agent's tools.

One turn is a loop: send the conversation to the model, stream its text and reasoning to the
caller as they arrive, run the tool calls it asks for (concurrently; writes ask permission), feed
the results back, and stop when the model answers without calling a tool. An answer cut off by
the output limit (`finish_reason: length`) is continued up to `MAX_CONTINUATIONS` times, then
ended with a notice and `assistantFinal.complete` false; so is an answer the provider's content
filter stopped (`finish_reason: content_filter`). After `llm-max-steps` model calls the
turn stops before running calls whose results no model call would read, and says so.

The conversation a model sees is rebuilt from the task store on every turn (the context's
messages and the engine's memory of each earlier turn: tool calls and shortened results, see
`memory`), so it survives restarts; when it outgrows the budget it is compacted (`compaction`).
`metadata.iac_code.thinking` asks for thinking per turn (`thinking`). Within a turn, the engine
saves its progress (this turn's model messages, the batch of tool calls, the results so far)
before each permission question, so a question still open when the process stops is answered
later by continuing from there (`TurnOutput.save_state`).
Per-message `metadata.iac_code.iac_code_model` and `iac_code_api_key` override the model and the
key for that turn only; the key is never stored or logged.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs
import trio

from iaccode import telemetry
from iaccode.agent.cloud.session import CloudAccess
from iaccode.agent.engine import (
    EngineLoadError,
    TurnError,
    TurnInput,
    TurnMemory,
    TurnOutput,
    TurnResult,
)
from iaccode.agent.i18n import translate
from iaccode.agent.llm.compaction import budget_for, compact, shorten_old_results
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
from iaccode.agent.llm.memory import TOOL_RESULT_LIMIT, bounded, conversation, size, turn_memory
from iaccode.agent.llm.provider import DASHSCOPE_BASE_URL, ChatRequest, Provider, ProviderSettings
from iaccode.agent.llm.thinking import thinking_body, thinking_dialect
from iaccode.agent.mcp.tools import McpClients
from iaccode.agent.permissions import PermissionRequest
from iaccode.agent.tools.base import Tool, ToolRunner
from iaccode.agent.tools.catalog import default_tools, skill_tools

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
MAX_CONTINUATIONS = 2  # times an answer cut off by the output limit is continued
CONTINUE_PROMPT = (
    "Your answer was cut off by the output limit. Continue exactly where it stopped, without "
    "repeating anything."
)

SYSTEM_PROMPT = """\
You are iac-code, an infrastructure-as-code assistant for Alibaba Cloud. You write, review and \
fix Resource Orchestration Service (ROS) templates and Terraform, and convert Terraform to ROS.

Work in the user's workspace with the tools; paths are relative to it. For a new template, \
start from compose_template when its building blocks cover the request, and extend what it \
reports as not applied. Check every ROS template you write with check_ros_template and fix \
what it reports before you present the template, and draw it with render_diagram so the user \
sees its architecture. Convert Terraform with convert_terraform and say what it could not \
convert. The ros_* tools talk to Alibaba Cloud with the caller's credentials: validate, \
preview or price a template there when the user asks or before a deployment; create, update \
or delete stacks only when the user asks, since the caller is asked to allow each change. \
Prefer parameters over hard-coded zone ids, instance types and images; never put passwords \
or access keys in a template (use NoEcho parameters). When a skill covers the task, load it \
with the skill tool first. Never invent resource types, properties or attributes. Answer in \
the language the user writes in, briefly, and show templates in fenced code blocks."""

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
# User-facing notices (translated in iaccode.agent.i18n).
CUT_OFF = "The answer was cut off because it reached the model's output limit."
FILTERED = "The answer was stopped by the model provider's content filter."
TOO_MANY_STEPS = (
    "I stopped after {steps} model calls in this turn, before running {calls} more tool "
    "calls; ask me to continue."
)


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
        self._provider_name = config.llm_provider
        self._budget = config.llm_context_budget
        self._media = config.media_types
        self._roots = config.workspace_roots()
        self._tools = tools
        self._cloud = CloudAccess.from_config(config)
        self._mcp = McpClients(config.mcp_servers, deny=config.permission_deny)
        self._skills = skill_tools(config.skills_dir) if tools is None else ()

    def accepts_media_type(self, media_type: str) -> bool:
        return self._media.accepts(media_type)

    def warm_up(self) -> None:
        default_tools()
        self._provider.warm_up()

    async def run_background(self) -> None:
        """The MCP servers' sessions, for the server's life (see `iaccode.agent.mcp`)."""
        await self._mcp.run()

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        model = _override(turn.metadata, "iac_code_model") or self._settings.model
        api_key = _override(turn.metadata, "iac_code_api_key") or self._settings.api_key
        if self._needs_key and not api_key:
            raise TurnError(NO_KEY)
        await self._mcp.report(output)
        base = self._tools if self._tools is not None else default_tools()
        available: list[Tool] = [*base, *self._skills, *self._mcp.tools()]
        if turn.resume is None:
            progress = Progress(conversation(turn, _system_prompt(turn)))
            progress.origin = turn.message.message_id
            progress.turn_start = len(progress.messages) - 1
            cloud = self._cloud.session(turn.metadata)
        else:
            progress = Progress.restore(turn.resume.state)
            # The answer's keys count only as the ones the question was asked under.
            cloud = self._cloud.session(turn.metadata, asked_under=progress.cloud)
        progress.cloud = cloud.identity()
        runner = ToolRunner(available, cwd=turn.cwd, roots=self._roots, cloud=cloud)
        tools = [spec.openai_tool() for spec in runner.specs()]
        decided = turn.resume.allowed if turn.resume is not None else None
        output = cast(TurnOutput, _SavingOutput(output, progress, decided))
        dialect = thinking_dialect(self._provider_name, model)
        request = ChatRequest(
            progress.messages,
            tools=tools,
            model=model,
            api_key=api_key,
            extra=thinking_body(turn.metadata.get("thinking"), dialect=dialect),
        )
        budget = budget_for(model, self._budget)
        while True:
            if progress.calls:
                await _run_calls(runner, output, progress)
            await self._fit(progress, request, budget, output)
            completion = await self._complete(
                attrs.evolve(request, messages=progress.messages), runner, output
            )
            progress.steps += 1
            await _count(progress, completion, output)
            if completion.tool_calls:
                if progress.steps >= self._max_steps:
                    # Their results would reach no model call: do not run them.
                    await _not_run(output, completion.tool_calls)
                    notice = translate(
                        TOO_MANY_STEPS,
                        turn.language,
                        steps=progress.steps,
                        calls=len(completion.tool_calls),
                    )
                    return await _end(progress, output, completion.text, notice)
                progress.messages.append(_assistant_message(completion))
                progress.calls = list(completion.tool_calls)
                continue
            if completion.finish_reason == "length":
                if progress.continuations < MAX_CONTINUATIONS and progress.steps < self._max_steps:
                    progress.continuations += 1
                    progress.messages.append({"role": "assistant", "content": completion.text})
                    progress.messages.append({"role": "user", "content": CONTINUE_PROMPT})
                    continue
                notice = translate(CUT_OFF, turn.language)
                return await _end(progress, output, completion.text, notice)
            if completion.finish_reason == "content_filter":  # cut too, and not to be continued
                notice = translate(FILTERED, turn.language)
                return await _end(progress, output, completion.text, notice)
            return await _end(progress, output, completion.text)

    async def _fit(
        self, progress: Progress, request: ChatRequest, budget: int, output: TurnOutput
    ) -> None:
        """Keep the conversation within the budget: compact earlier turns, shorten old results."""
        if size(progress.messages) <= budget:
            return
        if progress.turn_start > 1 and progress.summary is None:
            complete = self._provider.complete
            done = await compact(progress.messages, progress.turn_start, complete, request, output)
            progress.messages[:] = done.messages
            progress.turn_start = done.turn_start
            progress.summary = done.summary or ""
        if size(progress.messages) > budget:
            shorten_old_results(progress.messages, progress.turn_start)

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

        tele = telemetry.current()
        model = request.model or "default"
        attributes: telemetry.Attributes = {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": self._provider_name,
            "gen_ai.request.model": model,
        }
        started = time.perf_counter()
        with tele.span(f"chat {model}", attributes, kind="client") as span:
            try:
                completion = await self._provider.complete(request, on_event)
            except ProviderError as exc:
                log.warning("model request failed (%s): %s", exc.kind, exc.detail)
                span.fail(exc.kind)
                tele.count("iaccode.errors", 1, {"error.kind": "model"})
                raise TurnError(exc.safe_message) from None
            finally:
                tele.observe("gen_ai.client.operation.duration", time.perf_counter() - started)
            if completion.finish_reason:
                span.set("gen_ai.response.finish_reasons", completion.finish_reason)
            if completion.usage is not None:
                used = completion.usage.prompt_tokens, completion.usage.completion_tokens
                span.set("gen_ai.usage.input_tokens", used[0])
                span.set("gen_ai.usage.output_tokens", used[1])
                for kind, count in zip(("input", "output"), used, strict=True):
                    tele.count("gen_ai.client.token.usage", count, {"gen_ai.token.type": kind})
            return completion


@attrs.define
class Progress:
    """Where a turn is: what a resumed turn needs to go on (JSON, no secrets)."""

    messages: list[dict[str, Any]]
    calls: list[ToolCall] = attrs.field(factory=list)  # the batch the model asked for last
    done: dict[str, str] = attrs.field(factory=dict)  # call id -> result text, of that batch
    steps: int = 0
    used: list[int] = attrs.field(factory=lambda: [0, 0])
    asking: str = ""  # the call whose permission question the saved turn waited for
    origin: str = ""  # the user message that started the turn (its memory's key)
    turn_start: int = 0  # the index of that message in `messages`
    continuations: int = 0  # of an answer cut off by the output limit
    summary: str | None = None  # set once the turn compacted the conversation ("" : failed)
    # Whose cloud keys the turn's calls use (`CloudSession.identity`: no secret), so that a
    # resumed turn runs them under the same identity.
    cloud: dict[str, Any] = attrs.field(factory=dict)

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
            "origin": self.origin,
            "turnStart": self.turn_start,
            "continuations": self.continuations,
            "summary": self.summary,
            "cloud": self.cloud,
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
            # Saved before these existed: no memory key, the whole conversation counts as this turn.
            origin=str(state.get("origin") or ""),
            turn_start=int(state.get("turnStart") or 0),
            continuations=int(state.get("continuations") or 0),
            summary=state.get("summary"),
            # Saved before it was kept: of unknown origin, so its cloud calls fail, not guess.
            cloud=dict(state.get("cloud") or {"source": "unknown"}),
        )

    def memory(self) -> TurnMemory | None:
        """What later turns keep of this one (None without a user message to key it to)."""
        if not self.origin:
            return None
        return turn_memory(self.origin, self.messages[self.turn_start + 1 :], self.summary)


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
        progress.done[call.id] = bounded(result.to_model_text(), TOOL_RESULT_LIMIT)

    async with trio.open_nursery() as nursery:
        for call in progress.calls:
            if call.id not in progress.done:
                nursery.start_soon(run, call)
    progress.messages.extend(
        {"role": "tool", "tool_call_id": call.id, "content": progress.done[call.id]}
        for call in progress.calls
    )
    progress.calls, progress.done = [], {}


def _system_prompt(turn: TurnInput) -> str:
    if turn.language is None:
        return SYSTEM_PROMPT
    return f"{SYSTEM_PROMPT}\n\nAnswer in {LANGUAGE_NAMES[turn.language]}."  # preferredLanguage


async def _count(progress: Progress, completion: Completion, output: TurnOutput) -> None:
    if completion.usage is not None:
        progress.used[0] += completion.usage.prompt_tokens
        progress.used[1] += completion.usage.completion_tokens
        await output.usage(*progress.used)


async def _not_run(output: TurnOutput, calls: Sequence[ToolCall]) -> None:
    """Close the calls the stream announced but the turn will not run, so no client shows them
    running."""
    for call in calls:
        result = {"error": "Not run: the turn reached its step limit."}
        event = {"status": "failed", "toolUseId": call.id, "name": call.name, "result": result}
        await output.tool_event(event)


async def _end(
    progress: Progress, output: TurnOutput, text: str, notice: str | None = None
) -> TurnResult:
    """End the turn with the model's last text; a notice (cut off, step limit) makes it an
    incomplete answer, said as such to the caller and remembered with the answer."""
    if notice:
        await output.text(f"\n\n{notice}" if text else notice)
        text = f"{text}\n\n{notice}" if text else notice
    progress.messages.append({"role": "assistant", "content": text})
    return TurnResult(complete=notice is None, memory=progress.memory())


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
