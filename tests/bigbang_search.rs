//! The generic searchers on Big Bang: alpha-beta and MCTS find a one-move win and stop a one-move
//! loss, alpha-beta searches through the coin toss, and a setup position searches without error.

use tabula::games::bigbang::BigBang;
use tabula::search::score::WIN;
use tabula::search::{AlphaBeta, Limits, Mcts, MctsConfig, SearchConfig};
use tabula::{Game, GameOptions, Turn};

const MAP7: &str = "map:A.....B/......./......./......./......./SSSS.../B.....A";

fn load(text: &str) -> BigBang {
    BigBang::from_notation(text, &GameOptions::new().with("board", MAP7)).unwrap()
}

#[test]
fn alphabeta_and_mcts_find_the_winning_step() {
    // Light's A is home on a7; B on f7 steps to g7 and wins. Dark is one step from winning too.
    let state = load("A4B1/7/7/7/7/5a1/1b5 l");
    let r = AlphaBeta::new(SearchConfig::default()).search(&state, Limits::depth(4), None);
    assert_eq!(state.move_notation(r.best.unwrap()), "f7-g7");
    assert_eq!(r.score.0, WIN - 1, "score {}", r.score);
    let m = Mcts::new(MctsConfig::default()).search(&state, Limits::playouts(2_000));
    let mut s = state.clone();
    s.play(m.best.unwrap());
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(m.proven, Some(true));
}

#[test]
fn alphabeta_sees_the_loss_it_cannot_stop() {
    // Dark to move has no way to stop light's B stepping home next; dark is two moves away.
    let state = load("A4B1/7/7/7/4a2/7/1b5 d");
    let r = AlphaBeta::new(SearchConfig::default()).search(&state, Limits::depth(4), None);
    assert!(r.score.0 <= -(WIN - 2), "score {}", r.score);
}

#[test]
fn alphabeta_searches_through_the_coin_and_the_setup() {
    let setup = BigBang::from_notation(
        "7/7/7/7/7/aAb4/7 s2",
        &GameOptions::new().with("board", MAP7),
    )
    .unwrap();
    let r = AlphaBeta::new(SearchConfig::default()).search(&setup, Limits::depth(3), None);
    assert_eq!(setup.move_notation(r.best.unwrap()), "B@d2");
    let full = BigBang::start(&GameOptions::new()).unwrap();
    let r = AlphaBeta::new(SearchConfig::default()).search(&full, Limits::depth(2), None);
    assert!(r.best.is_some());
}
