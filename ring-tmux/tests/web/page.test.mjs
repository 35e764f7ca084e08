// The board page of `ring-tmux serve` in headless Chromium (Debian's package), driven with
// playwright-core: the real ring-tmux binary (with the wasm module embedded) over temporary
// ring folders written by the real hook. Run by scripts/ci.sh:
//   RING_TMUX=target/debug/ring-tmux NODE_PATH=…/node_modules node --test ring-tmux/tests/web/
// Nothing here asserts a duration: each wait is "until it shows", with a generous limit.

import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createRequire } from "node:module";

// playwright-core from NODE_PATH (scripts/ci.sh installs it under its cache; an ES module
// import would not look there).
const { chromium } = createRequire(import.meta.url)("playwright-core");

const RING_TMUX = process.env.RING_TMUX || "target/debug/ring-tmux";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const WITHIN = 20_000;
// The language the server is started in (scripts/ci.sh runs this file in en and zh-Hant);
// the texts the page must show come from that language's catalogue, not from literals here.
const LANG = process.env.RING_LANG || "en";
const CATALOGUE = Object.fromEntries(
  readFileSync(new URL(`../../../ring-shared/locales/${LANG}/ring.ftl`, import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.match(/^([a-z][a-z-]*) = (.*)$/))
    .filter(Boolean)
    .map((m) => [m[1], m[2]]),
);
// A one-line message of the catalogue with its `{ $name }` arguments filled.
function tr(key, args = {}) {
  assert.ok(key in CATALOGUE, `${key} is in the ${LANG} catalogue`);
  return CATALOGUE[key].replace(/\{ \$([a-z_]+) \}/g, (_, name) => String(args[name]));
}
const NOW = 1_700_000_000;

let browser;
const cleanups = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
});

// Each test's pages, servers, tmux servers and folders go when it ends.
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

after(async () => {
  await browser?.close();
});

