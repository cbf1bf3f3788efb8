//! The searching bots (`alphabeta:...`, `mcts:...`, `maxn:...`, `brs:...`): a searcher from [`crate::search`] configured
//! from a spec, and the spec-to-configuration readers `tabula best` uses too.

use super::budget::Budget;
use super::clock::{score_text, Choice, Fault, MoveClock};
use super::spec::EngineSpec;
use super::{engine_kind, Agent};
use crate::error::Error;
use crate::game::{seat_to_move, Game, EVAL_LIMIT};
use crate::history::History;
use crate::resources::{check_table_mb, check_threads};
use crate::search::{
    AlphaBeta, DepthReport, Limits, Mcts, MctsConfig, MctsResult, MultiAlgorithm, MultiConfig,
    MultiSearch, Reporter, SearchConfig, StopFlag,
};

/// The limits a spec names (`depth`, `nodes`, `time` in ms, `playouts`), or its engine kind's
/// default limits from [`super::ENGINES`] when it names none.
pub fn limits(spec: &EngineSpec) -> Result<Limits, Error> {
    Ok(explicit_limits(spec)?.or_default(engine_kind(&spec.kind)?.default_limits))
}

/// The deepest `depth=` a spec may ask for: well past any search that finishes, and within the
/// plies a search line can hold. A larger number is a typo, not a plan (`--depth 100000` used to
/// search on for as long as it was left running).
pub const MAX_DEPTH: u32 = 256;

/// The limits a spec names itself, without the kind's defaults: on a clock they cap every
/// search (`alphabeta:depth=4` stays weak however much time it has).
pub fn explicit_limits(spec: &EngineSpec) -> Result<Limits, Error> {
    let mut l = Limits::none();
    if let Some(d) = spec.get_num::<u32>("depth")? {
        if d > MAX_DEPTH {
            return Err(Error::option(format!(
                "engine {}: depth {d} is past the deepest search, {MAX_DEPTH}",
                spec.display_name()
            )));
        }
        if d == 0 {
            return Err(Error::option(format!(
                "engine {}: depth 0 searches nothing (give 1 to {MAX_DEPTH})",
                spec.display_name()
            )));
        }
        l = l.with_depth(d);
    }
    if let Some(n) = positive(spec, "nodes")? {
        l = l.with_nodes(n);
    }
    if let Some(ms) = positive(spec, "time")? {
        // Past a week is no limit anyone means; refuse it as every other duration is refused.
        crate::resources::check_millis("time", ms)?;
        l = l.with_time(std::time::Duration::from_millis(ms));
    }
    if let Some(p) = positive(spec, "playouts")? {
        l = l.with_playouts(p);
    }
    Ok(l)
}

/// A budget the spec names (`nodes`, `time`, `playouts`), refused at 0: a search with no budget
/// searches nothing, as `depth=0` does, and quietly reading it as 1 hid the typo.
fn positive(spec: &EngineSpec, key: &str) -> Result<Option<u64>, Error> {
    match spec.get_num::<u64>(key)? {
        Some(0) => Err(Error::option(format!(
            "engine {}: {key} 0 searches nothing (give a positive number)",
            spec.display_name()
        ))),
        n => Ok(n),
    }
}

