//! Reply in place, the reading half: an agent's permission or question dialog as
//! `tmux capture-pane -p` shows it (Claude Code's numbered options, `❯` on the selected one;
//! Codex marks it `›`). Pure: the caller captures the screen and sends the digit.
//!
//! A dialog is the last run of numbered options `1.`, `2.`, … on the screen, with nothing
//! below it but its footer (`Esc to cancel …`, `Enter to select …`), blank lines and rules:
//! an old dialog scrolled up under newer output is not one. It is read whole, from its top
//! (Claude's rule drawn across above its header, Codex's `Would you like to …` question) to
//! its last row, however long the command it asks about: a dialog whose top is not on the
//! screen (taller than the pane) or that reads two ways is [`Unreadable`], and then nothing
//! may be sent.

use serde::{Deserialize, Serialize};

/// One numbered option, its text verbatim (the first line; a description below is not part).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// Every other line of the dialog above its options, trimmed, rules and blanks left out,
    /// from its top: what is asked about (`Bash command`, the whole command). Two dialogs
    /// that ask the same question about different commands differ here.
    pub context: Vec<String>,
    /// The subagent that asks (`… from the Explore agent` in Claude's header), if one does.
    pub agent: Option<String>,
    /// The dialog's rows as the screen shows them, from the first under its top rule (Codex:
    /// its question) to its last (the footer), trailing blanks cut: what a listing prints
    /// and [`Dialog::fingerprint`] covers, so that a row of any kind (an option's
    /// description, an option's text wrapped onto the next row) that differs is another
    /// dialog.
    pub rows: Vec<String>,
}

/// Why a screen gives no dialog one may answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// No run of numbered options at the bottom of the screen.
    NoDialog,
    /// Options at the bottom, but the dialog's top (Claude's rule and header, Codex's
    /// question) is not on the screen's `rows` rows: the dialog is taller than the pane.
    Cut { rows: usize },
    /// The screen reads as a dialog in more than one way (what: how).
    Ambiguous(&'static str),
}

/// How Codex CLI's approval dialogs (0.169) open their question.
const CODEX_ASKS: &str = "Would you like to ";

/// How Codex CLI's approval dialogs (0.169) end.
const CODEX_FOOTER: &str = "Press enter to confirm";

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

/// The dialog at the bottom of `screen`, if there is one that reads whole.
pub fn parse(screen: &str) -> Option<Dialog> {
    read(screen).ok()
}

/// The dialog at the bottom of `screen`, read whole from its top to its last row; or why
/// there is none one may answer.
pub fn read(screen: &str) -> Result<Dialog, Unreadable> {
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
            return Err(Unreadable::NoDialog);
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
        return Err(Unreadable::NoDialog);
    }
    // The dialog's last row: its footer, else its last option's.
    let last = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(end, |i| i + 1);
    let codex_footer = lines[end..last]
        .iter()
        .any(|l| l.trim().starts_with(CODEX_FOOTER));
    // Its top: Claude's rule drawn across above the header, or Codex's question (Codex
    // draws no frame, and what it asks about sits between the question and the options).
    let rule = lines[..start].iter().rposition(|l| is_top_rule(l));
    let asks = lines[..start]
        .iter()
        .rposition(|l| l.trim_start().starts_with(CODEX_ASKS));
    let (first, codex) = match (rule, asks) {
        (None, Some(a)) => (a, true),
        // Below a rule, the question is Codex's only over Codex's footer: else it is a line
        // of the command inside Claude's box, and the dialog starts at the rule.
        (Some(r), Some(a)) if a > r && codex_footer => (a, true),
        (Some(_), _) if codex_footer => {
            return Err(Unreadable::Ambiguous("a Codex footer under a rule"));
        }
        (Some(r), _) => (r + 1, false),
        (None, None) => return Err(Unreadable::Cut { rows: lines.len() }),
    };
    let head = &lines[first..start];
    // Claude draws a dashed rule above and below the command: an odd count means the "top"
    // found is a rule inside the command, and the real top is further up.
    if head.iter().filter(|l| is_dashed_rule(l)).count() % 2 == 1 {
        return Err(Unreadable::Ambiguous("a rule inside the command"));
    }
    if head.windows(2).any(|w| second_options(w[0], w[1])) {
        return Err(Unreadable::Ambiguous("two sets of numbered options"));
    }
    let above: Vec<String> = head
        .iter()
        .filter(|l| !is_filler(l))
        .map(|l| l.trim().to_owned())
        .collect();
    let (question, context) = if codex {
        (above.first(), above.get(1..))
    } else {
        (above.last(), above.get(..above.len().saturating_sub(1)))
    };
    let Some(question) = question.cloned() else {
        return Err(Unreadable::Ambiguous("options under no question"));
    };
    let context = context.unwrap_or_default().to_vec();
    let agent = above.iter().find_map(|l| subagent(l));
    let selected = choices.iter().find(|c| c.0).map(|c| c.1);
    Ok(Dialog {
        question,
        choices: choices
            .into_iter()
            .map(|(_, number, text)| Choice { number, text })
            .collect(),
        selected,
        context,
        agent,
        rows: lines[first..last]
            .iter()
            .map(|l| l.trim_end().to_owned())
            .collect(),
    })
}

