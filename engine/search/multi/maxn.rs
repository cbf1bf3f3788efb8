//! max^n with shallow pruning: every seat picks the child whose value vector is best for itself.

use crate::game::{Game, Turn, MAX_PLAYERS};

use super::{share_score, sort_moves, Iteration, Searcher, Values};

/// No seat above: nothing to prune against (the root's children of chance states).
const NO_SEAT: usize = usize::MAX;

/// A strict margin for shallow pruning, so that rounding in the shares never prunes a child
/// the seat above could still prefer.
const PRUNE_MARGIN: f64 = 1e-9;

impl<G: Game> Searcher<'_, G> {
    /// One max^n iteration at the root to `depth` plies, `first` searched first.
    pub(super) fn maxn_root(
        &mut self,
        state: &G,
        depth: u32,
        first: Option<G::Move>,
    ) -> Iteration<G::Move> {
        let me = self.root_seat;
        let mut buf = std::mem::take(&mut self.scratch[0]);
        buf.clear();
        self.add_moves(state, first, me, &mut buf);
        sort_moves(&mut buf);
        let mut it = Iteration {
            best: None,
            score: 0,
            pv: Vec::new(),
            shares: Vec::new(),
        };
        // The best child's value vector so far; score and shares are read from it at the end.
        let mut best: Option<Values> = None;
        for &(_, _, m) in &buf {
            let mut child = state.clone();
            child.play(m);
            let v = self.maxn(&child, depth - 1, 1, me, best.map_or(0.0, |b| b[me]));
            if self.stopped {
                break;
            }
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
                it.best = Some(m);
                self.update_pv(0, m);
                it.pv = self.pv[0].clone();
            }
        }
        if let Some(v) = best {
            it.score = share_score(v[me], self.players);
            it.shares = v[..self.players].to_vec();
        }
        self.scratch[0] = buf;
        it
    }

    /// The value vector of `state`, `depth` plies deep, `ply` from the root. `parent` is the
    /// seat that moved into it and `bound` the best share it has found among its other moves:
    /// once the seat here has `1 - bound` or more, the parent cannot prefer this node (the
    /// shares sum to 1), so its remaining moves are pruned.
    fn maxn(&mut self, state: &G, depth: u32, ply: usize, parent: usize, bound: f64) -> Values {
        self.pv[ply].clear();
        if self.enter() {
            return [0.0; MAX_PLAYERS];
        }
        let seat = match state.turn() {
            Turn::Terminal => return self.maxn_terminal(state),
            Turn::Chance => return self.maxn_chance(state, depth, ply),
            Turn::Player(s) => s,
        };
        if depth == 0 || ply + 1 >= self.pv.len() {
            return self.maxn_leaf(state);
        }
        let key = state.hash();
        if let Some((values, mv)) = self.table.probe(key, depth) {
            self.pv[ply].extend(mv);
            return values;
        }
        let mut buf = std::mem::take(&mut self.scratch[ply]);
        buf.clear();
        self.add_moves(state, None, seat, &mut buf);
        sort_moves(&mut buf);
        let cut = if parent == seat || parent == NO_SEAT {
            f64::INFINITY
        } else {
            1.0 - bound + PRUNE_MARGIN
        };
        let mut best: Option<Values> = None;
        let mut best_move = None;
        let mut pruned = false;
        for &(_, _, m) in &buf {
            let mut child = state.clone();
            child.play(m);
            let v = self.maxn(
                &child,
                depth - 1,
                ply + 1,
                seat,
                best.map_or(0.0, |b| b[seat]),
            );
            if self.stopped {
                break;
            }
            if best.is_none_or(|b| v[seat] > b[seat]) {
                best = Some(v);
                best_move = Some(m);
                self.update_pv(ply, m);
                if v[seat] >= cut {
                    pruned = true;
                    break;
                }
            }
        }
        self.scratch[ply] = buf;
        let values = best.unwrap_or_else(|| self.shares(state));
        if !pruned && !self.stopped {
            self.table.store(key, depth, &values, best_move);
        }
        values
    }

    /// A horizon node's value vector: its shares, or with [`super::MultiConfig::rollout`] those
    /// of the position where the root seat is next to move, each seat before it playing its
    /// move with the largest hint (ties to the first generated).
    fn maxn_leaf(&mut self, state: &G) -> Values {
        if !self.config.rollout {
            return self.shares(state);
        }
        let mut s = state.clone();
        for _ in 0..self.players {
            match s.turn() {
                Turn::Player(p) if p != self.root_seat => {
                    self.tmp.clear();
                    s.legal_moves(&mut self.tmp);
                    let mut best: Option<(i32, G::Move)> = None;
                    for &m in &self.tmp {
                        let h = s.move_hint(m);
                        if best.is_none_or(|(b, _)| h > b) {
                            best = Some((h, m));
                        }
                    }
                    match best {
                        Some((_, m)) => s.play(m),
                        None => break,
                    }
                }
                _ => break,
            }
        }
        match s.turn() {
            Turn::Terminal => self.maxn_terminal(&s),
            _ => self.shares(&s),
        }
    }

    /// A finished game's value vector: the payoffs, averaged with the shares of the
    /// evaluation of the final position, so that a seat that gets nothing in every line still
    /// prefers the narrowest loss, and the other seats' choices between lines they lose keep
    /// their order (both sum to 1).
    fn maxn_terminal(&self, state: &G) -> Values {
        let shares = self.shares(state);
        let payoffs = state.payoffs();
        let mut v = [0.0; MAX_PLAYERS];
        for (seat, x) in v.iter_mut().enumerate().take(self.players) {
            *x = 0.5 * (payoffs.get(seat) + shares[seat]);
        }
        v
    }

    /// A chance state's value vector: the outcomes' vectors weighted by their probabilities.
    fn maxn_chance(&mut self, state: &G, depth: u32, ply: usize) -> Values {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let mut total = [0.0; MAX_PLAYERS];
        for (m, p) in outcomes {
            let mut child = state.clone();
            child.play(m);
            let v = self.maxn(&child, depth, ply + 1, NO_SEAT, 0.0);
            if self.stopped {
                break;
            }
            for (t, x) in total.iter_mut().zip(v) {
                *t += p.value() * x;
            }
        }
        total
    }
}
