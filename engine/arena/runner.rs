//! Playing the games: openings, one game between bots, and K games at once on a rayon pool.
//!
//! Every game is a pure function of the config and its index: its seed is
//! `derive_seed(S, index)`, each seat's bot is built from `derive_seed(game seed, 1 + seat)` and
//! chance draws from `derive_seed(game seed, 0)`; the opening comes from the round's own seed.
//! So the records are the same whatever the concurrency, the order games finish in, or how the
//! run was split into resumed parts or shards.
//!
//! A panic while a game is played (a bot's bug, say) does not end the tournament: the game is
//! recorded with ending `engine_error` and the panic's message, and the others go on. When the
//! panic came from a seat's bot (while it was built, started or choosing), that seat loses the
//! game and it counts like any other; otherwise the game has no result and the statistics leave
//! it out ([`GameRecord::counts`]).
//!
//! Engines play on the clocks of [`TimeRules`] (`--tc`, or a spec's `tc=`), and a fault of an
//! engine program (time forfeit, illegal move, crash, no answer) ends its game as
//! [`super::referee`] says. Engines limited by depth, nodes or playouts and without a clock play
//! the same games on every run.

use std::any::Any;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rand::RngExt;

use super::config::{Config, Openings, Shard};
use super::record::{describe_ending, GameEnding, GameRecord, RecordWriter};
use super::referee::{
    forfeit_payoffs, play_game, sample_chance, MoveReport, Played, SeatTime, TimeRules,
};
use super::schedule::Schedule;
use super::sprt::SprtDecision;
use super::summary::{SprtTracker, Summary};
use crate::agent::{Agent, Choice, EngineSpec, Fault, MoveClock};
use crate::error::Error;
use crate::game::{Game, Turn};
use crate::history::History;
use crate::options::GameOptions;
use crate::protocol::{self, LogTag, ProcessPool, TrafficLog};
use crate::random::{derive_seed, rng};

/// Salt that separates the opening stream from the game stream.
const OPENING_SALT: u64 = 0x6f70_656e_696e_6701;

/// Attempts at a random opening that does not end the game before giving up.
const OPENING_ATTEMPTS: u64 = 1000;

/// Who a bot is built for: its seed, its seat and game, the game options, and the traffic log
/// an engine program writes to.
#[derive(Clone, Debug)]
pub struct Seating<'a> {
    /// The seed every random choice of the bot comes from.
    pub seed: u64,
    /// The seat it plays (0-based).
    pub seat: usize,
    /// The game's index in the schedule.
    pub game: u64,
    /// The tournament's game options (an engine program is sent them).
    pub options: &'a GameOptions,
    /// Where engine programs log what they are sent and answer, if anywhere.
    pub log: Option<&'a Arc<TrafficLog>>,
}

/// Builds a seat's bot from its spec ([`protocol::build`], which knows the library's bots and
/// `ugi:` engine programs, unless the arena was made with [`Arena::with_builder`]).
pub type AgentBuilder<G> =
    Arc<dyn Fn(&EngineSpec, &Seating<'_>) -> Result<Box<dyn Agent<G>>, Error> + Send + Sync>;

/// The library's bots and engine programs, for [`Arena::new`]; the engine programs' processes
/// are kept between games in one pool, ended when the arena (its last clone) is dropped.
fn default_builder<G: Game>() -> AgentBuilder<G> {
    let pool = Arc::new(ProcessPool::new());
    Arc::new(move |spec: &EngineSpec, at: &Seating<'_>| {
        let tag = at.log.map(|log| LogTag {
            log: Arc::clone(log),
            game: at.game,
            seat: at.seat,
            engine: spec.display_name(),
        });
        protocol::build::<G>(spec, at.seed, at.options, tag, Some(&pool))
    })
}

/// An [`AgentBuilder`] that the arena can derive `Clone` and `Debug` over.
#[derive(Clone)]
struct Builder<G: Game>(AgentBuilder<G>);

impl<G: Game> std::fmt::Debug for Builder<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AgentBuilder")
    }
}

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
    builder: Builder<G>,
    times: Vec<SeatTime>,
    log: Option<Arc<TrafficLog>>,
}

