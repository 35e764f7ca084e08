//! Local LLM chat processes (§4.6): `ollama run MODEL`, `llama-cli`, `llama cli|client`.
//! The classification is pure and tested with tables; the scan hands the rows' facts to the
//! zero-config read in `Procs::local_llm`.

use super::{Found, Kind, basename};
use ring_shared::provider::local::{
    LLAMA_BIN, LLAMA_CHATS, LLAMA_CLI_BIN, OLLAMA_BIN, OLLAMA_CHAT,
};
use ring_shared::scan::{LLAMA_CPP, LocalLlm, OLLAMA};
use std::path::Path;

/// Which local LLM runner a process is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runner {
    /// `ollama run MODEL`.
    Ollama,
    /// `llama-cli`, `llama cli`, `llama client`.
    LlamaCpp,
}

impl Runner {
    /// The provider name (and JSON `source`).
    pub fn provider(self) -> &'static str {
        match self {
            Runner::Ollama => OLLAMA,
            Runner::LlamaCpp => LLAMA_CPP,
        }
    }
}

/// `ollama run` flags that take a value (the model is the first other operand).
const OLLAMA_VALUE_FLAGS: [&str; 3] = ["--format", "--keepalive", "--think"];

/// Classifies a local LLM chat process by its command line (`comm` names `llama-cli` when
/// `argv[0]` was rewritten). `None` for anything else, `ollama serve` and `ollama run` without
/// a model included. `start_ticks` is left 0 for the caller to fill from `stat`.
pub fn classify(comm: &str, args: &str) -> Option<Kind> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let first = tokens.first().map_or("", |t| basename(t));
    let rest = tokens.get(1..).unwrap_or_default();
    let (runner, model) = if first == OLLAMA_BIN && rest.first() == Some(&OLLAMA_CHAT) {
        (Runner::Ollama, Some(ollama_model(&rest[1..])?.to_owned()))
    } else if first == LLAMA_CLI_BIN
        || basename(comm) == LLAMA_CLI_BIN
        || (first == LLAMA_BIN && rest.first().is_some_and(|sub| LLAMA_CHATS.contains(sub)))
    {
        (
            Runner::LlamaCpp,
            llama_model(rest).map(|m| basename(m).to_owned()),
        )
    } else {
        return None;
    };
    Some(Kind::LocalLlm {
        runner,
        model: model.filter(|m| !m.is_empty()),
        start_ticks: 0,
    })
}

/// The first operand after `ollama run` that is not a flag or a flag's value.
fn ollama_model<'a>(after_run: &[&'a str]) -> Option<&'a str> {
    let mut tokens = after_run.iter();
    while let Some(t) = tokens.next() {
        if OLLAMA_VALUE_FLAGS.contains(t) {
            tokens.next();
        } else if !t.starts_with('-') {
            return Some(t);
        }
    }
    None
}

/// The value of `-m X`, `--model X`, `-m=X` or `--model=X`.
fn llama_model<'a>(args: &[&'a str]) -> Option<&'a str> {
    let mut tokens = args.iter();
    while let Some(t) = tokens.next() {
        if matches!(*t, "-m" | "--model") {
            return tokens.next().copied();
        }
        if let Some(v) = t.strip_prefix("--model=").or_else(|| t.strip_prefix("-m=")) {
            return Some(v);
        }
    }
    None
}

/// Clock ticks per second of `/proc/<pid>/stat` times: `USER_HZ`, which Linux fixes at 100 for
/// user space on every architecture ring runs on (rustix's `param` feature is not enabled).
const TICKS_PER_SECOND: f64 = 100.0;

/// `btime` (boot time, epoch seconds) from the text of `/proc/stat`.
pub fn parse_btime(text: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix("btime "))
        .and_then(|v| v.trim().parse::<f64>().ok())
}

/// The local LLM processes with a terminal among `found`, their start times from `btime`.
pub fn collect(found: &[Found], btime: f64) -> Vec<LocalLlm> {
    found
        .iter()
        .filter_map(|f| match &f.kind {
            Kind::LocalLlm {
                runner,
                model,
                start_ticks,
            } if f.tty.is_some() => Some(LocalLlm {
                pid: f.pid,
                provider: runner.provider().to_owned(),
                model: model.clone(),
                tty: f.tty.clone(),
                started_at: btime + *start_ticks as f64 / TICKS_PER_SECOND,
            }),
            _ => None,
        })
        .collect()
}