/// Runs `search` within the spec's own `limits` or, where the mover is on a clock, within its
/// share of the time: no new iteration past the soft limit (the `stop` flag is raised when an
/// iteration ends after it), stopped at the hard one, with the spec's other `caps`.
fn on_clock<M, R>(
    budget: Option<Budget>,
    limits: Limits,
    caps: Limits,
    stop: StopFlag,
    search: impl FnOnce(Limits, Option<&Reporter<'_, M>>) -> R,
) -> R {
    match budget {
        None => search(limits, None),
        Some(budget) => {
            let limits = Limits {
                time: Some(budget.hard),
                save_time: budget.saves_time(),
                ..caps
            };
            let soft_stop = move |d: &DepthReport<M>| {
                if d.elapsed >= budget.soft {
                    stop.stop();
                }
            };
            search(limits, Some(&soft_stop))
        }
    }
}

/// The budget of a move on `clock` for the seat to move, within the spec's own `time=`; `None`
/// when neither sets one (the bot then searches its own limits, as [`Agent::choose`] does).
fn budget_of<G: Game>(game: &History<G>, clock: &MoveClock, caps: Limits) -> Option<Budget> {
    let seat = seat_to_move(game.state())?;
    let on_clock = clock.budget(seat)?;
    Some(
        caps.time
            .map_or(on_clock, |t| on_clock.min(Budget::from_movetime(t))),
    )
}

/// An MCTS result's value for the mover, in evaluation units as `cp` reports it: the mean
/// reward of the chosen move turned back through the playout scale (a proven result is the
/// evaluation limit). None when no playout went through the move: a mean of nothing is no
/// value, and reading it as 0 would claim a certain loss.
pub fn mcts_cp<M: PartialEq>(r: &MctsResult<M>, best: M, scale: f64) -> Option<i32> {
    let stat = r.moves.iter().find(|s| s.mv == best)?;
    match stat.proven {
        Some(true) => Some(EVAL_LIMIT),
        Some(false) => Some(-EVAL_LIMIT),
        None if stat.visits == 0 => None,
        None => {
            let v = stat.value.clamp(1e-6, 1.0 - 1e-6);
            let cp = (scale * (v / (1.0 - v)).ln()).round() as i32;
            Some(cp.clamp(-EVAL_LIMIT, EVAL_LIMIT))
        }
    }
}

fn threads(spec: &EngineSpec) -> Result<usize, Error> {
    match spec.get_num::<usize>("threads")? {
        None => Ok(1),
        Some(t) => check_threads(&format!("engine {}: threads", spec.kind), t),
    }
}

/// The alpha-beta configuration a spec names.
pub fn alphabeta_config(spec: &EngineSpec) -> Result<SearchConfig, Error> {
    // Without `hash=`, the table is sized for the search the bot will run: a shallow
    // depth- or node-limited bot fills little of a big table, yet every page of it it touches
    // costs a page fault, and the arena builds fresh bots for every game (a 200-game depth-4
    // Onitama match took 7.2 s with 16 MB tables and 1.2 s with 1 MB, measured).
    let shallow = spec.get_num::<u32>("depth")?.is_some_and(|d| d <= 8)
        || spec
            .get_num::<u64>("nodes")?
            .is_some_and(|n| n <= 1_000_000);
    let hash = spec
        .get_num::<usize>("hash")?
        .unwrap_or(if shallow { 1 } else { 16 });
    check_table_mb("engine alphabeta: hash", hash)?;
    Ok(SearchConfig {
        threads: threads(spec)?,
        hash_mb: hash,
        exact: flag(spec, "exact")?,
        star2: flag(spec, "star2")?,
        probcut: flag_or(spec, "probcut", true)?,
        lazy_smp: flag(spec, "lazy")?,
    })
}

/// An on/off setting of an alpha-beta spec (off when absent).
fn flag(spec: &EngineSpec, key: &str) -> Result<bool, Error> {
    flag_or(spec, key, false)
}

/// A true/false setting `key` of `spec`, `default` when the spec does not set it.
fn flag_or(spec: &EngineSpec, key: &str, default: bool) -> Result<bool, Error> {
    match spec.get(key) {
        None => Ok(default),
        Some("0" | "false" | "off" | "no") => Ok(false),
        Some("1" | "true" | "on" | "yes") => Ok(true),
        Some(v) => Err(Error::option(format!(
            "engine {}: {key}='{v}' is not on or off (1, true, on, yes or 0, false, off, no)",
            spec.kind
        ))),
    }
}

/// The real-valued setting `key` of an MCTS spec, if given: a number that `ok` accepts, or an
/// error saying it must be `what` (for example `a number >= 0`).
fn mcts_number(
    spec: &EngineSpec,
    key: &str,
    ok: impl Fn(f64) -> bool,
    what: &str,
) -> Result<Option<f64>, Error> {
    spec.get(key)
        .map(|v| {
            v.parse::<f64>()
                .ok()
                .filter(|x| ok(*x))
                .ok_or_else(|| Error::option(format!("engine mcts: {key}='{v}' is not {what}")))
        })
        .transpose()
}

/// The MCTS configuration a spec names, seeded with `seed` unless the spec sets `seed`.
pub fn mcts_config(spec: &EngineSpec, seed: u64) -> Result<MctsConfig, Error> {
    let d = MctsConfig::default();
    let c = mcts_number(spec, "c", |c| c.is_finite() && c >= 0.0, "a number >= 0")?;
    let scale = mcts_number(spec, "scale", |s| s.is_finite() && s > 0.0, "a number > 0")?;
    let greedy = mcts_number(
        spec,
        "greedy",
        |g| (0.0..=1.0).contains(&g),
        "a number in 0..1",
    )?;
    // `hash=`: megabytes for the trees of all threads together.
    let memory_mb = match spec.get_num::<usize>("hash")? {
        Some(mb) => check_table_mb("engine mcts: hash", mb)?,
        None => d.memory_mb,
    };
    Ok(MctsConfig {
        threads: threads(spec)?,
        seed: spec.get_num::<u64>("seed")?.unwrap_or(seed),
        exploration: c.unwrap_or(d.exploration),
        cutoff: spec.get_num::<u32>("cutoff")?.unwrap_or(d.cutoff),
        eval_scale: scale.unwrap_or(d.eval_scale),
        memory_mb,
        greedy: greedy.or(d.greedy),
    })
}

/// A bot that plays the alpha-beta search's best move.
pub struct AlphaBetaAgent {
    name: String,
    searcher: AlphaBeta,
    limits: Limits,
    caps: Limits,
}

impl AlphaBetaAgent {
    /// The bot an `alphabeta:` spec names, called `name`.
    pub fn new(name: String, spec: &EngineSpec) -> Result<Self, Error> {
        Ok(AlphaBetaAgent {
            name,
            searcher: AlphaBeta::new(alphabeta_config(spec)?),
            limits: limits(spec)?,
            caps: explicit_limits(spec)?,
        })
    }
}

impl<G: Game> Agent<G> for AlphaBetaAgent {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        if game.state().repetition_limit().is_some() {
            self.searcher.set_history(game.earlier_hashes());
        }
        self.searcher
            .search(game.state(), self.limits, None)
            .best
            .expect("a player to move has a legal move")
    }

    /// Without a clock, the search [`Agent::choose`] runs; on a clock, the spec's own limits
    /// (if any) and a share of the mover's time: no new iteration past the soft limit, stopped
    /// at the hard one. Reports the score and depth of the search.
    fn play(&mut self, game: &History<G>, clock: &MoveClock) -> Result<Choice<G::Move>, Fault> {
        if game.state().repetition_limit().is_some() {
            self.searcher.set_history(game.earlier_hashes());
        }
        let stop = self.searcher.stop_flag();
        let (searcher, state) = (&mut self.searcher, game.state());
        let r = on_clock(
            budget_of(game, clock, self.caps),
            self.limits,
            self.caps,
            stop,
            |limits, report| searcher.search(state, limits, report),
        );
        Ok(Choice {
            mv: r.best.expect("a player to move has a legal move"),
            score: Some(score_text(r.score)),
            depth: Some(r.depth),
        })
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }
}

