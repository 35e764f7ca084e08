//! The board from disk: `oneline`, `json`, `list` (owner: read helper).
use std::process::ExitCode;

/// Not built yet.
pub fn oneline(_all: bool) -> ExitCode {
    ExitCode::SUCCESS
}

/// Not built yet.
pub fn json(_all: bool) -> ExitCode {
    ExitCode::SUCCESS
}

/// Not built yet.
pub fn list(_all: bool) -> ExitCode {
    ExitCode::SUCCESS
}
