//! The engine's one random generator, always seeded, so the same seed gives the same games.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The generator every random choice in Tabula uses (fast, small, reproducible).
pub type GameRng = Xoshiro256PlusPlus;

/// A generator from a 64-bit seed.
pub fn rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A seed for the `index`-th independent task (game, thread, tree) of a run seeded with `seed`:
/// SplitMix64 of the pair, so neighbouring indices give unrelated streams.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
