//! The protocol server: reads referee commands line by line, keeps the game, and answers `go`
//! with a search in its own thread, so that `stop`, `isready` and `quit` are answered while it
//! runs.
//!
//! The server is generic over the game and driven by any reader and writer: the command line
//! gives it stdin and stdout, tests give it byte buffers. Every line it writes is flushed at
//! once, except the progress lines of a search's first milliseconds, which go out with the next
//! line (see `output`). The reading thread owns the game and the options; the search thread
//! (one for the whole run) gets a copy of the position and the bot for each `go`, and gives the
//! bot back (with its table) when it ends.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Sender};

use super::command::{self, Command, Go, Query, Start};
use super::output::Output;
use super::thinking::{Bot, Job, SearchThread, NO_MOVE};
use super::timeman::plan;
use crate::agent::{self, EngineSpec};
use crate::error::Error;
use crate::game::{Game, Payoffs, Turn};
use crate::history::History;
use crate::options::GameOptions;
use crate::search::{AlphaBeta, Limits, Mcts, MctsConfig, MultiSearch, SearchConfig, StopFlag};

/// The Hash option's range in megabytes (a value past the machine's free memory is refused).
const HASH_RANGE: (usize, usize) = (1, 65_536);

/// The Hash option's default when the engine spec sets none.
const DEFAULT_HASH_MB: usize = 16;

/// The Threads option's range.
const THREADS_RANGE: (usize, usize) = (1, 256);

/// The seed of the bots that draw at random (MCTS, `random`, `greedy`) unless the spec sets one.
const SEED: u64 = 1;

/// The engine's side of the protocol for one game type: the bot, its options, and the game the
/// referee set up.
pub struct Server<G: Game> {
    spec: EngineSpec,
    /// Limits the spec sets itself: caps on every search.
    caps: Limits,
    /// What a bare `go` searches: the spec's limits or the engine kind's defaults.
    fallback: Limits,
    /// The game options the server was started with (the defaults `ugi` shows).
    initial: GameOptions,
    /// The game options as set now; read at the next `uginewgame` or `position`.
    options: GameOptions,
    hash_mb: usize,
    threads: usize,
    /// The game so far; `None` after a rejected `position` (the server never guesses one).
    game: Option<History<G>>,
    /// The bot; `None` while a search thread has it.
    bot: Option<Bot<G>>,
    /// Stops the bot's running search (the alpha-beta searcher's own flag).
    stop: StopFlag,
    /// The search thread while [`Server::run`] runs.
    thread: Option<SearchThread<G>>,
    running: Option<Running>,
}

/// A search handed to the search thread and how to end it.
struct Running {
    /// Dropped to let an infinite search answer.
    release: Sender<()>,
    /// Whether only a `stop` ends it ([`super::timeman::Plan::endless`]).
    endless: bool,
}

impl<G: Game> Server<G> {
    /// A server for the bot `spec` names (any kind of [`agent::ENGINES`]), with the game
    /// options it starts from (those of the command line). The error says what is wrong with
    /// the spec or the options.
    pub fn new(spec: &EngineSpec, options: GameOptions) -> Result<Self, Error> {
        let kind = agent::engine_kind(&spec.kind)?;
        let mut spec = spec.clone();
        spec.kind = kind.name.to_string();
        spec.check_known(kind.settings)?;
        options.check_known(G::NAME, G::option_specs())?;
        let start = G::start(&options)?;
        let explicit = ["depth", "nodes", "time", "playouts"]
            .iter()
            .any(|k| spec.get(k).is_some());
        let fallback = agent::limits(&spec)?;
        let mut server = Server {
            caps: if explicit { fallback } else { Limits::NONE },
            fallback,
            hash_mb: spec
                .get_num::<usize>("hash")?
                .unwrap_or(DEFAULT_HASH_MB)
                .clamp(HASH_RANGE.0, HASH_RANGE.1),
            threads: spec.get_num::<usize>("threads")?.unwrap_or(1),
            spec,
            initial: options.clone(),
            options,
            game: Some(History::new(start)),
            bot: None,
            stop: StopFlag::new(),
            thread: None,
            running: None,
        };
        server.rebuild_bot()?;
        Ok(server)
    }

