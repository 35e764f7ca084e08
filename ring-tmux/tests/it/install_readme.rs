//! The README's configuration table must stay in step with `Config::default()`: the same keys,
//! the same defaults, and every key a real one.

use ring_shared::config::Config;

const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));

/// `(key, default as TOML)` for each row of the table under `## Configuration`.
fn readme_rows() -> Vec<(String, String)> {
    let section = README
        .split("\n## Configuration\n")
        .nth(1)
        .expect("README has a ## Configuration section");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let key = cells[0].trim_start_matches("| ").trim_matches('`');
            let default = cells[1].trim().trim_matches('`');
            (key.to_owned(), default.to_owned())
        })
        .collect()
}

/// Field names of `Config`, from its derived `Debug` (so a new field cannot hide).
fn config_fields() -> Vec<String> {
    let debug = format!("{:?}", Config::default());
    let mut fields = Vec::new();
    let mut depth = 0;
    let mut word = String::new();
    for c in debug.chars() {
        match c {
            '{' | '[' | '(' => {
                depth += 1;
                word.clear();
            }
            '}' | ']' | ')' => {
                depth -= 1;
                word.clear();
            }
            ':' if depth == 1 && !word.is_empty() => fields.push(std::mem::take(&mut word)),
            c if c.is_alphanumeric() || c == '_' => word.push(c),
            _ => word.clear(),
        }
    }
    fields
}

#[test]
fn readme_lists_exactly_the_config_keys() {
    let mut readme: Vec<String> = readme_rows().into_iter().map(|(k, _)| k).collect();
    let mut fields = config_fields();
    assert!(fields.len() >= 10, "parsed fields: {fields:?}");
    readme.sort();
    fields.sort();
    assert_eq!(readme, fields, "README config table vs Config fields");
}

#[test]
fn readme_defaults_are_the_real_defaults() {
    for (key, default) in readme_rows() {
        let (config, warnings) = Config::parse(&format!("{key} = {default}"));
        assert!(warnings.is_empty(), "{key} = {default}: {warnings:?}");
        assert_eq!(
            config,
            Config::default(),
            "README default of {key} is {default}"
        );
    }
}

#[test]
fn every_readme_key_changes_the_config() {
    for (key, default) in readme_rows() {
        let other = match default.as_str() {
            // A key of a few words: another of its words.
            "\"loopback\"" => "\"off\"".to_owned(),
            "\"together\"" => "\"apart\"".to_owned(),
            "true" => "false".to_owned(),
            "false" => "true".to_owned(),
            d if d.starts_with('"') => "\"none\"".to_owned(),
            "[]" => "[\"ntfy\"]".to_owned(),
            d if d.starts_with("[3") => "[7]".to_owned(),
            d if d.starts_with('[') => "[]".to_owned(),
            d => {
                let n: i64 = d
                    .parse()
                    .unwrap_or_else(|_| panic!("default of {key}: {d}"));
                (n + 7).to_string()
            }
        };
        let (config, warnings) = Config::parse(&format!("{key} = {other}"));
        assert!(warnings.is_empty(), "{key} = {other}: {warnings:?}");
        assert_ne!(config, Config::default(), "{key} = {other} changed nothing");
    }
}
