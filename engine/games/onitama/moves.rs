//! Moves and move generation: the small `Copy` move type, the legal moves into a caller's buffer,
//! and the bulk count perft uses at its last ply (popcounts of precomputed target masks).

use super::board::{Bitboard, Square};
use super::cards::{Card, ROW, TARGETS};
use super::color::Color;
use super::Onitama;
use crate::game::Quiescence;

/// The `from`/`to` value that marks a pass (no square has it).
const PASS: u8 = 25;

/// A move: a card and a jump `from -> to`, or a pass that gives the card away. Three bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    card: Card,
    from: u8,
    to: u8,
}

impl Move {
    /// The jump of a pawn from `from` to `to` shown on `card`.
    #[inline(always)]
    pub const fn new(card: Card, from: Square, to: Square) -> Move {
        Move {
            card,
            from: from.index() as u8,
            to: to.index() as u8,
        }
    }

    /// The jump `from -> to` with `card` from raw square indices (both below 25).
    #[inline(always)]
    pub(super) const fn from_raw(card: Card, from: usize, to: usize) -> Move {
        Move {
            card,
            from: from as u8,
            to: to as u8,
        }
    }

    /// The pass that gives `card` away (only legal when no jump is).
    pub const fn pass(card: Card) -> Move {
        Move {
            card,
            from: PASS,
            to: PASS,
        }
    }

    /// The card used (or given away by a pass).
    #[inline(always)]
    pub const fn card(self) -> Card {
        self.card
    }

    /// Whether this is a pass.
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.from == PASS
    }

    /// The square the pawn leaves (`None` for a pass).
    pub const fn from(self) -> Option<Square> {
        Square::from_index(self.from as usize)
    }

    /// The square the pawn lands on (`None` for a pass).
    pub const fn to(self) -> Option<Square> {
        Square::from_index(self.to as usize)
    }

    /// The raw square indices, for `play` (meaningless for a pass).
    #[inline(always)]
    pub(super) const fn raw(self) -> (usize, usize) {
        (self.from as usize, self.to as usize)
    }
}

/// At most 5 pawns, 4 targets per card, 2 cards.
pub const MAX_MOVES: usize = 40;

