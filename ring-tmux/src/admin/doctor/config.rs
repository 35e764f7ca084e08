//! `config.toml`: read as every command reads it, and each problem named. A file that is not
//! TOML is an error, since every setting then silently reverts to its default (notification
//! URLs included); an unknown key ("did you mean") or a value of the wrong type is a warning.

use super::Finding;
use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::t;
use std::io::ErrorKind;

/// One finding per problem of `$RING_HOME/config.toml`, or one line saying it is fine.
pub fn config(env: &Env) -> Vec<Finding> {
    let path = env.ring_home.join("config.toml");
    let shown = path.display().to_string();
    let mut buf = Vec::new();
    let bytes = match crate::gather::read_capped(&path, crate::gather::SIDE_FILE_CAP, &mut buf) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => {
            return vec![Finding::warn(
                t!("doctor-config-large", path = shown.as_str()),
                t!("doctor-config-large-fix", path = shown.as_str()),
            )];
        }
        Err(err) if err.kind() == ErrorKind::NotFound => {
            return vec![Finding::ok(t!("doctor-config-none", path = shown.as_str()))];
        }
        Err(err) => {
            return vec![Finding::warn(
                crate::sys::voice::about("doctor-config-unreadable", &path, err),
                t!("doctor-config-unreadable-fix", path = shown.as_str()),
            )];
        }
    };
    let (_, checked) = Config::parse_checked(&String::from_utf8_lossy(bytes));
    match checked {
        Err(syntax) => vec![Finding::error(
            crate::sys::voice::about("doctor-config-syntax", &path, syntax),
            t!("doctor-config-syntax-fix", path = shown.as_str()),
        )],
        Ok(warnings) if warnings.is_empty() => {
            vec![Finding::ok(t!("doctor-config-ok", path = shown.as_str()))]
        }
        Ok(warnings) => warnings
            .into_iter()
            .map(|warning| {
                Finding::warn(
                    format!("{shown}: {warning}"),
                    t!("doctor-config-warning-fix", path = shown.as_str()),
                )
            })
            .collect(),
    }
}
