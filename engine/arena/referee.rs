//! One game between bots, refereed on real clocks: each seat's clock runs from the request for a
//! move to the answer, a seat that overruns it by more than the margin loses on time, and a bot
//! that fails ([`Fault`]: an engine program that crashed, said nothing or played an illegal
//! move) loses the game at once. With more than two seats the seat at fault scores 0 and the
//! others share 1 equally.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::record::GameEnding;
use crate::agent::{Agent, EngineSpec, Fault, FaultKind, MoveClock, SeatClock, TimeControl};
use crate::error::Error;
use crate::game::{Game, Payoffs, Turn};
use crate::history::History;
use crate::protocol::UGI_KIND;
use crate::random::GameRng;

/// The time limits of one seat: a clock, a fixed time per move, both, or neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatTime {
    /// The seat's clock, if it plays on one.
    pub tc: Option<TimeControl>,
    /// A fixed time per move (an engine program's `movetime=`), if it has one.
    pub movetime: Option<Duration>,
}

/// What the referee enforces in one game: each seat's limits and the margin past them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeRules {
    /// One entry per seat (a missing entry is a seat without limits).
    pub seats: Vec<SeatTime>,
    /// How far past its clock or move time a seat may go before it loses on time.
    pub margin: Duration,
}

/// The settings that give an engine spec a limit of its own, so that it takes no `--tc`.
const OWN_LIMITS: [&str; 5] = ["depth", "nodes", "time", "playouts", "movetime"];

impl SeatTime {
    /// The time limits of the engine `spec` names: its own `tc=` and `movetime=`, and
    /// `default_tc` (the arena's `--tc`) when the spec sets no limit of its own (`depth`,
    /// `nodes`, `time`, `playouts`, `movetime`). An engine program must end up with a clock or
    /// a limit; the error says so.
    pub fn for_spec(spec: &EngineSpec, default_tc: Option<TimeControl>) -> Result<Self, Error> {
        let name = spec.display_name();
        let own_tc = spec
            .get("tc")
            .map(|t| TimeControl::parse_for(&format!("engine {name}: tc"), t))
            .transpose()?;
        let movetime = spec.get_num::<u64>("movetime")?.map(Duration::from_millis);
        let limited = OWN_LIMITS.iter().any(|k| spec.get(k).is_some());
        let tc = own_tc.or(if limited { None } else { default_tc });
        if spec.kind == UGI_KIND && tc.is_none() && !limited {
            return Err(Error::option(format!(
                "engine {name}: an engine program needs a limit: tc=BASE+INC, movetime=MS, depth=D or nodes=N in its spec, or --tc{}",
                swallowed_limit(spec)
            )));
        }
        Ok(SeatTime { tc, movetime })
    }
}

/// When the command of `spec` holds what looks like a limit (`...,depth=1`), a note that
/// `cmd=` takes the rest of the spec; else nothing.
fn swallowed_limit(spec: &EngineSpec) -> String {
    let Some(cmd) = spec.get("cmd") else {
        return String::new();
    };
    let found = cmd.split(',').skip(1).find(|part| {
        OWN_LIMITS
            .iter()
            .chain(&["tc"])
            .any(|k| part.trim_start().starts_with(&format!("{k}=")))
    });
    match found {
        Some(part) => format!(
            " (cmd= takes the rest of the spec, so '{}' is part of the command: put cmd= last)",
            part.trim()
        ),
        None => String::new(),
    }
}

impl TimeRules {
    /// No time limits at all: every bot searches its own limits, as before clocks.
    pub fn none() -> Self {
        Self::default()
    }

    fn seat(&self, seat: usize) -> SeatTime {
        self.seats.get(seat).copied().unwrap_or_default()
    }
}

/// One move or chance outcome as the referee saw it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveReport {
    /// Milliseconds the mover took (`None` for a chance outcome).
    pub ms: Option<f64>,
    /// The score the mover reported last (`cp 15`, `mate 3`), if any.
    pub score: Option<String>,
    /// The depth of that report, if any.
    pub depth: Option<u32>,
}

/// A finished game: the moves, the result and why it ended.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The game as played (up to the fault, if one ended it).
    pub game: History<G>,
    /// Each seat's payoff (after a fault: 0 for the seat at fault, the others share 1).
    pub payoffs: Payoffs,
    /// Why it ended.
    pub ending: GameEnding,
    /// The seat at fault and what it did, when a fault ended the game.
    pub fault: Option<(usize, Fault)>,
}

