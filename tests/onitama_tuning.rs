//! The tunable Onitama evaluation: its properties (antisymmetric, within `EVAL_LIMIT`, the
//! weighted wrapper searching exactly like the game), and, `#[ignore]`d because they take minutes,
//! the self-play tuning of the weights and the match that measures them.
//!
//! Tuning (SPSA, seeded, in two stages; prints the weights each iteration):
//!   TABULA_TUNE_STAGE=1 cargo test --release --test onitama_tuning -- --ignored tune --nocapture
//!   TABULA_TUNE_STAGE=2 cargo test --release --test onitama_tuning -- --ignored tune --nocapture
//! Measuring (the defaults vs plain material and vs the earlier weights; `TABULA_MEASURE_DEPTH`,
//! default 4):
//!   cargo test --release --test onitama_tuning -- --ignored measure --nocapture
//! `TABULA_TUNE_THREADS` sets the games played at once (default 2), `TABULA_MEASURE_PAIRS` the
//! pairs per measured line (default 200).

use rand::RngExt;
use tabula::analysis::onitama::tuning::{leak, play_pairs, MatchResult, MatchSetup, Weighted};
use tabula::arena::stats::EloEstimate;
use tabula::game::{Game, Turn, EVAL_LIMIT};
use tabula::games::onitama::{Color, Deal, EvalWeights, Onitama};
use tabula::random::rng;
use tabula::search::{AlphaBeta, Limits, SearchConfig};

/// Positions from random games on random deals: each deal's start and every ply after it.
fn random_positions(games: u64) -> Vec<Onitama> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for g in 0..games {
        let mut r = rng(g);
        let deal = Deal::random(g);
        let mut state = Onitama::from_deal(&deal, 300);
        for _ in 0..200 {
            out.push(state);
            if state.turn() == Turn::Terminal {
                break;
            }
            moves.clear();
            state.legal_moves(&mut moves);
            state.play(moves[r.random_range(0..moves.len())]);
        }
    }
    out
}

/// Weights far from the defaults, so the properties are checked beyond one set.
const ODD: EvalWeights = EvalWeights::from_array([97, 2_500, 300, 41, 13, 9, 77]);

#[test]
fn evaluation_is_antisymmetric_and_bounded() {
    for w in [EvalWeights::DEFAULT, EvalWeights::MATERIAL, ODD] {
        for s in random_positions(40) {
            let red = s.evaluate_with(Color::Red, &w);
            let blue = s.evaluate_with(Color::Blue, &w);
            assert_eq!(red, -blue, "{}", s.notation());
            assert!(
                (-EVAL_LIMIT..=EVAL_LIMIT).contains(&red),
                "{}",
                s.notation()
            );
            // Only a finished game reaches the limits.
            assert_eq!(
                red.abs() == EVAL_LIMIT,
                s.turn() == Turn::Terminal,
                "{}",
                s.notation()
            );
        }
    }
}

#[test]
fn default_weights_are_the_games_evaluation() {
    for s in random_positions(20) {
        for c in Color::BOTH {
            let plain = s.evaluate(c.index());
            assert_eq!(plain, s.evaluate_with(c, &EvalWeights::DEFAULT));
            assert_eq!(
                plain,
                Weighted::new(s, &EvalWeights::DEFAULT).evaluate(c.index())
            );
        }
    }
}

#[test]
fn material_counts_students_only() {
    for s in random_positions(20) {
        if s.turn() == Turn::Terminal {
            continue;
        }
        let diff = s.students(Color::Red).len() as i32 - s.students(Color::Blue).len() as i32;
        assert_eq!(
            s.evaluate_with(Color::Red, &EvalWeights::MATERIAL),
            100 * diff
        );
    }
}

