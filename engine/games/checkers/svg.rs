//! The picture of a position (`--svg`): the 121-hole star with its marbles (shared by every
//! player), each player's colour and score, and a move's chain of jumps as arrows with the
//! marbles it captures crossed out.

use super::geometry::{tables, Hole, HOLES};
use super::{ChainMove, Checkers};
use crate::svg::{Anchor, Svg};

const D: f64 = 30.0;
const X0: f64 = 250.0;
const Y0: f64 = 290.0;

/// One colour per seat, up to six.
const SEATS: [&str; 6] = [
    "#c8102e", "#1f4e9c", "#2e8b3a", "#e08a00", "#7b3fa0", "#0097a7",
];

/// The centre of a hole on the picture.
fn at(h: Hole) -> (f64, f64) {
    let (x, y, z) = h.cube();
    (
        X0 + f64::from(x - y) * D / 2.0,
        Y0 + f64::from(z) * D * 0.866,
    )
}

/// The picture.
pub fn svg(state: &Checkers, highlight: Option<ChainMove>) -> String {
    let mut svg = Svg::new(2.0 * X0 + 170.0, 2.0 * Y0);
    let t = tables();
    let occ = state.marbles.bits();
    // The six points of the star, lightly tinted, under the holes.
    for h in 0..HOLES {
        let hole = Hole(h as u8);
        let (x, y, z) = t.cube[h];
        let (px, py) = at(hole);
        let outside = x.abs().max(y.abs()).max(z.abs()) > 4;
        let fill = if outside { "#f3ead7" } else { "#e6d5b0" };
        svg.circle(px, py, D * 0.48, fill, None);
        if occ >> h & 1 == 1 {
            svg.circle(px, py, D * 0.36, "#3b3b3b", Some("#111"));
            svg.circle(px - D * 0.1, py - D * 0.1, D * 0.1, "#9a9a9a", None);
        } else {
            svg.circle(px, py, D * 0.12, "#8a7350", None);
        }
    }
    for row in 0..17u8 {
        let letter = char::from(b'a' + row).to_string();
        let y = Y0 + (f64::from(row) - 8.0) * D * 0.866 + 4.0;
        svg.text(12.0, y, 12.0, Anchor::Start, "#777", &letter);
    }
    let mover = match highlight {
        Some(_) => state.to_move as usize,
        None => usize::MAX,
    };
    if let Some(chain) = highlight.and_then(|m| state.chain_of(m)) {
        let colour = SEATS[mover % SEATS.len()];
        for pair in chain.windows(2) {
            let ((x1, y1, z1), (x2, y2, z2)) = (pair[0].cube(), pair[1].cube());
            // The captured marble halfway along the jump (short or long).
            if let Some(mid) = Hole::from_cube((x1 + x2) / 2, (y1 + y2) / 2, (z1 + z2) / 2) {
                let (mx, my) = at(mid);
                let r = D * 0.3;
                svg.line((mx - r, my - r), (mx + r, my + r), "white", 3.0);
                svg.line((mx - r, my + r), (mx + r, my - r), "white", 3.0);
            }
            svg.arrow(at(pair[0]), at(pair[1]), colour, 4.0);
        }
        let (sx, sy) = at(chain[0]);
        svg.circle(sx, sy, D * 0.4, "none", Some(colour));
    }
    // The players: colour, score, who moves.
    let lx = 2.0 * X0 + 10.0;
    let rule = if state.long { "long jumps" } else { "short jumps" };
    svg.text(lx, 40.0, 15.0, Anchor::Start, "#222", "capture checkers");
    svg.text(lx, 58.0, 12.0, Anchor::Start, "#555", rule);
    svg.text(lx, 80.0, 12.0, Anchor::Start, "#555", "captured:");
    for (seat, score) in state.scores().iter().enumerate() {
        let y = 100.0 + 24.0 * seat as f64;
        let colour = SEATS[seat % SEATS.len()];
        svg.circle(lx + 8.0, y - 4.0, 7.0, colour, None);
        let to_move = !state.over && seat == state.to_move as usize;
        let text = format!(
            "player {}: {score}{}",
            seat + 1,
            if to_move { " (to move)" } else { "" }
        );
        svg.text(lx + 22.0, y, 13.0, Anchor::Start, colour, &text);
    }
    let y = 100.0 + 24.0 * state.scores().len() as f64 + 10.0;
    let marbles = occ.count_ones().to_string();
    svg.text(lx, y, 12.0, Anchor::Start, "#555", &format!("{marbles} marbles left"));
    if state.over {
        svg.text(lx, y + 18.0, 12.0, Anchor::Start, "#555", "game over: no jump");
    }
    svg.finish()
}
