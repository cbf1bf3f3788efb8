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
        write!(
            f,
            "{what}: {}",
            escape_controls(&shorten_quotes(&self.message))
        )
    }
}

/// `text` with every control character written as an escape (`\r`, `\u{1b}`), so a message
/// that quotes bad input stays one line and cannot move a terminal's cursor or clear its screen.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The longest quoted piece of input a message shows whole, in characters.
pub const QUOTE_LIMIT: usize = 60;

/// `message` with every single-quoted span longer than [`QUOTE_LIMIT`] characters cut to its
/// start, `...` and its length, so a 100 KB bad input is named, not echoed back whole.
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('\'') else {
            rest = after;
            break;
        };
        let quoted = &after[..close];
        let chars = quoted.chars().count();
        if chars > QUOTE_LIMIT {
            let head: String = quoted.chars().take(QUOTE_LIMIT - 3).collect();
            out.push_str(&format!("{head}...' ({chars} characters)"));
        } else {
            out.push_str(quoted);
            out.push('\'');
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_short_ones_kept() {
        let long = "x".repeat(100_000);
        let e = Error::position(format!("found 1 field in '{long}' at 'a'"));
        let text = e.to_string();
        assert!(text.len() < 200, "{text}");
        assert!(text.contains("...' (100000 characters) at 'a'"), "{text}");
        assert_eq!(shorten_quotes("it's 'fine'"), "it's 'fine'");
        assert_eq!(shorten_quotes("no quotes"), "no quotes");
    }

    #[test]
    fn control_characters_are_escaped_on_one_line() {
        let e = Error::position("expected 3 fields in 'a\u{1b}[2J\rb\nc\td'");
        assert_eq!(
            e.to_string(),
            "bad position: expected 3 fields in 'a\\u{1b}[2J\\rb\\nc\\td'"
        );
        assert_eq!(escape_controls("plain 'é'"), "plain 'é'");
    }
}
