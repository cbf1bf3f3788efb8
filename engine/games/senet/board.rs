//! The Senet board: squares 1..30 along the snaking path, one 32-bit board per colour.
//!
//! Bit `square - 1` of a colour's board is set when that colour has a piece on `square`; bits 30
//! and 31 are always clear. Pieces borne off are the ones missing: each colour has five.

/// Dark's seat. Dark opens the game (its piece already moved from 10 to 11) and throws first,
/// so it is seat 0, as the first player is everywhere else in Tabula.
pub const DARK: usize = 0;

/// Light's seat.
pub const LIGHT: usize = 1;

/// Squares on the path.
pub const SQUARES: u8 = 30;

/// Pieces per colour.
pub const PIECES: u32 = 5;

/// The bits of squares 1..30.
pub const BOARD_MASK: u32 = (1 << SQUARES) - 1;

/// The bit of a square (`1..=30`).
#[inline]
pub const fn bit(square: u8) -> u32 {
    1 << (square - 1)
}

/// The squares of the set bits of a board, lowest first.
#[inline]
pub fn squares(mut bits: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let b = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(b + 1)
        }
    })
}

/// The opponent of a seat.
#[inline]
pub const fn other(seat: usize) -> usize {
    seat ^ 1
}

/// The pieces of both colours: `pieces[DARK]` and `pieces[LIGHT]`, disjoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// One board per seat.
    pub pieces: [u32; 2],
}

impl Board {
    /// The start position: light on 1, 3, 5, 7, 9; dark on 2, 4, 6, 8 and 11 (dark's opening
    /// move from 10 to 11 is already made, as the rules file resolves).
    pub const START: Board = Board {
        pieces: [
            bit(2) | bit(4) | bit(6) | bit(8) | bit(11),
            bit(1) | bit(3) | bit(5) | bit(7) | bit(9),
        ],
    };

    /// The seat with a piece on `square`, if any.
    #[inline]
    pub fn at(&self, square: u8) -> Option<usize> {
        let b = bit(square);
        if self.pieces[DARK] & b != 0 {
            Some(DARK)
        } else if self.pieces[LIGHT] & b != 0 {
            Some(LIGHT)
        } else {
            None
        }
    }

    /// How many pieces `seat` still has on the board.
    #[inline]
    pub fn on_board(&self, seat: usize) -> u32 {
        self.pieces[seat].count_ones()
    }

    /// How many pieces `seat` has borne off.
    #[inline]
    pub fn borne_off(&self, seat: usize) -> u32 {
        PIECES - self.on_board(seat)
    }

    /// Both colours together.
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.pieces[DARK] | self.pieces[LIGHT]
    }
}
