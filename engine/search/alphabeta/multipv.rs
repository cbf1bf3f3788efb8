//! Multi-PV: the few best root moves, each with its own score and line, as analysis boards show
//! them (Stockfish's `MultiPV`). Each line is a full search among the moves not ranked yet, so
//! its score is what a separate search of that move would give, not a re-ranking of the root
//! after one search.

use crate::game::Game;

use super::super::limits::Limits;
use super::{AlphaBeta, DepthReport, SearchResult};

/// A listener for the iterations of a multi-PV search: the line's index (0 for the best) and the
/// iteration.
pub type LineReporter<'a, M> = dyn Fn(usize, &DepthReport<M>) + Sync + 'a;

impl AlphaBeta {
    /// The `lines` best moves of `state` (a player to move), best first, at most as many as it
    /// has legal moves (of `among`, where given: UCI's `searchmoves`). The first line is the
    /// plain search's; each further line is the best of
    /// the moves the lines before it did not choose, searched with the same depth (then the
    /// further lines are ordered by score). A time or node budget is
    /// shared out evenly between the lines; the table is shared, so later lines start warm.
    pub fn search_multipv<G: Game>(
        &mut self,
        state: &G,
        limits: Limits,
        lines: usize,
        among: Option<&[G::Move]>,
        report: Option<&LineReporter<'_, G::Move>>,
    ) -> Vec<SearchResult<G::Move>> {
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        if let Some(only) = among {
            legal.retain(|m| only.contains(m));
        }
        let lines = lines.min(legal.len());
        let each = share(limits, lines);
        let mut found: Vec<SearchResult<G::Move>> = Vec::with_capacity(lines);
        for k in 0..lines {
            let line_report = |d: &DepthReport<G::Move>| {
                if let Some(r) = report {
                    r(k, d)
                }
            };
            let r = if k == 0 && among.is_none() {
                self.search(state, each, Some(&line_report))
            } else {
                let ranked: Vec<G::Move> = found.iter().filter_map(|r| r.best).collect();
                let rest: Vec<G::Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| !ranked.contains(m))
                    .collect();
                self.search_among(state, each, Some(&line_report), &rest)
            };
            found.push(r);
        }
        // A selective search can score a later line above an earlier one (each search has its
        // own table and history); the lines after the chosen move are shown best first, as
        // analysis boards do. In exact mode the order is already by score.
        if found.len() > 2 {
            found[1..].sort_by_key(|r| std::cmp::Reverse(r.score.0));
        }
        found
    }
}

/// One line's share of `limits` when `lines` lines are searched one after another: the depth as
/// it is, time and nodes divided evenly (at least 1 millisecond and 1 node each).
fn share(limits: Limits, lines: usize) -> Limits {
    let n = lines.max(1) as u64;
    Limits {
        nodes: limits.nodes.map(|v| (v / n).max(1)),
        time: limits
            .time
            .map(|t| (t / n as u32).max(std::time::Duration::from_millis(1))),
        ..limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn budgets_are_shared_out_and_depth_kept() {
        let l = Limits::depth(6)
            .with_nodes(3_000)
            .with_time(Duration::from_millis(900));
        let s = share(l, 3);
        assert_eq!(s.depth, Some(6));
        assert_eq!(s.nodes, Some(1_000));
        assert_eq!(s.time, Some(Duration::from_millis(300)));
        assert_eq!(share(Limits::nodes(2), 5).nodes, Some(1));
    }
}
