//! Local LLM chat processes (§4.6): a live `ollama run MODEL`, `llama-cli` or
//! `llama cli|client` with a terminal is an idle row of its own. They come after the Codex
//! threads (§4.1) and never carry a tail kind, so they never replace a hook row (§4.7).

use super::claude::session;
use super::{ScanSession, TailKind};
use crate::derive::{LocalLlm, Source};
use crate::registry::{Row, Status};

/// The `llama.cpp` provider name (also its JSON `source`).
pub const LLAMA_CPP: &str = crate::provider::local::LLAMA_CPP.name;
/// The `ollama` provider name (also its JSON `source`).
pub const OLLAMA: &str = crate::provider::local::OLLAMA.name;

/// The rows of §4.6, Ollama first then llama.cpp (§4.1 source order), each by pid.
pub fn local_llm_rows(procs: &[LocalLlm]) -> Vec<ScanSession> {
    let mut out = Vec::new();
    for (provider, source) in [(OLLAMA, Source::Ollama), (LLAMA_CPP, Source::LlamaCpp)] {
        let mut mine: Vec<&LocalLlm> = procs
            .iter()
            .filter(|p| p.provider == provider && p.tty.as_deref().is_some_and(|t| !t.is_empty()))
            .collect();
        mine.sort_by_key(|p| p.pid);
        for p in mine {
            let mut row = Row::new(format!("{provider}:pid-{}", p.pid));
            row.provider = provider.to_owned();
            row.status = Status::Idle;
            row.last_active = p.started_at;
            if let Some(model) = p.model.as_deref().filter(|m| !m.is_empty()) {
                row.last_action = model.to_owned();
            }
            row.tty.clone_from(&p.tty);
            out.push(ScanSession {
                session: session(row, source),
                tail_kind: TailKind::None,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn llm(pid: u32, provider: &str, model: Option<&str>, tty: Option<&str>) -> LocalLlm {
        LocalLlm {
            pid,
            provider: provider.into(),
            model: model.map(str::to_owned),
            tty: tty.map(str::to_owned),
            started_at: 1000.0 + f64::from(pid),
        }
    }

    #[test]
    fn a_process_with_a_terminal_is_an_idle_row_named_by_provider_and_pid() {
        let rows = local_llm_rows(&[llm(42, OLLAMA, Some("llama3"), Some("/dev/pts/3"))]);
        assert_eq!(rows.len(), 1);
        let s = &rows[0].session;
        assert_eq!(s.row.session_id, "ollama:pid-42");
        assert_eq!(s.row.provider, "ollama");
        assert_eq!(s.row.status, Status::Idle);
        assert_eq!(s.row.last_active, 1042.0);
        assert_eq!(s.row.last_action, "llama3");
        assert_eq!(s.row.tty.as_deref(), Some("/dev/pts/3"));
        assert_eq!(s.source.as_str(), "ollama");
        assert_eq!(rows[0].tail_kind, TailKind::None);
    }

    #[rstest]
    #[case::no_terminal(None)]
    #[case::empty_terminal(Some(""))]
    fn a_process_without_a_terminal_makes_no_row(#[case] tty: Option<&str>) {
        assert!(local_llm_rows(&[llm(1, LLAMA_CPP, None, tty)]).is_empty());
    }

    #[rstest]
    #[case::unnamed(None)]
    #[case::empty(Some(""))]
    fn a_model_not_named_shows_the_dash(#[case] model: Option<&str>) {
        let rows = local_llm_rows(&[llm(7, LLAMA_CPP, model, Some("/dev/tty1"))]);
        assert_eq!(rows[0].session.row.last_action, "\u{2014}");
        assert_eq!(rows[0].session.source, Source::LlamaCpp);
        assert_eq!(rows[0].session.row.session_id, "llama.cpp:pid-7");
    }

    #[test]
    fn ollama_rows_come_before_llama_cpp_rows_each_by_pid() {
        let t = Some("/dev/pts/1");
        let rows = local_llm_rows(&[
            llm(9, LLAMA_CPP, None, t),
            llm(8, OLLAMA, None, t),
            llm(3, LLAMA_CPP, None, t),
            llm(5, "other", None, t),
            llm(2, OLLAMA, None, t),
        ]);
        let ids: Vec<&str> = rows
            .iter()
            .map(|r| r.session.row.session_id.as_str())
            .collect();
        assert_eq!(
            ids,
            [
                "ollama:pid-2",
                "ollama:pid-8",
                "llama.cpp:pid-3",
                "llama.cpp:pid-9"
            ]
        );
    }
}
