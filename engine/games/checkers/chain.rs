//! The longest capture chain of a position: the greatest number of captures one move can make,
//! the moves (distinct resulting positions) that make it, and a fast length-only version for the
//! evaluation.

use super::board::{BitIter, Marbles};
use super::moves::{generate_until, with_scratch, StampSet};
use super::geometry::HOLES;
use super::jumps::{jumps_from, single_jumps, SingleJumps};
use super::trail::start_bounds;
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

/// Chain states the plain depth-first walk of [`longest_length`] may expand before it hands the
/// position to the walk with a visited set. Chosen: positions met in play expand about a hundred
/// states, where the plain walk's lack of hashing pays; a board rich in chains (the solitaire
/// puzzle's) can have exponentially many orders of the same captures, which only the visited set
/// keeps in bounds.
const PLAIN_BUDGET: u32 = 4096;

/// Only the length of the longest chain, stopping early once a chain captures every marble but
/// one. A plain depth-first walk first (with short jumps, only from the starts whose bound can
/// still beat the best found); past [`PLAIN_BUDGET`] states, the walk that merges states reached
/// by different orders of the same captures.
pub fn longest_length(marbles: &Marbles, long: bool) -> u32 {
    let occ = marbles.bits();
    let key = occ | u128::from(long) << LONG_BIT;
    LENGTHS.with_borrow_mut(|cache| {
        if cache.is_empty() {
            // Zero is the empty board with short jumps, whose length is zero: a true entry.
            cache.resize(CACHE_SLOTS, 0);
        }
        let entry = &mut cache[cache_slot(key)];
        if *entry & KEY_MASK == key {
            return (*entry >> LENGTH_SHIFT) as u32;
        }
        let length = compute_length(marbles, occ, long);
        // Only a board set up with far more marbles than a game starts with can exceed it.
        if length < 1 << (128 - LENGTH_SHIFT) {
            *entry = key | u128::from(length) << LENGTH_SHIFT;
        }
        length
    })
}

/// Entries of each thread's cache of longest-chain lengths (a power of two). Chosen: a search
/// meets the same arrangement of marbles again through captures made in another order, and
/// the length depends on the marbles alone (2^13 entries searched a little slower).
const CACHE_SLOTS: usize = 1 << 16;

/// A cache entry holds the marbles in its bits `0..121`, the long-jump rule at this bit, and the
/// length from [`LENGTH_SHIFT`] up (six bits: a game has at most 60 marbles; a longer chain, on
/// a board set up with more, is not cached).
const LONG_BIT: u32 = 121;
/// Where the length starts in a cache entry.
const LENGTH_SHIFT: u32 = 122;
/// The key part of a cache entry.
const KEY_MASK: u128 = (1 << LENGTH_SHIFT) - 1;

