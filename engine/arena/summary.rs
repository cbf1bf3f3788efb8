//! The tournament's result from its game records: per pairing W/D/L, pentanomial pairs, Elo,
//! nElo, LOS and SPRT (two players); mean score per engine and per seat with 95% intervals (any
//! number of players). A pure function of the config and the set of records, so a resumed run,
//! a run at another concurrency and merged shards all give the same summary.
//!
//! The SPRT is decided on the longest run of complete pairs in schedule order; games after the
//! pair where it first crosses a bound (played because other games were under way) are left out,
//! so the stopping point does not depend on the order games happened to finish in.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::ahead::{write_ahead, AheadAccumulator, AheadTable};
use super::config::Config;
use super::grid;
use super::record::{GameEnding, GameRecord};
use super::schedule::Schedule;
use super::sprt::{Sprt, SprtDecision, SprtModel};
use super::stats::{EloEstimate, MeanAccumulator, MeanInterval, Pentanomial, Wdl};

/// Follows the SPRT over complete pairs in schedule order, as games arrive in any order.
#[derive(Clone, Debug)]
pub struct SprtTracker {
    sprt: Sprt,
    /// Games of pairs not yet complete: index and engine 0's score (none: no result).
    pending: BTreeMap<u64, Vec<(u64, Option<f64>)>>,
    next_group: u64,
    penta: Pentanomial,
    llr: f64,
    decided: Option<(u64, SprtDecision)>,
}

impl SprtTracker {
    /// A tracker with no games yet.
    pub fn new(sprt: Sprt) -> Self {
        SprtTracker {
            sprt,
            pending: BTreeMap::new(),
            next_group: 0,
            penta: Pentanomial::default(),
            llr: 0.0,
            decided: None,
        }
    }

    /// Adds a game of the one pairing (engine 0 against engine 1); returns the decision once a
    /// bound is crossed. A pair with a game without a result ([`GameRecord::counts`]) is
    /// passed over: it adds nothing to the LLR.
    pub fn add(&mut self, game: &GameRecord) -> SprtDecision {
        if let Some((_, d)) = self.decided {
            return d;
        }
        let score = game.counts().then(|| game.score_of(0).unwrap_or(0.5));
        self.pending
            .entry(game.index / 2)
            .or_default()
            .push((game.index, score));
        while let Some(pair) = self.pending.get(&self.next_group) {
            if pair.len() < 2 {
                break;
            }
            let mut pair = self.pending.remove(&self.next_group).expect("present");
            pair.sort_by_key(|p| p.0);
            self.next_group += 1;
            let (Some(first), Some(second)) = (pair[0].1, pair[1].1) else {
                continue;
            };
            self.penta.add(first, second);
            self.llr = self.sprt.llr_pentanomial(&self.penta);
            let d = self.sprt.decide(self.llr);
            if d != SprtDecision::Continue {
                self.decided = Some((self.next_group - 1, d));
                return d;
            }
        }
        SprtDecision::Continue
    }

    /// The group (pair) at which a bound was crossed, and the decision.
    pub fn decided(&self) -> Option<(u64, SprtDecision)> {
        self.decided
    }

    /// The current log-likelihood ratio.
    pub fn llr(&self) -> f64 {
        self.llr
    }
}

/// The SPRT's state in a summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtSummary {
    /// The settings.
    pub settings: Sprt,
    /// The log-likelihood ratio over the pairs counted.
    pub llr: f64,
    /// The lower (accept H0) bound.
    pub lower: f64,
    /// The upper (accept H1) bound.
    pub upper: f64,
    /// The outcome.
    pub decision: SprtDecision,
    /// Complete pairs in schedule order that the LLR has passed (a pair holding a game without
    /// a result among them adds nothing to it).
    pub pairs: u64,
}

