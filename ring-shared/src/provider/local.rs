//! Local LLM chats (§4.6): no hooks, a live process with a terminal is an idle row of
//! its own (`<name>:pid-<pid>`). Their processes are matched by the rules below (a bare
//! `ollama` is also its server, so [`Provider::process`] stays `None`).

use super::{Provider, Rules};

/// `ollama run MODEL`.
pub static OLLAMA: Provider = Provider {
    name: "ollama",
    label: "Ollama",
    aliases: &[],
    process: None,
    needles: &["ollama"],
    events: &[],
    notifications: &[],
    rules: Rules::GENERIC,
    install: None,
};

/// llama.cpp's `llama-cli`, `llama cli`, `llama client`.
pub static LLAMA_CPP: Provider = Provider {
    name: "llama.cpp",
    label: "llama.cpp",
    aliases: &[],
    process: None,
    needles: &["llama"],
    events: &[],
    notifications: &[],
    rules: Rules::GENERIC,
    install: None,
};

/// Ollama's executable, and the sub-command that is a chat (`ollama run MODEL`).
pub const OLLAMA_BIN: &str = "ollama";
/// See [`OLLAMA_BIN`].
pub const OLLAMA_CHAT: &str = "run";

/// llama.cpp's chat executable.
pub const LLAMA_CLI_BIN: &str = "llama-cli";
/// llama.cpp's multi-tool executable, and its chat sub-commands (`llama cli`, `llama client`).
pub const LLAMA_BIN: &str = "llama";
/// See [`LLAMA_BIN`].
pub const LLAMA_CHATS: [&str; 2] = ["cli", "client"];
