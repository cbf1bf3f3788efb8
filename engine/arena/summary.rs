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
use crate::words::counted;

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
        let by_index = first_of_each_index(games);
        let (sprt, last_group) = sprt_and_last_group(config.sprt, &by_index);
        let counted = games_up_to(&by_index, schedule.group_size() as u64, last_group);
        let mut tally = Tally::new(schedule, names);
        for &g in &counted {
            tally.add(g);
        }
        tally.close_group();
        estimate_elo(&mut tally.pairings);
        let players = tally.players;
        let played = counted.len() as u64;
        let finished = played - tally.endings.engine_error - tally.endings.faults();
        let crosstable = (players == 2 && names.len() >= 3)
            .then(|| Crosstable::from_pairings(names.len(), &tally.pairings));
        Summary {
            game: config.game.clone(),
            engines: names.to_vec(),
            players,
            seed: config.seed,
            openings: config.openings.describe(),
            scheduled: schedule.total_games(),
            played,
            ignored: by_index.len() as u64 - played,
            excluded: tally.excluded,
            pairings: tally.pairings,
            crosstable,
            engine_scores: intervals(&tally.engine_acc),
            ahead: tally.ahead_acc.table(),
            seat_scores: intervals(&tally.seat_acc),
            seat_names: seat_names.to_vec(),
            endings: tally.endings,
            mean_plies: mean_plies(tally.plies, finished),
            sprt,
        }
    }
}

/// Each game index once, in schedule order; where the records repeat an index, the first copy
/// counts.
fn first_of_each_index(games: &[GameRecord]) -> BTreeMap<u64, &GameRecord> {
    let mut by_index: BTreeMap<u64, &GameRecord> = BTreeMap::new();
    for g in games {
        by_index.entry(g.index).or_insert(g);
    }
    by_index
}

/// The SPRT's state when one was asked for, and the last group the summary counts (every
/// group when there is no SPRT or it has not decided).
fn sprt_and_last_group(
    settings: Option<Sprt>,
    by_index: &BTreeMap<u64, &GameRecord>,
) -> (Option<SprtSummary>, u64) {
    match settings {
        Some(settings) => {
            let (summary, last) = sprt_summary(settings, by_index.values().copied());
            (Some(summary), last)
        }
        None => (None, u64::MAX),
    }
}

/// The games of groups up to `last_group`, in schedule order: the ones the summary counts.
fn games_up_to<'a>(
    by_index: &BTreeMap<u64, &'a GameRecord>,
    group_size: u64,
    last_group: u64,
) -> Vec<&'a GameRecord> {
    by_index
        .values()
        .copied()
        .filter(|g| g.index / group_size <= last_group)
        .collect()
}

/// Two players: one empty result per scheduled pairing, seen from its first engine; more
/// players: none (W/D/L and pairs are two-player results).
fn empty_pairings(schedule: &Schedule, names: &[String]) -> Vec<PairingSummary> {
    let players = schedule.players();
    schedule
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
        .collect()
}

/// Each pairing's Elo once all its games are in: from pairs when any pair is complete, else
/// from game counts.
fn estimate_elo(pairings: &mut [PairingSummary]) {
    for p in pairings {
        p.elo_wdl = p.wdl.elo();
        p.elo = p.pentanomial.elo().or(p.elo_wdl);
    }
}

/// The 95% intervals of a list of means, in the same order.
fn intervals(accs: &[MeanAccumulator]) -> Vec<MeanInterval> {
    accs.iter().map(MeanAccumulator::interval).collect()
}

/// Mean plies over the games that ended by the game (zero when none did).
fn mean_plies(plies: u64, finished: u64) -> f64 {
    if finished == 0 {
        0.0
    } else {
        plies as f64 / finished as f64
    }
}

/// The running totals of [`Summary::compute`] over the counted games, fed in schedule order so
/// each group (pair or rotation set) is whole when it is closed.
struct Tally<'a> {
    /// Seats per game.
    players: usize,
    /// Games per group.
    group_size: u64,
    /// Two players: each pairing's results so far.
    pairings: Vec<PairingSummary>,
    /// Per engine: one mean score per group.
    engine_acc: Vec<MeanAccumulator>,
    /// Three or more players: who finished ahead of whom, per group.
    ahead_acc: AheadAccumulator,
    /// Per seat: one score per game.
    seat_acc: Vec<MeanAccumulator>,
    /// How the games ended, counted or not.
    endings: Endings,
    /// Games without a result, left out of every statistic.
    excluded: u64,
    /// Plies of the games that ended by the game.
    plies: u64,
    /// The current group's games, gathered to score pairs and per-group engine means.
    group: Vec<&'a GameRecord>,
}

impl<'a> Tally<'a> {
    /// Empty totals for `schedule`'s engines and seats.
    fn new(schedule: &Schedule, names: &[String]) -> Self {
        let players = schedule.players();
        Tally {
            players,
            group_size: schedule.group_size() as u64,
            pairings: empty_pairings(schedule, names),
            engine_acc: vec![MeanAccumulator::default(); names.len()],
            ahead_acc: AheadAccumulator::new(names.len()),
            seat_acc: vec![MeanAccumulator::default(); players],
            endings: Endings::default(),
            excluded: 0,
            plies: 0,
            group: Vec::new(),
        }
    }

    /// Counts the next game in schedule order, closing the previous group when this one
    /// starts a new one.
    fn add(&mut self, g: &'a GameRecord) {
        self.endings.add(g.ending);
        if !g.counts() {
            self.excluded += 1;
            return;
        }
        let group_size = self.group_size;
        if self
            .group
            .first()
            .is_some_and(|f| f.index / group_size != g.index / group_size)
        {
            self.close_group();
        }
        self.group.push(g);
        self.add_game(g);
    }

