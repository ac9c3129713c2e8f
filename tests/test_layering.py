"""Imports point down only (DESIGN.md "Layers"); a layer that reaches up is a design bug."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "iaccode"

# Lower rank = lower layer. A module may import its own layer and the layers below it.
RANKS = {
    "wire": 0,
    "telemetry": 0,
    "model": 1,
    "iac": 1,
    "agent": 2,
    "tasks": 3,
    "a2a": 4,
    "agui": 4,
    "transports": 5,
    "config": 6,
    "fronts": 6,
    "http_front": 6,
    "core": 6,
    "server": 6,
    "asgi": 6,
    "cli": 6,
    "client": 6,
    "__main__": 6,
    "testing": 7,
}


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def runtime_imports(path: Path) -> list[str]:
    """iaccode modules imported at run time (imports under `if TYPE_CHECKING:` are types only)."""
    tree = ast.parse(path.read_text())
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(child) for child in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    module = "iaccode." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    own = layer_of(module)
    for imported in runtime_imports(path):
        if imported == "iaccode" or not imported.startswith("iaccode."):
            continue
        target = layer_of(imported)
        assert target in RANKS, f"{imported} is in no layer; add it to RANKS"
        if own == "__init__":
            continue
        assert RANKS[target] <= RANKS[own], f"{module} imports {imported}, a higher layer"


@pytest.mark.parametrize("path", sorted((PACKAGE / "wire").glob("*.py")), ids=lambda p: p.name)
def test_wire_is_sans_io(path: Path) -> None:
    banned = ("trio", "anyio", "asyncio", "socket", "h11", "httpx")
    for imported in runtime_imports(path):
        assert imported.split(".")[0] not in banned, f"wire/{path.name} imports {imported}"


@pytest.mark.parametrize("layer", ["a2a", "tasks", "agent", "model", "iac"])
def test_protocol_and_core_layers_know_no_sockets(layer: str) -> None:
    for path in (PACKAGE / layer).glob("*.py"):
        for imported in runtime_imports(path):
            assert imported.split(".")[0] not in ("socket", "h11", "ssl"), (
                f"{path} imports {imported}"
            )


# The A2A bindings: each one a codec over the call layer (DESIGN.md "Layers"; docs/architecture.md).
CODECS = {
    "iaccode.a2a.dispatch": "JSON-RPC",
    "iaccode.a2a.rest": "HTTP+JSON",
    "iaccode.a2a.grpc_codec": "gRPC",
    "iaccode.agui.upstream": "AG-UI's in-process upstream",
}
# Below the bindings: the call layer, the service, and the core's conversation rules.
SERVICE_SIDE = ("iaccode.a2a.calls", "iaccode.a2a.service", "iaccode.tasks.conversation")


def module_path(module: str) -> Path:
    parts = module.split(".")[1:]
    path = PACKAGE.joinpath(*parts)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def reachable(module: str) -> set[str]:
    """The iaccode modules `module` imports at run time, directly or through others."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        path = module_path(todo.pop())
        for imported in runtime_imports(path):
            known = imported.startswith("iaccode.") and module_path(imported).exists()
            if known and imported not in seen:
                seen.add(imported)
                todo.append(imported)
    return seen


@pytest.mark.parametrize("module", SERVICE_SIDE)
def test_the_service_side_knows_no_binding(module: str) -> None:
    # bindings -> call layer -> service -> core, never back up
    found = reachable(module)
    bindings = sorted(m for m in found if m in CODECS or m.startswith("iaccode.transports."))
    assert not bindings, f"{module} reaches {bindings}"


@pytest.mark.parametrize("module", sorted(CODECS))
def test_no_binding_goes_through_another(module: str) -> None:
    # A binding that imported another one would build its envelope or parse its bytes.
    others = set(CODECS) - {module}
    imported = set(runtime_imports(module_path(module)))
    assert not imported & others, f"{CODECS[module]} ({module}) imports another binding"


# Where each binding calls in: the call layer, never the service or another binding's object.
ENTRIES = ("iaccode.a2a.dispatch", "iaccode.a2a.rest", "iaccode.agui.upstream")
GRPC = "iaccode.transports.grpc"  # official gRPC: the codec's calls, in grpcio's threads


@pytest.mark.parametrize("module", [*ENTRIES, GRPC])
def test_every_binding_calls_the_call_layer(module: str) -> None:
    imported = set(runtime_imports(module_path(module)))
    assert "iaccode.a2a.calls" in imported, f"{module} does not go through the call layer"
    if module != "iaccode.a2a.dispatch":  # the one that builds the call layer
        assert "iaccode.a2a.service" not in imported, f"{module} calls the service directly"
    if module == GRPC:
        assert not imported & set(CODECS) - {"iaccode.a2a.grpc_codec"}, module


def test_the_core_imports_no_protocol_adapter() -> None:
    for path in sorted((PACKAGE / "tasks").rglob("*.py")):
        for imported in runtime_imports(path):
            assert not imported.startswith(("iaccode.a2a", "iaccode.agui")), (
                f"{path.relative_to(PACKAGE)} imports {imported}"
            )
