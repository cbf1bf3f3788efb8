//! Searches for three or more players that do not pretend the game has two sides, as paranoid
//! alpha-beta does: **max^n** with shallow pruning (Luckhardt & Irani 1986, Sturtevant & Korf
//! 2000) and **Best-Reply Search** (Schadd & Winands 2011). Both are written once over
//! [`Game`] and know nothing about any game.
//!
//! - **max^n** ([`maxn`]): every node holds a value for every seat and the seat to move picks
//!   the child best for itself. Leaves are scored by [`Game::evaluate_all`] turned into shares
//!   of the win (a logistic of each seat's evaluation, normalised to sum to 1, as the payoffs of
//!   a finished game do), so that a seat's share bounds what the others can have and shallow
//!   pruning is sound: once the mover here has at least `1 - b`, the seat above, whose best so
//!   far is `b`, cannot gain by coming here.
//! - **Best-Reply Search** ([`brs`]): the root player against the single strongest reply of
//!   any one opponent, the others passing; a two-sided alpha-beta tree in which the root player
//!   moves every other ply, so a depth-`d` search sees `d/2` of its own moves whatever the
//!   number of players. It needs a game that can hand the turn to any seat
//!   ([`Game::pass_to`]); where it cannot, the opponents reply in turn (paranoid order).
//!
//! Both deepen iteratively (the previous iteration's best root move first, then the game's
//! move hints) within [`Limits`] of depth, nodes and time; a cut iteration still gives the best
//! root move among those it finished. On one thread with a depth or node limit a search is
//! deterministic: the same position gives the same move and node count. The tests are in
//! `tests/search_multi.rs` (positions whose right move is known, determinism, specs).

mod brs;
mod maxn;
mod table;

use std::time::Duration;

use crate::game::{Game, Turn, EVAL_LIMIT, MAX_PLAYERS};

use super::alphabeta::{DepthReport, Reporter};
use super::limits::{Clock, Limits, StopFlag};
use super::score::Score;
use table::ValueTable;

/// The multi-player search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiAlgorithm {
    /// max^n with shallow pruning: every seat maximises its own share.
    MaxN,
    /// Best-Reply Search: the root seat against the best single reply of any opponent.
    BestReply,
}

/// How a multi-player searcher is set up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultiConfig {
    /// Which search.
    pub algorithm: MultiAlgorithm,
    /// max^n: evaluation units for one logistic step when a leaf's evaluations become shares
    /// (as MCTS's `scale`). Chosen: a marble of capture checkers (100) is about a fifth of a
    /// step, so a lead of a few marbles is a clear but not certain win.
    pub eval_scale: f64,
    /// max^n: a leaf where another seat than the root's is to move is played on, each seat
    /// taking its move with the largest hint (its biggest capture), until the root seat is to
    /// move again, and scored there. Every leaf is then seen from the same point of the turn
    /// order, the root seat's, as the evaluation of a position with another seat to move
    /// credits that seat with what it may take but not the seats after it. Off by default:
    /// in three-player capture checkers `maxn:depth=1,rollout=1` scored 0.167 against greedy's
    /// 0.438 at one table (48 games), the biggest capture being a poor model of a reply.
    pub rollout: bool,
    /// max^n: once a whole round (one move of every seat) is searched, deepen by whole rounds
    /// only (with three players: depths 1, 2, 3, 6, 9...), unless a depth limit asks for a
    /// depth between. A horizon inside a round gives the seats that move before it one move
    /// more than the others; in three-player capture checkers the bare default scored
    /// 0.431±0.052 with it against 0.295 for depth 2 and 0.274 for greedy at one table (288
    /// games), where without it it scored 0.328, below depth 2's 0.373.
    pub rounds: bool,
}

impl Default for MultiConfig {
    fn default() -> Self {
        MultiConfig {
            algorithm: MultiAlgorithm::BestReply,
            eval_scale: DEFAULT_EVAL_SCALE,
            rollout: false,
            rounds: true,
        }
    }
}

impl MultiConfig {
    /// Whether iterative deepening searches `depth` on its way to `max_depth` with `players`
    /// seats (see [`MultiConfig::rounds`]).
    pub fn searches_depth(&self, depth: u32, max_depth: u32, players: u32) -> bool {
        if !self.rounds || self.algorithm != MultiAlgorithm::MaxN || players < 3 {
            return true;
        }
        depth <= players || depth.is_multiple_of(players) || depth == max_depth
    }
}

