use std::process::ExitCode;

fn main() -> ExitCode {
    // TODO(lead): dispatch
    ExitCode::SUCCESS
}
