//! The status path's pure part over 100 realistic rows: decode → derive (time rules and
//! liveness) → board → render (`oneline`, JSON, summary). File reading is not included:
//! `ring-tmux`'s command benchmarks measure the whole thing.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ring_shared::board::Board;
use ring_shared::config::Config;
use ring_shared::derive::{self, Proc, Procs, ReadContext};
use ring_shared::format;
use ring_shared::registry::{Row, Status, decode_row, encode_row};
use ring_shared::view::View;
use std::collections::BTreeMap;

const NOW: f64 = 1_700_000_000.0;
const ROWS: usize = 100;

/// 100 rows as a busy user's registry holds them: mostly Claude, some Codex, spread over 20
/// projects, every state, panes and ttys, transcripts, waiting details.
fn files() -> Vec<Vec<u8>> {
    (0..ROWS)
        .map(|i| {
            let codex = i % 4 == 0;
            let mut row = Row::new(if codex {
                format!("codex:thread-{i:04}")
            } else {
                format!("0b6f{i:04}-8c1e-4a5e-9d2f-3f1c2b7a{i:04}")
            });
            row.provider = if codex { "codex" } else { "claude-code" }.into();
            row.cwd = format!("/home/u/src/project-{:02}/app", i % 20);
            row.origin_cwd = row.cwd.clone();
            row.status = Status::ALL[i % 3];
            row.last_event = Some(
                match row.status {
                    Status::Waiting => "Notification",
                    Status::Working if codex => "PermissionRequest",
                    Status::Working => "PreToolUse",
                    _ => "Stop",
                }
                .into(),
            );
            row.last_active = NOW - (i * 37) as f64;
            row.heartbeat_at = row.last_active;
            row.last_action = "→ Bash: cargo test -p ring-shared --lib".into();
            row.hook_pid = Some(40_000 + i as i64);
            row.source_path = format!("/home/u/.claude/projects/-home-u-src-project/{i}.jsonl");
            row.tmux_pane = Some(format!("%{i}"));
            row.tmux_socket = Some("/tmp/tmux-1000/default".into());
            row.tty = Some(format!("/dev/pts/{i}"));
            row.todo = Some((i as i64 % 5, 5));
            if row.status == Status::Waiting {
                row.waiting_kind = "permission".into();
                row.waiting_detail = "Bash: rm -rf target && cargo build --release".into();
                row.waiting_notified_at = Some(row.last_active);
            }
            encode_row(&row).into_bytes()
        })
        .collect()
}

fn procs() -> Procs {
    let live = |codex: bool| {
        (0..ROWS)
            .filter(|i| (i % 4 == 0) == codex && i % 10 != 9)
            .map(|i| Proc {
                cwd: format!("/home/u/src/project-{:02}/app", i % 20),
                tty: Some(format!("/dev/pts/{i}")),
                ..Default::default()
            })
            .collect()
    };
    Procs {
        by_provider: [
            ("claude-code".to_owned(), Some(live(false))),
            ("codex".to_owned(), Some(live(true))),
        ]
        .into(),
        background_agent_ids: Default::default(),
        local_llm: Vec::new(),
        ..Procs::default()
    }
}

fn pipeline(c: &mut Criterion) {
    let files = files();
    let procs = procs();
    let config = Config::default();
    let hidden = BTreeMap::new();
    let labels = BTreeMap::new();
    let panes: Vec<(String, String)> = (0..ROWS)
        .map(|i| (format!("%{i}"), format!("main:{}.{}", i / 4, i % 4)))
        .collect();
    let mtime = |_: &str| Some(NOW - 5.0);
    let realpath = |p: &str| p.to_owned();
    let ctx = ReadContext {
        now: NOW,
        config: &config,
        procs: &procs,
        hidden: &hidden,
        source_mtime: &mtime,
        realpath: &realpath,
    };
    let decode_all = |files: &[Vec<u8>]| -> Vec<Row> {
        files
            .iter()
            .filter_map(|bytes| decode_row(bytes).ok())
            .collect()
    };
    let rows = decode_all(&files);
    assert_eq!(rows.len(), ROWS, "every bench row decodes");

    c.bench_function("decode 100 rows", |b| {
        b.iter(|| decode_all(black_box(&files)))
    });
    c.bench_function("derive 100 rows", |b| {
        b.iter(|| derive::derive(black_box(rows.clone()), &ctx))
    });
    let derived = derive::derive(rows.clone(), &ctx);
    let board = Board::build(derived.sessions, procs.agent_processes(), NOW, false);
    c.bench_function("view 100 rows", |b| {
        b.iter(|| View::of_board(black_box(board.clone()), &labels, "/home/u"))
    });
    let view = View::of_board(board, &labels, "/home/u");
    c.bench_function("oneline 100 rows", |b| {
        b.iter(|| format::oneline(black_box(&view)))
    });
    c.bench_function("json 100 rows", |b| {
        b.iter(|| format::json(black_box(&view)))
    });
    c.bench_function("decode+derive+render 100 rows", |b| {
        b.iter(|| {
            let mut derived = derive::derive(decode_all(black_box(&files)), &ctx);
            derive::map_tmux_targets(
                &mut derived.sessions,
                Some("/tmp/tmux-1000/default"),
                &panes,
            );
            let board = Board::build(derived.sessions, procs.agent_processes(), NOW, false);
            let view = View::of_board(board, &labels, "/home/u");
            let line = format::oneline(&view);
            let json = format::json(&view);
            (line, json, view)
        })
    });
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
