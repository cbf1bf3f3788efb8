//! Bridges and the ladder that holds them: which node is joined to which, by whom, and where a
//! bridge of a kind may still go.

use std::fmt;

use super::board::{col_letter, Bitboard, Dims, Node, NODE_SLOTS};

/// Marks a node with no bridge in [`Ladder`]'s link table.
const NONE: u8 = u8::MAX;

/// A bridge kind: a normal bridge spans 0 or 1 row, the long one exactly 2 (diagonal only).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Kind {
    /// Horizontal or one-row diagonal.
    Normal,
    /// Two-row diagonal.
    Long,
}

impl Kind {
    /// The row differences (right end minus left end) the kind allows.
    pub fn shapes(self) -> &'static [i8] {
        match self {
            Kind::Normal => &[-1, 0, 1],
            Kind::Long => &[-2, 2],
        }
    }

    /// Whether a bridge of this kind may span `dr` rows.
    pub fn allows(self, dr: i8) -> bool {
        self.shapes().contains(&dr)
    }

    /// The notation letter (`n` or `l`).
    pub fn letter(self) -> char {
        match self {
            Kind::Normal => 'n',
            Kind::Long => 'l',
        }
    }

    /// 0 for normal, 1 for long (supply tables).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One bridge: owner seat (0 Red, 1 Blue), kind, and its ends, left column first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bridge {
    /// Seat of the owner.
    pub owner: u8,
    /// Normal or long.
    pub kind: Kind,
    /// The end in the left column.
    pub left: Node,
    /// The end in the right column.
    pub right: Node,
}

impl Bridge {
    /// The row difference right minus left.
    pub fn dr(&self) -> i8 {
        self.right.row() as i8 - self.left.row() as i8
    }
}

/// The place of a bridge without its owner, as moves name it: `na2b3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Span {
    /// Normal or long.
    pub kind: Kind,
    /// The end in the left column.
    pub left: Node,
    /// The end in the right column.
    pub right: Node,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.kind.letter(), self.left, self.right)
    }
}

impl fmt::Display for Bridge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = if self.owner == 0 { 'r' } else { 'b' };
        write!(f, "{o}{}{}{}", self.kind.letter(), self.left, self.right)
    }
}

/// The bridges on a board. Each node touches at most one bridge, so a node's partner and the
/// bridge's owner and kind are stored per node; `occupied` is the set of nodes with a bridge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ladder {
    /// The board size.
    pub dims: Dims,
    occupied: Bitboard,
    link: [u8; NODE_SLOTS],
    info: [u8; NODE_SLOTS],
}

impl Ladder {
    /// An empty board.
    pub fn new(dims: Dims) -> Ladder {
        Ladder {
            dims,
            occupied: Bitboard::default(),
            link: [NONE; NODE_SLOTS],
            info: [0; NODE_SLOTS],
        }
    }

    /// Nodes that touch a bridge.
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// Nodes with no bridge.
    pub fn free(&self) -> Bitboard {
        Bitboard(self.dims.all().0 & !self.occupied.0)
    }

    /// The other end of the bridge at `n`, if any.
    pub fn partner(&self, n: Node) -> Option<Node> {
        let p = self.link[n.index()];
        (p != NONE).then_some(Node(p))
    }

    /// The bridge touching `n`, if any.
    pub fn bridge_at(&self, n: Node) -> Option<Bridge> {
        let p = self.partner(n)?;
        let info = self.info[n.index()];
        let (left, right) = if n.col() < p.col() { (n, p) } else { (p, n) };
        Some(Bridge {
            owner: info & 1,
            kind: if info & 2 != 0 {
                Kind::Long
            } else {
                Kind::Normal
            },
            left,
            right,
        })
    }

