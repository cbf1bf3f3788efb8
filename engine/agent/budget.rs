//! Time management: how long to think on one move, from the seat's clock or a fixed move time.
//! The built-in bots spend their own clock with it in the arena, and the protocol server
//! (`engine/protocol/timeman.rs`) with the clock a referee sends.
//!
//! A move gets a [`Budget`] of two limits. Past the *soft* limit no new iteration starts (an
//! iteration started before it may finish); at the *hard* limit the search is stopped wherever
//! it is. From a clock the share is `remaining / 25 + increment * 3 / 4`: a game of any length
//! keeps most of its clock (each move spends a twenty-fifth of what is left) while the increment,
//! which comes back after the move, is mostly spent. The hard limit is at most a quarter of the
//! clock minus [`SAFETY`], so a seat that overruns on one move still has three quarters left.

use std::time::Duration;

/// Kept off every clock-based budget for what happens outside the search: reading the command,
/// starting threads, writing `bestmove`, and the pipe to the referee on a loaded machine.
pub const SAFETY: Duration = Duration::from_millis(30);

/// Kept off a fixed `movetime` (at most a tenth of it): the search stops this early so that the
/// answer arrives within the time asked for.
pub const MOVETIME_MARGIN: Duration = Duration::from_millis(10);

/// The least time a search is given, so that even a nearly empty clock gets a legal move out of
/// a first iteration.
pub const MIN_THINK: Duration = Duration::from_millis(1);

/// The share of the remaining clock one move may take at most (before [`SAFETY`]).
const MAX_SHARE: u32 = 4;

/// The share of the remaining clock one move aims at.
const TARGET_SHARE: u32 = 25;

/// A seat's clock as `go` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatClock {
    /// Time left on the seat's clock.
    pub remaining: Duration,
    /// Time added after each of the seat's moves.
    pub increment: Duration,
}

/// How long one search may take: no new iteration past `soft`, stopped at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Past this, no new iteration starts.
    pub soft: Duration,
    /// At this, the search is stopped.
    pub hard: Duration,
}

impl Budget {
    /// The budget for one move from the seat's clock.
    pub fn from_clock(clock: SeatClock) -> Budget {
        let cap = (clock.remaining / MAX_SHARE)
            .saturating_sub(SAFETY)
            .max(MIN_THINK);
        let target = clock.remaining / TARGET_SHARE + clock.increment * 3 / 4;
        let soft = target.min(cap).max(MIN_THINK);
        // An iteration begun just before the soft limit may take a few times as long as all the
        // earlier ones together; let it run to three times the target, within the cap.
        let hard = (target * 3).min(cap).max(soft);
        Budget { soft, hard }
    }

    /// The budget for `go movetime`: nearly all of it, both limits at once (there is nothing to
    /// save the time for).
    pub fn from_movetime(movetime: Duration) -> Budget {
        let t = movetime
            .saturating_sub(MOVETIME_MARGIN.min(movetime / 10))
            .max(MIN_THINK);
        Budget { soft: t, hard: t }
    }

    /// Whether time left over is saved for later moves (a clock's budget, whose soft limit is
    /// below its hard one), rather than spent to the end (a fixed move time):
    /// [`crate::search::Limits::save_time`].
    pub fn saves_time(&self) -> bool {
        self.soft < self.hard
    }

    /// The tighter of two budgets, limit by limit.
    pub fn min(self, other: Budget) -> Budget {
        Budget {
            soft: self.soft.min(other.soft),
            hard: self.hard.min(other.hard),
        }
    }
}

/// Helpers for the tests of budgets here and of the protocol's plans.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// `v` milliseconds.
    pub(crate) fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    /// The budget of a clock of `remaining` and `increment` milliseconds.
    pub(crate) fn clock(remaining: u64, increment: u64) -> Budget {
        Budget::from_clock(SeatClock {
            remaining: ms(remaining),
            increment: ms(increment),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{clock, ms};
    use super::*;

    #[test]
    fn a_share_of_the_clock_and_most_of_the_increment() {
        // 10 s + 0.1 s: 400 ms + 75 ms.
        let b = clock(10_000, 100);
        assert_eq!(b.soft, ms(475));
        assert_eq!(b.hard, ms(1425));
        // One minute, no increment.
        let b = clock(60_000, 0);
        assert_eq!(b.soft, ms(2400));
        assert_eq!(b.hard, ms(7200));
        // Soft never above hard, both within a quarter of the clock minus the safety margin.
        for remaining in [
            0, 1, 10, 50, 100, 120, 200, 1_000, 5_000, 100_000, 10_000_000,
        ] {
            for inc in [0, 10, 100, 1_000, 60_000] {
                let b = clock(remaining, inc);
                assert!(b.soft <= b.hard, "{remaining}+{inc}: {b:?}");
                assert!(b.soft >= MIN_THINK);
                let cap = (ms(remaining) / 4).saturating_sub(SAFETY).max(MIN_THINK);
                assert!(b.hard <= cap, "{remaining}+{inc}: {b:?}");
            }
        }
    }

    #[test]
    fn a_low_clock_spends_almost_nothing() {
        // Under four times the safety margin, only the minimum is left to spend.
        assert_eq!(
            clock(100, 100),
            Budget {
                soft: MIN_THINK,
                hard: MIN_THINK
            }
        );
        assert_eq!(
            clock(0, 0),
            Budget {
                soft: MIN_THINK,
                hard: MIN_THINK
            }
        );
        // A big increment does not tempt it past a quarter of a small clock.
        assert_eq!(clock(400, 5_000).hard, ms(70));
    }

    #[test]
    fn never_loses_on_time_at_ten_plus_a_tenth() {
        // Every move runs to its hard limit and costs 20 ms more on top (overshoot, pipes):
        // over a long game the clock never reaches zero and settles well above it.
        for (base, inc) in [(10_000, 100), (1_000, 100), (60_000, 1_000)] {
            let mut remaining: i64 = base;
            for _ in 0..500 {
                let b = clock(remaining as u64, inc as u64);
                remaining -= b.hard.as_millis() as i64 + 20;
                assert!(remaining > 0, "flagged at {base}+{inc}");
                remaining += inc;
            }
            assert!(remaining > 2 * inc, "{base}+{inc}: {remaining}");
        }
    }

    #[test]
    fn movetime_is_used_nearly_fully() {
        assert_eq!(
            Budget::from_movetime(ms(1000)),
            Budget {
                soft: ms(990),
                hard: ms(990)
            }
        );
        assert_eq!(
            Budget::from_movetime(ms(50)),
            Budget {
                soft: ms(45),
                hard: ms(45)
            }
        );
        assert_eq!(Budget::from_movetime(ms(0)).hard, MIN_THINK);
        // A move time is spent to the end; a clock's share saves what its soft limit leaves.
        assert!(!Budget::from_movetime(ms(1000)).saves_time());
        assert!(clock(10_000, 100).saves_time());
        assert_eq!(
            clock(10_000, 100).min(Budget::from_movetime(ms(300))).hard,
            ms(290)
        );
    }
}
