"""The web console in a real browser: Debian's headless Chromium, driven by playwright-core
(tests/agui/node/console.mjs, `executablePath`: no browser is downloaded), against a real
`iaccode agui --ui` on loopback, with the scripted engine and with the llm engine on the fake
model. A turn streams, a permission is answered by clicking, a diagram appears, an artifact
downloads, cancel works; screenshots are checked for structure (elements present and visible,
nothing wider than a narrow screen), not pixels.

`scripts/test` installs chromium and runs npm ci in tests/agui/node; without them the test is
skipped, except in CI (`CI=true`), where it must run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.server import RunningAgui
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.testing.fake_ros import FakeRos
from iaccode.wire import json
from tests.agent.cloud.conftest import SECRET
from tests.agent.cloud.conftest import TEMPLATE as STACK
from tests.agent.test_diagrams import TEMPLATE
from tests.agent.test_llm_engine import model
from tests.agui.test_llm_runs import start_llm_agui
from tests.agui.test_ros import CLOUD, fake_ros

__all__ = ["fake_ros", "model", "start_llm_agui"]  # fixtures

NODE = Path(__file__).resolve().parent / "node"
TOKEN = "console-browser-token"


def tools() -> tuple[str, str]:
    """Chromium and node, or a skip (a failure in CI)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    node = shutil.which("node")
    missing = None
    if browser is None or node is None:
        missing = "Debian's chromium and node are needed (apt-get install chromium nodejs)"
    elif not (NODE / "node_modules" / "playwright-core").is_dir():
        missing = "playwright-core is not installed (npm ci --prefix tests/agui/node)"
    if missing is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(missing)
        pytest.skip(missing)
    assert browser is not None and node is not None
    return browser, node


async def drive(agui: RunningAgui, scenario: str, cwd: Path, shots: Path, **extra: Any) -> Any:
    browser, node = tools()
    shots.mkdir(exist_ok=True)
    config = {
        "url": agui.url,
        "cwd": str(cwd),
        "shots": str(shots),
        "scenario": scenario,
        "chromium": browser,
        **extra,
    }
    with trio.fail_after(240):
        done = await trio.run_process(
            [node, str(NODE / "console.mjs"), json.dumps(config).decode()],
            capture_stdout=True,
            capture_stderr=True,
            check=False,
            cwd=NODE,
        )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    report = json.loads(done.stdout)
    assert "failed" not in report, report["failed"]
    assert report["errors"] == [], report["errors"]
    return report


def check_structure(report: Any, shots: Path, *, narrow: str | None = None) -> None:
    """Each screenshot exists and shows the page's parts, labelled, with a live transcript."""
    for step in report["steps"]:
        shot = Path(step["shot"])
        assert shot.is_file() and shot.read_bytes().startswith(b"\x89PNG"), shot
        found = step["structure"]
        assert found["heading"] and found["composer"] and found["send"] and found["cancel"]
        assert found["threads"] and found["artifacts"], found
        assert found["live"] == "polite"
        assert found["unlabelled"] == [] and found["nameless"] == []
        assert found["lowContrast"] == [], found["lowContrast"]
        if narrow is not None and shot.stem == narrow:
            assert not found["overflow"], "the page is wider than a narrow screen"


@pytest.mark.builtin_only("one server suffices to show the browser's view")
async def test_the_console_runs_turns_with_the_scripted_engine(
    start_agui: Any, workspace: Path, tmp_path: Path
) -> None:
    agui: RunningAgui = await start_agui(ui=True, auth_token=TOKEN)
    report = await drive(agui, "scripted", workspace, tmp_path / "shots", token=TOKEN)
    assert report["askedForToken"] and report["askedAgain"] == 0
    assert report["afterEscape"] == 1  # still asked: the page cannot work without it
    assert report["wrongToken"] == "The server did not accept that token."
    assert report["streamedWhileRunning"], report["midStream"]
    assert "first words" in report["afterStream"] and "and the rest" in report["afterStream"]
    reasoning = report["reasoning"]
    assert (reasoning["count"], reasoning["open"], reasoning["summary"]) == (1, False, "Reasoning")
    assert "pondering deeply" in reasoning["text"]
    thinking = [r["iacCode"].get("thinking") for r in report["runs"]]
    assert thinking.count({"enabled": True}) == 1  # only the run sent with the box ticked
    interrupt = report["interrupt"]
    assert interrupt["buttons"] == ["Allow once", "Deny"]
    assert interrupt["focused"] == "Allow once"  # the question takes the keyboard focus
    assert interrupt["status"] == "waiting"
    assert interrupt["title"] and "main.yaml" in interrupt["text"]
    assert report["waitingBadge"] == 1 and report["reloadedInterrupt"] == interrupt["title"]
    assert "after the answer" in report["afterPermission"]
    assert report["answered"] == "Allowed once"
    resume = next(r["resume"] for r in report["runs"] if r["resume"])
    assert resume[0]["payload"] == {"decision": "allow_once"}
    assert all(r["auth"] == f"Bearer {TOKEN}" for r in report["runs"])
    assert "Which region should it go to?" in report["question"]["text"]
    assert report["question"]["focused"] == "reply"  # the text field has the focus
    answered = report["questionAnswer"]["resume"]
    assert answered == [
        {
            "interruptId": answered[0]["interruptId"],
            "status": "resolved",
            "payload": {"answer": "cn-shanghai please"},
        }
    ]
    cancelled = report["afterCancel"]
    assert cancelled["cancelDisabled"]
    assert any("Cancel" in n or "CANCELLED" in n for n in cancelled["notices"]), cancelled
    assert report["threads"], "the thread is not listed"
    assert "first words" in report["reloaded"]
    fresh = report["freshStart"]  # the other thread's question does not hold the new one up
    assert "a fresh start" in fresh["said"] and fresh["interrupts"] == 0, fresh
    assert fresh["threads"] == 2
    assert report["german"] == {"send": "Senden", "lang": "de"}
    assert report["highlightMs"] < 2000, report["highlightMs"]  # quadratic: half a minute
    assert report["runs"][-1]["iacCode"]["preferredLanguage"] == "de"
    assert report["runs"][0]["iacCode"]["preferredLanguage"] == "en"
    check_structure(report, tmp_path / "shots", narrow="narrow")


