//! `tabula arena`, `tabula arena merge` and `tabula play` on Onitama, through the binary:
//! resume after a cut file, concurrency, shards, and one-line errors.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok_json(args: &[&str]) -> Value {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-arena-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The game lines of a record file, without their times, sorted by index.
fn games(path: &PathBuf) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<Value> = text
        .lines()
        .skip(1)
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("time_ms");
            v.as_object_mut().unwrap().remove("move_ms");
            v
        })
        .collect();
    games.sort_by_key(|g| g["index"].as_u64().unwrap());
    games
}

const MATCH: [&str; 9] = [
    "arena", "onitama", "--engine", "greedy", "--engine", "random", "--games", "24", "--json",
];

fn with(extra: &[&str]) -> Vec<String> {
    MATCH.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn run(extra: &[&str]) -> Value {
    let args = with(extra);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    ok_json(&args)
}

#[test]
fn concurrency_does_not_change_the_games() {
    let (a, b) = (temp("k1.jsonl"), temp("k2.jsonl"));
    let one = run(&[
        "--concurrency",
        "1",
        "--seed",
        "7",
        "--out",
        a.to_str().unwrap(),
    ]);
    let two = run(&[
        "--concurrency",
        "2",
        "--seed",
        "7",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert_eq!(one["summary"], two["summary"]);
    assert_eq!(games(&a), games(&b));
    assert_eq!(games(&a).len(), 24);
    let g = &games(&a)[0];
    for field in [
        "engines", "seats", "seed", "opening", "moves", "result", "plies",
    ] {
        assert!(!g[field].is_null(), "record lacks {field}");
    }
}

#[test]
fn resumed_after_a_cut_equals_uninterrupted() {
    let path = temp("cut.jsonl");
    let full = run(&["--seed", "3", "--out", path.to_str().unwrap()]);
    let expected = games(&path);
    // Keep the header and 9 games, then half of the 10th line: a run killed mid-write.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..10].join("\n") + "\n";
    cut.push_str(&lines[10][..20]);
    std::fs::write(&path, cut).unwrap();
    let resumed = ok_json(&[
        "arena",
        "onitama",
        "--resume",
        path.to_str().unwrap(),
        "--concurrency",
        "2",
        "--json",
    ]);
    assert_eq!(resumed["run"]["resumed_from"], 9);
    assert_eq!(resumed["run"]["games"], 15);
    assert_eq!(full["summary"], resumed["summary"]);
    assert_eq!(games(&path), expected);
}

#[test]
fn merged_shards_equal_one_run() {
    let whole = run(&["--seed", "5"]);
    let mut files = Vec::new();
    for i in 1..=3 {
        let path = temp(&format!("shard{i}.jsonl"));
        let shard = format!("{i}/3");
        run(&[
            "--seed",
            "5",
            "--shard",
            &shard,
            "--out",
            path.to_str().unwrap(),
        ]);
        files.push(path);
    }
    let mut args = vec!["arena", "merge", "--json"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    let merged = ok_json(&args);
    assert_eq!(whole["summary"], merged["summary"]);
    let text = String::from_utf8(
        tabula(
            &args[..2]
                .iter()
                .chain(&args[3..])
                .copied()
                .collect::<Vec<_>>(),
        )
        .stdout,
    )
    .unwrap();
    assert!(text.contains("greedy vs random: 24 games"), "{text}");
    assert!(text.ends_with("merged 3 files\n"), "{text}");
    // One shard given twice is refused, not counted as two that agree.
    let one = files[0].to_str().unwrap();
    let twice = tabula(&["arena", "merge", one, one]);
    assert!(!twice.status.success());
    let err = String::from_utf8_lossy(&twice.stderr);
    assert!(err.contains("is given twice"), "{err}");
    let alone = String::from_utf8(tabula(&["arena", "merge", one]).stdout).unwrap();
    assert!(alone.ends_with("merged 1 file\n"), "{alone}");
}

#[test]
fn sprt_stops_a_lopsided_match() {
    let out = ok_json(&[
        "arena",
        "onitama",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--games",
        "1000",
        "--sprt",
        "elo0=0,elo1=10",
        "--concurrency",
        "2",
        "--json",
    ]);
    let s = &out["summary"];
    assert_eq!(s["sprt"]["decision"], "accept-h1");
    // Normalised SPRT needs about 74 straight won pairs here before it decides.
    assert!(s["played"].as_u64().unwrap() < 300, "{s}");
}

#[test]
fn text_table_and_play() {
    let out = tabula(&[
        "arena",
        "onitama",
        "--engine",
        "greedy:name=g",
        "--engine",
        "random",
        "--games",
        "4",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "g vs random: 4 games",
        "Elo",
        "nElo",
        "LOS",
        "pairs 2:",
        "red",
        "blue",
    ] {
        assert!(text.contains(needle), "no '{needle}' in:\n{text}");
    }
    let out = tabula(&[
        "play", "onitama", "--engine", "greedy", "--engine", "random", "--seed", "2",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The deal decides who moves first.
    assert!(
        text.contains("1. red (greedy): ") || text.contains("1. blue (random): "),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("result: "),
        "{text}"
    );
    // The same game but for the time each move took (measured, as in arena records).
    let timeless = || {
        let mut v = ok_json(&[
            "play", "onitama", "--engine", "greedy", "--engine", "random", "--seed", "2", "--json",
        ]);
        v.as_object_mut().unwrap().remove("move_ms");
        v
    };
    let (a, b) = (timeless(), timeless());
    assert_eq!(a, b, "same seed, same game");
    assert_eq!(
        a["plies"].as_u64().unwrap() as usize,
        a["moves"].as_array().unwrap().len()
    );
}

#[test]
fn bad_input_gives_one_line_errors() {
    let existing = temp("exists.jsonl");
    run(&["--out", existing.to_str().unwrap()]);
    let e = existing.to_str().unwrap();
    // Arena commands: the words after "arena onitama --engine greedy --engine random --games 2"
    // (`{out}`: an existing record file), or a whole command line after "whole:".
    let cases: &[(&str, &str)] = &[
        (
            "whole: arena onitama --engine greedy --games 2",
            "at least two engines",
        ),
        (
            "whole: arena onitama --engine greedy --engine random",
            "--games",
        ),
        (
            "whole: arena onitama --engine greedy --engine alphabet --games 2",
            "unknown engine 'alphabet'",
        ),
        (
            "whole: arena onitama --engine greedy --engine random:depth --games 2",
            "not key=value",
        ),
        (
            "whole: arena chess --engine greedy --engine random --games 2",
            "unknown game 'chess'",
        ),
        ("--sprt elo0=5,elo1=0", "less than"),
        ("--shard 3/2", "--shard"),
        ("--openings random:x", "random:x"),
        ("-O colour=red", "no option 'colour'"),
        ("--out {out}", "--resume"),
        (
            "whole: arena onitama --resume {out} --seed 99",
            "another --seed",
        ),
        (
            "whole: arena onitama --resume /no/such/file.jsonl",
            "/no/such/file.jsonl",
        ),
        (
            "whole: arena merge /no/such/file.jsonl",
            "/no/such/file.jsonl",
        ),
        ("--concurrency 0", "--concurrency"),
        ("whole: play onitama --engine greedy", "2 engines"),
    ];
    let base = "arena onitama --engine greedy --engine random --games 2";
    let mut commands: Vec<(Vec<String>, &str)> = cases
        .iter()
        .map(|(words, needle)| {
            let line = match words.strip_prefix("whole: ") {
                Some(whole) => whole.to_string(),
                None => format!("{base} {words}"),
            };
            let args = line.split_whitespace().map(|w| w.replace("{out}", e));
            (args.collect(), *needle)
        })
        .collect();
    let play = "play onitama --engine greedy --engine random";
    let mut bad_position: Vec<String> = play.split_whitespace().map(String::from).collect();
    bad_position.push("not a position".into());
    commands.push((bad_position, "bad position"));
    for (args, needle) in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = tabula(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: expected '{needle}' in {err}"
        );
    }
}

#[test]
fn fixed_cards_replace_the_random_deal() {
    let path = temp("cards.jsonl");
    run(&[
        "--cards",
        "horse,elephant,ox,boar,crab",
        "--out",
        path.to_str().unwrap(),
    ]);
    for g in games(&path) {
        let opening = g["opening"].as_str().unwrap();
        for card in ["horse", "elephant", "ox", "boar", "crab"] {
            assert!(opening.contains(card), "{opening}");
        }
    }
}

#[test]
fn openings_file_positions_are_played_in_turn() {
    let file = temp("openings.txt");
    std::fs::write(
        &file,
        "# two deals\nssmss/5/5/5/SSMSS b elephant,horse boar,ox crab\n\nssmss/5/5/5/SSMSS b tiger,horse elephant,rabbit monkey\n",
    )
    .unwrap();
    let out = temp("openings.jsonl");
    run(&[
        "--openings",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let openings: Vec<String> = games(&out)
        .iter()
        .map(|g| g["opening"].as_str().unwrap().to_string())
        .collect();
    assert!(openings[0].ends_with("boar,ox crab") && openings[1] == openings[0]);
    assert!(openings[2].ends_with("rabbit monkey") && openings[3] == openings[2]);
    assert_eq!(openings[4], openings[0]);

    std::fs::write(
        &file,
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab\n\n# a comment\nnonsense\n",
    )
    .unwrap();
    let args = with(&["--openings", file.to_str().unwrap()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let bad = tabula(&args);
    let err = String::from_utf8(bad.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("position 2 (line 4)"), "{err}");
}

#[test]
fn a_record_file_in_use_by_a_live_run_is_refused() {
    let path = temp("locked.jsonl");
    let p = path.to_str().unwrap();
    run(&["--out", p]);
    // A lock owned by a process that runs (this test) keeps a second run off the file.
    let lock = format!("{p}.lock");
    std::fs::write(&lock, std::process::id().to_string()).unwrap();
    let out = tabula(&["arena", "onitama", "--resume", p]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("in use by another run"), "{err}");
    std::fs::remove_file(&lock).unwrap();
    // Free again, it resumes (nothing is missing) and leaves no lock behind.
    ok_json(&["arena", "onitama", "--resume", p, "--json"]);
    assert!(!std::path::Path::new(&lock).exists());
}

/// A record file with one game line changed by `edit` (JSON in, JSON out).
fn tampered(name: &str, source: &PathBuf, line: usize, edit: impl Fn(&mut Value)) -> PathBuf {
    let text = std::fs::read_to_string(source).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut v: Value = serde_json::from_str(&lines[line - 1]).unwrap();
    edit(&mut v);
    lines[line - 1] = v.to_string();
    let path = temp(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn edited_records_are_refused_by_merge_and_resume_naming_line_and_field() {
    let out = temp("honest.jsonl");
    run(&["--out", out.to_str().unwrap()]);
    let ok = tabula(&["arena", "merge", out.to_str().unwrap()]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    type Edit = fn(&mut Value);
    let cases: [(&str, Edit, &str); 12] = [
        (
            "seat past the engines",
            |v| v["seats"] = serde_json::json!([0, 5]),
            "seats",
        ),
        (
            "short result",
            |v| v["result"] = serde_json::json!([1.0]),
            "result",
        ),
        (
            "pairing past the schedule",
            |v| v["pairing"] = serde_json::json!(7),
            "pairing",
        ),
        (
            "index past the schedule",
            |v| v["index"] = serde_json::json!(9999),
            "index",
        ),
        (
            "result swapped",
            |v| {
                let r = v["result"].as_array().unwrap().clone();
                v["result"] = serde_json::json!([r[1], r[0]]);
                if r[0] == r[1] {
                    v["result"] = serde_json::json!([1.0, 1.0]);
                }
            },
            "result",
        ),
        (
            "illegal move",
            |v| v["moves"][0] = serde_json::json!("tiger:a1a5"),
            "moves: entry 1",
        ),
        (
            "moves cut",
            |v| {
                let mut m = v["moves"].as_array().unwrap().clone();
                m.truncate(1);
                v["moves"] = Value::Array(m);
            },
            "ending",
        ),
        (
            "other opening",
            |v| v["opening"] = serde_json::json!("garbage"),
            "opening",
        ),
        (
            "other engine name",
            |v| v["engines"][0] = serde_json::json!("stockfish"),
            "engines",
        ),
        (
            "failed seat past the seats",
            |v| {
                v["ending"] = serde_json::json!("crash");
                v["failed_seat"] = serde_json::json!(4);
            },
            "failed_seat",
        ),
        (
            "a fault on a finished game",
            |v| {
                v["ending"] = serde_json::json!("time_forfeit");
                v["failed_seat"] = serde_json::json!(0);
            },
            "ending",
        ),
        (
            "per-move times of another length",
            |v| v["move_ms"] = serde_json::json!([1.0]),
            "move_ms",
        ),
    ];
    for (i, (what, edit, field)) in cases.into_iter().enumerate() {
        let bad = tampered(&format!("bad{i}.jsonl"), &out, 3, edit);
        for args in [
            vec!["arena", "merge", bad.to_str().unwrap()],
            vec!["arena", "onitama", "--resume", bad.to_str().unwrap()],
        ] {
            let r = tabula(&args);
            let err = String::from_utf8_lossy(&r.stderr);
            assert_eq!(r.status.code(), Some(2), "{what}: {args:?} {err}");
            assert!(
                err.contains("line 3") && err.contains(field) && err.lines().count() == 1,
                "{what}: {err}"
            );
            assert!(!err.contains("panicked"), "{what}: {err}");
        }
    }
    // A game given twice in one file.
    let text = std::fs::read_to_string(&out).unwrap();
    let second = text.lines().nth(1).unwrap();
    let twice = temp("twice.jsonl");
    std::fs::write(&twice, format!("{text}{second}\n")).unwrap();
    let r = tabula(&["arena", "merge", twice.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success() && err.contains("twice"), "{err}");
}

#[test]
fn a_ply_limit_counts_from_the_end_of_the_opening() {
    // The default openings are two random plies; a ply limit of 1 or 2 still leaves each game
    // its own plies (the openings' plies were once counted against the limit and refused).
    for limit in ["1", "2"] {
        let out = temp(&format!("limit{limit}.jsonl"));
        let args = [
            "arena",
            "onitama",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "2",
            "--ply-limit",
            limit,
            "--out",
            out.to_str().unwrap(),
            "--json",
        ];
        ok_json(&args);
        let played = games(&out);
        assert_eq!(played.len(), 2);
        for g in played {
            let plies = g["moves"].as_array().unwrap().len();
            match g["ending"].as_str().unwrap() {
                "ply_limit" => assert_eq!(plies.to_string(), limit, "{g}"),
                "rules" => assert!(plies.to_string().as_str() <= limit, "{g}"),
                _ => panic!("{g}"),
            }
        }
    }
}

#[test]
fn a_shard_without_games_prints_no_scores() {
    // Four games are two pairs: the third of three shards holds none.
    let out = tabula(&[
        "arena", "onitama", "--engine", "greedy", "--engine", "random", "--games", "4", "--shard",
        "3/3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("greedy vs random: 0 games"), "{text}");
    for row in ["greedy", "random", "red", "blue"] {
        let words = text
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|w| w.len() == 4 && w[0] == row)
            .unwrap_or_else(|| panic!("no row {row}: {text}"));
        assert_eq!(words[1..], ["n/a", "n/a", "0"], "{text}");
    }
}
