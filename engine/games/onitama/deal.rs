//! Deals: which five cards are in play and where they start. From the `cards` option (five names),
//! from a `seed` (five distinct cards at random), or the default deal.

use rand::RngExt;

use super::cards::{Card, CARD_COUNT};
use crate::error::Error;
use crate::options::GameOptions;
use crate::random::rng;

/// Five distinct cards: Red's two, Blue's two and the side card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    /// Red's hand.
    pub red: [Card; 2],
    /// Blue's hand.
    pub blue: [Card; 2],
    /// The card beside the board; its stamp says who starts.
    pub side: Card,
}

/// The deal used when neither `cards` nor `seed` is given: Red horse and elephant, Blue ox and
/// boar, crab aside (crab's stamp is blue, so Blue starts). It is the deal of the perft speed
/// benchmark that public Onitama engines report, so counts and speeds compare directly.
pub const DEFAULT_DEAL: Deal = Deal {
    red: [Card::ALL[10], Card::ALL[5]],
    blue: [Card::ALL[14], Card::ALL[7]],
    side: Card::ALL[1],
};

/// What each of the five places of a deal is, for error messages.
const PLACES: [&str; 5] = [
    "Red's first card",
    "Red's second card",
    "Blue's first card",
    "Blue's second card",
    "the side card",
];

impl Deal {
    /// The five cards in option order.
    pub fn cards(&self) -> [Card; 5] {
        [
            self.red[0],
            self.red[1],
            self.blue[0],
            self.blue[1],
            self.side,
        ]
    }

    /// A deal from five cards in option order, if they are distinct.
    pub fn from_cards(cards: [Card; 5]) -> Option<Deal> {
        for i in 0..5 {
            if cards[i + 1..].contains(&cards[i]) {
                return None;
            }
        }
        Some(Deal {
            red: [cards[0], cards[1]],
            blue: [cards[2], cards[3]],
            side: cards[4],
        })
    }

    /// Reads the `cards` option: five names joined by `,` (or `+`, for option lists that are
    /// themselves split at commas), in any case.
    pub fn parse(text: &str) -> Result<Deal, Error> {
        let names: Vec<&str> = text.split([',', '+']).map(str::trim).collect();
        if names.len() != 5 {
            return Err(Error::option(format!(
                "cards='{text}' names {} card(s); it needs 5: Red's two, Blue's two, then the side card",
                names.len()
            )));
        }
        let mut cards = [Card::ALL[0]; 5];
        for (i, name) in names.iter().enumerate() {
            let card = Card::from_name(name).ok_or_else(|| {
                Error::option(format!(
                    "cards: '{name}' ({}, position {} in the list) is not a card (cards: {})",
                    PLACES[i],
                    i + 1,
                    Card::ALL.map(Card::name).join(", ")
                ))
            })?;
            if let Some(j) = cards[..i].iter().position(|&c| c == card) {
                return Err(Error::option(format!(
                    "cards: '{name}' at position {} repeats position {}; the five cards must differ",
                    i + 1,
                    j + 1
                )));
            }
            cards[i] = card;
        }
        Ok(Deal::from_cards(cards).expect("distinct cards were checked"))
    }

    /// Five distinct cards at random from `seed` (a partial Fisher-Yates shuffle of the 16).
    pub fn random(seed: u64) -> Deal {
        let mut rng = rng(seed);
        let mut all = Card::ALL;
        for i in 0..5 {
            let j = rng.random_range(i..CARD_COUNT);
            all.swap(i, j);
        }
        Deal::from_cards([all[0], all[1], all[2], all[3], all[4]]).expect("a shuffle is distinct")
    }

    /// The deal the options ask for: `cards`, `seed`, or the default; not both.
    pub fn from_options(options: &GameOptions) -> Result<Deal, Error> {
        let seed = options.get_u64("seed")?;
        match (options.get("cards"), seed) {
            (Some(_), Some(_)) => Err(Error::option(
                "give either cards or seed, not both".to_string(),
            )),
            (Some(text), None) => Deal::parse(text),
            (None, Some(seed)) => Ok(Deal::random(seed)),
            (None, None) => Ok(DEFAULT_DEAL),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_deal_names() {
        let names = DEFAULT_DEAL.cards().map(Card::name);
        assert_eq!(names, ["horse", "elephant", "ox", "boar", "crab"]);
    }

    #[test]
    fn plus_separates_cards_too() {
        assert_eq!(Deal::parse("horse+elephant+ox+boar+crab"), Ok(DEFAULT_DEAL));
    }

    #[test]
    fn random_deals_differ_by_seed() {
        assert_eq!(Deal::random(7), Deal::random(7));
        assert!((0..10).any(|s| Deal::random(s) != Deal::random(s + 1)));
    }
}