    /// Serves commands from `input` until `quit` or the end of the input, writing answers to
    /// `output`, and gives the writer back. At the end of the input a running search ends by its
    /// own limits (a script piped in gets its answer); `quit` stops it, as does the end of the
    /// input for a search only a `stop` ends ([`super::timeman::Plan::endless`]).
    /// The error is a failure to read or write.
    pub fn run<R: BufRead, W: Write + Send + 'static>(
        &mut self,
        input: R,
        output: W,
    ) -> io::Result<W> {
        G::prepare();
        let out = Output::new(output);
        self.thread = Some(SearchThread::start(out.clone())?);
        let served = self.serve(input, &out);
        // The thread holds a clone of the output: it ends before the writer is given back.
        self.thread = None;
        served?;
        out.into_inner()
    }

    /// The loop of [`Server::run`].
    fn serve<R: BufRead, W: Write + Send + 'static>(
        &mut self,
        mut input: R,
        out: &Output<W>,
    ) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let read = match read_line_within(&mut input, &mut buf, MAX_LINE) {
                Ok(read) => read,
                Err(e) => {
                    self.end_search(out, true)?;
                    return Err(e);
                }
            };
            let parsed = match read {
                Read::End => {
                    self.end_search(out, false)?;
                    break;
                }
                Read::Line => command::parse(&String::from_utf8_lossy(&buf)),
                Read::TooLong => Err(command::LineError::Malformed(format!(
                    "a line longer than {MAX_LINE} bytes was skipped"
                ))),
            };
            let line = String::from_utf8_lossy(&buf);
            match parsed {
                Ok(None) => {}
                Ok(Some(Command::Quit)) => {
                    self.end_search(out, true)?;
                    break;
                }
                Ok(Some(cmd)) => self.handle(cmd, out)?,
                Err(e) => match line.split_whitespace().next() {
                    Some("go") => {
                        // `go` is always answered with one `bestmove`, so a referee never hangs.
                        self.end_search(out, true)?;
                        out.info(&e.to_string())?;
                        out.line(&format!("bestmove {NO_MOVE}"))?;
                    }
                    Some("position") => {
                        // As with a bad move: better no position than the wrong one.
                        self.game = None;
                        out.info(&format!("{e}; no position is set"))?;
                    }
                    _ => out.info(&e.to_string())?,
                },
            }
        }
        Ok(())
    }

    fn handle<W: Write + Send + 'static>(
        &mut self,
        cmd: Command,
        out: &Output<W>,
    ) -> io::Result<()> {
        match cmd {
            Command::Ugi => self.identify(out),
            Command::IsReady => out.line("readyok"),
            Command::SetOption { name, value } => {
                self.end_search(out, true)?;
                self.set_option(&name, value.as_deref(), out)
            }
            Command::NewGame => {
                self.end_search(out, true)?;
                self.new_game(out)
            }
            Command::Position { start, moves } => self.position(start, &moves, out),
            Command::Go(go) => {
                self.end_search(out, true)?;
                self.go(*go, out)
            }
            Command::Stop => self.end_search(out, true),
            Command::Query(q) => self.query(q, out),
            Command::Quit => self.end_search(out, true),
        }
    }

    /// `ugi`: the name, the author, the engine options, one option per game option, `ugiok`.
    fn identify<W: Write>(&self, out: &Output<W>) -> io::Result<()> {
        // `default` is named as the engine it stands for with the options' players.
        let players = G::start(&self.options).map_or(2, |s| s.players());
        let name = agent::resolve(&self.spec, players).display_name();
        out.line(&format!("id name Tabula {name}"))?;
        out.line("id author the Tabula developers")?;
        out.line(&format!(
            "option name Hash type spin default {} min {} max {}",
            self.hash_mb, HASH_RANGE.0, HASH_RANGE.1
        ))?;
        out.line(&format!(
            "option name Threads type spin default {} min {} max {}",
            self.threads, THREADS_RANGE.0, THREADS_RANGE.1
        ))?;
        for spec in G::option_specs() {
            let given = self.initial.get(spec.name);
            if spec.value.is_empty() {
                let on = given.map_or(spec.default == "true", |v| {
                    matches!(v, "true" | "yes" | "1" | "on")
                });
                out.line(&format!(
                    "option name {} type check default {on}",
                    spec.name
                ))?;
            } else {
                // A default that is a description ("the rules' 11x11 board") is no value to set.
                let usable = |v: &str| {
                    !v.is_empty() && G::start(&GameOptions::new().with(spec.name, v)).is_ok()
                };
                let default = given
                    .filter(|v| !v.is_empty())
                    .or(Some(spec.default).filter(|v| usable(v)))
                    .unwrap_or("<empty>");
                out.line(&format!(
                    "option name {} type string default {default}",
                    spec.name
                ))?;
            }
        }
        out.line("ugiok")
    }

    /// `setoption`: Hash and Threads rebuild the bot now; a game option is checked now and read
    /// at the next `uginewgame` or `position`. A bad one is refused with a line saying why.
    fn set_option<W: Write>(
        &mut self,
        name: &str,
        value: Option<&str>,
        out: &Output<W>,
    ) -> io::Result<()> {
        let value = value.map(|v| if v == "<empty>" { "" } else { v });
        let engine_range = if name.eq_ignore_ascii_case("Hash") {
            Some(HASH_RANGE)
        } else if name.eq_ignore_ascii_case("Threads") {
            Some(THREADS_RANGE)
        } else {
            None
        };
        match engine_range {
            Some(range) => self.set_engine_option(name, value, range, out),
            None => self.set_game_option(name, value, out),
        }
    }

    /// `setoption` of Hash or Threads (`name`), a whole number clamped to `(min, max)`: the bot
    /// is rebuilt with it.
    fn set_engine_option<W: Write>(
        &mut self,
        name: &str,
        value: Option<&str>,
        (min, max): (usize, usize),
        out: &Output<W>,
    ) -> io::Result<()> {
        // Digits past 64 bits are a number out of range, not a word.
        let digits = |v: &str| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
        let number = |v: &str| v.parse::<u64>().ok().or(digits(v).then_some(u64::MAX));
        let Some(n) = value.and_then(number) else {
            return out.info(&format!(
                "option {name}: '{}' is not a whole number; unchanged",
                value.unwrap_or("")
            ));
        };
        let clamped = n.clamp(min as u64, max as u64) as usize;
        let given = value.unwrap_or_default();
        let range = format!("{given} is out of range ({min} to {max})");
        if name.eq_ignore_ascii_case("Hash") {
            // A table the machine cannot hold is refused before it is allocated, in one line.
            if let Err(e) = crate::resources::check_table_mb("Hash", clamped) {
                let why = match clamped as u64 == n {
                    true => e.to_string(),
                    false => format!("option {name}: {range}; {}", e.message),
                };
                return out.info(&format!("{why}; unchanged"));
            }
        }
        if clamped as u64 != n {
            out.info(&format!("option {name}: {range}; using {clamped}"))?;
        }
        if name.eq_ignore_ascii_case("Hash") {
            self.hash_mb = clamped;
        } else {
            self.threads = clamped;
        }
        match self.rebuild_bot() {
            Ok(()) => Ok(()),
            Err(e) => out.info(&e.to_string()),
        }
    }

    /// `setoption` of one of the game's options: kept if the game starts with it.
    fn set_game_option<W: Write>(
        &mut self,
        name: &str,
        value: Option<&str>,
        out: &Output<W>,
    ) -> io::Result<()> {
        let Some(spec) = G::option_specs()
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
        else {
            let mut known = vec!["Hash", "Threads"];
            known.extend(G::option_specs().iter().map(|s| s.name));
            return out.info(&format!(
                "unknown option '{name}' (options: {})",
                known.join(", ")
            ));
        };
        let Some(value) = value else {
            return out.info(&format!("option {}: no value given; unchanged", spec.name));
        };
        let mut options = GameOptions::new();
        for (k, v) in self.options.iter().filter(|(k, _)| *k != spec.name) {
            options.set(k, v);
        }
        if !value.is_empty() {
            options.set(spec.name, value);
        }
        match G::start(&options) {
            Ok(_) => {
                self.options = options;
                // The default bot is alpha-beta or max^n by the number of players.
                if self.spec.kind != "default" {
                    return Ok(());
                }
                match self.rebuild_bot() {
                    Ok(()) => Ok(()),
                    Err(e) => out.info(&e.to_string()),
                }
            }
            Err(e) => out.info(&format!("option {}: {e}; unchanged", spec.name)),
        }
    }

    /// `uginewgame`: the bot forgets the old game; the game starts again under the options set.
    fn new_game<W: Write>(&mut self, out: &Output<W>) -> io::Result<()> {
        match &mut self.bot {
            Some(Bot::AlphaBeta(ab)) => ab.clear(),
            Some(Bot::Mcts(m)) => m.new_game(),
            Some(Bot::Multi(_)) => {}
            Some(Bot::Other(a)) => a.new_game(),
            None => {}
        }
        self.game = match G::start(&self.options) {
            Ok(s) => Some(History::new(s)),
            Err(e) => {
                out.info(&format!("the start position cannot be set up: {e}"))?;
                None
            }
        };
        Ok(())
    }

    /// `position`: the start or the given position, then every move read in the position it is
    /// played in. Any error leaves no position at all, and says which move and why.
    fn position<W: Write>(
        &mut self,
        start: Start,
        moves: &[String],
        out: &Output<W>,
    ) -> io::Result<()> {
        self.game = None;
        let state = match &start {
            Start::StartPos => G::start(&self.options),
            Start::Fen(text) => match read_over_options::<G>(text, &self.options) {
                Ok((state, overruled)) => {
                    if !overruled.is_empty() {
                        out.info(&format!(
                            "the position overrules option {}, which disagrees with it",
                            overruled.join(" ")
                        ))?;
                    }
                    Ok(state)
                }
                Err(e) => Err(e),
            },
        };
        let state = match state {
            Ok(s) => s,
            Err(e) => return out.info(&format!("position rejected: {e}; no position is set")),
        };
        let mut game = History::new(state);
        for (i, text) in moves.iter().enumerate() {
            match game.state().parse_move(text) {
                Ok(m) => game.play(m),
                Err(e) => {
                    return out.info(&format!(
                        "position rejected: move '{text}' at index {i} (from 0) cannot be played: \
                         {e}; no position is set"
                    ))
                }
            }
        }
        self.game = Some(game);
        Ok(())
    }

    /// `go`: starts the search thread, or answers at once where there is nothing to search.
    fn go<W: Write + Send + 'static>(&mut self, go: Go, out: &Output<W>) -> io::Result<()> {
        if !go.ignored.is_empty() {
            out.info(&format!("go: ignoring '{}'", go.ignored.join(" ")))?;
        }
        let refuse = |why: &str| -> io::Result<()> {
            out.info(why)?;
            out.line(&format!("bestmove {NO_MOVE}"))
        };
        let Some(game) = &self.game else {
            return refuse("no position is set (the last position command was rejected)");
        };
        if let Some((payoffs, _)) = game.outcome() {
            return refuse(&format!(
                "the game is over ({}): there is no move to search",
                result_text(&payoffs)
            ));
        }
        let seat = match game.state().turn() {
            Turn::Player(seat) => seat,
            Turn::Chance => {
                return refuse("chance moves next: send the outcome as a move, then go");
            }
            Turn::Terminal => return refuse("the game is over: there is no move to search"),
        };
        let game = game.clone();
        let bot = match self.bot.take() {
            Some(bot) => bot,
            None => {
                self.rebuild_bot().map_err(io::Error::other)?;
                self.bot.take().ok_or_else(|| io::Error::other("no bot"))?
            }
        };
        let plan = plan(&go, seat, self.caps, self.fallback);
        if matches!(bot, Bot::Mcts(_)) && go.depth.is_some() {
            out.info("mcts has no depth: it searches its own limits")?;
        }
        let job = Job {
            game,
            plan,
            fallback: self.fallback,
            stop: self.stop.clone(),
        };
        // A stop sent after the last search ended must not end this one.
        self.stop.reset();
        let (release, released) = mpsc::channel();
        let Some(thread) = &self.thread else {
            self.bot = Some(bot);
            return refuse("the server is not running");
        };
        out.hold();
        thread.begin(bot, job, released);
        self.running = Some(Running {
            release,
            endless: plan.endless(),
        });
        Ok(())
    }

    /// Ends the running search, if any, and takes the bot back: at once when `now` (its
    /// `bestmove` is written before this returns), else when its limits end it (one that only
    /// a `stop` ends is stopped all the same).
    fn end_search<W: Write>(&mut self, out: &Output<W>, now: bool) -> io::Result<()> {
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        if now || running.endless {
            self.stop.stop();
        }
        drop(running.release);
        match self.thread.as_ref().and_then(SearchThread::finish) {
            Some(bot) => self.bot = Some(bot),
            None => {
                out.info("the search failed; the bot is set up again")?;
                out.line(&format!("bestmove {NO_MOVE}"))?;
                self.rebuild_bot().map_err(io::Error::other)?;
            }
        }
        Ok(())
    }

    /// Builds the bot from the spec and the Hash and Threads options.
    /// The `default` spec is the engine it stands for with the options' number of players
    /// ([`agent::resolve`]), so the served bot is the one `tabula best` and the arena play.
    fn rebuild_bot(&mut self) -> Result<(), Error> {
        let players = G::start(&self.options).map_or(2, |s| s.players());
        let spec = agent::resolve(&self.spec, players);
        let bot = match spec.kind.as_str() {
            "alphabeta" => Bot::AlphaBeta(AlphaBeta::new(SearchConfig {
                threads: self.threads,
                hash_mb: self.hash_mb,
                ..agent::alphabeta_config(&spec)?
            })),
            "mcts" => Bot::Mcts(Mcts::new(MctsConfig {
                threads: self.threads,
                ..agent::mcts_config(&spec, SEED)?
            })),
            "maxn" | "brs" => Bot::Multi(MultiSearch::new(agent::multi_config(&spec)?)),
            _ => Bot::Other(agent::build::<G>(&spec, SEED)?),
        };
        self.stop = match &bot {
            Bot::AlphaBeta(ab) => ab.stop_flag(),
            Bot::Mcts(m) => m.stop_flag(),
            Bot::Multi(m) => m.stop_flag(),
            _ => StopFlag::new(),
        };
        self.bot = Some(bot);
        Ok(())
    }

    /// `query`: answered from the game the server holds (repetition and ply-limit draws count).
    fn query<W: Write>(&self, q: Query, out: &Output<W>) -> io::Result<()> {
        let Some(game) = &self.game else {
            out.info("no position is set (the last position command was rejected)")?;
            let none = match q {
                Query::GameOver | Query::P1Turn => "false",
                Query::Turn | Query::Result => "none",
            };
            return out.line(&format!("response {none}"));
        };
        let over = game.outcome().map(|(payoffs, _)| payoffs);
        let turn = game.state().turn();
        let answer = match q {
            Query::GameOver => over.is_some().to_string(),
            Query::P1Turn => (over.is_none() && turn == Turn::Player(0)).to_string(),
            Query::Turn => match (over, turn) {
                (None, Turn::Player(seat)) => format!("p{}", seat + 1),
                (None, Turn::Chance) => "chance".to_string(),
                _ => "none".to_string(),
            },
            Query::Result => over.map_or("none".to_string(), |p| result_text(&p)),
        };
        out.line(&format!("response {answer}"))
    }
}

