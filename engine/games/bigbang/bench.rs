//! The positions `tabula bench` searches for this game, and the depth: the total node count is a
//! fingerprint of the search, so these never change without a reason in the commit.

use crate::game::BenchSet;

/// Big Bang: races under way, from a seeded random game.
pub const BENCH: BenchSet = BenchSet {
    positions: &[
        "6C4/6hB3/3g3D3/4B2D2b/d1Gd1f1A1c1/4a6/3AEe1FH2/7be2/2F1E1C4/3f2a3c/11 l2",
        "4D1C4/6c4/3a2g4/5B4b/d1f5A2/1d1E2ebeE1/7f3/3G4Fc1/6AHh2/1F2aC1B2D/11 d1",
        "1C1eD1C2E1/1a6c2/7e3/5E4b/dBg5D2/2f5BA1/2dhaf5/7A3/3G4cb1/2F8/H9F d1",
    ],
    depth: 5,
};
