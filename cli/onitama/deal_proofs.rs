//! `tabula onitama deals --prove`: the start of each deal proven by df-pn within a budget, one
//! JSON line per deal (value, checked proof, size, time), resumable and sharded; and
//! `tabula onitama verify FILE`, which replays every proof of such a file against the rules.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use serde_json::{json, Value};
use tabula::analysis::explain;
use tabula::analysis::onitama::bitbase::Bitbase;
use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::deal_proofs::{prove_classes, DealProof, DealValue, ProveLimits};
use tabula::analysis::onitama::deals::{
    all_deals, classes, deal_name, deals_of, parse_deal_name, DealClass,
};
use tabula::analysis::onitama::proof::{self, Table};
use tabula::analysis::onitama::tablebase::Tablebase;
use tabula::arena::Shard;
use tabula::files::check_new;
use tabula::games::onitama::{Card, Deal, Onitama, DEFAULT_PLY_LIMIT};
use tabula::resources::check_seconds;

use super::deals::DealsArgs;
use super::{bar, results};
use crate::common::{print_json, show_progress, CliError};

/// The most moves a proof kept in a results file may have.
const MAX_PROOF: usize = 200_000;

/// One line of a results file, as read back.
#[derive(Clone, Debug)]
struct Done {
    deal: Deal,
    value: DealValue,
    exact_plies: Option<u32>,
    plies: Option<u32>,
    positions: Option<u64>,
    proof: Option<String>,
    nodes: u64,
    seconds: f64,
    mirror_of: Option<Deal>,
}

impl Done {
    fn of(r: &DealProof) -> Done {
        Done {
            deal: r.deal,
            value: r.value,
            exact_plies: r.exact_plies,
            plies: r.stats.map(|s| s.plies),
            positions: r.stats.map(|s| s.positions),
            proof: r.proof.clone(),
            nodes: r.nodes + r.distance_nodes,
            seconds: r.elapsed.as_secs_f64(),
            mirror_of: r.mirror_of,
        }
    }
}

/// One deal's line.
fn line(r: &DealProof) -> Value {
    let mut red = r.deal.red;
    red.sort();
    let mut blue = r.deal.blue;
    blue.sort();
    json!({
        "deal": deal_name(&r.deal),
        "red": red.map(Card::name), "blue": blue.map(Card::name), "side": r.deal.side.name(),
        "first": r.first.name(), "value": r.value.name(), "winner": r.winner().map(|c| c.name()),
        "exact_plies": r.exact_plies, "plies": r.stats.map(|s| s.plies),
        "proof_positions": r.stats.map(|s| s.positions), "proof_moves": r.stats.map(|s| s.moves),
        "table_leaves": r.stats.map(|s| s.table_leaves),
        "proof": r.proof, "verified": r.stats.is_some(), "note": r.note,
        "nodes": r.nodes, "distance_nodes": r.distance_nodes, "seconds": r.elapsed.as_secs_f64(),
        "mirror_of": r.mirror_of.map(|d| deal_name(&d)),
    })
}

/// The largest `--list` file read (a line per deal, 131,040 deals at most).
const LIST_LIMIT: u64 = 16 << 20;

/// Reads the lines of an earlier run. Only lines ending in a newline count: a last line without
/// one was cut short by a killed run and is dropped. Returns the lines and the length of the
/// file's whole lines (the file is cut back to it before appending).
fn read_done(path: &Path) -> Result<(Vec<Done>, u64), CliError> {
    if path.is_dir() {
        return Err(CliError(format!(
            "bad file: '{}' is a directory, not a deal proof file",
            path.display()
        )));
    }
    if !path.exists() {
        return Ok((Vec::new(), 0));
    }
    let (text, whole) = results::whole_lines(path, "proven again")?;
    let mut out: Vec<Done> = Vec::new();
    let mut seen = HashSet::new();
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
        let deal = v["deal"]
            .as_str()
            .and_then(parse_deal_name)
            .ok_or_else(|| bad("no deal (red=A,B blue=C,D side=E)"))?;
        let value = v["value"]
            .as_str()
            .and_then(DealValue::parse)
            .ok_or_else(|| bad("value is not first, second, draw or unknown"))?;
        if !seen.insert(deal_name(&deal)) {
            return Err(bad("this deal is already on an earlier line"));
        }
        let proof = v["proof"].as_str().map(str::to_string);
        if matches!(value, DealValue::FirstWins | DealValue::SecondWins)
            && proof.is_none()
            && v["mirror_of"].is_null()
        {
            return Err(bad("a win without its proof"));
        }
        let u32_of = |k: &str| v[k].as_u64().and_then(|x| u32::try_from(x).ok());
        last_start = start;
        out.push(Done {
            deal,
            value,
            exact_plies: u32_of("exact_plies"),
            plies: u32_of("plies"),
            positions: v["proof_positions"].as_u64(),
            proof,
            nodes: v["nodes"].as_u64().unwrap_or(0) + v["distance_nodes"].as_u64().unwrap_or(0),
            seconds: v["seconds"].as_f64().unwrap_or(0.0),
            mirror_of: v["mirror_of"].as_str().and_then(parse_deal_name),
        });
    }
    let class_of = |r: &Done| (r.deal, r.mirror_of.is_some());
    let whole = results::complete_classes(path, &mut out, class_of, last_start, whole);
    Ok((out, whole))
}

