//! The exact solver: the game-theoretic value of a position for the player to move (won, lost or
//! drawn, and in how many plies), a best move and a line that proves it.
//!
//! It deepens alpha-beta to the end of the game with the horizon scored twice: once as the
//! root seat's loss on the next ply (a lower bound of the true value) and once as its win (an
//! upper bound). A lower bound that is a win proves the win (the fastest within the depth); an
//! upper bound that is a loss proves the loss (the slowest); equal bounds give the exact value
//! (a draw when it is 0). When a limit stops it first, the answer is "unknown" with what was
//! proven: no win (and no loss) within so many plies.
//!
//! Repetitions inside the line count as draws in games with a repetition rule, as in play; the
//! table can then, rarely, carry a repetition draw from one line to another (the classic graph
//! history problem), so such games' draws are as good as the search's repetition model.

use std::time::Duration;

use crate::game::{Game, Turn};

use super::alphabeta::{AlphaBeta, Horizon, Mode, SearchConfig, SearchResult};
use super::limits::{Clock, Limits};
use super::score::{Outcome, Score, MAX_PLY, PROVEN};

/// The value of a position, as far as the solver got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move wins in this many plies (at the fastest, against any defence).
    Win(u32),
    /// The player to move loses in this many plies (at the slowest).
    Loss(u32),
    /// Neither side can force a win: a draw.
    Draw,
    /// An exact value that is neither: a shared result (0 an equal share), or in a game of
    /// chance whose evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`]) the exact chance
    /// to win in those units (Senet: 100 a percentage point from 50%).
    Value(i32),
    /// Not solved within the limits.
    Unknown,
}

