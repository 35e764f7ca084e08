#!/usr/bin/env python3
"""The real Gemini CLI, driven in a real tmux, offline against mock_gemini.py, compared at every
step with what ring shows.

    python3 scripts/agents/gemini_scenarios.py [--only NAME[,NAME…]] [--keep] [--no-fixtures]

Per step: an action (keys into the pane), then the screen must reach a state (the truth: what
a person sees), then ring gets up to --ring-deadline seconds (3 by default) to show the same
on its board (`ring-tmux json --all`: the session's `status` / `waiting_kind`) and on the
pane's badge (`@ring_state` / `@ring_kind`). One line per step:

    PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>

and at the end `N passed, M failed` (exit 1 when any failed). ring's hooks are installed by
`ring-tmux install-hooks` into the throwaway HOME's ~/.gemini/settings.json, next to a
recorder on every Gemini event; the project folder is trusted in ~/.gemini/trustedFolders.json
(Gemini CLI runs no hook in a folder it does not trust). Fixtures (raw hook payloads as Gemini
sent them and the step table) are written under ring-shared/tests/fixtures/agents/gemini/
unless --no-fixtures.

Environment: RING_BIN (default target/debug/ring-tmux), RING_AGENTS_BIN (the folder holding
`gemini`, default ~/.cache/ring-ci/agents/node_modules/.bin).
"""
from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as H  # noqa: E402

HERE = Path(__file__).resolve().parent
MOCK = HERE / "mock_gemini.py"
FIXTURES = H.REPO / "ring-shared/tests/fixtures/agents/gemini"
GEMINI_VERSION = "0.61.0"
API_KEY = "ring-mock-gemini-key"
ENDED = H.ENDED

# Every event Gemini CLI 0.61.0 sends to command hooks (its settings schema).
GEMINI_EVENTS = [
    "SessionStart", "SessionEnd", "BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool",
    "Notification", "PreCompress", "BeforeModel", "AfterModel", "BeforeToolSelection",
]


def last_gemini_text(screen: str) -> str:
    """The last `✦ ` paragraph on screen (Gemini's last answer)."""
    lines = screen.splitlines()
    start = None
    for i, line in enumerate(lines):
        if line.lstrip().startswith("✦ "):
            start = i
    if start is None:
        return ""
    para = [lines[start].lstrip()[2:].strip()]
    for line in lines[start + 1:]:
        s = line.strip()
        if not s or s[0] in "╭│╰─>✦ℹ" or not line.startswith("  "):
            break
        para.append(s)
    return " ".join(para).strip()


def gemini_screen_state(screen: str) -> tuple[str, str]:
    """What a person sees in a pane running Gemini CLI 0.61: (state, kind)."""
    lines = [l for l in screen.splitlines() if l.strip()]
    tail = "\n".join(lines[-40:])
    if re.search(r"Allow execution of|Apply this change\?|Allow once", tail):
        return "waiting", "permission"
    # The shell's prompt on or below Gemini's input line: Gemini is gone (after /quit the
    # prompt is the last line; after a kill -9 it lands inside Gemini's last drawn frame).
    shell_at = [i for i, l in enumerate(lines) if H.SHELL_PROMPT.strip() in l]
    input_at = [i for i, l in enumerate(lines) if "Type your message" in l or l.startswith(" > ")]
    if shell_at and (not input_at or shell_at[-1] >= input_at[-1]):
        return "ended", ""
    if not any("Type your message" in l for l in lines[-8:]):
        return "unknown", ""
    # Its spinner line while a turn runs: "⠋ <phrase> (esc to cancel, 3s)".
    if re.search(r"esc to cancel", "\n".join(lines[-10:])):
        return "working", ""
    if last_gemini_text(screen).endswith("?"):
        return "waiting", "question"
    return "idle", ""


