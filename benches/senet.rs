//! Senet speed: move generation (perft from the start), evaluation, and the exact solver on a
//! two-against-two endgame.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tabula::games::senet::endgame::{solve, Limits};
use tabula::games::senet::Senet;
use tabula::perft::perft;
use tabula::{Game, GameOptions};

fn senet(c: &mut Criterion) {
    let start = Senet::start(&GameOptions::new()).unwrap();
    c.bench_function("senet perft 4 from the start", |b| {
        b.iter(|| perft(black_box(&start), 4))
    });
    let mid =
        Senet::from_notation("..L.D.LL..DD.L...D.L......D... D 3", &GameOptions::new()).unwrap();
    c.bench_function("senet evaluate", |b| b.iter(|| black_box(&mid).evaluate(0)));
    let end =
        Senet::from_notation("....................D.D.LL.... D -", &GameOptions::new()).unwrap();
    c.bench_function("senet solve 2 v 2", |b| {
        b.iter(|| solve(black_box(&end), &Limits::default()).unwrap().win)
    });
}

criterion_group!(benches, senet);
criterion_main!(benches);
