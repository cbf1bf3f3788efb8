//! The searchers, written once over [`crate::game::Game`] and knowing nothing about any game:
//! alpha-beta (with expectimax at chance states and paranoid search for three or more players),
//! MCTS, and the exact solver. The bots built from them live a layer up, in [`crate::agent`].
//!
//! What other code calls:
//! - [`AlphaBeta::new`]`(`[`SearchConfig`]`)` then [`AlphaBeta::search`]`(&state, `[`Limits`]`,
//!   report)` gives a [`SearchResult`] (best move, [`Score`], principal variation, depth, nodes).
//!   The table lives in the searcher between searches; [`AlphaBeta::clear`] forgets it.
//! - [`Mcts::new`]`(`[`MctsConfig`]`)` then [`Mcts::search`] gives an [`MctsResult`] (best move,
//!   per-move visits and values, proven win or loss).
//! - [`MultiSearch::new`]`(`[`MultiConfig`]`)` then [`MultiSearch::search`] gives a
//!   [`MultiResult`]: max^n with shallow pruning or Best-Reply Search, for three or more
//!   players.
//! - [`solve`]`(&state, limits, hash_mb)` gives a [`SolveResult`] with a [`Verdict`] (win or loss
//!   in n plies, draw, exact value, or unknown with what was proven) and a proving line.
//!
//! Scores ([`score`]): heuristic values lie in `-EVAL_LIMIT..=EVAL_LIMIT`; a proven win `n` plies
//! from the root is `WIN - n`, a loss `-(WIN - n)`, so the fastest win and the slowest loss are
//! preferred; a draw is 0.

pub mod alphabeta;
pub mod limits;
pub mod mcts;
pub mod multi;
pub mod oracle;
pub mod ordering;
pub mod score;
pub mod solver;
pub mod tt;

pub use alphabeta::{
    AlphaBeta, DepthReport, LineReporter, Reporter, SearchConfig, SearchResult, SharedOracle,
};
pub use limits::{Limits, StopFlag};
pub use mcts::{Mcts, MctsConfig, MctsResult, RootStat};
pub use multi::{MultiAlgorithm, MultiConfig, MultiResult, MultiSearch};
pub use oracle::Oracle;
pub use score::{Outcome, Score};
pub use solver::{solve, solve_with, SolveResult, Verdict};
