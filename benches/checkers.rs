//! Capture-checkers benchmarks: all single jumps of random middle-game positions (the goal is under
//! 50 ns each), all chain moves, and perft from the start.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::RngExt;
use tabula::games::checkers::chain::longest;
use tabula::games::checkers::jumps::{long_jumps, short_jumps};
use tabula::games::checkers::Checkers;
use tabula::perft::perft;
use tabula::{Game, GameOptions, Turn};

/// Positions from seeded random games, 6 to 30 plies in.
fn middle_games(long: bool) -> Vec<Checkers> {
    let mut options = GameOptions::new();
    if long {
        options.set("long", "true");
    }
    let mut rng = tabula::random::rng(7);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < 64 {
        let mut s = Checkers::start(&options).unwrap();
        let plies = rng.random_range(6..30);
        for _ in 0..plies {
            if s.turn() == Turn::Terminal {
                break;
            }
            moves.clear();
            s.legal_moves(&mut moves);
            s.play(moves[rng.random_range(0..moves.len())]);
        }
        if s.turn() != Turn::Terminal {
            out.push(s);
        }
    }
    out
}

fn single_jumps(c: &mut Criterion) {
    let positions = middle_games(false);
    c.bench_function("checkers find single jumps x64 (short)", |b| {
        b.iter(|| {
            for s in &positions {
                black_box(short_jumps(black_box(s.marble_layouts())));
            }
        })
    });
    c.bench_function("checkers count single jumps x64 (short)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|s| short_jumps(black_box(s.marble_layouts())).count())
                .sum::<u32>()
        })
    });
    let positions = middle_games(true);
    c.bench_function("checkers count single jumps x64 (long)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|s| long_jumps(black_box(s.marble_layouts())).count())
                .sum::<u32>()
        })
    });
}

fn chains(c: &mut Criterion) {
    for long in [false, true] {
        let positions = middle_games(long);
        let mut moves = Vec::new();
        c.bench_function(&format!("checkers all moves x64 (long={long})"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|s| {
                        moves.clear();
                        s.legal_moves(&mut moves);
                        moves.len()
                    })
                    .sum::<usize>()
            })
        });
        c.bench_function(&format!("checkers longest chain x64 (long={long})"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|s| longest(s.marble_layouts(), s.long()).length)
                    .sum::<u32>()
            })
        });
    }
}

fn perft_start(c: &mut Criterion) {
    let start = Checkers::start(&GameOptions::new()).unwrap();
    let mut group = c.benchmark_group("checkers perft");
    group.sample_size(10);
    group.bench_function("start depth 3", |b| b.iter(|| perft(black_box(&start), 3)));
    group.finish();
}

criterion_group!(benches, single_jumps, chains, perft_start);
criterion_main!(benches);
