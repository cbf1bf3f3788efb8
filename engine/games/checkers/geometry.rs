//! The 121-hole star: holes in reading order, cube coordinates, hole names, neighbours, lines and
//! the board's twelve symmetries. Built once into static tables.
//!
//! Holes are numbered `0..121` row by row from the top point (row `a`) down, left to right, which
//! is the reading order the rules use to pick the least chain. In cube coordinates `(x, y, z)` the
//! row is `z + 8` and within a row `x` grows to the right.

use std::sync::OnceLock;

/// Number of holes on the star.
pub const HOLES: usize = 121;
/// Number of rows, `a` to `q`.
pub const ROWS: usize = 17;
/// Widths of the rows from the top.
pub const ROW_WIDTHS: [usize; ROWS] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
/// Marker for "no hole" in the neighbour tables.
pub const NONE: u8 = u8::MAX;
/// The six unit directions; direction `d ^ 1` is the opposite of `d`.
pub const DIRECTIONS: [(i32, i32, i32); 6] = [
    (1, -1, 0),
    (-1, 1, 0),
    (1, 0, -1),
    (-1, 0, 1),
    (0, 1, -1),
    (0, -1, 1),
];
/// The longest line of the star has 13 holes, so a ray from a hole has at most 12.
pub const MAX_RAY: usize = 12;

/// A hole of the star, `0..121` in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(pub u8);

impl Hole {
    /// The hole's index in reading order.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The hole's name: row letter and place, e.g. `i5` for the centre.
    pub fn name(self) -> String {
        let t = tables();
        let (row, place) = t.row_place[self.index()];
        format!("{}{}", (b'a' + row) as char, place)
    }

    /// The hole with this name, if it is one.
    pub fn from_name(text: &str) -> Option<Hole> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        let row = letter.checked_sub(b'a')? as usize;
        if row >= ROWS || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return None;
        }
        let place: usize = std::str::from_utf8(digits).ok()?.parse().ok()?;
        if place == 0 || place > ROW_WIDTHS[row] {
            return None;
        }
        Some(Hole((tables().row_start[row] + place - 1) as u8))
    }

    /// Cube coordinates.
    pub fn cube(self) -> (i32, i32, i32) {
        tables().cube[self.index()]
    }

    /// The hole at cube coordinates, if it is on the star.
    pub fn from_cube(x: i32, y: i32, z: i32) -> Option<Hole> {
        if x + y + z != 0 || !on_star(x, y, z) {
            return None;
        }
        let i = tables().by_xz[(x + 8) as usize][(z + 8) as usize];
        (i != NONE).then_some(Hole(i))
    }
}

/// Whether cube coordinates (with `x + y + z = 0`) are a hole of the star.
pub fn on_star(x: i32, y: i32, z: i32) -> bool {
    (x <= 4 && y <= 4 && z <= 4) || (x >= -4 && y >= -4 && z >= -4)
}

/// The precomputed geometry.
pub struct Tables {
    /// Cube coordinates of each hole.
    pub cube: [(i32, i32, i32); HOLES],
    /// Row (0 = `a`) and 1-based place of each hole.
    pub row_place: [(u8, u8); HOLES],
    /// Index of the first hole of each row.
    pub row_start: [usize; ROWS],
    /// Hole index by `(x + 8, z + 8)`, or [`NONE`].
    pub by_xz: [[u8; 17]; 17],
    /// The neighbour of each hole in each direction, or [`NONE`].
    pub neighbour: [[u8; 6]; HOLES],
    /// The short jumps from each hole that stay on the board, `(jumped hole, landing hole)` in
    /// direction order, the unused slots after them.
    pub short_jumps: [[(u8, u8); 6]; HOLES],
    /// How many of `short_jumps` each hole has.
    pub short_jump_count: [u8; HOLES],
    /// The holes from each hole outward in each direction, padded with [`NONE`].
    pub ray: [[[u8; MAX_RAY]; 6]; HOLES],
    /// The twelve symmetries as permutations of holes: `sym[s][h]` is the image of `h`.
    pub sym: [[u8; HOLES]; 12],
    /// For the three line axes, the image of each hole under the rotation that makes the lines of
    /// that axis into rows (0: rows themselves, 1: 60 degrees, 2: 120 degrees).
    pub axis_perm: [[u8; HOLES]; 3],
    /// The inverse of `axis_perm`.
    pub axis_inv: [[u8; HOLES]; 3],
    /// Holes `h` such that `h + k` is in the same row, for `k` in `0..13` (bitboard masks).
    pub same_row_ahead: [u128; 13],
    /// Every hole.
    pub all: u128,
}

/// The geometry tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn rotate((x, y, z): (i32, i32, i32)) -> (i32, i32, i32) {
    (-z, -x, -y)
}

fn mirror((x, y, z): (i32, i32, i32)) -> (i32, i32, i32) {
    (y, x, z)
}

