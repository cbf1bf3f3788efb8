//! One set of five cards and the 30 ways to distribute it (two to Red, two to Blue, one aside).
//! Cards are named by their *slot* `0..5`, their rank in table order within the set; a
//! distribution is an index `0..30` so it can take part in a tablebase index.

use crate::error::Error;
use crate::games::onitama::{Card, Color, Onitama};

/// How many ways five cards split 2 / 2 / 1.
pub const DISTRIBUTIONS: usize = 30;

/// Where the five slots lie in one distribution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// The two slots of each colour's hand (Red, Blue), lower slot first.
    pub hands: [[u8; 2]; 2],
    /// The slot of the side card.
    pub side: u8,
}

/// Every distribution: Red's pair in lexicographic order, then the side card among the other
/// three (the rest is Blue's).
pub const DISTS: [Distribution; DISTRIBUTIONS] = {
    let mut out = [Distribution {
        hands: [[0, 0], [0, 0]],
        side: 0,
    }; DISTRIBUTIONS];
    let mut n = 0;
    let mut a = 0;
    while a < 5 {
        let mut b = a + 1;
        while b < 5 {
            let mut k = 0;
            while k < 5 {
                if k != a && k != b {
                    let mut blue = [0u8; 2];
                    let mut j = 0;
                    let mut s = 0;
                    while s < 5 {
                        if s != a && s != b && s != k {
                            blue[j] = s as u8;
                            j += 1;
                        }
                        s += 1;
                    }
                    out[n] = Distribution {
                        hands: [[a as u8, b as u8], blue],
                        side: k as u8,
                    };
                    n += 1;
                }
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// The distribution index of Red's two slots (as a 5-bit mask) and the side slot.
fn index_of(red_mask: u8, side: u8) -> usize {
    DISTS
        .iter()
        .position(|d| (1 << d.hands[0][0]) | (1 << d.hands[0][1]) == red_mask && d.side == side)
        .expect("a valid distribution")
}

/// `NEXT[d][side][k]`: the distribution after `side` plays (or passes with) the `k`-th card of
/// its hand: that card goes aside and the side card joins the hand.
pub static NEXT: std::sync::LazyLock<[[[u8; 2]; 2]; DISTRIBUTIONS]> =
    std::sync::LazyLock::new(|| {
        let mut next = [[[0u8; 2]; 2]; DISTRIBUTIONS];
        for (d, dist) in DISTS.iter().enumerate() {
            for (side, per_side) in next[d].iter_mut().enumerate() {
                for (k, slot) in per_side.iter_mut().enumerate() {
                    let used = dist.hands[side][k];
                    let kept = dist.hands[side][1 - k];
                    let red_mask = if side == 0 {
                        (1u8 << kept) | (1 << dist.side)
                    } else {
                        (1u8 << dist.hands[0][0]) | (1 << dist.hands[0][1])
                    };
                    *slot = index_of(red_mask, used) as u8;
                }
            }
        }
        next
    });

/// `SWAP[d]`: the distribution with the two hands exchanged (the side card stays).
pub static SWAP: std::sync::LazyLock<[u8; DISTRIBUTIONS]> = std::sync::LazyLock::new(|| {
    let mut swap = [0u8; DISTRIBUTIONS];
    for (d, dist) in DISTS.iter().enumerate() {
        let blue = (1u8 << dist.hands[1][0]) | (1 << dist.hands[1][1]);
        swap[d] = index_of(blue, dist.side) as u8;
    }
    swap
});

/// Five distinct cards in table order: the cards one tablebase covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardSet {
    cards: [Card; 5],
}

impl CardSet {
    /// The set of five distinct cards (any order).
    pub fn new(mut cards: [Card; 5]) -> Result<CardSet, Error> {
        cards.sort();
        if cards.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::option(format!(
                "cards: '{}' appears twice; a card set needs five different cards",
                cards
                    .windows(2)
                    .find(|w| w[0] == w[1])
                    .map_or("", |w| w[0].name())
            )));
        }
        Ok(CardSet { cards })
    }

    /// Reads five card names joined by `,` (any order, any case).
    pub fn parse(text: &str) -> Result<CardSet, Error> {
        let names: Vec<&str> = text.split(',').map(str::trim).collect();
        if names.len() != 5 {
            return Err(Error::option(format!(
                "cards '{text}' names {} card(s); a card set is exactly 5",
                names.len()
            )));
        }
        let mut cards = [Card::ALL[0]; 5];
        for (i, name) in names.iter().enumerate() {
            cards[i] = Card::from_name(name).ok_or_else(|| {
                Error::option(format!(
                    "cards: '{name}' (position {}) is not a card (cards: {})",
                    i + 1,
                    Card::ALL.map(Card::name).join(", ")
                ))
            })?;
        }
        CardSet::new(cards)
    }

    /// The five cards in table order (slot order).
    pub fn cards(&self) -> [Card; 5] {
        self.cards
    }

    /// The card in `slot`.
    pub fn card(&self, slot: u8) -> Card {
        self.cards[slot as usize]
    }

    /// The slot of `card`, if it belongs to the set.
    pub fn slot(&self, card: Card) -> Option<u8> {
        self.cards.iter().position(|&c| c == card).map(|s| s as u8)
    }

    /// The names joined by `,` in table order.
    pub fn names(&self) -> String {
        self.cards.map(Card::name).join(",")
    }

    /// The distribution of a position's cards, if they are this set.
    pub fn distribution(&self, state: &Onitama) -> Option<usize> {
        let mut red = 0u8;
        for c in state.hand(Color::Red) {
            red |= 1 << self.slot(c)?;
        }
        for c in state.hand(Color::Blue) {
            self.slot(c)?;
        }
        let side = self.slot(state.side_card())?;
        Some(index_of(red, side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_are_distinct_and_next_keeps_the_cards() {
        for (i, a) in DISTS.iter().enumerate() {
            let all = (1 << a.hands[0][0])
                | (1 << a.hands[0][1])
                | (1 << a.hands[1][0])
                | (1 << a.hands[1][1])
                | (1 << a.side);
            assert_eq!(all, 0b11111);
            assert!(DISTS[..i].iter().all(|b| b != a));
            for side in 0..2 {
                for k in 0..2 {
                    let n = &DISTS[NEXT[i][side][k] as usize];
                    assert_eq!(n.side, a.hands[side][k]);
                    assert_eq!(n.hands[1 - side], a.hands[1 - side]);
                    assert!(n.hands[side].contains(&a.side));
                    assert!(n.hands[side].contains(&a.hands[side][1 - k]));
                }
            }
        }
    }
}
