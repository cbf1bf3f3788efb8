//! Alpha-beta search over any [`Game`]: negamax with principal-variation search, iterative
//! deepening, aspiration windows, a shared lockless transposition table, mate-distance scores,
//! and Lazy SMP over several threads.
//!
//! One code path covers every game:
//! - **Two players**: plain negamax. A node's value is from the point of view of its *side*; a
//!   child of the same side (a player moving twice, as in Senet) is not negated.
//! - **Chance states**: expectimax with Star1 pruning (Ballard 1983): values are bounded by
//!   `-WIN..=WIN`, so each outcome's window is narrowed by what the others could at best and at
//!   worst add, and the average is cut off as soon as it must fall outside the parent's window.
//!   A chance state is scored from the root seat's side; expectations are rounded to whole units.
//! - **Three to six players**: *paranoid* search. The root seat is one side and every other seat
//!   the other, as if they played together against it; `evaluate(root seat)` and the root seat's
//!   payoff score every leaf. It is pessimistic but sound, and alpha-beta prunes it as well as a
//!   two-player game.
//!
//! Repetitions inside the searched line count as draws when the game has a repetition rule.
//! On one thread the search is deterministic: the same position, limits and table size give the
//! same node count (the fingerprint `tabula bench` prints).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::game::{Game, Probability, Turn, EVAL_LIMIT};

use super::limits::{Clock, Limits, StopFlag};
use super::ordering::{pick_next, Heuristics};
use super::score::{
    from_table, is_proven, loss_in, terminal_score, to_table, win_in, Score, INFINITY, MAX_PLY, WIN,
};
use super::tt::{Bound, Entry, Table};

/// The deepest node height (player and chance nodes both count).
const MAX_HEIGHT: usize = 2 * MAX_PLY;
/// The first aspiration half-window, in evaluation units.
const ASPIRATION: i32 = 40;
/// Reverse futility pruning: the evaluation margin per ply of depth left.
const RFP_MARGIN: i32 = 120;
/// Reverse futility pruning only this close to the horizon.
const RFP_DEPTH: i32 = 6;
/// Late-move reductions start at this depth and move number.
const LMR_DEPTH: i32 = 3;
const LMR_MOVE: usize = 2;

/// How an alpha-beta searcher is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Search threads (Lazy SMP); 1 is deterministic.
    pub threads: usize,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// Exact fixed-depth search, for verification and the solver: table values count only at
    /// exactly the searched depth, and nothing is reduced or pruned by the evaluation, so the
    /// score equals plain minimax to that depth even where a position recurs at several depths.
    /// Off (the default), the search also uses late-move reductions and reverse futility
    /// pruning, which make it far faster and its scores those of a deeper but selective search.
    pub exact: bool,
    /// Star2 probing at chance states (on top of Star1). Sound either way; off by default
    /// because on the test dice race it cost 5% more nodes than it saved. Games with many
    /// moves per throw and good move hints may gain.
    pub star2: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            hash_mb: 16,
            exact: false,
            star2: false,
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

/// A listener for finished iterations (progress lines).
pub type Reporter<'a, M> = dyn Fn(&DepthReport<M>) + Sync + 'a;

/// Exact knowledge from outside the search (an endgame tablebase): for a position with a player
/// to move, `ply` plies below the root, its proven score from the mover's side (`win_in`,
/// `loss_in`, 0 for a draw), or `None` where it knows nothing. Two-player games only.
pub type Oracle<G> = std::sync::Arc<dyn Fn(&G, usize) -> Option<i32> + Send + Sync>;

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
}

impl Mode {
    const EVALUATE: Mode = Mode {
        horizon: None,
        key_xor: 0,
    };
}

/// An alpha-beta searcher: a configuration and the transposition table it keeps between searches.
pub struct AlphaBeta {
    config: SearchConfig,
    table: Table,
    stop: StopFlag,
    earlier: ahash::AHashSet<u64>,
    /// An `Oracle<G>` for the one game type it was set for (the searcher itself is not generic).
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
    pub fn set_oracle<G: Game>(&mut self, oracle: Option<Oracle<G>>) {
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

    /// Searches `state` (a player to move) within `limits`; with no limit, to depth 8. `report`,
    /// if given, hears every iteration the main thread finishes.
    pub fn search<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        report: Option<&Reporter<'_, G::Move>>,
    ) -> SearchResult<G::Move> {
        self.search_mode(state, limits, report, Mode::EVALUATE)
    }

