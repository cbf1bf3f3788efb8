//! Markers and their turns: the 3-step move with a knock-out after each step, entering from
//! reserve, arrivals (and the third marker they bring in), and pushes with their slides.

use super::board::{Node, Point};
use super::walk::{step, straight, StepKind};
use super::Amidakuji;

/// Where a marker is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// The third marker before the first arrival (`-`).
    Off,
    /// Waiting to enter from a start point (`R`).
    Reserve,
    /// On a point: an own end (start point), a node, or an enemy end (arrived).
    At(Point),
}

/// One marker: its place, its arrow (on a node), and whether it may not move again this round.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Marker {
    /// Where it is.
    pub place: Place,
    /// On a node: the next step crosses (`x`) rather than goes straight (`s`).
    pub cross: bool,
    /// It moved this round, or (a third marker just brought in) waits for the next round (`'`).
    pub moved: bool,
}

impl Marker {
    /// The third marker before it is needed.
    pub const OFF: Marker = Marker {
        place: Place::Off,
        cross: false,
        moved: false,
    };

    /// Whether the marker has reached the enemy side (Red the bottom, Blue the top).
    pub fn arrived(&self, seat: usize) -> bool {
        matches!(
            (seat, self.place),
            (0, Place::At(Point::Bottom(_))) | (1, Place::At(Point::Top(_)))
        )
    }

    /// Whether the marker is in play or in reserve, not arrived.
    pub fn active(&self, seat: usize) -> bool {
        self.place != Place::Off && !self.arrived(seat)
    }

    /// Whether the marker may make a turn now (active, not yet moved this round).
    pub fn can_move(&self, seat: usize) -> bool {
        !self.moved && self.active(seat)
    }

    /// The place code used by the Zobrist keys.
    pub fn code(&self) -> usize {
        let place = match self.place {
            Place::Off => 0,
            Place::Reserve => 1,
            Place::At(Point::Top(c)) => 2 + c as usize,
            Place::At(Point::Bottom(c)) => 8 + c as usize,
            Place::At(Point::Node(n)) => 14 + n.index(),
        };
        place * 4 + (self.cross as usize) * 2 + self.moved as usize
    }
}

/// Red walks down, Blue up.
pub fn walks_down(seat: usize) -> bool {
    seat == 0
}

/// The own side's end of a column: a start point (Red's top, Blue's bottom).
pub fn own_end(seat: usize, col: u8) -> Point {
    Point::end(col, seat == 0)
}

impl Amidakuji {
    /// Sends every enemy marker of `seat` standing on `at` back to its owner's reserve.
    pub(crate) fn knock_out(&mut self, seat: usize, at: Point) {
        let enemy = 1 - seat;
        for slot in 0..3 {
            let m = self.markers[enemy][slot];
            if m.place == Place::At(at) {
                self.set_marker(
                    enemy,
                    slot,
                    Marker {
                        place: Place::Reserve,
                        cross: false,
                        moved: m.moved,
                    },
                );
            }
        }
    }

    /// Makes the 3-step turn of marker `slot` of `seat`, entering at column `enter` when it is in
    /// reserve. Knocks out after each step; stops on arrival. Does not push.
    pub(crate) fn run_marker(&mut self, seat: usize, slot: usize, enter: Option<u8>) {
        let down = walks_down(seat);
        let m = self.markers[seat][slot];
        let (mut at, mut kind) = match m.place {
            Place::At(Point::Node(n)) if m.cross => (Point::Node(n), StepKind::Cross),
            Place::At(p) => (p, StepKind::Straight),
            _ => (
                own_end(
                    seat,
                    enter.expect("a marker in reserve enters at a start point"),
                ),
                StepKind::Straight,
            ),
        };
        for _ in 0..3 {
            at = step(&self.ladder, at, kind, down);
            kind = kind.other();
            self.knock_out(seat, at);
            if !matches!(at, Point::Node(_)) {
                break;
            }
        }
        let cross = matches!(at, Point::Node(_)) && kind == StepKind::Cross;
        self.set_marker(
            seat,
            slot,
            Marker {
                place: Place::At(at),
                cross,
                // Arrived markers never move again; the mark is kept only for markers in play.
                moved: matches!(at, Point::Node(_)),
            },
        );
    }

