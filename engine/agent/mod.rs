//! Bots: anything that picks a move in a played game, built from a spec string such as
//! `random`, `greedy`, `alphabeta:depth=6,threads=2` or `mcts:playouts=20000,name=m20k`, so the
//! command line, the arena and the protocol server name engines the same way.
//!
//! This layer stands above [`crate::search`]: the searchers know nothing of bots. [`ENGINES`] is
//! the one table of engine kinds (their settings and default limits) and [`build`] the one
//! factory from a spec to a bot. [`clock`] is what a bot is told when it plays on a clock, and
//! [`budget`] how much of its clock a built-in bot spends on a move.

pub mod budget;
pub mod clock;
mod searching;
mod simple;
mod spec;

pub use budget::{Budget, SeatClock};
pub use clock::{score_outcome, score_text, Choice, Fault, FaultKind, MoveClock, TimeControl};
pub use searching::{
    alphabeta_config, explicit_limits, limits, mcts_config, mcts_cp, multi_config, AlphaBetaAgent,
    MctsAgent, MultiAgent, MAX_DEPTH,
};
pub use simple::{GreedyAgent, RandomAgent};
pub use spec::{EngineSpec, UNIVERSAL};

use crate::error::Error;
use crate::game::Game;
use crate::history::History;
use crate::search::Limits;

/// A bot that plays one seat of a game.
pub trait Agent<G: Game>: Send {
    /// The bot's display name (from `name=...` or the spec).
    fn name(&self) -> &str;

    /// Picks a legal move for the player to move in `game` (never called at chance or terminal
    /// states). The history gives the bot the positions played so far (for repetitions).
    fn choose(&mut self, game: &History<G>) -> G::Move;

    /// Picks a move on a clock, as a referee asks: `clock` holds every seat's time and the
    /// mover's move time, and the bot decides what to spend. It may fail (an engine program
    /// that crashed or said nothing), and it may say what its search found (score, depth) for
    /// the record. By default it ignores the clock and calls [`Agent::choose`].
    fn play(&mut self, game: &History<G>, clock: &MoveClock) -> Result<Choice<G::Move>, Fault> {
        let _ = clock;
        Ok(Choice::of(self.choose(game)))
    }

    /// Forgets what it learnt in the previous game (tables, trees), so games are independent.
    fn new_game(&mut self) {}

    /// Gets ready for the game just begun, after [`Agent::new_game`] and before the first move,
    /// off the clock: an engine program is started and asked whether it is ready here, and a
    /// failure loses it the game. Bots in this process are always ready.
    fn ready(&mut self) -> Result<(), Fault> {
        Ok(())
    }

    /// Makes sure the bot is idle before each [`Agent::play`], off the clock, so that nothing
    /// left over from its last move is taken for this one's answer: an engine program is asked
    /// `isready`, and a stray `bestmove` before its `readyok` is dropped. Bots in this process
    /// are always idle.
    fn settle(&mut self) -> Result<(), Fault> {
        Ok(())
    }
}

/// One kind of engine: its name in specs, the settings it reads and the limits it searches with
/// when a spec gives none.
#[derive(Clone, Copy, Debug)]
pub struct EngineKind {
    /// The name in specs (`alphabeta`, `mcts`, ...).
    pub name: &'static str,
    /// Other names accepted for it (`ab`).
    pub aliases: &'static [&'static str],
    /// The settings a spec may give (besides `name`).
    pub settings: &'static [&'static str],
    /// The limits used when the spec sets none (`depth`, `nodes`, `time`, `playouts`); one table
    /// so that `tabula best`, the arena and the protocol server play the same default bot.
    pub default_limits: Limits,
    /// What it is, in a line.
    pub help: &'static str,
}

/// Every engine kind. The alpha-beta default (a million nodes) is deterministic, so the same
/// command gives the same move on any machine and under any load, and takes a fraction of a
/// second in every game; give `time=` (or `--time`) for a clock-bound search.
pub const ENGINES: &[EngineKind] = &[
    EngineKind {
        name: "random",
        aliases: &[],
        settings: &[],
        default_limits: Limits::NONE,
        help: "a uniformly random legal move",
    },
    EngineKind {
        name: "greedy",
        aliases: &[],
        settings: &[],
        default_limits: Limits::NONE,
        help: "the move whose position evaluates best one ply ahead",
    },
    EngineKind {
        name: "alphabeta",
        aliases: &["ab"],
        settings: &[
            "depth", "nodes", "time", "threads", "hash", "star2", "probcut", "exact",
            "lazy",
        ],
        default_limits: Limits::NONE.with_nodes(1_000_000),
        help: "alpha-beta (expectimax at chance, paranoid with 3+ players), split points on several threads (lazy=1: Lazy SMP)",
    },
    EngineKind {
        name: "mcts",
        aliases: &[],
        settings: &[
            "playouts", "nodes", "time", "threads", "seed", "c", "cutoff", "scale", "hash",
            "greedy",
        ],
        default_limits: Limits::NONE.with_playouts(10_000),
        help: "Monte Carlo tree search (UCT, MCTS-Solver), root parallel",
    },
    EngineKind {
        name: "default",
        aliases: &[],
        settings: &["depth", "nodes", "time", "threads", "hash"],
        default_limits: Limits::NONE.with_nodes(1_000_000),
        help: "the default bot: alphabeta with two players, maxn with three or more",
    },
    EngineKind {
        name: "maxn",
        aliases: &[],
        settings: &["depth", "nodes", "time", "scale", "rollout", "rounds"],
        default_limits: Limits::NONE.with_nodes(MULTI_DEFAULT_NODES),
        help: "max^n with shallow pruning: every seat maximises its own share (3+ players)",
    },
    EngineKind {
        name: "brs",
        aliases: &[],
        settings: &["depth", "nodes", "time"],
        default_limits: Limits::NONE.with_nodes(MULTI_DEFAULT_NODES),
        help:
            "Best-Reply Search: the mover against the best reply of any one opponent (3+ players)",
    },
];

