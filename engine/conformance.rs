//! The random-game check every game runs (OpenSpiel's "random simulation test"): seeded random
//! games from a start position, checking after every move the invariants the trait promises.
//! `tests/conformance.rs` runs it on every registered game, from each of its
//! [`Game::SAMPLE_OPTIONS`] and bench positions; a failure names the game, the position
//! and what broke.

use std::collections::HashSet;

use rand::RngExt;

use crate::game::{Game, Turn, EVAL_LIMIT};
use crate::history::History;
use crate::options::GameOptions;
use crate::random::rng;

/// What the random games saw, so tests can also check they were not trivial.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Player moves and chance outcomes played in all.
    pub moves: u64,
    /// Games that ended by the rules (not by repetition or ply limit).
    pub ended_by_rules: usize,
    /// The longest game in plies.
    pub longest: u32,
}

/// Plays `games` random games from `start` (seeded with `seed`), checking at every state:
/// legal moves are distinct and each round-trips through its notation; there are none at chance
/// and terminal states; chance probabilities are exact and sum to 1; the position round-trips
/// through its notation (read with `options`); a clone has the same notation and hash; the
/// incremental hash equals one from scratch; where a player is to move, every seat's evaluation
/// lies within `EVAL_LIMIT`; terminal payoffs lie in 0..=1 and sum to 1; and every
/// game ends within the ply limit. Panics with a message on the first failure.
pub fn check_random_games<G: Game>(
    start: &G,
    options: &GameOptions,
    games: usize,
    seed: u64,
) -> Summary {
    let mut rng = rng(seed);
    let mut summary = Summary::default();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..games {
        let mut game = History::new(start.clone());
        loop {
            check_state(game.state(), options, &mut moves, &mut outcomes);
            if let Some((_, ending)) = game.outcome() {
                if ending == crate::history::Ending::Rules {
                    summary.ended_by_rules += 1;
                }
                break;
            }
            assert!(
                game.plies() <= game.state().ply_limit(),
                "{}: the game went past its ply limit",
                G::NAME
            );
            let mv = match game.state().turn() {
                Turn::Player(_) => moves[rng.random_range(0..moves.len())],
                Turn::Chance => {
                    let total: u64 = outcomes.iter().map(|(_, p)| u64::from(p.num)).sum();
                    let mut pick = rng.random_range(0..total);
                    let mut chosen = outcomes[0].0;
                    for (o, p) in &outcomes {
                        if pick < u64::from(p.num) {
                            chosen = *o;
                            break;
                        }
                        pick -= u64::from(p.num);
                    }
                    chosen
                }
                Turn::Terminal => unreachable!("outcome() reports terminal states"),
            };
            game.play(mv);
            summary.moves += 1;
        }
        summary.games += 1;
        summary.longest = summary.longest.max(game.plies());
    }
    summary
}

/// Checks one state's invariants; leaves its moves or outcomes in the buffers.
pub fn check_state<G: Game>(
    state: &G,
    options: &GameOptions,
    moves: &mut Vec<G::Move>,
    outcomes: &mut Vec<(G::Move, crate::game::Probability)>,
) {
    let text = state.notation();
    check_identity(state, options, &text);
    moves.clear();
    outcomes.clear();
    state.legal_moves(moves);
    state.chance_outcomes(outcomes);
    match state.turn() {
        Turn::Terminal => check_terminal(state, moves, outcomes, &text),
        Turn::Chance => check_chance::<G>(moves, outcomes, &text),
        Turn::Player(seat) => check_player_turn(state, seat, moves, outcomes, &text),
    }
}

/// The state's hash equals one from scratch, and its notation (`text`) and hash survive a
/// round trip through the notation (read with `options`) and a clone.
fn check_identity<G: Game>(state: &G, options: &GameOptions, text: &str) {
    let name = G::NAME;
    assert_eq!(
        state.hash(),
        state.hash_from_scratch(),
        "{name}: incremental hash differs from scratch at {text}"
    );
    let reread = G::from_notation(text, options)
        .unwrap_or_else(|e| panic!("{name}: printed position does not parse: {text}: {e}"));
    assert_eq!(reread.notation(), text, "{name}: notation round trip");
    assert_eq!(reread.hash(), state.hash(), "{name}: reread hash at {text}");
    let copy = state.clone();
    assert_eq!(copy.notation(), text, "{name}: clone differs");
    assert_eq!(copy.hash(), state.hash(), "{name}: clone hash differs");
}

