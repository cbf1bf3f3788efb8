//! Single jumps: all of a position's at once from shifts of the three axis layouts, or those of
//! one marble from the neighbour and ray tables (used inside chains).

use super::board::{BitIter, Marbles, ALL_HOLES, ROW_AHEAD};
use super::geometry::{tables, NONE};

/// The starting holes of every single jump of a position, per axis layout and way along the line
/// (`[axis][0]` forward, `[axis][1]` backward); bits are in that axis layout's numbering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SingleJumps {
    /// Starting holes per axis and way.
    pub from: [[u128; 2]; 3],
}

impl SingleJumps {
    /// The number of single jumps (a marble may have several).
    #[inline]
    pub fn count(&self) -> u32 {
        // Add the six masks bit-sliced (carry-save), so only three words need a popcount.
        let [[a, b], [c, d], [e, f]] = self.from;
        let (s1, c1) = (a ^ b ^ c, (a & b) | (c & (a ^ b)));
        let (s2, c2) = (d ^ e ^ f, (d & e) | (f & (d ^ e)));
        let (ones, c3) = (s1 ^ s2, s1 & s2);
        let (twos, fours) = (c1 ^ c2 ^ c3, (c1 & c2) | (c3 & (c1 ^ c2)));
        ones.count_ones() + 2 * twos.count_ones() + 4 * fours.count_ones()
    }

    /// Whether there is any jump.
    #[inline]
    pub fn any(&self) -> bool {
        self.from.iter().flatten().any(|&b| b != 0)
    }

    /// The holes (reading order) from which at least one jump starts.
    pub fn starts(&self) -> u128 {
        let t = tables();
        let mut starts = self.from[0][0] | self.from[0][1];
        for a in 1..3 {
            for h in BitIter(self.from[a][0] | self.from[a][1]) {
                starts |= 1u128 << t.axis_inv[a][h.index()];
            }
        }
        starts
    }
}

/// All short single jumps: marble, marble next to it, empty hole behind, along every line.
#[inline]
pub fn short_jumps(m: &Marbles) -> SingleJumps {
    let ahead2 = ROW_AHEAD[2];
    let mut out = SingleJumps::default();
    for a in 0..3 {
        let o = m.axes[a];
        let e = ALL_HOLES & !o;
        out.from[a][0] = o & (o >> 1) & (e >> 2) & ahead2;
        out.from[a][1] = o & (o << 1) & (e << 2) & (ahead2 << 2);
    }
    out
}

/// All single jumps with the long-jump rule: `k` empty holes, a marble, `k` empty holes and an
/// empty landing hole, all in one line (`k = 0` is the short jump).
pub fn long_jumps(m: &Marbles) -> SingleJumps {
    let mut out = SingleJumps::default();
    for a in 0..3 {
        let o = m.axes[a];
        let e = ALL_HOLES & !o;
        for k in 0..=5u32 {
            let dist = 2 * k + 2;
            let mask = ROW_AHEAD[dist as usize];
            let mut fwd = o & mask & (o >> (k + 1));
            let mut bwd = o & (mask << dist) & (o << (k + 1));
            for j in (1..=k).chain(k + 2..=dist) {
                fwd &= e >> j;
                bwd &= e << j;
            }
            out.from[a][0] |= fwd;
            out.from[a][1] |= bwd;
        }
    }
    out
}

/// The single jumps of the position under the rule in force.
#[inline]
pub fn single_jumps(m: &Marbles, long: bool) -> SingleJumps {
    if long {
        long_jumps(m)
    } else {
        short_jumps(m)
    }
}

/// The jumps a marble standing on `cur` can make on `board` (the other marbles, reading order;
/// the marble itself is not in it): `(captured hole, landing hole)` pairs written to `out`, in
/// direction order. Returns how many.
#[inline]
pub fn jumps_from(board: u128, cur: usize, long: bool, out: &mut [(u8, u8); 6]) -> usize {
    let t = tables();
    let mut n = 0;
    if !long {
        let count = usize::from(t.short_jump_count[cur]);
        for &(over, land) in &t.short_jumps[cur][..count] {
            if holds(board, over) && !holds(board, land) {
                out[n] = (over, land);
                n += 1;
            }
        }
        return n;
    }
    for d in 0..6 {
        let ray = &t.ray[cur][d];
        // The first marble along the ray, after `k` empty holes.
        let mut k = 0;
        while k < ray.len() && ray[k] != NONE && !holds(board, ray[k]) {
            k += 1;
        }
        if k >= ray.len() || ray[k] == NONE || 2 * k + 1 >= ray.len() {
            continue;
        }
        let clear = ray[k + 1..=2 * k + 1]
            .iter()
            .all(|&h| h != NONE && !holds(board, h));
        if clear {
            out[n] = (ray[k], ray[2 * k + 1]);
            n += 1;
        }
    }
    n
}

/// Whether `board` holds hole `h`: a word picked by index and a shift within it, with no
/// branch on which half of the `u128` the hole is in.
#[inline(always)]
fn holds(board: u128, h: u8) -> bool {
    let words = [board as u64, (board >> 64) as u64];
    words[usize::from(h >> 6)] >> (h & 63) & 1 == 1
}