/// Reads a list of deals to prove: one deal a line as `red=A,B blue=C,D side=E`, or JSON lines
/// with such a `deal` field (a deal survey's or a proof run's file).
fn read_list(path: &Path) -> Result<Vec<Deal>, CliError> {
    let text = String::from_utf8(results::read_capped(path, LIST_LIMIT)?)
        .map_err(|_| CliError(format!("bad file: {}: not UTF-8 text", path.display())))?;
    let mut out = Vec::new();
    for (n, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let name = match serde_json::from_str::<Value>(l) {
            Ok(v) => v["deal"].as_str().map(str::to_string),
            Err(_) => Some(l.to_string()),
        };
        let deal = name.as_deref().and_then(parse_deal_name).ok_or_else(|| {
            CliError(format!(
                "bad file: {} line {}: not a deal (red=A,B blue=C,D side=E)",
                path.display(),
                n + 1
            ))
        })?;
        out.push(deal);
    }
    Ok(out)
}

/// The budget of one deal from the options.
fn limits(args: &DealsArgs) -> Result<ProveLimits, CliError> {
    if args.depth.is_some() || args.time.is_some() {
        return Err(CliError(
            "bad option: --prove takes --prove-nodes and --prove-time, not --depth or --time"
                .into(),
        ));
    }
    if args.prove_nodes == Some(0) {
        return Err(CliError(
            "bad option: --prove-nodes must be at least 1".into(),
        ));
    }
    let time = match args.prove_time {
        Some(0) => {
            return Err(CliError(
                "bad option: --prove-time must be at least 1".into(),
            ))
        }
        Some(ms) => Some(check_seconds("--prove-time", ms as f64 / 1000.0)?),
        None => None,
    };
    let nodes = match (args.prove_nodes, time) {
        (None, None) => Some(1_000_000),
        (n, _) => n,
    };
    Ok(ProveLimits {
        nodes,
        time,
        hash_mb: args.hash,
        max_proof: MAX_PROOF,
    })
}

/// The classes this run is for: the deals of `--cards`, of `--list` or all of them, the first
/// `--limit` classes, this `--shard`'s share (class `i` goes to shard `i mod N`).
fn selection(args: &DealsArgs, deals: Vec<Deal>) -> Result<Vec<DealClass>, CliError> {
    let deals = match &args.list {
        Some(p) => read_list(p)?,
        None => deals,
    };
    let mut todo = classes(&deals);
    if let Some(n) = args.limit {
        todo.truncate(n);
    }
    if let Some(s) = &args.shard {
        let shard = Shard::parse(s)?;
        todo = todo
            .into_iter()
            .enumerate()
            .filter(|(i, _)| shard.holds(*i as u64))
            .map(|(_, c)| c)
            .collect();
    }
    Ok(todo)
}

