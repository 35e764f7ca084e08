#!/usr/bin/env python3
"""End-to-end scenarios of the real Codex CLI (0.171) against ring, in a private tmux server.

Each scenario gets a throwaway HOME (Codex pointed at mock_openai.py on 127.0.0.1, ring's hooks
installed by `ring-tmux install-hooks` and pre-trusted, or trusted through the TUI's dialog),
its own tmux server with ring.tmux loaded and a client attached, and drives Codex with
send-keys. After every step it reads what a person sees on the pane (capture-pane: the truth)
and polls, up to a deadline, what ring shows: the board (`ring-tmux json --all`: status,
waiting_kind, tmux_pane, cwd of the session's row) and the pane's badge (@ring_state /
@ring_kind). One line per step:

    PASS|FAIL scenario/step: screen=<state> ring_board=<state/kind> badge=<state/kind>

then `N passed, M failed`; exit 1 when any failed.

  python3 scripts/agents/codex_scenarios.py [--only NAME[,NAME]] [--keep] [--dump DIR]
      [--no-probe] [--no-fixtures] [--list]

--keep leaves each scenario's folder (printed) and prints the tmux socket; --dump DIR writes,
per scenario, what the hook processes saw (env, parent chain), Codex's processes and threads,
and the mock's requests. Fixtures (the raw payloads Codex sent to the hooks, with /HOME, /WORK,
THREAD-ID… placeholders) go to ring-shared/tests/fixtures/agents/codex/<scenario>.jsonl.

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

import codex_lib as L  # noqa: E402
import harness as H  # noqa: E402
from codex_lib import CodexEnv, codex_screen_state, fmt, wait_until  # noqa: E402

FIXTURES = L.REPO / "ring-shared" / "tests" / "fixtures" / "agents" / "codex"

TALLY = H.Tally()


class Run:
    """One scenario: its environment and the step checks."""

    def __init__(self, name: str, args, **env_kw):
        self.name = name
        self.args = args
        self.env = CodexEnv(name, keep=args.keep, probe=args.probe, **env_kw)
        self.marks: list[tuple[str, int]] = []  # (step, number of probe records before it)

    # ---- driving

    def boot(self, pane: str, cwd: Path, args: str = "") -> str:
        self.env.start_codex(pane, cwd, args)
        screen = wait_until(lambda: self._booted(pane), 40)
        if not screen:
            raise RuntimeError(f"Codex did not start in {pane}:\n{self.env.capture(pane)}")
        return screen

    def _booted(self, pane: str):
        screen = self.env.capture(pane)
        if "Hooks need review" in screen or "for shortcuts" in screen or "Ask Codex" in screen:
            return screen
        return None

    def prompt(self, pane: str, text: str) -> None:
        """Types a prompt and submits it. On a busy machine the Enter can land inside the
        paste burst (Codex then adds a newline instead of submitting): until the mock sees
        the turn's request, Enter is pressed again, at most twice."""
        before = len(self.env.mock.requests)
        self.env.send_text(pane, text)
        for _ in range(2):
            if wait_until(lambda: len(self.env.mock.requests) > before, 4):
                return
            self.env.send_keys(pane, "Enter")

    # ---- reading

    def screen(self, pane: str, exec_mode: bool = False) -> tuple[str, str]:
        info = self.env.pane_info(pane)
        if exec_mode:
            return ("working", "") if info.get("command") in ("node", "codex") else ("ended", "")
        return codex_screen_state(self.env.capture(pane), info.get("command", ""))

    def ring_row(self, pane: str, cwd: Path, thread: str | None) -> dict | None:
        rows = [r for r in self.env.board() if r.get("provider") == "codex"]
        if thread:
            rows = [r for r in rows if r.get("session_id") == f"codex:{thread}"]
        else:
            rows = [r for r in rows if r.get("cwd") == str(cwd)]
        rows.sort(key=lambda r: r.get("last_active") or 0)
        return rows[-1] if rows else None

    # ---- checking

    def check(self, step: str, pane: str, cwd: Path, want_screen: tuple[str, str] | None,
              thread: str | None = None, deadline: float = L.DEADLINE,
              screen_timeout: float = 20, exec_mode: bool = False, strict_tty: bool = False,
              extra=None, text: str | None = None) -> bool:
        """Waits for the screen to show `want_screen` (the event happened), then polls ring
        until its board row and the pane badge match the screen, up to `deadline` seconds."""
        mark = {"step": step, "probes_before": len(self.env.probes())}
        self.marks.append(mark)
        if text is not None and not wait_until(lambda: text in self.env.capture(pane), screen_timeout):
            mark["screen"] = self.env.capture(pane)
            return self.record(False, step, self.screen(pane, exec_mode), "?", "?",
                               f"screen never showed {text!r}")
        if want_screen is not None:
            got = wait_until(lambda: self.screen(pane, exec_mode) == want_screen, screen_timeout)
            if not got:
                truth = self.screen(pane, exec_mode)
                return self.record(False, step, truth, "?", "?",
                                   f"screen never showed {fmt(*want_screen)}")
        truth = self.screen(pane, exec_mode)
        mark["screen_state"] = list(truth)
        mark["pane"] = pane
        mark["cwd"] = str(cwd)
        mark["screen"] = "\n".join(l for l in self.env.capture(pane).splitlines()
                                   if l.strip() and "⣿" not in l)
        if thread is None:
            thread = self.env.thread_for(cwd, timeout=0.1)
        pane_tty = self.env.pane_info(pane).get("tty")

        def observe():
            row = self.ring_row(pane, cwd, thread)
            badge = self.env.badge(pane)
            return row, badge

        def matches(obs) -> tuple[bool, list[str]]:
            row, badge = obs
            notes = []
            ok = True
            state, kind = truth
            if state == "trust-dialog":
                # No hook can run before the user answers (ring's own hooks are what is under
                # review): ring sees a live TUI without a thread, an idle session.
                state = "idle"
            if state == "ended":
                if row is not None and row.get("status") != "ended":
                    ok = False
                if badge != ("", ""):
                    ok = False
            elif state in ("waiting", "working", "idle"):
                if row is None or (row.get("status"), row.get("waiting_kind") or "") != (state, kind):
                    ok = False
                if row is not None:
                    # A hook row names its pane; a row found without hooks (thread, process)
                    # names its terminal, and the badge check below proves the pane.
                    if row.get("source") == "hook" and row.get("tmux_pane") != pane:
                        ok = False
                        notes.append(f"board pane {row.get('tmux_pane')} (want {pane})")
                    if row.get("source") != "hook" and row.get("tty") != pane_tty:
                        ok = False
                        notes.append(f"board tty {row.get('tty')} (want {pane_tty})")
                    if row.get("cwd") != str(cwd):
                        ok = False
                        notes.append(f"board cwd {row.get('cwd')} (want {cwd})")
                    if strict_tty and row.get("tty") not in (None, pane_tty):
                        ok = False
                        notes.append(f"board tty {row.get('tty')} (want {pane_tty})")
                if badge != (state, kind):
                    ok = False
            else:
                ok = row is None and badge == ("", "")
            if extra is not None:
                extra_ok, extra_note = extra()
                ok = ok and extra_ok
                if extra_note:
                    notes.append(extra_note)
            return ok, notes

        ok, notes, (row, badge) = H.poll_match(observe, matches, deadline)
        mark["payloads_seen"] = len(self.env.probes())
        mark["row"] = row
        mark["badge"] = badge
        board = "none" if row is None else fmt(row.get("status", "?"), row.get("waiting_kind") or "")
        return self.record(ok, step, truth, board, fmt(*badge), "; ".join(notes))

    def record(self, ok: bool, step: str, truth, board: str, badge: str, note: str = "") -> bool:
        screen = truth if isinstance(truth, str) else fmt(*truth)
        return TALLY.record(ok, self.name, step, screen, board, badge, note)

    # ---- end

    def finish(self) -> None:
        env = self.env
        time.sleep(1)  # a hook still running when the last step ended
        if self.args.fixtures and self.args.probe:
            records = env.probes()
            if records:
                FIXTURES.mkdir(parents=True, exist_ok=True)
                payloads = L.placeholder_payloads(records, env)
                with open(FIXTURES / f"{self.name}.jsonl", "w") as f:
                    for p in payloads:
                        f.write(json.dumps(p, ensure_ascii=False) + "\n")
                # How many of the payloads had arrived when ring was read at each step, and what
                # the screen showed then (the truth ring was compared with).
                steps = [
                    {"step": m["step"], "payloads_seen": m.get("payloads_seen", m["probes_before"]),
                     "screen": m.get("screen_state"),
                     "pane": "FIRST-PANE" if m.get("pane") == env.first_pane else ("SECOND-PANE" if m.get("pane") else None),
                     "cwd": {str(env.work): "/WORK", str(env.work2): "/WORK2"}.get(m.get("cwd"), m.get("cwd"))}
                    for m in self.marks
                ]
                (FIXTURES / f"{self.name}.steps.json").write_text(json.dumps(steps, indent=1) + "\n")
        if self.args.dump:
            out = Path(self.args.dump)
            out.mkdir(parents=True, exist_ok=True)
            doc = {
                "scenario": self.name,
                "root": str(env.root),
                "marks": self.marks,
                "probes": env.probes(),
                "ring_payloads": env.ring_payloads(),
                "processes": self.processes,
                "threads": env.threads(),
                "board": env.board(),
                "mock_requests": len(env.mock.requests),
                "side_requests": len(env.mock.side_requests),
                "other_requests": env.mock.other_requests,
                "panes": env.tmux("list-panes", "-a", "-F", "#{pane_id} #{pane_tty} #{pane_current_command} #{pane_current_path} #{@ring_state} #{@ring_kind}"),
            }
            (out / f"{self.name}.json").write_text(json.dumps(doc, indent=2, default=str))
        if self.args.keep:
            print(f"   kept {env.root} (tmux -L {env.socket}; outer -L {env.outer})")

    processes: list = []

    def snapshot_processes(self) -> None:
        self.processes = self.env.processes()


