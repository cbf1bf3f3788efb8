//! `tabula bigbang ...`: Big Bang's own analysis commands. `penalty` solves the loser's penalty
//! (the fewest moves to finish all remaining counters, moving alone).

use clap::{Args, Subcommand};
use serde_json::json;
use tabula::games::bigbang::penalty::{self, Penalty};
use tabula::games::bigbang::{BigBang, DARK, LIGHT};
use tabula::Game;

use crate::common::{print_json, CliError, LineArgs, OptionArgs};

/// Arguments of `tabula bigbang`.
#[derive(Args, Debug)]
pub struct BigBangArgs {
    #[command(subcommand)]
    pub command: BigBangCommand,
}

/// The Big Bang commands.
#[derive(Subcommand, Debug)]
pub enum BigBangCommand {
    /// The loser's penalty: the fewest moves to finish all his remaining counters, moving alone
    /// with every other counter fixed (exact by A*, or an upper bound when the node limit stops it).
    Penalty(PenaltyArgs),
}

/// Arguments of `tabula bigbang penalty`.
#[derive(Args, Debug)]
pub struct PenaltyArgs {
    /// A position in play (quote it). When one colour has won, the other is the loser.
    pub position: String,
    #[command(flatten)]
    pub line: LineArgs,
    /// The colour to solve for (light or dark); default the loser, or both if nobody has won.
    #[arg(long)]
    pub colour: Option<String>,
    /// Search nodes to store before giving an upper bound instead of the exact answer.
    #[arg(long, default_value_t = penalty::DEFAULT_NODES)]
    pub nodes: usize,
    #[command(flatten)]
    pub options: OptionArgs,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub fn bigbang(args: BigBangArgs) -> Result<(), CliError> {
    match args.command {
        BigBangCommand::Penalty(a) => penalty_command(a),
    }
}

fn colour_name(colour: usize) -> &'static str {
    if colour == LIGHT {
        "light"
    } else {
        "dark"
    }
}

fn penalty_command(args: PenaltyArgs) -> Result<(), CliError> {
    let options = args.options.to_options()?;
    let state = args
        .line
        .apply(BigBang::from_notation(&args.position, &options)?)?;
    if args.nodes == 0 {
        return Err(CliError("bad option: --nodes must be at least 1".into()));
    }
    let colours: Vec<usize> = match args.colour.as_deref() {
        Some("light" | "l") => vec![LIGHT],
        Some("dark" | "d") => vec![DARK],
        Some(other) => {
            return Err(CliError(format!(
                "bad option: --colour '{other}' (light or dark)"
            )))
        }
        None => match state.winner() {
            Some(w) => vec![1 - w],
            None => vec![LIGHT, DARK],
        },
    };
    let mut results = Vec::new();
    for colour in colours {
        results.push(penalty::solve(&state, colour, args.nodes)?);
    }
    if args.json {
        let list: Vec<_> = results.iter().map(|r| result_json(&state, r)).collect();
        return print_json(&json!({
            "game": "bigbang",
            "position": state.notation(),
            "penalties": list,
        }));
    }
    for r in &results {
        println!("{}", describe(&state, r, args.nodes));
    }
    Ok(())
}

fn result_json(state: &BigBang, r: &Penalty) -> serde_json::Value {
    let line: Vec<String> = r.line.iter().map(|&m| state.move_notation(m)).collect();
    json!({
        "colour": colour_name(r.colour),
        "seat": state.seat_of(r.colour),
        "counters": r.counters,
        "moves": r.moves,
        "exact": r.exact,
        "bound": if r.exact { "exact" } else { "upper" },
        "lower_bound": r.lower_bound,
        "line": line,
        "nodes": r.nodes,
    })
}

fn describe(state: &BigBang, r: &Penalty, limit: usize) -> String {
    let who = format!(
        "{} (placer {}), {} counter{} to finish",
        colour_name(r.colour),
        state.seat_of(r.colour) + 1,
        r.counters,
        if r.counters == 1 { "" } else { "s" }
    );
    let verdict = match (r.moves, r.exact) {
        (Some(m), true) => format!("penalty {m} (exact)"),
        (Some(m), false) => format!(
            "penalty at most {m} (upper bound; at least {} proven; node limit {limit} reached)",
            r.lower_bound
        ),
        (None, true) => "no penalty: these counters can never all finish (proven)".to_string(),
        (None, false) => format!(
            "penalty unknown: at least {} (node limit {limit} reached, no solution found)",
            r.lower_bound
        ),
    };
    let line: Vec<String> = r.line.iter().map(|&m| state.move_notation(m)).collect();
    if line.is_empty() {
        format!("{who}: {verdict}")
    } else {
        format!("{who}: {verdict}\n  line: {}", line.join(" "))
    }
}
