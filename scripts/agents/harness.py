"""Shared pieces of the real-agent end-to-end suites (stdlib only, Python 3.11).

A `Harness` owns one throwaway world: a temporary root with its own HOME, project folder and
ring folder, a private tmux server (`tmux -L <socket>`, killed by its socket at the end) with
ring.tmux loaded, and optionally a mock API server (killed by its pid). It reads what a person
sees (`capture-pane`), what ring's board says (`ring-tmux json --all`) and the pane's badge
(`@ring_state` / `@ring_kind`), polls with deadlines, and records one line per step.

What the suites share is here too: `AgentRun`, the step driver of the Claude and Gemini
suites (screen-wait, ring-wait, the late window, the step record) that their runs subclass
with the agent's own screen states, launch and fixtures; `suite_main`, their command line and
scenario loop; `Tally` and `poll_match`, the Codex and OpenCode suites' lines and ring-wait;
`late_note` (also zellij_scenario.py's) and `finish`, the `N passed, M failed` line.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RING_BIN = os.environ.get("RING_BIN", str(REPO / "target/debug/ring-tmux"))
AGENTS_BIN = os.environ.get(
    "RING_AGENTS_BIN", os.path.expanduser("~/.cache/ring-ci/agents/node_modules/.bin"))
RING_TMUX_PLUGIN = str(REPO / "ring.tmux")
SHELL_PROMPT = "ring-shell$ "
# tmux drops PS1 from the environment it gives panes: set it in the pane's command.
SHELL_CMD = "env PS1='ring-shell$ ' /bin/bash --norc --noprofile"

# Events Claude Code can send to command hooks that carry nothing risky when a hook prints
# nothing (WorktreeCreate, Elicitation… change behaviour with a hook, so they are left out).
RECORDED_EVENTS = [
    "SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse",
    "PostToolUseFailure", "PostToolBatch", "Notification", "PermissionRequest",
    "PermissionDenied", "Stop", "StopFailure", "SubagentStart", "SubagentStop", "PreCompact",
    "PostCompact",
]

RECORDER_SOURCE = r'''#!/usr/bin/env python3
# Appends the raw hook payload on stdin as one JSON line (one write on an O_APPEND file).
import json, os, sys, time
raw = sys.stdin.buffer.read()
try:
    payload = json.loads(raw)
except ValueError:
    payload = {"_unparsed": raw.decode("utf-8", "replace")}
line = json.dumps({"t": time.time(), "payload": payload}) + "\n"
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
os.write(fd, line.encode())
os.close(fd)
'''


def now() -> float:
    return time.time()


# The canary (scripts/e2e-agents.sh --canary) sets this: every scenario appends the shapes of
# the hook payloads ring received (agent, event, top-level field names) to this file.
SHAPES_LOG = os.environ.get("RING_E2E_SHAPES", "")


def save_shapes(scenario: str, ring_home: Path, extra: list[tuple[str, dict]] = ()) -> None:
    """Appends one line per distinct (agent, event, field names) of the payloads ring's hook
    logged in `ring_home/hook_payloads.jsonl`, plus `extra` (agent, raw payload) pairs from a
    recording hook; nothing without RING_E2E_SHAPES."""
    if not SHAPES_LOG:
        return
    seen = set()
    pairs = [(l.get("provider", "?"), l.get("payload")) for l in
             read_jsonl(ring_home / "hook_payloads.jsonl")]
    for agent, payload in [*pairs, *extra]:
        if not isinstance(payload, dict):
            continue
        event = next((payload[k] for k in ("hook_event_name", "hookEventName", "event",
                                            "event_name") if isinstance(payload.get(k), str)), "?")
        seen.add((agent, event, tuple(sorted(payload))))
    with open(SHAPES_LOG, "a") as f:
        for agent, event, fields in sorted(seen):
            f.write(json.dumps({"scenario": scenario, "agent": agent, "event": event,
                                "fields": list(fields)}) + "\n")


def read_jsonl(path: Path) -> list:
    """A JSON-lines file's records (none when it is missing; a line that is not JSON, such
    as one still being written, is passed over)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def wait_until(fn, timeout: float, interval: float = 0.1):
    """Calls fn until it returns a truthy value or the deadline passes; returns (ok, last)."""
    deadline = now() + timeout
    last = None
    while True:
        last = fn()
        if last:
            return True, last
        if now() >= deadline:
            return False, last
        time.sleep(interval)


