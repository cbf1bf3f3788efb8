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

    /// The oracle's own best line from `state`, at most `max` plies (empty where it does not
    /// know the position or cannot say): what completes a principal variation that reaches
    /// the oracle's positions, since the search stops there.
    fn line(&self, _state: &G, _max: usize) -> Vec<G::Move> {
        Vec::new()
    }
}

/// The longest a line is made by [`complete_line`].
pub const MAX_LINE: usize = 400;

/// `pv` from `state` continued with the oracle's line from where it ends (a search stops at
/// the positions the oracle answers, so its own line stops there too).
pub fn complete_line<G: Game>(oracle: &dyn Oracle<G>, state: &G, pv: &[G::Move]) -> Vec<G::Move> {
    let mut end = state.clone();
    for &m in pv {
        end.play(m);
    }
    let mut line = pv.to_vec();
    line.extend(oracle.line(&end, MAX_LINE.saturating_sub(pv.len())));
    line
}

/// Any function of the state and ply is an oracle (handy in tests and small tools).
impl<G: Game, F: Fn(&G, usize) -> Option<i32> + Send + Sync> Oracle<G> for F {
    fn score(&self, state: &G, ply: usize) -> Option<i32> {
        self(state, ply)
    }
}
