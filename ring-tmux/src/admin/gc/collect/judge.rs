//! The judges of [`super::collect`]: one per kind of file gc may remove, each adding what it
//! would remove (and what it leaves alone, with why) to the plan.

use super::*;

fn source_mtime(path: &str) -> Option<f64> {
    let mtime = std::fs::metadata(path).ok()?.modified().ok()?;
    Some(
        mtime
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_secs_f64(),
    )
}

/// Reads the registry and judges every row; returns the ids the registry reports.
pub(super) fn judge_rows(
    sessions_dir: &Path,
    root: &Path,
    ctx: (&Config, &Procs, f64),
    opts: Options,
    plan: &mut Plan,
) -> BTreeSet<String> {
    let (config, procs, now) = ctx;
    let first = plan.files.len();
    let mut rows: Vec<(PathBuf, Row)> = Vec::new();
    for (name, path) in list(sessions_dir, root, |n| n.ends_with(".json"), plan) {
        if !name.ends_with(".json") {
            continue;
        }
        let snapshot = seen(&path);
        let reason = match store::read_bounded(&path, store::ROW_READ_CAP) {
            Ok(Some(bytes)) => match decode_row(&bytes) {
                Ok(row) => {
                    rows.push((path, row));
                    continue;
                }
                Err(DecodeError::Phantom) => Reason::Phantom,
                Err(err) => Reason::Unreadable(err.to_string()),
            },
            Ok(None) => continue,
            Err(err) => Reason::Unreadable(err.to_string()),
        };
        plan.files.push(Candidate {
            path,
            reason,
            seen: snapshot,
        });
    }
    let ids: BTreeSet<String> = rows.iter().map(|(_, r)| r.session_id.clone()).collect();
    let hidden = BTreeMap::new();
    let read = ReadContext {
        now,
        config,
        procs,
        hidden: &hidden,
        source_mtime: &source_mtime,
        realpath: &crate::gather::realpath,
    };
    let (paths, rows): (Vec<PathBuf>, Vec<Row>) = rows.into_iter().unzip();
    let sessions = derive::hook_sessions(rows, &read);
    for (path, session) in paths.into_iter().zip(sessions) {
        let idle = now - session.row.last_active;
        if session.row.status == Status::Ended && (opts.all_ended || idle >= opts.older_than) {
            let snapshot = seen(&path);
            plan.files.push(Candidate {
                path,
                reason: Reason::Ended { idle },
                seen: snapshot,
            });
        }
    }
    // RiNG lists registry candidates by path.
    plan.files[first..].sort_by(|a, b| a.path.cmp(&b.path));
    ids
}

/// Temp files (`*.tmp`) older than a minute in `dir`.
pub(super) fn judge_temps(dir: &Path, root: &Path, now: f64, plan: &mut Plan) {
    for (name, path) in list(dir, root, |n| n.ends_with(".tmp"), plan) {
        if name.ends_with(".tmp") && age(&path, now).is_some_and(|a| a > TEMP_GRACE_SECONDS) {
            let snapshot = seen(&path);
            plan.files.push(Candidate {
                path,
                reason: Reason::StaleTemp,
                seen: snapshot,
            });
        }
    }
}

/// Per-session lock files (`*.lock`) whose row is gone (and that nobody holds), in a
/// `sessions/.locks` that is a real folder: never what a link there points to.
pub(super) fn judge_locks(sessions_dir: &Path, root: &Path, now: f64, plan: &mut Plan) {
    let locks = sessions_dir.join(store::LOCKS_DIR);
    if !checked_folder(&locks, plan) {
        return;
    }
    for (name, path) in list(&locks, root, |n| n.ends_with(".lock"), plan) {
        let Some(stem) = name.strip_suffix(".lock") else {
            continue;
        };
        let has_row =
            sessions_dir.join(stem).exists() || sessions_dir.join(format!("{stem}.json")).exists();
        if has_row || age(&path, now).is_none_or(|a| a <= TEMP_GRACE_SECONDS) {
            continue;
        }
        let free = store::open_for_read(&path, store::Owner::Ring)
            .is_ok_and(|(f, _)| f.try_lock().is_ok());
        if free {
            let snapshot = seen(&path);
            plan.files.push(Candidate {
                path,
                reason: Reason::OrphanLock,
                seen: snapshot,
            });
        }
    }
}

