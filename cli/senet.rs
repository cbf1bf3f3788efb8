//! `tabula senet ...`: commands only Senet has. `tabula senet solve` runs the exact endgame
//! solver and prints the win probability with best play, per throw at a chance node; `tabula
//! senet train` learns an evaluation's weights (the network's or the weighted sum's) by self-play
//! and writes them as Rust source.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use serde_json::json;
use tabula::analysis::senet::net_training::{net_source, train_net, DEFAULT_NET_ALPHA};
use tabula::analysis::senet::training::{train, weights_source, TrainConfig};
use tabula::files::{check_new, write_atomically};
use tabula::games::senet::endgame::{solve, Limits, Solution};
use tabula::games::senet::Senet;
use tabula::resources::{check_millis, check_seconds};
use tabula::{Game, GameOptions};

use crate::common::{game_over, print_json, show_progress, CliError, LineArgs};

/// Arguments of `tabula senet`.
#[derive(Args, Debug)]
pub struct SenetArgs {
    #[command(subcommand)]
    pub command: SenetCommand,
}

/// The Senet subcommands.
#[derive(Subcommand, Debug)]
pub enum SenetCommand {
    /// Solve an endgame exactly: the chance that the side to move wins with best play by both
    /// sides (few pieces only; it says when the position is too big).
    Solve(SolveArgs),
    /// Learn an evaluation by self-play (TD(lambda)) and write its weights as Rust source: the
    /// network's engine/games/senet/net_weights.rs or the weighted sum's weights.rs; the same
    /// seed and settings give the same file.
    Train(TrainArgs),
}

/// Arguments of `tabula senet train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The seed of every throw.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Self-play games.
    #[arg(long, default_value_t = 200_000, value_name = "N")]
    pub games: u64,
    /// What to train: the network (`net`) or the weighted sum (`sum`).
    #[arg(long, default_value = "net", value_name = "MODEL", value_parser = ["net", "sum"])]
    pub model: String,
    /// The learning rate at the start (it falls to a tenth by the end); 0.1 for the network and
    /// 0.01 for the sum unless given.
    #[arg(long, value_name = "A")]
    pub alpha: Option<f32>,
    /// The decay of the eligibility traces, 0 to 1.
    #[arg(long, default_value_t = 0.7, value_name = "L")]
    pub lambda: f32,
    /// Write the weights to this file (Rust source; a new file, see --force).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `tabula senet solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position, e.g. "...........................LDD D -" (with or without a throw).
    pub position: String,
    #[command(flatten)]
    pub line: LineArgs,
    /// Most reachable positions to table (about 100 bytes each).
    #[arg(long, default_value_t = 2_000_000, value_name = "N")]
    pub max_states: usize,
    /// Give up after this many milliseconds, as every command's --time (default 60 000).
    #[arg(long, value_name = "MS", conflicts_with = "seconds")]
    pub time: Option<u64>,
    /// The time limit in seconds (the older form of --time).
    #[arg(long, value_name = "S", hide = true)]
    pub seconds: Option<f64>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Runs a Senet subcommand.
pub fn senet(args: SenetArgs) -> Result<(), CliError> {
    match args.command {
        SenetCommand::Solve(a) => solve_command(a),
        SenetCommand::Train(a) => train_command(a),
    }
}

/// `tabula senet train`: learns the evaluation's weights by self-play and writes them as Rust
/// source, headed by the command that gives them again.
fn train_command(args: TrainArgs) -> Result<(), CliError> {
    let net = args.model == "net";
    let config = train_config(&args, net)?;
    if !args.force || args.out.is_dir() {
        check_new(&args.out, "use --force to replace it")?;
    }
    // Before the training, not after it: a typo in the directory would throw the work away.
    tabula::files::check_writable(&args.out)?;
    let progress = show_progress(false);
    let started = Instant::now();
    let mut tell = |games: u64| {
        if progress && games.is_multiple_of(10_000) {
            eprintln!("{games} games");
        }
    };
    let command = format!(
        "tabula senet train --model {} --seed {} --games {} --alpha {} --lambda {} --out {}{}",
        args.model,
        args.seed,
        args.games,
        config.alpha,
        args.lambda,
        args.out.display(),
        if args.force { " --force" } else { "" }
    );
    let source = if net {
        let net = train_net(&config, &mut tell);
        println!(
            "trained the network on {} games in {:.1} s",
            args.games,
            started.elapsed().as_secs_f64()
        );
        net_source(&net, &command)
    } else {
        let trained = train(&config, &mut tell);
        println!(
            "trained on {} games ({} updates, {} games ended in the endgame table) in {:.1} s",
            trained.games,
            trained.updates,
            trained.table_endings,
            started.elapsed().as_secs_f64()
        );
        weights_source(&trained.weights, &command)
    };
    write_atomically(&args.out, |f| f.write_all(source.as_bytes()))?;
    println!("weights written to {}", args.out.display());
    Ok(())
}

