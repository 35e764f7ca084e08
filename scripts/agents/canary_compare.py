#!/usr/bin/env python3
"""Compares two runs of the real-agent suite (the canary's pinned run and its `latest` run):
which scenario steps changed between PASS and FAIL, which steps are only in one run, and the
hook payload shapes (per agent: the event names, and per event the top-level field names)
new or gone.

    python3 scripts/agents/canary_compare.py PINNED_DIR LATEST_DIR

Each DIR is what `scripts/e2e-agents.sh` leaves with RING_E2E_OUT=DIR: `versions` (one line
per agent), the suites' logs (`*.log`, lines `PASS|FAIL scenario/step: …`) and `shapes.jsonl`
(written by harness.save_shapes). Prints the summary; exits 0 when nothing changed, 1 when
something did, 2 when a folder is not a run.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

STEP = re.compile(r"^(PASS|FAIL) ([^ :]+):")


def steps(run: Path) -> dict[str, str]:
    """`suite: scenario/step` → PASS or FAIL; a step retried alone counts as its last run."""
    out: dict[str, str] = {}
    for log in sorted(run.glob("*.log")):
        for line in log.read_text(errors="replace").splitlines():
            m = STEP.match(line)
            if m:
                out[f"{log.stem}: {m.group(2)}"] = m.group(1)
    return out


def shapes(run: Path) -> dict[tuple[str, str], set[str]]:
    """(agent, event) → every top-level field name its payloads carried, over all scenarios."""
    out: dict[tuple[str, str], set[str]] = {}
    path = run / "shapes.jsonl"
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        try:
            doc = json.loads(line)
        except ValueError:
            continue
        out.setdefault((doc.get("agent", "?"), doc.get("event", "?")), set()).update(
            doc.get("fields", []))
    return out


def versions(run: Path) -> str:
    path = run / "versions"
    return ", ".join(path.read_text().split("\n")).strip(", ") if path.exists() else "?"


def compare(pinned: Path, latest: Path) -> tuple[list[str], bool]:
    lines = [f"pinned: {versions(pinned)}", f"latest: {versions(latest)}", ""]
    changed = False
    a, b = steps(pinned), steps(latest)
    moved = [f"  {k}: {a[k]} → {b[k]}" for k in sorted(a.keys() & b.keys()) if a[k] != b[k]]
    only_a = [f"  {k}: {a[k]} (pinned only)" for k in sorted(a.keys() - b.keys())]
    only_b = [f"  {k}: {b[k]} (latest only)" for k in sorted(b.keys() - a.keys())]
    passed = (sum(v == "PASS" for v in a.values()), sum(v == "PASS" for v in b.values()))
    lines.append(f"steps: pinned {passed[0]}/{len(a)} passed, latest {passed[1]}/{len(b)} passed")
    if moved or only_a or only_b:
        changed = True
        lines += ["steps that changed:", *moved, *only_a, *only_b]
    else:
        lines.append("steps that changed: none")
    sa, sb = shapes(pinned), shapes(latest)
    shape_lines = []
    for key in sorted(sa.keys() | sb.keys()):
        agent, event = key
        if key not in sa:
            shape_lines.append(f"  {agent} {event}: new event, fields {sorted(sb[key])}")
        elif key not in sb:
            shape_lines.append(f"  {agent} {event}: gone (pinned fields {sorted(sa[key])})")
        else:
            new, gone = sorted(sb[key] - sa[key]), sorted(sa[key] - sb[key])
            if new or gone:
                shape_lines.append(f"  {agent} {event}: fields new {new}, gone {gone}")
    events = (len(sa), len(sb))
    lines.append(f"payload shapes: pinned {events[0]} (agent, event) pairs, latest {events[1]}")
    if shape_lines:
        changed = True
        lines += ["payload shapes that changed:", *shape_lines]
    else:
        lines.append("payload shapes that changed: none")
    return lines, changed


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.strip().split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    pinned, latest = Path(argv[1]), Path(argv[2])
    for run in (pinned, latest):
        if not any(run.glob("*.log")):
            print(f"canary: {run} holds no suite logs (*.log); run scripts/e2e-agents.sh "
                  f"with RING_E2E_OUT={run}", file=sys.stderr)
            return 2
    lines, changed = compare(pinned, latest)
    print("\n".join(lines))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
