//! `tabula arena`: bot-vs-bot tournaments, `tabula arena merge` to combine record files, and
//! `tabula arena book` to make a book of balanced openings.
//!
//! One command with optional subcommands: `tabula arena <game> --engine ... --games N` runs a
//! tournament; `tabula arena merge FILES...` summarises shard files and `tabula arena book GAME`
//! writes openings (no game is called `merge` or `book`, and clap tries the subcommand name
//! first).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use tabula::agent::TimeControl;
use tabula::arena::book::{Book, BookSettings};
use tabula::arena::config::DEFAULT_MARGIN_MS;
use tabula::arena::record::{self, RecordWriter};
use tabula::arena::stats::{Pentanomial, Wdl};
use tabula::arena::{Arena, Config, GameRecord, Header, Openings, Shard, Sprt, Summary};
use tabula::files::{check_new, same_file, write_atomically, FileLock};
use tabula::games::GameKind;
use tabula::protocol::TrafficLog;
use tabula::resources::check_millis;
use tabula::resources::check_threads;
use tabula::{with_game, Error, Game};

use crate::common::{print_json, show_progress, CliError, OptionArgs};

/// Arguments of `tabula arena`.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    arg_required_else_help = true,
    after_help = "Examples:\n  tabula arena onitama --engine alphabeta:depth=4 --engine alphabeta:depth=2 --games 200 --concurrency 2 --out ab.jsonl\n  tabula arena onitama --resume ab.jsonl\n  tabula arena onitama --engine greedy --engine random --games 1000 --shard 2/4 --out part2.jsonl\n  tabula arena merge part1.jsonl part2.jsonl part3.jsonl part4.jsonl\n  tabula arena onitama --engine \"ugi:name=mine,cmd=./my-engine --quiet\" --engine alphabeta --tc 10+0.1 --games 20 --log ugi.log"
)]
pub struct ArenaArgs {
    #[command(subcommand)]
    pub command: Option<ArenaCommand>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The subcommands of `tabula arena`.
#[derive(Subcommand, Debug)]
pub enum ArenaCommand {
    /// Combine record files of one tournament (its shards) into one summary.
    Merge(MergeArgs),
    /// Write a book of balanced two-player openings for --openings: random openings that a
    /// search at two consecutive depths scores near even.
    Book(BookArgs),
}

/// Arguments of `tabula arena book`.
#[derive(Args, Debug)]
#[command(
    arg_required_else_help = true,
    after_help = "Example:\n  tabula arena book checkers --positions 400 --plies 3-6 --depth 6 --within 40 --seed 77 --out even.txt\n  tabula arena checkers --engine default:nodes=40000 --engine default:nodes=20000 --openings even.txt --games 800"
)]
pub struct BookArgs {
    /// The game (two players).
    pub game: String,
    /// Openings to keep.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub positions: usize,
    /// Random player moves from the start: a number or a range A-B (each opening draws its own).
    #[arg(long, value_name = "A-B", default_value = "3-6")]
    pub plies: String,
    /// Searched to this depth and the next; an opening is kept when the mean score is within
    /// --within.
    #[arg(long, value_name = "D", default_value_t = 6)]
    pub depth: u32,
    /// The largest mean score kept, in evaluation units either way (100 is a marble in checkers,
    /// a student in Onitama, a percentage point of winning chance in Senet).
    #[arg(long, value_name = "UNITS", default_value_t = 40)]
    pub within: i32,
    /// The seed of every candidate opening.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Candidates to try at most (default 100 per position asked for).
    #[arg(long, value_name = "N")]
    pub tries: Option<u64>,
    /// Candidates searched at once.
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
    /// Write the openings to this new file (one position a line, the command in a comment);
    /// without it they are printed.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub options: OptionArgs,
    /// Machine-readable output: the openings with their scores.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tabula arena merge`.
#[derive(Args, Debug)]
#[command(arg_required_else_help = true)]
pub struct MergeArgs {
    /// Record files written with --out.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Machine-readable summary.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of a tournament run.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The game: onitama, checkers, senet, bigbang or amidakuji.
    #[arg(required = true)]
    pub game: Option<String>,
    /// An engine spec (random, greedy, alphabeta:depth=4, mcts:playouts=1000,name=m...); repeat.
    #[arg(long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,
    /// Games per pairing (two players) or per table (more), rounded up to whole pairs/rotations.
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Two players: the first engine against each other one instead of a round robin.
    #[arg(long)]
    pub gauntlet: bool,
    /// Games played at once (each game single-threaded).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub concurrency: usize,
    /// The seed of every game, opening and bot (default 1).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// `random:P` (the game's random start, then P random plies; `random` alone is random:0) or a
    /// file of positions, one per line, `#` starting a comment; default: the game's balanced
    /// openings where it has some (two-player checkers), else random:2.
    #[arg(long, value_name = "random:P|FILE")]
    pub openings: Option<String>,
    /// Stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic].
    #[arg(long, value_name = "SETTINGS")]
    pub sprt: Option<String>,
    /// Append every finished game to this new file (JSON lines).
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<PathBuf>,
    /// Continue the tournament recorded in this file, appending to it.
    #[arg(long, value_name = "FILE.jsonl")]
    pub resume: Option<PathBuf>,
    /// Play only the I-th of N disjoint slices of the schedule.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// The clock of every engine whose spec sets no limit of its own: BASE+INC in seconds
    /// (10+0.1); an engine's own tc= overrides it.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Milliseconds past its clock an engine may go before it loses on time (default 50).
    #[arg(long, value_name = "MS")]
    pub margin: Option<u64>,
    /// Append every line sent to and read from engine programs, and their stderr, to FILE.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    #[command(flatten)]
    pub options: OptionArgs,
    /// Machine-readable summary.
    #[arg(long)]
    pub json: bool,
}

pub fn arena(args: ArenaArgs) -> Result<(), CliError> {
    match args.command {
        Some(ArenaCommand::Merge(m)) => merge(m),
        Some(ArenaCommand::Book(b)) => book(b),
        None => run(args.run),
    }
}

/// The config the command line asks for (a fresh run).
fn config_from_args(game: GameKind, args: &RunArgs) -> Result<Config, CliError> {
    if args.engines.len() < 2 {
        return Err(Error::option("give at least two engines with --engine SPEC").into());
    }
    let games = args
        .games
        .ok_or_else(|| Error::option("--games N is required (games per pairing)"))?;
    let options = args.options.to_options()?;
    Ok(Config {
        game: game.name().to_string(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        engines: args.engines.clone(),
        gauntlet: args.gauntlet,
        games,
        seed: args.seed.unwrap_or(1),
        openings: match &args.openings {
            Some(o) => Openings::parse(o)?,
            None => Openings::default_for(game, &options),
        },
        sprt: args.sprt.as_deref().map(Sprt::parse).transpose()?,
        tc: args.tc.as_deref().map(TimeControl::parse).transpose()?,
        margin_ms: match args.margin {
            Some(ms) => {
                check_millis("--margin", ms)?;
                ms
            }
            None => DEFAULT_MARGIN_MS,
        },
    })
}

/// With `--resume`, whatever the command line also says must agree with the file.
fn check_resume_args(
    file: &Path,
    header: &Header,
    args: &RunArgs,
    game: &str,
) -> Result<(), CliError> {
    let c = &header.config;
    let name = file.display();
    let differs = |what: &str| -> CliError {
        Error::option(format!(
            "--resume '{name}': the file was recorded with another {what}"
        ))
        .into()
    };
    if c.game != game {
        return Err(Error::option(format!(
            "--resume '{name}' is a record of {}, not {game}",
            c.game
        ))
        .into());
    }
    if !args.engines.is_empty() && args.engines != c.engines {
        return Err(differs("set of --engine"));
    }
    if args.games.is_some_and(|g| g != c.games) {
        return Err(differs("--games"));
    }
    if args.seed.is_some_and(|s| s != c.seed) {
        return Err(differs("--seed"));
    }
    if args.gauntlet && !c.gauntlet {
        return Err(differs("--gauntlet"));
    }
    if let Some(o) = &args.openings {
        if Openings::parse(o)? != c.openings {
            return Err(differs("--openings"));
        }
    }
    if let Some(s) = &args.sprt {
        if Some(Sprt::parse(s)?) != c.sprt {
            return Err(differs("--sprt"));
        }
    }
    if let Some(tc) = &args.tc {
        if Some(TimeControl::parse(tc)?) != c.tc {
            return Err(differs("--tc"));
        }
    }
    if args.margin.is_some_and(|m| m != c.margin_ms) {
        return Err(differs("--margin"));
    }
    let options = args.options.to_options()?;
    if !options.is_empty()
        && options
            .iter()
            .any(|(k, v)| c.options.get(k).map(String::as_str) != Some(v))
    {
        return Err(differs("game option"));
    }
    if let Some(s) = &args.shard {
        if Some(Shard::parse(s)?) != header.shard {
            return Err(differs("--shard"));
        }
    }
    if args.out.as_ref().is_some_and(|o| o != file) {
        return Err(Error::option(
            "--out and --resume name different files; --resume appends to its file",
        )
        .into());
    }
    Ok(())
}

fn run(args: RunArgs) -> Result<(), CliError> {
    let game = args.game.clone().unwrap_or_default();
    let kind = GameKind::from_name(&game)?;
    check_threads("--concurrency", args.concurrency)?;
    // One run at a time per record file: two resumes of one file would both play its
    // missing games.
    let _lock = match args.resume.as_ref().or(args.out.as_ref()) {
        Some(path) => Some(FileLock::acquire(path)?),
        None => None,
    };
    let (config, shard, mut resume) = match &args.resume {
        Some(path) => {
            let read = record::read(path)?;
            check_resume_args(path, &read.header, &args, kind.name())?;
            (read.header.config.clone(), read.header.shard, Some(read))
        }
        None => {
            let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
            (config_from_args(kind, &args)?, shard, None)
        }
    };
    if shard.is_some() && config.sprt.is_some() {
        return Err(Error::option(
            "--sprt cannot be combined with --shard (each shard would stop on its own)",
        )
        .into());
    }
    let log = open_log(&args)?;
    // A closure, so that a refusal inside (an engine that does not start) reaches the log too.
    let result = (|| -> Result<(), CliError> {
        with_game!(kind, G => {
            let mut arena = Arena::<G>::new(config.clone())?;
            if let (Some(path), Some(read)) = (&args.resume, &mut resume) {
                arena.check_records(read, &path.display().to_string())?;
            }
            let done = resume.as_ref().map_or_else(Vec::new, |read| read.games.clone());
            let size = arena.schedule().group_size() as u64;
            if resume.is_none() && config.games % size != 0 {
                eprintln!(
                    "tabula: note: --games {} rounded up to {} (whole groups of {size} games sharing an opening)",
                    config.games,
                    arena.schedule().rounds() * size
                );
            }
            let mut writer = match (&args.resume, &resume, &args.out) {
                (Some(path), Some(read), _) => Some(RecordWriter::resume(path, read)?),
                (None, _, Some(out)) => Some(RecordWriter::create(
                    out,
                    &Header { tabula_arena: record::FORMAT, config: config.clone(), shard },
                )?),
                _ => None,
            };
            arena.set_log(log.clone());
            run_arena(&arena, shard, done, args.concurrency, writer.as_mut(), args.json)
        })
    })();
    finish_log(log.as_deref(), result)
}

/// The traffic log `--log` names, refused when it names the record file (its lines would
/// spoil the records for good).
fn open_log(args: &RunArgs) -> Result<Option<Arc<TrafficLog>>, CliError> {
    let Some(path) = args.log.as_deref() else {
        return Ok(None);
    };
    for (flag, record) in [("--out", &args.out), ("--resume", &args.resume)] {
        if record.as_deref().is_some_and(|r| same_file(r, path)) {
            return Err(Error::option(format!(
                "--log and {flag} name the same file '{}': the log's lines would spoil the records",
                path.display()
            ))
            .into());
        }
    }
    Ok(Some(Arc::new(TrafficLog::open(path)?)))
}

/// The command's result with the log's own: lines it lost make an error once the games are
/// over, and a log a refused command never wrote to is removed.
pub fn finish_log(log: Option<&TrafficLog>, result: Result<(), CliError>) -> Result<(), CliError> {
    match (log, result) {
        (Some(log), Err(e)) => {
            log.discard_if_unused();
            Err(e)
        }
        (Some(log), Ok(())) => Ok(log.check()?),
        (None, result) => result,
    }
}

/// Plays the arena's pending games (after `done`, those resumed), with a progress bar on a
/// terminal, and prints the summary.
fn run_arena<G: Game>(
    arena: &Arena<G>,
    shard: Option<Shard>,
    done: Vec<GameRecord>,
    concurrency: usize,
    writer: Option<&mut RecordWriter>,
    json: bool,
) -> Result<(), CliError> {
    let already = done.len() as u64;
    let total = already + arena.pending_count(shard, &done);
    let bar = show_progress(json).then(|| games_bar(total, already));
    let two = arena.schedule().players() == 2;
    let mut tally = Tally::new(arena.schedule().pairings()[0][0]);
    for g in done.iter().filter(|g| two && g.pairing == 0) {
        tally.add(g);
    }
    let first = arena.schedule().pairings()[0].clone();
    let names = arena.names().to_vec();
    let stop = AtomicBool::new(false);
    let clock = Instant::now();
    let games = arena.run_tournament(shard, done, concurrency, writer, &stop, |g| {
        if let Some(bar) = &bar {
            bar.inc(1);
            if two && g.pairing == 0 {
                tally.add(g);
                bar.set_message(tally.describe(&names[first[0]]));
            }
        }
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let run = RunFigures {
        games: games.len() as u64 - already,
        resumed_from: already,
        seconds: clock.elapsed().as_secs_f64(),
        concurrency,
        shard,
    };
    report_run(&arena.summary(&games), &run, json)
}

/// The progress bar of a run of `total` games, `already` of them resumed.
fn games_bar(total: u64, already: u64) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed} (eta {eta}) {msg}")
            .expect("valid template"),
    );
    bar.set_position(already);
    bar
}

/// What one run of the arena did, besides the games' results.
struct RunFigures {
    /// Games played in this run.
    games: u64,
    /// Games read back from the file resumed.
    resumed_from: u64,
    seconds: f64,
    concurrency: usize,
    shard: Option<Shard>,
}

/// Prints the tournament's summary and the run's figures (text or JSON).
fn report_run(summary: &Summary, run: &RunFigures, json: bool) -> Result<(), CliError> {
    let (new_games, already, elapsed) = (run.games, run.resumed_from, run.seconds);
    let rate = if elapsed > 0.0 {
        new_games as f64 / elapsed
    } else {
        0.0
    };
    let concurrency = run.concurrency;
    if json {
        print_json(&json!({
            "summary": summary,
            "run": {
                "games": new_games,
                "resumed_from": already,
                "seconds": elapsed,
                "games_per_second": rate,
                "concurrency": concurrency,
                "shard": run.shard.map(|s| s.to_string()),
            }
        }))
    } else {
        emit(&format!(
            "{}played {new_games} games in {elapsed:.1} s ({rate:.2} games/s) with concurrency {concurrency}{}\n",
            display(summary, run.shard),
            if already > 0 { format!(", after {already} resumed") } else { String::new() }
        ))
    }
}

/// The first pairing's running W/D/L and pairs, for the progress bar.
struct Tally {
    engine: usize,
    wdl: Wdl,
    penta: Pentanomial,
    halves: std::collections::HashMap<u64, (u64, f64)>,
}

impl Tally {
    fn new(engine: usize) -> Self {
        Tally {
            engine,
            wdl: Wdl::default(),
            penta: Pentanomial::default(),
            halves: Default::default(),
        }
    }

