//! Learning Senet's evaluation by self-play with TD(λ), as TD-Gammon learned backgammon.
//!
//! The evaluation ([`crate::games::senet::learned`]) estimates, at a chance node, the chance
//! that the side to throw wins, as the logistic of a weighted sum of features. Training plays
//! games against itself from the start: at each throw the mover plays the move whose result the
//! current weights value most (the endgame table's exact value where it covers the result), and
//! after each move the weights are moved towards the value of the next chance node (temporal
//! differences, with eligibility traces decaying by `lambda`). A game ends at a win, or where the
//! endgame table takes over: its exact value is the last target. One seeded generator throws
//! every stick, so the same seed and settings give the same weights.

use rand::RngExt;

use crate::games::senet::board::{other, squares, Board, DARK};
use crate::games::senet::endgame;
use crate::games::senet::features::{features, Features, LearnedWeights, FEATURES};
use crate::games::senet::learned::{after_move_with, logit, sigmoid, Estimate};
use crate::games::senet::moves::{movers, throws_again, THROWS, THROW_DENOMINATOR};
use crate::games::senet::DEFAULT_PLY_LIMIT;
use crate::random::{rng, GameRng};

/// The settings of a training run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// The seed of every throw.
    pub seed: u64,
    /// Self-play games.
    pub games: u64,
    /// The learning rate at the start; it falls linearly to a tenth of this by the last game.
    pub alpha: f32,
    /// The decay of the eligibility traces (0: TD(0); 1: Monte Carlo).
    pub lambda: f32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 1,
            games: 200_000,
            alpha: 0.01,
            lambda: 0.7,
        }
    }
}

impl TrainConfig {
    /// The learning rate for game `game` (from 0): [`TrainConfig::alpha`] falling linearly to a
    /// tenth of it by the last game.
    pub fn alpha_at(&self, game: u64) -> f32 {
        let share = game as f32 / self.games.max(1) as f32;
        self.alpha * (1.0 - 0.9 * share)
    }
}

/// What a training run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    /// The learned weights.
    pub weights: LearnedWeights,
    /// Games played.
    pub games: u64,
    /// Chance nodes the weights were updated at.
    pub updates: u64,
    /// Games that ended in the endgame table rather than by the rules.
    pub table_endings: u64,
}

/// The value of a chance node for dark: the thrower's chance to win, seen from dark's side.
pub(super) fn for_dark(p: f32, thrower: usize) -> f32 {
    if thrower == DARK {
        p
    } else {
        1.0 - p
    }
}

/// Runs TD(λ) self-play with `config`; `progress` is told the number of games played every
/// thousand games.
pub fn train(config: &TrainConfig, progress: &mut dyn FnMut(u64)) -> Trained {
    let table = endgame::table();
    let mut r = rng(config.seed);
    let mut learner = Learner {
        w: [0.0; FEATURES],
        x: [0.0; FEATURES],
        trace: [0.0; FEATURES],
        lambda: config.lambda,
    };
    let mut out = Trained {
        weights: learner.w,
        games: 0,
        updates: 0,
        table_endings: 0,
    };
    for game in 0..config.games {
        learner.play_game(config.alpha_at(game), table, &mut r, &mut out);
        out.games += 1;
        if out.games.is_multiple_of(1000) {
            progress(out.games);
        }
    }
    out.weights = learner.w;
    out
}

/// The weights being learned and the work space of one game.
struct Learner {
    w: LearnedWeights,
    /// The features of the chance node at hand.
    x: Features,
    /// The eligibility traces.
    trace: LearnedWeights,
    lambda: f32,
}