    pub(crate) fn search_mode<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        report: Option<&Reporter<'_, G::Move>>,
        mode: Mode,
    ) -> SearchResult<G::Move> {
        let limits = limits.or_default(Limits::depth(8));
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
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let config = self.config;
        let oracle: Option<&Oracle<G>> = self.oracle.as_ref().and_then(|o| o.downcast_ref());
        let results: Vec<ThreadResult<G::Move>> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..config.threads)
                .map(|i| {
                    let shared = &shared;
                    scope.spawn(move || {
                        Worker::<G, false>::new(shared, state, mode, &config, oracle)
                            .iterate(state, max_depth, i, None)
                    })
                })
                .collect();
            let main = Worker::<G, true>::new(&shared, state, mode, &config, oracle)
                .iterate(state, max_depth, 0, report);
            stop.store(true, Ordering::Relaxed);
            let mut all = vec![main];
            all.extend(
                helpers
                    .into_iter()
                    .map(|h| h.join().expect("search thread")),
            );
            all
        });
        let elapsed = shared.clock.elapsed();
        self.stop.reset();
        let nodes = results.iter().map(|r| r.nodes).sum();
        let chosen = choose(&results);
        let mut best = chosen.pv.first().copied();
        if best.is_none() {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            best = moves.first().copied();
        }
        SearchResult {
            best,
            score: Score(chosen.score),
            pv: chosen.pv.clone(),
            depth: chosen.depth,
            seldepth: results.iter().map(|r| r.seldepth).max().unwrap_or(0),
            nodes,
            elapsed,
            stopped: !results.iter().any(|r| r.complete),
        }
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
        .filter(|r| r.score >= super::score::PROVEN)
        .max_by_key(|r| r.score)
    {
        return win;
    }
    let min = done.iter().map(|r| r.score).min().unwrap_or(0);
    let weight = |r: &ThreadResult<M>| i64::from(r.score - min + 14) * i64::from(r.depth);
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

struct ThreadResult<M> {
    depth: u32,
    score: i32,
    pv: Vec<M>,
    nodes: u64,
    seldepth: u32,
    /// The thread ended its iterations by itself (depth reached or result proven), not stopped.
    complete: bool,
}

#[derive(Clone, Debug)]
struct Frame<M> {
    moves: Vec<M>,
    keys: Vec<(i64, u16)>,
    outcomes: Vec<(M, Probability)>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            keys: Vec::new(),
            outcomes: Vec::new(),
        }
    }
}

/// One search thread. `MAIN` is the thread that watches the clock and reports; helpers compile
/// without either.
struct Worker<'a, G: Game, const MAIN: bool> {
    sh: &'a Shared<'a>,
    oracle: Option<&'a Oracle<G>>,
    root_seat: usize,
    players: usize,
    repetition: bool,
    mode: Mode,
    exact: bool,
    star2: bool,
    nodes: u64,
    published: u64,
    local_limit: u64,
    stopped: bool,
    seldepth: usize,
    frames: Vec<Frame<G::Move>>,
    heur: Heuristics<G::Move>,
    path: Vec<u64>,
    pv: Vec<Vec<G::Move>>,
    /// Late-move reductions by depth and move number (64 x 64).
    reductions: Vec<u8>,
}

impl<'a, G: Game, const MAIN: bool> Worker<'a, G, MAIN> {
    fn new(
        sh: &'a Shared<'a>,
        root: &G,
        mode: Mode,
        config: &SearchConfig,
        oracle: Option<&'a Oracle<G>>,
    ) -> Self {
        let root_seat = match root.turn() {
            Turn::Player(p) => p,
            _ => 0,
        };
        let local_limit = match sh.limits.nodes {
            Some(n) if sh.threads == 1 && !sh.limits.infinite => n,
            _ => u64::MAX,
        };
        Worker {
            sh,
            oracle,
            root_seat,
            players: root.players(),
            repetition: root.repetition_limit().is_some(),
            mode,
            exact: config.exact,
            star2: config.star2,
            nodes: 0,
            published: 0,
            local_limit,
            stopped: false,
            seldepth: 0,
            frames: (0..MAX_HEIGHT + 2).map(|_| Frame::default()).collect(),
            heur: Heuristics::new(),
            path: Vec::with_capacity(MAX_HEIGHT + 2),
            pv: (0..MAX_HEIGHT + 2).map(|_| Vec::new()).collect(),
            reductions: (0..64 * 64)
                .map(|i| {
                    let (d, n) = ((i / 64) as f64, (i % 64) as f64);
                    if d < 1.0 || n < 1.0 {
                        0
                    } else {
                        (0.5 + d.ln() * n.ln() / 2.0) as u8
                    }
                })
                .collect(),
        }
    }

