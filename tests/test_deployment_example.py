"""The several-replicas example of docs/deployment.md (docs/compose/): the Compose file parses and
wires what the text says, and the replicas' configuration is one iaccode's own loader accepts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from iaccode.config import load_config

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "compose"
# Values for the variables the file takes from the environment (${NAME:?...} / ${NAME:-...}).
ENVIRONMENT = {
    "POSTGRES_PASSWORD": "pw-from-env",
    "IAC_CODE_A2A_PUSH_KEYRING": "key-from-env",
    "DASHSCOPE_API_KEY": "",
}


def interpolate(value: str) -> str:
    def variable(match: re.Match[str]) -> str:
        name = match.group(1)
        assert name in ENVIRONMENT, f"the example uses ${name}, which the docs do not name"
        return ENVIRONMENT[name]

    return re.sub(r"\$\{([A-Z0-9_]+)(?::[?-][^}]*)?\}", variable, value)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((EXAMPLE / "replicas.yml").read_text())
    return loaded


def replicas(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if name.startswith("replica-")}


def test_the_compose_file_has_postgres_redis_two_replicas_and_a_balancer(
    compose: dict[str, Any],
) -> None:
    services = compose["services"]
    assert set(services) == {
        "postgres",
        "redis",
        "artifacts-owner",
        "replica-1",
        "replica-2",
        "balancer",
    }
    for name in ("postgres", "redis"):
        assert services[name]["healthcheck"]["test"][0] == "CMD"
        (volume,) = services[name]["volumes"]
        assert volume.split(":")[0] in compose["volumes"]  # state on a named volume
    assert "--appendonly" in services["redis"]["command"]
    for service in replicas(compose).values():
        assert service["depends_on"] == {
            "postgres": {"condition": "service_healthy"},
            "redis": {"condition": "service_healthy"},
            "artifacts-owner": {"condition": "service_completed_successfully"},
        }
    assert services["balancer"]["ports"] == ["9000:9000"]
    for config in compose["configs"].values():
        assert (EXAMPLE / config["file"]).is_file()


def test_every_replica_shares_the_store_the_coordination_and_the_keyring(
    compose: dict[str, Any],
) -> None:
    environments = [service["environment"] for service in replicas(compose).values()]
    assert environments[0] == environments[1]  # one anchor: the same settings for all
    environment = {key: interpolate(value) for key, value in environments[0].items()}
    assert environment["IACCODE_A2A_TASK_STORE"] == "postgres"
    assert environment["IACCODE_A2A_TASK_STORE_URL"] == (
        "postgresql://iaccode:pw-from-env@postgres:5432/iaccode"
    )
    assert environment["IACCODE_A2A_COORDINATION_URL"] == "redis://redis:6379/0"
    assert environment["IAC_CODE_A2A_PUSH_KEYRING"] == "key-from-env"
    postgres = compose["services"]["postgres"]["environment"]
    assert postgres["POSTGRES_USER"] == "iaccode" and postgres["POSTGRES_DB"] == "iaccode"
    # no secret is written in the file itself: each one comes from the environment
    text = (EXAMPLE / "replicas.yml").read_text()
    assert "${POSTGRES_PASSWORD:?" in text and "${IAC_CODE_A2A_PUSH_KEYRING:?" in text


def test_each_replica_has_its_own_data_and_all_share_the_artifacts(
    compose: dict[str, Any],
) -> None:
    config = yaml.safe_load((EXAMPLE / "a2a-server.yml").read_text())
    mounts = {
        name: dict(reversed(volume.split(":")[:2]) for volume in service["volumes"])
        for name, service in replicas(compose).items()
    }
    assert mounts["replica-1"]["/data"] != mounts["replica-2"]["/data"]
    artifacts = {mount[config["artifact-dir"]] for mount in mounts.values()}
    assert len(artifacts) == 1 and artifacts <= set(compose["volumes"])
    # the shared volume is not in the image: made writable for the image's user (10001) first
    owner = compose["services"]["artifacts-owner"]
    assert owner["volumes"] == [f"{artifacts.pop()}:{config['artifact-dir']}"]
    assert owner["command"] == ["chown", "10001:10001", config["artifact-dir"]]
    assert "USER 10001:10001" in (ROOT / "Dockerfile").read_text()


def test_the_image_is_built_with_the_extras_a_replica_needs(compose: dict[str, Any]) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    extras = pyproject["project"]["optional-dependencies"]
    for service in replicas(compose).values():
        wanted = service["build"]["args"]["EXTRAS"].split()
        assert {"redis", "postgres"} <= set(wanted) and set(wanted) <= set(extras)
        assert (EXAMPLE / service["build"]["context"] / "Dockerfile").is_file()
    default = re.search(r'^ARG EXTRAS="([^"]*)"$', (ROOT / "Dockerfile").read_text(), re.M)
    assert default is not None and set(default.group(1).split()) <= set(extras)


def test_the_replicas_configuration_loads(compose: dict[str, Any], tmp_path: Path) -> None:
    """The file and the environment a replica gets, through iaccode's own loader."""
    (service, *_) = replicas(compose).values()
    environ = {key: interpolate(value) for key, value in service["environment"].items()}
    environ["IAC_CODE_CONFIG_DIR"] = str(tmp_path)  # the image's /data
    config = load_config(EXAMPLE / "a2a-server.yml", environ=environ)
    assert config.task_store == "postgres" and config.coordination_url == "redis://redis:6379/0"
    assert (config.host, config.port) == ("0.0.0.0", 9000)
    assert config.artifact_dir == Path("/artifacts")
    # push across replicas: one queue on the same Redis (a replica's local queue is refused)
    assert config.push_notifications and config.push_queue == "redis-streams"
    assert config.push_redis_url == config.coordination_url
    assert service["command"][-2:] == ["--config", service["configs"][0]["target"]]


def test_the_balancer_spreads_over_both_replicas(compose: dict[str, Any]) -> None:
    nginx = (EXAMPLE / "nginx.conf").read_text()
    config = yaml.safe_load((EXAMPLE / "a2a-server.yml").read_text())
    upstreams = re.findall(r"^\s*server (\S+):(\d+)\b", nginx, re.M)
    assert upstreams == [(name, str(config["port"])) for name in replicas(compose)]
    assert "proxy_buffering off;" in nginx  # streams are Server-Sent Events
    assert "listen 9000;" in nginx


def requirements_step() -> str:
    """The Python program of the Dockerfile's step that lists what the image installs."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", "")
    found = re.search(r'RUN python -c "(.*?)"\s*> requirements.txt', text)
    assert found is not None
    return found.group(1)  # as the shell passes it: no $, backquote or other backslash in it


@pytest.mark.parametrize(
    ("extras", "wanted"),
    [
        ("redis aliyun", "redis"),
        ("redis aliyun postgres", "psycopg"),
        ("redis  postgres", "psycopg"),
    ],
)
def test_the_image_installs_the_extras_it_is_built_with(extras: str, wanted: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", requirements_step()],
        cwd=ROOT,
        env={**os.environ, "EXTRAS": extras},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    names = {re.split(r"[<>=\[ ;]", line)[0] for line in done.stdout.splitlines()}
    assert wanted in names and "trio" in names


def test_an_unknown_extra_stops_the_image_build_with_its_name() -> None:
    done = subprocess.run(
        [sys.executable, "-c", requirements_step()],
        cwd=ROOT,
        env={**os.environ, "EXTRAS": "redis postgress"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("EXTRAS: no such extra ['postgress']; the extras are [")
    assert "Traceback" not in done.stderr
