//! `ring-tmux board`: the live full-screen board (RiNG's main interface), which the menu key
//! opens in a tmux popup (see [`crate::tmux::popup`]).
//!
//! ```text
//!  load_board (the View every front end renders) ─▶ state::App ─▶ render::draw (ratatui)
//!        ▲ only when watch::Stamp changed                 │ keys ─▶ state::Effect
//!        └──────── (stat of sessions/, labels.json, …) ◀──┘ jump · labels · hide · reply
//! ```
//!
//! The loop waits for a key at most `TICK`; between keys it `stat`s a few paths
//! (`watch`) and reads the board again only when they changed, plus every `LIVENESS`
//! for what no file shows (an agent process that died, a transcript of a session without
//! hooks). Idle times age on screen without a read. The terminal is restored on every way
//! out: the guard's `Drop` on return, ratatui's panic hook on a panic.

mod explain_view;
mod render;
pub(crate) mod reply;
mod state;
pub(crate) mod watch;

pub use render::SELECTED;
pub use state::{App, Effect, Key, Mode};

use crate::gather::{LoadOptions, load_board_with, read_config};
use crate::sys::env::Env;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;
use ring_shared::format::sanitize;
use ring_shared::t;
use ring_shared::view::View;
use std::collections::BTreeSet;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How long the loop waits for a key before it looks at the disk again.
const TICK: Duration = Duration::from_millis(150);
/// The board is read again at least this often, for changes no file shows.
const LIVENESS: Duration = Duration::from_secs(5);
/// Idle times are redrawn this often.
const CLOCK: Duration = Duration::from_secs(1);

/// What `ring-tmux board` was given.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The tmux server (default: $TMUX's): where Enter jumps and `p` replies.
    pub socket: Option<String>,
    /// The client to switch (the one that pressed the menu key).
    pub client: Option<String>,
    /// Start with ended sessions shown.
    pub all: bool,
}

/// Reads the board as `list` does (tmux locations and stale hooks included); `all` (the `a`
/// key) lists ended and hidden sessions too, and gives the hidden ones' ids to mark.
fn load(env: &Env, all: bool) -> (View, BTreeSet<String>) {
    let config = read_config(&env.ring_home).0;
    let options = LoadOptions {
        show_hidden: all,
        ..LoadOptions::full(all)
    };
    let mut view = load_board_with(env, &config, options).view;
    let current = crate::gather::servers::current_or_default();
    ring_shared::servers::mark_locations(&mut view.entries, Some(&current));
    let hidden = if all {
        crate::gather::hidden_ids(env).into_iter().collect()
    } else {
        BTreeSet::new()
    };
    (view, hidden)
}

/// Restores the terminal when dropped (every return path; ratatui's own hook covers panics).
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// A crossterm key as the board reads it.
fn key_of(event: &event::KeyEvent) -> Option<Key> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    Some(match event.code {
        KeyCode::Char('c') if event.modifiers.contains(KeyModifiers::CONTROL) => Key::Interrupt,
        KeyCode::Char(c) if !event.modifiers.contains(KeyModifiers::CONTROL) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Home | KeyCode::PageUp => Key::Home,
        KeyCode::End | KeyCode::PageDown => Key::End,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        _ => return None,
    })
}

/// `ring-tmux board`.
pub fn run(options: Options) -> ExitCode {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return crate::sys::voice::fail(
            &t!("board-needs-terminal"),
            &t!("board-needs-terminal-fix"),
        );
    }
    let env = Env::from_process();
    let socket = options
        .socket
        .clone()
        .or_else(crate::sys::run::socket_from_env);
    let paths = watch::paths(&env);
    let mut reader = Reader {
        stamp: watch::Stamp::of(&paths),
        paths,
        last_read: Instant::now(),
    };
    let (view, hidden) = load(&env, options.all);
    let mut app = App::new(view, options.all);
    app.hidden = hidden;
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            return crate::sys::voice::fail(
                &t!("board-terminal-setup", error = e.to_string()),
                &t!("board-terminal-setup-fix"),
            );
        }
    };
    let _restore = Restore;
    let mut last_draw: Option<Instant> = None;
    let mut dirty = true;
    loop {
        if dirty || last_draw.is_none_or(|t| t.elapsed() >= CLOCK) {
            if terminal
                .draw(|frame| render::draw(frame, &app, env.now()))
                .is_err()
            {
                return ExitCode::FAILURE;
            }
            last_draw = Some(Instant::now());
            dirty = false;
        }
        match event::poll(TICK) {
            Ok(true) => match event::read() {
                Ok(Event::Key(k)) => {
                    if let Some(key) = key_of(&k) {
                        // A key acts on the rows as they are now (a pane the agent moved to).
                        reader.refresh(&env, &mut app, false);
                        app.note = None;
                        let effect = app.handle(key);
                        dirty = true;
                        let screen = terminal
                            .size()
                            .ok()
                            .map(|s| Rect::new(0, 0, s.width, s.height));
                        if let Some(code) =
                            carry_out(effect, &mut app, &env, &socket, &options, screen)
                        {
                            return code;
                        }
                        if app.mode == Mode::List && app.note.is_some() {
                            // A write or a reply: show what the disk says now.
                            reader.refresh(&env, &mut app, true);
                        }
                    }
                }
                Ok(Event::Resize(..)) => dirty = true,
                Ok(_) => {}
                Err(_) => return ExitCode::FAILURE,
            },
            Ok(false) => {}
            Err(_) => return ExitCode::FAILURE,
        }
        let due = reader.last_read.elapsed() >= LIVENESS;
        dirty |= reader.refresh(&env, &mut app, due);
    }
}

