//! `remove-hooks`: taking ring's hooks (and its plugin files) out of each agent's configuration,
//! every other hook and setting kept.

use super::jsonfile::Loaded;
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
    if target.spec.format.is_plugin_file() {
        return remove_plugin(target, args.dry_run);
    }
    if !target.path.exists() {
        out!(
            "✓ {}",
            t!("remove-absent", path = target.path.display().to_string())
        );
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
    if plan.changed.is_empty() {
        out!(
            "✓ {}",
            t!("remove-none", path = target.path.display().to_string())
        );
        return true;
    }
    if target.spec.format == Format::CopilotFile && flat::is_empty_file(&plan.doc) {
        return delete_own_file(target, &loaded, &plan.changed, args.dry_run);
    }
    match write_change(target, &loaded, &plan.doc, &plan.changed, args.dry_run) {
        Change::DryRun => true,
        Change::Failed => false,
        Change::Written(backup) => {
            out!(
                "✓ {}",
                t!(
                    "remove-done",
                    events = plan.changed.join(", "),
                    path = target.path.display().to_string()
                )
            );
            if let Some(backup) = backup {
                super::say_backup(&backup);
            }
            true
        }
    }
}

/// Deletes ring's plugin file of `target` (after a backup); `false` when it failed.
pub(super) fn remove_plugin(target: &Target, dry_run: bool) -> bool {
    use super::plugin_file::Found;
    let path = target.path.display();
    let text = match plugin_file::inspect(&target.path) {
        Found::Missing => {
            out!("✓ {}", t!("remove-absent", path = path.to_string()));
            return true;
        }
        Found::Foreign(why) => {
            out!(
                "✓ {}",
                t!("remove-foreign", path = path.to_string(), why = why)
            );
            return true;
        }
        Found::Ours { text, .. } => text,
    };
    if dry_run {
        out!("# {}", t!("remove-dry-run-plugin", path = path.to_string()));
        out!("{}", t!("install-nothing-written"));
        return true;
    }
    let file = jsonfile::real_path(&target.path);
    let result = jsonfile::backup(&file, &text, &stamp_now())
        .and_then(|backup| std::fs::remove_file(&file).map(|()| backup));
    match result {
        Ok(backup) => {
            out!(
                "✓ {}",
                t!(
                    "remove-plugin-done",
                    events = plugin_file::events(target).join(", "),
                    path = path.to_string()
                )
            );
            super::say_backup(&backup);
            true
        }
        Err(err) => {
            voice::file_error("err-remove", &target.path, err, "err-install-unchanged");
            false
        }
    }
}

/// Removes ring's own hooks file (nothing but ring's entries were in it), after a backup.
pub(super) fn delete_own_file(
    target: &Target,
    loaded: &Loaded,
    changed: &[String],
    dry_run: bool,
) -> bool {
    if dry_run {
        out!(
            "# {}",
            t!(
                "remove-dry-run-own",
                path = target.path.display().to_string(),
                events = changed.join(", ")
            )
        );
        out!("{}", t!("install-nothing-written"));
        return true;
    }
    let file = jsonfile::real_path(&target.path);
    let backup = match &loaded.text {
        Some(text) => jsonfile::backup(&file, text, &stamp_now()).map(Some),
        None => Ok(None),
    };
    match backup.and_then(|b| std::fs::remove_file(&target.path).map(|()| b)) {
        Ok(backup) => {
            out!(
                "✓ {}",
                t!(
                    "remove-own-done",
                    events = changed.join(", "),
                    path = target.path.display().to_string()
                )
            );
            if let Some(backup) = backup {
                super::say_backup(&backup);
            }
            true
        }
        Err(err) => {
            voice::file_error(
                "err-install-delete",
                &target.path,
                err,
                "err-install-unchanged",
            );
            false
        }
    }
}
