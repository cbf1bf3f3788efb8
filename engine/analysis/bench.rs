//! The bench: each game's fixed positions ([`crate::game::Game::BENCH`]) searched to a fixed
//! depth on one thread. The total node
//! count is a fingerprint of the search (a change that should not alter the search must not
//! alter it), and nodes per second a speed measure.

use std::time::{Duration, Instant};

use crate::error::Error;
use crate::game::{Game, Turn};
use crate::options::GameOptions;
use crate::search::{AlphaBeta, Limits, Score, SearchConfig};

/// One searched bench position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The position searched.
    pub position: String,
    /// The best move found, in the game's notation.
    pub best: String,
    /// Its score, from the mover's side.
    pub score: Score,
    /// The depth searched to.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Searches `G`'s bench positions to its bench depth (or `depth`).
pub fn run_game<G: Game>(depth: Option<u32>) -> Result<Vec<BenchLine>, Error> {
    run::<G>(G::BENCH.positions, depth.unwrap_or(G::BENCH.depth))
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
            score: r.score,
            depth,
            nodes: r.nodes,
            elapsed: started.elapsed(),
        });
    }
    Ok(lines)
}
