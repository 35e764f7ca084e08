// ring-tmux: Pi extension written by `ring-tmux install-hooks`, removed by `ring-tmux remove-hooks`. Edits are lost: install-hooks rewrites this file.
//
// Sends Pi's session, turn and tool events to ring's hook, one `ring-tmux hook --provider pi`
// per event, in the order they happen, without making Pi wait: a failed or slow hook is
// logged nowhere and never blocks the agent. Pi has no permission prompts of its own; it waits
// for its user only in a dialog an extension opens (a permission gate, a question tool), so
// this extension wraps Pi's dialog calls (`ctx.ui.select`, `confirm`, `input`, `editor`,
// shared by every extension) to say when one is on screen.
import { spawn } from "node:child_process"

const RING = __RING_BIN__
const ARGS = __RING_ARGS__
const FORWARDED = new Set(__RING_EVENTS__)
// Pi's own tools: a dialog while one of them is about to run is a permission gate; a dialog
// during any other tool (an extension's question tool) or at the prompt is a question.
const BUILTIN_TOOLS = new Set(["bash", "read", "edit", "write", "grep", "find", "ls"])
const DIALOGS = ["select", "confirm", "input", "editor"]
const WRAPPED = Symbol.for("ring-tmux.dialogs")
const TEXT_MAX = 2000

export default function (pi) {
  let session = ""
  let cwd = process.cwd()
  let running = false
  let tool = null
  let queue = Promise.resolve()

  const send = (payload) =>
    new Promise((done) => {
      try {
        const child = spawn(RING, ["hook", ...ARGS], { stdio: ["pipe", "ignore", "ignore"], detached: true })
        child.on("error", () => done())
        child.on("close", () => done())
        child.stdin.on("error", () => {})
        child.stdin.end(JSON.stringify(payload))
        child.unref()
      } catch {
        done()
      }
    })
  const forward = (name, extra = {}) => {
    if (!FORWARDED.has(name) || !session) return queue
    const payload = { hook_event_name: name, session_id: session, cwd, ...extra }
    queue = queue.then(() => send(payload))
    return queue
  }
  const text = (value) => (typeof value === "string" ? value.slice(0, TEXT_MAX) : "")
  const bind = (ctx) => {
    try {
      session = ctx.sessionManager.getSessionId() ?? session
      cwd = ctx.cwd ?? cwd
    } catch {}
    try {
      if (!ctx.hasUI) return
      const ui = ctx.ui
      if (!ui || ui[WRAPPED]) return
      for (const name of DIALOGS) {
        const original = ui[name]
        if (typeof original !== "function") continue
        ui[name] = function (title, ...rest) {
          const gate = tool !== null && BUILTIN_TOOLS.has(tool.name)
          forward("ui_dialog", {
            notification_type: gate ? "permission_prompt" : "agent_needs_input",
            message: text(title),
            ...(gate ? { tool_name: tool.name, tool_input: tool.args } : {}),
          })
          const closed = () => forward(running ? "ui_dialog_closed" : "ui_dialog_closed_idle")
          let answer
          try {
            answer = original.call(this, title, ...rest)
          } catch (err) {
            closed()
            throw err
          }
          Promise.resolve(answer).then(closed, closed)
          return answer
        }
      }
      ui[WRAPPED] = true
    } catch {}
  }
  const lastText = (messages) => {
    for (const message of [...(messages ?? [])].reverse()) {
      if (message?.role !== "assistant") continue
      const parts = Array.isArray(message.content) ? message.content : []
      return text(parts.filter((p) => p?.type === "text").map((p) => p.text).join("\n"))
    }
    return ""
  }

  pi.on("session_start", async (event, ctx) => {
    bind(ctx)
    forward("session_start", { reason: event?.reason })
  })
  pi.on("agent_start", async (_event, ctx) => {
    bind(ctx)
    running = true
    forward("agent_start")
  })
  pi.on("tool_execution_start", async (event, ctx) => {
    bind(ctx)
    tool = { name: String(event?.toolName ?? ""), args: event?.args ?? {} }
    forward("tool_execution_start", { tool_name: tool.name, tool_input: tool.args })
  })
  pi.on("tool_execution_end", async () => {
    tool = null
  })
  pi.on("agent_end", async (event, ctx) => {
    bind(ctx)
    running = false
    tool = null
    forward("agent_end", { last_assistant_message: lastText(event?.messages) })
  })
  // Pi exits right after this: wait (a few seconds at most) for the hook to have the payload.
  pi.on("session_shutdown", async (event) => {
    const sent = forward("session_shutdown", { reason: event?.reason })
    await Promise.race([sent, new Promise((done) => setTimeout(done, 3000).unref())])
  })
}
