//! The exact solver on small solved games.

mod search_games;

use search_games::{Nim, TicTacToe};
use tabula::search::{solve, Limits, Verdict};
use tabula::{Game, Turn};

#[test]
fn nim_values_and_lines() {
    for pile in 1..=13u32 {
        let r = solve(&Nim { pile, mover: 0 }, Limits::depth(40), 1);
        let expected = if pile % 4 == 0 {
            Verdict::Loss(2 * (pile / 4))
        } else {
            Verdict::Win(2 * (pile / 4) + 1)
        };
        assert_eq!(r.verdict, expected, "pile {pile}");
        // The line is legal and ends the game with the right winner.
        let mut s = Nim { pile, mover: 0 };
        for &m in &r.line {
            s.play(m);
        }
        assert_eq!(s.turn(), Turn::Terminal, "pile {pile}: line {:?}", r.line);
        let won = s.payoffs().get(0) == 1.0;
        assert_eq!(won, pile % 4 != 0);
    }
}

#[test]
fn tictactoe_is_a_draw_and_wins_are_found() {
    let r = solve(&TicTacToe::default(), Limits::none(), 8);
    assert_eq!(r.verdict, Verdict::Draw);
    assert_eq!(r.depth, 9);
    let r = solve(&TicTacToe::from_str("x.x .o. x.o"), Limits::none(), 1);
    assert_eq!(r.verdict, Verdict::Loss(2));
    let r = solve(&TicTacToe::from_str("x.. .o. ..."), Limits::none(), 1);
    assert_eq!(r.verdict, Verdict::Draw);
    let r = solve(&TicTacToe::from_str("x.. ... ..o"), Limits::none(), 1);
    assert!(matches!(r.verdict, Verdict::Win(_)), "{:?}", r.verdict);
}

#[test]
fn a_limit_gives_unknown_with_what_was_proven() {
    let r = solve(&Nim { pile: 21, mover: 0 }, Limits::depth(6), 1);
    assert_eq!(r.verdict, Verdict::Unknown);
    assert_eq!(r.no_win_within, Some(6));
    assert_eq!(r.depth, 6);
}

/// An even value is not a draw where chance averages it: in Big Bang on a map where the
/// coin decides who plays light, and light wins at once, each side wins half the time.
#[test]
fn an_even_average_over_a_coin_is_not_a_draw() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "bigbang", "--board", "map:SS/AA", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "value", "{v}");
    assert_eq!(v["value"], 0, "{v}");
}
