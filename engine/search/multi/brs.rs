//! Best-Reply Search: the root seat's moves against the single best reply of any one opponent,
//! as a two-sided alpha-beta tree (fail-soft) scored from the root seat's point of view.

use crate::game::{Game, Turn, EVAL_LIMIT};

use super::super::score::{terminal_score, INFINITY};
use super::{sort_moves, Iteration, Searcher, TERMINAL_WEIGHT};

impl<G: Game> Searcher<'_, G> {
    /// One Best-Reply iteration at the root to `depth` plies, `first` searched first.
    pub(super) fn brs_root(
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
            score: -INFINITY,
            pv: Vec::new(),
            shares: Vec::new(),
        };
        for &(_, _, m) in &buf {
            let mut child = state.clone();
            child.play(m);
            let v = self.brs(&child, depth - 1, 1, it.score, INFINITY);
            if self.stopped {
                break;
            }
            if it.best.is_none() || v > it.score {
                it.score = v;
                it.best = Some(m);
                self.update_pv(0, m);
                it.pv = self.pv[0].clone();
            }
        }
        self.scratch[0] = buf;
        it
    }

    /// After a move: the opponents' turn is one node whoever is next, and after an opponent's
    /// reply the turn goes back to the root seat (when the game can hand it over).
    fn hand_back(&self, child: &mut G, after_reply: bool) {
        if after_reply && self.passes {
            if let Turn::Player(t) = child.turn() {
                if t != self.root_seat {
                    child.pass_to(self.root_seat);
                }
            }
        }
    }

    /// The root seat's value of `state`, `depth` plies deep, `ply` from the root, within the
    /// window `alpha..beta`.
    fn brs(&mut self, state: &G, depth: u32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.pv[ply].clear();
        if self.enter() {
            return 0;
        }
        let seat = match state.turn() {
            Turn::Terminal => return self.terminal(state, ply),
            Turn::Chance => return self.brs_chance(state, depth, ply),
            Turn::Player(s) => s,
        };
        if depth == 0 || ply + 1 >= self.pv.len() {
            return self.leaf(state);
        }
        let maximise = seat == self.root_seat;
        let mut buf = std::mem::take(&mut self.scratch[ply]);
        buf.clear();
        if maximise || !self.passes {
            self.add_moves(state, None, seat, &mut buf);
        } else {
            // Every opponent's moves, the next in turn first.
            for k in 0..self.players {
                let j = (seat + k) % self.players;
                if j == self.root_seat {
                    continue;
                }
                if j == seat {
                    self.add_moves(state, None, j, &mut buf);
                } else {
                    let mut other = state.clone();
                    other.pass_to(j);
                    self.add_moves(&other, None, j, &mut buf);
                }
            }
        }
        sort_moves(&mut buf);
        let mut best = if maximise { -INFINITY } else { INFINITY };
        let mut any = false;
        for &(_, j, m) in &buf {
            let mut child = state.clone();
            if j != seat {
                child.pass_to(j);
            }
            child.play(m);
            self.hand_back(&mut child, !maximise);
            let v = self.brs(&child, depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                break;
            }
            any = true;
            let better = if maximise { v > best } else { v < best };
            if better {
                best = v;
                self.update_pv(ply, m);
                if maximise {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.scratch[ply] = buf;
        if any {
            best
        } else {
            self.leaf(state)
        }
    }

    /// The root seat's value of a finished game. With two players a proven win or loss (the
    /// opponent's best reply is the real one). With more, the lone opponent of the search is
    /// only a model of several players each playing for itself: a line it "wins" is seldom
    /// played, so a finished game scores in the evaluation's range, its payoff weighing
    /// [`TERMINAL_WEIGHT`] on top of the evaluation (the final margin), and a search that sees
    /// only losses still prefers the narrowest one instead of giving up.
    fn terminal(&self, state: &G, ply: usize) -> i32 {
        let payoff = state.payoffs().get(self.root_seat);
        if self.players == 2 {
            return terminal_score(payoff, self.players, ply);
        }
        let n = self.players as f64;
        let share = (payoff * n - 1.0) / (n - 1.0) * f64::from(TERMINAL_WEIGHT);
        (self.leaf(state) + share.round() as i32).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The root seat's evaluation.
    fn leaf(&self, state: &G) -> i32 {
        state
            .evaluate(self.root_seat)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// A chance state's value: the outcomes' values weighted by their probabilities.
    fn brs_chance(&mut self, state: &G, depth: u32, ply: usize) -> i32 {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let mut total = 0.0;
        for (m, p) in outcomes {
            let mut child = state.clone();
            child.play(m);
            let v = self.brs(&child, depth, ply + 1, -INFINITY, INFINITY);
            if self.stopped {
                break;
            }
            total += p.value() * f64::from(v);
        }
        total.round() as i32
    }
}
