//! A drawing of a position for a terminal: the board with file and rank labels, each side's cards
//! with a picture of their jumps as they look on the board, the side card, and who is to move.

use super::board::Square;
use super::cards::{board_offset, Card};
use super::color::Color;
use super::Onitama;

/// The five rows of a card's picture as `side` plays it, top row = towards rank 5: `o` is the
/// pawn, `x` a square it may jump to.
fn picture(card: Card, side: Color) -> [String; 5] {
    let offsets: Vec<(i32, i32)> = card
        .offsets()
        .iter()
        .map(|&(dx, dy)| board_offset(side, dx, dy))
        .collect();
    std::array::from_fn(|row| {
        let dy = 2 - row as i32;
        (-2..=2)
            .map(|dx| {
                if (dx, dy) == (0, 0) {
                    "o"
                } else if offsets.contains(&(dx, dy)) {
                    "x"
                } else {
                    "."
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A hand: a title line with the card names, then the two pictures side by side.
fn hand_lines(state: &Onitama, color: Color) -> Vec<String> {
    let [a, b] = state.hand(color);
    let mut lines = vec![format!(
        "  {:<6}{:<14}{}",
        format!("{}:", color.name()),
        a,
        b
    )];
    let (pa, pb) = (picture(a, color), picture(b, color));
    for row in 0..5 {
        lines.push(format!("        {}     {}", pa[row], pb[row]));
    }
    lines
}

/// The whole drawing.
pub fn render(state: &Onitama) -> String {
    let mut lines = hand_lines(state, Color::Blue);
    lines.push(String::new());
    let receiver = state.to_move();
    let side = picture(state.side_card(), receiver);
    lines.push("     a b c d e".to_string());
    for rank in (0..5).rev() {
        let cells: Vec<&str> = (0..5)
            .map(|file| {
                let sq = Square::try_new(file, rank).expect("on the board");
                if state.master(Color::Red) == Some(sq) {
                    "M"
                } else if state.pieces(Color::Red).has(sq) {
                    "S"
                } else if state.master(Color::Blue) == Some(sq) {
                    "m"
                } else if state.pieces(Color::Blue).has(sq) {
                    "s"
                } else {
                    "."
                }
            })
            .collect();
        let label = rank + 1;
        let extra = match rank {
            4 => format!(
                "side card: {} (stamp {}, {} takes it next)",
                state.side_card(),
                state.side_card().stamp().name(),
                receiver.name()
            ),
            r => format!("  {}", side[(3 - r) as usize]),
        };
        lines.push(format!(
            "  {label}  {}  {label}    {extra}",
            cells.join(" ")
        ));
    }
    lines.push(format!("     a b c d e      {}", side[4]));
    lines.push(String::new());
    lines.extend(hand_lines(state, Color::Red));
    lines.push(String::new());
    lines.push(match state.winner() {
        Some(w) => over(state, w),
        None => format!("{} to move", state.to_move().name()),
    });
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The line under a finished game's drawing: who won and how, so that a picture of the last
/// position says why the game ended there.
pub(super) fn over(state: &Onitama, winner: Color) -> String {
    use crate::game::Game;
    match state.end_reason() {
        Some(how) => format!("game over: {} has won ({how})", winner.name()),
        None => format!("game over: {} has won", winner.name()),
    }
}
