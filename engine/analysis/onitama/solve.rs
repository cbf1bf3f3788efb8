//! `tabula solve onitama`'s strategy: df-pn with tablebase leaves first, within half the limits
//! (it proves deep forced wins quickly); the exact alpha-beta solver of [`crate::search::solve`]
//! with the rest only if df-pn proves nothing (it also finds draws and measures distances). A
//! question bounded in plies (a depth limit) goes to the exact solver alone: df-pn's proofs have
//! no depth bound, so it would spend its share on an answer not asked for.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::dfpn::{self, Verdict};
use super::tablebase::Tablebase;
use crate::games::onitama::{Move, Onitama};
use crate::search::solver::DEFAULT_TIME;
use crate::search::{solve_with, Limits, Oracle, SolveResult};

/// df-pn's share of the time when the caller gives no limit at all: half the default.
const DFPN_DEFAULT_TIME: Duration = Duration::from_millis(DEFAULT_TIME.as_millis() as u64 / 2);

/// What answered.
#[derive(Clone, Debug)]
pub enum Solution {
    /// df-pn proved a result (or a draw by the tables).
    Proof(dfpn::Report),
    /// The exact solver's answer, after df-pn proved nothing or was not asked.
    Search {
        /// The exact solver's result.
        result: SolveResult<Move>,
        /// The nodes and time df-pn spent first; `None` when a depth limit skipped it.
        dfpn: Option<(u64, Duration)>,
    },
}

/// Solves `state` for the side to move: df-pn within half of `limits` (half of the default ten
/// seconds when none is given), then the exact solver within what is left, both reading `table`
/// where it covers a position. With a depth limit the exact solver alone answers, within it.
pub fn solve(
    state: &Onitama,
    table: Option<&Arc<Tablebase>>,
    mut limits: Limits,
    hash_mb: usize,
) -> Solution {
    let oracle = table.map(|t| Arc::clone(t) as Arc<dyn Oracle<Onitama>>);
    if limits.depth.is_some() {
        return Solution::Search {
            result: solve_with(state, limits, hash_mb, oracle),
            dfpn: None,
        };
    }
    let started = Instant::now();
    let time = match (limits.time, limits.nodes) {
        (Some(t), _) => Some(t / 2),
        (None, Some(_)) => None,
        (None, None) => Some(DFPN_DEFAULT_TIME),
    };
    let report = dfpn::solve(
        state,
        table.map(|t| t.as_ref()),
        dfpn::Limits {
            nodes: limits.nodes.map(|n| (n / 2).max(1)),
            time,
            hash_mb,
        },
    );
    if report.verdict != Verdict::Unknown {
        return Solution::Proof(report);
    }
    let used = started.elapsed();
    if limits.is_unbounded() {
        limits.time = Some(DEFAULT_TIME);
    }
    limits.time = limits.time.map(|t| t.saturating_sub(used));
    limits.nodes = limits.nodes.map(|n| n.saturating_sub(report.nodes).max(1));
    Solution::Search {
        result: solve_with(state, limits, hash_mb, oracle),
        dfpn: Some((report.nodes, used)),
    }
}
