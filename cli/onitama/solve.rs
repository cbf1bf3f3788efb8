//! `tabula solve onitama`'s proof printed: the answer of df-pn when it proved a result (the
//! strategy that runs it first is the engine's `analysis::onitama::solve`).

use serde_json::json;
use tabula::analysis::explain;
use tabula::analysis::onitama::dfpn::{Distance, Report, Verdict};
use tabula::games::onitama::Onitama;
use tabula::Game;

use crate::common::{about, move_line, print_json, CliError};

/// Prints a df-pn proof in `tabula solve`'s shape (text, or JSON with `json`).
pub fn print_proof(state: &Onitama, r: &Report, json: bool) -> Result<(), CliError> {
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
        Verdict::Unknown => ("unknown", None, false),
    };
    let line = move_line(state, &r.line);
    let best = r.best.map(|m| state.move_notation(m)).unwrap_or_default();
    let nodes = r.nodes + r.distance_nodes;
    let seconds = r.elapsed.as_secs_f64();
    if json {
        print_json(&about(
            state,
            json!({
                "verdict": verdict, "plies": plies, "exact": exact, "best": best, "line": line,
                "depth": null, "no_win_within": null, "no_loss_within": null, "nodes": nodes,
                "table_hits": r.table_hits, "seconds": seconds, "method": "dfpn",
                "value": null, "meaning": null,
            }),
        ))?;
        return Ok(());
    }
    match (verdict, plies) {
        ("draw", _) => println!("draw (df-pn: neither side forces a win, by the tables)"),
        (word, Some(n)) if exact => {
            println!("{word} in {} for the player to move", explain::plies(n))
        }
        (word, Some(n)) => {
            println!(
                "{word} in at most {} for the player to move (the proof's bound)",
                explain::plies(n)
            )
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
    Ok(())
}
