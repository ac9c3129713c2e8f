"""What a console reads back from the adapter (extension routes, same bearer token as a run):

    GET /extensions/iac-code/v1/threads                  the newest threads, the workspace roots
    GET /extensions/iac-code/v1/threads/{t}              one thread: its turns, pending interrupts
    GET /extensions/iac-code/v1/threads/{t}/tasks/{k}/artifacts/{a}[?download=1]
                                                         an artifact's content

Path segments are percent-encoded. A thread's turns are the A2A tasks of its context (ListTasks,
with artifacts); an artifact is served only when its task belongs to the thread's context and its
`file://` part names a regular file inside the in-process core's artifact directory, so no id
reaches a file outside it (a remote A2A server's files are not on this host: 404). The content
goes out with its own media type, `nosniff`, and `Content-Security-Policy: sandbox`, so an SVG
opened directly runs nothing; `?download=1` makes it an attachment.
"""

from __future__ import annotations

import os
import re
import stat
import urllib.parse
from pathlib import Path
from typing import Any

import trio

from iaccode.agent.workspace import is_within
from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.threads import ThreadState, ThreadStore
from iaccode.agui.upstream import TASK_NOT_FOUND, Upstream, UpstreamError
from iaccode.wire.http import HttpResponse, json_response

ROUTE = re.compile(
    r"^/extensions/iac-code/v1/threads(?:/([^/]+)(?:/tasks/([^/]+)/artifacts/([^/]+))?)?$"
)
MAX_THREADS = 100  # listed, newest first
MAX_TURNS = 100  # tasks of a thread, newest first
MAX_ARTIFACT_BYTES = 32 * 1024 * 1024
_ID = re.compile(r"[A-Za-z0-9._:-]{1,200}")
_MEDIA_TYPE = re.compile(r"[a-z0-9][a-z0-9.+-]*/[a-z0-9][a-z0-9.+-]*")
ARTIFACT_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'"


def artifact_path(thread_id: str, task_id: str, artifact_id: str) -> str:
    """The route of an artifact's content (what the console and artifact events link to)."""
    quote = urllib.parse.quote
    return (
        f"/extensions/iac-code/v1/threads/{quote(thread_id, safe='')}"
        f"/tasks/{quote(task_id, safe='')}/artifacts/{quote(artifact_id, safe='')}"
    )


class Browser:
    """Answers the routes above; `artifact_root` None: artifacts live elsewhere (remote A2A)."""

    def __init__(
        self,
        threads: ThreadStore,
        upstream: Upstream,
        *,
        artifact_root: Path | None,
        workspaces: tuple[Path, ...] = (),
    ) -> None:
        self.threads = threads
        self.upstream = upstream
        self.artifact_root = artifact_root
        self.workspaces = workspaces  # the roots a run's cwd may be in (for the console's choice)

    async def handle(self, match: re.Match[str], method: str, download: bool) -> HttpResponse:
        """Raises `AguiError` for a bad id (400), an unknown thread, task or artifact (404)."""
        if method not in ("GET", "HEAD"):
            raise AguiError(codes.INVALID_INPUT, "Use GET.", status=405, allow="GET")
        thread, task, artifact = (
            urllib.parse.unquote(m) if m is not None else None for m in match.groups()
        )
        if thread is None:
            listed = await self._list()
            roots = [str(root) for root in self.workspaces]
            return json_response(200, {"threads": listed, "workspaces": roots})
        state = await self._thread(thread)
        if task is None or artifact is None:
            return json_response(200, await self._describe(state))
        return await self._artifact(state, _checked_id(task), _checked_id(artifact), download)

    async def _list(self) -> list[dict[str, Any]]:
        found = await self.threads.newest(MAX_THREADS)
        listed = []
        for thread_id in found:
            try:
                state = await self._load(thread_id)
            except AguiError:
                continue  # a damaged file is not listed; loading it by id says why
            if state is not None:
                listed.append(_summary(state))
        return listed

    async def _thread(self, thread_id: str) -> ThreadState:
        if not thread_id or len(thread_id) > 1024:
            raise AguiError(codes.INVALID_INPUT, "The thread id must be 1 to 1024 characters.")
        state = await self._load(thread_id)
        if state is None:
            raise AguiError(codes.INVALID_INPUT, "There is no such thread.", status=404)
        return state

    async def _load(self, thread_id: str) -> ThreadState | None:
        # Under the thread's lock, as a run loads it: two loads of one file must not race
        # (the second would replace the cached state a starting run holds). A read: other
        # replicas need not wait for it.
        async with self.threads.lock(thread_id, write=False):
            return await self.threads.load(thread_id)

    async def _describe(self, state: ThreadState) -> dict[str, Any]:
        turns: list[dict[str, Any]] = []
        if state.context_id is not None:
            params = {
                "contextId": state.context_id,
                "includeArtifacts": True,
                "pageSize": MAX_TURNS,
            }
            try:
                page = await self.upstream.call("ListTasks", params)
            except UpstreamError:
                page = {}  # the core cannot list them now: the thread is shown without turns
            tasks = page.get("tasks") if isinstance(page, dict) else None
            for task in reversed(tasks if isinstance(tasks, list) else []):
                turns.append(_turn(state, task, served=self.artifact_root is not None))
        return {**_summary(state), "turns": turns}

    async def _artifact(
        self, state: ThreadState, task_id: str, artifact_id: str, download: bool
    ) -> HttpResponse:
        missing = AguiError(codes.INVALID_INPUT, "There is no such artifact.", status=404)
        if self.artifact_root is None or state.context_id is None:
            raise missing
        try:
            task = await self.upstream.call("GetTask", {"id": task_id, "historyLength": 0})
        except UpstreamError as error:
            if error.code == TASK_NOT_FOUND or error.code == -32602:
                raise missing from None
            raise AguiError(codes.A2A_UNAVAILABLE, "The A2A core cannot be asked now.") from None
        if not isinstance(task, dict) or task.get("contextId") != state.context_id:
            raise missing  # another thread's task: the same answer as an unknown one
        part = _file_part(task, artifact_id)
        if part is None:
            raise missing
        path = _local_path(part["url"])
        body = None
        if path is not None:
            body = await trio.to_thread.run_sync(_read_confined, path, self.artifact_root)
        if body is None:
            raise missing
        media_type = served_type(part.get("mediaType"))
        filename = str(part.get("filename") or artifact_id)
        disposition = "attachment" if download else "inline"
        headers = (
            ("content-type", media_type),
            ("content-disposition", f"{disposition}; {_filename_param(filename)}"),
            ("content-security-policy", ARTIFACT_CSP),
            ("x-content-type-options", "nosniff"),
            ("cache-control", "private, no-cache"),
        )
        return HttpResponse(200, headers, body)


