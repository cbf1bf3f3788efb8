//! How well the evaluation chooses moves, measured against the exact solver on small endgames:
//! for sampled positions with two or three pieces a side, a one-ply greedy player picks the move
//! whose result evaluates best; its loss is the solver's best winning chance minus that of the
//! move picked, averaged over throws by their chances. Run with `--ignored --nocapture` to
//! compare weight sets (it takes about a minute); the default suite runs a small sample.

use rand::RngExt;
use tabula::games::senet::endgame::{solve, Limits};
use tabula::games::senet::eval::{evaluate_with, Weights, WEIGHTS};
use tabula::games::senet::Senet;
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn};

/// Random endgames: 2 or 3 pieces a side on squares 12..30, either side to throw.
fn sample(count: usize, seed: u64) -> Vec<Senet> {
    let mut r = rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells = ['.'; 30];
        for c in ['D', 'L'] {
            let n = r.random_range(2..=3);
            let mut placed = 0;
            while placed < n {
                let sq = r.random_range(11..30);
                if cells[sq] == '.' {
                    cells[sq] = c;
                    placed += 1;
                }
            }
        }
        let me = if r.random_range(0..2) == 0 { 'D' } else { 'L' };
        let text = format!("{} {me} -", cells.iter().collect::<String>());
        out.push(Senet::from_notation(&text, &GameOptions::new()).unwrap());
    }
    out
}

/// The average loss of greedy play with `w` over the solved positions.
fn loss(solved: &Solved, w: &Weights) -> f64 {
    let mut total = 0.0;
    for (s, throws) in solved {
        let me = s.to_move();
        for (value, p, moves) in throws {
            if moves.len() < 2 {
                continue;
            }
            let thrown = s.with_throw(*value);
            let pick = moves
                .iter()
                .max_by_key(|(m, _)| {
                    let mut c = thrown.clone();
                    c.play(*m);
                    match c.turn() {
                        Turn::Terminal => i32::MAX,
                        _ => evaluate_with(&c, me, w),
                    }
                })
                .unwrap();
            total += p * (moves[0].1 - pick.1);
        }
    }
    total / solved.len() as f64
}

type Solved = Vec<(
    Senet,
    Vec<(u8, f64, Vec<(tabula::games::senet::Move, f64)>)>,
)>;

fn solve_all(positions: Vec<Senet>) -> Solved {
    let limits = Limits {
        max_states: 400_000,
        ..Limits::default()
    };
    positions
        .into_iter()
        .filter_map(|s| {
            let sol = solve(&s, &limits).ok()?;
            let throws = sol
                .throws
                .iter()
                .map(|t| (t.value, t.probability.value(), t.moves.clone()))
                .collect();
            Some((s, throws))
        })
        .collect()
}

#[test]
fn the_evaluation_beats_the_race_count_alone() {
    let solved = solve_all(sample(6, 5));
    let race_only = Weights {
        protected: 0,
        blocked: 0,
        risk: 0,
        ..WEIGHTS
    };
    let ours = loss(&solved, &WEIGHTS);
    let race = loss(&solved, &race_only);
    println!("features lose {ours}, race alone {race}");
    assert!(ours < race, "features lose {ours}, race alone {race}");
}

#[test]
#[ignore = "about a minute: compares weight sets against the solver"]
fn compare_weight_sets() {
    let solved = solve_all(sample(150, 9));
    println!("{} positions solved", solved.len());
    let mut sets = vec![("engine", WEIGHTS)];
    for blocked in [0, 25, 60, 120] {
        for protected in [0, 12, 30, 60] {
            for risk in [0, 30, 60] {
                sets.push((
                    "",
                    Weights {
                        blocked,
                        protected,
                        risk,
                        ..WEIGHTS
                    },
                ));
            }
        }
    }
    let mut results: Vec<(f64, &str, Weights)> = sets
        .into_iter()
        .map(|(n, w)| (loss(&solved, &w), n, w))
        .collect();
    results.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (l, n, w) in results.iter().take(12) {
        println!("{l:.5} {n} {w:?}");
    }
    let engine = results.iter().find(|r| r.1 == "engine").unwrap();
    println!("engine: {:.5} {:?}", engine.0, engine.2);
}
