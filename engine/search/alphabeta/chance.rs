//! Chance states: expectimax with Star1 pruning, and Star2's probing phase (Ballard 1983).
//!
//! Values are bounded by `-WIN..=WIN`, so each outcome's window is narrowed by what the others
//! could at best and at worst add, and the average is cut off as soon as it must fall outside
//! the parent's window. A chance state is scored from the root seat's side.
//!
//! The expectation is a proven win (loss) only when every outcome is one
//! ([`expectation`]): a likely win averaged with an uncertain outcome is clamped to
//! `MAX_UNPROVEN`. So a cut cannot be made at a bound inside the proven range (it would claim a
//! proven result without seeing every outcome): there the window is opened ([`cut_window`]).
//!
//! A game whose evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`]) has proven results
//! counted as that evaluation in a mixed average (outside the solver's bounded horizons), so
//! every outcome adds at most `±cap`; the windows follow ([`Star1::window`]).

use crate::game::{Game, Probability, Turn};

use super::super::score::{expectation, to_table, INFINITY, MAX_UNPROVEN, PROVEN, WIN};
use super::super::tt::Bound;
use super::node::At;
use super::worker::Worker;

/// The least value an outcome can have, for Star1's bounds.
const LO: f64 = -(WIN as f64);
/// The greatest value an outcome can have, for Star1's bounds.
const HI: f64 = WIN as f64;

/// The window a chance state may cut in, from its parent's `(alpha, beta)`. Below
/// `-MAX_UNPROVEN` the average proves `<= alpha` only if every outcome is a proven loss, and
/// above `MAX_UNPROVEN` it proves `>= beta` only if every outcome is a proven win, which a cut
/// before the last outcome cannot know: such a bound is opened to `∓INFINITY`, so the state
/// is searched to its exact value instead.
fn cut_window(alpha: i32, beta: i32) -> (i32, i32) {
    (
        if alpha < -MAX_UNPROVEN {
            -INFINITY
        } else {
            alpha
        },
        if beta > MAX_UNPROVEN { INFINITY } else { beta },
    )
}

/// Star1's running account of a chance state's outcomes: the probability-weighted sum of the
/// values found so far and their probability, from which each next outcome's window follows,
/// and whether they were all proven wins or all proven losses.
struct Star1 {
    sum: f64,
    mass: f64,
    count: usize,
    won: bool,
    lost: bool,
    /// With a capped average: the cap, and the plain sum kept for an all-proven average.
    cap: Option<f64>,
    raw: f64,
}

impl Star1 {
    /// Nothing searched yet of `count` outcomes.
    fn new(count: usize) -> Self {
        Star1 {
            sum: 0.0,
            mass: 0.0,
            count,
            won: true,
            lost: true,
            cap: None,
            raw: 0.0,
        }
    }

    /// Nothing searched yet of `count` outcomes, proven results counting as `±cap` in a mixed
    /// average.
    fn capped(count: usize, cap: i32) -> Self {
        Star1 {
            cap: Some(f64::from(cap)),
            ..Self::new(count)
        }
    }

    /// For outcome `k` (of probability `p`): the window to search it in, and whether a value
    /// at or below its low end (at or above its high end) decides the average at or below
    /// `alpha` (at or above `beta`). Uncapped, the thresholds of [`Star1::thresholds`] (`None`:
    /// decided without a search). Capped at `c`, a value decides only if it is not proven the
    /// other way (an all-proven average is not capped): the low end is at most `c`, the high end
    /// at least `-c`, and a side that cannot decide is opened, so the value found is exact there.
    fn window(&self, k: usize, p: f64, alpha: i32, beta: i32) -> Option<(i32, i32)> {
        let Some(c) = self.cap else {
            let (a, b) = self.thresholds(k, p, alpha, beta);
            if b <= LO || a >= HI {
                return None;
            }
            return Some((
                a.floor().max(f64::from(-INFINITY)) as i32,
                b.ceil().min(f64::from(INFINITY)) as i32,
            ));
        };
        let rest = if k + 1 == self.count {
            0.0
        } else {
            (1.0 - self.mass - p).max(0.0)
        };
        let a = (f64::from(alpha) - self.sum - c * rest) / p;
        let b = (f64::from(beta) - self.sum + c * rest) / p;
        let lo = if a < -c {
            -INFINITY
        } else {
            a.min(c).floor() as i32
        };
        let hi = if b > c {
            INFINITY
        } else {
            b.max(-c).ceil() as i32
        };
        Some((lo, hi))
    }

    /// For outcome `k` (of probability `p`): the value at or below which the average must end
    /// at or below `alpha`, and the value at or above which it must end at or above `beta`,
    /// whatever the outcomes after it bring (each between `LO` and `HI`).
    fn thresholds(&self, k: usize, p: f64, alpha: i32, beta: i32) -> (f64, f64) {
        let rest = if k + 1 == self.count {
            0.0
        } else {
            (1.0 - self.mass - p).max(0.0)
        };
        (
            (f64::from(alpha) - self.sum - HI * rest) / p,
            (f64::from(beta) - self.sum - LO * rest) / p,
        )
    }

    /// Counts an outcome of probability `p` and value `v`.
    fn add(&mut self, p: f64, v: i32) {
        let x = f64::from(v);
        self.raw += p * x;
        self.sum += p * self.cap.map_or(x, |c| x.clamp(-c, c));
        self.mass += p;
        self.won &= v >= PROVEN;
        self.lost &= v <= -PROVEN;
    }

    /// The chance state's value once every outcome is counted.
    fn value(&self) -> i32 {
        if self.cap.is_some() && (self.won || self.lost) {
            expectation(self.raw, self.won, self.lost)
        } else {
            expectation(self.sum, self.won, self.lost)
        }
    }
}

