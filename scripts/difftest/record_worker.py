"""Runs ONE compat scenario through RiNG (0.17.2, or 0.17.3 and later), in-process, and prints the raw result as JSON.

Started by record.py with RiNG's own python and HOME set to a fresh temporary home (RiNG
computes its paths from HOME at import). The clock is pinned (time.time and the ISO stamp of
the hidden list) and the machine is replaced by the scenario's stand-ins: the hook's tty
probes, the process scans, background-agent ids, tmux panes, the process table, the desktop
notifier. Nothing here is RiNG's code; it only calls RiNG's modules and replaces the functions
that would look at the real machine. record.py does the $HOME / hook_pid normalisation.

    python record_worker.py SCENARIO.json   (scenario strings already have $HOME expanded)
"""
import contextlib
import io
import json
import os
import sqlite3
import sys
import time
import traceback
import uuid
from datetime import UTC, datetime
from pathlib import Path

CLOCK = [1700000000.0]
time.time = lambda: CLOCK[0]
# RiNG 0.17.3+ names each wait with a random `uuid4().hex` (its `revision`): numbered here,
# in the order asked, so that a recording is reproducible.
_UUIDS = [0]


def _uuid4():
    _UUIDS[0] += 1
    return uuid.UUID(int=_UUIDS[0])


uuid.uuid4 = _uuid4

def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise ValueError(f"no TOML for {v!r}")


def toml_dump(obj):
    plain = [f"{k} = {toml_value(v)}" for k, v in obj.items() if not isinstance(v, dict)]
    out = "\n".join(plain) + ("\n" if plain else "")
    for k, v in obj.items():
        if isinstance(v, dict):
            out += f"\n[{k}]\n" + "".join(f"{kk} = {toml_value(vv)}\n" for kk, vv in v.items())
    return out


with open(sys.argv[1], encoding="utf-8") as _fh:
    SCENARIO = json.load(_fh)
# RiNG reads config.toml once, partly at import (module constants): write it first.
if "config" in SCENARIO or "config_text" in SCENARIO:
    _cfg_dir = Path(os.environ["HOME"]) / ".config" / "ring"
    _cfg_dir.mkdir(parents=True, exist_ok=True)
    (_cfg_dir / "config.toml").write_text(
        SCENARIO["config_text"] if "config_text" in SCENARIO else toml_dump(SCENARIO["config"]),
        encoding="utf-8")


import ring.cli as cli  # noqa: E402
import ring.gc as ring_gc  # noqa: E402
import ring.hook as hook  # noqa: E402
import ring.notify as notify  # noqa: E402
import ring.notify_queue as notify_queue  # noqa: E402
import ring.registry as registry  # noqa: E402
import ring.sources as sources  # noqa: E402
import ring.tmux_scan as tmux_scan  # noqa: E402

HOME = Path(os.environ["HOME"])
RING_DIR = HOME / ".config" / "ring"
SESSIONS = RING_DIR / "sessions"

# --- stand-ins -------------------------------------------------------------------------
STATE = {
    "procs": {},  # provider -> list[(cwd, tty)] | None (missing = unknown)
    "background": None,
    "tmux_panes": [],
    "process_rows": {},
    "controlling_tty": "",
    "process_tty": "",
    "notified": [],
}


def _procs(provider):
    v = STATE["procs"].get(provider)
    return None if v is None else [(str(c), str(t)) for c, t in v]


registry._now_iso = lambda: datetime.fromtimestamp(CLOCK[0], UTC).isoformat()
registry._claude_procs = lambda: _procs("claude-code")
registry._codex_procs = lambda: _procs("codex")
registry._PROVIDER_PROCS["claude-code"] = lambda: _procs("claude-code")
registry._PROVIDER_PROCS["codex"] = lambda: _procs("codex")
registry.background_agent_session_ids = lambda: (
    None if STATE["background"] is None else set(STATE["background"])
)


def _agent_pids():
    n = sum(len(STATE["procs"].get(p) or []) for p in ("claude-code", "codex"))
    return list(range(100000, 100000 + n))


registry.running_agent_pids = _agent_pids
cli.running_agent_pids = _agent_pids


def _panes():
    out = []
    for p in STATE["tmux_panes"]:
        pid = p.get("pane_pid")
        out.append(tmux_scan.TmuxPane(pane_id=p.get("pane_id", ""), cwd=p.get("cwd", ""),
                                      target=p.get("target", ""), tty=p.get("tty", ""),
                                      pane_pid=int(pid) if pid is not None else None))
    return out


