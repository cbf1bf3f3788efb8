//! Alpha-beta search over any [`Game`]: negamax with principal-variation search, iterative
//! deepening, aspiration windows, a shared lockless transposition table, mate-distance scores,
//! and several threads: YBWC split points (`split.rs`) by default, Lazy SMP on request.
//!
//! One code path covers every game:
//! - **Two players**: plain negamax. A node's value is from the point of view of its *side*; a
//!   child of the same side (a player moving twice, as in Senet) is not negated.
//! - **Chance states**: expectimax with Star1 pruning (Ballard 1983): values are bounded by
//!   `-WIN..=WIN`, so each outcome's window is narrowed by what the others could at best and at
//!   worst add, and the average is cut off as soon as it must fall outside the parent's window.
//!   A chance state is scored from the root seat's side; expectations are rounded to whole units
//!   and are a proven win or loss only when every outcome is (a mixed average is clamped to
//!   `±MAX_UNPROVEN`, see [`super::score::expectation`]).
//! - **Three to six players**: *paranoid* search. The root seat is one side and every other seat
//!   the other, as if they played together against it; `evaluate(root seat)` and the root seat's
//!   payoff score every leaf. It is pessimistic but sound, and alpha-beta prunes it as well as a
//!   two-player game.
//!
//! Repetitions inside the searched line count as draws when the game has a repetition rule.
//! On one thread the search is deterministic: the same position, limits and table size give the
//! same node count (the fingerprint `tabula bench` prints).

mod chance;
mod multipv;
pub use multipv::LineReporter;
mod node;
mod params;
mod quiesce;
mod split;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::game::Game;

use super::limits::{Clock, Limits, StopFlag};
use super::oracle::Oracle;
use super::score::{Score, MAX_PLY, PROVEN};
use super::tt::Table;
use params::{DEFAULT_DEPTH, DEFAULT_HASH_MB, VOTE_OFFSET};
use worker::Worker;

/// How an alpha-beta searcher is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Search threads (YBWC split points, or Lazy SMP with `lazy_smp`); 1 is deterministic.
    pub threads: usize,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// Exact fixed-depth search, for verification and the solver: table values count only at
    /// exactly the searched depth, and nothing is reduced or pruned by the evaluation, so the
    /// score equals plain minimax to that depth even where a position recurs at several depths.
    /// Off (the default), the search also uses late-move reductions and reverse futility
    /// pruning (where the game allows it, [`Game::FUTILITY_PRUNING`]), which make it far faster and its scores those of a deeper but selective search.
    pub exact: bool,
    /// Turns Star2 probing on at the chance states of every game (on top of Star1). Sound
    /// either way. A game whose evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`],
    /// Senet) always probes: there it saves about a quarter of the nodes to depth 6. Elsewhere
    /// it is off by default: on the test dice race, whose values range over proven wins and
    /// losses, it saves 2% of the nodes to depth 7.
    pub star2: bool,
    /// ChanceProbCut at the chance states of a game whose evaluation is a chance to win
    /// ([`Game::CHANCE_WIN_EVAL`], Senet): a chance state whose outcomes, searched two plies
    /// shallower, average clearly outside the window is cut without the full search. On by
    /// default: in Senet it finds the same moves with about a third of the nodes to depth 6.
    /// Selective search only (never with `exact`); other games are not affected.
    pub probcut: bool,
    /// With several threads, Lazy SMP (every thread deepens on its own, sharing only the
    /// table) instead of the default, YBWC split points (the threads share the moves of nodes
    /// whose first move is searched). Kept for comparison: on two threads the two reached depth
    /// 16 of Onitama in the same time and split points depth 17 a little sooner (`docs/measurements.md`
    /// has the measurements).
    pub lazy_smp: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            exact: false,
            star2: false,
            probcut: true,
            lazy_smp: false,
        }
    }
}

/// One finished iteration of the main thread, for progress lines.
#[derive(Clone, Debug)]
pub struct DepthReport<M> {
    /// The depth just finished.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Nodes so far (all threads, approximately while threads run).
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}

impl<M: Clone> From<&SearchResult<M>> for DepthReport<M> {
    /// A whole search's result as one progress line: its depth, score, line, nodes and time.
    fn from(r: &SearchResult<M>) -> Self {
        DepthReport {
            depth: r.depth,
            seldepth: r.seldepth,
            score: r.score,
            pv: r.pv.clone(),
            nodes: r.nodes,
            elapsed: r.elapsed,
        }
    }
}

