//! The perfect hash of tablebase positions. A *material* is how many students each colour has
//! (both masters are always on the board). Within a material a position is numbered by
//! `((placement * 30 + distribution) * 2 + side)`, where the placement numbers the two masters
//! (an ordered pair of distinct squares, 600 ways) and then each colour's students as a
//! combination of the squares still free (combinatorial number system), so every number up to
//! the material's size is a position and every position has one number.

/// The most students a colour has.
pub const MAX_STUDENTS: usize = 4;

/// `BINOM[n][k]` for `n <= 25`, `k <= 5`.
const BINOM: [[u64; 6]; 26] = {
    let mut t = [[0u64; 6]; 26];
    let mut n = 0;
    while n < 26 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` choose `k`.
pub const fn binom(n: usize, k: usize) -> u64 {
    BINOM[n][k]
}

/// Red's master on Blue's temple arch (Red has won).
pub const BLUE_TEMPLE: u8 = 22;
/// Blue's master on Red's temple arch (Blue has won).
pub const RED_TEMPLE: u8 = 2;

/// How many students each colour has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Students of Red and of Blue.
    pub students: [u8; 2],
}

impl Material {
    /// The material with `red` and `blue` students.
    pub const fn new(red: u8, blue: u8) -> Material {
        Material {
            students: [red, blue],
        }
    }

    /// Pieces on the board, masters included.
    pub const fn pieces(self) -> usize {
        2 + self.students[0] as usize + self.students[1] as usize
    }

    /// Placements: master pairs times the student combinations.
    pub const fn placements(self) -> u64 {
        let r = self.students[0] as usize;
        let b = self.students[1] as usize;
        600 * binom(23, r) * binom(23 - r, b)
    }

    /// Positions: placements times 30 distributions times 2 sides to move.
    pub const fn positions(self) -> u64 {
        self.placements() * 60
    }

    /// Every material with at most `pieces` pieces, fewest pieces first (the build order: a
    /// capture leads to a material earlier in the list).
    pub fn up_to(pieces: usize) -> Vec<Material> {
        let mut out = Vec::new();
        for total in 0..=pieces.saturating_sub(2) {
            for r in 0..=total.min(MAX_STUDENTS) {
                let b = total - r;
                if b <= MAX_STUDENTS {
                    out.push(Material::new(r as u8, b as u8));
                }
            }
        }
        out
    }

    /// Every material with at most `pieces` pieces that is stored: Red has at most as many
    /// students as Blue (the others are their colour-swapped images), fewest pieces first.
    pub fn stored_up_to(pieces: usize) -> Vec<Material> {
        Material::up_to(pieces)
            .into_iter()
            .filter(|m| m.students[0] <= m.students[1])
            .collect()
    }

    /// Whether this material is stored as the colour-swapped image of another.
    pub const fn is_swapped(self) -> bool {
        self.students[0] > self.students[1]
    }

    /// Its name, e.g. `2v1` (students of Red v students of Blue).
    pub fn name(self) -> String {
        format!("{}v{}", self.students[0], self.students[1])
    }
}

/// Pawns on the board: each colour's master square and student set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The master square of Red and of Blue.
    pub masters: [u8; 2],
    /// The students of Red and of Blue, as 25-bit sets.
    pub students: [u32; 2],
}

impl Placement {
    /// Every pawn of colour `c`.
    #[inline(always)]
    pub fn pieces(&self, c: usize) -> u32 {
        self.students[c] | 1 << self.masters[c]
    }

    /// The material.
    pub fn material(&self) -> Material {
        Material::new(
            self.students[0].count_ones() as u8,
            self.students[1].count_ones() as u8,
        )
    }

    /// Whether a master stands on the enemy temple arch (the game is over).
    #[inline(always)]
    pub fn is_terminal(&self) -> bool {
        self.masters[0] == BLUE_TEMPLE || self.masters[1] == RED_TEMPLE
    }

    /// The placement seen from the other side: the board turned half a turn and the colours
    /// swapped (cards read from the holder's view, so with the hands swapped and the other side
    /// to move it is the same game).
    #[inline(always)]
    pub fn swapped(&self) -> Placement {
        let turn = |set: u32| set.reverse_bits() >> 7;
        Placement {
            masters: [24 - self.masters[1], 24 - self.masters[0]],
            students: [turn(self.students[1]), turn(self.students[0])],
        }
    }

    /// The placement number within its material.
    #[inline]
    pub fn rank(&self) -> u64 {
        let [rm, bm] = self.masters;
        let m = u64::from(rm) * 24 + u64::from(bm) - u64::from(bm > rm);
        let r = self.students[0].count_ones() as usize;
        let b = self.students[1].count_ones() as usize;
        let masters = (1u32 << rm) | (1 << bm);
        let red = rank_subset(self.students[0], masters);
        let blue = rank_subset(self.students[1], masters | self.students[0]);
        (m * binom(23, r) + red) * binom(23 - r, b) + blue
    }

    /// The placement with number `rank` in `material`.
    pub fn unrank(material: Material, rank: u64) -> Placement {
        let r = material.students[0] as usize;
        let b = material.students[1] as usize;
        let nb = binom(23 - r, b);
        let nr = binom(23, r);
        let blue_rank = rank % nb;
        let rest = rank / nb;
        let red_rank = rest % nr;
        let m = rest / nr;
        let rm = (m / 24) as u8;
        let mut bm = (m % 24) as u8;
        if bm >= rm {
            bm += 1;
        }
        let masters = (1u32 << rm) | (1 << bm);
        let red = unrank_subset(red_rank, r, masters);
        let blue = unrank_subset(blue_rank, b, masters | red);
        Placement {
            masters: [rm, bm],
            students: [red, blue],
        }
    }
}

/// The colex rank of `set` among the subsets of its size of the squares outside `taken`: each
/// square counts by its position among the free squares.
#[inline(always)]
fn rank_subset(set: u32, taken: u32) -> u64 {
    let mut rank = 0;
    let mut bits = set;
    let mut i = 1;
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let below = (1u32 << sq) - 1;
        let pos = sq - (taken & below).count_ones();
        rank += binom(pos as usize, i);
        i += 1;
    }
    rank
}

/// The subset of size `k` with colex rank `rank` among the squares outside `taken`.
fn unrank_subset(mut rank: u64, k: usize, taken: u32) -> u32 {
    let mut positions = [0usize; MAX_STUDENTS];
    for i in (1..=k).rev() {
        let mut p = i - 1;
        while binom(p + 1, i) <= rank {
            p += 1;
        }
        rank -= binom(p, i);
        positions[i - 1] = p;
    }
    // The p-th free square, found by clearing the lower free squares (no allocation).
    let free = !taken & ((1u32 << 25) - 1);
    positions[..k].iter().fold(0u32, |set, &p| {
        let mut f = free;
        for _ in 0..p {
            f &= f - 1;
        }
        set | 1 << f.trailing_zeros()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip_and_cover_every_number() {
        for m in Material::up_to(5) {
            let n = m.placements();
            let step = (n / 5000).max(1);
            let mut rank = 0;
            while rank < n {
                let p = Placement::unrank(m, rank);
                assert_eq!(p.material(), m);
                assert_eq!(p.rank(), rank, "{m:?} {p:?}");
                assert_eq!(p.students[0] & p.students[1], 0);
                assert_eq!(p.pieces(0) & p.pieces(1), 0);
                rank += step;
            }
        }
        assert_eq!(Material::new(1, 1).placements(), 600 * 23 * 22);
        assert_eq!(Material::up_to(4).len(), 6);
        assert_eq!(Material::stored_up_to(4).len(), 4);
        let p = Placement::unrank(Material::new(1, 2), 12345);
        assert_eq!(p.swapped().material(), Material::new(2, 1));
        assert_eq!(p.swapped().swapped(), p);
        assert_eq!(p.swapped().is_terminal(), p.is_terminal());
    }
}
