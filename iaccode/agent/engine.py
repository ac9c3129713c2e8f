"""The engine seam: what runs one turn, and what it may do while it runs.

An engine gets a `TurnInput` (the validated user message and where it runs) and a `TurnOutput`
to report through. Everything it emits reaches every transport the same way; the task core turns
it into A2A events (and the AG-UI adapter into AG-UI events). The turn runs inside its own cancel
scope: `CancelTask` cancels it, so an engine just awaits and lets `trio.Cancelled` pass.

A turn ends when `run_turn` returns. Returning None (or `TurnResult()`) ends it the normal way for
this agent, TASK_STATE_INPUT_REQUIRED: the answer is given and the context waits for a follow-up.
An exception fails the task with a sanitised message.

Engines are found by name (`offline`, `llm`) or loaded from `module:factory`, where `factory` is
called with the server `Config` and returns an `Engine`. See docs/engines.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from iaccode.agent.i18n import normalize_language
from iaccode.agent.inputs import PreparedInput
from iaccode.agent.permissions import PermissionRequest
from iaccode.model.a2a import Artifact, Message, Part, TaskState

if TYPE_CHECKING:
    from iaccode.config import Config


@attrs.frozen
class TurnResume:
    """A paused turn continued in a later process (see `TurnOutput.save_state`)."""

    state: Mapping[str, Any]  # what the engine saved last before it paused
    answer: Message  # the caller's answer
    allowed: bool | None = None  # for a permission: the decision, already audited


@attrs.frozen
class TurnMemory:
    """What an engine keeps of a turn for the context's later turns (see `TurnResult.memory`)."""

    message_id: str  # the user message that started the turn
    body: Mapping[str, Any]  # engine-defined JSON; no secrets (it is written to disk)


@attrs.frozen
class TurnInput:
    """What an engine knows about the turn it runs."""

    task_id: str
    context_id: str
    cwd: Path
    message: Message  # the user message that started (or continues) the turn
    history: tuple[Message, ...] = ()  # earlier messages of the context, oldest first
    metadata: Mapping[str, Any] = attrs.field(factory=dict)  # message metadata.iac_code
    channel: str | None = None  # the context's telemetry channel (IAC_CODE_CHANNEL otherwise)
    prompt: PreparedInput = attrs.field(
        default=attrs.Factory(lambda turn: _text_only(turn.message), takes_self=True)
    )  # the message's parts as prompt text and attachments (see iaccode.agent.inputs)
    resume: TurnResume | None = None  # set when this run continues a pause of an earlier process
    # What the engine kept of earlier turns (`TurnResult.memory`), by the user message id that
    # started each: the history's messages tell what was said, these what the model saw.
    memories: Mapping[str, Mapping[str, Any]] = attrs.field(factory=dict)

    @property
    def text(self) -> str:
        """The prompt text: text parts, JSON data, text files, joined by newlines."""
        return self.prompt.text

    @property
    def language(self) -> str | None:
        """The caller's preferred language for this turn (None: the default, English)."""
        return normalize_language(self.metadata.get("preferredLanguage"))


def _text_only(message: Message) -> PreparedInput:
    return PreparedInput("\n".join(p.text for p in message.parts if p.text is not None))


@attrs.frozen
class TurnResult:
    """How a turn ended. `message` is a final agent message replacing the streamed text.

    `complete` False marks an answer that was cut short (`assistantFinal.complete` is false);
    `memory`, stored with the history, comes back to later turns as `TurnInput.memories`.
    """

    state: TaskState = TaskState.TASK_STATE_INPUT_REQUIRED
    message: str | None = None
    complete: bool = True
    memory: TurnMemory | None = None