    /// Puts a bridge on the board; the caller has checked its nodes are free.
    pub fn add(&mut self, b: Bridge) {
        debug_assert!(!self.occupied.has(b.left) && !self.occupied.has(b.right));
        let info = b.owner | if b.kind == Kind::Long { 2 } else { 0 };
        self.link[b.left.index()] = b.right.0;
        self.link[b.right.index()] = b.left.0;
        self.info[b.left.index()] = info;
        self.info[b.right.index()] = info;
        self.occupied.set(b.left);
        self.occupied.set(b.right);
    }

    /// Takes the bridge touching `n` off the board and returns it.
    pub fn remove(&mut self, n: Node) -> Option<Bridge> {
        let b = self.bridge_at(n)?;
        for e in [b.left, b.right] {
            self.link[e.index()] = NONE;
            self.info[e.index()] = 0;
            self.occupied.clear(e);
        }
        Some(b)
    }

    /// The bridges in canonical order: by left end (column, then row).
    pub fn bridges(&self) -> impl Iterator<Item = Bridge> + '_ {
        self.occupied.iter().filter_map(move |n| {
            let p = self.partner(n)?;
            (p.col() > n.col()).then(|| self.bridge_at(n)).flatten()
        })
    }

    /// How many bridges of `owner` and `kind` lie on the board.
    pub fn count(&self, owner: u8, kind: Kind) -> u8 {
        self.bridges()
            .filter(|b| b.owner == owner && b.kind == kind)
            .count() as u8
    }

    /// The right end of a span from `left` with row difference `dr`, if it is on the board.
    pub fn right_of(&self, left: Node, dr: i8) -> Option<Node> {
        if left.col() + 1 >= self.dims.cols {
            return None;
        }
        let row = left.row() as i8 + dr;
        if row < 0 || row >= self.dims.rows as i8 {
            return None;
        }
        Some(Node::new(left.col() + 1, row as u8))
    }

    /// Whether a bridge of `kind` fits on `left`-`right` (shape and free nodes).
    pub fn fits(&self, span: Span) -> bool {
        let d = self.dims;
        d.contains(span.left)
            && d.contains(span.right)
            && span.right.col() == span.left.col() + 1
            && span
                .kind
                .allows(span.right.row() as i8 - span.left.row() as i8)
            && !self.occupied.has(span.left)
            && !self.occupied.has(span.right)
    }

    /// Calls `f` with every free place for a bridge of `kind`, by left end then shape.
    pub fn for_each_place(&self, kind: Kind, mut f: impl FnMut(Span)) {
        let free = self.free();
        // Left ends lie in every column but the last.
        let lefts = Bitboard(free.0 & !self.dims.column(self.dims.cols - 1).0);
        for left in lefts.iter() {
            for &dr in kind.shapes() {
                if let Some(right) = self.right_of(left, dr) {
                    if free.has(right) {
                        f(Span { kind, left, right });
                    }
                }
            }
        }
    }

    /// Whether any free place for a bridge of `kind` remains.
    pub fn has_place(&self, kind: Kind) -> bool {
        let mut any = false;
        self.for_each_place(kind, |_| any = true);
        any
    }

    /// The next node with a bridge in `col` strictly after `row` going down (`down`) or up;
    /// `row` of `None` starts from the end of that side (top end when going down).
    pub fn next_in_column(&self, col: u8, row: Option<u8>, down: bool) -> Option<Node> {
        let lane = ((self.occupied.0 >> (col * super::board::STRIDE)) as u16) as u32;
        let lane = lane & ((1u32 << self.dims.rows) - 1);
        let mask = if down {
            match row {
                None => lane,
                Some(r) => lane & !((2u32 << r) - 1),
            }
        } else {
            match row {
                None => lane,
                Some(r) => lane & ((1u32 << r) - 1),
            }
        };
        if mask == 0 {
            return None;
        }
        let r = if down {
            mask.trailing_zeros()
        } else {
            31 - mask.leading_zeros()
        };
        Some(Node::new(col, r as u8))
    }
}

/// A column letter and row number for messages.
pub fn node_name(col: u8, row: u8) -> String {
    format!("{}{}", col_letter(col), row + 1)
}