/// A listener for finished iterations (progress lines).
pub type Reporter<'a, M> = dyn Fn(&DepthReport<M>) + Sync + 'a;

/// An [`Oracle`] shared by the search threads. Two-player games only.
pub type SharedOracle<G> = std::sync::Arc<dyn Oracle<G>>;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The best move (`None` only when the root has no move).
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// The deepest finished iteration of the thread chosen.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited by all threads.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Whether a limit (nodes, time, a stop flag) cut the search short of its depth.
    pub stopped: bool,
    /// Whether the move and line were chosen for the smallest loss in points, the score being a
    /// proven loss (see [`AlphaBeta::search`]).
    pub smallest_loss: bool,
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.nodes as f64 / s
        } else {
            0.0
        }
    }
}

/// How the solver scores the horizon: as the worst or the best the root seat could still get
/// there (a loss or a win on the next ply), so the search gives a lower or an upper bound of the
/// game's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Horizon {
    Pessimistic,
    Optimistic,
}

/// What the leaves are scored with: the evaluation, or (for the solver) a bound, with the table
/// keys of the kinds kept apart.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mode {
    pub horizon: Option<Horizon>,
    pub key_xor: u64,
    /// Finished games are scored by the evaluation of their final position (in a game decided
    /// by points, the margin) instead of as proven wins and losses: how a lost position is
    /// played on ([`AlphaBeta::search`]).
    pub margin: bool,
    /// In a game whose evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`]), proven
    /// results in a chance average count as that certain win or loss even under a bounded
    /// horizon, so the average is the exact chance to win: the solver's value of a position
    /// that is neither a sure win nor a sure loss, where no proof of "win in N" is sought.
    pub chance_values: bool,
}

impl Mode {
    const EVALUATE: Mode = Mode {
        horizon: None,
        key_xor: 0,
        margin: false,
        chance_values: false,
    };

    /// Finished games scored by their margin, in a table of their own.
    const MARGIN: Mode = Mode {
        horizon: None,
        key_xor: 0x1656_67B1_9E37_79F9,
        margin: true,
        chance_values: false,
    };
}

/// An alpha-beta searcher: a configuration and the transposition table it keeps between searches.
pub struct AlphaBeta {
    config: SearchConfig,
    table: Table,
    stop: StopFlag,
    earlier: ahash::AHashSet<u64>,
    /// A `SharedOracle<G>` for the one game type it was set for (the searcher itself is not generic).
    oracle: Option<Box<dyn std::any::Any + Send + Sync>>,
}

impl AlphaBeta {
    /// A searcher with its own table of `config.hash_mb` megabytes.
    pub fn new(config: SearchConfig) -> Self {
        AlphaBeta {
            table: Table::new(config.hash_mb),
            config: SearchConfig {
                threads: config.threads.max(1),
                ..config
            },
            stop: StopFlag::new(),
            earlier: ahash::AHashSet::new(),
            oracle: None,
        }
    }

    /// Lets the search answer from exact outside knowledge (a tablebase) wherever the oracle
    /// knows the position, below the root. Searches of another game type ignore it.
    pub fn set_oracle<G: Game>(&mut self, oracle: Option<SharedOracle<G>>) {
        self.oracle = oracle.map(|o| Box::new(o) as Box<dyn std::any::Any + Send + Sync>);
    }

    /// Tells the searcher the positions played before the root (their hashes), so that in games
    /// with a repetition rule a line returning to one of them counts as a draw, as it would in
    /// the played game. Kept until changed; an empty slice forgets them.
    pub fn set_history(&mut self, earlier: &[u64]) {
        self.earlier.clear();
        self.earlier.extend(earlier.iter().copied());
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The transposition table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Forgets the table (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// A flag that stops a running search from another thread (its best so far is returned).
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Searches `state` (a player to move) within `limits`; with no limit, to depth 8
    /// (`DEFAULT_DEPTH`). `report`, if given, hears every iteration the main thread finishes.
    ///
    /// In a two-player game decided by points ([`Game::points`], capture checkers) a position
    /// proven lost is played on for the smallest loss: what is left of the limits searches it
    /// again with finished games scored by their margin, and that search's move and line are
    /// returned with the proven score. Every move loses against perfect play; the one that
    /// loses by least leaves a fallible opponent the most room to go wrong, where the longest
    /// loss may give points away. Not in an infinite search (analysis), which shows the loss.
    pub fn search<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        report: Option<&Reporter<'_, G::Move>>,
    ) -> SearchResult<G::Move> {
        self.search_mode(state, limits, report, Mode::EVALUATE, None)
    }

    /// [`AlphaBeta::search`] choosing among `moves` only (legal moves of `state`; others are
    /// ignored): the best of them, its score and its line, as UCI's `go searchmoves` does. A
    /// search of one move gives that move's value; a multi-PV search ranks the moves this way.
    pub fn search_among<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        report: Option<&Reporter<'_, G::Move>>,
        moves: &[G::Move],
    ) -> SearchResult<G::Move> {
        self.search_mode(state, limits, report, Mode::EVALUATE, Some(moves))
    }

