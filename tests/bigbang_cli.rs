//! The `tabula` binary with Big Bang: start with a board map file, show, moves at the coin,
//! `bigbang penalty` in text and JSON, and bad input giving exit code 2 with one line on stderr.

mod cli_support;

use cli_support::{fails, ok};

const MAP7: &str = "map:A.....B/......./......./......./......./SSSS.../B.....A";

#[test]
fn start_show_and_moves_with_a_board_file() {
    let dir = std::env::temp_dir().join(format!("tabula-bigbang-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("small.map");
    std::fs::write(&path, "A . S #\n. . S .\n# S S B\nB . . A\n").unwrap();
    let path = path.to_string_lossy().into_owned();
    assert_eq!(ok(&["start", "bigbang", "--board", &path]), "3/4/3/4 s1\n");
    assert_eq!(
        ok(&["start", "bigbang"]),
        "11/11/11/11/11/11/11/11/11/11/11 s1\n"
    );
    let shown = ok(&["show", "bigbang", "2a/2A1/bB1/4 ?", "--board", &path]);
    assert!(shown.contains("coin picks"), "{shown}");
    assert_eq!(
        ok(&["moves", "bigbang", "2a/2A1/bB1/4 ?", "--board", &path]),
        "coin:1 1/2\ncoin:2 1/2\n"
    );
    let out = ok(&["perft", "bigbang", "--board", &path, "-d", "4"]);
    assert!(out.contains("perft(4) = 576"), "{out}");
    std::fs::write(dir.join("bad.map"), "A.S\n..S.\n").unwrap();
    let bad = dir.join("bad.map").to_string_lossy().into_owned();
    fails(
        &["start", "bigbang", "--board", &bad],
        "the map must be a rectangle",
    );
}

#[test]
fn penalty_in_text_and_json() {
    let text = ok(&[
        "bigbang",
        "penalty",
        "A5B/7/7/7/7/7/3ab2 d",
        "--board",
        MAP7,
    ]);
    assert!(
        text.starts_with("dark (placer 2), 2 counters to finish: penalty 6 (exact)"),
        "{text}"
    );
    assert!(text.contains("line: "), "{text}");
    let out = ok(&[
        "bigbang",
        "penalty",
        "A5B/7/7/7/7/7/3ab2 d",
        "--board",
        MAP7,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let p = &v["penalties"][0];
    assert_eq!(p["colour"], "dark");
    assert_eq!(p["moves"], 6);
    assert_eq!(p["exact"], true);
    assert_eq!(p["line"].as_array().unwrap().len(), 6);
    // A node limit too small for the exact answer: an upper bound, marked so.
    let out = ok(&[
        "bigbang",
        "penalty",
        "A5B/7/7/7/7/7/3ab2 d",
        "--board",
        MAP7,
        "--nodes",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["penalties"][0]["exact"], false);
    assert_eq!(v["penalties"][0]["bound"], "upper");
    // Nobody has won: both colours, or the one asked for.
    let both = ok(&[
        "bigbang",
        "penalty",
        "7/7/7/7/2a4/3A3/b4B1 d",
        "--board",
        MAP7,
    ]);
    assert!(
        both.contains("light (placer 1)") && both.contains("dark (placer 2)"),
        "{both}"
    );
    let dark = ok(&[
        "bigbang",
        "penalty",
        "7/7/7/7/2a4/3A3/b4B1 d",
        "--board",
        MAP7,
        "--colour",
        "dark",
    ]);
    assert!(
        dark.contains("penalty 1 (exact)") && !dark.contains("light"),
        "{dark}"
    );
}

#[test]
fn penalty_rejects_bad_input_in_one_line() {
    fails(
        &["bigbang", "penalty", "11/11/11/11/11/11/11/11/11/11/11 s1"],
        "position in play",
    );
    fails(&["bigbang", "penalty", "11/11 l"], "2 ranks given");
    fails(
        &[
            "bigbang",
            "penalty",
            "A5B/7/7/7/7/7/3ab2 d",
            "--board",
            MAP7,
            "--colour",
            "red",
        ],
        "--colour 'red'",
    );
}

/// Big Bang's own command offers Big Bang's options only: its help listed every game's
/// (`--cards`, `--size`), each then refused as "bigbang has no option".
#[test]
fn penalty_help_lists_only_big_bang_options() {
    let help = ok(&["bigbang", "penalty", "--help"]);
    assert!(
        help.contains("--board") && help.contains("--ply-limit"),
        "{help}"
    );
    for other in ["--cards", "--size", "--players", "--eval"] {
        assert!(!help.contains(other), "{other}: {help}");
    }
    // The commands that take any game still list them all.
    let help = ok(&["show", "--help"]);
    assert!(
        help.contains("--cards") && help.contains("--board"),
        "{help}"
    );
}
