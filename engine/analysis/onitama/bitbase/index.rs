//! The numbering of bitbase positions. A position has Red to move (a Blue-to-move position is
//! read through its colour-swapped image), both masters on the board, neither on the temple arch
//! it attacks, and at most a few students a side. A *material* is how many students each side
//! has; within it positions are grouped in *blocks* of one student layout (Red's set, then
//! Blue's, numbered as in the distance tables), and within a block by the two master squares.
//! One 32-bit word holds a layout's 30 card distributions; the distributions are numbered side
//! card first ([`Dist`]), so the six distributions with one side card are six adjacent bits.

use crate::analysis::onitama::cardset::{self, DISTRIBUTIONS};
use crate::analysis::onitama::tablebase::index::{binom, block_of, Material};

/// The most students a side has in any bitbase (8 men: the masters and three students a side).
pub const MAX_STUDENTS: usize = 3;
/// Every distribution bit of a word.
pub const ALL: u32 = (1 << DISTRIBUTIONS) - 1;
/// Every square.
pub const FULL: u32 = (1 << 25) - 1;
/// Red's temple arch (Blue's master there has won).
pub const RED_TEMPLE: u8 = 2;
/// Blue's temple arch (Red's master there has won).
pub const BLUE_TEMPLE: u8 = 22;

/// One of the 30 ways to distribute the five card slots, in the bitbase's own numbering:
/// `6 * side + k`, where `k` numbers Red's pair among the four other slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dist {
    /// The side card's slot.
    pub side: u8,
    /// Red's two slots, lower first.
    pub red: [u8; 2],
    /// Blue's two slots, lower first.
    pub blue: [u8; 2],
}

/// The pairs among four items, in the order `k` numbers them.
const PAIRS: [[usize; 2]; 6] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];

/// Every distribution in the bitbase's numbering.
pub const DISTS: [Dist; DISTRIBUTIONS] = {
    let mut out = [Dist {
        side: 0,
        red: [0, 0],
        blue: [0, 0],
    }; DISTRIBUTIONS];
    let mut side = 0;
    while side < 5 {
        let mut rest = [0u8; 4];
        let (mut j, mut s) = (0, 0);
        while s < 5 {
            if s != side {
                rest[j] = s as u8;
                j += 1;
            }
            s += 1;
        }
        let mut k = 0;
        while k < 6 {
            let [a, b] = PAIRS[k];
            let mut blue = [0u8; 2];
            let mut n = 0;
            let mut i = 0;
            while i < 4 {
                if i != a && i != b {
                    blue[n] = rest[i];
                    n += 1;
                }
                i += 1;
            }
            out[side * 6 + k] = Dist {
                side: side as u8,
                red: [rest[a], rest[b]],
                blue,
            };
            k += 1;
        }
        side += 1;
    }
    out
};

/// The bitbase number of the distribution with these hands and side card.
fn dist_of(red: [u8; 2], side: u8) -> usize {
    let red = [red[0].min(red[1]), red[0].max(red[1])];
    DISTS
        .iter()
        .position(|d| d.red == red && d.side == side)
        .expect("a valid distribution")
}

/// The distribution maps of the bitbase numbering, computed once.
pub struct Maps {
    /// `parents[c][m]`: the parent distributions (Red to move) whose move with the card in slot
    /// `c` leads, after the board is turned, to one of the child distributions `m` (six bits:
    /// the child's distributions with side card `c`, shifted down).
    pub parents: [[u32; 64]; 5],
    /// The distributions in which Red holds the card in each slot.
    pub hand: [u32; 5],
    /// `to_cardset[d]`: the same distribution in [`cardset::DISTS`]'s numbering.
    pub to_cardset: [u8; DISTRIBUTIONS],
    /// `from_cardset[e]`: the inverse of `to_cardset`.
    pub from_cardset: [u8; DISTRIBUTIONS],
    /// `swap[d]`: the distribution with the two hands exchanged (the colour-swapped image).
    pub swap: [u8; DISTRIBUTIONS],
    /// `groups[cards]`: the child distributions whose side card is in the slot set `cards`
    /// (the six-bit groups of those slots).
    pub groups: [u32; 32],
}

