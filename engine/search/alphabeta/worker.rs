//! One search thread: its iterative deepening and aspiration windows, the node counter that
//! watches the limits, and the small helpers every node uses (leaf scores, the child's point of
//! view, table cutoffs, repetitions). The node itself is in `node.rs`, chance states in
//! `chance.rs`.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::game::{Game, Probability, Turn, EVAL_LIMIT};

use super::super::ordering::Heuristics;
use super::super::score::{
    from_table, is_proven, loss_in, terminal_score, win_in, Score, INFINITY, WIN,
};
use super::super::tt::{Bound, Entry};
use super::chance::Plan;
use super::params::{
    ASPIRATION, ASPIRATION_DEPTH, ASPIRATION_GIVE_UP, ASPIRATION_GROWTH, CHECK_INTERVAL, FRAMES,
    LMR_BASE, LMR_DIVISOR, LMR_TABLE,
};
use super::split::{Pool, SplitPoint};
use super::{
    DepthReport, Horizon, Mode, Reporter, SearchConfig, Shared, SharedOracle, ThreadResult,
};

/// The buffers of one node height, kept between visits so nodes do not allocate.
#[derive(Clone, Debug)]
pub(super) struct Frame<M> {
    /// The legal moves.
    pub(super) moves: Vec<M>,
    /// Ordering keys with move indices, sorted lazily.
    pub(super) keys: Vec<(i64, u16)>,
    /// A chance state's outcomes.
    pub(super) outcomes: Vec<(M, Probability)>,
    /// A chance state's Star2 plan, one per outcome.
    pub(super) plans: Vec<Plan<M>>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            keys: Vec::new(),
            outcomes: Vec::new(),
            plans: Vec::new(),
        }
    }
}

/// One search thread. `MAIN` is the thread that watches the clock and reports; helpers compile
/// without either.
pub(super) struct Worker<'a, G: Game, const MAIN: bool> {
    pub(super) sh: &'a Shared<'a>,
    pub(super) oracle: Option<&'a SharedOracle<G>>,
    pub(super) root_seat: usize,
    pub(super) players: usize,
    pub(super) repetition: bool,
    pub(super) mode: Mode,
    pub(super) exact: bool,
    pub(super) star2: bool,
    pub(super) probcut: bool,
    pub(super) nodes: u64,
    pub(super) published: u64,
    pub(super) local_limit: u64,
    pub(super) stopped: bool,
    pub(super) seldepth: usize,
    pub(super) frames: Vec<Frame<G::Move>>,
    pub(super) heur: Heuristics<G::Move>,
    pub(super) path: Vec<u64>,
    pub(super) pv: Vec<Vec<G::Move>>,
    /// The score of the root's line in `pv[0]` while an iteration runs (`None` until a root
    /// move is searched to the end inside the window).
    pub(super) root_score: Option<i32>,
    /// Late-move reductions by depth and move number (`LMR_TABLE` x `LMR_TABLE`).
    pub(super) reductions: Vec<u8>,
    /// The root moves the search may choose among (all legal moves when `None`): a multi-PV
    /// search's moves not yet ranked, or the one move of a separate search.
    pub(super) root_moves: Option<&'a [G::Move]>,
    /// The depth of the iteration running (extensions are bounded by it).
    pub(super) root_depth: i32,
    /// Where split points are offered, in a split search.
    pub(super) pool: Option<&'a Pool<G>>,
    /// The split points this thread is searching moves of, made or joined, outermost first.
    pub(super) splits: Vec<Arc<SplitPoint<G>>>,
}

/// The late-move reduction of every depth and move number below `LMR_TABLE`, row by depth.
fn reduction_table() -> Vec<u8> {
    (0..LMR_TABLE * LMR_TABLE)
        .map(|i| {
            let (d, n) = ((i / LMR_TABLE) as f64, (i % LMR_TABLE) as f64);
            if d < 1.0 || n < 1.0 {
                0
            } else {
                (LMR_BASE + d.ln() * n.ln() / LMR_DIVISOR) as u8
            }
        })
        .collect()
}

