"""Shared pieces of the real-agent end-to-end suites (stdlib only, Python 3.11).

A `Harness` owns one throwaway world: a temporary root with its own HOME, project folder and
ring folder, a private tmux server (`tmux -L <socket>`, killed by its socket at the end) with
ring.tmux loaded, and optionally a mock API server (killed by its pid). It reads what a person
sees (`capture-pane`), what ring's board says (`ring-tmux json --all`) and the pane's badge
(`@ring_state` / `@ring_kind`), polls with deadlines, and records one line per step.
"""
from __future__ import annotations

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
        if not self.mock_log.exists():
            return []
        return [json.loads(l) for l in self.mock_log.read_text().splitlines() if l.strip()]

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

    # ---- payload logs ------------------------------------------------------------------
    def ring_payloads(self) -> list[dict]:
        p = self.ring_home / "hook_payloads.jsonl"
        if not p.exists():
            return []
        return [json.loads(l) for l in p.read_text().splitlines() if l.strip()]

    def agent_payloads(self) -> list[dict]:
        if not self.recorded.exists():
            return []
        out = []
        for l in self.recorded.read_text().splitlines():
            if l.strip():
                try:
                    out.append(json.loads(l))
                except ValueError:
                    pass
        return out

    # ---- teardown ----------------------------------------------------------------------
    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], env=self.base_env(),
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
    if "? for shortcuts" in footer or re.search(r"^❯", tail, re.M):
        text = last_assistant_text(screen)
        if text.endswith("?"):
            return "waiting", "question"
        return "idle", ""
    return "unknown", ""


def fmt(state: str, kind: str) -> str:
    return f"{state}/{kind}" if kind else state
