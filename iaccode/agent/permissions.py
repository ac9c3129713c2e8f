"""Tool permissions: who decides, what the caller is shown, and the audit trail.

A2A seed, "Interaktive Berechtigungsentscheidungen". When a tool needs permission the decision
comes from, in order: the configured rules (`permissions: {allow: [...], deny: [...]}`, tool-name
patterns), `auto-approve-permissions`, or the caller. Asking the caller pauses the turn as
INPUT_REQUIRED with an envelope (`metadata.iac_code.input`, schemaVersion 1) and waits for a
sideband message: one ROLE_USER message whose only part is an `application/json` data part with
exactly `schemaVersion`, `kind`, `requestTaskId`, `inputId`, `toolUseId`, `decision`.

Protected Alibaba Cloud write APIs (seed: "Geschuetzte Alibaba-Cloud-Schreib-APIs werden durch
normale Allow-Regeln nicht freigegeben und erfordern weiterhin eine exakte Autorisierung pro
API"): a request naming one in `protected_api` (`ros:CreateStack`) is allowed only by an allow
rule that names exactly that API (`ros:CreateStack`, or `aliyun_api(ros:CreateStack)`) or by the
caller's allow_once. A rule on the tool name, a wildcard, or `auto-approve-permissions` never
approves it; any matching deny rule still denies it.

Every allow is appended to an audit log first (JSON lines, fsync'd, 0600); when that write fails,
the allow becomes a deny (fail closed).

What the caller sees of a tool's input is its shape, never raw payloads: string values become
type, length and fingerprint; field names outside a short list of display fields are
fingerprinted too. A file write adds a bounded `preview` (head of the content, or a diff of an
edit) with secret-looking values masked (`iaccode.agent.previews`).
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import trio

from iaccode.agent.i18n import translate
from iaccode.agent.previews import write_preview
from iaccode.model.a2a import Message, Part, Role
from iaccode.model.errors import InvalidParamsError
from iaccode.model.ids import timestamp_now
from iaccode.wire import json

SCHEMA_VERSION = 1
DECISIONS = ("allow_once", "deny")
RESPONSE_FIELDS = frozenset(
    {"schemaVersion", "kind", "requestTaskId", "inputId", "toolUseId", "decision"}
)
# Input fields whose values help a person decide and carry no payload.
DISPLAY_FIELDS = frozenset(
    {"path", "file_path", "directory", "operation", "region", "name", "stack_name", "stack_id"}
    | {"product", "action", "version"}
)
_WRITE_TOOLS = frozenset({"write_file", "edit_file"})
_MAX_TEXT = 500


@attrs.frozen
class PermissionRequest:
    """What a tool asks permission for. `tool_input` is shown only as its shape."""

    tool_name: str
    tool_use_id: str
    tool_input: Mapping[str, Any] = attrs.field(factory=dict)
    read_only: bool = False
    protected_api: str | None = None  # "product:Action" of a cloud write; see the module doc
    deployment_summary: Mapping[str, Any] | None = None  # shown as the envelope's deploymentSummary


@attrs.frozen
class PermissionResponse:
    """A parsed sideband answer; its correlation fields are checked against the pending one."""

    task_id: str
    context_id: str | None
    input_id: str
    tool_use_id: str
    decision: str

    @property
    def allowed(self) -> bool:
        return self.decision == "allow_once"


@attrs.frozen
class PermissionRules:
    """Tool-name patterns (fnmatch) that are always allowed or always denied; deny wins."""

    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()

    def verdict(self, tool_name: str) -> bool | None:
        if any(fnmatch.fnmatchcase(tool_name, pattern) for pattern in self.deny):
            return False
        if any(fnmatch.fnmatchcase(tool_name, pattern) for pattern in self.allow):
            return True
        return None

    def protected_verdict(self, tool_name: str, api: str) -> bool | None:
        """A protected API: denied by any matching deny rule, allowed only by an exact one."""
        # A deny rule matches in any case: it must hold for every spelling an allow rule (whose
        # product is case-blind) or the vendor accepts.
        names = [n.lower() for n in (tool_name, api, f"aliyun_api({api})")]
        if any(fnmatch.fnmatchcase(n, p.lower()) for p in self.deny for n in names):
            return False
        if any(_same_api(pattern, api) for pattern in self.allow):
            return True
        return None


def _same_api(pattern: str, api: str) -> bool:
    """Whether an allow rule names exactly `api` (`product:Action`; the product in any case)."""
    inner = pattern.strip()
    if inner.startswith("aliyun_api(") and inner.endswith(")"):
        inner = inner[len("aliyun_api(") : -1].strip()
    product, sep, action = inner.partition(":")
    want_product, _, want_action = api.partition(":")
    return bool(sep) and product.lower() == want_product.lower() and action == want_action


class AuditError(Exception):
    """The audit record could not be written; an allow must not go ahead."""


class PermissionAudit:
    """Append-only JSON-lines log of permission decisions, durable before the decision acts."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = trio.Lock()

    async def record(self, entry: Mapping[str, Any]) -> None:
        line = json.dumps({"at": timestamp_now(), **entry}) + b"\n"
        async with self._lock:
            try:
                await trio.to_thread.run_sync(self._append, line)
            except OSError as exc:
                raise AuditError(str(exc)) from exc

    def _append(self, line: bytes) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)


