//! The picture of a position (`--svg`): the board map with its start zone and the finish cells
//! of each type, the counters (light and dark, lettered by type), and a move as an arrow (a
//! placement as a ring on its cell).

use super::board::{cell_at, row_col};
use super::map::CellKind;
use super::moves::Move;
use super::notation::counter_char;
use super::{BigBang, LIGHT};
use crate::svg::{Anchor, Svg};

const CELL: f64 = 40.0;
const X0: f64 = 36.0;
const Y0: f64 = 50.0;
const ARROW: &str = "#1a9641";

/// One tint per counter type, for the finish cells.
const TYPE_TINTS: [&str; 8] = [
    "#f8c9c4", "#f9dcb4", "#f6efb0", "#cfeab8", "#bfe3e6", "#c7d3f0", "#dccbef", "#eec6de",
];

/// The picture.
pub fn svg(state: &BigBang, highlight: Option<Move>) -> String {
    let board = &state.board;
    let (w, h) = (f64::from(board.width), f64::from(board.height));
    let mut svg = Svg::new(X0 + w * CELL + 20.0, Y0 + h * CELL + 60.0);
    let centre = |cell: u8| {
        let (row, col) = row_col(cell);
        (
            X0 + (col as f64 + 0.5) * CELL,
            Y0 + (h - row as f64 - 0.5) * CELL,
        )
    };
    svg.text(X0, 30.0, 15.0, Anchor::Start, "#222", &state.status_line());
    for row in 0..board.height as usize {
        for col in 0..board.width as usize {
            let cell = cell_at(row, col);
            let (x, y) = centre(cell);
            let (fill, mark) = match board.kind(cell) {
                CellKind::Hole => continue,
                CellKind::Plain => ("#f4efe4", None),
                CellKind::Start => ("#d9d2c3", Some("S".to_string())),
                CellKind::Finish(t) => (
                    TYPE_TINTS[t as usize % 8],
                    Some(char::from(b'A' + t).to_string()),
                ),
            };
            svg.rect(x - CELL / 2.0, y - CELL / 2.0, CELL, CELL, fill, Some("#9b8f78"));
            if let Some(mark) = mark {
                let (mx, my) = (x - CELL / 2.0 + 3.0, y - CELL / 2.0 + 11.0);
                svg.text(mx, my, 9.0, Anchor::Start, "#7a6f5a", &mark);
            }
        }
    }
    // A step's arrow lies under the counters, so that it covers none of their letters.
    if let Some(Move::Go { from, to }) = highlight {
        svg.arrow(centre(from), centre(to), ARROW, 5.0);
    }
    for cell in (0..board.height as usize)
        .flat_map(|row| (0..board.width as usize).map(move |col| cell_at(row, col)))
    {
        if let Some((t, colour)) = state.counter_at(cell) {
            let (x, y) = centre(cell);
            let (fill, ink) = if colour == LIGHT {
                ("#fbf7ec", "#333")
            } else {
                ("#2d2a26", "#f5f0e4")
            };
            svg.circle(x, y + 2.0, CELL * 0.34, fill, Some("#111"));
            let letter = counter_char(t, colour).to_ascii_uppercase().to_string();
            svg.text(x, y + 7.0, 14.0, Anchor::Middle, ink, &letter);
        }
    }
    for col in 0..board.width {
        let x = X0 + (f64::from(col) + 0.5) * CELL;
        let letter = char::from(b'a' + col).to_string();
        svg.text(x, Y0 + h * CELL + 16.0, 12.0, Anchor::Middle, "#555", &letter);
    }
    for row in 0..board.height {
        let y = Y0 + (h - f64::from(row) - 0.5) * CELL + 4.0;
        svg.text(X0 - 8.0, y, 12.0, Anchor::End, "#555", &(row + 1).to_string());
    }
    let legend = "cells: S start, A-H finish of that type; counters: light and dark, by type";
    svg.text(X0, Y0 + h * CELL + 40.0, 11.0, Anchor::Start, "#555", legend);
    if let Some(Move::Place { counter, cell }) = highlight {
        let (x, y) = centre(cell);
        svg.circle(x, y + 2.0, CELL * 0.44, "none", Some(ARROW));
        let (t, colour) = (usize::from(counter % 8), usize::from(counter / 8));
        let text = format!("place {}", counter_char(t, colour));
        svg.text(x, y - CELL * 0.5, 11.0, Anchor::Middle, ARROW, &text);
    }
    svg.finish()
}
