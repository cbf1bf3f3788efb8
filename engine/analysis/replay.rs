//! Recorded games played back position by position: what `tabula replay` shows. A game comes
//! from an arena record file (a header line, then one line per game) or from `tabula play
//! --json` output (one game per line); either way it becomes a [`RecordedGame`], and
//! [`replay`] plays its moves from the opening, checking each, and gives every position with the
//! move that led to it, the time its mover took and the score its engine reported.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::agent::{EngineSpec, TimeControl};
use crate::arena::record::{self, describe_ending, GameEnding};
use crate::arena::referee::SeatTime;
use crate::error::Error;
use crate::game::{Game, Turn};
use crate::line::read_move;
use crate::options::GameOptions;

/// One recorded game, from either kind of file.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    /// The game's command-line name.
    pub game: String,
    /// The game options it was played with.
    pub options: BTreeMap<String, String>,
    /// The game's number: its schedule index in an arena file, its line (from 0) in a `play`
    /// file.
    pub index: u64,
    /// The engine of each seat.
    pub engines: Vec<String>,
    /// The position it started from, in the game's notation.
    pub opening: String,
    /// Moves and chance outcomes, in the game's notation.
    pub moves: Vec<String>,
    /// Per move: the milliseconds its mover took, where recorded.
    pub move_ms: Vec<Option<f64>>,
    /// Per move: the score the mover's engine reported, where recorded.
    pub scores: Vec<Option<String>>,
    /// Per move: the depth of that score, where recorded.
    pub depths: Vec<Option<u32>>,
    /// The payoff of each seat (empty: no result).
    pub result: Vec<f64>,
    /// How it ended.
    pub ending: GameEnding,
    /// The seat at fault, when a fault ended it.
    pub failed_seat: Option<usize>,
    /// The ending in words as recorded (empty in older files).
    pub verdict: String,
    /// Each seat's clock, where it played on one.
    pub clocks: Vec<Option<TimeControl>>,
}

/// A game as `tabula play --json` prints it.
#[derive(Deserialize)]
struct PlayLine {
    game: String,
    start: String,
    engines: Vec<String>,
    moves: Vec<String>,
    result: Vec<f64>,
    ending: GameEnding,
    #[serde(default)]
    failed_seat: Option<usize>,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    move_ms: Vec<Option<f64>>,
    #[serde(default)]
    scores: Vec<Option<String>>,
    #[serde(default)]
    depths: Vec<Option<u32>>,
    #[serde(default)]
    verdict: String,
    #[serde(default)]
    clocks: Vec<Option<TimeControl>>,
}

/// Reads the games of an arena record file or of a file of `tabula play --json` lines, in file
/// order.
pub fn read_games(path: &Path) -> Result<Vec<RecordedGame>, Error> {
    let name = path.display();
    let text = crate::files::read_small(path, record::RECORD_LIMIT, "record file")?;
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .ok_or_else(|| Error::file(format!("'{name}' is empty: no recorded game")))?;
    if first.contains("\"tabula_arena\"") {
        arena_games(path)
    } else {
        play_games(&text, &name.to_string())
    }
}

/// The games of the arena record file at `path`.
fn arena_games(path: &Path) -> Result<Vec<RecordedGame>, Error> {
    let file = record::read(path)?;
    let config = file.header.config;
    // Each engine's clock, as the referee gave it (its own tc=, else --tc unless it has a
    // limit of its own).
    let clocks: Vec<Option<TimeControl>> = config
        .engines
        .iter()
        .map(|text| {
            EngineSpec::parse(text)
                .and_then(|spec| SeatTime::for_spec(&spec, config.tc))
                .map_or(None, |t| t.tc)
        })
        .collect();
    Ok(file
        .games
        .into_iter()
        .map(|g| RecordedGame {
            clocks: g
                .seats
                .iter()
                .map(|&e| clocks.get(e).copied().flatten())
                .collect(),
            game: config.game.clone(),
            options: config.options.clone(),
            index: g.index,
            engines: g.engines,
            opening: g.opening,
            moves: g.moves,
            move_ms: g.move_ms,
            scores: g.scores,
            depths: g.depths,
            result: g.result,
            ending: g.ending,
            failed_seat: g.failed_seat,
            verdict: g.verdict,
        })
        .collect())
}

