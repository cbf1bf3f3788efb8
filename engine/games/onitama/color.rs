//! The two colours. Red is seat 0 and Blue seat 1, so a colour indexes per-side arrays directly.

use std::ops::Not;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Red, seat 0, starts on rank 1.
    Red = 0,
    /// Blue, seat 1, starts on rank 5.
    Blue = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const BOTH: [Color; 2] = [Color::Red, Color::Blue];

    /// The seat and array index (Red 0, Blue 1).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of a seat (0 or 1; any other seat is Blue's). A table read, not a branch:
    /// the evaluation asks for it at every leaf.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        Color::BOTH[(i != 0) as usize]
    }

    /// The lower-case name, `red` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// The letter of the position notation, `r` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }
}
