use super::*;

/// Every (key, English text) the definition carries, in definition order.
fn texts(command: &Command, path: &str, out: &mut Vec<(String, String)>) {
    let (cmd_key, arg_key) = if path.is_empty() {
        ("help-ring".to_owned(), "help-arg-ring".to_owned())
    } else {
        (format!("help-cmd-{path}"), format!("help-arg-{path}"))
    };
    let mut push = |key: String, text: Option<&clap::builder::StyledStr>| {
        if let Some(text) = text {
            out.push((key, text.to_string()));
        }
    };
    push(cmd_key.clone(), command.get_about());
    push(format!("{cmd_key}-long"), command.get_long_about());
    push(format!("{cmd_key}-after"), command.get_after_help());
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        if matches!(id, "help" | "version") {
            push(format!("help-flag-{id}"), arg.get_help());
            continue;
        }
        push(format!("{arg_key}-{id}"), arg.get_help());
        push(format!("{arg_key}-{id}-long"), arg.get_long_help());
    }
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            // Its children are the siblings' own texts again.
            if let Some(about) = sub.get_about() {
                out.push(("help-cmd-help".to_owned(), about.to_string()));
            }
            continue;
        }
        let sub_path = if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}-{name}")
        };
        texts(sub, &sub_path, out);
    }
}

fn ftl_value(text: &str) -> String {
    let escaped = text
        .replace('{', "\u{0}")
        .replace('}', "{\"}\"}")
        .replace('\u{0}', "{\"{\"}");
    let mut lines = escaped.lines();
    let mut value = lines.next().unwrap_or("").to_owned();
    for line in lines {
        value.push('\n');
        if line.is_empty() {
            continue;
        }
        value.push_str("    ");
        match line.chars().next() {
            Some(c @ ('[' | '*' | '.')) => {
                value.push_str(&format!("{{\"{c}\"}}{}", &line[1..]));
            }
            _ => value.push_str(line),
        }
    }
    value
}

#[test]
#[ignore = "prints the English help block for the catalogue"]
fn dump_english() {
    let mut all = Vec::new();
    texts(&crate::cmd::cli::command(), "", &mut all);
    for (key, text) in all {
        println!("{key} = {}", ftl_value(&text));
    }
}

fn has_cjk(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(c, '\u{3000}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}'))
}

/// Every text the definition carries, from the catalogue: a new subcommand or argument
/// without its `help-…` keys fails here (its help would stay English in every language).
#[test]
fn every_help_text_has_its_key_in_every_catalogue() {
    let mut all = Vec::new();
    texts(&crate::cmd::cli::command(), "", &mut all);
    assert!(all.len() > 50, "{}", all.len());
    for lang in Lang::ALL {
        for (key, _) in &all {
            let said = ring_shared::i18n::text_in(lang, key, None);
            assert_ne!(&said, key, "{key} is not in the {} catalogue", lang.tag());
        }
    }
}

/// In Chinese, every about, after-help and argument help of the localized definition is
/// Chinese, and so are clap's own words (headings, `-h`, `-V`).
#[test]
fn help_speaks_chinese_everywhere() {
    ring_shared::i18n::with_lang(Lang::ZhHant, || {
        let command = localize(<crate::cmd::cli::Cli as clap::CommandFactory>::command());
        let mut all = Vec::new();
        texts(&command, "", &mut all);
        for (key, text) in &all {
            assert!(has_cjk(text), "{key} is English in Chinese help: {text:?}");
        }
        let mut command = command;
        let help = command.render_long_help().to_string();
        assert!(help.contains("用法："), "{help}");
        for english in [
            "Usage:",
            "Options:",
            "Commands:",
            "Print help",
            "Print version",
        ] {
            assert!(!help.contains(english), "{english} in\n{help}");
        }
    });
}
