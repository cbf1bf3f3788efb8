//! When a search stops: a depth, a node budget, a time budget, or never (until told). The limits
//! compose: a search stops at the first one reached.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Search limits. The default is no limit at all; searches then use their own default
/// ([`Limits::or_default`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (alpha-beta, solver), in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit (alpha-beta, solver), or tree nodes to create (MCTS).
    pub nodes: Option<u64>,
    /// The most playouts (MCTS).
    pub playouts: Option<u64>,
    /// The most wall-clock time.
    pub time: Option<Duration>,
    /// Search until stopped from outside (a stop flag); the other limits still apply if set.
    pub infinite: bool,
    /// Whether time left over may be saved for later: in clock play a seat's later moves spend
    /// it, so no iteration starts that is not expected to end within `time`. Otherwise `time`
    /// is this move's alone (a fixed move time) and is spent to the end, the iteration it cuts
    /// giving the root moves it finished.
    pub save_time: bool,
}

impl Limits {
    /// No limit, as a constant (tables of defaults are built from it).
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
        playouts: None,
        time: None,
        infinite: false,
        save_time: false,
    };

    /// No limit.
    pub fn none() -> Self {
        Self::NONE
    }

    /// Up to `depth` plies.
    pub fn depth(depth: u32) -> Self {
        Limits::none().with_depth(depth)
    }

    /// Up to `nodes` nodes.
    pub fn nodes(nodes: u64) -> Self {
        Limits::none().with_nodes(nodes)
    }

    /// Up to `ms` milliseconds.
    pub fn time_ms(ms: u64) -> Self {
        Limits::none().with_time(Duration::from_millis(ms))
    }

    /// Up to `n` playouts (MCTS).
    pub fn playouts(n: u64) -> Self {
        Limits::none().with_playouts(n)
    }

    /// These limits and a depth limit.
    pub const fn with_depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }

    /// These limits and a node limit.
    pub const fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// These limits and a time limit.
    pub const fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// These limits and a playout limit.
    pub const fn with_playouts(mut self, n: u64) -> Self {
        self.playouts = Some(n);
        self
    }

    /// Whether nothing at all bounds the search.
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.playouts.is_none()
            && self.time.is_none()
            && !self.infinite
    }

    /// These limits, or `fallback` when nothing is set (so a search always ends).
    pub fn or_default(self, fallback: Limits) -> Limits {
        if self.is_unbounded() {
            fallback
        } else {
            self
        }
    }
}

/// A flag another thread sets to stop a running search.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not yet set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Clears the flag for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The start time and time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    budget: Option<Duration>,
    /// [`Limits::save_time`].
    save_time: bool,
}

impl Clock {
    /// A clock started now.
    pub fn start(limits: &Limits) -> Self {
        Clock {
            start: Instant::now(),
            budget: limits.time,
            save_time: limits.save_time,
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether work expected to take `next` would end past the time budget (never without a
    /// budget): a searcher whose steps take a while stops before one it cannot finish instead
    /// of running over by up to a step.
    pub fn would_overrun(&self, next: Duration) -> bool {
        self.budget.is_some_and(|b| self.start.elapsed() + next > b)
    }

    /// Whether the time budget is spent.
    pub fn out_of_time(&self) -> bool {
        self.budget.is_some_and(|b| self.start.elapsed() >= b)
    }

    /// Whether to start an iteration expected to take [`ITERATION_GROWTH`] times as long as the
    /// last one (`last`). Where time may be saved ([`Limits::save_time`]), only if it would still
    /// end within the budget: iterative deepening starts no iteration it cannot finish, and
    /// otherwise uses the whole budget. With a fixed move time, always while time is left: the
    /// time has no other use, and the cut iteration gives the root moves it finished (from the
    /// last iteration's best on). Always, without a budget.
    pub fn starts_iteration(&self, last: Duration) -> bool {
        match self.budget {
            None => true,
            Some(b) if self.save_time => self.start.elapsed() + last.mul_f64(ITERATION_GROWTH) <= b,
            Some(b) => self.start.elapsed() < b,
        }
    }
}

/// How many times as long as the last iteration the next one is expected to take. Measured on
/// Onitama with quiescence search (start position, depths 10 to 14): each iteration took 1.3 to
/// 5 times as long as the one before, alternating with the parity of the depth; 2 is the usual
/// value, and a cut iteration still gives its finished root moves.
pub const ITERATION_GROWTH: f64 = 2.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_compose() {
        let l = Limits::depth(5)
            .with_nodes(1000)
            .with_time(Duration::from_millis(10));
        assert_eq!(l.depth, Some(5));
        assert_eq!(l.nodes, Some(1000));
        assert!(!l.is_unbounded());
        assert!(Limits::none().is_unbounded());
        assert_eq!(
            Limits::none().or_default(Limits::depth(3)),
            Limits::depth(3)
        );
    }

    #[test]
    fn an_iteration_starts_only_if_it_can_finish_where_time_is_saved() {
        let saving = Limits {
            save_time: true,
            ..Limits::time_ms(10_000)
        };
        let clock = Clock::start(&saving);
        // Twice a short last iteration fits in the budget; twice a long one does not.
        assert!(clock.starts_iteration(Duration::from_millis(100)));
        assert!(!clock.starts_iteration(Duration::from_millis(6_000)));
        // A fixed move time is spent to the end: an iteration starts while time is left.
        let fixed = Clock::start(&Limits::time_ms(10_000));
        assert!(fixed.starts_iteration(Duration::from_millis(6_000)));
        let spent = Clock::start(&Limits::time_ms(0));
        assert!(!spent.starts_iteration(Duration::ZERO));
        // Without a time budget every iteration fits.
        let free = Clock::start(&Limits::depth(3));
        assert!(free.starts_iteration(Duration::from_secs(1_000)));
    }

    #[test]
    fn a_step_that_would_pass_the_budget_is_not_started() {
        let clock = Clock::start(&Limits::time_ms(10_000));
        assert!(!clock.would_overrun(Duration::from_millis(100)));
        assert!(clock.would_overrun(Duration::from_millis(10_001)));
        // Without a time budget nothing overruns.
        let free = Clock::start(&Limits::depth(3));
        assert!(!free.would_overrun(Duration::from_secs(1_000)));
    }
}
