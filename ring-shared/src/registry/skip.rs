//! Why a row file is skipped, two ways: a code that does not depend on the language (what
//! ring-tmux's row cache stores, so a reason cached by an English run reads in Chinese in
//! the next one) and its text in the process's language ([`text`], for `list`, `doctor`,
//! `gc`).
//!
//! ```
//! use ring_shared::registry::{DecodeError, skip};
//! use ring_shared::i18n::{Lang, with_lang};
//! let code = DecodeError::BadTime("last_active").code();
//! assert_eq!(code, "bad-time:last_active");
//! assert_eq!(with_lang(Lang::En, || skip::text(&code)), "bad time in last_active");
//! ```

use super::DecodeError;
use crate::t;

/// The code of a file that is not a regular file (a folder, a socket named `*.json`).
pub const NOT_REGULAR: &str = "not-regular";
/// The code of a row file over the readers' cap.
pub const TOO_BIG: &str = "too-big";

impl DecodeError {
    /// The reason as a code: a kind, then `:` and its detail when it has one
    /// (`bad-status:"paused"`).
    pub fn code(&self) -> String {
        match self {
            DecodeError::Json(error) => format!("json:{error}"),
            DecodeError::NotObject => "not-object".into(),
            DecodeError::MissingSessionId => "no-session-id".into(),
            DecodeError::BadStatus(status) => format!("bad-status:{status:?}"),
            DecodeError::BadTime(field) => format!("bad-time:{field}"),
            DecodeError::BadField(field) => format!("bad-field:{field}"),
            DecodeError::Phantom => "phantom".into(),
        }
    }
}

/// The text of a reason's `code` in the process's language; a code ring does not know (an
/// I/O error's own message) as it is.
pub fn text(code: &str) -> String {
    let (kind, detail) = code.split_once(':').unwrap_or((code, ""));
    let detail = detail.to_owned();
    match kind {
        "json" => t!("row-bad-json", error = detail),
        "not-object" => t!("row-not-object"),
        "no-session-id" => t!("row-no-session-id"),
        "bad-status" => t!("row-bad-status", status = detail),
        "bad-time" => t!("row-bad-time", field = detail),
        "bad-field" => t!("row-bad-field", field = detail),
        "phantom" => t!("row-phantom"),
        NOT_REGULAR => t!("row-not-regular"),
        TOO_BIG => t!("row-too-big"),
        _ => code.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, text_in, with_lang};

    #[test]
    fn every_reason_has_a_text_in_every_language() {
        let errors = [
            DecodeError::Json("EOF while parsing".into()),
            DecodeError::NotObject,
            DecodeError::MissingSessionId,
            DecodeError::BadStatus("paused".into()),
            DecodeError::BadTime("last_active"),
            DecodeError::BadField("session_id"),
            DecodeError::Phantom,
        ];
        let codes: Vec<String> = errors
            .iter()
            .map(DecodeError::code)
            .chain([NOT_REGULAR.into(), TOO_BIG.into()])
            .collect();
        for lang in Lang::ALL {
            for code in &codes {
                let said = with_lang(lang, || text(code));
                // A known code is a catalogue text, never the code itself.
                assert_ne!(&said, code, "{lang:?}");
            }
        }
        let status = with_lang(Lang::ZhHant, || {
            DecodeError::BadStatus("paused".into()).to_string()
        });
        assert_eq!(
            status,
            text_in(
                Lang::ZhHant,
                "row-bad-status",
                Some(&{
                    let mut args = crate::i18n::Args::new();
                    args.set("status", "\"paused\"");
                    args
                })
            )
        );
    }

    #[test]
    fn an_unknown_code_is_shown_as_it_is() {
        assert_eq!(
            text("Permission denied (os error 13)"),
            "Permission denied (os error 13)"
        );
    }
}