    /// Where marker `slot` of `seat` ends its turn (entering at `enter` from reserve). Knock-outs
    /// never move the mover, so this is the walk alone: move generation uses it to see whether
    /// a push is possible without playing the move.
    pub(crate) fn turn_end(&self, seat: usize, slot: usize, enter: Option<u8>) -> Point {
        let down = walks_down(seat);
        let m = self.markers[seat][slot];
        let (mut at, mut kind) = match m.place {
            Place::At(Point::Node(n)) if m.cross => (Point::Node(n), StepKind::Cross),
            Place::At(p) => (p, StepKind::Straight),
            _ => (own_end(seat, enter.unwrap_or(0)), StepKind::Straight),
        };
        for _ in 0..3 {
            at = step(&self.ladder, at, kind, down);
            kind = kind.other();
            if !matches!(at, Point::Node(_)) {
                break;
            }
        }
        at
    }

    /// Whether, with marker `slot` of `seat` moved to `end`, two markers of `seat` stand on the
    /// ends of one enemy bridge.
    pub(crate) fn push_possible(&self, seat: usize, slot: usize, end: Point) -> bool {
        let mut nodes = [None; 3];
        for (i, m) in self.markers[seat].iter().enumerate() {
            let place = if i == slot { Place::At(end) } else { m.place };
            if let Place::At(Point::Node(n)) = place {
                nodes[i] = Some(n);
            }
        }
        for i in 0..3 {
            for j in i + 1..3 {
                if let (Some(a), Some(b)) = (nodes[i], nodes[j]) {
                    if self.ladder.partner(a) == Some(b)
                        && self
                            .ladder
                            .bridge_at(a)
                            .is_some_and(|x| x.owner as usize != seat)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The enemy bridge (by a node of it) that two markers of `seat` stand on the ends of.
    pub(crate) fn pushable(&self, seat: usize) -> Option<Node> {
        let ms = &self.markers[seat];
        for i in 0..3 {
            let Place::At(Point::Node(a)) = ms[i].place else {
                continue;
            };
            for m in &ms[i + 1..] {
                let Place::At(Point::Node(b)) = m.place else {
                    continue;
                };
                if self.ladder.partner(a) == Some(b) {
                    let bridge = self.ladder.bridge_at(a)?;
                    if bridge.owner as usize != seat {
                        return Some(a);
                    }
                }
            }
        }
        None
    }

    /// Pushes the enemy bridge at `node` off the board; the markers of `seat` on its ends slide
    /// straight on to the next bridge (arrow cross) or the enemy end, knocking out where they stop.
    pub(crate) fn push(&mut self, seat: usize, node: Node) {
        let Some(bridge) = self.remove_bridge(node) else {
            return;
        };
        let down = walks_down(seat);
        for slot in 0..3 {
            let m = self.markers[seat][slot];
            let Place::At(Point::Node(n)) = m.place else {
                continue;
            };
            if n != bridge.left && n != bridge.right {
                continue;
            }
            let to = straight(&self.ladder, Point::Node(n), down);
            self.set_marker(
                seat,
                slot,
                Marker {
                    place: Place::At(to),
                    cross: matches!(to, Point::Node(_)),
                    moved: m.moved && matches!(to, Point::Node(_)),
                },
            );
            self.knock_out(seat, to);
        }
    }

    /// After a move: the first arrival brings the third marker into reserve, waiting for the
    /// next round.
    pub(crate) fn bring_in_third(&mut self, seat: usize) {
        if self.arrived(seat) >= 1 && self.markers[seat][2].place == Place::Off {
            self.set_marker(
                seat,
                2,
                Marker {
                    place: Place::Reserve,
                    cross: false,
                    moved: true,
                },
            );
        }
    }

    /// How many markers of `seat` have arrived.
    pub fn arrived(&self, seat: usize) -> usize {
        self.markers[seat]
            .iter()
            .filter(|m| m.arrived(seat))
            .count()
    }

    /// Whether `seat` has a marker that may still make its turn this round.
    pub fn has_movable(&self, seat: usize) -> bool {
        self.markers[seat].iter().any(|m| m.can_move(seat))
    }

    /// Whether a start point of `seat` is blocked: an enemy marker has arrived there.
    pub fn blocked(&self, seat: usize, col: u8) -> bool {
        let end = own_end(seat, col);
        self.markers[1 - seat]
            .iter()
            .any(|m| m.place == Place::At(end))
    }
}
