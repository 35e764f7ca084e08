#!/usr/bin/env python3
"""The real Claude Code, driven in a real tmux, offline against mock_anthropic.py, compared at
every step with what ring shows.

    python3 scripts/agents/claude_scenarios.py [--only NAME[,NAME…]] [--keep] [--no-fixtures]

Per step: an action (keys into the pane), then the screen must reach a state (the truth: what
a person sees), then ring gets up to --ring-deadline seconds (3 by default) to show the same
on its board (`ring-tmux json --all`: the session's `status` / `waiting_kind`) and on the
pane's badge (`@ring_state` / `@ring_kind`). One line per step:

    PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>

and at the end `N passed, M failed` (exit 1 when any failed). Fixtures (raw hook payloads as
Claude sent them, Claude's own session file per step, the step table) are written under
ring-shared/tests/fixtures/agents/claude/ unless --no-fixtures.

Environment: RING_BIN (default target/debug/ring-tmux), RING_AGENTS_BIN (the folder holding
`claude`, default ~/.cache/ring-ci/agents/node_modules/.bin).
"""
from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as H  # noqa: E402

HERE = Path(__file__).resolve().parent
MOCK = HERE / "mock_anthropic.py"
FIXTURES = H.REPO / "ring-shared/tests/fixtures/agents/claude"
API_KEY = "sk-ant-api03-ringmock-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-ringAA"


