"""The offline engine's compose answers: every part of the request accounted for, in the
request's language, in the format asked for."""

# ruff: noqa: RUF001 - requests are written with the punctuation of their language

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from iaccode.agent.i18n_iac import iac_texts
from tests.client import A2AClient, results, text_of
from tests.iac.test_block_read import SSH_AND_HTTPS


def _answer(events: list[dict[str, object]]) -> str:
    final = results(events)[-1]["statusUpdate"]["status"]["message"]
    return text_of(final)


def _fenced(answer: str, kind: str) -> str:
    return answer.split(f"```{kind}\n", 1)[1].split("```", 1)[0]


def _texts(language: str) -> dict[str, str]:
    return dict(iac_texts(language)) if language != "en" else {}


@pytest.mark.parametrize("language", sorted(SSH_AND_HTTPS))
async def test_the_answer_is_in_the_request_language(offline: A2AClient, language: str) -> None:
    answer = _answer(await offline.send_stream(SSH_AND_HTTPS[language]))
    heading = _texts(language).get("Applied from the request:", "Applied from the request:")
    assert heading in answer
    rules = yaml.safe_load(_fenced(answer, "yaml"))["Resources"]["SecurityGroup"]["Properties"]
    sources = {rule["PortRange"]: rule["SourceCidrIp"] for rule in rules["SecurityGroupIngress"]}
    assert sources == {"22/22": {"Ref": "AdminCidr"}, "443/443": "0.0.0.0/0"}


async def test_a_chinese_terraform_request_gets_chinese_terraform(offline: A2AClient) -> None:
    events = await offline.send_stream("用Terraform创建两台服务器，不要开放SSH，只允许HTTPS")
    answer = _answer(events)
    assert iac_texts("zh")["Format: {format}."].format(format="Terraform (alicloud provider)") in (
        answer
    )
    hcl = _fenced(answer, "hcl")
    assert 'resource "alicloud_ecs_instance_set"' in hcl
    assert '"443/443"' in hcl and '"22/22"' not in hcl
    (artifact,) = [
        r["artifactUpdate"]["artifact"] for r in results(events) if "artifactUpdate" in r
    ]
    assert artifact["name"] == "main.tf"
    assert Path(artifact["parts"][0]["url"][len("file://") :]).read_text() == hcl


async def test_a_partial_request_builds_what_it_can(offline: A2AClient) -> None:
    answer = _answer(await offline.send_stream("Create a VPC with a NAT gateway and a CDN"))
    template = yaml.safe_load(_fenced(answer, "yaml"))
    types = {entry["Type"] for entry in template["Resources"].values()}
    assert {"ALIYUN::ECS::VPC", "ALIYUN::VPC::NatGateway"} <= types
    assert "Not applied:\n- cdn: the building blocks have no cdn" in answer
    assert "`engine: llm`" in answer


async def test_a_restriction_it_cannot_honour_builds_nothing(offline: A2AClient) -> None:
    events = await offline.send_stream(
        "Zwei Server hinter einem Load Balancer, kein HTTP und kein HTTPS"
    )
    answer = _answer(events)
    de = iac_texts("de")
    assert de["Nothing was built, because the request cannot be honoured as asked:"] in answer
    assert not [r for r in results(events) if "artifactUpdate" in r]


async def test_preferred_language_wins_over_the_request_language(offline: A2AClient) -> None:
    message = offline.message("创建一个安全组，允许SSH和HTTPS")
    message["metadata"]["iac_code"]["preferredLanguage"] = "fr"
    task = (await offline.result("SendMessage", {"message": message}))["task"]
    assert iac_texts("fr")["Applied from the request:"] in text_of(task["status"]["message"])


async def test_json_is_written_when_asked(offline: A2AClient) -> None:
    answer = _answer(await offline.send_stream("An ECS instance as JSON"))
    assert '"ROSTemplateFormatVersion": "2015-09-01"' in _fenced(answer, "json")