    /// Iterative deepening. Helper `index` searches one ply deeper on odd indices, so threads
    /// spread over depths and fill the shared table with different subtrees.
    fn iterate(
        mut self,
        state: &G,
        max_depth: u32,
        index: usize,
        report: Option<&Reporter<'_, G::Move>>,
    ) -> ThreadResult<G::Move> {
        let mut done = ThreadResult {
            depth: 0,
            score: 0,
            pv: Vec::new(),
            nodes: 0,
            seldepth: 0,
            complete: false,
        };
        let mut last = 0;
        for d in 1..=max_depth {
            let depth = (d + (index & 1) as u32).min(max_depth);
            if depth <= last {
                continue;
            }
            let score = self.aspiration(state, depth, done.score);
            if self.stopped {
                // Without a finished iteration, the first move of the partial one is all there is.
                if done.pv.is_empty() {
                    done.pv = self.pv[0].iter().take(1).copied().collect();
                }
                break;
            }
            last = depth;
            done.depth = depth;
            done.score = score;
            done.pv = self.pv[0].clone();
            done.seldepth = self.seldepth as u32;
            if MAIN {
                if let Some(report) = report {
                    report(&DepthReport {
                        depth,
                        seldepth: self.seldepth as u32,
                        score: Score(score),
                        pv: done.pv.clone(),
                        nodes: self.sh.nodes.load(Ordering::Relaxed) + self.nodes - self.published,
                        elapsed: self.sh.clock.elapsed(),
                    });
                }
                if self.sh.clock.past_half() && !self.sh.limits.infinite {
                    break;
                }
            }
            // A proven result within the depth searched cannot change by searching deeper.
            if depth == max_depth || (is_proven(score) && (WIN - score.abs()) as u32 <= depth) {
                // Whichever thread gets there first ends the search for all.
                done.complete = true;
                self.sh.stop.store(true, Ordering::Relaxed);
                break;
            }
            if self.sh.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        done.nodes = self.nodes;
        done
    }

    /// One iteration in a window around the last score, widened until the score falls inside.
    fn aspiration(&mut self, state: &G, depth: u32, last: i32) -> i32 {
        let depth = depth as i32;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= 5 && !is_proven(last) {
            ((last - delta).max(-INFINITY), (last + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let v = self.node::<true>(state, depth, 0, 0, alpha, beta);
            if self.stopped {
                return v;
            }
            if v <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITY);
            } else if v >= beta && beta < INFINITY {
                beta = (v + delta).min(INFINITY);
            } else {
                return v;
            }
            delta *= 2;
            if delta > 4 * EVAL_LIMIT {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Counts a node and, now and then, looks at the clock, the node budget and the stop flags.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.local_limit {
            self.stopped = true;
            self.sh.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes & 1023 == 0 {
            let total = self
                .sh
                .nodes
                .fetch_add(self.nodes - self.published, Ordering::Relaxed)
                + self.nodes
                - self.published;
            self.published = self.nodes;
            let over_nodes = self.sh.limits.nodes.is_some_and(|n| total >= n);
            if (MAIN && self.sh.clock.out_of_time()) || over_nodes || self.sh.external.is_set() {
                self.sh.stop.store(true, Ordering::Relaxed);
            }
            if self.sh.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
    }

    #[inline]
    fn side(&self, state: &G) -> bool {
        match state.turn() {
            Turn::Player(p) => p == self.root_seat,
            _ => true,
        }
    }

    #[inline]
    fn leaf(&self, state: &G, side: bool, ply: usize) -> i32 {
        let v = match self.mode.horizon {
            Some(Horizon::Pessimistic) => loss_in(ply + 1),
            Some(Horizon::Optimistic) => win_in(ply + 1),
            None => state
                .evaluate(self.root_seat)
                .clamp(-EVAL_LIMIT, EVAL_LIMIT),
        };
        if side {
            v
        } else {
            -v
        }
    }

    /// A child's value from the parent's side.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child<const PV: bool>(
        &mut self,
        parent_side: bool,
        child: &G,
        depth: i32,
        ply: usize,
        height: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.side(child) == parent_side {
            self.node::<PV>(child, depth, ply, height, alpha, beta)
        } else {
            -self.node::<PV>(child, depth, ply, height, -beta, -alpha)
        }
    }

    /// The score a table entry settles this node with, if it does: deep enough (exactly the
    /// depth in exact mode) and outside the window on the side its bound allows; never at PV
    /// nodes, which must return a line.
    #[inline]
    fn table_cutoff<const PV: bool>(
        &self,
        e: &Entry,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let deep_enough = if self.exact {
            e.depth == depth
        } else {
            e.depth >= depth
        };
        if PV || !deep_enough {
            return None;
        }
        let s = from_table(e.score, ply);
        match e.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }

    fn repeated(&self, hash: u64) -> bool {
        self.path.iter().rev().any(|&h| h == hash)
            || (!self.sh.earlier.is_empty() && self.sh.earlier.contains(&hash))
    }

    /// The value of `state` from its side's point of view (fail-soft outside chance states).
    fn node<const PV: bool>(
        &mut self,
        state: &G,
        depth: i32,
        ply: usize,
        height: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        self.pv[height].clear();
        let seat = match state.turn() {
            Turn::Terminal => {
                return terminal_score(state.payoffs().get(self.root_seat), self.players, ply)
            }
            Turn::Chance => return self.chance::<PV>(state, depth, ply, height, alpha, beta),
            Turn::Player(p) => p,
        };
        let side = seat == self.root_seat;
        let hash = state.hash();
        if self.repetition && height > 0 && self.repeated(hash) {
            return 0;
        }
        if height > 0 {
            // In two-player games the node's side is the mover's, the oracle's point of view.
            if let Some(v) = self.oracle.and_then(|o| o(state, ply)) {
                return v;
            }
        }
        if depth <= 0 || height >= MAX_HEIGHT - 1 || ply >= MAX_PLY - 1 {
            return self.leaf(state, side, ply);
        }
        // Mate-distance pruning: nothing here can beat a win or loss on the next ply.
        alpha = alpha.max(loss_in(ply + 1));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = hash ^ self.mode.key_xor;
        let mut tt_move = None;
        // Nodes one ply above the horizon are the most numerous and the cheapest to redo: they
        // skip the table (a memory access that mostly misses) outside exact mode.
        let use_table = depth > 1 || self.exact || PV;
        let probed = if use_table {
            self.sh.table.probe(key)
        } else {
            None
        };
        if let Some(e) = probed {
            tt_move = e.mv;
            if let Some(s) = self.table_cutoff::<PV>(&e, depth, ply, alpha, beta) {
                return s;
            }
        }

        // Selective search: only with the evaluation, never in exact mode or proven windows.
        let selective = !self.exact && self.mode.horizon.is_none();
        if selective && !PV && depth <= RFP_DEPTH && !is_proven(alpha) && !is_proven(beta) {
            // Reverse futility: far enough above beta that a few plies will not bring it down.
            let eval = self.leaf(state, side, ply);
            if eval - RFP_MARGIN * depth >= beta {
                return eval;
            }
        }

        let mut frame = std::mem::take(&mut self.frames[height]);
        frame.moves.clear();
        state.legal_moves(&mut frame.moves);
        if frame.moves.is_empty() {
            self.frames[height] = frame;
            return self.leaf(state, side, ply);
        }
        frame.keys.clear();
        for (i, &m) in frame.moves.iter().enumerate() {
            let k = if tt_move == Some(i as u16) {
                i64::MAX
            } else {
                self.heur.key(state, m, ply, side)
            };
            frame.keys.push((k, i as u16));
        }

        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        self.path.push(hash);
        for n in 0..frame.moves.len() {
            let i = pick_next(&mut frame.keys, n);
            let m = frame.moves[i];
            let mut child = state.clone();
            child.play(m);
            let mut v;
            if n == 0 {
                v = self.child::<PV>(side, &child, depth - 1, ply + 1, height + 1, alpha, beta);
            } else {
                // Late-move reduction: a quiet move late in the order is first searched
                // shallower, and again at full depth only if it beats alpha there.
                let quiet = frame.keys[n].0 < 1 << 30;
                let mut r = 0;
                if selective && quiet && depth >= LMR_DEPTH && n >= LMR_MOVE && !is_proven(alpha) {
                    r = i32::from(self.reductions[(depth.min(63) as usize) * 64 + n.min(63)]);
                    if PV {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                v = alpha + 1;
                if r > 0 {
                    v = self.child::<false>(
                        side,
                        &child,
                        depth - 1 - r,
                        ply + 1,
                        height + 1,
                        alpha,
                        alpha + 1,
                    );
                }
                if v > alpha {
                    v = self.child::<false>(
                        side,
                        &child,
                        depth - 1,
                        ply + 1,
                        height + 1,
                        alpha,
                        alpha + 1,
                    );
                }
                // Re-search when the null window failed high inside the real window (also at
                // non-PV nodes: a chance node's Star1 window can be wider than null).
                if v > alpha && v < beta {
                    v = self.child::<PV>(side, &child, depth - 1, ply + 1, height + 1, alpha, beta);
                }
            }
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_index = Some(i as u16);
                if v > alpha {
                    alpha = v;
                    if PV {
                        let (head, tail) = self.pv.split_at_mut(height + 1);
                        let line = &mut head[height];
                        line.clear();
                        line.push(m);
                        line.extend_from_slice(&tail[0]);
                    }
                    if alpha >= beta {
                        if frame.keys[n].0 < 1 << 32 {
                            self.heur.cutoff(m, ply, side, depth);
                            for k in 0..n {
                                let (key, i) = frame.keys[k];
                                if key < 1 << 32 {
                                    self.heur.failed(frame.moves[i as usize], side, depth);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.frames[height] = frame;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            self.sh
                .table
                .store(key, to_table(best, ply), depth, bound, best_index);
        }
        best
    }

    /// A chance state: the expected value over the outcomes, scored from the root seat's side,
    /// with Star1 cutoffs. Fails hard (returns `alpha` or `beta`) when it cuts off.
    fn chance<const PV: bool>(
        &mut self,
        state: &G,
        depth: i32,
        ply: usize,
        height: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let key = state.hash() ^ self.mode.key_xor;
        if let Some(e) = self.sh.table.probe(key) {
            if let Some(s) = self.table_cutoff::<PV>(&e, depth, ply, alpha, beta) {
                return s;
            }
        }
        let mut frame = std::mem::take(&mut self.frames[height]);
        frame.outcomes.clear();
        state.chance_outcomes(&mut frame.outcomes);
        if let Some((value, bound)) =
            self.star2(state, &frame.outcomes, depth, ply, height, alpha, beta)
        {
            self.frames[height] = frame;
            self.sh
                .table
                .store(key, to_table(value, ply), depth, bound, None);
            return value;
        }
        if self.stopped {
            self.frames[height] = frame;
            return 0;
        }
        let (lo, hi) = (f64::from(-WIN), f64::from(WIN));
        let (mut sum, mut mass) = (0.0f64, 0.0f64);
        let count = frame.outcomes.len();
        let mut result = None;
        for k in 0..count {
            let (outcome, prob) = frame.outcomes[k];
            let p = prob.value();
            let rest = if k + 1 == count {
                0.0
            } else {
                (1.0 - mass - p).max(0.0)
            };
            // The child value below which the average must end at or below alpha, and above
            // which it must end at or above beta, whatever the other outcomes bring.
            let a = (f64::from(alpha) - sum - hi * rest) / p;
            let b = (f64::from(beta) - sum - lo * rest) / p;
            // Beyond the values a child can take, the bound decides without a search.
            if b <= lo {
                result = Some((beta, Bound::Lower));
                break;
            }
            if a >= hi {
                result = Some((alpha, Bound::Upper));
                break;
            }
            let ca = a.floor().max(f64::from(-INFINITY)) as i32;
            let cb = b.ceil().min(f64::from(INFINITY)) as i32;
            let mut child = state.clone();
            child.play(outcome);
            let v = self.child::<PV>(true, &child, depth, ply, height + 1, ca, cb);
            if self.stopped {
                break;
            }
            if v <= ca {
                result = Some((alpha, Bound::Upper));
                break;
            }
            if v >= cb {
                result = Some((beta, Bound::Lower));
                break;
            }
            sum += p * f64::from(v);
            mass += p;
        }
        self.frames[height] = frame;
        if self.stopped {
            return 0;
        }
        let (value, bound) = result.unwrap_or((sum.round() as i32, Bound::Exact));
        self.sh
            .table
            .store(key, to_table(value, ply), depth, bound, None);
        value
    }

    /// Star2's probing phase (Ballard 1983). When every outcome leads to a player of the same
    /// side, one move of each outcome bounds that outcome's value: from below when the side is
    /// the chance state's own (it will pick at least that), from above when it is the other.
    /// If the bounds already put the average outside the window, the chance state is cut
    /// without searching every outcome in full.
    #[allow(clippy::too_many_arguments)]
    fn star2(
        &mut self,
        state: &G,
        outcomes: &[(G::Move, Probability)],
        depth: i32,
        ply: usize,
        height: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Bound)> {
        if depth < 1 || outcomes.len() < 2 || !self.star2 {
            return None;
        }
        let (lo, hi) = (f64::from(-WIN), f64::from(WIN));
        let (mut sum, mut mass) = (0.0f64, 0.0f64);
        let mut side = None;
        for (k, &(outcome, prob)) in outcomes.iter().enumerate() {
            let p = prob.value();
            let rest = if k + 1 == outcomes.len() {
                0.0
            } else {
                (1.0 - mass - p).max(0.0)
            };
            let mut child = state.clone();
            child.play(outcome);
            let s = match child.turn() {
                Turn::Player(seat) => seat == self.root_seat,
                _ => return None,
            };
            if *side.get_or_insert(s) != s {
                return None;
            }
            let child_hash = child.hash();
            if self.repetition && self.repeated(child_hash) {
                return None;
            }
            // The probe move: the table's, else the one the game hints best.
            let mut moves = std::mem::take(&mut self.frames[height + 1].moves);
            moves.clear();
            child.legal_moves(&mut moves);
            if moves.is_empty() {
                self.frames[height + 1].moves = moves;
                return None;
            }
            let table_move = self
                .sh
                .table
                .probe(child_hash ^ self.mode.key_xor)
                .and_then(|e| e.mv)
                .map(usize::from)
                .filter(|&i| i < moves.len());
            let pick = table_move.unwrap_or_else(|| {
                (0..moves.len())
                    .max_by_key(|&i| (child.move_hint(moves[i]), std::cmp::Reverse(i)))
                    .unwrap_or(0)
            });
            let mv = moves[pick];
            self.frames[height + 1].moves = moves;
            let mut grand = child.clone();
            grand.play(mv);
            self.path.push(child_hash);
            // The value this outcome must reach (from below or above) for the bounds alone to
            // decide the average; a null-window probe tests it.
            let (bound, cut) = if s {
                let b = (f64::from(beta) - sum - lo * rest) / p;
                if b <= lo {
                    (lo as i32, true)
                } else if b > hi {
                    (lo as i32, false)
                } else {
                    let b = b.ceil() as i32;
                    let w =
                        self.child::<false>(true, &grand, depth - 1, ply + 1, height + 2, b - 1, b);
                    // Below `b` a null window proves no lower bound: count the worst.
                    (if w >= b { w } else { lo as i32 }, w >= b)
                }
            } else {
                let a = (f64::from(alpha) - sum - hi * rest) / p;
                if a >= hi {
                    (hi as i32, true)
                } else if a < lo {
                    (hi as i32, false)
                } else {
                    let a = a.floor() as i32;
                    let u = self.child::<false>(
                        false,
                        &grand,
                        depth - 1,
                        ply + 1,
                        height + 2,
                        -a - 1,
                        -a,
                    );
                    // The outcome is worth at most -u to this state.
                    (if -u <= a { -u } else { hi as i32 }, -u <= a)
                }
            };
            self.path.pop();
            if self.stopped {
                return None;
            }
            if cut {
                return Some(if s {
                    (beta, Bound::Lower)
                } else {
                    (alpha, Bound::Upper)
                });
            }
            sum += p * f64::from(bound);
            mass += p;
        }
        None
    }
}
