//! The learned evaluation: the chance that the side to throw wins, as a logistic function of
//! a linear sum of features, with weights learned by self-play (TD(λ), as TD-Gammon learned
//! backgammon; the training is `tabula senet train`, in `crate::analysis::senet`), and the
//! exact value of the endgame table ([`super::endgame::table`]) wherever it covers a position.
//!
//! Values are defined at chance nodes (before the throw), from the thrower's side. A position
//! with a throw pending is worth the best of its moves' results (one ply of maximum), so every
//! state the searchers meet has a value.

use super::board::{other, squares, Board, DARK, LIGHT};
use super::endgame;
use super::features::{
    pair_features, side_counts, Features, LearnedWeights, SIDE_FEATURES, SQUARE_FEATURES,
};
use super::moves::{self, throws_again};
use super::weights::LEARNED;
use super::Senet;

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The weighted sum of the features with `weights` (the log-odds that the thrower wins).
#[inline]
pub fn logit(weights: &LearnedWeights, x: &Features) -> f32 {
    weights.iter().zip(x).map(|(w, f)| w * f).sum()
}

/// A learned estimate of the thrower's chance to win at a chance node.
pub trait Estimate {
    /// The chance that `thrower` wins at the chance node with `board`, `thrower` to throw.
    fn estimate(&self, board: &Board, thrower: usize) -> f32;
}

impl Estimate for LearnedWeights {
    #[inline]
    fn estimate(&self, board: &Board, thrower: usize) -> f32 {
        sigmoid(board_logit(board, thrower, self))
    }
}

impl Estimate for super::net::Net {
    #[inline]
    fn estimate(&self, board: &Board, thrower: usize) -> f32 {
        self.board_value(board, thrower)
    }
}

/// The thrower's chance to win at the chance node (`board`, `thrower` to throw): the endgame
/// table's exact value where it covers the position, else the learned estimate with `weights`.
pub fn chance_value_with<E: Estimate + ?Sized>(board: &Board, thrower: usize, weights: &E) -> f32 {
    // Checked first, so a search that never reaches such an endgame never builds the table.
    let covered = |seat| board.on_board(seat) <= endgame::TABLE_PIECES;
    if covered(DARK) && covered(LIGHT) {
        if let Some(p) = endgame::table().probe(board, thrower) {
            return p as f32;
        }
    }
    weights.estimate(board, thrower)
}

/// [`logit`] of [`super::features::features`], bit for bit, without the vector: only the features that can be
/// nonzero are added, in the same order (an f32 sum does not change when a zero is added), so
/// a piece on a square is one addition instead of thirty. The evaluation's hot path.
pub fn board_logit(board: &Board, thrower: usize, weights: &LearnedWeights) -> f32 {
    let sum = side_logit(board, thrower, &weights[..SIDE_FEATURES], 0.0);
    let sum = side_logit(
        board,
        other(thrower),
        &weights[SIDE_FEATURES..2 * SIDE_FEATURES],
        sum,
    );
    let (lead, pure) = pair_features(board, thrower);
    let pair = &weights[2 * SIDE_FEATURES..];
    sum + pair[0] + pair[1] * lead + pair[2] * if pure { lead } else { 0.0 }
}

/// Adds one colour's terms of [`logit`] to `sum`, as the feature vector lays them out.
fn side_logit(board: &Board, own_seat: usize, weights: &[f32], mut sum: f32) -> f32 {
    for s in squares(board.pieces[own_seat]) {
        sum += weights[usize::from(s) - 1];
    }
    for (w, x) in weights[SQUARE_FEATURES..]
        .iter()
        .zip(side_counts(board, own_seat))
    {
        sum += w * x;
    }
    sum
}

/// The mover's chance to win after moving the piece on `from` by `value` (forward or not):
/// 1 when it bears off its last piece, else the value of the chance node that follows.
pub fn after_move_with<E: Estimate + ?Sized>(
    board: &Board,
    mover: usize,
    from: u8,
    value: u8,
    forward: bool,
    weights: &E,
) -> f32 {
    let mut child = *board;
    moves::apply(&mut child, mover, from, value, forward);
    if child.pieces[mover] == 0 {
        return 1.0;
    }
    if throws_again(value) {
        chance_value_with(&child, mover, weights)
    } else {
        1.0 - chance_value_with(&child, other(mover), weights)
    }
}

/// The chance that `seat` wins in `game`, with `weights`: 1 or 0 when the game is over, the
/// chance node's value before the throw, and the best move's value when a throw is pending.
pub fn win_chance_with<E: Estimate + ?Sized>(game: &Senet, seat: usize, weights: &E) -> f32 {
    if let Some(w) = game.winner() {
        return if w == seat { 1.0 } else { 0.0 };
    }
    let me = game.to_move();
    let board = game.board();
    let p = match game.throw() {
        None => chance_value_with(board, me, weights),
        Some(v) => {
            let (pieces, ahead) = moves::movers(board, me, v);
            squares(pieces)
                .map(|from| after_move_with(board, me, from, v, ahead, weights))
                .fold(0.0, f32::max)
        }
    };
    if seat == me {
        p
    } else {
        1.0 - p
    }
}

/// [`win_chance_with`] with the engine's weights: the weighted sum's under `-O eval=sum`, the
/// network's otherwise (the hand-set heuristic of `-O eval=hand` is a score, not a chance).
pub fn win_chance(game: &Senet, seat: usize) -> f32 {
    match game.evaluation() {
        super::eval::Evaluation::Sum => win_chance_with(game, seat, &LEARNED),
        _ => win_chance_with(game, seat, &super::net_weights::NET),
    }
}

/// Evaluation units for one percentage point of winning chance above (or below) one half:
/// the evaluation is `UNITS_PER_POINT * 100 * (p - 1/2)`, so 0 is an even game.
pub const UNITS_PER_POINT: i32 = 100;

/// The evaluation of a certain win (and, negated, of a certain loss).
pub const CERTAIN_WIN: i32 = 50 * UNITS_PER_POINT;

/// A chance to win as evaluation units (an even game is 0, a certain win [`CERTAIN_WIN`]).
pub fn units(p: f32) -> i32 {
    ((f64::from(p) - 0.5) * 100.0 * f64::from(UNITS_PER_POINT)).round() as i32
}