impl<G: Game> Arena<G> {
    /// Checks the config: options known to the game, engine specs that build (and engine
    /// programs that start), opening positions that parse, engine count fitting the seats, SPRT
    /// only between two engines, a time limit for every engine program.
    pub fn new(config: Config) -> Result<Self, Error> {
        let arena = Self::for_records(config)?;
        for spec in &arena.specs {
            protocol::check_starts(spec)?;
        }
        Ok(arena)
    }

    /// [`Arena::new`] without starting the engine programs: to read and summarise records
    /// (`tabula arena merge`) on a machine that may not have them.
    pub fn for_records(config: Config) -> Result<Self, Error> {
        Self::with_builder(config, default_builder())
    }

    /// [`Arena::new`] with the bots built by `builder` instead of [`protocol::build`]: engines
    /// that are not the library's (a test's, an experiment's) can play tournaments too. Every
    /// spec is checked by building it once (engine programs are not started).
    pub fn with_builder(config: Config, builder: AgentBuilder<G>) -> Result<Self, Error> {
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
        let times = check_specs(&specs, &builder, &options, &config)?;
        let openings = parse_openings::<G>(&config.openings, &options)?;
        // Random starts take the game's `seed` option, unless the user fixed the start with
        // options that exclude it (Onitama's `cards`) or set the seed itself.
        let seeded_start = seeded_start::<G>(&options);
        let sample = match openings.first() {
            Some(s) => s.clone(),
            None => G::start(&options)?,
        };
        let players = sample.players();
        let seat_names = (0..players).map(|s| sample.seat_name(s)).collect();
        if let Some(k) = openings.iter().position(|s| s.players() != players) {
            return Err(Error::file(format!(
                "openings {}: {} is for {} players, the first for {players}",
                config.openings.describe(),
                config.openings.position_place(k),
                openings[k].players()
            )));
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
            names: distinct_names(&specs),
            config,
            options,
            specs,
            seat_names,
            schedule,
            openings,
            seeded_start,
            builder: Builder(builder),
            times,
            log: None,
        })
    }

    /// Logs every line sent to and read from the engine programs, and their stderr, to `log`.
    pub fn set_log(&mut self, log: Option<Arc<TrafficLog>>) {
        self.log = log;
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
            let game = random_plies::<G>(&self.options, self.seeded_start, plies, seed)?;
            if game.state().turn() != Turn::Terminal {
                return Ok(game.state().clone());
            }
        }
        Err(Error::request(format!(
            "no opening of {plies} random plies that leaves the game running in {OPENING_ATTEMPTS} tries; use fewer plies"
        )))
    }

    /// Plays game `index` of the schedule. A panic while it is played ends the game as an
    /// engine error (see the module documentation) instead of unwinding further.
    pub fn play(&self, index: u64) -> Result<GameRecord, Error> {
        let clock = Instant::now();
        let slot = self.schedule.slot(index);
        let start = self.opening(slot.round)?;
        let opening = start.notation();
        let seed = derive_seed(self.config.seed, index);
        let mut log = MoveLog::<G>::default();
        let busy = Arc::new(AtomicUsize::new(NO_SEAT));
        let played = catch_unwind(AssertUnwindSafe(|| {
            self.play_guarded(start, &slot.seats, (index, seed), &busy, |h, mv, report| {
                log.add(h, mv, report)
            })
        }));
        let names: Vec<String> = slot.seats.iter().map(|&e| self.names[e].clone()).collect();
        let mut record = GameRecord {
            index,
            round: slot.round,
            pairing: slot.pairing,
            engines: names,
            seats: slot.seats,
            seed,
            opening,
            moves: Vec::new(),
            result: Vec::new(),
            ending: GameEnding::EngineError,
            error: None,
            failed_seat: None,
            plies: log.plies,
            time_ms: 0.0,
            move_ms: Vec::new(),
            scores: Vec::new(),
            depths: Vec::new(),
            final_position: String::new(),
            points: None,
            verdict: String::new(),
        };
        // Seat names and the reason come from the last position (Big Bang names seats by colour
        // once the coin has picked them).
        let mut seat_names = self.seat_names.clone();
        let mut reason = None;
        match played {
            Ok(Ok(played)) => {
                let last = played.game.state();
                seat_names = (0..seat_names.len()).map(|s| last.seat_name(s)).collect();
                reason = last.end_reason();
                self.finish(&mut record, played);
            }
            Ok(Err(e)) => return Err(e),
            Err(panic) => {
                let seat = Some(busy.load(Ordering::SeqCst)).filter(|&s| s != NO_SEAT);
                let (result, error) = self.failure(&record.seats, seat, panic.as_ref());
                record.result = result;
                record.error = Some(error);
                record.failed_seat = seat;
                record.final_position = log.last_position();
            }
        }
        record.verdict = describe_ending(
            &seat_names,
            &record.result,
            record.ending,
            record.failed_seat,
            record.plies,
            reason.as_deref(),
        );
        log.fill(&mut record);
        record.time_ms = clock.elapsed().as_secs_f64() * 1000.0;
        Ok(record)
    }

    /// Fills `record` with a game played to its end or to a seat's fault.
    fn finish(&self, record: &mut GameRecord, played: Played<G>) {
        record.result = played.payoffs.as_slice().to_vec();
        record.ending = played.ending;
        record.plies = played.game.plies();
        record.final_position = played.game.state().notation();
        record.points = played.game.state().points();
        if let Some((seat, fault)) = played.fault {
            let who = &self.names[record.seats[seat]];
            record.error = Some(format!("engine {who} ({}): {fault}", self.seat_names[seat]));
            record.failed_seat = Some(seat);
        }
    }

    /// Builds the seats' bots and plays the game, each bot wrapped so that `busy` names its seat
    /// while it is being built or works (so a panic can be blamed on it).
    fn play_guarded(
        &self,
        start: G,
        seats: &[usize],
        (index, seed): (u64, u64),
        busy: &Arc<AtomicUsize>,
        on_move: impl FnMut(&History<G>, G::Move, &MoveReport),
    ) -> Result<Played<G>, Error> {
        let mut agents = Vec::with_capacity(seats.len());
        for (seat, &e) in seats.iter().enumerate() {
            busy.store(seat, Ordering::SeqCst);
            let seating = Seating {
                seed: derive_seed(seed, 1 + seat as u64),
                seat,
                game: index,
                options: &self.options,
                log: self.log.as_ref(),
            };
            let inner = (self.builder.0)(&self.specs[e], &seating)?;
            busy.store(NO_SEAT, Ordering::SeqCst);
            agents.push(Box::new(Blamed {
                seat,
                inner,
                busy: Arc::clone(busy),
            }) as Box<dyn Agent<G>>);
        }
        let rules = TimeRules {
            seats: seats.iter().map(|&e| self.times[e]).collect(),
            margin: Duration::from_millis(self.config.margin_ms),
        };
        let mut chance = rng(derive_seed(seed, 0));
        Ok(play_game(start, &mut agents, &mut chance, &rules, on_move))
    }

    /// The result and error text of a game stopped by `panic`: a loss for `seat` if its bot
    /// panicked (the others share the win), else no result.
    fn failure(
        &self,
        engines: &[usize],
        seat: Option<usize>,
        panic: &(dyn Any + Send),
    ) -> (Vec<f64>, String) {
        let message = panic_message(panic);
        let Some(seat) = seat else {
            return (Vec::new(), format!("panic outside the engines: {message}"));
        };
        let who = &self.names[engines[seat]];
        let error = format!(
            "engine {who} ({}) panicked: {message}",
            self.seat_names[seat]
        );
        (forfeit_payoffs(engines.len(), seat), error)
    }

    /// The games of the schedule (or of one shard) not among `done`, in schedule order, one at
    /// a time.
    pub fn pending(
        &self,
        shard: Option<Shard>,
        done: &[GameRecord],
    ) -> impl Iterator<Item = u64> + Send + 'static {
        let have: std::collections::HashSet<u64> = done.iter().map(|g| g.index).collect();
        self.schedule
            .games_of(shard)
            .filter(move |i| !have.contains(i))
    }

    /// How many games [`Arena::pending`] gives.
    pub fn pending_count(&self, shard: Option<Shard>, done: &[GameRecord]) -> u64 {
        let have: std::collections::HashSet<u64> = done
            .iter()
            .map(|g| g.index)
            .filter(|&i| self.schedule.holds(shard, i))
            .collect();
        self.schedule.count_of(shard) - have.len() as u64
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
        let count = if decided {
            0
        } else {
            self.pending_count(shard, &done)
        };
        let todo = self.pending(shard, &done).take(count as usize);
        let mut games = done;
        let mut write_error = None;
        self.run(todo, count, concurrency, stop, |record| {
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

    /// Plays the `count` games `todo` gives (in that order of dispatch), `concurrency` at a time
    /// (at most `count`), handing each
    /// finished record to `on_game` on the calling thread. When `on_game` breaks (an SPRT bound
    /// crossed, a write failed) or `stop` is set (from a signal handler, say), no new game
    /// starts; games under way still finish and are handed over.
    pub fn run(
        &self,
        todo: impl Iterator<Item = u64> + Send,
        count: u64,
        concurrency: usize,
        stop: &AtomicBool,
        mut on_game: impl FnMut(GameRecord) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        if count == 0 || stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        // What the evaluation builds on first use is built before any move is timed.
        G::prepare();
        let threads = concurrency.clamp(1, usize::try_from(count).unwrap_or(usize::MAX));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::request(format!("cannot start {threads} threads: {e}")))?;
        let next = Mutex::new(todo);
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
                        let mut free = lock(&permits.0);
                        while *free == 0 {
                            free = permits.1.wait(free).unwrap_or_else(|e| e.into_inner());
                        }
                        *free -= 1;
                    }
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(index) = lock(next).next() else {
                        break;
                    };
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
                *lock(&permits.0) += 1;
                permits.1.notify_one();
            }
        });
        failure.map_or(Ok(()), Err)
    }
}

