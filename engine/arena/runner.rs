//! Playing the games: openings, one game between bots, and K games at once on a rayon pool.
//!
//! Every game is a pure function of the config and its index: its seed is
//! `derive_seed(S, index)`, each seat's bot is built from `derive_seed(game seed, 1 + seat)` and
//! chance draws from `derive_seed(game seed, 0)`; the opening comes from the round's own seed.
//! So the records are the same whatever the concurrency, the order games finish in, or how the
//! run was split into resumed parts or shards.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::Instant;

use rand::RngExt;

use super::config::{Config, Openings, Shard};
use super::record::{GameRecord, RecordWriter};
use super::schedule::Schedule;
use super::sprt::SprtDecision;
use super::summary::{SprtTracker, Summary};
use crate::agent::{build, Agent, EngineSpec};
use crate::error::Error;
use crate::game::{Game, Turn};
use crate::history::{Ending, History};
use crate::options::GameOptions;
use crate::random::{derive_seed, rng, GameRng};
use crate::Payoffs;

/// Salt that separates the opening stream from the game stream.
const OPENING_SALT: u64 = 0x6f70_656e_696e_6701;

/// Attempts at a random opening that does not end the game before giving up.
const OPENING_ATTEMPTS: u64 = 1000;

/// A tournament ready to play: the config checked against the game type `G`.
#[derive(Clone, Debug)]
pub struct Arena<G: Game> {
    config: Config,
    options: GameOptions,
    specs: Vec<EngineSpec>,
    names: Vec<String>,
    seat_names: Vec<String>,
    schedule: Schedule,
    openings: Vec<G>,
    seeded_start: bool,
}

