//! A search score in words for the person reading `tabula best`: a proven result as who wins in
//! how many plies, a heuristic value in the game's own unit (`+120 = about 1.2 students ahead for
//! red`), with what it means in chance games (an expectation over the outcomes) and with three
//! or more players (paranoid: the mover against all the others).

use crate::game::{Game, Turn, EVAL_LIMIT};
use crate::search::{Outcome, Score};

/// One line explaining `score`, the value of `state` for the player to move there.
pub fn explain_score<G: Game>(state: &G, score: Score, chance: bool) -> String {
    let Turn::Player(seat) = state.turn() else {
        return format!("{score}");
    };
    let me = state.seat_name(seat);
    let players = state.players();
    let mut line = match score.outcome() {
        Outcome::Win(n) if players == 2 => format!(
            "win in {} for {me}, whatever {} does",
            plies(n),
            state.seat_name(1 - seat)
        ),
        Outcome::Win(n) => format!("win in {} for {me}, whatever the others do", plies(n)),
        Outcome::Loss(n) => format!("{me} loses in {} against best play", plies(n)),
        Outcome::Value(0) => format!("0 = even for {me}"),
        // Past the evaluation's range: an average over chance outcomes, some of them proven.
        Outcome::Value(v) if v.abs() > EVAL_LIMIT => {
            let word = if v > 0 { "win" } else { "loss" };
            format!(
                "{v:+} = beyond any evaluation: proven {word}s weigh in, a likely {word} for {me}"
            )
        }
        Outcome::Value(v) => {
            let side = if v > 0 { "ahead" } else { "behind" };
            match state.score_unit() {
                Some((unit, thing)) if unit > 0 => {
                    let amount = f64::from(v.abs()) / f64::from(unit);
                    let things = if (amount - 1.0).abs() < 0.05 {
                        thing.to_string()
                    } else {
                        plural(thing)
                    };
                    format!("{v:+} = about {amount:.1} {things} {side} for {me}")
                }
                _ => format!("{v:+} = {me} {side} (evaluation units)"),
            }
        }
    };
    if chance && matches!(score.outcome(), Outcome::Value(_)) {
        line.push_str(", averaged over the chance outcomes to come");
    }
    if players > 2 {
        line.push_str(&format!(
            " (paranoid search: {me} against the other {} players together)",
            players - 1
        ));
    }
    line
}

/// `1 ply`, `7 plies`.
pub fn plies(n: u32) -> String {
    counted(u64::from(n), "ply", "plies")
}

pub use crate::words::counted;

/// `square of the race` -> `squares of the race`: the first word made plural.
fn plural(thing: &str) -> String {
    let (head, tail) = thing.split_once(' ').unwrap_or((thing, ""));
    let head = if head.ends_with('s') {
        format!("{head}es")
    } else {
        format!("{head}s")
    };
    if tail.is_empty() {
        head
    } else {
        format!("{head} {tail}")
    }
}

/// One line for an MCTS answer: the mean reward of the chosen move's playouts, which in a
/// two-player game without draws is its estimated chance to win (chance events included).
pub fn explain_mcts<G: Game>(state: &G, value: f64, visits: u64, proven: Option<bool>) -> String {
    let Turn::Player(seat) = state.turn() else {
        return String::new();
    };
    let me = state.seat_name(seat);
    match proven {
        Some(true) => format!("a proven win for {me}"),
        Some(false) => format!("a proven loss for {me}"),
        None if visits == 0 => {
            "no value: no playout ran (the budget ended first), so the move is only a legal one"
                .to_string()
        }
        None => format!(
            "an expected score of about {:.0}% for {me} (the mean reward of {}: a win counts 1, a \
             shared result its share)",
            value * 100.0,
            counted(visits, "playout", "playouts")
        ),
    }
}

/// When `line` (moves from `state`) ends the game: the payoff of every seat, in words.
pub fn line_end<G: Game>(state: &G, line: &[G::Move]) -> Option<String> {
    let mut s = state.clone();
    for &m in line {
        if s.turn() == Turn::Terminal {
            return None;
        }
        s.play(m);
    }
    if s.turn() != Turn::Terminal {
        return None;
    }
    let payoffs = s.payoffs();
    let each: Vec<String> = (0..payoffs.players())
        .map(|p| format!("{} {}", s.seat_name(p), round3(payoffs.get(p))))
        .collect();
    Some(format!(
        "the line ends the game: payoffs {}",
        each.join(", ")
    ))
}

/// A payoff with at most three decimals (`1`, `0.5`, `0.333`).
fn round3(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
