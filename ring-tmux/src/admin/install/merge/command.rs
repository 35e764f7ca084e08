//! Ring's hook command, and telling ring's and RiNG's commands from the user's.

use super::{Spec, shell_quote};

/// Splits a command line the way `sh` would for plain words and quotes (no expansion):
/// enough to find the program and its first argument of a hook command.
pub fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => {
                            if let Some(n) = chars.next() {
                                if !matches!(n, '"' | '\\' | '$' | '`') {
                                    word.push('\\');
                                }
                                word.push(n);
                            }
                        }
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(n) = chars.next() {
                    word.push(n);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The hook command for `binary`: `BINARY hook`, plus the agent's [`Spec::hook_args`]
/// (`--provider codex` for Codex).
pub fn hook_command(binary: &str, spec: &Spec) -> String {
    let mut command = format!("{} hook", shell_quote(binary));
    if !spec.hook_args.is_empty() {
        command.push(' ');
        command.push_str(spec.hook_args);
    }
    command
}

/// Ours: the program's basename is `ring-tmux` and its first argument is `hook`.
pub fn is_ours(command: &str) -> bool {
    let words = shell_words(command);
    words.len() >= 2 && basename(&words[0]) == "ring-tmux" && words[1] == "hook"
}

/// RiNG's (§7): split on whitespace, ≥ 2 tokens, first basename `ring`, second `hook`.
pub fn is_ring(command: &str) -> bool {
    let mut words = command.split_whitespace();
    matches!((words.next(), words.next()), (Some(program), Some("hook")) if basename(program) == "ring")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_handles_quotes_and_escapes() {
        assert_eq!(
            shell_words(r#"'/a b/ring-tmux' hook "x y" z\ w"#),
            vec!["/a b/ring-tmux", "hook", "x y", "z w"]
        );
        assert_eq!(shell_words("  "), Vec::<String>::new());
        assert_eq!(shell_words("''"), vec![""]);
    }

    #[test]
    fn quoted_command_with_spaces_is_recognised_as_ours() {
        let command = hook_command(
            "/opt/my tools/ring-tmux",
            ring_shared::provider::codex::PROVIDER
                .install
                .as_ref()
                .expect("Codex installs"),
        );
        assert_eq!(command, "'/opt/my tools/ring-tmux' hook --provider codex");
        assert!(is_ours(&command));
        assert!(!is_ring(&command));
    }

    #[test]
    fn ours_and_ring_are_told_apart() {
        assert!(is_ours("/usr/bin/ring-tmux hook"));
        assert!(!is_ours("ring-tmux status"));
        assert!(!is_ours("ring hook"));
        assert!(is_ring("/usr/local/bin/ring hook --provider codex"));
        assert!(!is_ring("ring-tmux hook"));
        assert!(!is_ring("ring"));
    }
}
