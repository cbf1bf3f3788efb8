//! The positions `tabula bench` searches for this game, and the depth: the total node count is a
//! fingerprint of the search, so these never change without a reason in the commit.

use crate::game::BenchSet;

/// Onitama: the start of several deals, and middle games taken from engine self-play.
pub const BENCH: BenchSet = BenchSet {
    positions: &[
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab",
        "ssmss/5/5/5/SSMSS b boar,ox crane,eel tiger",
        "ssmss/5/5/5/SSMSS r crab,tiger cobra,rooster dragon",
        "ssmss/5/5/5/SSMSS r frog,rabbit goose,mantis monkey",
        "s1mss/1s3/5/1S3/S1MSS r elephant,horse boar,ox crab",
        "s2ss/2m2/1s3/3S1/SSM2 b crane,tiger eel,boar ox",
        "1sm1s/s4/2S2/5/S1MS1 r cobra,dragon rooster,goose frog",
        "s1m1s/3s1/1S3/4S/2M2 b monkey,mantis elephant,crab horse",
    ],
    depth: 9,
};
