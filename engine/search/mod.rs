//! The searchers, written once over [`crate::game::Game`]: alpha-beta (with expectimax at chance
//! states and paranoid search for three or more players), MCTS, and the exact solver.

use crate::agent::{Agent, EngineSpec};
use crate::error::Error;
use crate::game::Game;

/// Builds a searching bot from its spec (`alphabeta:...`, `mcts:...`).
pub fn agent_from_spec<G: Game>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, Error> {
    let _ = seed;
    Err(Error::option(format!(
        "unknown engine '{}' (engines: random, greedy)",
        spec.kind
    )))
}
