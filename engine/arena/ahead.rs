//! Who finished ahead of whom, engine against engine, in games of three or more players.
//!
//! An engine's mean score at a table of three or more players counts first places only, and an
//! equal share is `1/players`, not one half. To ask "is A stronger than B?" the way two-player
//! results answer it, this table compares two engines that sat at the same table: one is ahead
//! of the other when it got a higher payoff, or the same payoff and more points
//! ([`crate::Game::points`]: capture checkers' marbles), so a second place is ahead of a third.
//! A level finish counts one half. Each cell is the mean over groups (one opening in every
//! seating), so seat effects cancel as they do in the engines' scores, with its 95% interval.

use std::cmp::Ordering;
use std::fmt;

use serde::Serialize;

use super::grid;
use super::record::GameRecord;
use super::stats::{MeanAccumulator, MeanInterval};

/// Every engine against every other that sat at its tables.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AheadTable {
    /// `cells[i][j]`: how often engine `i` finished ahead of engine `j` (1 ahead, 1/2 level,
    /// 0 behind), over groups; `None` when they never sat together, and for `i == j`.
    pub cells: Vec<Vec<Option<MeanInterval>>>,
    /// Whether every game counted held points, so that points ranked the seats a payoff left
    /// level; otherwise such seats counted as level where points were missing.
    pub by_points: bool,
}

/// Gathers an [`AheadTable`] group by group.
#[derive(Clone, Debug)]
pub struct AheadAccumulator {
    cells: Vec<Vec<MeanAccumulator>>,
    by_points: bool,
    games: u64,
}

impl AheadAccumulator {
    /// An empty table for `engines` engines.
    pub fn new(engines: usize) -> Self {
        AheadAccumulator {
            cells: vec![vec![MeanAccumulator::default(); engines]; engines],
            by_points: true,
            games: 0,
        }
    }

    /// Adds one group's games, each with a result (see [`GameRecord::counts`]).
    pub fn add_group(&mut self, games: &[&GameRecord]) {
        let n = self.cells.len();
        let mut sums = vec![vec![(0.0, 0u32); n]; n];
        for g in games {
            self.games += 1;
            self.by_points &= g.points.is_some();
            for (s, &a) in g.seats.iter().enumerate() {
                for (t, &b) in g.seats.iter().enumerate() {
                    if s == t || a == b || a >= n || b >= n {
                        continue;
                    }
                    let cell = &mut sums[a][b];
                    cell.0 += ahead(g, s, t);
                    cell.1 += 1;
                }
            }
        }
        for (row, acc) in sums.iter().zip(&mut self.cells) {
            for (&(sum, count), cell) in row.iter().zip(acc.iter_mut()) {
                if count > 0 {
                    cell.add(sum / f64::from(count));
                }
            }
        }
    }

    /// The table (`None` before any game).
    pub fn table(&self) -> Option<AheadTable> {
        if self.games == 0 {
            return None;
        }
        let cells = self
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        let m = c.interval();
                        (m.samples > 0).then_some(m)
                    })
                    .collect()
            })
            .collect();
        Some(AheadTable {
            cells,
            by_points: self.by_points,
        })
    }
}

/// 1 when seat `s` of `game` finished ahead of seat `t`, 0 when behind, 1/2 when level: by
/// payoff, then by points where the record has them.
fn ahead(game: &GameRecord, s: usize, t: usize) -> f64 {
    let points = |seat: usize| game.points.as_ref().and_then(|p| p.get(seat));
    let by_points = match (points(s), points(t)) {
        (Some(a), Some(b)) => a.cmp(b),
        _ => Ordering::Equal,
    };
    let order = game.result[s]
        .partial_cmp(&game.result[t])
        .unwrap_or(Ordering::Equal)
        .then(by_points);
    match order {
        Ordering::Greater => 1.0,
        Ordering::Less => 0.0,
        Ordering::Equal => 0.5,
    }
}

/// Writes the table: one row per engine, how often it finished ahead of each column's engine.
pub fn write_ahead(f: &mut fmt::Formatter<'_>, names: &[String], t: &AheadTable) -> fmt::Result {
    let width = names.iter().map(String::len).max().unwrap_or(0).max(6);
    let cell_width = 13;
    let by = if t.by_points {
        "a higher payoff, or the same and more points"
    } else {
        "a higher payoff"
    };
    writeln!(f)?;
    writeln!(
        f,
        "finished ahead: the row's engine ahead of the column's ({by}; level 1/2), by group"
    )?;
    let head = grid::head(names.len(), width, cell_width);
    writeln!(f, "{}", head.trim_end())?;
    for (i, name) in names.iter().enumerate() {
        let cells = t.cells[i].iter().map(|cell| {
            cell.map_or("-".to_string(), |m| {
                format!("{}±{}", m.mean_text(), m.error_text())
            })
        });
        let line = grid::row(i, name, width, cells, cell_width);
        writeln!(f, "{}", line.trim_end())?;
    }
    Ok(())
}