/// Every table, computed once: the holes, then their neighbours and rays, the board's
/// symmetries, and the row masks.
fn build() -> Box<Tables> {
    let mut t = Box::new(Tables {
        cube: [(0, 0, 0); HOLES],
        row_place: [(0, 0); HOLES],
        row_start: [0; ROWS],
        by_xz: [[NONE; 17]; 17],
        neighbour: [[NONE; 6]; HOLES],
        short_jumps: [[(NONE, NONE); 6]; HOLES],
        short_jump_count: [0; HOLES],
        ray: [[[NONE; MAX_RAY]; 6]; HOLES],
        sym: [[0; HOLES]; 12],
        axis_perm: [[0; HOLES]; 3],
        axis_inv: [[0; HOLES]; 3],
        same_row_ahead: [0; 13],
        all: 0,
    });
    number_holes(&mut t);
    link_holes(&mut t);
    add_symmetries(&mut t);
    for k in 0..13 {
        let mut mask = 0u128;
        for h in 0..HOLES {
            if h + k < HOLES && t.row_place[h + k].0 == t.row_place[h].0 {
                mask |= 1u128 << h;
            }
        }
        t.same_row_ahead[k] = mask;
    }
    t.all = (1u128 << HOLES) - 1;
    t
}

/// The hole at cube coordinates `c`, or [`NONE`] off the star (once the holes are numbered).
fn find(c: (i32, i32, i32), t: &Tables) -> u8 {
    let (x, y, z) = c;
    if !(-8..=8).contains(&x) || !(-8..=8).contains(&z) || !on_star(x, y, z) {
        return NONE;
    }
    t.by_xz[(x + 8) as usize][(z + 8) as usize]
}

/// Numbers the holes row by row from the top, left to right, with their coordinates and names.
fn number_holes(t: &mut Tables) {
    let mut n = 0usize;
    for (row, &width) in ROW_WIDTHS.iter().enumerate() {
        t.row_start[row] = n;
        let z = row as i32 - 8;
        let mut place = 0u8;
        for x in -8..=8 {
            let y = -x - z;
            if on_star(x, y, z) {
                place += 1;
                t.cube[n] = (x, y, z);
                t.row_place[n] = (row as u8, place);
                t.by_xz[(x + 8) as usize][(z + 8) as usize] = n as u8;
                n += 1;
            }
        }
        assert_eq!(place as usize, width, "row width");
    }
    assert_eq!(n, HOLES);
}

/// Each hole's neighbours, rays and short jumps in the six directions.
fn link_holes(t: &mut Tables) {
    for h in 0..HOLES {
        let (x, y, z) = t.cube[h];
        for (d, &(dx, dy, dz)) in DIRECTIONS.iter().enumerate() {
            t.neighbour[h][d] = find((x + dx, y + dy, z + dz), t);
            for k in 0..MAX_RAY {
                let s = k as i32 + 1;
                t.ray[h][d][k] = find((x + s * dx, y + s * dy, z + s * dz), t);
            }
            let (over, land) = (t.ray[h][d][0], t.ray[h][d][1]);
            if over != NONE && land != NONE {
                t.short_jumps[h][t.short_jump_count[h] as usize] = (over, land);
                t.short_jump_count[h] += 1;
            }
        }
    }
}

/// The twelve symmetries of the star (six rotations, each with or without a mirror) as hole
/// maps, and the three axis permutations with their inverses.
fn add_symmetries(t: &mut Tables) {
    for s in 0..12 {
        for h in 0..HOLES {
            let mut c = t.cube[h];
            if s >= 6 {
                c = mirror(c);
            }
            for _ in 0..s % 6 {
                c = rotate(c);
            }
            let image = find(c, t);
            assert_ne!(image, NONE, "symmetry maps the star onto itself");
            t.sym[s][h] = image;
        }
    }
    for a in 0..3 {
        t.axis_perm[a] = t.sym[a];
        for h in 0..HOLES {
            t.axis_inv[a][t.axis_perm[a][h] as usize] = h as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_centre_is_i5() {
        for h in 0..HOLES as u8 {
            assert_eq!(Hole::from_name(&Hole(h).name()), Some(Hole(h)));
        }
        assert_eq!(Hole::from_name("i5").unwrap().cube(), (0, 0, 0));
        assert_eq!(Hole::from_name("a2"), None);
        assert_eq!(Hole::from_name("r1"), None);
        assert_eq!(Hole::from_name("e05"), None);
    }

    #[test]
    fn const_row_masks_match_the_tables() {
        assert_eq!(super::super::board::ROW_AHEAD, tables().same_row_ahead);
    }

    #[test]
    fn axis_rotations_turn_lines_into_rows() {
        let t = tables();
        for a in 0..3 {
            // The direction whose lines become rows under axis rotation `a`.
            for h in 0..HOLES {
                let i = t.axis_perm[a][h] as usize;
                if t.same_row_ahead[1] >> i & 1 == 1 {
                    let next = t.axis_inv[a][i + 1];
                    assert!(t.neighbour[h].contains(&next));
                }
            }
        }
    }
}