impl Maps {
    /// Computes the maps.
    pub fn new() -> Maps {
        let mut parents = [[0u32; 64]; 5];
        let mut hand = [0u32; 5];
        let mut to_cardset = [0u8; DISTRIBUTIONS];
        let mut from_cardset = [0u8; DISTRIBUTIONS];
        let mut swap = [0u8; DISTRIBUTIONS];
        for (d, dist) in DISTS.iter().enumerate() {
            for c in dist.red {
                hand[c as usize] |= 1 << d;
                // Red plays c: it goes aside, Red keeps the other and takes the side card; the
                // board turns, so the child's Red hand is the parent's Blue hand.
                let child = dist_of(dist.blue, c);
                let k = child - 6 * c as usize;
                for (m, p) in parents[c as usize].iter_mut().enumerate() {
                    if m >> k & 1 == 1 {
                        *p |= 1 << d;
                    }
                }
            }
            let e = cardset::DISTS
                .iter()
                .position(|x| {
                    x.hands[0] == dist.red && x.hands[1] == dist.blue && x.side == dist.side
                })
                .expect("the same distribution");
            to_cardset[d] = e as u8;
            from_cardset[e] = d as u8;
            swap[d] = dist_of(dist.blue, dist.side) as u8;
        }
        let mut groups = [0u32; 32];
        for (cards, g) in groups.iter_mut().enumerate() {
            for c in 0..5 {
                if cards >> c & 1 == 1 {
                    *g |= 63 << (6 * c);
                }
            }
        }
        Maps {
            parents,
            hand,
            to_cardset,
            from_cardset,
            swap,
            groups,
        }
    }

    /// The parent distributions of the child bits `child` through a move with any card of the
    /// slot set `cards` (bit `c`: slot `c`).
    #[inline(always)]
    pub fn parents(&self, cards: u8, child: u32) -> u32 {
        let mut out = 0;
        let mut cs = cards;
        while cs != 0 {
            let c = cs.trailing_zeros() as usize;
            cs &= cs - 1;
            out |= self.parents[c][(child >> (6 * c)) as usize & 63];
        }
        out
    }

    /// The parent distributions of the child bits `child` through a move with the card each
    /// bit's group names (its side card): [`Maps::parents`] with every slot. Since it is an OR
    /// over the bits, a loss check can gather its children's bits first (each masked to the
    /// groups of its move's cards) and map them once.
    #[inline(always)]
    pub fn parents_all(&self, child: u32) -> u32 {
        self.parents[0][(child & 63) as usize]
            | self.parents[1][(child >> 6 & 63) as usize]
            | self.parents[2][(child >> 12 & 63) as usize]
            | self.parents[3][(child >> 18 & 63) as usize]
            | self.parents[4][(child >> 24 & 63) as usize]
    }

    /// `parents(cards, child)` for every slot set `cards`, by the set.
    #[inline(always)]
    pub fn parents_by_set(&self, child: u32) -> [u32; 32] {
        let mut out = [0u32; 32];
        for s in 1..32usize {
            let c = s.trailing_zeros() as usize;
            out[s] = out[s & (s - 1)] | self.parents[c][(child >> (6 * c)) as usize & 63];
        }
        out
    }
}

impl Default for Maps {
    fn default() -> Self {
        Maps::new()
    }
}

/// How many students each side has: the index of one table of a bitbase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mat {
    /// Red's and Blue's students.
    pub students: [u8; 2],
}

impl Mat {
    /// The material with `red` and `blue` students.
    pub const fn new(red: u8, blue: u8) -> Mat {
        Mat {
            students: [red, blue],
        }
    }

