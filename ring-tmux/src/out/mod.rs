//! What a person reads, each rendered from one `ring_shared::view::View`: the tmux status
//! line ([`status`]), the live board ([`board`]), the web page ([`serve`]), notifications
//! ([`notify`]), [`explain`]; the one voice of errors ([`voice`]) and terminal-safe text
//! ([`printable`]).

pub mod board;
pub mod detached;
pub(crate) mod explain;
mod list;
pub mod notify;
pub mod serve;
pub mod status;
pub mod text;
