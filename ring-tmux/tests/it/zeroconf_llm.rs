//! Local LLM chats in zero-config mode (§4.6) through the real `ring-tmux` binary:
//! processes injected with `RING_PROCS` (`local_llm`), the board read with `json --all`.

use crate::zeroconf_support;

use serde_json::{Value, json};

const NOW: f64 = 1_700_000_000.0;

struct World(zeroconf_support::World);

impl World {
    fn new(procs: Value) -> World {
        World(zeroconf_support::World::new(&procs))
    }

    fn json(&self) -> Value {
        let out = self
            .0
            .ring_tmux(NOW)
            .args(["json", "--all"])
            .output()
            .expect("run");
        assert!(out.status.success(), "json failed: {out:?}");
        serde_json::from_slice(&out.stdout).expect("json output")
    }
}

fn ids(board: &Value) -> Vec<String> {
    board["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .map(|s| s["session_id"].as_str().unwrap_or("").to_owned())
        .collect()
}

fn row<'a>(board: &'a Value, id: &str) -> &'a Value {
    board["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .find(|s| s["session_id"] == id)
        .unwrap_or_else(|| panic!("no row {id} in {board}"))
}

#[test]
fn a_live_local_llm_with_a_terminal_is_an_idle_row_dated_by_its_start() {
    let board = World::new(json!({
        "claude-code": [], "codex": [],
        "local_llm": [
            [4242, "ollama", "llama3:8b", "/dev/pts/5", NOW - 120.0],
            [77, "llama.cpp", "q4.gguf", "/dev/pts/6", NOW - 30.0],
            [78, "llama.cpp", null, "/dev/pts/7", NOW - 30.0],
        ],
    }))
    .json();
    let ollama = row(&board, "ollama:pid-4242");
    assert_eq!(ollama["provider"], "ollama");
    assert_eq!(ollama["status"], "idle");
    assert_eq!(ollama["source"], "ollama");
    assert_eq!(ollama["last_action"], "llama3:8b");
    assert_eq!(ollama["tty"], "/dev/pts/5");
    assert_eq!(ollama["last_active"], NOW - 120.0);
    assert_eq!(ollama["idle_seconds"], 120.0);
    let llama = row(&board, "llama.cpp:pid-77");
    assert_eq!(llama["source"], "llama.cpp");
    assert_eq!(llama["provider"], "llama.cpp");
    assert_eq!(llama["last_action"], "q4.gguf");
    assert_eq!(row(&board, "llama.cpp:pid-78")["last_action"], "\u{2014}");
    assert_eq!(board["agent_processes"], 3);
    assert_eq!(board["counts"]["idle"], 3);
}

#[test]
fn processes_without_a_terminal_make_no_row_and_are_not_counted() {
    let board = World::new(json!({
        "claude-code": [["/repo/a", "/dev/pts/1"]], "codex": [["/repo/b", null]],
        "local_llm": [
            [10, "ollama", "phi3", null, NOW],
            [11, "llama.cpp", "m.gguf", "", NOW],
            [12, "llama.cpp", "m.gguf", "/dev/pts/3", NOW],
            [13, "vllm", "m", "/dev/pts/4", NOW],
        ],
    }))
    .json();
    assert_eq!(
        ids(&board),
        ["synthetic:/repo/a", "llama.cpp:pid-12"],
        "{board}"
    );
    // Claude + Codex + local LLM (§5.2).
    assert_eq!(board["agent_processes"], 3);
}

#[test]
fn local_llm_rows_come_after_the_other_sources_in_merge_order() {
    // Same status and idle time everywhere: the stable sort keeps the merge order of §4.1.
    let board = World::new(json!({
        "claude-code": [["/repo/a", "/dev/pts/1"]], "codex": [],
        "local_llm": [
            [9, "llama.cpp", null, "/dev/pts/9", NOW],
            [30, "ollama", "b", "/dev/pts/8", NOW],
            [20, "ollama", "a", "/dev/pts/7", NOW],
        ],
    }))
    .json();
    assert_eq!(
        ids(&board),
        [
            "synthetic:/repo/a",
            "ollama:pid-20",
            "ollama:pid-30",
            "llama.cpp:pid-9"
        ]
    );
}

#[test]
fn local_llm_rows_show_even_when_the_agent_scans_are_unknown() {
    let board = World::new(json!({
        "claude-code": null,
        "local_llm": [[5, "ollama", "mistral", "/dev/pts/2", NOW - 5.0]],
    }))
    .json();
    assert_eq!(ids(&board), ["ollama:pid-5"]);
    assert_eq!(board["agent_processes"], 1);
}

#[test]
fn without_a_local_llm_list_there_are_no_local_rows() {
    let board = World::new(json!({"claude-code": [], "codex": []})).json();
    assert_eq!(ids(&board), Vec::<String>::new());
    assert_eq!(board["agent_processes"], 0);
}
