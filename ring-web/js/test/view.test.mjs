// The npm package @ring-status/view under Node (node:test, no network): the wasm build gives
// the View the native code gives (the expected files ring-web's Rust tests check too), a
// Codex wait is promoted by the clock alone, hostile strings stay data, and a snapshot made
// by the real ring-tmux gives the board `ring-tmux json --all` prints.
//
//   scripts/build-web.sh && node --test ring-web/js/test/view.test.mjs
//
// RING_WEB_NPM: the package folder (default target/web/npm); RING_TMUX_BIN: the ring-tmux
// binary (default target/debug/ring-tmux).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const pkgDir = path.resolve(root, process.env.RING_WEB_NPM ?? "target/web/npm");
const fixtures = path.join(root, "ring-web/tests/fixtures");
const NOW = 1_700_000_000;

assert.ok(
  existsSync(path.join(pkgDir, "package.json")),
  `no package in ${pkgDir}: run scripts/build-web.sh first`,
);
const require = createRequire(import.meta.url);
const ring = require(pkgDir);
const pkg = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8"));
const snapshotText = readFileSync(path.join(fixtures, "board.snapshot.json"), "utf8");
const cases = JSON.parse(readFileSync(path.join(fixtures, "cases.json"), "utf8"));

function produce(api, c) {
  return c.board_all
    ? api.board(snapshotText, NOW + c.offset, true)
    : api.viewWith(snapshotText, NOW + c.offset, c.options);
}

function expected(c) {
  return readFileSync(path.join(fixtures, c.expected), "utf8").replace(/\n$/, "");
}

const entry = (view, id) => {
  const found = view.entries.find((e) => e.session_id === id);
  assert.ok(found, `${id} on the board`);
  return found;
};

test("the package is what package.json says", () => {
  assert.equal(pkg.name, "@ring-status/view");
  assert.equal(ring.version(), pkg.version);
  assert.equal(ring.snapshotVersion(), JSON.parse(snapshotText).version);
  for (const file of pkg.files.filter((f) => !f.endsWith("/"))) {
    assert.ok(existsSync(path.join(pkgDir, file)), `${file} is in the package`);
  }
  assert.match(readFileSync(path.join(pkgDir, "ring_web.d.ts"), "utf8"), /export function view\(/);
});

test("the wasm build gives the views the native code gives", () => {
  assert.equal(cases.length, 4);
  for (const c of cases) {
    assert.equal(produce(ring, c), expected(c), c.expected);
  }
});

test("the web build gives the same views", async () => {
  const web = await import(path.join(pkgDir, "web/ring_web.js"));
  web.initSync({ module: readFileSync(path.join(pkgDir, "web/ring_web_bg.wasm")) });
  for (const c of cases) {
    assert.equal(produce(web, c), expected(c), c.expected);
  }
});

test("a Codex permission wait is promoted by the clock alone", () => {
  const at = (offset) => JSON.parse(ring.view(snapshotText, NOW + offset));
  const later = at(10);
  const before = entry(at(0), "codex:t-perm");
  const after = entry(later, "codex:t-perm");
  assert.equal(before.status, "working");
  assert.equal(after.status, "waiting");
  assert.equal(after.kind, "permission");
  assert.equal(after.detail, "Bash: cargo publish --allow-dirty");
  assert.ok(later.waiting.includes(later.entries.indexOf(after)), "in the waiting list");
  assert.equal(ring.relativeTime(after.idle_seconds), "12s");
});

test("hostile strings are kept as data, byte for byte", () => {
  const row = JSON.parse(snapshotText).rows.find((r) => r.session_id === "s-hostile");
  const shown = entry(JSON.parse(ring.view(snapshotText, NOW)), "s-hostile");
  assert.equal(shown.detail, row.waiting_detail);
  assert.match(shown.detail, /<img src=x onerror=alert\(1\)>/);
  assert.equal(shown.project, "<svg onload=alert(2)>");
});

test("bad input throws an Error that says what to pass", () => {
  assert.throws(() => ring.view("{not json", NOW), /ring-tmux json --snapshot/);
  assert.throws(() => ring.view("{}", Number.NaN), /Date\.now\(\) \/ 1000/);
  assert.throws(() => ring.viewWith("{}", NOW, "[1]"), /\{"all": true\}/);
  assert.deepEqual(JSON.parse(ring.view("{}", NOW)).entries, []);
});

test("the tables name every kind and state", () => {
  const kinds = JSON.parse(ring.kinds());
  assert.deepEqual(
    kinds.map((k) => k.name),
    ["permission", "question", "plan", "idle"],
  );
  const statuses = JSON.parse(ring.statuses());
  assert.deepEqual(
    statuses.map((s) => [s.name, s.marker]),
    [
      ["waiting", "🔴"],
      ["working", "🟢"],
      ["idle", "🟡"],
      ["ended", "⚫"],
    ],
  );
});

test("a snapshot made by the real ring-tmux gives the board ring-tmux json prints", () => {
  const bin = path.resolve(root, process.env.RING_TMUX_BIN ?? "target/debug/ring-tmux");
  assert.ok(existsSync(bin), `no ${bin}: run cargo build -p ring-tmux first`);
  const dir = mkdtempSync(path.join(tmpdir(), "ring-web-"));
  try {
    const home = path.join(dir, "home");
    const ringHome = path.join(home, ".config", "ring");
    mkdirSync(ringHome, { recursive: true });
    const procs = path.join(dir, "procs.json");
    writeFileSync(procs, JSON.stringify({ "claude-code": null, codex: [["/repo/api", null]] }));
    const run = (now, args, input) =>
      execFileSync(bin, args, {
        input: input ?? "",
        encoding: "utf8",
        env: {
          PATH: process.env.PATH,
          HOME: home,
          RING_HOME: ringHome,
          RING_NOW: String(now),
          RING_PROCS: procs,
          RING_SCAN_TTL: "0",
          RING_STDIN_TTY: "",
          RING_AGENT_TTY: "",
        },
      });
    const hook = (provider, payload, now) => run(now, ["hook", provider], JSON.stringify(payload));
    hook(
      "codex",
      {
        session_id: "t1",
        hook_event_name: "PermissionRequest",
        tool_name: "Bash",
        tool_input: { command: "cargo publish" },
        cwd: "/repo/api",
      },
      NOW,
    );
    hook(
      "claude",
      {
        session_id: "s1",
        hook_event_name: "Notification",
        cwd: "/repo/<b>app</b>x",
        notification_type: "permission_prompt",
        message: "Claude needs your permission to use <script>alert(1)</script> #[fg=red]",
      },
      NOW - 30,
    );
    writeFileSync(path.join(ringHome, "labels.json"), JSON.stringify({ s1: "pay & <go>" }));
    const snapshot = run(NOW + 1, ["json", "--snapshot"]);
    for (const later of [NOW + 1, NOW + 60]) {
      assert.equal(ring.board(snapshot, later, true) + "\n", run(later, ["json", "--all"]), `at ${later}`);
    }
    const now = JSON.parse(ring.view(snapshot, NOW + 1));
    const later = JSON.parse(ring.view(snapshot, NOW + 60));
    assert.equal(entry(now, "codex:t1").status, "working");
    assert.equal(entry(later, "codex:t1").status, "waiting");
    assert.equal(entry(later, "s1").label, "pay & <go>");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
