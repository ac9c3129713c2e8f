"""The floor for scripts/bench: a bare trio + h11 server with no framework and no logic.

    POST <any path>   parse the JSON body, answer a small JSON-RPC result (the unary floor)
    GET <other path>  the same small answer (so /health answers)
    GET /sse?n=N      N one-line SSE events, one send_all each, then end (the streaming floor)
    GET /idle         one SSE event, then hold the connection open (the idle-stream floor)
    POST /v1/chat/completions
                      a model that streams N chat-completion deltas, one every INTERVAL ms,
                      each holding its send time (time.monotonic); N and INTERVAL come from
                      the last message, "deltas N INTERVAL" (the LLM latency figure); any
                      other conversation gets a short three-delta answer (the side-by-side
                      figures drive other A2A servers' LLM engines with it); the
                      connection stays open for the next request

Usage: python scripts/bench_floor.py PORT
"""

from __future__ import annotations

import json
import re
import sys
import time

import h11
import trio

RESULT = json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"id": "t", "status": {}}}).encode()
EVENT = (
    b'data: {"jsonrpc":"2.0","id":1,"result":{"statusUpdate":{"taskId":"t","contextId":"c",'
    b'"status":{"state":"TASK_STATE_WORKING"}}}}\n\n'
)


async def next_event(conn: h11.Connection, stream: trio.SocketStream) -> object:
    while True:
        event = conn.next_event()
        if event is not h11.NEED_DATA:
            return event
        conn.receive_data(await stream.receive_some(65536))


async def handle(stream: trio.SocketStream) -> None:
    conn = h11.Connection(h11.SERVER)
    try:
        while True:
            request = await next_event(conn, stream)
            if not isinstance(request, h11.Request):
                return
            body = b""
            while not isinstance(event := await next_event(conn, stream), h11.EndOfMessage):
                assert isinstance(event, h11.Data)
                body += event.data
            target = request.target.decode()
            if target.endswith("/chat/completions"):
                # Kept open for the next request, as a hosted model's API does.
                await stream_deltas(conn, stream, json.loads(body))
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return  # "Connection: close", or HTTP/1.0
                conn.start_next_cycle()
                continue
            if request.method == b"POST" or not target.startswith(("/sse", "/idle")):
                if body:
                    json.loads(body)
                headers = [
                    ("content-type", "application/json"),
                    ("content-length", str(len(RESULT))),
                ]
                data = conn.send(h11.Response(status_code=200, headers=headers))
                data += conn.send(h11.Data(data=RESULT)) + conn.send(h11.EndOfMessage())
                await stream.send_all(data)
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return  # "Connection: close", or HTTP/1.0
                conn.start_next_cycle()
                continue
            headers = [("content-type", "text/event-stream")]
            await stream.send_all(conn.send(h11.Response(status_code=200, headers=headers)))
            if target.startswith("/sse"):
                count = int(target.split("n=", 1)[1])
                for _ in range(count):
                    await stream.send_all(b"%x\r\n%b\r\n" % (len(EVENT), EVENT))
                await stream.send_all(b"0\r\n\r\n")
                return
            await stream.send_all(b"%x\r\n%b\r\n" % (len(EVENT), EVENT))
            while await stream.receive_some(4096):
                pass
            return
    except (trio.BrokenResourceError, trio.ClosedResourceError, h11.ProtocolError):
        return


def completion_chunk(delta: dict[str, object], finish: str | None = None) -> bytes:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    payload = json.dumps({"object": "chat.completion.chunk", "choices": [choice]})
    frame = f"data: {payload}\n\n".encode()
    return b"%x\r\n%b\r\n" % (len(frame), frame)


def last_text(body: dict) -> str:
    content = (body.get("messages") or [{}])[-1].get("content")
    if isinstance(content, list):  # content parts
        content = " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or "")


async def stream_deltas(conn: h11.Connection, stream: trio.SocketStream, body: dict) -> None:
    headers = [("content-type", "text/event-stream")]
    await stream.send_all(conn.send(h11.Response(status_code=200, headers=headers)))
    asked = re.search(r"deltas (\d+) ([\d.]+)", last_text(body))
    if asked is None:
        for piece in ("Hello from ", "the bench ", "model."):
            await stream.send_all(completion_chunk({"content": piece}))
    else:
        count, interval = int(asked.group(1)), float(asked.group(2))
        for _ in range(count):
            await stream.send_all(completion_chunk({"content": f"{time.monotonic():.6f} "}))
            await trio.sleep(interval / 1000)
    done = b"data: [DONE]\n\n"
    end = completion_chunk({}, "stop") + b"%x\r\n%b\r\n" % (len(done), done)
    await stream.send_all(end + conn.send(h11.EndOfMessage()))


async def main(port: int) -> None:
    await trio.serve_tcp(handle, port, host="127.0.0.1")


if __name__ == "__main__":
    trio.run(main, int(sys.argv[1]))
