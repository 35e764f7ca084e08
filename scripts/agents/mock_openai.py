#!/usr/bin/env python3
"""A scripted mock of the OpenAI Responses API (Codex CLI) and Chat Completions API (OpenCode's
OpenAI-compatible providers), enough for those real agents to run offline.

Bound to 127.0.0.1. Every `POST /v1/responses` takes the next scripted turn from the queue
(or, when the queue is empty, a plain "ok" message) and streams it as Server-Sent Events:
response.created, response.output_item.added / .done for each item (assistant messages,
function calls), response.completed. Each request body is kept in `requests` so a test can
see what Codex sent (its tools, the function_call_output of an approved command, …).

A turn is a list of items, each one of
  {"message": "text"}                               an assistant message
  {"shell": "echo hi", "escalated": True,           a call of Codex's shell tool; `escalated`
   "justification": "why"}                           asks to run outside the sandbox (approval)
  {"raw": {...}}                                    a response item sent as it is

`POST /v1/chat/completions` takes turns from the same queue and streams them as chat completion
chunks (`choices[0].delta` content or `tool_calls`, then `finish_reason`, then `[DONE]`); a
`{"shell": …}` item becomes a call of the `bash` tool when the request offers one (OpenCode's).
A chat request without tools (OpenCode's session title) is a side request, answered
"Mock task".

Use it as a module (`MockOpenAI().start()`) or run it: `python3 mock_openai.py --port 0`
prints the port, then serves until killed; `POST /__script` with a JSON list of turns appends
them to the queue, `GET /__requests` returns the recorded bodies.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_ids = itertools.count(1)


def _id(prefix: str) -> str:
    return f"{prefix}_{next(_ids):06d}"


def tool_names(body: dict) -> list[str]:
    names = []
    for tool in body.get("tools") or []:
        name = tool.get("name") or (tool.get("function") or {}).get("name") or tool.get("type")
        if name:
            names.append(name)
    return names


def shell_item(spec: dict, tools: list[str]) -> dict:
    """A call of whichever shell tool the request offered, with the arguments that tool takes."""
    command = spec["shell"]
    escalated = spec.get("escalated", False)
    justification = spec.get("justification", "needs to run outside the sandbox")
    call_id = spec.get("call_id") or _id("call")
    if "exec_command" in tools and "shell_command" not in tools and "shell" not in tools:
        name = "exec_command"
        args: dict[str, Any] = {"cmd": command, "yield_time_ms": 1000}
    elif "shell_command" in tools or "shell" not in tools:
        name = "shell_command"
        args = {"command": command}
    else:
        name = "shell"
        args = {"command": ["bash", "-lc", command]}
    if spec.get("workdir"):
        args["workdir"] = spec["workdir"]
    if escalated:
        args["sandbox_permissions"] = "require_escalated"
        args["justification"] = justification
    return {
        "type": "function_call",
        "id": _id("fc"),
        "call_id": call_id,
        "name": name,
        "arguments": json.dumps(args),
        "status": "completed",
    }


def message_item(text: str) -> dict:
    return {
        "type": "message",
        "id": _id("msg"),
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


def build_items(turn: list[dict], body: dict) -> list[dict]:
    tools = tool_names(body)
    items = []
    for spec in turn:
        if "message" in spec:
            items.append(message_item(spec["message"]))
        elif "shell" in spec:
            items.append(shell_item(spec, tools))
        elif "raw" in spec:
            items.append(spec["raw"])
        else:
            raise ValueError(f"unknown item {spec!r}")
    return items


def is_side_request(body: dict) -> bool:
    """A request Codex makes for itself (the thread title: no tools, a JSON schema output)."""
    fmt = ((body.get("text") or {}).get("format") or {})
    return not body.get("tools") and fmt.get("type") == "json_schema"


def side_answer(body: dict) -> str:
    schema = ((body.get("text") or {}).get("format") or {}).get("schema") or {}
    props = schema.get("properties") or {}
    if "title" in props:
        return json.dumps({"title": "Mock task"})
    return json.dumps({key: "mock" for key in props})


def sse(event: dict) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def response_events(items: list[dict], model: str) -> list[dict]:
    rid = _id("resp")
    base = {"id": rid, "object": "response", "created_at": int(time.time()), "model": model}
    events: list[dict] = [
        {"type": "response.created", "response": {**base, "status": "in_progress", "output": []}}
    ]
    for index, item in enumerate(items):
        pending = dict(item)
        if item["type"] == "message":
            pending = {**item, "status": "in_progress", "content": []}
        events.append({"type": "response.output_item.added", "output_index": index, "item": pending})
        if item["type"] == "message":
            text = item["content"][0]["text"]
            events.append(
                {
                    "type": "response.output_text.delta",
                    "item_id": item["id"],
                    "output_index": index,
                    "content_index": 0,
                    "delta": text,
                }
            )
        events.append({"type": "response.output_item.done", "output_index": index, "item": item})
    usage = {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 15,
    }
    events.append(
        {
            "type": "response.completed",
            "response": {**base, "status": "completed", "output": items, "usage": usage},
        }
    )
    return events


def chat_tool_call(spec: dict, tools: list[str], index: int) -> dict:
    """A Chat Completions tool call of the shell tool the request offers (OpenCode: `bash`)."""
    command = spec["shell"]
    if "bash" in tools:
        name, args = "bash", {"command": command, "description": spec.get("description", "Run a command")}
    else:
        name, args = "shell", {"command": ["bash", "-lc", command]}
    return {
        "index": index,
        "id": spec.get("call_id") or _id("call"),
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }


def chat_chunks(turn: list[dict], body: dict) -> list[dict]:
    """One scripted turn as the streamed chunks of a chat completion."""
    tools = tool_names(body)
    cid = _id("chatcmpl")
    base = {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()),
            "model": body.get("model", "mock")}

    def chunk(delta: dict, finish: str | None = None, **extra) -> dict:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}

    chunks = [chunk({"role": "assistant", "content": ""})]
    calls = 0
    for spec in turn:
        if "message" in spec:
            chunks.append(chunk({"content": spec["message"]}))
        elif "shell" in spec:
            chunks.append(chunk({"tool_calls": [chat_tool_call(spec, tools, calls)]}))
            calls += 1
        elif "raw" in spec:
            chunks.append(spec["raw"])
        else:
            raise ValueError(f"unknown item {spec!r}")
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    chunks.append(chunk({}, "tool_calls" if calls else "stop", usage=usage))
    return chunks


class MockOpenAI:
    """The server. `push(turn)` queues what the next /v1/responses request gets."""

    def __init__(self, port: int = 0, log=None):
        self.queue: list[list[dict]] = []
        self.requests: list[dict] = []
        self.other_requests: list[str] = []
        # Codex's own side requests (a thread title, …): no tools, answered without taking a
        # scripted turn.
        self.side_requests: list[dict] = []
        self.lock = threading.Condition()
        self.log = log
        # A turn may be held until the test releases it (`hold = True`): lets a test see
        # the "working" screen for as long as it likes.
        self.hold = False
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, fmt, *args):  # quiet
                if server.log:
                    server.log(fmt % args)

            def _json(self, code: int, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _body(self) -> bytes:
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            def do_GET(self):
                path = self.path.split("?")[0]
                if path == "/__requests":
                    with server.lock:
                        return self._json(200, server.requests)
                server.other_requests.append(f"GET {self.path}")
                if path.endswith("/models"):
                    return self._json(200, {"object": "list", "data": [], "models": []})
                return self._json(404, {"error": {"message": "not found"}})

            def do_POST(self):
                path = self.path.split("?")[0]
                raw = self._body()
                if path == "/__script":
                    server.push_many(json.loads(raw))
                    return self._json(200, {"queued": len(server.queue)})
                if path.endswith("/chat/completions"):
                    return self._chat(raw)
                if not path.endswith("/responses"):
                    server.other_requests.append(f"POST {self.path}")
                    return self._json(404, {"error": {"message": "not found"}})
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                side = side_answer(body) if is_side_request(body) else None
                items = build_items(server.take_turn(body, side), body)
                self._stream_headers()
                for event in response_events(items, body.get("model", "mock")):
                    self.wfile.write(sse(event))
                    self.wfile.flush()
                self.close_connection = True

            def _stream_headers(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()

            def _chat(self, raw: bytes) -> None:
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                turn = server.take_turn(body, None if body.get("tools") else "Mock task")
                self._stream_headers()
                for chunk in chat_chunks(turn, body):
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "MockOpenAI":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def take_turn(self, body: dict, side: str | None) -> list[dict]:
        """The turn a request gets: `side` (the agent's own side request) as a message, or the
        next scripted turn (after any hold), else a plain "ok"."""
        with self.lock:
            if side is not None:
                self.side_requests.append(body)
                turn = [{"message": side}]
            else:
                self.requests.append(body)
                while self.hold:
                    self.lock.wait(0.2)
                turn = self.queue.pop(0) if self.queue else [{"message": "ok"}]
            self.lock.notify_all()
        return turn

    def push(self, turn: list[dict]) -> None:
        with self.lock:
            self.queue.append(turn)
            self.lock.notify_all()

    def push_many(self, turns: list[list[dict]]) -> None:
        for turn in turns:
            self.push(turn)

    def set_hold(self, hold: bool) -> None:
        with self.lock:
            self.hold = hold
            self.lock.notify_all()

    def request_count(self) -> int:
        with self.lock:
            return len(self.requests)

    def wait_requests(self, n: int, timeout: float = 10.0) -> bool:
        deadline = time.time() + timeout
        with self.lock:
            while len(self.requests) < n:
                left = deadline - time.time()
                if left <= 0:
                    return False
                self.lock.wait(left)
            return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--script", help="a JSON file: a list of turns to queue")
    args = parser.parse_args()
    server = MockOpenAI(args.port)
    if args.script:
        with open(args.script) as f:
            server.push_many(json.load(f))
    print(server.port, flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