#[test]
fn weighted_wrapper_searches_like_the_game() {
    let positions = random_positions(3);
    for s in positions
        .iter()
        .step_by(7)
        .filter(|s| s.turn() != Turn::Terminal)
    {
        let config = SearchConfig {
            threads: 1,
            hash_mb: 1,
            ..SearchConfig::default()
        };
        let plain = AlphaBeta::new(config).search(s, Limits::depth(4), None);
        let wrapped = AlphaBeta::new(config).search(
            &Weighted::new(*s, &EvalWeights::DEFAULT),
            Limits::depth(4),
            None,
        );
        assert_eq!(plain.best, wrapped.best, "{}", s.notation());
        assert_eq!(plain.score, wrapped.score, "{}", s.notation());
        assert_eq!(plain.pv, wrapped.pv, "{}", s.notation());
        assert_eq!(plain.nodes, wrapped.nodes, "{}", s.notation());
    }
}

#[test]
fn weights_round_trip_through_arrays() {
    for w in [EvalWeights::DEFAULT, EvalWeights::MATERIAL, ODD] {
        assert_eq!(EvalWeights::from_array(w.to_array()), w);
    }
}

#[test]
fn a_short_match_is_reproducible_and_colour_swapped() {
    let setup = MatchSetup {
        engine: "alphabeta:depth=2,hash=1".into(),
        pairs: 3,
        seed: 7,
        opening_plies: 2,
        threads: 2,
    };
    let a = play_pairs(&EvalWeights::DEFAULT, &EvalWeights::MATERIAL, &setup).unwrap();
    let b = play_pairs(
        &EvalWeights::DEFAULT,
        &EvalWeights::MATERIAL,
        &MatchSetup {
            threads: 1,
            ..setup.clone()
        },
    )
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.wdl.games(), 6);
    assert_eq!(a.pairs.pairs(), 3);
    // The same weights on both sides score exactly even: each pair is one deal played twice.
    let even = play_pairs(&EvalWeights::DEFAULT, &EvalWeights::DEFAULT, &setup).unwrap();
    assert_eq!(even.wdl.wins, even.wdl.losses);
}

// ---------------------------------------------------------------------------------------------
// Self-play tuning and measurement (ignored: minutes of CPU).

/// A number from the environment variable `name`, or `default`.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(default)
}

fn threads() -> usize {
    env_or("TABULA_TUNE_THREADS", 2) as usize
}

fn line(label: &str, r: &MatchResult) {
    let fmt = |e: Option<EloEstimate>| {
        e.map_or("-".to_string(), |e| {
            format!(
                "Elo {:+.1} +- {:.1}, LOS {:.1}%",
                e.elo,
                e.elo_error,
                100.0 * e.los
            )
        })
    };
    println!(
        "{label}: W/D/L {}/{}/{} ({} games); pairs LL/LD/WL+DD/WD/WW {:?}: {}; by game: {}",
        r.wdl.wins,
        r.wdl.draws,
        r.wdl.losses,
        r.wdl.games(),
        r.pairs.by_score(),
        fmt(r.pairs.elo()),
        fmt(r.wdl.elo()),
    );
}

/// The weights in effect before tuning (kept to measure the tuning against).
const UNTUNED: EvalWeights = EvalWeights::from_array([100, 3_000, 60, 8, 3, 1, 12]);

/// What stage 1 of [`tune`] printed (`TABULA_TUNE_STAGE=1`, 200 iterations): stage 2's start.
const STAGE1: EvalWeights = EvalWeights::from_array([100, 3_015, 81, 16, 4, 5, 5]);

