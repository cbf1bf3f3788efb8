//! The static evaluation and the move-ordering hint. Weights are named constants, gathered in
//! [`EvalWeights`] so self-play can tune them (see `tuning.rs`); the evaluation is a few dozen
//! table lookups and bit operations, no move list is built.

use super::board::{Bitboard, Square};
use super::cards::{ROW, TARGETS};
use super::color::Color;
use super::moves::Move;
use super::Onitama;
use crate::game::EVAL_LIMIT;

/// The weights of the evaluation, in centi-students, by name so self-play can tune them
/// (`tests/onitama_tuning.rs`). The game's own `evaluate` uses [`EvalWeights::DEFAULT`] as a
/// constant, so the tunable form costs the normal evaluation nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalWeights {
    /// A student on the board.
    pub student: i32,
    /// The side to move can win at once (capture the master or step onto the temple arch).
    pub win_in_one: i32,
    /// The opponent threatens to win next move (its hand attacks our master, or its master can
    /// reach our temple arch): we must spend the move answering.
    pub threatened: i32,
    /// Per step (king distance) the master is nearer the enemy temple arch than the opponent's
    /// is to ours.
    pub master_advance: i32,
    /// Per jump available with the two cards in hand (own pawns excluded).
    pub mobility_hand: i32,
    /// Per jump available with the side card, the card the side to move receives next.
    pub mobility_side: i32,
    /// Per own student the opponent's hand attacks.
    pub student_attacked: i32,
}

impl EvalWeights {
    /// The weights the game plays with (see [`STUDENT`] and the other constants).
    pub const DEFAULT: EvalWeights = EvalWeights {
        student: STUDENT,
        win_in_one: WIN_IN_ONE,
        threatened: THREATENED,
        master_advance: MASTER_ADVANCE,
        mobility_hand: MOBILITY_HAND,
        mobility_side: MOBILITY_SIDE,
        student_attacked: STUDENT_ATTACKED,
    };

    /// Plain material: students only, the baseline the tuned evaluation is measured against.
    pub const MATERIAL: EvalWeights = EvalWeights {
        student: STUDENT,
        win_in_one: 0,
        threatened: 0,
        master_advance: 0,
        mobility_hand: 0,
        mobility_side: 0,
        student_attacked: 0,
    };

    /// The weights by name, in field order (for tuning and reports).
    pub const NAMES: [&'static str; 7] = [
        "student",
        "win_in_one",
        "threatened",
        "master_advance",
        "mobility_hand",
        "mobility_side",
        "student_attacked",
    ];

    /// The weights as an array, in the order of [`EvalWeights::NAMES`].
    pub const fn to_array(&self) -> [i32; 7] {
        [
            self.student,
            self.win_in_one,
            self.threatened,
            self.master_advance,
            self.mobility_hand,
            self.mobility_side,
            self.student_attacked,
        ]
    }

    /// The weights from an array in the order of [`EvalWeights::NAMES`].
    pub const fn from_array(w: [i32; 7]) -> EvalWeights {
        EvalWeights {
            student: w[0],
            win_in_one: w[1],
            threatened: w[2],
            master_advance: w[3],
            mobility_hand: w[4],
            mobility_side: w[5],
            student_attacked: w[6],
        }
    }
}

// The weights below were tuned by self-play: SPSA over the six weights other than `student`,
// depth-4 alpha-beta, colour-swapped pairs from random deals, seeded, two stages (200 + 300
// iterations, 40000 games, 13 minutes on two loaded cores; `tests/onitama_tuning.rs`, `tune`).
// Measured with the arena's pentanomial statistics, 500 colour-swapped pairs from random deals,
// the search as of branch `search` 60dd504 (`TABULA_MEASURE_PAIRS=500 TABULA_MEASURE_DEPTH=4
// cargo test --release --test onitama_tuning -- --ignored measure --nocapture`):
// - depth 4, against plain material (students only): +548 +- 53 Elo (W/D/L 955/8/37), LOS 100%;
//   against the hand-set weights before tuning (100, 3000, 60, 8, 3, 1, 12): +47 +- 20 Elo
//   (557/19/424), LOS 100%;
// - depth 5: against plain material +595 +- 62 Elo (967/3/30); against the hand-set weights
//   +15 +- 21 Elo (519/4/477), LOS 92%: the gain shrinks at the depth it was not tuned for.

/// A student on the board.
pub const STUDENT: i32 = 100;
/// The side to move can win at once (capture the master or step onto the temple arch).
pub const WIN_IN_ONE: i32 = 3_037;
/// The opponent threatens to win next move (its hand attacks our master, or its master can
/// reach our temple arch): we must spend the move answering.
pub const THREATENED: i32 = 70;
/// Per step (king distance) the master is nearer the enemy temple arch than the opponent's is
/// to ours.
pub const MASTER_ADVANCE: i32 = 17;
/// Per jump available with the two cards in hand (own pawns excluded).
pub const MOBILITY_HAND: i32 = 5;
/// Per jump available with the side card, the card the side to move receives next.
pub const MOBILITY_SIDE: i32 = 5;
/// Per own student the opponent's hand attacks.
pub const STUDENT_ATTACKED: i32 = 6;

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

