//! Notation round trips, walks on random ladders (property tests), and the table of malformed
//! positions and moves with the error each must give.

use proptest::prelude::*;
use rand::RngExt;

use tabula::games::amidakuji::board::{Dims, Point};
use tabula::games::amidakuji::bridges::{Bridge, Kind, Ladder};
use tabula::games::amidakuji::walk::{full_walk, permutation};
use tabula::games::amidakuji::Amidakuji;
use tabula::random::rng;
use tabula::{ErrorKind, Game, GameOptions, Turn};

/// A random ladder: `n` attempts at a random free place of a random kind.
fn random_ladder(dims: Dims, n: usize, seed: u64) -> Ladder {
    let mut r = rng(seed);
    let mut l = Ladder::new(dims);
    for _ in 0..n {
        let kind = if r.random_range(0..5) == 0 {
            Kind::Long
        } else {
            Kind::Normal
        };
        let mut places = Vec::new();
        l.for_each_place(kind, |s| places.push(s));
        if places.is_empty() {
            continue;
        }
        let s = places[r.random_range(0..places.len())];
        l.add(Bridge {
            owner: r.random_range(0..2),
            kind,
            left: s.left,
            right: s.right,
        });
    }
    l
}

proptest! {
    #[test]
    fn full_walks_reach_the_far_side_and_form_a_permutation(
        cols in 5u8..=6, rows in 4u8..=12, n in 0usize..40, seed in any::<u64>()
    ) {
        let l = random_ladder(Dims { cols, rows }, n, seed);
        let perm = permutation(&l);
        let mut sorted = perm.clone();
        sorted.sort();
        prop_assert_eq!(sorted, (0..cols).collect::<Vec<_>>());
        for c in 0..cols {
            let down = full_walk(&l, Point::Top(c));
            prop_assert!(matches!(down, Point::Bottom(_)));
            // Walks are reversible: walking up from where it lands comes back.
            prop_assert_eq!(full_walk(&l, down), Point::Top(c));
            prop_assert!(matches!(full_walk(&l, Point::Bottom(c)), Point::Top(_)));
        }
    }

    #[test]
    fn positions_of_random_games_round_trip(seed in any::<u64>(), plies in 0usize..120, six in any::<bool>()) {
        let o = GameOptions::new().with("size", if six { "6x6" } else { "5x5" });
        let mut g = Amidakuji::start(&o).unwrap();
        let mut r = rng(seed);
        let mut ms = Vec::new();
        for _ in 0..plies {
            if g.turn() == Turn::Terminal { break; }
            ms.clear();
            g.legal_moves(&mut ms);
            g.play(ms[r.random_range(0..ms.len())]);
        }
        let text = g.notation();
        let back = Amidakuji::from_notation(&text, &o).unwrap();
        prop_assert_eq!(back.notation(), text);
        prop_assert_eq!(back.hash(), g.hash());
        prop_assert_eq!(g.hash(), g.hash_from_scratch());
    }
}

#[test]
fn the_rules_file_start_position() {
    let g = Amidakuji::start(&GameOptions::new()).unwrap();
    assert_eq!(g.notation(), "6x8 - -,-,- -,-,- place r");
    let g = Amidakuji::start(&GameOptions::new().with("size", "5x10")).unwrap();
    assert_eq!(g.notation(), "5x10 - -,-,- -,-,- place r");
}

#[test]
fn bridges_in_any_order_read_to_the_canonical_form() {
    let g = Amidakuji::from_notation(
        "6x8 bnd3e3,rna2b2 a^,f^,- a_,f_,- move r",
        &GameOptions::new(),
    )
    .unwrap();
    assert_eq!(g.notation(), "6x8 rna2b2,bnd3e3 a^,f^,- a_,f_,- move r");
}

