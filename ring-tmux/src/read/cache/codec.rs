//! The cache file's encoding: little-endian numbers, `u32`-length strings, a flag byte
//! before optional values, and every field of a [`Row`] in declaration order.

use ring_shared::Row;
use ring_shared::registry::Status;

pub fn put_len(w: &mut Vec<u8>, n: usize) {
    w.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

pub fn put_f64(w: &mut Vec<u8>, f: f64) {
    w.extend_from_slice(&f.to_le_bytes());
}

pub fn put_str(w: &mut Vec<u8>, s: &str) {
    put_len(w, s.len());
    w.extend_from_slice(s.as_bytes());
}

fn put_opt_str(w: &mut Vec<u8>, s: &Option<String>) {
    match s {
        Some(s) => {
            w.push(1);
            put_str(w, s);
        }
        None => w.push(0),
    }
}

fn put_opt_f64(w: &mut Vec<u8>, f: Option<f64>) {
    match f {
        Some(f) => {
            w.push(1);
            put_f64(w, f);
        }
        None => w.push(0),
    }
}

fn put_opt_i64(w: &mut Vec<u8>, n: Option<i64>) {
    match n {
        Some(n) => {
            w.push(1);
            w.extend_from_slice(&n.to_le_bytes());
        }
        None => w.push(0),
    }
}

/// Every field, in declaration order. Destructured so a new field of `Row` fails to compile
/// here until the cache stores it.
pub fn put_row(w: &mut Vec<u8>, row: &Row) {
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
        tmux_socket,
        zellij_session,
        zellij_pane,
        agent_pid,
        agent_start,
    } = row;
    put_str(w, session_id);
    put_str(w, provider);
    put_str(w, cwd);
    put_str(w, origin_cwd);
    w.push(status.rank());
    put_opt_str(w, last_event);
    put_f64(w, *last_active);
    put_f64(w, *heartbeat_at);
    put_str(w, last_action);
    put_opt_i64(w, *hook_pid);
    put_str(w, source_path);
    put_opt_str(w, tmux_pane);
    put_opt_i64(w, todo.map(|(done, _)| done));
    put_opt_i64(w, todo.map(|(_, total)| total));
    put_str(w, waiting_for);
    put_opt_str(w, pending_permission_detail);
    put_opt_f64(w, *pending_permission_detail_at);
    put_str(w, waiting_kind);
    put_str(w, waiting_detail);
    put_opt_str(w, tty);
    put_opt_f64(w, *waiting_notified_at);
    put_opt_str(w, tmux_socket);
    put_opt_str(w, zellij_session);
    put_opt_str(w, zellij_pane);
    put_opt_i64(w, *agent_pid);
    put_opt_i64(w, *agent_start);
}

pub struct Reader<'a> {
    pub bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    pub fn u8(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    pub fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.array()?))
    }

    pub fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.array()?))
    }

    pub fn f64(&mut self) -> Option<f64> {
        Some(f64::from_le_bytes(self.array()?))
    }

    pub fn i64(&mut self) -> Option<i64> {
        Some(i64::from_le_bytes(self.array()?))
    }

    /// `u32`-length-prefixed bytes borrowed from the buffer.
    pub fn block(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u32()?).ok()?;
        self.take(n)
    }

    /// A string borrowed from the buffer.
    pub fn str(&mut self) -> Option<&'a str> {
        let n = usize::try_from(self.u32()?).ok()?;
        std::str::from_utf8(self.take(n)?).ok()
    }

    pub fn string(&mut self) -> Option<String> {
        let n = usize::try_from(self.u32()?).ok()?;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }

    fn flag(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn opt_string(&mut self) -> Option<Option<String>> {
        Some(if self.flag()? {
            Some(self.string()?)
        } else {
            None
        })
    }

    fn opt_f64(&mut self) -> Option<Option<f64>> {
        Some(if self.flag()? {
            Some(self.f64()?)
        } else {
            None
        })
    }

    fn opt_i64(&mut self) -> Option<Option<i64>> {
        Some(if self.flag()? {
            Some(self.i64()?)
        } else {
            None
        })
    }

    pub fn row(&mut self) -> Option<Row> {
        Some(Row {
            session_id: self.string()?,
            provider: self.string()?,
            cwd: self.string()?,
            origin_cwd: self.string()?,
            status: *Status::ALL.get(usize::from(self.u8()?))?,
            last_event: self.opt_string()?,
            last_active: self.f64()?,
            heartbeat_at: self.f64()?,
            last_action: self.string()?,
            hook_pid: self.opt_i64()?,
            source_path: self.string()?,
            tmux_pane: self.opt_string()?,
            todo: match (self.opt_i64()?, self.opt_i64()?) {
                (Some(done), Some(total)) => Some((done, total)),
                _ => None,
            },
            waiting_for: self.string()?,
            pending_permission_detail: self.opt_string()?,
            pending_permission_detail_at: self.opt_f64()?,
            waiting_kind: self.string()?,
            waiting_detail: self.string()?,
            tty: self.opt_string()?,
            waiting_notified_at: self.opt_f64()?,
            tmux_socket: self.opt_string()?,
            zellij_session: self.opt_string()?,
            zellij_pane: self.opt_string()?,
            agent_pid: self.opt_i64()?,
            agent_start: self.opt_i64()?,
        })
    }
}
