//! Random Amidakuji games that must reach every phase, push and knock-out, and the evaluation's
//! bounds and symmetry along them (the generic invariants are in `tests/conformance.rs`).

use tabula::games::amidakuji::Amidakuji;
use tabula::{Game, GameOptions};

#[test]
fn random_games_cover_every_phase_pushes_and_knock_outs() {
    use rand::RngExt;
    use tabula::games::amidakuji::{Move, Phase};
    use tabula::Turn;
    let o = GameOptions::new().with("size", "5x5");
    let mut phases = [0u32; 4];
    let (mut pushes, mut entries, mut wins) = (0, 0, 0);
    let mut r = tabula::random::rng(9);
    for _ in 0..30 {
        let mut g = Amidakuji::start(&o).unwrap();
        let mut ms = Vec::new();
        for _ in 0..400 {
            if g.turn() == Turn::Terminal {
                wins += 1;
                break;
            }
            phases[match g.phase() {
                Phase::Place => 0,
                Phase::Start => 1,
                Phase::Move => 2,
                Phase::Reloc(_) => 3,
            }] += 1;
            ms.clear();
            g.legal_moves(&mut ms);
            let m = ms[r.random_range(0..ms.len())];
            match m {
                Move::Marker { push: true, .. } => pushes += 1,
                Move::Marker { enter: Some(_), .. } => entries += 1,
                _ => {}
            }
            g.play(m);
        }
    }
    assert!(phases.iter().all(|&n| n > 0), "{phases:?}");
    assert!(
        pushes > 0 && entries > 0 && wins > 0,
        "{pushes} {entries} {wins}"
    );
}

#[test]
fn evaluation_is_bounded_and_antisymmetric_and_hints_favour_winning_moves() {
    use rand::RngExt;
    use tabula::{Turn, EVAL_LIMIT};
    let o = GameOptions::new().with("size", "5x6");
    let mut r = tabula::random::rng(4);
    for _ in 0..10 {
        let mut g = Amidakuji::start(&o).unwrap();
        let mut ms = Vec::new();
        for _ in 0..200 {
            let e = g.evaluate(0);
            assert!(e.abs() <= EVAL_LIMIT);
            assert_eq!(e, -g.evaluate(1));
            if g.turn() == Turn::Terminal {
                break;
            }
            ms.clear();
            g.legal_moves(&mut ms);
            g.play(ms[r.random_range(0..ms.len())]);
        }
    }
    // Red can win at once with marker 2 (e^ straight to e_): that move is hinted above marker 3 entering at a^.
    let g = Amidakuji::from_notation(
        "6x8 rna2b2,rnb4c4 c_,e^,R a_,f_,- move r",
        &o.clone().with("size", "6x8"),
    )
    .unwrap();
    let two = g.parse_move("2").unwrap();
    let three = g.parse_move("3@a^").unwrap();
    assert!(g.move_hint(two) > g.move_hint(three));
    let mut after = g.clone();
    after.play(two);
    assert!(after.evaluate(0) > g.evaluate(0));
}