class TurnOutput(Protocol):
    """What an engine may do during a turn. Every method is a checkpoint."""

    async def text(self, delta: str) -> None:
        """Stream a piece of the answer; the pieces together are the turn's agent message."""

    async def reasoning(self, delta: str) -> None:
        """Stream model reasoning; shown only where thinking exposure allows it."""

    async def status(self, metadata: Mapping[str, Any]) -> None:
        """Publish a WORKING update carrying `metadata.iac_code` (usage, engine details...)."""

    async def tool_event(self, event: Mapping[str, Any]) -> None:
        """Publish tool progress as `metadata.iac_code.tool` (when tool-trace is exposed)."""

    async def usage(self, input_tokens: int, output_tokens: int) -> None:
        """Publish token usage as `metadata.iac_code.usage`."""

    async def artifact(
        self, artifact: Artifact, *, append: bool = False, last_chunk: bool = True
    ) -> None:
        """Store an artifact on the task (persisted before it is published)."""

    async def file_artifact(self, name: str, content: bytes, media_type: str) -> Artifact:
        """Write `content` under artifact-dir and announce it as a file:// artifact."""
        ...

    def save_state(self, state: Mapping[str, Any]) -> None:
        """Optional, for engines whose pauses should survive a restart: the JSON state to
        continue from if the next pause outlives this process. It is stored with the pause;
        the engine then gets it back as `TurnInput.resume` with the answer, instead of the
        pending `permission` or `request_input` call returning. Save it before every call that
        may pause; it must hold no secrets (it is written to disk)."""

    async def request_input(self, prompt: str | list[Part], metadata: Mapping[str, Any]) -> Message:
        """Pause the turn as INPUT_REQUIRED until the caller sends the next message, and return
        that message. The task stays active meanwhile: it can be subscribed to and cancelled."""
        ...

    async def permission(self, request: PermissionRequest) -> bool:
        """Whether the tool may run: decided by the configured rules, auto-approval, or the
        caller (the turn pauses as INPUT_REQUIRED until the sideband answer arrives). Every
        allow is audited first; True means allowed."""
        ...


class Engine(Protocol):
    """Runs turns. One instance serves every context; keep per-context state keyed by id."""

    name: str

    def accepts_media_type(self, media_type: str) -> bool:
        """Whether input parts of this media type can be handled (else -32005)."""
        ...

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None: ...


class WarmsUp(Protocol):
    """Optional: work an engine does once, in a worker thread, after the server listens
    (imports, caches), so that start-up does not wait for it and the first turn does not either.
    """

    def warm_up(self) -> None: ...


class RunsInBackground(Protocol):
    """Optional: work an engine keeps running for the server's life (MCP sessions), started
    with the server and cancelled at shutdown. It must not raise but `trio.Cancelled`."""

    async def run_background(self) -> None: ...


class DirectReplies(Protocol):
    """Optional: an engine that sometimes answers a new message directly, without a task.

    Called before a task is created; returning parts makes the reply an A2A Message (spec §3.1:
    an agent may answer with a Message), returning None runs a turn as usual. Nothing is stored.
    """

    async def direct_reply(self, message: Message) -> list[Part] | None: ...


class TurnError(Exception):
    """A turn failed for a reason the caller may read (the message must be safe to show: no
    paths, secrets or provider details). Any other exception fails the turn generically."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class EngineLoadError(Exception):
    """The configured engine cannot be found or built."""


def load_engine(spec: str, config: Config) -> Engine:
    """Build the engine named by `spec`: a built-in name or `module:factory`."""
    builtins: dict[str, str] = {
        "offline": "iaccode.agent.offline:OfflineEngine",
        "llm": "iaccode.agent.llm.engine:LlmEngine",
    }
    target = builtins.get(spec, spec)
    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        known = ", ".join(sorted(builtins))
        raise EngineLoadError(f"unknown engine '{spec}' (built in: {known}; or module:factory)")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EngineLoadError(f"cannot import engine module '{module_name}': {exc}") from None
    factory: Callable[[Config], Engine] | None = getattr(module, attr, None)
    if factory is None:
        raise EngineLoadError(f"module '{module_name}' has no '{attr}'")
    engine = factory(config)
    for method in ("run_turn", "accepts_media_type"):
        if not callable(getattr(engine, method, None)):
            raise EngineLoadError(f"engine '{spec}' has no {method}() method")
    return engine