/// The training settings `args` give (for the network when `net`), each checked.
fn train_config(args: &TrainArgs, net: bool) -> Result<TrainConfig, CliError> {
    let alpha = args.alpha.unwrap_or(if net {
        DEFAULT_NET_ALPHA
    } else {
        TrainConfig::default().alpha
    });
    if !(alpha.is_finite() && alpha > 0.0 && alpha <= 1.0) {
        return Err(CliError(format!(
            "bad option: --alpha {alpha}: give a learning rate above 0 and at most 1"
        )));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(CliError(format!(
            "bad option: --lambda {}: give a value from 0 to 1",
            args.lambda
        )));
    }
    if args.games == 0 || args.games > 100_000_000 {
        return Err(CliError(format!(
            "bad option: --games {}: give 1 to 100000000 games",
            args.games
        )));
    }
    Ok(TrainConfig {
        seed: args.seed,
        games: args.games,
        alpha,
        lambda: args.lambda,
    })
}

fn solve_command(args: SolveArgs) -> Result<(), CliError> {
    let state = args
        .line
        .apply(Senet::from_notation(&args.position, &GameOptions::new())?)?;
    if state.winner().is_some() {
        return Err(game_over(&state));
    }
    if args.time == Some(0) {
        return Err(CliError(
            "bad option: --time 0 solves nothing: give a positive number".into(),
        ));
    }
    if args.max_states == 0 {
        return Err(CliError(
            "bad option: --max-states 0 tables nothing: give a positive number".into(),
        ));
    }
    let limits = Limits {
        max_states: args.max_states,
        max_seconds: match (args.time, args.seconds) {
            (Some(ms), _) => check_millis("--time", ms)?.as_secs_f64(),
            (None, Some(seconds)) => check_seconds("--seconds", seconds)?.as_secs_f64(),
            (None, None) => 60.0,
        },
        ..Limits::default()
    };
    if show_progress(args.json) {
        eprintln!(
            "solving (up to {} positions, {} s)...",
            limits.max_states, limits.max_seconds
        );
    }
    let solution =
        solve(&state, &limits).map_err(|e| CliError(format!("cannot solve exactly: {e}")))?;
    if args.json {
        print_json(&to_json(&state, &solution))
    } else {
        print_text(&state, &solution);
        Ok(())
    }
}

fn to_json(state: &Senet, s: &Solution) -> serde_json::Value {
    let throws: Vec<_> = s
        .throws
        .iter()
        .map(|t| {
            let moves: Vec<_> = t
                .moves
                .iter()
                .map(|&(m, w)| json!({"move": state.move_notation(m), "win": w}))
                .collect();
            json!({
                "throw": t.value,
                "probability": t.probability.value(),
                "exact": t.probability.to_string(),
                "win": t.win,
                "best": t.best().map(|m| state.move_notation(m)),
                "moves": moves,
            })
        })
        .collect();
    json!({
        "game": Senet::NAME,
        "position": state.notation(),
        "to_move": state.seat_name(state.to_move()),
        "win": s.win,
        "throws": throws,
        "states": s.states,
        "sweeps": s.sweeps,
        "seconds": s.seconds,
    })
}

fn print_text(state: &Senet, s: &Solution) {
    let me = state.seat_name(state.to_move());
    match state.throw() {
        Some(v) => {
            println!(
                "{me} to move a throw of {v} wins with probability {:.10}",
                s.win
            );
            for (m, w) in &s.throws[0].moves {
                println!("  {:<4} {w:.10}", state.move_notation(*m));
            }
        }
        None => {
            println!("{me} to throw wins with probability {:.10}", s.win);
            println!("  throw chance  win           best");
            for t in &s.throws {
                let best = t
                    .best()
                    .map_or("none: loses".to_string(), |m| state.move_notation(m));
                println!(
                    "  {:<5} {:<7} {:.10}  {best}",
                    t.value,
                    t.probability.to_string(),
                    t.win
                );
            }
        }
    }
    eprintln!(
        "exact with best play by both sides: {} positions, {} sweeps, {:.3} s",
        s.states, s.sweeps, s.seconds
    );
}
