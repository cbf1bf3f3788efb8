//! Senet positions for the tests: from square lists (no counting of dots) and from text.

#![allow(dead_code)]

use tabula::games::senet::Senet;
use tabula::{Game, GameOptions};

/// A position from square lists, so tests do not count dots: dark's squares, light's squares,
/// the side to move (`'D'`/`'L'`) and the throw (`"-"` or a value).
pub fn pos(dark: &[u8], light: &[u8], me: char, throw: &str) -> String {
    let mut cells = ['.'; 30];
    for &s in dark {
        cells[s as usize - 1] = 'D';
    }
    for &s in light {
        cells[s as usize - 1] = 'L';
    }
    format!("{} {me} {throw}", cells.iter().collect::<String>())
}

/// The position written `text` (a test's own input: a bad one fails the test, naming it).
pub fn state(text: &str) -> Senet {
    Senet::from_notation(text, &GameOptions::new()).unwrap_or_else(|e| panic!("{text}: {e}"))
}