/// The default of [`MultiConfig::eval_scale`].
pub const DEFAULT_EVAL_SCALE: f64 = 400.0;

/// What a multi-player search found.
#[derive(Clone, Debug)]
pub struct MultiResult<M> {
    /// The best move (`None` only when the root has no move).
    pub best: Option<M>,
    /// Its score for the root seat: Best-Reply Search's alpha-beta value (evaluation units,
    /// proven wins and losses as alpha-beta gives them); for max^n the root seat's expected
    /// share of the win on the same scale as a shared result ([`super::score::terminal_score`]:
    /// 0 is an equal share, `±EVAL_LIMIT` all or nothing).
    pub score: Score,
    /// The principal variation, starting with the best move (Best-Reply Search: the moves of
    /// the line whoever made them).
    pub pv: Vec<M>,
    /// max^n: every seat's expected share of the win (seat order, summing to 1) after the best
    /// move, as the search values it; empty for Best-Reply Search, which values one seat only.
    pub shares: Vec<f64>,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes visited (positions entered).
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether a limit (nodes, time, a stop flag) cut the search short of its depth.
    pub stopped: bool,
}

/// A multi-player searcher.
pub struct MultiSearch {
    config: MultiConfig,
    stop: StopFlag,
}

/// With three or more players, what a finished game's payoff adds to the evaluation of its
/// final position, from all (`+TERMINAL_WEIGHT`) to nothing (`-TERMINAL_WEIGHT`), an equal
/// share adding 0. Chosen: a quarter of the evaluation's range, so a won game outranks nearly
/// any unfinished one and a lost game keeps the order of its margins.
const TERMINAL_WEIGHT: i32 = EVAL_LIMIT / 4;

/// The deepest iteration when no depth limit is given (a node or time limit ends it first).
const MAX_DEPTH: u32 = 64;

/// Values per seat, as max^n backs them up.
type Values = [f64; MAX_PLAYERS];

impl MultiSearch {
    /// A searcher with this configuration.
    pub fn new(config: MultiConfig) -> Self {
        MultiSearch {
            config,
            stop: StopFlag::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &MultiConfig {
        &self.config
    }

    /// A handle another thread (or a progress listener) can set to stop the running search; it
    /// then returns what it has. It is cleared when the search ends.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Searches `state` (a player to move) within `limits` (with none, 1,000,000 nodes),
    /// telling `report` about every finished iteration.
    pub fn search<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        report: Option<&Reporter<'_, G::Move>>,
    ) -> MultiResult<G::Move> {
        let limits = limits.or_default(Limits::nodes(1_000_000));
        let clock = Clock::start(&limits);
        let mut s = Searcher {
            config: self.config,
            root_seat: match state.turn() {
                Turn::Player(p) => p,
                _ => 0,
            },
            players: state.players(),
            passes: state.players() > 2 && state.clone().pass_to(0),
            limits,
            clock,
            stop: &self.stop,
            nodes: 0,
            stopped: false,
            pv: vec![Vec::new(); MAX_PLY],
            scratch: vec![Vec::new(); MAX_PLY],
            tmp: Vec::new(),
            table: ValueTable::new(),
        };
        let result = s.deepen(state, report);
        self.stop.reset();
        result
    }
}

/// The deepest ply of a line (a game ends long before; capture checkers within 60 moves).
const MAX_PLY: usize = 128;

/// The state of one search.
struct Searcher<'a, G: Game> {
    config: MultiConfig,
    root_seat: usize,
    players: usize,
    /// Whether the game can hand the turn to any seat (Best-Reply Search needs it).
    passes: bool,
    limits: Limits,
    clock: Clock,
    stop: &'a StopFlag,
    nodes: u64,
    stopped: bool,
    pv: Vec<Vec<G::Move>>,
    /// Move buffers by ply, so nodes do not allocate.
    scratch: Vec<Vec<(i32, usize, G::Move)>>,
    tmp: Vec<G::Move>,
    /// max^n's values of positions already searched, this search.
    table: ValueTable<G::Move>,
}

