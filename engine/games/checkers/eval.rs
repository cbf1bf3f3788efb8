//! The static evaluation for search: score difference, mobility, and the longest chain the player
//! to move can take next (a gain when that is us, a threat when it is an opponent).

use super::chain::longest_length;
use super::jumps::single_jumps;
use super::Checkers;
use crate::game::EVAL_LIMIT;

/// Value of one captured marble.
pub const MARBLE: i32 = 100;
/// Part of the next chain counted: the mover takes it, but the reply may take back.
const NEXT_CHAIN: i32 = 60;
/// Value of one single jump available to the mover.
const MOBILITY: i32 = 3;

/// `seat`'s view of the position in `-EVAL_LIMIT..=EVAL_LIMIT`.
pub fn evaluate(state: &Checkers, seat: usize) -> i32 {
    let scores = state.scores();
    let mine = i32::from(scores[seat]);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| i32::from(v))
        .max()
        .unwrap_or(0);
    let mut value = MARBLE * (mine - best_other);
    if let crate::game::Turn::Player(mover) = crate::game::Game::turn(state) {
        let layouts = state.marble_layouts();
        let next = longest_length(layouts, state.long()) as i32;
        let mobility = single_jumps(layouts, state.long()).count() as i32;
        let gain = NEXT_CHAIN * next + MOBILITY * mobility;
        value += if mover == seat { gain } else { -gain };
    }
    value.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}
