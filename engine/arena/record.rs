//! The record file: JSON lines, a header with the tournament's config, then one line per finished
//! game, appended and flushed as each game ends. Whole lines are written with one call, so an
//! interrupted run leaves at worst a cut last line, which reading drops (and resuming cuts off).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::config::{Config, Shard};
use crate::agent::FaultKind;
use crate::error::Error;
use crate::history::Ending;

/// Why a recorded game ended: as any played game ends ([`Ending`]), by an engine error, or by
/// an engine's fault ([`FaultKind`]: on time, an illegal move, a crash, no answer). Written in
/// the engine protocol's words: `rules`, `repetition`, `ply_limit`, `engine_error`,
/// `time_forfeit`, `illegal_move`, `crash`, `no_answer`; the older spellings `ply-limit` and
/// `engine-error` are read too. A fault ends the game at once: the seat at fault
/// ([`GameRecord::failed_seat`]) scores 0 and the others share 1 equally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnding {
    /// The rules ended it (a win, a loss, or a draw the rules define).
    Rules,
    /// The same position occurred the game's repetition limit of times.
    Repetition,
    /// The ply limit was reached.
    #[serde(alias = "ply-limit")]
    PlyLimit,
    /// A panic stopped the game: in an engine (whose seat then lost; see
    /// [`GameRecord::failed_seat`]) or elsewhere (the game has no result). The record's
    /// `error` says what happened.
    #[serde(alias = "engine-error")]
    EngineError,
    /// A seat overran its clock by more than the margin.
    TimeForfeit,
    /// A seat answered a move that cannot be read or is not legal.
    IllegalMove,
    /// A seat's engine program exited or its pipes broke.
    Crash,
    /// A seat's engine program did not answer in time (`ugi`, `isready`, a `go` without clock).
    NoAnswer,
}

impl From<FaultKind> for GameEnding {
    fn from(kind: FaultKind) -> Self {
        match kind {
            FaultKind::TimeForfeit => GameEnding::TimeForfeit,
            FaultKind::IllegalMove => GameEnding::IllegalMove,
            FaultKind::Crash => GameEnding::Crash,
            FaultKind::NoAnswer => GameEnding::NoAnswer,
        }
    }
}

impl GameEnding {
    /// Whether a seat's failure ended the game (a panic or a fault) rather than the game itself.
    pub fn is_failure(self) -> bool {
        !matches!(
            self,
            GameEnding::Rules | GameEnding::Repetition | GameEnding::PlyLimit
        )
    }
}

impl From<Ending> for GameEnding {
    fn from(ending: Ending) -> Self {
        match ending {
            Ending::Rules => GameEnding::Rules,
            Ending::Repetition => GameEnding::Repetition,
            Ending::PlyLimit => GameEnding::PlyLimit,
        }
    }
}

/// The version of the record format, in every header.
pub const FORMAT: u32 = 1;

/// The first line of a record file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The record format ([`FORMAT`]).
    pub tabula_arena: u32,
    /// The tournament.
    pub config: Config,
    /// The slice of it this file holds, if sharded.
    pub shard: Option<Shard>,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Game index in the tournament schedule.
    pub index: u64,
    /// Round (opening) it belongs to.
    pub round: u64,
    /// Pairing it belongs to.
    pub pairing: usize,
    /// Engine index (into the config's engines) per seat.
    pub seats: Vec<usize>,
    /// Engine name per seat.
    pub engines: Vec<String>,
    /// The game's seed (bots and chance derive from it).
    pub seed: u64,
    /// The opening position, in the game's notation.
    pub opening: String,
    /// Moves and chance outcomes from the opening, in the game's notation.
    pub moves: Vec<String>,
    /// Payoff per seat (1 win, 0 loss, 1/2 draw for two players). Empty for a game stopped by
    /// a panic that no seat's engine can be blamed for: it has no result and the statistics
    /// leave it out ([`GameRecord::counts`]).
    pub result: Vec<f64>,
    /// Why the game ended.
    pub ending: GameEnding,
    /// For a game ended by an engine error or fault: what happened (the panic's message, the
    /// illegal move as written, the exit status, how long it was waited for), and whose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// For a game ended by an engine error or fault: the seat at fault, if one was. That seat
    /// lost (payoff 0; the others share the win), as a crashed engine loses in chess
    /// tournaments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_seat: Option<usize>,
    /// Player moves made.
    pub plies: u32,
    /// Wall-clock time of the game in milliseconds (differs between reruns, as `move_ms` does).
    pub time_ms: f64,
    /// For each entry of `moves`: the milliseconds its mover took, measured by the referee from
    /// the request to the answer (`null` for a chance outcome). Empty in older records.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_ms: Vec<Option<f64>>,
    /// For each entry of `moves`: the score the mover's engine last reported (`cp 15`,
    /// `mate 3`), where it reported one. Empty in older records.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<Option<String>>,
    /// For each entry of `moves`: the depth of that report, where known.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depths: Vec<Option<u32>>,
    /// The last position, in the game's notation (empty in older records).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub final_position: String,
    /// Each seat's points at the end, where the game keeps them ([`crate::Game::points`];
    /// capture checkers: marbles captured). Absent in older records and for other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<i64>>,
    /// The ending in words (`red wins: blue's master captured`, `draw by repetition`, `blue
    /// forfeits on time`); see [`describe_ending`]. Empty in older records.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub verdict: String,
}

