//! Engine programs as bots: a `ugi:` engine spec ([`UgiSpec`]) and the [`UgiAgent`] that plays a
//! seat by speaking the protocol to its own process, so the arena referees any UGI program as it
//! referees its own bots (`docs/protocol.md`, the referee).
//!
//! A process is started by [`Agent::ready`] (`ugi`, the options, `uginewgame`, `isready`) and
//! asked for each move with the whole game (`position fen <start> moves ...`) and every seat's
//! clock. With a [`ProcessPool`] (the arena's), a healthy process goes back to the pool when the
//! game ends and plays the engine's next game (`uginewgame`, `isready`), so a tournament keeps one
//! process per engine for each game being played at once; after a fault it is killed, and the
//! next game starts a fresh one. Without a pool it ends with the game.

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::client::{EngineProcess, Info, ProcessPool, Reply, Wait};
use super::log::LogTag;
use crate::agent::{
    self, Agent, Choice, EngineSpec, Fault, FaultKind, MoveClock, TimeControl, UNIVERSAL,
};
use crate::error::Error;
use crate::game::{seat_to_move, Game};
use crate::history::History;
use crate::options::GameOptions;
use crate::resources::check_positive_seconds;

/// The engine kind of engine programs in specs: `ugi:name=N,...,cmd=<command line>`.
pub const UGI_KIND: &str = "ugi";

/// The settings of a `ugi:` spec besides [`UNIVERSAL`] and `option.<Name>`.
const SETTINGS: &[&str] = &["movetime", "depth", "nodes", "timeout", "cmd"];

/// How long an engine may take to answer `ugi` or `isready` (and a `go` without any time
/// limit) unless its spec says `timeout=`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine that overran its clock and was sent `stop` has to answer before it is
/// killed.
pub const STOP_GRACE: Duration = Duration::from_secs(1);

/// A `ugi:` engine spec, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UgiSpec {
    /// The engine's display name.
    pub name: String,
    /// The program and its arguments (`cmd=`, split as a shell would, without a shell).
    pub argv: Vec<String>,
    /// Its own clock (`tc=`), if the spec gives one.
    pub tc: Option<TimeControl>,
    /// `movetime=` (ms), sent with every `go`.
    pub movetime: Option<u64>,
    /// `depth=`, sent with every `go`.
    pub depth: Option<u32>,
    /// `nodes=`, sent with every `go`.
    pub nodes: Option<u64>,
    /// `option.<Name>=<value>` settings, sent as `setoption` before each game.
    pub options: Vec<(String, String)>,
    /// How long to wait for `ugiok`, `readyok`, and a `bestmove` with no clock (`timeout=`,
    /// seconds).
    pub timeout: Duration,
}

impl UgiSpec {
    /// Reads and checks a `ugi:` spec: known settings, a command line that splits into words,
    /// numbers where numbers belong. The program is not started ([`check_starts`] does that).
    pub fn from_spec(spec: &EngineSpec) -> Result<Self, Error> {
        let name = spec.display_name();
        for k in spec.settings.keys() {
            let known = UNIVERSAL.contains(&k.as_str())
                || SETTINGS.contains(&k.as_str())
                || k.strip_prefix("option.").is_some_and(|o| !o.is_empty());
            if !known {
                return Err(Error::option(format!(
                    "engine {name}: ugi has no setting '{k}' (it knows: name, tc, movetime, depth, nodes, timeout, option.<Name>, cmd)"
                )));
            }
        }
        let cmd = spec.get("cmd").ok_or_else(|| {
            Error::option(format!(
                "engine {name}: a ugi engine needs cmd=<command line>, last in the spec"
            ))
        })?;
        let argv = shell_words::split(cmd).map_err(|e| {
            Error::option(format!(
                "engine {name}: cmd '{cmd}' cannot be split into words: {e}"
            ))
        })?;
        if argv.is_empty() {
            return Err(Error::option(format!("engine {name}: cmd= is empty")));
        }
        let timeout = match spec.get("timeout") {
            None => DEFAULT_TIMEOUT,
            Some(t) => positive_seconds(&name, t)?,
        };
        Ok(UgiSpec {
            tc: spec
                .get("tc")
                .map(|t| TimeControl::parse_for(&format!("engine {name}: tc"), t))
                .transpose()?,
            movetime: spec.get_num("movetime")?,
            depth: spec.get_num("depth")?,
            nodes: spec.get_num("nodes")?,
            options: spec
                .settings
                .iter()
                .filter_map(|(k, v)| Some((k.strip_prefix("option.")?.to_string(), v.clone())))
                .collect(),
            timeout,
            argv,
            name,
        })
    }
}