/// A bot that plays the MCTS's most visited (or proven winning) move.
pub struct MctsAgent {
    name: String,
    searcher: Mcts,
    limits: Limits,
    caps: Limits,
}

impl MctsAgent {
    /// The bot an `mcts:` spec names, called `name`, seeded with `seed` unless the spec sets one.
    pub fn new(name: String, spec: &EngineSpec, seed: u64) -> Result<Self, Error> {
        Ok(MctsAgent {
            name,
            searcher: Mcts::new(mcts_config(spec, seed)?),
            limits: limits(spec)?,
            caps: explicit_limits(spec)?,
        })
    }
}

impl<G: Game> Agent<G> for MctsAgent {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        self.searcher
            .search(game.state(), self.limits)
            .best
            .expect("a player to move has a legal move")
    }

    /// Without a clock, the search [`Agent::choose`] runs; on a clock, the spec's own limits
    /// and the soft limit of the mover's share as its time (MCTS cannot be stopped from
    /// outside, and stops there by itself). Reports the chosen move's value as `cp`.
    fn play(&mut self, game: &History<G>, clock: &MoveClock) -> Result<Choice<G::Move>, Fault> {
        let limits = match budget_of(game, clock, self.caps) {
            None => self.limits,
            Some(budget) => Limits {
                time: Some(budget.soft),
                depth: None,
                ..self.caps
            },
        };
        let r = self.searcher.search(game.state(), limits);
        let mv = r.best.expect("a player to move has a legal move");
        let cp = mcts_cp(&r, mv, self.searcher.config().eval_scale);
        Ok(Choice {
            mv,
            score: cp.map(|cp| format!("cp {cp}")),
            // As over the protocol: MCTS's depth is the length of its line.
            depth: u32::try_from(r.pv.len()).ok().filter(|&d| d > 0),
        })
    }

    fn new_game(&mut self) {
        self.searcher.new_game();
    }
}

