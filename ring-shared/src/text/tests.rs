use super::*;
use rstest::rstest;
use serde_json::json;

#[rstest]
#[case::file_separators_are_whitespace("a\u{1c}b\u{1f}c", vec!["a", "b", "c"])]
#[case::zero_width_space_is_not_whitespace("a\u{200b}b c", vec!["a\u{200b}b", "c"])]
#[case::nbsp_and_ideographic_space("a\u{a0}b\u{3000}c", vec!["a", "b", "c"])]
#[case::runs_and_ends_collapse("  a \t\n b  ", vec!["a", "b"])]
#[case::empty_gives_nothing("", vec![])]
fn split_uses_python_whitespace(#[case] input: &str, #[case] want: Vec<&str>) {
    assert_eq!(split(input).collect::<Vec<_>>(), want);
}

#[rstest]
#[case::crlf_is_one_break("a\r\nb", vec!["a", "b"])]
#[case::lone_cr("a\rb", vec!["a", "b"])]
#[case::line_separator("a\u{2028}b", vec!["a", "b"])]
#[case::next_line_and_vertical_tab("a\u{85}b\u{b}c", vec!["a", "b", "c"])]
#[case::unit_separator_is_not_a_break("a\u{1f}b", vec!["a\u{1f}b"])]
#[case::trailing_break_adds_no_line("a\n", vec!["a"])]
#[case::blank_lines_are_kept("a\n\nb", vec!["a", "", "b"])]
#[case::cr_then_crlf("a\r\r\nb", vec!["a", "", "b"])]
#[case::empty_has_no_lines("", vec![])]
#[case::only_a_break("\n", vec![""])]
fn splitlines_matches_python(#[case] input: &str, #[case] want: Vec<&str>) {
    assert_eq!(splitlines(input), want);
}

#[rstest]
#[case::short_is_kept("abc", 5, "abc")]
#[case::exact_is_kept("abcde", 5, "abcde")]
#[case::one_over_gets_ellipsis("abcdef", 5, "abcd…")]
#[case::counts_code_points_not_bytes("會會會會會會", 5, "會會會會…")]
fn truncate_counts_code_points(#[case] input: &str, #[case] max: usize, #[case] want: &str) {
    assert_eq!(truncate(input, max), want);
    assert!(truncate(input, max).chars().count() <= max);
}

#[rstest]
#[case::strip_python_whitespace("\u{1c} Ab \u{3000}", "ab")]
#[case::final_sigma("ΑΣ", "ας")]
#[case::inner_spaces_kept(" A B ", "a b")]
fn token_strips_and_lowers(#[case] input: &str, #[case] want: &str) {
    assert_eq!(token(input), want);
}

#[rstest]
#[case::skips_non_strings_and_empty(json!({"a": 1, "b": "", "c": "x"}), "x")]
#[case::whitespace_only_counts(json!({"a": " ", "c": "x"}), " ")]
#[case::nothing_gives_empty(json!({"a": null, "b": [], "c": false}), "")]
#[case::order_of_keys_not_of_object(json!({"c": "late", "a": "early"}), "early")]
fn first_str_takes_first_non_empty_string(#[case] obj: Value, #[case] want: &str) {
    let obj = obj.as_object().expect("test object");
    assert_eq!(first_str(obj, &["a", "b", "c"]), want);
}

#[rstest]
#[case::string_as_is(json!("x y"), "x y")]
#[case::null_is_none(json!(null), "None")]
#[case::bools_are_capitalized(json!(true), "True")]
#[case::int(json!(7), "7")]
#[case::integral_float(json!(1.0), "1.0")]
#[case::big_float_scientific(json!(1e16), "1e+16")]
#[case::below_1e15_fixed(json!(1e15), "1000000000000000.0")]
#[case::small_float_scientific(json!(0.00001), "1e-05")]
#[case::small_fixed(json!(0.0001), "0.0001")]
#[case::negative_scientific(json!(-1.5e-7), "-1.5e-07")]
#[case::long_mantissa(json!(123456789012345678.0), "1.2345678901234568e+17")]
#[case::list_repr(json!([1, "a", "it's", null, true, 1.0, {"k": "v"}]), "[1, 'a', \"it's\", None, True, 1.0, {'k': 'v'}]")]
#[case::escapes_in_repr(json!(["a\nb\\"]), "['a\\nb\\\\']")]
fn py_str_matches_python(#[case] v: Value, #[case] want: &str) {
    assert_eq!(py_str(&v), want);
}

#[rstest]
#[case::plain("/repo/app/x.py", "x.py")]
#[case::trailing_slash("/repo/app/", "app")]
#[case::root("/", "")]
#[case::dot(".", "")]
#[case::dot_dot_kept("/a/..", "..")]
#[case::relative("rel/dir", "dir")]
#[case::empty("", "")]
fn basename_follows_pure_posix_path(#[case] path: &str, #[case] want: &str) {
    assert_eq!(basename(path), want);
}

#[rstest]
#[case::null(json!(null), false)]
#[case::zero(json!(0), false)]
#[case::zero_float(json!(0.0), false)]
#[case::empty_object(json!({}), false)]
#[case::non_empty_list(json!([0]), true)]
#[case::space(json!(" "), true)]
fn truthiness_is_pythons(#[case] v: Value, #[case] want: bool) {
    assert_eq!(is_truthy(&v), want);
}
