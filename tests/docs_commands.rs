//! Every command shown in the README, `docs/` and the examples' READMEs runs, and prints what the
//! page says it prints, so the documents cannot drift from the program.
//!
//! A command is an indented line starting with `$ ` (continued by lines ending in `\`), at four
//! spaces or, in a list item, eight; the lines after it indented as far, up to the next command
//! or the end of the indented block, are the
//! start of its expected output (a page may stop before the output does) (stdout; stderr where the command fails). In expected output a line `...` stands for any number
//! of lines, and `[..]` inside a line for any text; times and rates (a figure after `nps` or
//! `time`, or before `s`, `ms` or `.../s`) may differ from the page's. A command's exit status must be 0 unless its output shows an error (`tabula: ...`);
//! a command shown without output (one of a list) only has to succeed.
//! A `<!-- docs-test: skip REASON -->` comment before a block leaves that block's commands to the
//! ignored test `every_documented_command_long_ones_included`, for commands that run minutes.
//!
//! Commands run in `sh` in a scratch directory holding links to the repository's `docs`,
//! `examples` and `tests` and to the tested binary as `tabula` on the `PATH` and as
//! `target/release/tabula`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One documented command.
#[derive(Debug)]
struct Example {
    file: String,
    line: usize,
    command: String,
    expected: Vec<String>,
    skip: bool,
}

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut files = vec![root.join("README.md")];
    for dir in [
        "docs",
        "docs/rules",
        "examples/ugi-bot",
        "examples/outside-bot",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

fn indented(line: &str) -> Option<&str> {
    line.strip_prefix("    ")
}

/// A command line's indentation (4, or 8 in a list item) and the command, if `line` is one.
fn command_at(line: &str) -> Option<(usize, &str)> {
    [4, 8].into_iter().find_map(|n| {
        let (pad, rest) = line.split_at_checked(n)?;
        (pad.bytes().all(|b| b == b' ') && !rest.starts_with(' '))
            .then_some(())
            .and(rest.strip_prefix("$ "))
            .map(|cmd| (n, cmd))
    })
}

/// The commands of one markdown file.
fn examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.strip_prefix(ROOT).unwrap().display().to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut skip = false;
    let mut in_fence = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        if line.contains("<!-- docs-test: skip") {
            skip = true;
        }
        let Some((depth, cmd)) = command_at(line) else {
            if !line.trim().is_empty() && indented(line).is_none() && !line.contains("<!--") {
                skip = false;
            }
            i += 1;
            continue;
        };
        if in_fence {
            i += 1;
            continue;
        }
        let first = i + 1;
        let mut command = cmd.to_string();
        while command.ends_with('\\') && i + 1 < lines.len() {
            i += 1;
            command.push('\n');
            command.push_str(lines[i].trim_start());
        }
        i += 1;
        let mut expected = Vec::new();
        while i < lines.len() {
            let l = lines[i];
            let body = l
                .get(..depth)
                .filter(|pad| pad.bytes().all(|b| b == b' '))
                .map(|_| &l[depth..]);
            if let Some(body) = body {
                if command_at(l).is_some() {
                    break;
                }
                expected.push(body.trim_end().to_string());
            } else if l.trim().is_empty() {
                expected.push(String::new());
            } else {
                break;
            }
            i += 1;
        }
        while expected.last().is_some_and(|l| l.is_empty()) {
            expected.pop();
        }
        out.push(Example {
            file: name.clone(),
            line: first,
            command,
            expected,
            skip,
        });
    }
    out
}

