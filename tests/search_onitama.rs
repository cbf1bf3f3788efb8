//! The searchers on Onitama: forced wins in 1, 3 and 5 plies found at the right distance with a
//! correct line, lost positions scored as lost, alpha-beta equal to plain minimax on random
//! positions, MCTS and the solver on the same positions, and `tabula bench` reproducible.

mod onitama_forced;
mod search_games;

use onitama_forced::FORCED;

use search_games::{random_position, reference};
use tabula::games::onitama::Onitama;
use tabula::search::score::{loss_in, win_in, WIN};
use tabula::search::{solve, AlphaBeta, Limits, Mcts, MctsConfig, SearchConfig, Verdict};
use tabula::{Game, GameOptions, Turn};

fn pos(text: &str) -> Onitama {
    Onitama::from_notation(text, &GameOptions::new()).unwrap()
}

fn expected_score(plies: i32) -> i32 {
    if plies > 0 {
        win_in(plies as usize)
    } else {
        loss_in((-plies) as usize)
    }
}

#[test]
fn forced_results_are_found_at_the_right_distance_with_a_correct_line() {
    for &(text, plies) in FORCED {
        let state = pos(text);
        let mover = match state.turn() {
            Turn::Player(p) => p,
            _ => panic!("{text}: no player to move"),
        };
        let expected = expected_score(plies);
        // Plain minimax to the distance agrees.
        assert_eq!(
            reference(&state, plies.abs()).0,
            expected,
            "{text}: minimax"
        );
        for threads in [1, 2] {
            let mut ab = AlphaBeta::new(SearchConfig {
                threads,
                ..SearchConfig::default()
            });
            let r = ab.search(&state, Limits::depth(8), None);
            assert_eq!(r.score.0, expected, "{text}: alpha-beta says {}", r.score);
            // The principal variation is legal and ends with the right winner after `plies`.
            let mut s = state;
            for &m in &r.pv {
                let mut legal = Vec::new();
                s.legal_moves(&mut legal);
                assert!(legal.contains(&m), "{text}: pv move {m:?} is not legal");
                s.play(m);
            }
            assert_eq!(r.pv.len() as i32, plies.abs(), "{text}: pv {:?}", r.pv);
            assert_eq!(s.turn(), Turn::Terminal, "{text}");
            let won = s.payoffs().get(mover) == 1.0;
            assert_eq!(won, plies > 0, "{text}");
        }
        let solved = solve(&state, Limits::depth(8), 4);
        let verdict = if plies > 0 {
            Verdict::Win(plies as u32)
        } else {
            Verdict::Loss((-plies) as u32)
        };
        assert_eq!(solved.verdict, verdict, "{text}: solver");
        assert_eq!(solved.line.len() as i32, plies.abs(), "{text}: solver line");
    }
}

#[test]
fn mcts_finds_the_short_wins() {
    for &(text, plies) in FORCED.iter().filter(|(_, p)| *p == 1 || *p == 3) {
        let state = pos(text);
        let r = Mcts::new(MctsConfig::default()).search(&state, Limits::playouts(3_000));
        let mut s = state;
        s.play(r.best.unwrap());
        if plies == 1 {
            assert_eq!(s.turn(), Turn::Terminal, "{text}");
            assert_eq!(r.proven, Some(true), "{text}");
        } else {
            let ab = AlphaBeta::new(SearchConfig::default()).search(&s, Limits::depth(4), None);
            assert!(
                ab.score.0 <= -(WIN - 3),
                "{text}: MCTS move does not keep the win"
            );
        }
    }
}

#[test]
fn alphabeta_matches_minimax_on_random_positions() {
    let start = Onitama::start(&GameOptions::new()).unwrap();
    let mut total = (0, 0);
    let mut checked = 0;
    for seed in 0..40u64 {
        let state = random_position(&start, 2 + (seed % 12) as usize, seed);
        if state.turn() == Turn::Terminal {
            continue;
        }
        checked += 1;
        let mut deepening = 0;
        for depth in 1..=4 {
            for threads in [1, 2] {
                let r = AlphaBeta::new(SearchConfig {
                    threads,
                    hash_mb: 4,
                    exact: true,
                    ..SearchConfig::default()
                })
                .search(&state, Limits::depth(depth), None);
                let (expected, nodes) = reference(&state, depth as i32);
                assert_eq!(r.score.0, expected, "{} depth {depth}", state.notation());
                if threads == 1 {
                    deepening += nodes;
                    total.0 += r.nodes;
                    total.1 += deepening;
                }
            }
        }
    }
    assert!(checked >= 30);
    assert!(
        total.0 * 3 < total.1,
        "alpha-beta {} nodes, minimax {}",
        total.0,
        total.1
    );
}

