#!/usr/bin/env python3
"""End-to-end scenarios of the real GitHub Copilot CLI (npm `@github/copilot`, 1.0.102)
against ring, in a private tmux server.

Each scenario gets a throwaway HOME: Copilot runs offline (`COPILOT_OFFLINE=true`) against
mock_openai.py's Chat Completions on 127.0.0.1 (`COPILOT_PROVIDER_BASE_URL`), its project
folder trusted in ~/.copilot/config.json, ring's hooks installed by
`ring-tmux install-hooks --agent copilot --yes` (~/.copilot/hooks/ring-tmux.json) next to a
recorder on every event Copilot sends. A tmux server with ring.tmux loaded (and a client
attached, so the status job runs) starts Copilot in a pane driven with send-keys. After every
step it reads what a person sees (capture-pane: the truth) and polls, up to a deadline, what
ring shows: the board (`ring-tmux json --all`) and the pane's badge (@ring_state /
@ring_kind). One line per step:

    PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>

then `N passed, M failed`; exit 1 when any failed. What Copilot sends and writes, step by
step: scripts/agents/COPILOT-FINDINGS.md.

  python3 scripts/agents/copilot_scenarios.py [--only NAME[,NAME]] [--keep] [--list]

Environment: RING_BIN (default target/debug/ring-tmux), RING_AGENTS_BIN (default
~/.cache/ring-ci/agents/node_modules/.bin), COPILOT_PKG_CACHE_HOME (where Copilot unpacks its
235 MB runtime once, not into each throwaway HOME; default `copilot-pkg/` beside
RING_AGENTS_BIN's node_modules).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness as H  # noqa: E402
from harness import fmt, wait_until  # noqa: E402
from mock_openai import MockOpenAI  # noqa: E402

# How long ring gets to show what the screen shows (ring's hook and the agent's own log are
# read at once; generous for 2 busy cores).
DEADLINE = 10.0
TALLY = H.Tally()
MODEL = "mock-model"

# Every event Copilot CLI 1.0.102 runs hooks for, in both of its spellings (the camelCase
# ones get its own payloads, the PascalCase ones Claude-style payloads).
COPILOT_EVENTS = [
    "sessionStart", "sessionEnd", "userPromptSubmitted", "preToolUse", "postToolUse",
    "errorOccurred", "agentStop", "subagentStop", "notification", "permissionRequest",
    "SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse",
    "PostToolUseFailure", "PermissionRequest", "Stop", "SubagentStop",
]


def pkg_cache() -> Path:
    """Where Copilot unpacks its runtime: COPILOT_PKG_CACHE_HOME (e2e-agents.sh sets it), else
    beside the agents' node_modules."""
    given = os.environ.get("COPILOT_PKG_CACHE_HOME")
    return Path(given) if given else Path(H.AGENTS_BIN).resolve().parent.parent / "copilot-pkg"


def copilot_env(port: int) -> dict[str, str]:
    return {
        "COPILOT_OFFLINE": "true",
        "COPILOT_PROVIDER_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "COPILOT_PROVIDER_API_KEY": "sk-mock",
        "COPILOT_MODEL": MODEL,
        "COPILOT_AUTO_UPDATE": "false",
        "COPILOT_PKG_CACHE_HOME": str(pkg_cache()),
    }


def prepare_home(h: H.Harness, port: int) -> None:
    """Copilot's settings in the throwaway HOME: the project folder trusted (else its "Confirm
    folder trust" dialog comes first), the offline provider in the panes' environment."""
    copilot = h.home / ".copilot"
    copilot.mkdir(exist_ok=True)
    (copilot / "config.json").write_text(json.dumps(
        {"firstLaunchAt": "2026-01-01T00:00:00.000Z", "appTipShown": True,
         "trustedFolders": [str(h.work)]}, indent=2) + "\n")
    h.extra_env.update(copilot_env(port))
    # The pane's bash writes ~/.bash_history when the server is killed, after the folder is
    # removed: none, so nothing is left behind in /tmp.
    h.extra_env["HISTFILE"] = ""
    pkg_cache().mkdir(parents=True, exist_ok=True)


