//! The static evaluation for search: each seat's lead over the best of the others, the player to
//! move credited with part of the longest chain it can take next.
//!
//! No mobility term: over 65,000 positions of two-player games between searching bots, a single
//! jump available to the mover was worth 0.001 marbles of its future lead (a least-squares fit),
//! and the 3 units a jump it used to add credited the mover with about 1.5 marbles at the start
//! of a game. Without it, the same search at 20,000 nodes a move scored 0.629 against itself with
//! it (`docs/measurements.md`, capture checkers).

use super::chain::longest_length;
use super::Checkers;
use crate::game::{Game, Turn, EVAL_LIMIT, MAX_PLAYERS};

/// Value of one captured marble.
pub const MARBLE: i32 = 100;
/// Part of the next chain counted: the mover takes it, but the reply may take back.
const NEXT_CHAIN: i32 = 60;

/// `seat`'s view of the position in `-EVAL_LIMIT..=EVAL_LIMIT`.
pub fn evaluate(state: &Checkers, seat: usize) -> i32 {
    let mut all = [0; MAX_PLAYERS];
    evaluate_all(state, &mut all[..state.players()]);
    all[seat]
}

/// Every seat's view at once (`out` has one slot per seat): the chain analysis, the costly
/// part, is done once for all of them.
///
/// The player to move is credited with part of the longest chain it can take now (its
/// projected score), and each seat is valued by its lead over the best of the others,
/// projections included. With two players that is the mover's gain against the other; with more,
/// the mover's chain hurts a seat only as far as it brings the mover past that seat's lead (a
/// trailing player's capture threatens only the leader it overtakes).
pub fn evaluate_all(state: &Checkers, out: &mut [i32]) {
    let mut projected = [0i32; MAX_PLAYERS];
    for (p, &s) in projected.iter_mut().zip(state.scores()) {
        *p = MARBLE * i32::from(s);
    }
    if let Turn::Player(mover) = state.turn() {
        let next = longest_length(state.marble_layouts(), state.long()) as i32;
        projected[mover] += NEXT_CHAIN * next;
    }
    let projected = &projected[..out.len()];
    for (seat, v) in out.iter_mut().enumerate() {
        let best_other = projected
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .map(|(_, &v)| v)
            .max()
            .unwrap_or(0);
        *v = (projected[seat] - best_other).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
}
