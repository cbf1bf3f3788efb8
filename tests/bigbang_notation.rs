//! Big Bang text at the border: board maps, positions and moves that must be rejected (each with
//! the message it must give), the notation extensions, and round trips.

use tabula::games::bigbang::map::Board;
use tabula::games::bigbang::BigBang;
use tabula::{ErrorKind, Game, GameOptions, Turn};

const MAP7: &str = "map:A.....B/......./......./......./......./SSSS.../B.....A";

fn map_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tabula-bigbang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_board_map_file_loads_with_comments_spaces_and_holes() {
    let path = map_file(
        "good.map",
        "; a small board\n\nA . S #\n. . S .\n# S S B\n; end\nB . . A\n",
    );
    let s = BigBang::start(&GameOptions::new().with("board", &path)).unwrap();
    assert_eq!(s.board().width, 4);
    assert_eq!(s.board().height, 4);
    assert_eq!(s.board().total, 4);
    assert_eq!(s.notation(), "3/4/3/4 s1");
    assert!(s.render().contains("##"));
}

#[test]
fn each_kind_of_bad_board_map_is_rejected_with_its_reason() {
    let twelve = "...........\n".repeat(12);
    let cases: &[(&str, &str, &str)] = &[
        (
            "shape.map",
            "A.S\n..S.\nB.S\n",
            "line 2: 4 cells, but the first row has 3",
        ),
        ("wide.map", "A.S.........\n", "12 cells; at most 11"),
        ("tall.map", &twelve, "12 rows; at most 11"),
        (
            "symbol.map",
            "A.S\n.x.\nA.S\n",
            "line 2: unknown symbol 'x' in column 2",
        ),
        ("odd.map", "A.S\nA.S\nA.S\n", "type A has 3 finish cells"),
        (
            "starts.map",
            "A.S\n..S\nA.S\n",
            "3 start cells but 2 finish cells",
        ),
        ("none.map", "...\n...\n", "no finish cells"),
        ("empty.map", "; nothing\n\n", "no rows"),
    ];
    for (name, text, expected) in cases {
        let path = map_file(name, text);
        let err = BigBang::start(&GameOptions::new().with("board", &path)).unwrap_err();
        assert_eq!(err.kind, ErrorKind::File, "{name}");
        assert!(err.message.contains(expected), "{name}: {}", err.message);
        assert!(
            err.message.contains(name),
            "the error names the file: {}",
            err.message
        );
    }
    let err = Board::load("/nonexistent/board.map").unwrap_err();
    assert!(
        err.message.contains("board map '/nonexistent/board.map'"),
        "{err:?}"
    );
    // A byte-order mark (as Windows editors write) is not a symbol of the map.
    let dir = std::env::temp_dir().join(format!("tabula-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bom.map");
    std::fs::write(&path, "\u{feff}SS\nAA\n").unwrap();
    let with_bom = Board::load(path.to_str().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(with_bom.is_ok(), "{:?}", with_bom.err());
    let err = BigBang::start(&GameOptions::new().with("board", "map:A.S/.x./A.S")).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Option);
    assert!(err.message.contains("unknown symbol 'x'"), "{err:?}");
    let err = BigBang::start(&GameOptions::new().with("colour", "red")).unwrap_err();
    assert!(err.message.contains("no option 'colour'"), "{err:?}");
    let err = BigBang::start(&GameOptions::new().with("ply-limit", "0")).unwrap_err();
    assert!(err.message.contains("out of range"), "{err:?}");
}

#[test]
fn malformed_positions_are_rejected_with_their_reason() {
    let e = "11/11/11/11/11/11/11/11/11/11";
    let cases: &[(&str, &str, &str)] = &[
        ("", "", "is not '<ranks> <state>'"),
        ("", "11/11 s1", "2 ranks given; the board has 11"),
        (
            "",
            &format!("10/{e} s1"),
            "rank 11 has 10 cells; the board has 11",
        ),
        ("", &format!("12/{e} s1"), "run of 12 empty cells"),
        ("", &format!("0/{e} s1"), "run of 0 empty cells"),
        (
            "",
            &format!("{}/{e} s1", "9".repeat(40)),
            "empty cells (allowed 1 to 11)",
        ),
        ("", &format!("X10/{e} s1"), "unknown counter 'X'"),
        ("", &format!("*10/{e} s1"), "unexpected '*'"),
        (
            "",
            &format!("11A/{e} s1"),
            "rank 11 has more than the 11 cells",
        ),
        ("", &format!("11/{e} x"), "unknown state 'x'"),
        ("", &format!("11/{e} s1 pass"), "only a position in play"),
        (
            "",
            &format!("A10/{e} s2"),
            "the counter on a11 is off the start zone",
        ),
        (
            "",
            "11/11/11/3AAA5/11/11/11/11/11/11/11 s2",
            "3 light A counters; this board has 2",
        ),
        (
            "",
            "11/11/11/3GG6/11/11/11/11/11/11/11 s1",
            "2 light G counters; this board has 1",
        ),
        (
            "",
            "11/11/11/3A7/11/11/11/11/11/11/11 s1",
            "placer 2 places next, not placer 1",
        ),
        (
            "",
            "11/11/11/3A7/11/11/11/11/11/11/11 ?",
            "'?' needs the start zone full (1 of 28",
        ),
        (
            "",
            "11/11/11/3A7/11/11/11/11/11/11/11 l",
            "play needs all 28 counters on the board (1 found)",
        ),
        (
            MAP7,
            "B6/7/7/7/7/aAb4/7 l",
            "B on a7 stands on another type's finish cell",
        ),
        (MAP7, "A5B/7/7/7/7/7/b5a l", "both colours have finished"),
        (MAP7, "A6/7/7/7/7/aBb4/7 l pass2", "unknown word 'pass2'"),
        (
            MAP7,
            "A5B/7/7/7/7/ab5/7 d pass",
            "cannot have a pass after the win",
        ),
        (MAP7, "7/7/7/7/7/aAbB3/7 s1", "all counters are placed"),
    ];
    for (map, text, expected) in cases {
        let options = if map.is_empty() {
            GameOptions::new()
        } else {
            GameOptions::new().with("board", map)
        };
        let err = BigBang::from_notation(text, &options).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Position, "{text}");
        assert!(err.message.contains(expected), "{text}: {}", err.message);
    }
}

