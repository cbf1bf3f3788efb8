//! `tabula chain`: the longest capture chain of a capture-checkers position (`--all` lists every
//! move reaching it), or with `--solitaire` the most marbles one player alone could capture.

use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use tabula::analysis::explain;
use tabula::games::checkers::geometry::Hole;
use tabula::games::checkers::notation::write_holes;
use tabula::games::checkers::{chain, solitaire, Checkers};
use tabula::resources::check_table_mb;
use tabula::{Game, GameOptions};

use crate::common::{print_json, show_progress, CliError, LineArgs, SvgArgs};

/// Arguments of `tabula chain`.
#[derive(Args, Debug)]
pub struct ChainArgs {
    /// A capture-checkers position (default: the start). Quote it.
    pub position: Option<String>,
    #[command(flatten)]
    pub line: LineArgs,
    #[command(flatten)]
    pub svg: SvgArgs,
    /// With no position: start with long jumps.
    #[arg(long)]
    pub long: bool,
    /// List every move that reaches the longest chain.
    #[arg(long)]
    pub all: bool,
    /// The most marbles one player could capture making every move alone.
    #[arg(long)]
    pub solitaire: bool,
    /// Solitaire: stop after this many milliseconds (then the result is a lower bound).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Solitaire: memory for its tables in megabytes (half or less for the transposition
    /// table, the rest for the table of endgames).
    /// [default: 192]
    #[arg(long, value_name = "MB")]
    pub table_mb: Option<u64>,
    /// Longest chain: give up beyond this many distinct moves (about 100 bytes each).
    /// [default: 5000000]
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u64>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub fn chain(args: ChainArgs) -> Result<(), CliError> {
    args.svg.check()?;
    let mut options = GameOptions::new();
    if args.long {
        options.set("long", "true");
    }
    let state = match &args.position {
        Some(text) => Checkers::from_notation(text, &options)?,
        None => Checkers::start(&options)?,
    };
    let state = args.line.apply(state)?;
    if args.solitaire {
        if args.max_moves.is_some() {
            return Err(CliError(
                "bad option: --max-moves applies to the longest chain, not --solitaire".into(),
            ));
        }
        return solitaire_report(&args, &state);
    }
    for (flag, given) in [
        ("--time", args.time.is_some()),
        ("--table-mb", args.table_mb.is_some()),
    ] {
        if given {
            return Err(CliError(format!(
                "bad option: {flag} applies to --solitaire only"
            )));
        }
    }
    let max_moves = args.max_moves.unwrap_or(MAX_MOVES);
    if max_moves == 0 {
        return Err(CliError(
            "bad option: --max-moves 0 allows no move: give a positive number".into(),
        ));
    }
    let started = Instant::now();
    let Some(longest) = chain::longest_limited(state.marble_layouts(), state.long(), max_moves)
    else {
        return Err(CliError(format!(
            "cannot do that: the position has more than {max_moves} distinct moves (raise --max-moves; memory grows with it)"
        )));
    };
    // Each move is written as its least chain; the list is in reading order of those chains.
    let mut chains: Vec<Vec<Hole>> = longest
        .moves
        .iter()
        .filter_map(|&m| state.chain_of(m))
        .collect();
    chains.sort();
    let sorted: Vec<String> = chains.iter().map(|c| write_holes(c)).collect();
    let seconds = started.elapsed().as_secs_f64();
    let first = sorted.first().and_then(|m| state.parse_move(m).ok());
    args.svg.write(&state, first)?;
    if args.json {
        return print_json(&json!({
            "position": state.notation(),
            "length": longest.length,
            "move": sorted.first(),
            "moves_reaching": longest.moves.len(),
            "total_moves": longest.total_moves,
            "all": if args.all { json!(sorted) } else { json!(null) },
            "seconds": seconds,
        }));
    }
    print_longest(&longest, &sorted, args.all);
    eprintln!("searched in {:.3} ms", seconds * 1e3);
    Ok(())
}

/// `--table-mb`'s default: a 64 MB transposition table and the old endgame table's 128 MB.
const TABLE_MB: u64 = 192;

/// `--max-moves`' default: about 500 MB of distinct moves.
const MAX_MOVES: u64 = 5_000_000;

/// The text form of the longest chain: its length, a move reaching it (the first of `sorted`,
/// the moves' least chains in reading order) and how many do, and with `all` every one.
fn print_longest(longest: &chain::Longest, sorted: &[String], all: bool) {
    if longest.length == 0 {
        println!("no jump: the longest chain is 0 captures");
        return;
    }
    println!(
        "longest chain: {}",
        explain::counted(longest.length as u64, "capture", "captures")
    );
    println!("move: {}", sorted[0]);
    println!(
        "moves reaching it: {} (of {})",
        longest.moves.len(),
        explain::counted(longest.total_moves, "move", "moves")
    );
    if all {
        for n in sorted {
            println!("  {n}");
        }
    }
}

fn solitaire_report(args: &ChainArgs, state: &Checkers) -> Result<(), CliError> {
    if args.all {
        return Err(CliError(
            "bad option: --all applies to the longest chain, not --solitaire".into(),
        ));
    }
    let mb = check_table_mb("--table-mb", args.table_mb.unwrap_or(TABLE_MB) as usize)?;
    let limits = solitaire::Limits::within(mb << 20, args.time.map(Duration::from_millis));
    let bar = show_progress(args.json).then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("style"));
        bar
    });
    let outcome = solitaire::solve(state.marbles(), state.long(), limits, |p| {
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "{} positions, best {} captures, at most {}",
                p.nodes, p.best, p.upper_bound
            ));
            bar.tick();
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    // The picture shows the line's first move.
    let first = outcome.moves.first().and_then(|m| state.parse_move(m).ok());
    args.svg.write(state, first)?;
    let seconds = outcome.elapsed.as_secs_f64();
    if args.json {
        return print_json(&json!({
            "position": state.notation(),
            "marbles": outcome.marbles,
            "captures": outcome.captures,
            "proved": outcome.proved,
            "upper_bound": outcome.upper_bound,
            "moves": outcome.moves,
            "nodes": outcome.nodes,
            "seconds": seconds,
            "stopped_by": outcome.stopped_by,
            "endgame_marbles": outcome.endgame_marbles,
        }));
    }
    print_solitaire(&outcome);
    Ok(())
}

/// The text form of a solitaire search: proved or not, the line, and on stderr its cost.
fn print_solitaire(outcome: &solitaire::Outcome) {
    let seconds = outcome.elapsed.as_secs_f64();
    if outcome.proved {
        println!(
            "proved: at most {} of the {} marbles can be captured alone, and this line does it ({} left)",
            outcome.captures,
            outcome.marbles,
            outcome.marbles - outcome.captures
        );
    } else {
        println!(
            "NOT PROVED: {} stopped the search; best found {} captures (a lower bound), upper bound {}",
            outcome.stopped_by.as_deref().unwrap_or("a limit"),
            outcome.captures,
            outcome.upper_bound
        );
    }
    println!(
        "moves ({}): {}",
        outcome.moves.len(),
        outcome.moves.join(" ")
    );
    eprintln!(
        "{} in {seconds:.2} s; endgame table complete up to {}",
        explain::counted(outcome.nodes, "position", "positions"),
        explain::counted(outcome.endgame_marbles as u64, "marble", "marbles")
    );
}
