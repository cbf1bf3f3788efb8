//! Young Brothers Wait splitting (Feldmann's YBWC, in the shape of Hyatt's split points): a node
//! whose first move has been searched without a cutoff may hand its remaining moves to idle
//! threads. Any thread searching may make one; idle helpers wait in [`Pool::wait`] for one with
//! moves left, take moves from it one at a time, and merge each result under the split point's
//! lock. A thread waiting for the helpers of its own split point searches moves of the split
//! points they make meanwhile (the helpful master), so it is not idle while they finish. A
//! cutoff found by any thread ends the split point's other searches (they unwind as a stopped
//! search does and store nothing).

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use crate::game::Game;

use super::super::ordering::{is_quiet, pick_next};
use super::node::At;
use super::params::SPLIT_DEPTH;
use super::worker::{Frame, Worker};
use super::ThreadResult;

/// One move of a split point: the move, its index in the node's move list, its number in the
/// node's order, and whether it is quiet (late-move reductions need both).
#[derive(Clone, Copy, Debug)]
pub(super) struct SplitMove<M> {
    pub(super) mv: M,
    pub(super) index: u16,
    pub(super) n: usize,
    pub(super) quiet: bool,
}

/// What the searches of a split point found so far.
#[derive(Debug)]
pub(super) struct SplitBest<M> {
    /// The best score (fail-soft), `-INFINITY` before any.
    pub(super) best: i32,
    /// The move list index of the best move.
    pub(super) best_index: Option<u16>,
    /// At a PV node, the line of the best move that raised alpha.
    pub(super) pv: Vec<M>,
    /// The order number of the move that cut off, if one did.
    pub(super) cut_n: Option<usize>,
}

/// A node whose remaining moves several threads search.
pub(super) struct SplitPoint<G: Game> {
    pub(super) state: G,
    pub(super) moves: Vec<SplitMove<G::Move>>,
    pub(super) at: At,
    pub(super) beta: i32,
    pub(super) pv_node: bool,
    /// The hashes of the line from the root to this node (repetitions).
    pub(super) path: Vec<u64>,
    pub(super) root_depth: i32,
    /// The next move to hand out.
    pub(super) next: AtomicUsize,
    /// The window's lower bound as raised so far (read without the lock).
    pub(super) alpha: AtomicI32,
    pub(super) found: Mutex<SplitBest<G::Move>>,
    /// Set when a move cut off, or when the owner abandons the node: every search in it ends.
    pub(super) cut: AtomicBool,
    /// Helpers searching a move of it now.
    pub(super) workers: AtomicUsize,
    /// The split point its owner was searching a move of when it made this one.
    pub(super) parent: Option<Arc<SplitPoint<G>>>,
}

impl<G: Game> SplitPoint<G> {
    /// The next move to search, if any is left and no cutoff ended the node.
    pub(super) fn take(&self) -> Option<SplitMove<G::Move>> {
        if self.cut.load(Ordering::Relaxed) {
            return None;
        }
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        self.moves.get(k).copied()
    }

    /// Whether this split point is `sp` or lies in the tree of one of its moves.
    fn is_under(&self, sp: &SplitPoint<G>) -> bool {
        let mut p = Some(self);
        while let Some(s) = p {
            if std::ptr::eq(s, sp) {
                return true;
            }
            p = s.parent.as_deref();
        }
        false
    }

    /// Whether a helper joining now could find a move.
    fn has_work(&self) -> bool {
        !self.cut.load(Ordering::Relaxed) && self.next.load(Ordering::Relaxed) < self.moves.len()
    }

