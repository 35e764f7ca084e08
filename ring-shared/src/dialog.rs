//! Reply in place, the reading half: an agent's permission or question dialog as
//! `tmux capture-pane -p` shows it (Claude Code's numbered options, `❯` on the selected one;
//! Codex marks it `›`). Pure: the caller captures the screen and sends the digit.
//!
//! A dialog is the last run of numbered options `1.`, `2.`, … on the screen, with nothing
//! below it but its footer (`Esc to cancel …`, `Enter to select …`), blank lines and rules:
//! an old dialog scrolled up under newer output is not one. Anything else parses to `None`,
//! and then nothing may be sent.

/// One numbered option, its text verbatim (the first line; a description below is not part).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Choice {
    pub number: u32,
    pub text: String,
}

/// A dialog on screen.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dialog {
    /// The line asked (`Do you want to proceed?`, `Which color should the ring be?`).
    pub question: String,
    /// The options, numbered from 1 without gaps.
    pub choices: Vec<Choice>,
    /// The option the marker is on.
    pub selected: Option<u32>,
    /// The dialog's other lines above its options, trimmed, rules and blanks left out, up to
    /// its top rule (at most [`CONTEXT_LINES`]): what is asked about (`Bash command`, the
    /// command itself). Two dialogs that ask the same question about different commands
    /// differ here, so a reply checks it before it sends a key.
    pub context: Vec<String>,
    /// The subagent that asks (`… from the Explore agent` in Claude's header), if one does.
    pub agent: Option<String>,
}

/// How far above the question [`Dialog::context`] reaches when no top rule ends it.
pub const CONTEXT_LINES: usize = 12;

/// How Codex CLI's approval dialogs (0.169) open their question.
const CODEX_ASKS: &str = "Would you like to ";

const MARKERS: [char; 3] = ['❯', '›', '>'];

/// `(selected, number, text)` of an option line.
fn option_line(line: &str) -> Option<(bool, u32, String)> {
    let t = line.trim_start();
    let (selected, t) = match t.strip_prefix(MARKERS) {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t),
    };
    let (digits, rest) = t.split_once(". ")?;
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let text = rest.trim().to_owned();
    let number = digits.parse().ok()?;
    (!text.is_empty()).then_some((selected, number, text))
}

/// A line of rules only (`─`, `╌`, `▔`, …) or blank.
fn is_filler(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_whitespace() || ('\u{2500}'..='\u{259F}').contains(&c))
}

fn is_footer(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("Esc to cancel")
        || t.starts_with("Enter to select")
        || t.starts_with("Press enter")
}

/// The dialog at the bottom of `screen`, if there is one that parses whole.
pub fn parse(screen: &str) -> Option<Dialog> {
    let lines: Vec<&str> = screen.lines().collect();
    // From the bottom: skip the footer and filler, then the options run upwards.
    let mut end = lines.len();
    while end > 0 && (is_filler(lines[end - 1]) || is_footer(lines[end - 1])) {
        end -= 1;
    }
    let mut start = end;
    let mut choices: Vec<(bool, u32, String)> = Vec::new();
    let mut i = end;
    while i > 0 {
        let line = lines[i - 1];
        if let Some(option) = option_line(line) {
            choices.push(option);
            start = i - 1;
            if choices.last().is_some_and(|c| c.1 == 1) {
                break;
            }
        } else if choices.is_empty() {
            return None;
        }
        // else: an option's description line under it, or a rule (Claude draws one above
        // "Chat about this").
        i -= 1;
    }
    choices.reverse();
    let numbered = choices
        .iter()
        .enumerate()
        .all(|(i, c)| usize::try_from(c.1).is_ok_and(|n| n == i + 1));
    if choices.len() < 2 || !numbered {
        return None;
    }
    // The dialog's text above its options, up to its top rule. Codex asks "Would you like
    // to …?" and puts what it asks about between that and the options, with nothing of the
    // dialog above; elsewhere (Claude) the question is the nearest line to the options and
    // what it asks about sits above it, inside the box.
    let above = block_above(&lines[..start]);
    let (at, context) = match above.iter().rposition(|l| l.starts_with(CODEX_ASKS)) {
        Some(at) => (at, above[at + 1..].to_vec()),
        None => {
            let at = above.len().checked_sub(1)?;
            (at, above[..at].to_vec())
        }
    };
    let question = above[at].clone();
    let agent = above.iter().find_map(|l| subagent(l));
    let selected = choices.iter().find(|c| c.0).map(|c| c.1);
    Some(Dialog {
        question,
        choices: choices
            .into_iter()
            .map(|(_, number, text)| Choice { number, text })
            .collect(),
        selected,
        context,
        agent,
    })
}

impl Dialog {
    /// A short, stable digest of everything the dialog shows (the same in every process and
    /// every build of one version): `reply --expect` sends a key only while the screen shows
    /// the dialog that was listed.
    pub fn fingerprint(&self) -> String {
        use std::hash::{Hash, Hasher};
        let mut h = crate::fasthash::hasher();
        self.hash(&mut h);
        format!("{:016x}", h.finish())
    }
}

/// A dialog's top edge: a rule drawn across (`────`, `▔▔▔▔`), not the dashed `╌╌╌` Claude
/// draws around a command inside the box.
fn is_top_rule(line: &str) -> bool {
    let t = line.trim();
    t.chars().count() >= 8 && t.chars().all(|c| matches!(c, '─' | '━' | '▔' | '▀'))
}

/// The lines between the dialog's top rule (at most [`CONTEXT_LINES`] up) and its first
/// option, trimmed, blanks and rules left out, oldest first.
fn block_above(lines: &[&str]) -> Vec<String> {
    let mut block: Vec<String> = Vec::new();
    for line in lines.iter().rev().take(CONTEXT_LINES) {
        if is_top_rule(line) {
            break;
        }
        if !is_filler(line) {
            block.push(line.trim().to_owned());
        }
    }
    block.reverse();
    block
}

/// `Explore` of `… from the Explore agent`.
fn subagent(line: &str) -> Option<String> {
    let (_, rest) = line.split_once(" from the ")?;
    let name = rest.trim_end().strip_suffix(" agent")?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

#[cfg(test)]
mod tests;
