#!/usr/bin/env python3
"""End-to-end scenarios of the real Pi (npm `@mariozechner/pi-coding-agent`, 0.73.1) against
ring, in a private tmux server.

Each scenario gets a throwaway HOME: Pi's `~/.pi/agent/models.json` points a custom
OpenAI-compatible provider at mock_openai.py on 127.0.0.1 (Chat Completions), Pi runs with
`PI_OFFLINE=1` (no update check, no downloads), and `~/.pi/agent/extensions/` holds ring's
extension (written by `ring-tmux install-hooks`), Pi's own example permission gate (copied from
the installed package: Pi has no permission prompts of its own) and a recorder that logs every
lifecycle event. A tmux server with ring.tmux loaded runs Pi in a pane driven with send-keys.
After every step it reads what a person sees (capture-pane: the truth) and polls, up to a
deadline, what ring shows: the board (`ring-tmux json --all`) and the pane's badge
(@ring_state / @ring_kind). One line per step:

    PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>

then `N passed, M failed`; exit 1 when any failed.

  python3 scripts/agents/pi_scenarios.py [--only NAME[,NAME]] [--keep] [--list]

Environment: RING_BIN (default target/debug/ring-tmux), RING_AGENTS_BIN (default
~/.cache/ring-ci/agents/node_modules/.bin).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness as H  # noqa: E402
from harness import fmt, wait_until  # noqa: E402
from mock_openai import MockOpenAI  # noqa: E402

DEADLINE = 15.0
TALLY = H.Tally()

# Logs every lifecycle event Pi gives extensions, one JSON line each (what the findings quote).
RECORDER_EXTENSION = r'''import { appendFileSync } from "node:fs"
const EVENTS = ["session_start", "session_shutdown", "agent_start", "agent_end", "turn_start",
  "turn_end", "tool_execution_start", "tool_execution_end", "tool_call", "input"]
export default function (pi) {
  for (const name of EVENTS) {
    pi.on(name, async (event, ctx) => {
      let session = ""
      try { session = ctx.sessionManager.getSessionId() } catch {}
      appendFileSync(__LOG__, JSON.stringify({ t: Date.now(), name, session, keys: Object.keys(event ?? {}) }) + "\n")
    })
  }
}
'''


def pi_models(port: int) -> dict:
    return {
        "providers": {
            "mock": {
                "baseUrl": f"http://127.0.0.1:{port}/v1",
                "api": "openai-completions",
                "apiKey": "sk-mock",
                "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                "models": [{"id": "mock-model"}],
            }
        }
    }


def package_dir() -> Path:
    """The installed Pi package (its examples hold the permission gate)."""
    return Path(H.AGENTS_BIN).parent / "@mariozechner" / "pi-coding-agent"


def screen_state(screen: str, command: str) -> tuple[str, str]:
    """What a person sees in Pi's TUI (a question is told apart by the step: see check)."""
    if command != "pi":
        return "ended", ""
    if "Dangerous command" in screen and "enter select" in screen:
        return "waiting", "permission"
    if "Working..." in screen:
        return "working", ""
    if "mock-model" in screen:
        return "idle", ""
    return "unknown", ""


