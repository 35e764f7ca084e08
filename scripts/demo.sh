#!/usr/bin/env bash
# A two-minute look at ring without any agent installed:
#
#   scripts/demo.sh [--no-attach]
#
# Starts a private tmux server (its own -L socket, its own temporary ring folder; your HOME,
# your tmux server and your sessions are not touched), loads ring.tmux into it, and plays four
# simulated agents, one per pane, through REAL hook events (`ring-tmux hook`, run inside each
# pane exactly as Claude Code and Codex run it):
#
#   api   (Claude)  an earlier session that ended, then one working on `cargo test`
#   web   (Claude)  waiting for permission to run a command
#   docs  (Claude)  stopped with a question for you
#   cli   (Codex)   a permission request that turns into "waiting" after 10 s of silence
#
# Each pane then shows what such an agent shows (a scripted loop of plausible tool lines, or
# its question) under a line with ring's keys. The demo sees only its own four agents: the
# process list ring reads is a file naming them (RING_PROCS), not the machine's processes,
# so real agents running elsewhere never show up. Attaches to the session (detach or exit to
# end the demo); --no-attach prints the board, the status line and the pane badges instead
# (for CI). Everything is removed on exit.
set -euo pipefail

attach=1
case "${1:-}" in
  --no-attach) attach=0 ;;
  "") ;;
  -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "demo.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
esac

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v tmux >/dev/null || { echo "demo.sh: tmux is needed (3.0 or newer)" >&2; exit 1; }