/// A terminal state has no moves or outcomes, and payoffs one a seat, each in 0..=1, summing to 1.
fn check_terminal<G: Game>(
    state: &G,
    moves: &[G::Move],
    outcomes: &[(G::Move, crate::game::Probability)],
    text: &str,
) {
    let name = G::NAME;
    assert!(moves.is_empty(), "{name}: moves at terminal {text}");
    assert!(outcomes.is_empty(), "{name}: outcomes at terminal {text}");
    let pay = state.payoffs();
    assert_eq!(pay.players(), state.players(), "{name}: payoff seats");
    let sum: f64 = pay.as_slice().iter().sum();
    assert!(
        (sum - 1.0).abs() < 1e-9,
        "{name}: payoffs sum {sum} at {text}"
    );
    assert!(
        pay.as_slice().iter().all(|p| (0.0..=1.0).contains(p)),
        "{name}: payoff out of range at {text}"
    );
}

/// A chance state has no player moves, and distinct outcomes whose exact probabilities (one
/// common denominator, positive numerators) sum to 1.
fn check_chance<G: Game>(
    moves: &[G::Move],
    outcomes: &[(G::Move, crate::game::Probability)],
    text: &str,
) {
    let name = G::NAME;
    assert!(moves.is_empty(), "{name}: player moves at chance {text}");
    assert!(
        !outcomes.is_empty(),
        "{name}: chance with no outcome {text}"
    );
    let den = outcomes[0].1.den;
    assert!(
        outcomes.iter().all(|(_, p)| p.den == den && p.num > 0),
        "{name}: outcomes need one common denominator and positive numerators at {text}"
    );
    let num: u32 = outcomes.iter().map(|(_, p)| p.num).sum();
    assert_eq!(num, den, "{name}: probabilities do not sum to 1 at {text}");
    let distinct: HashSet<_> = outcomes.iter().map(|(o, _)| *o).collect();
    assert_eq!(distinct.len(), outcomes.len(), "{name}: repeated outcome");
}

/// Where `seat` is to move: no outcomes, at least one move, all distinct and counted alike by
/// `count_moves`, every seat's evaluation within `EVAL_LIMIT`, every move round-trips its notation.
fn check_player_turn<G: Game>(
    state: &G,
    seat: usize,
    moves: &[G::Move],
    outcomes: &[(G::Move, crate::game::Probability)],
    text: &str,
) {
    let name = G::NAME;
    assert!(seat < state.players(), "{name}: seat out of range");
    assert!(
        outcomes.is_empty(),
        "{name}: outcomes at a player turn {text}"
    );
    assert!(
        !moves.is_empty(),
        "{name}: a player to move has no move at {text}"
    );
    let distinct: HashSet<_> = moves.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        moves.len(),
        "{name}: repeated move at {text}"
    );
    check_evaluations(state, text);
    let mut buf = Vec::new();
    assert_eq!(
        state.count_moves(&mut buf),
        moves.len() as u64,
        "{name}: count_moves differs at {text}"
    );
    check_move_notation(state, moves, text);
}

/// Every seat's evaluation lies within `EVAL_LIMIT`.
fn check_evaluations<G: Game>(state: &G, text: &str) {
    let name = G::NAME;
    for seat in 0..state.players() {
        let e = state.evaluate(seat);
        assert!(
            e.abs() <= EVAL_LIMIT,
            "{name}: evaluation {e} for seat {seat} is outside +-{EVAL_LIMIT} at {text}"
        );
    }
}

/// Every legal move's notation reads back as the same move.
fn check_move_notation<G: Game>(state: &G, moves: &[G::Move], text: &str) {
    let name = G::NAME;
    for &m in moves {
        let written = state.move_notation(m);
        let parsed = state
            .parse_move(&written)
            .unwrap_or_else(|e| panic!("{name}: move {written} does not parse at {text}: {e}"));
        assert_eq!(parsed, m, "{name}: move {written} round trip at {text}");
    }
}