    /// [`AlphaBeta::search`] with the leaves scored as `mode` says (the solver's bounds), among
    /// `root_moves` only where given.
    pub(crate) fn search_mode<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        report: Option<&Reporter<'_, G::Move>>,
        mode: Mode,
        root_moves: Option<&[G::Move]>,
    ) -> SearchResult<G::Move> {
        let limits = limits.or_default(Limits::depth(DEFAULT_DEPTH));
        self.table.new_search();
        let stop = AtomicBool::new(false);
        let shared = Shared {
            table: &self.table,
            earlier: &self.earlier,
            external: &self.stop,
            stop: &stop,
            nodes: AtomicU64::new(0),
            limits,
            clock: Clock::start(&limits),
            threads: self.config.threads,
        };
        let oracle: Option<&SharedOracle<G>> = self.oracle.as_ref().and_then(|o| o.downcast_ref());
        let pool = split::Pool::new();
        let setup = Setup {
            mode,
            config: &self.config,
            oracle,
            root_moves,
            pool: (self.config.threads > 1 && !self.config.lazy_smp).then_some(&pool),
        };
        let results = run_threads(&shared, state, &setup, report);
        let elapsed = shared.clock.elapsed();
        let result = result_of(state, &results, elapsed, root_moves);
        let result = if mode.horizon.is_none() && !mode.margin && root_moves.is_none() {
            self.play_for_margin(state, limits, result)
        } else {
            result
        };
        self.stop.reset();
        result
    }

    /// `lost`, the result of a search within `limits`, with the move and line that lose by the
    /// least points where it is a proven loss of a two-player game decided by points and some
    /// of the limits is left (see [`AlphaBeta::search`]); otherwise `lost` itself.
    fn play_for_margin<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        lost: SearchResult<G::Move>,
    ) -> SearchResult<G::Move> {
        if lost.score.0 > -PROVEN
            || state.players() != 2
            || limits.infinite
            || self.stop.is_set()
            || state.points().is_none()
        {
            return lost;
        }
        let Some(rest) = remaining(limits, &lost) else {
            return lost;
        };
        let margin = self.search_mode(state, rest, None, Mode::MARGIN, None);
        if margin.depth == 0 || margin.best.is_none() {
            return lost;
        }
        SearchResult {
            best: margin.best,
            pv: margin.pv,
            seldepth: lost.seldepth.max(margin.seldepth),
            nodes: lost.nodes + margin.nodes,
            elapsed: lost.elapsed + margin.elapsed,
            smallest_loss: true,
            ..lost
        }
    }
}

/// What `limits` leave after a search that took `spent`'s nodes and time: the same depth, the
/// nodes and time not used; `None` when nothing is left.
fn remaining<M>(limits: Limits, spent: &SearchResult<M>) -> Option<Limits> {
    let limits = limits.or_default(Limits::depth(DEFAULT_DEPTH));
    let nodes = match limits.nodes {
        Some(n) => Some(n.checked_sub(spent.nodes).filter(|&left| left > 0)?),
        None => None,
    };
    let time = match limits.time {
        Some(t) => Some(
            t.checked_sub(spent.elapsed)
                .filter(|left| *left >= MARGIN_LEAST_TIME)?,
        ),
        None => None,
    };
    Some(Limits {
        nodes,
        time,
        ..limits
    })
}

/// Less time than this left is not worth a search for the smallest loss.
const MARGIN_LEAST_TIME: Duration = Duration::from_millis(1);

/// What every thread of one search is built from.
struct Setup<'a, G: Game> {
    mode: Mode,
    config: &'a SearchConfig,
    oracle: Option<&'a SharedOracle<G>>,
    root_moves: Option<&'a [G::Move]>,
    /// The split points' pool, in a split search (Lazy SMP without).
    pool: Option<&'a split::Pool<G>>,
}