# ------------------------------------------------------------------ the scenarios

def shell_turn(command: str, why: str, escalated: bool = True) -> list[dict]:
    return [{"shell": command, "escalated": escalated, "justification": why}]


def s_trust(run: Run) -> None:
    """Hooks installed but not trusted: the TUI's review dialog, "Trust all", and the hashes
    it writes equal codex_lib.trust_entries()."""
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    # No hook can run before the user answers (ring's own hooks are what is reviewed): ring
    # sees a live TUI without a thread, an idle session, and badges it so.
    run.check("review-dialog", pane, work, ("trust-dialog", ""))
    env.send_keys(pane, "2")
    time.sleep(0.3)
    env.send_keys(pane, "Enter")
    run.check("trusted", pane, work, ("idle", ""))
    want = L.trust_entries(env.codex_home / "hooks.json")
    got = L.read_trust_state(env.codex_home / "config.toml")
    same = [k for k in want if got.get(k) == want[k]]
    ok = len(same) == len(want) and len(got) == len(want)
    run.record(ok, "hash-computed-equals-written", run.screen(pane), "-", "-",
               f"{len(same)}/{len(want)} computed hashes equal the dialog's; {len(got)} written")
    env.mock.push([{"message": "Hello from the mock."}])
    run.prompt(pane, "say hello")
    run.check("first-turn", pane, work, ("idle", ""), text="• Hello from the mock.")
    events = [p.get("event") for p in env.ring_payloads()]
    run.record("Stop" in events, "ring-hook-ran", run.screen(pane), "-", "-",
               f"ring's hook received {events}")