    /// What a single game adds on its own: seat scores, its length, and its pairing's W/D/L.
    fn add_game(&mut self, g: &GameRecord) {
        for (seat, &r) in g.result.iter().enumerate() {
            if seat < self.players {
                self.seat_acc[seat].add(r);
            }
        }
        if !g.ending.is_failure() {
            self.plies += u64::from(g.plies);
        }
        if self.players == 2 {
            if let Some(p) = self.pairings.get_mut(g.pairing) {
                let a = p.engines[0];
                p.wdl.add(g.score_of(a).unwrap_or(0.5));
            }
        }
    }

    /// Adds what the gathered group gives as a whole (engine means, who finished ahead, the
    /// pair's pentanomial) and starts an empty one.
    fn close_group(&mut self) {
        if self.group.is_empty() {
            return;
        }
        self.add_group_means();
        if self.players >= 3 {
            self.ahead_acc.add_group(&self.group);
        }
        if self.players == 2 && self.group.len() as u64 == self.group_size {
            self.add_pair();
        }
        self.group.clear();
    }

    /// One sample per engine: its mean score over the group's games, so seat effects cancel.
    fn add_group_means(&mut self) {
        let mut sums = vec![(0.0, 0u32); self.engine_acc.len()];
        for g in &self.group {
            for (seat, &e) in g.seats.iter().enumerate() {
                sums[e].0 += g.result[seat];
                sums[e].1 += 1;
            }
        }
        for (e, &(sum, n)) in sums.iter().enumerate() {
            if n > 0 {
                self.engine_acc[e].add(sum / f64::from(n));
            }
        }
    }

    /// A complete colour-swapped pair: its two results, seen from the pairing's first engine,
    /// into the pairing's pentanomial.
    fn add_pair(&mut self) {
        let (first, second) = (self.group[0], self.group[1]);
        let p = &mut self.pairings[first.pairing];
        let a = p.engines[0];
        p.pentanomial.add(
            first.score_of(a).unwrap_or(0.5),
            second.score_of(a).unwrap_or(0.5),
        );
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
        self.write_header(f)?;
        for p in &self.pairings {
            write_pairing(f, p)?;
        }
        if let Some(s) = &self.sprt {
            write_sprt(f, s)?;
        }
        if let Some(table) = &self.crosstable {
            write_crosstable(f, &self.engines, table)?;
        }
        writeln!(f)?;
        let per = if self.players == 2 { "pairs" } else { "groups" };
        write_means(f, "engine", per, &self.engines, &self.engine_scores)?;
        write_means(f, "seat", "games", &self.seat_names, &self.seat_scores)?;
        if let Some(table) = &self.ahead {
            write_ahead(f, &self.engines, table)?;
        }
        self.write_endings(f)
    }
}

impl Summary {
    /// The first line (game, games counted, seed, openings) and, after an SPRT stop, how many
    /// finished games were left out.
    fn write_header(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} of {} games, seed {}, openings {}",
            self.game, self.played, self.scheduled, self.seed, self.openings
        )?;
        if self.ignored > 0 {
            writeln!(
                f,
                "({} after the SPRT stopped left out)",
                counted(self.ignored, "game finished", "games finished")
            )?;
        }
        Ok(())
    }

    /// How games ended, and the panics and faults among them when there were any.
    fn write_endings(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.endings;
        let length = if e.rules + e.repetition + e.ply_limit == 0 {
            "none ended by the game".to_string()
        } else {
            format!("{:.1} plies a game", self.mean_plies)
        };
        writeln!(
            f,
            "endings: {} by the rules, {} repetition draws, {} ply-limit draws; {length}",
            e.rules, e.repetition, e.ply_limit
        )?;
        if e.engine_error > 0 {
            writeln!(
                f,
                "engine errors: {} games stopped by a panic ({} lost by the engine that panicked, {} without a result left out)",
                e.engine_error,
                e.engine_error - self.excluded,
                self.excluded
            )?;
        }
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

/// One pairing's block: its game count, then (if it played any) W/D/L, Elo and pairs.
fn write_pairing(f: &mut fmt::Formatter<'_>, p: &PairingSummary) -> fmt::Result {
    let n = p.wdl.games();
    writeln!(f)?;
    writeln!(f, "{} vs {}: {} games", p.names[0], p.names[1], n)?;
    if n == 0 {
        return Ok(());
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
    if let Some(e) = &p.elo {
        write_elo(f, e)?;
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
    )
}

/// A pairing's Elo line: the estimate, nElo with its interval where it has one, and LOS.
fn write_elo(f: &mut fmt::Formatter<'_>, e: &EloEstimate) -> fmt::Result {
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
    )
}

/// The SPRT line: its bounds and model, the LLR against its limits, and the verdict so far.
fn write_sprt(f: &mut fmt::Formatter<'_>, s: &SprtSummary) -> fmt::Result {
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
    )
}

/// A table of mean scores with their 95% margins and sample counts, one row per name under a
/// heading of `label` and `per` (what a sample is).
fn write_means(
    f: &mut fmt::Formatter<'_>,
    label: &str,
    per: &str,
    names: &[String],
    scores: &[MeanInterval],
) -> fmt::Result {
    writeln!(f, "{:<24} {:>8} {:>8} {:>8}", label, "score", "+/-", per)?;
    for (name, s) in names.iter().zip(scores) {
        writeln!(
            f,
            "{:<24} {:>8} {:>8} {:>8}",
            name,
            s.mean_text(),
            s.error_text(),
            s.samples
        )?;
    }
    Ok(())
}
