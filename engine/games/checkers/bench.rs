//! The positions `tabula bench` searches for this game, and the depth: the total node count is a
//! fingerprint of the search, so these never change without a reason in the commit.

use crate::game::BenchSet;

/// Capture checkers, three players (paranoid search): middle games of a seeded random game.
pub const BENCH: BenchSet = BenchSet {
    positions: &[
        "./../.../o.../.....oooo..../....ooooo.../..ooooooo../.oooooooo./oooo.ooo./.oooooo..o/..ooooo..../..o..oo.o.../....o..oo..../..o./.../../. 2/3 3,2,3",
        "./../.../o.../.....oooo..../....ooooo.../..ooooooo../.oooooooo./oooo...o./.ooo.....o/.ooo...o.../....o......./............./..../.o./../. 2/3 9,5,6",
        "./../.../..../....ooooo..../...oooooo.../..ooooooo../.oooooooo./oooo.oooo/.oooooooo./..ooooooo../...oooooo.../....ooooo..../..../.../../. 1/2 0,0",
    ],
    depth: 4,
};
