// The board page of `ring-tmux serve`. It keeps the latest snapshot of the read inputs
// (from /api/events, server-sent events read through fetch) and derives the View from it every second with
// ring-shared compiled to wasm (/pkg/ring_web.js), so idle times and the Codex permission
// wait tick here without asking the server. Every string from the board is data: it goes
// into the page through textContent only, never as markup.

import * as answer from "/answer.js";
import { t } from "/texts.js";

// Icons and labels: ring-shared's tables (the wasm module's statuses() and kinds()); these
// copies only serve a build without the module.
let STATES = {
  waiting: { icon: "\u{1F534}", label: "waiting" },
  working: { icon: "\u{1F7E2}", label: "working" },
  idle: { icon: "\u{1F7E1}", label: "done/idle" },
  ended: { icon: "\u{26AB}", label: "ended" },
};
let KINDS = {
  permission: { icon: "\u{1F510}", label: "needs permission" },
  question: { icon: "\u{2753}", label: "asks a question" },
  plan: { icon: "\u{1F9ED}", label: "has a plan to approve" },
  idle: { icon: "\u{23F8}", label: "is idle at its prompt" },
};
// The labels in the server's language (the page's texts, /texts.js), over the tables'.
function localize(table, prefix) {
  for (const [name, entry] of Object.entries(table)) {
    const label = t(`${prefix}-${name}`);
    if (label !== `${prefix}-${name}`) entry.label = label;
  }
}
localize(STATES, "state");
localize(KINDS, "kind");
const TICK_MS = 1000;
const RETRY_MS = 1000;

// The token: from the address `ring-tmux serve` printed (`#token=…`; `?token=` also read),
// kept in this variable only (no cookie, no storage) and sent in a header. It leaves the
// address bar at once, so it is in no history entry, bookmark or shared link. A
// `#…&session=ID` (a notification's link) opens that session's answer view once it waits.
let WANTED = new URLSearchParams(location.hash.slice(1)).get("session");
const TOKEN = takeToken();

function takeToken() {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  const fromQuery = new URLSearchParams(location.search).get("token");
  if (fromHash !== null || fromQuery !== null || WANTED !== null) {
    history.replaceState(null, "", location.pathname);
  }
  return fromHash || fromQuery || "";
}

function authorized(headers = {}) {
  return { ...headers, Authorization: `Bearer ${TOKEN}` };
}

const board = document.getElementById("board");
const summary = document.getElementById("summary");
const connection = document.getElementById("connection");
const empty = document.getElementById("empty");
const notice = document.getElementById("notice");
const hosts = document.getElementById("hosts");

// The latest snapshot (its JSON text, as the wasm module takes it) and the clock anchor:
// the server's clock at the read, and this page's clock when it arrived. The page's "now"
// is the server's clock moved on by the time elapsed here, so a phone whose clock is off
// (or a test's fixed RING_NOW) still ticks from the server's time.
let snapshotText = null;
let anchor = { server: 0, local: 0 };
let wasm = null;
let serverView = null;

function now() {
  return anchor.server + (Date.now() - anchor.local) / 1000;
}

function setSnapshot(text) {
  let generated = 0;
  try {
    generated = Number(JSON.parse(text).generated_at) || 0;
  } catch {
    return;
  }
  snapshotText = text;
  anchor = { server: generated, local: Date.now() };
  draw();
}

function derive() {
  if (wasm && snapshotText !== null) {
    return JSON.parse(wasm.viewWith(snapshotText, now(), JSON.stringify({ lang: document.documentElement.lang })));
  }
  return serverView;
}