def s_approve(run: Run) -> None:
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    run.check("start", pane, work, ("idle", ""))
    env.mock.push(shell_turn(f"touch {work}/approved.txt", "Create approved.txt outside the sandbox?"))
    env.mock.push([{"message": "Created approved.txt."}])
    env.mock.set_hold(True)
    run.prompt(pane, "create approved.txt")
    run.check("prompt", pane, work, ("working", ""))
    env.mock.set_hold(False)
    run.check("approval-dialog", pane, work, ("waiting", "permission"),
              deadline=L.PERMISSION_WAIT + L.DEADLINE)
    time.sleep(L.PERMISSION_WAIT + 0.5)
    run.check("past-permission-wait", pane, work, ("waiting", "permission"), deadline=1)
    run.snapshot_processes()
    env.mock.set_hold(True)  # the turn after the command: held, so "working" can be seen
    env.send_keys(pane, "y")
    run.check("approved-working", pane, work, ("working", ""))
    env.mock.set_hold(False)
    run.check("approved-done", pane, work, ("idle", ""), text="• Created approved.txt.")


def s_question(run: Run) -> None:
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    env.mock.push([{"message": "I can write it in Rust or in Python. Which one do you want?"}])
    run.prompt(pane, "write a hello world")
    run.check("stop-with-question", pane, work, ("waiting", "question"))
    env.mock.push([{"message": "Done: hello.py prints hello world."}])
    env.mock.set_hold(True)
    run.prompt(pane, "Python")
    run.check("answered-working", pane, work, ("working", ""))
    env.mock.set_hold(False)
    run.check("answered-done", pane, work, ("idle", ""), text="• Done: hello.py")


