//! The step rules of the ladder, shared by the game and the puzzle.
//!
//! `straight` runs along the column in the walker's direction to the next node with a bridge, or
//! off the board onto the far end; `cross` goes over the bridge at a node, keeping the direction.
//! A full walk from an end alternates the two until it reaches the far side.

use super::board::{Node, Point};
use super::bridges::Ladder;

/// The kind of a step, and of a marker's arrow (the kind of its next step).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StepKind {
    /// Along the own column.
    Straight,
    /// Over the bridge at the current node.
    Cross,
}

impl StepKind {
    /// The other kind: steps alternate.
    pub fn other(self) -> StepKind {
        match self {
            StepKind::Straight => StepKind::Cross,
            StepKind::Cross => StepKind::Straight,
        }
    }
}

/// A straight step from `from` going down (`down`, Red) or up (Blue). From an end it starts at
/// that end of the column. Returns the node reached, or the far end when no bridge lies ahead.
pub fn straight(ladder: &Ladder, from: Point, down: bool) -> Point {
    let (col, row) = match from {
        Point::Top(c) | Point::Bottom(c) => (c, None),
        Point::Node(n) => (n.col(), Some(n.row())),
    };
    match ladder.next_in_column(col, row, down) {
        Some(n) => Point::Node(n),
        None => Point::end(col, !down),
    }
}

/// A cross step from node `n`: the other end of its bridge (`n` itself if it has none, which
/// the game never asks for: a marker pointing across always stands on a bridge).
pub fn cross(ladder: &Ladder, n: Node) -> Node {
    ladder.partner(n).unwrap_or(n)
}

/// One step of `kind` from `from`; an end only ever takes a straight step.
pub fn step(ladder: &Ladder, from: Point, kind: StepKind, down: bool) -> Point {
    match (kind, from) {
        (StepKind::Cross, Point::Node(n)) => Point::Node(cross(ladder, n)),
        _ => straight(ladder, from, down),
    }
}

/// The end a full walk from the end `start` reaches: top ends walk down, bottom ends walk up.
/// Walks from an end never loop (a walk can be run backwards step by step), so this ends; the
/// counter only guards against a broken ladder.
pub fn full_walk(ladder: &Ladder, start: Point) -> Point {
    let down = matches!(start, Point::Top(_));
    let mut at = straight(ladder, start, down);
    let mut guard = 4 * super::board::NODE_SLOTS;
    while let Point::Node(n) = at {
        at = straight(ladder, Point::Node(cross(ladder, n)), down);
        guard -= 1;
        if guard == 0 {
            break;
        }
    }
    at
}

/// The columns the walks from the top ends reach at the bottom, by start column.
pub fn permutation(ladder: &Ladder) -> Vec<u8> {
    (0..ladder.dims.cols)
        .map(|c| match full_walk(ladder, Point::Top(c)) {
            Point::Bottom(x) | Point::Top(x) => x,
            Point::Node(n) => n.col(),
        })
        .collect()
}