/// What the solver proved.
#[derive(Clone, Debug)]
pub struct SolveResult<M> {
    /// The value, or `Unknown`.
    pub verdict: Verdict,
    /// A best move (for a win: a fastest winning move; for a loss: a slowest losing one).
    pub best: Option<M>,
    /// A line that realises the value (the principal variation of the proving search).
    pub line: Vec<M>,
    /// The deepest depth searched to the end.
    pub depth: u32,
    /// When unknown: the player to move has no forced win within this many plies.
    pub no_win_within: Option<u32>,
    /// When unknown: the player to move cannot be forced to lose within this many plies.
    pub no_loss_within: Option<u32>,
    /// The lower and upper bound of the value at the last depth, for the side to move.
    pub bounds: (Score, Score),
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The horizon scored as the root seat's loss on the next ply: a lower bound of the value. Its
/// own table keys, so its entries never answer the other bound's probes.
const PESSIMISTIC: Mode = Mode {
    horizon: Some(Horizon::Pessimistic),
    key_xor: 0x9E37_79B9_7F4A_7C15,
    margin: false,
    chance_values: false,
};

/// The horizon scored as the root seat's win on the next ply: an upper bound of the value.
const OPTIMISTIC: Mode = Mode {
    horizon: Some(Horizon::Optimistic),
    key_xor: 0xC2B2_AE3D_27D4_EB4F,
    margin: false,
    chance_values: false,
};

/// [`PESSIMISTIC`] with finished games in a chance average scored as the game's certain win or
/// loss: a lower bound of the chance to win, for a position no throw sequence settles for sure.
const CHANCE_PESSIMISTIC: Mode = Mode {
    chance_values: true,
    key_xor: 0x27D4_EB2F_1656_67C5,
    ..PESSIMISTIC
};

/// [`OPTIMISTIC`] likewise: an upper bound of the chance to win.
const CHANCE_OPTIMISTIC: Mode = Mode {
    chance_values: true,
    key_xor: 0x85EB_CA77_C2B2_AE63,
    ..OPTIMISTIC
};

/// The solver's time limit when it is given no limit at all; the games' own solvers in
/// `analysis` share it out between their methods.
pub const DEFAULT_TIME: Duration = Duration::from_secs(10);

/// Solves `state` (a player to move) within `limits` (depth, nodes, time; with none, 10 s),
/// with a table of `hash_mb` megabytes.
pub fn solve<G: Game>(state: &G, limits: Limits, hash_mb: usize) -> SolveResult<G::Move> {
    solve_with(state, limits, hash_mb, None)
}

/// [`solve`], answering exactly wherever `oracle` (an endgame tablebase) knows a position.
pub fn solve_with<G: Game>(
    state: &G,
    limits: Limits,
    hash_mb: usize,
    oracle: Option<super::alphabeta::SharedOracle<G>>,
) -> SolveResult<G::Move> {
    let limits = limits.or_default(Limits {
        time: Some(DEFAULT_TIME),
        ..Limits::NONE
    });
    let clock = Clock::start(&limits);
    // Table values count only at their own depth, so each bound is exactly that depth's.
    let mut ab = AlphaBeta::new(SearchConfig {
        threads: 1,
        hash_mb,
        exact: true,
        star2: false,
        probcut: false,
        lazy_smp: false,
    });
    ab.set_oracle(oracle);
    let mut result = SolveResult {
        verdict: Verdict::Unknown,
        best: None,
        line: Vec::new(),
        depth: 0,
        no_win_within: None,
        no_loss_within: None,
        bounds: (Score(-super::score::WIN), Score(super::score::WIN)),
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if !matches!(state.turn(), Turn::Player(_)) {
        result.elapsed = clock.elapsed();
        return result;
    }
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 2);
    for depth in 1..=max_depth {
        let mut bound = |mode| {
            let remaining = Limits {
                depth: Some(depth),
                nodes: limits.nodes.map(|n| n.saturating_sub(result.nodes).max(1)),
                time: limits.time.map(|t| t.saturating_sub(clock.elapsed())),
                ..Limits::none()
            };
            let r = ab.search_mode(state, remaining, None, mode, None);
            result.nodes += r.nodes;
            r
        };
        // Both bounds of one kind, or none when a limit stopped either.
        let mut pair = |lower, upper| {
            let low = bound(lower);
            if low.stopped {
                return None;
            }
            let high = bound(upper);
            (!high.stopped).then_some((low, high))
        };
        let Some((low, high)) = pair(PESSIMISTIC, OPTIMISTIC) else {
            break;
        };
        // In a game of chance, a position no throw sequence settles for sure has a chance to
        // win for its value: bounded again with finished games counted as certain results.
        let chance = G::CHANCE_WIN_EVAL.is_some() && low.score.0 < PROVEN && high.score.0 > -PROVEN;
        let (low, high) = if chance {
            let Some(bounds) = pair(CHANCE_PESSIMISTIC, CHANCE_OPTIMISTIC) else {
                break;
            };
            bounds
        } else {
            (low, high)
        };
        result.depth = depth;
        // An even value is a draw only where no chance outcome can make it an average, or
        // where the line found ends in a draw.
        let even_is_draw = !(chance || G::CHANCE) || ends_drawn(state, &low.pv);
        if settle(&mut result, low, high, even_is_draw) {
            break;
        }
        if clock.out_of_time() || limits.nodes.is_some_and(|n| result.nodes >= n) {
            break;
        }
    }
    result.elapsed = clock.elapsed();
    result
}

/// Whether `line` from `state` ends in a finished game with every payoff equal.
fn ends_drawn<G: Game>(state: &G, line: &[G::Move]) -> bool {
    let mut s = state.clone();
    for &m in line {
        s.play(m);
    }
    if s.turn() != Turn::Terminal {
        return false;
    }
    let payoffs = s.payoffs();
    let first = payoffs.get(0);
    payoffs.as_slice().iter().all(|&p| p == first)
}

/// Takes one depth's bounds (`low` from [`PESSIMISTIC`], `high` from [`OPTIMISTIC`], or their
/// chance kinds) into `result`. A proven win, a proven loss or equal bounds settle the value:
/// then it returns true and the solver is done. Otherwise neither side wins by force within the
/// depth. Equal bounds of 0 are a draw if `even_is_draw`, else an even value (an average over
/// chance outcomes, or the chance to win of one half).
fn settle<M>(
    result: &mut SolveResult<M>,
    low: SearchResult<M>,
    high: SearchResult<M>,
    even_is_draw: bool,
) -> bool {
    result.bounds = (low.score, high.score);
    let (lo, hi) = (low.score.0, high.score.0);
    let (verdict, line) = if lo >= PROVEN {
        let won = match low.score.outcome() {
            Outcome::Win(n) => Verdict::Win(n),
            _ => Verdict::Unknown,
        };
        (Some(won), low)
    } else if hi <= -PROVEN {
        let lost = match high.score.outcome() {
            Outcome::Loss(n) => Verdict::Loss(n),
            _ => Verdict::Unknown,
        };
        (Some(lost), high)
    } else if lo == hi {
        (
            Some(if lo == 0 && even_is_draw {
                Verdict::Draw
            } else {
                Verdict::Value(lo)
            }),
            low,
        )
    } else {
        result.no_win_within = Some(result.depth);
        result.no_loss_within = Some(result.depth);
        (None, low)
    };
    result.best = line.best;
    result.line = line.pv;
    match verdict {
        Some(v) => {
            result.verdict = v;
            true
        }
        None => false,
    }
}