def s_esc(run: Run) -> None:
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    env.mock.push(shell_turn(f"rm -f {work}/nothing.txt", "Remove nothing.txt?"))
    env.mock.push([{"message": "Understood, I will not run it."}])
    run.prompt(pane, "remove nothing.txt")
    run.check("approval-dialog", pane, work, ("waiting", "permission"),
              deadline=L.PERMISSION_WAIT + L.DEADLINE)
    env.send_keys(pane, "Escape")
    run.check("esc-idle", pane, work, ("idle", ""))


def s_quit(run: Run) -> None:
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    env.mock.push([{"message": "Hi."}])
    run.prompt(pane, "hi")
    run.check("idle", pane, work, ("idle", ""), text="• Hi.")
    thread = env.thread_for(work)
    run.snapshot_processes()
    run.prompt(pane, "/quit")
    daemons = lambda: (bool(env.daemon_pids()), f"app-server daemon still runs: {env.daemon_pids()}")
    run.check("quit-ended", pane, work, ("ended", ""), thread=thread, extra=daemons)
    # The daemon outlives /quit; SessionEnd comes only when it stops (here: SIGTERM by pid).
    for pid in env.daemon_pids():
        if "--managed-daemon" in (L.proc_stat(pid) or {}).get("cmdline", []):
            os.kill(pid, 15)
    ended = wait_until(lambda: any(r["event"] == "SessionEnd" for r in env.probes()), 10)
    run.check("daemon-stopped", pane, work, ("ended", ""), thread=thread,
              extra=lambda: (True, "SessionEnd hook ran" if ended else "no SessionEnd seen"))


def s_second(run: Run) -> None:
    """Two TUIs in two panes and two folders; the first TUI's app-server daemon serves both."""
    env, pane_a, work_a, work_b = run.env, run.env.first_pane, run.env.work, run.env.work2
    run.boot(pane_a, work_a)
    env.mock.push([{"message": "First here."}])
    run.prompt(pane_a, "hello from A")
    run.check("a-idle", pane_a, work_a, ("idle", ""), text="• First here.")
    thread_a = env.thread_for(work_a)
    pane_b = env.new_pane(work_b)
    run.boot(pane_b, work_b)
    env.mock.push(shell_turn(f"touch {work_b}/b.txt", "Create b.txt?"))
    env.mock.push([{"message": "Created b.txt."}])
    run.prompt(pane_b, "create b.txt")
    run.check("b-approval-dialog", pane_b, work_b, ("waiting", "permission"),
              deadline=L.PERMISSION_WAIT + L.DEADLINE, strict_tty=True)
    run.snapshot_processes()
    run.check("a-unchanged", pane_a, work_a, ("idle", ""), thread=thread_a, deadline=1)
    env.send_keys(pane_b, "y")
    run.check("b-idle", pane_b, work_b, ("idle", ""), strict_tty=True, text="• Created b.txt.")
    run.check("a-still-idle", pane_a, work_a, ("idle", ""), thread=thread_a, deadline=1)
    thread_b = env.thread_for(work_b)
    run.prompt(pane_a, "/quit")
    run.check("a-quit-ended", pane_a, work_a, ("ended", ""), thread=thread_a)
    env.mock.push(shell_turn(f"touch {work_b}/c.txt", "Create c.txt?"))
    env.mock.push([{"message": "Created c.txt."}])
    run.prompt(pane_b, "create c.txt")
    run.check("b-approval-after-a-quit", pane_b, work_b, ("waiting", "permission"),
              thread=thread_b, deadline=L.PERMISSION_WAIT + L.DEADLINE, strict_tty=True)
    run.check("a-no-badge", pane_a, work_a, ("ended", ""), thread=thread_a, deadline=1)
    env.send_keys(pane_b, "y")
    run.check("b-idle-again", pane_b, work_b, ("idle", ""), thread=thread_b, strict_tty=True,
              text="• Created c.txt.")


