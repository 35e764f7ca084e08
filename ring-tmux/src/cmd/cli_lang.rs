//! clap's texts in the person's language (issue 26): every `about`, long about, after-help and
//! argument help of [`crate::cmd::cli`]'s definition is replaced at run time by the catalogue's
//! text for it, so `ring-tmux --help` and each `SUB --help` speak `RING_LANG` / the locale.
//! The doc comments on the clap structs stay as the code's documentation.
//!
//! Keys follow the definition's shape (a test holds every text of the definition to a key):
//!
//! ```text
//! help-ring                  the top-level about      help-ring-after  its after-help
//! help-cmd-<sub>             a subcommand's about     help-cmd-<sub>-long  its long about
//! help-arg-<sub>-<id>        an argument's help       help-arg-<sub>-<id>-long  its long help
//! ```
//!
//! (`<sub>` is the path below `ring-tmux`, joined with `-`: `remote-add`.) In a language other
//! than English, clap's own words (`Usage:`, `Options:`, `Print help`) are replaced too. The
//! shell completions and man pages are generated from the English definition
//! ([`crate::cmd::cli::command`]), whatever the language.

use clap::Command;
use ring_shared::i18n::{Lang, lang, text};
use ring_shared::t;

/// [`crate::cmd::cli::command`] with every text in the process's language. The texts are set
/// before clap builds the definition (a built command's arguments are indexed: changing them
/// afterwards breaks parsing); only clap's generated `help` subcommands are named after.
pub(crate) fn localize(command: Command) -> Command {
    let foreign = lang() != Lang::En;
    let mut command = with_texts(command, "", foreign);
    command.build();
    if foreign {
        command = with_help_subcommands(command, "");
    }
    command
}

/// The catalogue's text for `key`, `None` when it has none (the key comes back as itself).
fn lookup(key: &str) -> Option<String> {
    let said = text(key, None);
    (said != key).then_some(said)
}

fn with_texts(mut command: Command, path: &str, foreign: bool) -> Command {
    let (cmd_key, arg_key) = if path.is_empty() {
        ("help-ring".to_owned(), "help-arg-ring".to_owned())
    } else {
        (format!("help-cmd-{path}"), format!("help-arg-{path}"))
    };
    if let Some(about) = lookup(&cmd_key) {
        command = command.about(about);
    }
    if command.get_long_about().is_some()
        && let Some(long) = lookup(&format!("{cmd_key}-long"))
    {
        command = command.long_about(long);
    }
    if let Some(after) = lookup(&format!("{cmd_key}-after")) {
        command = command.after_help(after);
    }
    let ids: Vec<String> = command
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    let mut positionals = 0;
    for id in ids {
        let key = format!("{arg_key}-{id}");
        command = command.mut_arg(&id, |mut arg| {
            if let Some(help) = lookup(&key) {
                arg = arg.help(help);
            }
            if arg.get_long_help().is_some()
                && let Some(long) = lookup(&format!("{key}-long"))
            {
                arg = arg.long_help(long);
            }
            if foreign && arg.get_help_heading().is_none() {
                let heading = if arg.is_positional() {
                    // Under a heading of its own clap sorts by name: keep the command line's
                    // order.
                    positionals += 1;
                    arg = arg.display_order(positionals);
                    "help-heading-arguments"
                } else {
                    "help-heading-options"
                };
                arg = arg.help_heading(leak(text(heading, None)));
            }
            arg
        });
    }
    if foreign {
        command = foreign_words(command, path.is_empty());
    }
    let subs: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in subs {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path}-{name}")
        };
        command = command.mut_subcommand(&name, |sub| with_texts(sub, &sub_path, foreign));
    }
    command
}

/// clap's own words in the catalogue's language: the `Usage:` line, the `Commands` heading,
/// and `-h`/`--help` (and `-V`/`--version` at the top) in place of clap's generated flags.
fn foreign_words(command: Command, top: bool) -> Command {
    use clap::{Arg, ArgAction};
    let options = leak(text("help-heading-options", None));
    let mut command = command
        .help_template(template())
        .subcommand_help_heading(leak(text("help-heading-commands", None)))
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(text("help-flag-help", None))
                .help_heading(options),
        );
    if top {
        command = command.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help(text("help-flag-version", None))
                .help_heading(options),
        );
    }
    command
}

/// Names each `help` subcommand clap generated (and the siblings it lists again).
fn with_help_subcommands(mut command: Command, path: &str) -> Command {
    let subs: Vec<String> = command
        .get_subcommands()
        .filter(|s| s.has_subcommands() || s.get_name() == "help")
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in subs {
        if name == "help" {
            command = command.mut_subcommand("help", |help| help_subcommand(help, path));
        } else {
            let sub_path = if path.is_empty() {
                name.clone()
            } else {
                format!("{path}-{name}")
            };
            command = command.mut_subcommand(&name, |sub| with_help_subcommands(sub, &sub_path));
        }
    }
    command
}

/// A usage error of clap's in the process's language: `(what, what to do)`, or `None` in
/// English (clap's own words, which [`crate::cmd::cli::usage_message`] keeps) and for the kinds of
/// error this does not know.
pub(crate) fn usage_error(err: &clap::Error, subcommand: Option<&str>) -> Option<(String, String)> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if lang() == Lang::En {
        return None;
    }
    let get = |kind| match err.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        _ => None,
    };
    let what = match err.kind() {
        ErrorKind::MissingRequiredArgument => {
            t!("err-usage-missing", args = get(ContextKind::InvalidArg)?)
        }
        ErrorKind::UnknownArgument => {
            t!("err-usage-unknown", arg = get(ContextKind::InvalidArg)?)
        }
        ErrorKind::InvalidValue => t!(
            "err-usage-value",
            value = get(ContextKind::InvalidValue)?,
            arg = get(ContextKind::InvalidArg)?
        ),
        ErrorKind::InvalidSubcommand => t!(
            "err-usage-subcommand",
            name = get(ContextKind::InvalidSubcommand)?
        ),
        _ => return None,
    };
    let mut tips = Vec::new();
    if let Some(arg) = get(ContextKind::SuggestedArg) {
        tips.push(t!("err-usage-similar", arg = arg));
    }
    if let Some(name) = get(ContextKind::SuggestedSubcommand) {
        tips.push(t!("err-usage-similar", arg = name));
    }
    tips.push(match subcommand {
        Some(sub) => t!("err-see-help", command = sub),
        None => t!("err-see-root-help"),
    });
    Some((what, tips.join("; ")))
}

/// clap's `help` subcommand under `path`: its about, and each sibling's about again.
fn help_subcommand(mut help: Command, path: &str) -> Command {
    if let Some(about) = lookup("help-cmd-help") {
        help = help.about(about);
    }
    let names: Vec<String> = help
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in names {
        let key = match (name.as_str(), path) {
            ("help", _) => "help-cmd-help".to_owned(),
            (_, "") => format!("help-cmd-{name}"),
            _ => format!("help-cmd-{path}-{name}"),
        };
        if let Some(about) = lookup(&key) {
            help = help.mut_subcommand(&name, |sub| sub.about(about));
        }
    }
    help
}

/// A heading as clap keeps it (without clap's `string` feature, `&'static str`): a few
/// short words, once per run.
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// clap's default help layout with its `Usage:` in the catalogue's words.
fn template() -> String {
    format!(
        "{{before-help}}{{about-with-newline}}\n{}\n\n{{all-args}}{{after-help}}",
        t!("help-heading-usage", usage = "{usage}")
    )
}

#[cfg(test)]
mod tests;
