//! The static evaluation and move hints. A race: each side's remaining work is estimated by the
//! cheapest assignment of its unfinished counters to free finish cells of their type (king
//! distance, which jumps can beat, so it is a guide and not a bound), and the side to move gets a
//! tempo. Setup positions evaluate to 0: nobody knows yet who will play which colour.

use super::bitboard::{row_col, Bitboard};
use super::map::TYPES;
use super::{BigBang, Move, Phase, DARK, LIGHT};
use crate::game::EVAL_LIMIT;

/// Points per cell of estimated distance.
const PER_CELL: i32 = 20;
/// Bonus of the side to move.
const TEMPO: i32 = 10;

/// King distance between two cells.
#[inline]
pub fn king_distance(a: u8, b: u8) -> i32 {
    let (ra, ca) = row_col(a);
    let (rb, cb) = row_col(b);
    (ra.abs_diff(rb)).max(ca.abs_diff(cb)) as i32
}

/// The least king distance from `cell` to any cell of `targets` (0 if there is none).
#[inline]
pub fn nearest(cell: u8, targets: Bitboard) -> i32 {
    targets
        .iter()
        .map(|t| king_distance(cell, t))
        .min()
        .unwrap_or(0)
}

/// The cheapest sum of king distances placing each counter of `counters` on its own cell of
/// `cells` (exact for small sets, the sum of nearest distances otherwise).
fn assignment(counters: &[u8], cells: &[u8]) -> i32 {
    fn best(counters: &[u8], cells: &[u8], used: u32) -> i32 {
        let Some((&first, rest)) = counters.split_first() else {
            return 0;
        };
        let mut min = i32::MAX;
        for (i, &c) in cells.iter().enumerate() {
            if used >> i & 1 == 0 {
                let cost = king_distance(first, c) + best(rest, cells, used | 1 << i);
                min = min.min(cost);
            }
        }
        if min == i32::MAX {
            0
        } else {
            min
        }
    }
    if counters.len() <= 3 && cells.len() <= 8 {
        best(counters, cells, 0)
    } else {
        let targets = cells
            .iter()
            .fold(Bitboard::EMPTY, |b, &c| b | Bitboard::from_cell(c));
        counters.iter().map(|&c| nearest(c, targets)).sum()
    }
}

/// The estimated distance of `colour` from finishing, in cells.
pub fn remaining(state: &BigBang, colour: usize) -> i32 {
    let board = state.board();
    let free = board.finish_all & !state.occupied();
    let mut total = 0;
    let mut counters = Vec::with_capacity(8);
    let mut cells = Vec::with_capacity(8);
    for t in 0..TYPES {
        let mine = state.of_type(t) & state.unfinished(colour);
        if mine.is_empty() {
            continue;
        }
        counters.clear();
        counters.extend(mine.iter());
        cells.clear();
        cells.extend((free & board.finish[t]).iter());
        total += assignment(&counters, &cells);
    }
    total
}

/// The evaluation from `seat`'s point of view.
pub fn evaluate(state: &BigBang, seat: usize) -> i32 {
    if state.phase() != Phase::Play {
        return 0;
    }
    let mut light = (remaining(state, DARK) - remaining(state, LIGHT)) * PER_CELL;
    light += if state.mover() == LIGHT {
        TEMPO
    } else {
        -TEMPO
    };
    let light = light.clamp(-EVAL_LIMIT, EVAL_LIMIT);
    if seat == state.light_seat() {
        light
    } else {
        -light
    }
}

/// Move ordering: in play, the distance gained towards the nearest free finish cell of the
/// counter's type, with finishing a counter first; in setup, counters near their finish cells.
pub fn move_hint(state: &BigBang, mv: Move) -> i32 {
    let board = state.board();
    match mv {
        Move::Go { from, to } => {
            let Some((t, _)) = state.counter_at(from) else {
                return 0;
            };
            if board.finish[t].has(to) {
                return 1000;
            }
            let free = board.finish[t] & !state.occupied();
            (nearest(from, free) - nearest(to, free)) * 10
        }
        Move::Place { counter, cell } => -nearest(cell, board.finish[counter as usize % TYPES]),
        Move::Pass | Move::Coin(_) => 0,
    }
}