def installed_version() -> str:
    """The version of the Claude Code package in RING_AGENTS_BIN's node_modules."""
    manifest = Path(H.AGENTS_BIN).parent / "@anthropic-ai" / "claude-code" / "package.json"
    try:
        return json.loads(manifest.read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "unknown"


CLAUDE_VERSION = installed_version()
ENDED = H.ENDED


class ClaudeRun(H.AgentRun):
    """One scenario: a Harness with Claude's config, the mock, hooks, an attached client."""

    ROW_KEYS = ("session_id", "status", "waiting_kind", "source", "tmux_pane")
    SHOW_SOURCE = True
    LATE_SECONDS = True

    def __init__(self, rec: H.Recorder, scenario: str, keep: bool, hooks: bool = True,
                 native_layout: bool = False, claude_json_extra: dict | None = None,
                 write_fixtures: bool = True, ring_config: str = ""):
        super().__init__(rec, scenario, scenario, keep, hooks=hooks,
                         write_fixtures=write_fixtures)
        self.native_layout = native_layout
        self.claude_json_extra = claude_json_extra or {}
        self.ring_config = ring_config  # lines added to ring's config.toml
        self.pids: list[int] = []          # claude pids, in order of start
        self.pid: int | None = None
        self.proc_snapshots: list[dict] = []
        # Live sessions of other panes in the same folder (scenario two_claudes): their rows
        # are not extra rows of this one's.
        self.others: set[str] = set()

    # ---- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        h = self.h
        port = h.start_mock(MOCK)
        h.extra_env.update({
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
            "ANTHROPIC_API_KEY": API_KEY,
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_MAX_RETRIES": "0",
        })
        h.write_claude_json(API_KEY, self.claude_json_extra)
        if self.ring_config:
            config = h.ring_home / "config.toml"
            config.write_text(config.read_text() + self.ring_config.replace("ROOT", str(h.root)))
        (h.home / ".claude").mkdir(exist_ok=True)
        if self.native_layout:
            # What Anthropic's native installer lays out: ~/.local/bin/claude is a symlink to
            # ~/.local/share/claude/versions/<version> (the binary itself).
            versions = h.home / ".local/share/claude/versions"
            versions.mkdir(parents=True)
            target = versions / CLAUDE_VERSION
            real = os.path.realpath(os.path.join(H.AGENTS_BIN, "claude"))
            try:
                os.link(real, target)
            except OSError:
                import shutil
                shutil.copy2(real, target)
            (h.home / ".local/bin").mkdir(parents=True)
            (h.home / ".local/bin/claude").symlink_to(target)
        else:
            h.path_dirs.insert(1, H.AGENTS_BIN)
        if self.hooks:
            h.install_hooks()
            h.add_recorder_hooks()
        h.start_tmux_attached()

    # ---- readings ----------------------------------------------------------------------
    def screen_state(self, screen: str) -> tuple[str, str]:
        return H.claude_screen_state(screen)

    def session_file(self, pid: int | None = None) -> dict | None:
        pid = pid or self.pid
        if not pid:
            return None
        p = self.h.home / ".claude/sessions" / f"{pid}.json"
        try:
            return json.loads(p.read_text())
        except (OSError, ValueError):
            return None

    def board_row(self, rows: list[dict]) -> dict | None:
        if self.sid:
            for r in rows:
                if r.get("session_id") == self.sid:
                    return r
        if not self.hooks:
            live = [r for r in rows if r.get("status") != "ended"]
            return (live or rows or [None])[0]
        return None

    def step_extras(self) -> dict:
        return {"session_file": self.session_file()}

    def extra_rows(self, view) -> list[dict]:
        return [r for r in super().extra_rows(view) if r.get("session_id") not in self.others]

    @staticmethod
    def describe(p: dict) -> str:
        ev = p.get("hook_event_name", "?")
        bits = []
        for k in ("source", "notification_type", "tool_name", "permission_mode", "reason",
                  "error", "stop_hook_active"):
            if k in p:
                v = p[k]
                if isinstance(v, (dict, list)):
                    v = json.dumps(v)
                bits.append(f"{k}={v}")
        if "tool_input" in p and p.get("tool_name") in ("ExitPlanMode",):
            bits.append(f"tool_input={json.dumps(p['tool_input'])}")
        if "message" in p:
            bits.append(f"message={p['message']!r}")
        if "last_assistant_message" in p:
            bits.append(f"last_assistant_message={str(p['last_assistant_message'])[:60]!r}")
        return ev + (" " + " ".join(bits) if bits else "")

    # ---- actions -----------------------------------------------------------------------
    def launch(self) -> None:
        self.h.send_text("claude --permission-mode default")

    def start_step(self, name: str = "start") -> bool:
        self.launch()
        ok, pid = H.wait_until(lambda: self.h.agent_pid(), 20)
        if pid:
            self.pid = pid
            self.pids.append(pid)
            okf, sf = H.wait_until(lambda: self.session_file(pid), 30)
            if sf:
                self.sid = sf.get("sessionId")
                self.sids.append(self.sid)
            snap = {"step": name, **H.proc_details(pid)}
            if sf:
                snap["procStart_is_proc_starttime"] = str(sf.get("procStart")) == str(
                    snap.get("starttime_ticks"))
            self.proc_snapshots.append(snap)
        return self.step(name, None, ("idle", ""), screen_text="? for shortcuts")

    # ---- fixtures ----------------------------------------------------------------------
    def normalizer(self):
        h = self.h
        pairs = h.placeholders() + [(re.sub(r"[^A-Za-z0-9]", "-", str(h.work)), "-WORK")]
        for i, sid in enumerate(self.sids):
            pairs.append((sid, "SESSION-ID" if i == 0 else f"SESSION-ID-{i + 1}"))
        counters: dict[str, dict[str, str]] = {"toolu": {}, "prompt": {}}

        def norm_text(s: str) -> str:
            for a, b in pairs:
                if a:
                    s = s.replace(a, b)
            for i, pid in enumerate(self.pids):
                s = re.sub(rf"/{pid}\.(sock|json)", rf"/PID{'' if i == 0 else i + 1}.\1", s)
            s = re.sub(r"linux:[0-9a-f]+:pid:\[\d+\]", "PID-DOMAIN", s)
            s = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", s)
            s = re.sub(r"/tmp/tmux-\d+/ring-agents-[^,\s\"]+", "/TMUX-SOCKET", s)
            s = s.replace(os.path.dirname(os.path.realpath(os.path.join(H.AGENTS_BIN, "claude"))),
                          "/AGENTS-BIN")

            def toolu(m):
                d = counters["toolu"]
                return d.setdefault(m.group(0), f"TOOL-USE-ID-{len(d) + 1}")
            s = re.sub(r"toolu_mock_[0-9a-f]+", toolu, s)
            return s

        def norm(obj):
            if isinstance(obj, dict):
                out = {}
                for k, v in obj.items():
                    if k == "pid" and isinstance(v, int) and v in self.pids:
                        out[k] = 10000 + self.pids.index(v) + 1
                    elif k == "procStart":
                        out[k] = "PROC-START"
                    elif k == "prompt_id" and isinstance(v, str):
                        d = counters["prompt"]
                        out[k] = d.setdefault(v, f"PROMPT-ID-{len(d) + 1}")
                    else:
                        out[k] = norm(v)
                return out
            if isinstance(obj, list):
                return [norm(x) for x in obj]
            if isinstance(obj, str):
                return norm_text(obj)
            return obj

        return norm

    def save_fixtures(self) -> None:
        if not self.write_fixtures:
            return
        FIXTURES.mkdir(parents=True, exist_ok=True)
        norm = self.normalizer()
        base = FIXTURES / self.scenario
        payloads = [norm(p["payload"]) for p in self.h.agent_payloads()]
        with open(f"{base}.jsonl", "w") as f:
            for p in payloads:
                f.write(json.dumps(p) + "\n")
        with open(f"{base}.sessions.jsonl", "w") as f:
            for st in self.steps:
                f.write(json.dumps({"step": st["step"],
                                    "session_file": norm(st["session_file"])}) + "\n")
        steps = []
        for st in self.steps:
            st = dict(st)
            st.pop("session_file", None)
            steps.append(norm(st))
        st_bin = os.stat(H.RING_BIN)
        meta = {
            "claude_version": CLAUDE_VERSION,
            "ring_tmux": {"mtime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(st_bin.st_mtime)),
                          "size": st_bin.st_size},
            "ring_commit": os.popen(f"git -C {H.REPO} rev-parse --short HEAD 2>/dev/null").read().strip(),
            "hooks": "ring-tmux install-hooks + a recorder on every event" if self.hooks
            else "none (zero-config)",
            "layout": "native installer (~/.local/bin/claude -> ~/.local/share/claude/versions/"
                      f"{CLAUDE_VERSION})" if self.native_layout else "npm (node_modules/.bin/claude)",
            "placeholders": "/HOME, /WORK, /TMP, /ROOT, -WORK (project slug), SESSION-ID[-n], "
                            "PID[n] in file names, pid 1000n, PROC-START, PID-DOMAIN, "
                            "TOOL-USE-ID-n, PROMPT-ID-n, 127.0.0.1:PORT, /TMUX-SOCKET, "
                            "/AGENTS-BIN (the folder of the real claude binary)",
            "processes": [norm(p) for p in self.proc_snapshots],
            "steps": steps,
        }
        with open(f"{base}.steps.json", "w") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")
        # The mock's request log, for the report only (not a fixture: bodies are large).
        reqs = []
        for r in self.h.mock_requests():
            reqs.append({k: r.get(k) for k in ("method", "path", "model", "stream", "step")})
        (self.h.root / "requests-summary.json").write_text(json.dumps(reqs, indent=1))


# ---- scenarios ---------------------------------------------------------------------------

def sc_basic(run: ClaudeRun) -> None:
    """start; a prompt (working, then idle); Bash needing permission; approve; /exit."""
    run.start_step()
    run.step("prompt", run.prompt("RING_SLOW_WORK: take a few seconds"), ("working", ""))
    run.step("prompt-done", None, ("idle", ""), screen_text="RING-SLOW-DONE")
    run.step("bash-dialog", run.prompt("RING_RUN_BASH: write the marker"),
             ("waiting", "permission"), screen_text="Do you want to proceed?")
    run.step("bash-dialog-notified", None, ("waiting", "permission"),
             wait_payload="Notification",
             note="after Claude's permission_prompt Notification")
    run.step("approve", run.keys("Enter"), ("working", ""))
    run.step("approve-done", None, ("idle", ""), screen_text="RING-BASH-DONE")
    run.exit_step()


def sc_question(run: ClaudeRun) -> None:
    """A final text ending with a question; Claude's idle notification; the answer."""
    run.start_step()
    run.step("text-question", run.prompt("RING_ASK_BACK: paint the ring"),
             ("waiting", "question"), screen_text="red or blue?")
    run.step("text-question-idle-notified", None, ("waiting", "question"),
             wait_payload="Notification",
             note="after Claude's idle_prompt Notification (messageIdleNotifThresholdMs=4000)")
    run.step("answer", run.prompt("RING_ANSWER_BLUE: blue"), ("idle", ""),
             screen_text="RING-ANSWER-DONE")
    run.exit_step()


def sc_ask_tool(run: ClaudeRun) -> None:
    """AskUserQuestion: a dialog of choices."""
    run.start_step()
    run.step("ask-dialog", run.prompt("RING_ASK_TOOL: choose"), ("waiting", "question"),
             screen_text="Which color should the ring be?")
    run.step("ask-dialog-notified", None, ("waiting", "question"),
             wait_payload="Notification", note="after Claude's Notification")
    run.step("ask-answered", run.keys("Enter"), ("idle", ""), screen_text="RING-ASKTOOL-DONE")
    run.exit_step()


def plan_dialog(run: ClaudeRun) -> None:
    """Plan mode (shift+tab twice), then a prompt whose plan opens ExitPlanMode's dialog."""
    def to_plan():
        run.h.send_keys("BTab")
        time.sleep(0.5)
        run.h.send_keys("BTab")
    run.step("plan-mode", to_plan, ("idle", ""), screen_text="plan mode on")
    run.step("plan-dialog", run.prompt("RING_PLAN: make a plan"), ("waiting", "plan"),
             screen_text="Exit plan mode?")


def plan_detail_check(run: ClaudeRun, name: str, want: str) -> None:
    """The board's detail of the plan wait is the plan's first line (§11.12), not
    `ExitPlanMode`; ring's hook of the event that names it may still be running."""
    deadline = time.monotonic() + 15
    while True:
        detail = (run.board_row(run.h.board()) or {}).get("waiting_detail")
        if detail == want or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    reply_check(run, name, detail == want, f"board waiting_detail={detail!r}, want {want!r}")


def sc_plan(run: ClaudeRun) -> None:
    """Plan mode (shift+tab twice) and ExitPlanMode's approval dialog of a plan sent inline:
    Claude's payloads carry `tool_input: {}` and its transcript has the plan only after the
    dialog's PermissionRequest; from its Notification on, the board shows the plan's first
    line (read from the transcript)."""
    run.start_step()
    plan_dialog(run)
    run.step("plan-dialog-notified", None, ("waiting", "plan"), wait_payload="Notification",
             note="after Claude's Notification")
    plan_detail_check(run, "plan-detail-notified", "1. Write ring_plan.txt")
    run.step("plan-approved", run.keys("Enter"), ("idle", ""), screen_text="RING-PLAN-DONE")
    run.exit_step()


def sc_plan_file(run: ClaudeRun) -> None:
    """Claude's own plan mode: the model writes the plan file, then calls ExitPlanMode; the
    payloads then carry the file's text (`tool_input.plan`, with `planFilePath`), and the
    board shows the plan's first line from the dialog on."""
    run.start_step()
    def to_plan():
        run.h.send_keys("BTab")
        time.sleep(0.5)
        run.h.send_keys("BTab")
    run.step("plan-mode", to_plan, ("idle", ""), screen_text="plan mode on")
    run.step("plan-dialog", run.prompt("RING_PLAN_FILE: make a plan"), ("waiting", "plan"),
             screen_text="Ship the ring plan")
    plan_detail_check(run, "plan-detail", "Ship the ring plan")
    run.step("plan-approved", run.keys("Enter"), ("idle", ""), screen_text="RING-PLAN-DONE")
    run.exit_step()


def sc_esc_thinking(run: ClaudeRun) -> None:
    """Esc while Claude thinks (the mock streams nothing but pings)."""
    run.start_step()
    run.step("thinking", run.prompt("RING_THINK_LONG: think"), ("working", ""))
    # Claude puts the interrupted prompt back into the input box (no "Interrupted" line).
    run.step("esc", run.keys("Escape"), ("idle", ""))
    run.step("prompt-after-esc", run.prompt(" RING_AGAIN: again"), ("idle", ""),
             screen_text="RING-AGAIN-DONE")
    run.exit_step()


def sc_esc_permission(run: ClaudeRun) -> None:
    """Esc on a permission dialog (a deny)."""
    run.start_step()
    run.step("bash-dialog", run.prompt("RING_RUN_BASH: write the marker"),
             ("waiting", "permission"), screen_text="Do you want to proceed?")
    run.step("esc-deny", run.keys("Escape"), ("idle", ""), screen_text="Interrupted")
    run.exit_step()


def sc_api_error(run: ClaudeRun) -> None:
    """The API answers 500, then 529 (no retries: CLAUDE_CODE_MAX_RETRIES=0)."""
    run.start_step()
    run.step("error-500", run.prompt("RING_FAIL_500: try"), ("idle", ""),
             screen_text="API Error: 500")
    run.step("error-529", run.prompt("RING_FAIL_529: try"), ("idle", ""),
             screen_text="API Error: 529")
    run.exit_step()


def sc_kill9(run: ClaudeRun) -> None:
    """kill -9 of claude, then a new claude in the same folder: no phantom old row."""
    run.start_step()
    run.step("prompt-done", run.prompt("RING_HELLO: hi"), ("idle", ""),
             screen_text="RING-HELLO-DONE")
    old_sid, old_pid = run.sid, run.pid

    def kill():
        os.kill(old_pid, signal.SIGKILL)
    run.step("kill-9", kill, ENDED)
    old_file = run.session_file(old_pid)

    def no_phantom(view):
        rows = view[4]
        bad = [r for r in rows if r.get("session_id") == old_sid and r.get("status") != "ended"]
        no_phantom.why = (f"old row {old_sid[:8]} is back as {bad[0].get('status')}"
                          if bad else "")
        return not bad
    run.h.send_keys("C-l")
    # The new session: its own row idle, the old one ended or gone.
    run.launch()
    ok, pid = H.wait_until(lambda: [p for p in [run.h.agent_pid()] if p and p != old_pid], 20)
    if pid:
        run.pid = pid[0]
        run.pids.append(run.pid)
        _, sf = H.wait_until(lambda: run.session_file(run.pid), 30)
        if sf:
            run.sid = sf.get("sessionId")
            run.sids.append(run.sid)
    run.step("restart", None, ("idle", ""), screen_text="? for shortcuts",
             extra_check=no_phantom,
             note=f"old session file after kill -9: status={(old_file or {}).get('status')}")
    run.step("restart-prompt", run.prompt("RING_AGAIN: hi again"), ("idle", ""),
             screen_text="RING-AGAIN-DONE", extra_check=no_phantom)
    run.exit_step()


def sc_nohooks(run: ClaudeRun) -> None:
    """No ring hooks; claude from the native installer's layout; ring's zero-config read."""
    run.start_step()
    run.step("prompt", run.prompt("RING_SLOW_WORK: take a few seconds"), ("working", ""))
    run.step("prompt-done", None, ("idle", ""), screen_text="RING-SLOW-DONE")
    run.step("bash-dialog", run.prompt("RING_RUN_BASH: write the marker"),
             ("waiting", "permission"), screen_text="Do you want to proceed?")
    run.step("approve-done", run.keys("Enter"), ("idle", ""), screen_text="RING-BASH-DONE")
    run.step("text-question", run.prompt("RING_ASK_BACK: paint the ring"),
             ("waiting", "question"), screen_text="red or blue?")
    run.exit_step()


def ring_reply(run: ClaudeRun, *args: str, inside_tmux: bool = False):
    """`ring-tmux reply ARGS…` from outside the pane: from no tmux at all (a hook row names
    its server), or `inside_tmux`, as from another pane of the same server ($TMUX set: a row
    found without hooks names only its terminal)."""
    import subprocess
    env = run.h.base_env()
    if inside_tmux:
        env["TMUX"] = run.h.tmux("display-message", "-p", "#{socket_path},#{pid},0").strip()
    return subprocess.run([H.RING_BIN, "reply", *args], env=env,
                          capture_output=True, text=True, timeout=30)


def reply_check(run: ClaudeRun, name: str, ok: bool, note: str) -> None:
    run.rec.add(H.StepResult(run.scenario, name, ok, "-", "-", "-", "-", note))


def save_screen(run: ClaudeRun, name: str, screen: str) -> None:
    """The raw screen, for ring-shared's dialog parser tests (fixtures runs only)."""
    if run.write_fixtures:
        FIXTURES.mkdir(parents=True, exist_ok=True)
        text = screen.replace(str(run.h.work), "/WORK").replace(str(run.h.home), "/HOME")
        (FIXTURES / f"{run.scenario}.{name}.screen.txt").write_text(text)


def sc_reply(run: ClaudeRun) -> None:
    """`ring-tmux reply` answers the permission dialog from outside the pane: it lists the
    options verbatim; "1" with the listing's fingerprint runs the command; the next dialog
    (another command) refuses that old fingerprint and sends nothing; its "No" refuses the
    command; with no dialog on screen it sends nothing."""
    run.start_step()
    marker = run.h.work / "ring_bash_out.txt"
    denied = run.h.work / "ring_deny_out.txt"
    results: list = []

    def listing() -> dict:
        out = ring_reply(run, run.sid or "?", "--json")
        try:
            return {"exit": out.returncode, **json.loads(out.stdout)}
        except ValueError:
            return {"exit": out.returncode, "stderr": out.stderr.strip()}

    def answer(number: int, fingerprint: str | None):
        args = [run.sid or "?", str(number)] + (["--expect", fingerprint] if fingerprint else [])
        return lambda: results.append(ring_reply(run, *args))

    def outcome() -> str:
        got = results[-1] if results else None
        return f"exit {got.returncode if got else None}: {got.stderr.strip() if got else ''}"

    run.step("bash-dialog", run.prompt("RING_RUN_BASH: write the marker"),
             ("waiting", "permission"), screen_text="Do you want to proceed?")
    save_screen(run, "bash-dialog", run.h.capture())
    first = listing()
    texts = [o.get("text") for o in first.get("options", [])]
    ok = (first["exit"] == 0 and first.get("question") == "Do you want to proceed?"
          and texts[:1] == ["Yes"] and texts[-1:] == ["No"] and len(texts) == 4
          and "echo ring-bash-ok > ring_bash_out.txt" in first.get("context", [])
          and first.get("selected") == 1)
    reply_check(run, "reply-lists", ok, f"exit {first['exit']}: {texts} "
                f"context={first.get('context')} {first.get('stderr', '')}")

    run.step("reply-yes", answer(1, first.get("fingerprint")), ("idle", ""),
             screen_text="RING-BASH-DONE")
    content = marker.read_text().strip() if marker.exists() else None
    reply_check(run, "reply-yes-ran", bool(results) and results[-1].returncode == 0
                and content == "ring-bash-ok", f"{outcome()}; marker={content!r}")

    run.step("other-dialog", run.prompt("RING_DENY_BASH: write another marker"),
             ("waiting", "permission"), screen_text=" Write the deny marker file")
    save_screen(run, "other-dialog", run.h.capture())
    # The first dialog's fingerprint: the same question and options, another command.
    results.append(ring_reply(run, run.sid or "?", "1", "--expect", first.get("fingerprint") or "-"))
    time.sleep(1.0)
    still = H.claude_screen_state(run.h.capture()) == ("waiting", "permission")
    reply_check(run, "changed-dialog-gets-no-key",
                results[-1].returncode == 1 and "changed" in results[-1].stderr and still
                and not denied.exists(),
                f"{outcome()}; dialog still up={still}; deny marker "
                f"{'exists' if denied.exists() else 'absent'}")

    second = listing()
    run.step("reply-no", answer(len(second.get("options", [])) or 9, second.get("fingerprint")),
             ("idle", ""), screen_text="Interrupted")
    reply_check(run, "reply-no-refused", bool(results) and results[-1].returncode == 0
                and not denied.exists(),
                f"{outcome()}; deny marker {'exists' if denied.exists() else 'absent'}")

    out = ring_reply(run, run.sid or "?", "1")
    reply_check(run, "reply-without-dialog-refused",
                out.returncode == 1 and "no dialog" in out.stderr,
                f"exit {out.returncode}: {out.stderr.strip()}")
    run.exit_step()


def sc_reply_subagent(run: ClaudeRun) -> None:
    """A subagent's permission dialog ("… from the … agent"): listed with its agent, answered."""
    run.start_step()
    marker = run.h.work / "ring_bash_out.txt"
    run.step("subagent-dialog", run.prompt("RING_SUBAGENT: delegate"),
             ("waiting", "permission"), screen_text="Do you want to proceed?")
    save_screen(run, "subagent-dialog", run.h.capture())
    out = ring_reply(run, run.sid or "?", "--json", inside_tmux=True)
    try:
        listing = json.loads(out.stdout)
    except ValueError:
        listing = {}
    ok = out.returncode == 0 and listing.get("agent") == "general-purpose"
    reply_check(run, "reply-lists-the-agent", ok,
                f"exit {out.returncode}: agent={listing.get('agent')!r} "
                f"question={listing.get('question')!r} context={listing.get('context')} "
                f"{out.stderr.strip()}" + ("" if ok else " rows: " + json.dumps(
                    [{k: r.get(k) for k in ("session_id", "status", "source", "tmux_pane",
                                            "tmux_socket", "tty", "agent")}
                     for r in run.h.rows_here()])))
    results: list = []
    # Claude backgrounds the Agent call: its own turn is over (RING-SUBAGENT-DONE) while the
    # subagent waits; once answered, the subagent works 6 s more in the background.
    run.step("reply-yes", lambda: results.append(ring_reply(
        run, run.sid or "?", "1", "--expect", listing.get("fingerprint") or "-",
        inside_tmux=True)), ("working", ""), note="the subagent works on in the background")
    # The subagent's result comes back to Claude as a turn of its own (`Agent "…" finished`,
    # then the mock's unscripted answer); /exit before that does not end Claude.
    settled(run, "RING-DEFAULT-DONE")
    content = marker.read_text().strip() if marker.exists() else None
    reply_check(run, "reply-yes-ran", bool(results) and results[-1].returncode == 0
                and content == "ring-bash-ok",
                f"exit {results[-1].returncode if results else None}: "
                f"{results[-1].stderr.strip() if results else ''}; marker={content!r}")
    run.exit_step()



def sc_reply_ask(run: ClaudeRun) -> None:
    """AskUserQuestion answered by `ring-tmux reply … 2`: Claude gets "Blue" back."""
    run.start_step()
    run.step("ask-dialog", run.prompt("RING_ASK_TOOL: choose"), ("waiting", "question"),
             screen_text="Which color should the ring be?")
    out = ring_reply(run, run.sid or "?", "--json")
    try:
        listing = json.loads(out.stdout)
    except ValueError:
        listing = {}
    texts = [o.get("text") for o in listing.get("options", [])]
    reply_check(run, "reply-lists-the-choices",
                out.returncode == 0 and texts[:2] == ["Red", "Blue"]
                and listing.get("question") == "Which color should the ring be?",
                f"exit {out.returncode}: {listing.get('question')!r} {texts} {out.stderr.strip()}")
    results: list = []
    run.step("reply-blue", lambda: results.append(
        ring_reply(run, run.sid or "?", "2", "--expect", listing.get("fingerprint") or "-")),
        ("idle", ""), screen_text="RING-ASKTOOL-DONE")

    def answers() -> list[str]:
        found = []
        for r in run.h.mock_requests():
            for m in ((r.get("body") or {}).get("messages") or []):
                for b in m.get("content") if isinstance(m.get("content"), list) else []:
                    if isinstance(b, dict) and b.get("type") == "tool_result":
                        c = b.get("content")
                        found.append(c if isinstance(c, str) else json.dumps(c))
        return found
    got = answers()
    reply_check(run, "claude-got-blue", bool(results) and results[-1].returncode == 0
                and any('"Which color should the ring be?"="Blue"' in a for a in got),
                f"exit {results[-1].returncode if results else None}: "
                f"{results[-1].stderr.strip() if results else ''}; tool results: {got[-1:]}")
    run.exit_step()



def sc_reply_plan(run: ClaudeRun) -> None:
    """ExitPlanMode's approval dialog answered by `ring-tmux reply … 1`: the plan goes ahead."""
    run.start_step()
    plan_dialog(run)
    out = ring_reply(run, run.sid or "?", "--json")
    try:
        listing = json.loads(out.stdout)
    except ValueError:
        listing = {}
    texts = [o.get("text") for o in listing.get("options", [])]
    reply_check(run, "reply-lists-the-plan-choices",
                out.returncode == 0 and len(texts) == 2 and texts[1] == "No"
                and "Exit plan mode?" in listing.get("context", []),
                f"exit {out.returncode}: {listing.get('question')!r} {texts} "
                f"context={listing.get('context')} {out.stderr.strip()}")
    results: list = []
    run.step("reply-approve", lambda: results.append(
        ring_reply(run, run.sid or "?", "1", "--expect", listing.get("fingerprint") or "-")),
        ("idle", ""), screen_text="RING-PLAN-DONE")
    reply_check(run, "reply-sent", bool(results) and results[-1].returncode == 0,
                f"exit {results[-1].returncode if results else None}: "
                f"{results[-1].stderr.strip() if results else ''}")
    run.exit_step()


# ---- sessions with many actors (issue 29 item 4) -----------------------------------------
def subagent_payloads(run: ClaudeRun, event: str | None = None) -> list[dict]:
    """Hook payloads a subagent sent (they carry `agent_id`), `event`'s only if given."""
    return [p["payload"] for p in run.h.agent_payloads()
            if p["payload"].get("agent_id")
            and (event is None or p["payload"].get("hook_event_name") == event)]


def wait_subagent(run: ClaudeRun, event: str, more_than: int, timeout: float = 40):
    """An action: wait until a subagent sent more than `more_than` `event`s (raises after
    `timeout` seconds: the scenario cannot go on as scripted)."""
    def act():
        ok, _ = H.wait_until(lambda: len(subagent_payloads(run, event)) > more_than, timeout, 0.2)
        if not ok:
            raise TimeoutError(f"no subagent {event} #{more_than + 1} within {timeout:.0f} s")
    return act


def settled(run: ClaudeRun, text: str):
    """The last step of a scenario with background agents: every subagent is done and Claude
    took their results (a turn of its own per notification, ending in `text`)."""
    return run.step("all-done", None, ("idle", ""), screen_text=text, timeout=90)


def reminded(run: ClaudeRun):
    """An action: wait until Claude sent its `permission_prompt` reminder of the dialog."""
    def act():
        ok, _ = H.wait_until(lambda: any(
            p["payload"].get("hook_event_name") == "Notification"
            and p["payload"].get("notification_type") == "permission_prompt"
            for p in run.h.agent_payloads()), 30, 0.2)
        if not ok:
            raise TimeoutError("no permission_prompt Notification within 30 s")
    return act


def sc_bg_question(run: ClaudeRun) -> None:
    """A background subagent works (`ls` every 3 s, then 15 s of thinking) while the main turn
    asks AskUserQuestion: the question stands on board and badge through the subagent's
    events and Claude's reminder; once answered, the session works until the subagent's
    result came back."""
    run.start_step()
    run.step("question", run.prompt("RING_BG_ASK: choose while a helper works"),
             ("waiting", "question"), screen_text="Which color should the ring be?")
    seen = len(subagent_payloads(run, "PostToolUse"))
    run.step("subagent-works", wait_subagent(run, "PostToolUse", seen), ("waiting", "question"),
             note="after one more tool call of the subagent")
    run.step("reminded", reminded(run), ("waiting", "question"),
             note="after Claude's permission_prompt, which came after the subagent's calls")
    run.step("subagent-works-more", wait_subagent(run, "PostToolUse", 3),
             ("waiting", "question"), note="after the subagent's last tool call")
    run.step("answered", run.keys("Enter"), ("working", ""), screen_text="RING-BGASK-DONE",
             note="the main turn is over; the subagent still thinks (no event for 15 s)")
    settled(run, "RING-DEFAULT-DONE")
    run.exit_step()


def sc_two_subagents(run: ClaudeRun) -> None:
    """Two background subagents: one waits on a permission dialog while the other works."""
    run.start_step()
    marker = run.h.work / "ring_bash_out.txt"
    run.step("permission", run.prompt("RING_TWO_SUBS: two helpers"), ("waiting", "permission"),
             screen_text="from the general-purpose agent")
    seen = len(subagent_payloads(run, "PostToolUse"))
    run.step("other-works", wait_subagent(run, "PostToolUse", seen), ("waiting", "permission"),
             note="after one more tool call of the working subagent")
    run.step("approved", run.keys("Enter"), ("working", ""), screen_text="RING-TWOSUBS-DONE",
             note="the dialog is gone; the busy subagent still works")
    reply_check(run, "command-ran", marker.exists(), f"marker {'exists' if marker.exists() else 'absent'}")
    settled(run, "RING-DEFAULT-DONE")
    run.exit_step()


def sc_subagent_ends(run: ClaudeRun) -> None:
    """A background subagent ends while the main turn's question stands: still waiting."""
    run.start_step()
    run.step("question", run.prompt("RING_SUB_ENDS: choose while a quick helper works"),
             ("waiting", "question"), screen_text="Which color should the ring be?")
    ended = len(subagent_payloads(run, "SubagentStop"))
    run.step("subagent-ended", wait_subagent(run, "SubagentStop", ended),
             ("waiting", "question"), note="after the subagent's SubagentStop")
    run.step("reminded", reminded(run), ("waiting", "question"),
             note="after Claude's permission_prompt, which came after the subagent's end")
    # The subagent's result went back to Claude with the answer: no turn of its own.
    run.step("answered", run.keys("Enter"), ("idle", ""), screen_text="RING-SUBENDS-DONE")
    run.exit_step()


# ---- two Claudes in one folder (issue 29's misses) ----------------------------------------
class Side:
    """One Claude of a two-pane scenario: its pane, the pane's shell, its session and pid."""

    def __init__(self, pane: str, pane_pid: int):
        self.pane, self.pane_pid = pane, pane_pid
        self.sid: str | None = None
        self.pid: int | None = None


def use(run: ClaudeRun, side: Side, others: list[Side]) -> None:
    """Makes `side` the run's pane and session; the live sessions of `others` are allowed."""
    run.h.pane, run.h.pane_pid = side.pane, side.pane_pid
    run.sid, run.pid = side.sid, side.pid
    run.others = {o.sid for o in others if o.sid}


def start_in(run: ClaudeRun, side: Side, name: str) -> None:
    """A new claude in `side`'s pane (the run's current one): its pid, session, idle step."""
    old = side.pid
    run.launch()
    _, pid = H.wait_until(lambda: [p for p in [run.h.agent_pid()] if p and p != old], 20)
    if pid:
        side.pid = run.pid = pid[0]
        run.pids.append(side.pid)
        _, sf = H.wait_until(lambda: run.session_file(side.pid), 30)
        if sf:
            side.sid = run.sid = sf.get("sessionId")
            run.sids.append(side.sid)
    run.step(name, None, ("idle", ""), screen_text="? for shortcuts")


def sc_two_claudes(run: ClaudeRun) -> None:
    """Two Claudes in one folder, in two windows. B asks a question, A exits: A stays ended
    and B's pane keeps its question (the exiting Claude writes its transcript last). Then B
    exits too and a fresh Claude starts in B's pane: idle, not B's old question."""
    h = run.h
    a = Side(h.pane, h.pane_pid)
    use(run, a, [])
    run.start_step("a-start")
    a.sid, a.pid = run.sid, run.pid
    run.step("a-prompt", run.prompt("RING_HELLO: hi"), ("idle", ""), screen_text="RING-HELLO-DONE")
    h.tmux("new-window", "-t", "main", "-c", str(h.work), H.SHELL_CMD)
    ids = h.tmux("list-panes", "-s", "-t", "main", "-F", "#{pane_id} #{pane_pid}").split("\n")
    pane, pane_pid = [l.split() for l in ids if l.strip()][-1]
    b = Side(pane, int(pane_pid))
    use(run, b, [a])
    h.wait_screen(lambda s: H.SHELL_PROMPT.strip() in s, 15, "shell prompt")
    start_in(run, b, "b-start")
    run.step("b-asks", run.prompt("RING_ASK_BACK: paint the ring"), ("waiting", "question"),
             screen_text="red or blue?")
    use(run, a, [b])
    run.exit_step()
    # The status job (every 2 s) repairs badges from what the board says: give it time.
    run.step("a-stays-ended", lambda: time.sleep(6), ENDED)
    use(run, b, [])
    run.step("b-still-asks", None, ("waiting", "question"), screen_text="red or blue?",
             note="after A exited")
    run.exit_step()
    h.send_keys("C-l")
    start_in(run, b, "fresh-start")
    run.step("fresh-stays-idle", lambda: time.sleep(6), ("idle", ""),
             note="B's question must not come back on the fresh Claude")
    run.exit_step()


NOTES = "ROOT/notes.jsonl"


def sc_ask_rings_once(run: ClaudeRun) -> None:
    """AskUserQuestion with `waiting_cooldown_seconds = 0`: Claude sends PreToolUse, then
    PermissionRequest, then ~6 s later a permission_prompt Notification, all for the one
    question; ring rings once (a `command` channel appends each note to a file)."""
    notes = Path(NOTES.replace("ROOT", str(run.h.root)))

    def count() -> int:
        try:
            return sum(1 for line in notes.read_text().splitlines() if line.strip())
        except OSError:
            return 0
    run.start_step()
    run.step("ask-dialog", run.prompt("RING_ASK_TOOL: choose"), ("waiting", "question"),
             screen_text="Which color should the ring be?")
    run.step("ask-dialog-notified", None, ("waiting", "question"),
             wait_payload="Notification", note="after Claude's Notification")
    # The notes go out from a detached child: give the last one time to land.
    H.wait_until(lambda: count() > 1, 4, 0.2)
    reply_check(run, "rang-once", count() == 1, f"{count()} notes for one question")
    run.step("ask-answered", run.keys("Enter"), ("idle", ""), screen_text="RING-ASKTOOL-DONE")
    reply_check(run, "still-once", count() == 1, f"{count()} notes")
    run.exit_step()


SCENARIOS = {
    "basic": (sc_basic, {}),
    "question": (sc_question, {"claude_json_extra": {"messageIdleNotifThresholdMs": 4000}}),
    "ask_tool": (sc_ask_tool, {}),
    "plan": (sc_plan, {}),
    "plan_file": (sc_plan_file, {}),
    "esc_thinking": (sc_esc_thinking, {}),
    "esc_permission": (sc_esc_permission, {}),
    "api_error": (sc_api_error, {}),
    "kill9": (sc_kill9, {}),
    "nohooks": (sc_nohooks, {"hooks": False, "native_layout": True}),
    "reply": (sc_reply, {}),
    "reply_subagent": (sc_reply_subagent, {}),
    "reply_ask": (sc_reply_ask, {}),
    "reply_plan": (sc_reply_plan, {}),
    "bg_question": (sc_bg_question, {}),
    "two_subagents": (sc_two_subagents, {}),
    "subagent_ends": (sc_subagent_ends, {}),
    "two_claudes": (sc_two_claudes, {}),
    "ask_rings_once": (sc_ask_rings_once, {"ring_config": (
        "waiting_cooldown_seconds = 0\nnotify_backend = \"command\"\nnotify_repeat_max = 0\n"
        f"notify_command = \"cat > /dev/null; echo note >> {NOTES}\"\n")}),
}


def main() -> int:
    return H.suite_main(__doc__, ClaudeRun, SCENARIOS, "claude")


if __name__ == "__main__":
    sys.exit(main())