impl Learner {
    /// Plays one game of self-play from the start with learning rate `alpha`, updating the
    /// weights at each chance node and at the end (counted in `out`).
    fn play_game(
        &mut self,
        alpha: f32,
        table: &endgame::EndgameTable,
        r: &mut GameRng,
        out: &mut Trained,
    ) {
        let mut board = Board::START;
        let mut thrower = DARK;
        self.trace.fill(0.0);
        // The previous chance node's value for dark (with the weights of that time).
        let mut previous: Option<f32> = None;
        for _ in 0..DEFAULT_PLY_LIMIT {
            let exact = table.probe(&board, thrower);
            let (value, from_table) = match exact {
                Some(p) => (for_dark(p as f32, thrower), true),
                None => {
                    features(&board, thrower, &mut self.x);
                    let v = sigmoid(logit(&self.w, &self.x));
                    (for_dark(v, thrower), false)
                }
            };
            if let Some(u) = previous {
                self.update(alpha, value - u);
                out.updates += 1;
            }
            if from_table {
                out.table_endings += 1;
                break;
            }
            // The gradient of dark's value at this node, added to the traces.
            let v = sigmoid(logit(&self.w, &self.x));
            let g = v * (1.0 - v) * if thrower == DARK { 1.0 } else { -1.0 };
            for (e, f) in self.trace.iter_mut().zip(&self.x) {
                *e = self.lambda * *e + g * f;
            }
            previous = Some(for_dark(v, thrower));
            let throw = throw_sticks(r);
            let Some((from, forward)) = best_move(&self.w, &board, thrower, throw) else {
                let result = for_dark(0.0, thrower);
                self.update(alpha, result - previous.unwrap_or(result));
                out.updates += 1;
                break;
            };
            crate::games::senet::moves::apply(&mut board, thrower, from, throw, forward);
            if board.pieces[thrower] == 0 {
                let result = for_dark(1.0, thrower);
                self.update(alpha, result - previous.unwrap_or(result));
                out.updates += 1;
                break;
            }
            if !throws_again(throw) {
                thrower = other(thrower);
            }
        }
    }

    /// One TD step: the weights move by `alpha` times the error `delta` along the traces.
    fn update(&mut self, alpha: f32, delta: f32) {
        for (wi, ei) in self.w.iter_mut().zip(&self.trace) {
            *wi += alpha * delta * ei;
        }
    }
}

/// The move `weights` value most for `throw` (its origin and direction; the first of equals),
/// or `None` when the thrower cannot move (and so loses).
pub(super) fn best_move<E: Estimate + ?Sized>(
    weights: &E,
    board: &Board,
    thrower: usize,
    throw: u8,
) -> Option<(u8, bool)> {
    let (pieces, forward) = movers(board, thrower, throw);
    squares(pieces)
        .map(|from| {
            let p = after_move_with(board, thrower, from, throw, forward, weights);
            (p, from)
        })
        .fold(None, |best: Option<(f32, u8)>, m| match best {
            Some(b) if b.0 >= m.0 => Some(b),
            _ => Some(m),
        })
        .map(|(_, from)| (from, forward))
}

/// One throw of the sticks.
pub(super) fn throw_sticks(r: &mut crate::random::GameRng) -> u8 {
    let mut pick = r.random_range(0..THROW_DENOMINATOR);
    for &(value, chance) in &THROWS {
        if pick < chance {
            return value;
        }
        pick -= chance;
    }
    unreachable!("the chances sum to the denominator")
}

/// The Rust source of `engine/games/senet/weights.rs` holding `weights`, with the command that
/// made them in its comment.
pub fn weights_source(weights: &LearnedWeights, command: &str) -> String {
    let mut s = String::new();
    s.push_str("//! The learned evaluation's weights, written by `tabula senet train` (do not edit by hand):\n");
    s.push_str(&format!("//! `{command}`.\n//!\n"));
    s.push_str("//! The same command reproduces them exactly (one seeded generator throws every stick).\n\n");
    s.push_str("use super::features::LearnedWeights;\n\n");
    s.push_str(
        "/// The weights of [`super::learned`], one per feature of [`super::features::features`].\n",
    );
    s.push_str("#[rustfmt::skip]\n");
    s.push_str("pub const LEARNED: LearnedWeights = [\n");
    for chunk in weights.chunks(6) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:?}")).collect();
        s.push_str(&format!("    {},\n", line.join(", ")));
    }
    s.push_str("];\n");
    s
}
