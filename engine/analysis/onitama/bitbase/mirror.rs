//! The left-right mirror of a bitbase position. Mirroring the board maps every card to its
//! mirror card, so it maps a card set to itself only when the set is *mirror-closed* (each
//! card's mirror image is in the set, e.g. horse and ox with elephant, boar and crab). Then a
//! layout and its mirror image have the same values, with the card slots permuted: the word of
//! the mirrored layout is the word with its distribution bits permuted. The builder uses this to
//! decide only one layout of each mirror pair and hand its wins to both.

use super::index::{DISTS, FULL};
use crate::analysis::onitama::cardset::{CardSet, DISTRIBUTIONS};
use crate::games::onitama::{Color, Square};

/// The mirror of a mirror-closed card set.
pub struct Mirror {
    /// `slot[c]`: the slot of card `c`'s mirror image.
    pub slot: [u8; 5],
    /// The permutation of a word's distribution bits, a byte at a time: `bytes[i][v]` is the
    /// image of the bits `v << 8 * i`.
    bytes: [[u32; 256]; 4],
}

/// The square mirrored left-right (files `a` and `e` exchanged).
#[inline(always)]
pub const fn square(sq: u8) -> u8 {
    sq - sq % 5 + 4 - sq % 5
}

/// The five-bit rows mirrored.
const ROW: [u32; 32] = {
    let mut out = [0u32; 32];
    let mut v = 0;
    while v < 32 {
        let mut f = 0;
        while f < 5 {
            if v >> f & 1 == 1 {
                out[v] |= 1 << (4 - f);
            }
            f += 1;
        }
        v += 1;
    }
    out
};

/// A set of squares mirrored left-right.
#[inline(always)]
pub fn set(s: u32) -> u32 {
    ROW[(s & 31) as usize]
        | ROW[(s >> 5 & 31) as usize] << 5
        | ROW[(s >> 10 & 31) as usize] << 10
        | ROW[(s >> 15 & 31) as usize] << 15
        | ROW[(s >> 20 & 31) as usize] << 20
}

impl Mirror {
    /// The mirror of `cards`, if the set is mirror-closed (`None` otherwise). A slot's mirror is
    /// found from the jumps themselves: the slot whose jumps from every mirrored square are the
    /// mirrored jumps.
    pub fn new(cards: CardSet) -> Option<Mirror> {
        let jumps = |c: u8, sq: u8| {
            let from = Square::from_index(sq as usize).expect("a square");
            cards.card(c).targets(Color::Red, from).0 & FULL
        };
        let mut slot = [0u8; 5];
        for (c, m) in slot.iter_mut().enumerate() {
            *m = (0..5u8)
                .find(|&o| (0..25u8).all(|sq| jumps(o, square(sq)) == set(jumps(c as u8, sq))))?;
        }
        let image = |d: usize| {
            let x = &DISTS[d];
            let map = |s: u8| slot[s as usize];
            let mut red = x.red.map(map);
            red.sort_unstable();
            let side = map(x.side);
            DISTS
                .iter()
                .position(|y| y.red == red && y.side == side)
                .expect("a distribution")
        };
        let mut bytes = [[0u32; 256]; 4];
        for (i, table) in bytes.iter_mut().enumerate() {
            for (v, out) in table.iter_mut().enumerate() {
                for b in 0..8 {
                    let d = 8 * i + b;
                    if v >> b & 1 == 1 && d < DISTRIBUTIONS {
                        *out |= 1 << image(d);
                    }
                }
            }
        }
        Some(Mirror { slot, bytes })
    }

    /// The word of the mirrored layout: the distribution bits of `w` permuted (other bits
    /// dropped).
    #[inline(always)]
    pub fn word(&self, w: u32) -> u32 {
        self.bytes[0][(w & 255) as usize]
            | self.bytes[1][(w >> 8 & 255) as usize]
            | self.bytes[2][(w >> 16 & 255) as usize]
            | self.bytes[3][(w >> 24 & 255) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::onitama::bitbase::index::ALL;

    #[test]
    fn deal_a_is_mirror_closed_and_the_word_map_is_an_involution() {
        let cards = CardSet::parse("horse,elephant,ox,boar,crab").unwrap();
        let m = Mirror::new(cards).expect("mirror-closed");
        let horse = cards.slot(crate::games::onitama::Card::from_name("horse").unwrap());
        let ox = cards.slot(crate::games::onitama::Card::from_name("ox").unwrap());
        assert_eq!(Some(m.slot[horse.unwrap() as usize]), ox);
        for w in [0, 1, 0x2AAA_AAAA & ALL, ALL, 12345, 1 << 29] {
            assert_eq!(m.word(m.word(w)), w);
            assert_eq!(m.word(w).count_ones(), w.count_ones());
        }
        assert!((0..30).any(|d| m.word(1 << d) != 1 << d));
        assert!(Mirror::new(CardSet::parse("tiger,crab,boar,ox,eel").unwrap()).is_none());
        assert_eq!(set(1 << 0 | 1 << 7 | 1 << 24), 1 << 4 | 1 << 7 | 1 << 20);
        assert_eq!(square(2), 2);
        assert_eq!(square(10), 14);
    }
}