@dataclass
class StepResult:
    scenario: str
    step: str
    ok: bool
    screen: str
    board: str
    badge: str
    expected: str
    note: str = ""

    def line(self) -> str:
        word = "PASS" if self.ok else "FAIL"
        s = (f"{word} {self.scenario}/{self.step}: screen={self.screen} "
             f"ring_board={self.board} badge={self.badge}")
        if not self.ok:
            s += f" (expected {self.expected})"
        if self.note:
            s += f" [{self.note}]"
        return s


@dataclass
class Recorder:
    results: list = field(default_factory=list)

    def add(self, r: StepResult) -> None:
        self.results.append(r)
        print(r.line(), flush=True)

    def summary(self) -> tuple[int, int]:
        passed = sum(1 for r in self.results if r.ok)
        return passed, len(self.results) - passed


class Harness:
    def __init__(self, name: str, keep: bool = False, hooks: bool = True,
                 record_hooks: bool = True):
        self.name = name
        self.keep = keep
        self.root = Path(tempfile.mkdtemp(prefix=f"ring-claude-{name}-"))
        self.home = self.root / "home"
        self.work = self.root / "proj"
        self.tmp = self.root / "tmp"
        self.ring_home = self.home / ".config" / "ring"
        for d in (self.home, self.work, self.tmp, self.ring_home):
            d.mkdir(parents=True, exist_ok=True)
        self.socket = f"ring-agents-{os.getpid()}-{name}"
        # A second tmux server whose one pane is a client attached to ours (attach_client):
        # tmux runs the status line, and so ring's status job, only for an attached client.
        self.outer_socket = self.socket + "-outer"
        self.mock_proc: subprocess.Popen | None = None
        self.mock_port: int | None = None
        self.mock_log = self.root / "mock_requests.jsonl"
        self.recorded = self.root / "agent_hooks.jsonl"
        self.hooks = hooks
        self.record_hooks = record_hooks
        self.path_dirs = [str(self.home / ".local/bin"), "/usr/local/bin", "/usr/bin", "/bin"]
        self.extra_env: dict[str, str] = {}
        (self.ring_home / "config.toml").write_text("debug_payload_log = true\n")

    # ---- environment -------------------------------------------------------------------
    def base_env(self) -> dict[str, str]:
        env = {
            "HOME": str(self.home),
            "PATH": ":".join(self.path_dirs),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
            "TMPDIR": str(self.tmp),
            "PS1": SHELL_PROMPT,
            "USER": os.environ.get("USER", "root"),
            "SHELL": "/bin/bash",
        }
        env.update(self.extra_env)
        return env

    def install_hooks(self) -> str:
        (self.home / ".claude").mkdir(exist_ok=True)
        out = subprocess.run([RING_BIN, "install-hooks", "--yes"], env=self.base_env(),
                             capture_output=True, text=True, timeout=30)
        if out.returncode != 0:
            raise RuntimeError(f"install-hooks failed: {out.stdout}{out.stderr}")
        return out.stdout

    def add_recorder_hooks(self) -> None:
        """Adds, next to ring's hooks, a recorder for every event (ring's untouched)."""
        rec = self.root / "record_hook.py"
        rec.write_text(RECORDER_SOURCE)
        rec.chmod(0o755)
        settings_path = self.home / ".claude" / "settings.json"
        settings = json.loads(settings_path.read_text()) if settings_path.exists() else {}
        hooks = settings.setdefault("hooks", {})
        cmd = f"/usr/bin/env python3 {shlex.quote(str(rec))} {shlex.quote(str(self.recorded))}"
        for event in RECORDED_EVENTS:
            hooks.setdefault(event, []).append(
                {"hooks": [{"type": "command", "command": cmd, "timeout": 30}]})
        settings_path.write_text(json.dumps(settings, indent=2))

    def write_claude_json(self, api_key: str, extra: dict | None = None) -> None:
        data = {
            "hasCompletedOnboarding": True,
            "numStartups": 5,
            "projects": {str(self.work): {"hasTrustDialogAccepted": True,
                                          "hasCompletedProjectOnboarding": True}},
            "customApiKeyResponses": {"approved": [api_key[-20:]], "rejected": []},
        }
        if extra:
            data.update(extra)
        (self.home / ".claude.json").write_text(json.dumps(data, indent=2))

    # ---- mock server -------------------------------------------------------------------
    def start_mock(self, script: Path) -> int:
        port_file = self.root / "mock.port"
        self.mock_proc = subprocess.Popen(
            [sys.executable, str(script), "--port", "0", "--log", str(self.mock_log),
             "--port-file", str(port_file)],
            stdout=subprocess.DEVNULL, stderr=open(self.root / "mock.stderr", "w"))
        ok, _ = wait_until(port_file.exists, 10)
        if not ok:
            raise RuntimeError("mock server did not start")
        self.mock_port = int(port_file.read_text())
        return self.mock_port

    def mock_requests(self) -> list[dict]:
        return read_jsonl(self.mock_log)

    # ---- tmux --------------------------------------------------------------------------
    def tmux(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                             env=self.base_env(), capture_output=True, text=True, timeout=20)
        if check and out.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {out.stderr.strip()}")
        return out.stdout

    def start_tmux(self) -> str:
        self.tmux("new-session", "-d", "-s", "main", "-x", "200", "-y", "50",
                  "-c", str(self.work), SHELL_CMD)
        self.tmux("set", "-g", "history-limit", "5000")
        self.tmux("set", "-g", "@ring-bin", RING_BIN)
        self.tmux("run-shell", RING_TMUX_PLUGIN)
        loaded = self.tmux("show", "-gqv", "@ring_loaded").strip()
        if not loaded:
            raise RuntimeError("ring.tmux did not load (@ring_loaded empty)")
        self.pane = self.tmux("list-panes", "-t", "main", "-F", "#{pane_id}").split()[0]
        self.pane_pid = int(self.tmux("list-panes", "-t", "main", "-F", "#{pane_pid}").split()[0])
        self.wait_screen(lambda s: SHELL_PROMPT.strip() in s, 10, "shell prompt")
        return self.pane

    def start_tmux_attached(self) -> str:
        """start_tmux with a status line and window badges through ring's placeholders, set
        before ring.tmux loads, and a client attached (attach_client)."""
        self.tmux("new-session", "-d", "-s", "main", "-x", "200", "-y", "50",
                  "-c", str(self.work), SHELL_CMD)
        self.tmux("set", "-g", "status-right", "#{ring_status} |")
        self.tmux("set", "-g", "window-status-format", " #I:#W #{ring_badge}")
        self.tmux("set", "-g", "window-status-current-format", " #I:#W #{ring_badge}")
        self.tmux("set", "-g", "@ring-bin", RING_BIN)
        self.tmux("run-shell", RING_TMUX_PLUGIN)
        if not self.tmux("show", "-gqv", "@ring_loaded").strip():
            raise RuntimeError("ring.tmux did not load")
        self.pane = self.tmux("list-panes", "-t", "main", "-F", "#{pane_id}").split()[0]
        self.pane_pid = int(self.tmux("list-panes", "-t", "main", "-F", "#{pane_pid}").split()[0])
        self.attach_client()
        self.wait_screen(lambda s: SHELL_PROMPT.strip() in s, 15, "shell prompt")
        return self.pane

    def attach_client(self, *session: str) -> None:
        """A client attached to session `main`, as the one pane of the outer tmux server
        (`session`: its new-session's `-s NAME`, if any)."""
        subprocess.run(["tmux", "-L", self.outer_socket, "-f", "/dev/null", "new-session", "-d",
                        *session, "-x", "200", "-y", "52",
                        f"env -u TMUX tmux -L {self.socket} attach -t main"],
                       env=self.base_env(), check=True, timeout=20)

    def outer_status(self) -> str:
        """The attached client's last line: tmux's status line as a person sees it."""
        out = subprocess.run(["tmux", "-L", self.outer_socket, "capture-pane", "-p"],
                             env=self.base_env(), capture_output=True, text=True, timeout=10)
        lines = [l for l in out.stdout.splitlines() if l.strip()]
        return lines[-1].rstrip() if lines else ""

    def send_text(self, text: str, enter: bool = True) -> None:
        self.tmux("send-keys", "-t", self.pane, "-l", text)
        if enter:
            time.sleep(0.3)
            self.tmux("send-keys", "-t", self.pane, "Enter")

    def send_keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.pane, *keys)

    def capture(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.pane)

    def wait_screen(self, pred, timeout: float, what: str = "") -> str:
        ok, _ = wait_until(lambda: pred(self.capture()), timeout, 0.15)
        screen = self.capture()
        if not ok:
            raise TimeoutError(f"screen never showed {what!r}; last screen:\n{screen}")
        return screen

    def badge(self) -> tuple[str, str]:
        out = self.tmux("list-panes", "-a", "-F", "#{pane_id}\t#{@ring_state}\t#{@ring_kind}")
        for line in out.splitlines():
            parts = line.split("\t")
            if parts[0] == self.pane:
                return parts[1], parts[2] if len(parts) > 2 else ""
        return "", ""

    # ---- ring --------------------------------------------------------------------------
    def board(self) -> list[dict]:
        out = subprocess.run([RING_BIN, "json", "--all"], env=self.base_env(),
                             capture_output=True, text=True, timeout=20)
        try:
            return json.loads(out.stdout).get("sessions", [])
        except ValueError:
            return [{"session_id": "?", "status": "unreadable", "cwd": "",
                     "_stderr": out.stderr}]

    def rows_here(self) -> list[dict]:
        work = os.path.realpath(self.work)
        return [r for r in self.board()
                if os.path.realpath(r.get("cwd") or "/nonexistent") == work]

    # ---- processes ---------------------------------------------------------------------
    def children(self, pid: int) -> list[int]:
        kids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                kids.append(int(entry))
        return kids

    def agent_pid(self, comm_prefix: str = "claude") -> int | None:
        for kid in self.children(self.pane_pid):
            info = proc_info(kid)
            if info and (info["comm"].startswith(comm_prefix)
                         or comm_prefix in " ".join(info["cmdline"])):
                return kid
        return None

    def placeholders(self) -> list[tuple[str, str]]:
        """The throwaway world's folders and what fixtures write instead of them."""
        return [(str(self.work), "/WORK"), (str(self.home), "/HOME"), (str(self.tmp), "/TMP"),
                (str(self.root), "/ROOT")]

    # ---- payload logs ------------------------------------------------------------------
    def ring_payloads(self) -> list[dict]:
        return read_jsonl(self.ring_home / "hook_payloads.jsonl")

    def agent_payloads(self) -> list[dict]:
        return read_jsonl(self.recorded)

    # ---- teardown ----------------------------------------------------------------------
    def close(self) -> None:
        # The recording hook's payloads (every event, not only ring's) are its agent's: the
        # one agent whose payloads ring logged here.
        agents = {l.get("provider") for l in self.ring_payloads()}
        agent = agents.pop() if len(agents) == 1 else None
        recorded = [(agent, r.get("payload")) for r in self.agent_payloads()] if agent else []
        save_shapes(self.name, self.ring_home, recorded)
        # The outer server first (its client would outlive ours by a moment); nothing to kill
        # when no client was attached.
        for socket in (self.outer_socket, self.socket):
            subprocess.run(["tmux", "-L", socket, "kill-server"], env=self.base_env(),
                           capture_output=True, timeout=20)
        if self.mock_proc and self.mock_proc.poll() is None:
            os.kill(self.mock_proc.pid, signal.SIGTERM)
            try:
                self.mock_proc.wait(5)
            except subprocess.TimeoutExpired:
                os.kill(self.mock_proc.pid, signal.SIGKILL)
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)


