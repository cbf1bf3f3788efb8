//! `tabula onitama bitbase`: build a win/draw/loss bitbase, and answer positions from one.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use serde_json::json;
use tabula::analysis::explain;
use tabula::analysis::onitama::bitbase::{self, file, Bitbase, MatStats, Wdl};
use tabula::analysis::onitama::cardset::CardSet;
use tabula::games::onitama::Onitama;
use tabula::resources::check_memory;
use tabula::Game;

use crate::common::{about, move_line, print_json, show_progress, CliError};

/// Arguments of `tabula onitama bitbase`.
#[derive(Args, Debug)]
pub struct BitbaseArgs {
    /// The five cards, in any order (e.g. horse,elephant,ox,boar,crab).
    #[arg(long, value_name = "C1,C2,C3,C4,C5")]
    pub cards: String,
    /// The most men on the board, both masters included: 2, 4, 6 or 8 (at most (N-2)/2
    /// students a side).
    #[arg(long, value_name = "N")]
    pub men: usize,
    /// Write the bitbase to this file (written as FILE.partial, renamed when complete).
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

/// Builds the bitbase and prints its counts.
pub fn build(args: BitbaseArgs) -> Result<(), CliError> {
    super::check_build_output(args.threads, args.out.as_deref(), args.force)?;
    let cards = CardSet::parse(&args.cards)?;
    if (2..=8).contains(&args.men) {
        let need = bitbase::memory_needed(args.men);
        check_memory(&format!("--men {} (the build)", args.men), need)?;
    }
    let bar = super::bar(1000, show_progress(args.json));
    let started = Instant::now();
    let bb = bitbase::build(cards, args.men, args.threads, &|p| {
        bar.set_position((p.pairs_done as u64 * 1000) / p.pairs.max(1) as u64);
        bar.set_message(format!(
            "{} pass {} ({} blocks open)",
            p.pair, p.pass, p.open_blocks
        ));
    })?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let bytes = match &args.out {
        Some(path) => Some(file::save(&bb, path)?),
        None => None,
    };
    print_summary(
        &bb,
        args.threads,
        seconds,
        bytes,
        args.out.as_deref(),
        args.json,
    )
}

/// The counts per number of men on the board (2, 3, ... up to the limit).
fn per_men(bb: &Bitbase) -> Vec<(usize, MatStats)> {
    let mut out: Vec<(usize, MatStats)> = Vec::new();
    for t in bb.tables() {
        let men = t.mat.men();
        match out.iter_mut().find(|(m, _)| *m == men) {
            Some((_, s)) => *s = s.plus(t.stats),
            None => out.push((men, t.stats)),
        }
    }
    out
}

/// Prints what a bitbase holds (after a build: its time and file).
fn print_summary(
    bb: &Bitbase,
    threads: usize,
    seconds: f64,
    bytes: Option<u64>,
    out: Option<&std::path::Path>,
    as_json: bool,
) -> Result<(), CliError> {
    let s = bb.stats();
    if as_json {
        let counts = |s: &MatStats| json!({"positions": s.positions, "wins": s.wins, "draws": s.draws(), "losses": s.losses});
        let men: Vec<_> = per_men(bb)
            .iter()
            .map(|(m, s)| {
                let mut v = counts(s);
                v["men"] = json!(m);
                v
            })
            .collect();
        let tables: Vec<_> = bb
            .tables()
            .iter()
            .map(|t| {
                let mut v = counts(&t.stats);
                v["material"] = json!(t.mat.name());
                v
            })
            .collect();
        return print_json(&json!({
            "cards": bb.cards().names(), "men": bb.men(), "threads": threads,
            "positions": s.positions, "wins": s.wins, "draws": s.draws(), "losses": s.losses,
            "impossible": 0, "seconds": seconds, "bytes": bb.bytes(), "file_bytes": bytes,
            "per_men": men, "tables": tables,
        }));
    }
    println!(
        "bitbase {} up to {} men: {} positions (Red to move; Blue to move is their colour-swapped image) in {:.2} s on {} thread(s)",
        bb.cards().names(),
        bb.men(),
        s.positions,
        seconds,
        threads
    );
    println!(
        "  wins {}  draws {}  losses {}  (impossible 0: no position has a master on the arch it attacks)",
        s.wins,
        s.draws(),
        s.losses
    );
    for (m, s) in per_men(bb) {
        println!(
            "  {m} men: {:>12} positions  wins {:>12}  draws {:>10}  losses {:>11}",
            s.positions,
            s.wins,
            s.draws(),
            s.losses
        );
    }
    match (out, bytes) {
        (Some(path), Some(b)) => println!("  saved to {} ({b} bytes)", path.display()),
        _ => println!("  in memory: {} bytes (not saved; use --out)", bb.bytes()),
    }
    Ok(())
}

/// Which command a bitbase answers, for the shape of its JSON: each command answers in the
/// shape it has without a bitbase, so a reader need not know which table answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// `onitama probe` and `onitama prove`: `value` as the distance tables give it, `best`,
    /// `line`.
    Probe,
    /// `best`: `best`, `pv`, `score`, `meaning`.
    Best,
    /// `solve`: `verdict`, `plies`, `exact`, `best`, `line`, `method`.
    Solve,
}