def s_exec(run: Run) -> None:
    env, pane, work = run.env, run.env.first_pane, run.env.work
    env.mock.push([{"message": "exec done."}])
    env.mock.set_hold(True)
    env.send_text(pane, f"cd {work} && clear && {L.CODEX} exec --skip-git-repo-check 'say done'")
    wait_until(lambda: env.mock.wait_requests(1, 0.2), 30)
    run.check("exec-working", pane, work, ("working", ""), exec_mode=True)
    run.snapshot_processes()
    env.mock.set_hold(False)
    run.check("exec-exited", pane, work, ("ended", ""), exec_mode=True, screen_timeout=30)


def s_nohooks(run: Run) -> None:
    """A HOME without ring's hooks: ring's zero-config read must still show the session."""
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    run.check("start", pane, work, ("idle", ""))
    env.mock.push([{"message": "Working on it... done."}])
    env.mock.set_hold(True)
    run.prompt(pane, "do it")
    run.check("prompt-working", pane, work, ("working", ""), deadline=L.DEADLINE + 3)
    env.mock.set_hold(False)
    run.check("turn-idle", pane, work, ("idle", ""), deadline=L.DEADLINE + 3,
              text="• Working on it... done.")
    env.mock.push([{"message": "Should I also add tests?"}])
    run.prompt(pane, "and now?")
    run.check("question", pane, work, ("waiting", "question"), deadline=L.DEADLINE + 3)
    run.snapshot_processes()


def ring_reply(env: CodexEnv, *args: str):
    """`ring-tmux reply ARGS…` from outside the pane."""
    import subprocess
    return subprocess.run([L.RING_BIN, "reply", *args], env=env.base_env(),
                          capture_output=True, text=True, timeout=30)


