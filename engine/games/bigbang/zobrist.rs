//! Zobrist keys: one per (counter, cell) and one per "state word" (phase, side to move, who plays
//! light, passes), fixed at compile time so hashes are the same in every run.

use super::board::CELLS;

/// Counter kinds: 8 types times 2 colours (light `0..8`, dark `8..16`).
pub const COUNTER_KINDS: usize = 16;
/// State-word slots (see `BigBang::state_index`).
pub const STATE_WORDS: usize = 32;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn counter_keys() -> [[u64; CELLS]; COUNTER_KINDS] {
    let mut keys = [[0u64; CELLS]; COUNTER_KINDS];
    let mut seed = 0xB16B_A11Bu64;
    let mut k = 0;
    while k < COUNTER_KINDS {
        let mut c = 0;
        while c < CELLS {
            seed = splitmix(seed);
            keys[k][c] = seed;
            c += 1;
        }
        k += 1;
    }
    keys
}

const fn state_keys() -> [u64; STATE_WORDS] {
    let mut keys = [0u64; STATE_WORDS];
    let mut seed = 0x5EED_B16B_A400_u64;
    let mut i = 1; // slot 0 (setup, placer 1 to place) hashes as 0
    while i < STATE_WORDS {
        seed = splitmix(seed);
        keys[i] = seed;
        i += 1;
    }
    keys
}

/// Key of a counter kind on a cell.
pub static COUNTER: [[u64; CELLS]; COUNTER_KINDS] = counter_keys();
/// Key of a state word.
pub static STATE: [u64; STATE_WORDS] = state_keys();