/// King distances to the temple arch each side's master must reach, by the master set's
/// trailing-zero count (rows past the board, the count of an empty set among them, say 4: the
/// most there is).
static GOAL_DISTANCE: [[i32; ROW]; 2] = {
    let mut t = [[4; ROW]; 2];
    let mut side = 0;
    while side < 2 {
        let goal = if side == 0 { Square::C5 } else { Square::C1 };
        let (gf, gr) = ((goal.index() % 5) as i32, (goal.index() / 5) as i32);
        let mut sq = 0;
        while sq < 25 {
            let (df, dr) = ((sq % 5) as i32 - gf, (sq / 5) as i32 - gr);
            let (df, dr) = (if df < 0 { -df } else { df }, if dr < 0 { -dr } else { dr });
            t[side][sq] = if df > dr { df } else { dr };
            sq += 1;
        }
        side += 1;
    }
    t
};

/// The row of a one-square (or empty) set in the tables indexed by square: its square, or an
/// empty row past the board.
#[inline(always)]
fn row_of(set: u32) -> usize {
    set.trailing_zeros() as usize & (ROW - 1)
}

/// One pass over the pawns of `side`: each loads its three masks (two hand cards, side card).
/// Always five rounds, no loop branch: once the pawns run out the row is an empty one.
#[inline(always)]
fn reach(state: &Onitama, side: Color) -> Reach {
    let s = side.index();
    let own = state.pieces[s].0;
    let free = !own;
    let [a, b] = state.meta.hand(s);
    let (ta, tb, tc) = (
        &TARGETS[s][a.slot()],
        &TARGETS[s][b.slot()],
        &TARGETS[s][state.meta.side_card().slot()],
    );
    let (mut attacks, mut hand_jumps, mut side_jumps) = (0u32, 0u32, 0u32);
    let mut bits = own;
    for _ in 0..5 {
        let i = row_of(bits);
        bits &= bits.wrapping_sub(1);
        let (x, y, z) = (ta[i] & free, tb[i] & free, tc[i] & free);
        attacks |= x | y;
        hand_jumps += (u64::from(x) | u64::from(y) << 32).count_ones();
        side_jumps += z.count_ones();
    }
    Reach {
        attacks: Bitboard(attacks),
        hand_jumps: hand_jumps as i32,
        side_jumps: side_jumps as i32,
    }
}

/// King distance from the master of `side` to its goal (4, the most, once captured).
#[inline(always)]
fn goal_distance(state: &Onitama, side: Color) -> i32 {
    GOAL_DISTANCE[side.index()][row_of(state.masters[side.index()].0)]
}

/// Whether `side` could win with its hand if it were to move: its attacks reach the enemy
/// master, or its master can step onto the free enemy temple arch.
#[inline(always)]
fn threatens_win(state: &Onitama, side: Color, attacks: Bitboard) -> bool {
    let s = side.index();
    let enemy_master = state.masters[s ^ 1].0;
    let [a, b] = state.meta.hand(s);
    let m = row_of(state.masters[s].0);
    let steps = TARGETS[s][a.slot()][m] | TARGETS[s][b.slot()][m];
    let onto_arch = steps & goal(side).bitboard().0 & !state.pieces[s].0;
    (attacks.0 & enemy_master) | onto_arch != 0
}

/// The evaluation from `seat`'s view with the default weights.
#[inline(always)]
pub fn evaluate(state: &Onitama, seat: Color) -> i32 {
    evaluate_with(state, seat, &EvalWeights::DEFAULT)
}

impl Onitama {
    /// The evaluation from `seat`'s view with the weights `w` (the game's `evaluate` is this
    /// with [`EvalWeights::DEFAULT`]).
    pub fn evaluate_with(&self, seat: Color, w: &EvalWeights) -> i32 {
        evaluate_with(self, seat, w)
    }
}

/// The evaluation from `seat`'s view, in `-EVAL_LIMIT..=EVAL_LIMIT` (the limits only at a won or
/// lost position). Always inlined, so with constant weights the multiplications fold as before.
#[inline(always)]
fn evaluate_with(state: &Onitama, seat: Color, w: &EvalWeights) -> i32 {
    if let Some(w) = state.winner() {
        return if w == seat { EVAL_LIMIT } else { -EVAL_LIMIT };
    }
    let mover = state.to_move();
    let waiter = !mover;
    let ours = reach(state, mover);
    let theirs = reach(state, waiter);
    let mut score = if threatens_win(state, mover, ours.attacks) {
        w.win_in_one
    } else if threatens_win(state, waiter, theirs.attacks) {
        -w.threatened
    } else {
        0
    };
    let students = |c: Color| state.students(c).len() as i32;
    score += w.student * (students(mover) - students(waiter));
    score += w.master_advance * (goal_distance(state, waiter) - goal_distance(state, mover));
    score += w.mobility_hand * (ours.hand_jumps - theirs.hand_jumps);
    score += w.mobility_side * (ours.side_jumps - theirs.side_jumps);
    score += w.student_attacked
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
#[inline]
pub fn move_hint(state: &Onitama, mv: Move) -> i32 {
    let to = mv.raw().1;
    let them = state.to_move().index() ^ 1;
    if state.wins_with(mv) {
        HINT_WIN
    } else if (1u32 << (to & 31)) & state.pieces[them].0 != 0 {
        HINT_CAPTURE
    } else {
        0
    }
}
