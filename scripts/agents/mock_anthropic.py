#!/usr/bin/env python3
"""A scripted, offline stand-in for the Anthropic Messages API (stdlib only).

Bound to 127.0.0.1. Answers `POST /v1/messages` (streaming SSE or plain JSON), token counting,
model listings and anything else Claude Code asks with a plausible minimal response, and logs
every request (method, path, headers of interest, body) as one JSON line to `--log`.

The reply is decided from the conversation, so each scenario is deterministic:
  * only requests that carry the `Bash` tool are the agent's main loop; every other request
    (title generation, haiku side calls, summaries…) gets a short plain text;
  * the main loop finds the last user message with real text (not a tool_result) and looks
    for a keyword from SCRIPTS in it; the number of assistant messages after that message is
    the step index into that keyword's script;
  * a step is text, a tool_use, an HTTP error, or a "slow" reply that streams nothing for a
    long time (to interrupt Claude while it thinks).

Run:  python3 mock_anthropic.py --port 0 --log requests.jsonl --port-file port.txt
The chosen port is written to --port-file (and printed) once the server listens.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# keyword -> list of steps. Step kinds:
#   ("text", "…")                      final answer, stop_reason end_turn
#   ("tool", name, input_dict, "…")    optional lead text, then one tool_use block
#   ("tool", name, input_dict, "…", s) the same after `s` seconds of pings (a slow turn)
#   ("tools", [(name, input_dict)…], "…") optional lead text, then one tool_use block each
#   ("error", status, error_type, msg) an HTTP error answer
#   ("slow", seconds, "…")             pings only for `seconds`, then the text
#   ("plan_file", "…")                 a Write of the plan file Claude's plan-mode reminder
#                                      names (`…/.claude/plans/<slug>.md`), as a model does
QUESTION = {
    "question": "Which color should the ring be?",
    "header": "Color",
    "options": [
        {"label": "Red", "description": "A red ring"},
        {"label": "Blue", "description": "A blue ring"},
    ],
    "multiSelect": False,
}
# The plan the RING_PLAN model writes to its plan file: the board shows its first line.
PLAN_TEXT = "# Ship the ring plan\n\n1. Write ring_plan.txt\n2. Report back\n"
PLAN_FILE = re.compile(r'/[^"\s\\]*/\.claude/plans/[^"/\s\\]+\.md')
SCRIPTS: dict[str, list[tuple]] = {
    "RING_HELLO": [("text", "Hello from the mock. RING-HELLO-DONE")],
    "RING_AGAIN": [("text", "Hello again from the mock. RING-AGAIN-DONE")],
    "RING_SLOW_WORK": [("slow", 6, "Finished the slow work. RING-SLOW-DONE")],
    "RING_RUN_BASH": [
        ("tool", "Bash", {"command": "echo ring-bash-ok > ring_bash_out.txt",
                          "description": "Write the ring marker file"},
         "I will run a command."),
        ("slow", 2, "The command ran. RING-BASH-DONE"),
    ],
    # RING_RUN_BASH for a subagent: after the command it works 6 s more, so that the
    # session is seen working in the background between the reply and the subagent's end.
    "RING_SUB_BASH": [
        ("tool", "Bash", {"command": "echo ring-bash-ok > ring_bash_out.txt",
                          "description": "Write the ring marker file"},
         "I will run a command."),
        ("slow", 6, "The command ran. RING-BASH-DONE"),
    ],
    # Another command, for `ring-tmux reply` to refuse (a new prompt typed after a refusal
    # goes into the tool_result's message, which the lookup skips: hence a turn of its own).
    "RING_DENY_BASH": [
        ("tool", "Bash", {"command": "echo ring-deny > ring_deny_out.txt",
                          "description": "Write the deny marker file"},
         "I will run another command."),
        ("text", "Understood, not running it. RING-DENY-DONE"),
    ],
    # A subagent whose Bash call needs permission: the subagent's own loop gets the prompt
    # below (RING_SUB_BASH's script), and its dialog says which agent asks.
    "RING_SUBAGENT": [
        ("tool", "Agent", {"description": "Write the marker",
                           "prompt": "RING_SUB_BASH: write the marker",
                           "subagent_type": "general-purpose"},
         "I will ask a subagent."),
        ("text", "The subagent is done. RING-SUBAGENT-DONE"),
    ],
    # Work that takes a while: `ls` (a read-only command: no dialog) every 3 s, four times,
    # then 15 s of thinking without an event; for a background subagent that keeps working.
    # (A Glob sends no PreToolUse / PostToolUse, only PostToolBatch.)
    "RING_SUB_BUSY": [("tool", "Bash", {"command": "ls", "description": "List the folder"},
                       "", 3)] * 4 + [
        ("slow", 15, "The busy work is finished. RING-SUBBUSY-DONE")],
    # Work that ends soon: one `ls` after 2 s, then the answer.
    "RING_SUB_QUICK": [
        ("tool", "Bash", {"command": "ls", "description": "List the folder"}, "", 2),
        ("text", "The quick work is finished. RING-SUBQUICK-DONE")],
    # A background subagent keeps working while the main turn asks a question.
    "RING_BG_ASK": [
        ("tool", "Agent", {"description": "Busy work", "prompt": "RING_SUB_BUSY: look around",
                           "subagent_type": "general-purpose", "run_in_background": True},
         "I will start a helper."),
        ("tool", "AskUserQuestion", {"questions": [QUESTION]}, ""),
        ("text", "Thanks for choosing. RING-BGASK-DONE"),
    ],
    # A background subagent ends while the main turn's question stands.
    "RING_SUB_ENDS": [
        ("tool", "Agent", {"description": "Quick work", "prompt": "RING_SUB_QUICK: look around",
                           "subagent_type": "general-purpose", "run_in_background": True},
         "I will start a quick helper."),
        ("tool", "AskUserQuestion", {"questions": [QUESTION]}, ""),
        ("text", "Thanks for choosing. RING-SUBENDS-DONE"),
    ],
    # Two subagents at once: one asks permission for a command, the other keeps working.
    "RING_TWO_SUBS": [
        ("tools", [("Agent", {"description": "Write the marker",
                              "prompt": "RING_RUN_BASH: write the marker",
                              "subagent_type": "general-purpose", "run_in_background": True}),
                   ("Agent", {"description": "Busy work", "prompt": "RING_SUB_BUSY: look around",
                              "subagent_type": "general-purpose", "run_in_background": True})],
         "I will start two helpers."),
        ("text", "Both helpers are started. RING-TWOSUBS-DONE"),
    ],
    "RING_ASK_BACK": [("text", "I can do that. Which color do you prefer, red or blue?")],
    "RING_ANSWER_BLUE": [("text", "Blue it is. RING-ANSWER-DONE")],
    "RING_ASK_TOOL": [
        ("tool", "AskUserQuestion", {"questions": [QUESTION]}, ""),
        ("text", "Thanks for choosing. RING-ASKTOOL-DONE"),
    ],
    # A plan sent inline (no plan file): Claude Code 2.1's hook payloads then carry
    # `tool_input: {}` (ring reads the plan from the transcript, rules §11.12).
    "RING_PLAN": [
        ("tool", "ExitPlanMode", {"plan": "1. Write ring_plan.txt\n2. Report back"},
         "Here is my plan."),
        ("text", "The plan was approved. RING-PLAN-DONE"),
    ],
    # Claude Code 2.1's own plan mode: the model writes the plan file, then calls
    # ExitPlanMode; the hook payloads then carry the file's text as `tool_input.plan`.
    "RING_PLAN_FILE": [
        ("plan_file", PLAN_TEXT),
        ("tool", "ExitPlanMode", {}, "Here is my plan."),
        ("text", "The plan was approved. RING-PLAN-DONE"),
    ],
    "RING_THINK_LONG": [("slow", 600, "Never reached. RING-THINK-DONE")],
    "RING_FAIL_500": [("error", 500, "api_error", "Internal server error (mock)")],
    "RING_FAIL_529": [("error", 529, "overloaded_error", "Overloaded (mock)")],
}
DEFAULT_TEXT = "I am the mock. Nothing scripted for this prompt. RING-DEFAULT-DONE"


class RequestLog:
    """The requests' log (this mock's and mock_gemini.py's): one JSON line per request, with
    its time, appended to `path` (the --log file; nothing is written without one)."""

    def __init__(self) -> None:
        self.path: str | None = None
        self.lock = threading.Lock()

    def __call__(self, entry: dict) -> None:
        if not self.path:
            return
        entry["t"] = round(time.time(), 3)
        with self.lock, open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")


log = RequestLog()


def user_texts(msg: dict) -> tuple[str, bool]:
    """(joined text of a user message, whether it holds a tool_result)."""
    content = msg.get("content")
    if isinstance(content, str):
        return content, False
    texts, has_result = [], False
    for block in content or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "tool_result":
            has_result = True
        elif block.get("type") == "text":
            texts.append(block.get("text", ""))
    return "\n".join(texts), has_result


def choose_step(body: dict) -> tuple:
    tools = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    if "Bash" not in tools:
        return ("side", "Ring mock session")
    messages = body.get("messages") or []
    # The last user message with our keyword and no tool_result opens the current script.
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.get("role") != "user":
            continue
        text, has_result = user_texts(m)
        if has_result:
            continue
        # The keyword typed last wins (an interrupted prompt may come back into the input
        # box, and the next prompt is then typed after it).
        found = [(text.rfind(key), key) for key in SCRIPTS if key in text]
        if found:
            key = max(found)[1]
            steps = SCRIPTS[key]
            done = sum(1 for later in messages[i + 1:] if later.get("role") == "assistant")
            step = steps[done] if done < len(steps) else ("text", "Done.")
            if step[0] == "plan_file":
                path = PLAN_FILE.search(json.dumps(body))
                step = ("tool", "Write", {"file_path": path.group(0) if path else "plan.md",
                                          "content": step[1]}, "")
            return step
        # A user text without a keyword: an interrupt marker or a plain prompt.
        if "[Request interrupted" in text:
            continue
        return ("text", DEFAULT_TEXT)
    return ("text", DEFAULT_TEXT)


def sse(handler: BaseHTTPRequestHandler, event: str, data: dict) -> None:
    handler.wfile.write(f"event: {event}\ndata: {json.dumps(data)}\n\n".encode())
    handler.wfile.flush()


class JsonHandler(BaseHTTPRequestHandler):
    """The mock servers' request handler base (this one's, and mock_gemini.py's): quiet,
    HTTP/1.1, the request body, JSON answers and event streams (with `json_headers()`)."""
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet
        pass

    def json_headers(self) -> list[tuple[str, str]]:
        """More headers for every answer (JSON or a stream)."""
        return []

    def _body(self) -> bytes:
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def _request_json(self):
        """The request's body as JSON (`{"_raw": text}` when it is not JSON)."""
        raw = self._body()
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {"_raw": raw.decode("utf-8", "replace")}

    def _start_stream(self) -> None:
        """The head of a server-sent event stream; the connection closes after it."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        for name, value in self.json_headers():
            self.send_header(name, value)
        self.end_headers()
        self.close_connection = True

    def _json(self, status: int, obj) -> None:
        raw = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for name, value in self.json_headers():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(raw)


class Handler(JsonHandler):
    def json_headers(self) -> list[tuple[str, str]]:
        return [("request-id", "req_mock_" + uuid.uuid4().hex[:12])]

    def do_GET(self):
        log({"method": "GET", "path": self.path})
        path = self.path.split("?")[0]
        if path.startswith("/v1/models"):
            self._json(200, {"data": [{"type": "model", "id": "claude-sonnet-4-5",
                                       "display_name": "Claude Sonnet 4.5",
                                       "created_at": "2025-01-01T00:00:00Z"}],
                             "has_more": False, "first_id": "claude-sonnet-4-5",
                             "last_id": "claude-sonnet-4-5"})
        else:
            self._json(200, {})

    def do_HEAD(self):
        log({"method": "HEAD", "path": self.path})
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        body = self._request_json()
        path = self.path.split("?")[0]
        entry = {"method": "POST", "path": self.path,
                 "model": body.get("model") if isinstance(body, dict) else None,
                 "stream": body.get("stream") if isinstance(body, dict) else None,
                 "body": body}
        if path.endswith("/count_tokens"):
            log(entry)
            self._json(200, {"input_tokens": 42})
            return
        if not path.startswith("/v1/messages"):
            log(entry)
            self._json(200, {})
            return
        step = choose_step(body)
        entry["step"] = (["tool", step[1]] if step[0] == "tool"
                     else ["tools", [t[0] for t in step[1]]] if step[0] == "tools"
                     else list(step[:2]))
        log(entry)
        model = body.get("model", "claude-sonnet-4-5")
        kind = step[0]
        if kind == "error":
            _, status, etype, msg = step
            self._json(status, {"type": "error", "error": {"type": etype, "message": msg}})
            return
        blocks: list[dict] = []
        delay = 0.0
        if kind in ("text", "side"):
            blocks = [{"type": "text", "text": step[1]}]
        elif kind == "slow":
            delay = float(step[1])
            blocks = [{"type": "text", "text": step[2]}]
        elif kind in ("tool", "tools"):
            if kind == "tool":
                calls, lead = [(step[1], step[2])], step[3]
                delay = float(step[4]) if len(step) > 4 else 0.0
            else:
                calls, lead = step[1], step[2]
            if lead:
                blocks.append({"type": "text", "text": lead})
            for name, tool_input in calls:
                blocks.append({"type": "tool_use", "id": "toolu_mock_" + uuid.uuid4().hex[:16],
                               "name": name, "input": tool_input})
        stop_reason = "tool_use" if kind in ("tool", "tools") else "end_turn"
        msg_id = "msg_mock_" + uuid.uuid4().hex[:16]
        usage = {"input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 0,
                 "cache_read_input_tokens": 0}
        if not body.get("stream"):
            self._json(200, {"id": msg_id, "type": "message", "role": "assistant", "model": model,
                             "content": blocks, "stop_reason": stop_reason,
                             "stop_sequence": None, "usage": usage})
            return
        self._start_stream()
        try:
            sse(self, "message_start", {"type": "message_start", "message": {
                "id": msg_id, "type": "message", "role": "assistant", "model": model,
                "content": [], "stop_reason": None, "stop_sequence": None,
                "usage": dict(usage, output_tokens=1)}})
            sse(self, "ping", {"type": "ping"})
            end = time.time() + delay
            while time.time() < end:
                time.sleep(min(1.0, max(0.0, end - time.time())))
                sse(self, "ping", {"type": "ping"})
            for i, block in enumerate(blocks):
                if block["type"] == "text":
                    sse(self, "content_block_start", {"type": "content_block_start", "index": i,
                                                      "content_block": {"type": "text", "text": ""}})
                    text = block["text"]
                    for j in range(0, len(text), 24):
                        sse(self, "content_block_delta", {"type": "content_block_delta", "index": i,
                                                          "delta": {"type": "text_delta",
                                                                    "text": text[j:j + 24]}})
                else:
                    sse(self, "content_block_start", {"type": "content_block_start", "index": i,
                                                      "content_block": {"type": "tool_use",
                                                                        "id": block["id"],
                                                                        "name": block["name"],
                                                                        "input": {}}})
                    sse(self, "content_block_delta", {"type": "content_block_delta", "index": i,
                                                      "delta": {"type": "input_json_delta",
                                                                "partial_json": json.dumps(block["input"])}})
                sse(self, "content_block_stop", {"type": "content_block_stop", "index": i})
            sse(self, "message_delta", {"type": "message_delta",
                                        "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                                        "usage": {"output_tokens": 20}})
            sse(self, "message_stop", {"type": "message_stop"})
        except (BrokenPipeError, ConnectionResetError):
            log({"method": "POST", "path": self.path, "note": "client closed the stream"})


def serve(handler: type[BaseHTTPRequestHandler], request_log: RequestLog) -> None:
    """The mock servers' command line (this one's, and mock_gemini.py's): `--port` (0: any
    free one), `--log` (the file of `request_log`), `--port-file` (written atomically once
    listening); the port is printed, then requests are served on 127.0.0.1 until interrupted."""
    import os
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--log", default=None)
    ap.add_argument("--port-file", default=None)
    args = ap.parse_args()
    request_log.path = args.log
    server = ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    server.daemon_threads = True
    port = server.server_address[1]
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as f:
            f.write(str(port))
        os.replace(args.port_file + ".tmp", args.port_file)
    print(port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def main() -> None:
    serve(Handler, log)


if __name__ == "__main__":
    sys.exit(main())
