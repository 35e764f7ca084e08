use super::*;
use rstest::rstest;

fn decode(json: &str) -> Result<Row, DecodeError> {
    decode_row(json.as_bytes())
}

#[rstest]
#[case::invalid_json("{nope")]
#[case::empty("")]
#[case::utf8_bom("\u{feff}{\"session_id\": \"a\"}")]
#[case::trailing_garbage("{\"session_id\": \"a\"} x")]
#[case::two_documents("{} {}")]
fn unparsable_files_are_json_errors(#[case] text: &str) {
    assert!(matches!(decode(text), Err(DecodeError::Json(_))));
}

#[rstest]
#[case::list("[1, 2]")]
#[case::string("\"s\"")]
#[case::null("null")]
#[case::number("3")]
#[case::nested_list("[{\"session_id\": \"a\"}, [1, [2]]]")]
fn non_object_json_is_skipped_not_fatal(#[case] text: &str) {
    assert_eq!(decode(text), Err(DecodeError::NotObject));
}

#[rstest]
#[case::no_id(r#"{"status": "idle"}"#, DecodeError::MissingSessionId)]
#[case::null_id(r#"{"session_id": null}"#, DecodeError::MissingSessionId)]
#[case::list_id(r#"{"session_id": [1]}"#, DecodeError::BadField("session_id"))]
#[case::upper_status(r#"{"session_id": "a", "status": "WAITING"}"#, DecodeError::BadStatus("WAITING".into()))]
#[case::unknown_status(r#"{"session_id": "a", "status": "paused"}"#, DecodeError::BadStatus("paused".into()))]
#[case::word_time(
    r#"{"session_id": "a", "last_active": "yesterday"}"#,
    DecodeError::BadTime("last_active")
)]
#[case::null_time(
    r#"{"session_id": "a", "last_active": null}"#,
    DecodeError::BadTime("last_active")
)]
#[case::list_time(
    r#"{"session_id": "a", "last_active": [1]}"#,
    DecodeError::BadTime("last_active")
)]
#[case::object_heartbeat(
    r#"{"session_id": "a", "heartbeat_at": {}}"#,
    DecodeError::BadTime("heartbeat_at")
)]
#[case::phantom_startup(r#"{"session_id": "a", "provider": "startup"}"#, DecodeError::Phantom)]
#[case::phantom_compact(r#"{"session_id": "a", "provider": "compact"}"#, DecodeError::Phantom)]
fn bad_rows_report_why(#[case] text: &str, #[case] expected: DecodeError) {
    assert_eq!(decode(text), Err(expected));
}

#[test]
fn minimal_row_gets_reader_defaults() {
    assert_eq!(
        decode(r#"{"session_id": "minimal"}"#),
        Ok(Row::new("minimal"))
    );
}

#[test]
fn lenient_row_coerces_like_python_but_null_is_absent() {
    let row = decode(
        r#"{"session_id": "lenient", "provider": "", "cwd": "/r/len", "status": "waiting",
            "last_active": "1699999990.5", "tmux_pane": null, "tty": null, "hook_pid": "42",
            "todo": [1, 2, 3], "waiting_kind": "question", "last_action": null}"#,
    )
    .expect("lenient row decodes");
    let mut expected = Row::new("lenient");
    expected.cwd = "/r/len".into();
    expected.status = Status::Waiting;
    expected.last_active = 1699999990.5;
    expected.heartbeat_at = 1699999990.5;
    expected.hook_pid = Some(42);
    expected.waiting_kind = "question".into();
    assert_eq!(row, expected);
}

#[test]
fn numeric_id_becomes_text_and_negative_pid_is_dropped() {
    let row = decode(
        r#"{"session_id": 7, "status": "working", "last_active": 1699999995,
            "todo": [0, 4], "hook_pid": -3}"#,
    )
    .expect("numeric id decodes");
    assert_eq!(row.session_id, "7");
    assert_eq!(row.last_active, 1699999995.0);
    assert_eq!(row.heartbeat_at, 1699999995.0);
    assert_eq!(row.todo, Some((0, 4)));
    assert_eq!(row.hook_pid, None);
}