def install_hooks(h: H.Harness, recorder: bool = True) -> str:
    """ring's hooks by the real `install-hooks`, then a recorder on every event in a file of
    its own (ring's untouched)."""
    out = subprocess.run([H.RING_BIN, "install-hooks", "--agent", "copilot", "--yes"],
                         env=h.base_env(), capture_output=True, text=True, timeout=30)
    ring_file = h.home / ".copilot/hooks/ring-tmux.json"
    if out.returncode != 0 or not ring_file.is_file():
        raise RuntimeError(f"install-hooks: {out.stdout}{out.stderr}")
    if recorder:
        rec = h.root / "record_hook.py"
        rec.write_text(H.RECORDER_SOURCE)
        rec.chmod(0o755)
        cmd = f"/usr/bin/env python3 {shlex.quote(str(rec))} {shlex.quote(str(h.recorded))}"
        hooks = {e: [{"type": "command", "bash": cmd, "timeoutSec": 30}] for e in COPILOT_EVENTS}
        (h.home / ".copilot/hooks/recorder.json").write_text(
            json.dumps({"version": 1, "hooks": hooks}, indent=2) + "\n")
    return out.stdout


def screen_state(screen: str, cursor_line: str = "") -> tuple[str, str]:
    """What a person sees in Copilot CLI 1.0.102's TUI: its dialog, its footer while a turn
    runs ("◉ Working esc …") or at rest ("/ commands · ? help"), or the shell back: its prompt
    last, or where the cursor is (`cursor_line`: after a kill -9 the terminal stays on the
    alternate screen, the prompt lands at its top over Copilot's last frame)."""
    lines = [l for l in screen.splitlines() if l.strip()]
    prompt = H.SHELL_PROMPT.strip()
    if (lines and prompt in lines[-1]) or prompt in cursor_line:
        return "ended", ""
    tail = "\n".join(lines[-30:])
    if "Do you want to run this command?" in tail:
        return "waiting", "permission"
    footer = "\n".join(lines[-2:])
    if re.search(r"Working\b", footer):
        return "working", ""
    if "/ commands" in footer:
        return "idle", ""
    return "unknown", ""


def copilot_rows(h: H.Harness) -> list[dict]:
    work = os.path.realpath(h.work)
    return [r for r in h.board() if r.get("provider") == "copilot"
            and os.path.realpath(r.get("cwd") or "/nonexistent") == work]


def newest_row(h: H.Harness) -> dict | None:
    """The newest Copilot row of the harness's folder (a live process before the first
    prompt, then the hook row of the session Copilot opens at it)."""
    rows = copilot_rows(h)
    live = [r for r in rows if r.get("status") != "ended"]
    rows = live or rows
    rows.sort(key=lambda r: (r.get("source") == "hook", r.get("last_active") or 0))
    return rows[-1] if rows else None


