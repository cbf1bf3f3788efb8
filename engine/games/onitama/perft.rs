//! Onitama's own perft ([`crate::game::Game::perft`]): moves are made straight into child
//! positions on the stack, one card exchange per card and a few bit operations per move, with no
//! move list and no hash. With `make_leaves` every leaf position is written out in full (as a
//! search would get it from `play`) into an array, as a perft that makes its leaves does;
//! otherwise the last ply is a popcount. The generic perft, which goes
//! through the move list and `play`, gives the same counts (the tests compare them).

use std::hint::black_box;

use super::board::Bitboard;
use super::cards::{ROW, TARGETS};
use super::color::Color;
use super::moves::Move;
use super::Onitama;

impl Onitama {
    /// Calls `f` with every legal move and the position after it: pawn by pawn (a1 first), for
    /// each the first card's jumps then the second's, or the two passes when there is no jump.
    /// The same moves as the legal move list, in another order (the list goes card by card).
    /// The card exchange is done once per card; each jump then sets four bitboards.
    #[inline(always)]
    pub(super) fn children(&self, f: impl FnMut(Move, &Onitama)) {
        match self.meta.to_move() {
            Color::Red => self.children_of::<0>(f),
            Color::Blue => self.children_of::<1>(f),
        }
    }

    /// [`Onitama::children`] for the colour with index `US` to move, so that every array index
    /// is a constant and each child is built in registers.
    #[inline(always)]
    fn children_of<const US: usize>(&self, mut f: impl FnMut(Move, &Onitama)) {
        let own = self.pieces[US].0;
        let free = !own & Bitboard::FULL.0;
        let cards = self.meta.hand(US);
        let bases = cards.map(|card| {
            let mut base = *self;
            base.pass_cards_of(US, card);
            base
        });
        let tables = cards.map(|card| &TARGETS[US][card.slot()]);
        let mut jumps = 0;
        let mut pawns = own;
        while pawns != 0 {
            let from = pawns.trailing_zeros() as usize & (ROW - 1);
            let from_bb = pawns & pawns.wrapping_neg();
            pawns &= pawns - 1;
            for k in 0..2 {
                let targets = tables[k][from] & free;
                jumps |= targets;
                self.jumps_of::<US>(&bases[k], from_bb, targets, |to, child| {
                    f(Move::from_raw(cards[k], from, to), child)
                });
            }
        }
        if jumps == 0 {
            for card in cards {
                let mut child = *self;
                child.pass_cards_of(US, card);
                f(Move::pass(card), &child);
            }
        }
    }

    /// The children of the jumps of the pawn on `from_bb` to each square of `targets`, on top of
    /// `base` (this position with the card exchanged), given to `f` with the target's index.
    #[inline(always)]
    fn jumps_of<const US: usize>(
        &self,
        base: &Onitama,
        from_bb: u32,
        mut targets: u32,
        mut f: impl FnMut(usize, &Onitama),
    ) {
        let them = US ^ 1;
        let rest = self.pieces[US].0 ^ from_bb;
        let (enemy, master, enemy_master) =
            (self.pieces[them].0, self.masters[US].0, self.masters[them].0);
        let moving_master = master == from_bb;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            let to_bb = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let mut child = *base;
            child.pieces[US] = Bitboard(rest | to_bb);
            child.pieces[them] = Bitboard(enemy & !to_bb);
            child.masters[US] = Bitboard(if moving_master { to_bb } else { master });
            child.masters[them] = Bitboard(enemy_master & !to_bb);
            f(to, &child);
        }
    }
}

/// Where the last ply's children are made: room for the most moves a position has, rounded up
/// to a power of two so an index masked with `& (KIDS - 1)` needs no bounds check.
const KIDS: usize = 64;

/// The leaves below `state` to `depth` plies; `make_leaves` makes every leaf move, else the last
/// ply's moves are counted.
pub(super) fn perft(state: &Onitama, depth: u32, make_leaves: bool) -> u64 {
    if depth == 0 || state.is_terminal() {
        return 1;
    }
    let mut kids = [*state; KIDS];
    // Making every leaf gains from BMI (perft 8 of deal A: 5.0 CPU s without, 4.4 with); bulk
    // counting measured a little slower with it, so it keeps the default code.
    #[cfg(target_arch = "x86_64")]
    if make_leaves
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: `below_bmi` is compiled for BMI1 and BMI2 only, and the processor was just
        // found to have both.
        return unsafe { below_bmi(state, depth, make_leaves, &mut kids) };
    }
    below_any(state, depth, make_leaves, &mut kids)
}

/// Defines the recursion of [`perft`] as a function `$name`, optionally compiled for extra
/// processor features: the same code twice, so the default build still runs on any x86-64 and a
/// processor with BMI (bit-manipulation instructions: one instruction for `x & -x`, `x & (x-1)`,
/// `a & !b`) gets them in the hot loops.
macro_rules! recursion {
    ($name:ident, $inner:ident $(, $features:literal)?) => {
        /// The leaves below a position that is not over, `depth >= 1` plies deep, by the method
        /// `make_leaves` names; `kids` is room for the last ply's children.
        $(#[target_feature(enable = $features)])?
        fn $name(state: &Onitama, depth: u32, make_leaves: bool, kids: &mut [Onitama; KIDS]) -> u64 {
            if make_leaves {
                $inner::<false>(state, depth, kids)
            } else {
                $inner::<true>(state, depth, kids)
            }
        }

        /// [`perft`]'s recursion below a position that is not over, `depth >= 1`.
        $(#[target_feature(enable = $features)])?
        fn $inner<const BULK: bool>(state: &Onitama, depth: u32, kids: &mut [Onitama; KIDS]) -> u64 {
            if depth == 1 {
                return last_ply::<BULK>(state, kids);
            }
            let mut total = 0;
            if depth == 2 {
                state.children(|_, child| {
                    total += if child.is_terminal() {
                        1
                    } else {
                        last_ply::<BULK>(child, kids)
                    };
                });
            } else {
                state.children(|_, child| {
                    total += if child.is_terminal() {
                        1
                    } else {
                        $inner::<BULK>(child, depth - 1, kids)
                    };
                });
            }
            total
        }
    };
}

recursion!(below_any, below_any_inner);
#[cfg(target_arch = "x86_64")]
recursion!(below_bmi, below_bmi_inner, "bmi1,bmi2");

/// The leaves one ply below a position that is not over: its moves counted (`BULK`), or each
/// made into a full child position in `kids`, which is then handed to `black_box` (so the
/// optimiser cannot drop the making), and counted.
#[inline(always)]
fn last_ply<const BULK: bool>(state: &Onitama, kids: &mut [Onitama; KIDS]) -> u64 {
    if BULK {
        return state.count();
    }
    let mut n = 0;
    state.children(|_, child| {
        kids[n & (KIDS - 1)] = *child;
        n += 1;
    });
    black_box(&kids[..n]);
    n as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn children_are_the_moves_played() {
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
                let mut played: Vec<(Move, Onitama)> = moves
                    .iter()
                    .map(|&m| {
                        let mut c = state;
                        c.play(m);
                        (m, c)
                    })
                    .collect();
                // The same moves in another order: sorted by card, from and to alike.
                let key = |(m, _): &(Move, Onitama)| (m.card(), m.from(), m.to());
                listed.sort_by_key(key);
                played.sort_by_key(key);
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
