//! `tabula solve onitama`: df-pn with tablebase leaves first, within half the limits; the exact
//! solver of `tabula solve` takes over with the rest only if df-pn proves nothing.

use std::time::{Duration, Instant};

use serde_json::json;
use tabula::analysis::onitama::dfpn::{self, Distance, Verdict};
use tabula::analysis::onitama::tablebase::Tablebase;
use tabula::games::onitama::Onitama;
use tabula::search::Limits;
use tabula::Game;

use crate::common::{move_line, print_json, CliError};
use crate::search::SolveArgs;

/// Runs df-pn on `state` within half of `limits` (half of the default ten seconds when none is
/// given; `--depth` does not bound it) and prints a proven result in `tabula solve`'s shape:
/// then `Ok(true)`. Otherwise `limits` are reduced by what df-pn used (with no limit given, the
/// solver's ten seconds less df-pn's time) and `Ok(false)` asks the caller to go on with the
/// exact solver.
pub fn solve_first(
    state: &Onitama,
    args: &SolveArgs,
    tb: Option<&Tablebase>,
    limits: &mut Limits,
) -> Result<bool, CliError> {
    let started = Instant::now();
    let time = match (limits.time, limits.nodes) {
        (Some(t), _) => Some(t / 2),
        (None, Some(_)) => None,
        (None, None) => Some(Duration::from_secs(5)),
    };
    let r = dfpn::solve(
        state,
        tb,
        dfpn::Limits {
            nodes: limits.nodes.map(|n| (n / 2).max(1)),
            time,
            hash_mb: args.hash,
        },
    );
    let (verdict, plies, exact) = match r.verdict {
        Verdict::Win(d) | Verdict::Loss(d) => {
            let word = if matches!(r.verdict, Verdict::Win(_)) {
                "win"
            } else {
                "loss"
            };
            match d {
                Distance::Exactly(n) => (word, Some(n), true),
                Distance::AtMost(n) => (word, Some(n), false),
                Distance::Unmeasured => (word, None, false),
            }
        }
        Verdict::Draw => ("draw", None, true),
        Verdict::Unknown => {
            let used = started.elapsed();
            if !args.json {
                eprintln!(
                    "df-pn proved nothing in {} nodes, {:.3} s; the exact solver goes on",
                    r.nodes,
                    used.as_secs_f64()
                );
            }
            if limits.is_unbounded() {
                // The solver's own default, less what df-pn used.
                limits.time = Some(Duration::from_secs(10));
            }
            limits.time = limits.time.map(|t| t.saturating_sub(used));
            limits.nodes = limits.nodes.map(|n| n.saturating_sub(r.nodes).max(1));
            return Ok(false);
        }
    };
    let line = move_line(state, &r.line);
    let best = r.best.map(|m| state.move_notation(m)).unwrap_or_default();
    let nodes = r.nodes + r.distance_nodes;
    let seconds = r.elapsed.as_secs_f64();
    if args.json {
        print_json(&json!({
            "verdict": verdict, "plies": plies, "exact": exact, "best": best, "line": line,
            "depth": null, "no_win_within": null, "no_loss_within": null, "nodes": nodes,
            "table_hits": r.table_hits, "seconds": seconds, "method": "dfpn",
        }))?;
        return Ok(true);
    }
    match (verdict, plies) {
        ("draw", _) => println!("draw (df-pn: neither side forces a win, by the tables)"),
        (word, Some(n)) if exact => println!("{word} in {n} plies for the player to move"),
        (word, Some(n)) => {
            println!("{word} in at most {n} plies for the player to move (the proof's bound)")
        }
        (word, None) => println!("{word} for the player to move (distance not measured)"),
    }
    if !best.is_empty() {
        println!("best {best}");
    }
    if !line.is_empty() {
        println!("line {}", line.join(" "));
    }
    println!(
        "method dfpn nodes {nodes} table hits {} time {seconds:.3} s",
        r.table_hits
    );
    Ok(true)
}
