//! `tabula onitama ...`: Onitama analysis: the deal survey, endgame tablebases (build and probe)
//! and the prover.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::tablebase::{self, file, Tablebase, TbValue};
use tabula::files::check_new;
use tabula::games::onitama::Onitama;
use tabula::resources::{check_memory, check_threads};
use tabula::{Game, GameOptions};

use crate::common::{about, move_line, print_json, show_progress, CliError, LineArgs};

mod bitbase;
mod deal_proofs;
mod deals;
mod prove;
mod results;
mod solve;

/// Arguments of `tabula onitama`.
#[derive(Args, Debug)]
pub struct OnitamaArgs {
    #[command(subcommand)]
    pub command: OnitamaCommand,
}

/// The Onitama analyses.
#[derive(Subcommand, Debug)]
pub enum OnitamaCommand {
    /// Search the start of every distinct deal of five cards and summarise who they favour.
    Deals(DealsArgs),
    /// Build endgame tablebases for one set of five cards by retrograde analysis.
    Tablebase(TablebaseArgs),
    /// Build a win/draw/loss bitbase (one bit a position) for one set of five cards.
    Bitbase(BitbaseArgs),
    /// Look a position up in a tablebase or bitbase file: its exact value and a best line.
    Probe(ProbeArgs),
    /// Prove the value of a position by search with tablebase hits at the leaves.
    Prove(ProveArgs),
    /// Replay every proof of a `deals --prove` results file against the rules.
    Verify(VerifyArgs),
}

/// Arguments of `tabula onitama tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    /// The five cards, in any order (e.g. tiger,crab,boar,ox,eel).
    #[arg(long, value_name = "C1,C2,C3,C4,C5")]
    pub cards: String,
    /// The most pawns on the board, both masters included (2 to 8).
    #[arg(long, value_name = "K")]
    pub pieces: usize,
    /// Write the tables to this file (written as FILE.partial, renamed when complete).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace an existing --out file.
    #[arg(long)]
    pub force: bool,
    /// Threads to build with.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tabula onitama probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// A tablebase file written by `tabula onitama tablebase --out` or a bitbase file written by
    /// `tabula onitama bitbase --out` (told apart by their headers).
    #[arg(long, value_name = "FILE")]
    pub table: PathBuf,
    /// The position, in Onitama notation (quote it).
    pub position: String,
    #[command(flatten)]
    pub line: LineArgs,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub use bitbase::{Asked, BitbaseArgs};
pub use deal_proofs::VerifyArgs;
pub use deals::DealsArgs;
pub use prove::ProveArgs;
pub use solve::print_proof;

/// Runs `tabula onitama ...`.
pub fn onitama(args: OnitamaArgs) -> Result<(), CliError> {
    match args.command {
        OnitamaCommand::Deals(a) if a.prove => deal_proofs::run(&a),
        OnitamaCommand::Deals(a) => deals::deals(a),
        OnitamaCommand::Tablebase(a) => build(a),
        OnitamaCommand::Bitbase(a) => bitbase::build(a),
        OnitamaCommand::Probe(a) => probe(a),
        OnitamaCommand::Prove(a) => prove::prove(a),
        OnitamaCommand::Verify(a) => deal_proofs::verify(a),
    }
}

/// A progress bar over `total` units with the time left, or a hidden one.
pub fn bar(total: u64, visible: bool) -> ProgressBar {
    if !visible {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} (eta {eta})")
            .expect("a valid template"),
    );
    bar
}

/// Whether the file at `path` is a bitbase (by its header) rather than a distance table.
pub fn is_bitbase(path: &std::path::Path) -> bool {
    tabula::analysis::onitama::bitbase::file::is_bitbase(path)
}

/// When `path` is a bitbase covering `state`, prints its answer (value, best move, line) and
/// returns true; when it is a bitbase that does not cover the position, says so on stderr and
/// returns false (the caller searches without it); false for any other file.
pub fn answer_from_bitbase(
    path: &std::path::Path,
    state: &Onitama,
    json: bool,
    asked: bitbase::Asked,
) -> Result<bool, CliError> {
    if !is_bitbase(path) {
        return Ok(false);
    }
    let bb = bitbase::open(path)?;
    if bb.probe(state).is_none() {
        eprintln!(
            "the bitbase ({}, up to {} men) does not cover this position; searching without it",
            bb.cards().names(),
            bb.men()
        );
        return Ok(false);
    }
    bitbase::probe(&bb, state, json, asked)?;
    Ok(true)
}

