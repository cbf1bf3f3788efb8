//! The text forms of the rules file: positions (`<rows> <to-move>/<players> <scores> [long]`) and
//! moves (`i3-i5`, start hole and landing holes joined by `-`).

use super::geometry::{tables, Hole, ROWS, ROW_WIDTHS};
use super::zobrist::MAX_SCORE;
use crate::error::Error;

/// A position as read from text, checked but not yet a game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Marbles, reading order.
    pub marbles: u128,
    /// Seat to move, 0-based.
    pub to_move: usize,
    /// Number of players.
    pub players: usize,
    /// Captures per seat.
    pub scores: Vec<u8>,
    /// Long-jump option.
    pub long: bool,
}

/// Reads a position, saying what is wrong and where.
pub fn parse_position(text: &str) -> Result<Setup, Error> {
    let fields = split_fields(text)?;
    let marbles = read_board(fields[0])?;
    let (to_move, players) = read_turn(fields[1])?;
    let scores = read_scores(fields[2], players)?;
    check_marble_count(marbles, &scores)?;
    let long = read_long(fields.get(3).copied())?;
    Ok(Setup {
        marbles,
        to_move: to_move - 1,
        players,
        scores,
        long,
    })
}

/// The whitespace-separated fields of a position: board, turn, scores and an optional `long`.
fn split_fields(text: &str) -> Result<Vec<&str>, Error> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 3 || fields.len() > 4 {
        return Err(Error::position(format!(
            "expected '<rows> <to-move>/<players> <scores> [long]', got {} field(s)",
            fields.len()
        )));
    }
    Ok(fields)
}

/// The marbles of the board field: 17 rows of `o` and `.`, each as wide as its row of the star.
fn read_board(board: &str) -> Result<u128, Error> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ROWS {
        return Err(Error::position(format!(
            "the board has {} rows, expected 17 (a to q) joined by '/'",
            rows.len()
        )));
    }
    let mut marbles = 0u128;
    for (r, row) in rows.iter().enumerate() {
        marbles |= read_row(r, row)?;
    }
    Ok(marbles)
}

/// The marbles of row `r` (0 for row a), as bits of the whole board.
fn read_row(r: usize, row: &str) -> Result<u128, Error> {
    let t = tables();
    let letter = (b'a' + r as u8) as char;
    let width = row.chars().count();
    if width != ROW_WIDTHS[r] {
        return Err(Error::position(format!(
            "row {letter} has {width} holes, expected {}",
            ROW_WIDTHS[r]
        )));
    }
    let mut marbles = 0u128;
    for (p, ch) in row.chars().enumerate() {
        match ch {
            'o' => marbles |= 1u128 << (t.row_start[r] + p),
            '.' => {}
            _ => {
                return Err(Error::position(format!(
                    "hole {letter}{} has '{ch}', expected 'o' (marble) or '.' (empty)",
                    p + 1
                )))
            }
        }
    }
    Ok(marbles)
}

/// The turn field `<to-move>/<players>`: the seat to move (1-based) and the number of players.
fn read_turn(turn: &str) -> Result<(usize, usize), Error> {
    let Some((mover, players)) = turn.split_once('/') else {
        return Err(Error::position(format!(
            "'{turn}' is not <to-move>/<players>, e.g. 1/2"
        )));
    };
    let players: usize = players
        .parse()
        .ok()
        .filter(|p| (2..=6).contains(p))
        .ok_or_else(|| {
            Error::position(format!("the number of players '{players}' is not 2 to 6"))
        })?;
    let to_move: usize = mover
        .parse()
        .ok()
        .filter(|m| (1..=players).contains(m))
        .ok_or_else(|| {
            Error::position(format!(
                "the player to move '{mover}' is not 1 to {players}"
            ))
        })?;
    Ok((to_move, players))
}

/// The scores field: one capture count per player, joined by `,`, each at most the game's marbles.
fn read_scores(field: &str, players: usize) -> Result<Vec<u8>, Error> {
    let score_texts: Vec<&str> = field.split(',').collect();
    if score_texts.len() != players {
        return Err(Error::position(format!(
            "{} score(s) given for {players} players",
            score_texts.len()
        )));
    }
    let mut scores = Vec::with_capacity(players);
    for (i, s) in score_texts.iter().enumerate() {
        let v: u8 = s
            .parse()
            .ok()
            .filter(|&v: &u8| v as usize <= MAX_SCORE)
            .ok_or_else(|| {
                Error::position(format!(
                    "the score of player {} '{s}' is not a number from 0 to 60",
                    i + 1
                ))
            })?;
        scores.push(v);
    }
    Ok(scores)
}

/// Marbles on the board and captured together cannot exceed the 60 the game has.
fn check_marble_count(marbles: u128, scores: &[u8]) -> Result<(), Error> {
    let on_board = marbles.count_ones() as usize;
    let total: usize = scores.iter().map(|&s| s as usize).sum();
    if on_board + total > 60 {
        return Err(Error::position(format!(
            "{on_board} marbles on the board and {total} captured make more than the 60 marbles of the game"
        )));
    }
    Ok(())
}

/// The optional last field: absent, or the word `long` for the long-jump option.
fn read_long(field: Option<&str>) -> Result<bool, Error> {
    match field {
        None => Ok(false),
        Some("long") => Ok(true),
        Some(other) => Err(Error::position(format!(
            "unexpected '{other}' after the scores (only the word 'long' may follow)"
        ))),
    }
}

/// Writes a position.
pub fn write_position(setup: &Setup) -> String {
    let t = tables();
    let mut rows = Vec::with_capacity(ROWS);
    for (r, &w) in ROW_WIDTHS.iter().enumerate() {
        let row: String = (0..w)
            .map(|p| {
                if setup.marbles >> (t.row_start[r] + p) & 1 == 1 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(row);
    }
    let scores: Vec<String> = setup.scores.iter().map(u8::to_string).collect();
    format!(
        "{} {}/{} {}{}",
        rows.join("/"),
        setup.to_move + 1,
        setup.players,
        scores.join(","),
        if setup.long { " long" } else { "" }
    )
}

/// Reads the holes of a move (`e5-g5-...`), checking only the names.
pub fn parse_holes(text: &str) -> Result<Vec<Hole>, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::bad_move("the move is empty"));
    }
    let mut holes = Vec::new();
    for part in text.split('-') {
        let hole = Hole::from_name(part.trim()).ok_or_else(|| {
            Error::bad_move(format!(
                "'{part}' in '{text}' is not a hole (rows a to q, places from 1)"
            ))
        })?;
        holes.push(hole);
    }
    if holes.len() < 2 {
        return Err(Error::bad_move(format!(
            "'{text}' has no landing hole; a move is a start and landings joined by '-'"
        )));
    }
    Ok(holes)
}

/// Writes a chain of holes.
pub fn write_holes(holes: &[Hole]) -> String {
    holes.iter().map(|h| h.name()).collect::<Vec<_>>().join("-")
}
