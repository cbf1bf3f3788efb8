//! A player node, in named steps after the shape of Stockfish's `search()` (kept simpler): the
//! positions settled without a search (terminal, repetition, oracle, horizon), mate-distance
//! pruning, the table probe, reverse futility pruning, move ordering, the principal-variation
//! search over the moves with late-move reductions, and the table store.

use std::ops::ControlFlow;

use crate::game::{Game, Turn};

use super::super::ordering::{is_quiet, is_unhinted, pick_next, TABLE_MOVE};
use super::super::score::{is_proven, loss_in, to_table, win_in, INFINITY, MAX_PLY};
use super::super::tt::Bound;
use super::params::{
    LMR_DEPTH, LMR_KEEP, LMR_MOVE, LMR_PV_LESS, LMR_TABLE, MAX_HEIGHT, RFP_DEPTH, RFP_MARGIN,
    TABLE_SKIP_DEPTH, THREAT_EXTENSION_REACH,
};
use super::worker::{Frame, Worker};

/// Where a node stands: plies of depth left, plies from the root, frames from the root (chance
/// nodes count as frames but not as plies), and its side (whether the player to move is the
/// root seat or on its side; chance nodes count as the root seat's).
#[derive(Clone, Copy, Debug)]
pub(super) struct At {
    pub(super) depth: i32,
    pub(super) ply: usize,
    pub(super) height: usize,
    pub(super) side: bool,
}

