#!/usr/bin/env python3
"""End-to-end scenarios of the real OpenCode (npm `opencode-ai`, 1.18.33) against ring, in a
private tmux server.

Each scenario gets a throwaway HOME: OpenCode's global config points a custom
OpenAI-compatible provider at mock_openai.py on 127.0.0.1 (Chat Completions), asks before
every `bash` call, and ring's plugin is installed by `ring-tmux install-hooks` into
~/.config/opencode/plugins/ next to a recorder plugin that logs every bus event. A tmux server
with ring.tmux loaded runs OpenCode in a pane driven with send-keys. After every step it reads
what a person sees (capture-pane: the truth) and polls, up to a deadline, what ring shows: the
board (`ring-tmux json --all`) and the pane's badge (@ring_state / @ring_kind). One line per step:

    PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>

then `N passed, M failed`; exit 1 when any failed.

  python3 scripts/agents/opencode_scenarios.py [--only NAME[,NAME]] [--keep] [--list]

Environment: RING_BIN (default target/debug/ring-tmux), RING_AGENTS_BIN (default
~/.cache/ring-ci/agents/node_modules/.bin).
"""

from __future__ import annotations

import argparse
import json
import os
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

# Logs every bus event OpenCode gives plugins, one JSON line each (what the findings quote).
RECORDER_PLUGIN = r'''import { appendFileSync } from "node:fs"
export const Recorder = async () => ({
  event: async ({ event }) => {
    if (event?.type?.startsWith("message.part")) return
    appendFileSync(__LOG__, JSON.stringify({ t: Date.now(), event }) + "\n")
  },
})
'''


def opencode_config(port: int) -> dict:
    return {
        "$schema": "https://opencode.ai/config.json",
        "provider": {
            "mock": {
                "npm": "@ai-sdk/openai-compatible",
                "name": "Mock",
                "options": {"baseURL": f"http://127.0.0.1:{port}/v1", "apiKey": "sk-mock"},
                "models": {"mock-model": {"name": "Mock Model"}},
            }
        },
        "model": "mock/mock-model",
        "small_model": "mock/mock-model",
        "autoupdate": False,
        "share": "disabled",
        "permission": {"bash": "ask"},
    }


def newest_row(h: H.Harness) -> dict | None:
    """The newest OpenCode row of the harness's folder (its id changes at the first prompt)."""
    work = os.path.realpath(h.work)
    rows = [r for r in h.board() if r.get("provider") == "opencode"
            and os.path.realpath(r.get("cwd") or "/nonexistent") == work]
    rows.sort(key=lambda r: r.get("last_active") or 0)
    return rows[-1] if rows else None


def screen_state(screen: str, command: str) -> tuple[str, str]:
    """What a person sees in OpenCode's TUI."""
    if command != "opencode":
        return "ended", ""
    if "Permission required" in screen:
        return "waiting", "permission"
    if "esc interrupt" in screen:
        return "working", ""
    if "ctrl+p commands" in screen:
        return "idle", ""
    return "unknown", ""


