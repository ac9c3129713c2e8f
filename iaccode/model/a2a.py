"""The A2A 1.0 data model as attrs values.

The proto (`specification/a2a.proto`, package `lf.a2a.v1`) is the normative definition of every
object; JSON uses the ProtoJSON mapping (spec §5.5-5.7). Field names here are the proto's snake_case
names; `iaccode.model.codec` renames them to lowerCamelCase on the wire and accepts both on input.

Presence rules the codec relies on:

* `None` means "not set" for optional scalars, messages and oneof members and is never emitted;
* a field marked `required()` is always emitted and must be present on input (proto
  `field_behavior = REQUIRED`);
* other fields are emitted only when they differ from their default (`False`, `0`, `[]`, `{}`).

The objects are frozen. Collections are lists because that is what the codec produces and what
callers build; treat them as read-only.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

REQUIRED = "a2a_required"
ALWAYS_EMIT = "a2a_always_emit"


def required(**kwargs: Any) -> Any:
    """An attrs field that is REQUIRED in the proto: always emitted, checked on input."""
    return attrs.field(metadata={REQUIRED: True, ALWAYS_EMIT: True}, **kwargs)


def always_emitted(**kwargs: Any) -> Any:
    """An optional field that is emitted even when it holds its default value."""
    return attrs.field(metadata={ALWAYS_EMIT: True}, **kwargs)


class Role(enum.IntEnum):
    ROLE_UNSPECIFIED = 0
    ROLE_USER = 1
    ROLE_AGENT = 2


class TaskState(enum.IntEnum):
    """Task lifecycle states (spec §4.1.3; proto `TaskState`)."""

    TASK_STATE_UNSPECIFIED = 0
    TASK_STATE_SUBMITTED = 1
    TASK_STATE_WORKING = 2
    TASK_STATE_COMPLETED = 3
    TASK_STATE_FAILED = 4
    TASK_STATE_CANCELED = 5
    TASK_STATE_INPUT_REQUIRED = 6
    TASK_STATE_REJECTED = 7
    TASK_STATE_AUTH_REQUIRED = 8

    @property
    def is_terminal(self) -> bool:
        return self in TERMINAL_STATES

    @property
    def is_interrupted(self) -> bool:
        return self in INTERRUPTED_STATES


TERMINAL_STATES = frozenset(
    {
        TaskState.TASK_STATE_COMPLETED,
        TaskState.TASK_STATE_FAILED,
        TaskState.TASK_STATE_CANCELED,
        TaskState.TASK_STATE_REJECTED,
    }
)
INTERRUPTED_STATES = frozenset(
    {TaskState.TASK_STATE_INPUT_REQUIRED, TaskState.TASK_STATE_AUTH_REQUIRED}
)


# -- messages and parts ------------------------------------------------------------------------


@attrs.frozen
class Part:
    """One piece of content: exactly one of `text`, `raw`, `url`, `data` is set (proto oneof)."""

    text: str | None = None
    raw: bytes | None = None
    url: str | None = None
    data: Any = None
    metadata: dict[str, Any] | None = None
    filename: str | None = None
    media_type: str | None = None

    @property
    def content_kind(self) -> str | None:
        """Which oneof member is set; None when none or several are (an invalid part)."""
        kinds = [
            kind
            for kind, value in (
                ("text", self.text),
                ("raw", self.raw),
                ("url", self.url),
                ("data", self.data),
            )
            if value is not None
        ]
        return kinds[0] if len(kinds) == 1 else None


@attrs.frozen
class Message:
    message_id: str = required()
    role: Role = required()
    parts: list[Part] = required()
    context_id: str | None = None
    task_id: str | None = None
    metadata: dict[str, Any] | None = None
    extensions: list[str] = attrs.field(factory=list)
    reference_task_ids: list[str] = attrs.field(factory=list)


@attrs.frozen
class TaskStatus:
    state: TaskState = required()
    message: Message | None = None
    timestamp: str | None = None


@attrs.frozen
class Artifact:
    artifact_id: str = required()
    parts: list[Part] = required()
    name: str | None = None
    description: str | None = None
    metadata: dict[str, Any] | None = None
    extensions: list[str] = attrs.field(factory=list)


@attrs.frozen
class Task:
    id: str = required()
    context_id: str = required()
    status: TaskStatus = required()
    artifacts: list[Artifact] | None = None
    history: list[Message] | None = None
    metadata: dict[str, Any] | None = None


# -- stream events -----------------------------------------------------------------------------


@attrs.frozen
class TaskStatusUpdateEvent:
    task_id: str = required()
    context_id: str = required()
    status: TaskStatus = required()
    metadata: dict[str, Any] | None = None


@attrs.frozen
class TaskArtifactUpdateEvent:
    task_id: str = required()
    context_id: str = required()
    artifact: Artifact = required()
    append: bool = False
    last_chunk: bool = False
    metadata: dict[str, Any] | None = None


StreamEvent = Task | Message | TaskStatusUpdateEvent | TaskArtifactUpdateEvent


# -- push notification configuration ------------------------------------------------------------


@attrs.frozen
class AuthenticationInfo:
    scheme: str = required()
    credentials: str | None = None


@attrs.frozen
class TaskPushNotificationConfig:
    url: str = required()
    task_id: str | None = None
    id: str | None = None
    token: str | None = None
    authentication: AuthenticationInfo | None = None
    tenant: str | None = None


# -- requests and responses (proto service A2AService) -------------------------------------------


@attrs.frozen
class SendMessageConfiguration:
    accepted_output_modes: list[str] = attrs.field(factory=list)
    task_push_notification_config: TaskPushNotificationConfig | None = None
    history_length: int | None = None
    return_immediately: bool = False


@attrs.frozen
class SendMessageRequest:
    message: Message = required()
    configuration: SendMessageConfiguration | None = None
    metadata: dict[str, Any] | None = None
    tenant: str | None = None


@attrs.frozen
class GetTaskRequest:
    id: str = required()
    history_length: int | None = None
    tenant: str | None = None


@attrs.frozen
class ListTasksRequest:
    context_id: str | None = None
    status: TaskState | None = None
    page_size: int | None = None
    page_token: str | None = None
    history_length: int | None = None
    status_timestamp_after: str | None = None
    include_artifacts: bool = False
    tenant: str | None = None


@attrs.frozen
class ListTasksResponse:
    tasks: list[Task] = required()
    next_page_token: str = required()
    page_size: int = required()
    total_size: int = required()


@attrs.frozen
class CancelTaskRequest:
    id: str = required()
    metadata: dict[str, Any] | None = None
    tenant: str | None = None


@attrs.frozen
class SubscribeToTaskRequest:
    id: str = required()
    tenant: str | None = None


@attrs.frozen
class TaskPushNotificationConfigRequest:
    """Get and Delete share this shape: the task and the config id."""

    task_id: str = required()
    id: str = required()
    tenant: str | None = None


@attrs.frozen
class ListTaskPushNotificationConfigsRequest:
    task_id: str = required()
    page_size: int | None = None
    page_token: str | None = None
    tenant: str | None = None


@attrs.frozen
class ListTaskPushNotificationConfigsResponse:
    configs: list[TaskPushNotificationConfig] = required()
    next_page_token: str = required()


@attrs.frozen
class GetExtendedAgentCardRequest:
    tenant: str | None = None


# -- agent card (spec §8) ------------------------------------------------------------------------


@attrs.frozen
class AgentInterface:
    url: str = required()
    protocol_binding: str = required()
    protocol_version: str = required()
    tenant: str | None = None


@attrs.frozen
class AgentProvider:
    url: str = required()
    organization: str = required()


@attrs.frozen
class AgentExtension:
    uri: str = required()
    description: str | None = None
    required: bool = False
    params: dict[str, Any] | None = None


@attrs.frozen
class AgentCapabilities:
    streaming: bool | None = None
    push_notifications: bool | None = None
    extended_agent_card: bool | None = None
    extensions: list[AgentExtension] = attrs.field(factory=list)


@attrs.frozen
class AgentSkill:
    id: str = required()
    name: str = required()
    description: str = required()
    tags: list[str] = required()
    examples: list[str] = attrs.field(factory=list)
    input_modes: list[str] = attrs.field(factory=list)
    output_modes: list[str] = attrs.field(factory=list)
    security_requirements: list[SecurityRequirement] = attrs.field(factory=list)


@attrs.frozen
class StringList:
    list_: list[str] = always_emitted(factory=list)  # JSON name "list"


@attrs.frozen
class SecurityRequirement:
    schemes: dict[str, StringList] = attrs.field(factory=dict)


@attrs.frozen
class APIKeySecurityScheme:
    location: str = required()
    name: str = required()
    description: str | None = None


@attrs.frozen
class HTTPAuthSecurityScheme:
    scheme: str = required()
    description: str | None = None
    bearer_format: str | None = None


@attrs.frozen
class SecurityScheme:
    """Oneof wrapper (spec §8.5): exactly one member is set."""

    api_key_security_scheme: APIKeySecurityScheme | None = None
    http_auth_security_scheme: HTTPAuthSecurityScheme | None = None


@attrs.frozen
class AgentCardSignature:
    protected: str = required()
    signature: str = required()
    header: dict[str, Any] | None = None


@attrs.frozen
class AgentCard:
    name: str = required()
    description: str = required()
    supported_interfaces: list[AgentInterface] = required()
    version: str = required()
    capabilities: AgentCapabilities = required()
    default_input_modes: list[str] = required()
    default_output_modes: list[str] = required()
    skills: list[AgentSkill] = required()
    provider: AgentProvider | None = None
    documentation_url: str | None = None
    security_schemes: dict[str, SecurityScheme] = attrs.field(factory=dict)
    security_requirements: list[SecurityRequirement] = attrs.field(factory=list)
    signatures: list[AgentCardSignature] = attrs.field(factory=list)
    icon_url: str | None = None
