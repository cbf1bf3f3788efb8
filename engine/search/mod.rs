//! The searchers, written once over [`crate::game::Game`] and knowing nothing about any game:
//! alpha-beta (with expectimax at chance states and paranoid search for three or more players),
//! MCTS, and the exact solver; plus the bots built from them and the bench positions.

pub mod agents;
pub mod alphabeta;
pub mod bench;
pub mod limits;
pub mod mcts;
pub mod ordering;
pub mod score;
pub mod solver;
pub mod tt;

pub use agents::agent_from_spec;
pub use alphabeta::{AlphaBeta, DepthReport, SearchConfig, SearchResult};
pub use limits::{Limits, StopFlag};
pub use mcts::{Mcts, MctsConfig, MctsResult};
pub use score::{Outcome, Score};
pub use solver::{solve, SolveResult, Verdict};
