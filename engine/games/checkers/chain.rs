//! The longest capture chain of a position: the greatest number of captures one move can make,
//! the moves (distinct resulting positions) that make it, and a fast length-only version for the
//! evaluation.

use super::board::{BitIter, Marbles};
use super::moves::{generate_until, with_scratch, StampSet};
use super::geometry::HOLES;
use super::jumps::{jumps_from, single_jumps};
use super::ChainMove;

/// The longest chains of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Longest {
    /// Captures of the longest chain (0 when no jump exists).
    pub length: u32,
    /// The distinct moves that make that many captures, in generation order.
    pub moves: Vec<ChainMove>,
    /// All distinct moves of the position, of any length.
    pub total_moves: u64,
}

/// Every longest move of the position (the whole move list is generated once).
pub fn longest(marbles: &Marbles, long: bool) -> Longest {
    longest_limited(marbles, long, u64::MAX).expect("no limit")
}

/// Like [`longest`], but gives up (returning `None`) once the position has more than
/// `max_moves` distinct moves: an open board can have astronomically many chains, and the walk
/// keeps every state it has seen.
pub fn longest_limited(marbles: &Marbles, long: bool, max_moves: u64) -> Option<Longest> {
    let mut best = Longest::default();
    let complete = with_scratch(|scratch| {
        generate_until(marbles, long, scratch, |diff, captures| {
            best.total_moves += 1;
            if captures > best.length {
                best.length = captures;
                best.moves.clear();
            }
            if captures == best.length {
                best.moves.push(ChainMove { diff });
            }
            best.total_moves <= max_moves
        })
    });
    complete.then_some(best)
}

/// Only the length of the longest chain: the same state walk without collecting moves, stopping
/// early once a chain captures every marble but one.
pub fn longest_length(marbles: &Marbles, long: bool) -> u32 {
    let occ = marbles.bits();
    let starts = single_jumps(marbles, long).starts();
    if starts == 0 {
        return 0;
    }
    let ceiling = occ.count_ones() - 1;
    thread_local! {
        static VISITED: std::cell::RefCell<(StampSet, Vec<(u8, u128)>)> =
            std::cell::RefCell::new((StampSet::default(), Vec::new()));
    }
    VISITED.with(|cell| {
        let mut guard = cell.borrow_mut();
        let (visited, stack) = &mut *guard;
        let mut best = 0;
        let mut jumps = [(0u8, 0u8); 6];
        for s in BitIter(starts) {
            let board0 = occ & !(1u128 << s.0);
            visited.clear();
            stack.clear();
            stack.push((s.0, 0));
            while let Some((cur, captured)) = stack.pop() {
                let depth = captured.count_ones();
                best = best.max(depth);
                if best == ceiling {
                    return best;
                }
                let n = jumps_from(board0 & !captured, cur as usize, long, &mut jumps);
                for &(over, land) in &jumps[..n] {
                    let c = captured | 1u128 << over;
                    if visited.insert(c | (land as u128) << HOLES) {
                        stack.push((land, c));
                    }
                }
            }
        }
        best
    })
}