impl<'a, G: Game, const MAIN: bool> Worker<'a, G, MAIN> {
    pub(super) fn new(
        sh: &'a Shared<'a>,
        root: &G,
        mode: Mode,
        config: &SearchConfig,
        oracle: Option<&'a SharedOracle<G>>,
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
            probcut: config.probcut,
            nodes: 0,
            published: 0,
            local_limit,
            stopped: false,
            seldepth: 0,
            frames: (0..FRAMES).map(|_| Frame::default()).collect(),
            heur: Heuristics::new(),
            path: Vec::with_capacity(FRAMES),
            pv: (0..FRAMES).map(|_| Vec::new()).collect(),
            root_score: None,
            reductions: reduction_table(),
            root_moves: None,
            root_depth: 0,
            pool: None,
            splits: Vec::new(),
        }
    }

    /// Iterative deepening. Helper `index` searches one ply deeper on odd indices, so threads
    /// spread over depths and fill the shared table with different subtrees.
    pub(super) fn iterate(
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
            let started = self.sh.clock.elapsed();
            let score = self.aspiration(state, depth, done.score);
            if self.stopped {
                if let Some(score) = self.root_score.filter(|_| !self.pv[0].is_empty()) {
                    // A root move searched to the end inside this iteration's window beat the
                    // others searched before it (the first being last iteration's best): it is
                    // the deeper search's choice so far. The depth stays the last finished one.
                    done.pv = self.pv[0].clone();
                    done.score = score;
                } else if done.pv.is_empty() {
                    // Without a finished iteration, the first move of the partial one is all
                    // there is.
                    done.pv = self.pv[0].iter().take(1).copied().collect();
                }
                break;
            }
            last = depth;
            done.depth = depth;
            done.score = score;
            done.pv = self.pv[0].clone();
            done.seldepth = self.seldepth as u32;
            let took = self.sh.clock.elapsed().saturating_sub(started);
            if MAIN && self.report_iteration(&done, report, took) {
                break;
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

    /// The main thread's duties after an iteration that took `took`: tells the listener, and
    /// says whether to stop (the next iteration would not finish within the time budget).
    fn report_iteration(
        &self,
        done: &ThreadResult<G::Move>,
        report: Option<&Reporter<'_, G::Move>>,
        took: std::time::Duration,
    ) -> bool {
        if let Some(report) = report {
            report(&DepthReport {
                depth: done.depth,
                seldepth: self.seldepth as u32,
                score: Score(done.score),
                pv: done.pv.clone(),
                nodes: self.sh.nodes.load(Ordering::Relaxed) + self.nodes - self.published,
                elapsed: self.sh.clock.elapsed(),
            });
        }
        !self.sh.clock.starts_iteration(took) && !self.sh.limits.infinite
    }

    /// One iteration in a window around the last score, widened until the score falls inside.
    fn aspiration(&mut self, state: &G, depth: u32, last: i32) -> i32 {
        let depth = depth as i32;
        self.root_depth = depth;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && !is_proven(last) {
            ((last - delta).max(-INFINITY), (last + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            self.root_score = None;
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
            delta *= ASPIRATION_GROWTH;
            if delta > ASPIRATION_GIVE_UP {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Counts a node and, now and then, looks at the clock, the node budget and the stop flags.
    #[inline]
    pub(super) fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.local_limit {
            self.stopped = true;
            self.sh.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes & (CHECK_INTERVAL - 1) == 0 {
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
            if self.sh.stop.load(Ordering::Relaxed) || self.split_cut() {
                self.stopped = true;
            }
        }
    }

    /// Whether `state`'s side is the root seat's (chance states count as the root seat's).
    #[inline]
    pub(super) fn side(&self, state: &G) -> bool {
        match state.turn() {
            Turn::Player(p) => p == self.root_seat,
            _ => true,
        }
    }

    /// Whether the search uses the evaluation to reduce and prune: never in exact mode or when
    /// the solver scores the horizon with bounds.
    #[inline]
    pub(super) fn selective(&self) -> bool {
        !self.exact && self.mode.horizon.is_none()
    }

    /// The score of `state` at the horizon, from its side's point of view.
    #[inline]
    pub(super) fn leaf(&self, state: &G, side: bool, ply: usize) -> i32 {
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

    /// A finished game's score from the root seat's side: its payoff (a proven win or loss, or
    /// a share), or in margin mode the evaluation of the final position.
    #[inline]
    pub(super) fn terminal(&self, state: &G, ply: usize) -> i32 {
        if self.mode.margin {
            self.leaf(state, true, ply)
        } else {
            terminal_score(state.payoffs().get(self.root_seat), self.players, ply)
        }
    }

    /// A child's value from the parent's side.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child<const PV: bool>(
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
    pub(super) fn table_cutoff<const PV: bool>(
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

    /// Whether `hash` occurred earlier on the searched line or before the root.
    pub(super) fn repeated(&self, hash: u64) -> bool {
        self.path.iter().rev().any(|&h| h == hash)
            || (!self.sh.earlier.is_empty() && self.sh.earlier.contains(&hash))
    }
}