impl<G: Game> Arena<G> {
    /// Checks the config: options known to the game, engine specs that build, opening positions
    /// that parse, engine count fitting the seats, SPRT only between two engines.
    pub fn new(config: Config) -> Result<Self, Error> {
        let mut options = GameOptions::new();
        for (k, v) in &config.options {
            options.set(k, v);
        }
        options.check_known(G::NAME, G::option_specs())?;
        let specs = config
            .engines
            .iter()
            .map(|s| EngineSpec::parse(s))
            .collect::<Result<Vec<_>, _>>()?;
        for spec in &specs {
            build::<G>(spec, 0)?;
        }
        let given: Vec<String> = specs.iter().map(EngineSpec::display_name).collect();
        let names = given
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if given.iter().filter(|m| *m == n).count() > 1 {
                    format!("{n}#{}", i + 1)
                } else {
                    n.clone()
                }
            })
            .collect();
        let openings = match &config.openings {
            Openings::Random { .. } => Vec::new(),
            Openings::Positions { source, positions } => positions
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let state = G::from_notation(p, &options).map_err(|e| {
                        Error::file(format!(
                            "openings '{source}' position {}: {}",
                            i + 1,
                            e.message
                        ))
                    })?;
                    if History::new(state.clone()).outcome().is_some() {
                        return Err(Error::file(format!(
                            "openings '{source}' position {}: the game is already over",
                            i + 1
                        )));
                    }
                    Ok(state)
                })
                .collect::<Result<Vec<_>, _>>()?,
        };
        // Random starts take the game's `seed` option, unless the user fixed the start with
        // options that exclude it (Onitama's `cards`) or set the seed itself.
        let seeded_start = G::option_specs().iter().any(|o| o.name == "seed")
            && options.get("seed").is_none()
            && G::start(&options.clone().with("seed", "0")).is_ok();
        let sample = match openings.first() {
            Some(s) => s.clone(),
            None => G::start(&options)?,
        };
        let players = sample.players();
        let seat_names = (0..players).map(|s| sample.seat_name(s)).collect();
        if openings.iter().any(|s| s.players() != players) {
            return Err(Error::file(
                "openings: positions have different numbers of players",
            ));
        }
        let schedule = Schedule::new(
            players,
            specs.len(),
            config.gauntlet,
            config.games,
            config.seed,
        )?;
        if config.sprt.is_some() && (players != 2 || specs.len() != 2) {
            return Err(Error::option(
                "--sprt needs exactly two engines in a two-player game",
            ));
        }
        Ok(Arena {
            config,
            options,
            specs,
            names,
            seat_names,
            schedule,
            openings,
            seeded_start,
        })
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The schedule.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// The engines' display names (made distinct with `#n` when specs share a name).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The seats' names, as the game calls them.
    pub fn seat_names(&self) -> &[String] {
        &self.seat_names
    }

    /// The summary of a set of this tournament's game records.
    pub fn summary(&self, games: &[GameRecord]) -> Summary {
        Summary::compute(
            &self.config,
            &self.schedule,
            &self.names,
            &self.seat_names,
            games,
        )
    }

    /// The opening of round `round`.
    pub fn opening(&self, round: u64) -> Result<G, Error> {
        let plies = match &self.config.openings {
            Openings::Positions { .. } => {
                return Ok(self.openings[(round % self.openings.len() as u64) as usize].clone())
            }
            Openings::Random { plies } => *plies,
        };
        let round_seed = derive_seed(self.config.seed ^ OPENING_SALT, round);
        for attempt in 0..OPENING_ATTEMPTS {
            let seed = derive_seed(round_seed, attempt);
            let mut options = self.options.clone();
            if self.seeded_start {
                options.set("seed", &seed.to_string());
            }
            let mut game = History::new(G::start(&options)?);
            let mut r = rng(seed);
            let mut moves = Vec::new();
            while game.plies() < plies && game.outcome().is_none() {
                let mv = match game.state().turn() {
                    Turn::Player(_) => {
                        moves.clear();
                        game.state().legal_moves(&mut moves);
                        moves[r.random_range(0..moves.len())]
                    }
                    _ => sample_chance(game.state(), &mut r),
                };
                game.play(mv);
            }
            if game.outcome().is_none() {
                return Ok(game.state().clone());
            }
        }
        Err(Error::request(format!(
            "no opening of {plies} random plies that leaves the game running in {OPENING_ATTEMPTS} tries; use fewer plies"
        )))
    }

    /// Plays game `index` of the schedule.
    pub fn play(&self, index: u64) -> Result<GameRecord, Error> {
        let clock = Instant::now();
        let slot = self.schedule.slot(index);
        let start = self.opening(slot.round)?;
        let opening = start.notation();
        let seed = derive_seed(self.config.seed, index);
        let mut agents = slot
            .seats
            .iter()
            .enumerate()
            .map(|(seat, &e)| build::<G>(&self.specs[e], derive_seed(seed, 1 + seat as u64)))
            .collect::<Result<Vec<_>, _>>()?;
        let mut chance = rng(derive_seed(seed, 0));
        let mut moves = Vec::new();
        let (game, payoffs, ending) = play_game(start, &mut agents, &mut chance, |h, mv| {
            moves.push(h.state().move_notation(mv));
        });
        Ok(GameRecord {
            index,
            round: slot.round,
            pairing: slot.pairing,
            engines: slot.seats.iter().map(|&e| self.names[e].clone()).collect(),
            seats: slot.seats,
            seed,
            opening,
            moves,
            result: payoffs.as_slice().to_vec(),
            ending,
            plies: game.plies(),
            time_ms: clock.elapsed().as_secs_f64() * 1000.0,
        })
    }

    /// The games of the schedule (or of one shard) not among `done`, in schedule order.
    pub fn pending(&self, shard: Option<Shard>, done: &[GameRecord]) -> Vec<u64> {
        let have: std::collections::HashSet<u64> = done.iter().map(|g| g.index).collect();
        self.schedule
            .games_of(shard)
            .into_iter()
            .filter(|i| !have.contains(i))
            .collect()
    }

    /// Plays what remains of the tournament (or of one shard) after the games `done`: appends
    /// each finished game to `writer` at once, hands it to `progress`, and stops early when the
    /// SPRT crosses a bound (counting `done` too) or `stop` is set. Returns `done` and the new
    /// games.
    pub fn run_tournament(
        &self,
        shard: Option<Shard>,
        done: Vec<GameRecord>,
        concurrency: usize,
        mut writer: Option<&mut RecordWriter>,
        stop: &AtomicBool,
        mut progress: impl FnMut(&GameRecord),
    ) -> Result<Vec<GameRecord>, Error> {
        let mut tracker = self.config.sprt.map(SprtTracker::new);
        let mut decided = false;
        for g in &done {
            if let Some(t) = tracker.as_mut() {
                decided |= t.add(g) != SprtDecision::Continue;
            }
        }
        let todo = if decided {
            Vec::new()
        } else {
            self.pending(shard, &done)
        };
        let mut games = done;
        let mut write_error = None;
        self.run(&todo, concurrency, stop, |record| {
            if let Some(w) = writer.as_deref_mut() {
                if let Err(e) = w.append(&record) {
                    write_error = Some(Error::file(format!("cannot write a game record: {e}")));
                    return ControlFlow::Break(());
                }
            }
            progress(&record);
            let d = tracker
                .as_mut()
                .map_or(SprtDecision::Continue, |t| t.add(&record));
            games.push(record);
            if d == SprtDecision::Continue {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })?;
        write_error.map_or(Ok(games), Err)
    }

    /// Plays the games `todo` (in that order of dispatch), `concurrency` at a time, handing each
    /// finished record to `on_game` on the calling thread. When `on_game` breaks (an SPRT bound
    /// crossed, a write failed) or `stop` is set (from a signal handler, say), no new game
    /// starts; games under way still finish and are handed over.
    pub fn run(
        &self,
        todo: &[u64],
        concurrency: usize,
        stop: &AtomicBool,
        mut on_game: impl FnMut(GameRecord) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        if todo.is_empty() || stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        let threads = concurrency.clamp(1, todo.len());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::request(format!("cannot start {threads} threads: {e}")))?;
        let next = AtomicUsize::new(0);
        // Games started but not yet handed to `on_game`: at most one per thread, so workers never
        // run far ahead of a collector that is about to stop the run.
        let permits = (Mutex::new(threads), Condvar::new());
        let (tx, rx) = mpsc::channel::<Result<GameRecord, Error>>();
        let mut failure = None;
        pool.in_place_scope(|scope| {
            for _ in 0..threads {
                let tx = tx.clone();
                let (next, permits) = (&next, &permits);
                scope.spawn(move |_| loop {
                    {
                        let mut free = permits.0.lock().expect("no panics while held");
                        while *free == 0 {
                            free = permits.1.wait(free).expect("no panics while held");
                        }
                        *free -= 1;
                    }
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&index) = todo.get(i) else { break };
                    if tx.send(self.play(index)).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            for result in rx {
                match result {
                    Ok(record) => {
                        if on_game(record).is_break() {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    Err(e) => {
                        stop.store(true, Ordering::SeqCst);
                        failure.get_or_insert(e);
                    }
                }
                *permits.0.lock().expect("no panics while held") += 1;
                permits.1.notify_one();
            }
        });
        failure.map_or(Ok(()), Err)
    }
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

/// Plays one game from `start` to its end: the bot of the seat to move chooses (`agents` holds
/// one per seat), chance draws from `chance`, and `on_move` sees each move or outcome just before
/// it is played. Returns the finished game, its payoffs and why it ended.
pub fn play_game<G: Game>(
    start: G,
    agents: &mut [Box<dyn Agent<G>>],
    chance: &mut GameRng,
    mut on_move: impl FnMut(&History<G>, G::Move),
) -> (History<G>, Payoffs, Ending) {
    for a in agents.iter_mut() {
        a.new_game();
    }
    let mut game = History::new(start);
    loop {
        if let Some((payoffs, ending)) = game.outcome() {
            return (game, payoffs, ending);
        }
        let mv = match game.state().turn() {
            Turn::Player(seat) => agents[seat].choose(&game),
            _ => sample_chance(game.state(), chance),
        };
        on_move(&game, mv);
        game.play(mv);
    }
}
