//! The static evaluation and the move-ordering hint. Weights are named constants so they can be
//! tuned; the evaluation is a few dozen table lookups and bit operations, no move list is built.

use super::bitboard::{Bitboard, Square};
use super::cards::{ROW, TARGETS};
use super::color::Color;
use super::movegen::Move;
use super::Onitama;
use crate::game::EVAL_LIMIT;

/// A student on the board.
pub const STUDENT: i32 = 100;
/// The side to move can win at once (capture the master or step onto the temple arch).
pub const WIN_IN_ONE: i32 = 3_000;
/// The opponent threatens to win next move (its hand attacks our master, or its master can
/// reach our temple arch): we must spend the move answering.
pub const THREATENED: i32 = 60;
/// Per step (king distance) the master is nearer the enemy temple arch than the opponent's is
/// to ours.
pub const MASTER_ADVANCE: i32 = 8;
/// Per jump available with the two cards in hand (own pawns excluded).
pub const MOBILITY_HAND: i32 = 3;
/// Per jump available with the side card, the card the side to move receives next.
pub const MOBILITY_SIDE: i32 = 1;
/// Per own student the opponent's hand attacks.
pub const STUDENT_ATTACKED: i32 = 12;

/// The move-ordering hint of a winning move (master capture or temple arch).
pub const HINT_WIN: i32 = 1_000;
/// The move-ordering hint of a student capture.
pub const HINT_CAPTURE: i32 = 100;

/// The temple arch `side` must reach with its master.
const fn goal(side: Color) -> Square {
    match side {
        Color::Red => Square::C5,
        Color::Blue => Square::C1,
    }
}

/// What one side's cards do: the squares its hand attacks, and its jump counts.
struct Reach {
    attacks: Bitboard,
    hand_jumps: i32,
    side_jumps: i32,
}

/// One pass over the pawns of `side`: each loads its three masks (two hand cards, side card).
#[inline(always)]
fn reach(state: &Onitama, side: Color) -> Reach {
    let s = side.index();
    let own = state.pieces[s];
    let free = (!own).0;
    let [a, b] = state.hands[s];
    let (ta, tb, tc) = (
        &TARGETS[s][a.slot()],
        &TARGETS[s][b.slot()],
        &TARGETS[s][state.side_card.slot()],
    );
    let (mut attacks, mut hand_jumps, mut side_jumps) = (0u32, 0u32, 0u32);
    for from in own {
        let i = from.index() & (ROW - 1);
        let (x, y, z) = (ta[i] & free, tb[i] & free, tc[i] & free);
        attacks |= x | y;
        hand_jumps += x.count_ones() + y.count_ones();
        side_jumps += z.count_ones();
    }
    Reach {
        attacks: Bitboard(attacks),
        hand_jumps: hand_jumps as i32,
        side_jumps: side_jumps as i32,
    }
}

/// King distance from the master of `side` to its goal (4, the most, once captured).
fn goal_distance(state: &Onitama, side: Color) -> i32 {
    let target = goal(side);
    state.master(side).map_or(4, |m| {
        let df = (i32::from(m.file()) - i32::from(target.file())).abs();
        let dr = (i32::from(m.rank()) - i32::from(target.rank())).abs();
        df.max(dr)
    })
}

/// Whether `side` could win with its hand if it were to move: its attacks reach the enemy
/// master, or its master can step onto the free enemy temple arch.
fn threatens_win(state: &Onitama, side: Color, attacks: Bitboard) -> bool {
    let enemy_master = state.masters[(!side).index()];
    if !(attacks & enemy_master).is_empty() {
        return true;
    }
    let target = goal(side);
    match state.master(side) {
        Some(m) if !state.pieces(side).has(target) => state
            .hand(side)
            .iter()
            .any(|c| c.targets(side, m).has(target)),
        _ => false,
    }
}

/// The evaluation from `seat`'s view, in `-EVAL_LIMIT..=EVAL_LIMIT` (the limits only at a won or
/// lost position).
pub fn evaluate(state: &Onitama, seat: Color) -> i32 {
    if let Some(w) = state.winner() {
        return if w == seat { EVAL_LIMIT } else { -EVAL_LIMIT };
    }
    let mover = state.to_move();
    let waiter = !mover;
    let ours = reach(state, mover);
    let theirs = reach(state, waiter);
    let mut score = if threatens_win(state, mover, ours.attacks) {
        WIN_IN_ONE
    } else if threatens_win(state, waiter, theirs.attacks) {
        -THREATENED
    } else {
        0
    };
    let students = |c: Color| state.students(c).len() as i32;
    score += STUDENT * (students(mover) - students(waiter));
    score += MASTER_ADVANCE * (goal_distance(state, waiter) - goal_distance(state, mover));
    score += MOBILITY_HAND * (ours.hand_jumps - theirs.hand_jumps);
    score += MOBILITY_SIDE * (ours.side_jumps - theirs.side_jumps);
    score += STUDENT_ATTACKED
        * ((ours.attacks & state.students(waiter)).len() as i32
            - (theirs.attacks & state.students(mover)).len() as i32);
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
    if state.master(them) == Some(to) || (state.master(us) == Some(from) && to == goal(us)) {
        HINT_WIN
    } else if state.pieces(them).has(to) {
        HINT_CAPTURE
    } else {
        0
    }
}
