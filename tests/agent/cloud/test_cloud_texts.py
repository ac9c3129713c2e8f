"""Every cloud text has every language, with the English placeholders."""

from __future__ import annotations

import string

import pytest

from iaccode.agent.cloud.texts import TEXTS
from iaccode.agent.i18n import LANGUAGES


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("english", sorted(TEXTS))
def test_complete(english: str) -> None:
    assert set(TEXTS[english]) == set(LANGUAGES) - {"en"}
    for language, text in TEXTS[english].items():
        assert placeholders(text) == placeholders(english), (language, text)
