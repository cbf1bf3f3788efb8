//! Zobrist keys for Senet: one per (colour, square), one for "light to move", one per pending
//! throw. Fixed at compile time (SplitMix64 of a counter) so hashes are the same in every run.

use super::board::{squares, Board, LIGHT};

const fn splitmix(index: u64) -> u64 {
    let mut z = index
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x5E4E_7000_0000_0001);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn piece_keys() -> [[u64; 31]; 2] {
    let mut keys = [[0; 31]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut sq = 1;
        while sq <= 30 {
            keys[seat][sq] = splitmix((seat * 31 + sq) as u64);
            sq += 1;
        }
        seat += 1;
    }
    keys
}

const fn throw_keys() -> [u64; 7] {
    let mut keys = [0; 7];
    let mut v = 1;
    while v <= 6 {
        keys[v] = splitmix(100 + v as u64);
        v += 1;
    }
    keys
}

/// `PIECE[seat][square]` for squares 1..30 (index 0 unused).
pub const PIECE: [[u64; 31]; 2] = piece_keys();

/// Present when light is to move.
pub const LIGHT_TO_MOVE: u64 = splitmix(99);

/// `THROW[v]` for a pending throw `v`; `THROW[0]` (no throw yet) is zero.
pub const THROW: [u64; 7] = throw_keys();

/// The hash of a whole position.
pub fn hash(board: &Board, to_move: usize, throw: u8) -> u64 {
    let mut h = 0;
    for (keys, &pieces) in PIECE.iter().zip(&board.pieces) {
        for sq in squares(pieces) {
            h ^= keys[sq as usize];
        }
    }
    if to_move == LIGHT {
        h ^= LIGHT_TO_MOVE;
    }
    h ^ THROW[throw as usize]
}