/// When the board was read, and the stamp of what it was read from.
struct Reader {
    paths: Vec<std::path::PathBuf>,
    stamp: watch::Stamp,
    last_read: Instant,
}

impl Reader {
    /// Reads the board again when the watched paths changed (or `force`); whether it did.
    fn refresh(&mut self, env: &Env, app: &mut App, force: bool) -> bool {
        let now = watch::Stamp::of(&self.paths);
        if now == self.stamp && !force {
            return false;
        }
        // Stamped before the read: a change during it shows at the next look.
        self.stamp = now;
        let (view, hidden) = load(env, app.all);
        app.set_view_with_hidden(view, hidden);
        self.last_read = Instant::now();
        true
    }
}

/// Does what a key asked; `Some(code)` when the board is done.
fn carry_out(
    effect: Effect,
    app: &mut App,
    env: &Env,
    socket: &Option<String>,
    options: &Options,
    screen: Option<Rect>,
) -> Option<ExitCode> {
    match effect {
        Effect::None => {}
        Effect::Quit => return Some(ExitCode::SUCCESS),
        Effect::Reload => {
            let (view, hidden) = load(env, app.all);
            app.set_view_with_hidden(view, hidden);
        }
        Effect::Jump(id) => {
            let remote = app
                .view()
                .entries
                .iter()
                .find(|e| e.session_id == id && e.remote.is_some());
            if let Some(entry) = remote {
                return jump_remote(app, entry.clone(), socket, options);
            }
            // Wherever its agent runs (a Neovim buffer, another tmux server, a kitty
            // window…), when its row says.
            let config = crate::gather::read_config(&env.ring_home).0;
            let sys = crate::act::focus::jump::sys(socket.clone(), options.client.clone());
            let reached = app
                .view()
                .entries
                .iter()
                .find(|e| e.session_id == id)
                .and_then(|e| crate::act::focus::jump::reach_entry(env, &config, e, &sys));
            match reached {
                Some(outcome) if outcome.reached() => return Some(ExitCode::SUCCESS),
                Some(outcome) => {
                    app.note(t!(
                        "board-unreachable",
                        why = sanitize(&outcome.failed.join("; "))
                    ));
                    return None;
                }
                None => {}
            }
            let Some(socket) = socket.clone() else {
                app.note(t!("board-not-in-tmux"));
                return None;
            };
            let args = crate::act::jump::Args {
                socket: Some(socket),
                client: options.client.clone(),
                session: Some(id),
                ..Default::default()
            };
            if crate::act::jump::jump(&args) == ExitCode::SUCCESS {
                return Some(ExitCode::SUCCESS);
            }
            app.note(t!("board-no-pane"));
        }
        Effect::Name { id, label } => {
            use crate::store::labels::Set;
            let done = match crate::store::labels::set(&env.ring_home, &id, &label, env.now()) {
                Ok(Set::Written {
                    set_aside: Some(aside),
                }) => sanitize(&aside.say()),
                Ok(Set::Written { .. }) if label.is_empty() => t!("board-name-removed"),
                Ok(Set::Written { .. }) => t!("board-named", label = sanitize(&label)),
                Ok(Set::Locked) => t!("board-locked", file = "labels.json"),
                Err(e) => t!(
                    "board-write-failed",
                    file = "labels.json",
                    error = e.to_string()
                ),
            };
            app.note(done);
        }
        Effect::Hide(id) => {
            let done = match crate::store::hidden::hide(&env.ring_home, &id, env.now()) {
                Ok(hid) => sanitize(&hid.say()),
                Err(e) => t!(
                    "board-write-failed",
                    file = "deleted_sessions.json",
                    error = e.to_string()
                ),
            };
            app.note(done);
        }
        Effect::Unhide(id) => {
            use crate::store::hidden::Unhide;
            let done = match crate::store::hidden::unhide(&env.ring_home, &id, env.now()) {
                Ok(Unhide::Removed | Unhide::NotHidden) => t!("board-shown-again"),
                Ok(Unhide::LockTimedOut) => t!("board-locked", file = "deleted_sessions.json"),
                Err(e) => t!(
                    "board-write-failed",
                    file = "deleted_sessions.json",
                    error = e.to_string()
                ),
            };
            app.note(done);
            let (view, hidden) = load(env, app.all);
            app.set_view_with_hidden(view, hidden);
        }
        Effect::ReadReply(id) => {
            let read = match app.view().entries.iter().find(|e| e.session_id == id) {
                Some(entry) => reply::read(entry, socket.as_deref()),
                None => Err(t!("board-session-gone")),
            };
            let fits = |dialog: &state::Dialog| match screen.map(|s| render::reply_fits(dialog, s))
            {
                Some(Err((wanted, room))) => {
                    Err(t!("board-does-not-fit", wanted = wanted, room = room))
                }
                _ => Ok(()),
            };
            match read.and_then(|dialog| fits(&dialog).map(|()| dialog)) {
                Ok(dialog) => app.open_reply(id, dialog),
                Err(why) => app.note(why),
            }
        }
        Effect::Explain(id) => {
            // A session of another host: its own `explain`, over ssh; why not, in the view.
            if let Some(target) = crate::gather::remote::RemoteId::named(&id, &app.view().entries) {
                let text = crate::act::explain_remote::call(&target, false)
                    .unwrap_or_else(|refused| format!("{}; {}\n", refused.what, refused.fix));
                app.open_explain(text);
                return None;
            }
            let config = read_config(&env.ring_home).0;
            match crate::out::explain::report(env, &config, &id) {
                Some(report) => app.open_explain(crate::out::explain::text(&report)),
                None => app.note(t!("board-unknown-session")),
            }
        }
        Effect::Answer { id, number, expect } => {
            let sent = match app.view().entries.iter().find(|e| e.session_id == id) {
                Some(entry) => reply::answer(entry, number, expect.as_deref(), socket.as_deref()),
                None => Err(t!("board-gone-nothing-sent")),
            };
            match sent {
                Ok(done) | Err(done) => app.note(done),
            }
        }
    }
    None
}

