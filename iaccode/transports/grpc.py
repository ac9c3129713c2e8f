"""Official A2A gRPC (`lf.a2a.v1.A2AService`, spec §10) on grpcio, bridged to Trio.

grpcio's synchronous server runs each call in a thread of its bounded pool. A call's thread
reads what it needs from the gRPC context (the metadata), then hands the work to the Trio loop
with `trio.from_thread.run` and waits: everything that touches the core runs in Trio, as for
every other transport. A stream hands over once per batch of events (whatever the
subscription has queued), so a burst costs one round trip, not one per event.

Cancellation and deadlines: when a call ends early (the client cancelled, its deadline passed,
the server is stopping), grpcio runs the call's termination callback, which cancels the Trio
side through the loop's token. A cancelled stream only closes its subscription: the task goes
on, as it does when an SSE client goes away. `grpc-max-concurrent-rpcs` bounds the calls in
progress (the pool has as many threads); one beyond is refused at once with RESOURCE_EXHAUSTED
instead of waiting.

Auth: the same schemes as HTTP, read from the metadata (`authorization`, the API-key header);
a call that authenticates as nobody gets UNAUTHENTICATED. `a2a-version` and `a2a-extensions`
are the service parameters (spec §10.2). Request size: `max-body-bytes`, as over HTTP
(RESOURCE_EXHAUSTED beyond); nesting: `max-json-depth`, as over HTTP+JSON. TLS: `tls-cert` and
`tls-key`, as over HTTP.

Shutdown: on `stop`, new calls are refused with UNAVAILABLE (the dispatcher is closing); calls
in progress go on through the server's `shutdown-grace-seconds` and the interruption of the turns
after it, so that a stream ends with its task's last state as an SSE stream does; then grpcio
gets a second to send what is answered and cancels what is left.

Requires the `grpc` extra (grpcio, and the published A2A messages of a2a-sdk).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Iterator
from concurrent import futures
from pathlib import Path
from typing import Any, Protocol

import attrs
import trio

from iaccode.a2a.auth import Authenticator
from iaccode.a2a.calls import OPERATIONS, SHUTTING_DOWN, CallLayer, CallMeta
from iaccode.model import a2a as m
from iaccode.model.errors import A2AError, InternalError
from iaccode.model.ids import new_id
from iaccode.tasks.broker import SubscriberOverflow, Subscription

log = logging.getLogger("iaccode.grpc")

MISSING_EXTRA = "gRPC needs the grpc extra (pip install 'iaccode[grpc]')"
_DETAILS_KEY = "grpc-status-details-bin"
_BATCH = 64  # events handed over from Trio at once, at most
_FLUSH = 1.0  # seconds grpcio gets at the end to send what the calls have answered


class GrpcUnavailable(Exception):
    """The `grpc` extra is not installed (the message says how to install it)."""


def check_installed() -> None:
    """Raises `GrpcUnavailable` unless grpcio and the A2A protobuf messages can be imported."""
    try:
        import grpc  # noqa: F401
        from a2a.types import a2a_pb2  # noqa: F401
    except ImportError:
        raise GrpcUnavailable(MISSING_EXTRA) from None


@attrs.frozen
class GrpcSettings:
    host: str
    port: int
    max_message: int  # bytes a request may have (max-body-bytes); answers are not limited
    max_concurrent_rpcs: int
    tls_cert: Path | None = None
    tls_key: Path | None = None


@attrs.frozen
class Failure:
    """What a call answers instead of a result: a gRPC status (its code's name, the message,
    and the serialized `google.rpc.Status` for the details trailer)."""

    code: str
    message: str
    details: bytes

    @classmethod
    def plain(cls, code: str, message: str) -> Failure:
        """A status of the transport's own (auth, shutdown, cancellation): no A2A details."""
        from google.rpc import status_pb2

        status = status_pb2.Status(code=_CODES[code], message=message)
        return cls(code, message, status.SerializeToString())


_CODES = {"CANCELLED": 1, "UNAVAILABLE": 14, "UNAUTHENTICATED": 16, "INVALID_ARGUMENT": 3}


class Call:
    """The Trio side of one gRPC call, cancellable from grpcio's threads."""

    def __init__(self, token: trio.lowlevel.TrioToken, metadata: dict[str, str]) -> None:
        self.metadata = metadata  # lowercase keys, first value (a2a-extensions: all, joined)
        self._token = token
        self.cancelled = False
        self._scope: trio.CancelScope | None = None

    def scope(self) -> trio.CancelScope:
        """A fresh scope for one hop into Trio (a scope is entered once), cancelled already
        when the call has ended."""
        self._scope = trio.CancelScope()
        if self.cancelled:
            self._scope.cancel()
        return self._scope

    def terminated(self) -> None:
        """grpcio's termination callback (any thread): cancel what runs in Trio for the call."""
        with contextlib.suppress(trio.RunFinishedError):
            self._token.run_sync_soon(self._cancel)

    def _cancel(self) -> None:
        self.cancelled = True
        if self._scope is not None:
            self._scope.cancel()


