//! `tabula replay`: a recorded arena game or `tabula play --json` game drawn position by position,
//! with moves, times and scores; `--ply K` shows one position; bad game numbers, plies and files
//! are refused in one line.

mod cli_support;

use std::path::PathBuf;

use cli_support::{fails, json, ok};
use tabula::arena::record;
use tabula::games::GameKind;

fn temp(name: &str) -> PathBuf {
    cli_support::temp_file("replay", name)
}

#[test]
fn every_game_replays_from_an_arena_record() {
    for &kind in GameKind::ALL {
        let path = temp(&format!("{}.jsonl", kind.name()));
        let file = path.to_str().unwrap();
        ok(&[
            "arena",
            kind.name(),
            "--engine",
            "alphabeta:depth=1",
            "--engine",
            "random",
            "--games",
            "2",
            "--out",
            file,
        ]);
        let game = record::read(&path).unwrap().games.remove(1);
        let text = ok(&["replay", file, "--game", &game.index.to_string()]);
        // The opening, one drawing per move, the final position and the ending in words.
        assert!(text.contains("\nopening\n"), "{text}");
        assert!(text.contains(&format!("\n{}\n", game.opening)), "{text}");
        assert!(
            text.contains(&format!("\n{}\n", game.final_position)),
            "{text}"
        );
        assert!(
            text.contains(&format!("result: {}", game.verdict)),
            "{text}"
        );
        assert!(text.contains("ms used"), "{text}");
        let n = game.moves.len();
        assert!(text.contains(&format!("\n{n}. ")), "{text}");
        // One position: the move that led to it, its score where the engine gave one.
        let v = json(&[
            "replay",
            file,
            "--game",
            &game.index.to_string(),
            "--ply",
            &n.to_string(),
            "--json",
        ]);
        assert_eq!(v["position"], game.final_position.as_str());
        assert_eq!(v["step"]["move"], game.moves[n - 1].as_str());
        let all = json(&["replay", file, "--game", &game.index.to_string(), "--json"]);
        let steps = all["steps"].as_array().unwrap();
        assert_eq!(steps.len(), n);
        assert!(
            steps.iter().any(|s| ["value", "win_in", "loss_in"]
                .iter()
                .any(|k| s["score"][k].is_i64())),
            "{}: alpha-beta's scores are shown",
            kind.name()
        );
        let zero = json(&["replay", file, "--ply", "0", "--json"]);
        assert_eq!(zero["step"], serde_json::Value::Null);
        fails(
            &[
                "replay",
                file,
                "--ply",
                &(n + 1).to_string(),
                "--game",
                &game.index.to_string(),
            ],
            &format!("--ply {}: game {} has {n} moves", n + 1, game.index),
        );
    }
}

#[test]
fn a_play_game_replays_with_its_throws() {
    let out = ok(&[
        "play", "senet", "--engine", "greedy", "--engine", "random", "--seed", "3", "--json",
    ]);
    let path = temp("play.jsonl");
    std::fs::write(&path, &out).unwrap();
    let file = path.to_str().unwrap();
    let played: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = ok(&["replay", file]);
    assert!(text.contains("\n1. chance: "), "{text}");
    assert!(text.contains(played["final"].as_str().unwrap()), "{text}");
    assert!(text.contains(&format!("result: {}", played["verdict"].as_str().unwrap())));
    let one = ok(&["replay", file, "--ply", "2"]);
    assert!(one.starts_with("senet game 0"), "{one}");
    assert!(one.contains("\n\n2. dark (greedy): "), "{one}");
    assert!(one.contains("\nnext: "), "{one}");
    // A record cut short, or with another result, is refused: its moves do not reach its end.
    let mut cut = played.clone();
    cut["moves"] = serde_json::json!(played["moves"].as_array().unwrap()[..3]);
    let cut_path = temp("cut.jsonl");
    std::fs::write(&cut_path, cut.to_string()).unwrap();
    fails(
        &["replay", cut_path.to_str().unwrap()],
        "after its 3 moves the game goes on",
    );
    let mut turned = played.clone();
    let result = played["result"].as_array().unwrap();
    turned["result"] = serde_json::json!([result[1], result[0]]);
    let turned_path = temp("turned.jsonl");
    std::fs::write(&turned_path, turned.to_string()).unwrap();
    fails(
        &["replay", turned_path.to_str().unwrap()],
        "is not the one the rules give",
    );
}

#[test]
fn bad_game_numbers_plies_and_files_are_refused() {
    let path = temp("two.jsonl");
    let file = path.to_str().unwrap();
    ok(&[
        "arena", "onitama", "--engine", "greedy", "--engine", "random", "--games", "2", "--out",
        file,
    ]);
    fails(
        &["replay", file, "--game", "7"],
        "--game 7: no such game in",
    );
    fails(&["replay", file, "--ply", "x"], "--ply");
    fails(&["replay", "/nonexistent/x.jsonl"], "x.jsonl");
    // A file with the header only: no game yet.
    let header = temp("header.jsonl");
    let first = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&header, format!("{}\n", first.lines().next().unwrap())).unwrap();
    fails(
        &["replay", header.to_str().unwrap()],
        "holds no finished game",
    );
    let junk = temp("junk.jsonl");
    std::fs::write(&junk, "{\"a\": 1}\n").unwrap();
    fails(
        &["replay", junk.to_str().unwrap()],
        "neither an arena record nor `tabula play --json` output",
    );
    // A JSON array is named as one, not as an internal type.
    std::fs::write(&junk, "[1, 2]\n").unwrap();
    fails(
        &["replay", junk.to_str().unwrap()],
        "(an array, where a game's JSON object was expected)",
    );
    // A record whose move was tampered with names the move and where it was tried.
    let text = std::fs::read_to_string(&path).unwrap();
    let game: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let first = game["moves"][0].as_str().unwrap();
    let bad = temp("bad.jsonl");
    std::fs::write(
        &bad,
        text.replacen(&format!("\"{first}\""), "\"tiger:a1a1\"", 1),
    )
    .unwrap();
    fails(
        &[
            "replay",
            bad.to_str().unwrap(),
            "--game",
            &game["index"].to_string(),
        ],
        "move 1 'tiger:a1a1' cannot be played",
    );
}

#[test]
fn clocks_are_followed_move_by_move() {
    let path = temp("clock.jsonl");
    let file = path.to_str().unwrap();
    ok(&[
        "arena",
        "senet",
        "--engine",
        "greedy",
        "--engine",
        "alphabeta:depth=1",
        "--tc",
        "1+0.05",
        "--games",
        "2",
        "--out",
        file,
    ]);
    let v = json(&["replay", file, "--json"]);
    let engines: Vec<&str> = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    let mut moves = [0.0f64; 2];
    let mut checked = 0;
    for s in v["steps"].as_array().unwrap() {
        let Some(seat) = s["mover"].as_u64() else {
            assert!(s["clock_ms"].is_null(), "chance has no clock");
            continue;
        };
        let seat = seat as usize;
        moves[seat] += 1.0;
        if engines[seat] == "greedy" {
            // The clock: 1000 ms, less the time used, plus 50 ms after each move.
            let expected = 1000.0 - s["used_ms"].as_f64().unwrap() + 50.0 * moves[seat];
            assert!(
                (s["clock_ms"].as_f64().unwrap() - expected).abs() < 1e-6,
                "{s}"
            );
            checked += 1;
        } else {
            // A depth limit of its own: no clock.
            assert!(s["clock_ms"].is_null(), "{s}");
        }
    }
    assert!(checked > 0);
    let text = ok(&["replay", file]);
    assert!(text.contains(" ms left]"), "{text}");
}