/// Reads a tablebase file.
pub fn load_table(path: &std::path::Path) -> Result<Tablebase, CliError> {
    Ok(file::load(path)?)
}

/// The checks a table build (distance tables or bitbase) makes before it starts: the thread
/// count, and that `--out` names no directory, without `--force` no existing file, and a place
/// the file can be written.
pub(super) fn check_build_output(
    threads: usize,
    out: Option<&std::path::Path>,
    force: bool,
) -> Result<(), CliError> {
    check_threads("--threads", threads)?;
    if let Some(out) = out {
        if !force || out.is_dir() {
            check_new(out, "use --force to replace it")?;
        }
        tabula::files::check_writable(out)?;
    }
    Ok(())
}

fn build(args: TablebaseArgs) -> Result<(), CliError> {
    check_build_output(args.threads, args.out.as_deref(), args.force)?;
    let cards = CardSet::parse(&args.cards)?;
    if (2..=8).contains(&args.pieces) {
        let need = tablebase::memory_needed(args.pieces);
        check_memory(&format!("--pieces {} (the build)", args.pieces), need)?;
    }
    let bar = bar(1000, show_progress(args.json));
    let started = Instant::now();
    let tb = tablebase::build(cards, args.pieces, args.threads, &|p| {
        bar.set_position(p.done * 1000 / p.total.max(1));
        bar.set_message(format!("pass {}", p.pass));
    })?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let bytes = match &args.out {
        Some(path) => Some(file::save(&tb, path)?),
        None => None,
    };
    let stats = tb.stats();
    if args.json {
        let tables: Vec<_> = tb
            .tables()
            .iter()
            .map(|t| {
                json!({"material": t.material.name(), "positions": t.values.len,
                       "bits": t.values.bits})
            })
            .collect();
        print_json(&json!({
            "cards": cards.names(), "pieces": args.pieces, "threads": args.threads,
            "positions": tb.positions(), "covered": tb.covered(), "wins": stats.wins, "losses": stats.losses,
            "draws": stats.draws, "impossible": stats.impossible, "longest": stats.longest, "seconds": seconds,
            "bytes": tb.bytes(), "file_bytes": bytes, "tables": tables,
        }))?;
    } else {
        println!(
            "tablebase {} up to {} pieces: {} positions stored ({} covered with colour-swapped images) in {:.2} s on {} thread(s)",
            cards.names(),
            args.pieces,
            tb.positions(),
            tb.covered(),
            seconds,
            args.threads
        );
        println!(
            "  wins {}  losses {}  draws {}  longest {} plies  (and {} impossible: the mover's master already on the enemy arch)",
            stats.wins, stats.losses, stats.draws, stats.longest, stats.impossible
        );
        for t in tb.tables() {
            println!(
                "  {:>4}: {:>12} positions, {} bits each",
                t.material.name(),
                t.values.len,
                t.values.bits
            );
        }
        match (&args.out, bytes) {
            (Some(path), Some(b)) => println!("  saved to {} ({b} bytes)", path.display()),
            _ => println!("  in memory: {} bytes (not saved; use --out)", tb.bytes()),
        }
    }
    Ok(())
}

/// The value as JSON.
pub fn value_json(v: TbValue) -> serde_json::Value {
    match v {
        TbValue::Win(n) => json!({"win_in": n}),
        TbValue::Loss(n) => json!({"loss_in": n}),
        TbValue::Draw => json!("draw"),
    }
}

fn probe(args: ProbeArgs) -> Result<(), CliError> {
    let state = args
        .line
        .apply(Onitama::from_notation(&args.position, &GameOptions::new())?)?;
    if tabula::analysis::onitama::bitbase::file::is_bitbase(&args.table) {
        let bb = bitbase::open(&args.table)?;
        return bitbase::probe(&bb, &state, args.json, bitbase::Asked::Probe);
    }
    let tb = load_table(&args.table)?;
    let Some(value) = tb.probe(&state) else {
        return Err(CliError(format!(
            "bad request: the tablebase ({}, up to {} pieces) does not cover this position",
            tb.cards().names(),
            tb.pieces()
        )));
    };
    let text = move_line(&state, &tb.line(&state, 200));
    if args.json {
        let best = text.first().cloned();
        print_json(&about(
            &state,
            json!({"value": value_json(value), "best": best, "line": text, "table": "tablebase"}),
        ))?;
    } else if state.is_terminal() {
        println!("{value}: the game is over, lost for the side to move");
    } else {
        println!("{value}");
        println!("line: {}", text.join(" "));
    }
    Ok(())
}