class Source(Protocol):
    """What a stream reads in Trio: a subscription, or the dispatcher's stream reply."""

    async def receive(self) -> Any: ...

    def receive_nowait(self) -> Any: ...


@attrs.frozen
class OpenStream:
    """A stream opened in Trio: where its items come from and how each becomes a message."""

    source: Source
    encode: Callable[[Any], bytes | Failure]
    release: Callable[[], None]  # in Trio, once, however the stream ends
    last: bytes | None = None  # sent after the source's end (an envelope's final marker)


Unary = Callable[[bytes, Call], Awaitable[bytes | Failure]]
Opener = Callable[[bytes, Call], Awaitable[OpenStream | Failure]]


class Admission(Protocol):
    """Who counts the requests in progress, and refuses new ones once the server is closing
    (`CallLayer.admit`)."""

    def admit(self) -> bool: ...

    def release(self) -> None: ...


class TrioBridge:
    """grpcio handlers whose work runs in the Trio loop (the module docstring says how)."""

    def __init__(
        self,
        admission: Admission,
        token: trio.lowlevel.TrioToken,
        *,
        auth: Authenticator | None = None,
    ) -> None:
        self.admission = admission  # shutdown and the in-flight count
        self._token = token
        self._auth = auth if auth is not None and auth.enabled else None

    # -- grpcio's threads ---------------------------------------------------------------------

    def unary(self, work: Unary) -> Callable[[bytes, Any], bytes]:
        """A unary handler running `work(request bytes, call)` in Trio."""

        def handle(raw: bytes, context: Any) -> bytes:
            call = self._begin(context)
            outcome = self._to_trio(self._unary, work, raw, call)
            if isinstance(outcome, Failure):
                _abort(context, outcome)
            answer: bytes = outcome
            return answer

        return handle

    def stream(self, opener: Opener) -> Callable[[bytes, Any], Iterator[bytes]]:
        """A server-streaming handler over what `opener(request bytes, call)` opens in Trio."""

        def handle(raw: bytes, context: Any) -> Iterator[bytes]:
            call = self._begin(context)
            opened = self._to_trio(self._open, opener, raw, call)
            if isinstance(opened, Failure):
                _abort(context, opened)
            # grpcio stops iterating a stream that ended early without closing this generator,
            # so the `finally` below runs whenever it is collected; the call's end releases the
            # stream at once (`release` runs once, whichever comes first).
            if not context.add_callback(functools.partial(self._release_soon, opened)):
                self._release_soon(opened)
            try:
                while True:
                    batch = self._to_trio(self._next_batch, opened, call)
                    if isinstance(batch, Failure):  # the loop is gone
                        _abort(context, batch)
                    if not batch:
                        break
                    for item in batch:
                        if isinstance(item, Failure):
                            _abort(context, item)
                        yield item
                if opened.last is not None and not call.cancelled:
                    yield opened.last
            finally:
                # Only the stream closes: the task goes on (a cancelled stream is not a cancel).
                # Not a blocking hop: a collected generator may be finalized in any thread,
                # the loop's own included.
                self._release_soon(opened)

        return handle

    def _release_soon(self, opened: OpenStream) -> None:
        with contextlib.suppress(trio.RunFinishedError):
            self._token.run_sync_soon(opened.release)

    def _begin(self, context: Any) -> Call:
        metadata: dict[str, str] = {}
        for key, value in context.invocation_metadata() or ():
            if not isinstance(value, str):
                continue  # binary (-bin) metadata carries nothing of ours
            key = key.lower()
            if key == "a2a-extensions" and key in metadata:
                metadata[key] = f"{metadata[key]},{value}"
            else:
                metadata.setdefault(key, value)
        call = Call(self._token, metadata)
        if not context.add_callback(call.terminated):
            call.cancelled = True  # over before it started
        return call

    def _to_trio(self, fn: Callable[..., Any], *args: Any) -> Any:
        """What `fn(*args)` returns in Trio, or the Failure to answer instead: UNAVAILABLE when
        the loop is going or gone, INTERNAL (the generic message with an error id, logged) when
        it raised. grpcio would send the exception's text to the client."""
        try:
            return trio.from_thread.run(fn, *args, trio_token=self._token)
        except (trio.RunFinishedError, trio.Cancelled):
            return _shutting_down()
        except Exception:
            from iaccode.a2a.grpc_codec import error_status

            error_id = new_id()[:8]
            log.exception("gRPC call failed (error id %s)", error_id)
            return Failure(*error_status(InternalError(f"Internal error (error id {error_id})")))

    # -- Trio ---------------------------------------------------------------------------------

    def principal(self, call: Call) -> str | Failure:
        """Who the call authenticates as ("" with auth off), or UNAUTHENTICATED."""
        if self._auth is None:
            return ""
        principal = self._auth.authenticate(call.metadata.get)
        if principal is None:
            return Failure.plain("UNAUTHENTICATED", "Unauthorized")
        return principal

    async def _unary(self, work: Unary, raw: bytes, call: Call) -> bytes | Failure:
        if not self.admission.admit():  # counted: shutdown waits for it, as for HTTP's
            return _shutting_down()
        try:
            with call.scope():
                return await work(raw, call)
            return Failure.plain("CANCELLED", "The call was cancelled")
        finally:
            self.admission.release()

    async def _open(self, opener: Opener, raw: bytes, call: Call) -> OpenStream | Failure:
        if not self.admission.admit():  # counted until the stream is released
            return _shutting_down()
        opened: OpenStream | Failure | None = None
        try:
            with call.scope():
                opened = await opener(raw, call)
        finally:
            if not isinstance(opened, OpenStream):
                self.admission.release()
        if opened is None:
            return Failure.plain("CANCELLED", "The call was cancelled")
        if isinstance(opened, Failure):
            return opened
        release = opened.release
        released = False

        def release_once() -> None:
            nonlocal released
            if not released:
                released = True
                release()
                self.admission.release()

        if call.cancelled:
            release_once()
            return Failure.plain("CANCELLED", "The call was cancelled")
        return attrs.evolve(opened, release=release_once)

    async def _next_batch(self, opened: OpenStream, call: Call) -> list[bytes | Failure]:
        """The items queued now (waiting for one if none is), encoded; [] at the end."""
        items: list[Any] = []
        with call.scope():
            try:
                items.append(await opened.source.receive())
                while len(items) < _BATCH:
                    items.append(opened.source.receive_nowait())
            except (trio.WouldBlock, trio.EndOfChannel, trio.ClosedResourceError):
                pass  # ClosedResourceError: the call's end released the stream meanwhile
        out: list[bytes | Failure] = []
        for item in items:
            encoded = opened.encode(item)
            out.append(encoded)
            if isinstance(encoded, Failure):
                break
        return out


