//! What ring does for the user at a distance, each proving it acts on what the person saw:
//! [`reply`] answers a dialog in its pane; [`focus`] takes the user to a session's terminal.

pub(crate) mod explain_remote;
pub(crate) mod focus;
pub mod jump;
pub(crate) mod remote;
pub mod reply;
