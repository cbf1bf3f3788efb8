//! Books of balanced openings for two-player matches: random openings kept only where a search
//! finds neither side ahead.
//!
//! Played from both seats, an opening that favours one seat gives each engine one easy game and
//! one hard one, and the pair says little about which engine is stronger. In two-player capture
//! checkers the side to move after two random plies is usually more than a marble ahead, and
//! between equal bots the player who starts wins nearly every game; on a book of openings that
//! a search scores near even, the seats score alike and a stronger engine shows.
//!
//! Each candidate is the game's start and a random number of random plies (chance outcomes drawn
//! as the rules weigh them), all from its own seed, so a book is a function of its settings:
//! the same settings give the same file on any number of threads. It is scored by alpha-beta at
//! two consecutive depths and kept when the mean of the two scores is within the margin: a
//! single depth would favour the side the horizon flatters (in capture checkers the player to
//! move there is credited with its next chain), which changes with the depth's parity.

use rand::RngExt;
use rayon::prelude::*;

use super::referee::sample_chance;
use super::runner::{random_plies, seeded_start};
use crate::error::Error;
use crate::game::{Game, Turn};
use crate::options::GameOptions;
use crate::random::{derive_seed, rng};
use crate::resources::check_threads;
use crate::search::{AlphaBeta, Limits, Outcome, SearchConfig};

/// Salt that separates a book's candidates from an arena's openings of the same seed.
const BOOK_SALT: u64 = 0x626f_6f6b_6f70_656e;

/// Candidates searched between two progress reports (and between checks for enough positions).
const BATCH: u64 = 32;

/// The transposition table of each candidate's search, in megabytes (as `bench`'s).
const BOOK_HASH_MB: usize = 16;

/// The most positions a book may ask for: far more than any match plays.
pub const MAX_POSITIONS: usize = 1_000_000;

/// The most candidates a book may try.
pub const MAX_TRIES: u64 = 1_000_000_000;

/// The most random plies an opening may have: an opening, not a game.
pub const MAX_PLIES: u32 = 1000;

/// What a book asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// Positions to keep.
    pub positions: usize,
    /// The fewest random player moves from the start.
    pub min_plies: u32,
    /// The most random player moves from the start (each candidate draws its number between).
    pub max_plies: u32,
    /// The first of the two search depths (the second is one more).
    pub depth: u32,
    /// The largest mean score (evaluation units, either side) a kept opening may have.
    pub within: i32,
    /// The seed of every candidate.
    pub seed: u64,
    /// Candidates to try at most before giving up with fewer positions.
    pub tries: u64,
    /// Candidates searched at once (each search on one thread).
    pub threads: usize,
}

/// One kept opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position, in the game's notation.
    pub position: String,
    /// Random player moves that led to it.
    pub plies: u32,
    /// The scores at the two depths, for the player to move.
    pub scores: [i32; 2],
    /// The candidate's index (its seed is derived from the book's seed and this).
    pub candidate: u64,
}

/// A finished book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The kept openings, in candidate order.
    pub entries: Vec<BookEntry>,
    /// Candidates tried.
    pub tried: u64,
}

impl BookSettings {
    /// Checks the settings, naming the first that cannot work.
    pub fn check(&self) -> Result<(), Error> {
        if !(1..=MAX_POSITIONS).contains(&self.positions) {
            return Err(Error::option(format!(
                "--positions must be 1 to {MAX_POSITIONS} (got {})",
                self.positions
            )));
        }
        if self.max_plies > MAX_PLIES {
            return Err(Error::option(format!(
                "--plies {}: at most {MAX_PLIES} random plies make an opening",
                self.max_plies
            )));
        }
        if self.min_plies > self.max_plies {
            return Err(Error::option(format!(
                "--plies {}-{}: the fewest is more than the most",
                self.min_plies, self.max_plies
            )));
        }
        if self.depth == 0 || self.depth > 30 {
            return Err(Error::option(format!(
                "--depth {}: give 1 to 30 (the book searches this depth and the next)",
                self.depth
            )));
        }
        if self.within < 0 {
            return Err(Error::option("--within must not be negative"));
        }
        if self.tries < self.positions as u64 {
            return Err(Error::option(format!(
                "--tries {} is fewer than the {} positions asked for",
                self.tries, self.positions
            )));
        }
        if self.tries > MAX_TRIES {
            return Err(Error::option(format!(
                "--tries must be at most {MAX_TRIES} (got {})",
                self.tries
            )));
        }
        check_threads("--threads", self.threads)?;
        Ok(())
    }
}

