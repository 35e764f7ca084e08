//! Going places: the session snapshot taken after the grant, and the board's actions
//! (focus a pane here or in another session, close).

use super::{State, convert::panes};
use crate::board::Action;
use crate::model::Target;
use zellij_tile::prelude::*;

impl State {
    /// Mode and pane events sent before the grant are lost: take the session's name, tabs and
    /// panes from a snapshot instead of waiting for the next change. At most
    /// [`super::SNAPSHOT_TRIES`] queries (zellij may not list the session at once), and none once the
    /// events have come.
    pub(super) fn adopt_session_snapshot(&mut self) {
        if self.snapshot_tries == 0 || (self.session_name.is_some() && self.panes.known) {
            return;
        }
        self.snapshot_tries -= 1;
        let Ok(snapshot) = get_session_list() else {
            return;
        };
        let Some(current) = snapshot
            .live_sessions
            .into_iter()
            .find(|s| s.is_current_session)
        else {
            return;
        };
        self.session_name.get_or_insert(current.name);
        if !self.panes.known {
            let marker = self
                .settings
                .icons
                .marker(ring_shared::Status::Waiting)
                .to_owned();
            self.tab_names = current
                .tabs
                .iter()
                .map(|t| {
                    let name = crate::tab_badge::base(&t.name, &marker).to_owned();
                    (t.position, name)
                })
                .collect();
            self.tabs = current
                .tabs
                .into_iter()
                .map(|t| crate::tab_badge::Tab {
                    id: t.tab_id,
                    position: t.position,
                    name: t.name,
                })
                .collect();
            self.panes = panes(&current.panes, &self.tab_names);
        }
    }

    pub(super) fn act(&mut self, action: Action) -> bool {
        match action {
            Action::None => false,
            Action::Redraw => true,
            Action::Close => {
                close_self();
                false
            }
            // Focus first: the board is the focused pane until it closes.
            Action::Focus(Target::Pane(pane)) => {
                focus_terminal_pane(pane, false, false);
                close_self();
                false
            }
            Action::Focus(Target::OtherSession { session, pane }) => {
                switch_session_with_focus(&session, None, Some((pane, false)));
                close_self();
                false
            }
            Action::OpenRemote(session) => self.open_remote(&session),
            Action::Run(run) => {
                self.run_for_board(&run);
                true
            }
            Action::Reload => {
                self.inputs_stale = true;
                self.refresh();
                true
            }
        }
    }
}
