//! What a remote listener may send of a [`Snapshot`] (`crate::read::snapshot`, the read
//! inputs the page derives the board from).

use ring_shared::view::Snapshot;

/// The details left out: what each session waits on and what it did last (a remote
/// listener without `serve_detail = true`). Statuses and kinds stay.
pub fn redact(snapshot: &mut Snapshot) {
    for row in &mut snapshot.rows {
        row.last_action.clear();
        row.waiting_detail.clear();
        row.waiting_for.clear();
        row.pending_permission_detail = None;
        // Each owner's wait and captured detail (rules §3.16) say the same things.
        for wait in row.waiting_requests.iter_mut().flatten() {
            wait.detail.clear();
            wait.waiting_for.clear();
        }
        for pending in row.pending_permissions.iter_mut().flatten() {
            pending.detail.clear();
        }
    }
    if let Some(published) = &mut snapshot.published {
        for row in &mut published.sessions {
            row.last_action.clear();
        }
    }
}