/// Two engines' results against each other.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingSummary {
    /// The two engines (indices), results seen from the first.
    pub engines: [usize; 2],
    /// Their names.
    pub names: [String; 2],
    /// Wins, draws and losses of the first.
    pub wdl: Wdl,
    /// Complete colour-swapped pairs, by the first engine's two results.
    pub pentanomial: Pentanomial,
    /// The estimate from pairs (as fastchess reports it), or from games when no pair is complete.
    pub elo: Option<EloEstimate>,
    /// The estimate from game counts alone (ignores the pairing, so its interval is less honest).
    pub elo_wdl: Option<EloEstimate>,
}

/// One engine's points against another (or in all): wins count 1, draws 1/2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct CrossCell {
    /// Points scored.
    pub points: f64,
    /// Games played.
    pub games: u64,
}

/// Every engine against every other in a two-player tournament of three or more engines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Crosstable {
    /// `cells[i][j]`: engine `i`'s points against engine `j` (`None`: they did not meet, or
    /// `i == j`).
    pub cells: Vec<Vec<Option<CrossCell>>>,
    /// Each engine's points over all its games.
    pub totals: Vec<CrossCell>,
}

impl Crosstable {
    /// The table from the pairings' results.
    fn from_pairings(engines: usize, pairings: &[PairingSummary]) -> Self {
        let mut cells = vec![vec![None; engines]; engines];
        let mut totals = vec![CrossCell::default(); engines];
        for p in pairings {
            let games = p.wdl.games();
            if games == 0 {
                continue;
            }
            let [a, b] = p.engines;
            let points = p.wdl.wins as f64 + 0.5 * p.wdl.draws as f64;
            for (i, j, pts) in [(a, b, points), (b, a, games as f64 - points)] {
                let cell: &mut CrossCell = cells[i][j].get_or_insert_with(CrossCell::default);
                cell.points += pts;
                cell.games += games;
                totals[i].points += pts;
                totals[i].games += games;
            }
        }
        Crosstable { cells, totals }
    }
}

/// How games ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Endings {
    /// By the rules.
    pub rules: u64,
    /// Drawn by repetition.
    pub repetition: u64,
    /// Drawn at the ply limit.
    pub ply_limit: u64,
    /// Stopped by a panic (see [`GameEnding::EngineError`]).
    pub engine_error: u64,
    /// Lost on time.
    pub time_forfeit: u64,
    /// Lost by an illegal or unreadable move.
    pub illegal_move: u64,
    /// Lost by an engine program that exited.
    pub crash: u64,
    /// Lost by an engine program that did not answer.
    pub no_answer: u64,
}

impl Endings {
    /// Counts one game's ending.
    fn add(&mut self, ending: GameEnding) {
        match ending {
            GameEnding::Rules => self.rules += 1,
            GameEnding::Repetition => self.repetition += 1,
            GameEnding::PlyLimit => self.ply_limit += 1,
            GameEnding::EngineError => self.engine_error += 1,
            GameEnding::TimeForfeit => self.time_forfeit += 1,
            GameEnding::IllegalMove => self.illegal_move += 1,
            GameEnding::Crash => self.crash += 1,
            GameEnding::NoAnswer => self.no_answer += 1,
        }
    }

    /// Games an engine's fault ended (time, illegal move, crash, no answer).
    pub fn faults(&self) -> u64 {
        self.time_forfeit + self.illegal_move + self.crash + self.no_answer
    }
}

