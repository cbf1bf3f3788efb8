//! The picture of a position (`--svg`): the ladder's columns with their top (red) and bottom
//! (blue) ends, the bridges in their owner's colour (long ones thicker), the markers with the
//! direction of their next step, and a move as an arrow (a placed or relocated bridge dashed in
//! the arrow's colour, a marker's whole move from where it stood to where it ends).

use super::board::{col_letter, Node, Point};
use super::bridges::{Kind, Span};
use super::markers::{own_end, Place};
use super::moves::Move;
use super::{Amidakuji, RED};
use crate::game::Game;
use crate::svg::{Anchor, Svg};

const DX: f64 = 70.0;
const DY: f64 = 40.0;
const X0: f64 = 60.0;
const Y0: f64 = 70.0;
const ARROW: &str = "#1a9641";

fn seat_colour(seat: usize) -> &'static str {
    if seat == RED {
        "#c8102e"
    } else {
        "#1f4e9c"
    }
}

fn node_xy(n: Node) -> (f64, f64) {
    (
        X0 + f64::from(n.col()) * DX,
        Y0 + (f64::from(n.row()) + 1.0) * DY,
    )
}

fn point_xy(p: Point, rows: u8) -> (f64, f64) {
    match p {
        Point::Top(c) => (X0 + f64::from(c) * DX, Y0),
        Point::Bottom(c) => (X0 + f64::from(c) * DX, Y0 + (f64::from(rows) + 1.0) * DY),
        Point::Node(n) => node_xy(n),
    }
}

/// A bridge between two nodes; `dashed` draws a proposed one as a row of short strokes.
fn bridge(svg: &mut Svg, span: Span, colour: &str, dashed: bool) {
    let (a, b) = (node_xy(span.left), node_xy(span.right));
    let width = if span.kind == Kind::Long { 7.0 } else { 4.0 };
    if dashed {
        for i in 0..6 {
            let t0 = f64::from(i) / 6.0;
            let t1 = t0 + 1.0 / 12.0;
            let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            svg.line(at(t0), at(t1), colour, width);
        }
    } else {
        svg.line(a, b, colour, width);
    }
    svg.circle(a.0, a.1, 4.0, colour, None);
    svg.circle(b.0, b.1, 4.0, colour, None);
}

/// The picture.
pub fn svg(g: &Amidakuji, highlight: Option<Move>) -> String {
    let d = g.dims();
    let bottom = Y0 + (f64::from(d.rows) + 1.0) * DY;
    let mut svg = Svg::new(X0 * 2.0 + f64::from(d.cols - 1) * DX + 120.0, bottom + 90.0);
    let status = match g.winner() {
        Some(w) => super::render::won(g, w),
        None => format!("{} to move", g.seat_name(g.to_move)),
    };
    svg.text(X0 - 30.0, 28.0, 16.0, Anchor::Start, "#222", &status);
    for c in 0..d.cols {
        let x = X0 + f64::from(c) * DX;
        svg.line((x, Y0), (x, bottom), "#8a7350", 3.0);
        let name = col_letter(c).to_string();
        svg.text(x, Y0 - 14.0, 13.0, Anchor::Middle, seat_colour(RED), &format!("{name}^"));
        svg.text(x, bottom + 24.0, 13.0, Anchor::Middle, seat_colour(1), &format!("{name}_"));
    }
    for r in 0..d.rows {
        let y = Y0 + (f64::from(r) + 1.0) * DY + 4.0;
        svg.text(X0 - 30.0, y, 11.0, Anchor::End, "#777", &(r + 1).to_string());
    }
    for b in g.ladder.bridges() {
        let span = Span {
            kind: b.kind,
            left: b.left,
            right: b.right,
        };
        bridge(&mut svg, span, seat_colour(usize::from(b.owner)), false);
    }
    // The move lies under the markers, so that its arrow covers none of their numbers.
    if let Some(mv) = highlight {
        draw_move(&mut svg, g, mv);
    }
    for seat in 0..2 {
        for (i, m) in g.markers[seat].iter().enumerate() {
            let Place::At(p) = m.place else { continue };
            let (x, y) = point_xy(p, d.rows);
            svg.circle(x, y, 12.0, seat_colour(seat), Some("#111"));
            svg.text(x, y + 4.0, 11.0, Anchor::Middle, "white", &(i + 1).to_string());
            if let Point::Node(n) = p {
                let dir = match (m.cross, g.ladder.partner(n)) {
                    (true, Some(q)) if q.col() > n.col() => (1.0, 0.0),
                    (true, Some(_)) => (-1.0, 0.0),
                    _ if seat == RED => (0.0, 1.0),
                    _ => (0.0, -1.0),
                };
                let from = (x + dir.0 * 13.0, y + dir.1 * 13.0);
                let to = (x + dir.0 * 24.0, y + dir.1 * 24.0);
                svg.arrow(from, to, seat_colour(seat), 2.0);
            }
        }
    }
    // What waits off the board.
    let mut y = bottom + 50.0;
    for seat in 0..2 {
        let waiting = g.markers[seat]
            .iter()
            .filter(|m| m.place == Place::Reserve)
            .count();
        let arrived = g.arrived(seat);
        let text = format!(
            "{}: {arrived} home, {waiting} in reserve",
            g.seat_name(seat)
        );
        svg.text(X0 - 30.0, y, 12.0, Anchor::Start, seat_colour(seat), &text);
        y += 18.0;
    }
    svg.finish()
}

/// The move as an arrow: where a bridge goes, where a marker starts or goes.
fn draw_move(svg: &mut Svg, g: &Amidakuji, mv: Move) {
    let rows = g.dims().rows;
    match mv {
        Move::Place(span) => bridge(svg, span, ARROW, true),
        Move::Relocate { from, to } => {
            if let Some(old) = g.ladder.bridge_at(from) {
                let mid = |a: (f64, f64), b: (f64, f64)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let was = mid(node_xy(old.left), node_xy(old.right));
                let goes = mid(node_xy(to.left), node_xy(to.right));
                bridge(svg, to, ARROW, true);
                svg.arrow(was, goes, ARROW, 3.0);
            }
        }
        Move::Start(c) => {
            let (x, y) = point_xy(own_end(g.to_move, c), rows);
            svg.circle(x, y, 16.0, "none", Some(ARROW));
        }
        Move::Marker { slot, .. } => {
            let seat = g.to_move;
            let before = g.markers[seat][slot as usize].place;
            let mut after = g.clone();
            after.play(mv);
            let now = after.markers[seat][slot as usize].place;
            let from = match (before, mv) {
                (Place::At(p), _) => Some(point_xy(p, rows)),
                (_, Move::Marker { enter: Some(c), .. }) => {
                    Some(point_xy(own_end(seat, c), rows))
                }
                _ => None,
            };
            if let (Some(from), Place::At(p)) = (from, now) {
                svg.arrow(from, point_xy(p, rows), ARROW, 4.0);
            }
        }
        Move::Pass => {}
    }
}