// A temporary HOME and ring folder, with the process list the read is told about.
function folder(procs) {
  const dir = mkdtempSync(join(tmpdir(), "ring-web-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "home"));
  writeFileSync(join(dir, "procs.json"), JSON.stringify(procs));
  const env = (now) => ({
    PATH: process.env.PATH,
    HOME: join(dir, "home"),
    RING_HOME: join(dir, "ring"),
    RING_PROCS: join(dir, "procs.json"),
    RING_STDIN_TTY: "",
    RING_AGENT_TTY: "",
    RING_LANG: LANG,
    ...(now === undefined ? {} : { RING_NOW: String(now) }),
  });
  return {
    dir,
    env,
    ring: join(dir, "ring"),
    hook(provider, payload, now) {
      const out = spawnSync(RING_TMUX, ["hook", provider], {
        input: JSON.stringify(payload),
        env: env(now),
      });
      assert.equal(out.status, 0, `hook: ${out.stderr}`);
    },
    json(now) {
      const out = spawnSync(RING_TMUX, ["json"], { env: env(now), encoding: "utf8" });
      assert.equal(out.status, 0, `json: ${out.stderr}`);
      return JSON.parse(out.stdout);
    },
  };
}

// `ring-tmux serve` on a free loopback port; resolves to its URL and a stop().
function serve(world, now) {
  const child = spawn(RING_TMUX, ["serve", "--listen", "127.0.0.1:0"], {
    env: world.env(now),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  cleanups.push(stop);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const url = line.slice(line.indexOf("http://"));
      resolve({ url, stop, child });
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

// Every session the page shows, in order: what a person reads on each line.
async function shown(page) {
  return page.$$eval("#board > li", (items) =>
    items.map((li) => ({
      id: li.dataset.sessionId,
      status: li.dataset.status,
      name: li.querySelector(".name").textContent,
      detail: li.querySelector(".detail").textContent,
      where: li.querySelector(".where").textContent,
    })),
  );
}

async function open(url, { clock } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  cleanups.push(() => context.close().catch(() => {}));
  if (clock) await page.clock.install({ time: Date.now() });
  await page.goto(url);
  return { page, errors, context };
}

test("the page shows the board `ring-tmux json` shows for the same folder", async () => {
  const world = folder({
    "claude-code": [["/repo/app", null], ["/repo/docs", null]],
    codex: [["/repo/api", null]],
  });
  world.hook("claude", {
    session_id: "s-wait", hook_event_name: "Notification", cwd: "/repo/app",
    notification_type: "permission_prompt", message: "Claude needs your permission to use Bash",
  }, NOW - 40);
  world.hook("codex", {
    session_id: "t-api", hook_event_name: "PreToolUse", tool_name: "Bash",
    tool_input: { command: "cargo test" }, cwd: "/repo/api",
  }, NOW - 3);
  world.hook("claude", { session_id: "s-idle", hook_event_name: "Stop", cwd: "/repo/docs" }, NOW - 300);
  writeFileSync(join(world.ring, "labels.json"), JSON.stringify({ "s-wait": "payments" }));
  const { url } = await serve(world, NOW);
  const { page, errors } = await open(url);
  const board = world.json(NOW);
  assert.equal(board.sessions.length, 3, JSON.stringify(board));
  await page
    .waitForFunction((n) => document.querySelectorAll("#board > li").length === n, board.sessions.length, { timeout: WITHIN })
    .catch(() => {});
  const want = board.sessions.map((s) => ({
    id: s.session_id,
    status: s.status,
    name: s.label || s.project,
    detail: s.status === "waiting" && s.waiting_detail ? s.waiting_detail : s.last_action,
    where: s.location,
  }));
  assert.deepEqual(await shown(page), want);
  assert.equal(want[0].status, "waiting", "waiting first");
  assert.equal(
    await page.textContent("#summary"),
    ["waiting", "working", "idle"].map((s) => tr(`web-count-${s}`, { count: 1 })).join(" \u00b7 "),
  );
  assert.equal(await page.getAttribute("html", "lang"), LANG);
  assert.equal(await page.isHidden("#notice"), true, "the wasm module loaded");
  assert.deepEqual(errors, []);
});

test("the token leaves the address bar, rides in a header, and no cookie is set", async () => {
  const world = folder({ "claude-code": [["/repo/app", null]] });
  world.hook("claude", { session_id: "s1", hook_event_name: "UserPromptSubmit", cwd: "/repo/app", prompt: "go" });
  const { url } = await serve(world);
  assert.match(url, /\/#token=[0-9a-f]+$/, "the printed address carries the token in its fragment");
  const context = await browser.newContext();
  cleanups.push(() => context.close().catch(() => {}));
  const page = await context.newPage();
  const api = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/")) api.push({ url: r.url(), authorization: r.headers()["authorization"] });
  });
  await page.goto(url);
  await page.waitForSelector('#board > li[data-session-id="s1"]', { timeout: WITHIN });
  assert.ok(!page.url().includes("token"), `the address bar still holds it: ${page.url()}`);
  assert.deepEqual(await context.cookies(), []);
  assert.ok(api.length > 0, "the page asked the API");
  const token = url.split("#token=")[1];
  for (const r of api) {
    assert.ok(!r.url.includes(token), `a token in a URL: ${r.url}`);
    assert.equal(r.authorization, `Bearer ${token}`, r.url);
  }
  // Without the token the page loads, and gets nothing.
  const bare = await context.newPage();
  await bare.goto(url.split("#")[0]);
  await bare.waitForFunction(() => /token/.test(document.getElementById("connection").textContent), null, { timeout: WITHIN });
  assert.equal(await bare.$$eval("#board > li", (n) => n.length), 0);
});

test("the page shows a hook event without being reloaded", async () => {
  const world = folder({ "claude-code": [["/repo/app", null], ["/repo/web", null]] });
  world.hook("claude", { session_id: "s1", hook_event_name: "UserPromptSubmit", cwd: "/repo/app", prompt: "go" });
  const { url } = await serve(world);
  const { page } = await open(url);
  await page.waitForSelector('#board > li[data-session-id="s1"][data-status="working"]', { timeout: WITHIN });
  const started = Date.now();
  world.hook("claude", {
    session_id: "s1", hook_event_name: "Notification", cwd: "/repo/app",
    notification_type: "permission_prompt", message: "Claude needs your permission to use Bash",
  });
  await page.waitForSelector('#board > li[data-session-id="s1"][data-status="waiting"]', { timeout: WITHIN });
  // Reported, not asserted (BENCHMARKS.md holds speed claims).
  console.log(`# hook event to page: ${Date.now() - started} ms`);
  world.hook("claude", { session_id: "s2", hook_event_name: "UserPromptSubmit", cwd: "/repo/web", prompt: "hi" });
  await page.waitForSelector('#board > li[data-session-id="s2"]', { timeout: WITHIN });
});

test("a Codex permission wait is promoted in the page with the server gone", async () => {
  const world = folder({ codex: [["/repo/api", null]] });
  mkdirSync(world.ring, { recursive: true, mode: 0o700 });
  writeFileSync(join(world.ring, "config.toml"), "codex_permission_wait_seconds = 60\n");
  world.hook("codex", {
    session_id: "t1", hook_event_name: "PermissionRequest", tool_name: "Bash",
    tool_input: { command: "cargo publish" }, cwd: "/repo/api",
  }, NOW);
  const server = await serve(world, NOW + 1);
  const { page } = await open(server.url, { clock: true });
  const row = '#board > li[data-session-id="codex:t1"]';
  await page.waitForSelector(`${row}[data-status="working"]`, { timeout: WITHIN });
  // No server any more: whatever the page shows next, it derived itself.
  server.stop();
  await new Promise((resolve) => server.child.once("exit", resolve));
  const asked = [];
  page.on("request", (r) => asked.push(r.url()));
  await page.clock.fastForward(90_000);
  await page.waitForSelector(`${row}[data-status="waiting"]`, { timeout: WITHIN });
  assert.ok((await page.textContent(`${row} .kind`)).endsWith(tr("kind-permission")));
  assert.match(await page.textContent(`${row} .detail`), /cargo publish/);
  assert.deepEqual(asked.filter((u) => u.includes("/api/snapshot") || u.includes("/api/view")), []);
});

test("hostile payload text is shown as text and runs nothing", async () => {
  const world = folder({ "claude-code": [["/repo/app", null]] });
  const hostile =
    '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
    '"><svg onload="window.__pwned=3"> #[fg=red] \u001b]0;title\u0007 &amp;';
  world.hook("claude", {
    session_id: "s-evil", hook_event_name: "Notification", cwd: "/repo/app",
    notification_type: "permission_prompt", message: hostile,
  }, NOW);
  writeFileSync(join(world.ring, "labels.json"), JSON.stringify({ "s-evil": "<b onmouseover=alert(1)>x</b>" }));
  const { url } = await serve(world, NOW);
  const { page, errors } = await open(url);
  await page.waitForSelector('#board > li[data-session-id="s-evil"]', { timeout: WITHIN });
  const detail = await page.textContent('#board > li[data-session-id="s-evil"] .detail');
  assert.ok(detail.includes('<img src=x onerror="window.__pwned=1">'), detail);
  assert.ok(detail.includes("&amp;"), "entities stay as typed");
  assert.equal(await page.textContent('#board > li[data-session-id="s-evil"] .name'), "<b onmouseover=alert(1)>x</b>");
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$$eval("main img, main svg, main script, main b", (n) => n.length), 0);
  assert.deepEqual(errors, []);
});

// A private tmux server with a client attached (inside an outer tmux, which gives it a
// terminal), as ring-tmux/tests/it/e2e_tmux/world.rs builds one.
function tmuxWorld() {
  const name = `ring-web-${process.pid}`;
  const tmux = (server, ...args) => {
    const out = spawnSync("tmux", ["-L", server, "-f", "/dev/null", ...args], { encoding: "utf8" });
    assert.equal(out.status, 0, `tmux ${args.join(" ")}: ${out.stderr}`);
    return out.stdout.trim();
  };
  const inner = `${name}-in`;
  const outer = `${name}-out`;
  cleanups.push(() => {
    spawnSync("tmux", ["-L", outer, "kill-server"]);
    spawnSync("tmux", ["-L", inner, "kill-server"]);
  });
  tmux(inner, "new-session", "-d", "-s", "t", "-x", "100", "-y", "30");
  tmux(inner, "new-window", "-t", "t:1");
  tmux(inner, "select-window", "-t", "t:0");
  tmux(outer, "new-session", "-d", "-s", "o", "-x", "100", "-y", "30", `env -u TMUX tmux -L ${inner} attach -t t`);
  return { inner: (...args) => tmux(inner, ...args) };
}

async function until(limit, f) {
  const end = Date.now() + limit;
  for (;;) {
    const value = f();
    if (value) return value;
    if (Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("Go there switches the real tmux client to the session's pane", { skip: spawnSync("tmux", ["-V"]).status !== 0 }, async () => {
  const world = folder({});
  const t = tmuxWorld();
  const client = await until(WITHIN, () => t.inner("list-clients", "-F", "#{client_name}").split("\n")[0]);
  assert.ok(client, "a client attached");
  const pane = t.inner("display-message", "-p", "-t", "t:1", "#{pane_id}");
  const tty = t.inner("display-message", "-p", "-t", "t:1", "#{pane_tty}");
  const socket = t.inner("display-message", "-p", "-t", "t:1", "#{socket_path}");
  writeFileSync(join(world.dir, "procs.json"), JSON.stringify({ "claude-code": [["/repo/app", tty]], codex: [] }));
  const out = spawnSync(RING_TMUX, ["hook", "claude"], {
    input: JSON.stringify({
      session_id: "s1", hook_event_name: "Notification", cwd: "/repo/app", tty,
      notification_type: "permission_prompt", message: "Claude needs your permission to use Bash",
    }),
    env: { ...world.env(), TMUX: `${socket},1,0`, TMUX_PANE: pane },
  });
  assert.equal(out.status, 0);
  const here = () => t.inner("display-message", "-p", "-c", client, "#{pane_id}");
  assert.notEqual(here(), pane);
  const { url } = await serve(world);
  const { page, errors } = await open(url);
  const button = '#board > li[data-session-id="s1"] .go button';
  await page.waitForSelector(button, { timeout: WITHIN });
  await page.click(button);
  const moved = await until(WITHIN, () => here() === pane);
  const said = await page.textContent("#connection");
  assert.equal(moved, true, `the client is on ${here()}, not ${pane}; the page says ${said}`);
  assert.equal(await page.textContent("#connection"), tr("web-switched"));
  assert.deepEqual(errors, []);
});

// Issue 27: another host's sessions on the page, from the host caches the refreshers keep
// (`remote/HOST.json`, written here as `ring-tmux remote refresh` writes them; its last try
// is dated now, so no refresher is due and no ssh runs). The page derives them in wasm:
// named host:project, stale with their age, and each host it cannot vouch for named.
test("another host's sessions show as host:project, a stale one with its age, an unreachable host named", async () => {
  const world = folder({ "claude-code": [], codex: [] });
  const remote = join(world.ring, "remote");
  mkdirSync(remote, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(world.ring, "config.toml"),
    'remote_hosts = ["hosta", "hostb"]\nremote_ssh_command = "/bin/false"\nremote_refresh_seconds = 3600\n',
    { mode: 0o600 },
  );
  const hostSnapshot = {
    generated_at: NOW - 300,
    rows: [{ session_id: "s9", status: "waiting", waiting_kind: "permission", last_active: NOW - 320, cwd: "/w/api" }],
  };
  const caches = {
    hosta: { attempted_at: NOW, ok_at: NOW - 300, error: "no answer within 10s", snapshot: hostSnapshot },
    hostb: { attempted_at: NOW, ok_at: 0, error: "Connection refused" },
  };
  for (const [host, cache] of Object.entries(caches)) {
    writeFileSync(join(remote, `${host}.json`), JSON.stringify(cache), { mode: 0o600 });
  }
  const { url } = await serve(world, NOW);
  const { page, errors } = await open(url);
  await page.waitForSelector('#board > li[data-session-id="hosta:s9"]', { timeout: WITHIN });
  const [entry] = await shown(page);
  assert.equal(entry.status, "waiting");
  assert.equal(entry.name, "hosta:api");
  assert.match(entry.where, /^hosta:.*\(stale 5m\)$/);
  assert.equal(await page.isVisible('#board > li[data-session-id="hosta:s9"] .go button:not(.reply)'), true, "Go there");
  const hosts = await page.$$eval("#hosts > li", (items) => items.map((li) => li.textContent));
  assert.deepEqual(hosts, [
    tr("web-host-stale", { host: "hosta", time: "5m" }),
    tr("web-host-unreachable", { host: "hostb", error: "Connection refused" }),
  ]);
  assert.equal(await page.textContent("#summary"), tr("web-count-waiting", { count: 1 }));
  assert.deepEqual(errors, []);
  // With RING_SCREENSHOTS=DIR, the README's picture of it.
  if (process.env.RING_SCREENSHOTS) {
    await page.screenshot({ path: join(process.env.RING_SCREENSHOTS, "web-remote.png"), clip: { x: 0, y: 0, width: 960, height: 190 } });
  }
});

// Issue 26: every word of the page is the catalogue's, in the language serve runs with
// (scripts/ci.sh runs this file under RING_LANG=en and zh-Hant).
test("the page speaks the server's language, from the catalogue", async () => {
  const world = folder({ "claude-code": [["/repo/app", null]], codex: [] });
  world.hook("claude", {
    session_id: "s1", hook_event_name: "Notification", cwd: "/repo/app",
    notification_type: "permission_prompt", message: "Claude needs your permission to use Bash",
  }, NOW - 40);
  const { url } = await serve(world, NOW);
  const { page, errors } = await open(url);
  const row = '#board > li[data-session-id="s1"]';
  await page.waitForSelector(`${row}[data-status="waiting"]`, { timeout: WITHIN });
  assert.equal(await page.getAttribute("html", "lang"), LANG);
  assert.equal(await page.textContent(`${row} .state`), `\u{1F534} ${tr("state-waiting")}`);
  assert.equal(await page.textContent(`${row} .kind`), `\u{1F510} ${tr("kind-permission")}`);
  assert.equal(await page.textContent(`${row} .idle`), tr("web-since-waiting", { time: "40s" }));
  assert.equal(await page.textContent(`${row} .go button:not(.reply)`), tr("web-go"));
  assert.equal(await page.textContent(`${row} .go button.reply`), tr("web-answer"));
  assert.equal(await page.textContent("#summary"), tr("web-count-waiting", { count: 1 }));
  assert.equal(await page.textContent("#connection"), tr("web-live"));
  assert.equal(await page.textContent("#empty"), tr("web-empty"));
  assert.equal(await page.textContent("#answer-close"), tr("web-back"));
  assert.equal(await page.textContent("#answer-again"), tr("web-read-again"));
  assert.equal(await page.getAttribute("#board", "aria-label"), tr("web-board-label"));
  assert.deepEqual(errors, []);
});
