//! The traffic log of `tabula arena --log FILE`: every line sent to an engine program and read
//! from it, and its stderr, each with the time since the log was opened, the game, the seat and
//! the engine, so that what went wrong in a game can be read afterwards.
//!
//! A line looks like `1234.5 game 3 p1 u > go p1time 1000 p2time 1000`: `>` sent to the engine,
//! `<` read from its stdout, `!` read from its stderr, `*` what the referee did (started, killed,
//! how it exited).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::error::{escape_controls, Error};

/// A log file shared by every engine process of a tournament. Writing never fails the game: a
/// line that cannot be written (a full disk) is lost, counted, and reported by
/// [`TrafficLog::check`] when the games are over.
#[derive(Debug)]
pub struct TrafficLog {
    file: Mutex<File>,
    start: Instant,
    path: PathBuf,
    /// Whether this run made the file (it did not exist before [`TrafficLog::open`]).
    created: bool,
    /// Lines written and lost so far.
    tally: Mutex<Tally>,
}

impl TrafficLog {
    /// Opens `path` for appending (creating it), so a resumed tournament logs after the first.
    pub fn open(path: &Path) -> Result<Self, Error> {
        let created = !path.exists();
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::file(format!("--log '{}': {e}", path.display())))?;
        Ok(TrafficLog {
            file: Mutex::new(file),
            start: Instant::now(),
            path: path.to_path_buf(),
            created,
            tally: Mutex::new(Tally::default()),
        })
    }

    /// Writes one line for `tag`'s engine; `dir` is `>`, `<`, `!` or `*`. Control characters an
    /// engine printed are written as escapes (`\u{1b}`), so that reading the log with `cat`
    /// cannot drive the terminal.
    pub fn write(&self, tag: &LogTag, dir: char, text: &str) {
        let ms = self.start.elapsed().as_secs_f64() * 1000.0;
        let line = format!(
            "{ms:.1} game {} p{} {} {dir} {}\n",
            tag.game,
            tag.seat + 1,
            tag.engine,
            escape_controls(text)
        );
        let result = {
            let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
            file.write_all(line.as_bytes())
        };
        let mut tally = self.tally.lock().unwrap_or_else(|e| e.into_inner());
        match result {
            Ok(()) => tally.written += 1,
            Err(e) => {
                tally.lost += 1;
                tally.first_error.get_or_insert_with(|| e.to_string());
            }
        }
    }

    /// An error naming the log and how many of its lines were lost, if any were: the games
    /// stand, but a log with holes must not pass for a whole one.
    pub fn check(&self) -> Result<(), Error> {
        let tally = self.tally.lock().unwrap_or_else(|e| e.into_inner());
        match &tally.first_error {
            None => Ok(()),
            Some(e) => Err(Error::file(format!(
                "--log '{}': {} of {} lines could not be written: {e}",
                self.path.display(),
                tally.lost,
                tally.written + tally.lost
            ))),
        }
    }

    /// Removes the file if this run made it and wrote nothing to it: a command refused before
    /// any engine ran leaves no empty log behind.
    pub fn discard_if_unused(&self) {
        let tally = self.tally.lock().unwrap_or_else(|e| e.into_inner());
        if self.created && tally.written + tally.lost == 0 {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// What a [`TrafficLog`] has written and lost.
#[derive(Debug, Default)]
struct Tally {
    written: u64,
    lost: u64,
    /// The error that lost the first line lost.
    first_error: Option<String>,
}

/// Where one engine process logs: the shared log, and the game, seat and engine it stands for.
#[derive(Clone, Debug)]
pub struct LogTag {
    /// The log.
    pub log: Arc<TrafficLog>,
    /// The game's index in the schedule.
    pub game: u64,
    /// The seat (0-based; written `p1`, `p2`, ...).
    pub seat: usize,
    /// The engine's name.
    pub engine: String,
}

impl LogTag {
    /// Writes one line; `dir` is `>`, `<`, `!` or `*`.
    pub fn line(&self, dir: char, text: &str) {
        self.log.write(self, dir, text);
    }
}
