//! Senet moves: the throw of the sticks (a chance outcome) and a piece moved forward or
//! backward by the thrown value, generated with whole-board bit operations.
//!
//! Rules (`docs/rules/senet.md` section 2): a forward move takes a piece from `s` to `s + v`;
//! it may not pass three enemy pieces standing in a row strictly between `s` and `s + v` (when
//! bearing off, on the squares `s + 1` to 30, square 30 included); past 30 it is borne off;
//! otherwise it lands on an empty square or on a lone enemy piece, which goes to `s`. Only when no piece can move forward must one move
//! back by `v` (to a square `>= 1`) under the same rules.

use super::board::{bit, Board, BOARD_MASK, SQUARES};

/// A move, or the outcome of a throw at a chance node. Two bytes, `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The sticks show this value (1, 2, 3, 4 or 6): the chance outcome.
    Throw(u8),
    /// The piece on this square (1..30) moves forward by the throw.
    Forward(u8),
    /// The piece on this square (1..30) moves backward by the throw.
    Backward(u8),
}

/// The five throw values with their chances in sixteenths: four fair two-sided sticks, the
/// value being the number of flat sides up, and 6 when none is.
pub const THROWS: [(u8, u32); 5] = [(1, 4), (2, 6), (3, 4), (4, 1), (6, 1)];

/// The denominator of every throw probability.
pub const THROW_DENOMINATOR: u32 = 16;

/// Whether the thrower throws again after moving with this value (1, 4 and 6 do).
#[inline]
pub const fn throws_again(value: u8) -> bool {
    matches!(value, 1 | 4 | 6)
}

/// Whether `value` is a value the sticks can show.
#[inline]
pub const fn is_throw(value: u8) -> bool {
    matches!(value, 1 | 2 | 3 | 4 | 6)
}

/// Enemy pieces that stand alone (no enemy on either neighbouring square): the only ones a
/// move may land on.
#[inline]
fn lone(opp: u32) -> u32 {
    opp & !(opp << 1) & !(opp >> 1)
}

/// Bit `i` set when squares `i + 1`, `i + 2`, `i + 3` all hold enemy pieces (a row of three
/// starting at square `i + 1`).
#[inline]
fn rows_of_three(opp: u32) -> u32 {
    opp & (opp >> 1) & (opp >> 2)
}

/// Squares where a moving piece may come to rest: empty, or a lone enemy piece.
#[inline]
fn landable(own: u32, opp: u32) -> u32 {
    BOARD_MASK & !own & (!opp | lone(opp))
}

/// The pieces of `own` (as a board) that may move forward by `value` against `opp`.
#[inline]
pub fn forward_movers(own: u32, opp: u32, value: u8) -> u32 {
    let v = u32::from(value);
    // Targets past square 30 (bits 30 and up) are bearing off: always a place to go.
    let targets = u64::from(landable(own, opp)) | !u64::from(BOARD_MASK);
    let mut movers = own & (targets >> v) as u32;
    // Passing: a row of three on the squares passed, s + 1 ..= min(s + v - 1, 30). For a piece
    // on bit b the row may start at bits b + 1 ..= b + v - 3. When bearing off (s + v >= 31)
    // that range reaches bit 27 (the row on 28-29-30, the highest one there is), so square 30
    // counts as passed, as the rules file says.
    let rows = rows_of_three(opp);
    for k in 1..=v.saturating_sub(3) {
        movers &= !(rows >> k);
    }
    movers
}

/// The pieces of `own` that may move backward by `value` against `opp`.
#[inline]
pub fn backward_movers(own: u32, opp: u32, value: u8) -> u32 {
    let v = u32::from(value);
    // Shifting up by v keeps exactly the pieces whose target square is 1 or more.
    let mut movers = own & (landable(own, opp) << v);
    // Passing: a row of three strictly between s - v and s, starting at bits b - v + 1 ..= b - 3.
    let rows = rows_of_three(opp);
    for k in 3..v {
        movers &= !(rows << k);
    }
    movers
}

/// The pieces that move with `value` and the direction: forward if any piece can, else
/// backward. An empty board of movers means the player cannot move.
#[inline]
pub fn movers(board: &Board, seat: usize, value: u8) -> (u32, bool) {
    let own = board.pieces[seat];
    let opp = board.pieces[seat ^ 1];
    let forward = forward_movers(own, opp, value);
    if forward != 0 {
        (forward, true)
    } else {
        (backward_movers(own, opp, value), false)
    }
}