fn positive_seconds(name: &str, text: &str) -> Result<Duration, Error> {
    let what = format!("engine {name}: timeout");
    let seconds = text
        .parse::<f64>()
        .map_err(|_| Error::option(format!("{what} '{text}' is not a number of seconds")))?;
    check_positive_seconds(&what, seconds)
}

/// Refuses a `ugi:` spec whose program does not start: it cannot be run (no such file, not
/// executable), or it exits or stays silent before answering `ugi` and `isready` within its
/// timeout. A referee finds that out before the first game rather than in every game (a typo in
/// a script's path would otherwise lose a whole tournament game by game). The program is ended
/// again at once. Other specs pass.
pub fn check_starts(spec: &EngineSpec) -> Result<(), Error> {
    if spec.kind != UGI_KIND {
        return Ok(());
    }
    let ugi = UgiSpec::from_spec(spec)?;
    let mut p = EngineProcess::start(&ugi.argv, None).map_err(|e| {
        Error::option(format!(
            "engine {}: cannot start '{}': {e}",
            ugi.name, ugi.argv[0]
        ))
    })?;
    let handshake =
        ask(&mut p, "ugi", ugi.timeout, "ugiok", |r| *r == Reply::UgiOk).and_then(|_| {
            ask(&mut p, "isready", ugi.timeout, "readyok", |r| {
                *r == Reply::ReadyOk
            })
        });
    handshake.map(drop).map_err(|f| {
        Error::option(format!(
            "engine {}: '{}' does not start as an engine: {}",
            ugi.name,
            ugi.argv.join(" "),
            f.text
        ))
    })
}

/// Builds the bot a spec names: an engine program for `ugi:` (game options `options` are sent
/// to it, its traffic goes to `tag`'s log, and its process is kept in `pool` between games),
/// else one of the library's bots.
pub fn build<G: Game>(
    spec: &EngineSpec,
    seed: u64,
    options: &GameOptions,
    tag: Option<LogTag>,
    pool: Option<&Arc<ProcessPool>>,
) -> Result<Box<dyn Agent<G>>, Error> {
    if spec.kind == UGI_KIND {
        let mut agent = UgiAgent::<G>::new(spec, options, tag)?;
        if let Some(pool) = pool {
            agent.keep_in(Arc::clone(pool));
        }
        Ok(Box::new(agent))
    } else {
        agent::build::<G>(spec, seed)
    }
}

