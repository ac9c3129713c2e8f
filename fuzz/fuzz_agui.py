"""Fuzz AG-UI input validation: `iaccode.agui.inputs.parse_run_input` (RunAgentInput and its
`forwardedProps.iacCode`), as `POST /` of `iaccode.agui.app.AguiHttpApp` uses it, and the
workspace check that follows it (`AguiService._check_cwd`).

Run with atheris installed: `scripts/fuzz agui`, or `python fuzz/fuzz_agui.py fuzz/corpus/agui`.
The tests replay the corpus through `TestOneInput` without atheris (tests/agui/
test_inputs_fuzzed.py); there, seeds named `valid_*` must be accepted and `invalid_*` refused.

An input is the body of a `POST /` with `Content-Type: application/json`. It is read as the app
reads it, validated, and sent through the app itself, in front of a stub service that runs the
real workspace check (the temporary directory is the allowed root) and then opens the run or, for
inputs of odd length, refuses it as a busy thread would.

Invariants:
- validation raises nothing but `AguiError` with code INVALID_INPUT (HTTP 400), whose message
  names the field at fault (`RunAgentInput.…`, `forwardedProps.iacCode…`) or the body; it does
  not change its input; the workspace check raises nothing but INVALID_INPUT either;
- the string values of the secrets (`llmApiKey`, `alibabaCloud.*`) change neither the outcome nor
  the error message (so a message never echoes one); reordering the members of every object
  changes neither the outcome nor an accepted run's digest;
- an accepted input keeps its ids (non-empty, at most 256 characters); a new run's parts are
  text or inline image data of a supported type, and the A2A codec accepts them, with the
  metadata, as the adapter's `SendStreamingMessage` params; the envelope as interpreted (ids,
  the user message taken, the resume entries) validates with the official
  `ag_ui.core.RunAgentInput`;
- the app answers an invalid body with `{"error": {"code": "INVALID_INPUT", "message"}}` and 400,
  in the `Accept-Language` language, and passes a valid one to the service, whose refusal comes
  back with its own code and status, in `preferredLanguage` when that is supported.
"""

from __future__ import annotations

import base64
import sys
import tempfile
from pathlib import Path
from typing import Any

from ag_ui.core import RunAgentInput

from iaccode.agui import errors as codes
from iaccode.agui.app import AguiHttpApp, preferred_language_of
from iaccode.agui.errors import AguiError
from iaccode.agui.inputs import (
    IMAGE_TYPES,
    MAX_ID,
    MAX_IMAGE_BYTES,
    MAX_IMAGES_BYTES,
    RunRequest,
    parse_run_input,
)
from iaccode.agui.messages import describe, language_of
from iaccode.agui.runs import AguiService
from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.wire import json
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse

_ROOT = Path(tempfile.gettempdir())  # an allowed workspace root that exists
_ACCEPT_LANGUAGES = (None, "de", "fr-CH, fr;q=0.9, en;q=0.8", "*;q=0", "xx;q=abc, ja;q=0.5")
_SECRETS = ("accessKeyId", "accessKeySecret", "securityToken", "regionId")
_SOURCE = ("type", "value", "mimeType")
_PREFIXES = ("RunAgentInput", "forwardedProps.iacCode", "The request body")


# Only its workspace check is used: it needs neither the upstream nor the thread store.
_CHECKER = AguiService(None, None, allowed_cwds=(_ROOT,), interrupt_ttl=60.0)  # type: ignore[arg-type]


class _Stream:
    async def receive(self) -> bytes:  # pragma: no cover - the harness never reads it
        raise AssertionError("not read")


class _Service:
    """What `AguiHttpApp` needs of `AguiService.open_run`: the workspace check, then a stream or
    a refusal."""

    def __init__(self) -> None:
        self.checker = _CHECKER
        self.refuse = False
        self.opened: list[RunRequest] = []

    async def open_run(self, request: RunRequest, accept_language: str | None) -> _Stream:
        self.checker._check_cwd(request.props.cwd)  # the real one runs it in a worker thread
        if self.refuse:
            raise AguiError(codes.THREAD_BUSY, "Run r0 is still active in this thread.")
        self.opened.append(request)
        return _Stream()


def _parse(body: Any) -> RunRequest | AguiError:
    snapshot = repr(body)
    outcome: RunRequest | AguiError
    try:
        outcome = parse_run_input(body)
    except AguiError as error:
        assert error.code == codes.INVALID_INPUT and error.status == 400, error
        assert error.message.startswith(_PREFIXES) and not error.details, error.message
        outcome = error
    assert repr(body) == snapshot, "parse_run_input changed its input"
    return outcome


