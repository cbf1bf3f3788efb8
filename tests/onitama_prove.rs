//! The Onitama prover: its values equal the tablebase's, with and without tables at the leaves.

mod onitama_simple;
mod tablebase_support;
use onitama_simple::{board_text, random_cells};
use tablebase_support::random_entry;
use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::prove::Prover;
use tabula::analysis::onitama::tablebase::{build, TbValue};
use tabula::games::onitama::Onitama;
use tabula::random::rng;
use tabula::{Game, GameOptions};

use rand::RngExt;

#[test]
fn prover_without_tables_finds_the_table_values() {
    let tb = build(
        CardSet::parse("tiger,crab,boar,ox,eel").unwrap(),
        3,
        2,
        &|_| {},
    )
    .unwrap();
    let mut r = rng(11);
    let mut checked = 0;
    while checked < 300 {
        let Some((s, want)) = random_entry(&tb, &mut r) else {
            continue;
        };
        let proof = Prover::new(None, None).prove(&s, 9);
        match want {
            TbValue::Win(n) | TbValue::Loss(n) if n <= 9 => {
                assert_eq!(proof.value, Some(want), "{}", s.notation());
                // The proof's first move keeps the value.
                let mut c = s;
                c.play(proof.best.expect("a move"));
                let after = tb.probe(&c).unwrap().parent();
                if let TbValue::Win(_) = want {
                    assert_eq!(after, want, "{}", s.notation());
                }
            }
            _ => assert_eq!(proof.value, None, "{}", s.notation()),
        }
        checked += 1;
    }
}

#[test]
fn tables_at_the_leaves_give_the_same_values_sooner() {
    let tb = build(
        CardSet::parse("tiger,crab,boar,ox,eel").unwrap(),
        3,
        2,
        &|_| {},
    )
    .unwrap();
    // Four-piece positions (one student each): above the tables, whose three-piece positions are
    // reached by a capture.
    let mut r = rng(5);
    let mut proven = 0;
    for _ in 0..300 {
        let cells = random_cells(&mut r, &['M', 'm', 'S', 's']);
        let side = if r.random_range(0..2) == 0 { "r" } else { "b" };
        let text = format!("{} {side} tiger,crab boar,ox eel", board_text(&cells));
        let Ok(s) = Onitama::from_notation(&text, &GameOptions::new()) else {
            continue;
        };
        if s.is_terminal() {
            continue;
        }
        let with = Prover::new(Some(&tb), None).prove(&s, 7);
        let without = Prover::new(None, None).prove(&s, 7);
        assert_eq!(with.value, without.value, "{text}");
        assert!(with.nodes <= without.nodes, "{text}");
        proven += usize::from(with.value.is_some());
    }
    assert!(proven > 50, "{proven}");
}
