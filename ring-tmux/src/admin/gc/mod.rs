//! `ring-tmux gc [--dry-run] [--older-than DURATION] [--all-ended]` (§8): removes ended
//! and unreadable rows, legacy phantoms, stale temp/lock/IPC files and prunes the hidden list.
//! Only ring's own files inside the ring folder; prints every file it removes (or would).

pub mod collect;

use crate::admin::install::out;
use crate::store;
use crate::sys::env::Env;
pub use collect::Options;
use collect::Plan;
use ring_shared::t;
use std::path::Path;
use std::process::ExitCode;

/// `path` relative to the ring folder when it is inside it (shorter lines).
/// Printed with [`crate::sys::printable`]: a file name may hold ESC and other controls.
fn shown(path: &Path, ring_home: &Path) -> String {
    crate::sys::printable::path(path.strip_prefix(ring_home).unwrap_or(path))
}

/// Any other text from the folder (an id of the hidden list, an error naming a path).
fn text(text: &str) -> String {
    crate::sys::printable::printable(text)
}

/// `ring-tmux gc`: collects what `opts` says, or with `dry_run` only lists it.
pub fn run(opts: Options, dry_run: bool) -> ExitCode {
    let env = Env::from_process();
    if !env.ring_home.is_dir() {
        let path = crate::sys::printable::path(&env.ring_home);
        out!("{}", t!("gc-no-folder", path = path));
        return ExitCode::SUCCESS;
    }
    let now = env.now();
    let (config, _warnings) = crate::gather::read_config(&env.ring_home);
    let procs = crate::gather::scan_processes(&env);
    let plan = collect::collect(&env, &config, &procs, now, opts);
    if dry_run {
        report_dry_run(&plan, &env.ring_home);
        ExitCode::SUCCESS
    } else {
        apply(&plan, &env.ring_home, now)
    }
}

fn report_skipped(plan: &Plan, ring_home: &Path) {
    for (path, why) in &plan.skipped {
        out!("! {}: {}", shown(path, ring_home), text(why));
    }
}

fn report_dry_run(plan: &Plan, ring_home: &Path) {
    report_skipped(plan, ring_home);
    for c in &plan.files {
        let (path, why) = (shown(&c.path, ring_home), text(&c.reason.describe()));
        out!("{}", t!("gc-would-remove", path = path, why = why));
    }
    for u in &plan.unhide {
        let (session, why) = unhidden(u);
        out!("{}", t!("gc-would-unhide", session = session, why = why));
    }
    let (files, sessions) = (plan.files.len(), plan.unhide.len());
    if files + sessions == 0 {
        out!("{}", t!("gc-nothing"));
    } else {
        out!(
            "{}",
            t!("gc-dry-run-total", files = files, sessions = sessions)
        );
    }
}

/// The session a hidden entry is for, and why it goes.
fn unhidden(u: &collect::Unhide) -> (String, String) {
    let why = if u.gone {
        t!("gc-unhide-gone")
    } else {
        t!("gc-unhide-old")
    };
    (text(&u.session_id), why)
}

