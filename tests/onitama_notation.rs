//! Onitama's notation at the border: malformed positions, moves and options with the error each
//! must give, and property tests of the round trips and the incremental hash.

use proptest::prelude::*;
use tabula::games::onitama::{Card, Deal, Onitama};
use tabula::{ErrorKind, Game, GameOptions, Turn};

const START: &str = "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab";

/// Malformed positions and (a fragment of) the message each must give.
const BAD_POSITIONS: &[(&str, &str)] = &[
    ("", "5 fields"),
    ("ssmss/5/5/5/SSMSS b elephant,horse boar,ox", "found 4"),
    (
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab extra",
        "found 6",
    ),
    ("ssmss/5/5/SSMSS b elephant,horse boar,ox crab", "4 rank(s)"),
    (
        "ssmss/5/5/5/5/SSMSS b elephant,horse boar,ox crab",
        "6 rank(s)",
    ),
    (
        "ssmss/6/5/5/SSMSS b elephant,horse boar,ox crab",
        "'6' in rank 4",
    ),
    (
        "ssmss/5/5/5/SSMSSS b elephant,horse boar,ox crab",
        "rank 1 'SSMSSS' has 6 squares",
    ),
    (
        "ssmss/4/5/5/SSMSS b elephant,horse boar,ox crab",
        "rank 4 '4' has 4 squares",
    ),
    (
        "ssmss/5/2x2/5/SSMSS b elephant,horse boar,ox crab",
        "'x' in rank 3",
    ),
    (
        "ssmss/5/0/5/SSMSS b elephant,horse boar,ox crab",
        "'0' in rank 3",
    ),
    (
        "ssmss/5/5/5/SMMSS b elephant,horse boar,ox crab",
        "Red has 2 masters",
    ),
    (
        "smmss/5/5/5/SSMSS b elephant,horse boar,ox crab",
        "Blue has 2 masters",
    ),
    (
        "ssmss/5/5/S4/SSMSS b elephant,horse boar,ox crab",
        "Red has 5 students",
    ),
    (
        "ssmss/5/5/5/SSMSS x elephant,horse boar,ox crab",
        "side to move 'x'",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant boar,ox crab",
        "Red's hand 'elephant' must be two cards",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox,eel crab",
        "Blue's hand",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant,hrose boar,ox crab",
        "unknown card 'hrose' in Red's hand",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crub",
        "unknown card 'crub' in the side card",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant,horse boar,elephant crab",
        "elephant appears in Red's hand and in Blue's hand",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant,elephant boar,ox crab",
        "twice in Red's hand",
    ),
    (
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox ox",
        "ox appears in Blue's hand and in the side card",
    ),
    (
        "ss1ss/5/5/5/SS1SS b elephant,horse boar,ox crab",
        "both colours have lost",
    ),
    (
        "ssMss/5/5/5/SSmSS r elephant,horse boar,ox crab",
        "both colours have lost",
    ),
];

/// Malformed or illegal moves in the start position above (Blue to move) and the message.
const BAD_MOVES: &[(&str, &str)] = &[
    ("", "is not card:from-to"),
    ("boar", "is not card:from-to"),
    ("boar-c5c4", "is not card:from-to"),
    ("bore:c5c4", "unknown card 'bore'"),
    ("tiger:c5c4", "blue does not hold tiger (it holds boar, ox)"),
    ("horse:c5c4", "blue does not hold horse"),
    ("boar:c5", "'c5' in 'boar:c5' is not two squares"),
    ("boar:c5c4x", "is not two squares"),
    ("boar:f5f4", "'f5f4' in 'boar:f5f4' is not two squares"),
    ("boar:c6c5", "is not two squares"),
    ("boar:c3c2", "no pawn on c3"),
    ("boar:c1c2", "c1 holds a red pawn, not one of blue's"),
    ("boar:c5c3", "boar does not move a blue pawn from c5 to c3"),
    ("ox:c5c6", "is not two squares"),
    ("ox:c5d5", "ox does not move a blue pawn from c5 to d5"),
    ("boar:c5b5", "b5 holds a blue pawn already"),
    ("boar:pass", "blue cannot pass: it has 10 legal move(s)"),
    ("boar:c5c4é", "is not two squares"),
];

