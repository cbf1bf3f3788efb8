//! The bots that do not search: `random` (a uniformly random legal move) and `greedy` (the best
//! one-ply evaluation).

use rand::RngExt;

use super::Agent;
use crate::game::{Game, Turn};
use crate::history::History;
use crate::random::{rng, GameRng};

/// Plays a uniformly random legal move.
pub struct RandomAgent<G: Game> {
    name: String,
    rng: GameRng,
    buf: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    /// A random bot named `name`, drawing from `seed`.
    pub fn new(name: String, seed: u64) -> Self {
        RandomAgent {
            name,
            rng: rng(seed),
            buf: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        self.buf.clear();
        game.state().legal_moves(&mut self.buf);
        self.buf[self.rng.random_range(0..self.buf.len())]
    }
}

/// Plays the move whose resulting position evaluates best for the mover (one ply; a win by the
/// rules beats any evaluation), breaking ties at random.
pub struct GreedyAgent<G: Game> {
    name: String,
    rng: GameRng,
    buf: Vec<G::Move>,
}

impl<G: Game> GreedyAgent<G> {
    /// A greedy bot named `name`, breaking ties with draws from `seed`.
    pub fn new(name: String, seed: u64) -> Self {
        GreedyAgent {
            name,
            rng: rng(seed),
            buf: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for GreedyAgent<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        let state = game.state();
        let Turn::Player(me) = state.turn() else {
            unreachable!("agents are asked only when a player is to move")
        };
        self.buf.clear();
        state.legal_moves(&mut self.buf);
        let mut best = Vec::new();
        let mut best_score = i64::MIN;
        for &m in &self.buf {
            let mut child = state.clone();
            child.play(m);
            let score = match child.turn() {
                Turn::Terminal => (child.payoffs().get(me) * 4.0 - 2.0) as i64 * 1_000_000,
                _ => i64::from(child.evaluate(me)),
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(m);
            }
        }
        best[self.rng.random_range(0..best.len())]
    }
}
