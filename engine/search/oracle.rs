//! Exact outside knowledge a search may consult: an endgame tablebase, for instance. The searchers
//! take an `Arc<dyn Oracle<G>>` for the game they search, so the analysis layer's tables plug in
//! without the search knowing them and without any type erasure at the caller.

use crate::game::Game;

/// Answers some positions of `G` exactly.
pub trait Oracle<G: Game>: Send + Sync {
    /// The exact value of `state` as a search score for the side to move, `ply` plies below the
    /// root (a win in `n` more plies scores `score::win_in(ply + n)`, a draw 0), or `None` where
    /// the oracle does not know the position.
    fn score(&self, state: &G, ply: usize) -> Option<i32>;
}

/// Any function of the state and ply is an oracle (handy in tests and small tools).
impl<G: Game, F: Fn(&G, usize) -> Option<i32> + Send + Sync> Oracle<G> for F {
    fn score(&self, state: &G, ply: usize) -> Option<i32> {
        self(state, ply)
    }
}