impl<G: Game, const MAIN: bool> Worker<'_, G, MAIN> {
    /// The value of `state` from its side's point of view (fail-soft outside chance states).
    pub(super) fn node<const PV: bool>(
        &mut self,
        state: &G,
        depth: i32,
        ply: usize,
        height: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if !self.enter(ply, height) {
            return 0;
        }
        let seat = match state.turn() {
            Turn::Terminal => return self.terminal(state, ply),
            Turn::Chance => return self.chance::<PV>(state, depth, ply, height, alpha, beta),
            Turn::Player(p) => p,
        };
        let at = At {
            depth,
            ply,
            height,
            side: seat == self.root_seat,
        };
        let hash = state.hash();
        if let Some(v) = self.settled(state, at, hash) {
            return v;
        }
        let depth = depth + self.extension(state, depth, ply);
        let at = At { depth, ..at };
        if depth <= 0 {
            // The horizon: the evaluation, or quiescence where the game has it.
            return self.quiesce(state, at.side, ply, height, 0, alpha, beta);
        }
        // Mate-distance pruning: nothing here can beat a win or loss on the next ply.
        let alpha = alpha.max(loss_in(ply + 1));
        let beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let key = hash ^ self.mode.key_xor;
        let use_table = depth > TABLE_SKIP_DEPTH || self.exact || PV;
        let tt_move = match self.probe::<PV>(key, use_table, at, alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(mv) => mv,
        };
        if let Some(v) = self.reverse_futility::<PV>(state, at, alpha, beta) {
            return v;
        }
        let mut frame = std::mem::take(&mut self.frames[height]);
        if !self.order_moves(state, &mut frame, tt_move, at) {
            self.frames[height] = frame;
            return self.leaf(state, at.side, ply);
        }
        self.path.push(hash);
        let (best, best_index) = self.search_moves::<PV>(state, &mut frame, at, alpha, beta);
        self.path.pop();
        self.frames[height] = frame;
        if self.stopped {
            return 0;
        }
        // A root searched among some of its moves has a value of its own; it is not the
        // position's, so the table does not keep it.
        if use_table && !(height == 0 && self.root_moves.is_some()) {
            self.store(key, best, at, alpha, beta, best_index);
        }
        best
    }

    /// Counts the node (false: the search has stopped), notes how deep it is and clears its
    /// line.
    #[inline]
    pub(super) fn enter(&mut self, ply: usize, height: usize) -> bool {
        // A node entered after the stop is not searched, so it is not counted either: a
        // budget of N nodes reports N, not N + 1.
        if self.stopped {
            return false;
        }
        self.tick();
        if self.stopped {
            return false;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        self.pv[height].clear();
        true
    }

    /// The value of a player node known without searching its moves: a repetition (a draw), the
    /// oracle's exact value (below the root), or the evaluation at the deepest height.
    fn settled(&self, state: &G, at: At, hash: u64) -> Option<i32> {
        if self.repetition && at.height > 0 && self.repeated(hash) {
            return Some(0);
        }
        if at.height > 0 {
            // In two-player games the node's side is the mover's, the oracle's point of view.
            if let Some(v) = self.oracle.and_then(|o| o.score(state, at.ply)) {
                return Some(v);
            }
        }
        if at.height >= MAX_HEIGHT - 1 || at.ply >= MAX_PLY - 1 {
            return Some(self.leaf(state, at.side, at.ply));
        }
        None
    }

    /// The plies a node is searched deeper by: one when the player to move is threatened
    /// ([`Game::threatened`]), in selective search, above the horizon (quiescence answers
    /// threats there), and only within twice the iteration's depth from the root, so that a
    /// run of threats cannot lengthen a line without end.
    #[inline]
    fn extension(&self, state: &G, depth: i32, ply: usize) -> i32 {
        let room = (ply as i32) < THREAT_EXTENSION_REACH * self.root_depth;
        i32::from(depth > 0 && room && self.selective() && state.threatened())
    }

    /// Probes the table: breaks with the score an entry settles the node with, or continues with
    /// the entry's move (to be tried first). Nodes that skip the table continue with none.
    fn probe<const PV: bool>(
        &self,
        key: u64,
        use_table: bool,
        at: At,
        alpha: i32,
        beta: i32,
    ) -> ControlFlow<i32, Option<u16>> {
        if !use_table {
            return ControlFlow::Continue(None);
        }
        let Some(e) = self.sh.table.probe(key) else {
            return ControlFlow::Continue(None);
        };
        match self.table_cutoff::<PV>(&e, at.depth, at.ply, alpha, beta) {
            Some(score) => ControlFlow::Break(score),
            None => ControlFlow::Continue(e.mv),
        }
    }

    /// Reverse futility pruning (selective search only, in games that allow it
    /// ([`Game::FUTILITY_PRUNING`]), never at PV nodes or in proven windows): an evaluation so far
    /// above beta that the few plies left will not bring it down is returned at once.
    fn reverse_futility<const PV: bool>(
        &self,
        state: &G,
        at: At,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !G::FUTILITY_PRUNING
            || !self.selective()
            || PV
            || at.depth > RFP_DEPTH
            || is_proven(alpha)
            || is_proven(beta)
        {
            return None;
        }
        let eval = self.leaf(state, at.side, at.ply);
        (eval - RFP_MARGIN * at.depth >= beta).then_some(eval)
    }

    /// Fills `frame` with the legal moves and their ordering keys (the table move first, then
    /// the heuristics' order); false when there is no move.
    fn order_moves(
        &self,
        state: &G,
        frame: &mut Frame<G::Move>,
        tt_move: Option<u16>,
        at: At,
    ) -> bool {
        frame.moves.clear();
        state.legal_moves(&mut frame.moves);
        if frame.moves.is_empty() {
            return false;
        }
        frame.keys.clear();
        for (i, &m) in frame.moves.iter().enumerate() {
            let k = if tt_move == Some(i as u16) {
                TABLE_MOVE
            } else {
                self.heur.key(state, m, at.ply, at.side)
            };
            frame.keys.push((k, i as u16));
        }
        if let Some(only) = self.root_moves.filter(|_| at.height == 0) {
            // The excluded moves leave the order but keep their indices, which the table's
            // move refers to.
            let moves = &frame.moves;
            frame
                .keys
                .retain(|&(_, i)| only.contains(&moves[i as usize]));
        }
        !frame.keys.is_empty()
    }

    /// Searches the ordered moves of `frame` (those left in its keys) until one cuts off: the best score and the index of
    /// its move (fail-soft; none when no move was searched to the end).
    fn search_moves<const PV: bool>(
        &mut self,
        state: &G,
        frame: &mut Frame<G::Move>,
        at: At,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<u16>) {
        let mut best = -INFINITY;
        let mut best_index = None;
        for n in 0..frame.keys.len() {
            if n > 0 && self.should_split(at, frame.keys.len() - n) {
                return self.split::<PV>(state, frame, n, at, alpha, beta, (best, best_index));
            }
            let i = pick_next(&mut frame.keys, n);
            let m = frame.moves[i];
            let mut child = state.clone();
            child.play(m);
            let quiet = is_quiet(frame.keys[n].0);
            let v = self.search_move::<PV>(&child, n, quiet, at, alpha, beta);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_index = Some(i as u16);
                if v > alpha {
                    alpha = v;
                    if PV {
                        self.update_pv(at.height, m);
                        if at.height == 0 {
                            self.root_score = Some(v);
                        }
                    }
                    if alpha >= beta {
                        self.learn_cutoff(frame, n, at);
                        break;
                    }
                } else if PV && at.height > 0 && v == alpha && is_proven(v) {
                    // Mate-distance pruning raised alpha to the quickest loss, so the move
                    // that loses only that quickly cannot beat it; it is still the line's next
                    // move (without it a proven line stopped one ply before the game's end).
                    self.update_pv(at.height, m);
                }
            }
        }
        (best, best_index)
    }

    /// Principal-variation search of the `n`-th move's `child`: the first move with the full
    /// window; later ones with a null window, first reduced when late and quiet, searched again
    /// at full depth if they beat alpha there, and with the full window if they land inside it.
    pub(super) fn search_move<const PV: bool>(
        &mut self,
        child: &G,
        n: usize,
        quiet: bool,
        at: At,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (side, depth, ply, height) = (at.side, at.depth - 1, at.ply + 1, at.height + 1);
        if n == 0 {
            return self.child::<PV>(side, child, depth, ply, height, alpha, beta);
        }
        let r = self.reduction::<PV>(quiet, at.depth, n, alpha);
        let mut v = alpha + 1;
        if r > 0 {
            v = self.child::<false>(side, child, depth - r, ply, height, alpha, alpha + 1);
        }
        if v > alpha {
            v = self.child::<false>(side, child, depth, ply, height, alpha, alpha + 1);
        }
        // Re-search when the null window failed high inside the real window (also at non-PV
        // nodes: a chance node's Star1 window can be wider than null).
        if v > alpha && v < beta {
            v = self.child::<PV>(side, child, depth, ply, height, alpha, beta);
        }
        v
    }

    /// The late-move reduction of the `n`-th move at `depth`: only for quiet moves late in the
    /// order, in selective search, away from the horizon and outside proven windows.
    fn reduction<const PV: bool>(&self, quiet: bool, depth: i32, n: usize, alpha: i32) -> i32 {
        if !self.selective() || !quiet || depth < LMR_DEPTH || n < LMR_MOVE || is_proven(alpha) {
            return 0;
        }
        let last = LMR_TABLE - 1;
        let mut r =
            i32::from(self.reductions[(depth.min(last as i32) as usize) * LMR_TABLE + n.min(last)]);
        if PV {
            r -= LMR_PV_LESS;
        }
        r.clamp(0, depth - LMR_KEEP)
    }

    /// The principal variation at `height` becomes `m` followed by the child's.
    fn update_pv(&mut self, height: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(height + 1);
        let line = &mut head[height];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// After the `n`-th move cut off: if it is a move the game does not hint (a quiet one), it
    /// becomes a killer and gains history, and the quiet moves tried before it lose history.
    pub(super) fn learn_cutoff(&mut self, frame: &Frame<G::Move>, n: usize, at: At) {
        let (key, i) = frame.keys[n];
        if !is_unhinted(key) {
            return;
        }
        self.heur
            .cutoff(frame.moves[i as usize], at.ply, at.side, at.depth);
        for &(key, i) in &frame.keys[..n] {
            if is_unhinted(key) {
                self.heur.failed(frame.moves[i as usize], at.side, at.depth);
            }
        }
    }

    /// Stores the node's result with the bound it has against the window it was searched in.
    fn store(&self, key: u64, best: i32, at: At, alpha: i32, beta: i32, best_index: Option<u16>) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.sh
            .table
            .store(key, to_table(best, at.ply), at.depth, bound, best_index);
    }
}
