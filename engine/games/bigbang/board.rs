//! A set of cells of a board of at most 11 x 11 as one `u128`: cell `row * 11 + col`, row 0 the
//! bottom rank. Shifts move a whole set one cell in one of the eight directions at once, which is
//! what makes the jump-chain flood in `moves.rs` cheap.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Cells per row in the index layout (boards narrower than 11 leave columns unused).
pub const STRIDE: usize = 11;
/// The number of cell indices.
pub const CELLS: usize = STRIDE * STRIDE;

const ALL: u128 = (1u128 << CELLS) - 1;
const FILE_A: u128 = column_mask(0);
const FILE_K: u128 = column_mask(STRIDE - 1);

const fn column_mask(col: usize) -> u128 {
    let mut m = 0u128;
    let mut row = 0;
    while row < STRIDE {
        m |= 1u128 << (row * STRIDE + col);
        row += 1;
    }
    m
}

/// The eight directions as index offsets: N, S, E, W, NE, NW, SE, SW.
pub const DIRECTIONS: [i32; 8] = [11, -11, 1, -1, 12, 10, -10, -12];

/// A set of cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding just `cell`.
    #[inline]
    pub const fn from_cell(cell: u8) -> Self {
        Bitboard(1u128 << cell)
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn has(self, cell: u8) -> bool {
        self.0 >> cell & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Adds a cell.
    #[inline]
    pub fn set(&mut self, cell: u8) {
        self.0 |= 1u128 << cell;
    }

    /// Removes a cell.
    #[inline]
    pub fn clear(&mut self, cell: u8) {
        self.0 &= !(1u128 << cell);
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// Every cell moved one step in direction `dir` (an index into [`DIRECTIONS`]); cells that
    /// would leave the 11 x 11 frame drop out (the caller masks with its board's cells).
    #[inline]
    pub fn shift(self, dir: usize) -> Bitboard {
        let b = self.0;
        let moved = match dir {
            0 => b << 11,
            1 => b >> 11,
            2 => (b << 1) & !FILE_A,
            3 => (b >> 1) & !FILE_K,
            4 => (b << 12) & !FILE_A,
            5 => (b << 10) & !FILE_K,
            6 => (b >> 10) & !FILE_A,
            _ => (b >> 12) & !FILE_K,
        };
        Bitboard(moved & ALL)
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(self) -> Cells {
        Cells(self.0)
    }
}

/// Iterator over the cells of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Cells(u128);

impl Iterator for Cells {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

/// The cell index of `(row, col)`, row 0 the bottom rank.
#[inline]
pub const fn cell_at(row: usize, col: usize) -> u8 {
    (row * STRIDE + col) as u8
}

/// The `(row, col)` of a cell index.
#[inline]
pub const fn row_col(cell: u8) -> (usize, usize) {
    (cell as usize / STRIDE, cell as usize % STRIDE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_in_the_frame() {
        for cell in 0..CELLS as u8 {
            let (r, c) = row_col(cell);
            for (dir, (dr, dc)) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ]
            .into_iter()
            .enumerate()
            {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                let expect = if (0..11).contains(&nr) && (0..11).contains(&nc) {
                    Bitboard::from_cell(cell_at(nr as usize, nc as usize))
                } else {
                    Bitboard::EMPTY
                };
                assert_eq!(
                    Bitboard::from_cell(cell).shift(dir),
                    expect,
                    "cell {cell} dir {dir}"
                );
                assert_eq!(DIRECTIONS[dir], dr * 11 + dc);
            }
        }
    }
}
