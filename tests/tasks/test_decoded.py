"""Stored texts decoded once: the same text gives the object decoded before, bounded in size,
and what comes back always equals a fresh decoding."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from iaccode.model import codec
from iaccode.model.a2a import Message, Part, Role
from iaccode.tasks.decoded import DecodedTexts
from iaccode.wire import json


def message_text(text: str, message_id: str = "m1") -> str:
    message = Message(message_id=message_id, role=Role.ROLE_USER, parts=[Part(text=text)])
    return json.dumps(codec.unstructure(message)).decode()


def decode(text: str) -> Message:
    return codec.structure(json.loads(text), Message)


def test_the_same_text_gives_the_object_decoded_before() -> None:
    calls: list[str] = []

    def counted(text: str) -> Message:
        calls.append(text)
        return decode(text)

    texts = DecodedTexts(counted)
    stored = message_text("hello")
    first = texts.load(stored)
    again = texts.load("".join(stored))  # an equal text read from another row
    assert again is first
    assert calls == [stored]
    assert texts.load(message_text("other")) is not first


def test_held_texts_stay_within_the_bound_oldest_out_first() -> None:
    one, two, three = (message_text(str(n) * 40, f"m{n}") for n in (1, 2, 3))
    texts = DecodedTexts(decode, max_chars=len(one) + len(two))
    first = texts.load(one)
    texts.load(two)
    texts.load(one)  # used again: now the most recent
    texts.load(three)  # over the bound: two goes, one stays
    assert texts.load(one) is first
    assert texts.chars <= len(one) + len(two)
    assert two not in texts._held


def test_a_key_of_several_texts_is_held_by_their_total_size() -> None:
    one, two = message_text("a" * 40, "m1"), message_text("b" * 40, "m2")

    def both(key: tuple[str, str]) -> tuple[Message, Message]:
        return decode(key[0]), decode(key[1])

    pairs = DecodedTexts(both, size=lambda key: len(key[0]) + len(key[1]), max_chars=len(one) * 3)
    first = pairs.load((one, two))
    assert pairs.load(("".join(one), two)) is first  # equal texts read again
    assert pairs.chars == len(one) + len(two)
    pairs.load((two, one))  # over the bound: the first pair goes
    assert (one, two) not in pairs._held
    assert pairs.chars == len(one) + len(two)


def test_a_long_text_is_decoded_every_time() -> None:
    texts = DecodedTexts(decode, max_text=100)
    long = message_text("x" * 200)
    assert texts.load(long) == texts.load(long)
    assert texts.load(long) is not texts.load(long)
    assert not texts._held


def test_a_text_that_fails_to_decode_is_not_held() -> None:
    texts = DecodedTexts(decode)
    for _ in range(2):
        try:
            texts.load('{"role": 7}')
        except Exception as exc:
            assert type(exc).__name__ == "InvalidParamsError"
        else:
            raise AssertionError("decoded a message without an id")
    assert not texts._held


@given(st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), max_size=60), st.integers(1, 400))
def test_always_what_a_fresh_decoding_gives(order: list[str], bound: int) -> None:
    texts = DecodedTexts(decode, max_chars=bound)
    for name in order:
        stored = message_text(name * 20, name)
        assert texts.load(stored) == decode(stored)
        assert texts.chars <= max(bound, 0) or not texts._held
