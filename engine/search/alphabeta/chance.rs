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
use super::params::{PROBCUT_DEPTH, PROBCUT_MARGIN_DIVISOR, PROBCUT_REDUCTION};
use super::worker::{Frame, Worker};

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

/// Star2's plan for one outcome: the game it ends (its exact value), or the move its probe
/// plays and an estimate of that move's value (the evaluation after it).
#[derive(Clone, Copy, Debug)]
pub(super) enum Plan<M> {
    /// The outcome ends the game with this value.
    Exact(i32),
    /// The probe plays this move, estimated at this value (both from the chance state's side).
    Probe(M, i32),
}

/// Star2's running account of its probes: the window's edge the average is to be shown beyond
/// (`beta` from below when the outcomes' mover is the chance state's own side, `alpha` from
/// above otherwise), the weighted sum of the bounds found and of the estimates not yet probed.
struct Probe {
    own: bool,
    edge: i32,
    /// The range a value counts in within the average: `±cap` when proven results are capped.
    lo: f64,
    hi: f64,
    /// The probability of the outcomes not yet counted.
    left: f64,
    /// The weighted sum of the bounds found so far.
    found: f64,
    /// The weighted sum of the estimates of the outcomes not yet counted.
    expected: f64,
}

impl Probe {
    /// Nothing probed yet, every outcome estimated as `estimates` says (its probability and
    /// its estimate); `None` when no cut is expected: the estimates' average does not cross
    /// the edge, or the edge lies where a sum of capped values could not prove it (an average
    /// of proven results only is not capped).
    fn new(
        own: bool,
        (alpha, beta): (i32, i32),
        cap: Option<i32>,
        estimates: impl Iterator<Item = (f64, i32)>,
    ) -> Option<Self> {
        let (lo, hi) = cap.map_or((LO, HI), |c| (-f64::from(c), f64::from(c)));
        let mut probe = Probe {
            own,
            edge: if own { beta } else { alpha },
            lo,
            hi,
            left: 1.0,
            found: 0.0,
            expected: 0.0,
        };
        probe.expected = estimates.map(|(p, e)| p * probe.counted(e)).sum();
        let edge = f64::from(probe.edge);
        let crosses = if own {
            probe.expected >= edge
        } else {
            probe.expected <= edge
        };
        (edge > lo && edge < hi && crosses).then_some(probe)
    }

    /// A value as it counts in the average.
    fn counted(&self, v: i32) -> f64 {
        f64::from(v).clamp(self.lo, self.hi)
    }

    /// The bound the next outcome, estimated at `e`, must prove (at least it when `own`, else
    /// at most it): its estimate moved by the slack the sums leave, shared alike by it and
    /// every outcome after it.
    fn target(&self, e: i32) -> i32 {
        let slack = (f64::from(self.edge) - self.found - self.expected) / self.left;
        let t = (self.counted(e) + slack).clamp(self.lo, self.hi);
        if self.own {
            t.ceil() as i32
        } else {
            t.floor() as i32
        }
    }

    /// Counts an outcome of probability `p`, estimated at `e`, whose value is `v` or beyond
    /// it (at least when `own`, at most otherwise); `None` when `v` misses `target`.
    fn add(&mut self, p: f64, e: i32, v: i32, target: i32) -> Option<()> {
        let missed = if self.own { v < target } else { v > target };
        if missed {
            return None;
        }
        self.left -= p;
        self.expected -= p * self.counted(e);
        self.found += p * self.counted(v);
        Some(())
    }