/// A tournament's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The game.
    pub game: String,
    /// Engine names.
    pub engines: Vec<String>,
    /// Seats per game.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// The openings, described.
    pub openings: String,
    /// Games in the whole schedule.
    pub scheduled: u64,
    /// Games counted.
    pub played: u64,
    /// Games played after the SPRT stopped and left out.
    pub ignored: u64,
    /// Games stopped by a panic that no engine could be blamed for: they have no result and
    /// every statistic leaves them out (they count in `played` and `endings`).
    pub excluded: u64,
    /// Two players: each pairing's results.
    pub pairings: Vec<PairingSummary>,
    /// Two players and three or more engines: every engine against every other.
    pub crosstable: Option<Crosstable>,
    /// Mean score per engine (by group: pair or rotation set, so seat effects cancel).
    pub engine_scores: Vec<MeanInterval>,
    /// Three or more players: how often each engine finished ahead of each other one.
    pub ahead: Option<AheadTable>,
    /// Mean score per seat (by game).
    pub seat_scores: Vec<MeanInterval>,
    /// Seat names (`player 1`...), as the game calls them.
    pub seat_names: Vec<String>,
    /// How games ended.
    pub endings: Endings,
    /// Mean game length in plies (of the games that ended by the game, not a panic or fault).
    pub mean_plies: f64,
    /// The SPRT, when one was asked for.
    pub sprt: Option<SprtSummary>,
}

impl Summary {
    /// The summary of `games` (any order; duplicates by index count once) under `config`.
    pub fn compute(
        config: &Config,
        schedule: &Schedule,
        names: &[String],
        seat_names: &[String],
        games: &[GameRecord],
    ) -> Summary {
        let mut by_index: BTreeMap<u64, &GameRecord> = BTreeMap::new();
        for g in games {
            by_index.entry(g.index).or_insert(g);
        }
        let group_size = schedule.group_size() as u64;
        let (sprt, last_group) = match config.sprt {
            Some(settings) => {
                let (summary, last) = sprt_summary(settings, by_index.values().copied());
                (Some(summary), last)
            }
            None => (None, u64::MAX),
        };
        let counted: Vec<&GameRecord> = by_index
            .values()
            .copied()
            .filter(|g| g.index / group_size <= last_group)
            .collect();

        let players = schedule.players();
        let mut pairings: Vec<PairingSummary> = schedule
            .pairings()
            .iter()
            .filter(|_| players == 2)
            .map(|p| PairingSummary {
                engines: [p[0], p[1]],
                names: [names[p[0]].clone(), names[p[1]].clone()],
                wdl: Wdl::default(),
                pentanomial: Pentanomial::default(),
                elo: None,
                elo_wdl: None,
            })
            .collect();
        let mut engine_acc = vec![MeanAccumulator::default(); names.len()];
        let mut ahead_acc = AheadAccumulator::new(names.len());
        let mut seat_acc = vec![MeanAccumulator::default(); players];
        let mut endings = Endings::default();
        let mut excluded = 0u64;
        let mut plies = 0u64;
        // Games of one group, gathered to score pairs and per-group engine means.
        let mut group: Vec<&GameRecord> = Vec::new();
        let mut flush = |group: &mut Vec<&GameRecord>, pairings: &mut Vec<PairingSummary>| {
            if group.is_empty() {
                return;
            }
            let mut sums = vec![(0.0, 0u32); names.len()];
            for g in group.iter() {
                for (seat, &e) in g.seats.iter().enumerate() {
                    sums[e].0 += g.result[seat];
                    sums[e].1 += 1;
                }
            }
            for (e, &(sum, n)) in sums.iter().enumerate() {
                if n > 0 {
                    engine_acc[e].add(sum / f64::from(n));
                }
            }
            if players >= 3 {
                ahead_acc.add_group(group);
            }
            if players == 2 && group.len() as u64 == group_size {
                let p = &mut pairings[group[0].pairing];
                let a = p.engines[0];
                p.pentanomial.add(
                    group[0].score_of(a).unwrap_or(0.5),
                    group[1].score_of(a).unwrap_or(0.5),
                );
            }
            group.clear();
        };
        for &g in &counted {
            endings.add(g.ending);
            if !g.counts() {
                excluded += 1;
                continue;
            }
            if group
                .first()
                .is_some_and(|f| f.index / group_size != g.index / group_size)
            {
                flush(&mut group, &mut pairings);
            }
            group.push(g);
            for (seat, &r) in g.result.iter().enumerate() {
                if seat < players {
                    seat_acc[seat].add(r);
                }
            }
            if !g.ending.is_failure() {
                plies += u64::from(g.plies);
            }
            if players == 2 {
                if let Some(p) = pairings.get_mut(g.pairing) {
                    let a = p.engines[0];
                    p.wdl.add(g.score_of(a).unwrap_or(0.5));
                }
            }
        }
        flush(&mut group, &mut pairings);
        for p in &mut pairings {
            p.elo_wdl = p.wdl.elo();
            p.elo = p.pentanomial.elo().or(p.elo_wdl);
        }
        let played = counted.len() as u64;
        let finished = played - endings.engine_error - endings.faults();
        let crosstable = (players == 2 && names.len() >= 3)
            .then(|| Crosstable::from_pairings(names.len(), &pairings));
        Summary {
            game: config.game.clone(),
            engines: names.to_vec(),
            players,
            seed: config.seed,
            openings: config.openings.describe(),
            scheduled: schedule.total_games(),
            played,
            ignored: by_index.len() as u64 - played,
            excluded,
            pairings,
            crosstable,
            engine_scores: engine_acc.iter().map(MeanAccumulator::interval).collect(),
            ahead: ahead_acc.table(),
            seat_scores: seat_acc.iter().map(MeanAccumulator::interval).collect(),
            seat_names: seat_names.to_vec(),
            endings,
            mean_plies: if finished == 0 {
                0.0
            } else {
                plies as f64 / finished as f64
            },
            sprt,
        }
    }
}

