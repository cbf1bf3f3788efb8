//! Onitama's own perft ([`crate::game::Game::perft`]): moves are made straight into child
//! positions on the stack, one card exchange per card and a few bit operations per move, in the
//! order of the legal move list, with no move list and no hash. The generic perft, which goes
//! through the move list and `play`, gives the same counts (the tests compare them).

use std::hint::black_box;

use super::board::Bitboard;
use super::cards::{ROW, TARGETS};
use super::color::Color;
use super::moves::Move;
use super::Onitama;

impl Onitama {
    /// Calls `f` with every legal move and the position after it, in the order of the legal move
    /// list. The card exchange is done once per card; each jump then sets four bitboards.
    #[inline(always)]
    pub(super) fn children(&self, f: impl FnMut(Move, &Onitama)) {
        match self.to_move {
            Color::Red => self.children_of::<0>(f),
            Color::Blue => self.children_of::<1>(f),
        }
    }

    /// [`Onitama::children`] for the colour with index `US` to move, so that every array index
    /// is a constant and each child is built in registers.
    #[inline(always)]
    fn children_of<const US: usize>(&self, mut f: impl FnMut(Move, &Onitama)) {
        let them = US ^ 1;
        let own = self.pieces[US].0;
        let enemy = self.pieces[them].0;
        let (master, enemy_master) = (self.masters[US].0, self.masters[them].0);
        let free = !own & Bitboard::FULL.0;
        let mut jumps = 0;
        for card in self.hands[US] {
            let mut base = *self;
            base.pass_cards_of(US, card);
            let table = &TARGETS[US][card.slot()];
            let mut pawns = own;
            while pawns != 0 {
                let from = pawns.trailing_zeros() as usize & (ROW - 1);
                let from_bb = pawns & pawns.wrapping_neg();
                pawns &= pawns - 1;
                let rest = own ^ from_bb;
                let moving_master = master == from_bb;
                let mut targets = table[from] & free;
                jumps |= targets;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    let to_bb = targets & targets.wrapping_neg();
                    targets &= targets - 1;
                    let mut pieces = [Bitboard::EMPTY; 2];
                    let mut masters = [Bitboard::EMPTY; 2];
                    pieces[US] = Bitboard(rest | to_bb);
                    pieces[them] = Bitboard(enemy & !to_bb);
                    masters[US] = Bitboard(if moving_master { to_bb } else { master });
                    masters[them] = Bitboard(enemy_master & !to_bb);
                    let child = Onitama {
                        pieces,
                        masters,
                        ..base
                    };
                    f(Move::from_raw(card, from, to), &child);
                }
            }
        }
        if jumps == 0 {
            for card in self.hands[US] {
                let mut child = *self;
                child.pass_cards_of(US, card);
                f(Move::pass(card), &child);
            }
        }
    }
}

/// The leaves below `state` to `depth` plies; `make_leaves` makes every leaf move, else the last
/// ply's moves are counted.
pub(super) fn perft(state: &Onitama, depth: u32, make_leaves: bool) -> u64 {
    if depth == 0 || state.is_terminal() {
        return 1;
    }
    if make_leaves {
        below::<false>(state, depth)
    } else {
        below::<true>(state, depth)
    }
}

/// The leaves below a position that is not over, `depth >= 1` plies deep.
fn below<const BULK: bool>(state: &Onitama, depth: u32) -> u64 {
    if depth == 1 {
        return last_ply::<BULK>(state);
    }
    let mut total = 0;
    if depth == 2 {
        state.children(|_, child| {
            total += if child.is_terminal() {
                1
            } else {
                last_ply::<BULK>(child)
            };
        });
    } else {
        state.children(|_, child| {
            total += if child.is_terminal() {
                1
            } else {
                below::<BULK>(child, depth - 1)
            };
        });
    }
    total
}

/// The leaves one ply below a position that is not over: its moves counted (`BULK`), or each
/// made into a child position that is kept in memory (`black_box`, so the optimiser cannot drop
/// the making) and counted.
#[inline(always)]
fn last_ply<const BULK: bool>(state: &Onitama) -> u64 {
    if BULK {
        return state.count();
    }
    let mut n = 0;
    state.children(|_, child| {
        black_box(child);
        n += 1;
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn children_are_the_moves_played_in_order() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut checked = 0;
        for game in 0..100 {
            let deal = super::super::Deal::random(game);
            let mut state = Onitama::from_deal(&deal, 300);
            let mut moves = Vec::new();
            while !state.is_terminal() {
                moves.clear();
                state.legal_moves(&mut moves);
                let mut listed = Vec::new();
                state.children(|m, child| listed.push((m, *child)));
                let played: Vec<(Move, Onitama)> = moves
                    .iter()
                    .map(|&m| {
                        let mut c = state;
                        c.play(m);
                        (m, c)
                    })
                    .collect();
                assert_eq!(listed, played);
                checked += 1;
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                state.play(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 1000);
    }
}
