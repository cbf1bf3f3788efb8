//! The positions `tabula bench` searches for this game, and the depth: the total node count is a
//! fingerprint of the search, so these never change without a reason in the commit.

use crate::game::BenchSet;

/// Senet (expectimax below the first move): positions from a seeded random game, each with a throw.
pub const BENCH: BenchSet = BenchSet {
    positions: &[
        "D..D..LLDLDD.................. L 2",
        ".D.L..D....D....D.L.L.....D... L 3",
        "...D.L...D......D...D....D...L D 4",
    ],
    depth: 5,
};
