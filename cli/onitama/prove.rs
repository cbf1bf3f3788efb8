//! `tabula onitama prove`: prove a position's value by search with tablebase leaves.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde_json::json;
use tabula::analysis::onitama::prove::Prover;
use tabula::games::onitama::Onitama;
use tabula::{Game, GameOptions};

use super::{load_table, value_json};
use crate::common::{print_json, CliError};

/// Arguments of `tabula onitama prove`.
#[derive(Args, Debug)]
pub struct ProveArgs {
    /// The position in Onitama notation (quote it); default: the start of the deal `--cards`.
    pub position: Option<String>,
    /// The deal whose start to prove: Red's two, Blue's two, then the side card.
    #[arg(long, value_name = "C1,C2,C3,C4,C5")]
    pub cards: Option<String>,
    /// A tablebase file for the position's five cards (its positions end the search exactly).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Stop after this many milliseconds (default 10000).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Deepen to at most this many plies.
    #[arg(long, short, default_value_t = 200)]
    pub depth: u32,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Proves the position (or deal start) within the limits and prints what was proven.
pub fn prove(args: ProveArgs) -> Result<(), CliError> {
    let state = match (&args.position, &args.cards) {
        (Some(_), Some(_)) => {
            return Err(CliError(
                "bad option: give a position or --cards, not both".into(),
            ))
        }
        (Some(text), None) => Onitama::from_notation(text, &GameOptions::new())?,
        (None, Some(cards)) => Onitama::start(&GameOptions::new().with("cards", cards))?,
        (None, None) => Onitama::start(&GameOptions::new())?,
    };
    let tb = match &args.table {
        Some(path) => Some(load_table(path)?),
        None => None,
    };
    if let Some(t) = &tb {
        if t.cards().distribution(&state).is_none() {
            return Err(CliError(format!(
                "bad request: the tablebase is for {}; the position uses other cards",
                t.cards().names()
            )));
        }
    }
    let budget = Duration::from_millis(args.time.unwrap_or(10_000));
    let mut prover = Prover::new(tb.as_ref(), Some(budget));
    let proof = prover.prove(&state, args.depth);
    let best = proof.best.map(|m| state.move_notation(m));
    if args.json {
        print_json(&json!({
            "position": state.notation(),
            "value": proof.value.map(value_json),
            "best": best,
            "no_result_within": proof.no_result_within,
            "nodes": proof.nodes, "table_hits": proof.table_hits,
            "seconds": proof.elapsed.as_secs_f64(),
        }))?;
    } else {
        match proof.value {
            Some(v) => println!("proven: {v} for the side to move"),
            None => println!(
                "not proven: neither side forces a win within {} plies",
                proof.no_result_within
            ),
        }
        if let Some(b) = best {
            println!("best move: {b}");
        }
        println!(
            "{} nodes, {} table hits, {:.2} s",
            proof.nodes,
            proof.table_hits,
            proof.elapsed.as_secs_f64()
        );
    }
    Ok(())
}
