//! Recording one normalized event: lock, previous row, transcript, tty, reduce, write or
//! delete, transition log under the session's lock; then, with the lock released, the pane
//! push. Nothing is written without the lock.

use super::{Handled, HookEnv, guarded};
use crate::store::safe::Dir;
use crate::store::{self, ErrorLog, jsonl, lock};
use crate::sys::tty;
use ring_shared::config::Config;
use ring_shared::event::Event;
use ring_shared::reduce::{self, Context, Outcome, Transition};
use ring_shared::registry::{self, Row, Status};
use ring_shared::transcript::{self, Record};
use serde_json::{Map, Value};
use std::path::Path;

/// Longest file name (bytes) the file systems ring runs on take.
const NAME_MAX: usize = 255;

/// The locks a session's event is recorded under (released when dropped).
struct SessionLocks {
    /// Ring's own lock, which carries the push stamps.
    own: lock::Lock,
    /// Its folder and file name: the file is deleted with the row at SessionEnd.
    dir: Dir,
    name: String,
    /// RiNG's `<id>.json.lock`, held only to exclude RiNG's hook; never deleted. `None` when
    /// that name is longer than a file name can be (RiNG cannot lock or write such a row).
    _ring_cli: Option<lock::Lock>,
}

pub(super) struct Recorder<'a> {
    pub(super) henv: &'a HookEnv,
    /// The ring folder, opened once by the hook (`None`: missing, created on the first write).
    pub(super) home: Option<Dir>,
    pub(super) log: &'a ErrorLog,
    pub(super) now: f64,
    pub(super) config: Config,
}

