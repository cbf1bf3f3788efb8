//! The static evaluation and move hints. A race: each side's remaining work is estimated by the
//! cheapest assignment of its unfinished counters to free finish cells of their type (king
//! distance, which jumps can beat, so it is a guide and not a bound), and the side to move gets a
//! tempo. Setup positions evaluate to 0: nobody knows yet who will play which colour.

use super::board::{row_col, Bitboard, CELLS};
use super::map::TYPES;
use super::{BigBang, Move, Phase, DARK, LIGHT};
use crate::game::EVAL_LIMIT;

/// Points per cell of estimated distance.
pub const PER_CELL: i32 = 20;
/// Bonus of the side to move.
const TEMPO: i32 = 10;

/// King distances between all cells, built at compile time (no divisions at search leaves).
static KING: [[u8; CELLS]; CELLS] = king_table();

const fn king_table() -> [[u8; CELLS]; CELLS] {
    let mut t = [[0u8; CELLS]; CELLS];
    let mut a = 0;
    while a < CELLS {
        let mut b = 0;
        while b < CELLS {
            let (ra, ca) = row_col(a as u8);
            let (rb, cb) = row_col(b as u8);
            let dr = ra.abs_diff(rb);
            let dc = ca.abs_diff(cb);
            t[a][b] = if dr > dc { dr as u8 } else { dc as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}

/// King distance between two cells.
#[inline]
pub fn king_distance(a: u8, b: u8) -> i32 {
    i32::from(KING[a as usize][b as usize])
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
    // Stack buffers: the evaluation runs at every search leaf, so no allocation here.
    let mut counters = [0u8; 64];
    let mut cells = [0u8; 64];
    for t in 0..TYPES {
        let mine = state.of_type(t) & state.unfinished(colour);
        if mine.is_empty() {
            continue;
        }
        let k = fill(&mut counters, mine);
        let m = fill(&mut cells, free & board.finish[t]);
        total += assignment(&counters[..k], &cells[..m]);
    }
    total
}

/// Writes the cells of `set` into `buf` (as many as fit) and returns how many.
fn fill(buf: &mut [u8; 64], set: Bitboard) -> usize {
    let mut n = 0;
    for (slot, cell) in buf.iter_mut().zip(set.iter()) {
        *slot = cell;
        n += 1;
    }
    n
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
