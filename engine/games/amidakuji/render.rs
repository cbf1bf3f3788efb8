//! A drawing of the ladder for a person: columns as vertical lines, bridges as horizontal or
//! diagonal strokes with their owner at the middle, markers with arrows, ends labelled.

use super::board::{col_letter, Node, Point};
use super::markers::Place;
use super::{Amidakuji, Phase, RED};

const W: usize = 6;
const LEFT: usize = 3;

fn x_of(col: u8) -> usize {
    LEFT + W * col as usize
}

fn y_of(row: u8) -> usize {
    3 + 2 * row as usize
}

/// Draws the position.
pub fn render(g: &Amidakuji) -> String {
    let d = g.dims();
    let height = 5 + 2 * d.rows as usize;
    let width = x_of(d.cols - 1) + 3;
    let mut canvas = vec![vec![' '; width]; height];
    for c in 0..d.cols {
        let x = x_of(c);
        for line in canvas.iter_mut().take(3 + 2 * d.rows as usize).skip(2) {
            line[x] = '|';
        }
        canvas[1][x] = col_letter(c);
        canvas[1][x + 1] = '^';
        canvas[height - 2][x] = col_letter(c);
        canvas[height - 2][x + 1] = '_';
    }
    for r in 0..d.rows {
        let label = format!("{:>2}", r + 1);
        for (i, ch) in label.chars().enumerate() {
            canvas[y_of(r)][i] = ch;
        }
    }
    for b in g.ladder.bridges() {
        let (x0, y0) = (x_of(b.left.col()) as i32, y_of(b.left.row()) as i32);
        let (x1, y1) = (x_of(b.right.col()) as i32, y_of(b.right.row()) as i32);
        canvas[y0 as usize][x0 as usize] = '+';
        canvas[y1 as usize][x1 as usize] = '+';
        let stroke = match (y1 - y0).signum() {
            0 => '-',
            1 => '\\',
            _ => '/',
        };
        let mid = (x0 + x1) / 2;
        for x in x0 + 1..x1 {
            let num = (y1 - y0) * (x - x0);
            let den = x1 - x0;
            let y = y0 + (2 * num + den.signum() * num.signum() * den) / (2 * den);
            let owner = if b.owner as usize == RED { 'r' } else { 'b' };
            canvas[y as usize][x as usize] = if x == mid {
                if b.kind == super::bridges::Kind::Long {
                    owner.to_ascii_uppercase()
                } else {
                    owner
                }
            } else {
                stroke
            };
        }
    }
    for seat in 0..2 {
        let piece = if seat == RED { 'X' } else { 'O' };
        for m in &g.markers[seat] {
            let Place::At(p) = m.place else { continue };
            match p {
                Point::Top(c) => canvas[0][x_of(c)] = piece,
                Point::Bottom(c) => canvas[height - 1][x_of(c)] = piece,
                Point::Node(n) => draw_marker(g, &mut canvas, n, seat, m.cross, piece),
            }
        }
    }
    let mut out: String = canvas
        .iter()
        .map(|l| {
            let s: String = l.iter().collect();
            s.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out.push_str(&legend(g));
    out
}

fn draw_marker(
    g: &Amidakuji,
    canvas: &mut [Vec<char>],
    n: Node,
    seat: usize,
    cross: bool,
    piece: char,
) {
    let (x, y) = (x_of(n.col()), y_of(n.row()));
    canvas[y][x] = piece;
    if cross {
        if let Some(p) = g.ladder.partner(n) {
            if p.col() > n.col() {
                canvas[y][x + 1] = '>';
            } else {
                canvas[y][x - 1] = '<';
            }
        }
    } else if seat == RED {
        canvas[y + 1][x] = 'v';
    } else {
        canvas[y - 1][x] = '^';
    }
}

fn legend(g: &Amidakuji) -> String {
    use crate::game::Game;
    let mut lines = Vec::new();
    lines.push(
        "X red markers (walk down), O blue (walk up); v ^ > < arrows: next step; \
         bridges: r/b normal, R/B long"
            .to_string(),
    );
    for seat in 0..2 {
        let list: Vec<String> = g.markers[seat]
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let place = match m.place {
                    Place::Off => "-".to_string(),
                    Place::Reserve => "reserve".to_string(),
                    Place::At(Point::Node(n)) => {
                        format!("{n} {}", if m.cross { "cross" } else { "straight" })
                    }
                    Place::At(p) if m.arrived(seat) => format!("{p} arrived"),
                    Place::At(p) => format!("{p} start"),
                };
                format!(
                    "{}:{place}{}",
                    i + 1,
                    if m.moved { " (done this round)" } else { "" }
                )
            })
            .collect();
        lines.push(format!("{:<5} {}", g.seat_name(seat), list.join("  ")));
    }
    let phase = match g.phase {
        Phase::Place => format!(
            "placement; supply red {}n+{}l, blue {}n+{}l",
            g.supply(0, super::bridges::Kind::Normal),
            g.supply(0, super::bridges::Kind::Long),
            g.supply(1, super::bridges::Kind::Normal),
            g.supply(1, super::bridges::Kind::Long)
        ),
        Phase::Start => "start points".to_string(),
        Phase::Move => "movement".to_string(),
        Phase::Reloc(k) => format!("relocation ({k} of 4 done)"),
    };
    match g.winner() {
        Some(w) => lines.push(format!("{phase}; {}", won(g, w))),
        None => lines.push(format!("{phase}; {} to move", g.seat_name(g.to_move))),
    }
    lines.join("\n")
}

/// Who won a finished game and how, for the drawing's last line and the picture's title.
pub(super) fn won(g: &Amidakuji, winner: usize) -> String {
    use crate::game::Game;
    format!(
        "{} has won ({} markers home)",
        g.seat_name(winner),
        g.arrived(winner)
    )
}