thread_local! {
    /// Lengths already found, packed as described at [`LONG_BIT`], by [`cache_slot`].
    static LENGTHS: std::cell::RefCell<Vec<u128>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The cache slot of a key (marbles and rule).
#[inline]
fn cache_slot(key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(23);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize & (CACHE_SLOTS - 1)
}

/// [`longest_length`] without the cache.
fn compute_length(marbles: &Marbles, occ: u128, long: bool) -> u32 {
    let singles = single_jumps(marbles, long);
    if !singles.any() {
        return 0;
    }
    let ceiling = occ.count_ones() - 1;
    let plain = if long {
        plain_length(occ, singles.starts(), long, ceiling, PLAIN_BUDGET)
    } else {
        bounded_length(marbles, &singles, ceiling, PLAIN_BUDGET)
    };
    plain.unwrap_or_else(|| merged_length(occ, singles.starts(), long, ceiling))
}

/// Short jumps only: the plain walk from each start in turn, the start with the largest bound
/// ([`start_bounds`]) first, each walk stopping once it reaches its start's bound, and no walk at
/// all from a start whose bound cannot beat the best found; `None` when the walks need more than
/// `budget` states in all.
fn bounded_length(
    marbles: &Marbles,
    singles: &SingleJumps,
    ceiling: u32,
    budget: u32,
) -> Option<u32> {
    let occ = marbles.bits();
    let mut best = 0;
    let mut budget = budget;
    let mut bounds = start_bounds(marbles, singles);
    while let Some((bound, s)) = bounds.take_best() {
        if bound <= best {
            break;
        }
        let mut walk = PlainWalk {
            long: false,
            ceiling: bound.min(ceiling),
            best,
            budget,
        };
        walk.from(occ & !(1u128 << s), s, 0);
        if walk.budget == 0 && walk.best < walk.ceiling {
            return None;
        }
        (best, budget) = (walk.best, walk.budget);
        if best == ceiling {
            break;
        }
    }
    Some(best)
}

/// The longest chain from the holes of `starts` by the plain walk, or `None` when it needs more
/// than `budget` states.
fn plain_length(occ: u128, starts: u128, long: bool, ceiling: u32, budget: u32) -> Option<u32> {
    let mut walk = PlainWalk {
        long,
        ceiling,
        best: 0,
        budget,
    };
    let finished = BitIter(starts).all(|s| walk.from(occ & !(1u128 << s.0), s.0, 0));
    (finished || walk.best == ceiling).then_some(walk.best)
}

/// The plain depth-first walk of [`longest_length`]: every order of captures followed, within a
/// budget of states.
struct PlainWalk {
    long: bool,
    ceiling: u32,
    /// The longest chain found so far.
    best: u32,
    /// States left to expand.
    budget: u32,
}

impl PlainWalk {
    /// Follows every chain of the marble on `cur` over `board` (the other marbles not captured
    /// yet) after `captured` captures. False when the budget ran out or the ceiling was reached
    /// (either way the walk is over).
    fn from(&mut self, board: u128, cur: u8, captured: u32) -> bool {
        self.best = self.best.max(captured);
        if self.best == self.ceiling || self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let mut jumps = [(0u8, 0u8); 6];
        let n = jumps_from(board, cur as usize, self.long, &mut jumps);
        jumps[..n]
            .iter()
            .all(|&(over, land)| self.from(board & !(1u128 << over), land, captured + 1))
    }
}

/// The walk over states `(current hole, captured set)` with a visited set, so no state is
/// expanded twice.
fn merged_length(occ: u128, starts: u128, long: bool, ceiling: u32) -> u32 {
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::games::checkers::random_game;
    use crate::Game;

    /// The plain walk, where it finishes within a generous budget, finds what the merged walk
    /// finds, and the entry point agrees with both (computed and cached), on the positions of
    /// random games with short and long jumps and 2 to 6 players.
    #[test]
    fn the_plain_walk_agrees_with_the_merged_walk() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut checked = 0;
        let configs = [(2, false), (3, true), (4, false), (6, true), (2, true), (5, false)];
        for (players, long) in configs.into_iter().cycle().take(60) {
            random_game(players, long, &mut rng, |state| {
                let marbles = state.marble_layouts();
                let occ = marbles.bits();
                let singles = single_jumps(marbles, long);
                let starts = singles.starts();
                if starts == 0 {
                    return;
                }
                let ceiling = occ.count_ones() - 1;
                if let Some(plain) = plain_length(occ, starts, long, ceiling, 100_000) {
                    let merged = merged_length(occ, starts, long, ceiling);
                    assert_eq!(plain, merged, "{}", state.notation());
                    if !long {
                        let bounded = bounded_length(marbles, &singles, ceiling, 100_000);
                        assert_eq!(bounded, Some(merged), "{}", state.notation());
                    }
                    assert_eq!(longest_length(marbles, long), merged);
                    // Again, from the cache.
                    assert_eq!(longest_length(marbles, long), merged);
                    checked += 1;
                }
            });
        }
        assert!(checked > 1000, "only {checked} positions had a jump");
    }
}
