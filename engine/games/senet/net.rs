//! A network evaluation for Senet: the chance that the side to throw wins, as one hidden layer
//! of logistic units over the learned evaluation's features ([`super::features`]), the shape
//! TD-Gammon used for backgammon. Its weights are learned by self-play
//! (`crate::analysis::senet::net_training`).

use super::board::{other, squares, Board};
use super::features::{
    pair_features, side_counts, Features, FEATURES, SIDE_FEATURES, SQUARE_FEATURES,
};
use super::learned::sigmoid;

/// Hidden units.
pub const HIDDEN: usize = 40;

/// The network's weights: a row of hidden-unit weights per feature (the constant feature's row
/// is the hidden units' bias), the output's weight per hidden unit, and the output's bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// `input[i][j]`: feature `i`'s weight into hidden unit `j`.
    pub input: [[f32; HIDDEN]; FEATURES],
    /// Hidden unit `j`'s weight into the output.
    pub output: [f32; HIDDEN],
    /// The output's bias.
    pub bias: f32,
}

impl Net {
    /// A network with every weight zero.
    pub fn zero() -> Net {
        Net {
            input: [[0.0; HIDDEN]; FEATURES],
            output: [0.0; HIDDEN],
            bias: 0.0,
        }
    }

    /// The hidden units' weighted sums for feature vector `x` (zero features skipped, so the
    /// board path below gives the same sums to the last bit).
    pub fn hidden_sums(&self, x: &Features) -> [f32; HIDDEN] {
        let mut h = [0.0f32; HIDDEN];
        for (xi, row) in x.iter().zip(&self.input) {
            if *xi != 0.0 {
                add_row(&mut h, row, *xi);
            }
        }
        h
    }

    /// The hidden units' activations and the output (the thrower's chance to win) for sums `h`.
    pub fn activate(&self, sums: &[f32; HIDDEN]) -> ([f32; HIDDEN], f32) {
        let mut hidden = [0.0f32; HIDDEN];
        let mut out = self.bias;
        for ((a, s), w) in hidden.iter_mut().zip(sums).zip(&self.output) {
            *a = sigmoid(*s);
            out += w * *a;
        }
        (hidden, sigmoid(out))
    }

    /// The thrower's chance to win for feature vector `x`.
    pub fn value(&self, x: &Features) -> f32 {
        self.activate(&self.hidden_sums(x)).1
    }

    /// [`Net::value`] of the board's features, without building the vector: the evaluation's
    /// hot path, equal to it bit for bit.
    pub fn board_value(&self, board: &Board, thrower: usize) -> f32 {
        let mut h = [0.0f32; HIDDEN];
        self.add_side(&mut h, board, thrower, 0);
        self.add_side(&mut h, board, other(thrower), SIDE_FEATURES);
        let (lead, pure) = pair_features(board, thrower);
        let pair = 2 * SIDE_FEATURES;
        add_row(&mut h, &self.input[pair], 1.0);
        if lead != 0.0 {
            add_row(&mut h, &self.input[pair + 1], lead);
            if pure {
                add_row(&mut h, &self.input[pair + 2], lead);
            }
        }
        self.activate(&h).1
    }

    /// Adds one colour's features (starting at feature `first`) to the sums.
    fn add_side(&self, h: &mut [f32; HIDDEN], board: &Board, seat: usize, first: usize) {
        for s in squares(board.pieces[seat]) {
            add_row(h, &self.input[first + usize::from(s) - 1], 1.0);
        }
        for (k, x) in side_counts(board, seat).into_iter().enumerate() {
            if x != 0.0 {
                add_row(h, &self.input[first + SQUARE_FEATURES + k], x);
            }
        }
    }
}

/// `h += x * row`.
#[inline]
fn add_row(h: &mut [f32; HIDDEN], row: &[f32; HIDDEN], x: f32) {
    for (a, w) in h.iter_mut().zip(row) {
        *a += x * w;
    }
}