/// A dialog as `ring-tmux reply --json` lists it: the one shape between `reply` and every
/// front end that answers (the tmux board builds it in-process, the zellij board reads it
/// from `reply --json`'s output). Texts are as read from the screen: each front end makes
/// them inert where it draws.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    /// The session whose pane shows it.
    #[serde(default)]
    pub session_id: String,
    pub question: String,
    /// The options, numbered from 1.
    pub options: Vec<Choice>,
    /// The option the agent has highlighted (what Enter picks).
    #[serde(default)]
    pub selected: Option<u32>,
    /// What it asks about ([`Dialog::context`]).
    #[serde(default)]
    pub context: Vec<String>,
    /// Its rows as the screen shows them ([`Dialog::rows`]).
    #[serde(default)]
    pub rows: Vec<String>,
    /// The subagent that asks, if one does.
    #[serde(default)]
    pub agent: Option<String>,
    /// [`Dialog::fingerprint`]: passed back with the answer (`reply N --expect`) so that a
    /// dialog redrawn since gets no key.
    #[serde(default)]
    pub fingerprint: Option<String>,
}

impl Listing {
    /// The listing of `dialog`, on `session_id`'s screen.
    pub fn of(dialog: &Dialog, session_id: &str) -> Listing {
        Listing {
            session_id: session_id.to_owned(),
            question: dialog.question.clone(),
            options: dialog.choices.clone(),
            selected: dialog.selected,
            context: dialog.context.clone(),
            rows: dialog.rows.clone(),
            agent: dialog.agent.clone(),
            fingerprint: Some(dialog.fingerprint()),
        }
    }
}

impl Dialog {
    /// A short, stable digest of everything the dialog shows, every row of it (the same in
    /// every process and every build of one version): `reply --expect` sends a key only
    /// while the screen shows the dialog that was listed.
    pub fn fingerprint(&self) -> String {
        use std::hash::{Hash, Hasher};
        let mut h = crate::fasthash::hasher();
        self.hash(&mut h);
        format!("{:016x}", h.finish())
    }

    /// Its [`rows`](Dialog::rows) that hold text (rules and blank rows left out), verbatim:
    /// what a listing shows.
    pub fn text_rows(&self) -> impl Iterator<Item = &str> {
        self.rows
            .iter()
            .map(String::as_str)
            .filter(|r| !is_filler(r))
    }
}

/// A dialog's top edge: a rule drawn across (`────`, `▔▔▔▔`), not the dashed `╌╌╌` Claude
/// draws around a command inside the box.
fn is_top_rule(line: &str) -> bool {
    let t = line.trim();
    t.chars().count() >= 8 && t.chars().all(|c| matches!(c, '─' | '━' | '▔' | '▀'))
}

/// The dashed rule Claude draws above and below a command inside its dialog.
fn is_dashed_rule(line: &str) -> bool {
    let t = line.trim();
    t.chars().count() >= 8 && t.chars().all(|c| matches!(c, '╌' | '┄' | '┈'))
}

/// Two rows that start a second run of options above the dialog's own (`❯ 1.`, or `1.`
/// then `2.`).
fn second_options(row: &str, next: &str) -> bool {
    match (option_line(row), option_line(next)) {
        (Some((true, ..)), _) => true,
        (Some((_, n, _)), Some((_, m, _))) => m == n + 1,
        _ => false,
    }
}

/// `Explore` of `… from the Explore agent`.
fn subagent(line: &str) -> Option<String> {
    let (_, rest) = line.split_once(" from the ")?;
    let name = rest.trim_end().strip_suffix(" agent")?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

#[cfg(test)]
mod tests;