/// Appends the legal moves of `seat` with `value` to `out`, lowest square first.
pub fn generate(board: &Board, seat: usize, value: u8, out: &mut Vec<Move>) {
    let (mut bits, forward) = movers(board, seat, value);
    while bits != 0 {
        let square = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        out.push(if forward {
            Move::Forward(square)
        } else {
            Move::Backward(square)
        });
    }
}

/// The square a piece on `from` reaches with `value` (31 or more: borne off).
#[inline]
pub fn target(from: u8, value: u8, forward: bool) -> u8 {
    if forward {
        from + value
    } else {
        from - value
    }
}

/// Moves `seat`'s piece from `from` by `value` (a legal move): a lone enemy piece on the
/// target swaps to `from`; a target past 30 bears the piece off.
#[inline]
pub fn apply(board: &mut Board, seat: usize, from: u8, value: u8, forward: bool) {
    let to = target(from, value, forward);
    let from_bit = bit(from);
    board.pieces[seat] &= !from_bit;
    if to > SQUARES {
        return;
    }
    let to_bit = bit(to);
    board.pieces[seat] |= to_bit;
    let opp = &mut board.pieces[seat ^ 1];
    if *opp & to_bit != 0 {
        *opp = (*opp & !to_bit) | from_bit;
    }
}

/// Why a piece cannot make a move, for error messages: checks the rules one by one in plain
/// terms (this runs only on bad input, never in search).
pub fn why_illegal(board: &Board, seat: usize, from: u8, value: u8, forward: bool) -> String {
    let names = ["dark", "light"];
    let (me, them) = (names[seat], names[seat ^ 1]);
    if board.at(from) != Some(seat) {
        return format!("square {from} holds no {me} piece");
    }
    if !forward && forward_movers(board.pieces[seat], board.pieces[seat ^ 1], value) != 0 {
        return "a backward move is allowed only when no piece can move forward".to_string();
    }
    if !forward && from <= value {
        return format!("a backward move of {value} from square {from} would leave the board");
    }
    let to = target(from, value, forward);
    // The squares passed lie strictly between lo and hi; bearing off passes 30 too.
    let (lo, hi) = if forward {
        (from, to.min(SQUARES + 1))
    } else {
        (to, from)
    };
    for first in lo + 1..hi.saturating_sub(2) {
        if (first..first + 3).all(|sq| board.at(sq) == Some(seat ^ 1)) {
            return format!(
                "it would pass three {them} pieces in a row on squares {first}-{}",
                first + 2
            );
        }
    }
    if to <= SQUARES {
        match board.at(to) {
            Some(s) if s == seat => return format!("square {to} holds a {me} piece"),
            Some(_) => {
                let guarded = (to > 1 && board.at(to - 1) == Some(seat ^ 1))
                    || (to < SQUARES && board.at(to + 1) == Some(seat ^ 1));
                if guarded {
                    return format!("the {them} piece on square {to} is protected by a neighbour");
                }
            }
            None => {}
        }
    }
    "it is not legal".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(squares: &[u8]) -> u32 {
        squares.iter().map(|&s| bit(s)).fold(0, |a, b| a | b)
    }

    #[test]
    fn lone_pieces_and_rows() {
        let opp = board(&[3, 5, 6, 10, 11, 12, 30]);
        assert_eq!(lone(opp), board(&[3, 30]));
        assert_eq!(rows_of_three(opp), board(&[10]));
    }

    #[test]
    fn movers_by_bit_operations() {
        // Dark on 1 and 9 against light 2-3-4: 1 cannot pass the row with a 4; 9 can go.
        let own = board(&[1, 9]);
        let opp = board(&[2, 3, 4]);
        assert_eq!(forward_movers(own, opp, 4), board(&[9]));
        // With a 1, 1 would land on the protected 2 and 9 goes to 10.
        assert_eq!(forward_movers(own, opp, 1), board(&[9]));
        // Backward with a 6: 9 to 3 lands on a protected piece; with a 4, 9 to 5 is free.
        assert_eq!(backward_movers(own, opp, 6), 0);
        assert_eq!(backward_movers(own, opp, 4), board(&[9]));
        // Bearing off passes square 30 too: from 27 past 28-29-30 is blocked, as is 25 past
        // 26-27-28; from 28 only 29 and 30 are passed.
        assert_eq!(forward_movers(board(&[27]), board(&[28, 29, 30]), 4), 0);
        assert_eq!(forward_movers(board(&[25]), board(&[26, 27, 28]), 6), 0);
        assert_eq!(
            forward_movers(board(&[28]), board(&[29, 30]), 6),
            board(&[28])
        );
    }
}
