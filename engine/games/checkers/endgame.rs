//! Exact two-player endgames: who wins with perfect play once few marbles are left.
//!
//! Marbles belong to nobody, so what the player to move can still gain over the other, `V`, depends
//! on the marbles alone, not on the scores or on who is to move: `V` is 0 when no jump is left,
//! else the best of `captures(m) - V(after m)` over the moves `m`. The player to move wins when its
//! lead plus `V` is positive, draws when it is 0. An alpha-beta search on `V` finds it, with a
//! table of bounds on `V` keyed by the marbles (so it serves both players and every score), kept
//! per thread between calls: the answer is exact whatever the table holds, the table only saves
//! work.

use std::cell::RefCell;
use std::collections::HashMap;

use super::board::Marbles;
use super::moves::{generate, with_scratch};

/// Positions with at most this many marbles are solved exactly.
pub const SOLVED_MARBLES: u32 = 22;

/// The table is emptied once it holds this many positions (about 40 bytes each).
const TABLE_LIMIT: usize = 1 << 20;

/// A bound no `V` reaches (a game has fewer than 60 captures).
const UNBOUNDED: i8 = 100;

/// The key bit that tells long-jump positions from short-jump ones (holes use bits 0..121).
const LONG_KEY: u128 = 1 << 127;

thread_local! {
    static TABLE: RefCell<HashMap<u128, (i8, i8)>> = RefCell::new(HashMap::new());
}

/// `V` of `marbles`: the most the player to move can finish ahead of the other from here, in
/// marbles, with perfect play on both sides. `None` when there are more than
/// [`SOLVED_MARBLES`] marbles.
pub fn value(marbles: &Marbles, long: bool) -> Option<i32> {
    if marbles.bits().count_ones() > SOLVED_MARBLES {
        return None;
    }
    TABLE.with(|cell| {
        let mut table = cell.borrow_mut();
        if table.len() > TABLE_LIMIT {
            table.clear();
        }
        let mut solver = Solver {
            table: &mut table,
            long,
        };
        let bound = i32::from(UNBOUNDED);
        Some(solver.value(marbles.bits(), -bound, bound))
    })
}

/// Alpha-beta on `V` with the table.
struct Solver<'a> {
    table: &'a mut HashMap<u128, (i8, i8)>,
    long: bool,
}

impl Solver<'_> {
    /// `V` of `bits` if it lies strictly inside `alpha..beta`; else a bound on the side it
    /// leaves the window by (fail-soft).
    fn value(&mut self, bits: u128, alpha: i32, beta: i32) -> i32 {
        let key = if self.long { bits | LONG_KEY } else { bits };
        let (low, high) = self
            .table
            .get(&key)
            .map_or((-UNBOUNDED, UNBOUNDED), |&b| b);
        let (low, high) = (i32::from(low), i32::from(high));
        if low >= beta || low == high {
            return low;
        }
        if high <= alpha {
            return high;
        }
        let (alpha, beta) = (alpha.max(low), beta.min(high));
        let moves = self.moves(bits);
        if moves.is_empty() {
            self.table.insert(key, (0, 0));
            return 0;
        }
        let mut best = -i32::from(UNBOUNDED);
        let mut a = alpha;
        for (captures, diff) in moves {
            let c = captures as i32;
            let v = c - self.value(bits ^ diff, c - beta, c - a);
            if v > best {
                best = v;
                a = a.max(v);
                if a >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha {
            (low, best)
        } else if best >= beta {
            (best, high)
        } else {
            (best, best)
        };
        self.table.insert(key, (bound.0 as i8, bound.1 as i8));
        best
    }

    /// The moves of `bits` as (captures, changed holes), most captures first.
    fn moves(&self, bits: u128) -> Vec<(u32, u128)> {
        let mut out = Vec::new();
        with_scratch(|scratch| {
            generate(&Marbles::from_bits(bits), self.long, scratch, |diff, c| {
                out.push((c, diff))
            })
        });
        out.sort_unstable_by(|a, b| b.0.cmp(&a.0));
        out
    }
}