class GeminiRun(H.AgentRun):
    """One scenario: a Harness with Gemini's settings, the mock, hooks, an attached client."""

    EXIT_COMMAND = "/quit"

    def __init__(self, rec: H.Recorder, scenario: str, keep: bool, write_fixtures: bool = True):
        super().__init__(rec, scenario, "gemini-" + scenario, keep,
                         write_fixtures=write_fixtures)
        # self.sid is ring's id: gemini:<session_id>; self.sids Gemini's own.

    # ---- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        h = self.h
        port = h.start_mock(MOCK)
        h.extra_env.update({
            "GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}",
            "GEMINI_API_KEY": API_KEY,
            "NO_BROWSER": "1",
        })
        gemini_dir = h.home / ".gemini"
        gemini_dir.mkdir(exist_ok=True)
        settings = {
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "privacy": {"usageStatisticsEnabled": False},
            "general": {"disableAutoUpdate": True, "disableUpdateNag": True},
            "telemetry": {"enabled": False},
        }
        (gemini_dir / "settings.json").write_text(json.dumps(settings, indent=2) + "\n")
        (gemini_dir / "trustedFolders.json").write_text(
            json.dumps({str(h.work): "TRUST_FOLDER"}, indent=2) + "\n")
        h.path_dirs.insert(1, H.AGENTS_BIN)
        out = subprocess.run([H.RING_BIN, "install-hooks", "--yes"], env=h.base_env(),
                             capture_output=True, text=True, timeout=30)
        if out.returncode != 0 or "Gemini CLI" not in out.stdout:
            raise RuntimeError(f"install-hooks: {out.stdout}{out.stderr}")
        self.add_recorder_hooks()
        h.start_tmux_attached()

    def add_recorder_hooks(self) -> None:
        """Adds, next to ring's hooks, a recorder on every Gemini event (ring's untouched)."""
        h = self.h
        rec = h.root / "record_hook.py"
        rec.write_text(H.RECORDER_SOURCE)
        rec.chmod(0o755)
        path = h.home / ".gemini/settings.json"
        settings = json.loads(path.read_text())
        hooks = settings.setdefault("hooks", {})
        cmd = f"/usr/bin/env python3 {shlex.quote(str(rec))} {shlex.quote(str(h.recorded))}"
        for event in GEMINI_EVENTS:
            hooks.setdefault(event, []).append(
                {"hooks": [{"type": "command", "command": cmd, "timeout": 30000}]})
        path.write_text(json.dumps(settings, indent=2) + "\n")

    # ---- readings ----------------------------------------------------------------------
    def screen_state(self, screen: str) -> tuple[str, str]:
        return gemini_screen_state(screen)

    def after_screen(self) -> None:
        """The session's id, from the first SessionStart payload the recorder got."""
        if self.sid is None:
            start = self.payload_since("SessionStart")
            if start:
                self.sids.append(start["session_id"])
                self.sid = "gemini:" + start["session_id"]

    @staticmethod
    def describe(p: dict) -> str:
        bits = []
        for k in ("source", "reason", "notification_type", "tool_name", "stop_hook_active"):
            if k in p:
                bits.append(f"{k}={p[k]}")
        if "prompt_response" in p:
            bits.append(f"prompt_response={str(p['prompt_response'])[:60]!r}")
        return p.get("hook_event_name", "?") + (" " + " ".join(bits) if bits else "")

    # ---- actions -----------------------------------------------------------------------
    def start_step(self) -> bool:
        self.h.send_text("gemini")
        return self.step("start", None, ("idle", ""), screen_text="Type your message",
                         wait_payload="SessionStart")

    def gemini_pid(self) -> int | None:
        """The node process that runs the session: Gemini relaunches itself as a child of the
        `node …/gemini` the shell started."""
        outer = self.h.agent_pid("gemini")
        if not outer:
            return None
        inner = [k for k in self.h.children(outer)
                 if "gemini" in " ".join((H.proc_info(k) or {}).get("cmdline", []))]
        return inner[0] if inner else outer

    # ---- fixtures ----------------------------------------------------------------------
    def save_fixtures(self) -> None:
        if not self.write_fixtures:
            return
        h = self.h
        pairs = h.placeholders()
        for i, sid in enumerate(self.sids):
            pairs.append((sid, "SESSION-ID" if i == 0 else f"SESSION-ID-{i + 1}"))
            pairs.append((sid[:8], "SESSION8" if i == 0 else f"SESSION8-{i + 1}"))

        def norm(obj):
            if isinstance(obj, dict):
                return {k: norm(v) for k, v in obj.items()}
            if isinstance(obj, list):
                return [norm(x) for x in obj]
            if isinstance(obj, str):
                for a, b in pairs:
                    obj = obj.replace(a, b)
                obj = re.sub(r"/tmp/ring-claude-gemini-[^\s\"]*", "/ROOT", obj)
                obj = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", obj)
                obj = re.sub(r"PGID: \d+", "PGID: PID", obj)
                obj = re.sub(r"_\d{13}_", "_TIMESTAMP_", obj)
                return re.sub(r"\d{4}-\d\d-\d\dT\d\d[-:]\d\d[-:0-9.Z]*", "TIMESTAMP", obj)
            return obj

        FIXTURES.mkdir(parents=True, exist_ok=True)
        base = FIXTURES / self.scenario
        with open(f"{base}.jsonl", "w") as f:
            for p in h.agent_payloads():
                pl = {k: v for k, v in p["payload"].items()
                      if k not in ("llm_request", "llm_response")}
                f.write(json.dumps(norm(pl)) + "\n")
        meta = {
            "gemini_version": GEMINI_VERSION,
            "hooks": "ring-tmux install-hooks + a recorder on every event "
                     "(llm_request / llm_response of the model events left out)",
            "placeholders": "/HOME, /WORK, /TMP, /ROOT, SESSION-ID[-n], SESSION8 (its first 8 "
                            "characters), TIMESTAMP, 127.0.0.1:PORT, PGID: PID",
            "steps": [norm(s) for s in self.steps],
        }
        with open(f"{base}.steps.json", "w") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")


