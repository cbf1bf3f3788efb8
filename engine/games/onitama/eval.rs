//! The static evaluation and the move-ordering hint. Weights are named constants so they can be
//! tuned; the evaluation is a few dozen bit operations (no move list is built).

use super::bitboard::{Bitboard, Square};
use super::cards::Card;
use super::color::Color;
use super::movegen::Move;
use super::Onitama;
use crate::game::EVAL_LIMIT;

/// A student on the board.
pub const STUDENT: i32 = 100;
/// Own master attacked by the opponent's cards when the opponent is to move (it will be taken).
pub const MASTER_LOST: i32 = 2_000;
/// Own master attacked while we are to move (we must spend the move saving it).
pub const MASTER_ATTACKED: i32 = 60;
/// The side to move can win at once (capture the master or step onto the temple arch).
pub const WIN_IN_ONE: i32 = 4_000;
/// Per step (king distance) the master is closer to the enemy temple arch than the maximum 4.
pub const MASTER_ADVANCE: i32 = 8;
/// Per jump available with the two cards in hand (own pawns excluded).
pub const MOBILITY_HAND: i32 = 3;
/// Per jump available with the side card, the card a player will receive next.
pub const MOBILITY_SIDE: i32 = 1;
/// Per student that the opponent's cards attack.
pub const STUDENT_ATTACKED: i32 = 10;

/// The move-ordering hint of a winning move (master capture or temple arch).
pub const HINT_WIN: i32 = 1_000;
/// The move-ordering hint of a student capture.
pub const HINT_CAPTURE: i32 = 100;

/// Squares the pawns of `side` attack with `card`, and the number of jumps (own pawns excluded).
#[inline(always)]
fn reach(state: &Onitama, side: Color, card: Card) -> (Bitboard, i32) {
    let own = state.pieces(side);
    let mut all = Bitboard::EMPTY;
    let mut jumps = 0;
    for from in own {
        let t = card.targets(side, from) & !own;
        all |= t;
        jumps += t.len() as i32;
    }
    (all, jumps)
}

/// One side's terms: (attacked squares with its hand, mobility score).
fn side_terms(state: &Onitama, side: Color) -> (Bitboard, i32) {
    let [a, b] = state.hand(side);
    let (ra, ja) = reach(state, side, a);
    let (rb, jb) = reach(state, side, b);
    let (_, js) = reach(state, side, state.side_card());
    (ra | rb, MOBILITY_HAND * (ja + jb) + MOBILITY_SIDE * js)
}

/// King distance from the master of `side` to the enemy temple arch (4 if captured).
fn temple_distance(state: &Onitama, side: Color) -> i32 {
    let target = if side == Color::Red {
        Square::C5
    } else {
        Square::C1
    };
    match state.master(side) {
        Some(m) => {
            let df = (i32::from(m.file()) - i32::from(target.file())).abs();
            let dr = (i32::from(m.rank()) - i32::from(target.rank())).abs();
            df.max(dr)
        }
        None => 4,
    }
}

/// Whether `side`, to move, can win at once with its hand.
fn wins_in_one(state: &Onitama, side: Color, attacked: Bitboard) -> bool {
    let enemy_master = state
        .master(!side)
        .map_or(Bitboard::EMPTY, Square::bitboard);
    if !(attacked & enemy_master).is_empty() {
        return true;
    }
    let temple = if side == Color::Red {
        Square::C5
    } else {
        Square::C1
    };
    match state.master(side) {
        Some(m) if !state.pieces(side).has(temple) => state
            .hand(side)
            .iter()
            .any(|c| c.targets(side, m).has(temple)),
        _ => false,
    }
}

/// The evaluation from `seat`'s view, in `-EVAL_LIMIT..=EVAL_LIMIT`.
pub fn evaluate(state: &Onitama, seat: Color) -> i32 {
    if let Some(w) = state.winner() {
        return if w == seat { EVAL_LIMIT } else { -EVAL_LIMIT };
    }
    let mover = state.to_move();
    let waiter = !mover;
    let (att_mover, mob_mover) = side_terms(state, mover);
    let (att_waiter, mob_waiter) = side_terms(state, waiter);
    let mut score = 0;
    if wins_in_one(state, mover, att_mover) {
        score += WIN_IN_ONE;
    } else {
        let mover_master = state
            .master(mover)
            .map_or(Bitboard::EMPTY, Square::bitboard);
        if !(att_waiter & mover_master).is_empty() {
            score -= MASTER_ATTACKED;
        }
        let waiter_master = state
            .master(waiter)
            .map_or(Bitboard::EMPTY, Square::bitboard);
        if !(att_mover & waiter_master).is_empty() {
            // Only reached when the mover cannot take it now: the waiter still has to react.
            score += MASTER_LOST / 50;
        }
    }
    score += STUDENT * (state.students(mover).len() as i32 - state.students(waiter).len() as i32);
    score += MASTER_ADVANCE
        * ((4 - temple_distance(state, mover)) - (4 - temple_distance(state, waiter)));
    score += mob_mover - mob_waiter;
    score -= STUDENT_ATTACKED * (att_waiter & state.students(mover)).len() as i32;
    score += STUDENT_ATTACKED * (att_mover & state.students(waiter)).len() as i32;
    let score = score.clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1);
    if seat == mover {
        score
    } else {
        -score
    }
}

/// Move ordering: wins first (master captures, temple arch), then captures, then the rest.
pub fn move_hint(state: &Onitama, mv: Move) -> i32 {
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return 0;
    };
    let us = state.to_move();
    let them = !us;
    let temple = if us == Color::Red {
        Square::C5
    } else {
        Square::C1
    };
    if state.master(them) == Some(to) || (state.master(us) == Some(from) && to == temple) {
        HINT_WIN
    } else if state.pieces(them).has(to) {
        HINT_CAPTURE
    } else {
        0
    }
}
