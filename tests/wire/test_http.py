"""The hand-made HTTP pieces: the busy answer and a whole response written without h11."""

from __future__ import annotations

import h11
import pytest

from iaccode.wire import json
from iaccode.wire.http import HttpResponse, busy_response, encode_response


def test_busy_response_says_when_to_come_back() -> None:
    response = busy_response("Server busy; retry later", retry_after=3)
    assert response.status == 503
    assert ("retry-after", "3") in response.headers
    assert json.loads(response.body) == {"error": "Server busy; retry later"}


def test_encoded_response_is_valid_http_that_closes() -> None:
    data = encode_response(busy_response("Server busy; retry later"))
    client = h11.Connection(h11.CLIENT)
    client.send(h11.Request(method="GET", target="/", headers=[("host", "x")]))
    client.send(h11.EndOfMessage())
    client.receive_data(data)
    head = client.next_event()
    assert isinstance(head, h11.Response) and head.status_code == 503
    headers = dict(head.headers)
    assert headers[b"retry-after"] == b"1" and headers[b"connection"] == b"close"
    body = client.next_event()
    assert isinstance(body, h11.Data)
    assert json.loads(bytes(body.data)) == {"error": "Server busy; retry later"}
    assert isinstance(client.next_event(), h11.EndOfMessage)


@pytest.mark.parametrize(("status", "phrase"), [(409, "Conflict"), (413, "Content Too Large")])
def test_every_status_has_its_reason_phrase(status: int, phrase: str) -> None:
    assert encode_response(HttpResponse(status)).startswith(
        f"HTTP/1.1 {status} {phrase}\r\n".encode()
    )