fn apply(plan: &Plan, ring_home: &Path, now: f64) -> ExitCode {
    report_skipped(plan, ring_home);
    let mut removed = 0;
    let mut failed = false;
    for c in &plan.files {
        let shown_path = shown(&c.path, ring_home);
        match remove_judged(c) {
            Ok(false) => {
                out!("! {}", t!("gc-changed", path = shown_path));
            }
            Ok(true) => {
                removed += 1;
                let why = text(&c.reason.describe());
                out!("{}", t!("gc-removed", path = shown_path, why = why));
            }
            Err(err) => {
                failed = true;
                let path = c.path.strip_prefix(ring_home).unwrap_or(&c.path);
                crate::sys::voice::file_error("gc-remove-failed", path, err, "");
            }
        }
    }
    let mut unhid = 0;
    for u in &plan.unhide {
        let session = &text(&u.session_id);
        match prune_hidden(ring_home, &u.session_id, now) {
            Ok(true) => {
                unhid += 1;
                let (session, why) = unhidden(u);
                out!("{}", t!("gc-unhid", session = session, why = why));
            }
            Ok(false) => out!("! {}", t!("gc-no-longer-hidden", session = session)),
            Err(err) => {
                failed = true;
                let error = text(&err.to_string());
                let what = t!("gc-unhide-failed", session = session, error = error);
                crate::sys::voice::error(&what, "");
            }
        }
    }
    if removed == 0 && unhid == 0 && !failed {
        out!("{}", t!("gc-nothing"));
    } else {
        out!("{}", t!("gc-total", files = removed, sessions = unhid));
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Removes a judged file: only a regular file, directly inside a folder reached without any
/// link and private to us (`store::safe::Dir::open`, checked again now: the folder may have
/// been swapped for a link since it was judged), and only if its size and mtime are still the
/// ones judged (a hook may have rewritten it: then it is not garbage). `false`: left alone.
fn remove_judged(c: &collect::Candidate) -> std::io::Result<bool> {
    use rustix::fs::FileType;
    let (dir, name) = store::safe::split(&c.path)?;
    let dir = store::safe::Dir::open(dir)?;
    let now_seen = dir.lstat(name).and_then(|st| {
        let regular = FileType::from_raw_mode(st.st_mode) == FileType::RegularFile;
        let mtime = std::time::UNIX_EPOCH.checked_add(std::time::Duration::new(
            u64::try_from(st.st_mtime).ok()?,
            u32::try_from(st.st_mtime_nsec).ok()?,
        ))?;
        regular.then_some((st.st_size as u64, mtime))
    });
    if now_seen.is_none() || now_seen != c.seen {
        return Ok(false);
    }
    dir.remove(name)?;
    Ok(true)
}

/// Drops one id from `deleted_sessions.json` (§8) with the hook's un-hide, under RiNG's
/// lock: the rest is rewritten as the hook rewrites it (dates kept, numbers as ISO strings, a
/// legacy list migrated, anything else dropped, as RiNG's rewrite drops it). `false` when the
/// id is no longer there (the file changed since gc judged it): then nothing is written.
fn prune_hidden(ring_home: &Path, session_id: &str, now: f64) -> std::io::Result<bool> {
    use store::hidden::Unhide;
    Ok(match store::hidden::unhide(ring_home, session_id, now)? {
        Unhide::Removed => true,
        Unhide::NotHidden | Unhide::LockTimedOut => false,
    })
}

#[cfg(test)]
mod tests {
    use super::prune_hidden;
    use crate::store::hidden::HIDDEN_FILE;
    use rstest::rstest;

    // gc rewrites the rest as the hook (and RiNG) would: not what RiNG cannot read back.
    #[rstest]
    #[case::rest_rewritten_as_ring_writes_it(
        r#"{"ghost": 5, "n": 1700000000, "junk": "soon", "d": "2023-11-14T22:13:25+00:00"}"#,
        "ghost",
        true,
        r#"{"d": "2023-11-14T22:13:25+00:00", "n": "2023-11-14T22:13:20+00:00"}"#
    )]
    #[case::legacy_list_migrated(
        r#"["ghost", "a"]"#,
        "ghost",
        true,
        r#"{"a": "2023-11-14T22:13:20+00:00"}"#
    )]
    #[case::gone_meanwhile_left_alone(
        r#"{"a": 5, "junk": "soon"}"#,
        "ghost",
        false,
        r#"{"a": 5, "junk": "soon"}"#
    )]
    fn pruning_a_hidden_id_rewrites_the_list_as_the_hook_does(
        #[case] before: &str,
        #[case] id: &str,
        #[case] pruned: bool,
        #[case] after: &str,
    ) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(HIDDEN_FILE);
        std::fs::write(&path, before).expect("write");
        assert_eq!(
            prune_hidden(dir.path(), id, 1700000000.0).expect("prune"),
            pruned
        );
        assert_eq!(std::fs::read_to_string(&path).expect("read"), after);
    }
}
