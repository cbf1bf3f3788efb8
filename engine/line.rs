//! A line of moves played from a position: what `--moves "m1 m2 ..."` does on every command that
//! takes a position. Each move (chance outcomes included: a Senet throw, a Big Bang coin) is read
//! in the position it is played from and checked against that position's legal moves or chance
//! outcomes; the first one that cannot be played stops the line with a [`LineError`] naming it,
//! its 1-based index and the position it was tried in.

use std::fmt;

use crate::error::Error;
use crate::game::{Game, Turn};

/// A move of a line that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// Its place in the line, from 1.
    pub index: usize,
    /// The move as given.
    pub text: String,
    /// The position it was tried in, in the game's notation.
    pub position: String,
    /// Why it cannot be played there.
    pub reason: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} '{}' cannot be played: {} (in position {})",
            self.index, self.text, self.reason, self.position
        )
    }
}

impl std::error::Error for LineError {}

impl From<LineError> for Error {
    fn from(e: LineError) -> Self {
        Error::bad_move(e.to_string())
    }
}

/// Splits a line into its moves: words separated by spaces or commas.
pub fn split_line(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect()
}

/// Reads one move in `state` and checks that it is a legal move or chance outcome there.
pub fn read_move<G: Game>(state: &G, text: &str) -> Result<G::Move, String> {
    let legal: Vec<G::Move> = match state.turn() {
        Turn::Terminal => return Err("the game is over".to_string()),
        Turn::Player(_) => {
            let mut list = Vec::new();
            state.legal_moves(&mut list);
            list
        }
        Turn::Chance => {
            let mut list = Vec::new();
            state.chance_outcomes(&mut list);
            list.into_iter().map(|(m, _)| m).collect()
        }
    };
    let mv = state.parse_move(text).map_err(|e| e.message)?;
    if legal.contains(&mv) {
        Ok(mv)
    } else if state.turn() == Turn::Chance {
        Err("it is not a chance outcome of this position".to_string())
    } else {
        Err("it is not a legal move here".to_string())
    }
}

/// Plays `moves` in order from `start` and returns every move read and the position reached.
pub fn play_moves<G: Game, S: AsRef<str>>(
    start: &G,
    moves: &[S],
) -> Result<(Vec<G::Move>, G), LineError> {
    let mut state = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        let mv = read_move(&state, text).map_err(|reason| LineError {
            index: i + 1,
            text: text.to_string(),
            position: state.notation(),
            reason,
        })?;
        state.play(mv);
        played.push(mv);
    }
    Ok((played, state))
}

/// Plays a line given as one text (moves separated by spaces or commas) from `start`.
pub fn play_line<G: Game>(start: &G, line: &str) -> Result<G, LineError> {
    play_moves(start, &split_line(line)).map(|(_, state)| state)
}