/// The engines' display names, made distinct with `#n` (their place in the list) where specs
/// share a name.
fn distinct_names(specs: &[EngineSpec]) -> Vec<String> {
    let given: Vec<String> = specs.iter().map(EngineSpec::display_name).collect();
    given
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if given.iter().filter(|m| *m == n).count() > 1 {
                format!("{n}#{}", i + 1)
            } else {
                n.clone()
            }
        })
        .collect()
}

/// Whether random starts of `G` under `options` take a seed: the game has a `seed` option, the
/// user did not set it, and no other option fixes the start (Onitama's `cards`).
pub fn seeded_start<G: Game>(options: &GameOptions) -> bool {
    G::option_specs().iter().any(|o| o.name == "seed")
        && options.get("seed").is_none()
        && G::start(&options.clone().with("seed", "0")).is_ok()
}

/// The game's start (dealt from `seed` when `seeded_start`), then up to `plies` uniformly random
/// player moves, chance outcomes drawn as the rules weigh them, all from `seed`; it stops early
/// if the rules end the game. The ply limit is not applied here: it counts the plies played
/// after the opening.
pub fn random_plies<G: Game>(
    options: &GameOptions,
    seeded_start: bool,
    plies: u32,
    seed: u64,
) -> Result<History<G>, Error> {
    let mut options = options.clone();
    if seeded_start {
        options.set("seed", &seed.to_string());
    }
    let mut game = History::new(G::start(&options)?);
    let mut r = rng(seed);
    let mut moves = Vec::new();
    while game.plies() < plies && game.state().turn() != Turn::Terminal {
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
    Ok(game)
}

/// The opening positions a config lists (none for random openings), each checked to parse and
/// to leave the game running.
fn parse_openings<G: Game>(openings: &Openings, options: &GameOptions) -> Result<Vec<G>, Error> {
    let Openings::Positions { source, positions } = openings else {
        return Ok(Vec::new());
    };
    positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let place = || openings.position_place(i);
            let state = G::from_notation(p, options).map_err(|e| {
                Error::file(format!("openings '{source}' {}: {}", place(), e.message))
            })?;
            if History::new(state.clone()).outcome().is_some() {
                return Err(Error::file(format!(
                    "openings '{source}' {}: the game is already over",
                    place()
                )));
            }
            Ok(state)
        })
        .collect()
}