@attrs.frozen
class PermissionPolicy:
    """Everything that decides a permission request before the caller is asked."""

    audit: PermissionAudit
    rules: PermissionRules = PermissionRules()
    auto_approve: bool = False
    # Safe mode (IAC_CODE_A2A_SAFE_MODE): every request that would ask is denied, whatever tool
    # makes it, so a write-capable MCP tool or a cloud write is held like write_file.
    safe_mode: bool = False

    def preset(self, request: PermissionRequest) -> tuple[bool, str] | None:
        """(allowed, source) when safe mode, rules or auto-approval decide, None when the
        caller must."""
        if self.safe_mode:
            return False, "safe-mode"
        if request.protected_api is not None:
            protected = self.rules.protected_verdict(request.tool_name, request.protected_api)
            return None if protected is None else (protected, "rule")
        verdict = self.rules.verdict(request.tool_name)
        if verdict is not None:
            return verdict, "rule"
        if self.auto_approve:
            return True, "auto-approve"
        return None

    async def confirm(
        self, request: PermissionRequest, allowed: bool, source: str, where: Mapping[str, str]
    ) -> bool:
        """Audit the decision; an allow that cannot be audited is a deny (fail closed)."""
        entry = {
            "toolName": request.tool_name,
            "toolUseId": request.tool_use_id,
            "decision": "allow_once" if allowed else "deny",
            "source": source,
            "toolInput": input_shape(request.tool_input),
            **where,
        }
        try:
            await self.audit.record(entry)
        except AuditError:
            return False
        return allowed


# -- what the caller is shown ----------------------------------------------------------------------


def new_input_id() -> str:
    return f"permission-{uuid.uuid4().hex}"


def display_fields(request: PermissionRequest, language: str | None) -> dict[str, Any]:
    """Title, purpose, effect, target and read-only flag, in the caller's language."""
    target = _target(request.tool_input)
    if request.tool_name in _WRITE_TOOLS:
        fields = {
            "title": translate("Change a workspace file", language),
            "purpose": translate(
                "Write a file needed for the requested infrastructure task.", language
            ),
            "effect": "file_change",
            "target": target or translate("a file in the current workspace", language),
            "isReadOnly": False,
        }
        preview = write_preview(request.tool_name, request.tool_input)  # secrets masked
        return {**fields, "preview": preview} if preview else fields
    if request.protected_api is not None:
        summary = request.deployment_summary or {}
        where = [str(summary[k]) for k in ("stackName", "regionId") if summary.get(k)]
        return {
            "title": translate("Call Alibaba Cloud {api}", language, api=request.protected_api),
            "purpose": translate(
                "Change cloud resources for the requested infrastructure task.", language
            ),
            "effect": "cloud_change",
            "target": " / ".join(where) or request.protected_api,
            "isReadOnly": False,
        }
    if request.read_only:
        return {
            "title": translate("Read workspace data with {tool}", language, tool=request.tool_name),
            "purpose": translate(
                "Read local data needed for the requested infrastructure task.", language
            ),
            "effect": "read",
            "target": target or translate("the current local workspace", language),
            "isReadOnly": True,
        }
    return {
        "title": translate("Run {tool}", language, tool=request.tool_name),
        "purpose": translate("Run this operation for the requested infrastructure task.", language),
        "effect": "unknown",
        "target": target or translate("the current local workspace", language),
        "isReadOnly": False,
    }


def envelope(
    request: PermissionRequest,
    *,
    task_id: str,
    context_id: str,
    input_id: str,
    language: str | None,
) -> dict[str, Any]:
    """`metadata.iac_code.input` for a pending permission (schemaVersion 1)."""
    display = display_fields(request, language)
    if request.deployment_summary is not None:
        display["deploymentSummary"] = dict(request.deployment_summary)
    return {
        "schemaVersion": SCHEMA_VERSION,
        "kind": "permission",
        "requestTaskId": task_id,
        "contextId": context_id,
        "inputId": input_id,
        "toolUseId": request.tool_use_id,
        "toolName": request.tool_name,
        **display,
        "prompt": translate("{title}. Allow once?", language, title=display["title"]),
        "safeSummary": safe_summary(request),
        "options": [
            {"id": "allow_once", "label": translate("Allow once", language)},
            {"id": "deny", "label": translate("Deny", language)},
        ],
        "language": language or "en",
        "required": True,
    }


