//! Any other agent: a hook called with a provider name ring does not know (or `""`) writes
//! rows with RiNG's generic rules and no liveness detector.

use super::{Provider, Rules};

/// The provider of a hook called with an empty provider name.
pub static PROVIDER: Provider = Provider {
    name: "generic",
    label: "generic agent",
    aliases: &[""],
    process: None,
    needles: &[],
    events: &[],
    notifications: &[],
    rules: Rules {
        bare_ids: false,
        permission_request_waits: false,
        delayed_permission_wait: false,
        starts_at_the_prompt: false,
        background_agents: false,
        ended_row_covers_process: false,
        synthetic_without_tty: false,
        one_session_per_process: false,
        tool_events_carry_workdir: false,
    },
    install: None,
};