/// The seat number `busy` holds when no bot is at work.
const NO_SEAT: usize = usize::MAX;

/// A bot that names its seat in `busy` while it works, so that a panic inside it is blamed on
/// its seat.
struct Blamed<G: Game> {
    seat: usize,
    inner: Box<dyn Agent<G>>,
    busy: Arc<AtomicUsize>,
}

impl<G: Game> Agent<G> for Blamed<G> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        self.busy.store(self.seat, Ordering::SeqCst);
        let mv = self.inner.choose(game);
        self.busy.store(NO_SEAT, Ordering::SeqCst);
        mv
    }

    fn play(&mut self, game: &History<G>, clock: &MoveClock) -> Result<Choice<G::Move>, Fault> {
        self.busy.store(self.seat, Ordering::SeqCst);
        let answer = self.inner.play(game, clock);
        self.busy.store(NO_SEAT, Ordering::SeqCst);
        answer
    }

    fn new_game(&mut self) {
        self.busy.store(self.seat, Ordering::SeqCst);
        self.inner.new_game();
        self.busy.store(NO_SEAT, Ordering::SeqCst);
    }

    fn ready(&mut self) -> Result<(), Fault> {
        self.busy.store(self.seat, Ordering::SeqCst);
        let answer = self.inner.ready();
        self.busy.store(NO_SEAT, Ordering::SeqCst);
        answer
    }

    fn settle(&mut self) -> Result<(), Fault> {
        self.busy.store(self.seat, Ordering::SeqCst);
        let answer = self.inner.settle();
        self.busy.store(NO_SEAT, Ordering::SeqCst);
        answer
    }
}