def proc_info(pid: int) -> dict | None:
    try:
        comm = Path(f"/proc/{pid}/comm").read_text().strip()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        exe = os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return None
    return {"pid": pid, "comm": comm,
            "cmdline": [c.decode("utf-8", "replace") for c in cmdline if c],
            "exe": exe}


def proc_details(pid: int) -> dict:
    info = proc_info(pid) or {}
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat.rsplit(")", 1)[1].split()
        info["ppid"] = int(fields[1])
        info["tty_nr"] = int(fields[4])
        info["starttime_ticks"] = int(fields[19])
    except OSError:
        pass
    try:
        info["cwd"] = os.readlink(f"/proc/{pid}/cwd")
        info["fd0"] = os.readlink(f"/proc/{pid}/fd/0")
    except OSError:
        pass
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        keys = {}
        for e in env:
            k, _, v = e.decode("utf-8", "replace").partition("=")
            if k in ("TMUX", "TMUX_PANE", "CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "TERM"):
                keys[k] = v
        info["env"] = keys
    except OSError:
        pass
    return info


# ---- screen reading ----------------------------------------------------------------------
def last_assistant_text(screen: str) -> str:
    """The last `● ` paragraph on screen (Claude's last text or tool line)."""
    lines = screen.splitlines()
    start = None
    for i, line in enumerate(lines):
        if line.startswith("● "):
            start = i
    if start is None:
        return ""
    para = [lines[start][2:].strip()]
    for line in lines[start + 1:]:
        if not line.strip() or line.startswith(("✻", "─", "❯", "●", "⎿")) or \
                re.match(r"^\S", line):
            break
        para.append(line.strip())
    return " ".join(para).strip()


def claude_screen_state(screen: str) -> tuple[str, str]:
    """What a person sees in a pane running Claude Code 2.1.x: (state, kind)."""
    lines = [l for l in screen.splitlines() if l.strip()]
    tail = "\n".join(lines[-30:])
    if "Exit plan mode?" in tail or "Would you like to proceed?" in tail:
        return "waiting", "plan"
    if "Enter to select" in tail and "to navigate" in tail:
        return "waiting", "question"
    if re.search(r"Do you want to (proceed|make this edit|create|allow)", tail):
        return "waiting", "permission"
    # The shell's prompt below Claude's last input line: Claude is gone (after /exit the
    # prompt is the last line; after a kill -9 it lands inside Claude's last drawn frame).
    shell_at = [i for i, l in enumerate(lines) if l.startswith(SHELL_PROMPT.strip())]
    input_at = [i for i, l in enumerate(lines) if l.startswith("❯")]
    if shell_at and (not input_at or shell_at[-1] > input_at[-1]):
        return "ended", ""
    footer = "\n".join(lines[-3:])
    if "esc to interrupt" in footer:
        return "working", ""
    # Background agents still running: the footer offers "↓ to manage" them and lists them
    # below it (`● main`, `◯ general-purpose  Busy work  14s · ↓ 100 tokens`); the prompt box
    # is free, the session is not done ("Waiting for 1 background agent to finish").
    if any("to manage" in l for l in lines[-8:]) and re.search(r"^\s*◯ ", "\n".join(lines[-6:]),
                                                               re.M):
        return "working", ""
    if "? for shortcuts" in footer or re.search(r"^❯", tail, re.M):
        text = last_assistant_text(screen)
        if text.endswith("?"):
            return "waiting", "question"
        return "idle", ""
    return "unknown", ""


def fmt(state: str, kind: str) -> str:
    return f"{state}/{kind}" if kind else state


# ---- the step driver of the Claude and Gemini suites ------------------------------------
ENDED = ("ended", "")


def error_note(e: BaseException) -> str:
    """A broken scenario's note: the exception's type and first line."""
    return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"


def late_note(caught_up, t_screen: float, window: float) -> tuple[str, float | None]:
    """After ring missed its deadline on a step whose screen showed the state: keeps watching
    for up to `window` seconds (0: not at all) whether ring catches up while the screen stays
    so (for the report only: the step failed). `caught_up()` says "moved" (the screen moved
    on), "matched" (ring shows it now) or None. Returns the step's note and, when ring caught
    up, after how many seconds from `t_screen`."""
    seen = None
    if window > 0:
        _, seen = wait_until(caught_up, window, 0.3)
    if seen == "matched":
        late = round(now() - t_screen, 1)
        return f"ring matched only after {late} s", late
    if seen == "moved":
        return "ring never matched while the screen stayed so", None
    return f"ring still differs {window:.0f} s later", None


class AgentRun:
    """One scenario of a suite that drives an agent in a Harness's tmux (a client attached)
    and compares every step's screen with ring's board row and the pane's badge.

    A subclass knows its agent: `screen_state(screen)` (what a person sees: (state, kind)),
    `setup()`, `start_step()`, `describe(payload)` (a hook payload in a step record),
    `save_fixtures()`, and EXIT_COMMAND; it may add `after_screen()` (once the screen showed a
    step's state), `step_extras()` (more keys for the step record) and `board_row(rows)`."""

    EXIT_COMMAND = "/exit"
    ROW_KEYS = ("session_id", "status", "waiting_kind", "tmux_pane")  # of rows_here in records
    SHOW_SOURCE = False  # extra rows named with their source: `id=status(source)`
    LATE_SECONDS = False  # a late match's seconds as the record's ring_match_seconds
    ring_deadline = 3.0  # how long ring may take to show what the screen shows
    late_window = 12.0  # after a miss, how long to keep watching (for the report only)

    def __init__(self, rec: Recorder, scenario: str, harness_name: str, keep: bool,
                 hooks: bool = True, write_fixtures: bool = True):
        self.rec = rec
        self.scenario = scenario
        self.h = Harness(harness_name, keep=keep, hooks=hooks)
        self.hooks = hooks
        self.write_fixtures = write_fixtures
        self.steps: list[dict] = []
        self.sids: list[str] = []  # session ids, in order of start
        self.sid: str | None = None
        self.payload_mark = 0
        self.ring_mark = 0

    def close(self) -> None:
        self.h.close()

    # ---- what the subclass knows -------------------------------------------------------
    def screen_state(self, screen: str) -> tuple[str, str]:
        raise NotImplementedError

    def describe(self, payload: dict) -> str:
        raise NotImplementedError

    def save_fixtures(self) -> None:
        pass

    def after_screen(self) -> None:
        pass

    def step_extras(self) -> dict:
        return {}

    # ---- readings ----------------------------------------------------------------------
    def board_row(self, rows: list[dict]) -> dict | None:
        for r in rows:
            if self.sid and r.get("session_id") == self.sid:
                return r
        return None

    def ring_view(self) -> tuple[str, str, tuple[str, str], tuple[str, str], list[dict]]:
        rows = self.h.rows_here()
        row = self.board_row(rows)
        board = ("absent", "") if row is None else (row.get("status", "?"),
                                                    row.get("waiting_kind") or "")
        badge = self.h.badge()
        return fmt(*board), fmt(*badge), board, badge, rows

    def extra_rows(self, view) -> list[dict]:
        """Live rows of this folder other than the session's own: one agent, one row."""
        rows = view[4]
        row = self.board_row(rows)
        return [r for r in rows if r is not row and r.get("status") != "ended"]

    @staticmethod
    def matches(expect: tuple[str, str], view) -> bool:
        _, _, board, badge, _ = view
        if expect == ENDED:
            return board[0] in ("absent", "ended") and badge[0] in ("", "ended")
        return board == expect and badge == expect

    def payload_since(self, event: str, **fields) -> dict | None:
        for p in self.h.agent_payloads()[self.payload_mark:]:
            pl = p["payload"]
            if pl.get("hook_event_name") == event and all(pl.get(k) == v for k, v in fields.items()):
                return pl
        return None

    # ---- steps -------------------------------------------------------------------------
    def step(self, name: str, action, expect: tuple[str, str], screen_text: str | None = None,
             timeout: float = 40, extra_check=None, note: str = "",
             wait_payload: str | None = None) -> bool:
        """action(); wait until the screen shows `expect` (and `screen_text`); then give ring
        ring_deadline seconds to show `expect` on the board and on the badge (and to pass
        `extra_check(view)`, whose `why` says what failed)."""
        h = self.h
        t0 = time.time()
        if action:
            action()
        err = ""

        def screen_matches():
            s = h.capture()
            return self.screen_state(s) == expect and (screen_text is None or screen_text in s)

        screen_ok, _ = wait_until(screen_matches, timeout, 0.15)
        if not screen_ok:
            err = f"screen never showed {fmt(*expect)}" + (
                f" with {screen_text!r}" if screen_text else "")
        if wait_payload and screen_ok:
            ok, _ = wait_until(lambda: self.payload_since(wait_payload), 30, 0.2)
            if not ok:
                err = f"no {wait_payload} payload within 30 s"
        self.after_screen()
        t_screen = time.time()

        def ring_matches():
            view = self.ring_view()
            return (self.matches(expect, view) and not self.extra_rows(view)
                    and (extra_check is None or extra_check(view)))

        ring_ok, _ = wait_until(ring_matches, self.ring_deadline, 0.2)
        t_ring = time.time()
        # What the line reports: the screen and ring at the deadline (or at the match).
        view = self.ring_view()
        board_s, badge_s, _, _, rows = view
        screen = h.capture()
        shown = self.screen_state(screen)
        late_s, late = "", None
        if not ring_ok and screen_ok:
            def caught_up():
                if self.screen_state(h.capture()) != expect:
                    return "moved"  # the screen moved on: ring can no longer catch up
                return "matched" if ring_matches() else None
            late_s, late = late_note(caught_up, t_screen, self.late_window)
        extra_s = ""
        dups = self.extra_rows(view)
        if dups:
            extra_s = "extra live rows for this folder: " + ", ".join(
                f"{r.get('session_id')}={r.get('status')}"
                + (f"({r.get('source')})" if self.SHOW_SOURCE else "") for r in dups)
        if extra_check is not None and not extra_check(view):
            extra_s = getattr(extra_check, "why", "extra check failed")
        passed = screen_ok and ring_ok and not err
        notes = [n.replace(str(h.work), "/WORK") for n in (note, err, extra_s, late_s) if n]
        self.rec.add(StepResult(self.scenario, name, passed, fmt(*shown), board_s, badge_s,
                                fmt(*expect), "; ".join(notes)))
        time.sleep(0.5)  # the recorder hook (a python start) may land just after ring's
        payloads = h.agent_payloads() if self.hooks else []
        ring_got = h.ring_payloads()
        ring_new = ring_got[self.ring_mark:]
        self.ring_mark = len(ring_got)
        new = payloads[self.payload_mark:]
        first = self.payload_mark
        self.payload_mark = len(payloads)
        self.steps.append({
            "step": name,
            "expected": fmt(*expect),
            "screen": fmt(*shown),
            "ring_board": board_s,
            "badge": badge_s,
            "pass": passed,
            "note": "; ".join(notes),
            "ring_match_seconds": round(t_ring - t_screen, 2) if ring_ok
            else late if self.LATE_SECONDS else None,
            "step_seconds": round(t_ring - t0, 2),
            "payload_lines": [first + i for i in range(len(new))],
            "events": [self.describe(p["payload"]) for p in new],
            "ring_received": [p.get("event") for p in ring_new],
            "rows_here": [{k: r.get(k) for k in self.ROW_KEYS} for r in rows],
            "status_line": " ".join(h.outer_status().split()),
            **self.step_extras(),
            "screen_tail": [l for l in screen.splitlines() if l.strip()][-14:],
        })
        return passed

    # ---- actions -----------------------------------------------------------------------
    def prompt(self, text: str):
        return lambda: self.h.send_text(text)

    def keys(self, *keys: str):
        return lambda: self.h.send_keys(*keys)

    def exit_step(self) -> bool:
        def act():
            self.h.send_text(self.EXIT_COMMAND, enter=False)
            time.sleep(0.6)
            self.h.send_keys("Enter")
        return self.step("exit", act, ENDED)


def finish(rec: Recorder) -> int:
    """The last line, `N passed, M failed`, and the exit code (1 when any failed)."""
    passed, failed = rec.summary()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def suite_main(doc: str, run_class: type[AgentRun], scenarios: dict, agent: str,
               known_gaps: dict | None = None) -> int:
    """The command line of an AgentRun suite: --only NAME[,NAME…] (default: every scenario;
    a known gap runs only when named), --keep, --no-fixtures, --ring-deadline,
    --late-window, --list. `scenarios` (and `known_gaps`): name → (fn(run), keyword arguments
    of run_class). Every scenario gets a fresh run; one that breaks is a failed `error` step,
    never the end of the suite; its fixtures are written (unless --no-fixtures) either way."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--only", default="", help="comma-separated scenario names")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folders")
    ap.add_argument("--no-fixtures", action="store_true", help="do not write fixtures")
    ap.add_argument("--ring-deadline", type=float, default=AgentRun.ring_deadline)
    ap.add_argument("--late-window", type=float, default=AgentRun.late_window,
                    help="after a miss, seconds to keep watching whether ring catches up (0: no)")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    run_class.ring_deadline = args.ring_deadline
    run_class.late_window = args.late_window
    if args.list:
        print("\n".join(scenarios))
        return 0
    names = [n for n in args.only.split(",") if n] or list(scenarios)
    scenarios = {**scenarios, **(known_gaps or {})}
    unknown = [n for n in names if n not in scenarios]
    if unknown:
        print(f"unknown scenario(s): {', '.join(unknown)}; known: {', '.join(scenarios)}")
        return 2
    binary = os.path.join(AGENTS_BIN, agent)
    if not os.access(binary, os.X_OK):
        print(f"{agent} not found at {binary} (set RING_AGENTS_BIN)")
        return 2
    if not os.access(RING_BIN, os.X_OK):
        print(f"ring-tmux not found at {RING_BIN} (set RING_BIN)")
        return 2
    rec = Recorder()
    for name in names:
        fn, opts = scenarios[name]
        run = run_class(rec, name, args.keep, write_fixtures=not args.no_fixtures, **opts)
        try:
            run.setup()
            fn(run)
        except Exception as e:  # a broken scenario is a failure, never a crash of the suite
            rec.add(StepResult(name, "error", False, "?", "?", "?", "-", error_note(e)))
            if os.environ.get("RING_AGENTS_DEBUG"):
                traceback.print_exc()
                print(run.h.capture() if hasattr(run.h, "pane") else "")
        finally:
            try:
                run.save_fixtures()
            except Exception as e:
                print(f"(fixtures of {name} not written: {e})")
            if args.keep:
                print(f"kept {run.h.root} (tmux -L {run.h.socket})")
            run.close()
    return finish(rec)


# ---- the Codex and OpenCode suites' lines -----------------------------------------------
class Tally:
    """The Codex and OpenCode suites' step lines, printed as they come:
    `PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>  (note)`,
    then `N passed, M failed`."""

    def __init__(self) -> None:
        self.results: list[tuple[bool, str]] = []

    def line(self, ok: bool, line: str) -> bool:
        print(line, flush=True)
        self.results.append((ok, line))
        return ok

    def record(self, ok: bool, scenario: str, step: str, screen: str, board: str, badge: str,
               note: str = "") -> bool:
        line = (f"{'PASS' if ok else 'FAIL'} {scenario}/{step}: screen={screen} "
                f"ring_board={board} badge={badge}")
        return self.line(ok, line + (f"  ({note})" if note else ""))

    def finish(self) -> int:
        passed = sum(1 for ok, _ in self.results if ok)
        failed = len(self.results) - passed
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0


def poll_match(observe, matches, deadline: float):
    """Reads `observe()` until `matches(obs)` says (True, notes) or `deadline` seconds have
    passed (read at least once); returns (ok, notes, the last obs)."""
    end = time.time() + deadline
    obs = observe()
    ok, notes = matches(obs)
    while not ok and time.time() < end:
        time.sleep(0.2)
        obs = observe()
        ok, notes = matches(obs)
    return ok, notes, obs
