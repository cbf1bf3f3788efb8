//! `tabula senet ...`: commands only Senet has. `tabula senet solve` runs the exact endgame
//! solver and prints the win probability with best play, per throw at a chance node.

use clap::{Args, Subcommand};
use serde_json::json;
use tabula::games::senet::endgame::{solve, Limits, Solution};
use tabula::games::senet::Senet;
use tabula::resources::check_seconds;
use tabula::{Game, GameOptions};

use crate::common::{print_json, show_progress, CliError, LineArgs};

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
    /// Time limit in seconds.
    #[arg(long, default_value_t = 60.0, value_name = "S")]
    pub seconds: f64,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Runs a Senet subcommand.
pub fn senet(args: SenetArgs) -> Result<(), CliError> {
    match args.command {
        SenetCommand::Solve(a) => solve_command(a),
    }
}

fn solve_command(args: SolveArgs) -> Result<(), CliError> {
    let state = args
        .line
        .apply(Senet::from_notation(&args.position, &GameOptions::new())?)?;
    let limits = Limits {
        max_states: args.max_states,
        max_seconds: check_seconds("--seconds", args.seconds)?.as_secs_f64(),
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
                "probability": t.probability.to_string(),
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
    if let Some(w) = state.winner() {
        println!("the game is over: {} has won", state.seat_name(w));
        return;
    }
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
