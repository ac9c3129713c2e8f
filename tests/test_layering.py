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