class Run:
    def __init__(self, name: str, args):
        self.name = name
        self.h = H.Harness(f"copilot-{name}", keep=args.keep)
        self.mock = MockOpenAI().start()
        prepare_home(self.h, self.mock.port)
        self.install_out = install_hooks(self.h)
        self.h.start_tmux_attached()

    def close(self) -> None:
        self.h.close()  # the outer server too
        self.mock.stop()

    # ---- driving
    def boot(self) -> None:
        self.h.send_text(os.path.join(H.AGENTS_BIN, "copilot"))
        # 120 s: the first start unpacks Copilot's runtime (235 MB) into the shared cache.
        ok, _ = wait_until(lambda: self.screen()[0] == ("idle", ""), 120, 0.3)
        if not ok:
            raise RuntimeError(f"Copilot did not start:\n{self.h.capture()}")

    def prompt(self, text: str) -> None:
        before = self.mock.request_count()
        self.h.send_text(text)
        for _ in range(2):
            if self.mock.wait_requests(before + 1, 8):
                return
            self.h.send_keys("Enter")

    def screen(self) -> tuple[tuple[str, str], str]:
        """The screen's state and its text."""
        screen = self.h.capture()
        y = self.h.tmux("display", "-p", "-t", self.h.pane, "#{cursor_y}").strip()
        lines = screen.splitlines()
        cursor_line = lines[int(y)] if y.isdigit() and int(y) < len(lines) else ""
        return screen_state(screen, cursor_line), screen

    def copilot_pid(self) -> int | None:
        """The native `copilot` process (comm `MainThread`) under the npm loader's node."""
        loader = self.h.agent_pid("copilot")
        if loader is None:
            return None
        kids = [k for k in self.h.children(loader)
                if "copilot" in " ".join((H.proc_info(k) or {}).get("cmdline", []))]
        return kids[0] if kids else loader

    # ---- checking
    def check(self, step: str, want: tuple[str, str], screen_text: str | None = None,
              screen_timeout: float = 40) -> bool:
        """Waits for the screen to show `want` (and `screen_text`), then polls ring until its
        board row and the pane badge match, up to DEADLINE seconds."""
        def shown() -> bool:
            state, screen = self.screen()
            return state == want and (screen_text is None or screen_text in screen)
        if not wait_until(shown, screen_timeout, 0.2)[0]:
            state, screen = self.screen()
            last = [l.rstrip() for l in screen.splitlines() if l.strip()][-6:]
            return self.record(False, step, state, "?", "?",
                               f"screen never showed {fmt(*want)}"
                               + (f" with {screen_text!r}" if screen_text else "")
                               + "; its last lines: " + " | ".join(last))

        def observe():
            return newest_row(self.h), self.h.badge()

        def matches(obs) -> tuple[bool, str]:
            row, badge = obs
            state, kind = want
            if state == "ended":
                return (row is None or row.get("status") == "ended") and badge == ("", ""), ""
            if row is None:
                return False, "no copilot row"
            notes = []
            ok = (row.get("status"), row.get("waiting_kind") or "") == (state, kind)
            if row.get("tmux_pane") and row.get("tmux_pane") != self.h.pane:
                ok = False
                notes.append(f"board pane {row.get('tmux_pane')} (want {self.h.pane})")
            return ok and badge == (state, kind), "; ".join(notes)

        ok, note, (row, badge) = H.poll_match(observe, matches, DEADLINE)
        board = "none" if row is None else fmt(row.get("status", "?"), row.get("waiting_kind") or "")
        if row is not None:
            note = "; ".join(n for n in (note, f"source {row.get('source')}") if n)
        return self.record(ok, step, want, board, fmt(*badge), note)

    def record(self, ok: bool, step: str, truth, board: str, badge: str, note: str = "") -> bool:
        return TALLY.record(ok, self.name, step, fmt(*truth), board, badge, note)

    def events(self) -> list[str]:
        """Copilot's own event log of the session, its record types in order."""
        out = []
        for log in sorted((self.h.home / ".copilot/session-state").glob("*/events.jsonl")):
            out += [r.get("type", "?") for r in H.read_jsonl(log)]
        return out

    def dialog(self, step: str, command: str, note: str = "") -> None:
        """A prompt whose reply is a `bash` call of `command`: Copilot's approval dialog."""
        self.mock.push([{"shell": command, "description": "Run a command"}])
        self.prompt(f"run {command}")
        self.check(step, ("waiting", "permission"), screen_text="Do you want to run this command?")


def scenario_basic(run: Run) -> None:
    """start (idle: the live process, no hook yet) → a prompt (working) → its reply (idle) →
    a command's approval dialog (waiting/permission) → approve (working while the command
    runs: Copilot's log says approved, no hook until the command ends) → the turn ends (idle)
    → /exit (ended)."""
    run.boot()
    run.check("start", ("idle", ""))
    run.mock.set_hold(True)
    run.mock.push([{"message": "RING-HELLO-DONE"}])
    run.prompt("say hello")
    run.check("prompt", ("working", ""))
    run.mock.set_hold(False)
    run.check("prompt-done", ("idle", ""), screen_text="RING-HELLO-DONE")
    marker = run.h.work / "approved.txt"
    # A command that runs a while: its PostToolUse comes only when it ends.
    run.dialog("permission", f"sleep 25; touch {marker}")
    run.mock.push([{"message": "RING-APPROVED-DONE"}])
    run.h.send_keys("Enter")  # 1. Yes
    run.check("approve", ("working", ""))
    run.check("approve-done", ("idle", ""), screen_text="RING-APPROVED-DONE", screen_timeout=60)
    run.record(marker.exists(), "command-ran", ("idle", ""), "-", "-",
               "" if marker.exists() else "approved.txt missing")
    run.h.send_text("/exit")
    run.check("exit", ("ended", ""))