class GrpcA2A:
    """The A2AService's methods as grpcio handlers over the call layer."""

    def __init__(self, calls: CallLayer, bridge: TrioBridge) -> None:
        from iaccode.a2a import grpc_codec
        from iaccode.a2a.protojson import KeptByTask

        self._codec = grpc_codec
        self._calls = calls
        self._bridge = bridge
        # A polled task's answer serialized once per change (~45 us a Task here), as JSON-RPC
        # and HTTP+JSON keep its ProtoJSON text.
        self._tasks = KeptByTask(functools.partial(grpc_codec.encode_result, "GetTask"))

    def handler(self) -> Any:
        """The grpcio generic handler for `lf.a2a.v1.A2AService` (raw bytes in and out, so
        that a malformed message is our INVALID_ARGUMENT rather than grpcio's INTERNAL)."""
        import grpc

        handlers = {}
        for name in self._codec.REQUESTS:
            if name in self._codec.STREAMING:
                opener = functools.partial(self._open_stream, name)
                handlers[name] = grpc.unary_stream_rpc_method_handler(self._bridge.stream(opener))
            else:
                work = functools.partial(self._unary, name)
                handlers[name] = grpc.unary_unary_rpc_method_handler(self._bridge.unary(work))
        return grpc.method_handlers_generic_handler(self._codec.SERVICE, handlers)

    def _meta(self, call: Call) -> CallMeta | Failure:
        owner = self._bridge.principal(call)
        if isinstance(owner, Failure):
            return owner
        extensions = call.metadata.get("a2a-extensions", "")
        return CallMeta(
            version=call.metadata.get("a2a-version"),
            extensions=frozenset(e.strip() for e in extensions.split(",") if e.strip()),
            owner=owner,
        )

    async def _unary(self, name: str, raw: bytes, call: Call) -> bytes | Failure:
        result = await self._invoke(name, raw, call)
        if isinstance(result, (bytes, Failure)):
            return result
        raise AssertionError(f"{name} answered {type(result).__name__}")

    async def _open_stream(self, name: str, raw: bytes, call: Call) -> OpenStream | Failure:
        result = await self._invoke(name, raw, call)
        if isinstance(result, Failure):
            return result
        assert isinstance(result, Subscription)
        return OpenStream(result, self._encode_event, result.close)

    async def _invoke(self, name: str, raw: bytes, call: Call) -> Any:
        """The serialized answer of a unary method, the subscription of a streaming one, or
        the failure."""
        op = OPERATIONS[name]
        meta = self._meta(call)
        if isinstance(meta, Failure):
            return meta
        try:
            self._calls.check(meta)
            max_depth = self._calls.max_depth
            request = self._codec.decode_request(name, raw, op.params, max_depth=max_depth)
            result = await self._calls.invoke(op, request, meta)
        except A2AError as exc:  # the call layer made every failure of the call one
            return Failure(*self._codec.error_status(exc))
        if op.streaming:
            return result
        try:
            if name == "GetTask":
                return self._tasks.encoded(result)
            card = None
            if name == "GetExtendedAgentCard":
                card = self._calls.extended_card(result)
            return self._codec.encode_result(name, result, card=card)
        except Exception:
            error_id = new_id()[:8]
            log.exception("gRPC %s: encoding the answer failed (error id %s)", name, error_id)
            return Failure(
                *self._codec.error_status(InternalError(f"Internal error (error id {error_id})"))
            )

    def _encode_event(self, event: m.StreamEvent | SubscriberOverflow) -> bytes | Failure:
        if isinstance(event, SubscriberOverflow):
            overflow = InternalError(
                "The stream fell too far behind and was closed; use SubscribeToTask to resume."
            )
            return Failure(*self._codec.error_status(overflow))
        return self._codec.encode_event(event)


