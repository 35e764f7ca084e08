#!/usr/bin/env python3
"""A scripted, offline stand-in for the Gemini API (generativelanguage, v1beta; stdlib only).

Bound to 127.0.0.1. Gemini CLI reaches it through `GOOGLE_GEMINI_BASE_URL` (its "gateway"
auth with an API key). Answers `POST /v1beta/models/<model>:streamGenerateContent` (SSE),
`:generateContent` (JSON), `:countTokens`, model listings and anything else with a plausible
minimal response, and logs every request (method, path, body) as one JSON line to `--log`.

The reply is decided from the conversation, so each scenario is deterministic:
  * only requests that declare the `run_shell_command` tool are the agent's main loop; every
    other request (the model router's classifier, the next-speaker check, loop detection,
    titles…) gets a short answer: JSON when the request asks for JSON, plain text otherwise;
  * the main loop finds the last user turn with real text (not a functionResponse) and looks
    for a keyword from SCRIPTS in it; the number of model turns after it is the step index;
  * a step is text, a function call, an HTTP error, or a "slow" reply that sends nothing for
    a while (to see the agent working).

Run:  python3 mock_gemini.py --port 0 --log requests.jsonl --port-file port.txt
"""
from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mock_anthropic  # noqa: E402 (its handler base, request log, command line, server loop)

# keyword -> list of steps. Step kinds:
#   ("text", "…")                      final answer (finishReason STOP)
#   ("tool", name, args_dict, "…")     optional lead text, then one functionCall part
#   ("error", status, grpc_status, msg) an HTTP error answer
#   ("slow", seconds, "…")             nothing for `seconds`, then the text
SCRIPTS: dict[str, list[tuple]] = {
    "RING_HELLO": [("text", "Hello from the mock. RING-HELLO-DONE")],
    "RING_AGAIN": [("text", "Hello again from the mock. RING-AGAIN-DONE")],
    "RING_SLOW_WORK": [("slow", 6, "Finished the slow work. RING-SLOW-DONE")],
    "RING_RUN_SHELL": [
        ("tool", "run_shell_command",
         {"command": "echo ring-shell-ok > ring_shell_out.txt",
          "description": "Write the ring marker file"},
         "I will run a command."),
        ("slow", 4, "The command ran. RING-SHELL-DONE"),
    ],
    "RING_THINK_LONG": [("slow", 600, "Never reached. RING-THINK-DONE")],
    "RING_ASK_BACK": [("text", "I can do that. Which color do you prefer, red or blue?")],
    "RING_FAIL_500": [("error", 500, "INTERNAL", "Internal error (mock)")],
}
DEFAULT_TEXT = "I am the mock. Nothing scripted for this prompt. RING-DEFAULT-DONE"
MAIN_LOOP_TOOL = "run_shell_command"

log = mock_anthropic.RequestLog()


def declared_tools(body: dict) -> list[str]:
    names = []
    for tool in body.get("tools") or []:
        if isinstance(tool, dict):
            for decl in tool.get("functionDeclarations") or []:
                if isinstance(decl, dict):
                    names.append(decl.get("name"))
    return names


def turn_text(turn: dict) -> tuple[str, bool]:
    """(joined text of a user turn, whether it holds a functionResponse)."""
    texts, has_response = [], False
    for part in turn.get("parts") or []:
        if not isinstance(part, dict):
            continue
        if "functionResponse" in part:
            has_response = True
        elif isinstance(part.get("text"), str):
            texts.append(part["text"])
    return "\n".join(texts), has_response


def choose_step(body: dict) -> tuple:
    if MAIN_LOOP_TOOL not in declared_tools(body):
        return ("side",)
    contents = body.get("contents") or []
    for i in range(len(contents) - 1, -1, -1):
        turn = contents[i]
        if turn.get("role") != "user":
            continue
        text, has_response = turn_text(turn)
        if has_response:
            continue
        found = [(text.rfind(key), key) for key in SCRIPTS if key in text]
        if found:
            steps = SCRIPTS[max(found)[1]]
            done = sum(1 for later in contents[i + 1:] if later.get("role") == "model")
            return steps[done] if done < len(steps) else ("text", "Done.")
        return ("text", DEFAULT_TEXT)
    return ("text", DEFAULT_TEXT)


def side_answer(body: dict) -> str:
    """A side call's answer: Gemini CLI's classifiers ask for JSON (responseMimeType)."""
    config = body.get("generationConfig") or body.get("config") or {}
    if config.get("responseMimeType") == "application/json" or config.get("responseSchema") \
            or config.get("responseJsonSchema"):
        # The next-speaker check and the model router read these keys; others ignore them.
        return json.dumps({"next_speaker": "user", "reasoning": "The mock answered.",
                           "model_choice": "flash", "complexity_reasoning": "mock",
                           "complexity_score": 1})
    return "Ring mock session"


def response(parts: list[dict], model: str, finish: str | None) -> dict:
    candidate: dict = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return {"candidates": [candidate],
            "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 20,
                              "totalTokenCount": 120},
            "modelVersion": model}


class Handler(mock_anthropic.JsonHandler):
    def do_GET(self):
        log({"method": "GET", "path": self.path})
        if self.path.split("?")[0].rstrip("/").endswith("/models"):
            self._json(200, {"models": [{"name": "models/gemini-2.5-pro",
                                         "displayName": "Gemini 2.5 Pro"}]})
        else:
            self._json(200, {})

    def do_POST(self):
        body = self._request_json()
        if not isinstance(body, dict):
            body = {"_raw": body}
        path = self.path.split("?")[0]
        model = path.rsplit("/", 1)[-1].split(":")[0] or "gemini-2.5-pro"
        entry = {"method": "POST", "path": self.path, "body": body}
        if path.endswith(":countTokens"):
            log(entry)
            self._json(200, {"totalTokens": 42})
            return
        if not (path.endswith(":streamGenerateContent") or path.endswith(":generateContent")):
            log(entry)
            self._json(200, {})
            return
        step = choose_step(body)
        entry["step"] = list(step[:2])
        log(entry)
        kind = step[0]
        if kind == "error":
            _, status, grpc, msg = step
            self._json(status, {"error": {"code": status, "message": msg, "status": grpc}})
            return
        delay = 0.0
        if kind == "side":
            parts = [{"text": side_answer(body)}]
        elif kind == "text":
            parts = [{"text": step[1]}]
        elif kind == "slow":
            delay = float(step[1])
            parts = [{"text": step[2]}]
        else:
            _, name, args, lead = step
            parts = ([{"text": lead}] if lead else []) + [
                {"functionCall": {"name": name, "args": args}}]
        if path.endswith(":generateContent"):
            time.sleep(delay)
            self._json(200, response(parts, model, "STOP"))
            return
        self._start_stream()
        try:
            end = time.time() + delay
            while time.time() < end:
                time.sleep(min(0.5, max(0.0, end - time.time())))
            chunks = []
            for part in parts:
                text = part.get("text")
                if text is None:
                    chunks.append([part])
                else:
                    chunks.extend([{"text": text[j:j + 24]}] for j in range(0, len(text), 24))
            for n, chunk in enumerate(chunks):
                last = n == len(chunks) - 1
                data = response(chunk, model, "STOP" if last else None)
                self.wfile.write(f"data: {json.dumps(data)}\r\n\r\n".encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            log({"method": "POST", "path": self.path, "note": "client closed the stream"})


def main() -> None:
    mock_anthropic.serve(Handler, log)


if __name__ == "__main__":
    sys.exit(main())
