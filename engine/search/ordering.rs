//! Move ordering: the table move first, then the game's own hint (captures, wins), then the two
//! killer moves of the ply, then the history of cutoffs. Good ordering is most of alpha-beta's
//! speed: the best move first makes every sibling a cheap null-window proof.

use std::hash::{Hash, Hasher};

use crate::game::Game;

use super::score::MAX_PLY;

/// Slots of the history table per side (a power of two: moves hash into it). Chosen: large
/// enough that the games' moves rarely share a slot.
const HISTORY_SLOTS: usize = 4096;

/// The bound history values tend to under the gravity update (their magnitude stays below it).
/// Chosen, so that history (at most 2^20) always ranks below a killer (2^30).
const HISTORY_MAX: i32 = 1 << 20;

/// A cutoff adds `depth²` to a move's history, at most this much. Literature: the depth-squared
/// bonus of many engines (Schaeffer's original history heuristic used 2^depth); the cap is
/// chosen.
const HISTORY_BONUS_CAP: i32 = HISTORY_MAX / 4;

/// The table move's ordering key: above every other key, so it is tried first.
pub const TABLE_MOVE: i64 = i64::MAX;

/// The game's move hint is shifted this far up in the key, so any positive hint outranks the
/// killers and history below it. Chosen (any shift above the killer bonuses works).
const HINT_SHIFT: u32 = 32;

/// Keys at or above this carry a positive hint from the game (a capture, a win...).
const HINTED: i64 = 1 << HINT_SHIFT;

/// The first killer move's bonus: above every history value, below any hint. Chosen.
const KILLER_FIRST: i64 = 1 << 31;

/// The second killer move's bonus: above every history value, below the first killer. Chosen.
const KILLER_SECOND: i64 = 1 << 30;

/// Whether an ordering key is a quiet move's (late-move reductions apply to it): no positive
/// hint and (with history at its usual values) not a killer.
#[inline]
pub fn is_quiet(key: i64) -> bool {
    key < KILLER_SECOND
}

/// Whether an ordering key lacks a positive hint from the game: such moves are the ones that
/// killers and history learn from.
#[inline]
pub fn is_unhinted(key: i64) -> bool {
    key < HINTED
}

/// Killer moves and the history table of one search thread.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

/// The history slot comes from the move hash's bits from this one up (the best-mixed ones of a
/// multiplicative hash are the high ones). Chosen.
const HASH_SHIFT: u32 = 40;

/// A tiny multiplicative hasher for moves (a few bytes): much cheaper than a general hasher,
/// and the same on every run.
#[derive(Default)]
struct MoveHasher(u64);

/// The move hasher's rotation per word. Literature: FxHash (rustc's hasher) rotates by 5.
const HASH_ROTATE: u32 = 5;

/// The move hasher's odd multiplier. Literature: FxHash's 64-bit constant.
const HASH_MULTIPLIER: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl std::hash::Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(HASH_ROTATE) ^ i).wrapping_mul(HASH_MULTIPLIER);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    /// Empty heuristics.
    pub fn new() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 2],
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.killers.fill([None, None]);
        self.history.fill(0);
    }

    #[inline]
    fn slot(&self, side: bool, m: M) -> usize {
        let mut h = MoveHasher::default();
        m.hash(&mut h);
        ((h.finish() >> HASH_SHIFT) as usize & (HISTORY_SLOTS - 1))
            + usize::from(side) * HISTORY_SLOTS
    }

    /// The ordering key of a move that is not the table move: larger is tried first.
    #[inline]
    pub fn key<G: Game<Move = M>>(&self, state: &G, m: M, ply: usize, side: bool) -> i64 {
        let mut k = i64::from(state.move_hint(m)) << HINT_SHIFT;
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == Some(m) {
            k += KILLER_FIRST;
        } else if killers[1] == Some(m) {
            k += KILLER_SECOND;
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
        self.adjust(m, side, (depth * depth).min(HISTORY_BONUS_CAP));
    }

    /// Learns from a quiet move tried before the one that cut off: it was not good enough.
    pub fn failed(&mut self, m: M, side: bool, depth: i32) {
        self.adjust(m, side, -(depth * depth).min(HISTORY_BONUS_CAP));
    }

    /// History with gravity: each update pulls the value towards the bound it pushes to.
    fn adjust(&mut self, m: M, side: bool, bonus: i32) {
        let slot = self.slot(side, m);
        let h = &mut self.history[slot];
        *h += bonus - (i64::from(*h) * i64::from(bonus.abs()) / i64::from(HISTORY_MAX)) as i32;
    }
}

impl<M: Copy + Eq + Hash> Default for Heuristics<M> {
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
