#!/usr/bin/env python3
"""The real OpenCode inside a real zellij with ring's plugin, offline against mock_openai.py,
compared at every step with ring's board and ring's zellij bar: zellij_scenario.py's world
(zellij headless in a private tmux server, ring's zellij files from `install-zellij`) with
OpenCode in the terminal pane and ring's OpenCode plugin installed by `install-hooks`.

    python3 scripts/agents/opencode_zellij.py [--keep]

Steps: start (idle), a prompt whose bash call opens the permission dialog (waiting/permission,
🔐 on the bar), Allow once (working, held by the mock), the turn ends (idle), /exit (ended).
One line per step, as zellij_scenario.py prints them, then `N passed, M failed`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness as H  # noqa: E402
import zellij_scenario as Z  # noqa: E402
from mock_openai import MockOpenAI  # noqa: E402
from opencode_scenarios import newest_row, opencode_config, screen_state  # noqa: E402

Z.SCENARIO = "opencode-zellij"


class OpencodeZellijRun(Z.ZellijRun):
    def setup(self) -> None:
        self.mock = MockOpenAI().start()
        config = self.h.home / ".config" / "opencode"
        (config / "plugins").mkdir(parents=True, exist_ok=True)
        (config / "opencode.json").write_text(json.dumps(opencode_config(self.mock.port)))
        self.h.extra_env.update({
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
            "OPENCODE_DISABLE_TERMINAL_TITLE": "1",
        })
        # The Claude world's set-up (mock, hooks, zellij); its Claude mock idles unused.
        super().setup()

    def close(self) -> None:
        super().close()
        self.mock.stop()

    def view(self) -> dict:
        v = super().view()
        if v["row"] is None or v["row"].get("status") == "ended":
            newest = newest_row(self.h)
            if newest:
                self.sid = newest.get("session_id")
                v = super().view()
        v["others"] = [r for r in v["others"] if r.get("provider") == "opencode"]
        content = Z.pane_content(v["raw"])
        running = self.find_opencode() is not None
        v["screen"] = screen_state(content, "opencode" if running else "bash")
        return v

    def find_opencode(self) -> int | None:
        found = self.find_agent("opencode")
        return found[0] if found else None

    def step(self, name, action, expect, screen_text=None, timeout=40) -> bool:
        # The screen is classified by opencode_scenarios.screen_state (through view()).
        original = H.claude_screen_state
        H.claude_screen_state = lambda s: screen_state(
            s, "opencode" if self.find_opencode() else "bash")
        try:
            return super().step(name, action, expect, screen_text, timeout)
        finally:
            H.claude_screen_state = original


def scenario(run: OpencodeZellijRun) -> None:
    binary = os.path.join(H.AGENTS_BIN, "opencode")
    # 120 s: a first start of OpenCode on 2 busy cores can take over 60 s (opencode_scenarios).
    run.step("start", lambda: run.h.send_text(binary), ("idle", ""), timeout=120)
    run.mock.push([{"shell": "echo hello-ring > out.txt", "description": "Write out.txt"}])
    run.mock.push([{"message": "Wrote out.txt."}])
    run.step("permission", lambda: run.h.send_text("write hello-ring into out.txt"),
             ("waiting", "permission"), screen_text="Permission required")

    def approve():
        run.mock.set_hold(True)
        time.sleep(0.5)
        run.h.send_keys("Enter")
    run.step("approved", approve, ("working", ""))
    run.mock.set_hold(False)
    run.step("turn-ends", None, ("idle", ""), screen_text="Wrote out.txt.")
    run.step("exit", lambda: run.h.send_text("/exit"), Z.ENDED)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    return Z.run_suite(
        "opencode", lambda rec, zellij, wasm: OpencodeZellijRun(rec, args.keep, zellij, wasm),
        scenario)


if __name__ == "__main__":
    sys.exit(main())
