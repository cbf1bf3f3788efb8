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
        _ => (&[], 0),
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
