//! Onitama speed: move generation and bulk counting on a few positions, and perft to depth 5 and
//! 6 from the benchmark deal (Red horse, elephant; Blue ox, boar; crab aside), counting the last
//! ply (bulk) and making every leaf move (leaves).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tabula::games::onitama::Onitama;
use tabula::{perft, Game, GameOptions};

const POSITIONS: [(&str, &str); 3] = [
    ("start", "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab"),
    (
        "middle",
        "s1m1s/2s2/1S1S1/5/2M1S r tiger,monkey crane,rabbit frog",
    ),
    ("pass", "M3s/S4/S3m/S4/S4 r horse,tiger boar,ox crab"),
];

fn position(text: &str) -> Onitama {
    Onitama::from_notation(text, &GameOptions::new()).expect("bench position parses")
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("onitama movegen");
    for (name, text) in POSITIONS {
        let state = position(text);
        let mut buf = Vec::with_capacity(64);
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
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        group.bench_function(format!("play all {name}"), |b| {
            b.iter(|| {
                let mut h = 0u64;
                for &m in &moves {
                    let mut next = *black_box(&state);
                    next.play(m);
                    h ^= next.hash();
                }
                h
            })
        });
        group.bench_function(format!("evaluate {name}"), |b| {
            b.iter(|| black_box(&state).evaluate(0))
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let state = position(POSITIONS[0].1);
    let mut group = c.benchmark_group("onitama perft");
    group.sample_size(20);
    for depth in [5, 6] {
        for method in [perft::Method::Bulk, perft::Method::Leaves] {
            group.bench_function(format!("depth {depth} {}", method.name()), |b| {
                b.iter(|| perft::perft_by(black_box(&state), depth, method))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
