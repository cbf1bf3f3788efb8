//! The positions `tabula bench` searches for this game, and the depth: the total node count is a
//! fingerprint of the search, so these never change without a reason in the commit.

use crate::game::BenchSet;

/// Amidakuji bridges: marker rounds from a seeded random game.
pub const BENCH: BenchSet = BenchSet {
    positions: &[
        "6x8 rna2b1,bna4b3,rla5b7,rna8b8,bnb2c2,bnb4c4,bnb6c7,rnc1d1,blc5d7,bnc6d6,rnd2e1,rnd3e3,rnd8e8,bne2f2,rne4f5,bne5f4,bne6f6,rne7f8 a^,c^,- b_,c_,- move b",
        "6x8 rna2b1,bna3b4,rla5b7,bna6b5,bnb2c2,bnb6c7,rnb8c8,rnc1d1,bnc3d4,blc5d7,bnc6d6,rnd2e1,rnd8e8,bne2f2,rne3f3,rne4f4,bne6f5,rne7f8 d4s,f2s,- c7s,d7x',- move r",
        "6x8 bna2b1,bna3b4,rna4b3,rla5b7,bna6b5,rna8b8,bnb2c2,rnc1d1,bnc3d4,blc5d7,rnc6d5,rnd8e8,rne1f1,bne2f2,rne3f3,bne5f6,bne6f5,rne7f8 d4x,e6s,- b2s,e7x',- move r",
    ],
    depth: 8,
};
