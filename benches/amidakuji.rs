//! Amidakuji speed: perft from placement, movement and relocation positions, and the puzzle
//! solver on a random full layout.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tabula::games::amidakuji::board::Dims;
use tabula::games::amidakuji::solo::{random_layout, solve, SoloLimits, SoloRules};
use tabula::games::amidakuji::Amidakuji;
use tabula::perft::perft;
use tabula::{Game, GameOptions};

fn bench(c: &mut Criterion) {
    let o = GameOptions::new();
    let cases = [
        ("place", "6x8 - -,-,- -,-,- place r", 2),
        (
            "move",
            "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3 c_,a2s',R' R,b6x,a^ move b",
            3,
        ),
        (
            "reloc",
            "6x8 rna2b2,bnb4c4,rnb6c7,bnd3e3,rle1f3,rnd6e6 b4x,c4s,- R,e3s,- reloc0 b",
            2,
        ),
    ];
    for (name, text, depth) in cases {
        let g = Amidakuji::from_notation(text, &o).unwrap();
        c.bench_function(&format!("amidakuji perft {name} {depth}"), |b| {
            b.iter(|| perft(black_box(&g), depth))
        });
    }
    let l = random_layout(Dims::DEFAULT, 1);
    c.bench_function("amidakuji solo 6x8 random", |b| {
        b.iter(|| solve(black_box(&l), SoloRules::default(), SoloLimits::default()).score)
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