/// Sorts a node's moves, larger hint first, ties kept in generation order.
fn sort_moves<M>(buf: &mut [(i32, usize, M)]) {
    buf.sort_by_key(|&(hint, _, _)| std::cmp::Reverse(hint));
}

/// What one root iteration gives: the best move, its score and line, and whether it finished.
struct Iteration<M> {
    best: Option<M>,
    score: i32,
    pv: Vec<M>,
    /// max^n: every seat's share of the win after the best move.
    shares: Vec<f64>,
}

impl<G: Game> Searcher<'_, G> {
    /// Iterative deepening: each iteration searches the last one's best move first.
    fn deepen(
        &mut self,
        state: &G,
        report: Option<&Reporter<'_, G::Move>>,
    ) -> MultiResult<G::Move> {
        let mut root_moves = Vec::new();
        state.legal_moves(&mut root_moves);
        let mut result = MultiResult {
            best: root_moves.first().copied(),
            score: Score(0),
            pv: root_moves.first().copied().into_iter().collect(),
            shares: Vec::new(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            stopped: false,
        };
        if root_moves.len() <= 1 || !matches!(state.turn(), Turn::Player(_)) {
            result.elapsed = self.clock.elapsed();
            return result;
        }
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut last_took = Duration::ZERO;
        let players = state.players() as u32;
        for depth in 1..=max_depth {
            if !self.config.searches_depth(depth, max_depth, players) {
                continue;
            }
            if depth > 1 && !self.clock.starts_iteration(last_took) {
                break;
            }
            let started = self.clock.elapsed();
            let it = match self.config.algorithm {
                MultiAlgorithm::MaxN => self.maxn_root(state, depth, result.best),
                MultiAlgorithm::BestReply => self.brs_root(state, depth, result.best),
            };
            if let Some(best) = it.best {
                result.best = Some(best);
                result.score = Score(it.score);
                result.pv = it.pv;
                result.shares = it.shares;
            }
            if self.stopped {
                result.stopped = true;
                break;
            }
            result.depth = depth;
            last_took = self.clock.elapsed().saturating_sub(started);
            if let Some(report) = report {
                report(&DepthReport {
                    depth,
                    seldepth: depth,
                    score: result.score,
                    pv: result.pv.clone(),
                    nodes: self.nodes,
                    elapsed: self.clock.elapsed(),
                });
                if self.stop.is_set() {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.clock.elapsed();
        result
    }

    /// Counts a node and says whether the search must stop (a limit reached).
    #[inline]
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes > n)
            || (self.nodes & 63 == 0 && (self.clock.out_of_time() || self.stop.is_set()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Appends to `buf` the moves of `state`, made by `seat` (the mover unless the turn was
    /// handed over), each with its ordering key: `first` (the last iteration's best) above all,
    /// then the game's hint; [`sort_moves`] then orders the whole buffer.
    fn add_moves(
        &mut self,
        state: &G,
        first: Option<G::Move>,
        seat: usize,
        buf: &mut Vec<(i32, usize, G::Move)>,
    ) {
        self.tmp.clear();
        state.legal_moves(&mut self.tmp);
        for &m in &self.tmp {
            let hint = if Some(m) == first {
                i32::MAX
            } else {
                state.move_hint(m)
            };
            buf.push((hint, seat, m));
        }
    }

    /// The line at `ply` becomes `m` followed by the line below.
    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// A leaf's shares of the win: the evaluations through a logistic, normalised to sum to 1.
    fn shares(&self, state: &G) -> Values {
        let mut evals = [0i32; MAX_PLAYERS];
        state.evaluate_all(&mut evals[..self.players]);
        let mut v = [0.0; MAX_PLAYERS];
        let mut total = 0.0;
        for seat in 0..self.players {
            v[seat] = 1.0 / (1.0 + (-f64::from(evals[seat]) / self.config.eval_scale).exp());
            total += v[seat];
        }
        for x in v.iter_mut().take(self.players) {
            *x /= total;
        }
        v
    }
}

/// A share of the win on the scale of [`super::score::terminal_score`] (0 an equal share,
/// `±EVAL_LIMIT` all or nothing), for reports.
fn share_score(share: f64, players: usize) -> i32 {
    let n = players.max(2) as f64;
    ((share * n - 1.0) / (n - 1.0) * f64::from(EVAL_LIMIT)).round() as i32
}