    /// Men on the board, masters included.
    pub const fn men(self) -> usize {
        2 + self.students[0] as usize + self.students[1] as usize
    }

    /// Student blocks: Red's student sets times Blue's.
    pub const fn blocks(self) -> u64 {
        let r = self.students[0] as usize;
        let b = self.students[1] as usize;
        binom(25, r) * binom(25 - r, b)
    }

    /// Red's and Blue's student sets of block `block`.
    pub fn block_students(self, block: u64) -> [u32; 2] {
        Material::new(self.students[0], self.students[1]).block_students(block)
    }

    /// The material with the colours exchanged.
    pub const fn swapped(self) -> Mat {
        Mat::new(self.students[1], self.students[0])
    }

    /// Its name, e.g. `2v1`.
    pub fn name(self) -> String {
        format!("{}v{}", self.students[0], self.students[1])
    }

    /// Every material with at most `per_side` students a side, fewest students first, each
    /// material next to its colour-swapped one.
    pub fn up_to(per_side: usize) -> Vec<Mat> {
        let mut out = Vec::new();
        for total in 0..=2 * per_side {
            for r in 0..=total.min(per_side) {
                let b = total - r;
                if b <= per_side {
                    out.push(Mat::new(r as u8, b as u8));
                }
            }
        }
        out
    }

    /// The first layout of every block and, last, the number of layouts: `blocks() + 1`
    /// numbers. Blocks are enumerated in order: Red's sets in colex order, for each Blue's sets
    /// among the other squares in colex order (the order of the distance tables' blocks).
    pub fn offsets(self) -> Vec<u64> {
        let r = self.students[0] as usize;
        let b = self.students[1] as usize;
        let nb = binom(25 - r, b);
        let mut out = Vec::with_capacity(self.blocks() as usize + 1);
        let mut at = 0u64;
        for red_rank in 0..binom(25, r) {
            let red = self.block_students(red_rank * nb)[0];
            // The squares Blue may use, lowest first.
            let mut squares = [0u8; 25];
            let mut n = 0;
            for sq in 0..25u8 {
                if red >> sq & 1 == 0 {
                    squares[n] = sq;
                    n += 1;
                }
            }
            let pos = |target: u8| squares[..n].iter().position(|&s| s == target);
            let (p2, p22) = (pos(RED_TEMPLE), pos(BLUE_TEMPLE));
            // Blue's sets as bit sets over the positions 0..n, in increasing order (colex).
            let mut set: u32 = (1u32 << b) - 1;
            for _ in 0..nb {
                let has2 = p2.is_some_and(|p| set >> p & 1 == 0);
                let has22 = p22.is_some_and(|p| set >> p & 1 == 0);
                out.push(at);
                at += block_size(25 - (r + b) as u32, has2, has22);
                if set == 0 {
                    break;
                }
                // The next set of b bits (Gosper).
                let c = set & set.wrapping_neg();
                let rr = set + c;
                set = (((rr ^ set) >> 2) / c) | rr;
            }
        }
        out.push(at);
        debug_assert_eq!(out.len() as u64, self.blocks() + 1);
        out
    }
}

/// The block number of these student sets within their material.
#[inline(always)]
pub fn block_number(students: [u32; 2]) -> u64 {
    block_of(students)
}

/// Master pairs of a block with `free` squares free of students, `has2` / `has22` whether Red's
/// / Blue's temple arch is among them: Red's master anywhere free but on Blue's arch, Blue's
/// anywhere else free but on Red's arch.
#[inline(always)]
pub const fn block_size(free: u32, has2: bool, has22: bool) -> u64 {
    let n22 = free - has22 as u32;
    let n2 = free - has2 as u32;
    n22 as u64 * (n2 as u64 - 1) + has2 as u64
}

