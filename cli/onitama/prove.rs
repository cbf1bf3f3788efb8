//! `tabula onitama prove`: prove a position's value by search with tablebase leaves, by df-pn
//! (the default) or by iterative deepening.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use tabula::analysis::onitama::bitbase::Bitbase;
use tabula::analysis::onitama::dfpn::{self, Answer, Distance, Report, Verdict};
use tabula::analysis::onitama::proof::ProofStats;
use tabula::analysis::onitama::prove::{Proof, Prover};
use tabula::analysis::onitama::tablebase::Tablebase;
use tabula::games::onitama::Onitama;
use tabula::resources::check_table_mb;
use tabula::{Game, GameOptions};

use super::{load_table, value_json};
use crate::common::{move_line, print_json, show_progress, CliError, LineArgs};

/// Arguments of `tabula onitama prove`.
#[derive(Args, Debug)]
pub struct ProveArgs {
    /// The position in Onitama notation (quote it); default: the start of the deal `--cards`.
    pub position: Option<String>,
    #[command(flatten)]
    pub line: LineArgs,
    /// The deal whose start to prove: Red's two, Blue's two, then the side card.
    #[arg(long, value_name = "C1,C2,C3,C4,C5")]
    pub cards: Option<String>,
    /// A tablebase or bitbase file for the position's five cards (its positions end the search
    /// exactly).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Stop after this many milliseconds (default 10000; with `--nodes` and dfpn, none).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Deepen to at most this many plies (deepening).
    #[arg(long, short, default_value_t = 200)]
    pub depth: u32,
    /// The search: `dfpn` (depth-first proof numbers, both sides' wins) or `deepening`.
    #[arg(long, value_enum, default_value_t = Method::Dfpn)]
    pub method: Method,
    /// Stop after this many nodes (dfpn).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in megabytes (dfpn).
    #[arg(long, value_name = "MB", default_value_t = 256)]
    pub hash: usize,
    /// Resume df-pn from the table saved in FILE if it exists, and save it there as the search
    /// goes (every few million nodes and at the end): a long proof survives being stopped. The
    /// saved run's nodes count towards --nodes.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// How `tabula onitama prove` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Depth-first proof-number search: whether either side forces a win, with no depth bound.
    Dfpn,
    /// Iterative deepening: the shortest forced win or loss, depth by depth.
    Deepening,
}

/// Proves the position (or deal start) within the limits and prints what was proven.
pub fn prove(args: ProveArgs) -> Result<(), CliError> {
    let state = start_state(&args)?;
    let bits = match bitbase_leaves(&args, &state)? {
        ControlFlow::Break(()) => return Ok(()),
        ControlFlow::Continue(bits) => bits,
    };
    let tb = tablebase_leaves(&args, &state)?;
    check_search_options(&args)?;
    if args.method == Method::Dfpn {
        return prove_dfpn(&state, tb.as_ref(), bits.as_ref(), &args);
    }
    prove_deepening(&state, tb.as_ref(), &args)
}

/// The position to prove: the one given or the start of the deal (only one of the two may be
/// given), after the moves of `--moves`.
fn start_state(args: &ProveArgs) -> Result<Onitama, CliError> {
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
    Ok(args.line.apply(state)?)
}

/// With a bitbase as `--table`: answers from it when it holds the position (`Break`: nothing
/// is left to do), or else gives it to df-pn as leaves if it is for the position's cards.
fn bitbase_leaves(
    args: &ProveArgs,
    state: &Onitama,
) -> Result<ControlFlow<(), Option<Bitbase>>, CliError> {
    let Some(path) = args.table.as_ref().filter(|p| super::is_bitbase(p)) else {
        return Ok(ControlFlow::Continue(None));
    };
    if args.method == Method::Deepening {
        if super::answer_from_bitbase(path, state, args.json, super::bitbase::Asked::Probe)? {
            return Ok(ControlFlow::Break(()));
        }
        return Ok(ControlFlow::Continue(None));
    }
    let bb = super::bitbase::open(path)?;
    if bb.probe(state).is_some() {
        super::bitbase::probe(&bb, state, args.json, super::bitbase::Asked::Probe)?;
        return Ok(ControlFlow::Break(()));
    }
    if bb.cards().distribution(state).is_none() {
        return Err(CliError(format!(
            "bad request: the bitbase is for {}; the position uses other cards",
            bb.cards().names()
        )));
    }
    Ok(ControlFlow::Continue(Some(bb)))
}