#[test]
fn malformed_positions() {
    let table: &[(&str, &str)] = &[
        ("", "expected 6 fields"),
        ("6x8 - -,-,- -,-,- place", "expected 6 fields"),
        ("7x8 - -,-,- -,-,- place r", "5 or 6 columns"),
        ("6x3 - -,-,- -,-,- place r", "4 to 12 rows"),
        ("6by8 - -,-,- -,-,- place r", "COLUMNSxROWS"),
        ("6x8 xna1b1 -,-,- -,-,- place b", "owner"),
        ("6x8 rqa1b1 -,-,- -,-,- place b", "kind"),
        ("6x8 rna1c1 -,-,- -,-,- place b", "neighbouring columns"),
        ("6x8 rnb1a1 -,-,- -,-,- place b", "neighbouring columns"),
        (
            "6x8 rna1b3 -,-,- -,-,- place b",
            "bridge 'rna1b3': a normal bridge spans 0 or 1",
        ),
        (
            "6x8 rla1b2 -,-,- -,-,- place b",
            "long bridge spans exactly 2",
        ),
        (
            "6x8 rna9b9 -,-,- -,-,- place b",
            "row 9 is not on a 6x8 board",
        ),
        (
            "5x8 rne1f1 -,-,- -,-,- place b",
            "column 'f' is not on a 5x8 board",
        ),
        (
            "6x8 rna1b1,bna1b2 -,-,- -,-,- place r",
            "a1 already touches a bridge",
        ),
        ("6x8 rla1b3,rlc1d3 -,-,- -,-,- place b", "more than 1 long"),
        ("6x8 rna1b1 -,- -,-,- place b", "need 3 comma-separated"),
        ("6x8 rna1b1 a^,-,- -,-,- place b", "every marker is '-'"),
        (
            "6x8 rna1b1 -,-,- -,-,- place r",
            "phase place: blue is to place",
        ),
        ("6x8 rna1b1,rna2b2 -,-,- -,-,- place b", "they alternate"),
        ("6x8 rna1b1 -,-,- -,-,- dance b", "unknown phase"),
        ("6x8 rna1b1 -,-,- -,-,- place x", "not r or b"),
        ("6x8 rna1b1 -,-,- -,-,- start r", "can still place"),
        ("6x8 rna1b1 a^,b^,- c4s,d_,- move b", "no bridge"),
        ("6x8 rna1b1 a1,b^,- a_,d_,- move b", "needs its arrow"),
        ("6x8 rna1b1 a1q,b^,- a_,d_,- move b", "needs its arrow"),
        ("6x8 rna1b1 a^z,b^,- a_,d_,- move b", "unexpected"),
        ("6x8 rna1b1 a1s,b^,- a1x,d_,- move b", "share a1"),
        ("6x8 rna1b1 a^,b^,-' a_,d_,- move b", "cannot be marked"),
        (
            "6x8 rna1b1 a^,b^,- a_',d_,- reloc0 b",
            "only for markers still in play",
        ),
        ("6x8 rna1b1 a_,b^,R a_,d_,- move b", "share a_"),
        (
            "6x8 rna1b1 c_',b^,R a_,d_,- move b",
            "only for markers still in play",
        ),
        ("6x8 rna1b1 a^,b^,R a_,d_,- move b", "third marker"),
        ("6x8 rna1b1 a^,-,- a_,d_,- move b", "markers 1 and 2"),
        ("6x8 rna1b1 a_,b_,c_ a_,d_,- move b", "share"),
        (
            "6x8 rna1b1 e_,b_,c_ a^,d^,R move b",
            "both players have 2 arrived",
        ),
        ("6x8 rna1b1 a^,b^,- a_',d_',- move b", "none that may move"),
        (
            "6x8 rna1b1 a^,b^,- a_,d_,- reloc1 b",
            "in reloc1 red relocates",
        ),
        ("6x8 rna1b1 a^,b^,- a_,d_,- reloc4 b", "unknown phase"),
    ];
    for &(text, want) in table {
        match Amidakuji::from_notation(text, &GameOptions::new()) {
            Ok(_) => panic!("'{text}' was accepted"),
            Err(e) => {
                assert_eq!(e.kind, ErrorKind::Position, "{text}");
                assert!(
                    e.message.contains(want),
                    "'{text}': got '{}', want '{want}'",
                    e.message
                );
            }
        }
    }
}

#[test]
fn options_are_checked() {
    let e = Amidakuji::start(&GameOptions::new().with("colour", "red")).unwrap_err();
    assert!(e.message.contains("no option 'colour'"), "{e}");
    let e = Amidakuji::start(&GameOptions::new().with("size", "6x99")).unwrap_err();
    assert!(e.message.contains("4 to 12 rows"), "{e}");
    let e = Amidakuji::from_notation(
        "5x8 - -,-,- -,-,- place r",
        &GameOptions::new().with("size", "6x8"),
    )
    .unwrap_err();
    assert!(e.message.contains("5x8 board"), "{e}");
}

#[test]
fn malformed_moves() {
    let place = "6x8 rna2b2 -,-,- -,-,- place b";
    let moving = "6x8 rna2b2,bnb4c4,rna6b6 a^,c4s,- b6s,c_,- move r";
    let reloc = "6x8 rna2b2,bnb4c4 a^,c4s,- b_,c_,- reloc0 b";
    let table: &[(&str, &str, &str)] = &[
        (place, "", "empty move"),
        (place, "hello", "is not a move"),
        (place, "na2b3", "already touches"),
        (place, "na1c1", "neighbouring columns"),
        (place, "na1b4", "normal bridge spans"),
        (place, "nz1a1", "column 'z'"),
        (place, "na0b1", "row 0"),
        (place, "a_", "not played in phase place"),
        (place, "pass", "not played in phase place"),
        (moving, "4", "numbered 1 to 3"),
        (moving, "3", "not in play"),
        (moving, "2!", "no two of the mover's markers"),
        (moving, "1@a^", "not in reserve"),
        (moving, "1@a_", "own side"),
        (moving, "na1b1", "not played in phase move"),
        (reloc, "na2b2>na3b3", "own bridges"),
        (reloc, "nb4c4>nb4c4", "marker"),
        (reloc, "na5b5>na3b3", "no bridge has its left end on a5"),
        (reloc, "nb4c5>na3b3", "the bridge at b4 is nb4c4"),
        (reloc, "2", "not played in phase reloc0"),
    ];
    for &(text, mv, want) in table {
        let g = Amidakuji::from_notation(text, &GameOptions::new()).unwrap();
        match g.parse_move(mv) {
            Ok(m) => panic!("'{mv}' accepted at {text} as {m:?}"),
            Err(e) => {
                assert_eq!(e.kind, ErrorKind::Move, "{mv}");
                assert!(
                    e.message.contains(want),
                    "'{mv}' at {text}: got '{}', want '{want}'",
                    e.message
                );
            }
        }
    }
}