#[test]
fn search_node_counts_repeat() {
    let positions = <Onitama as tabula::Game>::BENCH.positions;
    let a = tabula::analysis::bench::run::<Onitama>(&positions[..4], 6).unwrap();
    let b = tabula::analysis::bench::run::<Onitama>(&positions[..4], 6).unwrap();
    let nodes =
        |l: &[tabula::analysis::bench::BenchLine]| l.iter().map(|x| x.nodes).collect::<Vec<_>>();
    assert_eq!(nodes(&a), nodes(&b));
}

#[test]
fn bench_command_gives_the_same_node_count_twice() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["bench", "onitama", "--depth", "6"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().unwrap().to_string();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
        words[0].parse::<u64>().unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn bench_json_scores_as_best_does() {
    let exe = env!("CARGO_BIN_EXE_tabula");
    let out = std::process::Command::new(exe)
        .args(["bench", "onitama", "--depth", "4", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = &v["positions"][0];
    let position = first["position"].as_str().unwrap();
    let out = std::process::Command::new(exe)
        .args(["best", "onitama", position, "--depth", "4", "--json"])
        .output()
        .unwrap();
    let best: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(first["score"]["value"].is_i64(), "{first}");
    assert_eq!(first["score"], best["score"]);
    assert_eq!(first["best"], best["best"]);
}

#[test]
fn best_and_solve_commands() {
    let exe = env!("CARGO_BIN_EXE_tabula");
    let out = std::process::Command::new(exe)
        .args(["best", "onitama", FORCED[4].0, "--depth", "5", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"]["win_in"], 3);
    let out = std::process::Command::new(exe)
        .args(["solve", "onitama", FORCED[7].0, "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["verdict"].as_str(), v["plies"].as_u64()),
        (Some("win"), Some(5))
    );
    let out = std::process::Command::new(exe)
        .args(["best", "onitama", "--engine", "mcts:playouts=200,bogus=1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bogus"));
}

/// `solve --depth D` asks for a forced result within D plies, and the exact solver alone
/// answers it: a win in 5 is not found within 4 (df-pn, whose proofs have no depth bound, used
/// to run first and prove it anyway, and spent five seconds at the start position first).
#[test]
fn solve_with_a_depth_answers_within_it() {
    let exe = env!("CARGO_BIN_EXE_tabula");
    let solve = |depth: &str| {
        let out = std::process::Command::new(exe)
            .args(["solve", "onitama", FORCED[7].0, "--depth", depth, "--json"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["verdict"].as_str().unwrap().to_string()
    };
    assert_eq!(solve("4"), "unknown");
    assert_eq!(solve("5"), "win");
    let out = std::process::Command::new(exe)
        .args(["solve", "onitama", "--depth", "1"])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("df-pn"), "{stderr}");
    assert!(stdout.contains("no forced win within 1 ply"), "{stdout}");
}

/// `best` and `solve` say in their JSON which game and position they answer for: with
/// `--moves` that is the position after the moves, not the one typed.
#[test]
fn best_and_solve_name_the_position_they_answer_for() {
    let exe = env!("CARGO_BIN_EXE_tabula");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(exe).args(args).output().unwrap();
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let start = run(&["start", "onitama", "--json"]);
    let moved = "1smss/s4/5/5/SSMSS r elephant,horse crab,ox boar";
    assert_ne!(start["position"], moved);
    for command in ["best", "solve"] {
        let v = run(&[
            command,
            "onitama",
            "--moves",
            "boar:a5a4",
            "--depth",
            "2",
            "--json",
        ]);
        assert_eq!(
            (&v["game"], &v["position"]),
            (&serde_json::json!("onitama"), &serde_json::json!(moved)),
            "{v}"
        );
    }
}

/// `solve --nodes N` in Onitama shares N between df-pn and the exact solver; the answer counts
/// both (it showed the exact solver's half alone).
#[test]
fn solve_counts_the_nodes_of_both_methods() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "onitama", "--nodes", "1000", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["method"], "search", "{v}");
    let nodes = v["nodes"].as_u64().unwrap();
    assert!((501..=1000).contains(&nodes), "{v}");
}
