use super::*;
use rstest::rstest;
use serde_json::json;

fn records(values: Vec<Value>) -> Vec<Record> {
    values
        .into_iter()
        .map(|v| v.as_object().expect("test record").clone())
        .collect()
}

fn tool_use(name: Value, input: Value) -> Value {
    json!({"type": "assistant", "message": {"content": [{"type": "tool_use", "name": name, "input": input}]}})
}

fn assistant_text(text: Value) -> Value {
    json!({"type": "assistant", "message": {"content": [{"type": "text", "text": text}]}})
}

#[rstest]
#[case::lf(b"{\"a\":1}\n{\"a\":2}\n".as_slice(), false, 2)]
#[case::crlf_and_cr(b"{\"a\":1}\r\n{\"a\":2}\r{\"a\":3}".as_slice(), false, 3)]
#[case::ascii_whitespace_trimmed(b" \x0b{\"a\":1}\x0c\t\n".as_slice(), false, 1)]
#[case::invalid_json_skipped(b"not json\n{{{broken\n{\"a\":1}\n".as_slice(), false, 1)]
#[case::non_object_json_skipped(b"[1]\n\"s\"\n42\nnull\n{\"a\":1}\n".as_slice(), false, 1)]
#[case::invalid_utf8_skipped(b"{\"a\":\"\xff\"}\n{\"a\":1}\n".as_slice(), false, 1)]
#[case::utf8_bom_accepted(b"\xef\xbb\xbf{\"a\":1}\n".as_slice(), false, 1)]
#[case::python_only_json_is_a_record(b"{\"a\":NaN}\n{\"b\":-Infinity}\n{\"c\":1e400}\n{\"d\":nan}\n".as_slice(), false, 3)]
#[case::cut_drops_first_line(b"{\"a\":1}\n{\"a\":2}\n".as_slice(), true, 1)]
#[case::cut_without_newline_drops_all(b"{\"a\":1}".as_slice(), true, 0)]
#[case::empty(b"".as_slice(), false, 0)]
fn parse_tail_lines(#[case] bytes: &[u8], #[case] cut: bool, #[case] want: usize) {
    assert_eq!(parse_tail(bytes, cut).len(), want);
}

#[test]
fn parse_tail_keeps_order_and_last_duplicate_key() {
    let recs = parse_tail(b"{\"a\":1,\"a\":2}\n{\"b\":3}\n", false);
    assert_eq!(recs[0].get("a"), Some(&json!(2)));
    assert_eq!(recs[1].get("b"), Some(&json!(3)));
}

#[rstest]
#[case::edit_basename(tool_use(json!("Edit"), json!({"file_path": "/repo/app/x.py"})), "→ Edit x.py")]
#[case::notebook_path(tool_use(json!("NotebookEdit"), json!({"notebook_path": "/n/b.ipynb"})), "→ NotebookEdit b.ipynb")]
#[case::write_without_path(tool_use(json!("Write"), json!({})), "→ Write")]
#[case::bash_trimmed_joined_cut(tool_use(json!("Bash"), json!({"command": "git status && \n git log --oneline -n 50 --decorate --graph --all"})), "→ Bash: git status &&   git log --oneline -n 50 ")]
#[case::bash_blank_command(tool_use(json!("Bash"), json!({"command": "  "})), "→ Bash")]
#[case::grep_pattern_not_truncated(tool_use(json!("Grep"), json!({"pattern": "x".repeat(100)})), &format!("→ Grep {}", "x".repeat(100)))]
#[case::glob_without_pattern(tool_use(json!("Glob"), json!({"pattern": ""})), "→ Glob")]
#[case::other_tool(tool_use(json!("WebFetch"), json!({"url": "u"})), "→ WebFetch")]
#[case::non_object_input(tool_use(json!("Read"), json!("x")), "→ Read")]
#[case::name_converted_to_text(tool_use(json!(5), json!({})), "→ 5")]
#[case::unnamed_tool_falls_back(tool_use(json!(""), json!({})), "—")]
fn tool_summaries(#[case] record: Value, #[case] want: &str) {
    assert_eq!(last_action(&records(vec![record])), want);
}

#[rstest]
#[case::first_line_only(assistant_text(json!("  Refactored the parser\nsecond line")), "Refactored the parser")]
#[case::cut_at_80(assistant_text(json!("a".repeat(100))), &"a".repeat(80))]
#[case::command_noise_is_empty(assistant_text(json!("<command-name>/exit</command-name>")), "—")]
#[case::string_content(json!({"type": "assistant", "message": {"content": "plain"}}), "plain")]
#[case::user_text_never_counts(json!({"type": "user", "message": {"content": [{"type": "text", "text": "hi"}]}}), "—")]
#[case::user_tool_use_counts(json!({"type": "user", "message": {"content": [{"type": "tool_use", "name": "Bash", "input": {"command": "ls"}}]}}), "→ Bash: ls")]
#[case::null_text_is_none_text(assistant_text(json!(null)), "None")]
#[case::python_line_breaks(assistant_text(json!("one\u{2028}two")), "one")]
fn text_actions(#[case] record: Value, #[case] want: &str) {
    assert_eq!(last_action(&records(vec![record])), want);
}

