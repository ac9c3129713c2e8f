"""iaccode as an ASGI 3 application, to mount in another ASGI stack that runs on trio.

    # app.py, served by `hypercorn --worker-class trio app:app`
    from pathlib import Path

    from iaccode.asgi import create_a2a_app
    from iaccode.config import load_config

    app = create_a2a_app(load_config(Path("a2a-server.yml")))

`create_a2a_app` and `create_agui_app` return at once. What the app needs to run (the task store;
the turn supervisor, push worker and housekeeping in their nursery; for AG-UI also its thread
store and upstream) is opened on ASGI `lifespan.startup`, inside the lifespan task that the server
keeps for its whole life, and closed on `lifespan.shutdown`: running turns get
`shutdown-grace-seconds` to end, then are interrupted with their state written, as under
`iaccode a2a`. A host that does not pass lifespan events on to a mounted app (Starlette's `Mount`
does not) opens it in one of its own trio tasks instead, for example in its own lifespan:

    async with app:
        ...  # serve

The host must run the app on trio (hypercorn's trio worker, Starlette or FastAPI on AnyIO's trio
backend, Quart-Trio): the core is trio code. The card advertises `public-url`, which should be
the URL the app is mounted at. Connection limits and keep-alive are the host's.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator

import attrs
import trio

from iaccode.config import AguiConfig, Config, load_agui_config, load_config
from iaccode.core import Core, open_core, wind_down
from iaccode.http_front import a2a_app, http_limits, wrap_http_app
from iaccode.server import open_agui
from iaccode.transports.asgi import AsgiApp
from iaccode.transports.http import HttpApp

__all__ = ["create_a2a_app", "create_agui_app", "open_a2a_http_app", "open_agui_http_app"]


def create_a2a_app(config: Config | None = None) -> AsgiApp:
    """The A2A server's HTTP surface (JSON-RPC, HTTP+JSON, the card, /health, /ping) as an ASGI
    app; `config` defaults to `load_config()`, the environment and the defaults."""
    config = load_config() if config is None else config
    return AsgiApp(
        limits=http_limits(config), open_app=functools.partial(open_a2a_http_app, config)
    )


def create_agui_app(config: AguiConfig | None = None) -> AsgiApp:
    """The AG-UI adapter as an ASGI app, with the A2A core in this process (or upstream at
    `a2a-url`); `config` defaults to `load_agui_config()`."""
    from iaccode.agui.inputs import MAX_REQUEST_BYTES

    config = load_agui_config() if config is None else config
    limits = attrs.evolve(
        http_limits(config.core, config.heartbeat_seconds), max_body=MAX_REQUEST_BYTES
    )
    return AsgiApp(limits=limits, open_app=functools.partial(open_agui_http_app, config))


@contextlib.asynccontextmanager
async def open_a2a_http_app(config: Config) -> AsyncIterator[HttpApp]:
    """The A2A `HttpApp` with its core running, for any transport that serves an `HttpApp`."""
    async with open_core(config) as core, _running(core):
        yield wrap_http_app(a2a_app(core), config)


@contextlib.asynccontextmanager
async def open_agui_http_app(config: AguiConfig) -> AsyncIterator[HttpApp]:
    """The AG-UI `HttpApp` with its core running (or its upstream open), as `serve_agui` has it."""
    async with open_agui(config) as (app, core), _running(core):
        yield wrap_http_app(app, config.core)


@contextlib.asynccontextmanager
async def _running(core: Core | None) -> AsyncIterator[None]:
    """The core's long-lived tasks for the life of the block. Leaving it cleanly ends the turns
    as `serve` does (grace, then interrupt); an error or a cancel just cancels them."""
    async with trio.open_nursery() as nursery:
        if core is not None:
            await core.start(nursery)
        yield
        if core is not None:
            supervisor = core.supervisor
            # A turn waiting for a person's answer does not hold the shutdown up.
            await wind_down(
                supervisor,
                core.config.shutdown_grace_seconds,
                lambda: supervisor.working,
                core.replicas,
            )
        nursery.cancel_scope.cancel()
