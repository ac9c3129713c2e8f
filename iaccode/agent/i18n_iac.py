"""Translations of the IaC texts: the checker's report and findings, Terraform conversion
warnings and errors, building-block summaries, and the offline engine's answers.

Keyed by the English `iaccode.iac.msg.Msg` template (or the offline engine's English text); each
language module in `iac_texts` maps those to the same template in its language, with exactly the
English placeholders. Names in backticks, codes, resource types, property and section names
(Resources, DependsOn, Fn::GetAtt ...) are ROS syntax and stay as they are in every language.
`tests/agent/test_i18n.py` checks that every template has every language.

A language's module is imported the first time a turn asks for it: six catalogs of a few
hundred texts cost ~25 ms at start-up, and most servers only ever speak one language.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping

IAC_LANGUAGES = ("zh", "es", "fr", "de", "ja", "pt")


@functools.cache
def iac_texts(language: str) -> Mapping[str, str]:
    """English template -> the template in `language`; empty for English or an unknown one."""
    if language not in IAC_LANGUAGES:
        return {}
    texts: Mapping[str, str] = importlib.import_module(f"iaccode.agent.iac_texts.{language}").TEXTS
    return texts
