use super::*;
use rstest::rstest;

const NOW: f64 = 1700000000.0;
const NOW_ISO: &str = "2023-11-14T22:13:20+00:00";

#[rstest]
#[case::whole_second(1700000005.0, "2023-11-14T22:13:25+00:00")]
#[case::micros(1700000005.25, "2023-11-14T22:13:25.250000+00:00")]
#[case::epoch(0.0, "1970-01-01T00:00:00+00:00")]
#[case::before_epoch(-1.5, "1969-12-31T23:59:58.500000+00:00")]
#[case::leap_day(951782400.0, "2000-02-29T00:00:00+00:00")]
#[case::micros_round_up_to_next_second(1.9999999, "1970-01-01T00:00:02+00:00")]
#[case::last_second_python_allows(253402300799.0, "9999-12-31T23:59:59+00:00")]
fn epoch_to_iso_matches_python(#[case] ts: f64, #[case] want: &str) {
    assert_eq!(epoch_to_iso(ts).as_deref(), Some(want));
}

#[rstest]
#[case::nan(f64::NAN)]
#[case::infinite(f64::INFINITY)]
#[case::past_year_9999(253402300800.0)]
#[case::before_year_1(-62135596801.0)]
#[case::huge(1e300)]
fn epoch_to_iso_rejects_what_python_cannot_represent(#[case] ts: f64) {
    assert_eq!(epoch_to_iso(ts), None);
}

#[rstest]
#[case::present_id_removed_others_kept_sorted(
    r#"{"z": "2023-11-14T22:13:25+00:00", "s1": "2023-11-14T22:13:26+00:00", "a": 1700000005}"#,
    "s1",
    Some(r#"{"a": "2023-11-14T22:13:25+00:00", "z": "2023-11-14T22:13:25+00:00"}"#)
)]
#[case::last_entry_leaves_empty_object(r#"{"s1": "2023-11-14T22:13:25+00:00"}"#, "s1", Some("{}"))]
#[case::id_with_invalid_value_still_removed(
    r#"{"s1": null, "b": 5}"#,
    "s1",
    Some(r#"{"b": "1970-01-01T00:00:05+00:00"}"#)
)]
#[case::non_iso_and_non_number_values_dropped(
    r#"{"s1": 1, "b": null, "c": "junk", "d": true, "e": [1], "f": {"t": 1}, "g": "2023-11"}"#,
    "s1",
    Some("{}")
)]
#[case::numbers_become_utc_iso(
    r#"{"s1": 1, "b": 1700000005.25, "c": 0}"#,
    "s1",
    Some(r#"{"b": "2023-11-14T22:13:25.250000+00:00", "c": "1970-01-01T00:00:00+00:00"}"#)
)]
#[case::out_of_range_number_dropped(r#"{"s1": 1, "b": 1e300}"#, "s1", Some("{}"))]
#[case::date_strings_kept_verbatim(
    r#"{"s1": 1, "naive": "2023-11-14T23:13:25", "east": "2023-11-15T06:13:25+08:00", "zulu": "2023-11-14T22:13:25Z"}"#,
    "s1",
    Some(r#"{"east": "2023-11-15T06:13:25+08:00", "naive": "2023-11-14T23:13:25", "zulu": "2023-11-14T22:13:25Z"}"#)
)]
#[case::empty_id_dropped(
    r#"{"s1": 1, "": 2, "b": 3}"#,
    "s1",
    Some(r#"{"b": "1970-01-01T00:00:03+00:00"}"#)
)]
#[case::non_ascii_written_literally(
    r#"{"s1": 1, "重構": 2, "q\"uote": 3}"#,
    "s1",
    Some(r#"{"q\"uote": "1970-01-01T00:00:03+00:00", "重構": "1970-01-01T00:00:02+00:00"}"#)
)]
#[case::legacy_list_migrated_to_now(
    r#"["s1", "s2", 3, "", "a"]"#,
    "s1",
    Some(r#"{"a": "2023-11-14T22:13:20+00:00", "s2": "2023-11-14T22:13:20+00:00"}"#)
)]
#[case::absent_id_no_rewrite(r#"{"s2": 5}"#, "s1", None)]
#[case::absent_from_legacy_list_no_rewrite(r#"["s2"]"#, "s1", None)]
#[case::invalid_json_no_rewrite("nope", "s1", None)]
#[case::scalar_no_rewrite(r#""s1""#, "s1", None)]
#[case::empty_file_no_rewrite("", "s1", None)]
fn an_event_unhides_its_session_only_when_hidden(
    #[case] file: &str,
    #[case] id: &str,
    #[case] want: Option<&str>,
) {
    assert_eq!(unhide(file.as_bytes(), id, NOW).as_deref(), want);
    assert_eq!(is_hidden(file.as_bytes(), id), want.is_some());
}