#[test]
fn malformed_positions_are_rejected_with_a_reason() {
    for (text, fragment) in BAD_POSITIONS {
        let err = Onitama::from_notation(text, &GameOptions::new())
            .expect_err(&format!("'{text}' should not parse"));
        assert_eq!(err.kind, ErrorKind::Position, "{text}");
        assert!(
            err.message.contains(fragment),
            "'{text}': message '{}' lacks '{fragment}'",
            err.message
        );
        assert!(!err.to_string().contains('\n'), "one line: {err}");
    }
    assert!(BAD_POSITIONS.len() + BAD_MOVES.len() >= 15);
}

#[test]
fn malformed_moves_are_rejected_with_a_reason() {
    let state = Onitama::from_notation(START, &GameOptions::new()).unwrap();
    for (text, fragment) in BAD_MOVES {
        let err = state
            .parse_move(text)
            .expect_err(&format!("'{text}' should not parse"));
        assert_eq!(err.kind, ErrorKind::Move, "{text}");
        assert!(
            err.message.contains(fragment),
            "'{text}': message '{}' lacks '{fragment}'",
            err.message
        );
    }
}

#[test]
fn bad_options_are_rejected_with_a_reason() {
    let cases: &[(&[(&str, &str)], &str)] = &[
        (
            &[("cards", "tiger,crab,boar,ox")],
            "names 4 card(s); it needs 5",
        ),
        (
            &[("cards", "tiger,crab,boar,ox,eel,cobra")],
            "names 6 card(s)",
        ),
        (
            &[("cards", "tiger,crab,bore,ox,eel")],
            "'bore' (Blue's first card, position 3 in the list) is not a card",
        ),
        (&[("cards", "tiger,crab,boar,ox,tigr")], "position 5"),
        (
            &[("cards", "tiger,crab,boar,TIGER,eel")],
            "'TIGER' at position 4 repeats position 1",
        ),
        (
            &[("cards", "tiger,crab,boar,ox,eel"), ("seed", "3")],
            "either cards or seed",
        ),
        (
            &[("seed", "-1")],
            "seed='-1' is not a non-negative whole number",
        ),
        (&[("seed", "x")], "seed='x'"),
        (&[("ply-limit", "0")], "ply-limit=0 is out of range"),
        (
            &[("ply-limit", "lots")],
            "ply-limit='lots' is not a whole number",
        ),
        (&[("players", "3")], "onitama has no option 'players'"),
    ];
    for (pairs, fragment) in cases {
        let mut options = GameOptions::new();
        for (k, v) in pairs.iter() {
            options.set(k, v);
        }
        let err = Onitama::start(&options).expect_err(&format!("{pairs:?} should fail"));
        assert_eq!(err.kind, ErrorKind::Option, "{pairs:?}");
        assert!(
            err.message.contains(fragment),
            "{pairs:?}: message '{}' lacks '{fragment}'",
            err.message
        );
    }
}

#[test]
fn printed_positions_and_moves_read_back() {
    let state = Onitama::from_notation(START, &GameOptions::new()).unwrap();
    assert_eq!(state.notation(), START);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for m in moves {
        let text = state.move_notation(m);
        assert_eq!(state.parse_move(&text).unwrap(), m);
        assert_eq!(
            state
                .parse_move(&format!("  {}  ", text.to_uppercase()))
                .unwrap(),
            m
        );
    }
}

#[test]
fn render_shows_board_labels_cards_and_side() {
    let state = Onitama::from_notation(START, &GameOptions::new()).unwrap();
    let text = state.render();
    for needle in [
        "a b c d e",
        "  5  s s m s s  5",
        "  1  S S M S S  1",
        "elephant",
        "horse",
        "boar",
        "ox",
        "side card: crab",
        "blue to move",
    ] {
        assert!(text.contains(needle), "render lacks '{needle}':\n{text}");
    }
    // Horse for Red: (0,1) is drawn above the pawn 'o' in the middle of its picture.
    let lines: Vec<&str> = text.lines().collect();
    let red = lines.iter().position(|l| l.contains("red:")).unwrap();
    assert_eq!(lines[red + 2].trim(), ". x . x .     . . x . .");
    assert_eq!(lines[red + 3].trim(), ". x o x .     . x o . .");
    assert_eq!(lines[red + 4].trim(), ". . . . .     . . x . .");
}

/// Plays `plies` moves chosen by `choices` from the deal of `seed`; the visited positions.
fn playout(seed: u64, choices: &[u8]) -> Vec<Onitama> {
    let mut state = Onitama::from_deal(&Deal::random(seed), 300);
    let mut seen = vec![state];
    let mut moves = Vec::new();
    for &c in choices {
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        state.play(moves[c as usize % moves.len()]);
        seen.push(state);
    }
    seen
}

