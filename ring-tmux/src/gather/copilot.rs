//! Copilot CLI's answers to its dialogs, from its own event log
//! (`~/.copilot/session-state/<id>/events.jsonl`, [`ring_shared::agent::copilot`]): its hooks
//! say nothing when the person approves, denies or presses Esc on a dialog.

use crate::sys::env::Env;
use ring_shared::agent::OwnState;
use ring_shared::agent::copilot::{
    EVENTS_FILE, EVENTS_TAIL, answered, answered_at, is_folder_name,
};
use ring_shared::provider::copilot::SESSION_STATE_DIR;
use ring_shared::registry::Row;
use std::path::{Path, PathBuf};

/// For each waiting Copilot CLI hook row, what its event log's end says of the dialog: an
/// answer after the row's last event makes it working (approved, denied: the turn goes on) or
/// idle (Esc). One bounded read of the log's end per waiting Copilot row.
pub(crate) fn states(env: &Env, rows: &[Row]) -> Vec<OwnState> {
    let copilot = &ring_shared::provider::copilot::PROVIDER;
    rows.iter()
        .filter(|row| {
            row.status == ring_shared::Status::Waiting
                && ring_shared::provider::is(&row.provider, copilot)
        })
        .filter_map(|row| {
            let path = events_path(env, row)?;
            let (tail, _) = crate::store::read_tail(&path, EVENTS_TAIL)?;
            let (status, at) = answered_at(&tail)?;
            (at > row.last_active)
                .then(|| answered(&row.session_id, &row.cwd, row.agent_pid, status, at))
        })
        .collect()
}

/// The row's log: the `transcript_path` its `Stop` named when that is the session's own
/// `events.jsonl` (`COPILOT_HOME` moves the folder), else the one under `$HOME`. `None` when
/// the id cannot name a folder.
fn events_path(env: &Env, row: &Row) -> Option<PathBuf> {
    let id = row
        .session_id
        .strip_prefix(ring_shared::provider::copilot::PROVIDER.name)
        .and_then(|rest| rest.strip_prefix(':'))
        .unwrap_or(&row.session_id);
    if !is_folder_name(id) {
        return None;
    }
    let named = Path::new(&row.source_path);
    let own = named.file_name().is_some_and(|n| n == EVENTS_FILE)
        && named
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == id);
    Some(if own {
        named.to_path_buf()
    } else {
        env.home.join(SESSION_STATE_DIR).join(id).join(EVENTS_FILE)
    })
}