tmux_scan._tmux_panes = _panes
tmux_scan._tmux_targets = lambda: {p.cwd: p.target for p in reversed(_panes())}
tmux_scan._process_rows = lambda: {
    int(pid): (int(v[0]), str(v[1])) for pid, v in STATE["process_rows"].items()
}


class _NoSource:
    def __init__(self, name):
        self.name = name

    def discover(self):
        return []


sources._SOURCES[:] = [s if s.name in ("hook", "claude-code", "codex") else _NoSource(s.name)
                       for s in sources._SOURCES]

hook._controlling_tty = lambda: STATE["controlling_tty"]
# The agent process the hook finds by walking up its parents. RiNG 0.17.2 asks for its tty
# (`_session_tty`); 0.17.3 removed that for its pid (`_session_pid`, then `_pid_tty`, and
# `_confirm_previous_pid` on later events), and judges a row with an `agent_pid` by whether
# that pid is among its provider's live ones (`_PROVIDER_PIDS`). Stand-in: a step with a
# `process_tty` found the agent, pid HOOK_AGENT_PID, alive while its provider has a live
# process in the read's `procs`; a step without one found none (no `agent_pid`: the read
# falls back to counting processes per folder, as 0.17.2 does).
HOOK_AGENT_PID = 99999
if hasattr(hook, "_session_pid"):
    hook._session_pid = lambda names: HOOK_AGENT_PID if names and STATE["process_tty"] else None
    hook._confirm_previous_pid = lambda pid, names: (
        bool(names) and pid == HOOK_AGENT_PID and bool(STATE["process_tty"]))
    hook._pid_tty = lambda pid: STATE["process_tty"] if pid == HOOK_AGENT_PID else ""
    registry._pid_tty = hook._pid_tty

    def _provider_pids(provider):
        live = _procs(provider)
        if live is None:
            return None
        first = 100000 if provider == "claude-code" else 100000 + len(_procs("claude-code") or [])
        return list(range(first, first + len(live))) + ([HOOK_AGENT_PID] if live else [])

    registry._PROVIDER_PIDS["claude-code"] = lambda: _provider_pids("claude-code")
    registry._PROVIDER_PIDS["codex"] = lambda: _provider_pids("codex")
    # Nothing may reach the real process table: every `ps` of the read path is unknown.
    registry._ps_claude_snapshot = lambda: None
    registry._ps_codex_snapshot = lambda: None
    registry._pids_cwd = lambda pids: None
else:
    hook._session_tty = lambda names: STATE["process_tty"] if names else ""


def _notify_waiting(sessions_):
    for s in sessions_:
        STATE["notified"].append({
            "session_id": s.session_id, "status": s.status.value, "waiting_kind": s.waiting_kind,
            "waiting_detail": s.waiting_detail, "last_action": s.last_action, "tty": s.tty,
        })
    return None


notify.notify_waiting = _notify_waiting
notify_queue.flush_if_due = lambda *a, **k: None

# Directory listings in file-name order (RiNG lists in directory order; the vectors are
# recorded in name order so that tie-breaks are reproducible).
_orig_glob = Path.glob
_orig_iterdir = Path.iterdir
Path.glob = lambda self, pattern, *a, **k: iter(sorted(_orig_glob(self, pattern, *a, **k)))
Path.iterdir = lambda self: iter(sorted(_orig_iterdir(self)))