/// Any position with the given pieces and cards (masters may be missing: then it is terminal).
fn arbitrary_position() -> impl Strategy<Value = String> {
    (
        proptest::sample::subsequence((0..25u8).collect::<Vec<_>>(), 0..=10),
        proptest::sample::subsequence((0..16usize).collect::<Vec<_>>(), 5),
        any::<u8>(),
        any::<bool>(),
    )
        .prop_map(|(squares, cards, shuffle, blue)| {
            let mut board = ['.'; 25];
            for (i, &sq) in squares.iter().enumerate() {
                board[sq as usize] = match i {
                    0 => 'M',
                    1 => 'm',
                    i if i % 2 == 0 => 'S',
                    _ => 's',
                };
            }
            let mut cards: Vec<&str> = cards.iter().map(|&i| Card::ALL[i].name()).collect();
            cards.rotate_left(shuffle as usize % 5);
            let ranks: Vec<String> = (0..5)
                .rev()
                .map(|r| {
                    board[r * 5..r * 5 + 5]
                        .iter()
                        .collect::<String>()
                        .replace('.', "1")
                })
                .collect();
            format!(
                "{} {} {},{} {},{} {}",
                ranks.join("/"),
                if blue { "b" } else { "r" },
                cards[0],
                cards[1],
                cards[2],
                cards[3],
                cards[4]
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn playouts_keep_hash_and_notation(seed in 0u64..1000, choices in proptest::collection::vec(any::<u8>(), 0..80)) {
        for state in playout(seed, &choices) {
            prop_assert_eq!(state.hash(), state.hash_from_scratch());
            let text = state.notation();
            let back = Onitama::from_notation(&text, &GameOptions::new()).unwrap();
            prop_assert_eq!(back, state);
            prop_assert_eq!(back.notation(), text);
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            for m in moves {
                prop_assert_eq!(state.parse_move(&state.move_notation(m)).unwrap(), m);
            }
        }
    }

    #[test]
    fn any_valid_position_round_trips(text in arbitrary_position()) {
        // Runs of '1' are not the canonical form; the printed form must still read back equal.
        match Onitama::from_notation(&text, &GameOptions::new()) {
            Ok(state) => {
                let printed = state.notation();
                let back = Onitama::from_notation(&printed, &GameOptions::new()).unwrap();
                prop_assert_eq!(back, state);
                prop_assert_eq!(back.notation(), printed.clone());
                prop_assert_eq!(state.hash(), state.hash_from_scratch());
                if state.turn() == Turn::Terminal {
                    prop_assert!(state.winner().is_some());
                }
            }
            Err(e) => prop_assert!(e.message.contains("both colours have lost"), "{}: {}", text, e),
        }
    }
}

#[test]
fn positions_from_parts_are_checked_like_text() {
    use tabula::games::onitama::{Bitboard, Color};
    let card = |n: &str| Card::from_name(n).unwrap();
    let (red, blue, side) = (
        [card("tiger"), card("crab")],
        [card("boar"), card("ox")],
        card("eel"),
    );
    // Masters on c1 (bit 2) and c5 (bit 22), a red student on a1, a blue student on e5.
    let masters = [Bitboard(1 << 2), Bitboard(1 << 22)];
    let pieces = [Bitboard(1 << 2 | 1), Bitboard(1 << 22 | 1 << 24)];
    let built = Onitama::from_parts(pieces, masters, red, blue, side, Color::Blue, 300).unwrap();
    let read = Onitama::from_notation(
        "2m1s/5/5/5/S1M2 b tiger,crab boar,ox eel",
        &GameOptions::new(),
    )
    .unwrap();
    assert_eq!(built.notation(), read.notation());
    assert_eq!(built.hash(), read.hash());

    let both = [Bitboard(1 << 2 | 1), Bitboard(1 << 22 | 1)];
    let err = Onitama::from_parts(both, masters, red, blue, side, Color::Blue, 300).unwrap_err();
    assert!(err.message.contains("both colours"), "{err}");
    let stray = [Bitboard(1), Bitboard(1 << 22)];
    let err = Onitama::from_parts(stray, masters, red, blue, side, Color::Blue, 300).unwrap_err();
    assert!(err.message.contains("not among"), "{err}");
    let err = Onitama::from_parts(
        pieces,
        masters,
        red,
        [card("tiger"), card("ox")],
        side,
        Color::Blue,
        300,
    )
    .unwrap_err();
    assert!(err.message.contains("card tiger appears"), "{err}");
}