    /// Merges the result `v` of move `m` searched with its line `line` (PV nodes only): a new
    /// best, a raised alpha, or a cutoff.
    pub(super) fn merge(&self, m: SplitMove<G::Move>, v: i32, line: &[G::Move]) {
        let mut f = self.found.lock().expect("split point lock");
        if v <= f.best {
            return;
        }
        f.best = v;
        f.best_index = Some(m.index);
        let alpha = self.alpha.load(Ordering::Relaxed);
        if v > alpha {
            self.alpha.store(v, Ordering::Relaxed);
            if self.pv_node {
                f.pv.clear();
                f.pv.push(m.mv);
                f.pv.extend_from_slice(line);
            }
            if v >= self.beta {
                f.cut_n = Some(m.n);
                self.cut.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// Where the main thread offers split points and helpers wait for them.
pub(super) struct Pool<G: Game> {
    task: Mutex<Option<Arc<SplitPoint<G>>>>,
    wake: Condvar,
    /// Helpers waiting for work.
    idle: AtomicUsize,
    /// The search is over: waiting helpers return.
    done: AtomicBool,
}

impl<G: Game> Pool<G> {
    /// An empty pool.
    pub(super) fn new() -> Self {
        Pool {
            task: Mutex::new(None),
            wake: Condvar::new(),
            idle: AtomicUsize::new(0),
            done: AtomicBool::new(false),
        }
    }

    /// Whether a helper is waiting for work.
    pub(super) fn has_idle(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0
    }

    /// Offers `sp` to the helpers.
    pub(super) fn publish(&self, sp: &Arc<SplitPoint<G>>) {
        *self.task.lock().expect("pool lock") = Some(sp.clone());
        self.wake.notify_all();
    }

    /// Withdraws `sp`: no helper joins it after this (its parent is offered again if it has
    /// moves left).
    pub(super) fn withdraw(&self, sp: &Arc<SplitPoint<G>>) {
        let mut task = self.task.lock().expect("pool lock");
        if task.as_ref().is_some_and(|t| Arc::ptr_eq(t, sp)) {
            *task = sp.parent.clone().filter(|p| p.has_work());
        }
    }

    /// The split point offered now, joined, if it has moves left and lies under `sp`: what the
    /// owner of `sp` may search while it waits for `sp`'s helpers.
    pub(super) fn join_under(&self, sp: &SplitPoint<G>) -> Option<Arc<SplitPoint<G>>> {
        let task = self.task.lock().expect("pool lock");
        let t = task.as_ref().filter(|t| t.has_work() && t.is_under(sp))?;
        t.workers.fetch_add(1, Ordering::Acquire);
        Some(t.clone())
    }

    /// Counts a thread waiting for its split point's helpers as idle (true) or busy again.
    pub(super) fn set_waiting(&self, waiting: bool) {
        if waiting {
            self.idle.fetch_add(1, Ordering::Relaxed);
        } else {
            self.idle.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Waits for a split point with moves left and joins it (counted in its `workers`, which
    /// the helper must decrease when done); `None` when the search is over.
    pub(super) fn wait(&self) -> Option<Arc<SplitPoint<G>>> {
        let mut task = self.task.lock().expect("pool lock");
        self.idle.fetch_add(1, Ordering::Relaxed);
        loop {
            if self.done.load(Ordering::Relaxed) {
                self.idle.fetch_sub(1, Ordering::Relaxed);
                return None;
            }
            if let Some(sp) = task.as_ref().filter(|t| t.has_work()) {
                sp.workers.fetch_add(1, Ordering::Acquire);
                self.idle.fetch_sub(1, Ordering::Relaxed);
                return Some(sp.clone());
            }
            task = self.wake.wait(task).expect("pool lock");
        }
    }

    /// Ends the search for the helpers.
    pub(super) fn finish(&self) {
        let _task = self.task.lock().expect("pool lock");
        self.done.store(true, Ordering::Relaxed);
        self.wake.notify_all();
    }
}

impl<'a, G: Game, const MAIN: bool> Worker<'a, G, MAIN> {
    /// Whether the node at `at`, its first move searched, should hand its `left` other moves
    /// to idle threads: deep enough to be worth a split point, and some thread is idle.
    #[inline]
    pub(super) fn should_split(&self, at: At, left: usize) -> bool {
        left > 1
            && at.depth >= SPLIT_DEPTH
            && self.pool.is_some_and(Pool::has_idle)
            && !self.stopped
    }

    /// Searches the moves of `frame` from the `from`-th on together with the idle helpers, the
    /// earlier ones having given `best` (at `best_index`) and raised the window to `alpha`.
    /// Returns as [`Worker::search_moves`] does.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split<const PV: bool>(
        &mut self,
        state: &G,
        frame: &mut Frame<G::Move>,
        from: usize,
        at: At,
        alpha: i32,
        beta: i32,
        best: (i32, Option<u16>),
    ) -> (i32, Option<u16>) {
        let pool = self.pool.expect("a split needs a pool");
        // The rest of the moves in the order the serial loop would pick them.
        for n in from..frame.keys.len() {
            pick_next(&mut frame.keys, n);
        }
        let moves = (from..frame.keys.len())
            .map(|n| {
                let (key, index) = frame.keys[n];
                SplitMove {
                    mv: frame.moves[usize::from(index)],
                    index,
                    n,
                    quiet: is_quiet(key),
                }
            })
            .collect();
        let sp = Arc::new(SplitPoint {
            state: state.clone(),
            moves,
            at,
            beta,
            pv_node: PV,
            path: self.path.clone(),
            root_depth: self.root_depth,
            next: AtomicUsize::new(0),
            alpha: AtomicI32::new(alpha),
            found: Mutex::new(SplitBest {
                best: best.0,
                best_index: best.1,
                pv: Vec::new(),
                cut_n: None,
            }),
            cut: AtomicBool::new(false),
            workers: AtomicUsize::new(0),
            parent: self.splits.last().cloned(),
        });
        self.splits.push(sp.clone());
        pool.publish(&sp);
        self.work_on::<PV>(&sp);
        if self.stopped {
            sp.cut.store(true, Ordering::Relaxed);
        }
        pool.withdraw(&sp);
        self.wait_helping(pool, &sp);
        self.splits.pop();
        if self.stopped {
            // Stopped by this node's own cutoff (a helper's), the search goes on here; by a
            // cutoff above or the end of the search, it unwinds.
            let above = self.split_cut() || self.sh.stop.load(Ordering::Relaxed);
            if above {
                return (0, None);
            }
            self.stopped = false;
        }
        let found = sp.found.lock().expect("split point lock");
        if PV && !found.pv.is_empty() {
            self.pv[at.height].clone_from(&found.pv);
            if at.height == 0 {
                self.root_score = Some(found.best);
            }
        }
        if let Some(n) = found.cut_n {
            self.learn_cutoff(frame, n, at);
        }
        (found.best, found.best_index)
    }

    /// Takes moves of `sp` and searches them until none is left, a cutoff ends the node or the
    /// search stops; each finished result is merged.
    fn work_on<const PV: bool>(&mut self, sp: &SplitPoint<G>) {
        while let Some(m) = sp.take() {
            let mut child = sp.state.clone();
            child.play(m.mv);
            let alpha = sp.alpha.load(Ordering::Relaxed);
            let v = self.search_move::<PV>(&child, m.n, m.quiet, sp.at, alpha, sp.beta);
            if self.stopped {
                break;
            }
            sp.merge(m, v, &self.pv[sp.at.height + 1]);
        }
    }

    /// Waits until the helpers searching moves of `sp` are done, searching moves of the split
    /// points they make meanwhile (the helpful master of YBWC), unless this search is stopped.
    fn wait_helping(&mut self, pool: &Pool<G>, sp: &Arc<SplitPoint<G>>) {
        if sp.workers.load(Ordering::Acquire) == 0 {
            return;
        }
        let (path, root_depth) = (std::mem::take(&mut self.path), self.root_depth);
        pool.set_waiting(true);
        while sp.workers.load(Ordering::Acquire) > 0 {
            if self.stopped {
                std::hint::spin_loop();
                continue;
            }
            match pool.join_under(sp) {
                Some(child) => {
                    pool.set_waiting(false);
                    self.join(&child);
                    if !self.sh.stop.load(Ordering::Relaxed) {
                        // Stopped by a cutoff in `child`, which its owner deals with.
                        self.stopped = false;
                    }
                    pool.set_waiting(true);
                }
                None => std::hint::spin_loop(),
            }
        }
        pool.set_waiting(false);
        self.path = path;
        self.root_depth = root_depth;
    }

    /// Searches moves of `sp`, joined (counted in its workers), and leaves it.
    fn join(&mut self, sp: &Arc<SplitPoint<G>>) {
        self.path.clone_from(&sp.path);
        self.root_depth = sp.root_depth;
        self.splits.push(sp.clone());
        if sp.pv_node {
            self.work_on::<true>(sp);
        } else {
            self.work_on::<false>(sp);
        }
        self.splits.pop();
        sp.workers.fetch_sub(1, Ordering::Release);
    }

    /// A helper's life in a split search: joins split points until the search ends.
    pub(super) fn help(mut self) -> ThreadResult<G::Move> {
        if let Some(pool) = self.pool {
            while let Some(sp) = pool.wait() {
                self.join(&sp);
                self.stopped = false;
            }
        }
        ThreadResult {
            depth: 0,
            score: 0,
            pv: Vec::new(),
            nodes: self.nodes,
            seldepth: self.seldepth as u32,
            complete: false,
        }
    }

    /// Whether a split point this thread searches in was cut off (its search must end).
    #[inline]
    pub(super) fn split_cut(&self) -> bool {
        self.splits.iter().any(|s| s.cut.load(Ordering::Relaxed))
    }
}
