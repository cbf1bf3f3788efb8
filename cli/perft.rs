//! `tabula perft`: leaf counts of the move tree, with `--divide` and `--threads`.

use std::time::Instant;

use clap::Args;
use serde_json::json;
use tabula::resources::check_threads;
use tabula::{perft as engine_perft, with_game, Game};

use crate::common::{print_json, CliError, GameArgs};

/// Arguments of `tabula perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Plies to count.
    #[arg(long, short)]
    pub depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with (rayon over the first two plies).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// How the last ply is counted: `bulk` counts its moves (move generation), `leaves` makes
    /// every one (generation and making); compare other engines' figures method for method
    #[arg(long, value_enum, default_value_t = MethodArg::Bulk)]
    pub method: MethodArg,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `--method`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodArg {
    /// Count the last ply's moves without making them.
    Bulk,
    /// Make every leaf move.
    Leaves,
}

pub fn perft(args: PerftArgs) -> Result<(), CliError> {
    let method = match args.method {
        MethodArg::Bulk => engine_perft::Method::Bulk,
        MethodArg::Leaves => engine_perft::Method::Leaves,
    };
    check_threads("--threads", args.threads)?;
    engine_perft::check_depth(args.depth)?;
    let kind = args.game.kind()?;
    with_game!(kind, G => {
        let state: G = args.game.load()?;
        let started = Instant::now();
        let (total, split) = if args.divide {
            let split = engine_perft::divide_by(&state, args.depth, args.threads, method);
            // No move split out (depth 0, or a finished game): the root itself is the leaf.
            let total = match split.is_empty() {
                true => engine_perft::perft_by(&state, args.depth, method),
                false => split.iter().map(|(_, n)| n).sum::<u64>(),
            };
            (total, split)
        } else {
            (engine_perft::perft_parallel_by(&state, args.depth, args.threads, method), Vec::new())
        };
        let seconds = started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 { total as f64 / seconds } else { 0.0 };
        if args.json {
            let divide: Vec<_> = split.iter().map(|(m, n)| json!({"move": m, "leaves": n})).collect();
            print_json(&json!({
                "game": G::NAME, "position": state.notation(), "depth": args.depth,
                "threads": args.threads, "method": method.name(), "leaves": total, "seconds": seconds,
                "leaves_per_second": rate, "divide": divide,
            }))
        } else {
            for (m, n) in &split {
                println!("{m}: {n}");
            }
            println!("perft({}) = {total}", args.depth);
            eprintln!(
                "{seconds:.3} s, {:.1} M leaves/s on {} thread(s), {} counting",
                rate / 1e6,
                args.threads,
                method.name()
            );
            Ok(())
        }
    })
}
