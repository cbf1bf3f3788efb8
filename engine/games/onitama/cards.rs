//! The 16 move cards: names, offsets and stamps exactly as the rules file's table, and the target
//! masks precomputed (at compile time) for every card, square and side.

use std::fmt;

use super::board::{Bitboard, Square, SQUARES};
use super::color::Color;

/// How many cards there are.
pub const CARD_COUNT: usize = 16;

/// One row of the rules file's card table.
struct CardInfo {
    name: &'static str,
    /// Offsets `(dx, dy)` from the holder's view: `dy > 0` forward, `dx > 0` to the right.
    offsets: &'static [(i8, i8)],
    stamp: Color,
}

/// The table of `docs/rules/onitama.md`, in its order (which is also the order hands print in).
const TABLE: [CardInfo; CARD_COUNT] = {
    use Color::{Blue, Red};
    const fn c(name: &'static str, offsets: &'static [(i8, i8)], stamp: Color) -> CardInfo {
        CardInfo {
            name,
            offsets,
            stamp,
        }
    }
    [
        c("tiger", &[(0, 2), (0, -1)], Blue),
        c("crab", &[(-2, 0), (0, 1), (2, 0)], Blue),
        c("monkey", &[(-1, 1), (1, 1), (-1, -1), (1, -1)], Blue),
        c("crane", &[(0, 1), (-1, -1), (1, -1)], Blue),
        c("dragon", &[(-2, 1), (2, 1), (-1, -1), (1, -1)], Red),
        c("elephant", &[(-1, 1), (1, 1), (-1, 0), (1, 0)], Red),
        c("mantis", &[(-1, 1), (1, 1), (0, -1)], Red),
        c("boar", &[(-1, 0), (0, 1), (1, 0)], Red),
        c("frog", &[(-2, 0), (-1, 1), (1, -1)], Red),
        c("goose", &[(-1, 1), (-1, 0), (1, 0), (1, -1)], Blue),
        c("horse", &[(-1, 0), (0, 1), (0, -1)], Red),
        c("eel", &[(-1, 1), (-1, -1), (1, 0)], Blue),
        c("rabbit", &[(-1, -1), (1, 1), (2, 0)], Blue),
        c("rooster", &[(-1, -1), (-1, 0), (1, 0), (1, 1)], Red),
        c("ox", &[(0, 1), (1, 0), (0, -1)], Blue),
        c("cobra", &[(-1, 0), (1, 1), (1, -1)], Red),
    ]
};

/// A move card, by its row in the rules file's table (0 = tiger .. 15 = cobra).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Every card in table order.
    pub const ALL: [Card; CARD_COUNT] = {
        let mut all = [Card(0); CARD_COUNT];
        let mut i = 0;
        while i < CARD_COUNT {
            all[i] = Card(i as u8);
            i += 1;
        }
        all
    };

    /// The card in row `index` of the table, if there is one.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < CARD_COUNT {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The card in row `slot & 15` of the table: for packed cards, whose four bits are always a
    /// card.
    #[inline(always)]
    pub(super) const fn from_slot(slot: usize) -> Card {
        Card((slot & (CARD_COUNT - 1)) as u8)
    }

    /// The row of the table, `0..16`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The table row masked to `0..16`, which the compiler can see needs no bounds check.
    #[inline(always)]
    pub(super) const fn slot(self) -> usize {
        self.0 as usize & (CARD_COUNT - 1)
    }

    /// The lower-case name.
    pub const fn name(self) -> &'static str {
        TABLE[self.0 as usize].name
    }

    /// The offsets `(dx, dy)` as the holder sees them.
    pub const fn offsets(self) -> &'static [(i8, i8)] {
        TABLE[self.0 as usize].offsets
    }

    /// The colour of the stamp: the side to move at the start when this is the side card.
    pub const fn stamp(self) -> Color {
        TABLE[self.0 as usize].stamp
    }

    /// The card with this name, in any case.
    pub fn from_name(name: &str) -> Option<Card> {
        Card::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }

    /// The squares a pawn of `side` on `from` may jump to with this card (own pawns not removed).
    #[inline(always)]
    pub fn targets(self, side: Color, from: Square) -> Bitboard {
        Bitboard(TARGETS[side.index()][self.slot()][from.index() & (ROW - 1)])
    }

    /// The pawns of `side` that could reach `to` with this card: the targets from `to` for the
    /// other side, since Blue's offsets are Red's rotated 180 degrees.
    #[inline(always)]
    pub fn sources(self, side: Color, to: Square) -> Bitboard {
        self.targets(!side, to)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The board offset `(files, ranks)` of a card offset for `side`: Red's view is the board's (right
/// = towards `e`, forward = towards rank 5); Blue's is rotated 180 degrees.
pub const fn board_offset(side: Color, dx: i8, dy: i8) -> (i32, i32) {
    match side {
        Color::Red => (dx as i32, dy as i32),
        Color::Blue => (-(dx as i32), -(dy as i32)),
    }
}

/// Rows of the target table: one per square, padded to 64 so an index masked with `& 63` needs no
/// bounds check, and row 32 (the trailing-zero count of an empty set) is empty.
pub(super) const ROW: usize = 64;

/// `TARGETS[side][card][square]`: the squares reachable in one jump, as raw bitboards.
pub(super) static TARGETS: [[[u32; ROW]; CARD_COUNT]; 2] = {
    let mut t = [[[0u32; ROW]; CARD_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let color = if side == 0 { Color::Red } else { Color::Blue };
        let mut card = 0;
        while card < CARD_COUNT {
            let offsets = TABLE[card].offsets;
            let mut sq = 0;
            while sq < SQUARES {
                let (file, rank) = ((sq % 5) as i32, (sq / 5) as i32);
                let mut mask = 0u32;
                let mut k = 0;
                while k < offsets.len() {
                    let (dx, dy) = board_offset(color, offsets[k].0, offsets[k].1);
                    if let Some(to) = Square::try_new(file + dx, rank + dy) {
                        mask |= 1 << to.index();
                    }
                    k += 1;
                }
                t[side][card][sq] = mask;
                sq += 1;
            }
            card += 1;
        }
        side += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_stamps() {
        assert_eq!(Card::from_name("TIGER"), Some(Card(0)));
        assert_eq!(Card::from_name("Cobra").map(Card::stamp), Some(Color::Red));
        assert_eq!(Card::from_name("tigr"), None);
        let blue = Card::ALL
            .iter()
            .filter(|c| c.stamp() == Color::Blue)
            .count();
        assert_eq!(blue, 8);
    }

    #[test]
    fn tiger_from_c1_and_c5() {
        let tiger = Card::from_name("tiger").unwrap();
        let t: Vec<String> = tiger
            .targets(Color::Red, Square::C1)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(t, ["c3"]);
        let t: Vec<String> = tiger
            .targets(Color::Blue, Square::C5)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(t, ["c3"]);
    }
}
