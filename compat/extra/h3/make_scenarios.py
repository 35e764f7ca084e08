#!/usr/bin/env python3
"""Writes compat/extra/h3/scenarios.json: held-back scenarios (spec names) for the rules of
§3.7 (transcripts), §3.9 (tty), §4.2 (registry reads), §4.3 (liveness), §4.4 (zero-config
scan) and §4.7 (merge). Expected outputs are never written here: they come from RiNG 0.17.2
through scripts/difftest/record.py.

    python3 compat/extra/h3/make_scenarios.py
    scripts/difftest/record.py compat/extra/h3/scenarios.json > compat/extra/h3/expected.json
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TAIL = 131072


def line(obj):
    """One transcript line exactly as the recorder and the harness write it (json.dumps)."""
    return obj if isinstance(obj, str) else json.dumps(obj)


def user(text, cwd=None, **extra):
    r = {"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": text}]}}
    if cwd:
        r["cwd"] = cwd
    r.update(extra)
    return r


def tool(name, inp, rtype="assistant", cwd=None, blocks_before=(), blocks_after=()):
    block = {"type": "tool_use", "id": "tu", "name": name}
    if inp is not ...:
        block["input"] = inp
    r = {"type": rtype, "message": {"stop_reason": "tool_use",
                                    "content": [*blocks_before, block, *blocks_after]}}
    if cwd:
        r["cwd"] = cwd
    return r


def text(t, cwd=None, stop="end_turn"):
    r = {"type": "assistant", "message": {"role": "assistant", "stop_reason": stop,
                                          "content": [{"type": "text", "text": t}]}}
    if cwd:
        r["cwd"] = cwd
    return r


def todo_block(inp):
    b = {"type": "tool_use", "id": "tw", "name": "TodoWrite"}
    if inp is not ...:
        b["input"] = inp
    return b


def todos(*statuses):
    return {"todos": [{"content": f"item {i}", "status": s} for i, s in enumerate(statuses)]}


def padded(head, size, tail=()):
    """A FILE `lines` list: `head`, user padding lines, `tail` (each written as json.dumps + \\n,
    raw strings as they are), exactly `size` bytes long; the last padding line is longer to
    absorb the remainder."""
    def n_bytes(items):
        return sum(len(line(x).encode()) + 1 for x in items)

    def pad(k):
        return {"type": "user", "message": {"content": "p" * k}}

    room = size - n_bytes(head) - n_bytes(tail)
    unit = n_bytes([pad(3)])
    assert room > 2 * unit, (size, room)
    n = room // unit - 1
    rest = room - n * unit
    filler = pad(rest - n_bytes([pad(0)]))
    out = [*head, {"__repeat__": n, "line": pad(3)}, filler, *tail]
    assert n_bytes(head) + n * unit + n_bytes([filler]) + n_bytes(tail) == size
    return out


def hook(sid, event, **kw):
    p = {"session_id": sid, "hook_event_name": event, "cwd": kw.pop("cwd", "/repo/app")}
    step = {}
    for k in ("provider", "args", "advance_seconds", "controlling_tty", "process_tty", "env", "files"):
        if k in kw:
            step[k] = kw.pop(k)
    if "payload_provider" in kw:
        p["provider"] = kw.pop("payload_provider")
    p.update(kw)
    step["payload"] = p
    return step


SCENARIOS = []


def scenario(name, description, **kw):
    kw.setdefault("steps", [])
    SCENARIOS.append({"name": name, "description": description, **kw})


# ---------------------------------------------------------------- §3.7 transcripts

CODEX_ROLLOUT = [
    {"timestamp": "2025-01-01T00:00:00Z", "type": "session_meta",
     "payload": {"id": "thread-a", "cwd": "/repo/app"}},
    {"timestamp": "2025-01-01T00:00:01Z", "type": "event_msg",
     "payload": {"type": "user_message", "message": "fix the tests"}},
    {"timestamp": "2025-01-01T00:00:02Z", "type": "response_item",
     "payload": {"type": "function_call", "name": "shell",
                 "arguments": "{\"command\":[\"pytest\"]}", "call_id": "c1"}},
    {"timestamp": "2025-01-01T00:00:03Z", "type": "event_msg",
     "payload": {"type": "agent_message", "message": "All tests pass."}},
    {"timestamp": "2025-01-01T00:00:04Z", "type": "response_item",
     "payload": {"type": "message", "role": "assistant",
                 "content": [{"type": "output_text", "text": "Done."}]}},
]

scenario(
    "write_transcript_codex_rollout",
    "A transcript that yields records (a Codex rollout) recomputes last_action from them: "
    "records not in Claude's shape give an em dash even when the payload has a message; "
    "a transcript with no parseable record keeps the payload text; any provider; key priority "
    "transcript_path > transcriptPath > rollout_path > rolloutPath.",
    files=[
        {"path": "$HOME/.codex/sessions/rollout-a.jsonl", "lines": CODEX_ROLLOUT},
        {"path": "$HOME/.codex/sessions/rollout-b.jsonl", "lines": ["not json", "", "{\"half\": "]},
        {"path": "$HOME/.codex/sessions/rollout-c.jsonl", "text": ""},
    ],
    steps=[
        hook("thread-a", "PreToolUse", provider="codex", rollout_path="$HOME/.codex/sessions/rollout-a.jsonl",
             message="Running shell", tool_name="Bash", tool_input={"command": "pytest"}),
        hook("thread-b", "Stop", provider="codex", rolloutPath="$HOME/.codex/sessions/rollout-b.jsonl",
             message="Finished the change", advance_seconds=1),
        hook("thread-c", "PostToolUse", provider="codex", transcript_path="$HOME/.codex/sessions/rollout-c.jsonl",
             title="title text", advance_seconds=1),
        hook("thread-d", "Stop", provider="codex", rollout_path="$HOME/.codex/sessions/missing.jsonl",
             last_action="explicit action", message="m", advance_seconds=1),
        hook("thread-e", "Stop", provider="codex", transcript_path=5, transcriptPath="",
             rollout_path="$HOME/.codex/sessions/rollout-a.jsonl",
             rolloutPath="$HOME/.codex/sessions/rollout-b.jsonl", lastAction="camel", advance_seconds=1),
        hook("thread-f", "Stop", rollout_path="$HOME/.codex/sessions/rollout-a.jsonl",
             message="claude row with a rollout", advance_seconds=1),
        hook("thread-g", "Stop", provider="codex", transcriptPath="$HOME/.codex/sessions/rollout-b.jsonl",
             rollout_path="$HOME/.codex/sessions/rollout-a.jsonl", message="camel path wins", advance_seconds=1),
        hook("thread-a", "PostToolUse", provider="codex", message="no transcript this time", advance_seconds=1),
    ],
)

BIG_WITH_NONOBJECT = padded(["[1, 2]", tool("Read", {"file_path": "/a/hidden.rs"})], TAIL + 500)

scenario(
    "write_transcript_nonobject_line_crash",
    "A valid JSON line that is not an object crashes RiNG's transcript reader (exit 1, row not "
    "written) only when the newest-first walks reach it: a newer tool_use and TodoWrite answer "
    "first, a line cut off by the 128 KiB tail never counts, SessionEnd never reads the "
    "transcript, falsy TodoWrite inputs are {}. Then the crashes: string, number, null lines, "
    "a TodoWrite whose input is a truthy non-object, over an existing row.",
    files=[
        {"path": "$HOME/t/older-nonobject.jsonl", "lines": [
            "[1, 2]", tool("TodoWrite", todos("completed", "pending")),
            tool("Bash", {"command": "make test"})]},
        {"path": "$HOME/t/cut-nonobject.jsonl", "lines": BIG_WITH_NONOBJECT},
        {"path": "$HOME/t/newest-string.jsonl", "lines": [tool("Bash", {"command": "ls"}), "\"just a string\""]},
        {"path": "$HOME/t/falsy-inputs.jsonl", "lines": [
            tool("TodoWrite", todos("completed")),
            {"type": "assistant", "message": {"content": [
                todo_block(None), todo_block(""), todo_block(0), todo_block([]), todo_block({})]}},
        ]},
        {"path": "$HOME/t/number.jsonl", "lines": [user("go"), "42"]},
        {"path": "$HOME/t/null.jsonl", "lines": ["null"]},
        {"path": "$HOME/t/truthy-string-input.jsonl", "lines": [
            {"type": "assistant", "message": {"content": [todo_block("x")]}}]},
        {"path": "$HOME/t/list-input.jsonl", "lines": [
            {"type": "assistant", "message": {"content": [todo_block([1])]}}]},
    ],
    steps=[
        hook("ok-older", "PreToolUse", transcript_path="$HOME/t/older-nonobject.jsonl", message="m"),
        hook("ok-cut", "PreToolUse", transcript_path="$HOME/t/cut-nonobject.jsonl", message="m",
             advance_seconds=1),
        hook("ok-falsy", "PreToolUse", transcript_path="$HOME/t/falsy-inputs.jsonl", advance_seconds=1),
        hook("ok-older", "SessionEnd", transcript_path="$HOME/t/newest-string.jsonl", advance_seconds=1),
        hook("crash-string", "Stop", transcript_path="$HOME/t/newest-string.jsonl", message="m",
             advance_seconds=1),
        hook("ok-falsy", "UserPromptSubmit", transcript_path="$HOME/t/number.jsonl", advance_seconds=1),
        hook("crash-null", "PostToolUse", transcript_path="$HOME/t/null.jsonl", advance_seconds=1),
        hook("crash-input", "PreToolUse", transcript_path="$HOME/t/truthy-string-input.jsonl",
             advance_seconds=1),
        hook("crash-list", "PreToolUse", transcript_path="$HOME/t/list-input.jsonl", advance_seconds=1),
    ],
)

PAD = {"type": "user", "message": {"content": "pad"}}
READ_FIRST = tool("Read", {"file_path": "/a/first.rs"})
READ_SECOND = tool("Read", {"file_path": "/a/second.rs"})
exact = padded([READ_FIRST], TAIL)
over = padded([READ_FIRST], TAIL + 1)
first_len = len(line(READ_FIRST)) + 1
aligned = padded([READ_FIRST, READ_SECOND], TAIL + first_len)
mid = padded([READ_FIRST, READ_SECOND, tool("Read", {"file_path": "/a/third.rs"})], TAIL + first_len + 7)
# Lines separated by \r only up to the first \n: the cut discards all of them.
cr_head = "\r".join([line(READ_FIRST), line(READ_SECOND)] + [line(PAD)] * 10)
cr_file = padded([cr_head], TAIL + 200)
huge_line = line(READ_FIRST) + "\n" + line(user("x" * (TAIL + 100))) + "\n"
small_mixed = (
    line(user("older")) + "\n"
    + " \x0b" + line(tool("Read", {"file_path": "/a/ws.rs"})) + "\x0c \r"
    + "\u00a0" + line(tool("Read", {"file_path": "/a/nbsp.rs"})) + "\r\n"
    + "\r\n   \n\t\n"
    + "{broken\n"
    + line(user("newest")) + "\r"
    + line(PAD)
)
no_final_newline = line(user("go")) + "\n" + line(tool("Grep", {"pattern": "tail"}))

# Python's json accepts these lines (NaN, ±Infinity, a float overflow, a lone surrogate escape):
# they are records, newer than the Read of old.rs.
PY_ONLY = {
    "nan": '{"type": "assistant", "costUSD": NaN, "message": {"content": [{"type": "tool_use", '
           '"name": "Read", "input": {"file_path": "/a/nan.rs"}}]}}',
    "infinity": '{"type": "assistant", "x": [Infinity, -Infinity], "message": {"content": [{"type": '
                '"tool_use", "name": "Read", "input": {"file_path": "/a/inf.rs"}}]}}',
    "overflow": '{"type": "assistant", "x": 1e400, "message": {"content": [{"type": "tool_use", '
                '"name": "Read", "input": {"file_path": "/a/big.rs"}}]}}',
    "surrogate": '{"type": "assistant", "x": "\\ud800", "message": {"content": [{"type": "tool_use", '
                 '"name": "Read", "input": {"file_path": "/a/surrogate.rs"}}]}}',
    "lowercase-nan": '{"type": "assistant", "x": nan, "message": {"content": [{"type": "tool_use", '
                     '"name": "Read", "input": {"file_path": "/a/rejected.rs"}}]}}',
}

scenario(
    "write_transcript_tail_window",
    "Tail reader: a file of exactly 128 KiB is read whole; one byte more and the first line is "
    "discarded; a seek landing exactly on a line start still discards that line; the discarded "
    "part runs to the first \\n even across \\r-only line ends; one line longer than the window "
    "leaves no records (payload text kept); \\n, \\r\\n and \\r split lines, ASCII whitespace "
    "(incl. \\x0b \\x0c) is trimmed, blank, invalid and NBSP-led lines are skipped; a last line "
    "without \\n counts; a directory is unreadable; lines only Python's json accepts (NaN, "
    "Infinity, 1e400, a lone surrogate escape) are records.",
    files=[
        {"path": "$HOME/t/exact.jsonl", "lines": exact},
        {"path": "$HOME/t/over.jsonl", "lines": over},
        {"path": "$HOME/t/aligned.jsonl", "lines": aligned},
        {"path": "$HOME/t/mid.jsonl", "lines": mid},
        {"path": "$HOME/t/cr.jsonl", "lines": cr_file},
        {"path": "$HOME/t/huge-line.jsonl", "text": huge_line},
        {"path": "$HOME/t/mixed.jsonl", "text": small_mixed},
        {"path": "$HOME/t/no-final-newline.jsonl", "text": no_final_newline},
        {"path": "$HOME/t/a-directory.jsonl", "dir": True},
        *[{"path": f"$HOME/t/py-{n}.jsonl", "lines": [tool("Read", {"file_path": "/a/old.rs"}), raw]}
          for n, raw in PY_ONLY.items()],
    ],
    # Stop (idle) rows: hook_stale would look at the real mtime of the directory.
    steps=[
        hook(f"tail-{n}", "Stop", transcript_path=f"$HOME/t/{n}.jsonl", message="payload text",
             advance_seconds=0 if i == 0 else 1)
        for i, n in enumerate(["exact", "over", "aligned", "mid", "cr", "huge-line", "mixed",
                               "no-final-newline", "a-directory", *[f"py-{n}" for n in PY_ONLY]])
    ],
)

C, P = "completed", "pending"
scenario(
    "write_transcript_todo_skips_empty",
    "todo = the newest TodoWrite (blocks in order, any record type) whose input.todos is a "
    "non-empty list: [completed objects, all items]; empty lists, non-list todos, missing or "
    "falsy input and other tool names are skipped; [0, n] is still written; no such TodoWrite "
    "→ no todo (not carried over from the previous row).",
    files=[
        {"path": "$HOME/t/newest-empty.jsonl", "lines": [
            tool("TodoWrite", todos(C, C, P)), tool("TodoWrite", {"todos": []})]},
        {"path": "$HOME/t/same-record.jsonl", "lines": [
            {"type": "assistant", "message": {"content": [
                todo_block({"todos": []}),
                todo_block({"todos": [{"status": C}, C, {"status": "Completed"},
                                      {"status": C, "content": "x"}, 5]}),
                todo_block(todos(C))]}}]},
        {"path": "$HOME/t/odd-todos.jsonl", "lines": [
            tool("TodoWrite", todos(P)),
            tool("TodoWrite", {"todos": {}}), tool("TodoWrite", {"todos": "abc"}),
            tool("TodoWrite", {"todos": None}), tool("TodoWrite", {"items": [1]}),
            tool("TodoWrite", ...), tool("TodoWrite", None), tool("TodoWrite", {"todos": {"a": 1}})]},
        {"path": "$HOME/t/only-empty.jsonl", "lines": [
            user("go"), tool("TodoWrite", {"todos": []}), tool("TodoWrite", {})]},
        {"path": "$HOME/t/other-names.jsonl", "lines": [
            tool("todowrite", todos(C)), tool("TodoWrite ", todos(C)),
            {"type": "assistant", "message": {"content": [
                {"type": "tool_call", "name": "TodoWrite", "input": todos(C)}]}}]},
        {"path": "$HOME/t/user-record.jsonl", "lines": [
            tool("TodoWrite", todos(C, C, C, P), rtype="user"), text("all done")]},
        {"path": "$HOME/t/string-content.jsonl", "lines": [
            tool("TodoWrite", todos(C, P)),
            {"type": "assistant", "message": {"content": "TodoWrite"}},
            {"type": "assistant", "message": {"content": [todo_block({"todos": []}), "TodoWrite"]}}]},
    ],
    steps=[
        hook("todo-newest-empty", "PreToolUse", transcript_path="$HOME/t/newest-empty.jsonl"),
        hook("todo-same-record", "PreToolUse", transcript_path="$HOME/t/same-record.jsonl", advance_seconds=1),
        hook("todo-odd", "PreToolUse", transcript_path="$HOME/t/odd-todos.jsonl", advance_seconds=1),
        hook("todo-only-empty", "PreToolUse", transcript_path="$HOME/t/only-empty.jsonl", advance_seconds=1),
        hook("todo-other-names", "PreToolUse", transcript_path="$HOME/t/other-names.jsonl", advance_seconds=1),
        hook("todo-user-record", "Stop", transcript_path="$HOME/t/user-record.jsonl", advance_seconds=1),
        hook("todo-string-content", "PreToolUse", transcript_path="$HOME/t/string-content.jsonl",
             advance_seconds=1),
        hook("todo-newest-empty", "PostToolUse", transcript_path="$HOME/t/only-empty.jsonl", advance_seconds=1),
    ],
)

SUMMARY_CASES = [
    ("edit-path", [tool("Edit", {"file_path": "/repo/app/src/main.rs"})]),
    ("write-trailing-slash", [tool("Write", {"file_path": "/repo/app/build/"})]),
    ("read-root", [tool("Read", {"file_path": "/"})]),
    ("read-dot", [tool("Read", {"file_path": "notes/./"})]),
    ("read-dotdot", [tool("Read", {"file_path": "a/.."})]),
    ("read-relative", [tool("Read", {"file_path": "relative.txt"})]),
    ("read-double-slash", [tool("Read", {"file_path": "x//y.md"})]),
    ("read-backslashes", [tool("Read", {"file_path": "C:\\Users\\x\\file.txt"})]),
    ("notebook-path", [tool("NotebookEdit", {"notebook_path": "/nb/analysis.ipynb"})]),
    ("notebook-empty-file-path", [tool("NotebookEdit", {"file_path": "", "notebook_path": "/nb/b.ipynb"})]),
    ("write-notebook-path", [tool("Write", {"notebook_path": "/x/y.txt"})]),
    ("edit-both-paths", [tool("Edit", {"file_path": "/a/first.txt", "notebook_path": "/a/second.txt"})]),
    ("edit-number-path", [tool("Edit", {"file_path": 42})]),
    ("edit-list-path", [tool("Edit", {"file_path": ["x", "y/z"]})]),
    ("edit-no-path", [tool("Edit", {"old_string": "a"})]),
    ("edit-string-input", [tool("Edit", "not an object")]),
    ("edit-no-input", [tool("Edit", ...)]),
    ("bash-long", [tool("Bash", {"command": "git status && git log --oneline -n 50 --decorate --graph"})]),
    ("bash-newlines", [tool("Bash", {"command": "  echo one\necho two\n  "})]),
    ("bash-crlf", [tool("Bash", {"command": "printf 'a'\r\necho b"})]),
    ("bash-blank", [tool("Bash", {"command": " \n\t "})]),
    ("bash-number", [tool("Bash", {"command": 12345})]),
    ("bash-unicode", [tool("Bash", {"command": "日本語のコマンド" * 6})]),
    ("bash-ideographic-space", [tool("Bash", {"command": "\u3000ls -la\u3000\u00a0"})]),
    ("bash-other-key", [tool("Bash", {"cmd": "ls"})]),
    ("bash-astral", [tool("Bash", {"command": "echo " + "\U0001F600" * 50})]),
    ("bash-line-separator", [tool("Bash", {"command": "a\u2028b\rc"})]),
    ("read-whitespace-path", [tool("Read", {"file_path": "   "})]),
    ("read-tilde-dotdot", [tool("Read", {"file_path": "~/x/../y.txt"})]),
    ("read-backslash-name", [tool("Read", {"file_path": "/a/b\\c"})]),
    ("grep-pattern", [tool("Grep", {"pattern": "fn\\s+main"})]),
    ("glob-pattern", [tool("Glob", {"pattern": "**/*.rs"})]),
    ("grep-long", [tool("Grep", {"pattern": "x" * 100})]),
    ("grep-zero", [tool("Grep", {"pattern": 0})]),
    ("glob-list", [tool("Glob", {"pattern": ["a", "b"]})]),
    ("grep-float", [tool("Grep", {"pattern": 3.5})]),
    ("grep-true", [tool("Grep", {"pattern": True})]),
    ("grep-object", [tool("Grep", {"pattern": {"k": "v"}})]),
    ("grep-multiline", [tool("Grep", {"pattern": "a\nb"})]),
    ("webfetch", [tool("WebFetch", {"url": "https://example.com"})]),
    ("lowercase-bash", [tool("bash", {"command": "ls"})]),
    ("mcp", [tool("mcp__server__tool", {})]),
    ("name-number", [tool(5, {})]),
    ("name-true", [tool(True, {})]),
    ("nameless-then-named", [{"type": "assistant", "message": {"content": [
        {"type": "tool_use", "name": ""}, {"type": "tool_use", "name": None},
        {"type": "tool_use", "input": {"file_path": "/z/x.md"}},
        {"type": "tool_use", "name": "Read", "input": {"file_path": "/z/last.md"}}]}}]),
    ("text-before-tool", [tool("Edit", {"file_path": "/a/f.rs"},
                               blocks_before=[{"type": "text", "text": "I'll edit f.rs"}])]),
    ("tool-in-user-record", [text("older text"), tool("Grep", {"pattern": "needle"}, rtype="user")]),
    ("nameless-falls-back-to-text", [text("older text wins"), {"type": "assistant", "message": {
        "content": [{"type": "tool_use", "name": "", "input": {}}]}}]),
    ("tool-type-with-space", [text("plain"), {"type": "assistant", "message": {
        "content": [{"type": "tool_use ", "name": "Read", "input": {"file_path": "/q.rs"}}]}}]),
]

scenario(
    "write_transcript_tool_summaries",
    "Tool summaries: Edit/Write/Read/NotebookEdit with a truthy file_path (or notebook_path) "
    "→ '→ NAME basename' (Python Path.name); Bash → '→ Bash: ' + trimmed command, \\n → space, "
    "40 code points; Grep/Glob with a truthy pattern → '→ NAME pattern' (str(), not cut); "
    "otherwise '→ NAME'; nameless tool_use blocks give nothing; tool_use counts in any record.",
    files=[{"path": f"$HOME/t/{n}.jsonl", "lines": [user("go")] + recs} for n, recs in SUMMARY_CASES],
    steps=[
        hook(f"sum-{n}", "PreToolUse", transcript_path=f"$HOME/t/{n}.jsonl", message="payload text",
             advance_seconds=0 if i == 0 else 1)
        for i, (n, _) in enumerate(SUMMARY_CASES)
    ],
)

# ---------------------------------------------------------------- §3.9 tty

scenario(
    "write_tty_sources",
    "tty = first non-empty of: payload tty (any non-empty string, as-is), the hook's stdin tty, "
    "the agent process's tty (claude-code and codex only: generic providers have no process "
    "name); none → no tty key, and a tty is not carried over from the previous row.",
    steps=[
        hook("c1", "Stop", tty="/dev/pts/5", controlling_tty="/dev/pts/1", process_tty="/dev/pts/2"),
        hook("c2", "Stop", controlling_tty="/dev/pts/1", process_tty="/dev/pts/2", advance_seconds=1),
        hook("c3", "Stop", tty="", controlling_tty="", process_tty="/dev/pts/2", advance_seconds=1),
        hook("c4", "Stop", tty=7, process_tty="/dev/ttys003", advance_seconds=1),
        hook("c5", "Stop", tty="  ", process_tty="/dev/pts/2", advance_seconds=1),
        hook("c6", "Stop", tty="not-a-device", advance_seconds=1),
        hook("c7", "Stop", tty=None, process_tty="/dev/pts/6", advance_seconds=1),
        hook("x1", "Stop", provider="codex", process_tty="/dev/pts/9", advance_seconds=1),
        hook("x2", "Stop", args=["my_tool"], process_tty="/dev/pts/8", advance_seconds=1),
        hook("x3", "Stop", args=["my_tool"], process_tty="/dev/pts/8", controlling_tty="/dev/pts/4",
             advance_seconds=1),
        hook("x4", "Stop", args=["my_tool"], payload_provider="codex", process_tty="/dev/pts/8",
             advance_seconds=1),
        hook("x5", "Stop", payload_provider=" Claude_Code ", process_tty="/dev/pts/7", advance_seconds=1),
        hook("x6", "Stop", payload_provider="gemini", process_tty="/dev/pts/7", advance_seconds=1),
        hook("x7", "Stop", provider="codex", payload_provider="claude", process_tty="/dev/pts/6",
             advance_seconds=1),
        hook("c8", "Stop", advance_seconds=1),
        hook("c2", "UserPromptSubmit", advance_seconds=1),
        hook("c1", "UserPromptSubmit", process_tty="/dev/pts/3", advance_seconds=1),
    ],
)

# ---------------------------------------------------------------- §4.3 liveness


def live_row(sid, cwd, tty=None, provider=None, adv=1, event="Stop"):
    kw = {"cwd": cwd, "advance_seconds": adv}
    if tty is not None:
        kw["tty"] = tty
    if provider:
        kw["provider"] = provider
    return hook(sid, event, **kw)


scenario(
    "live_ancestor_cwd_kept",
    "No live process in a group's cwd, but one of the same provider in the cwd or an ancestor "
    "directory (path-component boundary, realpath'd: trailing '/', '..', symlinks) → every row of "
    "the group is kept, whatever their count or ttys; a sibling with a common string prefix, a "
    "parent of the process cwd and another provider's process do not keep rows.",
    files=[
        {"path": "$HOME/real/sub", "dir": True},
        {"path": "$HOME/link", "symlink_to": "$HOME/real"},
    ],
    steps=[
        live_row("sub-1", "/repo/app/sub", tty="/dev/pts/10", adv=0),
        live_row("sub-2", "/repo/app/sub", tty="/dev/pts/11"),
        live_row("sub-3", "/repo/app/sub", tty="/dev/pts/1"),
        live_row("deeper", "/repo/app/sub/deeper/still"),
        live_row("sibling", "/repo/app-other"),
        live_row("parent", "/repo"),
        live_row("dotdot", "/repo/app/sub/../sub2"),
        live_row("trailing", "/srv/proj/x/"),
        live_row("via-link", "$HOME/link/sub"),
        live_row("codex-sub", "/repo/app/sub", provider="codex"),
        live_row("codex-own", "/work/codex/deep", provider="codex"),
    ],
    reads=[
        {"procs": {"claude-code": [["/repo/app", "/dev/pts/1"], ["/srv/proj/", ""], ["$HOME/real", ""]],
                   "codex": [["/work", ""]]}},
        {"procs": {"claude-code": [["/repo/app/sub/deeper", "/dev/pts/1"]], "codex": []}},
        {"procs": {"claude-code": [["/repo/app/", ""]], "codex": None}},
    ],
)

scenario(
    "live_root_ancestor",
    "A live process whose cwd is '/' is an ancestor of every row cwd of its provider (rows are "
    "kept), but not of an empty cwd; another provider's rows are not kept by it.",
    steps=[
        live_row("deep", "/a/b/c/d", tty="/dev/pts/9", adv=0),
        live_row("deep-2", "/a/b/c/d", tty="/dev/pts/8"),
        live_row("top", "/tmp"),
        live_row("empty-cwd", ""),
        live_row("codex-elsewhere", "/x/y", provider="codex"),
        live_row("root-itself", "/", tty="/dev/pts/7"),
    ],
    reads=[
        {"procs": {"claude-code": [["/", "/dev/pts/1"]], "codex": []}},
        {"procs": {"claude-code": [], "codex": [["/", ""]]}},
        {"procs": {"claude-code": [["/", ""], ["/", ""], ["", ""]], "codex": None}},
    ],
)

scenario(
    "live_single_row_wrong_tty",
    "Exactly one row in a (provider, cwd) group with live processes is kept whatever its tty; "
    "once a second row joins the group, the tty check ends the row whose tty no process has.",
    steps=[
        live_row("lone", "/repo/app", tty="/dev/pts/9", adv=0),
        live_row("lone-codex", "/repo/cx", tty="/dev/pts/19", provider="codex"),
        {"action": "read", "advance_seconds": 1,
         "procs": {"claude-code": [["/repo/app", "/dev/pts/1"]], "codex": [["/repo/cx", "/dev/pts/2"]]}},
        {"action": "read", "advance_seconds": 1,
         "procs": {"claude-code": [["/repo/app", "/dev/pts/1"], ["/repo/app", "/dev/pts/3"]],
                   "codex": [["/repo/cx", ""]]}},
        live_row("second", "/repo/app", tty="/dev/pts/1"),
    ],
    reads=[
        {"procs": {"claude-code": [["/repo/app", "/dev/pts/1"]], "codex": [["/repo/cx", "/dev/pts/2"]]}},
        {"procs": {"claude-code": [["/repo/app", "/dev/pts/1"], ["/repo/app", "/dev/pts/3"]], "codex": []}},
    ],
)

scenario(
    "live_two_rows_tty_mismatch",
    "Several rows in a group: when the live processes have ttys, every row whose non-empty tty "
    "is not among them is ended even when rows ≤ processes (exact string match); rows without "
    "a tty survive the check; then the count cap keeps the most recent of the rest.",
    steps=[
        live_row("a-match", "/repo/two", tty="/dev/pts/1", adv=0),
        live_row("b-stale", "/repo/two", tty="/dev/pts/3"),
        live_row("m-old-match", "/repo/three", tty="/dev/pts/1"),
        live_row("m-stale", "/repo/three", tty="/dev/pts/9"),
        live_row("m-no-tty", "/repo/three"),
        live_row("s-short", "/repo/short", tty="pts/1"),
        live_row("s-full", "/repo/short", tty="/dev/pts/1"),
        live_row("w-space", "/repo/ws", tty=" "),
        live_row("w-ok", "/repo/ws", tty="/dev/pts/1"),
        live_row("cx-1", "/repo/cx", tty="/dev/ttys001", provider="codex"),
        {"action": "files", "files": [
            {"path": "$HOME/.config/ring/sessions/alias-claude.json", "json": {
                "session_id": "alias-claude", "provider": "claude", "cwd": "/repo/alias", "status": "idle",
                "tty": "/dev/pts/5", "last_active": 1700000000.0}},
            {"path": "$HOME/.config/ring/sessions/alias-empty.json", "json": {
                "session_id": "alias-empty", "provider": "", "cwd": "/repo/alias", "status": "idle",
                "tty": "/dev/pts/6", "last_active": 1700000001.0}}]},
        live_row("cx-2", "/repo/cx", tty="/dev/ttys002", provider="codex"),
        live_row("cx-3", "/repo/cx", tty="/dev/ttys003", provider="codex"),
    ],
    reads=[
        {"procs": {"claude-code": [["/repo/two", "/dev/pts/1"], ["/repo/two", "/dev/pts/2"],
                                   ["/repo/three", "/dev/pts/1"],
                                   ["/repo/short", "/dev/pts/1"], ["/repo/short", "/dev/pts/2"],
                                   ["/repo/ws", "/dev/pts/1"], ["/repo/ws", "/dev/pts/2"],
                                   ["/repo/alias", "/dev/pts/5"], ["/repo/alias", "/dev/pts/7"]],
                   "codex": [["/repo/cx", "/dev/ttys001"], ["/repo/cx", "/dev/ttys003"],
                             ["/repo/cx", ""]]}},
        {"procs": {"claude-code": [["/repo/two", ""], ["/repo/two", ""], ["/repo/three", ""],
                                   ["/repo/short", "/dev/pts/2"], ["/repo/short", "/dev/pts/2"]],
                   "codex": [["/repo/cx", "/dev/ttys009"]]}},
    ],
)

scenario(
    "live_tty_unknown_fallback",
    "When the live processes of a group have no tty, the tty check is skipped and the count cap "
    "keeps the N most recent rows (by last_active, whatever their ttys) and ends the rest; rows "
    "without a tty are capped the same way when the processes do have ttys.",
    steps=[
        live_row("old", "/repo/app", tty="/dev/pts/1", adv=0),
        live_row("mid", "/repo/app", tty="/dev/pts/2", adv=5),
        live_row("new", "/repo/app", tty="/dev/pts/3", adv=5),
        live_row("n1", "/repo/notty", adv=1),
        live_row("n2", "/repo/notty", adv=1),
        live_row("n3", "/repo/notty", adv=1),
        live_row("mid", "/repo/app", tty="/dev/pts/2", adv=1, event="UserPromptSubmit"),
        live_row("cx-a", "/repo/cx", provider="codex", tty="/dev/ttys004", adv=1),
        live_row("cx-b", "/repo/cx", provider="codex", tty="/dev/ttys004", adv=1),
        live_row("tie-b", "/repo/tie", tty="/dev/pts/4", adv=1),
        live_row("tie-a", "/repo/tie", tty="/dev/pts/5", adv=0),
        live_row("tie-c", "/repo/tie", adv=0),
        live_row("d1", "/repo/dup", adv=1),
        live_row("d2", "/repo/dup/", adv=1),
        live_row("d3", "/repo/dup", adv=1),
    ],
    reads=[
        {"procs": {"claude-code": [["/repo/app", ""], ["/repo/app", ""],
                                   ["/repo/notty", "/dev/pts/7"], ["/repo/tie", ""],
                                   ["/repo/dup", ""], ["/repo/dup/", ""]],
                   "codex": [["/repo/cx", ""]]}},
        {"procs": {"claude-code": [["/repo/app", ""], ["/repo/notty", "/dev/pts/7"],
                                   ["/repo/notty", "/dev/pts/8"], ["/repo/tie", ""], ["/repo/tie", ""],
                                   ["//repo/dup", ""]],
                   "codex": [["/repo/cx", ""], ["/repo/cx", ""]]}},
    ],
)

# ---------------------------------------------------------------- §4.2 registry reads

scenario(
    "read_codex_permission_wait",
    "A codex row whose last event is a bare PermissionRequest turns waiting (kind permission) "
    "once now − last_active is strictly over 10 s (working at 10.0, waiting at 10.5); "
    "waiting_detail = a non-empty string stash whatever its age, else the row's own; 'claude', "
    "capitalised or other providers, other statuses and other last events are not promoted; "
    "liveness still applies afterwards.",
    files=[
        {"path": "$HOME/.config/ring/sessions/codex:stale-stash.json", "json": {
            "session_id": "codex:stale-stash", "provider": "codex", "cwd": "/repo", "origin_cwd": "/repo",
            "status": "working", "last_event": "PermissionRequest", "last_active": 1699999000.0,
            "heartbeat_at": 1699999000.0, "last_action": "—",
            "pending_permission_detail": "rm -rf build", "pending_permission_detail_at": 1699999000.0}},
        {"path": "$HOME/.config/ring/sessions/codex:numeric-stash.json", "json": {
            "session_id": "codex:numeric-stash", "provider": "codex", "cwd": "/repo",
            "status": "working", "last_event": "PermissionRequest", "last_active": "1699999000",
            "pending_permission_detail": 5, "waiting_detail": "own detail", "waiting_kind": "plan"}},
        {"path": "$HOME/.config/ring/sessions/codex:idle.json", "json": {
            "session_id": "codex:idle", "provider": "codex", "cwd": "/repo",
            "status": "idle", "last_event": "PermissionRequest", "last_active": 1699999000.0}},
        {"path": "$HOME/.config/ring/sessions/codex:upper.json", "json": {
            "session_id": "codex:upper", "provider": "Codex", "cwd": "/repo",
            "status": "working", "last_event": "PermissionRequest", "last_active": 1699999000.0}},
        {"path": "$HOME/.config/ring/sessions/codex:other-event.json", "json": {
            "session_id": "codex:other-event", "provider": "codex", "cwd": "/repo",
            "status": "working", "last_event": "permissionrequest", "last_active": 1699999000.0}},
        {"path": "$HOME/.config/ring/sessions/claude-row.json", "json": {
            "session_id": "claude-row", "provider": "claude", "cwd": "/repo",
            "status": "working", "last_event": "PermissionRequest", "last_active": 1699999000.0}},
        {"path": "$HOME/.config/ring/sessions/codex:spaced.json", "json": {
            "session_id": "codex:spaced", "provider": "codex ", "cwd": "/repo",
            "status": "working", "last_event": "PermissionRequest", "last_active": 1699999000.0}},
        {"path": "$HOME/.config/ring/sessions/codex:waiting.json", "json": {
            "session_id": "codex:waiting", "provider": "codex", "cwd": "/repo", "status": "waiting",
            "waiting_kind": "question", "waiting_detail": "Continue?",
            "last_event": "PermissionRequest", "last_active": 1699999000.0,
            "pending_permission_detail": "ls"}},
        {"path": "$HOME/.config/ring/sessions/codex:no-event.json", "json": {
            "session_id": "codex:no-event", "provider": "codex", "cwd": "/repo",
            "status": "working", "last_active": 1699999000.0}},
    ],
    steps=[
        hook("thread-1", "PermissionRequest", provider="codex", cwd="/repo",
             tool_name="Bash", tool_input={"command": "cp /tmp/fix.py app.py"}),
        hook("thread-2", "PermissionRequest", provider="codex", cwd="/repo", tool_name="Bash"),
        hook("thread-3", "PreToolUse", provider="codex", cwd="/repo",
             tool_name="Bash", tool_input={"command": "ls"}),
    ],
    reads=[
        {"advance_seconds": 10.0},
        {"advance_seconds": 0.5},
        {"advance_seconds": 100},
        {"procs": {"claude-code": None, "codex": []}},
    ],
)

scenario(
    "read_bare_session_start",
    "A row without a tty whose last_event is SessionStart is shown ended once now − last_active "
    "is strictly over 120 s (whatever its status or provider); rows with a tty, without "
    "last_event or with another last event are untouched; the next event brings it back.",
    files=[
        {"path": "$HOME/.config/ring/sessions/hand-waiting.json", "json": {
            "session_id": "hand-waiting", "cwd": "/repo", "status": "waiting",
            "last_event": "SessionStart", "last_active": 1700000000.0, "tty": ""}},
        {"path": "$HOME/.config/ring/sessions/hand-no-event.json", "json": {
            "session_id": "hand-no-event", "cwd": "/repo", "status": "working",
            "last_active": 1700000000.0}},
        {"path": "$HOME/.config/ring/sessions/hand-space-tty.json", "json": {
            "session_id": "hand-space-tty", "cwd": "/repo", "status": "working",
            "last_event": "SessionStart", "last_active": 1700000000.0, "tty": " "}},
        {"path": "$HOME/.config/ring/sessions/hand-event-space.json", "json": {
            "session_id": "hand-event-space", "cwd": "/repo", "status": "idle",
            "last_event": "SessionStart ", "last_active": 1700000000.0}},
        {"path": "$HOME/.config/ring/sessions/hand-string-time.json", "json": {
            "session_id": "hand-string-time", "cwd": "/repo", "status": "working",
            "last_event": "SessionStart", "last_active": "1700000000"}},
        {"path": "$HOME/.config/ring/sessions/hand-lower.json", "json": {
            "session_id": "hand-lower", "cwd": "/repo", "status": "working",
            "last_event": "sessionstart", "last_active": 1700000000.0}},
    ],
    steps=[
        hook("bare", "SessionStart", source="startup"),
        hook("with-tty", "SessionStart", source="startup", tty="/dev/pts/4"),
        hook("prompted", "UserPromptSubmit", prompt="go"),
        hook("gen:bare", "SessionStart", args=["gemini"]),
        hook("codex:bare", "SessionStart", provider="codex"),
        {"action": "read", "advance_seconds": 120},
        {"action": "read", "advance_seconds": 0.5},
        hook("bare", "UserPromptSubmit", advance_seconds=10),
        hook("codex:bare", "SessionStart", provider="codex"),
    ],
    reads=[{"advance_seconds": 60}, {"advance_seconds": 60.5}],
)

scenario(
    "read_hidden_legacy_list",
    "deleted_sessions.json holding a legacy list of ids is migrated on the first read to "
    "{id: now} (non-string and empty items dropped): those rows are hidden (last_active ≤ now) "
    "unless newer than now; a later hook event un-hides its id.",
    steps=[
        hook("s1", "Stop"),
        hook("s2", "Stop", advance_seconds=1),
        hook("s3", "Stop", advance_seconds=1),
        {"action": "files", "advance_seconds": 5, "files": [
            {"path": "$HOME/.config/ring/sessions/future.json", "json": {
                "session_id": "future", "cwd": "/repo/app", "status": "idle",
                "last_active": 1700000100.0}},
            {"path": "$HOME/.config/ring/deleted_sessions.json",
             "json": ["s1", "s3", 5, "", None, "future", "ghost", "s1"]}]},
        {"action": "read"},
        hook("s3", "UserPromptSubmit", advance_seconds=5),
        {"action": "read", "advance_seconds": 1},
        # A legacy list met by the hook: migrated there (hidden at the hook's clock), its own id
        # removed.
        {"action": "files", "advance_seconds": 5, "files": [
            {"path": "$HOME/.config/ring/deleted_sessions.json", "json": ["s2", "s3", "s4"]}]},
        hook("s2", "Stop"),
    ],
    reads=[{"advance_seconds": 1}],
)

scenario(
    "read_registry_nondict_crash",
    "A registry *.json file holding valid JSON that is not an object (list, string, number, "
    "null) makes RiNG's whole read fail; invalid JSON, objects without session_id and "
    "non-.json names are skipped; once the file is an object again the board is back.",
    steps=[
        hook("s1", "Stop"),
        hook("s2", "UserPromptSubmit", advance_seconds=1),
        {"action": "files", "files": [
            {"path": "$HOME/.config/ring/sessions/list.json", "json": [1, 2]}]},
        {"action": "read"},
        {"action": "files", "files": [
            {"path": "$HOME/.config/ring/sessions/list.json", "json": "just text"}]},
        {"action": "read"},
        {"action": "files", "files": [
            {"path": "$HOME/.config/ring/sessions/list.json", "text": "null"}]},
        {"action": "read"},
        {"action": "files", "files": [
            {"path": "$HOME/.config/ring/sessions/list.json", "json": {"status": "idle"}},
            {"path": "$HOME/.config/ring/sessions/other.txt", "json": [1]},
            {"path": "$HOME/.config/ring/sessions/x.json.tmp", "json": [1]},
            {"path": "$HOME/.config/ring/sessions/broken.json", "text": "[1, 2"}]},
        {"action": "read"},
        {"action": "files", "files": [
            {"path": "$HOME/.config/ring/sessions/list.json", "text": "7"}]},
    ],
    reads=[{}],
)

# ---------------------------------------------------------------- §4.4 scan, §4.7 merge

PROJ = "$HOME/.claude/projects"
scenario(
    "scan_dash_fallback_cwd",
    "Zero-config rows: cwd = the last record's cwd, origin_cwd = the first string cwd in the "
    "first 128 KiB; both empty → '/' + folder name without leading dashes, every '-' → '/'; "
    "one empty → the other's value; the fallback cwd is what liveness and project use.",
    files=[
        {"path": f"{PROJ}/-repo-my-app/aaaaaaaa-0000-0000-0000-000000000001.jsonl",
         "lines": [user("go"), text("done")], "age": 10},
        {"path": f"{PROJ}/--double--dash-/aaaaaaaa-0000-0000-0000-000000000002.jsonl",
         "lines": [user("go")], "age": 20},
        {"path": f"{PROJ}/repo-plain/aaaaaaaa-0000-0000-0000-000000000003.jsonl",
         "text": "", "age": 30},
        {"path": f"{PROJ}/---/aaaaaaaa-0000-0000-0000-000000000004.jsonl",
         "lines": [user("go", cwd="")], "age": 40},
        {"path": f"{PROJ}/-repo-ignored/aaaaaaaa-0000-0000-0000-000000000005.jsonl",
         "lines": [user("first", cwd="/repo/origin"), user("later"), text("last without cwd")],
         "age": 50},
        {"path": f"{PROJ}/-repo-ignored/aaaaaaaa-0000-0000-0000-000000000006.jsonl",
         "lines": padded([user("no cwd here")], TAIL + 1000, tail=[user("late", cwd="/repo/late")]),
         "age": 60},
        {"path": f"{PROJ}/-repo-ignored/aaaaaaaa-0000-0000-0000-000000000007.jsonl",
         "lines": [user("first", cwd="/repo/start"), text("moved", cwd="/repo/moved")], "age": 70},
        {"path": f"{PROJ}/-repo-nan/aaaaaaaa-0000-0000-0000-000000000009.jsonl",
         "lines": ['{"type": "user", "cwd": "/repo/nan-origin", "costUSD": NaN, "message": {"content": "go"}}',
                   user("more"), text("last without cwd")], "age": 90},
        {"path": f"{PROJ}/-repo-x/aaaaaaaa-0000-0000-0000-000000000008.jsonl",
         "lines": ["not json", {"cwd": 5, "type": "user", "message": {"content": "x"}},
                   {"type": "system", "cwd": "", "subtype": "x"}], "age": 80},
    ],
    reads=[
        {"procs": {"claude-code": [], "codex": []}},
        {"procs": {"claude-code": [["/repo/my/app", "/dev/pts/1"], ["/double//dash/", ""],
                                   ["/repo/late", ""], ["/repo/moved", ""]], "codex": []}},
    ],
)

scenario(
    "scan_synthetic_rows",
    "Each live Claude process cwd (non-empty) whose realpath matches no zero-config scan row's "
    "cwd gets one row synthetic:<process cwd> (idle, now, tty = first non-empty tty among "
    "processes with that exact cwd); hook rows do not count, transcripts past the active window "
    "do not count, codex processes and an unknown Claude scan make none; a hidden synthetic row "
    "stays hidden only while its last_active (now) is not after hidden_at.",
    files=[
        {"path": f"{PROJ}/-repo-e/bbbbbbbb-0000-0000-0000-000000000001.jsonl",
         "lines": [user("go", cwd="/repo/e")], "age": 30},
        {"path": f"{PROJ}/-repo-f/bbbbbbbb-0000-0000-0000-000000000002.jsonl",
         "lines": [user("go", cwd="/repo/f")], "age": 6 * 3600 + 5},
        {"path": f"{PROJ}/-repo-h/bbbbbbbb-0000-0000-0000-000000000003.jsonl",
         "lines": [user("go", cwd="/repo/h/sub")], "age": 40},
        {"path": f"{PROJ}/-real/bbbbbbbb-0000-0000-0000-000000000004.jsonl",
         "lines": [user("go", cwd="$HOME/real")], "age": 50},
        {"path": "$HOME/real", "dir": True},
        {"path": "$HOME/link", "symlink_to": "$HOME/real"},
    ],
    steps=[hook("hook-d", "Stop", cwd="/repo/d", tty="/dev/pts/20"),
           {"action": "hide", "session_id": "synthetic:/repo/a"}],
    reads=[
        {"procs": {"claude-code": [
            ["/repo/a", "/dev/pts/1"], ["/repo/a", "/dev/pts/2"],
            ["/repo/b", ""], ["/repo/b", "/dev/pts/4"],
            ["", "/dev/pts/5"],
            ["/repo/c", ""], ["/repo/c/", "/dev/pts/6"],
            ["/repo/d", "/dev/pts/20"],
            ["/repo/e", "/dev/pts/7"],
            ["/repo/f", ""],
            ["/repo/h", "/dev/pts/8"],
            ["$HOME/link", "/dev/pts/9"],
            ["/repo/g/../g2", ""]],
            "codex": [["/repo/codex-only", "/dev/pts/10"]]}},
        {"procs": {"claude-code": None, "codex": [["/repo/codex-only", "/dev/pts/10"]]}},
        {"advance_seconds": 30, "procs": {"claude-code": [["/repo/a", ""], ["/repo/a", ""]], "codex": []}},
    ],
)

SID = {k: f"cccccccc-0000-0000-0000-{i:012d}" for i, k in enumerate(
    ["perm_working", "perm_endturn", "question_working", "question_endturn", "equal", "claude_alias",
     "ended_scan", "not_waiting", "scan_tty", "hook_ended"], start=1)}


def tpath(key, cwd_dir="-repo-app"):
    return f"{PROJ}/{cwd_dir}/{SID[key]}.jsonl"


PROMPT = [user("go", cwd="/repo/app"), text("Shall I?", cwd="/repo/app"), user("yes, go on", cwd="/repo/app")]
ENDTURN = [user("go", cwd="/repo/app"), text("All done.", cwd="/repo/app")]

CODEX_TAILS = {
    "working": [{"type": "event_msg", "payload": {"type": "task_started"}},
                {"type": "event_msg", "payload": {"type": "user_message", "message": "go on"}}],
    "complete": [{"type": "event_msg", "payload": {"type": "agent_message", "message": "Done."}},
                 {"type": "event_msg", "payload": {"type": "task_complete"}}],
    "undecided": [{"type": "session_meta", "payload": {"id": "x"}}],
}
# (thread id, rollout tail, age relative to the start: negative = updated after the hook rows)
CODEX_THREADS = [("cx-perm", "working", -20), ("cx-done", "complete", -20), ("cx-none", "undecided", -20),
                 ("cx-old", "working", 10), ("cx-q", "complete", -20), ("cx-q2", "working", -20)]

scenario(
    "merge_scan_clears_stale_waiting",
    "A hook waiting row is replaced by the zero-config row of the same id when that row is newer "
    "(strictly), of the same provider string, not waiting, and its tail is a real prompt "
    "(working) or an end_turn (waiting) — except an end_turn for a question wait; the "
    "replacement keeps its own fields but takes the hook row's tty when it has none, even when "
    "it is ended. Non-waiting hook rows always win, an ended one too. Codex threads (rollout tails) replace a "
    "promoted codex permission wait the same way.",
    files=[
        {"path": f"$HOME/rollouts/{n}.jsonl", "lines": recs} for n, recs in CODEX_TAILS.items()
    ],
    codex_threads=[
        {"id": tid, "cwd": "/repo/cx", "title": f"thread {tid}", "rollout_path": f"$HOME/rollouts/{tail}.jsonl",
         "age": age}
        for tid, tail, age in CODEX_THREADS
    ],
    steps=[
        *[hook(tid, "PermissionRequest", provider="codex", cwd="/repo/cx", tool_name="Bash",
               tool_input={"command": f"make {tid}"}) for tid in ("cx-perm", "cx-done", "cx-none", "cx-old")],
        *[hook(tid, "Stop", provider="codex", cwd="/repo/cx", last_assistant_message="Continue?")
          for tid in ("cx-q", "cx-q2")],
        hook(SID["perm_working"], "Notification", notification_type="permission_prompt",
             message="Claude needs your permission", tty="/dev/pts/1"),
        hook(SID["perm_endturn"], "Notification", notification_type="permission_prompt",
             message="Claude needs your permission", tty="/dev/pts/2"),
        hook(SID["question_working"], "Stop", last_assistant_message="Shall I go on?"),
        hook(SID["question_endturn"], "Stop", last_assistant_message="Which one?"),
        hook(SID["equal"], "Notification", notification_type="permission_prompt", message="m"),
        hook(SID["ended_scan"], "Notification", notification_type="permission_prompt", message="m",
             tty="/dev/pts/3"),
        hook(SID["not_waiting"], "PreToolUse", tool_name="Bash", tool_input={"command": "ls"}),
        hook(SID["scan_tty"], "Notification", notification_type="permission_prompt", message="m",
             cwd="/repo/solo", tty="/dev/pts/4"),
        hook(SID["hook_ended"], "Notification", notification_type="permission_prompt", message="m",
             cwd="/repo/nolive"),
        {"action": "files", "files": [
            {"path": f"$HOME/.config/ring/sessions/{SID['claude_alias']}.json", "json": {
                "session_id": SID["claude_alias"], "provider": "claude", "cwd": "/repo/app",
                "status": "waiting", "waiting_kind": "permission", "last_event": "Notification",
                "last_active": 1700000000.0}},
            {"path": tpath("equal"), "lines": PROMPT}]},
        {"action": "files", "advance_seconds": 30, "files": [
            {"path": tpath("perm_working"), "lines": PROMPT},
            {"path": tpath("perm_endturn"), "lines": ENDTURN},
            {"path": tpath("question_working"), "lines": PROMPT},
            {"path": tpath("question_endturn"), "lines": ENDTURN},
            {"path": tpath("claude_alias"), "lines": PROMPT},
            {"path": tpath("ended_scan", "-repo-gone"),
             "lines": [user("go", cwd="/repo/gone"), user("again", cwd="/repo/gone")]},
            {"path": tpath("not_waiting"), "lines": PROMPT},
            {"path": tpath("scan_tty", "-repo-solo"), "lines": [user("go", cwd="/repo/solo")]},
            {"path": tpath("hook_ended"), "lines": PROMPT}]},
    ],
    reads=[
        {"procs": {"claude-code": [["/repo/app", ""]] * 10 + [["/repo/solo", "/dev/pts/9"]],
                   "codex": [["/repo/cx", ""]] * 6}},
        {"advance_seconds": 100,
         "procs": {"claude-code": [["/repo/app", ""]] * 10 + [["/repo/solo", "/dev/pts/9"]],
                   "codex": [["/repo/cx", ""]] * 6}},
    ],
)


def main():
    names = [s["name"] for s in SCENARIOS]
    assert len(names) == len(set(names))
    with open(os.path.join(HERE, "scenarios.json"), "w", encoding="utf-8") as f:
        json.dump(SCENARIOS, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