class Run:
    def __init__(self, name: str, args):
        self.name = name
        self.h = H.Harness(f"opencode-{name}", keep=args.keep)
        self.mock = MockOpenAI().start()
        self.events_log = self.h.root / "opencode_events.jsonl"
        config = self.h.home / ".config" / "opencode"
        (config / "plugins").mkdir(parents=True, exist_ok=True)
        (config / "opencode.json").write_text(json.dumps(opencode_config(self.mock.port), indent=2))
        (config / "plugins" / "recorder.js").write_text(
            RECORDER_PLUGIN.replace("__LOG__", json.dumps(str(self.events_log))))
        self.install_out = self.h.install_hooks()
        self.h.extra_env.update({
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
            "OPENCODE_DISABLE_TERMINAL_TITLE": "1",
        })
        self.h.start_tmux()
        self.attach()

    def attach(self) -> None:
        """A client attached to the server (from a second, outer tmux server), so tmux runs
        the status line and ring's status job, whose drift repair updates a badge no hook
        event tells about (OpenCode's exit)."""
        for option, value in [("status-right", "#{ring_status} "), ("status-interval", "1"),
                              ("@ring-status-interval", "1")]:
            self.h.tmux("set-option", "-g", option, value)
        # ring.tmux fills #{ring_status} in when it loads: load it again over these options.
        self.h.tmux("run-shell", H.RING_TMUX_PLUGIN)
        self.h.attach_client("-s", "outer")

    def close(self) -> None:
        self.h.close()  # the outer server too
        self.mock.stop()

    # ---- driving
    def boot(self) -> None:
        binary = os.path.join(H.AGENTS_BIN, "opencode")
        self.h.send_text(binary)
        # 120 s: on 2 busy cores (load ~15) a first start of OpenCode's binary showed nothing
        # for over 60 s (canary run of issue 29; alone it starts in seconds).
        ok, _ = wait_until(lambda: "ctrl+p commands" in self.h.capture(), 120, 0.3)
        if not ok:
            raise RuntimeError(f"OpenCode did not start:\n{self.h.capture()}")

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

    def row(self) -> dict | None:
        return newest_row(self.h)

    # ---- checking
    def check(self, step: str, want: tuple[str, str], screen_timeout: float = 30) -> bool:
        """Waits for the screen to show `want`, then polls ring until its board row and the
        pane badge match what the screen shows, up to DEADLINE seconds."""
        if not wait_until(lambda: self.screen() == want, screen_timeout, 0.2)[0]:
            return self.record(False, step, self.screen(), "?", "?",
                               f"screen never showed {fmt(*want)}")
        truth = want

        def observe():
            return self.row(), self.h.badge()

        def matches(obs) -> tuple[bool, str]:
            row, badge = obs
            state, kind = truth
            if state == "ended":
                ok = (row is None or row.get("status") == "ended") and badge == ("", "")
                return ok, ""
            if row is None:
                return False, "no opencode row"
            notes = []
            ok = (row.get("status"), row.get("waiting_kind") or "") == (state, kind)
            if row.get("source") == "hook" and row.get("tmux_pane") != self.h.pane:
                ok = False
                notes.append(f"board pane {row.get('tmux_pane')} (want {self.h.pane})")
            return ok and badge == (state, kind), "; ".join(notes)

        ok, note, (row, badge) = H.poll_match(observe, matches, DEADLINE)
        board = "none" if row is None else fmt(row.get("status", "?"), row.get("waiting_kind") or "")
        return self.record(ok, step, truth, board, fmt(*badge), note)

    def record(self, ok: bool, step: str, truth, board: str, badge: str, note: str = "") -> bool:
        return TALLY.record(ok, self.name, step, fmt(*truth), board, badge, note)

    def events(self) -> list[str]:
        out = []
        for record in H.read_jsonl(self.events_log):
            try:
                out.append(record["event"]["type"])
            except (KeyError, TypeError):
                pass
        return out


def scenario_permission(run: Run) -> None:
    """start (idle) → prompt (working) → bash permission dialog (waiting/permission) → approve
    (working) → the turn ends (idle) → /exit (ended)."""
    run.boot()
    run.check("start", ("idle", ""))
    run.mock.set_hold(True)
    run.mock.push([{"shell": "echo hello-ring > out.txt", "description": "Write out.txt"}])
    run.mock.push([{"message": "Wrote out.txt."}])
    run.prompt("write hello-ring into out.txt")
    run.check("prompt", ("working", ""))
    run.mock.set_hold(False)
    run.check("permission", ("waiting", "permission"))
    # Hold the turn after the approval so the working screen stays long enough to be seen.
    run.mock.set_hold(True)
    before = run.mock.request_count()
    run.h.send_keys("Enter")  # "Allow once" is selected
    run.mock.wait_requests(before + 1, 20)
    run.check("approved", ("working", ""))
    run.mock.set_hold(False)
    ok, _ = wait_until(lambda: "Wrote out.txt." in run.h.capture(), 30, 0.2)
    run.check("turn-ends", ("idle", ""))
    out = run.h.work / "out.txt"
    run.record(out.exists() and out.read_text().strip() == "hello-ring", "command-ran",
               ("idle", ""), "-", "-", "" if out.exists() else "out.txt missing")
    run.h.send_text("/exit")
    run.check("exit", ("ended", ""))


def scenario_reject(run: Run) -> None:
    """A rejected permission ends the turn: waiting/permission → idle."""
    run.boot()
    run.mock.push([{"shell": "rm -f nothing-here", "description": "Remove a file"}])
    run.prompt("remove nothing-here")
    run.check("permission", ("waiting", "permission"))
    # Reject: move right twice ("Allow always", "Reject") and confirm.
    run.h.send_keys("Right")
    time.sleep(0.3)
    run.h.send_keys("Right")
    time.sleep(0.3)
    run.h.send_keys("Enter")
    run.check("rejected", ("idle", ""))
    run.h.send_keys("C-c")
    time.sleep(0.5)
    run.h.send_text("/exit")
    run.check("exit", ("ended", ""))


SCENARIOS = {
    "permission": scenario_permission,
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
