//! The one error type the engine returns for bad input: what kind of input was wrong, and a
//! message that names what is wrong and where. The CLI prints it as a single line.

use std::fmt;

/// Which kind of user input was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A position in a game's notation.
    Position,
    /// A move in a game's notation, or a move that is not legal.
    Move,
    /// A game or engine option.
    Option,
    /// A file the user named (board map, openings, tournament records).
    File,
    /// Anything else the user asked for that cannot be done.
    Request,
}

/// Bad input, with a message for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of input was wrong.
    pub kind: ErrorKind,
    /// What is wrong and where, in one line.
    pub message: String,
}

impl Error {
    /// A malformed or illegal position.
    pub fn position(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Position,
            message: message.into(),
        }
    }

    /// A malformed or illegal move.
    pub fn bad_move(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Move,
            message: message.into(),
        }
    }

    /// A bad option value or an unknown option.
    pub fn option(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Option,
            message: message.into(),
        }
    }

    /// A file that cannot be read or has bad content.
    pub fn file(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::File,
            message: message.into(),
        }
    }

    /// A request that cannot be carried out.
    pub fn request(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Request,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::Position => "bad position",
            ErrorKind::Move => "bad move",
            ErrorKind::Option => "bad option",
            ErrorKind::File => "bad file",
            ErrorKind::Request => "cannot do that",
        };
        write!(f, "{what}: {}", self.message)
    }
}

impl std::error::Error for Error {}
