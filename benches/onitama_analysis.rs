//! Onitama analysis speed: building the 4-piece tablebase (tiger, crab, boar, ox, eel) on 1 and
//! 2 threads, and of a set holding each card's mirror image (tiger, crab, boar, ox, horse) on 2,
//! probing a table, and searching one deal's start to depth 6 as the deal survey does.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::deals::search_deal;
use tabula::analysis::onitama::tablebase::build;
use tabula::games::onitama::{Deal, Onitama};
use tabula::search::{AlphaBeta, Limits, SearchConfig};
use tabula::{Game, GameOptions};

fn tablebase(c: &mut Criterion) {
    let cards = CardSet::parse("tiger,crab,boar,ox,eel").expect("cards");
    let mut group = c.benchmark_group("onitama tablebase");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("build 4 pieces, {threads} thread(s)"), |b| {
            b.iter(|| build(black_box(cards), 4, threads, &|_| {}).expect("builds"))
        });
    }
    let mirrored = CardSet::parse("tiger,crab,boar,ox,horse").expect("cards");
    group.bench_function("build 4 pieces of a mirror set, 2 thread(s)", |b| {
        b.iter(|| build(black_box(mirrored), 4, 2, &|_| {}).expect("builds"))
    });
    let tb = build(cards, 4, 1, &|_| {}).expect("builds");
    let s = Onitama::from_notation(
        "1m3/5/2S2/5/2M2 b tiger,crab boar,ox eel",
        &GameOptions::new(),
    )
    .expect("parses");
    group.bench_function("probe", |b| b.iter(|| tb.probe(black_box(&s))));
    group.finish();
}

fn survey(c: &mut Criterion) {
    let deal = Deal::parse("tiger,crab,boar,ox,eel").expect("deal");
    let mut ab = AlphaBeta::new(SearchConfig::default());
    let mut group = c.benchmark_group("onitama deals");
    group.sample_size(10);
    group.bench_function("one deal to depth 6", |b| {
        b.iter(|| search_deal(&mut ab, black_box(&deal), Limits::depth(6)))
    });
    group.finish();
}

criterion_group!(benches, tablebase, survey);
criterion_main!(benches);
