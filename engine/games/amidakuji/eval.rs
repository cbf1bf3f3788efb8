//! A static evaluation and move-ordering hints for the generic searchers.
//!
//! Arrived markers dominate (two win); then how far each active marker has come toward the far
//! side, and whether its next turn would arrive (a threat the opponent must meet).

use crate::game::EVAL_LIMIT;

use super::board::Point;
use super::markers::{walks_down, Place};
use super::walk::{step, StepKind};
use super::{Amidakuji, Move};

/// Value of one marker brought home.
pub const ARRIVED: i32 = 1000;
const THREAT: i32 = 150;
/// Value of one row a marker has walked towards the far side.
pub const ROW: i32 = 20;

/// Where a marker would be after 3 steps from `at` with next step `kind` (on a copy of the
/// rules without knock-outs), to spot markers about to arrive.
fn three_steps(g: &Amidakuji, at: Point, mut kind: StepKind, down: bool) -> Point {
    let mut p = at;
    for _ in 0..3 {
        p = step(&g.ladder, p, kind, down);
        kind = kind.other();
        if !matches!(p, Point::Node(_)) {
            break;
        }
    }
    p
}

fn side_score(g: &Amidakuji, seat: usize) -> i32 {
    let rows = g.dims().rows as i32;
    let down = walks_down(seat);
    let mut score = 0;
    for m in &g.markers[seat] {
        if m.arrived(seat) {
            score += ARRIVED;
            continue;
        }
        let Place::At(p) = m.place else { continue };
        let progress = match p {
            Point::Node(n) => {
                let r = n.row() as i32 + 1;
                if down {
                    r
                } else {
                    rows + 1 - r
                }
            }
            _ => 0,
        };
        score += ROW * progress;
        let kind = if m.cross {
            StepKind::Cross
        } else {
            StepKind::Straight
        };
        if !matches!(three_steps(g, p, kind, down), Point::Node(_)) {
            score += THREAT;
        }
    }
    score
}

/// The evaluation from `seat`'s point of view.
pub fn evaluate(g: &Amidakuji, seat: usize) -> i32 {
    let diff = side_score(g, seat) - side_score(g, 1 - seat);
    diff.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Move ordering: pushes and marker moves that arrive or knock out first.
pub fn move_hint(g: &Amidakuji, mv: Move) -> i32 {
    match mv {
        Move::Marker { slot, enter, push } => {
            let seat = g.to_move;
            let mut next = g.clone();
            next.run_marker(seat, slot as usize, enter);
            let mut hint = 0;
            if next.arrived(seat) > g.arrived(seat) {
                hint += 1000;
            }
            let knocked = |s: &Amidakuji| {
                s.markers[1 - seat]
                    .iter()
                    .filter(|m| m.place == Place::Reserve)
                    .count()
            };
            hint += 300 * (knocked(&next) as i32 - knocked(g) as i32);
            if push {
                hint += 200;
            }
            hint
        }
        Move::Pass => -1,
        _ => 0,
    }
}
