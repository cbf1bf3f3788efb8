//! The picture of a position (`--svg`): the board with both temple arches, the pawns, each
//! side's two cards and the side card with their jumps as that side plays them, and a move as an
//! arrow (its card outlined).

use super::board::Square;
use super::cards::{board_offset, Card};
use super::color::Color;
use super::moves::Move;
use super::Onitama;
use crate::svg::{Anchor, Svg};

const CELL: f64 = 56.0;
const BOARD_X: f64 = 40.0;
const BOARD_Y: f64 = 50.0;
const CARD_W: f64 = 104.0;
const CARD_H: f64 = 118.0;
const ARROW: &str = "#1a9641";

fn colour(c: Color) -> &'static str {
    match c {
        Color::Red => "#c8102e",
        Color::Blue => "#1f4e9c",
    }
}

/// The centre of a square on the picture (rank 5 at the top, as the text drawing has it).
fn centre(sq: Square) -> (f64, f64) {
    (
        BOARD_X + (f64::from(sq.file()) + 0.5) * CELL,
        BOARD_Y + (4.5 - f64::from(sq.rank())) * CELL,
    )
}

/// A card at `(x, y)`: its name and a 5x5 grid of its jumps as `side` plays them.
fn card(svg: &mut Svg, x: f64, y: f64, card: Card, side: Color, title: &str, used: bool) {
    let outline = if used { ARROW } else { "#555" };
    svg.rect(x, y, CARD_W, CARD_H, "#fbf6e9", Some(outline));
    if used {
        svg.rect(x + 2.0, y + 2.0, CARD_W - 4.0, CARD_H - 4.0, "none", Some(ARROW));
    }
    svg.text(x + CARD_W / 2.0, y + 16.0, 13.0, Anchor::Middle, "#222", card.name());
    svg.text(x + CARD_W / 2.0, y + CARD_H - 6.0, 10.0, Anchor::Middle, "#666", title);
    let cell = 15.0;
    let (gx, gy) = (x + (CARD_W - 5.0 * cell) / 2.0, y + 24.0);
    let targets: Vec<(i32, i32)> = card
        .offsets()
        .iter()
        .map(|&(dx, dy)| board_offset(side, dx, dy))
        .collect();
    for row in 0..5 {
        for col in 0..5 {
            let (dx, dy) = (col - 2, 2 - row);
            let fill = if (dx, dy) == (0, 0) {
                "#333"
            } else if targets.contains(&(dx, dy)) {
                colour(side)
            } else {
                "white"
            };
            let (cx, cy) = (gx + f64::from(col) * cell, gy + f64::from(row) * cell);
            svg.rect(cx, cy, cell, cell, fill, Some("#999"));
        }
    }
}

/// The picture.
pub fn svg(state: &Onitama, highlight: Option<Move>) -> String {
    let width = BOARD_X + 5.0 * CELL + 30.0 + 3.0 * (CARD_W + 10.0) + 10.0;
    let height = BOARD_Y + 5.0 * CELL + 44.0;
    let mut svg = Svg::new(width, height);
    let title = match state.winner() {
        Some(w) => super::render::over(state, w),
        None => format!("{} to move", state.to_move().name()),
    };
    svg.text(BOARD_X, 30.0, 18.0, Anchor::Start, colour(state.to_move()), &title);
    for sq in Square::ALL {
        let (cx, cy) = centre(sq);
        let light = (sq.file() + sq.rank()) % 2 == 0;
        let fill = match (sq.file(), sq.rank()) {
            (2, 0) => "#f4c7c3",
            (2, 4) => "#c6d5ef",
            _ if light => "#efe4cf",
            _ => "#e2d2b4",
        };
        svg.rect(cx - CELL / 2.0, cy - CELL / 2.0, CELL, CELL, fill, Some("#8a7350"));
        for side in [Color::Red, Color::Blue] {
            if state.master(side) == Some(sq) {
                svg.circle(cx, cy, CELL * 0.38, colour(side), Some("#111"));
                svg.circle(cx, cy, CELL * 0.18, "#f5d76e", None);
            } else if state.pieces(side).has(sq) {
                svg.circle(cx, cy, CELL * 0.28, colour(side), Some("#111"));
            }
        }
    }
    for i in 0..5u8 {
        let file = char::from(b'a' + i).to_string();
        let x = BOARD_X + (f64::from(i) + 0.5) * CELL;
        svg.text(x, BOARD_Y + 5.0 * CELL + 18.0, 13.0, Anchor::Middle, "#444", &file);
        let y = BOARD_Y + (4.5 - f64::from(i)) * CELL + 5.0;
        svg.text(BOARD_X - 12.0, y, 13.0, Anchor::Middle, "#444", &(i + 1).to_string());
    }
    if let Some(mv) = highlight {
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            svg.arrow(centre(from), centre(to), ARROW, 6.0);
        }
    }
    let used = highlight.map(Move::card);
    let x0 = BOARD_X + 5.0 * CELL + 30.0;
    for (side, y) in [(Color::Blue, BOARD_Y), (Color::Red, BOARD_Y + 5.0 * CELL - CARD_H)] {
        for (i, c) in state.hand(side).into_iter().enumerate() {
            let x = x0 + f64::from(i as u8) * (CARD_W + 10.0);
            card(&mut svg, x, y, c, side, side.name(), used == Some(c));
        }
    }
    let receiver = state.to_move();
    let side = state.side_card();
    let (x, y) = (x0 + 2.0 * (CARD_W + 10.0), BOARD_Y + (5.0 * CELL - CARD_H) / 2.0);
    let note = format!("side, {} next", receiver.name());
    card(&mut svg, x, y, side, receiver, &note, false);
    if let Some(mv) = highlight.filter(|m| m.is_pass()) {
        let text = format!("pass, giving away {}", mv.card());
        svg.text(x0, BOARD_Y + 5.0 * CELL + 34.0, 14.0, Anchor::Start, ARROW, &text);
    }
    svg.finish()
}