class Run:
    def __init__(self, name: str, args):
        self.name = name
        self.h = H.Harness(f"pi-{name}", keep=args.keep)
        self.mock = MockOpenAI().start()
        self.events_log = self.h.root / "pi_events.jsonl"
        agent = self.h.home / ".pi" / "agent"
        extensions = agent / "extensions"
        extensions.mkdir(parents=True, exist_ok=True)
        (agent / "models.json").write_text(json.dumps(pi_models(self.mock.port), indent=2))
        (agent / "settings.json").write_text(json.dumps({
            "defaultProvider": "mock", "defaultModel": "mock-model",
            "enableInstallTelemetry": False, "quietStartup": True}, indent=2))
        shutil.copy(package_dir() / "examples" / "extensions" / "permission-gate.ts",
                    extensions / "permission-gate.ts")
        (extensions / "recorder.ts").write_text(
            RECORDER_EXTENSION.replace("__LOG__", json.dumps(str(self.events_log))))
        self.install_out = self.h.install_hooks()
        if not (extensions / "ring-tmux.ts").exists():
            raise RuntimeError(f"install-hooks wrote no Pi extension:\n{self.install_out}")
        self.h.extra_env.update({"PI_OFFLINE": "1", "PI_SKIP_VERSION_CHECK": "1"})
        self.h.start_tmux()
        self.attach()

    def attach(self) -> None:
        """A client attached to the server (from a second, outer tmux server), so tmux runs
        the status line and ring's status job (as opencode_scenarios.py)."""
        for option, value in [("status-right", "#{ring_status} "), ("status-interval", "1"),
                              ("@ring-status-interval", "1")]:
            self.h.tmux("set-option", "-g", option, value)
        self.h.tmux("run-shell", H.RING_TMUX_PLUGIN)
        self.h.attach_client("-s", "outer")

    def close(self) -> None:
        self.h.close()
        self.mock.stop()

    # ---- driving
    def boot(self) -> None:
        self.h.send_text(os.path.join(H.AGENTS_BIN, "pi"))
        ok, _ = wait_until(lambda: self.screen() == ("idle", ""), 120, 0.3)
        if not ok:
            raise RuntimeError(f"Pi did not start:\n{self.h.capture()}")

    def prompt(self, text: str) -> None:
        before = self.mock.request_count()
        self.h.send_text(text)
        for _ in range(2):
            if self.mock.wait_requests(before + 1, 6):
                return
            self.h.send_keys("Enter")

    def command(self) -> str:
        return self.h.tmux("display", "-p", "-t", self.h.pane, "#{pane_current_command}").strip()

    def screen(self) -> tuple[str, str]:
        return screen_state(self.h.capture(), self.command())

    def rows(self) -> list[dict]:
        work = os.path.realpath(self.h.work)
        rows = [r for r in self.h.board() if r.get("provider") == "pi"
                and os.path.realpath(r.get("cwd") or "/nonexistent") == work]
        rows.sort(key=lambda r: r.get("last_active") or 0)
        return rows

    # ---- checking
    def check(self, step: str, want: tuple[str, str], question: str = "",
              screen_timeout: float = 30) -> bool:
        """Waits for the screen to show `want` (a question: Pi idle with `question` on screen),
        then polls ring until its board row and the pane badge match, up to DEADLINE seconds.
        Exactly one live Pi row is in the folder, and it is this pane's."""
        def on_screen() -> bool:
            if question:
                return self.screen() == ("idle", "") and question in self.h.capture()
            return self.screen() == want
        if not wait_until(on_screen, screen_timeout, 0.2)[0]:
            return self.record(False, step, self.screen(), "?", "?",
                               f"screen never showed {fmt(*want)}")

        def observe():
            return self.rows(), self.h.badge()

        def matches(obs) -> tuple[bool, str]:
            rows, badge = obs
            state, kind = want
            live = [r for r in rows if r.get("status") != "ended"]
            if state == "ended":
                return not live and badge == ("", ""), f"{len(live)} live pi rows"
            if len(live) != 1:
                return False, f"{len(live)} live pi rows (want 1)"
            row = live[0]
            notes = []
            ok = (row.get("status"), row.get("waiting_kind") or "") == (state, kind)
            if row.get("tmux_pane") != self.h.pane:
                ok = False
                notes.append(f"board pane {row.get('tmux_pane')} (want {self.h.pane})")
            return ok and badge == (state, kind), "; ".join(notes)

        ok, note, (rows, badge) = H.poll_match(observe, matches, DEADLINE)
        live = [r for r in rows if r.get("status") != "ended"] or rows[-1:]
        board = "none" if not live else fmt(live[-1].get("status", "?"),
                                            live[-1].get("waiting_kind") or "")
        return self.record(ok, step, want, board, fmt(*badge), note)

    def record(self, ok: bool, step: str, truth, board: str, badge: str, note: str = "") -> bool:
        return TALLY.record(ok, self.name, step, fmt(*truth), board, badge, note)

    def events(self) -> list[str]:
        return [r.get("name", "?") for r in H.read_jsonl(self.events_log)]


def scenario_gate(run: Run) -> None:
    """start (idle) → prompt (working) → the permission gate's dialog (waiting/permission) →
    approve (working) → the turn ends (idle) → a turn that ends in a question
    (waiting/question) → Ctrl+D (ended)."""
    run.boot()
    run.check("start", ("idle", ""))
    run.mock.set_hold(True)
    run.mock.push([{"shell": "rm -rf nothing-here", "description": "Remove nothing-here"}])
    run.mock.push([{"message": "Removed nothing-here."}])
    run.prompt("remove nothing-here")
    run.check("prompt", ("working", ""))
    run.mock.set_hold(False)
    run.check("permission", ("waiting", "permission"))
    # Hold the turn after the approval so the working screen stays long enough to be seen.
    run.mock.set_hold(True)
    before = run.mock.request_count()
    run.h.send_keys("Enter")  # "Yes" is selected
    run.mock.wait_requests(before + 1, 20)
    run.check("approved", ("working", ""))
    run.mock.set_hold(False)
    wait_until(lambda: "Removed nothing-here." in run.h.capture(), 30, 0.2)
    run.check("turn-ends", ("idle", ""))
    run.mock.push([{"message": "Shall I clean build/ too?"}])
    run.prompt("anything else?")
    run.check("question", ("waiting", "question"), question="Shall I clean build/ too?")
    run.h.send_keys("C-d")
    run.check("exit", ("ended", ""))


def scenario_reject(run: Run) -> None:
    """A refused gate: waiting/permission → working (Pi tells the model it was blocked) →
    idle; then /new replaces the session (still one row) and Ctrl+D ends it."""
    run.boot()
    run.mock.push([{"shell": "sudo rm -rf /tmp/nothing", "description": "Remove"}])
    run.mock.push([{"message": "Blocked, leaving it."}])
    run.prompt("remove /tmp/nothing")
    run.check("permission", ("waiting", "permission"))
    run.h.send_keys("Down")
    time.sleep(0.3)
    run.h.send_keys("Enter")  # "No"
    wait_until(lambda: "Blocked, leaving it." in run.h.capture(), 30, 0.2)
    run.check("refused", ("idle", ""))
    run.h.send_text("/new")
    time.sleep(1)
    run.check("new-session", ("idle", ""))
    run.h.send_keys("C-d")
    run.check("exit", ("ended", ""))


SCENARIOS = {
    "gate": scenario_gate,
    "reject": scenario_reject,
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
                print(f"  events: {' '.join(dict.fromkeys(run.events()))}")
        except Exception as err:  # a scenario that cannot go on is one failed step
            TALLY.line(False, f"FAIL {name}/setup: {err}")
            traceback.print_exc()
        finally:
            if run is not None:
                run.close()
    return TALLY.finish()


if __name__ == "__main__":
    sys.exit(main())