/// The distance tablebase given as `--table` (not a bitbase), checked to be for the
/// position's cards.
fn tablebase_leaves(args: &ProveArgs, state: &Onitama) -> Result<Option<Tablebase>, CliError> {
    let table = args.table.as_ref().filter(|p| !super::is_bitbase(p));
    let tb = match table {
        Some(path) => Some(load_table(path)?),
        None => None,
    };
    if let Some(t) = &tb {
        if t.cards().distribution(state).is_none() {
            return Err(CliError(format!(
                "bad request: the tablebase is for {}; the position uses other cards",
                t.cards().names()
            )));
        }
    }
    Ok(tb)
}

/// Checks `--hash`, and that `--checkpoint` comes only with df-pn.
fn check_search_options(args: &ProveArgs) -> Result<(), CliError> {
    check_table_mb("--hash", args.hash)?;
    if args.checkpoint.is_some() && args.method != Method::Dfpn {
        return Err(CliError(
            "bad option: --checkpoint goes with --method dfpn".into(),
        ));
    }
    Ok(())
}

/// Proves by iterative deepening within `--time` and `--depth` and prints the proof.
fn prove_deepening(
    state: &Onitama,
    tb: Option<&Tablebase>,
    args: &ProveArgs,
) -> Result<(), CliError> {
    let budget = Duration::from_millis(args.time.unwrap_or(10_000));
    let mut prover = Prover::new(tb, Some(budget));
    let proof = prover.prove(state, args.depth);
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
        print_deepening_text(&proof, best);
    }
    Ok(())
}

/// Prints a deepening proof for people: the value or the depth searched, the best move and
/// the counts.
fn print_deepening_text(proof: &Proof, best: Option<String>) {
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

/// The answer to "does this side force a win?" as a word.
pub fn answer_name(a: Answer) -> &'static str {
    match a {
        Answer::Proven => "proven",
        Answer::Refuted => "refuted",
        Answer::NoWinFound => "no win found",
        Answer::Unknown => "unknown",
    }
}

/// The df-pn verdict as the prover's value JSON (`win_in`, `loss_in`, `"draw"` or null) and
/// whether its distance is exact.
pub fn verdict_json(v: Verdict) -> (Value, bool) {
    let distance = |d: Distance| match d {
        Distance::Exactly(n) => (Some(n), true),
        Distance::AtMost(n) => (Some(n), false),
        Distance::Unmeasured => (None, false),
    };
    match v {
        Verdict::Win(d) => {
            let (n, exact) = distance(d);
            (json!({ "win_in": n }), exact)
        }
        Verdict::Loss(d) => {
            let (n, exact) = distance(d);
            (json!({ "loss_in": n }), exact)
        }
        Verdict::Draw => (json!("draw"), true),
        Verdict::Unknown => (Value::Null, false),
    }
}

/// Proves by df-pn within the limits (resuming from and saving to `--checkpoint` if given)
/// and prints the report.
fn prove_dfpn(
    state: &Onitama,
    tb: Option<&Tablebase>,
    bits: Option<&Bitbase>,
    args: &ProveArgs,
) -> Result<(), CliError> {
    let limits = dfpn_limits(args);
    let spinner = spinner(args.json);
    let tell = |nodes: u64, entries: usize| {
        spinner.set_message(format!("df-pn: {nodes} nodes, {entries} table entries"));
        spinner.tick();
    };
    let r = match &args.checkpoint {
        Some(path) => dfpn::solve_checkpointed(state, tb, bits, limits, Some(&tell), path)?,
        None => dfpn::solve_with(state, tb, bits, limits, Some(&tell)),
    };
    spinner.finish_and_clear();
    let line = move_line(state, &r.line);
    let best = r.best.map(|m| state.move_notation(m));
    if args.json {
        return print_dfpn_json(state, &r, &line, best);
    }
    print_dfpn_text(&r, &line, best);
    Ok(())
}