/// The node budget of `maxn` and `brs` without limits, as alpha-beta's: deterministic, and a
/// fraction of a second per move.
const MULTI_DEFAULT_NODES: u64 = 1_000_000;

/// The engine kind named `name` (or one of its aliases).
pub fn engine_kind(name: &str) -> Result<&'static EngineKind, Error> {
    ENGINES
        .iter()
        .find(|k| k.name == name || k.aliases.contains(&name))
        .ok_or_else(|| {
            let names: Vec<&str> = ENGINES.iter().map(|k| k.name).collect();
            Error::option(format!(
                "unknown engine '{name}' (engines: {})",
                names.join(", ")
            ))
        })
}

/// Reads a spec and checks its kind and settings against [`ENGINES`]; the kind comes back under
/// its main name (`ab` becomes `alphabeta`).
pub fn parse_spec(text: &str) -> Result<EngineSpec, Error> {
    let mut spec = EngineSpec::parse(text)?;
    let kind = engine_kind(&spec.kind)?;
    spec.kind = kind.name.to_string();
    spec.check_known(kind.settings)?;
    Ok(spec)
}

/// The engine the `default` spec plays with `players` seats: alpha-beta for two, max^n for
/// three or more (measured in capture checkers with 3, 4 and 6 players: max^n beat Best-Reply
/// Search and paranoid alpha-beta at equal time, and gained with depth where they lost; the
/// matches are in `docs/measurements.md`). Any other spec is itself. The spec's limits carry over; `threads`
/// and `hash`, which max^n does not have, are dropped for it.
pub fn resolve(spec: &EngineSpec, players: usize) -> EngineSpec {
    if spec.kind != "default" {
        return spec.clone();
    }
    let kind = if players >= 3 { "maxn" } else { "alphabeta" };
    let settings = engine_kind(kind).map_or(&[][..], |k| k.settings);
    let mut out = spec.clone();
    out.kind = kind.to_string();
    out.settings
        .retain(|k, _| UNIVERSAL.contains(&k.as_str()) || settings.contains(&k.as_str()));
    out
}

/// The bot of the `default` spec: alpha-beta or max^n by the number of players of the game it
/// is asked to play ([`resolve`]), built on its first move.
struct DefaultAgent<G: Game> {
    name: String,
    spec: EngineSpec,
    seed: u64,
    inner: Option<(usize, Box<dyn Agent<G>>)>,
}

impl<G: Game> DefaultAgent<G> {
    /// The bot for `players` seats, built once (and again if a game has another count).
    fn inner(&mut self, players: usize) -> &mut Box<dyn Agent<G>> {
        if self.inner.as_ref().is_none_or(|(p, _)| *p != players) {
            let mut spec = resolve(&self.spec, players);
            spec.settings.insert("name".into(), self.name.clone());
            let bot = build::<G>(&spec, self.seed).expect("checked when the spec was read");
            self.inner = Some((players, bot));
        }
        &mut self.inner.as_mut().expect("built above").1
    }
}

impl<G: Game> Agent<G> for DefaultAgent<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        self.inner(game.state().players()).choose(game)
    }

    fn play(
        &mut self,
        game: &History<G>,
        clock: &clock::MoveClock,
    ) -> Result<Choice<G::Move>, Fault> {
        self.inner(game.state().players()).play(game, clock)
    }

    fn new_game(&mut self) {
        if let Some((_, bot)) = self.inner.as_mut() {
            bot.new_game();
        }
    }
}

/// Builds the bot a spec names, seeded with `seed` (every random choice it makes comes from it).
pub fn build<G: Game>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, Error> {
    let kind = engine_kind(&spec.kind)?;
    spec.check_known(kind.settings)?;
    let name = spec.display_name();
    Ok(match kind.name {
        "random" => Box::new(RandomAgent::<G>::new(name, seed)),
        "greedy" => Box::new(GreedyAgent::<G>::new(name, seed)),
        "alphabeta" => Box::new(AlphaBetaAgent::new(name, spec)?),
        "mcts" => Box::new(MctsAgent::new(name, spec, seed)?),
        "maxn" | "brs" => Box::new(MultiAgent::new(name, spec)?),
        "default" => {
            // Every setting is checked now, for both engines it may become.
            for players in [2, 3] {
                let r = resolve(spec, players);
                searching::limits(&r)?;
                if players == 2 {
                    alphabeta_config(&r)?;
                } else {
                    multi_config(&r)?;
                }
            }
            Box::new(DefaultAgent::<G> {
                name,
                spec: spec.clone(),
                seed,
                inner: None,
            })
        }
        other => unreachable!("engine kind '{other}' is in ENGINES but has no bot"),
    })
}