/// The result of a game in words: who won and why, a draw and why, or who lost by a fault.
/// `seat_names` names the seats as the game does, `result` holds the payoffs (empty: no result),
/// and `reason` is the game's own words for an ending by the rules ([`crate::Game::end_reason`]).
pub fn describe_ending(
    seat_names: &[String],
    result: &[f64],
    ending: GameEnding,
    failed_seat: Option<usize>,
    plies: u32,
    reason: Option<&str>,
) -> String {
    let name = |seat: usize| {
        seat_names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("player {}", seat + 1))
    };
    if let Some(seat) = failed_seat {
        let who = capitalised(&name(seat));
        return match ending {
            GameEnding::TimeForfeit => format!("{who} forfeits on time"),
            GameEnding::IllegalMove => format!("{who} loses by an illegal move"),
            GameEnding::Crash => format!("{who} loses: its engine program exited"),
            GameEnding::NoAnswer => format!("{who} loses: its engine did not answer"),
            _ => format!("{who} loses: its engine failed"),
        };
    }
    if result.is_empty() {
        return "stopped by an error, no result".to_string();
    }
    let best = result.iter().copied().fold(f64::MIN, f64::max);
    let winners: Vec<usize> = (0..result.len()).filter(|&s| result[s] == best).collect();
    let words = if winners.len() == result.len() {
        match ending {
            GameEnding::Repetition => return "draw by repetition".to_string(),
            GameEnding::PlyLimit if plies == 1 => return "draw at the ply limit (1 ply)".into(),
            GameEnding::PlyLimit => return format!("draw at the ply limit ({plies} plies)"),
            _ => "draw".to_string(),
        }
    } else if winners.len() == 1 {
        format!("{} wins", capitalised(&name(winners[0])))
    } else {
        let names: Vec<String> = winners.iter().map(|&s| name(s)).collect();
        format!("{} share the win", capitalised(&names.join(" and ")))
    };
    match reason {
        Some(r) if ending == GameEnding::Rules => format!("{words}: {r}"),
        _ => words,
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl GameRecord {
    /// Whether two records are the same game, ignoring the time taken (the game's and each
    /// move's).
    pub fn same_game(&self, other: &GameRecord) -> bool {
        let timeless = |g: &GameRecord| GameRecord {
            time_ms: 0.0,
            move_ms: Vec::new(),
            ..g.clone()
        };
        timeless(self) == timeless(other)
    }

    /// The payoff of engine `engine` in this game, if it played and the game has a result.
    pub fn score_of(&self, engine: usize) -> Option<f64> {
        self.seats
            .iter()
            .position(|&e| e == engine)
            .and_then(|s| self.result.get(s).copied())
    }

    /// Whether the game counts in the statistics: it has a result (every game but one stopped
    /// by a panic that no seat's engine can be blamed for).
    pub fn counts(&self) -> bool {
        self.result.len() == self.seats.len()
    }
}

/// A record file as read back.
#[derive(Clone, Debug)]
pub struct RecordFile {
    /// Its header.
    pub header: Header,
    /// Its games, in file order.
    pub games: Vec<GameRecord>,
    /// The line number (from 1) of each game, for messages.
    pub lines: Vec<usize>,
    /// Bytes of whole, valid lines (a cut last line lies beyond).
    pub valid_len: u64,
    /// Whether a cut last line was dropped.
    pub dropped_partial: bool,
}

/// The largest record file read: about half a million games of Onitama, far past any match,
/// and a bound that refuses a device or a wrong path (`/dev/zero`) instead of reading it forever.
pub const RECORD_LIMIT: u64 = 256 << 20;

/// Reads a record file; a cut last line (one without its newline) that does not read is dropped,
/// any other bad line is an error naming the file and line.
pub fn read(path: &Path) -> Result<RecordFile, Error> {
    let name = path.display();
    let text = crate::files::read_small_utf8(path, RECORD_LIMIT, "record file")?;
    let mut header: Option<Header> = None;
    let mut games = Vec::new();
    let mut game_lines = Vec::new();
    let mut valid_len = 0u64;
    let mut dropped_partial = false;
    // A byte-order mark (an editor on Windows saved the file) is skipped, not read as part of
    // the header; the offsets still count it, as they are the file's own.
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut offset = text.len() - body.len();
    let mut lines = body.split_inclusive('\n').enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        let last = lines.peek().is_none();
        offset += line.len();
        let complete = line.ends_with('\n');
        let body = line.trim();
        if body.is_empty() {
            if complete {
                valid_len = offset as u64;
            }
            continue;
        }
        let parsed = if header.is_none() {
            serde_json::from_str::<Header>(body).map(|h| header = Some(h))
        } else {
            serde_json::from_str::<GameRecord>(body).map(|g| {
                games.push(g);
                game_lines.push(n + 1);
            })
        };
        match parsed {
            Ok(()) if complete => valid_len = offset as u64,
            // A last line that parses but lacks its newline is kept: the game finished.
            Ok(()) => valid_len = offset as u64,
            // Only a last line without its newline is a cut one (a run killed while writing
            // it); a whole line that does not read is damage, refused as anywhere else.
            Err(_) if last && !complete && header.is_some() => dropped_partial = true,
            Err(e) => {
                return Err(Error::file(format!(
                    "record file '{name}' line {}: {}",
                    n + 1,
                    if header.is_none() {
                        format!("not an arena header ({e})")
                    } else {
                        format!("not a game record ({e})")
                    }
                )))
            }
        }
    }
    let header =
        header.ok_or_else(|| Error::file(format!("record file '{name}' is empty (no header)")))?;
    if header.tabula_arena != FORMAT {
        return Err(Error::file(format!(
            "record file '{name}' has format {} (this tabula reads {FORMAT})",
            header.tabula_arena
        )));
    }
    Ok(RecordFile {
        header,
        games,
        lines: game_lines,
        valid_len,
        dropped_partial,
    })
}

