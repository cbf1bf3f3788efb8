//! The symmetries of Onitama deals. Cards are read from the holder's view, so turning the board
//! half a turn and swapping the colours (and the hands, and the side to move) gives the same game;
//! so does a left-right mirror of the board when every card is replaced by its mirror image
//! (frog/rabbit, goose/rooster, horse/ox, eel/cobra are mirror pairs; the other eight cards are
//! their own mirror images). A deal's start position fixes who moves first by the side card's
//! stamp, and the stamps of a mirror pair differ, so:
//! - if the side card is symmetric, the left-right mirror of the deal is a deal with the same
//!   side to move and the same value;
//! - otherwise the mirror *with* the colour swap is: Red's hand becomes the mirror of Blue's and
//!   vice versa, and the other colour moves first (the mirrored side card's stamp).
//!
//! Each deal thus has exactly one partner (possibly itself), and [`partner`] gives it.

use crate::games::onitama::{Card, Color, Deal, Move, Square};

/// The card whose offsets are this card's mirrored left-right.
pub fn mirror_card(card: Card) -> Card {
    let mut want: Vec<(i8, i8)> = card.offsets().iter().map(|&(dx, dy)| (-dx, dy)).collect();
    want.sort();
    Card::ALL
        .into_iter()
        .find(|c| {
            let mut o = c.offsets().to_vec();
            o.sort();
            o == want
        })
        .expect("every card's mirror image is a card")
}

/// Whether a card is its own mirror image.
pub fn is_symmetric(card: Card) -> bool {
    mirror_card(card) == card
}

/// How a deal maps to its partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Map {
    /// Left-right mirror (the side card is symmetric).
    Mirror,
    /// Left-right mirror and colour swap (the side card is not symmetric).
    MirrorSwap,
}

/// Sorts a hand into table order (as positions print it).
fn sorted(mut hand: [Card; 2]) -> [Card; 2] {
    hand.sort();
    hand
}

/// The deal's partner under the symmetry, and the map.
pub fn partner(deal: &Deal) -> (Deal, Map) {
    let m = |h: [Card; 2]| sorted(h.map(mirror_card));
    if is_symmetric(deal.side) {
        (
            Deal {
                red: m(deal.red),
                blue: m(deal.blue),
                side: deal.side,
            },
            Map::Mirror,
        )
    } else {
        (
            Deal {
                red: m(deal.blue),
                blue: m(deal.red),
                side: mirror_card(deal.side),
            },
            Map::MirrorSwap,
        )
    }
}

/// A square under the map: the mirror flips files; mirror and colour swap together flip ranks
/// (half a turn, then the mirror).
pub fn map_square(sq: Square, map: Map) -> Square {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    match map {
        Map::Mirror => Square::try_new(4 - f, r),
        Map::MirrorSwap => Square::try_new(f, 4 - r),
    }
    .expect("the board maps onto itself")
}

/// A move under the map (its card mirrored, its squares mapped).
pub fn map_move(mv: Move, map: Map) -> Move {
    let card = mirror_card(mv.card());
    match (mv.from(), mv.to()) {
        (Some(from), Some(to)) => Move::new(card, map_square(from, map), map_square(to, map)),
        _ => Move::pass(card),
    }
}

/// The colour under the map.
pub fn map_color(c: Color, map: Map) -> Color {
    match map {
        Map::Mirror => c,
        Map::MirrorSwap => !c,
    }
}

/// A total order key of a deal (card numbers in option order), for picking a class's
/// representative.
pub fn deal_key(deal: &Deal) -> [usize; 5] {
    let mut d = *deal;
    d.red = sorted(d.red);
    d.blue = sorted(d.blue);
    d.cards().map(Card::index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_pairs() {
        let name = |n: &str| Card::from_name(n).unwrap();
        for (a, b) in [
            ("frog", "rabbit"),
            ("goose", "rooster"),
            ("horse", "ox"),
            ("eel", "cobra"),
        ] {
            assert_eq!(mirror_card(name(a)), name(b));
            assert_eq!(mirror_card(name(b)), name(a));
            assert_ne!(name(a).stamp(), name(b).stamp());
        }
        assert_eq!(Card::ALL.iter().filter(|&&c| is_symmetric(c)).count(), 8);
    }
}
