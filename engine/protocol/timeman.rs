//! How a `go` command becomes search limits and a time budget. The budget of one move (a share
//! of the seat's clock, or a fixed move time) is [`crate::agent::budget`]'s, which the arena's
//! built-in bots use too.

use std::time::Duration;

use super::command::Go;
pub use crate::agent::budget::{Budget, SeatClock, MIN_THINK, MOVETIME_MARGIN, SAFETY};
use crate::agent::MAX_DEPTH;
use crate::search::Limits;

/// What a `go` command asks of a search: the limits the searcher is given, the time budget the
/// server enforces around it, and whether `bestmove` waits for `stop`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Depth, nodes and playouts for the searcher (time is in `budget`, not here).
    pub limits: Limits,
    /// The time budget, if the command or the engine's own limits set one.
    pub budget: Option<Budget>,
    /// `go infinite`: search until `stop`, and answer only then.
    pub infinite: bool,
}

impl Plan {
    /// Whether only a `stop` ends the search: `go infinite`, or a depth past any a search
    /// reaches ([`MAX_DEPTH`]) with no node, playout or time limit beside it.
    pub fn endless(&self) -> bool {
        let l = &self.limits;
        let unreachable = l.depth.is_some_and(|d| d > MAX_DEPTH);
        self.infinite
            || (unreachable && self.budget.is_none() && l.nodes.is_none() && l.playouts.is_none())
    }
}

/// Turns a `go` command for the seat to move into a plan.
///
/// `caps` are the limits the engine spec sets explicitly (`alphabeta:depth=4` plays at most
/// depth 4 whatever the clock); `fallback` is what a bare `go`, with no limit at all, searches
/// (the spec's limits, or the engine kind's defaults). Only the mover's own clock counts.
pub fn plan(go: &Go, seat: usize, caps: Limits, fallback: Limits) -> Plan {
    let clock = go.time.get(seat).copied().flatten().map(|ms| SeatClock {
        remaining: Duration::from_millis(ms),
        increment: Duration::from_millis(go.inc.get(seat).copied().flatten().unwrap_or(0)),
    });
    let budgets = [
        clock.map(Budget::from_clock),
        go.movetime
            .map(|ms| Budget::from_movetime(Duration::from_millis(ms))),
        caps.time.map(Budget::from_movetime),
    ];
    let budget = budgets.into_iter().flatten().reduce(Budget::min);
    let asked = go.depth.is_some() || go.nodes.is_some() || budget.is_some() || go.infinite;
    if !asked {
        let mut limits = fallback;
        let budget = limits.time.take().map(Budget::from_movetime);
        return Plan {
            limits,
            budget,
            infinite: false,
        };
    }
    let tighter = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    };
    let limits = Limits {
        depth: tighter(
            go.depth.map(|d| u64::from(d.max(1))),
            caps.depth.map(u64::from),
        )
        .map(|d| d as u32),
        nodes: tighter(go.nodes.map(|n| n.max(1)), caps.nodes),
        playouts: caps.playouts,
        time: None,
        infinite: go.infinite,
        save_time: false,
    };
    Plan {
        limits,
        budget,
        infinite: go.infinite,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::budget::testing::{clock, ms};

    #[test]
    fn plans_from_go_commands() {
        let none = Limits::NONE;
        let fallback = Limits::nodes(1_000_000);
        // A bare go searches the fallback.
        let p = plan(&Go::default(), 0, none, fallback);
        assert_eq!(p.limits, fallback);
        assert_eq!(p.budget, None);
        // Only the mover's clock counts.
        let mut go = Go::default();
        go.time[0] = Some(10_000);
        go.inc[0] = Some(100);
        go.time[1] = Some(1);
        assert_eq!(
            plan(&go, 0, none, fallback).budget,
            Some(clock(10_000, 100))
        );
        let other = plan(&go, 1, none, fallback);
        assert_eq!(other.budget, Some(clock(1, 0)));
        go.time[1] = None;
        assert_eq!(plan(&go, 1, none, fallback).limits, fallback);
        // Depth from go, capped by the spec; the spec's time caps the clock.
        let go = Go {
            depth: Some(9),
            movetime: Some(2_000),
            ..Go::default()
        };
        let caps = Limits::depth(4).with_time(ms(500));
        let p = plan(&go, 0, caps, fallback);
        assert_eq!(p.limits.depth, Some(4));
        assert_eq!(p.budget, Some(Budget::from_movetime(ms(500))));
        // infinite is kept for the searcher and the server.
        let go = Go {
            infinite: true,
            ..Go::default()
        };
        let p = plan(&go, 0, none, fallback);
        assert!(p.infinite && p.limits.infinite && p.endless());
        // So is a depth no search reaches, alone; beside a clock it is not.
        let deep = |movetime| Go {
            depth: Some(MAX_DEPTH + 1),
            movetime,
            ..Go::default()
        };
        assert!(plan(&deep(None), 0, none, fallback).endless());
        assert!(!plan(&deep(Some(100)), 0, none, fallback).endless());
        let go = Go {
            depth: Some(MAX_DEPTH),
            ..Go::default()
        };
        assert!(!plan(&go, 0, none, fallback).endless());
        assert_eq!(p.limits.nodes, None);
        // A spec time with a bare go becomes a budget.
        let p = plan(&Go::default(), 0, caps, Limits::depth(4).with_time(ms(500)));
        assert_eq!(p.limits.time, None);
        assert_eq!(p.budget, Some(Budget::from_movetime(ms(500))));
    }
}