# ---- scenarios ---------------------------------------------------------------------------

def sc_basic(run: GeminiRun) -> None:
    """start; a prompt (working, then idle); a shell command needing approval; approve; /quit."""
    run.start_step()
    run.step("prompt", run.prompt("RING_SLOW_WORK: take a few seconds"), ("working", ""))
    run.step("prompt-done", None, ("idle", ""), screen_text="RING-SLOW-DONE")
    run.step("shell-dialog", run.prompt("RING_RUN_SHELL: write the marker"),
             ("waiting", "permission"), screen_text="Allow execution",
             wait_payload="Notification", note="after Gemini's ToolPermission Notification")
    run.step("approve", run.keys("Enter"), ("working", ""))
    run.step("approve-done", None, ("idle", ""), screen_text="RING-SHELL-DONE")
    run.exit_step()


def sc_question(run: GeminiRun) -> None:
    """A final answer ending with a question, then the user's answer."""
    run.start_step()
    run.step("text-question", run.prompt("RING_ASK_BACK: paint the ring"),
             ("waiting", "question"), screen_text="red or blue?")
    run.step("answer", run.prompt("RING_HELLO: blue"), ("idle", ""),
             screen_text="RING-HELLO-DONE")
    run.exit_step()


def sc_kill9(run: GeminiRun) -> None:
    """kill -9 of Gemini's session process: its row ends (liveness finds node's script)."""
    run.start_step()
    run.step("prompt-done", run.prompt("RING_HELLO: hi"), ("idle", ""),
             screen_text="RING-HELLO-DONE")
    pid = run.gemini_pid()

    def kill():
        if pid:
            os.kill(pid, signal.SIGKILL)
    run.step("kill-9", kill, ENDED, note=f"killed {'the session process' if pid else 'nothing'}")


def sc_esc_permission(run: GeminiRun) -> None:
    """Esc on an approval dialog (a deny: no hook, only "Request cancelled." in Gemini's chat
    file, which ring reads), then the next prompt."""
    run.start_step()
    run.step("shell-dialog", run.prompt("RING_RUN_SHELL: write the marker"),
             ("waiting", "permission"), screen_text="Allow execution",
             wait_payload="Notification")
    run.step("esc-deny", run.keys("Escape"), ("idle", ""), screen_text="Request cancelled")
    run.step("prompt-after-esc", run.prompt("RING_AGAIN: again"), ("idle", ""),
             screen_text="RING-AGAIN-DONE")
    run.exit_step()


def sc_esc_thinking(run: GeminiRun) -> None:
    """Esc while the model thinks (the mock sends nothing for a long time)."""
    run.start_step()
    run.step("thinking", run.prompt("RING_THINK_LONG: think"), ("working", ""))
    run.step("esc", run.keys("Escape"), ("idle", ""))
    run.step("prompt-after-esc", run.prompt("RING_AGAIN: again"), ("idle", ""),
             screen_text="RING-AGAIN-DONE")
    run.exit_step()


SCENARIOS = {
    "basic": (sc_basic, {}),
    "esc_permission": (sc_esc_permission, {}),
    "esc_thinking": (sc_esc_thinking, {}),
    "question": (sc_question, {}),
    "kill9": (sc_kill9, {}),
}
# Run only when named (--only): none at the moment.
KNOWN_GAPS: dict = {}


def main() -> int:
    return H.suite_main(__doc__, GeminiRun, SCENARIOS, "gemini", KNOWN_GAPS)


if __name__ == "__main__":
    sys.exit(main())