    fn add(&mut self, g: &GameRecord) {
        let s = g.score_of(self.engine).unwrap_or(0.5);
        self.wdl.add(s);
        if let Some((i, other)) = self.halves.remove(&(g.index / 2)) {
            let (a, b) = if i < g.index { (other, s) } else { (s, other) };
            self.penta.add(a, b);
        } else {
            self.halves.insert(g.index / 2, (g.index, s));
        }
    }

    /// The progress bar's message: `name`'s W/D/L so far and its Elo.
    fn describe(&self, name: &str) -> String {
        let w = &self.wdl;
        let elo = self.penta.elo().or(w.elo());
        let elo = elo.map_or(String::new(), |e| format!("  Elo {}", e.describe()));
        format!("{name}: W {} D {} L {}{elo}", w.wins, w.draws, w.losses)
    }
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
pub fn emit(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn display(summary: &Summary, shard: Option<Shard>) -> String {
    match shard {
        Some(s) => format!("shard {s}: {summary}"),
        None => summary.to_string(),
    }
}

fn merge(args: MergeArgs) -> Result<(), CliError> {
    // One file named twice (or through two paths) would count as two shards that agree.
    let mut seen = Vec::new();
    for f in &args.files {
        let real = std::fs::canonicalize(f).unwrap_or_else(|_| f.clone());
        if seen.contains(&real) {
            return Err(Error::option(format!(
                "'{}' is given twice: give each shard's file once",
                f.display()
            ))
            .into());
        }
        seen.push(real);
    }
    let mut files = args
        .files
        .iter()
        .map(|f| record::read(f))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
    for (file, name) in files.iter().zip(&names) {
        if file.dropped_partial {
            eprintln!(
                "tabula: note: '{name}' ends in a cut line (an interrupted run); it is left out"
            );
        }
    }
    let config = record::common_config(&files, &names)?.clone();
    let kind = GameKind::from_name(&config.game)?;
    with_game!(kind, G => {
        let arena = Arena::<G>::for_records(config.clone())?;
        for (file, name) in files.iter_mut().zip(&names) {
            arena.check_records(file, name)?;
        }
        let (_, games) = record::merge(&files, &names)?;
        let summary = arena.summary(&games);
        if args.json {
            print_json(&json!({"summary": summary, "files": names}))
        } else {
            let count = tabula::words::counted(files.len() as u64, "file", "files");
            emit(&format!("{summary}merged {count}\n"))
        }
    })
}

/// Reads `--plies`: `N` or `A-B`.
fn plies_range(text: &str) -> Result<(u32, u32), CliError> {
    let number = |t: &str| {
        t.trim().parse::<u32>().map_err(|_| {
            CliError::from(Error::option(format!(
                "--plies {text}: give a number of plies or a range such as 3-6"
            )))
        })
    };
    match text.split_once('-') {
        Some((a, b)) => Ok((number(a)?, number(b)?)),
        None => number(text).map(|n| (n, n)),
    }
}

fn book(args: BookArgs) -> Result<(), CliError> {
    let kind = GameKind::from_name(&args.game)?;
    let settings = book_settings(&args)?;
    if let Some(out) = &args.out {
        check_new(out, "remove it or choose another name")?;
    }
    let options = args.options.to_options()?;
    let bar = show_progress(args.json).then(|| {
        let bar = ProgressBar::new(settings.positions as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} openings {elapsed} {msg}")
                .expect("valid template"),
        );
        bar
    });
    let progress = |tried: u64, kept: usize| {
        if let Some(bar) = &bar {
            bar.set_position(kept as u64);
            bar.set_message(format!("{tried} tried"));
        }
    };
    let started = Instant::now();
    let built =
        with_game!(kind, G => tabula::arena::book::build::<G>(&options, &settings, &progress))?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    write_book(&args, kind.name(), &settings, &built, started)?;
    if built.entries.len() < settings.positions {
        eprintln!(
            "tabula: note: only {} of the {} openings asked for within {} tries; widen --within or give more --tries",
            built.entries.len(),
            settings.positions,
            settings.tries
        );
    }
    Ok(())
}

/// The settings `tabula arena book`'s arguments ask for, checked.
fn book_settings(args: &BookArgs) -> Result<BookSettings, CliError> {
    let (min_plies, max_plies) = plies_range(&args.plies)?;
    let settings = BookSettings {
        positions: args.positions,
        min_plies,
        max_plies,
        depth: args.depth,
        within: args.within,
        seed: args.seed,
        tries: args.tries.unwrap_or_else(|| {
            (args.positions as u64)
                .saturating_mul(100)
                .min(tabula::arena::book::MAX_TRIES)
        }),
        threads: args.threads,
    };
    settings.check()?;
    Ok(settings)
}

/// Prints the book (JSON with `--json`) and writes it to `--out` when given.
fn write_book(
    args: &BookArgs,
    game: &str,
    settings: &BookSettings,
    built: &Book,
    started: Instant,
) -> Result<(), CliError> {
    let command = book_command(args);
    if args.json {
        let entries: Vec<_> = built
            .entries
            .iter()
            .map(|e| json!({"position": e.position, "plies": e.plies, "scores": e.scores}))
            .collect();
        print_json(&json!({
            "game": game,
            "depths": [settings.depth, settings.depth + 1],
            "tried": built.tried,
            "openings": entries,
            "command": command,
        }))?;
    }
    let mut text = format!(
        "# {command}\n# {} openings kept from {} candidates searched (mean score of depths {} and {} within {})\n",
        built.entries.len(),
        built.tried,
        settings.depth,
        settings.depth + 1,
        settings.within
    );
    for e in &built.entries {
        text.push_str(&e.position);
        text.push('\n');
    }
    match &args.out {
        Some(out) => {
            write_atomically(out, |f| std::io::Write::write_all(f, text.as_bytes()))?;
            if !args.json {
                emit(&format!(
                    "{} openings of {} candidates written to {} in {:.1} s\n",
                    built.entries.len(),
                    built.tried,
                    out.display(),
                    started.elapsed().as_secs_f64()
                ))?;
            }
        }
        None if !args.json => emit(&text)?,
        None => {}
    }
    Ok(())
}

/// The command that makes the same book, for the file's first line.
fn book_command(args: &BookArgs) -> String {
    let mut command = format!(
        "tabula arena book {} --positions {} --plies {} --depth {} --within {} --seed {}",
        args.game, args.positions, args.plies, args.depth, args.within, args.seed
    );
    if let Some(t) = args.tries {
        command.push_str(&format!(" --tries {t}"));
    }
    if let Ok(options) = args.options.to_options() {
        for (k, v) in options.iter() {
            command.push_str(&format!(" -O {k}={v}"));
        }
    }
    command
}
