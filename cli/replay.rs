//! `tabula replay FILE`: a recorded game (arena record or `tabula play --json` output) drawn
//! position by position, with each move, the time its mover took and its engine's score.

use std::path::PathBuf;

use clap::Args;
use serde_json::{json, Value};
use tabula::analysis::replay::{read_games, replay, RecordedGame, Replay, Step};
use tabula::games::GameKind;
use tabula::{with_game, Error, Game};

use crate::common::{outcome_json, print_json, CliError, SvgArgs};

/// Arguments of `tabula replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// An arena record file (`tabula arena --out`) or `tabula play --json` output.
    pub file: PathBuf,
    /// The game to show: its index in an arena file, its line (from 0) in a play file
    /// (default: the file's first game).
    #[arg(long = "game", value_name = "N")]
    pub game: Option<u64>,
    /// Show only the position after the first K moves (0: the opening; chance outcomes count).
    #[arg(long, value_name = "K")]
    pub ply: Option<usize>,
    /// Machine-readable output: the moves, times, scores and positions (with --ply, that
    /// position's drawing too).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub svg: SvgArgs,
}

pub fn replay_command(args: ReplayArgs) -> Result<(), CliError> {
    let games = read_games(&args.file)?;
    let name = args.file.display();
    let game = match args.game {
        None => games.first(),
        Some(n) => games.iter().find(|g| g.index == n),
    }
    .ok_or_else(|| {
        if games.is_empty() {
            return Error::request(format!("'{name}' holds no finished game"));
        }
        let mut indices: Vec<u64> = games.iter().map(|g| g.index).collect();
        indices.sort_unstable();
        indices.dedup();
        let held = match (indices.first(), indices.last()) {
            (Some(lo), Some(hi)) => {
                let games = tabula::words::counted(indices.len() as u64, "game", "games");
                format!("it holds {games}, numbered {lo} to {hi}")
            }
            _ => "it holds no game".to_string(),
        };
        Error::request(format!(
            "--game {}: no such game in '{name}' ({held})",
            args.game.unwrap_or(0)
        ))
    })?;
    let kind = GameKind::from_name(&game.game)?;
    with_game!(kind, G => {
        let played: Replay<G> = replay(game)?;
        if let Some(k) = args.ply {
            if k > played.steps.len() {
                return Err(Error::request(format!(
                    "--ply {k}: game {} has {} moves (give 0 to {})",
                    game.index,
                    played.steps.len(),
                    played.steps.len()
                ))
                .into());
            }
        }
        // The picture: the position shown (the last without --ply), with the next move.
        let k = args.ply.unwrap_or(played.steps.len());
        let at = played.position(k);
        let next = played.steps.get(k).and_then(|s| at.parse_move(&s.text).ok());
        args.svg.write(at, next)?;
        if args.json {
            print_json(&to_json(game, &played, args.ply))
        } else {
            print_text(game, &played, args.ply);
            Ok(())
        }
    })
}

/// Who made a move, with their engine: `red (greedy)`, or `chance`.
fn mover_name<G: Game>(before: &G, step: &Step<G>, game: &RecordedGame) -> String {
    match step.mover {
        Some(seat) => match game.engines.get(seat) {
            Some(engine) => format!("{} ({engine})", before.seat_name(seat)),
            None => before.seat_name(seat),
        },
        None => "chance".to_string(),
    }
}

/// The time and score of a step in words, empty when nothing was recorded.
fn details<G: Game>(step: &Step<G>) -> String {
    let mut parts = Vec::new();
    if let (Some(ms), Some(used)) = (step.ms, step.used_ms) {
        let left = step
            .clock_ms
            .map_or(String::new(), |c| format!(", {} ms left", millis(c)));
        parts.push(format!("{} ms, {} ms used{left}", millis(ms), millis(used)));
    }
    match (&step.score, step.depth) {
        (Some(score), Some(depth)) => parts.push(format!("score {score} at depth {depth}")),
        (Some(score), None) => parts.push(format!("score {score}")),
        _ => {}
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("   [{}]", parts.join("; "))
    }
}

/// Milliseconds to three decimals below one, one above.
fn millis(ms: f64) -> String {
    if ms < 1.0 {
        format!("{ms:.3}")
    } else {
        format!("{ms:.1}")
    }
}

fn drawing<G: Game>(state: &G) -> String {
    let mut text = state.render();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    format!("{text}{}\n", state.notation())
}

fn print_text<G: Game>(game: &RecordedGame, played: &Replay<G>, ply: Option<usize>) {
    let seats: Vec<String> = game
        .engines
        .iter()
        .enumerate()
        .map(|(s, e)| format!("{}: {e}", played.opening.seat_name(s)))
        .collect();
    println!(
        "{} game {}: {} ({} moves)",
        game.game,
        game.index,
        seats.join(", "),
        played.steps.len()
    );
    let show = |k: usize| {
        if k == 0 {
            println!("\nopening");
        } else {
            let step = &played.steps[k - 1];
            let before = played.position(k - 1);
            println!(
                "\n{}. {}: {}{}",
                step.number,
                mover_name(before, step, game),
                step.text,
                details(step)
            );
        }
        print!("{}", drawing(played.position(k)));
    };
    match ply {
        Some(k) => {
            show(k);
            if let Some(next) = played.steps.get(k) {
                println!("next: {}", next.text);
            } else {
                println!("result: {}", played.verdict);
            }
        }
        None => {
            for k in 0..=played.steps.len() {
                show(k);
            }
            println!(
                "\nresult: {} (payoffs {})",
                played.verdict,
                payoffs(&game.result)
            );
        }
    }
}

fn payoffs(result: &[f64]) -> String {
    if result.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = result.iter().map(|v| format!("{v}")).collect();
    parts.join(", ")
}

/// A score an engine reported (`cp 15`, `mate 3`: what a record keeps) as JSON in the shape
/// `best` writes a score, so a machine reads scores alike from every command; text that does
/// not read as one stays text.
fn reported_score_json(text: &str) -> Value {
    match tabula::agent::score_outcome(text) {
        Some(outcome) => outcome_json(outcome),
        None => json!(text),
    }
}

fn step_json<G: Game>(played: &Replay<G>, step: &Step<G>) -> Value {
    json!({
        "number": step.number,
        "mover": step.mover,
        "move": step.text,
        "ms": step.ms,
        "used_ms": step.used_ms,
        "clock_ms": step.clock_ms,
        "score": step.score.as_deref().map(reported_score_json),
        "depth": step.depth,
        "position": step.after.notation(),
        "by": step.mover.map(|s| played.position(step.number - 1).seat_name(s)),
    })
}

fn to_json<G: Game>(game: &RecordedGame, played: &Replay<G>, ply: Option<usize>) -> Value {
    let mut v = json!({
        "game": game.game,
        "index": game.index,
        "engines": game.engines,
        "opening": played.opening.notation(),
        "result": game.result,
        "verdict": played.verdict,
    });
    match ply {
        Some(k) => {
            v["ply"] = json!(k);
            v["position"] = json!(played.position(k).notation());
            v["drawing"] = json!(played.position(k).render());
            v["step"] = match k {
                0 => Value::Null,
                _ => step_json(played, &played.steps[k - 1]),
            };
            v["next"] = json!(played.steps.get(k).map(|s| s.text.clone()));
        }
        None => {
            v["steps"] = played.steps.iter().map(|s| step_json(played, s)).collect();
        }
    }
    v
}