impl<'a, G: Game> Setup<'a, G> {
    /// A search thread for `state`.
    fn worker<const MAIN: bool>(&self, shared: &'a Shared<'a>, state: &G) -> Worker<'a, G, MAIN> {
        let mut w = Worker::new(shared, state, self.mode, self.config, self.oracle);
        w.root_moves = self.root_moves;
        w.pool = self.pool;
        w
    }
}

/// Runs the main thread and `config.threads - 1` helpers to the end of their iterations; the
/// main thread's result first.
fn run_threads<G: Game>(
    shared: &Shared<'_>,
    state: &G,
    setup: &Setup<'_, G>,
    report: Option<&Reporter<'_, G::Move>>,
) -> Vec<ThreadResult<G::Move>> {
    let max_depth = shared
        .limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..setup.config.threads)
            .map(|i| {
                scope.spawn(move || {
                    let w = setup.worker::<false>(shared, state);
                    if setup.pool.is_some() {
                        w.help()
                    } else {
                        w.iterate(state, max_depth, i, None)
                    }
                })
            })
            .collect();
        let main = setup
            .worker::<true>(shared, state)
            .iterate(state, max_depth, 0, report);
        shared.stop.store(true, Ordering::Relaxed);
        if let Some(pool) = setup.pool {
            pool.finish();
        }
        let mut all = vec![main];
        all.extend(
            helpers
                .into_iter()
                .map(|h| h.join().expect("search thread")),
        );
        all
    })
}

/// The search's result from its threads' results: the chosen thread's move, score and line;
/// the first legal move (of `root_moves` where given) when no thread has one.
fn result_of<G: Game>(
    state: &G,
    results: &[ThreadResult<G::Move>],
    elapsed: Duration,
    root_moves: Option<&[G::Move]>,
) -> SearchResult<G::Move> {
    let chosen = choose(results);
    let mut best = chosen.pv.first().copied();
    if best.is_none() {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        best = moves
            .into_iter()
            .find(|m| root_moves.is_none_or(|only| only.contains(m)));
    }
    SearchResult {
        best,
        score: Score(chosen.score),
        pv: chosen.pv.clone(),
        depth: chosen.depth,
        seldepth: results.iter().map(|r| r.seldepth).max().unwrap_or(0),
        nodes: results.iter().map(|r| r.nodes).sum(),
        elapsed,
        stopped: !results.iter().any(|r| r.complete),
        smallest_loss: false,
    }
}

/// The thread whose move is played: one that ended by itself (the depth asked for or a proven
/// result; its result is then exact), the main thread first; otherwise a vote of all threads
/// weighted by depth and score.
fn choose<M: Copy + Eq>(results: &[ThreadResult<M>]) -> &ThreadResult<M> {
    let main = &results[0];
    if let Some(r) = results.iter().find(|r| r.complete) {
        return r;
    }
    if results.len() == 1 {
        return main;
    }
    let done: Vec<&ThreadResult<M>> = results.iter().filter(|r| !r.pv.is_empty()).collect();
    if done.is_empty() {
        return main;
    }
    if let Some(win) = done
        .iter()
        .filter(|r| r.score >= PROVEN)
        .max_by_key(|r| r.score)
    {
        return win;
    }
    let min = done.iter().map(|r| r.score).min().unwrap_or(0);
    let weight = |r: &ThreadResult<M>| i64::from(r.score - min + VOTE_OFFSET) * i64::from(r.depth);
    let votes = |m: M| -> i64 {
        done.iter()
            .filter(|r| r.pv[0] == m)
            .map(|r| weight(r))
            .sum()
    };
    let mut best = done[0];
    for &r in &done[1..] {
        let (vr, vb) = (votes(r.pv[0]), votes(best.pv[0]));
        if vr > vb || (vr == vb && weight(r) > weight(best)) {
            best = r;
        }
    }
    best
}

/// What the threads of one search share.
struct Shared<'a> {
    table: &'a Table,
    earlier: &'a ahash::AHashSet<u64>,
    external: &'a StopFlag,
    stop: &'a AtomicBool,
    nodes: AtomicU64,
    limits: Limits,
    clock: Clock,
    threads: usize,
}

/// One thread's result.
struct ThreadResult<M> {
    depth: u32,
    score: i32,
    pv: Vec<M>,
    nodes: u64,
    seldepth: u32,
    /// The thread ended its iterations by itself (depth reached or result proven), not stopped.
    complete: bool,
}