/// SessionEnd tombstones no hook can still be racing.
pub(super) fn judge_tombstones(sessions_dir: &Path, root: &Path, now: f64, plan: &mut Plan) {
    let dir = sessions_dir.join(store::ended::ENDED_DIR);
    if !checked_folder(&dir, plan) {
        return;
    }
    for (_, path) in list(&dir, root, |n| n.ends_with(".json"), plan) {
        if age(&path, now).is_some_and(|a| a > store::ended::KEEP_SECONDS) {
            let snapshot = seen(&path);
            plan.files.push(Candidate {
                path,
                reason: Reason::StaleTombstone,
                seen: snapshot,
            });
        }
    }
}

/// RiNG's TUI files: too old, or without a numeric `ts`.
pub(super) fn judge_ipc(ring_home: &Path, now: f64, plan: &mut Plan) {
    for (name, limit) in IPC_FILES {
        let path = ring_home.join(name);
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let ts = store::read_bounded(&path, 64 << 10)
            .ok()
            .flatten()
            .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
            .and_then(|v| match v.get("ts") {
                Some(serde_json::Value::Number(n)) => n.as_f64(),
                Some(serde_json::Value::String(s)) => s.trim().parse::<f64>().ok(),
                _ => None,
            });
        if ts.is_none_or(|ts| now - ts > limit) {
            let snapshot = seen(&path);
            plan.files.push(Candidate {
                path,
                reason: Reason::StaleIpc,
                seen: snapshot,
            });
        }
    }
}

/// Local offset east of UTC, for naive ISO times in the hidden list.
fn utc_offset_seconds() -> i64 {
    i64::from(chrono::Local::now().offset().local_minus_utc())
}

pub(super) fn judge_hidden(
    env: &Env,
    ctx: (&Config, &Procs, f64),
    reported: &BTreeSet<String>,
    opts: Options,
    plan: &mut Plan,
) {
    let (config, procs, now) = ctx;
    let ring_home = &env.ring_home;
    let path = ring_home.join(store::hidden::HIDDEN_FILE);
    let Ok(Some(bytes)) = store::read_bounded(&path, 16 << 20) else {
        return;
    };
    let hidden = derive::parse_hidden(&bytes, now, utc_offset_seconds());
    if hidden.at.is_empty() {
        return;
    }
    // Zero-config sessions count as reported too: un-hiding a scanned session the user hid
    // would put it back on the board.
    let no_hidden = BTreeMap::new();
    let read = ReadContext {
        now,
        config,
        procs,
        hidden: &no_hidden,
        source_mtime: &source_mtime,
        realpath: &crate::gather::realpath,
    };
    // A fresh listing (a cached one would not show a source failing now); when a source
    // failed, a session missing from it is unknown, not gone (RiNG 0.17.5+): only the age
    // rule applies.
    let scanned = crate::gather::zeroconf::scan(
        env,
        &read,
        &|_, _| false,
        std::time::Duration::ZERO,
        crate::gather::zeroconf::Need::AllRows,
        &crate::gather::own_states(env, read.procs),
    );
    let zero: BTreeSet<String> = scanned
        .rows
        .into_iter()
        .map(|s| s.session.row.session_id)
        .collect();
    for (id, at) in hidden.at {
        let gone = !scanned.source_failed && !reported.contains(&id) && !zero.contains(&id);
        if gone || now - at >= opts.older_than {
            plan.unhide.push(Unhide {
                session_id: id,
                gone,
            });
        }
    }
}