/// The layouts of a block whose free squares are `free`.
#[inline(always)]
pub fn layouts_in(free: u32) -> u64 {
    block_size(
        free.count_ones(),
        free >> RED_TEMPLE & 1 == 1,
        free >> BLUE_TEMPLE & 1 == 1,
    )
}

/// The number of the master pair `[rm, bm]` within a block whose free squares are `free`: Red's
/// square by its place among the squares Red's master may use, then Blue's among those left to
/// it. Neither may be on the arch it attacks.
#[inline(always)]
pub fn master_index(free: u32, [rm, bm]: [u8; 2]) -> u64 {
    let f22 = free & !(1 << BLUE_TEMPLE);
    let f2 = free & !(1 << RED_TEMPLE);
    let below_r = (1u32 << rm) - 1;
    let cnt_r = u64::from((f22 & below_r).count_ones());
    let n2 = u64::from(f2.count_ones());
    let extra = u64::from(free >> RED_TEMPLE & 1 == 1 && rm > RED_TEMPLE);
    let below_b = (1u32 << bm) - 1;
    cnt_r * (n2 - 1) + extra + u64::from((f2 & !(1 << rm) & below_b).count_ones())
}

/// Calls `f(i, [rm, bm])` for the master pairs of a block with free squares `free`, in number
/// order.
#[inline(always)]
pub fn for_masters(free: u32, mut f: impl FnMut(usize, [u8; 2])) {
    let mut i = 0;
    let mut reds = free & !(1 << BLUE_TEMPLE);
    while reds != 0 {
        let rm = reds.trailing_zeros() as u8;
        reds &= reds - 1;
        let mut blues = free & !(1 << RED_TEMPLE) & !(1 << rm);
        while blues != 0 {
            let bm = blues.trailing_zeros() as u8;
            blues &= blues - 1;
            f(i, [rm, bm]);
            i += 1;
        }
    }
}

/// The set seen from the other side (the board turned half a turn).
#[inline(always)]
pub fn turn(set: u32) -> u32 {
    set.reverse_bits() >> 7
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn master_pairs_are_numbered_densely() {
        for free in [
            FULL,
            FULL & !(1 << 2),
            FULL & !(1 << 22),
            FULL & !(1 << 2 | 1 << 22 | 1 << 7),
        ] {
            let mut n = 0;
            for_masters(free, |i, m| {
                assert_eq!(master_index(free, m), i as u64);
                n += 1;
            });
            assert_eq!(n, layouts_in(free));
        }
    }

    #[test]
    fn sizes_and_offsets() {
        let total: u64 = Mat::up_to(2)
            .iter()
            .map(|m| *m.offsets().last().unwrap() * 30)
            .sum();
        assert_eq!(total, 1_075_280_850);
        let m = Mat::new(2, 1);
        let off = m.offsets();
        for k in [0u64, 1, 17, 500, m.blocks() - 1] {
            let [r, b] = m.block_students(k);
            assert_eq!(block_number([r, b]), k);
            assert_eq!(
                off[k as usize + 1] - off[k as usize],
                layouts_in(FULL & !(r | b))
            );
        }
    }

    #[test]
    fn maps_agree_with_the_cardset_numbering() {
        let maps = Maps::new();
        #[allow(clippy::needless_range_loop)]
        for d in 0..DISTRIBUTIONS {
            let e = maps.to_cardset[d] as usize;
            assert_eq!(maps.from_cardset[e] as usize, d);
            assert_eq!(
                maps.to_cardset[maps.swap[d] as usize],
                *cardset::SWAP.get(e).unwrap()
            );
            for k in 0..2 {
                // Red plays its k-th card; the board turns.
                let next = cardset::NEXT[e][0][k] as usize;
                let child = maps.from_cardset[cardset::SWAP[next] as usize] as usize;
                let c = DISTS[d].red[k] as usize;
                assert_eq!(child / 6, c);
                assert!(maps.parents[c][1 << (child % 6)] >> d & 1 == 1);
            }
        }
    }
}