/// Whether `word` is a figure: digits with an optional point and a `k`/`M`/`G` or unit suffix,
/// maybe in an opening parenthesis.
fn figure(word: &str) -> bool {
    let w = word.trim_start_matches(['(', '[']);
    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == 'µ' || c == ',');
    !digits.is_empty()
        && digits.chars().next().is_some_and(|c| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// `line` with the figures that change between runs (times, rates) replaced by `<v>`, so the
/// pages can show real figures: a figure after `nps`, `pps` or `time`, before a time unit
/// (`s`, `ms`, `µs`) or a rate (`.../s`; `N nodes R nps`), or glued to a time unit (`0.03s`).
fn steady(line: &str) -> String {
    let line = steady_json(line);
    let words: Vec<&str> = line.split(' ').collect();
    let unit = |w: &str| {
        let w = w.trim_end_matches([',', ')', ';']);
        matches!(w, "s" | "ms" | "µs") || w.contains("/s")
    };
    let mut out = Vec::with_capacity(words.len());
    for (i, &w) in words.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| words[j]);
        let next = words.get(i + 1).copied().unwrap_or("");
        let after = words.get(i + 2).copied().unwrap_or("");
        let glued = w.ends_with("ms") || w.ends_with('s') && !w.ends_with("es");
        // `4303101 nodes 4276335 nps` (bench): a rate before `nps` where a count comes first.
        let bench_rate = next == "nps" && i >= 2 && figure(words[i - 2]);
        let volatile = figure(w)
            && (matches!(prev, Some("nps" | "pps" | "time"))
                || bench_rate
                || unit(next)
                || (matches!(next, "k" | "M" | "G") && unit(after))
                || (glued
                    && w.trim_start_matches('(')
                        .starts_with(|c: char| c.is_ascii_digit())
                    && w.trim_start_matches(['(', '['])
                        .trim_end_matches(['m', 's'])
                        .parse::<f64>()
                        .is_ok()));
        out.push(if volatile { "<v>" } else { w });
    }
    out.join(" ")
}

/// `line` with the measured times of a JSON game record (`"move_ms":[...]`, `"time_ms":N`)
/// replaced by `<v>`.
fn steady_json(line: &str) -> String {
    let mut out = line.to_string();
    for (key, close) in [("\"move_ms\":[", ']'), ("\"time_ms\":", ',')] {
        let mut from = 0;
        while let Some(at) = out[from..].find(key) {
            let start = from + at + key.len();
            let end = out[start..]
                .find([close, '}'])
                .map_or(out.len(), |e| start + e);
            out.replace_range(start..end, "<v>");
            from = start + 3;
        }
    }
    out
}

