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
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub fn perft(args: PerftArgs) -> Result<(), CliError> {
    check_threads("--threads", args.threads)?;
    engine_perft::check_depth(args.depth)?;
    let kind = args.game.kind()?;
    with_game!(kind, G => {
        let state: G = args.game.load()?;
        let started = Instant::now();
        let (total, split) = if args.divide {
            let split = engine_perft::divide(&state, args.depth, args.threads);
            (split.iter().map(|(_, n)| n).sum::<u64>(), split)
        } else {
            (engine_perft::perft_parallel(&state, args.depth, args.threads), Vec::new())
        };
        let seconds = started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 { total as f64 / seconds } else { 0.0 };
        if args.json {
            let divide: Vec<_> = split.iter().map(|(m, n)| json!({"move": m, "leaves": n})).collect();
            print_json(&json!({
                "game": G::NAME, "position": state.notation(), "depth": args.depth,
                "threads": args.threads, "leaves": total, "seconds": seconds,
                "leaves_per_second": rate, "divide": divide,
            }))
        } else {
            for (m, n) in &split {
                println!("{m}: {n}");
            }
            println!("perft({}) = {total}", args.depth);
            eprintln!("{seconds:.3} s, {:.1} M leaves/s on {} thread(s)", rate / 1e6, args.threads);
            Ok(())
        }
    })
}
