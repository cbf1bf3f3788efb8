//! Senet notation (`docs/rules/senet.md` section 3) and the drawing of the board.
//!
//! Position: `<squares> <to-move> <throw>`, e.g. the start `LDLDLDLDL.D................... D -`:
//! 30 characters `L`/`D`/`.` for squares 1..30, `L` or `D` to move, and `-` (not thrown yet)
//! or the thrown value. Move: the square moved from and `+` (forward) or `-` (backward), e.g.
//! `11+`, `7-`; a throw outcome is written as its value, e.g. `3`.

use std::fmt::Write;

use super::board::{bit, Board, DARK, LIGHT, PIECES, SQUARES};
use super::moves::{is_throw, Move};
use crate::error::Error;

/// The letter of a seat in the notation.
pub fn seat_letter(seat: usize) -> char {
    if seat == DARK {
        'D'
    } else {
        'L'
    }
}

/// The name of a seat.
pub fn seat_name(seat: usize) -> &'static str {
    if seat == DARK {
        "dark"
    } else {
        "light"
    }
}

/// A position as read from text, checked for form: the board, the seat to move, the pending
/// throw (0: not thrown yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The seat to move.
    pub to_move: usize,
    /// The pending throw, or 0.
    pub throw: u8,
}

/// Reads and checks a position; the error names the field and what is wrong with it.
pub fn parse_position(text: &str) -> Result<Setup, Error> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 3 {
        return Err(Error::position(format!(
            "expected 3 fields '<squares> <to-move> <throw>', found {} in '{}'",
            fields.len(),
            text.trim()
        )));
    }
    let board = parse_board(fields[0])?;
    let to_move = match fields[1] {
        "D" => DARK,
        "L" => LIGHT,
        other => {
            return Err(Error::position(format!(
                "side to move '{other}' is not L or D"
            )))
        }
    };
    let throw = parse_throw(fields[2], &board)?;
    Ok(Setup {
        board,
        to_move,
        throw,
    })
}

/// The squares field: 30 of `L`, `D` and `.`, at most five pieces a colour, and a piece of
/// some colour on the board.
fn parse_board(field: &str) -> Result<Board, Error> {
    let cells: Vec<char> = field.chars().collect();
    if cells.len() != SQUARES as usize {
        return Err(Error::position(format!(
            "the board has {} squares, expected 30",
            cells.len()
        )));
    }
    let mut board = Board::default();
    for (i, &c) in cells.iter().enumerate() {
        let square = i as u8 + 1;
        match c {
            'D' => board.pieces[DARK] |= bit(square),
            'L' => board.pieces[LIGHT] |= bit(square),
            '.' => {}
            other => {
                return Err(Error::position(format!(
                    "square {square} has '{other}' (expected L, D or .)"
                )))
            }
        }
    }
    for seat in [LIGHT, DARK] {
        let n = board.on_board(seat);
        if n > PIECES {
            return Err(Error::position(format!(
                "{} has {n} pieces on the board (at most 5)",
                seat_name(seat)
            )));
        }
    }
    if board.on_board(DARK) == 0 && board.on_board(LIGHT) == 0 {
        return Err(Error::position(
            "neither colour has a piece on the board (only one can have borne off all five)",
        ));
    }
    Ok(board)
}

/// The throw field: `-` (not thrown yet, 0) or a throw, which a finished game cannot have.
fn parse_throw(field: &str, board: &Board) -> Result<u8, Error> {
    let throw = match field {
        "-" => return Ok(0),
        t => match t.parse::<u8>() {
            Ok(v) if is_throw(v) => v,
            _ => {
                return Err(Error::position(format!(
                    "throw '{t}' is not one of - 1 2 3 4 6"
                )))
            }
        },
    };
    for seat in [DARK, LIGHT] {
        if board.on_board(seat) == 0 {
            return Err(Error::position(format!(
                "{} has borne off all five, so the game is over and there is no throw to move",
                seat_name(seat)
            )));
        }
    }
    Ok(throw)
}

/// Writes a position.
pub fn format_position(board: &Board, to_move: usize, throw: u8) -> String {
    let mut s = String::with_capacity(34);
    for square in 1..=SQUARES {
        s.push(match board.at(square) {
            Some(DARK) => 'D',
            Some(_) => 'L',
            None => '.',
        });
    }
    s.push(' ');
    s.push(seat_letter(to_move));
    s.push(' ');
    if throw == 0 {
        s.push('-');
    } else {
        s.push((b'0' + throw) as char);
    }
    s
}

/// Reads a move's text without checking legality: a throw value (`3`) or a square with a
/// direction (`11+`, `7-`).
pub fn parse_move_text(text: &str) -> Result<Move, Error> {
    let t = text.trim();
    let shape = || {
        Error::bad_move(format!(
            "'{t}' is not a move (a square 1-30 then + or -, e.g. 11+, or a throw 1, 2, 3, 4, 6)"
        ))
    };
    if let Some(digits) = t.strip_suffix('+').or_else(|| t.strip_suffix('-')) {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(shape());
        }
        let square: u32 = digits.parse().map_err(|_| shape())?;
        if !(1..=u32::from(SQUARES)).contains(&square) {
            return Err(Error::bad_move(format!(
                "square {square} is not on the board (squares 1-30)"
            )));
        }
        let square = square as u8;
        return Ok(if t.ends_with('+') {
            Move::Forward(square)
        } else {
            Move::Backward(square)
        });
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return match t.parse::<u8>() {
            Ok(v) if is_throw(v) => Ok(Move::Throw(v)),
            _ => Err(Error::bad_move(format!(
                "the sticks cannot show {t} (throws: 1, 2, 3, 4, 6)"
            ))),
        };
    }
    Err(shape())
}

/// Writes a move.
pub fn format_move(mv: Move) -> String {
    match mv {
        Move::Throw(v) => v.to_string(),
        Move::Forward(s) => format!("{s}+"),
        Move::Backward(s) => format!("{s}-"),
    }
}

/// Draws the snaking 3x10 board: squares 1-10 left to right, 11-20 right to left below them,
/// 21-30 left to right, each cell with its number and piece, then a status line.
pub fn render(board: &Board, status: &str) -> String {
    let mut out = String::new();
    let rows: [[u8; 10]; 3] = [
        std::array::from_fn(|i| i as u8 + 1),
        std::array::from_fn(|i| 20 - i as u8),
        std::array::from_fn(|i| i as u8 + 21),
    ];
    let arrows = ["->", "<-", "-> off"];
    let rule = format!("+{}", "-----+".repeat(10));
    for (row, arrow) in rows.iter().zip(arrows) {
        let _ = writeln!(out, "{rule}");
        let mut numbers = String::from("|");
        let mut pieces = String::from("|");
        for &sq in row {
            let _ = write!(numbers, "{sq:>4} |");
            let p = match board.at(sq) {
                Some(DARK) => 'D',
                Some(_) => 'L',
                None => ' ',
            };
            let _ = write!(pieces, "  {p}  |");
        }
        let _ = writeln!(out, "{numbers}");
        let _ = writeln!(out, "{pieces} {arrow}");
    }
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(
        out,
        "off the board: light {}, dark {}",
        board.borne_off(LIGHT),
        board.borne_off(DARK)
    );
    let _ = writeln!(out, "{status}");
    out
}
