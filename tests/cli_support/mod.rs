//! Running the built `tabula` binary from integration tests: its output, success, JSON, and the
//! one-line error with exit code 2 that every bad input must give. Each test crate uses a part.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// A fresh path `name` in this test process's own scratch directory for `test`.
pub fn temp_file(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `tabula` with `args`.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `tabula`, asserts success and returns stdout.
pub fn ok(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `tabula`, asserts success and reads stdout as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid json")
}

/// Runs `tabula`, asserts exit code 2 and exactly one line on stderr containing `expected`.
pub fn fails(args: &[&str], expected: &str) {
    let out = tabula(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

/// Runs each command line (words split at spaces; `_` stands for a space inside a word) and
/// expects the one-line refusal of [`fails`] to contain the text beside it.
pub fn refused_all(cases: &[(&str, &str)]) {
    for (line, needle) in cases {
        let words: Vec<String> = line
            .split_whitespace()
            .map(|w| w.replace('_', " "))
            .collect();
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        fails(&args, needle);
    }
}
