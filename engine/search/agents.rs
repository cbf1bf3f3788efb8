//! The searching bots (`alphabeta:...`, `mcts:...`) built from engine spec strings, so the
//! command line and the arena name engines the same way.

use crate::agent::{Agent, EngineSpec};
use crate::error::Error;
use crate::game::Game;
use crate::history::History;

use super::alphabeta::{AlphaBeta, SearchConfig};
use super::limits::Limits;
use super::mcts::{Mcts, MctsConfig};

/// The settings `alphabeta:` understands.
pub const ALPHABETA_SETTINGS: &[&str] = &["depth", "nodes", "time", "threads", "hash", "star2"];
/// The settings `mcts:` understands.
pub const MCTS_SETTINGS: &[&str] = &[
    "playouts", "nodes", "time", "threads", "seed", "c", "cutoff", "scale", "hash",
];

/// The limits a spec names (`depth`, `nodes`, `time` in ms, `playouts`), or `fallback`.
pub fn limits_from_spec(spec: &EngineSpec, fallback: Limits) -> Result<Limits, Error> {
    let mut l = Limits::none();
    if let Some(d) = spec.get_num::<u32>("depth")? {
        l = l.with_depth(d.max(1));
    }
    if let Some(n) = spec.get_num::<u64>("nodes")? {
        l = l.with_nodes(n.max(1));
    }
    if let Some(ms) = spec.get_num::<u64>("time")? {
        l = l.with_time(std::time::Duration::from_millis(ms.max(1)));
    }
    if spec.settings.contains_key("playouts") {
        if let Some(p) = spec.get_num::<u64>("playouts")? {
            l = l.with_playouts(p.max(1));
        }
    }
    Ok(l.or_default(fallback))
}

fn threads(spec: &EngineSpec) -> Result<usize, Error> {
    match spec.get_num::<usize>("threads")? {
        None => Ok(1),
        Some(t) if (1..=256).contains(&t) => Ok(t),
        Some(t) => Err(Error::option(format!(
            "engine {}: threads={t} is out of range (1 to 256)",
            spec.kind
        ))),
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
    if !(1..=65_536).contains(&hash) {
        return Err(Error::option(format!(
            "engine alphabeta: hash={hash} MB is out of range (1 to 65536)"
        )));
    }
    Ok(SearchConfig {
        threads: threads(spec)?,
        hash_mb: hash,
        exact: false,
        star2: match spec.get("star2") {
            None | Some("0" | "false" | "off" | "no") => false,
            Some("1" | "true" | "on" | "yes") => true,
            Some(v) => {
                return Err(Error::option(format!(
                    "engine alphabeta: star2='{v}' is not true or false"
                )))
            }
        },
    })
}

/// The MCTS configuration a spec names, seeded with `seed` unless the spec sets `seed`.
pub fn mcts_config(spec: &EngineSpec, seed: u64) -> Result<MctsConfig, Error> {
    let d = MctsConfig::default();
    let c = match spec.get("c") {
        None => d.exploration,
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|c| c.is_finite() && *c >= 0.0)
            .ok_or_else(|| Error::option(format!("engine mcts: c='{v}' is not a number >= 0")))?,
    };
    let scale = match spec.get("scale") {
        None => d.eval_scale,
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|c| c.is_finite() && *c > 0.0)
            .ok_or_else(|| {
                Error::option(format!("engine mcts: scale='{v}' is not a number > 0"))
            })?,
    };
    // `hash=`: megabytes for the trees of all threads together.
    let memory_mb = spec.get_num::<usize>("hash")?.unwrap_or(d.memory_mb);
    if !(1..=65_536).contains(&memory_mb) {
        return Err(Error::option(format!(
            "engine mcts: hash={memory_mb} MB is out of range (1 to 65536)"
        )));
    }
    Ok(MctsConfig {
        threads: threads(spec)?,
        seed: spec.get_num::<u64>("seed")?.unwrap_or(seed),
        exploration: c,
        cutoff: spec.get_num::<u32>("cutoff")?.unwrap_or(d.cutoff),
        eval_scale: scale,
        memory_mb,
    })
}

/// Builds a searching bot from its spec (`alphabeta:...`, `mcts:...`).
pub fn agent_from_spec<G: Game>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, Error> {
    match spec.kind.as_str() {
        "alphabeta" | "ab" => {
            spec.check_known(ALPHABETA_SETTINGS)?;
            Ok(Box::new(AlphaBetaAgent {
                name: spec.display_name(),
                searcher: AlphaBeta::new(alphabeta_config(spec)?),
                limits: limits_from_spec(spec, Limits::nodes(200_000))?,
            }))
        }
        "mcts" => {
            spec.check_known(MCTS_SETTINGS)?;
            Ok(Box::new(MctsAgent {
                name: spec.display_name(),
                searcher: Mcts::new(mcts_config(spec, seed)?),
                limits: limits_from_spec(spec, Limits::playouts(10_000))?,
            }))
        }
        other => Err(Error::option(format!(
            "unknown engine '{other}' (engines: random, greedy, alphabeta, mcts)"
        ))),
    }
}

/// A bot that plays the alpha-beta search's best move.
pub struct AlphaBetaAgent {
    name: String,
    searcher: AlphaBeta,
    limits: Limits,
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

    fn new_game(&mut self) {
        self.searcher.clear();
    }
}

/// A bot that plays the MCTS's most visited (or proven winning) move.
pub struct MctsAgent {
    name: String,
    searcher: Mcts,
    limits: Limits,
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

    fn new_game(&mut self) {
        self.searcher.new_game();
    }
}