#[test]
fn rewritten_file_reads_back_without_the_id() {
    let file = br#"{"s1": "2023-11-14T22:13:25+00:00", "s2": 1700000005}"#;
    let text = unhide(file, "s1", NOW).expect("s1 is hidden");
    let read = crate::derive::parse_hidden(text.as_bytes(), NOW, 0);
    assert_eq!(read.at, [("s2".to_owned(), 1700000005.0)].into());
    assert_eq!(unhide(text.as_bytes(), "s1", NOW), None);
}

#[rstest]
#[case::object(
    r#"{"b": 5, "a": "2023-11-14T22:13:25+00:00", "c": false}"#,
    Some(&[("a", "2023-11-14T22:13:25+00:00"), ("b", "1970-01-01T00:00:05+00:00")][..])
)]
#[case::legacy_list(r#"["b", "a", 3]"#, Some(&[("a", NOW_ISO), ("b", NOW_ISO)][..]))]
#[case::empty_object("{}", Some(&[][..]))]
#[case::scalar("3", None)]
#[case::invalid("{nope", None)]
fn decode_reads_rings_on_disk_form(#[case] file: &str, #[case] want: Option<&[(&str, &str)]>) {
    let want: Option<Stored> = want.map(|pairs| {
        pairs
            .iter()
            .map(|&(id, at)| (id.to_owned(), at.to_owned()))
            .collect()
    });
    assert_eq!(decode(file.as_bytes(), NOW), want);
}

#[rstest]
#[case::list_becomes_object_hidden_now(
    r#"["s1", "s3", 5, "", null, "future", "ghost", "s1"]"#,
    Some(r#"{"future": "2023-11-14T22:13:20+00:00", "ghost": "2023-11-14T22:13:20+00:00", "s1": "2023-11-14T22:13:20+00:00", "s3": "2023-11-14T22:13:20+00:00"}"#)
)]
#[case::empty_list_becomes_empty_object("[]", Some("{}"))]
#[case::non_ascii_id_written_literally(
    r#"["重構"]"#,
    Some(r#"{"重構": "2023-11-14T22:13:20+00:00"}"#)
)]
#[case::object_already_migrated_left_alone(r#"{"s1": 5, "b": "junk"}"#, None)]
#[case::scalar_left_alone(r#""s1""#, None)]
#[case::invalid_left_alone("[nope", None)]
fn the_first_read_migrates_only_a_legacy_list(#[case] file: &str, #[case] want: Option<&str>) {
    assert_eq!(migrate(file.as_bytes(), NOW).as_deref(), want);
}

#[rstest]
#[case::list(r#"["b", "a", 3, ""]"#)]
#[case::list_with_duplicates(r#"["a", "a"]"#)]
fn migration_is_encode_of_decode(#[case] file: &str) {
    let decoded = decode(file.as_bytes(), NOW).expect("a list");
    assert_eq!(migrate(file.as_bytes(), NOW), Some(encode(&decoded)));
}

#[rstest::rstest]
#[case::no_file(None, "b", r#"{"b": "2023-11-14T22:13:20+00:00"}"#)]
#[case::keys_sorted(
    Some(r#"{"c": "2020-01-01T00:00:00+00:00"}"#),
    "b",
    r#"{"b": "2023-11-14T22:13:20+00:00", "c": "2020-01-01T00:00:00+00:00"}"#
)]
#[case::earlier_stamp_kept(
    Some(r#"{"b": "2020-01-01T00:00:00+00:00"}"#),
    "b",
    r#"{"b": "2020-01-01T00:00:00+00:00"}"#
)]
#[case::epoch_number_becomes_iso(
    Some(r#"{"a": 1577836800}"#),
    "b",
    r#"{"a": "2020-01-01T00:00:00+00:00", "b": "2023-11-14T22:13:20+00:00"}"#
)]
#[case::legacy_list_migrated(
    Some(r#"["a"]"#),
    "b",
    r#"{"a": "2023-11-14T22:13:20+00:00", "b": "2023-11-14T22:13:20+00:00"}"#
)]
#[case::garbage_starts_over(Some("not json"), "b", r#"{"b": "2023-11-14T22:13:20+00:00"}"#)]
fn hide_writes_ring_s_format(#[case] before: Option<&str>, #[case] id: &str, #[case] after: &str) {
    let got = super::hide(before.map(str::as_bytes), id, 1_700_000_000.0);
    assert_eq!(got.as_deref(), Some(after));
}

#[test]
fn hide_refuses_an_empty_id() {
    assert_eq!(super::hide(None, "", 1_700_000_000.0), None);
}
