"""RunAgentInput, checked as the AG-UI seed says ("RunAgentInput", "forwardedProps.iacCode").

The standard envelope is taken as AG-UI 1.0 defines it: `threadId`, `runId`, `state`, `messages`,
`tools` (which must be empty: client-defined tools are not supported), `context` and
`forwardedProps` are required; other top-level members are ignored, as the official models do.
`forwardedProps.iacCode` is ours and strict: an unknown member is an error, so a typo never
silently drops a setting. A new run takes the last user message; its content is a string or text
and image parts with inline base64 data (8 MiB per decoded image, 10 MiB for all of them).

Everything here is pure: a parsed body in, a `RunRequest` out, or an `AguiError(INVALID_INPUT)`
whose message names the offending field (and never echoes a value, which may be a secret).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.agui.errors import INVALID_INPUT, AguiError
from iaccode.wire import json

MiB = 1024 * 1024
MAX_REQUEST_BYTES = 12 * MiB
MAX_IMAGE_BYTES = 8 * MiB
MAX_IMAGES_BYTES = 10 * MiB
MAX_ID = 256
IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
RUN_MODES = frozenset({"normal", "pipeline"})
PRESENTATIONS = frozenset({"standard", "rich"})


def _invalid(message: str) -> AguiError:
    return AguiError(INVALID_INPUT, message)


@attrs.frozen
class IacCodeProps:
    """`forwardedProps.iacCode`. Credentials are used for one run and never stored."""

    ros_invocation_id: str
    cwd: str
    model: str | None = None
    llm_api_key: str | None = attrs.field(default=None, repr=False)
    thinking: Mapping[str, Any] | None = None
    user_id: str | None = None
    channel: str | None = None
    preferred_language: str | None = None
    candidate_presentation: str | None = None
    run_mode: str | None = None
    pipeline_name: str | None = None
    cleanup_only: bool | None = None
    alibaba_cloud: Mapping[str, str] | None = attrs.field(default=None, repr=False)

    def a2a_metadata(self) -> dict[str, Any]:
        """`metadata.iac_code` of the A2A message (the core strips the secrets before storing)."""
        meta: dict[str, Any] = {"cwd": self.cwd}
        for key, value in (
            ("iac_code_model", self.model),
            ("iac_code_api_key", self.llm_api_key),
            ("thinking", dict(self.thinking) if self.thinking else None),
            ("userId", self.user_id),
            ("channel", self.channel),
            ("preferredLanguage", self.preferred_language),
            ("candidatePresentation", self.candidate_presentation),
            ("runMode", self.run_mode),
            ("pipelineName", self.pipeline_name),
            ("cleanupOnly", self.cleanup_only),
        ):
            if value is not None:
                meta[key] = value
        for key, name in _CLOUD_METADATA.items():
            value = (self.alibaba_cloud or {}).get(key)
            if value is not None:
                meta[name] = value
        return meta


_CLOUD_METADATA = {
    "accessKeyId": "alibaba_cloud_access_key_id",
    "accessKeySecret": "alibaba_cloud_access_key_secret",
    "securityToken": "alibaba_cloud_security_token",
    "regionId": "alibaba_cloud_region_id",
}


@attrs.frozen
class ResumeEntry:
    interrupt_id: str
    status: str  # "resolved" or "cancelled"
    payload: Any = None
    has_payload: bool = False


@attrs.frozen
class RunRequest:
    thread_id: str
    run_id: str
    props: IacCodeProps
    digest: str  # of the whole request: the same run sent twice is recognised
    parts: tuple[dict[str, Any], ...] | None  # the last user message as A2A parts
    message_id: str | None = None
    parent_run_id: str | None = None
    resume: tuple[ResumeEntry, ...] | None = None


def parse_run_input(body: Any) -> RunRequest:
    if not isinstance(body, dict):
        raise _invalid("The request body must be a JSON object (RunAgentInput).")
    for field in ("threadId", "runId", "state", "messages", "tools", "context", "forwardedProps"):
        if field not in body:
            raise _invalid(f"RunAgentInput.{field} is required.")
    thread_id = _identifier(body["threadId"], "threadId")
    run_id = _identifier(body["runId"], "runId")
    parent = body.get("parentRunId")
    if parent is not None:
        parent = _identifier(parent, "parentRunId")
    if not isinstance(body["tools"], list) or body["tools"]:
        raise _invalid("RunAgentInput.tools must be empty: client-defined tools are not supported.")
    if not isinstance(body["context"], list):
        raise _invalid("RunAgentInput.context must be a list.")
    if not isinstance(body["messages"], list):
        raise _invalid("RunAgentInput.messages must be a list.")
    props = _iac_code(body["forwardedProps"])
    resume = _resume(body["resume"]) if body.get("resume") is not None else None
    message_id, parts = _last_user_message(body["messages"])
    if resume is None and parts is None:
        raise _invalid("RunAgentInput.messages holds no user message to run.")
    return RunRequest(
        thread_id=thread_id,
        run_id=run_id,
        props=props,
        digest=hashlib.sha256(json.dumps(_sorted(body))).hexdigest(),
        parts=parts,
        message_id=message_id,
        parent_run_id=parent,
        resume=resume,
    )


def _identifier(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _invalid(f"RunAgentInput.{field} must be a non-empty string.")
    if len(value) > MAX_ID:
        raise _invalid(f"RunAgentInput.{field} is longer than {MAX_ID} characters.")
    return value


# -- forwardedProps.iacCode -------------------------------------------------------------------

_STRINGS = {
    "model": "model",
    "llmApiKey": "llm_api_key",
    "userId": "user_id",
    "channel": "channel",
    "preferredLanguage": "preferred_language",
    "pipelineName": "pipeline_name",
}
_KNOWN = frozenset(
    {
        "schemaVersion",
        "rosInvocationId",
        "cwd",
        "thinking",
        "candidatePresentation",
        "runMode",
        "cleanupOnly",
        "alibabaCloud",
        *_STRINGS,
    }
)


def _iac_code(forwarded: Any) -> IacCodeProps:
    where = "forwardedProps.iacCode"
    if not isinstance(forwarded, dict) or not isinstance(forwarded.get("iacCode"), dict):
        raise _invalid(f"{where} is required (an object).")
    props: dict[str, Any] = forwarded["iacCode"]
    _only(props, _KNOWN, where)
    if props.get("schemaVersion") != 1 or isinstance(props.get("schemaVersion"), bool):
        raise _invalid(f"{where}.schemaVersion must be 1.")
    invocation = props.get("rosInvocationId")
    if not isinstance(invocation, str) or not invocation or len(invocation) > MAX_ID:
        raise _invalid(f"{where}.rosInvocationId must be a string of 1 to {MAX_ID} characters.")
    cwd = props.get("cwd")
    if not isinstance(cwd, str) or not os.path.isabs(cwd) or "\x00" in cwd:
        raise _invalid(f"{where}.cwd must be an absolute path.")
    values: dict[str, Any] = {"ros_invocation_id": invocation, "cwd": cwd}
    for key, name in _STRINGS.items():
        if key in props:
            if not isinstance(props[key], str):
                raise _invalid(f"{where}.{key} must be a string.")
            values[name] = props[key]
    values["candidate_presentation"] = _choice(props, "candidatePresentation", PRESENTATIONS)
    values["run_mode"] = _choice(props, "runMode", RUN_MODES)
    if "cleanupOnly" in props:
        if not isinstance(props["cleanupOnly"], bool):
            raise _invalid(f"{where}.cleanupOnly must be a boolean.")
        values["cleanup_only"] = props["cleanupOnly"]
    if "thinking" in props:
        values["thinking"] = _thinking(props["thinking"])
    if "alibabaCloud" in props:
        values["alibaba_cloud"] = _alibaba_cloud(props["alibabaCloud"])
    return IacCodeProps(**values)


def _only(value: dict[str, Any], known: frozenset[str], where: str) -> None:
    unknown = sorted(set(value) - known)
    if unknown:
        raise _invalid(f"{where} has unknown field {unknown[0]!r}.")


def _choice(props: dict[str, Any], key: str, allowed: frozenset[str]) -> str | None:
    if key not in props:
        return None
    value = props[key]
    if not isinstance(value, str) or value not in allowed:  # `in` hashes: no lists, objects
        choices = " or ".join(sorted(allowed))
        raise _invalid(f"forwardedProps.iacCode.{key} must be {choices}.")
    return str(value)


def _thinking(value: Any) -> dict[str, Any]:
    where = "forwardedProps.iacCode.thinking"
    if not isinstance(value, dict):
        raise _invalid(f"{where} must be an object.")
    _only(value, frozenset({"enabled", "effort", "budget"}), where)
    if "enabled" in value and not isinstance(value["enabled"], bool):
        raise _invalid(f"{where}.enabled must be a boolean.")
    if "effort" in value and not isinstance(value["effort"], str):
        raise _invalid(f"{where}.effort must be a string.")
    budget = value.get("budget")
    if "budget" in value and (
        not isinstance(budget, int) or isinstance(budget, bool) or budget < 1
    ):
        raise _invalid(f"{where}.budget must be a positive integer.")
    return dict(value)


def _alibaba_cloud(value: Any) -> dict[str, str]:
    where = "forwardedProps.iacCode.alibabaCloud"
    if not isinstance(value, dict):
        raise _invalid(f"{where} must be an object.")
    _only(value, frozenset(_CLOUD_METADATA), where)
    for key, item in value.items():
        if not isinstance(item, str):
            raise _invalid(f"{where}.{key} must be a string.")
    return dict(value)


# -- resume -----------------------------------------------------------------------------------


def _resume(value: Any) -> tuple[ResumeEntry, ...]:
    # An empty list is a resume that answers nothing: INCOMPLETE_RESUME when interrupts are
    # pending (the seed's code, decided against the thread), no resume at all otherwise.
    if not isinstance(value, list):
        raise _invalid("RunAgentInput.resume must be a list.")
    entries = []
    for index, item in enumerate(value):
        where = f"RunAgentInput.resume[{index}]"
        if not isinstance(item, dict):
            raise _invalid(f"{where} must be an object.")
        interrupt_id = item.get("interruptId")
        if not isinstance(interrupt_id, str) or not interrupt_id:
            raise _invalid(f"{where}.interruptId must be a non-empty string.")
        if item.get("status") not in ("resolved", "cancelled"):
            raise _invalid(f"{where}.status must be resolved or cancelled.")
        has_payload = item.get("payload") is not None
        entries.append(ResumeEntry(interrupt_id, item["status"], item.get("payload"), has_payload))
    return tuple(entries)


# -- messages ---------------------------------------------------------------------------------


def _last_user_message(messages: list[Any]) -> tuple[str | None, tuple[dict[str, Any], ...] | None]:
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if not isinstance(message, dict):
            raise _invalid(f"RunAgentInput.messages[{index}] must be an object.")
        if message.get("role") != "user":
            continue
        message_id = message.get("id")
        if not isinstance(message_id, str) or not message_id:
            raise _invalid(f"RunAgentInput.messages[{index}].id must be a non-empty string.")
        return message_id, _content_parts(message.get("content"), index)
    return None, None


def _content_parts(content: Any, index: int) -> tuple[dict[str, Any], ...]:
    where = f"RunAgentInput.messages[{index}].content"
    if isinstance(content, str):
        if not content.strip():
            raise _invalid(f"{where} is empty.")
        return ({"text": content},)
    if not isinstance(content, list) or not content:
        raise _invalid(f"{where} must be a string or a non-empty list of parts.")
    parts: list[dict[str, Any]] = []
    images = 0
    for number, part in enumerate(content):
        here = f"{where}[{number}]"
        kind = part.get("type") if isinstance(part, dict) else None
        if kind == "text":
            assert isinstance(part, dict)
            if not isinstance(part.get("text"), str):
                raise _invalid(f"{here}.text must be a string.")
            parts.append({"text": part["text"]})
        elif kind == "image":
            assert isinstance(part, dict)
            image = _image(part, here)
            images += len(image)
            if images > MAX_IMAGES_BYTES:
                raise _invalid(f"{where}: the images together exceed 10 MiB.")
            raw = base64.b64encode(image).decode("ascii")
            parts.append({"raw": raw, "mediaType": part["source"]["mimeType"]})
        else:
            raise _invalid(
                f"{here}: only text and image parts are supported (no audio, video, documents "
                "or binary parts)."
            )
    if not any(p.get("text", "").strip() for p in parts if "text" in p) and not images:
        raise _invalid(f"{where} is empty.")
    return tuple(parts)


def _image(part: dict[str, Any], where: str) -> bytes:
    source = part.get("source")
    if not isinstance(source, dict) or source.get("type") != "data":
        raise _invalid(
            f"{where}.source must be inline base64 data (remote images are not fetched)."
        )
    media_type = source.get("mimeType")
    if not isinstance(media_type, str) or media_type not in IMAGE_TYPES:
        raise _invalid(f"{where}.source.mimeType must be one of {', '.join(sorted(IMAGE_TYPES))}.")
    value = source.get("value")
    if not isinstance(value, str):
        raise _invalid(f"{where}.source.value must be base64 text.")
    if len(value) > (MAX_IMAGE_BYTES * 4) // 3 + 4:
        raise _invalid(f"{where}: the image exceeds 8 MiB.")
    try:
        data = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise _invalid(f"{where}.source.value is not valid base64.") from None
    if len(data) > MAX_IMAGE_BYTES:
        raise _invalid(f"{where}: the image exceeds 8 MiB.")
    if not data:
        raise _invalid(f"{where}: the image is empty.")
    return data


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value
