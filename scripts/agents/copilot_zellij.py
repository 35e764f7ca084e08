#!/usr/bin/env python3
"""The real GitHub Copilot CLI inside a real zellij with ring's plugin, offline against
mock_openai.py, compared at every step with ring's board and ring's zellij bar:
zellij_scenario.py's world (zellij headless in a private tmux server, ring's zellij files from
`install-zellij`, ring's hooks from `install-hooks --yes`, which finds ~/.copilot) with
Copilot in the terminal pane (copilot_scenarios.py's HOME: offline provider, trusted folder).

    python3 scripts/agents/copilot_zellij.py [--keep]

Steps: start (idle: its live process, no hook yet), a prompt whose bash call opens the
approval dialog (waiting/permission, 🔐 on the bar), 1. Yes on a command that runs a while
(working: Copilot's own log says approved, no hook until the command ends), the turn ends
(idle), a second dialog dismissed with Esc (idle: no hook, its log says abort), /exit
(ended). One line per step, as zellij_scenario.py prints them, then `N passed, M failed`.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness as H  # noqa: E402
import zellij_scenario as Z  # noqa: E402
from copilot_scenarios import newest_row, prepare_home, screen_state  # noqa: E402
from mock_openai import MockOpenAI  # noqa: E402

Z.SCENARIO = "copilot-zellij"
# An answer to a dialog reaches the bar through Copilot's own log, which `ring-tmux oneline
# --all` (the plugin runs it on its timer) reads and publishes: a few seconds on busy cores.
Z.RING_DEADLINE = 8.0
# The native binary's comm (argv says copilot).
COMM = "MainThread"


class CopilotZellijRun(Z.ZellijRun):
    def setup(self) -> None:
        self.mock = MockOpenAI().start()
        # ~/.copilot before install-hooks runs, so it installs Copilot's hooks too.
        prepare_home(self.h, self.mock.port)
        # The Claude world's set-up (mock, hooks, zellij); its Claude mock idles unused.
        super().setup()
        if not (self.h.home / ".copilot/hooks/ring-tmux.json").is_file():
            raise RuntimeError("install-hooks --yes wrote no ~/.copilot/hooks/ring-tmux.json")

    def close(self) -> None:
        super().close()
        self.mock.stop()

    def view(self) -> dict:
        newest = newest_row(self.h)
        if newest and newest.get("session_id") != self.sid:
            self.sid = newest.get("session_id")
        v = super().view()
        v["others"] = [r for r in v["others"] if r.get("provider") == "copilot"]
        v["screen"] = screen_state(Z.pane_content(v["raw"]))
        return v

    def matches(self, expect: tuple[str, str], v: dict) -> tuple[bool, str]:
        row = v["row"] or {}
        if row.get("source") == "proc" and expect != Z.ENDED and not v["others"]:
            # A Copilot not prompted yet is its live process's row: ring knows its terminal,
            # not its zellij pane (open: COPILOT-FINDINGS.md). Board and bar must still agree.
            return v["board"] == expect and v["bar"] == expect, ""
        return super().matches(expect, v)

    def step(self, name, action, expect, screen_text=None, timeout=40) -> bool:
        # The screen is classified by copilot_scenarios.screen_state (through view()).
        original = H.claude_screen_state
        H.claude_screen_state = screen_state
        try:
            return super().step(name, action, expect, screen_text, timeout)
        finally:
            H.claude_screen_state = original


def scenario(run: CopilotZellijRun) -> None:
    binary = os.path.join(H.AGENTS_BIN, "copilot")
    # 120 s: a first start unpacks Copilot's runtime into the shared cache.
    run.step("start", lambda: run.h.send_text(binary), ("idle", ""), timeout=120)
    found = run.find_agent(COMM)
    if found and found[1] != run.pane_id:
        print(f"note: copilot's ZELLIJ_PANE_ID={found[1]!r}, zellij lists {run.pane_id}")
    marker = run.h.work / "approved.txt"
    run.mock.push([{"shell": f"sleep 20; touch {marker}", "description": "Run a command"}])
    run.mock.push([{"message": "RING-APPROVED-DONE"}])
    run.step("permission", lambda: run.h.send_text("write the marker"),
             ("waiting", "permission"), screen_text="Do you want to run this command?")
    run.step("approve", lambda: run.h.send_keys("Enter"), ("working", ""))
    run.step("turn-ends", None, ("idle", ""), screen_text="RING-APPROVED-DONE", timeout=60)
    run.mock.push([{"shell": "touch never.txt", "description": "Run a command"}])
    run.step("permission-again", lambda: run.h.send_text("again"),
             ("waiting", "permission"), screen_text="Do you want to run this command?")
    run.step("esc", lambda: run.h.send_keys("Escape"), ("idle", ""),
             screen_text="Operation cancelled by user")
    run.step("exit", lambda: run.h.send_text("/exit"), Z.ENDED)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    return Z.run_suite(
        "copilot", lambda rec, zellij, wasm: CopilotZellijRun(rec, args.keep, zellij, wasm),
        scenario)


if __name__ == "__main__":
    sys.exit(main())
