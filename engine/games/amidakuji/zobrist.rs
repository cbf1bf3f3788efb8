//! Zobrist keys, built at compile time from a fixed SplitMix64 stream so hashes are the same in
//! every run and every build.

use super::board::NODE_SLOTS;

/// Place codes of a marker: off, reserve, 6 top ends, 6 bottom ends, then the nodes.
pub const PLACE_CODES: usize = 14 + NODE_SLOTS;

/// Bridge shapes per left node: row difference -2..=2, times owner, times kind.
const SHAPES: usize = 5 * 2 * 2;

/// Every key the position hash uses.
pub struct Keys {
    /// A bridge by left node and `shape_code`.
    pub bridge: [[u64; SHAPES]; NODE_SLOTS],
    /// A marker by seat, slot, and `place_code * 4 + cross * 2 + moved`.
    pub marker: [[[u64; PLACE_CODES * 4]; 3]; 2],
    /// The phase: place, start, move, reloc0..3.
    pub phase: [u64; 7],
    /// Blue to move.
    pub blue: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn build() -> Keys {
    let mut s = 0x616d_6964_616b_756au64;
    let mut keys = Keys {
        bridge: [[0; SHAPES]; NODE_SLOTS],
        marker: [[[0; PLACE_CODES * 4]; 3]; 2],
        phase: [0; 7],
        blue: 0,
    };
    let mut i = 0;
    while i < NODE_SLOTS {
        let mut j = 0;
        while j < SHAPES {
            keys.bridge[i][j] = splitmix(&mut s);
            j += 1;
        }
        i += 1;
    }
    let mut p = 0;
    while p < 2 {
        let mut slot = 0;
        while slot < 3 {
            let mut j = 0;
            while j < PLACE_CODES * 4 {
                keys.marker[p][slot][j] = splitmix(&mut s);
                j += 1;
            }
            slot += 1;
        }
        p += 1;
    }
    let mut k = 0;
    while k < 7 {
        keys.phase[k] = splitmix(&mut s);
        k += 1;
    }
    keys.blue = splitmix(&mut s);
    keys
}

/// The keys.
pub static KEYS: Keys = build();

/// The shape code of a bridge: row difference, owner and kind.
pub fn shape_code(dr: i8, owner: u8, long: bool) -> usize {
    ((dr + 2) as usize) * 4 + (owner as usize) * 2 + long as usize
}