/// SPSA over the six weights other than `student` (the unit). Each iteration plays `PAIRS`
/// colour-swapped pairs of theta+c*delta against theta-c*delta (delta a random sign per weight)
/// at depth 4 from fresh random deals, and moves theta along delta by
/// `a_k * c_k * c * (wins - losses) / games`. Stage 1 starts from [`UNTUNED`]; stage 2
/// (`TABULA_TUNE_STAGE=2`, the default) from [`STAGE1`] with half the perturbation and gain.
#[test]
#[ignore = "self-play tuning: 6 (stage 1) or 9 (stage 2) minutes on two cores"]
fn tune() {
    let stage = env_or("TABULA_TUNE_STAGE", 2);
    let (start, scale, seed, default_iterations) = match stage {
        1 => (UNTUNED, 1.0, 2026, 200),
        _ => (STAGE1, 0.5, 2027, 300),
    };
    let iterations = env_or("TABULA_TUNE_ITERATIONS", default_iterations);
    const PAIRS: u64 = 40;
    let learn = 2.0 * scale;
    // Perturbation per weight (student, fixed, first).
    let c = [0.0, 600.0, 30.0, 4.0, 2.0, 1.5, 6.0].map(|x| x * scale);
    let mut theta: [f64; 7] = start.to_array().map(f64::from);
    let mut r = rng(seed);
    let clock = std::time::Instant::now();
    for k in 0..iterations {
        // Steps shrink slowly, as SPSA's gain sequences do.
        let ck = 1.0 / ((k + 1) as f64).powf(0.101);
        let ak = learn / ((k + 1) as f64 / 20.0 + 1.0).powf(0.602);
        let delta: [f64; 7] = std::array::from_fn(|i| match (i, r.random_bool(0.5)) {
            (0, _) => 0.0,
            (_, true) => 1.0,
            (_, false) => -1.0,
        });
        let at = |sign: f64| {
            let w: [i32; 7] =
                std::array::from_fn(|i| (theta[i] + sign * ck * c[i] * delta[i]).round() as i32);
            leak(EvalWeights::from_array(w))
        };
        let (plus, minus) = (at(1.0), at(-1.0));
        let setup = MatchSetup {
            engine: "alphabeta:depth=4,hash=4".into(),
            pairs: PAIRS,
            seed: 1_000 * stage + k,
            opening_plies: 2,
            threads: threads(),
        };
        let m = play_pairs(plus, minus, &setup).unwrap();
        let result = (m.wdl.wins as f64 - m.wdl.losses as f64) / m.wdl.games() as f64;
        for i in 1..7 {
            theta[i] += ak * ck * c[i] * result * delta[i];
        }
        println!(
            "iter {k:3} {:6.0}s  +/- W/D/L {}/{}/{}  theta {:?}",
            clock.elapsed().as_secs_f64(),
            m.wdl.wins,
            m.wdl.draws,
            m.wdl.losses,
            theta.map(|t| t.round() as i32)
        );
    }
    let tuned = EvalWeights::from_array(theta.map(|t| t.round() as i32));
    println!("stage {stage} tuned: {tuned:?}");
}

/// The measurement behind the numbers in `engine/games/onitama/eval.rs`.
#[test]
#[ignore = "measurement: 400 games per line at depth 4 by default, a minute on two cores"]
fn measure() {
    let setup = MatchSetup {
        engine: format!(
            "alphabeta:depth={},hash=4",
            env_or("TABULA_MEASURE_DEPTH", 4)
        ),
        pairs: env_or("TABULA_MEASURE_PAIRS", 200),
        seed: 20_261_129,
        opening_plies: 2,
        threads: threads(),
    };
    let clock = std::time::Instant::now();
    let tuned = &EvalWeights::DEFAULT;
    println!("tuned weights {tuned:?}; {setup:?}");
    let m = play_pairs(tuned, &EvalWeights::MATERIAL, &setup).unwrap();
    line("tuned vs material", &m);
    if *tuned != UNTUNED {
        let m = play_pairs(tuned, &UNTUNED, &setup).unwrap();
        line("tuned vs untuned", &m);
        if *tuned != STAGE1 {
            let m = play_pairs(tuned, &STAGE1, &setup).unwrap();
            line("tuned vs stage 1", &m);
        }
        let m = play_pairs(&UNTUNED, &EvalWeights::MATERIAL, &setup).unwrap();
        line("untuned vs material", &m);
    }
    println!("{:.0}s", clock.elapsed().as_secs_f64());
}
