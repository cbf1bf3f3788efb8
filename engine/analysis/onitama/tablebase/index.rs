//! The perfect hash of tablebase positions. A *material* is how many students each colour has
//! (both masters are always on the board). Only positions with Red to move are numbered (a
//! position with Blue to move is looked up as its colour-swapped image). Within a material a
//! position is `layout * 30 + distribution`, and a layout numbers the student sets first (Red's
//! as a combination of the 25 squares, then Blue's among the squares left, by the combinatorial
//! number system) and the two masters last, among the squares the students leave free. The
//! masters are innermost so that the layouts of one student *block* lie together: a master move
//! stays inside the block, and a student move leads to the same block whatever the masters are,
//! which keeps the builder's memory traffic local. Every number below the material's size is a
//! layout and every layout has one number.

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

    /// Placements: the student blocks times the master pairs of a block.
    pub const fn placements(self) -> u64 {
        self.blocks() * self.block_size()
    }

    /// Student blocks: Red's student sets times Blue's.
    pub const fn blocks(self) -> u64 {
        let r = self.students[0] as usize;
        let b = self.students[1] as usize;
        binom(25, r) * binom(25 - r, b)
    }

    /// Master pairs of one block: ordered pairs of distinct squares the students leave free.
    pub const fn block_size(self) -> u64 {
        let free = 25 - self.students[0] as u64 - self.students[1] as u64;
        free * (free - 1)
    }

    /// Stored positions: placements times 30 distributions, Red to move.
    pub const fn positions(self) -> u64 {
        self.placements() * 30
    }

    /// The Red and Blue student sets of block `block`.
    pub fn block_students(self, block: u64) -> [u32; 2] {
        let r = self.students[0] as usize;
        let b = self.students[1] as usize;
        let nb = binom(25 - r, b);
        let red = unrank_subset(block / nb, r, 0);
        let blue = unrank_subset(block % nb, b, red);
        [red, blue]
    }

    /// Every material with at most `pieces` pieces, fewest pieces first.
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

    /// The placement number within its material (see the module comment).
    #[inline]
    pub fn rank(&self) -> u64 {
        let [red, blue] = self.students;
        block_of(self.students) * self.material().block_size()
            + master_index(!(red | blue) & FULL, self.masters)
    }

    /// The placement with number `rank` in `material`.
    pub fn unrank(material: Material, rank: u64) -> Placement {
        let size = material.block_size();
        let students = material.block_students(rank / size);
        let free = !(students[0] | students[1]) & FULL;
        let nf = u64::from(free.count_ones());
        let mi = rank % size;
        let rm = nth_square(free, (mi / (nf - 1)) as u32);
        let bm = nth_square(free & !(1 << rm), (mi % (nf - 1)) as u32);
        Placement {
            masters: [rm, bm],
            students,
        }
    }
}

/// Every square.
pub const FULL: u32 = (1 << 25) - 1;

/// The number of a master pair among the ordered pairs of distinct squares of `free`: Red's
/// square by its position among the free squares, then Blue's among the rest.
#[inline(always)]
pub fn master_index(free: u32, masters: [u8; 2]) -> u64 {
    let [rm, bm] = masters;
    let nf = u64::from(free.count_ones());
    let ri = u64::from((free & ((1 << rm) - 1)).count_ones());
    let bi = u64::from((free & !(1 << rm) & ((1 << bm) - 1)).count_ones());
    ri * (nf - 1) + bi
}

/// The number of the student block of `students` (Red's and Blue's sets) within its material.
#[inline(always)]
pub fn block_of(students: [u32; 2]) -> u64 {
    let [red, blue] = students;
    let b = blue.count_ones() as usize;
    rank_subset(red, 0) * binom(25 - red.count_ones() as usize, b) + rank_subset(blue, red)
}

/// The `n`-th square (from 0) of `set`.
fn nth_square(mut set: u32, n: u32) -> u8 {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros() as u8
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
        assert_eq!(Material::new(2, 1).blocks(), 300 * 23);
        let p = Placement::unrank(Material::new(1, 2), 12345);
        assert_eq!(p.swapped().material(), Material::new(2, 1));
        assert_eq!(p.swapped().swapped(), p);
        assert_eq!(p.swapped().is_terminal(), p.is_terminal());
    }
}