/// Runs `deals --prove` over the `--cards` set's deals, or every deal.
pub fn run(args: &DealsArgs) -> Result<(), CliError> {
    super::deals::check_resources(args)?;
    let deals = match (&args.cards, &args.list) {
        (Some(_), Some(_)) => {
            return Err(CliError(
                "bad option: give --cards or --list, not both".into(),
            ))
        }
        (Some(text), None) => deals_of(CardSet::parse(text)?),
        (None, _) => all_deals(),
    };
    let limits = limits(args)?;
    let out_path = super::deals::results_path(args)?;
    let tables = match &args.table {
        Some(p) => Some(open_table(p)?),
        None => None,
    };
    let table = tables.as_ref().map(Tables::table);
    let mut todo = selection(args, deals)?;
    if let Some(t) = &tables {
        todo = todo
            .into_iter()
            .map(|c| t.fit(c))
            .collect::<Result<_, _>>()?;
    }
    let (previous, whole) = match &args.resume {
        Some(p) => read_done(p)?,
        None => (Vec::new(), 0),
    };
    let done: HashSet<String> = previous.iter().map(|r| deal_name(&r.deal)).collect();
    todo.retain(|c| !done.contains(&deal_name(&c.deal)));
    if let (Some(p), None) = (&out_path, &args.resume) {
        if !args.force || p.is_dir() {
            check_new(p, "use --resume to continue it, or --force to replace it")?;
        }
    }
    let writer = match &out_path {
        Some(p) => Some(results::open(p, args.resume.is_some(), whole)?),
        None => None,
    };
    let progress = bar(todo.len() as u64, show_progress(args.json));
    let state = Mutex::new((writer, Vec::<Done>::new(), None::<std::io::Error>));
    let started = Instant::now();
    prove_classes(&todo, table, limits, args.threads, &|results| {
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
            all.push(Done::of(r));
        }
        progress.inc(1);
    });
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let (_, new, error) = state.into_inner().expect("no thread panicked");
    if let Some(e) = error {
        return Err(CliError(format!("i/o error: {e}")));
    }
    report(args.json, todo.len(), &new, &previous, seconds)
}

/// A table file opened for proofs' leaves.
enum Tables {
    Distance(Tablebase),
    Bits(Box<Bitbase>),
}

impl Tables {
    fn table(&self) -> Table<'_> {
        match self {
            Tables::Distance(t) => Table::Distance(t),
            Tables::Bits(b) => Table::Bits(b),
        }
    }

    fn names(&self) -> String {
        match self {
            Tables::Distance(t) => t.cards().names(),
            Tables::Bits(b) => b.cards().names(),
        }
    }

    fn holds(&self, deal: &Deal) -> bool {
        let start = Onitama::from_deal(deal, DEFAULT_PLY_LIMIT);
        match self {
            Tables::Distance(t) => t.cards().distribution(&start).is_some(),
            Tables::Bits(b) => b.cards().distribution(&start).is_some(),
        }
    }

    /// The class with a deal of the table's cards searched (the partner may be of the mirror
    /// set); refused if neither deal is.
    fn fit(&self, c: DealClass) -> Result<DealClass, CliError> {
        if self.holds(&c.deal) {
            return Ok(c);
        }
        match c.partner {
            Some((p, map)) if self.holds(&p) => Ok(DealClass {
                deal: p,
                partner: Some((c.deal, map)),
            }),
            _ => Err(CliError(format!(
                "bad request: the table is for {}; the deal {} uses other cards",
                self.names(),
                deal_name(&c.deal)
            ))),
        }
    }
}

/// Opens a bitbase or distance table file (told apart by its header).
fn open_table(path: &Path) -> Result<Tables, CliError> {
    if super::is_bitbase(path) {
        Ok(Tables::Bits(Box::new(super::bitbase::open(path)?)))
    } else {
        Ok(Tables::Distance(super::load_table(path)?))
    }
}

/// Counts by value and by distance over results.
fn counts(results: &[&Done]) -> Value {
    let count = |v: DealValue| results.iter().filter(|r| r.value == v).count();
    let won: Vec<&&Done> = results
        .iter()
        .filter(|r| matches!(r.value, DealValue::FirstWins | DealValue::SecondWins))
        .collect();
    let within5 = won
        .iter()
        .filter(|r| r.exact_plies.is_some_and(|n| n <= 5))
        .count();
    json!({
        "deals": results.len(),
        "first": count(DealValue::FirstWins), "second": count(DealValue::SecondWins),
        "draw": count(DealValue::Draw), "unknown": count(DealValue::Unknown),
        "won_within_5": within5,
        "won_beyond_5": won.iter().filter(|r| r.exact_plies.is_some_and(|n| n > 5)).count(),
        "won_unmeasured": won.len() - within5
            - won.iter().filter(|r| r.exact_plies.is_some_and(|n| n > 5)).count(),
    })
}

