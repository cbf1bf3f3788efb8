//! The command line on Amidakuji: start/show/moves/perft through the registry, and the puzzle
//! command's text and JSON output and its errors.

use std::process::Command;

fn tabula(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn generic_commands_know_amidakuji() {
    let (ok, out, _) = tabula(&["start", "amidakuji"]);
    assert!(ok);
    assert_eq!(out.trim(), "6x8 - -,-,- -,-,- place r");
    let (ok, out, _) = tabula(&["perft", "amidakuji", "--size", "5x4", "-d", "1"]);
    assert!(ok && out.contains("56"), "{out}");
    let (ok, out, _) = tabula(&["show", "amidakuji", "6x8 rna2b2 a^,b2x,- a_,f_,- move b"]);
    assert!(ok && out.contains("a^") && out.contains("--r-"), "{out}");
    let (ok, _, err) = tabula(&["show", "amidakuji", "6x8 rna2b9 -,-,- -,-,- place b"]);
    assert!(!ok && err.contains("row 9"), "{err}");
}

#[test]
fn solo_answers_in_text_and_json() {
    // By default two different bridges move before each run: one bridge cannot, so the puzzle
    // ends after the first run.
    let (ok, out, _) = tabula(&["amidakuji", "solo", "5x4 rnc1d1"]);
    assert!(ok);
    assert!(out.contains("score: 1 of at most 9 (proven best)"), "{out}");
    let (ok, out, _) = tabula(&["amidakuji", "solo", "5x4 rnc1d1", "--same-bridge-twice"]);
    assert!(ok);
    assert!(out.contains("score: 9 of at most 9 (proven best)"), "{out}");
    let (ok, out, _) = tabula(&[
        "amidakuji",
        "solo",
        "5x4 rnc1d1",
        "--same-bridge-twice",
        "--json",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["score"], 9);
    assert_eq!(v["exact"], true);
    assert_eq!(v["same_bridge_twice"], true);
    assert_eq!(v["distinct"], false);
    assert_eq!(v["runs"].as_array().unwrap().len(), 9);
    let (ok, out, _) = tabula(&["amidakuji", "solo", "5x4 rnc1d1,bna3b3", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["score"].as_u64(), v["distinct"].as_bool()),
        (Some(9), Some(true))
    );
    for run in v["runs"].as_array().unwrap().iter().skip(1) {
        let r = run["relocations"].as_array().unwrap();
        let first_to = r[0].as_str().unwrap().split('>').nth(1).unwrap();
        let second_from = r[1].as_str().unwrap().split('>').next().unwrap();
        assert_ne!(first_to, second_from, "one bridge moved twice: {run}");
    }
    let (ok, out, _) = tabula(&["amidakuji", "solo", "6x8 rna2b2", "--nodes", "1", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["exact"], false);
    assert_eq!(v["stopped_by"], "node limit");
}

#[test]
fn solo_errors_are_one_line() {
    let (ok, _, err) = tabula(&["amidakuji", "solo", "6x8 rna1b1,rna1b2"]);
    assert!(!ok);
    assert!(err.contains("a1 already touches a bridge"), "{err}");
    assert_eq!(err.trim().lines().count(), 1);
    let (ok, _, err) = tabula(&["amidakuji", "solo", "--size", "9x9"]);
    assert!(!ok && err.contains("5 or 6 columns"), "{err}");
}
