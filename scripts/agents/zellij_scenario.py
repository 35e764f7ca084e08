#!/usr/bin/env python3
"""The real Claude Code inside a real zellij with ring's plugin, offline against
mock_anthropic.py, compared at every step with ring's board and ring's zellij bar.

    python3 scripts/agents/zellij_scenario.py [--keep] [--ring-deadline S] [--late-window S]

The world: a throwaway HOME with ring's hooks (`ring-tmux install-hooks --yes`) and ring's
zellij files (`ring-tmux install-zellij --plugin WASM`: the plugin, its permissions and the
`ring` layout, so the bar is drawn under the tab bar); zellij 0.45 runs headless as the only
pane of a private tmux server (`tmux -L ring-agents-<pid>-zellij`), and what a person sees is
that tmux pane (`capture-pane`). Claude runs in zellij's terminal pane
(`claude --permission-mode default`).

Per step: an action (keys typed into zellij), then Claude's part of the screen must reach a
state (the truth, classified as claude_scenarios.py does), then ring gets up to
--ring-deadline seconds (3 by default) to show the same on its board (`ring-tmux json --all`:
the session's `status` / `waiting_kind`, with `zellij_session` / `zellij_pane` naming the
pane Claude runs in) and on its bar (the counts and the waiting badge on the bar's row, e.g.
`🔴1  🔐 proj` while the permission dialog is up). One line per step:

    PASS|FAIL zellij/<step>: screen=<state> ring_board=<state> bar=<state> ('<bar text>')

and at the end `N passed, M failed` (exit 1 when any failed).

Environment: RING_BIN (default target/debug/ring-tmux), RING_AGENTS_BIN (the folder holding
`claude`), RING_ZELLIJ (default ~/.cache/ring-ci/zellij/bin/zellij, then PATH),
RING_PLUGIN_WASM (default target/wasm32-wasip1/release/ring-plugin.wasm, built like
scripts/e2e-zellij.sh does when missing).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import claude_scenarios as C  # noqa: E402
import harness as H  # noqa: E402

SCENARIO = "zellij"
WASM = Path(os.environ.get("RING_PLUGIN_WASM")
            or H.REPO / "target/wasm32-wasip1/release/ring-plugin.wasm")
RING_DEADLINE = 3.0
LATE_WINDOW = 12.0
BAR_ROW = 1  # 0-based: zellij's tab bar, then ring's bar (the layout install-zellij writes)

MARKERS = {"🔴": "waiting", "🟢": "working", "🟡": "idle", "⚫": "ended"}
KIND_ICONS = {"🔐": "permission", "❓": "question", "🧭": "plan", "⏸": "idle"}
ENDED = ("ended", "")


def find_zellij() -> str | None:
    for cand in (os.environ.get("RING_ZELLIJ"),
                 os.path.expanduser("~/.cache/ring-ci/zellij/bin/zellij"),
                 shutil.which("zellij")):
        if cand and os.access(cand, os.X_OK):
            return os.path.abspath(cand)
    return None


def ensure_plugin() -> Path:
    """The plugin wasm, built (as scripts/e2e-zellij.sh does) only when it is missing."""
    if not WASM.is_file():
        print(f"building the plugin ({WASM} is missing)", flush=True)
        subprocess.run(["cargo", "build", "--release", "-p", "ring-plugin",
                        "--target", "wasm32-wasip1", "--locked"], cwd=H.REPO, check=True)
    return WASM.resolve()


# ---- what a person sees ------------------------------------------------------------------
def pane_content(screen: str) -> str:
    """Claude's part of zellij's screen: the lines inside the terminal pane's frame, frame
    stripped (so the text reads as it would in a bare terminal)."""
    lines = screen.splitlines()
    top = next((i for i, l in enumerate(lines) if i > BAR_ROW and l.startswith("┌")), None)
    bottom = next((i for i in range(len(lines) - 1, -1, -1) if lines[i].startswith("└")), None)
    if top is None or bottom is None or bottom <= top:
        # No pane frame: everything between ring's bar and zellij's status bar (2 rows).
        body = lines[BAR_ROW + 1:-2]
    else:
        body = []
        for l in lines[top + 1:bottom]:
            s = l[1:].rstrip()
            if s.endswith("│"):
                s = s[:-1].rstrip()
            body.append(s)
    return "\n".join(body)


def bar_text(screen: str) -> str:
    lines = screen.splitlines()
    return lines[BAR_ROW].strip() if len(lines) > BAR_ROW else ""


def bar_state(text: str, label: str, foreign: dict[str, int]) -> tuple[str, str]:
    """What the bar says about this one session, read back as (state, kind): its counts less
    `foreign` (what ring counts for agents outside the project folder: other people's agents
    on this machine, which ring's zero-config scan finds too; none in CI) and the one waiting
    badge, which must be this session's. ("ended", "") when nothing of it is counted;
    ("other", text) for anything else (a second session, a notice, a stray badge…)."""
    counts: dict[str, int] = {}
    for m, n in re.findall(r"(🔴|🟢|🟡|⚫)(\d+)", text):
        counts[MARKERS[m]] = counts.get(MARKERS[m], 0) + int(n)
    rest = re.sub(r"(🔴|🟢|🟡|⚫)\d+", "", text).strip()
    if not counts:
        if text != "ring":
            return "other", text
        rest = ""
    mine = {k: counts.get(k, 0) - foreign.get(k, 0) for k in set(counts) | set(foreign)}
    if any(n < 0 for n in mine.values()):
        return "other", text
    mine = {k: n for k, n in mine.items() if n}
    if not mine:
        return ("ended", "") if not rest else ("other", text)
    if len(mine) != 1 or list(mine.values())[0] != 1:
        return "other", text
    state = next(iter(mine))
    if state != "waiting":
        return (state, "") if not rest else ("other", text)
    m = re.fullmatch(r"(🔐|❓|🧭|⏸)\s+(\S+)", rest)
    if not m or m.group(2) != label:
        return "other", text
    return "waiting", KIND_ICONS[m.group(1)]


class BarResult(H.StepResult):
    """A step's line, with the bar where the tmux suites print the pane badge."""

    def line(self) -> str:
        s = (f"{'PASS' if self.ok else 'FAIL'} {self.scenario}/{self.step}: "
             f"screen={self.screen} ring_board={self.board} bar={self.badge}")
        if not self.ok:
            s += f" (expected {self.expected})"
        return s + (f" [{self.note}]" if self.note else "")


class ZellijRun:
    def __init__(self, rec: H.Recorder, keep: bool, zellij: str, wasm: Path):
        self.rec = rec
        self.keep = keep
        self.zellij = zellij
        self.wasm = wasm
        self.h = H.Harness(SCENARIO, keep=keep)
        self.session = f"ringagents{os.getpid()}"
        self.label = self.h.work.name  # the bar's badge label: the project folder
        self.zellij_started = False
        self.pane_id: str | None = None   # zellij's terminal pane holding Claude
        self.pid: int | None = None
        self.sid: str | None = None

    # ---- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        h = self.h
        port = h.start_mock(C.MOCK)
        # Short: zellij's unix sockets must stay under 108 bytes.
        sockets = h.root / "s"
        sockets.mkdir(mode=0o700)
        h.extra_env.update({
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
            "ANTHROPIC_API_KEY": C.API_KEY,
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_MAX_RETRIES": "0",
            "ZELLIJ_SOCKET_DIR": str(sockets),
        })
        # claude on the panes' PATH, and zellij too (the hook sends `zellij pipe`).
        h.path_dirs.insert(1, H.AGENTS_BIN)
        h.path_dirs.insert(2, os.path.dirname(self.zellij))
        h.write_claude_json(C.API_KEY)
        h.install_hooks()
        h.add_recorder_hooks()
        out = subprocess.run([H.RING_BIN, "install-zellij", "--plugin", str(self.wasm)],
                             env=h.base_env(), capture_output=True, text=True, timeout=30)
        if out.returncode != 0:
            raise RuntimeError(f"install-zellij failed: {out.stdout}{out.stderr}")
        layout = h.home / ".config/zellij/layouts/ring.kdl"
        if not layout.is_file():
            raise RuntimeError(f"install-zellij wrote no layout at {layout}")
        # The panes' shell: bash without rc files, with the prompt the classifier knows.
        shell = h.root / "shell.sh"
        shell.write_text(f"#!/bin/sh\nexec {H.SHELL_CMD}\n")
        shell.chmod(0o755)
        (h.home / ".config/zellij/config.kdl").write_text(
            "show_startup_tips false\nshow_release_notes false\n"
            f"session_serialization false\ndefault_shell \"{shell}\"\n")
        # zellij as a person starts it, in the project folder; not inside tmux for zellij's
        # panes (TMUX/TMUX_PANE would make the hook and Claude believe they run in tmux).
        cmd = (f"env -u TMUX -u TMUX_PANE {shlex.quote(self.zellij)} --session {self.session}"
               f" --new-session-with-layout {shlex.quote(str(layout))};"
               " echo ZELLIJ-EXITED=$?; sleep 60")
        h.tmux("new-session", "-d", "-s", "main", "-x", "200", "-y", "50",
               "-c", str(h.work), cmd)
        self.zellij_started = True
        h.pane = h.tmux("list-panes", "-t", "main", "-F", "#{pane_id}").split()[0]
        # Drawn: `ring`, or counts (other agents on this machine, found by the zero-config scan).
        ok, _ = H.wait_until(lambda: re.match(r"ring$|(🔴|🟢|🟡)\d", bar_text(h.capture())),
                             30, 0.2)
        if not ok:
            raise RuntimeError("ring's bar was never drawn; screen:\n" + h.capture())
        H.wait_until(lambda: H.SHELL_PROMPT.strip() in pane_content(h.capture()), 15, 0.2)
        panes = self.terminal_panes()
        if len(panes) != 1:
            raise RuntimeError(f"expected one terminal pane, zellij lists {panes}")
        self.pane_id = str(panes[0])

    def zj(self, *args: str, timeout: float = 10) -> subprocess.CompletedProcess:
        return subprocess.run([self.zellij, *args], env=self.h.base_env(),
                              capture_output=True, text=True, timeout=timeout)

    def terminal_panes(self) -> list[int]:
        for _ in range(10):
            try:
                out = self.zj("--session", self.session, "action", "list-panes", "--json",
                              "--all").stdout
                return [p["id"] for p in json.loads(out) if not p.get("is_plugin")]
            except (ValueError, subprocess.TimeoutExpired):
                time.sleep(0.5)
        return []

    def close(self) -> None:
        if self.zellij_started and not self.keep:
            for args in (("kill-session", self.session),
                         ("delete-session", "--force", self.session)):
                try:
                    self.zj(*args, timeout=5)
                except subprocess.TimeoutExpired:
                    pass
        if not self.keep:
            socket = ""
            if self.zellij_started:
                socket = self.h.tmux("display-message", "-p", "#{socket_path}",
                                     check=False).strip()
            self.h.close()  # tmux by its socket, the mock by its pid, the folder
            if socket.startswith("/"):
                Path(socket).unlink(missing_ok=True)  # kill-server leaves the file
            return
        print(f"kept {self.h.root} (tmux -L {self.h.socket} attach; zellij session "
              f"{self.session}; ZELLIJ_SOCKET_DIR={self.h.root / 's'})")
        mock = self.h.mock_proc
        if mock and mock.poll() is None:  # the mock still goes, by its pid
            mock.terminate()
            mock.wait(5)

    # ---- readings ----------------------------------------------------------------------
    def find_claude(self) -> tuple[int, str] | None:
        """The claude process of this zellij session: (pid, its ZELLIJ_PANE_ID)."""
        return self.find_agent("claude")

    def find_agent(self, comm: str) -> tuple[int, str] | None:
        """The process named `comm` of this zellij session and HOME: (pid, ZELLIJ_PANE_ID)."""
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                if Path(f"/proc/{entry}/comm").read_text().strip() != comm:
                    continue
                env = dict(e.split("=", 1) for e in Path(f"/proc/{entry}/environ").read_bytes()
                           .decode("utf-8", "replace").split("\0") if "=" in e)
            except OSError:
                continue
            if (env.get("ZELLIJ_SESSION_NAME") == self.session
                    and env.get("HOME") == str(self.h.home)):
                return int(entry), env.get("ZELLIJ_PANE_ID", "")
        return None

    def session_file(self) -> dict | None:
        try:
            return json.loads((self.h.home / ".claude/sessions" / f"{self.pid}.json").read_text())
        except (OSError, ValueError, TypeError):
            return None

    def view(self) -> dict:
        screen = self.h.capture()
        work = os.path.realpath(self.h.work)
        rows, foreign = [], {}
        for r in self.h.board():
            if os.path.realpath(r.get("cwd") or "/nonexistent") == work:
                rows.append(r)
            elif r.get("status") in ("waiting", "working", "idle"):
                foreign[r["status"]] = foreign.get(r["status"], 0) + 1
        row = next((r for r in rows if self.sid and r.get("session_id") == self.sid), None)
        board = ("absent", "") if row is None else (row.get("status", "?"),
                                                    row.get("waiting_kind") or "")
        text = bar_text(screen)
        others = [r for r in rows if r is not row and r.get("status") != "ended"]
        return {"screen": H.claude_screen_state(pane_content(screen)), "board": board,
                "row": row, "bar": bar_state(text, self.label, foreign), "bar_text": text, "foreign": foreign,
                "others": others, "raw": screen}

    def matches(self, expect: tuple[str, str], v: dict) -> tuple[bool, str]:
        if v["others"]:
            return False, "extra live rows for this folder: " + ", ".join(
                f"{r.get('session_id')}={r.get('status')}({r.get('source')})" for r in v["others"])
        if expect == ENDED:
            board_ok = v["board"][0] in ("absent", "ended")
        else:
            board_ok = v["board"] == expect
            row = v["row"] or {}
            place = (row.get("zellij_session"), str(row.get("zellij_pane") or ""))
            if board_ok and place != (self.session, self.pane_id):
                return False, (f"row's zellij place {place[0]}/{place[1]}, Claude runs in "
                               f"{self.session}/{self.pane_id}")
        return board_ok and v["bar"] == expect, ""

    # ---- steps -------------------------------------------------------------------------
    def step(self, name: str, action, expect: tuple[str, str], screen_text: str | None = None,
             timeout: float = 40) -> bool:
        h = self.h
        if action:
            action()
        notes: list[str] = []

        def screen_ok():
            s = pane_content(h.capture())
            return (H.claude_screen_state(s) == expect
                    and (screen_text is None or screen_text in s))

        shown, _ = H.wait_until(screen_ok, timeout, 0.15)
        if not shown:
            notes.append(f"screen never showed {H.fmt(*expect)}"
                         + (f" with {screen_text!r}" if screen_text else ""))
        t_screen = time.time()
        def ring_view():
            v = self.view()
            return v if self.matches(expect, v)[0] else None

        ring_ok, v = H.wait_until(ring_view, RING_DEADLINE, 0.2)
        v = v or self.view()
        _, why = self.matches(expect, v)
        if why:
            notes.append(why)
        if shown and not ring_ok:
            def caught_up():
                now = self.view()
                if now["screen"] != expect:
                    return "moved"
                return "matched" if self.matches(expect, now)[0] else None
            notes.append(H.late_note(caught_up, t_screen, LATE_WINDOW)[0])
        elif ring_ok:
            notes.append(f"ring matched in {time.time() - t_screen:.1f} s")
        row = v["row"] or {}
        if row:
            notes.append(f"row zellij {row.get('zellij_session')}/{row.get('zellij_pane')}, "
                         f"source {row.get('source')}")
        if v["foreign"]:
            notes.append("bar also counts agents outside /WORK: " + " ".join(
                f"{k}={n}" for k, n in sorted(v["foreign"].items())))
        passed = bool(shown and ring_ok)
        r = BarResult(SCENARIO, name, passed, H.fmt(*v["screen"]), H.fmt(*v["board"]),
                         f"{H.fmt(*v['bar'])} ({v['bar_text']!r})", H.fmt(*expect),
                         "; ".join(n.replace(str(h.work), "/WORK") for n in notes))
        self.rec.add(r)
        if not passed and os.environ.get("RING_AGENTS_DEBUG"):
            print(v["raw"])
        return passed

    def start(self) -> bool:
        self.h.send_text("claude --permission-mode default")
        ok, found = H.wait_until(self.find_claude, 20)
        if ok:
            self.pid, env_pane = found
            if env_pane != self.pane_id:
                print(f"note: claude's ZELLIJ_PANE_ID={env_pane!r}, zellij lists pane "
                      f"{self.pane_id}", flush=True)
            _, sf = H.wait_until(self.session_file, 30)
            if sf:
                self.sid = sf.get("sessionId")
        return self.step("start", None, ("idle", ""), screen_text="? for shortcuts")

    def exit(self) -> bool:
        def act():
            self.h.send_text("/exit", enter=False)
            time.sleep(0.6)
            self.h.send_keys("Enter")
        return self.step("exit", act, ENDED)


def run_suite(agent: str, make_run, body) -> int:
    """The zellij suites' run: `make_run(zellij, wasm)` in the world set up, `body(run)`,
    one line per step, then `N passed, M failed`. A missing tool (zellij, the agent
    `agent`, ring-tmux) or a broken set-up is a failed step, never a crash."""
    rec = H.Recorder()
    zellij = find_zellij()
    binary = os.path.join(H.AGENTS_BIN, agent)
    missing = ("zellij not found (RING_ZELLIJ, ~/.cache/ring-ci/zellij/bin/zellij, PATH)"
               if not zellij else
               f"{agent} not found at {binary} (set RING_AGENTS_BIN)"
               if not os.access(binary, os.X_OK) else
               f"ring-tmux not found at {H.RING_BIN} (set RING_BIN)"
               if not os.access(H.RING_BIN, os.X_OK) else "")
    if missing:
        rec.add(BarResult(SCENARIO, "setup", False, "?", "?", "?", "-", missing))
        return H.finish(rec)
    run = None
    try:
        run = make_run(rec, zellij, ensure_plugin())
        run.setup()
        body(run)
    except Exception as e:  # a broken set-up is a failure, never a crash
        rec.add(BarResult(SCENARIO, "error", False, "?", "?", "?", "-", H.error_note(e)))
        traceback.print_exc()
        if os.environ.get("RING_AGENTS_DEBUG") and run is not None and hasattr(run.h, "pane"):
            print(run.h.capture())
    finally:
        if run is not None:
            run.close()
    return H.finish(rec)


def scenario(run: ZellijRun) -> None:
    """start; a Bash call needing permission (the dialog); approved from outside zellij by
    `ring-tmux reply` (read with `dump-screen`, the digit typed with `write-chars` into
    Claude's pane); done; /exit."""
    run.start()
    run.step("bash-dialog", lambda: run.h.send_text("RING_RUN_BASH: write the marker"),
             ("waiting", "permission"), screen_text="Do you want to proceed?")
    replies: list = []

    def reply(*args: str):
        return subprocess.run([H.RING_BIN, "reply", run.sid or "?", *args],
                              env=run.h.base_env(), capture_output=True, text=True, timeout=30)

    def approve():
        # As a person does, after reading it: Claude drops a key pressed within a moment of
        # drawing the dialog (seen here: an Enter sent at once left the dialog up).
        time.sleep(1.5)
        listed = reply("--json")
        try:
            fingerprint = json.loads(listed.stdout).get("fingerprint") or "-"
        except ValueError:
            fingerprint = "-"
        replies.append((listed, reply("1", "--expect", fingerprint)))
    run.step("approve", approve, ("working", ""))
    listed, sent = replies[-1] if replies else (None, None)
    ok = bool(listed and listed.returncode == 0 and "Do you want to proceed?" in listed.stdout
              and sent and sent.returncode == 0)
    run.rec.add(BarResult(SCENARIO, "approved-by-reply", ok, "-", "-", "-", "-",
                          f"list exit {listed and listed.returncode}, reply exit "
                          f"{sent and sent.returncode}: {sent and sent.stderr.strip()}"))
    run.step("approve-done", None, ("idle", ""), screen_text="RING-BASH-DONE")
    marker = run.h.work / "ring_bash_out.txt"
    run.rec.add(BarResult(SCENARIO, "command-ran", marker.exists(), "-", "-", "-", "-",
                          f"ring_bash_out.txt {'exists' if marker.exists() else 'absent'}"))
    run.exit()


def main() -> int:
    global RING_DEADLINE, LATE_WINDOW
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", action="store_true",
                    help="keep the folder, tmux and zellij running for inspection")
    ap.add_argument("--ring-deadline", type=float, default=RING_DEADLINE)
    ap.add_argument("--late-window", type=float, default=LATE_WINDOW,
                    help="after a miss, seconds to keep watching whether ring catches up (0: no)")
    args = ap.parse_args()
    RING_DEADLINE, LATE_WINDOW = args.ring_deadline, args.late_window
    return run_suite("claude", lambda rec, zellij, wasm: ZellijRun(rec, args.keep, zellij, wasm),
                     scenario)


if __name__ == "__main__":
    sys.exit(main())
