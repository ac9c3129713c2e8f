"""The IaC texts in every language: complete, placeholder-exact, and used by the offline engine."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import iaccode
from iaccode.agent.i18n import LANGUAGES, translator
from iaccode.agent.i18n_iac import IAC_LANGUAGES, iac_texts
from iaccode.agent.offline import HELP
from iaccode.iac.msg import Msg
from iaccode.iac.ros_check import check_template
from tests.agent.test_offline import BROKEN
from tests.client import A2AClient, text_of

OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]


def test_every_other_language_has_its_texts() -> None:
    assert sorted(IAC_LANGUAGES) == sorted(OTHER_LANGUAGES)


def english_templates() -> set[str]:
    """Every literal `Msg("...")` template in the package, and the offline engine's help."""
    found = {HELP}
    for path in Path(iaccode.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            first = node.args[0]
            if name == "Msg" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
    return found


def placeholders(template: str) -> list[str]:
    return sorted(field for _, field, _, _ in string.Formatter().parse(template) if field)


TEMPLATES = sorted(english_templates())


def test_the_walk_finds_the_templates() -> None:
    assert len(TEMPLATES) > 200
    assert "I could not convert the Terraform: {error}" in TEMPLATES


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_template_is_translated(language: str) -> None:
    missing = [t for t in TEMPLATES if t not in iac_texts(language)]
    assert not missing, f"{len(missing)} templates lack '{language}', first: {missing[:3]}"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = [
        english
        for english, translated in iac_texts(language).items()
        if placeholders(translated) != placeholders(english)
    ]
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_no_translation_of_a_text_that_is_gone(language: str) -> None:
    stale = sorted(set(iac_texts(language)) - set(TEMPLATES))
    assert not stale, stale[:3]


def test_a_broken_translation_falls_back_to_english() -> None:
    message = Msg("Parameter {name} has no Type.", name="Size")
    assert (
        message.render(lambda _: "Parameter {nom} hat keinen Typ.") == "Parameter Size has no Type."
    )


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_review_reads_in_the_language_and_keeps_the_names(language: str) -> None:
    report = check_template(BROKEN)
    english, translated = report.to_text(translator("en")), report.to_text(translator(language))
    assert translated != english
    for name in ("ROS3010", "ROS4001", "Vcp", "ZoneId"):  # codes and names stay
        assert name in translated


async def test_the_offline_engine_answers_in_the_callers_language(offline: A2AClient) -> None:
    message = offline.message(f"请检查这个模板\n```yaml\n{BROKEN}```")
    message["metadata"]["iac_code"]["preferredLanguage"] = "zh-CN"
    task = await offline.result("SendMessage", {"message": message})
    review = text_of(task["task"]["status"]["message"])
    assert review == check_template(BROKEN).to_text(translator("zh"))
    assert "ROS4001" in review and any("\u4e00" <= char <= "\u9fff" for char in review)
    help_message = offline.message("Explain NAT gateway billing.")
    help_message["metadata"]["iac_code"]["preferredLanguage"] = "de"
    answer = await offline.result("SendMessage", {"message": help_message})
    assert text_of(answer["task"]["status"]["message"]) == iac_texts("de")[HELP]
