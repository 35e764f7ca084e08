#!/usr/bin/env python3
"""Every `crate::X` use in ring-tmux (file:line; code only, tests left out) that goes from a
layer to one listed after it in ring-tmux/src/lib.rs's order: a use "back up".

    python3 scripts/layers.py      (each use, then the count)
"""
import os
import re

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ring-tmux", "src")
ORDER = ["store", "sys", "gather", "tmux", "zellij", "act", "out", "hook", "admin", "cmd"]
RANK = {m: i for i, m in enumerate(ORDER)}

count = 0
for root, _, files in sorted(os.walk(SRC)):
    for name in sorted(files):
        rel = os.path.relpath(os.path.join(root, name), SRC)
        if not name.endswith(".rs") or name == "tests.rs" or "/tests/" in "/" + rel:
            continue
        layer = rel.split("/")[0].removesuffix(".rs")
        if layer not in RANK:
            continue
        with open(os.path.join(root, name)) as f:
            code = re.split(r"#\[cfg\(test\)\]\s*mod tests", f.read())[0]
        for number, line in enumerate(code.split("\n"), 1):
            if line.strip().startswith("//"):
                continue
            for used in sorted(set(re.findall(r"crate::([a-z_]+)", line))):
                if used in RANK and RANK[used] > RANK[layer]:
                    count += 1
                    print(f"{rel}:{number}: {layer} -> {used}: {line.strip()[:100]}")
print(f"{count} uses back up")
