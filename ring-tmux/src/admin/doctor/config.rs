//! `config.toml`: read as every command reads it, and each problem named. A file that is not
//! TOML is an error, since every setting then silently reverts to its default (notification
//! URLs included); an unknown key ("did you mean") or a value of the wrong type is a warning.

use super::Finding;
use crate::sys::env::Env;
use ring_shared::config::Config;
use std::io::ErrorKind;

/// One finding per problem of `$RING_HOME/config.toml`, or one line saying it is fine.
pub fn config(env: &Env) -> Vec<Finding> {
    let path = env.ring_home.join("config.toml");
    let shown = path.display();
    let mut buf = Vec::new();
    let bytes = match crate::gather::read_capped(&path, crate::gather::SIDE_FILE_CAP, &mut buf) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => {
            return vec![Finding::warn(
                format!(
                    "{shown} is larger than 4 MiB: ring ignores it, every setting is at its default"
                ),
                format!("shorten {shown} (it needs only the keys you change)"),
            )];
        }
        Err(err) if err.kind() == ErrorKind::NotFound => {
            return vec![Finding::ok(format!(
                "no {shown}: every setting at its default"
            ))];
        }
        Err(err) => {
            return vec![Finding::warn(
                format!("{shown} cannot be read ({err}): every setting is at its default"),
                format!("make {shown} a regular file you can read (chmod 600 {shown})"),
            )];
        }
    };
    let (_, checked) = Config::parse_checked(&String::from_utf8_lossy(bytes));
    match checked {
        Err(syntax) => vec![Finding::error(
            format!(
                "{shown} is not valid TOML ({syntax}): every setting is at its default, \
                 notification URLs included"
            ),
            format!("fix that line of {shown} (keys are `name = value`, strings in quotes)"),
        )],
        Ok(warnings) if warnings.is_empty() => vec![Finding::ok(format!("{shown} reads"))],
        Ok(warnings) => warnings
            .into_iter()
            .map(|warning| {
                Finding::warn(
                    format!("{shown}: {warning}"),
                    format!(
                        "edit {shown} (every key and its type: the README's \"Configuration\")"
                    ),
                )
            })
            .collect(),
    }
}