def s_reply(run: Run) -> None:
    """`ring-tmux reply` lists Codex's approval dialog and answers it with "1" from outside
    the pane: the command runs. The next dialog (another command) gets no key for the first
    listing; its "3" (No) refuses the command."""
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    run.check("start", pane, work, ("idle", ""))
    env.mock.push(shell_turn(f"touch {work}/approved.txt", "Create approved.txt outside the sandbox?"))
    env.mock.push([{"message": "Created approved.txt."}])
    run.prompt(pane, "create approved.txt")
    run.check("approval-dialog", pane, work, ("waiting", "permission"),
              deadline=L.PERMISSION_WAIT + L.DEADLINE)
    screen = env.capture(pane)
    if run.args.fixtures:
        FIXTURES.mkdir(parents=True, exist_ok=True)
        (FIXTURES / "reply.approval-dialog.screen.txt").write_text(
            screen.replace(str(work), "/WORK"))
    row = run.ring_row(pane, work, None)
    sid = (row or {}).get("session_id", "?")
    out = ring_reply(env, sid, "--json")
    try:
        listing = json.loads(out.stdout)
    except ValueError:
        listing = {}
    texts = [o.get("text") for o in listing.get("options", [])]
    ok = (out.returncode == 0
          and listing.get("question") == "Would you like to run the following command?"
          and texts[:1] == ["Yes, proceed (y)"] and len(texts) == 3
          and f"$ touch {work}/approved.txt" in listing.get("context", []))
    run.record(ok, "reply-lists", fmt(*run.screen(pane)), "-", "-",
               f"exit {out.returncode}: {listing.get('question')!r} {texts} "
               f"context={listing.get('context')} {out.stderr.strip()}")
    out = ring_reply(env, sid, "1", "--expect", listing.get("fingerprint") or "-")
    run.record(out.returncode == 0, "reply-sent", fmt(*run.screen(pane)), "-", "-",
               f"exit {out.returncode}: {out.stderr.strip()}")
    run.check("replied-done", pane, work, ("idle", ""), text="• Created approved.txt.")
    made = (work / "approved.txt").exists()
    run.record(made, "reply-ran-the-command", fmt(*run.screen(pane)), "-", "-",
               f"approved.txt {'exists' if made else 'absent'}")
    # A second approval, for another command: the first listing's fingerprint gets no key,
    # and its own "No" (3) refuses the command.
    env.mock.push(shell_turn(f"touch {work}/second.txt", "Create second.txt outside the sandbox?"))
    run.prompt(pane, "create second.txt")
    run.check("second-dialog", pane, work, ("waiting", "permission"),
              deadline=L.PERMISSION_WAIT + L.DEADLINE)
    wait_until(lambda: "second.txt" in env.capture(pane), 10)
    out = ring_reply(env, sid, "1", "--expect", listing.get("fingerprint") or "-")
    time.sleep(1.0)
    still = run.screen(pane) == ("waiting", "permission")
    run.record(out.returncode == 1 and "changed" in out.stderr and still
               and not (work / "second.txt").exists(),
               "changed-dialog-gets-no-key", fmt(*run.screen(pane)), "-", "-",
               f"exit {out.returncode}: {out.stderr.strip()}; dialog still up={still}")
    try:
        second = json.loads(ring_reply(env, sid, "--json").stdout)
    except ValueError:
        second = {}
    out = ring_reply(env, sid, "3", "--expect", second.get("fingerprint") or "-")
    time.sleep(1.0)
    run.record(out.returncode == 0 and not (work / "second.txt").exists(), "reply-no",
               fmt(*run.screen(pane)), "-", "-",
               f"exit {out.returncode}: {out.stderr.strip()}; second.txt "
               f"{'exists' if (work / 'second.txt').exists() else 'absent'}")


def live_rows_on(env: CodexEnv, pane: str) -> list[str]:
    """The session ids of ring's live (not ended) Codex rows that name `pane`."""
    return sorted(r.get("session_id", "?") for r in env.board()
                  if r.get("provider") == "codex" and r.get("tmux_pane") == pane
                  and r.get("status") != "ended")


def s_new(run: Run) -> None:
    """`/new` in the TUI: a second thread on the same pane. Codex sends no SessionEnd for the
    first (its daemon keeps it loaded): ring must show the new thread alone on the pane."""
    env, pane, work = run.env, run.env.first_pane, run.env.work
    run.boot(pane, work)
    env.mock.push([{"message": "First thread."}])
    run.prompt(pane, "hello")
    run.check("first-idle", pane, work, ("idle", ""), text="• First thread.")
    thread_a = env.thread_for(work)
    env.send_text(pane, "/new")
    wait_until(lambda: "First thread." not in env.capture(pane), 10)
    env.mock.push([{"message": "Second thread."}])
    run.prompt(pane, "hello again")
    thread_b = wait_until(lambda: next((t["id"] for t in env.threads()
                                        if t["cwd"] == str(work) and t["id"] != thread_a), None), 10)
    run.check("second-idle", pane, work, ("idle", ""), thread=thread_b, text="• Second thread.")
    want = [f"codex:{thread_b}"]
    wait_until(lambda: live_rows_on(env, pane) == want, L.DEADLINE)
    live = live_rows_on(env, pane)
    run.record(live == want, "only-the-new-thread-is-live", fmt(*run.screen(pane)), "-", "-",
               f"live rows on {pane}: {live} (want {want}; first thread codex:{thread_a})")
    # Another turn of the new thread (Codex 0.171 may spend a scripted reply on a request of
    # its own after /new, so the step checks the turn's end, not the reply's text).
    env.mock.push([{"message": "Still here."}])
    run.prompt(pane, "and now?")
    run.check("second-turn", pane, work, ("idle", ""), thread=thread_b)
    live = live_rows_on(env, pane)
    run.record(live == want, "still-only-the-new-thread", fmt(*run.screen(pane)), "-", "-",
               f"live rows on {pane}: {live} (want {want})")


