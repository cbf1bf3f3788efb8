//! The Big Bang evaluation and move hints: zero-sum, from the right seat, pointing the right way.

use rand::RngExt;
use tabula::games::bigbang::BigBang;
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn, EVAL_LIMIT};

const MAP7: &str = "map:A.....B/......./......./......./......./SSSS.../B.....A";

fn load(text: &str) -> BigBang {
    BigBang::from_notation(text, &GameOptions::new().with("board", MAP7)).unwrap()
}

#[test]
fn setup_is_even_and_the_race_favours_the_side_ahead() {
    let setup = BigBang::start(&GameOptions::new()).unwrap();
    assert_eq!(setup.evaluate(0), 0);
    // Light's A and B are one step from home, dark's far away.
    let s = load("1A3B1/7/7/3ab2/7/7/7 d");
    assert!(s.evaluate(0) > 0, "{}", s.evaluate(0));
    assert_eq!(s.evaluate(0), -s.evaluate(1));
    // The same with placer 2 playing light: now seat 1 is ahead.
    let s = load("1A3B1/7/7/3ab2/7/7/7 d1");
    assert!(s.evaluate(1) > 0 && s.evaluate(0) < 0);
}

#[test]
fn finishing_moves_are_hinted_first() {
    let s = load("1A3B1/7/7/3ab2/7/7/7 l");
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let best = moves.iter().max_by_key(|&&m| s.move_hint(m)).unwrap();
    let text = s.move_notation(*best);
    assert!(text == "b7-a7" || text == "f7-g7", "{text}");
}

#[test]
fn evaluations_stay_in_range_and_sum_to_zero() {
    let mut r = rng(2);
    let mut s = BigBang::start(&GameOptions::new()).unwrap();
    let mut moves = Vec::new();
    for _ in 0..300 {
        match s.turn() {
            Turn::Terminal => break,
            Turn::Chance => s.play(s.parse_move("coin:2").unwrap()),
            Turn::Player(_) => {
                let e = s.evaluate(0);
                assert!((-EVAL_LIMIT..=EVAL_LIMIT).contains(&e));
                assert_eq!(e, -s.evaluate(1));
                moves.clear();
                s.legal_moves(&mut moves);
                s.play(moves[r.random_range(0..moves.len())]);
            }
        }
    }
}
