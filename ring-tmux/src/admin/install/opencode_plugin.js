// ring-tmux: OpenCode plugin written by `ring-tmux install-hooks`, removed by `ring-tmux remove-hooks`. Edits are lost: install-hooks rewrites this file.
//
// Sends OpenCode's session, permission and question events to ring's hook, one
// `ring-tmux hook --provider opencode` per event, in the order they happen, without making
// OpenCode wait: a failed or slow hook is logged nowhere and never blocks the agent.
import { spawn } from "node:child_process"

const RING = __RING_BIN__
const ARGS = __RING_ARGS__
const FORWARDED = new Set(__RING_EVENTS__)

export const RingTmux = async ({ directory }) => {
  // Child sessions (the task tool's subagents) report as the session that started them:
  // their dialogs show in that session's screen.
  const parents = new Map()
  const root = (id) => {
    let seen = 0
    while (parents.has(id) && seen++ < 32) id = parents.get(id)
    return id
  }
  // OpenCode makes a session at the first prompt; until then the TUI sits at its prompt as a
  // session of this process, which the first real session replaces.
  const pending = `pending-${process.pid}`
  let last = pending
  let queue = Promise.resolve()
  const payloadOf = (event) => {
    const p = event.properties ?? {}
    const info = p.info ?? {}
    if (event.type === "session.created" && info.parentID) {
      parents.set(info.id, info.parentID)
      return null
    }
    if (event.type === "session.created" && last === pending) {
      const ended = { hook_event_name: "server.instance.disposed", session_id: pending, cwd: directory }
      queue = queue.then(() => send(ended))
    }
    if (event.type === "session.status" && p.status?.type === "idle") return null
    const sid = p.sessionID ?? info.id
    if (!sid && event.type !== "server.instance.disposed") return null
    const session = sid ? root(sid) : last
    if (!session) return null
    if (parents.has(sid) && ["session.status", "session.idle", "session.error"].includes(event.type)) {
      return null
    }
    last = session
    watch(session)
    const payload = {
      hook_event_name: event.type,
      session_id: session,
      cwd: info.directory ?? directory,
    }
    if (event.type === "session.status") payload.status = p.status?.type
    if (event.type === "permission.asked") {
      payload.tool_name = p.permission
      payload.tool_input = {
        command: p.metadata?.command ?? (p.patterns ?? []).join(" "),
        path: p.metadata?.filepath,
      }
    }
    if (event.type === "permission.replied") payload.reply = p.reply
    if (event.type === "question.asked") {
      payload.tool_input = {
        questions: (p.questions ?? []).map((q) => ({ question: q.question ?? q.header ?? "" })),
      }
    }
    if (event.type === "session.created") payload.title = info.title
    return payload
  }
  const send = (payload) =>
    new Promise((done) => {
      try {
        const child = spawn(RING, ["hook", ...ARGS], { stdio: ["pipe", "ignore", "ignore"] })
        child.on("error", () => done())
        child.on("close", () => done())
        child.stdin.on("error", () => {})
        child.stdin.end(JSON.stringify(payload))
      } catch {
        done()
      }
    })
  // OpenCode sends nothing when it quits, and a plugin's exit handlers do not run (plugins
  // live in its server worker): a small detached shell waits for this process to go, then
  // ends the session shown last. It is replaced whenever that session changes.
  let watcher = null
  let watched = ""
  const watch = (session) => {
    if (session === watched) return
    watched = session
    try {
      watcher?.kill()
    } catch {}
    const ended = JSON.stringify({ hook_event_name: "server.instance.disposed", session_id: session, cwd: directory })
    const script = 'pid=$1 ring=$2 payload=$3; shift 3; while kill -0 "$pid" 2>/dev/null; do sleep 1; done; printf %s "$payload" | "$ring" hook "$@"'
    try {
      watcher = spawn("/bin/sh", ["-c", script, "ring-tmux-watch", String(process.pid), RING, ended, ...ARGS], {
        detached: true,
        stdio: "ignore",
      })
      watcher.on("error", () => {})
      watcher.unref()
    } catch {}
  }
  queue = queue.then(() => send({ hook_event_name: "session.created", session_id: pending, cwd: directory }))
  watch(pending)
  return {
    event: async ({ event }) => {
      if (!FORWARDED.has(event?.type)) return
      const payload = payloadOf(event)
      if (payload) queue = queue.then(() => send(payload))
    },
  }
}