def s_subdir(run: Run) -> None:
    """A command the model runs with `workdir` in a subfolder: Codex's tool events carry that
    folder as `cwd`. The row keeps its pane and the session's own folder."""
    env, pane, work = run.env, run.env.first_pane, run.env.work
    sub = work / "sub"
    sub.mkdir()
    run.boot(pane, work)
    env.mock.push([{"shell": "touch plain.txt", "escalated": False, "workdir": str(sub)}])
    env.mock.push([{"message": "Made plain.txt."}])
    run.prompt(pane, "make plain.txt in sub")
    run.check("plain-command-done", pane, work, ("idle", ""), text="• Made plain.txt.")
    env.mock.push([{"shell": "touch made.txt", "escalated": True, "workdir": str(sub),
                    "justification": "Create made.txt in sub outside the sandbox?"}])
    env.mock.push([{"message": "Created made.txt."}])
    run.prompt(pane, "create made.txt in sub")
    run.check("sub-approval-dialog", pane, work, ("waiting", "permission"),
              deadline=L.PERMISSION_WAIT + L.DEADLINE)
    env.mock.set_hold(True)
    env.send_keys(pane, "y")
    run.check("sub-approved-working", pane, work, ("working", ""))
    env.mock.set_hold(False)
    run.check("sub-done", pane, work, ("idle", ""), text="• Created made.txt.")
    made = (sub / "made.txt").exists() and (sub / "plain.txt").exists()
    run.record(made, "ran-in-the-subfolder", fmt(*run.screen(pane)), "-", "-",
               f"sub/plain.txt and sub/made.txt {'exist' if made else 'missing'}")


SCENARIOS = {
    "trust": (s_trust, {"pretrust": False}),
    "approve": (s_approve, {}),
    "question": (s_question, {}),
    "esc": (s_esc, {}),
    "quit": (s_quit, {}),
    "second": (s_second, {}),
    "exec": (s_exec, {}),
    "nohooks": (s_nohooks, {"hooks": False, "probe_forced": False}),
    "reply": (s_reply, {}),
    "new": (s_new, {}),
    "subdir": (s_subdir, {}),
}


def main() -> int:
    parser = argparse.ArgumentParser(description="Codex CLI end-to-end scenarios against ring")
    parser.add_argument("--only", help="comma-separated scenario names")
    parser.add_argument("--keep", action="store_true", help="keep each scenario's folder")
    parser.add_argument("--dump", help="write per-scenario details (JSON) into this folder")
    parser.add_argument("--no-probe", dest="probe", action="store_false",
                        help="no recording hook next to ring's (no fixtures, no env/parents)")
    parser.add_argument("--no-fixtures", dest="fixtures", action="store_false")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list:
        print("\n".join(SCENARIOS))
        return 0
    names = list(SCENARIOS)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in SCENARIOS]
        if unknown:
            print(f"unknown scenario(s): {', '.join(unknown)}; known: {', '.join(SCENARIOS)}")
            return 2
    for tool in (L.RING_BIN, L.CODEX):
        if not os.access(tool, os.X_OK):
            print(f"missing {tool}")
            return 2
    for name in names:
        fn, kw = SCENARIOS[name]
        kw = dict(kw)
        probe_forced = kw.pop("probe_forced", None)
        saved = args.probe
        if probe_forced is not None:
            args.probe = probe_forced
        run = None
        try:
            run = Run(name, args, **kw)
            fn(run)
        except Exception as exc:  # a scenario that broke counts as a failure
            TALLY.record(False, name, "error", "?", "?", "?", f"{type(exc).__name__}: {exc}")
            if os.environ.get("CODEX_E2E_TRACE"):
                traceback.print_exc()
        finally:
            if run is not None:
                try:
                    run.finish()
                finally:
                    run.env.close()
            args.probe = saved
    return TALLY.finish()


if __name__ == "__main__":
    sys.exit(main())
