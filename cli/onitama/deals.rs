//! `tabula onitama deals`: the survey of every distinct deal, one JSON line per deal, resumable,
//! with a summary.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use serde_json::{json, Value};
use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::deals::{
    all_deals, classes, deal_name, deals_of, parse_deal_name, summarise, survey, DealClass,
    DealResult, Tally,
};
use tabula::analysis::onitama::symmetry::deal_key;
use tabula::files::check_new;
use tabula::game::EVAL_LIMIT;
use tabula::games::onitama::{Card, Color, Deal, Onitama, DEFAULT_PLY_LIMIT};
use tabula::resources::{check_memory, check_table_mb, check_threads};
use tabula::search::{Limits, Score};

use super::{bar, results};
use crate::common::{move_line, print_json, score_json, show_progress, CliError};

/// Arguments of `tabula onitama deals`.
#[derive(Args, Debug)]
pub struct DealsArgs {
    /// Search each deal to this depth (default 6 when no time is given).
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Search each deal for this many milliseconds.
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Deals searched at once (one thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table per thread, in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,
    /// Write one JSON line per deal to this file (a new file; see --resume and --force).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace an existing --out file instead of refusing it.
    #[arg(long)]
    pub force: bool,
    /// Continue a survey: skip the deals already in FILE and append the rest to it.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Survey only the deals of these five cards (30 deals; each one's mirror partner, dealt
    /// the mirrored cards, is reported with it).
    #[arg(long, value_name = "C1,C2,C3,C4,C5")]
    pub cards: Option<String>,
    /// Survey only the first N classes of deals.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// How many deals to list per colour in the summary.
    #[arg(long, default_value_t = 5)]
    pub top: usize,
    /// Machine-readable output (the summary as one JSON line; deal lines go to --out).
    #[arg(long)]
    pub json: bool,
    /// Prove each deal's start by df-pn instead of searching it: its value (first player wins,
    /// second player wins, draw or unknown), a proof replayed against the rules, its size.
    #[arg(long)]
    pub prove: bool,
    /// With --prove: df-pn nodes per deal (default 1000000 when no --prove-time is given).
    #[arg(long, value_name = "N")]
    pub prove_nodes: Option<u64>,
    /// With --prove: milliseconds per deal (wall clock; the node budget is reproducible).
    #[arg(long, value_name = "MS")]
    pub prove_time: Option<u64>,
    /// With --prove: only this slice of the deal classes, I of N (class i goes to slice
    /// i mod N), for runs on several machines.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// With --prove: a bitbase or tablebase file of the --cards set whose positions end the
    /// proofs' lines (`onitama verify` then needs it too).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// With --prove: the deals listed in FILE (one `red=A,B blue=C,D side=E` a line, or JSON
    /// lines with a `deal` field) instead of every deal.
    #[arg(long, value_name = "FILE")]
    pub list: Option<PathBuf>,
}

/// The results file of a survey or a proving run: `--resume`'s (appended to) or `--out`'s; both
/// must then name the same file.
pub(super) fn results_path(args: &DealsArgs) -> Result<Option<PathBuf>, CliError> {
    match (&args.out, &args.resume) {
        (Some(o), Some(r)) if o != r => Err(CliError(
            "bad option: --resume appends to its own file; give --out the same file or leave it out"
                .into(),
        )),
        (o, r) => Ok(r.clone().or_else(|| o.clone())),
    }
}

/// One deal's line.
fn line(r: &DealResult) -> Value {
    let start = Onitama::from_deal(&r.deal, DEFAULT_PLY_LIMIT);
    let pv = move_line(&start, &r.pv);
    let mut red = r.deal.red;
    red.sort();
    let mut blue = r.deal.blue;
    blue.sort();
    json!({
        "deal": deal_name(&r.deal),
        "red": red.map(Card::name), "blue": blue.map(Card::name), "side": r.deal.side.name(),
        "to_move": r.to_move.name(),
        "score": score_json(r.score), "score_raw": r.score.0, "text": r.score.to_string(),
        "best": pv.first(), "pv": pv, "depth": r.depth, "nodes": r.nodes,
        "mirror_of": r.mirror_of.map(|d| deal_name(&d)),
    })
}

/// Reads the results of an earlier run (enough for skipping and for the summary), and the
/// length of its whole lines: a last line cut short by a killed run is dropped (see
/// [`results::whole_lines`]).
fn read_done(path: &std::path::Path) -> Result<(Vec<DealResult>, u64), CliError> {
    if path.is_dir() {
        return Err(CliError(format!(
            "bad file: '{}' is a directory, not a deal survey file",
            path.display()
        )));
    }
    if !path.exists() {
        return Ok((Vec::new(), 0));
    }
    let (text, whole) = results::whole_lines(path, "searched again")?;
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut last_start = 0;
    for (n, start, text) in results::numbered_lines(&text) {
        if text.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| {
            CliError(format!(
                "bad file: {} line {}: {what}",
                path.display(),
                n + 1
            ))
        };
        let v: Value = serde_json::from_str(text).map_err(|_| bad("not a JSON line"))?;
        let card = |x: &Value| {
            x.as_str()
                .and_then(Card::from_name)
                .ok_or_else(|| bad("a card is missing or unknown"))
        };
        let pair = |k: &str| -> Result<[Card; 2], CliError> {
            let a = v[k].as_array().ok_or_else(|| bad("a hand is missing"))?;
            if a.len() != 2 {
                return Err(bad("a hand needs two cards"));
            }
            Ok([card(&a[0])?, card(&a[1])?])
        };
        let deal = Deal::from_cards({
            let [r0, r1] = pair("red")?;
            let [b0, b1] = pair("blue")?;
            [r0, r1, b0, b1, card(&v["side"])?]
        })
        .ok_or_else(|| bad("the five cards are not distinct"))?;
        let score = v["score_raw"]
            .as_i64()
            .and_then(|s| i32::try_from(s).ok())
            .filter(|s| s.abs() <= tabula::search::score::WIN)
            .ok_or_else(|| bad("score_raw is missing or not a search score"))?;
        if !seen.insert(deal_key(&deal)) {
            return Err(bad("this deal is already on an earlier line"));
        }
        last_start = start;
        out.push(DealResult {
            deal,
            to_move: deal.side.stamp(),
            score: Score(score),
            pv: Vec::new(),
            depth: v["depth"].as_u64().unwrap_or(0) as u32,
            nodes: v["nodes"].as_u64().unwrap_or(0),
            mirror_of: v["mirror_of"].as_str().and_then(parse_deal_name),
        });
    }
    let class_of = |r: &DealResult| (r.deal, r.mirror_of.is_some());
    let whole = results::complete_classes(path, &mut out, class_of, last_start, whole);
    Ok((out, whole))
}

/// Runs the survey (`deals` without `--prove`): searches the classes not yet done, writes their
/// lines, prints the summary.
pub fn deals(args: DealsArgs) -> Result<(), CliError> {
    check_options(&args)?;
    let limits = survey_limits(&args)?;
    let out_path = results_path(&args)?;
    let deals = match &args.cards {
        Some(text) => deals_of(CardSet::parse(text)?),
        None => all_deals(),
    };
    let every = classes(&deals);
    let mut todo = every.clone();
    if let Some(n) = args.limit {
        todo.truncate(n);
    }
    let (previous, whole) = match &args.resume {
        Some(p) => read_done(p)?,
        None => (Vec::new(), 0),
    };
    if let Some(p) = &args.resume {
        check_same_survey(p, &previous, &deals, &every, limits)?;
    }
    let done: std::collections::HashSet<String> =
        previous.iter().map(|r| deal_name(&r.deal)).collect();
    todo.retain(|c| !done.contains(&deal_name(&c.deal)));
    if let (Some(p), None) = (&out_path, &args.resume) {
        if !args.force || p.is_dir() {
            check_new(p, "use --resume to continue it, or --force to replace it")?;
        }
    }
    let writer = out_path
        .as_deref()
        .map(|p| results::open(p, args.resume.is_some(), whole))
        .transpose()?;
    let (all, seconds) = run_survey(&todo, limits, &args, writer, previous)?;
    report(&args, todo.len(), &all, seconds)
}

/// Refuses to resume a survey whose earlier lines were made with other settings: a depth-limited
/// line not searched to this run's depth (a proven one may stop short of it), or a deal outside
/// this run's cards (nor a partner of one; `every` is the classes of `deals`). Mixed, the summary
/// would average unlike results.
fn check_same_survey(
    path: &std::path::Path,
    previous: &[DealResult],
    deals: &[Deal],
    every: &[DealClass],
    limits: Limits,
) -> Result<(), CliError> {
    let refuse = |r: &DealResult, why: String| {
        CliError(format!(
            "bad option: --resume {}: deal {} {why}; resume with the settings that made the \
             file, or start a new one",
            path.display(),
            deal_name(&r.deal)
        ))
    };
    if let (Some(depth), None) = (limits.depth, limits.time) {
        let unlike = previous.iter().find(|r| {
            let proven = tabula::search::score::is_proven(r.score.0);
            r.depth != depth && !(proven && r.depth < depth)
        });
        if let Some(r) = unlike {
            let why = format!("was searched to depth {}, this run to {depth}", r.depth);
            return Err(refuse(r, why));
        }
    }
    let mut ours: std::collections::HashSet<[usize; 5]> = deals.iter().map(deal_key).collect();
    for c in every {
        ours.insert(deal_key(&c.deal));
        if let Some((p, _)) = c.partner {
            ours.insert(deal_key(&p));
        }
    }
    if let Some(r) = previous.iter().find(|r| !ours.contains(&deal_key(&r.deal))) {
        return Err(refuse(r, "is not among this run's deals (--cards)".into()));
    }
    Ok(())
}

/// Searches the classes `todo`, writing each result's line to `writer` as it comes and adding it
/// to `previous`: every result, and the seconds the searches took.
fn run_survey(
    todo: &[DealClass],
    limits: Limits,
    args: &DealsArgs,
    writer: Option<File>,
    previous: Vec<DealResult>,
) -> Result<(Vec<DealResult>, f64), CliError> {
    let progress = bar(todo.len() as u64, show_progress(args.json));
    let state = Mutex::new((writer, previous, None::<std::io::Error>));
    let started = Instant::now();
    survey(todo, limits, args.threads, args.hash, &|results| {
        let mut guard = state.lock().expect("no thread panicked");
        let (writer, all, error) = &mut *guard;
        // A class's lines (its deal's and its partner's) in one write: a killed run leaves
        // whole classes and at most one unfinished last line, which --resume drops.
        if let Some(w) = writer.as_mut() {
            let lines: String = results.iter().map(|r| format!("{}\n", line(r))).collect();
            if let Err(e) = w.write_all(lines.as_bytes()) {
                error.get_or_insert(e);
            }
        }
        for r in results {
            all.push(r.clone());
        }
        progress.inc(1);
    });
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let (_, all, error) = state.into_inner().expect("no thread panicked");
    if let Some(e) = error {
        return Err(CliError(format!("i/o error: {e}")));
    }
    Ok((all, seconds))
}

/// The threads, and their tables in memory: one table per thread, and all of them must fit.
pub(super) fn check_resources(args: &DealsArgs) -> Result<(), CliError> {
    check_threads("--threads", args.threads)?;
    check_table_mb("--hash", args.hash)?;
    check_memory(
        &format!("--hash {} on {} threads", args.hash, args.threads),
        (args.hash * args.threads) as u64 * 1024 * 1024,
    )?;
    Ok(())
}

/// The checks that need no search: threads, tables that fit memory, options that go together.
fn check_options(args: &DealsArgs) -> Result<(), CliError> {
    check_resources(args)?;
    if !args.prove
        && (args.prove_nodes.is_some()
            || args.prove_time.is_some()
            || args.shard.is_some()
            || args.table.is_some()
            || args.list.is_some())
    {
        return Err(CliError(
            "bad option: --prove-nodes, --prove-time, --shard, --table and --list go with --prove"
                .into(),
        ));
    }
    Ok(())
}

/// The search limits of one deal class: `--depth` or `--time` (depth 6 when neither is given).
fn survey_limits(args: &DealsArgs) -> Result<Limits, CliError> {
    if args.depth == Some(0) || args.time == Some(0) {
        return Err(CliError(
            "bad option: --depth and --time must be at least 1".into(),
        ));
    }
    Ok(match (args.depth, args.time) {
        (Some(_), Some(_)) => {
            return Err(CliError(
                "bad option: give --depth or --time, not both".into(),
            ))
        }
        (Some(d), None) => Limits::depth(d),
        (None, Some(t)) => Limits::time_ms(t),
        (None, None) => Limits::depth(6),
    })
}

/// Prints the survey's summary of `all` (text, or JSON with `--json`); `searched` classes were
/// searched in this run, in `seconds`.
/// A side's tally in JSON: its average where nothing was proven, and its forced results.
fn tally_json(t: &Tally) -> Value {
    json!({"average": t.average, "deals": t.deals, "forced_wins": t.won, "forced_losses": t.lost})
}

fn report(
    args: &DealsArgs,
    searched: usize,
    all: &[DealResult],
    seconds: f64,
) -> Result<(), CliError> {
    let nodes: u64 = all.iter().map(|r| r.nodes).sum();
    let summary = summarise(all, args.top);
    let per_minute = if seconds > 0.0 {
        searched as f64 * 60.0 / seconds
    } else {
        0.0
    };
    if args.json {
        let listing = |v: &[(i32, Deal)]| -> Vec<Value> {
            v.iter()
                .map(|(s, d)| json!({"deal": deal_name(d), "value": s}))
                .collect()
        };
        print_json(&json!({
            "searched": searched, "deals": all.len(), "seconds": seconds,
            "classes_per_minute": per_minute, "nodes": nodes,
            "first_mover": tally_json(&summary.first_mover),
            "best_for_red": listing(&summary.best_for_red),
            "best_for_blue": listing(&summary.best_for_blue),
            "card_worth": summary.card_worth.iter()
                .map(|w| json!({"card": w.card.name(), "worth": tally_json(&w.tally)}))
                .collect::<Vec<_>>(),
        }))?;
        return Ok(());
    }
    println!(
        "searched {} deal classes ({} deals reported) in {:.1} s, {:.0} classes/min, {} nodes",
        searched,
        all.len(),
        seconds,
        per_minute,
        nodes
    );
    if all.is_empty() {
        return Ok(());
    }
    let first = &summary.first_mover;
    println!(
        "side moving first: forced wins {}, forced losses {}; average value elsewhere {:+.1}",
        first.won, first.lost, first.average
    );
    for (colour, list) in [
        (Color::Red, &summary.best_for_red),
        (Color::Blue, &summary.best_for_blue),
    ] {
        println!(
            "most one-sided for {} (its value; 'won' is a forced win):",
            colour.name()
        );
        for (v, d) in list {
            let value = if *v >= EVAL_LIMIT {
                "won".to_string()
            } else {
                format!("{v:+}")
            };
            println!("  {value:>6}  {}", deal_name(d));
        }
    }
    println!(
        "card worth (average value for the colour holding it at the start, forced wins and \
         losses counted apart):"
    );
    let mut worth = summary.card_worth.clone();
    worth.sort_by(|a, b| b.tally.average.total_cmp(&a.tally.average));
    for w in worth.iter().filter(|w| w.tally.deals > 0) {
        let t = &w.tally;
        println!(
            "  {:<9} {:+8.1}  ({} deals; forced wins {}, losses {})",
            w.card.name(),
            t.average,
            t.deals,
            t.won,
            t.lost
        );
    }
    Ok(())
}