/// Whether `actual` matches the pattern line `expected` (`[..]` is any text; figures that
/// change between runs are compared as [`steady`] leaves them).
fn line_matches(expected: &str, actual: &str) -> bool {
    let (expected, actual) = (steady(expected), steady(actual));
    let (expected, actual) = (expected.as_str(), actual.as_str());
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let Some(mut rest) = actual.strip_prefix(parts[0]) else {
        return false;
    };
    let last = parts.len() - 1;
    for (k, part) in parts.iter().enumerate().skip(1) {
        if k == last {
            return rest.len() >= part.len() && rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the lines `actual` match the pattern lines `expected` (`...` is any lines). A page
/// may stop showing before the output ends (the rest is then any lines).
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => true,
        Some((e, rest)) if e.trim() == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

/// A scratch directory set up as the module comment says.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    let exe = env!("CARGO_BIN_EXE_tabula");
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink(exe, dir.join("bin/tabula")).unwrap();
        symlink(exe, dir.join("target/release/tabula")).unwrap();
        for d in ["docs", "examples", "tests"] {
            symlink(Path::new(ROOT).join(d), dir.join(d)).unwrap();
        }
    }
    dir
}

fn run(ex: &Example, dir: &Path) -> Result<(), String> {
    // An example's README is read in its own directory, as its commands assume.
    let here = match ex.file.strip_suffix("README.md") {
        Some(d) if d.starts_with("examples/") => dir.join(d),
        _ => dir.to_path_buf(),
    };
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&ex.command)
        .current_dir(&here)
        .env("PATH", path)
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    // What the page shows: stdout, or the error where the command fails (progress and timing
    // notes on stderr are not part of a successful command's output).
    let text = if out.status.success() {
        String::from_utf8_lossy(&out.stdout).to_string()
    } else {
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let mut actual: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while actual.last().is_some_and(|l| l.is_empty()) {
        actual.pop();
    }
    let shows_error = ex.expected.iter().any(|l| l.starts_with("tabula: "));
    if !out.status.success() && !shows_error {
        return Err(format!("exit status {}\n{}", out.status, actual.join("\n")));
    }
    // A command shown without its output (one of a list) only has to succeed.
    if !ex.expected.is_empty() && !lines_match(&ex.expected, &actual) {
        return Err(format!(
            "expected:\n{}\nactual:\n{}",
            ex.expected.join("\n"),
            actual.join("\n")
        ));
    }
    Ok(())
}

fn check_all(include_skipped: bool) {
    let dir = scratch();
    let mut failures = Vec::new();
    let mut ran = 0;
    for doc in documents() {
        for ex in examples(&doc) {
            if ex.skip && !include_skipped {
                continue;
            }
            ran += 1;
            if let Err(why) = run(&ex, &dir) {
                failures.push(format!(
                    "{}:{}: $ {}\n{why}\n",
                    ex.file, ex.line, ex.command
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ran > 50, "only {ran} documented commands found");
    assert!(
        failures.is_empty(),
        "{} of {ran} documented commands differ from their documents:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_documented_command_prints_what_its_page_shows() {
    check_all(false);
}

#[test]
#[ignore = "runs the documented commands that take minutes too"]
fn every_documented_command_long_ones_included() {
    check_all(true);
}

#[test]
fn patterns_match_as_documented() {
    assert!(line_matches(
        "played 10 games in [..] s",
        "played 10 games in 15.9 s"
    ));
    assert!(!line_matches(
        "played 10 games in [..] s",
        "played 11 games in 15.9 s"
    ));
    assert!(line_matches("[..]", "anything"));
    assert!(line_matches(
        "nodes 2674332 nps 7.27M time 0.368 s threads 1",
        "nodes 2674332 nps 5.29M time 0.877 s threads 1"
    ));
    assert!(!line_matches(
        "nodes 2674332 nps 7.27M time 0.368 s threads 1",
        "nodes 2674333 nps 5.29M time 0.877 s threads 1"
    ));
    assert!(line_matches("nodes 3748 in 0.03s", "nodes 3748 in 0.11s"));
    assert!(line_matches(
        "4303101 nodes 4276335 nps",
        "4303101 nodes 3284736 nps"
    ));
    assert!(!line_matches(
        "4303101 nodes 4276335 nps",
        "4303102 nodes 3284736 nps"
    ));
    assert!(line_matches(
        "played 10 games in 15.9 s (0.63 games/s) with concurrency 2",
        "played 10 games in 1.9 s (5.3 games/s) with concurrency 2"
    ));
    assert!(line_matches(
        "0.007 s, 1035.3 M leaves/s",
        "0.107 s, 35.3 M leaves/s"
    ));
    assert!(!line_matches("score 11 of 11", "score 12 of 11"));
    assert!(line_matches(
        r#"{"move_ms":[0.002,null],"moves":["27-"],"time_ms":1.5,"x":1}"#,
        r#"{"move_ms":[0.019,null],"moves":["27-"],"time_ms":0.25,"x":1}"#
    ));
    assert!(!line_matches(
        r#"{"move_ms":[0.002],"moves":["27-"]}"#,
        r#"{"move_ms":[0.002],"moves":["27+"]}"#
    ));
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &v(&["a", "...", "z"]),
        &v(&["a", "b", "c", "z"])
    ));
    assert!(lines_match(&v(&["a", "...", "z"]), &v(&["a", "z"])));
    assert!(!lines_match(&v(&["a", "...", "z"]), &v(&["a", "b"])));
    assert!(
        lines_match(&v(&["a"]), &v(&["a", "b"])),
        "a page may stop early"
    );
    assert!(!lines_match(&v(&["a", "b"]), &v(&["a"])));
    assert!(!lines_match(&v(&["b"]), &v(&["a", "b"])));
}