#[rstest]
#[case::int_string("\"42\"", Some(42))]
#[case::int(r"42", Some(42))]
#[case::float("42.0", None)]
#[case::signed_string("\"+4\"", None)]
#[case::spaced_string("\" 4\"", None)]
#[case::empty_string("\"\"", None)]
#[case::bool("true", None)]
#[case::overflow("\"99999999999999999999\"", None)]
fn hook_pid_must_be_all_digits(#[case] json: &str, #[case] expected: Option<i64>) {
    let row = decode(&format!(r#"{{"session_id": "a", "hook_pid": {json}}}"#)).expect("row");
    assert_eq!(row.hook_pid, expected);
}

#[rstest]
#[case::spaced(r#"" 12.5 ""#, 12.5)]
#[case::underscore(r#""1_000""#, 1000.0)]
#[case::exponent(r#""1e3""#, 1000.0)]
#[case::bool_is_int("true", 1.0)]
#[case::integer("17", 17.0)]
fn times_accept_python_float_forms(#[case] json: &str, #[case] expected: f64) {
    let row = decode(&format!(r#"{{"session_id": "a", "last_active": {json}}}"#)).expect("row");
    assert_eq!(row.last_active, expected);
}

#[rstest]
#[case::double_underscore(r#""1__0""#)]
#[case::leading_underscore(r#""_1""#)]
#[case::nan(r#""nan""#)]
#[case::inf(r#""inf""#)]
#[case::empty(r#""""#)]
fn times_refuse_other_text(#[case] json: &str) {
    let text = format!(r#"{{"session_id": "a", "last_active": {json}}}"#);
    assert_eq!(decode(&text), Err(DecodeError::BadTime("last_active")));
}

#[rstest]
#[case::truthy_number("5", "5")]
#[case::zero_is_default("0", "claude-code")]
#[case::false_is_default("false", "claude-code")]
#[case::null_is_default("null", "claude-code")]
#[case::kept_raw("\"claude\"", "claude")]
fn provider_is_text_if_truthy(#[case] json: &str, #[case] expected: &str) {
    let row = decode(&format!(r#"{{"session_id": "a", "provider": {json}}}"#)).expect("row");
    assert_eq!(row.provider, expected);
}

#[rstest]
#[case::pair("[1, 2]", Some((1, 2)))]
#[case::triple("[1, 2, 3]", None)]
#[case::strings(r#"["a", "b"]"#, None)]
#[case::object(r#"{"done": 1}"#, None)]
#[case::nested(r#"[[1], {"a": 2}]"#, None)]
#[case::too_big_for_i64("[1, 18446744073709551615]", None)]
fn todo_is_a_pair_of_integers(#[case] json: &str, #[case] expected: Option<(i64, i64)>) {
    let row = decode(&format!(r#"{{"session_id": "a", "todo": {json}}}"#)).expect("row");
    assert_eq!(row.todo, expected);
}

#[test]
fn stash_and_cooldown_stamps_must_be_numbers_not_booleans() {
    let row = decode(
        r#"{"session_id": "a", "pending_permission_detail": "Bash: ls",
            "pending_permission_detail_at": true, "waiting_notified_at": 5}"#,
    )
    .expect("row");
    assert_eq!(row.pending_permission_detail.as_deref(), Some("Bash: ls"));
    assert_eq!(row.pending_permission_detail_at, None);
    assert_eq!(row.waiting_notified_at, Some(5.0));
}

#[test]
fn duplicate_keys_last_one_wins() {
    let row = decode(r#"{"session_id": "a", "status": "idle", "status": "waiting"}"#);
    assert_eq!(row.map(|r| r.status), Ok(Status::Waiting));
}

#[test]
fn unknown_keys_of_any_shape_are_skipped() {
    let row = decode(r#"{"extra": {"deep": [1, {"x": null}]}, "session_id": "a", "more": [1]}"#);
    assert_eq!(row, Ok(Row::new("a")));
}