/// What a game's record keeps of each move, gathered as the game is played (so that a game
/// stopped by a panic keeps the moves made before it).
struct MoveLog<G: Game> {
    moves: Vec<String>,
    move_ms: Vec<Option<f64>>,
    scores: Vec<Option<String>>,
    depths: Vec<Option<u32>>,
    plies: u32,
    last: Option<G>,
}

impl<G: Game> Default for MoveLog<G> {
    fn default() -> Self {
        MoveLog {
            moves: Vec::new(),
            move_ms: Vec::new(),
            scores: Vec::new(),
            depths: Vec::new(),
            plies: 0,
            last: None,
        }
    }
}

impl<G: Game> MoveLog<G> {
    fn add(&mut self, h: &History<G>, mv: G::Move, report: &MoveReport) {
        if matches!(h.state().turn(), Turn::Player(_)) {
            self.plies += 1;
        }
        self.moves.push(h.state().move_notation(mv));
        self.move_ms
            .push(report.ms.map(|ms| (ms * 1000.0).round() / 1000.0));
        self.scores.push(report.score.clone());
        self.depths.push(report.depth);
        let mut next = h.state().clone();
        next.play(mv);
        self.last = Some(next);
    }

    /// The position after the last move seen (for a game a panic stopped).
    fn last_position(&self) -> String {
        self.last.as_ref().map_or_else(String::new, G::notation)
    }

    /// Moves the lists into `record`; scores and depths that no engine reported stay empty (as
    /// they are written: left out).
    fn fill(self, record: &mut GameRecord) {
        record.moves = self.moves;
        record.move_ms = self.move_ms;
        if self.scores.iter().any(Option::is_some) {
            record.scores = self.scores;
        }
        if self.depths.iter().any(Option::is_some) {
            record.depths = self.depths;
        }
    }
}

/// Checks every spec by building its bot once (engine programs are not started), and reads
/// each engine's time limits.
fn check_specs<G: Game>(
    specs: &[EngineSpec],
    builder: &AgentBuilder<G>,
    options: &GameOptions,
    config: &Config,
) -> Result<Vec<SeatTime>, Error> {
    let seating = Seating {
        seed: 0,
        seat: 0,
        game: 0,
        options,
        log: None,
    };
    specs
        .iter()
        .map(|spec| {
            builder(spec, &seating)?;
            SeatTime::for_spec(spec, config.tc)
        })
        .collect()
}

/// A panic's message (panics carry a `&str` or a `String`; anything else is named as such).
fn panic_message(panic: &(dyn Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Locks `mutex` even if a thread panicked while holding it: the counts it guards stay
/// meaningful, and one failed game must not stop the tournament.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