/// The multi-player search configuration a `maxn:` or `brs:` spec names.
pub fn multi_config(spec: &EngineSpec) -> Result<MultiConfig, Error> {
    let d = MultiConfig::default();
    let algorithm = match spec.kind.as_str() {
        "maxn" => MultiAlgorithm::MaxN,
        _ => MultiAlgorithm::BestReply,
    };
    let eval_scale = match spec.get("scale") {
        None => d.eval_scale,
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|c| c.is_finite() && *c > 0.0)
            .ok_or_else(|| {
                Error::option(format!(
                    "engine {}: scale='{v}' is not a number > 0",
                    spec.kind
                ))
            })?,
    };
    Ok(MultiConfig {
        algorithm,
        eval_scale,
        rollout: flag_or(spec, "rollout", d.rollout)?,
        rounds: flag_or(spec, "rounds", d.rounds)?,
    })
}

/// A bot that plays the best move of a multi-player search (max^n or Best-Reply Search).
pub struct MultiAgent {
    name: String,
    searcher: MultiSearch,
    limits: Limits,
    caps: Limits,
}

impl MultiAgent {
    /// The bot a `maxn:` or `brs:` spec names, called `name`.
    pub fn new(name: String, spec: &EngineSpec) -> Result<Self, Error> {
        Ok(MultiAgent {
            name,
            searcher: MultiSearch::new(multi_config(spec)?),
            limits: limits(spec)?,
            caps: explicit_limits(spec)?,
        })
    }
}

impl<G: Game> Agent<G> for MultiAgent {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        self.searcher
            .search(game.state(), self.limits, None)
            .best
            .expect("a player to move has a legal move")
    }

    /// As alpha-beta's: the spec's own limits and a share of the mover's time (no new
    /// iteration past the soft limit, stopped at the hard one).
    fn play(&mut self, game: &History<G>, clock: &MoveClock) -> Result<Choice<G::Move>, Fault> {
        let stop = self.searcher.stop_flag();
        let (searcher, state) = (&mut self.searcher, game.state());
        let r = on_clock(
            budget_of(game, clock, self.caps),
            self.limits,
            self.caps,
            stop,
            |limits, report| searcher.search(state, limits, report),
        );
        Ok(Choice {
            mv: r.best.expect("a player to move has a legal move"),
            score: Some(score_text(r.score)),
            depth: Some(r.depth),
        })
    }
}
