//! `tabula amidakuji ...`: commands that only Amidakuji has (the one-player puzzle).

use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use serde_json::json;
use tabula::games::amidakuji::board::Dims;
use tabula::games::amidakuji::bridges::Ladder;
use tabula::games::amidakuji::notation::{parse_layout, write_layout};
use tabula::games::amidakuji::solo::{
    random_layout, replay, solve, Run, SoloLimits, SoloResult, SoloRules,
};
use tabula::resources::MAX_SECONDS;
use tabula::Error;

use crate::common::{print_json, show_progress, CliError};

/// Arguments of `tabula amidakuji`.
#[derive(Args, Debug)]
pub struct AmidakujiArgs {
    #[command(subcommand)]
    pub command: AmidakujiCommand,
}

/// The Amidakuji commands.
#[derive(Subcommand, Debug)]
pub enum AmidakujiCommand {
    /// Solve the one-player puzzle: the best score from a bridge layout, with one sequence.
    Solo(SoloArgs),
}

/// Arguments of `tabula amidakuji solo`.
#[derive(Args, Debug)]
pub struct SoloArgs {
    /// A position, or just its size and bridges (`"6x8 rna2b3,bla4b6"`); default: a random
    /// layout of all 18 bridges from --seed.
    pub position: Option<String>,
    /// Board size for the random layout (COLUMNSxROWS); not with a position, which has its own.
    #[arg(long, default_value = "6x8", conflicts_with = "position")]
    pub size: String,
    /// Seed of the random layout; not with a position.
    #[arg(long, default_value_t = 1, conflicts_with = "position")]
    pub seed: u64,
    /// Most search nodes.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
    /// Most milliseconds of search (milliseconds, as every command's --time).
    #[arg(long, value_name = "MS", default_value_t = 20_000)]
    pub time: u64,
    /// Let both relocations before a run move the same bridge (the rules move two different
    /// bridges; this is the looser reading of "2 relocations").
    #[arg(long, conflicts_with = "distinct")]
    pub same_bridge_twice: bool,
    /// Two different bridges (the default now; kept so older scripts still run).
    #[arg(long, hide = true)]
    pub distinct: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: AmidakujiArgs) -> Result<(), CliError> {
    match args.command {
        AmidakujiCommand::Solo(a) => solo(a),
    }
}

/// Solves the puzzle from the given or random layout within the limits and prints the best
/// sequence found.
fn solo(args: SoloArgs) -> Result<(), CliError> {
    let ladder = solo_ladder(&args)?;
    let limits = solo_limits(&args)?;
    let rules = SoloRules {
        same_bridge_twice: args.same_bridge_twice,
    };
    let (result, seconds) = search(&ladder, rules, limits, &args)?;
    let layout = write_layout(&ladder);
    if args.json {
        return print_solo_json(&layout, rules, &result, seconds);
    }
    print_solo_text(&layout, &result, seconds);
    Ok(())
}

/// The layout to solve: the one given, or a random one of `--size` from `--seed`.
fn solo_ladder(args: &SoloArgs) -> Result<Ladder, CliError> {
    Ok(match &args.position {
        Some(text) => parse_layout(text)?,
        None => random_layout(Dims::parse(&args.size).map_err(Error::option)?, args.seed),
    })
}

/// The search limits from `--nodes` (a positive number) and `--time` (a positive number of
/// milliseconds, at most the longest duration any option takes).
fn solo_limits(args: &SoloArgs) -> Result<SoloLimits, CliError> {
    let most = (MAX_SECONDS * 1000.0) as u64;
    if !(1..=most).contains(&args.time) {
        return Err(CliError(format!(
            "bad option: --time must be 1 to {most} milliseconds (got {})",
            args.time
        )));
    }
    if args.nodes == 0 {
        return Err(CliError(
            "bad option: --nodes 0 searches nothing: give a positive number".into(),
        ));
    }
    let time = Duration::from_millis(args.time);
    Ok(SoloLimits {
        nodes: args.nodes,
        time: Some(time),
    })
}

/// Runs the solver, timing it, and replays its sequence on its own as a check of the answer.
fn search(
    ladder: &Ladder,
    rules: SoloRules,
    limits: SoloLimits,
    args: &SoloArgs,
) -> Result<(SoloResult, f64), CliError> {
    if show_progress(args.json) {
        eprintln!(
            "searching (at most {} nodes, {} ms)...",
            args.nodes, args.time
        );
    }
    let started = Instant::now();
    let result = solve(ladder, rules, limits);
    let seconds = started.elapsed().as_secs_f64();
    replay(ladder, rules, &result.runs)
        .map_err(|e| CliError(format!("internal error: the solver's sequence fails: {e}")))?;
    Ok((result, seconds))
}

/// A run's relocations as `from>to` words.
fn relocation_words(r: &Run) -> Vec<String> {
    r.relocations
        .iter()
        .map(|(a, b)| format!("{a}>{b}"))
        .collect()
}

/// Prints the answer as one JSON object.
fn print_solo_json(
    layout: &str,
    rules: SoloRules,
    result: &SoloResult,
    seconds: f64,
) -> Result<(), CliError> {
    let runs: Vec<_> = result
        .runs
        .iter()
        .map(|r| {
            json!({"relocations": relocation_words(r), "from": r.from.to_string(), "to": r.to.to_string()})
        })
        .collect();
    print_json(&json!({
        "layout": layout,
        "distinct": !rules.same_bridge_twice,
        "same_bridge_twice": rules.same_bridge_twice,
        "score": result.score,
        "max": result.max,
        "exact": result.exact,
        "stopped_by": result.stopped_by,
        "start": result.runs.first().map(|r| r.from.to_string()),
        "runs": runs,
        "nodes": result.nodes,
        "seconds": seconds,
    }))
}

/// Prints the answer for people: the layout, the score and whether it is proven, then the runs.
fn print_solo_text(layout: &str, result: &SoloResult, seconds: f64) {
    println!("layout: {layout}");
    let verdict = if result.exact {
        "proven best".to_string()
    } else {
        format!(
            "lower bound: the {} stopped the search",
            result.stopped_by.unwrap_or("limit")
        )
    };
    println!(
        "score: {} of at most {} ({verdict})",
        result.score, result.max
    );
    if let Some(first) = result.runs.first() {
        println!("start at {}", first.from);
    }
    for (i, r) in result.runs.iter().enumerate() {
        print_run(i + 1, r);
    }
    println!("nodes {} in {:.2}s", result.nodes, seconds);
}

/// Prints run number `n`: its relocations, if any, and the ends it joins.
fn print_run(n: usize, r: &Run) {
    if r.relocations.is_empty() {
        println!("run {:>2}: {} -> {}", n, r.from, r.to);
    } else {
        println!(
            "run {:>2}: relocate {}; {} -> {}",
            n,
            relocation_words(r).join(", "),
            r.from,
            r.to
        );
    }
}
