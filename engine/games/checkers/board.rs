//! A set of holes as a `u128` (bit `h` is hole `h` in reading order), and the marbles of a
//! position kept in three layouts, one per line axis, so that the jumps along a whole axis come
//! from a few shifts.

use super::geometry::{tables, Hole, HOLES, ROW_WIDTHS};

/// A set of holes: bit `h` is hole `h` in reading order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set with one hole.
    #[inline]
    pub fn from_hole(h: Hole) -> Self {
        Bitboard(1u128 << h.0)
    }

    /// Whether the set holds `h`.
    #[inline]
    pub fn has(self, h: Hole) -> bool {
        self.0 >> h.0 & 1 == 1
    }

    /// The number of holes in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The holes in reading order.
    #[inline]
    pub fn iter(self) -> BitIter {
        BitIter(self.0)
    }
}

/// Iterator over the holes of a [`Bitboard`], lowest (first in reading order) first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter(pub u128);

impl Iterator for BitIter {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let h = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Hole(h))
    }
}

/// The marbles of a position in three layouts: `axes[0]` in reading order, `axes[1]` and
/// `axes[2]` after the rotations that make the lines of the other two axes into rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marbles {
    /// Occupancy per layout.
    pub axes: [u128; 3],
}

impl Marbles {
    /// The marbles on the holes of `bits` (reading order).
    pub fn from_bits(bits: u128) -> Self {
        let mut m = Marbles { axes: [bits, 0, 0] };
        let t = tables();
        for h in BitIter(bits) {
            for a in 1..3 {
                m.axes[a] |= 1u128 << t.axis_perm[a][h.index()];
            }
        }
        m
    }

    /// The marbles in reading order.
    #[inline]
    pub fn bits(&self) -> u128 {
        self.axes[0]
    }

    /// Flips the holes of `diff` (reading order) in every layout.
    #[inline]
    pub fn toggle(&mut self, diff: u128) {
        let t = tables();
        self.axes[0] ^= diff;
        for h in BitIter(diff) {
            self.axes[1] ^= 1u128 << t.axis_perm[1][h.index()];
            self.axes[2] ^= 1u128 << t.axis_perm[2][h.index()];
        }
    }
}

/// Every hole of the star as a bit set.
pub const ALL_HOLES: u128 = (1u128 << HOLES) - 1;

/// `ROW_AHEAD[k]`: the holes `h` such that hole `h + k` is in the same row (reading order). The
/// same masks serve all three axis layouts, since each is the star turned onto itself.
pub const ROW_AHEAD: [u128; 13] = row_ahead_masks();

const fn row_ahead_masks() -> [u128; 13] {
    let mut out = [0u128; 13];
    let mut k = 0;
    while k < 13 {
        let mut start = 0;
        let mut r = 0;
        while r < ROW_WIDTHS.len() {
            let w = ROW_WIDTHS[r];
            let mut p = 0;
            while p + k < w {
                out[k] |= 1u128 << (start + p);
                p += 1;
            }
            start += w;
            r += 1;
        }
        k += 1;
    }
    out
}