/// A finished game's result as `query result` gives it: `p<k>win` for a seat that takes
/// everything, `draw` for an even two-seat share, else `payoffs x1 x2 ...`.
fn result_text(payoffs: &Payoffs) -> String {
    let values = payoffs.as_slice();
    if let Some(seat) = values.iter().position(|&v| v >= 1.0 - 1e-9) {
        return format!("p{}win", seat + 1);
    }
    if values.len() == 2 && (values[0] - values[1]).abs() < 1e-9 {
        return "draw".to_string();
    }
    let shown: Vec<String> = values.iter().map(|&v| short_number(v)).collect();
    format!("payoffs {}", shown.join(" "))
}

/// A payoff with at most six decimals and no trailing zeros (`0.5`, `0.333333`, `1`).
fn short_number(v: f64) -> String {
    let text = format!("{v:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Reads a `position fen` text under the game options set, where the position wins: when the
/// text reads only without some options (checkers `players` set for another number of players,
/// Onitama `cards` naming another deal), it is read without the fewest such options, and their
/// `key=value`s are returned so the engine can say so. A text that no choice of options reads
/// gets the error it gets under all of them.
fn read_over_options<G: Game>(
    text: &str,
    options: &GameOptions,
) -> Result<(G, Vec<String>), Error> {
    let first = match G::from_notation(text, options) {
        Ok(state) => return Ok((state, Vec::new())),
        Err(e) => e,
    };
    let set: Vec<(&str, &str)> = options.iter().collect();
    if set.len() > MAX_OVERRULED {
        return Err(first);
    }
    // Every subset of the options set, fewest dropped first (a game has three or so).
    let mut subsets: Vec<u32> = (1..1u32 << set.len()).collect();
    subsets.sort_by_key(|m| m.count_ones());
    for drop in subsets {
        let mut kept = GameOptions::new();
        let mut overruled = Vec::new();
        for (i, (k, v)) in set.iter().enumerate() {
            if drop & (1 << i) == 0 {
                kept.set(k, v);
            } else {
                overruled.push(format!("{k}={v}"));
            }
        }
        if let Ok(state) = G::from_notation(text, &kept) {
            return Ok((state, overruled));
        }
    }
    Err(first)
}

/// The most game options [`read_over_options`] tries leaving out in every combination.
const MAX_OVERRULED: usize = 6;

#[cfg(test)]
mod tests {
    use super::super::thinking::per_second;
    use super::*;
    use crate::agent::score_text;
    use std::time::Duration;

    #[test]
    fn results_and_numbers() {
        assert_eq!(result_text(&Payoffs::win(1, 2)), "p2win");
        assert_eq!(result_text(&Payoffs::draw(2)), "draw");
        assert_eq!(result_text(&Payoffs::win(2, 3)), "p3win");
        assert_eq!(
            result_text(&Payoffs::draw(3)),
            "payoffs 0.333333 0.333333 0.333333"
        );
        assert_eq!(
            result_text(&Payoffs::shared(&[0, 2], 4)),
            "payoffs 0.5 0 0.5 0"
        );
        use crate::search::Score;
        assert_eq!(score_text(Score(crate::search::score::win_in(3))), "mate 3");
        assert_eq!(
            score_text(Score(crate::search::score::loss_in(4))),
            "mate -4"
        );
        assert_eq!(score_text(Score(-17)), "cp -17");
        assert_eq!(per_second(500, Duration::from_millis(250)), 2000);
        assert_eq!(per_second(5, Duration::ZERO), 0);
    }
}

/// The longest line the server reads, in bytes: far past any `position` line of a whole game,
/// and a bound on the memory one line can take (a line without end used to grow until the
/// allocation failed and the process aborted).
pub const MAX_LINE: usize = 4 << 20;

/// What [`read_line_within`] read.
#[derive(Debug, PartialEq, Eq)]
enum Read {
    /// A line (its newline included, when it had one) is in the buffer.
    Line,
    /// A line longer than the bound: its first bytes are in the buffer, the rest was skipped
    /// up to and including its newline.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads one line into `buf`, keeping at most `limit` bytes of it: a longer line is read to
/// its end and dropped, so that memory stays bounded whatever the input holds.
fn read_line_within<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Read> {
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            let room = limit.saturating_sub(buf.len());
            if take > room {
                too_long = true;
                buf.extend_from_slice(&chunk[..room]);
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take);
        if done {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => Read::End,
        (true, false) => Read::Line,
        (true, true) => Read::TooLong,
    })
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn a_line_past_the_bound_is_skipped_to_its_end() {
        let text = format!("go\n{}\nisready\nlast", "x".repeat(100));
        let mut input = io::Cursor::new(text.into_bytes());
        let mut buf = Vec::new();
        let mut reads = Vec::new();
        loop {
            buf.clear();
            let read = read_line_within(&mut input, &mut buf, 10).unwrap();
            if read == Read::End {
                break;
            }
            assert!(buf.len() <= 10);
            reads.push((read, String::from_utf8(buf.clone()).unwrap()));
        }
        assert_eq!(
            reads,
            [
                (Read::Line, "go\n".to_string()),
                (Read::TooLong, "x".repeat(10)),
                (Read::Line, "isready\n".to_string()),
                (Read::Line, "last".to_string()),
            ]
        );
    }
}
