//! A JSON POST within the channel timeout, for ntfy and the webhook.
//!
//! Plain `http://` goes through `ureq` (no TLS feature: rustls and its crypto would double
//! the binary and its build for two channels). `https://` goes through `curl`, which every
//! machine that reaches ntfy.sh has, with the URL as an argument (never through a shell) and
//! the body on stdin; `doctor` says when it is missing.

use anyhow::{Context, bail};
use std::process::Command;
use std::time::Duration;

/// POSTs `body` as `application/json` to `url`; an error for a non-2xx answer, a refused
/// connection or no answer within `timeout`.
pub fn post_json(url: &str, body: &serde_json::Value, timeout: Duration) -> anyhow::Result<()> {
    let bytes = serde_json::to_vec(body)?;
    if url.starts_with("https://") {
        let mut cmd = Command::new("curl");
        cmd.args(["-fsS", "-o", "/dev/null", "--max-time"])
            .arg(timeout.as_secs().max(1).to_string())
            .args([
                "-H",
                "Content-Type: application/json",
                "--data-binary",
                "@-",
                "--",
            ])
            .arg(url);
        // A second more than curl's own limit: curl gives up first and says why.
        return super::command::run(cmd, &bytes, timeout + Duration::from_secs(1))
            .with_context(|| ring_shared::t!("notify-curl"));
    }
    if !url.starts_with("http://") {
        bail!(
            "{}",
            ring_shared::t!("doctor-notify-not-http", url = format!("{url:?}"))
        );
    }
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .http_status_as_error(true)
        .build()
        .into();
    agent
        .post(url)
        .header("Content-Type", "application/json")
        .send(&bytes[..])
        .with_context(|| format!("POST {url}"))?;
    Ok(())
}
