// Answering from a phone: the board page of `ring-tmux serve` in headless Chromium on a
// phone-sized viewport (390x844, touch), driven with playwright-core, against a real tmux
// pane on a private server that shows a Claude-like permission dialog (the stand-in agent of
// ring-tmux/tests/it/e2e_tmux/reply.rs, which writes down the first key it gets). Run by
// scripts/ci.sh with the rest of ring-tmux/tests/web/. With RING_SCREENSHOTS=DIR, the answer
// view is saved as DIR/phone-answer.png (the README's picture).

import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { createRequire } from "node:module";

const { chromium } = createRequire(import.meta.url)("playwright-core");

const RING_TMUX = process.env.RING_TMUX || "target/debug/ring-tmux";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const WITHIN = 20_000;
const HERE = dirname(fileURLToPath(import.meta.url));
const NO_TMUX = spawnSync("tmux", ["-V"]).status !== 0;

// The stand-in agent, taken from the Rust test that owns it (one script, two suites).
const AGENT = (() => {
  const rust = readFileSync(join(HERE, "..", "it", "e2e_tmux", "reply.rs"), "utf8");
  const found = rust.match(/pub(?:\(crate\))? const AGENT: &str = r#"([\s\S]*?)"#;/);
  assert.ok(found, "the AGENT script in e2e_tmux/reply.rs");
  return found[1];
})();

let browser;
const cleanups = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run"],
  });
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

after(async () => {
  await browser?.close();
});

