//! Which ways `jump` has to reach a session on this machine (the focus backends whose
//! programs are installed) and which of them each live session's row can use.

use super::Finding;
use crate::act::focus::{Sys, all};
use crate::gather::{load_board, read_config};
use crate::sys::env::Env;
use ring_shared::focus::plan;
use ring_shared::t;

/// At most this many sessions are listed.
const SESSIONS_SHOWN: usize = 12;

/// The findings: what this machine offers, what it lacks, and per session what it can use.
pub fn focus(env: &Env, path: &std::ffi::OsStr) -> Vec<Finding> {
    let mut sys = Sys::here(std::time::Instant::now());
    sys.path = path.to_owned();
    let config = read_config(&env.ring_home).0;
    let order: Vec<&str> = config.focus_order.iter().map(|b| b.name()).collect();
    let (offered, absent): (Vec<_>, Vec<_>) = all()
        .into_iter()
        .filter(|f| config.focus_order.contains(&f.backend()))
        .partition(|f| f.available(&sys));
    let names = |list: &[&dyn crate::act::focus::Focus]| -> Vec<&str> {
        list.iter().map(|f| f.backend().name()).collect()
    };
    let mut out = vec![Finding::info(if offered.is_empty() {
        t!("doctor-focus-nothing", order = order.join(", "))
    } else {
        t!(
            "doctor-focus-offered",
            ways = names(&offered).join(", "),
            order = order.join(", ")
        )
    })];
    if !absent.is_empty() {
        let missing: Vec<String> = absent
            .iter()
            .map(|f| {
                t!(
                    "doctor-focus-needs",
                    backend = f.backend().name(),
                    programs = f.programs().join(&format!(" {} ", t!("doctor-or")))
                )
            })
            .collect();
        out.push(Finding::absent(
            t!("doctor-focus-absent", missing = missing.join(", ")),
            t!("doctor-focus-absent-fix"),
        ));
    }
    let view = load_board(env, &config, false).view;
    for entry in view.entries.iter().take(SESSIONS_SHOWN) {
        let Some(row) = crate::act::focus::jump::read_row(env, &entry.session_id) else {
            continue;
        };
        let ways: Vec<&str> = plan(&config.focus_order, &row)
            .into_iter()
            .map(|b| {
                let here = offered.iter().any(|f| f.backend() == b);
                if here { b.name() } else { "" }
            })
            .filter(|n| !n.is_empty())
            .collect();
        let called = crate::gather::named::called(&entry.session_id, &view.entries);
        out.push(Finding::info(if ways.is_empty() {
            t!("doctor-focus-session-none", session = called)
        } else {
            t!(
                "doctor-focus-session",
                session = called,
                ways = ways.join(", ")
            )
        }));
    }
    out
}