@pytest.mark.builtin_only("one server suffices to show the browser's view")
async def test_the_console_shows_the_llm_engines_diagram_and_downloads_the_template(
    start_llm_agui: Any, model: FakeOpenAI, workspace: Path, tmp_path: Path
) -> None:
    write = {
        "id": "call_w",
        "name": "write_file",
        "arguments": {"path": "t.yaml", "content": TEMPLATE},
    }
    draw = {"id": "call_d", "name": "render_diagram", "arguments": {"path": "t.yaml"}}
    model.enqueue(
        Script(tool_call_chunks([write])),
        Script(tool_call_chunks([draw])),
        Script(text_chunks("The template and its diagram are ready.")),
    )
    agui: RunningAgui = await start_llm_agui(auto_approve_permissions=False, agui={"ui": True})
    report = await drive(agui, "llm", workspace, tmp_path / "shots")
    assert not report["askedForToken"]  # this server needs none
    assert "t.yaml" in report["interrupt"]["text"]
    assert report["tools"] == ["write_file", "render_diagram"]
    assert report["toolStates"] == ["done", "done"]
    assert report["diagram"]["width"] > 0 and report["diagram"]["src"] == "data"
    assert report["diagram"]["aloneOrigin"] == "null"  # opened alone: an opaque origin
    assert "diagram.svg" in report["diagram"]["alt"]
    assert {"t.yaml", "diagram.svg"} <= set(report["artifacts"])
    assert report["download"] == {"name": "t.yaml", "content": TEMPLATE}
    reopened = report["reopened"]
    assert {"t.yaml", "diagram.svg"} <= set(reopened["artifacts"])
    assert not reopened["noneShown"], "'No artifacts yet' beside the artifacts"
    assert "diagram are ready" in report["text"]
    assert (workspace / "t.yaml").read_text() == TEMPLATE
    check_structure(report, tmp_path / "shots")


@pytest.mark.builtin_only("one server suffices to show the browser's view")
async def test_the_console_shows_a_deployment_and_its_deny_and_allow(
    start_agui: Any, fake_ros: FakeRos, workspace: Path, tmp_path: Path
) -> None:
    core = {
        "engine": "offline",
        "ros_endpoint": fake_ros.endpoint,
        "ros_poll_seconds": 0.01,
        "ros_credential_chain": False,
    }
    agui: RunningAgui = await start_agui(ui=True, core=core)
    keys = CLOUD  # with an STS token
    deploy = f"Deploy this as stack web-1\n```yaml\n{STACK}```"
    report = await drive(agui, "ros", workspace, tmp_path / "shots", keys=keys, deploy=deploy)
    shown = report["deployment"]
    assert "web-1" in shown["text"] and "+2 ~0 \u22120" in shown["text"]
    assert len(shown["changes"]) == 2 and all(c.startswith("+ ") for c in shown["changes"])
    assert shown["buttons"] == ["Allow once", "Deny"]
    assert shown["highlighted"] >= 5  # the template in the message: its keys highlighted
    assert "CREATE_COMPLETE" not in report["afterDeny"]
    assert any("CREATE_COMPLETE" in p for p in report["progress"]), report["progress"]
    decisions = [r["resume"][0]["payload"]["decision"] for r in report["runs"] if r["resume"]]
    assert decisions == ["deny", "allow_once"]
    assert all(r["iacCode"]["alibabaCloud"] == keys for r in report["runs"])
    assert SECRET not in report["stored"] and CLOUD["securityToken"] not in report["stored"]
    check_structure(report, tmp_path / "shots")