// `42s`, `3m`, `1h05m`: the terminal's relative times (the wasm module's), else the same here.
function idleText(seconds) {
  if (wasm) return wasm.relativeTime(seconds);
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

function element(tag, className) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

// One list item per session, kept across ticks (a button keeps its focus), its texts set.
const items = new Map();

function itemFor(id) {
  let item = items.get(id);
  if (item) return item;
  const li = element("li", "entry");
  li.dataset.sessionId = id;
  const head = element("div", "head");
  const state = element("span", "state");
  const name = element("span", "name");
  const kind = element("span", "kind");
  head.append(state, name, kind);
  const detail = element("p", "detail");
  const meta = element("div", "meta");
  const idle = element("span", "idle");
  const provider = element("span", "provider");
  const where = element("span", "where");
  meta.append(idle, provider, where);
  const go = element("div", "go");
  const button = element("button");
  button.type = "button";
  button.textContent = t("web-go");
  button.addEventListener("click", () => jump(id, button));
  const reply = element("button", "reply");
  reply.type = "button";
  reply.textContent = t("web-answer");
  reply.addEventListener("click", () => answer.open(id, item.name.textContent));
  go.append(button, reply);
  li.append(head, detail, meta, go);
  item = { li, state, name, kind, detail, idle, provider, where, go, button, reply };
  items.set(id, item);
  return item;
}

function fill(item, entry) {
  const state = STATES[entry.status] || { icon: "", label: String(entry.status) };
  item.li.dataset.status = entry.status;
  item.li.dataset.kind = entry.status === "waiting" ? entry.kind : "";
  item.state.textContent = `${state.icon} ${state.label}`;
  item.name.textContent = entry.label || entry.project || entry.session_id;
  const kind = entry.status === "waiting" ? KINDS[entry.kind] : undefined;
  item.kind.textContent = kind ? `${kind.icon} ${kind.label}` : entry.status === "waiting" && entry.kind ? entry.kind : "";
  item.detail.textContent = entry.detail || "";
  // What the time of each state says: how long it has waited, or since it last did something.
  const time = idleText(entry.idle_seconds);
  const since = STATES[entry.status] ? t(`web-since-${entry.status}`, { time }) : `${entry.status} ${time}`;
  item.idle.textContent = since;
  item.provider.textContent = entry.provider;
  item.where.textContent = entry.location || entry.cwd || "";
  // Only sessions ring knows a tmux pane or zellij tab of can be gone to; one on another
  // host through its ssh window (the server says when it cannot open one).
  item.go.hidden = !(entry.tmux_socket || entry.zellij_session || entry.remote);
  // Only a waiting session has a dialog to answer.
  item.reply.hidden = entry.status !== "waiting";
}

function draw() {
  const view = derive();
  if (!view) return;
  const seen = new Set();
  view.entries.forEach((entry, i) => {
    const item = itemFor(entry.session_id);
    fill(item, entry);
    seen.add(entry.session_id);
    if (board.children[i] !== item.li) board.insertBefore(item.li, board.children[i] || null);
  });
  for (const [id, item] of items) {
    if (!seen.has(id)) {
      item.li.remove();
      items.delete(id);
    }
  }
  const c = view.counts || {};
  const parts = [];
  for (const key of ["waiting", "working", "idle", "ended"]) {
    if (c[key]) parts.push(t(`web-count-${key}`, { count: c[key] }));
  }
  summary.textContent = parts.length ? parts.join(" \u00b7 ") : t("web-nothing");
  drawHosts(view.hosts || []);
  document.title = c.waiting ? `(${c.waiting}) ring` : "ring";
  empty.hidden = view.entries.length > 0;
  const wanted = WANTED && view.entries.find((e) => e.session_id === WANTED && e.status === "waiting");
  if (wanted) {
    WANTED = null;
    answer.open(wanted.session_id, items.get(wanted.session_id).name.textContent);
  }
}

// The hosts whose sessions the page cannot vouch for: stale (with the age of what it shows),
// unreachable (with ssh's reason) or not read yet. A host that answers lately is not named.
function drawHosts(notes) {
  const lines = notes
    .filter((n) => n.state !== "ok")
    .map((n) => {
      if (n.state === "stale") return t("web-host-stale", { host: n.host, time: idleText(n.age_seconds || 0) });
      if (n.state === "unreachable") return t("web-host-unreachable", { host: n.host, error: n.error || "" });
      return t("web-host-unread", { host: n.host });
    });
  const shown = Array.from(hosts.children, (li) => li.textContent);
  if (shown.join("\n") !== lines.join("\n")) {
    hosts.replaceChildren(
      ...lines.map((line) => {
        const li = element("li");
        li.textContent = line;
        return li;
      }),
    );
  }
  hosts.hidden = lines.length === 0;
}

async function jump(id, button) {
  button.disabled = true;
  try {
    const response = await fetch("/api/jump", {
      method: "POST",
      headers: authorized({ "Content-Type": "application/json" }),
      body: JSON.stringify({ session_id: id }),
      credentials: "omit",
    });
    const answer = await response.json().catch(() => ({}));
    connection.textContent = response.ok
      ? t("web-switched")
      : t("web-jump-failed", { error: answer.error || response.status });
  } catch {
    connection.textContent = t("web-unreachable");
  } finally {
    button.disabled = false;
  }
}

// The event stream, read with fetch (an EventSource cannot send the token in a header):
// each `snapshot` event's data is the board's read inputs. Reconnects after a pause.
async function listen() {
  for (;;) {
    try {
      const response = await fetch("/api/events", { headers: authorized(), credentials: "omit" });
      if (response.status === 401) {
        connection.textContent = t("web-no-token");
        return;
      }
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      // "live" is said once per connection: a later snapshot (a jump writes the ring folder
      // too) must not wipe what a button just reported ("switched").
      connected = false;
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          onEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Fall through to the retry.
    }
    connection.textContent = t("web-reconnecting");
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

// Whether this connection's first snapshot has come (and "live" been said).
let connected = false;

// One server-sent event block: `event: NAME` and `data: …` lines.
function onEvent(block) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
  }
  if (name !== "snapshot" || data.length === 0) return;
  if (!connected) {
    connection.textContent = t("web-live");
    connected = true;
  }
  if (wasm) {
    setSnapshot(data.join("\n"));
  } else {
    refreshServerView();
  }
}

async function refreshServerView() {
  try {
    const response = await fetch("/api/view", { headers: authorized(), credentials: "omit" });
    if (response.ok) {
      serverView = await response.json();
      draw();
    }
  } catch {
    connection.textContent = t("web-unreachable");
  }
}

async function start() {
  answer.setup(authorized);
  try {
    const module = await import("/pkg/ring_web.js");
    await module.default();
    wasm = module;
    STATES = Object.fromEntries(JSON.parse(wasm.statuses()).map((s) => [s.name, { icon: s.marker, label: s.label }]));
    KINDS = Object.fromEntries(JSON.parse(wasm.kinds()).map((k) => [k.name, k]));
    localize(STATES, "state");
    localize(KINDS, "kind");
  } catch {
    wasm = null;
    notice.hidden = false;
    notice.textContent = t("web-no-wasm");
  }
  listen();
  setInterval(draw, TICK_MS);
}

start();
