//! A [`Row`] in the row cache (`store::codec`): every field in declaration order, the status
//! as its rank.

use crate::store::codec::{Decode, Encode, Reader, Writer};
use ring_shared::Row;
use ring_shared::owner::{Pending, Wait};
use ring_shared::registry::Status;

/// Every field, in declaration order. Destructured so a new field of `Row` fails to compile
/// here until the cache stores it.
impl Encode for Row {
    fn encode(&self, w: &mut Writer) {
        let Row {
            session_id,
            provider,
            cwd,
            origin_cwd,
            status,
            last_event,
            last_active,
            heartbeat_at,
            last_action,
            hook_pid,
            source_path,
            tmux_pane,
            todo,
            waiting_for,
            pending_permission_detail,
            pending_permission_detail_at,
            waiting_kind,
            waiting_detail,
            tty,
            waiting_notified_at,
            last_event_owner,
            last_tool_use_id,
            waiting_requests,
            pending_permissions,
            waiting_agent_id,
            tmux_socket,
            zellij_session,
            zellij_pane,
            agent_pid,
            agent_start,
            term_env,
        } = self;
        w.str(session_id);
        w.str(provider);
        w.str(cwd);
        w.str(origin_cwd);
        w.u8(status.rank());
        w.put(last_event);
        w.f64(*last_active);
        w.f64(*heartbeat_at);
        w.str(last_action);
        w.put(hook_pid);
        w.str(source_path);
        w.put(tmux_pane);
        w.put(todo);
        w.str(waiting_for);
        w.put(pending_permission_detail);
        w.put(pending_permission_detail_at);
        w.str(waiting_kind);
        w.str(waiting_detail);
        w.put(tty);
        w.put(waiting_notified_at);
        w.put(last_event_owner);
        w.put(last_tool_use_id);
        w.put(waiting_requests);
        w.put(pending_permissions);
        w.put(waiting_agent_id);
        w.put(tmux_socket);
        w.put(zellij_session);
        w.put(zellij_pane);
        w.put(agent_pid);
        w.put(agent_start);
        w.put(term_env);
    }
}

impl Decode<'_> for Row {
    fn decode(r: &mut Reader<'_>) -> Option<Row> {
        Some(Row {
            session_id: r.string()?,
            provider: r.string()?,
            cwd: r.string()?,
            origin_cwd: r.string()?,
            status: *Status::ALL.get(usize::from(r.u8()?))?,
            last_event: r.get()?,
            last_active: r.f64()?,
            heartbeat_at: r.f64()?,
            last_action: r.string()?,
            hook_pid: r.get()?,
            source_path: r.string()?,
            tmux_pane: r.get()?,
            todo: r.get()?,
            waiting_for: r.string()?,
            pending_permission_detail: r.get()?,
            pending_permission_detail_at: r.get()?,
            waiting_kind: r.string()?,
            waiting_detail: r.string()?,
            tty: r.get()?,
            waiting_notified_at: r.get()?,
            last_event_owner: r.get()?,
            last_tool_use_id: r.get()?,
            waiting_requests: r.get()?,
            pending_permissions: r.get()?,
            waiting_agent_id: r.get()?,
            tmux_socket: r.get()?,
            zellij_session: r.get()?,
            zellij_pane: r.get()?,
            agent_pid: r.get()?,
            agent_start: r.get()?,
            term_env: r.get()?,
        })
    }
}

crate::store::codec::record!(Wait {
    owner: String,
    kind: String,
    detail: String,
    waiting_for: String,
    since: f64,
    revision: String,
    tool_use_id: String,
    agent_type: String,
});
crate::store::codec::record!(Pending {
    owner: String,
    request_id: String,
    detail: String,
    at: f64,
});
