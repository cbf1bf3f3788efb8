//! The traffic log of `tabula arena --log FILE`: every line sent to an engine program and read
//! from it, and its stderr, each with the time since the log was opened, the game, the seat and
//! the engine, so that what went wrong in a game can be read afterwards.
//!
//! A line looks like `1234.5 game 3 p1 u > go p1time 1000 p2time 1000`: `>` sent to the engine,
//! `<` read from its stdout, `!` read from its stderr, `*` what the referee did (started, killed,
//! how it exited).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::error::Error;

/// A log file shared by every engine process of a tournament. Writing never fails the game: a
/// line that cannot be written (a full disk) is lost.
#[derive(Debug)]
pub struct TrafficLog {
    file: Mutex<File>,
    start: Instant,
}

impl TrafficLog {
    /// Opens `path` for appending (creating it), so a resumed tournament logs after the first.
    pub fn open(path: &Path) -> Result<Self, Error> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::file(format!("--log '{}': {e}", path.display())))?;
        Ok(TrafficLog {
            file: Mutex::new(file),
            start: Instant::now(),
        })
    }

    /// Writes one line for `tag`'s engine; `dir` is `>`, `<`, `!` or `*`.
    pub fn write(&self, tag: &LogTag, dir: char, text: &str) {
        let ms = self.start.elapsed().as_secs_f64() * 1000.0;
        let line = format!(
            "{ms:.1} game {} p{} {} {dir} {text}\n",
            tag.game,
            tag.seat + 1,
            tag.engine
        );
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let _ = file.write_all(line.as_bytes());
    }
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
