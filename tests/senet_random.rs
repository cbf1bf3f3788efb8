//! Senet: the ply limit in random games, and property tests of notation and hashing.

use proptest::prelude::*;
use tabula::conformance::check_random_games;
use tabula::games::senet::{Board, Senet};
use tabula::{Game, GameOptions, Turn};

#[test]
fn a_short_ply_limit_ends_games_as_draws() {
    let options = GameOptions::parse("ply-limit=20").unwrap();
    let start = Senet::start(&options).unwrap();
    let summary = check_random_games(&start, &options, 50, 3);
    assert!(summary.longest <= 20, "{summary:?}");
    assert!(summary.ended_by_rules < 50, "{summary:?}");
}

/// Any board with up to five pieces a side (not both borne off), either side, any throw.
fn any_position() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0u8..3, 30),
        any::<bool>(),
        prop::sample::select(vec!["-", "1", "2", "3", "4", "6"]),
    )
        .prop_map(|(cells, light, throw)| {
            let mut counts = [0, 0];
            let squares: String = cells
                .iter()
                .map(|&c| match c {
                    1 if counts[0] < 5 => {
                        counts[0] += 1;
                        'D'
                    }
                    2 if counts[1] < 5 => {
                        counts[1] += 1;
                        'L'
                    }
                    _ => '.',
                })
                .collect();
            // Make sure both colours have a piece so any throw is allowed.
            let squares = if counts[0] == 0 {
                format!("D{}", &squares[1..])
            } else {
                squares
            };
            let squares = if !squares.contains('L') {
                format!("{}L", &squares[..29])
            } else {
                squares
            };
            format!("{squares} {} {throw}", if light { 'L' } else { 'D' })
        })
}

proptest! {
    #[test]
    fn notation_round_trips(text in any_position()) {
        let s = Senet::from_notation(&text, &GameOptions::new()).unwrap();
        prop_assert_eq!(s.notation(), text);
        prop_assert_eq!(s.hash(), s.hash_from_scratch());
    }

    #[test]
    fn playing_keeps_the_hash_and_piece_counts(text in any_position(), picks in proptest::collection::vec(any::<u8>(), 1..40)) {
        let mut s = Senet::from_notation(&text, &GameOptions::new()).unwrap();
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        for pick in picks {
            let before: Board = *s.board();
            match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    outcomes.clear();
                    s.chance_outcomes(&mut outcomes);
                    s.play(outcomes[pick as usize % outcomes.len()].0);
                }
                Turn::Player(me) => {
                    moves.clear();
                    s.legal_moves(&mut moves);
                    s.play(moves[pick as usize % moves.len()]);
                    // A move never adds pieces; the mover loses at most one (borne off), the
                    // other colour none (swaps only exchange squares).
                    let after = s.board();
                    prop_assert!(after.on_board(me) + 1 >= before.on_board(me));
                    prop_assert!(after.on_board(me) <= before.on_board(me));
                    prop_assert_eq!(after.on_board(me ^ 1), before.on_board(me ^ 1));
                    prop_assert_eq!(after.pieces[0] & after.pieces[1], 0);
                }
            }
            prop_assert_eq!(s.hash(), s.hash_from_scratch());
            let reread = Senet::from_notation(&s.notation(), &GameOptions::new()).unwrap();
            prop_assert_eq!(reread, s.clone());
        }
    }
}
