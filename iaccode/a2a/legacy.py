"""The A2A 0.3 dialect, translated at the edge.

AWS Bedrock AgentCore forwards whatever its caller sends, and its documented example is a 0.3
`message/send` (AgentCore A2A contract). 0.3 and 1.0 method names are disjoint, so the dispatcher
picks the dialect by method name and everything behind it speaks 1.0 only: 0.3 params are
rewritten into 1.0 ProtoJSON before decoding, and 1.0 results are rewritten into 0.3 shapes after
encoding. Both directions work on decoded JSON, never on model objects.

0.3 shapes (v0.3.0 spec §6-7): every object carries `kind`; parts are `text`, `file`
(`bytes` or `uri`, with `mimeType` and `name`) and `data` (objects only); roles and states are
lowercase (`input-required`); results are bare, not wrapped in `{"task": ...}`; a status update
carries `final`; `configuration.blocking` is the inverse of 1.0 `returnImmediately`.
"""

from __future__ import annotations

from typing import Any

from iaccode.model.errors import InvalidParamsError

# 0.3 method name -> 1.0 method name (whats-new-v1 "Method renames").
METHODS = {
    "message/send": "SendMessage",
    "message/stream": "SendStreamingMessage",
    "tasks/get": "GetTask",
    "tasks/cancel": "CancelTask",
    "tasks/resubscribe": "SubscribeToTask",
    "tasks/pushNotificationConfig/set": "CreateTaskPushNotificationConfig",
    "tasks/pushNotificationConfig/get": "GetTaskPushNotificationConfig",
    "tasks/pushNotificationConfig/list": "ListTaskPushNotificationConfigs",
    "tasks/pushNotificationConfig/delete": "DeleteTaskPushNotificationConfig",
    "agent/getAuthenticatedExtendedCard": "GetExtendedAgentCard",
}

_STATES = {
    "TASK_STATE_UNSPECIFIED": "unknown",
    "TASK_STATE_SUBMITTED": "submitted",
    "TASK_STATE_WORKING": "working",
    "TASK_STATE_COMPLETED": "completed",
    "TASK_STATE_FAILED": "failed",
    "TASK_STATE_CANCELED": "canceled",
    "TASK_STATE_INPUT_REQUIRED": "input-required",
    "TASK_STATE_REJECTED": "rejected",
    "TASK_STATE_AUTH_REQUIRED": "auth-required",
}
_ROLES = {"ROLE_USER": "user", "ROLE_AGENT": "agent"}
_ROLES_IN = {"user": "ROLE_USER", "agent": "ROLE_AGENT"}
_WRAPPED_VALUE = "iaccode_wrapped_value"  # marks a non-object `data` wrapped for 0.3


# -- 0.3 params -> 1.0 params --------------------------------------------------------------------


def params_to_v1(method: str, params: dict[str, Any]) -> dict[str, Any]:
    """Rewrite the params of 0.3 `method` into the params of its 1.0 counterpart."""
    if method in ("message/send", "message/stream"):
        return _send_params_to_v1(params)
    if method == "tasks/pushNotificationConfig/set":
        config = params.get("pushNotificationConfig")
        flat = _push_config_to_v1(config) if isinstance(config, dict) else {}
        # 0.3 configs without an id are the task's one config, named after the task.
        return {"id": params.get("taskId"), **flat, "taskId": params.get("taskId")}
    if method in ("tasks/pushNotificationConfig/get", "tasks/pushNotificationConfig/delete"):
        task_id = params.get("id")
        return {"taskId": task_id, "id": params.get("pushNotificationConfigId") or task_id}
    if method == "tasks/pushNotificationConfig/list":
        return {"taskId": params.get("id")}
    if method == "tasks/get" and params.get("historyLength") == 0:
        return {k: v for k, v in params.items() if k != "historyLength"}  # 0.3: 0 is no limit
    return params


def _send_params_to_v1(params: dict[str, Any]) -> dict[str, Any]:
    out = dict(params)
    message = params.get("message")
    if isinstance(message, dict):
        out["message"] = message_to_v1(message)
    config = params.get("configuration")
    if isinstance(config, dict):
        converted: dict[str, Any] = {}
        if "acceptedOutputModes" in config:
            converted["acceptedOutputModes"] = config["acceptedOutputModes"]
        # 0.3 treats a missing `blocking` as blocking, and historyLength 0 as "no limit".
        if config.get("blocking") is False:
            converted["returnImmediately"] = True
        history = config.get("historyLength")
        if history not in (None, 0):
            converted["historyLength"] = history
        push = config.get("pushNotificationConfig")
        if isinstance(push, dict):
            converted["taskPushNotificationConfig"] = _push_config_to_v1(push)
        out["configuration"] = converted
    return out


def message_to_v1(message: dict[str, Any]) -> dict[str, Any]:
    out = {key: value for key, value in message.items() if key != "kind"}
    role = message.get("role")
    if isinstance(role, str):
        out["role"] = _ROLES_IN.get(role, role)
    parts = message.get("parts")
    if isinstance(parts, list):
        out["parts"] = [part_to_v1(part) if isinstance(part, dict) else part for part in parts]
    return out