async function until(limit, f) {
  const end = Date.now() + limit;
  for (;;) {
    const value = f();
    if (value) return value;
    if (Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A private tmux server whose pane %0 runs the agent, a ring folder where session `s-phone`
// waits in it (recorded by the real hook), and `ring-tmux serve` on a free loopback port.
async function world() {
  const dir = mkdtempSync(join(tmpdir(), "ring-phone-"));
  const name = `ring-phone-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  cleanups.push(() => {
    spawnSync("tmux", ["-L", name, "kill-server"]);
    rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(join(dir, "home"));
  mkdirSync(join(dir, "ring"), { mode: 0o700 });
  writeFileSync(join(dir, "agent.sh"), AGENT);
  const keys = join(dir, "keys");
  const env = {
    PATH: process.env.PATH,
    HOME: join(dir, "home"),
    RING_HOME: join(dir, "ring"),
    RING_PROCS: join(dir, "procs.json"),
    RING_STDIN_TTY: "",
    RING_AGENT_TTY: "",
  };
  const tmux = (...args) => {
    const out = spawnSync("tmux", ["-L", name, "-f", "/dev/null", ...args], { encoding: "utf8", env });
    assert.equal(out.status, 0, `tmux ${args.join(" ")}: ${out.stderr}`);
    return out.stdout.trim();
  };
  tmux("new-session", "-d", "-s", "t", "-x", "100", "-y", "30");
  const screen = () => tmux("capture-pane", "-p", "-t", "%0");
  // Restarts %0 as the agent asking about `command`; the hook records the session waiting.
  const ask = async (command) => {
    rmSync(keys, { force: true });
    tmux("respawn-pane", "-k", "-t", "%0", `sh '${join(dir, "agent.sh")}' '${command}' '${keys}'`);
    const drawn = await until(WITHIN, () => screen().includes("Esc to cancel"));
    assert.ok(drawn && screen().includes(command), `the dialog is drawn: ${screen()}`);
    const tty = tmux("display-message", "-p", "-t", "%0", "#{pane_tty}");
    const socket = tmux("display-message", "-p", "-t", "%0", "#{socket_path}");
    writeFileSync(join(dir, "procs.json"), JSON.stringify({ "claude-code": [["/repo/payments", tty]], codex: [] }));
    const out = spawnSync(RING_TMUX, ["hook", "claude"], {
      input: JSON.stringify({
        session_id: "s-phone", hook_event_name: "Notification", cwd: "/repo/payments", tty,
        notification_type: "permission_prompt", message: "Claude needs your permission to use Bash",
      }),
      env: { ...env, TMUX: `${socket},1,0`, TMUX_PANE: "%0" },
    });
    assert.equal(out.status, 0, `hook: ${out.stderr}`);
  };
  await ask("git push --force origin main");
  const child = spawn(RING_TMUX, ["serve", "--listen", "127.0.0.1:0"], { env, stdio: ["ignore", "pipe", "inherit"] });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", (line) => resolve(line.slice(line.indexOf("http://"))));
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const key = () => (existsSync(keys) ? readFileSync(keys, "utf8") : null);
  return { url, ask, screen, key, dir };
}

async function phone(url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: "light",
  });
  cleanups.push(() => context.close().catch(() => {}));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors };
}

const ENTRY = '#board > li[data-session-id="s-phone"]';

test("a phone answers the dialog on the pane: the chosen key reaches it", { skip: NO_TMUX }, async () => {
  const w = await world();
  const { page, errors } = await phone(w.url);
  await page.waitForSelector(`${ENTRY}[data-status="waiting"] button.reply`, { timeout: WITHIN });
  await page.tap(`${ENTRY} button.reply`);
  await page.waitForSelector('#answer-options button[data-option="2"]', { timeout: WITHIN });
  assert.equal(await page.isVisible("#board"), false, "the answer view has the screen");
  const rows = await page.textContent("#answer-dialog");
  assert.ok(rows.includes("   git push --force origin main\n Do you want to proceed?\n ❯ 1. Yes\n"), rows);
  assert.deepEqual(await page.$$eval("#answer-options button", (b) => b.map((x) => x.textContent)),
    ["1. Yes", "2. Yes, and always allow", "3. No"]);
  // Big enough to hit with a thumb.
  const box = await page.locator('#answer-options button[data-option="2"]').boundingBox();
  assert.ok(box.height >= 44 && box.width >= 300, JSON.stringify(box));
  if (process.env.RING_SCREENSHOTS) {
    await page.screenshot({ path: join(process.env.RING_SCREENSHOTS, "phone-answer.png") });
  }
  assert.equal(w.key(), null, "nothing typed before the tap");
  await page.tap('#answer-options button[data-option="2"]');
  const key = await until(WITHIN, () => w.key());
  assert.equal(key, "2", `the pane got ${key}; the page says ${await page.textContent("#answer-result")}`);
  await page.waitForFunction(() => document.getElementById("answer-result").dataset.kind === "sent", null, { timeout: WITHIN });
  assert.equal(await page.textContent("#answer-result"), "sent 2. Yes, and always allow");
  assert.deepEqual(errors, []);
});

test("a dialog that changed after the page read it: the page shows the refusal, no key is sent", { skip: NO_TMUX }, async () => {
  const w = await world();
  // A notification's link: the answer view opens at the session.
  const { page, errors } = await phone(`${w.url}&session=s-phone`);
  await page.waitForSelector('#answer-options button[data-option="1"]', { timeout: WITHIN });
  assert.ok(!page.url().includes("session="), page.url());
  // The agent redraws: the same question and options, about another command.
  await w.ask("rm -rf ~/payments");
  await page.tap('#answer-options button[data-option="1"]');
  await page.waitForFunction(() => document.getElementById("answer-result").dataset.kind === "refused", null, { timeout: WITHIN });
  assert.equal(await page.textContent("#answer-result"),
    "the dialog on screen changed since this page read it; nothing was sent; read it again and choose anew");
  assert.equal(await page.isVisible("#answer-again"), true);
  assert.equal(await page.locator("#answer-options button:enabled").count(), 0, "no second try without reading again");
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(w.key(), null, "no key reached the pane");
  // Read again: the new dialog, verbatim.
  await page.tap("#answer-again");
  await page.waitForFunction(() => document.getElementById("answer-dialog").textContent.includes("rm -rf ~/payments"), null, { timeout: WITHIN });
  assert.deepEqual(errors, []);
});
