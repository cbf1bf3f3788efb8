//! Big Bang speed: move generation (the jump-chain flood) on a full start zone and in the middle
//! of a race, perft, the evaluation, and the penalty solver on a small endgame.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::RngExt;
use tabula::games::bigbang::penalty::solve;
use tabula::games::bigbang::{BigBang, DARK};
use tabula::random::rng;
use tabula::{perft, Game, GameOptions};

/// A race in progress (from a seeded greedy game).
const MIDDLE: &str = "3E1G1BA2/3E2g4/6H3A/6a3b/DD6e1c/h10/cC8d/b1a2F2d1e/10f/11/3BC3Ff1 l";
/// Dark has four counters to bring home (11 moves, proven with about 350,000 nodes).
const ENDGAME: &str = "3edg1Ba2/11/f4b5/E6CA2/D2F5dc/h9H/C3E6/B3e3f2/a10/11/2AbcGD1F2 l";

/// The start zone filled by seeded random placements, light to move.
fn full_start_zone() -> BigBang {
    let mut s = BigBang::start(&GameOptions::new()).expect("default board");
    let mut r = rng(1);
    let mut moves = Vec::new();
    for _ in 0..28 {
        moves.clear();
        s.legal_moves(&mut moves);
        s.play(moves[r.random_range(0..moves.len())]);
    }
    s.play(s.parse_move("coin:1").expect("coin"));
    s
}

fn positions() -> Vec<(&'static str, BigBang)> {
    let o = GameOptions::new();
    vec![
        ("start zone", full_start_zone()),
        (
            "middle",
            BigBang::from_notation(MIDDLE, &o).expect("parses"),
        ),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("bigbang movegen");
    for (name, state) in positions() {
        let mut buf = Vec::with_capacity(256);
        group.bench_function(format!("legal_moves {name}"), |b| {
            b.iter(|| {
                buf.clear();
                black_box(&state).legal_moves(&mut buf);
                buf.len()
            })
        });
        group.bench_function(format!("count_moves {name}"), |b| {
            b.iter(|| black_box(&state).count_moves(&mut buf))
        });
        group.bench_function(format!("evaluate {name}"), |b| {
            b.iter(|| black_box(&state).evaluate(0))
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("bigbang perft");
    group.sample_size(10);
    for (name, state) in positions() {
        group.bench_function(format!("perft 3 {name}"), |b| {
            b.iter(|| perft::perft(black_box(&state), 3))
        });
    }
    group.finish();
}

fn penalty_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("bigbang penalty");
    group.sample_size(10);
    let state = BigBang::from_notation(ENDGAME, &GameOptions::new()).expect("parses");
    group.bench_function("endgame dark (4 counters)", |b| {
        b.iter(|| solve(black_box(&state), DARK, 2_000_000).expect("in play"))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft_bench, penalty_bench);
criterion_main!(benches);