def _shutting_down() -> Failure:
    """UNAVAILABLE with the busy ErrorInfo (domain iac-code), as JSON-RPC answers a request
    that arrives during shutdown (a client retries it elsewhere or later)."""
    from iaccode.a2a.grpc_codec import error_status
    from iaccode.tasks.errors import ServerBusyError

    return Failure(*error_status(ServerBusyError(SHUTTING_DOWN)))


def _abort(context: Any, failure: Failure) -> None:
    """End the call with `failure` (raises, as grpcio's `abort` does)."""
    import grpc

    context.set_trailing_metadata(((_DETAILS_KEY, failure.details),))
    context.abort(getattr(grpc.StatusCode, failure.code), failure.message)


def _credentials(settings: GrpcSettings) -> Any:
    import grpc

    assert settings.tls_cert is not None and settings.tls_key is not None
    key = settings.tls_key.read_bytes()
    chain = settings.tls_cert.read_bytes()
    return grpc.ssl_server_credentials([(key, chain)])


class GrpcServer:
    """A grpcio server bound to its port (`port` is the one bound: 0 asks for a free one)."""

    def __init__(self, settings: GrpcSettings) -> None:
        """Bind the port.

        Raises:
            GrpcUnavailable: the `grpc` extra is missing.
            OSError: the address cannot be bound, or the TLS files cannot be read.
        """
        check_installed()
        import grpc

        self._settings = settings
        workers = max(1, settings.max_concurrent_rpcs)
        self._server = grpc.server(
            futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="grpc"),
            options=[
                ("grpc.max_receive_message_length", settings.max_message),
                # As over HTTP, the limit is on requests: a task may grow past it (a long reply).
                ("grpc.max_send_message_length", -1),
                ("grpc.so_reuseport", 0),
            ],
            maximum_concurrent_rpcs=workers,
        )
        address = f"{_bracket(settings.host)}:{settings.port}"
        if settings.tls_cert is not None and settings.tls_key is not None:
            port = self._server.add_secure_port(address, _credentials(settings))
        else:
            port = self._server.add_insecure_port(address)
        if not port:
            raise OSError(f"cannot listen on {address}")
        self.port = port

    async def serve(
        self,
        make_handler: Callable[[trio.lowlevel.TrioToken], Any],
        stop: trio.Event,
        *,
        busy: Callable[[], bool] = lambda: False,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Serve the handler `make_handler` builds (given this loop's token) until `stop` is
        set, then stop gracefully.

        After `stop` the dispatcher refuses new calls; the calls in progress go on while
        `busy()` (the server's shutdown interrupts the turns at the end of its grace, so a
        stream still carries its task's last state, as an SSE stream does), and grpcio is
        stopped once they are over or the server lets go of its connections.
        """
        self._server.add_generic_rpc_handlers((make_handler(trio.lowlevel.current_trio_token()),))
        self._server.start()
        task_status.started()
        try:
            await stop.wait()
            while busy():  # noqa: ASYNC110 (shutdown only)
                await trio.sleep(0.05)
        finally:
            done = self._server.stop(_FLUSH)
            with trio.CancelScope(shield=True), trio.move_on_after(_FLUSH + 1):
                await trio.to_thread.run_sync(done.wait, abandon_on_cancel=True)

    def close(self) -> None:
        """Stop at once (when serving never started)."""
        self._server.stop(None)


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host or "0.0.0.0"


__all__ = [
    "MISSING_EXTRA",
    "Call",
    "Failure",
    "GrpcA2A",
    "GrpcServer",
    "GrpcSettings",
    "GrpcUnavailable",
    "OpenStream",
    "TrioBridge",
    "check_installed",
]