#[test]
fn malformed_and_illegal_moves_are_rejected_with_their_reason() {
    let o = GameOptions::new().with("board", MAP7);
    let setup = BigBang::start(&o).unwrap();
    let coin = BigBang::from_notation("7/7/7/7/7/aAbB3/7 ?", &o).unwrap();
    let play = BigBang::from_notation("A6/7/7/3B3/7/1a1b3/7 l", &o).unwrap();
    let over = BigBang::from_notation("A5B/7/7/7/7/ab5/7 d", &o).unwrap();
    let cases: &[(&BigBang, &str, &str)] = &[
        (&setup, "hello", "not a move"),
        (&setup, "Z@a2", "'Z' is not a counter"),
        (&setup, "AB@a2", "'AB' is not a counter"),
        (&setup, "A@z9", "z9 is off the board"),
        (&setup, "A@a0", "'a0' is not a cell"),
        (&setup, "A@a", "'a' is not a cell"),
        (&setup, "A@a3", "a3 is not a start cell"),
        (&setup, "a2-a3", "counters move only in play"),
        (&setup, "pass", "no passing during setup"),
        (&setup, "coin:1", "only when setup is over"),
        (&coin, "A@a2", "the coin is to be tossed"),
        (&coin, "coin:3", "placer 1 or 2"),
        (&play, "A@a2", "placements only during setup"),
        (&play, "a7-b6", "finished and never moves again"),
        (&play, "c4-c5", "no counter on c4"),
        (&play, "b2-b3", "is not light's"),
        (&play, "d4-d4", "a move must end on another cell"),
        (&play, "d4-b2", "b2 is taken"),
        (&play, "d4-d7", "no step or jump chain reaches it"),
        (&play, "d4-g7", "no step or jump chain reaches it"),
        (&play, "pass", "only when no move exists"),
        (&over, "a2-a3", "the game is over"),
    ];
    for (state, text, expected) in cases {
        let err = state.parse_move(text).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Move, "{text}");
        assert!(err.message.contains(expected), "{text}: {}", err.message);
        assert!(
            err.message.starts_with(text),
            "the error quotes the move: {}",
            err.message
        );
    }
}

#[test]
fn the_rules_form_and_the_extended_form_of_the_state_read_alike() {
    let o = GameOptions::new().with("board", MAP7);
    let read = |t: &str| BigBang::from_notation(t, &o).unwrap();
    // Plain l / d: placer 1 plays light.
    assert_eq!(
        read("7/7/7/7/7/aAbB3/7 l1").notation(),
        "7/7/7/7/7/aAbB3/7 l"
    );
    assert_eq!(
        read("7/7/7/7/7/aAbB3/7 d2").notation(),
        "7/7/7/7/7/aAbB3/7 d"
    );
    assert_eq!(read("7/7/7/7/7/aAbB3/7 d").turn(), Turn::Player(1));
    // Placer 2 plays light: the digit names the placer to move.
    let s = read("7/7/7/7/7/aAbB3/7 d1");
    assert_eq!((s.light_seat(), s.turn()), (1, Turn::Player(0)));
    let s = read("7/7/7/7/7/aAbB3/7 l2");
    assert_eq!((s.light_seat(), s.turn()), (1, Turn::Player(1)));
    assert_eq!(
        read("  7/7/7/7/7/aAbB3/7   l2 ").notation(),
        "7/7/7/7/7/aAbB3/7 l2"
    );
    // Hashes tell the extensions apart.
    assert_ne!(
        read("7/7/7/7/7/aAbB3/7 l").hash(),
        read("7/7/7/7/7/aAbB3/7 l2").hash()
    );
    assert_ne!(
        read("7/7/7/7/7/aAbB3/7 l").hash(),
        read("7/7/7/7/7/aAbB3/7 l pass").hash()
    );
}