/// Boot time from `<root>/stat` (0 when unreadable: start times are then since boot).
pub fn btime(root: &Path) -> f64 {
    crate::store::read_text(&root.join("stat"), 1 << 20, crate::store::Owner::Anyone)
        .and_then(|t| parse_btime(&t))
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn llm(runner: Runner, model: Option<&str>) -> Option<Kind> {
        Some(Kind::LocalLlm {
            runner,
            model: model.map(str::to_owned),
            start_ticks: 0,
        })
    }

    #[rstest]
    #[case::ollama_run("ollama", "ollama run llama3", llm(Runner::Ollama, Some("llama3")))]
    #[case::ollama_run_by_path(
        "ollama",
        "/usr/local/bin/ollama run qwen2:7b",
        llm(Runner::Ollama, Some("qwen2:7b"))
    )]
    #[case::ollama_flags_before_model(
        "ollama",
        "ollama run --verbose --format json phi3",
        llm(Runner::Ollama, Some("phi3"))
    )]
    #[case::ollama_run_without_model_is_not_a_session("ollama", "ollama run", None)]
    #[case::ollama_serve_is_not_a_session("ollama", "ollama serve", None)]
    #[case::ollama_runner_is_not_a_session(
        "ollama",
        "/usr/bin/ollama runner --model /m/blob",
        None
    )]
    #[case::llama_cli_model_basename(
        "llama-cli",
        "llama-cli -m /models/q4.gguf -cnv",
        llm(Runner::LlamaCpp, Some("q4.gguf"))
    )]
    #[case::llama_cli_long_model(
        "llama-cli",
        "./build/bin/llama-cli --model m/x.gguf",
        llm(Runner::LlamaCpp, Some("x.gguf"))
    )]
    #[case::llama_cli_model_equals(
        "llama-cli",
        "llama-cli --model=/m/y.gguf",
        llm(Runner::LlamaCpp, Some("y.gguf"))
    )]
    #[case::llama_cli_without_model(
        "llama-cli",
        "llama-cli -hf org/repo",
        llm(Runner::LlamaCpp, None)
    )]
    #[case::llama_cli_by_comm_only(
        "llama-cli",
        "/opt/llama/main -m a.gguf",
        llm(Runner::LlamaCpp, Some("a.gguf"))
    )]
    #[case::llama_cli_subcommand(
        "llama",
        "llama cli -m /m/z.gguf",
        llm(Runner::LlamaCpp, Some("z.gguf"))
    )]
    #[case::llama_client_subcommand("llama", "llama client", llm(Runner::LlamaCpp, None))]
    #[case::llama_server_is_not_a_session("llama", "llama server -m /m/z.gguf", None)]
    #[case::llama_server_binary_is_not_a_session("llama-server", "llama-server -m z.gguf", None)]
    #[case::unrelated("vim", "vim ollama.md", None)]
    fn classify_finds_local_llm_chats(
        #[case] comm: &str,
        #[case] args: &str,
        #[case] want: Option<Kind>,
    ) {
        assert_eq!(classify(comm, args), want);
    }

    #[test]
    fn btime_is_read_from_proc_stat() {
        let text = "cpu  1 2 3\nintr 5\nbtime 1700000000\nprocesses 9\n";
        assert_eq!(parse_btime(text), Some(1_700_000_000.0));
        assert_eq!(parse_btime("cpu 1\n"), None);
    }

    #[test]
    fn collect_keeps_processes_with_a_terminal_and_dates_them_from_boot() {
        let kind = |ticks| Kind::LocalLlm {
            runner: Runner::Ollama,
            model: Some("m".into()),
            start_ticks: ticks,
        };
        let found = [
            Found {
                pid: 5,
                kind: kind(250),
                cwd: None,
                tty: Some("/dev/pts/2".into()),
                start_ticks: None,
            },
            Found {
                pid: 6,
                kind: kind(300),
                cwd: Some("/".into()),
                tty: None,
                start_ticks: None,
            },
            Found {
                pid: 7,
                kind: Kind::Codex,
                cwd: Some("/".into()),
                tty: Some("/dev/pts/3".into()),
                start_ticks: None,
            },
        ];
        let local = collect(&found, 1000.0);
        assert_eq!(local.len(), 1);
        assert_eq!(local[0].pid, 5);
        assert_eq!(local[0].provider, "ollama");
        assert_eq!(local[0].started_at, 1002.5);
    }

    /// A fake `/proc/<pid>` whose `stat` goes up to starttime (field 22).
    fn fake(root: &Path, pid: u32, comm: &str, cmdline: &[u8], tty_nr: u32, ticks: u64) {
        let dir = root.join(pid.to_string());
        std::fs::create_dir_all(&dir).expect("pid dir");
        let stat = format!(
            "{pid} ({comm}) S 1 {pid} {pid} {tty_nr} 0 4194304 0 0 0 0 1 1 0 0 20 0 1 0 {ticks} 1000"
        );
        std::fs::write(dir.join("stat"), stat).expect("stat");
        std::fs::write(dir.join("cmdline"), cmdline).expect("cmdline");
        std::os::unix::fs::symlink("/tmp", dir.join("cwd")).expect("cwd link");
        std::os::unix::fs::symlink(format!("/usr/bin/{comm}"), dir.join("exe")).expect("exe");
    }

    #[rstest]
    #[case::uncached(false)]
    #[case::cached(true)]
    fn the_proc_scan_finds_local_llm_chats_with_a_terminal(#[case] cached: bool) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("proc");
        std::fs::create_dir(&root).expect("proc");
        std::fs::write(root.join("stat"), "cpu 1\nbtime 1700000000\n").expect("stat");
        // /dev/pts/5 is major 136, minor 5.
        fake(
            &root,
            40,
            "ollama",
            b"ollama\0run\0llama3\0",
            136 << 8 | 5,
            12_345,
        );
        fake(&root, 41, "ollama", b"/usr/bin/ollama\0serve\0", 0, 1);
        fake(&root, 42, "llama-cli", b"llama-cli\0-m\0/m/q.gguf\0", 0, 1);
        let cache = dir.path().join("procs.bin");
        let procs = super::super::scan_root(&root, cached.then_some(cache.as_path()), 1000.0);
        let local = procs.local_llm.clone();
        assert_eq!(
            local,
            [LocalLlm {
                pid: 40,
                provider: "ollama".into(),
                model: Some("llama3".into()),
                tty: Some("/dev/pts/5".into()),
                started_at: 1_700_000_123.45,
            }]
        );
        assert_eq!(
            procs.agent_processes(),
            1,
            "the terminal-less llama-cli is not counted"
        );
        if cached {
            // The second look confirms the first; the third is the memo's (start time included).
            for wall in [1000.5, 1001.0] {
                let again = super::super::scan_root(&root, Some(&cache), wall);
                assert_eq!(again.local_llm, local, "at {wall}");
            }
        }
    }
}