/// Appends game lines to a record file.
#[derive(Debug)]
pub struct RecordWriter {
    file: File,
}

impl RecordWriter {
    /// Starts a new file with its header; refuses to overwrite an existing one.
    pub fn create(path: &Path, header: &Header) -> Result<Self, Error> {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    Error::file(format!(
                        "'{}' already exists: use --resume to continue it, or remove it",
                        path.display()
                    ))
                } else {
                    Error::file(format!("cannot create '{}': {e}", path.display()))
                }
            })?;
        let mut w = RecordWriter { file };
        w.write_line(&serde_json::to_string(header).expect("headers serialise"))
            .map_err(|e| Error::file(format!("cannot write '{}': {e}", path.display())))?;
        Ok(w)
    }

    /// Continues a file read by [`read`]: cuts off a partial last line, then appends.
    pub fn resume(path: &Path, read: &RecordFile) -> Result<Self, Error> {
        let io =
            |e: std::io::Error| Error::file(format!("cannot append to '{}': {e}", path.display()));
        let file = OpenOptions::new().append(true).open(path).map_err(io)?;
        file.set_len(read.valid_len).map_err(io)?;
        let mut w = RecordWriter { file };
        // The last whole line may lack its newline (cut just before it): end it first.
        let text = std::fs::read(path).map_err(io)?;
        if !text.is_empty() && !text.ends_with(b"\n") {
            w.file.write_all(b"\n").map_err(io)?;
        }
        Ok(w)
    }

    /// Appends one game as one line and flushes it to the operating system.
    pub fn append(&mut self, game: &GameRecord) -> std::io::Result<()> {
        self.write_line(&serde_json::to_string(game).expect("records serialise"))
    }

    fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.file.write_all(&bytes)?;
        self.file.flush()
    }
}

/// Combines record files of one tournament (its shards, or a run and its resumption): the
/// configs must agree; a game in several files must be the same game. Returns the config and the
/// games sorted by index.
pub fn merge(files: &[RecordFile], names: &[String]) -> Result<(Config, Vec<GameRecord>), Error> {
    let config = common_config(files, names)?;
    let mut by_index: std::collections::BTreeMap<u64, GameRecord> = Default::default();
    for (file, name) in files.iter().zip(names) {
        for g in &file.games {
            if let Some(old) = by_index.get(&g.index) {
                if !old.same_game(g) {
                    return Err(Error::file(format!(
                        "'{name}': game {} differs from the same game in another file",
                        g.index
                    )));
                }
            } else {
                by_index.insert(g.index, g.clone());
            }
        }
    }
    Ok((config.clone(), by_index.into_values().collect()))
}

/// The tournament that `files` (named `names` in errors) all record: an error names a file that
/// records another one, or says there is no file.
pub fn common_config<'a>(files: &'a [RecordFile], names: &[String]) -> Result<&'a Config, Error> {
    let first = files
        .first()
        .ok_or_else(|| Error::request("merge needs at least one record file"))?;
    for (file, name) in files.iter().zip(names) {
        if file.header.config != first.header.config {
            return Err(Error::file(format!(
                "'{name}' is from a different tournament than '{}' (game, engines, games, seed, openings or options differ)",
                names[0]
            )));
        }
    }
    Ok(&first.header.config)
}