def served_type(media_type: Any) -> str:
    """The Content-Type an artifact goes out with: its own media type when it is one (no
    parameters, nothing a header could not carry), text with its charset; else octet-stream."""
    value = str(media_type or "").lower()
    if not _MEDIA_TYPE.fullmatch(value):  # not match: its $ lets a trailing newline through
        return "application/octet-stream"
    return value + "; charset=utf-8" if value.startswith("text/") else value


def _checked_id(value: str) -> str:
    if not _ID.fullmatch(value):  # not match: its $ lets a trailing newline through
        raise AguiError(codes.INVALID_INPUT, "A task or artifact id holds characters it may not.")
    return value


def _summary(state: ThreadState) -> dict[str, Any]:
    execution = state.execution
    return {
        "threadId": state.thread_id,
        "cwd": state.cwd,
        "status": "interrupted" if state.pending else (execution.status if execution else "new"),
        "rosInvocationId": execution.ros_invocation_id if execution else None,
        "interrupts": [p.interrupt for p in state.pending],
    }


def _turn(state: ThreadState, task: dict[str, Any], *, served: bool) -> dict[str, Any]:
    """A task as the console shows it: what the user said, what the agent said, its artifacts
    (with the `url` of their content when this adapter serves it, else None)."""
    said: list[str] = []
    asked = ""
    for message in task.get("history") or ():
        text = "".join(
            p["text"] for p in message.get("parts") or () if isinstance(p.get("text"), str)
        )
        if message.get("role") == "ROLE_USER" and not asked:
            asked = text
        elif message.get("role") == "ROLE_AGENT" and text:
            said.append(text)
    status = task.get("status") or {}
    final = "".join(p.get("text", "") for p in (status.get("message") or {}).get("parts") or ())
    if final and final not in said:
        said.append(final)
    artifacts = []
    for artifact in task.get("artifacts") or ():
        part = _file_part(task, artifact.get("artifactId"))
        if part is None:
            continue
        artifacts.append(
            {
                "artifactId": artifact["artifactId"],
                "name": artifact.get("name") or part.get("filename"),
                "mediaType": part.get("mediaType"),
                "url": artifact_path(state.thread_id, task["id"], artifact["artifactId"])
                if served
                else None,
            }
        )
    return {
        "taskId": task.get("id"),
        "state": status.get("state"),
        "user": asked,
        "agent": "\n\n".join(said),
        "artifacts": artifacts,
    }


def _file_part(task: dict[str, Any], artifact_id: Any) -> dict[str, Any] | None:
    for artifact in task.get("artifacts") or ():
        if isinstance(artifact, dict) and artifact.get("artifactId") == artifact_id:
            for part in artifact.get("parts") or ():
                if isinstance(part, dict) and str(part.get("url", "")).startswith("file://"):
                    return part
    return None


def _local_path(url: str) -> Path | None:
    parsed = urllib.parse.urlsplit(url)
    if parsed.netloc not in ("", "localhost"):
        return None
    return Path(urllib.parse.unquote(parsed.path))


def _read_confined(path: Path, root: Path) -> bytes | None:
    """The file's bytes if it is a regular file inside `root` (symlinks resolved), not too
    large; else None. Blocking (a disk read): a worker thread."""
    try:
        resolved = path.resolve(strict=True)
        if not is_within(resolved, root.resolve(strict=True)):
            return None
        # O_NONBLOCK: a FIFO would otherwise hold this thread until a writer came (a regular
        # file reads as ever); it is refused below as no regular file.
        fd = os.open(resolved, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ARTIFACT_BYTES:
                return None
            return handle.read(MAX_ARTIFACT_BYTES + 1)[:MAX_ARTIFACT_BYTES]
    except (OSError, RuntimeError, ValueError):
        return None


def _filename_param(name: str) -> str:
    ascii_name = re.sub(r"[^A-Za-z0-9._-]", "_", name)[:120] or "artifact"
    return f"filename=\"{ascii_name}\"; filename*=UTF-8''{urllib.parse.quote(name[:120], safe='')}"
