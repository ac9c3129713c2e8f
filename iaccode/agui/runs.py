"""AG-UI runs on top of A2A: admission, the run itself, resume, cancel and disconnect.

    POST /  ->  AguiService.open_run    checks and registers the run (errors: HTTP JSON)
            ->  RunStream.run           the run, in the response's nursery, feeding its events

A new run sends the last user message to A2A as a new task in the thread's context; a resume
subscribes to the paused task first and then answers it, so no event falls between the two. The
thread's state is saved before anything recoverable is reported: the execution before the
session event, the pending interrupts before RUN_FINISHED. A pending interrupt is dropped only
after A2A accepted its answer.

Disconnects (AG-UI seed, "Verbindungsabbrueche"): the run lives in the response's nursery, so a
client that goes away cancels it; the cleanup, shielded and bounded, cancels the A2A task unless
the run had already ended in an interrupt, which stays answerable.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import trio

from iaccode import telemetry
from iaccode.agent.workspace import is_within
from iaccode.agui import errors as codes
from iaccode.agui import events as ev
from iaccode.agui.errors import AguiError
from iaccode.agui.inputs import RunRequest
from iaccode.agui.interrupts import Answer, match_resume, pending_from
from iaccode.agui.mapping import EventMapper, Settled, backup_blocked, message_text
from iaccode.agui.messages import describe, language_of
from iaccode.agui.threads import Execution, RunRecord, ThreadState, ThreadStore
from iaccode.agui.upstream import (
    NOT_CANCELABLE,
    TASK_NOT_FOUND,
    UNSUPPORTED_OPERATION,
    Upstream,
    UpstreamError,
    UpstreamStream,
)
from iaccode.model.ids import new_id

log = logging.getLogger("iaccode.agui")
_CLEANUP_SECONDS = 5.0
_BUFFER = 64  # events queued for a slow client before the run waits for it


@attrs.frozen
class NewTurn:
    parts: tuple[dict[str, Any], ...]


@attrs.frozen
class Resume:
    answers: tuple[Answer, ...]


class AguiService:
    def __init__(
        self,
        upstream: Upstream,
        threads: ThreadStore,
        *,
        allowed_cwds: tuple[Path, ...] | None,
        interrupt_ttl: float,
        clock: Callable[[], float] = time.time,
        serves_artifacts: bool = True,
    ) -> None:
        self.upstream = upstream
        self.threads = threads
        self.allowed_cwds = allowed_cwds
        self.interrupt_ttl = interrupt_ttl
        self.clock = clock
        # Whether artifact events get a contentUrl: only where the adapter can serve the files
        # (an in-process core's; a remote A2A server's are on that host).
        self.serves_artifacts = serves_artifacts

    # -- admission ------------------------------------------------------------------------------

    async def open_run(self, request: RunRequest, accept_language: str | None) -> RunStream:
        """Register the run, or raise (HTTP JSON); interrupt-protocol errors become a stream
        holding one RUN_ERROR."""
        language = language_of(request.props.preferred_language, accept_language)
        if self.allowed_cwds is not None:
            await trio.to_thread.run_sync(self._check_cwd, request.props.cwd)
        async with self.threads.lock(request.thread_id):
            state = await self.threads.load(request.thread_id)
            if state is None:
                state = ThreadState(request.thread_id, request.props.cwd, request.props.user_id)
                self.threads.adopt(state)
            self._check_binding(state, request)
            known = state.runs.get(request.run_id)
            if known is not None:
                same = known.digest == request.digest
                raise AguiError(
                    codes.DUPLICATE_RUN_ID if same else codes.RUN_ID_CONFLICT,
                    f"Run {request.run_id} exists in this thread"
                    + ("." if same else " with a different request."),
                    runId=request.run_id,
                    runStatus=known.status,
                )
            if state.active_run is not None:
                raise AguiError(
                    codes.THREAD_BUSY, f"Run {state.active_run} is still active in this thread."
                )
            try:
                plan = await self._plan(state, request)
            except AguiError as error:
                if error.code not in codes.IN_STREAM:
                    raise
                return RunStream.refused(request, error, language)
            if not await self.threads.claim_run(request.thread_id):
                raise AguiError(
                    codes.THREAD_BUSY, "A run is still active in this thread on another replica."
                )
            state.active_run = request.run_id
            state.remember_run(request.run_id, RunRecord(request.digest, "active"))
            try:
                await self.threads.save(state)  # the run id is taken, durably
            except AguiError:
                state.active_run = None
                del state.runs[request.run_id]
                self.threads.release_run(request.thread_id)
                raise
        return RunStream(self, state, request, plan, language)

    def _check_cwd(self, cwd: str) -> None:
        """The workspace against the allowed roots (in-process only: a remote A2A server checks
        its own paths). Blocking: runs in a worker thread."""
        try:
            path = Path(cwd)
            resolved = path.resolve(strict=True) if path.is_dir() else None
        except (OSError, RuntimeError):  # a name too long for the file system, a symlink loop
            resolved = None
        if resolved is None:
            raise AguiError(codes.INVALID_INPUT, "forwardedProps.iacCode.cwd is not a directory.")
        if not any(is_within(resolved, root) for root in self.allowed_cwds or ()):
            raise AguiError(
                codes.INVALID_INPUT,
                "forwardedProps.iacCode.cwd is outside the allowed workspaces "
                "(IAC_CODE_AGUI_ALLOWED_CWDS).",
            )

    @staticmethod
    def _check_binding(state: ThreadState, request: RunRequest) -> None:
        if state.cwd != request.props.cwd:
            raise AguiError(codes.THREAD_BINDING_CONFLICT, "The thread belongs to another cwd.")
        if state.user_id != request.props.user_id:
            raise AguiError(codes.THREAD_BINDING_CONFLICT, "The thread belongs to another userId.")

    async def _plan(self, state: ThreadState, request: RunRequest) -> NewTurn | Resume:
        now = self.clock()
        expired = [p for p in state.pending if p.expired(now)]
        if expired:
            await self._expire(state)
            raise AguiError(
                codes.EXECUTION_EXPIRED,
                f"Interrupt {expired[0].id} expired; the execution was ended.",
            )
        if request.resume is None or (not request.resume and not state.pending):
            if state.pending:
                ids = ", ".join(p.id for p in state.pending)
                raise AguiError(codes.RESUME_REQUIRED, f"Pending interrupts: {ids}.")
            if request.parts is None:  # `resume: []` with nothing pending, and no message
                raise AguiError(
                    codes.INVALID_INPUT, "RunAgentInput.messages holds no user message to run."
                )
            return NewTurn(request.parts)
        answers = match_resume(state.pending, request.resume, applied=state.applied, now=now)
        execution = state.execution
        if execution is None or execution.ros_invocation_id != request.props.ros_invocation_id:
            raise AguiError(
                codes.INVALID_INPUT,
                "A resume must keep the rosInvocationId of the run it resumes.",
            )
        return Resume(tuple(answers))

    async def _expire(self, state: ThreadState) -> None:
        """An expired interrupt: drop the pending state and end its A2A task if possible."""
        task_ids = {p.task_id for p in state.pending}
        state.end_execution()
        await self.threads.save(state)
        for task_id in task_ids:
            await self._cancel_task(task_id)

    async def _cancel_task(self, task_id: str) -> bool:
        """CancelTask; False when the task had ended already."""
        try:
            await self.upstream.call("CancelTask", {"id": task_id})
        except UpstreamError as error:
            if error.code in (NOT_CANCELABLE, TASK_NOT_FOUND):
                return False
            log.warning("could not cancel A2A task %s: %s", task_id, error.message)
        return True

    # -- the cancel extension -------------------------------------------------------------------

    async def cancel_execution(self, execution_id: str, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise AguiError(codes.INVALID_INPUT, "The body must be a JSON object.")
        thread_id, invocation = body.get("threadId"), body.get("rosInvocationId")
        if not isinstance(thread_id, str) or not thread_id:
            raise AguiError(codes.INVALID_INPUT, "threadId is required.")
        if not isinstance(invocation, str) or not invocation:
            raise AguiError(codes.INVALID_INPUT, "rosInvocationId is required.")
        not_found = AguiError(codes.EXECUTION_NOT_FOUND, f"No execution {execution_id}.")
        async with self.threads.lock(thread_id):
            state = await self.threads.load(thread_id)
            execution = state.execution if state is not None else None
            if state is None or execution is None or execution.id != execution_id:
                raise not_found
            if execution.ros_invocation_id != invocation:
                raise not_found
            result = {"executionId": execution_id, "threadId": thread_id}
            if execution.status == "finished":
                return {**result, "status": "already_terminal"}
            cancelled = await self._cancel_task(execution.task_id)
            state.end_execution()
            await self.threads.save(state)
        return {**result, "status": "cancelled" if cancelled else "already_terminal"}


class RunStream:
    """The events of one run, produced by `run()` in the response's nursery."""

    def __init__(
        self,
        service: AguiService | None,
        state: ThreadState | None,
        request: RunRequest,
        plan: NewTurn | Resume | None,
        language: str | None,
    ) -> None:
        self._service = service
        self._state = state
        self._request = request
        self._plan = plan
        self._language = language
        self._send, self._receive = trio.open_memory_channel[bytes](_BUFFER)
        self._mapper = EventMapper(
            announced_calls=frozenset(state.execution.announced_calls)
            if state is not None and state.execution is not None and isinstance(plan, Resume)
            else frozenset(),
            thread_id=request.thread_id
            if service is not None and service.serves_artifacts
            else None,
        )
        self._upstream: UpstreamStream | None = None
        self._task_id: str | None = None
        self._ended = False  # the run's last event is out (or about to be)
        self._paused = False  # it ended in an interrupt: the A2A task must live on
        # Made in the request's task; `run()` runs in one spawned after the request's span.
        self._trace = telemetry.current().carry()

    @classmethod
    def refused(cls, request: RunRequest, error: AguiError, language: str | None) -> RunStream:
        """A stream of one RUN_ERROR, for a resume that does not fit the thread."""
        stream = cls(None, None, request, None, language)
        stream._send.send_nowait(ev.encode(stream._error_event(error)))
        stream._send.close()
        stream._ended = True
        return stream

    # -- EventSource ----------------------------------------------------------------------------

    async def receive(self) -> bytes:
        return await self._receive.receive()

    def receive_nowait(self) -> bytes:
        return self._receive.receive_nowait()

    def aclose(self) -> None:
        self._receive.close()

    async def run(self) -> None:
        """Run it to its end; cancelled when the client goes away."""
        if self._service is None:
            return
        with self._trace:  # the turn this starts is the request's child
            await self._run()

    async def _run(self) -> None:
        async with self._send:
            try:
                await self._drive()
            except trio.Cancelled:
                with trio.CancelScope(shield=True), trio.move_on_after(_CLEANUP_SECONDS):
                    await self._abandon()
                raise
            except AguiError as error:
                await self._fail(error)
            except Exception:
                log.exception("AG-UI run %s failed", self._request.run_id)
                await self._fail(
                    AguiError(codes.A2A_PROTOCOL_ERROR, "The run stopped unexpectedly.")
                )
            finally:
                if self._upstream is not None:
                    with trio.CancelScope(shield=True):
                        await self._upstream.aclose()

    # -- the run --------------------------------------------------------------------------------

    async def _drive(self) -> None:
        assert self._service is not None and self._state is not None
        request = self._request
        await self._emit(
            ev.event(
                ev.RUN_STARTED,
                threadId=request.thread_id,
                runId=request.run_id,
                parentRunId=request.parent_run_id,
                protocolVersion=ev.PROTOCOL_VERSION,
            )
        )
        if isinstance(self._plan, Resume):
            settled = await self._resume(self._plan)
        else:
            assert isinstance(self._plan, NewTurn)
            settled = await self._start(self._plan)
        if settled is not None:
            await self._finish(settled)

    async def _start(self, plan: NewTurn) -> Settled | None:
        service, state, request = self._service, self._state, self._request
        assert service is not None and state is not None
        message: dict[str, Any] = {
            "messageId": new_id(),
            "role": "ROLE_USER",
            "parts": list(plan.parts),
            "metadata": {"iac_code": request.props.a2a_metadata()},
        }
        if state.context_id:
            message["contextId"] = state.context_id
        try:
            self._upstream = await service.upstream.open_stream(
                "SendStreamingMessage", {"message": message}
            )
            first = await self._upstream.receive()
        except UpstreamError as error:
            raise _upstream_failure(error) from None
        if "message" in first:  # the engine answered directly, without a task
            await self._emit_all(self._mapper.say_whole(message_text(first["message"])))
            await self._succeed()
            return None
        task = first.get("task")
        if not isinstance(task, dict):
            raise AguiError(codes.A2A_PROTOCOL_ERROR, "The A2A stream did not start with a task.")
        if task["status"]["state"] == "TASK_STATE_FAILED":  # refused before it ran (workspace)
            iac_code = (task.get("metadata") or {}).get("iac_code")
            if isinstance(iac_code, dict):
                await self._emit_all(backup_blocked(iac_code, task.get("id")))
            raise AguiError(codes.INVALID_INPUT, message_text(task["status"].get("message")))
        self._task_id = task["id"]
        async with service.threads.lock(state.thread_id):
            state.context_id = task["contextId"]
            state.execution = Execution(
                id=new_id(),
                task_id=task["id"],
                context_id=task["contextId"],
                ros_invocation_id=request.props.ros_invocation_id,
            )
            state.runs[request.run_id].execution_id = state.execution.id
            await self._save()  # before anyone is told about the execution
        await self._emit(self._session_event())
        _, settled = self._mapper.feed(first)
        return settled or await self._follow()

    async def _resume(self, plan: Resume) -> Settled | None:
        service, state = self._service, self._state
        assert service is not None and state is not None and state.execution is not None
        execution = state.execution
        self._task_id = execution.task_id
        await self._emit(self._session_event())
        if any(answer.cancels_execution for answer in plan.answers):
            async with service.threads.lock(state.thread_id):
                await service._cancel_task(execution.task_id)
                self._forget(plan.answers)
                execution.status = "finished"
                await self._save()
            raise AguiError(codes.CANCELLED, "The question was cancelled.")
        # Subscribe first, then answer: nothing the resumed turn does falls in between.
        try:
            self._upstream = await service.upstream.open_stream(
                "SubscribeToTask", {"id": execution.task_id}
            )
        except UpstreamError as error:
            if error.code in (TASK_NOT_FOUND, UNSUPPORTED_OPERATION):
                await self._lose_execution()
                raise AguiError(codes.EXECUTION_LOST, "The A2A task has ended.") from None
            raise _upstream_failure(error) from None
        for answer in plan.answers:
            await self._answer(answer)
        async with service.threads.lock(state.thread_id):
            self._forget(plan.answers)
            execution.status = "running"
            await self._save()  # the answers are A2A's now
        return await self._follow()

    async def _answer(self, answer: Answer) -> None:
        """Hand one answer to A2A. One A2A already took (the adapter stopped before it could
        note that) counts as given: the tool does not run twice."""
        assert self._service is not None
        message = answer.a2a_message(self._request.props.a2a_metadata())
        params = {"message": message, "configuration": {"returnImmediately": True}}
        try:
            await self._service.upstream.call("SendMessage", params)
        except UpstreamError as error:
            if error.code == UNSUPPORTED_OPERATION:  # the task has ended
                await self._lose_execution()
                raise AguiError(codes.EXECUTION_LOST, "The A2A task has ended.") from None
            if error.code == -32602 and "no longer active" in error.message:
                log.info("interrupt %s was answered before; going on", answer.pending.id)
                return
            raise _upstream_failure(error) from None

    def _forget(self, answers: tuple[Answer, ...]) -> None:
        assert self._state is not None
        for answer in answers:
            self._state.pending = [p for p in self._state.pending if p.id != answer.pending.id]
            self._state.remember_applied(answer.pending.id, answer.digest)

    async def _lose_execution(self) -> None:
        state = self._state
        assert self._service is not None and state is not None
        async with self._service.threads.lock(state.thread_id):
            state.end_execution()
            await self._save()

    async def _follow(self) -> Settled:
        assert self._upstream is not None
        while True:
            try:
                result = await self._upstream.receive()
            except trio.EndOfChannel:
                raise AguiError(
                    codes.EXECUTION_LOST, "The A2A stream ended before the turn did."
                ) from None
            except UpstreamError as error:
                raise _upstream_failure(error) from None
            events, settled = self._mapper.feed(result)
            await self._emit_all(events)
            if settled is not None:
                return settled

    async def _finish(self, settled: Settled) -> None:
        meta = settled.iac_code
        state = settled.state
        # Before the run's last event, whichever it is: the state is not backed up yet.
        await self._emit_all(backup_blocked(meta, settled.update.get("taskId")))
        if state == "TASK_STATE_INPUT_REQUIRED" and isinstance(meta.get("input"), dict):
            await self._interrupt(settled, meta["input"])
        elif state in ("TASK_STATE_INPUT_REQUIRED", "TASK_STATE_COMPLETED"):
            if meta.get("interrupted"):
                raise AguiError(codes.EXECUTION_LOST, settled.text)
            if not self._mapper.streamed_text and settled.text:
                await self._emit_all(self._mapper.say_whole(settled.text))
            await self._succeed()
        elif state == "TASK_STATE_CANCELED":
            raise AguiError(codes.CANCELLED, "")
        else:
            raise AguiError(codes.A2A_EXECUTION_FAILED, settled.text)

    async def _interrupt(self, settled: Settled, pause: dict[str, Any]) -> None:
        service, state, request = self._service, self._state, self._request
        assert service is not None and state is not None and state.execution is not None
        execution = state.execution
        pending = pending_from(
            pause,
            prompt=settled.text,
            task_id=execution.task_id,
            context_id=execution.context_id,
            execution_id=execution.id,
            ros_invocation_id=execution.ros_invocation_id,
            now=service.clock(),
            ttl=service.interrupt_ttl,
            language=self._language,
        )
        closing = self._mapper.close()
        async with service.threads.lock(state.thread_id):
            state.pending = [pending]
            execution.status = "interrupted"
            calls = set(self._mapper.announced)
            if pending.tool_use_id:
                calls.add(pending.tool_use_id)
            execution.announced_calls = sorted(calls)
            try:
                await self._save()  # recoverable only once it is on disk
            except AguiError:
                state.pending = []  # not reported, so not answerable: its task is ended
                execution.status = "finished"
                raise
            self._end_run("interrupt")
        self._paused = True
        await self._emit_all(closing)
        await self._emit(
            ev.event(
                ev.RUN_FINISHED,
                threadId=request.thread_id,
                runId=request.run_id,
                outcome={"type": "interrupt", "interrupts": [pending.interrupt]},
                usage=self._mapper.usage_list(),
            )
        )

    async def _succeed(self) -> None:
        service, state, request = self._service, self._state, self._request
        assert service is not None and state is not None
        closing = self._mapper.close()
        async with service.threads.lock(state.thread_id):
            if state.execution is not None:
                state.execution.status = "finished"
            self._end_run("success")
            await self._save_quietly()
        await self._emit_all(closing)
        await self._emit(
            ev.event(
                ev.RUN_FINISHED,
                threadId=request.thread_id,
                runId=request.run_id,
                outcome={"type": "success"},
                usage=self._mapper.usage_list(),
            )
        )

    async def _fail(self, error: AguiError) -> None:
        """End the run with RUN_ERROR; a failure to save the interrupt also ends its task."""
        service, state = self._service, self._state
        assert service is not None and state is not None
        if error.code == codes.STATE_PERSISTENCE_FAILED and self._task_id and not self._paused:
            await service._cancel_task(self._task_id)
        async with service.threads.lock(state.thread_id):
            if state.execution is not None and not state.pending:
                state.execution.status = "finished"
            self._end_run("cancelled" if error.code == codes.CANCELLED else "error")
            await self._save_quietly()
        await self._emit_all(self._mapper.close())
        await self._emit(self._error_event(error))

    async def _abandon(self) -> None:
        """The client left: cancel the A2A task unless the run ended in an interrupt."""
        service, state = self._service, self._state
        assert service is not None and state is not None
        if self._task_id is not None and not self._paused and not self._ended:
            await service._cancel_task(self._task_id)
        async with service.threads.lock(state.thread_id):
            if not self._ended:
                if state.execution is not None and not self._paused:
                    state.execution.status = "finished"
                self._end_run("cancelled")
            await self._save_quietly()

    def _end_run(self, status: str) -> None:
        assert self._state is not None
        record = self._state.runs.get(self._request.run_id)
        if record is not None:
            record.status = status
        if self._state.active_run == self._request.run_id:
            self._state.active_run = None
            assert self._service is not None
            self._service.threads.release_run(self._state.thread_id)
        self._ended = True

    async def _save(self) -> None:
        assert self._service is not None and self._state is not None
        await self._service.threads.save(self._state)

    async def _save_quietly(self) -> None:
        try:
            await self._save()
        except AguiError:
            log.error("thread %s: state not saved", self._request.thread_id)

    # -- events ---------------------------------------------------------------------------------

    async def _emit(self, event: dict[str, Any]) -> None:
        await self._send.send(ev.encode(event))

    async def _emit_all(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            await self._emit(event)

    def _session_event(self) -> dict[str, Any]:
        assert self._state is not None and self._state.execution is not None
        execution = self._state.execution
        return ev.custom(
            ev.SESSION,
            {
                "threadId": self._state.thread_id,
                "aguiRunId": self._request.run_id,
                "executionId": execution.id,
                "contextId": execution.context_id,
                "taskId": execution.task_id,
                "rosInvocationId": execution.ros_invocation_id,
                "sessionId": execution.context_id,
            },
        )

    def _error_event(self, error: AguiError) -> dict[str, Any]:
        return ev.run_error(describe(error.code, error.message, self._language), error.code)


def _upstream_failure(error: UpstreamError) -> AguiError:
    if error.unreachable:
        return AguiError(codes.A2A_UNAVAILABLE, "The A2A server cannot be reached.")
    if error.busy:
        return AguiError(codes.A2A_UNAVAILABLE, "The A2A server is busy; retry later.")
    if error.code == -32602:
        return AguiError(codes.INVALID_INPUT, error.message)
    return AguiError(codes.A2A_PROTOCOL_ERROR, f"A2A error {error.code}.")
