#!/usr/bin/env python3
"""Records compat scenarios through REAL RiNG (0.17.2, or 0.17.3 and later) and prints the
expected-format JSON.

    scripts/difftest/record.py SCENARIOS.json [--ring-python PY] [--only NAME ...] > expected.json
    scripts/difftest/record.py compat/scenarios.json --check compat/expected.json

Each scenario runs in its own temporary HOME, in one RiNG process (record_worker.py, started
with RiNG's python) with the clock pinned and the machine replaced by the scenario's stand-ins
(see compat/README.md for both formats). The output follows the README: every string has the
temporary home replaced by `$HOME`, integer `hook_pid`s are shown as "<pid>", RiNG's crashes
are recorded (`exception`, `{"error": …}`) rather than hidden.

`--check EXPECTED` re-records and compares with EXPECTED scenario by scenario (exit 1 on any
difference, each difference printed with its JSON path).

RiNG is not a dependency of ring: install it outside the repository (see BENCHMARKS.md).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER = os.path.join(HERE, "record_worker.py")
DEFAULT_PY = os.path.expanduser("~/.cache/ring-bench/venv/bin/python")
START = 1700000000.0


def expand_home(v, home):
    if isinstance(v, str):
        return v.replace("$HOME", home)
    if isinstance(v, list):
        return [expand_home(x, home) for x in v]
    if isinstance(v, dict):
        return {expand_home(k, home): expand_home(x, home) for k, x in v.items()}
    return v


def normalize(v, home, key=None):
    """Temp home → `$HOME` in every string; an integer `hook_pid` → "<pid>"."""
    if key == "hook_pid" and isinstance(v, int) and not isinstance(v, bool):
        return "<pid>"
    if isinstance(v, str):
        return v.replace(home, "$HOME")
    if isinstance(v, list):
        return [normalize(x, home) for x in v]
    if isinstance(v, dict):
        return {normalize(k, home): normalize(x, home, k) for k, x in v.items()}
    return v


def worker_env(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TMUX", "ZELLIJ", "RING_"))}
    # English messages (install-hooks output); RiNG picks the language from LANG.
    env.update(HOME=home, LANG="en_US.UTF-8", PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    return env


def record_one(sc, ring_python):
    tmp = tempfile.mkdtemp(prefix="ring-record.")
    home = os.path.join(tmp, "home")
    os.makedirs(home)
    try:
        spath = os.path.join(tmp, "scenario.json")
        with open(spath, "w", encoding="utf-8") as f:
            json.dump(expand_home(sc, home), f, ensure_ascii=False)
        r = subprocess.run([ring_python, WORKER, spath], env=worker_env(home), cwd=tmp,
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
        stderr = r.stderr.decode("utf-8", "replace")
        if r.returncode != 0:
            return None, f"{sc['name']}: worker failed (exit {r.returncode}): {stderr[-2000:]}"
        res = json.loads(r.stdout.decode("utf-8"))
        res = normalize(res, home)
        if stderr:
            res["worker_stderr"] = stderr.replace(home, "$HOME")
        return res, None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def diff(a, b, path="$"):
    """Differences between expected `a` and recorded `b`, as readable lines."""
    if type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))
                                       and not isinstance(a, bool) and not isinstance(b, bool)):
        return [f"{path}: expected {json.dumps(a, ensure_ascii=False)[:300]} got {json.dumps(b, ensure_ascii=False)[:300]}"]
    if isinstance(a, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            if k not in b:
                out.append(f"{path}.{k}: missing in recording")
            elif k not in a:
                out.append(f"{path}.{k}: not in expected ({json.dumps(b[k], ensure_ascii=False)[:200]})")
            else:
                out += diff(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list):
        out = []
        if len(a) != len(b):
            out.append(f"{path}: length {len(a)} vs {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            out += diff(x, y, f"{path}[{i}]")
        return out
    if a != b:
        return [f"{path}: expected {json.dumps(a, ensure_ascii=False)[:300]} got {json.dumps(b, ensure_ascii=False)[:300]}"]
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scenarios")
    ap.add_argument("--ring-python", default=DEFAULT_PY, help="python of a venv with ring-cli (0.17.2: "
                    "compat/expected.json; 0.17.6, which needs Python 3.12+: compat/expected-0.17.6.json)")
    ap.add_argument("--only", action="append", help="record only these scenario names")
    ap.add_argument("--check", metavar="EXPECTED", help="compare with this expected.json instead of printing")
    args = ap.parse_args()
    with open(args.scenarios, encoding="utf-8") as f:
        scenarios = json.load(f)
    if args.only:
        scenarios = [s for s in scenarios if s["name"] in args.only]
    results, errors = [], []
    for sc in scenarios:
        res, err = record_one(sc, args.ring_python)
        if err:
            errors.append(err)
            print(err, file=sys.stderr)
        else:
            results.append(res)
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            expected = {r["name"]: r for r in json.load(f)["results"]}
        bad = 0
        for res in results:
            exp = expected.get(res["name"])
            lines = ["not in expected"] if exp is None else diff(exp, res)
            if lines:
                bad += 1
                print(f"DIFF {res['name']}:")
                for line in lines[:20]:
                    print("   ", line)
        print(f"{len(results) - bad}/{len(scenarios)} scenarios match; {len(errors)} worker errors")
        sys.exit(1 if bad or errors else 0)
    out = {"fake_clock_start": START, "scenario_count": len(scenarios), "errors": errors,
           "results": results}
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
