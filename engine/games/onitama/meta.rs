//! Everything of a position but the board, packed in one `u64`: the four hand cards and the side
//! card (four bits each), the side to move and the ply limit. One word is one store when a move
//! is made into a child position, and its card exchange is a few shifts.

use super::cards::Card;
use super::color::Color;

/// The bit of the side to move (set: Blue).
const BLUE_BIT: u32 = 20;
/// Where the ply limit starts (it fills the high 32 bits).
const LIMIT_SHIFT: u32 = 32;
/// Where the side card's four bits start.
const SIDE_SHIFT: u32 = 16;

/// The packed cards, side to move and ply limit (see the module documentation). Bits 0-7 hold
/// Red's two cards, 8-15 Blue's (each pair in table order, lower card in the low nibble), 16-19
/// the side card, bit 20 the side to move, 32-63 the ply limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Meta(u64);

impl Meta {
    /// The packed form of hands (each in table order), side card, side to move and ply limit.
    pub(super) const fn new(hands: [[Card; 2]; 2], side: Card, to_move: Color, limit: u32) -> Meta {
        let mut m = (side.slot() as u64) << SIDE_SHIFT;
        m |= (to_move as u64) << BLUE_BIT;
        m |= (limit as u64) << LIMIT_SHIFT;
        m |= Self::pair(hands[0]);
        m |= Self::pair(hands[1]) << 8;
        Meta(m)
    }

    /// A hand's byte: the first card in the low nibble.
    #[inline(always)]
    const fn pair(hand: [Card; 2]) -> u64 {
        hand[0].slot() as u64 | (hand[1].slot() as u64) << 4
    }

    /// The card in the four bits at `shift`.
    #[inline(always)]
    const fn card_at(self, shift: u32) -> Card {
        Card::from_slot((self.0 >> shift) as usize)
    }

    /// The two cards of the colour with index `c`, in table order.
    #[inline(always)]
    pub(super) const fn hand(self, c: usize) -> [Card; 2] {
        let shift = 8 * (c as u32 & 1);
        [self.card_at(shift), self.card_at(shift + 4)]
    }

    /// The card beside the board.
    #[inline(always)]
    pub(super) const fn side_card(self) -> Card {
        self.card_at(SIDE_SHIFT)
    }

    /// The colour to move.
    #[inline(always)]
    pub(super) const fn to_move(self) -> Color {
        Color::from_index(((self.0 >> BLUE_BIT) & 1) as usize)
    }

    /// Plies after which a played game is a draw.
    #[inline(always)]
    pub(super) const fn ply_limit(self) -> u32 {
        (self.0 >> LIMIT_SHIFT) as u32
    }

    /// After a move of the colour with index `us` with `used`: that card goes beside the board,
    /// the side card joins the hand (in table order), and the turn passes.
    #[inline(always)]
    pub(super) fn pass_cards(self, us: usize, used: Card) -> Meta {
        let [a, b] = self.hand(us);
        let kept = if a == used { b } else { a };
        let hand = super::sorted(kept, self.side_card());
        let shift = 8 * (us as u32 & 1);
        let mut m = self.0 & !(0xff << shift) & !(0xf << SIDE_SHIFT);
        m |= Self::pair(hand) << shift | (used.slot() as u64) << SIDE_SHIFT;
        Meta(m ^ 1 << BLUE_BIT)
    }
}