impl<G: Game, const MAIN: bool> Worker<'_, G, MAIN> {
    /// A chance state: the expected value over the outcomes, scored from the root seat's side,
    /// with Star1 cutoffs. Fails hard (returns the bound of [`cut_window`] it crossed) when it
    /// cuts off.
    pub(super) fn chance<const PV: bool>(
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
        let at = At {
            depth,
            ply,
            height,
            side: true,
        };
        let (alpha, beta) = cut_window(alpha, beta);
        let mut frame = std::mem::take(&mut self.frames[height]);
        frame.outcomes.clear();
        state.chance_outcomes(&mut frame.outcomes);
        let result = match self.star2(state, &frame.outcomes, at, alpha, beta) {
            Some(cut) => Some(cut),
            None if self.stopped => None,
            None => self.expectimax::<PV>(state, &frame.outcomes, at, alpha, beta),
        };
        self.frames[height] = frame;
        let Some((value, bound)) = result else {
            return 0;
        };
        self.sh
            .table
            .store(key, to_table(value, ply), depth, bound, None);
        value
    }

    /// The cap of proven results in a mixed average ([`Game::CHANCE_WIN_EVAL`]), except under
    /// the solver's bounded horizons, whose proofs need proven results as they are.
    fn chance_cap(&self) -> Option<i32> {
        G::CHANCE_WIN_EVAL.filter(|_| self.mode.horizon.is_none())
    }

    /// Star1's pass over the outcomes: each searched in the window outside which the average is
    /// decided whatever the others bring. The value and its bound, or `None` when stopped.
    fn expectimax<const PV: bool>(
        &mut self,
        state: &G,
        outcomes: &[(G::Move, Probability)],
        at: At,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Bound)> {
        let mut star1 = match self.chance_cap() {
            Some(cap) => Star1::capped(outcomes.len(), cap),
            None => Star1::new(outcomes.len()),
        };
        for (k, &(outcome, prob)) in outcomes.iter().enumerate() {
            let p = prob.value();
            // Beyond the values a child can take, the bound decides without a search.
            let Some((ca, cb)) = star1.window(k, p, alpha, beta) else {
                let (_, b) = star1.thresholds(k, p, alpha, beta);
                return Some(if b <= LO {
                    (beta, Bound::Lower)
                } else {
                    (alpha, Bound::Upper)
                });
            };
            let mut child = state.clone();
            child.play(outcome);
            let v = self.child::<PV>(true, &child, at.depth, at.ply, at.height + 1, ca, cb);
            if self.stopped {
                return None;
            }
            if v <= ca {
                return Some((alpha, Bound::Upper));
            }
            if v >= cb {
                return Some((beta, Bound::Lower));
            }
            star1.add(p, v);
        }
        Some((star1.value(), Bound::Exact))
    }

    /// Star2's probing phase (Ballard 1983). When every outcome leads to a player of the same
    /// side, one move of each outcome bounds that outcome's value: from below when the side is
    /// the chance state's own (it will pick at least that), from above when it is the other.
    /// If the bounds already put the average outside the window, the chance state is cut
    /// without searching every outcome in full.
    fn star2(
        &mut self,
        state: &G,
        outcomes: &[(G::Move, Probability)],
        at: At,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Bound)> {
        if at.depth < 1 || outcomes.len() < 2 || !self.star2 || self.chance_cap().is_some() {
            return None;
        }
        let mut star1 = Star1::new(outcomes.len());
        let mut side = None;
        for (k, &(outcome, prob)) in outcomes.iter().enumerate() {
            let p = prob.value();
            let (a, b) = star1.thresholds(k, p, alpha, beta);
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
            let mv = self.probe_move(&child, child_hash, at.height + 1)?;
            let mut grand = child.clone();
            grand.play(mv);
            self.path.push(child_hash);
            let (bound, cut) = self.star2_probe(&grand, s, (a, b), at);
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
            star1.add(p, bound);
        }
        None
    }

    /// Star2's probe move in the outcome `child` (at `height`): the table's, else the one the
    /// game hints best. `None` when the child has no move.
    fn probe_move(&mut self, child: &G, child_hash: u64, height: usize) -> Option<G::Move> {
        let mut moves = std::mem::take(&mut self.frames[height].moves);
        moves.clear();
        child.legal_moves(&mut moves);
        if moves.is_empty() {
            self.frames[height].moves = moves;
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
        self.frames[height].moves = moves;
        Some(mv)
    }

    /// Star2's null-window probe of `grand` (an outcome after its probe move), whose mover is on
    /// the chance state's side when `own`. Given the outcome's Star1 thresholds `(a, b)`, the
    /// bound it proves for the outcome (from below when `own`, else from above) and whether that
    /// alone decides the average.
    fn star2_probe(&mut self, grand: &G, own: bool, (a, b): (f64, f64), at: At) -> (i32, bool) {
        let (depth, ply, height) = (at.depth - 1, at.ply + 1, at.height + 2);
        if own {
            if b <= LO {
                (-WIN, true)
            } else if b > HI {
                (-WIN, false)
            } else {
                let b = b.ceil() as i32;
                let w = self.child::<false>(true, grand, depth, ply, height, b - 1, b);
                // Below `b` a null window proves no lower bound: count the worst.
                (if w >= b { w } else { -WIN }, w >= b)
            }
        } else if a >= HI {
            (WIN, true)
        } else if a < LO {
            (WIN, false)
        } else {
            let a = a.floor() as i32;
            let u = self.child::<false>(false, grand, depth, ply, height, -a - 1, -a);
            // The outcome is worth at most -u to this state.
            (if -u <= a { -u } else { WIN }, -u <= a)
        }
    }
}
