//! Hostile stdin: whatever arrives, the hook exits 0, prints nothing, writes nothing outside
//! the ring folder's known files, and leaves only valid JSON rows in `sessions/`.

use crate::hook_support;

use hook_support::{Home, T0, tree};
use serde_json::{Value, json};
use std::fs;

/// A deterministic byte soup (xorshift), so failures reproduce.
fn noise(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

fn stop_with_id(id: &str) -> Vec<u8> {
    json!({"session_id": id, "hook_event_name": "Stop", "cwd": "/repo"})
        .to_string()
        .into_bytes()
}

fn deep(depth: usize, open: &str, close: &str) -> Vec<u8> {
    format!("{}{}", open.repeat(depth), close.repeat(depth)).into_bytes()
}

/// `(label, stdin, args)` for every hostile input.
fn corpus() -> Vec<(String, Vec<u8>, Vec<&'static str>)> {
    let mut big = br#"{"session_id": "big", "hook_event_name": "Stop", "x": ""#.to_vec();
    big.extend(std::iter::repeat_n(b'a', 50 << 20));
    big.extend_from_slice(br#""}"#);
    let mut deep_inside = br#"{"session_id": "deep", "hook_event_name": "Stop", "x": "#.to_vec();
    deep_inside.extend(deep(10_000, "[", "]"));
    deep_inside.push(b'}');
    let mut cases: Vec<(String, Vec<u8>, Vec<&'static str>)> = vec![
        ("empty".into(), b"".to_vec(), vec![]),
        ("whitespace".into(), b" \n\t ".to_vec(), vec![]),
        ("truncated object".into(), br#"{"session_id": "s1", "hook_event_name": "Stop""#.to_vec(), vec![]),
        ("array".into(), br#"[{"session_id": "s1", "hook_event_name": "Stop"}]"#.to_vec(), vec![]),
        ("string".into(), br#""Stop""#.to_vec(), vec![]),
        ("number".into(), b"42".to_vec(), vec![]),
        ("null".into(), b"null".to_vec(), vec![]),
        ("two documents".into(), br#"{"session_id": "a", "hook_event_name": "Stop"} {}"#.to_vec(), vec![]),
        ("nan".into(), br#"{"session_id": "n", "hook_event_name": "Stop", "x": NaN}"#.to_vec(), vec![]),
        ("huge number".into(), br#"{"session_id": "h", "hook_event_name": "Stop", "x": 1e400}"#.to_vec(), vec![]),
        ("50 MB payload".into(), big, vec![]),
        ("50 MB of zeros".into(), vec![0; 50 << 20], vec![]),
        ("binary noise".into(), noise(1 << 16, 0x9e37_79b9_7f4a_7c15), vec![]),
        ("binary noise, provider codex".into(), noise(4096, 7), vec!["codex"]),
        ("10k-deep arrays".into(), deep(10_000, "[", "]"), vec![]),
        ("10k-deep objects".into(), deep(10_000, "{\"a\":", "}"), vec![]),
        ("deep value inside a valid event".into(), deep_inside, vec![]),
        ("invalid UTF-8 in id".into(), b"{\"session_id\": \"u\xff\xfe\xc0\", \"hook_event_name\": \"Stop\"}".to_vec(), vec![]),
        ("invalid UTF-8 everywhere".into(), b"\xff{\"session_id\":\xfe \"v\", \"hook_event_name\": \"Stop\"}\x80".to_vec(), vec![]),
        ("raw NUL byte".into(), b"{\"session_id\": \"z\0\", \"hook_event_name\": \"Stop\"}".to_vec(), vec![]),
        ("lone surrogate escape".into(), br#"{"session_id": "\ud800", "hook_event_name": "Stop"}"#.to_vec(), vec![]),
        ("provider with slash".into(), br#"{"session_id": "p", "hook_event_name": "Stop", "provider": "../../x"}"#.to_vec(), vec!["../x"]),
        ("hostile transcript path".into(),
            br#"{"session_id": "t", "hook_event_name": "Stop", "transcript_path": "/dev/zero"}"#.to_vec(), vec![]),
        ("proc mem transcript".into(),
            br#"{"session_id": "t2", "hook_event_name": "Stop", "transcript_path": "/proc/self/mem"}"#.to_vec(), vec![]),
        ("1 MB cwd".into(),
            json!({"session_id": "c", "hook_event_name": "Stop", "cwd": "/x".repeat(1 << 19)}).to_string().into_bytes(), vec![]),
    ];
    let ids = [
        "a/b",
        "/",
        "..",
        ".",
        "../../../../../../../../../tmp/ring-hostile-escape",
        "..%2F..%2Fescape",
        ".locks",
        "x.json.tmp",
        "\u{0}",
        "nul\u{0}inside",
        "\u{1b}[31mred\u{7}\r\n",
        "tab\there",
        "會議/..",
        "sp ace",
        "%",
        "codex:../../x",
    ];
    for id in ids {
        cases.push((format!("id {id:?}"), stop_with_id(id), vec![]));
        cases.push((format!("codex id {id:?}"), stop_with_id(id), vec!["codex"]));
    }
    cases.push(("10 KB id".into(), stop_with_id(&"i".repeat(10_000)), vec![]));
    cases.push((
        "10 KB multibyte id".into(),
        stop_with_id(&"會".repeat(3_400)),
        vec![],
    ));
    cases.push((
        "10 KB slash id".into(),
        stop_with_id(&"/".repeat(10_000)),
        vec![],
    ));
    cases
}

fn allowed(entry: &str) -> bool {
    // Rows, and RiNG's lock file beside each (`<id>.json.lock`, taken to exclude its hook).
    let sessions_child = |rest: &str| {
        !rest.contains('/') && (rest.ends_with(".json") || rest.ends_with(".json.lock"))
    };
    let lock_child = |rest: &str| !rest.contains('/') && rest.ends_with(".lock");
    match entry {
        "home"
        | "ring"
        | "ring/sessions"
        | "ring/sessions/.locks"
        | "ring/cache"
        | "ring/events.jsonl"
        | "ring/ring.log"
        | "ring/ring.log.1" => true,
        _ => {
            entry
                .strip_prefix("ring/sessions/.locks/")
                .is_some_and(lock_child)
                || entry
                    .strip_prefix("ring/sessions/")
                    .is_some_and(sessions_child)
        }
    }
}

#[test]
fn hostile_inputs_exit_zero_silently_and_write_only_rows() {
    let h = Home::new();
    for (label, stdin, args) in corpus() {
        let out = h
            .command(&args, T0)
            .write_stdin(stdin)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(0), "{label}: exit status");
        assert!(
            out.stdout.is_empty(),
            "{label}: stdout {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(
            out.stderr.is_empty(),
            "{label}: stderr {:?}",
            String::from_utf8_lossy(&out.stderr)
        );
        let entries = tree(h.dir.path());
        let stray: Vec<_> = entries.iter().filter(|e| !allowed(e)).collect();
        assert!(stray.is_empty(), "{label}: unexpected files {stray:?}");
    }
    assert!(!std::path::Path::new("/tmp/ring-hostile-escape.json").exists());

    let mut ids = Vec::new();
    for entry in fs::read_dir(h.sessions()).expect("sessions") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            continue;
        }
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        assert!(
            name.len() <= 255,
            "file name too long: {} bytes",
            name.len()
        );
        if name.ends_with(".json.lock") {
            continue;
        }
        let row: Value =
            serde_json::from_slice(&fs::read(&path).expect("read")).expect("row is JSON");
        ids.push(
            row["session_id"]
                .as_str()
                .expect("session_id is text")
                .to_owned(),
        );
    }
    // Spot checks: odd ids are stored, not dropped or mangled, one file each.
    for want in [
        "a/b",
        "..",
        "\u{0}",
        "\u{1b}[31mred\u{7}\r\n",
        "codex:../../x",
        "u",
        "v",
    ] {
        assert!(
            ids.iter().any(|i| i == want),
            "row for {want:?} missing; have {} rows",
            ids.len()
        );
    }
    assert!(
        ids.iter().any(|i| i.len() == 10_000),
        "a 10 KB id is stored under a bounded name"
    );
    // Python's json.loads takes NaN and 1e400 (inf), so RiNG records those events: so does ring.
    for python_json in ["n", "h"] {
        assert!(
            ids.iter().any(|i| i == python_json),
            "{python_json} is recorded"
        );
    }
    // Ignored: oversized, deep, non-object.
    for never in ["big", "deep"] {
        assert!(!ids.iter().any(|i| i == never), "{never} must be ignored");
    }
    for line in h.events() {
        assert!(line["session_id"].is_string());
    }
}
