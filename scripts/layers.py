#!/usr/bin/env python3
"""Every `crate::X` use (file:line; code only, tests left out) that goes from a module to one
listed after it: in ring-tmux, its layers in ring-tmux/src/lib.rs's order; in ring-shared, its
modules in the order ring-shared/src/lib.rs declares them (the pipeline's). A use "back up"
would make an import circle.

    python3 scripts/layers.py      (each use, then the count)
"""
import os
import re

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TMUX_ORDER = ["store", "sys", "gather", "tmux", "zellij", "act", "out", "hook", "admin", "cmd"]


def declared(lib):
    """The `pub mod` names of a lib.rs, in order."""
    with open(lib) as f:
        return re.findall(r"^pub(?:\(crate\))? mod ([a-z_]+);", f.read(), re.M)


def back_up(crate, order):
    src = os.path.join(HERE, crate, "src")
    rank = {m: i for i, m in enumerate(order)}
    found = 0
    for root, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(root, name), src)
            if not name.endswith(".rs") or name == "tests.rs" or "/tests/" in "/" + rel:
                continue
            layer = rel.split("/")[0].removesuffix(".rs")
            if layer not in rank:
                continue
            with open(os.path.join(root, name)) as f:
                code = re.split(r"#\[cfg\(test\)\]\s*mod tests", f.read())[0]
            for number, line in enumerate(code.split("\n"), 1):
                if line.strip().startswith("//"):
                    continue
                for used in sorted(set(re.findall(r"crate::([a-z_]+)", line))):
                    if used in rank and rank[used] > rank[layer]:
                        found += 1
                        print(f"{crate}/{rel}:{number}: {layer} -> {used}: {line.strip()[:100]}")
    return found


count = back_up("ring-tmux", TMUX_ORDER)
count += back_up("ring-shared", declared(os.path.join(HERE, "ring-shared", "src", "lib.rs")))
print(f"{count} uses back up")