#[test]
fn positions_round_trip_through_the_notation() {
    let o = GameOptions::new();
    for text in [
        "11/11/11/11/11/11/11/11/11/11/11 s1",
        "11/11/11/3Aa1b4/11/11/11/11/11/11/11 s2",
    ] {
        let s = BigBang::from_notation(text, &o).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(s.notation(), text);
        assert_eq!(s.hash(), s.hash_from_scratch());
    }
    // A full start zone, then play with placer 2 light, after a pass.
    let mut s = BigBang::start(&o).unwrap();
    let mut list = Vec::new();
    for i in 0..28 {
        list.clear();
        s.legal_moves(&mut list);
        s.play(list[(i * 7919) % list.len()]);
    }
    assert_eq!(s.turn(), Turn::Chance);
    for extra in ["?", "l2", "d1", "l", "d", "l2 pass", "d draw"] {
        let ranks = s.notation().split(' ').next().unwrap().to_string();
        let text = format!("{ranks} {extra}");
        let t = BigBang::from_notation(&text, &o).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.notation(), text);
    }
}

mod properties {
    use proptest::prelude::*;
    use rand::RngExt;
    use tabula::games::bigbang::BigBang;
    use tabula::random::rng;
    use tabula::{Game, GameOptions, Turn};

    /// A position reached by `plies` seeded random moves on the default board.
    fn reached(seed: u64, plies: usize) -> BigBang {
        let mut s = BigBang::start(&GameOptions::new()).unwrap();
        let mut r = rng(seed);
        let mut moves = Vec::new();
        for _ in 0..plies {
            match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let coin = if r.random_range(0..2) == 0 {
                        "coin:1"
                    } else {
                        "coin:2"
                    };
                    s.play(s.parse_move(coin).unwrap());
                }
                Turn::Player(_) => {
                    moves.clear();
                    s.legal_moves(&mut moves);
                    s.play(moves[r.random_range(0..moves.len())]);
                }
            }
        }
        s
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn positions_round_trip_with_their_hash(seed in any::<u64>(), plies in 0usize..80) {
            let s = reached(seed, plies);
            let text = s.notation();
            let back = BigBang::from_notation(&text, &GameOptions::new()).unwrap();
            prop_assert_eq!(back.notation(), text);
            prop_assert_eq!(back.hash(), s.hash());
            prop_assert_eq!(s.hash(), s.hash_from_scratch());
            prop_assert!(back == s);
        }

        #[test]
        fn any_text_is_read_or_rejected_without_panic(text in "[a-hA-H0-9/ ?sldpr#x-]{0,60}") {
            let _ = BigBang::from_notation(&text, &GameOptions::new());
        }

        #[test]
        fn a_damaged_position_is_read_or_rejected_without_panic(
            seed in any::<u64>(), plies in 0usize..60, at in any::<usize>(), ch in "[a-hA-H0-9/ ?x]"
        ) {
            let text = reached(seed, plies).notation();
            let mut chars: Vec<char> = text.chars().collect();
            let i = at % chars.len();
            chars[i] = ch.chars().next().unwrap();
            let damaged: String = chars.into_iter().collect();
            if let Ok(s) = BigBang::from_notation(&damaged, &GameOptions::new()) {
                prop_assert_eq!(s.hash(), s.hash_from_scratch());
            }
        }

        #[test]
        fn any_move_text_is_read_or_rejected_without_panic(
            seed in any::<u64>(), plies in 0usize..60, text in "[a-hA-Hk-z0-9@:-]{0,8}"
        ) {
            let s = reached(seed, plies);
            if let Ok(m) = s.parse_move(&text) {
                let mut legal = Vec::new();
                s.legal_moves(&mut legal);
                let mut outcomes = Vec::new();
                s.chance_outcomes(&mut outcomes);
                prop_assert!(legal.contains(&m) || outcomes.iter().any(|(o, _)| *o == m));
            }
        }
    }
}