    /// The cut once every outcome is counted, if the bounds put the average beyond the edge:
    /// the edge, a lower bound when `own`, else an upper one.
    fn cut(&self) -> Option<(i32, Bound)> {
        let edge = f64::from(self.edge);
        if self.own && self.found >= edge {
            Some((self.edge, Bound::Lower))
        } else if !self.own && self.found <= edge {
            Some((self.edge, Bound::Upper))
        } else {
            None
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
        let result = self.chance_value::<PV>(state, &mut frame, at, (alpha, beta));
        self.frames[height] = frame;
        let Some((value, bound)) = result else {
            return 0;
        };
        self.sh
            .table
            .store(key, to_table(value, ply), depth, bound, None);
        value
    }

    /// The value of a chance state and its bound (`None` when stopped): a ChanceProbCut, else
    /// a Star2 cut, else Star1's full pass.
    fn chance_value<const PV: bool>(
        &mut self,
        state: &G,
        frame: &mut Frame<G::Move>,
        at: At,
        window: (i32, i32),
    ) -> Option<(i32, Bound)> {
        if let Some(cut) = self.probcut(state, &frame.outcomes, at, window) {
            return Some(cut);
        }
        if self.stopped {
            return None;
        }
        if let Some(cut) = self.star2(state, &frame.outcomes, &mut frame.plans, at, window) {
            return Some(cut);
        }
        if self.stopped {
            return None;
        }
        self.expectimax::<PV>(state, &frame.outcomes, at, window.0, window.1)
    }

    /// ChanceProbCut (Schadd, Winands and Uiterwijk 2009), a forward pruning of chance states
    /// in selective search where the evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`]):
    /// each outcome is first searched [`PROBCUT_REDUCTION`] plies shallower with an open window,
    /// and when those values average beyond the parent's window by more than a margin (the cap
    /// over [`PROBCUT_MARGIN_DIVISOR`]: one percentage point in Senet), the state is cut at that
    /// bound without the full search, as the deeper search would most likely land there too.
    /// Otherwise the shallow searches have filled the table that orders the full one. A guess,
    /// not a proof, so never in exact mode or under the solver's horizons, and off with
    /// [`super::SearchConfig::probcut`] false.
    fn probcut(
        &mut self,
        state: &G,
        outcomes: &[(G::Move, Probability)],
        at: At,
        (alpha, beta): (i32, i32),
    ) -> Option<(i32, Bound)> {
        let cap = self.chance_cap()?;
        let (low, high) = (alpha > -MAX_UNPROVEN, beta < MAX_UNPROVEN);
        if !self.probcut
            || !self.selective()
            || at.depth < PROBCUT_DEPTH
            || outcomes.len() < 2
            || !(low || high)
        {
            return None;
        }
        let depth = at.depth - PROBCUT_REDUCTION;
        // Star1's account sums the shallow values as the full pass would, capped alike.
        let mut shallow = Star1::capped(outcomes.len(), cap);
        for &(outcome, prob) in outcomes {
            let mut child = state.clone();
            child.play(outcome);
            let v = self.child::<false>(
                true,
                &child,
                depth,
                at.ply,
                at.height + 1,
                -INFINITY,
                INFINITY,
            );
            if self.stopped {
                return None;
            }
            shallow.add(prob.value(), v);
        }
        let guess = shallow.sum.round() as i32;
        let margin = cap / PROBCUT_MARGIN_DIVISOR;
        if high && guess - margin >= beta {
            Some((beta, Bound::Lower))
        } else if low && guess + margin <= alpha {
            Some((alpha, Bound::Upper))
        } else {
            None
        }
    }

    /// The cap of proven results in a mixed average ([`Game::CHANCE_WIN_EVAL`]), except under
    /// the solver's bounded horizons, whose proofs need proven results as they are (unless the
    /// solver asks for the chance to win: [`super::Mode::chance_values`]).
    fn chance_cap(&self) -> Option<i32> {
        G::CHANCE_WIN_EVAL.filter(|_| self.mode.horizon.is_none() || self.mode.chance_values)
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
    /// Each outcome's probe is a null-window search at its estimate (the evaluation after the
    /// probe move) moved by an equal share of the slack by which the estimates' average
    /// crosses the parent's window; once every probe has held, their bounds put the average
    /// outside the window and the chance state is cut without searching every outcome in
    /// full. The first probe that misses ends the phase.
    ///
    /// On for a game whose evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`]), where
    /// it saves nodes to a depth (`docs/measurements.md`), and on request elsewhere.
    fn star2(
        &mut self,
        state: &G,
        outcomes: &[(G::Move, Probability)],
        plans: &mut Vec<Plan<G::Move>>,
        at: At,
        window: (i32, i32),
    ) -> Option<(i32, Bound)> {
        let cap = self.chance_cap();
        if at.depth < 1 || outcomes.len() < 2 || !(self.star2 || cap.is_some()) {
            return None;
        }
        let own = self.star2_plan(state, outcomes, plans, at)?;
        let estimates = outcomes.iter().zip(plans.iter()).map(|(&(_, prob), plan)| {
            let (Plan::Exact(e) | Plan::Probe(_, e)) = *plan;
            (prob.value(), e)
        });
        let mut probe = Probe::new(own, window, cap, estimates)?;
        for (&(outcome, prob), &plan) in outcomes.iter().zip(plans.iter()) {
            let p = prob.value();
            let (mv, e) = match plan {
                Plan::Exact(v) => {
                    probe.add(p, v, v, v)?;
                    continue;
                }
                Plan::Probe(mv, e) => (mv, e),
            };
            let target = probe.target(e);
            let mut grand = state.clone();
            grand.play(outcome);
            self.path.push(grand.hash());
            grand.play(mv);
            let bound = self.star2_probe(&grand, own, target, at);
            self.path.pop();
            if self.stopped {
                return None;
            }
            probe.add(p, e, bound, target)?;
        }
        probe.cut()
    }

    /// Star2's plan (into `plans`, one per outcome) and the side its probes bound from
    /// (`true`: the outcomes' mover is on the chance state's side). `None` when probing
    /// cannot apply: the outcomes' movers are on both sides, an outcome repeats a position of
    /// the line, or one has another chance event next.
    fn star2_plan(
        &mut self,
        state: &G,
        outcomes: &[(G::Move, Probability)],
        plans: &mut Vec<Plan<G::Move>>,
        at: At,
    ) -> Option<bool> {
        plans.clear();
        let mut side = None;
        for &(outcome, _) in outcomes {
            let mut child = state.clone();
            child.play(outcome);
            let plan = match child.turn() {
                Turn::Terminal => Plan::Exact(self.terminal(&child, at.ply)),
                Turn::Chance => return None,
                Turn::Player(seat) => {
                    let s = seat == self.root_seat;
                    if *side.get_or_insert(s) != s {
                        return None;
                    }
                    let child_hash = child.hash();
                    if self.repetition && self.repeated(child_hash) {
                        return None;
                    }
                    let mv = self.probe_move(&child, child_hash, at.height + 1)?;
                    let mut grand = child;
                    grand.play(mv);
                    Plan::Probe(mv, self.leaf(&grand, true, at.ply + 1))
                }
            };
            plans.push(plan);
        }
        side
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

    /// Star2's null-window probe of `grand` (an outcome after its probe move) at `target`,
    /// whose mover is on the chance state's side when `own`: the probe move's value from the
    /// chance state's side, fail-soft (at or above `target` proves a lower bound for the
    /// outcome when `own`; at or below it an upper bound otherwise).
    fn star2_probe(&mut self, grand: &G, own: bool, target: i32, at: At) -> i32 {
        let (depth, ply, height) = (at.depth - 1, at.ply + 1, at.height + 2);
        if own {
            self.child::<false>(true, grand, depth, ply, height, target - 1, target)
        } else {
            -self.child::<false>(false, grand, depth, ply, height, -target - 1, -target)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three throws of chance 1/4, 1/2 and 1/4, estimated at 100, 0 and -100 (an average of
    /// 0), probed from below against `beta`.
    fn own(beta: i32) -> Option<Probe> {
        let estimates = [(0.25, 100), (0.5, 0), (0.25, -100)];
        Probe::new(true, (beta - 1, beta), Some(5000), estimates.into_iter())
    }

    /// One outcome of certainty, estimated at 0.
    fn level() -> std::iter::Once<(f64, i32)> {
        std::iter::once((1.0, 0))
    }

    #[test]
    fn probes_at_their_targets_prove_the_cut() {
        let mut probe = own(-40).expect("the estimates cross the edge");
        // The slack of 40 is shared alike: each target is its estimate less 40.
        for (p, e, t) in [(0.25, 100, 60), (0.5, 0, -40), (0.25, -100, -140)] {
            assert_eq!(probe.target(e), t);
            assert_eq!(probe.add(p, e, t, t), Some(()));
        }
        assert_eq!(probe.cut(), Some((-40, Bound::Lower)));
    }

    #[test]
    fn a_bound_beyond_its_target_eases_the_next_ones() {
        let mut probe = own(-40).unwrap();
        assert_eq!(probe.add(0.25, 100, 160, 60), Some(()));
        // 100 more on a quarter is 25 more of slack, shared by the other three quarters: the
        // target of the throw estimated at 0 falls from -40 to -73 (-73.3, rounded up).
        assert_eq!(probe.target(0), -73);
    }

    #[test]
    fn a_missed_target_ends_the_probes() {
        let mut probe = own(-40).unwrap();
        assert_eq!(probe.add(0.25, 100, 59, 60), None);
        let mut other = Probe::new(false, (40, 41), None, level()).unwrap();
        assert_eq!(other.target(0), 40);
        assert_eq!(other.add(0.5, 0, 41, 40), None);
    }

    #[test]
    fn no_probes_where_no_cut_can_follow() {
        // The estimates' average (0) falls short of the edge.
        assert!(own(40).is_none());
        // Capped at 5000, an edge at the cap cannot be proven by a sum of capped values.
        assert!(Probe::new(true, (-5001, -5000), Some(5000), level()).is_none());
        assert!(Probe::new(false, (5000, 5001), Some(5000), level()).is_none());
        // An opened window has no edge to cross.
        assert!(Probe::new(true, (0, INFINITY), None, level()).is_none());
    }
}
