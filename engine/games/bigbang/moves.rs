//! Moves and their generation. A play move is a start and an end cell only: every chain of jumps
//! with the same ends is the same move, so the generator finds the set of end cells of one counter
//! (a step in eight directions, or a flood over the jump graph) rather than listing chains.

use super::board::{Bitboard, DIRECTIONS};
use super::map::Board;

/// A move, a placement or a coin outcome. Small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Setup: put a counter (type `0..8` plus 8 when dark) from the pool on an empty start cell.
    Place {
        /// Counter kind: type index, plus 8 for dark.
        counter: u8,
        /// The start cell.
        cell: u8,
    },
    /// Play: a step or a chain of jumps from `from` to `to`.
    Go {
        /// The start cell.
        from: u8,
        /// The end cell.
        to: u8,
    },
    /// Play: no move exists.
    Pass,
    /// The coin toss: which seat (0 = placer 1, 1 = placer 2) moves first and plays light.
    Coin(u8),
}

/// The cells a counter of type `t` standing on `from` can end a move on, with the cells in
/// `occupied` taken (the counter's own cell included or not, it does not matter).
///
/// Steps go to an adjacent free cell; jumps go over an adjacent counter (any colour, finished or
/// not) to the free cell right behind it, and repeat. No move lands on another type's finish cell;
/// a chain that lands on a finish cell stops there; the start cell is never an end cell.
#[inline]
pub fn destinations(board: &Board, t: usize, from: u8, occupied: Bitboard) -> Bitboard {
    let origin = Bitboard::from_cell(from);
    let occ = occupied & !origin;
    let land = board.allowed(t) & !occ;
    let steps = board.adjacent[from as usize] & land;
    let mut reached = origin;
    let mut frontier = origin;
    while !frontier.is_empty() {
        let mut next = Bitboard::EMPTY;
        for dir in 0..DIRECTIONS.len() {
            next |= (frontier.shift(dir) & occ).shift(dir);
        }
        next = next & land & !reached;
        reached |= next;
        // A chain ends when it lands on a finish cell: the counter is finished and never moves.
        frontier = next & !board.finish_all;
    }
    steps | (reached & !origin)
}
