//! `remove-hooks`: taking ring's hooks (and its plugin files) out of each agent's configuration,
//! every other hook and setting kept.

use super::*;
use crate::sys::env::Env;
use ring_shared::provider::Format;
use ring_shared::t;
use std::process::ExitCode;

/// `ring-tmux remove-hooks [--dry-run] [--include-ring]`.
pub fn remove_hooks(args: &RemoveArgs) -> ExitCode {
    let env = Env::from_process();
    let mut failed = false;
    for target in targets(&env.home) {
        failed |= !remove_target(&target, args);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

pub(super) fn remove_target(target: &Target, args: &RemoveArgs) -> bool {
    let path = &crate::sys::printable::path(&target.path);
    if target.spec.format.is_plugin_file() {
        return remove_plugin(target, path, args.dry_run);
    }
    if !target.path.exists() {
        out!("✓ {}", t!("remove-absent", path = path));
        return true;
    }
    let Some(loaded) = load_target(target) else {
        return false;
    };
    let plan = match target.spec.format {
        Format::CursorHooks => cursor::remove(&loaded.doc, target.events),
        Format::CopilotFile => flat::remove(&loaded.doc, target.events, args.include_ring),
        _ => merge::remove(&loaded.doc, target.events, args.include_ring),
    };
    let events = plan.changed.join(", ");
    if plan.changed.is_empty() {
        out!("✓ {}", t!("remove-none", path = path));
        return true;
    }
    if target.spec.format == Format::CopilotFile && flat::is_empty_file(&plan.doc) {
        // Nothing but ring's entries was in it: the file goes (the link, if it is one).
        if args.dry_run {
            out!(
                "# {}",
                t!("remove-dry-run-own", path = path, events = &events)
            );
            out!("{}", t!("install-nothing-written"));
            return true;
        }
        let done = t!("remove-own-done", events = &events, path = path);
        let text = loaded.text.as_deref();
        return delete(target, text, &target.path, &done);
    }
    match write_change(target, &loaded, &plan.doc, &plan.changed, args.dry_run) {
        Change::DryRun => true,
        Change::Failed => false,
        Change::Written(backup) => {
            say_done(&t!("remove-done", events = &events, path = path), backup);
            true
        }
    }
}

/// Deletes ring's plugin file of `target` (after a backup); `false` when it failed.
fn remove_plugin(target: &Target, path: &str, dry_run: bool) -> bool {
    use super::plugin_file::Found;
    let text = match plugin_file::inspect(&target.path) {
        Found::Missing => {
            out!("✓ {}", t!("remove-absent", path = path));
            return true;
        }
        Found::Foreign(why) => {
            out!("✓ {}", t!("remove-foreign", path = path, why = why));
            return true;
        }
        Found::Ours { text, .. } => text,
    };
    if dry_run {
        out!("# {}", t!("remove-dry-run-plugin", path = path));
        out!("{}", t!("install-nothing-written"));
        return true;
    }
    let events = plugin_file::events(target).join(", ");
    let done = t!("remove-plugin-done", events = &events, path = path);
    let file = jsonfile::real_path(&target.path);
    delete(target, Some(&text), &file, &done)
}

/// Backs up `text` (the file as loaded, if it existed), deletes `gone` and says `done`;
/// `false` (said on stderr) when it could not.
fn delete(target: &Target, text: Option<&str>, gone: &Path, done: &str) -> bool {
    let file = jsonfile::real_path(&target.path);
    let backup = text.map(|text| jsonfile::backup(&file, text, &stamp_now()));
    match backup
        .transpose()
        .and_then(|b| std::fs::remove_file(gone).map(|()| b))
    {
        Ok(backup) => {
            say_done(done, backup);
            true
        }
        Err(err) => {
            voice::file_error("err-remove", &target.path, err, "err-install-unchanged");
            false
        }
    }
}