/// One line of `tabula play --json` output, or what is wrong with it in a person's words: a line
/// that is not a JSON object is named by what it is (an array, a string), where the reader's
/// own message named an internal type (`expected struct PlayLine`).
fn read_play_line(line: &str) -> Result<PlayLine, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let kind = match &value {
        serde_json::Value::Object(_) => {
            return serde_json::from_value(value).map_err(|e| e.to_string())
        }
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::Bool(_) => "true or false",
        serde_json::Value::Null => "null",
    };
    Err(format!("{kind}, where a game's JSON object was expected"))
}

/// The games of `text`, lines of `tabula play --json` output read from the file `name`.
fn play_games(text: &str, name: &str) -> Result<Vec<RecordedGame>, Error> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let p: PlayLine = read_play_line(line).map_err(|why| {
            Error::file(format!(
                "'{name}' line {}: neither an arena record nor `tabula play --json` output ({why})",
                n + 1
            ))
        })?;
        games.push(RecordedGame {
            game: p.game,
            options: p.options,
            index: games.len() as u64,
            engines: p.engines,
            opening: p.start,
            moves: p.moves,
            move_ms: p.move_ms,
            scores: p.scores,
            depths: p.depths,
            result: p.result,
            ending: p.ending,
            failed_seat: p.failed_seat,
            verdict: p.verdict,
            clocks: p.clocks,
        });
    }
    Ok(games)
}

/// One move of a replayed game and the position it led to.
#[derive(Clone, Debug)]
pub struct Step<G: Game> {
    /// Its place in the move list, from 1 (chance outcomes count).
    pub number: usize,
    /// The seat that chose it, or `None` for a chance outcome.
    pub mover: Option<usize>,
    /// The move as recorded.
    pub text: String,
    /// Milliseconds its mover took, where recorded.
    pub ms: Option<f64>,
    /// The mover's milliseconds over the game so far, where recorded.
    pub used_ms: Option<f64>,
    /// What is left on the mover's clock after the move (its increment added), when it played
    /// on one.
    pub clock_ms: Option<f64>,
    /// The score the mover's engine reported, and its depth, where recorded.
    pub score: Option<String>,
    /// The depth of that score.
    pub depth: Option<u32>,
    /// The position after the move.
    pub after: G,
}

/// A recorded game played back: the opening, every step, and the ending in words.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    /// The opening position.
    pub opening: G,
    /// Each move and the position after it.
    pub steps: Vec<Step<G>>,
    /// The ending in words (as recorded, or worked out for older records).
    pub verdict: String,
}

impl<G: Game> Replay<G> {
    /// The position after the first `k` moves (0: the opening).
    pub fn position(&self, k: usize) -> &G {
        if k == 0 {
            &self.opening
        } else {
            &self.steps[k - 1].after
        }
    }
}

/// Plays a recorded game back. Its options must be the game's and every move legal where it
/// was played; an error names the first that is not.
pub fn replay<G: Game>(game: &RecordedGame) -> Result<Replay<G>, Error> {
    let opening: G = opening_of(game)?;
    let mut state = opening.clone();
    let mut clocks = SeatClocks::new(game, state.players());
    let mut steps = Vec::with_capacity(game.moves.len());
    for (i, text) in game.moves.iter().enumerate() {
        let mover = match state.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        };
        let mv = read_move(&state, text).map_err(|why| {
            Error::file(format!(
                "game {}: move {} '{text}' cannot be played: {why} (in position {})",
                game.index,
                i + 1,
                state.notation()
            ))
        })?;
        state.play(mv);
        let ms = game.move_ms.get(i).copied().flatten();
        let (used_ms, clock_ms) = match (mover, ms) {
            (Some(p), Some(ms)) => clocks.charge(p, ms),
            _ => (None, None),
        };
        steps.push(Step {
            number: i + 1,
            mover,
            text: text.clone(),
            ms,
            used_ms,
            clock_ms,
            score: game.scores.get(i).cloned().flatten(),
            depth: game.depths.get(i).copied().flatten(),
            after: state.clone(),
        });
    }
    check_ending(game, &state)?;
    let verdict = verdict_of(game, &state, &steps);
    Ok(Replay {
        opening,
        steps,
        verdict,
    })
}