/// The SPRT's state over `games` (in schedule order), and the last group (pair) it counts: the
/// one where it crossed a bound, or all of them.
fn sprt_summary<'a>(
    settings: Sprt,
    games: impl Iterator<Item = &'a GameRecord>,
) -> (SprtSummary, u64) {
    let mut tracker = SprtTracker::new(settings);
    for g in games {
        tracker.add(g);
    }
    let (decision, pairs, last_group) = match tracker.decided() {
        Some((group, d)) => (d, group + 1, group),
        None => (SprtDecision::Continue, tracker.next_group, u64::MAX),
    };
    let (lower, upper) = settings.bounds();
    let summary = SprtSummary {
        settings,
        llr: tracker.llr(),
        lower,
        upper,
        decision,
        pairs,
    };
    (summary, last_group)
}

/// Points as `7.5/10`.
fn points(cell: &CrossCell) -> String {
    format!("{}/{}", cell.points, cell.games)
}

/// The crosstable: one row per engine, its points against each column engine, then its total.
fn write_crosstable(f: &mut fmt::Formatter<'_>, names: &[String], t: &Crosstable) -> fmt::Result {
    let width = names.iter().map(String::len).max().unwrap_or(0).max(6);
    let cell_width = t
        .totals
        .iter()
        .map(|c| points(c).len())
        .max()
        .unwrap_or(0)
        .max(5);
    writeln!(f)?;
    writeln!(
        f,
        "crosstable (points of the row's engine against the column's)"
    )?;
    let mut head = grid::head(names.len(), width, cell_width);
    head.push_str(&format!("  {:>cell_width$}  score", "total"));
    writeln!(f, "{}", head.trim_end())?;
    for (i, name) in names.iter().enumerate() {
        let cells = t.cells[i]
            .iter()
            .map(|cell| cell.as_ref().map_or("-".to_string(), points));
        let mut row = grid::row(i, name, width, cells, cell_width);
        let total = &t.totals[i];
        let share = if total.games > 0 {
            format!("{:.1}%", total.points / total.games as f64 * 100.0)
        } else {
            "-".to_string()
        };
        row.push_str(&format!("  {:>cell_width$}  {share}", points(total)));
        writeln!(f, "{row}")?;
    }
    Ok(())
}