#[test]
fn newest_record_wins_and_tool_use_beats_text_in_a_record() {
    let recs = records(vec![
        tool_use(json!("Edit"), json!({"file_path": "/a"})),
        json!({"type": "assistant", "message": {"content": [
            {"type": "text", "text": "talk"},
            {"type": "tool_use", "name": "Read", "input": {"file_path": "/b/c"}},
        ]}}),
        json!({"type": "system", "content": "noise"}),
    ]);
    assert_eq!(last_action(&recs), "→ Read c");
}

#[test]
fn older_text_is_used_when_newer_records_have_none() {
    let recs = records(vec![
        assistant_text(json!("Refactored")),
        json!({"type": "user", "message": {"content": [{"type": "text", "text": "<local-command-stdout>Bye!</local-command-stdout>"}]}}),
        json!({"type": "user", "message": {"content": [{"type": "text", "text": "plain user text"}]}}),
    ]);
    assert_eq!(last_action(&recs), "Refactored");
}

#[rstest]
#[case::counts_completed_objects(vec![tool_use(json!("TodoWrite"), json!({"todos": [{"status": "completed"}, "completed", {"status": "pending"}]}))], Some((1, 3)))]
#[case::newest_wins(vec![
    tool_use(json!("TodoWrite"), json!({"todos": [{"status": "completed"}]})),
    tool_use(json!("TodoWrite"), json!({"todos": [{"status": "pending"}, {"status": "pending"}]})),
], Some((0, 2)))]
#[case::empty_list_skipped(vec![
    tool_use(json!("TodoWrite"), json!({"todos": [{"status": "completed"}]})),
    tool_use(json!("TodoWrite"), json!({"todos": []})),
], Some((1, 1)))]
#[case::non_object_input_skipped(vec![
    tool_use(json!("TodoWrite"), json!({"todos": [{"status": "completed"}]})),
    tool_use(json!("TodoWrite"), json!("not an object")),
], Some((1, 1)))]
#[case::name_must_match(vec![tool_use(json!("todowrite"), json!({"todos": [1]}))], None)]
#[case::none(vec![assistant_text(json!("x"))], None)]
fn todo_from_newest_todowrite(#[case] recs: Vec<Value>, #[case] want: Option<(i64, i64)>) {
    assert_eq!(todo(&records(recs)), want);
}

#[rstest]
#[case::joins_text_blocks(vec![json!({"type": "assistant", "message": {"content": [
    {"type": "text", "text": "a"}, {"type": "tool_use", "name": "X"}, {"type": "text", "text": "b?"}]}})], Some("a\nb?"))]
#[case::skips_assistant_without_text(vec![assistant_text(json!("older?")), tool_use(json!("Bash"), json!({}))], Some("older?"))]
#[case::empty_text_not_truthy(vec![assistant_text(json!("older")), assistant_text(json!(""))], Some("older"))]
#[case::user_ignored(vec![json!({"type": "user", "message": {"content": "q?"}})], None)]
#[case::string_content(vec![json!({"type": "assistant", "message": {"content": "s?"}})], Some("s?"))]
#[case::number_text_converted_and_hides_older(vec![assistant_text(json!("older?")), assistant_text(json!(42))], Some("42"))]
#[case::list_text_as_python_repr(vec![assistant_text(json!(["Go?"]))], Some("['Go?']"))]
#[case::false_text_not_truthy(vec![assistant_text(json!("older?")), assistant_text(json!(false))], Some("older?"))]
fn last_assistant_text_cases(#[case] recs: Vec<Value>, #[case] want: Option<&str>) {
    assert_eq!(last_assistant_text(&records(recs)).as_deref(), want);
}

// §11.12: Claude Code 2.1's plan, as its transcript carries it (the records copied from a
// real 2.1.328 session).
#[rstest]
#[case::real_claude_records(vec![
    json!({"type": "user", "message": {"role": "user", "content": "RING_PLAN: make a plan"}, "slug": "ring-plan-make-a-plan-purring-dongarra"}),
    json!({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "ExitPlanMode", "input": {"plan": "1. Write ring_plan.txt\n2. Report back"}}]}, "slug": "ring-plan-make-a-plan-purring-dongarra"}),
], Some("1. Write ring_plan.txt\n2. Report back"), Some("ring-plan-make-a-plan-purring-dongarra"))]
#[case::no_plan_sent(vec![tool_use(json!("ExitPlanMode"), json!({}))], None, None)]
#[case::other_tool(vec![tool_use(json!("Write"), json!({"plan": "x"}))], None, None)]
#[case::newest_slug(vec![json!({"slug": "old"}), json!({"slug": "new"}), json!({"type": "mode"})], None, Some("new"))]
#[case::slug_leaving_the_folder(vec![json!({"slug": "../../.ssh/id"})], None, None)]
#[case::hidden_slug(vec![json!({"slug": ".x"})], None, None)]
fn plan_source_from_transcript(
    #[case] recs: Vec<Value>,
    #[case] sent: Option<&str>,
    #[case] slug: Option<&str>,
) {
    let found = plan_source(&records(recs));
    assert_eq!(found.sent.as_deref(), sent);
    assert_eq!(found.slug.as_deref(), slug);
}
