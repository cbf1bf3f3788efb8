//! Squares and 25-bit bitboards of the 5x5 board, in the style of cozy-chess: a `Square` newtype
//! that is always on the board, and a `Bitboard` set type with set operations and an iterator.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The board is 5 files by 5 ranks.
pub const SIZE: u8 = 5;

/// The number of squares.
pub const SQUARES: usize = 25;

/// A square of the board: `rank * 5 + file`, with `a1` = 0 (Red's left corner) and `e5` = 24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, `a1`, `b1`, ... `e5`.
    pub const ALL: [Square; SQUARES] = {
        let mut all = [Square(0); SQUARES];
        let mut i = 0;
        while i < SQUARES {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// Red's temple arch, where Red's master starts.
    pub const C1: Square = Square(2);
    /// Blue's temple arch, where Blue's master starts.
    pub const C5: Square = Square(22);

    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if both are on the board.
    pub const fn try_new(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < SIZE as i32 && rank >= 0 && rank < SIZE as i32 {
            Some(Square((rank * SIZE as i32 + file) as u8))
        } else {
            None
        }
    }

    /// The square with this index (`0..25`), if it is one.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index `0..25`, for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = `a` .. 4 = `e`.
    pub const fn file(self) -> u8 {
        self.0 % SIZE
    }

    /// The rank, 0 = rank 1 .. 4 = rank 5.
    pub const fn rank(self) -> u8 {
        self.0 / SIZE
    }

    /// The one-square set.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// Reads a square name such as `c1` (either case).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::try_new(i32::from(file), i32::from(rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank())
        )
    }
}

/// A set of squares, one bit per square (bit `i` is the square with index `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u32);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard((1 << SQUARES) - 1);

    /// Whether the set holds `sq`.
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }
}

/// The squares of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(u32);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let sq = Bitboard(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

macro_rules! bit_op {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $t:tt) => {
        impl $Op for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $op(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $t rhs.0)
            }
        }
        impl $OpAssign for Bitboard {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: Bitboard) {
                self.0 = self.0 $t rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the board (the 7 high bits stay clear).
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::C1.to_string(), "c1");
        assert_eq!(Square::C5.to_string(), "c5");
        assert_eq!(Square::parse("f1"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a"), None);
    }

    #[test]
    fn iterates_in_order() {
        let b = Square::C1.bitboard() | Square::C5.bitboard();
        assert_eq!(
            b.into_iter().collect::<Vec<_>>(),
            vec![Square::C1, Square::C5]
        );
        assert_eq!((!Bitboard::EMPTY).len(), 25);
    }
}
