//! Board geometry: columns, node rows, nodes as small indices, and node sets as bitboards.
//!
//! A node is `column * 16 + row` (both 0-based), so one column is one 16-bit lane of a `u128`
//! and "the next node with a bridge below row r" is a mask and a bit scan.

use std::fmt;

/// Most columns a board has (the 6-column side).
pub const MAX_COLS: u8 = 6;
/// Fewest columns (the 5-column side).
pub const MIN_COLS: u8 = 5;
/// Most node rows allowed.
pub const MAX_ROWS: u8 = 12;
/// Fewest node rows allowed.
pub const MIN_ROWS: u8 = 4;
/// Bits reserved per column in a node index.
pub const STRIDE: u8 = 16;
/// Size of per-node arrays (every node index is below this).
pub const NODE_SLOTS: usize = (MAX_COLS as usize) * (STRIDE as usize);

/// A node: column and row (0-based) packed into one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Node(pub u8);

impl Node {
    /// The node at `col`, `row` (0-based).
    pub const fn new(col: u8, row: u8) -> Node {
        Node(col * STRIDE + row)
    }

    /// Its column (0 is `a`).
    pub const fn col(self) -> u8 {
        self.0 / STRIDE
    }

    /// Its row (0 is row 1, the top).
    pub const fn row(self) -> u8 {
        self.0 % STRIDE
    }

    /// Its index into per-node arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its bit in a [`Bitboard`].
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", col_letter(self.col()), self.row() + 1)
    }
}

/// The letter of a column (`a` for 0).
pub fn col_letter(col: u8) -> char {
    (b'a' + col) as char
}

/// A set of nodes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// Whether the node is in the set.
    pub const fn has(self, n: Node) -> bool {
        self.0 & n.bit() != 0
    }

    /// Adds a node.
    pub fn set(&mut self, n: Node) {
        self.0 |= n.bit();
    }

    /// Removes a node.
    pub fn clear(&mut self, n: Node) {
        self.0 &= !n.bit();
    }

    /// How many nodes are in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The nodes, lowest index first (column by column, top row first).
    pub fn iter(self) -> impl Iterator<Item = Node> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Node(i))
        })
    }
}

/// The size of a board: 5 or 6 columns, 4 to 12 node rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dims {
    /// Columns, 5 or 6.
    pub cols: u8,
    /// Node rows, 4 to 12.
    pub rows: u8,
}

impl Dims {
    /// The default 6 x 8 board.
    pub const DEFAULT: Dims = Dims { cols: 6, rows: 8 };

    /// Reads `NxR` (such as `6x8`), checking the allowed sizes.
    pub fn parse(text: &str) -> Result<Dims, String> {
        let (c, r) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("size '{text}' is not of the form COLUMNSxROWS, such as 6x8"))?;
        let cols: u8 = c
            .parse()
            .map_err(|_| format!("size '{text}': '{c}' is not a number of columns"))?;
        let rows: u8 = r
            .parse()
            .map_err(|_| format!("size '{text}': '{r}' is not a number of rows"))?;
        if !(MIN_COLS..=MAX_COLS).contains(&cols) {
            return Err(format!("size '{text}': a board has 5 or 6 columns"));
        }
        if !(MIN_ROWS..=MAX_ROWS).contains(&rows) {
            return Err(format!("size '{text}': a board has 4 to 12 rows"));
        }
        Ok(Dims { cols, rows })
    }

    /// Whether the node lies on this board.
    pub fn contains(self, n: Node) -> bool {
        n.col() < self.cols && n.row() < self.rows
    }

    /// Every node of the board.
    pub fn all(self) -> Bitboard {
        let lane = (1u128 << self.rows) - 1;
        let mut b = 0u128;
        for c in 0..self.cols {
            b |= lane << (c * STRIDE);
        }
        Bitboard(b)
    }

    /// The nodes of one column.
    pub fn column(self, col: u8) -> Bitboard {
        Bitboard(((1u128 << self.rows) - 1) << (col * STRIDE))
    }

    /// Normal bridges each player holds: 8 on 6 columns, 7 on 5 (one goes back to the box).
    pub fn normal_per_player(self) -> u8 {
        if self.cols == 6 {
            8
        } else {
            7
        }
    }

    /// Ends on one side (one per column).
    pub fn ends(self) -> u8 {
        self.cols
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

/// A point a marker can stand on: a node, or the top or bottom end of a column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Point {
    /// The top end of a column (Red's side).
    Top(u8),
    /// The bottom end of a column (Blue's side).
    Bottom(u8),
    /// A node.
    Node(Node),
}

impl Point {
    /// The end of `col` on the top (`top`) or bottom side.
    pub fn end(col: u8, top: bool) -> Point {
        if top {
            Point::Top(col)
        } else {
            Point::Bottom(col)
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Point::Top(c) => write!(f, "{}^", col_letter(c)),
            Point::Bottom(c) => write!(f, "{}_", col_letter(c)),
            Point::Node(n) => write!(f, "{n}"),
        }
    }
}