/// The recorded game's opening, read with its options (which must all be the game's).
fn opening_of<G: Game>(game: &RecordedGame) -> Result<G, Error> {
    let mut options = GameOptions::new();
    for (k, v) in &game.options {
        options.set(k, v);
    }
    options.check_known(G::NAME, G::option_specs())?;
    G::from_notation(&game.opening, &options)
        .map_err(|e| Error::file(format!("game {}: its opening: {e}", game.index)))
}

/// Each seat's time used and clock left, in milliseconds, kept as the referee keeps them.
struct SeatClocks<'a> {
    game: &'a RecordedGame,
    used: Vec<f64>,
    /// The clock left, for seats that played on one.
    left: Vec<Option<f64>>,
}

impl<'a> SeatClocks<'a> {
    /// Every seat's clock at its base time, nothing used.
    fn new(game: &'a RecordedGame, players: usize) -> Self {
        let left = (0..players)
            .map(|s| {
                game.clocks
                    .get(s)
                    .copied()
                    .flatten()
                    .map(|tc| tc.base.as_secs_f64() * 1000.0)
            })
            .collect();
        SeatClocks {
            game,
            used: vec![0.0; players],
            left,
        }
    }

    /// Seat `p` moved in `ms`: its clock loses them and gains its increment. Returns its time
    /// used so far and its clock left.
    fn charge(&mut self, p: usize, ms: f64) -> (Option<f64>, Option<f64>) {
        self.used[p] += ms;
        let inc = self
            .game
            .clocks
            .get(p)
            .copied()
            .flatten()
            .map(|tc| tc.increment.as_secs_f64() * 1000.0);
        if let (Some(left), Some(inc)) = (self.left[p].as_mut(), inc) {
            *left = *left - ms + inc;
        }
        (Some(self.used[p]), self.left[p])
    }
}

/// The recorded verdict, or for records without one, the referee's wording of the ending
/// reached in `last` after `steps`.
/// Refuses a record whose moves do not end the game its ending says the rules ended, or
/// whose result is not the one the rules give there: a cut or edited record would otherwise be
/// shown with a result its moves do not reach.
fn check_ending<G: Game>(game: &RecordedGame, last: &G) -> Result<(), Error> {
    if game.ending != GameEnding::Rules {
        return Ok(());
    }
    if last.turn() != Turn::Terminal {
        return Err(Error::file(format!(
            "game {}: the record says the rules ended it, but after its {} moves the game goes \
             on (in position {}): a cut or edited record",
            game.index,
            game.moves.len(),
            last.notation()
        )));
    }
    let payoffs = last.payoffs();
    let rules: Vec<f64> = (0..last.players()).map(|s| payoffs.get(s)).collect();
    let agrees = game.result.len() == rules.len()
        && game
            .result
            .iter()
            .zip(&rules)
            .all(|(a, b)| (a - b).abs() < 1e-9);
    if !game.result.is_empty() && !agrees {
        return Err(Error::file(format!(
            "game {}: the recorded result {:?} is not the one the rules give after its moves, \
             {rules:?}: an edited record",
            game.index, game.result
        )));
    }
    Ok(())
}

fn verdict_of<G: Game>(game: &RecordedGame, last: &G, steps: &[Step<G>]) -> String {
    if !game.verdict.is_empty() {
        return game.verdict.clone();
    }
    let seat_names: Vec<String> = (0..last.players()).map(|s| last.seat_name(s)).collect();
    let plies = steps.iter().filter(|s| s.mover.is_some()).count() as u32;
    let reason = last.end_reason();
    describe_ending(
        &seat_names,
        &game.result,
        game.ending,
        game.failed_seat,
        plies,
        reason.as_deref(),
    )
}
