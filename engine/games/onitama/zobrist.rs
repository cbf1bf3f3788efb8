//! Zobrist keys, generated at compile time from a fixed SplitMix64 stream so hashes are the same in
//! every build and run. A position's hash is the XOR of the keys of its pawns, its masters, the
//! place of each card (Red's hand, Blue's hand, beside the board) and Blue to move.
//!
//! The hash is computed when asked for, not kept by every move: a search asks once per node it
//! looks up in its table, while perft and quiescence make many moves and never ask. The pawn keys
//! of each rank are combined in advance ([`RANK_KEYS`]), so the pawns cost one lookup a rank.

use super::board::{SIZE, SQUARES};
use super::cards::{CARD_COUNT, ROW};

/// Where a card lies: index 0 and 1 are the hands of Red and Blue (by colour index), 2 the side.
pub const SIDE_PLACE: usize = 2;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// All keys in one table so they come from one stream.
pub struct Keys {
    /// A pawn (student or master) of a colour on a square. Padded to 32 entries: a pass uses
    /// index 25 for both squares, so its two XORs cancel without a branch.
    pub pawn: [[u64; ROW]; 2],
    /// Added on top of the pawn key when that pawn is the master.
    pub master: [[u64; ROW]; 2],
    /// A card in a place (Red's hand, Blue's hand, side).
    pub card: [[u64; 3]; CARD_COUNT],
    /// Blue to move.
    pub blue_to_move: u64,
}

/// The keys.
pub static KEYS: Keys = {
    let mut s = 0x0A17_A3A0_5EED_2026u64;
    let mut keys = Keys {
        pawn: [[0; ROW]; 2],
        master: [[0; ROW]; 2],
        card: [[0; 3]; CARD_COUNT],
        blue_to_move: 0,
    };
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < SQUARES {
            let (n, k) = splitmix(s);
            s = n;
            keys.pawn[c][sq] = k;
            let (n, k) = splitmix(s);
            s = n;
            keys.master[c][sq] = k;
            sq += 1;
        }
        c += 1;
    }
    let mut card = 0;
    while card < CARD_COUNT {
        let mut place = 0;
        while place < 3 {
            let (n, k) = splitmix(s);
            s = n;
            keys.card[card][place] = k;
            place += 1;
        }
        card += 1;
    }
    let (_, k) = splitmix(s);
    keys.blue_to_move = k;
    keys
};

/// The patterns of one rank: 5 bits, one per file.
const RANK_PATTERNS: usize = 1 << SIZE;

/// `RANK_KEYS[colour][rank][pattern]`: the XOR of the pawn keys of `colour` on the squares of
/// `rank` whose file bits are set in `pattern`. Ten lookups give the pawn part of a hash.
pub static RANK_KEYS: [[[u64; RANK_PATTERNS]; SIZE as usize]; 2] = {
    let mut t = [[[0u64; RANK_PATTERNS]; SIZE as usize]; 2];
    let mut c = 0;
    while c < 2 {
        let mut rank = 0;
        while rank < SIZE as usize {
            let mut pattern = 0;
            while pattern < RANK_PATTERNS {
                let mut h = 0;
                let mut file = 0;
                while file < SIZE as usize {
                    if pattern & (1 << file) != 0 {
                        h ^= KEYS.pawn[c][rank * SIZE as usize + file];
                    }
                    file += 1;
                }
                t[c][rank][pattern] = h;
                pattern += 1;
            }
            rank += 1;
        }
        c += 1;
    }
    t
};

/// The pawn part of a hash: the keys of every pawn in `pieces` (a raw bitboard) of `colour`.
#[inline(always)]
pub fn pawns_key(colour: usize, pieces: u32) -> u64 {
    let keys = &RANK_KEYS[colour & 1];
    let mut h = 0;
    for (rank, row) in keys.iter().enumerate() {
        h ^= row[(pieces >> (rank * SIZE as usize)) as usize & (RANK_PATTERNS - 1)];
    }
    h
}
