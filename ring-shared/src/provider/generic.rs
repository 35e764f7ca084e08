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
    rules: Rules::GENERIC,
    install: None,
};