/// Enter on a session on another host: its `host:project` ssh window in this tmux server
/// ([`crate::act::remote::jump`]); outside tmux there is no window to open, and ssh in
/// place of the board would leave its terminal raw, so it says what to run instead.
fn jump_remote(
    app: &mut App,
    entry: ring_shared::view::Entry,
    socket: &Option<String>,
    options: &Options,
) -> Option<ExitCode> {
    let Some(socket) = socket.as_deref() else {
        app.note(t!(
            "board-remote-not-in-tmux",
            session = sanitize(&entry.session_id)
        ));
        return None;
    };
    if crate::act::remote::jump(&entry, Some(socket), options.client.as_deref())
        == ExitCode::SUCCESS
    {
        return Some(ExitCode::SUCCESS);
    }
    app.note(t!(
        "board-remote-ssh-failed",
        name = sanitize(entry.name()),
        session = sanitize(&entry.session_id)
    ));
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_as_ring_s_and_ctrl_c_interrupts() {
        let key = |code, modifiers| key_of(&event::KeyEvent::new(code, modifiers));
        assert_eq!(
            key(KeyCode::Char('j'), KeyModifiers::NONE),
            Some(Key::Char('j'))
        );
        assert_eq!(
            key(KeyCode::Char('G'), KeyModifiers::SHIFT),
            Some(Key::Char('G'))
        );
        assert_eq!(
            key(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Key::Interrupt)
        );
        assert_eq!(key(KeyCode::Enter, KeyModifiers::NONE), Some(Key::Enter));
        assert_eq!(key(KeyCode::F(1), KeyModifiers::NONE), None);
    }
}