/// Builds a book of `G` under `options`. `progress(tried, kept)` is called after each batch of
/// candidates. Fails on bad settings, a game with other than two players, or a start the options
/// do not allow; running out of tries is not an error (the book is shorter, and says so by its
/// length).
pub fn build<G: Game>(
    options: &GameOptions,
    settings: &BookSettings,
    progress: &(dyn Fn(u64, usize) + Sync),
) -> Result<Book, Error> {
    settings.check()?;
    let players = G::start(options)?.players();
    if players != 2 {
        return Err(Error::request(format!(
            "a book of balanced openings needs two players (this game has {players}): a search \
             score says who is ahead only between two"
        )));
    }
    let seeded = seeded_start::<G>(options);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.threads)
        .build()
        .map_err(|e| Error::request(format!("cannot start {} threads: {e}", settings.threads)))?;
    let mut book = Book {
        entries: Vec::new(),
        tried: 0,
    };
    let mut seen = ahash::AHashSet::new();
    while book.entries.len() < settings.positions && book.tried < settings.tries {
        let end = (book.tried + BATCH).min(settings.tries);
        let batch: Vec<Option<BookEntry>> = pool.install(|| {
            (book.tried..end)
                .into_par_iter()
                .map(|i| candidate::<G>(options, seeded, settings, i))
                .collect::<Result<_, Error>>()
        })?;
        book.tried = end;
        for entry in batch.into_iter().flatten() {
            if book.entries.len() < settings.positions && seen.insert(entry.position.clone()) {
                book.entries.push(entry);
            }
        }
        progress(book.tried, book.entries.len());
    }
    Ok(book)
}

/// Candidate `index`: its opening and scores when the opening is balanced, else `None` (the game
/// ended, or a score is proven or beyond the margin).
fn candidate<G: Game>(
    options: &GameOptions,
    seeded: bool,
    settings: &BookSettings,
    index: u64,
) -> Result<Option<BookEntry>, Error> {
    let seed = derive_seed(settings.seed ^ BOOK_SALT, index);
    let mut r = rng(derive_seed(seed, 1));
    let plies = r.random_range(settings.min_plies..=settings.max_plies);
    let mut state = random_plies::<G>(options, seeded, plies, seed)?
        .state()
        .clone();
    // A chance turn (a throw to come) is drawn, so the book's positions all have a mover.
    while state.turn() == Turn::Chance {
        let outcome = sample_chance(&state, &mut r);
        state.play(outcome);
    }
    if !matches!(state.turn(), Turn::Player(_)) {
        return Ok(None);
    }
    let mut search = AlphaBeta::new(SearchConfig {
        hash_mb: BOOK_HASH_MB,
        ..SearchConfig::default()
    });
    let mut scores = [0; 2];
    for (k, score) in scores.iter_mut().enumerate() {
        let result = search.search(&state, Limits::depth(settings.depth + k as u32), None);
        match result.score.outcome() {
            Outcome::Value(v) => *score = v,
            Outcome::Win(_) | Outcome::Loss(_) => return Ok(None),
        }
    }
    let mean = (f64::from(scores[0]) + f64::from(scores[1])) / 2.0;
    if mean.abs() > f64::from(settings.within) {
        return Ok(None);
    }
    Ok(Some(BookEntry {
        position: state.notation(),
        plies,
        scores,
        candidate: index,
    }))
}