/// Plays one game from `start` to its end: the bot of the seat to move plays on its clock
/// (`agents` holds one per seat), chance draws from `chance`, and `on_move` sees each move or
/// outcome just before it is played, with what the referee measured.
pub fn play_game<G: Game>(
    start: G,
    agents: &mut [Box<dyn Agent<G>>],
    chance: &mut GameRng,
    rules: &TimeRules,
    mut on_move: impl FnMut(&History<G>, G::Move, &MoveReport),
) -> Played<G> {
    let mut game = History::new(start);
    for a in agents.iter_mut() {
        a.new_game();
    }
    for (seat, a) in agents.iter_mut().enumerate() {
        if let Err(fault) = a.ready() {
            return forfeit(game, seat, fault);
        }
    }
    let mut clocks: Vec<Option<SeatClock>> = (0..agents.len())
        .map(|s| {
            rules.seat(s).tc.map(|tc| SeatClock {
                remaining: tc.base,
                increment: tc.increment,
            })
        })
        .collect();
    loop {
        if let Some((payoffs, ending)) = game.outcome() {
            return Played {
                game,
                payoffs,
                ending: ending.into(),
                fault: None,
            };
        }
        let (mv, report) = match game.state().turn() {
            Turn::Player(seat) => {
                match timed_move(&game, &mut agents[seat], seat, &mut clocks, rules) {
                    Ok(answer) => answer,
                    Err(fault) => return forfeit(game, seat, fault),
                }
            }
            _ => (sample_chance(game.state(), chance), MoveReport::default()),
        };
        on_move(&game, mv, &report);
        game.play(mv);
    }
}

/// Asks `seat`'s bot for a move on its clock, charges the time it took, and turns an overrun
/// past the margin into a time forfeit.
fn timed_move<G: Game>(
    game: &History<G>,
    agent: &mut Box<dyn Agent<G>>,
    seat: usize,
    clocks: &mut [Option<SeatClock>],
    rules: &TimeRules,
) -> Result<(G::Move, MoveReport), Fault> {
    let movetime = rules.seat(seat).movetime;
    let own = clocks[seat];
    let limit = [own.map(|c| c.remaining), movetime]
        .into_iter()
        .flatten()
        .min();
    let request = MoveClock {
        seats: clocks.to_vec(),
        movetime,
        deadline: limit.map(|l| l + rules.margin),
    };
    agent.settle()?;
    let asked = Instant::now();
    let choice = agent.play(game, &request)?;
    let used = asked.elapsed();
    if let Some(limit) = limit {
        if used > limit + rules.margin {
            return Err(Fault::new(
                FaultKind::TimeForfeit,
                format!(
                    "took {} ms with {} ms left (margin {} ms)",
                    used.as_millis(),
                    limit.as_millis(),
                    rules.margin.as_millis()
                ),
            ));
        }
    }
    if let Some(c) = clocks[seat].as_mut() {
        c.remaining = c.remaining.saturating_sub(used) + c.increment;
    }
    let report = MoveReport {
        ms: Some(used.as_secs_f64() * 1000.0),
        score: choice.score,
        depth: choice.depth,
    };
    Ok((choice.mv, report))
}

/// The game ended by `seat`'s fault: it scores 0, the others share 1.
fn forfeit<G: Game>(game: History<G>, seat: usize, fault: Fault) -> Played<G> {
    let players = game.state().players();
    Played {
        payoffs: Payoffs::new(&forfeit_payoffs(players, seat)),
        ending: fault.kind.into(),
        fault: Some((seat, fault)),
        game,
    }
}

/// The payoffs of a game lost by `seat`'s failure: 0 for it, an equal share of 1 for the others.
pub fn forfeit_payoffs(players: usize, seat: usize) -> Vec<f64> {
    let others = (players.max(2) - 1) as f64;
    (0..players)
        .map(|s| if s == seat { 0.0 } else { 1.0 / others })
        .collect()
}

/// Draws a chance outcome with its exact probability.
pub fn sample_chance<G: Game>(state: &G, rng: &mut GameRng) -> G::Move {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let total: u64 = outcomes.iter().map(|(_, p)| u64::from(p.num)).sum();
    let mut pick = rng.random_range(0..total);
    for (o, p) in &outcomes {
        if pick < u64::from(p.num) {
            return *o;
        }
        pick -= u64::from(p.num);
    }
    unreachable!("chance probabilities sum to one")
}
