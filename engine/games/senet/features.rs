//! What Senet's evaluations see of a board: counts of one colour's pieces (the race left,
//! protected pairs, enemy pieces held behind a row of three, the squares at risk of a swap),
//! shared by the hand-set heuristic ([`super::eval`]), the learned evaluation
//! ([`super::learned`]) and the endgame table's order; and the learned evaluation's feature
//! vector, whose shape its weights ([`super::weights`]) take.

use super::board::{other, squares, Board, SQUARES};
use super::moves::THROWS;

/// Squares left to travel: a piece on `s` needs `31 - s` to bear off.
pub fn race(board: &Board, seat: usize) -> i32 {
    squares(board.pieces[seat]).map(|s| 31 - i32::from(s)).sum()
}

/// Pieces with a piece of the same colour on a neighbouring square.
pub fn protected(board: &Board, seat: usize) -> u32 {
    let own = board.pieces[seat];
    (own & ((own << 1) | (own >> 1))).count_ones()
}

/// Enemy pieces behind a row of three of `seat`'s pieces (they cannot pass it).
pub fn blocked_behind(board: &Board, seat: usize) -> u32 {
    let own = board.pieces[seat];
    let rows = own & (own >> 1) & (own >> 2);
    if rows == 0 {
        return 0;
    }
    // The highest row holds back every enemy piece below it.
    let top_start = 31 - rows.leading_zeros();
    (board.pieces[other(seat)] & ((1u32 << top_start) - 1)).count_ones()
}

/// The expected race squares `seat` loses to swaps on its lone pieces, in sixteenths: for each
/// lone piece and each enemy piece `d` squares behind it, the chance of throwing `d` times the
/// `2d` squares the swap costs (`d` back for us, `d` forward for them).
pub fn risk(board: &Board, seat: usize) -> i32 {
    let own = board.pieces[seat];
    let opp = board.pieces[other(seat)];
    let lone = own & !(own << 1) & !(own >> 1);
    // For each throw `d`, the lone pieces with an enemy piece `d` squares behind.
    THROWS
        .iter()
        .map(|&(d, chance)| {
            let exposed = (lone & opp << d).count_ones() as i32;
            exposed * chance as i32 * 2 * i32::from(d)
        })
        .sum()
}

/// Features of one colour (see [`features`]).
pub const SIDE_FEATURES: usize = 38;

/// One colour's square features, first among its features: a piece on each square.
pub(super) const SQUARE_FEATURES: usize = SQUARES as usize;

/// The length of the feature vector: the thrower's colour, the other colour, then three
/// features of the pair.
pub const FEATURES: usize = 2 * SIDE_FEATURES + 3;

/// A feature vector.
pub type Features = [f32; FEATURES];

/// The weights of the learned evaluation: one per feature of [`features`].
pub type LearnedWeights = [f32; FEATURES];

/// Writes the features of one colour (`own`, against `opp`) into `out`: a piece on each square
/// (30), pieces borne off, protected pieces, enemy pieces held behind a row of three, the
/// expected squares lost to swaps, lone pieces, pieces past every enemy piece, the distance of
/// the hindmost piece (in 30ths), and rows of three.
fn side_features(board: &Board, own_seat: usize, out: &mut [f32]) {
    out[..SQUARE_FEATURES].fill(0.0);
    for s in squares(board.pieces[own_seat]) {
        out[usize::from(s) - 1] = 1.0;
    }
    out[SQUARE_FEATURES..SIDE_FEATURES].copy_from_slice(&side_counts(board, own_seat));
}

/// One colour's features after its squares, in [`side_features`]' order.
#[inline]
pub(super) fn side_counts(board: &Board, own_seat: usize) -> [f32; SIDE_FEATURES - SQUARE_FEATURES] {
    let own = board.pieces[own_seat];
    let opp = board.pieces[other(own_seat)];
    let top_enemy = 32 - opp.leading_zeros();
    let hindmost = if own == 0 {
        0.0
    } else {
        (30 - own.trailing_zeros()) as f32 / 30.0
    };
    [
        board.borne_off(own_seat) as f32,
        protected(board, own_seat) as f32,
        blocked_behind(board, own_seat) as f32,
        risk(board, own_seat) as f32 / 16.0,
        (own & !(own << 1) & !(own >> 1)).count_ones() as f32,
        (own >> top_enemy.min(31)).count_ones() as f32,
        hindmost,
        (own & (own >> 1) & (own >> 2)).count_ones() as f32,
    ]
}

/// The feature vector of the chance node with `board` and `thrower` to throw: the thrower's
/// colour's features, the other's, a constant 1, the race lead scaled by the race left, and
/// the same when the race is pure (every piece of one colour past every piece of the other).
pub fn features(board: &Board, thrower: usize, out: &mut Features) {
    side_features(board, thrower, &mut out[..SIDE_FEATURES]);
    side_features(
        board,
        other(thrower),
        &mut out[SIDE_FEATURES..2 * SIDE_FEATURES],
    );
    let (lead, pure) = pair_features(board, thrower);
    out[2 * SIDE_FEATURES] = 1.0;
    out[2 * SIDE_FEATURES + 1] = lead;
    out[2 * SIDE_FEATURES + 2] = if pure { lead } else { 0.0 };
}

/// The race lead of `thrower` scaled by the race left, and whether the race is pure.
pub(super) fn pair_features(board: &Board, thrower: usize) -> (f32, bool) {
    let mine = race(board, thrower) as f32;
    let theirs = race(board, other(thrower)) as f32;
    let lead = (theirs - mine) / (mine + theirs + 1.0).sqrt();
    let (a, b) = (board.pieces[thrower], board.pieces[other(thrower)]);
    let pure = a == 0 || b == 0 || {
        let (lo_a, hi_a) = (a.trailing_zeros(), 31 - a.leading_zeros());
        let (lo_b, hi_b) = (b.trailing_zeros(), 31 - b.leading_zeros());
        lo_a > hi_b || lo_b > hi_a
    };
    (lead, pure)
}

