//! The bench: fixed positions per game searched to a fixed depth on one thread. The total node
//! count is a fingerprint of the search (a change that should not alter the search must not
//! alter it), and nodes per second a speed measure.

use std::time::{Duration, Instant};

use crate::error::Error;
use crate::game::{Game, Turn};
use crate::games::GameKind;
use crate::options::GameOptions;

use super::alphabeta::{AlphaBeta, SearchConfig};
use super::limits::Limits;

/// The bench positions of a game and the depth they are searched to (empty: none yet).
pub fn positions(kind: GameKind) -> (&'static [&'static str], u32) {
    match kind {
        GameKind::Onitama => (ONITAMA, 9),
        GameKind::Checkers => (CHECKERS, 4),
        GameKind::Senet => (SENET, 5),
        GameKind::BigBang => (BIGBANG, 5),
        GameKind::Amidakuji => (AMIDAKUJI, 8),
    }
}

/// Onitama: the start of several deals, and middle games taken from engine self-play.
const ONITAMA: &[&str] = &[
    "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab",
    "ssmss/5/5/5/SSMSS b boar,ox crane,eel tiger",
    "ssmss/5/5/5/SSMSS r crab,tiger cobra,rooster dragon",
    "ssmss/5/5/5/SSMSS r frog,rabbit goose,mantis monkey",
    "s1mss/1s3/5/1S3/S1MSS r elephant,horse boar,ox crab",
    "s2ss/2m2/1s3/3S1/SSM2 b crane,tiger eel,boar ox",
    "1sm1s/s4/2S2/5/S1MS1 r cobra,dragon rooster,goose frog",
    "s1m1s/3s1/1S3/4S/2M2 b monkey,mantis elephant,crab horse",
];

/// Capture checkers, three players (paranoid search): middle games of a seeded random game.
const CHECKERS: &[&str] = &[
    "./../.../o.../.....oooo..../....ooooo.../..ooooooo../.oooooooo./oooo.ooo./.oooooo..o/..ooooo..../..o..oo.o.../....o..oo..../..o./.../../. 2/3 3,2,3",
    "./../.../o.../.....oooo..../....ooooo.../..ooooooo../.oooooooo./oooo...o./.ooo.....o/.ooo...o.../....o......./............./..../.o./../. 2/3 9,5,6",
    "./../.../..../....ooooo..../...oooooo.../..ooooooo../.oooooooo./oooo.oooo/.oooooooo./..ooooooo../...oooooo.../....ooooo..../..../.../../. 1/2 0,0",
];

/// Senet (expectimax below the first move): positions from a seeded random game, each with a throw.
const SENET: &[&str] = &[
    "D..D..LLDLDD.................. L 2",
    ".D.L..D....D....D.L.L.....D... L 3",
    "...D.L...D......D...D....D...L D 4",
];

/// Big Bang: races under way, from a seeded random game.
const BIGBANG: &[&str] = &[
    "6C4/6hB3/3g3D3/4B2D2b/d1Gd1f1A1c1/4a6/3AEe1FH2/7be2/2F1E1C4/3f2a3c/11 l2",
    "4D1C4/6c4/3a2g4/5B4b/d1f5A2/1d1E2ebeE1/7f3/3G4Fc1/6AHh2/1F2aC1B2D/11 d1",
    "1C1eD1C2E1/1a6c2/7e3/5E4b/dBg5D2/2f5BA1/2dhaf5/7A3/3G4cb1/2F8/H9F d1",
];

/// Amidakuji bridges: marker rounds from a seeded random game.
const AMIDAKUJI: &[&str] = &[
    "6x8 rna2b1,bna4b3,rla5b7,rna8b8,bnb2c2,bnb4c4,bnb6c7,rnc1d1,blc5d7,bnc6d6,rnd2e1,rnd3e3,rnd8e8,bne2f2,rne4f5,bne5f4,bne6f6,rne7f8 a^,c^,- b_,c_,- move b",
    "6x8 rna2b1,bna3b4,rla5b7,bna6b5,bnb2c2,bnb6c7,rnb8c8,rnc1d1,bnc3d4,blc5d7,bnc6d6,rnd2e1,rnd8e8,bne2f2,rne3f3,rne4f4,bne6f5,rne7f8 d4s,f2s,- c7s,d7x',- move r",
    "6x8 bna2b1,bna3b4,rna4b3,rla5b7,bna6b5,rna8b8,bnb2c2,rnc1d1,bnc3d4,blc5d7,rnc6d5,rnd8e8,rne1f1,bne2f2,rne3f3,bne5f6,bne6f5,rne7f8 d4x,e6s,- b2s,e7x',- move r",
];

/// One searched bench position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The position searched.
    pub position: String,
    /// The best move found, in the game's notation.
    pub best: String,
    /// Its score, as text.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Searches each position (in `G`'s notation) to `depth` on one thread with a fresh 16 MB table.
pub fn run<G: Game>(positions: &[&str], depth: u32) -> Result<Vec<BenchLine>, Error> {
    let options = GameOptions::new();
    let mut lines = Vec::new();
    for &text in positions {
        let state = G::from_notation(text, &options)?;
        if !matches!(state.turn(), Turn::Player(_)) {
            return Err(Error::position(format!(
                "bench position '{text}' has no player to move"
            )));
        }
        let mut ab = AlphaBeta::new(SearchConfig::default());
        let started = Instant::now();
        let r = ab.search(&state, Limits::depth(depth), None);
        lines.push(BenchLine {
            position: text.to_string(),
            best: r.best.map(|m| state.move_notation(m)).unwrap_or_default(),
            score: r.score.to_string(),
            nodes: r.nodes,
            elapsed: started.elapsed(),
        });
    }
    Ok(lines)
}
