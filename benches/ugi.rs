//! The cost of playing through the engine protocol: one Onitama move at depth 1 (and depth 4)
//! from the built-in alpha-beta bot, and from the same bot served by `tabula ugi` in its own
//! process and driven by the arena's `UgiAgent` (the `position` and `go` lines, the search, the
//! `info` lines and `bestmove` back through the pipes). The difference is the per-move
//! overhead of an external engine.

use criterion::{criterion_group, criterion_main, Criterion};
use tabula::agent::{build, Agent, EngineSpec, MoveClock};
use tabula::games::onitama::Onitama;
use tabula::history::History;
use tabula::protocol::UgiAgent;
use tabula::{Game, GameOptions};

fn per_move(c: &mut Criterion) {
    let options = GameOptions::new();
    let mut game = History::new(Onitama::start(&options).expect("the default deal"));
    for text in ["boar:d5d4", "horse:c1c2"] {
        let mv = game.state().parse_move(text).expect("a legal move");
        game.play(mv);
    }
    let clock = MoveClock::none();
    for depth in [1, 4] {
        let built_in = format!("alphabeta:depth={depth},hash=1");
        let mut inside = build::<Onitama>(&EngineSpec::parse(&built_in).unwrap(), 1).unwrap();
        let external = format!(
            "ugi:name=u,depth={depth},option.Hash=1,cmd={} ugi onitama",
            env!("CARGO_BIN_EXE_tabula")
        );
        let spec = EngineSpec::parse(&external).unwrap();
        let mut outside = UgiAgent::<Onitama>::new(&spec, &options, None).unwrap();
        outside.ready().expect("tabula ugi starts");
        c.bench_function(&format!("onitama move depth {depth} built in"), |b| {
            b.iter(|| inside.play(&game, &clock).unwrap())
        });
        c.bench_function(
            &format!("onitama move depth {depth} through tabula ugi"),
            |b| b.iter(|| outside.play(&game, &clock).unwrap()),
        );
    }
}

criterion_group!(benches, per_move);
criterion_main!(benches);