/// A seat played by an engine program over the protocol.
pub struct UgiAgent<G: Game> {
    spec: UgiSpec,
    /// The pool's key: the spec as written (less the name).
    key: String,
    game_options: Vec<(String, String)>,
    tag: Option<LogTag>,
    process: Option<EngineProcess>,
    pool: Option<Arc<ProcessPool>>,
    /// Whether the process failed in this game (it is then not kept).
    faulted: bool,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> UgiAgent<G> {
    /// The bot a `ugi:` spec names, sent the game options `options` before each game. The
    /// program starts at [`Agent::ready`].
    pub fn new(
        spec: &EngineSpec,
        options: &GameOptions,
        tag: Option<LogTag>,
    ) -> Result<Self, Error> {
        Ok(UgiAgent {
            spec: UgiSpec::from_spec(spec)?,
            key: spec.to_string(),
            game_options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            tag,
            process: None,
            pool: None,
            faulted: false,
            _game: PhantomData,
        })
    }

    /// Takes its process from `pool` when one is idle, and gives it back after a game without
    /// a fault.
    pub fn keep_in(&mut self, pool: Arc<ProcessPool>) {
        self.pool = Some(pool);
    }

    /// A kept process of this engine brought to a new game (`uginewgame`, `isready`), if the
    /// pool has one.
    fn reuse(&mut self) -> Option<Result<EngineProcess, Fault>> {
        let mut p = self.pool.as_ref()?.take(&self.key)?;
        p.retag(self.tag.clone());
        let fresh = send(&mut p, "uginewgame").and_then(|()| {
            ask(&mut p, "isready", self.spec.timeout, "readyok", |r| {
                *r == Reply::ReadyOk
            })
        });
        Some(fresh.map(|_| p))
    }

    /// `position fen <start> [moves ...]`: the whole game, chance outcomes included.
    fn position_line(game: &History<G>) -> String {
        let mut state = game.start().clone();
        let mut line = format!("position fen {}", state.notation());
        if !game.moves().is_empty() {
            line.push_str(" moves");
            for &m in game.moves() {
                line.push(' ');
                line.push_str(&state.move_notation(m));
                state.play(m);
            }
        }
        line
    }

    /// `go` with every clocked seat's time and increment (when the mover is on a clock) and the
    /// spec's move time, depth and nodes.
    fn go_line(&self, clock: &MoveClock, seat: usize) -> String {
        let mut line = String::from("go");
        if clock.seat(seat).is_some() {
            let clocks = clock.seats.iter().enumerate();
            for (s, c) in clocks.clone().filter_map(|(s, c)| Some((s, (*c)?))) {
                line.push_str(&format!(" p{}time {}", s + 1, c.remaining.as_millis()));
            }
            for (s, c) in clocks.filter_map(|(s, c)| Some((s, (*c)?))) {
                line.push_str(&format!(" p{}inc {}", s + 1, c.increment.as_millis()));
            }
        }
        if let Some(ms) = self.spec.movetime {
            line.push_str(&format!(" movetime {ms}"));
        }
        if let Some(d) = self.spec.depth {
            line.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.spec.nodes {
            line.push_str(&format!(" nodes {n}"));
        }
        line
    }

    /// Starts the program and brings it to a new game: `ugi`/`ugiok`, the options, `uginewgame`,
    /// `isready`/`readyok`.
    fn start(&mut self) -> Result<EngineProcess, Fault> {
        let mut p = EngineProcess::start(&self.spec.argv, self.tag.clone()).map_err(|e| {
            Fault::new(
                FaultKind::Crash,
                format!("cannot start '{}': {e}", self.spec.argv[0]),
            )
        })?;
        ask(&mut p, "ugi", self.spec.timeout, "ugiok", |r| {
            *r == Reply::UgiOk
        })?;
        let options = self.spec.options.iter().chain(&self.game_options);
        for (name, value) in options {
            send(&mut p, &format!("setoption name {name} value {value}"))?;
        }
        send(&mut p, "uginewgame")?;
        ask(&mut p, "isready", self.spec.timeout, "readyok", |r| {
            *r == Reply::ReadyOk
        })?;
        Ok(p)
    }

    /// Reads `info` lines until `bestmove`, before `wait` from `asked` is over.
    fn await_bestmove(
        p: &mut EngineProcess,
        asked: Instant,
        wait: Duration,
        info: &mut Info,
    ) -> Result<Option<String>, Wait> {
        loop {
            match p.next_reply(asked + wait)? {
                Reply::Info(i) => {
                    info.depth = i.depth.or(info.depth);
                    info.score = i.score.or(info.score.take());
                }
                Reply::BestMove(m) => return Ok(m),
                _ => {}
            }
        }
    }

    /// The fault of an engine that has not answered `go` within `waited`: on a clock, `stop`
    /// and a second's grace, then a kill (a time forfeit either way); without one, a kill
    /// (no answer).
    fn overrun(&self, p: &mut EngineProcess, waited: Duration, on_clock: bool) -> Fault {
        let ms = waited.as_millis();
        if !on_clock {
            p.kill();
            return Fault::new(
                FaultKind::NoAnswer,
                format!("no bestmove within {ms} ms (its timeout); killed"),
            );
        }
        let late = send(p, "stop").ok().and_then(|()| {
            p.wait_for(Instant::now() + STOP_GRACE, |r| {
                matches!(r, Reply::BestMove(_))
            })
            .ok()
        });
        let text = match late {
            Some(Reply::BestMove(m)) => format!(
                "no bestmove within {ms} ms; after stop it answered '{}'",
                m.unwrap_or_default()
            ),
            _ => {
                p.kill();
                format!(
                    "no bestmove within {ms} ms, nor {} s after stop; killed",
                    STOP_GRACE.as_secs()
                )
            }
        };
        Fault::new(FaultKind::TimeForfeit, text)
    }
}

/// Sends `line` and waits `timeout` for the reply `what` (see [`await_answer`]). A program that
/// has already exited fails the write; that failure is not reported, as the closed output then
/// says how it ended, in the same words as for a program that exits after reading the line.
fn ask(
    p: &mut EngineProcess,
    line: &str,
    timeout: Duration,
    what: &str,
    want: impl FnMut(&Reply) -> bool,
) -> Result<Reply, Fault> {
    let _ = p.send(line);
    await_answer(p, timeout, what, want)
}

/// Waits `timeout` for the reply `what`: none is `no_answer`, a closed pipe `crash`, each with
/// the program's last words on stderr.
fn await_answer(
    p: &mut EngineProcess,
    timeout: Duration,
    what: &str,
    want: impl FnMut(&Reply) -> bool,
) -> Result<Reply, Fault> {
    p.wait_for(Instant::now() + timeout, want)
        .map_err(|w| match w {
            Wait::Timeout => Fault::new(
                FaultKind::NoAnswer,
                format!(
                    "no {what} within {} s{}",
                    timeout.as_secs_f64(),
                    p.last_words()
                ),
            ),
            Wait::Closed => crashed(p, &format!("before {what}")),
        })
}

/// Sends a line; a broken pipe is a crash.
fn send(p: &mut EngineProcess, line: &str) -> Result<(), Fault> {
    p.send(line).map_err(|e| {
        let how = p.exit_text();
        let said = p.last_words();
        Fault::new(
            FaultKind::Crash,
            format!("{how} ({e} writing '{line}'){said}"),
        )
    })
}

/// The fault of an engine whose output closed `when`: how it ended, and its last words on
/// stderr.
fn crashed(p: &mut EngineProcess, when: &str) -> Fault {
    let how = p.exit_text();
    Fault::new(FaultKind::Crash, format!("{how} {when}{}", p.last_words()))
}

impl<G: Game> Agent<G> for UgiAgent<G> {
    fn name(&self) -> &str {
        &self.spec.name
    }

    /// The referee calls [`Agent::play`]; this asks without a clock and panics on a fault (it
    /// has no other way to report one).
    fn choose(&mut self, game: &History<G>) -> G::Move {
        match self.play(game, &MoveClock::none()) {
            Ok(c) => c.mv,
            Err(f) => panic!("engine {}: {f}", self.spec.name),
        }
    }

    fn play(&mut self, game: &History<G>, clock: &MoveClock) -> Result<Choice<G::Move>, Fault> {
        let seat = seat_to_move(game.state()).unwrap_or(0);
        let go = self.go_line(clock, seat);
        let Some(mut p) = self.process.take() else {
            return Err(Fault::new(FaultKind::Crash, "the engine is not running"));
        };
        // Until the answer is read and legal, a failure leaves the process out of the pool.
        self.faulted = true;
        let position = Self::position_line(game);
        p.send_lines(&[&position, &go]).map_err(|e| {
            let how = p.exit_text();
            let said = p.last_words();
            Fault::new(
                FaultKind::Crash,
                format!("{how} ({e} writing '{go}'){said}"),
            )
        })?;
        let asked = Instant::now();
        let (wait, on_clock) = match clock.deadline {
            Some(d) => (d, true),
            None => (self.spec.timeout, false),
        };
        let mut info = Info::default();
        let best = match Self::await_bestmove(&mut p, asked, wait, &mut info) {
            Ok(best) => best,
            Err(Wait::Closed) => return Err(crashed(&mut p, "while thinking")),
            Err(Wait::Timeout) => return Err(self.overrun(&mut p, wait, on_clock)),
        };
        self.process = Some(p);
        let text = best.unwrap_or_default();
        let mv = game.state().parse_move(&text).map_err(|e| {
            Fault::new(
                FaultKind::IllegalMove,
                format!("bestmove '{text}': {}", e.message),
            )
        })?;
        self.faulted = false;
        Ok(Choice {
            mv,
            score: info.score,
            depth: info.depth,
        })
    }

    fn settle(&mut self) -> Result<(), Fault> {
        let Some(p) = self.process.as_mut() else {
            return Ok(()); // `play` reports the missing process
        };
        let mut stray = Vec::new();
        let settled = ask(p, "isready", self.spec.timeout, "readyok", |r| match r {
            Reply::BestMove(m) => {
                stray.push(m.clone().unwrap_or_default());
                false
            }
            r => *r == Reply::ReadyOk,
        });
        for m in stray {
            p.note(&format!("dropped 'bestmove {m}': no move was asked"));
        }
        if settled.is_err() {
            self.faulted = true;
        }
        settled.map(|_| ())
    }

    fn ready(&mut self) -> Result<(), Fault> {
        self.process = None;
        // A kept process that died or went quiet while idle is replaced, not blamed.
        let process = match self.reuse() {
            Some(Ok(kept)) => Ok(kept),
            _ => self.start(),
        };
        self.faulted = process.is_err();
        self.process = Some(process?);
        Ok(())
    }
}

impl<G: Game> Drop for UgiAgent<G> {
    /// Gives a healthy process back to the pool; any other ends with the bot.
    fn drop(&mut self) {
        if let (Some(pool), Some(p), false) = (&self.pool, self.process.take(), self.faulted) {
            pool.put(&self.key, p);
        }
    }
}