def scenario_deny(run: Run) -> None:
    """Deny with feedback ("3. No, and tell Copilot what to do differently"): no hook until the
    turn's Stop; the model is asked again at once (working: its log says denied), then the
    turn ends (idle)."""
    run.boot()
    marker = run.h.work / "denied.txt"
    run.dialog("permission", f"touch {marker}")
    run.mock.set_hold(True)
    run.mock.push([{"message": "RING-DENIED-DONE"}])
    run.h.send_keys("Down", "Down")
    time.sleep(0.3)
    run.h.send_text("not now")  # typed on option 3, then Enter
    run.check("deny", ("working", ""))
    run.mock.set_hold(False)
    run.check("deny-done", ("idle", ""), screen_text="RING-DENIED-DONE")
    run.record(not marker.exists(), "command-not-run", ("idle", ""), "-", "-",
               "denied.txt was written" if marker.exists() else "")
    run.h.send_text("/exit")
    run.check("exit", ("ended", ""))


def scenario_esc_permission(run: Run) -> None:
    """Esc on the approval dialog: no hook at all; Copilot's log says `permission.completed`
    cancelled and `abort` (idle). Then the next prompt works as usual."""
    run.boot()
    marker = run.h.work / "esc.txt"
    run.dialog("permission", f"touch {marker}")
    run.h.send_keys("Escape")
    run.check("esc", ("idle", ""), screen_text="Operation cancelled by user")
    run.mock.push([{"message": "RING-AGAIN-DONE"}])
    run.prompt("again")
    run.check("prompt-after-esc", ("idle", ""), screen_text="RING-AGAIN-DONE")
    run.record(not marker.exists(), "command-not-run", ("idle", ""), "-", "-",
               "esc.txt was written" if marker.exists() else "")
    run.h.send_text("/exit")
    run.check("exit", ("ended", ""))


def scenario_kill9(run: Run) -> None:
    """kill -9 of the native `copilot` (comm `MainThread`) while its dialog waits: no hook;
    its npm loader exits with it; liveness ends the row."""
    run.boot()
    run.dialog("permission", "touch never.txt")
    pid = run.copilot_pid()
    comm = (H.proc_info(pid) or {}).get("comm") if pid else None
    run.record(comm == "MainThread", "comm", ("waiting", "permission"), "-", "-",
               f"the native copilot's comm is {comm!r}")
    if pid:
        os.kill(pid, signal.SIGKILL)
    run.check("kill-9", ("ended", ""))


SCENARIOS = {
    "basic": scenario_basic,
    "deny": scenario_deny,
    "esc_permission": scenario_esc_permission,
    "kill9": scenario_kill9,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list:
        print("\n".join(SCENARIOS))
        return 0
    names = [n for n in args.only.split(",") if n] or list(SCENARIOS)
    for name in names:
        run = None
        try:
            run = Run(name, args)
            SCENARIOS[name](run)
            if args.keep:
                print(f"  kept {run.h.root} (tmux -L {run.h.socket})")
                print(f"  log: {' '.join(dict.fromkeys(run.events()))}")
        except Exception as err:  # a scenario that cannot go on is one failed step
            TALLY.line(False, f"FAIL {name}/setup: {err}")
            traceback.print_exc()
        finally:
            if run is not None:
                run.close()
    return TALLY.finish()


if __name__ == "__main__":
    sys.exit(main())
