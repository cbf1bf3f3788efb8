//! The picture of a position (`--svg`): the track of 30 squares in three rows of ten as it
//! snakes (1-10 left to right, 11-20 back, 21-30 on to the exit), the pieces, those borne off,
//! the sticks' throw, and a move as an arrow (off the board past 30 when it bears a piece off).

use super::board::{DARK, LIGHT, PIECES};
use super::moves::Move;
use super::notation::seat_name;
use super::Senet;
use crate::svg::{Anchor, Svg};

const CELL: f64 = 56.0;
const X0: f64 = 30.0;
const Y0: f64 = 60.0;
const ARROW: &str = "#1a9641";

/// The centre of square 1..=30, or (31) the exit beyond 30.
fn centre(square: u8) -> (f64, f64) {
    let i = square - 1;
    let (row, col) = (i / 10, i % 10);
    let col = if row == 1 { 9 - col } else { col };
    (
        X0 + (f64::from(col) + 0.5) * CELL,
        Y0 + (f64::from(row) + 0.5) * CELL,
    )
}

fn piece(svg: &mut Svg, (x, y): (f64, f64), seat: usize) {
    if seat == DARK {
        svg.polygon(
            &[(x, y - 18.0), (x + 15.0, y + 16.0), (x - 15.0, y + 16.0)],
            "#3a2a1a",
            Some("#111"),
        );
    } else {
        svg.circle(x, y, 16.0, "#f6ecd2", Some("#7a6445"));
    }
}

/// The picture.
pub fn svg(state: &Senet, highlight: Option<Move>) -> String {
    let mut svg = Svg::new(X0 * 2.0 + 10.0 * CELL + 70.0, Y0 + 3.0 * CELL + 70.0);
    let board = state.board();
    svg.text(X0, 28.0, 17.0, Anchor::Start, "#222", &state.status());
    for square in 1..=30u8 {
        let (x, y) = centre(square);
        let fill = if square % 2 == 0 { "#e2d2b4" } else { "#efe4cf" };
        svg.rect(x - CELL / 2.0, y - CELL / 2.0, CELL, CELL, fill, Some("#8a7350"));
        svg.text(x - CELL / 2.0 + 4.0, y - CELL / 2.0 + 12.0, 10.0, Anchor::Start, "#8a7350", &square.to_string());
        if let Some(seat) = board.at(square) {
            piece(&mut svg, (x, y), seat);
        }
    }
    // The direction of play at each row's end, and the exit after 30.
    let (ex, ey) = centre(30);
    svg.text(ex + CELL / 2.0 + 6.0, ey + 5.0, 13.0, Anchor::Start, "#555", "off");
    let (x10, y10) = centre(10);
    let (x11, y11) = centre(11);
    svg.arrow((x10 + CELL / 2.0 + 8.0, y10), (x11 + CELL / 2.0 + 8.0, y11), "#aaa", 2.0);
    let (x20, y20) = centre(20);
    let (x21, y21) = centre(21);
    svg.arrow((x20 - CELL / 2.0 - 8.0, y20), (x21 - CELL / 2.0 - 8.0, y21), "#aaa", 2.0);
    // Pieces borne off, beside the exit.
    let bottom = Y0 + 3.0 * CELL + 30.0;
    // Each label names its side's shape too: the key to the pieces on the board.
    for (k, seat, shape) in [(0.0, LIGHT, "\u{25cb}"), (1.0, DARK, "\u{25b2}")] {
        let off = PIECES - board.on_board(seat);
        let label = format!("{} {shape} borne off: {off}", seat_name(seat));
        svg.text(X0 + k * 5.0 * CELL, bottom, 13.0, Anchor::Start, "#333", &label);
        for i in 0..off {
            piece(&mut svg, (X0 + k * 5.0 * CELL + 150.0 + 36.0 * f64::from(i), bottom - 5.0), seat);
        }
    }
    if let Some(mv) = highlight {
        let throw = state.throw().unwrap_or(0);
        let (from, to) = match mv {
            Move::Forward(s) => (s, s.saturating_add(throw)),
            Move::Backward(s) => (s, s.saturating_sub(throw).max(1)),
            Move::Throw(_) => (0, 0),
        };
        if from > 0 {
            let start = centre(from);
            let end = if to > 30 {
                (ex + CELL / 2.0 + 30.0, ey - 14.0)
            } else {
                centre(to)
            };
            svg.arrow(start, end, ARROW, 6.0);
        }
    }
    svg.finish()
}
