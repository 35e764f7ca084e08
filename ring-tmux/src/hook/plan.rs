//! A Claude Code 2.1 plan waiting for approval (§11.12): its payloads carry `tool_input: {}`,
//! so the hook finds the plan's text itself, in bounded reads: the plan file Claude writes
//! (`<plans folder>/<slug>.md`, the slug from the transcript), else the plan the model sent
//! in its `ExitPlanMode` call (the transcript). The rule that turns the text into the
//! detail is `ring_shared::event::plan_detail`.

use crate::store::{self, Owner};
use ring_shared::event::plan_detail;
use ring_shared::transcript::{self, Record};
use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a plan file is read: its first line with text is near its start.
const PLAN_HEAD_BYTES: u64 = 4096;

/// Claude's plans folder: `$CLAUDE_CONFIG_DIR/plans`, else `~/.claude/plans` (Claude's own
/// default; a project's `plansDirectory` setting is not followed).
fn plans_dir(home: &Path) -> PathBuf {
    use ring_shared::provider::claude::{CONFIG_DIR_ENV, PLANS_DIR};
    match std::env::var_os(CONFIG_DIR_ENV).filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir).join("plans"),
        None => home.join(PLANS_DIR),
    }
}

/// The first [`PLAN_HEAD_BYTES`] of the plan file `<plans>/<slug>.md` as text (a character
/// cut at the end dropped). The file itself may not be a symlink (`O_NOFOLLOW`) and must be a
/// regular file, and the plans folder may not be a symlink either: nothing is read from
/// outside it.
fn read_head(plans: &Path, slug: &str) -> Option<String> {
    if std::fs::symlink_metadata(plans)
        .ok()?
        .file_type()
        .is_symlink()
    {
        return None;
    }
    let (file, _) = store::open_for_read(&plans.join(format!("{slug}.md")), Owner::Ring).ok()?;
    let mut head = Vec::new();
    file.take(PLAN_HEAD_BYTES).read_to_end(&mut head).ok()?;
    Some(String::from_utf8_lossy(&head).into_owned())
}

/// The detail of a plan wait whose payload had no plan: the plan file's first line with text,
/// else the sent plan's; `None` when neither is found (the detail stays the tool's name).
pub(super) fn detail(home: &Path, records: Option<&[Record]>) -> Option<String> {
    let source = transcript::plan_source(records?);
    let from_file = source
        .slug
        .as_deref()
        .and_then(|slug| read_head(&plans_dir(home), slug))
        .and_then(|text| plan_detail(&text));
    from_file.or_else(|| plan_detail(source.sent.as_deref()?))
}
