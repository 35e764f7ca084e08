"""Helpers for the Codex end-to-end harness (codex_scenarios.py): a throwaway HOME with Codex
pointed at the mock Responses API, ring's hooks installed and trusted, a private tmux server
with ring.tmux loaded and a client attached, and readers for the screen, ring's board and the
pane badge.

Stdlib only (Python 3.11). Nothing here touches the caller's HOME, tmux server or processes:
every tmux call names the private socket, and cleanup kills by pid only.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

import harness as H  # noqa: E402
from harness import AGENTS_BIN, RING_BIN  # noqa: E402,F401 (the suites' binaries)
from mock_openai import MockOpenAI  # noqa: E402

CODEX = str(Path(AGENTS_BIN) / "codex")
PERMISSION_WAIT = 2  # codex_permission_wait_seconds in the throwaway ring folder
DEADLINE = 3.0  # how long ring may take to match the screen after an event

# Codex's hook events: hooks.json name -> the name in trust keys and hashes.
CODEX_EVENTS = {
    "PreToolUse": "pre_tool_use",
    "PermissionRequest": "permission_request",
    "PostToolUse": "post_tool_use",
    "PreCompact": "pre_compact",
    "PostCompact": "post_compact",
    "SessionStart": "session_start",
    "SessionEnd": "session_end",
    "UserPromptSubmit": "user_prompt_submit",
    "SubagentStart": "subagent_start",
    "SubagentStop": "subagent_stop",
    "Stop": "stop",
    "Interrupt": "interrupt",
}
# Codex clamps these events' hook timeout to 3 s (a startup warning says so), and hashes the
# clamped value.
CLAMPED_TIMEOUT = {"Interrupt": 3, "SessionEnd": 3}


def snake(event: str) -> str:
    return CODEX_EVENTS.get(event) or re.sub(r"(?<!^)([A-Z])", r"_\1", event).lower()


def hook_hash(event: str, handler: dict, matcher: str | None = None) -> str:
    """Codex 0.169's trusted_hash of one command handler: sha256 over the compact JSON, keys
    sorted, of {"event_name": snake_event, "hooks": [{"async", "command", "timeout", "type"}],
    "matcher"?}; timeout defaults to 600, at least 1, clamped to 3 for Interrupt/SessionEnd."""
    timeout = max(int(handler.get("timeout", 600)), 1)
    if event in CLAMPED_TIMEOUT:
        timeout = min(timeout, CLAMPED_TIMEOUT[event])
    identity: dict = {
        "event_name": snake(event),
        "hooks": [
            {
                "async": bool(handler.get("async", False)),
                "command": handler["command"],
                "timeout": timeout,
                "type": "command",
            }
        ],
    }
    if matcher is not None:
        identity["matcher"] = matcher
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def trust_entries(hooks_json: Path) -> dict[str, str]:
    """`[hooks.state."KEY"] trusted_hash = HASH` entries for every command handler of a
    hooks.json: KEY is `<absolute hooks.json path>:<snake event>:<group index>:<handler index>`."""
    doc = json.loads(hooks_json.read_text())
    entries = {}
    for event, groups in (doc.get("hooks") or {}).items():
        for gi, group in enumerate(groups):
            for hi, handler in enumerate(group.get("hooks") or []):
                if handler.get("type") != "command":
                    continue
                key = f"{hooks_json}:{snake(event)}:{gi}:{hi}"
                entries[key] = hook_hash(event, handler, group.get("matcher"))
    return entries


def read_trust_state(config_toml: Path) -> dict[str, str]:
    import tomllib

    doc = tomllib.loads(config_toml.read_text())
    state = (doc.get("hooks") or {}).get("state") or {}
    return {k: v.get("trusted_hash") for k, v in state.items() if isinstance(v, dict)}


def toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


# ---------------------------------------------------------------- /proc


def proc_stat(pid: int) -> dict | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    rest = stat[stat.rindex(")") + 2 :].split()
    return {
        "pid": pid,
        "comm": stat[stat.index("(") + 1 : stat.rindex(")")],
        "ppid": int(rest[1]),
        "start_ticks": int(rest[19]),
        "cmdline": [c.decode("utf-8", "replace") for c in cmdline if c],
    }


def proc_link(pid: int, what: str) -> str | None:
    try:
        return os.readlink(f"/proc/{pid}/{what}")
    except OSError:
        return None


def proc_env(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    env = {}
    for item in raw.split(b"\0"):
        if b"=" in item:
            k, v = item.split(b"=", 1)
            env[k.decode(errors="replace")] = v.decode(errors="replace")
    return env


def all_pids() -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def proc_fds(pid: int) -> list[str]:
    out = []
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            link = proc_link(pid, f"fd/{fd}")
            if link:
                out.append(link)
    except OSError:
        pass
    return out


def describe_proc(pid: int) -> dict:
    info = proc_stat(pid) or {"pid": pid}
    info["stdin"] = proc_link(pid, "fd/0")
    info["cwd"] = proc_link(pid, "cwd")
    info["exe"] = proc_link(pid, "exe")
    env = proc_env(pid)
    info["env"] = {k: env[k] for k in ("TMUX", "TMUX_PANE", "PWD", "HOME") if k in env}
    info["env_codex"] = {k: v for k, v in env.items() if "CODEX" in k}
    fds = proc_fds(pid)
    info["fds_of_interest"] = sorted(
        {f for f in fds if ".codex" in f or f.startswith("/dev/pts") or "codex-daemon" in f}
    )
    return info


# ---------------------------------------------------------------- the environment


class CodexEnv:
    """One throwaway world: HOME, work folders, mock server, tmux server (+ an outer one whose
    pane is an attached client, so the status line and ring's status job run)."""

    def __init__(self, name: str, keep: bool = False, hooks: bool = True, probe: bool = True,
                 pretrust: bool = True, attach: bool = True, log=print):
        self.name = name
        self.keep = keep
        self.log = log
        self.root = Path(tempfile.mkdtemp(prefix=f"ring-codex-{name}-"))
        self.home = self.root / "home"
        self.codex_home = self.home / ".codex"
        self.ring_home = self.home / ".config" / "ring"
        self.work = self.root / "work"
        self.work2 = self.root / "work2"
        for d in (self.codex_home, self.ring_home, self.work, self.work2):
            d.mkdir(parents=True, exist_ok=True)
        self.probe_log = self.root / "probe.jsonl"
        self.socket = f"ring-codex-{name}-{os.getpid()}"
        self.outer = self.socket + "-outer"
        self.mock = MockOpenAI().start()
        self.started_tmux = False
        self.write_codex_config()
        (self.ring_home / "config.toml").write_text(
            f"debug_payload_log = true\ncodex_permission_wait_seconds = {PERMISSION_WAIT}\n"
        )
        self.hooks = hooks
        if hooks:
            self.install_hooks()
        if probe:
            self.add_probe_hooks()
        if pretrust and (hooks or probe):
            self.pretrust()
        self.start_tmux(attach)

    # ---- Codex config

    def write_codex_config(self) -> None:
        text = f"""model = "mock-model"
model_provider = "mock"
approval_policy = "on-request"
check_for_update_on_startup = false

[model_providers.mock]
name = "Mock"
base_url = "{self.mock.base_url}"
wire_api = "responses"
env_key = "MOCK_OPENAI_KEY"

[projects.{toml_str(str(self.work))}]
trust_level = "trusted"

[projects.{toml_str(str(self.work2))}]
trust_level = "trusted"
"""
        (self.codex_home / "config.toml").write_text(text)

    def base_env(self) -> dict[str, str]:
        env = {
            "HOME": str(self.home),
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": "xterm-256color",
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "MOCK_OPENAI_KEY": "mock-key",
            "RING_BIN": RING_BIN,
        }
        return env

    def install_hooks(self) -> str:
        out = subprocess.run(
            [RING_BIN, "install-hooks", "--yes"], env=self.base_env(), capture_output=True,
            text=True, timeout=30,
        )
        if out.returncode != 0:
            raise RuntimeError(f"install-hooks failed: {out.stdout}{out.stderr}")
        return out.stdout

    def add_probe_hooks(self) -> None:
        path = self.codex_home / "hooks.json"
        doc = json.loads(path.read_text()) if path.exists() else {"hooks": {}}
        command = f"PROBE_LOG={shlex.quote(str(self.probe_log))} {shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'codex_probe.py'))}"
        for event in CODEX_EVENTS:
            doc.setdefault("hooks", {}).setdefault(event, []).append(
                {"hooks": [{"type": "command", "command": command, "timeout": 30}]}
            )
        path.write_text(json.dumps(doc, indent=2) + "\n")

    def pretrust(self) -> dict[str, str]:
        """Writes the trust state Codex's review dialog would write, so no dialog appears."""
        entries = trust_entries(self.codex_home / "hooks.json")
        lines = ["", "[hooks.state]", ""]
        for key, digest in entries.items():
            lines += [f"[hooks.state.{toml_str(key)}]", f"trusted_hash = {toml_str(digest)}", ""]
        with open(self.codex_home / "config.toml", "a") as f:
            f.write("\n".join(lines))
        return entries

    # ---- tmux

    def tmux(self, *args: str, check: bool = True, socket: str | None = None) -> str:
        out = subprocess.run(
            ["tmux", "-L", socket or self.socket, *args], capture_output=True, text=True,
            timeout=15, env={**os.environ, **self.base_env(), "TMUX": ""},
        )
        if check and out.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {out.stderr.strip()}")
        return out.stdout

    def start_tmux(self, attach: bool) -> None:
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "200", "-y", "50",
                  "-c", str(self.work))
        self.started_tmux = True
        for k, v in self.base_env().items():
            self.tmux("set-environment", "-g", k, v)
        self.tmux("set-option", "-g", "status-right", "#{ring_status} ")
        self.tmux("set-option", "-g", "status-interval", "1")
        self.tmux("set-option", "-g", "@ring-status-interval", "1")
        self.tmux("set-option", "-g", "pane-border-status", "top")
        self.tmux("set-option", "-g", "pane-border-format", " #{pane_id} #{ring_pane_badge} ")
        self.tmux("set-option", "-g", "window-status-format", " #I:#W #{ring_badge}")
        self.tmux("set-option", "-g", "window-status-current-format", " #I:#W #{ring_badge}")
        self.tmux("set-option", "-g", "@ring-bin", RING_BIN)
        self.tmux("run-shell", str(REPO / "ring.tmux"))
        loaded = self.tmux("show-option", "-gqv", "@ring_loaded").strip()
        if not loaded:
            raise RuntimeError("ring.tmux did not load (@ring_loaded is empty)")
        if attach:
            inner = f"env -u TMUX tmux -L {shlex.quote(self.socket)} attach -t main"
            self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "outer", "-x", "200", "-y",
                      "52", inner, socket=self.outer)
        self.first_pane = self.tmux("display-message", "-p", "-t", "main", "#{pane_id}").strip()

    def new_pane(self, cwd: Path) -> str:
        return self.tmux("new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main", "-c",
                         str(cwd)).strip()

    def send_text(self, pane: str, text: str, enter: bool = True) -> None:
        self.tmux("send-keys", "-t", pane, "-l", text)
        if enter:
            time.sleep(0.6)  # Codex treats text + Enter in one burst as a paste
            self.tmux("send-keys", "-t", pane, "Enter")

    def send_keys(self, pane: str, *keys: str) -> None:
        self.tmux("send-keys", "-t", pane, *keys)

    def capture(self, pane: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", pane, check=False)

    def pane_info(self, pane: str) -> dict:
        fmt = "#{pane_id}\t#{pane_tty}\t#{pane_pid}\t#{pane_current_command}\t#{pane_current_path}\t#{@ring_state}\t#{@ring_kind}"
        for line in self.tmux("list-panes", "-a", "-F", fmt).splitlines():
            f = line.split("\t")
            if f[0] == pane:
                return {"pane": f[0], "tty": f[1], "pid": int(f[2]), "command": f[3],
                        "path": f[4], "ring_state": f[5], "ring_kind": f[6]}
        return {}

    def badge(self, pane: str) -> tuple[str, str]:
        info = self.pane_info(pane)
        return info.get("ring_state", ""), info.get("ring_kind", "")

    def start_codex(self, pane: str, cwd: Path, args: str = "") -> None:
        self.send_text(pane, f"cd {shlex.quote(str(cwd))} && clear && {shlex.quote(CODEX)} {args}".rstrip())

    # ---- ring

    def ring(self, *args: str) -> str:
        out = subprocess.run([RING_BIN, *args], env=self.base_env(), capture_output=True,
                             text=True, timeout=20)
        return out.stdout

    def board(self) -> list[dict]:
        try:
            return json.loads(self.ring("json", "--all")).get("sessions", [])
        except ValueError:
            return []

    def ring_payloads(self) -> list[dict]:
        return H.read_jsonl(self.ring_home / "hook_payloads.jsonl")

    def probes(self) -> list[dict]:
        return H.read_jsonl(self.probe_log)

    # ---- Codex's own records

    def state_db(self) -> Path | None:
        dbs = sorted(self.codex_home.glob("state_*.sqlite"))
        return dbs[-1] if dbs else None

    def threads(self) -> list[dict]:
        db = self.state_db()
        if not db:
            return []
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=2)
            con.row_factory = sqlite3.Row
            rows = [dict(r) for r in con.execute(
                "select id, rollout_path, created_at_ms, updated_at_ms, source, cwd, title, "
                "originator, thread_source, cli_version from threads order by created_at_ms")]
            con.close()
            return rows
        except sqlite3.Error:
            return []

    def thread_for(self, cwd: Path, timeout: float = 10) -> str | None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            rows = [r for r in self.threads() if r["cwd"] == str(cwd)]
            if rows:
                return rows[-1]["id"]
            time.sleep(0.3)
        return None

    def codex_pids(self) -> list[int]:
        """Every process of ours that is Codex: its cmdline names a Codex binary or its HOME is
        ours (the TUI's node wrapper, the TUI, the app-server daemon and its updater)."""
        pids = []
        for pid in all_pids():
            if pid == os.getpid():
                continue
            st = proc_stat(pid)
            if not st:
                continue
            if st["comm"] not in ("codex", "node"):
                continue
            joined = " ".join(st["cmdline"])
            if proc_env(pid).get("HOME") == str(self.home) or str(self.home) in joined:
                pids.append(pid)
        return pids

    def daemon_pids(self) -> list[int]:
        out = []
        for pid in self.codex_pids():
            st = proc_stat(pid)
            if st and "app-server" in st["cmdline"]:
                out.append(pid)
        return out

    def processes(self) -> list[dict]:
        return [describe_proc(p) for p in self.codex_pids()]

    # ---- cleanup

    def close(self) -> None:
        H.save_shapes(f"codex-{self.name}", self.ring_home,
                      [("codex", r.get("payload")) for r in self.probes()])
        if self.started_tmux:
            subprocess.run(["tmux", "-L", self.outer, "kill-server"], capture_output=True)
            subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        time.sleep(0.3)
        pids = self.codex_pids()
        for pid_file in ("daemon.pid", "daemon-updater.pid"):
            try:
                doc = json.loads((self.codex_home / "app-server-daemon" / pid_file).read_text())
                if doc.get("pid") and proc_env(int(doc["pid"])).get("HOME") == str(self.home):
                    pids.append(int(doc["pid"]))
            except (OSError, ValueError):
                pass
        for pid in set(pids):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.time() + 3
        while time.time() < deadline and any(proc_stat(p) for p in pids):
            time.sleep(0.1)
        for pid in set(pids):
            if proc_stat(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.mock.stop()
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------- the screen


def pane_lines(screen: str) -> list[str]:
    return [l.rstrip() for l in screen.splitlines()]


def last_assistant_message(screen: str) -> str:
    """The text of the assistant's last message after the last user prompt, or ""."""
    lines = pane_lines(screen)
    prompts = [i for i, l in enumerate(lines) if l.startswith("› ")]
    # The last "› " line is the composer; the one before it the last prompt sent.
    start = prompts[-2] if len(prompts) >= 2 else 0
    end = prompts[-1] if prompts else len(lines)
    message: list[str] = []
    collecting = False
    for line in lines[start:end]:
        if line.startswith("• "):
            body = line[2:]
            if re.match(r"(Ran|Running|Working|Explored|Exploring|Edited|Called)\b", body):
                collecting = False
                continue
            message = [body]
            collecting = True
        elif collecting and line.startswith("  ") and line.strip() and not re.match(r"\s+Worked for", line):
            message.append(line.strip())
        elif collecting and not line.strip():
            continue
        else:
            collecting = False
    return " ".join(message).strip()


def codex_screen_state(screen: str, pane_command: str) -> tuple[str, str]:
    """What a person reads on a Codex pane: (state, kind)."""
    if pane_command not in ("node", "codex"):
        return "ended", ""
    if "Hooks need review" in screen:
        return "trust-dialog", ""
    if re.search(r"Would you like to (run the following command|make the following edits)", screen) or "Press enter to confirm or esc to cancel" in screen:
        return "waiting", "permission"
    if re.search(r"Working \(.*esc to interrupt", screen) or "esc to interrupt" in screen:
        return "working", ""
    if "for shortcuts" in screen or "Ask Codex" in screen or re.search(r"^› ", screen, re.M):
        if last_assistant_message(screen).endswith("?"):
            return "waiting", "question"
        return "idle", ""
    return "starting", ""


def fmt(state: str, kind: str) -> str:
    if not state:
        return "none"
    return f"{state}/{kind}" if kind else state


def wait_until(fn, timeout: float, interval: float = 0.15):
    """fn()'s first truthy value within `timeout` seconds, or its last falsy one."""
    return H.wait_until(fn, timeout, interval)[1]


# ---------------------------------------------------------------- fixtures


def placeholder_payloads(records: list[dict], env: CodexEnv) -> list[dict]:
    """The raw payloads, with the machine-specific parts replaced: /HOME, /WORK, /WORK2,
    THREAD-ID[-n], TURN-ID-n, the rollout's date folders and timestamp."""
    threads: dict[str, str] = {}
    turns: dict[str, str] = {}
    calls: dict[str, str] = {}
    out = []

    def thread_name(tid: str) -> str:
        if tid not in threads:
            threads[tid] = "THREAD-ID" if not threads else f"THREAD-ID-{len(threads) + 1}"
        return threads[tid]

    for rec in records:
        payload = rec["payload"]
        if isinstance(payload, dict):
            if payload.get("session_id"):
                thread_name(payload["session_id"])
            if payload.get("turn_id") and payload["turn_id"] not in turns:
                turns[payload["turn_id"]] = f"TURN-ID-{len(turns) + 1}"
        text = json.dumps(payload, ensure_ascii=False)
        for call in re.findall(r"call_\d+", text):
            calls.setdefault(call, f"CALL-ID-{len(calls) + 1}")
        text = re.sub(r"call_\d+", lambda m: calls[m.group(0)], text)
        for tid, name in threads.items():
            text = text.replace(tid, name)
        for tid, name in turns.items():
            text = text.replace(tid, name)
        text = text.replace(str(env.work2), "/WORK2").replace(str(env.work), "/WORK")
        text = text.replace(str(env.home), "/HOME").replace(str(env.root), "/ROOT")
        text = re.sub(r"sessions/\d{4}/\d{2}/\d{2}/rollout-[0-9T:-]+-", "sessions/YYYY/MM/DD/rollout-DATE-", text)
        out.append(json.loads(text))
    return out