# Which ring-tmux: $RING_TMUX, the one on PATH, a release/debug build, or build one now.
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
case "$target_dir" in /*) ;; *) target_dir="$repo/$target_dir" ;; esac
bin="${RING_TMUX:-}"
if [ -z "$bin" ]; then
  for candidate in "$(command -v ring-tmux || true)" "$HOME/.local/bin/ring-tmux" "$target_dir/release/ring-tmux" \
      "$target_dir"/*-linux-gnu/release/ring-tmux "$target_dir/debug/ring-tmux"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then bin="$candidate"; break; fi
  done
fi
if [ -z "$bin" ]; then
  echo "demo.sh: no ring-tmux found; building it (cargo build --release -p ring-tmux)"
  (cd "$repo" && cargo build --release --locked -p ring-tmux)
  bin="$target_dir/release/ring-tmux"
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

demo="$(mktemp -d "${TMPDIR:-/tmp}/ring-demo.XXXXXX")"
socket="ring-demo-$$"
cleanup() {
  local path
  path="$(tmux -L "$socket" display-message -p '#{socket_path}' 2>/dev/null || true)"
  tmux -L "$socket" kill-server 2>/dev/null || true
  # tmux 3.3 leaves the socket file of a killed server behind.
  if [ -n "$path" ]; then rm -f "$path"; fi
  rm -rf "$demo"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

export RING_HOME="$demo/ring"
# The demo's own HOME: the zero-config scan reads ~/.claude/projects, and the demo's
# transcripts live there. Your HOME is never read or written.
export HOME="$demo/home"
mkdir -p "$demo/bin" "$RING_HOME" "$HOME"
chmod 700 "$RING_HOME"
ln -s "$bin" "$demo/bin/ring-tmux"
export PATH="$demo/bin:$PATH"
unset RING_NOW
# The agents alive, as ring sees them: this file instead of a scan of the machine's processes
# (filled in with each pane's folder and terminal once the panes exist).
export RING_PROCS="$demo/procs.json"
printf '{"claude-code": [], "codex": []}\n' >"$RING_PROCS"

cwd() { printf '%s' "$demo/projects/$1"; }

# A Claude Code transcript (the hook reads the last action and the to-do count from it):
# transcript NAME SESSION RECORD… (each record gets the session's cwd and id added).
transcript() {
  local name="$1" session="$2" dir record
  shift 2
  dir="$HOME/.claude/projects/$(cwd "$name" | tr '/.' '--')"
  mkdir -p "$dir"
  for record in "$@"; do
    printf '{"cwd":"%s","sessionId":"%s",%s\n' "$(cwd "$name")" "$session" "${record#\{}"
  done >"$dir/$session.jsonl"
  printf '%s' "$dir/$session.jsonl"
}

# One script per pane: hook events (stdin JSON, as the agents send them), then the agent
# process itself, which stays in the pane's folder with the pane's terminal.
agent() { # name provider <<events
  local name="$1" provider="$2"
  {
    echo '#!/bin/sh'
    echo "cd '$(cwd "$name")'"
    echo "hook() { ring-tmux hook $([ "$provider" = codex ] && echo '--provider codex'); }"
    echo "event() { printf '%s' \"\$1\" | hook; sleep 0.2; }"
    cat
    echo "touch '$demo/ready.$name'"
    echo "clear"
    echo "exec sh '$demo/screen-$name.sh'"
  } >"$demo/agent-$name.sh"
  chmod +x "$demo/agent-$name.sh"
}

for name in api web docs cli; do mkdir -p "$(cwd "$name")"; done

# What each pane shows once its events are sent: what the agent would be showing.
# The first line: ring's keys (the prefix is tmux's default, C-b): `prefix a` goes to the
# agent that has waited longest (again: the next), `prefix A` opens the live board of all of
# them (a menu before tmux 3.2).
keys="printf '\\033[2m%s\\033[0m\\n' 'ring: C-b a jump · C-b A board · C-b d end'"
{ echo "$keys"; cat; } >"$demo/screen-api.sh" <<'EOF'
printf '\033[1m✻ Claude Code\033[0m  ~/projects/api\n\n> make the tests pass\n\n'
n=0
while :; do
  for line in '⏺ Read(src/parser.rs)' '  ⎿  Read 214 lines' '⏺ Update(src/lexer.rs)' \
      '  ⎿  Updated src/lexer.rs with 3 additions and 1 removal' '⏺ Bash(cargo test)' \
      '  ⎿  running 42 tests' '     test lexer::tokens ... ok' '     test parser::nested ... FAILED' \
      '⏺ Read(src/parser.rs:120-160)' '⏺ Update(src/parser.rs)' '⏺ Bash(cargo test)' \
      '  ⎿  test result: ok. 42 passed; 0 failed' '✶ Thinking… (esc to interrupt)'; do
    # Redrawn every few lines, so the keys stay on screen in a small pane.
    n=$((n + 1))
    if [ $((n % 6)) = 0 ]; then
      clear
      printf '\033[2m%s\033[0m\n' 'ring: C-b a jump · C-b A board · C-b d end'
      printf '\033[1m✻ Claude Code\033[0m  ~/projects/api\n\n'
    fi
    printf '%s\n' "$line"
    sleep 2
  done
done
EOF
{ echo "$keys"; cat; } >"$demo/screen-web.sh" <<'EOF'
# Claude Code's permission dialog as Claude Code 2.1 draws it (the real-agent suite's
# screens, ring-shared/tests/fixtures/agents/claude/reply.*.screen.txt): a rule across, the
# header, the command between dashed rules, the question, the numbered options, the footer.
# `ring-tmux reply web` (and the board's `p`) reads it as it reads the real one.
printf '\033[1m✻ Claude Code\033[0m  ~/projects/web\n> clean the build\n⏺ Bash(rm -rf dist)\n'
rule() { printf "%s\n" "$(printf "%60s" "" | sed "s/ /$1/g")"; }
rule '─'
printf ' Bash command\n Remove the build output\n'
rule '╌'
printf ' rm -rf dist\n'
rule '╌'
printf ' Do you want to proceed?\n'
printf ' ❯ 1. Yes\n'
printf "   2. Yes, and don't ask again for rm commands in this project\n"
printf '   3. No\n'
printf ' Esc to cancel · Tab to amend\n'
exec sleep 100000
EOF
{ echo "$keys"; cat; } >"$demo/screen-docs.sh" <<'EOF'
printf '\033[1m✻ Claude Code\033[0m  ~/projects/docs\n\n> update the README\n\n'
printf '⏺ Update(README.md)\n  ⎿  Updated README.md with 12 additions\n\n'
printf '⏺ I updated the README. Should I also regenerate the screenshots?\n\n'
printf '╭──────────────────────────────────────────────╮\n│ >                                            │\n╰──────────────────────────────────────────────╯\n'
exec sleep 100000
EOF
{ echo "$keys"; cat; } >"$demo/screen-cli.sh" <<'EOF'
printf '\033[1m>_ Codex\033[0m  ~/projects/cli\n\n'
printf '• Ran ls\n  └ Cargo.toml  README.md  src\n\n'
printf '• Running git push --force\n\n'
printf '  Allow command?\n  $ git push --force\n  ▌ Yes (y)   No (n)   Always (a)\n'
exec sleep 100000
EOF
user() { printf '{"type":"user","message":{"role":"user","content":"%s"}}' "$1"; }
tool() { printf '{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","name":"%s","input":%s}]}}' "$1" "$2"; }
api_t=$(transcript api demo-api "$(user 'make the tests pass')" \
  "$(tool TodoWrite '{"todos":[{"content":"fix parser","status":"completed"},{"content":"fix lexer","status":"in_progress"},{"content":"run tests","status":"pending"}]}')" \
  "$(tool Bash '{"command":"cargo test"}')")
web_t=$(transcript web demo-web "$(user 'clean the build')" "$(tool Bash '{"command":"rm -rf dist"}')")
docs_t=$(transcript docs demo-docs "$(user 'update the README')" \
  "$(tool Edit '{"file_path":"README.md"}')" \
  '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"I updated the README. Should I also regenerate the screenshots?"}],"stop_reason":"end_turn"}}')

agent api claude <<EOF
event '{"hook_event_name":"SessionStart","session_id":"demo-earlier","cwd":"$(cwd api)","source":"startup"}'
event '{"hook_event_name":"UserPromptSubmit","session_id":"demo-earlier","cwd":"$(cwd api)","prompt":"rename the crate"}'
event '{"hook_event_name":"Stop","session_id":"demo-earlier","cwd":"$(cwd api)","last_assistant_message":"Renamed."}'
event '{"hook_event_name":"SessionEnd","session_id":"demo-earlier","cwd":"$(cwd api)","reason":"exit"}'
event '{"hook_event_name":"SessionStart","session_id":"demo-api","cwd":"$(cwd api)","transcript_path":"$api_t","source":"startup"}'
event '{"hook_event_name":"UserPromptSubmit","session_id":"demo-api","cwd":"$(cwd api)","transcript_path":"$api_t","prompt":"make the tests pass"}'
event '{"hook_event_name":"PreToolUse","session_id":"demo-api","cwd":"$(cwd api)","transcript_path":"$api_t","tool_name":"Bash","tool_input":{"command":"cargo test"}}'
EOF

agent web claude <<EOF
event '{"hook_event_name":"SessionStart","session_id":"demo-web","cwd":"$(cwd web)","transcript_path":"$web_t","source":"startup"}'
event '{"hook_event_name":"UserPromptSubmit","session_id":"demo-web","cwd":"$(cwd web)","transcript_path":"$web_t","prompt":"clean the build"}'
event '{"hook_event_name":"PermissionRequest","session_id":"demo-web","cwd":"$(cwd web)","transcript_path":"$web_t","tool_name":"Bash","tool_input":{"command":"rm -rf dist"}}'
event '{"hook_event_name":"Notification","session_id":"demo-web","cwd":"$(cwd web)","transcript_path":"$web_t","notification_type":"permission_prompt","message":"Claude needs your permission to use Bash"}'
EOF

agent docs claude <<EOF
event '{"hook_event_name":"SessionStart","session_id":"demo-docs","cwd":"$(cwd docs)","transcript_path":"$docs_t","source":"startup"}'
event '{"hook_event_name":"UserPromptSubmit","session_id":"demo-docs","cwd":"$(cwd docs)","transcript_path":"$docs_t","prompt":"update the README"}'
event '{"hook_event_name":"Stop","session_id":"demo-docs","cwd":"$(cwd docs)","transcript_path":"$docs_t","last_assistant_message":"I updated the README. Should I also regenerate the screenshots?"}'
EOF

agent cli codex <<EOF
event '{"hook_event_name":"PreToolUse","session_id":"demo-cli","cwd":"$(cwd cli)","tool_name":"shell","tool_input":{"command":"ls"}}'
event '{"hook_event_name":"PermissionRequest","session_id":"demo-cli","cwd":"$(cwd cli)","tool_name":"shell","tool_input":{"command":"git push --force"}}'
EOF

t() { tmux -L "$socket" "$@"; }

# A server of our own, with ring's placeholders where a user would put them.
t -f /dev/null new-session -d -s demo -n agents -x 160 -y 40 -c "$(cwd api)" "$demo/agent-api.sh"
t set-environment -g RING_HOME "$RING_HOME"
t set-environment -g PATH "$PATH"
t set-option -g status-interval 1
t set-option -g status-right '#{ring_status} | ring demo '
t set-option -g status-right-length 80
t set-option -g window-status-format ' #I:#W #{ring_badge}'
t set-option -g window-status-current-format ' #I:#W #{ring_badge}'
t set-option -g pane-border-status top
t set-option -g pane-border-format ' #{pane_title} #{ring_pane_badge} '
if [ -f "$repo/ring.tmux" ]; then
  t run-shell "$repo/ring.tmux"
else
  echo "demo.sh: $repo/ring.tmux is missing; showing the hooks' pane options only" >&2
fi

t select-pane -t demo:agents.0 -T "api (claude)"
for name in web docs cli; do
  provider=claude
  [ "$name" = cli ] && provider=codex
  t split-window -t demo:agents -c "$(cwd "$name")" "$demo/agent-$name.sh"
  t select-pane -T "$name ($provider)"
  t select-layout -t demo:agents tiled >/dev/null
done

# The agents alive: one per pane, in the pane's folder, on the pane's terminal.
tty_of() { t list-panes -t demo:agents -F '#{pane_title}|#{pane_tty}' | sed -n "s/^$1 ([a-z]*)|//p"; }
printf '{"claude-code": [["%s", "%s"], ["%s", "%s"], ["%s", "%s"]], "codex": [["%s", "%s"]]}\n' \
  "$(cwd api)" "$(tty_of api)" "$(cwd web)" "$(tty_of web)" "$(cwd docs)" "$(tty_of docs)" \
  "$(cwd cli)" "$(tty_of cli)" >"$RING_PROCS.new"
mv "$RING_PROCS.new" "$RING_PROCS"

# Wait until every agent has sent its events (a few seconds at most).
for _ in $(seq 1 100); do
  ready=$(find "$demo" -maxdepth 1 -name 'ready.*' | wc -l)
  [ "$ready" -ge 4 ] && break
  sleep 0.1
done
[ "$ready" -ge 4 ] || { echo "demo.sh: the simulated agents did not start" >&2; exit 1; }

if [ "$attach" = 1 ]; then
  echo "ring demo: the cli (Codex) pane turns waiting after 10 s. Detach (C-b d) to end the demo."
  sleep 1
  TMUX= t attach-session -t demo
  exit 0
fi

# The board commands map sessions to panes of the tmux server named by $TMUX: the demo's.
TMUX="$(t display-message -p '#{socket_path},#{pid},0')"
export TMUX
unset TMUX_PANE

show() {
  echo "--- ring-tmux list --all"
  "$bin" list --all || true
  echo "--- ring-tmux oneline"
  "$bin" oneline || true
  echo "--- status line segment (#{ring_status}, styles removed)"
  # A server without a client runs no #() job, so run the very command tmux would.
  local right job
  right="$(t show-option -gv status-right)"
  case "$right" in
    *'#('*') | ring demo '*)
      job="${right#*'#('}"
      job="${job%') | ring demo '}"
      # The job prints a format (styles, icon options): expand it as tmux does, drop styles.
      t display-message -p -t demo "$(sh -c "$(t display-message -p -t demo "$job")")" |
        sed 's/#\[[^]]*\]//g'
      ;;
    *) echo "(ring.tmux did not replace #{ring_status}: $right)" ;;
  esac
  echo "--- pane badges (pane, title, @ring_state, @ring_kind)"
  t list-panes -t demo:agents -F '#{pane_id} #{pane_title} #{@ring_state} #{@ring_kind}'
}

# --no-attach doubles as a smoke test: the counts must be what the events say.
expect() { # label want
  local got
  got="$("$bin" oneline)"
  if [ "$got" != "$2" ]; then
    echo "demo.sh: $1: expected \`$2\`, got \`$got\`" >&2
    exit 1
  fi
}

expect_panes() { # label want
  local got
  got="$(t list-panes -t demo:agents -F '#{pane_title}=#{@ring_state}' | tr '\n' ' ')"
  if [ "$got" != "$2" ]; then
    echo "demo.sh: $1: expected pane states \`$2\`, got \`$got\`" >&2
    exit 1
  fi
}

echo "=== ring demo (no attach), right after the events"
show
expect "right after the events" "🔴2 🟢2"
expect_panes "right after the events" "api (claude)=working web (claude)=waiting docs (claude)=waiting cli (codex)=working "
echo
echo "=== 11 s later (the Codex permission request has waited past 10 s)"
sleep 11
show
expect "after the Codex permission wait" "🔴3 🟢1"
expect_panes "after the Codex permission wait" "api (claude)=working web (claude)=waiting docs (claude)=waiting cli (codex)=waiting "
# Each pane shows ring's keys and its agent at work.
for pane in $(t list-panes -t demo:agents -F '#{pane_id}'); do
  screen="$(t capture-pane -p -t "$pane")"
  case "$screen" in
    *"C-b a jump · C-b A board"*) ;;
    *) echo "demo.sh: pane $pane does not show ring's keys:" >&2; printf '%s\n' "$screen" >&2; exit 1 ;;
  esac
  case "$screen" in
    *"Claude Code"*|*"Codex"*) ;;
    *) echo "demo.sh: pane $pane does not look like an agent:" >&2; printf '%s\n' "$screen" >&2; exit 1 ;;
  esac
done
# The board's `p` and `ring-tmux reply` read the web pane's dialog as they read Claude's.
echo "--- ring-tmux reply web (the web pane's dialog, as \`p\` on the board lists it)"
listing="$("$bin" reply web)" || { echo "demo.sh: ring-tmux reply web refused the demo's dialog" >&2; exit 1; }
printf '%s\n' "$listing"
case "$listing" in
  *"Do you want to proceed?"*"1. Yes"*"3. No"*) ;;
  *) echo "demo.sh: ring-tmux reply web did not list the dialog's options" >&2; exit 1 ;;
esac
echo "--- the web pane (what you would see in it)"
t capture-pane -p -t demo:agents.1 | sed '/^$/d' | head -12
echo
echo "demo: ok"