/// The df-pn limits: `--nodes`, `--hash`, and `--time` (10 s by default, none when only
/// `--nodes` is given).
fn dfpn_limits(args: &ProveArgs) -> dfpn::Limits {
    dfpn::Limits {
        nodes: args.nodes,
        time: match (args.time, args.nodes) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_secs(10)),
        },
        hash_mb: args.hash,
    }
}

/// A progress spinner on the terminal, or a hidden one when progress is not shown.
fn spinner(json: bool) -> indicatif::ProgressBar {
    if show_progress(json) {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("df-pn: starting");
        bar
    } else {
        indicatif::ProgressBar::hidden()
    }
}

/// Prints the df-pn report as one JSON object.
fn print_dfpn_json(
    state: &Onitama,
    r: &Report,
    line: &[String],
    best: Option<String>,
) -> Result<(), CliError> {
    let seconds = r.elapsed.as_secs_f64();
    let (value, exact) = verdict_json(r.verdict);
    print_json(&json!({
        "method": "dfpn", "position": state.notation(), "value": value, "exact": exact,
        "best": best, "line": line,
        "side_to_move_wins": answer_name(r.wins).replace(' ', "_"),
        "side_to_move_loses": answer_name(r.loses).replace(' ', "_"), "nodes": r.nodes,
        "resumed_nodes": r.resumed_nodes,
        "distance_nodes": r.distance_nodes, "table_hits": r.table_hits,
        "entries": r.entries, "seconds": seconds,
        "proof": r.proof.as_ref().map(|p| match p {
            Ok(s) => json!({"replayed": true, "positions": s.positions, "moves": s.moves,
                            "table_leaves": s.table_leaves, "plies": s.plies}),
            Err(why) => json!({"replayed": false, "error": why}),
        }),
    }))
}

/// Prints the df-pn report for people: the verdict, both questions' answers, the best move and
/// line, the proof's replay and the counts.
fn print_dfpn_text(r: &Report, line: &[String], best: Option<String>) {
    match r.verdict {
        Verdict::Unknown => println!("not proven within the limits"),
        v => println!("proven: {v} for the side to move"),
    }
    println!(
        "side to move forces a win: {}; opponent forces a win: {}",
        answer_name(r.wins),
        answer_name(r.loses)
    );
    if let Some(b) = best {
        println!("best move: {b}");
    }
    if !line.is_empty() {
        println!("line: {}", line.join(" "));
    }
    print_replay(r.proof.as_ref());
    print_dfpn_counts(r);
}

/// Prints whether the proof replayed against the rules, when there is a proof.
fn print_replay(proof: Option<&Result<ProofStats, String>>) {
    match proof {
        Some(Ok(s)) => println!(
            "proof replayed against the rules: {} positions, {} moves of the winner, {} table leaves, longest line {} plies",
            s.positions, s.moves, s.table_leaves, s.plies
        ),
        Some(Err(why)) => println!("proof does not replay: {why}"),
        None => {}
    }
}

/// Prints the search's counts, time and speed (of this run: a checkpoint's nodes are not in
/// the rate).
fn print_dfpn_counts(r: &Report) {
    let seconds = r.elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        (r.nodes - r.resumed_nodes + r.distance_nodes) as f64 / seconds
    } else {
        0.0
    };
    println!(
        "{} nodes (+{} measuring the distance), {} table hits, {} entries, {seconds:.2} s, {rate:.0} nodes/s",
        r.nodes, r.distance_nodes, r.table_hits, r.entries
    );
}
