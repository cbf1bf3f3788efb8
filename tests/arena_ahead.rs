//! With three or more players the arena says how often each engine finished ahead of each
//! other one at the same table: by payoff, then by the game's points (capture checkers: marbles
//! captured), which the records now hold and a merge checks against the moves.

mod cli_support;

use std::path::PathBuf;

use cli_support::{fails, json, ok};
use tabula::arena::ahead::AheadAccumulator;
use tabula::arena::record::{self, GameEnding, GameRecord};

fn temp(name: &str) -> PathBuf {
    cli_support::temp_file("ahead", name)
}

/// A finished three-player game between engines 0, 1 and 2 in seats 0, 1, 2.
fn game(result: [f64; 3], points: Option<[i64; 3]>) -> GameRecord {
    GameRecord {
        index: 0,
        round: 0,
        pairing: 0,
        seats: vec![0, 1, 2],
        engines: vec!["a".into(), "b".into(), "c".into()],
        seed: 0,
        opening: String::new(),
        moves: Vec::new(),
        result: result.to_vec(),
        ending: GameEnding::Rules,
        error: None,
        failed_seat: None,
        plies: 0,
        time_ms: 0.0,
        move_ms: Vec::new(),
        scores: Vec::new(),
        depths: Vec::new(),
        final_position: String::new(),
        points: points.map(|p| p.to_vec()),
        verdict: String::new(),
    }
}

#[test]
fn payoffs_rank_first_and_points_break_their_ties() {
    let mut acc = AheadAccumulator::new(3);
    // a wins; b has more points than c. Then b and c share the win and a has more points than
    // both but a worse payoff.
    let g1 = game([1.0, 0.0, 0.0], Some([20, 15, 10]));
    let g2 = game([0.0, 0.5, 0.5], Some([25, 30, 30]));
    acc.add_group(&[&g1, &g2]);
    let t = acc.table().unwrap();
    assert!(t.by_points);
    let cell = |i: usize, j: usize| t.cells[i][j].unwrap().mean;
    assert!(t.cells[0][0].is_none());
    // a: ahead of b and c in the first game, behind both in the second.
    assert_eq!(cell(0, 1), 0.5);
    assert_eq!(cell(0, 2), 0.5);
    // b: ahead of c by points in the first, level with it in the second.
    assert_eq!(cell(1, 2), 0.75);
    assert_eq!(cell(2, 1), 0.25);
    // Without points, a shared payoff is level: a game without them also clears `by_points`.
    let mut acc = AheadAccumulator::new(3);
    let g3 = game([1.0, 0.0, 0.0], None);
    acc.add_group(&[&g3]);
    let t = acc.table().unwrap();
    assert!(!t.by_points);
    assert_eq!(t.cells[1][2].unwrap().mean, 0.5);
    assert_eq!(t.cells[0][2].unwrap().mean, 1.0);
    // Nothing added: no table.
    assert!(AheadAccumulator::new(3).table().is_none());
}

#[test]
fn a_three_player_arena_reports_who_finished_ahead_and_records_points() {
    let path = temp("three.jsonl");
    let file = path.to_str().unwrap();
    let args = [
        "arena",
        "checkers",
        "--players",
        "3",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--engine",
        "maxn:depth=1",
        "--games",
        "12",
        "--seed",
        "3",
        "--out",
        file,
        "--json",
    ];
    let v = json(&args);
    let t = &v["summary"]["ahead"];
    assert_eq!(t["by_points"], true, "{t}");
    let cells = t["cells"].as_array().unwrap();
    for (i, row) in cells.iter().enumerate() {
        assert!(row[i].is_null());
        for (j, column) in cells.iter().enumerate() {
            if i != j {
                // Two engines at one table: one is ahead, or they are level, in every game.
                let a = row[j]["mean"].as_f64().unwrap();
                let b = column[i]["mean"].as_f64().unwrap();
                assert!((a + b - 1.0).abs() < 1e-12, "{i} {j}: {a} {b}");
                assert_eq!(row[j]["samples"], 2);
            }
        }
    }
    // Each record's points are the marbles its final position gives each player.
    let read = record::read(&path).unwrap();
    assert_eq!(read.games.len(), 12);
    for g in &read.games {
        let scores = g.final_position.split_whitespace().nth(2).unwrap();
        let want: Vec<i64> = scores.split(',').map(|s| s.parse().unwrap()).collect();
        assert_eq!(g.points.as_ref(), Some(&want));
    }
    // The text gives the table too.
    let text = ok(&["arena", "merge", file]);
    assert!(text.contains("finished ahead: the row's engine ahead of the column's (a higher payoff, or the same and more points"), "{text}");
    // Records written before points were kept get them from their moves: the same table.
    let rewrite = |edit: &dyn Fn(usize, &mut serde_json::Value)| -> String {
        std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
                edit(i, &mut v);
                v.to_string() + "\n"
            })
            .collect()
    };
    let old = temp("old.jsonl");
    std::fs::write(
        &old,
        rewrite(&|i, v| {
            if i > 0 {
                assert!(v.as_object_mut().unwrap().remove("points").is_some());
            }
        }),
    )
    .unwrap();
    let merged = json(&["arena", "merge", old.to_str().unwrap(), "--json"]);
    assert_eq!(merged["summary"]["ahead"], v["summary"]["ahead"]);
    // The same games in an old file and a new one are one game each, not two that differ.
    let both = json(&["arena", "merge", old.to_str().unwrap(), file, "--json"]);
    assert_eq!(both["summary"]["played"], 12);
    assert_eq!(both["summary"]["ahead"], v["summary"]["ahead"]);
    // Points that the moves do not give are refused, naming the field.
    let tampered = rewrite(&|i, v| {
        if i == 1 {
            v["points"][0] = serde_json::json!(99);
        }
    });
    std::fs::write(&path, tampered).unwrap();
    fails(&["arena", "merge", file], "line 2: points: [99, ");
    // A list of the wrong length is named by its length, not written out.
    let long = rewrite(&|i, v| {
        if i == 1 {
            v["points"] = serde_json::json!(vec![9; 100_000]);
        }
    });
    std::fs::write(&path, long).unwrap();
    fails(
        &["arena", "merge", file],
        "line 2: points: 100000 entries for 3 seats",
    );
}

#[test]
fn two_player_games_have_no_such_table() {
    let v = json(&[
        "arena", "checkers", "--engine", "greedy", "--engine", "random", "--games", "2", "--json",
    ]);
    assert!(v["summary"]["ahead"].is_null());
}
