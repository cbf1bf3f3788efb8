//! Moves and their generation, phase by phase: placing bridges, choosing start points, moving
//! markers (with entries from reserve and pushes) and relocating bridges.

use super::bridges::{Kind, Span};
use super::markers::{own_end, Place};
use super::{Amidakuji, Node, Phase};

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Place a bridge of the mover's supply (`na2b3`).
    Place(Span),
    /// Put a marker on the start point of this column (`a^`, `a_`).
    Start(u8),
    /// Move marker `slot` (0-based), entering at column `enter` from reserve, pushing or not
    /// (`2`, `2@c_`, `2!`).
    Marker {
        /// The marker's place in the list, 0 to 2.
        slot: u8,
        /// The start column when it enters from reserve.
        enter: Option<u8>,
        /// Whether the move pushes the enemy bridge its markers stand on.
        push: bool,
    },
    /// Move the own bridge with left end `from` to `to` (`na2b3>nc4d4`).
    Relocate {
        /// The left end of the bridge moved.
        from: Node,
        /// Its new place.
        to: Span,
    },
    /// Skip a relocation turn.
    Pass,
}

impl Amidakuji {
    /// Appends the legal moves of the player to move (none once the game is won).
    pub(super) fn generate_moves(&self, out: &mut Vec<Move>) {
        if self.winner().is_some() {
            return;
        }
        let seat = self.to_move;
        match self.phase {
            Phase::Place => {
                for kind in [Kind::Normal, Kind::Long] {
                    if self.supply(seat, kind) > 0 {
                        self.ladder
                            .for_each_place(kind, |s| out.push(Move::Place(s)));
                    }
                }
            }
            Phase::Start => {
                for c in 0..self.dims().cols {
                    let end = Place::At(own_end(seat, c));
                    if !self.markers[seat].iter().any(|m| m.place == end) {
                        out.push(Move::Start(c));
                    }
                }
            }
            Phase::Move => self.marker_moves(out),
            Phase::Reloc(_) => self.relocation_moves(out),
        }
    }

    fn marker_moves(&self, out: &mut Vec<Move>) {
        let seat = self.to_move;
        for slot in 0..3 {
            let m = self.markers[seat][slot];
            if !m.can_move(seat) {
                continue;
            }
            let mut add = |enter: Option<u8>| {
                let push = self.push_possible(seat, slot, self.turn_end(seat, slot, enter));
                let slot = slot as u8;
                out.push(Move::Marker {
                    slot,
                    enter,
                    push: false,
                });
                if push {
                    out.push(Move::Marker {
                        slot,
                        enter,
                        push: true,
                    });
                }
            };
            if m.place == Place::Reserve {
                for c in 0..self.dims().cols {
                    if !self.blocked(seat, c) {
                        add(Some(c));
                    }
                }
            } else {
                add(None);
            }
        }
    }

    fn relocation_moves(&self, out: &mut Vec<Move>) {
        out.push(Move::Pass);
        let seat = self.to_move as u8;
        // Each bridge is lifted from a scratch copy and put back, so no list is allocated.
        let mut lifted = self.ladder.clone();
        for b in self.ladder.bridges().filter(|b| b.owner == seat) {
            if self.marker_on(b.left) || self.marker_on(b.right) {
                continue;
            }
            lifted.remove(b.left);
            lifted.for_each_place(b.kind, |to| {
                if to.left != b.left || to.right != b.right {
                    out.push(Move::Relocate { from: b.left, to });
                }
            });
            lifted.add(b);
        }
    }
}
