//! Zobrist keys: one per hole holding a marble, per seat to move, and per (seat, score).

use super::geometry::HOLES;
use crate::game::MAX_PLAYERS;

/// Scores run from 0 to 60 (every marble captured).
pub const MAX_SCORE: usize = 60;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(seed.wrapping_mul(0x1000_0000_01B3).wrapping_add(i as u64));
        i += 1;
    }
    out
}

/// A marble on each hole.
pub static MARBLE: [u64; HOLES] = keys::<HOLES>(0xC4EC_4E25);
/// The seat to move.
pub static TO_MOVE: [u64; MAX_PLAYERS] = keys::<MAX_PLAYERS>(0x70_30E5);
/// Seat `s` has score `v`: index `s * (MAX_SCORE + 1) + v`.
pub static SCORE: [u64; MAX_PLAYERS * (MAX_SCORE + 1)] =
    keys::<{ MAX_PLAYERS * (MAX_SCORE + 1) }>(0x5C0_4E5);

/// The key of seat `seat` holding score `score`.
#[inline]
pub fn score_key(seat: usize, score: u8) -> u64 {
    SCORE[seat * (MAX_SCORE + 1) + score as usize]
}

/// The key of a set of marbles.
pub fn marbles_key(bits: u128) -> u64 {
    super::board::BitIter(bits).fold(0, |h, hole| h ^ MARBLE[hole.index()])
}