/// Answers a position the bitbase covers (text, or JSON in the shape of the command `asked`).
pub fn probe(bb: &Bitbase, state: &Onitama, as_json: bool, asked: Asked) -> Result<(), CliError> {
    let started = Instant::now();
    let Some(value) = bb.probe(state) else {
        return Err(not_covered(bb));
    };
    let best = bb.best_move(state, NODES);
    let text = move_line(state, &bb.line(state, 200, NODES));
    // The length of the forced result: the fastest win, or the longest loss.
    let plies = best.and_then(|(_, _, n)| n);
    let best = best.map(|(m, _, _)| state.move_notation(m));
    if as_json {
        let seconds = started.elapsed().as_secs_f64();
        return print_json(&about(
            state,
            answer_json(value, plies, best, text, seconds, asked),
        ));
    }
    match plies {
        Some(n) => println!(
            "{value} (in {}, found by search on the bitbase)",
            explain::plies(n)
        ),
        None => println!("{value}"),
    }
    if let Some(m) = best {
        println!("best {m}");
    }
    println!("line: {}", text.join(" "));
    Ok(())
}

/// The JSON of a bitbase's answer, in the shape of the command `asked`.
fn answer_json(
    value: Wdl,
    plies: Option<u32>,
    best: Option<String>,
    line: Vec<String>,
    seconds: f64,
    asked: Asked,
) -> serde_json::Value {
    // As the distance tables and the searches write a result (a win's length unknown past the
    // search's budget is null).
    let result = match value {
        Wdl::Win => json!({"win_in": plies}),
        Wdl::Loss => json!({"loss_in": plies}),
        Wdl::Draw => json!("draw"),
    };
    match asked {
        Asked::Probe => json!({"value": result, "best": best, "line": line, "table": "bitbase"}),
        Asked::Best => {
            let score = match value {
                Wdl::Draw => json!({"value": 0}),
                _ => result,
            };
            let meaning = match plies {
                Some(n) => format!(
                    "{value} in {} for the side to move, by the bitbase",
                    explain::plies(n)
                ),
                None => format!("{value} for the side to move, by the bitbase"),
            };
            json!({"best": best, "pv": line, "score": score, "meaning": meaning,
                   "engine": "bitbase", "depth": null, "nodes": null, "seconds": seconds})
        }
        Asked::Solve => json!({
            "verdict": value.to_string(), "plies": plies,
            "exact": plies.is_some() || value == Wdl::Draw, "best": best.unwrap_or_default(),
            "line": line, "depth": null, "no_win_within": null, "no_loss_within": null,
            "nodes": null, "table_hits": 1, "seconds": seconds, "method": "bitbase",
            "value": null, "meaning": null,
        }),
    }
}

/// Nodes the search for a fastest win may spend per move.
pub const NODES: u64 = 2_000_000;

/// The refusal of a position the bitbase does not cover.
pub fn not_covered(bb: &Bitbase) -> CliError {
    CliError(format!(
        "bad request: the bitbase ({}, up to {} men) does not cover this position",
        bb.cards().names(),
        bb.men()
    ))
}

/// Opens a bitbase file for reading.
pub fn open(path: &std::path::Path) -> Result<Bitbase, CliError> {
    Ok(file::open(path, false)?)
}