def part_to_v1(part: dict[str, Any]) -> dict[str, Any]:
    """A 0.3 part as a 1.0 part.

    Raises:
        InvalidParamsError: the part has no `kind` (the 0.3 schema requires it) or an unknown one.
    """
    kind = part.get("kind")
    if kind not in ("text", "file", "data"):
        what = "has no 'kind'" if kind is None else "has an unknown 'kind'"
        raise InvalidParamsError(
            f"A 0.3 message part {what}: use text, file or data", field="message.parts.kind"
        )
    out: dict[str, Any] = {}
    if "metadata" in part:
        out["metadata"] = part["metadata"]
    if kind == "file":
        file = part.get("file")
        if isinstance(file, dict):
            if "bytes" in file:
                out["raw"] = file["bytes"]
            if "uri" in file:
                out["url"] = file["uri"]
            if "mimeType" in file:
                out["mediaType"] = file["mimeType"]
            if "name" in file:
                out["filename"] = file["name"]
        return out
    if kind == "data":
        out["data"] = part.get("data")
        return out
    out["text"] = part.get("text")
    return out


def _push_config_to_v1(config: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {key: config[key] for key in ("id", "url", "token") if key in config}
    auth = config.get("authentication")
    if isinstance(auth, dict):
        schemes = auth.get("schemes")
        scheme = schemes[0] if isinstance(schemes, list) and schemes else auth.get("scheme")
        out["authentication"] = {"scheme": scheme, "credentials": auth.get("credentials")}
    return out


# -- 1.0 results -> 0.3 results ------------------------------------------------------------------


def task_to_v03(task: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": "task",
        "id": task["id"],
        "contextId": task["contextId"],
        "status": status_to_v03(task["status"]),
    }
    if "artifacts" in task:
        out["artifacts"] = [artifact_to_v03(a) for a in task["artifacts"]]
    if "history" in task:
        out["history"] = [message_to_v03(m) for m in task["history"]]
    if "metadata" in task:
        out["metadata"] = task["metadata"]
    return out


def status_to_v03(status: dict[str, Any]) -> dict[str, Any]:
    out = dict(status)
    out["state"] = _STATES.get(status["state"], "unknown")
    if "message" in status:
        out["message"] = message_to_v03(status["message"])
    return out


def message_to_v03(message: dict[str, Any]) -> dict[str, Any]:
    out = dict(message)
    out["kind"] = "message"
    out["role"] = _ROLES.get(message["role"], "agent")
    out["parts"] = [part_to_v03(p) for p in message["parts"]]
    return out


def part_to_v03(part: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any]
    if "text" in part:
        out = {"kind": "text", "text": part["text"]}
    elif "raw" in part or "url" in part:
        file: dict[str, Any] = {"bytes": part["raw"]} if "raw" in part else {"uri": part["url"]}
        if "mediaType" in part:
            file["mimeType"] = part["mediaType"]
        if "filename" in part:
            file["name"] = part["filename"]
        out = {"kind": "file", "file": file}
    elif isinstance(part.get("data"), dict):
        out = {"kind": "data", "data": part["data"]}
    else:
        # 0.3 data parts hold objects only; wrap other JSON values and say so.
        wrapped_meta = {**part.get("metadata", {}), _WRAPPED_VALUE: True}
        return {"kind": "data", "data": {"value": part.get("data")}, "metadata": wrapped_meta}
    if "metadata" in part:
        out["metadata"] = part["metadata"]
    return out


def artifact_to_v03(artifact: dict[str, Any]) -> dict[str, Any]:
    out = dict(artifact)
    out["parts"] = [part_to_v03(p) for p in artifact["parts"]]
    return out


def stream_response_to_v03(response: dict[str, Any], *, final: bool) -> dict[str, Any]:
    """One 1.0 StreamResponse as the bare 0.3 event; `final` marks the stream's last event."""
    if "task" in response:
        return task_to_v03(response["task"])
    if "message" in response:
        return message_to_v03(response["message"])
    if "statusUpdate" in response:
        event = response["statusUpdate"]
        out = {
            "kind": "status-update",
            "taskId": event["taskId"],
            "contextId": event["contextId"],
            "status": status_to_v03(event["status"]),
            "final": final,
        }
        if "metadata" in event:
            out["metadata"] = event["metadata"]
        return out
    event = response["artifactUpdate"]
    out = {
        "kind": "artifact-update",
        "taskId": event["taskId"],
        "contextId": event["contextId"],
        "artifact": artifact_to_v03(event["artifact"]),
        "append": event.get("append", False),
        "lastChunk": event.get("lastChunk", False),
    }
    if "metadata" in event:
        out["metadata"] = event["metadata"]
    return out


def send_result_to_v03(response: dict[str, Any]) -> dict[str, Any]:
    """A 1.0 SendMessageResponse (`{task}` or `{message}`) as the bare 0.3 result.

    The answer in the task's status message is also given as an artifact named
    `agent_response`: what the AgentCore contract's example reads (`result.artifacts[]`)."""
    if "task" in response:
        task = task_to_v03(response["task"])
        answer = task["status"].get("message")
        if answer and answer.get("parts"):
            artifact = {
                "artifactId": f"agent_response-{answer.get('messageId', task['id'])}",
                "name": "agent_response",
                "parts": answer["parts"],
            }
            task["artifacts"] = [*task.get("artifacts", ()), artifact]
        return task
    return message_to_v03(response["message"])


def push_config_to_v03(config: dict[str, Any]) -> dict[str, Any]:
    inner: dict[str, Any] = {key: config[key] for key in ("id", "url", "token") if key in config}
    auth = config.get("authentication")
    if isinstance(auth, dict):
        inner["authentication"] = {"schemes": [auth["scheme"]]}
        if "credentials" in auth:
            inner["authentication"]["credentials"] = auth["credentials"]
    return {"taskId": config.get("taskId", ""), "pushNotificationConfig": inner}
