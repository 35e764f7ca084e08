// The answer view: a waiting session's dialog as `ring-tmux reply` reads it from the pane
// (GET /api/dialog), every row shown verbatim as text, one big button per option. Choosing
// sends the option with the dialog's fingerprint (POST /api/reply): the server types the
// digit only while the pane still shows that very dialog, and otherwise says why it sent
// nothing. Every string from the server goes in through textContent only, never as markup.

import { t } from "/texts.js";

const view = document.getElementById("answer");
const title = document.getElementById("answer-title");
const rows = document.getElementById("answer-dialog");
const options = document.getElementById("answer-options");
const result = document.getElementById("answer-result");
const again = document.getElementById("answer-again");
const close = document.getElementById("answer-close");

let authorized = (headers) => headers;
let current = null;

export function setup(withToken) {
  authorized = withToken;
  close.addEventListener("click", hide);
  again.addEventListener("click", () => current && read(current.id, current.name));
}

export function hide() {
  view.hidden = true;
  current = null;
  document.body.classList.remove("answering");
}

// Opens the view for session `id` (shown as `name`) and reads its dialog.
export function open(id, name) {
  view.hidden = false;
  document.body.classList.add("answering");
  read(id, name);
}

function say(text, kind) {
  result.textContent = text;
  result.dataset.kind = kind;
}

async function read(id, name) {
  current = { id, name, listing: null };
  title.textContent = name;
  rows.textContent = "";
  options.replaceChildren();
  again.hidden = true;
  say(t("web-reading"), "busy");
  let answer;
  try {
    const response = await fetch(`/api/dialog?session=${encodeURIComponent(id)}`, {
      headers: authorized(),
      credentials: "omit",
    });
    answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      say(answer.error || t("web-unreadable", { status: response.status }), "refused");
      again.hidden = false;
      return;
    }
  } catch {
    say(t("web-unreachable"), "refused");
    again.hidden = false;
    return;
  }
  if (!current || current.id !== id) return;
  current.listing = answer;
  rows.textContent = (answer.rows || []).join("\n");
  for (const option of answer.options || []) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "option";
    button.dataset.option = String(option.number);
    button.textContent = `${option.number}. ${option.text}`;
    button.addEventListener("click", () => choose(option.number));
    options.append(button);
  }
  say(t("web-choose"), "ready");
}

async function choose(number) {
  const asked = current;
  if (!asked || !asked.listing) return;
  for (const button of options.querySelectorAll("button")) button.disabled = true;
  say(t("web-sending", { number }), "busy");
  try {
    const response = await fetch("/api/reply", {
      method: "POST",
      headers: authorized({ "Content-Type": "application/json" }),
      body: JSON.stringify({ session: asked.id, option: number, fingerprint: asked.listing.fingerprint }),
      credentials: "omit",
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) {
      say(t("web-sent", { number: answer.sent || number }), "sent");
      options.replaceChildren();
      return;
    }
    say(answer.error || t("web-not-sent", { status: response.status }), "refused");
  } catch {
    say(t("web-maybe-sent"), "refused");
  }
  again.hidden = false;
}