impl Recorder<'_> {
    fn fail(&self, what: &str, e: impl std::fmt::Display) -> Handled {
        self.log.write(self.now, "hook", &format!("{what}: {e}"));
        Handled::Failed
    }

    /// Takes the session's locks; `None` (logged) when they cannot be had: the event is
    /// dropped. Writing without them would lose a concurrent update (and log its transition
    /// twice). Ring's own lock (`sessions/.locks/<id>.lock`, which carries the push stamps)
    /// comes first, then RiNG's (`sessions/<id>.json.lock`, its `fsutil.file_lock`: `flock`
    /// on a file beside the row), so a RiNG hook and a ring hook on the same row exclude each
    /// other. RiNG never deletes its lock file and neither does ring. Both within one
    /// [`lock::LOCK_TIMEOUT`].
    fn lock(&self, sessions: &Dir, name: &str) -> Option<SessionLocks> {
        let deadline = std::time::Instant::now() + lock::LOCK_TIMEOUT;
        let stem = name.strip_suffix(".json").unwrap_or(name);
        let file = format!("{stem}.lock");
        let own = sessions.sub(store::LOCKS_DIR, true).and_then(|dir| {
            let own = lock::acquire_in(&dir, &file, lock::Mode::Exclusive, lock::LOCK_TIMEOUT)?;
            Ok((dir, own))
        });
        let (what, got) = match own {
            Ok((dir, own @ lock::Lock::Held(_))) => {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                let theirs = format!("{name}.lock");
                let ring_cli = if theirs.len() > NAME_MAX {
                    Ok(None)
                } else {
                    lock::acquire_in(sessions, &theirs, lock::Mode::Exclusive, left).map(Some)
                };
                match ring_cli {
                    Ok(ring_cli @ (None | Some(lock::Lock::Held(_)))) => {
                        return Some(SessionLocks {
                            own,
                            dir,
                            name: file,
                            _ring_cli: ring_cli,
                        });
                    }
                    Ok(Some(timed_out)) => ("RiNG's lock", Ok(timed_out)),
                    Err(e) => ("RiNG's lock", Err(e)),
                }
            }
            other => ("lock", other.map(|(_, own)| own)),
        };
        let why = match got {
            Ok(_) => "timed out".to_owned(),
            Err(e) => e.to_string(),
        };
        self.log.write(
            self.now,
            "hook",
            &format!("{what} {name}: {why}, event dropped"),
        );
        None
    }

    fn transcript(&self, event: &Event) -> Option<Vec<Record>> {
        if event.transcript_path.is_empty() {
            return None;
        }
        let (bytes, cut) =
            store::read_tail(Path::new(&event.transcript_path), transcript::TAIL_BYTES)?;
        guarded(self.log, self.now, "parse_tail", || {
            transcript::parse_tail(&bytes, cut)
        })
    }

    fn append_transition(&self, t: &Transition) {
        let line =
            jsonl::transition_line(t.ts, &t.session_id, &t.provider, &t.cwd, t.status.as_str());
        let appended = match &self.home {
            Some(home) => jsonl::append(
                jsonl::Log::In(home, "events.jsonl"),
                &line,
                jsonl::EVENTS_CAP,
            ),
            None => jsonl::append_line(
                &self.henv.env.ring_home.join("events.jsonl"),
                &line,
                jsonl::EVENTS_CAP,
            ),
        };
        if let Err(e) = appended {
            self.log
                .write(self.now, "hook", &format!("events.jsonl: {e}"));
        }
    }

    /// The notification work for the detached child: the ring is queued here (never
    /// waiting for `notify.lock`, issue 23) and the child flushes; without a ring, a flush when
    /// a timer of the notification state is due or rings wait in the queue (§3.1 step 1:
    /// every hook flushes).
    fn notify_work(&self, rang: Option<String>) -> Option<crate::out::detached::Notify> {
        use crate::out::detached::Notify;
        if !crate::out::notify::dispatch::enabled(&self.config) {
            return None;
        }
        let home = &self.henv.env.ring_home;
        if let Some(id) = rang {
            if let Err(e) = crate::out::notify::spool::push(home, &id, self.now) {
                self.log
                    .write(self.now, "notify", &format!("{id}: ring not queued: {e}"));
            }
            return Some(Notify::Flush);
        }
        (crate::out::notify::state::due(home, self.now) || crate::out::notify::spool::waiting(home))
            .then_some(Notify::Flush)
    }

    pub(super) fn record(&self, event: &Event) -> Handled {
        // Every file of the event is reached from the ring folder the hook opened once.
        let sessions = match &self.home {
            Some(home) => home.sub("sessions", true),
            None => Dir::create(&self.henv.env.sessions_dir()),
        };
        let sessions = match sessions {
            Ok(sessions) => sessions,
            Err(e) => return self.fail("sessions folder", e),
        };
        let Some(name) = guarded(self.log, self.now, "file_name", || {
            registry::file_name(&event.session_id)
        }) else {
            return Handled::Failed;
        };
        let Some(lock) = self.lock(&sessions, &name) else {
            return Handled::Failed;
        };
        let ending = event.status == Status::Ended;
        // Stamped (self.now) before the lock was waited for: an event that started before
        // the session's SessionEnd but got the lock after it must not bring the row back.
        // A later event (a resumed session's SessionStart) goes through.
        if let Some(end) = store::ended::ended_at_in(&sessions, &name)
            && self.now < end
            && !ending
        {
            self.log.write(
                self.now,
                "hook",
                &format!("{name}: event older than its SessionEnd ({end}): dropped"),
            );
            return Handled::Ignored;
        }
        let prev_bytes =
            store::read_in(&sessions, &name, store::ROW_READ_CAP, store::Owner::Anyone)
                .unwrap_or_else(|e| {
                    self.log
                        .write(self.now, "hook", &format!("previous row {name}: {e}"));
                    None
                });
        let prev: Option<Map<String, Value>> = prev_bytes
            .as_deref()
            .and_then(|b| serde_json::from_slice(b).ok())
            .and_then(|v: Value| match v {
                Value::Object(m) => Some(m),
                _ => None,
            });
        let records = if ending { None } else { self.transcript(event) };
        let found = if ending || !self.henv.discover_tty {
            tty::Discovered::default()
        } else {
            // The session's own agent process, as its row names it.
            let known = prev.as_ref().and_then(|row| {
                Some((
                    row.get("agent_pid")?.as_i64()?,
                    row.get("agent_start")?.as_i64()?,
                ))
            });
            tty::discover(event.process_name, &event.provider, &event.cwd, known)
        };
        // The session's own place: the hook's environment, or its TUI's when the hook ran in
        // a process hosting many sessions (never the host's frozen one).
        let place = found.hosted.clone().unwrap_or_else(|| tty::Place {
            tmux_socket: self.henv.tmux_socket.clone(),
            tmux_pane: self.henv.tmux_pane.clone(),
            zellij_session: self.henv.zellij_session.clone(),
            zellij_pane: self.henv.zellij_pane.clone(),
            term_env: self.henv.term_env.clone(),
        });
        let ctx = Context {
            now: self.now,
            config: self.config.clone(),
            hook_pid: i64::from(std::process::id()),
            tmux_pane: place.tmux_pane.clone(),
            discovered_tty: found.tty,
            transcript: records.as_deref(),
            tmux_socket: place.tmux_socket.clone(),
            zellij_session: place.zellij_session.clone(),
            zellij_pane: place.zellij_pane.clone(),
            agent_pid: found.agent_pid,
            agent_start: found.agent_start,
            term_env: place.term_env.clone(),
        };
        let Some(outcome) = guarded(self.log, self.now, "reduce", || {
            reduce::reduce(prev.as_ref(), event, &ctx)
        }) else {
            return Handled::Failed;
        };
        let mut rang = None;
        let (handled, after): (Handled, Option<Box<Row>>) = match outcome {
            Outcome::Write {
                mut row,
                transition,
                notify,
            } => {
                // §11.12: Claude Code 2.1 leaves an inline plan out of its payloads; the wait
                // names it as soon as the transcript or the plan file does (its Notification
                // comes ~6 s after the dialog, when the transcript has the plan).
                if row.waits_on_unnamed_plan()
                    && let Some(detail) =
                        super::plan::detail(&self.henv.env.home, records.as_deref())
                {
                    row.name_plan(&detail);
                }
                let Some(text) = guarded(self.log, self.now, "encode_row", || {
                    registry::encode_row(&row)
                }) else {
                    return Handled::Failed;
                };
                if let Err(e) = sessions.write_atomic(&name, text.as_bytes()) {
                    return self.fail(&format!("write {name}"), e);
                }
                if let Some(t) = &transition {
                    self.append_transition(t);
                }
                if notify && crate::out::notify::dispatch::enabled(&self.config) {
                    // The decision, as RiNG's recordings count it; the note itself goes out
                    // from the detached child.
                    self.log.write(
                        self.now,
                        "notify",
                        &format!("{} now waiting ({})", row.session_id, row.waiting_kind),
                    );
                    rang = Some(row.session_id.clone());
                }
                (Handled::Written, Some(row))
            }
            Outcome::Delete { transition } => {
                if let Err(e) = store::ended::mark_ended(&sessions, &name, self.now) {
                    self.log
                        .write(self.now, "hook", &format!("tombstone {name}: {e}"));
                }
                if let Err(e) = sessions.remove(&name) {
                    return self.fail(&format!("delete {name}"), e);
                }
                if let Some(t) = &transition {
                    self.append_transition(t);
                }
                // The lock file goes with the session; waiters notice the new inode (store::lock).
                let _ = lock.dir.remove(&lock.name);
                (Handled::Deleted, None)
            }
            // A subagent's end that owns nothing in the row: the session goes on (§3.16).
            Outcome::Keep => return Handled::Ignored,
        };
        // The row as it was, for the tmux push and the zellij refresh only: neither happens
        // outside tmux and zellij (`push::plan` needs the hook's socket, the refresh
        // `$ZELLIJ_SESSION_NAME`), so the row is not decoded a second time there.
        let pushes = place.tmux_socket.is_some() || self.henv.zellij_session.is_some();
        let before = prev_bytes.filter(|_| pushes).and_then(|b| {
            guarded(self.log, self.now, "decode_row", || {
                registry::decode_row(&b).ok()
            })
            .flatten()
        });
        // Planned and stamped under the lock (stamps increase in lock order), carried out by a
        // detached child after it: neither the agent nor the session's other hooks wait for
        // tmux, and the pane guard keeps the newest push whatever order they arrive in.
        let push = guarded(self.log, self.now, "tmux push", || {
            let site = crate::tmux::push::HookSite {
                socket: place.tmux_socket.clone(),
                pane: place.tmux_pane.clone(),
            };
            let mut plan = crate::tmux::push::plan(&site, before.as_ref(), after.as_deref(), 0)?;
            let now_ms = crate::tmux::pane::stamp_ms(self.henv.env.now());
            plan.stamp = match &lock.own {
                lock::Lock::Held(file) => lock::next_stamp(file, now_ms),
                lock::Lock::TimedOut => now_ms,
            };
            Some(plan)
        })
        .flatten();
        drop(lock);
        let work = crate::out::detached::Deferred {
            tmux: push,
            zellij: guarded(self.log, self.now, "zellij refresh", || {
                crate::zellij::refresh_after_change(before.as_ref(), after.as_deref())
            })
            .flatten(),
            notify: self.notify_work(rang),
        };
        if !work.is_empty()
            && let Err(e) = work.spawn()
        {
            self.log.write(
                self.now,
                "hook",
                &format!("tmux push / zellij refresh: {e}"),
            );
        }
        handled
    }
}