impl Onitama {
    /// Appends the legal moves: for each card in hand (table order), each pawn (a1 first), each
    /// target (a1 first); or the two passes when there is no jump. Nothing at a terminal state.
    /// The moves are listed on the stack and copied out at once, which measured fewer
    /// instructions than pushing them one by one.
    #[inline]
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        if self.is_terminal() {
            return;
        }
        let us = self.meta.to_move().index();
        let own = self.pieces[us].0;
        let hand = self.meta.hand(us);
        let mut buf = [Move::pass(hand[0]); MAX_MOVES];
        let mut n = 0;
        for card in hand {
            n = jumps_onto(&mut buf, n, card, &TARGETS[us][card.slot()], own, !own);
        }
        if n == 0 {
            buf[0] = Move::pass(hand[0]);
            buf[1] = Move::pass(hand[1]);
            n = 2;
        }
        out.extend_from_slice(&buf[..n]);
    }

    /// The number of legal moves, without listing them. Per pawn, both cards' target masks sit
    /// side by side in a `u64`, so one popcount (hardware in the x86-64-v2 build) counts both.
    #[inline]
    pub(super) fn count(&self) -> u64 {
        if self.is_terminal() {
            return 0;
        }
        let us = self.meta.to_move().index();
        let own = self.pieces[us].0;
        let free = u64::from(!own & Bitboard::FULL.0);
        let free = free | free << 32;
        let t0 = &TARGETS[us][self.meta.hand(us)[0].slot()];
        let t1 = &TARGETS[us][self.meta.hand(us)[1].slot()];
        let mut bits = own;
        let mut n = 0;
        // Always five rounds, no loop branch: once the pawns run out the index is 32, an empty
        // row.
        for _ in 0..5 {
            let sq = (bits.trailing_zeros() & (ROW as u32 - 1)) as usize;
            bits &= bits.wrapping_sub(1);
            n += ((u64::from(t0[sq]) | u64::from(t1[sq]) << 32) & free).count_ones();
        }
        let n = u64::from(n);
        // No jump: the two passes.
        n + (u64::from(n == 0) << 1)
    }

    /// Whether `side`, were it to move, could win at once with the two cards it holds: a jump
    /// onto the enemy master, or its master onto the free enemy temple arch. The cards a side
    /// holds do not change on the opponent's move, so this is also the threat `side` poses
    /// after any enemy move that leaves the pawns involved in place.
    #[inline]
    pub(super) fn wins_next(&self, side: Color) -> bool {
        let s = side.index();
        let [a, b] = self.meta.hand(s);
        // A card's jumps for one side are the other side's jumps reversed, so the squares from
        // which `side` reaches `to` are the other side's targets from `to`.
        let (ra, rb) = (&TARGETS[s ^ 1][a.slot()], &TARGETS[s ^ 1][b.slot()]);
        // A captured master's row (32) and an occupied arch's are empty: nothing reaches them.
        let master = self.masters[s ^ 1].0.trailing_zeros() as usize & (ROW - 1);
        let hit_master = (ra[master] | rb[master]) & self.pieces[s].0;
        let goal = super::temple_of(!side).0;
        let arch = if self.pieces[s].0 & goal == 0 {
            goal.trailing_zeros() as usize
        } else {
            32
        };
        let onto_arch = (ra[arch] | rb[arch]) & self.masters[s].0;
        hit_master | onto_arch != 0
    }

    /// Whether `mv` wins at once for the side to move: it captures the enemy master, or it
    /// brings the mover's master onto the enemy temple arch.
    #[inline]
    pub(super) fn wins_with(&self, mv: Move) -> bool {
        // A pass has both squares 25, off the board: no piece stands there.
        let (from, to) = mv.raw();
        let (from_bb, to_bb) = (1u32 << (from & 31), 1u32 << (to & 31));
        let u = self.meta.to_move().index();
        let captures_master = to_bb & self.masters[u ^ 1].0 != 0;
        let master_home = from_bb & self.masters[u].0 != 0 && to_bb == super::temple_of(!self.meta.to_move()).0;
        captures_master || master_home
    }

    /// The moves quiescence search plays on (see [`crate::game::Game::noisy_moves`]): a
    /// winning move when there is one; every move that stops the opponent's win-in-one when it
    /// has one (no standing pat then); else the captures.
    pub(super) fn noisy(&self, out: &mut Vec<Move>) -> Quiescence {
        let us = self.meta.to_move();
        if self.wins_next(us) {
            let start = out.len();
            self.generate(out);
            let win = out[start..]
                .iter()
                .copied()
                .find(|&m| self.wins_with(m));
            out.truncate(start);
            out.extend(win);
            return Quiescence::StandPat;
        }
        if self.wins_next(!us) {
            let start = out.len();
            self.generate(out);
            let mut keep = start;
            for i in start..out.len() {
                let mut child = *self;
                child.make(out[i]);
                if !child.wins_next(!us) {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
            return Quiescence::Threatened;
        }
        let u = us.index();
        let (own, prey) = (self.pieces[u].0, self.pieces[u ^ 1].0);
        let hand = self.meta.hand(u);
        let mut buf = [Move::pass(hand[0]); MAX_MOVES];
        let mut n = 0;
        for card in hand {
            n = jumps_onto(&mut buf, n, card, &TARGETS[u][card.slot()], own, prey);
        }
        out.extend_from_slice(&buf[..n]);
        Quiescence::StandPat
    }
}

/// Writes into `buf` from `n` on the jumps with `card` (its target rows `table`) of the pawns
/// `own` onto the squares `onto`, pawn by pawn (a1 first), target by target (a1 first); returns
/// the new count (at most [`MAX_MOVES`]: five pawns, two cards, four jumps a card).
#[inline(always)]
fn jumps_onto(
    buf: &mut [Move; MAX_MOVES],
    mut n: usize,
    card: Card,
    table: &[u32; ROW],
    own: u32,
    onto: u32,
) -> usize {
    let mut pawns = own;
    while pawns != 0 {
        let from = pawns.trailing_zeros() as usize;
        pawns &= pawns - 1;
        let mut targets = table[from & (ROW - 1)] & onto;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            buf[n] = Move::from_raw(card, from, to);
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::super::{Deal, Onitama};
    use crate::game::Game;

    /// `wins_with` says of every legal move in random games what playing it does: the game
    /// ends with the mover the winner.
    #[test]
    fn wins_with_is_a_move_that_wins() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut wins, mut moves) = (0, Vec::new());
        for game in 0..200 {
            let mut state = Onitama::from_deal(&Deal::random(game), 300);
            while !state.is_terminal() {
                moves.clear();
                state.legal_moves(&mut moves);
                for &m in &moves {
                    let mut child = state;
                    child.play(m);
                    let won = child.winner() == Some(state.to_move());
                    assert_eq!(state.wins_with(m), won, "{} in {}", state.move_notation(m), state.notation());
                    wins += usize::from(won);
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                state.play(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(wins > 100, "only {wins} winning moves met");
    }
}