/// Prints what this run proved and the totals with the earlier runs' lines.
fn report(
    json: bool,
    searched: usize,
    new: &[Done],
    previous: &[Done],
    seconds: f64,
) -> Result<(), CliError> {
    let this: Vec<&Done> = new.iter().collect();
    let all: Vec<&Done> = previous.iter().chain(new).collect();
    let nodes: u64 = new.iter().map(|r| r.nodes).sum();
    let (c, t) = (counts(&this), counts(&all));
    if json {
        return print_json(&json!({
            "searched": searched, "seconds": seconds, "nodes": nodes,
            "this_run": c, "all": t,
        }));
    }
    println!(
        "proved {searched} deal classes ({} deals reported) in {seconds:.1} s, {nodes} nodes",
        new.len()
    );
    for (name, v) in [("this run", &c), ("with the file's earlier lines", &t)] {
        if name != "this run" && previous.is_empty() {
            break;
        }
        println!(
            "{name}: {} deals: first player wins {}, second player wins {}, draw {}, unknown {}",
            v["deals"], v["first"], v["second"], v["draw"], v["unknown"]
        );
        println!(
            "  wins in at most 5 plies {}, in more than 5 plies {}, distance not measured {}",
            v["won_within_5"], v["won_beyond_5"], v["won_unmeasured"]
        );
    }
    if new.len() <= 60 {
        for r in new {
            println!("  {}", row(r));
        }
    }
    Ok(())
}

/// One deal as a line of text.
fn row(r: &Done) -> String {
    let value = match r.value {
        DealValue::FirstWins => "first player wins",
        DealValue::SecondWins => "second player wins",
        DealValue::Draw => "draw",
        DealValue::Unknown => "unknown",
    };
    let mut text = format!("{:<44} {value}", deal_name(&r.deal));
    match (r.exact_plies, r.plies) {
        (Some(n), _) => text.push_str(&format!(" in {}", explain::plies(n))),
        (None, Some(n)) => text.push_str(&format!(" in at most {}", explain::plies(n))),
        _ => {}
    }
    if let Some(p) = r.positions {
        text.push_str(&format!(", proof {p} positions"));
    }
    match r.mirror_of {
        Some(d) => text.push_str(&format!(" (image of {})", deal_name(&d))),
        None => text.push_str(&format!(", {} nodes, {:.2} s", r.nodes, r.seconds)),
    }
    text
}

/// Arguments of `tabula onitama verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// A results file of `tabula onitama deals --prove`.
    pub file: PathBuf,
    /// The table file the proofs were made with (`deals --prove --table`), if any.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// Replays every proof of a results file against the rules; a mirror image line must name a
/// representative line of the file with the same value.
pub fn verify(args: VerifyArgs) -> Result<(), CliError> {
    if !args.file.exists() {
        return Err(CliError(format!(
            "bad file: {}: no such file",
            args.file.display()
        )));
    }
    let (lines, _) = read_done(&args.file)?;
    let tables = match &args.table {
        Some(p) => Some(open_table(p)?),
        None => None,
    };
    let table = tables.as_ref().map(Tables::table);
    let by_name: HashMap<String, &Done> = lines.iter().map(|d| (deal_name(&d.deal), d)).collect();
    let started = Instant::now();
    let (mut replayed, mut images, mut positions) = (0u64, 0u64, 0u64);
    for d in &lines {
        let name = deal_name(&d.deal);
        let fail = |why: String| CliError(format!("the proof of {name} does not hold: {why}"));
        let first = d.deal.side.stamp();
        let winner = match d.value {
            DealValue::FirstWins => first,
            DealValue::SecondWins => !first,
            _ => continue,
        };
        match (&d.proof, d.mirror_of) {
            (Some(text), _) => {
                let root = Onitama::from_deal(&d.deal, DEFAULT_PLY_LIMIT);
                let stats = proof::check(&root, winner, table, text).map_err(fail)?;
                if d.plies.is_some_and(|p| p != stats.plies)
                    || d.positions.is_some_and(|p| p != stats.positions)
                {
                    return Err(fail("its size or depth differs from the line's".into()));
                }
                replayed += 1;
                positions += stats.positions;
            }
            (None, Some(rep)) => {
                let same = by_name
                    .get(&deal_name(&rep))
                    .is_some_and(|r| r.value == d.value && r.proof.is_some());
                if !same {
                    return Err(fail(format!(
                        "its representative {} is not a proven line of the file with this value",
                        deal_name(&rep)
                    )));
                }
                images += 1;
            }
            (None, None) => return Err(fail("no proof".into())),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return print_json(&json!({
            "lines": lines.len(), "replayed": replayed, "images": images,
            "positions": positions, "seconds": seconds,
        }));
    }
    println!(
        "{} lines: {replayed} proofs replayed ({positions} positions), {images} mirror images of proven lines, all hold ({:.1} s)",
        lines.len(),
        seconds
    );
    Ok(())
}