/// A number for the table: fixed to two decimals, or `inf`/`-inf`/`nan` spelled out.
fn num(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        format!("{x:.2}")
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} of {} games, seed {}, openings {}",
            self.game, self.played, self.scheduled, self.seed, self.openings
        )?;
        if self.ignored > 0 {
            writeln!(
                f,
                "({} games finished after the SPRT stopped are left out)",
                self.ignored
            )?;
        }
        for p in &self.pairings {
            let n = p.wdl.games();
            writeln!(f)?;
            writeln!(f, "{} vs {}: {} games", p.names[0], p.names[1], n)?;
            if n == 0 {
                continue;
            }
            let score = p.elo_wdl.map_or(f64::NAN, |e| e.score);
            writeln!(
                f,
                "  W {} D {} L {}   score {:.1}%   draws {:.1}%",
                p.wdl.wins,
                p.wdl.draws,
                p.wdl.losses,
                score * 100.0,
                p.wdl.draws as f64 / n as f64 * 100.0
            )?;
            if let Some(e) = p.elo {
                let nelo = if e.nelo_error.is_finite() {
                    format!("{} +/- {}", num(e.nelo), num(e.nelo_error))
                } else {
                    // A one-sided or spreadless result has no normalised interval to give.
                    "n/a".to_string()
                };
                writeln!(
                    f,
                    "  Elo {}   nElo {nelo}   LOS {}%",
                    e.describe(),
                    num(e.los * 100.0)
                )?;
            }
            let q = &p.pentanomial;
            writeln!(
                f,
                "  pairs {}: LL {} LD {} WL {} DD {} WD {} WW {}",
                q.pairs(),
                q.ll,
                q.ld,
                q.wl,
                q.dd,
                q.wd,
                q.ww
            )?;
        }
        if let Some(s) = &self.sprt {
            let verdict = match s.decision {
                SprtDecision::Continue => "no decision yet",
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
            };
            let model = match s.settings.model {
                SprtModel::Normalized => "nElo",
                SprtModel::Logistic => "Elo",
            };
            writeln!(
                f,
                "  SPRT [{}, {}] {model}: LLR {} ({}, {}) after {} pairs: {verdict}",
                num(s.settings.elo0),
                num(s.settings.elo1),
                num(s.llr),
                num(s.lower),
                num(s.upper),
                s.pairs
            )?;
        }
        if let Some(table) = &self.crosstable {
            write_crosstable(f, &self.engines, table)?;
        }
        writeln!(f)?;
        let per = if self.players == 2 { "pairs" } else { "groups" };
        writeln!(f, "{:<24} {:>8} {:>8} {:>8}", "engine", "score", "+/-", per)?;
        for (name, s) in self.engines.iter().zip(&self.engine_scores) {
            writeln!(
                f,
                "{:<24} {:>8.3} {:>8.3} {:>8}",
                name, s.mean, s.error, s.samples
            )?;
        }
        writeln!(
            f,
            "{:<24} {:>8} {:>8} {:>8}",
            "seat", "score", "+/-", "games"
        )?;
        for (name, s) in self.seat_names.iter().zip(&self.seat_scores) {
            writeln!(
                f,
                "{:<24} {:>8.3} {:>8.3} {:>8}",
                name, s.mean, s.error, s.samples
            )?;
        }
        if let Some(table) = &self.ahead {
            write_ahead(f, &self.engines, table)?;
        }
        writeln!(
            f,
            "endings: {} by the rules, {} repetition draws, {} ply-limit draws; {:.1} plies a game",
            self.endings.rules, self.endings.repetition, self.endings.ply_limit, self.mean_plies
        )?;
        if self.endings.engine_error > 0 {
            writeln!(
                f,
                "engine errors: {} games stopped by a panic ({} lost by the engine that panicked, {} without a result left out)",
                self.endings.engine_error,
                self.endings.engine_error - self.excluded,
                self.excluded
            )?;
        }
        let e = &self.endings;
        if e.faults() > 0 {
            writeln!(
                f,
                "faults (lost by the engine at fault): {} on time, {} illegal moves, {} crashes, {} without answer",
                e.time_forfeit, e.illegal_move, e.crash, e.no_answer
            )?;
        }
        Ok(())
    }
}