def shown_input(request: PermissionRequest) -> dict[str, Any]:
    """The input field of `metadata.iac_code.permission` (seed): for a protected cloud call
    (aliyun_api writes, stack operations) `inputSummary`, the safe summary of the operation
    (product, operation, region; a stack's name and change counts); for any other tool
    `toolInput`, the shape of its input."""
    if request.protected_api is not None:
        summary = dict(request.deployment_summary or {})
        return {"inputSummary": summary or {"operation": request.protected_api}}
    return {"toolInput": input_shape(request.tool_input)}


def safe_summary(request: PermissionRequest) -> str:
    shape = json.dumps(input_shape(request.tool_input)).decode("utf-8")
    return f"{request.tool_name}: {shape}"[:1200]


def input_shape(value: Any, *, top: bool = True) -> Any:
    """The shape of a tool input: display fields kept, strings and other names fingerprinted."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = str(key)
            if top and name in DISPLAY_FIELDS and isinstance(item, str):
                out[name] = item[:_MAX_TEXT]
            else:
                shown = name if name.isidentifier() and len(name) <= 40 else _fingerprint(name)
                out[shown] = input_shape(item, top=False)
        return out
    if isinstance(value, str):
        return {"type": "string", "length": len(value), "fingerprint": _fingerprint(value)}
    if isinstance(value, list):
        return {"type": "array", "length": len(value)}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, (int, float)):
        return {"type": "number"}
    return {"type": "null"} if value is None else {"type": "value"}


def _fingerprint(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]


def _target(tool_input: Mapping[str, Any]) -> str | None:
    for key in ("path", "file_path", "directory"):
        value = tool_input.get(key)
        if isinstance(value, str) and value:
            return value[:_MAX_TEXT]
    return None


# -- the caller's answer -------------------------------------------------------------------------


def parse_response(message: Message) -> PermissionResponse | None:
    """The sideband answer in `message`, None when it is not one, InvalidParamsError when it is
    one but malformed. Nothing is coerced: the fields must be exactly those of schemaVersion 1."""
    payloads = [
        part.data
        for part in message.parts
        if isinstance(part.data, dict) and part.data.get("kind") == "permission"
    ]
    if not payloads:
        return None
    if len(message.parts) != 1 or message.parts[0].media_type != "application/json":
        raise InvalidParamsError(
            "Permission responses must contain exactly one application/json DataPart.",
            field="message.parts",
        )
    payload = payloads[0]
    if set(payload) != RESPONSE_FIELDS:
        raise InvalidParamsError(
            "Permission response payload fields do not match schemaVersion 1.",
            field="message.parts[0].data",
        )
    if payload["schemaVersion"] != SCHEMA_VERSION or isinstance(payload["schemaVersion"], bool):
        raise InvalidParamsError(
            "Permission response schemaVersion must be 1.", field="message.parts[0].data"
        )
    if payload["decision"] not in DECISIONS:
        raise InvalidParamsError(
            "Permission decision must be allow_once or deny.", field="message.parts[0].data"
        )
    ids = (payload["requestTaskId"], payload["inputId"], payload["toolUseId"])
    if not all(isinstance(value, str) and value for value in ids):
        raise InvalidParamsError(
            "Permission response correlation fields are required.", field="message.parts[0].data"
        )
    if message.task_id != payload["requestTaskId"]:
        raise InvalidParamsError(
            "Permission response taskId does not match requestTaskId.", field="message.taskId"
        )
    return PermissionResponse(
        task_id=payload["requestTaskId"],
        context_id=message.context_id,
        input_id=payload["inputId"],
        tool_use_id=payload["toolUseId"],
        decision=payload["decision"],
    )


def ack_message(response: PermissionResponse, *, allowed: bool, context_id: str) -> Message:
    """The server's answer to a sideband message: a `permission_ack` data part."""
    ack = {
        "schemaVersion": SCHEMA_VERSION,
        "kind": "permission_ack",
        "inputId": response.input_id,
        "toolUseId": response.tool_use_id,
        "decision": "allow_once" if allowed else "deny",
        "accepted": True,
    }
    return Message(
        message_id=f"permission-ack-{uuid.uuid4().hex}",
        role=Role.ROLE_AGENT,
        parts=[Part(data=ack, media_type="application/json")],
        context_id=context_id,
        task_id=response.task_id,
    )
