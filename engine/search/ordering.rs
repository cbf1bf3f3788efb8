//! Move ordering: the table move first, then the game's own hint (captures, wins), then the two
//! killer moves of the ply, then the history of cutoffs. Good ordering is most of alpha-beta's
//! speed: the best move first makes every sibling a cheap null-window proof.

use crate::game::Game;

use super::score::MAX_PLY;

const HISTORY_SLOTS: usize = 4096;
const HISTORY_MAX: i32 = 1 << 20;

/// Killer moves and the history table of one search thread.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    hasher: ahash::RandomState,
}

impl<M: Copy + Eq + std::hash::Hash> Heuristics<M> {
    /// Empty heuristics.
    pub fn new() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 2],
            history: vec![0; 2 * HISTORY_SLOTS],
            // Fixed seeds: the same build orders moves, and so counts nodes, the same every run.
            hasher: ahash::RandomState::with_seeds(1, 2, 3, 4),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.killers.fill([None, None]);
        self.history.fill(0);
    }

    fn slot(&self, side: bool, m: M) -> usize {
        (self.hasher.hash_one(m) as usize & (HISTORY_SLOTS - 1)) + usize::from(side) * HISTORY_SLOTS
    }

    /// The ordering key of a move that is not the table move: larger is tried first.
    #[inline]
    pub fn key<G: Game<Move = M>>(&self, state: &G, m: M, ply: usize, side: bool) -> i64 {
        let mut k = i64::from(state.move_hint(m)) << 32;
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == Some(m) {
            k += 1 << 31;
        } else if killers[1] == Some(m) {
            k += 1 << 30;
        }
        k + i64::from(self.history[self.slot(side, m)])
    }

    /// Learns from a move that caused a cutoff `depth` plies from the horizon.
    pub fn cutoff(&mut self, m: M, ply: usize, side: bool, depth: i32) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let slot = self.slot(side, m);
        let h = &mut self.history[slot];
        *h += bonus - (i64::from(*h) * i64::from(bonus) / i64::from(HISTORY_MAX)) as i32;
    }
}

impl<M: Copy + Eq + std::hash::Hash> Default for Heuristics<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Moves the best-keyed entry of `keys[from..]` to `from` and returns its move index (selection
/// sort one step at a time: after a cutoff the rest is never sorted).
#[inline]
pub fn pick_next(keys: &mut [(i64, u16)], from: usize) -> usize {
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i].0 > keys[best].0 {
            best = i;
        }
    }
    keys.swap(from, best);
    keys[from].1 as usize
}