# --- helpers ---------------------------------------------------------------------------
def write_file(f):
    path = Path(f["path"])
    if f.get("dir"):
        path.mkdir(parents=True, exist_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if "symlink_to" in f:
        if path.is_symlink() or path.exists():
            path.unlink()
        os.symlink(f["symlink_to"], path)
        return
    if "lines" in f:
        lines = []
        for item in f["lines"]:
            if isinstance(item, dict) and "__repeat__" in item:
                line = item["line"]
                text = line if isinstance(line, str) else json.dumps(line)
                lines.extend([text] * int(item["__repeat__"]))
            else:
                lines.append(item if isinstance(item, str) else json.dumps(item))
        data = "".join(x + "\n" for x in lines)
    elif "json" in f:
        data = json.dumps(f["json"])
    else:
        data = f.get("text", "")
    path.write_bytes(data.encode("utf-8", "surrogatepass"))
    mtime = CLOCK[0] - float(f.get("age", 0))
    os.utime(path, (mtime, mtime))


def read_json_file(path):
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return {"__raw__": text}


def rows():
    out = {}
    if SESSIONS.is_dir():
        for p in sorted(_orig_iterdir(SESSIONS), key=lambda p: p.name):
            # RiNG 0.17.3+ leaves each row's `<id>.json.lock` beside it (empty, never
            # deleted): a lock, not a row.
            if p.is_file() and not p.name.endswith(".json.lock"):
                out[p.name] = read_json_file(p)
    return out


def jsonl(path):
    if not path.exists():
        return None
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except ValueError:
                out.append({"__raw__": line})
    return out


def exc_text(e):
    return f"{type(e).__name__}: {e}"


def run_main(argv, stdin_text=""):
    """ring.cli.main(argv) with stdin/stdout captured: (exit_code, stdout, exception|None, where)."""
    out = io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.StringIO(stdin_text)
    exc = where = None
    try:
        with contextlib.redirect_stdout(out):
            try:
                code = cli.main(list(argv))
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            except Exception as e:  # RiNG crashed: record it
                code, exc = 1, exc_text(e)
                tb = traceback.extract_tb(e.__traceback__)
                where = tb[-1].name if tb else ""
    finally:
        sys.stdin = old_in
    return code, out.getvalue(), exc, where


@contextlib.contextmanager
def env_overlay(*layers):
    saved = dict(os.environ)
    for layer in layers:
        for k, v in (layer or {}).items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = str(v)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def session_dict(s):
    return {
        "session_id": s.session_id, "provider": s.provider, "status": s.status.value,
        "waiting_kind": s.waiting_kind, "waiting_detail": s.waiting_detail,
        "hook_stale": s.hook_stale, "cwd": s.cwd, "origin_cwd": s.origin_cwd, "tty": s.tty,
        "tmux_pane": s.tmux_pane, "last_active": s.last_active, "heartbeat_at": s.heartbeat_at,
        "last_action": s.last_action, "todo": list(s.todo) if s.todo else None,
        "source_path": s.source_path, "hook_pid": s.hook_pid,
    }


def board_output(argv, is_json):
    code, out, exc, where = run_main(argv)
    if exc is not None or code != 0:
        err = {"exit_code": code, "stdout": out}
        if exc is not None:
            err = {"exit_code": code, "exception": exc, "exception_at": where, "stdout": out}
        return {"error": err}
    if is_json:
        data = json.loads(out)
        data.pop("generated_at", None)
        return data
    return out[:-1] if out.endswith("\n") else out


def do_read(sc, rd, with_gc):
    CLOCK[0] += float(rd.get("advance_seconds", 0))
    STATE["procs"] = dict(rd.get("procs") or {})
    # A provider named in `procs` has a detector (plugins register more than the two built-in).
    for name in list(registry._PROVIDER_PROCS):
        if name not in ("claude-code", "codex") and name not in STATE["procs"]:
            del registry._PROVIDER_PROCS[name]
    for name in STATE["procs"]:
        registry._PROVIDER_PROCS[name] = (lambda n: lambda: _procs(n))(name)
    STATE["background"] = rd.get("background_agent_ids")
    STATE["tmux_panes"] = rd.get("tmux_panes", sc.get("tmux_panes", []))
    STATE["process_rows"] = rd.get("process_rows", sc.get("process_rows", {}))
    res = {"clock": CLOCK[0]}
    if with_gc and rd.get("gc") is not None:
        g = rd["gc"]
        try:
            cands = ring_gc.collect_candidates(
                older_than=ring_gc.parse_duration(str(g.get("older_than", "7d"))),
                all_ended=bool(g.get("all_ended", False)), now=CLOCK[0])
            res["gc_candidates"] = [{"path": str(c.path), "reason": c.reason} for c in cands]
        except Exception as e:
            res["gc_candidates"] = {"error": exc_text(e)}
    try:
        hs = registry._hook_sessions(procs_by_provider=registry.collect_provider_procs())
        res["hook_sessions"] = [session_dict(s) for s in sorted(hs, key=lambda s: s.session_id)]
    except Exception as e:
        res["hook_sessions_error"] = exc_text(e)
    res["oneline"] = board_output(["--format", "oneline"], False)
    res["oneline_all"] = board_output(["--format", "oneline", "--all"], False)
    res["json"] = board_output(["--format", "json"], True)
    res["json_all"] = board_output(["--format", "json", "--all"], True)
    res["rows_after_read"] = rows()
    res["hidden_after_read"] = read_json_file(RING_DIR / "deleted_sessions.json")
    return res


def do_hook(sc, st):
    if "args" in st:
        args = list(st["args"])
    elif "provider" in st:
        args = ["--provider", st["provider"]]
    else:
        args = []
    argv = ["hook", *args]
    text = st["raw"] if "raw" in st else json.dumps(st.get("payload"))
    STATE["controlling_tty"] = st.get("controlling_tty") or ""
    STATE["process_tty"] = st.get("process_tty") or ""
    STATE["notified"] = []
    STATE["tmux_panes"] = sc.get("tmux_panes", [])
    STATE["process_rows"] = sc.get("process_rows", {})
    ev_path = RING_DIR / "events.jsonl"
    before = len(jsonl(ev_path) or [])
    with env_overlay(sc.get("env"), st.get("env")):
        code, out, exc, _where = run_main(argv, text)
    res = {"kind": "hook", "argv": argv, "exit_code": code}
    if exc is not None:
        res["exception"] = exc
    if out:
        res["stdout"] = out
    res.update({"clock": CLOCK[0], "notified": STATE["notified"],
                "transitions": (jsonl(ev_path) or [])[before:], "rows": rows()})
    return res


def do_install(st, action):
    argv = ["install-hooks" if action == "install_hooks" else "remove-hooks"]
    if st.get("dry_run"):
        argv.append("--dry-run")
    code, out, exc, _where = run_main(argv)
    res = {"kind": action, "exit_code": code}
    if exc is not None:
        res["exception"] = exc
    res.update({"stdout": out, "claude_settings": read_json_file(HOME / ".claude" / "settings.json"),
                "codex_hooks": read_json_file(HOME / ".codex" / "hooks.json")})
    return res


def make_codex_db(threads):
    db = HOME / ".codex" / "state_5.sqlite"
    db.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(db)
    con.execute("create table threads (id text, cwd text, title text, rollout_path text, "
                "preview text, updated_at integer, updated_at_ms integer, archived integer)")
    for t in threads:
        updated = CLOCK[0] - float(t.get("age", 0))
        con.execute("insert into threads values (?,?,?,?,?,?,?,?)", (
            t.get("id", ""), t.get("cwd", ""), t.get("title", ""), t.get("rollout_path", ""),
            t.get("preview", ""), t.get("updated_at", int(updated)),
            t.get("updated_at_ms", int(round(updated * 1000))), t.get("archived", 0)))
    con.commit()
    con.close()


def main():
    sc = SCENARIO
    CLOCK[0] = float(sc.get("start_time", 1700000000.0))
    for f in sc.get("files", []):
        write_file(f)
    if "labels" in sc:
        RING_DIR.mkdir(parents=True, exist_ok=True)
        (RING_DIR / "labels.json").write_text(json.dumps(sc["labels"], ensure_ascii=False))
    if "codex_threads" in sc:
        make_codex_db(sc["codex_threads"])

    steps = []
    for st in sc.get("steps", []):
        CLOCK[0] += float(st.get("advance_seconds", 0))
        action = st.get("action")
        if action is None:
            for f in st.get("files", []):
                write_file(f)
            steps.append(do_hook(sc, st))
        elif action in ("hide", "unhide"):
            (registry.hide_session if action == "hide" else registry.unhide_session)(st["session_id"])
            steps.append({"kind": action, "clock": CLOCK[0], "rows": rows()})
        elif action in ("install_hooks", "remove_hooks"):
            steps.append(do_install(st, action))
        elif action == "files":
            for f in st.get("files", []):
                write_file(f)
            steps.append({"kind": "files", "clock": CLOCK[0], "rows": rows()})
        elif action == "read":
            rd = {k: v for k, v in st.items() if k not in ("action", "advance_seconds")}
            steps.append({"kind": "read", **do_read(sc, rd, False)})
        else:
            raise SystemExit(f"unknown step action {action!r}")

    res = {"name": sc["name"], "description": sc.get("description", ""), "steps": steps,
           "final_rows": rows(), "events": jsonl(RING_DIR / "events.jsonl") or []}
    plog = jsonl(RING_DIR / "hook_payloads.jsonl")
    if plog is not None:
        res["payload_log"] = plog
    res["hidden"] = read_json_file(RING_DIR / "deleted_sessions.json")
    reads = sc.get("reads", [{}])
    res["reads"] = [do_read(sc, rd, True) for rd in reads]
    sys.stdout.write(json.dumps(res, ensure_ascii=False))


if __name__ == "__main__":
    main()
