//! `tabula amidakuji ...`: commands that only Amidakuji has (the one-player puzzle).

use std::time::Instant;

use clap::{Args, Subcommand};
use serde_json::json;
use tabula::games::amidakuji::board::Dims;
use tabula::games::amidakuji::notation::{parse_layout, write_layout};
use tabula::games::amidakuji::solo::{random_layout, replay, solve, SoloLimits, SoloRules};
use tabula::resources::check_seconds;
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
    /// Board size for the random layout (COLUMNSxROWS).
    #[arg(long, default_value = "6x8")]
    pub size: String,
    /// Seed of the random layout.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most search nodes.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
    /// Most seconds of search.
    #[arg(long, default_value_t = 20.0)]
    pub time: f64,
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

fn solo(args: SoloArgs) -> Result<(), CliError> {
    let ladder = match &args.position {
        Some(text) => parse_layout(text)?,
        None => random_layout(Dims::parse(&args.size).map_err(Error::option)?, args.seed),
    };
    let time = check_seconds("--time", args.time)?;
    if time.is_zero() {
        return Err(CliError(
            "bad option: --time must be a positive number of seconds".into(),
        ));
    }
    let limits = SoloLimits {
        nodes: args.nodes,
        time: Some(time),
    };
    if show_progress(args.json) {
        eprintln!(
            "searching (at most {} nodes, {} s)...",
            args.nodes, args.time
        );
    }
    let started = Instant::now();
    let rules = SoloRules {
        same_bridge_twice: args.same_bridge_twice,
    };
    let result = solve(&ladder, rules, limits);
    let seconds = started.elapsed().as_secs_f64();
    // The sequence is replayed on its own as a check of the answer.
    replay(&ladder, rules, &result.runs)
        .map_err(|e| CliError(format!("internal error: the solver's sequence fails: {e}")))?;
    let layout = write_layout(&ladder);
    if args.json {
        let runs: Vec<_> = result
            .runs
            .iter()
            .map(|r| {
                let relocs: Vec<String> = r
                    .relocations
                    .iter()
                    .map(|(a, b)| format!("{a}>{b}"))
                    .collect();
                json!({"relocations": relocs, "from": r.from.to_string(), "to": r.to.to_string()})
            })
            .collect();
        return print_json(&json!({
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
        }));
    }
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
        if r.relocations.is_empty() {
            println!("run {:>2}: {} -> {}", i + 1, r.from, r.to);
        } else {
            let relocs: Vec<String> = r
                .relocations
                .iter()
                .map(|(a, b)| format!("{a}>{b}"))
                .collect();
            println!(
                "run {:>2}: relocate {}; {} -> {}",
                i + 1,
                relocs.join(", "),
                r.from,
                r.to
            );
        }
    }
    println!("nodes {} in {:.2}s", result.nodes, seconds);
    Ok(())
}