def _with_secrets(body: Any, secret: str) -> Any:
    """`body` with every string secret of `forwardedProps.iacCode` replaced by `secret`."""
    props = body.get("forwardedProps") if isinstance(body, dict) else None
    iac = props.get("iacCode") if isinstance(props, dict) else None
    if not isinstance(iac, dict):
        return body
    iac = dict(iac)
    if isinstance(iac.get("llmApiKey"), str):
        iac["llmApiKey"] = secret
    cloud = iac.get("alibabaCloud")
    if isinstance(cloud, dict):
        iac["alibabaCloud"] = {
            key: secret if key in _SECRETS and isinstance(value, str) else value
            for key, value in cloud.items()
        }
    return {**body, "forwardedProps": {**props, "iacCode": iac}}


def _reversed(value: Any) -> Any:
    """`value` with the members of every object in the opposite order."""
    if isinstance(value, dict):
        return {key: _reversed(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [_reversed(item) for item in value]
    return value


def _without_secrets(request: RunRequest) -> tuple[Any, ...]:
    props = request.props
    return (
        request.thread_id,
        request.run_id,
        request.parts,
        request.message_id,
        request.parent_run_id,
        request.resume,
        props.cwd,
        props.ros_invocation_id,
        props.model,
        props.thinking,
        props.user_id,
        props.preferred_language,
        props.run_mode,
        None if props.alibaba_cloud is None else sorted(props.alibaba_cloud),
        props.llm_api_key is None,
    )


def _official_envelope(body: dict[str, Any], request: RunRequest) -> dict[str, Any]:
    """The members of `body` that were read, as the official model names them."""
    envelope: dict[str, Any] = {
        "threadId": request.thread_id,
        "runId": request.run_id,
        "state": body["state"],
        "messages": [],
        "tools": [],
        "context": [],
        "forwardedProps": body["forwardedProps"],
    }
    if request.parent_run_id is not None:
        envelope["parentRunId"] = request.parent_run_id
    if request.message_id is not None:
        # The last user message; the messages before it are not read, and need not be objects.
        message = next(
            item
            for item in reversed(body["messages"])
            if isinstance(item, dict) and item.get("role") == "user"
        )
        content = message["content"]
        if isinstance(content, list):
            content = [
                {"type": "text", "text": part["text"]}
                if part["type"] == "text"
                else {"type": "image", "source": {k: part["source"][k] for k in _SOURCE}}
                for part in content
            ]
        envelope["messages"] = [{"id": request.message_id, "role": "user", "content": content}]
    if request.resume is not None:
        envelope["resume"] = [
            {"interruptId": entry.interrupt_id, "status": entry.status}
            | ({"payload": entry.payload} if entry.has_payload else {})
            for entry in request.resume
        ]
    return envelope


def _check_accepted(body: dict[str, Any], request: RunRequest) -> None:
    assert request.thread_id == body["threadId"] and request.run_id == body["runId"]
    for value in (request.thread_id, request.run_id, request.parent_run_id):
        assert value is None or (value.strip() and len(value) <= MAX_ID)
    assert len(request.props.ros_invocation_id) <= MAX_ID and request.props.cwd.startswith("/")
    assert request.parts is not None or request.resume
    images = 0
    for part in request.parts or ():
        if "text" in part:
            assert set(part) == {"text"} and isinstance(part["text"], str)
        else:
            assert set(part) == {"raw", "mediaType"} and part["mediaType"] in IMAGE_TYPES
            size = len(base64.b64decode(part["raw"], validate=True))
            assert 0 < size <= MAX_IMAGE_BYTES
            images += size
    assert images <= MAX_IMAGES_BYTES
    if request.parts is not None:
        assert images or any(part.get("text", "").strip() for part in request.parts)
        # What the adapter sends the A2A core (runs.py, RunStream._start).
        message = {
            "messageId": "m1",
            "role": "ROLE_USER",
            "parts": list(request.parts),
            "metadata": {"iac_code": request.props.a2a_metadata()},
        }
        params = json.loads(json.dumps({"message": message}), max_depth=256)
        decoded = codec.structure(params, m.SendMessageRequest)
        for part, sent in zip(decoded.message.parts, request.parts, strict=True):
            if "text" in sent:
                assert part.content_kind == "text" and part.text == sent["text"]
            else:
                assert part.content_kind == "raw" and part.media_type == sent["mediaType"]
                assert part.raw == base64.b64decode(sent["raw"])
    RunAgentInput.model_validate(_official_envelope(body, request))


def _drive(coroutine: Any) -> Any:
    """Run a coroutine that never waits (the stub service does not) to its result."""
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value
    coroutine.close()
    raise AssertionError("the app waited for something")


def _check_app(data: bytes, outcome: RunRequest | AguiError | None) -> None:
    """POST `data` to the app; `outcome` is what validation made of it (None: not JSON)."""
    accept_language = _ACCEPT_LANGUAGES[len(data) % len(_ACCEPT_LANGUAGES)]
    headers = [("content-type", "application/json")]
    if accept_language is not None:
        headers.append(("accept-language", accept_language))
    service = _Service()
    service.refuse = bool(len(data) % 2)
    app = AguiHttpApp(service)  # type: ignore[arg-type]
    response = _drive(app.handle(HttpRequest("POST", "/", "", tuple(headers), data)))
    language = language_of(None, accept_language)
    if outcome is None:
        code, status, detail = codes.INVALID_INPUT, 400, "The body is not valid JSON."
    elif isinstance(outcome, AguiError):
        code, status, detail = outcome.code, outcome.status, outcome.message
        # preferredLanguage wins wherever the body has one, valid input or not.
        language = language_of(preferred_language_of(json.loads(data)), accept_language)
    else:
        # Refused by the service (the workspace check, or the stub): in the run's language.
        language = language_of(outcome.props.preferred_language, accept_language)
        workspace = _check_workspace(outcome)
        if workspace is not None:
            code, status, detail = workspace.code, workspace.status, workspace.message
        elif service.refuse:
            code, status, detail = codes.THREAD_BUSY, 409, "Run r0 is still active in this thread."
        else:
            assert isinstance(response, EventStreamResponse), response
            assert service.opened == [outcome]
            return
    assert isinstance(response, HttpResponse), response
    assert response.status == status, (response, code)
    assert response.headers == (("content-type", "application/json"),), response
    expected = {"code": code, "message": describe(code, detail, language)}
    assert json.loads(response.body) == {"error": expected}, (response.body, expected)


def _check_workspace(request: RunRequest) -> AguiError | None:
    try:
        _CHECKER._check_cwd(request.props.cwd)
    except AguiError as error:
        assert error.code == codes.INVALID_INPUT and error.message.startswith(_PREFIXES)
        return error
    return None


def TestOneInput(data: bytes) -> None:
    try:
        body = json.loads(data)  # as the app reads it
    except json.JSONDecodeError:
        _check_app(data, None)
        return
    outcome = _parse(body)
    redacted = _parse(_with_secrets(body, "<secret>"))
    reordered = _parse(_reversed(body))
    if isinstance(outcome, AguiError):
        assert isinstance(redacted, AguiError) and redacted.message == outcome.message
        assert isinstance(reordered, AguiError)
    else:
        assert isinstance(redacted, RunRequest) and isinstance(reordered, RunRequest)
        assert _without_secrets(redacted) == _without_secrets(outcome)
        assert reordered == outcome  # the digest too
        _check_accepted(body, outcome)
    _check_app(data, outcome)


if __name__ == "__main__":
    import atheris
    from _support import instrument, make_mutator

    NAMES = (
        *("threadId", "runId", "parentRunId", "state", "messages", "tools", "context"),
        *("forwardedProps", "resume", "protocolVersion", "iacCode", "schemaVersion"),
        *("rosInvocationId", "cwd", "model", "llmApiKey", "thinking", "enabled", "effort"),
        *("budget", "userId", "channel", "preferredLanguage", "candidatePresentation"),
        *("runMode", "pipelineName", "cleanupOnly", "alibabaCloud", *_SECRETS),
        *("interruptId", "status", "payload", "resolved", "cancelled", "metadata", "id"),
        *("role", "user", "assistant", "system", "tool", "toolCallId", "toolCalls"),
        *("content", "type", "text", "image", "audio", "binary", "source", "data", "url"),
        *("value", "mimeType", "description", "name", "normal", "pipeline", "standard"),
        *("rich", "de", "zh", "en-US", "/", "/workspace", str(_ROOT), *sorted(IMAGE_TYPES)),
    )
    SCALARS = ("aGVsbG8=", "AA==", "iVBORw0KGgo=", "a" * 257, "/" + "a" * 300, "  ", "\t")
    instrument("iaccode")
    atheris.Setup(sys.argv, TestOneInput, custom_mutator=make_mutator(names=NAMES, scalars=SCALARS))
    atheris.Fuzz()
